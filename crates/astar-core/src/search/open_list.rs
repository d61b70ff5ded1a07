//! The open list: a 4-ary min-heap with lazy deletion (and, for the benchmark only, the indexed binary
//! heap with decrease-key that the optimisation chapter compared it with).
//!
//! A cell whose g improves is pushed again rather than moved; the old entry stays in the heap and is
//! recognised as stale when it is popped. Measured against an indexed heap with decrease-key, lazy
//! deletion does less work per relaxation; `astar bench article` keeps that comparison rerunnable.
//!
//! Order: smallest priority first, then the tie-break, then insertion order (`seq`, unique per push), so
//! the order is total and every run pops the same entries in the same order. The engine packs all three,
//! and the cell below them, into one `u128` whenever they fit (they do unless a very large map has very
//! expensive terrain, or a weight like 1.234 multiplies its priorities): then an entry is 16 bytes and
//! one `u128` compare orders two entries, with no branch to mispredict. When they do not fit, the list
//! is *wide*: entries are [`OpenEntry`], whose `key` holds priority and tie-break, and `seq` is compared
//! on equal keys. Measured on the Moving AI maps, the packed compare alone made searches about 1.8 times
//! faster than the three-field compare (the branch on equal keys mispredicted a lot); `astar bench
//! article` keeps a rerunnable form of that comparison (`variant::WideKeys`).
//!
//! Entries carry no g: a cell's newer entry always has a strictly smaller priority (g strictly smaller, h
//! fixed per cell), so it pops first and closes the cell; an entry popped for a closed cell is therefore
//! exactly a stale one (see `Search::step`).
//!
//! Pop uses Floyd's bottom-up sift: the hole left at the root walks down to a leaf along the smallest
//! children, then the last entry sifts up from there (the last entry is usually among the largest, so it
//! rarely climbs). Four children per node halve the depth, and so the chain of dependent loads, of a
//! binary heap (measured: about 12% faster than binary on the Moving AI maps). Each level loads the four
//! children once and picks the smallest with conditional moves on the loaded values, so the next level's
//! address waits for one round of loads, not two (measured with the 16-byte entries: searches about 10%
//! faster than with 24-byte entries picked by index and loaded again). Tried and measured slower on the
//! Moving AI maps (README, "The engine before and after"): eight children per node (1.5×: the final pick
//! became a branch), a radix heap on the priority (6%: too many entries share the smallest priority),
//! and filling the popped root with the next push (1.28×: the sift-down's early exit mispredicts).

use std::hint::select_unpredictable;

/// What the heap orders: an entry that knows whether it pops before another.
pub trait HeapEntry: Copy {
    /// True if `self` pops before `other`.
    fn before(&self, other: &Self) -> bool;
}

/// A packed entry: priority, tie-break, `seq` and the cell in one `u128` (see the module doc); 16 bytes,
/// one compare. The engine builds and decodes it.
impl HeapEntry for u128 {
    #[inline(always)]
    fn before(&self, other: &Self) -> bool {
        self < other
    }
}

/// One pushed cell, with its fields apart: the entry of a *wide* list (see the module doc) and of the
/// decrease-key heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenEntry {
    /// High and low halves of the 128-bit order key (priority and tie-break), smaller first.
    pub key: [u64; 2],
    /// Insertion order, compared on equal keys.
    pub seq: u32,
    /// The cell pushed.
    pub cell: u32,
}

impl OpenEntry {
    /// The key as one number.
    #[inline(always)]
    pub fn key(&self) -> u128 {
        ((self.key[0] as u128) << 64) | self.key[1] as u128
    }
}

impl HeapEntry for OpenEntry {
    #[inline(always)]
    fn before(&self, other: &Self) -> bool {
        (self.key(), self.seq) < (other.key(), other.seq)
    }
}

/// A 4-ary min-heap of entries, keeping its allocation between searches, with the smallest entry held
/// aside when it arrives by a push.
///
/// `front`, when set, pops before every entry of `heap` (the invariant). On a grid the next cell to expand
/// is very often a successor just generated (same f, lower h: straight on towards the goal); it then
/// waits in `front` and pops in O(1) instead of going through the heap twice.
#[derive(Clone, Debug)]
pub struct OpenList<E> {
    front: Option<E>,
    heap: Vec<E>,
}

impl<E> Default for OpenList<E> {
    fn default() -> Self {
        OpenList {
            front: None,
            heap: Vec::new(),
        }
    }
}

impl<E: HeapEntry> OpenList<E> {
    /// Empties the list, keeping the allocation.
    pub fn clear(&mut self) {
        self.front = None;
        self.heap.clear();
    }

    /// Entries in the list, stale ones included.
    pub fn len(&self) -> usize {
        self.heap.len() + self.front.is_some() as usize
    }

    /// True when no entry is left.
    pub fn is_empty(&self) -> bool {
        self.front.is_none() && self.heap.is_empty()
    }

