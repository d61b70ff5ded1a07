//! The crowd section: the game scene (`astar_core::crowd`) with no drawing, the workload of
//! `astar_bench_runner::crowd`: `UNITS` units, each with one request, goals from `DESTINATIONS` points
//! of interest, `BUDGET_MS` ms of search a frame (one 60 Hz frame, seed 003's "requests a frame"),
//! fixed seeds. Maps: a generated 256 × 256 map like seed 002's (20% walls, 15% forest, 7% swamp: JPS
//! and JPS+ cannot run there) and the Moving AI map `random512-10-0` (or those of `--maps`).
//!
//! One row per planner, with and without the path cache (the flow field, one field per goal, needs
//! none); then, on the same maps, every unit to one rally point (A* also with the units on curves). `plain` is A* without the cache on the 256 × 256
//! map; `best` is the combination serving the most requests a frame there.

use super::{movingai, now_ns, table, Options};
use crate::out::{progress, Out};
use astar_bench_runner::crowd::{
    self as runner, article_map, workload, Run, BUDGET_MS, DESTINATIONS, UNITS,
};
use astar_core::crowd::Planner;
use serde::Serialize;

/// The Moving AI map run unless `--maps` names others.
pub const MOVINGAI_MAP: &str = "random512-10-0";
/// The generated map's name in the table.
pub const ARTICLE_MAP: &str = "article256";

/// One map's rows.
#[derive(Clone, Debug, Serialize)]
pub struct MapRuns {
    /// Map name.
    pub map: String,
    /// Goals from the points of interest.
    pub runs: Vec<Run>,
    /// Every unit to one rally point.
    pub rally: Vec<Run>,
    /// Planners this map refuses, with why.
    pub refused: Vec<(String, String)>,
}

/// The whole section.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Per map.
    pub maps: Vec<MapRuns>,
    /// Requests a frame of A* without the cache on the 256 × 256 map.
    pub plain_requests_per_frame: f64,
    /// The most requests a frame of any combination there.
    pub best_requests_per_frame: f64,
    /// That combination (`planner` or `planner+cache`).
    pub best: String,
    /// The most requests a frame there of a combination whose paths are all optimal.
    pub best_optimal_requests_per_frame: f64,
    /// That combination.
    pub best_optimal: String,
    /// Units, budget and points of interest.
    pub units: usize,
    /// See `BUDGET_MS`.
    pub budget_ms: f64,
    /// See `DESTINATIONS`.
    pub destinations: usize,
}

