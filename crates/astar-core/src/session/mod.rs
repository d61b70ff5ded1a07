//! A playground session: one map, its start and goal, the settings, and the search shown on the page.
//!
//! Everything the page asks of the core goes through here, so it is tested natively; the wasm crate only
//! translates. The session keeps three engines: `shown` (the chosen algorithm, from the registry, with
//! the trace: animated and drawn), `timer` (the same algorithm without the trace, for timing) and `probe`
//! (the A* family's engine, for the optimum and the w sweep), and caches what depends only on the map and
//! the end cells (the optimal cost, the connected regions) until the next edit.
//!
//! **Repairs.** When the chosen algorithm can repair its search ([`Stepper::repair`]: D* Lite) and the
//! only change since the shown search began is painting ([`Session::paint`]), the next
//! [`Session::restart`] or [`Session::solve`] repairs that search instead of beginning again: the
//! animation then shows the repair (the cells the edit made inconsistent first), the counters count the
//! repair only, and the stats add what a fresh A* expands on the edited map (`fresh-astar-expanded`).
//! Any other change (end cells, settings, a new map or cost table) begins a new search.
//!
//! Its parts, each a module of its own: [`edits`] (the map, the end cells and the settings, and what an
//! edit makes stale), [`running`] (begin or repair, step, solve, timing), [`slices`] (a solve run a time budget at a time), [`optimum`] (the optimal cost
//! and the regions), [`view`] (the stats, the sweep and the settings as the page reads them) and
//! [`files`] (opening maps and scenarios).

use crate::bound::{bound, Bound};
use crate::cost::{self, Cost};
use crate::curve::{Curve, Curving};
use crate::formats::{movingai, text};
use crate::generate::{self, TerrainShares};
use crate::grid::{Grid, GridError, Terrain, TerrainCosts, TerrainVersion};
use crate::heuristic::Heuristic;
use crate::message::Message;
use crate::movement::Movement;
use crate::movement::{CornerRule, Neighbours};
use crate::names::{LinkCode, Named};
use crate::regions::Regions;
use crate::search::{check_budget, TieBreak};
use crate::search::{
    registry, Algorithm, Detail, Family, Outcome, Search, SearchError, SearchParams, Step, Stepper,
    Weight,
};
use crate::smooth;

mod edits;
mod files;
mod optimum;
mod running;
mod slices;
mod view;

pub use files::ScenarioProblem;
pub use view::{Settings, Stats, SweepRow};

/// Why a session edit was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionError {
    /// A grid problem (size, bounds, costs).
    Grid(GridError),
    /// A search problem (end cell on a wall, bad weight).
    Search(SearchError),
    /// Terrain shares for a random map that are not fractions summing to at most 1.
    BadShares(TerrainShares),
}

/// The session's sentences (see [`crate::message`]).
pub(crate) const MESSAGES: &[(&str, &str)] = &[
    (
        "session.bad-shares",
        "terrain shares wall {wall}, forest {forest}, swamp {swamp} are not allowed: each must be from 0 to 1 and together at most 1",
    ),
    ("session.not-moving-ai", "cannot be read as a Moving AI map: {cause}"),
    (
        "session.files-elsewhere",
        "map files and scenarios are read by the page's second module, which is not loaded",
    ),
    ("session.bad-map-file", "this map file cannot be read: {cause}"),
    ("session.bad-scenario", "this .map.scen file cannot be read: {cause}"),
    ("session.bad-problem", "problem {index} of the scenario {cause}"),
    (
        "session.no-passable",
        "this map has no passable cell: there is nowhere to search",
    ),
    (
        "session.no-passable-file",
        "this map file has no passable cell: there is nowhere to search",
    ),
];

impl From<SessionError> for Message {
    fn from(e: SessionError) -> Message {
        match e {
            SessionError::Grid(e) => e.into(),
            SessionError::Search(e) => e.into(),
            SessionError::BadShares(s) => Message::new("session.bad-shares")
                .num("wall", s.wall)
                .num("forest", s.forest)
                .num("swamp", s.swamp),
        }
    }
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Message::from(self.clone()).fmt(f)
    }
}

