//! A* with dynamic weighting ([`DynamicWeight`]): f(n) = g(n) + w(n) · h(n), where the weight w(n)
//! falls from w₀ (the search's weight setting) at the start to 1 at the goal, measured by progress:
//!
//! ```text
//!   w(n) = 1 + (w₀ − 1) · min(h(n), h(start)) / h(start)        (w₀ > 1)
//!   w(n) = w₀                                                   (w₀ ≤ 1: plain A* at w₀)
//! ```
//!
//! Pohl (1973, "The avoidance of (relative) catastrophe, heuristic competence, genuine dynamic weighting
//! and computational issues in heuristic problem solving", IJCAI) lets the weight fall with the *depth*
//! of n, w = 1 + ε · (1 − d(n)/N) for an anticipated solution depth N. On a grid the depth N is not known
//! in advance (a detour can make the path far longer than the straight line), while h(start) is, and
//! h(n) / h(start) says how much of the estimated distance is still to go; so this module uses that
//! progress form, the one the playground's articles describe. It has the same guarantee: w(n) stays in
//! [1, w₀] (the `min` keeps cells farther from the goal than the start at w₀), and with an admissible
//! heuristic the path costs at most w₀ · C*. Proof, the usual one for weighted A*: while the goal is not
//! expanded, some cell n of an optimal path is open with its optimal g (the search reopens closed cells
//! whose g improves, counted as `reopened`, which this step needs since a varying w makes f
//! inconsistent), and f(n) = g*(n) + w(n) · h(n) ≤ w₀ · (g*(n) + h*(n)) = w₀ · C*; the goal is expanded
//! with f(goal) = g(goal) no larger than that open cell's f, so g(goal) ≤ w₀ · C*.
//!
//! **Why w never goes below 1.** One of the articles lets w fall below 1 near the goal. That does not
//! make paths worse: a weight below 1 only shrinks an admissible estimate, which stays admissible, and the
//! bound above holds for any w(n) in [0, w₀]. What it does is throw away guidance exactly where the
//! search is closest to finishing: with w(n) < 1 the priorities near the goal are ruled more by g than by
//! h, so the search stops heading for the goal and spreads out like Dijkstra around it, expanding cells
//! that w = 1 would have left alone (with a consistent heuristic, w = 1 already expands only cells with
//! f < C*, and a smaller w only adds cells to that set). It costs expansions and buys nothing, so w is
//! clamped at 1.
//!
//! # Fixed point
//! w(n) is kept in thousandths, rounded down: w₁₀₀₀(n) = 1000 + (w₀,₁₀₀₀ − 1000) · min(h, h_s) / h_s, an
//! integer in [1000, w₀,₁₀₀₀] (rounding down keeps it in the interval, so the bound is unaffected). It is
//! computed once, when n is generated (h, and so w(n), never changes for a cell), and the priority is
//! 1000 · g + w₁₀₀₀(n) · h. No overflow: g < 2^47 (see `engine.rs`), so 1000 · g < 2^57; h < 2^36 and
//! w₁₀₀₀ ≤ 10 000 < 2^14, so w₁₀₀₀ · h < 2^50, and (w₀,₁₀₀₀ − 1000) · min(h, h_s) < 2^50 too: every
//! term fits a `u64` with room to spare.
//!
//! # Data layout and invariants
//! Like the engine's: a flat array of [`SlotState`] by slot (see `slots`), 12 bytes a slot, with a
//! generation stamp (open, closed, unseen) so that beginning a search is O(1); a binary heap of
//! (priority, tie-break, seq, slot) with lazy deletion. A cell's w is fixed, so a cell's newer entry has a
//! strictly smaller priority and pops first: an entry popped for a closed cell is exactly a stale one.
//! Tie-breaks and the order of moves are the engine's, so at w₀ ≤ 1 this expands the same cells in the
//! same order with the same counters as the engine's A* at w₀ (a test checks it).
//!
//! [`Stepper::details`] gives `current-w` (the w of the cell expanded last) and `bound` (max(w₀, 1), the
//! guaranteed factor over the optimum).

