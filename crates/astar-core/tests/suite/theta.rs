//! Theta*'s own properties (the registry-wide ones are in `algorithms.rs`), on seeded random maps with
//! every passable cell made plain, under every movement:
//! - it finds a path exactly when Dijkstra does, from the start to the goal;
//! - every segment has line of sight (supercover: no wall touched, no squeeze past a corner) or is one
//!   grid move that the corner rule allows;
//! - the reported cost is the sum of the segments' Euclidean lengths (times the map's one cost), to the
//!   fixed point's rounding, and the trace's parents are the path's segments;
//! - its Euclidean length is no more than the grid optimum's cost (the bound the module doc proves);
//! - stepping with the trace gives what running without it gives.
//!
//! Then pictures: an open field, a wall corner, two walls meeting at a corner, terrain refused.

use crate::common;

use astar_core::search::trace::NEVER;
use astar_core::search::{SearchError, Step, Stepper, ThetaStar};
use astar_core::smooth::{line_of_sight, polyline_length};
use astar_core::{
    Algorithm, CornerRule, Grid, Movement, Outcome, SearchParams, SearchResult, Terrain,
    STRAIGHT_PER_TENTH,
};
use common::{dijkstra, moves, random_problem, uniform, MOVEMENTS};

const SEEDS: u64 = 400;

fn params(movement: Movement) -> SearchParams {
    SearchParams {
        algorithm: Algorithm::ThetaStar,
        movement,
        ..SearchParams::default()
    }
}

/// True when the segment a -> b has line of sight or is a grid move allowed under `movement`.
fn segment_is_legal(grid: &Grid, movement: Movement, a: u32, b: u32) -> bool {
    line_of_sight(grid, a, b, u16::MAX) || moves(grid, movement, a).iter().any(|&(n, _)| n == b)
}

/// Checks the path's segments, its cost and the trace's parents; returns its Euclidean length.
fn check_path(grid: &Grid, movement: Movement, result: &SearchResult, context: &str) -> f64 {
    for pair in result.path.windows(2) {
        assert!(
            segment_is_legal(grid, movement, pair[0], pair[1]),
            "{context}: segment {:?} -> {:?} has no line of sight and is no legal move",
            grid.xy(pair[0]),
            grid.xy(pair[1])
        );
    }
    let length = polyline_length(grid, &result.path);
    let unit = grid.cheapest_tenths() as f64;
    let exact = length * unit * STRAIGHT_PER_TENTH as f64;
    let segments = result.path.len().saturating_sub(1) as f64;
    let cost = result.cost as f64;
    // Each segment's cost is its length rounded up to a fixed-point unit, times the unit cost.
    assert!(
        cost >= exact - 1e-6 * exact && cost <= exact + segments * unit + 1e-6 * exact,
        "{context}: cost {cost} for segments of length {length} (× {unit})"
    );
    length
}

/// Steps `engine` (with its trace on) to the end, checking the trace's parents against the path.
fn stepped(
    engine: &mut ThetaStar,
    grid: &Grid,
    p: &SearchParams,
    start: u32,
    goal: u32,
) -> SearchResult {
    engine.begin(grid, p, start, goal).unwrap();
    while let Step::Expanded(_) = engine.step(grid) {}
    let result = engine.result().unwrap();
    let parents = engine.trace().unwrap().parents();
    assert_eq!(parents.len(), grid.len());
    if let Some(&first) = result.path.first() {
        assert_eq!(parents[first as usize], NEVER, "the start has no parent");
    }
    for pair in result.path.windows(2) {
        assert_eq!(
            parents[pair[1] as usize], pair[0],
            "trace parent of a vertex"
        );
    }
    result
}

