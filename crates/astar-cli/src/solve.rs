//! `astar solve`: one search on a map file, printed as text (with a picture of small maps) or as one
//! line of JSON. Exit status 0 when a path to the goal is found, 1 when the goal is unreachable or the
//! expansion limit stopped the search (the path is then partial), 2 on bad input.

use crate::args::{parse_xy, Args};
use crate::mapfile;
use astar_core::names::Named;
use astar_core::smooth::{polyline_length, smooth_path};
use astar_core::{
    Algorithm, CornerRule, Grid, Heuristic, Movement, Outcome, Search, SearchParams, TieBreak,
    Weight,
};

/// The `--json` line, in this field order.
#[derive(serde::Serialize)]
struct Report {
    outcome: &'static str,
    /// Path cost in steps (an orthogonal step on plain ground = 1); null when no path.
    cost: Option<f64>,
    expanded: u64,
    generated: u64,
    reopened: u64,
    stale_pops: u64,
    open_peak: u64,
    path_cells: usize,
    /// Geometric length of the grid path (cell centre to cell centre).
    length: f64,
    path: Vec<[u32; 2]>,
    smoothed: Vec<[u32; 2]>,
    smoothed_length: f64,
    admissible: bool,
}

/// Maps drawn in the text output when at most this wide and tall.
const PICTURE_MAX: (u32, u32) = (120, 60);

fn named<T: Named>(args: &Args, flag: &str, default: T) -> Result<T, String> {
    args.value(flag).map_or(Ok(default), |v| {
        T::from_name(v).map_err(|e| format!("{flag}: {e}"))
    })
}

/// The search settings given by the flags.
fn params(args: &Args) -> Result<SearchParams, String> {
    let defaults = SearchParams::default();
    let movement = match args.value("--movement") {
        None | Some("8") => Movement::Eight(named(args, "--corners", CornerRule::NoCut)?),
        Some("4") => {
            if args.value("--corners").is_some() {
                return Err("--corners applies only to --movement 8".into());
            }
            Movement::Four
        }
        Some(other) => return Err(format!("--movement {other:?} is not allowed: use 4 or 8")),
    };
    let w = args.parsed::<f64>("--w", "a number from 0 to 10")?;
    let weight = match w {
        Some(w) => Weight::new(w).map_err(|e| format!("--w: {e}"))?,
        None => defaults.weight,
    };
    Ok(SearchParams {
        algorithm: named(args, "--algorithm", Algorithm::AStar)?,
        heuristic: named(args, "--heuristic", Heuristic::best_admissible(movement))?,
        weight,
        movement,
        tie_break: named(args, "--tie-break", TieBreak::LowerH)?,
        expansion_limit: args.parsed::<u32>("--limit", "a whole number of expansions")?,
    })
}

/// The cell named by `--from`/`--to`, or the file's own start/goal.
fn end_cell(
    args: &Args,
    flag: &str,
    what: &str,
    from_file: Option<(u32, u32)>,
    grid: &Grid,
) -> Result<u32, String> {
    let (x, y) = match (args.value(flag), from_file) {
        (Some(text), _) => parse_xy(flag, text)?,
        (None, Some((x, y))) => (x as i64, y as i64),
        (None, None) => {
            return Err(format!(
                "{flag} X,Y is required (the map file names no {what})"
            ))
        }
    };
    passable_cell(grid, what, x, y)
}

/// The cell (`x`, `y`) of `grid` as the `what` of a search ("start" or "goal"), or why it cannot be
/// one: it is outside the map or on a wall. Also checks the ends of `astar check`'s problems.
pub(crate) fn passable_cell(grid: &Grid, what: &str, x: i64, y: i64) -> Result<u32, String> {
    let cell = grid.checked_cell(x, y).map_err(|_| {
        format!(
            "{what} ({x}, {y}) is outside the {} x {} map",
            grid.width(),
            grid.height()
        )
    })?;
    if !grid.is_passable(cell) {
        return Err(format!("{what} ({x}, {y}) is on a wall"));
    }
    Ok(cell)
}

