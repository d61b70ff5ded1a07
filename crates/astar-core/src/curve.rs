//! A curve through the smoothed path (seed 000's last step: string pulling, then a spline), checked
//! against the map again, because a curve bulges where the straight segments did not go.
//!
//! The curve is a centripetal Catmull-Rom spline through the centres of the smoothed path's corners
//! (α = ½: no cusps or loops within a piece, unlike the uniform spline, and no overshoot on short pieces
//! beside long ones), drawn as a polyline of [`SAMPLES_PER_CELL`] points a cell of piece length. A *piece*
//! is the curve between two consecutive corners. Each piece's chords are checked exactly: every cell whose
//! closed square a chord touches must be passable and cost no more than the dearest cell the straight
//! segment between the same corners crosses (the smoother's own rule: a shortcut may not wade through
//! terrain the path went around). A piece that fails falls back to that straight segment, and its index is
//! reported, so the page can mark where.
//!
//! Coordinates are in cells: cell (x, y) is the square [x, x + 1] × [y, y + 1] and its centre is
//! (x + ½, y + ½). Touching counts: a chord that grazes a wall's edge or corner falls back.
//! ```text
//!   . # .     the corners a and b, and a curve through them that would cut the corner of # :
//!   a . .     that piece is drawn as the straight segment a-b instead
//!   . . b
//! ```
//! [`curve_checked`] adds a test of its own to every chord: the game scene's units, which have a radius,
//! keep a curve only where each chord is clear for it (`crate::crowd::waypoints::curved`).
//!
//! The ends get a tangent from a mirrored neighbour (the first corner reflected through the second), so
//! the curve leaves the start heading for the second corner.

use crate::grid::Grid;
use crate::smooth;

/// Sample points a cell of a piece's straight length (at least [`MIN_SAMPLES`] a piece).
pub const SAMPLES_PER_CELL: f64 = 8.0;

/// The fewest sample points a piece has.
const MIN_SAMPLES: usize = 4;

/// A point in cell coordinates (see the module doc).
pub type Point = [f64; 2];

/// The curve through a smoothed path: the polyline to draw, which pieces fell back to straight
/// segments, and the polyline's length.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Curve {
    /// The polyline, from the start's centre to the goal's (empty for a path of fewer than two cells).
    pub points: Vec<Point>,
    /// Indices of the pieces (piece i runs from corner i to corner i + 1) drawn straight, ascending.
    pub straight: Vec<u32>,
    /// The polyline's Euclidean length, in cells.
    pub length: f64,
}

/// The curve through `corners` (cell ids, as [`smooth::smooth_path`] returns them) on `grid`.
pub fn curve(grid: &Grid, corners: &[u32]) -> Curve {
    curve_checked(grid, corners, SAMPLES_PER_CELL, |_, _| true)
}

/// The curve through `corners` with `samples_per_cell` points a cell of piece length, where a chord
/// is kept only when it is clear by the map's rule (see the module doc) and `also_clear(from, to)`
/// holds too: the game scene's units pass the test for their radius
/// (`crate::crowd::clearance::segment_clear`), so a unit walking the curve keeps its distance from the
/// walls exactly as on the straight segments.
pub fn curve_checked(
    grid: &Grid,
    corners: &[u32],
    samples_per_cell: f64,
    also_clear: impl Fn(Point, Point) -> bool,
) -> Curve {
    let mut curving = Curving::new(samples_per_cell);
    curving.advance(grid, corners, usize::MAX, &also_clear);
    curving.finish()
}

/// A curve made a few pieces at a time: the page makes a long path's curve in slices, between which the
/// page draws and takes input (`crate::session`'s sliced solve). Made whole, it is [`curve_checked`]'s.
#[derive(Clone, Debug)]
pub struct Curving {
    samples_per_cell: f64,
    /// The next piece to make (piece i runs from corner i to corner i + 1).
    next_piece: usize,
    curve: Curve,
}

impl Curving {
    /// A curve not begun, with `samples_per_cell` points a cell of piece length.
    pub fn new(samples_per_cell: f64) -> Curving {
        Curving {
            samples_per_cell,
            next_piece: 0,
            curve: Curve::default(),
        }
    }

