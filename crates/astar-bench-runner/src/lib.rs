//! The timed loops shared by `astar bench` (native) and the wasm benchmark (`crates/astar-bench-wasm`),
//! a crate of its own so that both time exactly the same code on the same problems.
//!
//! Nothing here reads a clock by itself: the caller passes `now()` in nanoseconds (`Instant` natively,
//! `performance.now()` in wasm), and nothing here depends on anything but `astar-core`.

pub mod crowd;

use astar_core::formats::movingai::{self, Problem};
use astar_core::search::{Counters, Search};
use astar_core::Grid;

/// `limit` problems spread evenly over the list (all of them when `limit` is `None` or too large), so that
/// a short run still covers every bucket, from short to long searches.
pub fn sample(problems: &[Problem], limit: Option<usize>) -> Vec<Problem> {
    let n = problems.len();
    match limit {
        Some(limit) if limit < n => (0..limit)
            .map(|i| problems[i * n / limit].clone())
            .collect(),
        _ => problems.to_vec(),
    }
}

/// What one batch of timed searches measured.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    /// Wall time of the whole loop, in ns.
    pub total_ns: f64,
    /// Each search's own time, in ns (same order as the problems).
    pub times_ns: Vec<f64>,
    /// Expansions summed over the batch.
    pub expanded: u64,
    /// Fingerprint of every search's counters and cost: equal fingerprints mean the same searches
    /// (compares native with wasm, and the engine before and after a change).
    pub checksum: u64,
    /// Path costs, one per problem (fixed point; 0 when unreachable).
    pub costs: Vec<u64>,
    /// Problems whose cost differs from the scenario's optimal length.
    pub wrong: usize,
}

/// Folds one search into a running fingerprint (FNV-1a over the words).
pub fn fingerprint(mut hash: u64, counters: &Counters, cost: u64) -> u64 {
    for word in [
        counters.expanded,
        counters.generated,
        counters.reopened,
        counters.stale_pops,
        counters.open_peak,
        cost,
    ] {
        hash = (hash ^ word).wrapping_mul(0x100_0000_01b3);
    }
    hash
}

/// The starting value of [`fingerprint`].
pub const FINGERPRINT_SEED: u64 = 0xcbf2_9ce4_8422_2325;

/// Solves every problem on `grid` with [`movingai::PARAMS`], timing each search (begin, run and the path)
/// and checking its cost against the scenario's optimal length.
pub fn run_movingai(
    search: &mut Search,
    grid: &Grid,
    problems: &[Problem],
    now: &dyn Fn() -> f64,
) -> Result<Batch, String> {
    let cells: Vec<(u32, u32)> = problems
        .iter()
        .map(|p| p.cells(grid).map_err(|e| format!("{}: {e}", p.map)))
        .collect::<Result<_, _>>()?;
    let mut batch = Batch {
        checksum: FINGERPRINT_SEED,
        ..Batch::default()
    };
    let begin = now();
    for (problem, &(start, goal)) in problems.iter().zip(&cells) {
        let t0 = now();
        let result = search
            .solve(grid, &movingai::PARAMS, start, goal)
            .map_err(|e| format!("{}: {e}", problem.map))?;
        let t1 = now();
        batch.times_ns.push(t1 - t0);
        batch.expanded += result.counters.expanded;
        batch.checksum = fingerprint(batch.checksum, &result.counters, result.cost);
        batch.costs.push(result.cost);
        if !problem.matches(result.cost_f64()) {
            batch.wrong += 1;
        }
    }
    batch.total_ns = now() - begin;
    Ok(batch)
}

/// The median of some times (0 for none).
pub fn median(times: &[f64]) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    }
}
