//! The builders' entry point: the mesh of a map for a kind ([`MeshKind`]) and a unit radius, built in
//! square tiles so that an edit rebuilds only the tiles it changes ([`MeshBuilder::rebuild`]).
//!
//! **Tiles.** The map is cut into tiles of `T × T` cells (the last row and column of tiles may be
//! smaller). Each tile's polygons come from its own covered cells alone (cells outside it count as
//! uncovered), so a builder never merges across a tile border and a tile depends on nothing else.
//!
//! **Seams.** A portal across a tile border must be an edge of the polygons on both sides, with the same
//! two vertices. So before stitching, every polygon side lying on a tile border is split at the vertices
//! the neighbouring tile has on that border, strictly inside the side (collinear vertices):
//!
//! ```text
//!   tile A | tile B     B's vertex q lies inside A's side p-r, so A's polygon gets q as a collinear
//!          p            vertex; A's vertex p is a corner of B's polygon already. Both now have the
//!    A1    |    B1      edges p-q and q-r, which stitch joins into portals (or walls, where the other
//!          q----        side is uncovered).
//!    A1    |    B2
//!          r
//! ```
//!
//! For squares and triangles a tile's vertices on its border are exactly the points where the covered
//! status of its own border cells changes (and its corners), so a side is split wherever the status of
//! either side changes; rectangles add their corners there.
//!
//! **Stitching.** The mesh is stitched ([`super::assemble`], the same mesh as [`super::stitch`] makes)
//! from every tile's split outlines, tile by tile in row order, so rebuilding a tile and stitching again
//! gives the very mesh a fresh build gives. Each tile knows which of its polygons holds each of its
//! cells' centres (a polygon of another tile cannot), so stitching only renumbers them.
//!
//! **Edits.** A cell's passability decides the covered status of the cells up to
//! [`radius::reach`]`(r)` columns and rows away (0 at radius 0, 1 up to radius 1, 2 up to radius 2), so
//! an edit of a box is recomputed in the box widened by that much, and only the tiles holding a cell
//! whose covered status changed are rebuilt. Their neighbours are not: a neighbour's own polygons do
//! not change, only the seam vertices it takes from the rebuilt tile, which the stitch redoes anyway.

use super::assemble::Assembly;
use super::{radius, rectangles, triangles, Outline};
use crate::grid::{Grid, MAX_SIDE};
use crate::navmesh::mesh::{NavMesh, NO_POLYGON};

/// Which polygons a mesh is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum MeshKind {
    /// One unit square a covered cell (the reference mesh of the tests).
    Squares,
    /// Rectangles merged from cells ([`rectangles`]).
    Rectangles,
    /// Constrained Delaunay triangles merged into convex polygons ([`triangles`]).
    Triangles,
}

impl MeshKind {
    /// Every kind, simplest first.
    pub const ALL: [MeshKind; 3] = [MeshKind::Squares, MeshKind::Rectangles, MeshKind::Triangles];

    /// The kind's name, as serde writes it.
    pub fn name(self) -> &'static str {
        match self {
            MeshKind::Squares => "squares",
            MeshKind::Rectangles => "rectangles",
            MeshKind::Triangles => "triangles",
        }
    }

    /// The polygons of the covered cells inside `area` (see [`rectangles::outlines`]).
    pub fn outlines(self, width: u32, free: &[bool], area: CellBox) -> Vec<Outline> {
        match self {
            MeshKind::Squares => square_outlines(width, free, area),
            MeshKind::Rectangles => rectangles::outlines(width, free, area),
            MeshKind::Triangles => triangles::outlines(width, free, area),
        }
    }
}

/// A box of cells: columns `x0..x1` and rows `y0..y1` (ends excluded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellBox {
    /// First column.
    pub x0: u32,
    /// First row.
    pub y0: u32,
    /// One past the last column.
    pub x1: u32,
    /// One past the last row.
    pub y1: u32,
}

impl CellBox {
    /// The box of columns `x0..x1` and rows `y0..y1`.
    pub const fn new(x0: u32, y0: u32, x1: u32, y1: u32) -> CellBox {
        CellBox { x0, y0, x1, y1 }
    }
}

/// One unit square a covered cell of `area`.
fn square_outlines(width: u32, free: &[bool], area: CellBox) -> Vec<Outline> {
    let mut outlines = Vec::new();
    for y in area.y0..area.y1 {
        for x in area.x0..area.x1 {
            if free[(y * width + x) as usize] {
                outlines.push(vec![[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]]);
            }
        }
    }
    outlines
}

/// The tile borders, in the order of [`Tile::border`].
const TOP: usize = 0;
const RIGHT: usize = 1;
const BOTTOM: usize = 2;
const LEFT: usize = 3;

