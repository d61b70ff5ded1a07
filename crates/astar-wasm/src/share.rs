//! Share links, saved views and map files, as JavaScript sees them: the facade over
//! `astar_core::formats::{share, movingai, text}`.
//!
//! Everything that reads outside input builds a *new* [`Playground`] (or a new [`OpenedView`] holding one),
//! so a bad link or file leaves the current playground untouched; the page swaps the new one in only after
//! it was built. Bad input becomes an `Error` whose message is meant for the user; nothing here panics.

use crate::{js_error, to_js, Playground};
use astar_core::formats::share::{self, Numbers, Recipe, SharedView, ViewOptions};
use astar_core::formats::FormatError;
use astar_core::formats::{movingai, text};
use astar_core::generate::TerrainShares;
use astar_core::grid::{Grid, MAX_SIDE};
use astar_core::movement::{CornerRule, Movement};
use astar_core::search::{Algorithm, SearchParams, Weight};
use astar_core::session::Session;
use astar_core::Heuristic;
use wasm_bindgen::prelude::*;

/// Largest integer a JavaScript number holds exactly; seeds above it cannot cross the boundary.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// The view options as the page names them (`ViewOptions` in www/hooks.ts).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct ViewOptionsJs {
    smooth: bool,
    numbers: Numbers,
    step: Option<f64>,
}

impl ViewOptionsJs {
    fn from_core(view: &ViewOptions) -> ViewOptionsJs {
        ViewOptionsJs {
            smooth: view.smooth,
            numbers: view.numbers,
            step: view.step.map(f64::from),
        }
    }

    fn to_core(&self) -> Result<ViewOptions, JsError> {
        let step = match self.step {
            None => None,
            Some(s) if s.is_finite() && s >= 0.0 && s <= u32::MAX as f64 => Some(s as u32),
            Some(s) => {
                return Err(js_error(format!(
                    "animation step {s} is not allowed: it must be a whole number from 0"
                )))
            }
        };
        Ok(ViewOptions {
            smooth: self.smooth,
            numbers: self.numbers,
            step,
        })
    }
}

/// How a random map was generated: `{ wall, forest, swamp, seed }` (shares 0..=1, seed a whole number).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct RecipeJs {
    wall: f64,
    forest: f64,
    swamp: f64,
    seed: f64,
}

impl RecipeJs {
    fn to_core(&self) -> Result<Recipe, JsError> {
        if !(self.seed.is_finite()
            && self.seed >= 0.0
            && self.seed.fract() == 0.0
            && self.seed <= MAX_SAFE_INTEGER)
        {
            return Err(js_error(format!(
                "random-map seed {} is not allowed: it must be a whole number from 0 to 2^53 - 1",
                self.seed
            )));
        }
        Ok(Recipe {
            shares: TerrainShares {
                wall: self.wall,
                forest: self.forest,
                swamp: self.swamp,
            },
            seed: self.seed as u64,
        })
    }
}

fn view_options_from_js(options: JsValue) -> Result<ViewOptions, JsError> {
    let options: ViewOptionsJs = serde_wasm_bindgen::from_value(options)
        .map_err(|e| js_error(format!("bad view options: {e}")))?;
    options.to_core()
}

fn recipe_from_js(recipe: JsValue) -> Result<Option<Recipe>, JsError> {
    if recipe.is_null() || recipe.is_undefined() {
        return Ok(None);
    }
    let recipe: RecipeJs = serde_wasm_bindgen::from_value(recipe)
        .map_err(|e| js_error(format!("bad random-map recipe: {e}")))?;
    recipe.to_core().map(Some)
}

fn playground_from_session(session: Session) -> Playground {
    Playground {
        session,
        path_out: Vec::new(),
    }
}

/// The settings under which Moving AI optimal lengths hold: 8-neighbour, no corner cutting, octile A*, w = 1.
fn moving_ai_params() -> SearchParams {
    SearchParams {
        algorithm: Algorithm::AStar,
        heuristic: Heuristic::Octile,
        weight: Weight::ONE,
        movement: Movement::Eight(CornerRule::NoCut),
        ..SearchParams::default()
    }
}

/// A link or saved view, opened: the new playground it describes and the view options it carried.
#[wasm_bindgen]
pub struct OpenedView {
    playground: Option<Playground>,
    options: ViewOptions,
    recipe: Option<Recipe>,
}

impl OpenedView {
    fn from_shared(view: SharedView) -> Result<OpenedView, JsError> {
        let mut session = Session::new(view.grid, view.start, view.goal).map_err(js_error)?;
        session.set_params(view.params);
        Ok(OpenedView {
            playground: Some(playground_from_session(session)),
            options: view.view,
            recipe: view.recipe,
        })
    }
}

