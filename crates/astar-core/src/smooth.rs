//! Path smoothing by string pulling, with a supercover line of sight that respects terrain costs.
//!
//! The grid path is a list of cells; the smoothed path is a polyline through cell centres that keeps the
//! path's first and last cell. From each kept cell (an anchor), the farthest later path cell that it can
//! *see* becomes the next anchor. A segment is seen when every cell its supercover line touches is
//! passable and no costlier than the costliest cell of the stretch of path it replaces: a shortcut may
//! not wade through swamp that the path went around.
//!
//! The supercover line takes every cell the segment between two centres touches; where it passes exactly
//! through a grid corner, it takes both cells beside the corner:
//! ```text
//!   a b    a segment from c's centre to b's centre crosses the corner between them,
//!   c d    so a and d are checked too: the line never squeezes past a wall corner.
//! ```
//! Cost: O(n · WINDOW · L) for a path of n cells and segments of up to L cells; anchors look at most
//! [`WINDOW`] cells ahead, which bounds the work on long paths and only splits very long straight
//! stretches into collinear pieces.

use crate::grid::Grid;

/// How many path cells ahead an anchor looks for the farthest visible cell.
pub const WINDOW: usize = 512;

/// Calls `visit(x, y)` for every cell the segment between the centres of (x0, y0) and (x1, y1) touches,
/// in order from the first; stops early and returns false when `visit` returns false.
pub fn supercover(
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
    mut visit: impl FnMut(u32, u32) -> bool,
) -> bool {
    let (dx, dy) = (x1 as i64 - x0 as i64, y1 as i64 - y0 as i64);
    let (nx, ny) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let (mut x, mut y) = (x0 as i64, y0 as i64);
    if !visit(x as u32, y as u32) {
        return false;
    }
    let (mut ix, mut iy) = (0, 0);
    while ix < nx || iy < ny {
        // Compare where the segment crosses the next vertical and the next horizontal grid line.
        let decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
        if decision == 0 {
            if !visit((x + sx) as u32, y as u32) || !visit(x as u32, (y + sy) as u32) {
                return false;
            }
            x += sx;
            y += sy;
            ix += 1;
            iy += 1;
        } else if decision < 0 {
            x += sx;
            ix += 1;
        } else {
            y += sy;
            iy += 1;
        }
        if !visit(x as u32, y as u32) {
            return false;
        }
    }
    true
}

/// True if the segment between the centres of cells `a` and `b` touches only passable cells whose cost is
/// at most `max_cost`.
pub fn line_of_sight(grid: &Grid, a: u32, b: u32, max_cost: u16) -> bool {
    let ((x0, y0), (x1, y1)) = (grid.xy(a), grid.xy(b));
    supercover(x0, y0, x1, y1, |x, y| {
        let cost = grid.cost_tenths(grid.cell(x, y));
        cost != 0 && cost <= max_cost
    })
}

/// The string-pulled path: a subsequence of `path` (first and last cell kept) in which each consecutive
/// pair is in line of sight (see the module doc). An empty or one-cell path is returned as it is.
pub fn smooth_path(grid: &Grid, path: &[u32]) -> Vec<u32> {
    let mut smoothing = Smoothing::new(path);
    while !smoothing.advance(grid, path, usize::MAX) {}
    smoothing.finish(grid, path)
}

/// [`smooth_path`] a piece at a time, for a caller that must not block (the page's solve in slices: a
/// path across a 1,024 × 1,024 maze has about 95,000 cells, and smoothing it looks up to [`WINDOW`]
/// cells ahead of each of some 30,000 anchors). The same path as `smooth_path` gives.
#[derive(Clone, Debug)]
pub struct Smoothing {
    /// The anchors placed so far, before the collinear ones are merged.
    anchors: Vec<u32>,
    /// The path index of the last anchor.
    at: usize,
}

impl Smoothing {
    /// Nothing smoothed of `path` yet.
    pub fn new(path: &[u32]) -> Smoothing {
        Smoothing {
            anchors: path.first().copied().into_iter().collect(),
            at: 0,
        }
    }

    /// Places up to `anchors` more anchors along `path` (the same path each call); true once the last
    /// cell is reached.
    pub fn advance(&mut self, grid: &Grid, path: &[u32], anchors: usize) -> bool {
        if path.len() <= 2 {
            return true;
        }
        let last = path.len() - 1;
        for _ in 0..anchors {
            if self.at >= last {
                break;
            }
            let i = self.at;
            let mut next = i + 1;
            let mut stretch_max = grid.cost_tenths(path[i]).max(grid.cost_tenths(path[i + 1]));
            let end = (i + WINDOW).min(last);
            for j in i + 2..=end {
                stretch_max = stretch_max.max(grid.cost_tenths(path[j]));
                if line_of_sight(grid, path[i], path[j], stretch_max) {
                    next = j;
                }
            }
            self.anchors.push(path[next]);
            self.at = next;
        }
        self.at >= last
    }

