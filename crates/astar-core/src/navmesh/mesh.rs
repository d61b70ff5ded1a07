//! The navigation mesh: vertices on cell corners, convex polygons listing their vertices the positive
//! way ([`super::geometry::cross`] > 0 when turning), and across each polygon edge either a neighbour
//! polygon (the edge is a *portal*) or a wall ([`NO_POLYGON`]). The mesh is *conforming*: a portal is an
//! edge of both its polygons, with the same two vertices, so a polygon may have collinear vertices where
//! a neighbour's corner meets its side (no T-junctions).
//!
//! [`NavMesh::check`] states every invariant and tests it exactly (vertices are whole numbers, areas are
//! halves of whole numbers): the builders' tests call it on every mesh they make.

use super::geometry::{cross, Point};
use crate::grid::Grid;

/// No polygon: the other side of a wall edge, the polygon of a wall cell.
pub const NO_POLYGON: u32 = u32::MAX;

/// A convex polygon of the mesh.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Polygon {
    /// Its vertices (ids into [`NavMesh::vertices`]), the positive way round, at least three.
    pub vertices: Vec<u32>,
    /// Per edge `i` (from `vertices[i]` to `vertices[(i + 1) % n]`), the polygon on its other side, or
    /// [`NO_POLYGON`] for a wall.
    pub neighbours: Vec<u32>,
}

impl Polygon {
    /// The vertices of edge `i`, in the polygon's order.
    pub fn edge(&self, i: usize) -> (u32, u32) {
        let next = if i + 1 == self.vertices.len() {
            0
        } else {
            i + 1
        };
        (self.vertices[i], self.vertices[next])
    }
}

/// A navigation mesh of a map (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NavMesh {
    /// The map's width in cells.
    pub width: u32,
    /// The map's height in cells.
    pub height: u32,
    /// Which cells the mesh covers (the map's passable cells, less those its unit radius took), row by row.
    pub free: Vec<bool>,
    /// The vertices, as cell-corner coordinates `[x, y]`.
    pub vertices: Vec<[u32; 2]>,
    /// Per vertex: true when it touches a wall (or the map's edge), where a shortest path may turn.
    pub corner: Vec<bool>,
    /// The polygons.
    pub polygons: Vec<Polygon>,
    /// Per cell: a polygon containing the cell's centre, or [`NO_POLYGON`] for a cell not covered.
    pub cell_polygon: Vec<u32>,
}

impl NavMesh {
    /// Vertex `v` as a point.
    pub fn point(&self, v: u32) -> Point {
        let [x, y] = self.vertices[v as usize];
        Point::new(x as f64, y as f64)
    }

    /// True when cell `(x, y)` is covered (false outside the map).
    pub fn is_free(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && x < self.width as i64
            && y < self.height as i64
            && self.free[y as usize * self.width as usize + x as usize]
    }

