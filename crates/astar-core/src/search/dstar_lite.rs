//! D* Lite ([`DStarLite`]; Koenig and Likhachev 2002, "D* Lite", AAAI, the optimized version of their
//! Figure 4): a search from the goal back to the start that keeps what it learnt, so that after the map
//! changes it *repairs* its answer instead of searching again.
//!
//! # Values and keys
//! Per cell s: g(s), the cost of the cheapest path s → goal found so far, and rhs(s), the one-step
//! look-ahead `min over successors s' of c(s, s') + g(s')` (rhs(goal) = 0). A move costs the terrain of
//! the cell it enters (see `slots`), so c(s, s') is s′'s terrain, and a predecessor p of u pays u's
//! terrain to enter u. s is *consistent* when g(s) = rhs(s); the priority queue U holds exactly the
//! inconsistent cells (*overconsistent* g > rhs: a cheaper path was found; *underconsistent* g < rhs: the
//! path g counted on got dearer or vanished), ordered by the key
//! ```text
//!   key(s) = [ min(g, rhs) + h(start, s) + km ;  min(g, rhs) ]      (compared lexicographically)
//! ```
//! h(start, s) is the tightest admissible heuristic of the movement (Manhattan for 4 neighbours, octile
//! for 8), consistent, scaled by the cheapest of plain, forest and swamp *in the cost table*, present or
//! not (so that painting one of them never makes the estimate overshoot), and of the road when the map
//! has one: a road, cheaper than plain by default, would otherwise weaken h on every map. A repair whose
//! edit makes a cell cheaper than the scale (a road painted on a map that had none) is refused and the
//! search begins again ([`DStarLite::can_repair`]). km grows by h(old start, new
//! start) when the start moves ([`DStarLite::repair_from`]) and stays 0 while it does not, so that keys
//! already in U stay lower bounds without reordering U.
//!
//! g, rhs, h and km are priced exactly ([`crate::cost::Pricing`]) for a bound that holds through any
//! repair (every cell at the table's dearest cost), where it fits; they leave the engine in the fixed
//! point ([`DStarLite::km`] is summed in it alongside).
//!
//! # One step
//! `ComputeShortestPath` runs while `U.TopKey() < key(start)` or `rhs(start) > g(start)`. One step pops
//! one cell u of U and *expands* it (entries whose key is out of date are pushed back with the new key
//! inside the same step, as the paper's `k_old < k_new` case, without counting an expansion):
//! - overconsistent: g(u) = rhs(u); each predecessor p gets rhs(p) = min(rhs(p), c(p, u) + g(u));
//! - underconsistent: g(u) = ∞; each predecessor whose rhs came through u (rhs(p) = c(p, u) + g_old) gets
//!   its rhs recomputed from its successors; u itself is put back if still inconsistent;
//!
//! and after any change to rhs(p), `UpdateVertex(p)` with the paper's three cases: inconsistent and in U →
//! update its key; inconsistent and not in U → insert; consistent and in U → remove.
//!
//! The step whose expansion makes the loop condition fail also finishes the search (as the other engines
//! end with their last expansion), so n expansions stepped one by one show the search finished.
//! When it stops, the path follows, from the start, the successor s' that minimises c(s, s') + g(s')
//! (first in move order on a tie) until the goal; it costs rhs(start). rhs(start) = ∞ means unreachable.
//! The stopping rule can leave the start itself overconsistent, its g still ∞: rhs(start) is the answer.
//!
//! # Repair
//! [`Stepper::repair`] compares the map with the engine's own copy of the terrain (the map as the search
//! knows it) and, for each cell whose terrain changed, updates the edges it touches: the moves into it
//! (its neighbours' out-edges), out of it, and the diagonals that pass its corner (out of its orthogonal
//! neighbours) — so the out-edges of the cell and its 8 neighbours. For each such source u and each
//! direction whose cost changed from c_old to c_new (∞ for a wall), as in the paper's main loop: cheaper →
//! rhs(u) = min(rhs(u), c_new + g(v)); dearer → if rhs(u) = c_old + g(v), rhs(u) is recomputed; then
//! `UpdateVertex(u)` if rhs(u) changed (otherwise it would change nothing). the trace and the
//! outcome then start again at 0 for the repair, which is stepped like any search; `details()` keep the
//! totals (`repairs`, `total-expanded`). The code is in `dstar_lite/repair.rs`.
//!
//! A repair that cannot be done says so (`Ok(false)`, nothing changed): no search begun, or the map's
//! size or cost table changed. A start or goal that an edit walled in is refused like `begin` refuses it
//! (`StartOnWall`, `GoalOnWall`), and the search is dropped: begin again.
//!
//! # Data layout and invariants
//! Flat arrays by slot (see `slots`: the map inside a ring of walls, never edited): g, rhs, the sequence
//! number of the slot's live entry in U (or [`NOT_QUEUED`]), the run (begin = 1, each repair + 1) that
//! last expanded it, and the terrain copy; 8 + 8 + 8 + 4 + 1 = 29 bytes a slot. They persist across
//! repairs (that is the point) and are reset by `begin`. U is a binary heap of (key, seq, slot) with lazy
//! deletion: an entry is live exactly when its seq is the slot's recorded one, so an update pushes a new
//! entry and a removal forgets the seq; the rest are popped and skipped (`stale_pops`). The search
//! ignores the heuristic, weight and tie-break settings (the registry says so): equal keys are taken in
//! insertion order.
//!
//! # Trace and counters
//! `expanded` counts expansions (one per step), `generated` entries pushed (inserts and key updates),
//! `reopened` cells put back in U after being expanded in the same run, `stale_pops` as everywhere. A
//! cell is traced opened whenever it is inserted in U or its key changes, and closed when expanded or
//! removed from U because it became consistent. After a repair the trace starts afresh, so the cells the
//! edit made inconsistent are exactly those opened at step 0.

