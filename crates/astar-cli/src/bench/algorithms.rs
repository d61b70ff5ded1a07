//! The algorithms section: on every Moving AI map of the data folder (`--limit` problems spread evenly),
//! the Moving AI model (octile, w = 1, 8-neighbour, no corner cutting, uniform costs) solved by
//! - every algorithm of the registry that runs with it (each made by `registry::make`, so exactly what
//!   the page and `astar solve` run; a new row is benchmarked without a change here): time, expansions,
//!   and each cost checked against the scenario's optimal length when the row promises the optimum
//!   there, else its mean cost over the optimum; the tables below read A*, jump point search, JPS+
//!   (JPS reading its jumps from a precomputed table) and bidirectional A* from these runs;
//! - Theta* beside A* + smoothing (`smooth_path`): time of each, and mean length / optimal grid length;
//! - a peer, the `grid_pathfinding` crate's JPS, on the same problems, its wrong paths counted.
//!
//! Every repetition runs every solver once on the map's problems, one after the other, and each solver
//! keeps its fastest repetition: a burst of load from another process then costs each solver about the
//! same, so the ratios measured in one run are steadier than the absolute times.
//!
//! Times are sums of per-search times: `solve` (begin, run, the path copied out) for ours, the
//! full cell path (`get_path_single_goal`) for `grid_pathfinding`. Loading a map is not timed for anyone:
//! grid_pathfinding precomputes neighbour masks, forced-neighbour masks and connected components then,
//! and each of our engines solves the map's first problem once untimed (sizing its per-cell state; JPS
//! builds its bit rows, JPS+ its jump table). JPS and JPS+ still compare the map with their copy at every
//! `begin` (so that an edit is always seen), and that compare is in their times.
//!
//! JPS+'s table build is timed apart, as a search from a cell to itself on a map the engine has not
//! seen (the build, and a search of one expansion): on every map, and on a generated 1024 × 1024 map
//! (random, 20% walls), the largest the page makes.

use super::{movingai, now_ns, table, Options};
use crate::out::{progress, Out};
use astar_core::bound::{bound, Bound};
use astar_core::formats::movingai::Problem;
use astar_core::formats::movingai::PARAMS as MOVINGAI_PARAMS;
use astar_core::search::{registry, AlgorithmInfo, Stepper};
use astar_core::smooth::{polyline_length, smooth_path};
use astar_core::{Algorithm, Grid, SearchParams};
use serde::Serialize;

/// One algorithm of the registry on one map (or all maps): the fastest repetition.
#[derive(Clone, Debug, Serialize)]
pub struct RegistryRun {
    /// The algorithm's name (the registry row's).
    pub algorithm: &'static str,
    /// What it promises about the cost here: a kind of `astar_core::bound::Bound` ("exact",
    /// "any-angle", "measured", "none", "fewest-moves").
    pub promise: &'static str,
    /// Its time and expansions; `wrong` counts costs off the optimal length, for an exact promise only.
    #[serde(flatten)]
    pub timed: Timed,
    /// Mean of cost / optimal cost − 1 over the problems with a path (0 for an exact promise kept).
    pub mean_over_optimal: f64,
}

/// One of our algorithms (or a peer) on one map: the fastest repetition.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Timed {
    /// Sum of the per-search times, ms.
    pub total_ms: f64,
    /// Expansions summed over the problems (jump points for JPS; both frontiers for bidirectional);
    /// 0 for a peer that does not report them.
    pub expanded: u64,
    /// Total time / expansions, ns.
    pub ns_per_expansion: f64,
    /// Problems whose path length differs from the scenario's optimal length.
    pub wrong: usize,
    /// Our A*'s time on the same problems / this time (above 1: faster than A*).
    pub speedup_vs_astar: f64,
}

/// Theta* beside A* + smoothing on one map.
#[derive(Clone, Debug, Default, Serialize)]
pub struct AnyAngle {
    /// A*'s search time (the same searches as the A* column), ms.
    pub astar_ms: f64,
    /// `smooth_path` on A*'s paths, ms.
    pub smooth_ms: f64,
    /// Mean of smoothed length / optimal grid length (problems with a positive optimal length).
    pub smoothed_mean_ratio: f64,
    /// Theta*'s search time, ms.
    pub theta_ms: f64,
    /// Theta*'s expansions.
    pub theta_expanded: u64,
    /// Mean of Theta* length / optimal grid length.
    pub theta_mean_ratio: f64,
    /// The largest Theta* length / optimal grid length.
    pub theta_worst_ratio: f64,
    /// Problems where Theta* found no path or one longer than the optimal grid path.
    pub theta_invalid: usize,
}