use super::frame::{pop_open, Entry, Frame, ONE};
use super::slots::{path_cost, Stamped, NO_MOVE};
use super::stepper::{report_accessors, Report, Request};
use super::stepper::{Detail, Stepper};
use super::{Outcome, SearchError, Step};
use crate::cost::Cost;
use crate::grid::Grid;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A* with dynamic weighting (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct DynamicWeight {
    /// The settings, slots, ends, push counter and the closed slot nearest the goal (see `frame`).
    frame: Frame,
    /// Per slot: g, the move that reached it, and open/closed.
    state: Stamped,
    /// Min-heap of entries (see the module doc).
    open: BinaryHeap<Reverse<Entry>>,
    /// Cells open now (not heap entries).
    open_count: u64,
    /// h(start): the progress scale.
    h_start: Cost,
    /// w₀ in thousandths.
    w0: Cost,
    /// The w (thousandths) of the cell expanded last.
    current_w: Cost,
    /// Per slot, for the cells open now: the w their entry was pushed with (thousandths). Indexed by slot.
    w_by_slot: Vec<u16>,
    /// The outcome, counters, path, last expanded cell and trace (see `Report`).
    report: Report,
}

impl DynamicWeight {
    /// An empty engine; buffers grow on the first search.
    pub fn new() -> DynamicWeight {
        DynamicWeight::default()
    }

    /// The heuristic estimate from (x, y) to the goal.
    #[inline]
    fn estimate(&self, x: u32, y: u32) -> Cost {
        // In the fixed point: this search never asks for an exact pricing.
        self.frame.estimate_to((x, y), self.frame.goal_xy)
    }

    /// w(n) in thousandths for a cell whose estimate is `h` (see the module doc).
    #[inline]
    fn weight(&self, h: Cost) -> Cost {
        if self.w0 <= ONE {
            return self.w0;
        }
        if self.h_start == 0 {
            return ONE;
        }
        ONE + (self.w0 - ONE) * h.min(self.h_start) / self.h_start
    }

    /// Gives `slot` cost `g` by the move `m` (an improvement) and pushes it.
    fn generate(&mut self, slot: u32, g: Cost, m: u8) {
        let (x, y) = self.frame.slots.xy(slot);
        let h = self.estimate(x, y);
        let w = self.weight(h);
        let priority = ONE * g + w * h;
        let (tie, seq) = self.frame.params.tie_break.keys(g, h, self.frame.next_seq);
        self.frame.next_seq += 1;
        if !self.state.is_open(slot) {
            self.open_count += 1;
            self.report.counters.open_peak = self.report.counters.open_peak.max(self.open_count);
        }
        self.state.open(slot, g, m);
        self.w_by_slot[slot as usize] = w as u16;
        self.open.push(Reverse((priority, tie, seq, slot)));
        self.report.counters.generated += 1;
        if let Some(trace) = &mut self.report.trace {
            let cell = y * self.frame.width + x;
            trace.open(cell, self.report.counters.expanded);
            trace.log_push(cell, [priority, tie], seq, g, h);
        }
    }

    /// Closes `slot` and relaxes its neighbours; returns its cell id.
    fn expand(&mut self, grid: &Grid, slot: u32) -> u32 {
        let cell = self.frame.slots.cell(slot);
        self.state.close(slot);
        self.open_count -= 1;
        self.report.counters.expanded += 1;
        self.report.last_expanded = Some(cell);
        self.current_w = self.w_by_slot[slot as usize] as Cost;
        if let Some(trace) = &mut self.report.trace {
            trace.close(cell, self.report.counters.expanded);
        }
        if slot == self.frame.goal {
            self.finish(grid, Outcome::Found);
            return cell;
        }
        if self.frame.params.expansion_limit.is_some() {
            let distance = self.frame.slots.octile_steps(slot, self.frame.goal_xy);
            if distance < self.frame.closest.0 {
                self.frame.closest = (distance, slot);
            }
        }
        let g = self.state.get(slot).g();
        let (moves, count) = self.frame.slots.moves_into(grid, slot);
        for &(next, m, step) in &moves[..count] {
            let next_g = g + step;
            if self.state.is_seen(next) && self.state.get(next).g() <= next_g {
                continue;
            }
            if self.state.is_closed(next) {
                self.report.counters.reopened += 1;
            }
            self.generate(next, next_g, m);
        }
        cell
    }

    fn finish(&mut self, grid: &Grid, outcome: Outcome) -> Outcome {
        self.report.outcome = Some(outcome);
        self.report.path.clear();
        let end = match outcome {
            Outcome::Found => Some(self.frame.goal),
            Outcome::LimitReached => Some(self.frame.closest.1),
            Outcome::Unreachable => None,
        };
        if let Some(end) = end {
            self.state
                .chain(&self.frame.slots, end, &mut self.report.path);
            self.report.path.reverse();
        }
        self.report.path_cost = path_cost(grid, &self.report.path);
        outcome
    }
}

impl Stepper for DynamicWeight {
    report_accessors!();

    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError> {
        self.frame.begin(grid, request);
        let slots = grid.bordered_terrain().len();
        self.state.next_search(slots);
        if self.w_by_slot.len() != slots {
            self.w_by_slot = vec![0; slots];
        }
        self.open.clear();
        self.open_count = 0;
        self.w0 = request.params.weight.milli() as Cost;
        let (x, y) = grid.xy(request.start);
        self.h_start = self.estimate(x, y);
        self.current_w = self.weight(self.h_start);
        self.report.begin(grid.len());
        self.generate(self.frame.start, 0, NO_MOVE);
        Ok(())
    }

    fn step(&mut self, grid: &Grid) -> Step {
        if let Some(done) = self.report.finished() {
            return done;
        }
        if self.report.at_limit(self.frame.params.expansion_limit) {
            return Step::Done(self.finish(grid, Outcome::LimitReached));
        }
        let slots = &self.frame.slots;
        let popped = pop_open(&mut self.open, &self.state, &mut self.report, |slot| {
            Some(slots.cell(slot))
        });
        let Some(slot) = popped else {
            return Step::Done(self.finish(grid, Outcome::Unreachable));
        };
        Step::Expanded(self.expand(grid, slot))
    }

    fn g(&self, cell: u32) -> Option<Cost> {
        if self.state.generation == 0 || cell >= self.frame.cells {
            return None;
        }
        let slot = self.frame.slots.slot(cell);
        self.state.is_seen(slot).then(|| self.state.get(slot).g())
    }

    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        let (x, y) = grid.xy(cell);
        self.estimate(x, y)
    }

    fn is_closed(&self, cell: u32) -> bool {
        self.state.generation != 0
            && cell < self.frame.cells
            && self.state.is_closed(self.frame.slots.slot(cell))
    }

    fn parent(&self, cell: u32) -> Option<u32> {
        self.g(cell)?;
        let slot = self.frame.slots.slot(cell);
        let m = self.state.get(slot).arrival();
        (m != NO_MOVE).then(|| self.frame.slots.cell(self.frame.slots.back(slot, m)))
    }

    fn set_heap_log(&mut self, on: bool) -> bool {
        if let Some(trace) = &mut self.report.trace {
            trace.set_heap_log(on);
        }
        self.report.trace.is_some()
    }

    fn clear_heap_log(&mut self) {
        if let Some(trace) = &mut self.report.trace {
            trace.clear_heap_log();
        }
    }

    fn reserve_heap_log(&mut self, words: usize) {
        if let Some(trace) = &mut self.report.trace {
            trace.reserve_heap_log(words);
        }
    }

    fn details(&self) -> Vec<Detail> {
        vec![
            Detail {
                key: "current-w",
                value: self.current_w as f64 / ONE as f64,
            },
            Detail {
                key: "bound",
                value: self.w0.max(ONE) as f64 / ONE as f64,
            },
        ]
    }
}
