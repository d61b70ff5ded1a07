//! Seeded map generators. The same seed gives the same map on every platform.
//!
//! - [`random_terrain`]: every cell independently wall, forest, swamp or plain, with given shares.
//! - [`maze`]: a perfect maze (exactly one route between any two corridor cells), carved by a randomized
//!   depth-first search on a lattice of corridor blocks; corridors `corridor` cells wide, walls one cell.
//! - [`rooms`]: rooms joined by one-cell doors, made by recursive division.
//! - [`sprinkle`]: turns some passable cells into forest and swamp without touching walls, so a maze or
//!   rooms map keeps its connectivity.
//!
//! Mazes and rooms maps keep every passable cell connected (4-neighbour, hence under every movement rule).

use crate::grid::{check_size, Grid, GridError, Terrain, TerrainCosts};
use crate::rng::Rng;

/// A map being drawn: its cells row by row, made a [`Grid`] once whole. A `Grid` set a cell at a time
/// keeps its counts, border and version up to date at each cell: on 1,024 × 1,024 in the page's wasm
/// module that made a random map take about twice as long (47 ms against 22), rooms 2.5 times (33 against 13).
struct Cells {
    width: u32,
    height: u32,
    terrain: Vec<Terrain>,
}

impl Cells {
    fn filled(width: u32, height: u32, terrain: Terrain) -> Result<Cells, GridError> {
        check_size(width, height)?;
        let terrain = vec![terrain; width as usize * height as usize];
        Ok(Cells {
            width,
            height,
            terrain,
        })
    }

    /// Sets the `w` × `h` cells from (`x0`, `y0`) to `terrain`.
    fn fill(&mut self, x0: u32, y0: u32, w: u32, h: u32, terrain: Terrain) {
        for y in y0..y0 + h {
            let at = (y * self.width + x0) as usize;
            self.terrain[at..at + w as usize].fill(terrain);
        }
    }

    fn into_grid(self) -> Result<Grid, GridError> {
        Grid::from_terrain(
            self.width,
            self.height,
            self.terrain,
            TerrainCosts::default(),
        )
    }
}

/// Shares of each non-plain terrain in a random map, as fractions 0..=1 whose sum is at most 1.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TerrainShares {
    /// Fraction of walls.
    pub wall: f64,
    /// Fraction of forest.
    pub forest: f64,
    /// Fraction of swamp.
    pub swamp: f64,
}

impl TerrainShares {
    /// The shares of the article's benchmark maps: 20% wall, 15% forest, 7% swamp.
    pub const ARTICLE: TerrainShares = TerrainShares {
        wall: 0.20,
        forest: 0.15,
        swamp: 0.07,
    };
}

/// A map where each cell independently is wall, forest, swamp or plain with the given shares.
pub fn random_terrain(
    width: u32,
    height: u32,
    shares: TerrainShares,
    seed: u64,
) -> Result<Grid, GridError> {
    random_terrain_in_calls_of(ROLLS_PER_CALL, width, height, shares, seed)
}

/// [`random_terrain`], its cells rolled `cells_per_call` at a time by [`CellRoller::roll`] (the same map
/// for any count: one generator rolls every cell in row-major order).
fn random_terrain_in_calls_of(
    cells_per_call: usize,
    width: u32,
    height: u32,
    shares: TerrainShares,
    seed: u64,
) -> Result<Grid, GridError> {
    let mut roller = CellRoller {
        cells: Cells::filled(width, height, Terrain::Plain)?,
        rolled: 0,
        rng: Rng::new(seed),
        shares,
    };
    // Two call sites, as in `maze_carved_in_calls_of` (wasm-opt inlines a function called from one place).
    if roller.roll(cells_per_call) {
        while roller.roll(cells_per_call) {}
    }
    roller.cells.into_grid()
}

/// Cells [`random_terrain`] rolls per call of [`CellRoller::roll`]: few enough that the browser's
/// optimised code takes over after the first calls (see [`CARVE_STEPS_PER_CALL`]). Rolled in one call, a
/// page's first 1,024 × 1,024 random map took about twice as long as the ones after it.
const ROLLS_PER_CALL: usize = 1 << 16;

