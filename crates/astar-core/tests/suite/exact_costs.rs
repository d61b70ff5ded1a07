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
use astar_core::{Algorithm, CornerRule, Grid, Heuristic, Movement, SearchParams, Terrain};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

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

/// The legal moves from `cell` (8 neighbours, no corner cutting), each with whether it is diagonal.
fn moves(grid: &Grid, cell: u32) -> impl Iterator<Item = (u32, bool)> + '_ {
    let (x, y) = grid.xy(cell);
    let free = move |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < grid.width() as i64
            && y < grid.height() as i64
            && grid.terrain(grid.cell(x as u32, y as u32)) != Terrain::Wall
    };
    (-1i64..=1)
        .flat_map(|dy| (-1i64..=1).map(move |dx| (dx, dy)))
        .filter(move |&(dx, dy)| {
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            (dx, dy) != (0, 0)
                && free(nx, ny)
                && (dx == 0 || dy == 0 || (free(nx, y as i64) && free(x as i64, ny)))
        })
        .map(move |(dx, dy)| {
            let next = grid.cell((x as i64 + dx) as u32, (y as i64 + dy) as u32);
            (next, dx != 0 && dy != 0)
        })
}

/// The exact shortest length from `start` to `goal`.
fn exact_optimum(grid: &Grid, start: u32, goal: u32) -> Length {
    let mut best: Vec<Option<Length>> = vec![None; grid.len()];
    let mut heap = BinaryHeap::new();
    let zero = Length {
        straight: 0,
        diagonal: 0,
    };
    best[start as usize] = Some(zero);
    heap.push(std::cmp::Reverse((zero, start)));
    while let Some(std::cmp::Reverse((length, cell))) = heap.pop() {
        if best[cell as usize] != Some(length) {
            continue;
        }
        if cell == goal {
            return length;
        }
        for (next, diagonal) in moves(grid, cell) {
            let tenths = grid.costs().tenths(grid.terrain(next)) as u64;
            let mut longer = length;
            match diagonal {
                true => longer.diagonal += tenths,
                false => longer.straight += tenths,
            }
            if best[next as usize].is_none_or(|known| longer < known) {
                best[next as usize] = Some(longer);
                heap.push(std::cmp::Reverse((longer, next)));
            }
        }
    }
    panic!("the goal is reachable");
}

/// The exact length of a path of grid moves.
fn length_of(grid: &Grid, path: &[u32]) -> Length {
    let mut length = Length {
        straight: 0,
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
    let optimum = exact_optimum(&grid, start, goal);
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
    let pricing = Pricing::exact(grid.len() as u64);
    let priced =
        |l: Length| l.straight / 10 * pricing.straight + l.diagonal / 10 * pricing.diagonal;
    assert!(priced(band) < priced(corridor));
}

/// The searches that price exactly return the band, reported in the fixed point as the band's reading;
/// the others that promise the optimum are listed as they are today (each an issue to price exactly).
#[test]
fn on_the_near_tie_the_exact_searches_return_the_shorter_route() {
    let grid = near_tie();
    let (start, goal) = (grid.cell(START.0, START.1), grid.cell(GOAL.0, GOAL.1));
    let optimum = exact_optimum(&grid, start, goal);
    let mut exact = vec![];
    let mut off = vec![];
    for info in ALGORITHMS
        .iter()
        .filter(|info| info.optimal && info.available)
    {
        let params = SearchParams {
            algorithm: info.algorithm,
            heuristic: Heuristic::Octile,
            movement: MOVEMENT,
            ..SearchParams::default()
        };
        if info.algorithm == Algorithm::Bfs {
            continue; // fewest moves, not the shortest length
        }
        let mut engine = astar_core::search::make(info.algorithm);
        engine
            .begin(&grid, &params, start, goal)
            .unwrap_or_else(|error| panic!("{}: {error:?}", info.name));
        engine.run(&grid);
        let result = engine.result().expect("finished");
        let length = length_of(&grid, &result.path);
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
    // D* Lite and ARA* still price in the fixed point.
    assert_eq!(
        exact,
        ["dijkstra", "astar", "bidirectional", "jps", "jps-plus"],
        "the searches that return the shorter route (the others: {off:?})"
    );
}
