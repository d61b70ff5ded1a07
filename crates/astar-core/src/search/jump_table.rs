//! JPS+'s jump table (Harabor and Grastien, "Improving Jump Point Search", ICAPS 2014, §4; Steve Rabin,
//! "JPS+: Over 100× Faster than A*", Game AI Pro 2, 2015): for every passable slot and each of the eight
//! directions, how far a jump goes, computed once per map and corner rule, so that a search reads each
//! jump instead of scanning for it. This module owns the table, how it is built, and how a jump is read
//! from it with the goal taken into account; the search around it is [`super::Jps`]'s, unchanged (see
//! [`super::Jps::plus`]).
//!
//! # What an entry says
//! `record_by_slot[slot].distance[d]`, `d` the index in [`DIRECTIONS`]:
//! - `k > 0`: the jump from `slot` in direction `d` stops at a jump point `k` steps away;
//! - `k <= 0`: it meets a wall (or, diagonally, a corner it may not pass) after `-k` free steps.
//!
//! "Jump point" means exactly what JPS's scans stop at, for the corner rule the table was built for:
//! - straight: a passable cell with a forced neighbour (the pictures in `jps.rs`'s module doc, row by
//!   row the bit tests of its `scan`);
//! - diagonal: a passable cell with a forced neighbour, or one from which the straight jumps along the
//!   two components of the direction reach a jump point (JPS's `jump_diagonal`).
//!
//! The goal is not in the table (it changes with every search): [`JumpTable::jump`] stops a jump at the
//! goal when a scan would have. Straight: the goal on the line, no further than the entry's reach.
//! Diagonal: a scan stops at the diagonal cell that lies on the goal's row (or column) when the straight
//! jump from there along the row (column) meets the goal before a wall; only those two cells can, and
//! the entry of the straight jump from each says whether a wall comes first. So a search over this
//! table pushes and expands exactly the jump points that the scans find, in the same order: the same
//! searches, counter for counter (a property test compares them).
//!
//! # Building
//! One pass per direction over the bordered map, visiting each slot after the slot one step ahead of it,
//! so that an entry is the next slot's entry plus one step (the dynamic programme of Rabin's chapter);
//! the four straight directions first, since a diagonal entry reads the straight entries of the cells it
//! crosses. O(slots × 8). The border of walls keeps every read of a passable slot's neighbours inside the
//! map.
//!
//! # Layout
//! The eight distances of a slot (2 bytes each) in one 16-byte record, aligned so that one cache line
//! holds it: 4.2 MB on 512 × 512, 17 MB on 1024 × 1024. The search state is not here but in `Jps`'s
//! nodes (see `jps.rs`), which a jump point reached for the first time does not read, so only an
//! expansion reads the table. (Until the nodes came in, JPS+ kept each slot's state in its record, so that
//! the record a relaxation had missed on was in the cache when the slot was expanded; with the state in
//! an array of its own, reading the table had been a second miss per expansion, about 45% of JPS+'s time
//! on random512-25-0: README, "Algorithms".)

use super::jump_point::{diagonal_forced, direction_index};
use crate::grid::Terrain;
use crate::movement::{CornerRule, DIRECTIONS};

/// One slot's jump distances: 16 bytes, aligned so that one cache line holds them (see the module doc).
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(16))]
struct SlotRecord {
    /// Indexed by direction (see the module doc).
    distance: [i16; 8],
}

/// The jump distances of one map under one corner rule (see the module doc).
#[derive(Clone, Debug, Default)]
pub(super) struct JumpTable {
    /// Indexed by slot.
    record_by_slot: Vec<SlotRecord>,
    bordered_width: u32,
    /// The rule the table was built for; `None` before the first build.
    rule: Option<CornerRule>,
}

/// True if the cell `here`, entered by the straight move `step`, has a forced neighbour on the side
/// `side` (the pictures of `jps.rs`'s module doc; under CutIfOneFree the forced diagonal move also passes
/// the cell ahead, which must be free).
#[inline(always)]
fn straight_forced_on(
    free: &impl Fn(isize) -> bool,
    rule: CornerRule,
    here: isize,
    step: isize,
    side: isize,
) -> bool {
    let beside = here + side;
    match rule {
        CornerRule::NoCut => free(beside) && !free(beside - step),
        CornerRule::CutIfOneFree => !free(beside) && free(beside + step) && free(here + step),
        CornerRule::AlwaysCut => !free(beside) && free(beside + step),
    }
}

impl JumpTable {
    /// The rule the table was built for, if it was built.
    pub(super) fn rule(&self) -> Option<CornerRule> {
        self.rule
    }

