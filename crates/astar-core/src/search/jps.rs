//! Jump point search ([`Jps`]): A* over *jump points* on 8-neighbour maps where every passable cell
//! costs the same (Harabor and Grastien, "Online Graph Pruning for Pathfinding on Grid Maps", AAAI 2011;
//! the straight scans read 64 cells at a time as in Harabor and Grastien, "Improving Jump Point Search",
//! ICAPS 2014). This module owns the search, its pruning rules for each [`CornerRule`], the bit rows it
//! scans, and the filling in of the path between jump points.
//!
//! # The idea
//! On a uniform-cost grid many optimal paths are symmetric (the same moves in another order). JPS keeps
//! one *canonical* order, diagonal moves as early as possible, and so never needs to look at most
//! neighbours: from a cell `x` reached from its parent `p`, only the *natural* neighbours (those that the
//! canonical path from `p` can only reach through `x`) and the *forced* neighbours (natural only because
//! a wall removed the path around `x`) are successors. Instead of putting them on the open list, the
//! search *jumps*: it walks on in each successor's direction until it meets a cell with a forced
//! neighbour (a jump point), the goal, or a wall. A diagonal walk also stops at any cell from which a
//! straight walk (horizontal or vertical) would find a jump point. Only jump points enter the open list;
//! the cells walked over are *scanned* (the trace draws them lighter, [`Frontier::Scanned`]).
//!
//! A neighbour `n` of `x` is pruned when a path `p … n` inside the 3 × 3 block around `x` that avoids `x`
//! is no longer than `p x n` (after a straight move), or strictly shorter (after a diagonal move). The
//! block's moves obey the corner rule, so each rule has its own forced neighbours. Moving east (`p` west
//! of `x`; turn the picture for the other directions), with `#` a wall, `F` forced, `n` natural:
//!
//! ```text
//!   NoCut (Moving AI)        CutIfOneFree               AlwaysCut
//!   # F F                    . # F                      . # F
//!   p x n                    p x n                      p x n      (CutIfOneFree also needs n free)
//!   . . .                    . . .                      . . .
//! ```
//! - NoCut: `p` reaches the cell north of `x` diagonally only past `p`'s northern neighbour, so when that
//!   one is a wall, north and north-east of `x` are forced (north-east only if its move is allowed).
//! - CutIfOneFree and AlwaysCut: `p` reaches north of `x` diagonally past `x` itself, so north is never
//!   forced; when north is a wall, north-east is forced (under CutIfOneFree its move passes the wall, so
//!   it needs the east cell free).
//!
//! Moving north-east (`p` south-west of `x`), natural: north, east, north-east:
//! ```text
//!   NoCut: none forced       CutIfOneFree               AlwaysCut
//!   . n n                    F . n                      F ? n      (? any)
//!   . x n                    # x n                      # x n
//!   p . .                    p . .                      p . .
//! ```
//! - NoCut: the move `p → x` needs west and south of `x` free, and each of north-west, south-east is then
//!   reached in two straight steps from `p` (2 < 2√2): no diagonal move has a forced neighbour.
//! - CutIfOneFree: west of `x` a wall makes north-west forced, if the north cell is free (the move
//!   `x → north-west` passes the wall); the same for south, with south-east and the east cell.
//! - AlwaysCut: west of `x` a wall makes north-west forced; south a wall makes south-east forced.
//!
//! With every neighbour pruned this way the canonical path between any two cells survives (Harabor and
//! Grastien's Theorem 1; the property tests check it against A* on every corner rule), so the path is
//! optimal: every edge between jump points is a straight or diagonal line whose cost is exactly its octile
//! length, and the octile distance (× the map's one step cost) orders the open list. It is consistent on
//! these edges, so a closed jump point is never reopened and an entry popped for a closed cell is exactly
//! a stale one. The heuristic setting is ignored: a weaker or inadmissible one would only cost speed or
//! optimality.
//!
//! # Data layout
//! - Slots, as in the engine: a cell's place in the map inside its one-cell border of walls
//!   ([`Grid::bordered_terrain`]), so every cell has eight neighbours with no bounds test.
//! - `nodes`: the jump points reached in this search, in the order first reached, each with its g, its
//!   bordered column and row (so that no expansion divides a slot by the width) and its parent's index
//!   (the previous jump point), 16 bytes a node. An open-list key carries its node's index, so a pop
//!   reads the node from this short, recently written list rather than from an array over the whole
//!   map. `node_by_slot` (4 bytes a slot) finds a reached slot's node, and two bitsets over the slots
//!   say which slots are reached (`seen_by_slot`) and expanded (`closed_by_slot`): 66 KB together on
//!   512 × 512, so that relaxing a jump point reached for the first time reads nothing outside the cache
//!   (it writes its node and `node_by_slot`). Measured: the one load of a 16-byte state a slot (4 MB at
//!   512 × 512, never cleared), which this replaced, was a third of the samples of `astar check
//!   --algorithm jps` on maze512-1-0 and a quarter on random512-25-0 (README, "JPS at block speed,
//!   second pass"). Begin clears the bits of the previous search's nodes only: O(its jump points),
//!   apart from the map check below.
//! - Bit rows: `rows` holds one bit per slot (1 = passable) row by row, `columns` the same column by
//!   column, each line padded with 64 wall bits on both sides; a straight scan reads its line and the two
//!   beside it 64 cells at a time and finds the first wall, forced neighbour or goal with one
//!   trailing/leading-zero count. They are built from a copy of the bordered terrain. A begin on the grid
//!   they were built from, unedited since ([`Grid::terrain_version`] says so), uses them as they are;
//!   any other begin compares the map with the copy (about 10 µs on 512 × 512, 34 µs on 1024 × 1024:
//!   when every begin compared, 29% of the samples of `astar check --algorithm jps` on Berlin_0_1024,
//!   200 problems), so an edit is always seen: a map of another size rebuilds them, and on one of the
//!   same size only the cells of the 4 KB blocks that differ are rewritten, bit by bit (measured: the
//!   full rebuild after one edit cost 1 ms on 512 × 512 and 4 ms on 1024 × 1024, on every paint stroke).
//! - JPS+ ([`Jps::plus`], the `jps-plus` feature): no bit rows; a `JumpTable` (see `jump_table.rs`) of
//!   jump distances per slot and direction, rebuilt under the same rule, and also when the corner rule
//!   changes. Everything else, the nodes and the search itself included, is shared.
//!
//! # Steps and counters
//! One [`Stepper::step`] pops and expands one jump point, jumping in each of its successor directions.
//! `expanded` counts jump points expanded, `generated` pushes, `stale_pops` entries of closed jump points;
//! `reopened` stays 0. [`Stepper::details`] adds `scanned`: passable cells stepped onto by jumps
//! (revisits counted, the cell where a jump stops included).