/// One map's row.
#[derive(Clone, Debug, Serialize)]
pub struct MapRow {
    /// File name without `.map`.
    pub map: String,
    /// Problems solved.
    pub problems: usize,
    /// Every algorithm of the registry that runs with the Moving AI model, in registry order.
    pub registry: Vec<RegistryRun>,
    /// Our A*.
    pub astar: Timed,
    /// Our jump point search.
    pub jps: Timed,
    /// JPS+ (the same searches as JPS, its jumps read from a table).
    pub jps_plus: Timed,
    /// JPS's time / JPS+'s time (above 1: JPS+ is faster).
    pub jps_plus_vs_jps: f64,
    /// Building JPS+'s table for this map, ms (the fastest of `--repeat`; see the module doc).
    pub jps_plus_build_ms: f64,
    /// Our bidirectional A*.
    pub bidirectional: Timed,
    /// Bidirectional expansions (both frontiers) / A* expansions.
    pub bidirectional_expansion_ratio: f64,
    /// Theta* and A* + smoothing.
    pub any_angle: AnyAngle,
    /// The `grid_pathfinding` crate's JPS (absent with `--no-peers`).
    pub grid_pathfinding_jps: Option<Timed>,
}

/// The whole section.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// `--limit` (problems per map), if any.
    pub limit: Option<usize>,
    /// `--repeat`.
    pub repeat: usize,
    /// One row per map.
    pub maps: Vec<MapRow>,
    /// Sums over all maps (ratios of the sums; mean ratios weighted by problems).
    pub all: MapRow,
    /// Building JPS+'s table for a generated 1024 × 1024 map (random, 20% walls), ms.
    pub jps_plus_build_1024_ms: f64,
    /// Problems where one of our exact algorithms (A*, JPS, JPS+, bidirectional) missed the optimal
    /// length, or Theta* was invalid.
    pub wrong: usize,
}

/// Runs the section.
pub fn run(options: &Options) -> Result<Report, String> {
    let names = movingai::map_names(options)?;
    let mut rows = vec![];
    let mut engines = Engines::new();
    for name in names {
        let (grid, problems) = movingai::load(&options.data, &name, options.limit)?;
        if !options.json {
            progress(&format!(
                "\r  algorithms: {name} ({} problems)...          ",
                problems.len()
            ));
        }
        rows.push(run_map(&mut engines, &name, &grid, &problems, options)?);
    }
    if !options.json {
        progress(&format!("\r{:60}\r", ""));
    }
    let all = sum_rows(&rows, options.peers);
    let large = super::hpa::random_1024()?;
    Ok(Report {
        limit: options.limit,
        repeat: options.repeat,
        wrong: all
            .registry
            .iter()
            .map(|run| run.timed.wrong)
            .sum::<usize>()
            + all.any_angle.theta_invalid,
        all,
        maps: rows,
        jps_plus_build_1024_ms: table_build_ms(&large, options.repeat)?,
    })
}

/// The time to build JPS+'s table for `grid`, ms: a new engine's search from a passable cell to itself
/// (see the module doc), the fastest of `repeat`.
fn table_build_ms(grid: &Grid, repeat: usize) -> Result<f64, String> {
    let cell = (0..grid.len() as u32)
        .find(|&c| grid.is_passable(c))
        .ok_or("a map without a passable cell")?;
    let mut best = f64::INFINITY;
    for _ in 0..repeat.max(1) {
        let mut engine = astar_core::search::make(Algorithm::JpsPlus);
        let t0 = now_ns();
        engine
            .solve(grid, &params(Algorithm::JpsPlus), cell, cell)
            .map_err(|e| e.to_string())?;
        best = best.min(now_ns() - t0);
    }
    Ok(best / 1e6)
}

/// One engine per algorithm of the registry in this build, reused across maps as the page reuses its
/// engine.
struct Engines {
    engines: Vec<(&'static AlgorithmInfo, Box<dyn Stepper>)>,
}

impl Engines {
    fn new() -> Engines {
        let engines = registry::ALGORITHMS
            .iter()
            .filter(|info| info.available)
            .map(|info| (info, astar_core::search::make(info.algorithm)))
            .collect();
        Engines { engines }
    }

