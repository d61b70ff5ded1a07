//! Bidirectional A* ([`Bidirectional`]): one A* from the start towards the goal and one from the goal
//! towards the start on the reversed graph, stopped by the front-to-end rule of the *bidirectional
//! heuristic path algorithm* (BHPA; Pohl 1971, "Bi-directional search", Machine Intelligence 6; the
//! stopping rule as stated by Kaindl and Kainz 1997, "Bidirectional heuristic search reconsidered",
//! JAIR 7, and used as the baseline in Holte, Felner, Sharon, Sturtevant 2016, "Bidirectional search
//! that is guaranteed to meet in the middle", AAAI).
//!
//! # The two searches
//! - **Forward**: A* from the start, g_F(n) the cost of a path start → n, h_F(n) the heuristic from n to
//!   the goal, f_F = g_F + h_F.
//! - **Backward**: A* from the goal over *reversed* edges: a move costs the terrain of the cell it
//!   enters, so the move u → v costs v's terrain, and the backward search, expanding v, gives its
//!   predecessor u the cost g_B(v) + cost(u → v), v's terrain, not u's (see `slots`). g_B(n) is the cost
//!   of a path n → goal and h_B(n) the same heuristic measured from n to the start (scaled by the cheapest
//!   terrain like every estimate, so it stays a lower bound on the reversed costs too).
//!
//! Whenever either side gives a cell a new g and the other side has reached it, μ = min(μ, g_F + g_B):
//! μ is the cheapest start → goal path seen so far, through the *meeting cell* where it is attained.
//!
//! # One step
//! One step expands one cell of one frontier: the side with fewer open cells (Pohl's cardinality
//! criterion; the forward side on a tie), so the two frontiers grow to about the same size. Cells whose g
//! improves are relaxed, and closed ones reopened (counted as `reopened`), on both sides.
//!
//! # Stopping rule and why it is optimal
//! Before each expansion: stop when μ ≤ max(min f_F, min f_B), the minima over the two open lists (an
//! empty list's minimum is ∞). Then the path through the meeting cell is returned (if μ = ∞ and a list is
//! empty, there is none: unreachable).
//!
//! Claim: with an admissible heuristic, μ is then the optimal cost C*. Since μ is always the cost
//! of a real path, μ ≥ C*; so it suffices that min f_F ≤ C* (and likewise min f_B ≤ C*) while the search
//! runs. Let P = (start = n₀, …, n_k = goal) be an optimal path. If the forward side has not closed all
//! of P with optimal g, let n_i be the first cell of P that it has not closed with g_F(n_i) = d(start,
//! n_i). Then n_{i-1} is closed with optimal g (or i = 0 and n_i is the start, open with g = 0), and its
//! expansion at that g generated, relaxed or reopened n_i with g_F(n_i) = d(start, n_i); so n_i is open
//! with optimal g and f_F(n_i) = d(start, n_i) + h_F(n_i) ≤ d(start, n_i) + d(n_i, goal) = C*. If
//! instead the forward side has closed all of P optimally, it generated the goal with g_F = C*, and the
//! goal is the backward side's root with g_B = 0, so μ ≤ C* already. The backward side is the mirror
//! image. Hence whenever the rule fires, C* ≤ μ ≤ max(min f_F, min f_B) ≤ C*. The same argument shows
//! that when an open list runs dry with μ = ∞, the goal cannot be reached (the empty side explored
//! everything reachable).
//!
//! The path returned follows parent pointers from the meeting cell back to both roots. A parent pointer
//! is set together with its g, so following them never costs more than the g they were recorded with
//! (a g only ever decreases), hence never more than μ; it is checked by recomputing the cost from the
//! cells (`path_cost`), which is what [`Stepper::path_cost`] returns.
//!
//! **Inadmissible heuristics and weights.** With a heuristic that overestimates by at most a factor k
//! (Manhattan with diagonal moves: k = √2), the same argument gives min f ≤ k · C*, so the path found is
//! legal and costs at most k · C*, not necessarily C*. The weight setting is ignored (the registry says
//! so): priorities are g + h. Weighting both sides, f = g + w · h, would keep the same argument and a
//! bound of w · C*, but the page has no use for it yet.
//!
//! This rule is weaker than MM's or NBS's (it does not use g_min F + g_min B); it needs no second
//! priority queue per side and its proof is the one above. Unlike PathFinding.js's `BiAStarFinder`, it
//! does *not* stop at the first meeting, which is not optimal in general (its issue #28).
//!
//! # A turn penalty
//! On a map with a turn penalty ([`crate::penalty`]) both sides search *states*, a cell and the heading it
//! was entered with (`state = slot · layers + heading`, one layer per move and one for the start, as in
//! `turns.rs`), and a state means the same on both: g_F is the cost of a path from the start that enters
//! the cell with that heading, g_B the cost of the rest of the path from there to the goal. So μ joins the
//! two halves at a common state, turns included.
//! - Forward, a move m out of (cell, h) enters (next, m) and costs the step plus the penalty when h is
//!   neither m nor the start's layer; h_F adds the turns still needed (`turn_bound.rs`).
//! - Backward, the roots are the goal in every heading it can be entered with (and in the start's layer
//!   when the goal is the start). Expanding (cell, h) reaches the cell behind it, `cell − h`, in every
//!   heading h' that cell can be entered with (and in the start's layer at the start), at the cost of the
//!   step into `cell` plus the penalty when h' is neither h nor the start's layer. h_B adds the fewest
//!   turns a path from the start can have made to enter the cell with its heading (`turn_bound.rs`), a
//!   lower bound too.
//!
//! The stopping rule needs only admissible heuristics (both sides reopen), so the proof above holds over
//! states. A state records what it was reached by: forward, the heading of the state before it; backward,
//! the heading of the state after it; so both halves are read back state by state. The trace is of
//! cells, as in the turn search: a side opens a cell with its first state of it and closes it with its
//! first expanded one. Memory: 12 bytes a state a side, so 2 × 9 × 12 = 216 bytes a cell with 8
//! neighbours (the map capped at 1024 × 1024 as for every search of a turn penalty).
//!
//! # Data layout and invariants
//! - Per side, a flat array of [`SlotState`] indexed by slot (see `slots`: the map inside a ring of
//!   walls), 12 bytes a slot (g with the move that reached the slot, and a generation stamp: open,
//!   closed or unseen), never cleared between searches; the two sides together hold 24 bytes a slot.
//! - Per side, a binary heap of (f, tie-break, seq, slot) with lazy deletion: a cell's newer entry has a
//!   strictly smaller f (g smaller, h fixed per side), so it pops first; an entry popped for a closed cell
//!   is exactly a stale one (counted as `stale_pops`).
//! - Priorities are g + h in fixed point, so the rule compares integers exactly.
//! - Counters add both sides (`open_peak` is the most cells open on both sides at once); `details()`
//!   splits the expansions by side.
//!
//! # Trace
//! Forward cells are traced with [`Frontier::Forward`] and backward cells with [`Frontier::Backward`]. A
//! cell reached by both sides *keeps the frontier of the side that reached it first*, and only that
//! side's openings and closings of it are recorded in the step arrays, so that scrubbing back shows each
//! cell in one consistent state. The meeting cell is [`Stepper::meeting_cell`].

