//! The facade as JavaScript sees it: runs in Node and, with WASM_BINDGEN_USE_BROWSER=1, in headless
//! Chromium (scripts/test.sh runs both).
#![cfg(target_arch = "wasm32")]

use astar_wasm::Playground;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).unwrap()
}

mod common;
use common::{english, message};

/// The registry row of the algorithm called `name`, as `Playground.algorithms()` lists it.
fn listed(name: &str) -> JsValue {
    js_sys::Array::from(&Playground::algorithms().unwrap())
        .iter()
        .find(|row| field(row, "name").as_string().as_deref() == Some(name))
        .unwrap_or_else(|| panic!("{name} is listed"))
}

/// Makes `name` the algorithm of `pg`'s settings.
fn choose(pg: &mut Playground, name: &str) {
    let settings = pg.settings().unwrap();
    js_sys::Reflect::set(&settings, &"algorithm".into(), &name.into()).unwrap();
    pg.set_settings(settings).unwrap();
}

#[wasm_bindgen_test]
fn the_demo_is_solved_on_creation() {
    let mut pg = Playground::demo();
    let stats = pg.stats().unwrap();
    assert_eq!(
        field(&stats, "outcome").as_string().as_deref(),
        Some("found")
    );
    assert!(field(&stats, "expanded").as_f64().unwrap() > 0.0);
    assert!(pg.path_len() > 1);
}

#[wasm_bindgen_test]
fn zero_and_huge_sizes_are_errors_not_panics() {
    let err = Playground::new(0, 10).err().expect("zero width is refused");
    assert!(message(err).contains("width and height must be 1 to 2048"));
    assert!(Playground::new(4096, 4096).is_err());
}

#[wasm_bindgen_test]
fn out_of_range_cells_and_walls_are_errors() {
    let mut pg = Playground::new(4, 4).unwrap();
    assert_eq!(
        message(pg.set_goal(9, 1).unwrap_err()),
        "goal (9, 1) is outside the map"
    );
    assert!(pg.terrain_at(-1, 0).is_err());
    pg.paint(2, 2, 0, 0).unwrap();
    assert_eq!(
        message(pg.set_start(2, 2).unwrap_err()),
        "start (2, 2) is on a wall"
    );
    assert!(pg.paint(0, 0, 0, 9).is_err(), "terrain code 9 is refused");
}

#[wasm_bindgen_test]
fn bad_settings_name_the_field_and_change_nothing() {
    let mut pg = Playground::demo();
    let settings = pg.settings().unwrap();
    js_sys::Reflect::set(&settings, &"heuristic".into(), &"taxi".into()).unwrap();
    let err = message(pg.set_settings(settings).unwrap_err());
    assert!(err.contains("unknown heuristic \"taxi\""), "{err}");
    let after = pg.settings().unwrap();
    assert_eq!(
        field(&after, "heuristic").as_string().as_deref(),
        Some("manhattan")
    );
}

#[wasm_bindgen_test]
fn settings_out_of_range_get_sentences_naming_the_value_and_the_range() {
    let mut pg = Playground::demo();
    let before = js_sys::JSON::stringify(&pg.settings().unwrap()).unwrap();
    let cases: [(&str, JsValue, &str); 4] = [
        (
            "cluster",
            2_147_483_648u32.into(),
            "HPA* cluster size 2147483648 is not allowed: it must be from 2 to 24 (the map's larger side)",
        ),
        (
            "cluster",
            2.5.into(),
            "HPA* cluster size 2.5 is not allowed: it must be from 2 to 24 (the map's larger side)",
        ),
        (
            "w",
            10.into(),
            "heuristic weight 10 is not allowed: it must be from 0 to 5",
        ),
        (
            "budget",
            0.into(),
            "expansion budget 0 is not allowed: it must be a whole number from 1, or none",
        ),
    ];
    for (name, value, expected) in cases {
        let settings = pg.settings().unwrap();
        js_sys::Reflect::set(&settings, &name.into(), &value).unwrap();
        assert_eq!(message(pg.set_settings(settings).unwrap_err()), expected);
    }
    assert_eq!(
        js_sys::JSON::stringify(&pg.settings().unwrap()).unwrap(),
        before
    );
}

