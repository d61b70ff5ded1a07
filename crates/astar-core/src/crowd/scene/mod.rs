//! The scene's state and its frame: the units, the queue and the scheduler that spends the budget (see
//! the parent module's doc); what an edit does to units already walking is `edits`.

mod edits;

use super::cache::PathCache;
use super::clearance::inflate;
use super::flow::{self, FlowField};
use super::unit::{RequestLog, Unit, UnitState};
use super::waypoints::{centre, curved, pull};
use super::{auto_weight, Budget, Planner, SceneConfig, CHUNK, MAX_UNITS};
use crate::cost::{self, Cost};
use crate::grid::Grid;
use crate::message::Message;
use crate::movement::Movement;
use crate::regions::Regions;
use crate::rng::Rng;
use crate::search::validate::grid_path_cost;
use crate::search::{self, Outcome, SearchParams, Step, Stepper, Weight};
use std::collections::VecDeque;

/// What one frame did, for the performance panel (counts from the core, times from the caller's clock).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FrameReport {
    /// This frame's number, from 1.
    pub frame: u32,
    /// Requests answered this frame (a path, or none exists).
    pub served: u32,
    /// Expansions (steps of any planner) this frame.
    pub expansions: u32,
    /// µs this frame spent searching, by the caller's clock.
    pub search_us: f64,
    /// Requests waiting at the end of the frame (the one under way included).
    pub queue: u32,
    /// Requests the cache answered this frame.
    pub cache_hits: u32,
    /// The w the automatic rule gives for the queue now (1 for the other planners).
    pub w: f64,
    /// Units walking.
    pub walking: u32,
    /// Units waiting for a path (queued or being searched).
    pub waiting: u32,
    /// Units at their goal.
    pub arrived: u32,
    /// Units whose goal cannot be reached.
    pub unreachable: u32,
    /// Units that asked for a new path because an edit blocked their way (this frame).
    pub replans: u32,
}

/// Totals since the scene began.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    /// Frames advanced.
    pub frames: u32,
    /// Requests made.
    pub requests: u32,
    /// Requests answered.
    pub served: u32,
    /// Expansions spent.
    #[cfg_attr(test, ts(type = "number"))]
    pub expansions: u64,
    /// Requests the cache answered.
    pub cache_hits: u32,
    /// Requests looked up in the cache.
    pub cache_lookups: u32,
    /// Replans after edits.
    pub replans: u32,
    /// Units an edit walled in, moved to the nearest free cell.
    pub displaced: u32,
    /// The longest search time of a frame, µs.
    pub worst_search_us: f64,
    /// Frames from request to path, summed over answered requests (the mean wait is this / served).
    #[cfg_attr(test, ts(type = "number"))]
    pub wait_frames: u64,
}

/// One answered request, kept when [`Scene::keep_served`] is on (tests and the benchmark).
#[derive(Clone, Debug, PartialEq)]
pub struct Served {
    /// The unit.
    pub unit: u32,
    /// The start cell.
    pub start: u32,
    /// The goal cell.
    pub goal: u32,
    /// The grid path on the inflated map (empty when none exists).
    pub path: Vec<u32>,
    /// Its cost.
    pub cost: Cost,
    /// The weight it was searched with.
    pub w: f64,
    /// From the cache.
    pub from_cache: bool,
}

/// The memory the flow fields may take together.
const FIELDS_BYTES: usize = 32 << 20;

/// The request under way.
#[derive(Clone, Copy, Debug)]
struct Active {
    unit: u32,
    w: f64,
}

/// The scene (see the module doc).
pub struct Scene {
    config: SceneConfig,
    movement: Movement,
    grid: Grid,
    inflated: Grid,
    regions: Regions,
    units: Vec<Unit>,
    queue: VecDeque<u32>,
    active: Option<Active>,
    engine: Option<Box<dyn Stepper>>,
    fields: Vec<FlowField>,
    cache: PathCache,
    rng: Rng,
    frame: u32,
    totals: Totals,
    positions: Vec<f32>,
    states: Vec<u8>,
    served: Vec<Served>,
    keep_served: bool,
    replans_pending: u32,
    destinations: Vec<u32>,
}

