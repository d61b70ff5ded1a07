//! The exact Euclidean shortest path among the walls, by a visibility graph: the tests' and `astar
//! check`'s independent oracle for the mesh searches, sharing nothing with the mesh.
//!
//! Everything here is exact: a point is kept as whole numbers of half cells (centres of cells are odd,
//! corners even), so every test is integer arithmetic.
//!
//! **When a segment is clear** ([`Cells::segment_clear`]), the rules, which are the mesh's:
//! 1. it enters no uncovered cell's open square (outside the map counts as uncovered);
//! 2. it runs along no cell side with uncovered cells on both of its sides (inside a block of walls);
//! 3. no *pinch* lies strictly inside it: a corner point where two covered cells meet only at that
//!    corner, between two uncovered ones (a unit cannot squeeze through; a path may end there).
//!
//! A segment may run along a wall's side or touch a wall's corner. A shortest path turns only at
//! corners of the free space where exactly one of the four cells around is uncovered (convex corners of
//! the walls); [`Cells::shortest_path`] runs Dijkstra over those corners, the start and the goal.

use super::geometry::Point;

/// The covered cells of a map, as the oracle reads them.
#[derive(Clone, Copy, Debug)]
pub struct Cells<'a> {
    /// Width in cells.
    pub width: u32,
    /// Height in cells.
    pub height: u32,
    /// Covered cells, row by row.
    pub free: &'a [bool],
}

/// A point in half cells.
type Half = (i64, i64);

fn to_half(p: Point) -> Half {
    let (x, y) = (p.x * 2.0, p.y * 2.0);
    assert!(
        x.fract() == 0.0 && y.fract() == 0.0,
        "the oracle takes points on half cells, not {p:?}"
    );
    (x as i64, y as i64)
}

fn cross(a: Half, b: Half, c: Half) -> i64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

impl Cells<'_> {
    /// True when cell `(x, y)` is covered (false outside the map).
    pub fn is_free(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && x < self.width as i64
            && y < self.height as i64
            && self.free[(y * self.width as i64 + x) as usize]
    }

    /// How many of the four cells around corner point `(x, y)` are covered, and whether they form a
    /// pinch (two covered cells meeting only at the corner).
    fn around(&self, x: i64, y: i64) -> (usize, bool) {
        let (nw, ne, sw, se) = (
            self.is_free(x - 1, y - 1),
            self.is_free(x, y - 1),
            self.is_free(x - 1, y),
            self.is_free(x, y),
        );
        let count = [nw, ne, sw, se].iter().filter(|&&f| f).count();
        (count, count == 2 && nw == se)
    }

    /// True when the segment `a`–`b` is clear (the module doc's rules). Both ends must be on half cells.
    pub fn segment_clear(&self, a: Point, b: Point) -> bool {
        let (a, b) = (to_half(a), to_half(b));
        // Candidate cells: those whose squares the segment's bounding box meets, one column at a time
        // narrowed to the rows the segment reaches in that column (with a cell's margin).
        let (x_lo, x_hi) = (
            a.0.min(b.0).div_euclid(2) - 1,
            a.0.max(b.0).div_euclid(2) + 1,
        );
        for cx in x_lo..=x_hi {
            let (y_lo, y_hi) = rows_reached(a, b, cx);
            for cy in y_lo..=y_hi {
                if !self.cell_allows(a, b, cx, cy) {
                    return false;
                }
            }
        }
        true
    }

    /// The three rules, for what belongs to cell `(cx, cy)`: its square, its top and left sides, and
    /// its top-left corner point.
    fn cell_allows(&self, a: Half, b: Half, cx: i64, cy: i64) -> bool {
        let free = self.is_free(cx, cy);
        if !free && meets_open_square(a, b, cx, cy) {
            return false;
        }
        let (x, y) = (2 * cx, 2 * cy);
        // Top side (x..x+2, y), between (cx, cy - 1) and (cx, cy); left side (x, y..y+2).
        if !free && !self.is_free(cx, cy - 1) && overlaps_side(a, b, (x, y), (x + 2, y)) {
            return false;
        }
        if !free && !self.is_free(cx - 1, cy) && overlaps_side(a, b, (x, y), (x, y + 2)) {
            return false;
        }
        let (_, pinch) = self.around(cx, cy);
        !(pinch && strictly_inside(a, b, (x, y)))
    }

    /// The corners where a shortest path may turn: exactly three of the four cells around covered.
    pub fn turning_corners(&self) -> Vec<Point> {
        let mut corners = Vec::new();
        for y in 0..=self.height as i64 {
            for x in 0..=self.width as i64 {
                if self.around(x, y).0 == 3 {
                    corners.push(Point::new(x as f64, y as f64));
                }
            }
        }
        corners
    }

    /// The shortest path from `start` to `goal` (points on half cells in covered cells' squares) and its
    /// length, or `None` when the goal cannot be reached: Dijkstra over the visibility graph of the
    /// turning corners, O(corners² · segment length), for small maps.
    pub fn shortest_path(&self, start: Point, goal: Point) -> Option<(f64, Vec<Point>)> {
        let mut nodes = vec![start, goal];
        nodes.extend(self.turning_corners());
        let n = nodes.len();
        let mut dist = vec![f64::INFINITY; n];
        let mut parent = vec![usize::MAX; n];
        let mut done = vec![false; n];
        dist[0] = 0.0;
        loop {
            let next = (0..n)
                .filter(|&i| !done[i] && dist[i].is_finite())
                .min_by(|&i, &j| dist[i].total_cmp(&dist[j]));
            let u = next?;
            if u == 1 {
                break;
            }
            done[u] = true;
            for v in 0..n {
                if done[v] || v == u {
                    continue;
                }
                let d = dist[u] + nodes[u].distance(nodes[v]);
                if d < dist[v] && self.segment_clear(nodes[u], nodes[v]) {
                    dist[v] = d;
                    parent[v] = u;
                }
            }
        }
        let mut path = vec![goal];
        let mut at = 1;
        while at != 0 {
            at = parent[at];
            path.push(nodes[at]);
        }
        path.reverse();
        if start == goal {
            path.truncate(1);
        }
        Some((dist[1], path))
    }
}

