//! The abstract graph of HPA* (Botea, Müller and Schaeffer, "Near Optimal Hierarchical Path-Finding",
//! Journal of Game Development 1(1), 2004): the map cut into square clusters, transitions across the
//! cluster borders, and per cluster the cost between every two of its nodes. It is built once per map
//! and brought up to date after edits by rebuilding only the clusters whose cells changed.
//!
//! # Clusters and entrances
//! Cluster `(cx, cy)` holds the columns `cx·K .. (cx+1)·K` and rows `cy·K .. (cy+1)·K` (clipped to the
//! map). Along the border between two side-by-side clusters, an *entrance* is a maximal run of rows in
//! which both cells beside the border are passable. As in the paper, an entrance narrower than
//! [`SPLIT_WIDTH`] gets one transition in its middle, a wider one two, at its ends:
//! ```text
//!   . . | . .      a run of 7 rows across the border |:
//!   a . | b .      a-b is a transition (its first row), and so is its last row;
//!   . . | . .      a and b become nodes of their clusters.
//! ```
//! Every move across a border that the map allows is then *covered*: each cell of an entrance is joined
//! along the border, inside its cluster, to the entrance's transition cell; a diagonal move across the
//! border whose two side cells are not both walls has a free side cell that is part of an entrance
//! (the picture of `movement.rs`). Only a diagonal move between two walls remains, allowed by
//! [`CornerRule::AlwaysCut`](crate::movement::CornerRule): each gets a transition of its own, both along
//! a border and across the corner where four clusters meet. So the abstract graph joins start and goal
//! exactly when the map does.
//!
//! # Data layout
//! - `borders_by_cluster[c]`: the transitions between cluster `c` and its east, south, south-east and
//!   south-west neighbours, each with its cell in `c` first ([`Transition`]).
//! - `clusters[c].nodes`: the cells of `c` that are an end of a transition, sorted; `clusters[c].dist`:
//!   `n × n` costs, row `i` the cheapest cost from node `i` to every node of `c` by moves inside `c`
//!   ([`UNREACHABLE`] when there is none). Costs are real costs (terrain, diagonal steps), so the graph
//!   is directed: costs differ by direction.
//! - `clusters[c]` also keeps, for every pair `(i, j)`, the moves of the path that cost `dist[i·n + j]`
//!   (one byte each, an index into [`DIRECTIONS`](crate::movement::DIRECTIONS)), so refining an
//!   abstract edge copies cells instead of searching; and, per node, the transitions that leave it
//!   ([`Crossing`]: the other end's cluster and index, and the cost), so the abstract search reads a
//!   node's edges from two flat arrays.
//! - Node ids: the nodes numbered densely, cluster by cluster (`node_base[c] + i` for node `i` of
//!   cluster `c`), so that a search can keep its state in one array indexed by node, where the nodes of
//!   a cluster sit side by side ([`AbstractGraph::node_id`], [`AbstractGraph::node`]).
//! - [`AbstractGraph::memory_bound`] bounds what all this takes before anything is built (HPA* refuses
//!   a cluster size whose bound is too large).
//! - A copy of the terrain the graph was built on: [`AbstractGraph::update`] compares it with the map and,
//!   for every cluster holding a changed cell, rebuilds the borders, node lists and crossings of that
//!   cluster and its eight neighbours, and the costs and paths of the changed clusters and of any
//!   neighbour whose nodes changed.

use super::local::{LocalSearch, Rect};
use crate::cost::{step_cost, Cost, COST_SCALE, DIAGONAL_STEP};
use crate::grid::{Grid, Terrain, TerrainCosts};
use crate::movement::Movement;

/// An entrance narrower than this gets one transition (in its middle), a wider one two (at its ends).
pub const SPLIT_WIDTH: u32 = 6;

/// The cost in a cluster's table between two nodes that no path inside the cluster joins.
pub const UNREACHABLE: Cost = Cost::MAX;

/// A pair of cells on either side of a cluster border between which the map allows a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    /// The cell in the cluster that owns the border.
    pub inside: u32,
    /// The cell in the neighbouring cluster.
    pub outside: u32,
    /// True for a diagonal move.
    pub diagonal: bool,
}

impl Transition {
    /// The cost of the move from `from` (one end) to `to` (the other end).
    pub fn cost(&self, grid: &Grid, to: u32) -> Cost {
        step_cost(grid.cost_tenths(to), self.diagonal)
    }
}