impl Scene {
    /// A scene with no units on `grid`, or why not (a radius or speed out of range, a planner that
    /// cannot run on this map, as the registry says, or no room for a unit of this radius).
    pub fn new(grid: &Grid, config: SceneConfig) -> Result<Scene, Message> {
        config.check()?;
        let movement = Movement::default();
        let inflated = inflate(grid, config.radius);
        let engine = match config.planner.algorithm() {
            Some(algorithm) => {
                let params = SearchParams {
                    algorithm,
                    movement,
                    ..SearchParams::default()
                };
                search::registry::check_supported(&inflated, &params).map_err(Message::from)?;
                Some(search::make(algorithm))
            }
            None => None,
        };
        if inflated.count(crate::grid::Terrain::Wall) as usize == inflated.len() {
            return Err(Message::new("crowd.no-room").num("radius", config.radius));
        }
        let regions = Regions::compute(&inflated, movement);
        let mut engine = engine;
        if let Some(engine) = &mut engine {
            // HPA* builds its abstract graph and JPS+ its jump table at their first search: a search from
            // a cell to itself does it now, before the first frame, so no frame pays for it.
            let cell = (0..inflated.len() as u32)
                .find(|&c| inflated.is_passable(c))
                .expect("checked above");
            let params = SearchParams {
                algorithm: config.planner.algorithm().unwrap_or_default(),
                movement,
                ..SearchParams::default()
            };
            engine
                .solve(&inflated, &params, cell, cell)
                .map_err(Message::from)?;
        }
        Ok(Scene {
            config,
            movement,
            grid: grid.clone(),
            inflated,
            regions,
            units: vec![],
            queue: VecDeque::new(),
            active: None,
            engine,
            fields: vec![],
            cache: PathCache::default(),
            rng: Rng::new(config.seed),
            frame: 0,
            totals: Totals::default(),
            positions: vec![],
            states: vec![],
            served: vec![],
            keep_served: false,
            replans_pending: 0,
            destinations: vec![],
        })
    }

    /// Keeps every answered request (see [`Served`]) from now on.
    pub fn keep_served(&mut self, on: bool) {
        self.keep_served = on;
    }

    /// The answered requests kept so far, oldest first.
    pub fn served(&self) -> &[Served] {
        &self.served
    }

    /// The settings the scene was made with.
    pub fn config(&self) -> &SceneConfig {
        &self.config
    }

    /// The map (before inflation).
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The map the searches run on: walls inflated by the radius.
    pub fn inflated(&self) -> &Grid {
        &self.inflated
    }

    /// The frames advanced so far.
    pub fn frame(&self) -> u32 {
        self.frame
    }

    /// The totals since the scene began.
    pub fn totals(&self) -> Totals {
        self.totals
    }

    /// How many units.
    pub fn unit_count(&self) -> usize {
        self.units.len()
    }

    /// Unit `i`.
    pub fn unit(&self, i: u32) -> Option<&Unit> {
        self.units.get(i as usize)
    }

    /// Every unit's position, `[x0, y0, x1, y1, ...]` in cells (centres at whole numbers).
    pub fn positions(&self) -> &[f32] {
        &self.positions
    }

    /// Every unit's [`UnitState`] as its `u8` value.
    pub fn states(&self) -> &[u8] {
        &self.states
    }

    /// The units waiting, in the order they will be searched (the one under way first).
    pub fn queue(&self) -> Vec<u32> {
        self.active
            .map(|a| a.unit)
            .into_iter()
            .chain(self.queue.iter().copied())
            .collect()
    }

    /// The flow field worked on last, when the planner is the flow field.
    pub fn field(&self) -> Option<&FlowField> {
        self.fields.last()
    }

    /// How many flow fields the scene keeps at once: one per goal, as many as fit in 32 MiB (at least
    /// one), the one used longest ago dropped first.
    pub fn field_capacity(&self) -> usize {
        (FIELDS_BYTES / (self.grid.len() * flow::BYTES_PER_CELL)).max(1)
    }

    /// True when a unit of the scene's radius may stand on `cell`.
    pub fn is_free(&self, cell: u32) -> bool {
        (cell as usize) < self.inflated.len() && self.inflated.is_passable(cell)
    }

    /// Adds a unit at the centre of `cell` (free for the radius); returns its number.
    pub fn add_unit(&mut self, cell: u32) -> Result<u32, Message> {
        if self.units.len() >= MAX_UNITS {
            return Err(Message::new("crowd.bad-count")
                .int("count", self.units.len() as i64 + 1)
                .int("max", MAX_UNITS as i64));
        }
        if !self.is_free(cell) {
            return Err(self.blocked(cell));
        }
        self.units.push(Unit::new(cell, centre(&self.grid, cell)));
        self.sync_views();
        Ok(self.units.len() as u32 - 1)
    }

