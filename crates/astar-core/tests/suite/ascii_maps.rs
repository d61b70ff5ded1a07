//! Behaviour pinned on small ASCII maps, so that a failing case reads like a picture: corner rules, start
//! equal to goal, unreachable goals, the expansion cap, bad end cells, the swamp detour, heuristic
//! admissibility, and smoothing that never crosses walls or costlier terrain.
//!
//! Pictures use the core's characters (`#` wall, `.` plain, `f` forest, `~` swamp) plus `S` and `G` for
//! the start and goal (both on plain ground); expected paths are drawn with `*`.

use crate::common;

use astar_core::regions::Regions;
use astar_core::smooth::{polyline_length, smooth_path};
use astar_core::{
    Algorithm, CornerRule, Cost, Grid, Heuristic, Movement, Outcome, Search, SearchError,
    SearchParams, Step, TerrainCosts, COST_SCALE, DIAGONAL_STEP,
};
use common::{dijkstra, dijkstra_to, path_cost, random_problem, MOVEMENTS};

/// A map with its start and goal, from a picture with `S` and `G` on plain cells.
struct Picture {
    grid: Grid,
    start: u32,
    goal: u32,
}

fn picture(text: &str) -> Picture {
    let (mut start, mut goal) = (None, None);
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            match c {
                'S' => start = Some((x as u32, y as u32)),
                'G' => goal = Some((x as u32, y as u32)),
                _ => {}
            }
        }
    }
    let grid = Grid::from_ascii(&text.replace(['S', 'G'], ".")).unwrap();
    // Without a G, the goal is the start.
    let s = start.expect("picture has an S");
    let g = goal.unwrap_or(s);
    Picture {
        start: grid.cell(s.0, s.1),
        goal: grid.cell(g.0, g.1),
        grid,
    }
}

/// The map with `path` drawn as `*`.
fn draw(grid: &Grid, path: &[u32]) -> String {
    let mut chars: Vec<Vec<char>> = grid
        .to_ascii()
        .lines()
        .map(|l| l.chars().collect())
        .collect();
    for &cell in path {
        let (x, y) = grid.xy(cell);
        chars[y as usize][x as usize] = '*';
    }
    chars
        .into_iter()
        .map(|r| r.into_iter().collect::<String>() + "\n")
        .collect()
}

fn unindent(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

fn with(movement: Movement) -> SearchParams {
    SearchParams {
        movement,
        heuristic: Heuristic::best_admissible(movement),
        ..SearchParams::default()
    }
}

const NO_CUT: Movement = Movement::Eight(CornerRule::NoCut);
const ONE_FREE: Movement = Movement::Eight(CornerRule::CutIfOneFree);
const ALWAYS: Movement = Movement::Eight(CornerRule::AlwaysCut);

fn steps(orthogonal: Cost, diagonal: Cost) -> Option<Cost> {
    Some(orthogonal * COST_SCALE + diagonal * DIAGONAL_STEP)
}

#[test]
fn corner_rules_decide_which_diagonals_pass_a_wall_corner() {
    let one_corner = "
        S#
        .G";
    let squeeze = "
        S#
        #G";
    let table = [
        (one_corner, Movement::Four, steps(2, 0)),
        (one_corner, NO_CUT, steps(2, 0)),
        (one_corner, ONE_FREE, steps(0, 1)),
        (one_corner, ALWAYS, steps(0, 1)),
        (squeeze, Movement::Four, None),
        (squeeze, NO_CUT, None),
        (squeeze, ONE_FREE, None),
        (squeeze, ALWAYS, steps(0, 1)),
    ];
    for (map, movement, expected) in table {
        let p = picture(map);
        let r = Search::new()
            .solve(&p.grid, &with(movement), p.start, p.goal)
            .unwrap();
        let cost = (r.outcome == Outcome::Found).then_some(r.cost);
        assert_eq!(cost, expected, "{movement:?} on\n{}", unindent(map));
    }
}

#[test]
fn corner_rules_on_a_path_around_a_wall_end() {
    let p = picture(
        "
        S....
        ###..
        G....",
    );
    let no_cut = "
        ****.
        ###*.
        ****.";
    let cutting = "
        ***..
        ###*.
        ***..";
    for (movement, expected, cost) in [
        (NO_CUT, no_cut, steps(8, 0)),
        (ONE_FREE, cutting, steps(4, 2)),
        (ALWAYS, cutting, steps(4, 2)),
    ] {
        let r = Search::new()
            .solve(&p.grid, &with(movement), p.start, p.goal)
            .unwrap();
        assert_eq!(draw(&p.grid, &r.path), unindent(expected), "{movement:?}");
        assert_eq!(Some(r.cost), cost, "{movement:?}");
    }
}

#[test]
fn start_equal_to_goal_is_a_one_cell_path_of_cost_0() {
    let p = picture("...\n.S.\n...");
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::AStar,
    ] {
        let params = SearchParams {
            algorithm,
            ..SearchParams::default()
        };
        let r = Search::new()
            .solve(&p.grid, &params, p.start, p.start)
            .unwrap();
        assert_eq!(r.outcome, Outcome::Found, "{algorithm:?}");
        assert_eq!(r.path, vec![p.start], "{algorithm:?}");
        assert_eq!(r.cost, 0, "{algorithm:?}");
        assert_eq!(r.counters.expanded, 1, "{algorithm:?}");
    }
}

