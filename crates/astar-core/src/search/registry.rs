//! The registry: every algorithm listed once, with what it supports and which cell marks it draws, and
//! the checks every search begins with (its settings against its row, the end cells). The session, the
//! CLI, the wasm facade and the page's menus and legend read it; nothing else keeps a list of
//! algorithms. Its rows are data: the engines read them (the A* family's refuses the rows it does not
//! run), so the one place that makes an engine for a row is above them all, `engines.rs` ([`super::make`]).
//!
//! # Adding an algorithm
//! 1. Write it in its own file under `search/`, implementing [`super::Stepper`] (its module doc says what
//!    it owns and cites the paper): its `begin_search` starts a search, once `Stepper::begin` has checked
//!    the settings against its row ([`check_supported`]) and the end cells. Keep its outcome, counters,
//!    path and trace in a [`super::stepper::Report`] field named `report` and write
//!    `report_accessors!();` in the impl instead of those eight accessors.
//! 2. Add its variant to [`Algorithm`] (`search/algorithm.rs`), one [`AlgorithmInfo`] row to
//!    [`ALGORITHMS`] below (a new `link_code`, never reused; its name on the command line and in links
//!    is the row's `name`) and its arm in `engines::make` (the match is exhaustive: the compiler asks).
//! 3. Add it to the property tests that compare it with A* (`tests/suite/algorithms.rs`).
//! 4. Give it a Chinese title in `ZH_ALGORITHMS` (`www/i18n/zh.ts`: tsc fails without one; the English
//!    title is the row's, which reaches the page through `www/generated/messages.ts`).
//!
//! The page then offers it in the Algorithm menu, in links and the embed, and builds its legend from
//! [`AlgorithmInfo::marks`]; new drawing code is needed only for a mark the page has never drawn.

use super::{Algorithm, SearchError, SearchParams};
use crate::grid::{Grid, Terrain};
use crate::message::Message;
use crate::movement::Movement;
use crate::promise::{Unbounded, HPA_OVER_OPTIMUM};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovementSupport {
    /// 4-neighbour moves.
    pub four: bool,
    /// 8-neighbour moves (every corner rule).
    pub eight: bool,
}

/// What an algorithm orders its open list by: what its f numbers are (in the cells, the inspector and
/// the heap panel's keys), with h the algorithm's own heuristic (octile for JPS, Euclidean for Theta*).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orders {
    /// g alone (no heuristic): f = g.
    G,
    /// f = g + h.
    GPlusH,
    /// f = g + w·h, with the chosen weight w.
    GPlusWeightedH,
    /// h alone (greedy): f = h.
    H,
}

/// A requirement of an algorithm that the map or the settings shown do not meet: what the page's menu
/// marks and what its one-click fix changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Unmet {
    /// It runs with this movement only (4 or 8 neighbours).
    Movement {
        /// The neighbours it needs.
        movement: u8,
    },
    /// It needs every passable cell to cost the same.
    UniformCosts,
    /// It cannot price the wall-hugging penalty or watchers' danger (see [`crate::penalty`]), and cells
    /// of this map have them; or it cannot price the map's turn penalty.
    NoPenalties,
}