impl std::error::Error for SessionError {}

impl From<GridError> for SessionError {
    fn from(e: GridError) -> Self {
        SessionError::Grid(e)
    }
}

impl From<SearchError> for SessionError {
    fn from(e: SearchError) -> Self {
        SessionError::Search(e)
    }
}

/// A map, its two end cells, the settings and the shown search (see the module doc).
pub struct Session {
    grid: Grid,
    start: u32,
    goal: u32,
    params: SearchParams,
    /// The chosen algorithm's engine, with the trace.
    shown: Box<dyn Stepper>,
    /// The chosen algorithm's engine without the trace, for timing.
    timer: Box<dyn Stepper>,
    /// The shown engine has run a search to the end before (its code is warm: see [`Session::solve`]).
    shown_warm: bool,
    /// The engines (shown, timer) of an algorithm shown earlier that prepares per map (the registry's
    /// `preprocesses`: HPA*'s abstract graph, JPS+'s jump table), kept so that choosing it again
    /// prepares nothing the map's edits since did not change: on a 1024 × 1024 random map HPA*'s build
    /// blocked the page 2.4–3.4 s at every choice of HPA*. One such algorithm is kept, the latest.
    parked: Option<Parked>,
    probe: Family,
    /// Cached optimal cost for the current map, end cells and movement; `Some(None)` = unreachable.
    optimum: Option<Option<Cost>>,
    /// Cached regions for the current map and movement.
    regions: Option<Regions>,
    /// For a bidirectional search: what one-way A* with the same settings expands on the same problem
    /// (computed at each restart), so the stats can show the two side by side.
    one_way_expanded: Option<u64>,
    /// After a repair: what a fresh A* expands on the same edited map, for the stats.
    fresh_expanded: Option<u64>,
    /// The shown search was begun (or repaired) on this map, end cells and settings: only paint has
    /// changed the map since, so it can be repaired.
    repairable: bool,
    /// Paint changed the map since the shown search was begun or repaired.
    painted: bool,
    /// The start the shown search was begun or repaired from ([`Session::walk_start`] moves the start
    /// without beginning again).
    searched_start: u32,
    /// The last repair at its step 0 (a copy of the shown search), replayed by the next restart while
    /// nothing changed since: the animation and the timeline then show the repair.
    repair_point: Option<Box<dyn Stepper>>,
    /// The cells the last repair began with inconsistent (g ≠ rhs: those the edit touched), by cell id.
    inconsistent: Vec<u32>,
    smoothed: Vec<u32>,
    /// The last curve made ([`Session::curve`]) and what it was made from: the page asks for it at every
    /// redraw (a pointer move over the map redraws), from the legend and from the stats.
    curve: Option<(CurveMadeFrom, Curve)>,
    /// The page draws the smoothed path as a curve: a sliced solve makes the curve in its slices.
    curve_wanted: bool,
    /// The page draws the smoothed path: a sliced solve smooths before it searches for the optimum (else
    /// after: see [`Session::set_smoothing_wanted`]).
    smoothing_wanted: bool,
    /// A curve made in slices ([`Session::curve_for`], or a sliced solve's last part), and what it is
    /// made from.
    curving: Option<(CurveMadeFrom, Curving)>,
    time_us: f64,
    /// The lowest and highest timed batch, µs (see [`Stats::time_low_us`]).
    time_range_us: (f64, f64),
    /// µs the last `solve` spent beginning (or repairing) its search, before the first expansion.
    begin_us: f64,
    /// The page's heap panel wants the open-list log of the shown search (see [`Session::set_heap_log`]).
    heap_log: bool,
    /// A solve run in slices, under way (see [`Session::solve_for`]).
    slicing: Option<slices::Slicing>,
    /// The shown engine's preparation (HPA*'s graph) took more than one slice of the solve under way.
    prepared_in_slices: bool,
}