use super::frame::{Entry, Frame};
use super::slots::{path_cost, Stamped, NO_MOVE};
use super::stepper::{report_accessors, Report, Request};
use super::stepper::{Detail, Stepper};
use super::trace::Frontier;
use super::turn_bound::{turns_ahead_of_state, turns_behind_of_state};
use super::{Outcome, SearchError, Step};
use crate::cost::{self, Cost};
use crate::grid::Grid;
use crate::heuristic::Heuristic;
use crate::penalty::{turn_cost, turns_along};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// μ before the frontiers have met.
const NOT_MET: Cost = Cost::MAX;

/// One of the two searches.
#[derive(Clone, Debug, Default)]
struct Side {
    /// Per state (a slot, or a slot and a heading: see "A turn penalty"): g, what it was reached by, and
    /// open/closed.
    cells: Stamped,
    /// Min-heap of entries (see the module doc).
    open: BinaryHeap<Reverse<Entry>>,
    /// Cells open now (not heap entries).
    open_count: u64,
    /// The cell this side heads for (the goal for the forward side, the start for the backward one).
    target_xy: (u32, u32),
    /// Expansions by this side.
    expanded: u64,
}

/// Bidirectional A* (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct Bidirectional {
    /// The settings, slots, ends, push counter and the forward-closed slot nearest the goal (see
    /// `frame`; its `goal_xy` is the forward side's `target_xy`).
    frame: Frame,
    forward: Side,
    backward: Side,
    /// The best meeting cost so far, and where it is attained (a state).
    mu: Cost,
    meeting: u32,
    /// States a slot: 1, or with a turn penalty the movement's moves and one for the start (see "A turn
    /// penalty").
    layers: u32,
    /// What a turn costs, in the search's pricing: 0 without a turn penalty.
    turn: Cost,
    /// The outcome, counters, path, last expanded cell and trace (see `Report`).
    report: Report,
}

