#!/usr/bin/env bash
# Builds the wasm facade twice, each optimised with wasm-opt when it is available:
# - www/pkg (astar): the first download, without HPA*;
# - www/pkg-full (astar_full): with the `full` feature (HPA* and its drawing, JPS+, Theta*, ARA*, the game
#   scene) and the core at full speed, fetched by the page only when one of them is wanted (www/hpa/, www/units/).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# wasm-opt comes from the npm package binaryen (Debian's older binaryen corrupts the module: never use it).
# It is optional: without it the module is larger but works the same. The producers and target-features
# sections only describe the build (no browser reads them): stripped, 189 bytes gzipped off the first download.
optimise() {
  local wasm="$1" level="$2"
  if [ ! -x node_modules/.bin/wasm-opt ]; then
    echo "build-wasm: wasm-opt not installed; skipping optimisation" >&2
    return
  fi
  # shellcheck disable=SC2086 # LEVEL is a list of flags
  if node_modules/.bin/wasm-opt $level --strip-producers --strip-target-features --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$wasm" -o "$wasm.opt"; then
    mv "$wasm.opt" "$wasm"
  else
    echo "build-wasm: wasm-opt failed; keeping the unoptimised $wasm" >&2
    rm -f "$wasm.opt"
  fi
}

# build PROFILE FEATURES OUT_DIR OUT_NAME LEVEL: the `wasm` profile (Cargo.toml: release with the core optimised
# for size) for the first download, `wasm-full` (the core at full speed) for the module fetched on demand.
# Both builds share the target directory, each profile's module in a folder of its own, which wasm-bindgen
# reads at once.
# When cargo's module, this script, wasm-bindgen's version and wasm-opt's presence are those that made
# OUT_DIR last time (its .built-from file records them, the first two as checksums), wasm-bindgen and
# wasm-opt are not run again: after a change in www/ only cargo checks that it has nothing to do.
build() {
  local profile="$1" features="$2" out_dir="$3" out_name="$4" level="$5"
  local target="${CARGO_TARGET_DIR:-target}"
  local module="$target/wasm32-unknown-unknown/$profile/astar_wasm.wasm"
  cargo build -p astar-wasm --target wasm32-unknown-unknown --profile "$profile" ${features:+--features "$features"}
  local made_from
  made_from="$(sha256sum "$module" scripts/build-wasm.sh | cut -d' ' -f1 | tr '\n' ' ')$(wasm-bindgen --version)"
  [ -x node_modules/.bin/wasm-opt ] && made_from="$made_from, wasm-opt"
  if [ -f "$out_dir/${out_name}_bg.wasm" ] && [ -f "$out_dir/${out_name}.js" ] \
      && [ "$(cat "$out_dir/.built-from" 2>/dev/null)" = "$made_from" ]; then
    echo "build-wasm: $out_dir/${out_name}_bg.wasm is up to date ($(wc -c < "$out_dir/${out_name}_bg.wasm") bytes)"
    return
  fi
  rm -f "$out_dir/.built-from"
  wasm-bindgen --target web --out-dir "$out_dir" --out-name "$out_name" "$module"
  optimise "$out_dir/${out_name}_bg.wasm" "$level"
  echo "$made_from" > "$out_dir/.built-from"
  echo "build-wasm: $out_dir/${out_name}_bg.wasm $(wc -c < "$out_dir/${out_name}_bg.wasm") bytes"
}

# The first download with wasm-opt -Os --converge --low-memory-unused --zero-filled-memory: 1,105 bytes gzipped
# fewer than -O3 (README "The shipped bundle"), and A* on a 1024 x 1024 random map as fast (43.87 ms a solve
# both, medians of seven). --converge repeats the passes while they shrink the module; it owns its memory,
# fresh and so zero-filled; and Rust puts nothing below address 1024 (its stack grows down from 1 MiB to 0,
# its data lies above 1 MiB).
# The two builds run at once: each profile has its own build lock, and each ends in a long single-threaded
# step (the link-time optimisation of one codegen unit, then wasm-opt), so the two cores share them (a fresh
# build took 56 s one after the other).
build wasm "" www/pkg astar "-Os --converge --low-memory-unused --zero-filled-memory" &
first=$!
build wasm-full full www/pkg-full astar_full -O3 &
second=$!
status=0
wait "$first" || status=$?
wait "$second" || status=$?
exit "$status"