/// A transition leaving a node, as the abstract search reads it: where it leads and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossing {
    /// The cluster of the other end.
    pub cluster: u32,
    /// The other end's index among its cluster's nodes.
    pub index: u32,
    /// The cost of the move.
    pub cost: Cost,
}

/// A node by its id: its cell and where it is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeRef {
    /// The node's cell.
    pub cell: u32,
    /// Its cluster.
    pub cluster: u32,
    /// Its index among the cluster's nodes.
    pub index: u32,
    /// The cell's column and row (maps are at most 2048 cells a side), so that the search needs no
    /// division to estimate a node.
    pub x: u16,
    /// See `x`.
    pub y: u16,
}

/// One cluster's nodes, the costs and paths between them, and the transitions leaving them (see the
/// module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cluster {
    /// The cells of the cluster that end a transition, sorted.
    pub nodes: Vec<u32>,
    /// `nodes.len()²` costs, row by row: `dist[i * n + j]` from node `i` to node `j`.
    pub dist: Vec<Cost>,
    /// Indexed by pair `i * n + j` (one more at the end): where the moves of the path from node `i`
    /// to node `j` start in `path_moves`.
    path_start: Vec<u32>,
    /// The moves of every cached path, back to back (indexes into `DIRECTIONS`).
    path_moves: Vec<u8>,
    /// Indexed by node (one more at the end): where the node's crossings start in `crossings`.
    crossing_start: Vec<u32>,
    /// Every transition leaving a node, grouped by node.
    crossings: Vec<Crossing>,
}

impl Cluster {
    /// The moves (indexes into [`DIRECTIONS`](crate::movement::DIRECTIONS)) of the cheapest path inside
    /// the cluster from node `i` to node `j`: `dist[i * n + j]` is its cost (empty when `i == j` or
    /// when no path joins them).
    pub fn path_moves(&self, i: usize, j: usize) -> &[u8] {
        let pair = i * self.nodes.len() + j;
        &self.path_moves[self.path_start[pair] as usize..self.path_start[pair + 1] as usize]
    }

    /// The transitions leaving node `i`.
    pub fn crossings(&self, i: usize) -> &[Crossing] {
        &self.crossings[self.crossing_start[i] as usize..self.crossing_start[i + 1] as usize]
    }
}

/// The four borders a cluster owns, by index in `borders_by_cluster[c]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    East = 0,
    South = 1,
    SouthEast = 2,
    SouthWest = 3,
}

const SIDES: [Side; 4] = [Side::East, Side::South, Side::SouthEast, Side::SouthWest];

/// The map's abstraction (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbstractGraph {
    width: u32,
    height: u32,
    cluster_size: u32,
    movement: Movement,
    costs: TerrainCosts,
    clusters_x: u32,
    clusters_y: u32,
    /// Indexed by cluster id (`cy * clusters_x + cx`).
    pub clusters: Vec<Cluster>,
    /// Indexed by cluster id, then by [`Side`].
    borders_by_cluster: Vec<[Vec<Transition>; 4]>,
    /// Indexed by cluster id (one more at the end): the id of the cluster's first node.
    node_base: Vec<u32>,
    /// Indexed by node id.
    node_refs: Vec<NodeRef>,
    /// The terrain the graph was built from, indexed by cell id.
    terrain: Vec<Terrain>,
}

/// What [`AbstractGraph::update`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Update {
    /// The graph was built from scratch (new map size, cost table, movement or cluster size).
    pub full: bool,
    /// Clusters holding a changed cell.
    pub clusters_touched: u32,
    /// Clusters whose cost table was computed again (all of them on a full build).
    pub clusters_rebuilt: u32,
}

/// An [`AbstractGraph::build`] done in pieces, so that a page can build the graph of a big map (about
/// 1.4 s natively for a 1024 × 1024 random map at K = 16) a slice at a time: the transitions of every
/// border, then each cluster's nodes, costs and paths, then each cluster's crossings, then the node ids,
/// with a look at the clock between clusters. The pieces are those of `build`, in its order, so the graph
/// is the same. A piece that finds the map edited since the last one starts the build again: a change
/// undone between two pieces would escape a comparison at the end.
#[derive(Clone, Debug)]
pub struct GraphBuild {
    graph: AbstractGraph,
    stage: BuildStage,
    /// The next cluster of the stage.
    next: usize,
    local: LocalSearch,
}