mod repair;

use super::slots::{path_cost, Slots};
use super::stepper::{report_accessors, Report, Request};
use super::stepper::{Detail, Stepper};
use super::{Outcome, SearchError, SearchParams, Step};
use crate::cost::{Cost, Pricing};
use crate::grid::{Grid, Terrain, TerrainCosts};
use crate::heuristic::Heuristic;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// An infinite g or rhs (nothing reached, or no path).
const INF: Cost = Cost::MAX;

/// The sequence number of a slot that is not in U.
const NOT_QUEUED: u64 = u64::MAX;

/// A key: [min(g, rhs) + h + km ; min(g, rhs)].
type Key = (Cost, Cost);

/// An entry of U: key, sequence number (insertion order), slot; smallest first.
type Entry = (Key, u64, u32);

/// D* Lite (see the module doc).
///
/// # Example
/// ```
/// use astar_core::search::{DStarLite, Stepper};
/// use astar_core::{Algorithm, Grid, Movement, SearchParams, Terrain, COST_SCALE};
/// let mut grid = Grid::from_ascii(".....\n.....\n.....").unwrap();
/// let params = SearchParams { algorithm: Algorithm::DStarLite, movement: Movement::Four, ..SearchParams::default() };
/// let (start, goal) = (grid.cell(0, 1), grid.cell(4, 1));
/// let mut search = DStarLite::new();
/// search.begin(&grid, &params, start, goal).unwrap();
/// search.run(&grid);
/// assert_eq!(search.path_cost(), 4 * COST_SCALE);
/// // A wall across the straight path: repair, then run the repair.
/// grid.set_terrain(grid.cell(2, 1), Terrain::Wall);
/// assert_eq!(search.repair(&grid), Ok(true));
/// search.run(&grid);
/// assert_eq!(search.path_cost(), 6 * COST_SCALE);
/// assert!(search.counters().expanded > 0); // the repair's expansions only
/// ```
#[derive(Clone, Debug, Default)]
pub struct DStarLite {
    slots: Slots,
    params: SearchParams,
    /// The heuristic of the movement (see the module doc) and its scale.
    heuristic: Heuristic,
    scale: u16,
    /// The grid's width, its number of cells and the cost table the search was begun with.
    width: u32,
    cells: u32,
    costs: TerrainCosts,
    /// The terrain as the search knows it, indexed by slot (bordered like the grid's).
    terrain_by_slot: Vec<Terrain>,
    /// Cost to the goal found so far, indexed by slot ([`INF`] when none).
    g_by_slot: Vec<Cost>,
    /// The one-step look-ahead, indexed by slot.
    rhs_by_slot: Vec<Cost>,
    /// The sequence number of the slot's live entry in U, or [`NOT_QUEUED`]; indexed by slot.
    queued_by_slot: Vec<u64>,
    /// The run that last expanded the slot (0: none), indexed by slot.
    expanded_in_by_slot: Vec<u32>,
    /// U (see the module doc).
    open: BinaryHeap<Reverse<Entry>>,
    /// Cells in U (live entries).
    queued: u64,
    next_seq: u64,
    /// Slots of the start and the goal, and the start's (x, y).
    start: u32,
    goal: u32,
    start_xy: (u32, u32),
    /// The key modifier: the sum of h(old start, new start) over the moves of the start, in the
    /// search's pricing (the keys') and in the fixed point ([`DStarLite::km`]).
    km_priced: Cost,
    km: Cost,
    /// How g, rhs, h and km are priced: exactly where the costs fit (see `choose_pricing`).
    pricing: Pricing,
    /// ComputeShortestPath runs since `begin` (1 for the initial search); 0 before any begin.
    run: u32,
    /// The outcome, counters, path, last expanded cell and trace (see `Report`).
    report: Report,
    /// Underconsistent expansions in this run.
    underconsistent: u64,
    /// Expansions of every run since `begin`.
    total_expanded: u64,
}

