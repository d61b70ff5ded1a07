//! Navmesh A*: A* over the mesh's polygons, then the funnel that pulls the polygon corridor it found
//! into the shortest path inside that corridor (Mononen's "simple stupid funnel", as in Detour's
//! `findStraightPath`).
//!
//! - **Nodes** are polygons. A polygon's g is measured to its *anchor*, the midpoint of the portal it
//!   was entered through (the start itself for the start's polygons): g adds the straight distances
//!   between consecutive anchors, h is the straight distance from the anchor to the goal. Midpoints
//!   keep a node one point (the way Detour does); the funnel then straightens the path, so the anchors
//!   only choose the corridor, and a corridor through portal midpoints can be a little longer than the
//!   best one: the length over Polyanya's (the optimum) is in `astar bench navmesh`.
//! - **A step** pops one polygon and expands it: its neighbours through each portal (a neighbour's
//!   shared side, which may be several collinear edges, is one portal), and, when it holds the goal, the
//!   goal itself. The search ends when the goal is popped.
//! - **The funnel** walks the corridor's portals with the apex, a left and a right side; where one side
//!   would cross the other, the other's end is a corner of the path and the new apex.

use super::geometry::{cross, path_length, Point};
use super::mesh::{NavMesh, NO_POLYGON};
use super::search::{check_endpoints, NavCounters, NavError, NavOutcome, NavStep};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// The goal, as an entry of the open list.
const GOAL: u32 = u32::MAX - 1;

/// An open-list entry: a polygon (or [`GOAL`]) with the f and g it was pushed with.
#[derive(Clone, Copy, Debug)]
struct Entry {
    f: f64,
    g: f64,
    polygon: u32,
}

impl PartialEq for Entry {
    fn eq(&self, other: &Entry) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Entry) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    /// Reversed (the heap pops the least f first), ties to the larger g (deeper first).
    fn cmp(&self, other: &Entry) -> Ordering {
        other.f.total_cmp(&self.f).then(self.g.total_cmp(&other.g))
    }
}

/// A portal: the side shared with a neighbour, as the walker leaving a polygon sees it.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Portal {
    /// Its end on the walker's left.
    pub left: Point,
    /// Its end on the walker's right.
    pub right: Point,
}

/// Navmesh A* with the funnel, one polygon a step (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct MeshAstar {
    start: Point,
    goal: Point,
    g: Vec<f64>,
    anchor: Vec<Point>,
    parent: Vec<u32>,
    closed: Vec<bool>,
    open: BinaryHeap<Entry>,
    goal_g: f64,
    goal_parent: u32,
    counters: NavCounters,
    outcome: Option<NavOutcome>,
    last_expanded: Option<u32>,
    last_generated: Vec<u32>,
    corridor: Vec<u32>,
    portals: Vec<Portal>,
    path: Vec<Point>,
}

impl MeshAstar {
    /// A search with nothing begun.
    pub fn new() -> MeshAstar {
        MeshAstar::default()
    }

    /// Starts a search on `mesh` from `start` to `goal` (points in its free space), dropping any other.
    pub fn begin(&mut self, mesh: &NavMesh, start: Point, goal: Point) -> Result<(), NavError> {
        check_endpoints(mesh, start, goal)?;
        let n = mesh.polygons.len();
        *self = MeshAstar {
            start,
            goal,
            g: vec![f64::INFINITY; n],
            anchor: vec![Point::default(); n],
            parent: vec![NO_POLYGON; n],
            closed: vec![false; n],
            goal_g: f64::INFINITY,
            goal_parent: NO_POLYGON,
            open: std::mem::take(&mut self.open),
            corridor: std::mem::take(&mut self.corridor),
            portals: std::mem::take(&mut self.portals),
            path: std::mem::take(&mut self.path),
            ..MeshAstar::default()
        };
        self.open.clear();
        self.corridor.clear();
        self.portals.clear();
        self.path.clear();
        for polygon in mesh.polygons_at(start) {
            self.g[polygon as usize] = 0.0;
            self.anchor[polygon as usize] = start;
            self.push(polygon, 0.0, start.distance(goal));
        }
        Ok(())
    }

