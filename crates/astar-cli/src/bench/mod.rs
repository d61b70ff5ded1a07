//! `astar bench`: benchmarks of the engine, of the article's alternatives, and of a peer library.
//!
//! ```text
//! astar bench [article] [weights] [movingai] [algorithms] [hpa] [crowd] [navmesh] [--limit N] [--maps a,b] [--data DIR]
//!             [--repeat R] [--no-peers] [--cluster K,K] [--json]
//! ```
//! With no section named, all but `crowd` and `navmesh` run; with no `--limit`, every problem of every Moving AI map (several
//! minutes with the peer); `--repeat R` keeps the fastest of R passes (default 1); `--data DIR` reads the
//! Moving AI files from DIR instead of the set vendored in the repository (data/movingai). Options follow
//! the shared rules of cli.rs (`--name value` or `--name=value`; an unknown or repeated option or section
//! is an error). Sections:
//! - `article` (article.rs): the optimisation chapter's experiment on seeded 256 × 256 random maps,
//!   long and short searches, with the two alternatives it measured (clearing every per-cell array at
//!   each search instead of generation stamps; an indexed heap with decrease-key instead of lazy deletion);
//! - `weights` (article.rs): the chapter's w sweep on the same maps;
//! - `movingai` (movingai.rs): the Moving AI sets, each cost checked against the scenario's optimal length,
//!   with the `pathfinding` crate solving the same problems as a peer;
//! - `algorithms` (algorithms.rs): A*, jump point search, bidirectional A*, Theta* and A* + smoothing on
//!   the same Moving AI problems, with the `grid_pathfinding` crate's JPS as a peer;
//! - `hpa` (hpa.rs): HPA*'s build time, memory, query time beside A* and JPS, and cost over the optimum
//!   before and after smoothing, on the Moving AI maps and on generated 1024 × 1024 maps, one row per
//!   map and cluster size (`--cluster`, default 16; a size above a map's larger side is left out there);
//! - `crowd` (crowd.rs): the game scene with no drawing: 2,000 units' requests served under a 16.7 ms
//!   search budget a frame, by each planner with and without the path cache, and the flow field for a
//!   rally point (`--maps` names the Moving AI maps; `random512-10-0` by default);
//! - `navmesh` (navmesh.rs): the navigation mesh of every Moving AI map by both builders (polygons,
//!   build time, memory), and grid A*, JPS+, Theta*, navmesh A* + funnel and Polyanya on the same
//!   problems: query times and lengths over Polyanya's (the Euclidean shortest).
//!
//! The timed loops that wasm must run identically live in the `astar-bench-runner` crate. Benchmarks print numbers; no test
//! asserts on time.

mod algorithms;
mod article;
mod crowd;
mod hpa;
mod movingai;
mod navmesh;
mod table;

use crate::args::{positive, with_default};
use crate::out::Out;
use astar_core::search::hpa::DEFAULT_CLUSTER_SIZE;
use std::path::PathBuf;
use std::time::Instant;

/// `astar bench`'s command line.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Benchmarks print numbers; the README's tables come from \
`astar bench article weights --limit 200 --repeat 3`, `astar bench movingai --limit 200 --repeat 3`, \
`astar bench algorithms --limit 200 --repeat 3` and `astar bench crowd`."
)]
pub struct BenchArgs {
    #[arg(value_name = "SECTION", value_parser = section,
          help = with_default(&format!("Sections to run, each at most once: {}", SECTIONS.join(", ")), "all but crowd and navmesh"))]
    sections: Vec<String>,
    #[arg(long, value_name = "N", value_parser = positive, help = with_default(
        "Problems per map: spread evenly over each Moving AI scenario; random ones on the hpa section's \
generated maps", format!("all; {} on the generated maps", hpa::GENERATED_PROBLEMS)))]
    limit: Option<usize>,
    /// Only these Moving AI maps (file names, with or without .map)
    #[arg(long, value_name = "a,b")]
    maps: Option<String>,
    /// The folder of Moving AI .map and .map.scen files, e.g. the full benchmark sets [default: the
    /// repository's data/movingai]
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    #[arg(long, value_name = "R", default_value_t = DEFAULT_REPEAT, value_parser = positive,
          help = format!("Run each timed batch R times and keep the fastest ({} × R for the article's short \
searches)", article::SHORT_REPEATS))]
    repeat: usize,
    /// Leave out the peer libraries (the `pathfinding` and `grid_pathfinding` crates)
    #[arg(long)]
    no_peers: bool,
    #[arg(long, value_name = "K,K", value_parser = cluster_sizes,
          help = with_default("HPA*'s cluster sizes for the hpa section, each run on every map", DEFAULT_CLUSTER_SIZE))]
    cluster: Option<ClusterSizes>,
    /// Print one line of JSON
    #[arg(long)]
    json: bool,
}