/// Runs the section.
pub fn run(options: &Options) -> Result<Report, String> {
    let mut maps = vec![(ARTICLE_MAP.to_string(), article_map())];
    let names = match &options.maps {
        Some(_) => movingai::map_names(options)?,
        None => vec![MOVINGAI_MAP.to_string()],
    };
    for name in names {
        let (grid, _) = movingai::load(&options.data, &name, Some(1))?;
        maps.push((name, grid));
    }
    let now_us = || now_ns() / 1000.0;
    let mut out = vec![];
    for (name, grid) in &maps {
        let mut row = MapRuns {
            map: name.clone(),
            runs: vec![],
            rally: vec![],
            refused: vec![],
        };
        for planner in [
            Planner::Astar,
            Planner::AutoW,
            Planner::Jps,
            Planner::JpsPlus,
            Planner::Hpa,
            Planner::Flow,
        ] {
            for cache in [false, true] {
                if cache && planner == Planner::Flow {
                    continue;
                }
                progress(&format!(
                    "crowd: {name} {}{}\r",
                    planner.name(),
                    plus(cache)
                ));
                match runner::run(grid, &workload(false), planner, cache, true, &now_us) {
                    Ok(run) => row.runs.push(run),
                    Err(why) => {
                        if !cache {
                            row.refused.push((planner.name().to_string(), why));
                        }
                    }
                }
            }
        }
        // The last row: A* again with the units on curves (their sampling and checks are in the budget).
        for (planner, cache, curves) in [
            (Planner::Astar, false, false),
            (Planner::Astar, true, false),
            (Planner::Flow, false, false),
            (Planner::Astar, false, true),
        ] {
            progress(&format!(
                "crowd: {name} rally {}{}{}\r",
                planner.name(),
                plus(cache),
                if curves { "+curves" } else { "" }
            ));
            let rally = runner::Workload {
                curves,
                ..workload(true)
            };
            row.rally
                .push(runner::run(grid, &rally, planner, cache, true, &now_us)?);
        }
        out.push(row);
    }
    progress("\n");
    let article = &out[0].runs;
    let plain = article
        .iter()
        .find(|r| r.planner == "astar" && !r.cache)
        .map_or(0.0, |r| r.requests_per_frame);
    let best = article
        .iter()
        .max_by(|a, b| a.requests_per_frame.total_cmp(&b.requests_per_frame))
        .expect("A* runs everywhere");
    let best_optimal = article
        .iter()
        .filter(|r| r.max_over_optimal < 1e-9)
        .max_by(|a, b| a.requests_per_frame.total_cmp(&b.requests_per_frame))
        .expect("A* is optimal");
    Ok(Report {
        best_optimal_requests_per_frame: best_optimal.requests_per_frame,
        best_optimal: format!("{}{}", best_optimal.planner, plus(best_optimal.cache)),
        plain_requests_per_frame: plain,
        best_requests_per_frame: best.requests_per_frame,
        best: format!("{}{}", best.planner, plus(best.cache)),
        maps: out,
        units: UNITS,
        budget_ms: BUDGET_MS,
        destinations: DESTINATIONS,
    })
}

fn plus(cache: bool) -> &'static str {
    if cache {
        "+cache"
    } else {
        ""
    }
}

impl Report {
    /// Prints one table per map and the headline.
    pub fn print(&self, out: &mut Out) {
        let header = [
            "planner",
            "requests/frame",
            "frames",
            "wait (frames)",
            "over optimum",
            "worst over",
            "frame µs p50",
            "p95",
            "max",
            "cache hits",
        ];
        for map in &self.maps {
            let rows = |runs: &[Run]| -> Vec<Vec<String>> {
                runs.iter()
                    .map(|r| {
                        vec![
                            format!(
                                "{}{}{}",
                                r.planner,
                                plus(r.cache),
                                if r.curves { "+curves" } else { "" }
                            ),
                            table::num(r.requests_per_frame, 1),
                            r.frames.to_string(),
                            table::num(r.mean_wait_frames, 1),
                            format!("{:.2}%", r.mean_over_optimal * 100.0),
                            format!("{:.2}%", r.max_over_optimal * 100.0),
                            table::num(r.frame_us_p50, 0),
                            table::num(r.frame_us_p95, 0),
                            table::num(r.frame_us_max, 0),
                            r.cache_hits.to_string(),
                        ]
                    })
                    .collect()
            };
            table::print(
                out,
                &format!(
                    "Game scene on {}: {} units, goals from {} points of interest, {} ms of search a frame",
                    map.map, self.units, self.destinations, self.budget_ms
                ),
                &header,
                &rows(&map.runs),
            );
            for (planner, why) in &map.refused {
                out.line(&format!("  {planner}: {why}"));
            }
            table::print(
                out,
                &format!("Game scene on {}: every unit to one rally point", map.map),
                &header,
                &rows(&map.rally),
            );
        }
        out.line(&format!(
            "\nOn {ARTICLE_MAP}: plain A* serves {:.1} requests a frame, the best ({}) {:.1}: {:.1}x.",
            self.plain_requests_per_frame,
            self.best,
            self.best_requests_per_frame,
            self.best_requests_per_frame / self.plain_requests_per_frame.max(1e-9)
        ));
        out.line(&format!(
            "With optimal paths only: the best ({}) {:.1}: {:.1}x.",
            self.best_optimal,
            self.best_optimal_requests_per_frame,
            self.best_optimal_requests_per_frame / self.plain_requests_per_frame.max(1e-9)
        ));
    }
}