#[wasm_bindgen_test]
fn settings_of_the_wrong_shape_name_the_field_and_change_nothing() {
    let mut pg = Playground::demo();
    let before = js_sys::JSON::stringify(&pg.settings().unwrap()).unwrap();
    let cases: [(&str, JsValue, &str); 6] = [
        ("w", "2".into(), "bad settings: `w` must be a number"),
        (
            "movement",
            6.into(),
            "bad settings: `movement` must be one of 4, 8",
        ),
        (
            "tieBreak",
            JsValue::NULL,
            "bad settings: `tieBreak` must be a string",
        ),
        (
            "budget",
            1.5.into(),
            "bad settings: `budget` must be a whole number from 0 to 4294967295, or null",
        ),
        (
            "budget",
            (-1).into(),
            "bad settings: `budget` must be a whole number from 0 to 4294967295, or null",
        ),
        (
            "algorithm",
            JsValue::UNDEFINED,
            "bad settings: `algorithm` must be a string",
        ),
    ];
    for (name, value, expected) in cases {
        let settings = pg.settings().unwrap();
        js_sys::Reflect::set(&settings, &name.into(), &value).unwrap();
        assert_eq!(message(pg.set_settings(settings).unwrap_err()), expected);
    }
    assert_eq!(
        message(pg.set_settings(JsValue::from(3)).unwrap_err()),
        "bad settings: expected an object"
    );
    // A budget of null or left out is no budget; a whole number is kept.
    let settings = pg.settings().unwrap();
    js_sys::Reflect::set(&settings, &"budget".into(), &40.into()).unwrap();
    pg.set_settings(settings).unwrap();
    assert_eq!(
        field(&pg.settings().unwrap(), "budget").as_f64(),
        Some(40.0)
    );
    let settings = pg.settings().unwrap();
    js_sys::Reflect::delete_property(&settings.clone().into(), &"budget".into()).unwrap();
    pg.set_settings(settings).unwrap();
    assert!(field(&pg.settings().unwrap(), "budget").is_null());
    assert_eq!(
        js_sys::JSON::stringify(&pg.settings().unwrap()).unwrap(),
        before
    );
}

#[wasm_bindgen_test]
fn stepping_reports_changes_and_one_expansion_per_step() {
    let mut pg = Playground::demo();
    pg.restart().unwrap();
    assert_eq!(pg.step(1), 1);
    assert!(pg.changes_len() > 0);
    let expanded = field(&pg.stats().unwrap(), "expanded").as_f64().unwrap();
    assert_eq!(expanded, 1.0);
}

#[wasm_bindgen_test]
fn generators_replace_the_map_and_refuse_bad_input() {
    let mut pg = Playground::demo();
    pg.generate_random(64, 48, 0.2, 0.15, 0.07, 42).unwrap();
    assert_eq!((pg.width(), pg.height()), (64, 48));
    assert!(pg.start_x() <= 2 && pg.goal_x() >= 61);
    pg.solve().unwrap();
    let err = message(pg.generate_random(64, 48, 0.9, 0.9, 0.0, 1).unwrap_err());
    assert!(err.contains("together at most 1"), "{err}");
    assert!(pg.generate_random(64, 48, f64::NAN, 0.0, 0.0, 1).is_err());
    assert!(pg.generate_random(0, 48, 0.1, 0.0, 0.0, 1).is_err());
    assert_eq!(pg.width(), 64, "a refused generation keeps the map");
    assert!(pg.clear(5000, 8).is_err());
    pg.generate_maze(33, 21, 1, 0.1, 0.05, 5).unwrap();
    assert_eq!(
        field(&pg.solve().unwrap(), "outcome")
            .as_string()
            .as_deref(),
        Some("found")
    );
    pg.generate_rooms(40, 30, 6, 0.0, 0.0, 5).unwrap();
    assert_eq!((pg.width(), pg.height()), (40, 30));
    assert!(pg.generate_maze(33, 21, 1, f64::NAN, 0.0, 1).is_err());
    assert!(pg.generate_rooms(40, 3000, 6, 0.0, 0.0, 1).is_err());
    pg.clear(8, 8).unwrap();
    assert_eq!((pg.goal_x(), pg.goal_y()), (7, 7));
}

#[wasm_bindgen_test]
fn the_sweep_has_one_row_per_weight_and_refuses_bad_weights() {
    let mut pg = Playground::demo();
    let rows = pg.sweep(&[1.0, 2.0, 4.0]).unwrap();
    assert_eq!(js_sys::Array::from(&rows).length(), 3);
    assert!(pg.sweep(&[-1.0]).is_err());
    assert!(pg.sweep(&[f64::NAN]).is_err());
}

