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
//! stretches into collinear pieces. Three things keep it far below that bound without changing a result
//! ([`Smoothing::advance`]): an anchor tries the cells ahead from the farthest back, so in the open the
//! first line tried is usually the one kept; a line whose first move out of the anchor, or whose
//! middle, enters a cell it may not (a wall, in a corridor) is refused by a look-up, without walking it;
//! and on a grid path, a line refused at its first move refuses without a look the lines to the cells
//! before it on the path that surely leave the anchor the same way.

use crate::grid::{Grid, Terrain, TERRAIN_KINDS};

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
    SightMap::new(grid).sees(grid.xy(a), grid.xy(b), max_cost)
}

/// The map as lines of sight read it: each cell's cost over the bordered terrain (walls around the map),
/// by a table of terrain costs made once, so that a look-up is two loads and no call (the first wasm
/// module's core is built for size, where `Grid::cost_tenths` is a call of a call).
struct SightMap<'a> {
    grid: &'a Grid,
    bordered: &'a [Terrain],
    /// Slots a row of `bordered`.
    row: usize,
    /// By terrain code: the cost of entering it, in tenths (0 for a wall).
    cost_by_terrain: [u16; TERRAIN_KINDS],
    /// Some cell has an extra cost (a penalty), read from the grid then.
    extras: bool,
}

impl<'a> SightMap<'a> {
    fn new(grid: &'a Grid) -> SightMap<'a> {
        let costs = grid.costs();
        SightMap {
            grid,
            bordered: grid.bordered_terrain(),
            row: grid.width() as usize + 2,
            cost_by_terrain: Terrain::ALL.map(|terrain| costs.tenths(terrain)),
            extras: !grid.bordered_levels().is_empty(),
        }
    }

    /// [`Grid::cost_tenths`] of the cell at (x, y); 0 (a wall) for the border around the map, one cell
    /// out on each side.
    #[inline(always)]
    fn cost(&self, x: i64, y: i64) -> u16 {
        let slot = ((y + 1) as usize) * self.row + (x + 1) as usize;
        let cost = self.cost_by_terrain[self.bordered[slot] as usize];
        if self.extras && cost != 0 {
            cost + self.grid.extra_tenths(self.grid.cell(x as u32, y as u32))
        } else {
            cost
        }
    }

    /// True if the segment between the centres of the cells at `from` and `to` touches only passable
    /// cells whose cost is at most `max_cost`.
    fn sees(&self, (x0, y0): (u32, u32), (x1, y1): (u32, u32), max_cost: u16) -> bool {
        supercover(x0, y0, x1, y1, |x, y| {
            enterable(self.cost(x as i64, y as i64), max_cost)
        })
    }

    /// False if the line between the centres of the cells at `from` and `to` certainly touches a cell it
    /// may not under `max_cost`, by the cell at its middle: ((x0 + x1) / 2, (y0 + y1) / 2) rounded down.
    /// [`supercover`] always visits that cell: the middle is the centre of a cell (both sums even), on the
    /// side between two cells, both visited (one sum odd), or on a corner, all four cells around it
    /// visited (both odd); rounding down names one of them.
    #[inline(always)]
    fn middle_may_be_seen(&self, from: (u32, u32), to: (u32, u32), max_cost: u16) -> bool {
        let middle = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
        enterable(self.cost(middle.0 as i64, middle.1 as i64), max_cost)
    }
}

/// True if a line of sight may touch a cell of cost `cost` (0: a wall) under `max_cost`.
#[inline(always)]
fn enterable(cost: u16, max_cost: u16) -> bool {
    cost != 0 && cost <= max_cost
}

/// The cells a line from an anchor touches first, by the way it leaves the anchor, for refusing a line
/// at its first move: [`supercover`]'s first move from (x, y) toward (x + dx, y + dy) enters
/// (x + sign dx, y) when |dy| < |dx|, (x, y + sign dy) when |dx| < |dy|, and both of them and the cell
/// between them diagonally when |dx| = |dy|.
struct FirstMoves {
    /// The anchor.
    from: (u32, u32),
    /// By way out of the anchor (|dy| < |dx| east, then west; |dx| < |dy| south, then north; then the
    /// four diagonals): the cost of the cell (or, diagonally, the dearest of the three cells; 0 if any
    /// is a wall) the first move enters.
    cost: [u16; 8],
}

impl FirstMoves {
    fn around(map: &SightMap, from: (u32, u32)) -> FirstMoves {
        let (x, y) = (from.0 as i64, from.1 as i64);
        // The border counts as a wall (a line toward a cell of the map never leaves it).
        let cost_at = |dx: i64, dy: i64| map.cost(x + dx, y + dy);
        let corner = |sx: i64, sy: i64| {
            let cells = [cost_at(sx, 0), cost_at(0, sy), cost_at(sx, sy)];
            if cells.contains(&0) {
                0
            } else {
                cells.into_iter().max().unwrap_or(0)
            }
        };
        FirstMoves {
            from,
            cost: [
                cost_at(1, 0),
                cost_at(-1, 0),
                cost_at(0, 1),
                cost_at(0, -1),
                corner(1, 1),
                corner(-1, 1),
                corner(1, -1),
                corner(-1, -1),
            ],
        }
    }

