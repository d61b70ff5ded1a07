//! The turn penalty's search ([`TurnSearch`]) and the engines that use it when a map has one
//! ([`WithTurns`]: [`Family`] for BFS, Dijkstra, greedy and A*, [`DynamicFamily`] for A* with dynamic
//! weighting).
//!
//! A turn penalty charges each change of direction along a path (see [`crate::penalty`]), so what a
//! move costs depends on the move before it, and the best way into a cell may not be the best way on: a
//! cell reached cheaply heading east can be dearer to leave northwards than one reached heading north.
//! The search therefore runs over a *layered* state space: a state is a cell and the heading it was
//! entered with, one layer per move of the movement (4 or 8) plus one for the start, which has no
//! heading yet:
//! ```text
//!   state = slot · layers + heading      heading 0..moves: the move that entered the cell
//!                                        heading = moves:  the start (no move yet)
//!   a move m out of (slot, h) enters (slot + offset[m], m) and costs
//!     enter(slot + offset[m]) + turn · [h ≠ m and h ≠ start]
//! ```
//! `enter` is every other search's step cost (terrain and extras, √2 times on a diagonal: `slots`), so
//! with no turn penalty the layers add nothing but states. The search is the A* family's (Dijkstra,
//! greedy, A* with its weight; the same tie-breaks), over states, and a state once expanded is final: it
//! is never reopened (the engine's A* reopens a closed cell whose g improves, which only a weight or an
//! inconsistent heuristic can cause; weighted A* without reopening still stays within w of the optimum
//! with a consistent heuristic, and `reopened` stays 0 here; dynamic weighting is the exception, below). Greedy relaxes g like the others (the
//! engine's greedy keeps a cell's first g). The goal is reached when any of its states is expanded.
//!
//! # The heuristic
//! The chosen heuristic (scaled by the cheapest step) plus `turn` times the fewest turns any path from the
//! state can still make, whatever the walls:
//! - 4 moves: the goal needs one direction per axis on which it is not level with the cell (1 or 2);
//!   each must be entered, and entering a direction other than the heading is a turn, except for the
//!   first move. Fewest turns: that count, less one when the heading is one of them or at the start.
//! - 8 moves: 0 when the goal lies on the ray of the heading (at the start: on any of the 8 rays), else 1.
//!
//! Both are lower bounds, so h stays admissible; and consistent: a move along the heading never lowers
//! the count (the goal off the heading's ray stays off it; a needed direction stays needed until its axis
//! is level, which leaves the heading not needed), and a turn, which pays `turn`, lowers it by one at
//! most. With the zero heuristic h stays 0. Measured (the README's "The turn penalty"): 139 → 93 states
//! on an open 200 × 200 map with 4 neighbours, 1,550 → 1,127 on 8room_000; little on random maps, whose
//! paths turn far more often than the bound says.
//!
//! # Dynamic weighting
//! A* with dynamic weighting (`dynamic.rs`) runs here too on a map with a turn penalty: a state's
//! priority is `1000 · g + w(n) · h`, with w(n) in thousandths falling from w₀ at the start to 1 at the
//! goal by the progress `min(h, h(start)) / h(start)`, as that engine weighs a cell, h being the whole
//! estimate above (the turns included). Its bound, a path at most w₀ times the optimum, rests on reopening
//! a closed state whose g improves (the module doc of `dynamic.rs` has the proof), so in this search
//! alone a closed state is reopened, counted as `reopened`. At w₀ ≤ 1 it is the A* above at w₀. Its
//! details are that engine's (`current-w`, `bound`) with `turns`.
//!
//! Memory: a [`super::slots::SlotState`] (12 bytes: g, the parent state's heading, the stamp) a state,
//! so 5 × 12 = 60 bytes a cell with 4 neighbours and 9 × 12 = 108 with 8, against the engine's 12; a
//! 1024 × 1024 map with 8 neighbours needs about 114 MB, and larger maps refuse a turn penalty
//! ([`crate::penalty::MAX_TURN_CELLS`]). Beginning a search is O(1) (stamps) unless the map's size or
//! movement changed.
//!
//! The session keeps up to three engines (the search shown, its timer and the optimum's probe), each of
//! which runs this search on such a map: three times the memory above at most (ARA* and bidirectional A*,
//! which search the same states themselves, keep 144 and 216 bytes a cell with 8 neighbours: with
//! bidirectional A* shown, 2 × 216 + 108 bytes a cell, about 570 MB on 1024 × 1024; with ARA*, 415 MB).
//!
//! What the page sees is the cells: a cell is open from the moment its first state is, closed from the
//! moment its first state is expanded (later states of a closed cell change nothing drawn), its g is its
//! best state's, its parent that state's parent. The open-list log is not kept (its entries are states).
//! [`Stepper::details`] gives `turns`, the changes of direction along the path found.
//!
//! [`Family`] keeps breadth-first search on the fast engine (it counts moves, not costs) and adds the
//! turns of the path it finds to that path's cost, so that its cost is the path's under the map's model.

