//! The registry: every algorithm listed once, with what it supports and which cell marks it draws. The
//! session, the CLI, the wasm facade and the page's menus and legend read it; nothing else keeps a list
//! of algorithms.
//!
//! # Adding an algorithm
//! 1. Write it in its own file under `search/`, implementing [`Stepper`] (its module doc says what it
//!    owns and cites the paper), and call [`check_supported`] at the top of its `begin`. Keep its outcome,
//!    counters, path and trace in a [`super::stepper::Report`] field named `report` and write
//!    `report_accessors!();` in the impl instead of those eight accessors.
//! 2. Add its variant to [`Algorithm`], its name to `names.rs`, and one [`AlgorithmInfo`] row to
//!    [`ALGORITHMS`] below (a new `link_code`, never reused).
//! 3. Add it to the property tests that compare it with A* (`tests/algorithms.rs`).
//!
//! The page then offers it in the Algorithm menu, in links and the embed, and builds its legend from
//! [`AlgorithmInfo::marks`]; new drawing code is needed only for a mark the page has never drawn.

use super::bidirectional::Bidirectional;
use super::dstar_lite::DStarLite;
use super::dynamic::DynamicWeight;
use super::engine::Search;
#[cfg(feature = "hpa")]
use super::hpa::Hpa;
use super::jps::Jps;
use super::stepper::Stepper;
#[cfg(feature = "theta")]
use super::theta::ThetaStar;
use super::{Algorithm, SearchError, SearchParams};
use crate::bound::{Unbounded, HPA_OVER_OPTIMUM};
use crate::grid::{Grid, Terrain};
use crate::message::Message;
use crate::movement::Movement;

/// A kind of mark an algorithm draws on the map (the page's legend lists the marks of the algorithm
/// shown, in this order of the registry row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    /// Cells on the open list (of the forward frontier).
    Open,
    /// Cells expanded (of the forward frontier).
    Closed,
    /// The cell expanded by the latest step.
    Current,
    /// Open cells of the backward frontier.
    OpenBackward,
    /// Expanded cells of the backward frontier.
    ClosedBackward,
    /// The cell where the two frontiers met.
    Meeting,
    /// Cells a jump passed over without generating them.
    Scanned,
    /// Parent pointers drawn as straight segments (any-angle search).
    ParentSegments,
}

/// Which movements an algorithm runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MovementSupport {
    /// 4-neighbour moves.
    pub four: bool,
    /// 8-neighbour moves (every corner rule).
    pub eight: bool,
}

/// One algorithm: its identity, what it supports and what it draws.
#[derive(Clone, Copy, Debug, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AlgorithmInfo {
    /// The algorithm.
    #[serde(skip)]
    pub algorithm: Algorithm,
    /// Its name on the command line, in links' readable form and in `postMessage` (see `names`).
    pub name: &'static str,
    /// Its title in English, for menus and messages ("Jump point search").
    pub title: &'static str,
    /// Its code in share links (format 1, byte 15): never reused, never renumbered.
    pub link_code: u8,
    /// Uses the heuristic setting.
    pub uses_heuristic: bool,
    /// Uses the weight w.
    pub uses_weight: bool,
    /// Uses the tie-break setting.
    pub uses_tie_break: bool,
    /// The movements it supports.
    pub movement: MovementSupport,
    /// Needs every passable cell of the map to cost the same (no forest or swamp dearer than plain).
    pub uniform_cost_only: bool,
    /// Finds an optimal path at w ≤ 1 with an admissible heuristic.
    pub optimal: bool,
    /// What it promises instead when it is not optimal (see [`crate::bound`]).
    #[serde(skip)]
    pub unbounded: Unbounded,
    /// Prepares per map at its first search (HPA*'s abstract graph, JPS+'s jump table) and keeps that
    /// for the next: the session keeps its engine when another algorithm is chosen.
    #[serde(skip)]
    pub preprocesses: bool,
    /// The marks it draws, in legend order.
    pub marks: &'static [Mark],
    /// Its engine is in this build (false for HPA* without the `hpa` feature and JPS+ without
    /// `jps-plus`: the page then fetches the wasm module that has it before searching; see
    /// [`not_in_this_build`]).
    pub available: bool,
    /// Makes an engine for it.
    #[serde(skip)]
    pub make: fn() -> Box<dyn Stepper>,
}

