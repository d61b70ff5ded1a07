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
//! straightforward code it replaced.

use crate::cost::{Cost, COST_SCALE, DIAGONAL_STEP};
use crate::grid::{Grid, Terrain};
use crate::movement::{CornerRule, Movement, DIRECTIONS};

/// One direction of travel as a walk takes it.
#[derive(Clone, Copy, Debug, Default)]
struct Stride {
    /// What a step adds to the cell id.
    cell: isize,
    /// What a step adds to the slot in the bordered terrain.
    slot: isize,
    /// The side cells of a diagonal step, from the slot left: the one beside it in its row (`dx`) and
    /// the one above or below it (`dy` rows).
    side_in_row: isize,
    side_in_column: isize,
    diagonal: bool,
}

/// The index of the stride (dx, dy) (each -1..=1) in [`Walker::strides`].
#[inline]
fn stride_index(dx: i64, dy: i64) -> usize {
    ((dy + 1) * 3 + dx + 1) as usize
}

/// The cell (x, y) `steps` steps from `from` by the stride with index `stride`.
fn point(from: (u32, u32), stride: usize, steps: u32) -> (u32, u32) {
    let (dx, dy) = ((stride % 3) as i64 - 1, (stride / 3) as i64 - 1);
    (
        (from.0 as i64 + dx * steps as i64) as u32,
        (from.1 as i64 + dy * steps as i64) as u32,
    )
}

/// Where a walk is: the cell and its slot in [`Grid::bordered_terrain`].
#[derive(Clone, Copy, Debug, Default)]
struct Spot {
    cell: u32,
    slot: usize,
}

impl Spot {
    #[inline]
    fn after(self, stride: &Stride) -> Spot {
        Spot {
            cell: self.cell.wrapping_add_signed(stride.cell as i32),
            slot: self.slot.wrapping_add_signed(stride.slot),
        }
    }
}

/// The map as the walks read it, made once per smoothing: the movement rules of `movement.rs` written
/// out over the bordered terrain.
struct Walker<'a> {
    /// The terrain inside a border of walls, `row` slots a row.
    bordered: &'a [Terrain],
    row: usize,
    width: u32,
    /// Indexed by terrain code: the cost of a straight step into it (0 for a wall).
    straight_cost: [Cost; 4],
    /// Indexed by terrain code: the cost of a diagonal step into it (0 for a wall).
    diagonal_cost: [Cost; 4],
    movement: Movement,
    /// Indexed by [`stride_index`] (the middle one, (0, 0), is never stepped).
    strides: [Stride; 9],
}