use super::jump_point::{diagonal_forced, direction_index};
#[cfg(feature = "jps-plus")]
use super::jump_table::JumpTable;
use super::open_list::OpenList;
use super::stepper::{report_accessors, Report, Request};
use super::stepper::{Detail, Stepper};
use super::trace::{Frontier, NEVER};
use super::{Outcome, SearchError, Step};
use crate::cost::{gcd, Cost, Pricing};
use crate::grid::{Grid, Terrain, TerrainVersion};
use crate::heuristic::Heuristic;
use crate::movement::{CornerRule, Movement, DIRECTIONS};

/// Marks "no parent" (the start) in [`Node::parent`].
const NO_PARENT: u32 = u32::MAX;

/// An open-list key is `f << f_shift | h << H_SHIFT | slot << SLOT_SHIFT | node`: lower f first, then
/// lower h, then the lower slot (so the order of pops depends on the map and the costs only), and the
/// node's index in [`Jps::nodes`] below them all. h is in units of the map's one step cost, priced as g
/// is (see [`Node::g`]); f = g · the step cost + h · h's scale, both divided by their greatest common
/// divisor (the same order as g + h when h is scaled by the step cost, as it is unless
/// [`SearchParams::unscaled_h`]). A slot and a node index each fit 23 bits: slots of a 2048 × 2048 map
/// with its border (2050² < 2^23), and each slot has one node at most. In the fixed point h fits 28 bits
/// (the octile distance across that map, 2049 diagonal steps, is below 2049 × 92,682 < 2^28) and f 54 (a
/// path's cost is below 2^51, [`crate::cost`], and h · its scale too): `f_shift` is [`FIXED_F_SHIFT`].
/// An exact pricing gives h and f the bits their bounds need (`choose_pricing`).
const INDEX_BITS: u32 = 23;
const INDEX_MASK: u128 = (1 << INDEX_BITS) - 1;
const SLOT_SHIFT: u32 = INDEX_BITS;
const H_SHIFT: u32 = 2 * INDEX_BITS;
const FIXED_F_SHIFT: u32 = H_SHIFT + 28;

/// One jump point reached in this search (see the module doc's data layout).
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The best g found, in units of the map's one step cost: a straight step adds the search's
    /// [`Pricing::straight`], a diagonal one its [`Pricing::diagonal`] (the reported costs are these in
    /// the fixed point, times the step cost in tenths).
    g: Cost,
    /// The node's bordered column and row (its slot is `y * bordered_width + x`): kept so that
    /// neither an expansion nor the direction from its parent needs a division.
    x: u16,
    y: u16,
    /// The index in [`Jps::nodes`] of the jump point it was reached from ([`NO_PARENT`] for the start).
    parent: u32,
}

/// True if bit `slot` of the bitset `bits` is set.
#[inline(always)]
fn has_bit(bits: &[u64], slot: u32) -> bool {
    bits[slot as usize / 64] >> (slot % 64) & 1 == 1
}

#[inline(always)]
fn set_bit(bits: &mut [u64], slot: u32) {
    bits[slot as usize / 64] |= 1 << (slot % 64);
}

