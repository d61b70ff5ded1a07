//! The [`Search`] engine: per-cell arrays, the open list, and `step()`.
//!
//! Where the time goes, and why the hot path looks as it does (measured with `astar bench` and
//! callgrind; numbers in the README):
//! - cells are *slots* inside the search: ids in the grid's bordered terrain
//!   ([`Grid::bordered_terrain`], one ring of walls around the map), so that every cell has eight
//!   neighbours at fixed offsets and no neighbour needs a bounds test; the API speaks cell ids and
//!   converts at the edges (begin, the path, the queries, the trace);
//! - an expansion computes its cell's (x, y) once (one division); neighbours and their heuristic use
//!   x ± 1 and y ± 1, never `slot / width` again; the corner rule reuses the orthogonal neighbours'
//!   terrain, read once;
//! - neighbour costs come from a 4-entry table by terrain code, fixed-point step costs precomputed at
//!   [`Search::begin`] (no per-search work proportional to the map);
//! - "seen this search" is one subtraction on the stamp (`stamp - generation < 2`);
//! - heap entries carry no g: an entry popped for a closed cell is exactly a stale one (see
//!   `open_list`), so the staleness test reads the stamp only.
//!
//! Costs inside a search are in its own [`Pricing`]: exact for the searches that promise the optimum
//! (Dijkstra, A* at w = 1, and breadth-first), so that of two paths whose lengths differ by a hair the
//! shorter wins (the fixed point of [`crate::cost`] rounds each diagonal up and can order them the wrong
//! way round), and the fixed point for the others. They leave the engine in the fixed point
//! ([`Pricing::to_fixed`]), the numbers a fixed-point search gives the same path. An exact pricing keeps
//! its costs as small as the map allows (`choose_pricing`); on a map too large and too dear for them to
//! fit (a bound above 225,058,680 units: see `choose_pricing`), the search falls back
//! to the fixed point.

use super::open_list::{IndexedOpenList, OpenEntry, OpenList};
use super::stepper::{Request, Stepper};
use super::trace::Trace;
use super::variant::{EngineVariant, Shipped};
use super::{
    Algorithm, Counters, Outcome, SearchError, SearchParams, SearchResult, Step, TieBreak, Weight,
};
use crate::cost::{gcd, Cost, Pricing};
use crate::grid::{Grid, Terrain, TERRAIN_KINDS};
use crate::heuristic::Heuristic;
use crate::message::Message;
use crate::movement::{CornerRule, Movement};
use crate::regions::Regions;

/// Marks "no parent" (the start cell) in [`CellState::g_and_move`].
const NO_MOVE: u64 = 15;

/// An incremental search that keeps its buffers between runs (see the module doc of [`crate::search`]).
///
/// The grid must not change between [`Search::begin`] and the end of the search: the engine does not own
/// it, and each `step` is handed the same grid again.
///
/// `V` picks the data structures (see [`super::variant`]); everything outside `astar bench` uses the
/// default, [`Shipped`].
#[derive(Clone, Debug, Default)]
pub struct Search<V: EngineVariant = Shipped> {
    /// Indexed by slot (see the module doc): the search state of each cell, 12 bytes (see [`CellState`]).
    state_by_slot: Vec<CellState>,
    /// The grid's width, and the width of its bordered terrain (`width + 2`): slot = (y + 1) *
    /// `bordered_width` + x + 1.
    width: u32,
    bordered_width: u32,
    /// Cells in the grid.
    cells: u32,
    /// Even, and at least 2, once a search has begun.
    generation: u32,
    /// The open list of packed entries (see `open_list`): used unless the search is `wide`.
    open: OpenList<u128>,
    /// The open list of a `wide` search.
    wide_open: OpenList<OpenEntry>,
    /// Only when `V::DECREASE_KEY`: replaces both.
    indexed: Option<Box<IndexedOpenList>>,
    open_count: u64,
    next_seq: u32,

    params: SearchParams,
    /// Slot offsets of the moves N, E, S, W, NE, SE, SW, NW (wrapping): a cell reached by move m has
    /// its parent at `slot - move_offsets[m]`.
    move_offsets: [u32; 8],
    /// Slots of the start and the goal.
    start: u32,
    goal: u32,
    goal_xy: (u32, u32),
    /// The search counts g and h in units of `unit` tenths: the greatest common divisor of the costs of
    /// the terrains on the map and of the heuristic's scale (10 on a map of whole numbers), so that keys need no more bits than the
    /// costs' own precision does (see `choose_key_layout`); what leaves the engine is in tenths again.
    unit: Cost,
    /// What a step costs in this search (see the module doc).
    pricing: Pricing,
    /// What the heuristic is multiplied by ([`SearchParams::h_scale_tenths`]), in `unit`s.
    cheapest: u16,
    /// Where the priority starts in a packed open-list key: above the tie-break.
    primary_shift: u32,
    /// Where the tie-break starts in a packed key: above the 32-bit `seq`, itself above the cell.
    secondary_shift: u32,
    /// The low bits of the tie-break a packed key leaves out, when the whole of it would not fit beside
    /// the priority (0 unless a large map has an exact pricing: see `choose_key_layout`).
    secondary_drop: u32,
    /// Bits of the slot at the bottom of a packed key (enough for the largest slot of the grid).
    cell_bits: u32,
    /// The priority is `g * g_factor + h * h_factor` (the table in the module doc of `search`, as
    /// arithmetic instead of a branch per generated cell): 0 and 0 for breadth-first, 1 and 0 for
    /// Dijkstra, 0 and 1 for greedy; for A*, 1000 and the weight in thousandths, divided by their
    /// greatest common divisor (the same order, fewer bits: 1 and 1 for w = 1).
    g_factor: Cost,
    /// See `g_factor`.
    h_factor: Cost,
    /// The tie-break is `h * tie_h + (g_ceiling - g) * tie_g`: 1 and 0 for lower h first, 0 and 1 for
    /// higher g first, 0 and 0 for insertion order.
    tie_h: Cost,
    /// See `tie_h`.
    tie_g: Cost,
    /// `seq` is the push count XOR this: 0 (first in, first out), or all ones for last in, first out.
    seq_flip: u32,
    /// True when priority, tie-break and `seq` do not fit 128 bits together (see `open_list`).
    wide: bool,
    /// No g of this search exceeds it: the higher-g tie-break orders by `g_ceiling - g`.
    g_ceiling: Cost,
    /// Fixed-point cost of an orthogonal step onto each terrain, by terrain code (0 for a wall).
    straight_by_terrain: [Cost; TERRAIN_KINDS],
    /// Fixed-point cost of a diagonal step onto each terrain, by terrain code (0 for a wall).
    diagonal_by_terrain: [Cost; TERRAIN_KINDS],
    /// What an orthogonal step onto a cell adds to its terrain's cost, by the cell's level (see
    /// [`crate::penalty`]); empty when the map has no penalties (the step then reads no level).
    extra_straight: Vec<Cost>,
    /// The same for a diagonal step.
    extra_diagonal: Vec<Cost>,
    /// With [`SearchParams::danger_in_h`]: what h adds at a cell of each level (its watchers' danger, in
    /// units), and the grid's levels by slot (copied at `begin`, as `generate` has no grid); both empty
    /// otherwise.
    h_extra_by_level: Vec<Cost>,
    h_levels: Vec<u8>,
    /// The closed slot closest to the goal so far (for a partial path), with its octile distance.
    closest: (Cost, u32),
    counters: Counters,
    outcome: Option<Outcome>,
    path: Vec<u32>,
    last_expanded: Option<u32>,

