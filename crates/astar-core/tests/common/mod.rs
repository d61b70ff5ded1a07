//! Test helpers shared by the integration tests: an independent move generator, reference Dijkstra and
//! breadth-first search written without the engine, path validation, and seeded random problems.
//!
//! The references deliberately re-implement the movement rules from their definition (see
//! `movement.rs`'s corner-rule picture) instead of calling `Movement::for_each_neighbour`, so a bug
//! there shows up as a disagreement rather than being shared by oracle and engine.

#![allow(dead_code)] // reason: each test file uses a different subset of these helpers

use astar_core::generate::{random_terrain, TerrainShares};
use astar_core::rng::Rng;
use astar_core::{
    CornerRule, Cost, Grid, Heuristic, Movement, Terrain, TerrainCosts, DIAGONAL_PER_TENTH,
    STRAIGHT_PER_TENTH,
};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// Every movement rule the engine knows.
pub const MOVEMENTS: [Movement; 4] = [
    Movement::Four,
    Movement::Eight(CornerRule::NoCut),
    Movement::Eight(CornerRule::CutIfOneFree),
    Movement::Eight(CornerRule::AlwaysCut),
];

/// Every heuristic the engine knows.
pub const HEURISTICS: [Heuristic; 5] = [
    Heuristic::Zero,
    Heuristic::Manhattan,
    Heuristic::Octile,
    Heuristic::Chebyshev,
    Heuristic::Euclidean,
];

/// The legal moves out of `cell` as (neighbour, fixed-point cost), from the rules' definitions.
pub fn moves(grid: &Grid, movement: Movement, cell: u32) -> Vec<(u32, Cost)> {
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let (x, y) = (cell as i64 % w, cell as i64 / w);
    let free = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < w
            && y < h
            && grid.terrain(cell_of(grid, x, y)) != astar_core::Terrain::Wall
    };
    let mut out = vec![];
    for dy in -1i64..=1 {
        for dx in -1i64..=1 {
            if (dx, dy) == (0, 0) || !free(x + dx, y + dy) {
                continue;
            }
            let next = cell_of(grid, x + dx, y + dy);
            let enter = entry_tenths(grid, next) as Cost;
            if dx == 0 || dy == 0 {
                out.push((next, enter * STRAIGHT_PER_TENTH));
                continue;
            }
            let (a, b) = (free(x + dx, y), free(x, y + dy));
            let allowed = match movement {
                Movement::Four => false,
                Movement::Eight(CornerRule::NoCut) => a && b,
                Movement::Eight(CornerRule::CutIfOneFree) => a || b,
                Movement::Eight(CornerRule::AlwaysCut) => true,
            };
            if allowed {
                out.push((next, enter * DIAGONAL_PER_TENTH));
            }
        }
    }
    out
}

/// What entering `cell` costs in tenths, from the definitions in `penalty.rs`'s module doc rather than the
/// grid's levels: the terrain's cost, plus the hugging penalty when one of the eight neighbours inside the
/// map is a wall, plus the danger once for every watcher within its radius (centre to centre).
pub fn entry_tenths(grid: &Grid, cell: u32) -> u16 {
    let terrain = grid.costs().tenths(grid.terrain(cell));
    let penalties = grid.penalties();
    let (x, y) = grid.xy(cell);
    let (x, y) = (x as i64, y as i64);
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let mut beside_wall = false;
    for (dx, dy) in (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dx, dy))) {
        let (nx, ny) = (x + dx, y + dy);
        if (dx, dy) != (0, 0) && nx >= 0 && ny >= 0 && nx < w && ny < h {
            beside_wall |= grid.terrain(cell_of(grid, nx, ny)) == Terrain::Wall;
        }
    }
    let seen = penalties
        .watchers
        .iter()
        .filter(|watcher| {
            let (dx, dy) = (watcher.x as f64 - x as f64, watcher.y as f64 - y as f64);
            (dx * dx + dy * dy).sqrt() <= watcher.radius as f64
        })
        .count() as u16;
    terrain + penalties.hug_tenths * beside_wall as u16 + penalties.danger_tenths * seen
}

fn cell_of(grid: &Grid, x: i64, y: i64) -> u32 {
    (y * grid.width() as i64 + x) as u32
}

/// Cheapest cost from `start` to every cell (`None` where unreachable), by textbook Dijkstra.
pub fn dijkstra_all(grid: &Grid, movement: Movement, start: u32) -> Vec<Option<Cost>> {
    let mut dist: Vec<Option<Cost>> = vec![None; grid.len()];
    let mut heap = BinaryHeap::new();
    dist[start as usize] = Some(0);
    heap.push(Reverse((0, start)));
    while let Some(Reverse((d, cell))) = heap.pop() {
        if dist[cell as usize] != Some(d) {
            continue;
        }
        for (next, step) in moves(grid, movement, cell) {
            let nd = d + step;
            if dist[next as usize].is_none_or(|old| nd < old) {
                dist[next as usize] = Some(nd);
                heap.push(Reverse((nd, next)));
            }
        }
    }
    dist
}