const FAMILY_MARKS: &[Mark] = &[Mark::Open, Mark::Closed, Mark::Current];

fn family() -> Box<dyn Stepper> {
    Box::new(Search::new())
}

const BIDIRECTIONAL_MARKS: &[Mark] = &[
    Mark::Open,
    Mark::Closed,
    Mark::Current,
    Mark::OpenBackward,
    Mark::ClosedBackward,
    Mark::Meeting,
];

fn bidirectional() -> Box<dyn Stepper> {
    Box::new(Bidirectional::new())
}

fn dynamic() -> Box<dyn Stepper> {
    Box::new(DynamicWeight::new())
}

#[cfg(feature = "theta")]
fn theta() -> Box<dyn Stepper> {
    Box::new(ThetaStar::new())
}

const THETA_MARKS: &[Mark] = &[
    Mark::Open,
    Mark::Closed,
    Mark::Current,
    Mark::ParentSegments,
];

fn jps() -> Box<dyn Stepper> {
    Box::new(Jps::new())
}

#[cfg(feature = "jps-plus")]
fn jps_plus() -> Box<dyn Stepper> {
    Box::new(Jps::plus())
}

#[cfg(feature = "hpa")]
fn hpa() -> Box<dyn Stepper> {
    Box::new(Hpa::new())
}

/// Why a build without an algorithm's engine refuses to search with it (HPA* without the `hpa` feature,
/// JPS+ without `jps-plus`, Theta* without `theta`: the page's first wasm module). The page fetches the module that has the
/// engine when such an algorithm is chosen, so a user sees this only if that failed. Each of these
/// algorithms is named like its feature, so the sentence names the feature too:
/// "JPS+ is not in this build: it needs the module with the jps-plus feature".
pub fn not_in_this_build(info: &AlgorithmInfo) -> Message {
    Message::new("search.not-in-this-build")
        .algorithm("algorithm", info.algorithm)
        .text("feature", info.name)
}

/// Without the `hpa` feature: the A* family's engine, which refuses HPA* with [`not_in_this_build`]
/// (a type of its own would cost the first download more).
#[cfg(not(feature = "hpa"))]
fn hpa() -> Box<dyn Stepper> {
    family()
}

/// Without the `jps-plus` feature: the A* family's engine, which refuses JPS+ as it refuses HPA*.
#[cfg(not(feature = "jps-plus"))]
fn jps_plus() -> Box<dyn Stepper> {
    family()
}

/// Without the `theta` feature: the A* family's engine, which refuses Theta* as it refuses HPA*.
#[cfg(not(feature = "theta"))]
fn theta() -> Box<dyn Stepper> {
    family()
}

fn dstar_lite() -> Box<dyn Stepper> {
    Box::new(DStarLite::new())
}

const BOTH: MovementSupport = MovementSupport {
    four: true,
    eight: true,
};