use super::frame::{pop_open, Entry, Frame, ONE};
use super::slots::{Stamped, NO_MOVE};
use super::stepper::{report_accessors, Detail, Report, Request, Stepper};
use super::turn_bound::turns_ahead_of_state;
use super::{Algorithm, Outcome, Search, SearchError, SearchParams, Step};
use crate::cost::{gcd, Cost};
use crate::grid::Grid;
use crate::heuristic::Heuristic;
use crate::penalty::turns_along;
use std::cmp::Reverse;

/// A search over cells and headings that prices the map's turn penalty (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct TurnSearch {
    /// The settings, slots, ends (the start as its layered state), push counter and the expanded state
    /// nearest the goal (see `frame`).
    frame: Frame,
    /// 5 or 9: the moves of the movement, and the start's layer.
    layers: u32,
    /// What a turn costs, in the search's pricing.
    turn: Cost,
    /// The priority is `g · g_factor + h · h_factor`: 1 and 0 for Dijkstra, 0 and 1 for greedy, 1000 and
    /// w in thousandths divided by their greatest common divisor for A* (1 and 1 at w = 1).
    g_factor: Cost,
    h_factor: Cost,
    /// A* with dynamic weighting above w = 1 (see "Dynamic weighting" in the module doc): w₀ and
    /// h(start) in the engine's units (`dynamic.rs`), and the w of the state expanded last, all in
    /// thousandths but h; `None` for every other search.
    dynamic: Option<Dynamic>,
    /// Per state: g, the heading of the state it was reached from ([`NO_MOVE`] for the start), stamp.
    state: Stamped,
    open: std::collections::BinaryHeap<Reverse<Entry>>,
    /// States open now (not heap entries).
    open_count: u64,
    report: Report,
}

/// What A* with dynamic weighting keeps (see "Dynamic weighting" in the module doc).
#[derive(Clone, Copy, Debug)]
struct Dynamic {
    /// w₀ in thousandths, above 1000.
    w0: Cost,
    /// h of the start state: the progress scale.
    h_start: Cost,
    /// The w (thousandths) of the state expanded last.
    current_w: Cost,
}

impl Dynamic {
    /// w(n) in thousandths for a state whose estimate is `h`, as `dynamic.rs` weighs a cell.
    fn weight(&self, h: Cost) -> Cost {
        if self.h_start == 0 {
            return ONE;
        }
        ONE + (self.w0 - ONE) * h.min(self.h_start) / self.h_start
    }
}

impl TurnSearch {
    /// An empty search; buffers grow on the first search.
    pub fn new() -> TurnSearch {
        TurnSearch::default()
    }

    fn slot_of(&self, state: u32) -> u32 {
        state / self.layers
    }