    /// Makes more pieces of the curve through `corners` (the same corners at every call), each chord also
    /// tested by `also_clear` (see [`curve_checked`]), until it has made at least `samples` sample points
    /// (a piece is made whole, so one piece at the least) or the curve is whole; true once it is whole.
    pub fn advance(
        &mut self,
        grid: &Grid,
        corners: &[u32],
        samples: usize,
        also_clear: &impl Fn(Point, Point) -> bool,
    ) -> bool {
        if corners.len() < 2 {
            return true;
        }
        let chord_ok = |from: Point, to: Point, allowed: u16| {
            chord_is_clear(grid, from, to, allowed) && also_clear(from, to)
        };
        let centre = |i: usize| {
            let (x, y) = grid.xy(corners[i]);
            [x as f64 + 0.5, y as f64 + 0.5]
        };
        let last = corners.len() - 1;
        let out = &mut self.curve;
        if out.points.is_empty() {
            out.points.push(centre(0));
        }
        let mut made = 0;
        // At least one piece a call, however small the budget.
        while self.next_piece < last && (made == 0 || made < samples) {
            let piece = self.next_piece;
            let (p1, p2) = (centre(piece), centre(piece + 1));
            let p0 = if piece == 0 {
                mirror(p2, p1)
            } else {
                centre(piece - 1)
            };
            let p3 = if piece == last - 1 {
                mirror(p1, p2)
            } else {
                centre(piece + 2)
            };
            let samples =
                ((distance(p1, p2) * self.samples_per_cell).ceil() as usize).max(MIN_SAMPLES);
            let allowed = dearest_on_segment(grid, corners[piece], corners[piece + 1]);
            let kept = out.points.len();
            let mut from = p1;
            for k in 1..samples {
                let to = catmull_rom(p0, p1, p2, p3, k as f64 / samples as f64);
                if !chord_ok(from, to, allowed) {
                    break;
                }
                out.points.push(to);
                from = to;
            }
            // The last chord ends exactly on the corner, whichever way the piece is drawn.
            if out.points.len() < kept + samples - 1 || !chord_ok(from, p2, allowed) {
                out.points.truncate(kept);
                out.straight.push(piece as u32);
            }
            out.points.push(p2);
            // The length so far, added up chord by chord from the start, as one sum over the whole
            // polyline would.
            out.length = out.points[kept - 1..]
                .windows(2)
                .fold(out.length, |total, pair| total + distance(pair[0], pair[1]));
            made += samples;
            self.next_piece += 1;
        }
        self.next_piece == last
    }

    /// The curve made (whole once [`Curving::advance`] has returned true).
    pub fn finish(self) -> Curve {
        self.curve
    }
}

/// `p` reflected through `centre`.
fn mirror(p: Point, centre: Point) -> Point {
    [2.0 * centre[0] - p[0], 2.0 * centre[1] - p[1]]
}

fn distance(a: Point, b: Point) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    (dx * dx + dy * dy).sqrt()
}

/// The centripetal Catmull-Rom point at `u` ∈ [0, 1] of the piece from `p1` to `p2` (Barry and
/// Goldman's pyramid of blends; the knot steps are the square roots of the chord lengths).
fn catmull_rom(p0: Point, p1: Point, p2: Point, p3: Point, u: f64) -> Point {
    // Consecutive corners are distinct cells and the mirrored ends are distinct from their neighbours,
    // so every knot step is positive.
    let t1 = distance(p0, p1).sqrt();
    let t2 = t1 + distance(p1, p2).sqrt();
    let t3 = t2 + distance(p2, p3).sqrt();
    let t = t1 + u * (t2 - t1);
    let a1 = blend(p0, p1, 0.0, t1, t);
    let a2 = blend(p1, p2, t1, t2, t);
    let a3 = blend(p2, p3, t2, t3, t);
    let b1 = blend(a1, a2, 0.0, t2, t);
    let b2 = blend(a2, a3, t1, t3, t);
    blend(b1, b2, t1, t2, t)
}

