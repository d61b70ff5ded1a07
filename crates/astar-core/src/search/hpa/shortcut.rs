//! HPA*'s path smoothing: the refined path bends where it passes the entrances it was routed through.
//! Three passes, each giving a path of legal moves (every step of a walk is checked with the map's
//! movement rules, and costs are real costs) never dearer than the one it started from:
//! 1. Pulling tight ([`Smoother::pull`]): from a cell of the path, a later cell (at most `4 · reach`
//!    cells further along) that an *octile-shaped* walk reaches, all diagonal steps then all straight
//!    ones or the other way round, for no more than the stretch it replaces, is joined by that walk. On
//!    uniform terrain such a walk is a cheapest path between its ends, so a stretch in open space becomes
//!    optimal; this pass took the mean cost over the optimum from 1.3% to 0.2% on the 1024 × 1024
//!    rooms map of `astar bench hpa` (README, "HPA*").
//! 2. Loops: a cell that the path visits twice (possible, since the abstract path is optimal on the
//!    abstract graph only, and a walk may cross the path) has the stretch between its two visits cut out.
//! 3. The paper's smoothing (Botea, Müller and Schaeffer 2004, section 4): from each cell of the path, a
//!    straight walk in each direction that meets the path further on, for less than the stretch of
//!    path it skips, replaces that stretch. Walks are at most `reach` cells long, which bounds the work
//!    at O(path length · 8 · reach).
//!
//! Walks are most of the work, so a step is kept cheap ([`Walker`]): it moves a cell id and a slot of
//! the grid's bordered terrain by fixed offsets (no divisions; no bounds tests, the border is wall),
//! reads the entered cell's cost from a table made once per call and, on a diagonal, its two side
//! cells. Pulling walks each of the eight straight and diagonal rays from the cell it pulls from once,
//! as far as asked ([`Rays`]), so the first leg of an octile walk is a look-up; the second leg is
//! walked, or extended when the cell tried before had the same corner; one shape only is tried when
//! both are the same line. The third pass keeps the path ahead as bitmaps of rows, columns and
//! diagonals ([`PathLines`]): a walk that cannot meet the path further on is not walked, the others
//! stop where they meet it last, and a walk along the path's own next moves starts where they end
//! (they cost what the path does, so they save nothing).
//! None of this changes a result: the test module `same_as_before` checks the output against the
//! straightforward code it replaced (kept as the oracle in `tests/oracles/same_as_before.rs`, not here).
//!
//! A smoothing is begun ([`Smoother::begin`]) and then done in pieces ([`Smoother::advance`], which
//! asks a callback between pieces whether time is up): the pulling and the third pass stop between two
//! cells they smooth from and go on there. The same test checks that the pieces give the same path,
//! after a smoothing given up halfway, whose cells still marked `begin` clears.
//!
//! Files: this one has the passes ([`Smoother`]); `shortcut/walk.rs` the steps and rays, and
//! `shortcut/lines.rs` the bitmaps of the path ahead.

use crate::cost::Cost;
use crate::grid::Grid;
use crate::movement::{Movement, DIRECTIONS};

mod lines;
mod walk;

use self::lines::PathLines;
use self::walk::{stride_index, Rays, Spot, Stride, Walker};

/// How far [`Smoother::pull`] looks ahead, in cluster sizes of path cells.
const PULL_WINDOW: usize = 4;

/// How many cells in a row [`Smoother::pull`] may fail to reach before it stops looking further.
const PULL_FAILURES: usize = 32;

/// A straight walk of the third pass that meets the path: (saving, path index met, direction, steps).
type Shortcut = (Cost, usize, usize, u32);

