//! `astar check`: solves the problems of a Moving AI scenario file and compares each cost with the
//! file's optimal length (w = 1, octile, 8-neighbour, no corner cutting, uniform costs: the
//! benchmark's movement model, see data/movingai/SOURCES.md), with A* or any registered algorithm
//! (`--algorithm`).
//!
//! Every path is first checked on its own (`search::validate`): legal grid moves, or for an any-angle
//! algorithm segments with line of sight. Then what counts as a mismatch depends on what the algorithm
//! promises (its registry row):
//! - optimal algorithms (A*, Dijkstra, JPS, bidirectional A*): a cost other than the optimal length;
//! - any-angle algorithms (Theta*): a path longer than the optimal grid length;
//! - the others (greedy, breadth-first, dynamic weighting): only an invalid path or no path.
//!
//! Output: one line per mismatch, then a summary; with `--json` the last line is exactly
//! `{"scenarios":N,"mismatches":M,"expanded":E,"search_ms":T}`, plus `"mean_ratio"` (mean path length
//! or cost / optimal length), `"mean_over_optimal"` and `"max_over_optimal"` (the mean and largest
//! cost / optimal − 1, fractions: 0.012 = 1.2%) for algorithms that do not promise the optimum (HPA*:
//! `--cluster K` sets its cluster size). Exit status 0 when every
//! problem matches, 1 on any mismatch (a problem off the map or on a wall counts as one), 2 on bad input
//! (a scenario without problems included: it would check nothing).

use crate::args::{
    algorithm_help, check_cluster_flag, cluster_help, named, whole, DEFAULT_ALGORITHM,
};
use crate::mapfile;
use crate::mismatch::{longer_than_printed, mismatch_line};
use crate::out::Out;
use astar_core::formats::movingai::{self, Problem};
use astar_core::names::Named;
use astar_core::navmesh::searches::SearchKind;
use astar_core::search::registry::{self, Mark};
use astar_core::search::validate;
use astar_core::{
    cost, Algorithm, Grid, Movement, Outcome, SearchParams, SearchResult, TerrainCosts,
};
use clap::builder::{PossibleValue, TypedValueParser};
use std::time::Instant;

/// `astar check`'s command line.
#[derive(Debug, clap::Args)]
#[command(after_help = model_help())]
pub struct CheckArgs {
    /// The Moving AI map
    #[arg(long, value_name = "FILE.map")]
    map: String,
    /// Its scenario file, with the optimal length of each problem
    #[arg(long, value_name = "FILE.map.scen")]
    scen: String,
    #[arg(long, value_name = "NAME", value_parser = CheckedParser,
          help = algorithm_help("The search to check: an algorithm, or a search on the navigation mesh"))]
    algorithm: Option<CheckedAlgorithm>,
    /// Check N problems spread evenly over the file (the same ones every run) instead of all
    #[arg(long, value_name = "N", value_parser = whole::<usize>("a whole number of problems", u32::MAX.into()))]
    limit: Option<usize>,
    #[arg(long, value_name = "K", value_parser = whole::<u32>("a whole number of cells", astar_core::MAX_SIDE.into()),
          help = cluster_help())]
    cluster: Option<u32>,
    /// End with one line of JSON: {"scenarios","mismatches","expanded","search_ms"}
    #[arg(long)]
    json: bool,
}

/// The help's closing lines: the benchmark's model, from the settings every search of `check` runs with.
fn model_help() -> String {
    let p = movingai::PARAMS;
    let corners = match p.movement {
        Movement::Four => String::new(),
        Movement::Eight(rule) => format!(", corners {}", rule.name()),
    };
    let costs = TerrainCosts::UNIFORM;
    format!(
        "Every search runs in the benchmark's model, whatever the algorithm: w = {}, heuristic {}, \
{}-neighbour moves{corners}, tie-break {}, costs {} (whatever the map's terrain). Exit status \
0 when every problem matches, 1 on any mismatch, 2 on bad input.",
        p.weight.get(),
        p.heuristic.name(),
        p.movement.neighbours().name(),
        p.tie_break.name(),
        costs.words(),
    )
}

/// What `--algorithm` names: an algorithm of the registry, or a search on the navigation mesh
/// (`polyanya`, `navmesh-astar`: see check_mesh.rs).
#[derive(Clone, Copy, Debug)]
pub enum CheckedAlgorithm {
    /// An algorithm on the grid.
    Grid(Algorithm),
    /// A search on the map's navigation mesh.
    Mesh(SearchKind),
}

/// `--algorithm`'s parser: a mesh search's name, else the registry's names (its help and messages).
#[derive(Clone, Copy, Debug)]
struct CheckedParser;

