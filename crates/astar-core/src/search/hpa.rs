//! HPA*, hierarchical path-finding A* (Botea, Müller and Schaeffer, "Near Optimal Hierarchical
//! Path-Finding", Journal of Game Development 1(1), 2004): search a small abstract graph of the map, then
//! refine the abstract path into cells. This module owns the query: inserting the start and goal, the
//! abstract A*, the refinement and the smoothing; the abstract graph and its incremental rebuild are in
//! `hpa/graph.rs`, the searches confined to a cluster in `hpa/local.rs`.
//!
//! # A query
//! 1. Preprocessing, once per map ([`graph::AbstractGraph`]): clusters of `K × K` cells, transitions
//!    across their borders, and per cluster the real cost (terrain, diagonal steps) between every two of
//!    its nodes and the path that costs it. It is kept between searches; at each `begin` the map is
//!    compared with the copy the graph was built from and only the clusters an edit touched are rebuilt
//!    ([`Hpa::last_update`]).
//! 2. Insertion, in `begin`: a Dijkstra inside the start's cluster gives the start's edges to that
//!    cluster's nodes, and a backward one inside the goal's cluster the goal's (with a direct edge when
//!    both are in one cluster).
//! 3. The abstract search: A* over the nodes, with the tightest admissible heuristic of the movement
//!    (octile or Manhattan × the cheapest terrain cost; consistent on the abstract edges, whose costs
//!    are real path costs, so no node is reopened). One step expands one abstract node.
//! 4. Refinement: each abstract edge inside a cluster becomes the cells of a cheapest path of the edge's
//!    cost, copied, not searched: the graph's cached path between two nodes, or for an edge out of the
//!    start or into the goal the path the insertion's Dijkstra found. One step per such edge; an edge
//!    across a border is one move, appended with the edge before it.
//! 5. Smoothing ([`shortcut`]): octile walks pull the path tight, then the paper's straight walks
//!    replace the bends the entrances left. It ends the last step of the search, and it is long on a
//!    long path (a 1,024 × 1,024 maze's 95,225 cells: about 50 ms), so a caller with a deadline (the
//!    page's solve in slices) may stop that step in the middle of it and go on later
//!    ([`Stepper::step_within`]).
//!
//! Before a graph is built from scratch, [`check_graph_memory`] bounds its memory from the map and the
//! cluster size ([`AbstractGraph::memory_bound`]) and refuses a size whose graph could exceed
//! [`MAX_GRAPH_BYTES`], naming the smallest size that fits: a link or a click cannot start a build
//! that fills the memory of a browser tab.
//!
//! The path is a path of legal moves, never cheaper than the optimum; it is found exactly when one
//! exists (the entrances cover every move across a border, see `graph.rs`).
//!
//! # Steps and counters
//! A step of the abstract search expands one abstract node; a step of the refinement reveals the cells
//! of one abstract edge and returns its end (it searches nothing: the path is cached). Both count in
//! `expanded`, so that stepping `expanded` times shows the search finished, as for every algorithm;
//! [`Stepper::details`] separates them (`abstract-expanded`, `refined-segments`) and adds the
//! graph's size, what insertion expanded, the refined path's cost before smoothing and the clusters the
//! last update rebuilt. The expansion limit bounds the abstract search: a search stopped by it reports
//! the start alone; once the goal is expanded, refinement finishes whatever the limit.

mod graph;
mod local;
mod shortcut;

pub use graph::{AbstractGraph, Crossing, GraphBuild, NodeRef, Transition, Update};
pub use local::Rect;

use self::graph::UNREACHABLE;
use self::local::LocalSearch;
use self::shortcut::Smoother;
use super::open_list::{OpenEntry, OpenList};
use super::stepper::{report_accessors, Report, Request};
use super::stepper::{AbstractOverlay, Detail, Stepper};
use super::{Outcome, SearchError, SearchParams, Step};
use crate::cost::Cost;
use crate::grid::{Grid, TerrainVersion};
use crate::heuristic::Heuristic;
use crate::message::Message;
use crate::movement::{Movement, DIRECTIONS};
use std::cell::Cell;

/// The cluster side used when the settings name none: the paper's larger size (it also tried 10), or
/// the map's larger side when that is smaller.
pub const DEFAULT_CLUSTER_SIZE: u32 = 16;

/// The cluster side HPA* uses on `grid` with `params`, or a sentence saying why the one asked for is
/// refused (below 2, or above the map's larger side).
pub fn cluster_size(grid: &Grid, params: &SearchParams) -> Result<u32, SearchError> {
    let largest = grid.width().max(grid.height());
    match params.cluster_size {
        None => Ok(DEFAULT_CLUSTER_SIZE.min(largest).max(2)),
        Some(k) if (2..=largest.max(2)).contains(&k) => Ok(k),
        Some(k) => Err(SearchError::Unsupported(cluster_size_refused(
            k.into(),
            largest,
        ))),
    }
}

