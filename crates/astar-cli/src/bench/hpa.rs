//! The hpa section: HPA* (`search/hpa.rs`) beside our A* and JPS, on every Moving AI map of the data
//! folder (`--limit` problems spread evenly) and on three generated 1024 × 1024 maps (random walls,
//! rooms, a maze; `--limit` random problems each, 100 by default), all under the Moving AI model
//! (octile, 8-neighbour, no corner cutting, uniform costs).
//!
//! One row per map and cluster size (`--cluster K,K`, default 16; a size above the map's larger side is
//! left out for that map). Per row: the abstract graph's build time (once per map; kept for every query after), its memory
//! (`AbstractGraph::memory_bytes`) and node count; the mean query time of HPA* (`solve`: begin, with
//! the check for edits and the insertion of start and goal, the abstract search, refinement and
//! smoothing), of A* and of JPS; and the mean and largest cost over the optimum (A*'s cost) of HPA*'s
//! path before and after smoothing. Each solver keeps its fastest of `--repeat` passes.

use super::{movingai, now_ns, table, Options};
use crate::out::{progress, Out};
use astar_core::formats::movingai::PARAMS as MOVINGAI_PARAMS;
use astar_core::generate::{maze, random_terrain, rooms, TerrainShares};
use astar_core::rng::Rng;
use astar_core::search::hpa::{self, Hpa};
use astar_core::search::Stepper;
use astar_core::{cost, Algorithm, Grid, Outcome, SearchParams, TerrainCosts};
use serde::Serialize;

/// One map's row.
#[derive(Clone, Debug, Serialize)]
pub struct MapRow {
    /// Map name.
    pub map: String,
    /// Problems with a path (the only ones timed).
    pub problems: usize,
    /// Cluster size.
    pub cluster: u32,
    /// Abstract graph build, ms.
    pub build_ms: f64,
    /// Abstract graph memory, MB.
    pub memory_mb: f64,
    /// Abstract nodes.
    pub nodes: usize,
    /// Mean HPA* query, µs.
    pub hpa_us: f64,
    /// Mean A* query, µs.
    pub astar_us: f64,
    /// Mean JPS query, µs.
    pub jps_us: f64,
    /// A* time / HPA* time.
    pub speedup_vs_astar: f64,
    /// JPS time / HPA* time.
    pub speedup_vs_jps: f64,
    /// Mean (cost / optimum − 1) before smoothing.
    pub mean_over_refined: f64,
    /// Largest (cost / optimum − 1) before smoothing.
    pub max_over_refined: f64,
    /// Mean (cost / optimum − 1) after smoothing.
    pub mean_over_smoothed: f64,
    /// Largest (cost / optimum − 1) after smoothing.
    pub max_over_smoothed: f64,
    /// Problems where HPA* found no path or an invalid one although A* found one.
    pub wrong: usize,
}

/// The whole section.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// One row per map.
    pub maps: Vec<MapRow>,
    /// Problems HPA* got wrong (see [`MapRow::wrong`]).
    pub wrong: usize,
}

/// A generated 1024 × 1024 map with 20% random walls (seed 7), the largest the page makes: the hpa
/// section's random map, and the map the algorithms section times JPS+'s table build on.
pub fn random_1024() -> Result<Grid, String> {
    let shares = TerrainShares {
        wall: 0.2,
        forest: 0.0,
        swamp: 0.0,
    };
    random_terrain(1024, 1024, shares, 7).map_err(|e| e.to_string())
}

/// The random problems on each generated map without `--limit`.
pub const GENERATED_PROBLEMS: usize = 100;

/// The generated maps: (name, map).
fn generated() -> Vec<(String, Grid)> {
    let mut maps = vec![];
    let side = 1024;
    if let Ok(grid) = random_1024() {
        maps.push(("random-20%-1024".to_string(), grid));
    }
    if let Ok(grid) = rooms(side, side, 32, 7) {
        maps.push(("rooms-32-1024".to_string(), grid));
    }
    if let Ok(grid) = maze(side, side, 8, 7) {
        maps.push(("maze-8-1024".to_string(), grid));
    }
    maps
}