/// Timed batches run once without `--repeat`: the full Moving AI sets take minutes already; README
/// numbers use `--repeat 3` (best of three).
const DEFAULT_REPEAT: usize = 1;

/// What the benchmarks read from the command line.
#[derive(Clone, Debug)]
pub struct Options {
    /// Sections to run, in order.
    pub sections: Vec<String>,
    /// Moving AI problems per map (evenly spread), or all.
    pub limit: Option<usize>,
    /// Moving AI maps to run (file names without `.map`), or all.
    pub maps: Option<Vec<String>>,
    /// Folder of the Moving AI files.
    pub data: PathBuf,
    /// Each timed batch runs this many times; the fastest counts (as in the article: best of 7).
    pub repeat: usize,
    /// Also run the peer library.
    pub peers: bool,
    /// HPA*'s cluster sizes (the hpa section).
    pub cluster_sizes: Vec<u32>,
    /// Machine-readable output.
    pub json: bool,
}

/// `--cluster`'s list of sizes.
#[derive(Clone, Debug)]
pub struct ClusterSizes(Vec<u32>);

/// `--cluster K,K`: cluster sizes of at least 2, each once.
fn cluster_sizes(text: &str) -> Result<ClusterSizes, String> {
    let mut sizes = vec![];
    for word in text.split(',') {
        let k = positive(word)? as u32;
        if k < 2 {
            return Err(format!("cluster size {k} is too small: the smallest is 2"));
        }
        if sizes.contains(&k) {
            return Err(format!("cluster size {k} is given twice"));
        }
        sizes.push(k);
    }
    Ok(ClusterSizes(sizes))
}

/// The sections run when none is named, in their order: all but crowd, whose 2,000-unit scenes take a
/// minute and measure the scene rather than the engine, and navmesh, which builds meshes of every map.
const DEFAULT_SECTIONS: [&str; 5] = ["article", "weights", "movingai", "algorithms", "hpa"];

/// Every section, in the order they run.
const SECTIONS: [&str; 7] = [
    "article",
    "weights",
    "movingai",
    "algorithms",
    "hpa",
    "crowd",
    "navmesh",
];

/// A section named on the command line.
fn section(word: &str) -> Result<String, String> {
    if SECTIONS.contains(&word) {
        Ok(word.to_string())
    } else {
        Err(format!(
            "unknown section {word:?}: use article, weights, movingai, algorithms, hpa, crowd or navmesh"
        ))
    }
}

impl Options {
    /// The options of a command line; a section named twice is an error.
    fn new(args: &BenchArgs) -> Result<Options, String> {
        let mut sections: Vec<String> = vec![];
        for word in &args.sections {
            if sections.contains(word) {
                return Err(format!("bench: section {word} is given twice"));
            }
            sections.push(word.clone());
        }
        if sections.is_empty() {
            sections = DEFAULT_SECTIONS.map(String::from).to_vec();
        }
        Ok(Options {
            sections,
            limit: args.limit,
            maps: args.maps.as_ref().map(|maps| {
                maps.split(',')
                    .map(|m| m.trim_end_matches(".map").to_string())
                    .collect()
            }),
            data: args.data.clone().unwrap_or_else(default_data_dir),
            repeat: args.repeat,
            peers: !args.no_peers,
            cluster_sizes: args
                .cluster
                .as_ref()
                .map_or_else(|| vec![DEFAULT_CLUSTER_SIZE], |sizes| sizes.0.clone()),
            json: args.json,
        })
    }
}

