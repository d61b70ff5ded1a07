#!/usr/bin/env bash
# Makes sure Debian's Chromium and ChromeDriver are installed (browser tests need them). As root it installs
# them with apt-get; otherwise it explains what to install. Never downloads a browser build of its own.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's chromium and chromium-driver"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
else
  echo "ensure-chromium: browser tests need Chromium and ChromeDriver at /usr/bin/chromium and" >&2
  echo "/usr/bin/chromedriver. Install them (Debian: sudo apt-get install chromium chromium-driver)" >&2
  echo "and run this again." >&2
  exit 1
fi