/// `count` seeded random pairs of passable cells of `grid`.
fn random_pairs(grid: &Grid, count: usize) -> Vec<(u32, u32)> {
    let passable: Vec<u32> = (0..grid.len() as u32)
        .filter(|&c| grid.is_passable(c))
        .collect();
    let mut rng = Rng::new(2026);
    (0..count)
        .map(|_| {
            let pick = |rng: &mut Rng| passable[rng.below(passable.len() as u32) as usize];
            (pick(&mut rng), pick(&mut rng))
        })
        .collect()
}

/// Runs the section.
pub fn run(options: &Options) -> Result<Report, String> {
    let mut rows = vec![];
    for name in movingai::map_names(options)? {
        let (grid, problems) = movingai::load(&options.data, &name, options.limit)?;
        let pairs: Vec<(u32, u32)> = problems
            .iter()
            .filter_map(|p| p.cells(&grid).ok())
            .collect();
        run_sizes(&name, &grid, &pairs, options, &mut rows);
    }
    for (name, mut grid) in generated() {
        grid.set_costs(TerrainCosts::UNIFORM)
            .map_err(|e| e.to_string())?;
        let pairs = random_pairs(&grid, options.limit.unwrap_or(GENERATED_PROBLEMS));
        run_sizes(&name, &grid, &pairs, options, &mut rows);
    }
    if !options.json {
        progress(&format!("\r{:60}\r", ""));
    }
    Ok(Report {
        wrong: rows.iter().map(|r| r.wrong).sum(),
        maps: rows,
    })
}

/// A row per cluster size of `--cluster` that `grid` allows.
fn run_sizes(
    name: &str,
    grid: &Grid,
    pairs: &[(u32, u32)],
    options: &Options,
    rows: &mut Vec<MapRow>,
) {
    for &k in &options.cluster_sizes {
        let asked = SearchParams {
            cluster_size: Some(k),
            ..params(Algorithm::Hpa)
        };
        // The sizes HPA* refuses on this map (above its larger side, or a graph over the memory limit)
        // are left out.
        if hpa::checked_cluster_size(grid, &asked).is_ok() {
            rows.push(run_map(name, grid, pairs, k, options));
        }
    }
}

fn params(algorithm: Algorithm) -> SearchParams {
    SearchParams {
        algorithm,
        ..MOVINGAI_PARAMS
    }
}

/// Total time of `engine` over `pairs`, ns (its fastest of `repeat` passes).
fn timed(
    engine: &mut dyn Stepper,
    p: &SearchParams,
    grid: &Grid,
    pairs: &[(u32, u32)],
    repeat: usize,
) -> f64 {
    (0..repeat)
        .map(|_| {
            let t0 = now_ns();
            for &(start, goal) in pairs {
                let _ = engine.solve(grid, p, start, goal);
            }
            now_ns() - t0
        })
        .fold(f64::INFINITY, f64::min)
}