    /// Adds `count` units at random free cells (seeded).
    pub fn add_random_units(&mut self, count: usize) -> Result<(), Message> {
        if count == 0 || self.units.len() + count > MAX_UNITS {
            return Err(Message::new("crowd.bad-count")
                .int("count", (self.units.len() + count) as i64)
                .int("max", MAX_UNITS as i64));
        }
        for _ in 0..count {
            let cell = self.random_free_cell(None);
            self.units.push(Unit::new(cell, centre(&self.grid, cell)));
        }
        self.sync_views();
        Ok(())
    }

    fn blocked(&self, cell: u32) -> Message {
        let (x, y) = self.grid.xy(cell.min(self.grid.len() as u32 - 1));
        Message::new("crowd.goal-blocked")
            .int("x", x)
            .int("y", y)
            .num("radius", self.config.radius)
    }

    /// A random free cell; in the region of `near` when given (tries a few times, then any free cell).
    fn random_free_cell(&mut self, near: Option<u32>) -> u32 {
        let cells = self.inflated.len() as u32;
        let mut fallback = None;
        for _ in 0..4096 {
            let cell = self.rng.below(cells);
            if !self.inflated.is_passable(cell) {
                continue;
            }
            match near {
                Some(from) if !self.regions.connected(from, cell) => {
                    fallback = fallback.or(Some(cell))
                }
                _ => return cell,
            }
        }
        fallback
            .or_else(|| (0..cells).find(|&c| self.inflated.is_passable(c)))
            .expect("Scene::new checked that some cell is free")
    }

    /// Sends the units `which` (all when `None`) to `goal`, a free cell.
    pub fn order(&mut self, which: Option<&[u32]>, goal: u32) -> Result<(), Message> {
        if !self.is_free(goal) {
            return Err(self.blocked(goal));
        }
        let chosen = self.chosen(which);
        for &i in &chosen {
            self.units[i as usize].goal = Some(goal);
        }
        self.request(&chosen);
        Ok(())
    }

    /// Makes random goals (of [`Scene::order_random`] and of arrivals) come from `cells` (free cells:
    /// a game's points of interest), or from any free cell when empty.
    pub fn set_destinations(&mut self, cells: Vec<u32>) {
        self.destinations = cells.into_iter().filter(|&c| self.is_free(c)).collect();
    }

    /// A random goal for a unit standing on `from`: a destination of its region when there are
    /// destinations (a few tries), else a free cell of its region.
    fn random_goal(&mut self, from: u32) -> u32 {
        let n = self.destinations.len() as u32;
        for _ in 0..16.min(n * 4) {
            let goal = self.destinations[self.rng.below(n) as usize];
            if self.regions.connected(from, goal) {
                return goal;
            }
        }
        self.random_free_cell(Some(from))
    }

    /// Sends the units `which` (all when `None`) each to a random goal in its region (see
    /// [`Scene::set_destinations`]).
    pub fn order_random(&mut self, which: Option<&[u32]>) {
        let chosen = self.chosen(which);
        for &i in &chosen {
            let from = self.units[i as usize].cell;
            let goal = self.random_goal(from);
            self.units[i as usize].goal = Some(goal);
        }
        self.request(&chosen);
    }

    fn chosen(&self, which: Option<&[u32]>) -> Vec<u32> {
        match which {
            Some(list) => list
                .iter()
                .copied()
                .filter(|&i| (i as usize) < self.units.len())
                .collect(),
            None => (0..self.units.len() as u32).collect(),
        }
    }

    /// Puts `units` (with goals) at the back of the queue, each standing at a cell centre first.
    fn request(&mut self, units: &[u32]) {
        let mut wanted = vec![false; self.units.len()];
        for &i in units {
            wanted[i as usize] = true;
        }
        self.queue.retain(|&i| !wanted[i as usize]);
        if self.active.is_some_and(|a| wanted[a.unit as usize]) {
            self.active = None;
        }
        for &i in units {
            self.stand_on_a_cell(i);
            let unit = &mut self.units[i as usize];
            unit.state = UnitState::Queued;
            unit.corners.clear();
            unit.next = 0;
            unit.request = Some(RequestLog {
                queued_frame: self.frame,
                w: 1.0,
                ..RequestLog::default()
            });
            self.queue.push_back(i);
            self.totals.requests += 1;
        }
        self.sync_views();
    }