/// The smoothing's buffers, kept between searches.
#[derive(Clone, Debug, Default)]
pub struct Smoother {
    /// The cells of `loop_free` that [`Smoother::straighten`] has not taken off yet, and no others:
    /// empty between calls.
    /// Bitmaps, small enough for the processor's cache (768 KB for a 1024 × 1024 map), so that a walk
    /// tests them and reads `index_by_cell` on a hit only.
    on_path: PathLines,
    /// Indexed by cell: its index on `loop_free`, valid where `on_path` is set.
    index_by_cell: Vec<u32>,
    /// Indexed by path index: the cell's (x, y), for the path being pulled or straightened.
    xy_by_index: Vec<(u32, u32)>,
    /// Indexed by path index: the cost of the path from its first cell to that one.
    prefix_cost: Vec<Cost>,
    /// Indexed by path index: how many of the path's next moves from that cell go the same way as the
    /// first (0 for the last cell), for the path being straightened.
    straight_run: Vec<u32>,
    /// The rays from the cell being pulled from.
    rays: Rays,
    /// The output of [`Smoother::pull`].
    pulled: Vec<u32>,
    /// The output of [`Smoother::without_loops`].
    loop_free: Vec<u32>,
    /// The output of [`Smoother::straighten`], while it is written.
    straightened: Vec<u32>,
    /// The smoothing under way and where it is (see [`Smoother::begin`]).
    pass: Pass,
    /// The reach of the smoothing under way.
    reach: u32,
}

/// Where a smoothing begun by [`Smoother::begin`] is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Pass {
    /// None begun, or the last one taken.
    #[default]
    Idle,
    /// Pulling tight from path index `i`.
    Pull { i: usize },
    /// Straightening from index `i` of `loop_free`; its cells before `behind` are off `on_path`.
    Straighten { i: usize, behind: usize },
}

/// How many cells a pass smooths from between two looks at the clock (a cell's walks take from a few
/// hundred ns in a corridor to a few µs in the open).
const CELLS_PER_LOOK: u32 = 32;

impl Smoother {
    #[inline]
    fn position(&self, cell: u32) -> Option<usize> {
        self.on_path
            .contains(cell)
            .then(|| self.index_by_cell[cell as usize] as usize)
    }

    #[inline]
    fn xy(&self, cell: u32) -> (u32, u32) {
        let width = self.on_path.width as u32;
        (cell % width, cell / width)
    }

    fn place(&mut self, cell: u32, index: usize) {
        self.on_path.mark(self.xy(cell), true);
        self.index_by_cell[cell as usize] = index as u32;
    }

    fn unplace(&mut self, cell: u32) {
        self.on_path.mark(self.xy(cell), false);
    }

    /// Fills `xy_by_index` and `prefix_cost` for `path` (a path of legal moves).
    fn measure(&mut self, walker: &Walker, path: &[u32]) {
        self.xy_by_index.clear();
        self.xy_by_index.extend(
            path.iter()
                .map(|&cell| (cell % walker.width, cell / walker.width)),
        );
        self.prefix_cost.clear();
        self.prefix_cost.push(0);
        let mut total: Cost = 0;
        for pair in self.xy_by_index.windows(2) {
            let ((ax, ay), (bx, by)) = (pair[0], pair[1]);
            let stride =
                &walker.strides[stride_index(bx as i64 - ax as i64, by as i64 - ay as i64)];
            let step = walker.step(walker.spot(pair[0]).slot, stride);
            total += step.unwrap_or(Cost::MAX / 4);
            self.prefix_cost.push(total);
        }
    }

    /// Fills `straight_run` from `xy_by_index`.
    fn measure_runs(&mut self) {
        let xy = &self.xy_by_index;
        let stride = |k: usize| {
            let (a, b) = (xy[k], xy[k + 1]);
            (b.0 as i64 - a.0 as i64, b.1 as i64 - a.1 as i64)
        };
        self.straight_run.clear();
        self.straight_run.resize(xy.len(), 0);
        for k in (0..xy.len() - 1).rev() {
            let same_ahead = k + 2 < xy.len() && stride(k + 1) == stride(k);
            self.straight_run[k] = 1 + if same_ahead {
                self.straight_run[k + 1]
            } else {
                0
            };
        }
    }

