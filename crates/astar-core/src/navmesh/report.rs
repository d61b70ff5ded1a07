//! What the page and the CLI are told about a mesh: its numbers ([`MeshStats`]), and the refusals of a
//! map or a setting the mesh cannot take, as messages ([`MESSAGES`]).

use super::build::tiles::{MeshBuilder, MeshKind};
use crate::grid::Grid;
use crate::message::Message;
use crate::search::registry::has_uniform_cost;

/// The largest unit radius a mesh is built for, in cells (the game scene's too).
pub const MAX_RADIUS: f64 = crate::crowd::clearance::MAX_RADIUS;

/// A mesh's numbers.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MeshStats {
    /// How it was built.
    pub kind: MeshKind,
    /// The unit radius it keeps from the walls, in cells.
    pub radius: f64,
    /// Cells it covers.
    pub free_cells: u32,
    /// Its polygons.
    pub polygons: u32,
    /// Its portals (each counted once).
    pub portals: u32,
    /// Its vertices.
    pub vertices: u32,
    /// Tiles it is built in.
    pub tiles: u32,
    /// Tiles the latest build or rebuild made.
    pub tiles_rebuilt: u32,
    /// The latest build's or rebuild's time, ms (the caller's clock).
    pub build_ms: f64,
    /// Bytes the mesh holds.
    pub memory_bytes: u32,
}

impl MeshStats {
    /// The numbers of `builder`'s mesh, with the latest build's time and tiles.
    pub fn of(builder: &MeshBuilder, build_ms: f64, tiles_rebuilt: u32) -> MeshStats {
        let mesh = builder.mesh();
        MeshStats {
            kind: builder.kind(),
            radius: builder.radius(),
            free_cells: mesh.free.iter().filter(|&&f| f).count() as u32,
            polygons: mesh.polygons.len() as u32,
            portals: mesh.portal_count() as u32,
            vertices: mesh.vertices.len() as u32,
            tiles: builder.tile_count() as u32,
            tiles_rebuilt,
            build_ms,
            memory_bytes: mesh.memory_bytes() as u32,
        }
    }
}

/// Refuses a map the mesh cannot take (terrains of different costs, cells with a penalty or a turn
/// penalty: the grid searches it is compared with would price them and the mesh not) or a radius out of
/// range.
pub fn check_map(grid: &Grid, radius: f64) -> Result<(), Message> {
    if !(0.0..=MAX_RADIUS).contains(&radius) {
        return Err(Message::new("navmesh.bad-radius")
            .num("radius", radius)
            .num("max", MAX_RADIUS));
    }
    if !has_uniform_cost(grid) || grid.penalised_cells() > 0 || grid.penalties().turn_tenths > 0 {
        return Err(Message::new("navmesh.needs-uniform-costs"));
    }
    Ok(())
}

/// The mesh's sentences (see [`crate::message`]).
pub(crate) const MESSAGES: &[(&str, &str)] = &[
    (
        "navmesh.needs-uniform-costs",
        "a navigation mesh needs equal step costs: make road, forest and swamp cost what plain costs",
    ),
    (
        "navmesh.bad-radius",
        "unit radius {radius} is not allowed: it must be from 0 to {max} cells",
    ),
    ("navmesh.unknown-kind", "{name} is not a kind of mesh: use triangles, rectangles or squares"),
    ("navmesh.unknown-search", "{name} is not a mesh search: use polyanya or navmesh-astar"),
    (
        "navmesh.end-not-covered",
        "the {end} ({x}, {y}) is not on the mesh: it is a wall, or nearer a wall than the radius {radius}",
    ),
];
