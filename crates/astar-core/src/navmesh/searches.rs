//! The two mesh searches behind one name each (`navmesh-astar`, `polyanya`), so the CLI, the wasm
//! facade and the benchmark pick one by name and drive it the same way; and the numbers the page shows
//! of a search ([`SearchReport`]).

use super::corridor::MeshAstar;
use super::geometry::{path_length, Point};
use super::mesh::NavMesh;
use super::polyanya::{NodeView, Polyanya};
use super::search::{NavCounters, NavError, NavOutcome, NavStep};

/// Which mesh search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum SearchKind {
    /// A* over polygons, then the funnel ([`super::corridor`]).
    NavmeshAstar,
    /// Polyanya ([`super::polyanya`]): the Euclidean shortest path.
    Polyanya,
}

impl SearchKind {
    /// Both, in the page's menu order.
    pub const ALL: [SearchKind; 2] = [SearchKind::Polyanya, SearchKind::NavmeshAstar];

    /// The name in links, on the command line and in the page's menu.
    pub fn name(self) -> &'static str {
        match self {
            SearchKind::NavmeshAstar => "navmesh-astar",
            SearchKind::Polyanya => "polyanya",
        }
    }

    /// The search named `name`, if any.
    pub fn from_name(name: &str) -> Option<SearchKind> {
        SearchKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// One of the two searches.
#[derive(Clone, Debug)]
pub enum MeshSearch {
    /// Navmesh A* with the funnel.
    NavmeshAstar(MeshAstar),
    /// Polyanya.
    Polyanya(Polyanya),
}

/// What the page shows of a search.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SearchReport {
    /// How it ended, or `None` while it runs.
    pub outcome: Option<NavOutcome>,
    /// Steps taken (polygons or search nodes expanded).
    pub expanded: u64,
    /// Pushed on the open list.
    pub generated: u64,
    /// Popped but dropped.
    pub stale_pops: u64,
    /// The open list's largest size.
    pub open_peak: u64,
    /// The path's length (0 until found).
    pub length: f64,
    /// Points on the path (start, turns, goal).
    pub path_points: u32,
}

impl MeshSearch {
    /// A new search of kind `kind`, nothing begun.
    pub fn new(kind: SearchKind) -> MeshSearch {
        match kind {
            SearchKind::NavmeshAstar => MeshSearch::NavmeshAstar(MeshAstar::new()),
            SearchKind::Polyanya => MeshSearch::Polyanya(Polyanya::new()),
        }
    }

    /// Its kind.
    pub fn kind(&self) -> SearchKind {
        match self {
            MeshSearch::NavmeshAstar(_) => SearchKind::NavmeshAstar,
            MeshSearch::Polyanya(_) => SearchKind::Polyanya,
        }
    }

    /// Starts a search from `start` to `goal`.
    pub fn begin(&mut self, mesh: &NavMesh, start: Point, goal: Point) -> Result<(), NavError> {
        match self {
            MeshSearch::NavmeshAstar(s) => s.begin(mesh, start, goal),
            MeshSearch::Polyanya(s) => s.begin(mesh, start, goal),
        }
    }

    /// One step.
    pub fn step(&mut self, mesh: &NavMesh) -> NavStep {
        match self {
            MeshSearch::NavmeshAstar(s) => s.step(mesh),
            MeshSearch::Polyanya(s) => s.step(mesh),
        }
    }

    /// Steps to the end.
    pub fn run(&mut self, mesh: &NavMesh) -> NavOutcome {
        match self {
            MeshSearch::NavmeshAstar(s) => s.run(mesh),
            MeshSearch::Polyanya(s) => s.run(mesh),
        }
    }

    /// How it ended, or `None` while it runs.
    pub fn outcome(&self) -> Option<NavOutcome> {
        match self {
            MeshSearch::NavmeshAstar(s) => s.outcome(),
            MeshSearch::Polyanya(s) => s.outcome(),
        }
    }

    /// The path, start first (empty until found).
    pub fn path(&self) -> &[Point] {
        match self {
            MeshSearch::NavmeshAstar(s) => s.path(),
            MeshSearch::Polyanya(s) => s.path(),
        }
    }

    /// The counters so far.
    pub fn counters(&self) -> NavCounters {
        match self {
            MeshSearch::NavmeshAstar(s) => s.counters(),
            MeshSearch::Polyanya(s) => s.counters(),
        }
    }

    /// The numbers the page shows.
    pub fn report(&self) -> SearchReport {
        let c = self.counters();
        SearchReport {
            outcome: self.outcome(),
            expanded: c.expanded,
            generated: c.generated,
            stale_pops: c.stale_pops,
            open_peak: c.open_peak,
            length: path_length(self.path()),
            path_points: self.path().len() as u32,
        }
    }

    /// Polyanya's latest node and successors (none for navmesh A*).
    pub fn nodes(&self) -> (Option<NodeView>, &[NodeView]) {
        match self {
            MeshSearch::NavmeshAstar(_) => (None, &[]),
            MeshSearch::Polyanya(s) => (s.last_node(), s.last_successors()),
        }
    }
}
