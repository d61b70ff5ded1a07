//! Polyanya: optimal any-angle search on a navigation mesh (Cui, Harabor and Grastien, "Compromise-free
//! Pathfinding on a Navigation Mesh", IJCAI 2017). Its paths are the true Euclidean shortest paths
//! around the walls, found without any preprocessing beyond the mesh.
//!
//! # The algorithm in plain words
//!
//! A shortest path is straight except where it bends round a wall corner. So instead of points,
//! Polyanya searches *intervals*: a search node is a **root** (the start, or the wall corner where the
//! path last turned), an **interval** `[left, right]` on an edge of the mesh that the root sees in full,
//! and the **polygon** beyond that edge, which the path enters next. Every point of the interval is
//! reached by one straight segment from the root, so the node stands for all of them at once.
//!
//! Expanding a node projects the interval through its polygon: the rays from the root through `right`
//! and through `left` cut the polygon's far side into three stretches.
//!
//! ```text
//!                c2 _______ c3 _______ c4
//!                  |   \             / |     the far side, walked from c0 (the edge's right end)
//!   right non-     |    \ observable/  |     round to c6 (its left end); y up here, as in the paper
//!   observable     c1    \         /   c5    (on the page, y down, left and right swap)
//!   (root c0)      |      \       /    |     left non-observable (root c6)
//!                  c0 ---- R --- L ---- c6
//!                           \   /            the entry edge: the interval [L, R]
//!                            root
//! ```
//!
//! - The **observable** stretch, between the two rays, is seen from the root: each edge piece of it is
//!   a successor with the same root and the same g.
//! - The stretches outside the rays are **non-observable**: a path to them must bend round an end of
//!   the interval. That is possible only when the end *is* the edge's vertex and a **corner** (a vertex
//!   touching a wall, [`NavMesh::corner`]); then each piece is a successor whose root is that vertex,
//!   with `g` grown by the distance to it. An end in the middle of an edge, or a vertex with free space
//!   all round, has nothing to bend round, so those stretches are left out.
//! - Pieces across a wall edge are dropped, and so are pieces into a *dead end* (a polygon with no other
//!   way out, unless the goal is in it): a shortest path never goes in and out through the same edge.
//!
//! Each node is ordered by `f = g + h`, where `h` is the length of the shortest way from the root
//! through the interval to the goal: straight when the line from the root to the goal crosses the
//! interval, through the nearer end otherwise; when the goal is on the root's side of the interval's
//! line, it is first mirrored across that line (the path must cross the line and come back). `h` never
//! overestimates, so the first node popped whose polygon holds the goal gives the optimal path: its root
//! chain, then the interval's end if the goal is outside the rays, then the goal.
//!
//! **Root-level pruning**: the best g found per root vertex is kept; a node whose root vertex was
//! reached more cheaply (by more than [`EPSILON`]) is dropped, when generated and again when popped. The
//! node on the optimal path through that vertex has its optimal g, so it always survives.
//!
//! # Start and special cases
//!
//! - The start is wrapped in one **start node** a polygon holding it (several when it is on an edge or a
//!   vertex), with the empty interval `[start, start]`; expanding it makes every edge of its polygon an
//!   observable successor, except the edges holding the start (they lead to polygons that hold the
//!   start too, and have their own start nodes).
//! - A start equal to the goal, or in a polygon that also holds the goal, is answered in
//!   [`Polyanya::begin`] without a step: a one- or two-point path.
//! - **Collinear nodes**: when the root is on the interval's line (an edge seen edge-on, or a root that
//!   is an end of the interval), nothing of the polygon is seen past the interval except from its
//!   nearer end. If that end is a corner vertex, the whole polygon is seen from it (it is one of the
//!   polygon's vertices) and every other edge becomes a successor rooted there; otherwise the node has
//!   no successors. This is how the search fans out round a corner it turned at (the fan stops at the
//!   walls the corner touches), and how it follows a ray that runs along a polygon's side through
//!   collinear vertices: each edge along the ray is observable, edge-on, and turns at its nearer end.
//!
//! # Numbers
//!
//! Vertices are whole numbers, but roots may be any point (the start) and interval ends are computed
//! intersections, so geometry is `f64` with one tolerance, [`EPSILON`] (in cells): a point closer than
//! that to a ray counts as on it (so an interval end lands *exactly* on a vertex instead of a hair off
//! it, and the non-observable successors that need "the end is the vertex" are not lost), and a g within
//! that of the best known for a root vertex is not pruned (the same length summed in another order may
//! differ in its last bits). On maps of a few thousand cells a side, rounding errors are around `1e-10`,
//! well inside it.
//!
//! # Data layout
//!
//! The open list is a binary heap of search nodes (copied by value, about 90 bytes); the root chain is a
//! list of *links* (a turning point and the index of the link before it), which nodes point into, so a
//! path is read back by following links. Per vertex, the best g as a root and two stamps (reached,
//! closed) tagged with the search's number, so beginning a search does not clear them. Every buffer is
//! kept between steps and searches: the hot path does not allocate once the buffers have grown.
//!
//! # Example
//! ```
//! use astar_core::navmesh::build::squares;
//! use astar_core::navmesh::polyanya::Polyanya;
//! use astar_core::navmesh::search::NavOutcome;
//! use astar_core::navmesh::Point;
//! // . . .
//! // . # .     from the top-left centre to the bottom-right centre, round the wall's corner
//! // . . .
//! let free = [true, true, true, true, false, true, true, true, true];
//! let mesh = squares(3, 3, &free);
//! let mut search = Polyanya::new();
//! search.begin(&mesh, Point::new(0.5, 0.5), Point::new(2.5, 2.5)).unwrap();
//! assert_eq!(search.run(&mesh), NavOutcome::Found);
//! assert_eq!(search.path().len(), 3); // start, one wall corner, goal
//! assert!((search.length() - 2.0 * 2.5f64.sqrt()).abs() < 1e-9); // via the corner (2, 1)
//! ```

