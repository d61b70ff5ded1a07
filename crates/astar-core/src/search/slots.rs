//! Bordered-slot geometry for the searches that walk the grid outside the engine (bidirectional A*,
//! dynamic weighting): cell ids to slots and back, and the legal moves out of a slot with what they
//! cost in each direction.
//!
//! A *slot* is a cell's place in [`Grid::bordered_terrain`] (the map inside one ring of walls,
//! `width + 2` slots a row), so every cell has eight neighbours at fixed offsets and no neighbour needs
//! a bounds test; the same layout as the engine's (`engine.rs`), kept apart so that the engine's fused
//! hot path stays as it is.
//!
//! Moves are tried in the fixed order of `movement.rs` (N, E, S, W, then NE, SE, SW, NW) with its corner
//! rule:
//! ```text
//!   a b    moving c -> b diagonally passes a and d: NoCut needs both passable,
//!   c d    CutIfOneFree one of them, AlwaysCut neither (b itself must be passable)
//! ```
//! The rule looks only at a and d, which are the same cells for c -> b and b -> c, so a move is legal
//! in one direction exactly when it is legal in the other. Its *cost* is not symmetric: a move costs
//! the terrain of the cell it enters, so c -> b costs b's terrain and b -> c costs c's.

use crate::cost::{step_cost, Cost, Pricing};
use crate::grid::{Grid, Terrain, TERRAIN_KINDS};
use crate::heuristic::Heuristic;
use crate::movement::{CornerRule, Movement, DIRECTIONS};

/// Marks "no move" (a search's root) where a move index is stored.
pub(super) const NO_MOVE: u8 = 15;

/// The slot layout and move costs of one grid under one movement (see the module doc).
#[derive(Clone, Debug, Default)]
pub(super) struct Slots {
    /// The grid's width.
    width: u32,
    /// `width + 2`: slot = (y + 1) * `bordered_width` + x + 1.
    bordered_width: u32,
    /// 4 or 8.
    directions: usize,
    /// The corner rule of 8-neighbour movement.
    rule: CornerRule,
    /// Slot offsets of the moves in [`DIRECTIONS`] order (wrapping): the move `m` out of slot `s`
    /// enters `s + offsets[m]`.
    offsets: [u32; 8],
    /// Fixed-point cost of an orthogonal step onto each terrain, by terrain code (0 for a wall).
    straight_by_terrain: [Cost; TERRAIN_KINDS],
    /// Fixed-point cost of a diagonal step onto each terrain, by terrain code (0 for a wall).
    diagonal_by_terrain: [Cost; TERRAIN_KINDS],
    /// What an orthogonal step onto a cell adds to its terrain's cost, by the cell's level (see
    /// [`crate::penalty`]); empty when the grid has no penalties.
    extra_straight: Vec<Cost>,
    /// The same for a diagonal step.
    extra_diagonal: Vec<Cost>,
}

impl Slots {
    /// The layout of `grid` with `movement`'s moves, priced in the fixed point.
    pub(super) fn new(grid: &Grid, movement: Movement) -> Slots {
        Slots::priced(grid, movement, Pricing::FIXED)
    }

    /// The layout of `grid` with `movement`'s moves, priced by `pricing` (per tenth of terrain cost).
    pub(super) fn priced(grid: &Grid, movement: Movement, pricing: Pricing) -> Slots {
        let bordered_width = grid.width() + 2;
        let mut offsets = [0u32; 8];
        for (offset, &(dx, dy)) in offsets.iter_mut().zip(&DIRECTIONS) {
            *offset = (dy as i64 * bordered_width as i64 + dx as i64) as u32;
        }
        let mut straight_by_terrain = [0; TERRAIN_KINDS];
        let mut diagonal_by_terrain = [0; TERRAIN_KINDS];
        for terrain in Terrain::ALL {
            let tenths = grid.costs().tenths(terrain);
            straight_by_terrain[terrain as usize] = pricing.step(tenths, false);
            diagonal_by_terrain[terrain as usize] = pricing.step(tenths, true);
        }
        let (directions, rule) = match movement {
            Movement::Four => (4, CornerRule::NoCut),
            Movement::Eight(rule) => (8, rule),
        };
        let penalties = grid.penalties();
        let extras = |diagonal: bool| -> Vec<Cost> {
            if grid.bordered_levels().is_empty() {
                return Vec::new();
            }
            (0..=penalties.max_level())
                .map(|level| pricing.step(penalties.level_extra_tenths(level), diagonal))
                .collect()
        };
        Slots {
            extra_straight: extras(false),
            extra_diagonal: extras(true),
            width: grid.width(),
            bordered_width,
            directions,
            rule,
            offsets,
            straight_by_terrain,
            diagonal_by_terrain,
        }
    }