/// Jump point search, keeping its buffers between searches (see the module doc).
///
/// # Example
/// ```
/// use astar_core::search::{Jps, Stepper};
/// use astar_core::{Algorithm, Grid, Outcome, SearchParams};
/// let grid = Grid::from_ascii("......\n.####.\n......").unwrap();
/// let params = SearchParams { algorithm: Algorithm::Jps, ..SearchParams::default() };
/// let result = Jps::new().solve(&grid, &params, grid.cell(0, 1), grid.cell(5, 1)).unwrap();
/// assert_eq!(result.outcome, Outcome::Found);
/// // Round the wall without cutting its corners: 7 moves, every grid cell listed, not only jump points.
/// assert_eq!(result.path.len(), 8);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Jps {
    /// The bordered terrain the bit rows were built from, and its width (`width + 2`) and height.
    terrain: Vec<Terrain>,
    /// The version of the grid whose terrain `terrain` is (see [`Grid::terrain_version`]).
    terrain_version: Option<TerrainVersion>,
    bordered_width: u32,
    bordered_height: u32,
    /// The map's width (cell id = y * width + x).
    width: u32,
    /// One line per bordered row: bit `64 + column` set when the slot is passable (see the module doc).
    rows: Vec<u64>,
    /// Words per line of `rows`.
    row_words: usize,
    /// One line per bordered column: bit `64 + row` set when the slot is passable.
    columns: Vec<u64>,
    /// Words per line of `columns`.
    column_words: usize,

    /// The jump points reached in this search, in the order first reached (see the module doc).
    nodes: Vec<Node>,
    /// Indexed by slot: the index in `nodes` of the slot's node, where `seen_by_slot` has its bit.
    node_by_slot: Vec<u32>,
    /// One bit per slot: reached in this search (it has a node).
    seen_by_slot: Vec<u64>,
    /// One bit per slot: expanded in this search.
    closed_by_slot: Vec<u64>,
    /// True once a search has begun.
    begun: bool,
    /// Keys as [`FIXED_F_SHIFT`] says.
    open: OpenList<u128>,
    /// How g and h are priced: exactly unless the keys could not hold it (see `choose_pricing`).
    pricing: Pricing,
    /// Where f starts in a key (see [`FIXED_F_SHIFT`]).
    f_shift: u32,
    /// f = g · `g_factor` + h · `h_factor` (see [`FIXED_F_SHIFT`]).
    g_factor: Cost,
    h_factor: Cost,
    open_count: u64,
    rule: CornerRule,
    /// The map's one passable cost: the search counts g and h in units of it (see [`Node::g`]).
    step_cost: u16,
    /// What h is multiplied by ([`SearchParams::h_scale_tenths`]): the step cost unless h is unscaled.
    h_scale: u16,
    start: u32,
    goal: u32,
    /// The goal's bordered column and row.
    goal_xy: (u32, u32),
    expansion_limit: Option<u32>,
    /// The expanded jump point closest to the goal (octile distance) and its node, for a partial path.
    closest: (Cost, u32),
    /// The outcome, counters, path, last expanded cell and trace (see `Report`).
    report: Report,
    /// Cells stepped onto by jumps (see the module doc).
    scanned: u64,
    /// JPS+: the jumps are read from this table instead of scanned (see `jump_table`); `None` for
    /// plain JPS.
    #[cfg(feature = "jps-plus")]
    table: Option<JumpTable>,
}

/// Reads 64 bits of a padded line, starting at position `pos` (bit `pos + 64`; `pos >= -64`).
#[inline(always)]
fn window(line: &[u64], pos: i64) -> u64 {
    let bit = (pos + 64) as usize;
    let (word, offset) = (bit / 64, bit % 64);
    let pair = (line[word + 1] as u128) << 64 | line[word] as u128;
    (pair >> offset) as u64
}

/// The forced-neighbour rules of a straight move as a bit test, for the three corner rules (see the
/// module doc's first picture): `RULE` 0 NoCut, 1 CutIfOneFree, 2 AlwaysCut.
const NO_CUT: u8 = 0;
const CUT_IF_ONE_FREE: u8 = 1;
const ALWAYS_CUT: u8 = 2;

/// The bits of the 64 positions from `base` (bit j: position `base + j`) that have a forced neighbour
/// on the line `side_a` or `side_b` beside the scanned line `here`, for a scan in the direction in which
/// `ahead` is one position further than `base` and `behind` one back (the module doc's first picture,
/// turned; the free bit of the position itself is tested by the caller). A function rather than a
/// closure inside [`scan`]: the closure was compiled as a call of its own (measured: 13% of JPS's time on
/// maze512-32-9).
#[inline(always)]
fn forced<const RULE: u8>(
    here: &[u64],
    side_a: &[u64],
    side_b: &[u64],
    base: i64,
    ahead: i64,
    behind: i64,
) -> u64 {
    let (a, b) = (window(side_a, base), window(side_b, base));
    match RULE {
        NO_CUT => (a & !window(side_a, behind)) | (b & !window(side_b, behind)),
        CUT_IF_ONE_FREE => {
            ((!a & window(side_a, ahead)) | (!b & window(side_b, ahead))) & window(here, ahead)
        }
        _ => (!a & window(side_a, ahead)) | (!b & window(side_b, ahead)),
    }
}

/// Scans a line from position `pos` (exclusive) forwards or backwards: `here` is the line, `side_a` and
/// `side_b` the lines beside it. Returns where the scan stopped and whether that is a jump point (a
/// forced neighbour or the goal) rather than a wall.
#[inline(always)]
fn scan<const RULE: u8>(
    here: &[u64],
    side_a: &[u64],
    side_b: &[u64],
    pos: u32,
    forward: bool,
    goal: Option<u32>,
) -> (u32, bool) {
    if forward {
        // Bit j of each window is position base + j; the first event is the lowest bit.
        let mut base = pos as i64 + 1;
        loop {
            let free = window(here, base);
            let forced = forced::<RULE>(here, side_a, side_b, base, base + 1, base - 1);
            let mut events = !free | (forced & free);
            if let Some(g) = goal {
                let offset = g as i64 - base;
                if (0..64).contains(&offset) {
                    events |= 1 << offset;
                }
            }
            if events != 0 {
                let j = events.trailing_zeros();
                return ((base + j as i64) as u32, free >> j & 1 == 1);
            }
            base += 64;
        }
    }
    // Bit j is position base + j, the window ending at `pos - 1`; the first event is the highest bit.
    // The border's wall at position 0 stops the scan before `base` drops below -63.
    let mut base = pos as i64 - 64;
    loop {
        let free = window(here, base);
        let forced = forced::<RULE>(here, side_a, side_b, base, base - 1, base + 1);
        let mut events = !free | (forced & free);
        if let Some(g) = goal {
            let offset = g as i64 - base;
            if (0..64).contains(&offset) {
                events |= 1 << offset;
            }
        }
        if events != 0 {
            let j = 63 - events.leading_zeros();
            return ((base + j as i64) as u32, free >> j & 1 == 1);
        }
        base -= 64;
    }
}

