//! The wasm-bindgen facade of A* Playground: the only code that knows about JavaScript.
//!
//! One [`Playground`] object wraps an [`astar_core::session::Session`]. Large, long-lived state (terrain,
//! per-cell steps, the path) stays in wasm memory and is read by JavaScript through typed-array views built
//! from the `*_ptr` / `*_len` pairs below; small results (stats, sweep rows) come back as plain objects
//! through serde-wasm-bindgen. Every pointer is valid until the next call that edits the map, changes
//! its size, restarts or steps the search; and every view must be rebuilt whenever `memory.buffer` has
//! changed (memory growth detaches old views).
//!
//! Bad input never panics: each fallible method returns a `Result` that reaches JavaScript as an `Error`
//! carrying the core's message as data (see [`js_error`]), which the page writes in its language.

use astar_core::generate::TerrainShares;
use astar_core::grid::{Grid, Terrain, TerrainCosts};
use astar_core::message::{Arg, Message};
use astar_core::names::LinkCode;
use astar_core::penalty::{Penalties, Watcher};
use astar_core::search::registry;
use astar_core::session::{Session, Settings};
use wasm_bindgen::prelude::*;

#[cfg(feature = "full")]
mod crowd;
mod from_js;
#[cfg(feature = "full")]
mod hpa;
#[cfg(feature = "full")]
mod navmesh;
mod share;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, in ms with sub-ms precision where the browser allows.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Installs the panic hook that prints Rust panics to the console (called once when the module starts).
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A refusal as the page receives it: an `Error` whose `detail` is the message as data (`{ code, args }`,
/// see `astar_core::message`) and whose `message` is its code. The page writes the sentence; the module
/// never formats one.
fn js_error(message: impl Into<Message>) -> JsValue {
    let message = message.into();
    let error = js_sys::Error::new(message.code());
    set(&error, "detail", &message_to_js(&message));
    error.into()
}

/// `{ code, args }`: numbers as numbers, a term as `{ term: code }`, an algorithm as `{ algorithm: name }`,
/// a message inside as a message (www/i18n/core-messages.ts reads it).
fn message_to_js(message: &Message) -> JsValue {
    let tagged = |tag: &str, value: &str| {
        let object = js_sys::Object::new();
        set(&object, tag, &JsValue::from_str(value));
        JsValue::from(object)
    };
    let args = js_sys::Object::new();
    for (name, arg) in message.args() {
        let value = match arg {
            Arg::Int(n) => JsValue::from_f64(*n as f64),
            Arg::Num(x) => JsValue::from_f64(*x),
            Arg::Text(text) => JsValue::from_str(text),
            Arg::Term(code) => tagged("term", code),
            Arg::Algorithm(algorithm) => tagged("algorithm", registry::info(*algorithm).name),
            Arg::Message(inner) => message_to_js(inner),
        };
        set(&args, name, &value);
    }
    let object = js_sys::Object::new();
    set(&object, "code", &JsValue::from_str(message.code()));
    set(&object, "args", &args);
    object.into()
}

/// Sets a property on an object made here (which cannot fail).
fn set(object: &JsValue, name: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(name), value);
}

fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|_| js_error(Message::new("boundary.unsendable")))
}

fn terrain_from_code(code: u8) -> Result<Terrain, JsValue> {
    Terrain::from_code_or_message(code).map_err(js_error)
}

/// One playground: a map, its end cells, the settings and the shown search.
#[wasm_bindgen]
pub struct Playground {
    session: Session,
    /// The last path copied out for JavaScript (cell ids).
    path_out: Vec<u32>,
    /// µs a full build of the shown HPA* search's abstract graph took (see `hpa.rs`), once timed.
    #[cfg(feature = "full")]
    hpa_build_us: Option<f64>,
}

#[wasm_bindgen]
impl Playground {
    /// The built-in demo map, solved.
    pub fn demo() -> Playground {
        let (grid, start, goal, params) = astar_core::demo::demo();
        // Not `expect`: that would make the module carry the `Debug` code of every session error.
        let Ok(mut session) = Session::new(grid, start, goal) else {
            unreachable!("the demo's end cells are valid")
        };
        session.set_params(params);
        let mut playground = Playground::from_session(session);
        // The demo is valid by construction; an error here would be a bug, shown in the stats as no path.
        let _ = playground.session.solve(&clock);
        playground
    }