/// Cheapest cost from every cell to `goal` (`None` where the goal cannot be reached): Dijkstra on the
/// reversed graph. Moves are symmetric (a diagonal's corner cells are the same both ways), but a move
/// costs what the cell *entered* costs, so the reversed edge v -> u costs v's terrain.
pub fn dijkstra_to(grid: &Grid, movement: Movement, goal: u32) -> Vec<Option<Cost>> {
    let mut dist: Vec<Option<Cost>> = vec![None; grid.len()];
    let mut heap = BinaryHeap::new();
    dist[goal as usize] = Some(0);
    heap.push(Reverse((0, goal)));
    while let Some(Reverse((d, cell))) = heap.pop() {
        if dist[cell as usize] != Some(d) {
            continue;
        }
        let (x, y) = grid.xy(cell);
        for (prev, _) in moves(grid, movement, cell) {
            let (px, py) = grid.xy(prev);
            let unit = if px != x && py != y {
                DIAGONAL_PER_TENTH
            } else {
                STRAIGHT_PER_TENTH
            };
            let nd = d + unit * entry_tenths(grid, cell) as Cost;
            if dist[prev as usize].is_none_or(|old| nd < old) {
                dist[prev as usize] = Some(nd);
                heap.push(Reverse((nd, prev)));
            }
        }
    }
    dist
}

/// Cheapest cost from `start` to `goal`, or `None` when unreachable.
pub fn dijkstra(grid: &Grid, movement: Movement, start: u32, goal: u32) -> Option<Cost> {
    dijkstra_all(grid, movement, start)[goal as usize]
}

/// Fewest moves from `start` to `goal`, or `None` when unreachable.
pub fn fewest_moves(grid: &Grid, movement: Movement, start: u32, goal: u32) -> Option<usize> {
    let mut moves_by_cell = vec![usize::MAX; grid.len()];
    let mut queue = VecDeque::from([start]);
    moves_by_cell[start as usize] = 0;
    while let Some(cell) = queue.pop_front() {
        if cell == goal {
            return Some(moves_by_cell[cell as usize]);
        }
        for (next, _) in moves(grid, movement, cell) {
            if moves_by_cell[next as usize] == usize::MAX {
                moves_by_cell[next as usize] = moves_by_cell[cell as usize] + 1;
                queue.push_back(next);
            }
        }
    }
    None
}

/// Checks that `path` is a chain of legal moves from `start` and returns what it costs.
pub fn path_cost(grid: &Grid, movement: Movement, start: u32, path: &[u32]) -> Cost {
    assert_eq!(
        path.first(),
        Some(&start),
        "path does not begin at the start"
    );
    path.windows(2)
        .map(|pair| {
            moves(grid, movement, pair[0])
                .into_iter()
                .find(|&(next, _)| next == pair[1])
                .unwrap_or_else(|| {
                    panic!(
                        "illegal move {:?} -> {:?} under {movement:?}",
                        grid.xy(pair[0]),
                        grid.xy(pair[1])
                    )
                })
                .1
        })
        .sum()
}

/// A seeded random problem: a map with terrain (and sometimes a custom cost table) and two passable cells.
pub struct Problem {
    /// The map.
    pub grid: Grid,
    /// Start cell.
    pub start: u32,
    /// Goal cell.
    pub goal: u32,
    /// The seed it was made from (for failure messages).
    pub seed: u64,
}

/// Turns about `share` of the plain cells into road.
pub fn pave_roads(grid: &mut Grid, rng: &mut Rng, share: f64) {
    for cell in 0..grid.len() as u32 {
        if grid.terrain(cell) == Terrain::Plain && rng.unit() < share {
            grid.set_terrain(cell, Terrain::Road);
        }
    }
}

/// A random cost table in tenths: plain 1 to 4, road 0.1 to 3, forest 1 to 9, swamp 1 to 20, most of
/// them not whole numbers.
pub fn random_costs(rng: &mut Rng) -> TerrainCosts {
    TerrainCosts {
        plain: 10 + rng.below(31) as u16,
        road: 1 + rng.below(30) as u16,
        forest: 10 + rng.below(81) as u16,
        swamp: 10 + rng.below(191) as u16,
    }
}

/// A random map 4..=40 cells a side with 0–35% walls, forest and swamp, roads on every other seed (up to
/// 30% of the plain), and a random cost table in tenths every third seed; start and goal are random passable cells (possibly equal, possibly disconnected).
pub fn random_problem(seed: u64) -> Problem {
    let mut rng = Rng::new(seed ^ 0x5eed_f00d);
    let width = 4 + rng.below(37);
    let height = 4 + rng.below(37);
    let shares = TerrainShares {
        wall: rng.unit() * 0.35,
        forest: rng.unit() * 0.25,
        swamp: rng.unit() * 0.2,
    };
    let mut grid = random_terrain(width, height, shares, seed).unwrap();
    if seed.is_multiple_of(2) {
        let share = rng.unit() * 0.3;
        pave_roads(&mut grid, &mut rng, share);
    }
    if seed.is_multiple_of(3) {
        grid.set_costs(random_costs(&mut rng)).unwrap();
    }
    // Make sure at least two cells are passable.
    grid.set_terrain(0, astar_core::Terrain::Plain);
    let last = grid.len() as u32 - 1;
    grid.set_terrain(last, astar_core::Terrain::Plain);
    let passable: Vec<u32> = (0..grid.len() as u32)
        .filter(|&c| grid.is_passable(c))
        .collect();
    let start = passable[rng.below(passable.len() as u32) as usize];
    let goal = passable[rng.below(passable.len() as u32) as usize];
    Problem {
        grid,
        start,
        goal,
        seed,
    }
}

/// The map with every forest and swamp cell made plain (its cost table kept: plain may cost 1 to 4), for
/// the algorithms that need one step cost and for comparing with them.
pub fn uniform(grid: &Grid) -> Grid {
    let mut grid = grid.clone();
    for cell in 0..grid.len() as u32 {
        if grid.is_passable(cell) {
            grid.set_terrain(cell, Terrain::Plain);
        }
    }
    grid
}

/// The repository's Moving AI folder: `<workspace>/data/movingai` (provenance in its SOURCES.md).
pub fn movingai_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/movingai")
}
