//! Reading the page's plain objects (settings, view options, a random map's recipe) field by field.
//!
//! serde-wasm-bindgen's deserializer did this before. Its generic machinery and error texts weighed
//! about 11 KB of the gzipped module (measured: 125.3 → 113.8 KB), more than any algorithm, for three
//! small objects whose shapes the generated TypeScript types already fix. Values are checked here as
//! serde checked them (types, whole numbers, ranges), and each error names the object and the field.
//! Serializing results to JavaScript still goes through serde (`to_js`): that part is small.

use astar_core::formats::share::{Numbers, RecipeFields, ViewOptions};
use astar_core::message::Message;
use astar_core::search::hpa;
use astar_core::session::Settings;
use js_sys::Reflect;
use wasm_bindgen::JsValue;

/// The fields of one JavaScript object, named `what` in errors.
struct Fields<'a> {
    object: &'a JsValue,
    what: &'static str,
}

impl<'a> Fields<'a> {
    fn of(object: &'a JsValue, what: &'static str) -> Result<Fields<'a>, Message> {
        if object.is_object() {
            Ok(Fields { object, what })
        } else {
            Err(Message::new("boundary.not-an-object").text("what", what))
        }
    }

    fn get(&self, name: &str) -> JsValue {
        Reflect::get(self.object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    }

    /// The page sent `name` in another shape than `expected` (a bug of the page, never the user's input).
    fn wrong(&self, name: &str, expected: Message) -> Message {
        Message::new("boundary.bad-field")
            .text("what", self.what)
            .text("field", name)
            .message("expected", expected)
    }

    fn string(&self, name: &str) -> Result<String, Message> {
        self.get(name)
            .as_string()
            .ok_or_else(|| self.wrong(name, Message::new("boundary.a-string")))
    }

    fn number(&self, name: &str) -> Result<f64, Message> {
        self.get(name)
            .as_f64()
            .ok_or_else(|| self.wrong(name, Message::new("boundary.a-number")))
    }

    fn boolean(&self, name: &str) -> Result<bool, Message> {
        self.get(name)
            .as_bool()
            .ok_or_else(|| self.wrong(name, Message::new("boundary.a-boolean")))
    }

    /// A boolean; false when the field is absent.
    fn optional_boolean(&self, name: &str) -> Result<bool, Message> {
        match self.get(name).is_undefined() {
            true => Ok(false),
            false => self.boolean(name),
        }
    }

    /// A whole number from 0 to `max`; `None` when the field is null or absent.
    fn optional_whole(&self, name: &str, max: u32) -> Result<Option<u32>, Message> {
        let value = self.get(name);
        if value.is_null() || value.is_undefined() {
            return Ok(None);
        }
        match value.as_f64() {
            Some(v) if v.fract() == 0.0 && (0.0..=f64::from(max)).contains(&v) => {
                Ok(Some(v as u32))
            }
            _ => Err(self.wrong(name, Message::new("boundary.whole-or-null").int("max", max))),
        }
    }
}

/// `{ algorithm, heuristic, w, movement, corners, tieBreak, budget, cluster, unscaledH }` (budget null or
/// absent: none; cluster, HPA*'s cluster size, null or absent: the default; unscaledH absent: false) for a map whose larger side is
/// `largest`: a cluster size that is a number but no whole one up to the largest map side gets HPA*'s
/// own sentence (the range it names is this map's).
pub fn settings(value: &JsValue, largest: u32) -> Result<Settings, Message> {
    let f = Fields::of(value, "settings")?;
    let movement = match f.get("movement").as_f64() {
        Some(v) if v == 4.0 || v == 8.0 => v as u8,
        _ => {
            return Err(f.wrong(
                "movement",
                Message::new("boundary.one-of").text("values", "4, 8"),
            ))
        }
    };
    Ok(Settings {
        algorithm: f.string("algorithm")?,
        heuristic: f.string("heuristic")?,
        w: f.number("w")?,
        movement,
        corners: f.string("corners")?,
        tie_break: f.string("tieBreak")?,
        budget: f.optional_whole("budget", u32::MAX)?,
        cluster: cluster_size(&f, largest)?,
        unscaled_h: f.optional_boolean("unscaledH")?,
        danger_in_h: f.optional_boolean("dangerInH")?,
    })
}

/// The `cluster` field (see [`settings`]).
fn cluster_size(f: &Fields, largest: u32) -> Result<Option<u32>, Message> {
    let max = astar_core::MAX_SIDE;
    match f.get("cluster").as_f64() {
        Some(k) if k.fract() != 0.0 || !(0.0..=f64::from(max)).contains(&k) => {
            Err(hpa::cluster_size_refused(k, largest))
        }
        _ => f.optional_whole("cluster", max),
    }
}

/// `{ smooth, curve?, numbers: 'none' | 'g' | 'h' | 'f', step: number | null }` (no `curve`: false).
pub fn view_options(value: &JsValue) -> Result<ViewOptions, Message> {
    let f = Fields::of(value, "view options")?;
    let numbers = match f.string("numbers")?.as_str() {
        "none" => Numbers::None,
        "g" => Numbers::G,
        "h" => Numbers::H,
        "f" => Numbers::F,
        _ => {
            return Err(f.wrong(
                "numbers",
                Message::new("boundary.one-of").text("values", "\"none\", \"g\", \"h\", \"f\""),
            ))
        }
    };
    Ok(ViewOptions {
        smooth: f.boolean("smooth")?,
        curve: f.optional_boolean("curve")?,
        numbers,
        step: f.optional_whole("step", u32::MAX)?,
    })
}

/// `{ wall, forest, swamp, seed }`, as numbers (the core checks their ranges).
pub fn recipe_fields(value: &JsValue) -> Result<RecipeFields, Message> {
    let f = Fields::of(value, "random-map recipe")?;
    Ok(RecipeFields {
        wall: f.number("wall")?,
        forest: f.number("forest")?,
        swamp: f.number("swamp")?,
        seed: f.number("seed")?,
    })
}
