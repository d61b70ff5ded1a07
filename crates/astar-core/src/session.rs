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

use crate::bound::{bound, Bound};
use crate::cost::{self, Cost};
use crate::formats::{movingai, text};
use crate::generate::{self, TerrainShares};
use crate::grid::{Grid, GridError, Terrain};
use crate::heuristic::Heuristic;
use crate::message::Message;
use crate::movement::Movement;
use crate::movement::{CornerRule, Neighbours};
use crate::names::{LinkCode, Named};
use crate::regions::Regions;
use crate::search::{check_budget, TieBreak};
use crate::search::{
    registry, Algorithm, Detail, Outcome, Search, SearchError, SearchParams, Step, Stepper, Weight,
};
use crate::smooth;

/// How long a short search is run untimed before it is timed, µs. The first runs of a search in a fresh
/// wasm module run baseline-compiled code while the engine tiers up (and touch fresh memory), so a first
/// number timed the compiler: 255 to 3,500 µs on fresh loads for a search that takes 20–40 µs warm.
const WARM_UP_US: f64 = 500.0;
/// Batches timed after the warm-up: the time shown is the fastest, and the lowest and highest batch say
/// how much the number moves between repeats (what compare mode counts as noise). The fastest, not the
/// median: on a fresh page the engine compiles its optimised code on other threads, and on a 2-core
/// machine a batch they share the processor with takes longer; nothing makes a batch faster than the
/// search is (five fresh loads of the demo: 24–54 µs with the median of three batches of 700 µs, and
/// one load at 140 or 400 µs; see `scripts/bench-fresh-loads.mjs`).
const TIMING_BATCHES: usize = 5;
/// Each batch repeats the search until this much time has passed, µs: browsers' clocks step by 100 µs
/// (5 µs when cross-origin isolated), so a batch is timed to within about 20%.
const BATCH_US: f64 = 500.0;
/// The most runs of one timed batch.
const TIMING_MAX_RUNS: u32 = 1_000;
/// A search that takes this long (µs) with the trace is timed by that run alone (see [`Session::solve`]).
const LONG_SEARCH_US: f64 = 20_000.0;

/// What the page shows about the current search.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// "searching", "found", "unreachable" or "limit".
    pub outcome: &'static str,
    /// Expansions so far (also the animation step).
    pub expanded: u64,
    /// Open-list pushes.
    pub generated: u64,
    /// Closed cells reopened.
    pub reopened: u64,
    /// Stale open-list entries skipped.
    pub stale_pops: u64,
    /// Most cells open at once.
    pub open_peak: u64,
    /// Path cost in steps (plain orthogonal step = 1), when a path exists.
    pub cost: Option<f64>,
    /// Cells on the path.
    pub path_cells: usize,
    /// Geometric length of the grid path (cell centre to cell centre).
    pub length: f64,
    /// Geometric length of the smoothed path.
    pub smoothed_length: f64,
    /// Straight segments in the smoothed path.
    pub smoothed_segments: usize,
    /// The optimal cost between start and goal (admissible A*, w = 1), when reachable.
    pub optimal_cost: Option<f64>,
    /// How much the path costs over the optimum, as a fraction (0.39 = 39% more), when both exist.
    pub over_optimal: Option<f64>,
    /// Core time of one run of this search, µs: for a short search the fastest of five timed batches of
    /// repeats without the trace, after an untimed warm-up; a long one (or a repair) is timed once.
    pub time_us: f64,
    /// The lowest batch's time, µs (`time_us` when the search was timed once).
    pub time_low_us: f64,
    /// The highest batch's time, µs (`time_us` when the search was timed once).
    pub time_high_us: f64,
    /// What the settings promise about the path's cost on this map (the badge words it; `not-admissible`
    /// when the heuristic can overestimate for the movement rule).
    pub bound: Bound,
    /// What the algorithm counts beyond the common counters (see [`Detail`]).
    pub details: Vec<Detail>,
    /// Where the frontiers of a bidirectional search met, once they have.
    pub meeting_cell: Option<u32>,
}

/// One row of the w sweep: what weighted A* does on this map at weight `w`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SweepRow {
    /// The weight.
    pub w: f64,
    /// Expansions.
    pub expanded: u64,
    /// Path cost in steps, when found.
    pub cost: Option<f64>,
    /// Cost over the optimum as a fraction, when found.
    pub over_optimal: Option<f64>,
}

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
    probe: Search,
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
    time_us: f64,
    /// The lowest and highest timed batch, µs (see [`Stats::time_low_us`]).
    time_range_us: (f64, f64),
    /// µs the last `solve` spent beginning (or repairing) its search, before the first expansion.
    begin_us: f64,
    /// The page's heap panel wants the open-list log of the shown search (see [`Session::set_heap_log`]).
    heap_log: bool,
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
            probe: Search::new(),
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
            time_us: 0.0,
            time_range_us: (0.0, 0.0),
            begin_us: 0.0,
            heap_log: false,
        }
    }
}

/// An algorithm's engines kept while another is shown: the algorithm, its shown engine, its timer.
type Parked = (Algorithm, Box<dyn Stepper>, Box<dyn Stepper>);