    fn heading_of(&self, state: u32) -> u8 {
        (state % self.layers) as u8
    }

    /// The heuristic estimate from (x, y) to the goal, in the search's pricing.
    fn estimate(&self, x: u32, y: u32) -> Cost {
        self.frame.estimate_to((x, y), self.frame.goal_xy)
    }

    /// The fewest turns any path from (x, y), entered with `heading` (the start layer: none yet), can make
    /// to the goal (see "The heuristic" in the module doc).
    fn turns_ahead(&self, x: u32, y: u32, heading: u8) -> Cost {
        turns_ahead_of_state(self.layers, (x, y), self.frame.goal_xy, heading)
    }

    /// Gives `state` cost `g`, reached from a state heading `from` (or [`NO_MOVE`]), and pushes it.
    fn generate(&mut self, state: u32, g: Cost, from: u8) {
        let slot = self.slot_of(state);
        let h = self.state_estimate(state);
        let priority = match &self.dynamic {
            Some(dynamic) => ONE * g + dynamic.weight(h) * h,
            None => g * self.g_factor + h * self.h_factor,
        };
        let (tie, seq) = self.frame.params.tie_break.keys(g, h, self.frame.next_seq);
        self.frame.next_seq += 1;
        if !self.state.is_open(state) {
            self.open_count += 1;
            self.report.counters.open_peak = self.report.counters.open_peak.max(self.open_count);
        }
        let cell = self.frame.slots.cell(slot);
        let first = !self.cell_seen(slot);
        self.state.open(state, g, from);
        self.open.push(Reverse((priority, tie, seq, state)));
        self.report.counters.generated += 1;
        if let (Some(trace), true) = (&mut self.report.trace, first) {
            trace.open(cell, self.report.counters.expanded);
        }
    }

    /// h of `state`: the chosen heuristic's estimate from its cell, and the turns it must still make (0
    /// when the search ignores h).
    fn state_estimate(&self, state: u32) -> Cost {
        let (x, y) = self.frame.slots.xy(self.slot_of(state));
        match (self.h_factor, self.frame.params.heuristic) {
            (0, _) => 0,
            (_, Heuristic::Zero) => 0,
            _ => self.estimate(x, y) + self.turn * self.turns_ahead(x, y, self.heading_of(state)),
        }
    }

    /// True when some state of the cell at `slot` was reached in this search.
    fn cell_seen(&self, slot: u32) -> bool {
        (0..self.layers).any(|h| self.state.is_seen(slot * self.layers + h))
    }

    /// True when some state of the cell at `slot` was expanded in this search.
    fn cell_closed(&self, slot: u32) -> bool {
        (0..self.layers).any(|h| self.state.is_closed(slot * self.layers + h))
    }

    /// The reached state of the cell at `slot` with the lowest g (the first such heading).
    fn best_state(&self, slot: u32) -> Option<u32> {
        (0..self.layers)
            .map(|h| slot * self.layers + h)
            .filter(|&s| self.state.is_seen(s))
            .min_by_key(|&s| self.state.get(s).g())
    }