/// Every algorithm, in menu order (the order of the names in messages and help).
pub const ALGORITHMS: &[AlgorithmInfo] = &[
    AlgorithmInfo {
        algorithm: Algorithm::Bfs,
        name: "bfs",
        title: "Breadth-first",
        link_code: 0,
        uses_heuristic: false,
        uses_weight: false,
        uses_tie_break: false,
        movement: BOTH,
        uniform_cost_only: false,
        optimal: false,
        unbounded: Unbounded::FewestMoves,
        preprocesses: false,
        marks: FAMILY_MARKS,
        available: true,
        make: family,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Dijkstra,
        name: "dijkstra",
        title: "Dijkstra",
        link_code: 1,
        uses_heuristic: false,
        uses_weight: false,
        uses_tie_break: true,
        movement: BOTH,
        uniform_cost_only: false,
        optimal: true,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: FAMILY_MARKS,
        available: true,
        make: family,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Greedy,
        name: "greedy",
        title: "Greedy best-first",
        link_code: 2,
        uses_heuristic: true,
        uses_weight: false,
        uses_tie_break: true,
        movement: BOTH,
        uniform_cost_only: false,
        optimal: false,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: FAMILY_MARKS,
        available: true,
        make: family,
    },
    AlgorithmInfo {
        algorithm: Algorithm::AStar,
        name: "astar",
        title: "A*",
        link_code: 3,
        uses_heuristic: true,
        uses_weight: true,
        uses_tie_break: true,
        movement: BOTH,
        uniform_cost_only: false,
        optimal: true,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: FAMILY_MARKS,
        available: true,
        make: family,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Bidirectional,
        name: "bidirectional",
        title: "Bidirectional A*",
        link_code: 5,
        uses_heuristic: true,
        uses_weight: false,
        uses_tie_break: true,
        movement: BOTH,
        uniform_cost_only: false,
        optimal: true,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: BIDIRECTIONAL_MARKS,
        available: true,
        make: bidirectional,
    },
    AlgorithmInfo {
        algorithm: Algorithm::DynamicWeight,
        name: "dynamic",
        title: "A* with dynamic weighting",
        link_code: 7,
        uses_heuristic: true,
        uses_weight: true,
        uses_tie_break: true,
        movement: BOTH,
        uniform_cost_only: false,
        optimal: false,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: FAMILY_MARKS,
        available: true,
        make: dynamic,
    },
    // Theta* estimates with the Euclidean distance whatever the heuristic setting: it is consistent
    // for straight-line segment costs, which the grid heuristics are not (see `theta.rs`).
    AlgorithmInfo {
        algorithm: Algorithm::ThetaStar,
        name: "theta",
        title: "Theta*",
        link_code: 6,
        uses_heuristic: false,
        uses_weight: false,
        uses_tie_break: false,
        movement: BOTH,
        uniform_cost_only: true,
        optimal: false,
        unbounded: Unbounded::AnyAngle,
        preprocesses: false,
        marks: THETA_MARKS,
        available: cfg!(feature = "theta"),
        make: theta,
    },
    AlgorithmInfo {
        algorithm: Algorithm::Jps,
        name: "jps",
        title: "Jump point search",
        link_code: 4,
        // JPS always orders its open list by g + octile distance (× the map's one step cost): octile is
        // exact on an empty 8-neighbour map and never overestimates, so the path stays optimal whatever
        // the heuristic setting says.
        uses_heuristic: false,
        uses_weight: false,
        uses_tie_break: false,
        movement: MovementSupport {
            four: false,
            eight: true,
        },
        uniform_cost_only: true,
        optimal: true,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: &[Mark::Open, Mark::Closed, Mark::Current, Mark::Scanned],
        available: true,
        make: jps,
    },
    // JPS+ is JPS with its jumps read from a table (see `jump_table.rs`): the same settings, the same
    // searches; it scans no cells, so it draws no scanned ones. Its engine only with the `jps-plus`
    // feature: without it the row stays (names, link code, menus), and a search is refused.
    AlgorithmInfo {
        algorithm: Algorithm::JpsPlus,
        name: "jps-plus",
        title: "JPS+",
        link_code: 10,
        uses_heuristic: false,
        uses_weight: false,
        uses_tie_break: false,
        movement: MovementSupport {
            four: false,
            eight: true,
        },
        uniform_cost_only: true,
        optimal: true,
        unbounded: Unbounded::None,
        preprocesses: true,
        marks: FAMILY_MARKS,
        available: cfg!(feature = "jps-plus"),
        make: jps_plus,
    },
    // D* Lite always uses the tightest admissible heuristic of the movement (its repairs need one that
    // stays consistent whatever the edits), and breaks ties by insertion order (see `dstar_lite.rs`).
    AlgorithmInfo {
        algorithm: Algorithm::DStarLite,
        name: "dstar-lite",
        title: "D* Lite",
        link_code: 8,
        uses_heuristic: false,
        uses_weight: false,
        uses_tie_break: false,
        movement: BOTH,
        uniform_cost_only: false,
        optimal: true,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: FAMILY_MARKS,
        available: true,
        make: dstar_lite,
    },
    // HPA* always uses the tightest admissible heuristic of the movement, on the abstract graph and in
    // the refinement (see `hpa.rs`); its paths are near optimal, not optimal. Its engine only with the
    // `hpa` feature: without it the row stays (names, link code, menus), and a search is refused.
    AlgorithmInfo {
        algorithm: Algorithm::Hpa,
        name: "hpa",
        title: "HPA*",
        link_code: 9,
        uses_heuristic: false,
        uses_weight: false,
        uses_tie_break: false,
        movement: BOTH,
        uniform_cost_only: false,
        optimal: false,
        unbounded: Unbounded::Measured(HPA_OVER_OPTIMUM),
        preprocesses: true,
        marks: FAMILY_MARKS,
        available: cfg!(feature = "hpa"),
        make: hpa,
    },
];