#[test]
fn an_unreachable_goal_is_reported_after_exhausting_the_region_or_at_once_with_regions() {
    let p = picture(
        "
        S.#..
        ..#.G",
    );
    for movement in MOVEMENTS {
        let params = with(movement);
        let mut search = Search::new();
        let r = search.solve(&p.grid, &params, p.start, p.goal).unwrap();
        assert_eq!(r.outcome, Outcome::Unreachable, "{movement:?}");
        assert!(r.path.is_empty());
        assert_eq!(r.counters.expanded, 4, "the whole left region is expanded");

        let regions = Regions::compute(&p.grid, movement);
        search
            .begin_with_regions(&p.grid, &params, p.start, p.goal, &regions)
            .unwrap();
        assert_eq!(search.outcome(), Some(Outcome::Unreachable));
        assert_eq!(search.counters().expanded, 0);
        assert_eq!(search.step(&p.grid), Step::Done(Outcome::Unreachable));
        assert!(search.result().unwrap().path.is_empty());
        // When regions show a path may exist, begin_with_regions searches as usual.
        let right = p.grid.cell(3, 0);
        search
            .begin_with_regions(&p.grid, &params, right, p.goal, &regions)
            .unwrap();
        assert_eq!(search.outcome(), None);
        assert_eq!(search.run(&p.grid), Outcome::Found);
    }
}

#[test]
fn the_expansion_cap_returns_the_path_to_the_closest_cell() {
    let p = picture("S.........G");
    let params = SearchParams {
        expansion_limit: Some(3),
        ..with(Movement::Four)
    };
    let r = Search::new()
        .solve(&p.grid, &params, p.start, p.goal)
        .unwrap();
    assert_eq!(r.outcome, Outcome::LimitReached);
    assert_eq!(r.counters.expanded, 3);
    assert_eq!(draw(&p.grid, &r.path), "***........\n");
    assert_eq!(r.cost, 2 * COST_SCALE);
    // A cap the search does not reach changes nothing.
    let roomy = SearchParams {
        expansion_limit: Some(100),
        ..params
    };
    assert_eq!(
        Search::new()
            .solve(&p.grid, &roomy, p.start, p.goal)
            .unwrap()
            .outcome,
        Outcome::Found
    );
}