impl Bidirectional {
    /// An empty engine; buffers grow on the first search.
    pub fn new() -> Bidirectional {
        Bidirectional::default()
    }

    fn side(&self, forward: bool) -> &Side {
        if forward {
            &self.forward
        } else {
            &self.backward
        }
    }

    fn side_mut(&mut self, forward: bool) -> &mut Side {
        if forward {
            &mut self.forward
        } else {
            &mut self.backward
        }
    }

    fn slot_of(&self, state: u32) -> u32 {
        state / self.layers
    }

    /// True while the search is over cells and headings (a turn penalty). Without the `turns` feature
    /// (the page's first module, which fetches the second before searching a turn penalty) never, so
    /// that the compiler leaves that code out of it.
    fn layered(&self) -> bool {
        cfg!(feature = "turns") && self.layers != 1
    }

    fn heading_of(&self, state: u32) -> u8 {
        (state % self.layers) as u8
    }

    /// The start layer's heading (no move yet), with a turn penalty.
    fn start_layer(&self) -> u8 {
        (self.layers - 1) as u8
    }

    /// The states of the cell at `slot`.
    fn states_of(&self, slot: u32) -> std::ops::Range<u32> {
        slot * self.layers..(slot + 1) * self.layers
    }

    /// The estimate from the cell at (x, y) to the target of one side.
    #[inline]
    fn estimate(&self, target: (u32, u32), x: u32, y: u32) -> Cost {
        self.frame.estimate_to((x, y), target)
    }

    /// h of `state`, at (x, y), on one side: the estimate to the side's target and, with a turn penalty,
    /// the turns still needed (forward) or the turns a path from the start must have made to reach it
    /// (backward; see "A turn penalty").
    fn h_of(&self, forward: bool, state: u32, (x, y): (u32, u32)) -> Cost {
        let target = self.side(forward).target_xy;
        let h = self.estimate(target, x, y);
        if !self.layered() || self.frame.params.heuristic == Heuristic::Zero {
            return h;
        }
        let layer = self.heading_of(state);
        let turns = match forward {
            true => turns_ahead_of_state(self.layers, (x, y), target, layer),
            false => turns_behind_of_state(self.layers, (x, y), target, layer),
        };
        h + self.turn * turns
    }

    /// True when one side has reached (`closed`: expanded) some state of the cell at `slot`.
    fn cell_reached(&self, forward: bool, slot: u32, closed: bool) -> bool {
        let cells = &self.side(forward).cells;
        self.states_of(slot).any(|state| match closed {
            true => cells.is_closed(state),
            false => cells.is_seen(state),
        })
    }

    /// True if trace events of `forward`'s side on `slot` are recorded: that side reached it first.
    fn owns(&self, forward: bool, slot: u32, cell: u32) -> bool {
        let Some(trace) = &self.report.trace else {
            return false;
        };
        let frontier = if forward {
            Frontier::Forward
        } else {
            Frontier::Backward
        };
        !self.cell_reached(!forward, slot, false)
            || trace.frontiers()[cell as usize] == frontier as u8
    }

