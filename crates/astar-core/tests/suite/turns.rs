//! The turn penalty (`penalty.rs`, searched by `search/turns.rs`) against an independent reference: a
//! Dijkstra written here over states (cell, direction of the last move), with the step costs of
//! `common::moves` (terrain and extras from their definitions) and each change of direction charged the
//! penalty:
//! - Dijkstra and A* (w = 1, admissible heuristic) find the reference's optimum on random maps with
//!   terrain, roads, extras and 4 or 8 neighbours; weighted A* stays within w of it; greedy and BFS find
//!   legal paths; every reported cost, BFS's too, is the path's cost counted from its cells;
//! - A* with dynamic weighting stays within w₀ of it, reopening states as its bound needs, and at w₀ = 1
//!   searches as A* does;
//! - the algorithms that cannot price turns refuse exactly when the map has a turn penalty;
//! - stepping gives what running gives; the session's optimum and stats follow the penalty;
//! - a turn penalty of 0 changes nothing (the fast engine runs).

use crate::common;

use astar_core::rng::Rng;
use astar_core::search::registry::{self, Unmet, ALGORITHMS};
use astar_core::search::Stepper;
use astar_core::{Algorithm, Grid, Heuristic, Movement, Outcome, SearchParams, Weight};
use common::{moves, path_cost, random_problem, MOVEMENTS};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

type Cost = u64;

/// Fixed-point units of one turn at `tenths` (a turn of 1 costs an orthogonal plain step).
fn turn_units(tenths: u16) -> Cost {
    tenths as Cost * astar_core::cost::STRAIGHT_PER_TENTH
}

/// The direction of the move a -> b.
fn direction(grid: &Grid, a: u32, b: u32) -> (i64, i64) {
    let ((ax, ay), (bx, by)) = (grid.xy(a), grid.xy(b));
    (bx as i64 - ax as i64, by as i64 - ay as i64)
}

/// The cheapest cost from `start` to `goal` with each change of direction charged `turn`: Dijkstra over
/// (cell, direction entered with), the start with none. `None` when unreachable.
fn reference(grid: &Grid, movement: Movement, start: u32, goal: u32, turn: Cost) -> Option<Cost> {
    type State = (u32, Option<(i64, i64)>);
    let mut dist: HashMap<State, Cost> = HashMap::new();
    let mut heap = BinaryHeap::new();
    dist.insert((start, None), 0);
    heap.push(Reverse((0, start, None)));
    while let Some(Reverse((d, cell, heading))) = heap.pop() {
        if dist.get(&(cell, heading)) != Some(&d) {
            continue;
        }
        if cell == goal {
            return Some(d);
        }
        for (next, step) in moves(grid, movement, cell) {
            let dir = direction(grid, cell, next);
            let turned = heading.is_some_and(|h| h != dir);
            let nd = d + step + if turned { turn } else { 0 };
            let state = (next, Some(dir));
            if dist.get(&state).is_none_or(|&old| nd < old) {
                dist.insert(state, nd);
                heap.push(Reverse((nd, next, Some(dir))));
            }
        }
    }
    None
}

/// A path's cost counted from its cells: the reference step costs plus `turn` a change of direction.
fn reference_path_cost(
    grid: &Grid,
    movement: Movement,
    start: u32,
    path: &[u32],
    turn: Cost,
) -> Cost {
    let turns = path
        .windows(2)
        .map(|pair| direction(grid, pair[0], pair[1]))
        .collect::<Vec<_>>()
        .windows(2)
        .filter(|pair| pair[0] != pair[1])
        .count() as Cost;
    path_cost(grid, movement, start, path) + turns * turn
}

fn params(algorithm: Algorithm, movement: Movement) -> SearchParams {
    SearchParams {
        algorithm,
        heuristic: Heuristic::best_admissible(movement),
        movement,
        ..SearchParams::default()
    }
}

/// A random problem of `seed` with a turn penalty of 0.1 to 5, and extras on every third seed.
fn problem_with_turns(seed: u64) -> common::Problem {
    let mut problem = random_problem(seed);
    let mut rng = Rng::new(seed ^ 0x7u64.rotate_left(40));
    let mut penalties = problem.grid.penalties().clone();
    penalties.turn_tenths = 1 + rng.below(50) as u16;
    if seed.is_multiple_of(3) {
        penalties.hug_tenths = rng.below(11) as u16;
    }
    problem.grid.set_penalties(penalties).unwrap();
    problem
}