    /// How a line to `to` fares at its first move under `max_cost`: None if it may be clear (only
    /// walking it tells); Some(n) if it certainly touches a cell it may not, and so do the lines to the
    /// next n cells of a path of moves toward the anchor (each a neighbour of the one before, each to
    /// be seen under no more than `max_cost`). Those leave the anchor the same way: a way of |dy| < |dx|
    /// is kept while the margin |dx| − |dy|, which a move changes by at most 2, stays positive; likewise
    /// |dx| < |dy|; none is sure along the diagonals, where the margin is 0.
    #[inline(always)]
    fn refuses(&self, to: (u32, u32), max_cost: u16) -> Option<usize> {
        let (dx, dy) = (
            to.0 as i64 - self.from.0 as i64,
            to.1 as i64 - self.from.1 as i64,
        );
        let (nx, ny) = (dx.abs(), dy.abs());
        let (way, margin) = if ny < nx {
            (usize::from(dx < 0), nx - ny)
        } else if nx < ny {
            (2 + usize::from(dy < 0), ny - nx)
        } else if nx == 0 {
            return None;
        } else {
            (4 + usize::from(dx < 0) + 2 * usize::from(dy < 0), 0)
        };
        if enterable(self.cost[way], max_cost) {
            return None;
        }
        Some(((margin - 1).max(0) / 2) as usize)
    }
}

/// The string-pulled path: a subsequence of `path` (first and last cell kept) in which each consecutive
/// pair is in line of sight (see the module doc). An empty or one-cell path is returned as it is.
pub fn smooth_path(grid: &Grid, path: &[u32]) -> Vec<u32> {
    let mut smoothing = Smoothing::new(grid, path);
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
    /// By path index: the cell's (x, y) and cost, read once (an anchor reads up to [`WINDOW`] of each).
    xy_by_index: Vec<(u32, u32)>,
    cost_by_index: Vec<u16>,
    /// Each cell of the path is a neighbour of the one before (a grid path; Theta*'s is not).
    moves_only: bool,
    /// For the anchor being placed from: by k, the dearest cost of the path's cells from the anchor to
    /// the k + 2-th cell after it (the most a line to that cell may touch).
    stretch_max: Vec<u16>,
}

impl Smoothing {
    /// Nothing smoothed of `path` (on `grid`) yet.
    pub fn new(grid: &Grid, path: &[u32]) -> Smoothing {
        let xy_by_index: Vec<(u32, u32)> = path.iter().map(|&cell| grid.xy(cell)).collect();
        let moves_only = xy_by_index
            .windows(2)
            .all(|pair| pair[0].0.abs_diff(pair[1].0) <= 1 && pair[0].1.abs_diff(pair[1].1) <= 1);
        Smoothing {
            anchors: path.first().copied().into_iter().collect(),
            at: 0,
            xy_by_index,
            cost_by_index: path.iter().map(|&cell| grid.cost_tenths(cell)).collect(),
            moves_only,
            stretch_max: Vec::new(),
        }
    }

