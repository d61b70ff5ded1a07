//! The limits of a map's size and the layout of its *bordered* copy: the terrain inside a one-cell ring of
//! walls, `width + 2` slots a row, so that every cell has eight neighbours with no bounds test
//! ([`super::Grid::bordered_terrain`]). A leaf: the grid, its errors and the penalties' levels all
//! index by it.

/// The largest width or height a grid may have.
pub const MAX_SIDE: u32 = 2048;

/// The place of cell (x, y) in a map's bordered layout ([`super::Grid::bordered_terrain`]), `width + 2` a
/// row.
#[inline]
pub(crate) fn bordered_slot(width: u32, x: u32, y: u32) -> usize {
    (y as usize + 1) * (width as usize + 2) + x as usize + 1
}