use super::geometry::{cross, path_length, Point};
use super::mesh::{NavMesh, NO_POLYGON};
use super::search::{check_endpoints, NavCounters, NavError, NavOutcome, NavStep};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// The geometric tolerance, in cells: a point closer than this to a ray counts as on it, and a g within
/// this of a root vertex's best is not pruned (see the module doc, "Numbers").
pub const EPSILON: f64 = 1e-8;

/// No vertex: the root of a node rooted at the start, or the edge of a start node.
const NO_VERTEX: u32 = u32::MAX;

/// No link: the parent of the start's link.
const NO_LINK: u32 = u32::MAX;

/// A search node as the page draws it: the root, the interval's ends and the polygon beyond.
///
/// `right` is the end of the interval the polygon's vertex order continues from: standing at the root
/// and facing the polygon, it is on the right with y up (as in the paper), on the left on screen.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NodeView {
    /// The start, or the corner where the path last turned.
    pub root: Point,
    /// One end of the interval (both ends are the start for a start node).
    pub left: Point,
    /// The other end of the interval.
    pub right: Point,
    /// The polygon beyond the interval, which the path enters next.
    pub polygon: u32,
    /// `g + h`: no path through this node is shorter.
    pub f: f64,
    /// The length of the path from the start to the root.
    pub g: f64,
}

/// A search node: a root, an interval it sees on an edge, and the polygon beyond the edge.
#[derive(Clone, Copy, Debug)]
struct Node {
    root: Point,
    /// The root's vertex, or [`NO_VERTEX`] for the start.
    root_vertex: u32,
    /// The root's entry in [`Polyanya::links`].
    link: u32,
    left: Point,
    right: Point,
    /// The edge the interval lies on: `left_vertex → right_vertex` is an edge of `polygon`, in its order
    /// (both [`NO_VERTEX`] for a start node). `left` lies towards `left_vertex`, `right` towards
    /// `right_vertex`.
    left_vertex: u32,
    right_vertex: u32,
    polygon: u32,
    g: f64,
    f: f64,
}