/// The point at knot `t` on the line through `a` (at knot `ta`) and `b` (at `tb`). Not inlined: six
/// copies of it were most of the curve's code in the page's wasm module.
#[inline(never)]
fn blend(a: Point, b: Point, ta: f64, tb: f64, t: f64) -> Point {
    let (wa, wb) = ((tb - t) / (tb - ta), (t - ta) / (tb - ta));
    [wa * a[0] + wb * b[0], wa * a[1] + wb * b[1]]
}

/// The dearest cost (tenths) of the cells the straight segment between the centres of `a` and `b` crosses.
fn dearest_on_segment(grid: &Grid, a: u32, b: u32) -> u16 {
    let ((x0, y0), (x1, y1)) = (grid.xy(a), grid.xy(b));
    let mut dearest = 0;
    smooth::supercover(x0, y0, x1, y1, |x, y| {
        dearest = dearest.max(grid.cost_tenths(grid.cell(x, y)));
        true
    });
    dearest
}

/// True when every cell whose closed square the chord from `a` to `b` touches is inside the map,
/// passable, and costs at most `allowed` tenths.
pub fn chord_is_clear(grid: &Grid, a: Point, b: Point, allowed: u16) -> bool {
    // The cells whose closed squares can meet the chord: a bound that lies on a cell edge takes the cells
    // on both sides of it.
    let span = |lo: f64, hi: f64| (lo.ceil() as i64 - 1, hi.floor() as i64);
    let (x_from, x_to) = span(a[0].min(b[0]), a[0].max(b[0]));
    let (y_from, y_to) = span(a[1].min(b[1]), a[1].max(b[1]));
    for y in y_from..=y_to {
        for x in x_from..=x_to {
            if !touches_square(a, b, x as f64, y as f64) {
                continue;
            }
            let inside =
                (0..grid.width() as i64).contains(&x) && (0..grid.height() as i64).contains(&y);
            if !inside {
                return false;
            }
            let cost = grid.cost_tenths(grid.cell(x as u32, y as u32));
            if cost == 0 || cost > allowed {
                return false;
            }
        }
    }
    true
}