/// The shown engine (traced) and the timing engine for the algorithm of `params`.
fn engines(params: &SearchParams) -> (Box<dyn Stepper>, Box<dyn Stepper>) {
    let mut shown = registry::make(params.algorithm);
    shown.set_trace(true);
    (shown, registry::make(params.algorithm))
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
            probe: Search::new(),
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
            time_us: 0.0,
            time_range_us: (0.0, 0.0),
            begin_us: 0.0,
            heap_log: false,
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

    /// Turns the open-list log of the shown search on or off (the page's heap panel; see
    /// [`crate::search::Trace`]), now and for the algorithms chosen later; returns whether the algorithm
    /// shown can log its open list. Turned on part-way through a search that still matches the map, end
    /// cells and settings, the search is run again to the same step (or to the end), so that the log holds
    /// it from its BEGIN; everything the page shows of it stays the same (the order is total, so the
    /// run is the same run).
    pub fn set_heap_log(&mut self, on: bool) -> bool {
        let was_on = self.heap_log;
        self.heap_log = on;
        if !self.shown.set_heap_log(on) {
            return false;
        }
        if on && !was_on && self.repairable && !self.painted {
            let counters = self.shown.counters();
            let expanded = counters.expanded;
            let finished = self.shown.outcome().is_some();
            // The same run logs BEGIN, every push (10 words) and every pop: room for exactly that.
            let words = 1 + 10 * counters.generated + counters.expanded + counters.stale_pops;
            self.shown.reserve_heap_log(words as usize);
            if self
                .shown
                .begin(&self.grid, &self.params, self.start, self.goal)
                .is_ok()
            {
                if finished {
                    self.shown.run(&self.grid);
                } else {
                    for _ in 0..expanded {
                        self.shown.step(&self.grid);
                    }
                }
            }
            self.shown.clear_changes();
        }
        true
    }

    /// The open-list log's records not read yet (empty while it is off).
    pub fn heap_log(&self) -> &[u32] {
        self.shown.trace().map_or(&[], |trace| trace.heap_log())
    }

    /// Forgets the open-list log's records read so far.
    pub fn clear_heap_log(&mut self) {
        self.shown.clear_heap_log();
    }

    /// Changes the settings; the caller re-solves or restarts.
    pub fn set_params(&mut self, params: SearchParams) {
        if params != self.params {
            self.repairable = false;
        }
        if params.movement != self.params.movement {
            self.invalidate_map_caches();
        }
        if params.algorithm != self.params.algorithm {
            let (shown, timer) = match self.parked.take() {
                Some((algorithm, shown, timer)) if algorithm == params.algorithm => (shown, timer),
                other => {
                    self.parked = other;
                    engines(&params)
                }
            };
            let left = (
                std::mem::replace(&mut self.shown, shown),
                std::mem::replace(&mut self.timer, timer),
            );
            self.shown_warm = false;
            if registry::info(self.params.algorithm).preprocesses {
                self.parked = Some((self.params.algorithm, left.0, left.1));
            }
            self.shown.set_heap_log(self.heap_log);
        }
        self.params = params;
    }

    /// Moves the start to (x, y): refused off the map or on a wall.
    pub fn set_start(&mut self, x: i64, y: i64) -> Result<(), SessionError> {
        let cell = self.passable_cell(x, y, true)?;
        if cell != self.start {
            self.repairable = false;
        }
        self.start = cell;
        self.optimum = None;
        Ok(())
    }

    /// Moves the start to (x, y) as an agent walking its path does: like [`Session::set_start`], but a
    /// search that can repair is repaired from there by the next restart or solve
    /// ([`Stepper::repair_from`]) instead of begun again.
    pub fn walk_start(&mut self, x: i64, y: i64) -> Result<(), SessionError> {
        let cell = self.passable_cell(x, y, true)?;
        if cell != self.start {
            self.optimum = None;
        }
        self.start = cell;
        Ok(())
    }

    /// The cells the shown repair began with inconsistent (g ≠ rhs), by cell id: the cells an edit made
    /// inconsistent. Empty when the shown search is not a repair.
    pub fn inconsistent(&self) -> &[u32] {
        &self.inconsistent
    }

    /// Moves the goal to (x, y): refused off the map or on a wall.
    pub fn set_goal(&mut self, x: i64, y: i64) -> Result<(), SessionError> {
        let cell = self.passable_cell(x, y, false)?;
        if cell != self.goal {
            self.repairable = false;
        }
        self.goal = cell;
        self.optimum = None;
        Ok(())
    }

    fn passable_cell(&self, x: i64, y: i64, is_start: bool) -> Result<u32, SessionError> {
        let cell = self.grid.checked_cell(x, y).map_err(|_| match is_start {
            true => SearchError::StartOutOfBounds { x, y },
            false => SearchError::GoalOutOfBounds { x, y },
        })?;
        if !self.grid.is_passable(cell) {
            let (x, y) = (x as u32, y as u32);
            return Err(match is_start {
                true => SearchError::StartOnWall { x, y },
                false => SearchError::GoalOnWall { x, y },
            }
            .into());
        }
        Ok(cell)
    }

    /// Paints `terrain` on every cell within Chebyshev distance `radius` of (x, y) (a square brush of side
    /// 2·radius + 1), clipped to the map. Walls are never painted on the start or goal. Returns how many
    /// cells changed.
    pub fn paint(&mut self, x: i64, y: i64, radius: u32, terrain: Terrain) -> u32 {
        let r = radius as i64;
        let mut changed = 0;
        for cy in (y - r).max(0)..=(y + r).min(self.grid.height() as i64 - 1) {
            for cx in (x - r).max(0)..=(x + r).min(self.grid.width() as i64 - 1) {
                let cell = self.grid.cell(cx as u32, cy as u32);
                let is_end = cell == self.start || cell == self.goal;
                if self.grid.terrain(cell) == terrain || (terrain == Terrain::Wall && is_end) {
                    continue;
                }
                self.grid.set_terrain(cell, terrain);
                changed += 1;
            }
        }
        if changed > 0 {
            self.optimum = None;
            self.regions = None;
            self.painted = true;
        }
        changed
    }

    /// Replaces the map. The start and goal stay where they are when they fit and are passable; otherwise
    /// they move to the top-left and bottom-right corners. Their cells are made passable (plain) if needed.
    pub fn replace_grid(&mut self, mut grid: Grid) {
        let keep = |cell: u32, grid: &Grid| {
            let (x, y) = self.grid.xy(cell);
            (x < grid.width() && y < grid.height()).then(|| grid.cell(x, y))
        };
        let start = keep(self.start, &grid).unwrap_or(0);
        let goal = keep(self.goal, &grid).unwrap_or(grid.len() as u32 - 1);
        for cell in [start, goal] {
            if !grid.is_passable(cell) {
                grid.set_terrain(cell, Terrain::Plain);
            }
        }
        self.grid = grid;
        self.start = start;
        self.goal = goal;
        self.invalidate_map_caches();
    }

    /// Replaces the map by `grid` drawn with the current cost table, and puts the start and goal on the
    /// passable cells nearest the top-left and bottom-right corners (see [`Session::place_ends_in_corners`]).
    /// Used by the generators, whose maps come with default costs. The terrain is left exactly as
    /// generated, so on a maze or rooms map the end cells are joined; only a map with no passable cell
    /// at all gets its two corner cells made plain, so that the end cells have somewhere to stand.
    pub fn replace_grid_keeping_costs(&mut self, mut grid: Grid) {
        // The current costs were validated when they were set, so this cannot fail.
        let _ = grid.set_costs(self.grid.costs());
        if grid.count(Terrain::Wall) as usize == grid.len() {
            let last = grid.len() as u32 - 1;
            grid.set_terrain(0, Terrain::Plain);
            grid.set_terrain(last, Terrain::Plain);
        }
        self.grid = grid;
        self.invalidate_map_caches();
        self.place_ends_in_corners();
    }

    /// A new all-plain map of `width` × `height` (1..=MAX_SIDE each), start top-left, goal bottom-right.
    pub fn clear(&mut self, width: u32, height: u32) -> Result<(), SessionError> {
        let grid = Grid::new(width, height)?;
        self.replace_grid_keeping_costs(grid);
        Ok(())
    }

    /// A seeded random map (see [`generate::random_terrain`]).
    ///
    /// - `shares`: each from 0 to 1 and summing to at most 1, or [`SessionError::BadShares`].
    pub fn generate_random(
        &mut self,
        width: u32,
        height: u32,
        shares: TerrainShares,
        seed: u64,
    ) -> Result<(), SessionError> {
        check_shares(shares.wall, shares.forest, shares.swamp)?;
        let grid = generate::random_terrain(width, height, shares, seed)?;
        self.replace_grid_keeping_costs(grid);
        Ok(())
    }

    /// A seeded maze with corridors `corridor` cells wide (see [`generate::maze`]), its corridors sprinkled
    /// with forest and swamp at the given shares (walls untouched, so every corridor cell stays reachable).
    ///
    /// - `forest`, `swamp`: fractions from 0 to 1 summing to at most 1, or [`SessionError::BadShares`].
    pub fn generate_maze(
        &mut self,
        width: u32,
        height: u32,
        corridor: u32,
        forest: f64,
        swamp: f64,
        seed: u64,
    ) -> Result<(), SessionError> {
        check_shares(0.0, forest, swamp)?;
        let mut grid = generate::maze(width, height, corridor, seed)?;
        generate::sprinkle(&mut grid, forest, swamp, seed);
        self.replace_grid_keeping_costs(grid);
        Ok(())
    }

    /// A seeded map of rooms about `room` cells a side joined by doors (see [`generate::rooms`]), sprinkled
    /// with forest and swamp like [`Session::generate_maze`].
    pub fn generate_rooms(
        &mut self,
        width: u32,
        height: u32,
        room: u32,
        forest: f64,
        swamp: f64,
        seed: u64,
    ) -> Result<(), SessionError> {
        check_shares(0.0, forest, swamp)?;
        let mut grid = generate::rooms(width, height, room, seed)?;
        generate::sprinkle(&mut grid, forest, swamp, seed);
        self.replace_grid_keeping_costs(grid);
        Ok(())
    }

    /// Moves the start to the passable cell nearest the top-left corner and the goal to the one nearest
    /// the bottom-right corner (nearest by Chebyshev rings, then row-major order). When the map has one
    /// passable cell, start and goal share it; when it has none, the end cells stay where they are.
    pub fn place_ends_in_corners(&mut self) {
        let (w, h) = (self.grid.width(), self.grid.height());
        let Some(start) = self.nearest_passable(0, 0, None) else {
            return;
        };
        let goal = self
            .nearest_passable(w - 1, h - 1, Some(start))
            .unwrap_or(start);
        self.start = start;
        self.goal = goal;
        self.optimum = None;
        self.repairable = false;
    }

    /// The passable cell nearest (x, y) other than `except`, searching outward ring by ring.
    fn nearest_passable(&self, x: u32, y: u32, except: Option<u32>) -> Option<u32> {
        let (w, h) = (self.grid.width() as i64, self.grid.height() as i64);
        let (x, y) = (x as i64, y as i64);
        for r in 0..w.max(h) {
            for cy in (y - r).max(0)..=(y + r).min(h - 1) {
                for cx in (x - r).max(0)..=(x + r).min(w - 1) {
                    let on_ring = (cx - x).abs() == r || (cy - y).abs() == r;
                    let cell = self.grid.cell(cx as u32, cy as u32);
                    if on_ring && self.grid.is_passable(cell) && Some(cell) != except {
                        return Some(cell);
                    }
                }
            }
        }
        None
    }

    /// Forgets what depends on the map and makes the next search begin anew (a new map, cost table or
    /// movement: not a repair).
    fn invalidate_map_caches(&mut self) {
        self.optimum = None;
        self.regions = None;
        self.repairable = false;
    }

    /// Begins the shown search at step 0 (for an animation), without running it; or, when only paint
    /// changed the map and the algorithm can, repairs it (see the module doc).
    pub fn restart(&mut self) -> Result<(), SessionError> {
        self.begin_or_repair().map(|_| ())
    }

    /// [`Session::restart`]; true when it repaired.
    fn begin_or_repair(&mut self) -> Result<bool, SessionError> {
        let changed = self.painted || self.start != self.searched_start;
        let replay = match &self.repair_point {
            Some(point) if self.repairable && !changed => point.checkpoint(),
            _ => None,
        };
        if let Some(replay) = replay {
            // Nothing changed since the last repair: show it again from its step 0.
            self.shown = replay;
            self.shown.clear_changes();
            self.smoothed.clear();
            return Ok(true);
        }
        self.repair_point = None;
        self.inconsistent.clear();
        let repaired =
            self.repairable && changed && self.shown.repair_from(&self.grid, self.start)?;
        if !repaired {
            self.shown
                .begin(&self.grid, &self.params, self.start, self.goal)?;
        }
        self.repairable = true;
        self.painted = false;
        self.searched_start = self.start;
        self.fresh_expanded = None;
        if repaired {
            self.repair_point = self.shown.checkpoint();
            // The repair's trace begins afresh: the cells it opened at step 0 are those the edit made
            // inconsistent (cells left in U by the search before are not among them).
            self.inconsistent = (0..self.grid.len() as u32)
                .filter(|&cell| self.shown.opened_at().get(cell as usize) == Some(&0))
                .collect();
            let fresh = SearchParams {
                algorithm: Algorithm::AStar,
                heuristic: Heuristic::best_admissible(self.params.movement),
                weight: Weight::ONE,
                expansion_limit: None,
                ..self.params
            };
            let result = self
                .probe
                .solve(&self.grid, &fresh, self.start, self.goal)?;
            self.fresh_expanded = Some(result.counters.expanded);
        }
        self.one_way_expanded = None;
        if registry::info(self.params.algorithm).compared_with_one_way {
            let one_way = SearchParams {
                algorithm: Algorithm::AStar,
                weight: Weight::ONE,
                ..self.params
            };
            let result = self
                .probe
                .solve(&self.grid, &one_way, self.start, self.goal)?;
            self.one_way_expanded = Some(result.counters.expanded);
        }
        self.shown.clear_changes();
        self.smoothed.clear();
        Ok(repaired)
    }

    /// Expands up to `n` cells of the shown search; returns how many were expanded. The change list
    /// ([`Search::changes`]) holds the cells touched by these steps only.
    pub fn step(&mut self, n: u32) -> u32 {
        self.shown.clear_changes();
        let mut done = 0;
        while done < n {
            match self.shown.step(&self.grid) {
                Step::Expanded(_) => done += 1,
                Step::Done(_) => break,
            }
        }
        if self.shown.outcome().is_some() && self.smoothed.is_empty() {
            self.smoothed = smooth::smooth_path(&self.grid, self.shown.path());
        }
        done
    }

    /// Runs the shown search to the end, smooths its path and times it with `now_us` (a clock in µs).
    ///
    /// Short searches are timed again without the trace, repeated (see [`TIMING_BUDGET_US`]); a search
    /// that took longer than [`LONG_SEARCH_US`] with the trace is not run again: its own time is reported
    /// (trace included, a few percent more), because running a large map twice would make every edit on
    /// it twice as slow.
    pub fn solve(&mut self, now_us: &dyn Fn() -> f64) -> Result<Stats, SessionError> {
        let began = now_us();
        let repaired = self.begin_or_repair()?;
        let started = now_us();
        self.begin_us = started - began;
        self.shown.run(&self.grid);
        let traced_us = now_us() - started;
        self.smoothed = smooth::smooth_path(&self.grid, self.shown.path());
        // A repair cannot be repeated (the timing engine holds no search to repair): its one run is
        // its time.
        let mut single_us = traced_us;
        if traced_us >= LONG_SEARCH_US && !repaired && !self.shown_warm {
            // The first long run of an engine may be the wasm module's first use of its code, compiled
            // as it runs (21 ms for HPA*'s first query on a 32 × 20 map, 0.1 ms after): run it once more.
            single_us = self.rerun_shown(now_us).unwrap_or(traced_us);
        }
        self.shown_warm = true;
        self.time_us = single_us;
        self.time_range_us = (single_us, single_us);
        if single_us < LONG_SEARCH_US && !repaired {
            if let Some(batches) = self.time_search(now_us) {
                self.time_us = batches[0];
                self.time_range_us = (batches[0], batches[TIMING_BATCHES - 1]);
            }
        }
        Ok(self.stats())
    }

    /// Runs the shown search again from its begin (it ends where it ended: searches are deterministic),
    /// timed; `None` when it cannot begin.
    fn rerun_shown(&mut self, now_us: &dyn Fn() -> f64) -> Option<f64> {
        self.shown
            .begin(&self.grid, &self.params, self.start, self.goal)
            .ok()?;
        let started = now_us();
        self.shown.run(&self.grid);
        Some(now_us() - started)
    }

    /// The timing engine's search timed in [`TIMING_BATCHES`] batches after a warm-up, the batches' times
    /// per run in µs, sorted; `None` when the search cannot begin (the shown one began, so it can).
    fn time_search(&mut self, now_us: &dyn Fn() -> f64) -> Option<[f64; TIMING_BATCHES]> {
        // One begin before the clock starts: an engine that prepares per map (HPA*'s abstract graph)
        // does it here, so preparation is not averaged into the search's time (the shown search's
        // `begin` is not timed either: see `begin_us`).
        self.timer
            .begin(&self.grid, &self.params, self.start, self.goal)
            .ok()?;
        self.timed_runs(now_us, WARM_UP_US)?;
        let mut batches = [0.0; TIMING_BATCHES];
        for batch in &mut batches {
            *batch = self.timed_runs(now_us, BATCH_US)?;
        }
        batches.sort_by(f64::total_cmp);
        Some(batches)
    }

    /// Runs the timing engine's search again and again until `at_least_us` have passed (or
    /// [`TIMING_MAX_RUNS`] runs); the time per run, µs.
    fn timed_runs(&mut self, now_us: &dyn Fn() -> f64, at_least_us: f64) -> Option<f64> {
        let started = now_us();
        let mut runs = 0;
        loop {
            self.timer
                .begin(&self.grid, &self.params, self.start, self.goal)
                .ok()?;
            self.timer.run(&self.grid);
            runs += 1;
            let elapsed = now_us() - started;
            if elapsed >= at_least_us || runs >= TIMING_MAX_RUNS {
                return Some(elapsed / f64::from(runs));
            }
        }
    }

    /// The optimal cost from start to goal on this map and movement (cached until an edit), or `None`
    /// when the goal cannot be reached. When the shown search has finished on the map, end cells and
    /// settings as they are and its settings guarantee an optimal path, that is its cost; otherwise A*
    /// finds it (on a 1024 × 1024 map a search across the map costs about 100 ms in the page, after
    /// every edit).
    pub fn optimal_cost(&mut self) -> Option<Cost> {
        if let Some(optimum) = self.optimum {
            return optimum;
        }
        let settled = (self.shown_is_current() && self.guarantees_optimum())
            .then(|| self.shown.outcome())
            .flatten();
        let optimum = match settled {
            Some(Outcome::Found) => Some(self.shown.path_cost()),
            Some(Outcome::Unreachable) => None,
            _ => {
                let params = self.optimum_params();
                match self.probe.solve(&self.grid, &params, self.start, self.goal) {
                    Ok(result) if result.outcome == Outcome::Found => Some(result.cost),
                    _ => None,
                }
            }
        };
        self.optimum = Some(optimum);
        optimum
    }

    /// True when the shown search was begun (or repaired) on the map, end cells and settings as they
    /// are now.
    fn shown_is_current(&self) -> bool {
        self.repairable && !self.painted && self.start == self.searched_start
    }

    /// True when the settings guarantee an optimal path (the page's badge then says the bound is
    /// exact: see [`crate::bound`]).
    fn guarantees_optimum(&self) -> bool {
        bound(&self.params, &self.grid) == Bound::Exact
    }

    /// An optimal path from start to goal on this map and movement (admissible A*, w = 1, the search
    /// behind [`Session::optimal_cost`]), start first; empty when the goal cannot be reached.
    pub fn optimal_path(&mut self) -> Vec<u32> {
        let params = self.optimum_params();
        match self.probe.solve(&self.grid, &params, self.start, self.goal) {
            Ok(result) if result.outcome == Outcome::Found => result.path,
            _ => Vec::new(),
        }
    }

    /// The settings of the search for the optimum.
    fn optimum_params(&self) -> SearchParams {
        SearchParams {
            algorithm: Algorithm::AStar,
            heuristic: Heuristic::best_admissible(self.params.movement),
            weight: Weight::ONE,
            movement: self.params.movement,
            ..SearchParams::default()
        }
    }

    /// The connected regions of the map under the current movement (cached until an edit).
    pub fn regions(&mut self) -> &Regions {
        let movement: Movement = self.params.movement;
        self.regions
            .get_or_insert_with(|| Regions::compute(&self.grid, movement))
    }

    /// True when no path joins start and goal (known from the regions, without searching).
    pub fn goal_unreachable(&mut self) -> bool {
        let (start, goal) = (self.start, self.goal);
        !self.regions().connected(start, goal)
    }

    /// What the page shows about the shown search, as it stands now.
    pub fn stats(&mut self) -> Stats {
        let counters = self.shown.counters();
        let outcome = self.shown.outcome();
        let path = self.shown.path();
        let cost = (!path.is_empty()).then(|| cost::to_f64(self.shown.path_cost()));
        let length = smooth::polyline_length(&self.grid, path);
        let smoothed_length = smooth::polyline_length(&self.grid, &self.smoothed);
        let path_cells = path.len();
        let smoothed_segments = self.smoothed.len().saturating_sub(1);
        let found = outcome == Some(Outcome::Found);
        let optimal = self.optimal_cost().map(cost::to_f64);
        let over_optimal = match (found, cost, optimal) {
            (true, Some(c), Some(o)) if o > 0.0 => Some(c / o - 1.0),
            (true, Some(_), Some(_)) => Some(0.0),
            _ => None,
        };
        Stats {
            outcome: match outcome {
                None => "searching",
                Some(Outcome::Found) => "found",
                Some(Outcome::Unreachable) => "unreachable",
                Some(Outcome::LimitReached) => "limit",
            },
            expanded: counters.expanded,
            generated: counters.generated,
            reopened: counters.reopened,
            stale_pops: counters.stale_pops,
            open_peak: counters.open_peak,
            cost,
            path_cells,
            length,
            smoothed_length,
            smoothed_segments,
            optimal_cost: optimal,
            over_optimal,
            time_us: self.time_us,
            time_low_us: self.time_range_us.0,
            time_high_us: self.time_range_us.1,
            bound: bound(&self.params, &self.grid),
            details: self
                .shown
                .details()
                .into_iter()
                .chain(self.one_way_expanded.map(|n| Detail {
                    key: "one-way-expanded",
                    value: n as f64,
                }))
                .chain(self.fresh_expanded.map(|n| Detail {
                    key: "fresh-astar-expanded",
                    value: n as f64,
                }))
                .collect(),
            meeting_cell: self.shown.meeting_cell(),
        }
    }

    /// Weighted A* at each weight in `weights` with the current heuristic, movement and tie-break (and no
    /// expansion budget).
    pub fn sweep(&mut self, weights: &[f64]) -> Result<Vec<SweepRow>, SessionError> {
        let optimal = self.optimal_cost();
        let mut rows = Vec::with_capacity(weights.len());
        for &w in weights {
            let params = SearchParams {
                algorithm: Algorithm::AStar,
                weight: Weight::new(w)?,
                // The sweep compares whole searches: the page's budget does not cut its rows short.
                expansion_limit: None,
                ..self.params
            };
            let result = self
                .probe
                .solve(&self.grid, &params, self.start, self.goal)?;
            let found = result.outcome == Outcome::Found;
            rows.push(SweepRow {
                w,
                expanded: result.counters.expanded,
                cost: found.then(|| result.cost_f64()),
                over_optimal: match (found, optimal) {
                    (true, Some(o)) if o > 0 => Some(result.cost as f64 / o as f64 - 1.0),
                    (true, Some(_)) => Some(0.0),
                    _ => None,
                },
            });
        }
        Ok(rows)
    }
}

