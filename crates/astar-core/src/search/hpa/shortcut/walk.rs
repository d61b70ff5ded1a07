//! The walks of the smoothing (`shortcut.rs`): a step over the bordered terrain by fixed offsets
//! ([`Walker`]), and the rays from one cell that pulling asks about again and again ([`Rays`]).

use crate::cost::{step_cost, Cost};
use crate::grid::{Grid, Terrain, TERRAIN_KINDS};
use crate::movement::{CornerRule, Movement, DIRECTIONS};

/// One direction of travel as a walk takes it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Stride {
    /// What a step adds to the cell id.
    pub(super) cell: isize,
    /// What a step adds to the slot in the bordered terrain.
    pub(super) slot: isize,
    /// The side cells of a diagonal step, from the slot left: the one beside it in its row (`dx`) and
    /// the one above or below it (`dy` rows).
    pub(super) side_in_row: isize,
    pub(super) side_in_column: isize,
    pub(super) diagonal: bool,
}

/// The index of the stride (dx, dy) (each -1..=1) in [`Walker::strides`].
#[inline]
pub(super) fn stride_index(dx: i64, dy: i64) -> usize {
    ((dy + 1) * 3 + dx + 1) as usize
}

/// The cell (x, y) `steps` steps from `from` by the stride with index `stride`.
pub(super) fn point(from: (u32, u32), stride: usize, steps: u32) -> (u32, u32) {
    let (dx, dy) = ((stride % 3) as i64 - 1, (stride / 3) as i64 - 1);
    (
        (from.0 as i64 + dx * steps as i64) as u32,
        (from.1 as i64 + dy * steps as i64) as u32,
    )
}

/// Where a walk is: the cell and its slot in [`Grid::bordered_terrain`].
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Spot {
    pub(super) cell: u32,
    pub(super) slot: usize,
}

impl Spot {
    #[inline]
    pub(super) fn after(self, stride: &Stride) -> Spot {
        Spot {
            cell: self.cell.wrapping_add_signed(stride.cell as i32),
            slot: self.slot.wrapping_add_signed(stride.slot),
        }
    }
}

/// The map as the walks read it, made once per smoothing: the movement rules of `movement.rs` written
/// out over the bordered terrain.
pub(super) struct Walker<'a> {
    /// The terrain inside a border of walls, `row` slots a row.
    pub(super) bordered: &'a [Terrain],
    pub(super) row: usize,
    pub(super) width: u32,
    /// Indexed by terrain code: the cost of a straight step into it (0 for a wall).
    pub(super) straight_cost: [Cost; TERRAIN_KINDS],
    /// Indexed by terrain code: the cost of a diagonal step into it (0 for a wall).
    pub(super) diagonal_cost: [Cost; TERRAIN_KINDS],
    pub(super) movement: Movement,
    /// Indexed by [`stride_index`] (the middle one, (0, 0), is never stepped).
    pub(super) strides: [Stride; 9],
}

