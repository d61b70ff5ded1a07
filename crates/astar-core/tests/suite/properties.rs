//! Property tests on seeded random maps (4- and 8-neighbour with every corner rule, terrain costs, custom
//! cost tables): the engine's answers are compared with the independent references in `common`.

use crate::common;

use astar_core::regions::Regions;
use astar_core::{
    Algorithm, CornerRule, Heuristic, Movement, Outcome, Search, SearchParams, SearchResult, Step,
    TieBreak, Weight,
};
use common::{dijkstra, fewest_moves, path_cost, random_problem, HEURISTICS, MOVEMENTS};

/// Seeds per property and movement rule; every map is small, so this stays well under a second each.
const SEEDS: u64 = 150;

const TIE_BREAKS: [TieBreak; 4] = [
    TieBreak::LowerH,
    TieBreak::HigherG,
    TieBreak::FirstIn,
    TieBreak::LastIn,
];

fn params(algorithm: Algorithm, heuristic: Heuristic, movement: Movement) -> SearchParams {
    SearchParams {
        algorithm,
        heuristic,
        movement,
        ..SearchParams::default()
    }
}

#[test]
fn astar_with_an_admissible_heuristic_and_w_1_costs_what_dijkstra_costs() {
    let mut search = Search::new();
    let mut checked = 0;
    for movement in MOVEMENTS {
        for seed in 0..SEEDS {
            let p = random_problem(seed);
            let optimal = dijkstra(&p.grid, movement, p.start, p.goal);
            for (i, heuristic) in HEURISTICS.into_iter().enumerate() {
                if !heuristic.is_admissible(movement) {
                    continue;
                }
                let mut sp = params(Algorithm::AStar, heuristic, movement);
                sp.tie_break = TIE_BREAKS[(seed as usize + i) % 4];
                let r = search.solve(&p.grid, &sp, p.start, p.goal).unwrap();
                let context = format!("seed {seed}, {movement:?}, {heuristic:?}");
                match optimal {
                    Some(cost) => {
                        assert_eq!(r.outcome, Outcome::Found, "{context}");
                        assert_eq!(r.cost, cost, "{context}");
                        assert_eq!(
                            path_cost(&p.grid, movement, p.start, &r.path),
                            cost,
                            "{context}"
                        );
                        assert_eq!(r.path.last(), Some(&p.goal), "{context}");
                        checked += 1;
                    }
                    None => {
                        assert_eq!(r.outcome, Outcome::Unreachable, "{context}");
                        assert!(r.path.is_empty(), "{context}");
                    }
                }
            }
            // The engine's own Dijkstra agrees too.
            let r = search
                .solve(
                    &p.grid,
                    &params(Algorithm::Dijkstra, Heuristic::Octile, movement),
                    p.start,
                    p.goal,
                )
                .unwrap();
            assert_eq!(
                r.outcome == Outcome::Found,
                optimal.is_some(),
                "seed {seed}"
            );
            if let Some(cost) = optimal {
                assert_eq!(r.cost, cost, "Dijkstra, seed {seed}, {movement:?}");
            }
        }
    }
    assert!(checked > 1000, "too few reachable problems: {checked}");
}

#[test]
fn weighted_astar_costs_at_most_w_times_the_optimum() {
    let mut search = Search::new();
    let mut suboptimal = 0;
    for movement in MOVEMENTS {
        let heuristic = Heuristic::best_admissible(movement);
        for seed in 0..SEEDS {
            let p = random_problem(seed);
            let Some(optimal) = dijkstra(&p.grid, movement, p.start, p.goal) else {
                continue;
            };
            for w in [0.0, 0.5, 1.25, 1.5, 2.0, 3.0, 4.5, 5.0] {
                let mut sp = params(Algorithm::AStar, heuristic, movement);
                sp.weight = Weight::new(w).unwrap();
                let r = search.solve(&p.grid, &sp, p.start, p.goal).unwrap();
                assert_eq!(r.outcome, Outcome::Found, "seed {seed}, w {w}");
                assert_eq!(path_cost(&p.grid, movement, p.start, &r.path), r.cost);
                // cost <= max(w, 1) * optimal, exactly, in thousandths.
                let bound = sp.weight.milli().max(1000) as u64 * optimal;
                assert!(
                    r.cost * 1000 <= bound,
                    "seed {seed}, {movement:?}, w {w}: cost {} > {w} x {}",
                    r.cost,
                    optimal
                );
                if r.cost > optimal {
                    suboptimal += 1;
                }
            }
        }
    }
    // The property must not hold vacuously: large weights do give worse paths on some maps.
    assert!(suboptimal > 0, "no weighted search was ever suboptimal");
}