#[wasm_bindgen]
impl OpenedView {
    /// The playground the link describes (not yet solved). Can be taken once; an Error afterwards.
    #[wasm_bindgen(js_name = takePlayground)]
    pub fn take_playground(&mut self) -> Result<Playground, JsError> {
        self.playground
            .take()
            .ok_or_else(|| js_error("this link's playground was already taken"))
    }

    /// The view options the link carried: `{ smooth, numbers: 'g' | 'h' | 'f' | 'none', step: number | null }`.
    #[wasm_bindgen(js_name = viewOptions)]
    pub fn view_options(&self) -> Result<JsValue, JsError> {
        to_js(&ViewOptionsJs::from_core(&self.options))
    }

    /// The random map the terrain was stored relative to, `{ wall, forest, swamp, seed }`, or null.
    pub fn recipe(&self) -> Result<JsValue, JsError> {
        match &self.recipe {
            None => Ok(JsValue::NULL),
            Some(r) => to_js(&RecipeJs {
                wall: r.shares.wall,
                forest: r.shares.forest,
                swamp: r.shares.swamp,
                // Seeds beyond 2^53 cannot cross as numbers; the rounded seed only makes later links longer.
                seed: r.seed as f64,
            }),
        }
    }
}

impl Playground {
    fn shared_view(&self, options: ViewOptions) -> SharedView {
        SharedView {
            grid: self.session.grid().clone(),
            start: self.session.start(),
            goal: self.session.goal(),
            params: *self.session.params(),
            view: options,
            recipe: None,
        }
    }
}

#[wasm_bindgen]
impl Playground {
    /// Links longer than this many characters are too big to share comfortably: offer a file instead.
    #[wasm_bindgen(js_name = shareComfortableChars)]
    pub fn share_comfortable_chars() -> usize {
        share::COMFORTABLE_LINK_CHARS
    }

    /// The current view as link text (the part after `#`), with the page's view options
    /// `{ smooth, numbers, step }` and, optionally, the recipe `{ wall, forest, swamp, seed }` of the random
    /// map it was generated from (the link then holds the seed and the edits since: much shorter).
    #[wasm_bindgen(js_name = shareLink)]
    pub fn share_link(&self, options: JsValue, recipe: JsValue) -> Result<String, JsError> {
        let view = self.shared_view(view_options_from_js(options)?);
        Ok(share::encode(&view, recipe_from_js(recipe)?.as_ref()))
    }

    /// The current view as bytes: the link's layout without base64 (a `.astar` file, or an undo snapshot).
    #[wasm_bindgen(js_name = shareBytes)]
    pub fn share_bytes(&self, options: JsValue, recipe: JsValue) -> Result<Vec<u8>, JsError> {
        let view = self.shared_view(view_options_from_js(options)?);
        Ok(share::encode_bytes(&view, recipe_from_js(recipe)?.as_ref()))
    }

    /// Opens link text (a bare fragment, `#fragment` or a whole URL); an Error says what is wrong with it.
    #[wasm_bindgen(js_name = openShare)]
    pub fn open_share(text: &str) -> Result<OpenedView, JsError> {
        let view = share::decode(text).map_err(|err| {
            let fragment = text.trim().rsplit_once('#').map_or(text.trim(), |(_, f)| f);
            let bytes = share::base64url_decode(fragment.trim()).unwrap_or_default();
            share_error(err, &bytes, "link")
        })?;
        OpenedView::from_shared(view)
    }

    /// Opens the bytes of `shareBytes` (a `.astar` file or a snapshot).
    #[wasm_bindgen(js_name = openShareBytes)]
    pub fn open_share_bytes(bytes: &[u8]) -> Result<OpenedView, JsError> {
        let view = share::decode_bytes(bytes).map_err(|err| share_error(err, bytes, "file"))?;
        OpenedView::from_shared(view)
    }

    /// A new playground on a Moving AI `.map` (plain and walls, uniform costs), with the settings the
    /// benchmark's optimal lengths assume (8-neighbour, no corner cutting, octile A*, w = 1); start and
    /// goal on the first and last passable cells. An Error names the line and column of a problem.
    #[wasm_bindgen(js_name = fromMovingAiMap)]
    pub fn from_moving_ai_map(text: &str) -> Result<Playground, JsError> {
        let grid = movingai::parse_map(text).map_err(|e| {
            js_error(format!(
                "cannot be read as a Moving AI map: {}",
                short_quotes(&e.to_string())
            ))
        })?;
        let mut passable = (0..grid.len() as u32).filter(|&c| grid.is_passable(c));
        let start = passable
            .next()
            .ok_or_else(|| js_error("this map has no passable cell: there is nowhere to search"))?;
        let goal = passable.next_back().unwrap_or(start);
        let mut session = Session::new(grid, start, goal).map_err(js_error)?;
        session.set_params(moving_ai_params());
        Ok(playground_from_session(session))
    }