const SEEDS: u64 = 120;

#[test]
fn searches_price_turns_as_the_reference_does_or_refuse() {
    let (mut optimal, mut bounded, mut legal, mut refused) = (0u32, 0u32, 0u32, 0u32);
    let mut engines: Vec<Box<dyn Stepper>> = ALGORITHMS
        .iter()
        .map(|info| astar_core::search::make(info.algorithm))
        .collect();
    for seed in 0..SEEDS {
        let problem = problem_with_turns(seed);
        let grid = &problem.grid;
        let turn = turn_units(grid.penalties().turn_tenths);
        for movement in MOVEMENTS {
            let best = reference(grid, movement, problem.start, problem.goal, turn);
            for (info, engine) in ALGORITHMS.iter().zip(&mut engines) {
                let context = format!("{} seed {seed} {movement:?}", info.name);
                let mut p = params(info.algorithm, movement);
                let unmet = registry::unmet(info.algorithm, grid, movement);
                assert_eq!(
                    unmet.contains(&Unmet::NoPenalties),
                    !info.prices_turns,
                    "{context}"
                );
                if !unmet.is_empty() {
                    let begun = engine.begin(grid, &p, problem.start, problem.goal);
                    assert!(begun.is_err(), "{context}");
                    refused += 1;
                    continue;
                }
                if info.uses_weight && seed % 2 == 1 {
                    p.weight = Weight::new(2.0).unwrap();
                }
                let result = engine.solve(grid, &p, problem.start, problem.goal).unwrap();
                let Some(best) = best else {
                    assert_eq!(result.outcome, Outcome::Unreachable, "{context}");
                    continue;
                };
                assert_eq!(result.outcome, Outcome::Found, "{context}");
                assert_eq!(result.path.first(), Some(&problem.start), "{context}");
                assert_eq!(result.path.last(), Some(&problem.goal), "{context}");
                let counted =
                    reference_path_cost(grid, movement, problem.start, &result.path, turn);
                assert_eq!(result.cost, counted, "{context}: the cost reported");
                let checked =
                    astar_core::search::validate::grid_path_cost(grid, movement, &result.path);
                assert_eq!(checked, Ok(counted), "{context}: validate prices turns");
                // BFS counts moves and greedy promises nothing: a legal path, priced with its turns.
                if matches!(info.algorithm, Algorithm::Bfs | Algorithm::Greedy) {
                    legal += 1;
                    continue;
                }
                let w = p.weight.get();
                if w <= 1.0 {
                    assert_eq!(result.cost, best, "{context}: not optimal");
                    optimal += 1;
                } else {
                    assert!(result.cost >= best, "{context}: below the optimum");
                    assert!(
                        result.cost as f64 <= w * best as f64,
                        "{context}: over w × optimum"
                    );
                    bounded += 1;
                }
            }
        }
    }
    eprintln!(
        "turns: {optimal} optima equal to the reference's, {bounded} weighted within w, {legal} legal paths (BFS, greedy), {refused} refusals"
    );
    assert!(optimal > 500, "{optimal}");
    assert!(bounded > 100, "{bounded}");
    assert!(refused > 2_000, "{refused}");
}

#[test]
fn a_turn_penalty_of_zero_changes_nothing() {
    for seed in 0..40 {
        let problem = random_problem(seed);
        for movement in MOVEMENTS {
            let p = params(Algorithm::AStar, movement);
            let family = astar_core::search::make(Algorithm::AStar)
                .solve(&problem.grid, &p, problem.start, problem.goal)
                .unwrap();
            let fast = astar_core::Search::new()
                .solve(&problem.grid, &p, problem.start, problem.goal)
                .unwrap();
            assert_eq!(family, fast, "seed {seed} {movement:?}");
        }
    }
}

