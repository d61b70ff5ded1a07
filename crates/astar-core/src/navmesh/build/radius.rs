//! Which cells a unit of radius `r` may use: the mesh's covered cells.
//!
//! A passable cell is **covered for r** when its whole square is at least `r` from every wall square
//! (outside the map is wall). The distance between the squares of cells `d = (dx, dy)` apart is that of
//! the gaps between them, `hypot(max(|dx| − 1, 0), max(|dy| − 1, 0))`:
//!
//! ```text
//!   . . . . .     radius 1:  W blocks the centre cell c when it is one of its 8 neighbours (gap 0);
//!   . W W W .                a wall two cells away (gap 1) is exactly 1 away, which is allowed.
//!   . W c W .     radius up to √2: walls up to two cells away block, except the four diagonal ones
//!   . W W W .     (gap √2); above √2, up to 2: the whole 5 × 5 block around c blocks.
//!   . . . . .
//! ```
//!
//! Since every point of a covered square is at least `r` from every wall square, any path inside the
//! covered area (the union of the covered squares) keeps distance `r` from the walls: a disc of radius `r`
//! centred on it never overlaps a wall. The converse does not hold (a disc centred in an uncovered square
//! may still be clear), so the covered area is a safe, slightly smaller, version of the space a disc's
//! centre can reach; radius 0 covers exactly the passable cells.

use crate::grid::Grid;

/// The largest radius [`covered_cells`] takes (the game scene's units' largest, as in
/// [`crate::crowd::clearance::MAX_RADIUS`]); larger ones are clamped to it.
pub const MAX_RADIUS: f64 = 2.0;

/// `radius` clamped to `0..=`[`MAX_RADIUS`] (NaN counts as 0).
pub fn clamp_radius(radius: f64) -> f64 {
    if radius.is_nan() {
        0.0
    } else {
        radius.clamp(0.0, MAX_RADIUS)
    }
}

/// How far a change of one cell's passability reaches for `radius`: cells up to this many columns and
/// rows away may change whether they are covered (0 for radius 0, 1 up to radius 1, 2 up to radius 2).
pub fn reach(radius: f64) -> u32 {
    blocking_offsets(clamp_radius(radius))
        .iter()
        .map(|&(dx, dy)| dx.unsigned_abs().max(dy.unsigned_abs()))
        .max()
        .unwrap_or(0)
}

/// The offsets `(dx, dy)` from a cell to the cells whose wall square is nearer than `radius` to its square
/// (the cell itself included when `radius` > 0).
fn blocking_offsets(radius: f64) -> Vec<(i32, i32)> {
    let k = radius.ceil() as i32;
    let mut out = Vec::new();
    for dy in -k..=k {
        for dx in -k..=k {
            let (gx, gy) = ((dx.abs() - 1).max(0), (dy.abs() - 1).max(0));
            if ((gx * gx + gy * gy) as f64) < radius * radius {
                out.push((dx, dy));
            }
        }
    }
    out
}

/// The covered cells of `grid` for a unit of radius `radius` (see the module doc), row by row:
/// - `radius`: in cells, clamped to `0..=`[`MAX_RADIUS`]; 0 gives the passable cells.
///
/// # Example
/// ```
/// use astar_core::navmesh::build::radius::covered_cells;
/// let grid = astar_core::Grid::from_ascii("......\n......\n......\n......").unwrap();
/// // Radius 1: only the cells with no wall (nor the map's edge) among their 8 neighbours.
/// let covered = covered_cells(&grid, 1.0);
/// assert_eq!(covered.iter().filter(|&&c| c).count(), 4 * 2);
/// ```
pub fn covered_cells(grid: &Grid, radius: f64) -> Vec<bool> {
    let mut covered = vec![false; grid.len()];
    update_covered(
        grid,
        radius,
        &mut covered,
        0,
        0,
        grid.width(),
        grid.height(),
    );
    covered
}

/// Recomputes `covered` (as [`covered_cells`] gives it) for the cells in columns `x0..x1` and rows
/// `y0..y1` (clipped to the map) and returns the cells whose value changed.
pub fn update_covered(
    grid: &Grid,
    radius: f64,
    covered: &mut [bool],
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
) -> Vec<u32> {
    let offsets = blocking_offsets(clamp_radius(radius));
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let passable =
        |x: i64, y: i64| x >= 0 && y >= 0 && x < w && y < h && grid.is_passable((y * w + x) as u32);
    let mut changed = Vec::new();
    for y in y0..y1.min(grid.height()) {
        for x in x0..x1.min(grid.width()) {
            let (xi, yi) = (x as i64, y as i64);
            let now = passable(xi, yi)
                && offsets
                    .iter()
                    .all(|&(dx, dy)| passable(xi + dx as i64, yi + dy as i64));
            let cell = grid.cell(x, y);
            if covered[cell as usize] != now {
                covered[cell as usize] = now;
                changed.push(cell);
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_grows_with_the_radius() {
        assert_eq!(reach(0.0), 0);
        assert_eq!(reach(0.3), 1);
        assert_eq!(reach(1.0), 1);
        assert_eq!(reach(1.2), 2);
        assert_eq!(reach(2.0), 2);
        assert_eq!(reach(9.0), 2);
        assert_eq!(blocking_offsets(1.4).len(), 25 - 4);
        assert_eq!(blocking_offsets(1.5).len(), 25);
    }
}
