//! One engine reused across many searches and maps behaves exactly like a fresh one: per-cell state is
//! not cleared between searches (generation stamps), so these tests check that nothing leaks from one
//! search to the next, including across the stamp's wrap-around.

use crate::common;

use astar_core::generate::{random_terrain, TerrainShares};
use astar_core::rng::Rng;
use astar_core::{Algorithm, Grid, Heuristic, Movement, Search, SearchParams};
use common::{random_problem, MOVEMENTS};

fn settings(i: u64) -> SearchParams {
    SearchParams {
        algorithm: [
            Algorithm::Bfs,
            Algorithm::Dijkstra,
            Algorithm::Greedy,
            Algorithm::AStar,
        ][i as usize % 4],
        heuristic: Heuristic::best_admissible(MOVEMENTS[(i / 4) as usize % 4]),
        movement: MOVEMENTS[(i / 4) as usize % 4],
        ..SearchParams::default()
    }
}

#[test]
fn a_reused_engine_answers_like_a_fresh_one_across_maps_of_every_size() {
    let mut reused = Search::new();
    for seed in 0..400 {
        let p = random_problem(seed);
        let sp = settings(seed);
        let fresh = Search::new().solve(&p.grid, &sp, p.start, p.goal).unwrap();
        assert_eq!(
            reused.solve(&p.grid, &sp, p.start, p.goal).unwrap(),
            fresh,
            "seed {seed}"
        );
    }
}

#[test]
fn short_searches_on_a_big_map_after_a_long_one_see_no_leftovers() {
    // 2048 x 2048: the largest map allowed. One long search touches most of it, then many short ones
    // follow; each must find exactly what a fresh engine finds, and report no cell of the earlier
    // searches as reached.
    let grid = random_terrain(
        2048,
        2048,
        TerrainShares {
            wall: 0.1,
            forest: 0.1,
            swamp: 0.05,
        },
        7,
    )
    .unwrap();
    let params = SearchParams {
        movement: Movement::Eight(Default::default()),
        ..SearchParams::default()
    };
    let passable = |c: u32| grid.is_passable(c);
    let mut rng = Rng::new(99);
    let mut pick = || loop {
        let c = rng.below(grid.len() as u32);
        if passable(c) {
            break c;
        }
    };
    let mut reused = Search::new();
    let (far_a, far_b) = (pick(), pick());
    let long = reused
        .solve(
            &grid,
            &SearchParams {
                algorithm: Algorithm::Dijkstra,
                ..params
            },
            far_a,
            far_b,
        )
        .unwrap();
    assert!(
        long.counters.expanded > 100_000,
        "the long search should touch much of the map"
    );
    let touched: Vec<u32> = (0..grid.len() as u32)
        .step_by(997)
        .filter(|&c| reused.is_reached(c))
        .collect();
    assert!(!touched.is_empty());

    let mut short_only = Search::new();
    for i in 0..300 {
        let start = pick();
        // A goal within a few cells, so the search is short.
        let (x, y) = grid.xy(start);
        let (gx, gy) = ((x + 3).min(2047), (y + 2).min(2047));
        let goal = grid.cell(gx, gy);
        if !grid.is_passable(goal) {
            continue;
        }
        let r = reused.solve(&grid, &params, start, goal).unwrap();
        assert!(r.counters.expanded < 2_000, "a short search stays short");
        // A fresh engine costs O(cells) to make, so every 50th search uses one; the others compare with
        // an engine that has only ever run short searches.
        if i % 50 == 0 {
            short_only = Search::new();
        }
        assert_eq!(short_only.solve(&grid, &params, start, goal).unwrap(), r);
        for &c in &touched {
            assert_eq!(
                reused.is_reached(c),
                short_only.is_reached(c),
                "cell {c} leaked from an earlier search"
            );
        }
    }
}

#[test]
fn the_generation_stamp_wraps_around_without_leaking_state() {
    let grid = Grid::from_ascii(
        "
        .........
        .#######.
        .#.....#.
        .#.###.#.
        ...#.....",
    )
    .unwrap();
    let params = SearchParams::default();
    let cells: Vec<u32> = (0..grid.len() as u32)
        .filter(|&c| grid.is_passable(c))
        .collect();
    let expected: Vec<_> = cells
        .iter()
        .flat_map(|&a| cells.iter().map(move |&b| (a, b)))
        .map(|(a, b)| Search::new().solve(&grid, &params, a, b).unwrap())
        .collect();

    let mut reused = Search::new();
    reused.solve(&grid, &params, cells[0], cells[1]).unwrap();
    // A few searches before the wrap, the wrap itself, and many after it.
    reused.force_generation_for_tests(u32::MAX - 40);
    for (i, (a, b)) in cells
        .iter()
        .flat_map(|&a| cells.iter().map(move |&b| (a, b)))
        .enumerate()
    {
        let r = reused.solve(&grid, &params, a, b).unwrap();
        assert_eq!(
            r,
            expected[i],
            "search {i} from {:?} to {:?}",
            grid.xy(a),
            grid.xy(b)
        );
        let mut fresh = Search::new();
        fresh.solve(&grid, &params, a, b).unwrap();
        for &c in &cells {
            assert_eq!(
                reused.is_reached(c),
                fresh.is_reached(c),
                "search {i}, cell {c}"
            );
            assert_eq!(
                reused.is_closed(c),
                fresh.is_closed(c),
                "search {i}, cell {c}"
            );
        }
    }
    assert!(
        expected.len() > 100,
        "enough searches to cross the wrap-around"
    );
}