/// One tile: its cells, its polygons, and its vertices on each of its borders.
#[derive(Clone, Debug)]
struct Tile {
    area: CellBox,
    outlines: Vec<Outline>,
    /// Per border (top, right, bottom, left): the sorted coordinates along it (x on the top and bottom
    /// borders, y on the others) of the outlines' vertices on it.
    border: [Vec<u32>; 4],
    /// Per cell of `area` (row by row within it): the first outline containing its centre, or
    /// [`NO_POLYGON`].
    cell_polygon: Vec<u32>,
}

impl Tile {
    fn build(kind: MeshKind, width: u32, free: &[bool], area: CellBox) -> Tile {
        let outlines = kind.outlines(width, free, area);
        let mut border: [Vec<u32>; 4] = Default::default();
        for &[x, y] in outlines.iter().flatten() {
            if y == area.y0 {
                border[TOP].push(x);
            }
            if x == area.x1 {
                border[RIGHT].push(y);
            }
            if y == area.y1 {
                border[BOTTOM].push(x);
            }
            if x == area.x0 {
                border[LEFT].push(y);
            }
        }
        for line in &mut border {
            line.sort_unstable();
            line.dedup();
        }
        let cell_polygon = locate(&outlines, area);
        Tile {
            area,
            outlines,
            border,
            cell_polygon,
        }
    }
}

/// Per cell of `area` (row by row within it), the first of `outlines` containing its centre, or
/// [`NO_POLYGON`]: what [`super::locate_cells`] finds, tile by tile.
fn locate(outlines: &[Outline], area: CellBox) -> Vec<u32> {
    let columns = (area.x1 - area.x0) as usize;
    let mut cells = vec![NO_POLYGON; columns * (area.y1 - area.y0) as usize];
    for (p, outline) in outlines.iter().enumerate() {
        let (x0, x1) = (
            outline.iter().map(|c| c[0]).min(),
            outline.iter().map(|c| c[0]).max(),
        );
        let (y0, y1) = (
            outline.iter().map(|c| c[1]).min(),
            outline.iter().map(|c| c[1]).max(),
        );
        let (Some(x0), Some(x1), Some(y0), Some(y1)) = (x0, x1, y0, y1) else {
            continue;
        };
        for y in y0..y1 {
            for x in x0..x1 {
                let cell = (y - area.y0) as usize * columns + (x - area.x0) as usize;
                if cells[cell] == NO_POLYGON && contains_centre(outline, x, y) {
                    cells[cell] = p as u32;
                }
            }
        }
    }
    cells
}

/// True when the convex `outline` (the positive way round) contains the centre of cell `(x, y)`, its
/// boundary included; exact, in doubled coordinates.
fn contains_centre(outline: &[[u32; 2]], x: u32, y: u32) -> bool {
    let (cx, cy) = (2 * x as i64 + 1, 2 * y as i64 + 1);
    (0..outline.len()).all(|i| {
        let ([ax, ay], [bx, by]) = (outline[i], outline[(i + 1) % outline.len()]);
        let (ax, ay, bx, by) = (2 * ax as i64, 2 * ay as i64, 2 * bx as i64, 2 * by as i64);
        (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) >= 0
    })
}

/// Builds and keeps the mesh of a map, tile by tile (see the module doc).
///
/// # Example
/// ```
/// use astar_core::navmesh::build::tiles::{MeshBuilder, MeshKind};
/// let mut grid = astar_core::Grid::from_ascii("......\n.##...\n......").unwrap();
/// let mut builder = MeshBuilder::new(&grid, MeshKind::Triangles, 0.0);
/// builder.mesh().check().unwrap();
/// let wall = grid.cell(4, 1);
/// grid.set_terrain(wall, astar_core::Terrain::Wall);
/// assert_eq!(builder.rebuild(&grid, 4, 1, 5, 2), 1); // one tile holds the whole map
/// assert!(!builder.mesh().free[wall as usize]);
/// ```
#[derive(Clone, Debug)]
pub struct MeshBuilder {
    kind: MeshKind,
    radius: f64,
    tile_size: u32,
    width: u32,
    height: u32,
    /// Tiles across.
    columns: u32,
    /// The covered cells, row by row.
    covered: Vec<bool>,
    /// Indexed by tile row × `columns` + tile column.
    tiles: Vec<Tile>,
    mesh: NavMesh,
}

