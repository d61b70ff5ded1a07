#!/usr/bin/env bash
# Makes sure Debian's Chromium and ChromeDriver are installed (browser tests need them), with a CJK font
# (fonts-noto-cjk) so that the Chinese page shows glyphs in tests and screenshots, not boxes. As root it
# installs them with apt-get; otherwise it explains what to install. Never downloads a browser build of its own.
set -euo pipefail
has_cjk_font() { [ -d /usr/share/fonts/opentype/noto ] && ls /usr/share/fonts/opentype/noto | grep -qi cjk; }
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 && has_cjk_font; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's chromium, chromium-driver and fonts-noto-cjk"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver fonts-noto-cjk >/dev/null
else
  echo "ensure-chromium: browser tests need Chromium and ChromeDriver at /usr/bin/chromium and" >&2
  echo "/usr/bin/chromedriver, and a CJK font. Install them (Debian: sudo apt-get install chromium" >&2
  echo "chromium-driver fonts-noto-cjk)" >&2
  echo "and run this again." >&2
  exit 1
fi