    /// Gives `state` cost `g` on one side (it must be an improvement), reached by `by` (see "A turn
    /// penalty"), pushes it, and updates μ if the other side has reached it.
    fn generate(&mut self, forward: bool, state: u32, g: Cost, by: u8) {
        let slot = self.slot_of(state);
        let (x, y) = self.frame.slots.xy(slot);
        let cell = y * self.frame.width + x;
        // With a turn penalty the trace is of cells: a cell is open once a side's first state of it is.
        if self.owns(forward, slot, cell)
            && (!self.layered() || !self.cell_reached(forward, slot, false))
        {
            let expanded = self.report.counters.expanded;
            let trace = self.report.trace.as_mut().expect("owns() needs the trace");
            let frontier = if forward {
                Frontier::Forward
            } else {
                Frontier::Backward
            };
            trace.set_frontier(cell, frontier);
            trace.open(cell, expanded);
        }
        let h = self.h_of(forward, state, (x, y));
        let priority = g + h;
        let (tie, seq) = self.frame.params.tie_break.keys(g, h, self.frame.next_seq);
        self.frame.next_seq += 1;
        let side = self.side_mut(forward);
        if !side.cells.is_open(state) {
            side.open_count += 1;
        }
        side.cells.open(state, g, by);
        side.open.push(Reverse((priority, tie, seq, state)));
        self.report.counters.generated += 1;
        let open_now = self.forward.open_count + self.backward.open_count;
        self.report.counters.open_peak = self.report.counters.open_peak.max(open_now);
        let other = &self.side(!forward).cells;
        if other.is_seen(state) {
            let through = g + other.get(state).g();
            if through < self.mu {
                self.mu = through;
                self.meeting = state;
            }
        }
    }

    /// The cells from `state` back to one side's root, `state`'s first (see "A turn penalty").
    fn chain(&self, forward: bool, mut state: u32, out: &mut Vec<u32>) {
        let cells = &self.side(forward).cells;
        loop {
            let slot = self.slot_of(state);
            out.push(self.frame.slots.cell(slot));
            let by = cells.get(state).arrival();
            if by == NO_MOVE {
                return;
            }
            let layers = self.layers;
            state = match (self.layered(), forward) {
                (false, _) => self.frame.slots.back(slot, by),
                (true, true) => {
                    self.frame.slots.back(slot, self.heading_of(state)) * layers + by as u32
                }
                (true, false) => self.frame.slots.back(slot, by ^ 2) * layers + by as u32,
            };
        }
    }

    /// The path and its cost once the search ends with `outcome`.
    fn finish(&mut self, grid: &Grid, outcome: Outcome) -> Outcome {
        self.report.outcome = Some(outcome);
        let mut path = std::mem::take(&mut self.report.path);
        path.clear();
        match outcome {
            Outcome::Found => {
                self.chain(true, self.meeting, &mut path);
                path.reverse();
                let joined = path.len();
                self.chain(false, self.meeting, &mut path);
                // The meeting cell ends the forward half and starts the backward one.
                path.remove(joined);
            }
            Outcome::LimitReached => {
                self.chain(true, self.frame.closest.1, &mut path);
                path.reverse();
            }
            Outcome::Unreachable => {}
        }
        let turns = match self.layered() {
            false => 0,
            true => turns_along(grid.width(), &path),
        };
        // Priced from the path, in the fixed point (the search's own pricing stays inside it).
        let turn = turn_cost(grid.penalties().turn_tenths);
        self.report.path_cost = path_cost(grid, &path) + turn * turns;
        self.report.path = path;
        outcome
    }

    /// The priority of the first live entry of one side's open list (dropping stale entries), or `None`
    /// when the list is empty.
    fn min_priority(&mut self, forward: bool) -> Option<Cost> {
        loop {
            let side = self.side_mut(forward);
            let &Reverse((priority, _, _, state)) = side.open.peek()?;
            if !side.cells.is_closed(state) {
                return Some(priority);
            }
            side.open.pop();
            self.report.counters.stale_pops += 1;
        }
    }

    /// The legal moves out of `slot`: (next slot, move, cost of entering next, cost of the reverse move).
    fn moves(&self, grid: &Grid, slot: u32) -> ([(u32, u8, Cost, Cost); 8], usize) {
        let mut moves = [(0u32, 0u8, 0 as Cost, 0 as Cost); 8];
        let mut count = 0;
        self.frame.slots.for_each_move(
            grid.bordered_terrain(),
            grid.bordered_levels(),
            slot,
            |next, m, enter, leave| {
                moves[count] = (next, m, enter, leave);
                count += 1;
            },
        );
        (moves, count)
    }

    /// The layers the cell at `slot` can be reached in: each heading it can be entered with (the opposite
    /// of a legal move out of it), and the start's layer when it is the start.
    fn entry_layers(&self, grid: &Grid, slot: u32) -> impl Iterator<Item = u8> {
        let (moves, count) = self.moves(grid, slot);
        let at_start = (slot == self.frame.start / self.layers).then_some(self.start_layer());
        (0..count).map(move |i| moves[i].1 ^ 2).chain(at_start)
    }

