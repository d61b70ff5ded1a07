//! What the page draws of a hierarchical search such as HPA* (only in the module built with the `full`
//! feature, fetched when HPA* is chosen): the abstract graph of the shown search (clusters, entrance
//! nodes, abstract edges), the abstract path at the step shown, and how long building the graph takes,
//! read through the stepper's `abstract_graph` and `abstract_path` (no algorithm is named here). All
//! read-only: nothing here changes the search.

use crate::{to_js, Playground};
use wasm_bindgen::prelude::*;

/// The abstract graph as `hpaGraph()` hands it to the page, without its two big arrays: `nodes` (the
/// entrance nodes by cell id) and `edges` (pairs of cell ids `[a0, b0, a1, b1, ...]`, each once: the node
/// pairs of a cluster joined inside it, and the transitions across the borders) are added as
/// `Uint32Array`s, one copy each. As plain arrays (a JS number per entry) a 1024 × 1024 map's half a
/// million edges took the page about 100 ms to receive at the end of every search.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct GraphOverlay {
    /// The cluster side K: cluster borders are every K columns and rows.
    cluster_size: u32,
    /// Clusters the latest preparation rebuilt (all of them after a full build).
    clusters_rebuilt: u32,
    /// The latest preparation built the graph from scratch (a new map, size, costs, movement or K).
    full_build: bool,
    /// µs the solve that last built this map's graph from scratch spent beginning its search (the
    /// build, and inserting start and goal; see `Session::begin_us`).
    build_us: f64,
}

#[wasm_bindgen]
impl Playground {
    /// The shown HPA* search's abstract graph, as `{ clusterSize, nodes, edges, clustersRebuilt,
    /// fullBuild, buildUs }` (see `GraphOverlay`; `nodes` and `edges` are `Uint32Array`s), or `null` when the
    /// algorithm is not HPA* or no search has begun (a refused one included). Call it after a solve
    /// (`buildUs` is that solve's begin when it built the graph from scratch), once per solve, not per
    /// frame.
    #[wasm_bindgen(js_name = hpaGraph)]
    pub fn hpa_graph(&mut self) -> Result<JsValue, JsValue> {
        let Some(graph) = self.session.search().abstract_graph() else {
            return Ok(JsValue::NULL);
        };
        // The last solve's begin built the graph from scratch: its time (the build, and inserting the
        // start and goal, a small part of it) is the preprocessing time.
        if graph.full_build || self.hpa_build_us.is_none() {
            self.hpa_build_us = Some(self.session.begin_us());
        }
        let overlay = to_js(&GraphOverlay {
            cluster_size: graph.cluster_size,
            clusters_rebuilt: graph.clusters_rebuilt,
            full_build: graph.full_build,
            build_us: self.hpa_build_us.unwrap_or(0.0),
        })?;
        for (name, cells) in [("nodes", &graph.nodes), ("edges", &graph.edges)] {
            let array = js_sys::Uint32Array::from(cells.as_slice());
            js_sys::Reflect::set(&overlay, &JsValue::from_str(name), &array).map_err(|_| {
                crate::js_error(astar_core::message::Message::new("boundary.unsendable"))
            })?;
        }
        Ok(overlay)
    }

    /// The shown HPA* search's abstract path at the step shown (start, entrance nodes, goal; cell ids),
    /// copied out: empty while the abstract search runs, for a search without one, and for any other
    /// algorithm.
    #[wasm_bindgen(js_name = hpaAbstractPath)]
    pub fn hpa_abstract_path(&self) -> Vec<u32> {
        self.session.search().abstract_path().to_vec()
    }
}