    /// Expands `state` and relaxes its moves; returns its cell id.
    fn expand(&mut self, grid: &Grid, state: u32) -> u32 {
        let slot = self.slot_of(state);
        let cell = self.frame.slots.cell(slot);
        let first_close = !self.cell_closed(slot);
        self.state.close(state);
        self.open_count -= 1;
        self.report.counters.expanded += 1;
        self.report.last_expanded = Some(cell);
        if let (Some(trace), true) = (&mut self.report.trace, first_close) {
            trace.close(cell, self.report.counters.expanded);
        }
        if let Some(mut dynamic) = self.dynamic {
            dynamic.current_w = dynamic.weight(self.state_estimate(state));
            self.dynamic = Some(dynamic);
        }
        if slot == self.frame.goal {
            self.finish(Outcome::Found, Some(state));
            return cell;
        }
        if self.frame.params.expansion_limit.is_some() {
            let distance = self.frame.slots.octile_steps(slot, self.frame.goal_xy);
            if distance < self.frame.closest.0 {
                self.frame.closest = (distance, state);
            }
        }
        let g = self.state.get(state).g();
        let heading = self.heading_of(state);
        let start_layer = (self.layers - 1) as u8;
        let (moves, count) = self.frame.slots.moves_into(grid, slot);
        for &(next, m, step) in &moves[..count] {
            let turned = heading != start_layer && heading != m;
            let next_g = g + step + if turned { self.turn } else { 0 };
            let next_state = next * self.layers + m as u32;
            if self.state.is_seen(next_state) && self.state.get(next_state).g() <= next_g {
                continue;
            }
            if self.state.is_closed(next_state) {
                // Expanded states are final (see the module doc): a consistent heuristic never lowers
                // their g; a weight or an inadmissible one (the unscaled h with a road) may, and that
                // better way is dropped. Dynamic weighting reopens the state instead, as `dynamic.rs`
                // does a cell: its bound needs it.
                if self.dynamic.is_none() {
                    continue;
                }
                self.report.counters.reopened += 1;
            }
            self.generate(next_state, next_g, heading);
        }
        cell
    }

    fn finish(&mut self, outcome: Outcome, end: Option<u32>) -> Outcome {
        self.report.outcome = Some(outcome);
        self.report.path.clear();
        self.report.path_cost = 0;
        if let Some(mut state) = end {
            self.report.path_cost = self.frame.pricing.to_fixed(self.state.get(state).g());
            loop {
                let slot = self.slot_of(state);
                self.report.path.push(self.frame.slots.cell(slot));
                let from = self.state.get(state).arrival();
                if from == NO_MOVE {
                    break;
                }
                let back = self.frame.slots.back(slot, self.heading_of(state));
                state = back * self.layers + from as u32;
            }
            self.report.path.reverse();
        }
        outcome
    }
}

impl Stepper for TurnSearch {
    report_accessors!();

    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError> {
        self.frame.begin(grid, request);
        self.layers = request.params.movement.direction_count() as u32 + 1;
        let turn_tenths = grid.penalties().turn_tenths;
        let w = request.params.weight.milli() as Cost;
        // 1000 and w in thousandths divided by their greatest common divisor: the same order in fewer
        // bits (1 and 1 at w = 1, as in the engine), which lets an exact pricing fit larger maps.
        let common = gcd(ONE, w);
        (self.g_factor, self.h_factor) = match request.params.algorithm {
            Algorithm::Dijkstra => (1, 0),
            Algorithm::Greedy => (0, 1),
            _ => (ONE / common, w / common),
        };
        // Dijkstra and A* at w = 1 (dynamic weighting from w₀ = 1 is A*) promise the optimum: priced
        // exactly where the costs fit (see `Frame::price_exactly`); their priorities multiply a cost by
        // 1 at most.
        let optimal = match request.params.algorithm {
            Algorithm::Dijkstra => true,
            Algorithm::AStar | Algorithm::DynamicWeight => w == ONE,
            _ => false,
        };
        if optimal {
            let g_bits = super::slots::G_BITS;
            let scale = self.g_factor.max(self.h_factor);
            self.frame
                .price_exactly(grid, self.layers, turn_tenths, scale, g_bits);
        }
        self.turn = self.frame.pricing.step(turn_tenths, false);
        self.state
            .next_search(grid.bordered_terrain().len() * self.layers as usize);
        self.open.clear();
        self.open_count = 0;
        self.frame.start = self.frame.start * self.layers + self.layers - 1;
        self.frame.closest = (Cost::MAX, self.frame.start);
        self.report.begin(grid.len());
        let w0 = request.params.weight.milli() as Cost;
        self.dynamic = None;
        if request.params.algorithm == Algorithm::DynamicWeight && w0 > ONE {
            let h_start = self.state_estimate(self.frame.start);
            let mut dynamic = Dynamic {
                w0,
                h_start,
                current_w: w0,
            };
            // Before the first expansion, the start's w, as `dynamic.rs` says it.
            dynamic.current_w = dynamic.weight(h_start);
            self.dynamic = Some(dynamic);
        }
        self.generate(self.frame.start, 0, NO_MOVE);
        Ok(())
    }

