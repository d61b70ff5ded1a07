//! The grid's side of the penalties ([`crate::penalty`]): each cell's *level* (beside a wall, and how
//! many watchers see it), kept up to date through terrain edits, and what a cell's level adds to entering
//! it.

use super::layout::bordered_slot;
use super::terrain::Terrain;
use super::{Grid, GridError};
use crate::cost::{step_cost, Cost};
use crate::penalty::Penalties;

impl Grid {
    /// The extras on top of the terrain costs (see [`crate::penalty`]).
    pub fn penalties(&self) -> &Penalties {
        &self.penalties
    }

    /// Replaces the extras (checked against the limits of [`crate::penalty`]). Like a terrain edit, this
    /// gives the grid a new [`Grid::terrain_version`]: what a search kept from the map no longer holds.
    pub fn set_penalties(&mut self, penalties: Penalties) -> Result<(), GridError> {
        penalties.validate(self.width, self.height)?;
        self.penalties = penalties;
        self.levels.clear();
        self.level_counts.clear();
        self.version.edits += 1;
        if self.penalties.is_off() {
            return Ok(());
        }
        // "Beside a wall" cell by cell, then each watcher's disc over its bounding square: O(cells + the
        // discs' areas), not O(cells × watchers) as `relevel` for every cell would be (44 ms on a 1024 ×
        // 1024 map with 32 watchers of radius 64, natively).
        let hug_only = Penalties {
            hug_tenths: self.penalties.hug_tenths,
            ..Penalties::default()
        };
        let mut levels = vec![0u8; self.bordered.len()];
        for y in 0..self.height {
            for x in 0..self.width {
                levels[bordered_slot(self.width, x, y)] =
                    hug_only.level_at(&self.bordered, self.width, x, y);
            }
        }
        if self.penalties.danger_tenths > 0 {
            for w in &self.penalties.watchers {
                let (x0, x1) = (
                    w.x.saturating_sub(w.radius),
                    (w.x + w.radius).min(self.width - 1),
                );
                let (y0, y1) = (
                    w.y.saturating_sub(w.radius),
                    (w.y + w.radius).min(self.height - 1),
                );
                for y in y0..=y1 {
                    for x in x0..=x1 {
                        let slot = bordered_slot(self.width, x, y);
                        if w.sees(x, y) && self.bordered[slot] != Terrain::Wall {
                            levels[slot] += 2;
                        }
                    }
                }
            }
        }
        let mut counts = vec![0u32; 256];
        for y in 0..self.height as usize {
            let row = bordered_slot(self.width, 0, y as u32);
            for &level in &levels[row..row + self.width as usize] {
                counts[level as usize] += 1;
            }
        }
        self.levels = levels;
        self.level_counts = counts;
        Ok(())
    }

    /// Works out the level of the cell at (x, y) again.
    pub(super) fn relevel(&mut self, x: u32, y: u32) {
        let slot = bordered_slot(self.width, x, y);
        let level = self.penalties.level_at(&self.bordered, self.width, x, y);
        let old = std::mem::replace(&mut self.levels[slot], level);
        self.level_counts[old as usize] -= 1;
        self.level_counts[level as usize] += 1;
    }

    /// Each slot's level in the layout of [`Grid::bordered_terrain`] (see [`crate::penalty`]), or an
    /// empty slice when the penalties are off: then no cell has an extra.
    pub fn bordered_levels(&self) -> &[u8] {
        &self.levels
    }

    /// The extra of entering a cell on top of its terrain's cost, in tenths (see [`crate::penalty`]).
    #[inline]
    pub fn extra_tenths(&self, cell: u32) -> u16 {
        self.penalties.level_extra_tenths(self.level(cell))
    }

    /// The watchers' part of a cell's extra, in tenths (see [`Grid::extra_tenths`]).
    pub fn danger_tenths(&self, cell: u32) -> u16 {
        self.penalties.level_extra_tenths(self.level(cell) & !1)
    }

    /// The level of a cell (see [`crate::penalty`]): 0 with the penalties off.
    fn level(&self, cell: u32) -> u8 {
        if self.levels.is_empty() {
            return 0;
        }
        let (x, y) = self.xy(cell);
        self.levels[bordered_slot(self.width, x, y)]
    }

    /// How many cells have an extra (walls never do).
    pub fn penalised_cells(&self) -> u32 {
        self.level_counts.iter().skip(1).sum()
    }

    /// The dearest extra of any cell of the map, in tenths (0 with the penalties off). Not simply the
    /// highest level's: with a hugging penalty above the danger, level 3 (beside a wall, one watcher) costs
    /// more than level 4 (two watchers).
    pub fn dearest_extra_tenths(&self) -> u16 {
        (0..self.level_counts.len())
            .filter(|&level| self.level_counts[level] > 0)
            .map(|level| self.penalties.level_extra_tenths(level as u8))
            .max()
            .unwrap_or(0)
    }

    /// What the watchers' danger adds to the cost of the grid path `path` (consecutive cells neighbours),
    /// in fixed-point units: each step pays the danger of the cell it enters, √2 times on a diagonal. What a
    /// search with the danger in h (`SearchParams::danger_in_h`) left out of its g.
    pub fn danger_along(&self, path: &[u32]) -> Cost {
        path.windows(2)
            .map(|pair| {
                let ((ax, ay), (bx, by)) = (self.xy(pair[0]), self.xy(pair[1]));
                step_cost(self.danger_tenths(pair[1]), ax != bx && ay != by)
            })
            .sum()
    }
}