    trace: Option<Trace>,
    variant: std::marker::PhantomData<V>,
}

/// What the search knows about one cell, in 12 bytes. The fields sit together because an expansion
/// reads and writes them together: one cache line per neighbour instead of three.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, packed(4))]
struct CellState {
    /// `move << 60 | g`: the best g found (below [`G_MASK`]), and above it the move that reached the
    /// cell with that g (an index into [`Search::move_offsets`], which lead back to the parent;
    /// [`NO_MOVE`] for the start). Valid while `stamp` is this generation or the next.
    g_and_move: u64,
    /// `generation` = open, `generation + 1` = closed, anything else: not reached in this search.
    stamp: u32,
}

impl CellState {
    /// The best g found.
    #[inline(always)]
    fn g(self) -> Cost {
        self.g_and_move & G_MASK
    }

    /// The move that reached the cell.
    #[inline(always)]
    fn arrival(self) -> u64 {
        self.g_and_move >> MOVE_SHIFT
    }
}

const _: () = assert!(std::mem::size_of::<CellState>() == 12);

/// Where the move starts in [`CellState::g_and_move`], and the bits of g below it.
const MOVE_SHIFT: u32 = 60;
const G_MASK: u64 = (1 << MOVE_SHIFT) - 1;

/// A step cost (and a bar) no real cost reaches: g stays below 2^51 (2048 × 2048 cells of cost 255,
/// diagonal steps: see [`crate::cost`]), so a wall's step, a forbidden corner's, or an unseen cell's bar of `BLOCKED` keeps
/// every comparison in `relax` exact with no overflow, and g + `BLOCKED` below [`G_MASK`].
const BLOCKED: Cost = 1 << 58;

impl Search {
    /// An empty engine; buffers grow on the first search.
    pub fn new() -> Search {
        Search::default()
    }
}

impl<V: EngineVariant> Search<V> {
    /// An empty engine with the data structures of the variant `V` (for `astar bench`).
    #[doc(hidden)]
    pub fn with_variant() -> Search<V> {
        Search::default()
    }

    /// Turns the trace on or off. With the trace on, each cell records at which step it was opened and
    /// closed, and [`Search::changes`] lists the cells changed since the last [`Search::clear_changes`];
    /// it costs 8 bytes per cell and an O(cells) reset at each [`Search::begin`].
    pub fn set_trace(&mut self, on: bool) {
        self.trace = if on { Some(Trace::default()) } else { None };
    }

    /// Starts a search from `start` to `goal` (cell ids), dropping any search in progress.
    ///
    /// - `start`, `goal`: cells of `grid` that are not walls, or a [`SearchError`] saying which is wrong.
    pub fn begin(
        &mut self,
        grid: &Grid,
        params: &SearchParams,
        start: u32,
        goal: u32,
    ) -> Result<(), SearchError> {
        refuse_other_algorithms(params)?;
        super::registry::check_endpoints(grid, start, goal)?;
        self.width = grid.width();
        self.bordered_width = grid.width() + 2;
        self.cells = grid.len() as u32;
        self.prepare_buffers(grid.bordered_terrain().len(), grid.len());
        self.params = *params;
        // Breadth-first expands in insertion order whatever the tie-break (the table in the module doc):
        // last-in or higher-g first would make it depth-first and lose "fewest moves".
        if params.algorithm == Algorithm::Bfs {
            self.params.tie_break = TieBreak::FirstIn;
        }
        self.start = self.slot(start);
        self.goal = self.slot(goal);
        self.goal_xy = grid.xy(goal);
        let h_scale = params.h_scale_tenths(grid) as Cost;
        let penalties = grid.penalties();
        let extras_on = !grid.bordered_levels().is_empty();
        let extra_parts = [penalties.hug_tenths, penalties.danger_tenths]
            .map(|tenths| tenths as Cost * extras_on as Cost);
        self.unit = Terrain::PASSABLE
            .into_iter()
            .filter(|&t| grid.count(t) > 0)
            .map(|t| grid.costs().tenths(t) as Cost)
            .chain(extra_parts)
            .fold(h_scale, gcd);
        self.pricing = self.choose_pricing(grid, h_scale);
        self.extra_straight.clear();
        self.extra_diagonal.clear();
        self.h_extra_by_level.clear();
        self.h_levels.clear();
        // Seed 003's way: the watchers' danger left out of the steps and added to h (A* and greedy).
        let danger_in_h = params.danger_in_h_applies(grid);
        if extras_on {
            for level in 0..=penalties.max_level() {
                let (step_level, h_level) = match danger_in_h {
                    true => (level & 1, level & !1),
                    false => (level, 0),
                };
                let units = (penalties.level_extra_tenths(step_level) as Cost / self.unit) as u16;
                self.extra_straight.push(self.pricing.step(units, false));
                self.extra_diagonal.push(self.pricing.step(units, true));
                if danger_in_h {
                    let tenths = penalties.level_extra_tenths(h_level) as Cost;
                    self.h_extra_by_level
                        .push(self.pricing.step((tenths / self.unit) as u16, false));
                }
            }
        }
        if danger_in_h {
            self.h_levels.extend_from_slice(grid.bordered_levels());
        }
        self.cheapest = (h_scale / self.unit) as u16;
        for terrain in Terrain::ALL {
            // A terrain absent from the map is never entered: its cost, rounded, is only a placeholder.
            let units = (grid.costs().tenths(terrain) as Cost / self.unit).max(1) as u16;
            let (straight, diagonal) = match grid.costs().tenths(terrain) {
                0 => (BLOCKED, BLOCKED),
                _ => (
                    self.pricing.step(units, false),
                    self.pricing.step(units, true),
                ),
            };
            self.straight_by_terrain[terrain as usize] = straight;
            self.diagonal_by_terrain[terrain as usize] = diagonal;
        }
        self.counters = Counters::default();
        self.outcome = None;
        self.path.clear();
        self.choose_key_layout(grid);
        self.open.clear();
        self.wide_open.clear();
        if V::DECREASE_KEY {
            let indexed = self.indexed.get_or_insert_with(Default::default);
            indexed.reset(self.state_by_slot.len(), self.wide);
        }
        self.open_count = 0;
        self.next_seq = 0;
        self.last_expanded = None;
        self.closest = (Cost::MAX, self.start);
        let (x, y) = grid.xy(start);
        let stride = self.bordered_width;
        self.move_offsets = [
            stride.wrapping_neg(),
            1,
            stride,
            u32::MAX,
            (stride - 1).wrapping_neg(),
            stride + 1,
            stride - 1,
            (stride + 1).wrapping_neg(),
        ];
        self.generate(self.start, x, y, 0, NO_MOVE);
        Ok(())
    }