/// A copy of the map, end cells, settings and caches; its search is new (not begun).
impl Clone for Session {
    fn clone(&self) -> Session {
        let (shown, timer) = engines(&self.params);
        Session {
            grid: self.grid.clone(),
            start: self.start,
            goal: self.goal,
            params: self.params,
            shown,
            timer,
            shown_warm: false,
            parked: None,
            probe: Family::new(),
            optimum: self.optimum,
            regions: self.regions.clone(),
            one_way_expanded: None,
            fresh_expanded: None,
            repairable: false,
            painted: false,
            searched_start: self.start,
            repair_point: None,
            inconsistent: Vec::new(),
            smoothed: Vec::new(),
            curve: None,
            curve_wanted: self.curve_wanted,
            smoothing_wanted: self.smoothing_wanted,
            curving: None,
            time_us: 0.0,
            time_range_us: (0.0, 0.0),
            begin_us: 0.0,
            heap_log: false,
            slicing: None,
            prepared_in_slices: false,
        }
    }
}

/// What a curve is made from: the map's terrain version, its costs and the smoothed path's corners.
type CurveMadeFrom = (TerrainVersion, TerrainCosts, Vec<u32>);

/// An algorithm's engines kept while another is shown: the algorithm, its shown engine, its timer.
type Parked = (Algorithm, Box<dyn Stepper>, Box<dyn Stepper>);

/// The shown engine (traced) and the timing engine for the algorithm of `params`.
fn engines(params: &SearchParams) -> (Box<dyn Stepper>, Box<dyn Stepper>) {
    let mut shown = crate::search::make(params.algorithm);
    shown.set_trace(true);
    (shown, crate::search::make(params.algorithm))
}

impl Session {
    /// A session on `grid` from `start` to `goal` (cells that are not walls), with default settings and
    /// the search not yet begun.
    pub fn new(grid: Grid, start: u32, goal: u32) -> Result<Session, SessionError> {
        let params = SearchParams::default();
        // Fail early, with the engine's own message, if an end cell is off the map or on a wall.
        Search::new().begin(&grid, &params, start, goal)?;
        let (shown, timer) = engines(&params);
        Ok(Session {
            grid,
            start,
            goal,
            params,
            shown,
            timer,
            shown_warm: false,
            parked: None,
            probe: Family::new(),
            optimum: None,
            regions: None,
            one_way_expanded: None,
            fresh_expanded: None,
            repairable: false,
            painted: false,
            searched_start: start,
            repair_point: None,
            inconsistent: Vec::new(),
            smoothed: Vec::new(),
            curve: None,
            curve_wanted: false,
            smoothing_wanted: true,
            curving: None,
            time_us: 0.0,
            time_range_us: (0.0, 0.0),
            begin_us: 0.0,
            heap_log: false,
            slicing: None,
            prepared_in_slices: false,
        })
    }

    /// The map.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The start cell.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// The goal cell.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// µs the last [`Session::solve`] spent beginning (or repairing) its search, not counted in its
    /// `time_us`: for HPA*, building or updating its abstract graph and inserting the start and goal.
    pub fn begin_us(&self) -> f64 {
        self.begin_us
    }

    /// The settings.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// The shown search (with its trace).
    pub fn search(&self) -> &dyn Stepper {
        self.shown.as_ref()
    }

    /// The smoothed path of the last finished search (empty before).
    pub fn smoothed(&self) -> &[u32] {
        &self.smoothed
    }

    /// The curve through the smoothed path on the current map (empty before the search has finished):
    /// see [`crate::curve`]. Made again only when the map, its costs or the smoothed path changed.
    pub fn curve(&mut self) -> &Curve {
        if !self.curve_is_for(&self.smoothed) {
            let curve = crate::curve::curve(&self.grid, &self.smoothed);
            self.keep_curve(curve);
        }
        &self.curve.as_ref().expect("made above").1
    }

