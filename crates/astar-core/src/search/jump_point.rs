//! What jump point search and JPS+'s jump table share (`jps.rs`, `jump_table.rs`): the forced
//! neighbours of a diagonal step under a corner rule, and the index of a unit move. Below both, so that
//! neither imports the other for them.

use crate::movement::{CornerRule, DIRECTIONS};

/// The index in [`DIRECTIONS`] of the unit move (dx, dy): one load from a table built at compile time
/// (the search asks for it at every expansion; searching `DIRECTIONS` for it was 5% of JPS's time on
/// random512-25-0).
#[inline(always)]
pub(super) const fn direction_index(dx: i32, dy: i32) -> usize {
    INDEX_BY_OFFSET[((dy + 1) * 3 + dx + 1) as usize] as usize
}

/// Indexed by `(dy + 1) * 3 + dx + 1`: the index in [`DIRECTIONS`] of the unit move (dx, dy) (the
/// centre, no move, holds 0).
const INDEX_BY_OFFSET: [u8; 9] = {
    let mut table = [0; 9];
    let mut i = 0;
    while i < DIRECTIONS.len() {
        let (dx, dy) = DIRECTIONS[i];
        table[((dy + 1) * 3 + dx + 1) as usize] = i as u8;
        i += 1;
    }
    table
};

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
