//! `astar check`: solves the problems of a Moving AI scenario file and compares each cost with the
//! file's optimal length (A*, w = 1, octile, 8-neighbour, no corner cutting, uniform costs: the
//! benchmark's movement model, see data/movingai/SOURCES.md).
//!
//! Output: one line per mismatch, then a summary; with `--json` the last line is exactly
//! `{"scenarios":N,"mismatches":M,"expanded":E,"search_ms":T}`. Exit status 0 when every problem
//! matches, 1 on any mismatch (a problem off the map or on a wall counts as one), 2 on bad input (a
//! scenario without problems included: it would check nothing).

use crate::cli::number;
use crate::mapfile;
use crate::solve::passable_cell;
use astar_core::formats::movingai::{self, Problem};
use astar_core::{Grid, Outcome, Search, SearchParams, TerrainCosts};
use std::time::Instant;

/// `astar check`'s command line.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The benchmark's model: A*, w = 1, octile, 8-neighbour, no corner cutting, \
uniform costs. Exit status 0 when every problem matches, 1 on any mismatch, 2 on bad input."
)]
pub struct CheckArgs {
    /// The Moving AI map
    #[arg(long, value_name = "FILE.map")]
    map: String,
    /// Its scenario file, with the optimal length of each problem
    #[arg(long, value_name = "FILE.map.scen")]
    scen: String,
    /// Check N problems spread evenly over the file (the same ones every run) instead of all
    #[arg(long, value_name = "N", value_parser = number::<usize>("a whole number of problems"))]
    limit: Option<usize>,
    /// End with one line of JSON: {"scenarios","mismatches","expanded","search_ms"}
    #[arg(long)]
    json: bool,
}

/// The summary line of `--json`, in this field order.
#[derive(serde::Serialize)]
struct Summary {
    scenarios: usize,
    mismatches: usize,
    expanded: u64,
    search_ms: f64,
}

/// `count` problem indices spread evenly over `0..len` (all of them when `count >= len`).
pub fn evenly(len: usize, count: usize) -> Vec<usize> {
    if count >= len {
        return (0..len).collect();
    }
    (0..count).map(|i| i * len / count).collect()
}

/// Runs `astar check`; returns the exit status.
pub fn run(args: &CheckArgs) -> Result<i32, String> {
    let (map_path, scen_path, limit, json) = (&args.map, &args.scen, args.limit, args.json);
    if limit == Some(0) {
        return Err("--limit 0 checks nothing: give at least 1".into());
    }

    let mut grid = mapfile::load(map_path)?.map.grid;
    // The benchmark gives every passable cell the same cost, whatever its letter or our terrain.
    grid.set_costs(TerrainCosts::UNIFORM)
        .map_err(|e| e.to_string())?;
    let scen = mapfile::read_text(scen_path)?;
    let problems = movingai::parse_scen(&scen).map_err(|e| format!("{scen_path}: {e}"))?;
    if problems.is_empty() {
        return Err(format!(
            "{scen_path}: the scenario lists no problems, so there is nothing to check"
        ));
    }
    let map_name = std::path::Path::new(map_path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if let Some(other) = problems.iter().find(|p| p.map != map_name) {
        eprintln!(
            "astar: note: {scen_path} names the map {:?}; checking its problems on {map_path}",
            other.map
        );
    }

    let chosen = evenly(problems.len(), limit.unwrap_or(usize::MAX));
    let mut search = Search::new();
    let params = SearchParams::default(); // A*, w = 1, octile, 8-neighbour, no corner cutting
    let (mut mismatches, mut expanded, mut search_ns) = (0usize, 0u64, 0u128);
    let mut out = crate::Out::new();
    for &i in &chosen {
        let p = &problems[i];
        let verdict = match endpoints(&grid, p) {
            Err(problem) => Some(problem),
            Ok((start, goal)) => {
                let started = Instant::now();
                let r = search
                    .solve(&grid, &params, start, goal)
                    .map_err(|e| e.to_string())?;
                search_ns += started.elapsed().as_nanos();
                expanded += r.counters.expanded;
                match r.outcome {
                    Outcome::Found if p.matches(r.cost_f64()) => None,
                    Outcome::Found => Some(format!(
                        "cost {:.8} but optimal is {}",
                        r.cost_f64(),
                        p.optimal
                    )),
                    _ => Some(format!("no path found but optimal is {}", p.optimal)),
                }
            }
        };
        if let Some(why) = verdict {
            mismatches += 1;
            out.line(&format!(
                "mismatch: problem {} (bucket {}): ({}, {}) -> ({}, {}): {why}",
                i + 1,
                p.bucket,
                p.start_x,
                p.start_y,
                p.goal_x,
                p.goal_y
            ));
        }
    }
    let search_ms = (search_ns as f64 / 1e6 * 1000.0).round() / 1000.0;
    if json {
        let summary = Summary {
            scenarios: chosen.len(),
            mismatches,
            expanded,
            search_ms,
        };
        out.line(&serde_json::to_string(&summary).map_err(|e| e.to_string())?);
    } else {
        out.line(&format!(
            "{scen_path}: {} of {} scenarios checked, {mismatches} mismatches, {expanded} expanded, search {search_ms} ms",
            chosen.len(),
            problems.len()
        ));
    }
    Ok(if mismatches == 0 { 0 } else { 1 })
}

/// The start and goal cells of `p` on `grid`, or why the problem cannot be solved there.
fn endpoints(grid: &Grid, p: &Problem) -> Result<(u32, u32), String> {
    if (p.width, p.height) != (grid.width(), grid.height()) {
        return Err(format!(
            "the problem is for a {} x {} map, this map is {} x {}",
            p.width,
            p.height,
            grid.width(),
            grid.height()
        ));
    }
    let cell = |what: &str, x: u32, y: u32| passable_cell(grid, what, x.into(), y.into());
    Ok((
        cell("start", p.start_x, p.start_y)?,
        cell("goal", p.goal_x, p.goal_y)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evenly_spreads_and_keeps_all_when_asked_for_more() {
        assert_eq!(evenly(10, 3), vec![0, 3, 6]);
        assert_eq!(evenly(3, 10), vec![0, 1, 2]);
        assert_eq!(evenly(5, 5), vec![0, 1, 2, 3, 4]);
    }
}
