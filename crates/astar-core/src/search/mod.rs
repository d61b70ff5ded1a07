//! The searches: one stepping interface ([`Stepper`]), a registry of algorithms ([`registry`]), and
//! one file per algorithm. This page documents the engine of the A* family (`engine`, the [`Search`]
//! type): breadth-first search, Dijkstra, greedy best-first and weighted A*.
//!
//! [`Search::step`] expands exactly one cell; [`Search::run`] is `step` in a loop, so an animation that
//! steps and a benchmark that runs see the same expansions (a test proves it).
//!
//! Per-cell state lives in a flat array indexed by slot (the cell's place in the map with a one-cell
//! border of walls around it, see `engine`) and is never cleared between searches: a
//! `generation` stamp tells this search's entries from older ones, so starting a search costs O(1), not
//! O(cells) (unless the map size changed). The stamp also holds the closed flag:
//! `stamp == generation` means generated (open), `stamp == generation + 1` closed, anything else unseen.
//! Search state is 12 bytes per slot (g with the move that reached the cell 8, stamp 4; the parent is
//! one move back): per cell of a 512 × 512 map, 12.1 with the border; the optional trace adds 8 per cell
//! (see [`Search::set_trace`]).
//!
//! Priorities (smaller first), with ties broken by [`TieBreak`] and then by insertion order:
//!
//! | algorithm | priority | relaxes cells already generated? |
//! |---|---|---|
//! | breadth-first | insertion order | no: first discovery wins (fewest moves) |
//! | Dijkstra | g | yes |
//! | greedy best-first | h | no |
//! | A* | g + w · h | yes, and reopens closed cells whose g improves (counted as `reopened`) |

pub mod algorithm;
#[cfg(feature = "ara")]
mod ara;
mod bidirectional;
mod dstar_lite;
mod dynamic;
mod engine;
mod engines;
#[doc(hidden)]
pub mod fingerprint;
mod frame;
// Always compiled: links and settings refuse a cluster size in HPA*'s words (`hpa::cluster_size_refused`)
// in every build. Without the `hpa` feature the registry makes no HPA* engine, so only what they use is
// linked in (the graph's size check too would cost the first download 3 KB: see `share::decode`).
pub mod hpa;
#[cfg(feature = "jps")]
mod jps;
#[cfg(feature = "jps")]
mod jump_point;
#[cfg(feature = "jps-plus")]
mod jump_table;
pub mod open_list;
pub mod registry;
mod slots;
mod stepper;
#[cfg(feature = "theta")]
mod theta;
pub mod trace;
mod turn_bound;
#[cfg(feature = "turns")]
mod turns;
pub mod validate;

pub use algorithm::Algorithm;
#[cfg(feature = "ara")]
pub use ara::{Ara, Published};
pub use bidirectional::Bidirectional;
pub use dstar_lite::DStarLite;
pub use dynamic::DynamicWeight;
pub use engine::Search;
pub use engines::make;
#[cfg(feature = "hpa")]
pub use hpa::Hpa;
#[cfg(feature = "jps")]
pub use jps::Jps;
pub use registry::{AlgorithmInfo, Mark};
pub use stepper::{AbstractOverlay, Detail, Request, Stepper};
#[cfg(feature = "theta")]
pub use theta::ThetaStar;
pub use trace::{Frontier, Trace, NEVER};
#[cfg(feature = "turns")]
pub use turns::{DynamicFamily, Family, TurnSearch, WithTurns};
/// The A* family's engine: without the `turns` feature, the fast engine alone (the registry then refuses
/// a map with a turn penalty for the A* family but BFS).
#[cfg(not(feature = "turns"))]
pub type Family = Search;
/// A* with dynamic weighting's engine: without the `turns` feature, its own engine alone.
#[cfg(not(feature = "turns"))]
pub type DynamicFamily = DynamicWeight;

use crate::cost::{self, Cost};
use crate::grid::Grid;
use crate::heuristic::Heuristic;
use crate::message::Message;
use crate::movement::Movement;
use std::fmt;