    /// An empty (all plain) map of `width` × `height`, start top-left, goal bottom-right.
    #[wasm_bindgen(constructor)]
    pub fn new(width: u32, height: u32) -> Result<Playground, JsValue> {
        let grid = Grid::new(width, height).map_err(js_error)?;
        let goal = grid.len() as u32 - 1;
        let session = Session::new(grid, 0, goal).map_err(js_error)?;
        Ok(Playground::from_session(session))
    }

    /// Map width in cells.
    pub fn width(&self) -> u32 {
        self.session.grid().width()
    }

    /// Map height in cells.
    pub fn height(&self) -> u32 {
        self.session.grid().height()
    }

    /// Start column.
    #[wasm_bindgen(js_name = startX)]
    pub fn start_x(&self) -> u32 {
        self.session.grid().xy(self.session.start()).0
    }

    /// Start row.
    #[wasm_bindgen(js_name = startY)]
    pub fn start_y(&self) -> u32 {
        self.session.grid().xy(self.session.start()).1
    }

    /// Goal column.
    #[wasm_bindgen(js_name = goalX)]
    pub fn goal_x(&self) -> u32 {
        self.session.grid().xy(self.session.goal()).0
    }

    /// Goal row.
    #[wasm_bindgen(js_name = goalY)]
    pub fn goal_y(&self) -> u32 {
        self.session.grid().xy(self.session.goal()).1
    }

    /// Moves the start; refused (Error) off the map or on a wall.
    #[wasm_bindgen(js_name = setStart)]
    pub fn set_start(&mut self, x: i32, y: i32) -> Result<(), JsValue> {
        self.session.set_start(x as i64, y as i64).map_err(js_error)
    }

    /// Moves the start as a walking agent does: a D* Lite search is then repaired from there by the
    /// next `solve` or `restart` (km raised) instead of begun again. Error off the map or on a wall.
    #[wasm_bindgen(js_name = walkStart)]
    pub fn walk_start(&mut self, x: i32, y: i32) -> Result<(), JsValue> {
        self.session
            .walk_start(x as i64, y as i64)
            .map_err(js_error)
    }

    /// The cells the shown D* Lite repair began with inconsistent (those the edit touched), copied
    /// out; empty when the shown search is not a repair.
    #[wasm_bindgen(js_name = inconsistentCells)]
    pub fn inconsistent_cells(&self) -> Vec<u32> {
        self.session.inconsistent().to_vec()
    }

    /// Moves the goal; refused (Error) off the map or on a wall.
    #[wasm_bindgen(js_name = setGoal)]
    pub fn set_goal(&mut self, x: i32, y: i32) -> Result<(), JsValue> {
        self.session.set_goal(x as i64, y as i64).map_err(js_error)
    }

    /// The terrain code (0 wall, 1 plain, 2 forest, 3 swamp) at (x, y); Error outside the map.
    #[wasm_bindgen(js_name = terrainAt)]
    pub fn terrain_at(&self, x: i32, y: i32) -> Result<u8, JsValue> {
        let grid = self.session.grid();
        let cell = grid.checked_cell(x as i64, y as i64).map_err(js_error)?;
        Ok(grid.terrain(cell) as u8)
    }

    /// Paints terrain `code` with a square brush of `radius` around (x, y); returns how many cells changed.
    pub fn paint(&mut self, x: i32, y: i32, radius: u32, code: u8) -> Result<u32, JsValue> {
        let terrain = terrain_from_code(code)?;
        Ok(self.session.paint(x as i64, y as i64, radius, terrain))
    }

    /// Replaces the map with `width` × `height` cells whose terrain codes are `terrain` (row by row).
    #[wasm_bindgen(js_name = setMap)]
    pub fn set_map(&mut self, width: u32, height: u32, terrain: &[u8]) -> Result<(), JsValue> {
        let cells = terrain
            .iter()
            .map(|&c| terrain_from_code(c))
            .collect::<Result<Vec<_>, _>>()?;
        let grid = Grid::from_terrain(width, height, cells, self.session.grid().costs())
            .map_err(js_error)?;
        self.session.replace_grid(grid);
        Ok(())
    }

    /// Replaces the map by an all-plain `width` × `height` one (1 to 2048 each), start top-left, goal
    /// bottom-right; the cost table and the settings stay.
    pub fn clear(&mut self, width: u32, height: u32) -> Result<(), JsValue> {
        self.session.clear(width, height).map_err(js_error)
    }