impl MeshBuilder {
    /// The tiles' side in cells unless told otherwise: big enough for few seams, small enough that a
    /// tile's rebuild is quick. Measured natively on 1024 × 1024 maps (triangles; rooms / 20% random
    /// walls): tiles of 32 give 7,916 / 190,098 polygons, of 64 6,022 / 188,107, of 128 5,198 / 187,301,
    /// one tile 4,575 / 186,778; a one-cell edit costs about the same at 32 to 128 (the stitch of the
    /// whole map dominates) and 10-25 times more as one tile.
    pub const TILE_SIZE: u32 = 64;

    /// The mesh of `grid` for units of radius `radius` (see [`radius::covered_cells`]: clamped to
    /// `0..=`[`radius::MAX_RADIUS`]), in tiles of [`MeshBuilder::TILE_SIZE`].
    pub fn new(grid: &Grid, kind: MeshKind, radius: f64) -> MeshBuilder {
        MeshBuilder::with_tile_size(grid, kind, radius, MeshBuilder::TILE_SIZE)
    }

    /// As [`MeshBuilder::new`], in tiles of `tile_size × tile_size` cells (clamped to 1..=[`MAX_SIDE`]).
    pub fn with_tile_size(grid: &Grid, kind: MeshKind, radius: f64, tile_size: u32) -> MeshBuilder {
        let tile_size = tile_size.clamp(1, MAX_SIDE);
        let (width, height) = (grid.width(), grid.height());
        let radius = radius::clamp_radius(radius);
        let covered = radius::covered_cells(grid, radius);
        let columns = width.div_ceil(tile_size);
        let rows = height.div_ceil(tile_size);
        let mut tiles = Vec::with_capacity((columns * rows) as usize);
        for ty in 0..rows {
            for tx in 0..columns {
                let area = CellBox::new(
                    tx * tile_size,
                    ty * tile_size,
                    ((tx + 1) * tile_size).min(width),
                    ((ty + 1) * tile_size).min(height),
                );
                tiles.push(Tile::build(kind, width, &covered, area));
            }
        }
        let mut builder = MeshBuilder {
            kind,
            radius,
            tile_size,
            width,
            height,
            columns,
            covered,
            tiles,
            mesh: NavMesh::default(),
        };
        builder.restitch();
        builder
    }

    /// The mesh.
    pub fn mesh(&self) -> &NavMesh {
        &self.mesh
    }

    /// The mesh, taken.
    pub fn into_mesh(self) -> NavMesh {
        self.mesh
    }

    /// The kind of polygons.
    pub fn kind(&self) -> MeshKind {
        self.kind
    }

    /// The unit radius (clamped).
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// The number of tiles.
    pub fn tile_count(&self) -> usize {
        self.tiles.len()
    }

    /// Updates the mesh after an edit of `grid` and returns how many tiles it rebuilt:
    /// - `grid`: the map after the edit; one of another size is built afresh (every tile counted);
    /// - `x0..x1`, `y0..y1`: the columns and rows (ends excluded, clipped to the map) holding every cell
    ///   whose passability changed since the last build or rebuild; a change outside leaves the mesh
    ///   stale there.
    ///
    /// The radius makes the edit reach further: the covered status is recomputed for the cells up to
    /// [`radius::reach`] columns and rows around the box (0 at radius 0, 1 up to radius 1, 2 up to
    /// radius 2), and only the tiles holding a cell whose covered status changed are rebuilt: at most
    /// the tiles meeting the box widened by that reach, none when nothing changed. The mesh is then
    /// stitched again from every tile (the neighbours' seams are redone there): on a 1024 × 1024 map,
    /// in wasm (Node 20), a one-cell edit took 6-7 ms with rooms (6-7 thousand polygons) and 56-70 ms
    /// with 20% random walls (170-190 thousand), nearly all of it the stitch.
    pub fn rebuild(&mut self, grid: &Grid, x0: u32, y0: u32, x1: u32, y1: u32) -> usize {
        if (grid.width(), grid.height()) != (self.width, self.height) {
            *self = MeshBuilder::with_tile_size(grid, self.kind, self.radius, self.tile_size);
            return self.tiles.len();
        }
        let reach = radius::reach(self.radius);
        let changed = radius::update_covered(
            grid,
            self.radius,
            &mut self.covered,
            x0.saturating_sub(reach),
            y0.saturating_sub(reach),
            x1.saturating_add(reach),
            y1.saturating_add(reach),
        );
        let mut stale = vec![false; self.tiles.len()];
        for cell in changed {
            let (x, y) = (cell % self.width, cell / self.width);
            let tile = (y / self.tile_size) * self.columns + x / self.tile_size;
            stale[tile as usize] = true;
        }
        let mut rebuilt = 0;
        for (tile, _) in stale.iter().enumerate().filter(|(_, &s)| s) {
            let area = self.tiles[tile].area;
            self.tiles[tile] = Tile::build(self.kind, self.width, &self.covered, area);
            rebuilt += 1;
        }
        if rebuilt > 0 {
            self.restitch();
        }
        rebuilt
    }

