//! Theta*: any-angle paths through cell centres (Daniel, Nash, Koenig and Felner 2010, "Theta*:
//! Any-Angle Path Planning on Grids", JAIR 39), the basic version.
//!
//! This module owns [`ThetaStar`], a [`Stepper`] that searches like A* over the grid's moves but lets a
//! cell's parent be any cell it can see, so the path is a polyline between cell centres rather than a
//! chain of grid moves. Expanding `s` and generating a neighbour `s'` (the neighbours follow the
//! movement and its corner rule), it tries:
//! - path 1: if `parent(s)` has line of sight to `s'`, then `s'` hangs straight off `parent(s)`, with
//!   g = g(parent(s)) + |parent(s) s'|;
//! - path 2: otherwise `s'` hangs off `s` by the grid move, with g = g(s) + the move's cost.
//!
//! ```text
//!   p . . .     expanding s, whose parent is p: p sees s', so path 1 gives s' the parent p
//!   . . s s'    (one segment p -> s') instead of s (p -> s -> s')
//! ```
//!
//! Line of sight is [`crate::smooth::line_of_sight`]: the segment's supercover touches no wall and,
//! where it passes exactly through a grid corner, checks both cells beside the corner, so a segment
//! never squeezes between two diagonal walls. A path-2 segment is a grid move, legal under the corner
//! rule (so under `CutIfOneFree` or `AlwaysCut` a path may pass a corner that no longer segment could).
//!
//! Costs: Theta* runs only on maps whose passable cells all cost the same `c` (the registry refuses
//! terrain of several costs: a segment's cost would have to weigh every cell it crosses). A segment
//! between centres `(dx, dy)` apart costs `c · ⌈√(dx² + dy²) · 65536⌉` in the fixed point of
//! [`crate::cost`] (`c` in tenths), computed with integer square roots so native and wasm agree.
//! Rounding *up* makes a segment that is one grid move cost exactly that move (65536 · c orthogonally,
//! 92682 · c = `DIAGONAL_PER_TENTH` · c diagonally), so path 2 and path 1 price a single move alike.
//!
//! Priorities: f = g + h with h = `c · ⌊√(dx² + dy²) · 65536⌋` to the goal (the Euclidean distance,
//! rounded *down*), then lower h, then first in. Rounded this way h is consistent for straight-line
//! costs: h(s) ≤ cost(s, s') + h(s') for any two cells, because ⌈a⌉ + ⌊b⌋ ≥ ⌊a + b⌋. That is why
//! Theta*'s path is never longer than the grid optimum: along the grid-optimal path to a cell, some
//! open cell always has g no more than its grid distance (path 1 is never dearer than path 2, by the
//! triangle inequality), so a closed cell's g never exceeds its grid distance. Theta* is not optimal
//! among any-angle paths (parents are only cells it saw on the way).
//!
//! Data layout: flat arrays indexed by cell id (`y * width + x`): `g_by_cell` (the best g found),
//! `parent_by_cell` (the start is its own parent) and `stamp_by_cell`, as in the A* engine: a stamp of
//! `generation` means open, `generation + 1` closed, anything else not reached in this search, so that
//! beginning a search is O(1) unless the map size changed. 16 bytes a cell, plus the trace's 12 (it
//! keeps parents so that the page can draw the parent segments).
//!
//! Invariants: an open cell's parent is closed (or is the start), and sees it or is one legal move
//! away; g(s') = g(parent(s')) + cost(parent(s'), s') for every reached cell; a closed cell is never
//! reopened (Theta* closes a cell for good, as in the paper); the open list uses lazy deletion, and an
//! entry popped for a closed cell is exactly a stale one (a newer entry for the same cell has a lower
//! g and the same h, so it comes out first).

use super::stepper::{report_accessors, Report, Request};
use super::stepper::{Detail, Stepper};
use super::{Outcome, SearchError, SearchParams, Step};
use crate::cost::{Cost, STRAIGHT_PER_TENTH};
use crate::grid::Grid;
use crate::smooth::line_of_sight;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One open-list entry: (f, h, insertion number, cell); the smallest comes out first.
type Entry = Reverse<(Cost, Cost, u32, u32)>;