/// [`random_terrain`]'s cells and generator, and how many cells are rolled so far.
struct CellRoller {
    cells: Cells,
    rolled: usize,
    rng: Rng,
    shares: TerrainShares,
}

impl CellRoller {
    /// Rolls the next `count` cells (fewer at the end) wall, forest, swamp or plain with the shares;
    /// false once every cell is rolled.
    #[inline(never)]
    fn roll(&mut self, count: usize) -> bool {
        debug_assert!(count > 0, "a call that rolls nothing would never end");
        let shares = self.shares;
        let end = self
            .rolled
            .saturating_add(count)
            .min(self.cells.terrain.len());
        for cell in &mut self.cells.terrain[self.rolled..end] {
            let roll = self.rng.unit();
            *cell = if roll < shares.wall {
                Terrain::Wall
            } else if roll < shares.wall + shares.forest {
                Terrain::Forest
            } else if roll < shares.wall + shares.forest + shares.swamp {
                Terrain::Swamp
            } else {
                Terrain::Plain
            };
        }
        self.rolled = end;
        end < self.cells.terrain.len()
    }
}

/// A perfect maze: corridors `corridor` cells wide (clamped to 1..=the map's smaller side) separated by
/// walls one cell thick, with exactly one corridor route between any two corridor cells.
///
/// Layout: corridor blocks start at multiples of `corridor + 1` from the top-left corner, so the map edge
/// is the outer wall; columns and rows left over at the right and bottom edges (fewer than a block) are
/// wall. Carving is a randomized depth-first search with an explicit stack (no recursion limit).
///
/// # Example
/// ```
/// use astar_core::generate::maze;
/// let grid = maze(21, 11, 1, 7).unwrap();
/// assert_eq!(grid, maze(21, 11, 1, 7).unwrap()); // same seed, same maze
/// ```
pub fn maze(width: u32, height: u32, corridor: u32, seed: u64) -> Result<Grid, GridError> {
    maze_carved_in_calls_of(CARVE_STEPS_PER_CALL, width, height, corridor, seed)
}

/// [`maze`], its search run `steps` steps a call of [`MazeCarver::carve`] (the same maze for any `steps`).
fn maze_carved_in_calls_of(
    steps: u32,
    width: u32,
    height: u32,
    corridor: u32,
    seed: u64,
) -> Result<Grid, GridError> {
    let cells = Cells::filled(width, height, Terrain::Wall)?;
    let corridor = corridor.clamp(1, width.min(height));
    let pitch = corridor + 1;
    // Blocks whose corridor fits: block i covers i * pitch .. i * pitch + corridor.
    let (cols, rows) = ((width + 1) / pitch, (height + 1) / pitch);
    let mut carver = MazeCarver {
        cells,
        corridor,
        cols,
        rows,
        rng: Rng::new(seed),
        visited: vec![false; (cols * rows) as usize],
        stack: vec![(0u32, 0u32)],
    };
    carver.visited[0] = true;
    carver.cells.fill(0, 0, corridor, corridor, Terrain::Plain);
    // Two call sites, not one loop around one: wasm-opt inlines a function called from one place, and
    // then the whole search would run in one call again (seen in the shipped module with `wasm-dis`:
    // one loop around one call left no `carve` of its own; with two, it has one).
    if carver.carve(steps) {
        while carver.carve(steps) {}
    }
    carver.cells.into_grid()
}

/// Steps of the maze's depth-first search per call of [`MazeCarver::carve`]. Chromium's WebAssembly
/// engine runs a function in its quick first-tier code until the function has run a while, then compiles
/// it optimised for the calls that come after; a loop inside one call never changes tier. Carved in one
/// call, a page's first 1,024 × 1,024 maze ran about twice as long as the ones after it.
const CARVE_STEPS_PER_CALL: u32 = 4096;

/// The state of [`maze`]'s randomized depth-first search over corridor blocks.
struct MazeCarver {
    cells: Cells,
    corridor: u32,
    cols: u32,
    rows: u32,
    rng: Rng,
    visited: Vec<bool>,
    stack: Vec<(u32, u32)>,
}

