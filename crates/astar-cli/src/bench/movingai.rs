//! The Moving AI section: every (or `--limit` evenly spread) problem of each map in the data folder,
//! solved by our engine (the `astar-bench-runner` crate) and by the `pathfinding` crate's `astar`, both with the same fixed-point
//! costs, and every cost checked against the scenario's optimal length.
//!
//! The peer gets its fairest form: successors come from a fixed-size array (no allocation per
//! expansion), walls are a precomputed `Vec<bool>`, and its nodes are plain cell ids.

use super::{now_ns, table, Options};
use crate::out::{progress, Out};
use astar_bench_runner::{self as runner, Batch};
use astar_core::cost::{Cost, COST_SCALE, DIAGONAL_STEP};
use astar_core::formats::movingai::{self, Problem};
use astar_core::movement::DIRECTIONS;
use astar_core::{Grid, Search};
use serde::Serialize;
use std::path::Path;

/// One map's row.
#[derive(Clone, Debug, Serialize)]
pub struct MapRow {
    /// File name without `.map`.
    pub map: String,
    /// Problems solved.
    pub problems: usize,
    /// Our total search time, ms (sum of the per-search times of the fastest repetition).
    pub total_ms: f64,
    /// Our median search time, µs.
    pub median_us: f64,
    /// Expansions summed over the problems.
    pub expanded: u64,
    /// ns per expansion (total time / expansions).
    pub ns_per_expansion: f64,
    /// Fingerprint of all searches' counters and costs (compare native with wasm).
    pub checksum: String,
    /// Problems whose cost missed the optimal length.
    pub wrong: usize,
    /// The `pathfinding` crate's total time on the same problems, ms.
    pub peer_total_ms: Option<f64>,
    /// Problems where the peer's cost differs from ours.
    pub peer_wrong: usize,
}

/// The whole section.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// `--limit` (problems per map), if any.
    pub limit: Option<usize>,
    /// One row per map.
    pub maps: Vec<MapRow>,
    /// All problems whose cost missed the optimal length (ours).
    pub wrong: usize,
    /// Sums over all maps.
    pub total_ms: f64,
    /// Sum of expansions.
    pub expanded: u64,
    /// Peer total, ms, when run.
    pub peer_total_ms: Option<f64>,
}

/// The map names (file names without `.map`) of the data folder, filtered by `--maps`, sorted; an error
/// when none is left.
pub fn map_names(options: &Options) -> Result<Vec<String>, String> {
    crate::mapfile::check_folder(&options.data)?;
    let mut names: Vec<String> = std::fs::read_dir(&options.data)
        .map_err(|e| format!("cannot read {}: {e}", options.data.display()))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".map").map(str::to_string))
        .filter(|n| options.maps.as_ref().is_none_or(|m| m.contains(n)))
        .collect();
    names.sort();
    if names.is_empty() {
        return Err(match &options.maps {
            Some(maps) => format!(
                "bench: none of the maps {} is in {}",
                maps.join(", "),
                options.data.display()
            ),
            None => format!("bench: no .map files in {}", options.data.display()),
        });
    }
    Ok(names)
}

/// Runs the section.
pub fn run(options: &Options) -> Result<Report, String> {
    let names = map_names(options)?;
    let mut search = Search::new();
    let mut rows = vec![];
    for name in names {
        let (grid, problems) = load(&options.data, &name, options.limit)?;
        if !options.json {
            progress(&format!(
                "\r  movingai: {name} ({} problems)...          ",
                problems.len()
            ));
        }
        let mut best: Option<Batch> = None;
        for _ in 0..options.repeat {
            let batch = runner::run_movingai(&mut search, &grid, &problems, &now_ns)?;
            if best.as_ref().is_none_or(|b| sum(&batch) < sum(b)) {
                best = Some(batch);
            }
        }
        let ours = best.expect("repeat > 0");
        let (peer_total_ms, peer_wrong) = if options.peers {
            let (ns, wrong) = peer(&grid, &problems, &ours.costs, options.repeat);
            (Some(ns / 1e6), wrong)
        } else {
            (None, 0)
        };
        rows.push(MapRow {
            map: name,
            problems: problems.len(),
            total_ms: sum(&ours) / 1e6,
            median_us: runner::median(&ours.times_ns) / 1e3,
            expanded: ours.expanded,
            ns_per_expansion: sum(&ours) / ours.expanded.max(1) as f64,
            checksum: format!("{:016x}", ours.checksum),
            wrong: ours.wrong,
            peer_total_ms,
            peer_wrong,
        });
    }
    if !options.json {
        progress(&format!("\r{:60}\r", ""));
    }
    let peer_total_ms = options
        .peers
        .then(|| rows.iter().filter_map(|r| r.peer_total_ms).sum());
    Ok(Report {
        limit: options.limit,
        wrong: rows.iter().map(|r| r.wrong + r.peer_wrong).sum(),
        total_ms: rows.iter().map(|r| r.total_ms).sum(),
        expanded: rows.iter().map(|r| r.expanded).sum(),
        peer_total_ms,
        maps: rows,
    })
}

/// Sum of the per-search times: excludes the loop's own bookkeeping, as the peer's timing does.
fn sum(batch: &Batch) -> f64 {
    batch.times_ns.iter().sum()
}

