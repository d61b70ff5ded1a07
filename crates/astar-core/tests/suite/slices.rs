//! A solve run in slices (`Session::solve_for`, how the page keeps big maps live) gives what one
//! `Session::solve` gives: on random maps with every algorithm and random settings, sliced at random
//! budgets, with the probe used by others between slices (the sweep, the optimal path, the stats) and
//! with edits between slices, which make the next slice begin again on the edited map. A slice in
//! which the shown search finishes but its path's smoothing or the optimum does not hands the shown
//! stats over at once, the smoothing or the optimum pending: the same stats but for them; a slice that
//! ends the smoothing with the optimum still pending hands them over again.

use crate::common;

use std::cell::Cell;

use astar_core::curve;
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

/// `whole` (a solve's stats) as a slice hands them over early, with `early`'s parts pending: the
/// smoothing (no smoothed length or segments yet), the optimum (no optimum, no cost over it), or both.
fn as_handed_over(whole: &Stats, early: &Stats) -> Stats {
    let mut stats = untimed(whole);
    if early.smoothing_pending {
        (stats.smoothed_length, stats.smoothed_segments) = (0.0, 0);
        stats.smoothing_pending = true;
    }
    if early.optimum_pending {
        (stats.optimal_cost, stats.over_optimal) = (None, None);
        stats.optimum_pending = true;
    }
    stats
}

/// Something of the shown search's stats is still to come: its smoothing or its optimum.
fn in_part(stats: &Stats) -> bool {
    stats.smoothing_pending || stats.optimum_pending
}

