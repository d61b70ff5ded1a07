//! Jump point search: the jump points it expands on small pictures (forced neighbours of each corner rule,
//! corner traps), the scanned cells it marks, what it refuses, and its optimality, checked on hundreds of
//! seeded random uniform-cost maps against the reference Dijkstra and A*, and on a Moving AI map against
//! the scenario file's optimal lengths.
//!
//! Pictures use the core's characters (`#` wall, `.` plain, `f` forest) plus `S` and `G` for the start and
//! goal, both on plain ground.

use crate::common;

use astar_core::formats::movingai::{parse_map, parse_scen};
use astar_core::search::{registry, Frontier, Jps, Step, Stepper, NEVER};
use astar_core::{
    Algorithm, CornerRule, Cost, Grid, Movement, Outcome, Search, SearchError, SearchParams,
    Terrain, TerrainCosts, COST_SCALE, DIAGONAL_STEP,
};
use common::{dijkstra, path_cost, random_problem};

const RULES: [CornerRule; 3] = [
    CornerRule::NoCut,
    CornerRule::CutIfOneFree,
    CornerRule::AlwaysCut,
];

/// A map with its start and goal, from a picture with `S` and `G` on plain cells.
fn picture(text: &str) -> (Grid, u32, u32) {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let find = |c: char| {
        rows.iter().enumerate().find_map(|(y, row)| {
            row.chars()
                .position(|ch| ch == c)
                .map(|x| (x as u32, y as u32))
        })
    };
    let (s, g) = (find('S').expect("an S"), find('G').expect("a G"));
    let grid = Grid::from_ascii(&rows.join("\n").replace(['S', 'G'], ".")).unwrap();
    let (start, goal) = (grid.cell(s.0, s.1), grid.cell(g.0, g.1));
    (grid, start, goal)
}

fn jps(rule: CornerRule) -> SearchParams {
    SearchParams {
        algorithm: Algorithm::Jps,
        movement: Movement::Eight(rule),
        ..SearchParams::default()
    }
}

/// The cells expanded, in order, as (x, y), and the result.
fn expansions(
    grid: &Grid,
    rule: CornerRule,
    start: u32,
    goal: u32,
) -> (Vec<(u32, u32)>, astar_core::SearchResult) {
    let mut search = Jps::new();
    search.begin(grid, &jps(rule), start, goal).unwrap();
    let mut order = vec![];
    while let Step::Expanded(cell) = search.step(grid) {
        order.push(grid.xy(cell));
    }
    (order, search.result().unwrap())
}

/// Checks `result` against the reference Dijkstra: same cost, a legal path from start to goal.
fn assert_optimal(
    grid: &Grid,
    rule: CornerRule,
    start: u32,
    goal: u32,
    result: &astar_core::SearchResult,
    context: &str,
) {
    let movement = Movement::Eight(rule);
    match dijkstra(grid, movement, start, goal) {
        None => {
            assert_eq!(result.outcome, Outcome::Unreachable, "{context}");
            assert!(result.path.is_empty(), "{context}");
        }
        Some(cost) => {
            assert_eq!(result.outcome, Outcome::Found, "{context}");
            assert_eq!(result.cost, cost, "{context}: not optimal");
            assert_eq!(
                path_cost(grid, movement, start, &result.path),
                cost,
                "{context}: path"
            );
            assert_eq!(result.path.last(), Some(&goal), "{context}");
        }
    }
}

#[test]
fn a_wall_ending_above_a_corridor_forces_a_jump_point_where_each_rule_says() {
    let (grid, start, goal) = picture(
        "
        ###...G
        S......
        #######",
    );
    // NoCut: north of (3,1) is free and its west neighbour a wall: north and north-east are forced.
    let (order, r) = expansions(&grid, CornerRule::NoCut, start, goal);
    assert_eq!(order, [(0, 1), (3, 1), (4, 0), (6, 0)]);
    assert_optimal(&grid, CornerRule::NoCut, start, goal, &r, "no-cut");
    // The cutting rules: north of (2,1) is a wall and north-east free: north-east is forced.
    for rule in [CornerRule::CutIfOneFree, CornerRule::AlwaysCut] {
        let (order, r) = expansions(&grid, rule, start, goal);
        assert_eq!(order, [(0, 1), (2, 1), (3, 0), (6, 0)], "{rule:?}");
        assert_optimal(&grid, rule, start, goal, &r, "cutting");
    }
}

