//! A solve run in slices (`Session::solve_for`, how the page keeps big maps live) gives what one
//! `Session::solve` gives: on random maps with every algorithm and random settings, sliced at random
//! budgets, with the probe used by others between slices (the sweep, the optimal path, the stats) and
//! with edits between slices, which make the next slice begin again on the edited map. A slice in
//! which the shown search finishes but the optimum does not hands the shown stats over at once, the
//! optimum pending: the same stats but for the optimum.

use crate::common;

use std::cell::Cell;

use astar_core::generate::{random_terrain, TerrainShares};
use astar_core::rng::Rng;
use astar_core::search::registry::ALGORITHMS;
use astar_core::session::{Session, Stats};
use astar_core::{Grid, SearchParams, Terrain, Weight};
use common::{HEURISTICS, MOVEMENTS};

/// A clock that moves one µs a reading: a budget of n µs is n readings, the same on every machine.
fn ticking() -> impl Fn() -> f64 {
    let now = Cell::new(0.0);
    move || {
        now.set(now.get() + 1.0);
        now.get()
    }
}

/// A clock that jumps 10 ms a reading: a solve times each batch by one run of the timing engine, and
/// never runs the shown search again (it would for a run over `LONG_SEARCH_US`, 20 ms, and HPA*'s
/// second begin then reports no clusters rebuilt).
fn jumping() -> impl Fn() -> f64 {
    let now = Cell::new(0.0);
    move || {
        now.set(now.get() + 1e4);
        now.get()
    }
}

/// The stats without the times (which differ between a sliced solve and one run).
fn untimed(stats: &Stats) -> Stats {
    Stats {
        time_us: 0.0,
        time_low_us: 0.0,
        time_high_us: 0.0,
        ..stats.clone()
    }
}

/// The stats as handed over before the optimum is found: `whole`'s but for the optimum.
fn before_the_optimum(whole: &Stats) -> Stats {
    Stats {
        optimal_cost: None,
        over_optimal: None,
        optimum_pending: true,
        ..untimed(whole)
    }
}

/// Slices until the stats with the optimum (`between` runs after each slice that did not return them);
/// the slices taken and the stats handed over before the optimum, if any. Fails if more than one slice
/// hands the shown stats over, or if the final ones still wait for the optimum.
fn slice_to_end(
    session: &mut Session,
    budget: f64,
    clock: &dyn Fn() -> f64,
    mut between: impl FnMut(&mut Session),
) -> (Stats, u32, Option<Stats>) {
    let mut slices = 0;
    let mut handed_over: Option<Stats> = None;
    loop {
        slices += 1;
        assert!(slices < 100_000, "the sliced solve never ends");
        match session.solve_for(budget, clock).unwrap() {
            Some(stats) if stats.optimum_pending => {
                assert!(handed_over.is_none(), "handed over twice");
                handed_over = Some(stats);
            }
            Some(stats) => return (stats, slices, handed_over),
            None => {}
        }
        between(session);
    }
}

/// A session on `grid` from `start` to `goal` with `params`.
fn session_with(grid: Grid, start: u32, goal: u32, params: SearchParams) -> Session {
    let mut session = Session::new(grid, start, goal).unwrap();
    session.set_params(params);
    session
}

/// A random map of 100 to 200 cells a side (big enough for a search of many slices), with the start
/// in the top-left corner and the goal in the bottom-right one.
fn random_map(rng: &mut Rng, seed: u64) -> (Grid, u32, u32) {
    let (w, h) = (100 + rng.below(101), 100 + rng.below(101));
    let shares = TerrainShares {
        wall: rng.unit() * 0.3,
        forest: rng.unit() * 0.2,
        swamp: rng.unit() * 0.1,
    };
    let mut grid = random_terrain(w, h, shares, seed).unwrap();
    let last = grid.len() as u32 - 1;
    grid.set_terrain(0, Terrain::Plain);
    grid.set_terrain(last, Terrain::Plain);
    (grid, 0, last)
}

