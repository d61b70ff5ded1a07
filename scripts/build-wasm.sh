#!/usr/bin/env bash
# Builds the wasm facade into www/pkg (ES module + .wasm), optimised with wasm-opt when it is available.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# The `wasm` profile (Cargo.toml): release with the core optimised for size.
cargo build -p astar-wasm --target wasm32-unknown-unknown --profile wasm
wasm-bindgen --target web --out-dir www/pkg --out-name astar \
  "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm/astar_wasm.wasm"

# wasm-opt comes from the npm package binaryen (Debian's older binaryen corrupts the module: never use it).
# It is optional: without it the module is larger but works the same.
if [ -x node_modules/.bin/wasm-opt ]; then
  if node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      www/pkg/astar_bg.wasm -o www/pkg/astar_bg.opt.wasm; then
    mv www/pkg/astar_bg.opt.wasm www/pkg/astar_bg.wasm
  else
    echo "build-wasm: wasm-opt failed; keeping the unoptimised module" >&2
    rm -f www/pkg/astar_bg.opt.wasm
  fi
else
  echo "build-wasm: wasm-opt not installed; skipping optimisation" >&2
fi
echo "build-wasm: www/pkg/astar_bg.wasm $(wc -c < www/pkg/astar_bg.wasm) bytes"