    /// The smoothed path, once [`Smoothing::advance`] has returned true.
    pub fn finish(self, grid: &Grid, path: &[u32]) -> Vec<u32> {
        if path.len() <= 2 {
            return path.to_vec();
        }
        merge_collinear(grid, self.anchors)
    }
}

/// Drops anchors that lie on the straight line between their neighbours.
fn merge_collinear(grid: &Grid, anchors: Vec<u32>) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::with_capacity(anchors.len());
    for cell in anchors {
        if out.len() >= 2 {
            let (ax, ay) = grid.xy(out[out.len() - 2]);
            let (bx, by) = grid.xy(out[out.len() - 1]);
            let (cx, cy) = grid.xy(cell);
            let cross = (bx as i64 - ax as i64) * (cy as i64 - ay as i64)
                - (by as i64 - ay as i64) * (cx as i64 - ax as i64);
            let same_direction = (bx as i64 - ax as i64) * (cx as i64 - bx as i64)
                + (by as i64 - ay as i64) * (cy as i64 - by as i64)
                > 0;
            if cross == 0 && same_direction {
                out.pop();
            }
        }
        out.push(cell);
    }
    out
}

/// The Euclidean length of the polyline through the centres of `cells`, in cells.
pub fn polyline_length(grid: &Grid, cells: &[u32]) -> f64 {
    cells
        .windows(2)
        .map(|pair| {
            let ((x0, y0), (x1, y1)) = (grid.xy(pair[0]), grid.xy(pair[1]));
            let (dx, dy) = (x1 as f64 - x0 as f64, y1 as f64 - y0 as f64);
            (dx * dx + dy * dy).sqrt()
        })
        // Not `.sum()`: the sum of no f64 is -0.0, which prints as "-0" for a one-cell path.
        .fold(0.0, |total, segment| total + segment)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells_on_line(x0: u32, y0: u32, x1: u32, y1: u32) -> Vec<(u32, u32)> {
        let mut out = vec![];
        supercover(x0, y0, x1, y1, |x, y| {
            out.push((x, y));
            true
        });
        out
    }

    #[test]
    fn supercover_takes_both_cells_at_a_corner() {
        assert_eq!(
            cells_on_line(0, 0, 1, 1),
            vec![(0, 0), (1, 0), (0, 1), (1, 1)]
        );
        assert_eq!(
            cells_on_line(0, 0, 3, 0),
            vec![(0, 0), (1, 0), (2, 0), (3, 0)]
        );
        assert_eq!(
            cells_on_line(0, 0, 2, 1),
            vec![(0, 0), (1, 0), (1, 1), (2, 1)]
        );
    }

    #[test]
    fn diagonal_sight_is_blocked_by_a_wall_corner() {
        let grid = Grid::from_ascii(".#\n..").unwrap();
        assert!(!line_of_sight(
            &grid,
            grid.cell(0, 1),
            grid.cell(1, 0),
            u16::MAX
        ));
        assert!(line_of_sight(&grid, grid.cell(0, 0), grid.cell(0, 1), 10));
    }

    #[test]
    fn smoothing_straightens_a_staircase_but_not_through_swamp() {
        let grid = Grid::from_ascii(
            "
            .....
            .....
            .....",
        )
        .unwrap();
        let path: Vec<u32> = [(0, 0), (1, 0), (1, 1), (2, 1), (3, 1), (3, 2), (4, 2)]
            .map(|(x, y)| grid.cell(x, y))
            .into();
        assert_eq!(
            smooth_path(&grid, &path),
            vec![grid.cell(0, 0), grid.cell(4, 2)]
        );

        let swampy = Grid::from_ascii(
            "
            .....
            .~~~.
            .....",
        )
        .unwrap();
        let around: Vec<u32> = [(0, 1), (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1)]
            .map(|(x, y)| swampy.cell(x, y))
            .into();
        let smoothed = smooth_path(&swampy, &around);
        for pair in smoothed.windows(2) {
            assert!(
                line_of_sight(&swampy, pair[0], pair[1], 10),
                "shortcut through swamp"
            );
        }
        assert!(polyline_length(&swampy, &smoothed) <= polyline_length(&swampy, &around));
    }

    #[test]
    fn a_path_of_one_cell_or_none_has_length_plus_zero() {
        let grid = Grid::from_ascii("..\n..").unwrap();
        for cells in [&[][..], &[3][..]] {
            let length = polyline_length(&grid, cells);
            assert_eq!(length, 0.0);
            assert!(length.is_sign_positive(), "{cells:?}: {length:?}");
            assert_eq!(format!("{length}"), "0");
        }
        assert_eq!(polyline_length(&grid, &[0, 1, 3]), 2.0);
    }
}
