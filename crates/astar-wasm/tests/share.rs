//! Share links, saved views and map files through the facade, as JavaScript sees them: round trips, and bad
//! input answered with an Error that says what is wrong (never a panic). Runs in Node and, with
//! WASM_BINDGEN_USE_BROWSER=1, in headless Chromium; the map-file tests run with `full`, the module that
//! reads map files.
#![cfg(target_arch = "wasm32")]

use astar_wasm::Playground;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).unwrap()
}

fn json(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap()
}

mod common;
use common::message;

/// Link text of the facade's bytes: the body stored, a valid link that this module opens itself (the page
/// compresses the body first, www/share/link.ts, and inflates it again before the module reads it).
trait ShareLink {
    fn share_link(&self, options: JsValue, recipe: JsValue) -> Result<String, JsValue>;
}

impl ShareLink for Playground {
    fn share_link(&self, options: JsValue, recipe: JsValue) -> Result<String, JsValue> {
        let bytes = self.share_bytes(options, recipe)?;
        Ok(astar_core::formats::share::base64url_encode(&bytes))
    }
}

/// Opens link text as the page does when the body is stored: its bytes, then those bytes (a macro: the
/// opened view's type is not named outside the facade).
macro_rules! open_link {
    ($text:expr) => {
        Playground::share_link_bytes($text)
            .and_then(|bytes| Playground::open_share_link_bytes(&bytes))
    };
}

fn terrain(pg: &Playground) -> Vec<u8> {
    let mut out = Vec::new();
    for y in 0..pg.height() as i32 {
        for x in 0..pg.width() as i32 {
            out.push(pg.terrain_at(x, y).unwrap());
        }
    }
    out
}

const OPTIONS: &str = r#"{"smooth": true, "numbers": "f", "step": 5}"#;

fn edited() -> Playground {
    let mut pg = Playground::new(12, 9).unwrap();
    pg.paint(5, 4, 1, 0).unwrap();
    pg.paint(2, 7, 0, 2).unwrap();
    pg.paint(9, 1, 1, 3).unwrap();
    pg.paint(6, 6, 1, 4).unwrap(); // a road
    pg.set_start(1, 1).unwrap();
    pg.set_goal(10, 8).unwrap();
    pg.set_costs(25, 3, 40, 90).unwrap(); // plain 2.5, road 0.3, forest 4, swamp 9
    assert!(
        pg.set_costs(25, 0, 40, 90).is_err(),
        "a road at 0 is refused"
    );
    assert!(
        pg.set_costs(2551, 3, 40, 90).is_err(),
        "plain above 255 is refused"
    );
    assert_eq!(
        pg.heuristic_scale(),
        3,
        "h counts every step at the road's 0.3"
    );
    pg.set_settings(json(
        r#"{"algorithm": "greedy", "heuristic": "euclidean", "w": 2.5, "movement": 8, "corners": "always", "tieBreak": "last-in"}"#,
    ))
    .unwrap();
    pg
}

#[wasm_bindgen_test]
fn a_link_opens_the_same_map_settings_and_view_options() {
    let mut pg = edited();
    let link = pg.share_link(json(OPTIONS), JsValue::UNDEFINED).unwrap();
    let mut opened = open_link!(&format!("https://example.org/p/#{link}")).unwrap();
    let mut copy = opened.take_playground().unwrap();
    assert_eq!(terrain(&copy), terrain(&pg));
    assert_eq!((copy.start_x(), copy.start_y()), (1, 1));
    assert_eq!((copy.goal_x(), copy.goal_y()), (10, 8));
    let settings = js_sys::JSON::stringify(&copy.settings().unwrap()).unwrap();
    assert_eq!(
        settings,
        js_sys::JSON::stringify(&pg.settings().unwrap()).unwrap()
    );
    assert_eq!(
        js_sys::JSON::stringify(&copy.costs().unwrap()).unwrap(),
        js_sys::JSON::stringify(&pg.costs().unwrap()).unwrap()
    );
    let options = opened.view_options().unwrap();
    assert_eq!(field(&options, "smooth"), JsValue::TRUE);
    assert_eq!(field(&options, "numbers").as_string().as_deref(), Some("f"));
    assert_eq!(field(&options, "step").as_f64(), Some(5.0));
    assert!(opened.recipe().unwrap().is_null());
    assert!(opened.take_playground().is_err(), "taken once");
    let (a, b) = (pg.solve().unwrap(), copy.solve().unwrap());
    for name in ["expanded", "generated", "cost", "pathCells"] {
        assert_eq!(field(&a, name).as_f64(), field(&b, name).as_f64(), "{name}");
    }
}