impl<'a> Walker<'a> {
    fn new(grid: &'a Grid, movement: Movement) -> Walker<'a> {
        let row = grid.width() as usize + 2;
        let costs = grid.costs();
        let cost_of = |unit: Cost| Terrain::ALL.map(|terrain| costs.of(terrain) as Cost * unit);
        let mut strides = [Stride::default(); 9];
        for (dx, dy) in DIRECTIONS {
            let (dx, dy) = (dx as isize, dy as isize);
            strides[stride_index(dx as i64, dy as i64)] = Stride {
                cell: dy * grid.width() as isize + dx,
                slot: dy * row as isize + dx,
                side_in_row: dx,
                side_in_column: dy * row as isize,
                diagonal: dx != 0 && dy != 0,
            };
        }
        Walker {
            bordered: grid.bordered_terrain(),
            row,
            width: grid.width(),
            straight_cost: cost_of(COST_SCALE),
            diagonal_cost: cost_of(DIAGONAL_STEP),
            movement,
            strides,
        }
    }

    #[inline]
    fn spot(&self, (x, y): (u32, u32)) -> Spot {
        Spot {
            cell: y * self.width + x,
            slot: (y as usize + 1) * self.row + x as usize + 1,
        }
    }

    #[inline]
    fn passable(&self, slot: usize) -> bool {
        self.bordered[slot] != Terrain::Wall
    }

    /// The cost of the step from slot `at` by `stride`, if the movement allows it: a straight step
    /// needs the entered cell passable, a diagonal one also its two side cells as the corner rule says:
    ///
    /// ```text
    /// a b    the step c -> b has the side cells a (dy rows from c) and d (dx from c): NoCut needs
    /// c d    both passable, CutIfOneFree one of them, AlwaysCut neither
    /// ```
    #[inline(always)]
    fn step(&self, at: usize, stride: &Stride) -> Option<Cost> {
        let entered = self.bordered[at.wrapping_add_signed(stride.slot)] as usize;
        if !stride.diagonal {
            let cost = self.straight_cost[entered];
            return (cost != 0).then_some(cost);
        }
        let cost = self.diagonal_cost[entered];
        if cost == 0 {
            return None;
        }
        let side = |offset: isize| self.passable(at.wrapping_add_signed(offset));
        let allowed = match self.movement {
            Movement::Four => false,
            Movement::Eight(CornerRule::NoCut) => {
                side(stride.side_in_row) && side(stride.side_in_column)
            }
            Movement::Eight(CornerRule::CutIfOneFree) => {
                side(stride.side_in_row) || side(stride.side_in_column)
            }
            Movement::Eight(CornerRule::AlwaysCut) => true,
        };
        allowed.then_some(cost)
    }

    /// The two legs of the octile-shaped walk from `a` to `b` (cells (x, y)): (stride index, steps)
    /// of the diagonal steps then of the straight ones (`diagonal_first`), or the other way round.
    fn octile_legs(a: (u32, u32), b: (u32, u32), diagonal_first: bool) -> [(usize, u32); 2] {
        let (ddx, ddy) = (b.0 as i64 - a.0 as i64, b.1 as i64 - a.1 as i64);
        let (sx, sy) = (ddx.signum(), ddy.signum());
        let diagonals = ddx.abs().min(ddy.abs()) as u32;
        let straights = ddx.abs().max(ddy.abs()) as u32 - diagonals;
        let straight = if ddx.abs() > ddy.abs() {
            stride_index(sx, 0)
        } else {
            stride_index(0, sy)
        };
        let diagonal = stride_index(sx, sy);
        if diagonal_first {
            [(diagonal, diagonals), (straight, straights)]
        } else {
            [(straight, straights), (diagonal, diagonals)]
        }
    }

    /// Appends to `out` the cells after `a` of the octile-shaped walk from `a` to `b`
    /// ([`Walker::octile_legs`]), a walk of legal moves.
    fn push_octile_walk(
        &self,
        a: (u32, u32),
        b: (u32, u32),
        diagonal_first: bool,
        out: &mut Vec<u32>,
    ) {
        let mut at = self.spot(a);
        for (stride, count) in Walker::octile_legs(a, b, diagonal_first) {
            for _ in 0..count {
                at = at.after(&self.strides[stride]);
                out.push(at.cell);
            }
        }
    }

    /// Whether one of the two octile-shaped walks from `a` (the start of `rays`) to `b` costs no more
    /// than `stretch`: the diagonal-first one (`Some(true)`), else the other (`Some(false)`), else
    /// `None`. The first leg is read from `rays`, the second too when it is the one asked about last
    /// for that shape (or the start of it); otherwise it is walked from where the first ends.
    fn octile_shape_within(
        &self,
        rays: &mut Rays,
        a: (u32, u32),
        b: (u32, u32),
        stretch: Cost,
    ) -> Option<bool> {
        let [(diagonal, diagonals), (straight, straights)] = Walker::octile_legs(a, b, true);
        if diagonals > 0 && self.movement == Movement::Four {
            return None;
        }
        let within = |rays: &mut Rays, first: (usize, u32), second: (usize, u32), shape: usize| {
            let cost = rays.first[first.0]
                .cost(self, first.1)
                .filter(|&c| c <= stretch)?;
            let corner = self.spot(point(a, first.0, first.1));
            let ray = &mut rays.second[shape];
            ray.aim(corner, second.0);
            Some(cost + ray.cost(self, second.1)?).filter(|&total| total <= stretch)
        };
        if within(rays, (diagonal, diagonals), (straight, straights), 0).is_some() {
            return Some(true);
        }
        // With one leg empty both shapes are the same line, which just failed.
        let two_shapes = diagonals > 0 && straights > 0;
        (two_shapes && within(rays, (straight, straights), (diagonal, diagonals), 1).is_some())
            .then_some(false)
    }
}

/// A straight or diagonal line of steps from one cell, walked as far as it has been asked about and
/// no further, so that later questions about a shorter stretch of it are look-ups.
#[derive(Clone, Debug, Default)]
struct Ray {
    /// Where it starts and the index of its stride: what it is a ray of.
    origin: usize,
    stride: usize,
    /// Indexed by steps: the cost of that many steps (entry 0 is 0), as far as walked.
    cost_by_steps: Vec<Cost>,
    /// The last cell costed.
    end: Spot,
    /// Whether the step after `end` is not legal.
    blocked: bool,
}

impl Ray {
    /// Makes this the ray from `from` by stride `stride`, unless it is already.
    fn aim(&mut self, from: Spot, stride: usize) {
        if self.cost_by_steps.is_empty() || (self.origin, self.stride) != (from.slot, stride) {
            (self.origin, self.stride, self.end, self.blocked) = (from.slot, stride, from, false);
            self.cost_by_steps.clear();
            self.cost_by_steps.push(0);
        }
    }

