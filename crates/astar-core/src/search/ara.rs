//! ARA\*, anytime repairing A\* ([`Ara`]; Likhachev, Gordon and Thrun, "ARA\*: Anytime A\* with Provable
//! Bounds on Sub-Optimality", NIPS 2003): weighted A\* that publishes a first path quickly at a large
//! weight ε (the search's w setting, 2.5 by default on the page), then lowers ε and improves the path,
//! reusing what it has searched, until ε = 1 and the path is optimal. It tells the article's story of w in
//! time: every published path is drawn in turn, each with its proven bound.
//!
//! # The search (the paper's figures 3 and 4)
//! Each *iteration* is an `ImprovePath` at one ε: A\* ordered by fvalue(s) = g(s) + ε · h(s) that expands
//! every cell at most once (the iteration's CLOSED set). A cell whose g improves while it is closed in
//! this iteration is not reopened: it goes on the INCONS list. The iteration ends when the goal's
//! fvalue, g(goal), is no larger than the smallest fvalue on the open list; the path to the goal by the
//! parent moves is then *published* with its bound
//!
//! ```text
//!   ε' = min(ε, g(goal) / min over OPEN ∪ INCONS of (g(s) + h(s)))      (1 when both are empty)
//! ```
//!
//! and the search finishes there if ε ≤ 1 or ε' ≤ 1. Otherwise ε falls by [`WEIGHT_STEP`] (to 1 at the
//! lowest), INCONS moves into OPEN, every open cell gets its key under the new ε, CLOSED empties, and the
//! next iteration continues from the g values it has. With a consistent heuristic the paper proves that
//! each published path costs at most ε' × the optimum (Theorem 2: g(goal) ≤ ε · g\*(goal), and
//! min(g + h) over OPEN ∪ INCONS is a lower bound on the optimum), that an iteration expands a cell at
//! most once, and so that the last path, at ε = 1, is optimal.
//!
//! # Published paths
//! A published path is the chain of parent moves from the goal. Each move was recorded with a g that has
//! only fallen since, so g falls strictly along the chain (no cycle) and the chain costs at most g(goal).
//! It can cost less than g(goal) (a cell on it improved after its child was reached), so a later chain,
//! though its g(goal) is lower, can cost more than the path published before it (seen on the random
//! maps of `tests/suite/ara.rs`): then the earlier path is published again with the new bound,
//! which it meets, being cheaper. So published costs never rise.
//!
//! # Stepping
//! [`Stepper::step`] expands one cell. An iteration that ends before it publishes first (and begins the
//! next, which may end at once and publish again), so a step never ends without an expansion unless the
//! search is over. While the search runs, [`Stepper::path`] is the latest published path (the registry row
//! says `anytime`: the page draws it then, and its stats the cost); the outcome stays `None` until the
//! last. [`Ara::published`] keeps every publication (the expansions it came after, ε, ε', cost, path),
//! which the tests check against the paper's bounds, and [`Stepper::details`] gives `current-w` (ε),
//! `bound` (the latest ε') and `published` (how many paths so far).
//!
//! With an expansion budget the search stops at it like the others: the latest published path if there
//! is one, else the path to the expanded cell closest to the goal, as `LimitReached`.
//!
//! # A turn penalty
//! On a map with a turn penalty ([`crate::penalty`]) ARA\* searches *states*, a cell and the heading it was
//! entered with, as the turn search does (`turns.rs`, "layered state space"): `state = slot · layers +
//! heading`, with one layer per move and one for the start, a move costing its step plus the penalty when
//! it changes the heading, and h the estimate plus the penalty times the fewest turns still needed
//! (`turn_bound.rs`: admissible and consistent, as the paper's bounds need). Every slot-indexed array
//! above is then state-indexed; a node also keeps the heading of the state it was reached from, so the
//! path is read back state by state. The goal is reached in any of its states: g(goal) is the lowest g of
//! its states. Without a turn penalty there is one layer and a state is a slot. The trace is of cells, as
//! in the turn search: a cell is open once its first state is, closed once its first state is expanded
//! in this search (later iterations' expansions of it are not drawn again), and stale entries are not
//! told. Memory: 16 bytes a state, so 5 × 16 = 80 bytes a cell with 4 neighbours and 9 × 16 = 144 with
//! 8; the map's size is capped as for every search of a turn penalty (`MAX_TURN_CELLS`, 1024 × 1024:
//! about 151 MB for one search there, with 8 neighbours).
//!
//! # Fixed point and layout
//! ε is kept in thousandths and a key is 1000 · g + ε · h, as dynamic weighting does (`dynamic.rs`: every
//! term fits a `u64`). Per slot (the engine's bordered layout, see `slots`): g, the parent move, and
//! three stamps: the search the g belongs to (so that beginning a search is O(1)), the iteration that
//! closed the cell, with the flags "open" and "on this iteration's INCONS list" packed above g (a state is
//! put on INCONS only in the iteration that closed it); 16 bytes a slot. The open list is a
//! binary heap with lazy deletion: an entry is live while its cell is open and its key is the cell's key
//! now (keys fall strictly with g, so an older entry's key is larger). A new iteration rebuilds the heap
//! from the live entries and the INCONS list in O(n).

