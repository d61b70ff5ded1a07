//! D* Lite: its first search finds A*'s optimum, and after each of many random edits (walls and terrain
//! added and removed, on and off the path) its *repair* finds the cost a fresh search finds on the edited
//! map (unreachable included), with a legal path; stepping a repair gives what running it gives; a moved
//! start (km > 0) repairs correctly too; g and rhs can be inspected, and a repair's first trace shows
//! the cells the edit made inconsistent. Oracle: the reference Dijkstra of `common`, written without the
//! engine's move code.

use crate::common;

use astar_core::rng::Rng;
use astar_core::search::{DStarLite, SearchError, Step, Stepper};
use astar_core::{
    Algorithm, Cost, Grid, Movement, Outcome, SearchParams, Terrain, TerrainCosts, COST_SCALE,
};
use common::{dijkstra, path_cost, random_problem, uniform, MOVEMENTS};

fn params(movement: Movement) -> SearchParams {
    SearchParams {
        algorithm: Algorithm::DStarLite,
        movement,
        ..SearchParams::default()
    }
}

/// A random edit: a square of 1 to 9 cells of one terrain, centred on the path half the time; walls
/// never on `keep`. Returns how many cells changed.
fn edit(grid: &mut Grid, path: &[u32], keep: [u32; 2], rng: &mut Rng) -> u32 {
    let centre = match path.is_empty() || rng.below(2) == 0 {
        true => rng.below(grid.len() as u32),
        false => path[rng.below(path.len() as u32) as usize],
    };
    let terrain = [
        Terrain::Wall,
        Terrain::Wall,
        Terrain::Plain,
        Terrain::Forest,
        Terrain::Swamp,
    ][rng.below(5) as usize];
    let r = rng.below(2) as i64;
    let (cx, cy) = grid.xy(centre);
    let mut changed = 0;
    for y in cy as i64 - r..=cy as i64 + r {
        for x in cx as i64 - r..=cx as i64 + r {
            let Ok(cell) = grid.checked_cell(x, y) else {
                continue;
            };
            if grid.terrain(cell) != terrain && !(terrain == Terrain::Wall && keep.contains(&cell))
            {
                grid.set_terrain(cell, terrain);
                changed += 1;
            }
        }
    }
    changed
}

/// Checks the finished search `engine` against the reference optimum from `start` on `grid`.
#[track_caller]
fn assert_optimal(engine: &DStarLite, grid: &Grid, movement: Movement, start: u32, goal: u32) {
    let optimum = dijkstra(grid, movement, start, goal);
    let what = format!("{movement:?}\n{}", grid.to_ascii());
    match optimum {
        None => {
            assert_eq!(engine.outcome(), Some(Outcome::Unreachable), "{what}");
            assert!(engine.path().is_empty(), "{what}");
        }
        Some(cost) => {
            assert_eq!(engine.outcome(), Some(Outcome::Found), "{what}");
            assert_eq!(engine.path_cost(), cost, "{what}");
            assert_eq!(
                path_cost(grid, movement, start, engine.path()),
                cost,
                "{what}"
            );
            assert_eq!(engine.path().last(), Some(&goal), "{what}");
        }
    }
}

#[test]
fn repairs_after_random_edits_find_what_a_fresh_search_finds() {
    let mut repairs = 0;
    for seed in 0..80u64 {
        let problem = random_problem(seed);
        let mut grid = match seed % 2 {
            0 => problem.grid.clone(),
            _ => uniform(&problem.grid),
        };
        let movement = MOVEMENTS[(seed / 2 % 4) as usize];
        let (start, goal) = (problem.start, problem.goal);
        let mut engine = DStarLite::new();
        engine.begin(&grid, &params(movement), start, goal).unwrap();
        engine.run(&grid);
        assert_optimal(&engine, &grid, movement, start, goal);
        let mut rng = Rng::new(seed);
        for _ in 0..25 {
            let path = engine.path().to_vec();
            edit(&mut grid, &path, [start, goal], &mut rng);
            assert_eq!(engine.repair(&grid), Ok(true), "seed {seed}");
            engine.run(&grid);
            assert_optimal(&engine, &grid, movement, start, goal);
            repairs += 1;
        }
    }
    assert_eq!(repairs, 80 * 25);
}