/// The Moving AI files vendored in the repository (`data/movingai`, found from where this crate was
/// built); `--data DIR` points at another folder, e.g. the full benchmark sets.
fn default_data_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/movingai"))
}

/// Nanoseconds since the first call: the clock every native measurement uses.
pub fn now_ns() -> f64 {
    use std::sync::OnceLock;
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    EPOCH.get_or_init(Instant::now).elapsed().as_nanos() as f64
}

/// Runs `astar bench` with the arguments after the subcommand name.
pub fn run(args: &BenchArgs, out: &mut Out) -> Result<(), String> {
    let options = Options::new(args)?;
    let mut json = serde_json::Map::new();
    if !options.json {
        out.line(&machine_line());
        out.flush();
    }
    let wants = |s: &str| options.sections.iter().any(|x| x == s);
    if wants("article") || wants("weights") {
        let maps = article::Maps::new();
        if wants("article") {
            let report = article::run_variants(&maps, &options);
            if options.json {
                json.insert("article".into(), serde_json::to_value(&report).unwrap());
            } else {
                report.print(out);
                out.flush();
            }
        }
        if wants("weights") {
            let report = article::run_weights(&maps, &options);
            if options.json {
                json.insert("weights".into(), serde_json::to_value(&report).unwrap());
            } else {
                report.print(out);
                out.flush();
            }
        }
    }
    if wants("movingai") {
        let report = movingai::run(&options)?;
        if options.json {
            json.insert("movingai".into(), serde_json::to_value(&report).unwrap());
        } else {
            report.print(out);
            out.flush();
        }
        if report.wrong > 0 {
            return Err(format!(
                "{} Moving AI problems did not reproduce the optimal length",
                report.wrong
            ));
        }
    }
    if wants("algorithms") {
        let report = algorithms::run(&options)?;
        if options.json {
            json.insert("algorithms".into(), serde_json::to_value(&report).unwrap());
        } else {
            report.print(out);
            out.flush();
        }
        if report.wrong > 0 {
            return Err(format!(
                "{} Moving AI problems: A*, JPS or bidirectional A* missed the optimal length, or Theta* \
                 was invalid",
                report.wrong
            ));
        }
    }
    if wants("hpa") {
        let report = hpa::run(&options)?;
        if options.json {
            json.insert("hpa".into(), serde_json::to_value(&report).unwrap());
        } else {
            report.print(out);
            out.flush();
        }
        if report.wrong > 0 {
            return Err(format!(
                "{} problems: HPA* found no path or an invalid one where A* found one",
                report.wrong
            ));
        }
    }
    if wants("crowd") {
        let report = crowd::run(&options)?;
        if options.json {
            json.insert("crowd".into(), serde_json::to_value(&report).unwrap());
        } else {
            report.print(out);
            out.flush();
        }
    }
    if wants("navmesh") {
        let report = navmesh::run(&options)?;
        if options.json {
            json.insert("navmesh".into(), serde_json::to_value(&report).unwrap());
        } else {
            report.print(out);
            out.flush();
        }
        if report.wrong > 0 {
            return Err(format!(
                "{} Moving AI problems: Polyanya's path was invalid, longer than the grid optimum or shorter \
                 than the straight line",
                report.wrong
            ));
        }
    }
    if options.json {
        json.insert("machine".into(), machine_line().into());
        out.line(&serde_json::Value::Object(json).to_string());
    }
    Ok(())
}

/// The CPU model and core count, for the header of every report.
fn machine_line() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!(
        "machine: {cpu}, {cores} cores; {} build",
        if cfg!(debug_assertions) {
            "DEBUG (numbers meaningless)"
        } else {
            "release"
        }
    )
}