impl TypedValueParser for CheckedParser {
    type Value = CheckedAlgorithm;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<CheckedAlgorithm, clap::Error> {
        if let Some(kind) = value.to_str().and_then(SearchKind::from_name) {
            return Ok(CheckedAlgorithm::Mesh(kind));
        }
        named::<Algorithm>()
            .parse_ref(cmd, arg, value)
            .map(CheckedAlgorithm::Grid)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let grid = Algorithm::NAMES
            .iter()
            .map(|&(_, name)| PossibleValue::new(name));
        let mesh = SearchKind::ALL
            .into_iter()
            .map(|kind| PossibleValue::new(kind.name()));
        Some(Box::new(grid.chain(mesh)))
    }
}

/// The summary line of `--json`, in this field order.
#[derive(serde::Serialize)]
struct Summary {
    scenarios: usize,
    mismatches: usize,
    expanded: u64,
    search_ms: f64,
    /// Only for algorithms that do not promise the optimum.
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_ratio: Option<f64>,
    /// Only for algorithms that do not promise the optimum: the mean of (cost / optimal − 1) over the
    /// paths found (0.012 = 1.2% over).
    #[serde(skip_serializing_if = "Option::is_none")]
    mean_over_optimal: Option<f64>,
    /// Only for algorithms that do not promise the optimum: the largest (cost / optimal − 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    max_over_optimal: Option<f64>,
}

/// What an algorithm promises about its paths, which decides what `check` counts as a mismatch.
#[derive(Clone, Copy, PartialEq)]
enum Promise {
    /// The optimal cost.
    Optimal,
    /// The optimal length, priced exactly (see `Stepper::prices_exactly`): no allowance for the fixed
    /// point's diagonal.
    OptimalExactly,
    /// An any-angle path no longer than the optimal grid path.
    AnyAngle,
    /// A valid path, of some cost.
    SomePath,
}

/// `count` problem indices spread evenly over `0..len` (all of them when `count >= len`).
pub fn evenly(len: usize, count: usize) -> Vec<usize> {
    if count >= len {
        return (0..len).collect();
    }
    (0..count).map(|i| i * len / count).collect()
}