/// Refuses shares that are not fractions 0..=1 summing to at most 1 (NaN included).
fn check_shares(wall: f64, forest: f64, swamp: f64) -> Result<(), SessionError> {
    let parts = [wall, forest, swamp];
    let each_ok = parts.iter().all(|p| (0.0..=1.0).contains(p));
    if !each_ok || parts.iter().sum::<f64>() > 1.0 + 1e-9 {
        return Err(SessionError::BadShares(TerrainShares {
            wall,
            forest,
            swamp,
        }));
    }
    Ok(())
}

/// The settings as the page names them (`Playground.settings()` / `setSettings`): every name from the
/// tables in `names`, `movement` as its link code (4 or 8).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// An algorithm's name (`Algorithm::NAMES`).
    pub algorithm: String,
    /// A heuristic's name (`Heuristic::NAMES`).
    pub heuristic: String,
    /// Heuristic weight, 0 to `Weight::MAX` (5).
    pub w: f64,
    /// 4 or 8 (the link codes of `Neighbours`).
    pub movement: u8,
    /// A corner rule's name (`CornerRule::NAMES`); ignored with 4-neighbour moves.
    pub corners: String,
    /// A tie-break's name (`TieBreak::NAMES`).
    pub tie_break: String,
    /// The expansion budget: the search stops after this many expansions with a partial path to the
    /// reached cell closest to the goal; `null` (or absent) for none.
    #[serde(default)]
    pub budget: Option<u32>,
    /// HPA*'s cluster side (2 to the map's larger side); `null` (or absent) for the default.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub cluster: Option<u32>,
}