#[test]
fn bfs_finds_the_fewest_moves() {
    // Whatever the tie-break: breadth-first ignores it (last-in would make it depth-first).
    let mut search = Search::new();
    for movement in MOVEMENTS {
        for seed in 0..SEEDS {
            let p = random_problem(seed);
            let expected = fewest_moves(&p.grid, movement, p.start, p.goal);
            for tie_break in TIE_BREAKS {
                let sp = SearchParams {
                    tie_break,
                    ..params(Algorithm::Bfs, Heuristic::Octile, movement)
                };
                let r = search.solve(&p.grid, &sp, p.start, p.goal).unwrap();
                let context = format!("seed {seed}, {movement:?}, {tie_break:?}");
                match expected {
                    Some(moves) => {
                        assert_eq!(r.outcome, Outcome::Found, "{context}");
                        assert_eq!(r.path.len(), moves + 1, "{context}");
                        assert_eq!(path_cost(&p.grid, movement, p.start, &r.path), r.cost);
                    }
                    None => assert_eq!(r.outcome, Outcome::Unreachable, "{context}"),
                }
            }
        }
    }
}

#[test]
fn greedy_finds_a_path_whenever_one_exists() {
    let mut search = Search::new();
    for movement in MOVEMENTS {
        for seed in 0..SEEDS {
            let p = random_problem(seed);
            let regions = Regions::compute(&p.grid, movement);
            let reachable = dijkstra(&p.grid, movement, p.start, p.goal).is_some();
            assert_eq!(
                regions.connected(p.start, p.goal),
                reachable,
                "regions, seed {seed}, {movement:?}"
            );
            for heuristic in HEURISTICS {
                let r = search
                    .solve(
                        &p.grid,
                        &params(Algorithm::Greedy, heuristic, movement),
                        p.start,
                        p.goal,
                    )
                    .unwrap();
                let expected = if reachable {
                    Outcome::Found
                } else {
                    Outcome::Unreachable
                };
                assert_eq!(
                    r.outcome, expected,
                    "seed {seed}, {movement:?}, {heuristic:?}"
                );
                if reachable {
                    assert_eq!(r.path.last(), Some(&p.goal));
                    assert_eq!(path_cost(&p.grid, movement, p.start, &r.path), r.cost);
                }
            }
        }
    }
}

/// Every algorithm, heuristic and tie-break on a few maps per movement rule.
fn all_settings() -> Vec<SearchParams> {
    let mut out = vec![];
    for movement in MOVEMENTS {
        for algorithm in [
            Algorithm::Bfs,
            Algorithm::Dijkstra,
            Algorithm::Greedy,
            Algorithm::AStar,
        ] {
            for (i, heuristic) in HEURISTICS.into_iter().enumerate() {
                let mut sp = params(algorithm, heuristic, movement);
                sp.tie_break = TIE_BREAKS[i % 4];
                sp.weight = Weight::new([1.0, 1.0, 1.5, 3.0, 0.0][i]).unwrap();
                out.push(sp);
            }
        }
    }
    out
}

fn stepped(
    search: &mut Search,
    p: &common::Problem,
    sp: &SearchParams,
) -> (SearchResult, Vec<u32>) {
    search.begin(&p.grid, sp, p.start, p.goal).unwrap();
    let mut expanded = vec![];
    loop {
        match search.step(&p.grid) {
            Step::Expanded(cell) => {
                expanded.push(cell);
                assert_eq!(search.last_expanded(), Some(cell));
                assert_eq!(search.counters().expanded as usize, expanded.len());
            }
            Step::Done(outcome) => {
                assert_eq!(search.step(&p.grid), Step::Done(outcome), "done stays done");
                break;
            }
        }
    }
    (search.result().unwrap(), expanded)
}

/// Stepping one expansion at a time reports each expansion and stays done, and a search run again on the
/// same engine, or on a fresh one, repeats exactly. (That stepping in chunks ends where a one-shot solve
/// ends, trace included, is tested at the session level in stepping.rs: `solve` is itself a step loop.)
#[test]
fn single_steps_report_each_expansion_and_runs_repeat_exactly() {
    let settings = all_settings();
    let mut reused = Search::new();
    for seed in 0..40 {
        let p = random_problem(1000 + seed);
        for sp in &settings {
            let (first, order) = stepped(&mut reused, &p, sp);
            let (again, order_again) = stepped(&mut reused, &p, sp);
            assert_eq!(first, again, "second run differs, seed {seed}, {sp:?}");
            assert_eq!(
                order, order_again,
                "expansion order differs, seed {seed}, {sp:?}"
            );
            let (on_fresh, order_fresh) = stepped(&mut Search::new(), &p, sp);
            assert_eq!(
                first, on_fresh,
                "a fresh engine differs, seed {seed}, {sp:?}"
            );
            assert_eq!(order, order_fresh, "seed {seed}, {sp:?}");
        }
    }
}

