//! `astar replan`: N seeded random edits of a map (walls and terrain, half of them aimed at the current
//! path; see `astar_core::replan`), applied one by one; after each, D* Lite repairs its search and a
//! fresh A* on the edited map must find the same cost (or also no path).
//!
//! Output: one line per mismatch, then a summary; with `--json` the last line is exactly
//! `{"edits":N,"mismatches":M,"repair_expanded":R,"fresh_expanded":F}` (expansions summed over the
//! edits; the initial search is checked too, and counts as a mismatch if it disagrees, but its
//! expansions are not in the sums). Exit status 0 when all agree, 1 on any mismatch, 2 on bad input.
//! An edit never paints a wall on the start or the goal (like the page's brush); one that walls them in
//! makes the problem unreachable, and both searches must then say so.

use crate::args::{
    cell, corners_help, movement_help, named, number, positive, DEFAULT_NEIGHBOURS, DEFAULT_SEED,
};
use crate::mapfile;
use crate::out::Out;
use crate::solve::end_cell;
use astar_core::names::Named;
use astar_core::replan::{Edit, EditCheck, Replan};
use astar_core::{CornerRule, Movement, Neighbours, TerrainCosts};

/// `astar replan`'s command line.
#[derive(Debug, clap::Args)]
#[command(after_help = closing_help())]
pub struct ReplanArgs {
    /// The map: a Moving AI .map or a map in this project's format
    #[arg(long, value_name = "FILE")]
    map: String,
    /// The start cell [default: the start the map file names]
    #[arg(long, value_name = "X,Y", value_parser = cell)]
    from: Option<(i64, i64)>,
    /// The goal cell [default: the goal the map file names]
    #[arg(long, value_name = "X,Y", value_parser = cell)]
    to: Option<(i64, i64)>,
    /// How many random edits to apply, one after another
    #[arg(long, value_name = "N", value_parser = positive)]
    random_edits: usize,
    /// The seed of the edits
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED, value_parser = number::<u64>("a whole number"))]
    seed: u64,
    #[arg(long, value_name = "N", value_parser = named::<Neighbours>(), help = movement_help())]
    movement: Option<Neighbours>,
    #[arg(long, value_name = "RULE", value_parser = named::<CornerRule>(), help = corners_help())]
    corners: Option<CornerRule>,
    /// End with one line of JSON: {"edits","mismatches","repair_expanded","fresh_expanded"}
    #[arg(long)]
    json: bool,
}

/// The help's closing lines. The cost tables are the ones the map files load with: a Moving AI map's
/// is uniform (its letters know no forest or swamp), so there a forest or swamp edit only clears walls.
fn closing_help() -> String {
    let table = |c: TerrainCosts| c.words();
    format!(
        "Cells are X,Y: column, row from the top-left 0,0. The map keeps the cost table it loads with: \
a map in this project's format its `costs` line ({} when it has none), so terrain edits change costs; \
a Moving AI .map uniform costs ({}), so a road, forest or swamp edit there only clears walls, as plain ground \
does. Exit status 0 when every repair agrees with A*, 1 on any mismatch, 2 on bad input.",
        table(TerrainCosts::default()),
        table(TerrainCosts::UNIFORM)
    )
}

/// The `--json` line, in this field order.
#[derive(serde::Serialize)]
struct Summary {
    edits: usize,
    mismatches: usize,
    repair_expanded: u64,
    fresh_expanded: u64,
}

/// Runs `astar replan`; returns the exit status.
pub fn run(args: &ReplanArgs, out: &mut Out) -> Result<i32, String> {
    let neighbours = args.movement.unwrap_or(DEFAULT_NEIGHBOURS);
    if neighbours == Neighbours::Four && args.corners.is_some() {
        return Err(format!(
            "--corners applies only to --movement {}",
            Neighbours::Eight.name()
        ));
    }
    let movement = Movement::new(neighbours, args.corners.unwrap_or_default());
    let loaded = mapfile::load(&args.map)?;
    let grid = loaded.map.grid;
    let start = end_cell(args.from, "--from", "start", loaded.map.start, &grid)?;
    let goal = end_cell(args.to, "--to", "goal", loaded.map.goal, &grid)?;
    let seed = args.seed;

    let (mut replan, initial) =
        Replan::new(grid, movement, start, goal, seed).map_err(|e| e.to_string())?;
    let mut mismatches = 0;
    if let Some(why) = &initial.mismatch {
        mismatches += 1;
        out.line(&format!("mismatch: the initial search: {why}"));
    }
    let (mut repair_expanded, mut fresh_expanded) = (0u64, 0u64);
    for index in 1..=args.random_edits {
        let check = replan.next_edit().map_err(|e| e.to_string())?;
        repair_expanded += check.repair_expanded;
        fresh_expanded += check.fresh_expanded;
        if let Some(why) = &check.mismatch {
            mismatches += 1;
            out.line(&format!(
                "mismatch: edit {index} ({}): {why}",
                describe(&check)
            ));
        }
    }
    let edits = args.random_edits;
    if args.json {
        let summary = Summary {
            edits,
            mismatches,
            repair_expanded,
            fresh_expanded,
        };
        out.line(&serde_json::to_string(&summary).map_err(|e| e.to_string())?);
    } else {
        let ratio = match repair_expanded {
            0 => String::new(),
            r => format!(" ({:.1}x)", fresh_expanded as f64 / r as f64),
        };
        out.line(&format!(
            "{}: {edits} edits, {mismatches} mismatches; D* Lite repairs expanded {repair_expanded}, \
             fresh A* searches {fresh_expanded}{ratio}",
            args.map
        ));
    }
    Ok(if mismatches == 0 { 0 } else { 1 })
}

/// "wall, radius 1 at (12, 40), on the path, 5 cells changed".
fn describe(check: &EditCheck) -> String {
    let Some(Edit {
        x,
        y,
        radius,
        terrain,
        on_path,
    }) = check.edit
    else {
        return "the initial search".into();
    };
    let name = terrain.name();
    let place = if on_path { ", on the path" } else { "" };
    format!(
        "{name}, radius {radius} at ({x}, {y}){place}, {} cells changed",
        check.changed
    )
}