impl Node {
    fn view(&self) -> NodeView {
        NodeView {
            root: self.root,
            left: self.left,
            right: self.right,
            polygon: self.polygon,
            f: self.f,
            g: self.g,
        }
    }

    fn is_start_node(&self) -> bool {
        self.left_vertex == NO_VERTEX
    }
}

// The heap pops the lowest f first, then the highest g (the deeper node: nearer the goal for equal f).
impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Node {}

impl PartialOrd for Node {
    fn partial_cmp(&self, other: &Node) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Node {
    fn cmp(&self, other: &Node) -> Ordering {
        other.f.total_cmp(&self.f).then(self.g.total_cmp(&other.g))
    }
}

/// A root a successor hangs from: the parent's (observable) or an end of the parent's interval (turned).
#[derive(Clone, Copy, Debug)]
struct Root {
    point: Point,
    vertex: u32,
    link: u32,
    g: f64,
}

impl Root {
    fn of(node: &Node) -> Root {
        Root {
            point: node.root,
            vertex: node.root_vertex,
            link: node.link,
            g: node.g,
        }
    }
}

/// One turning point of a path: the point and the link of the turn before it.
#[derive(Clone, Copy, Debug)]
struct Link {
    point: Point,
    parent: u32,
}

/// What the search knows of a vertex as a root, tagged with the search's number.
#[derive(Clone, Copy, Debug, Default)]
struct RootRecord {
    /// The best g a node rooted here had, when `reached` is the current search.
    best_g: f64,
    reached: u32,
    /// The current search's number once a node rooted here was expanded.
    closed: u32,
}

/// Polyanya, one search node a step (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct Polyanya {
    start: Point,
    goal: Point,
    /// The polygons holding the goal (one inside a polygon, more on its boundary).
    goal_polygons: Vec<u32>,
    open: BinaryHeap<Node>,
    /// The turning points of every path the search holds; [`Node::link`] indexes it, entry 0 is the start.
    links: Vec<Link>,
    /// Indexed by vertex id.
    roots: Vec<RootRecord>,
    /// The search's number, which the stamps in `roots` are compared with.
    search_id: u32,
    outcome: Option<NavOutcome>,
    path: Vec<Point>,
    length: f64,
    counters: NavCounters,
    last_node: Option<NodeView>,
    last_successors: Vec<NodeView>,
    closed_roots: Vec<Point>,
    /// The successors of the node being expanded, not yet on the open list (see [`Polyanya::step`]).
    fresh: Vec<Node>,
    /// The polygons of the intermediate nodes the latest step expanded at once, in order.
    last_passed: Vec<u32>,
}

impl Polyanya {
    /// An idle search: call [`Polyanya::begin`].
    pub fn new() -> Polyanya {
        Polyanya::default()
    }

    /// Begins a search from `start` to `goal` on `mesh`, forgetting the previous one.
    ///
    /// - `start`, `goal`: points of the mesh's free space (inside a polygon, on a portal or a vertex), or
    ///   [`NavError::StartNotFree`] / [`NavError::GoalNotFree`] (and the search is left empty: a step
    ///   reports [`NavOutcome::Unreachable`]).
    /// - `mesh` must be the one every later [`Polyanya::step`] gets.
    ///
    /// A start equal to the goal, or sharing a polygon with it, is answered here: the outcome is
    /// [`NavOutcome::Found`] and the path is `[start]` or `[start, goal]`, without a step.
    pub fn begin(&mut self, mesh: &NavMesh, start: Point, goal: Point) -> Result<(), NavError> {
        self.reset(mesh);
        check_endpoints(mesh, start, goal)?;
        self.start = start;
        self.goal = goal;
        self.goal_polygons = mesh.polygons_at(goal);
        self.links.push(Link {
            point: start,
            parent: NO_LINK,
        });
        let start_polygons = mesh.polygons_at(start);
        if start == goal
            || start_polygons
                .iter()
                .any(|p| self.goal_polygons.contains(p))
        {
            self.path.push(start);
            if start != goal {
                self.path.push(goal);
            }
            self.length = path_length(&self.path);
            self.outcome = Some(NavOutcome::Found);
            return Ok(());
        }
        let f = start.distance(goal);
        for polygon in start_polygons {
            self.push(Node {
                root: start,
                root_vertex: NO_VERTEX,
                link: 0,
                left: start,
                right: start,
                left_vertex: NO_VERTEX,
                right_vertex: NO_VERTEX,
                polygon,
                g: 0.0,
                f,
            });
        }
        self.open_fresh();
        Ok(())
    }