/// One algorithm: its identity, what it supports and what it draws. The page receives the fields it
/// reads (`Playground.algorithms()`); those it has no use for, such as the link code and the rules that
/// `unmet` applies, stay in the core (each costs bytes of the first download).
#[derive(Clone, Copy, Debug, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AlgorithmInfo {
    /// The algorithm.
    #[serde(skip)]
    pub algorithm: Algorithm,
    /// Its name on the command line, in links' readable form and in `postMessage` (see `names`).
    pub name: &'static str,
    /// Its title in English, for menus and messages ("Jump point search"; the page has it from
    /// `www/generated/messages.ts`, written from this).
    #[serde(skip)]
    pub title: &'static str,
    /// Its code in share links (format 1, byte 15): never reused, never renumbered.
    #[serde(skip)]
    pub link_code: u8,
    /// Uses the heuristic setting.
    pub uses_heuristic: bool,
    /// Uses the weight w.
    pub uses_weight: bool,
    /// Uses the tie-break setting.
    pub uses_tie_break: bool,
    /// The movements it supports.
    #[serde(skip)]
    pub movement: MovementSupport,
    /// Needs every passable cell of the map to cost the same (no forest or swamp dearer than plain).
    #[serde(skip)]
    pub uniform_cost_only: bool,
    /// Prices the extras of [`crate::penalty`] (the wall-hugging penalty, watchers' danger) with the
    /// terrain: every search over single cells whose step cost is the entered cell's. Not JPS and JPS+
    /// (their pruning assumes equal costs), Theta* (its segments are priced by terrain), HPA* (its
    /// abstract graph is kept by terrain) and D* Lite (its repairs follow terrain edits only).
    #[serde(skip)]
    pub prices_penalties: bool,
    /// Prices the turn penalty ([`crate::penalty`]: a cost of each change of direction) by searching
    /// over cells and headings (`search/turns.rs`, the `turns` feature): Dijkstra, greedy, A* and A* with
    /// dynamic weighting; ARA* and bidirectional A* search cells and headings themselves (`ara.rs`,
    /// `bidirectional.rs`). BFS runs too, counting moves as it always does. The others refuse a map with a
    /// turn penalty.
    #[serde(skip)]
    pub prices_turns: bool,
    /// Finds an optimal path at w ≤ 1 with an admissible heuristic.
    pub optimal: bool,
    /// What it orders its open list by (what its f numbers are; the page asks `fWeight()`).
    #[serde(skip)]
    pub orders: Orders,
    /// What it promises instead when it is not optimal (see [`crate::bound`]).
    #[serde(skip)]
    pub unbounded: Unbounded,
    /// Prepares per map at its first search (HPA*'s abstract graph, JPS+'s jump table) and keeps that
    /// for the next: the session keeps its engine when another algorithm is chosen.
    #[serde(skip)]
    pub preprocesses: bool,
    /// The marks it draws, in legend order.
    pub marks: &'static [Mark],
    /// Repairs its search after an edit instead of beginning again ([`super::Stepper::repair`]: D* Lite); it
    /// keeps rhs values, and the page draws the cells an edit made inconsistent.
    pub repairs_edits: bool,
    /// Works on clusters of the map, whose side the cluster-size setting chooses (HPA*); the page then
    /// offers that setting and draws the abstract graph ([`super::Stepper::abstract_graph`]).
    pub uses_cluster_size: bool,
    /// Publishes paths of falling cost while it runs, each with a proven bound that tightens until the
    /// path is optimal (ARA*): [`super::Stepper::path`] is the latest published path before the search finishes
    /// (the page draws it then, and its stats give its cost), and the promise is the last path's (exact
    /// with an admissible heuristic) whatever w it starts from ([`crate::bound`]).
    pub anytime: bool,
    /// Its stats add what one-way A* expands on the same problem, for comparison (bidirectional search).
    #[serde(skip)]
    pub compared_with_one_way: bool,
    /// Its engine is in this build (false for HPA* without the `hpa` feature and JPS+ without
    /// `jps-plus`: the page then fetches the wasm module that has it before searching; see
    /// [`not_in_this_build`]).
    pub available: bool,
}

const FAMILY_MARKS: &[Mark] = &[Mark::Open, Mark::Closed, Mark::Current];

const BIDIRECTIONAL_MARKS: &[Mark] = &[
    Mark::Open,
    Mark::Closed,
    Mark::Current,
    Mark::OpenBackward,
    Mark::ClosedBackward,
    Mark::Meeting,
];

