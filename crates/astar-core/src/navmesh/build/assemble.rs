//! Stitching without hashing: what [`super::stitch`] does (vertices numbered in order of first
//! appearance, portals, corner flags, the cells' polygons), to the same mesh, in time linear in the
//! outlines' size. Vertices are numbered through a dense table of the map's `(width + 1) × (height + 1)`
//! corner points; portals are found in each vertex's list of outgoing edges (a handful), where the edge
//! `a → b` of one polygon meets the edge `b → a` of its neighbour.
//!
//! [`super::tiles::MeshBuilder`] stitches the whole map again after every rebuild, handing in the cells'
//! polygons its tiles already know, so this is what an edit costs beyond rebuilding its tiles.

use super::{locate_cells, Outline};
use crate::navmesh::mesh::{NavMesh, Polygon, NO_POLYGON};

/// A mesh being stitched: polygons added one by one, then [`Assembly::finish`].
#[derive(Debug)]
pub struct Assembly {
    /// Corner points in a row of the table: the map's width + 1.
    columns: usize,
    /// Vertex id by corner point `y * columns + x`, or [`NO_POLYGON`] when not (yet) a vertex.
    id_of_corner: Vec<u32>,
    vertices: Vec<[u32; 2]>,
    polygons: Vec<Polygon>,
}

impl Assembly {
    /// An empty assembly for a `width × height` map.
    pub fn new(width: u32, height: u32) -> Assembly {
        let columns = width as usize + 1;
        Assembly {
            columns,
            id_of_corner: vec![NO_POLYGON; columns * (height as usize + 1)],
            vertices: Vec::new(),
            polygons: Vec::new(),
        }
    }

    /// The number of polygons added so far (the id the next one gets).
    pub fn polygon_count(&self) -> usize {
        self.polygons.len()
    }

    /// Adds the polygon `outline` (corners on the map, the positive way round).
    pub fn add(&mut self, outline: &[[u32; 2]]) {
        let vertices = outline
            .iter()
            .map(|&[x, y]| {
                let id = &mut self.id_of_corner[y as usize * self.columns + x as usize];
                if *id == NO_POLYGON {
                    *id = self.vertices.len() as u32;
                    self.vertices.push([x, y]);
                }
                *id
            })
            .collect();
        self.polygons.push(Polygon {
            vertices,
            neighbours: vec![NO_POLYGON; outline.len()],
        });
    }

    /// The mesh: portals joined, corner flags set, with the covered cells `free` and the given
    /// `cell_polygon` (per cell, a polygon containing its centre, or [`NO_POLYGON`]).
    pub fn finish(
        mut self,
        width: u32,
        height: u32,
        free: Vec<bool>,
        cell_polygon: Vec<u32>,
    ) -> NavMesh {
        join_portals(&mut self.polygons, self.vertices.len());
        let mut mesh = NavMesh {
            width,
            height,
            free,
            vertices: self.vertices,
            corner: Vec::new(),
            polygons: self.polygons,
            cell_polygon,
        };
        mesh.corner = mesh
            .vertices
            .iter()
            .map(|&[x, y]| mesh.corner_touches_wall(x, y))
            .collect();
        mesh
    }
}

/// Sets every polygon's neighbour across each edge `a → b`: the polygon with the edge `b → a` (the last
/// one added, as stitch's map keeps the last one inserted; in a valid mesh, the only one).
fn join_portals(polygons: &mut [Polygon], vertex_count: usize) {
    // Outgoing edges by vertex (`first_out[v]..first_out[v + 1]`): (end vertex, polygon).
    let mut first_out = vec![0u32; vertex_count + 1];
    for poly in polygons.iter() {
        for &v in &poly.vertices {
            first_out[v as usize + 1] += 1;
        }
    }
    for v in 0..vertex_count {
        first_out[v + 1] += first_out[v];
    }
    let mut filled = first_out.clone();
    let mut out = vec![(0u32, 0u32); first_out[vertex_count] as usize];
    for (p, poly) in polygons.iter().enumerate() {
        for i in 0..poly.vertices.len() {
            let (a, b) = poly.edge(i);
            out[filled[a as usize] as usize] = (b, p as u32);
            filled[a as usize] += 1;
        }
    }
    for poly in polygons.iter_mut() {
        for i in 0..poly.vertices.len() {
            let (a, b) = poly.edge(i);
            let from_b = &out[first_out[b as usize] as usize..first_out[b as usize + 1] as usize];
            if let Some(&(_, q)) = from_b.iter().rev().find(|&&(end, _)| end == a) {
                poly.neighbours[i] = q;
            }
        }
    }
}

/// The mesh of `outlines`, as [`super::stitch`] makes it (see the module doc).
pub fn assemble(width: u32, height: u32, free: Vec<bool>, outlines: &[Outline]) -> NavMesh {
    let mut assembly = Assembly::new(width, height);
    for outline in outlines {
        assembly.add(outline);
    }
    let cells = vec![NO_POLYGON; (width * height) as usize];
    let mut mesh = assembly.finish(width, height, free, cells);
    locate_cells(&mut mesh);
    mesh
}