/// Runs `astar solve`; returns the exit status.
pub fn run(args: &[String]) -> Result<i32, String> {
    let args = Args::parse(
        "solve",
        args,
        &[
            "--map",
            "--from",
            "--to",
            "--algorithm",
            "--heuristic",
            "--w",
            "--movement",
            "--corners",
            "--tie-break",
            "--limit",
        ],
        &["--json"],
    )?;
    if let Some(extra) = args.positional.first() {
        return Err(format!("solve: unexpected argument {extra:?}"));
    }
    let path = args.required("--map")?;
    let params = params(&args)?;
    let loaded = mapfile::load(path)?;
    let grid = &loaded.map.grid;
    let start = end_cell(&args, "--from", "start", loaded.map.start, grid)?;
    let goal = end_cell(&args, "--to", "goal", loaded.map.goal, grid)?;

    let mut search = Search::new();
    let r = search
        .solve(grid, &params, start, goal)
        .map_err(|e| e.to_string())?;
    let smoothed = smooth_path(grid, &r.path);
    let xy = |cells: &[u32]| -> Vec<[u32; 2]> {
        cells
            .iter()
            .map(|&c| {
                let (x, y) = grid.xy(c);
                [x, y]
            })
            .collect()
    };
    let admissible =
        params.algorithm != Algorithm::AStar || params.heuristic.is_admissible(params.movement);
    let report = Report {
        outcome: match r.outcome {
            Outcome::Found => "found",
            Outcome::Unreachable => "unreachable",
            Outcome::LimitReached => "limit",
        },
        cost: (r.outcome != Outcome::Unreachable).then(|| r.cost_f64()),
        expanded: r.counters.expanded,
        generated: r.counters.generated,
        reopened: r.counters.reopened,
        stale_pops: r.counters.stale_pops,
        open_peak: r.counters.open_peak,
        path_cells: r.path.len(),
        length: polyline_length(grid, &r.path),
        path: xy(&r.path),
        smoothed: xy(&smoothed),
        smoothed_length: polyline_length(grid, &smoothed),
        admissible,
    };
    let mut out = crate::Out::new();
    if args.switch("--json") {
        out.line(&serde_json::to_string(&report).map_err(|e| e.to_string())?);
    } else {
        print_text(&mut out, grid, &report, &r.path, start, goal);
    }
    if !admissible {
        eprintln!(
            "astar: note: the {} heuristic can overestimate with these moves, so the path may not be optimal",
            params.heuristic.name()
        );
    }
    Ok(if r.outcome == Outcome::Found { 0 } else { 1 })
}

fn print_text(out: &mut crate::Out, grid: &Grid, r: &Report, path: &[u32], start: u32, goal: u32) {
    let what = match r.outcome {
        "found" => "path found",
        "limit" => "expansion limit reached: partial path to the closest cell",
        _ => "no path: the goal is unreachable",
    };
    out.line(what);
    if let Some(cost) = r.cost {
        out.line(&format!(
            "cost {cost:.4}, {} cells, length {:.4}; smoothed {:.4} in {} segments",
            r.path_cells,
            r.length,
            r.smoothed_length,
            r.smoothed.len().saturating_sub(1)
        ));
    }
    out.line(&format!(
        "expanded {}, generated {}, reopened {}, stale pops {}, open peak {}",
        r.expanded, r.generated, r.reopened, r.stale_pops, r.open_peak
    ));
    if grid.width() <= PICTURE_MAX.0 && grid.height() <= PICTURE_MAX.1 {
        let mut rows: Vec<Vec<char>> = grid
            .to_ascii()
            .lines()
            .map(|l| l.chars().collect())
            .collect();
        for (&cell, mark) in path
            .iter()
            .map(|c| (c, '*'))
            .chain([(&start, 'S'), (&goal, 'G')])
        {
            let (x, y) = grid.xy(cell);
            rows[y as usize][x as usize] = mark;
        }
        for row in rows {
            out.line(&row.into_iter().collect::<String>());
        }
    }
}