    /// Advances one frame: spends `budget` on the queue (`now_us` is the caller's clock in µs), then
    /// walks every unit with a path.
    pub fn advance(&mut self, budget: Budget, now_us: &dyn Fn() -> f64) -> FrameReport {
        self.frame += 1;
        let mut report = FrameReport {
            frame: self.frame,
            replans: std::mem::take(&mut self.replans_pending),
            ..FrameReport::default()
        };
        let began = now_us();
        let (deadline, limit) = match budget {
            Budget::Micros(us) => (began + us, u32::MAX),
            Budget::Expansions(n) => (f64::INFINITY, n.max(1)),
        };
        while report.expansions < limit {
            let chunk = CHUNK.min(limit - report.expansions);
            if !self.work(chunk, &mut report) || now_us() >= deadline {
                break;
            }
        }
        report.search_us = now_us() - began;
        self.totals.frames = self.frame;
        self.totals.expansions += report.expansions as u64;
        self.totals.worst_search_us = self.totals.worst_search_us.max(report.search_us);
        self.walk_units();
        self.count_states(&mut report);
        self.sync_views();
        report
    }

    /// Does up to `chunk` steps of work on the queue; false when there is nothing to do.
    fn work(&mut self, chunk: u32, report: &mut FrameReport) -> bool {
        if self.config.planner == Planner::Flow {
            return self.work_on_field(chunk, report);
        }
        if self.active.is_none() && !self.begin_next(report) {
            return !self.queue.is_empty();
        }
        let Some(active) = self.active else {
            return true;
        };
        let engine = self
            .engine
            .as_mut()
            .expect("a searching planner has an engine");
        let mut spent = 0;
        let mut finished = None;
        while spent < chunk {
            match engine.step(&self.inflated) {
                Step::Expanded(_) => spent += 1,
                Step::Done(outcome) => {
                    finished = Some(outcome);
                    break;
                }
            }
        }
        if finished.is_none() {
            finished = engine.outcome();
        }
        report.expansions += spent;
        let frame = self.frame;
        if let Some(log) = &mut self.units[active.unit as usize].request {
            log.spend(frame, spent);
        }
        if let Some(outcome) = finished {
            self.active = None;
            let engine = self.engine.as_ref().expect("checked above");
            let path = match outcome {
                Outcome::Found => engine.path().to_vec(),
                _ => vec![],
            };
            let cost = engine.path_cost();
            self.answer(active.unit, path, cost, active.w, false, report);
        }
        true
    }

    /// Takes the queue's head: answers it from the cache or the regions when it can (true: work was
    /// done), else begins its search (`active`). False when the queue is empty.
    fn begin_next(&mut self, report: &mut FrameReport) -> bool {
        let Some(i) = self.queue.pop_front() else {
            return false;
        };
        let unit = &self.units[i as usize];
        let (start, goal) = (unit.cell, unit.goal.expect("queued units have goals"));
        let w = match self.config.planner {
            Planner::AutoW => auto_weight(self.queue.len()),
            _ => 1.0,
        };
        let frame = self.frame;
        if let Some(log) = &mut self.units[i as usize].request {
            log.begun_frame = Some(frame);
            log.w = w;
        }
        if !self.inflated.is_passable(goal) || !self.regions.connected(start, goal) {
            self.answer(i, vec![], 0, w, false, report);
            return true;
        }
        if self.config.cache {
            self.totals.cache_lookups += 1;
            // A cached way is a chain of moves of this map (edits empty the cache): its cost is the
            // validator's, and one that were not legal would be searched for instead.
            let cached = self.cache.lookup(start, goal).and_then(|path| {
                let cost = grid_path_cost(&self.inflated, self.movement, &path).ok()?;
                Some((path, cost))
            });
            if let Some((path, cost)) = cached {
                report.cache_hits += 1;
                self.totals.cache_hits += 1;
                self.answer(i, path, cost, w, true, report);
                return true;
            }
        }
        let params = self.params(w);
        let engine = self
            .engine
            .as_mut()
            .expect("a searching planner has an engine");
        match engine.begin(&self.inflated, &params, start, goal) {
            Ok(()) => {
                self.units[i as usize].state = UnitState::Searching;
                self.active = Some(Active { unit: i, w });
            }
            Err(_) => self.answer(i, vec![], 0, w, false, report),
        }
        true
    }

    /// The search settings of this scene's planner at weight `w`.
    pub fn params(&self, w: f64) -> SearchParams {
        SearchParams {
            algorithm: self.config.planner.algorithm().unwrap_or_default(),
            movement: self.movement,
            weight: Weight::new(w).unwrap_or_default(),
            ..SearchParams::default()
        }
    }

