//! The path cache: paths already served, kept per goal as a tree of "next cell toward this goal", so a
//! unit starting anywhere on an earlier path to the same goal gets the rest of that way with no search.
//!
//! Each stored path adds its cells up to the first one the tree already holds (from there the tree has
//! its own way on), so the pointers never form a cycle and every way read out ends at the goal. With an
//! optimal planner a way read out is optimal: every cell's pointer is the next cell of an optimal path
//! from it, and the rest of an optimal path is optimal. With weighted A* or HPA* it is as good as the path
//! the pointer came from. Edits clear the cache (the scene calls [`PathCache::clear`]).

use std::collections::HashMap;

/// The most goals kept; the oldest goal's tree goes first.
pub const MAX_GOALS: usize = 64;

/// The cached ways, by goal (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct PathCache {
    trees: Vec<(u32, HashMap<u32, u32>)>,
}

impl PathCache {
    /// The way from `start` to `goal` by cached pointers, both ends included, if `start` lies on one.
    pub fn lookup(&self, start: u32, goal: u32) -> Option<Vec<u32>> {
        let (_, tree) = self.trees.iter().find(|(g, _)| *g == goal)?;
        let mut at = start;
        let mut way = vec![start];
        while at != goal {
            at = *tree.get(&at)?;
            way.push(at);
        }
        Some(way)
    }

    /// Adds `path` (start first, goal last) to its goal's tree.
    pub fn store(&mut self, path: &[u32]) {
        let Some(&goal) = path.last() else { return };
        if path.len() < 2 {
            return;
        }
        let index = match self.trees.iter().position(|(g, _)| *g == goal) {
            Some(i) => i,
            None => {
                if self.trees.len() == MAX_GOALS {
                    self.trees.remove(0);
                }
                self.trees.push((goal, HashMap::new()));
                self.trees.len() - 1
            }
        };
        let tree = &mut self.trees[index].1;
        for pair in path.windows(2) {
            if pair[0] == goal || tree.contains_key(&pair[0]) {
                break;
            }
            tree.insert(pair[0], pair[1]);
        }
    }

    /// Forgets every way (after an edit).
    pub fn clear(&mut self) {
        self.trees.clear();
    }

    /// Cells held over all goals.
    pub fn len(&self) -> usize {
        self.trees.iter().map(|(_, tree)| tree.len()).sum()
    }

    /// True when nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_on_a_cached_way_gets_the_rest_of_it_and_joins_never_loop() {
        let mut cache = PathCache::default();
        cache.store(&[1, 2, 3, 4, 9]);
        assert_eq!(cache.lookup(3, 9), Some(vec![3, 4, 9]));
        assert_eq!(cache.lookup(7, 9), None);
        assert_eq!(cache.lookup(3, 8), None);
        // A second way through 4 keeps the tree's way on from 4 (and 3 keeps its own pointer).
        cache.store(&[5, 3, 6, 4, 7, 9]);
        assert_eq!(cache.lookup(5, 9), Some(vec![5, 3, 4, 9]));
        assert_eq!(cache.lookup(9, 9), Some(vec![9]));
        assert_eq!(cache.len(), 5);
        cache.clear();
        assert!(cache.is_empty());
    }
}
