//! Exact costs: on a map built as a near-tie, the searches that price exactly return the shorter path.
//!
//! The map (1,399 × 991 cells, plain, 8 neighbours without corner cutting) joins start and goal by two
//! routes walled apart: a corridor of 1,972 straight steps (east, then south), and a band three cells
//! wide of 2 straight and 1,393 diagonal steps (south-east 985, east 2, north-east 408), which is
//! 2 + 1,393√2 = 1,971.99949… long, shorter by 5.1e-4. The fixed point of `astar_core::cost` rounds each
//! diagonal step up by about 1.1e-6 and reads the band as 1,972.0021, so a search priced in it returns
//! the corridor. The oracle here is Dijkstra's algorithm over lengths `a + b√2` (a, b whole tenths)
//! compared exactly.

use astar_core::cost::{compare_exact, exact_length, Pricing, DIAGONAL_PER_TENTH};
use astar_core::cost::{Cost, STRAIGHT_PER_TENTH};
use astar_core::search::registry::ALGORITHMS;
use astar_core::{
    Algorithm, CornerRule, Grid, Heuristic, Movement, SearchParams, Terrain, TerrainCosts,
};
use std::cmp::Ordering;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

const WIDTH: u32 = 1399;
const HEIGHT: u32 = 991;
const START: (u32, u32) = (1, 1);
const GOAL: (u32, u32) = (1 + 1395, 1 + 577);
const MOVEMENT: Movement = Movement::Eight(CornerRule::NoCut);

/// The near-tie map (see the module doc).
fn near_tie() -> Grid {
    let mut grid = Grid::filled(WIDTH, HEIGHT, Terrain::Wall).unwrap();
    let mut open = |x: u32, y: u32| {
        let cell = grid.cell(x, y);
        grid.set_terrain(cell, Terrain::Plain);
    };
    let (sx, sy) = START;
    // The corridor: east 1,395, then south 577.
    for x in sx..=GOAL.0 {
        open(x, sy);
    }
    for y in sy..=GOAL.1 {
        open(GOAL.0, y);
    }
    // The band: south-east 985 (cells within one of the diagonal through the start), east 2, then
    // north-east 408 to the goal (within one of the diagonal through the goal); each diagonal step has
    // both cells beside it open, and nothing else is, so that no straight steps cut the band's corners.
    let turn = (sx + 985, sy + 985);
    for i in 0..=985 {
        let (x, y) = (sx + i, sy + i);
        open(x, y);
        open(x + 1, y);
        open(x, y + 1);
    }
    open(turn.0 + 1, turn.1);
    for j in 0..=408 {
        let (x, y) = (turn.0 + 2 + j, turn.1 - j);
        open(x, y);
        open(x, y - 1);
        open(x + 1, y);
    }
    grid
}

/// A length in whole tenths of straight and diagonal steps, ordered exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Length {
    straight: u64,
    diagonal: u64,
}

impl Ord for Length {
    fn cmp(&self, other: &Length) -> Ordering {
        compare_exact(self.straight, self.diagonal, other.straight, other.diagonal)
    }
}

impl PartialOrd for Length {
    fn partial_cmp(&self, other: &Length) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The legal moves from `cell` under `movement` (8 neighbours), each with whether it is diagonal and its
/// heading (an index into the eight offsets).
fn moves(grid: &Grid, movement: Movement, cell: u32) -> Vec<(u32, bool, u8)> {
    let Movement::Eight(rule) = movement else {
        panic!("8 neighbours");
    };
    let (x, y) = grid.xy(cell);
    let free = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < grid.width() as i64
            && y < grid.height() as i64
            && grid.terrain(grid.cell(x as u32, y as u32)) != Terrain::Wall
    };
    let mut out = vec![];
    let offsets = (-1i64..=1).flat_map(|dy| (-1i64..=1).map(move |dx| (dx, dy)));
    for (heading, (dx, dy)) in offsets.filter(|&d| d != (0, 0)).enumerate() {
        let (nx, ny) = (x as i64 + dx, y as i64 + dy);
        if !free(nx, ny) {
            continue;
        }
        let diagonal = dx != 0 && dy != 0;
        let (a, b) = (free(nx, y as i64), free(x as i64, ny));
        let allowed = match rule {
            CornerRule::NoCut => a && b,
            CornerRule::CutIfOneFree => a || b,
            CornerRule::AlwaysCut => true,
        };
        if !diagonal || allowed {
            out.push((grid.cell(nx as u32, ny as u32), diagonal, heading as u8));
        }
    }
    out
}

