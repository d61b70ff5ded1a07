//! The mesh builders. Each turns the covered cells into convex polygons given as lists of corner
//! coordinates, the positive way round and conforming (see [`super::mesh`]); [`stitch`] then numbers the
//! vertices, finds the portals and locates the cells, the same for every builder.
//!
//! - [`squares`]: one polygon a covered cell (the trivial mesh: the tests' reference).
//! - [`rectangles`]: rectangles merged from cells, their sides split where neighbours' corners touch.
//! - [`triangles`]: the exact outline, constrained Delaunay triangles, merged (Hertel–Mehlhorn).
//! - [`radius`]: which cells a unit of a given radius may use (the covered cells).
//! - [`tiles`]: the entry point ([`tiles::MeshBuilder`], [`tiles::MeshKind`]): every kind built in tiles,
//!   split along the seams, rebuilt tile by tile after an edit.
//! - [`assemble`]: what [`stitch`] does, to the same mesh, without hashing (the tiles stitch with it).

pub mod assemble;
pub mod radius;
pub mod rectangles;
pub mod tiles;
pub mod triangles;

use super::geometry::Point;
use super::mesh::{NavMesh, Polygon, NO_POLYGON};
use std::collections::HashMap;

/// A polygon before stitching: its corners `[x, y]`, the positive way round.
pub type Outline = Vec<[u32; 2]>;

/// The trivial mesh of `free` (`width × height` cells, row by row): one square a covered cell.
pub fn squares(width: u32, height: u32, free: &[bool]) -> NavMesh {
    let mut outlines = Vec::new();
    for y in 0..height {
        for x in 0..width {
            if free[(y * width + x) as usize] {
                outlines.push(vec![[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]]);
            }
        }
    }
    stitch(width, height, free.to_vec(), &outlines)
}

/// Makes the mesh of `outlines` (convex, the positive way round, conforming, covering exactly the cells
/// `free` marks): numbers the vertices in order of first appearance, joins the polygons that share an
/// edge (in opposite directions) into portals, flags the corner vertices and finds each covered cell's
/// polygon.
pub fn stitch(width: u32, height: u32, free: Vec<bool>, outlines: &[Outline]) -> NavMesh {
    let mut ids: HashMap<[u32; 2], u32> = HashMap::new();
    let mut vertices = Vec::new();
    let mut polygons: Vec<Polygon> = outlines
        .iter()
        .map(|outline| Polygon {
            vertices: outline
                .iter()
                .map(|&corner| {
                    *ids.entry(corner).or_insert_with(|| {
                        vertices.push(corner);
                        vertices.len() as u32 - 1
                    })
                })
                .collect(),
            neighbours: vec![NO_POLYGON; outline.len()],
        })
        .collect();
    let mut edge_owner: HashMap<(u32, u32), u32> = HashMap::new();
    for (p, poly) in polygons.iter().enumerate() {
        for i in 0..poly.vertices.len() {
            edge_owner.insert(poly.edge(i), p as u32);
        }
    }
    for poly in &mut polygons {
        for i in 0..poly.vertices.len() {
            let (a, b) = poly.edge(i);
            if let Some(&q) = edge_owner.get(&(b, a)) {
                poly.neighbours[i] = q;
            }
        }
    }
    let mut mesh = NavMesh {
        width,
        height,
        free,
        vertices,
        corner: Vec::new(),
        polygons,
        cell_polygon: vec![NO_POLYGON; (width * height) as usize],
    };
    mesh.corner = mesh
        .vertices
        .iter()
        .map(|&[x, y]| mesh.corner_touches_wall(x, y))
        .collect();
    locate_cells(&mut mesh);
    mesh
}

/// Sets `cell_polygon` for every covered cell whose centre lies in a polygon (the first one found).
pub fn locate_cells(mesh: &mut NavMesh) {
    let width = mesh.width;
    for p in 0..mesh.polygons.len() as u32 {
        let corners = &mesh.polygons[p as usize].vertices;
        let xs = corners.iter().map(|&v| mesh.vertices[v as usize][0]);
        let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
        let ys = corners.iter().map(|&v| mesh.vertices[v as usize][1]);
        let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
        for y in y0..y1 {
            for x in x0..x1 {
                let cell = (y * width + x) as usize;
                if mesh.cell_polygon[cell] == NO_POLYGON
                    && mesh.contains(p, Point::cell_centre(x, y))
                {
                    mesh.cell_polygon[cell] = p;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_of_a_small_map_pass_the_checks() {
        // Two cells meeting at a corner between two walls do not connect there.
        let free = [true, false, true, false, true, true, true, true, false];
        let mesh = squares(3, 3, &free);
        mesh.check().unwrap();
        assert_eq!(mesh.polygons.len(), 6);
        assert_eq!(mesh.portal_count(), 4);
        let centre = mesh.polygon_of_cell(4).unwrap();
        assert_eq!(
            mesh.polygons[centre as usize]
                .neighbours
                .iter()
                .filter(|&&n| n != NO_POLYGON)
                .count(),
            2
        );
    }

    #[test]
    fn the_checks_catch_a_missing_cell_and_a_wrong_corner_flag() {
        let free = [true, true, true, true];
        let mut mesh = squares(2, 2, &free);
        mesh.polygons.pop();
        assert!(mesh.check().is_err());
        let mut mesh = squares(2, 2, &free);
        mesh.corner[0] = !mesh.corner[0];
        assert!(mesh.check().is_err());
    }
}