    /// The cost of the first `steps` steps, if they are all legal.
    #[inline]
    fn cost(&mut self, walker: &Walker, steps: u32) -> Option<Cost> {
        let stride = &walker.strides[self.stride];
        while self.cost_by_steps.len() <= steps as usize && !self.blocked {
            match walker.step(self.end.slot, stride) {
                Some(cost) => {
                    self.cost_by_steps
                        .push(self.cost_by_steps[self.cost_by_steps.len() - 1] + cost);
                    self.end = self.end.after(stride);
                }
                None => self.blocked = true,
            }
        }
        self.cost_by_steps.get(steps as usize).copied()
    }
}

/// What [`Smoother::pull`] knows about the walks from the cell it pulls from: the eight rays from it
/// (the first legs of every octile walk it tries) and, for each shape, the second leg it walked last
/// (the next cell of the path often has the same corner, and then the same second leg one step longer).
#[derive(Clone, Debug, Default)]
struct Rays {
    /// Indexed by [`stride_index`].
    first: [Ray; 9],
    /// The diagonal-first shape's second leg, then the other's.
    second: [Ray; 2],
}

impl Rays {
    /// Starts again from `from`.
    fn restart(&mut self, from: Spot) {
        for (stride, ray) in self.first.iter_mut().enumerate() {
            ray.cost_by_steps.clear();
            ray.aim(from, stride);
        }
    }
}

/// The cells of the path ahead of the third pass, as four bitmaps, one for each kind of line a walk
/// follows: rows, columns, diagonals (dx = dy) and anti-diagonals (dx = -dy). Each is laid out so
/// that the cells of one line are consecutive bits ([`PathLines::bit`]), so whether a walk of up to
/// `reach` steps can meet the path at all, and how far it must go to meet it last, takes a few word
/// operations: most walks are then not walked, and the others stop at their last meeting. The row
/// bitmap is indexed by cell id, so it also answers "is this cell on the path ahead".
#[derive(Clone, Debug, Default)]
struct PathLines {
    width: usize,
    height: usize,
    /// Indexed by the kind of line (0 rows, 1 columns, 2 diagonals, 3 anti-diagonals), then by bit.
    bits: [Vec<u64>; 4],
}

impl PathLines {
    /// Sized for a `width` × `height` map, and empty when that is a new size.
    fn fit(&mut self, width: usize, height: usize) -> bool {
        if (self.width, self.height) == (width, height) && !self.bits[0].is_empty() {
            return false;
        }
        let lines = width + height - 1;
        let sizes = [
            width * height,
            width * height,
            lines * height,
            lines * width,
        ];
        self.bits = sizes.map(|size| vec![0; size.div_ceil(64)]);
        (self.width, self.height) = (width, height);
        true
    }

