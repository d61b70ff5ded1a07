//! Theta* beside A* + smoothing on one Moving AI map: path lengths against the scenario's optimal grid
//! length, and search times. A measurement, not a test.
//!
//! ```text
//! cargo run -p astar-core --release --example theta_movingai -- MAP [SCEN] [--sample N]
//! ```
//! `SCEN` defaults to `MAP.scen`; `--sample` (default 300) problems are taken evenly from the file.
//! Both searches use 8-neighbour moves without corner cutting, the benchmark's rule. Prints one JSON line.

use astar_core::formats::movingai::{parse_map, parse_scen};
use astar_core::search::{Stepper, ThetaStar};
use astar_core::smooth::{polyline_length, smooth_path};
use astar_core::{Algorithm, Outcome, Search, SearchParams};
use std::time::Instant;

fn main() {
    if let Err(e) = run() {
        eprintln!("theta_movingai: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let (mut files, mut sample) = (Vec::new(), 300usize);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--sample" => {
                let n = args.next().ok_or("--sample needs a number")?;
                sample = n.parse().map_err(|_| format!("bad --sample {n:?}"))?;
            }
            _ => files.push(arg),
        }
    }
    let map_path = files
        .first()
        .ok_or("usage: theta_movingai MAP [SCEN] [--sample N]")?;
    let scen_path = files
        .get(1)
        .cloned()
        .unwrap_or_else(|| format!("{map_path}.scen"));
    let read = |p: &str| std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"));
    let grid = parse_map(&read(map_path)?).map_err(|e| format!("{map_path}: {e}"))?;
    let problems = parse_scen(&read(&scen_path)?).map_err(|e| format!("{scen_path}: {e}"))?;
    let chosen: Vec<usize> = if problems.len() <= sample {
        (0..problems.len()).collect()
    } else {
        (0..sample).map(|i| i * problems.len() / sample).collect()
    };

    let astar_params = SearchParams::default(); // A*, w = 1, octile, 8-neighbour, no corner cutting
    let theta_params = SearchParams {
        algorithm: Algorithm::ThetaStar,
        ..SearchParams::default()
    };
    let (mut astar, mut theta) = (Search::new(), ThetaStar::new());
    let (mut astar_ns, mut smooth_ns, mut theta_ns) = (0u128, 0u128, 0u128);
    let (mut astar_expanded, mut theta_expanded, mut los_checks) = (0u64, 0u64, 0.0);
    let (mut theta_ratio, mut smooth_ratio, mut measured) = (0.0, 0.0, 0usize);
    let (mut theta_worst, mut theta_wins, mut invalid) = (0.0f64, 0usize, 0usize);
    let mut astar_mismatches = 0usize;
    for &i in &chosen {
        let p = &problems[i];
        let (start, goal) = (
            grid.cell(p.start_x, p.start_y),
            grid.cell(p.goal_x, p.goal_y),
        );

        let started = Instant::now();
        let a = astar
            .solve(&grid, &astar_params, start, goal)
            .map_err(|e| e.to_string())?;
        astar_ns += started.elapsed().as_nanos();
        let started = Instant::now();
        let smoothed = smooth_path(&grid, &a.path);
        smooth_ns += started.elapsed().as_nanos();

        let started = Instant::now();
        let t = theta
            .solve(&grid, &theta_params, start, goal)
            .map_err(|e| e.to_string())?;
        theta_ns += started.elapsed().as_nanos();
        astar_expanded += a.counters.expanded;
        theta_expanded += t.counters.expanded;
        los_checks += theta
            .details()
            .iter()
            .find(|d| d.key == "los-checks")
            .map_or(0.0, |d| d.value);

        // The optimal grid length: A*'s exact fixed-point cost (the scenario file prints it rounded;
        // `astar check` and the oracle test hold A* to it).
        astar_mismatches += !p.matches(a.cost_f64()) as usize;
        let optimal = a.cost_f64();
        let theta_length = polyline_length(&grid, &t.path);
        if t.outcome != Outcome::Found || theta_length > optimal * (1.0 + 1e-6) {
            invalid += 1;
            continue;
        }
        if optimal > 0.0 {
            let ratio = theta_length / optimal;
            let smooth = polyline_length(&grid, &smoothed) / optimal;
            theta_ratio += ratio;
            smooth_ratio += smooth;
            theta_worst = theta_worst.max(ratio);
            theta_wins += (ratio < smooth - 1e-9) as usize;
            measured += 1;
        }
    }
    let ms = |ns: u128| ns as f64 / 1e6;
    let mean = |sum: f64| sum / measured.max(1) as f64;
    println!(
        "{{\"map\":{map_path:?},\"problems\":{},\"invalid\":{invalid},\"astar_mismatches\":{astar_mismatches},\
         \"theta_mean_ratio\":{:.5},\"theta_worst_ratio\":{:.5},\"smoothed_mean_ratio\":{:.5},\
         \"theta_shorter_than_smoothed\":{theta_wins},\
         \"theta_ms\":{:.2},\"astar_ms\":{:.2},\"astar_smooth_ms\":{:.2},\
         \"theta_expanded\":{theta_expanded},\"astar_expanded\":{astar_expanded},\
         \"los_checks\":{los_checks}}}",
        chosen.len(),
        mean(theta_ratio),
        theta_worst,
        mean(smooth_ratio),
        ms(theta_ns),
        ms(astar_ns),
        ms(astar_ns + smooth_ns),
    );
    Ok(())
}
