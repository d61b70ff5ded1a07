//! What every registered algorithm does over the same seeded searches, pinned so that a test sees any
//! change: one line per search ([`search_prints`]: the problem, the counters and outcome by name, a hash
//! of the rest: the cells expanded in order, details, path, every cell's trace), recorded for the native
//! test in `tests/algorithm_searches.txt`, which names the search, its map and the counter that changed;
//! and one fingerprint per algorithm, a hash of those lines (`algorithm_fingerprints.txt` beside this
//! file), which the facade's wasm test compares so that the wasm build is seen to do exactly the same.

use super::registry::{AlgorithmInfo, ALGORITHMS};
use super::Step;
use crate::generate::{random_terrain, TerrainShares};
use crate::heuristic::Heuristic;
use crate::movement::{CornerRule, Movement};
use crate::rng::Rng;
use crate::search::{SearchParams, TieBreak, Weight};
use crate::Terrain;

/// A cost in the units the searches were recorded in, before terrain costs had tenths: a tenth of today's
/// ([`crate::cost`]). The recorded maps' costs are whole numbers, so every cost is a multiple of ten
/// units; the assertion says so.
pub fn recorded_units(cost: crate::cost::Cost) -> u64 {
    assert_eq!(
        cost % 10,
        0,
        "a whole-number map priced a path at a fraction of a step"
    );
    cost / 10
}

fn mix(hash: u64, word: u64) -> u64 {
    (hash ^ word).wrapping_mul(0x100_0000_01b3)
}

/// What one search of [`search_prints`] did, as one line of text: which problem (the map's size and
/// seed, the settings), then its counters and outcome by name, then a hash of everything else (the cells
/// expanded in order, details, path, every cell's trace). A difference in the first two parts names
/// what changed; the hash says that something else did.
pub fn search_line(problem: &str, counters: &[(&str, u64)], rest: u64) -> String {
    let counters: Vec<String> = counters
        .iter()
        .map(|(key, value)| format!("{key} {value}"))
        .collect();
    format!("{problem} | {} | rest {rest:016x}", counters.join(" "))
}

/// One line per search ([`search_line`]) of the algorithm `info` over `searches` seeded random problems
/// (maps up to 40 × 40, half of them with terrain of one cost, every movement; a problem the algorithm
/// refuses is recorded by its refusal), numbered from 0.
pub fn search_prints(info: &AlgorithmInfo, searches: u64) -> Vec<String> {
    let movements = [
        Movement::Four,
        Movement::Eight(CornerRule::NoCut),
        Movement::Eight(CornerRule::CutIfOneFree),
        Movement::Eight(CornerRule::AlwaysCut),
    ];
    let mut engine = super::make(info.algorithm);
    engine.set_trace(true);
    let mut rng = Rng::new(2026);
    let mut lines = Vec::new();
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
            unscaled_h: false,
            danger_in_h: false,
        };
        let problem = format!(
            "search {seed}: {width} x {height} map of seed {seed}{}, {} to {}, {:?}, {:?}, w {}, limit {:?}, cluster {:?}",
            if seed % 2 == 1 { " (one cost)" } else { "" },
            start,
            goal,
            params.movement,
            params.heuristic,
            params.weight.get(),
            params.expansion_limit,
            params.cluster_size,
        );
        if let Err(e) = engine.begin(&grid, &params, start, goal) {
            lines.push(search_line(
                &problem,
                &[("refused", e.to_string().len() as u64)],
                0,
            ));
            continue;
        }
        let mut rest = 0xcbf2_9ce4_8422_2325u64;
        while let Step::Expanded(cell) = engine.step(&grid) {
            rest = mix(rest, cell as u64);
        }
        for detail in engine.details() {
            rest = mix(rest, detail.value.to_bits());
        }
        for &cell in engine.path() {
            rest = mix(rest, cell as u64);
        }
        for (&opened, &closed) in engine.opened_at().iter().zip(engine.closed_at()) {
            rest = mix(rest, ((opened as u64) << 32) | closed as u64);
        }
        for &frontier in engine.frontiers() {
            rest = mix(rest, frontier as u64);
        }
        let c = engine.counters();
        let counters = [
            ("expanded", c.expanded),
            ("generated", c.generated),
            ("reopened", c.reopened),
            ("stale-pops", c.stale_pops),
            ("open-peak", c.open_peak),
            ("outcome", engine.outcome().map_or(9, |o| o as u64)),
            ("cost", recorded_units(engine.path_cost())),
            ("path-cells", engine.path().len() as u64),
        ];
        lines.push(search_line(&problem, &counters, rest));
    }
    lines
}

/// `(name, fingerprint in hex)` for every registered algorithm this build has, in registry order: a
/// hash of its [`search_prints`] over `searches` problems (an algorithm this build leaves out refuses
/// every search: nothing of it to pin).
pub fn algorithm_fingerprints(searches: u64) -> Vec<(&'static str, String)> {
    ALGORITHMS
        .iter()
        .filter(|info| info.available)
        .map(|info| {
            let mut hash = 0xcbf2_9ce4_8422_2325u64;
            for line in search_prints(info, searches) {
                for byte in line.bytes() {
                    hash = mix(hash, byte as u64);
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