    /// Reads a Moving AI `.map.scen` for the current map: `[{ index, bucket, map, startX, startY, goalX,
    /// goalY, optimal }]`. An Error when the file is malformed, made for a map of another size, or has a
    /// problem whose start or goal lies outside the map or on a wall.
    #[wasm_bindgen(js_name = scenarioProblems)]
    pub fn scenario_problems(&self, text: &str) -> Result<JsValue, JsError> {
        to_js(&problems_for(self.session.grid(), text).map_err(js_error)?)
    }

    /// A copy of this playground with start and goal moved to a scenario problem's cells and the Moving AI
    /// settings (see `fromMovingAiMap`), so the found cost compares with the problem's optimal length.
    /// This playground is unchanged; an Error if a cell is outside the map or on a wall.
    #[wasm_bindgen(js_name = withProblem)]
    pub fn with_problem(
        &self,
        start_x: i32,
        start_y: i32,
        goal_x: i32,
        goal_y: i32,
    ) -> Result<Playground, JsError> {
        let mut session = self.session.clone();
        session
            .set_start(start_x as i64, start_y as i64)
            .map_err(js_error)?;
        session
            .set_goal(goal_x as i64, goal_y as i64)
            .map_err(js_error)?;
        session.set_params(moving_ai_params());
        Ok(playground_from_session(session))
    }

    /// True when `length` matches a Moving AI optimal length printed as `optimal` (with its decimals).
    #[wasm_bindgen(js_name = matchesOptimal)]
    pub fn matches_optimal(optimal: f64, decimals: u32, length: f64) -> bool {
        let problem = movingai::Problem {
            bucket: 0,
            map: String::new(),
            width: 0,
            height: 0,
            start_x: 0,
            start_y: 0,
            goal_x: 0,
            goal_y: 0,
            optimal,
            decimals,
        };
        problem.matches(length)
    }

    /// A new playground on a map in the project's own text format (`astar-map 1`: terrain, costs, and
    /// optionally start and goal), keeping this playground's settings; without start or goal in the file,
    /// they go to the first and last passable cells. An Error names the line and column of a problem.
    #[wasm_bindgen(js_name = withTextMap)]
    pub fn with_text_map(&self, source: &str) -> Result<Playground, JsError> {
        let map = text::parse(source).map_err(|e| {
            js_error(format!(
                "this map file cannot be read: {}",
                short_quotes(&e.to_string())
            ))
        })?;
        let grid = map.grid;
        let cell = |xy: Option<(u32, u32)>| xy.map(|(x, y)| grid.cell(x, y));
        let mut passable = (0..grid.len() as u32).filter(|&c| grid.is_passable(c));
        let first = passable.next();
        let last = passable.next_back().or(first);
        let (Some(start), Some(goal)) = (cell(map.start).or(first), cell(map.goal).or(last)) else {
            return Err(js_error(
                "this map file has no passable cell: there is nowhere to search",
            ));
        };
        let mut session = Session::new(grid, start, goal).map_err(js_error)?;
        session.set_params(*self.session.params());
        Ok(playground_from_session(session))
    }

    /// True when `source` is in the project's own text format (by content, not by file name).
    #[wasm_bindgen(js_name = isTextMap)]
    pub fn is_text_map(source: &str) -> bool {
        text::looks_like(source)
    }

    /// The map in the project's own text format: terrain with forest and swamp, the cost table, start
    /// and goal (the settings are not part of it: a share link or a view file keeps those).
    #[wasm_bindgen(js_name = toTextMap)]
    pub fn to_text_map(&self) -> String {
        let grid = self.session.grid();
        text::write(&text::TextMap {
            grid: grid.clone(),
            start: Some(grid.xy(self.session.start())),
            goal: Some(grid.xy(self.session.goal())),
        })
    }

    /// The map as a Moving AI `.map` (passable `.`, walls `@`; terrain costs are not kept by that format).
    #[wasm_bindgen(js_name = toMovingAiMap)]
    pub fn to_moving_ai_map(&self) -> String {
        movingai::write_map(self.session.grid())
    }
}

