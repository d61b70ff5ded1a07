//! The optimisation chapter's experiment (seeds/002), rerun with our engine.
//!
//! Maps: [`MAPS`] seeded 256 × 256 random maps with the article's shares (20% wall, 15% forest, 7% swamp;
//! costs 1 / 3 / 5), 4-neighbour, Manhattan. Problems, fixed by a seed: *long* searches between two random
//! connected cells (thousands of expansions), *short* ones to a connected cell at most [`SHORT_REACH`]
//! columns and rows away (tens of expansions).
//!
//! The chapter's two alternatives are engine switches meant only for this file (see
//! `astar_core::search::variant`): clearing every per-cell array at each search instead of bumping a
//! generation stamp, and an indexed heap with decrease-key instead of lazy deletion. Both expand the same
//! cells in the same order as the engine, so the comparison measures only the data structure.

use super::{now_ns, table, Options};
use crate::out::Out;
use astar_core::generate::{random_terrain, TerrainShares};
use astar_core::regions::Regions;
use astar_core::rng::Rng;
use astar_core::search::variant::{ClearEachSearch, DecreaseKey, EngineVariant, Shipped, WideKeys};
use astar_core::search::{Algorithm, SearchParams, TieBreak, Weight};
use astar_core::{Grid, Heuristic, Movement, Search};
use serde::Serialize;

/// Number of random maps.
pub const MAPS: u64 = 4;
/// Side of each map.
pub const SIDE: u32 = 256;
/// Long problems per map.
pub const LONG_PER_MAP: usize = 50;
/// Short problems per map.
pub const SHORT_PER_MAP: usize = 500;
/// A short problem's goal is at most this many columns and rows from its start.
pub const SHORT_REACH: i64 = 12;
/// The w values of the sweep (the article's).
pub const WEIGHTS: [f64; 5] = [1.0, 1.2, 1.5, 2.0, 3.0];

fn params(w: f64) -> SearchParams {
    SearchParams {
        algorithm: Algorithm::AStar,
        heuristic: Heuristic::Manhattan,
        weight: Weight::new(w).expect("weights of the sweep are in range"),
        movement: Movement::Four,
        tie_break: TieBreak::LowerH,
        expansion_limit: None,
        cluster_size: None,
        unscaled_h: false,
        danger_in_h: false,
    }
}

/// The maps and the two problem sets.
pub struct Maps {
    grids: Vec<Grid>,
    /// (map index, start, goal).
    long: Vec<(usize, u32, u32)>,
    short: Vec<(usize, u32, u32)>,
}

impl Maps {
    /// Generates the maps and problems (the same on every run).
    pub fn new() -> Maps {
        let mut maps = Maps {
            grids: vec![],
            long: vec![],
            short: vec![],
        };
        let mut rng = Rng::new(2002);
        for seed in 1..=MAPS {
            let grid = random_terrain(SIDE, SIDE, TerrainShares::ARTICLE, seed)
                .expect("256 x 256 is a valid size");
            let regions = Regions::compute(&grid, Movement::Four);
            let index = maps.grids.len();
            let random_cell = |rng: &mut Rng| loop {
                let cell = rng.below(grid.len() as u32);
                if grid.is_passable(cell) {
                    return cell;
                }
            };
            while maps.long.iter().filter(|p| p.0 == index).count() < LONG_PER_MAP {
                let (start, goal) = (random_cell(&mut rng), random_cell(&mut rng));
                if start != goal && regions.connected(start, goal) {
                    maps.long.push((index, start, goal));
                }
            }
            let mut short = 0;
            while short < SHORT_PER_MAP {
                let start = random_cell(&mut rng);
                let (x, y) = grid.xy(start);
                let span = 2 * SHORT_REACH as u32 + 1;
                let gx = x as i64 + rng.below(span) as i64 - SHORT_REACH;
                let gy = y as i64 + rng.below(span) as i64 - SHORT_REACH;
                if let Ok(goal) = grid.checked_cell(gx, gy) {
                    if goal != start && regions.connected(start, goal) {
                        maps.short.push((index, start, goal));
                        short += 1;
                    }
                }
            }
            maps.grids.push(grid);
        }
        maps
    }
}

/// One timed set of searches.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// What ran.
    pub name: String,
    /// Searches.
    pub searches: usize,
    /// Mean time per search, µs (fastest repetition).
    pub mean_us: f64,
    /// Mean expansions per search.
    pub mean_expanded: f64,
    /// ns per expansion.
    pub ns_per_expansion: f64,
    /// Time relative to the engine's default on the same searches.
    pub vs_default: f64,
}

/// The variants table.
#[derive(Clone, Debug, Serialize)]
pub struct VariantsReport {
    /// Long searches, one row per variant.
    pub long: Vec<Row>,
    /// Short searches, one row per variant.
    pub short: Vec<Row>,
}

/// How [`time`] is called for one variant (each a separate compiled engine).
type TimeVariant = fn(&Maps, &[(usize, u32, u32)], &SearchParams, usize) -> (f64, u64, Vec<u64>);

const VARIANTS: [(TimeVariant, &str); 4] = [
    (time::<Shipped>, "stamps + lazy deletion (engine)"),
    (time::<ClearEachSearch>, "clear arrays each search + lazy"),
    (time::<DecreaseKey>, "stamps + indexed heap, decrease-key"),
    (time::<WideKeys>, "stamps + lazy, three-field keys"),
];

