//! JPS+ (jump point search over a precomputed jump table): on seeded random uniform-cost maps, open and
//! full of corner traps, under every corner rule, it makes exactly the searches of JPS (the same jump
//! points expanded in the same order, the same counters, path and cost) and costs what A* costs; it is
//! refused where JPS is, with the same sentence; an edit or another corner rule between two searches is
//! seen (the table is rebuilt).

use crate::common;

use astar_core::search::{registry, Jps, Step, Stepper};
use astar_core::{
    Algorithm, CornerRule, Grid, Movement, Outcome, Search, SearchError, SearchParams, Terrain,
};
use common::{dijkstra, path_cost, random_problem, uniform};

const RULES: [CornerRule; 3] = [
    CornerRule::NoCut,
    CornerRule::CutIfOneFree,
    CornerRule::AlwaysCut,
];

fn params(algorithm: Algorithm, rule: CornerRule, limit: Option<u32>) -> SearchParams {
    SearchParams {
        algorithm,
        movement: Movement::Eight(rule),
        expansion_limit: limit,
        ..SearchParams::default()
    }
}

/// Steps `engine` to the end: the cells expanded in order, and the result.
fn run(
    engine: &mut Jps,
    grid: &Grid,
    params: &SearchParams,
    start: u32,
    goal: u32,
) -> (Vec<u32>, astar_core::SearchResult) {
    engine.begin(grid, params, start, goal).unwrap();
    let mut order = vec![];
    while let Step::Expanded(cell) = engine.step(grid) {
        order.push(cell);
    }
    (order, engine.result().unwrap())
}

/// A map full of corner traps: walls in diagonal pairs (`#` at (x, y) and (x + 1, y + 1), or at
/// (x + 1, y) and (x, y + 1)), so that many diagonal moves squeeze between two walls touching at a corner.
fn corner_trap_map(seed: u64) -> (Grid, u32, u32) {
    let mut rng = astar_core::rng::Rng::new(seed ^ 0xc0_4e12);
    let (width, height) = (4 + rng.below(37), 4 + rng.below(37));
    let mut grid = Grid::new(width, height).unwrap();
    let pairs = rng.below(width * height / 4 + 1);
    for _ in 0..pairs {
        let (x, y) = (rng.below(width - 1), rng.below(height - 1));
        let (a, b) = if rng.below(2) == 0 {
            ((x, y), (x + 1, y + 1))
        } else {
            ((x + 1, y), (x, y + 1))
        };
        grid.set_terrain(grid.cell(a.0, a.1), Terrain::Wall);
        grid.set_terrain(grid.cell(b.0, b.1), Terrain::Wall);
    }
    let passable: Vec<u32> = (0..grid.len() as u32)
        .filter(|&c| grid.is_passable(c))
        .collect();
    let pick = |r: &mut astar_core::rng::Rng| passable[r.below(passable.len() as u32) as usize];
    let start = pick(&mut rng);
    // Every third goal on the start's row or column, where a straight jump must stop at it.
    let goal = match seed % 3 {
        0 => {
            let (sx, sy) = grid.xy(start);
            let on_line: Vec<u32> = passable
                .iter()
                .copied()
                .filter(|&c| grid.xy(c).0 == sx || grid.xy(c).1 == sy)
                .collect();
            on_line[rng.below(on_line.len() as u32) as usize]
        }
        _ => pick(&mut rng),
    };
    (grid, start, goal)
}

/// JPS and JPS+ on one problem under every rule, with and without an expansion limit: the same
/// expansions in the same order and the same result (counters, outcome, path, cost), the same closed
/// steps in the trace, and A*'s cost.
fn assert_same_as_jps(grid: &Grid, start: u32, goal: u32, seed: u64, engines: &mut Engines) {
    for rule in RULES {
        let context = format!("seed {seed} {rule:?}");
        for limit in [None, Some((seed % 7) as u32)] {
            let jps = run(
                &mut engines.jps,
                grid,
                &params(Algorithm::Jps, rule, limit),
                start,
                goal,
            );
            let plus = run(
                &mut engines.plus,
                grid,
                &params(Algorithm::JpsPlus, rule, limit),
                start,
                goal,
            );
            assert_eq!(plus.0, jps.0, "{context} {limit:?}: expansions");
            assert_eq!(plus.1, jps.1, "{context} {limit:?}: result");
            assert_eq!(
                engines.plus.closed_at(),
                engines.jps.closed_at(),
                "{context} {limit:?}: trace"
            );
        }
        let result = engines
            .plus
            .solve(grid, &params(Algorithm::JpsPlus, rule, None), start, goal)
            .unwrap();
        let astar = engines
            .astar
            .solve(grid, &params(Algorithm::AStar, rule, None), start, goal)
            .unwrap();
        assert_eq!(
            (result.outcome, result.cost),
            (astar.outcome, astar.cost),
            "{context}: A*"
        );
        if result.outcome == Outcome::Found {
            engines.found += 1;
            let movement = Movement::Eight(rule);
            assert_eq!(
                path_cost(grid, movement, start, &result.path),
                result.cost,
                "{context}: path"
            );
        }
        engines.compared += 1;
    }
}

struct Engines {
    jps: Jps,
    plus: Jps,
    astar: Search,
    compared: usize,
    found: usize,
}

impl Engines {
    fn new() -> Engines {
        let (mut jps, mut plus) = (Jps::new(), Jps::plus());
        jps.set_trace(true);
        plus.set_trace(true);
        Engines {
            jps,
            plus,
            astar: Search::new(),
            compared: 0,
            found: 0,
        }
    }
}