    /// The flow field's work: the field toward the queue head's goal grows by up to `chunk` cells, and
    /// the head is answered once its start is settled.
    fn work_on_field(&mut self, chunk: u32, report: &mut FrameReport) -> bool {
        let Some(&head) = self.queue.front() else {
            return false;
        };
        let unit = &self.units[head as usize];
        let (start, goal) = (unit.cell, unit.goal.expect("queued units have goals"));
        if !self.inflated.is_passable(goal) || !self.regions.connected(start, goal) {
            self.queue.pop_front();
            self.answer(head, vec![], 0, 1.0, false, report);
            return true;
        }
        match self.fields.iter().position(|f| f.goal() == goal) {
            Some(i) => {
                let field = self.fields.remove(i);
                self.fields.push(field);
            }
            None => {
                if self.fields.len() >= self.field_capacity() {
                    self.fields.remove(0);
                }
                self.fields
                    .push(FlowField::new(&self.inflated, self.movement, goal));
            }
        }
        let field = self.fields.last_mut().expect("made above");
        if field.is_settled(start) {
            self.queue.pop_front();
            let path = field.path_from(start).expect("settled");
            let cost = field.cost(start).expect("settled");
            self.answer(head, path, cost, 1.0, false, report);
            return true;
        }
        let mut spent = 0;
        while spent < chunk && !field.is_settled(start) && field.step(&self.inflated) {
            spent += 1;
        }
        report.expansions += spent;
        let frame = self.frame;
        let unit = &mut self.units[head as usize];
        unit.state = UnitState::Searching;
        if let Some(log) = &mut unit.request {
            log.begun_frame.get_or_insert(frame);
            log.spend(frame, spent);
        }
        true
    }

    /// Gives unit `i` its answer: the corners of `path` (a grid path on the inflated map from its cell),
    /// or, when `path` is empty, no way to its goal.
    fn answer(
        &mut self,
        i: u32,
        path: Vec<u32>,
        cost: Cost,
        w: f64,
        from_cache: bool,
        report: &mut FrameReport,
    ) {
        report.served += 1;
        self.totals.served += 1;
        let frame = self.frame;
        let unit = &mut self.units[i as usize];
        let goal = unit.goal.unwrap_or(unit.cell);
        if let Some(log) = &mut unit.request {
            log.begun_frame.get_or_insert(frame);
            log.served_frame = Some(frame);
            log.from_cache = from_cache;
            log.cost = cost::to_f64(cost);
            self.totals.wait_frames += (frame - log.queued_frame) as u64;
        }
        unit.served_frame = frame;
        if path.is_empty() {
            unit.state = UnitState::Unreachable;
            unit.corners.clear();
        } else {
            let kept = pull(&self.grid, &path, self.config.radius);
            let mut corners: Vec<(f64, f64)> = match self.config.curves && kept.len() > 2 {
                true => curved(&self.grid, &kept, self.config.radius),
                false => kept.iter().map(|&cell| centre(&self.grid, cell)).collect(),
            };
            if corners[0] != unit.position {
                corners.insert(0, unit.position);
            }
            unit.corners = corners;
            unit.next = 0;
            unit.state = UnitState::Walking;
        }
        if self.config.cache && !from_cache {
            self.cache.store(&path);
        }
        if self.keep_served {
            self.served.push(Served {
                unit: i,
                start: self.units[i as usize].cell,
                goal,
                path,
                cost,
                w,
                from_cache,
            });
        }
    }

    /// Walks every unit with a path; arrivals stop (or, when the scene says so, take a new goal).
    fn walk_units(&mut self) {
        let mut again = vec![];
        for (i, unit) in self.units.iter_mut().enumerate() {
            if unit.state != UnitState::Walking {
                continue;
            }
            if unit.walk(&self.grid, self.config.speed, self.config.radius) {
                unit.state = UnitState::Arrived;
                unit.cell = unit.goal.unwrap_or(unit.cell);
                if self.config.new_goal_on_arrival {
                    again.push(i as u32);
                }
            }
        }
        if !again.is_empty() {
            self.order_random(Some(&again));
        }
    }

    fn count_states(&self, report: &mut FrameReport) {
        for unit in &self.units {
            match unit.state {
                UnitState::Walking => report.walking += 1,
                UnitState::Queued | UnitState::Searching => report.waiting += 1,
                UnitState::Arrived => report.arrived += 1,
                UnitState::Unreachable => report.unreachable += 1,
                UnitState::Idle => {}
            }
        }
        report.queue = self.queue.len() as u32 + self.active.is_some() as u32;
        report.w = match self.config.planner {
            Planner::AutoW => auto_weight(self.queue.len()),
            _ => 1.0,
        };
    }

    fn sync_views(&mut self) {
        self.positions.clear();
        self.states.clear();
        for unit in &self.units {
            self.positions
                .extend([unit.position.0 as f32, unit.position.1 as f32]);
            self.states.push(unit.state as u8);
        }
    }
}
