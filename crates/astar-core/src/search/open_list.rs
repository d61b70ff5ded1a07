//! The open list: a binary min-heap with lazy deletion.
//!
//! A cell whose g improves is pushed again rather than moved; the old entry stays in the heap and is
//! recognised as stale when it is popped (its g no longer matches the cell's, or the cell is closed).
//! Measured against an indexed heap with decrease-key, lazy deletion does less work per relaxation; the
//! benchmark (`astar bench`) keeps that comparison rerunnable.
//!
//! Order: smallest `primary` first, then smallest `secondary`, then smallest `seq`. `seq` is unique per push,
//! so the order is total and every run pops the same entries in the same order.

use crate::cost::Cost;

/// One pushed cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenEntry {
    /// The priority (f, or g, or h, depending on the algorithm), smaller first.
    pub primary: u64,
    /// The tie-break among equal `primary` (smaller first).
    pub secondary: u64,
    /// Insertion order (or its reverse), the last tie-break.
    pub seq: u32,
    /// The cell pushed.
    pub cell: u32,
    /// The cell's g when pushed: the entry is stale once the cell's g differs.
    pub g: Cost,
}

impl OpenEntry {
    #[inline]
    fn before(&self, other: &OpenEntry) -> bool {
        (self.primary, self.secondary, self.seq) < (other.primary, other.secondary, other.seq)
    }
}

/// A binary min-heap of [`OpenEntry`], keeping its allocation between searches.
#[derive(Clone, Debug, Default)]
pub struct OpenList {
    heap: Vec<OpenEntry>,
}

impl OpenList {
    /// Empties the list, keeping the allocation.
    pub fn clear(&mut self) {
        self.heap.clear();
    }

    /// Entries in the heap, stale ones included.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// True when no entry is left.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Adds an entry.
    #[inline]
    pub fn push(&mut self, entry: OpenEntry) {
        self.heap.push(entry);
        let mut i = self.heap.len() - 1;
        while i > 0 {
            let parent = (i - 1) / 2;
            if !entry.before(&self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            i = parent;
        }
        self.heap[i] = entry;
    }

    /// Removes and returns the first entry in the order described in the module doc.
    #[inline]
    pub fn pop(&mut self) -> Option<OpenEntry> {
        let last = self.heap.pop()?;
        if self.heap.is_empty() {
            return Some(last);
        }
        let top = self.heap[0];
        let len = self.heap.len();
        let mut i = 0;
        loop {
            let left = 2 * i + 1;
            if left >= len {
                break;
            }
            let right = left + 1;
            let child = if right < len && self.heap[right].before(&self.heap[left]) {
                right
            } else {
                left
            };
            if !self.heap[child].before(&last) {
                break;
            }
            self.heap[i] = self.heap[child];
            i = child;
        }
        self.heap[i] = last;
        Some(top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_priority_then_tie_then_insertion_order() {
        let mut list = OpenList::default();
        let entry = |primary, secondary, seq| OpenEntry {
            primary,
            secondary,
            seq,
            cell: seq,
            g: 0,
        };
        let mut state = 12345u64;
        let mut pushed = vec![];
        for seq in 0..500 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let e = entry((state >> 60) % 7, (state >> 50) % 3, seq);
            pushed.push(e);
            list.push(e);
        }
        pushed.sort_by_key(|e| (e.primary, e.secondary, e.seq));
        let popped: Vec<_> = std::iter::from_fn(|| list.pop()).collect();
        assert_eq!(popped, pushed);
    }
}
