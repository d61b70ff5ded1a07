//! Checks a path that any algorithm returned, independently of the algorithm: every step is a legal move
//! (a grid move allowed by the movement and its corner rule), or, for an any-angle path, a segment whose
//! supercover line touches only passable cells (see `smooth`). Used by `astar check` and the tests, so
//! that a wrong path is caught whichever engine produced it.

use crate::cost::{Cost, DIAGONAL_PER_TENTH, STRAIGHT_PER_TENTH};
use crate::grid::Grid;
use crate::movement::Movement;
use crate::smooth;

/// The cost of `path` (cell ids, start first) as a chain of grid moves under `movement`, each turn
/// charged the map's turn penalty ([`crate::penalty::turns_along`]), or a sentence naming the first
/// illegal step. An empty or one-cell path costs 0.
pub fn grid_path_cost(grid: &Grid, movement: Movement, path: &[u32]) -> Result<Cost, String> {
    let turn = crate::penalty::turn_cost(grid.penalties().turn_tenths);
    let mut total = turn * crate::penalty::turns_along(grid.width(), path);
    for pair in path.windows(2) {
        let mut step = None;
        movement.for_each_neighbour(grid, pair[0], |next, cost| {
            if next == pair[1] {
                step = Some(cost);
            }
        });
        total += step.ok_or_else(|| illegal(grid, pair[0], pair[1], "is not a legal move"))?;
    }
    Ok(total)
}

/// The length of the grid path `path` under `movement`, as [`grid_path_cost`] checks and prices it but
/// exactly: its orthogonal and diagonal tenths apart ([`crate::cost::exact_length`]), not read back from
/// the fixed point, whose diagonal is a little long.
pub fn grid_path_length(grid: &Grid, movement: Movement, path: &[u32]) -> Result<f64, String> {
    let turns = crate::penalty::turns_along(grid.width(), path);
    let mut straight = grid.penalties().turn_tenths as u64 * turns;
    let mut diagonal = 0;
    for pair in path.windows(2) {
        let step = grid_path_cost(grid, movement, pair)?;
        // A step's cost is its tenths times one of the two prices; no count of tenths a step can have
        // (below 2^15) makes a diagonal price a multiple of the orthogonal one.
        match step % STRAIGHT_PER_TENTH {
            0 => straight += step / STRAIGHT_PER_TENTH,
            _ => diagonal += step / DIAGONAL_PER_TENTH,
        }
    }
    Ok(crate::cost::exact_length(straight, diagonal))
}

/// Checks that every segment of an any-angle `path` is a legal grid move under `movement` or has line of
/// sight (no wall touched, no corner squeezed); returns the path's geometric length in steps.
pub fn any_angle_length(grid: &Grid, movement: Movement, path: &[u32]) -> Result<f64, String> {
    for pair in path.windows(2) {
        let is_move = grid_path_cost(grid, movement, pair).is_ok();
        if !is_move && !smooth::line_of_sight(grid, pair[0], pair[1], u16::MAX) {
            return Err(illegal(
                grid,
                pair[0],
                pair[1],
                "crosses a wall or squeezes past a corner",
            ));
        }
    }
    Ok(smooth::polyline_length(grid, path))
}

fn illegal(grid: &Grid, from: u32, to: u32, why: &str) -> String {
    let ((x0, y0), (x1, y1)) = (grid.xy(from), grid.xy(to));
    format!("the step ({x0}, {y0}) -> ({x1}, {y1}) {why}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::{COST_SCALE, DIAGONAL_STEP};
    use crate::movement::CornerRule;

    #[test]
    fn grid_moves_are_costed_and_illegal_ones_named() {
        let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
        let eight = Movement::Eight(CornerRule::NoCut);
        assert_eq!(grid_path_cost(&grid, eight, &[0, 1, 2]), Ok(2 * COST_SCALE));
        let corner = grid_path_cost(&grid, eight, &[1, 5]).unwrap_err();
        assert_eq!(corner, "the step (1, 0) -> (2, 1) is not a legal move");
        let cut = Movement::Eight(CornerRule::AlwaysCut);
        assert_eq!(grid_path_cost(&grid, cut, &[1, 5]), Ok(DIAGONAL_STEP));
    }

    #[test]
    fn any_angle_segments_need_line_of_sight() {
        let grid = Grid::from_ascii("....\n.#..\n....").unwrap();
        let eight = Movement::Eight(CornerRule::NoCut);
        assert!(any_angle_length(&grid, eight, &[0, 3]).is_ok());
        let err = any_angle_length(&grid, eight, &[0, 11]).unwrap_err();
        assert!(err.contains("crosses a wall"), "{err}");
    }
}