use super::frame::{Entry, Frame, ONE};
use super::slots::{path_cost, NO_MOVE};
use super::stepper::{report_accessors, Detail, Report, Request, Stepper};
use super::turn_bound::turns_ahead_of_state;
use super::{Outcome, SearchError, Step};
use crate::cost::Cost;
use crate::grid::Grid;
use crate::penalty::{turn_cost, turns_along};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How much ε falls after each published path, in thousandths (0.5: from w = 2.5 the paths come at
/// 2.5, 2, 1.5 and 1). The paper lowers ε by 0.02 to 0.2 between searches of a robot arm's many states;
/// a page's reader watches each publication, so fewer, larger steps tell the story better.
pub const WEIGHT_STEP: Cost = 500;

/// g of a cell never reached.
const UNREACHED: Cost = Cost::MAX;

/// No state (the goal's, before it is reached).
const NO_STATE: u32 = u32::MAX;

/// One path the search published: what it cost, at which ε, with which proven bound.
#[derive(Clone, Debug, PartialEq)]
pub struct Published {
    /// Expansions done (over every iteration so far) when it was published.
    pub expanded: u64,
    /// The ε of the iteration that found it.
    pub weight: f64,
    /// Its proven bound ε': it costs at most this × the optimum.
    pub bound: f64,
    /// Its fixed-point cost.
    pub cost: Cost,
    /// Its cells, start first.
    pub path: Vec<u32>,
}

/// What ARA* knows of a state (see "Fixed point and layout" in the module doc), 16 bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// From the lowest bit: g (52 bits: every g is below 2^51 in the fixed point, see `cost`, and below
    /// 2^50 in an exact pricing, see `Frame::price_exactly`); the move it was reached by
    /// (4 bits, [`NO_MOVE`] for the start); with a turn penalty the heading of the state it was reached
    /// from (4 bits, see "A turn penalty"); "it has a live entry on the open list" (1 bit); and "it is on
    /// the INCONS list of the iteration that closed it" (1 bit, meaningful while `closed_in` is this
    /// iteration: an improvement while closed puts a state there only in the iteration that closed it).
    bits: u64,
    /// The search the other fields belong to; any other value means unseen.
    search: u32,
    /// The iteration that closed it (in this iteration's CLOSED when equal to the current one).
    closed_in: u32,
}

const _: () = assert!(std::mem::size_of::<Node>() == 16);

/// The layout of [`Node::bits`]: g in the lowest `G_BITS`, then the move, the heading and the flags.
const G_BITS: u32 = 52;
const G_MASK: u64 = (1 << G_BITS) - 1;
const ARRIVAL_SHIFT: u32 = G_BITS;
const FROM_SHIFT: u32 = 56;
const OPEN_BIT: u64 = 1 << 60;
const INCONS_BIT: u64 = 1 << 61;

impl Node {
    /// A state first reached in search `search`, nothing else known yet.
    fn unseen(search: u32) -> Node {
        Node {
            search,
            ..Node::default()
        }
    }

    fn g(&self) -> Cost {
        self.bits & G_MASK
    }

    fn arrival(&self) -> u8 {
        (self.bits >> ARRIVAL_SHIFT & 0xF) as u8
    }

    fn from(&self) -> u8 {
        (self.bits >> FROM_SHIFT & 0xF) as u8
    }

    fn open(&self) -> bool {
        self.bits & OPEN_BIT != 0
    }

    fn incons(&self) -> bool {
        self.bits & INCONS_BIT != 0
    }