impl Settings {
    /// The settings `params` stand for.
    pub fn from_params(params: &SearchParams) -> Settings {
        Settings {
            algorithm: params.algorithm.name().into(),
            heuristic: params.heuristic.name().into(),
            w: params.weight.get(),
            movement: params.movement.neighbours().link_code(),
            corners: params.movement.corner_rule().name().into(),
            tie_break: params.tie_break.name().into(),
            budget: params.expansion_limit,
            cluster: params.cluster_size,
        }
    }

    /// The search parameters these settings name, or a message about the first bad field.
    pub fn to_params(&self) -> Result<SearchParams, Message> {
        let corners = CornerRule::from_name(&self.corners)?;
        Ok(SearchParams {
            algorithm: Algorithm::from_name(&self.algorithm)?,
            heuristic: Heuristic::from_name(&self.heuristic)?,
            weight: Weight::new(self.w)?,
            movement: Movement::new(Neighbours::from_code_or_message(self.movement)?, corners),
            tie_break: TieBreak::from_name(&self.tie_break)?,
            expansion_limit: match self.budget {
                Some(budget) => check_budget(budget).map(|()| Some(budget))?,
                None => None,
            },
            cluster_size: self.cluster,
        })
    }
}

/// One problem of a scenario as the page lists it: [`movingai::Problem`] with its place in the file.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ScenarioProblem {
    /// 1-based position in the file's list.
    pub index: usize,
    /// The bucket (difficulty group) number.
    pub bucket: u32,
    /// The map's file name.
    pub map: String,
    /// Start column.
    pub start_x: u32,
    /// Start row.
    pub start_y: u32,
    /// Goal column.
    pub goal_x: u32,
    /// Goal row.
    pub goal_y: u32,
    /// The optimal length.
    pub optimal: f64,
    /// How many decimals the optimal length was printed with.
    pub decimals: u32,
}