/// The searches the native test recorded, one `name line` per search (see
/// `astar_core::search::fingerprint`): read here only to say what changed when a fingerprint differs.
const RECORDED_LINES: &str = include_str!("../../astar-core/tests/algorithm_searches.txt");

/// Why `name`'s fingerprint differs in wasm, in words: its first search whose line is not the recorded
/// one (the search, its map and settings), with each counter that changed ("expanded 153 -> 160"), or
/// that only the rest did (the order of expansions, the trace, the path or a detail).
fn first_changed_search(name: &str) -> String {
    use astar_core::search::fingerprint::{search_prints, RECORDED_SEARCHES};
    use astar_core::search::registry::ALGORITHMS;
    let Some(info) = ALGORITHMS.iter().find(|info| info.name == name) else {
        return format!("{name}: not in this module's registry");
    };
    let now = search_prints(info, RECORDED_SEARCHES);
    let then: Vec<&str> = RECORDED_LINES
        .lines()
        .filter_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .collect();
    let parts = |line: &str| line.split(" | ").map(str::to_owned).collect::<Vec<_>>();
    for (was, is) in then.iter().zip(&now) {
        if was == is {
            continue;
        }
        let (was, is) = (parts(was), parts(is));
        if was[0] != is[0] {
            return format!(
                "{name}: the problems differ: recorded \"{}\", now \"{}\"",
                was[0], is[0]
            );
        }
        // "expanded 153 generated 160 ...": a counter's name, then its value.
        let (a, b): (Vec<&str>, Vec<&str>) =
            (was[1].split(' ').collect(), is[1].split(' ').collect());
        let changed: Vec<String> = a
            .chunks(2)
            .zip(b.chunks(2))
            .filter(|(x, y)| x != y)
            .map(|(x, y)| format!("{} {} -> {}", x[0], x.last().unwrap(), y.last().unwrap()))
            .collect();
        let what = if changed.is_empty() {
            "the same counters, but the rest changed (the order of expansions, the trace, the path or a detail)".to_owned()
        } else {
            changed.join(", ")
        };
        return format!("{name}, {}: {what}", was[0]);
    }
    format!(
        "{name}: {} searches now, {} recorded (the lines they share are the same)",
        now.len(),
        then.len()
    )
}

/// Every algorithm of the module makes, in wasm, exactly the searches recorded natively (counters,
/// details, costs, paths and traces; see `astar_core::search::fingerprint`); the only recorded ones it
/// lacks are those the first module leaves out (HPA*, JPS+, Theta* and ARA*: the module built with `full` has every
/// algorithm). A difference names the search, its map and the counter that changed.
#[wasm_bindgen_test]
fn every_algorithm_searches_in_wasm_exactly_as_natively() {
    use astar_core::search::fingerprint::{algorithm_fingerprints, RECORDED, RECORDED_SEARCHES};
    let now: Vec<String> = algorithm_fingerprints(RECORDED_SEARCHES)
        .iter()
        .map(|(name, hash)| format!("{name} {hash}"))
        .collect();
    // The algorithms whose engines this module leaves out (the registry's `available`).
    let left_out: Vec<&str> = astar_core::search::registry::ALGORITHMS
        .iter()
        .filter(|info| !info.available)
        .map(|info| info.name)
        .collect();
    let recorded: Vec<&str> = RECORDED
        .lines()
        .filter(|line| {
            !left_out
                .iter()
                .any(|name| line.split(' ').next() == Some(name))
        })
        .collect();
    for line in &now {
        if !recorded.contains(&line.as_str()) {
            let name = line.split(' ').next().unwrap_or("?");
            panic!(
                "{}; the native test (crates/astar-core/tests/suite/algorithms.rs) says the same if the native \
                 build changed too",
                first_changed_search(name)
            );
        }
    }
    assert_eq!(now, recorded);
    assert_eq!(RECORDED.lines().count(), now.len() + left_out.len());
}