    /// Reached with `g` by the move `arrival` from a state heading `from`; the flags are kept.
    fn reach(&mut self, g: Cost, arrival: u8, from: u8) {
        debug_assert!(g <= G_MASK);
        self.bits = (self.bits & (OPEN_BIT | INCONS_BIT))
            | g
            | (arrival as u64) << ARRIVAL_SHIFT
            | (from as u64) << FROM_SHIFT;
    }

    fn set_open(&mut self, open: bool) {
        self.bits = (self.bits & !OPEN_BIT) | if open { OPEN_BIT } else { 0 };
    }

    fn set_incons(&mut self, incons: bool) {
        self.bits = (self.bits & !INCONS_BIT) | if incons { INCONS_BIT } else { 0 };
    }
}

/// ARA\* (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct Ara {
    /// The settings, slots, ends (the start as its state), push counter and the closed state nearest the
    /// goal (see `frame`).
    frame: Frame,
    /// Per state (a slot, or with a turn penalty a slot and a heading: see "A turn penalty").
    nodes: Vec<Node>,
    /// States a slot: 1, or with a turn penalty the movement's moves and one for the start.
    layers: u32,
    /// What a turn costs, in the search's pricing: 0 without a turn penalty.
    turn: Cost,
    /// The goal's state with the lowest g found so far ([`NO_STATE`] before the goal is reached).
    goal_state: u32,
    /// The first iteration of this search (a state closed in an iteration from it on was closed in this
    /// search).
    first_iteration: u32,
    /// Stamps: this search, and the iteration running (unique over every search of this engine).
    search: u32,
    iteration: u32,
    /// Min-heap of entries (see the module doc).
    open: BinaryHeap<Reverse<Entry>>,
    /// Cells open now (not heap entries).
    open_count: u64,
    /// Slots improved while closed in this iteration.
    incons: Vec<u32>,
    /// ε of this iteration, thousandths.
    weight: Cost,
    published: Vec<Published>,
    /// The outcome, counters, latest published path, last expanded cell and trace (see `Report`).
    report: Report,
}

impl Ara {
    /// An empty engine; buffers grow on the first search.
    pub fn new() -> Ara {
        Ara::default()
    }

    /// Every path published so far, first first.
    pub fn published(&self) -> &[Published] {
        &self.published
    }

    fn node(&self, state: u32) -> Option<&Node> {
        let node = &self.nodes[state as usize];
        (node.search == self.search).then_some(node)
    }

    fn g_of(&self, state: u32) -> Cost {
        if state == NO_STATE {
            return UNREACHED;
        }
        self.node(state).map_or(UNREACHED, |node| node.g())
    }

    fn slot_of(&self, state: u32) -> u32 {
        state / self.layers
    }

    fn cell_of(&self, state: u32) -> u32 {
        self.frame.slots.cell(self.slot_of(state))
    }

    /// The heuristic estimate from the slot's cell to the goal (without the turns ahead).
    fn estimate(&self, slot: u32) -> Cost {
        (self.frame).estimate_to(self.frame.slots.xy(slot), self.frame.goal_xy)
    }

    /// h of `state`: the estimate from its cell and, with a turn penalty, the turns it must still make.
    fn h_of(&self, state: u32) -> Cost {
        let slot = self.slot_of(state);
        let h = self.estimate(slot);
        if self.layers == 1 || self.frame.params.heuristic == crate::heuristic::Heuristic::Zero {
            return h;
        }
        let (cell, layer) = (self.frame.slots.xy(slot), (state % self.layers) as u8);
        h + self.turn * turns_ahead_of_state(self.layers, cell, self.frame.goal_xy, layer)
    }

    /// The reached state of `cell` with the lowest g (the first such heading), if any.
    fn best_state(&self, cell: u32) -> Option<u32> {
        if cell >= self.frame.cells || self.nodes.is_empty() {
            return None;
        }
        let slot = self.frame.slots.slot(cell);
        (slot * self.layers..(slot + 1) * self.layers)
            .filter(|&state| self.node(state).is_some())
            .min_by_key(|&state| self.g_of(state))
    }

    /// True when some state of the cell at `slot` was reached in this search.
    fn cell_seen(&self, slot: u32) -> bool {
        (slot * self.layers..(slot + 1) * self.layers).any(|state| self.node(state).is_some())
    }