    /// Stitches the mesh from every tile's outlines, split along the seams (module doc).
    fn restitch(&mut self) {
        let mut assembly = Assembly::new(self.width, self.height);
        let mut cell_polygon = vec![NO_POLYGON; self.covered.len()];
        let mut split = Vec::new();
        for (t, tile) in self.tiles.iter().enumerate() {
            let first = assembly.polygon_count() as u32;
            let neighbour = |border: usize| self.neighbour(t, border);
            for outline in &tile.outlines {
                split_on_seams(outline, tile.area, &neighbour, &mut split);
                assembly.add(&split);
            }
            let area = tile.area;
            let columns = (area.x1 - area.x0) as usize;
            for (i, &local) in tile.cell_polygon.iter().enumerate() {
                if local != NO_POLYGON {
                    let (x, y) = (
                        area.x0 as usize + i % columns,
                        area.y0 as usize + i / columns,
                    );
                    cell_polygon[y * self.width as usize + x] = first + local;
                }
            }
        }
        let free = self.covered.clone();
        self.mesh = assembly.finish(self.width, self.height, free, cell_polygon);
    }

    /// The vertices of tile `t`'s neighbour across its border `border` on that border, sorted; empty at
    /// the map's edge.
    fn neighbour(&self, t: usize, border: usize) -> &[u32] {
        let (tx, ty) = (t as u32 % self.columns, t as u32 / self.columns);
        let rows = self.tiles.len() as u32 / self.columns;
        let (other, facing) = match border {
            TOP if ty > 0 => (t - self.columns as usize, BOTTOM),
            RIGHT if tx + 1 < self.columns => (t + 1, LEFT),
            BOTTOM if ty + 1 < rows => (t + self.columns as usize, TOP),
            LEFT if tx > 0 => (t - 1, RIGHT),
            _ => return &[],
        };
        &self.tiles[other].border[facing]
    }
}

/// Writes into `split` the `outline` with each side on a border of `area` given the neighbour's vertices
/// strictly inside it, in the side's direction.
fn split_on_seams<'a>(
    outline: &Outline,
    area: CellBox,
    neighbour: &impl Fn(usize) -> &'a [u32],
    split: &mut Outline,
) {
    let n = outline.len();
    split.clear();
    for i in 0..n {
        let ([px, py], [qx, qy]) = (outline[i], outline[(i + 1) % n]);
        split.push([px, py]);
        let (border, from, to) = if py == qy && py == area.y0 {
            (TOP, px, qx)
        } else if px == qx && px == area.x1 {
            (RIGHT, py, qy)
        } else if py == qy && py == area.y1 {
            (BOTTOM, px, qx)
        } else if px == qx && px == area.x0 {
            (LEFT, py, qy)
        } else {
            continue;
        };
        let line = neighbour(border);
        let (lo, hi) = (from.min(to), from.max(to));
        let start = line.partition_point(|&v| v <= lo);
        let end = line.partition_point(|&v| v < hi).max(start);
        let inside = &line[start..end];
        let point = |v: u32| {
            if border == TOP || border == BOTTOM {
                [v, py]
            } else {
                [px, v]
            }
        };
        if from < to {
            split.extend(inside.iter().map(|&v| point(v)));
        } else {
            split.extend(inside.iter().rev().map(|&v| point(v)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_kebab_case_names() {
        use serde::de::{value, Deserialize, IntoDeserializer};
        for kind in MeshKind::ALL {
            let read = MeshKind::deserialize(IntoDeserializer::<value::Error>::into_deserializer(
                kind.name(),
            ));
            assert_eq!(read, Ok(kind));
        }
        let wrong = MeshKind::deserialize(IntoDeserializer::<value::Error>::into_deserializer(
            "Squares",
        ));
        assert!(wrong.is_err());
    }

    #[test]
    fn a_seam_gets_the_neighbours_vertices() {
        // Tiles of 2 on a 4 × 2 map: cell (2, 0) uncovered, so the right tile has a vertex at (2, 1) on
        // the seam x = 2 and the left tile's square side from (2, 0) to (2, 2) must carry it.
        let grid = Grid::from_ascii("..#.\n....").unwrap();
        let builder = MeshBuilder::with_tile_size(&grid, MeshKind::Rectangles, 0.0, 2);
        builder.mesh().check().unwrap();
        assert_eq!(builder.tile_count(), 2);
        let left = builder.mesh().polygon_of_cell(0).unwrap();
        assert_eq!(builder.mesh().polygons[left as usize].vertices.len(), 5);
    }
}