impl MazeCarver {
    /// Runs at most `steps` steps of the search (a step opens a block or backs up one); false when it
    /// found the search ended (its stack empty), true otherwise.
    #[inline(never)]
    fn carve(&mut self, steps: u32) -> bool {
        let (cols, rows, corridor) = (self.cols, self.rows, self.corridor);
        let pitch = corridor + 1;
        for _ in 0..steps {
            let Some(&(bx, by)) = self.stack.last() else {
                return false;
            };
            let mut options = [(0u32, 0u32); 4];
            let mut count = 0;
            for (dx, dy) in [(0i64, -1i64), (1, 0), (0, 1), (-1, 0)] {
                let (nx, ny) = (bx as i64 + dx, by as i64 + dy);
                if nx >= 0 && ny >= 0 && nx < cols as i64 && ny < rows as i64 {
                    let (nx, ny) = (nx as u32, ny as u32);
                    if !self.visited[(ny * cols + nx) as usize] {
                        options[count] = (nx, ny);
                        count += 1;
                    }
                }
            }
            if count == 0 {
                self.stack.pop();
                continue;
            }
            let (nx, ny) = options[self.rng.below(count as u32) as usize];
            self.visited[(ny * cols + nx) as usize] = true;
            // Open the new block and the wall between it and the current one.
            let cells = &mut self.cells;
            cells.fill(nx * pitch, ny * pitch, corridor, corridor, Terrain::Plain);
            let (x0, y0) = (bx.min(nx) * pitch, by.min(ny) * pitch);
            if nx != bx {
                cells.fill(x0 + corridor, y0, 1, corridor, Terrain::Plain);
            } else {
                cells.fill(x0, y0 + corridor, corridor, 1, Terrain::Plain);
            }
            self.stack.push((nx, ny));
        }
        true
    }
}

/// Rooms joined by doors: the map is split by recursive division into rooms of about `room` cells a side
/// (clamped to 2..=64), each dividing wall one cell thick with a one-cell door, sometimes two.
///
/// Layout: dividing walls lie on odd columns and rows and doors on even ones, so a later wall never blocks
/// an earlier door, and every passable cell stays connected.
///
/// # Example
/// ```
/// use astar_core::generate::rooms;
/// let grid = rooms(40, 30, 8, 3).unwrap();
/// assert!(grid.count(astar_core::Terrain::Wall) > 0);
/// ```
pub fn rooms(width: u32, height: u32, room: u32, seed: u64) -> Result<Grid, GridError> {
    let mut cells = Cells::filled(width, height, Terrain::Plain)?;
    let room = room.clamp(2, 64);
    let mut rng = Rng::new(seed);
    // Rectangles still to divide, inclusive corners; x0 and y0 are always even.
    let mut todo = vec![(0u32, 0u32, width - 1, height - 1)];
    while let Some((x0, y0, x1, y1)) = todo.pop() {
        let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
        // Split across the longer side when it is more than twice a room (plus the wall).
        let vertical = w >= h;
        let span = if vertical { w } else { h };
        if span < 2 * room + 1 {
            continue;
        }
        let (lo, hi) = if vertical { (x0, x1) } else { (y0, y1) };
        // Odd wall positions leaving at least `room` cells on each side.
        let first = lo + room;
        let last = hi - room;
        let first_odd = first | 1;
        if first_odd > last {
            continue;
        }
        let choices = (last - first_odd) / 2 + 1;
        let wall = first_odd + 2 * rng.below(choices);
        // Doors on even positions along the wall; a long wall sometimes gets a second door.
        let (along_lo, along_hi) = if vertical { (y0, y1) } else { (x0, x1) };
        let evens = (along_hi - along_lo) / 2 + 1;
        let mut doors = vec![along_lo + 2 * rng.below(evens)];
        if evens > 6 && rng.below(3) == 0 {
            doors.push(along_lo + 2 * rng.below(evens));
        }
        for along in along_lo..=along_hi {
            if doors.contains(&along) {
                continue;
            }
            if vertical {
                cells.fill(wall, along, 1, 1, Terrain::Wall);
            } else {
                cells.fill(along, wall, 1, 1, Terrain::Wall);
            }
        }
        if vertical {
            todo.push((x0, y0, wall - 1, y1));
            todo.push((wall + 1, y0, x1, y1));
        } else {
            todo.push((x0, y0, x1, wall - 1));
            todo.push((x0, wall + 1, x1, y1));
        }
    }
    cells.into_grid()
}