/// An incremental Theta* search that keeps its buffers between runs (see the module doc).
///
/// The grid must not change between [`Stepper::begin`] and the end of the search.
///
/// # Example
/// ```
/// use astar_core::search::{Stepper, ThetaStar};
/// use astar_core::{Algorithm, Grid, Outcome, SearchParams};
/// let grid = Grid::from_ascii("......\n......\n......").unwrap();
/// let params = SearchParams { algorithm: Algorithm::ThetaStar, ..SearchParams::default() };
/// let mut theta = ThetaStar::new();
/// let result = theta.solve(&grid, &params, grid.cell(0, 0), grid.cell(5, 2)).unwrap();
/// assert_eq!(result.outcome, Outcome::Found);
/// assert_eq!(result.path, vec![grid.cell(0, 0), grid.cell(5, 2)]); // one straight segment
/// ```
#[derive(Clone, Debug, Default)]
pub struct ThetaStar {
    /// Indexed by cell id: the best g found; valid while the cell's stamp says reached.
    g_by_cell: Vec<Cost>,
    /// Indexed by cell id: the parent (the start is its own); valid while the stamp says reached.
    parent_by_cell: Vec<u32>,
    /// Indexed by cell id: `generation` = open, `generation + 1` = closed, else not reached.
    stamp_by_cell: Vec<u32>,
    /// Even, and at least 2, once a search has begun.
    generation: u32,
    open: BinaryHeap<Entry>,
    open_count: u64,
    next_seq: u32,
    params: SearchParams,
    width: u32,
    start: u32,
    goal: u32,
    goal_xy: (u32, u32),
    /// The one terrain cost of the map's passable cells.
    unit: Cost,
    /// What h is multiplied by ([`SearchParams::h_scale_tenths`]): `unit` unless the heuristic is unscaled.
    h_unit: Cost,
    /// The closed cell closest to the goal so far (by h), for a partial path.
    closest: (Cost, u32),
    /// The outcome, counters, path, last expanded cell and trace (see `Report`).
    report: Report,
    /// Line-of-sight tests done.
    los_checks: u64,
}

/// The Euclidean length of `(dx, dy)` in fixed-point units at cost 0.1 (one tenth), rounded up (`up`) or
/// down.
/// Exact: the integer square root of `(dx² + dy²) · 2³²` (below 2⁵⁵ for maps up to 2048 cells a side).
/// The float square root lands within one of it and integer tests correct it, so every platform gets
/// the same answer; `u64::isqrt` gives it too but took a fifth of Theta*'s time.
fn euclidean_units(dx: u32, dy: u32, up: bool) -> Cost {
    debug_assert_eq!(STRAIGHT_PER_TENTH, 1 << 16);
    let (dx, dy) = (dx as u64, dy as u64);
    let squared = (dx * dx + dy * dy) << 32;
    let mut root = (squared as f64).sqrt() as u64;
    while root * root > squared {
        root -= 1;
    }
    while (root + 1) * (root + 1) <= squared {
        root += 1;
    }
    root + (up && root * root != squared) as u64
}

impl ThetaStar {
    /// An empty engine; buffers grow on the first search.
    pub fn new() -> ThetaStar {
        ThetaStar::default()
    }

    /// The fixed-point cost of the straight segment between the centres of cells `a` and `b`.
    fn segment_cost(&self, a: u32, b: u32) -> Cost {
        let (ax, ay) = (a % self.width, a / self.width);
        let (bx, by) = (b % self.width, b / self.width);
        self.unit * euclidean_units(ax.abs_diff(bx), ay.abs_diff(by), true)
    }

    /// The estimate from `cell` to the goal (see the module doc).
    fn estimate(&self, cell: u32) -> Cost {
        let (x, y) = (cell % self.width, cell / self.width);
        let (dx, dy) = (x.abs_diff(self.goal_xy.0), y.abs_diff(self.goal_xy.1));
        self.h_unit * euclidean_units(dx, dy, false)
    }

    fn is_reached(&self, cell: u32) -> bool {
        self.generation != 0
            && (cell as usize) < self.stamp_by_cell.len()
            && self.stamp_by_cell[cell as usize].wrapping_sub(self.generation) < 2
    }