#[test]
fn stepping_gives_what_running_gives_and_the_trace_shows_cells() {
    for seed in 0..30 {
        let problem = problem_with_turns(seed);
        let grid = &problem.grid;
        for movement in MOVEMENTS {
            let p = params(Algorithm::AStar, movement);
            let ran = astar_core::search::make(Algorithm::AStar)
                .solve(grid, &p, problem.start, problem.goal)
                .unwrap();
            let mut stepped = astar_core::search::make(Algorithm::AStar);
            stepped.set_trace(true);
            stepped
                .begin(grid, &p, problem.start, problem.goal)
                .unwrap();
            let mut steps = 0;
            while let astar_core::Step::Expanded(cell) = stepped.step(grid) {
                assert!(
                    stepped.is_closed(cell),
                    "seed {seed}: the expanded cell is closed"
                );
                steps += 1;
            }
            assert_eq!(stepped.result().unwrap(), ran, "seed {seed} {movement:?}");
            assert_eq!(steps, ran.counters.expanded, "seed {seed}");
            let closed = stepped
                .closed_at()
                .iter()
                .filter(|&&k| k != astar_core::search::NEVER)
                .count();
            let closed_cells = (0..grid.len() as u32)
                .filter(|&c| stepped.is_closed(c))
                .count();
            assert_eq!(
                closed, closed_cells,
                "seed {seed}: a closed cell is drawn closed once"
            );
            if ran.outcome == Outcome::Found {
                // The parents lead from the goal back to the start along the best states.
                assert!(stepped.g(problem.goal).is_some());
            }
        }
    }
}

/// What the penalty buys: with it, an optimal path never turns more than an optimal path without it, and
/// never costs less before its turns are counted (if P0 is optimal without turns and P1 with a penalty t,
/// cost(P1) + t·turns(P1) ≤ cost(P0) + t·turns(P0) and cost(P1) ≥ cost(P0), so turns(P1) ≤ turns(P0)).
#[test]
fn the_penalty_never_adds_turns_and_often_removes_some() {
    let (mut fewer, mut compared) = (0u32, 0u32);
    for seed in 0..SEEDS {
        let problem = random_problem(seed);
        let mut grid = problem.grid.clone();
        for movement in MOVEMENTS {
            let p = params(Algorithm::AStar, movement);
            grid.set_penalties(problem.grid.penalties().clone())
                .unwrap();
            let before = astar_core::search::make(Algorithm::AStar)
                .solve(&grid, &p, problem.start, problem.goal)
                .unwrap();
            if before.outcome != Outcome::Found {
                continue;
            }
            let mut penalties = grid.penalties().clone();
            penalties.turn_tenths = 20;
            grid.set_penalties(penalties).unwrap();
            let after = astar_core::search::make(Algorithm::AStar)
                .solve(&grid, &p, problem.start, problem.goal)
                .unwrap();
            let turns = |path: &[u32]| astar_core::penalty::turns_along(grid.width(), path);
            let context = format!("seed {seed} {movement:?}");
            assert!(turns(&after.path) <= turns(&before.path), "{context}");
            let moves_cost = path_cost(&grid, movement, problem.start, &after.path);
            assert!(moves_cost >= before.cost, "{context}");
            fewer += (turns(&after.path) < turns(&before.path)) as u32;
            compared += 1;
        }
    }
    eprintln!("turns: {fewer} of {compared} optimal paths turn less with a turn penalty of 2");
    assert!(fewer * 4 > compared, "{fewer} of {compared}");
}

#[test]
fn the_session_prices_its_optimum_and_stats_with_turns() {
    use astar_core::session::Session;
    let mut grid = Grid::from_ascii(&"............\n".repeat(8)).unwrap();
    let mut penalties = grid.penalties().clone();
    penalties.turn_tenths = 20;
    grid.set_penalties(penalties).unwrap();
    let (start, goal) = (grid.cell(0, 0), grid.cell(11, 7));
    let mut session = Session::new(grid, start, goal).unwrap();
    session.set_params(params(Algorithm::AStar, Movement::Four));
    let stats = session.solve(&|| 0.0).unwrap();
    assert_eq!(stats.cost, Some(20.0), "18 moves and one turn at 2");
    assert_eq!(stats.over_optimal, Some(0.0));
    assert!(stats
        .details
        .iter()
        .any(|d| d.key == "turns" && d.value == 1.0));
    // Greedy, which may turn more, is priced with its turns and compared with that optimum.
    session.set_params(params(Algorithm::Greedy, Movement::Four));
    let greedy = session.solve(&|| 0.0).unwrap();
    assert!(greedy.cost.unwrap() >= 20.0);
}

