//! The built-in demo map: the page's default map.
//!
//! A small 4-neighbour terrain map where a wide swamp lies in front of the goal and the optimal route goes
//! around it; raising the heuristic weight w first saves expansions at no cost, then tempts the search
//! straight through the swamp.

use crate::grid::Grid;
use crate::movement::Movement;
use crate::search::SearchParams;

/// The demo map as ASCII (`#` wall, `.` plain, `f` forest, `~` swamp).
pub const DEMO_MAP: &str = "
    ....................
    ....................
    ...######...........
    ........#...~~~~~...
    ........#...~~~~~...
    ........#...~~~~~...
    ....ff..#...~~~~~...
    ....ff..#...........
    ........#...........
    ....................
";

/// Start cell (x, y) of the demo.
pub const DEMO_START: (u32, u32) = (1, 4);
/// Goal cell (x, y) of the demo.
pub const DEMO_GOAL: (u32, u32) = (18, 4);

/// The demo map with its start and goal cells and settings (4-neighbour, Manhattan).
pub fn demo() -> (Grid, u32, u32, SearchParams) {
    let grid = Grid::from_ascii(DEMO_MAP).expect("the demo map is valid");
    let start = grid.cell(DEMO_START.0, DEMO_START.1);
    let goal = grid.cell(DEMO_GOAL.0, DEMO_GOAL.1);
    let params = SearchParams {
        movement: Movement::Four,
        heuristic: crate::heuristic::Heuristic::Manhattan,
        ..SearchParams::default()
    };
    (grid, start, goal, params)
}