    /// Forgets the previous search; sizes the per-vertex records for `mesh`.
    fn reset(&mut self, mesh: &NavMesh) {
        self.open.clear();
        self.fresh.clear();
        self.links.clear();
        self.path.clear();
        self.goal_polygons.clear();
        self.length = 0.0;
        self.outcome = None;
        self.counters = NavCounters::default();
        self.last_node = None;
        self.last_successors.clear();
        self.last_passed.clear();
        self.closed_roots.clear();
        if self.roots.len() != mesh.vertices.len() || self.search_id == u32::MAX {
            self.roots = vec![RootRecord::default(); mesh.vertices.len()];
            self.search_id = 0;
        }
        self.search_id += 1;
    }

    /// Pops the best node and expands it: one step. Nodes dropped by root-level pruning are popped on
    /// the way without counting as a step ([`NavCounters::stale_pops`]). When the expansion leaves one
    /// successor with the same root (the interval seen on through the next polygon), that one is
    /// expanded in the same step, and so on (the paper's intermediate pruning: on random512-25-0, 41%
    /// of expansions had such a lone successor); [`Polyanya::last_node`] stays the node popped, and
    /// [`Polyanya::last_successors`] are the nodes the step put on the open list, the chain's last
    /// node's successors. Once the search is over, every call returns the same [`NavStep::Done`].
    pub fn step(&mut self, mesh: &NavMesh) -> NavStep {
        if let Some(outcome) = self.outcome {
            return NavStep::Done(outcome);
        }
        self.last_node = None;
        self.last_successors.clear();
        self.last_passed.clear();
        while let Some(node) = self.open.pop() {
            if self.is_dominated(&node) {
                self.counters.stale_pops += 1;
                continue;
            }
            self.counters.expanded += 1;
            self.last_node = Some(node.view());
            self.close_root(&node);
            if self.goal_polygons.contains(&node.polygon) {
                self.finish(&node);
                return NavStep::Done(NavOutcome::Found);
            }
            self.expand(mesh, &node);
            // Intermediate pruning: a lone successor with the same root (and so the same g, and an f no
            // lower) is expanded at once instead of going through the open list, unless the goal is in
            // its polygon (the final node must be popped as the best).
            let mut node = node;
            while let [next] = self.fresh[..] {
                if next.root_vertex != node.root_vertex
                    || next.link != node.link
                    || self.goal_polygons.contains(&next.polygon)
                {
                    break;
                }
                self.fresh.clear();
                self.last_successors.clear();
                self.last_passed.push(next.polygon);
                self.expand(mesh, &next);
                node = next;
            }
            self.open_fresh();
            return NavStep::Expanded;
        }
        self.outcome = Some(NavOutcome::Unreachable);
        NavStep::Done(NavOutcome::Unreachable)
    }

    /// Steps to the end and returns the outcome (the same as stepping one by one).
    pub fn run(&mut self, mesh: &NavMesh) -> NavOutcome {
        loop {
            if let NavStep::Done(outcome) = self.step(mesh) {
                return outcome;
            }
        }
    }