#[test]
fn dynamic_weighting_prices_turns_within_its_bound_and_reopens_states() {
    let (mut within, mut reopened, mut same_as_astar) = (0u32, 0u64, 0u32);
    for seed in 0..SEEDS {
        let problem = problem_with_turns(seed);
        let grid = &problem.grid;
        let turn = turn_units(grid.penalties().turn_tenths);
        for movement in MOVEMENTS {
            let Some(best) = reference(grid, movement, problem.start, problem.goal, turn) else {
                continue;
            };
            for w in [1.0, 1.5, 2.5, 4.0] {
                let context = format!("seed {seed} {movement:?} w {w}");
                let p = SearchParams {
                    weight: Weight::new(w).unwrap(),
                    ..params(Algorithm::DynamicWeight, movement)
                };
                let mut engine = astar_core::search::make(Algorithm::DynamicWeight);
                let result = engine.solve(grid, &p, problem.start, problem.goal).unwrap();
                assert_eq!(result.outcome, Outcome::Found, "{context}");
                let counted =
                    reference_path_cost(grid, movement, problem.start, &result.path, turn);
                assert_eq!(result.cost, counted, "{context}: the cost reported");
                assert!(result.cost >= best, "{context}: below the optimum");
                assert!(
                    result.cost as f64 <= w * best as f64,
                    "{context}: {} over w × {best}",
                    result.cost
                );
                within += 1;
                reopened += result.counters.reopened;
                let details = engine.details();
                let detail = |key: &str| details.iter().find(|d| d.key == key).map(|d| d.value);
                assert_eq!(detail("bound"), Some(w), "{context}");
                let current = detail("current-w").unwrap();
                assert!(
                    (1.0..=w).contains(&current),
                    "{context}: current w {current}"
                );
                assert!(detail("turns").is_some(), "{context}: turns");
                if w == 1.0 {
                    // At w₀ = 1 it is A* over the same states: the same search.
                    let astar = astar_core::search::make(Algorithm::AStar)
                        .solve(
                            grid,
                            &params(Algorithm::AStar, movement),
                            problem.start,
                            problem.goal,
                        )
                        .unwrap();
                    assert_eq!(result, astar, "{context}: not A*'s search");
                    same_as_astar += 1;
                }
            }
        }
    }
    eprintln!("dynamic weighting with turns: {within} paths within w₀, {same_as_astar} equal to A*'s at w₀ = 1, {reopened} states reopened");
    assert!(within > 600, "{within}");
    assert!(same_as_astar > 150, "{same_as_astar}");
    assert!(
        reopened > 0,
        "no state was ever reopened: the bound's reopening is untested"
    );
}