impl DStarLite {
    /// An empty engine; buffers grow on the first search.
    pub fn new() -> DStarLite {
        DStarLite::default()
    }

    /// rhs of `cell` (its one-step look-ahead cost to the goal), or `None` when infinite or no search
    /// has begun.
    pub fn rhs_of(&self, cell: u32) -> Option<Cost> {
        self.value(&self.rhs_by_slot, cell)
    }

    /// The key modifier km (0 until the start moves), in the fixed point.
    pub fn km(&self) -> Cost {
        self.km
    }

    /// A g or rhs of `cell` in the fixed point, `None` when infinite or no search has begun.
    fn value(&self, by_slot: &[Cost], cell: u32) -> Option<Cost> {
        if self.run == 0 || cell >= self.cells {
            return None;
        }
        let value = by_slot[self.slots.slot(cell) as usize];
        (value != INF).then(|| self.pricing.to_fixed(value))
    }

    /// h(start, `slot`), in the search's pricing.
    #[inline]
    fn h_from_start(&self, slot: u32) -> Cost {
        self.h_from_start_in(slot, self.pricing)
    }

    /// h(start, `slot`) under `pricing`.
    #[inline]
    fn h_from_start_in(&self, slot: u32, pricing: Pricing) -> Cost {
        let (x, y) = self.slots.xy(slot);
        let (dx, dy) = (x.abs_diff(self.start_xy.0), y.abs_diff(self.start_xy.1));
        self.heuristic.estimate_priced(dx, dy, self.scale, pricing)
    }

    /// The pricing of a search on `grid` (see [`Pricing`]): exact, for a bound on the units of any g,
    /// rhs and key, when that bound times a diagonal step stays below 2^60, the fixed point otherwise. Any
    /// cell may be edited to any terrain of the table while the search is repaired, so g and rhs are
    /// bounded by every cell of the map at the dearest cost of the table; the key adds h (the scale times
    /// the map's width and height) and km (as much again: a start that moved no more than once a cell).
    fn choose_pricing(&self, grid: &Grid) -> Pricing {
        let costs = grid.costs();
        let dearest = Terrain::PASSABLE
            .into_iter()
            .map(|t| costs.tenths(t) as Cost)
            .max()
            .unwrap_or(10);
        let across = (grid.width() + grid.height()) as Cost * self.scale as Cost;
        let km = grid.len() as Cost * self.scale as Cost;
        let bound = grid.len() as Cost * dearest + dearest + across + km;
        Pricing::exact(bound)
            .filter(|exact| bound * exact.diagonal < 1 << 60)
            .unwrap_or(Pricing::FIXED)
    }

    fn key(&self, slot: u32) -> Key {
        let least = self.g_by_slot[slot as usize].min(self.rhs_by_slot[slot as usize]);
        (
            least
                .saturating_add(self.h_from_start(slot))
                .saturating_add(self.km_priced),
            least,
        )
    }