impl<'a> Walker<'a> {
    pub(super) fn new(grid: &'a Grid, movement: Movement) -> Walker<'a> {
        let row = grid.width() as usize + 2;
        let costs = grid.costs();
        let cost_of =
            |diagonal: bool| Terrain::ALL.map(|terrain| step_cost(costs.tenths(terrain), diagonal));
        let mut strides = [Stride::default(); 9];
        for (dx, dy) in DIRECTIONS {
            let (dx, dy) = (dx as isize, dy as isize);
            strides[stride_index(dx as i64, dy as i64)] = Stride {
                cell: dy * grid.width() as isize + dx,
                slot: dy * row as isize + dx,
                side_in_row: dx,
                side_in_column: dy * row as isize,
                diagonal: dx != 0 && dy != 0,
            };
        }
        Walker {
            bordered: grid.bordered_terrain(),
            row,
            width: grid.width(),
            straight_cost: cost_of(false),
            diagonal_cost: cost_of(true),
            movement,
            strides,
        }
    }

    #[inline]
    pub(super) fn spot(&self, (x, y): (u32, u32)) -> Spot {
        Spot {
            cell: y * self.width + x,
            slot: (y as usize + 1) * self.row + x as usize + 1,
        }
    }

    #[inline]
    pub(super) fn passable(&self, slot: usize) -> bool {
        self.bordered[slot] != Terrain::Wall
    }

    /// The cost of the step from slot `at` by `stride`, if the movement allows it: a straight step
    /// needs the entered cell passable, a diagonal one also its two side cells as the corner rule says:
    ///
    /// ```text
    /// a b    the step c -> b has the side cells a (dy rows from c) and d (dx from c): NoCut needs
    /// c d    both passable, CutIfOneFree one of them, AlwaysCut neither
    /// ```
    #[inline(always)]
    pub(super) fn step(&self, at: usize, stride: &Stride) -> Option<Cost> {
        let entered = self.bordered[at.wrapping_add_signed(stride.slot)] as usize;
        if !stride.diagonal {
            let cost = self.straight_cost[entered];
            return (cost != 0).then_some(cost);
        }
        let cost = self.diagonal_cost[entered];
        if cost == 0 {
            return None;
        }
        let side = |offset: isize| self.passable(at.wrapping_add_signed(offset));
        let allowed = match self.movement {
            Movement::Four => false,
            Movement::Eight(CornerRule::NoCut) => {
                side(stride.side_in_row) && side(stride.side_in_column)
            }
            Movement::Eight(CornerRule::CutIfOneFree) => {
                side(stride.side_in_row) || side(stride.side_in_column)
            }
            Movement::Eight(CornerRule::AlwaysCut) => true,
        };
        allowed.then_some(cost)
    }

    /// The two legs of the octile-shaped walk from `a` to `b` (cells (x, y)): (stride index, steps)
    /// of the diagonal steps then of the straight ones (`diagonal_first`), or the other way round.
    pub(super) fn octile_legs(
        a: (u32, u32),
        b: (u32, u32),
        diagonal_first: bool,
    ) -> [(usize, u32); 2] {
        let (ddx, ddy) = (b.0 as i64 - a.0 as i64, b.1 as i64 - a.1 as i64);
        let (sx, sy) = (ddx.signum(), ddy.signum());
        let diagonals = ddx.abs().min(ddy.abs()) as u32;
        let straights = ddx.abs().max(ddy.abs()) as u32 - diagonals;
        let straight = if ddx.abs() > ddy.abs() {
            stride_index(sx, 0)
        } else {
            stride_index(0, sy)
        };
        let diagonal = stride_index(sx, sy);
        if diagonal_first {
            [(diagonal, diagonals), (straight, straights)]
        } else {
            [(straight, straights), (diagonal, diagonals)]
        }
    }

    /// Appends to `out` the cells after `a` of the octile-shaped walk from `a` to `b`
    /// ([`Walker::octile_legs`]), a walk of legal moves.
    pub(super) fn push_octile_walk(
        &self,
        a: (u32, u32),
        b: (u32, u32),
        diagonal_first: bool,
        out: &mut Vec<u32>,
    ) {
        let mut at = self.spot(a);
        for (stride, count) in Walker::octile_legs(a, b, diagonal_first) {
            for _ in 0..count {
                at = at.after(&self.strides[stride]);
                out.push(at.cell);
            }
        }
    }

    /// Whether one of the two octile-shaped walks from `a` (the start of `rays`) to `b` costs no more
    /// than `stretch`: the diagonal-first one (`Some(true)`), else the other (`Some(false)`), else
    /// `None`. The first leg is read from `rays`, the second too when it is the one asked about last
    /// for that shape (or the start of it); otherwise it is walked from where the first ends.
    pub(super) fn octile_shape_within(
        &self,
        rays: &mut Rays,
        a: (u32, u32),
        b: (u32, u32),
        stretch: Cost,
    ) -> Option<bool> {
        let [(diagonal, diagonals), (straight, straights)] = Walker::octile_legs(a, b, true);
        if diagonals > 0 && self.movement == Movement::Four {
            return None;
        }
        let within = |rays: &mut Rays, first: (usize, u32), second: (usize, u32), shape: usize| {
            let cost = rays.first[first.0]
                .cost(self, first.1)
                .filter(|&c| c <= stretch)?;
            let corner = self.spot(point(a, first.0, first.1));
            let ray = &mut rays.second[shape];
            ray.aim(corner, second.0);
            Some(cost + ray.cost(self, second.1)?).filter(|&total| total <= stretch)
        };
        if within(rays, (diagonal, diagonals), (straight, straights), 0).is_some() {
            return Some(true);
        }
        // With one leg empty both shapes are the same line, which just failed.
        let two_shapes = diagonals > 0 && straights > 0;
        (two_shapes && within(rays, (straight, straights), (diagonal, diagonals), 1).is_some())
            .then_some(false)
    }
}

/// A straight or diagonal line of steps from one cell, walked as far as it has been asked about and
/// no further, so that later questions about a shorter stretch of it are look-ups.
#[derive(Clone, Debug, Default)]
pub(super) struct Ray {
    /// Where it starts and the index of its stride: what it is a ray of.
    pub(super) origin: usize,
    pub(super) stride: usize,
    /// Indexed by steps: the cost of that many steps (entry 0 is 0), as far as walked.
    pub(super) cost_by_steps: Vec<Cost>,
    /// The last cell costed.
    pub(super) end: Spot,
    /// Whether the step after `end` is not legal.
    pub(super) blocked: bool,
}

impl Ray {
    /// Makes this the ray from `from` by stride `stride`, unless it is already.
    pub(super) fn aim(&mut self, from: Spot, stride: usize) {
        if self.cost_by_steps.is_empty() || (self.origin, self.stride) != (from.slot, stride) {
            (self.origin, self.stride, self.end, self.blocked) = (from.slot, stride, from, false);
            self.cost_by_steps.clear();
            self.cost_by_steps.push(0);
        }
    }

    /// The cost of the first `steps` steps, if they are all legal.
    #[inline]
    pub(super) fn cost(&mut self, walker: &Walker, steps: u32) -> Option<Cost> {
        let stride = &walker.strides[self.stride];
        while self.cost_by_steps.len() <= steps as usize && !self.blocked {
            match walker.step(self.end.slot, stride) {
                Some(cost) => {
                    self.cost_by_steps
                        .push(self.cost_by_steps[self.cost_by_steps.len() - 1] + cost);
                    self.end = self.end.after(stride);
                }
                None => self.blocked = true,
            }
        }
        self.cost_by_steps.get(steps as usize).copied()
    }
}

/// What [`Smoother::pull`] knows about the walks from the cell it pulls from: the eight rays from it
/// (the first legs of every octile walk it tries) and, for each shape, the second leg it walked last
/// (the next cell of the path often has the same corner, and then the same second leg one step longer).
#[derive(Clone, Debug, Default)]
pub(super) struct Rays {
    /// Indexed by [`stride_index`].
    pub(super) first: [Ray; 9],
    /// The diagonal-first shape's second leg, then the other's.
    pub(super) second: [Ray; 2],
}

impl Rays {
    /// Starts again from `from`.
    pub(super) fn restart(&mut self, from: Spot) {
        for (stride, ray) in self.first.iter_mut().enumerate() {
            ray.cost_by_steps.clear();
            ray.aim(from, stride);
        }
    }
}