#[test]
fn ara_prices_turns_publishing_bounded_falling_costs_and_ends_at_the_optimum() {
    use astar_core::search::{Ara, Step};
    let (mut ara, mut stepped) = (Ara::new(), Ara::new());
    stepped.set_trace(true);
    let (mut searches, mut publications, mut improved) = (0u32, 0usize, 0u32);
    for seed in 0..SEEDS {
        let problem = problem_with_turns(seed);
        let (grid, start, goal) = (&problem.grid, problem.start, problem.goal);
        let turn = turn_units(grid.penalties().turn_tenths);
        for movement in MOVEMENTS {
            let best = reference(grid, movement, start, goal, turn);
            for w in [1.0, 2.5, 5.0] {
                let context = format!("seed {seed} {movement:?} w {w}");
                let p = SearchParams {
                    weight: Weight::new(w).unwrap(),
                    ..params(Algorithm::Ara, movement)
                };
                let result = ara.solve(grid, &p, start, goal).unwrap();
                if seed % 4 == 0 {
                    // Stepping gives what running gives, and the trace shows cells.
                    stepped.begin(grid, &p, start, goal).unwrap();
                    while let Step::Expanded(cell) = stepped.step(grid) {
                        assert!(cell < grid.len() as u32, "{context}");
                    }
                    assert_eq!(stepped.result().unwrap(), result, "{context}: stepping");
                    assert_eq!(stepped.published(), ara.published(), "{context}");
                    let trace = stepped.trace().unwrap();
                    assert_eq!(
                        trace.opened_at().len(),
                        grid.len(),
                        "{context}: a trace of cells"
                    );
                }
                let Some(best) = best else {
                    assert_eq!(result.outcome, Outcome::Unreachable, "{context}");
                    continue;
                };
                assert_eq!(result.outcome, Outcome::Found, "{context}");
                for published in ara.published() {
                    let counted = reference_path_cost(grid, movement, start, &published.path, turn);
                    assert_eq!(
                        published.cost, counted,
                        "{context}: a published path's cost"
                    );
                }
                crate::ara::check_publications(ara.published(), w, best, &context);
                assert_eq!(result.cost, best, "{context}: the last path");
                let details = ara.details();
                let turns = details.iter().find(|d| d.key == "turns").map(|d| d.value);
                assert_eq!(
                    turns,
                    Some(astar_core::penalty::turns_along(grid.width(), &result.path) as f64),
                    "{context}: turns"
                );
                searches += 1;
                publications += ara.published().len();
                let published = ara.published();
                improved += u32::from(published[0].cost > published.last().unwrap().cost);
            }
        }
    }
    eprintln!("ARA* with turns: {searches} searches, {publications} paths published, {improved} improved on the first");
    assert!(searches > 500, "{searches}");
    assert!(
        improved > 20,
        "only {improved} searches improved on their first path"
    );
}

#[test]
fn bidirectional_a_star_meets_over_cells_and_headings_at_the_optimum() {
    use astar_core::search::Step;
    let (mut found, mut met_inside) = (0u32, 0u32);
    let mut engine = astar_core::search::make(Algorithm::Bidirectional);
    let mut stepped = astar_core::search::make(Algorithm::Bidirectional);
    stepped.set_trace(true);
    for seed in 0..SEEDS {
        let problem = problem_with_turns(seed);
        let (grid, start, goal) = (&problem.grid, problem.start, problem.goal);
        let turn = turn_units(grid.penalties().turn_tenths);
        for movement in MOVEMENTS {
            let context = format!("seed {seed} {movement:?}");
            let p = params(Algorithm::Bidirectional, movement);
            let result = engine.solve(grid, &p, start, goal).unwrap();
            stepped.begin(grid, &p, start, goal).unwrap();
            while let Step::Expanded(cell) = stepped.step(grid) {
                assert!(cell < grid.len() as u32, "{context}");
            }
            assert_eq!(stepped.result().unwrap(), result, "{context}: stepping");
            let Some(best) = reference(grid, movement, start, goal, turn) else {
                assert_eq!(result.outcome, Outcome::Unreachable, "{context}");
                continue;
            };
            assert_eq!(result.cost, best, "{context}: not the optimum");
            let meeting = stepped.meeting_cell().expect("the frontiers met");
            assert!(
                result.path.contains(&meeting),
                "{context}: the meeting cell is on the path"
            );
            let details = stepped.details();
            let detail = |key: &str| details.iter().find(|d| d.key == key).map(|d| d.value);
            assert_eq!(
                detail("turns"),
                Some(astar_core::penalty::turns_along(grid.width(), &result.path) as f64),
                "{context}"
            );
            let (forward, backward) = (
                detail("forward-expanded").unwrap(),
                detail("backward-expanded").unwrap(),
            );
            assert_eq!(
                forward + backward,
                result.counters.expanded as f64,
                "{context}"
            );
            let trace = stepped.trace().unwrap();
            for &cell in &[start, goal] {
                assert_ne!(
                    trace.opened_at()[cell as usize],
                    astar_core::search::NEVER,
                    "{context}: {cell} drawn"
                );
            }
            found += 1;
            met_inside += u32::from(meeting != start && meeting != goal);
        }
    }
    eprintln!(
        "bidirectional A* with turns: {found} optimal paths, {met_inside} met away from the ends"
    );
    assert!(found > 150, "{found}");
    assert!(met_inside > 100, "{met_inside}");
}
