//! `astar gen random|maze|rooms`: writes a seeded map in the project's format (or a Moving AI `.map`
//! when the output name ends in `.map`). The own format also records a start and a goal: the first and
//! last cell (row by row) of the largest connected region, so `astar solve --map FILE` works at once.

use crate::args::Args;
use crate::mapfile;
use astar_core::formats::text::TextMap;
use astar_core::generate::{maze, random_terrain, rooms, sprinkle, TerrainShares};
use astar_core::regions::Regions;
use astar_core::{Grid, Movement};

/// Runs `astar gen`; returns the exit status.
pub fn run(args: &[String]) -> Result<i32, String> {
    let args = Args::parse(
        "gen",
        args,
        &[
            "--width",
            "--height",
            "--seed",
            "--wall",
            "--forest",
            "--swamp",
            "--corridor",
            "--room",
            "-o",
            "--output",
        ],
        &[],
    )?;
    let kind = match args.positional.as_slice() {
        [kind] => kind.as_str(),
        [] => return Err("gen: which map? use `astar gen random|maze|rooms ...`".into()),
        [_, extra, ..] => return Err(format!("gen: unexpected argument {extra:?}")),
    };
    let side = |flag: &str| -> Result<u32, String> {
        args.parsed::<u32>(flag, "a whole number from 1 to 2048")?
            .ok_or_else(|| format!("{flag} is required"))
    };
    let (width, height) = (side("--width")?, side("--height")?);
    let seed = args.parsed::<u64>("--seed", "a whole number")?.unwrap_or(1);
    let output = match (args.value("-o"), args.value("--output")) {
        (Some(_), Some(_)) => return Err("give -o or --output, not both".into()),
        (a, b) => a.or(b).unwrap_or("-"),
    };
    let forest = args.fraction("--forest")?;
    let swamp = args.fraction("--swamp")?;
    let only = |flag: &str, kinds: &str| -> Result<(), String> {
        match args.value(flag) {
            Some(_) => Err(format!("{flag} applies only to `gen {kinds}`")),
            None => Ok(()),
        }
    };
    let grid = match kind {
        "random" => {
            only("--corridor", "maze")?;
            only("--room", "rooms")?;
            let shares = TerrainShares {
                wall: args
                    .fraction("--wall")?
                    .unwrap_or(TerrainShares::ARTICLE.wall),
                forest: forest.unwrap_or(TerrainShares::ARTICLE.forest),
                swamp: swamp.unwrap_or(TerrainShares::ARTICLE.swamp),
            };
            if shares.wall + shares.forest + shares.swamp > 1.0 {
                return Err("--wall, --forest and --swamp add up to more than 1".into());
            }
            random_terrain(width, height, shares, seed).map_err(|e| e.to_string())?
        }
        "maze" | "rooms" => {
            only("--wall", "random")?;
            let mut grid = if kind == "maze" {
                only("--room", "rooms")?;
                // Refused rather than clamped as the generator would: the map must be what was asked.
                let corridor = in_range(
                    &args,
                    "--corridor",
                    1,
                    width.min(height),
                    "the map's smaller side",
                )?;
                maze(width, height, corridor.unwrap_or(1), seed)
            } else {
                only("--corridor", "maze")?;
                let room = in_range(&args, "--room", 2, 64, "the largest room")?;
                rooms(width, height, room.unwrap_or(8), seed)
            }
            .map_err(|e| e.to_string())?;
            let (forest, swamp) = (forest.unwrap_or(0.0), swamp.unwrap_or(0.0));
            if forest + swamp > 1.0 {
                return Err("--forest and --swamp add up to more than 1".into());
            }
            sprinkle(&mut grid, forest, swamp, seed);
            grid
        }
        other => {
            return Err(format!(
                "gen: unknown map kind {other:?}: use random, maze or rooms"
            ))
        }
    };
    let mut map = TextMap::new(grid);
    (map.start, map.goal) = ends_in_largest_region(&map.grid);
    if mapfile::is_movingai_name(output) && mapfile::movingai_loses_terrain(&map.grid) {
        eprintln!(
            "astar: note: a .map keeps only walls: forest and swamp are written as plain ground"
        );
    }
    mapfile::save(output, &mapfile::render(output, &map))?;
    Ok(0)
}

/// The value of `flag` as a whole number from `min` to `max` (`max_is` says what `max` is), if given.
fn in_range(
    args: &Args,
    flag: &str,
    min: u32,
    max: u32,
    max_is: &str,
) -> Result<Option<u32>, String> {
    match args.parsed::<u32>(flag, "a whole number of cells")? {
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