/// Where a [`GraphBuild`] is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum BuildStage {
    Borders,
    Costs,
    Crossings,
    Done,
}

/// Clusters a [`GraphBuild`] does between two looks at the clock (a border stage's cluster is quick).
const CLUSTERS_PER_LOOK: usize = 16;

impl GraphBuild {
    /// A build of `grid`'s graph with clusters of `cluster_size` cells a side (at least 2), not begun.
    pub fn new(grid: &Grid, movement: Movement, cluster_size: u32) -> GraphBuild {
        let mut graph = AbstractGraph::shape(grid, movement, cluster_size);
        let count = (graph.clusters_x * graph.clusters_y) as usize;
        graph.clusters = vec![Cluster::default(); count];
        graph.borders_by_cluster = vec![Default::default(); count];
        graph.terrain = grid.terrain_slice().to_vec();
        GraphBuild {
            graph,
            stage: BuildStage::Borders,
            next: 0,
            local: LocalSearch::default(),
        }
    }

    /// True when this builds the graph [`AbstractGraph::build`] would make for these arguments' shape.
    pub fn builds(&self, grid: &Grid, movement: Movement, cluster_size: u32) -> bool {
        self.graph.same_shape(grid, movement, cluster_size)
    }

    /// Builds on until the graph is done (true) or `out_of_time` says to stop (false; call again to go
    /// on). `grid` is the map given to [`GraphBuild::new`] (edited or not: see the type's doc).
    pub fn advance(&mut self, grid: &Grid, out_of_time: &mut dyn FnMut() -> bool) -> bool {
        // An edit since the last piece (even one undone since) may have reached clusters built before
        // it and clusters built during it: the build starts again on the map as it is.
        if self.stage != BuildStage::Done
            && !same_terrain(&self.graph.terrain, grid.terrain_slice())
        {
            let (movement, k) = (self.graph.movement, self.graph.cluster_size);
            *self = GraphBuild::new(grid, movement, k);
        }
        let count = self.graph.clusters.len();
        loop {
            for _ in 0..CLUSTERS_PER_LOOK {
                if self.next == count {
                    self.next = 0;
                    self.stage = match self.stage {
                        BuildStage::Borders => BuildStage::Costs,
                        BuildStage::Costs => BuildStage::Crossings,
                        BuildStage::Crossings => {
                            self.graph.number_nodes();
                            BuildStage::Done
                        }
                        BuildStage::Done => BuildStage::Done,
                    };
                }
                let c = self.next;
                match self.stage {
                    BuildStage::Borders => {
                        for side in SIDES {
                            self.graph.borders_by_cluster[c][side as usize] =
                                self.graph.find_transitions(grid, c, side);
                        }
                    }
                    // Crossings name their other end by its index: every node list is final first.
                    BuildStage::Costs => {
                        self.graph.clusters[c].nodes = self.graph.collect_nodes(c);
                        self.graph.compute_costs(grid, c, &mut self.local);
                    }
                    BuildStage::Crossings => self.graph.collect_crossings(grid, c),
                    BuildStage::Done => return true,
                }
                self.next += 1;
            }
            if out_of_time() {
                return false;
            }
        }
    }

    /// The graph, once [`GraphBuild::advance`] returned true.
    pub fn finish(self) -> AbstractGraph {
        debug_assert_eq!(self.stage, BuildStage::Done);
        self.graph
    }
}

/// The largest capacity a list of `len` items grown by pushes can have: doubling from 4 (none when empty).
fn grown(len: usize) -> usize {
    match len {
        0 => 0,
        _ => 2 * len.max(4),
    }
}

/// True when `a` and `b` hold the same terrain. Every search compares the whole map with the graph's
/// copy, so this compares blocks of cells without an early exit per cell (which the compiler turns
/// into wide compares); the slice's `==` compares the enum cell by cell, which took about 1.3 ms a
/// search on a 1024 × 1024 map.
fn same_terrain(a: &[Terrain], b: &[Terrain]) -> bool {
    const BLOCK: usize = 64;
    a.len() == b.len()
        && a.chunks(BLOCK).zip(b.chunks(BLOCK)).all(|(x, y)| {
            x.iter()
                .zip(y)
                .fold(0u8, |differ, (&p, &q)| differ | (p as u8 ^ q as u8))
                == 0
        })
}

