//! The turn penalty's part of a heuristic: the fewest turns any path from a cell, entered with a heading,
//! can still make to the goal, whatever the walls ("The heuristic" in `turns.rs`'s module doc says why it
//! is admissible and consistent). Used by the searches over cells and headings: the turn search
//! (`turns.rs`), ARA* (`ara.rs`) and bidirectional A*'s forward side (`bidirectional.rs`).

use crate::cost::Cost;
use crate::movement::DIRECTIONS;

/// The fewest turns a path from a cell `(gx, gy)` away from the goal (goal − cell) can make, entered with
/// `heading` (a move of [`DIRECTIONS`]; `None` at the start, which has none yet), with 4 moves
/// (`four`) or 8:
/// - 4 moves: every needed direction (one per axis the goal is not level on) is entered at least once,
///   and each change to one is a turn but the first move's: that count, less one when the heading is one
///   of them or at the start;
/// - 8 moves: 0 when the goal lies on the ray of the heading (at the start: on any of the 8 rays), else 1.
pub fn fewest_turns_ahead(four: bool, (gx, gy): (i64, i64), heading: Option<u8>) -> Cost {
    if (gx, gy) == (0, 0) {
        return 0;
    }
    let on_ray = |m: usize| {
        let (dx, dy) = DIRECTIONS[m];
        let k = gx.abs().max(gy.abs());
        (gx, gy) == (k * dx as i64, k * dy as i64)
    };
    if four {
        let needed = (gx != 0) as Cost + (gy != 0) as Cost;
        let heading_needed = heading.is_some_and(|h| {
            let (dx, dy) = DIRECTIONS[h as usize];
            (dx as i64 * gx > 0) || (dy as i64 * gy > 0)
        });
        return needed - (heading.is_none() || heading_needed) as Cost;
    }
    let straight = match heading {
        None => (0..8).any(on_ray),
        Some(h) => on_ray(h as usize),
    };
    (!straight) as Cost
}