/// Runs `astar check`; returns the exit status.
pub fn run(args: &CheckArgs, out: &mut Out) -> Result<i32, String> {
    let (map_path, scen_path, limit, json) = (&args.map, &args.scen, args.limit, args.json);
    if limit == Some(0) {
        return Err("--limit 0 checks nothing: give at least 1".into());
    }

    let mut grid = mapfile::load(map_path)?.map.grid;
    // The benchmark gives every passable cell the same cost, whatever its letter or our terrain.
    grid.set_costs(TerrainCosts::UNIFORM)
        .map_err(|e| e.to_string())?;
    let scen = mapfile::read_text(scen_path)?;
    let problems = movingai::parse_scen_problems(&scen).map_err(|e| format!("{scen_path}: {e}"))?;
    let map_name = std::path::Path::new(map_path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if let Some(other) = problems.iter().find(|p| p.map != map_name) {
        out.note(format!(
            "{scen_path} names the map {:?}; checking its problems on {map_path}",
            other.map
        ));
    }

    let chosen = evenly(problems.len(), limit.unwrap_or(usize::MAX));
    let checked = args
        .algorithm
        .unwrap_or(CheckedAlgorithm::Grid(DEFAULT_ALGORITHM));
    if let CheckedAlgorithm::Mesh(kind) = checked {
        let found = crate::check_mesh::run(&grid, kind, &problems, &chosen, out);
        let search_ms = (found.search_ns as f64 / 1e6 * 1000.0).round() / 1000.0;
        return summarise(
            out,
            json,
            &chosen,
            problems.len(),
            scen_path,
            found.mismatches,
            found.expanded,
            search_ms,
            &found.ratios,
            true,
        );
    }
    let CheckedAlgorithm::Grid(algorithm) = checked else {
        unreachable!("a mesh search returned above")
    };
    check_cluster_flag(algorithm, args.cluster)?;
    let info = registry::info(algorithm);
    let promise = match (info.optimal, info.marks.contains(&Mark::ParentSegments)) {
        (_, true) => Promise::AnyAngle,
        (true, false) => Promise::Optimal,
        (false, false) => Promise::SomePath,
    };
    let mut search = astar_core::search::make(algorithm);
    // w = 1, octile, 8-neighbour, no corner cutting: the benchmark's model.
    let params = SearchParams {
        algorithm,
        cluster_size: args.cluster,
        ..movingai::PARAMS
    };
    let (mut mismatches, mut expanded, mut search_ns) = (0usize, 0u64, 0u128);
    let mut ratios = Vec::new();
    for &i in &chosen {
        let p = &problems[i];
        let verdict = match p.cells(&grid) {
            Err(why) => Some(format!("the problem {why}")),
            Ok((start, goal)) => {
                let started = Instant::now();
                let r = search
                    .solve(&grid, &params, start, goal)
                    .map_err(|e| e.to_string())?;
                search_ns += started.elapsed().as_nanos();
                expanded += r.counters.expanded;
                let promise = match (promise, search.prices_exactly()) {
                    (Promise::Optimal, true) => Promise::OptimalExactly,
                    (promise, _) => promise,
                };
                verdict(&grid, &params, &r, p, promise, &mut ratios)
            }
        };
        if let Some(why) = verdict {
            mismatches += 1;
            out.line(&mismatch_line(i, p, &why));
        }
    }
    let search_ms = (search_ns as f64 / 1e6 * 1000.0).round() / 1000.0;
    let not_optimal = promise != Promise::Optimal;
    summarise(
        out,
        json,
        &chosen,
        problems.len(),
        scen_path,
        mismatches,
        expanded,
        search_ms,
        &ratios,
        not_optimal,
    )
}

/// Writes the summary (one line of JSON with `json`) and gives the exit status: 0 when nothing
/// mismatched, else 1. The ratios' mean and largest excess are written for a search that does not
/// promise the optimum.
#[allow(clippy::too_many_arguments)]
fn summarise(
    out: &mut Out,
    json: bool,
    chosen: &[usize],
    problem_count: usize,
    scen_path: &str,
    mismatches: usize,
    expanded: u64,
    search_ms: f64,
    ratios: &[f64],
    not_optimal: bool,
) -> Result<i32, String> {
    let over = |r: &f64| r - 1.0;
    let rounded = |x: f64| (x * 1e6).round() / 1e6;
    if json {
        let summary = Summary {
            scenarios: chosen.len(),
            mismatches,
            expanded,
            search_ms,
            mean_ratio: not_optimal
                .then(|| ratios.iter().sum::<f64>() / ratios.len().max(1) as f64),
            mean_over_optimal: not_optimal.then(|| {
                rounded(ratios.iter().map(over).sum::<f64>() / ratios.len().max(1) as f64)
            }),
            max_over_optimal: not_optimal
                .then(|| rounded(ratios.iter().map(over).fold(f64::NEG_INFINITY, f64::max)))
                .map(|max| if max.is_finite() { max } else { 0.0 }),
        };
        out.line(&serde_json::to_string(&summary).map_err(|e| e.to_string())?);
    } else {
        out.line(&format!(
            "{scen_path}: {} of {problem_count} scenarios checked, {mismatches} mismatches, {expanded} expanded, search {search_ms} ms",
            chosen.len(),
        ));
    }
    Ok(if mismatches == 0 { 0 } else { 1 })
}

/// Why the result `r` of problem `p` is a mismatch for an algorithm promising `promise`, or `None`;
/// the length (or cost) over the optimal length of a valid path is added to `ratios`.
fn verdict(
    grid: &Grid,
    params: &SearchParams,
    r: &SearchResult,
    p: &Problem,
    promise: Promise,
    ratios: &mut Vec<f64>,
) -> Option<String> {
    if r.outcome != Outcome::Found {
        return Some(format!("no path found but optimal is {}", p.optimal));
    }
    let length = match promise {
        Promise::AnyAngle => validate::any_angle_length(grid, params.movement, &r.path),
        _ => validate::grid_path_cost(grid, params.movement, &r.path).and_then(|c| {
            match c == r.cost {
                true => validate::grid_path_length(grid, params.movement, &r.path),
                false => Err(format!(
                    "the path costs {:.8}, not the {:.8} reported",
                    cost::to_f64(c),
                    r.cost_f64()
                )),
            }
        }),
    };
    let length = match length {
        Ok(length) => length,
        Err(why) => return Some(format!("invalid path: {why}")),
    };
    if p.optimal > 0.0 {
        ratios.push(length / p.optimal);
    }
    match promise {
        Promise::Optimal if !p.matches(length) => {
            Some(format!("cost {length:.8} but optimal is {}", p.optimal))
        }
        Promise::OptimalExactly if !p.matches_exactly(length) => {
            Some(format!("cost {length:.8} but optimal is {}", p.optimal))
        }
        Promise::AnyAngle if longer_than_printed(length, p.optimal, p.decimals) => Some(format!(
            "length {length:.8} is longer than the optimal grid length {}",
            p.optimal
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_any_angle_path_as_long_as_the_printed_optimum_is_not_longer() {
        // Berlin_0_256, problem 97 of the scenario file: a straight diagonal of 27 steps.
        let diagonal = 27.0 * std::f64::consts::SQRT_2;
        assert!(!longer_than_printed(diagonal, 38.18376617, 8));
        assert!(!longer_than_printed(38.0, 38.18376617, 8));
        assert!(longer_than_printed(38.1838, 38.18376617, 8));
        assert!(longer_than_printed(10.6, 10.0, 0) && !longer_than_printed(10.4, 10.0, 0));
    }

    #[test]
    fn evenly_spreads_and_keeps_all_when_asked_for_more() {
        assert_eq!(evenly(10, 3), vec![0, 3, 6]);
        assert_eq!(evenly(3, 10), vec![0, 1, 2]);
        assert_eq!(evenly(5, 5), vec![0, 1, 2, 3, 4]);
    }
}