    /// The bit of cell (x, y) in the bitmap of line kind `kind`; a step along a line of that kind
    /// moves it by one:
    ///
    /// ```text
    /// rows            y · width + x                    (±1, 0)
    /// columns         x · height + y                   (0, ±1)
    /// diagonals       (x + height - 1 - y) · height + y   ±(1, 1)
    /// anti-diagonals  (x + y) · width + x              ±(1, -1)
    /// ```
    #[inline]
    fn bit(&self, kind: usize, (x, y): (u32, u32)) -> usize {
        let (x, y) = (x as usize, y as usize);
        match kind {
            0 => y * self.width + x,
            1 => x * self.height + y,
            2 => (x + self.height - 1 - y) * self.height + y,
            _ => (x + y) * self.width + x,
        }
    }

    /// Sets (`on`) or clears cell (x, y) in all four bitmaps.
    fn mark(&mut self, xy: (u32, u32), on: bool) {
        for kind in 0..4 {
            let bit = self.bit(kind, xy);
            let word = &mut self.bits[kind][bit / 64];
            if on {
                *word |= 1 << (bit % 64);
            } else {
                *word &= !(1 << (bit % 64));
            }
        }
    }

    /// Whether cell id `cell` is set.
    #[inline]
    fn contains(&self, cell: u32) -> bool {
        self.bits[0][cell as usize / 64] >> (cell % 64) & 1 != 0
    }