/// Alternatives to the engine's data structures that the source article's optimisation chapter
/// measured, kept only so that `astar bench` can rerun that comparison. Each is a type parameter of
/// [`Search`], resolved at compile time: the engine that the page and `astar solve` run is
/// `Search<Shipped>` (the default), and the alternatives' code is not even compiled into it. Every variant
/// expands the same cells in the same order; only the time differs (and `stale_pops`, which decrease-key
/// never has).
#[doc(hidden)]
pub mod variant {
    /// A choice of data structures for [`super::Search`]; the constants are read at compile time.
    pub trait EngineVariant: Clone + Default + std::fmt::Debug + 'static {
        /// Clears every per-cell array at each search instead of bumping the generation stamp.
        const CLEAR_EACH_SEARCH: bool = false;
        /// An indexed binary heap that moves a relaxed cell's entry (decrease-key) instead of pushing
        /// again.
        const DECREASE_KEY: bool = false;
        /// Open-list entries with priority, tie-break and `seq` apart, compared field by field: the
        /// layout a search falls back to when they do not fit one packed 128-bit key (see `open_list`).
        /// Forcing it lets the tests check that both layouts make the same searches.
        const WIDE_KEYS: bool = false;
    }

    /// Generation stamps and a lazy-deletion heap: the engine as shipped.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct Shipped;
    impl EngineVariant for Shipped {}

    /// See [`EngineVariant::CLEAR_EACH_SEARCH`].
    #[derive(Clone, Copy, Debug, Default)]
    pub struct ClearEachSearch;
    impl EngineVariant for ClearEachSearch {
        const CLEAR_EACH_SEARCH: bool = true;
    }

    /// See [`EngineVariant::DECREASE_KEY`].
    #[derive(Clone, Copy, Debug, Default)]
    pub struct DecreaseKey;
    impl EngineVariant for DecreaseKey {
        const DECREASE_KEY: bool = true;
    }

    /// See [`EngineVariant::WIDE_KEYS`].
    #[derive(Clone, Copy, Debug, Default)]
    pub struct WideKeys;
    impl EngineVariant for WideKeys {
        const WIDE_KEYS: bool = true;
    }
}

/// Which of several cells with equal priority is expanded first.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum TieBreak {
    /// Lower h first, then first in: heads for the goal (the default).
    #[default]
    LowerH,
    /// Higher g first, then first in.
    HigherG,
    /// First in, first out.
    FirstIn,
    /// Last in, first out.
    LastIn,
}

impl TieBreak {
    /// The two keys below the priority of an open-list entry with cost `g` and estimate `h`, pushed as
    /// the `seq`-th: the tie-break key, then the insertion order (reversed for last-in), as the searches
    /// outside the engine order their open lists (smallest first).
    #[inline]
    pub(crate) fn keys(self, g: Cost, h: Cost, seq: u32) -> (Cost, u32) {
        let tie = match self {
            TieBreak::LowerH => h,
            TieBreak::HigherG => Cost::MAX - g,
            TieBreak::FirstIn | TieBreak::LastIn => 0,
        };
        let order = match self {
            TieBreak::LastIn => !seq,
            _ => seq,
        };
        (tie, order)
    }
}

/// The heuristic weight w, stored in thousandths so that priorities stay integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Weight(u32);

impl Weight {
    /// The largest weight accepted, everywhere: the page's slider ends here (its `max` comes from this,
    /// through www/generated/core.ts), links, files, settings and `astar --w` refuse more. Beyond w = 5
    /// weighted A* is greedy search in all but name; links of versions that took up to 10 and hold
    /// more than 5 are refused with that sentence.
    pub const MAX: f64 = 5.0;
    /// The step of the page's w slider (its `step`, like `MAX`). Finer weights are accepted (a link
    /// keeps thousandths): the step is how the slider moves, not a rule.
    pub const STEP: f64 = 0.1;
    /// w = 1: plain A*.
    pub const ONE: Weight = Weight(1000);

    /// A weight from 0 to [`Weight::MAX`], rounded to thousandths.
    pub fn new(w: f64) -> Result<Weight, SearchError> {
        if !(0.0..=Weight::MAX).contains(&w) {
            return Err(SearchError::BadWeight(w));
        }
        Ok(Weight((w * 1000.0).round() as u32))
    }

    /// The weight in thousandths.
    pub fn milli(self) -> u32 {
        self.0
    }