    /// Builds the table for `terrain` (a bordered map, `bordered_width` slots a row) under `rule`.
    pub(super) fn build(&mut self, terrain: &[Terrain], bordered_width: u32, rule: CornerRule) {
        let bw = bordered_width as usize;
        let bh = terrain.len() / bw;
        self.bordered_width = bordered_width;
        self.rule = Some(rule);
        let table = &mut self.record_by_slot;
        table.clear();
        table.resize(terrain.len(), SlotRecord::default());
        let free = |slot: isize| terrain[slot as usize] != Terrain::Wall;
        for (direction, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            let step = dy as isize * bw as isize + dx as isize;
            let diagonal = dx != 0 && dy != 0;
            let (across, along) = (dx as isize, dy as isize * bw as isize);
            // A diagonal's two straight components.
            let (horizontal, vertical) = if diagonal {
                (direction_index(dx, 0), direction_index(0, dy))
            } else {
                (direction, direction)
            };
            for i in 0..bh {
                let y = if dy > 0 { bh - 1 - i } else { i };
                for j in 0..bw {
                    let x = if dx > 0 { bw - 1 - j } else { j };
                    let slot = (y * bw + x) as isize;
                    // A wall's entry stays 0; a passable slot is inside the border, so its neighbours
                    // (and theirs, read below) are on the bordered map.
                    if !free(slot) {
                        continue;
                    }
                    let next = slot + step;
                    let passes = free(next)
                        && (!diagonal
                            || match rule {
                                CornerRule::NoCut => free(slot + across) && free(slot + along),
                                CornerRule::CutIfOneFree => {
                                    free(slot + across) || free(slot + along)
                                }
                                CornerRule::AlwaysCut => true,
                            });
                    if !passes {
                        continue;
                    }
                    let n = &table[next as usize].distance;
                    let stops = if diagonal {
                        diagonal_forced(rule, dx, dy, |ox, oy| {
                            free(next + oy as isize * bw as isize + ox as isize)
                        }) || n[horizontal] > 0
                            || n[vertical] > 0
                    } else {
                        let side = dx as isize * bw as isize + dy as isize;
                        straight_forced_on(&free, rule, next, step, side)
                            || straight_forced_on(&free, rule, next, step, -side)
                    };
                    let ahead = n[direction];
                    table[slot as usize].distance[direction] = match (stops, ahead > 0) {
                        (true, _) => 1,
                        (false, true) => ahead + 1,
                        (false, false) => ahead - 1,
                    };
                }
            }
        }
    }

    /// The entry of `slot` in `direction`.
    #[inline(always)]
    fn entry(&self, slot: u32, direction: usize) -> i32 {
        self.record_by_slot[slot as usize].distance[direction] as i32
    }

    /// The jump from `slot`, at the bordered (x, y), in `direction`: the jump point (the goal, at the
    /// bordered `goal_xy`, when a scan would stop there) and the number of steps to it, or `None` at a
    /// wall. The same answer as `Jps`'s scans (see the module doc).
    #[inline(always)]
    pub(super) fn jump(
        &self,
        slot: u32,
        (x, y): (u32, u32),
        direction: usize,
        goal_xy: (u32, u32),
    ) -> Option<(u32, u32)> {
        let (dx, dy) = DIRECTIONS[direction];
        let step = (dy as u32)
            .wrapping_mul(self.bordered_width)
            .wrapping_add(dx as u32);
        let at = |k: u32| slot.wrapping_add(step.wrapping_mul(k));
        let entry = self.entry(slot, direction);
        // Steps along this direction to the goal's column and to its row (0 or less: not ahead).
        // Steps along this direction to the goal's column and to its row (0 or less: not ahead).
        let to_column = (goal_xy.0 as i64 - x as i64) * dx as i64;
        let to_row = (goal_xy.1 as i64 - y as i64) * dy as i64;
        let reach = entry.unsigned_abs() as i64;
        if dx == 0 || dy == 0 {
            // The goal on this line, no further than the jump point or the last free cell.
            let on_line = if dy == 0 {
                goal_xy.1 == y
            } else {
                goal_xy.0 == x
            };
            let k = to_column + to_row;
            if on_line && (1..=reach).contains(&k) {
                return Some((at(k as u32), k as u32));
            }
            return (entry > 0).then(|| (at(entry as u32), entry as u32));
        }
        // The farthest step at which the goal can stop a diagonal jump first: a jump point at `entry`
        // stops it there anyway.
        let last = if entry > 0 { reach - 1 } else { reach };
        // Diagonal: at the cell on the goal's row, the scan along the row (`dx`) stops at the goal if no
        // wall comes first; at the cell on its column, the scan along the column (`dy`).
        let goal_stops = |k: i64, on_row: bool| -> bool {
            if !(1..=last).contains(&k) {
                return false;
            }
            let (rest, along) = if on_row {
                (to_column - k, direction_index(dx, 0))
            } else {
                (to_row - k, direction_index(0, dy))
            };
            let straight = self.entry(at(k as u32), along) as i64;
            rest == 0 || (rest > 0 && (straight > 0 || rest <= -straight))
        };
        let candidates = if to_row <= to_column {
            [(to_row, true), (to_column, false)]
        } else {
            [(to_column, false), (to_row, true)]
        };
        if let Some((k, _)) = candidates
            .into_iter()
            .find(|&(k, on_row)| goal_stops(k, on_row))
        {
            return Some((at(k as u32), k as u32));
        }
        (entry > 0).then(|| (at(entry as u32), entry as u32))
    }
}
