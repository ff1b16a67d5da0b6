#!/bin/sh
# Install the conformance oracle, MuJoCo 3.3.8's WebAssembly build (npm package
# mujoco-js 0.0.7), into DIR/node_modules once; later runs find it and return at
# once. Never fails the test run: without node, npm or the network it prints
# why, and the tests that need the oracle skip themselves.
# usage: setup-oracle.sh DIR
DIR="$1"
VERSION=0.0.7
PKG="$DIR/node_modules/mujoco-js/package.json"
if [ -f "$PKG" ] && grep -q "\"version\": *\"$VERSION\"" "$PKG"; then
  echo "oracle: mujoco-js $VERSION already installed in $DIR"
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "oracle: npm not found; conformance tests against MuJoCo will be skipped"
  exit 0
fi
mkdir -p "$DIR"
echo "oracle: installing mujoco-js@$VERSION into $DIR"
# offline or registry trouble must not hang the suite
if command -v timeout >/dev/null 2>&1; then T="timeout 300"; else T=""; fi
if $T npm install --prefix "$DIR" --no-audit --no-fund --no-save --loglevel=error "mujoco-js@$VERSION"; then
  echo "oracle: installed"
else
  echo "oracle: could not install mujoco-js@$VERSION (offline?); conformance tests against MuJoCo will be skipped"
fi
exit 0
