//! `astar convert IN OUT`: between a Moving AI `.map` and the project's format. The input format is read
//! from the content, the output format from OUT's name (`.map` = Moving AI, anything else = ours).

use crate::mapfile;

/// Runs `astar convert`; returns the exit status.
pub fn run(args: &[String]) -> Result<i32, String> {
    let args = crate::args::Args::parse("convert", args, &[], &[])?;
    let [input, output] = args.positional.as_slice() else {
        return Err(
            "convert: use `astar convert IN OUT` (OUT ending in .map writes Moving AI)".into(),
        );
    };
    let loaded = mapfile::load(input)?;
    if mapfile::is_movingai_name(output) && mapfile::movingai_loses_terrain(&loaded.map.grid) {
        eprintln!(
            "astar: note: a .map keeps only walls: forest and swamp are written as plain ground"
        );
    }
    mapfile::save(output, &mapfile::render(output, &loaded.map))?;
    Ok(0)
}
