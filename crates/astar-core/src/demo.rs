//! The built-in demo map: the page's default map, and the article's figure made live.
//!
//! A 24 × 16, 4-neighbour terrain map (plain 1, forest 3, swamp 5) where a wide swamp lies in front of the
//! goal and the optimal route goes around it from below. It tells the article's story (its table is pinned
//! by the test below, so the story cannot drift):
//!
//! | w | expanded | cost | |
//! |---|---|---|---|
//! | 1.0 | 153 | 31 | optimal |
//! | 1.5 | 121 | 31 | optimal |
//! | 2.0 | 100 | 31 | optimal |
//! | 2.5 | 74 | 43 | +39%: straight through the swamp |
//! | 4.0 | 29 | 43 | +39% |
//!
//! Why the swamp wins past w = 2: with Manhattan h, a step into swamp changes f = g + w·h by 5 − w, a step
//! down and around by 1 + w; once w passes 2 the swamp looks cheaper to the search than the detour.
//! Smoothing pulls the 31-cell staircase into 5 straight segments of length 26.8, still around the swamp.
//! The layout came from a seeded search over random layouts scored on how closely they follow the
//! article's proportions, then kept as a fixed picture.

use crate::grid::Grid;
use crate::heuristic::Heuristic;
use crate::movement::Movement;
use crate::search::SearchParams;

/// The demo map as ASCII (`#` wall, `.` plain, `f` forest, `~` swamp).
pub const DEMO_MAP: &str = "
    ...............~~~~~....
    ...............~~~~~....
    ...............~~~~~....
    ...............~~~~~....
    ....#..........~~~~~....
    ....#..........~~~~~....
    ....#..........~~~~~....
    ....#..........~~~~~....
    ....#.....ff...~~~~~....
    ....#ff...ff............
    .....ff.................
    .........ff.............
    .........ff.............
    ......ff................
    ......ff................
    ........................
";

/// Start cell (x, y) of the demo.
pub const DEMO_START: (u32, u32) = (2, 5);
/// Goal cell (x, y) of the demo.
pub const DEMO_GOAL: (u32, u32) = (21, 5);

/// The demo map with its start and goal cells and its settings (A*, 4-neighbour, Manhattan, w = 1).
pub fn demo() -> (Grid, u32, u32, SearchParams) {
    // Not `expect`: that would make the wasm module carry the `Debug` code of the grid's errors, and
    // with it Rust's quoting of strings and its Unicode tables (about 1.5 KB gzipped).
    let Ok(grid) = Grid::from_ascii(DEMO_MAP) else {
        unreachable!("the demo map is valid")
    };
    let start = grid.cell(DEMO_START.0, DEMO_START.1);
    let goal = grid.cell(DEMO_GOAL.0, DEMO_GOAL.1);
    let params = SearchParams {
        movement: Movement::Four,
        heuristic: Heuristic::Manhattan,
        ..SearchParams::default()
    };
    (grid, start, goal, params)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Terrain;
    use crate::session::Session;

    fn session() -> Session {
        let (grid, start, goal, params) = demo();
        let mut session = Session::new(grid, start, goal).unwrap();
        session.set_params(params);
        session
    }

    #[test]
    fn the_w_table_tells_the_articles_story() {
        let rows = session().sweep(&[1.0, 1.5, 2.0, 2.5, 4.0]).unwrap();
        let table: Vec<(u64, Option<f64>)> = rows.iter().map(|r| (r.expanded, r.cost)).collect();
        assert_eq!(
            table,
            vec![
                (153, Some(31.0)),
                (121, Some(31.0)),
                (100, Some(31.0)),
                (74, Some(43.0)),
                (29, Some(43.0)),
            ]
        );
        let over = rows[3].over_optimal.unwrap();
        assert!(
            (over - 12.0 / 31.0).abs() < 1e-9,
            "+39% at w = 2.5, got {over}"
        );
    }

    #[test]
    fn the_optimal_path_goes_around_the_swamp_and_smooths_into_few_segments() {
        let mut session = session();
        let clock = || 0.0;
        let stats = session.solve(&clock).unwrap();
        assert_eq!(stats.over_optimal, Some(0.0));
        let grid = session.grid();
        let wades = |cells: &[u32]| cells.iter().any(|&c| grid.terrain(c) == Terrain::Swamp);
        assert!(!wades(session.search().path()));
        assert_eq!(stats.smoothed_segments, 5);
        assert!(
            (stats.smoothed_length - 26.8).abs() < 0.05,
            "{}",
            stats.smoothed_length
        );
        for pair in session.smoothed().windows(2) {
            assert!(
                crate::smooth::line_of_sight(grid, pair[0], pair[1], 10),
                "a segment crosses swamp"
            );
        }
    }
}