    fn step(&mut self, grid: &Grid) -> Step {
        if let Some(done) = self.report.finished() {
            return done;
        }
        if self.report.at_limit(self.frame.params.expansion_limit) {
            let closest = self.frame.closest.1;
            return Step::Done(self.finish(Outcome::LimitReached, Some(closest)));
        }
        // The trace is of cells, a stale entry of a state (a cell and a heading): not told.
        let popped = pop_open(&mut self.open, &self.state, &mut self.report, |_| None);
        let Some(state) = popped else {
            return Step::Done(self.finish(Outcome::Unreachable, None));
        };
        Step::Expanded(self.expand(grid, state))
    }

    fn g(&self, cell: u32) -> Option<Cost> {
        if self.state.generation == 0 || cell >= self.frame.cells {
            return None;
        }
        let best = self.best_state(self.frame.slots.slot(cell))?;
        Some(self.frame.pricing.to_fixed(self.state.get(best).g()))
    }

    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        if self.h_factor == 0 {
            return 0;
        }
        self.frame.h_fixed(grid, cell)
    }

    fn prices_exactly(&self) -> bool {
        self.frame.prices_exactly()
    }

    fn is_closed(&self, cell: u32) -> bool {
        self.state.generation != 0
            && cell < self.frame.cells
            && self.cell_closed(self.frame.slots.slot(cell))
    }

    fn parent(&self, cell: u32) -> Option<u32> {
        if self.state.generation == 0 || cell >= self.frame.cells {
            return None;
        }
        let slot = self.frame.slots.slot(cell);
        let best = self.best_state(slot)?;
        (self.state.get(best).arrival() != NO_MOVE).then(|| {
            self.frame
                .slots
                .cell(self.frame.slots.back(slot, self.heading_of(best)))
        })
    }

    fn details(&self) -> Vec<Detail> {
        let mut details = match self.report.outcome {
            Some(_) if !self.report.path.is_empty() => {
                turns_detail(&self.report.path, self.frame.width)
            }
            _ => Vec::new(),
        };
        if self.frame.params.algorithm == Algorithm::DynamicWeight {
            // What `dynamic.rs` says of its search: the w of the state expanded last, and the bound.
            let w0 = self.frame.params.weight.milli() as Cost;
            let current_w = self.dynamic.map_or(w0, |d| d.current_w);
            details.extend([
                Detail {
                    key: "current-w",
                    value: current_w as f64 / ONE as f64,
                },
                Detail {
                    key: "bound",
                    value: w0.max(ONE) as f64 / ONE as f64,
                },
            ]);
        }
        details
    }
}

/// The `turns` detail of a path found.
fn turns_detail(path: &[u32], width: u32) -> Vec<Detail> {
    vec![Detail {
        key: "turns",
        value: turns_along(width, path) as f64,
    }]
}

/// An engine that prices a turn penalty: `P`, the algorithm's own engine, on a map without one, the
/// layered [`TurnSearch`] on a map with one (BFS counts moves, so it keeps its own engine). Which one runs
/// is decided at each `begin`, from the map, so the session, the CLI and the units scene need not know;
/// everything else is the running one's. [`Family`] is the A* family's (BFS, Dijkstra, greedy, A*: the
/// fast engine), [`DynamicFamily`] A* with dynamic weighting's (`dynamic.rs`; its layered search weighs
/// each state as that engine weighs a cell: "Dynamic weighting" in the module doc).
#[derive(Clone, Debug, Default)]
pub struct WithTurns<P> {
    plain: P,
    turns: TurnSearch,
    /// True while the layered search is the one begun.
    turning: bool,
    /// For breadth-first search on a map with a turn penalty: what a turn costs, and the map's width
    /// (its path's turns are added to its cost); 0 otherwise.
    bfs_turn: Cost,
    width: u32,
}

