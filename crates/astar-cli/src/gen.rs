//! `astar gen random|maze|rooms`: writes a seeded map in the project's format (or a Moving AI `.map`
//! when the output name ends in `.map`). The own format also records a start and a goal: the first and
//! last cell (row by row) of the largest connected region, so `astar solve --map FILE` works at once.

use crate::args::{fraction, whole, with_default, DEFAULT_SEED};
use crate::mapfile;
use crate::out::Out;
use astar_core::formats::text::TextMap;
use astar_core::generate::{maze, random_terrain, rooms, sprinkle, TerrainShares};
use astar_core::grid::MAX_SIDE;
use astar_core::regions::Regions;
use astar_core::{Grid, Movement};

/// The kinds of map `gen` makes.
const KINDS: [&str; 3] = ["random", "maze", "rooms"];

/// A maze's corridor width without `--corridor`.
const DEFAULT_CORRIDOR: u32 = 1;

/// The room size without `--room`, and the sizes allowed.
const DEFAULT_ROOM: u32 = 8;
const ROOM_SIZES: (u32, u32) = (2, 64);

/// The help of a terrain share that `random` takes from the article's map and the others leave at 0.
fn share_help(what: &str, article_share: f64) -> String {
    with_default(
        &format!("Share of {what}"),
        format!("{article_share} for random, 0 otherwise"),
    )
}

/// `astar gen`'s command line.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The same seed gives the same map on every platform. The own format also \
records a start and a goal: the first and last cell, row by row, of the largest connected region."
)]
pub struct GenArgs {
    /// random (independent cells), maze (a perfect maze) or rooms (recursive division)
    #[arg(value_name = "KIND", value_parser = kind)]
    kind: String,
    #[arg(long, value_name = "W", help = format!("Map width in cells, 1 to {MAX_SIDE}"),
          value_parser = whole::<u32>("a whole number from 1 to 2048", MAX_SIDE.into()))]
    width: u32,
    #[arg(long, value_name = "H", help = format!("Map height in cells, 1 to {MAX_SIDE}"),
          value_parser = whole::<u32>("a whole number from 1 to 2048", MAX_SIDE.into()))]
    height: u32,
    /// The seed
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED, value_parser = whole::<u64>("a whole number", u64::MAX))]
    seed: u64,
    #[arg(long, value_name = "F", value_parser = fraction,
          help = with_default("Share of walls, random only", TerrainShares::ARTICLE.wall))]
    wall: Option<f64>,
    #[arg(long, value_name = "F", value_parser = fraction,
          help = share_help("forest", TerrainShares::ARTICLE.forest))]
    forest: Option<f64>,
    #[arg(long, value_name = "F", value_parser = fraction,
          help = share_help("swamp", TerrainShares::ARTICLE.swamp))]
    swamp: Option<f64>,
    #[arg(long, value_name = "N", value_parser = whole::<u32>("a whole number of cells", u32::MAX.into()),
          help = with_default("Corridor width, maze only, 1 up to the map's smaller side", DEFAULT_CORRIDOR))]
    corridor: Option<u32>,
    #[arg(long, value_name = "N", value_parser = whole::<u32>("a whole number of cells", u32::MAX.into()),
          help = with_default(&format!("Room size, rooms only, {} to {}", ROOM_SIZES.0, ROOM_SIZES.1), DEFAULT_ROOM))]
    room: Option<u32>,
    /// Where to write: a .map name writes Moving AI (walls only), any other this project's format,
    /// - standard output
    #[arg(short = 'o', long, value_name = "FILE", default_value = "-")]
    output: String,
}

/// A kind of map named on the command line.
fn kind(text: &str) -> Result<String, String> {
    if KINDS.contains(&text) {
        Ok(text.to_string())
    } else {
        Err(format!(
            "unknown map kind {text:?}: use random, maze or rooms"
        ))
    }
}