    /// Replaces the map by a seeded random one where each cell is a wall, forest or swamp with the given
    /// shares (fractions 0 to 1, summing to at most 1), else plain; start and goal go to the passable cells
    /// nearest the top-left and bottom-right corners. The same seed gives the same map everywhere.
    #[wasm_bindgen(js_name = generateRandom)]
    pub fn generate_random(
        &mut self,
        width: u32,
        height: u32,
        wall: f64,
        forest: f64,
        swamp: f64,
        seed: u32,
    ) -> Result<(), JsValue> {
        let shares = TerrainShares {
            wall,
            forest,
            swamp,
        };
        self.session
            .generate_random(width, height, shares, seed as u64)
            .map_err(js_error)
    }

    /// Replaces the map by a seeded maze with corridors `corridor` cells wide, forest and swamp sprinkled
    /// in the corridors at the given shares; start and goal go to the corridor cells nearest the corners.
    #[wasm_bindgen(js_name = generateMaze)]
    pub fn generate_maze(
        &mut self,
        width: u32,
        height: u32,
        corridor: u32,
        forest: f64,
        swamp: f64,
        seed: u32,
    ) -> Result<(), JsValue> {
        self.session
            .generate_maze(width, height, corridor, forest, swamp, seed as u64)
            .map_err(js_error)
    }

    /// Replaces the map by seeded rooms about `room` cells a side joined by doors, forest and swamp
    /// sprinkled at the given shares; start and goal go to the passable cells nearest the corners.
    #[wasm_bindgen(js_name = generateRooms)]
    pub fn generate_rooms(
        &mut self,
        width: u32,
        height: u32,
        room: u32,
        forest: f64,
        swamp: f64,
        seed: u32,
    ) -> Result<(), JsValue> {
        self.session
            .generate_rooms(width, height, room, forest, swamp, seed as u64)
            .map_err(js_error)
    }

    /// Terrain costs in tenths as `{ plain, road, forest, swamp }` (plain 1 is 10, a road at 0.7 is 7).
    pub fn costs(&self) -> Result<JsValue, JsValue> {
        to_js(&self.session.grid().costs())
    }

    /// Sets the terrain costs, each in tenths (1..=2550 for 0.1 to 255); a cost outside that refuses the
    /// table with the grid's message and changes nothing.
    #[wasm_bindgen(js_name = setCosts)]
    pub fn set_costs(
        &mut self,
        plain: u32,
        road: u32,
        forest: u32,
        swamp: u32,
    ) -> Result<(), JsValue> {
        let tenths = |v: u32| u16::try_from(v).unwrap_or(0);
        let costs = TerrainCosts {
            plain: tenths(plain),
            road: tenths(road),
            forest: tenths(forest),
            swamp: tenths(swamp),
        };
        let mut grid = self.session.grid().clone();
        grid.set_costs(costs).map_err(js_error)?;
        self.session.replace_grid(grid);
        Ok(())
    }

    /// The map's penalties (see `astar_core::penalty`) as the numbers `setPenalties` takes: the hugging
    /// penalty, the danger and the turn penalty in tenths, then x, y and radius of each watcher (plain
    /// numbers: serde's code for the nested struct would cost the first download more).
    pub fn penalties(&self) -> Vec<u32> {
        let p = self.session.grid().penalties();
        let mut out = vec![
            p.hug_tenths as u32,
            p.danger_tenths as u32,
            p.turn_tenths as u32,
        ];
        for w in &p.watchers {
            out.extend([w.x, w.y, w.radius]);
        }
        out
    }

    /// Sets the penalties: the hugging penalty, each watcher's danger and the turn penalty in tenths, the
    /// watchers as x, y, radius triples. Values outside the limits refuse them with the grid's message and
    /// change nothing.
    #[wasm_bindgen(js_name = setPenalties)]
    pub fn set_penalties(
        &mut self,
        hug: u32,
        danger: u32,
        turn: u32,
        watchers: &[u32],
    ) -> Result<(), JsValue> {
        let tenths = |v: u32| u16::try_from(v).unwrap_or(u16::MAX);
        let penalties = Penalties {
            hug_tenths: tenths(hug),
            danger_tenths: tenths(danger),
            watchers: watchers
                .chunks_exact(3)
                .map(|w| Watcher {
                    x: w[0],
                    y: w[1],
                    radius: w[2],
                })
                .collect(),
            turn_tenths: tenths(turn),
        };
        let mut grid = self.session.grid().clone();
        grid.set_penalties(penalties).map_err(js_error)?;
        self.session.replace_grid(grid);
        Ok(())
    }