/// True if `a` and `b` hold the same terrain. Slice equality on an enum compares element by element
/// with an early exit (measured: half of a search's time on arena2); this ORs the differences of 4 KB
/// blocks, which the compiler vectorises, and stops at the first block that differs.
fn same_terrain(a: &[Terrain], b: &[Terrain]) -> bool {
    const BLOCK: usize = 4096;
    a.len() == b.len()
        && a.chunks(BLOCK).zip(b.chunks(BLOCK)).all(|(x, y)| {
            x.iter()
                .zip(y)
                .fold(0u8, |diff, (&p, &q)| diff | (p as u8 ^ q as u8))
                == 0
        })
}

impl Jps {
    /// An empty search; buffers grow on the first search.
    pub fn new() -> Jps {
        Jps::default()
    }

    /// JPS+ (Harabor and Grastien 2014; Rabin 2015): the same search, reading every jump from a table
    /// of jump distances built for the map and the corner rule instead of scanning for it. It expands
    /// the same jump points in the same order as [`Jps::new`]; only `scanned` is not counted. The table is
    /// rebuilt at the first `begin` on a map (or corner rule) that differs from the one it was built for.
    /// Only with the `jps-plus` feature.
    ///
    /// # Example
    /// ```
    /// use astar_core::search::{Jps, Stepper};
    /// use astar_core::{Algorithm, Grid, SearchParams};
    /// let mut grid = Grid::from_ascii("......\n.####.\n......").unwrap();
    /// let params = SearchParams { algorithm: Algorithm::JpsPlus, ..SearchParams::default() };
    /// let (start, goal) = (grid.cell(0, 1), grid.cell(5, 1));
    /// let mut search = Jps::plus();
    /// assert_eq!(search.solve(&grid, &params, start, goal).unwrap().path.len(), 8);
    /// // An edit is seen at the next search: the table is rebuilt.
    /// grid.set_terrain(grid.cell(0, 0), astar_core::Terrain::Wall);
    /// grid.set_terrain(grid.cell(0, 2), astar_core::Terrain::Wall);
    /// assert!(search.solve(&grid, &params, start, goal).unwrap().path.is_empty());
    /// ```
    #[cfg(feature = "jps-plus")]
    pub fn plus() -> Jps {
        Jps {
            table: Some(JumpTable::default()),
            ..Jps::default()
        }
    }

    /// Brings the bit rows up to `grid`: kept when the grid's terrain version is the one they were built
    /// from, rebuilt for a map of another size, patched cell by cell where a map of the same size differs
    /// (JPS+: the jump table rebuilt when the map differs in any way, or the corner rule changed).
    fn load_map(&mut self, grid: &Grid) {
        let (bw, bh) = (grid.width() + 2, grid.height() + 2);
        let terrain = grid.bordered_terrain();
        let same_size = self.bordered_width == bw && self.terrain.len() == terrain.len();
        let version = Some(grid.terrain_version());
        // The same version: the same terrain, so no need to compare it (see the module doc).
        let unchanged = same_size && self.terrain_version == version;
        self.terrain_version = version;
        #[cfg(feature = "jps-plus")]
        if let Some(table) = &mut self.table {
            let same_map = unchanged || (same_size && same_terrain(&self.terrain, terrain));
            if !same_map {
                self.terrain.clear();
                self.terrain.extend_from_slice(terrain);
                (self.bordered_width, self.bordered_height) = (bw, bh);
            }
            if !same_map || table.rule() != Some(self.rule) {
                table.build(&self.terrain, bw, self.rule);
            }
            return;
        }
        if same_size && self.row_words != 0 {
            if !unchanged {
                self.patch_bits(terrain);
            }
            return;
        }
        self.terrain.clear();
        self.terrain.extend_from_slice(terrain);
        (self.bordered_width, self.bordered_height) = (bw, bh);
        // 64 wall bits before and after each line, and one word more for the window's second load.
        let words = |len: u32| (len as usize).div_ceil(64) + 3;
        (self.row_words, self.column_words) = (words(bw), words(bh));
        self.rows.clear();
        self.rows.resize(self.row_words * bh as usize, 0);
        self.columns.clear();
        self.columns.resize(self.column_words * bw as usize, 0);
        for slot in 0..self.terrain.len() {
            if self.terrain[slot] != Terrain::Wall {
                self.set_bits(slot, true);
            }
        }
    }