/// Runs `astar gen`; returns the exit status.
pub fn run(args: &GenArgs, out: &mut Out) -> Result<i32, String> {
    let kind = args.kind.as_str();
    let (width, height, seed) = (args.width, args.height, args.seed);
    let output = args.output.as_str();
    let (forest, swamp) = (args.forest, args.swamp);
    let only = |flag: &str, given: bool, kinds: &str| -> Result<(), String> {
        if given {
            Err(format!("{flag} applies only to `gen {kinds}`"))
        } else {
            Ok(())
        }
    };
    let grid = match kind {
        "random" => {
            only("--corridor", args.corridor.is_some(), "maze")?;
            only("--room", args.room.is_some(), "rooms")?;
            let shares = TerrainShares {
                wall: args.wall.unwrap_or(TerrainShares::ARTICLE.wall),
                forest: forest.unwrap_or(TerrainShares::ARTICLE.forest),
                swamp: swamp.unwrap_or(TerrainShares::ARTICLE.swamp),
            };
            if shares.wall + shares.forest + shares.swamp > 1.0 {
                return Err("--wall, --forest and --swamp add up to more than 1".into());
            }
            random_terrain(width, height, shares, seed).map_err(|e| e.to_string())?
        }
        "maze" | "rooms" => {
            only("--wall", args.wall.is_some(), "random")?;
            let mut grid = if kind == "maze" {
                only("--room", args.room.is_some(), "rooms")?;
                // Refused rather than clamped as the generator would: the map must be what was asked.
                let corridor = in_range(
                    args.corridor,
                    "--corridor",
                    1,
                    width.min(height),
                    "the map's smaller side",
                )?;
                maze(width, height, corridor.unwrap_or(DEFAULT_CORRIDOR), seed)
            } else {
                only("--corridor", args.corridor.is_some(), "maze")?;
                let (smallest, largest) = ROOM_SIZES;
                let room = in_range(args.room, "--room", smallest, largest, "the largest room")?;
                rooms(width, height, room.unwrap_or(DEFAULT_ROOM), seed)
            }
            .map_err(|e| e.to_string())?;
            let (forest, swamp) = (forest.unwrap_or(0.0), swamp.unwrap_or(0.0));
            if forest + swamp > 1.0 {
                return Err("--forest and --swamp add up to more than 1".into());
            }
            sprinkle(&mut grid, forest, swamp, seed);
            grid
        }
        other => unreachable!("the parser accepts only {KINDS:?}, not {other:?}"),
    };
    let mut map = TextMap::new(grid);
    (map.start, map.goal) = ends_in_largest_region(&map.grid);
    mapfile::save(output, &mapfile::render(output, &map), out)?;
    if mapfile::is_movingai_name(output) && mapfile::movingai_loses_terrain(&map.grid) {
        out.note(mapfile::LOSES_TERRAIN);
    }
    Ok(0)
}

/// `value` of `flag` if it is from `min` to `max` (`max_is` says what `max` is).
fn in_range(
    value: Option<u32>,
    flag: &str,
    min: u32,
    max: u32,
    max_is: &str,
) -> Result<Option<u32>, String> {
    match value {
        Some(v) if v < min || v > max => Err(format!(
            "{flag} {v} is not allowed: use {min} to {max} ({max_is})"
        )),
        v => Ok(v),
    }
}

type Ends = (Option<(u32, u32)>, Option<(u32, u32)>);

/// The first and last cell (row by row) of the largest region (ties: the first found).
fn ends_in_largest_region(grid: &Grid) -> Ends {
    let regions = Regions::compute(grid, Movement::default());
    let mut size = vec![0u32; regions.count() as usize];
    for cell in 0..grid.len() as u32 {
        if let Some(s) = size.get_mut(regions.region(cell) as usize) {
            *s += 1;
        }
    }
    let Some(best) = (0..size.len()).max_by_key(|&r| (size[r], std::cmp::Reverse(r))) else {
        return (None, None);
    };
    let mut cells = (0..grid.len() as u32).filter(|&c| regions.region(c) == best as u32);
    let first = cells.next().map(|c| grid.xy(c));
    let last = cells.next_back().map(|c| grid.xy(c)).or(first);
    (first, last)
}