    /// Like [`Search::begin`], but when `regions` show that no path exists, the search finishes at once as
    /// [`Outcome::Unreachable`] with no expansion. `regions` must have been computed for this grid and
    /// movement.
    pub fn begin_with_regions(
        &mut self,
        grid: &Grid,
        params: &SearchParams,
        start: u32,
        goal: u32,
        regions: &Regions,
    ) -> Result<(), SearchError> {
        self.begin(grid, params, start, goal)?;
        if !regions.connected(start, goal) {
            self.finish(Outcome::Unreachable);
        }
        Ok(())
    }

    /// Expands exactly one cell (skipping stale entries), or reports that the search is over.
    pub fn step(&mut self, grid: &Grid) -> Step {
        if let Some(outcome) = self.outcome {
            return Step::Done(outcome);
        }
        if let Some(limit) = self.params.expansion_limit {
            if self.counters.expanded >= limit as u64 {
                return Step::Done(self.finish(Outcome::LimitReached));
            }
        }
        let slot_mask = ((1u64 << self.cell_bits) - 1) as u32;
        let slot = loop {
            let popped = match &mut self.indexed {
                Some(indexed) if V::DECREASE_KEY => indexed.pop().map(|entry| entry.cell),
                _ if !self.wide => self.open.pop().map(|key| key as u32 & slot_mask),
                _ => self.wide_open.pop().map(|entry| entry.cell),
            };
            let Some(slot) = popped else {
                return Step::Done(self.finish(Outcome::Unreachable));
            };
            // Stale exactly when the cell is closed: a cell's newer entry has a smaller primary (lower g,
            // same h), so it was popped first and closed the cell (see `open_list`).
            if self.state_by_slot[slot as usize].stamp == self.generation {
                break slot;
            }
            self.counters.stale_pops += 1;
            if self.trace.is_some() {
                let cell = self.cell_of(slot);
                if let Some(trace) = &mut self.trace {
                    trace.stale_pop(cell);
                }
            }
        };
        let cell = self.expand(grid, slot);
        Step::Expanded(cell)
    }

    /// Steps until the search finishes.
    pub fn run(&mut self, grid: &Grid) -> Outcome {
        loop {
            if let Step::Done(outcome) = self.step(grid) {
                return outcome;
            }
        }
    }

    /// Begins, runs to the end and returns the result: the one-shot form of the engine.
    pub fn solve(
        &mut self,
        grid: &Grid,
        params: &SearchParams,
        start: u32,
        goal: u32,
    ) -> Result<SearchResult, SearchError> {
        self.begin(grid, params, start, goal)?;
        self.run(grid);
        Ok(self.result().expect("a search that ran has a result"))
    }

    /// The result, once the search has finished.
    pub fn result(&self) -> Option<SearchResult> {
        Some(SearchResult {
            outcome: self.outcome?,
            path: self.path.clone(),
            cost: self.path_cost(),
            counters: self.counters,
        })
    }

    /// How the search ended, or `None` while it is still running.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// The path found (empty until the search finishes, and when unreachable).
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// The fixed-point cost of [`Search::path`] (0 when there is none).
    pub fn path_cost(&self) -> Cost {
        self.path.last().map_or(0, |&cell| {
            self.to_fixed(self.state_by_slot[self.slot(cell) as usize].g())
        })
    }

    /// The cell expanded by the latest step, if any.
    pub fn last_expanded(&self) -> Option<u32> {
        self.last_expanded
    }

    /// The parameters of the current search.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// The best g known for `cell` in this search, or `None` if it was never reached.
    pub fn g(&self, cell: u32) -> Option<Cost> {
        self.is_reached(cell)
            .then(|| self.to_fixed(self.state_by_slot[self.slot(cell) as usize].g()))
    }

    /// True if `cell` was generated in this search (open or closed).
    pub fn is_reached(&self, cell: u32) -> bool {
        self.stamp_of(cell).is_some_and(|stamp| self.is_seen(stamp))
    }

    /// True if `cell` is closed in this search.
    pub fn is_closed(&self, cell: u32) -> bool {
        self.stamp_of(cell) == Some(self.generation + 1)
    }

    /// True if `stamp` marks a cell generated in this search: `generation` (open) or `generation + 1`
    /// (closed).
    fn is_seen(&self, stamp: u32) -> bool {
        stamp.wrapping_sub(self.generation) < 2
    }

    /// The stamp of `cell`, if a search has begun and the cell is on its map.
    fn stamp_of(&self, cell: u32) -> Option<u32> {
        (self.generation != 0 && cell < self.cells)
            .then(|| self.state_by_slot[self.slot(cell) as usize].stamp)
    }

    /// The slot of a cell id of the current map (see the module doc).
    #[inline]
    fn slot(&self, cell: u32) -> u32 {
        (cell / self.width + 1) * self.bordered_width + cell % self.width + 1
    }

