//! Properties every registered algorithm must have, checked through the one stepping interface on seeded
//! random maps (terrain and uniform-cost, 4- and 8-neighbour with every corner rule):
//! - a search the registry says it cannot do is refused by `begin` with `SearchError::Unsupported`;
//! - stepping to the end and `run` give identical paths, costs and counters;
//! - a path of grid moves is legal and costs what the search reports;
//! - an algorithm registered as optimal finds the optimum at w = 1 with an admissible heuristic.
//!
//! Algorithms with properties of their own (any-angle paths, bounded suboptimality) add tests in their own
//! files; this one holds for all of them.

mod common;

use astar_core::search::registry::{self, check_supported, Mark, ALGORITHMS};
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
        let (mut one_shot, mut incremental) = ((info.make)(), (info.make)());
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
        let mut engine = registry::make(info.algorithm);
        match engine.begin(&grid, &p, 0, 7) {
            Ok(()) => assert!(info.movement.four && !info.uniform_cost_only),
            Err(SearchError::Unsupported(why)) => {
                assert!(why.starts_with(info.title), "{why}");
                assert!(why.contains("needs"), "{why}");
            }
            Err(e) => panic!("{}: {e}", info.name),
        }
    }
}

#[test]
fn every_algorithm_makes_the_recorded_searches() {
    use astar_core::search::fingerprint::{algorithm_fingerprints, RECORDED, RECORDED_SEARCHES};
    let now = algorithm_fingerprints(RECORDED_SEARCHES);
    let lines: Vec<String> = now.iter().map(|(n, h)| format!("{n} {h}")).collect();
    if std::env::var_os("ASTAR_RECORD_FINGERPRINTS").is_some() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/search/algorithm_fingerprints.txt"
        );
        std::fs::write(path, lines.join("\n") + "\n").unwrap();
        return;
    }
    let recorded: Vec<&str> = RECORDED.lines().collect();
    for line in &lines {
        let name = line.split(' ').next().unwrap();
        let then = recorded.iter().find(|l| l.split(' ').next() == Some(name));
        assert_eq!(
            then.copied(),
            Some(line.as_str()),
            "{name}: its searches changed (or it is new); if intended, rerun with \
             ASTAR_RECORD_FINGERPRINTS=1 and say why in the commit"
        );
    }
    assert_eq!(recorded.len(), lines.len(), "an algorithm was removed");
}