    /// Places up to `anchors` more anchors along `path` (the one given to `new`, on the same grid); true
    /// once the last cell is reached.
    pub fn advance(&mut self, grid: &Grid, path: &[u32], anchors: usize) -> bool {
        if path.len() <= 2 {
            return true;
        }
        let map = SightMap::new(grid);
        let last = path.len() - 1;
        for _ in 0..anchors {
            if self.at >= last {
                break;
            }
            let next = self.farthest_seen(&map, self.at);
            self.anchors.push(path[next]);
            self.at = next;
        }
        self.at >= last
    }

    /// The index of the farthest cell of the path at most [`WINDOW`] cells after index `i` (before its
    /// last) that the cell at `i` sees, or `i + 1` (always reached by the path's own move). Tried from
    /// the farthest back, the first seen being the answer. Two cells every line touches refuse most
    /// lines without walking them: the first it enters ([`FirstMoves`]) and the one at its middle; on a
    /// grid path a line refused at its first move also refuses the next cells back that surely leave the
    /// anchor the same way, without looking at them.
    fn farthest_seen(&mut self, map: &SightMap, i: usize) -> usize {
        let end = (i + WINDOW).min(self.xy_by_index.len() - 1);
        let costs = &self.cost_by_index;
        let mut dearest = costs[i].max(costs[i + 1]);
        self.stretch_max.clear();
        for &cost in &costs[i + 2..=end] {
            dearest = dearest.max(cost);
            self.stretch_max.push(dearest);
        }
        let from = self.xy_by_index[i];
        let first = FirstMoves::around(map, from);
        let ahead = &self.xy_by_index[i + 2..=end];
        let mut k = ahead.len();
        while k > 0 {
            k -= 1;
            let (to, max_cost) = (ahead[k], self.stretch_max[k]);
            if let Some(also_refused) = first.refuses(to, max_cost) {
                // Going back along the path, each cell is a neighbour of the last and may be seen under
                // no more than this one (the stretch's dearest cost only grows along the path).
                if self.moves_only {
                    k = k.saturating_sub(also_refused);
                }
                continue;
            }
            if map.middle_may_be_seen(from, to, max_cost) && map.sees(from, to, max_cost) {
                return i + 2 + k;
            }
        }
        i + 1
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
pub(crate) fn merge_collinear(grid: &Grid, anchors: Vec<u32>) -> Vec<u32> {
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
    fn a_shortcut_may_not_pass_cells_made_dearer_by_a_penalty() {
        // The path keeps off the wall's neighbours; the straight line from its first cell to its last
        // passes beside the wall, which the hugging penalty makes dearer than any cell of the path.
        let mut grid = Grid::from_ascii(
            "
            .......
            .......
            ...#...",
        )
        .unwrap();
        let path: Vec<u32> = [
            (0, 1),
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (5, 0),
            (6, 0),
            (6, 1),
        ]
        .map(|(x, y)| grid.cell(x, y))
        .into();
        let straight = vec![grid.cell(0, 1), grid.cell(6, 1)];
        assert_eq!(smooth_path(&grid, &path), straight);
        grid.set_penalties(crate::penalty::Penalties {
            hug_tenths: 5,
            ..Default::default()
        })
        .unwrap();
        let smoothed = smooth_path(&grid, &path);
        assert_ne!(smoothed, straight);
        for pair in smoothed.windows(2) {
            assert!(
                line_of_sight(&grid, pair[0], pair[1], 10),
                "{pair:?} passes beside the wall"
            );
        }
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