    /// The settings, as `{ algorithm, heuristic, w, movement, corners, tieBreak, budget }`.
    pub fn settings(&self) -> Result<JsValue, JsValue> {
        to_js(&Settings::from_params(self.session.params()))
    }

    /// Replaces the settings; an Error names the first bad field and changes nothing.
    #[wasm_bindgen(js_name = setSettings)]
    pub fn set_settings(&mut self, settings: JsValue) -> Result<(), JsValue> {
        let grid = self.session.grid();
        let largest = grid.width().max(grid.height());
        let settings: Settings = from_js::settings(&settings, largest).map_err(js_error)?;
        let params = settings.to_params().map_err(js_error)?;
        self.session.set_params(params);
        Ok(())
    }

    /// Runs the search to the end and returns its stats.
    pub fn solve(&mut self) -> Result<JsValue, JsValue> {
        // `solve_for` without a time limit is `Session::solve`: one copy of the stats' conversion.
        self.solve_for(f64::INFINITY)
    }

    /// The next `solveFor` hands over again what the solve under way has handed over before its end (its
    /// path, before the smoothing or the optimum): the page calls it when it starts a solve, which may go
    /// on with one it superseded (`Session::hand_over_again`).
    #[wasm_bindgen(js_name = handOverAgain)]
    pub fn hand_over_again(&mut self) {
        self.session.hand_over_again();
    }

    /// Runs the solve under way (or begins one) for about `budget_ms` and returns its stats once it
    /// has finished, `null` while it goes on: the page calls it once a task, so a long search on a
    /// big map does not block input and painting (`Session::solve_for`).
    #[wasm_bindgen(js_name = solveFor)]
    pub fn solve_for(&mut self, budget_ms: f64) -> Result<JsValue, JsValue> {
        match self
            .session
            .solve_for(budget_ms * 1000.0, &clock)
            .map_err(js_error)?
        {
            Some(stats) => to_js(&stats),
            None => Ok(JsValue::NULL),
        }
    }

    /// Throws the core's reason when the settings set now cannot run on this map (as `restart` would),
    /// without beginning a search: the page's test of a settings change.
    #[wasm_bindgen(js_name = checkSettings)]
    pub fn check_settings(&self) -> Result<(), JsValue> {
        self.session.check_settings().map_err(js_error)
    }

    /// Begins the search again at step 0 (for an animation).
    pub fn restart(&mut self) -> Result<(), JsValue> {
        self.session.restart().map_err(js_error)
    }

    /// Expands up to `n` cells; returns how many. Afterwards the change list holds just these steps.
    pub fn step(&mut self, n: u32) -> u32 {
        self.session.step(n)
    }