/// Why the cluster size `k` (as the input wrote it) is refused on a map whose larger side is `largest`:
/// the one sentence of this refusal, wherever the size came from (settings, a link, a search).
pub fn cluster_size_refused(k: f64, largest: u32) -> Message {
    Message::new("hpa.bad-cluster-size")
        .num("size", k)
        .int("max", largest.max(2))
}

/// The most memory HPA*'s abstract graph may need, by [`AbstractGraph::memory_bound`], before it is
/// built: a larger one is refused (see [`check_graph_memory`]). A link or one click can ask for any
/// cluster size, and small clusters on a large map cost the most (2 × 2 on 2048 × 2048: about 900 MiB
/// by the bound, 600 MB built natively, 1.5 GB in a browser tab and 20 s of building). The bound knows
/// every node and edge before the searches but not how long the cached paths through walls will be,
/// so it can be many times the real size (5 to 30 times on random maps at K = 16 and up): 256 MiB of
/// bound keeps the default size on every map the page generates (at most 1024 × 1024; 20% random walls
/// at K = 16: 251 MiB of bound, 31 MB built) and refuses what would fill a tab.
pub const MAX_GRAPH_BYTES: usize = 256 << 20;

/// [`cluster_size`], then [`check_graph_memory`] for that size: the cluster side HPA* would use, or why
/// it cannot be used on this map.
pub fn checked_cluster_size(grid: &Grid, params: &SearchParams) -> Result<u32, SearchError> {
    let k = cluster_size(grid, params)?;
    check_graph_memory(grid, params.movement, k)?;
    Ok(k)
}

/// Refuses a cluster size whose abstract graph would need more than [`MAX_GRAPH_BYTES`] (by
/// [`AbstractGraph::memory_bound`], before building anything), with a sentence naming the size and the
/// smallest size that fits (see [`smallest_fitting_size`]).
pub fn check_graph_memory(grid: &Grid, movement: Movement, k: u32) -> Result<(), SearchError> {
    let bound = AbstractGraph::memory_bound(grid, movement, k);
    if bound <= MAX_GRAPH_BYTES {
        return Ok(());
    }
    Err(SearchError::Unsupported(
        Message::new("hpa.graph-too-large")
            .int("size", k)
            .int("mib", bound.div_ceil(1 << 20))
            .int("width", grid.width())
            .int("height", grid.height())
            .int("allowed", MAX_GRAPH_BYTES >> 20)
            .int("fits", smallest_fitting_size(grid, movement, k)),
    ))
}

/// The smallest cluster size whose graph fits [`MAX_GRAPH_BYTES`], found by doubling from 2 to the
/// first size that fits, then halving the gap below it (the bound falls as clusters grow and their
/// count shrinks, until the cached paths of large clusters dominate). The map's larger side always
/// fits: one cluster has no borders, so no nodes. `refused`, known not to fit, is not bounded again.
fn smallest_fitting_size(grid: &Grid, movement: Movement, refused: u32) -> u32 {
    let largest = grid.width().max(grid.height()).max(2);
    let known = refused;
    let fits =
        |k: u32| k != known && AbstractGraph::memory_bound(grid, movement, k) <= MAX_GRAPH_BYTES;
    // `refused`: the last size tried that does not fit (1: none tried); `fitting`: one that fits.
    let (mut refused, mut fitting) = (1, 2);
    while fitting < largest && !fits(fitting) {
        refused = fitting;
        fitting = (fitting * 2).min(largest);
    }
    while fitting - refused > 1 {
        let middle = refused + (fitting - refused) / 2;
        if fits(middle) {
            fitting = middle;
        } else {
            refused = middle;
        }
    }
    fitting
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Expanding abstract nodes.
    Abstract,
    /// Refining: the next step reveals the cells of abstract edge `segment`, an edge inside a cluster.
    Refine { segment: usize },
    /// The refined path is being smoothed: the last step of the refinement (or of the abstract search,
    /// when nothing was left to refine) ends with it. See [`Stepper::step_within`].
    Shortcut,
    /// Finished.
    Done,
}

