//! The corners a unit walks through: the grid path pulled straight with the unit's radius (seed 002's
//! exercise 4: the line of sight of a wide unit is the segment with the radius on both sides).
//!
//! From each kept cell, the unit looks along the path and keeps the farthest cell up to which every later
//! cell is in sight ([`LOOKAHEAD`] cells at most): greedy, linear in the path's length, unlike the page's
//! string pulling (`smooth.rs`), which looks for the farthest visible cell over a window and would cost a
//! scene of hundreds of units too much. In sight means the segment is clear for the radius
//! ([`super::clearance::segment_clear`], exact) and crosses no terrain costlier than the stretch of path
//! it replaces (the page's rule: a shortcut may not wade through swamp the path went around).

use super::clearance::segment_clear;
use crate::grid::Grid;
use crate::smooth::line_of_sight;

/// How many path cells ahead a kept cell looks.
pub const LOOKAHEAD: usize = 48;

/// The centre of `cell` as a position.
pub fn centre(grid: &Grid, cell: u32) -> (f64, f64) {
    let (x, y) = grid.xy(cell);
    (x as f64, y as f64)
}

/// The cells of `path` (on `grid`, the map before inflation) a unit of radius `r` turns at, first and
/// last included.
pub fn pull(grid: &Grid, path: &[u32], r: f64) -> Vec<u32> {
    if path.len() <= 2 {
        return path.to_vec();
    }
    let mut kept = vec![path[0]];
    let mut i = 0;
    while i < path.len() - 1 {
        let mut j = i + 1;
        let mut stretch = grid.cost(path[i]).max(grid.cost(path[j]));
        while j + 1 < path.len() && j + 1 - i <= LOOKAHEAD {
            let candidate = path[j + 1];
            let widened = stretch.max(grid.cost(candidate));
            let seen = line_of_sight(grid, path[i], candidate, widened)
                && segment_clear(grid, centre(grid, path[i]), centre(grid, candidate), r);
            if !seen {
                break;
            }
            j += 1;
            stretch = widened;
        }
        kept.push(path[j]);
        i = j;
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crowd::clearance::inflate;
    use crate::search::{Search, SearchParams};

    #[test]
    fn a_wide_unit_keeps_away_from_the_corner_a_thin_one_cuts() {
        let map = "\
............
............
............
......#.....
......#.....
......#.....
......#.....
......#.....
............
............
............";
        let grid = Grid::from_ascii(map).unwrap();
        let (start, goal) = (grid.cell(3, 6), grid.cell(9, 4));
        let mut thin = None;
        for r in [0.0, 0.5, 0.9] {
            let inflated = inflate(&grid, r);
            let path = Search::new()
                .solve(&inflated, &SearchParams::default(), start, goal)
                .unwrap()
                .path;
            let corners = pull(&grid, &path, r);
            assert_eq!(corners.first(), Some(&start));
            assert_eq!(corners.last(), Some(&goal));
            for pair in corners.windows(2) {
                assert!(segment_clear(
                    &grid,
                    centre(&grid, pair[0]),
                    centre(&grid, pair[1]),
                    r
                ));
            }
            assert!(corners.len() < path.len(), "r {r}: {corners:?}");
            thin.get_or_insert(corners);
        }
        // The thin unit's corners pass the wall closer than a wide unit may.
        let thin = thin.unwrap();
        assert!(thin.windows(2).any(|pair| !segment_clear(
            &grid,
            centre(&grid, pair[0]),
            centre(&grid, pair[1]),
            0.9
        )));
    }
}