const THETA_MARKS: &[Mark] = &[
    Mark::Open,
    Mark::Closed,
    Mark::Current,
    Mark::ParentSegments,
];

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
        prices_penalties: true,
        prices_turns: true,
        optimal: false,
        orders: Orders::G,
        unbounded: Unbounded::FewestMoves,
        preprocesses: false,
        marks: FAMILY_MARKS,
        repairs_edits: false,
        uses_cluster_size: false,
        anytime: false,
        compared_with_one_way: false,
        available: true,
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
        prices_penalties: true,
        prices_turns: cfg!(feature = "turns"),
        optimal: true,
        orders: Orders::G,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: FAMILY_MARKS,
        repairs_edits: false,
        uses_cluster_size: false,
        anytime: false,
        compared_with_one_way: false,
        available: true,
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
        prices_penalties: true,
        prices_turns: cfg!(feature = "turns"),
        optimal: false,
        orders: Orders::H,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: FAMILY_MARKS,
        repairs_edits: false,
        uses_cluster_size: false,
        anytime: false,
        compared_with_one_way: false,
        available: true,
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
        prices_penalties: true,
        prices_turns: cfg!(feature = "turns"),
        optimal: true,
        orders: Orders::GPlusWeightedH,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: FAMILY_MARKS,
        repairs_edits: false,
        uses_cluster_size: false,
        anytime: false,
        compared_with_one_way: false,
        available: true,
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
        prices_penalties: true,
        prices_turns: cfg!(feature = "turns"),
        optimal: true,
        orders: Orders::GPlusH,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: BIDIRECTIONAL_MARKS,
        repairs_edits: false,
        uses_cluster_size: false,
        anytime: false,
        compared_with_one_way: true,
        available: true,
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
        prices_penalties: true,
        prices_turns: cfg!(feature = "turns"),
        optimal: false,
        orders: Orders::GPlusWeightedH,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: FAMILY_MARKS,
        repairs_edits: false,
        uses_cluster_size: false,
        anytime: false,
        compared_with_one_way: false,
        available: true,
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
        prices_penalties: false,
        prices_turns: false,
        optimal: false,
        orders: Orders::GPlusH,
        unbounded: Unbounded::AnyAngle,
        preprocesses: false,
        marks: THETA_MARKS,
        repairs_edits: false,
        uses_cluster_size: false,
        anytime: false,
        compared_with_one_way: false,
        available: cfg!(feature = "theta"),
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
        prices_penalties: false,
        prices_turns: false,
        optimal: true,
        orders: Orders::GPlusH,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: &[Mark::Open, Mark::Closed, Mark::Current, Mark::Scanned],
        repairs_edits: false,
        uses_cluster_size: false,
        anytime: false,
        compared_with_one_way: false,
        available: cfg!(feature = "jps"),
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
        prices_penalties: false,
        prices_turns: false,
        optimal: true,
        orders: Orders::GPlusH,
        unbounded: Unbounded::None,
        preprocesses: true,
        marks: FAMILY_MARKS,
        repairs_edits: false,
        uses_cluster_size: false,
        anytime: false,
        compared_with_one_way: false,
        available: cfg!(feature = "jps-plus"),
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
        prices_penalties: false,
        prices_turns: false,
        optimal: true,
        orders: Orders::GPlusH,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: FAMILY_MARKS,
        repairs_edits: true,
        uses_cluster_size: false,
        anytime: false,
        compared_with_one_way: false,
        available: true,
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
        prices_penalties: false,
        prices_turns: false,
        optimal: false,
        orders: Orders::GPlusH,
        unbounded: Unbounded::Measured(HPA_OVER_OPTIMUM),
        preprocesses: true,
        marks: FAMILY_MARKS,
        repairs_edits: false,
        uses_cluster_size: true,
        anytime: false,
        compared_with_one_way: false,
        available: cfg!(feature = "hpa"),
    },
    // ARA* starts at w and publishes a path at each lower w until w = 1 (see `ara.rs`): its promise is
    // the last path's. Its engine only with the `ara` feature, like HPA*'s.
    AlgorithmInfo {
        algorithm: Algorithm::Ara,
        name: "ara",
        title: "ARA* (anytime)",
        link_code: 11,
        uses_heuristic: true,
        uses_weight: true,
        uses_tie_break: true,
        movement: BOTH,
        uniform_cost_only: false,
        prices_penalties: true,
        prices_turns: true,
        optimal: true,
        orders: Orders::GPlusWeightedH,
        unbounded: Unbounded::None,
        preprocesses: false,
        marks: FAMILY_MARKS,
        repairs_edits: false,
        uses_cluster_size: false,
        anytime: true,
        compared_with_one_way: false,
        available: cfg!(feature = "ara"),
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

/// Every requirement of `algorithm` that `grid` with `movement` does not meet, movement first; empty when
/// it can run there. The one rule the refusals, the page's menu and its one-click fix all read.
pub fn unmet(algorithm: Algorithm, grid: &Grid, movement: Movement) -> Vec<Unmet> {
    let info = info(algorithm);
    let mut unmet = Vec::new();
    let movement_ok = match movement {
        Movement::Four => info.movement.four,
        Movement::Eight(_) => info.movement.eight,
    };
    if !movement_ok {
        let movement = if info.movement.eight { 8 } else { 4 };
        unmet.push(Unmet::Movement { movement });
    }
    if info.uniform_cost_only && !has_uniform_cost(grid) {
        unmet.push(Unmet::UniformCosts);
    }
    let turns = grid.penalties().turn_tenths > 0;
    if (!info.prices_penalties && grid.penalised_cells() > 0) || (!info.prices_turns && turns) {
        unmet.push(Unmet::NoPenalties);
    }
    unmet
}

/// The refusal of `algorithm` for the requirements `unmet` (every one in one sentence), or `None` when
/// there are none.
pub fn refusal(algorithm: Algorithm, unmet: &[Unmet]) -> Option<Message> {
    let movement = unmet.iter().find_map(|u| match u {
        Unmet::Movement { movement } => Some(*movement),
        Unmet::UniformCosts | Unmet::NoPenalties => None,
    });
    if unmet.contains(&Unmet::NoPenalties) {
        // Said alone: turning the penalties off is the one change that matters first.
        return Some(Message::new("search.needs-no-penalties").algorithm("algorithm", algorithm));
    }
    let uniform = unmet.contains(&Unmet::UniformCosts);
    let code = match (movement.is_some(), uniform) {
        (false, false) => return None,
        (true, false) => "search.needs-movement",
        (false, true) => "search.needs-uniform-costs",
        (true, true) => "search.needs-movement-and-uniform-costs",
    };
    let why = Message::new(code).algorithm("algorithm", algorithm);
    Some(match movement {
        Some(movement) => why.int("movement", movement),
        None => why,
    })
}

/// Refuses, before it runs, a search that the algorithm of `params` cannot do on `grid`: a movement it
/// does not support, or terrain of several costs when it needs one cost everywhere. The message says
/// why in a sentence a user can act on.
pub fn check_supported(grid: &Grid, params: &SearchParams) -> Result<(), SearchError> {
    let unmet = unmet(params.algorithm, grid, params.movement);
    match refusal(params.algorithm, &unmet) {
        None => Ok(()),
        Some(why) => Err(SearchError::Unsupported(why)),
    }
}

/// The weight of h in the f numbers of the algorithm of `params` (f = g + weight·h): 0 when it orders by
/// g alone, the chosen w for weighted searches, `None` when f is h alone (greedy).
pub fn f_weight(params: &SearchParams) -> Option<f64> {
    match info(params.algorithm).orders {
        Orders::G => Some(0.0),
        Orders::GPlusH => Some(1.0),
        Orders::GPlusWeightedH => Some(params.weight.get()),
        Orders::H => None,
    }
}

/// True when every passable terrain on `grid` costs the same (the extras of [`crate::penalty`] are
/// another requirement, [`Unmet::NoPenalties`]).
pub fn has_uniform_cost(grid: &Grid) -> bool {
    let mut costs = Terrain::PASSABLE
        .into_iter()
        .filter(|&t| grid.count(t) > 0)
        .map(|t| grid.costs().tenths(t));
    let first = costs.next();
    costs.all(|c| Some(c) == first)
}

/// Refuses end cells outside the map or on a wall (every algorithm's `begin` starts with this).
pub(super) fn check_endpoints(grid: &Grid, start: u32, goal: u32) -> Result<(), SearchError> {
    let width = grid.width() as i64;
    let xy = |cell: u32| (cell as i64 % width, cell as i64 / width);
    if start as usize >= grid.len() {
        let (x, y) = xy(start);
        return Err(SearchError::StartOutOfBounds { x, y });
    }
    if goal as usize >= grid.len() {
        let (x, y) = xy(goal);
        return Err(SearchError::GoalOutOfBounds { x, y });
    }
    if !grid.is_passable(start) {
        let (x, y) = grid.xy(start);
        return Err(SearchError::StartOnWall { x, y });
    }
    if !grid.is_passable(goal) {
        let (x, y) = grid.xy(goal);
        return Err(SearchError::GoalOnWall { x, y });
    }
    Ok(())
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

    /// The capabilities a row declares are those its engine has: it repairs an edited map's search, it
    /// has an abstract graph.
    #[test]
    fn each_row_declares_what_its_engine_can_do() {
        let mut grid = Grid::from_ascii("......\n......\n......").unwrap();
        let params = |algorithm| SearchParams {
            algorithm,
            movement: Movement::Eight(crate::movement::CornerRule::NoCut),
            ..SearchParams::default()
        };
        for row in ALGORITHMS.iter().filter(|row| row.available) {
            let mut engine = crate::search::make(row.algorithm);
            engine.begin(&grid, &params(row.algorithm), 0, 17).unwrap();
            engine.run(&grid);
            assert_eq!(
                engine.abstract_graph().is_some(),
                row.uses_cluster_size,
                "{}",
                row.name
            );
            grid.set_terrain(8, Terrain::Wall);
            assert_eq!(
                engine.repair(&grid).unwrap(),
                row.repairs_edits,
                "{}",
                row.name
            );
            grid.set_terrain(8, Terrain::Plain);
        }
    }

    #[test]
    fn unmet_lists_every_missing_requirement_and_the_refusal_names_them_all() {
        use crate::movement::CornerRule;
        let mut grid = Grid::from_ascii("...\n...").unwrap();
        let eight = Movement::Eight(CornerRule::NoCut);
        assert_eq!(unmet(Algorithm::Jps, &grid, eight), []);
        assert_eq!(
            unmet(Algorithm::Jps, &grid, Movement::Four),
            [Unmet::Movement { movement: 8 }]
        );
        grid.set_terrain(1, Terrain::Swamp);
        let both = unmet(Algorithm::Jps, &grid, Movement::Four);
        assert_eq!(both, [Unmet::Movement { movement: 8 }, Unmet::UniformCosts]);
        assert_eq!(
            refusal(Algorithm::Jps, &both).unwrap().to_string(),
            "Jump point search needs 8-neighbour movement and equal step costs: this map has terrain of more than one cost"
        );
        assert_eq!(unmet(Algorithm::Jps, &grid, eight), [Unmet::UniformCosts]);
        assert_eq!(unmet(Algorithm::AStar, &grid, Movement::Four), []);
        assert!(refusal(Algorithm::AStar, &[]).is_none());
        // check_supported refuses with the same message.
        let params = SearchParams {
            algorithm: Algorithm::Jps,
            ..SearchParams::default()
        };
        let Err(SearchError::Unsupported(why)) = check_supported(&grid, &params) else {
            panic!("JPS on a swamp map is refused");
        };
        assert_eq!(
            Some(why),
            refusal(
                Algorithm::Jps,
                &unmet(Algorithm::Jps, &grid, params.movement)
            )
        );
    }

    #[test]
    fn f_is_what_each_algorithm_orders_by() {
        let weighted = |algorithm| SearchParams {
            algorithm,
            weight: crate::search::Weight::new(2.5).unwrap(),
            ..SearchParams::default()
        };
        assert_eq!(f_weight(&weighted(Algorithm::Dijkstra)), Some(0.0));
        assert_eq!(f_weight(&weighted(Algorithm::AStar)), Some(2.5));
        assert_eq!(f_weight(&weighted(Algorithm::Greedy)), None);
        // Their own heuristic, unweighted: f = g + h, never g alone.
        for algorithm in [
            Algorithm::Jps,
            Algorithm::DStarLite,
            Algorithm::Bidirectional,
        ] {
            assert_eq!(f_weight(&weighted(algorithm)), Some(1.0), "{algorithm:?}");
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
