//! Benchmark entry points for `npm run bench`: the same engine and the very same timed loop as
//! `astar bench movingai` (both use the `astar-bench-runner` crate), compiled to wasm and run in Node and
//! in headless Chromium by scripts/bench/.
//!
//! A crate of its own, not a module of the playground's facade, so that the shipped wasm carries no
//! benchmark code. Time comes from `performance.now()`, imported from the host.

use astar_bench_runner as runner;
use astar_core::formats::movingai;
use astar_core::Search;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()` in ms (Node and browsers; a browser page should be cross-origin isolated
    /// for 5 µs resolution instead of 100 µs).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Solves the problems of one Moving AI map as `astar bench movingai` does (`limit` problems spread over
/// the scenario, 0 = all; the fastest of `repeat` runs counts) and returns a JSON object:
/// `{"problems", "total_ms", "median_us", "expanded", "checksum", "wrong"}`. `total_ms` sums the
/// per-search times; `checksum` equals the native run's when the searches were the same.
#[wasm_bindgen(js_name = runMovingAi)]
pub fn run_movingai(
    map_text: &str,
    scen_text: &str,
    limit: u32,
    repeat: u32,
) -> Result<String, JsError> {
    let grid = movingai::parse_map(map_text).map_err(|e| JsError::new(&e.to_string()))?;
    let problems = movingai::parse_scen(scen_text).map_err(|e| JsError::new(&e.to_string()))?;
    let problems = runner::sample(&problems, (limit > 0).then_some(limit as usize));
    let now = || performance_now() * 1e6;
    let mut search = Search::new();
    let mut best: Option<runner::Batch> = None;
    for _ in 0..repeat.max(1) {
        let batch = runner::run_movingai(&mut search, &grid, &problems, &now)
            .map_err(|e| JsError::new(&e))?;
        let sum = |b: &runner::Batch| b.times_ns.iter().sum::<f64>();
        if best.as_ref().is_none_or(|b| sum(&batch) < sum(b)) {
            best = Some(batch);
        }
    }
    let best = best.expect("at least one run");
    let total_ns: f64 = best.times_ns.iter().sum();
    Ok(format!(
        r#"{{"problems":{},"total_ms":{},"median_us":{},"expanded":{},"checksum":"{:016x}","wrong":{}}}"#,
        problems.len(),
        total_ns / 1e6,
        runner::median(&best.times_ns) / 1e3,
        best.expanded,
        best.checksum,
        best.wrong
    ))
}

/// Runs the game scene's benchmark workload as `astar bench crowd` does (`astar_bench_runner::crowd`):
/// on the Moving AI map `map_text`, or on the generated 256 × 256 map like seed 002's when it is empty;
/// `planner` by name, the path `cache` on or off, every unit to one rally point when `rally`. Returns the
/// run as JSON (`requests_per_frame`, `frames`, `frame_us_p50`, ...; the cost over the optimum is left
/// at 0: solving every request again with A* would only measure A*).
#[wasm_bindgen(js_name = runCrowd)]
pub fn run_crowd(
    map_text: &str,
    planner: &str,
    cache: bool,
    rally: bool,
) -> Result<String, JsError> {
    use astar_bench_runner::crowd;
    let grid = if map_text.is_empty() {
        crowd::article_map()
    } else {
        movingai::parse_map(map_text).map_err(|e| JsError::new(&e.to_string()))?
    };
    let planner = astar_core::crowd::Planner::from_name(planner)
        .ok_or_else(|| JsError::new(&format!("unknown planner {planner}")))?;
    let now_us = || performance_now() * 1000.0;
    let run = crowd::run(
        &grid,
        &crowd::workload(rally),
        planner,
        cache,
        false,
        &now_us,
    )
    .map_err(|e| JsError::new(&e))?;
    Ok(format!(
        r#"{{"planner":"{}","cache":{},"requests_per_frame":{},"saturated_frames":{},"frames":{},"served":{},"mean_wait_frames":{},"frame_us_p50":{},"frame_us_p95":{},"frame_us_max":{},"cache_hits":{},"expansions":{}}}"#,
        run.planner,
        run.cache,
        run.requests_per_frame,
        run.saturated_frames,
        run.frames,
        run.served,
        run.mean_wait_frames,
        run.frame_us_p50,
        run.frame_us_p95,
        run.frame_us_max,
        run.cache_hits,
        run.expansions
    ))
}