#[wasm_bindgen_test]
fn inspect_reports_a_cell_and_refuses_one_off_the_map() {
    let mut pg = Playground::demo();
    let (sx, sy) = (pg.start_x() as i32, pg.start_y() as i32);
    let start = pg.inspect(sx, sy).unwrap();
    assert_eq!(field(&start, "g").as_f64(), Some(0.0));
    assert!(field(&start, "parent").is_null());
    assert_eq!(field(&start, "state").as_string().as_deref(), Some("path"));
    let goal = pg.inspect(pg.goal_x() as i32, pg.goal_y() as i32).unwrap();
    assert_eq!(field(&goal, "h").as_f64(), Some(0.0));
    // The parent chain comes as a Uint32Array, start first and the goal last: the path found.
    let chain = js_sys::Uint32Array::from(field(&goal, "chain")).to_vec();
    assert!(field(&goal, "chain").is_instance_of::<js_sys::Uint32Array>());
    let width = pg.width();
    assert_eq!(chain.first(), Some(&(pg.start_y() * width + pg.start_x())));
    assert_eq!(chain.last(), Some(&(pg.goal_y() * width + pg.goal_x())));
    assert_eq!(chain.len(), pg.path_len());
    let err = message(pg.inspect(-1, 0).unwrap_err());
    assert!(err.contains("outside"), "{err}");
}

#[wasm_bindgen_test]
fn detours_are_empty_for_an_optimal_path() {
    let mut pg = Playground::demo();
    let optimal = pg.optimal_path();
    assert!(optimal.len() > 1);
    let detours = pg.detours(&optimal).unwrap();
    assert_eq!(js_sys::Array::from(&detours).length(), 0);
}

/// Both modules list HPA* (link code 9), so the menu, links and the embed know it before the second
/// module is fetched; only the module built with `full` has its engine.
#[wasm_bindgen_test]
fn both_modules_list_hpa_and_only_the_full_one_searches_with_it() {
    let hpa = listed("hpa");
    assert_eq!(
        field(&hpa, "available").as_bool(),
        Some(cfg!(feature = "full"))
    );
    let mut pg = Playground::demo();
    choose(&mut pg, "hpa");
    let solved = pg.solve();
    if cfg!(feature = "full") {
        let stats = solved.unwrap();
        assert_eq!(
            field(&stats, "outcome").as_string().as_deref(),
            Some("found")
        );
    } else {
        let err = message(solved.unwrap_err());
        assert!(err.starts_with("HPA* is not in this build"), "{err}");
    }
}

/// Both modules list JPS and JPS+ (link codes 4 and 10), so the menu, links and the embed know them before
/// the second module is fetched; only the module built with `full` searches with them, and there JPS+
/// expands exactly JPS's jump points.
#[wasm_bindgen_test]
fn both_modules_list_jps_and_jps_plus_and_only_the_full_one_searches_with_them() {
    for name in ["jps", "jps-plus"] {
        let row = listed(name);
        assert_eq!(
            field(&row, "available").as_bool(),
            Some(cfg!(feature = "full")),
            "{name}"
        );
    }
    // A map of one step cost with a wall to go round, which JPS (and so JPS+) accepts.
    let mut pg = Playground::new(24, 16).unwrap();
    for y in 0..12 {
        pg.paint(12, y, 0, 0).unwrap();
    }
    let mut search_with = |name: &str| {
        choose(&mut pg, name);
        pg.solve()
    };
    let jps = search_with("jps");
    let plus = search_with("jps-plus");
    if cfg!(feature = "full") {
        let (jps, plus) = (jps.unwrap(), plus.unwrap());
        assert_eq!(
            field(&plus, "outcome").as_string().as_deref(),
            Some("found")
        );
        assert_eq!(
            field(&plus, "expanded").as_f64(),
            field(&jps, "expanded").as_f64()
        );
    } else {
        assert_eq!(
            message(jps.unwrap_err()),
            "Jump point search is not in this build: it needs the module with the jps feature"
        );
        assert_eq!(
            message(plus.unwrap_err()),
            "JPS+ is not in this build: it needs the module with the jps-plus feature"
        );
    }
}

