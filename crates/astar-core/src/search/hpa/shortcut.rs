//! HPA*'s path smoothing (Botea, Müller and Schaeffer 2004, section 4): the refined path bends where it
//! passes the entrances it was routed through; from each cell of the path, a straight walk in each
//! direction that meets the path further on, for less than the stretch of path it skips, replaces that
//! stretch. The result is still a path of legal moves (every step of a walk is checked with the map's
//! movement rules, and costs are real costs), never dearer than the path it started from.
//!
//! Loops first: a cell that the refined path visits twice (possible, since the abstract path is optimal
//! on the abstract graph only) has the stretch between its two visits cut out. Walks are at most
//! `reach` cells long, which bounds the work at O(path length · 8 · reach).

use crate::cost::{Cost, COST_SCALE, DIAGONAL_STEP};
use crate::grid::Grid;
use crate::movement::{CornerRule, Movement, DIRECTIONS};
use std::collections::HashMap;

/// The cost of the move from `a` to its neighbour `b`, if the movement allows it (the rules of
/// `movement.rs`, written out: this runs for every cell of every walk).
fn move_cost(grid: &Grid, movement: Movement, a: u32, b: u32) -> Option<Cost> {
    let enter = grid.cost(b) as Cost;
    if enter == 0 {
        return None;
    }
    let width = grid.width();
    let ((ax, ay), (bx, by)) = ((a % width, a / width), (b % width, b / width));
    if ax == bx || ay == by {
        return Some(enter * COST_SCALE);
    }
    let side_a = grid.is_passable(ay * width + bx);
    let side_b = grid.is_passable(by * width + ax);
    let allowed = match movement {
        Movement::Four => false,
        Movement::Eight(CornerRule::NoCut) => side_a && side_b,
        Movement::Eight(CornerRule::CutIfOneFree) => side_a || side_b,
        Movement::Eight(CornerRule::AlwaysCut) => true,
    };
    allowed.then_some(enter * DIAGONAL_STEP)
}

/// `path` with every stretch between two visits of a cell cut out.
fn without_loops(path: &[u32]) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::with_capacity(path.len());
    let mut position: HashMap<u32, usize> = HashMap::with_capacity(path.len());
    for &cell in path {
        if let Some(&at) = position.get(&cell) {
            for dropped in out.drain(at + 1..) {
                position.remove(&dropped);
            }
            continue;
        }
        position.insert(cell, out.len());
        out.push(cell);
    }
    out
}

/// The smoothed path (see the module doc). `path` must be a path of legal moves.
pub fn shortcut(grid: &Grid, movement: Movement, path: &[u32], reach: u32) -> Vec<u32> {
    let path = without_loops(path);
    if path.len() <= 2 {
        return path;
    }
    // Cost from the first cell to each cell of the path.
    let mut prefix = vec![0 as Cost; path.len()];
    for i in 1..path.len() {
        let step = move_cost(grid, movement, path[i - 1], path[i]).unwrap_or(Cost::MAX / 4);
        prefix[i] = prefix[i - 1] + step;
    }
    let position: HashMap<u32, usize> = path.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let (width, height) = (grid.width() as i64, grid.height() as i64);
    let mut out = vec![path[0]];
    let mut i = 0;
    while i + 1 < path.len() {
        // The walk that saves most: (saving, end index, direction, steps).
        let mut best: Option<(Cost, usize, usize, u32)> = None;
        let (x0, y0) = grid.xy(path[i]);
        for (dir, &(dx, dy)) in DIRECTIONS[..movement.direction_count()].iter().enumerate() {
            let (mut x, mut y) = (x0 as i64, y0 as i64);
            let mut cell = path[i];
            let mut walked: Cost = 0;
            for steps in 1..=reach {
                let (nx, ny) = (x + dx as i64, y + dy as i64);
                if nx < 0 || ny < 0 || nx >= width || ny >= height {
                    break;
                }
                let next = (ny * width + nx) as u32;
                let Some(step) = move_cost(grid, movement, cell, next) else {
                    break;
                };
                walked += step;
                (x, y, cell) = (nx, ny, next);
                if let Some(&j) = position.get(&next) {
                    if j > i + 1 && prefix[j] - prefix[i] > walked {
                        let saving = prefix[j] - prefix[i] - walked;
                        if best.is_none_or(|(s, ..)| saving > s) {
                            best = Some((saving, j, dir, steps));
                        }
                    }
                }
            }
        }
        match best {
            Some((_, j, dir, steps)) => {
                let (dx, dy) = DIRECTIONS[dir];
                for s in 1..=steps as i64 {
                    let (x, y) = (x0 as i64 + dx as i64 * s, y0 as i64 + dy as i64 * s);
                    out.push((y * width + x) as u32);
                }
                i = j;
            }
            None => {
                i += 1;
                out.push(path[i]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_detour_on_an_open_map_is_straightened_and_loops_are_cut() {
        let grid = Grid::from_ascii(".....\n.....\n.....").unwrap();
        let cells =
            |xy: &[(u32, u32)]| xy.iter().map(|&(x, y)| grid.cell(x, y)).collect::<Vec<_>>();
        // (0,1) → up → along the top → down to (4,1).
        let detour = cells(&[(0, 1), (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1)]);
        let movement = Movement::Eight(CornerRule::NoCut);
        let smooth = shortcut(&grid, movement, &detour, 8);
        assert_eq!(smooth, cells(&[(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)]));
        let looped = cells(&[(0, 0), (1, 0), (1, 1), (0, 1), (0, 0), (0, 1)]);
        assert_eq!(without_loops(&looped), cells(&[(0, 0), (0, 1)]));
    }

    #[test]
    fn a_walk_never_crosses_a_wall() {
        let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
        let cells =
            |xy: &[(u32, u32)]| xy.iter().map(|&(x, y)| grid.cell(x, y)).collect::<Vec<_>>();
        let around = cells(&[(0, 1), (0, 0), (1, 0), (2, 0), (2, 1)]);
        assert_eq!(shortcut(&grid, Movement::Four, &around, 8), around);
    }
}