    /// Brings the terrain copy and the bit rows up to `terrain`, a map of the same size: only the cells
    /// of the 4 KB blocks that differ are visited (an edit costs the compare, not a rebuild; see the
    /// module doc's data layout).
    fn patch_bits(&mut self, terrain: &[Terrain]) {
        const BLOCK: usize = 4096;
        for start in (0..terrain.len()).step_by(BLOCK) {
            let end = (start + BLOCK).min(terrain.len());
            if same_terrain(&self.terrain[start..end], &terrain[start..end]) {
                continue;
            }
            for (slot, &new) in terrain.iter().enumerate().take(end).skip(start) {
                if self.terrain[slot] != new {
                    self.terrain[slot] = new;
                    self.set_bits(slot, new != Terrain::Wall);
                }
            }
        }
    }

    /// Sets (passable) or clears (wall) the bit of `slot` in its row and in its column.
    fn set_bits(&mut self, slot: usize, passable: bool) {
        let bw = self.bordered_width as usize;
        let (x, y) = (slot % bw, slot / bw);
        let row = &mut self.rows[y * self.row_words + (x + 64) / 64];
        let column = &mut self.columns[x * self.column_words + (y + 64) / 64];
        let (row_bit, column_bit) = (1u64 << ((x + 64) % 64), 1u64 << ((y + 64) % 64));
        if passable {
            *row |= row_bit;
            *column |= column_bit;
        } else {
            *row &= !row_bit;
            *column &= !column_bit;
        }
    }

    /// The slot of a cell id.
    #[inline]
    fn slot(&self, cell: u32) -> u32 {
        (cell / self.width + 1) * self.bordered_width + cell % self.width + 1
    }

    /// The cell id of a slot inside the map.
    #[inline]
    fn cell_of(&self, slot: u32) -> u32 {
        (slot / self.bordered_width - 1) * self.width + slot % self.bordered_width - 1
    }

    #[inline(always)]
    fn free(&self, slot: u32) -> bool {
        self.terrain[slot as usize] != Terrain::Wall
    }

    /// The octile distance from the bordered (x, y) to the goal, in units of the step cost.
    #[inline]
    fn estimate(&self, x: u32, y: u32) -> Cost {
        self.estimate_in(x, y, self.pricing)
    }

    /// The octile distance from the bordered (x, y) to the goal under `pricing`.
    #[inline]
    fn estimate_in(&self, x: u32, y: u32, pricing: Pricing) -> Cost {
        let (dx, dy) = (x.abs_diff(self.goal_xy.0), y.abs_diff(self.goal_xy.1));
        Heuristic::Octile.estimate_priced(dx, dy, 1, pricing)
    }

    /// The pricing of a search on `grid` with the step cost and h's scale set, and with it `f_shift`,
    /// `g_factor` and `h_factor`: exact ([`Pricing::exact`]) for a bound on the units of f, the passable
    /// cells entered once and the largest estimate, when h and f fit the key beside the slot and the node
    /// (on every map up to 2048 × 2048 whose h is scaled by its step cost); the fixed point as before
    /// otherwise. O(1).
    fn choose_pricing(&self, grid: &Grid) -> (Pricing, u32, Cost, Cost) {
        let (step, scale) = (self.step_cost as Cost, self.h_scale as Cost);
        let common = gcd(step, scale);
        let (g_factor, h_factor) = (step / common, scale / common);
        let passable = (grid.len() - grid.count(Terrain::Wall) as usize) as Cost;
        let across = (grid.width() + grid.height()) as Cost;
        let bound = g_factor * (passable + 1) + h_factor * across;
        let bits = |v: Cost| Cost::BITS - v.leading_zeros();
        if let Some(exact) = Pricing::exact(bound) {
            // The bound is below q, below p, below 2^31: no product overflows.
            let f_shift = H_SHIFT + bits(across * exact.diagonal);
            if f_shift + bits(bound * exact.diagonal) <= 128 {
                return (exact, f_shift, g_factor, h_factor);
            }
        }
        (Pricing::FIXED, FIXED_F_SHIFT, step, scale)
    }

    /// The node of `slot`, if it was reached in this search.
    #[inline(always)]
    fn node(&self, slot: u32) -> Option<&Node> {
        has_bit(&self.seen_by_slot, slot)
            .then(|| &self.nodes[self.node_by_slot[slot as usize] as usize])
    }

    /// The slot of a node.
    #[inline(always)]
    fn slot_of(&self, node: &Node) -> u32 {
        node.y as u32 * self.bordered_width + node.x as u32
    }

    /// The node of `cell`, if a search has begun, `cell` is on its map and the search reached it.
    fn node_of_cell(&self, cell: u32) -> Option<&Node> {
        if !self.begun || cell >= self.width * (self.bordered_height - 2) {
            return None;
        }
        self.node(self.slot(cell))
    }

    /// Forgets the previous search: sizes the bitsets and `node_by_slot` for `slots` slots, or clears
    /// only the bits of the previous search's nodes (the only ones set).
    fn forget_nodes(&mut self, slots: usize) {
        if self.node_by_slot.len() != slots {
            self.node_by_slot.clear();
            self.node_by_slot.resize(slots, 0);
            for bits in [&mut self.seen_by_slot, &mut self.closed_by_slot] {
                bits.clear();
                bits.resize(slots.div_ceil(64), 0);
            }
        } else {
            for node in &self.nodes {
                let word = (node.y as usize * self.bordered_width as usize + node.x as usize) / 64;
                self.seen_by_slot[word] = 0;
                self.closed_by_slot[word] = 0;
            }
        }
        self.nodes.clear();
    }

