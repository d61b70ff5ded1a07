//! The search core of A* Playground: grids with terrain costs, an incremental engine for the A* family,
//! path smoothing, map formats and generators. Pure Rust, no wasm or web dependencies, so everything the
//! playground shows is testable with `cargo test`.
//!
//! Vocabulary, the same everywhere: a *cell* is an id `y * width + x`; *x* is the column and *y* the row,
//! (0, 0) top-left. A cell is *generated* when pushed on the open list, *expanded* when popped and its
//! neighbours generated, *relaxed* when its g improves; *open* and *closed* are the two search states.
//!
//! # Example
//! ```
//! use astar_core::{Grid, Search, SearchParams, Outcome};
//! let grid = Grid::from_ascii("....\n.##.\n....").unwrap();
//! let mut search = Search::new();
//! let result = search.solve(&grid, &SearchParams::default(), grid.cell(0, 1), grid.cell(3, 1)).unwrap();
//! assert_eq!(result.outcome, Outcome::Found);
//! assert_eq!(result.path.len(), 6); // around the wall: 5 moves, 6 cells
//! ```
#![warn(missing_docs)]

pub mod bound;
pub mod catalogue;
pub mod cost;
pub mod crowd;
pub mod curve;
pub mod demo;
pub mod formats;
pub mod generate;
pub mod grid;
pub mod heuristic;
pub mod inspect;
pub mod message;
pub mod movement;
pub mod names;
#[cfg(feature = "navmesh")]
pub mod navmesh;
pub mod penalty;
pub mod problem_list;
pub mod promise;
pub mod regions;
pub mod replan;
pub mod rng;
pub mod search;
pub mod session;
pub mod smooth;
pub mod view;

pub use cost::{
    step_cost, Cost, COST_SCALE, DIAGONAL_PER_TENTH, DIAGONAL_STEP, STRAIGHT_PER_TENTH,
};
pub use grid::{
    tenths_text, Grid, GridError, Terrain, TerrainCosts, TerrainVersion, MAX_COST_TENTHS, MAX_SIDE,
    MIN_COST_TENTHS,
};
pub use heuristic::Heuristic;
pub use movement::{CornerRule, Movement, Neighbours};
pub use search::{
    Algorithm, Counters, Outcome, Search, SearchError, SearchParams, SearchResult, Step, TieBreak,
    Weight,
};