/// The HPA* engine (see the module doc). It keeps its abstract graph between searches.
#[derive(Clone, Debug)]
pub struct Hpa {
    graph: Option<AbstractGraph>,
    last_update: Update,
    /// A graph being built in pieces ([`Hpa::build_until`]), not yet `graph`.
    building: Option<GraphBuild>,
    /// What the build that made `graph` did, until `prepare` reports it.
    built: Option<Update>,
    /// The latest map version, movement and cluster size whose graph the memory bound allowed: the
    /// bound is a pass over the map, and a first choice of HPA* asks it three times (the page's check,
    /// the solve's check, the build's start) before a build is under way.
    memory_allowed: Cell<Option<(TerrainVersion, Movement, u32)>>,
    /// The Dijkstra from the start inside its cluster (insertion), kept for refining the first edge.
    start_search: LocalSearch,
    /// The backward Dijkstra from the goal inside its cluster, kept for refining the last edge.
    goal_search: LocalSearch,
    /// The smoothing's buffers.
    smoother: Smoother,
    /// The step whose smoothing `step_within` stopped in, to be returned when it is done.
    interrupted: Option<Step>,
    movement: Movement,
    expansion_limit: Option<u32>,
    start: u32,
    goal: u32,
    goal_xy: (u32, u32),
    width: u32,
    /// The map's cell count.
    cells: usize,
    cheapest: u16,
    heuristic: Heuristic,
    /// The start's abstract edges: (id, cost) to the nodes of its cluster (and to the goal).
    start_edges: Vec<(u32, Cost)>,
    /// Indexed like the goal cluster's nodes: cost from each to the goal inside the cluster.
    goal_cost_by_node: Vec<Cost>,
    goal_cluster: usize,
    /// The successors (id, cost) of the node being expanded (a buffer reused by every expansion).
    successors: Vec<(u32, Cost)>,
    insertion_expanded: u64,
    /// The search's state of every node, indexed by id: the graph's node ids, then one slot for the
    /// start and one for the goal (used when they are not nodes). The nodes of a cluster are side by
    /// side, so an expansion's successors share a few cache lines.
    state: Vec<NodeState>,
    generation: u32,
    /// The ids of the start and the goal: their node's id when they are nodes, else the extra slots.
    start_id: u32,
    goal_id: u32,
    /// Keyed (f, h), then insertion order; the entry's `cell` is a node id.
    open: OpenList<OpenEntry>,
    open_count: u64,
    next_seq: u32,
    phase: Phase,
    abstract_path: Vec<u32>,
    refined: Vec<u32>,
    /// The outcome, counters, path, last expanded cell and trace (see `Report`).
    report: Report,
    refined_cost: Cost,
    abstract_expanded: u64,
    refined_segments: u64,
}

/// One node's search state (see `Hpa::state`).
#[derive(Clone, Copy, Debug, Default)]
struct NodeState {
    /// The abstract g.
    g: Cost,
    /// The heuristic estimate, computed when the node is first reached.
    h: Cost,
    /// The id of the node it was reached from.
    parent: u32,
    /// `generation`: open; `generation + 1`: closed; anything else: not reached by this search.
    stamp: u32,
}

impl Default for Hpa {
    fn default() -> Self {
        Hpa::new()
    }
}

impl Hpa {
    /// An engine with no graph yet (the first `begin` builds it).
    pub fn new() -> Hpa {
        Hpa {
            graph: None,
            last_update: Update::default(),
            building: None,
            built: None,
            memory_allowed: Cell::new(None),
            start_search: LocalSearch::default(),
            goal_search: LocalSearch::default(),
            smoother: Smoother::default(),
            interrupted: None,
            movement: Movement::default(),
            expansion_limit: None,
            start: 0,
            goal: 0,
            goal_xy: (0, 0),
            width: 0,
            cells: 0,
            cheapest: 1,
            heuristic: Heuristic::Octile,
            start_edges: Vec::new(),
            goal_cost_by_node: Vec::new(),
            goal_cluster: 0,
            successors: Vec::new(),
            insertion_expanded: 0,
            state: Vec::new(),
            generation: 0,
            start_id: 0,
            goal_id: 0,
            open: OpenList::default(),
            open_count: 0,
            next_seq: 0,
            phase: Phase::Done,
            abstract_path: Vec::new(),
            refined: Vec::new(),
            refined_cost: 0,
            abstract_expanded: 0,
            refined_segments: 0,
            report: Report::default(),
        }
    }

    /// Builds the abstract graph for `grid` and `params`, or brings the one kept up to date with the
    /// map's edits (see [`AbstractGraph::update`]); `begin` calls it. Returns what it did.
    pub fn prepare(&mut self, grid: &Grid, params: &SearchParams) -> Result<Update, SearchError> {
        let built = self.build_until(grid, params, &mut || false)?;
        debug_assert!(built, "a build that is never out of time finishes");
        // Brought up to date in any case (a graph built in slices, then kept while the map was edited);
        // a build not yet reported is what this preparation did.
        let k = cluster_size(grid, params)?;
        let graph = self.graph.as_mut().expect("a graph of this shape");
        let caught_up = graph.update(grid, params.movement, k);
        let update = self.built.take().unwrap_or(caught_up);
        self.last_update = update;
        Ok(update)
    }