    /// The cell id of a slot inside the map.
    #[inline]
    fn cell_of(&self, slot: u32) -> u32 {
        (slot / self.bordered_width - 1) * self.width + slot % self.bordered_width - 1
    }

    /// The cell `cell` was reached from with its best g, or `None` for the start and unreached cells.
    pub fn parent(&self, cell: u32) -> Option<u32> {
        if !self.is_reached(cell) {
            return None;
        }
        let slot = self.slot(cell);
        let arrival = self.state_by_slot[slot as usize].arrival();
        (arrival != NO_MOVE)
            .then(|| self.cell_of(slot.wrapping_sub(self.move_offsets[arrival as usize])))
    }

    /// The heuristic estimate from `cell` to the goal, as this search computes it (0 for BFS and Dijkstra).
    pub fn h(&self, grid: &Grid, cell: u32) -> Cost {
        let (x, y) = grid.xy(cell);
        let danger = match self.h_levels.is_empty() {
            true => 0,
            false => self.danger_h(self.slot(cell)),
        };
        self.h_to_fixed(x, y, danger)
    }

    /// A cost of this search (in its pricing and units) in the fixed point and in tenths, as costs leave
    /// the engine.
    fn to_fixed(&self, cost: Cost) -> Cost {
        self.pricing.to_fixed(cost) * self.unit
    }

    /// The estimate at (x, y) with `danger` (this search's) added, as h leaves the engine: priced in the
    /// fixed point from the start rather than converted, as a Euclidean estimate is not a whole number of
    /// steps.
    fn h_to_fixed(&self, x: u32, y: u32, danger: Cost) -> Cost {
        (self.estimate_in(x, y, Pricing::FIXED) + self.pricing.to_fixed(danger)) * self.unit
    }

    /// What [`SearchParams::danger_in_h`] adds to h at `slot` (0 without it).
    #[inline]
    fn danger_h(&self, slot: u32) -> Cost {
        match self.h_levels.get(slot as usize) {
            Some(&level) => self.h_extra_by_level[level as usize],
            None => 0,
        }
    }

    /// With the trace on: per cell, the number of expansions done when it was (last) opened, or [`NEVER`](super::NEVER).
    pub fn opened_at(&self) -> &[u32] {
        self.trace.as_ref().map_or(&[], Trace::opened_at)
    }

    /// With the trace on: per cell, the 1-based expansion that (last) closed it, or [`NEVER`](super::NEVER).
    pub fn closed_at(&self) -> &[u32] {
        self.trace.as_ref().map_or(&[], Trace::closed_at)
    }

    /// With the trace on: cells changed since the last [`Search::clear_changes`] (possibly repeated).
    pub fn changes(&self) -> &[u32] {
        self.trace.as_ref().map_or(&[], Trace::changes)
    }

    /// Forgets the list of changed cells.
    pub fn clear_changes(&mut self) {
        if let Some(trace) = &mut self.trace {
            trace.clear_changes();
        }
    }

    /// Test hook, not part of the API: moves the generation stamp forward to `generation` (rounded down
    /// to even) so that a test can cross the stamp's wrap-around without four billion searches. It must
    /// only move forward, and only after a search on a map of the size the next search uses.
    #[doc(hidden)]
    pub fn force_generation_for_tests(&mut self, generation: u32) {
        assert!(
            generation >= self.generation,
            "the generation only moves forward"
        );
        self.generation = generation & !1;
    }

    /// Sizes the per-slot state for `slots` slots (clearing it only when the size changes, or the stamps
    /// wrap around) and the trace for `cells` cells.
    fn prepare_buffers(&mut self, slots: usize, cells: usize) {
        const UNSEEN: CellState = CellState {
            g_and_move: NO_MOVE << MOVE_SHIFT,
            stamp: 0,
        };
        if self.state_by_slot.len() != slots {
            self.state_by_slot = vec![UNSEEN; slots];
            self.generation = 0;
        }
        if V::CLEAR_EACH_SEARCH {
            // The article's first version: every array cleared at every search, O(cells).
            self.state_by_slot.fill(UNSEEN);
            self.generation = 0;
        }
        // Each search uses two stamp values; wrap around (after two billion searches) with a real clear.
        if self.generation >= u32::MAX - 3 {
            self.state_by_slot.fill(UNSEEN);
            self.generation = 0;
        }
        self.generation += 2;
        if let Some(trace) = &mut self.trace {
            trace.reset(cells, false);
        }
    }

    /// Bounds every priority and tie-break value this search can produce, and packs the open-list key
    /// (priority, tie-break, seq, cell) into 128 bits when the bounds allow; O(1).
    fn choose_key_layout(&mut self, grid: &Grid) {
        let milli = self.params.weight.milli() as Cost;
        let common = gcd(1000, milli);
        (self.g_factor, self.h_factor) = match self.params.algorithm {
            Algorithm::Bfs => (0, 0),
            Algorithm::Dijkstra => (1, 0),
            Algorithm::Greedy => (0, 1),
            Algorithm::AStar => (1000 / common, milli / common),
            _ => unreachable!("begin refuses algorithms outside the family"),
        };
        (self.tie_h, self.tie_g, self.seq_flip) = match self.params.tie_break {
            TieBreak::LowerH => (1, 0, 0),
            TieBreak::HigherG => (0, 1, 0),
            TieBreak::FirstIn => (0, 0, 0),
            TieBreak::LastIn => (0, 0, u32::MAX),
        };
        let passable = (grid.len() - grid.count(Terrain::Wall) as usize) as Cost;
        let diagonal = matches!(self.params.movement, Movement::Eight(_));
        let longest_step =
            Pricing::FIXED.step((grid.dearest_tenths() as Cost / self.unit) as u16, diagonal);
        // A g is the cost of a path in the search tree: at most (passable cells - 1) steps (an exact
        // pricing has a tighter bound of its own).
        self.g_ceiling = match self.pricing == Pricing::FIXED {
            true => passable.max(1) * longest_step,
            false => self.g_units_bound(grid) * self.pricing.diagonal,
        };
        let (gx, gy) = self.goal_xy;
        let farthest = (
            gx.max(grid.width() - 1 - gx),
            gy.max(grid.height() - 1 - gy),
        );
        let h_max = match self.params.algorithm {
            // Every heuristic grows with dx and dy: the farthest corner bounds it.
            Algorithm::Greedy | Algorithm::AStar => self.params.heuristic.estimate_priced(
                farthest.0,
                farthest.1,
                self.cheapest,
                self.pricing,
            ),
            _ => 0, // breadth-first and Dijkstra
        } + self.h_extra_by_level.iter().max().copied().unwrap_or(0);
        let primary_max = self.g_ceiling * self.g_factor + h_max * self.h_factor;
        let secondary_max = h_max * self.tie_h + self.g_ceiling * self.tie_g;
        let bits = |v: Cost| Cost::BITS - v.leading_zeros();
        self.cell_bits = bits(grid.bordered_terrain().len() as Cost - 1);
        self.secondary_shift = 32 + self.cell_bits;
        // The priority, seq and cell must be whole; the tie-break only orders equal priorities, so under
        // an exact pricing, when it does not fit beside them, it keeps its highest bits (its costs take
        // 4–8 bits more than the fixed point's on maps of a million cells, where the fixed point's keys
        // were packed: they stay packed). Under the fixed point the keys are packed or wide as they were.
        let room = 128u32.saturating_sub(self.secondary_shift + bits(primary_max));
        self.secondary_drop = match self.pricing == Pricing::FIXED {
            true => 0,
            false => bits(secondary_max).saturating_sub(room),
        };
        self.primary_shift = self.secondary_shift + bits(secondary_max) - self.secondary_drop;
        self.wide = self.primary_shift + bits(primary_max) > 128 || V::WIDE_KEYS;
    }