/// Turns passable cells into forest with probability `forest` and swamp with probability `swamp`
/// (fractions 0..=1, sum at most 1); walls stay walls, so connectivity is kept.
pub fn sprinkle(grid: &mut Grid, forest: f64, swamp: f64, seed: u64) {
    // Nothing to turn (a million draws on a 1,024 × 1,024 map for nothing).
    if forest <= 0.0 && swamp <= 0.0 {
        return;
    }
    let mut rng = Rng::new(seed ^ 0x7e77_a1ed);
    for cell in 0..grid.len() as u32 {
        let roll = rng.unit();
        if !grid.is_passable(cell) {
            continue;
        }
        let terrain = if roll < forest {
            Terrain::Forest
        } else if roll < forest + swamp {
            Terrain::Swamp
        } else {
            continue;
        };
        grid.set_terrain(cell, terrain);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::Movement;
    use crate::regions::Regions;

    /// True if every passable cell is in one 4-neighbour region.
    fn connected(grid: &Grid) -> bool {
        Regions::compute(grid, Movement::Four).count() <= 1
    }

    #[test]
    fn mazes_are_connected_perfect_and_repeat_per_seed() {
        for seed in 0..40 {
            for (w, h, corridor) in [
                (21, 11, 1),
                (40, 33, 2),
                (7, 50, 3),
                (1, 1, 1),
                (2, 9, 5),
                (64, 64, 1),
            ] {
                let grid = maze(w, h, corridor, seed).unwrap();
                assert!(
                    connected(&grid),
                    "seed {seed} {w}x{h}/{corridor}:\n{}",
                    grid.to_ascii()
                );
                assert!(grid.count(Terrain::Plain) > 0);
                assert_eq!(grid, maze(w, h, corridor, seed).unwrap());
            }
            // Perfect with corridor 1: a spanning tree, so open cells = edges + 1 (4-neighbour adjacencies).
            let grid = maze(31, 21, 1, seed).unwrap();
            let open: Vec<u32> = (0..grid.len() as u32)
                .filter(|&c| grid.is_passable(c))
                .collect();
            let mut edges = 0;
            for &c in &open {
                let (x, y) = grid.xy(c);
                if x + 1 < grid.width() && grid.is_passable(c + 1) {
                    edges += 1;
                }
                if y + 1 < grid.height() && grid.is_passable(c + grid.width()) {
                    edges += 1;
                }
            }
            assert_eq!(
                open.len(),
                edges + 1,
                "seed {seed}: a perfect maze has no loop"
            );
            // 16 x 11 blocks of one cell, joined by 16 * 11 - 1 opened wall cells.
            assert_eq!(open.len(), 16 * 11 + (16 * 11 - 1), "seed {seed}");
        }
        assert_ne!(maze(41, 41, 1, 1).unwrap(), maze(41, 41, 1, 2).unwrap());
    }

    #[test]
    fn a_maze_carved_over_many_calls_reaches_every_block() {
        // 151 × 129 blocks: about 39,000 steps of the search, ten calls of `carve`.
        let grid = maze(301, 257, 1, 5).unwrap();
        let blocks = 151 * 129;
        assert!(2 * blocks > 4 * CARVE_STEPS_PER_CALL as usize);
        assert_eq!(grid.count(Terrain::Plain) as usize, blocks + (blocks - 1));
        assert!(connected(&grid));
    }

    /// FNV-1a of the map's cells, row by row.
    fn cells_hash(grid: &Grid) -> u64 {
        (0..grid.len() as u32).fold(0xcbf2_9ce4_8422_2325, |hash, cell| {
            (hash ^ grid.terrain(cell) as u64).wrapping_mul(0x100_0000_01b3)
        })
    }

    #[test]
    fn a_maze_is_the_same_however_many_steps_a_call_carves_and_the_same_as_before() {
        for (w, h, corridor, seed) in [
            (1, 1, 1, 0),
            (9, 9, 3, 1),
            (64, 64, 1, 2),
            (301, 257, 1, 5),
            (100, 90, 2, 7),
        ] {
            let whole = maze_carved_in_calls_of(u32::MAX, w, h, corridor, seed).unwrap();
            for steps in [1, 2, 3, 4096] {
                let grid = maze_carved_in_calls_of(steps, w, h, corridor, seed).unwrap();
                assert_eq!(
                    grid, whole,
                    "{w}x{h}/{corridor} seed {seed}, {steps} steps a call"
                );
            }
        }
        // Mazes are shared as their seed (a link's recipe): they must not change. Recorded before the
        // carving was split into calls.
        assert_eq!(
            cells_hash(&maze(301, 257, 1, 5).unwrap()),
            0xb745_0bdc_d4cb_78a4
        );
        assert_eq!(
            cells_hash(&maze(100, 90, 2, 7).unwrap()),
            0x20d1_7165_c269_7baf
        );
    }

    #[test]
    fn a_random_map_is_the_same_however_many_cells_a_call_rolls_and_the_same_as_before() {
        let shares = TerrainShares::ARTICLE;
        for (w, h, seed) in [(1, 1, 0), (9, 9, 1), (64, 64, 2), (301, 257, 5)] {
            let whole = random_terrain_in_calls_of(usize::MAX, w, h, shares, seed).unwrap();
            for count in [1, 2, 3, 1 << 16] {
                let grid = random_terrain_in_calls_of(count, w, h, shares, seed).unwrap();
                assert_eq!(grid, whole, "{w}x{h} seed {seed}, {count} cells a call");
            }
        }
        // Random maps are shared as their seed too. Recorded before the rolling was split into calls.
        assert_eq!(
            cells_hash(&random_terrain(301, 257, shares, 5).unwrap()),
            0x4293_967c_b37f_8441
        );
    }

    #[test]
    fn rooms_are_connected_have_walls_and_repeat_per_seed() {
        for seed in 0..40 {
            for (w, h, room) in [
                (40, 30, 6),
                (101, 57, 8),
                (9, 9, 2),
                (1, 1, 4),
                (300, 20, 5),
            ] {
                let grid = rooms(w, h, room, seed).unwrap();
                assert!(
                    connected(&grid),
                    "seed {seed} {w}x{h}/{room}:\n{}",
                    grid.to_ascii()
                );
                assert_eq!(grid, rooms(w, h, room, seed).unwrap());
                if w > 2 * room {
                    assert!(grid.count(Terrain::Wall) > 0, "seed {seed} {w}x{h}/{room}");
                }
            }
        }
        assert_ne!(rooms(80, 80, 6, 1).unwrap(), rooms(80, 80, 6, 2).unwrap());
    }

    #[test]
    fn sprinkling_keeps_walls_and_connectivity() {
        let mut grid = maze(41, 41, 2, 5).unwrap();
        let walls = grid.count(Terrain::Wall);
        sprinkle(&mut grid, 0.2, 0.1, 5);
        assert_eq!(grid.count(Terrain::Wall), walls);
        assert!(grid.count(Terrain::Forest) > 0 && grid.count(Terrain::Swamp) > 0);
        assert!(connected(&grid));
    }

    #[test]
    fn shares_are_roughly_kept_and_seeds_repeat() {
        let grid = random_terrain(200, 200, TerrainShares::ARTICLE, 42).unwrap();
        let walls = grid.count(Terrain::Wall) as f64 / grid.len() as f64;
        assert!((walls - 0.20).abs() < 0.01, "wall share {walls}");
        assert_eq!(
            grid,
            random_terrain(200, 200, TerrainShares::ARTICLE, 42).unwrap()
        );
        assert_ne!(
            grid,
            random_terrain(200, 200, TerrainShares::ARTICLE, 43).unwrap()
        );
    }
}