    /// When no graph of this map's shape (size, costs, movement, cluster size) is kept: builds one in
    /// pieces ([`GraphBuild`]), asking `out_of_time` between them. True once a graph of this shape is
    /// there (kept, or built now: `prepare` then brings it up to date); false when stopped, to go on at
    /// the next call. A slice-wise solve calls it before `begin` (see [`Stepper::prepare_until`]).
    pub fn build_until(
        &mut self,
        grid: &Grid,
        params: &SearchParams,
        out_of_time: &mut dyn FnMut() -> bool,
    ) -> Result<bool, SearchError> {
        let k = self.usable_cluster_size(grid, params)?;
        if self.keeps_graph(grid, params.movement, k) {
            return Ok(true);
        }
        let mut building = match self.building.take() {
            Some(building) if building.builds(grid, params.movement, k) => building,
            _ => GraphBuild::new(grid, params.movement, k),
        };
        if !building.advance(grid, out_of_time) {
            self.building = Some(building);
            return Ok(false);
        }
        // Built on the map as it is now (a piece that finds it edited starts again); `prepare` brings it
        // up to date with any later edit.
        let graph = building.finish();
        let n = graph.clusters.len() as u32;
        self.graph = Some(graph);
        self.built = Some(Update {
            full: true,
            clusters_touched: n,
            clusters_rebuilt: n,
        });
        Ok(true)
    }

    /// True when the graph kept is of this shape (`update` can bring it up to date).
    fn keeps_graph(&self, grid: &Grid, movement: Movement, k: u32) -> bool {
        self.graph
            .as_ref()
            .is_some_and(|g| g.same_shape(grid, movement, k))
    }

    /// The cluster side for `params` on `grid`, or why it is refused: its size, and the memory its graph
    /// would take. The memory check costs a pass over the map (7.6 ms natively on 1024 × 1024): only a
    /// graph that neither the one kept nor the build under way is of this shape needs it, and only once
    /// per map version (`memory_allowed`).
    fn usable_cluster_size(&self, grid: &Grid, params: &SearchParams) -> Result<u32, SearchError> {
        let k = cluster_size(grid, params)?;
        let building = self
            .building
            .as_ref()
            .is_some_and(|b| b.builds(grid, params.movement, k));
        let shape = (grid.terrain_version(), params.movement, k);
        if !building
            && !self.keeps_graph(grid, params.movement, k)
            && self.memory_allowed.get() != Some(shape)
        {
            check_graph_memory(grid, params.movement, k)?;
            self.memory_allowed.set(Some(shape));
        }
        Ok(k)
    }

    /// The abstract graph, once built.
    pub fn graph(&self) -> Option<&AbstractGraph> {
        self.graph.as_ref()
    }

    /// What the latest preparation did (clusters touched and rebuilt).
    pub fn last_update(&self) -> Update {
        self.last_update
    }

    /// The abstract path found (start, nodes, goal), empty until the abstract search ends.
    pub fn abstract_path(&self) -> &[u32] {
        &self.abstract_path
    }

    /// The cost of the refined path before smoothing (0 until found).
    pub fn refined_cost(&self) -> Cost {
        self.refined_cost
    }

    fn graph_ref(&self) -> &AbstractGraph {
        self.graph.as_ref().expect("begin built the graph")
    }

    fn estimate(&self, cell: u32) -> Cost {
        let (x, y) = (cell % self.width, cell / self.width);
        self.estimate_xy(x, y)
    }

    #[inline]
    fn estimate_xy(&self, x: u32, y: u32) -> Cost {
        self.heuristic.estimate(
            x.abs_diff(self.goal_xy.0),
            y.abs_diff(self.goal_xy.1),
            self.cheapest,
        )
    }

    /// The id of `cell` in the latest search: the start's, the goal's, or its node's.
    fn id_of(&self, cell: u32) -> Option<u32> {
        if self.generation == 0 || cell as usize >= self.cells {
            return None;
        }
        if cell == self.start {
            return Some(self.start_id);
        }
        if cell == self.goal {
            return Some(self.goal_id);
        }
        self.graph.as_ref()?.node_id_of(cell)
    }

    /// The cell of node id `id`.
    #[inline]
    fn cell_of(&self, id: u32) -> u32 {
        if id == self.start_id {
            self.start
        } else if id == self.goal_id {
            self.goal
        } else {
            self.graph_ref().node(id).cell
        }
    }

    /// The state of node `id` when this search reached it.
    fn reached(&self, id: u32) -> Option<&NodeState> {
        let state = self.state.get(id as usize)?;
        (state.stamp == self.generation || state.stamp == self.generation + 1).then_some(state)
    }

    /// The state of `cell` when this search reached it.
    fn reached_cell(&self, cell: u32) -> Option<&NodeState> {
        self.reached(self.id_of(cell)?)
    }

    /// Offers node `id` the abstract g `g` from node `parent`.
    #[inline]
    fn relax(&mut self, id: u32, g: Cost, parent: u32) {
        let generation = self.generation;
        let state = &mut self.state[id as usize];
        let reached = state.stamp == generation || state.stamp == generation + 1;
        if reached && (state.stamp == generation + 1 || state.g <= g) {
            return;
        }
        state.g = g;
        state.parent = parent;
        state.stamp = generation;
        if !reached {
            self.open_count += 1;
            let graph = self.graph_ref();
            self.state[id as usize].h = if (id as usize) < graph.node_count() {
                let node = graph.node(id);
                self.estimate_xy(node.x as u32, node.y as u32)
            } else {
                // The start's or the goal's slot.
                self.estimate(self.cell_of(id))
            };
        }
        let h = self.state[id as usize].h;
        self.open.push(OpenEntry {
            key: [g + h, h],
            seq: self.next_seq,
            cell: id,
        });
        self.next_seq = self.next_seq.wrapping_add(1);
        self.report.counters.generated += 1;
        self.report.counters.open_peak = self.report.counters.open_peak.max(self.open_count);
        if self.report.trace.is_some() {
            let cell = self.cell_of(id);
            let expanded = self.report.counters.expanded;
            if let Some(trace) = &mut self.report.trace {
                trace.open(cell, expanded);
            }
        }
    }