    /// True once the shown search has finished.
    #[wasm_bindgen(js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.session.search().outcome().is_some()
    }

    /// The stats of the shown search as it stands.
    pub fn stats(&mut self) -> Result<JsValue, JsValue> {
        to_js(&self.session.stats())
    }

    /// The w sweep: weighted A* at each weight, as `[{ w, expanded, cost, overOptimal }]`.
    pub fn sweep(&mut self, weights: &[f64]) -> Result<JsValue, JsValue> {
        to_js(&self.session.sweep(weights).map_err(js_error)?)
    }

    /// True when the regions show the goal cannot be reached from the start.
    #[wasm_bindgen(js_name = goalUnreachable)]
    pub fn goal_unreachable(&mut self) -> bool {
        self.session.goal_unreachable()
    }

    /// The cell expanded by the latest step, or -1.
    #[wasm_bindgen(js_name = currentCell)]
    pub fn current_cell(&self) -> i32 {
        self.session
            .search()
            .last_expanded()
            .map_or(-1, |c| c as i32)
    }

    /// The g of a cell in steps, or NaN if the search has not reached it.
    #[wasm_bindgen(js_name = gAt)]
    pub fn g_at(&self, cell: u32) -> f64 {
        self.session
            .search()
            .g(cell)
            .map_or(f64::NAN, astar_core::cost::to_f64)
    }

    /// The h of a cell in steps, as the current search estimates it.
    #[wasm_bindgen(js_name = hAt)]
    pub fn h_at(&self, cell: u32) -> f64 {
        let h = self.session.search().h(self.session.grid(), cell);
        astar_core::cost::to_f64(h)
    }

    /// What the inspector shows about the cell at (x, y) in the shown search at its current step, as
    /// `{ x, y, terrain, terrainCost, state, g, h, weight, f, parent, expandedAt, reopened, staleEntries,
    /// chain }` (see `astar_core::inspect::CellReport`; `chain` a `Uint32Array`, copied out whole); Error
    /// outside the map. One call per inspected cell.
    pub fn inspect(&self, x: i32, y: i32) -> Result<JsValue, JsValue> {
        let cell = self
            .session
            .grid()
            .checked_cell(x as i64, y as i64)
            .map_err(js_error)?;
        let Some(mut report) = astar_core::inspect::inspect(&self.session, cell) else {
            return Ok(JsValue::NULL);
        };
        let chain = std::mem::take(&mut report.chain);
        let value = to_js(&report)?;
        js_sys::Reflect::set(
            &value,
            &JsValue::from_str("chain"),
            &js_sys::Uint32Array::from(chain.as_slice()),
        )
        .map_err(|_| js_error(Message::new("boundary.unsendable")))?;
        Ok(value)
    }

    /// An optimal path from start to goal (cell ids, start first; empty when unreachable), copied out.
    #[wasm_bindgen(js_name = optimalPath)]
    pub fn optimal_path(&mut self) -> Vec<u32> {
        self.session.optimal_path()
    }

    /// Where the shown search's path leaves `optimal` (from `optimalPath()`, so that one search serves
    /// both) and meets it again, as `[{ part, meet, cost, optimalCost, extra }]`; empty when they are
    /// the same, the search is unfinished, or either path is not a chain of grid neighbours.
    pub fn detours(&self, optimal: &[u32]) -> Result<JsValue, JsValue> {
        let chosen = self.session.search().path();
        to_js(&astar_core::inspect::detours(
            self.session.grid(),
            chosen,
            optimal,
        ))
    }

    /// Pointer to the terrain codes, one byte per cell (u8 view of `width * height`).
    #[wasm_bindgen(js_name = terrainPtr)]
    pub fn terrain_ptr(&self) -> *const u8 {
        self.session.grid().terrain_slice().as_ptr() as *const u8
    }

    /// Pointer to the per-cell step at which each cell was opened, or 0xFFFFFFFF (u32 view of `width * height`).
    #[wasm_bindgen(js_name = openedAtPtr)]
    pub fn opened_at_ptr(&self) -> *const u32 {
        self.session.search().opened_at().as_ptr()
    }

    /// Pointer to the per-cell 1-based step at which each cell was closed, or 0xFFFFFFFF (u32 view).
    #[wasm_bindgen(js_name = closedAtPtr)]
    pub fn closed_at_ptr(&self) -> *const u32 {
        self.session.search().closed_at().as_ptr()
    }

    /// Pointer to the per-cell frontier codes (u8 view of `width * height`): 0 forward, 1 backward (the
    /// second frontier of a bidirectional search), 2 scanned by a jump. See `algorithms()` for the marks
    /// each algorithm draws. Valid like the other views, until the next restart, step or edit.
    #[wasm_bindgen(js_name = frontiersPtr)]
    pub fn frontiers_ptr(&self) -> *const u8 {
        self.session.search().frontiers().as_ptr()
    }

    /// Per cell, the parent of an any-angle search (u32 view of `parentsLen()`, 0xFFFFFFFF for none);
    /// empty (length 0) for algorithms whose parents are grid neighbours.
    #[wasm_bindgen(js_name = parentsPtr)]
    pub fn parents_ptr(&self) -> *const u32 {
        let trace = self.session.search().trace();
        trace.map_or(std::ptr::null(), |t| t.parents().as_ptr())
    }

    /// Length of the `parentsPtr` view: `width * height`, or 0.
    #[wasm_bindgen(js_name = parentsLen)]
    pub fn parents_len(&self) -> usize {
        self.session
            .search()
            .trace()
            .map_or(0, |t| t.parents().len())
    }

    /// Every algorithm, in menu order, as `[{ name, title, usesHeuristic, usesWeight,
    /// usesTieBreak, optimal, marks: ["open", ...], repairsEdits, usesClusterSize, available }]` (the
    /// fields the page reads; the rules it needs answered are `unmetRequirements`).
    pub fn algorithms() -> Result<JsValue, JsValue> {
        to_js(&astar_core::search::registry::ALGORITHMS)
    }

    /// Pointer to the cells changed by the last `step` call (u32 view of `changesLen()`).
    #[wasm_bindgen(js_name = changesPtr)]
    pub fn changes_ptr(&self) -> *const u32 {
        self.session.search().changes().as_ptr()
    }

    /// Number of entries in the change list.
    #[wasm_bindgen(js_name = changesLen)]
    pub fn changes_len(&self) -> usize {
        self.session.search().changes().len()
    }

    /// Turns the open-list log on or off (the heap panel; records as in `astar_core::search::trace`);
    /// false when the algorithm shown cannot log its open list. Turned on part-way, the search is run
    /// again to the same step so that the log starts at its BEGIN.
    #[wasm_bindgen(js_name = setHeapLog)]
    pub fn set_heap_log(&mut self, on: bool) -> bool {
        self.session.set_heap_log(on)
    }

    /// Pointer to the open-list log's records not read yet (u32 view of `heapLogLen()`); valid until the
    /// next call that steps, restarts or solves, or `clearHeapLog`.
    #[wasm_bindgen(js_name = heapLogPtr)]
    pub fn heap_log_ptr(&self) -> *const u32 {
        self.session.heap_log().as_ptr()
    }

    /// Number of words in the open-list log.
    #[wasm_bindgen(js_name = heapLogLen)]
    pub fn heap_log_len(&self) -> usize {
        self.session.heap_log().len()
    }

    /// Forgets the open-list log's records (call once they are read).
    #[wasm_bindgen(js_name = clearHeapLog)]
    pub fn clear_heap_log(&mut self) {
        self.session.clear_heap_log()
    }

    /// Copies the path (cell ids, start first) into a buffer and returns its length; read it with `pathPtr`.
    #[wasm_bindgen(js_name = pathLen)]
    pub fn path_len(&mut self) -> usize {
        self.path_out.clear();
        self.path_out
            .extend_from_slice(self.session.search().path());
        self.path_out.len()
    }

    /// Pointer to the buffer filled by the last `pathLen` (u32 view).
    #[wasm_bindgen(js_name = pathPtr)]
    pub fn path_ptr(&self) -> *const u32 {
        self.path_out.as_ptr()
    }

    /// The smoothed path's cells (start first), copied into a new array.
    #[wasm_bindgen(js_name = smoothedPath)]
    pub fn smoothed_path(&self) -> Vec<u32> {
        self.session.smoothed().to_vec()
    }

    /// Says whether the page draws the smoothed path: a solve in slices (`solveFor`) smooths the path
    /// before it searches for the optimum when it does, after when it does not.
    #[wasm_bindgen(js_name = setSmoothingWanted)]
    pub fn set_smoothing_wanted(&mut self, wanted: bool) {
        self.session.set_smoothing_wanted(wanted);
    }

    /// Says whether the page draws the smoothed path as a curve: a solve in slices (`solveFor`) then
    /// makes the curve in its slices, as the last part of the smoothing, and `curve` has it at once.
    #[wasm_bindgen(js_name = setCurveWanted)]
    pub fn set_curve_wanted(&mut self, wanted: bool) {
        self.session.set_curve_wanted(wanted);
    }

    /// Makes the curve through the smoothed path for about `budget_ms` ms, going on where the last call
    /// stopped; true once it is made (`curve` then returns it at once).
    #[wasm_bindgen(js_name = curveFor)]
    pub fn curve_for(&mut self, budget_ms: f64) -> bool {
        self.session.curve_for(budget_ms * 1000.0, &clock)
    }

    /// True when the curve through the smoothed path on the current map is made: `curve` returns it
    /// without making it.
    #[wasm_bindgen(js_name = curveReady)]
    pub fn curve_ready(&self) -> bool {
        self.session.curve_ready()
    }

    /// The curve through the smoothed path on the current map (kept until the map, its costs or the
    /// smoothed path change): empty before the search has finished. The caller frees it.
    pub fn curve(&mut self) -> Curve {
        let curve = self.session.curve();
        Curve {
            straight: curve.straight.clone(),
            length: curve.length,
        }
    }

    /// How many numbers the curve's polyline has (see `curve`; made first if it is not): x, y pairs in
    /// cells (cell (x, y) spans [x, x + 1] × [y, y + 1]), start first. Read them with `curvePointsPtr`.
    #[wasm_bindgen(js_name = curvePointsLen)]
    pub fn curve_points_len(&mut self) -> usize {
        self.session.curve().points.len() * 2
    }

    /// Pointer to the curve's polyline (f64 view, `curvePointsLen` long), valid while the curve is the
    /// one `curvePointsLen` made.
    #[wasm_bindgen(js_name = curvePointsPtr)]
    pub fn curve_points_ptr(&mut self) -> *const f64 {
        self.session.curve().points.as_flattened().as_ptr()
    }

    /// What each algorithm, in menu order, needs that this map with the movement chosen lacks, as
    /// `[{ name, unmet: [{ kind: "movement", movement } | { kind: "uniform-costs" }], refusal }]`: `unmet`
    /// empty and `refusal` null when it can run here, else every requirement at once and the message a
    /// search would be refused with.
    #[wasm_bindgen(js_name = unmetRequirements)]
    pub fn unmet_requirements(&self) -> JsValue {
        let rows = js_sys::Array::new();
        for info in registry::ALGORITHMS {
            let unmet = registry::unmet(
                info.algorithm,
                self.session.grid(),
                self.session.params().movement,
            );
            let row = js_sys::Object::new();
            set(&row, "name", &JsValue::from_str(info.name));
            // By hand, as the messages are: serde's code for a tagged enum would ship in the module.
            let list = js_sys::Array::new();
            for requirement in &unmet {
                let item = js_sys::Object::new();
                match requirement {
                    registry::Unmet::Movement { movement } => {
                        set(&item, "kind", &JsValue::from_str("movement"));
                        set(&item, "movement", &JsValue::from(*movement));
                    }
                    registry::Unmet::UniformCosts => {
                        set(&item, "kind", &JsValue::from_str("uniform-costs"))
                    }
                    registry::Unmet::NoPenalties => {
                        set(&item, "kind", &JsValue::from_str("no-penalties"))
                    }
                }
                list.push(&item);
            }
            set(&row, "unmet", &list);
            let refusal = registry::refusal(info.algorithm, &unmet);
            set(
                &row,
                "refusal",
                &refusal.map_or(JsValue::NULL, |why| message_to_js(&why)),
            );
            rows.push(&row);
        }
        rows.into()
    }

    /// The weight of h in the f numbers of the search shown (f = g + weight·h): 0 when it orders by g
    /// alone, w for weighted searches, Infinity when f is h alone (greedy).
    #[wasm_bindgen(js_name = fWeight)]
    pub fn f_weight(&self) -> f64 {
        registry::f_weight(self.session.params()).unwrap_or(f64::INFINITY)
    }

    /// True when the heuristic never overestimates under the movement rule.
    #[wasm_bindgen(js_name = heuristicAdmissible)]
    pub fn heuristic_admissible(&self) -> bool {
        let params = self.session.params();
        params.heuristic.is_admissible(params.movement)
    }

    /// What heuristics are multiplied by, in tenths: the cheapest cost of a terrain on the map, so that they
    /// stay lower bounds (10 when that is plain's 1; 7 with a road at 0.7), or 10 when the settings leave
    /// h unscaled (`unscaledH`).
    #[wasm_bindgen(js_name = heuristicScale)]
    pub fn heuristic_scale(&self) -> u32 {
        self.session.params().h_scale_tenths(self.session.grid()) as u32
    }
}

impl Playground {
    /// A playground around `session`, with nothing copied out yet.
    fn from_session(session: Session) -> Playground {
        Playground {
            session,
            path_out: Vec::new(),
            #[cfg(feature = "full")]
            hpa_build_us: None,
        }
    }
}

/// The clock the session times searches with, in µs.
fn clock() -> f64 {
    performance_now() * 1000.0
}

/// What the page says of the curve through the smoothed path (`astar_core::curve`), as
/// [`Playground::curve`] made it; its polyline is read with [`Playground::curve_points_len`] and
/// [`Playground::curve_points_ptr`].
#[wasm_bindgen]
pub struct Curve {
    straight: Vec<u32>,
    length: f64,
}

#[wasm_bindgen]
impl Curve {
    /// The pieces drawn as straight segments because a curve would have touched a wall or dearer terrain
    /// (piece i runs from corner i of the smoothed path to corner i + 1), ascending.
    #[wasm_bindgen(getter)]
    pub fn straight(&self) -> Vec<u32> {
        self.straight.clone()
    }

    /// The polyline's length in cells.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> f64 {
        self.length
    }
}
