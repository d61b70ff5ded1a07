#!/usr/bin/env bash
# Makes sure Debian's Chromium, its headless shell and ChromeDriver are installed (browser tests need them),
# with a CJK font (fonts-noto-cjk) so that the Chinese page shows glyphs in tests and screenshots, not boxes.
# The end-to-end tests drive the headless shell (chromium-headless-shell: the same Blink without the
# browser's window layer, a quarter less CPU a test; tests/e2e/harness.ts), the wasm facade's tests and the
# benchmarks the full browser. As root it installs what is missing with apt-get; otherwise it explains what
# to install. Never downloads a browser build of its own.
set -euo pipefail
PACKAGES="chromium chromium-driver chromium-headless-shell fonts-noto-cjk"
has_cjk_font() { [ -d /usr/share/fonts/opentype/noto ] && ls /usr/share/fonts/opentype/noto | grep -qi cjk; }
has_all() {
  command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 &&
    command -v chromium-headless-shell >/dev/null 2>&1 && has_cjk_font
}
if has_all; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's $PACKAGES"
  # The package lists the machine already has are tried first: refreshing them takes longer than installing.
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $PACKAGES >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $PACKAGES >/dev/null
  fi
else
  echo "ensure-chromium: browser tests need Chromium, its headless shell and ChromeDriver at" >&2
  echo "/usr/bin/chromium, /usr/bin/chromium-headless-shell and /usr/bin/chromedriver, and a CJK font." >&2
  echo "Install them (Debian: sudo apt-get install $PACKAGES)" >&2
  echo "and run this again." >&2
  exit 1
fi
