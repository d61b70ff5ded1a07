//! Properties every registered algorithm must have, checked through the one stepping interface on seeded
//! random maps (terrain and uniform-cost, 4- and 8-neighbour with every corner rule):
//! - a search the registry says it cannot do is refused by `begin` with `SearchError::Unsupported`;
//! - stepping to the end and `run` give identical paths, costs and counters;
//! - a path of grid moves is legal and costs what the search reports;
//! - an algorithm registered as optimal finds the optimum at w = 1 with an admissible heuristic.
//!
//! Algorithms with properties of their own (any-angle paths, bounded suboptimality) add tests in their own
//! files; this one holds for all of them.

use crate::common;

use astar_core::search::registry::{check_supported, Mark, ALGORITHMS};
use astar_core::search::{SearchError, Step, Stepper};
use astar_core::{Grid, Heuristic, Movement, Outcome, SearchParams, Terrain, TieBreak};
use common::{dijkstra, path_cost, random_problem, uniform, MOVEMENTS};

const SEEDS: u64 = 120;

fn params(algorithm: astar_core::Algorithm, movement: Movement) -> SearchParams {
    SearchParams {
        algorithm,
        heuristic: Heuristic::best_admissible(movement),
        movement,
        tie_break: TieBreak::LowerH,
        ..SearchParams::default()
    }
}

/// Steps `engine` to the end and returns its result.
fn stepped(
    engine: &mut dyn Stepper,
    grid: &Grid,
    p: &SearchParams,
    start: u32,
    goal: u32,
) -> astar_core::SearchResult {
    engine.begin(grid, p, start, goal).unwrap();
    let mut steps = 0u64;
    while let Step::Expanded(_) = engine.step(grid) {
        steps += 1;
        assert!(steps <= 4 * grid.len() as u64 + 8, "stepping never ends");
    }
    engine.result().unwrap()
}

#[test]
fn every_algorithm_refuses_what_it_cannot_do_steps_like_it_runs_and_is_optimal_when_it_says_so() {
    let mut checked = vec![0u32; ALGORITHMS.len()];
    for (index, info) in ALGORITHMS.iter().enumerate() {
        let (mut one_shot, mut incremental) = (
            astar_core::search::make(info.algorithm),
            astar_core::search::make(info.algorithm),
        );
        incremental.set_trace(true);
        for seed in 0..SEEDS {
            let problem = random_problem(seed);
            let grid = match seed % 2 {
                0 => problem.grid.clone(),
                _ => uniform(&problem.grid),
            };
            for movement in MOVEMENTS {
                let p = params(info.algorithm, movement);
                let context = format!("{} seed {seed} {movement:?}", info.name);
                if let Err(e) = check_supported(&grid, &p) {
                    let refused = one_shot.begin(&grid, &p, problem.start, problem.goal);
                    assert_eq!(refused, Err(e), "{context}: begin must refuse");
                    continue;
                }
                let run = one_shot
                    .solve(&grid, &p, problem.start, problem.goal)
                    .unwrap();
                let step = stepped(incremental.as_mut(), &grid, &p, problem.start, problem.goal);
                assert_eq!(run, step, "{context}: stepping and running differ");
                let optimal = dijkstra(&grid, movement, problem.start, problem.goal);
                if run.outcome == Outcome::Found && !info.marks.contains(&Mark::ParentSegments) {
                    let cost = path_cost(&grid, movement, problem.start, &run.path);
                    assert_eq!(cost, run.cost, "{context}: reported cost");
                    assert_eq!(run.path.last(), Some(&problem.goal), "{context}");
                }
                match optimal {
                    None => assert_eq!(run.outcome, Outcome::Unreachable, "{context}"),
                    Some(cost) => {
                        assert_eq!(run.outcome, Outcome::Found, "{context}");
                        if info.optimal && !info.marks.contains(&Mark::ParentSegments) {
                            assert_eq!(run.cost, cost, "{context}: not optimal");
                        }
                    }
                }
                checked[index] += 1;
            }
        }
    }
    for (info, count) in ALGORITHMS.iter().zip(&checked) {
        assert!(
            *count >= SEEDS as u32,
            "{} ran on only {count} problems",
            info.name
        );
    }
}

#[test]
fn an_unsupported_search_is_refused_with_a_sentence() {
    let mut grid = Grid::from_ascii("....\n....").unwrap();
    grid.set_terrain(1, Terrain::Swamp);
    for info in ALGORITHMS {
        let p = params(info.algorithm, Movement::Four);
        let mut engine = astar_core::search::make(info.algorithm);
        match engine.begin(&grid, &p, 0, 7) {
            Ok(()) => assert!(info.movement.four && !info.uniform_cost_only),
            Err(SearchError::Unsupported(why)) => {
                let why = why.to_string();
                assert!(why.starts_with(info.title), "{why}");
                assert!(why.contains("needs"), "{why}");
            }
            Err(e) => panic!("{}: {e}", info.name),
        }
    }
}