    /// How the search ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<NavOutcome> {
        self.outcome
    }

    /// The path found: the start, the corners it turns at, the goal (empty until found).
    pub fn path(&self) -> &[Point] {
        &self.path
    }

    /// The path's Euclidean length (0 until found).
    pub fn length(&self) -> f64 {
        self.length
    }

    /// The counters so far: `expanded` counts popped nodes that were not pruned (the final one included),
    /// one a step, `generated` every node pushed (start nodes included); an intermediate node expanded
    /// at once in a step (see [`Polyanya::step`]) is in neither.
    pub fn counters(&self) -> NavCounters {
        self.counters
    }

    /// The node the latest step popped and expanded (`None` before the first step).
    pub fn last_node(&self) -> Option<NodeView> {
        self.last_node
    }

    /// The successors the latest step generated (pushed on the open list), or after
    /// [`Polyanya::begin`] the start nodes.
    pub fn last_successors(&self) -> &[NodeView] {
        &self.last_successors
    }

    /// The polygons of the intermediate nodes the latest step expanded along with the node it popped
    /// (see [`Polyanya::step`]), in the order expanded: empty when it expanded the popped one only.
    pub fn last_passed(&self) -> &[u32] {
        &self.last_passed
    }

    /// The roots of the nodes expanded so far (the start first), each once, in the order first expanded.
    pub fn closed_roots(&self) -> &[Point] {
        &self.closed_roots
    }

    /// True when `node`'s root vertex was reached more cheaply than `node.g` (root-level pruning).
    fn is_dominated(&self, node: &Node) -> bool {
        if node.root_vertex == NO_VERTEX {
            return false;
        }
        let record = self.roots[node.root_vertex as usize];
        record.reached == self.search_id && record.best_g + EPSILON < node.g
    }

    /// Records `g` for `vertex` as a root: false (prune) when it was reached more cheaply.
    fn claim_root(&mut self, vertex: u32, g: f64) -> bool {
        let id = self.search_id;
        let record = &mut self.roots[vertex as usize];
        if record.reached == id {
            if record.best_g + EPSILON < g {
                return false;
            }
            record.best_g = record.best_g.min(g);
        } else {
            record.reached = id;
            record.best_g = g;
        }
        true
    }

    /// Notes `node`'s root among the closed roots (the drawing's), once.
    fn close_root(&mut self, node: &Node) {
        let first = if node.root_vertex == NO_VERTEX {
            self.closed_roots.is_empty()
        } else {
            let record = &mut self.roots[node.root_vertex as usize];
            let first = record.closed != self.search_id;
            record.closed = self.search_id;
            first
        };
        if first {
            self.closed_roots.push(node.root);
        }
    }

    /// Keeps `node` among the fresh successors, which go on the open list together
    /// ([`Polyanya::open_fresh`]) unless the lone one is expanded at once ([`Polyanya::step`]).
    fn push(&mut self, node: Node) {
        self.last_successors.push(node.view());
        self.fresh.push(node);
    }

    /// Puts the fresh successors on the open list and counts them.
    fn open_fresh(&mut self) {
        self.counters.generated += self.fresh.len() as u64;
        self.open.extend(self.fresh.drain(..));
        self.counters.open_peak = self.counters.open_peak.max(self.open.len() as u64);
    }

    /// The path of the final node `node`, whose polygon holds the goal.
    fn finish(&mut self, node: &Node) {
        let (root, goal) = (node.root, self.goal);
        let outside_left = cross(root, node.left, goal) > EPSILON * root.distance(node.left);
        let outside_right = cross(root, node.right, goal) < -EPSILON * root.distance(node.right);
        self.path.clear();
        self.path.push(goal);
        if outside_left {
            self.path.push(node.left);
        } else if outside_right {
            self.path.push(node.right);
        }
        let mut link = node.link;
        while link != NO_LINK {
            let Link { point, parent } = self.links[link as usize];
            if self.path.last() != Some(&point) {
                self.path.push(point);
            }
            link = parent;
        }
        self.path.reverse();
        self.length = path_length(&self.path);
        self.outcome = Some(NavOutcome::Found);
    }

    /// Generates `node`'s successors.
    fn expand(&mut self, mesh: &NavMesh, node: &Node) {
        if node.is_start_node() {
            self.expand_start(mesh, node);
            return;
        }
        let (root, left, right) = (node.root, node.left, node.right);
        let tolerance = EPSILON * root.distance(left).max(root.distance(right));
        if root == left || root == right || cross(root, right, left) <= tolerance {
            self.expand_collinear(mesh, node);
        } else {
            self.expand_cone(mesh, node);
        }
    }

    /// A start node: every edge of its polygon that does not hold the start (an edge that does leads
    /// to another polygon holding the start, which has its own start node). An edge in line with the
    /// start but beside it is seen edge-on: a collinear node, turning at its nearer end.
    fn expand_start(&mut self, mesh: &NavMesh, node: &Node) {
        let polygon = &mesh.polygons[node.polygon as usize];
        let root = Root::of(node);
        for i in 0..polygon.vertices.len() {
            let (a, b) = polygon.edge(i);
            let (pa, pb) = (mesh.point(a), mesh.point(b));
            if !on_segment(root.point, pa, pb) {
                self.generate(mesh, node.polygon, i, pa, pb, root);
            }
        }
    }

    /// A node whose root is on its interval's line: every other edge of the polygon, seen from the
    /// interval's nearer end if that is a corner vertex (see the module doc).
    fn expand_collinear(&mut self, mesh: &NavMesh, node: &Node) {
        let root = node.root;
        let left_is_nearer = root == node.left
            || (root != node.right && root.distance(node.left) < root.distance(node.right));
        let (near, vertex) = if left_is_nearer {
            (node.left, node.left_vertex)
        } else {
            (node.right, node.right_vertex)
        };
        if near != mesh.point(vertex) || !mesh.corner[vertex as usize] {
            return;
        }
        let new_root = if node.root_vertex == vertex {
            Root::of(node)
        } else {
            match self.turn_at(node, vertex, near) {
                Some(turned) => turned,
                None => return,
            }
        };
        let polygon = &mesh.polygons[node.polygon as usize];
        for i in 0..polygon.vertices.len() {
            let (a, b) = polygon.edge(i);
            if a != node.left_vertex {
                self.generate(
                    mesh,
                    node.polygon,
                    i,
                    mesh.point(a),
                    mesh.point(b),
                    new_root,
                );
            }
        }
    }

    /// A node whose root sees its interval at an angle: the far side of the polygon, cut by the rays
    /// through the interval's ends into right non-observable, observable and left non-observable
    /// stretches (the module doc's picture). A far edge lying along a ray (possible only where the ray
    /// runs along the polygon's side, through collinear vertices) is observable, edge-on: its node is a
    /// collinear one, which turns at the edge's nearer end.
    fn expand_cone(&mut self, mesh: &NavMesh, node: &Node) {
        let polygon = &mesh.polygons[node.polygon as usize];
        let n = polygon.vertices.len();
        let Some(right_index) = polygon
            .vertices
            .iter()
            .position(|&v| v == node.right_vertex)
        else {
            debug_assert!(false, "a node's edge is not its polygon's");
            return;
        };
        // The polygon's vertices from the edge's right end round to its left end: c(0) is the right
        // vertex, c(n - 1) the left one; far edge i runs from c(i) to c(i + 1) and is the polygon's
        // edge (right_index + i) mod n. Going along, vertices leave the right of the right ray and
        // later pass to the left of the left ray (the polygon is convex).
        // A subtraction, not `% n`: the search 5% faster (five alternating runs on random512-25-0).
        let edge_of = |i: usize| {
            let j = right_index + i;
            if j >= n {
                j - n
            } else {
                j
            }
        };
        let c = |i: usize| mesh.point(polygon.vertices[edge_of(i)]);
        let (root, left, right) = (node.root, node.left, node.right);
        let right_tolerance = EPSILON * root.distance(right);
        let left_tolerance = EPSILON * root.distance(left);

        // The right ray leaves through far edge `right_edge` at `right_hit`: the edge ending at the
        // first vertex on or inside the ray (c(n - 1) is inside: the node is not collinear).
        let first_inside = (1..n - 1)
            .find(|&i| cross(root, right, c(i)) >= -right_tolerance)
            .unwrap_or(n - 1);
        let right_edge = first_inside - 1;
        let right_hit = ray_hit(root, right, c(right_edge), c(first_inside), right_tolerance);
        // The left ray leaves through far edge `left_edge` at `left_hit`: the edge ending at the first
        // vertex strictly outside it, or at c(n - 1) when none is (the ray leaves at the left vertex).
        let (left_edge, left_hit) =
            match (first_inside..n).find(|&i| cross(root, left, c(i)) > left_tolerance) {
                Some(outside) => {
                    let hit = ray_hit(root, left, c(outside - 1), c(outside), left_tolerance);
                    (outside - 1, hit)
                }
                None => (n - 2, c(n - 1)),
            };

        if right == c(0) && mesh.corner[node.right_vertex as usize] {
            if let Some(turned) = self.turn_at(node, node.right_vertex, right) {
                for i in 0..right_edge {
                    self.generate(mesh, node.polygon, edge_of(i), c(i), c(i + 1), turned);
                }
                let piece = (c(right_edge), right_hit);
                self.generate(
                    mesh,
                    node.polygon,
                    edge_of(right_edge),
                    piece.0,
                    piece.1,
                    turned,
                );
            }
        }
        let same = Root::of(node);
        if left_edge == right_edge {
            self.generate(
                mesh,
                node.polygon,
                edge_of(right_edge),
                right_hit,
                left_hit,
                same,
            );
        } else {
            let first = (right_hit, c(right_edge + 1));
            self.generate(
                mesh,
                node.polygon,
                edge_of(right_edge),
                first.0,
                first.1,
                same,
            );
            for i in right_edge + 1..left_edge {
                self.generate(mesh, node.polygon, edge_of(i), c(i), c(i + 1), same);
            }
            let last = (c(left_edge), left_hit);
            self.generate(mesh, node.polygon, edge_of(left_edge), last.0, last.1, same);
        }
        if left == c(n - 1) && mesh.corner[node.left_vertex as usize] {
            if let Some(turned) = self.turn_at(node, node.left_vertex, left) {
                let piece = (left_hit, c(left_edge + 1));
                self.generate(
                    mesh,
                    node.polygon,
                    edge_of(left_edge),
                    piece.0,
                    piece.1,
                    turned,
                );
                for i in left_edge + 1..n - 1 {
                    self.generate(mesh, node.polygon, edge_of(i), c(i), c(i + 1), turned);
                }
            }
        }
    }

    /// The root for successors that turn at `vertex` (an end of `node`'s interval, at `point`), or
    /// `None` when root-level pruning drops them.
    fn turn_at(&mut self, node: &Node, vertex: u32, point: Point) -> Option<Root> {
        let g = node.g + node.root.distance(point);
        if !self.claim_root(vertex, g) {
            return None;
        }
        self.links.push(Link {
            point,
            parent: node.link,
        });
        Some(Root {
            point,
            vertex,
            link: self.links.len() as u32 - 1,
            g,
        })
    }

    /// Generates the successor on the piece `from → to` of edge `edge` of polygon `polygon` (`from`
    /// towards the edge's first vertex), hanging from `root`, unless the piece is empty, the edge is a
    /// wall, or the polygon beyond is a dead end without the goal.
    #[allow(clippy::too_many_arguments)] // reason: one piece of one edge, named the way the callers have it
    fn generate(
        &mut self,
        mesh: &NavMesh,
        polygon: u32,
        edge: usize,
        from: Point,
        to: Point,
        root: Root,
    ) {
        let poly = &mesh.polygons[polygon as usize];
        let beyond = poly.neighbours[edge];
        if from == to || beyond == NO_POLYGON || self.is_dead_end(mesh, beyond) {
            return;
        }
        let (a, b) = poly.edge(edge);
        // Beyond, the edge runs b → a in that polygon's order: `to` (towards b) is the left end.
        self.push(Node {
            root: root.point,
            root_vertex: root.vertex,
            link: root.link,
            left: to,
            right: from,
            left_vertex: b,
            right_vertex: a,
            polygon: beyond,
            g: root.g,
            f: root.g + heuristic(root.point, to, from, self.goal),
        });
    }

    /// True when `polygon` has at most one portal (the one just crossed) and does not hold the goal.
    fn is_dead_end(&self, mesh: &NavMesh, polygon: u32) -> bool {
        let portals = mesh.polygons[polygon as usize]
            .neighbours
            .iter()
            .filter(|&&n| n != NO_POLYGON)
            .count();
        portals <= 1 && !self.goal_polygons.contains(&polygon)
    }
}