#[wasm_bindgen_test]
fn a_compressed_body_opens_once_the_page_inflated_it_and_not_before() {
    use astar_core::formats::share::{base64url_encode, HEADER_LEN};
    let pg = edited();
    let stored = pg.share_bytes(json(OPTIONS), JsValue::NULL).unwrap();
    // What the page does: the body compressed for the link (CompressionStream), inflated on the way back
    // (DecompressionStream).
    let body = miniz_oxide::inflate::decompress_to_vec_zlib(&stored[HEADER_LEN..]).unwrap();
    let mut compressed = stored[..HEADER_LEN].to_vec();
    compressed.extend(miniz_oxide::deflate::compress_to_vec_zlib(&body, 9));
    let bytes =
        Playground::share_link_bytes(&format!("#{}", base64url_encode(&compressed))).unwrap();
    assert_eq!(bytes, compressed);
    let unread = message(Playground::open_share_link_bytes(&bytes).err().unwrap());
    assert!(
        unread.contains("link is damaged") && unread.contains("cannot be read"),
        "{unread}"
    );
    let header = &bytes[..HEADER_LEN];
    let mut opened = Playground::open_share_inflated(header, &body, true).unwrap();
    assert_eq!(terrain(&opened.take_playground().unwrap()), terrain(&pg));
    // A body longer than its map needs is refused, in the words of a link or a file.
    let mut long = body.clone();
    long.extend([0; 100]);
    let too_long = message(
        Playground::open_share_inflated(header, &long, false)
            .err()
            .unwrap(),
    );
    assert!(
        too_long.contains("file is damaged") && too_long.contains("more data"),
        "{too_long}"
    );
    assert!(Playground::share_max_body_bytes() > 2048 * 2048 / 2);
    assert!(Playground::share_link_bytes("").is_err());
}

#[wasm_bindgen_test]
fn bytes_round_trip_like_links() {
    let pg = edited();
    let bytes = pg.share_bytes(json(OPTIONS), JsValue::NULL).unwrap();
    let mut opened = Playground::open_share_bytes(&bytes).unwrap();
    assert_eq!(terrain(&opened.take_playground().unwrap()), terrain(&pg));
    assert!(Playground::open_share_bytes(&bytes[..bytes.len() - 3]).is_err());
}