    /// Sizes the per-cell arrays for `cells` cells, clearing them only when the size changes or the
    /// stamps wrap around.
    fn prepare_buffers(&mut self, cells: usize) {
        if self.stamp_by_cell.len() != cells || self.generation >= u32::MAX - 3 {
            self.g_by_cell = vec![0; cells];
            self.parent_by_cell = vec![0; cells];
            self.stamp_by_cell = vec![0; cells];
            self.generation = 0;
        }
        self.generation += 2;
        if let Some(trace) = &mut self.report.trace {
            trace.reset(cells, true);
        }
    }

    /// Gives `cell` the cost `g` through `parent` and puts it on the open list.
    fn generate(&mut self, cell: u32, g: Cost, parent: u32) {
        let index = cell as usize;
        if self.stamp_by_cell[index] != self.generation {
            self.stamp_by_cell[index] = self.generation;
            self.open_count += 1;
            self.report.counters.open_peak = self.report.counters.open_peak.max(self.open_count);
        }
        self.g_by_cell[index] = g;
        self.parent_by_cell[index] = parent;
        let h = self.estimate(cell);
        self.open.push(Reverse((g + h, h, self.next_seq, cell)));
        self.next_seq = self.next_seq.wrapping_add(1);
        self.report.counters.generated += 1;
        if let Some(trace) = &mut self.report.trace {
            if parent != cell {
                trace.set_parent(cell, parent);
            }
            trace.open(cell, self.report.counters.expanded);
        }
    }

    /// Closes `cell` and updates its neighbours (path 1 or path 2, see the module doc).
    fn expand(&mut self, grid: &Grid, cell: u32) {
        let index = cell as usize;
        self.stamp_by_cell[index] = self.generation + 1;
        self.open_count -= 1;
        self.report.counters.expanded += 1;
        self.report.last_expanded = Some(cell);
        if let Some(trace) = &mut self.report.trace {
            trace.close(cell, self.report.counters.expanded);
        }
        if cell == self.goal {
            self.finish(Outcome::Found);
            return;
        }
        let h = self.estimate(cell);
        if h < self.closest.0 {
            self.closest = (h, cell);
        }
        let (g, parent) = (self.g_by_cell[index], self.parent_by_cell[index]);
        let g_parent = self.g_by_cell[parent as usize];
        let mut moves = [(0u32, 0 as Cost); 8];
        let mut count = 0;
        self.params
            .movement
            .for_each_neighbour(grid, cell, |next, step| {
                moves[count] = (next, step);
                count += 1;
            });
        for &(next, step) in &moves[..count] {
            let stamp = self.stamp_by_cell[next as usize];
            if stamp == self.generation + 1 {
                continue;
            }
            let is_open = stamp == self.generation;
            // The start is its own parent: its path 1 would be its path 2 without the corner rule.
            let (from, next_g) = if parent == cell {
                (cell, g + step)
            } else {
                // Path 1 is never dearer than path 2 (triangle inequality, and rounding up keeps it),
                // so when path 1 cannot improve an open cell neither can path 2: no sight test needed.
                let through_parent = g_parent + self.segment_cost(parent, next);
                if is_open && through_parent >= self.g_by_cell[next as usize] {
                    continue;
                }
                self.los_checks += 1;
                match line_of_sight(grid, parent, next, u16::MAX) {
                    true => (parent, through_parent),
                    false => (cell, g + step),
                }
            };
            if is_open && next_g >= self.g_by_cell[next as usize] {
                continue;
            }
            self.generate(next, next_g, from);
        }
    }

    fn finish(&mut self, outcome: Outcome) -> Outcome {
        self.report.outcome = Some(outcome);
        let end = match outcome {
            Outcome::Found => Some(self.goal),
            Outcome::LimitReached => Some(self.closest.1),
            Outcome::Unreachable => None,
        };
        self.report.path.clear();
        if let Some(mut cell) = end {
            loop {
                self.report.path.push(cell);
                let parent = self.parent_by_cell[cell as usize];
                if parent == cell {
                    break;
                }
                cell = parent;
            }
            self.report.path.reverse();
        }
        self.report.path_cost = self
            .report
            .path
            .last()
            .map_or(0, |&cell| self.g_by_cell[cell as usize]);
        outcome
    }
}