    /// The heuristic estimate for the cell at (x, y).
    #[inline(always)]
    fn estimate(&self, x: u32, y: u32) -> Cost {
        self.estimate_in(x, y, self.pricing)
    }

    /// The heuristic estimate for the cell at (x, y) under `pricing`.
    #[inline(always)]
    fn estimate_in(&self, x: u32, y: u32, pricing: Pricing) -> Cost {
        let heuristic = match self.params.algorithm {
            Algorithm::Greedy | Algorithm::AStar => self.params.heuristic,
            _ => return 0, // breadth-first and Dijkstra
        };
        heuristic.estimate_priced(
            x.abs_diff(self.goal_xy.0),
            y.abs_diff(self.goal_xy.1),
            self.cheapest,
            pricing,
        )
    }

    /// The most units of terrain and penalty any g of this search is made of: every passable cell entered
    /// once at its cost and its dearest extra, and one step more (a neighbour's g is its parent's and a
    /// step). In the units `begin` chose; O(terrain kinds).
    fn g_units_bound(&self, grid: &Grid) -> Cost {
        let units = |tenths: u16| (tenths as Cost / self.unit).max(1);
        let terrain: Cost = Terrain::PASSABLE
            .into_iter()
            .map(|t| grid.count(t) as Cost * units(grid.costs().tenths(t)))
            .sum();
        let passable = (grid.len() - grid.count(Terrain::Wall) as usize) as Cost;
        let extra = grid.penalties().dearest_extra_tenths() as Cost / self.unit;
        terrain + passable * extra + units(grid.dearest_tenths())
    }

    /// The pricing of this search (see the module doc): exact for Dijkstra, A* at w = 1 and
    /// breadth-first when every cost it compares fits, the fixed point otherwise. The exact pricing is
    /// made for a bound on the units of any g and any f = g + h (g's bound and the estimate's largest,
    /// its orthogonal and diagonal units together), so that it orders them all exactly (see
    /// [`Pricing`]); it fits when that bound times a diagonal step stays below 2^56, so that g, f, a
    /// wall's [`BLOCKED`] and the keys keep the room they have in the fixed point. Called by `begin` once
    /// `unit` is known; O(terrain kinds).
    fn choose_pricing(&self, grid: &Grid, h_scale_tenths: Cost) -> Pricing {
        let optimal = match self.params.algorithm {
            Algorithm::Dijkstra | Algorithm::Bfs => true,
            Algorithm::AStar => self.params.weight == Weight::ONE,
            Algorithm::Greedy => false,
            _ => unreachable!("begin refuses algorithms outside the family"),
        };
        if !optimal {
            return Pricing::FIXED;
        }
        let cheapest = h_scale_tenths / self.unit;
        let danger_in_h = grid.penalties().dearest_extra_tenths() as Cost / self.unit;
        let h_units = cheapest * (grid.width() + grid.height()) as Cost + danger_in_h;
        let bound = self.g_units_bound(grid) + h_units;
        Pricing::exact(bound)
            .filter(|exact| bound * exact.diagonal < 1 << 56)
            .unwrap_or(Pricing::FIXED)
    }

    /// Pushes `slot` (at column `x`, row `y`) with cost `g` reached by the move `arrival` (see
    /// [`CellState::g_and_move`]), and marks it open.
    // Not inlined: `relax` (inlined into each of the eight moves) keeps the test that turns most
    // neighbours away, and the rarer push is one call. Measured against `#[inline(always)]` here: native
    // 5–12% fewer ns per expansion on each of the seven vendored maps (medians of four alternating runs
    // of `astar bench movingai --no-peers --limit 100 --repeat 3`), wasm about 20% faster, and the wasm
    // module 3.1 KB smaller gzipped (eight copies of this were most of `expand`).
    fn generate(&mut self, slot: u32, x: u32, y: u32, g: Cost, arrival: u64) {
        let h = self.estimate(x, y) + self.danger_h(slot);
        let primary = g * self.g_factor + h * self.h_factor;
        let secondary = h * self.tie_h + (self.g_ceiling - g) * self.tie_g;
        let seq = self.next_seq ^ self.seq_flip;
        self.next_seq += 1;
        let state = &mut self.state_by_slot[slot as usize];
        let was_open = state.stamp == self.generation;
        *state = CellState {
            g_and_move: arrival << MOVE_SHIFT | g,
            stamp: self.generation,
        };
        let packed = (!self.wide).then(|| {
            // Priority and tie-break above, `seq` and the slot (at most 32 + 23 bits) below.
            let order = ((primary as u128) << (self.primary_shift - self.secondary_shift))
                | (secondary >> self.secondary_drop) as u128;
            (order << self.secondary_shift)
                | (((seq as u64) << self.cell_bits) | slot as u64) as u128
        });
        match (&mut self.indexed, packed) {
            (Some(indexed), packed) if V::DECREASE_KEY => indexed.push_or_decrease(match packed {
                Some(key) => OpenEntry {
                    key: [(key >> 64) as u64, key as u64],
                    seq: 0,
                    cell: slot,
                },
                None => OpenEntry {
                    key: [primary, secondary],
                    seq,
                    cell: slot,
                },
            }),
            (_, Some(key)) => self.open.push(key),
            (_, None) => self.wide_open.push(OpenEntry {
                key: [primary, secondary],
                seq,
                cell: slot,
            }),
        }
        self.counters.generated += 1;
        if !was_open {
            self.open_count += 1;
            self.counters.open_peak = self.counters.open_peak.max(self.open_count);
        }
        // g and h as they leave the engine, for the open-list log (computed only when it is on).
        let logged = match self.trace.as_ref().is_some_and(Trace::heap_log_on) {
            true => (
                self.to_fixed(g),
                self.h_to_fixed(x, y, h - self.estimate(x, y)),
            ),
            false => (0, 0),
        };
        if let Some(trace) = &mut self.trace {
            let cell = y * self.width + x;
            trace.open(cell, self.counters.expanded);
            if trace.heap_log_on() {
                // The entry's order as the open list compares it: the packed key (its seq inside), or
                // priority, tie-break and seq apart.
                let (key, seq) = match packed {
                    Some(key) => ([(key >> 64) as u64, key as u64], 0),
                    None => ([primary, secondary], seq),
                };
                trace.log_push(cell, key, seq, logged.0, logged.1);
            }
        }
    }