#[wasm_bindgen_test]
fn a_generated_map_link_carries_its_seed() {
    let mut pg = Playground::new(4, 4).unwrap();
    pg.set_map(4, 4, &[1; 16]).unwrap();
    let plain = pg
        .share_link(
            json(OPTIONS),
            json(r#"{"wall": 0.2, "forest": 0.15, "swamp": 0.07, "seed": 3}"#),
        )
        .unwrap();
    // The map is not the generated one, so the cells are stored as they are.
    let mut opened = open_link!(&plain).unwrap();
    assert!(opened.recipe().unwrap().is_null());
    assert_eq!(terrain(&opened.take_playground().unwrap()), vec![1; 16]);
    assert!(message(
        pg.share_link(
            json(OPTIONS),
            json(r#"{"wall": 0.2, "forest": 0.1, "swamp": 0, "seed": -1}"#)
        )
        .unwrap_err()
    )
    .contains("seed"));
}

#[wasm_bindgen_test]
fn broken_links_are_errors_with_specific_messages() {
    let pg = edited();
    let link = pg.share_link(json(OPTIONS), JsValue::UNDEFINED).unwrap();
    let cases = [
        (String::new(), "empty"),
        (link[..link.len() / 2].to_string(), "damaged"),
        (format!("{link}x"), "damaged"),
        (format!("{}!{}", &link[..3], &link[4..]), "'!'"),
        (format!("C{}", &link[1..]), "newer version"),
        ("AAAA".to_string(), "not an A* Playground"),
    ];
    for (text, expected) in cases {
        let err = open_link!(&text).err().expect(&text);
        let msg = message(err);
        assert!(msg.contains(expected), "{text:?}: {msg}");
    }
    assert!(pg
        .share_link(
            json(r#"{"smooth": true, "numbers": "x", "step": null}"#),
            JsValue::NULL
        )
        .is_err());
}

#[cfg(feature = "full")]
const MAP: &str = "type octile\nheight 4\nwidth 5\nmap\n@....\n..@..\n..@..\n.....\n";

#[wasm_bindgen_test]
#[cfg(feature = "full")] // map files are read by that module only
fn a_moving_ai_map_and_scenario_give_comparable_problems() {
    let pg = Playground::from_moving_ai_map(MAP).unwrap();
    assert_eq!((pg.width(), pg.height()), (5, 4));
    assert_eq!((pg.start_x(), pg.start_y()), (1, 0), "first passable cell");
    let settings = pg.settings().unwrap();
    assert_eq!(field(&settings, "movement").as_f64(), Some(8.0));
    assert_eq!(
        field(&settings, "corners").as_string().as_deref(),
        Some("no-cut")
    );
    let scen =
        "version 1\n0\tt.map\t5\t4\t1\t1\t4\t1\t4.41421\n0\tt.map\t5\t4\t0\t3\t4\t0\t5.82843\n";
    let problems = pg.open_scenario(scen).unwrap();
    assert_eq!(problems.len(), 2);
    let first = problems.problem(0).unwrap();
    assert_eq!(field(&first, "startX").as_f64(), Some(1.0));
    assert_eq!(field(&first, "optimal").as_f64(), Some(4.41421));
    let mut shown = pg.with_problem(1, 1, 4, 1).unwrap();
    let stats = shown.solve().unwrap();
    let cost = field(&stats, "cost").as_f64().unwrap();
    assert!(Playground::matches_optimal(4.41421, 5, cost), "{cost}");
    assert!(!Playground::matches_optimal(4.7, 1, cost));
    assert_eq!(
        (pg.start_x(), pg.start_y()),
        (1, 0),
        "the original is unchanged"
    );
    assert_eq!(pg.to_moving_ai_map(), MAP);
}

#[wasm_bindgen_test]
#[cfg(feature = "full")] // map files are read by that module only
fn a_scenario_list_stays_in_wasm_and_gives_rows_and_matches() {
    let pg = Playground::from_moving_ai_map(MAP).unwrap();
    let scen =
        "version 1\n0\tt.map\t5\t4\t1\t1\t4\t1\t4.41421\n2\tt.map\t5\t4\t0\t3\t4\t0\t5.82843\n";
    let list = pg.open_scenario(scen).unwrap();
    assert_eq!(list.len(), 2);
    let second = list.problem(1).unwrap();
    assert_eq!(field(&second, "index").as_f64(), Some(2.0));
    assert_eq!(field(&second, "bucket").as_f64(), Some(2.0));
    assert_eq!(field(&second, "goalX").as_f64(), Some(4.0));
    assert!(list.problem(2).is_err(), "past the end");
    assert_eq!(list.find("#2"), [1]);
    assert_eq!(list.find("4.41421"), [0]);
    assert_eq!(list.find("4"), [0, 1]);
    let msg = message(pg.open_scenario("version 1\n").err().unwrap());
    assert!(msg.contains("no problems"), "{msg}");
}

#[wasm_bindgen_test]
#[cfg(feature = "full")] // map files are read by that module only
fn bad_maps_and_scenarios_are_errors_with_specific_messages() {
    let cases = [
        (
            "type octile\nheight 2\nwidth 2\nmap\n..\n.x\n",
            "line 6, column 2",
        ),
        ("type octile\nheight 3\nwidth 2\nmap\n..\n..\n", "2 rows"),
        ("type octile\nheight 9000\nwidth 2\nmap\n", "1 to 2048"),
        (
            "type octile\nheight 1\nwidth 2\nmap\n@@\n",
            "no passable cell",
        ),
        ("hello", "header line"),
    ];
    for (text, expected) in cases {
        let msg = message(Playground::from_moving_ai_map(text).err().expect(text));
        assert!(msg.contains(expected), "{text:?}: {msg}");
    }
    let pg = Playground::from_moving_ai_map(MAP).unwrap();
    let scen_cases = [
        (
            "version 1\n0\tt.map\t5\t4\t9\t1\t4\t1\t4\n",
            "start (9, 1) outside",
        ),
        (
            "version 1\n0\tt.map\t5\t4\t1\t1\t2\t1\t4\n",
            "goal (2, 1) on a wall",
        ),
        (
            "version 1\n0\tt.map\t50\t40\t1\t1\t4\t1\t4\n",
            "50 x 40 map",
        ),
        ("version 1\n0\tt.map\t5\t4\t1\t1\n", "expected 9 fields"),
        ("version 1\n", "no problems"),
        ("0\tt.map\t5\t4\t1\t1\t4\t1\t4\n", "version 1"),
    ];
    for (text, expected) in scen_cases {
        let msg = message(pg.open_scenario(text).err().expect(text));
        assert!(msg.contains(expected), "{text:?}: {msg}");
    }
    assert!(pg.with_problem(2, 1, 4, 1).is_err(), "start on a wall");
}

#[wasm_bindgen_test]
#[cfg(feature = "full")] // map files are read by that module only
fn the_own_text_format_keeps_terrain_costs_and_end_cells() {
    let pg = edited();
    let text = pg.to_text_map();
    assert_eq!(Playground::map_format(&text).unwrap(), "own");
    assert_eq!(Playground::map_format(MAP).unwrap(), "movingai");
    let copy = Playground::new(3, 3).unwrap().with_text_map(&text).unwrap();
    assert_eq!(terrain(&copy), terrain(&pg));
    assert_eq!(
        (copy.start_x(), copy.start_y(), copy.goal_x(), copy.goal_y()),
        (1, 1, 10, 8)
    );
    assert_eq!(
        js_sys::JSON::stringify(&copy.costs().unwrap()).unwrap(),
        js_sys::JSON::stringify(&pg.costs().unwrap()).unwrap()
    );
    let broken = text.replacen("size 12 9", "size 12 10", 1);
    let msg = message(pg.with_text_map(&broken).err().expect("a row is missing"));
    assert!(msg.starts_with("this map file cannot be read: "), "{msg}");
}

#[wasm_bindgen_test]
fn view_options_and_recipes_of_the_wrong_shape_name_the_field() {
    let pg = Playground::demo();
    let cases = [
        (
            r#"{"smooth":1,"numbers":"g","step":null}"#,
            "bad view options: `smooth` must be true or false",
        ),
        (
            r#"{"smooth":true,"numbers":"x","step":null}"#,
            "bad view options: `numbers` must be one of \"none\", \"g\", \"h\", \"f\"",
        ),
        (
            r#"{"smooth":true,"numbers":"g","step":2.5}"#,
            "bad view options: `step` must be a whole number from 0 to 4294967295, or null",
        ),
    ];
    for (options, expected) in cases {
        assert_eq!(
            message(
                pg.share_link(json(options), JsValue::UNDEFINED)
                    .unwrap_err()
            ),
            expected
        );
    }
    let options = json(r#"{"smooth":true,"numbers":"g","step":null}"#);
    let recipe = json(r#"{"wall":0.2,"forest":0.1,"swamp":"x","seed":3}"#);
    assert_eq!(
        message(pg.share_link(options.clone(), recipe).unwrap_err()),
        "bad random-map recipe: `swamp` must be a number"
    );
    let recipe = json(r#"{"wall":0.2,"forest":0.1,"swamp":0,"seed":9007199254740992}"#);
    let err = message(pg.share_link(options, recipe).unwrap_err());
    assert!(
        err.starts_with("bad random-map recipe: random-map seed 9007199254740992 is not allowed"),
        "{err}"
    );
}
