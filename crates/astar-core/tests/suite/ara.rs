//! ARA*: every published path costs at most its bound ε' × the optimum and its bound is at most its ε,
//! published costs never rise, ε falls, and the last path is optimal (Dijkstra's cost), on random
//! terrain maps and on the Moving AI scenarios; stepping gives what running gives; the budget and the
//! unreachable cases end like the other searches'.

use crate::common;

use astar_core::formats::movingai::{parse_map, parse_scen};
use astar_core::search::{Ara, Published, Step, Stepper};
use astar_core::{Algorithm, Heuristic, Movement, Outcome, SearchParams, Weight};
use common::{dijkstra, path_cost, random_problem, MOVEMENTS};

const WEIGHTS: [f64; 4] = [1.0, 1.7, 2.5, 5.0];

fn params(movement: Movement, w: f64) -> SearchParams {
    SearchParams {
        algorithm: Algorithm::Ara,
        heuristic: Heuristic::best_admissible(movement),
        weight: Weight::new(w).unwrap(),
        movement,
        ..SearchParams::default()
    }
}

/// The checks every finished search must pass; `context` names it in a failure.
pub(crate) fn check_publications(published: &[Published], w: f64, optimal: u64, context: &str) {
    assert!(
        !published.is_empty(),
        "{context}: found but published nothing"
    );
    let mut previous: Option<&Published> = None;
    for p in published {
        let over = if optimal == 0 {
            1.0
        } else {
            p.cost as f64 / optimal as f64
        };
        assert!(
            p.bound <= p.weight.max(1.0) + 1e-12 && p.bound >= 1.0,
            "{context}: bound {} at ε {}",
            p.bound,
            p.weight
        );
        // The bound is proven for lengths (the search prices exactly where the costs fit); a cost read in
        // the fixed point is at most `DIAGONAL_RELATIVE_ERROR` of it above its length, and the optimum's
        // reading is at least the optimum.
        let reading = 1.0 + astar_core::cost::DIAGONAL_RELATIVE_ERROR;
        assert!(
            over <= p.bound * reading * (1.0 + 1e-9),
            "{context}: cost {} is {over} × the optimum {optimal}, over its bound {}",
            p.cost,
            p.bound
        );
        assert!(p.weight <= w.max(1.0), "{context}: ε {} above w", p.weight);
        if let Some(before) = previous {
            assert!(p.cost <= before.cost, "{context}: a later path costs more");
            assert!(p.weight <= before.weight, "{context}: ε rose");
            assert!(p.expanded >= before.expanded, "{context}: expansions fell");
        }
        previous = Some(p);
    }
    assert_eq!(
        published.last().unwrap().cost,
        optimal,
        "{context}: the last path is not optimal"
    );
}

#[test]
fn random_terrain_maps_publish_bounded_falling_costs_and_end_optimal() {
    let (mut ara, mut stepped) = (Ara::new(), Ara::new());
    stepped.set_trace(true);
    let (mut searches, mut publications, mut improved) = (0, 0, 0);
    for seed in 0..250 {
        let problem = random_problem(seed);
        let (grid, start, goal) = (&problem.grid, problem.start, problem.goal);
        for movement in MOVEMENTS {
            let optimal = dijkstra(grid, movement, start, goal);
            for w in WEIGHTS {
                let context = format!("seed {seed} {movement:?} w {w}");
                let p = params(movement, w);
                let r = ara.solve(grid, &p, start, goal).unwrap();
                if seed % 5 == 0 {
                    stepped.begin(grid, &p, start, goal).unwrap();
                    let mut published_while_running = 0;
                    while let Step::Expanded(_) = stepped.step(grid) {
                        // While it runs the path is the latest published one.
                        let latest = stepped.published().last();
                        assert_eq!(
                            stepped.path(),
                            latest.map_or(&[][..], |l| l.path.as_slice()),
                            "{context}"
                        );
                        published_while_running = stepped.published().len();
                    }
                    assert_eq!(stepped.result().unwrap(), r, "{context}: stepping");
                    assert_eq!(stepped.published(), ara.published(), "{context}");
                    assert!(published_while_running <= ara.published().len());
                }
                let Some(optimal) = optimal else {
                    assert_eq!(r.outcome, Outcome::Unreachable, "{context}");
                    assert!(r.path.is_empty() && ara.published().is_empty(), "{context}");
                    continue;
                };
                assert_eq!(r.outcome, Outcome::Found, "{context}");
                assert_eq!(
                    path_cost(grid, movement, start, &r.path),
                    r.cost,
                    "{context}"
                );
                check_publications(ara.published(), w, optimal, &context);
                // An iteration expands a cell at most once, and it ends with a publication.
                let cells = grid.len() as u64;
                assert!(r.counters.open_peak <= cells, "{context}: open peak");
                assert!(
                    r.counters.expanded <= cells * ara.published().len() as u64,
                    "{context}: {} expansions in {} iterations",
                    r.counters.expanded,
                    ara.published().len()
                );
                for p in ara.published() {
                    assert_eq!(
                        path_cost(grid, movement, start, &p.path),
                        p.cost,
                        "{context}"
                    );
                    assert_eq!(p.path.last(), Some(&goal), "{context}");
                }
                searches += 1;
                publications += ara.published().len();
                let published = ara.published();
                improved += usize::from(published[0].cost > published.last().unwrap().cost);
            }
        }
    }
    println!(
        "{searches} searches, {publications} paths published, {improved} improved on the first"
    );
    assert!(searches > 2_000, "{searches} searches found a path");
    assert!(
        improved > 50,
        "only {improved} searches improved on their first path"
    );
}

