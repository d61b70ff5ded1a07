//! The core's integration tests, one module a subject, in one test binary: built once, not once a file
//! (each file used to be a binary of its own, linking the core and instantiating its generics again), and
//! run with every test of every module sharing the test threads. Modules of an optional feature's search
//! are there when the feature is (all are by default).

mod algorithms;
#[cfg(feature = "ara")]
mod ara;
mod ascii_maps;
mod bidirectional;
#[path = "../common/mod.rs"]
mod common;
mod corpus;
#[path = "../common/corpus.rs"]
mod corpus_files;
mod crowd;
mod dstar_lite;
mod dynamic;
mod exact_costs;
mod fuzz_inputs;
mod generated_sessions;
mod heap_log;
#[cfg(feature = "hpa")]
mod hpa;
#[cfg(feature = "hpa")]
mod hpa_bound;
#[cfg(feature = "jps")]
mod jps;
#[cfg(feature = "jps-plus")]
mod jps_plus;
mod movingai_oracle;
#[cfg(feature = "navmesh")]
mod navmesh_astar;
#[cfg(feature = "navmesh")]
mod navmesh_build;
mod optimum;
mod penalties;
#[cfg(feature = "navmesh")]
mod polyanya;
mod properties;
mod reuse;
mod share_links;
mod slices;
mod stepping;
mod text_format;
#[cfg(feature = "theta")]
mod theta;
mod turns;
