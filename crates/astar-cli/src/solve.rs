//! `astar solve`: one search on a map file, printed as text (with a picture of small maps) or as one
//! line of JSON. Exit status 0 when a path to the goal is found, 1 when the goal is unreachable or the
//! expansion limit stopped the search (the path is then partial), 2 on bad input.

use crate::args::{
    algorithm_help, cell, check_cluster_flag, cluster_help, corners_help, movement_help, named,
    number, whole, with_default, DEFAULT_ALGORITHM, DEFAULT_NEIGHBOURS,
};
use crate::mapfile;
use crate::out::Out;
use astar_core::formats::tenths_number;
use astar_core::names::Named;
use astar_core::penalty::{Watcher, MAX_DANGER_TENTHS, MAX_HUG_TENTHS, MAX_TURN_TENTHS};
use astar_core::search::{registry, Detail};
use astar_core::smooth::{polyline_length, smooth_path};
use astar_core::{
    tenths_text, Algorithm, CornerRule, Grid, Heuristic, Movement, Neighbours, Outcome,
    SearchParams, TieBreak, Weight,
};

/// `astar solve`'s command line.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Cells are X,Y: column, row from the top-left 0,0. Exit status 0 when a path \
to the goal is found, 1 when the goal is unreachable or --limit stopped the search, 2 on bad input."
)]
pub struct SolveArgs {
    /// The map: a Moving AI .map or a map in this project's format
    #[arg(long, value_name = "FILE")]
    map: String,
    /// The start cell [default: the start the map file names]
    #[arg(long, value_name = "X,Y", value_parser = cell)]
    from: Option<(i64, i64)>,
    /// The goal cell [default: the goal the map file names]
    #[arg(long, value_name = "X,Y", value_parser = cell)]
    to: Option<(i64, i64)>,
    #[arg(long, value_name = "NAME", value_parser = named::<Algorithm>(), help = algorithm_help("The search"))]
    algorithm: Option<Algorithm>,
    #[arg(long, value_name = "NAME", value_parser = named::<Heuristic>(), help = heuristic_help())]
    heuristic: Option<Heuristic>,
    #[arg(long, value_name = "W", value_parser = weight,
          help = with_default(&format!("The heuristic weight, 0 to {}", Weight::MAX), Weight::default().get()))]
    w: Option<Weight>,
    #[arg(long, value_name = "N", value_parser = named::<Neighbours>(), help = movement_help())]
    movement: Option<Neighbours>,
    #[arg(long, value_name = "RULE", value_parser = named::<CornerRule>(), help = corners_help())]
    corners: Option<CornerRule>,
    #[arg(long, value_name = "RULE", value_parser = named::<TieBreak>(),
          help = with_default("Which of two equal-priority cells is expanded first", DEFAULT_TIE_BREAK.name()))]
    tie_break: Option<TieBreak>,
    /// Stop after N expansions, with the path to the closest cell reached
    #[arg(long, value_name = "N", value_parser = whole::<u32>("a whole number of expansions", u32::MAX.into()))]
    limit: Option<u32>,
    #[arg(long, value_name = "K", value_parser = whole::<u32>("a whole number of cells", astar_core::MAX_SIDE.into()),
          help = cluster_help())]
    cluster: Option<u32>,
    /// Count every step of h at 1 whatever the terrain costs, instead of at the cheapest step on the map
    /// (the articles' way: looser when every terrain costs more than 1, an overestimate with a road)
    #[arg(long)]
    unscaled_h: bool,
    /// The wall-hugging penalty: what entering a cell beside a wall adds to its cost, 0 to 1 in steps of
    /// 0.1 [default: the map file's, else 0]
    #[arg(long, value_name = "P", value_parser = tenths(MAX_HUG_TENTHS))]
    hug_penalty: Option<u16>,
    /// What each watcher that sees a cell adds to entering it, 0 to 100 in steps of 0.1 [default: the map
    /// file's, else 0]
    #[arg(long, value_name = "D", value_parser = tenths(MAX_DANGER_TENTHS))]
    danger: Option<u16>,
    /// A watcher at X,Y seeing R cells far, added to the map file's (repeat for more; at most 32 in all)
    #[arg(long, value_name = "X,Y,R", value_parser = watcher)]
    watcher: Vec<Watcher>,
    /// The turn penalty: what each change of direction adds to a path's cost, 0 to 5 in steps of 0.1
    /// (Dijkstra, greedy and A* search cells and headings for it, BFS counts moves and prices its path's
    /// turns; the others refuse it) [default: the map file's, else 0]
    #[arg(long, value_name = "P", value_parser = tenths(MAX_TURN_TENTHS))]
    turn_penalty: Option<u16>,
    /// Seed 003's way: leave the watchers' danger out of the step costs and add it to h instead (A* and
    /// greedy); the cost printed is the path's with the danger, and `admissible` is false
    #[arg(long)]
    danger_in_h: bool,
    /// Print one line of JSON
    #[arg(long)]
    json: bool,
}

