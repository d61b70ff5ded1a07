//! `astar bench`: benchmarks of the engine, its variants and peer libraries (see the README).

/// Runs `astar bench` with the arguments after the subcommand name.
pub fn run(_args: &[String]) -> Result<(), String> {
    Err("astar bench is not built yet".into())
}