    fn push(&mut self, polygon: u32, g: f64, h: f64) {
        self.open.push(Entry {
            f: g + h,
            g,
            polygon,
        });
        self.counters.generated += 1;
        self.counters.open_peak = self.counters.open_peak.max(self.open.len() as u64);
    }

    /// Expands one polygon, or finishes.
    pub fn step(&mut self, mesh: &NavMesh) -> NavStep {
        if let Some(outcome) = self.outcome {
            return NavStep::Done(outcome);
        }
        loop {
            let Some(entry) = self.open.pop() else {
                return self.finish(mesh, NavOutcome::Unreachable);
            };
            if entry.polygon == GOAL {
                return self.finish(mesh, NavOutcome::Found);
            }
            let p = entry.polygon as usize;
            if self.closed[p] || entry.g > self.g[p] {
                self.counters.stale_pops += 1;
                continue;
            }
            self.expand(mesh, entry.polygon);
            return NavStep::Expanded;
        }
    }

    fn expand(&mut self, mesh: &NavMesh, polygon: u32) {
        let p = polygon as usize;
        self.closed[p] = true;
        self.last_expanded = Some(polygon);
        self.last_generated.clear();
        self.counters.expanded += 1;
        let (g, anchor) = (self.g[p], self.anchor[p]);
        if mesh.contains(polygon, self.goal) {
            let total = g + anchor.distance(self.goal);
            if total < self.goal_g {
                self.goal_g = total;
                self.goal_parent = polygon;
                self.open.push(Entry {
                    f: total,
                    g: total,
                    polygon: GOAL,
                });
                self.counters.generated += 1;
            }
        }
        for (neighbour, portal) in portals_of(mesh, polygon) {
            let q = neighbour as usize;
            if self.closed[q] {
                continue;
            }
            let at = portal.left.lerp(portal.right, 0.5);
            let ng = g + anchor.distance(at);
            if ng < self.g[q] {
                self.g[q] = ng;
                self.anchor[q] = at;
                self.parent[q] = polygon;
                self.last_generated.push(neighbour);
                self.push(neighbour, ng, at.distance(self.goal));
            }
        }
    }

    fn finish(&mut self, mesh: &NavMesh, outcome: NavOutcome) -> NavStep {
        self.outcome = Some(outcome);
        if outcome == NavOutcome::Found {
            let mut at = self.goal_parent;
            while at != NO_POLYGON {
                self.corridor.push(at);
                at = self.parent[at as usize];
            }
            self.corridor.reverse();
            self.portals.push(Portal {
                left: self.start,
                right: self.start,
            });
            for pair in self.corridor.windows(2) {
                let portal = portals_of(mesh, pair[0])
                    .find(|&(n, _)| n == pair[1])
                    .map(|(_, p)| p);
                self.portals
                    .push(portal.expect("consecutive corridor polygons share a portal"));
            }
            self.portals.push(Portal {
                left: self.goal,
                right: self.goal,
            });
            self.path = funnel(&self.portals);
        }
        NavStep::Done(outcome)
    }

    /// Steps until the search finishes.
    pub fn run(&mut self, mesh: &NavMesh) -> NavOutcome {
        loop {
            if let NavStep::Done(outcome) = self.step(mesh) {
                return outcome;
            }
        }
    }

    /// How the search ended, or `None` while it runs.
    pub fn outcome(&self) -> Option<NavOutcome> {
        self.outcome
    }

    /// The funnelled path, start first (empty until found).
    pub fn path(&self) -> &[Point] {
        &self.path
    }

    /// The funnelled path's length (0 until found).
    pub fn length(&self) -> f64 {
        path_length(&self.path)
    }

    /// The length through the portal midpoints that A* minimised (infinite until found).
    pub fn anchor_length(&self) -> f64 {
        self.goal_g
    }