    /// Calls `visit(next, move, enter, leave)` for every move out of `slot` in `terrain` (none out of a
    /// wall): `enter` = c(slot, next), `leave` = c(next, slot).
    #[inline]
    fn moves(&self, terrain: &[Terrain], slot: u32, visit: impl FnMut(u32, u8, Cost, Cost)) {
        if terrain[slot as usize] != Terrain::Wall {
            self.slots.for_each_move(terrain, &[], slot, visit);
        }
    }

    /// min over the successors s' of `slot` of c(slot, s') + g(s') ([`INF`] when none).
    fn lookahead(&self, slot: u32) -> Cost {
        let mut best = INF;
        self.moves(&self.terrain_by_slot, slot, |next, _, enter, _| {
            best = best.min(enter.saturating_add(self.g_by_slot[next as usize]));
        });
        best
    }

    /// The successor s' of `slot` that minimises c(slot, s') + g(s') (the first in move order among
    /// equals), or `None` when every successor's g is infinite: the next cell of the path from `slot`.
    fn descent(&self, slot: u32) -> Option<u32> {
        let mut best = (INF, slot);
        self.moves(&self.terrain_by_slot, slot, |next, _, enter, _| {
            let through = enter.saturating_add(self.g_by_slot[next as usize]);
            if through < best.0 {
                best = (through, next);
            }
        });
        (best.0 != INF).then_some(best.1)
    }

    /// The paper's `UpdateVertex`: puts an inconsistent slot in U with its current key (insert or
    /// update), takes a consistent one out.
    fn update_vertex(&mut self, slot: u32) {
        let s = slot as usize;
        let cell = self.slots.cell(slot);
        if self.g_by_slot[s] != self.rhs_by_slot[s] {
            if self.queued_by_slot[s] == NOT_QUEUED {
                self.queued += 1;
                self.report.counters.open_peak = self.report.counters.open_peak.max(self.queued);
                if self.expanded_in_by_slot[s] == self.run {
                    self.report.counters.reopened += 1;
                }
            }
            let seq = self.next_seq;
            self.next_seq += 1;
            self.queued_by_slot[s] = seq;
            self.open.push(Reverse((self.key(slot), seq, slot)));
            self.report.counters.generated += 1;
            if let Some(trace) = &mut self.report.trace {
                trace.open(cell, self.report.counters.expanded);
            }
        } else if self.queued_by_slot[s] != NOT_QUEUED {
            self.queued_by_slot[s] = NOT_QUEUED;
            self.queued -= 1;
            if let Some(trace) = &mut self.report.trace {
                trace.close(cell, self.report.counters.expanded);
            }
        }
    }

    /// The live top of U (dropping stale entries), or `None` when U is empty.
    fn top(&mut self) -> Option<(Key, u32)> {
        loop {
            let &Reverse((key, seq, slot)) = self.open.peek()?;
            if self.queued_by_slot[slot as usize] == seq {
                return Some((key, slot));
            }
            self.open.pop();
            self.report.counters.stale_pops += 1;
        }
    }

    /// Takes the top entry (found live by [`DStarLite::top`]) out of U.
    fn pop_top(&mut self, slot: u32) {
        self.open.pop();
        self.queued_by_slot[slot as usize] = NOT_QUEUED;
        self.queued -= 1;
    }

