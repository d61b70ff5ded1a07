#!/usr/bin/env bash
# Sets up, builds, and runs every test: lints, native core and CLI, the wasm facade (Node and headless
# Chromium), front-end units, and end-to-end tests in headless Chromium. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

bash scripts/setup.sh
bash scripts/ensure-chromium.sh

# Each section's heading says how long the run has taken so far (what the README's timings are read from;
# nothing is printed after the last tests, whose summary closes the output).
SECONDS=0
section() { printf '\n=== %s (at %d s)\n' "$1" "$SECONDS"; }

section "build the wasm module (the front end's types come from it)"
bash scripts/build-wasm.sh

section "lint: cargo fmt, clippy, tsc"
cargo fmt --all --check
cargo clippy --workspace --all-targets --release -- -D warnings
cargo clippy -p astar-wasm --target wasm32-unknown-unknown --release -- -D warnings
cargo clippy -p astar-wasm --features full --target wasm32-unknown-unknown --release --all-targets -- -D warnings
npx --no-install tsc --noEmit -p tsconfig.json

section "native: core and CLI (cargo test)"
cargo test --workspace --release

section "wasm facade in Node (wasm-bindgen-test), both modules: the first download's and HPA*'s (full)"
cargo test -p astar-wasm --target wasm32-unknown-unknown --release
cargo test -p astar-wasm --features full --target wasm32-unknown-unknown --release

section "wasm facade in headless Chromium (wasm-bindgen-test)"
WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER="$(command -v chromedriver)" \
  cargo test -p astar-wasm --target wasm32-unknown-unknown --release

section "build the site"
npx --no-install vite build --logLevel warn

section "front-end units and end-to-end in headless Chromium (node --test)"
rm -rf build
npx --no-install tsc -p tsconfig.tests.json
# Two test files at a time, each with its own server, browser and pages (tests/e2e/harness.ts): the machine
# has two cores.
node --test --test-concurrency=2 $(find build -name '*.test.js' | sort)