impl AbstractGraph {
    /// Builds the graph of `grid` with clusters of `cluster_size` cells a side (at least 2).
    pub fn build(grid: &Grid, movement: Movement, cluster_size: u32) -> AbstractGraph {
        let mut building = GraphBuild::new(grid, movement, cluster_size);
        while !building.advance(grid, &mut || false) {}
        building.finish()
    }

    /// An upper bound of the [`AbstractGraph::memory_bytes`] of the graph [`AbstractGraph::build`] would
    /// make, found without building it: what the build does before its searches (the transitions of
    /// every border, counted, not kept) plus a bound of what the searches would add.
    ///
    /// Per cluster, with `e` the transition ends in it (its nodes, before the same cell is counted once,
    /// so at least the node count `n`): the node list, the `n × n` cost table and path index, one
    /// crossing a transition end, and the cached paths: `n(n − 1)` of them (none from a node to
    /// itself), each a simple path of at most `cells − 1` moves for `cells` passable cells; in a cluster
    /// without walls a cheapest path costs no more than the straight octile (or Manhattan) walk, so it
    /// has at most that walk's cost over the cheapest move's. A list grown by pushes is counted at the
    /// capacity the doubling can reach (twice its length, at least 4).
    pub fn memory_bound(grid: &Grid, movement: Movement, cluster_size: u32) -> usize {
        let shape = AbstractGraph::shape(grid, movement, cluster_size);
        let count = (shape.clusters_x * shape.clusters_y) as usize;
        let mut ends = vec![0usize; count];
        let mut borders = count * std::mem::size_of::<[Vec<Transition>; 4]>();
        for c in 0..count {
            for side in SIDES {
                let list = shape.find_transitions(grid, c, side);
                borders += grown(list.len()) * std::mem::size_of::<Transition>();
                ends[c] += list.len();
                for t in &list {
                    ends[shape.cluster_of(t.outside)] += 1;
                }
            }
        }
        let passable = shape.passable_by_cluster(grid);
        let all_ends: usize = ends.iter().sum();
        let numbering = grown(count + 1) * 4 + grown(all_ends) * std::mem::size_of::<NodeRef>();
        let clusters: usize = (0..count)
            .map(|c| shape.cluster_bound(grid, c, ends[c], passable[c]))
            .sum();
        clusters + borders + numbering + grid.len()
    }

    /// A graph of `grid`'s shape with no clusters yet: enough to find transitions and name clusters.
    fn shape(grid: &Grid, movement: Movement, cluster_size: u32) -> AbstractGraph {
        let k = cluster_size.max(2);
        AbstractGraph {
            width: grid.width(),
            height: grid.height(),
            cluster_size: k,
            movement,
            costs: grid.costs(),
            clusters_x: grid.width().div_ceil(k),
            clusters_y: grid.height().div_ceil(k),
            clusters: Vec::new(),
            borders_by_cluster: Vec::new(),
            node_base: Vec::new(),
            node_refs: Vec::new(),
            terrain: Vec::new(),
        }
    }

    /// How many passable cells each cluster holds.
    fn passable_by_cluster(&self, grid: &Grid) -> Vec<usize> {
        let mut passable = vec![0usize; (self.clusters_x * self.clusters_y) as usize];
        for cell in 0..grid.len() as u32 {
            if grid.is_passable(cell) {
                passable[self.cluster_of(cell)] += 1;
            }
        }
        passable
    }

    /// The bound of [`AbstractGraph::memory_bound`] for cluster `c`'s record, with `ends` transition
    /// ends and `passable` passable cells.
    fn cluster_bound(&self, grid: &Grid, c: usize, ends: usize, passable: usize) -> usize {
        let n = ends;
        let pairs = n * n;
        let rect = self.rect(c);
        let cells = ((rect.x1 - rect.x0) * (rect.y1 - rect.y0)) as usize;
        let mut longest = passable.saturating_sub(1);
        if passable == cells {
            longest = longest.min(self.open_path_moves(grid, rect));
        }
        std::mem::size_of::<Cluster>()
            + grown(n) * 4
            + pairs * std::mem::size_of::<Cost>()
            + (pairs + 1) * 4
            + n.saturating_sub(1) * n * longest
            + (n + 1) * 4
            + ends * std::mem::size_of::<Crossing>()
    }

