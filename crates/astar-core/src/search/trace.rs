//! The trace every algorithm keeps for the playground's animation: per cell, the step at which it was
//! (last) opened and closed, which *frontier* it belongs to, its parent, and the cells changed since the
//! page last looked.
//!
//! Layout: every array is indexed by cell id (`y * width + x`) and sized to the map at
//! [`Trace::reset`]. A step number `k` means "after k expansions" for `opened_at` and "the k-th
//! expansion" (1-based) for `closed_at`, so the state of any cell at any step k is
//! `opened_at <= k` (reached) and `closed_at <= k` (closed) with no re-run: scrubbing back is free.
//! [`NEVER`] marks "not (yet)".
//!
//! `frontier_by_cell` says which of an algorithm's cell marks a reached cell is drawn with (see
//! [`super::registry::Mark`]): [`Frontier::Forward`] for a one-way search, [`Frontier::Backward`] for the
//! second frontier of a bidirectional search, [`Frontier::Scanned`] for a cell that a jump passed over
//! without putting it on the open list. `parent_by_cell` is filled only by algorithms whose parents are
//! not grid neighbours (any-angle search), so that the page can draw the parent segments.
//!
//! For the page's cell inspector the trace also counts, per cell, how often it was reopened (opened
//! while closed) and how many of its entries sit in the open list (`entries_by_cell`: +1 a push, −1 a
//! pop, stale or not), so that a cell's stale entries are its entries less the live one. Both are
//! `u8`, saturating (one byte a cell on a 2048 × 2048 map; no cell of a grid search comes near 255).

/// Marks "never" in the step arrays and "no parent" in the parent array.
pub const NEVER: u32 = u32::MAX;

/// Which frontier a reached cell belongs to (stored as its `u8` code in [`Trace::frontiers`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Frontier {
    /// Reached by the (forward) search: drawn open or closed.
    Forward = 0,
    /// Reached by the backward search of a bidirectional algorithm.
    Backward = 1,
    /// Passed over by a jump without being generated (jump point search): drawn lighter.
    Scanned = 2,
}

/// Per-cell steps, frontiers, parents and per-frame changes (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct Trace {
    opened_at: Vec<u32>,
    closed_at: Vec<u32>,
    frontier_by_cell: Vec<u8>,
    parent_by_cell: Vec<u32>,
    /// Indexed by cell id: times the cell was opened while closed (saturating).
    reopened_by_cell: Vec<u8>,
    /// Indexed by cell id: the cell's entries in the open list, live or stale (saturating).
    entries_by_cell: Vec<u8>,
    changed: Vec<u32>,
}

impl Trace {
    /// Sizes every array for `cells` cells and forgets the previous search (O(cells)). The parent array
    /// is kept only `with_parents` (4 bytes a cell that grid-neighbour searches do not need).
    pub fn reset(&mut self, cells: usize, with_parents: bool) {
        for array in [&mut self.opened_at, &mut self.closed_at] {
            array.clear();
            array.resize(cells, NEVER);
        }
        self.parent_by_cell.clear();
        if with_parents {
            self.parent_by_cell.resize(cells, NEVER);
        }
        self.frontier_by_cell.clear();
        self.frontier_by_cell.resize(cells, Frontier::Forward as u8);
        for array in [&mut self.reopened_by_cell, &mut self.entries_by_cell] {
            array.clear();
            array.resize(cells, 0);
        }
        self.changed.clear();
    }

    /// Records that `cell` was opened after `step` expansions.
    #[inline(always)]
    pub fn open(&mut self, cell: u32, step: u64) {
        let i = cell as usize;
        if self.is_closed(cell) {
            self.reopened_by_cell[i] = self.reopened_by_cell[i].saturating_add(1);
        }
        self.entries_by_cell[i] = self.entries_by_cell[i].saturating_add(1);
        self.opened_at[i] = step as u32;
        self.changed.push(cell);
    }

    /// Records that `cell` was closed by the `step`-th expansion (its live entry was popped).
    #[inline(always)]
    pub fn close(&mut self, cell: u32, step: u64) {
        let i = cell as usize;
        self.entries_by_cell[i] = self.entries_by_cell[i].saturating_sub(1);
        self.closed_at[i] = step as u32;
        self.changed.push(cell);
    }

    /// Records that a stale entry of `cell` was popped and skipped (it changes no colour: no change).
    #[inline(always)]
    pub fn stale_pop(&mut self, cell: u32) {
        let i = cell as usize;
        self.entries_by_cell[i] = self.entries_by_cell[i].saturating_sub(1);
    }

    /// True when `cell` is closed now: it was closed after it was last opened.
    pub fn is_closed(&self, cell: u32) -> bool {
        let closed = self.closed_at[cell as usize];
        closed != NEVER && closed > self.opened_at[cell as usize]
    }

    /// Per cell: how often it was opened again after being closed (saturating at 255).
    pub fn reopened(&self) -> &[u8] {
        &self.reopened_by_cell
    }

    /// Per cell: its entries in the open list, live or stale (saturating at 255).
    pub fn entries(&self) -> &[u8] {
        &self.entries_by_cell
    }

    /// Records which frontier `cell` belongs to (call before [`Trace::open`]: it does not mark a change).
    #[inline(always)]
    pub fn set_frontier(&mut self, cell: u32, frontier: Frontier) {
        self.frontier_by_cell[cell as usize] = frontier as u8;
    }

    /// Records the parent of `cell` (for algorithms whose parents are not neighbours).
    #[inline(always)]
    pub fn set_parent(&mut self, cell: u32, parent: u32) {
        self.parent_by_cell[cell as usize] = parent;
    }

    /// Forgets the list of changed cells.
    pub fn clear_changes(&mut self) {
        self.changed.clear();
    }

    /// Per cell: the number of expansions done when it was (last) opened, or [`NEVER`].
    pub fn opened_at(&self) -> &[u32] {
        &self.opened_at
    }

    /// Per cell: the 1-based expansion that (last) closed it, or [`NEVER`].
    pub fn closed_at(&self) -> &[u32] {
        &self.closed_at
    }

    /// Per cell: the [`Frontier`] code of a reached cell (0 for cells never reached).
    pub fn frontiers(&self) -> &[u8] {
        &self.frontier_by_cell
    }

    /// Per cell: its parent, or [`NEVER`]; empty unless the trace was reset `with_parents`.
    pub fn parents(&self) -> &[u32] {
        &self.parent_by_cell
    }

    /// Cells changed since the last [`Trace::clear_changes`], in order, possibly repeated.
    pub fn changes(&self) -> &[u32] {
        &self.changed
    }
}