#[test]
fn a_limited_search_stops_at_the_limit_with_a_partial_path() {
    let mut search = Search::new();
    for seed in 0..SEEDS {
        let p = random_problem(seed);
        let movement = MOVEMENTS[seed as usize % 4];
        let full = search
            .solve(
                &p.grid,
                &params(Algorithm::AStar, Heuristic::Octile, movement),
                p.start,
                p.goal,
            )
            .unwrap();
        if full.counters.expanded < 3 {
            continue;
        }
        let limit = (full.counters.expanded / 2) as u32;
        let mut sp = params(Algorithm::AStar, Heuristic::Octile, movement);
        sp.expansion_limit = Some(limit);
        let r = search.solve(&p.grid, &sp, p.start, p.goal).unwrap();
        assert_eq!(r.outcome, Outcome::LimitReached, "seed {seed}");
        assert_eq!(r.counters.expanded, limit as u64);
        assert!(!r.path.is_empty());
        assert_eq!(path_cost(&p.grid, movement, p.start, &r.path), r.cost);
        let end = *r.path.last().unwrap();
        assert!(
            search.is_closed(end),
            "the partial path ends at a closed cell"
        );
    }
}

/// Whether the closed square of cell (x, y) holds the point `p` (cell coordinates: the square is
/// [x, x + 1] × [y, y + 1]).
fn square_holds(x: u32, y: u32, p: [f64; 2]) -> bool {
    (x as f64..=x as f64 + 1.0).contains(&p[0]) && (y as f64..=y as f64 + 1.0).contains(&p[1])
}

#[test]
fn the_curve_through_the_smoothed_path_never_touches_a_wall_and_passes_every_corner() {
    use astar_core::curve::curve;
    use astar_core::smooth::{polyline_length, smooth_path};
    let mut search = Search::new();
    let (mut curves, mut pieces, mut straight) = (0, 0, 0);
    for seed in 0..400 {
        let p = random_problem(seed);
        let movement = MOVEMENTS[(seed % 4) as usize];
        let sp = params(Algorithm::AStar, Heuristic::Octile, movement);
        let r = search.solve(&p.grid, &sp, p.start, p.goal).unwrap();
        if r.path.len() < 2 {
            continue;
        }
        let corners = smooth_path(&p.grid, &r.path);
        let centres: Vec<[f64; 2]> = corners
            .iter()
            .map(|&cell| {
                let (x, y) = p.grid.xy(cell);
                [x as f64 + 0.5, y as f64 + 0.5]
            })
            .collect();
        let c = curve(&p.grid, &corners);
        curves += 1;
        pieces += corners.len() - 1;
        straight += c.straight.len();
        let context = format!("seed {seed}, {movement:?}");
        assert!(c.straight.windows(2).all(|s| s[0] < s[1]), "{context}");
        assert!(
            c.length >= polyline_length(&p.grid, &corners) - 1e-9,
            "{context}"
        );
        let walls: Vec<(u32, u32)> = (0..p.grid.len() as u32)
            .filter(|&cell| !p.grid.is_passable(cell))
            .map(|cell| p.grid.xy(cell))
            .collect();
        let (w, h) = (p.grid.width() as f64, p.grid.height() as f64);
        // Piece by piece: through every corner in order; a piece drawn straight is the segment between its
        // corners; a curved one, sampled finely (independently of the chord test the curve uses), has no
        // point in the closed square of a wall or off the map. A straight piece may touch a wall corner
        // only where the grid path itself steps diagonally past it (a corner rule that allows cutting).
        let mut at = 0;
        for piece in 0..corners.len() - 1 {
            assert_eq!(
                c.points[at], centres[piece],
                "{context}: piece {piece} starts on its corner"
            );
            let end = at
                + 1
                + c.points[at + 1..]
                    .iter()
                    .position(|&q| q == centres[piece + 1])
                    .unwrap();
            let drawn_straight = c.straight.contains(&(piece as u32));
            if drawn_straight {
                assert_eq!(end, at + 1, "{context}: piece {piece} is drawn straight");
            }
            if !drawn_straight || movement.corner_rule() == CornerRule::NoCut {
                for pair in c.points[at..=end].windows(2) {
                    for k in 0..=64 {
                        let t = k as f64 / 64.0;
                        let q = [
                            pair[0][0] + t * (pair[1][0] - pair[0][0]),
                            pair[0][1] + t * (pair[1][1] - pair[0][1]),
                        ];
                        assert!(
                            q[0] > 0.0 && q[0] < w && q[1] > 0.0 && q[1] < h,
                            "{context}: {q:?} off the map"
                        );
                        let touched = walls.iter().find(|&&(x, y)| square_holds(x, y, q));
                        assert!(
                            touched.is_none(),
                            "{context}: piece {piece} touches the wall {touched:?} at {q:?}"
                        );
                    }
                }
            }
            at = end;
        }
        assert_eq!(at, c.points.len() - 1, "{context}");
    }
    println!("{curves} curves, {pieces} pieces, {straight} drawn straight");
    assert!(
        curves > 200 && straight > 0 && straight < pieces / 2,
        "{curves} / {pieces} / {straight}"
    );
}