/// 600 random uniform-cost maps (4..=40 a side, up to 35% walls) under each corner rule.
#[test]
fn jps_plus_makes_the_searches_of_jps_on_random_uniform_maps() {
    let mut engines = Engines::new();
    for seed in 0..600 {
        let problem = random_problem(seed);
        let grid = uniform(&problem.grid);
        assert_same_as_jps(&grid, problem.start, problem.goal, seed, &mut engines);
    }
    assert_eq!(engines.compared, 600 * 3);
    assert!(engines.found > 1200, "only {} found", engines.found);
}

/// 600 maps of walls in diagonal pairs (corner traps everywhere), a third of the goals on the start's
/// row or column, under each corner rule.
#[test]
fn jps_plus_makes_the_searches_of_jps_among_corner_traps() {
    let mut engines = Engines::new();
    for seed in 0..600 {
        let (grid, start, goal) = corner_trap_map(seed);
        assert_same_as_jps(&grid, start, goal, seed, &mut engines);
    }
    assert_eq!(engines.compared, 600 * 3);
    assert!(engines.found > 900, "only {} found", engines.found);
}

#[test]
fn jps_plus_is_refused_where_jps_is_with_the_same_sentence() {
    let problem = random_problem(4);
    let mut grid = uniform(&problem.grid);
    grid.set_terrain(problem.start, Terrain::Forest);
    grid.set_terrain(problem.goal, Terrain::Plain);
    if grid.costs().tenths(Terrain::Forest) == grid.costs().tenths(Terrain::Plain) {
        grid.set_terrain(problem.start, Terrain::Swamp);
    }
    let four = |algorithm| SearchParams {
        algorithm,
        movement: Movement::Four,
        ..SearchParams::default()
    };
    let eight = |algorithm| params(algorithm, CornerRule::NoCut, None);
    let (start, goal) = (problem.start, problem.goal);
    for (case, make) in [
        ("terrain", &eight as &dyn Fn(Algorithm) -> SearchParams),
        ("four", &four),
    ] {
        let grid = if case == "four" {
            uniform(&grid)
        } else {
            grid.clone()
        };
        let jps = Jps::new().begin(&grid, &make(Algorithm::Jps), start, goal);
        let plus = Jps::plus().begin(&grid, &make(Algorithm::JpsPlus), start, goal);
        let (Err(SearchError::Unsupported(jps)), Err(SearchError::Unsupported(plus))) = (jps, plus)
        else {
            panic!("{case}: both refused as unsupported");
        };
        // The same refusal, naming each its own algorithm.
        assert_eq!(plus.code(), jps.code(), "{case}");
        assert_eq!(
            plus.to_string(),
            jps.to_string().replace("Jump point search", "JPS+"),
            "{case}"
        );
    }
}

/// An edit between two searches of one engine is seen, and so is another corner rule: the result is
/// the one a new engine finds.
#[test]
fn an_edit_or_another_corner_rule_between_searches_rebuilds_the_table() {
    let mut grid = Grid::from_ascii("......\n......\n......\n......").unwrap();
    let (start, goal) = (grid.cell(0, 0), grid.cell(5, 3));
    let mut engine = Jps::plus();
    let no_cut = params(Algorithm::JpsPlus, CornerRule::NoCut, None);
    let before = engine.solve(&grid, &no_cut, start, goal).unwrap();
    // A wall across the map but for its last column: the path must go round it.
    for x in 0..5 {
        grid.set_terrain(grid.cell(x, 1), Terrain::Wall);
    }
    let after = engine.solve(&grid, &no_cut, start, goal).unwrap();
    assert!(after.cost > before.cost);
    assert_eq!(
        Some(after.cost),
        dijkstra(&grid, Movement::Eight(CornerRule::NoCut), start, goal)
    );
    assert_eq!(
        after,
        Jps::plus().solve(&grid, &no_cut, start, goal).unwrap()
    );
    // Corner traps that only AlwaysCut passes, searched first under NoCut, then under AlwaysCut.
    let grid = Grid::from_ascii(".#..\n#...\n..#.\n...#").unwrap();
    let (start, goal) = (grid.cell(0, 0), grid.cell(3, 0));
    let cut = params(Algorithm::JpsPlus, CornerRule::AlwaysCut, None);
    let blocked = engine.solve(&grid, &no_cut, start, goal).unwrap();
    assert_eq!(blocked.outcome, Outcome::Unreachable);
    let squeezed = engine.solve(&grid, &cut, start, goal).unwrap();
    assert_eq!(squeezed.outcome, Outcome::Found);
    assert_eq!(
        squeezed,
        Jps::plus().solve(&grid, &cut, start, goal).unwrap()
    );
}

#[test]
fn the_registry_lists_jps_plus_beside_jps() {
    let info = registry::info(Algorithm::JpsPlus);
    let jps = registry::info(Algorithm::Jps);
    assert_eq!(
        (info.name, info.title, info.link_code),
        ("jps-plus", "JPS+", 10)
    );
    assert_eq!(
        (info.movement, info.uniform_cost_only, info.optimal),
        (jps.movement, jps.uniform_cost_only, jps.optimal)
    );
    assert!(!info.marks.contains(&registry::Mark::Scanned));
    // With the feature (this test needs it) the engine is here: the registry makes JPS+, not a refusal.
    assert!(info.available);
    let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
    let params = SearchParams {
        algorithm: Algorithm::JpsPlus,
        ..SearchParams::default()
    };
    let found = astar_core::search::make(Algorithm::JpsPlus)
        .solve(&grid, &params, grid.cell(0, 1), grid.cell(3, 1))
        .unwrap();
    assert_eq!(found.outcome, Outcome::Found);
}
