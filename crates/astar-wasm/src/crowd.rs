//! The game scene for the page's Units mode (only in the module built with the `full` feature, which
//! Units mode fetches): a [`Crowd`] wraps an `astar_core::crowd::Scene` made on a playground's map.
//! Unit positions and states are read through typed-array views (`positionsPtr`, `statesPtr`, valid
//! until the next call into the crowd); a frame's counters come back as a plain object (`FrameReport`).

use crate::{js_error, performance_now, to_js, Playground};
use astar_core::crowd::{Budget, Planner, Scene, SceneConfig};
use astar_core::message::Message;
use wasm_bindgen::prelude::*;

/// A scene of units on a copy of a playground's map (see the module doc).
#[wasm_bindgen]
pub struct Crowd {
    scene: Scene,
}

/// `performance.now()` in µs: the budget's clock.
fn clock_us() -> f64 {
    performance_now() * 1000.0
}

#[wasm_bindgen]
impl Crowd {
    /// A scene with no units on `playground`'s map: `planner` by name (`astar`, `auto-w`, `jps`,
    /// `jps-plus`, `hpa`, `flow`), unit `radius` in cells (0 to 2), `speed` in cells a frame, the path
    /// `cache` on or off, `seed` for random placements and goals, `curves`: units walk curves through
    /// their corners. Refused (Error) with the core's message: an unknown planner, a radius or speed out
    /// of range, a planner the map does not allow.
    #[wasm_bindgen(constructor)]
    pub fn new(
        playground: &Playground,
        planner: &str,
        radius: f64,
        speed: f64,
        cache: bool,
        seed: f64,
        curves: bool,
    ) -> Result<Crowd, JsValue> {
        let planner = Planner::from_name(planner)
            .ok_or_else(|| js_error(Message::new("crowd.unknown-planner").text("name", planner)))?;
        let config = SceneConfig {
            planner,
            radius,
            speed,
            cache,
            seed: seed.max(0.0) as u64,
            new_goal_on_arrival: false,
            curves,
        };
        let scene = Scene::new(playground.session.grid(), config).map_err(js_error)?;
        Ok(Crowd { scene })
    }

    /// Adds `count` units at random free cells (1 to 2,000 in all).
    #[wasm_bindgen(js_name = addRandomUnits)]
    pub fn add_random_units(&mut self, count: u32) -> Result<(), JsValue> {
        self.scene
            .add_random_units(count as usize)
            .map_err(js_error)
    }

    /// Adds a unit at cell (`x`, `y`); returns its number. Refused on a cell too near a wall.
    #[wasm_bindgen(js_name = addUnit)]
    pub fn add_unit(&mut self, x: u32, y: u32) -> Result<u32, JsValue> {
        let cell = self.cell(x, y)?;
        self.scene.add_unit(cell).map_err(js_error)
    }

    /// Sends the units `units` (all when empty) to cell (`x`, `y`). Refused on a cell too near a wall.
    #[wasm_bindgen(js_name = orderTo)]
    pub fn order_to(&mut self, units: Vec<u32>, x: u32, y: u32) -> Result<(), JsValue> {
        let cell = self.cell(x, y)?;
        let which = (!units.is_empty()).then_some(units.as_slice());
        self.scene.order(which, cell).map_err(js_error)
    }

    /// Sends the units `units` (all when empty) each to a random cell of its region.
    #[wasm_bindgen(js_name = orderRandom)]
    pub fn order_random(&mut self, units: Vec<u32>) {
        let which = (!units.is_empty()).then_some(units.as_slice());
        self.scene.order_random(which);
    }

    /// Advances one frame with `budget_ms` of search (by `performance.now()`), or with `expansions`
    /// expansions when above 0 (deterministic); returns the frame's `FrameReport`.
    pub fn advance(&mut self, budget_ms: f64, expansions: u32) -> Result<JsValue, JsValue> {
        let budget = if expansions > 0 {
            Budget::Expansions(expansions)
        } else {
            Budget::Micros(budget_ms.max(0.0) * 1000.0)
        };
        let report = self.scene.advance(budget, &clock_us);
        to_js(&report)
    }

    /// The totals since the scene began (`Totals`).
    pub fn totals(&self) -> Result<JsValue, JsValue> {
        to_js(&self.scene.totals())
    }

    /// Takes `playground`'s map after an edit (the same size): units whose way is blocked replan.
    /// Returns how many replan.
    #[wasm_bindgen(js_name = followMap)]
    pub fn follow_map(&mut self, playground: &Playground) -> u32 {
        self.scene.set_map(playground.session.grid())
    }

    /// How many units.
    #[wasm_bindgen(js_name = unitCount)]
    pub fn unit_count(&self) -> u32 {
        self.scene.unit_count() as u32
    }

    /// `[x0, y0, x1, y1, ...]` (f32, cells, centres at whole numbers): a view's start.
    #[wasm_bindgen(js_name = positionsPtr)]
    pub fn positions_ptr(&self) -> *const f32 {
        self.scene.positions().as_ptr()
    }

    /// One `UnitState` value (u8) per unit: a view's start.
    #[wasm_bindgen(js_name = statesPtr)]
    pub fn states_ptr(&self) -> *const u8 {
        self.scene.states().as_ptr()
    }

    /// The inflated map's terrain (one code per cell; walls where a unit of this radius cannot stand).
    #[wasm_bindgen(js_name = inflatedPtr)]
    pub fn inflated_ptr(&self) -> *const u8 {
        self.scene.inflated().terrain_slice().as_ptr() as *const u8
    }

    /// The units waiting, in the order they will be searched (the one under way first).
    pub fn queue(&self) -> Vec<u32> {
        self.scene.queue()
    }

    /// Unit `i`'s way ahead: where it stands, then the corners still to walk, `[x, y, ...]`.
    #[wasm_bindgen(js_name = unitWay)]
    pub fn unit_way(&self, i: u32) -> Vec<f32> {
        let Some(unit) = self.scene.unit(i) else {
            return vec![];
        };
        let mut out = vec![unit.position.0 as f32, unit.position.1 as f32];
        for &(x, y) in unit.corners.get(unit.next..).unwrap_or(&[]) {
            out.extend([x as f32, y as f32]);
        }
        out
    }

    /// Unit `i`'s goal cell, or -1.
    #[wasm_bindgen(js_name = unitGoal)]
    pub fn unit_goal(&self, i: u32) -> i32 {
        self.scene
            .unit(i)
            .and_then(|u| u.goal)
            .map_or(-1, |g| g as i32)
    }

    /// Unit `i`'s latest request (`RequestLog`: the frames that worked on it), or null.
    #[wasm_bindgen(js_name = unitRequest)]
    pub fn unit_request(&self, i: u32) -> Result<JsValue, JsValue> {
        match self.scene.unit(i).and_then(|u| u.request.as_ref()) {
            Some(log) => to_js(log),
            None => Ok(JsValue::NULL),
        }
    }

    /// The flow field's goal cell and the cells it has settled, `[goal, settled]`, or empty.
    #[wasm_bindgen(js_name = fieldProgress)]
    pub fn field_progress(&self) -> Vec<u32> {
        self.scene
            .field()
            .map(|f| vec![f.goal(), f.expanded() as u32])
            .unwrap_or_default()
    }

    fn cell(&self, x: u32, y: u32) -> Result<u32, JsValue> {
        let grid = self.scene.grid();
        grid.checked_cell(x.into(), y.into())
            .map_err(|e| js_error(Message::from(e)))
    }
}
