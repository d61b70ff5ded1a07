//! HPA*'s path smoothing: the refined path bends where it passes the entrances it was routed through.
//! Three passes, each giving a path of legal moves (every step of a walk is checked with the map's
//! movement rules, and costs are real costs) never dearer than the one it started from:
//! 1. Pulling tight ([`pull`]): from a cell of the path, a later cell (at most `4 · reach` cells further
//!    along) that an *octile-shaped* walk reaches, all diagonal steps then all straight ones or the
//!    other way round, for no more than the stretch it replaces, is joined by that walk. On uniform
//!    terrain such a walk is a cheapest path between its ends, so a stretch in open space becomes
//!    optimal; this pass took the mean cost over the optimum from 1.3% to 0.2% on the 1024 × 1024
//!    rooms map of `astar bench hpa` (README, "HPA*").
//! 2. Loops: a cell that the path visits twice (possible, since the abstract path is optimal on the
//!    abstract graph only, and a walk may cross the path) has the stretch between its two visits cut out.
//! 3. The paper's smoothing (Botea, Müller and Schaeffer 2004, section 4): from each cell of the path, a
//!    straight walk in each direction that meets the path further on, for less than the stretch of
//!    path it skips, replaces that stretch. Walks are at most `reach` cells long, which bounds the work
//!    at O(path length · 8 · reach).

use crate::cost::{Cost, COST_SCALE, DIAGONAL_STEP};
use crate::grid::Grid;
use crate::movement::{CornerRule, Movement, DIRECTIONS};

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

/// Appends to `out` (when given) the cells after `a` of the octile-shaped walk from `a` to `b`: the
/// diagonal steps first then the straight ones (`diagonal_first`), or the other way round; returns its
/// cost, or `None` when a move of it is not legal.
fn octile_walk(
    grid: &Grid,
    movement: Movement,
    a: u32,
    b: u32,
    diagonal_first: bool,
    mut out: Option<&mut Vec<u32>>,
) -> Option<Cost> {
    let width = grid.width() as i64;
    let (ax, ay) = ((a as i64) % width, (a as i64) / width);
    let (bx, by) = ((b as i64) % width, (b as i64) / width);
    let (ddx, ddy) = (bx - ax, by - ay);
    let (sx, sy) = (ddx.signum(), ddy.signum());
    let diagonals = ddx.abs().min(ddy.abs());
    let straights = ddx.abs().max(ddy.abs()) - diagonals;
    if diagonals > 0 && movement == Movement::Four {
        return None;
    }
    let straight = if ddx.abs() > ddy.abs() {
        (sx, 0)
    } else {
        (0, sy)
    };
    let legs = if diagonal_first {
        [((sx, sy), diagonals), (straight, straights)]
    } else {
        [(straight, straights), ((sx, sy), diagonals)]
    };
    let mut at = a as i64;
    let mut total: Cost = 0;
    for ((dx, dy), count) in legs {
        for _ in 0..count {
            let next = at + dy * width + dx;
            total += move_cost(grid, movement, at as u32, next as u32)?;
            at = next;
            if let Some(out) = out.as_deref_mut() {
                out.push(at as u32);
            }
        }
    }
    Some(total)
}

/// How far [`pull`] looks ahead, in cluster sizes of path cells.
const PULL_WINDOW: usize = 4;

/// How many cells in a row [`pull`] may fail to reach before it stops looking further.
const PULL_FAILURES: usize = 32;

