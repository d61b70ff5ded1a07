//! The map: a width × height grid of terrain, and the table of what each terrain costs to enter.
//!
//! Layout: `terrain` holds one [`Terrain`] per cell, indexed by cell id `y * width + x`, row by row from the
//! top. Invariants: `1 <= width, height <= MAX_SIDE` and `terrain.len() == width * height`.
//!
//! Parts: [`terrain`] (what a cell is made of), [`costs`] (what each terrain costs), [`error`] (why a
//! grid is refused), [`layout`] (the size limit and the bordered layout), `penalised` (the cells' levels
//! under the penalties); this file holds the grid itself.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::message::Message;
use crate::penalty::Penalties;

pub mod costs;
pub mod error;
pub mod layout;
mod penalised;
pub mod terrain;

pub use costs::{tenths_text, TerrainCosts, MAX_COST_TENTHS, MIN_COST_TENTHS};
pub use error::GridError;
pub(crate) use error::{terrain_term, MESSAGES};
pub(crate) use layout::bordered_slot;
pub use layout::MAX_SIDE;
pub use terrain::{Terrain, TERRAIN_KINDS};

/// A rectangular map of terrain with its cost table.
///
/// Equality compares the maps (size, terrain, costs), not their [`Grid::terrain_version`]s.
#[derive(Debug)]
pub struct Grid {
    width: u32,
    height: u32,
    /// Indexed by cell id.
    terrain: Vec<Terrain>,
    /// The same terrain inside a one-cell border of walls (see [`Grid::bordered_terrain`]).
    bordered: Vec<Terrain>,
    /// How many cells hold each terrain, indexed by terrain code; kept so that
    /// [`Grid::cheapest_tenths`] is O(1) and a search's set-up does not scan the map.
    terrain_counts: [u32; TERRAIN_KINDS],
    costs: TerrainCosts,
    /// The extras on top of terrain costs (see [`crate::penalty`]).
    penalties: Penalties,
    /// Each slot's level (see [`crate::penalty`]), in the layout of `bordered`; empty while the penalties
    /// are off.
    levels: Vec<u8>,
    /// How many cells have each level, indexed by level (walls are level 0); empty while the penalties are
    /// off.
    level_counts: Vec<u32>,
    /// See [`Grid::terrain_version`]: this grid's own number and its `set_terrain` calls since.
    version: TerrainVersion,
}

/// Which terrain a [`Grid`] holds, for a search that keeps something built from it: two grids with the
/// same version hold the same terrain. A version is the grid's own number, unique in the process (a clone
/// gets one of its own), with the number of [`Grid::set_terrain`] calls since the grid was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerrainVersion {
    grid: u64,
    edits: u64,
}

impl TerrainVersion {
    /// The version of a grid just made: a number no grid of this process has had.
    fn new() -> TerrainVersion {
        static NEXT_GRID: AtomicU64 = AtomicU64::new(1);
        TerrainVersion {
            grid: NEXT_GRID.fetch_add(1, Ordering::Relaxed),
            edits: 0,
        }
    }
}

impl Clone for Grid {
    /// The same map under a version of its own (each copy may then be edited apart).
    fn clone(&self) -> Grid {
        Grid {
            width: self.width,
            height: self.height,
            terrain: self.terrain.clone(),
            bordered: self.bordered.clone(),
            terrain_counts: self.terrain_counts,
            costs: self.costs,
            penalties: self.penalties.clone(),
            levels: self.levels.clone(),
            level_counts: self.level_counts.clone(),
            version: TerrainVersion::new(),
        }
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        // `bordered`, `terrain_counts` and the levels follow from the terrain and the penalties.
        (self.width, self.height, self.costs) == (other.width, other.height, other.costs)
            && self.penalties == other.penalties
            && self.terrain == other.terrain
    }
}

impl Eq for Grid {}

impl Grid {
    /// A grid of plain cells with the default costs.
    ///
    /// - `width`, `height`: 1..=[`MAX_SIDE`], or [`GridError::BadSize`].
    pub fn new(width: u32, height: u32) -> Result<Grid, GridError> {
        Grid::filled(width, height, Terrain::Plain)
    }

    /// A grid with every cell set to `terrain` and the default costs.
    pub fn filled(width: u32, height: u32, terrain: Terrain) -> Result<Grid, GridError> {
        check_size(width, height)?;
        let cells = width as usize * height as usize;
        Grid::from_terrain(width, height, vec![terrain; cells], TerrainCosts::default())
    }