    /// Adds an entry.
    #[inline(always)]
    pub fn push(&mut self, entry: E) {
        match self.front {
            Some(front) if entry.before(&front) => {
                self.heap_push(front);
                self.front = Some(entry);
            }
            Some(_) => self.heap_push(entry),
            None if self.heap.first().is_none_or(|top| entry.before(top)) => {
                self.front = Some(entry)
            }
            None => self.heap_push(entry),
        }
    }

    /// Removes and returns the first entry in the order described in the module doc.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<E> {
        if let Some(front) = self.front.take() {
            return Some(front);
        }
        self.heap_pop()
    }

    #[inline(always)]
    fn heap_push(&mut self, entry: E) {
        self.heap.push(entry);
        let heap = self.heap.as_mut_slice();
        let i = sift_up(heap, heap.len() - 1, &entry);
        heap[i] = entry;
    }

    #[inline(always)]
    fn heap_pop(&mut self) -> Option<E> {
        let last = self.heap.pop()?;
        let heap = self.heap.as_mut_slice();
        let Some(&top) = heap.first() else {
            return Some(last);
        };
        // Floyd: walk the hole down to a leaf along the smallest children, then sift `last` up.
        let len = heap.len();
        let mut i = 0;
        loop {
            let first = ARITY * i + 1;
            if let Some(children) = heap.get(first..first + ARITY) {
                // All four children exist: a tournament on values already loaded, so that the next
                // level's address waits for one round of loads, not two (the descent is a chain of them).
                let c: [E; ARITY] = children.try_into().expect("four children");
                let (a, ia) = smaller((c[0], 0), (c[1], 1));
                let (b, ib) = smaller((c[2], 2), (c[3], 3));
                let (m, im) = smaller((a, ia), (b, ib));
                heap[i] = m;
                i = first + im;
            } else {
                if first < len {
                    let mut child = first;
                    for c in first + 1..len {
                        if heap[c].before(&heap[child]) {
                            child = c;
                        }
                    }
                    heap[i] = heap[child];
                    i = child;
                }
                break;
            }
        }
        let i = sift_up(heap, i, &last);
        heap[i] = last;
        Some(top)
    }
}

/// The entry that pops first of two, with its tag; a conditional move, not a branch (which would
/// mispredict half the time).
#[inline(always)]
fn smaller<E: HeapEntry>(x: (E, usize), y: (E, usize)) -> (E, usize) {
    let take_y = y.0.before(&x.0);
    (
        select_unpredictable(take_y, y.0, x.0),
        select_unpredictable(take_y, y.1, x.1),
    )
}

/// Children per node of the lazy heap: node i's children are 4i + 1 ..= 4i + 4, its parent (i - 1) / 4.
const ARITY: usize = 4;

/// Moves parents of the hole at `i` down while `entry` pops before them; returns where `entry` belongs.
#[inline(always)]
fn sift_up<E: HeapEntry>(heap: &mut [E], mut i: usize, entry: &E) -> usize {
    while i > 0 {
        let parent = (i - 1) / ARITY;
        if !entry.before(&heap[parent]) {
            break;
        }
        heap[i] = heap[parent];
        i = parent;
    }
    i
}

/// The textbook alternative, for `astar bench` only: an indexed binary heap in which each cell has at
/// most one entry, and a relaxed cell's entry moves up in place (decrease-key). `position_by_cell` (indexed
/// by cell id, `u32::MAX` = not in the heap) costs 4 more bytes per cell and is written at every move.
#[doc(hidden)]
#[derive(Clone, Debug, Default)]
pub struct IndexedOpenList {
    heap: Vec<OpenEntry>,
    position_by_cell: Vec<u32>,
    wide: bool,
}

impl IndexedOpenList {
    const ABSENT: u32 = u32::MAX;

    /// Sizes the index for `cells` cells and empties the heap (O(entries), not O(cells)); `wide` says
    /// whether entries' `seq` breaks ties of their `key` (a packed key already holds `seq`).
    pub fn reset(&mut self, cells: usize, wide: bool) {
        self.wide = wide;
        if self.position_by_cell.len() != cells {
            self.position_by_cell = vec![Self::ABSENT; cells];
        }
        for entry in &self.heap {
            self.position_by_cell[entry.cell as usize] = Self::ABSENT;
        }
        self.heap.clear();
    }

    /// Entries in the heap (one per open cell).
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// True when no entry is left.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Adds `entry`, or, if its cell is already in the heap, replaces that cell's entry with it and
    /// moves it up (the new entry must pop before the old one, as a relaxation's does).
    pub fn push_or_decrease(&mut self, entry: OpenEntry) {
        let at = self.position_by_cell[entry.cell as usize];
        let start = if at == Self::ABSENT {
            self.heap.push(entry);
            self.heap.len() - 1
        } else {
            at as usize
        };
        self.sift_up(start, entry);
    }

