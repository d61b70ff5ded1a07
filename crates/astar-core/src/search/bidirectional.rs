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
use super::{Outcome, SearchError, Step};
use crate::cost::{self, Cost};
use crate::grid::Grid;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// μ before the frontiers have met.
const NOT_MET: Cost = Cost::MAX;

/// One of the two searches.
#[derive(Clone, Debug, Default)]
struct Side {
    /// Per slot: g, the move that reached it, and open/closed.
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
    /// The best meeting cost so far, and where it is attained (a slot).
    mu: Cost,
    meeting: u32,
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

    /// The estimate from the cell at (x, y) to the target of one side.
    #[inline]
    fn estimate(&self, target: (u32, u32), x: u32, y: u32) -> Cost {
        self.frame.params.heuristic.estimate(
            x.abs_diff(target.0),
            y.abs_diff(target.1),
            self.frame.cheapest,
        )
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
        !self.side(!forward).cells.is_seen(slot)
            || trace.frontiers()[cell as usize] == frontier as u8
    }

    /// Gives `slot` cost `g` by the move `m` on one side (it must be an improvement), pushes it, and
    /// updates μ if the other side has reached it.
    fn generate(&mut self, forward: bool, slot: u32, g: Cost, m: u8) {
        let (x, y) = self.frame.slots.xy(slot);
        let cell = y * self.frame.width + x;
        if self.owns(forward, slot, cell) {
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
        let h = self.estimate(self.side(forward).target_xy, x, y);
        let priority = g + h;
        let (tie, seq) = self.frame.params.tie_break.keys(g, h, self.frame.next_seq);
        self.frame.next_seq += 1;
        let side = self.side_mut(forward);
        if !side.cells.is_open(slot) {
            side.open_count += 1;
        }
        side.cells.open(slot, g, m);
        side.open.push(Reverse((priority, tie, seq, slot)));
        self.report.counters.generated += 1;
        let open_now = self.forward.open_count + self.backward.open_count;
        self.report.counters.open_peak = self.report.counters.open_peak.max(open_now);
        let other = &self.side(!forward).cells;
        if other.is_seen(slot) {
            let through = g + other.get(slot).g();
            if through < self.mu {
                self.mu = through;
                self.meeting = slot;
            }
        }
    }

    /// The path and its cost once the search ends with `outcome`.
    fn finish(&mut self, grid: &Grid, outcome: Outcome) -> Outcome {
        self.report.outcome = Some(outcome);
        self.report.path.clear();
        match outcome {
            Outcome::Found => {
                self.forward
                    .cells
                    .chain(&self.frame.slots, self.meeting, &mut self.report.path);
                self.report.path.reverse();
                let joined = self.report.path.len();
                self.backward
                    .cells
                    .chain(&self.frame.slots, self.meeting, &mut self.report.path);
                // The meeting cell ends the forward half and starts the backward one.
                self.report.path.remove(joined);
            }
            Outcome::LimitReached => {
                self.forward.cells.chain(
                    &self.frame.slots,
                    self.frame.closest.1,
                    &mut self.report.path,
                );
                self.report.path.reverse();
            }
            Outcome::Unreachable => {}
        }
        self.report.path_cost = path_cost(grid, &self.report.path);
        outcome
    }

    /// The priority of the first live entry of one side's open list (dropping stale entries), or `None`
    /// when the list is empty.
    fn min_priority(&mut self, forward: bool) -> Option<Cost> {
        loop {
            let side = self.side_mut(forward);
            let &Reverse((priority, _, _, slot)) = side.open.peek()?;
            if !side.cells.is_closed(slot) {
                return Some(priority);
            }
            side.open.pop();
            self.report.counters.stale_pops += 1;
        }
    }

    /// Closes `slot` on one side and relaxes its neighbours (reversed costs backward).
    fn expand(&mut self, grid: &Grid, forward: bool, slot: u32) -> u32 {
        let cell = self.frame.slots.cell(slot);
        let owned = self.owns(forward, slot, cell);
        let side = self.side_mut(forward);
        side.cells.close(slot);
        side.open_count -= 1;
        side.expanded += 1;
        let g = side.cells.get(slot).g();
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
                self.frame.closest = (distance, slot);
            }
        }
        let mut moves = [(0u32, 0u8, 0 as Cost); 8];
        let mut count = 0;
        self.frame.slots.for_each_move(
            grid.bordered_terrain(),
            grid.bordered_levels(),
            slot,
            |next, m, enter, leave| {
                moves[count] = (next, m, if forward { enter } else { leave });
                count += 1;
            },
        );
        for &(next, m, step) in &moves[..count] {
            let next_g = g + step;
            let cells = &self.side(forward).cells;
            if cells.is_seen(next) && cells.get(next).g() <= next_g {
                continue;
            }
            if cells.is_closed(next) {
                self.report.counters.reopened += 1;
            }
            self.generate(forward, next, next_g, m);
        }
        cell
    }
}

impl Stepper for Bidirectional {
    report_accessors!();

    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError> {
        self.frame.begin(grid, request);
        let slots = grid.bordered_terrain().len();
        for side in [&mut self.forward, &mut self.backward] {
            side.cells.next_search(slots);
            side.open.clear();
            side.open_count = 0;
            side.expanded = 0;
        }
        self.forward.target_xy = grid.xy(request.goal);
        self.backward.target_xy = grid.xy(request.start);
        self.mu = NOT_MET;
        self.meeting = self.frame.start;
        self.report.begin(grid.len());
        self.generate(true, self.frame.start, 0, NO_MOVE);
        self.generate(false, self.frame.goal, 0, NO_MOVE);
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
        let Some(Reverse((_, _, _, slot))) = self.side_mut(forward).open.pop() else {
            unreachable!("min_priority found a live entry");
        };
        Step::Expanded(self.expand(grid, forward, slot))
    }

    fn g(&self, cell: u32) -> Option<Cost> {
        if self.forward.cells.generation == 0 || cell >= self.frame.cells {
            return None;
        }
        let slot = self.frame.slots.slot(cell);
        let cells = &self.forward.cells;
        cells.is_seen(slot).then(|| cells.get(slot).g())
    }

    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        let (x, y) = grid.xy(cell);
        self.estimate(self.forward.target_xy, x, y)
    }

    /// The forward search's parent (the inspector's chain runs from the start).
    fn parent(&self, cell: u32) -> Option<u32> {
        self.g(cell)?;
        let slot = self.frame.slots.slot(cell);
        let m = self.forward.cells.get(slot).arrival();
        (m != NO_MOVE).then(|| self.frame.slots.cell(self.frame.slots.back(slot, m)))
    }

    fn is_closed(&self, cell: u32) -> bool {
        if self.forward.cells.generation == 0 || cell >= self.frame.cells {
            return false;
        }
        let slot = self.frame.slots.slot(cell);
        self.forward.cells.is_closed(slot) || self.backward.cells.is_closed(slot)
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
                _ => self.mu,
            };
            details.push(Detail {
                key: "meeting-cost",
                value: cost::to_f64(cost),
            });
        }
        details
    }

    fn meeting_cell(&self) -> Option<u32> {
        (self.mu != NOT_MET).then(|| self.frame.slots.cell(self.meeting))
    }
}