#[test]
fn theta_paths_are_legal_cost_their_length_and_are_no_longer_than_the_grid_optimum() {
    let (mut one_shot, mut traced) = (ThetaStar::new(), ThetaStar::new());
    traced.set_trace(true);
    let (mut problems, mut found, mut shorter, mut worst_ratio) = (0, 0, 0, 0.0f64);
    for seed in 0..SEEDS {
        let problem = random_problem(seed);
        let grid = uniform(&problem.grid);
        for movement in MOVEMENTS {
            let context = format!("seed {seed} {movement:?}");
            let p = params(movement);
            let run = one_shot
                .solve(&grid, &p, problem.start, problem.goal)
                .unwrap();
            let step = stepped(&mut traced, &grid, &p, problem.start, problem.goal);
            assert_eq!(run, step, "{context}: stepping and running differ");
            problems += 1;
            let Some(optimum) = dijkstra(&grid, movement, problem.start, problem.goal) else {
                assert_eq!(run.outcome, Outcome::Unreachable, "{context}");
                assert!(run.path.is_empty(), "{context}");
                continue;
            };
            assert_eq!(run.outcome, Outcome::Found, "{context}");
            assert_eq!(run.path.first(), Some(&problem.start), "{context}");
            assert_eq!(run.path.last(), Some(&problem.goal), "{context}");
            assert!(
                run.cost <= optimum,
                "{context}: dearer than the grid optimum"
            );
            let length = check_path(&grid, movement, &run, &context);
            // The grid optimum's length in cells (its cost with the one terrain cost taken out).
            let grid_length =
                optimum as f64 / (grid.cheapest_tenths() as f64 * STRAIGHT_PER_TENTH as f64);
            assert!(
                length <= grid_length * (1.0 + 1e-6),
                "{context}: Theta* length {length} > grid optimum {grid_length}: {:?}",
                run.path.iter().map(|&c| grid.xy(c)).collect::<Vec<_>>()
            );
            found += 1;
            if length < grid_length - 1e-9 {
                shorter += 1;
            }
            if grid_length > 0.0 {
                worst_ratio = worst_ratio.max(length / grid_length);
            }
        }
    }
    assert_eq!(problems, SEEDS as usize * MOVEMENTS.len());
    assert!(
        found > problems / 2,
        "only {found} of {problems} found a path"
    );
    assert!(
        shorter > found / 4,
        "only {shorter} of {found} cut a corner"
    );
    assert!(worst_ratio <= 1.0 + 1e-6);
}

#[test]
fn an_expansion_limit_gives_a_legal_partial_path() {
    let mut theta = ThetaStar::new();
    let mut partial = 0;
    for seed in 0..60 {
        let problem = random_problem(seed);
        let grid = uniform(&problem.grid);
        for movement in MOVEMENTS {
            let p = SearchParams {
                expansion_limit: Some(5),
                ..params(movement)
            };
            let context = format!("seed {seed} {movement:?}");
            let r = theta.solve(&grid, &p, problem.start, problem.goal).unwrap();
            if r.outcome != Outcome::LimitReached {
                continue;
            }
            partial += 1;
            assert_eq!(r.counters.expanded, 5, "{context}");
            assert_eq!(r.path.first(), Some(&problem.start), "{context}");
            assert!(theta.is_closed(*r.path.last().unwrap()), "{context}");
            check_path(&grid, movement, &r, &context);
        }
    }
    assert!(partial > 100, "only {partial} searches hit the limit");
}

/// Solves the picture `map`, whose `s` and `g` (plain cells) are the start and the goal.
fn solve(map: &str, movement: Movement) -> (Grid, SearchResult) {
    let (mut start, mut goal) = (None, None);
    let rows = map.lines().map(str::trim).filter(|line| !line.is_empty());
    for (y, row) in rows.enumerate() {
        for (x, c) in row.chars().enumerate() {
            match c {
                's' => start = Some((x as u32, y as u32)),
                'g' => goal = Some((x as u32, y as u32)),
                _ => {}
            }
        }
    }
    let grid = Grid::from_ascii(&map.replace(['s', 'g'], ".")).unwrap();
    let ((sx, sy), (gx, gy)) = (start.unwrap(), goal.unwrap());
    let mut engine = astar_core::search::make(Algorithm::ThetaStar);
    let r = engine
        .solve(
            &grid,
            &params(movement),
            grid.cell(sx, sy),
            grid.cell(gx, gy),
        )
        .unwrap();
    (grid, r)
}

fn vertices(grid: &Grid, r: &SearchResult) -> Vec<(u32, u32)> {
    r.path.iter().map(|&c| grid.xy(c)).collect()
}