    /// True when some state of the cell at `slot` was expanded in this search.
    fn cell_closed(&self, slot: u32) -> bool {
        (slot * self.layers..(slot + 1) * self.layers).any(|state| {
            self.node(state)
                .is_some_and(|node| node.closed_in >= self.first_iteration)
        })
    }

    fn key(&self, g: Cost, h: Cost) -> Cost {
        ONE * g + self.weight * h
    }

    /// Pushes an entry for `state` (open, with its g) under this iteration's ε; the trace is told when
    /// `tell` (with a turn penalty the trace is of cells: a cell is open once its first state is).
    fn push(&mut self, state: u32, tell: bool) {
        let g = self.nodes[state as usize].g();
        let h = self.h_of(state);
        let (tie, seq) = self.frame.params.tie_break.keys(g, h, self.frame.next_seq);
        self.frame.next_seq += 1;
        let node = &mut self.nodes[state as usize];
        if !node.open() {
            node.set_open(true);
            self.open_count += 1;
            self.report.counters.open_peak = self.report.counters.open_peak.max(self.open_count);
        }
        self.open.push(Reverse((self.key(g, h), tie, seq, state)));
        if tell {
            let (cell, expanded) = (self.cell_of(state), self.report.counters.expanded);
            if let Some(trace) = &mut self.report.trace {
                trace.open(cell, expanded);
            }
        }
    }

    /// Tells the trace that an entry of `state` left the open list unexpanded (stale, or dropped at a
    /// new iteration). With a turn penalty the trace is of cells, and not told (see `push`).
    fn trace_stale(&mut self, state: u32) {
        if self.layers != 1 {
            return;
        }
        let cell = self.cell_of(state);
        if let Some(trace) = &mut self.report.trace {
            trace.stale_pop(cell);
        }
    }

    fn is_live(&self, &(key, _, _, state): &Entry) -> bool {
        let node = &self.nodes[state as usize];
        node.open() && key == self.key(node.g(), self.h_of(state))
    }

    /// The smallest live key, dropping stale entries from the top (counted as stale pops).
    fn min_key(&mut self) -> Option<Cost> {
        while let Some(Reverse(entry)) = self.open.peek().copied() {
            if self.is_live(&entry) {
                return Some(entry.0);
            }
            self.open.pop();
            self.report.counters.stale_pops += 1;
            self.trace_stale(entry.3);
        }
        None
    }

    /// True when this iteration's `ImprovePath` is over: the goal reached and no open key below its g.
    fn iteration_done(&mut self) -> bool {
        let g_goal = self.g_of(self.goal_state);
        g_goal != UNREACHED && self.min_key().is_none_or(|key| key >= ONE * g_goal)
    }

    /// Publishes the path to the goal with its bound ε' (see the module doc) and returns ε' ≤ 1.
    fn publish(&mut self, grid: &Grid) -> bool {
        let g_goal = self.g_of(self.goal_state);
        let mut lower = UNREACHED;
        let candidates = self.open.iter().map(|Reverse(entry)| entry.3);
        for state in candidates.chain(self.incons.iter().copied()) {
            let node = &self.nodes[state as usize];
            if node.open() || (node.closed_in == self.iteration && node.incons()) {
                lower = lower.min(node.g() + self.h_of(state));
            }
        }
        let weight = self.weight.max(ONE) as f64 / ONE as f64;
        let ratio = if lower == UNREACHED || lower == 0 {
            1.0
        } else {
            g_goal as f64 / lower as f64
        };
        let bound = weight.min(ratio).max(1.0);
        self.chain_to(self.goal_state);
        self.report.path_cost = self.cost_of_path(grid);
        if let Some(before) = self.published.last() {
            if before.cost < self.report.path_cost {
                // The chain can cost more than the last path did (see "Published paths" in the module
                // doc): the last one, cheaper, meets the new bound too.
                self.report.path.clone_from(&before.path);
                self.report.path_cost = before.cost;
            }
        }
        self.published.push(Published {
            expanded: self.report.counters.expanded,
            weight: self.weight as f64 / ONE as f64,
            bound,
            cost: self.report.path_cost,
            path: self.report.path.clone(),
        });
        self.weight <= ONE || ratio <= 1.0
    }