    /// Generates the slot `next` (at `nx`, `ny`, its state `state` as read before this expansion
    /// touched it) with cost `next_g` by the move `arrival` unless it was reached before at no more
    /// than `next_g` (or at all, for the algorithms that never relax).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn relax(
        &mut self,
        next: u32,
        state: CellState,
        nx: u32,
        ny: u32,
        next_g: Cost,
        arrival: u64,
        relaxes: bool,
    ) {
        // Reached this search: stamp is `generation` (open) or `generation + 1` (closed).
        let since = state.stamp.wrapping_sub(self.generation);
        // The g to beat, computed without a branch (whether a neighbour was seen is a coin toss for the
        // branch predictor): a seen cell's g (0, beaten by nothing, for algorithms that never relax), an
        // unseen cell's BLOCKED. Walls and forbidden corners arrive with `next_g >= BLOCKED`.
        let seen = 0u64.wrapping_sub((since < 2) as u64);
        let g_mask = G_MASK & 0u64.wrapping_sub(relaxes as u64);
        let bar = (state.g_and_move & g_mask & seen) | (BLOCKED & !seen);
        if next_g >= bar {
            return;
        }
        if since == 1 {
            self.counters.reopened += 1;
        }
        self.generate(next, nx, ny, next_g, arrival);
    }

    /// Closes `slot` and relaxes its neighbours; returns its cell id.
    fn expand(&mut self, grid: &Grid, slot: u32) -> u32 {
        let index = slot as usize;
        let bordered_width = self.bordered_width;
        let (x, y) = (slot % bordered_width - 1, slot / bordered_width - 1);
        let cell = y * self.width + x;
        self.state_by_slot[index].stamp = self.generation + 1;
        self.open_count -= 1;
        self.counters.expanded += 1;
        self.last_expanded = Some(cell);
        if let Some(trace) = &mut self.trace {
            trace.close(cell, self.counters.expanded);
        }
        if slot == self.goal {
            self.finish(Outcome::Found);
            return cell;
        }
        if self.params.expansion_limit.is_some() {
            let distance = Heuristic::Octile.estimate(
                x.abs_diff(self.goal_xy.0),
                y.abs_diff(self.goal_xy.1),
                1,
            );
            if distance < self.closest.0 {
                self.closest = (distance, slot);
            }
        }
        let g = self.state_by_slot[index].g();
        let relaxes = matches!(
            self.params.algorithm,
            Algorithm::Dijkstra | Algorithm::AStar
        );
        // Same order and the same moves as `Movement::for_each_neighbour` (its module doc draws them):
        // N, E, S, W, then NE, SE, SW, NW with the corner rule. The border makes every neighbour a slot;
        // a wall's step is BLOCKED, so `relax` turns it away with no branch of its own, and the
        // coordinates of a border slot (wrapped around below 0) are never used.
        //
        // The 3 × 3 blocks of terrain and of search state around the cell are read a row at a time (one
        // bounds test a row, and the eight state loads all start before the first neighbour is relaxed;
        // each relaxation writes only its own neighbour's state, so reading them first changes nothing).
        let stride = bordered_width; // slots from one row to the next
        let (above, below) = (index - stride as usize, index + stride as usize);
        let terrain = grid.bordered_terrain();
        let block = |middle: usize| -> [Terrain; 3] {
            terrain[middle - 1..middle + 2]
                .try_into()
                .expect("three cells")
        };
        let [north_west, north, north_east] = block(above);
        let [west, _, east] = block(index);
        let [south_west, south, south_east] = block(below);
        let states = |middle: usize| -> [CellState; 3] {
            self.state_by_slot[middle - 1..middle + 2]
                .try_into()
                .expect("three cells")
        };
        let [nw_state, n_state, ne_state] = states(above);
        let [w_state, _, e_state] = states(index);
        let [sw_state, s_state, se_state] = states(below);
        let (up, left) = (y.wrapping_sub(1), x.wrapping_sub(1));
        let straight = |to: Terrain| g + self.straight_by_terrain[to as usize];
        let [mut g_north, mut g_east, mut g_south, mut g_west] =
            [north, east, south, west].map(straight);
        let levels = grid.bordered_levels();
        if !levels.is_empty() {
            let extra = |at: u32| self.extra_straight[levels[at as usize] as usize];
            g_north += extra(slot - stride);
            g_east += extra(slot + 1);
            g_south += extra(slot + stride);
            g_west += extra(slot - 1);
        }
        self.relax(slot - stride, n_state, x, up, g_north, 0, relaxes);
        self.relax(slot + 1, e_state, x + 1, y, g_east, 1, relaxes);
        self.relax(slot + stride, s_state, x, y + 1, g_south, 2, relaxes);
        self.relax(slot - 1, w_state, left, y, g_west, 3, relaxes);
        let Movement::Eight(rule) = self.params.movement else {
            return cell;
        };
        // Moving diagonally passes the two orthogonal neighbours on its sides; the corner rule says
        // which of them may be walls. A forbidden move is BLOCKED like a wall (no branch here either).
        let diagonal = |to: Terrain, side_a: Terrain, side_b: Terrain| {
            let (a, b) = (side_a != Terrain::Wall, side_b != Terrain::Wall);
            let allowed = match rule {
                CornerRule::NoCut => a & b,
                CornerRule::CutIfOneFree => a | b,
                CornerRule::AlwaysCut => true,
            };
            g + (self.diagonal_by_terrain[to as usize] | (BLOCKED * !allowed as Cost))
        };
        let mut g_north_east = diagonal(north_east, north, east);
        let mut g_south_east = diagonal(south_east, south, east);
        let mut g_south_west = diagonal(south_west, south, west);
        let mut g_north_west = diagonal(north_west, north, west);
        if !levels.is_empty() {
            let extra = |at: u32| self.extra_diagonal[levels[at as usize] as usize];
            g_north_east += extra(slot - stride + 1);
            g_south_east += extra(slot + stride + 1);
            g_south_west += extra(slot + stride - 1);
            g_north_west += extra(slot - stride - 1);
        }
        self.relax(
            slot - stride + 1,
            ne_state,
            x + 1,
            up,
            g_north_east,
            4,
            relaxes,
        );
        self.relax(
            slot + stride + 1,
            se_state,
            x + 1,
            y + 1,
            g_south_east,
            5,
            relaxes,
        );
        self.relax(
            slot + stride - 1,
            sw_state,
            left,
            y + 1,
            g_south_west,
            6,
            relaxes,
        );
        self.relax(
            slot - stride - 1,
            nw_state,
            left,
            up,
            g_north_west,
            7,
            relaxes,
        );
        cell
    }

    fn finish(&mut self, outcome: Outcome) -> Outcome {
        self.outcome = Some(outcome);
        let end = match outcome {
            Outcome::Found => Some(self.goal),
            Outcome::LimitReached => Some(self.closest.1),
            Outcome::Unreachable => None,
        };
        self.path.clear();
        if let Some(mut slot) = end {
            if !self.is_seen(self.state_by_slot[slot as usize].stamp) {
                slot = self.start;
            }
            loop {
                self.path.push(self.cell_of(slot));
                let arrival = self.state_by_slot[slot as usize].arrival();
                if arrival == NO_MOVE {
                    break;
                }
                slot = slot.wrapping_sub(self.move_offsets[arrival as usize]);
            }
            self.path.reverse();
        }
        outcome
    }
}