    /// Says whether the page draws the smoothed path as a curve: when it does, a solve run in slices
    /// ([`Session::solve_for`]) makes the curve in its slices, so that [`Session::curve`] has it at once.
    pub fn set_curve_wanted(&mut self, wanted: bool) {
        self.curve_wanted = wanted;
    }

    /// Says whether the page draws the smoothed path (true when a session begins). A solve run in slices
    /// ([`Session::solve_for`]) smooths the shown path before it searches for the optimum the path is
    /// compared with when it does, and after when it does not, so that the cost over the optimum is
    /// shown first: on a 1,024 × 1,024 maze the smoothing of a path takes some 250 ms in wasm.
    pub fn set_smoothing_wanted(&mut self, wanted: bool) {
        self.smoothing_wanted = wanted;
    }

    /// True when the curve through the smoothed path on the map as it is now is made: [`Session::curve`]
    /// returns it without making it.
    pub fn curve_ready(&self) -> bool {
        self.curve_is_for(&self.smoothed)
    }

    /// Makes the curve through the smoothed path for about `budget_us` µs of `now_us`'s clock, going on
    /// where the last call stopped; true once it is made ([`Session::curve`] then returns it at once).
    /// For a page that turns the curve on after a long path was smoothed: the curve of a path across a
    /// 1,024 × 1,024 maze takes some 130 ms in wasm, too long for one task.
    pub fn curve_for(&mut self, budget_us: f64, now_us: &dyn Fn() -> f64) -> bool {
        if self.curve_ready() {
            return true;
        }
        let deadline = now_us() + budget_us;
        let smoothed = std::mem::take(&mut self.smoothed);
        let made = self.make_curve_until(&smoothed, deadline, now_us);
        self.smoothed = smoothed;
        made
    }

    /// Makes the curve through `corners` on the map as it is now, going on with the one under way when it
    /// is the same curve, until it is made (then kept: true) or `deadline` passes (false).
    pub(super) fn make_curve_until(
        &mut self,
        corners: &[u32],
        deadline: f64,
        now_us: &dyn Fn() -> f64,
    ) -> bool {
        let (from, mut curving) = match self.curving.take() {
            Some((from, curving)) if self.made_from_now(&from, corners) => (from, curving),
            _ => (
                (
                    self.grid.terrain_version(),
                    self.grid.costs(),
                    corners.to_vec(),
                ),
                Curving::new(crate::curve::SAMPLES_PER_CELL),
            ),
        };
        if slices::curve_until(&mut curving, &self.grid, corners, deadline, now_us) {
            self.curve = Some((from, curving.finish()));
            return true;
        }
        self.curving = Some((from, curving));
        false
    }

    /// True when the curve kept is the one through `smoothed` on the map as it is now.
    fn curve_is_for(&self, smoothed: &[u32]) -> bool {
        self.curve
            .as_ref()
            .is_some_and(|(from, _)| self.made_from_now(from, smoothed))
    }

    /// True when `from` is the map as it is now and `smoothed`.
    fn made_from_now(&self, from: &CurveMadeFrom, smoothed: &[u32]) -> bool {
        let (version, costs, corners) = from;
        *version == self.grid.terrain_version()
            && *costs == self.grid.costs()
            && corners.as_slice() == smoothed
    }

    /// Keeps `curve` as the one through the smoothed path on the map as it is now.
    fn keep_curve(&mut self, curve: Curve) {
        let from = (
            self.grid.terrain_version(),
            self.grid.costs(),
            self.smoothed.clone(),
        );
        self.curve = Some((from, curve));
    }
}

/// For the tests' `unwrap_err`. Not derived for every build: the wasm module would then carry the
/// `Debug` code of every engine's fields, float formatting included (README, "The shipped bundle").
#[cfg(test)]
impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Session({}x{})", self.grid.width(), self.grid.height())
    }
}

#[cfg(test)]
mod tests;