#[test]
fn an_open_field_is_crossed_in_one_straight_segment() {
    let field = "
        s.......
        ........
        ........
        .......g";
    for movement in MOVEMENTS {
        let (grid, r) = solve(field, movement);
        assert_eq!(vertices(&grid, &r), vec![(0, 0), (7, 3)], "{movement:?}");
        let length = (49.0f64 + 9.0).sqrt();
        assert_eq!(
            r.cost,
            10 * (length * STRAIGHT_PER_TENTH as f64).ceil() as u64,
            "{movement:?}"
        );
    }
}

#[test]
fn a_wall_is_passed_with_one_turn_just_above_it() {
    // The straight line from s to g crosses the wall, so Theta* turns once, in the row just above the
    // wall's end. It need not turn at the best cell of that row (Theta* is not optimal among any-angle
    // paths): with 4-neighbour moves it turns at (6, 1), 0.02 longer than through (4, 1).
    let map = "
        ..........
        ..........
        s...#....g
        ....#.....
        ....#.....";
    let best_turn = 17f64.sqrt() + 26f64.sqrt();
    for movement in MOVEMENTS {
        let (grid, r) = solve(map, movement);
        let v = vertices(&grid, &r);
        assert_eq!(v.len(), 3, "{movement:?}: {v:?}");
        assert_eq!(v[1].1, 1, "{movement:?}: {v:?}");
        let length = polyline_length(&grid, &r.path);
        assert!(length < best_turn + 0.05, "{movement:?}: {v:?} {length}");
    }
}

#[test]
fn a_segment_never_squeezes_between_two_walls_meeting_at_a_corner() {
    // The diagonal from s to g passes exactly through the corner where the two walls meet.
    let map = "
        s...
        ..#.
        .#..
        ...g";
    for movement in MOVEMENTS {
        let (grid, r) = solve(map, movement);
        let v = vertices(&grid, &r);
        assert_eq!(r.outcome, Outcome::Found, "{movement:?}");
        let squeezes = v.windows(2).any(|pair| pair == [(1, 1), (2, 2)]);
        match movement {
            // Only this rule lets a single diagonal move pass between the two walls (path 2).
            Movement::Eight(CornerRule::AlwaysCut) => assert!(squeezes, "{v:?}"),
            _ => {
                assert!(!squeezes, "{movement:?}: {v:?}");
                assert!(v.len() > 2, "{movement:?}: {v:?}");
                assert!(
                    polyline_length(&grid, &r.path) > 18f64.sqrt() + 0.1,
                    "{movement:?}"
                );
            }
        }
        check_path(&grid, movement, &r, &format!("{movement:?}"));
    }
}

#[test]
fn terrain_of_several_costs_is_refused_and_one_dear_terrain_is_not() {
    let mut grid = Grid::from_ascii("....\n....").unwrap();
    grid.set_terrain(1, Terrain::Forest);
    let mut theta = ThetaStar::new();
    let refused = theta.begin(&grid, &params(Movement::default()), 0, 7);
    assert!(matches!(refused, Err(SearchError::Unsupported(_))));
    assert_eq!(
        refused.map(|_| ()).unwrap_err().to_string(),
        "Theta* needs equal step costs: this map has terrain of more than one cost"
    );
    // All forest: one cost (3 by default), every segment costs three times its length.
    let forest = Grid::from_ascii("ffff\nffff").unwrap();
    let r = theta
        .solve(&forest, &params(Movement::default()), 0, 7)
        .unwrap();
    assert_eq!(r.path, vec![0, 7]);
    let unit = forest.cheapest_tenths() as u64;
    assert!(unit > 10);
    assert_eq!(
        r.cost,
        unit * (10f64.sqrt() * STRAIGHT_PER_TENTH as f64).ceil() as u64
    );
}

#[test]
fn details_count_line_of_sight_tests_and_vertices() {
    let grid = Grid::from_ascii("......\n......\n......").unwrap();
    let mut theta = ThetaStar::new();
    theta
        .solve(&grid, &params(Movement::default()), 0, grid.cell(5, 2))
        .unwrap();
    let details = theta.details();
    let value = |key: &str| details.iter().find(|d| d.key == key).map(|d| d.value);
    assert!(value("los-checks").unwrap() > 0.0);
    assert_eq!(value("vertices"), Some(2.0));
}