    /// Expands node `id` (an abstract node, or the start).
    fn expand_abstract(&mut self, id: u32) {
        let g = self.state[id as usize].g;
        // A buffer kept between expansions (no allocation per node).
        let mut successors = std::mem::take(&mut self.successors);
        successors.clear();
        if id == self.start_id {
            successors.extend_from_slice(&self.start_edges);
        }
        let graph = self.graph_ref();
        if (id as usize) < graph.node_count() {
            let node = graph.node(id);
            let (c, i) = (node.cluster as usize, node.index as usize);
            let cluster = &graph.clusters[c];
            let n = cluster.nodes.len();
            let base = graph.node_id(c, 0);
            let row = &cluster.dist[i * n..(i + 1) * n];
            for (j, &cost) in row.iter().enumerate() {
                if j != i && cost != UNREACHABLE {
                    successors.push((base + j as u32, cost));
                }
            }
            if c == self.goal_cluster && self.goal_cost_by_node[i] != UNREACHABLE {
                successors.push((self.goal_id, self.goal_cost_by_node[i]));
            }
            successors.extend(cluster.crossings(i).iter().map(|crossing| {
                (
                    graph.node_id(crossing.cluster as usize, crossing.index as usize),
                    crossing.cost,
                )
            }));
        }
        for &(to, cost) in &successors {
            self.relax(to, g + cost, id);
        }
        self.successors = successors;
    }

    /// Appends to the refined path the abstract edges from `segment` on that are moves across a
    /// border; returns the first edge inside a cluster (or the path's length − 1 when none is left).
    fn skip_crossings(&mut self, mut segment: usize) -> usize {
        let graph = self.graph.as_ref().expect("begin built the graph");
        while segment + 1 < self.abstract_path.len() {
            let (from, to) = (self.abstract_path[segment], self.abstract_path[segment + 1]);
            if graph.cluster_of(from) == graph.cluster_of(to) {
                break;
            }
            self.refined.push(to);
            segment += 1;
        }
        segment
    }

    /// Appends to the refined path the cells after `from` of abstract edge `from → to`, an edge inside
    /// a cluster: the start's insertion search for an edge out of the start, the goal's for an edge
    /// into the goal, the cluster's cached path otherwise (all cheapest paths inside the cluster, of the
    /// edge's cost).
    fn reveal(&mut self, from: u32, to: u32) {
        if from == self.start {
            let cells = self.start_search.path_to(to);
            self.refined.extend_from_slice(&cells[1..]);
        } else if to == self.goal {
            // The backward search's parents lead toward the goal: from `from`, the path is in order.
            let cells = self.goal_search.path_to(from);
            self.refined.extend(cells.iter().rev().skip(1));
        } else {
            let graph = self.graph.as_ref().expect("begin built the graph");
            let cluster = &graph.clusters[graph.cluster_of(from)];
            let i = cluster
                .nodes
                .binary_search(&from)
                .expect("an abstract node");
            let j = cluster.nodes.binary_search(&to).expect("an abstract node");
            let width = self.width as i64;
            let mut at = from as i64;
            for &dir in cluster.path_moves(i, j) {
                let (dx, dy) = DIRECTIONS[dir as usize];
                at += dy as i64 * width + dx as i64;
                self.refined.push(at as u32);
            }
        }
    }

    /// Ends the search with `outcome`; a path found is smoothed first (phase `Shortcut`, ended by
    /// [`Hpa::end_shortcut`]).
    fn finish(&mut self, grid: &Grid, outcome: Outcome) -> Outcome {
        match outcome {
            Outcome::Found => {
                // Each edge was refined into a cheapest path of the edge's cost: the refined path costs
                // what the abstract search found.
                self.refined_cost = self.state[self.goal_id as usize].g;
                debug_assert_eq!(
                    self.refined_cost,
                    super::validate::grid_path_cost(grid, self.movement, &self.refined)
                        .unwrap_or(Cost::MAX)
                );
                let reach = self.graph_ref().cluster_size();
                self.smoother
                    .begin(grid, self.movement, &self.refined, reach);
                self.phase = Phase::Shortcut;
                return outcome;
            }
            Outcome::LimitReached => {
                self.report.path = vec![self.start];
                self.refined_cost = 0;
            }
            Outcome::Unreachable => self.report.path.clear(),
        }
        self.end(grid, outcome);
        outcome
    }

