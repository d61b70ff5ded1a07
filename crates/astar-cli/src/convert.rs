//! `astar convert IN OUT`: between a Moving AI `.map` and the project's format. The input format is read
//! from the content, the output format from OUT's name (`.map` = Moving AI, anything else = ours).

use crate::mapfile;
use crate::out::Out;

/// `astar convert`'s command line.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The map to read (Moving AI or this project's format, told apart by its first line)
    #[arg(value_name = "IN")]
    input: String,
    /// The file to write: Moving AI when the name ends in .map, this project's format otherwise
    #[arg(value_name = "OUT")]
    output: String,
}

/// Runs `astar convert`; returns the exit status.
pub fn run(args: &ConvertArgs, out: &mut Out) -> Result<i32, String> {
    let (input, output) = (&args.input, &args.output);
    let loaded = mapfile::load(input)?;
    mapfile::save(output, &mapfile::render(output, &loaded.map), out)?;
    if mapfile::is_movingai_name(output) && mapfile::movingai_loses_terrain(&loaded.map.grid) {
        out.note(mapfile::LOSES_TERRAIN);
    }
    Ok(0)
}