    /// The polygons from the start's to the goal's (empty until found).
    pub fn corridor(&self) -> &[u32] {
        &self.corridor
    }

    /// The portals the funnel walked: the start, the corridor's portals, the goal (empty until found).
    pub fn portals(&self) -> &[Portal] {
        &self.portals
    }

    /// The counters so far.
    pub fn counters(&self) -> NavCounters {
        self.counters
    }

    /// The polygon expanded by the latest step.
    pub fn last_expanded(&self) -> Option<u32> {
        self.last_expanded
    }

    /// The polygons the latest step reached or reached more cheaply.
    pub fn last_generated(&self) -> &[u32] {
        &self.last_generated
    }

    /// True when polygon `polygon` has been expanded.
    pub fn is_closed(&self, polygon: u32) -> bool {
        self.closed.get(polygon as usize).copied().unwrap_or(false)
    }

    /// The best g known for polygon `polygon`, if it was reached.
    pub fn g(&self, polygon: u32) -> Option<f64> {
        self.g
            .get(polygon as usize)
            .copied()
            .filter(|g| g.is_finite())
    }

    /// The anchor polygon `polygon`'s g is measured to, if it was reached.
    pub fn anchor(&self, polygon: u32) -> Option<Point> {
        self.g(polygon).map(|_| self.anchor[polygon as usize])
    }
}

/// The portals of `polygon`: per neighbour, its shared side (consecutive edges with that neighbour,
/// which are collinear, as two convex polygons share a straight side), as the walker leaving sees it.
pub fn portals_of(mesh: &NavMesh, polygon: u32) -> impl Iterator<Item = (u32, Portal)> + '_ {
    let poly = &mesh.polygons[polygon as usize];
    let n = poly.vertices.len();
    // Begin after a change of neighbour, so no shared side is cut in two by the wrap-around.
    let first = (0..n)
        .find(|&i| poly.neighbours[i] != poly.neighbours[(i + n - 1) % n])
        .unwrap_or(0);
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < n {
            let edge = (first + i) % n;
            let neighbour = poly.neighbours[edge];
            let mut last = edge;
            i += 1;
            while i < n && poly.neighbours[(first + i) % n] == neighbour {
                last = (first + i) % n;
                i += 1;
            }
            if neighbour != NO_POLYGON {
                let (left, _) = poly.edge(edge);
                let (_, right) = poly.edge(last);
                return Some((
                    neighbour,
                    Portal {
                        left: mesh.point(left),
                        right: mesh.point(right),
                    },
                ));
            }
        }
        None
    })
}

/// The shortest path through `portals` in order (the first and last being the start and the goal as
/// portals of no width): the simple stupid funnel.
pub fn funnel(portals: &[Portal]) -> Vec<Point> {
    let Some(first) = portals.first() else {
        return Vec::new();
    };
    let mut path = vec![first.left];
    let (mut apex, mut left, mut right) = (first.left, first.left, first.right);
    let (mut left_at, mut right_at) = (0, 0);
    let mut i = 1;
    while i < portals.len() {
        let Portal {
            left: new_left,
            right: new_right,
        } = portals[i];
        // The right side moves in when the new right end is left of it (or on it).
        if cross(apex, right, new_right) <= 0.0 {
            if apex == right || cross(apex, left, new_right) > 0.0 {
                right = new_right;
                right_at = i;
            } else {
                // It would cross the left side: the left end is a corner.
                apex = left;
                path.push(apex);
                (right, right_at) = (apex, left_at);
                i = left_at + 1;
                continue;
            }
        }
        if cross(apex, left, new_left) >= 0.0 {
            if apex == left || cross(apex, right, new_left) < 0.0 {
                left = new_left;
                left_at = i;
            } else {
                apex = right;
                path.push(apex);
                (left, left_at) = (apex, right_at);
                i = right_at + 1;
                continue;
            }
        }
        i += 1;
    }
    let goal = portals[portals.len() - 1].left;
    path.push(goal);
    path.dedup();
    path
}