/// True when the segment from `a` to `b` meets the closed square [x, x + 1] × [y, y + 1] (Liang–Barsky
/// clipping: the parameter range left after each of the four edges is not empty).
fn touches_square(a: Point, b: Point, x: f64, y: f64) -> bool {
    let (mut enter, mut leave) = (0.0_f64, 1.0_f64);
    let d = [b[0] - a[0], b[1] - a[1]];
    for axis in 0..2 {
        let low = if axis == 0 { x } else { y };
        for (p, q) in [(-d[axis], a[axis] - low), (d[axis], low + 1.0 - a[axis])] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    enter = enter.max(r);
                } else {
                    leave = leave.min(r);
                }
            }
        }
    }
    enter <= leave
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_straight_path_is_its_own_curve() {
        let grid = Grid::from_ascii(".....").unwrap();
        let c = curve(&grid, &[0, 4]);
        assert!(c.straight.is_empty());
        assert!((c.length - 4.0).abs() < 1e-12);
        assert_eq!(c.points.first(), Some(&[0.5, 0.5]));
        assert_eq!(c.points.last(), Some(&[4.5, 0.5]));
        assert!(c.points.iter().all(|p| (p[1] - 0.5).abs() < 1e-12));
    }

    #[test]
    fn a_curve_passes_through_every_corner_and_is_no_longer_than_needed() {
        let grid = Grid::from_ascii(
            "
            ........
            ........
            ........
            ........",
        )
        .unwrap();
        let corners = [grid.cell(0, 0), grid.cell(4, 3), grid.cell(7, 0)];
        let c = curve(&grid, &corners);
        assert!(c.straight.is_empty(), "{:?}", c.straight);
        for &corner in &corners {
            let (x, y) = grid.xy(corner);
            assert!(c.points.contains(&[x as f64 + 0.5, y as f64 + 0.5]));
        }
        let straight = smooth::polyline_length(&grid, &corners);
        assert!(
            c.length > straight && c.length < straight * 1.2,
            "{} vs {straight}",
            c.length
        );
    }

    /// A map of swamp, forest and walls that pieces of a curve would touch where their straight segments
    /// do not.
    const SWAMPS_AND_WALLS: &str = "
        .~...~............
        ....#..#...~......
        .....f..f.....~...
        ...#.~.....~......";

    #[test]
    fn a_piece_that_would_bend_into_dearer_terrain_or_a_wall_falls_back_to_its_straight_segment() {
        // The smoothed path of A* from (16, 1) to (0, 2): its first piece, curved, would swing up into the
        // swamp at (11, 1) that the straight segment passes below; its third would touch the wall at (3, 3).
        let grid = Grid::from_ascii(SWAMPS_AND_WALLS).unwrap();
        let corners = [(16, 1), (9, 2), (8, 3), (0, 2)].map(|(x, y)| grid.cell(x, y));
        let c = curve(&grid, &corners);
        assert_eq!(c.straight, vec![0, 2]);
        for pair in c.points.windows(2) {
            assert!(chord_is_clear(&grid, pair[0], pair[1], 50));
        }
        assert!(c.points.len() > corners.len(), "the second piece is curved");
    }

    #[test]
    fn a_curve_made_a_few_pieces_at_a_time_is_the_curve_made_at_once() {
        // Pieces curved and pieces left straight (the swamp and the walls), made with budgets of 1 sample
        // point a call (a piece a call: each has at least MIN_SAMPLES), 20 and 100.
        let grid = Grid::from_ascii(SWAMPS_AND_WALLS).unwrap();
        let corners =
            [(17, 0), (16, 1), (9, 2), (8, 3), (0, 2), (1, 0)].map(|(x, y)| grid.cell(x, y));
        let whole = curve(&grid, &corners);
        assert!(
            !whole.straight.is_empty() && whole.straight.len() < corners.len() - 1,
            "{:?}",
            whole.straight
        );
        let mut calls_by_budget = Vec::new();
        for budget in [1, 20, 100] {
            let mut curving = Curving::new(SAMPLES_PER_CELL);
            let mut calls = 1;
            while !curving.advance(&grid, &corners, budget, &|_, _| true) {
                calls += 1;
            }
            assert_eq!(curving.finish(), whole, "a budget of {budget}");
            calls_by_budget.push(calls);
        }
        assert_eq!(calls_by_budget[0], corners.len() - 1, "a piece a call");
        assert!(
            calls_by_budget[1] > calls_by_budget[2] && calls_by_budget[2] > 1,
            "{calls_by_budget:?}"
        );
        // A call that may make nothing makes one piece all the same, and the first corner once.
        let mut curving = Curving::new(SAMPLES_PER_CELL);
        while !curving.advance(&grid, &corners, 0, &|_, _| true) {}
        assert_eq!(curving.finish(), whole);
        // The length is the polyline's, summed chord by chord from the start.
        let summed = whole
            .points
            .windows(2)
            .fold(0.0, |total, pair| total + distance(pair[0], pair[1]));
        assert_eq!(whole.length, summed);
    }

    #[test]
    fn touching_a_square_counts_at_its_edges_and_corners() {
        assert!(
            touches_square([0.0, 0.0], [1.0, 1.0], 1.0, 1.0),
            "corner to corner"
        );
        assert!(
            touches_square([0.0, 2.0], [3.0, 2.0], 1.0, 1.0),
            "along the bottom edge"
        );
        assert!(!touches_square([0.0, 2.01], [3.0, 2.01], 1.0, 1.0));
        assert!(
            touches_square([1.5, 1.5], [1.5, 1.5], 1.0, 1.0),
            "a point inside"
        );
        assert!(!touches_square([0.0, 0.0], [0.99, 0.99], 1.0, 1.0));
    }

    #[test]
    fn a_chord_leaving_the_map_is_not_clear() {
        let grid = Grid::from_ascii("...\n...").unwrap();
        assert!(chord_is_clear(&grid, [0.5, 0.5], [2.5, 1.5], 10));
        assert!(!chord_is_clear(&grid, [0.5, 0.5], [-0.1, 0.5], 10));
        assert!(
            !chord_is_clear(&grid, [2.5, 0.5], [3.0, 0.5], 10),
            "touching the map's edge"
        );
    }
}