/// The first and last passable cells of `grid` (the same cell when only one is passable).
fn first_and_last_passable(grid: &Grid) -> Option<(u32, u32)> {
    let mut passable = (0..grid.len() as u32).filter(|&c| grid.is_passable(c));
    let first = passable.next()?;
    Some((first, passable.next_back().unwrap_or(first)))
}

/// Opening maps and scenarios for the page: each builds a *new* session (or reads without changing
/// this one), so bad input leaves the current one untouched; errors are sentences for the user.
impl Session {
    /// A session on a Moving AI `.map` (plain and walls, uniform costs) with the settings its optimal
    /// lengths assume ([`movingai::PARAMS`]); start and goal on the first and last passable cells.
    pub fn from_moving_ai_map(text: &str) -> Result<Session, Message> {
        let grid = movingai::parse_map(text)
            .map_err(|e| Message::new("session.not-moving-ai").message("cause", e))?;
        let (start, goal) =
            first_and_last_passable(&grid).ok_or(Message::new("session.no-passable"))?;
        let mut session = Session::new(grid, start, goal)?;
        session.set_params(movingai::PARAMS);
        Ok(session)
    }

    /// A session on a map in the project's own text format (`astar-map 1`) with this session's
    /// settings; without start or goal in the file, they go to the first and last passable cells.
    pub fn with_text_map(&self, source: &str) -> Result<Session, Message> {
        let map = text::parse(source)
            .map_err(|e| Message::new("session.bad-map-file").message("cause", e))?;
        let grid = map.grid;
        let passable = first_and_last_passable(&grid);
        let cell = |xy: Option<(u32, u32)>| xy.map(|(x, y)| grid.cell(x, y));
        let (Some(start), Some(goal)) = (
            cell(map.start).or(passable.map(|p| p.0)),
            cell(map.goal).or(passable.map(|p| p.1)),
        ) else {
            return Err(Message::new("session.no-passable-file"));
        };
        let mut session = Session::new(grid, start, goal)?;
        session.set_params(self.params);
        Ok(session)
    }