    /// Pushes `slot`, at the bordered (x, y), with cost `g` (in units of the step cost) reached from the
    /// node `parent`, unless it was reached before at no more.
    fn relax(&mut self, slot: u32, (x, y): (u32, u32), g: Cost, parent: u32) {
        let node = if has_bit(&self.seen_by_slot, slot) {
            // Closed: the octile estimate is consistent on jump-point edges, so g cannot improve (see
            // the module doc).
            if has_bit(&self.closed_by_slot, slot) {
                return;
            }
            let index = self.node_by_slot[slot as usize];
            let known = &mut self.nodes[index as usize];
            if known.g <= g {
                return;
            }
            (known.g, known.parent) = (g, parent);
            index
        } else {
            // Reached for the first time: written, not read (see the module doc).
            let index = self.nodes.len() as u32;
            let (x, y) = (x as u16, y as u16);
            self.nodes.push(Node { g, x, y, parent });
            self.node_by_slot[slot as usize] = index;
            set_bit(&mut self.seen_by_slot, slot);
            self.open_count += 1;
            self.report.counters.open_peak = self.report.counters.open_peak.max(self.open_count);
            index
        };
        let h = self.estimate(x, y);
        let f = g * self.g_factor + h * self.h_factor;
        self.open.push(
            (f as u128) << self.f_shift
                | (h as u128) << H_SHIFT
                | (slot as u128) << SLOT_SHIFT
                | node as u128,
        );
        self.report.counters.generated += 1;
        if let Some(trace) = &mut self.report.trace {
            let cell = (y - 1) * self.width + x - 1;
            trace.set_frontier(cell, Frontier::Forward);
            trace.open(cell, self.report.counters.expanded);
        }
    }

    /// The directions to jump in from `slot`, at the bordered (x, y), reached from the node `parent`,
    /// as a mask over [`DIRECTIONS`]: the natural and forced neighbours of the module doc's pictures
    /// (all eight at the start).
    fn successors(&self, slot: u32, (x, y): (u32, u32), parent: u32) -> u8 {
        if parent == NO_PARENT {
            return 0xff;
        }
        let bw = self.bordered_width as i64;
        let Node { x: px, y: py, .. } = self.nodes[parent as usize];
        let dx = (x as i32 - px as i32).signum();
        let dy = (y as i32 - py as i32).signum();
        let free = |ox: i32, oy: i32| self.free((slot as i64 + oy as i64 * bw + ox as i64) as u32);
        let bit = |dx: i32, dy: i32| 1u8 << direction_index(dx, dy);
        let mut dirs = bit(dx, dy);
        if dx == 0 || dy == 0 {
            // The two sides of a straight move: (dy, dx) and its opposite.
            for (sx, sy) in [(dy, dx), (-dy, -dx)] {
                let side = free(sx, sy);
                match self.rule {
                    CornerRule::NoCut => {
                        if side && !free(sx - dx, sy - dy) {
                            dirs |= bit(sx, sy) | bit(sx + dx, sy + dy);
                        }
                    }
                    CornerRule::CutIfOneFree => {
                        if !side && free(sx + dx, sy + dy) && free(dx, dy) {
                            dirs |= bit(sx + dx, sy + dy);
                        }
                    }
                    CornerRule::AlwaysCut => {
                        if !side && free(sx + dx, sy + dy) {
                            dirs |= bit(sx + dx, sy + dy);
                        }
                    }
                }
            }
            return dirs;
        }
        dirs |= bit(dx, 0) | bit(0, dy);
        if self.rule != CornerRule::NoCut {
            let one_free = self.rule == CornerRule::CutIfOneFree;
            if !free(-dx, 0) && free(-dx, dy) && (!one_free || free(0, dy)) {
                dirs |= bit(-dx, dy);
            }
            if !free(0, -dy) && free(dx, -dy) && (!one_free || free(dx, 0)) {
                dirs |= bit(dx, -dy);
            }
        }
        dirs
    }

    /// True if the diagonal move (dx, dy) out of `slot` passes the corners allowed by the rule (the
    /// target itself must be checked apart).
    #[inline(always)]
    fn corners_allow(&self, slot: u32, dx: i32, dy: i32) -> bool {
        let across = slot.wrapping_add(dx as u32);
        let along = slot.wrapping_add((dy as u32).wrapping_mul(self.bordered_width));
        let (a, b) = (self.free(across), self.free(along));
        match self.rule {
            CornerRule::NoCut => a & b,
            CornerRule::CutIfOneFree => a | b,
            CornerRule::AlwaysCut => true,
        }
    }

    /// True if the cell at `slot`, entered diagonally by (dx, dy), has a forced neighbour.
    #[inline(always)]
    fn diagonal_forced(&self, slot: u32, dx: i32, dy: i32) -> bool {
        let bw = self.bordered_width as i64;
        diagonal_forced(self.rule, dx, dy, |ox, oy| {
            self.free((slot as i64 + oy as i64 * bw + ox as i64) as u32)
        })
    }

