//! One fingerprint per registered algorithm over the same seeded searches, so that a test can pin what
//! every algorithm does and another can check that the wasm build does exactly the same (the
//! fingerprints are recorded in `algorithm_fingerprints.txt` beside this file; the native test in
//! `tests/algorithms.rs` and the facade's wasm test both compare against it).
//!
//! Each search is stepped with the trace on; the fingerprint mixes its counters, details, outcome, cost,
//! path, and every cell's trace (opened and closed steps, frontier). A difference anywhere changes it.

use super::registry::ALGORITHMS;
use super::Step;
use crate::generate::{random_terrain, TerrainShares};
use crate::heuristic::Heuristic;
use crate::movement::{CornerRule, Movement};
use crate::rng::Rng;
use crate::search::{SearchParams, TieBreak, Weight};
use crate::Terrain;

fn mix(hash: u64, word: u64) -> u64 {
    (hash ^ word).wrapping_mul(0x100_0000_01b3)
}

/// `(name, fingerprint in hex)` for every registered algorithm this build has, in registry order, over `searches`
/// seeded random problems each (maps up to 40 × 40, half of them with terrain of one cost, every
/// movement; algorithms that refuse a problem are fingerprinted by the refusal).
pub fn algorithm_fingerprints(searches: u64) -> Vec<(&'static str, String)> {
    let movements = [
        Movement::Four,
        Movement::Eight(CornerRule::NoCut),
        Movement::Eight(CornerRule::CutIfOneFree),
        Movement::Eight(CornerRule::AlwaysCut),
    ];
    ALGORITHMS
        .iter()
        // An algorithm this build leaves out refuses every search: nothing of it to pin.
        .filter(|info| info.available)
        .map(|info| {
            let mut engine = (info.make)();
            engine.set_trace(true);
            let mut hash = 0xcbf2_9ce4_8422_2325u64;
            let mut rng = Rng::new(2026);
            for seed in 0..searches {
                let (width, height) = (4 + rng.below(37), 4 + rng.below(37));
                let shares = TerrainShares {
                    wall: rng.unit() * 0.35,
                    forest: rng.unit() * 0.2,
                    swamp: rng.unit() * 0.1,
                };
                let mut grid = random_terrain(width, height, shares, seed).expect("a valid size");
                if seed % 2 == 1 {
                    for cell in 0..grid.len() as u32 {
                        if grid.is_passable(cell) {
                            grid.set_terrain(cell, Terrain::Plain);
                        }
                    }
                }
                let passable: Vec<u32> = (0..grid.len() as u32)
                    .filter(|&c| grid.is_passable(c))
                    .collect();
                if passable.len() < 2 {
                    continue;
                }
                let start = passable[rng.below(passable.len() as u32) as usize];
                let goal = passable[rng.below(passable.len() as u32) as usize];
                let params = SearchParams {
                    algorithm: info.algorithm,
                    heuristic: [
                        Heuristic::Octile,
                        Heuristic::Manhattan,
                        Heuristic::Euclidean,
                    ][rng.below(3) as usize],
                    weight: Weight::new([1.0, 1.5, 3.0][rng.below(3) as usize]).expect("in range"),
                    movement: movements[rng.below(4) as usize],
                    tie_break: TieBreak::LowerH,
                    expansion_limit: (rng.below(5) == 0).then(|| rng.below(60)),
                    // Small clusters (every map is at least 4 cells a side), and sometimes the
                    // default; not drawn from `rng`, so the other algorithms' searches stay as recorded.
                    cluster_size: (seed % 4 != 3).then(|| 2 + (seed % 3) as u32),
                };
                if let Err(e) = engine.begin(&grid, &params, start, goal) {
                    hash = mix(hash, e.to_string().len() as u64);
                    continue;
                }
                while let Step::Expanded(cell) = engine.step(&grid) {
                    hash = mix(hash, cell as u64);
                }
                let c = engine.counters();
                for word in [
                    c.expanded,
                    c.generated,
                    c.reopened,
                    c.stale_pops,
                    c.open_peak,
                ] {
                    hash = mix(hash, word);
                }
                for detail in engine.details() {
                    hash = mix(hash, detail.value.to_bits());
                }
                hash = mix(hash, engine.outcome().map_or(9, |o| o as u64));
                hash = mix(hash, engine.path_cost());
                for &cell in engine.path() {
                    hash = mix(hash, cell as u64);
                }
                for (&opened, &closed) in engine.opened_at().iter().zip(engine.closed_at()) {
                    hash = mix(hash, ((opened as u64) << 32) | closed as u64);
                }
                for &frontier in engine.frontiers() {
                    hash = mix(hash, frontier as u64);
                }
            }
            (info.name, format!("{hash:016x}"))
        })
        .collect()
}

/// The recorded fingerprints (see the module doc), one `name hex` line per algorithm, for 200 searches.
pub const RECORDED: &str = include_str!("algorithm_fingerprints.txt");

/// The number of searches per algorithm that [`RECORDED`] was made with.
pub const RECORDED_SEARCHES: u64 = 200;