    /// The problems of a Moving AI scenario, each checked against this map (the check `astar check`
    /// makes: [`movingai::Problem::cells`]).
    pub fn scenario_problems(&self, text: &str) -> Result<Vec<ScenarioProblem>, Message> {
        let problems = movingai::parse_scen_problems(text)
            .map_err(|e| Message::new("session.bad-scenario").message("cause", e))?;
        problems
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                let index = i + 1;
                p.cells(&self.grid).map_err(|why| {
                    Message::new("session.bad-problem")
                        .int("index", index)
                        .message("cause", why)
                })?;
                Ok(ScenarioProblem {
                    index,
                    bucket: p.bucket,
                    map: p.map,
                    start_x: p.start_x,
                    start_y: p.start_y,
                    goal_x: p.goal_x,
                    goal_y: p.goal_y,
                    optimal: p.optimal,
                    decimals: p.decimals,
                })
            })
            .collect()
    }

    /// A copy of this session with start and goal moved to a scenario problem's cells and the Moving AI
    /// settings, so the found cost compares with the problem's optimal length.
    pub fn with_problem(
        &self,
        start: (i64, i64),
        goal: (i64, i64),
    ) -> Result<Session, SessionError> {
        let mut session = self.clone();
        session.set_start(start.0, start.1)?;
        session.set_goal(goal.0, goal.1)?;
        session.set_params(movingai::PARAMS);
        Ok(session)
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
mod tests {
    use super::*;

    fn clock() -> impl Fn() -> f64 {
        let t0 = std::time::Instant::now();
        move || t0.elapsed().as_secs_f64() * 1e6
    }

    fn session(map: &str) -> Session {
        let grid = Grid::from_ascii(map).unwrap();
        let goal = grid.len() as u32 - 1;
        Session::new(grid, 0, goal).unwrap()
    }

    const MAP: &str = "type octile\nheight 4\nwidth 5\nmap\n@....\n..@..\n..@..\n.....\n";

    #[test]
    fn a_moving_ai_map_and_its_scenario_give_comparable_problems() {
        let s = Session::from_moving_ai_map(MAP).unwrap();
        assert_eq!(s.grid().xy(s.start()), (1, 0), "first passable cell");
        assert_eq!(*s.params(), movingai::PARAMS);
        let scen = "version 1\n0\tt.map\t5\t4\t1\t1\t4\t1\t4.41421\n";
        let problems = s.scenario_problems(scen).unwrap();
        assert_eq!((problems[0].index, problems[0].start_x), (1, 1));
        let mut shown = s.with_problem((1, 1), (4, 1)).unwrap();
        let cost = shown.solve(&clock()).unwrap().cost.unwrap();
        assert!(movingai::matches_optimal(4.41421, 5, cost), "{cost}");
        assert_eq!(s.grid().xy(s.start()), (1, 0), "the original is unchanged");
        assert!(s.with_problem((2, 1), (4, 1)).is_err(), "start on a wall");
    }

    #[test]
    fn bad_maps_and_scenarios_are_refused_with_sentences() {
        let long = format!("{}\n", "x".repeat(300));
        for (text, expected) in [
            ("type octile\nheight 1\nwidth 2\nmap\n@@\n", "this map has no passable cell: there is nowhere to search".to_string()),
            (&long, format!("cannot be read as a Moving AI map: line 1: unexpected header line \"{}…\"", "x".repeat(32))),
            ("\u{1}\u{2}\u{3}", "cannot be read as a Moving AI map: line 1: unexpected header line (bytes that are not text: is this a map file at all?)".into()),
        ] {
            assert_eq!(Session::from_moving_ai_map(text).unwrap_err(), expected);
        }
        let s = Session::from_moving_ai_map(MAP).unwrap();
        for (scen, expected) in [
            ("version 1\n0\tt.map\t5\t4\t9\t1\t4\t1\t4\n", "problem 1 of the scenario has its start (9, 1) outside the 5 x 4 map"),
            ("version 1\n0\tt.map\t50\t40\t1\t1\t4\t1\t4\n", "problem 1 of the scenario is for a 50 x 40 map (t.map), but this map is 5 x 4"),
            ("version 1\n", "this .map.scen file cannot be read: the scenario lists no problems, so there is nothing to check"),
        ] {
            assert_eq!(s.scenario_problems(scen).unwrap_err(), expected);
        }
    }

    #[test]
    fn a_text_map_keeps_the_settings_and_places_missing_ends() {
        let mut s = session("....\n.##.\n....");
        s.set_params(SearchParams {
            algorithm: Algorithm::Greedy,
            ..SearchParams::default()
        });
        let opened = s
            .with_text_map("astar-map 1\nsize 3 1\nmap\n#..\n")
            .unwrap();
        assert_eq!((opened.start(), opened.goal()), (1, 2));
        assert_eq!(opened.params().algorithm, Algorithm::Greedy);
        let err = s
            .with_text_map("astar-map 1\nsize 2 2\nmap\n..\n")
            .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("this map file cannot be read: "),
            "{err}"
        );
    }

    #[test]
    fn settings_name_every_parameter_and_refuse_unknown_names() {
        let params = SearchParams {
            algorithm: Algorithm::Greedy,
            heuristic: Heuristic::Euclidean,
            weight: Weight::new(2.5).unwrap(),
            movement: Movement::Eight(CornerRule::AlwaysCut),
            tie_break: TieBreak::LastIn,
            expansion_limit: Some(9),
            cluster_size: None,
        };
        let settings = Settings::from_params(&params);
        assert_eq!(
            (settings.movement, settings.corners.as_str()),
            (8, "always")
        );
        assert_eq!(settings.to_params(), Ok(params));
        let four = Settings {
            movement: 4,
            ..settings.clone()
        };
        assert_eq!(four.to_params().unwrap().movement, Movement::Four);
        let bad = Settings {
            movement: 6,
            ..settings
        };
        assert_eq!(
            bad.to_params().unwrap_err(),
            "movement 6 is not allowed: use one of 4, 8"
        );
    }

    #[test]
    fn settings_refuse_w_beyond_the_slider_and_a_budget_of_0_naming_the_value_and_the_range() {
        let settings = Settings::from_params(&SearchParams::default());
        let heavy = Settings {
            w: 10.0,
            ..settings.clone()
        };
        assert_eq!(
            heavy.to_params().unwrap_err(),
            "heuristic weight 10 is not allowed: it must be from 0 to 5"
        );
        let end = Settings {
            w: Weight::MAX,
            ..settings.clone()
        };
        assert_eq!(end.to_params().unwrap().weight.get(), 5.0);
        let zero = Settings {
            budget: Some(0),
            ..settings.clone()
        };
        assert_eq!(
            zero.to_params().unwrap_err(),
            "expansion budget 0 is not allowed: it must be a whole number from 1, or none"
        );
        let one = Settings {
            budget: Some(1),
            ..settings
        };
        assert_eq!(one.to_params().unwrap().expansion_limit, Some(1));
    }

    /// The TypeScript types of the values that cross the wasm boundary, derived from these Rust types
    /// (ts-rs), and the range of w, checked in as www/generated/core.ts, which the page imports. Fails when the file
    /// differs; `ASTAR_WRITE_TS=1 cargo test -p astar-core --lib typescript` rewrites it.
    #[test]
    fn typescript_types_are_up_to_date() {
        use crate::formats::share::{Numbers, RecipeFields, ViewOptions};
        use crate::grid::TerrainCosts;
        use crate::search::registry::Unmet;
        use crate::search::{AlgorithmInfo, Detail, Mark};
        use ts_rs::{Config, TS};
        // serde-wasm-bindgen's json_compatible serializer hands out u64 as a JavaScript number.
        let cfg = Config::default().with_large_int("number");
        let decls = [
            Settings::decl(&cfg),
            ViewOptions::decl(&cfg),
            Numbers::decl(&cfg),
            RecipeFields::decl(&cfg),
            SweepRow::decl(&cfg),
            ScenarioProblem::decl(&cfg),
            Stats::decl(&cfg),
            Detail::decl(&cfg),
            AlgorithmInfo::decl(&cfg),
            Unmet::decl(&cfg),
            Mark::decl(&cfg),
            TerrainCosts::decl(&cfg),
            crate::inspect::CellReport::decl(&cfg),
            crate::inspect::Detour::decl(&cfg),
            crate::bound::Bound::decl(&cfg),
            crate::bound::MeasuredLoss::decl(&cfg),
            crate::bound::MapKind::decl(&cfg),
        ];
        let mut text = String::from(
            "// Generated from the Rust types by astar-core's test `typescript_types_are_up_to_date`\n\
             // (ASTAR_WRITE_TS=1 cargo test -p astar-core --lib typescript). Do not edit.\n",
        );
        for decl in decls {
            text.push_str(&format!("\nexport {decl}\n"));
        }
        // The range of w, which the page's sliders and checks take from here (one range everywhere).
        text.push_str(&format!(
            "\n/** The largest heuristic weight (`Weight::MAX`): the w sliders' max. */\nexport const WEIGHT_MAX = {};\n",
            crate::float_text::FloatText(Weight::MAX)
        ));
        text.push_str(&format!(
            "\n/** How the w sliders move (`Weight::STEP`): their step. */\nexport const WEIGHT_STEP = {};\n",
            crate::float_text::FloatText(Weight::STEP)
        ));
        // The names of the settings the page's menus offer, in the tables' order (the menus' order).
        fn names<T: crate::names::Named>() -> String {
            let quoted: Vec<String> = T::NAMES.iter().map(|(_, n)| format!("'{n}'")).collect();
            quoted.join(", ")
        }
        for (constant, table, list) in [
            (
                "HEURISTICS",
                "Heuristic",
                names::<crate::heuristic::Heuristic>(),
            ),
            (
                "CORNER_RULES",
                "CornerRule",
                names::<crate::movement::CornerRule>(),
            ),
            ("TIE_BREAKS", "TieBreak", names::<crate::search::TieBreak>()),
        ] {
            text.push_str(&format!(
                "\n/** The names of `{table}::NAMES`, in menu order. */\nexport const {constant} = [{list}] as const;\n"
            ));
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/generated/core.ts");
        if std::env::var_os("ASTAR_WRITE_TS").is_some() {
            std::fs::create_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
            std::fs::write(path, &text).unwrap();
        }
        let checked_in = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            checked_in == text,
            "www/generated/core.ts differs from the Rust types: run ASTAR_WRITE_TS=1 cargo test -p astar-core --lib typescript\n{text}"
        );
    }

    #[test]
    fn a_bidirectional_search_reports_what_one_way_astar_expands_beside_its_own() {
        let mut s = session("......\n.####.\n......\n......");
        s.set_params(SearchParams {
            algorithm: Algorithm::AStar,
            ..SearchParams::default()
        });
        let one_way = s.solve(&clock()).unwrap().expanded;
        assert!(s.stats().details.is_empty());
        s.set_params(SearchParams {
            algorithm: Algorithm::Bidirectional,
            ..SearchParams::default()
        });
        let stats = s.solve(&clock()).unwrap();
        let detail = |key: &str| stats.details.iter().find(|d| d.key == key).map(|d| d.value);
        assert_eq!(detail("one-way-expanded"), Some(one_way as f64));
        assert_eq!(
            detail("forward-expanded").unwrap() + detail("backward-expanded").unwrap(),
            stats.expanded as f64
        );
    }

    #[test]
    fn with_d_star_lite_paint_is_repaired_and_anything_else_begins_again() {
        let mut s = session("........\n........\n........\n........");
        s.set_params(SearchParams {
            algorithm: Algorithm::DStarLite,
            ..SearchParams::default()
        });
        let detail =
            |stats: &Stats, key: &str| stats.details.iter().find(|d| d.key == key).map(|d| d.value);
        let first = s.solve(&clock()).unwrap();
        assert_eq!(detail(&first, "repairs"), Some(0.0));
        assert_eq!(detail(&first, "fresh-astar-expanded"), None);
        // A wall across the middle, with a gap at the bottom.
        assert_eq!(s.paint(4, 1, 1, Terrain::Wall), 9);
        let repaired = s.solve(&clock()).unwrap();
        assert_eq!(detail(&repaired, "repairs"), Some(1.0));
        assert_eq!(repaired.over_optimal, Some(0.0), "{repaired:?}");
        let mut astar = s.clone();
        astar.set_params(SearchParams::default());
        let fresh = astar.solve(&clock()).unwrap();
        assert_eq!(
            detail(&repaired, "fresh-astar-expanded"),
            Some(fresh.expanded as f64)
        );
        // Animating after an edit steps the repair from its first step.
        s.paint(4, 3, 0, Terrain::Swamp);
        s.restart().unwrap();
        assert_eq!(s.stats().expanded, 0);
        assert_eq!(detail(&s.stats(), "repairs"), Some(2.0));
        while s.step(5) > 0 {}
        assert_eq!(s.stats().over_optimal, Some(0.0));
        // Moving the goal begins a new search; solving again without an edit shows the same repair.
        s.set_goal(6, 3).unwrap();
        assert_eq!(detail(&s.solve(&clock()).unwrap(), "repairs"), Some(0.0));
        s.paint(5, 3, 0, Terrain::Forest);
        let once = s.solve(&clock()).unwrap();
        assert_eq!(detail(&once, "repairs"), Some(1.0));
        let again = s.solve(&clock()).unwrap();
        assert_eq!(detail(&again, "repairs"), Some(1.0));
        assert_eq!(again.expanded, once.expanded);
        s.set_params(SearchParams {
            algorithm: Algorithm::DStarLite,
            movement: Movement::Four,
            ..SearchParams::default()
        });
        assert_eq!(detail(&s.solve(&clock()).unwrap(), "repairs"), Some(0.0));
    }

    #[test]
    fn a_repair_replays_from_step_zero_with_the_cells_the_edit_made_inconsistent() {
        let mut s = session("........\n........\n........\n........");
        s.set_params(SearchParams {
            algorithm: Algorithm::DStarLite,
            ..SearchParams::default()
        });
        s.solve(&clock()).unwrap();
        assert!(s.inconsistent().is_empty());
        s.paint(4, 1, 1, Terrain::Wall);
        let repaired = s.solve(&clock()).unwrap();
        let inconsistent = s.inconsistent().to_vec();
        assert!(!inconsistent.is_empty());
        // At step 0 of the replayed repair, each is inconsistent and next to the painted square
        // (x 3..=5, y 0..=2).
        s.restart().unwrap();
        assert_eq!(s.stats().expanded, 0);
        for &cell in &inconsistent {
            assert_ne!(s.search().g(cell), s.search().rhs(cell), "cell {cell}");
            let (x, y) = s.grid().xy(cell);
            assert!(
                (2..=6).contains(&x) && y <= 3,
                "cell {cell} far from the edit"
            );
        }
        // Stepping exactly the repair's expansions shows it finished (as seeking to the timeline's end).
        assert_eq!(s.step(repaired.expanded as u32), repaired.expanded as u32);
        assert_eq!(s.stats().outcome, "found");
        assert_eq!(s.stats().expanded, repaired.expanded);
        assert_eq!(s.stats().cost, repaired.cost);
        assert_eq!(s.inconsistent(), &inconsistent[..]);
    }

    #[test]
    fn a_walked_start_is_repaired_from_and_matches_a_fresh_search() {
        let mut s = session("........\n........\n........\n........");
        s.set_params(SearchParams {
            algorithm: Algorithm::DStarLite,
            ..SearchParams::default()
        });
        s.solve(&clock()).unwrap();
        s.walk_start(1, 1).unwrap();
        s.paint(4, 1, 1, Terrain::Wall);
        let repaired = s.solve(&clock()).unwrap();
        let detail = |key: &str| {
            repaired
                .details
                .iter()
                .find(|d| d.key == key)
                .map(|d| d.value)
        };
        assert_eq!(detail("repairs"), Some(1.0));
        assert_eq!(repaired.over_optimal, Some(0.0), "{repaired:?}");
        assert_eq!(s.search().path().first(), Some(&s.grid().cell(1, 1)));
        assert!(s.walk_start(4, 1).is_err(), "a wall is refused");
    }

    #[test]
    fn solve_reports_an_optimal_path() {
        let mut s = session("....\n.##.\n....");
        let stats = s.solve(&clock()).unwrap();
        assert_eq!(stats.outcome, "found");
        assert_eq!(stats.over_optimal, Some(0.0));
        assert!(stats.time_us > 0.0);
    }

    #[test]
    fn choosing_hpa_again_keeps_its_abstract_graph_and_an_edit_between_rebuilds_only_its_clusters()
    {
        let detail =
            |stats: &Stats, key: &str| stats.details.iter().find(|d| d.key == key).map(|d| d.value);
        let choose = |s: &mut Session, algorithm: Algorithm| {
            s.set_params(SearchParams {
                algorithm,
                cluster_size: Some(4),
                ..SearchParams::default()
            });
            s.solve(&clock()).unwrap()
        };
        let mut s = session(&vec![".".repeat(24); 16].join("\n"));
        let first = choose(&mut s, Algorithm::Hpa);
        let clusters = detail(&first, "clusters").unwrap();
        assert_eq!(
            detail(&first, "clusters-rebuilt"),
            Some(clusters),
            "the first search builds all"
        );
        choose(&mut s, Algorithm::AStar);
        let again = choose(&mut s, Algorithm::Hpa);
        assert_eq!(
            detail(&again, "clusters-rebuilt"),
            Some(0.0),
            "chosen again: nothing rebuilt"
        );
        // An edit while A* is shown: HPA* chosen again rebuilds the clusters the edit reached, not all.
        choose(&mut s, Algorithm::AStar);
        s.paint(5, 5, 0, Terrain::Wall);
        let edited = choose(&mut s, Algorithm::Hpa);
        let rebuilt = detail(&edited, "clusters-rebuilt").unwrap();
        assert!(
            rebuilt >= 1.0 && rebuilt < clusters,
            "{rebuilt} of {clusters}"
        );
    }

    /// A clock read once per call that steps `cold_us` for the first `cold_calls` reads (a fresh module:
    /// the first runs are slow) and `warm_us` after: a run of the timed loop reads it once.
    fn tiering_clock(cold_calls: u32, cold_us: f64, warm_us: f64) -> impl Fn() -> f64 {
        let calls = std::cell::Cell::new(0u32);
        let now = std::cell::Cell::new(0.0f64);
        move || {
            calls.set(calls.get() + 1);
            let step = if calls.get() <= cold_calls {
                cold_us
            } else {
                warm_us
            };
            now.set(now.get() + step);
            now.get()
        }
    }

    #[test]
    fn the_first_slow_runs_are_not_timed_and_the_batches_give_the_spread() {
        let mut s = session("....\n.##.\n....");
        // Six slow reads: the solve's own three and the warm-up's first runs. Timing them would report
        // about 28 µs a run (the 2 ms average this replaced); the warm runs take 20.
        let stats = s.solve(&tiering_clock(6, 300.0, 20.0)).unwrap();
        assert_eq!(stats.time_us, 20.0);
        assert_eq!((stats.time_low_us, stats.time_high_us), (20.0, 20.0));
        // A first run slowed past LONG_SEARCH_US by code compiled as it ran is run once more: the warm
        // run is short, so the search is timed like any short one.
        let mut s = session("....\n.##.\n....");
        let stats = s.solve(&tiering_clock(3, LONG_SEARCH_US, 20.0)).unwrap();
        assert_eq!(stats.time_us, 20.0);
        // A long search is timed by its one (second) run: no repeats, no spread.
        let mut s = session("....\n.##.\n....");
        let stats = s.solve(&tiering_clock(1_000, LONG_SEARCH_US, 1.0)).unwrap();
        assert_eq!(stats.time_us, LONG_SEARCH_US);
        assert_eq!(
            (stats.time_low_us, stats.time_high_us),
            (LONG_SEARCH_US, LONG_SEARCH_US)
        );
    }

    #[test]
    fn stepping_fills_the_change_list_and_ends_with_a_smoothed_path() {
        let mut s = session("....\n....\n....");
        s.restart().unwrap();
        assert_eq!(s.step(1), 1);
        assert!(!s.search().changes().is_empty());
        while s.step(100) > 0 {}
        assert_eq!(s.stats().outcome, "found");
        assert_eq!(s.smoothed().len(), 2);
    }

    #[test]
    fn painting_never_walls_in_the_end_cells_and_edits_refresh_the_optimum() {
        let mut s = session("...\n...\n...");
        s.solve(&clock()).unwrap();
        assert_eq!(s.paint(0, 0, 1, Terrain::Wall), 3, "start keeps its cell");
        assert!(s.grid().is_passable(0));
        let stats = s.solve(&clock()).unwrap();
        assert_eq!(stats.outcome, "unreachable");
        assert!(s.goal_unreachable());
        assert_eq!(stats.optimal_cost, None);
    }

    #[test]
    fn generated_maps_keep_costs_and_put_the_ends_near_the_corners() {
        let mut s = session("...\n...");
        let mut grid = s.grid().clone();
        grid.set_costs(crate::grid::TerrainCosts {
            plain: 2,
            forest: 3,
            swamp: 9,
        })
        .unwrap();
        s.replace_grid(grid);
        s.generate_random(40, 30, TerrainShares::ARTICLE, 7)
            .unwrap();
        assert_eq!((s.grid().width(), s.grid().height()), (40, 30));
        assert_eq!(s.grid().costs().swamp, 9);
        let (sx, sy) = s.grid().xy(s.start());
        let (gx, gy) = s.grid().xy(s.goal());
        assert!(sx <= 2 && sy <= 2, "start at ({sx}, {sy})");
        assert!(gx >= 37 && gy >= 27, "goal at ({gx}, {gy})");
        assert!(s.grid().is_passable(s.start()) && s.grid().is_passable(s.goal()));
        s.solve(&clock()).unwrap();
    }

    #[test]
    fn mazes_and_rooms_connect_start_and_goal() {
        let mut s = session("...\n...");
        s.generate_maze(41, 31, 1, 0.1, 0.05, 3).unwrap();
        assert_eq!(s.solve(&clock()).unwrap().outcome, "found");
        assert!(s.grid().count(Terrain::Forest) > 0, "corridors sprinkled");
        s.generate_rooms(60, 40, 8, 0.0, 0.0, 3).unwrap();
        assert_eq!(s.solve(&clock()).unwrap().outcome, "found");
        assert!(s.generate_maze(41, 31, 1, 0.7, 0.7, 3).is_err());
        assert!(s.generate_rooms(0, 31, 8, 0.0, 0.0, 3).is_err());
        assert_eq!(s.grid().width(), 60, "refused generations keep the map");
    }

    #[test]
    fn the_nearest_passable_cell_skips_walls() {
        let grid = Grid::from_ascii("##.\n#..\n..#").unwrap();
        let mut s = Session::new(grid, 2, 6).unwrap();
        s.place_ends_in_corners();
        assert_eq!(s.grid().xy(s.start()), (1, 1));
        assert_eq!(s.grid().xy(s.goal()), (2, 1));
    }

    #[test]
    fn bad_shares_and_sizes_are_refused_and_change_nothing() {
        let mut s = session("...\n...");
        let too_much = TerrainShares {
            wall: 0.6,
            forest: 0.5,
            swamp: 0.0,
        };
        let err = s.generate_random(10, 10, too_much, 1).unwrap_err();
        assert!(err.to_string().contains("together at most 1"), "{err}");
        assert!(s.clear(0, 5).is_err());
        assert_eq!(s.grid().width(), 3);
        s.clear(8, 9).unwrap();
        assert_eq!((s.grid().width(), s.grid().height()), (8, 9));
        assert_eq!(s.grid().xy(s.goal()), (7, 8));
    }

    #[test]
    fn end_cells_on_walls_or_outside_are_refused_with_a_message() {
        let mut s = session("..\n#.");
        assert_eq!(
            s.set_start(0, 1).unwrap_err().to_string(),
            "start (0, 1) is on a wall"
        );
        assert_eq!(
            s.set_goal(5, 0).unwrap_err().to_string(),
            "goal (5, 0) is outside the map"
        );
        assert_eq!(s.start(), 0);
    }
}
