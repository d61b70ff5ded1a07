//! The animation and the one-shot solve show the same search: a session stepped in chunks of random
//! sizes (as the page's frames do) ends with the same path, counters, smoothed path and per-cell trace as
//! `Session::solve`, and every cell whose trace changes during a chunk is in that chunk's change list
//! (the page repaints only those cells, so a missing one would stay stale on screen).

use crate::common;

use astar_core::rng::Rng;
use astar_core::session::Session;
use astar_core::{Algorithm, Heuristic, SearchParams, TieBreak, Weight};
use common::{random_problem, MOVEMENTS};
use std::cell::Cell;
use std::collections::HashSet;

/// Random problems per test; each runs under a dozen settings.
const SEEDS: u64 = 60;

/// A clock that jumps 50 ms a reading, so that `Session::solve` never repeats the search to time it.
fn fast_clock() -> impl Fn() -> f64 {
    let now = Cell::new(0.0);
    move || {
        now.set(now.get() + 50_000.0);
        now.get()
    }
}

/// A dozen settings covering every algorithm, movement and tie-break, weights, and an expansion limit.
fn settings(rng: &mut Rng) -> Vec<SearchParams> {
    let algorithms = [
        Algorithm::Bfs,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::AStar,
    ];
    let heuristics = [
        Heuristic::Zero,
        Heuristic::Manhattan,
        Heuristic::Octile,
        Heuristic::Chebyshev,
        Heuristic::Euclidean,
    ];
    let tie_breaks = [
        TieBreak::LowerH,
        TieBreak::HigherG,
        TieBreak::FirstIn,
        TieBreak::LastIn,
    ];
    (0..12)
        .map(|i| SearchParams {
            algorithm: algorithms[i % 4],
            heuristic: heuristics[rng.below(5) as usize],
            weight: Weight::new([1.0, 1.5, 2.5, 0.0][rng.below(4) as usize]).unwrap(),
            movement: MOVEMENTS[(i / 4 + rng.below(2) as usize) % 4],
            tie_break: tie_breaks[rng.below(4) as usize],
            expansion_limit: (rng.below(4) == 0).then(|| 1 + rng.below(60)),
            cluster_size: None,
            unscaled_h: false,
            danger_in_h: false,
        })
        .collect()
}

/// How many expansions the next frame asks for: mostly small, sometimes 0, sometimes large.
fn chunk(rng: &mut Rng) -> u32 {
    match rng.below(10) {
        0 => 0,
        1 => 20 + rng.below(200),
        _ => 1 + rng.below(6),
    }
}

#[test]
fn stepping_in_random_chunks_ends_where_solve_ends() {
    let mut rng = Rng::new(7);
    let clock = fast_clock();
    for seed in 0..SEEDS {
        let p = random_problem(2000 + seed);
        let base = Session::new(p.grid.clone(), p.start, p.goal).unwrap();
        for params in settings(&mut rng) {
            let what = format!("seed {seed}, {params:?}");
            let mut solved = base.clone();
            solved.set_params(params);
            let solved_stats = solved.solve(&clock).unwrap();

            let mut stepped = base.clone();
            stepped.set_params(params);
            stepped.restart().unwrap();
            let mut total = 0u64;
            let mut frames = 0;
            while stepped.search().outcome().is_none() {
                total += stepped.step(chunk(&mut rng)) as u64;
                frames += 1;
                assert!(frames < 100_000, "{what}: the animation never ends");
            }
            let (a, b) = (solved.search(), stepped.search());
            assert_eq!(b.outcome(), a.outcome(), "{what}");
            assert_eq!(b.counters(), a.counters(), "{what}");
            assert_eq!(total, a.counters().expanded, "{what}: steps reported");
            assert_eq!(b.path(), a.path(), "{what}");
            assert_eq!(b.path_cost(), a.path_cost(), "{what}");
            assert!(b.opened_at() == a.opened_at(), "{what}: opened_at differs");
            assert!(b.closed_at() == a.closed_at(), "{what}: closed_at differs");
            assert_eq!(stepped.smoothed(), solved.smoothed(), "{what}");
            let mut stepped_stats = stepped.stats();
            stepped_stats.time_us = solved_stats.time_us;
            stepped_stats.time_low_us = solved_stats.time_low_us;
            stepped_stats.time_high_us = solved_stats.time_high_us;
            assert_eq!(stepped_stats, solved_stats, "{what}");
        }
    }
}

#[test]
fn every_cell_whose_trace_changes_in_a_step_is_in_the_change_list() {
    let mut rng = Rng::new(11);
    let mut checked_cells = 0usize;
    for seed in 0..SEEDS {
        let p = random_problem(3000 + seed);
        let base = Session::new(p.grid.clone(), p.start, p.goal).unwrap();
        for params in settings(&mut rng) {
            let what = format!("seed {seed}, {params:?}");
            let mut s = base.clone();
            s.set_params(params);
            s.restart().unwrap();
            while s.search().outcome().is_none() {
                let opened = s.search().opened_at().to_vec();
                let closed = s.search().closed_at().to_vec();
                s.step(chunk(&mut rng));
                let search = s.search();
                let changes: HashSet<u32> = search.changes().iter().copied().collect();
                assert_eq!(opened.len(), search.opened_at().len(), "{what}");
                for cell in 0..opened.len() {
                    let moved = opened[cell] != search.opened_at()[cell]
                        || closed[cell] != search.closed_at()[cell];
                    if moved {
                        checked_cells += 1;
                        assert!(
                            changes.contains(&(cell as u32)),
                            "{what}: cell {cell} changed (opened {} -> {}, closed {} -> {}) but is \
                             not in the change list",
                            opened[cell],
                            search.opened_at()[cell],
                            closed[cell],
                            search.closed_at()[cell]
                        );
                    }
                }
            }
        }
    }
    assert!(
        checked_cells > 10_000,
        "only {checked_cells} changed cells seen"
    );
}