#[test]
fn end_cells_on_a_wall_or_outside_the_map_are_errors_that_say_which() {
    let grid = Grid::from_ascii("..#\n...").unwrap();
    let params = SearchParams::default();
    let (wall, free, outside) = (grid.cell(2, 0), grid.cell(0, 0), grid.len() as u32 + 1);
    let mut search = Search::new();
    let err = |s: &mut Search, a, b| s.solve(&grid, &params, a, b).unwrap_err();
    assert_eq!(
        err(&mut search, wall, free),
        SearchError::StartOnWall { x: 2, y: 0 }
    );
    assert_eq!(
        err(&mut search, free, wall),
        SearchError::GoalOnWall { x: 2, y: 0 }
    );
    assert_eq!(
        err(&mut search, wall, free).to_string(),
        "start (2, 0) is on a wall"
    );
    assert_eq!(
        err(&mut search, free, wall).to_string(),
        "goal (2, 0) is on a wall"
    );
    assert_eq!(
        err(&mut search, outside, free).to_string(),
        "start (1, 2) is outside the map"
    );
    assert_eq!(
        err(&mut search, free, outside).to_string(),
        "goal (1, 2) is outside the map"
    );
    assert_eq!(
        grid.checked_cell(-1, 0).unwrap_err().to_string(),
        "cell (-1, 0) is outside the map"
    );
    assert_eq!(
        grid.checked_cell(3, 1).unwrap_err().to_string(),
        "cell (3, 1) is outside the map"
    );
}

#[test]
fn astar_goes_around_a_swamp_when_that_is_cheaper() {
    // Through the swamp: 9 swamp cells (cost 5) and the goal = 46; around: 14 plain steps.
    let p = picture(
        "
        ...........
        .#########.
        S~~~~~~~~~G
        ###########",
    );
    let around = "
        ***********
        *#########*
        *~~~~~~~~~*
        ###########";
    for movement in [Movement::Four, NO_CUT] {
        let r = Search::new()
            .solve(&p.grid, &with(movement), p.start, p.goal)
            .unwrap();
        assert_eq!(draw(&p.grid, &r.path), unindent(around), "{movement:?}");
        assert_eq!(r.cost, 14 * COST_SCALE, "{movement:?}");
    }
    // Cutting the corners of the wall saves the two corner cells, still around the swamp.
    let cut_corners = "
        .*********.
        *#########*
        *~~~~~~~~~*
        ###########";
    for movement in [ONE_FREE, ALWAYS] {
        let r = Search::new()
            .solve(&p.grid, &with(movement), p.start, p.goal)
            .unwrap();
        assert_eq!(
            draw(&p.grid, &r.path),
            unindent(cut_corners),
            "{movement:?}"
        );
        assert_eq!(r.cost, steps(10, 2).unwrap(), "{movement:?}");
    }
    // With swamp as cheap as plain ground, straight through is shorter.
    let mut cheap = p.grid.clone();
    cheap
        .set_costs(TerrainCosts {
            swamp: 10,
            ..TerrainCosts::default()
        })
        .unwrap();
    let r = Search::new()
        .solve(&cheap, &with(Movement::Four), p.start, p.goal)
        .unwrap();
    assert_eq!(
        draw(&cheap, &r.path),
        unindent("...........\n.#########.\n***********\n###########")
    );
}

#[test]
fn astar_goes_through_a_swamp_when_the_detour_costs_more() {
    // Through: one swamp cell (5) and the goal (1) = 6; around: 10 plain steps.
    let p = picture(
        "
        S~G
        .#.
        .#.
        .#.
        ...",
    );
    for movement in MOVEMENTS {
        let r = Search::new()
            .solve(&p.grid, &with(movement), p.start, p.goal)
            .unwrap();
        assert_eq!(
            draw(&p.grid, &r.path),
            unindent("***\n.#.\n.#.\n.#.\n..."),
            "{movement:?}"
        );
        assert_eq!(r.cost, 6 * COST_SCALE);
    }
}