#[test]
fn the_moving_ai_scenarios_end_at_their_optimal_lengths() {
    let dir = common::movingai_dir();
    let mut ara = Ara::new();
    let mut checked = 0;
    for name in ["arena.map", "den312d.map", "8room_000.map"] {
        let read = |file: String| std::fs::read_to_string(dir.join(&file)).unwrap();
        let grid = parse_map(&read(name.to_string())).unwrap();
        let problems = parse_scen(&read(format!("{name}.scen"))).unwrap();
        let p = SearchParams {
            weight: Weight::new(2.5).unwrap(),
            algorithm: Algorithm::Ara,
            ..SearchParams::default()
        };
        // Every 7th problem: all buckets, short to long.
        for (i, problem) in problems.iter().enumerate().step_by(7) {
            let start = grid.cell(problem.start_x, problem.start_y);
            let goal = grid.cell(problem.goal_x, problem.goal_y);
            let r = ara.solve(&grid, &p, start, goal).unwrap();
            let context = format!("{name} problem {i}");
            assert_eq!(r.outcome, Outcome::Found, "{context}");
            assert!(
                problem.matches(r.cost_f64()),
                "{context}: {} against {}",
                r.cost_f64(),
                problem.optimal
            );
            check_publications(ara.published(), 2.5, r.cost, &context);
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} problems");
}

#[test]
fn at_w_one_it_is_one_a_star_search_and_publishes_once() {
    let problem = random_problem(11);
    let (grid, start, goal) = (&problem.grid, problem.start, problem.goal);
    let movement = MOVEMENTS[0];
    let mut ara = Ara::new();
    let r = ara
        .solve(grid, &params(movement, 1.0), start, goal)
        .unwrap();
    if r.outcome == Outcome::Found {
        assert_eq!(ara.published().len(), 1);
        assert_eq!(ara.published()[0].bound, 1.0);
        assert_eq!(r.counters.reopened, 0);
    }
}

#[test]
fn a_budget_stops_it_with_the_latest_path_and_details_say_where_it_is() {
    // An open 40 × 12 map with a wall to go around: at w = 5 the first path comes early.
    let mut text = String::new();
    for y in 0..12 {
        for x in 0..40 {
            text.push(if x == 20 && y < 10 { '#' } else { '.' });
        }
        text.push('\n');
    }
    let grid = astar_core::Grid::from_ascii(&text).unwrap();
    let (start, goal) = (grid.cell(2, 2), grid.cell(37, 2));
    let movement = MOVEMENTS[1];
    let mut full = Ara::new();
    let done = full
        .solve(&grid, &params(movement, 5.0), start, goal)
        .unwrap();
    assert!(full.published().len() >= 2, "{:?}", full.published());
    let first = full.published()[0].clone();
    let detail = |s: &Ara, key: &str| s.details().iter().find(|d| d.key == key).map(|d| d.value);
    assert_eq!(
        detail(&full, "published"),
        Some(full.published().len() as f64)
    );
    assert_eq!(
        detail(&full, "current-w"),
        Some(full.published().last().unwrap().weight)
    );

    let budget = SearchParams {
        expansion_limit: Some(first.expanded as u32 + 1),
        ..params(movement, 5.0)
    };
    let mut cut = Ara::new();
    let r = cut.solve(&grid, &budget, start, goal).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached);
    assert_eq!(
        r.path, first.path,
        "the budget keeps the first published path"
    );
    assert_eq!(detail(&cut, "bound"), Some(first.bound));
    assert!(done.cost <= first.cost);

    // Before any path: the path to the expanded cell closest to the goal, and no bound yet.
    let tiny = SearchParams {
        expansion_limit: Some(3),
        ..params(movement, 5.0)
    };
    let r = cut.solve(&grid, &tiny, start, goal).unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached);
    assert!(cut.published().is_empty() && !r.path.is_empty());
    assert_eq!(detail(&cut, "bound"), None);
}

#[test]
fn an_unreachable_goal_ends_with_no_path() {
    let grid = astar_core::Grid::from_ascii("..#..\n..#..\n..#..").unwrap();
    let mut ara = Ara::new();
    let r = ara
        .solve(
            &grid,
            &params(MOVEMENTS[1], 2.5),
            grid.cell(0, 0),
            grid.cell(4, 2),
        )
        .unwrap();
    assert_eq!(r.outcome, Outcome::Unreachable);
    assert!(r.path.is_empty() && ara.published().is_empty());
}

#[test]
fn its_promise_is_the_last_paths_whatever_w_it_starts_from() {
    use astar_core::bound::{bound, Bound};
    let grid = astar_core::Grid::from_ascii("....\n....").unwrap();
    let eight = MOVEMENTS[1];
    assert_eq!(bound(&params(eight, 2.5), &grid), Bound::Exact);
    let inadmissible = SearchParams {
        heuristic: Heuristic::Manhattan,
        ..params(eight, 2.5)
    };
    assert_eq!(bound(&inadmissible, &grid), Bound::NotAdmissible);
}
