//! The game scene (seed 002's "in games"): hundreds of units on the map, a queue of path requests, and a
//! scheduler that spends a fixed search budget each frame with the engines' `step()`, so one long search
//! is spread over several frames and no frame pays for all of them.
//!
//! The scene is a simulation advanced one frame at a time ([`Scene::advance`]): the page draws unit
//! positions from [`Scene::positions`] and its panel from the frame's [`FrameReport`]; `astar bench
//! crowd` runs the same simulation with no drawing.
//!
//! - **Budget** ([`Budget`]): microseconds of search a frame (what a game budgets, and the only unit in
//!   which planners compare: a JPS jump point or an HPA* abstract step costs many A* expansions), or a
//!   number of expansions (deterministic: the tests and scripted runs). A search still running when the
//!   budget is spent continues next frame, where it stopped.
//! - **Planners** ([`Planner`]): A*, A* whose w rises with the queue ([`auto_weight`]), JPS, JPS+, HPA*
//!   (its abstract graph built once and kept), each an engine of the registry stepped through the common
//!   `Stepper` seam, and a flow field ([`flow`]): one Dijkstra from the goal for every unit going there.
//!   The path cache ([`cache`]) answers requests whose start lies on an earlier path to the same goal.
//! - **Radius** ([`clearance`]): the searches run on the map with walls inflated by the unit's radius,
//!   and the corners a unit walks through are pulled straight with the radius ([`waypoints`]); with
//!   curves on ([`SceneConfig::curves`]), units walk a curve through those corners, every chord of it
//!   checked clear for the radius.
//! - **Edits** ([`Scene::set_map`]): units whose way ahead is no longer clear ask for a new path from
//!   where they stand; the cache is cleared; a search under way starts again.
//!
//! Units do not collide with one another (local avoidance is beyond this scene); moves are 8-neighbour
//! and never cut a corner, whatever the page's movement setting.

pub mod cache;
pub mod clearance;
pub mod flow;
mod scene;
pub mod unit;
pub mod waypoints;

pub use scene::{FrameReport, Scene, Served, Totals};
pub use unit::{RequestLog, UnitState};

use crate::message::Message;
use crate::search::Algorithm;

/// Who finds the units' paths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Planner {
    /// A* at w = 1, one request at a time.
    #[default]
    Astar,
    /// Weighted A* with w from the queue's length when each request begins ([`auto_weight`]).
    AutoW,
    /// Jump point search (uniform costs only).
    Jps,
    /// JPS+ (uniform costs only; its table built once for the map, again after edits).
    JpsPlus,
    /// HPA* (its abstract graph built once for the map, updated after edits).
    Hpa,
    /// One Dijkstra from each goal; units follow its arrows ([`flow::FlowField`]).
    Flow,
}

impl Planner {
    /// Every planner, in the page's order.
    pub const ALL: [Planner; 6] = [
        Planner::Astar,
        Planner::AutoW,
        Planner::Jps,
        Planner::JpsPlus,
        Planner::Hpa,
        Planner::Flow,
    ];

    /// The registry's algorithm behind this planner (`None` for the flow field, which is the scene's own).
    pub fn algorithm(self) -> Option<Algorithm> {
        match self {
            Planner::Astar | Planner::AutoW => Some(Algorithm::AStar),
            Planner::Jps => Some(Algorithm::Jps),
            Planner::JpsPlus => Some(Algorithm::JpsPlus),
            Planner::Hpa => Some(Algorithm::Hpa),
            Planner::Flow => None,
        }
    }

    /// The name used in links, the page's scripting hook and `astar bench crowd`.
    pub fn name(self) -> &'static str {
        match self {
            Planner::Astar => "astar",
            Planner::AutoW => "auto-w",
            Planner::Jps => "jps",
            Planner::JpsPlus => "jps-plus",
            Planner::Hpa => "hpa",
            Planner::Flow => "flow",
        }
    }

    /// The planner called `name`.
    pub fn from_name(name: &str) -> Option<Planner> {
        Planner::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// How much search a frame may do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Stop once this many µs of the caller's clock have passed in the frame's search (checked every
    /// [`CHUNK`] steps and after each request).
    Micros(f64),
    /// Stop after this many expansions (steps of any planner; cache hits cost none).
    Expansions(u32),
}

/// Steps between looks at the clock.
pub const CHUNK: u32 = 32;

/// The automatic w's rule: 1 at an empty queue, [`AUTO_W_PER_QUEUED`] more for each request waiting,
/// at most 5, in tenths (shown on the page as it is written here).
pub fn auto_weight(queued: usize) -> f64 {
    let w = 1.0 + queued as f64 * AUTO_W_PER_QUEUED;
    (w.min(crate::search::Weight::MAX) * 10.0).round() / 10.0
}

/// How much the automatic w rises per request waiting (w = 1 + queue / 50).
pub const AUTO_W_PER_QUEUED: f64 = 0.02;

/// The most units a scene holds.
pub const MAX_UNITS: usize = 2000;

/// What a scene is made with.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SceneConfig {
    /// Who finds paths.
    pub planner: Planner,
    /// The units' radius in cells, 0 to [`clearance::MAX_RADIUS`].
    pub radius: f64,
    /// Cells a unit walks a frame.
    pub speed: f64,
    /// Answer from the path cache where possible.
    pub cache: bool,
    /// Seeds random placements and goals.
    #[cfg_attr(test, ts(type = "number"))]
    pub seed: u64,
    /// A unit that arrives gets a new random goal at once (a steady stream of requests: the benchmark).
    pub new_goal_on_arrival: bool,
    /// Units walk a curve through their corners instead of the straight segments, each chord of it
    /// clear for their radius ([`waypoints::curved`]).
    pub curves: bool,
}

impl Default for SceneConfig {
    fn default() -> Self {
        SceneConfig {
            planner: Planner::Astar,
            radius: 0.0,
            speed: 0.15,
            cache: false,
            seed: 1,
            new_goal_on_arrival: false,
            curves: false,
        }
    }
}

impl SceneConfig {
    /// Checks the numbers: a radius from 0 to 2, a speed above 0 and at most 2 cells a frame.
    pub fn check(&self) -> Result<(), Message> {
        if !(0.0..=clearance::MAX_RADIUS).contains(&self.radius) {
            return Err(Message::new("crowd.bad-radius")
                .num("radius", self.radius)
                .num("max", clearance::MAX_RADIUS));
        }
        if !(self.speed > 0.0 && self.speed <= 2.0) {
            return Err(Message::new("crowd.bad-speed").num("speed", self.speed));
        }
        Ok(())
    }
}

/// The scene's sentences (see [`crate::message`]).
pub(crate) const MESSAGES: &[(&str, &str)] = &[
    (
        "crowd.bad-radius",
        "unit radius {radius} is not allowed: it must be from 0 to {max} cells",
    ),
    (
        "crowd.bad-speed",
        "unit speed {speed} is not allowed: it must be above 0 and at most 2 cells a frame",
    ),
    (
        "crowd.bad-count",
        "{count} units is not allowed: a scene holds 1 to {max}",
    ),
    (
        "crowd.no-room",
        "no cell of this map is free for a unit of radius {radius}: make the radius smaller or clear some walls",
    ),
    (
        "crowd.goal-blocked",
        "({x}, {y}) is not free for a unit of radius {radius}: choose a cell farther from the walls",
    ),
    ("crowd.unknown-planner", "{name} is not a planner of the scene"),
];