#[test]
fn a_diagonal_jump_stops_where_a_wall_beside_it_forces_a_neighbour_under_the_cutting_rules() {
    // Moving north-east from S, the wall west of (2,2) forces its north-west neighbour G under the
    // cutting rules (the move passes one free corner, (2,1)), so (2,2) is a jump point. NoCut never forces
    // a neighbour of a diagonal move and must enter G from (2,1).
    let (grid, start, goal) = picture(
        "
        ####..
        #G....
        ##....
        ......
        S.....",
    );
    for rule in RULES {
        let (order, r) = expansions(&grid, rule, start, goal);
        assert_optimal(&grid, rule, start, goal, &r, &format!("{rule:?}"));
        match rule {
            CornerRule::NoCut => assert_eq!(r.cost, DIAGONAL_STEP + 4 * COST_SCALE),
            _ => {
                assert_eq!(order, [(0, 4), (2, 2), (1, 1)], "{rule:?}");
                assert_eq!(r.cost, 3 * DIAGONAL_STEP);
            }
        }
    }
}

#[test]
fn corner_traps_pass_only_where_the_rule_allows() {
    // Two walls touching at a corner: only AlwaysCut squeezes between them.
    let (grid, start, goal) = picture(
        "
        S#
        #G",
    );
    let found: Vec<bool> = RULES
        .iter()
        .map(|&rule| {
            let (_, r) = expansions(&grid, rule, start, goal);
            assert_optimal(&grid, rule, start, goal, &r, &format!("{rule:?}"));
            r.outcome == Outcome::Found
        })
        .collect();
    assert_eq!(found, [false, false, true]);
    // One wall at the corner: NoCut goes around (2 steps), the others cut it (one diagonal).
    let (grid, start, goal) = picture(
        "
        S.
        #G",
    );
    let costs: Vec<Cost> = RULES
        .iter()
        .map(|&rule| {
            let (_, r) = expansions(&grid, rule, start, goal);
            assert_optimal(&grid, rule, start, goal, &r, &format!("{rule:?}"));
            r.cost
        })
        .collect();
    assert_eq!(costs, [2 * COST_SCALE, DIAGONAL_STEP, DIAGONAL_STEP]);
}

#[test]
fn the_trace_marks_jump_points_open_or_closed_and_the_cells_jumped_over_as_scanned() {
    let (grid, start, goal) = picture(
        "
        ###...G
        S......
        #######",
    );
    let mut search = Jps::new();
    search.set_trace(true);
    search
        .begin(&grid, &jps(CornerRule::NoCut), start, goal)
        .unwrap();
    let mut changed = std::collections::HashSet::new();
    while let Step::Expanded(_) = search.step(&grid) {
        changed.extend(search.changes().iter().copied());
        search.clear_changes();
    }
    let (opened, closed, frontiers) = (search.opened_at(), search.closed_at(), search.frontiers());
    let at = |x, y| grid.cell(x, y) as usize;
    // Jump points: expanded, drawn as the forward frontier.
    for (x, y) in [(0, 1), (3, 1), (4, 0), (6, 0)] {
        assert_ne!(closed[at(x, y)], NEVER, "({x}, {y}) expanded");
        assert_eq!(frontiers[at(x, y)], Frontier::Forward as u8, "({x}, {y})");
    }
    // Jumped over, never put on the open list: scanned, opened, never closed.
    for (x, y) in [(1, 1), (2, 1), (4, 1), (5, 1), (5, 0)] {
        assert_eq!(frontiers[at(x, y)], Frontier::Scanned as u8, "({x}, {y})");
        assert_ne!(opened[at(x, y)], NEVER, "({x}, {y})");
        assert_eq!(closed[at(x, y)], NEVER, "({x}, {y})");
        assert_eq!(search.g(grid.cell(x, y)), None, "({x}, {y}) has no g");
    }
    // Every cell with a step is in the changes.
    for cell in 0..grid.len() as u32 {
        if opened[cell as usize] != NEVER || closed[cell as usize] != NEVER {
            assert!(changed.contains(&cell), "{:?} changed", grid.xy(cell));
        }
    }
    assert_eq!(search.details()[0].key, "scanned");
    assert!(search.details()[0].value >= 5.0);
    // A traced search is the same search.
    let plain = Jps::new()
        .solve(&grid, &jps(CornerRule::NoCut), start, goal)
        .unwrap();
    assert_eq!(search.result().unwrap(), plain);
}

#[test]
fn jps_refuses_terrain_of_several_costs_and_4_neighbour_movement() {
    let (mut grid, start, goal) = picture("S..f..G");
    let refused = Jps::new().begin(&grid, &jps(CornerRule::NoCut), start, goal);
    assert_eq!(
        refused.map(|_| ()).unwrap_err().to_string(),
        "Jump point search needs equal step costs: this map has terrain of more than one cost"
    );
    grid.set_terrain(grid.cell(3, 0), Terrain::Plain);
    let four = SearchParams {
        movement: Movement::Four,
        ..jps(CornerRule::NoCut)
    };
    let refused = Jps::new().begin(&grid, &four, start, goal);
    assert!(matches!(refused, Err(SearchError::Unsupported(_))));
    assert_eq!(
        refused.map(|_| ()).unwrap_err().to_string(),
        "Jump point search needs 8-neighbour movement"
    );
    // Forest that costs what plain costs is one cost: accepted.
    grid.set_terrain(grid.cell(3, 0), Terrain::Forest);
    grid.set_costs(TerrainCosts::whole(2, 2, 9)).unwrap();
    let r = Jps::new()
        .solve(&grid, &jps(CornerRule::NoCut), start, goal)
        .unwrap();
    assert_eq!(r.cost, 6 * 2 * COST_SCALE);
}

