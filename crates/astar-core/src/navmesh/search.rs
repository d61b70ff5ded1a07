//! What the two mesh searches share: how a step ends, how a search ends, why one cannot begin, and
//! their counters, so the CLI and the page drive navmesh A* and Polyanya the same way (one `step()` at a
//! time, like the grid's engines).

use super::geometry::Point;
use super::mesh::NavMesh;

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum NavOutcome {
    /// A path was found.
    Found,
    /// The goal cannot be reached from the start.
    Unreachable,
}

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NavStep {
    /// One polygon (navmesh A*) or one search node (Polyanya) was expanded; the search goes on.
    Expanded,
    /// The search is over.
    Done(NavOutcome),
}

/// Why a search cannot begin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NavError {
    /// The start is not in the mesh's free space.
    StartNotFree,
    /// The goal is not in the mesh's free space.
    GoalNotFree,
}

/// The counters of a mesh search, in the project's vocabulary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct NavCounters {
    /// Polygons (navmesh A*) or search nodes (Polyanya) popped and expanded.
    pub expanded: u64,
    /// Pushed on the open list.
    pub generated: u64,
    /// Popped but dropped as no better than what was known.
    pub stale_pops: u64,
    /// The open list's largest size.
    pub open_peak: u64,
}

/// Checks that `start` and `goal` lie in `mesh`'s free space (the covered cells' squares, boundaries
/// included).
pub fn check_endpoints(mesh: &NavMesh, start: Point, goal: Point) -> Result<(), NavError> {
    if mesh.polygons_at(start).is_empty() {
        return Err(NavError::StartNotFree);
    }
    if mesh.polygons_at(goal).is_empty() {
        return Err(NavError::GoalNotFree);
    }
    Ok(())
}
