//! Times jump point search against A* (w = 1, octile, 8-neighbour, no corner cutting) on every problem of
//! Moving AI maps, and checks that both find the optimal lengths of the scenario files.
//!
//! ```text
//! cargo run --release -p astar-core --example jps_vs_astar -- path/to/arena2.map [more.map ...]
//! ```
//! Each `.map` needs its `.map.scen` beside it. Each search runs `ROUNDS` times and the fastest round
//! counts, so a busy machine disturbs the numbers less.

use astar_core::formats::movingai::{parse_map, parse_scen};
use astar_core::search::{Jps, Stepper};
use astar_core::{Algorithm, Movement, Outcome, Search, SearchParams};
use std::time::{Duration, Instant};

const ROUNDS: usize = 3;

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: jps_vs_astar MAP.map [MAP.map ...] (each with its .map.scen beside it)");
        std::process::exit(2);
    }
    println!(
        "{:<20} {:>6} {:>10} {:>10} {:>12} {:>12} {:>9} {:>8}",
        "map", "probs", "A* ms", "JPS ms", "A* expanded", "JPS expanded", "speed-up", "wrong"
    );
    let (mut total_astar, mut total_jps) = (Duration::ZERO, Duration::ZERO);
    for path in &paths {
        let read = |p: &str| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{p}: {e}"));
        let grid = parse_map(&read(path)).unwrap();
        let problems = parse_scen(&read(&format!("{path}.scen"))).unwrap();
        let astar_params = SearchParams {
            movement: Movement::default(),
            ..SearchParams::default()
        };
        let jps_params = SearchParams {
            algorithm: Algorithm::Jps,
            ..astar_params
        };
        let (mut astar, mut jps) = (Search::new(), Jps::new());
        let (mut astar_time, mut jps_time) = (Duration::ZERO, Duration::ZERO);
        let (mut astar_expanded, mut jps_expanded, mut wrong) = (0u64, 0u64, 0usize);
        for p in &problems {
            let start = grid.cell(p.start_x, p.start_y);
            let goal = grid.cell(p.goal_x, p.goal_y);
            let best = |f: &mut dyn FnMut()| {
                (0..ROUNDS)
                    .map(|_| {
                        let t = Instant::now();
                        f();
                        t.elapsed()
                    })
                    .min()
                    .unwrap()
            };
            let mut a = None;
            astar_time += best(&mut || a = Some(astar.solve(&grid, &astar_params, start, goal)));
            let mut j = None;
            jps_time +=
                best(&mut || j = Some(Stepper::solve(&mut jps, &grid, &jps_params, start, goal)));
            let (a, j) = (a.unwrap().unwrap(), j.unwrap().unwrap());
            astar_expanded += a.counters.expanded;
            jps_expanded += j.counters.expanded;
            let ok = |r: &astar_core::SearchResult| {
                r.outcome == Outcome::Found && p.matches(r.cost_f64())
            };
            if !ok(&a) || !ok(&j) || a.cost != j.cost {
                wrong += 1;
            }
        }
        let name = std::path::Path::new(path)
            .file_name()
            .unwrap()
            .to_string_lossy();
        println!(
            "{:<20} {:>6} {:>10.1} {:>10.1} {:>12} {:>12} {:>8.1}x {:>8}",
            name,
            problems.len(),
            astar_time.as_secs_f64() * 1e3,
            jps_time.as_secs_f64() * 1e3,
            astar_expanded,
            jps_expanded,
            astar_time.as_secs_f64() / jps_time.as_secs_f64(),
            wrong
        );
        total_astar += astar_time;
        total_jps += jps_time;
    }
    println!(
        "all maps: A* {:.1} ms, JPS {:.1} ms, {:.1}x",
        total_astar.as_secs_f64() * 1e3,
        total_jps.as_secs_f64() * 1e3,
        total_astar.as_secs_f64() / total_jps.as_secs_f64()
    );
}
