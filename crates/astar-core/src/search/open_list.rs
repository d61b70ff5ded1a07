//! The open list: a 4-ary min-heap with lazy deletion (and, for the benchmark only, the indexed binary
//! heap with decrease-key that the optimisation chapter compared it with).
//!
//! A cell whose g improves is pushed again rather than moved; the old entry stays in the heap and is
//! recognised as stale when it is popped. Measured against an indexed heap with decrease-key, lazy
//! deletion does less work per relaxation; `astar bench article` keeps that comparison rerunnable.
//!
//! Order: smallest priority first, then the tie-break, then insertion order (`seq`, unique per push), so
//! the order is total and every run pops the same entries in the same order. The engine encodes all three
//! in the entry's 128-bit `key` whenever they fit (they do unless a 2048-wide map has very expensive
//! terrain and the higher-g tie-break): then one `u128` compare orders two entries, with no branch to
//! mispredict. When they do not fit, the list is *wide*: `key` holds priority and tie-break, and `seq`
//! is compared on equal keys. Measured on the Moving AI maps, the packed compare alone made searches about
//! 1.8 times faster than the three-field compare (the branch on equal keys mispredicted a lot).
//!
//! Entries carry no g: a cell's newer entry always has a strictly smaller priority (g strictly smaller, h
//! fixed per cell), so it pops first and closes the cell; an entry popped for a closed cell is therefore
//! exactly a stale one (see `Search::step`).
//!
//! Pop uses Floyd's bottom-up sift: the hole left at the root walks down to a leaf along the smallest
//! children, then the last entry sifts up from there (the last entry is usually among the largest, so it
//! rarely climbs). Four children per node halve the depth, and so the chain of dependent loads, of a
//! binary heap (measured: about 12% faster than binary on the Moving AI maps).

/// One pushed cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenEntry {
    /// High and low halves of the 128-bit order key (see the module doc), smaller first.
    pub key: [u64; 2],
    /// Insertion order, compared only by a wide list on equal keys (0 in a packed list).
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

    /// True if `self` pops before `other`; `WIDE` says whether `seq` breaks ties of `key`.
    #[inline(always)]
    pub fn before<const WIDE: bool>(&self, other: &OpenEntry) -> bool {
        if WIDE {
            (self.key(), self.seq) < (other.key(), other.seq)
        } else {
            self.key() < other.key()
        }
    }
}

/// A binary min-heap of [`OpenEntry`], keeping its allocation between searches, with the smallest entry
/// held aside when it arrives by a push.
///
/// `front`, when set, pops before every entry of `heap` (the invariant). On a grid the next cell to expand
/// is very often a successor just generated (same f, lower h: straight on towards the goal); it then
/// waits in `front` and pops in O(1) instead of going through the heap twice.
#[derive(Clone, Debug, Default)]
pub struct OpenList {
    front: Option<OpenEntry>,
    heap: Vec<OpenEntry>,
    wide: bool,
}

impl OpenList {
    /// Empties the list, keeping the allocation; `wide` says whether entries' `seq` breaks ties of their
    /// `key` (see the module doc).
    pub fn clear(&mut self, wide: bool) {
        self.front = None;
        self.heap.clear();
        self.wide = wide;
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
    #[inline]
    pub fn push(&mut self, entry: OpenEntry) {
        if self.wide {
            self.push_in::<true>(entry)
        } else {
            self.push_in::<false>(entry)
        }
    }

    /// Removes and returns the first entry in the order described in the module doc.
    #[inline]
    pub fn pop(&mut self) -> Option<OpenEntry> {
        if let Some(front) = self.front.take() {
            return Some(front);
        }
        if self.wide {
            self.heap_pop::<true>()
        } else {
            self.heap_pop::<false>()
        }
    }

    #[inline(always)]
    fn push_in<const WIDE: bool>(&mut self, entry: OpenEntry) {
        match self.front {
            Some(front) if entry.before::<WIDE>(&front) => {
                self.heap_push::<WIDE>(front);
                self.front = Some(entry);
            }
            Some(_) => self.heap_push::<WIDE>(entry),
            None if self
                .heap
                .first()
                .is_none_or(|top| entry.before::<WIDE>(top)) =>
            {
                self.front = Some(entry)
            }
            None => self.heap_push::<WIDE>(entry),
        }
    }

    #[inline(always)]
    fn heap_push<const WIDE: bool>(&mut self, entry: OpenEntry) {
        self.heap.push(entry);
        let heap = self.heap.as_mut_slice();
        let i = sift_up::<WIDE>(heap, heap.len() - 1, &entry);
        heap[i] = entry;
    }

    #[inline(always)]
    fn heap_pop<const WIDE: bool>(&mut self) -> Option<OpenEntry> {
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
            if first + ARITY <= len {
                // All four children exist: a small tournament, no bounds checks.
                let pair = |a: usize| a + heap[a + 1].before::<WIDE>(&heap[a]) as usize;
                let (x, y) = (pair(first), pair(first + 2));
                // y > x: pick by arithmetic, not a branch that mispredicts half the time.
                let child = x + (y - x) * heap[y].before::<WIDE>(&heap[x]) as usize;
                heap[i] = heap[child];
                i = child;
            } else {
                if first < len {
                    let mut child = first;
                    for c in first + 1..len {
                        if heap[c].before::<WIDE>(&heap[child]) {
                            child = c;
                        }
                    }
                    heap[i] = heap[child];
                    i = child;
                }
                break;
            }
        }
        let i = sift_up::<WIDE>(heap, i, &last);
        heap[i] = last;
        Some(top)
    }
}

/// Children per node of the lazy heap: node i's children are 4i + 1 ..= 4i + 4, its parent (i - 1) / 4.
const ARITY: usize = 4;

/// Moves parents of the hole at `i` down while `entry` pops before them; returns where `entry` belongs.
#[inline(always)]
fn sift_up<const WIDE: bool>(heap: &mut [OpenEntry], mut i: usize, entry: &OpenEntry) -> usize {
    while i > 0 {
        let parent = (i - 1) / ARITY;
        if !entry.before::<WIDE>(&heap[parent]) {
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

    /// Sizes the index for `cells` cells and empties the heap (O(entries), not O(cells)); `wide` as in
    /// [`OpenList::clear`].
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
            a.before::<true>(b)
        } else {
            a.before::<false>(b)
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

    fn packed((primary, secondary, seq): (u64, u64, u32)) -> OpenEntry {
        OpenEntry {
            key: [primary, (secondary << 32) | seq as u64],
            seq: 0,
            cell: seq,
        }
    }

    fn wide((primary, secondary, seq): (u64, u64, u32)) -> OpenEntry {
        OpenEntry {
            key: [primary, secondary],
            seq,
            cell: seq,
        }
    }

    /// Pushes every triple, popping one after every third push as a search does, and returns the cells
    /// in pop order.
    fn pop_order(list: &mut OpenList, entries: &[OpenEntry]) -> Vec<u32> {
        let mut popped = vec![];
        for (i, &e) in entries.iter().enumerate() {
            list.push(e);
            if i % 3 == 2 {
                popped.push(list.pop().unwrap().cell);
            }
        }
        popped.extend(std::iter::from_fn(|| list.pop()).map(|e| e.cell));
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

        let mut list = OpenList::default();
        list.clear(false);
        let entries: Vec<_> = triples.iter().copied().map(packed).collect();
        assert_eq!(pop_order(&mut list, &entries), reference);
        list.clear(true);
        let entries: Vec<_> = triples.iter().copied().map(wide).collect();
        assert_eq!(pop_order(&mut list, &entries), reference);
        assert!(list.is_empty());
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