/// The tie-break without `--tie-break`.
const DEFAULT_TIE_BREAK: TieBreak = TieBreak::LowerH;

/// The help of `--heuristic`: the best admissible heuristic for the default moves and for 4-neighbour
/// moves, as [`params`] picks it.
fn heuristic_help() -> String {
    let eight = Movement::new(DEFAULT_NEIGHBOURS, CornerRule::default());
    with_default(
        "The heuristic",
        format!(
            "{}, or {} with --movement {}",
            Heuristic::best_admissible(eight).name(),
            Heuristic::best_admissible(Movement::Four).name(),
            Neighbours::Four.name()
        ),
    )
}

/// A parser of a number from 0 to `max` tenths with at most one decimal, as tenths.
fn tenths(max: u16) -> impl Fn(&str) -> Result<u16, String> + Clone {
    move |text: &str| {
        tenths_number(text, 0, max as u64)
            .map(|tenths| tenths as u16)
            .map_err(|_| {
                format!(
                    "{text:?} is not a number from 0 to {} in steps of 0.1",
                    tenths_text(max)
                )
            })
    }
}

/// A watcher written X,Y,R.
fn watcher(text: &str) -> Result<Watcher, String> {
    let bad = || {
        format!("{text:?} is not a watcher: write it as X,Y,R (column, row, radius), e.g. 3,4,5")
    };
    let parts: Vec<u32> = text
        .split(',')
        .map(|part| part.trim().parse::<u32>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let [x, y, radius] = parts[..] else {
        return Err(bad());
    };
    Ok(Watcher { x, y, radius })
}

/// The map's penalties with the flags' changes: `--hug-penalty`, `--danger` and `--turn-penalty` replace
/// the file's, `--watcher` adds to its watchers.
fn with_flag_penalties(args: &SolveArgs, grid: &mut Grid) -> Result<(), String> {
    let mut penalties = grid.penalties().clone();
    penalties.hug_tenths = args.hug_penalty.unwrap_or(penalties.hug_tenths);
    penalties.danger_tenths = args.danger.unwrap_or(penalties.danger_tenths);
    penalties.turn_tenths = args.turn_penalty.unwrap_or(penalties.turn_tenths);
    penalties.watchers.extend(&args.watcher);
    grid.set_penalties(penalties).map_err(|e| e.to_string())
}

/// The heuristic weight, as the core accepts it.
fn weight(text: &str) -> Result<Weight, String> {
    let w = number::<f64>("a number from 0 to 5")(text)?;
    Weight::new(w).map_err(|e| e.to_string())
}

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
    /// Length of the curve through the smoothed path (`astar_core::curve`).
    curve_length: f64,
    /// The curve's pieces left straight (piece i runs from smoothed corner i to i + 1).
    curve_straight: Vec<u32>,
    admissible: bool,
    /// What the algorithm counts beyond the common counters (`[{key, value}]`).
    details: Vec<Detail>,
}

/// Maps drawn in the text output when at most this wide and tall.
const PICTURE_MAX: (u32, u32) = (120, 60);

/// The search settings given by the flags.
fn params(args: &SolveArgs) -> Result<SearchParams, String> {
    let neighbours = args.movement.unwrap_or(DEFAULT_NEIGHBOURS);
    if neighbours == Neighbours::Four && args.corners.is_some() {
        return Err(format!(
            "--corners applies only to --movement {}",
            Neighbours::Eight.name()
        ));
    }
    let movement = Movement::new(neighbours, args.corners.unwrap_or_default());
    let algorithm = args.algorithm.unwrap_or(DEFAULT_ALGORITHM);
    check_cluster_flag(algorithm, args.cluster)?;
    Ok(SearchParams {
        algorithm,
        heuristic: args
            .heuristic
            .unwrap_or(Heuristic::best_admissible(movement)),
        weight: args.w.unwrap_or_default(),
        movement,
        tie_break: args.tie_break.unwrap_or(DEFAULT_TIE_BREAK),
        expansion_limit: args.limit,
        cluster_size: args.cluster,
        unscaled_h: args.unscaled_h,
        danger_in_h: args.danger_in_h,
    })
}