/// Formats newer than this page's by at most this much are taken for real newer links or files; a
/// higher first byte means the text or file is not one of ours at all.
const NEWER_FORMATS_AHEAD: u8 = 8;

/// The user's message for a link (`what` = "link") or view file (`what` = "file") the core refused:
/// random bytes whose first byte happens to be above the current version are "not an A* Playground
/// link", not "made by a newer version", and a file is called a file.
fn share_error(err: FormatError, bytes: &[u8], what: &str) -> JsError {
    let version = bytes.first().copied().unwrap_or(0);
    if version > share::VERSION && !plausibly_newer(bytes) {
        return js_error(format!(
            "this is not an A* Playground {what}: its content does not start like one (check that it was copied or saved whole)"
        ));
    }
    let message = err.to_string();
    if what == "link" {
        return js_error(message);
    }
    js_error(
        message
            .replace("this link", "this file")
            .replace("the link's", "the file's")
            .replace("the link", "the file")
            .replace(
                "was it cut short or edited? Copy it again from where it came from",
                "was it cut short or edited? Save or download it again",
            ),
    )
}

/// True when `bytes` start like a link of a later format: a version number a little above ours and a
/// map size this page could hold (every layout keeps version, width and height first).
fn plausibly_newer(bytes: &[u8]) -> bool {
    let side = |lo: u8, hi: u8| (1..=MAX_SIDE).contains(&(u16::from_le_bytes([lo, hi]) as u32));
    match bytes {
        [version, w0, w1, h0, h1, ..] => {
            *version > share::VERSION
                && *version - share::VERSION <= NEWER_FORMATS_AHEAD
                && side(*w0, *w1)
                && side(*h0, *h1)
        }
        _ => false,
    }
}

/// `message` with every quoted excerpt of the input made short and printable: a binary file's first
/// line would otherwise fill the status line with hundreds of escaped bytes.
fn short_quotes(message: &str) -> String {
    const MAX_EXCERPT: usize = 32;
    let mut out = String::with_capacity(message.len().min(200));
    let mut rest = message;
    while let Some(open) = rest.find('"') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('"') else {
            rest = &rest[open..];
            break;
        };
        let excerpt = &after[..close];
        let binary =
            excerpt.contains("\\u{") || excerpt.chars().any(|c| c == '\u{fffd}' || c.is_control());
        if binary {
            out.push_str("(bytes that are not text: is this a map file at all?)");
        } else if excerpt.chars().count() > MAX_EXCERPT {
            let cut: String = excerpt.chars().take(MAX_EXCERPT).collect();
            out.push_str(&format!("\"{cut}…\""));
        } else {
            out.push_str(&format!("\"{excerpt}\""));
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// One scenario problem as the page lists it.
#[derive(Clone, Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ProblemJs {
    /// 1-based position in the file's list.
    index: usize,
    bucket: u32,
    map: String,
    start_x: u32,
    start_y: u32,
    goal_x: u32,
    goal_y: u32,
    optimal: f64,
    decimals: u32,
}

/// The problems of a scenario, each checked against `grid`.
fn problems_for(grid: &Grid, text: &str) -> Result<Vec<ProblemJs>, String> {
    let problems = movingai::parse_scen(text).map_err(|e| {
        format!(
            "this .map.scen file cannot be read: {}",
            short_quotes(&e.to_string())
        )
    })?;
    if problems.is_empty() {
        return Err("this .map.scen file lists no problems".into());
    }
    let (width, height) = (grid.width(), grid.height());
    let mut out = Vec::with_capacity(problems.len());
    for (i, p) in problems.into_iter().enumerate() {
        let n = i + 1;
        if (p.width, p.height) != (width, height) {
            return Err(format!(
                "problem {n} of the scenario is for a {} x {} map ({}), but this map is {width} x {height}",
                p.width, p.height, p.map
            ));
        }
        for (name, x, y) in [
            ("start", p.start_x, p.start_y),
            ("goal", p.goal_x, p.goal_y),
        ] {
            if x >= width || y >= height {
                return Err(format!(
                    "problem {n} of the scenario has its {name} ({x}, {y}) outside the {width} x {height} map"
                ));
            }
            if !grid.is_passable(grid.cell(x, y)) {
                return Err(format!(
                    "problem {n} of the scenario has its {name} ({x}, {y}) on a wall"
                ));
            }
        }
        out.push(ProblemJs {
            index: n,
            bucket: p.bucket,
            map: p.map,
            start_x: p.start_x,
            start_y: p.start_y,
            goal_x: p.goal_x,
            goal_y: p.goal_y,
            optimal: p.optimal,
            decimals: p.decimals,
        });
    }
    Ok(out)
}