/// The exact shortest length from `start` to `goal` under `movement`, each change of direction adding
/// the grid's turn penalty (a search over cells and the heading they were entered with).
fn exact_optimum(grid: &Grid, movement: Movement, start: u32, goal: u32) -> Length {
    const NO_HEADING: u8 = 8;
    let turn = grid.penalties().turn_tenths as u64;
    let mut best: HashMap<(u32, u8), Length> = HashMap::new();
    let mut heap = BinaryHeap::new();
    let zero = Length {
        straight: 0,
        diagonal: 0,
    };
    best.insert((start, NO_HEADING), zero);
    heap.push(Reverse((zero, start, NO_HEADING)));
    while let Some(Reverse((length, cell, heading))) = heap.pop() {
        if best.get(&(cell, heading)) != Some(&length) {
            continue;
        }
        if cell == goal {
            return length;
        }
        for (next, diagonal, to) in moves(grid, movement, cell) {
            let tenths = grid.costs().tenths(grid.terrain(next)) as u64;
            let mut longer = length;
            match diagonal {
                true => longer.diagonal += tenths,
                false => longer.straight += tenths,
            }
            if heading != NO_HEADING && heading != to {
                longer.straight += turn;
            }
            if best.get(&(next, to)).is_none_or(|&known| longer < known) {
                best.insert((next, to), longer);
                heap.push(Reverse((longer, next, to)));
            }
        }
    }
    panic!("the goal is reachable");
}

/// The exact length of a path of grid moves, its turns priced by the grid's turn penalty.
fn length_of(grid: &Grid, path: &[u32]) -> Length {
    let turns = astar_core::penalty::turns_along(grid.width(), path);
    let mut length = Length {
        straight: grid.penalties().turn_tenths as u64 * turns,
        diagonal: 0,
    };
    for pair in path.windows(2) {
        let ((x0, y0), (x1, y1)) = (grid.xy(pair[0]), grid.xy(pair[1]));
        assert!(x0.abs_diff(x1) <= 1 && y0.abs_diff(y1) <= 1, "a grid move");
        let tenths = grid.costs().tenths(grid.terrain(pair[1])) as u64;
        match x0 != x1 && y0 != y1 {
            true => length.diagonal += tenths,
            false => length.straight += tenths,
        }
    }
    length
}

/// What the fixed point reads a length as.
fn fixed(length: Length) -> Cost {
    length.straight * STRAIGHT_PER_TENTH + length.diagonal * DIAGONAL_PER_TENTH
}

#[test]
fn the_map_is_a_near_tie_the_fixed_point_orders_the_wrong_way_round() {
    let grid = near_tie();
    let (start, goal) = (grid.cell(START.0, START.1), grid.cell(GOAL.0, GOAL.1));
    let optimum = exact_optimum(&grid, MOVEMENT, start, goal);
    let band = Length {
        straight: 20,
        diagonal: 13_930,
    };
    let corridor = Length {
        straight: 19_720,
        diagonal: 0,
    };
    assert_eq!(optimum, band, "the band is the shortest route");
    assert!((exact_length(band.straight, band.diagonal) - 1_971.999_492).abs() < 1e-6);
    assert!(
        fixed(band) > fixed(corridor),
        "the fixed point prefers the corridor"
    );
    // The pricing the engine chooses for this map orders them right.
    let pricing = Pricing::exact(grid.len() as u64).expect("a small bound");
    let priced =
        |l: Length| l.straight / 10 * pricing.straight + l.diagonal / 10 * pricing.diagonal;
    assert!(priced(band) < priced(corridor));
}

/// Solves `grid` from `start` to `goal` with every registered algorithm that promises the optimum and
/// takes the map, and returns the names of those whose path is exactly the shortest, and of the others.
fn exact_and_not(
    grid: &Grid,
    movement: Movement,
    start: u32,
    goal: u32,
) -> (Vec<&'static str>, Vec<&'static str>) {
    let optimum = exact_optimum(grid, movement, start, goal);
    let (mut exact, mut off) = (vec![], vec![]);
    for info in ALGORITHMS
        .iter()
        .filter(|info| info.optimal && info.available && info.algorithm != Algorithm::Bfs)
    {
        let params = SearchParams {
            algorithm: info.algorithm,
            heuristic: Heuristic::Octile,
            movement,
            ..SearchParams::default()
        };
        let mut engine = astar_core::search::make(info.algorithm);
        if engine.begin(grid, &params, start, goal).is_err() {
            continue; // a map it refuses (terrain, penalties)
        }
        engine.run(grid);
        let result = engine.result().expect("finished");
        let length = length_of(grid, &result.path);
        assert_eq!(
            result.cost,
            fixed(length),
            "{}: the cost reported is the fixed point's reading of the path returned",
            info.name
        );
        match length == optimum {
            true => exact.push(info.name),
            false => off.push(info.name),
        }
    }
    (exact, off)
}