/// Slices until the whole stats (`between` runs after each slice that did not return them); the
/// slices taken and the stats handed over before, in order. Fails if they are handed over more than
/// twice, if a second hand-over does not know one more of the two (the smoothing, the optimum) than
/// the first, or if the final ones still wait for something.
fn slice_to_end(
    session: &mut Session,
    budget: f64,
    clock: &dyn Fn() -> f64,
    mut between: impl FnMut(&mut Session),
) -> (Stats, u32, Vec<Stats>) {
    let mut slices = 0;
    let mut handed_over: Vec<Stats> = Vec::new();
    loop {
        slices += 1;
        assert!(slices < 100_000, "the sliced solve never ends");
        match session.solve_for(budget, clock).unwrap() {
            Some(stats) if in_part(&stats) => {
                if let Some(first) = handed_over.first() {
                    assert!(handed_over.len() == 1, "handed over three times");
                    assert!(
                        first.smoothing_pending && first.optimum_pending,
                        "handed over twice, the first time with one of them known"
                    );
                    assert!(
                        stats.smoothing_pending != stats.optimum_pending,
                        "the second time one more is known"
                    );
                }
                handed_over.push(stats);
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
    let (mut compared, mut sliced_many, mut refused, mut before_smoothing) = (0, 0, 0, 0);
    for seed in 0..80u64 {
        let mut rng = Rng::new(seed ^ 0x511ce);
        let (grid, start, goal) = random_map(&mut rng, seed);
        let params = random_params(&mut rng);
        let mut whole = session_with(grid.clone(), start, goal, params);
        let mut sliced = session_with(grid.clone(), start, goal, params);
        // Half the pages draw the smoothed path as a curve: it is made in the slices, as the
        // smoothing's last part.
        let curve_wanted = seed % 2 == 0;
        sliced.set_curve_wanted(curve_wanted);
        // Half the pages do not draw the smoothed path: it is made after the optimum.
        sliced.set_smoothing_wanted((seed / 2) % 2 == 0);
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
        for early in &early {
            assert_eq!(
                untimed(early),
                as_handed_over(&expected, early),
                "seed {seed}"
            );
        }
        before_smoothing += early.iter().any(|early| early.smoothing_pending) as u32;
        assert_eq!(sliced.smoothed(), whole.smoothed(), "seed {seed}");
        assert_eq!(sliced.search().path(), whole.search().path(), "seed {seed}");
        assert_eq!(sliced.curve_ready(), curve_wanted, "seed {seed}");
        assert_eq!(
            *sliced.curve(),
            curve::curve(&grid, whole.smoothed()),
            "seed {seed}"
        );
        compared += 1;
        sliced_many += (slices > 3) as u32;
    }
    assert!(compared >= 55, "{compared} compared, {refused} refused");
    assert!(
        before_smoothing >= 40,
        "only {before_smoothing} paths were handed over before their smoothing"
    );
    assert!(
        sliced_many >= 30,
        "only {sliced_many} solves took more than three slices"
    );
}

#[test]
fn a_path_found_before_its_optimum_is_handed_over_early_then_the_whole_stats() {
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
            // The last hand-over waits for the optimum, with the smoothing done.
            let last = early
                .last()
                .unwrap_or_else(|| panic!("seed {seed}: no hand-over"));
            assert!(
                last.optimum_pending && !last.smoothing_pending,
                "seed {seed}"
            );
            for early in &early {
                assert_eq!(
                    untimed(early),
                    as_handed_over(&expected, early),
                    "seed {seed}"
                );
            }
            handed_over += 1;
        }
    }
    assert!(handed_over >= 25, "only {handed_over} paths were found");
}

/// A serpentine of corridors 1 cell wide on 61 × 61 cells, start and goal at its two ends: a path of
/// thousands of cells, whose smoothing takes slices of its own after the search's last one.
fn serpentine() -> (Grid, u32, u32) {
    let (w, h) = (61, 61);
    let mut grid = Grid::new(w, h).unwrap();
    for y in (1..h).step_by(2) {
        for x in 0..w {
            let gap = if y % 4 == 1 { w - 1 } else { 0 };
            if x != gap {
                grid.set_terrain(y * w + x, Terrain::Wall);
            }
        }
    }
    (grid, 0, (h - 1) * w)
}

#[test]
fn a_long_path_is_handed_over_before_its_smoothing_then_with_it() {
    let (grid, start, goal) = serpentine();
    let mut whole = session_with(grid.clone(), start, goal, SearchParams::default());
    let expected = whole.solve(&jumping()).unwrap();
    assert!(expected.path_cells > 1500, "{} cells", expected.path_cells);
    let mut sliced = session_with(grid, start, goal, SearchParams::default());
    let clock = ticking();
    let (stats, _, early) = slice_to_end(&mut sliced, 3.0, &clock, |_| {});
    // A* at w = 1 settles the optimum: one hand-over, with only the smoothing pending.
    assert_eq!(early.len(), 1);
    assert!(early[0].smoothing_pending && !early[0].optimum_pending);
    assert_eq!(untimed(&early[0]), as_handed_over(&expected, &early[0]));
    assert_eq!(early[0].smoothed_length, 0.0);
    assert_eq!(untimed(&stats), untimed(&expected));
    assert!(!in_part(&stats));
    assert_eq!(sliced.smoothed(), whole.smoothed());
    assert!(
        whole.smoothed().len() > 50,
        "{} corners",
        whole.smoothed().len()
    );
}

#[test]
fn a_path_not_drawn_smoothed_is_compared_with_the_optimum_before_it_is_smoothed() {
    // Weighted A* across the serpentine: its optimum is searched for, and its long path's smoothing
    // takes slices of its own. The smoothing comes first when the page draws it, else the optimum.
    let (grid, start, goal) = serpentine();
    let params = SearchParams {
        weight: Weight::new(2.5).unwrap(),
        ..SearchParams::default()
    };
    let expected = session_with(grid.clone(), start, goal, params)
        .solve(&jumping())
        .unwrap();
    assert!(expected.optimal_cost.is_some());
    for smoothing_wanted in [true, false] {
        let mut sliced = session_with(grid.clone(), start, goal, params);
        sliced.set_smoothing_wanted(smoothing_wanted);
        let (stats, _, early) = slice_to_end(&mut sliced, 3.0, &ticking(), |_| {});
        assert_eq!(untimed(&stats), untimed(&expected));
        assert_eq!(early.len(), 2, "smoothing wanted: {smoothing_wanted}");
        assert!(early[0].smoothing_pending && early[0].optimum_pending);
        // The second hand-over brings the smoothing when it is drawn, else the optimum.
        assert_eq!(early[1].smoothing_pending, !smoothing_wanted);
        assert_eq!(early[1].optimum_pending, smoothing_wanted);
        for early in &early {
            assert_eq!(untimed(early), as_handed_over(&expected, early));
        }
    }
}

#[test]
fn a_curve_wanted_is_made_in_slices_as_the_smoothings_last_part() {
    // The serpentine's smoothed path has a corner at every bend: its curve takes slices of its own,
    // and the smoothed path is handed over with it, not before.
    let (grid, start, goal) = serpentine();
    let slices_with = |wanted: bool| {
        let mut sliced = session_with(grid.clone(), start, goal, SearchParams::default());
        sliced.set_curve_wanted(wanted);
        let (stats, slices, early) = slice_to_end(&mut sliced, 3.0, &ticking(), |s| {
            // Until the last hand-over, neither the smoothed path nor its curve.
            assert!(s.smoothed().is_empty() && !s.curve_ready());
        });
        assert_eq!(early.len(), 1);
        assert!(early[0].smoothing_pending && !stats.smoothing_pending);
        assert_eq!(sliced.curve_ready(), wanted);
        let fresh = curve::curve(&grid, sliced.smoothed());
        assert_eq!(*sliced.curve(), fresh);
        slices
    };
    let (without, with) = (slices_with(false), slices_with(true));
    assert!(
        with > without,
        "{with} slices with the curve, {without} without"
    );
}

#[test]
fn a_path_handed_over_is_handed_over_again_when_asked() {
    // A page that dropped the path shown (an input superseded its solve and changed nothing) asks for
    // it again: the next slice hands it over again, its smoothing still pending; then the whole stats.
    let (grid, start, goal) = serpentine();
    let mut sliced = session_with(grid.clone(), start, goal, SearchParams::default());
    let clock = ticking();
    let first = loop {
        if let Some(stats) = sliced.solve_for(3.0, &clock).unwrap() {
            break stats;
        }
    };
    assert!(first.smoothing_pending);
    // Without asking, the next slices hand nothing over until the end.
    assert_eq!(sliced.solve_for(3.0, &clock).unwrap(), None);
    sliced.hand_over_again();
    let again = sliced
        .solve_for(3.0, &clock)
        .unwrap()
        .expect("handed over again");
    assert_eq!(untimed(&again), untimed(&first));
    let (stats, _, early) = slice_to_end(&mut sliced, 3.0, &clock, |_| {});
    assert!(early.is_empty() && !in_part(&stats));
    let mut whole = session_with(grid, start, goal, SearchParams::default());
    assert_eq!(untimed(&stats), untimed(&whole.solve(&jumping()).unwrap()));
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
        if matches!(sliced.solve_for(2.0, &clock).unwrap(), Some(stats) if !in_part(&stats)) {
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