    /// Expands `slot`, just taken out of U (see the module doc, "One step").
    fn expand(&mut self, slot: u32) -> u32 {
        let s = slot as usize;
        let cell = self.slots.cell(slot);
        self.report.counters.expanded += 1;
        self.total_expanded += 1;
        self.expanded_in_by_slot[s] = self.run;
        self.report.last_expanded = Some(cell);
        if let Some(trace) = &mut self.report.trace {
            trace.close(cell, self.report.counters.expanded);
        }
        let mut predecessors = [(0u32, 0 as Cost); 8];
        let mut count = 0;
        self.moves(&self.terrain_by_slot, slot, |prev, _, _, leave| {
            predecessors[count] = (prev, leave);
            count += 1;
        });
        let g_old = self.g_by_slot[s];
        if g_old > self.rhs_by_slot[s] {
            let g = self.rhs_by_slot[s];
            self.g_by_slot[s] = g;
            for &(prev, step) in &predecessors[..count] {
                if prev != self.goal {
                    let through = step.saturating_add(g);
                    let rhs = &mut self.rhs_by_slot[prev as usize];
                    *rhs = (*rhs).min(through);
                }
                self.update_vertex(prev);
            }
        } else {
            self.underconsistent += 1;
            self.g_by_slot[s] = INF;
            for &(prev, step) in &predecessors[..count] {
                if prev != self.goal
                    && self.rhs_by_slot[prev as usize] == step.saturating_add(g_old)
                {
                    self.rhs_by_slot[prev as usize] = self.lookahead(prev);
                }
                self.update_vertex(prev);
            }
            // rhs(u) does not depend on g(u) (no move stays put): only its place in U changes.
            self.update_vertex(slot);
        }
        cell
    }

    /// Ends the run: the path by the greedy descent of c + g from the start (see the module doc).
    /// The top of U with its key while `ComputeShortestPath` goes on (see the module doc, "One step"),
    /// or `None` when it stops.
    fn next_to_expand(&mut self) -> Option<(Key, u32)> {
        let start = self.start as usize;
        let start_key = self.key(self.start);
        let behind = self.rhs_by_slot[start] > self.g_by_slot[start];
        self.top().filter(|&(key, _)| key < start_key || behind)
    }

    fn finish(&mut self, grid: &Grid, outcome: Outcome) -> Outcome {
        self.report.path.clear();
        let reachable = self.rhs_by_slot[self.start as usize] != INF;
        let outcome = match outcome {
            Outcome::Found if !reachable => Outcome::Unreachable,
            other => other,
        };
        if outcome == Outcome::Found {
            let mut slot = self.start;
            self.report.path.push(self.slots.cell(slot));
            // Costs are positive, so c + g falls strictly along the descent: it cannot loop, and the
            // bound only guards against a broken invariant.
            while slot != self.goal && self.report.path.len() <= self.cells as usize {
                let Some(next) = self.descent(slot) else {
                    break;
                };
                slot = next;
                self.report.path.push(self.slots.cell(slot));
            }
            debug_assert_eq!(slot, self.goal, "the descent of c + g reaches the goal");
        }
        self.report.path_cost = path_cost(grid, &self.report.path);
        self.report.outcome = Some(outcome);
        outcome
    }

    /// Starts a new run of ComputeShortestPath after a repair: counters, trace and outcome from 0.
    fn new_run(&mut self) {
        self.run += 1;
        self.report.begin(self.cells as usize);
        self.report.counters.open_peak = self.queued;
        self.underconsistent = 0;
    }

    /// Forgets the search (after an edit walled in an end cell): `begin` must come next.
    fn drop_search(&mut self) {
        self.run = 0;
        self.report.outcome = Some(Outcome::Unreachable);
        self.report.path.clear();
        self.report.path_cost = 0;
    }
}

impl Stepper for DStarLite {
    report_accessors!();

    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError> {
        let (params, start, goal) = (&request.params, request.start, request.goal);
        self.params = *params;
        self.heuristic = Heuristic::best_admissible(params.movement);
        let costs = grid.costs();
        // See the module doc: plain, forest and swamp present or not, the road only when on the map.
        self.scale = match params.unscaled_h {
            true => params.h_scale_tenths(grid),
            false => grid.editable_cheapest_tenths(),
        };
        self.pricing = self.choose_pricing(grid);
        self.slots = Slots::priced(grid, params.movement, self.pricing);
        self.width = grid.width();
        self.cells = grid.len() as u32;
        self.costs = costs;
        let slots = grid.bordered_terrain().len();
        self.terrain_by_slot.clear();
        self.terrain_by_slot
            .extend_from_slice(grid.bordered_terrain());
        for (array, value) in [(&mut self.g_by_slot, INF), (&mut self.rhs_by_slot, INF)] {
            array.clear();
            array.resize(slots, value);
        }
        self.queued_by_slot.clear();
        self.queued_by_slot.resize(slots, NOT_QUEUED);
        self.expanded_in_by_slot.clear();
        self.expanded_in_by_slot.resize(slots, 0);
        self.open.clear();
        self.queued = 0;
        self.next_seq = 0;
        self.start = self.slots.slot(start);
        self.goal = self.slots.slot(goal);
        self.start_xy = grid.xy(start);
        self.km_priced = 0;
        self.km = 0;
        self.run = 0;
        self.total_expanded = 0;
        self.new_run();
        self.rhs_by_slot[self.goal as usize] = 0;
        self.update_vertex(self.goal);
        Ok(())
    }

