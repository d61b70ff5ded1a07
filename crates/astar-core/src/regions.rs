//! Connected regions of passable cells, computed once per map edit, so that an unreachable goal can be
//! reported before any search.
//!
//! Layout: `region_by_cell` holds one label per cell (indexed by cell id); walls hold [`Regions::WALL`].
//! Two passable cells are connected exactly when their labels are equal. Orthogonal moves decide
//! connectivity for every movement except 8-neighbour [`crate::CornerRule::AlwaysCut`], whose diagonal
//! squeeze between two walls can join regions (see [`crate::Movement::connects_diagonally`]).

use crate::grid::Grid;
use crate::movement::{Movement, DIRECTIONS};

/// Region labels for one grid and one movement rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    /// Indexed by cell id.
    region_by_cell: Vec<u32>,
    count: u32,
}

impl Regions {
    /// The label of a wall.
    pub const WALL: u32 = u32::MAX;

    /// Labels every passable cell of `grid` by flood fill: O(cells).
    pub fn compute(grid: &Grid, movement: Movement) -> Regions {
        let directions = if movement.connects_diagonally() { 8 } else { 4 };
        let mut region_by_cell = vec![Regions::WALL; grid.len()];
        let mut count = 0;
        let mut stack = Vec::new();
        let (width, height) = (grid.width() as i32, grid.height() as i32);
        for seed in 0..grid.len() as u32 {
            if region_by_cell[seed as usize] != Regions::WALL || !grid.is_passable(seed) {
                continue;
            }
            region_by_cell[seed as usize] = count;
            stack.push(seed);
            while let Some(cell) = stack.pop() {
                let (x, y) = ((cell % grid.width()) as i32, (cell / grid.width()) as i32);
                for &(dx, dy) in &DIRECTIONS[..directions] {
                    let (nx, ny) = (x + dx, y + dy);
                    if nx < 0 || ny < 0 || nx >= width || ny >= height {
                        continue;
                    }
                    let next = (ny * width + nx) as u32;
                    if grid.is_passable(next) && region_by_cell[next as usize] == Regions::WALL {
                        region_by_cell[next as usize] = count;
                        stack.push(next);
                    }
                }
            }
            count += 1;
        }
        Regions {
            region_by_cell,
            count,
        }
    }

    /// True if both cells are passable and in the same region.
    pub fn connected(&self, a: u32, b: u32) -> bool {
        let (ra, rb) = (self.region(a), self.region(b));
        ra != Regions::WALL && ra == rb
    }

    /// The label of a cell ([`Regions::WALL`] for a wall or a cell outside the grid).
    pub fn region(&self, cell: u32) -> u32 {
        self.region_by_cell
            .get(cell as usize)
            .copied()
            .unwrap_or(Regions::WALL)
    }

    /// How many regions there are.
    pub fn count(&self) -> u32 {
        self.count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::CornerRule;

    #[test]
    fn a_wall_splits_and_a_diagonal_squeeze_joins_only_when_always_cutting() {
        let grid = Grid::from_ascii(
            "
            ..#..
            ..#..
            .#...",
        )
        .unwrap();
        let (left, right) = (grid.cell(0, 0), grid.cell(4, 0));
        let four = Regions::compute(&grid, Movement::Four);
        assert_eq!(four.count(), 2);
        assert!(!four.connected(left, right));
        assert!(!Regions::compute(&grid, Movement::Eight(CornerRule::NoCut)).connected(left, right));
        let cut = Regions::compute(&grid, Movement::Eight(CornerRule::AlwaysCut));
        assert!(cut.connected(left, right));
        assert!(
            !cut.connected(grid.cell(2, 0), right),
            "a wall is in no region"
        );
    }
}