/// Where every algorithm's searches are recorded, one line each (see `astar_core::search::fingerprint`).
const SEARCHES_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/algorithm_searches.txt");
const FINGERPRINTS_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/search/algorithm_fingerprints.txt"
);

/// The first difference between a recorded search line and the one made now, in words: the search and
/// its map, then each counter that changed ("expanded 153 -> 160"), or that only the rest (order of
/// expansions, trace, path, details) did.
fn what_changed(name: &str, then: &str, now: &str) -> String {
    let parts = |line: &str| line.split(" | ").map(str::to_owned).collect::<Vec<_>>();
    let (then, now) = (parts(then), parts(now));
    if then[0] != now[0] {
        return format!(
            "{name}: the problems differ: recorded \"{}\", now \"{}\"",
            then[0], now[0]
        );
    }
    let pairs = |part: &str| {
        let words: Vec<&str> = part.split(' ').collect();
        words
            .chunks(2)
            .map(|w| (w[0].to_owned(), w.get(1).copied().unwrap_or("").to_owned()))
            .collect::<Vec<_>>()
    };
    let (was, is) = (pairs(&then[1]), pairs(&now[1]));
    let changed: Vec<String> = was
        .iter()
        .zip(&is)
        .filter(|(a, b)| a != b)
        .map(|((key, a), (_, b))| format!("{key} {a} -> {b}"))
        .collect();
    let what = if changed.is_empty() {
        "the same counters, but the rest changed (the order of expansions, the trace, the path or a detail)".to_owned()
    } else {
        changed.join(", ")
    };
    format!("{name}, {}: {what}", then[0])
}

#[test]
fn every_algorithm_makes_the_recorded_searches() {
    use astar_core::search::fingerprint::{
        algorithm_fingerprints, search_prints, RECORDED_SEARCHES,
    };
    use astar_core::search::registry::ALGORITHMS;
    let now: Vec<(String, String)> = ALGORITHMS
        .iter()
        .filter(|info| info.available)
        .flat_map(|info| {
            search_prints(info, RECORDED_SEARCHES)
                .into_iter()
                .map(|line| (info.name.to_owned(), line))
        })
        .collect();
    let fingerprints: Vec<String> = algorithm_fingerprints(RECORDED_SEARCHES)
        .iter()
        .map(|(name, hash)| format!("{name} {hash}"))
        .collect();
    if std::env::var_os("ASTAR_RECORD_FINGERPRINTS").is_some() {
        let lines: Vec<String> = now
            .iter()
            .map(|(name, line)| format!("{name} {line}"))
            .collect();
        std::fs::write(SEARCHES_FILE, lines.join("\n") + "\n").unwrap();
        std::fs::write(FINGERPRINTS_FILE, fingerprints.join("\n") + "\n").unwrap();
        return;
    }
    let recorded = std::fs::read_to_string(SEARCHES_FILE).unwrap();
    let recorded: Vec<(&str, &str)> = recorded
        .lines()
        .map(|l| l.split_once(' ').unwrap())
        .collect();
    let again = "if intended, rerun with ASTAR_RECORD_FINGERPRINTS=1 and say why in the commit";
    for name in now
        .iter()
        .map(|(name, _)| name.as_str())
        .collect::<std::collections::BTreeSet<_>>()
    {
        let mine: Vec<&str> = now
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, l)| l.as_str())
            .collect();
        let theirs: Vec<&str> = recorded
            .iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, l)| *l)
            .collect();
        assert!(
            !theirs.is_empty(),
            "{name}: no recorded searches (a new algorithm?); {again}"
        );
        for (then, is) in theirs.iter().zip(&mine) {
            assert!(then == is, "{}; {again}", what_changed(name, then, is));
        }
        assert_eq!(
            theirs.len(),
            mine.len(),
            "{name}: the number of searches changed; {again}"
        );
    }
    let names = |lines: &[(&str, &str)]| {
        lines
            .iter()
            .map(|(n, _)| n.to_string())
            .collect::<std::collections::BTreeSet<_>>()
    };
    assert_eq!(
        names(&recorded),
        now.iter().map(|(n, _)| n.clone()).collect(),
        "an algorithm was removed; {again}"
    );
    // The wasm build compares the per-algorithm fingerprints: they must be these searches' own.
    assert_eq!(
        astar_core::search::fingerprint::RECORDED
            .lines()
            .collect::<Vec<_>>(),
        fingerprints.iter().map(String::as_str).collect::<Vec<_>>(),
        "algorithm_fingerprints.txt does not match the recorded searches; {again}"
    );
}
