//! The Moving AI oracle: the optimal lengths in `data/movingai/*.map.scen` (the benchmark maps vendored in
//! the repository, see its SOURCES.md) are reproduced by A* (w = 1, octile, 8-neighbour, no corner
//! cutting, uniform costs).
//!
//! Small maps (at most 256 × 256 cells and at most 1,000 problems) are checked in full; larger maps on
//! [`SAMPLE`] evenly spaced problems (the same ones every run), which keeps `cargo test --release` short.
//! `scripts/check-all.sh` checks every problem of every map with the CLI (and of the full benchmark sets,
//! given their folder). A missing data folder is a failure, not a skip: the oracle is the proof of
//! correctness.

use crate::common;

use astar_core::formats::movingai::{parse_map, parse_scen, Problem};
use astar_core::{Grid, Outcome, Search, SearchParams};
use std::path::PathBuf;

/// Problems checked per large map.
const SAMPLE: usize = 300;

/// The vendored set, one of each kind of map the benchmarks have: a game map (two: arena also tells the
/// corner rules apart), a city, a maze, random maps and rooms.
const VENDORED: [&str; 7] = [
    "8room_000.map",
    "Berlin_0_256.map",
    "arena.map",
    "den312d.map",
    "maze512-32-0.map",
    "random512-10-0.map",
    "random512-25-0.map",
];

/// Every `.map` in the data folder with its `.map.scen`, sorted by name; panics if the folder is missing.
fn map_files() -> Vec<(String, PathBuf, PathBuf)> {
    let dir = common::movingai_dir();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "the Moving AI data folder {} cannot be read ({e}): the oracle needs the repository's \
             data/movingai",
            dir.display()
        )
    });
    let mut maps: Vec<(String, PathBuf, PathBuf)> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "map"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let scen = p.with_file_name(format!("{name}.scen"));
            (name, p, scen)
        })
        .collect();
    maps.sort();
    assert!(!maps.is_empty(), "no .map file in {}", dir.display());
    maps
}

fn load(map: &PathBuf, scen: &PathBuf) -> (Grid, Vec<Problem>) {
    let read = |p: &PathBuf| {
        std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
    };
    let grid = parse_map(&read(map)).unwrap_or_else(|e| panic!("{}: {e}", map.display()));
    let problems = parse_scen(&read(scen)).unwrap_or_else(|e| panic!("{}: {e}", scen.display()));
    (grid, problems)
}

/// `count` indices spread evenly over `0..len` (all of them when `len <= count`).
fn evenly(len: usize, count: usize) -> Vec<usize> {
    if len <= count {
        return (0..len).collect();
    }
    (0..count).map(|i| i * len / count).collect()
}

#[test]
fn every_map_and_scenario_file_parses_and_agrees_with_itself() {
    let maps = map_files();
    let names: Vec<&str> = maps.iter().map(|(n, _, _)| n.as_str()).collect();
    assert_eq!(names, VENDORED, "the vendored map/scenario pairs");
    for (name, map, scen) in &maps {
        let (grid, problems) = load(map, scen);
        let lines = std::fs::read_to_string(scen)
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .count();
        assert_eq!(
            problems.len(),
            lines - 1,
            "{name}: one problem a line after the version line"
        );
        // The map's header and its rows agree with what the scenario file says about the map.
        for (i, p) in problems.iter().enumerate() {
            assert_eq!(&p.map, name, "{name}: problem {i} names another map");
            assert_eq!(
                (p.width, p.height),
                (grid.width(), grid.height()),
                "{name}: problem {i}"
            );
            let start = grid
                .checked_cell(p.start_x as i64, p.start_y as i64)
                .unwrap();
            let goal = grid.checked_cell(p.goal_x as i64, p.goal_y as i64).unwrap();
            assert!(
                grid.is_passable(start) && grid.is_passable(goal),
                "{name}: problem {i}"
            );
        }
        // Round trip through the writer: the same passable cells.
        let again = parse_map(&astar_core::formats::movingai::write_map(&grid)).unwrap();
        assert_eq!(again, grid, "{name}: write_map then parse_map");
    }
}

