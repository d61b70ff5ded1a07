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
//!    replace the bends the entrances left.
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

pub use graph::{AbstractGraph, Transition, Update};
pub use local::Rect;

use self::graph::UNREACHABLE;
use self::local::LocalSearch;
use self::shortcut::Smoother;
use super::engine::check_endpoints;
use super::open_list::{OpenEntry, OpenList};
use super::registry::check_supported;
use super::stepper::{report_accessors, Report};
use super::stepper::{Detail, Stepper};
use super::{Outcome, SearchError, SearchParams, Step};
use crate::cost::Cost;
use crate::grid::Grid;
use crate::heuristic::Heuristic;
use crate::movement::{Movement, DIRECTIONS};

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
        Some(k) => Err(SearchError::Unsupported(format!(
            "HPA* cluster size {k} is not allowed: it must be from 2 to {} (the map's larger side)",
            largest.max(2)
        ))),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Expanding abstract nodes.
    Abstract,
    /// Refining: the next step reveals the cells of abstract edge `segment`, an edge inside a cluster.
    Refine { segment: usize },
    /// Finished.
    Done,
}

/// The HPA* engine (see the module doc). It keeps its abstract graph between searches.
#[derive(Clone, Debug)]
pub struct Hpa {
    graph: Option<AbstractGraph>,
    last_update: Update,
    /// The Dijkstra from the start inside its cluster (insertion), kept for refining the first edge.
    start_search: LocalSearch,
    /// The backward Dijkstra from the goal inside its cluster, kept for refining the last edge.
    goal_search: LocalSearch,
    /// The smoothing's buffers.
    smoother: Smoother,
    movement: Movement,
    expansion_limit: Option<u32>,
    start: u32,
    goal: u32,
    goal_xy: (u32, u32),
    width: u32,
    cheapest: u8,
    heuristic: Heuristic,
    /// The start's abstract edges: (cell, cost) to the nodes of its cluster (and to the goal).
    start_edges: Vec<(u32, Cost)>,
    /// Indexed like the goal cluster's nodes: cost from each to the goal inside the cluster.
    goal_cost_by_node: Vec<Cost>,
    goal_cluster: usize,
    /// The successors of the node being expanded (a buffer reused by every expansion).
    successors: Vec<(u32, Cost)>,
    insertion_expanded: u64,
    /// Indexed by cell: the abstract g, the abstract parent, and a stamp (`generation` open,
    /// `generation + 1` closed).
    g_by_cell: Vec<Cost>,
    parent_by_cell: Vec<u32>,
    stamp_by_cell: Vec<u32>,
    generation: u32,
    /// Keyed (f, h), then insertion order.
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
            start_search: LocalSearch::default(),
            goal_search: LocalSearch::default(),
            smoother: Smoother::default(),
            movement: Movement::default(),
            expansion_limit: None,
            start: 0,
            goal: 0,
            goal_xy: (0, 0),
            width: 0,
            cheapest: 1,
            heuristic: Heuristic::Octile,
            start_edges: Vec::new(),
            goal_cost_by_node: Vec::new(),
            goal_cluster: 0,
            successors: Vec::new(),
            insertion_expanded: 0,
            g_by_cell: Vec::new(),
            parent_by_cell: Vec::new(),
            stamp_by_cell: Vec::new(),
            generation: 0,
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
        let k = cluster_size(grid, params)?;
        let update = match &mut self.graph {
            Some(graph) => graph.update(grid, params.movement, k),
            None => {
                let graph = AbstractGraph::build(grid, params.movement, k);
                let n = graph.clusters.len() as u32;
                self.graph = Some(graph);
                Update {
                    full: true,
                    clusters_touched: n,
                    clusters_rebuilt: n,
                }
            }
        };
        self.last_update = update;
        Ok(update)
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
        self.heuristic.estimate(
            x.abs_diff(self.goal_xy.0),
            y.abs_diff(self.goal_xy.1),
            self.cheapest,
        )
    }

    fn is_reached(&self, cell: u32) -> bool {
        let stamp = self.stamp_by_cell.get(cell as usize).copied().unwrap_or(0);
        self.generation > 0 && (stamp == self.generation || stamp == self.generation + 1)
    }

    fn abstract_closed(&self, cell: u32) -> bool {
        self.is_reached(cell) && self.stamp_by_cell[cell as usize] == self.generation + 1
    }

    /// Offers `cell` the abstract g `g` from `parent`.
    fn relax(&mut self, cell: u32, g: Cost, parent: u32) {
        let i = cell as usize;
        if self.is_reached(cell) && (self.abstract_closed(cell) || self.g_by_cell[i] <= g) {
            return;
        }
        if !self.is_reached(cell) {
            self.open_count += 1;
        }
        self.g_by_cell[i] = g;
        self.parent_by_cell[i] = parent;
        self.stamp_by_cell[i] = self.generation;
        let h = self.estimate(cell);
        self.open.push(OpenEntry {
            key: [g + h, h],
            seq: self.next_seq,
            cell,
        });
        self.next_seq = self.next_seq.wrapping_add(1);
        self.report.counters.generated += 1;
        self.report.counters.open_peak = self.report.counters.open_peak.max(self.open_count);
        if let Some(trace) = &mut self.report.trace {
            trace.open(cell, self.report.counters.expanded);
        }
    }

    /// Expands abstract node (or start) `cell`.
    fn expand_abstract(&mut self, cell: u32) {
        let g = self.g_by_cell[cell as usize];
        // A buffer kept between expansions (no allocation per node).
        let mut successors = std::mem::take(&mut self.successors);
        successors.clear();
        if cell == self.start {
            successors.extend_from_slice(&self.start_edges);
        }
        let graph = self.graph_ref();
        let c = graph.cluster_of(cell);
        let cluster = &graph.clusters[c];
        if let Ok(i) = cluster.nodes.binary_search(&cell) {
            let n = cluster.nodes.len();
            let row = &cluster.dist[i * n..(i + 1) * n];
            for (&to, &cost) in cluster.nodes.iter().zip(row) {
                if to != cell && cost != UNREACHABLE {
                    successors.push((to, cost));
                }
            }
            if c == self.goal_cluster && self.goal_cost_by_node[i] != UNREACHABLE {
                successors.push((self.goal, self.goal_cost_by_node[i]));
            }
            successors.extend_from_slice(cluster.crossings(i));
        }
        for &(to, cost) in &successors {
            self.relax(to, g + cost, cell);
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

    fn finish(&mut self, grid: &Grid, outcome: Outcome) -> Outcome {
        self.phase = Phase::Done;
        self.report.outcome = Some(outcome);
        let cost_of = |path: &[u32]| {
            super::validate::grid_path_cost(grid, self.movement, path).unwrap_or(Cost::MAX)
        };
        match outcome {
            Outcome::Found => {
                // Each edge was refined into a cheapest path of the edge's cost: the refined path costs
                // what the abstract search found.
                self.refined_cost = self.g_by_cell[self.goal as usize];
                debug_assert_eq!(self.refined_cost, cost_of(&self.refined));
                let reach = self.graph_ref().cluster_size();
                self.report.path =
                    self.smoother
                        .shortcut(grid, self.movement, &self.refined, reach);
            }
            Outcome::LimitReached => {
                self.report.path = vec![self.start];
                self.refined_cost = 0;
            }
            Outcome::Unreachable => self.report.path.clear(),
        }
        self.report.path_cost = if self.report.path.is_empty() {
            0
        } else {
            cost_of(&self.report.path)
        };
        outcome
    }

    fn count_expansion(&mut self, cell: u32) {
        self.report.counters.expanded += 1;
        self.report.last_expanded = Some(cell);
        if let Some(trace) = &mut self.report.trace {
            trace.close(cell, self.report.counters.expanded);
        }
    }

    fn step_abstract(&mut self, grid: &Grid) -> Step {
        let cell = loop {
            let Some(OpenEntry { cell, .. }) = self.open.pop() else {
                return Step::Done(self.finish(grid, Outcome::Unreachable));
            };
            if self.stamp_by_cell[cell as usize] == self.generation {
                break cell;
            }
            self.report.counters.stale_pops += 1;
            if let Some(trace) = &mut self.report.trace {
                trace.stale_pop(cell);
            }
        };
        self.stamp_by_cell[cell as usize] = self.generation + 1;
        self.open_count -= 1;
        self.abstract_expanded += 1;
        self.count_expansion(cell);
        if cell == self.goal {
            let mut at = cell;
            self.abstract_path = vec![at];
            while at != self.start {
                at = self.parent_by_cell[at as usize];
                self.abstract_path.push(at);
            }
            self.abstract_path.reverse();
            self.refined.clear();
            self.refined.push(self.start);
            self.advance_refinement(grid, 0);
        } else {
            self.expand_abstract(cell);
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

    fn begin(
        &mut self,
        grid: &Grid,
        params: &SearchParams,
        start: u32,
        goal: u32,
    ) -> Result<(), SearchError> {
        check_supported(grid, params)?;
        check_endpoints(grid, start, goal)?;
        self.prepare(grid, params)?;
        let cells = grid.len();
        if self.stamp_by_cell.len() != cells {
            self.g_by_cell = vec![0; cells];
            self.parent_by_cell = vec![0; cells];
            self.stamp_by_cell = vec![0; cells];
            self.generation = 0;
        }
        if self.generation >= u32::MAX - 4 {
            self.stamp_by_cell.fill(0);
            self.generation = 0;
        }
        self.generation += 2;
        self.movement = params.movement;
        self.expansion_limit = params.expansion_limit;
        self.start = start;
        self.goal = goal;
        self.goal_xy = grid.xy(goal);
        self.width = grid.width();
        self.cheapest = grid.cheapest_cost();
        self.heuristic = Heuristic::best_admissible(params.movement);
        self.open.clear();
        self.open_count = 0;
        self.next_seq = 0;
        self.phase = Phase::Abstract;
        self.abstract_path.clear();
        self.refined.clear();
        self.report.clear();
        self.refined_cost = 0;
        self.abstract_expanded = 0;
        self.refined_segments = 0;
        if let Some(trace) = &mut self.report.trace {
            trace.reset(cells, false);
        }
        // Insertion: the start's edges by a Dijkstra in its cluster, the goal's by a backward one.
        let graph = self.graph.as_ref().expect("prepare built the graph");
        let (start_cluster, goal_cluster) = (graph.cluster_of(start), graph.cluster_of(goal));
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
        for &node in start_nodes {
            if let Some(g) = self.start_search.g(node) {
                self.start_edges.push((node, g));
            }
        }
        if start_cluster == goal_cluster {
            if let Some(g) = self.start_search.g(goal) {
                self.start_edges.push((goal, g));
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
        self.relax(start, 0, start);
        Ok(())
    }

    fn step(&mut self, grid: &Grid) -> Step {
        if let Some(outcome) = self.report.outcome {
            return Step::Done(outcome);
        }
        // Only the abstract search expands cells, so only it is bounded (see the module doc).
        if let Some(limit) = self.expansion_limit {
            if self.phase == Phase::Abstract && self.report.counters.expanded >= limit as u64 {
                return Step::Done(self.finish(grid, Outcome::LimitReached));
            }
        }
        match self.phase {
            Phase::Abstract => self.step_abstract(grid),
            Phase::Refine { segment } => self.step_refinement(grid, segment),
            Phase::Done => Step::Done(self.report.outcome.unwrap_or(Outcome::Unreachable)),
        }
    }

    /// The abstract g (for the start and the abstract nodes reached).
    fn g(&self, cell: u32) -> Option<Cost> {
        self.is_reached(cell).then(|| self.g_by_cell[cell as usize])
    }

    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        if self.generation == 0 || grid.width() != self.width || cell as usize >= grid.len() {
            return 0;
        }
        self.estimate(cell)
    }

    /// Closed by the abstract search.
    fn is_closed(&self, cell: u32) -> bool {
        self.abstract_closed(cell)
    }

    /// The abstract parent: the node the abstract search reached `cell` from.
    fn parent(&self, cell: u32) -> Option<u32> {
        (self.is_reached(cell) && cell != self.start).then(|| self.parent_by_cell[cell as usize])
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
    fn as_hpa(&self) -> Option<&Hpa> {
        Some(self)
    }
}