    /// `path` pulled tight, into `pulled`: from the first cell, the path's cells up to `window`
    /// further along are tried in order, each by the two octile-shaped walks
    /// ([`Walker::octile_legs`]); the farthest one that a walk reaches for no more than the stretch of
    /// path it replaces is joined by that walk and becomes the next cell to pull from (or, when none
    /// is, the next cell of the path). The look-ahead stops after [`PULL_FAILURES`] cells in a row
    /// fail: past a wall the path rarely comes back into view, and each try costs a walk.
    ///
    /// From path index `*i` (0 to begin, after [`Smoother::measure`] of `path` and with `pulled` holding
    /// its first cell), asking `out_of_time` every [`CELLS_PER_LOOK`] cells pulled from: true once the
    /// path is pulled, false when stopped (`*i` is where to go on from).
    fn pull(
        &mut self,
        walker: &Walker,
        path: &[u32],
        window: usize,
        i: &mut usize,
        out_of_time: &mut dyn FnMut() -> bool,
    ) -> bool {
        let mut out = std::mem::take(&mut self.pulled);
        let (xy, prefix, rays) = (&self.xy_by_index, &self.prefix_cost, &mut self.rays);
        let mut pulled_from = 0;
        let done = loop {
            if *i + 1 >= path.len() {
                break true;
            }
            pulled_from += 1;
            if pulled_from % CELLS_PER_LOOK == 0 && out_of_time() {
                break false;
            }
            let from = *i;
            let last = (from + window).min(path.len() - 1);
            let mut chosen = None;
            let mut failures = 0;
            rays.restart(walker.spot(xy[from]));
            for j in from + 2..=last {
                match walker.octile_shape_within(rays, xy[from], xy[j], prefix[j] - prefix[from]) {
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
                    walker.push_octile_walk(xy[from], xy[j], diagonal_first, &mut out);
                    *i = j;
                }
                None => {
                    *i += 1;
                    out.push(path[*i]);
                }
            }
        };
        self.pulled = out;
        done
    }

    /// `pulled` with every stretch between two visits of a cell cut out, into `loop_free`; every cell
    /// of it is left placed at its index (`on_path` must be empty, as [`Smoother::straighten`] leaves it).
    fn without_loops(&mut self, width: u32, height: u32) {
        let path = std::mem::take(&mut self.pulled);
        let mut out = std::mem::take(&mut self.loop_free);
        if self.on_path.fit(width as usize, height as usize) {
            self.index_by_cell = vec![0; width as usize * height as usize];
        }
        out.clear();
        for &cell in &path {
            if let Some(at) = self.position(cell) {
                for &dropped in &out[at + 1..] {
                    self.unplace(dropped);
                }
                out.truncate(at + 1);
                continue;
            }
            self.place(cell, out.len());
            out.push(cell);
        }
        self.pulled = path;
        self.loop_free = out;
    }

    /// The smoothed path (see the module doc), at once. `path` must be a path of legal moves on `grid`.
    /// HPA* smooths by [`Smoother::begin`] and [`Smoother::advance`]; the tests compare the two.
    #[cfg(test)]
    pub fn shortcut(
        &mut self,
        grid: &Grid,
        movement: Movement,
        path: &[u32],
        reach: u32,
    ) -> Vec<u32> {
        self.begin(grid, movement, path, reach);
        self.advance(grid, movement, path, &mut || false)
            .expect("never out of time")
    }

    /// Begins smoothing `path` (see [`Smoother::shortcut`]), to be done by [`Smoother::advance`] in
    /// pieces: what a search in slices needs, since a path across a 1,024 × 1,024 maze (95,225 cells)
    /// takes tens of ms to smooth.
    pub fn begin(&mut self, grid: &Grid, movement: Movement, path: &[u32], reach: u32) {
        if let Pass::Straighten { behind, .. } = self.pass {
            // One left halfway (its search was given up): the cells it still had placed are taken off,
            // as `without_loops` needs.
            for &xy in &self.xy_by_index[behind..] {
                self.on_path.mark(xy, false);
            }
        }
        self.reach = reach;
        self.pulled.clear();
        if path.len() <= 2 {
            self.pulled.extend_from_slice(path);
            self.pass = Pass::Pull { i: path.len() };
            return;
        }
        self.measure(&Walker::new(grid, movement), path);
        self.pulled.push(path[0]);
        self.pass = Pass::Pull { i: 0 };
    }