    /// Ends the search with its path found and smoothed into `path`.
    fn end_shortcut(&mut self, grid: &Grid, path: Vec<u32>) {
        self.report.path = path;
        self.end(grid, Outcome::Found);
    }

    fn end(&mut self, grid: &Grid, outcome: Outcome) {
        self.phase = Phase::Done;
        self.report.outcome = Some(outcome);
        self.report.path_cost = if self.report.path.is_empty() {
            0
        } else {
            super::validate::grid_path_cost(grid, self.movement, &self.report.path)
                .unwrap_or(Cost::MAX)
        };
    }

    /// One step (see [`Stepper::step`]) but for the smoothing it may end with.
    fn take_step(&mut self, grid: &Grid) -> Step {
        if let Some(done) = self.report.finished() {
            return done;
        }
        // Only the abstract search expands cells, so only it is bounded (see the module doc).
        if self.phase == Phase::Abstract && self.report.at_limit(self.expansion_limit) {
            return Step::Done(self.finish(grid, Outcome::LimitReached));
        }
        match self.phase {
            Phase::Abstract => self.step_abstract(grid),
            Phase::Refine { segment } => self.step_refinement(grid, segment),
            Phase::Shortcut => unreachable!("a step stopped in its smoothing is taken up first"),
            Phase::Done => Step::Done(self.report.outcome.unwrap_or(Outcome::Unreachable)),
        }
    }

    fn count_expansion(&mut self, cell: u32) {
        self.report.counters.expanded += 1;
        self.report.last_expanded = Some(cell);
        if let Some(trace) = &mut self.report.trace {
            trace.close(cell, self.report.counters.expanded);
        }
    }

    fn step_abstract(&mut self, grid: &Grid) -> Step {
        let id = loop {
            let Some(OpenEntry { cell: id, .. }) = self.open.pop() else {
                return Step::Done(self.finish(grid, Outcome::Unreachable));
            };
            if self.state[id as usize].stamp == self.generation {
                break id;
            }
            self.report.counters.stale_pops += 1;
            if self.report.trace.is_some() {
                let cell = self.cell_of(id);
                if let Some(trace) = &mut self.report.trace {
                    trace.stale_pop(cell);
                }
            }
        };
        self.state[id as usize].stamp = self.generation + 1;
        self.open_count -= 1;
        self.abstract_expanded += 1;
        let cell = self.cell_of(id);
        self.count_expansion(cell);
        if id == self.goal_id {
            let mut at = id;
            self.abstract_path = vec![self.goal];
            while at != self.start_id {
                at = self.state[at as usize].parent;
                self.abstract_path.push(self.cell_of(at));
            }
            self.abstract_path.reverse();
            self.refined.clear();
            self.refined.push(self.start);
            self.advance_refinement(grid, 0);
        } else {
            self.expand_abstract(id);
        }
        Step::Expanded(cell)
    }

    /// Moves the refinement to the first edge inside a cluster from `segment` on (the moves across
    /// borders before it are appended), or finishes when none is left.
    fn advance_refinement(&mut self, grid: &Grid, segment: usize) {
        let segment = self.skip_crossings(segment);
        if segment + 1 < self.abstract_path.len() {
            self.phase = Phase::Refine { segment };
        } else {
            self.finish(grid, Outcome::Found);
        }
    }

    /// Reveals the cells of abstract edge `segment` (one step per edge inside a cluster: nothing is
    /// expanded, the cells are copied) and returns the edge's end.
    fn step_refinement(&mut self, grid: &Grid, segment: usize) -> Step {
        let (from, to) = (self.abstract_path[segment], self.abstract_path[segment + 1]);
        self.reveal(from, to);
        self.refined_segments += 1;
        // A step is an expansion for the counters, so that stepping `expanded` times shows the search
        // finished (the page's timeline runs from 0 to `expanded`).
        self.report.counters.expanded += 1;
        self.advance_refinement(grid, segment + 1);
        Step::Expanded(to)
    }
}

impl Stepper for Hpa {
    report_accessors!();

    fn prepare_until(
        &mut self,
        grid: &Grid,
        params: &SearchParams,
        out_of_time: &mut dyn FnMut() -> bool,
    ) -> Result<bool, SearchError> {
        self.build_until(grid, params, out_of_time)
    }

