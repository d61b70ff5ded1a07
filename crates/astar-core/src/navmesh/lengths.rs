//! How far the other ways of finding a path are from the shortest: the lengths the page's mesh card and
//! `astar bench navmesh` compare, all from the start cell's centre to the goal cell's, in cells.
//!
//! The grid searches run with the Moving AI model (8 neighbours, no corner cutting, octile, w = 1), whose
//! moves are segments the mesh allows, so none of them can be shorter than Polyanya's path.

use super::geometry::Point;
use super::mesh::NavMesh;
use super::search::NavOutcome;
use super::searches::{MeshSearch, SearchKind};
use crate::formats::movingai::PARAMS;
use crate::grid::Grid;
use crate::search::{make, Outcome, SearchParams};
use crate::smooth::{polyline_length, smooth_path};

/// The lengths of one problem (`None` where that way found no path or does not run here).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Lengths {
    /// Polyanya's: the shortest.
    pub polyanya: Option<f64>,
    /// Navmesh A* with the funnel.
    pub navmesh_astar: Option<f64>,
    /// Theta* on the grid.
    pub theta: Option<f64>,
    /// Grid A*'s path pulled straight (the page's smoothing).
    pub smoothed: Option<f64>,
    /// Grid A*'s optimum (octile).
    pub grid: Option<f64>,
}

/// The length `kind` finds on `mesh` between two points, if it finds a path.
pub fn mesh_length(mesh: &NavMesh, kind: SearchKind, start: Point, goal: Point) -> Option<f64> {
    let mut search = MeshSearch::new(kind);
    search.begin(mesh, start, goal).ok()?;
    (search.run(mesh) == NavOutcome::Found).then(|| search.report().length)
}

/// Every length of the problem from cell `start` to cell `goal` of `grid`, whose mesh is `mesh`.
pub fn lengths(grid: &Grid, mesh: &NavMesh, start: u32, goal: u32) -> Lengths {
    let point = |cell: u32| Point::cell_centre(cell % grid.width(), cell / grid.width());
    let (a, b) = (point(start), point(goal));
    let mut grid_path = None;
    let astar = solve(grid, &PARAMS, start, goal).map(|(cost, path)| {
        grid_path = Some(path);
        cost
    });
    Lengths {
        polyanya: mesh_length(mesh, SearchKind::Polyanya, a, b),
        navmesh_astar: mesh_length(mesh, SearchKind::NavmeshAstar, a, b),
        theta: theta_length(grid, start, goal),
        smoothed: grid_path.map(|path| polyline_length(grid, &smooth_path(grid, &path))),
        grid: astar,
    }
}

/// The cost and path of a one-call solve, if it finds one.
fn solve(grid: &Grid, params: &SearchParams, start: u32, goal: u32) -> Option<(f64, Vec<u32>)> {
    let mut engine = make(params.algorithm);
    let result = engine.solve(grid, params, start, goal).ok()?;
    (result.outcome == Outcome::Found).then(|| (crate::cost::to_f64(result.cost), result.path))
}

#[cfg(feature = "theta")]
fn theta_length(grid: &Grid, start: u32, goal: u32) -> Option<f64> {
    let params = SearchParams {
        algorithm: crate::Algorithm::ThetaStar,
        heuristic: crate::heuristic::Heuristic::Euclidean,
        ..PARAMS
    };
    solve(grid, &params, start, goal).map(|(_, path)| polyline_length(grid, &path))
}

#[cfg(not(feature = "theta"))]
fn theta_length(_grid: &Grid, _start: u32, _goal: u32) -> Option<f64> {
    None
}