#[test]
fn stepping_a_repair_gives_what_running_it_gives() {
    for seed in 0..60u64 {
        let problem = random_problem(seed + 1000);
        let mut grid = problem.grid.clone();
        let movement = MOVEMENTS[(seed % 4) as usize];
        let p = params(movement);
        let (start, goal) = (problem.start, problem.goal);
        let (mut run, mut stepped) = (DStarLite::new(), DStarLite::new());
        stepped.set_trace(true);
        run.begin(&grid, &p, start, goal).unwrap();
        stepped.begin(&grid, &p, start, goal).unwrap();
        let mut rng = Rng::new(seed);
        for round in 0..10 {
            run.run(&grid);
            let mut steps = 0u64;
            while let Step::Expanded(_) = stepped.step(&grid) {
                steps += 1;
            }
            let what = format!("seed {seed} round {round}");
            assert_eq!(run.result(), stepped.result(), "{what}");
            assert_eq!(run.details(), stepped.details(), "{what}");
            assert_eq!(
                steps,
                stepped.counters().expanded,
                "{what}: one expansion a step"
            );
            let path = run.path().to_vec();
            edit(&mut grid, &path, [start, goal], &mut rng);
            assert_eq!(run.repair(&grid), Ok(true));
            assert_eq!(stepped.repair(&grid), Ok(true));
        }
    }
}

#[test]
fn a_start_that_moved_repairs_with_km() {
    // Half the moves follow the path (an agent walking it), half jump anywhere: km's bound holds for
    // any move, since h is a metric. Without km the stale keys overestimate and repairs stop too soon.
    let (mut moved, mut with_km) = (0, 0);
    for seed in 0..120u64 {
        let problem = random_problem(seed + 2000);
        let mut grid = match seed % 2 {
            0 => problem.grid.clone(),
            _ => uniform(&problem.grid),
        };
        let movement = MOVEMENTS[(seed / 2 % 4) as usize];
        let (mut start, goal) = (problem.start, problem.goal);
        let mut engine = DStarLite::new();
        engine.begin(&grid, &params(movement), start, goal).unwrap();
        engine.run(&grid);
        let mut rng = Rng::new(seed);
        for _ in 0..15 {
            let path = engine.path().to_vec();
            let next = match rng.below(2) {
                0 if path.len() > 2 => path[1 + rng.below(path.len() as u32 - 2) as usize],
                _ => rng.below(grid.len() as u32),
            };
            if grid.is_passable(next) && next != start {
                start = next;
                moved += 1;
            }
            edit(&mut grid, &path, [start, goal], &mut rng);
            assert_eq!(engine.repair_from(&grid, start), Ok(true));
            engine.run(&grid);
            assert_optimal(&engine, &grid, movement, start, goal);
        }
        if start != problem.start {
            with_km += 1;
            assert!(
                engine.km() > 0,
                "seed {seed}: the start moved, km must have grown"
            );
        }
    }
    assert!(moved > 500, "the start moved only {moved} times");
    assert!(with_km > 60, "only {with_km} problems ended with km > 0");
}

#[test]
fn an_edit_far_from_the_search_costs_no_expansion_and_the_counters_count_each_repair() {
    // The search from the goal (right) reaches the start (left) along the open row; the far corner is
    // never reached, so walling it changes no g the search knows.
    let mut grid = Grid::from_ascii(
        "..............................
         ..............................
         ..............................
         ..............................
         ..............................
         ..............................",
    )
    .unwrap();
    let (start, goal) = (grid.cell(2, 2), grid.cell(27, 2));
    let movement = Movement::Four;
    let mut engine = DStarLite::new();
    engine.begin(&grid, &params(movement), start, goal).unwrap();
    engine.run(&grid);
    let initial = engine.counters().expanded;
    grid.set_terrain(grid.cell(29, 5), Terrain::Wall);
    assert_eq!(engine.repair(&grid), Ok(true));
    engine.run(&grid);
    assert_eq!(engine.counters().expanded, 0);
    assert_optimal(&engine, &grid, movement, start, goal);
    grid.set_terrain(grid.cell(14, 2), Terrain::Wall);
    assert_eq!(engine.repair(&grid), Ok(true));
    engine.run(&grid);
    assert_optimal(&engine, &grid, movement, start, goal);
    // The counters count this repair only; the details keep the totals.
    let repair = engine.counters().expanded;
    assert!(repair > 0);
    let detail = |key: &str| {
        engine
            .details()
            .iter()
            .find(|d| d.key == key)
            .unwrap()
            .value
    };
    assert_eq!(detail("total-expanded"), (initial + repair) as f64);
    assert_eq!(detail("repairs"), 2.0);
}