    /// The most moves a cheapest path can have inside `rect` when it holds no wall: the straight
    /// octile (or Manhattan) walk across it, at the dearest terrain, over the cheapest move (both as
    /// [`Grid::editable_cheapest_tenths`] counts them).
    fn open_path_moves(&self, grid: &Grid, rect: Rect) -> usize {
        let cheapest = grid.editable_cheapest_tenths() as u64;
        let dearest = grid.editable_dearest_tenths() as u64;
        let side = (rect.x1 - rect.x0).max(rect.y1 - rect.y0) as u64 - 1;
        let walk = match self.movement {
            Movement::Four => 2 * side * COST_SCALE,
            Movement::Eight(_) => side * DIAGONAL_STEP,
        };
        (dearest * walk).div_ceil(cheapest * COST_SCALE) as usize
    }

    /// Numbers the nodes cluster by cluster (`node_base`, `node_refs`); O(clusters + nodes).
    fn number_nodes(&mut self) {
        self.node_base.clear();
        self.node_refs.clear();
        for (c, cluster) in self.clusters.iter().enumerate() {
            self.node_base.push(self.node_refs.len() as u32);
            self.node_refs
                .extend(cluster.nodes.iter().enumerate().map(|(i, &cell)| NodeRef {
                    cell,
                    cluster: c as u32,
                    index: i as u32,
                    x: (cell % self.width) as u16,
                    y: (cell / self.width) as u16,
                }));
        }
        self.node_base.push(self.node_refs.len() as u32);
    }

    /// The id of node `index` of cluster `cluster` (see the module doc).
    #[inline]
    pub fn node_id(&self, cluster: usize, index: usize) -> u32 {
        self.node_base[cluster] + index as u32
    }

    /// The node with id `id`.
    #[inline]
    pub fn node(&self, id: u32) -> NodeRef {
        self.node_refs[id as usize]
    }

    /// The id of the node at `cell`, if it is one.
    pub fn node_id_of(&self, cell: u32) -> Option<u32> {
        let i = self.node_index(cell)?;
        Some(self.node_id(self.cluster_of(cell), i))
    }

    /// Brings the graph up to date with `grid` (the map it was built on, possibly edited since), or
    /// builds it again when the map's size, cost table, the movement or the cluster size changed.
    pub fn update(&mut self, grid: &Grid, movement: Movement, cluster_size: u32) -> Update {
        if !self.same_shape(grid, movement, cluster_size) {
            *self = AbstractGraph::build(grid, movement, cluster_size);
            return Update {
                full: true,
                clusters_touched: self.clusters.len() as u32,
                clusters_rebuilt: self.clusters.len() as u32,
            };
        }
        if same_terrain(&self.terrain, grid.terrain_slice()) {
            return Update::default();
        }
        let mut touched = vec![false; self.clusters.len()];
        for (cell, (old, new)) in self.terrain.iter().zip(grid.terrain_slice()).enumerate() {
            if old != new {
                touched[self.cluster_of(cell as u32)] = true;
            }
        }
        self.terrain.copy_from_slice(grid.terrain_slice());
        let touched: Vec<usize> = (0..touched.len()).filter(|&c| touched[c]).collect();
        self.rebuild(grid, &touched)
    }

    /// True when [`AbstractGraph::update`] can keep this graph for `grid`: same map size, cost table,
    /// movement and cluster size (else it builds a new one).
    pub fn same_shape(&self, grid: &Grid, movement: Movement, cluster_size: u32) -> bool {
        self.width == grid.width()
            && self.height == grid.height()
            && self.cluster_size == cluster_size.max(2)
            && self.movement == movement
            && self.costs == grid.costs()
    }