    /// The path from the start to `state` by the parent moves, into the report.
    fn chain_to(&mut self, mut state: u32) {
        let path = &mut self.report.path;
        path.clear();
        loop {
            let slot = state / self.layers;
            path.push(self.frame.slots.cell(slot));
            let node = &self.nodes[state as usize];
            if node.arrival() == NO_MOVE {
                break;
            }
            let back = self.frame.slots.back(slot, node.arrival());
            state = match self.layers {
                1 => back,
                _ => back * self.layers + node.from() as u32,
            };
        }
        path.reverse();
    }

    /// What the report's path costs: its steps, and with a turn penalty its turns.
    fn cost_of_path(&self, grid: &Grid) -> Cost {
        let turns = match self.turn {
            0 => 0,
            _ => turns_along(grid.width(), &self.report.path),
        };
        path_cost(grid, &self.report.path) + turn_cost(grid.penalties().turn_tenths) * turns
    }

    /// Lowers ε, moves INCONS into OPEN and keys every open cell anew; CLOSED empties.
    fn next_iteration(&mut self) {
        let mut states: Vec<u32> = Vec::with_capacity(self.open.len() + self.incons.len());
        for Reverse(entry) in std::mem::take(&mut self.open).into_vec() {
            if self.is_live(&entry) {
                states.push(entry.3);
            }
            // A dropped entry leaves the trace's count of the cell's entries as a pop would.
            self.trace_stale(entry.3);
        }
        self.report.counters.reopened += self.incons.len() as u64;
        states.append(&mut self.incons);
        for &state in &states {
            self.nodes[state as usize].set_open(false);
        }
        self.open_count = 0;
        self.weight = self.weight.saturating_sub(WEIGHT_STEP).max(ONE);
        self.iteration += 1;
        for state in states {
            self.push(state, self.layers == 1);
        }
    }

    /// Closes `state` and relaxes its moves; returns its cell id.
    fn expand(&mut self, grid: &Grid, state: u32) -> u32 {
        let slot = self.slot_of(state);
        let cell = self.frame.slots.cell(slot);
        // With a turn penalty the trace is of cells: a cell is closed once its first state is.
        let tell = self.layers == 1 || !self.cell_closed(slot);
        let node = &mut self.nodes[state as usize];
        node.set_open(false);
        node.set_incons(false);
        node.closed_in = self.iteration;
        let g = node.g();
        self.open_count -= 1;
        self.report.counters.expanded += 1;
        self.report.last_expanded = Some(cell);
        if let (Some(trace), true) = (&mut self.report.trace, tell) {
            trace.close(cell, self.report.counters.expanded);
        }
        if self.frame.params.expansion_limit.is_some() {
            let distance = self.frame.slots.octile_steps(slot, self.frame.goal_xy);
            if distance < self.frame.closest.0 {
                self.frame.closest = (distance, state);
            }
        }
        let heading = (state % self.layers) as u8;
        let start_layer = (self.layers - 1) as u8;
        let (moves, count) = self.frame.slots.moves_into(grid, slot);
        for &(next, m, step) in &moves[..count] {
            let (next, next_g) = match self.layers {
                1 => (next, g + step),
                layers => {
                    let turned = heading != start_layer && heading != m;
                    (
                        next * layers + m as u32,
                        g + step + if turned { self.turn } else { 0 },
                    )
                }
            };
            if next_g >= self.g_of(next) {
                continue;
            }
            let tell = self.layers == 1 || !self.cell_seen(self.slot_of(next));
            let (search, iteration) = (self.search, self.iteration);
            let node = &mut self.nodes[next as usize];
            if node.search != search {
                *node = Node::unseen(search);
            }
            node.reach(next_g, m, heading);
            self.report.counters.generated += 1;
            let improves_goal =
                self.slot_of(next) == self.frame.goal && next_g < self.g_of(self.goal_state);
            let node = &self.nodes[next as usize];
            if node.closed_in == iteration {
                if !node.incons() {
                    self.nodes[next as usize].set_incons(true);
                    self.incons.push(next);
                }
            } else {
                self.push(next, tell);
            }
            if improves_goal {
                self.goal_state = next;
            }
        }
        cell
    }

    fn finish(&mut self, outcome: Outcome, grid: &Grid) -> Step {
        self.report.outcome = Some(outcome);
        match outcome {
            Outcome::Found => {}
            Outcome::LimitReached if !self.published.is_empty() => {}
            Outcome::LimitReached => {
                self.chain_to(self.frame.closest.1);
                self.report.path_cost = self.cost_of_path(grid);
            }
            Outcome::Unreachable => {
                self.report.path.clear();
                self.report.path_cost = 0;
            }
        }
        Step::Done(outcome)
    }
}