/// One map's share of the oracle: its name, the problems chosen, and the data.
struct Job {
    name: String,
    grid: Grid,
    problems: Vec<Problem>,
    chosen: Vec<usize>,
}

/// Solves the chosen problems of one map; returns a report line and the mismatches.
fn check(job: &Job, search: &mut Search) -> (String, Vec<String>) {
    let params = SearchParams::default(); // A*, w = 1, octile, 8-neighbour, no corner cutting
    let started = std::time::Instant::now();
    let mut expanded = 0;
    let mut failures = vec![];
    for &i in &job.chosen {
        let p = &job.problems[i];
        let start = job.grid.cell(p.start_x, p.start_y);
        let goal = job.grid.cell(p.goal_x, p.goal_y);
        let r = search.solve(&job.grid, &params, start, goal).unwrap();
        expanded += r.counters.expanded;
        if r.outcome != Outcome::Found || !p.matches(r.cost_f64()) {
            failures.push(format!(
                "{} problem {i}: ({}, {}) -> ({}, {}): {:?} cost {} but optimal is {}",
                job.name,
                p.start_x,
                p.start_y,
                p.goal_x,
                p.goal_y,
                r.outcome,
                r.cost_f64(),
                p.optimal
            ));
        }
    }
    let line = format!(
        "{}: {} of {} problems, {expanded} expanded, {:?}",
        job.name,
        job.chosen.len(),
        job.problems.len(),
        started.elapsed()
    );
    (line, failures)
}

#[test]
fn astar_reproduces_the_optimal_lengths() {
    let mut jobs: Vec<Job> = map_files()
        .into_iter()
        .map(|(name, map, scen)| {
            let (grid, problems) = load(&map, &scen);
            let small = grid.len() <= 256 * 256 && problems.len() <= 1000;
            let chosen = evenly(problems.len(), if small { usize::MAX } else { SAMPLE });
            assert!(chosen.len() >= SAMPLE.min(problems.len()), "{name}");
            if small {
                assert_eq!(
                    chosen.len(),
                    problems.len(),
                    "{name}: small maps are checked in full"
                );
            }
            Job {
                name,
                grid,
                problems,
                chosen,
            }
        })
        .collect();
    // Biggest first, shared among one worker per core: the slowest map bounds the wall time.
    jobs.sort_by_key(|j| std::cmp::Reverse(j.grid.len() * j.chosen.len()));
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(jobs.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(vec![]);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut search = Search::new();
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let result = check(job, &mut search);
                    results.lock().unwrap().push(result);
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort();
    assert_eq!(results.len(), jobs.len(), "every map was checked");
    // Shown with --nocapture: what was checked and how long each map took.
    let report: Vec<&str> = results.iter().map(|(line, _)| line.as_str()).collect();
    println!("{}", report.join("\n"));
    let failures: Vec<&String> = results.iter().flat_map(|(_, f)| f).collect();
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn corner_cutting_would_be_caught() {
    // The oracle can tell the rules apart: with corner cutting allowed, some optimal lengths on a map
    // with wall corners are no longer reproduced. Without this the oracle test could pass vacuously.
    let (_, map, scen) = map_files()
        .into_iter()
        .find(|(n, _, _)| n == "arena.map")
        .expect("arena.map");
    let (grid, problems) = load(&map, &scen);
    let params = SearchParams {
        movement: astar_core::Movement::Eight(astar_core::CornerRule::AlwaysCut),
        ..SearchParams::default()
    };
    let mut search = Search::new();
    let wrong = problems
        .iter()
        .filter(|p| {
            let r = search
                .solve(
                    &grid,
                    &params,
                    grid.cell(p.start_x, p.start_y),
                    grid.cell(p.goal_x, p.goal_y),
                )
                .unwrap();
            !p.matches(r.cost_f64())
        })
        .count();
    assert!(wrong > 0, "corner cutting reproduced every optimal length");
}