    /// Relaxes `state` on one side with cost `next_g`, reached by `by`, unless it has a g no larger.
    fn relax(&mut self, forward: bool, state: u32, next_g: Cost, by: u8) {
        let cells = &self.side(forward).cells;
        if cells.is_seen(state) && cells.get(state).g() <= next_g {
            return;
        }
        if cells.is_closed(state) {
            self.report.counters.reopened += 1;
        }
        self.generate(forward, state, next_g, by);
    }

    /// Closes `state` on one side and relaxes its moves (reversed costs backward).
    fn expand(&mut self, grid: &Grid, forward: bool, state: u32) -> u32 {
        let slot = self.slot_of(state);
        let cell = self.frame.slots.cell(slot);
        // With a turn penalty the trace is of cells: closed once a side's first state of it is.
        let owned = self.owns(forward, slot, cell)
            && (!self.layered() || !self.cell_reached(forward, slot, true));
        let side = self.side_mut(forward);
        side.cells.close(state);
        side.open_count -= 1;
        side.expanded += 1;
        let g = side.cells.get(state).g();
        self.report.counters.expanded += 1;
        self.report.last_expanded = Some(cell);
        if owned {
            let expanded = self.report.counters.expanded;
            if let Some(trace) = &mut self.report.trace {
                trace.close(cell, expanded);
            }
        }
        if forward && self.frame.params.expansion_limit.is_some() {
            let distance = self.frame.slots.octile_steps(slot, self.forward.target_xy);
            if distance < self.frame.closest.0 {
                self.frame.closest = (distance, state);
            }
        }
        let (moves, count) = self.moves(grid, slot);
        if !self.layered() {
            for &(next, m, enter, leave) in &moves[..count] {
                self.relax(forward, next, g + if forward { enter } else { leave }, m);
            }
            return cell;
        }
        let heading = self.heading_of(state);
        let start_layer = self.start_layer();
        if forward {
            // A move m out of (slot, heading) enters (next, m).
            for &(next, m, enter, _) in &moves[..count] {
                let turned = heading != start_layer && heading != m;
                let next_g = g + enter + if turned { self.turn } else { 0 };
                self.relax(true, next * self.layers + m as u32, next_g, heading);
            }
            return cell;
        }
        // Backward, (slot, heading) was entered by the move `heading` from the cell behind it; that cell
        // is reached in each heading it can be entered with (and in the start's layer at the start), and
        // from each pays the step into `slot` and a turn unless it already heads that way.
        if heading == start_layer {
            return cell;
        }
        let Some(&(before, _, _, into_here)) = moves[..count].iter().find(|mv| mv.1 == heading ^ 2)
        else {
            return cell;
        };
        for h in self.entry_layers(grid, before) {
            let turned = h != start_layer && h != heading;
            let next_g = g + into_here + if turned { self.turn } else { 0 };
            self.relax(false, before * self.layers + h as u32, next_g, heading);
        }
        cell
    }

    /// The forward side's reached state of `cell` with the lowest g, if any.
    fn best_forward_state(&self, cell: u32) -> Option<u32> {
        if self.forward.cells.generation == 0 || cell >= self.frame.cells {
            return None;
        }
        let cells = &self.forward.cells;
        self.states_of(self.frame.slots.slot(cell))
            .filter(|&state| cells.is_seen(state))
            .min_by_key(|&state| cells.get(state).g())
    }
}