#[test]
fn heuristic_admissibility_table_holds_on_real_maps() {
    use Heuristic::*;
    // heuristic, admissible on 4-neighbour, admissible on 8-neighbour (every corner rule)
    let table = [
        (Zero, true, true),
        (Manhattan, true, false),
        (Octile, true, true),
        (Chebyshev, true, true),
        (Euclidean, true, true),
    ];
    for (h, four, eight) in table {
        assert_eq!(h.is_admissible(Movement::Four), four, "{h:?}");
        for rule in [NO_CUT, ONE_FREE, ALWAYS] {
            assert_eq!(h.is_admissible(rule), eight, "{h:?} {rule:?}");
        }
    }
    // Claimed admissible: never above the true cost to go, from any cell, on terrain maps with custom
    // cost tables (the estimate is scaled by the cheapest terrain present).
    let mut search = Search::new();
    for seed in 0..100 {
        let p = random_problem(seed);
        for movement in MOVEMENTS {
            let truth = dijkstra_to(&p.grid, movement, p.goal);
            // Spot-check the reversed Dijkstra against the forward one.
            assert_eq!(
                truth[p.start as usize],
                dijkstra(&p.grid, movement, p.start, p.goal)
            );
            for (h, _, _) in table {
                if !h.is_admissible(movement) {
                    continue;
                }
                let params = SearchParams {
                    heuristic: h,
                    movement,
                    ..SearchParams::default()
                };
                search.begin(&p.grid, &params, p.start, p.goal).unwrap();
                for (cell, t) in truth.iter().enumerate() {
                    if let Some(t) = t {
                        let estimate = search.h(&p.grid, cell as u32);
                        assert!(
                            estimate <= *t,
                            "seed {seed} {h:?} {movement:?} cell {cell}: {estimate} > {t}"
                        );
                    }
                }
            }
        }
    }
    // Unscaled, h counts every step at 1: an overestimate wherever a road (0.7) lies on the way, and
    // flagged so by the bound.
    let (mut roads, mut overestimated) = (0, 0);
    for seed in 0..100 {
        let p = random_problem(seed);
        if p.grid.cheapest_tenths() >= 10 {
            continue;
        }
        roads += 1;
        let params = SearchParams {
            heuristic: Heuristic::Octile,
            movement: Movement::Eight(CornerRule::NoCut),
            unscaled_h: true,
            danger_in_h: false,
            ..SearchParams::default()
        };
        assert_eq!(
            astar_core::bound::bound(&params, &p.grid),
            astar_core::bound::Bound::NotAdmissible,
            "seed {seed}"
        );
        let truth = dijkstra_to(&p.grid, params.movement, p.goal);
        search.begin(&p.grid, &params, p.start, p.goal).unwrap();
        overestimated += truth
            .iter()
            .enumerate()
            .any(|(cell, t)| t.is_some_and(|t| search.h(&p.grid, cell as u32) > t))
            as u32;
    }
    println!(
        "an unscaled h overestimated somewhere on {overestimated} of {roads} maps with a road"
    );
    assert!(
        roads >= 30 && overestimated * 2 >= roads,
        "{overestimated} of {roads} maps with roads"
    );
    // Claimed inadmissible: Manhattan overestimates a diagonal on an open 8-neighbour map.
    let p = picture("S.\n.G");
    let params = SearchParams {
        heuristic: Manhattan,
        ..SearchParams::default()
    };
    search.begin(&p.grid, &params, p.start, p.goal).unwrap();
    assert!(search.h(&p.grid, p.start) > DIAGONAL_STEP);
}

/// True if the segment between the centres of cells a and b touches the closed square of cell c
/// (integer geometry, coordinates doubled so that centres and square corners are integers).
fn segment_touches(a: (u32, u32), b: (u32, u32), c: (u32, u32)) -> bool {
    let (ax, ay, bx, by) = (
        2 * a.0 as i64,
        2 * a.1 as i64,
        2 * b.0 as i64,
        2 * b.1 as i64,
    );
    let (cx, cy) = (2 * c.0 as i64, 2 * c.1 as i64);
    if ax.max(bx) < cx - 1 || ax.min(bx) > cx + 1 || ay.max(by) < cy - 1 || ay.min(by) > cy + 1 {
        return false;
    }
    let side = |px: i64, py: i64| ((bx - ax) * (py - ay) - (by - ay) * (px - ax)).signum();
    let signs = [
        side(cx - 1, cy - 1),
        side(cx + 1, cy - 1),
        side(cx - 1, cy + 1),
        side(cx + 1, cy + 1),
    ];
    !(signs.iter().all(|&s| s > 0) || signs.iter().all(|&s| s < 0))
}

