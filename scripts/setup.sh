#!/usr/bin/env bash
# Installs what building needs, skipping whatever is already there: the wasm32 target, the wasm-bindgen
# CLI matching the crate (Cargo.toml pins both), and the npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# Must equal the `wasm-bindgen = "=x.y.z"` pin in Cargo.toml.
WASM_BINDGEN_VERSION=0.2.130

need() {
  command -v "$1" >/dev/null 2>&1 || { echo "setup: $1 is not installed. $2" >&2; exit 1; }
}
need cargo "Install Rust with rustup (https://rustup.rs), then run this again."
need node "Install Node.js 20 or later, then run this again."

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "setup: adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  echo "setup: installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  # The locked dependency set is not always all in the registry; fall back to a fresh resolution.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked \
    || cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund
fi
