//! The `astar` command line tool: the same core as the playground, for scripts and benchmarks.

mod bench;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bench") => bench::run(&args[1..]),
        _ => Err("usage: astar bench".to_string()),
    };
    if let Err(message) = result {
        eprintln!("astar: {message}");
        std::process::exit(2);
    }
}