fn random_params(rng: &mut Rng) -> SearchParams {
    SearchParams {
        algorithm: ALGORITHMS[rng.below(ALGORITHMS.len() as u32) as usize].algorithm,
        heuristic: HEURISTICS[rng.below(5) as usize],
        weight: Weight::new([1.0, 1.0, 1.5, 2.5][rng.below(4) as usize]).unwrap(),
        movement: MOVEMENTS[rng.below(4) as usize],
        ..SearchParams::default()
    }
}

#[test]
fn a_sliced_solve_gives_what_one_solve_gives_with_the_probe_used_in_between() {
    let (mut compared, mut sliced_many, mut refused) = (0, 0, 0);
    for seed in 0..80u64 {
        let mut rng = Rng::new(seed ^ 0x511ce);
        let (grid, start, goal) = random_map(&mut rng, seed);
        let params = random_params(&mut rng);
        let mut whole = session_with(grid.clone(), start, goal, params);
        let mut sliced = session_with(grid, start, goal, params);
        let expected = match whole.solve(&jumping()) {
            Ok(stats) => stats,
            Err(err) => {
                // An algorithm that cannot run here is refused by the first slice the same way.
                assert_eq!(
                    sliced.solve_for(50.0, &ticking()).err(),
                    Some(err),
                    "seed {seed}"
                );
                refused += 1;
                continue;
            }
        };
        let clock = ticking();
        let budget = 1.0 + rng.below(8) as f64;
        let (stats, slices, early) =
            slice_to_end(&mut sliced, budget, &clock, |s| match rng.below(6) {
                0 => {
                    s.sweep(&[1.0, 2.0]).unwrap();
                }
                1 => {
                    s.optimal_path();
                }
                2 => {
                    s.stats();
                }
                _ => {}
            });
        assert_eq!(
            untimed(&stats),
            untimed(&expected),
            "seed {seed}, {params:?}, budget {budget}"
        );
        if let Some(early) = early {
            assert_eq!(
                untimed(&early),
                before_the_optimum(&expected),
                "seed {seed}"
            );
        }
        assert_eq!(sliced.smoothed(), whole.smoothed(), "seed {seed}");
        assert_eq!(sliced.search().path(), whole.search().path(), "seed {seed}");
        compared += 1;
        sliced_many += (slices > 3) as u32;
    }
    assert!(compared >= 55, "{compared} compared, {refused} refused");
    assert!(
        sliced_many >= 30,
        "only {sliced_many} solves took more than three slices"
    );
}

#[test]
fn a_path_found_before_its_optimum_is_handed_over_once_then_the_whole_stats() {
    let mut handed_over = 0;
    for seed in 0..40u64 {
        let mut rng = Rng::new(seed ^ 0x0b7);
        let (grid, start, goal) = random_map(&mut rng, seed);
        // Weighted A*: its path is not the optimum, which a second search finds.
        let params = SearchParams {
            weight: Weight::new([1.5, 2.5, 4.0][rng.below(3) as usize]).unwrap(),
            ..SearchParams::default()
        };
        let mut whole = session_with(grid.clone(), start, goal, params);
        let expected = whole.solve(&jumping()).unwrap();
        let mut sliced = session_with(grid, start, goal, params);
        let (stats, _, early) =
            slice_to_end(&mut sliced, 1.0 + rng.below(4) as f64, &ticking(), |_| {});
        assert_eq!(untimed(&stats), untimed(&expected), "seed {seed}");
        if expected.outcome == "found" {
            let early = early.unwrap_or_else(|| panic!("seed {seed}: no hand-over"));
            assert_eq!(
                untimed(&early),
                before_the_optimum(&expected),
                "seed {seed}"
            );
            handed_over += 1;
        }
    }
    assert!(handed_over >= 25, "only {handed_over} paths were found");
}

