//! Bidirectional A*: pictures that pin its behaviour (terrain costs that differ by direction, no path,
//! start equal to goal, neighbouring end cells, the expansion cap, the trace's frontiers), and a property
//! test on random problems against Dijkstra, which also records how its expansions compare with one-way
//! A* (printed, not asserted: run with `--nocapture` to see it).
//!
//! Pictures use the core's characters (`#` wall, `.` plain, `f` forest, `~` swamp) plus `S` and `G` for
//! the start and the goal (on plain ground unless a test changes it).

use crate::common;

use astar_core::search::{Bidirectional, Frontier, Step, Stepper, NEVER};
use astar_core::{
    Algorithm, CornerRule, Grid, Heuristic, Movement, Outcome, Search, SearchParams, SearchResult,
    Terrain, COST_SCALE, DIAGONAL_STEP,
};
use common::{dijkstra, path_cost, random_problem, HEURISTICS, MOVEMENTS};

/// A map and its end cells, from a picture with `S` and `G`.
fn picture(text: &str) -> (Grid, u32, u32) {
    let (mut start, mut goal) = (None, None);
    let rows = text.lines().map(str::trim).filter(|l| !l.is_empty());
    for (y, row) in rows.enumerate() {
        for (x, c) in row.chars().enumerate() {
            match c {
                'S' => start = Some((x as u32, y as u32)),
                'G' => goal = Some((x as u32, y as u32)),
                _ => {}
            }
        }
    }
    let grid = Grid::from_ascii(&text.replace(['S', 'G'], ".")).unwrap();
    let (s, g) = (start.unwrap(), goal.unwrap_or(start.unwrap()));
    let (start, goal) = (grid.cell(s.0, s.1), grid.cell(g.0, g.1));
    (grid, start, goal)
}

fn params(movement: Movement, heuristic: Heuristic) -> SearchParams {
    SearchParams {
        algorithm: Algorithm::Bidirectional,
        heuristic,
        movement,
        ..SearchParams::default()
    }
}

fn solve(grid: &Grid, p: &SearchParams, start: u32, goal: u32) -> SearchResult {
    Bidirectional::new().solve(grid, p, start, goal).unwrap()
}

/// Solves and checks the answer against Dijkstra and the path against the movement rules.
fn solve_checked(grid: &Grid, movement: Movement, start: u32, goal: u32) -> SearchResult {
    let r = solve(grid, &params(movement, Heuristic::Octile), start, goal);
    let optimal = dijkstra(grid, movement, start, goal);
    assert_eq!(
        Some(r.cost),
        optimal.filter(|_| r.outcome == Outcome::Found)
    );
    assert_eq!(path_cost(grid, movement, start, &r.path), r.cost);
    r
}

#[test]
fn the_goal_s_terrain_is_paid_and_the_start_s_is_not() {
    // A move costs the terrain it enters: the backward search, which starts at the goal, must charge the
    // goal's terrain and never the start's.
    let (mut grid, start, goal) = picture("S.G");
    let four = Movement::Four;
    grid.set_terrain(start, Terrain::Swamp);
    assert_eq!(solve_checked(&grid, four, start, goal).cost, 2 * COST_SCALE);
    grid.set_terrain(start, Terrain::Plain);
    grid.set_terrain(goal, Terrain::Swamp);
    assert_eq!(solve_checked(&grid, four, start, goal).cost, 6 * COST_SCALE);
}

#[test]
fn a_swamp_beside_the_goal_costs_what_it_costs_forward() {
    // The same maze with a swamp diagonally beside the goal, then beside the start: reversed edges have
    // other costs (a diagonal onto the swamp costs 5√2, the orthogonal step off it 1), so a backward
    // search that used forward costs would find different totals.
    let near_goal = "
        S....
        .###.
        ...~.
        .#..G";
    let near_start = "
        G....
        .###.
        ...~.
        .#..S";
    for movement in MOVEMENTS {
        for text in [near_goal, near_start] {
            let (grid, start, goal) = picture(text);
            let r = solve_checked(&grid, movement, start, goal);
            assert_eq!(r.outcome, Outcome::Found, "{movement:?}\n{text}");
        }
    }
    // Pinned: one diagonal step beside a swamp costs the plain goal's √2.
    let (grid, start, goal) = picture("S~\n.G");
    let r = solve_checked(&grid, Movement::Eight(CornerRule::NoCut), start, goal);
    assert_eq!(r.cost, DIAGONAL_STEP);
    assert_eq!(r.path, vec![start, goal]);
}