/// The rows of column `cx` the segment can reach, widened by a cell each way (a superset).
fn rows_reached(a: Half, b: Half, cx: i64) -> (i64, i64) {
    let (lo, hi) = ((2 * cx) as f64, (2 * cx + 2) as f64);
    let (ax, ay, bx, by) = (a.0 as f64, a.1 as f64, b.0 as f64, b.1 as f64);
    let (ya, yb) = if ax == bx {
        (ay, by)
    } else {
        let at = |x: f64| ay + (by - ay) * (x.clamp(ax.min(bx), ax.max(bx)) - ax) / (bx - ax);
        (at(lo), at(hi))
    };
    (
        (ya.min(yb) / 2.0).floor() as i64 - 1,
        (ya.max(yb) / 2.0).floor() as i64 + 1,
    )
}

/// True when the closed segment `a`–`b` meets the open square of cell `(cx, cy)`: not separated by
/// either axis or by the segment's own line (a separating axis test, exact).
fn meets_open_square(a: Half, b: Half, cx: i64, cy: i64) -> bool {
    let (x0, x1, y0, y1) = (2 * cx, 2 * cx + 2, 2 * cy, 2 * cy + 2);
    if a.0.max(b.0) <= x0 || a.0.min(b.0) >= x1 || a.1.max(b.1) <= y0 || a.1.min(b.1) >= y1 {
        return false;
    }
    if a == b {
        return true; // inside the box in both axes, strictly
    }
    let sides = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map(|c| cross(a, b, c).signum());
    !(sides.iter().all(|&s| s >= 0) || sides.iter().all(|&s| s <= 0))
}

/// True when the segment `a`–`b` and the axis-aligned unit side `p`–`q` share more than a point.
fn overlaps_side(a: Half, b: Half, p: Half, q: Half) -> bool {
    if cross(a, b, p) != 0 || cross(a, b, q) != 0 || a == b {
        return false;
    }
    // Collinear: compare along the side's axis.
    let axis = if p.0 != q.0 { 0 } else { 1 };
    let (s0, s1) = if axis == 0 {
        (a.0.min(b.0), a.0.max(b.0))
    } else {
        (a.1.min(b.1), a.1.max(b.1))
    };
    let (t0, t1) = if axis == 0 {
        (p.0.min(q.0), p.0.max(q.0))
    } else {
        (p.1.min(q.1), p.1.max(q.1))
    };
    s0.max(t0) < s1.min(t1)
}

/// True when `p` lies on the segment `a`–`b` and is neither end.
fn strictly_inside(a: Half, b: Half, p: Half) -> bool {
    p != a
        && p != b
        && cross(a, b, p) == 0
        && p.0 >= a.0.min(b.0)
        && p.0 <= a.0.max(b.0)
        && p.1 >= a.1.min(b.1)
        && p.1 <= a.1.max(b.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(rows: &[&str]) -> (u32, u32, Vec<bool>) {
        let free = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '.'))
            .collect();
        (rows[0].len() as u32, rows.len() as u32, free)
    }

    #[test]
    fn the_rules_allow_sides_and_corners_but_not_walls_or_pinches() {
        let (width, height, free) = cells(&["...", ".#.", "..."]);
        let map = Cells {
            width,
            height,
            free: &free,
        };
        let p = Point::new;
        assert!(map.segment_clear(p(0.5, 0.5), p(2.5, 0.5)));
        assert!(
            !map.segment_clear(p(0.5, 0.5), p(2.5, 2.5)),
            "through the wall"
        );
        assert!(
            map.segment_clear(p(1.0, 1.0), p(2.0, 1.0)),
            "along its side"
        );
        assert!(
            map.segment_clear(p(0.5, 1.5), p(1.5, 0.5)),
            "touching its corner"
        );
        let (width, height, free) = cells(&[".#", "#."]);
        let pinch = Cells {
            width,
            height,
            free: &free,
        };
        assert!(
            !pinch.segment_clear(p(0.5, 0.5), p(1.5, 1.5)),
            "through a pinch"
        );
        assert!(
            pinch.segment_clear(p(0.5, 0.5), p(1.0, 1.0)),
            "ending at a pinch"
        );
        assert!(pinch.shortest_path(p(0.5, 0.5), p(1.5, 1.5)).is_none());
        let (width, height, free) = cells(&["##", "##"]);
        let block = Cells {
            width,
            height,
            free: &free,
        };
        assert!(
            !block.segment_clear(p(0.0, 1.0), p(2.0, 1.0)),
            "between two walls"
        );
        assert!(
            !block.segment_clear(p(0.0, 0.0), p(2.0, 0.0)),
            "along the map edge of a wall"
        );
    }

    #[test]
    fn the_shortest_path_turns_at_wall_corners() {
        let (width, height, free) = cells(&["....", ".##.", "...."]);
        let map = Cells {
            width,
            height,
            free: &free,
        };
        let (length, path) = map
            .shortest_path(Point::new(0.5, 1.5), Point::new(3.5, 1.5))
            .unwrap();
        let expected = 2.0 * Point::new(0.5, 1.5).distance(Point::new(1.0, 1.0)) + 2.0;
        assert!((length - expected).abs() < 1e-12, "{length} {expected}");
        assert_eq!(path.len(), 4);
    }
}