    /// Jumps straight from the bordered (x, y) by (dx, dy), one of them 0: the jump point and the number
    /// of steps to it, or `None` at a wall. Counts (and, with the trace, marks) the cells scanned.
    fn jump_straight(&mut self, x: u32, y: u32, dx: i32, dy: i32) -> Option<(u32, u32)> {
        let slot = y * self.bordered_width + x;
        let offset = if dy == 0 {
            dx as u32
        } else {
            (dy as u32).wrapping_mul(self.bordered_width)
        };
        // Most scans out of a diagonal jump meet a wall at once: no need to load the bit rows.
        if !self.free(slot.wrapping_add(offset)) {
            return None;
        }
        let (bits, words, line, pos, forward, goal) = if dy == 0 {
            let goal = (self.goal_xy.1 == y).then_some(self.goal_xy.0);
            (&self.rows, self.row_words, y, x, dx > 0, goal)
        } else {
            let goal = (self.goal_xy.0 == x).then_some(self.goal_xy.1);
            (&self.columns, self.column_words, x, y, dy > 0, goal)
        };
        let line_at = |l: u32| &bits[l as usize * words..(l as usize + 1) * words];
        let (here, side_a, side_b) = (line_at(line), line_at(line - 1), line_at(line + 1));
        let (end, found) = match self.rule {
            CornerRule::NoCut => scan::<NO_CUT>(here, side_a, side_b, pos, forward, goal),
            CornerRule::CutIfOneFree => {
                scan::<CUT_IF_ONE_FREE>(here, side_a, side_b, pos, forward, goal)
            }
            CornerRule::AlwaysCut => scan::<ALWAYS_CUT>(here, side_a, side_b, pos, forward, goal),
        };
        let steps = end.abs_diff(pos);
        self.scanned += (steps - !found as u32) as u64;
        if self.report.trace.is_some() {
            self.mark_scanned(slot, offset, steps - 1);
        }
        found.then(|| (slot.wrapping_add(offset.wrapping_mul(steps)), steps))
    }

    /// Jumps diagonally from `slot` by (dx, dy): the jump point and the number of steps to it, or `None`.
    fn jump_diagonal(&mut self, slot: u32, dx: i32, dy: i32) -> Option<(u32, u32)> {
        let bw = self.bordered_width;
        let offset = (dy as u32).wrapping_mul(bw).wrapping_add(dx as u32);
        let (mut x, mut y) = (slot % bw, slot / bw);
        let mut here = slot;
        let mut steps = 0;
        loop {
            let next = here.wrapping_add(offset);
            if !self.free(next) || !self.corners_allow(here, dx, dy) {
                return None;
            }
            steps += 1;
            self.scanned += 1;
            (x, y) = (x.wrapping_add(dx as u32), y.wrapping_add(dy as u32));
            if next == self.goal
                || self.diagonal_forced(next, dx, dy)
                || self.jump_straight(x, y, dx, 0).is_some()
                || self.jump_straight(x, y, 0, dy).is_some()
            {
                return Some((next, steps));
            }
            if self.report.trace.is_some() {
                self.mark_scanned(here, offset, 1);
            }
            here = next;
        }
    }

    /// With the trace on: marks the `count` cells after `slot` along `offset` as scanned, unless they
    /// were reached already (a jump point or an earlier scan).
    fn mark_scanned(&mut self, slot: u32, offset: u32, count: u32) {
        let step = self.report.counters.expanded;
        let mut s = slot;
        for _ in 0..count {
            s = s.wrapping_add(offset);
            let cell = self.cell_of(s);
            let trace = self.report.trace.as_mut().expect("the trace is on");
            if trace.opened_at()[cell as usize] == NEVER {
                trace.set_frontier(cell, Frontier::Scanned);
                trace.open(cell, step);
            }
        }
    }

    /// Closes `slot`, whose node is `node`, jumps in its successor directions and pushes the jump
    /// points found.
    fn expand(&mut self, slot: u32, node: u32) -> u32 {
        set_bit(&mut self.closed_by_slot, slot);
        let Node { g, x, y, parent } = self.nodes[node as usize];
        let (x, y) = (x as u32, y as u32);
        let cell = (y - 1) * self.width + x - 1;
        self.open_count -= 1;
        self.report.counters.expanded += 1;
        self.report.last_expanded = Some(cell);
        if let Some(trace) = &mut self.report.trace {
            trace.close(cell, self.report.counters.expanded);
        }
        if slot == self.goal {
            self.finish(Outcome::Found);
            return cell;
        }
        if self.expansion_limit.is_some() {
            let distance = Heuristic::Octile.estimate(
                x.abs_diff(self.goal_xy.0),
                y.abs_diff(self.goal_xy.1),
                1,
            );
            if distance < self.closest.0 {
                self.closest = (distance, node);
            }
        }
        let mut dirs = self.successors(slot, (x, y), parent);
        while dirs != 0 {
            let index = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let (dx, dy) = DIRECTIONS[index];
            let step = if dx == 0 || dy == 0 {
                self.pricing.straight
            } else {
                self.pricing.diagonal
            };
            if let Some((point, steps)) = self.jump(slot, x, y, index) {
                let to = (
                    x.wrapping_add_signed(dx * steps as i32),
                    y.wrapping_add_signed(dy * steps as i32),
                );
                self.relax(point, to, g + steps as Cost * step, node);
            }
        }
        cell
    }

