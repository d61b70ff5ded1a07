//! Share links, saved views and map files, as JavaScript sees them: the facade over
//! `astar_core::formats::{share, movingai, text}`.
//!
//! Everything that reads outside input builds a *new* [`Playground`] (or a new [`OpenedView`] holding one),
//! so a bad link or file leaves the current playground untouched; the page swaps the new one in only after
//! it was built. Bad input becomes an `Error` whose message is meant for the user; nothing here panics.
//!
//! Links and view files open in both modules. Map files and scenarios (the readers of the text format and
//! of Moving AI's `.map` and `.scen`, 16 KB of code) are read by the module built with `full` only: the
//! page fetches it before opening one (www/share/files.ts), and the first module answers
//! `session.files-elsewhere`. Writing map files stays in both.

use crate::{js_error, to_js, Playground};
use astar_core::formats::share::{self, Medium, Recipe, SharedView, ViewOptions};
use astar_core::formats::{movingai, text};
use astar_core::message::Message;
use astar_core::problem_list::ProblemList;
use astar_core::session::Session;
use wasm_bindgen::prelude::*;

fn view_options_from_js(options: JsValue) -> Result<ViewOptions, JsValue> {
    crate::from_js::view_options(&options).map_err(js_error)
}

fn recipe_from_js(recipe: JsValue) -> Result<Option<Recipe>, JsValue> {
    if recipe.is_null() || recipe.is_undefined() {
        return Ok(None);
    }
    let fields = crate::from_js::recipe_fields(&recipe).map_err(js_error)?;
    Recipe::try_from(fields)
        .map(Some)
        .map_err(|e| js_error(Message::new("boundary.bad-recipe").message("cause", e)))
}

fn playground_from_session(session: Session) -> Playground {
    Playground::from_session(session)
}

/// The first module's answer to a map file or scenario (see the module doc): read by the other module.
#[cfg(not(feature = "full"))]
fn files_elsewhere(_text: &str) -> JsValue {
    js_error(Message::new("session.files-elsewhere"))
}

/// A link or saved view, opened: the new playground it describes and the view options it carried.
#[wasm_bindgen]
pub struct OpenedView {
    playground: Option<Playground>,
    options: ViewOptions,
    recipe: Option<Recipe>,
}