impl Stepper for Bidirectional {
    report_accessors!();

    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError> {
        self.frame.begin(grid, request);
        let turn_tenths = grid.penalties().turn_tenths;
        self.layers = match turn_tenths {
            0 => 1,
            _ => request.params.movement.direction_count() as u32 + 1,
        };
        if !cfg!(feature = "turns") {
            // Refused before (the registry's row): never searched here.
            self.layers = 1;
        }
        // Optimal at w = 1, so priced exactly where the costs fit (see `Frame::price_exactly`).
        let g_bits = super::slots::G_BITS;
        self.frame
            .price_exactly(grid, self.layers, turn_tenths, 1, g_bits);
        self.turn = self.frame.pricing.step(turn_tenths, false);
        let states = grid.bordered_terrain().len() * self.layers as usize;
        for side in [&mut self.forward, &mut self.backward] {
            side.cells.next_search(states);
            side.open.clear();
            side.open_count = 0;
            side.expanded = 0;
        }
        self.forward.target_xy = grid.xy(request.goal);
        self.backward.target_xy = grid.xy(request.start);
        self.mu = NOT_MET;
        let (start_slot, goal_slot) = (self.frame.start, self.frame.goal);
        self.frame.start = start_slot * self.layers + self.layers - 1;
        self.frame.closest = (Cost::MAX, self.frame.start);
        self.meeting = self.frame.start;
        self.report.begin(grid.len());
        self.generate(true, self.frame.start, 0, NO_MOVE);
        if !self.layered() {
            self.generate(false, goal_slot, 0, NO_MOVE);
            return Ok(());
        }
        // The goal is reached in any heading it can be entered with (and in the start's layer when it is
        // the start): each a root of the backward side.
        for h in self.entry_layers(grid, goal_slot) {
            self.generate(false, goal_slot * self.layers + h as u32, 0, NO_MOVE);
        }
        Ok(())
    }

    fn step(&mut self, grid: &Grid) -> Step {
        if let Some(done) = self.report.finished() {
            return done;
        }
        let forward_min = self.min_priority(true);
        let backward_min = self.min_priority(false);
        let bound = forward_min
            .unwrap_or(Cost::MAX)
            .max(backward_min.unwrap_or(Cost::MAX));
        if self.mu != NOT_MET && self.mu <= bound {
            return Step::Done(self.finish(grid, Outcome::Found));
        }
        if forward_min.is_none() || backward_min.is_none() {
            return Step::Done(self.finish(grid, Outcome::Unreachable));
        }
        if self.report.at_limit(self.frame.params.expansion_limit) {
            return Step::Done(self.finish(grid, Outcome::LimitReached));
        }
        let forward = self.forward.open_count <= self.backward.open_count;
        let Some(Reverse((_, _, _, state))) = self.side_mut(forward).open.pop() else {
            unreachable!("min_priority found a live entry");
        };
        Step::Expanded(self.expand(grid, forward, state))
    }

    fn g(&self, cell: u32) -> Option<Cost> {
        let state = self.best_forward_state(cell)?;
        Some(
            self.frame
                .pricing
                .to_fixed(self.forward.cells.get(state).g()),
        )
    }

    /// The forward side's estimate (its target is the frame's goal).
    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        self.frame.h_fixed(grid, cell)
    }

    fn prices_exactly(&self) -> bool {
        self.frame.prices_exactly()
    }

    /// The forward search's parent (the inspector's chain runs from the start).
    fn parent(&self, cell: u32) -> Option<u32> {
        let state = self.best_forward_state(cell)?;
        let slot = self.slot_of(state);
        let by = self.forward.cells.get(state).arrival();
        let m = match self.layered() {
            false => by,
            true => self.heading_of(state),
        };
        (by != NO_MOVE).then(|| self.frame.slots.cell(self.frame.slots.back(slot, m)))
    }

    fn is_closed(&self, cell: u32) -> bool {
        if self.forward.cells.generation == 0 || cell >= self.frame.cells {
            return false;
        }
        let slot = self.frame.slots.slot(cell);
        self.cell_reached(true, slot, true) || self.cell_reached(false, slot, true)
    }

    fn details(&self) -> Vec<Detail> {
        let mut details = vec![
            Detail {
                key: "forward-expanded",
                value: self.forward.expanded as f64,
            },
            Detail {
                key: "backward-expanded",
                value: self.backward.expanded as f64,
            },
        ];
        if self.mu != NOT_MET {
            let cost = match self.report.outcome {
                Some(Outcome::Found) => self.report.path_cost,
                _ => self.frame.pricing.to_fixed(self.mu),
            };
            details.push(Detail {
                key: "meeting-cost",
                value: cost::to_f64(cost),
            });
        }
        if self.layered() && !self.report.path.is_empty() {
            details.push(Detail {
                key: "turns",
                value: turns_along(self.frame.width, &self.report.path) as f64,
            });
        }
        details
    }

    fn meeting_cell(&self) -> Option<u32> {
        (self.mu != NOT_MET).then(|| self.frame.slots.cell(self.slot_of(self.meeting)))
    }
}