/// `path` pulled tight: from the first cell, the path's cells up to `window` further along are tried in
/// order, each by the two octile-shaped walks ([`octile_walk`]); the farthest one that a walk reaches
/// for no more than the stretch of path it replaces is joined by that walk and becomes the next cell to
/// pull from (or, when none is, the next cell of the path). The look-ahead stops after
/// [`PULL_FAILURES`] cells in a row fail: past a wall the path rarely comes back into view, and each
/// try costs a walk.
fn pull(grid: &Grid, movement: Movement, path: &[u32], window: usize) -> Vec<u32> {
    if path.len() <= 2 {
        return path.to_vec();
    }
    let mut prefix = vec![0 as Cost; path.len()];
    for i in 1..path.len() {
        let step = move_cost(grid, movement, path[i - 1], path[i]).unwrap_or(Cost::MAX / 4);
        prefix[i] = prefix[i - 1] + step;
    }
    let mut out = vec![path[0]];
    let mut i = 0;
    while i + 1 < path.len() {
        let last = (i + window).min(path.len() - 1);
        let mut chosen = None;
        let mut failures = 0;
        for j in i + 2..=last {
            let stretch = prefix[j] - prefix[i];
            let shape = [true, false].into_iter().find(|&diagonal_first| {
                octile_walk(grid, movement, path[i], path[j], diagonal_first, None)
                    .is_some_and(|cost| cost <= stretch)
            });
            match shape {
                Some(diagonal_first) => {
                    chosen = Some((j, diagonal_first));
                    failures = 0;
                }
                None if failures >= PULL_FAILURES => break,
                None => failures += 1,
            }
        }
        match chosen {
            Some((j, diagonal_first)) => {
                octile_walk(
                    grid,
                    movement,
                    path[i],
                    path[j],
                    diagonal_first,
                    Some(&mut out),
                );
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

/// The smoothing's buffers, kept between searches: where each cell is on the path being smoothed.
#[derive(Clone, Debug, Default)]
pub struct Smoother {
    /// Indexed by cell: its index on the path, valid when `stamp_by_cell` holds `generation`.
    index_by_cell: Vec<u32>,
    /// Indexed by cell: see `index_by_cell`.
    stamp_by_cell: Vec<u32>,
    generation: u32,
}

impl Smoother {
    /// Forgets every position (O(1) but on the first use and once in 2³² uses).
    fn reset(&mut self, cells: usize) {
        if self.stamp_by_cell.len() != cells || self.generation == u32::MAX {
            self.index_by_cell = vec![0; cells];
            self.stamp_by_cell = vec![0; cells];
            self.generation = 0;
        }
        self.generation += 1;
    }

    #[inline]
    fn position(&self, cell: u32) -> Option<usize> {
        let i = cell as usize;
        (self.stamp_by_cell[i] == self.generation).then(|| self.index_by_cell[i] as usize)
    }

    #[inline]
    fn place(&mut self, cell: u32, index: usize) {
        self.stamp_by_cell[cell as usize] = self.generation;
        self.index_by_cell[cell as usize] = index as u32;
    }

    /// `path` with every stretch between two visits of a cell cut out.
    fn without_loops(&mut self, cells: usize, path: &[u32]) -> Vec<u32> {
        self.reset(cells);
        let mut out: Vec<u32> = Vec::with_capacity(path.len());
        for &cell in path {
            if let Some(at) = self.position(cell) {
                for dropped in out.drain(at + 1..) {
                    self.stamp_by_cell[dropped as usize] = 0;
                }
                continue;
            }
            self.place(cell, out.len());
            out.push(cell);
        }
        out
    }

    /// The smoothed path (see the module doc). `path` must be a path of legal moves on `grid`.
    pub fn shortcut(
        &mut self,
        grid: &Grid,
        movement: Movement,
        path: &[u32],
        reach: u32,
    ) -> Vec<u32> {
        let pulled = pull(grid, movement, path, PULL_WINDOW * reach as usize);
        let path = self.without_loops(grid.len(), &pulled);
        if path.len() <= 2 {
            return path;
        }
        // `without_loops` left every cell of `path` at its index.
        // Cost from the first cell to each cell of the path.
        let mut prefix = vec![0 as Cost; path.len()];
        for i in 1..path.len() {
            let step = move_cost(grid, movement, path[i - 1], path[i]).unwrap_or(Cost::MAX / 4);
            prefix[i] = prefix[i - 1] + step;
        }
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
                    if let Some(j) = self.position(next) {
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
}

#[cfg(test)]
mod same_as_before;

#[cfg(test)]
mod tests {
    use super::*;

    fn shortcut(grid: &Grid, movement: Movement, path: &[u32], reach: u32) -> Vec<u32> {
        Smoother::default().shortcut(grid, movement, path, reach)
    }

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
        let without = Smoother::default().without_loops(grid.len(), &looped);
        assert_eq!(without, cells(&[(0, 0), (0, 1)]));
    }

    #[test]
    fn a_walk_never_crosses_a_wall() {
        let grid = Grid::from_ascii("...\n.#.\n...").unwrap();
        let cells =
            |xy: &[(u32, u32)]| xy.iter().map(|&(x, y)| grid.cell(x, y)).collect::<Vec<_>>();
        let around = cells(&[(0, 1), (0, 0), (1, 0), (2, 0), (2, 1)]);
        assert_eq!(shortcut(&grid, Movement::Four, &around, 8), around);
    }

    fn cost(grid: &Grid, movement: Movement, path: &[u32]) -> Cost {
        path.windows(2)
            .map(|pair| move_cost(grid, movement, pair[0], pair[1]).expect("a legal move"))
            .sum()
    }

    #[test]
    fn pulling_turns_a_staircase_in_the_open_into_a_cheapest_path_and_keeps_clear_of_corners() {
        let grid = Grid::from_ascii(
            "........\n\
             ........\n\
             ........\n\
             ........\n\
             ........\n\
             ........",
        )
        .unwrap();
        let cells =
            |xy: &[(u32, u32)]| xy.iter().map(|&(x, y)| grid.cell(x, y)).collect::<Vec<_>>();
        // Right, down, right, down...: ten orthogonal moves from (0,0) to (5,5).
        let staircase: Vec<(u32, u32)> = (0..10u32)
            .map(|i| (i.div_ceil(2), i / 2))
            .chain([(5, 5)])
            .collect();
        let staircase = cells(&staircase);
        let movement = Movement::Eight(CornerRule::NoCut);
        let pulled = pull(&grid, movement, &staircase, 64);
        assert_eq!(pulled.first(), staircase.first());
        assert_eq!(pulled.last(), staircase.last());
        assert_eq!(cost(&grid, movement, &pulled), 5 * DIAGONAL_STEP);
        // A wall cell on the diagonal: the walk goes around it, the path stays legal and no dearer.
        let mut walled = grid.clone();
        walled.set_terrain(walled.cell(2, 3), crate::grid::Terrain::Wall);
        let around = cells(&[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (3, 1),
            (3, 2),
            (3, 3),
            (3, 4),
            (4, 5),
        ]);
        let pulled = pull(&walled, movement, &around, 64);
        assert_eq!(pulled.last(), around.last());
        assert!(cost(&walled, movement, &pulled) <= cost(&walled, movement, &around));
        assert!(!pulled.contains(&walled.cell(2, 3)));
    }
}