#[test]
fn smoothing_never_crosses_walls_or_costlier_terrain_than_the_stretch_it_replaces() {
    let mut search = Search::new();
    let mut shortened = 0;
    for seed in 0..200 {
        let p = random_problem(seed);
        let movement = MOVEMENTS[seed as usize % 4];
        let r = search
            .solve(&p.grid, &with(movement), p.start, p.goal)
            .unwrap();
        if r.outcome != Outcome::Found {
            continue;
        }
        let smoothed = smooth_path(&p.grid, &r.path);
        assert_eq!(smoothed.first(), r.path.first(), "seed {seed}");
        assert_eq!(smoothed.last(), r.path.last(), "seed {seed}");
        // Anchors are a subsequence of the path; find where each one is on it.
        let mut at = vec![];
        let mut from = 0;
        for &anchor in &smoothed {
            let i = from
                + r.path[from..]
                    .iter()
                    .position(|&c| c == anchor)
                    .expect("anchor on the path");
            at.push(i);
            from = i + 1;
        }
        for pair in at.windows(2) {
            let (i, j) = (pair[0], pair[1]);
            let (a, b) = (p.grid.xy(r.path[i]), p.grid.xy(r.path[j]));
            let stretch_max = r.path[i..=j]
                .iter()
                .map(|&c| p.grid.cost_tenths(c))
                .max()
                .unwrap();
            // Path cells lying on the segment split it into pieces. A piece that is one path move is
            // the movement rule's business (a cutting rule may pass a wall corner), not a shortcut;
            // every other piece is, and must touch only passable cells no costlier than the stretch.
            let on_segment: Vec<usize> = (i..=j)
                .filter(|&k| {
                    let (x, y) = p.grid.xy(r.path[k]);
                    (b.0 as i64 - a.0 as i64) * (y as i64 - a.1 as i64)
                        == (b.1 as i64 - a.1 as i64) * (x as i64 - a.0 as i64)
                })
                .collect();
            for piece in on_segment.windows(2) {
                if piece[1] == piece[0] + 1 {
                    continue;
                }
                let (pa, pb) = (p.grid.xy(r.path[piece[0]]), p.grid.xy(r.path[piece[1]]));
                for y in pa.1.min(pb.1)..=pa.1.max(pb.1) {
                    for x in pa.0.min(pb.0)..=pa.0.max(pb.0) {
                        if !segment_touches(pa, pb, (x, y)) {
                            continue;
                        }
                        let cost = p.grid.cost_tenths(p.grid.cell(x, y));
                        let context = || {
                            let path: Vec<_> =
                                r.path[i..=j].iter().map(|&c| p.grid.xy(c)).collect();
                            format!(
                                "seed {seed}: shortcut {pa:?}-{pb:?} of path {path:?}\n{}",
                                draw(&p.grid, &r.path)
                            )
                        };
                        assert!(cost != 0, "crosses the wall at ({x}, {y}): {}", context());
                        assert!(
                            cost <= stretch_max,
                            "crosses ({x}, {y}) of cost {cost} > {stretch_max}: {}",
                            context()
                        );
                    }
                }
            }
        }
        let (raw, short) = (
            polyline_length(&p.grid, &r.path),
            polyline_length(&p.grid, &smoothed),
        );
        assert!(
            short <= raw + 1e-9,
            "seed {seed}: smoothing made the path longer"
        );
        if smoothed.len() < r.path.len() && short < raw - 1e-9 {
            shortened += 1;
        }
    }
    assert!(
        shortened > 20,
        "smoothing should shorten many paths, did {shortened}"
    );
}

#[test]
fn smoothing_keeps_clear_of_a_wall_corner_in_a_picture() {
    // The straight line from S to G would graze the wall corner at (2, 1): the smoothed path bends.
    let p = picture(
        "
        S....
        ..#..
        .....
        ....G",
    );
    let r = Search::new()
        .solve(&p.grid, &with(NO_CUT), p.start, p.goal)
        .unwrap();
    let smoothed = smooth_path(&p.grid, &r.path);
    assert!(
        smoothed.len() >= 3,
        "a straight line would touch the wall: {:?}",
        smoothed
    );
    assert_eq!(path_cost(&p.grid, NO_CUT, p.start, &r.path), r.cost);
}
