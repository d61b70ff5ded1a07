//! A flow field: one Dijkstra search from a goal over the whole map, after which every unit of the
//! goal's region finds its way by following the arrows, with no search of its own (the case where
//! per-unit search is the wrong tool: many units, one rally point).
//!
//! The search runs backwards: a forward path from `s` to the goal costs the entering cost of every cell
//! after `s`, so relaxing from a settled cell `u` to a neighbour `v` adds the cost of entering `u` from
//! `v` (`u`'s terrain, times √2 for a diagonal). Moves are symmetric under every corner rule, so the
//! legal moves into `u` are the moves out of it. It is steppable like every search, one settled cell a
//! step, so the scene spreads it over frames with the same budget; a cell settled early already has its
//! whole way to the goal settled (its arrow points to a cell settled before it), so units near the goal
//! start walking while the field still grows.

use crate::cost::{step_cost, Cost};
use crate::grid::Grid;
use crate::movement::Movement;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Bytes a field takes per cell of the map (cost, arrow, settled flag), its open list aside.
pub const BYTES_PER_CELL: usize = 8 + 4 + 1;

/// No arrow (an unsettled cell, a wall or the goal itself).
const NONE: u32 = u32::MAX;

/// The field toward one goal, complete or growing (see the module doc).
#[derive(Clone, Debug)]
pub struct FlowField {
    goal: u32,
    movement: Movement,
    cost: Vec<Cost>,
    toward: Vec<u32>,
    settled: Vec<bool>,
    open: BinaryHeap<Reverse<(Cost, u32)>>,
    expanded: u64,
}

impl FlowField {
    /// A field toward `goal` (a passable cell of `grid`) with nothing settled yet.
    pub fn new(grid: &Grid, movement: Movement, goal: u32) -> FlowField {
        let cells = grid.len();
        let mut cost = vec![Cost::MAX; cells];
        cost[goal as usize] = 0;
        let mut open = BinaryHeap::new();
        open.push(Reverse((0, goal)));
        FlowField {
            goal,
            movement,
            cost,
            toward: vec![NONE; cells],
            settled: vec![false; cells],
            open,
            expanded: 0,
        }
    }

    /// The goal.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// Cells settled so far.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// True once every cell that can reach the goal is settled.
    pub fn is_complete(&self) -> bool {
        self.open.is_empty()
    }

    /// Settles one cell; false when the field was already complete.
    pub fn step(&mut self, grid: &Grid) -> bool {
        while let Some(Reverse((cost, cell))) = self.open.pop() {
            if self.settled[cell as usize] {
                continue;
            }
            self.settled[cell as usize] = true;
            self.expanded += 1;
            let entering = grid.cost_tenths(cell);
            let (x, y) = grid.xy(cell);
            self.movement.for_each_neighbour(grid, cell, |from, _| {
                let (fx, fy) = grid.xy(from);
                let through = cost + step_cost(entering, fx != x && fy != y);
                if !self.settled[from as usize] && through < self.cost[from as usize] {
                    self.cost[from as usize] = through;
                    self.toward[from as usize] = cell;
                    self.open.push(Reverse((through, from)));
                }
            });
            return true;
        }
        false
    }

    /// True once `cell`'s cost to the goal is final (its whole way there is settled too).
    pub fn is_settled(&self, cell: u32) -> bool {
        self.settled[cell as usize]
    }

    /// The cost from `cell` to the goal, once settled.
    pub fn cost(&self, cell: u32) -> Option<Cost> {
        self.is_settled(cell).then(|| self.cost[cell as usize])
    }

    /// The next cell toward the goal from a settled `cell` (`None` at the goal or before settling).
    pub fn next(&self, cell: u32) -> Option<u32> {
        let next = self.toward[cell as usize];
        (self.is_settled(cell) && next != NONE).then_some(next)
    }

    /// The way from a settled `cell` to the goal by the arrows, both ends included.
    pub fn path_from(&self, cell: u32) -> Option<Vec<u32>> {
        if !self.is_settled(cell) {
            return None;
        }
        let mut path = vec![cell];
        let mut at = cell;
        while let Some(next) = self.next(at) {
            path.push(next);
            at = next;
        }
        Some(path)
    }

    /// Bytes this field holds.
    pub fn bytes(&self) -> usize {
        self.cost.len() * BYTES_PER_CELL + self.open.capacity() * 16
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_terrain, TerrainShares};
    use crate::regions::Regions;
    use crate::search::validate::grid_path_cost;
    use crate::search::{Search, SearchParams};

    #[test]
    fn arrows_lead_every_cell_of_the_goal_region_to_the_goal_at_the_optimal_cost() {
        for seed in 0..6 {
            let grid = random_terrain(30, 20, TerrainShares::ARTICLE, seed).unwrap();
            let movement = Movement::default();
            let regions = Regions::compute(&grid, movement);
            let goal = (0..grid.len() as u32)
                .find(|&c| grid.is_passable(c))
                .unwrap();
            let mut field = FlowField::new(&grid, movement, goal);
            while field.step(&grid) {}
            let mut search = Search::new();
            for cell in 0..grid.len() as u32 {
                let reachable = grid.is_passable(cell) && regions.connected(cell, goal);
                assert_eq!(field.is_settled(cell), reachable);
                if !reachable {
                    continue;
                }
                let path = field.path_from(cell).unwrap();
                assert_eq!(*path.last().unwrap(), goal);
                let walked =
                    grid_path_cost(&grid, movement, &path).expect("each arrow is a legal move");
                assert_eq!(Some(walked), field.cost(cell));
                let best = search
                    .solve(&grid, &SearchParams::default(), cell, goal)
                    .unwrap();
                assert_eq!(best.cost, walked, "seed {seed} from {:?}", grid.xy(cell));
            }
        }
    }
}