    /// The weight as a number.
    pub fn get(self) -> f64 {
        self.0 as f64 / 1000.0
    }
}

impl Default for Weight {
    fn default() -> Self {
        Weight::ONE
    }
}

/// Checks an expansion budget read from a link, a file or the page's settings: a whole number of
/// expansions from 1 (none is `None`; a budget of 0 would expand nothing and show nothing).
pub fn check_budget(budget: u32) -> Result<(), Message> {
    match budget {
        0 => Err(Message::new("search.bad-budget")),
        _ => Ok(()),
    }
}

/// Everything that decides how a search runs, apart from the map and its two end cells.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct SearchParams {
    /// Which algorithm.
    pub algorithm: Algorithm,
    /// The estimate used by A* and greedy (ignored by BFS and Dijkstra).
    pub heuristic: Heuristic,
    /// A*'s heuristic weight (ignored by the others).
    pub weight: Weight,
    /// Allowed moves.
    pub movement: Movement,
    /// Order among equal priorities.
    pub tie_break: TieBreak,
    /// Stop after this many expansions and return the path to the closest cell reached.
    pub expansion_limit: Option<u32>,
    /// HPA*'s cluster side, 2 to the map's larger side (ignored by the others); `None` for
    /// [`hpa::DEFAULT_CLUSTER_SIZE`] (or the map's larger side, when smaller).
    pub cluster_size: Option<u32>,
    /// The heuristic counts every step at plain's default cost 1, whatever the map's costs, instead of
    /// at the cheapest step on the map ([`SearchParams::h_scale_tenths`]): the articles' mistake, kept to
    /// show it. Weaker when every terrain costs more than 1; inadmissible when one costs less (a road).
    pub unscaled_h: bool,
    /// Seed 003's way with watchers' danger (see [`crate::penalty`]): left out of the step costs and added
    /// to h instead, each cell's h growing by the danger that cell's watchers would charge. An
    /// overestimate, so the path may cost more than the optimum; the session prices the path found with
    /// the danger as a cost, to show by how much. Only the A* family's engine does it (A*, greedy; BFS and
    /// Dijkstra order by no h): every other search prices the danger as a cost whatever this says.
    pub danger_in_h: bool,
}

impl SearchParams {
    /// What every algorithm multiplies its heuristic by, in tenths: the cheapest cost of a terrain on
    /// `grid`, or 10 (cost 1) with [`SearchParams::unscaled_h`].
    pub fn h_scale_tenths(&self, grid: &Grid) -> u16 {
        if self.unscaled_h {
            10
        } else {
            grid.cheapest_tenths()
        }
    }

    /// True when [`SearchParams::danger_in_h`] changes this search on `grid`: A* or greedy, on a map with
    /// watchers whose danger is above 0 and no turn penalty (the turn penalty's layered search prices the
    /// danger as a cost).
    pub fn danger_in_h_applies(&self, grid: &Grid) -> bool {
        let penalties = grid.penalties();
        self.danger_in_h
            && matches!(self.algorithm, Algorithm::AStar | Algorithm::Greedy)
            && penalties.danger_tenths > 0
            && !penalties.watchers.is_empty()
            && penalties.turn_tenths == 0
    }

    /// True when the algorithm's h can overestimate on `grid` because of its scale: unscaled, with a
    /// terrain on the map cheaper than 1, in an algorithm that orders by h at all (not Dijkstra or BFS).
    pub fn h_overestimates_costs(&self, grid: &Grid) -> bool {
        registry::info(self.algorithm).orders != registry::Orders::G
            && self.h_scale_tenths(grid) > grid.cheapest_tenths()
    }
}

/// How a finished search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// The goal was expanded: the path leads to it.
    Found,
    /// The open list ran dry (or the regions showed it beforehand): no path exists.
    Unreachable,
    /// The expansion limit was hit: the path is partial, to the reached cell closest to the goal.
    LimitReached,
}

/// What one call of [`Search::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// This cell was expanded (if it is the goal, the search is now finished).
    Expanded(u32),
    /// Nothing left to do: the search had already finished, or finished now without an expansion.
    Done(Outcome),
}

