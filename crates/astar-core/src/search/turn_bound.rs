//! The turn penalty's part of a heuristic: the fewest turns any path from a cell, entered with a heading,
//! can still make to the goal, whatever the walls ("The heuristic" in `turns.rs`'s module doc says why it
//! is admissible and consistent); and, for bidirectional A*'s backward side, the fewest a path from the
//! start can have made to enter a cell with a heading. Used by the searches over cells and headings, whose
//! states are layered (`state = slot · layers + layer`: a layer a move, and the last, `layers − 1`, the
//! start's, with no heading yet): the turn search (`turns.rs`), ARA* (`ara.rs`) and bidirectional A*
//! (`bidirectional.rs`), through [`turns_ahead_of_state`] and [`turns_behind_of_state`].

use crate::cost::Cost;
use crate::movement::DIRECTIONS;

/// [`fewest_turns_ahead`] for the layered state at `cell` in `layer` (of `layers`: 5 with 4 moves, 9
/// with 8), heading for `goal`.
pub fn turns_ahead_of_state(layers: u32, cell: (u32, u32), goal: (u32, u32), layer: u8) -> Cost {
    fewest_turns_ahead(layers == 5, delta(goal, cell), heading(layers, layer))
}

/// [`fewest_turns_behind`] for the layered state at `cell` in `layer` (of `layers`), reached from `start`.
pub fn turns_behind_of_state(layers: u32, cell: (u32, u32), start: (u32, u32), layer: u8) -> Cost {
    fewest_turns_behind(layers == 5, delta(cell, start), heading(layers, layer))
}

/// The heading of a state in `layer` of `layers`: none in the start's layer, the last.
fn heading(layers: u32, layer: u8) -> Option<u8> {
    (layer as u32 != layers - 1).then_some(layer)
}

/// `to − from` in columns and rows.
fn delta(to: (u32, u32), from: (u32, u32)) -> (i64, i64) {
    (to.0 as i64 - from.0 as i64, to.1 as i64 - from.1 as i64)
}

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

/// The fewest turns a path from the start (which has no heading) can have made to enter a cell `(dx, dy)`
/// away from it (cell − start) with `heading`, with 4 moves (`four`) or 8; `None` is the start's own
/// state (no move yet: 0). A lower bound, whatever the walls:
/// - 8 moves: 0 when the cell lies on the ray of the heading from the start (the path can have been one
///   straight line), else 1;
/// - 4 moves: a path enters each direction it uses and turns at each change, but not at its first move,
///   so it turns at least once less than the directions it uses: one per axis the cell is off the start
///   on, and the heading itself (counted once when it is one of them).
pub fn fewest_turns_behind(four: bool, (dx, dy): (i64, i64), heading: Option<u8>) -> Cost {
    let Some(h) = heading else {
        return 0;
    };
    let (hx, hy) = DIRECTIONS[h as usize];
    if four {
        let needed = (dx != 0) as Cost + (dy != 0) as Cost;
        let heading_needed = (hx as i64 * dx > 0) || (hy as i64 * dy > 0);
        return match heading_needed {
            true => needed - 1,
            false => needed,
        };
    }
    let k = dx.abs().max(dy.abs());
    let on_ray = k > 0 && (dx, dy) == (k * hx as i64, k * hy as i64);
    (!on_ray) as Cost
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// The exact fewest turns to enter each cell of an open `side` × `side` map with each heading, from
    /// `start` (no heading), by a 0-1 breadth-first search over (cell, heading): index `cell · 8 + h`.
    fn exact_turns_from(side: i64, start: (i64, i64), moves: usize) -> Vec<Cost> {
        let mut best = vec![Cost::MAX; (side * side * 8) as usize];
        let mut queue = VecDeque::new();
        let at = |(x, y): (i64, i64), h: usize| ((y * side + x) * 8) as usize + h;
        for (h, &(dx, dy)) in DIRECTIONS[..moves].iter().enumerate() {
            let next = (start.0 + dx as i64, start.1 + dy as i64);
            if (0..side).contains(&next.0) && (0..side).contains(&next.1) {
                best[at(next, h)] = 0;
                queue.push_back((next, h));
            }
        }
        while let Some((cell, h)) = queue.pop_front() {
            let turns = best[at(cell, h)];
            for (m, &(dx, dy)) in DIRECTIONS[..moves].iter().enumerate() {
                let next = (cell.0 + dx as i64, cell.1 + dy as i64);
                if !(0..side).contains(&next.0) || !(0..side).contains(&next.1) {
                    continue;
                }
                let cost = turns + Cost::from(m != h);
                if cost < best[at(next, m)] {
                    best[at(next, m)] = cost;
                    match m == h {
                        true => queue.push_front((next, m)),
                        false => queue.push_back((next, m)),
                    }
                }
            }
        }
        best
    }

    #[test]
    fn the_turns_behind_never_exceed_the_fewest_on_an_open_map_and_are_mostly_exact() {
        let side = 9;
        for moves in [4, 8] {
            let four = moves == 4;
            let (mut tight_behind, mut states) = (0, 0);
            for start in [(4, 4), (0, 0), (2, 7)] {
                let exact = exact_turns_from(side, start, moves);
                for y in 0..side {
                    for x in 0..side {
                        for h in 0..moves {
                            let truth = exact[((y * side + x) * 8) as usize + h];
                            if truth == Cost::MAX {
                                continue;
                            }
                            states += 1;
                            // Behind: from the start to (x, y) entered with h.
                            let behind = fewest_turns_behind(
                                four,
                                (x - start.0, y - start.1),
                                Some(h as u8),
                            );
                            assert!(
                                behind <= truth,
                                "{moves} moves, behind ({x}, {y}) h {h}: {behind} > {truth}"
                            );
                            tight_behind += usize::from(behind == truth);
                        }
                    }
                }
            }
            assert!(
                tight_behind * 2 > states,
                "{moves} moves: only {tight_behind} of {states} tight"
            );
        }
    }
}
