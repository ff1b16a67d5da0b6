#!/bin/sh
# Make sure the Debian packages Sinew builds and tests with are present.
# As root: installs what is missing with apt-get. Otherwise: prints the exact
# apt-get line and fails, so nothing half-works.
set -e
PKGS="build-essential cmake pkg-config libexpat1-dev libpng-dev libqhull-dev libccd-dev libcmocka-dev nodejs npm"
missing=""
for p in $PKGS; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    # tolerate toolchains installed outside dpkg (e.g. node from nodesource)
    case "$p" in
      nodejs) command -v node >/dev/null 2>&1 && continue ;;
      npm) command -v npm >/dev/null 2>&1 && continue ;;
      cmake) command -v cmake >/dev/null 2>&1 && continue ;;
    esac
    missing="$missing $p"
  fi
done
if [ -z "$missing" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ]; then
  echo "sinew: installing missing Debian packages:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq $missing
else
  echo "sinew: missing Debian packages:$missing" >&2
  echo "sinew: run:  sudo apt-get install -y$missing" >&2
  exit 1
fi