/// The registry row of `algorithm`.
pub fn info(algorithm: Algorithm) -> &'static AlgorithmInfo {
    ALGORITHMS
        .iter()
        .find(|info| info.algorithm == algorithm)
        .expect("every algorithm has a registry row (a test checks it)")
}

/// The algorithm whose link code is `code`, if any.
pub fn from_link_code(code: u8) -> Option<Algorithm> {
    ALGORITHMS
        .iter()
        .find(|info| info.link_code == code)
        .map(|info| info.algorithm)
}

/// A new engine for `algorithm`.
pub fn make(algorithm: Algorithm) -> Box<dyn Stepper> {
    (info(algorithm).make)()
}

/// Refuses, before it runs, a search that the algorithm of `params` cannot do on `grid`: a movement it
/// does not support, or terrain of several costs when it needs one cost everywhere. The message says
/// why in a sentence a user can act on.
pub fn check_supported(grid: &Grid, params: &SearchParams) -> Result<(), SearchError> {
    let info = info(params.algorithm);
    let movement_ok = match params.movement {
        Movement::Four => info.movement.four,
        Movement::Eight(_) => info.movement.eight,
    };
    let uniform_ok = !info.uniform_cost_only || has_uniform_cost(grid);
    let movement = if info.movement.eight { 8 } else { 4 };
    let code = match (movement_ok, uniform_ok) {
        (true, true) => return Ok(()),
        (false, true) => "search.needs-movement",
        (true, false) => "search.needs-uniform-costs",
        (false, false) => "search.needs-movement-and-uniform-costs",
    };
    let mut why = Message::new(code).algorithm("algorithm", params.algorithm);
    if !movement_ok {
        why = why.int("movement", movement);
    }
    Err(SearchError::Unsupported(why))
}

/// True when every passable cell of `grid` costs the same.
pub fn has_uniform_cost(grid: &Grid) -> bool {
    let mut costs = [Terrain::Plain, Terrain::Forest, Terrain::Swamp]
        .into_iter()
        .filter(|&t| grid.count(t) > 0)
        .map(|t| grid.costs().of(t));
    let first = costs.next();
    costs.all(|c| Some(c) == first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::Named;

    #[test]
    fn every_algorithm_has_one_row_a_unique_name_and_a_unique_link_code() {
        for (i, a) in ALGORITHMS.iter().enumerate() {
            for b in &ALGORITHMS[i + 1..] {
                assert_ne!(a.algorithm, b.algorithm);
                assert_ne!(a.name, b.name);
                assert_ne!(a.link_code, b.link_code);
            }
            assert_eq!(Algorithm::from_name(a.name), Ok(a.algorithm));
            assert_eq!(from_link_code(a.link_code), Some(a.algorithm));
            assert!(a.marks.contains(&Mark::Closed), "{}", a.name);
        }
    }

    #[test]
    fn terrain_of_one_cost_is_uniform_and_of_several_is_not() {
        let mut grid = Grid::from_ascii("..#\n...").unwrap();
        assert!(has_uniform_cost(&grid));
        grid.set_terrain(1, Terrain::Forest);
        assert!(!has_uniform_cost(&grid));
    }
}