#[test]
fn no_path_is_unreachable_with_an_empty_path() {
    let (grid, start, goal) = picture(
        "
        S.#..
        ..#.G
        ###..",
    );
    for movement in MOVEMENTS {
        let r = solve(&grid, &params(movement, Heuristic::Octile), start, goal);
        assert_eq!(r.outcome, Outcome::Unreachable, "{movement:?}");
        assert!(r.path.is_empty());
        assert_eq!(r.cost, 0);
    }
    // A wall corner that only AlwaysCut squeezes through.
    let (grid, start, goal) = picture("S#\n#G");
    let r = solve(&grid, &params(MOVEMENTS[1], Heuristic::Octile), start, goal);
    assert_eq!(r.outcome, Outcome::Unreachable);
    let r = solve_checked(&grid, Movement::Eight(CornerRule::AlwaysCut), start, goal);
    assert_eq!(r.path, vec![start, goal]);
}

#[test]
fn start_equal_to_goal_is_found_at_once() {
    let (grid, start, goal) = picture("..\n.S");
    let mut search = Bidirectional::new();
    search
        .begin(
            &grid,
            &params(Movement::Four, Heuristic::Octile),
            start,
            goal,
        )
        .unwrap();
    assert_eq!(search.meeting_cell(), Some(start));
    assert_eq!(search.step(&grid), Step::Done(Outcome::Found));
    assert_eq!(search.path(), &[start]);
    assert_eq!(search.path_cost(), 0);
    assert_eq!(search.counters().expanded, 0);
}

#[test]
fn neighbours_are_one_move_apart() {
    for (text, movement, cost) in [
        ("SG", Movement::Four, COST_SCALE),
        ("S.\n.G", Movement::Eight(CornerRule::NoCut), DIAGONAL_STEP),
        ("S~\nfG", Movement::Eight(CornerRule::NoCut), DIAGONAL_STEP),
    ] {
        let (grid, start, goal) = picture(text);
        let r = solve_checked(&grid, movement, start, goal);
        assert_eq!(
            (r.path.clone(), r.cost),
            (vec![start, goal], cost),
            "{text}"
        );
    }
}

#[test]
fn the_meeting_cell_is_on_the_path_and_the_details_add_up() {
    let (grid, start, goal) = picture(
        "
        S.........
        .######...
        ......#...
        ..~~~.#..G",
    );
    let mut search = Bidirectional::new();
    let p = params(Movement::Eight(CornerRule::NoCut), Heuristic::Octile);
    search.begin(&grid, &p, start, goal).unwrap();
    search.run(&grid);
    let meeting = search.meeting_cell().expect("met");
    assert!(search.path().contains(&meeting));
    let details = search.details();
    let value = |key: &str| details.iter().find(|d| d.key == key).unwrap().value;
    let expanded = search.counters().expanded as f64;
    assert_eq!(
        value("forward-expanded") + value("backward-expanded"),
        expanded
    );
    assert!(value("forward-expanded") > 0.0 && value("backward-expanded") > 0.0);
    assert_eq!(
        value("meeting-cost"),
        search.path_cost() as f64 / COST_SCALE as f64
    );
    assert_eq!(search.g(start), Some(0));
    assert_eq!(search.h(&grid, goal), 0);
}

#[test]
fn the_expansion_limit_gives_a_partial_path_from_the_start() {
    let (grid, start, goal) = picture(
        "
        S...................
        ....................
        ....................
        ....................
        ....................
        ...................G",
    );
    for limit in [0, 1, 5, 12] {
        let p = SearchParams {
            expansion_limit: Some(limit),
            ..params(Movement::Four, Heuristic::Manhattan)
        };
        let r = solve(&grid, &p, start, goal);
        assert_eq!(r.outcome, Outcome::LimitReached, "limit {limit}");
        assert_eq!(r.counters.expanded, limit as u64);
        assert_eq!(r.path.first(), Some(&start));
        assert_eq!(path_cost(&grid, Movement::Four, start, &r.path), r.cost);
        assert!(!r.path.contains(&goal));
    }
}