impl OpenedView {
    fn from_shared(view: SharedView) -> Result<OpenedView, JsValue> {
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
    pub fn take_playground(&mut self) -> Result<Playground, JsValue> {
        self.playground
            .take()
            .ok_or_else(|| js_error(Message::new("boundary.taken")))
    }

    /// The view options the link carried: `{ smooth, numbers: 'g' | 'h' | 'f' | 'none', step: number | null }`.
    #[wasm_bindgen(js_name = viewOptions)]
    pub fn view_options(&self) -> Result<JsValue, JsValue> {
        to_js(&self.options)
    }

    /// The random map the terrain was stored relative to, `{ wall, forest, swamp, seed }`, or null.
    pub fn recipe(&self) -> Result<JsValue, JsValue> {
        match &self.recipe {
            None => Ok(JsValue::NULL),
            Some(r) => to_js(r),
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

    /// The current view as bytes: the link's layout without base64, the body stored (uncompressed; see
    /// `share`'s module doc): an undo snapshot as it is, a link or `.astar` file once the page compressed
    /// the body (www/share/link.ts). `recipe`, optionally, is the random map `{ wall, forest, swamp, seed }`
    /// it was generated from (the bytes then hold the seed and the edits since, when that has fewer runs).
    #[wasm_bindgen(js_name = shareBytes)]
    pub fn share_bytes(&self, options: JsValue, recipe: JsValue) -> Result<Vec<u8>, JsValue> {
        let view = self.shared_view(view_options_from_js(options)?);
        Ok(share::encode_bytes(&view, recipe_from_js(recipe)?.as_ref()))
    }

    /// The bytes link text holds (a bare fragment, `#fragment` or a whole URL), not yet read; an Error
    /// says what is wrong with the text (too long, empty, not base64url). This module reads no compressed
    /// body: the page opens these bytes with `openShareLinkBytes` when the body is stored, and inflates a
    /// compressed one itself for `openShareInflated` (www/share/link.ts).
    #[wasm_bindgen(js_name = shareLinkBytes)]
    pub fn share_link_bytes(text: &str) -> Result<Vec<u8>, JsValue> {
        share::link_bytes(text).map_err(js_error)
    }

    /// Opens the bytes of `shareBytes` (a `.astar` file or a snapshot), the body stored.
    #[wasm_bindgen(js_name = openShareBytes)]
    pub fn open_share_bytes(bytes: &[u8]) -> Result<OpenedView, JsValue> {
        let view = share::decode_bytes(bytes, Medium::File).map_err(js_error)?;
        OpenedView::from_shared(view)
    }

    /// Opens the bytes of link text (`shareLinkBytes`), the body stored: an Error speaks of a link.
    #[wasm_bindgen(js_name = openShareLinkBytes)]
    pub fn open_share_link_bytes(bytes: &[u8]) -> Result<OpenedView, JsValue> {
        let view = share::decode_bytes(bytes, Medium::Link).map_err(js_error)?;
        OpenedView::from_shared(view)
    }

    /// Opens a link's or file's `header` (its first bytes, up to the body's zlib stream) with `body`, that
    /// stream inflated by the page (at most `shareMaxBodyBytes` of it); `link` says which it came in, for
    /// the words of an Error.
    #[wasm_bindgen(js_name = openShareInflated)]
    pub fn open_share_inflated(
        header: &[u8],
        body: &[u8],
        link: bool,
    ) -> Result<OpenedView, JsValue> {
        let medium = if link { Medium::Link } else { Medium::File };
        let view = share::decode_inflated(header, body, medium).map_err(js_error)?;
        OpenedView::from_shared(view)
    }

    /// The largest inflated body any link or file can hold: the page stops inflating beyond it (a
    /// "zip bomb" costs no more memory), and the core refuses a body longer than its map needs.
    #[wasm_bindgen(js_name = shareMaxBodyBytes)]
    pub fn share_max_body_bytes() -> usize {
        share::MAX_BODY_BYTES
    }

    /// A new playground on a Moving AI `.map` (plain and walls, uniform costs), with the settings the
    /// benchmark's optimal lengths assume (8-neighbour, no corner cutting, octile A*, w = 1); start and
    /// goal on the first and last passable cells. An Error names the line and column of a problem.
    #[wasm_bindgen(js_name = fromMovingAiMap)]
    pub fn from_moving_ai_map(text: &str) -> Result<Playground, JsValue> {
        #[cfg(not(feature = "full"))]
        return Err(files_elsewhere(text));
        #[cfg(feature = "full")]
        Session::from_moving_ai_map(text)
            .map(playground_from_session)
            .map_err(js_error)
    }

    /// Reads a Moving AI `.map.scen` for the current map into a [`ScenarioList`] that stays in wasm memory
    /// (the page asks for the rows it shows). An Error when the file is malformed, made for a map of another
    /// size, or has a problem whose start or goal lies outside the map or on a wall.
    #[wasm_bindgen(js_name = openScenario)]
    pub fn open_scenario(&self, text: &str) -> Result<ScenarioList, JsValue> {
        #[cfg(not(feature = "full"))]
        return Err(files_elsewhere(text));
        #[cfg(feature = "full")]
        ProblemList::read(&self.session, text)
            .map(|list| ScenarioList { list })
            .map_err(js_error)
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
    ) -> Result<Playground, JsValue> {
        let start = (start_x as i64, start_y as i64);
        let goal = (goal_x as i64, goal_y as i64);
        let session = self.session.with_problem(start, goal).map_err(js_error)?;
        Ok(playground_from_session(session))
    }

    /// True when `length` matches a Moving AI optimal length printed as `optimal` (with its decimals).
    #[wasm_bindgen(js_name = matchesOptimal)]
    pub fn matches_optimal(optimal: f64, decimals: u32, length: f64) -> bool {
        movingai::matches_optimal(optimal, decimals, length)
    }

    /// A new playground on a map in the project's own text format (`astar-map 1`: terrain, costs, and
    /// optionally start and goal), keeping this playground's settings; without start or goal in the file,
    /// they go to the first and last passable cells. An Error names the line and column of a problem.
    #[wasm_bindgen(js_name = withTextMap)]
    pub fn with_text_map(&self, source: &str) -> Result<Playground, JsValue> {
        #[cfg(not(feature = "full"))]
        return Err(files_elsewhere(source));
        #[cfg(feature = "full")]
        self.session
            .with_text_map(source)
            .map(playground_from_session)
            .map_err(js_error)
    }

    /// Which format map file `source` is in: `"own"` or `"movingai"` (by content, not by file name); an
    /// Error in the core's words when it is neither, as `astar` says it.
    #[wasm_bindgen(js_name = mapFormat)]
    pub fn map_format(source: &str) -> Result<String, JsValue> {
        match astar_core::formats::map_format(source).map_err(js_error)? {
            astar_core::formats::MapFormat::Own => Ok("own".into()),
            astar_core::formats::MapFormat::MovingAi => Ok("movingai".into()),
        }
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

/// A scenario's problems, read and checked once, kept in wasm memory: the page asks for the rows it
/// shows and searches here (`astar_core::problem_list`). Positions are 0-based; a row's `index` is its
/// position + 1.
#[wasm_bindgen]
pub struct ScenarioList {
    list: ProblemList,
}

#[wasm_bindgen]
impl ScenarioList {
    /// How many problems the scenario lists.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when it lists none (a scenario is refused before that, so never in practice).
    #[wasm_bindgen(js_name = isEmpty)]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The problem at `position` (`{ index, bucket, map, startX, startY, goalX, goalY, optimal, decimals }`),
    /// or an Error past the end.
    pub fn problem(&self, position: usize) -> Result<JsValue, JsValue> {
        match self.list.get(position) {
            Some(p) => to_js(&p),
            None => Err(js_error(
                Message::new("boundary.no-problem").int("position", position),
            )),
        }
    }

    /// The positions of the problems matching `query` (numbers; `#12` the index only), in file order.
    pub fn find(&self, query: &str) -> Vec<u32> {
        self.list.find(query)
    }
}