/// Refuses an algorithm this engine does not run: one of another engine, or one this build lacks (the
/// engine the registry makes for it then: see the registry).
pub(super) fn refuse_other_algorithms(params: &SearchParams) -> Result<(), SearchError> {
    if matches!(
        params.algorithm,
        Algorithm::Bfs | Algorithm::Dijkstra | Algorithm::Greedy | Algorithm::AStar
    ) {
        return Ok(());
    }
    let info = super::registry::info(params.algorithm);
    if !info.available {
        return Err(SearchError::Unsupported(
            super::registry::not_in_this_build(info),
        ));
    }
    Err(SearchError::Unsupported(
        Message::new("search.not-this-engine").algorithm("algorithm", params.algorithm),
    ))
}

impl Stepper for Search {
    fn check_own(&self, _grid: &Grid, params: &SearchParams) -> Result<(), SearchError> {
        refuse_other_algorithms(params)
    }
    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError> {
        let (params, start, goal) = (&request.params, request.start, request.goal);
        Search::begin(self, grid, params, start, goal)
    }
    fn step(&mut self, grid: &Grid) -> Step {
        Search::step(self, grid)
    }
    fn run(&mut self, grid: &Grid) -> Outcome {
        Search::run(self, grid)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    fn counters(&self) -> Counters {
        self.counters
    }
    fn path(&self) -> &[u32] {
        &self.path
    }
    fn path_cost(&self) -> Cost {
        Search::path_cost(self)
    }
    fn last_expanded(&self) -> Option<u32> {
        self.last_expanded
    }
    fn g(&self, cell: u32) -> Option<Cost> {
        Search::g(self, cell)
    }
    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        Search::h(self, grid, cell)
    }
    fn is_closed(&self, cell: u32) -> bool {
        Search::is_closed(self, cell)
    }
    fn prices_exactly(&self) -> bool {
        self.pricing != Pricing::FIXED
    }

    fn parent(&self, cell: u32) -> Option<u32> {
        Search::parent(self, cell)
    }
    fn set_trace(&mut self, on: bool) {
        Search::set_trace(self, on)
    }
    fn trace(&self) -> Option<&Trace> {
        self.trace.as_ref()
    }
    fn clear_changes(&mut self) {
        Search::clear_changes(self)
    }
    fn set_heap_log(&mut self, on: bool) -> bool {
        if let Some(trace) = &mut self.trace {
            trace.set_heap_log(on);
        }
        self.trace.is_some()
    }
    fn clear_heap_log(&mut self) {
        if let Some(trace) = &mut self.trace {
            trace.clear_heap_log();
        }
    }
    fn reserve_heap_log(&mut self, words: usize) {
        if let Some(trace) = &mut self.trace {
            trace.reserve_heap_log(words);
        }
    }
}

#[cfg(test)]
mod tests {
    //! The engine is tuned for speed; this pins what it does, so that a faster version can prove it
    //! expands the same cells in the same order with the same counters. Update the constant only for
    //! an intended change of behaviour, and say so in the commit.
    use super::*;
    use crate::generate::{random_terrain, TerrainShares};
    use crate::grid::TerrainCosts;
    use crate::heuristic::Heuristic;
    use crate::movement::CornerRule;
    use crate::rng::Rng;
    use crate::search::fingerprint::recorded_units;
    use crate::search::variant::WideKeys;
    use crate::search::Weight;

    fn mix(hash: u64, word: u64) -> u64 {
        (hash ^ word).wrapping_mul(0x100_0000_01b3)
    }