    /// Removes and returns the first entry.
    pub fn pop(&mut self) -> Option<OpenEntry> {
        let last = self.heap.pop()?;
        self.position_by_cell[last.cell as usize] = Self::ABSENT;
        let Some(&top) = self.heap.first() else {
            return Some(last);
        };
        self.position_by_cell[top.cell as usize] = Self::ABSENT;
        let len = self.heap.len();
        let mut i = 0;
        loop {
            let left = 2 * i + 1;
            if left >= len {
                break;
            }
            let right = left + 1;
            let child = if right < len && self.before(&self.heap[right], &self.heap[left]) {
                right
            } else {
                left
            };
            if !self.before(&self.heap[child], &last) {
                break;
            }
            self.place(i, self.heap[child]);
            i = child;
        }
        self.place(i, last);
        Some(top)
    }

    fn sift_up(&mut self, mut i: usize, entry: OpenEntry) {
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.before(&entry, &self.heap[parent]) {
                break;
            }
            self.place(i, self.heap[parent]);
            i = parent;
        }
        self.place(i, entry);
    }

    #[inline]
    fn before(&self, a: &OpenEntry, b: &OpenEntry) -> bool {
        if self.wide {
            a.before(b)
        } else {
            a.key() < b.key()
        }
    }

    #[inline]
    fn place(&mut self, i: usize, entry: OpenEntry) {
        self.heap[i] = entry;
        self.position_by_cell[entry.cell as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries with many equal priorities and ties, as (primary, secondary, seq).
    fn triples() -> Vec<(u64, u64, u32)> {
        let mut state = 12345u64;
        (0..3000)
            .map(|seq| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((state >> 60) % 7, (state >> 50) % 3, seq)
            })
            .collect()
    }

    /// The engine's packed layout with 16 bits for the cell: primary, secondary, seq, cell.
    fn packed((primary, secondary, seq): (u64, u64, u32)) -> u128 {
        ((primary as u128) << 80)
            | ((secondary as u128) << 48)
            | ((seq as u128) << 16)
            | seq as u128
    }

    fn wide((primary, secondary, seq): (u64, u64, u32)) -> OpenEntry {
        OpenEntry {
            key: [primary, secondary],
            seq,
            cell: seq,
        }
    }

    /// Pushes every entry, popping one after every third push as a search does, and returns the cells
    /// (read by `cell`) in pop order.
    fn pop_order<E: HeapEntry>(entries: &[E], cell: impl Fn(E) -> u32) -> Vec<u32> {
        let mut list = OpenList::default();
        let mut popped = vec![];
        for (i, &e) in entries.iter().enumerate() {
            list.push(e);
            if i % 3 == 2 {
                popped.push(cell(list.pop().unwrap()));
            }
        }
        popped.extend(std::iter::from_fn(|| list.pop()).map(cell));
        assert!(list.is_empty());
        list.push(entries[0]);
        list.clear();
        assert!(list.is_empty());
        popped
    }

    #[test]
    fn pops_in_priority_then_tie_then_insertion_order_packed_or_wide() {
        let triples = triples();
        // The reference: the same interleaving with a sorted vector.
        let mut reference = vec![];
        let mut pending: Vec<(u64, u64, u32)> = vec![];
        for (i, &t) in triples.iter().enumerate() {
            pending.push(t);
            if i % 3 == 2 {
                pending.sort_by(|a, b| b.cmp(a));
                reference.push(pending.pop().unwrap().2);
            }
        }
        pending.sort();
        reference.extend(pending.iter().map(|t| t.2));

        let entries: Vec<_> = triples.iter().copied().map(packed).collect();
        assert_eq!(pop_order(&entries, |e| e as u32 & 0xffff), reference);
        let entries: Vec<_> = triples.iter().copied().map(wide).collect();
        assert_eq!(pop_order(&entries, |e| e.cell), reference);
    }

    #[test]
    fn decrease_key_moves_the_cells_entry() {
        let mut list = IndexedOpenList::default();
        list.reset(10, true);
        let entry = |primary, seq, cell| OpenEntry {
            key: [primary, 0],
            seq,
            cell,
        };
        list.push_or_decrease(entry(5, 0, 1));
        list.push_or_decrease(entry(7, 1, 2));
        list.push_or_decrease(entry(3, 2, 2));
        assert_eq!(list.len(), 2);
        assert_eq!(list.pop(), Some(entry(3, 2, 2)));
        assert_eq!(list.pop(), Some(entry(5, 0, 1)));
        assert_eq!(list.pop(), None);
        list.push_or_decrease(entry(9, 3, 2));
        list.reset(10, true);
        assert!(list.is_empty());
        list.push_or_decrease(entry(1, 4, 2));
        assert_eq!(list.len(), 1);
    }
}
