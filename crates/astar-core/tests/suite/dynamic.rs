//! A* with dynamic weighting: the bound cost ≤ w₀ × optimal on random problems, the optimum at w₀ = 1,
//! the same search as the engine's A* at w₀ ≤ 1, and its details. Expansions are compared with static
//! weighted A* at the same w₀ and with A* at w = 1 (printed, not asserted: run with `--nocapture`).

use crate::common;

use astar_core::search::{DynamicWeight, Step, Stepper};
use astar_core::{
    Algorithm, Grid, Heuristic, Movement, Outcome, Search, SearchParams, Weight, COST_SCALE,
};
use common::{dijkstra, path_cost, random_problem, MOVEMENTS};

const WEIGHTS: [f64; 5] = [1.0, 1.5, 2.0, 3.0, 5.0];

fn params(movement: Movement, w0: f64) -> SearchParams {
    SearchParams {
        algorithm: Algorithm::DynamicWeight,
        heuristic: Heuristic::best_admissible(movement),
        weight: Weight::new(w0).unwrap(),
        movement,
        ..SearchParams::default()
    }
}

fn detail(search: &dyn Stepper, key: &str) -> f64 {
    search
        .details()
        .iter()
        .find(|d| d.key == key)
        .unwrap_or_else(|| panic!("no detail {key}"))
        .value
}

#[test]
fn random_problems_stay_within_w0_times_the_optimum() {
    const SEEDS: u64 = 300;
    let (mut dynamic, mut stepped, mut astar) =
        (DynamicWeight::new(), DynamicWeight::new(), Search::new());
    stepped.set_trace(true);
    // Per w₀: expansions of dynamic weighting, static weighted A* at w₀, A* at w = 1; problems.
    let mut sums = [[0u64; 4]; WEIGHTS.len()];
    let mut worst = [1f64; WEIGHTS.len()];
    for seed in 0..SEEDS {
        let problem = random_problem(seed);
        let (grid, start, goal) = (&problem.grid, problem.start, problem.goal);
        for movement in MOVEMENTS {
            let optimal = dijkstra(grid, movement, start, goal);
            for (i, &w0) in WEIGHTS.iter().enumerate() {
                let context = format!("seed {seed} {movement:?} w0 {w0}");
                let p = params(movement, w0);
                let r = dynamic.solve(grid, &p, start, goal).unwrap();
                if seed % 4 == 0 {
                    stepped.begin(grid, &p, start, goal).unwrap();
                    while let Step::Expanded(_) = stepped.step(grid) {}
                    assert_eq!(stepped.result().unwrap(), r, "{context}: stepping");
                }
                let Some(optimal) = optimal else {
                    assert_eq!(r.outcome, Outcome::Unreachable, "{context}");
                    continue;
                };
                assert_eq!(r.outcome, Outcome::Found, "{context}");
                assert_eq!(path_cost(grid, movement, start, &r.path), r.cost);
                // w₀ is exact in thousandths; the tolerance covers the rounding of the fixed point.
                assert!(
                    r.cost as f64 <= w0 * optimal as f64 + 4.0,
                    "{context}: {} > {w0} × {}",
                    r.cost,
                    optimal
                );
                if w0 == 1.0 {
                    assert_eq!(r.cost, optimal, "{context}: not optimal at w0 = 1");
                }
                if optimal > 0 {
                    worst[i] = worst[i].max(r.cost as f64 / optimal as f64);
                }
                let weighted = SearchParams {
                    algorithm: Algorithm::AStar,
                    ..p
                };
                let s = astar.solve(grid, &weighted, start, goal).unwrap();
                let plain = SearchParams {
                    weight: Weight::ONE,
                    ..weighted
                };
                let a = astar.solve(grid, &plain, start, goal).unwrap();
                sums[i][0] += r.counters.expanded;
                sums[i][1] += s.counters.expanded;
                sums[i][2] += a.counters.expanded;
                sums[i][3] += 1;
            }
        }
    }
    println!("mean expansions over {SEEDS} random problems × 4 movements (reachable ones):");
    println!("  w0  problems  dynamic  static-w0   A*(w=1)  worst cost/optimal");
    for (i, w0) in WEIGHTS.iter().enumerate() {
        let [d, s, a, n] = sums[i];
        let mean = |x: u64| x as f64 / n as f64;
        println!(
            "{w0:>4} {n:>9} {:>8.1} {:>10.1} {:>9.1} {:>8.4}",
            mean(d),
            mean(s),
            mean(a),
            worst[i]
        );
    }
}

#[test]
fn at_w0_up_to_one_it_is_the_engine_s_a_star() {
    let mut dynamic = DynamicWeight::new();
    let mut astar = Search::new();
    for seed in 0..150 {
        let problem = random_problem(seed);
        for movement in MOVEMENTS {
            for w0 in [0.0, 0.5, 1.0] {
                let p = params(movement, w0);
                let a = SearchParams {
                    algorithm: Algorithm::AStar,
                    ..p
                };
                let (grid, start, goal) = (&problem.grid, problem.start, problem.goal);
                let r = dynamic.solve(grid, &p, start, goal).unwrap();
                let e = astar.solve(grid, &a, start, goal).unwrap();
                assert_eq!(r, e, "seed {seed} {movement:?} w0 {w0}");
            }
        }
    }
}

#[test]
fn w_falls_from_w0_towards_one_and_never_below() {
    let grid = Grid::from_ascii(&"..............................\n".repeat(12)).unwrap();
    let (start, goal) = (grid.cell(0, 0), grid.cell(29, 11));
    let mut search = DynamicWeight::new();
    search
        .begin(&grid, &params(Movement::default(), 3.0), start, goal)
        .unwrap();
    assert_eq!(detail(&search, "bound"), 3.0);
    let mut previous = f64::MAX;
    let mut seen = vec![];
    while let Step::Expanded(_) = search.step(&grid) {
        let w = detail(&search, "current-w");
        assert!((1.0..=3.0).contains(&w), "{w}");
        seen.push(w);
        previous = previous.min(w);
    }
    assert_eq!(seen.first(), Some(&3.0), "the start is expanded at w0");
    assert_eq!(seen.last(), Some(&1.0), "the goal is expanded at w = 1");
    assert_eq!(previous, 1.0);
    assert_eq!(search.outcome(), Some(Outcome::Found));
    assert!(search.path_cost() >= 29 * COST_SCALE);
}

#[test]
fn a_weight_below_one_is_plain_a_star_and_its_bound_is_one() {
    let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
    let mut search = DynamicWeight::new();
    search
        .begin(
            &grid,
            &params(Movement::Four, 0.5),
            grid.cell(0, 1),
            grid.cell(3, 1),
        )
        .unwrap();
    search.run(&grid);
    assert_eq!(detail(&search, "bound"), 1.0);
    assert_eq!(detail(&search, "current-w"), 0.5);
    assert_eq!(search.path_cost(), 5 * COST_SCALE);
}
