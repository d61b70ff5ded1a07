//! Beyond the grid (seeds 000, 001 and 004): a navigation mesh built from the map's walls, and the two
//! searches on it, A* over polygons with the funnel ([`corridor`]) and Polyanya ([`polyanya`]), whose
//! paths are the true Euclidean shortest paths around the walls.
//!
//! Geometry, the same in the whole module: a point is `(x, y)` in cells with the **corners** of cells on
//! whole numbers, so cell `(cx, cy)` is the square `[cx, cx + 1] × [cy, cy + 1]` and its centre is
//! `(cx + ½, cy + ½)` (the game scene's [`crate::crowd`] puts centres on whole numbers instead: add ½
//! to go from there to here). The free space is the union of the passable cells' squares; outside the
//! map is wall. Two passable cells that touch only at a corner, between two walls, do not connect there
//! (the mesh has no edge between them), as the grid's corner rule keeps a unit from squeezing through.
//!
//! - [`mesh`]: the mesh ([`NavMesh`]): vertices on cell corners, convex polygons, portals; its checks.
//! - [`build`]: the builders: unit squares (one polygon a cell, for tests), rectangles merged from cells,
//!   and constrained Delaunay triangles merged into convex polygons; tiled, so an edit rebuilds only the
//!   tiles it touches; walls inflated by a unit's radius first.
//! - [`corridor`]: navmesh A* (one polygon a step) and the funnel that pulls its corridor straight.
//! - [`polyanya`]: Polyanya (Cui, Harabor and Grastien, IJCAI 2017), one search node a step.
//! - [`search`]: what both searches share (steps, outcomes, errors, counters); [`searches`]: either
//!   one by name.
//! - [`lengths`]: the lengths of the other ways (Theta*, grid A*, with smoothing) beside the mesh's.
//! - [`report`]: a mesh's numbers and the refusals of maps it cannot take.
//! - [`visibility`]: the exact shortest path by a visibility graph over wall corners: the tests' oracle.

pub mod build;
pub mod corridor;
pub mod geometry;
pub mod lengths;
pub mod mesh;
pub mod polyanya;
pub mod report;
pub mod search;
pub mod searches;
pub mod visibility;

pub use geometry::Point;
pub use mesh::{NavMesh, Polygon, NO_POLYGON};