    /// Goes on with the smoothing of `path` (the one given to [`Smoother::begin`], on the same map),
    /// asking `out_of_time` now and then: the smoothed path once done, None when stopped (to go on at
    /// the next call). The same path as [`Smoother::shortcut`] gives, however it is cut.
    pub fn advance(
        &mut self,
        grid: &Grid,
        movement: Movement,
        path: &[u32],
        out_of_time: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<u32>> {
        let walker = Walker::new(grid, movement);
        if let Pass::Pull { mut i } = self.pass {
            let done = self.pull(
                &walker,
                path,
                PULL_WINDOW * self.reach as usize,
                &mut i,
                out_of_time,
            );
            self.pass = Pass::Pull { i };
            if !done {
                return None;
            }
            self.without_loops(grid.width(), grid.height());
            let loop_free = std::mem::take(&mut self.loop_free);
            if loop_free.len() <= 2 {
                for &cell in &loop_free {
                    self.unplace(cell);
                }
                self.pass = Pass::Idle;
                self.loop_free = loop_free;
                return Some(self.loop_free.clone());
            }
            self.measure(&walker, &loop_free);
            self.measure_runs();
            self.straightened.clear();
            self.straightened.push(loop_free[0]);
            self.loop_free = loop_free;
            self.pass = Pass::Straighten { i: 0, behind: 0 };
        }
        let Pass::Straighten { mut i, mut behind } = self.pass else {
            unreachable!("advance called with no smoothing begun");
        };
        let loop_free = std::mem::take(&mut self.loop_free);
        let done = self.straighten(&walker, &loop_free, &mut i, &mut behind, out_of_time);
        self.loop_free = loop_free;
        if !done {
            self.pass = Pass::Straighten { i, behind };
            return None;
        }
        self.pass = Pass::Idle;
        Some(std::mem::take(&mut self.straightened))
    }

    /// The third pass over `path`, whose cells `without_loops` left placed at their indices, into
    /// `straightened`, from index `*i` (0 to begin, after [`Smoother::measure`] and
    /// [`Smoother::measure_runs`] of `path`, with `straightened` holding its first cell), asking
    /// `out_of_time` every [`CELLS_PER_LOOK`] cells: true once done, false when stopped (`*i` and
    /// `*behind` are where to go on from). A walk from cell `i` can only use a cell further on than
    /// `i + 1`, so the cells up to `i + 1` are taken off `on_path` as `i` advances (the cells before
    /// `*behind` are off; the rest at the end, leaving it empty): a walk that meets the path behind it
    /// then costs a bit test, not a look-up of the index, or is not walked at all.
    fn straighten(
        &mut self,
        walker: &Walker,
        path: &[u32],
        i: &mut usize,
        behind: &mut usize,
        out_of_time: &mut dyn FnMut() -> bool,
    ) -> bool {
        let reach = self.reach;
        let directions = DIRECTIONS.map(|(dx, dy)| stride_index(dx as i64, dy as i64));
        let directions = &directions[..walker.movement.direction_count()];
        let mut out = std::mem::take(&mut self.straightened);
        let mut straightened_from = 0;
        while *i + 1 < path.len() {
            straightened_from += 1;
            if straightened_from % CELLS_PER_LOOK == 0 && out_of_time() {
                self.straightened = out;
                return false;
            }
            let from = *i;
            for &xy in &self.xy_by_index[*behind..from + 2] {
                self.on_path.mark(xy, false);
            }
            *behind = from + 2;
            let start = walker.spot(self.xy_by_index[from]);
            let (ahead, run) = (self.xy_by_index[from + 1], self.straight_run[from]);
            let path_stride = stride_index(
                ahead.0 as i64 - self.xy_by_index[from].0 as i64,
                ahead.1 as i64 - self.xy_by_index[from].1 as i64,
            );
            // The walk that saves most; the first of equal ones.
            let mut best: Option<Shortcut> = None;
            for (dir, &stride_at) in directions.iter().enumerate() {
                let stride = &walker.strides[stride_at];
                let along = if stride_at == path_stride {
                    run.min(reach)
                } else {
                    0
                };
                let last = self
                    .on_path
                    .farthest(self.xy_by_index[from], DIRECTIONS[dir], reach);
                if last <= along {
                    continue;
                }
                let walk = (start, stride, dir, from, last);
                self.best_walk(walker, walk, along, &mut best);
            }
            match best {
                Some((_, j, dir, steps)) => {
                    let mut at = start;
                    for _ in 0..steps {
                        at = at.after(&walker.strides[directions[dir]]);
                        out.push(at.cell);
                    }
                    *i = j;
                }
                None => {
                    *i += 1;
                    out.push(path[*i]);
                }
            }
        }
        for &xy in &self.xy_by_index[*behind..] {
            self.on_path.mark(xy, false);
        }
        self.straightened = out;
        true
    }

    /// Walks from path index `i` at `start` by `stride` (direction number `dir`), up to `last` steps,
    /// each costed by `walker`, and keeps in `best` the shortcut to a cell on the
    /// path further on that saves more than `best` does. The first `along_path` steps are known to be
    /// the path's own next moves: they cost what the path does there and so save nothing, and the
    /// walk starts after them.
    #[inline(always)]
    fn best_walk(
        &self,
        walker: &Walker,
        (start, stride, dir, i, last): (Spot, &Stride, usize, usize, u32),
        along_path: u32,
        best: &mut Option<Shortcut>,
    ) {
        let prefix = &self.prefix_cost;
        let (mut at, mut walked) = (start, 0);
        if along_path > 0 {
            let j = i + along_path as usize;
            at = Spot {
                cell: at
                    .cell
                    .wrapping_add_signed(stride.cell as i32 * along_path as i32),
                slot: at
                    .slot
                    .wrapping_add_signed(stride.slot * along_path as isize),
            };
            walked = prefix[j] - prefix[i];
        }
        for steps in along_path + 1..=last {
            let Some(cost) = walker.step(at.slot, stride) else {
                break;
            };
            walked += cost;
            at = at.after(stride);
            if let Some(j) = self.position(at.cell) {
                if prefix[j] - prefix[i] > walked {
                    let saving = prefix[j] - prefix[i] - walked;
                    if best.is_none_or(|(s, ..)| saving > s) {
                        *best = Some((saving, j, dir, steps));
                    }
                }
            }
        }
    }
}

// The oracle is old code, kept with the tests; a unit-test module (not an integration test) because it
// calls the private `Smoother` and reads HPA*'s refined path.
#[cfg(test)]
#[path = "../../../tests/oracles/same_as_before.rs"]
mod same_as_before;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::DIAGONAL_STEP;
    use crate::movement::CornerRule;

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
        let mut smoother = Smoother {
            pulled: looped,
            ..Smoother::default()
        };
        smoother.without_loops(grid.width(), grid.height());
        assert_eq!(smoother.loop_free, cells(&[(0, 0), (0, 1)]));
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
        let mut smoother = Smoother::default();
        smoother.measure(&Walker::new(grid, movement), path);
        *smoother.prefix_cost.last().unwrap()
    }

    fn pull(grid: &Grid, movement: Movement, path: &[u32], window: usize) -> Vec<u32> {
        if path.len() <= 2 {
            return path.to_vec();
        }
        let (mut smoother, walker) = (Smoother::default(), Walker::new(grid, movement));
        smoother.measure(&walker, path);
        smoother.pulled.push(path[0]);
        assert!(smoother.pull(&walker, path, window, &mut 0, &mut || false));
        smoother.pulled
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
