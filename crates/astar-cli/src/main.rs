//! The `astar` command line tool: the same core as the playground, for scripts and benchmarks.

fn main() {
    println!("astar: not yet");
}
