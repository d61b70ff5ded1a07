//! `astar bench`: benchmarks of the engine, of the article's alternatives, and of a peer library.
//!
//! ```text
//! astar bench [article] [weights] [movingai] [--limit N] [--maps a,b] [--data DIR] [--repeat R]
//!             [--no-peers] [--json]
//! ```
//! With no section named, all three run; with no `--limit`, every problem of every Moving AI map (several
//! minutes with the peer); `--repeat R` keeps the fastest of R passes (default 1). Sections:
//! - `article` (article.rs): the optimisation chapter's experiment on seeded 256 × 256 random maps,
//!   long and short searches, with the two alternatives it measured (clearing every per-cell array at
//!   each search instead of generation stamps; an indexed heap with decrease-key instead of lazy deletion);
//! - `weights` (article.rs): the chapter's w sweep on the same maps;
//! - `movingai` (movingai.rs): the Moving AI sets, each cost checked against the scenario's optimal length,
//!   with the `pathfinding` crate solving the same problems as a peer.
//!
//! The timed loops that wasm must run identically live in runner.rs. Benchmarks print numbers; no test
//! asserts on time.

mod article;
mod movingai;
pub mod runner;
mod table;

use std::path::PathBuf;
use std::time::Instant;

/// Parsed command line.
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
    /// Machine-readable output.
    pub json: bool,
}

const USAGE: &str = "usage: astar bench [article] [weights] [movingai] [--limit N] [--maps a,b] \
[--data DIR] [--repeat R] [--no-peers] [--json]";

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        sections: vec![],
        limit: None,
        maps: None,
        data: default_data_dir(),
        // One pass by default: the full Moving AI sets take minutes already; README numbers use
        // `--repeat 3` (best of three).
        repeat: 1,
        peers: true,
        json: false,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value\n{USAGE}"))
        };
        match arg.as_str() {
            "article" | "weights" | "movingai" => options.sections.push(arg.clone()),
            "--limit" => {
                let v = value("--limit")?;
                options.limit = Some(
                    v.parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or(format!("--limit {v:?} must be a positive whole number"))?,
                );
            }
            "--maps" => {
                options.maps = Some(
                    value("--maps")?
                        .split(',')
                        .map(|m| m.trim_end_matches(".map").to_string())
                        .collect(),
                )
            }
            "--data" => options.data = PathBuf::from(value("--data")?),
            "--repeat" => {
                let v = value("--repeat")?;
                options.repeat = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("--repeat {v:?} must be a positive whole number"))?;
            }
            "--no-peers" => options.peers = false,
            "--json" => options.json = true,
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    if options.sections.is_empty() {
        options.sections = vec!["article".into(), "weights".into(), "movingai".into()];
    }
    Ok(options)
}

/// `../shared/data/movingai` beside the repository (where the project's machines keep it), found from
/// the current folder or, failing that, from where this crate was built.
fn default_data_dir() -> PathBuf {
    let from_cwd = PathBuf::from("../shared/data/movingai");
    if from_cwd.is_dir() {
        return from_cwd;
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/movingai")
}

/// Nanoseconds since the first call: the clock every native measurement uses.
pub fn now_ns() -> f64 {
    use std::sync::OnceLock;
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    EPOCH.get_or_init(Instant::now).elapsed().as_nanos() as f64
}

/// Runs `astar bench` with the arguments after the subcommand name.
pub fn run(args: &[String]) -> Result<(), String> {
    let options = parse(args)?;
    let mut json = serde_json::Map::new();
    if !options.json {
        println!("{}", machine_line());
    }
    let wants = |s: &str| options.sections.iter().any(|x| x == s);
    if wants("article") || wants("weights") {
        let maps = article::Maps::new();
        if wants("article") {
            let report = article::run_variants(&maps, &options);
            if options.json {
                json.insert("article".into(), serde_json::to_value(&report).unwrap());
            } else {
                report.print();
            }
        }
        if wants("weights") {
            let report = article::run_weights(&maps, &options);
            if options.json {
                json.insert("weights".into(), serde_json::to_value(&report).unwrap());
            } else {
                report.print();
            }
        }
    }
    if wants("movingai") {
        let report = movingai::run(&options)?;
        if options.json {
            json.insert("movingai".into(), serde_json::to_value(&report).unwrap());
        } else {
            report.print();
        }
        if report.wrong > 0 {
            return Err(format!(
                "{} Moving AI problems did not reproduce the optimal length",
                report.wrong
            ));
        }
    }
    if options.json {
        json.insert("machine".into(), machine_line().into());
        println!("{}", serde_json::Value::Object(json));
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