    /// Rebuilds after edits inside the clusters `touched` (see the module doc).
    fn rebuild(&mut self, grid: &Grid, touched: &[usize]) -> Update {
        // A cell is looked at by the borders of its own cluster and of the eight around it (a corner
        // transition's side cells lie in the other two clusters of the corner), and every end of such a
        // border lies in those nine clusters: their borders and node lists are all that can change.
        let around = self.with_neighbours(touched);
        for &c in &around {
            for side in SIDES {
                self.borders_by_cluster[c][side as usize] = self.find_transitions(grid, c, side);
            }
        }
        let mut local = LocalSearch::default();
        let mut rebuilt = 0;
        for &c in &around {
            let nodes = self.collect_nodes(c);
            let interior_changed = touched.binary_search(&c).is_ok();
            if interior_changed || nodes != self.clusters[c].nodes {
                self.clusters[c].nodes = nodes;
                self.compute_costs(grid, c, &mut local);
                rebuilt += 1;
            }
        }
        // A crossing's cost is the terrain of its other end, which may be in a touched neighbour, and
        // it names that end by its index, which moves when the neighbour's node list changed: every
        // cluster beside one of `around` collects its crossings again.
        for c in self.with_neighbours(&around) {
            self.collect_crossings(grid, c);
        }
        self.number_nodes();
        Update {
            full: false,
            clusters_touched: touched.len() as u32,
            clusters_rebuilt: rebuilt,
        }
    }