/// Times `problems` with `params` and `variant`: best total over the repetitions (ns), total
/// expansions, and each search's cost.
fn time<V: EngineVariant>(
    maps: &Maps,
    problems: &[(usize, u32, u32)],
    params: &SearchParams,
    repeat: usize,
) -> (f64, u64, Vec<u64>) {
    let mut search = Search::<V>::with_variant();
    let mut best = f64::INFINITY;
    let mut expanded = 0;
    let mut costs = Vec::with_capacity(problems.len());
    for _ in 0..repeat {
        expanded = 0;
        costs.clear();
        let t0 = now_ns();
        for &(map, start, goal) in problems {
            let result = search
                .solve(&maps.grids[map], params, start, goal)
                .expect("problems are on passable cells");
            expanded += result.counters.expanded;
            costs.push(result.cost);
        }
        best = best.min(now_ns() - t0);
    }
    (best, expanded, costs)
}

/// Short searches are quick: they repeat this many times `--repeat`, for a stable best.
pub const SHORT_REPEATS: usize = 5;

/// Runs the long and short searches with each variant.
pub fn run_variants(maps: &Maps, options: &Options) -> VariantsReport {
    let mut report = VariantsReport {
        long: vec![],
        short: vec![],
    };
    for (set, problems) in [("long", &maps.long), ("short", &maps.short)] {
        let mut rows = vec![];
        let repeat = if set == "short" {
            options.repeat * SHORT_REPEATS
        } else {
            options.repeat
        };
        for (time_variant, name) in VARIANTS {
            let (ns, expanded, _) = time_variant(maps, problems, &params(1.0), repeat);
            let n = problems.len() as f64;
            rows.push(Row {
                name: name.into(),
                searches: problems.len(),
                mean_us: ns / n / 1e3,
                mean_expanded: expanded as f64 / n,
                ns_per_expansion: ns / expanded as f64,
                vs_default: 0.0,
            });
        }
        let base = rows[0].mean_us;
        for row in &mut rows {
            row.vs_default = row.mean_us / base;
        }
        if set == "long" {
            report.long = rows;
        } else {
            report.short = rows;
        }
    }
    report
}

/// One w of the sweep.
#[derive(Clone, Debug, Serialize)]
pub struct WeightRow {
    /// The weight.
    pub w: f64,
    /// Mean time per search, µs.
    pub mean_us: f64,
    /// Mean expansions per search.
    pub mean_expanded: f64,
    /// Mean of cost / optimal cost.
    pub cost_mean: f64,
    /// Worst cost / optimal cost.
    pub cost_worst: f64,
}

/// The w sweep on the long searches.
#[derive(Clone, Debug, Serialize)]
pub struct WeightsReport {
    /// Searches per w.
    pub searches: usize,
    /// One row per w.
    pub rows: Vec<WeightRow>,
}

/// Runs the w sweep.
pub fn run_weights(maps: &Maps, options: &Options) -> WeightsReport {
    let n = maps.long.len() as f64;
    let mut optimal = vec![];
    let mut rows = vec![];
    for w in WEIGHTS {
        let (ns, expanded, costs) = time::<Shipped>(maps, &maps.long, &params(w), options.repeat);
        if w == 1.0 {
            optimal = costs.clone();
        }
        let ratios: Vec<f64> = costs
            .iter()
            .zip(&optimal)
            .map(|(&c, &o)| c as f64 / o as f64)
            .collect();
        rows.push(WeightRow {
            w,
            mean_us: ns / n / 1e3,
            mean_expanded: expanded as f64 / n,
            cost_mean: ratios.iter().sum::<f64>() / n,
            cost_worst: ratios.iter().copied().fold(1.0, f64::max),
        });
    }
    WeightsReport {
        searches: maps.long.len(),
        rows,
    }
}

impl VariantsReport {
    /// Prints both tables.
    pub fn print(&self, out: &mut Out) {
        for (set, rows) in [("long", &self.long), ("short", &self.short)] {
            let body: Vec<Vec<String>> = rows
                .iter()
                .map(|r| {
                    vec![
                        r.name.clone(),
                        r.searches.to_string(),
                        table::num(r.mean_us, 2),
                        table::num(r.mean_expanded, 1),
                        table::num(r.ns_per_expansion, 1),
                        format!("{:.2}x", r.vs_default),
                    ]
                })
                .collect();
            table::print(
                out,
                &format!(
                    "Article experiment, {set} searches: {MAPS} random {SIDE}x{SIDE} maps (20% wall, 15% forest, 7% swamp), 4-neighbour, Manhattan"
                ),
                &["variant", "searches", "mean µs", "mean expanded", "ns/exp", "time vs engine"],
                &body,
            );
        }
    }
}

impl WeightsReport {
    /// Prints the sweep.
    pub fn print(&self, out: &mut Out) {
        let body: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| {
                vec![
                    table::num(r.w, 1),
                    table::num(r.mean_us, 1),
                    table::num(r.mean_expanded, 0),
                    format!("x{:.3}", r.cost_mean),
                    format!("x{:.3}", r.cost_worst),
                ]
            })
            .collect();
        table::print(
            out,
            &format!(
                "w sweep on the {} long searches (same maps): f = g + w·h",
                self.searches
            ),
            &[
                "w",
                "mean µs",
                "mean expanded",
                "cost/optimal mean",
                "worst",
            ],
            &body,
        );
    }
}