/// The A* family's engine (BFS, Dijkstra, greedy, A*): see [`WithTurns`].
pub type Family = WithTurns<Search>;

/// A* with dynamic weighting's engine: see [`WithTurns`].
pub type DynamicFamily = WithTurns<super::DynamicWeight>;

impl<P: Stepper + Default> WithTurns<P> {
    /// An engine with empty buffers.
    pub fn new() -> WithTurns<P> {
        WithTurns::default()
    }

    fn running(&self) -> &dyn Stepper {
        match self.turning {
            true => &self.turns,
            false => &self.plain,
        }
    }

    fn running_mut(&mut self) -> &mut dyn Stepper {
        match self.turning {
            true => &mut self.turns,
            false => &mut self.plain,
        }
    }
}

impl<P: Stepper + Default> Stepper for WithTurns<P> {
    fn check_own(&self, grid: &Grid, params: &SearchParams) -> Result<(), SearchError> {
        self.plain.check_own(grid, params)
    }

    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError> {
        let turn = crate::penalty::turn_cost(grid.penalties().turn_tenths);
        let bfs = request.params.algorithm == Algorithm::Bfs;
        self.turning = turn > 0 && !bfs;
        self.bfs_turn = if bfs { turn } else { 0 };
        self.width = grid.width();
        self.running_mut().begin_search(grid, request)
    }

    fn step(&mut self, grid: &Grid) -> Step {
        self.running_mut().step(grid)
    }

    fn run(&mut self, grid: &Grid) -> Outcome {
        match self.turning {
            true => self.turns.run(grid),
            false => self.plain.run(grid),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.running().outcome()
    }

    fn counters(&self) -> super::Counters {
        self.running().counters()
    }

    fn path(&self) -> &[u32] {
        self.running().path()
    }

    fn path_cost(&self) -> Cost {
        let path_turns = match self.bfs_turn {
            0 => 0,
            _ => turns_along(self.width, self.plain.path()),
        };
        self.running().path_cost() + self.bfs_turn * path_turns
    }

    fn last_expanded(&self) -> Option<u32> {
        self.running().last_expanded()
    }

    fn g(&self, cell: u32) -> Option<Cost> {
        self.running().g(cell)
    }

    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        self.running().h(grid, cell)
    }

    fn is_closed(&self, cell: u32) -> bool {
        self.running().is_closed(cell)
    }

    fn prices_exactly(&self) -> bool {
        self.running().prices_exactly()
    }

    fn parent(&self, cell: u32) -> Option<u32> {
        self.running().parent(cell)
    }

    fn set_trace(&mut self, on: bool) {
        self.plain.set_trace(on);
        self.turns.set_trace(on);
    }

    fn trace(&self) -> Option<&super::trace::Trace> {
        self.running().trace()
    }

    fn clear_changes(&mut self) {
        self.running_mut().clear_changes();
    }

    fn set_heap_log(&mut self, on: bool) -> bool {
        // Only the fast engine keeps the log; the layered search's entries are states, not cells.
        self.plain.set_heap_log(on) && !self.turning
    }

    fn clear_heap_log(&mut self) {
        self.plain.clear_heap_log();
    }

    fn reserve_heap_log(&mut self, words: usize) {
        self.plain.reserve_heap_log(words);
    }

    fn details(&self) -> Vec<Detail> {
        match self.bfs_turn {
            0 => self.running().details(),
            _ if self.plain.path().is_empty() => Vec::new(),
            _ => turns_detail(self.plain.path(), self.width),
        }
    }
}