fn run_map(
    name: &str,
    grid: &Grid,
    pairs: &[(u32, u32)],
    cluster_size: u32,
    options: &Options,
) -> MapRow {
    if !options.json {
        progress(&format!(
            "\r  hpa: {name}, K = {cluster_size} ({} problems)...          ",
            pairs.len()
        ));
    }
    let hpa_params = SearchParams {
        cluster_size: Some(cluster_size),
        ..params(Algorithm::Hpa)
    };
    let mut engine = Hpa::new();
    let t0 = now_ns();
    let _ = engine.prepare(grid, &hpa_params);
    let build_ms = (now_ns() - t0) / 1e6;
    let graph = engine.graph().expect("prepare built the graph");
    let (memory_mb, nodes, cluster) = (
        graph.memory_bytes() as f64 / (1 << 20) as f64,
        graph.node_count(),
        graph.cluster_size(),
    );
    let mut astar = astar_core::search::make(Algorithm::AStar);
    let mut jps = astar_core::search::make(Algorithm::Jps);
    let astar_params = params(Algorithm::AStar);
    // Keep the problems with a path, and check HPA*'s answer on each against A*'s optimum.
    let mut kept = vec![];
    let (mut refined, mut smoothed, mut wrong) = (vec![], vec![], 0);
    for &(start, goal) in pairs {
        let Ok(best) = astar.solve(grid, &astar_params, start, goal) else {
            continue;
        };
        let Ok(found) = engine.solve(grid, &hpa_params, start, goal) else {
            wrong += 1;
            continue;
        };
        if best.outcome != Outcome::Found {
            wrong += usize::from(found.outcome == Outcome::Found);
            continue;
        }
        let valid =
            astar_core::search::validate::grid_path_cost(grid, hpa_params.movement, &found.path);
        if found.outcome != Outcome::Found || valid != Ok(found.cost) {
            wrong += 1;
            continue;
        }
        kept.push((start, goal));
        if best.cost > 0 {
            let optimum = cost::to_f64(best.cost);
            refined.push(cost::to_f64(engine.refined_cost()) / optimum - 1.0);
            smoothed.push(found.cost_f64() / optimum - 1.0);
        }
    }
    let n = kept.len().max(1) as f64;
    let hpa_ns = timed(&mut engine, &hpa_params, grid, &kept, options.repeat);
    let astar_ns = timed(astar.as_mut(), &astar_params, grid, &kept, options.repeat);
    let jps_ns = timed(
        jps.as_mut(),
        &params(Algorithm::Jps),
        grid,
        &kept,
        options.repeat,
    );
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let max = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    MapRow {
        map: name.to_string(),
        problems: kept.len(),
        cluster,
        build_ms,
        memory_mb,
        nodes,
        hpa_us: hpa_ns / n / 1e3,
        astar_us: astar_ns / n / 1e3,
        jps_us: jps_ns / n / 1e3,
        speedup_vs_astar: astar_ns / hpa_ns,
        speedup_vs_jps: jps_ns / hpa_ns,
        mean_over_refined: mean(&refined),
        max_over_refined: max(&refined),
        mean_over_smoothed: mean(&smoothed),
        max_over_smoothed: max(&smoothed),
        wrong,
    }
}

impl Report {
    /// The table.
    pub fn print(&self, out: &mut Out) {
        let pct = |x: f64| format!("{}%", table::num(100.0 * x, 2));
        let rows: Vec<Vec<String>> = self
            .maps
            .iter()
            .map(|r| {
                vec![
                    r.map.clone(),
                    r.problems.to_string(),
                    r.cluster.to_string(),
                    table::num(r.build_ms, 1),
                    table::num(r.memory_mb, 2),
                    r.nodes.to_string(),
                    table::num(r.hpa_us, 1),
                    table::num(r.astar_us, 1),
                    table::num(r.jps_us, 1),
                    table::num(r.speedup_vs_astar, 2),
                    table::num(r.speedup_vs_jps, 2),
                    format!("{} / {}", pct(r.mean_over_refined), pct(r.max_over_refined)),
                    format!(
                        "{} / {}",
                        pct(r.mean_over_smoothed),
                        pct(r.max_over_smoothed)
                    ),
                    r.wrong.to_string(),
                ]
            })
            .collect();
        table::print(
            out,
            &format!(
                "HPA* (cluster size K; the default is {}) beside A* and JPS: build once per map, then mean query times",
                hpa::DEFAULT_CLUSTER_SIZE
            ),
            &[
                "map",
                "problems",
                "K",
                "build ms",
                "memory MB",
                "nodes",
                "HPA* µs",
                "A* µs",
                "JPS µs",
                "× vs A*",
                "× vs JPS",
                "over opt. mean / max",
                "smoothed mean / max",
                "wrong",
            ],
            &rows,
        );
    }
}