    /// Jumps from `slot`, at the bordered (x, y), in direction `index` of [`DIRECTIONS`]: the jump point
    /// and the number of steps to it, or `None`. Read from the table (JPS+) or scanned.
    #[inline(always)]
    fn jump(&mut self, slot: u32, x: u32, y: u32, index: usize) -> Option<(u32, u32)> {
        #[cfg(feature = "jps-plus")]
        if let Some(table) = &self.table {
            return table.jump(slot, (x, y), index, self.goal_xy);
        }
        let (dx, dy) = DIRECTIONS[index];
        if dx == 0 || dy == 0 {
            self.jump_straight(x, y, dx, dy)
        } else {
            self.jump_diagonal(slot, dx, dy)
        }
    }

    /// Ends the search and builds the path: the jump points from the start to the goal (or to the
    /// closest expanded one), with the grid cells between them.
    fn finish(&mut self, outcome: Outcome) -> Outcome {
        self.report.outcome = Some(outcome);
        self.report.path.clear();
        self.report.path_cost = 0;
        let end = match outcome {
            Outcome::Found => self.node_by_slot[self.goal as usize],
            Outcome::LimitReached => self.closest.1,
            Outcome::Unreachable => return outcome,
        };
        let mut node = self.nodes[end as usize];
        self.report.path_cost = self.pricing.to_fixed(node.g) * self.step_cost as Cost;
        let bw = self.bordered_width as i64;
        loop {
            let slot = self.slot_of(&node);
            if node.parent == NO_PARENT {
                self.report.path.push(self.cell_of(slot));
                break;
            }
            let parent = self.nodes[node.parent as usize];
            // Walk back from `slot` to `parent` (a straight or diagonal line), parent excluded.
            let back = (parent.x as i64 - node.x as i64).signum()
                + (parent.y as i64 - node.y as i64).signum() * bw;
            let parent_slot = self.slot_of(&parent) as i64;
            let mut s = slot as i64;
            while s != parent_slot {
                self.report.path.push(self.cell_of(s as u32));
                s += back;
            }
            node = parent;
        }
        self.report.path.reverse();
        outcome
    }
}

impl Stepper for Jps {
    report_accessors!();

    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError> {
        let (params, start, goal) = (&request.params, request.start, request.goal);
        self.rule = match params.movement {
            Movement::Eight(rule) => rule,
            Movement::Four => unreachable!("the registry row refuses 4-neighbour movement"),
        };
        self.load_map(grid);
        self.width = grid.width();
        self.forget_nodes(self.terrain.len());
        self.begun = true;
        self.step_cost = grid.cheapest_tenths();
        self.h_scale = params.h_scale_tenths(grid);
        (self.pricing, self.f_shift, self.g_factor, self.h_factor) = self.choose_pricing(grid);
        self.start = self.slot(start);
        self.goal = self.slot(goal);
        let (gx, gy) = grid.xy(goal);
        let (sx, sy) = grid.xy(start);
        self.goal_xy = (gx + 1, gy + 1);
        self.expansion_limit = params.expansion_limit;
        self.closest = (Cost::MAX, 0);
        self.report.begin(grid.len());
        self.scanned = 0;
        self.open.clear();
        self.open_count = 0;
        self.relax(self.start, (sx + 1, sy + 1), 0, NO_PARENT);
        Ok(())
    }

    fn step(&mut self, _grid: &Grid) -> Step {
        if let Some(done) = self.report.finished() {
            return done;
        }
        if self.report.at_limit(self.expansion_limit) {
            return Step::Done(self.finish(Outcome::LimitReached));
        }
        let (slot, node) = loop {
            let Some(key) = self.open.pop() else {
                return Step::Done(self.finish(Outcome::Unreachable));
            };
            let slot = (key >> SLOT_SHIFT & INDEX_MASK) as u32;
            // Stale exactly when closed (see the module doc).
            if !has_bit(&self.closed_by_slot, slot) {
                break (slot, (key & INDEX_MASK) as u32);
            }
            self.report.counters.stale_pops += 1;
            if self.report.trace.is_some() {
                let cell = self.cell_of(slot);
                if let Some(trace) = &mut self.report.trace {
                    trace.stale_pop(cell);
                }
            }
        };
        Step::Expanded(self.expand(slot, node))
    }

    fn g(&self, cell: u32) -> Option<Cost> {
        self.node_of_cell(cell)
            .map(|node| self.pricing.to_fixed(node.g) * self.step_cost as Cost)
    }

    fn h(&self, grid: &Grid, cell: u32) -> Cost {
        if !self.begun {
            return 0;
        }
        let (x, y) = grid.xy(cell);
        self.estimate_in(x + 1, y + 1, Pricing::FIXED) * self.h_scale as Cost
    }

    fn prices_exactly(&self) -> bool {
        self.pricing != Pricing::FIXED
    }

    fn is_closed(&self, cell: u32) -> bool {
        self.node_of_cell(cell)
            .is_some_and(|node| has_bit(&self.closed_by_slot, self.slot_of(node)))
    }

    /// The jump point a jump point was reached from (a cell along a straight or diagonal line).
    fn parent(&self, cell: u32) -> Option<u32> {
        let parent = self.node_of_cell(cell)?.parent;
        (parent != NO_PARENT).then(|| self.cell_of(self.slot_of(&self.nodes[parent as usize])))
    }

    fn details(&self) -> Vec<Detail> {
        // JPS+ reads its jumps: it scans nothing.
        #[cfg(feature = "jps-plus")]
        if self.table.is_some() {
            return vec![];
        }
        vec![Detail {
            key: "scanned",
            value: self.scanned as f64,
        }]
    }
}
