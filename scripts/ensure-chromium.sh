#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; Playwright never downloads a browser of its own.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$chromium" ] && exit 0
fi
echo "Chromium is needed for the browser tests: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