    /// True when the corner point `(x, y)` touches a covered cell and a cell that is not (or the edge).
    pub fn corner_touches_wall(&self, x: u32, y: u32) -> bool {
        let (x, y) = (x as i64, y as i64);
        let around = [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)];
        let free = around
            .iter()
            .filter(|&&(cx, cy)| self.is_free(cx, cy))
            .count();
        free > 0 && free < 4
    }

    /// The polygon containing the centre of cell `cell`, or `None` for a cell the mesh does not cover.
    pub fn polygon_of_cell(&self, cell: u32) -> Option<u32> {
        let polygon = *self.cell_polygon.get(cell as usize)?;
        (polygon != NO_POLYGON).then_some(polygon)
    }

    /// True when `p` lies in polygon `polygon` (its boundary included).
    pub fn contains(&self, polygon: u32, p: Point) -> bool {
        let poly = &self.polygons[polygon as usize];
        (0..poly.vertices.len()).all(|i| {
            let (a, b) = poly.edge(i);
            cross(self.point(a), self.point(b), p) >= 0.0
        })
    }

    /// Every polygon containing `p` (its boundary included): one inside a polygon, two on a portal,
    /// more at a vertex; none outside the free space. Looks at the covered cells whose squares hold `p`:
    /// the polygons meeting such a square's inside are joined through portals inside it, so a flood from
    /// the polygon of its centre finds them all, and every polygon containing `p` meets one of them.
    pub fn polygons_at(&self, p: Point) -> Vec<u32> {
        let mut found = Vec::new();
        let (fx, fy) = (p.x.floor() as i64, p.y.floor() as i64);
        for y in fy - 1..=fy {
            for x in fx - 1..=fx {
                let holds = p.x >= x as f64
                    && p.x <= x as f64 + 1.0
                    && p.y >= y as f64
                    && p.y <= y as f64 + 1.0;
                if !holds || !self.is_free(x, y) {
                    continue;
                }
                let start = self.cell_polygon[y as usize * self.width as usize + x as usize];
                let mut meeting = vec![start];
                let mut stack = vec![start];
                while let Some(polygon) = stack.pop() {
                    if self.contains(polygon, p) {
                        found.push(polygon);
                    }
                    for &n in &self.polygons[polygon as usize].neighbours {
                        if n != NO_POLYGON
                            && !meeting.contains(&n)
                            && self.clipped_to_cell(n, x as f64, y as f64) > 0.0
                        {
                            meeting.push(n);
                            stack.push(n);
                        }
                    }
                }
            }
        }
        found.sort_unstable();
        found.dedup();
        found
    }

    /// The area of polygon `polygon` inside the square of the cell with top-left corner `(x, y)`.
    pub fn clipped_to_cell(&self, polygon: u32, x: f64, y: f64) -> f64 {
        let points: Vec<Point> = self.polygons[polygon as usize]
            .vertices
            .iter()
            .map(|&v| self.point(v))
            .collect();
        clipped_area(&points, x, y)
    }

    /// Twice the area of polygon `polygon` (a whole number, as the vertices are).
    pub fn double_area(&self, polygon: u32) -> i64 {
        let poly = &self.polygons[polygon as usize];
        let mut twice = 0i64;
        for i in 0..poly.vertices.len() {
            let (a, b) = poly.edge(i);
            let ([ax, ay], [bx, by]) = (self.vertices[a as usize], self.vertices[b as usize]);
            twice += ax as i64 * by as i64 - bx as i64 * ay as i64;
        }
        twice
    }

    /// The number of portals (each counted once).
    pub fn portal_count(&self) -> usize {
        let halves: usize = self
            .polygons
            .iter()
            .map(|p| p.neighbours.iter().filter(|&&n| n != NO_POLYGON).count())
            .sum();
        halves / 2
    }

    /// Bytes the mesh holds (its vectors' lengths, not their spare capacity).
    pub fn memory_bytes(&self) -> usize {
        let polygons: usize = self
            .polygons
            .iter()
            .map(|p| 8 * p.vertices.len() + 48)
            .sum();
        self.free.len() + self.vertices.len() * 9 + polygons + self.cell_polygon.len() * 4
    }

    /// Checks every invariant of the module doc, exactly:
    /// - vertices distinct and on the map; `corner` matches [`NavMesh::corner_touches_wall`];
    /// - every polygon has at least three vertices, is convex (no turn the negative way) with a positive
    ///   area, and lists as many neighbours as edges;
    /// - every portal is the same edge, reversed, of its neighbour, which names this polygon back;
    /// - every wall edge runs along the free space's boundary (covered cells on its inner side, uncovered
    ///   ones or the map's edge on the outer side, unit by unit);
    /// - the polygons cover exactly the covered cells, without overlap: clipped to each cell's square,
    ///   their areas sum to 1 on a covered cell and 0 elsewhere;
    /// - `cell_polygon` names, for every covered cell, a polygon containing its centre.
    pub fn check(&self) -> Result<(), String> {
        let (w, h) = (self.width, self.height);
        if self.free.len() != (w * h) as usize || self.cell_polygon.len() != (w * h) as usize {
            return Err("free or cell_polygon has the wrong length".into());
        }
        let mut seen = std::collections::HashSet::new();
        for (v, &[x, y]) in self.vertices.iter().enumerate() {
            if x > w || y > h || !seen.insert([x, y]) {
                return Err(format!(
                    "vertex {v} at ({x}, {y}) is off the map or repeated"
                ));
            }
            if self.corner.get(v) != Some(&self.corner_touches_wall(x, y)) {
                return Err(format!("vertex {v} at ({x}, {y}): corner flag wrong"));
            }
        }
        let mut edges = std::collections::HashMap::new();
        for (p, poly) in self.polygons.iter().enumerate() {
            let n = poly.vertices.len();
            if n < 3 || poly.neighbours.len() != n {
                return Err(format!(
                    "polygon {p}: {n} vertices, {} neighbours",
                    poly.neighbours.len()
                ));
            }
            if self.double_area(p as u32) <= 0 {
                return Err(format!("polygon {p} has no positive area"));
            }
            for i in 0..n {
                let (a, b) = poly.edge(i);
                let c = poly.vertices[(i + 2) % n];
                if cross(self.point(a), self.point(b), self.point(c)) < 0.0 {
                    return Err(format!("polygon {p} is not convex at vertex {b}"));
                }
                if edges
                    .insert((a, b), (p as u32, poly.neighbours[i]))
                    .is_some()
                {
                    return Err(format!("edge {a}->{b} belongs to two polygons"));
                }
            }
        }
        for (&(a, b), &(p, q)) in &edges {
            if q == NO_POLYGON {
                self.check_wall_edge(a, b)
                    .map_err(|e| format!("polygon {p}: {e}"))?;
            } else if edges.get(&(b, a)) != Some(&(q, p)) {
                return Err(format!(
                    "portal {a}->{b} of polygon {p} is not polygon {q}'s edge back"
                ));
            }
        }
        self.check_coverage()?;
        for cell in 0..w * h {
            let polygon = self.cell_polygon[cell as usize];
            let centre = Point::cell_centre(cell % w, cell / w);
            match (self.free[cell as usize], polygon) {
                (false, NO_POLYGON) => {}
                (true, p) if p != NO_POLYGON && self.contains(p, centre) => {}
                _ => return Err(format!("cell {cell}: cell_polygon {polygon} is wrong")),
            }
        }
        Ok(())
    }

    /// A wall edge must be axis-aligned, with covered cells on its inner side and none on its outer side.
    fn check_wall_edge(&self, a: u32, b: u32) -> Result<(), String> {
        let ([ax, ay], [bx, by]) = (self.vertices[a as usize], self.vertices[b as usize]);
        let (ax, ay, bx, by) = (ax as i64, ay as i64, bx as i64, by as i64);
        if ax != bx && ay != by {
            return Err(format!(
                "wall edge ({ax}, {ay})->({bx}, {by}) is not along cell sides"
            ));
        }
        let (dx, dy) = ((bx - ax).signum(), (by - ay).signum());
        let (mut x, mut y) = (ax, ay);
        while (x, y) != (bx, by) {
            // The unit side from (x, y) to (x + dx, y + dy); the inner side is on the positive turn's
            // side, which with y downwards is (−dy, dx) from the direction.
            let (mx2, my2) = (2 * x + dx, 2 * y + dy);
            let (inner_x, inner_y) = ((mx2 - dy).div_euclid(2), (my2 + dx).div_euclid(2));
            let (outer_x, outer_y) = ((mx2 + dy).div_euclid(2), (my2 - dx).div_euclid(2));
            if !self.is_free(inner_x, inner_y) || self.is_free(outer_x, outer_y) {
                return Err(format!(
                    "wall edge through ({x}, {y}) is not on the free space's boundary"
                ));
            }
            x += dx;
            y += dy;
        }
        Ok(())
    }

    /// The polygons' areas, clipped cell by cell, sum to exactly 1 on covered cells and 0 elsewhere.
    fn check_coverage(&self) -> Result<(), String> {
        let w = self.width as usize;
        let mut covered = vec![0.0f64; self.free.len()];
        for p in 0..self.polygons.len() {
            let points: Vec<Point> = self.polygons[p]
                .vertices
                .iter()
                .map(|&v| self.point(v))
                .collect();
            let (x0, x1) = min_max(points.iter().map(|p| p.x));
            let (y0, y1) = min_max(points.iter().map(|p| p.y));
            for y in y0 as usize..y1 as usize {
                for x in x0 as usize..x1 as usize {
                    covered[y * w + x] += clipped_area(&points, x as f64, y as f64);
                }
            }
        }
        for (cell, &area) in covered.iter().enumerate() {
            let wanted = if self.free[cell] { 1.0 } else { 0.0 };
            if (area - wanted).abs() > 1e-9 {
                return Err(format!("cell {cell} is covered {area} times, not {wanted}"));
            }
        }
        Ok(())
    }
}