#[test]
fn the_trace_gives_each_cell_the_frontier_that_reached_it_first() {
    let (grid, start, goal) = picture(
        "
        S.......
        ..~~....
        ........
        .......G",
    );
    let mut search = Bidirectional::new();
    search.set_trace(true);
    let p = params(Movement::Eight(CornerRule::NoCut), Heuristic::Octile);
    search.begin(&grid, &p, start, goal).unwrap();
    search.run(&grid);
    // Only the owning frontier's steps are recorded, so every closed cell was opened before it closed
    // (no reopening on this map): scrubbing back shows one consistent state per cell.
    for (opened, closed) in search.opened_at().iter().zip(search.closed_at()) {
        assert!(*closed == NEVER || opened < closed, "{opened} {closed}");
    }
    let frontiers = search.frontiers();
    assert_eq!(frontiers[start as usize], Frontier::Forward as u8);
    assert_eq!(frontiers[goal as usize], Frontier::Backward as u8);
    assert_eq!(search.opened_at()[goal as usize], 0);
    let (forward, backward) = (0..grid.len())
        .filter(|&c| search.opened_at()[c] != NEVER)
        .fold((0, 0), |(f, b), c| match frontiers[c] {
            0 => (f + 1, b),
            _ => (f, b + 1),
        });
    assert!(forward > 1 && backward > 1, "{forward} {backward}");
}

/// Sum of expansions, and problems counted, for one kind of comparison.
#[derive(Default)]
struct Tally {
    bidirectional: u64,
    one_way: u64,
    problems: u64,
    fewer: u64,
}

#[test]
fn random_problems_cost_what_dijkstra_says_and_step_like_they_run() {
    const SEEDS: u64 = 400;
    let (mut run_engine, mut step_engine, mut astar) =
        (Bidirectional::new(), Bidirectional::new(), Search::new());
    step_engine.set_trace(true);
    let mut tallies: Vec<(String, Tally)> = vec![];
    let mut checked = 0u32;
    for seed in 0..SEEDS {
        let problem = random_problem(seed);
        let (grid, start, goal) = (&problem.grid, problem.start, problem.goal);
        for movement in MOVEMENTS {
            let optimal = dijkstra(grid, movement, start, goal);
            for heuristic in HEURISTICS {
                let context = format!("seed {seed} {movement:?} {heuristic:?}");
                let p = params(movement, heuristic);
                let run = run_engine.solve(grid, &p, start, goal).unwrap();
                step_engine.begin(grid, &p, start, goal).unwrap();
                while let Step::Expanded(_) = step_engine.step(grid) {}
                assert_eq!(step_engine.result().unwrap(), run, "{context}: stepping");
                let Some(optimal) = optimal else {
                    assert_eq!(run.outcome, Outcome::Unreachable, "{context}");
                    continue;
                };
                assert_eq!(run.outcome, Outcome::Found, "{context}");
                assert_eq!(path_cost(grid, movement, start, &run.path), run.cost);
                assert_eq!(run.path.last(), Some(&goal), "{context}");
                if !heuristic.is_admissible(movement) {
                    // Manhattan with diagonals overestimates by at most √2 (see the module doc).
                    assert!(run.cost as f64 <= optimal as f64 * 2f64.sqrt() + 1.0);
                    continue;
                }
                assert_eq!(run.cost, optimal, "{context}: not optimal");
                checked += 1;
                let one_way = SearchParams {
                    algorithm: Algorithm::AStar,
                    ..p
                };
                let a = astar.solve(grid, &one_way, start, goal).unwrap();
                assert_eq!(a.cost, optimal);
                let key = format!(
                    "{:<5} {:?}",
                    if movement == Movement::Four { "4" } else { "8" },
                    heuristic
                );
                let index = match tallies.iter().position(|(k, _)| *k == key) {
                    Some(i) => i,
                    None => {
                        tallies.push((key, Tally::default()));
                        tallies.len() - 1
                    }
                };
                let tally = &mut tallies[index].1;
                tally.bidirectional += run.counters.expanded;
                tally.one_way += a.counters.expanded;
                tally.problems += 1;
                tally.fewer += (run.counters.expanded < a.counters.expanded) as u64;
            }
        }
    }
    assert!(checked >= 4000, "only {checked} optimal checks");
    println!("bidirectional / one-way A* expansions over {SEEDS} random problems (tests/common):");
    println!("moves heuristic   problems  bidirectional    one-way  ratio  bidirectional fewer");
    let mut total = Tally::default();
    for (key, t) in &tallies {
        println!(
            "{key:<17} {:>8} {:>14} {:>10} {:>6.3} {:>8}",
            t.problems,
            t.bidirectional,
            t.one_way,
            t.bidirectional as f64 / t.one_way as f64,
            t.fewer
        );
        total.bidirectional += t.bidirectional;
        total.one_way += t.one_way;
        total.problems += t.problems;
        total.fewer += t.fewer;
    }
    println!(
        "{:<17} {:>8} {:>14} {:>10} {:>6.3} {:>8}",
        "all",
        total.problems,
        total.bidirectional,
        total.one_way,
        total.bidirectional as f64 / total.one_way as f64,
        total.fewer
    );
}