    /// The engines of the algorithms that run with the Moving AI model on `grid`.
    fn running_on(&mut self, grid: &Grid) -> Vec<&mut (&'static AlgorithmInfo, Box<dyn Stepper>)> {
        self.engines
            .iter_mut()
            .filter(|(info, _)| registry::check_supported(grid, &params(info.algorithm)).is_ok())
            .collect()
    }
}

/// The run of `name` among a map's registry runs' passes.
fn find<'a>(runs: &'a [(&'static AlgorithmInfo, Pass)], name: &str) -> Result<&'a Pass, String> {
    runs.iter()
        .find(|(info, _)| info.name == name)
        .map(|(_, run)| run)
        .ok_or_else(|| {
            format!("{name} is not in this build or does not run with the Moving AI model")
        })
}

/// The Moving AI model with another algorithm.
fn params(algorithm: Algorithm) -> SearchParams {
    SearchParams {
        algorithm,
        ..MOVINGAI_PARAMS
    }
}

/// One pass of one of our algorithms over the problems.
struct Pass {
    ns: f64,
    expanded: u64,
    wrong: usize,
    /// Each problem's path (kept for smoothing and Theta*'s lengths).
    paths: Vec<Vec<u32>>,
    /// Each problem's exact cost (fixed point converted to cells).
    costs: Vec<f64>,
}

fn pass(
    engine: &mut dyn Stepper,
    algorithm: Algorithm,
    grid: &Grid,
    cells: &[(u32, u32)],
    problems: &[Problem],
) -> Result<Pass, String> {
    let params = params(algorithm);
    let mut out = Pass {
        ns: 0.0,
        expanded: 0,
        wrong: 0,
        paths: Vec::with_capacity(cells.len()),
        costs: Vec::with_capacity(cells.len()),
    };
    for (problem, &(start, goal)) in problems.iter().zip(cells) {
        let t0 = now_ns();
        let result = engine
            .solve(grid, &params, start, goal)
            .map_err(|e| format!("{}: {e}", problem.map))?;
        out.ns += now_ns() - t0;
        out.expanded += result.counters.expanded;
        if !problem.matches(result.cost_f64()) {
            out.wrong += 1;
        }
        out.costs.push(result.cost_f64());
        out.paths.push(result.path);
    }
    Ok(out)
}

fn run_map(
    engines: &mut Engines,
    name: &str,
    grid: &Grid,
    problems: &[Problem],
    options: &Options,
) -> Result<MapRow, String> {
    let cells: Vec<(u32, u32)> = problems
        .iter()
        .map(|p| p.cells(grid).map_err(|e| format!("{name}: {e}")))
        .collect::<Result<_, _>>()?;
    let peer = options.peers.then(|| GridPathfinding::new(grid));
    // One untimed search per engine first: a new map size resizes the per-cell state, and JPS builds its
    // bit rows (JPS+ its table) for a map it has not seen (later searches only compare the map with its
    // copy), work that belongs to loading the map, which no one's times include.
    let mut running = engines.running_on(grid);
    if let Some(&(start, goal)) = cells.first() {
        for (info, engine) in running.iter_mut() {
            engine
                .solve(grid, &params(info.algorithm), start, goal)
                .map_err(|e| format!("{name}: {e}"))?;
        }
    }
    let mut best: Vec<Option<Pass>> = running.iter().map(|_| None).collect();
    let (mut smooth_ns, mut peer_best) = (f64::INFINITY, None::<(f64, usize)>);
    let mut smoothed: Vec<Vec<u32>> = vec![];
    for _ in 0..options.repeat {
        for (slot, (info, engine)) in best.iter_mut().zip(running.iter_mut()) {
            let run = pass(engine.as_mut(), info.algorithm, grid, &cells, problems)?;
            if slot.as_ref().is_none_or(|b| run.ns < b.ns) {
                *slot = Some(run);
            }
        }
        // Smoothing A*'s paths, timed apart so that the A* column stays the plain search.
        let astar = running
            .iter()
            .zip(&best)
            .find(|((info, _), _)| info.algorithm == Algorithm::AStar)
            .and_then(|(_, run)| run.as_ref())
            .ok_or("A* does not run with the Moving AI model")?;
        let t0 = now_ns();
        let pulled: Vec<Vec<u32>> = astar.paths.iter().map(|p| smooth_path(grid, p)).collect();
        smooth_ns = smooth_ns.min(now_ns() - t0);
        smoothed = pulled;
        if let Some(peer) = &peer {
            let (ns, wrong) = peer.pass(problems);
            if peer_best.is_none_or(|(b, _)| ns < b) {
                peer_best = Some((ns, wrong));
            }
        }
    }
    let runs: Vec<(&'static AlgorithmInfo, Pass)> = running
        .iter()
        .map(|(info, _)| *info)
        .zip(best.into_iter().map(|b| b.expect("repeat > 0")))
        .collect();
    let [astar, jps, jps_plus, bidirectional, theta] =
        ["astar", "jps", "jps-plus", "bidirectional", "theta"].map(|name| find(&runs, name));
    let (astar, jps, jps_plus, bidirectional, theta) =
        (astar?, jps?, jps_plus?, bidirectional?, theta?);
    let timed = |run: &Pass| Timed {
        total_ms: run.ns / 1e6,
        expanded: run.expanded,
        ns_per_expansion: run.ns / run.expanded.max(1) as f64,
        wrong: run.wrong,
        speedup_vs_astar: astar.ns / run.ns,
    };
    // Lengths against the optimal grid length: A*'s exact cost (the scenario prints it rounded, and A*
    // is held to it above).
    let (mut smooth_sum, mut theta_sum, mut worst, mut measured, mut invalid) =
        (0.0, 0.0, 0.0f64, 0usize, 0usize);
    for (i, &optimal) in astar.costs.iter().enumerate() {
        let theta_length = polyline_length(grid, &theta.paths[i]);
        if theta.paths[i].is_empty() || theta_length > optimal * (1.0 + 1e-6) {
            invalid += 1;
            continue;
        }
        if optimal > 0.0 {
            smooth_sum += polyline_length(grid, &smoothed[i]) / optimal;
            theta_sum += theta_length / optimal;
            worst = worst.max(theta_length / optimal);
            measured += 1;
        }
    }
    let mean = |sum: f64| sum / measured.max(1) as f64;
    let registry = runs
        .iter()
        .map(|(info, run)| {
            let promise = bound(&params(info.algorithm), grid);
            let exact = promise == Bound::Exact;
            let over: Vec<f64> = run
                .costs
                .iter()
                .zip(&astar.costs)
                .zip(&run.paths)
                .filter(|((_, &optimal), path)| optimal > 0.0 && !path.is_empty())
                .map(|((&cost, &optimal), _)| cost / optimal - 1.0)
                .collect();
            RegistryRun {
                algorithm: info.name,
                promise: promise.kind(),
                timed: Timed {
                    wrong: if exact { run.wrong } else { 0 },
                    ..timed(run)
                },
                mean_over_optimal: over.iter().sum::<f64>() / over.len().max(1) as f64,
            }
        })
        .collect();
    Ok(MapRow {
        map: name.to_string(),
        problems: problems.len(),
        registry,
        astar: timed(astar),
        jps: timed(jps),
        jps_plus: timed(jps_plus),
        jps_plus_vs_jps: jps.ns / jps_plus.ns,
        jps_plus_build_ms: table_build_ms(grid, options.repeat)?,
        bidirectional: timed(bidirectional),
        bidirectional_expansion_ratio: bidirectional.expanded as f64 / astar.expanded.max(1) as f64,
        any_angle: AnyAngle {
            astar_ms: astar.ns / 1e6,
            smooth_ms: smooth_ns / 1e6,
            smoothed_mean_ratio: mean(smooth_sum),
            theta_ms: theta.ns / 1e6,
            theta_expanded: theta.expanded,
            theta_mean_ratio: mean(theta_sum),
            theta_worst_ratio: worst,
            theta_invalid: invalid,
        },
        grid_pathfinding_jps: peer_best.map(|(ns, wrong)| Timed {
            total_ms: ns / 1e6,
            expanded: 0,
            ns_per_expansion: 0.0,
            wrong,
            speedup_vs_astar: astar.ns / ns,
        }),
    })
}

/// The summary row: sums of times and expansions, ratios of the sums, mean length ratios weighted by
/// the problems of each map.
fn sum_rows(rows: &[MapRow], peers: bool) -> MapRow {
    let problems: usize = rows.iter().map(|r| r.problems).sum();
    let total = |pick: &dyn Fn(&MapRow) -> &Timed| {
        let ms: f64 = rows.iter().map(|r| pick(r).total_ms).sum();
        let expanded: u64 = rows.iter().map(|r| pick(r).expanded).sum();
        (
            ms,
            expanded,
            rows.iter().map(|r| pick(r).wrong).sum::<usize>(),
        )
    };
    let (astar_ms, astar_expanded, _) = total(&|r| &r.astar);
    let timed = |(ms, expanded, wrong): (f64, u64, usize)| Timed {
        total_ms: ms,
        expanded,
        ns_per_expansion: if expanded == 0 {
            0.0
        } else {
            ms * 1e6 / expanded as f64
        },
        wrong,
        speedup_vs_astar: astar_ms / ms,
    };
    let weighted = |pick: &dyn Fn(&AnyAngle) -> f64| {
        rows.iter()
            .map(|r| pick(&r.any_angle) * r.problems as f64)
            .sum::<f64>()
            / problems.max(1) as f64
    };
    let bidirectional = timed(total(&|r| &r.bidirectional));
    let (jps, jps_plus) = (timed(total(&|r| &r.jps)), timed(total(&|r| &r.jps_plus)));
    let peer = peers.then(|| {
        let ms = rows
            .iter()
            .filter_map(|r| r.grid_pathfinding_jps.as_ref())
            .map(|t| t.total_ms)
            .sum();
        let wrong = rows
            .iter()
            .filter_map(|r| r.grid_pathfinding_jps.as_ref())
            .map(|t| t.wrong)
            .sum();
        timed((ms, 0, wrong))
    });
    // Per algorithm of the registry, in the order of the first map's runs: the sums over the maps it
    // ran on, its mean over the optimum weighted by their problems.
    let registry = rows
        .first()
        .map_or(&[][..], |r| r.registry.as_slice())
        .iter()
        .map(|first| {
            let on: Vec<(&RegistryRun, usize)> = rows
                .iter()
                .filter_map(|r| {
                    let run = r.registry.iter().find(|x| x.algorithm == first.algorithm)?;
                    Some((run, r.problems))
                })
                .collect();
            let ms: f64 = on.iter().map(|(run, _)| run.timed.total_ms).sum();
            let expanded: u64 = on.iter().map(|(run, _)| run.timed.expanded).sum();
            let wrong: usize = on.iter().map(|(run, _)| run.timed.wrong).sum();
            let weight: usize = on.iter().map(|(_, n)| n).sum();
            RegistryRun {
                algorithm: first.algorithm,
                promise: first.promise,
                timed: timed((ms, expanded, wrong)),
                mean_over_optimal: on
                    .iter()
                    .map(|(run, n)| run.mean_over_optimal * *n as f64)
                    .sum::<f64>()
                    / weight.max(1) as f64,
            }
        })
        .collect();
    MapRow {
        map: "all maps".into(),
        problems,
        registry,
        astar: timed(total(&|r| &r.astar)),
        jps_plus_vs_jps: jps.total_ms / jps_plus.total_ms,
        jps_plus_build_ms: rows.iter().map(|r| r.jps_plus_build_ms).sum(),
        jps,
        jps_plus,
        bidirectional_expansion_ratio: bidirectional.expanded as f64 / astar_expanded.max(1) as f64,
        bidirectional,
        any_angle: AnyAngle {
            astar_ms,
            smooth_ms: rows.iter().map(|r| r.any_angle.smooth_ms).sum(),
            smoothed_mean_ratio: weighted(&|a| a.smoothed_mean_ratio),
            theta_ms: rows.iter().map(|r| r.any_angle.theta_ms).sum(),
            theta_expanded: rows.iter().map(|r| r.any_angle.theta_expanded).sum(),
            theta_mean_ratio: weighted(&|a| a.theta_mean_ratio),
            theta_worst_ratio: rows
                .iter()
                .map(|r| r.any_angle.theta_worst_ratio)
                .fold(0.0, f64::max),
            theta_invalid: rows.iter().map(|r| r.any_angle.theta_invalid).sum(),
        },
        grid_pathfinding_jps: peer,
    }
}

/// The `grid_pathfinding` crate's JPS on one map, set up as its own Moving AI benchmark runner does
/// (`examples/benchmark_runner.rs`: the wall grid, `initialize`, `generate_components`), with its
/// default settings (8-neighbour, improved pruning on, heuristic factor 1).
///
/// Its model is not quite Moving AI's: steps cost 70 and 99 (99/70 = 1.41429 for √2), and it checks only
/// the target cell of a diagonal jump step, not the two cells beside it. Its paths are measured in the
/// Moving AI model (1 and √2 a step) and counted wrong when their length is not the optimal one.
struct GridPathfinding {
    grid: grid_pathfinding::PathingGrid,
}

impl GridPathfinding {
    fn new(grid: &Grid) -> GridPathfinding {
        use grid_util::grid::ValueGrid;
        let (width, height) = (grid.width() as usize, grid.height() as usize);
        // `true` is a wall in grid_util's BoolGrid.
        let mut walls = grid_util::grid::BoolGrid::new(width, height, false);
        for y in 0..height as u32 {
            for x in 0..width as u32 {
                if !grid.is_passable(grid.cell(x, y)) {
                    walls.set(x as i32, y as i32, true);
                }
            }
        }
        let mut pathing = grid_pathfinding::PathingGrid::new(width, height, true);
        pathing.grid = walls;
        pathing.initialize();
        pathing.generate_components();
        GridPathfinding { grid: pathing }
    }

    /// Solves every problem: total ns, and how many path lengths differ from the optimal ones.
    fn pass(&self, problems: &[Problem]) -> (f64, usize) {
        use grid_util::point::Point;
        let (mut ns, mut wrong) = (0.0, 0);
        for p in problems {
            let start = Point::new(p.start_x as i32, p.start_y as i32);
            let goal = Point::new(p.goal_x as i32, p.goal_y as i32);
            let t0 = now_ns();
            let path = self.grid.get_path_single_goal(start, goal, false);
            ns += now_ns() - t0;
            let length = path.map_or(f64::NAN, |path| {
                path.windows(2)
                    .map(|w| {
                        if w[0].x != w[1].x && w[0].y != w[1].y {
                            std::f64::consts::SQRT_2
                        } else {
                            1.0
                        }
                    })
                    .sum()
            });
            if !p.matches(length) {
                wrong += 1;
            }
        }
        (ns, wrong)
    }
}

impl Report {
    /// Prints the human-readable tables.
    pub fn print(&self, out: &mut Out) {
        let limit = self
            .limit
            .map_or("all problems".into(), |n| format!("--limit {n} per map"));
        let rows: Vec<&MapRow> = self.maps.iter().chain([&self.all]).collect();
        let wrong = |n: usize| {
            if n == 0 {
                "0".into()
            } else {
                format!("{n} WRONG")
            }
        };
        table::print(
            out,
            &format!(
                "Every algorithm of the registry on the Moving AI sets, all maps: octile, w = 1, 8-neighbour, \
                 no corner cutting, uniform costs ({limit}; best of {}; ms = sum of search times; wrong = \
                 cost off the optimal length where the promise is exact)",
                self.repeat
            ),
            &[
                "algorithm",
                "promise",
                "ms",
                "expanded",
                "ns/exp",
                "vs A*",
                "over optimal",
                "wrong",
            ],
            &self
                .all
                .registry
                .iter()
                .map(|run| {
                    vec![
                        run.algorithm.to_string(),
                        run.promise.to_string(),
                        table::num(run.timed.total_ms, 1),
                        run.timed.expanded.to_string(),
                        table::num(run.timed.ns_per_expansion, 1),
                        format!("{:.2}x", run.timed.speedup_vs_astar),
                        format!("{:.2}%", run.mean_over_optimal * 100.0),
                        wrong(run.timed.wrong),
                    ]
                })
                .collect::<Vec<_>>(),
        );
        table::print(
            out,
            &format!(
                "Algorithms on the Moving AI sets: octile, w = 1, 8-neighbour, no corner cutting, uniform costs \
                 ({limit}; best of {}; ms = sum of search times)",
                self.repeat
            ),
            &[
                "map", "problems", "A* ms", "A* exp", "ns/exp", "JPS ms", "JPS exp", "ns/exp",
                "JPS vs A*", "bidir ms", "bidir exp", "exp / A*", "bidir vs A*", "wrong",
            ],
            &rows
                .iter()
                .map(|r| {
                    vec![
                        r.map.clone(),
                        r.problems.to_string(),
                        table::num(r.astar.total_ms, 1),
                        r.astar.expanded.to_string(),
                        table::num(r.astar.ns_per_expansion, 1),
                        table::num(r.jps.total_ms, 1),
                        r.jps.expanded.to_string(),
                        table::num(r.jps.ns_per_expansion, 1),
                        format!("{:.2}x", r.jps.speedup_vs_astar),
                        table::num(r.bidirectional.total_ms, 1),
                        r.bidirectional.expanded.to_string(),
                        format!("{:.2}", r.bidirectional_expansion_ratio),
                        format!("{:.2}x", r.bidirectional.speedup_vs_astar),
                        wrong(r.astar.wrong + r.jps.wrong + r.bidirectional.wrong),
                    ]
                })
                .collect::<Vec<_>>(),
        );
        table::print(
            out,
            &format!(
                "JPS+ beside JPS (the same searches, jumps read from a table; build = the table for the map, \
                 not in the search times; a generated 1024 x 1024 map: {} ms)",
                table::num(self.jps_plus_build_1024_ms, 1)
            ),
            &[
                "map",
                "JPS ms",
                "JPS+ ms",
                "JPS+ exp",
                "ns/exp",
                "JPS+ vs A*",
                "JPS+ vs JPS",
                "build ms",
                "wrong",
            ],
            &rows
                .iter()
                .map(|r| {
                    vec![
                        r.map.clone(),
                        table::num(r.jps.total_ms, 1),
                        table::num(r.jps_plus.total_ms, 1),
                        r.jps_plus.expanded.to_string(),
                        table::num(r.jps_plus.ns_per_expansion, 1),
                        format!("{:.2}x", r.jps_plus.speedup_vs_astar),
                        format!("{:.2}x", r.jps_plus_vs_jps),
                        table::num(r.jps_plus_build_ms, 1),
                        wrong(r.jps_plus.wrong),
                    ]
                })
                .collect::<Vec<_>>(),
        );
        if self.all.grid_pathfinding_jps.is_some() {
            table::print(
                out,
                "JPS and JPS+ beside a peer on the same problems (the grid_pathfinding crate's JPS; wrong = length not optimal)",
                &[
                    "map",
                    "our JPS ms",
                    "our JPS+ ms",
                    "grid_pathfinding ms",
                    "theirs / JPS",
                    "theirs / JPS+",
                    "their wrong paths",
                ],
                &rows
                    .iter()
                    .filter_map(|r| {
                        let peer = r.grid_pathfinding_jps.as_ref()?;
                        Some(vec![
                            r.map.clone(),
                            table::num(r.jps.total_ms, 1),
                            table::num(r.jps_plus.total_ms, 1),
                            table::num(peer.total_ms, 1),
                            format!("{:.2}x", peer.total_ms / r.jps.total_ms),
                            format!("{:.2}x", peer.total_ms / r.jps_plus.total_ms),
                            format!("{} of {}", peer.wrong, r.problems),
                        ])
                    })
                    .collect::<Vec<_>>(),
            );
        }
        table::print(
            out,
            "Theta* beside A* + smoothing (length / optimal grid length, mean over the problems)",
            &[
                "map",
                "A* ms",
                "smoothing ms",
                "A*+smooth ms",
                "smoothed / opt",
                "Theta* ms",
                "Theta* / (A*+smooth)",
                "Theta* / opt",
                "worst",
                "invalid",
            ],
            &rows
                .iter()
                .map(|r| {
                    let a = &r.any_angle;
                    vec![
                        r.map.clone(),
                        table::num(a.astar_ms, 1),
                        table::num(a.smooth_ms, 1),
                        table::num(a.astar_ms + a.smooth_ms, 1),
                        table::num(a.smoothed_mean_ratio, 4),
                        table::num(a.theta_ms, 1),
                        format!("{:.2}x", a.theta_ms / (a.astar_ms + a.smooth_ms)),
                        table::num(a.theta_mean_ratio, 4),
                        table::num(a.theta_worst_ratio, 4),
                        a.theta_invalid.to_string(),
                    ]
                })
                .collect::<Vec<_>>(),
        );
    }
}
