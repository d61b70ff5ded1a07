//! Points and the few predicates the mesh and its searches share (see the module doc of
//! [`super`] for the coordinates).

/// A point of the plane, in cells (corners of cells on whole numbers).
#[derive(Clone, Copy, Debug, PartialEq, Default, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Point {
    /// Column coordinate (grows to the right).
    pub x: f64,
    /// Row coordinate (grows downwards).
    pub y: f64,
}

impl Point {
    /// The point `(x, y)`.
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// The centre of cell `(cx, cy)`.
    pub fn cell_centre(cx: u32, cy: u32) -> Point {
        Point::new(cx as f64 + 0.5, cy as f64 + 0.5)
    }

    /// The Euclidean distance to `other`. A plain square root, not `f64::hypot`, whose guard against
    /// overflow costs a fifth of Polyanya's time and is not needed for coordinates of a few thousand.
    pub fn distance(self, other: Point) -> f64 {
        let (dx, dy) = (self.x - other.x, self.y - other.y);
        (dx * dx + dy * dy).sqrt()
    }

    /// `self - other`, as a vector.
    pub fn minus(self, other: Point) -> Point {
        Point::new(self.x - other.x, self.y - other.y)
    }

    /// `self + t · (to - self)`.
    pub fn lerp(self, to: Point, t: f64) -> Point {
        Point::new(self.x + t * (to.x - self.x), self.y + t * (to.y - self.y))
    }
}

/// The cross product `(b - a) × (c - a)`: positive when `a → b → c` turns the positive way (the way the
/// mesh lists its polygons' vertices: with y downwards, clockwise on screen), zero when collinear.
pub fn cross(a: Point, b: Point, c: Point) -> f64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

/// The length of a path through `points` in order.
pub fn path_length(points: &[Point]) -> f64 {
    points.windows(2).map(|w| w[0].distance(w[1])).sum()
}
