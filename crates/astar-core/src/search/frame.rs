//! What the searches that walk the grid's slots outside the engine (ARA*, dynamic weighting, the turn
//! search, bidirectional A*) keep of the search under way besides their own per-slot state, and the
//! start of a search they share: the settings, the slot layout ([`Slots`]), the map's size, the
//! heuristic's scale, the end slots, the push counter and the closed slot nearest the goal.
//!
//! Each of them holds one [`Frame`] and calls [`Frame::begin`] first in its `begin_search`; what differs
//! (a layered start for the turn search, two frontiers for bidirectional A*) comes after it. They order
//! their open lists by the same [`Entry`], and count weights in thousandths ([`ONE`]).

use super::slots::{Slots, Stamped};
use super::stepper::{Report, Request};
use super::SearchParams;
use crate::cost::{Cost, Pricing};
use crate::grid::{Grid, Terrain};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// An open-list entry: priority, tie-break, insertion order, slot (or state), smallest first.
pub(super) type Entry = (Cost, Cost, u32, u32);

/// A weight of 1 (w, ε) in thousandths.
pub(super) const ONE: Cost = 1000;

/// Pops `open` until an entry whose slot (or state) `state` still has open, and returns that slot; `None`
/// when the list ran out. The entries on the way are stale (their slot was closed by a newer, cheaper
/// entry): each is counted in `report`, and told to its trace as the cell `cell_of` gives, if any.
pub(super) fn pop_open(
    open: &mut BinaryHeap<Reverse<Entry>>,
    state: &Stamped,
    report: &mut Report,
    cell_of: impl Fn(u32) -> Option<u32>,
) -> Option<u32> {
    loop {
        let Reverse((_, _, _, slot)) = open.pop()?;
        if state.is_open(slot) {
            return Some(slot);
        }
        report.counters.stale_pops += 1;
        if let (Some(trace), Some(cell)) = (&mut report.trace, cell_of(slot)) {
            trace.stale_pop(cell);
        }
    }
}

/// The shared part of a slot-walking search (see the module doc).
#[derive(Clone, Debug, Default)]
pub(super) struct Frame {
    /// The settings of the search under way.
    pub(super) params: SearchParams,
    /// The map's slot layout and move costs under those settings' movement.
    pub(super) slots: Slots,
    /// The map's width, and its number of cells.
    pub(super) width: u32,
    pub(super) cells: u32,
    /// What the heuristic is multiplied by, in tenths ([`SearchParams::h_scale_tenths`]).
    pub(super) cheapest: u16,
    /// The slots of the start and the goal (the turn search replaces the start by its layered state).
    pub(super) start: u32,
    pub(super) goal: u32,
    /// The goal's column and row.
    pub(super) goal_xy: (u32, u32),
    /// Pushes so far: the insertion order that breaks the last ties.
    pub(super) next_seq: u32,
    /// The closed slot (or state) nearest the goal so far, with its distance, for a partial path when the
    /// expansion limit stops the search; the start until something is closed.
    pub(super) closest: (Cost, u32),
    /// How the slots' moves are priced: the fixed point unless the search asked for an exact pricing
    /// ([`Frame::price_exactly`]).
    pub(super) pricing: Pricing,
}

impl Frame {
    /// Starts the search `request` on `grid` (checked by [`super::Stepper::begin`]).
    pub(super) fn begin(&mut self, grid: &Grid, request: &Request) {
        let &Request {
            ref params,
            start,
            goal,
        } = request;
        self.params = *params;
        self.slots = Slots::new(grid, params.movement);
        self.pricing = Pricing::FIXED;
        self.width = grid.width();
        self.cells = grid.len() as u32;
        self.cheapest = params.h_scale_tenths(grid);
        self.start = self.slots.slot(start);
        self.goal = self.slots.slot(goal);
        self.goal_xy = grid.xy(goal);
        self.next_seq = 0;
        self.closest = (Cost::MAX, self.start);
    }

    /// The heuristic estimate from (x, y) to `target`, in the search's pricing.
    #[inline]
    pub(super) fn estimate_to(&self, (x, y): (u32, u32), target: (u32, u32)) -> Cost {
        let (dx, dy) = (x.abs_diff(target.0), y.abs_diff(target.1));
        (self.params.heuristic).estimate_priced(dx, dy, self.cheapest, self.pricing)
    }

    /// The estimate from `cell` to the goal as it leaves the search ([`super::Stepper::h`]): in the fixed
    /// point, priced there from the start (a Euclidean estimate is not a whole number of steps to convert).
    pub(super) fn h_fixed(&self, grid: &Grid, cell: u32) -> Cost {
        let ((x, y), goal) = (grid.xy(cell), self.goal_xy);
        let (dx, dy) = (x.abs_diff(goal.0), y.abs_diff(goal.1));
        self.params.heuristic.estimate(dx, dy, self.cheapest)
    }

    /// True when the slots' moves are priced exactly ([`Frame::price_exactly`] found that they fit).
    pub(super) fn prices_exactly(&self) -> bool {
        self.pricing != Pricing::FIXED
    }

    /// Prices the slots' moves exactly ([`Pricing::exact`], in tenths) when every cost the search
    /// compares fits: g of a state path over `layers` states a cell (each passable cell entered at most
    /// `layers` times, at its cost, its dearest extra and a turn of `turn_tenths`), two of them added (a
    /// meeting of two searches) and the largest estimate (`cheapest` times the map's width and height,
    /// and eight turns). Fits when that bound times a diagonal step stays below 2^(`g_bits` − 2) (the
    /// bits the search keeps a g in, less two for the sums of g it makes), and times `scale` too, the
    /// most a priority multiplies a cost by, below 2^63; otherwise the fixed point stays. Call after
    /// [`Frame::begin`].
    pub(super) fn price_exactly(
        &mut self,
        grid: &Grid,
        layers: u32,
        turn_tenths: u16,
        scale: Cost,
        g_bits: u32,
    ) {
        let passable = (grid.len() - grid.count(Terrain::Wall) as usize) as Cost;
        let terrain: Cost = Terrain::PASSABLE
            .into_iter()
            .map(|t| grid.count(t) as Cost * grid.costs().tenths(t) as Cost)
            .sum();
        let extra = grid.penalties().dearest_extra_tenths() as Cost;
        let turn = turn_tenths as Cost;
        let one_step = grid.dearest_tenths() as Cost + turn;
        let g_bound = layers as Cost * (terrain + passable * (extra + turn)) + one_step;
        let across = (grid.width() + grid.height()) as Cost;
        let bound = 2 * g_bound + self.cheapest as Cost * across + 8 * turn;
        // The bound is below q, below p, below 2^31: the product does not overflow.
        let fits = |exact: &Pricing| {
            let largest = bound * exact.diagonal;
            largest < 1 << (g_bits - 2) && largest.checked_mul(scale).is_some_and(|v| v < 1 << 63)
        };
        if let Some(exact) = Pricing::exact(bound).filter(fits) {
            self.pricing = exact;
            self.slots = Slots::priced(grid, self.params.movement, exact);
        }
    }
}