    /// The number of steps, at most `limit`, from (x, y) by (dx, dy) to the farthest set cell on the
    /// way, or 0 when there is none (the walk leaves the map after at most `limit` steps otherwise).
    fn farthest(&self, (x, y): (u32, u32), (dx, dy): (i32, i32), limit: u32) -> u32 {
        let room = |at: u32, d: i32, side: usize| match d {
            1 => side as u32 - 1 - at,
            -1 => at,
            _ => u32::MAX,
        };
        let steps = limit
            .min(room(x, dx, self.width))
            .min(room(y, dy, self.height)) as usize;
        if steps == 0 {
            return 0;
        }
        let (kind, forward) = match (dx, dy) {
            (_, 0) => (0, dx > 0),
            (0, _) => (1, dy > 0),
            _ if dx == dy => (2, dx > 0),
            _ => (3, dx > 0),
        };
        let (bits, at) = (&self.bits[kind], self.bit(kind, (x, y)));
        let found = if forward {
            highest_set(bits, at + 1, at + steps).map(|bit| bit - at)
        } else {
            lowest_set(bits, at - steps, at - 1).map(|bit| at - bit)
        };
        found.unwrap_or(0) as u32
    }
}

/// The highest set bit of `bits` in `low..=high`.
fn highest_set(bits: &[u64], low: usize, high: usize) -> Option<usize> {
    let (mut at, last) = (high / 64, low / 64);
    let mut word = bits[at] & (u64::MAX >> (63 - high % 64));
    loop {
        if at == last {
            word &= u64::MAX << (low % 64);
        }
        if word != 0 {
            return Some(at * 64 + 63 - word.leading_zeros() as usize);
        }
        if at == last {
            return None;
        }
        at -= 1;
        word = bits[at];
    }
}

/// The lowest set bit of `bits` in `low..=high`.
fn lowest_set(bits: &[u64], low: usize, high: usize) -> Option<usize> {
    let (mut at, last) = (low / 64, high / 64);
    let mut word = bits[at] & (u64::MAX << (low % 64));
    loop {
        if at == last {
            word &= u64::MAX >> (63 - high % 64);
        }
        if word != 0 {
            return Some(at * 64 + word.trailing_zeros() as usize);
        }
        if at == last {
            return None;
        }
        at += 1;
        word = bits[at];
    }
}

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
}

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
    fn pull(&mut self, walker: &Walker, path: &[u32], window: usize) {
        let mut out = std::mem::take(&mut self.pulled);
        out.clear();
        if path.len() <= 2 {
            out.extend_from_slice(path);
            self.pulled = out;
            return;
        }
        self.measure(walker, path);
        let (xy, prefix, rays) = (&self.xy_by_index, &self.prefix_cost, &mut self.rays);
        out.push(path[0]);
        let mut i = 0;
        while i + 1 < path.len() {
            let last = (i + window).min(path.len() - 1);
            let mut chosen = None;
            let mut failures = 0;
            rays.restart(walker.spot(xy[i]));
            for j in i + 2..=last {
                match walker.octile_shape_within(rays, xy[i], xy[j], prefix[j] - prefix[i]) {
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
                    walker.push_octile_walk(xy[i], xy[j], diagonal_first, &mut out);
                    i = j;
                }
                None => {
                    i += 1;
                    out.push(path[i]);
                }
            }
        }
        self.pulled = out;
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

    /// The smoothed path (see the module doc). `path` must be a path of legal moves on `grid`.
    pub fn shortcut(
        &mut self,
        grid: &Grid,
        movement: Movement,
        path: &[u32],
        reach: u32,
    ) -> Vec<u32> {
        let walker = Walker::new(grid, movement);
        self.pull(&walker, path, PULL_WINDOW * reach as usize);
        self.without_loops(grid.width(), grid.height());
        let path = std::mem::take(&mut self.loop_free);
        let out = self.straighten(&walker, &path, reach);
        self.loop_free = path;
        out
    }

    /// The third pass over `path`, whose cells `without_loops` left placed at their indices. A walk
    /// from cell `i` can only use a cell further on than `i + 1`, so the cells up to `i + 1` are taken
    /// off `on_path` as `i` advances (and the rest at the end, leaving it empty): a walk that meets the
    /// path behind it then costs a bit test, not a look-up of the index, or is not walked at all.
    fn straighten(&mut self, walker: &Walker, path: &[u32], reach: u32) -> Vec<u32> {
        if path.len() <= 2 {
            for &cell in path {
                self.unplace(cell);
            }
            return path.to_vec();
        }
        self.measure(walker, path);
        self.measure_runs();
        let directions = DIRECTIONS.map(|(dx, dy)| stride_index(dx as i64, dy as i64));
        let directions = &directions[..walker.movement.direction_count()];
        let mut out = Vec::with_capacity(path.len());
        out.push(path[0]);
        // Cells before index `behind` are off `on_path`.
        let mut behind = 0;
        let mut i = 0;
        while i + 1 < path.len() {
            for &xy in &self.xy_by_index[behind..i + 2] {
                self.on_path.mark(xy, false);
            }
            behind = i + 2;
            let start = walker.spot(self.xy_by_index[i]);
            let (ahead, run) = (self.xy_by_index[i + 1], self.straight_run[i]);
            let path_stride = stride_index(
                ahead.0 as i64 - self.xy_by_index[i].0 as i64,
                ahead.1 as i64 - self.xy_by_index[i].1 as i64,
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
                    .farthest(self.xy_by_index[i], DIRECTIONS[dir], reach);
                if last <= along {
                    continue;
                }
                let walk = (start, stride, dir, i, last);
                self.best_walk(walk, along, |at| walker.step(at, stride), &mut best);
            }
            match best {
                Some((_, j, dir, steps)) => {
                    let mut at = start;
                    for _ in 0..steps {
                        at = at.after(&walker.strides[directions[dir]]);
                        out.push(at.cell);
                    }
                    i = j;
                }
                None => {
                    i += 1;
                    out.push(path[i]);
                }
            }
        }
        for &xy in &self.xy_by_index[behind..] {
            self.on_path.mark(xy, false);
        }
        out
    }

    /// Walks from path index `i` at `start` by `stride` (direction number `dir`), up to `last` steps,
    /// each costed by `step` (from the slot left), and keeps in `best` the shortcut to a cell on the
    /// path further on that saves more than `best` does. The first `along_path` steps are known to be
    /// the path's own next moves: they cost what the path does there and so save nothing, and the
    /// walk starts after them.
    #[inline(always)]
    fn best_walk(
        &self,
        (start, stride, dir, i, last): (Spot, &Stride, usize, usize, u32),
        along_path: u32,
        step: impl Fn(usize) -> Option<Cost>,
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
            let Some(cost) = step(at.slot) else {
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
        let mut smoother = Smoother::default();
        smoother.pull(&Walker::new(grid, movement), path, window);
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