/// What a search counted (the vocabulary used everywhere in the project).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Counters {
    /// Cells popped and expanded (the goal included).
    pub expanded: u64,
    /// Entries pushed on the open list (first generation, relaxations and reopenings).
    pub generated: u64,
    /// Closed cells put back on the open list because their g improved.
    pub reopened: u64,
    /// Outdated entries popped and skipped.
    pub stale_pops: u64,
    /// The most cells open at once.
    pub open_peak: u64,
}

/// The result of a finished search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// How it ended.
    pub outcome: Outcome,
    /// Cells from start to goal (or to the closest cell, when partial); empty when unreachable.
    pub path: Vec<u32>,
    /// Fixed-point cost of the path.
    pub cost: Cost,
    /// What the search counted.
    pub counters: Counters,
}

impl SearchResult {
    /// The path cost as a plain number.
    pub fn cost_f64(&self) -> f64 {
        cost::to_f64(self.cost)
    }
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchError {
    /// The start cell is outside the map.
    StartOutOfBounds {
        /// Column.
        x: i64,
        /// Row.
        y: i64,
    },
    /// The goal cell is outside the map.
    GoalOutOfBounds {
        /// Column.
        x: i64,
        /// Row.
        y: i64,
    },
    /// The start cell is a wall.
    StartOnWall {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
    },
    /// The goal cell is a wall.
    GoalOnWall {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
    },
    /// The weight is outside 0..=[`Weight::MAX`] (or not a number).
    BadWeight(f64),
    /// The algorithm cannot run on this map with these settings; the message says why (see
    /// [`registry::check_supported`]).
    Unsupported(Message),
}

/// The searches' sentences (see [`crate::message`]).
pub(crate) const MESSAGES: &[(&str, &str)] = &[
    ("search.end-outside", "{end} ({x}, {y}) is outside the map"),
    ("search.end-on-wall", "{end} ({x}, {y}) is on a wall"),
    (
        "search.bad-weight",
        "heuristic weight {w} is not allowed: it must be from 0 to {max}",
    ),
    (
        "search.bad-budget",
        "expansion budget 0 is not allowed: it must be a whole number from 1, or none",
    ),
    ("search.needs-movement", "{algorithm} needs {movement}-neighbour movement"),
    (
        "search.needs-uniform-costs",
        "{algorithm} needs equal step costs: this map has terrain of more than one cost",
    ),
    (
        "search.needs-no-penalties",
        "{algorithm} cannot price the map's penalties (wall hugging, watchers' danger, turns): turn them off to use it",
    ),
    (
        "search.needs-movement-and-uniform-costs",
        "{algorithm} needs {movement}-neighbour movement and equal step costs: this map has terrain of more than one cost",
    ),
    (
        "search.not-in-this-build",
        "{algorithm} is not in this build: it needs the module with the {feature} feature",
    ),
    (
        "search.not-this-engine",
        "{algorithm} is not run by the A* family's engine: make its engine with the registry",
    ),
    (
        "hpa.bad-cluster-size",
        "HPA* cluster size {size} is not allowed: it must be from 2 to {max} (the map's larger side)",
    ),
    (
        "hpa.graph-too-large",
        "HPA* cluster size {size} needs up to {mib} MiB for its abstract graph on this {width} x {height} map, more than the {allowed} MiB allowed: the smallest cluster size that fits is {fits}",
    ),
];

impl From<SearchError> for Message {
    fn from(e: SearchError) -> Message {
        let end = |code: &'static str, term: &'static str, x: i64, y: i64| {
            Message::new(code).term("end", term).int("x", x).int("y", y)
        };
        match e {
            SearchError::StartOutOfBounds { x, y } => end("search.end-outside", "term.start", x, y),
            SearchError::GoalOutOfBounds { x, y } => end("search.end-outside", "term.goal", x, y),
            SearchError::StartOnWall { x, y } => {
                end("search.end-on-wall", "term.start", x.into(), y.into())
            }
            SearchError::GoalOnWall { x, y } => {
                end("search.end-on-wall", "term.goal", x.into(), y.into())
            }
            SearchError::BadWeight(w) => Message::new("search.bad-weight")
                .num("w", w)
                .num("max", Weight::MAX),
            SearchError::Unsupported(why) => why,
        }
    }
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Message::from(self.clone()).fmt(f)
    }
}

impl std::error::Error for SearchError {}