/// True when `p` lies on the segment `a → b` (within [`EPSILON`]).
fn on_segment(p: Point, a: Point, b: Point) -> bool {
    let length = a.distance(b);
    let along = (p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y);
    cross(a, b, p).abs() <= EPSILON * length
        && along >= -EPSILON * length
        && along <= length * length + EPSILON * length
}

/// Where the ray from `root` through `through` crosses the segment `p → q`, which it does (`p` on or
/// to one side of the ray, `q` on or to the other); `p` or `q` itself when within `tolerance` (a cross
/// product: [`EPSILON`] times `|root through|`) of the ray, so that an interval end on a vertex is
/// that vertex exactly.
fn ray_hit(root: Point, through: Point, p: Point, q: Point, tolerance: f64) -> Point {
    let (side_p, side_q) = (cross(root, through, p), cross(root, through, q));
    if side_p.abs() <= tolerance {
        p
    } else if side_q.abs() <= tolerance {
        q
    } else {
        p.lerp(q, side_p / (side_p - side_q))
    }
}

/// The length of the shortest way from `root` through the interval `[left, right]` to `goal` (the
/// module doc's h): straight when the line to the goal crosses the interval, through the nearer end
/// otherwise, with the goal first mirrored across the interval's line when it is on the root's side.
fn heuristic(root: Point, left: Point, right: Point, goal: Point) -> f64 {
    if root == left || root == right {
        return root.distance(goal);
    }
    let along = right.minus(left);
    // The root is on the interval line's negative side (the polygon beyond is on its positive side).
    let target = if cross(left, right, goal) < 0.0 {
        mirror(goal, left, right)
    } else {
        goal
    };
    let via_left = || root.distance(left) + left.distance(goal);
    let via_right = || root.distance(right) + right.distance(goal);
    // The line root → target meets the interval's line at left + t · (right - left).
    let to_target = target.minus(root);
    let denominator = to_target.x * along.y - to_target.y * along.x;
    if denominator.abs() <= EPSILON * root.distance(target) * left.distance(right) {
        // All four on one line: the nearer end is exact (the root is outside the interval).
        return via_left().min(via_right());
    }
    let t = -cross(root, target, left) / denominator;
    if t < 0.0 {
        via_left()
    } else if t > 1.0 {
        via_right()
    } else {
        root.distance(target)
    }
}

/// `p` mirrored across the line through `a` and `b` (distinct).
fn mirror(p: Point, a: Point, b: Point) -> Point {
    let along = b.minus(a);
    let t = (p.x - a.x) * along.x + (p.y - a.y) * along.y;
    let foot = a.lerp(b, t / (along.x * along.x + along.y * along.y));
    Point::new(2.0 * foot.x - p.x, 2.0 * foot.y - p.y)
}