#[test]
fn bad_end_cells_get_the_engines_errors_and_start_equal_to_goal_is_one_cell() {
    let grid = Grid::from_ascii("..#\n...").unwrap();
    let params = jps(CornerRule::NoCut);
    for (start, goal) in [(0, 6), (7, 0), (2, 0), (0, 2)] {
        let engine = Search::new().begin(&grid, &SearchParams::default(), start, goal);
        let ours = Jps::new().begin(&grid, &params, start, goal);
        assert!(ours.is_err(), "{start} -> {goal}");
        assert_eq!(ours, engine, "{start} -> {goal}");
    }
    let r = Jps::new().solve(&grid, &params, 4, 4).unwrap();
    assert_eq!(
        (r.outcome, r.path, r.cost, r.counters.expanded),
        (Outcome::Found, vec![4], 0, 1)
    );
}

#[test]
fn step_costs_above_one_scale_the_path_cost() {
    let (mut grid, start, goal) = picture(
        "
        S..#....
        ...#.##.
        ......#G",
    );
    let unit = Jps::new()
        .solve(&grid, &jps(CornerRule::NoCut), start, goal)
        .unwrap();
    grid.set_costs(TerrainCosts {
        plain: 30,
        ..TerrainCosts::default()
    })
    .unwrap();
    for rule in RULES {
        let r = Jps::new().solve(&grid, &jps(rule), start, goal).unwrap();
        assert_optimal(&grid, rule, start, goal, &r, &format!("{rule:?}"));
        if rule == CornerRule::NoCut {
            assert_eq!(r.cost, 3 * unit.cost);
            assert_eq!(r.path, unit.path);
        }
    }
}

#[test]
fn an_edit_between_searches_is_seen() {
    let (mut grid, start, goal) = picture(
        "
        S.....
        ......
        .....G",
    );
    let mut search = Jps::new();
    let before = search
        .solve(&grid, &jps(CornerRule::NoCut), start, goal)
        .unwrap();
    for x in 0..5 {
        grid.set_terrain(grid.cell(x, 1), Terrain::Wall);
    }
    let after = search
        .solve(&grid, &jps(CornerRule::NoCut), start, goal)
        .unwrap();
    assert!(after.cost > before.cost);
    assert_optimal(
        &grid,
        CornerRule::NoCut,
        start,
        goal,
        &after,
        "after the edit",
    );
}

/// Edits patch the bit rows of the cells that changed (see `jps.rs`'s data layout): over a run of random
/// edits (walls painted and erased, in both 4 KB blocks of a 70 × 70 map) a search reused across them
/// finds exactly what a new one finds, path, cost, counters and cells scanned, under every corner rule.
#[test]
fn a_search_reused_across_edits_matches_a_new_one() {
    let mut state: u64 = 27;
    let mut next = |n: u32| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % n as u64) as u32
    };
    let side = 70;
    let mut grid = Grid::new(side, side).unwrap();
    let (start, goal) = (grid.cell(0, 0), grid.cell(side - 1, side - 1));
    for cell in 0..grid.len() as u32 {
        if cell != start && cell != goal && next(100) < 25 {
            grid.set_terrain(cell, Terrain::Wall);
        }
    }
    let mut reused = Jps::new();
    for round in 0..60 {
        for _ in 0..1 + next(5) {
            let cell = next(grid.len() as u32);
            if cell != start && cell != goal {
                let flipped = if grid.terrain(cell) == Terrain::Wall {
                    Terrain::Plain
                } else {
                    Terrain::Wall
                };
                grid.set_terrain(cell, flipped);
            }
        }
        for rule in RULES {
            let params = jps(rule);
            let ours = reused.solve(&grid, &params, start, goal).unwrap();
            let ours_details = reused.details();
            let mut fresh = Jps::new();
            let theirs = fresh.solve(&grid, &params, start, goal).unwrap();
            let what = format!("round {round}, {rule:?}");
            assert_eq!(ours.path, theirs.path, "{what}: path");
            assert_eq!(ours.cost, theirs.cost, "{what}: cost");
            assert_eq!(ours.counters, theirs.counters, "{what}: counters");
            assert_eq!(ours_details, fresh.details(), "{what}: scanned");
        }
    }
}