    /// The slot of a cell id.
    #[inline]
    pub(super) fn slot(&self, cell: u32) -> u32 {
        (cell / self.width + 1) * self.bordered_width + cell % self.width + 1
    }

    /// The (x, y) of a slot inside the map.
    #[inline]
    pub(super) fn xy(&self, slot: u32) -> (u32, u32) {
        (
            slot % self.bordered_width - 1,
            slot / self.bordered_width - 1,
        )
    }

    /// The cell id of a slot inside the map.
    #[inline]
    pub(super) fn cell(&self, slot: u32) -> u32 {
        let (x, y) = self.xy(slot);
        y * self.width + x
    }

    /// The slot that the move `m` out of `slot` came from: `slot - offsets[m]`.
    #[inline]
    pub(super) fn back(&self, slot: u32, m: u8) -> u32 {
        slot.wrapping_sub(self.offsets[m as usize])
    }

    /// Calls `visit(next, m, enter, leave)` for every legal move `m` from `slot` to `next`, in the fixed
    /// order: `enter` is what the move `slot -> next` costs (`next`'s terrain and extra), `leave` what the
    /// reverse move `next -> slot` costs (`slot`'s). `levels` are the grid's
    /// [`Grid::bordered_levels`] (empty: no extras).
    #[inline(always)]
    pub(super) fn for_each_move(
        &self,
        terrain: &[Terrain],
        levels: &[u8],
        slot: u32,
        mut visit: impl FnMut(u32, u8, Cost, Cost),
    ) {
        if !levels.is_empty() {
            let extra = |table: &[Cost], at: u32| table[levels[at as usize] as usize];
            return self.for_each_terrain_move(terrain, slot, |next, m, enter, leave| {
                let table = match m < 4 {
                    true => &self.extra_straight,
                    false => &self.extra_diagonal,
                };
                visit(
                    next,
                    m,
                    enter + extra(table, next),
                    leave + extra(table, slot),
                );
            });
        }
        self.for_each_terrain_move(terrain, slot, visit);
    }

    /// [`Slots::for_each_move`] priced by terrain alone.
    #[inline(always)]
    fn for_each_terrain_move(
        &self,
        terrain: &[Terrain],
        slot: u32,
        mut visit: impl FnMut(u32, u8, Cost, Cost),
    ) {
        let here = terrain[slot as usize] as usize;
        for (m, (&offset, &(dx, dy))) in self.offsets[..self.directions]
            .iter()
            .zip(&DIRECTIONS)
            .enumerate()
        {
            let next = slot.wrapping_add(offset);
            let there = terrain[next as usize];
            if there == Terrain::Wall {
                continue;
            }
            if m < 4 {
                visit(
                    next,
                    m as u8,
                    self.straight_by_terrain[there as usize],
                    self.straight_by_terrain[here],
                );
                continue;
            }
            let side_x = terrain[slot.wrapping_add(dx as u32) as usize] != Terrain::Wall;
            let side_y = terrain
                [slot.wrapping_add((dy * self.bordered_width as i32) as u32) as usize]
                != Terrain::Wall;
            let allowed = match self.rule {
                CornerRule::NoCut => side_x && side_y,
                CornerRule::CutIfOneFree => side_x || side_y,
                CornerRule::AlwaysCut => true,
            };
            if allowed {
                visit(
                    next,
                    m as u8,
                    self.diagonal_by_terrain[there as usize],
                    self.diagonal_by_terrain[here],
                );
            }
        }
    }
}

impl Slots {
    /// The legal moves out of `slot` as (next slot, move, cost of entering it), in [`Slots::for_each_move`]'s
    /// order: the first `count` of the array.
    #[inline(always)]
    pub(super) fn moves_into(&self, grid: &Grid, slot: u32) -> ([(u32, u8, Cost); 8], usize) {
        let mut moves = [(0u32, 0u8, 0 as Cost); 8];
        let mut count = 0;
        let (terrain, levels) = (grid.bordered_terrain(), grid.bordered_levels());
        self.for_each_move(terrain, levels, slot, |next, m, enter, _| {
            moves[count] = (next, m, enter);
            count += 1;
        });
        (moves, count)
    }

    /// The octile distance in unit steps from `slot` to the cell at `target` (x, y): how a budgeted search
    /// picks the reached cell closest to the goal for its partial path.
    #[inline]
    pub(super) fn octile_steps(&self, slot: u32, target: (u32, u32)) -> Cost {
        let (x, y) = self.xy(slot);
        Heuristic::Octile.estimate(x.abs_diff(target.0), y.abs_diff(target.1), 1)
    }
}

/// Where the move starts in [`SlotState::g_and_move`]; g stays below 2^47 in the fixed point (see
/// `engine.rs`), and below 2^58 in an exact pricing (see `Frame::price_exactly`).
const MOVE_SHIFT: u32 = 60;
/// The bits of a g in [`SlotState`].
pub(super) const G_BITS: u32 = MOVE_SHIFT;
const G_MASK: u64 = (1 << MOVE_SHIFT) - 1;