/// The cell given as `--from`/`--to` (`flag`), or the file's own start/goal (`solve` and `replan`).
pub fn end_cell(
    given: Option<(i64, i64)>,
    flag: &str,
    what: &str,
    from_file: Option<(u32, u32)>,
    grid: &Grid,
) -> Result<u32, String> {
    let (x, y) = match (given, from_file) {
        (Some(xy), _) => xy,
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
/// one: it is outside the map or on a wall.
fn passable_cell(grid: &Grid, what: &str, x: i64, y: i64) -> Result<u32, String> {
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
pub fn run(args: &SolveArgs, out: &mut Out) -> Result<i32, String> {
    let params = params(args)?;
    let mut loaded = mapfile::load(&args.map)?;
    with_flag_penalties(args, &mut loaded.map.grid)?;
    let grid = &loaded.map.grid;
    let start = end_cell(args.from, "--from", "start", loaded.map.start, grid)?;
    let goal = end_cell(args.to, "--to", "goal", loaded.map.goal, grid)?;

    let mut search = astar_core::search::make(params.algorithm);
    let r = search
        .solve(grid, &params, start, goal)
        .map_err(|e| e.to_string())?;
    let smoothed = smooth_path(grid, &r.path);
    let curve = astar_core::curve::curve(grid, &smoothed);
    let xy = |cells: &[u32]| -> Vec<[u32; 2]> {
        cells
            .iter()
            .map(|&c| {
                let (x, y) = grid.xy(c);
                [x, y]
            })
            .collect()
    };
    let info = registry::info(params.algorithm);
    let admissible = !info.uses_heuristic || params.heuristic.is_admissible(params.movement);
    // An unscaled h below a road's cost overestimates in every algorithm that orders by h.
    let overestimates = params.h_overestimates_costs(grid);
    let danger_in_h = params.danger_in_h_applies(grid);
    let admissible = admissible && !overestimates && !danger_in_h;
    // A grid path's length is computed from its moves, exactly (the fixed point reads each diagonal a
    // little long: 2 + √2 as 3.414215088), and with the watchers' danger even when the search counted it
    // in h rather than g; an any-angle path's is the search's.
    let cost = astar_core::search::validate::grid_path_length(grid, params.movement, &r.path)
        .unwrap_or_else(|_| r.cost_f64());
    let report = Report {
        outcome: match r.outcome {
            Outcome::Found => "found",
            Outcome::Unreachable => "unreachable",
            Outcome::LimitReached => "limit",
        },
        cost: (r.outcome != Outcome::Unreachable).then_some(cost),
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
        curve_length: curve.length,
        curve_straight: curve.straight,
        admissible,
        details: search.details(),
    };
    if args.json {
        out.line(&serde_json::to_string(&report).map_err(|e| e.to_string())?);
    } else {
        print_text(out, grid, &report, &r.path, start, goal);
    }
    if overestimates {
        out.note(
            "with --unscaled-h, h counts every step at 1 but this map has terrain cheaper than 1, so the \
             path may not be optimal",
        );
    } else if danger_in_h {
        out.note(
            "with --danger-in-h, h adds the watchers' danger (seed 003's way) and can overestimate, so the \
             path may not be optimal; its cost counts the danger",
        );
    } else if !admissible {
        out.note(format!(
            "the {} heuristic can overestimate with these moves, so the path may not be optimal",
            params.heuristic.name()
        ));
    }
    Ok(if r.outcome == Outcome::Found { 0 } else { 1 })
}

fn print_text(out: &mut Out, grid: &Grid, r: &Report, path: &[u32], start: u32, goal: u32) {
    let what = match r.outcome {
        "found" => "path found",
        "limit" => "expansion limit reached: partial path to the closest cell",
        _ => "no path: the goal is unreachable",
    };
    out.line(what);
    if let Some(cost) = r.cost {
        out.line(&format!(
            "cost {cost:.4}, {} cells, length {:.4}; smoothed {:.4} in {} segments; curve {:.4}, {} left straight",
            r.path_cells,
            r.length,
            r.smoothed_length,
            r.smoothed.len().saturating_sub(1),
            r.curve_length,
            r.curve_straight.len()
        ));
    }
    out.line(&format!(
        "expanded {}, generated {}, reopened {}, stale pops {}, open peak {}",
        r.expanded, r.generated, r.reopened, r.stale_pops, r.open_peak
    ));
    if !r.details.is_empty() {
        let details: Vec<String> = r
            .details
            .iter()
            .map(|d| format!("{} {}", d.key, d.value))
            .collect();
        out.line(&details.join(", "));
    }
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
