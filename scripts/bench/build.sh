#!/usr/bin/env bash
# Builds what `npm run bench` runs: the native CLI (release) and the benchmark wasm module
# (crates/astar-bench-wasm, the same engine and timed loop), optimised with wasm-opt like the shipped one
# when binaryen is installed. Output: $CARGO_TARGET_DIR/bench-pkg/astar_bench.{js,_bg.wasm}.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$HOME/.cargo/bin:$PATH"
TARGET="${CARGO_TARGET_DIR:-target}"
OUT="$TARGET/bench-pkg"

# BENCH_WASM_PROFILE picks the module's profile: `wasm` (the default, the first download's: the core at
# opt-level "z") or `wasm-full` (the module fetched on demand: the core at opt-level 3).
PROFILE="${BENCH_WASM_PROFILE:-wasm}"
case "$PROFILE" in wasm | wasm-full) ;; *) echo "BENCH_WASM_PROFILE must be wasm or wasm-full" >&2; exit 2 ;; esac

cargo build --release -p astar-cli >&2
# The shipped module's profile (Cargo.toml), so the benchmark times what the page runs.
cargo build --profile "$PROFILE" -p astar-bench-wasm --target wasm32-unknown-unknown >&2
wasm-bindgen --target web --out-dir "$OUT" --out-name astar_bench \
  "$TARGET/wasm32-unknown-unknown/$PROFILE/astar_bench_wasm.wasm"
if [ -x node_modules/.bin/wasm-opt ]; then
  # The same flags as scripts/build-wasm.sh: the benchmark measures what the page would run.
  if node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$OUT/astar_bench_bg.wasm" -o "$OUT/astar_bench_bg.opt.wasm"; then
    mv "$OUT/astar_bench_bg.opt.wasm" "$OUT/astar_bench_bg.wasm"
  else
    echo "bench build: wasm-opt failed; keeping the unoptimised module" >&2
    rm -f "$OUT/astar_bench_bg.opt.wasm"
  fi
else
  echo "bench build: wasm-opt not installed; the module is not optimised" >&2
fi
