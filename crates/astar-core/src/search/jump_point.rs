//! What jump point search and JPS+'s jump table share (`jps.rs`, `jump_table.rs`): the forced
//! neighbours of a diagonal step under a corner rule, and the index of a unit move. Below both, so that
//! neither imports the other for them.

use crate::movement::{CornerRule, DIRECTIONS};

/// The index in [`DIRECTIONS`] of the unit move (dx, dy).
pub(super) const fn direction_index(dx: i32, dy: i32) -> usize {
    let mut i = 0;
    while DIRECTIONS[i].0 != dx || DIRECTIONS[i].1 != dy {
        i += 1;
    }
    i
}

/// True if a cell entered diagonally by (dx, dy) has a forced neighbour under `rule` (the module doc's
/// second picture); `free(ox, oy)` says whether the cell at that offset from it is passable.
#[inline(always)]
pub(super) fn diagonal_forced(
    rule: CornerRule,
    dx: i32,
    dy: i32,
    free: impl Fn(i32, i32) -> bool,
) -> bool {
    match rule {
        CornerRule::NoCut => false,
        CornerRule::CutIfOneFree => {
            (!free(-dx, 0) && free(-dx, dy) && free(0, dy))
                || (!free(0, -dy) && free(dx, -dy) && free(dx, 0))
        }
        CornerRule::AlwaysCut => {
            (!free(-dx, 0) && free(-dx, dy)) || (!free(0, -dy) && free(dx, -dy))
        }
    }
}
