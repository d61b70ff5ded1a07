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

# Clippy and the tests use one profile, `release-tests` (Cargo.toml: release's code without its link-time
# work), so that they share what both build for the host (build scripts and proc macros: serde's, clap's,
# wasm-bindgen's derives), and the Chromium run reuses the Node run's test modules.
section "lint: cargo fmt, clippy, tsc"
cargo fmt --all --check
cargo clippy --workspace --all-targets --profile release-tests -- -D warnings
cargo clippy -p astar-wasm --target wasm32-unknown-unknown --profile release-tests -- -D warnings
cargo clippy -p astar-wasm --features full --target wasm32-unknown-unknown --profile release-tests --all-targets -- -D warnings
npx --no-install tsc --noEmit -p tsconfig.json

# The workspace's default members: the core, the CLI and the bench runner. The two wasm crates have no
# native tests (theirs are wasm32-only and run below), so compiling them natively here tested nothing.
section "native: core and CLI (cargo test)"
cargo test --profile release-tests

# The facade's tests check what crosses the boundary, not speed: their wasm32 code is compiled without
# optimisation (the same profile otherwise, so nothing built for the host is built again). Compiling them
# took 62 s at opt-level 3 and 38 s at 0 on the 2-core machine, running them 17 s and 19 s.
WASM_TESTS=(--target wasm32-unknown-unknown --profile release-tests --config profile.release-tests.opt-level=0)

section "wasm facade in Node (wasm-bindgen-test), both modules: the first download's and HPA*'s (full)"
cargo test -p astar-wasm "${WASM_TESTS[@]}"
cargo test -p astar-wasm --features full "${WASM_TESTS[@]}"

section "wasm facade in headless Chromium (wasm-bindgen-test)"
WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER="$(command -v chromedriver)" \
  cargo test -p astar-wasm "${WASM_TESTS[@]}"

section "build the site"
npx --no-install vite build --logLevel warn

section "front-end units and end-to-end in headless Chromium (node --test)"
rm -rf build
npx --no-install tsc -p tsconfig.tests.json
# Two test files at a time, each with its own server, browser and pages (tests/e2e/harness.ts): the machine
# has two cores. The slowest files first (measured at 55f5946, each file's tests' time summed), then every
# other file in name order, so that no long file starts last while the other worker has nothing left to
# run. A name here that no longer exists is skipped; a new file runs without being listed.
SLOW_FIRST="lesson-links heap algorithms layout-page legend-audit compare share dstar-page
  hardening export lessons share-files page inspector corpus hpa-page embed ranges front-step-links"
files=()
for name in $SLOW_FIRST; do
  if [ -f "build/tests/e2e/$name.test.js" ]; then files+=("build/tests/e2e/$name.test.js"); fi
done
while IFS= read -r file; do
  case " ${files[*]} " in *" $file "*) ;; *) files+=("$file") ;; esac
done < <(find build -name '*.test.js' | sort)
node --test --test-concurrency=2 "${files[@]}"