fn min_max(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    })
}

/// The area of the convex polygon `points` inside the unit square with top-left corner `(x, y)`
/// (Sutherland–Hodgman against its four sides).
fn clipped_area(points: &[Point], x: f64, y: f64) -> f64 {
    let mut poly = points.to_vec();
    let sides: [(f64, f64, f64); 4] = [
        (1.0, 0.0, x),
        (-1.0, 0.0, -(x + 1.0)),
        (0.0, 1.0, y),
        (0.0, -1.0, -(y + 1.0)),
    ];
    for (nx, ny, offset) in sides {
        let inside = |p: &Point| nx * p.x + ny * p.y >= offset;
        let mut out = Vec::with_capacity(poly.len() + 2);
        for i in 0..poly.len() {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            if inside(&a) {
                out.push(a);
            }
            if inside(&a) != inside(&b) {
                let (da, db) = (nx * a.x + ny * a.y - offset, nx * b.x + ny * b.y - offset);
                out.push(a.lerp(b, da / (da - db)));
            }
        }
        poly = out;
        if poly.is_empty() {
            return 0.0;
        }
    }
    let twice: f64 = (0..poly.len())
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            a.x * b.y - b.x * a.y
        })
        .sum();
    twice.abs() / 2.0
}

/// The covered cells of `grid` for the mesh: its passable cells.
pub fn passable_cells(grid: &Grid) -> Vec<bool> {
    (0..grid.len() as u32)
        .map(|c| grid.is_passable(c))
        .collect()
}
