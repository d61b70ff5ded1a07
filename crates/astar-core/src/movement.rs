//! Which moves are allowed: 4-neighbour, or 8-neighbour with a rule for passing wall corners.
//!
//! Neighbours are always generated in one fixed order, so searches are deterministic:
//! ```text
//!   7 0 4        0 N  1 E  2 S  3 W        (orthogonal moves first)
//!   3 . 1        4 NE 5 SE 6 SW 7 NW       (then diagonal moves, 8-neighbour only)
//!   6 2 5
//! ```
//! The corner rule decides whether a diagonal move may pass the corner of a wall:
//! ```text
//!   a b    moving c -> b diagonally passes a and d.
//!   c d    NoCut: a and d must both be passable (the Moving AI rule, the default)
//!          CutIfOneFree: at least one of a, d passable
//!          AlwaysCut: a and d may both be walls (b itself must still be passable)
//! ```

use crate::cost::{step_cost, Cost};
use crate::grid::Grid;

/// How a diagonal move may pass wall corners (see the module doc).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum CornerRule {
    /// Both orthogonal neighbours must be passable.
    #[default]
    NoCut,
    /// At least one orthogonal neighbour must be passable.
    CutIfOneFree,
    /// Diagonal moves ignore the orthogonal neighbours.
    AlwaysCut,
}

/// The moves allowed from a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Movement {
    /// North, east, south, west.
    Four,
    /// The four orthogonal moves and the four diagonals, with a corner rule.
    Eight(CornerRule),
}

/// How many neighbours a move may reach: a [`Movement`] without its corner rule, the first of the two
/// choices users make (named "4" and "8", see `names`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Neighbours {
    /// North, east, south, west.
    Four,
    /// The orthogonal and the diagonal neighbours.
    Eight,
}

impl Movement {
    /// The movement with `neighbours`, and with `corners` when diagonal moves are allowed (4-neighbour
    /// moves never pass a corner, so the rule is then ignored).
    pub fn new(neighbours: Neighbours, corners: CornerRule) -> Movement {
        match neighbours {
            Neighbours::Four => Movement::Four,
            Neighbours::Eight => Movement::Eight(corners),
        }
    }

    /// 4 or 8 neighbours.
    pub fn neighbours(self) -> Neighbours {
        match self {
            Movement::Four => Neighbours::Four,
            Movement::Eight(_) => Neighbours::Eight,
        }
    }

    /// The corner rule; [`CornerRule::NoCut`] (the default) for 4-neighbour moves, which pass no corner.
    pub fn corner_rule(self) -> CornerRule {
        match self {
            Movement::Four => CornerRule::NoCut,
            Movement::Eight(rule) => rule,
        }
    }
}

impl Default for Movement {
    fn default() -> Self {
        Movement::Eight(CornerRule::NoCut)
    }
}

/// Column and row offsets of the eight directions, in generation order (see the module doc).
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

impl Movement {
    /// How many directions this movement tries (4 or 8).
    #[inline]
    pub fn direction_count(self) -> usize {
        match self {
            Movement::Four => 4,
            Movement::Eight(_) => 8,
        }
    }

    /// Calls `visit(neighbour, step_cost)` for every legal move out of `cell`, in the fixed order.
    /// `step_cost` is the fixed-point cost of entering the neighbour by that move.
    #[inline]
    pub fn for_each_neighbour(self, grid: &Grid, cell: u32, mut visit: impl FnMut(u32, Cost)) {
        let (width, height) = (grid.width() as i32, grid.height() as i32);
        let (x, y) = ((cell % grid.width()) as i32, (cell / grid.width()) as i32);
        for (dir, &(dx, dy)) in DIRECTIONS[..self.direction_count()].iter().enumerate() {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= width || ny >= height {
                continue;
            }
            let next = (ny * width + nx) as u32;
            let tenths = grid.cost_tenths(next);
            if tenths == 0 {
                continue;
            }
            if dir < 4 {
                visit(next, step_cost(tenths, false));
                continue;
            }
            let side_a = grid.is_passable((y * width + nx) as u32);
            let side_b = grid.is_passable((ny * width + x) as u32);
            let allowed = match self {
                Movement::Eight(CornerRule::NoCut) => side_a && side_b,
                Movement::Eight(CornerRule::CutIfOneFree) => side_a || side_b,
                _ => true,
            };
            if allowed {
                visit(next, step_cost(tenths, true));
            }
        }
    }

    /// True when this movement's diagonal moves can join regions that orthogonal moves cannot
    /// (only [`CornerRule::AlwaysCut`]: the other rules need a free orthogonal cell beside each diagonal).
    pub fn connects_diagonally(self) -> bool {
        self == Movement::Eight(CornerRule::AlwaysCut)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::{COST_SCALE, DIAGONAL_STEP};

    fn neighbours(map: &str, movement: Movement, x: u32, y: u32) -> Vec<(u32, u32)> {
        let grid = Grid::from_ascii(map).unwrap();
        let mut out = vec![];
        movement.for_each_neighbour(&grid, grid.cell(x, y), |n, _| out.push(grid.xy(n)));
        out
    }

    // The centre cell of each map, with a wall at one or both corners of its north-east diagonal.
    const ONE_WALL: &str = "
        .#.
        ...
        ...";
    const TWO_WALLS: &str = "
        .#.
        ..#
        ...";

    #[test]
    fn no_cut_needs_both_sides_free() {
        let n = neighbours(ONE_WALL, Movement::Eight(CornerRule::NoCut), 1, 1);
        assert!(!n.contains(&(2, 0)), "NE passes the wall at (1,0)");
        assert!(!n.contains(&(0, 0)), "NW passes the wall at (1,0)");
        assert!(n.contains(&(2, 2)));
    }

    #[test]
    fn cut_if_one_free_passes_a_single_wall_corner() {
        let n = neighbours(ONE_WALL, Movement::Eight(CornerRule::CutIfOneFree), 1, 1);
        assert!(n.contains(&(2, 0)));
        let n = neighbours(TWO_WALLS, Movement::Eight(CornerRule::CutIfOneFree), 1, 1);
        assert!(!n.contains(&(2, 0)), "NE squeezes between two walls");
    }

    #[test]
    fn always_cut_squeezes_between_two_walls() {
        let n = neighbours(TWO_WALLS, Movement::Eight(CornerRule::AlwaysCut), 1, 1);
        assert!(n.contains(&(2, 0)));
    }

    #[test]
    fn order_is_orthogonal_then_diagonal() {
        let n = neighbours("...\n...\n...", Movement::Eight(CornerRule::NoCut), 1, 1);
        assert_eq!(
            n,
            vec![
                (1, 0),
                (2, 1),
                (1, 2),
                (0, 1),
                (2, 0),
                (2, 2),
                (0, 2),
                (0, 0)
            ]
        );
        let n = neighbours("...\n...\n...", Movement::Four, 0, 0);
        assert_eq!(n, vec![(1, 0), (0, 1)]);
    }

    #[test]
    fn step_cost_is_the_entered_cells_cost() {
        let grid = Grid::from_ascii(".~\nf.").unwrap();
        let mut costs = vec![];
        Movement::Eight(CornerRule::NoCut).for_each_neighbour(&grid, 0, |n, c| costs.push((n, c)));
        assert_eq!(
            costs,
            vec![(1, 5 * COST_SCALE), (2, 3 * COST_SCALE), (3, DIAGONAL_STEP)]
        );
    }
}
