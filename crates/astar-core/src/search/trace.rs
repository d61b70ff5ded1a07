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
//!
//! **The open-list log** (off unless [`Trace::set_heap_log`] turns it on; the page's heap panel asks for
//! it while it is open): every push and pop of the open list since the search began, as `u32` words, so
//! that the page can arrange the same entries as the binary heap of the articles. The reader takes what
//! it has not read yet and clears it ([`Trace::clear_heap_log`]): the log holds what was logged since the
//! page last looked, not the whole search. The top two bits of a record's first word say what it is:
//!
//! ```text
//!   BEGIN      [3 << 30]                                      a search began: forget every entry
//!   PUSH       [cell, k0 hi, k0 lo, k1 hi, k1 lo, seq,       an entry for `cell` pushed with cost g
//!               g lo, g hi, h lo, h hi]                       and estimate h (fixed point, see `cost`)
//!   POP        [1 << 30 | cell]                               the first entry popped, `cell` expanded
//!   STALE POP  [2 << 30 | cell]                               the first entry popped, stale, skipped
//! ```
//!
//! Entries pop smallest (k0, k1, seq) first, compared as unsigned numbers in that order: the order of
//! the engine's open list, total (no two entries equal), so any correct heap fed these pushes pops
//! the same entries in the same order as the engine. A record is 10 words a push and 1 a pop, written
//! only while the log is on.

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
    /// The open-list log (see the module doc), `None` while it is off.
    heap_log: Option<Vec<u32>>,
}

/// What a record of the open-list log is: the top two bits of its first word (see the module doc).
pub mod heap_record {
    /// An entry pushed (nine words follow the cell).
    pub const PUSH: u32 = 0;
    /// The first entry popped and its cell expanded.
    pub const POP: u32 = 1 << 30;
    /// The first entry popped, stale, and skipped.
    pub const STALE_POP: u32 = 2 << 30;
    /// A search began.
    pub const BEGIN: u32 = 3 << 30;
    /// The bits of the first word that say which record it is.
    pub const KIND: u32 = 3 << 30;
    /// Words in a push record.
    pub const PUSH_WORDS: usize = 10;
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
        if let Some(log) = &mut self.heap_log {
            log.clear();
            log.push(heap_record::BEGIN);
        }
    }

    /// Turns the open-list log on (empty until the next [`Trace::reset`] writes its BEGIN) or off
    /// (dropping what it holds).
    pub fn set_heap_log(&mut self, on: bool) {
        match (on, self.heap_log.is_some()) {
            (true, false) => self.heap_log = Some(Vec::new()),
            (false, true) => self.heap_log = None,
            _ => {}
        }
    }

    /// Makes room for `words` more words in the open-list log (when it is on), so that a search run again
    /// to a known step writes its log without the vector doubling (a whole 1024 × 1024 search logs 38 MB).
    pub fn reserve_heap_log(&mut self, words: usize) {
        if let Some(log) = &mut self.heap_log {
            log.reserve_exact(words);
        }
    }

    /// True while the open-list log is on.
    pub fn heap_log_on(&self) -> bool {
        self.heap_log.is_some()
    }

    /// Logs the push of an entry for `cell` ordered by `key` then `seq` (see the module doc), with its
    /// cost `g` and estimate `h`; nothing while the log is off.
    #[inline(always)]
    pub fn log_push(&mut self, cell: u32, key: [u64; 2], seq: u32, g: u64, h: u64) {
        if let Some(log) = &mut self.heap_log {
            let hi = |v: u64| (v >> 32) as u32;
            let lo = |v: u64| v as u32;
            log.extend_from_slice(&[
                heap_record::PUSH | cell,
                hi(key[0]),
                lo(key[0]),
                hi(key[1]),
                lo(key[1]),
                seq,
                lo(g),
                hi(g),
                lo(h),
                hi(h),
            ]);
        }
    }

    /// The open-list log's records since it was last cleared (empty while it is off).
    pub fn heap_log(&self) -> &[u32] {
        self.heap_log.as_deref().unwrap_or(&[])
    }

    /// Forgets the records read (the log stays on).
    pub fn clear_heap_log(&mut self) {
        if let Some(log) = &mut self.heap_log {
            log.clear();
        }
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
        if let Some(log) = &mut self.heap_log {
            log.push(heap_record::POP | cell);
        }
    }

    /// Records that a stale entry of `cell` was popped and skipped (it changes no colour: no change).
    #[inline(always)]
    pub fn stale_pop(&mut self, cell: u32) {
        let i = cell as usize;
        self.entries_by_cell[i] = self.entries_by_cell[i].saturating_sub(1);
        if let Some(log) = &mut self.heap_log {
            log.push(heap_record::STALE_POP | cell);
        }
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