#[test]
fn g_and_rhs_can_be_inspected_and_the_cells_an_edit_made_inconsistent_open_the_repair() {
    let mut grid = Grid::from_ascii(".....\n.....\n.....").unwrap();
    let (start, goal) = (grid.cell(0, 1), grid.cell(4, 1));
    let mut engine = DStarLite::new();
    engine.set_trace(true);
    engine
        .begin(&grid, &params(Movement::Four), start, goal)
        .unwrap();
    engine.run(&grid);
    let steps = |n: Cost| Some(n * COST_SCALE);
    assert_eq!(engine.rhs(goal), steps(0));
    // The paper's stopping rule ends with the start overconsistent: its rhs is the answer, its g is
    // still unknown.
    assert_eq!(engine.rhs(start), steps(4));
    assert_eq!(engine.g(start), None);
    // Forest on (2, 1): entering it costs 3. West of it, (1, 1) counted on it (g 3) and is now
    // underconsistent; (2, 0) and (2, 2), on the search's frontier (never expanded, so in U), see their
    // rhs rise too. They, and only they, open the repair; (3, 1) still goes east for 1.
    grid.set_terrain(grid.cell(2, 1), Terrain::Forest);
    assert_eq!(engine.repair(&grid), Ok(true));
    let west = grid.cell(1, 1);
    assert_eq!(engine.g(west), steps(3));
    assert_eq!(
        engine.rhs(west),
        steps(5),
        "3 into the forest + 2 from there"
    );
    let opened: Vec<u32> = (0..grid.len() as u32)
        .filter(|&c| engine.opened_at()[c as usize] == 0)
        .collect();
    assert_eq!(opened, vec![grid.cell(2, 0), west, grid.cell(2, 2)]);
    for &cell in &opened {
        assert_ne!(engine.g(cell), engine.rhs(cell), "{:?}", grid.xy(cell));
    }
    let mut changes = engine.changes().to_vec();
    changes.sort_unstable();
    assert_eq!(changes, opened);
    engine.run(&grid);
    assert_eq!(engine.rhs(start), steps(6));
    assert_eq!(engine.path_cost(), 6 * COST_SCALE);
    assert_eq!(engine.g(west), steps(5));
}

#[test]
fn an_end_cell_walled_in_by_an_edit_or_a_new_cost_table_needs_a_new_begin() {
    let mut grid = Grid::from_ascii("....\n....").unwrap();
    let mut engine = DStarLite::new();
    let p = params(Movement::Four);
    assert_eq!(engine.repair(&grid), Ok(false), "nothing begun");
    engine.begin(&grid, &p, 0, 7).unwrap();
    engine.run(&grid);
    grid.set_terrain(7, Terrain::Wall);
    assert_eq!(
        engine.repair(&grid),
        Err(SearchError::GoalOnWall { x: 3, y: 1 })
    );
    assert_eq!(engine.step(&grid), Step::Done(Outcome::Unreachable));
    assert_eq!(engine.repair(&grid), Ok(false), "the search was dropped");
    grid.set_terrain(7, Terrain::Plain);
    engine.begin(&grid, &p, 0, 7).unwrap();
    engine.run(&grid);
    grid.set_costs(TerrainCosts::whole(2, 3, 4)).unwrap();
    assert_eq!(engine.repair(&grid), Ok(false), "a new cost table");
    assert_eq!(engine.outcome(), Some(Outcome::Found), "left as it was");
    assert_eq!(engine.opened_at().len(), 0, "no trace asked for");
}

#[test]
fn a_road_painted_on_a_map_without_one_needs_a_new_begin_and_one_on_a_map_with_roads_is_repaired() {
    // h is scaled by the cheapest of plain, forest and swamp and of a road on the map (0.7 by default).
    let mut grid = Grid::from_ascii("....\n....").unwrap();
    let mut engine = DStarLite::new();
    let p = params(Movement::Four);
    engine.begin(&grid, &p, 0, 7).unwrap();
    engine.run(&grid);
    grid.set_terrain(5, Terrain::Road);
    assert_eq!(
        engine.repair(&grid),
        Ok(false),
        "a road cheaper than h's scale"
    );
    engine.begin(&grid, &p, 0, 7).unwrap();
    engine.run(&grid);
    grid.set_terrain(6, Terrain::Road);
    assert_eq!(
        engine.repair(&grid),
        Ok(true),
        "h already counts steps at 0.7"
    );
    engine.run(&grid);
    assert_eq!(
        Some(engine.path_cost()),
        common::dijkstra(&grid, Movement::Four, 0, 7)
    );
}