/// Random maps of 4..=40 cells a side with up to 35% walls, every passable cell made plain (the cost
/// table stays: plain costs 1 to 4), under each corner rule: JPS costs what Dijkstra and A* cost, its
/// path is a chain of legal moves, stepping gives what running gives, and a search cut short by an
/// expansion limit returns a legal path to an expanded jump point.
#[test]
fn jps_is_optimal_on_random_uniform_maps_under_every_corner_rule() {
    const SEEDS: u64 = 600;
    let (mut search, mut stepped, mut astar) = (Jps::new(), Jps::new(), Search::new());
    stepped.set_trace(true);
    let mut found = 0;
    for seed in 0..SEEDS {
        let problem = random_problem(seed);
        let mut grid = problem.grid.clone();
        for cell in 0..grid.len() as u32 {
            if grid.is_passable(cell) {
                grid.set_terrain(cell, Terrain::Plain);
            }
        }
        let (start, goal) = (problem.start, problem.goal);
        for rule in RULES {
            let context = format!("seed {seed} {rule:?}");
            let r = search.solve(&grid, &jps(rule), start, goal).unwrap();
            assert_optimal(&grid, rule, start, goal, &r, &context);
            let a = astar
                .solve(
                    &grid,
                    &SearchParams {
                        movement: Movement::Eight(rule),
                        ..SearchParams::default()
                    },
                    start,
                    goal,
                )
                .unwrap();
            assert_eq!((a.outcome, a.cost), (r.outcome, r.cost), "{context}: A*");
            found += (r.outcome == Outcome::Found) as usize;
            stepped.begin(&grid, &jps(rule), start, goal).unwrap();
            while let Step::Expanded(_) = stepped.step(&grid) {}
            assert_eq!(stepped.result().unwrap(), r, "{context}: stepping");
            // Cut short.
            let limit = (seed % 5) as u32;
            let params = SearchParams {
                expansion_limit: Some(limit),
                ..jps(rule)
            };
            let cut = search.solve(&grid, &params, start, goal).unwrap();
            assert!(cut.counters.expanded <= limit as u64, "{context}");
            if cut.outcome == Outcome::LimitReached {
                let end = *cut.path.last().expect("a partial path");
                assert!(
                    end == start || search.is_closed(end),
                    "{context}: ends on an expanded cell"
                );
                let cost = path_cost(&grid, Movement::Eight(rule), start, &cut.path);
                assert_eq!(cost, cut.cost, "{context}: partial path cost");
            } else {
                assert_eq!(cut, r, "{context}: finished within the limit");
            }
        }
    }
    assert!(found > SEEDS as usize, "only {found} reachable problems");
}

/// 150 problems spread over each vendored Moving AI map (`data/movingai/` at the repository's root):
/// JPS with no corner cutting finds the scenario file's optimal lengths, and the same cost as A*.
#[test]
fn jps_reproduces_the_moving_ai_optimal_lengths() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/movingai");
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let (mut search, mut astar) = (Jps::new(), Search::new());
    let mut checked = 0;
    for map in [
        "arena",
        "den312d",
        "Berlin_0_256",
        "maze512-32-0",
        "random512-10-0",
        "8room_000",
    ] {
        let mut grid = parse_map(&read(&format!("{map}.map"))).unwrap();
        grid.set_costs(astar_core::TerrainCosts::UNIFORM).unwrap();
        let problems = parse_scen(&read(&format!("{map}.map.scen"))).unwrap();
        let spread = (0..150).map(|k| &problems[k * problems.len() / 150]);
        for (i, p) in spread.enumerate() {
            let i = format!("{map} problem {i}");
            let (start, goal) = (
                grid.cell(p.start_x, p.start_y),
                grid.cell(p.goal_x, p.goal_y),
            );
            let r = search
                .solve(&grid, &jps(CornerRule::NoCut), start, goal)
                .unwrap();
            assert_eq!(r.outcome, Outcome::Found, "problem {i}");
            assert!(
                p.matches(r.cost_f64()),
                "problem {i}: {} but optimal is {}",
                r.cost_f64(),
                p.optimal
            );
            let a = astar
                .solve(&grid, &SearchParams::default(), start, goal)
                .unwrap();
            assert_eq!(r.cost, a.cost, "problem {i}");
            let cost = path_cost(&grid, Movement::Eight(CornerRule::NoCut), start, &r.path);
            assert_eq!(cost, r.cost, "problem {i}: path");
            checked += 1;
        }
    }
    assert_eq!(checked, 6 * 150);
}

#[test]
fn the_registry_lists_jps_as_the_brief_says() {
    let info = registry::info(Algorithm::Jps);
    assert_eq!((info.name, info.link_code), ("jps", 4));
    assert!(info.uniform_cost_only && info.optimal && !info.movement.four && info.movement.eight);
    assert!(info.marks.contains(&registry::Mark::Scanned));
}