    /// The clusters `clusters` and the eight around each, sorted, each once.
    fn with_neighbours(&self, clusters: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &c in clusters {
            let (cx, cy) = self.cluster_xy(c);
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if let Some(n) = self.cluster_at(cx as i64 + dx, cy as i64 + dy) {
                        out.push(n);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The cluster size.
    pub fn cluster_size(&self) -> u32 {
        self.cluster_size
    }

    /// How many clusters across and down.
    pub fn cluster_counts(&self) -> (u32, u32) {
        (self.clusters_x, self.clusters_y)
    }

    /// The id of the cluster holding `cell`.
    #[inline]
    pub fn cluster_of(&self, cell: u32) -> usize {
        let (x, y) = (cell % self.width, cell / self.width);
        ((y / self.cluster_size) * self.clusters_x + x / self.cluster_size) as usize
    }

    fn cluster_xy(&self, c: usize) -> (u32, u32) {
        (c as u32 % self.clusters_x, c as u32 / self.clusters_x)
    }

    fn cluster_at(&self, cx: i64, cy: i64) -> Option<usize> {
        let inside =
            cx >= 0 && cy >= 0 && cx < self.clusters_x as i64 && cy < self.clusters_y as i64;
        inside.then(|| (cy * self.clusters_x as i64 + cx) as usize)
    }

    /// The cells of cluster `c`.
    pub fn rect(&self, c: usize) -> Rect {
        let (cx, cy) = self.cluster_xy(c);
        let k = self.cluster_size;
        Rect {
            x0: cx * k,
            y0: cy * k,
            x1: ((cx + 1) * k).min(self.width),
            y1: ((cy + 1) * k).min(self.height),
        }
    }

    /// The index of `cell` among its cluster's nodes, if it is one.
    pub fn node_index(&self, cell: u32) -> Option<usize> {
        self.clusters[self.cluster_of(cell)]
            .nodes
            .binary_search(&cell)
            .ok()
    }

    /// How many nodes the graph has.
    pub fn node_count(&self) -> usize {
        self.node_refs.len()
    }

    /// Every transition, each once.
    pub fn transitions(&self) -> impl Iterator<Item = &Transition> {
        self.borders_by_cluster.iter().flatten().flatten()
    }

    /// Calls `visit(other, transition)` for every transition with an end at `cell`, `other` its other end.
    pub fn for_each_crossing(&self, cell: u32, mut visit: impl FnMut(u32, &Transition)) {
        let c = self.cluster_of(cell);
        for list in &self.borders_by_cluster[c] {
            for t in list.iter().filter(|t| t.inside == cell) {
                visit(t.outside, t);
            }
        }
        for list in self.borders_into(c) {
            for t in list.iter().filter(|t| t.outside == cell) {
                visit(t.inside, t);
            }
        }
    }

    /// The transition lists of the neighbouring clusters whose borders lead into cluster `c` (their
    /// `outside` ends are in `c`): the west one's east border, the north one's south border, and the
    /// north-west and north-east ones' diagonal corners. A cluster keeps only the borders it owns.
    fn borders_into(&self, c: usize) -> impl Iterator<Item = &[Transition]> {
        let (cx, cy) = self.cluster_xy(c);
        [
            (-1, 0, Side::East),
            (0, -1, Side::South),
            (-1, -1, Side::SouthEast),
            (1, -1, Side::SouthWest),
        ]
        .into_iter()
        .filter_map(move |(dx, dy, side)| {
            let n = self.cluster_at(cx as i64 + dx, cy as i64 + dy)?;
            Some(self.borders_by_cluster[n][side as usize].as_slice())
        })
    }

    /// Bytes held by the graph (its arrays' capacities, the terrain copy included).
    pub fn memory_bytes(&self) -> usize {
        let clusters: usize = self
            .clusters
            .iter()
            .map(|c| {
                std::mem::size_of::<Cluster>()
                    + c.nodes.capacity() * 4
                    + c.dist.capacity() * std::mem::size_of::<Cost>()
                    + c.path_start.capacity() * 4
                    + c.path_moves.capacity()
                    + c.crossing_start.capacity() * 4
                    + c.crossings.capacity() * std::mem::size_of::<Crossing>()
            })
            .sum();
        let numbering = self.node_base.capacity() * 4
            + self.node_refs.capacity() * std::mem::size_of::<NodeRef>();
        let borders: usize = self
            .borders_by_cluster
            .iter()
            .map(|sides| {
                std::mem::size_of::<[Vec<Transition>; 4]>()
                    + sides
                        .iter()
                        .map(|l| l.capacity() * std::mem::size_of::<Transition>())
                        .sum::<usize>()
            })
            .sum();
        clusters + borders + numbering + self.terrain.capacity()
    }

    /// The transitions of the border that cluster `c` owns on `side` (none at the map's edge).
    fn find_transitions(&self, grid: &Grid, c: usize, side: Side) -> Vec<Transition> {
        let (cx, cy) = self.cluster_xy(c);
        let rect = self.rect(c);
        let mut out = Vec::new();
        let cell = |x: u32, y: u32| y * self.width + x;
        let free = |x: i64, y: i64| {
            x >= 0
                && y >= 0
                && x < self.width as i64
                && y < self.height as i64
                && grid.is_passable(cell(x as u32, y as u32))
        };
        match side {
            Side::East | Side::South => {
                let east = side == Side::East;
                if (east && cx + 1 >= self.clusters_x) || (!east && cy + 1 >= self.clusters_y) {
                    return out;
                }
                // Walk along the border: `along` is the row (east) or column (south); `inside` the
                // cell in c, `outside` its neighbour across the border.
                let (first, end) = if east {
                    (rect.y0, rect.y1)
                } else {
                    (rect.x0, rect.x1)
                };
                let at = |along: u32| -> ((i64, i64), (i64, i64)) {
                    if east {
                        (
                            (rect.x1 as i64 - 1, along as i64),
                            (rect.x1 as i64, along as i64),
                        )
                    } else {
                        (
                            (along as i64, rect.y1 as i64 - 1),
                            (along as i64, rect.y1 as i64),
                        )
                    }
                };
                let open_pair = |along: u32| {
                    let (a, b) = at(along);
                    free(a.0, a.1) && free(b.0, b.1)
                };
                let to_cell = |p: (i64, i64)| cell(p.0 as u32, p.1 as u32);
                let mut along = first;
                while along < end {
                    if !open_pair(along) {
                        along += 1;
                        continue;
                    }
                    let run_start = along;
                    while along < end && open_pair(along) {
                        along += 1;
                    }
                    let run_len = along - run_start;
                    let picks = if run_len < SPLIT_WIDTH {
                        vec![run_start + run_len / 2]
                    } else {
                        vec![run_start, along - 1]
                    };
                    for pick in picks {
                        let (a, b) = at(pick);
                        out.push(Transition {
                            inside: to_cell(a),
                            outside: to_cell(b),
                            diagonal: false,
                        });
                    }
                }
                // Diagonal moves across the border between two walls (AlwaysCut only).
                if let Movement::Eight(_) = self.movement {
                    for along in first..end.saturating_sub(1) {
                        let (a0, b0) = at(along);
                        let (a1, b1) = at(along + 1);
                        for (from, to, side_a, side_b) in [(a0, b1, b0, a1), (a1, b0, b1, a0)] {
                            if free(from.0, from.1)
                                && free(to.0, to.1)
                                && !free(side_a.0, side_a.1)
                                && !free(side_b.0, side_b.1)
                                && self.diagonal_allowed(grid, to_cell(from), to_cell(to))
                            {
                                out.push(Transition {
                                    inside: to_cell(from),
                                    outside: to_cell(to),
                                    diagonal: true,
                                });
                            }
                        }
                    }
                }
            }
            Side::SouthEast | Side::SouthWest => {
                let east = side == Side::SouthEast;
                let has_neighbour = cy + 1 < self.clusters_y
                    && if east {
                        cx + 1 < self.clusters_x
                    } else {
                        cx > 0
                    };
                if !has_neighbour || !matches!(self.movement, Movement::Eight(_)) {
                    return out;
                }
                let (ax, ay) = (
                    if east {
                        rect.x1 as i64 - 1
                    } else {
                        rect.x0 as i64
                    },
                    rect.y1 as i64 - 1,
                );
                let bx = if east { ax + 1 } else { ax - 1 };
                let by = ay + 1;
                if free(ax, ay) && free(bx, by) && !free(bx, ay) && !free(ax, by) {
                    let (a, b) = (cell(ax as u32, ay as u32), cell(bx as u32, by as u32));
                    if self.diagonal_allowed(grid, a, b) {
                        out.push(Transition {
                            inside: a,
                            outside: b,
                            diagonal: true,
                        });
                    }
                }
            }
        }
        out
    }

    /// True when the movement allows the diagonal move from `a` to its diagonal neighbour `b`.
    fn diagonal_allowed(&self, grid: &Grid, a: u32, b: u32) -> bool {
        let mut allowed = false;
        self.movement
            .for_each_neighbour(grid, a, |n, _| allowed |= n == b);
        allowed
    }

    /// The sorted cells of cluster `c` that end a transition of any of its eight borders.
    fn collect_nodes(&self, c: usize) -> Vec<u32> {
        let mut nodes = Vec::new();
        for list in &self.borders_by_cluster[c] {
            nodes.extend(list.iter().map(|t| t.inside));
        }
        for list in self.borders_into(c) {
            nodes.extend(list.iter().map(|t| t.outside));
        }
        nodes.sort_unstable();
        nodes.dedup();
        nodes
    }

    /// Fills cluster `c`'s cost table and paths: a Dijkstra inside the cluster from each of its nodes.
    fn compute_costs(&mut self, grid: &Grid, c: usize, local: &mut LocalSearch) {
        let rect = self.rect(c);
        let nodes = std::mem::take(&mut self.clusters[c].nodes);
        let n = nodes.len();
        let mut dist = vec![UNREACHABLE; n * n];
        let mut path_start = Vec::with_capacity(n * n + 1);
        let mut path_moves = Vec::new();
        for (i, &from) in nodes.iter().enumerate() {
            local.start(grid, rect, self.movement, from, false);
            local.settle(grid, &nodes);
            for (j, &to) in nodes.iter().enumerate() {
                path_start.push(path_moves.len() as u32);
                // `settle` closed every node it reached: its g and parents are final.
                if let Some(g) = local.g(to) {
                    dist[i * n + j] = g;
                    local.append_moves_to(to, &mut path_moves);
                }
            }
        }
        path_start.push(path_moves.len() as u32);
        path_moves.shrink_to_fit();
        let cluster = &mut self.clusters[c];
        cluster.nodes = nodes;
        cluster.dist = dist;
        cluster.path_start = path_start;
        cluster.path_moves = path_moves;
    }

    /// Fills cluster `c`'s crossings (the node lists of `c` and its neighbours must be collected).
    fn collect_crossings(&mut self, grid: &Grid, c: usize) {
        let nodes = std::mem::take(&mut self.clusters[c].nodes);
        let mut by_node: Vec<(usize, Crossing)> = Vec::new();
        for (i, &node) in nodes.iter().enumerate() {
            self.for_each_crossing(node, |other, t| {
                let cluster = self.cluster_of(other);
                let index = self
                    .node_index(other)
                    .expect("a transition's end is a node of its cluster");
                by_node.push((
                    i,
                    Crossing {
                        cluster: cluster as u32,
                        index: index as u32,
                        cost: t.cost(grid, other),
                    },
                ))
            });
        }
        let mut crossing_start = Vec::with_capacity(nodes.len() + 1);
        let mut at = 0;
        for i in 0..nodes.len() {
            crossing_start.push(at as u32);
            while at < by_node.len() && by_node[at].0 == i {
                at += 1;
            }
        }
        crossing_start.push(at as u32);
        let cluster = &mut self.clusters[c];
        cluster.crossings = by_node.iter().map(|&(_, crossing)| crossing).collect();
        cluster.crossing_start = crossing_start;
        cluster.nodes = nodes;
    }
}