    fn step(&mut self, grid: &Grid) -> Step {
        if let Some(done) = self.report.finished() {
            return done;
        }
        loop {
            let Some((k_old, slot)) = self.next_to_expand() else {
                return Step::Done(self.finish(grid, Outcome::Found));
            };
            if self.report.at_limit(self.params.expansion_limit) {
                return Step::Done(self.finish(grid, Outcome::LimitReached));
            }
            self.pop_top(slot);
            let k_new = self.key(slot);
            if k_old < k_new {
                // Its key was computed with a smaller km: put it back where it belongs, no expansion.
                self.update_vertex(slot);
                continue;
            }
            let expanded = self.expand(slot);
            // The search ends with its last expansion (as the other engines do), so that stepping
            // exactly `expanded` times shows it finished.
            if self.next_to_expand().is_none() {
                self.finish(grid, Outcome::Found);
            }
            return Step::Expanded(expanded);
        }
    }

    /// D* Lite's g: the cost from `cell` to the goal found so far.
    fn g(&self, cell: u32) -> Option<Cost> {
        self.value(&self.g_by_slot, cell)
    }

    /// The estimate from the start to `cell` (D* Lite searches from the goal towards the start).
    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        if self.run == 0 || cell as usize >= grid.len() {
            return 0;
        }
        self.h_from_start_in(self.slots.slot(cell), Pricing::FIXED)
    }

    fn prices_exactly(&self) -> bool {
        self.pricing != Pricing::FIXED
    }

    fn rhs(&self, cell: u32) -> Option<Cost> {
        self.rhs_of(cell)
    }

    /// D* Lite reaches a cell from the goal's side: its parent is the next cell on its way to the goal,
    /// the successor its path would take ([`DStarLite::descent`]), kept only when that successor's g is
    /// below the cell's min(g, rhs), so that parents always lead down to the goal even while cells are
    /// inconsistent (mid-search or mid-repair; the start may end with g = ∞ and rhs its cost). `None`
    /// for the goal, a wall, an unreached cell.
    fn parent(&self, cell: u32) -> Option<u32> {
        if self.run == 0 || cell >= self.cells {
            return None;
        }
        let slot = self.slots.slot(cell);
        let own = self.g_by_slot[slot as usize].min(self.rhs_by_slot[slot as usize]);
        if own == INF {
            return None;
        }
        let next = self.descent(slot)?;
        (self.g_by_slot[next as usize] < own).then(|| self.slots.cell(next))
    }

    fn is_closed(&self, cell: u32) -> bool {
        if self.run == 0 || cell >= self.cells {
            return false;
        }
        let s = self.slots.slot(cell) as usize;
        self.expanded_in_by_slot[s] == self.run && self.queued_by_slot[s] == NOT_QUEUED
    }

    fn details(&self) -> Vec<Detail> {
        vec![
            Detail {
                key: "underconsistent-expanded",
                value: self.underconsistent as f64,
            },
            Detail {
                key: "repairs",
                value: self.run.saturating_sub(1) as f64,
            },
            Detail {
                key: "total-expanded",
                value: self.total_expanded as f64,
            },
        ]
    }

    fn repair(&mut self, grid: &Grid) -> Result<bool, SearchError> {
        if !self.can_repair(grid) {
            return Ok(false);
        }
        DStarLite::repair_from(self, grid, self.slots.cell(self.start))
    }

    fn repair_from(&mut self, grid: &Grid, start: u32) -> Result<bool, SearchError> {
        DStarLite::repair_from(self, grid, start)
    }

    fn checkpoint(&self) -> Option<Box<dyn Stepper>> {
        Some(Box::new(self.clone()))
    }
}