#[wasm_bindgen_test]
fn each_algorithm_says_what_it_lacks_here_in_the_words_of_its_refusal() {
    // The demo map has forest and swamp; 4-neighbour movement lacks what JPS needs twice over.
    let mut pg = Playground::demo();
    let settings = pg.settings().unwrap();
    js_sys::Reflect::set(&settings, &"movement".into(), &JsValue::from_f64(4.0)).unwrap();
    pg.set_settings(settings).unwrap();
    let rows = js_sys::Array::from(&pg.unmet_requirements());
    assert_eq!(
        rows.length() as usize,
        astar_core::search::registry::ALGORITHMS.len()
    );
    let row = |name: &str| {
        rows.iter()
            .find(|row| field(row, "name").as_string().as_deref() == Some(name))
            .unwrap()
    };
    let astar = row("astar");
    assert_eq!(js_sys::Array::from(&field(&astar, "unmet")).length(), 0);
    assert!(field(&astar, "refusal").is_null());
    let jps = row("jps");
    let unmet = js_sys::Array::from(&field(&jps, "unmet"));
    let kinds: Vec<String> = unmet
        .iter()
        .map(|u| field(&u, "kind").as_string().unwrap())
        .collect();
    assert_eq!(kinds, ["movement", "uniform-costs"]);
    assert_eq!(field(&unmet.get(0), "movement").as_f64(), Some(8.0));
    let said = english(&field(&jps, "refusal"));
    let settings = pg.settings().unwrap();
    js_sys::Reflect::set(&settings, &"algorithm".into(), &"jps".into()).unwrap();
    pg.set_settings(settings).unwrap();
    let refused = message(pg.solve().unwrap_err());
    assert_eq!(said, refused, "the menu says what choosing it would");
}

#[wasm_bindgen_test]
fn f_weight_is_what_the_search_shown_orders_by() {
    let mut pg = Playground::demo();
    let settings = pg.settings().unwrap();
    js_sys::Reflect::set(&settings, &"w".into(), &JsValue::from_f64(2.5)).unwrap();
    pg.set_settings(settings).unwrap();
    assert_eq!(pg.f_weight(), 2.5);
    choose(&mut pg, "greedy");
    assert_eq!(pg.f_weight(), f64::INFINITY);
    choose(&mut pg, "dijkstra");
    assert_eq!(pg.f_weight(), 0.0);
    choose(&mut pg, "bidirectional");
    assert_eq!(pg.f_weight(), 1.0);
}

/// The penalties cross as plain numbers: hug, danger and turn in tenths, then x, y and radius of each
/// watcher; values outside the limits are refused with the grid's sentence and change nothing.
#[wasm_bindgen_test]
fn penalties_round_trip_as_plain_numbers_and_bad_ones_change_nothing() {
    let mut pg = Playground::new(8, 4).unwrap();
    assert_eq!(pg.penalties(), vec![0, 0, 0]);
    pg.set_penalties(5, 20, 15, &[1, 1, 2, 6, 3, 1]).unwrap();
    assert_eq!(pg.penalties(), vec![5, 20, 15, 1, 1, 2, 6, 3, 1]);
    let refused = pg.set_penalties(11, 20, 0, &[]).unwrap_err();
    assert_eq!(
        message(refused),
        "the wall-hugging penalty must be a number from 0 to 1 in steps of 0.1"
    );
    let too_much_turn = pg.set_penalties(5, 20, 51, &[]).unwrap_err();
    assert_eq!(
        message(too_much_turn),
        "the turn penalty must be a number from 0 to 5 in steps of 0.1"
    );
    let outside = pg.set_penalties(5, 20, 0, &[8, 0, 2]).unwrap_err();
    assert!(message(outside).starts_with("the watcher at (8, 0) with radius 2 is not allowed"));
    assert_eq!(pg.penalties(), vec![5, 20, 15, 1, 1, 2, 6, 3, 1]);
}

/// A turn penalty is searched over cells and headings by the module built with `full`; the first module
/// refuses A* on such a map with the core's sentence (the page then fetches the other module).
#[wasm_bindgen_test]
fn only_the_full_module_prices_a_turn_penalty() {
    let mut pg = Playground::new(12, 8).unwrap();
    pg.set_start(0, 0).unwrap();
    pg.set_goal(11, 7).unwrap();
    let settings = pg.settings().unwrap();
    js_sys::Reflect::set(&settings, &"movement".into(), &4.into()).unwrap();
    pg.set_settings(settings).unwrap();
    pg.set_penalties(0, 0, 20, &[]).unwrap();
    let solved = pg.solve();
    assert_eq!(solved.is_ok(), cfg!(feature = "full"));
    match solved {
        // 18 moves and one turn at 2.
        Ok(stats) => assert_eq!(field(&stats, "cost").as_f64(), Some(20.0)),
        Err(refused) => {
            assert!(message(refused).starts_with("A* cannot price the map's penalties"))
        }
    }
}