/// Reads `name.map` and its `.map.scen`, keeping `limit` problems spread over the list.
pub fn load(dir: &Path, name: &str, limit: Option<usize>) -> Result<(Grid, Vec<Problem>), String> {
    let read = |file: String| crate::mapfile::read_text(&dir.join(file).to_string_lossy());
    let grid = movingai::parse_map(&read(format!("{name}.map"))?)
        .map_err(|e| format!("{name}.map: {e}"))?;
    let problems = movingai::parse_scen(&read(format!("{name}.map.scen"))?)
        .map_err(|e| format!("{name}.map.scen: {e}"))?;
    Ok((grid, runner::sample(&problems, limit)))
}

/// The `pathfinding` crate's A* on the same problems: best total time over `repeat` runs (ns), and how
/// many costs differ from `expected`.
fn peer(grid: &Grid, problems: &[Problem], expected: &[Cost], repeat: usize) -> (f64, usize) {
    let (width, height) = (grid.width() as i32, grid.height() as i32);
    let passable: Vec<bool> = (0..grid.len() as u32)
        .map(|c| grid.is_passable(c))
        .collect();
    let open = |x: i32, y: i32| {
        x >= 0 && y >= 0 && x < width && y < height && passable[(y * width + x) as usize]
    };
    let successors = |&cell: &u32| {
        let (x, y) = ((cell as i32) % width, (cell as i32) / width);
        let mut out = [(0u32, 0 as Cost); 8];
        let mut n = 0;
        for (dir, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            let (nx, ny) = (x + dx, y + dy);
            // No corner cutting: a diagonal needs both orthogonal cells beside it free.
            if open(nx, ny) && (dir < 4 || (open(nx, y) && open(x, ny))) {
                out[n] = (
                    (ny * width + nx) as u32,
                    if dir < 4 { COST_SCALE } else { DIAGONAL_STEP },
                );
                n += 1;
            }
        }
        out.into_iter().take(n)
    };
    let mut best = f64::INFINITY;
    let mut wrong = 0;
    for _ in 0..repeat {
        let mut total = 0.0;
        wrong = 0;
        for (p, &want) in problems.iter().zip(expected) {
            let start = grid.cell(p.start_x, p.start_y);
            let goal = grid.cell(p.goal_x, p.goal_y);
            let (gx, gy) = (p.goal_x as i32, p.goal_y as i32);
            let t0 = now_ns();
            let found = pathfinding::prelude::astar(
                &start,
                successors,
                |&c: &u32| {
                    let (dx, dy) = (
                        ((c as i32 % width) - gx).unsigned_abs() as Cost,
                        ((c as i32 / width) - gy).unsigned_abs() as Cost,
                    );
                    let (lo, hi) = (dx.min(dy), dx.max(dy));
                    (hi - lo) * COST_SCALE + lo * DIAGONAL_STEP
                },
                |&c: &u32| c == goal,
            );
            total += now_ns() - t0;
            if found.map_or(0, |(_, cost)| cost) != want {
                wrong += 1;
            }
        }
        best = best.min(total);
    }
    (best, wrong)
}

impl Report {
    /// Prints the human-readable table.
    pub fn print(&self, out: &mut Out) {
        let mut rows: Vec<Vec<String>> = self
            .maps
            .iter()
            .map(|r| {
                let mut row = vec![
                    r.map.clone(),
                    r.problems.to_string(),
                    table::num(r.total_ms, 1),
                    table::num(r.median_us, 1),
                    r.expanded.to_string(),
                    table::num(r.ns_per_expansion, 1),
                    if r.wrong == 0 {
                        "ok".into()
                    } else {
                        format!("{} WRONG", r.wrong)
                    },
                ];
                if let Some(peer) = r.peer_total_ms {
                    row.push(table::num(peer, 1));
                    row.push(format!("{:.1}x", peer / r.total_ms));
                    row.push(if r.peer_wrong == 0 {
                        "ok".into()
                    } else {
                        format!("{} DIFFER", r.peer_wrong)
                    });
                }
                row
            })
            .collect();
        let problems: usize = self.maps.iter().map(|r| r.problems).sum();
        let mut all = vec![
            "all maps".to_string(),
            problems.to_string(),
            table::num(self.total_ms, 1),
            String::new(),
            self.expanded.to_string(),
            table::num(self.total_ms * 1e6 / self.expanded.max(1) as f64, 1),
            String::new(),
        ];
        if let Some(peer) = self.peer_total_ms {
            all.push(table::num(peer, 1));
            all.push(format!("{:.1}x", peer / self.total_ms));
            all.push(String::new());
        }
        rows.push(all);
        let mut header = vec![
            "map",
            "problems",
            "total ms",
            "median µs",
            "expanded",
            "ns/exp",
            "optimal",
        ];
        if self.peer_total_ms.is_some() {
            header.extend(["pathfinding crate ms", "ratio", "same cost"]);
        }
        let limit = self
            .limit
            .map_or("all problems".into(), |n| format!("--limit {n} per map"));
        table::print(
            out,
            &format!("Moving AI sets: A*, octile, 8-neighbour, no corner cutting, uniform costs ({limit}; best of repeats)"),
            &header,
            &rows,
        );
    }
}