    fn check_own(&self, grid: &Grid, params: &SearchParams) -> Result<(), SearchError> {
        // What `prepare` refuses, without building anything.
        self.usable_cluster_size(grid, params).map(|_| ())
    }

    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError> {
        let (params, start, goal) = (&request.params, request.start, request.goal);
        self.prepare(grid, params)?;
        let cells = grid.len();
        let nodes = self.graph_ref().node_count();
        if self.state.len() != nodes + 2 {
            self.state = vec![NodeState::default(); nodes + 2];
            self.generation = 0;
        }
        if self.generation >= u32::MAX - 4 {
            self.state.fill(NodeState::default());
            self.generation = 0;
        }
        self.generation += 2;
        self.movement = params.movement;
        self.expansion_limit = params.expansion_limit;
        self.start = start;
        self.goal = goal;
        self.goal_xy = grid.xy(goal);
        self.width = grid.width();
        self.cells = cells;
        self.cheapest = params.h_scale_tenths(grid);
        self.heuristic = Heuristic::best_admissible(params.movement);
        self.open.clear();
        self.open_count = 0;
        self.next_seq = 0;
        self.phase = Phase::Abstract;
        self.interrupted = None;
        self.abstract_path.clear();
        self.refined.clear();
        self.report.begin(cells);
        self.refined_cost = 0;
        self.abstract_expanded = 0;
        self.refined_segments = 0;
        // Insertion: the start's edges by a Dijkstra in its cluster, the goal's by a backward one.
        let graph = self.graph.as_ref().expect("prepare built the graph");
        let (start_cluster, goal_cluster) = (graph.cluster_of(start), graph.cluster_of(goal));
        self.start_id = graph.node_id_of(start).unwrap_or(nodes as u32);
        self.goal_id = if goal == start {
            self.start_id
        } else {
            graph.node_id_of(goal).unwrap_or(nodes as u32 + 1)
        };
        self.start_search.start(
            grid,
            graph.rect(start_cluster),
            params.movement,
            start,
            false,
        );
        let start_nodes = &graph.clusters[start_cluster].nodes;
        if start_cluster == goal_cluster {
            let mut targets = start_nodes.clone();
            targets.push(goal);
            self.start_search.settle(grid, &targets);
        } else {
            self.start_search.settle(grid, start_nodes);
        }
        self.insertion_expanded = self.start_search.expanded;
        self.start_edges.clear();
        for (i, &node) in start_nodes.iter().enumerate() {
            if let Some(g) = self.start_search.g(node) {
                self.start_edges.push((graph.node_id(start_cluster, i), g));
            }
        }
        if start_cluster == goal_cluster {
            if let Some(g) = self.start_search.g(goal) {
                self.start_edges.push((self.goal_id, g));
            }
        }
        self.goal_search
            .start(grid, graph.rect(goal_cluster), params.movement, goal, true);
        self.goal_search
            .settle(grid, &graph.clusters[goal_cluster].nodes);
        self.insertion_expanded += self.goal_search.expanded;
        self.goal_cluster = goal_cluster;
        self.goal_cost_by_node.clear();
        for &node in &graph.clusters[goal_cluster].nodes {
            let cost = self.goal_search.g(node).unwrap_or(UNREACHABLE);
            self.goal_cost_by_node.push(cost);
        }
        self.relax(self.start_id, 0, self.start_id);
        Ok(())
    }

    fn step(&mut self, grid: &Grid) -> Step {
        self.step_within(grid, &mut || false)
            .expect("never out of time")
    }

    /// The last step of a search that found a path smooths it (`shortcut.rs`): tens of ms for a path
    /// across a 1,024 × 1,024 maze, so it is done in pieces, `out_of_time` asked between them.
    fn step_within(&mut self, grid: &Grid, out_of_time: &mut dyn FnMut() -> bool) -> Option<Step> {
        let step = match self.interrupted.take() {
            Some(step) => step,
            None => self.take_step(grid),
        };
        if self.phase == Phase::Shortcut {
            let Some(path) = self
                .smoother
                .advance(grid, self.movement, &self.refined, out_of_time)
            else {
                self.interrupted = Some(step);
                return None;
            };
            self.end_shortcut(grid, path);
        }
        Some(step)
    }