    #[test]
    fn expansion_order_and_counters_are_pinned() {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        let mut rng = Rng::new(99);
        let (mut search, mut traced) = (Search::new(), Search::new());
        let mut wide = Search::<WideKeys>::with_variant();
        traced.set_trace(true);
        let (mut lines, mut searches) = (Vec::new(), Vec::new());
        for seed in 0..3000u64 {
            let (width, height) = (3 + rng.below(60), 3 + rng.below(60));
            let shares = TerrainShares {
                wall: rng.unit() * 0.4,
                forest: rng.unit() * 0.3,
                swamp: rng.unit() * 0.2,
            };
            let mut grid = random_terrain(width, height, shares, seed).unwrap();
            if rng.below(3) == 0 {
                let costs = TerrainCosts::whole(
                    1 + rng.below(4) as u8,
                    1 + rng.below(9) as u8,
                    1 + rng.below(250) as u8,
                );
                grid.set_costs(costs).unwrap();
            }
            let cells: Vec<u32> = (0..grid.len() as u32)
                .filter(|&c| grid.is_passable(c))
                .collect();
            if cells.len() < 2 {
                continue;
            }
            let start = cells[rng.below(cells.len() as u32) as usize];
            let goal = cells[rng.below(cells.len() as u32) as usize];
            let algorithms = [
                Algorithm::Bfs,
                Algorithm::Dijkstra,
                Algorithm::Greedy,
                Algorithm::AStar,
                Algorithm::AStar,
            ];
            let heuristics = [
                Heuristic::Zero,
                Heuristic::Manhattan,
                Heuristic::Octile,
                Heuristic::Chebyshev,
                Heuristic::Euclidean,
            ];
            let weights = [0.0, 0.5, 1.0, 1.2, 1.5, 2.0, 3.0, 10.0];
            let movements = [
                Movement::Four,
                Movement::Eight(CornerRule::NoCut),
                Movement::Eight(CornerRule::CutIfOneFree),
                Movement::Eight(CornerRule::AlwaysCut),
            ];
            let tie_breaks = [
                TieBreak::LowerH,
                TieBreak::HigherG,
                TieBreak::FirstIn,
                TieBreak::LastIn,
            ];
            let params = SearchParams {
                algorithm: algorithms[rng.below(5) as usize],
                heuristic: heuristics[rng.below(5) as usize],
                // Built directly: w = 10 lies beyond `Weight::MAX` (what settings and links accept),
                // and the pinned orders, recorded when it did not, keep it.
                weight: Weight((weights[rng.below(8) as usize] * 1000.0) as u32),
                movement: movements[rng.below(4) as usize],
                tie_break: tie_breaks[rng.below(4) as usize],
                expansion_limit: (rng.below(4) == 0).then(|| rng.below(200)),
                cluster_size: None,
                unscaled_h: false,
                danger_in_h: false,
            };
            let r = search.solve(&grid, &params, start, goal).unwrap();
            if seed % 3 == 0 {
                let w = wide.solve(&grid, &params, start, goal).unwrap();
                assert_eq!(w, r, "seed {seed}: wide keys made another search");
            }
            let c = r.counters;
            let mut fields = vec![
                ("expanded", c.expanded),
                ("generated", c.generated),
                ("reopened", c.reopened),
                ("stale_pops", c.stale_pops),
                ("open_peak", c.open_peak),
                ("cost", recorded_units(r.cost)),
                ("outcome", r.outcome as u64),
            ];
            for (_, word) in &fields {
                hash = mix(hash, *word);
            }
            let mut path_hash = 0u64;
            for &cell in &r.path {
                hash = mix(hash, cell as u64);
                path_hash = mix(path_hash, cell as u64);
            }
            fields.push(("path", path_hash));
            if seed % 7 == 0 {
                // Stepping with the trace on: the expansion order and every cell's steps and state.
                traced.begin(&grid, &params, start, goal).unwrap();
                let mut order = 0u64;
                while let Step::Expanded(cell) = traced.step(&grid) {
                    order = mix(order, cell as u64);
                }
                hash = mix(hash, order);
                fields.push(("expansion_order", order));
                let mut trace_hash = 0u64;
                for &step in traced.opened_at().iter().chain(traced.closed_at()) {
                    hash = mix(hash, step as u64);
                    trace_hash = mix(trace_hash, step as u64);
                }
                for cell in 0..grid.len() as u32 {
                    hash = mix(hash, traced.g(cell).map_or(7, recorded_units));
                    hash = mix(hash, traced.is_closed(cell) as u64);
                    trace_hash = mix(trace_hash, traced.g(cell).map_or(7, recorded_units));
                    trace_hash = mix(trace_hash, traced.is_closed(cell) as u64);
                }
                fields.push(("trace", trace_hash));
                assert_eq!(traced.result().unwrap(), r, "seed {seed}");
            }
            let values: Vec<String> = fields.iter().map(|(_, v)| format!("{v:x}")).collect();
            lines.push(format!("{seed} {}", values.join(" ")));
            searches.push((format!("{width}x{height} {params:?}"), fields));
        }
        if std::env::var_os("ASTAR_RECORD_FINGERPRINTS").is_some() {
            let path = concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/src/search/engine_fingerprints.txt"
            );
            std::fs::write(path, lines.join("\n") + "\n").unwrap();
        }
        // Each search's counters, cost and path as recorded (a line per search: the seed, then the
        // fields' values in hex): a change names the search and the fields that differ.
        let recorded: Vec<&str> = include_str!("engine_fingerprints.txt").lines().collect();
        assert_eq!(
            recorded.len(),
            lines.len(),
            "a different number of searches ran"
        );
        for ((now, then), (search, fields)) in lines.iter().zip(&recorded).zip(&searches) {
            if now != then {
                let differing: Vec<String> = now
                    .split(' ')
                    .zip(then.split(' '))
                    .skip(1)
                    .zip(fields)
                    .filter(|((a, b), _)| a != b)
                    .map(|((a, b), (name, _))| format!("{name} is {a:?}, recorded {b:?} (hex)"))
                    .collect();
                panic!(
                    "search {} ({search}) differs: {}",
                    now.split(' ').next().unwrap_or("?"),
                    differing.join("; ")
                );
            }
        }
        // Recorded from the engine before the speed-ups of November 2026 (plus the breadth-first fix),
        // then with exact pricing (December 2026: 8 of the 3,000 searches changed, every one A* at w = 1
        // with the Euclidean estimate, which is rounded at the exact pricing's step instead of 1/65,536).
        assert_eq!(format!("{hash:016x}"), "c18eba8c1cbe25ed");
    }
}
