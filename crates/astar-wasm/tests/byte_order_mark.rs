//! A leading UTF-8 byte-order mark through the facade, as the page's file import meets it: the page
//! reads files with `File.text()`, which drops the mark, but whatever hands the facade text with the mark
//! still gets the same map as without it, because the core's parsers (the same ones the CLI uses) read
//! past it. The readers are in the module built with `full` (the first module leaves them out: the page
//! fetches the other one before opening a map file), so these run there; the first module's answer is
//! checked in `first_module_leaves_map_files_to_the_other`.
#![cfg(target_arch = "wasm32")]

use astar_wasm::Playground;
use wasm_bindgen_test::*;

#[cfg(feature = "full")]
const BOM: &str = "\u{feff}";
const MAP: &str = "type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n.@.\r\n...\r\n";
const TEXT_MAP: &str = "astar-map 1\nsize 3 2\nmap\n.#f\n~..\n";

#[wasm_bindgen_test]
#[cfg(not(feature = "full"))]
fn first_module_leaves_map_files_to_the_other() {
    let message = |err: wasm_bindgen::JsValue| -> String {
        let detail = js_sys::Reflect::get(&err, &"detail".into()).unwrap();
        js_sys::Reflect::get(&detail, &"code".into())
            .unwrap()
            .as_string()
            .unwrap()
    };
    let refused = Playground::from_moving_ai_map(MAP).err().unwrap();
    assert_eq!(message(refused), "session.files-elsewhere");
    // Writing stays: a map is exported from either module.
    let pg = Playground::new(3, 2).unwrap();
    assert!(pg.to_text_map().starts_with("astar-map 1"));
    let refused = pg.with_text_map(TEXT_MAP).err().unwrap();
    assert_eq!(message(refused), "session.files-elsewhere");
    assert_eq!(Playground::map_format(TEXT_MAP).unwrap(), "own");
}

#[wasm_bindgen_test]
#[cfg(feature = "full")]
fn a_moving_ai_map_with_a_leading_mark_opens_as_without() {
    let marked = Playground::from_moving_ai_map(&format!("{BOM}{MAP}")).unwrap();
    let bare = Playground::from_moving_ai_map(MAP).unwrap();
    assert_eq!(marked.to_moving_ai_map(), bare.to_moving_ai_map());
    let scen = "version 1\n0\tt.map\t3\t2\t0\t0\t2\t0\t3.41421\n";
    let problems = |text: &str| -> String {
        let list = marked.open_scenario(text).unwrap();
        let rows: Vec<String> = (0..list.len())
            .map(|i| {
                js_sys::JSON::stringify(&list.problem(i).unwrap())
                    .unwrap()
                    .into()
            })
            .collect();
        rows.join("\n")
    };
    let bare_list = problems(scen);
    assert!(bare_list.contains("3.41421"), "{bare_list}");
    assert_eq!(problems(&format!("{BOM}{scen}")), bare_list);
}

#[wasm_bindgen_test]
#[cfg(feature = "full")]
fn a_text_map_with_a_leading_mark_is_recognised_and_opens_as_without() {
    let marked = format!("{BOM}{TEXT_MAP}");
    assert_eq!(Playground::map_format(&marked).unwrap(), "own");
    let base = Playground::from_moving_ai_map(MAP).unwrap();
    let opened = base.with_text_map(&marked).unwrap();
    assert_eq!(
        opened.to_text_map(),
        base.with_text_map(TEXT_MAP).unwrap().to_text_map()
    );
}