    /// The abstract g (for the start and the abstract nodes reached).
    fn g(&self, cell: u32) -> Option<Cost> {
        self.reached_cell(cell).map(|state| state.g)
    }

    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        if self.generation == 0 || grid.width() != self.width || cell as usize >= grid.len() {
            return 0;
        }
        self.estimate(cell)
    }

    /// Closed by the abstract search.
    fn is_closed(&self, cell: u32) -> bool {
        self.reached_cell(cell)
            .is_some_and(|state| state.stamp == self.generation + 1)
    }

    /// The abstract parent: the node the abstract search reached `cell` from.
    fn parent(&self, cell: u32) -> Option<u32> {
        let state = self.reached_cell(cell)?;
        (cell != self.start).then(|| self.cell_of(state.parent))
    }

    /// `abstract-expanded`, `refined-segments`, `insertion-expanded` (the start's and goal's
    /// Dijkstras in `begin`), `abstract-nodes`, `clusters`, `cluster-size`, `clusters-rebuilt` (by the
    /// latest preparation), and `refined-cost` (before smoothing; 0 until found).
    fn details(&self) -> Vec<Detail> {
        let (nodes, clusters, k) = self.graph.as_ref().map_or((0, 0, 0), |g| {
            (g.node_count(), g.clusters.len(), g.cluster_size())
        });
        let detail = |key, value: f64| Detail { key, value };
        vec![
            detail("abstract-expanded", self.abstract_expanded as f64),
            detail("refined-segments", self.refined_segments as f64),
            detail("insertion-expanded", self.insertion_expanded as f64),
            detail("abstract-nodes", nodes as f64),
            detail("clusters", clusters as f64),
            detail("cluster-size", k as f64),
            detail("clusters-rebuilt", self.last_update.clusters_rebuilt as f64),
            detail("refined-cost", crate::cost::to_f64(self.refined_cost)),
        ]
    }
    fn abstract_graph(&self) -> Option<AbstractOverlay> {
        let graph = self.graph()?;
        let update = self.last_update();
        let mut overlay = AbstractOverlay {
            cluster_size: graph.cluster_size(),
            clusters_rebuilt: update.clusters_rebuilt,
            full_build: update.full,
            nodes: Vec::with_capacity(graph.node_count()),
            edges: Vec::new(),
        };
        for cluster in &graph.clusters {
            overlay.nodes.extend_from_slice(&cluster.nodes);
            let n = cluster.nodes.len();
            for i in 0..n {
                for j in i + 1..n {
                    // Costs differ by direction (terrain): an edge either way is drawn once.
                    if cluster.dist[i * n + j] != UNREACHABLE
                        || cluster.dist[j * n + i] != UNREACHABLE
                    {
                        overlay
                            .edges
                            .extend_from_slice(&[cluster.nodes[i], cluster.nodes[j]]);
                    }
                }
            }
        }
        for t in graph.transitions() {
            overlay.edges.extend_from_slice(&[t.inside, t.outside]);
        }
        Some(overlay)
    }
    fn abstract_path(&self) -> &[u32] {
        Hpa::abstract_path(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Terrain;

    #[test]
    fn the_memory_bound_is_passed_once_per_map_version_movement_and_size() {
        let mut grid = Grid::from_ascii(&"........\n".repeat(8)).unwrap();
        let params = SearchParams {
            algorithm: super::super::Algorithm::Hpa,
            ..SearchParams::default()
        };
        let mut hpa = Hpa::new();
        assert_eq!(hpa.memory_allowed.get(), None);
        hpa.check(&grid, &params, 0, 63).unwrap();
        let shape = (grid.terrain_version(), params.movement, 8);
        assert_eq!(
            hpa.memory_allowed.get(),
            Some(shape),
            "the check's pass kept"
        );
        hpa.begin(&grid, &params, 0, 63).unwrap();
        assert_eq!(hpa.run(&grid), Outcome::Found);
        grid.set_terrain(3, Terrain::Wall);
        assert_ne!(
            grid.terrain_version(),
            shape.0,
            "an edit is another version"
        );
        hpa.graph = None;
        hpa.check(&grid, &params, 0, 63).unwrap();
        assert_eq!(
            hpa.memory_allowed.get(),
            Some((grid.terrain_version(), params.movement, 8)),
            "bounded again after the edit"
        );
    }

    #[test]
    fn a_step_stopped_in_its_smoothing_ends_as_the_uncut_step_does() {
        let shares = crate::generate::TerrainShares {
            wall: 0.15,
            forest: 0.0,
            swamp: 0.0,
        };
        let grid = crate::generate::random_terrain(160, 160, shares, 7).unwrap();
        let params = SearchParams {
            algorithm: super::super::Algorithm::Hpa,
            cluster_size: Some(8),
            ..SearchParams::default()
        };
        let (start, goal) = (grid.cell(1, 1), grid.cell(158, 150));
        let (mut whole, mut cut) = (Hpa::new(), Hpa::new());
        whole.begin(&grid, &params, start, goal).unwrap();
        // Given up halfway first: a second search begins while the first one's smoothing is under way.
        cut.begin(&grid, &params, goal, start).unwrap();
        loop {
            match cut.step_within(&grid, &mut || true) {
                None => break,
                Some(Step::Done(_)) => panic!("the first search never stopped in its smoothing"),
                Some(Step::Expanded(_)) => {}
            }
        }
        assert_eq!(cut.phase, Phase::Shortcut);
        cut.begin(&grid, &params, start, goal).unwrap();
        let (mut steps, mut stops) = (Vec::new(), 0);
        loop {
            // Out of time at every look: each call smooths one look's cells at most.
            match cut.step_within(&grid, &mut || true) {
                None => stops += 1,
                Some(step) => {
                    steps.push(step);
                    if matches!(step, Step::Done(_)) {
                        break;
                    }
                }
            }
        }
        let mut uncut = Vec::new();
        loop {
            let step = whole.step(&grid);
            uncut.push(step);
            if matches!(step, Step::Done(_)) {
                break;
            }
        }
        assert!(stops > 5, "the smoothing stopped only {stops} times");
        assert_eq!(steps, uncut);
        assert_eq!(cut.outcome(), Some(Outcome::Found));
        assert_eq!(cut.path(), whole.path());
        assert_eq!(cut.path_cost(), whole.path_cost());
        assert_eq!(cut.counters(), whole.counters());
        assert!(
            whole.path().len() < whole.refined.len(),
            "smoothing changed nothing"
        );
    }
}