    /// A grid from its cells, row by row. `terrain.len()` must be `width * height`.
    pub fn from_terrain(
        width: u32,
        height: u32,
        terrain: Vec<Terrain>,
        costs: TerrainCosts,
    ) -> Result<Grid, GridError> {
        check_size(width, height)?;
        costs.validate()?;
        if terrain.len() != width as usize * height as usize {
            return Err(GridError::BadSize { width, height });
        }
        let mut terrain_counts = [0u32; TERRAIN_KINDS];
        for &t in &terrain {
            terrain_counts[t as usize] += 1;
        }
        let bordered_width = width as usize + 2;
        let mut bordered = vec![Terrain::Wall; bordered_width * (height as usize + 2)];
        for (row, cells) in terrain.chunks(width as usize).enumerate() {
            let at = (row + 1) * bordered_width + 1;
            bordered[at..at + cells.len()].copy_from_slice(cells);
        }
        Ok(Grid {
            width,
            height,
            terrain,
            bordered,
            terrain_counts,
            costs,
            penalties: Penalties::default(),
            levels: Vec::new(),
            level_counts: Vec::new(),
            version: TerrainVersion::new(),
        })
    }

    /// Parses rows of `#` wall, `.` plain, `f` forest, `~` swamp, `=` road (one row a line; surrounding blank lines and
    /// indentation are ignored), with the default costs. Meant for tests and examples, where a map reads like
    /// a picture.
    pub fn from_ascii(text: &str) -> Result<Grid, GridError> {
        let rows: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty())
            .collect();
        let height = rows.len();
        let width = rows.first().map_or(0, |(_, r)| r.chars().count());
        check_size(width as u32, height as u32)?;
        let mut terrain = Vec::with_capacity(width * height);
        for (line, row) in rows {
            if row.chars().count() != width {
                return Err(GridError::BadAscii {
                    line,
                    column: 1,
                    reason: Message::new("grid.row-length")
                        .int("cells", row.chars().count())
                        .int("width", width),
                });
            }
            for (i, c) in row.chars().enumerate() {
                terrain.push(Terrain::from_char(c).ok_or_else(|| {
                    GridError::BadAscii {
                        line,
                        column: i + 1,
                        reason: Message::new("grid.unknown-character")
                            .text("character", crate::message::quoted_char(c)),
                    }
                })?);
            }
        }
        Grid::from_terrain(
            width as u32,
            height as u32,
            terrain,
            TerrainCosts::default(),
        )
    }

    /// Rows of terrain characters, the inverse of [`Grid::from_ascii`].
    pub fn to_ascii(&self) -> String {
        let mut out = String::with_capacity(self.terrain.len() + self.height as usize);
        for row in self.terrain.chunks(self.width as usize) {
            out.extend(row.iter().map(|t| t.to_char()));
            out.push('\n');
        }
        out
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.terrain.len()
    }

    /// Always false: a grid has at least one cell.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.terrain.is_empty()
    }

    /// The cell id of (x, y); the caller guarantees it is inside the grid.
    #[inline]
    pub fn cell(&self, x: u32, y: u32) -> u32 {
        debug_assert!(x < self.width && y < self.height);
        y * self.width + x
    }

    /// The cell id of (x, y), or an error if it is outside the grid.
    pub fn checked_cell(&self, x: i64, y: i64) -> Result<u32, GridError> {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return Err(GridError::OutOfBounds { x, y });
        }
        Ok(self.cell(x as u32, y as u32))
    }

    /// The (x, y) of a cell id.
    #[inline]
    pub fn xy(&self, cell: u32) -> (u32, u32) {
        (cell % self.width, cell / self.width)
    }

    /// The terrain of a cell.
    #[inline]
    pub fn terrain(&self, cell: u32) -> Terrain {
        self.terrain[cell as usize]
    }

    /// All cells' terrain, indexed by cell id.
    pub fn terrain_slice(&self) -> &[Terrain] {
        &self.terrain
    }

    /// The terrain inside a one-cell border of walls, `width + 2` cells a row: cell (x, y) is at
    /// `(y + 1) * (width + 2) + x + 1`. The search reads neighbours here, so that every cell of the map
    /// has eight neighbours and no bounds need testing.
    pub fn bordered_terrain(&self) -> &[Terrain] {
        &self.bordered
    }

    /// Sets the terrain of a cell.
    pub fn set_terrain(&mut self, cell: u32, terrain: Terrain) {
        let (x, y) = self.xy(cell);
        self.bordered[bordered_slot(self.width, x, y)] = terrain;
        let old = std::mem::replace(&mut self.terrain[cell as usize], terrain);
        self.terrain_counts[old as usize] -= 1;
        self.terrain_counts[terrain as usize] += 1;
        self.version.edits += 1;
        if !self.levels.is_empty() && (old == Terrain::Wall) != (terrain == Terrain::Wall) {
            // A wall came or went: the cell's own level, and its neighbours' "beside a wall".
            for ny in y.saturating_sub(1)..(y + 2).min(self.height) {
                for nx in x.saturating_sub(1)..(x + 2).min(self.width) {
                    self.relevel(nx, ny);
                }
            }
        }
    }

    /// Which terrain this grid holds (see [`TerrainVersion`]): jump point search keeps bit rows built
    /// from a map and compares this instead of the map itself at each search when the version is the
    /// one it built them from.
    pub fn terrain_version(&self) -> TerrainVersion {
        self.version
    }

    /// How many cells hold `terrain`.
    pub fn count(&self, terrain: Terrain) -> u32 {
        self.terrain_counts[terrain as usize]
    }

    /// The cost of entering a cell, in tenths (0 for a wall): its terrain's and its extra
    /// ([`Grid::extra_tenths`]).
    #[inline]
    pub fn cost_tenths(&self, cell: u32) -> u16 {
        self.costs.tenths(self.terrain[cell as usize]) + self.extra_tenths(cell)
    }

    /// True unless the cell is a wall.
    #[inline]
    pub fn is_passable(&self, cell: u32) -> bool {
        self.terrain[cell as usize] != Terrain::Wall
    }

    /// The cost table.
    pub fn costs(&self) -> TerrainCosts {
        self.costs
    }

    /// Replaces the cost table (each cost 0.1..=255, in tenths 1..=2550).
    pub fn set_costs(&mut self, costs: TerrainCosts) -> Result<(), GridError> {
        costs.validate()?;
        self.costs = costs;
        Ok(())
    }

    /// The cheapest cost, in tenths, of any passable terrain *present on the map* (10, plain's default,
    /// if the map is all wall). Heuristics are scaled by it so that they stay lower bounds whatever the
    /// cost table says: with a road at 0.7 on the map, h counts every step at 0.7.
    pub fn cheapest_tenths(&self) -> u16 {
        self.present_costs().min().unwrap_or(10)
    }

    /// The dearest cost, in tenths, of entering any cell of the map: the dearest passable terrain present
    /// (10 if all wall) with the dearest extra.
    pub fn dearest_tenths(&self) -> u16 {
        self.present_costs().max().unwrap_or(10) + self.dearest_extra_tenths()
    }

    /// The cheapest cost, in tenths, a cell of this grid may have after an edit: of plain's, forest's and
    /// swamp's in the table, present or not (an edit may paint any of them), and the road's when the map
    /// has one. A search that must stay admissible or bounded through edits (D* Lite's scale, HPA*'s path
    /// bound) counts by it and by [`Grid::editable_dearest_tenths`].
    pub fn editable_cheapest_tenths(&self) -> u16 {
        let c = &self.costs;
        c.plain
            .min(c.forest)
            .min(c.swamp)
            .min(self.cheapest_tenths())
    }

    /// The dearest cost, in tenths, a cell of this grid may have after an edit (as
    /// [`Grid::editable_cheapest_tenths`] counts).
    pub fn editable_dearest_tenths(&self) -> u16 {
        let c = &self.costs;
        let terrain = self.present_costs().max().unwrap_or(10);
        c.plain.max(c.forest).max(c.swamp).max(terrain) + self.penalties.dearest_extra_tenths()
    }

    fn present_costs(&self) -> impl Iterator<Item = u16> + '_ {
        Terrain::PASSABLE
            .into_iter()
            .filter(|t| self.count(*t) > 0)
            .map(|t| self.costs.tenths(t))
    }
}

pub(crate) fn check_size(width: u32, height: u32) -> Result<(), GridError> {
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(GridError::BadSize { width, height });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