impl Stepper for Ara {
    report_accessors!();

    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError> {
        self.frame.begin(grid, request);
        let turn_tenths = grid.penalties().turn_tenths;
        self.layers = match turn_tenths {
            0 => 1,
            _ => request.params.movement.direction_count() as u32 + 1,
        };
        // Its last iteration (ε = 1) is optimal: priced exactly where the costs fit (see
        // `Frame::price_exactly`), keys scaling g by 1000 and h by ε in thousandths.
        let scale = ONE.max(request.params.weight.milli() as Cost);
        self.frame
            .price_exactly(grid, self.layers, turn_tenths, scale, G_BITS);
        self.turn = self.frame.pricing.step(turn_tenths, false);
        let states = grid.bordered_terrain().len() * self.layers as usize;
        if self.nodes.len() != states || self.iteration > u32::MAX - 4096 {
            self.nodes = vec![Node::default(); states];
            self.search = 0;
            self.iteration = 0;
        }
        self.search += 1;
        self.iteration += 1;
        self.first_iteration = self.iteration;
        self.frame.start = self.frame.start * self.layers + self.layers - 1;
        self.frame.closest = (Cost::MAX, self.frame.start);
        self.goal_state = match self.frame.start / self.layers == self.frame.goal {
            true => self.frame.start,
            false => NO_STATE,
        };
        self.open.clear();
        self.open_count = 0;
        self.incons.clear();
        self.published.clear();
        self.weight = request.params.weight.milli() as Cost;
        self.report.begin(grid.len());
        let mut start = Node::unseen(self.search);
        start.reach(0, NO_MOVE, 0);
        self.nodes[self.frame.start as usize] = start;
        self.report.counters.generated += 1;
        self.push(self.frame.start, true);
        Ok(())
    }

    fn step(&mut self, grid: &Grid) -> Step {
        if let Some(done) = self.report.finished() {
            return done;
        }
        if self.report.at_limit(self.frame.params.expansion_limit) {
            return self.finish(Outcome::LimitReached, grid);
        }
        while self.iteration_done() {
            if self.publish(grid) {
                return self.finish(Outcome::Found, grid);
            }
            self.next_iteration();
        }
        // Stale entries off the top (`iteration_done` skips that while the goal is unreached).
        if self.min_key().is_none() {
            return self.finish(Outcome::Unreachable, grid);
        }
        let Some(Reverse((_, _, _, slot))) = self.open.pop() else {
            unreachable!("min_key found a live entry");
        };
        Step::Expanded(self.expand(grid, slot))
    }

    fn g(&self, cell: u32) -> Option<Cost> {
        let state = self.best_state(cell)?;
        Some(self.frame.pricing.to_fixed(self.g_of(state)))
    }

    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        self.frame.h_fixed(grid, cell)
    }

    fn prices_exactly(&self) -> bool {
        self.frame.prices_exactly()
    }

    fn is_closed(&self, cell: u32) -> bool {
        if cell >= self.frame.cells || self.nodes.is_empty() {
            return false;
        }
        let slot = self.frame.slots.slot(cell);
        (slot * self.layers..(slot + 1) * self.layers).any(|state| {
            self.node(state)
                .is_some_and(|node| node.closed_in == self.iteration)
        })
    }

    fn parent(&self, cell: u32) -> Option<u32> {
        let state = self.best_state(cell)?;
        let slot = self.slot_of(state);
        let m = self.nodes[state as usize].arrival();
        (m != NO_MOVE).then(|| self.frame.slots.cell(self.frame.slots.back(slot, m)))
    }

    fn details(&self) -> Vec<Detail> {
        let mut details = vec![Detail {
            key: "current-w",
            value: self.weight as f64 / ONE as f64,
        }];
        if let Some(latest) = self.published.last() {
            details.push(Detail {
                key: "bound",
                value: latest.bound,
            });
        }
        details.push(Detail {
            key: "published",
            value: self.published.len() as f64,
        });
        if self.turn > 0 && !self.report.path.is_empty() {
            details.push(Detail {
                key: "turns",
                value: turns_along(self.frame.width, &self.report.path) as f64,
            });
        }
        details
    }
}