#[test]
fn an_edit_between_slices_makes_the_next_slice_begin_again_on_the_edited_map() {
    let mut restarted = 0;
    for seed in 0..60u64 {
        let mut rng = Rng::new(seed ^ 0xed17);
        let (grid, start, goal) = random_map(&mut rng, seed);
        let params = SearchParams {
            weight: Weight::new(1.5).unwrap(),
            ..SearchParams::default()
        };
        let mut sliced = session_with(grid, start, goal, params);
        let clock = ticking();
        if matches!(sliced.solve_for(2.0, &clock).unwrap(), Some(stats) if !stats.optimum_pending) {
            continue; // Finished at once: nothing was under way to edit.
        }
        let (w, h) = (sliced.grid().width(), sliced.grid().height());
        let (x, y) = (rng.below(w) as i64, rng.below(h) as i64);
        match rng.below(3) {
            0 => {
                sliced.paint(x, y, 2, Terrain::Wall);
            }
            1 => {
                let _ = sliced.set_goal(x, y);
            }
            _ => sliced.set_params(SearchParams {
                weight: Weight::new(2.0).unwrap(),
                ..params
            }),
        }
        let (stats, _, _) = slice_to_end(&mut sliced, 7.0, &clock, |_| {});
        let mut fresh = session_with(
            sliced.grid().clone(),
            sliced.start(),
            sliced.goal(),
            *sliced.params(),
        );
        let expected = fresh.solve(&jumping()).unwrap();
        assert_eq!(untimed(&stats), untimed(&expected), "seed {seed}");
        restarted += 1;
    }
    assert!(
        restarted >= 40,
        "only {restarted} solves were edited part-way"
    );
}

#[test]
fn a_solve_longer_than_a_slice_is_timed_by_the_sum_of_its_slices() {
    let grid = Grid::new(200, 200).unwrap();
    let mut s = session_with(
        grid,
        0,
        200 * 200 - 1,
        SearchParams {
            heuristic: astar_core::Heuristic::Zero,
            ..SearchParams::default()
        },
    );
    let clock = ticking();
    let (stats, slices, _) = slice_to_end(&mut s, 3.0, &clock, |_| {});
    assert!(slices > 20, "{slices} slices");
    // Each slice's search part reads the clock once per look (512 expansions) and once around them.
    let looks = (200.0 * 200.0 / 512.0_f64).floor();
    assert!(
        stats.time_us >= looks && stats.time_us <= looks + 3.0 * slices as f64,
        "{} µs in {slices} slices",
        stats.time_us
    );
    assert_eq!(
        (stats.time_low_us, stats.time_high_us),
        (stats.time_us, stats.time_us)
    );
}

#[test]
fn a_sliced_solve_refuses_before_it_prepares_anything_and_hpa_builds_its_graph_in_slices() {
    use astar_core::penalty::Penalties;
    use astar_core::Algorithm;
    let hpa = SearchParams {
        algorithm: Algorithm::Hpa,
        ..SearchParams::default()
    };
    // HPA* cannot price a penalty: refused at the first slice, with no graph built first.
    let (mut grid, start, goal) = random_map(&mut Rng::new(3), 3);
    grid.set_penalties(Penalties {
        hug_tenths: 2,
        ..Penalties::default()
    })
    .unwrap();
    let mut session = session_with(grid, start, goal, hpa);
    let clock = ticking();
    let refused = session.solve_for(3.0, &clock).unwrap_err();
    assert_eq!(
        refused.to_string(),
        session.check_settings().unwrap_err().to_string()
    );
    // On a map it can search, its graph takes several slices, then the stats are those of one solve.
    let (grid, start, goal) = random_map(&mut Rng::new(4), 4);
    let mut sliced = session_with(grid.clone(), start, goal, hpa);
    let clock = ticking();
    let (stats, slices, _) = slice_to_end(&mut sliced, 40.0, &clock, |_| {});
    assert!(slices > 1, "{slices} slices");
    let mut whole = session_with(grid, start, goal, hpa);
    let once = whole.solve(&ticking()).unwrap();
    assert_eq!(untimed(&stats), untimed(&once));
}