impl Stepper for ThetaStar {
    report_accessors!();

    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError> {
        let (params, start, goal) = (&request.params, request.start, request.goal);
        self.prepare_buffers(grid.len());
        self.params = *params;
        self.width = grid.width();
        self.start = start;
        self.goal = goal;
        self.goal_xy = grid.xy(goal);
        self.unit = grid.cheapest_tenths() as Cost;
        self.h_unit = params.h_scale_tenths(grid) as Cost;
        self.open.clear();
        self.open_count = 0;
        self.next_seq = 0;
        self.report.clear();
        self.los_checks = 0;
        self.closest = (Cost::MAX, start);
        self.generate(start, 0, start);
        Ok(())
    }

    fn step(&mut self, grid: &Grid) -> Step {
        if let Some(done) = self.report.finished() {
            return done;
        }
        if self.report.at_limit(self.params.expansion_limit) {
            return Step::Done(self.finish(Outcome::LimitReached));
        }
        let cell = loop {
            let Some(Reverse((_, _, _, cell))) = self.open.pop() else {
                return Step::Done(self.finish(Outcome::Unreachable));
            };
            if self.stamp_by_cell[cell as usize] == self.generation {
                break cell;
            }
            self.report.counters.stale_pops += 1;
            if let Some(trace) = &mut self.report.trace {
                trace.stale_pop(cell);
            }
        };
        self.expand(grid, cell);
        Step::Expanded(cell)
    }

    fn g(&self, cell: u32) -> Option<Cost> {
        self.is_reached(cell).then(|| self.g_by_cell[cell as usize])
    }

    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        if self.generation == 0 || grid.width() != self.width || cell as usize >= grid.len() {
            return 0;
        }
        self.estimate(cell)
    }

    fn is_closed(&self, cell: u32) -> bool {
        self.is_reached(cell) && self.stamp_by_cell[cell as usize] == self.generation + 1
    }

    /// `los-checks`: line-of-sight tests done; `vertices`: cells of the path (start, turning points,
    /// goal; 0 until the search finishes).
    fn details(&self) -> Vec<Detail> {
        vec![
            Detail {
                key: "los-checks",
                value: self.los_checks as f64,
            },
            Detail {
                key: "vertices",
                value: self.report.path.len() as f64,
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::DIAGONAL_PER_TENTH;

    #[test]
    fn a_segment_of_one_move_costs_what_the_move_costs() {
        assert_eq!(euclidean_units(1, 0, true), STRAIGHT_PER_TENTH);
        assert_eq!(euclidean_units(0, 1, true), STRAIGHT_PER_TENTH);
        assert_eq!(euclidean_units(1, 1, true), DIAGONAL_PER_TENTH);
        assert_eq!(euclidean_units(3, 4, true), 5 * STRAIGHT_PER_TENTH);
        assert_eq!(euclidean_units(3, 4, false), 5 * STRAIGHT_PER_TENTH);
        assert_eq!(euclidean_units(1, 1, false), DIAGONAL_PER_TENTH - 1);
    }

    #[test]
    fn rounding_keeps_the_estimate_consistent() {
        // h(a) <= cost(a, b) + h(b) for every a, b near the goal at the origin.
        for (ax, ay) in (0..12u32).flat_map(|x| (0..12u32).map(move |y| (x, y))) {
            for (bx, by) in (0..12u32).flat_map(|x| (0..12u32).map(move |y| (x, y))) {
                let h = |x, y| euclidean_units(x, y, false);
                let cost = euclidean_units(ax.abs_diff(bx), ay.abs_diff(by), true);
                assert!(h(ax, ay) <= cost + h(bx, by), "({ax}, {ay}) ({bx}, {by})");
            }
        }
    }

    #[test]
    fn the_square_root_is_exact() {
        for dx in (0..2048u32).step_by(7) {
            for dy in (0..2048u32).step_by(13) {
                let squared = ((dx as u64).pow(2) + (dy as u64).pow(2)) << 32;
                let root = squared.isqrt();
                assert_eq!(euclidean_units(dx, dy, false), root, "({dx}, {dy})");
                let up = root + (root * root != squared) as u64;
                assert_eq!(euclidean_units(dx, dy, true), up, "({dx}, {dy})");
            }
        }
    }

    #[test]
    fn the_largest_map_does_not_overflow() {
        let side = crate::grid::MAX_SIDE - 1;
        let length = euclidean_units(side, side, true) as f64 / STRAIGHT_PER_TENTH as f64;
        assert!((length - side as f64 * std::f64::consts::SQRT_2).abs() < 1e-4);
    }
}
