//! What the module built with the `full` feature adds for the page's HPA* drawing: the abstract graph,
//! the abstract path and the rebuild count after an edit, and a cluster size carried by a link.
#![cfg(all(target_arch = "wasm32", feature = "full"))]

use astar_wasm::Playground;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).unwrap()
}

fn numbers(value: &JsValue) -> Vec<u32> {
    js_sys::Array::from(value)
        .iter()
        .map(|v| v.as_f64().unwrap() as u32)
        .collect()
}

/// A 24 × 24 open map with HPA* at cluster size `k`.
fn open_map(k: u32) -> Playground {
    let mut pg = Playground::new(24, 24).unwrap();
    let settings = pg.settings().unwrap();
    js_sys::Reflect::set(&settings, &"algorithm".into(), &"hpa".into()).unwrap();
    js_sys::Reflect::set(&settings, &"cluster".into(), &JsValue::from(k)).unwrap();
    pg.set_settings(settings).unwrap();
    pg
}

#[wasm_bindgen_test]
fn the_graph_has_nodes_on_cluster_borders_and_edges_between_them() {
    let mut pg = open_map(8);
    assert!(pg.hpa_graph().unwrap().is_null(), "no search yet");
    pg.solve().unwrap();
    let graph = pg.hpa_graph().unwrap();
    assert_eq!(field(&graph, "clusterSize").as_f64(), Some(8.0));
    assert_eq!(field(&graph, "fullBuild").as_bool(), Some(true));
    assert_eq!(field(&graph, "clustersRebuilt").as_f64(), Some(9.0));
    assert!(field(&graph, "buildUs").as_f64().unwrap() >= 0.0);
    let nodes = numbers(&field(&graph, "nodes"));
    assert!(!nodes.is_empty());
    for cell in &nodes {
        let (x, y) = (cell % 24, cell / 24);
        // Every entrance node lies beside a border between clusters (columns or rows 7|8 and 15|16).
        let beside = |v: u32| v % 8 == 7 || (v.is_multiple_of(8) && v > 0);
        assert!(beside(x) || beside(y), "node ({x}, {y})");
    }
    let edges = numbers(&field(&graph, "edges"));
    assert!(edges.len() >= 2 && edges.len().is_multiple_of(2));
    assert!(edges.iter().all(|cell| nodes.contains(cell)));
    let path = pg.hpa_abstract_path();
    assert_eq!(path.first(), Some(&0));
    assert_eq!(path.last(), Some(&(24 * 24 - 1)));
}

#[wasm_bindgen_test]
fn an_edit_rebuilds_only_the_clusters_it_touches() {
    let mut pg = open_map(8);
    pg.solve().unwrap();
    pg.hpa_graph().unwrap();
    pg.paint(12, 12, 0, 0).unwrap();
    pg.solve().unwrap();
    let graph = pg.hpa_graph().unwrap();
    assert_eq!(field(&graph, "fullBuild").as_bool(), Some(false));
    let rebuilt = field(&graph, "clustersRebuilt").as_f64().unwrap();
    assert!((1.0..9.0).contains(&rebuilt), "{rebuilt}");
}

#[wasm_bindgen_test]
fn the_abstract_path_appears_only_once_the_abstract_search_ends() {
    let mut pg = open_map(8);
    pg.restart().unwrap();
    pg.step(1);
    assert!(pg.hpa_abstract_path().is_empty());
    pg.solve().unwrap();
    assert!(pg.hpa_abstract_path().len() >= 2);
    let settings = pg.settings().unwrap();
    js_sys::Reflect::set(&settings, &"algorithm".into(), &"astar".into()).unwrap();
    pg.set_settings(settings).unwrap();
    pg.solve().unwrap();
    assert!(pg.hpa_graph().unwrap().is_null());
    assert!(pg.hpa_abstract_path().is_empty());
}

#[wasm_bindgen_test]
fn a_link_carries_the_cluster_size() {
    let mut pg = open_map(5);
    pg.solve().unwrap();
    let options = js_sys::JSON::parse(r#"{"smooth":false,"numbers":"none","step":null}"#).unwrap();
    // The bytes as link text, the body stored, which the module reads itself (a compressed body the page
    // inflates first).
    let bytes = pg.share_bytes(options, JsValue::NULL).unwrap();
    let link = astar_core::formats::share::base64url_encode(&bytes);
    let mut view =
        Playground::open_share_link_bytes(&Playground::share_link_bytes(&link).unwrap()).unwrap();
    let opened = view.take_playground().unwrap();
    let settings = opened.settings().unwrap();
    assert_eq!(field(&settings, "cluster").as_f64(), Some(5.0));
    assert_eq!(
        field(&settings, "algorithm").as_string().as_deref(),
        Some("hpa")
    );
}