/// What one search (or one side of a bidirectional search) knows about one slot, in 12 bytes, read and
/// written together: `move << 60 | g` (the best g found and the move that reached the slot with it,
/// [`NO_MOVE`] for the root) and the generation stamp (`generation` = open, `generation + 1` = closed,
/// anything else: not reached in this search).
#[derive(Clone, Copy, Debug)]
#[repr(C, packed(4))]
pub(super) struct SlotState {
    g_and_move: u64,
    /// See the type doc.
    pub(super) stamp: u32,
}

const _: () = assert!(std::mem::size_of::<SlotState>() == 12);

impl SlotState {
    /// A slot never reached (stamp 0, which no search's generation is).
    pub(super) const UNSEEN: SlotState = SlotState {
        g_and_move: (NO_MOVE as u64) << MOVE_SHIFT,
        stamp: 0,
    };

    /// Reached with cost `g` by the move `m`, with stamp `stamp`.
    #[inline(always)]
    pub(super) fn new(g: Cost, m: u8, stamp: u32) -> SlotState {
        SlotState {
            g_and_move: (m as u64) << MOVE_SHIFT | g,
            stamp,
        }
    }

    /// The best g found.
    #[inline(always)]
    pub(super) fn g(self) -> Cost {
        self.g_and_move & G_MASK
    }

    /// The move that reached the slot ([`NO_MOVE`] for the root).
    #[inline(always)]
    pub(super) fn arrival(self) -> u8 {
        (self.g_and_move >> MOVE_SHIFT) as u8
    }
}

/// Per-slot state arrays that are never cleared between searches: a generation stamp tells this
/// search's entries from older ones (two stamp values a search: open and closed).
#[derive(Clone, Debug, Default)]
pub(super) struct Stamped {
    /// Indexed by slot.
    pub(super) state_by_slot: Vec<SlotState>,
    /// Even, and at least 2, once a search has begun.
    pub(super) generation: u32,
}

impl Stamped {
    /// Starts a new search over `slots` slots: O(1) unless the size changed or the stamps wrap around.
    pub(super) fn next_search(&mut self, slots: usize) {
        if self.state_by_slot.len() != slots || self.generation >= u32::MAX - 3 {
            self.state_by_slot.clear();
            self.state_by_slot.resize(slots, SlotState::UNSEEN);
            self.generation = 0;
        }
        self.generation += 2;
    }

    /// The state of `slot`.
    #[inline(always)]
    pub(super) fn get(&self, slot: u32) -> SlotState {
        self.state_by_slot[slot as usize]
    }

    /// True if `slot` was reached in this search (open or closed).
    #[inline(always)]
    pub(super) fn is_seen(&self, slot: u32) -> bool {
        self.state_by_slot[slot as usize]
            .stamp
            .wrapping_sub(self.generation)
            < 2
    }

    /// True if `slot` is open in this search.
    #[inline(always)]
    pub(super) fn is_open(&self, slot: u32) -> bool {
        self.state_by_slot[slot as usize].stamp == self.generation
    }

    /// True if `slot` is closed in this search.
    #[inline(always)]
    pub(super) fn is_closed(&self, slot: u32) -> bool {
        self.state_by_slot[slot as usize].stamp == self.generation + 1
    }

    /// Records `slot` as open with cost `g`, reached by the move `m`.
    #[inline(always)]
    pub(super) fn open(&mut self, slot: u32, g: Cost, m: u8) {
        self.state_by_slot[slot as usize] = SlotState::new(g, m, self.generation);
    }

    /// Records `slot` as closed.
    #[inline(always)]
    pub(super) fn close(&mut self, slot: u32) {
        self.state_by_slot[slot as usize].stamp = self.generation + 1;
    }

    /// The slots from `slot` back to the root by the recorded moves, `slot` first.
    pub(super) fn chain(&self, slots: &Slots, mut slot: u32, out: &mut Vec<u32>) {
        loop {
            out.push(slots.cell(slot));
            let m = self.get(slot).arrival();
            if m == NO_MOVE {
                return;
            }
            slot = slots.back(slot, m);
        }
    }
}

/// What the chain of grid moves `path` costs: each move costs the terrain of the cell it enters
/// ([`step_cost`]: √2 times as much diagonally).
pub(super) fn path_cost(grid: &Grid, path: &[u32]) -> Cost {
    path.windows(2)
        .map(|pair| {
            let ((ax, ay), (bx, by)) = (grid.xy(pair[0]), grid.xy(pair[1]));
            step_cost(grid.cost_tenths(pair[1]), ax != bx && ay != by)
        })
        .sum()
}