/// Every search that promises the optimum returns the band, reported in the fixed point as the band's
/// reading.
#[test]
fn on_the_near_tie_the_exact_searches_return_the_shorter_route() {
    let grid = near_tie();
    let (start, goal) = (grid.cell(START.0, START.1), grid.cell(GOAL.0, GOAL.1));
    let (exact, off) = exact_and_not(&grid, MOVEMENT, start, goal);
    // Every search that promises the optimum.
    let all = vec![
        "dijkstra",
        "astar",
        "bidirectional",
        "jps",
        "jps-plus",
        "dstar-lite",
        "ara",
    ];
    assert_eq!((exact, off), (all, vec![]));
}

/// Six cells with terrain costs make a near-tie too: from the start, a diagonal step onto forest at
/// 139.4 and a straight one onto the road at 0.1 (0.1 + 139.4√2 = 197.241370…), or a straight step onto
/// swamp at 197.1 and a diagonal one onto the road (197.1 + 0.1√2 = 197.241421…), shorter by 5.1e-5; the
/// fixed point reads the first 106 units (1.6e-5 of a plain step) dearer. Both routes turn once, so a
/// turn penalty keeps the tie: the searches over cells and headings are checked on it too.
#[test]
fn on_six_cells_of_terrain_the_exact_searches_return_the_shorter_route() {
    // S C #
    // # D G      S plain, C swamp 197.1, D forest 139.4, G road 0.1; a diagonal may pass one wall.
    let costs = TerrainCosts::default()
        .with(Terrain::Forest, 1394)
        .with(Terrain::Swamp, 1971)
        .with(Terrain::Road, 1);
    let cells = vec![
        Terrain::Plain,
        Terrain::Swamp,
        Terrain::Wall,
        Terrain::Wall,
        Terrain::Forest,
        Terrain::Road,
    ];
    let mut grid = Grid::from_terrain(3, 2, cells, costs).unwrap();
    let movement = Movement::Eight(CornerRule::CutIfOneFree);
    let (start, goal) = (grid.cell(0, 0), grid.cell(2, 1));
    let diagonal_first = Length {
        straight: 1,
        diagonal: 1394,
    };
    let straight_first = Length {
        straight: 1971,
        diagonal: 1,
    };
    assert!(diagonal_first < straight_first && fixed(diagonal_first) > fixed(straight_first));
    assert_eq!(exact_optimum(&grid, movement, start, goal), diagonal_first);
    let (exact, off) = exact_and_not(&grid, movement, start, goal);
    // JPS and JPS+ refuse terrain of several costs.
    let all = vec!["dijkstra", "astar", "bidirectional", "dstar-lite", "ara"];
    assert_eq!((exact, off), (all, vec![]));
    let mut penalties = grid.penalties().clone();
    penalties.turn_tenths = 5;
    grid.set_penalties(penalties).unwrap();
    assert_eq!(
        exact_optimum(&grid, movement, start, goal),
        Length {
            straight: 6,
            diagonal: 1394
        }
    );
    let (exact, off) = exact_and_not(&grid, movement, start, goal);
    // A* and Dijkstra search cells and headings here (the turn search), bidirectional A* and ARA* their
    // own; D* Lite refuses a turn penalty.
    let layered = vec!["dijkstra", "astar", "bidirectional", "ara"];
    assert_eq!((exact, off), (layered, vec![]));
}

/// Where exact pricing reaches with a turn penalty: on the page's largest map (1,024 × 1,024, 20% walls)
/// with a turn penalty of 0.5, Dijkstra and A* (over cells and headings) and bidirectional A* still price
/// exactly; ARA*, whose first searches are weighted, keeps the fixed point there.
#[test]
fn on_the_largest_map_with_a_turn_penalty_the_optimal_searches_still_price_exactly() {
    use astar_core::generate::{random_terrain, TerrainShares};
    let shares = TerrainShares {
        wall: 0.2,
        forest: 0.0,
        swamp: 0.0,
    };
    let mut grid = random_terrain(1024, 1024, shares, 3).unwrap();
    let mut penalties = grid.penalties().clone();
    penalties.turn_tenths = 5;
    grid.set_penalties(penalties).unwrap();
    let mut passable = (0..grid.len() as u32).filter(|&c| grid.is_passable(c));
    let start = passable.next().unwrap();
    let goal = passable.next_back().unwrap();
    let exact: Vec<&str> = ["dijkstra", "astar", "bidirectional", "ara"]
        .into_iter()
        .filter(|name| {
            let info = ALGORITHMS.iter().find(|i| i.name == *name).unwrap();
            let params = SearchParams {
                algorithm: info.algorithm,
                heuristic: Heuristic::Octile,
                movement: MOVEMENT,
                ..SearchParams::default()
            };
            let mut engine = astar_core::search::make(info.algorithm);
            engine.begin(&grid, &params, start, goal).unwrap();
            engine.prices_exactly()
        })
        .collect();
    assert_eq!(exact, ["dijkstra", "astar", "bidirectional"]);
}
