//! The `astar` command line tool: the same core as the playground, for scripts and benchmarks.
//!
//! Subcommands (documented in the README, "Command-line tool"): `solve`, `check`, `gen`, `convert`,
//! `bench`. Exit status: 0 success, 1 a negative answer (a mismatch in `check`, no path in `solve`),
//! 2 bad arguments or files, always with a one-line message naming the problem on standard error.

mod args;
mod bench;
mod check;
mod convert;
mod gen;
mod mapfile;
mod solve;

use std::io::Write;

const USAGE: &str = "usage:
  astar solve --map FILE [--from X,Y --to X,Y] [--algorithm bfs|dijkstra|greedy|astar]
              [--heuristic zero|manhattan|octile|chebyshev|euclidean] [--w W] [--movement 4|8]
              [--corners no-cut|one-free|always] [--tie-break lower-h|higher-g|first-in|last-in]
              [--limit N] [--json]
  astar check --map FILE.map --scen FILE.map.scen [--limit N] [--json]
  astar gen random|maze|rooms --width W --height H [--seed S] [--wall F] [--forest F] [--swamp F]
              [--corridor N] [--room N] [-o FILE]
  astar convert IN OUT
  astar bench ...
exit status: 0 success, 1 mismatch (check) or no path (solve), 2 bad arguments or files";

/// Buffered standard output that stops quietly when the reader goes away (e.g. `| head`), instead of
/// panicking on a broken pipe.
pub struct Out {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    closed: bool,
}

impl Out {
    /// Standard output, buffered.
    pub fn new() -> Out {
        Out {
            out: std::io::BufWriter::new(std::io::stdout().lock()),
            closed: false,
        }
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: &str) {
        if !self.closed && writeln!(self.out, "{text}").is_err() {
            self.closed = true;
        }
    }
}

impl Default for Out {
    fn default() -> Out {
        Out::new()
    }
}

impl Drop for Out {
    fn drop(&mut self) {
        let _ = self.out.flush();
    }
}

/// Ends the process with `code` once a subcommand has printed its answer.
fn exit_with(code: i32) {
    if code != 0 {
        std::process::exit(code);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bench") => bench::run(&args[1..]),
        Some("solve") => solve::run(&args[1..]).map(exit_with),
        Some("check") => check::run(&args[1..]).map(exit_with),
        Some("gen") => gen::run(&args[1..]).map(exit_with),
        Some("convert") => convert::run(&args[1..]).map(exit_with),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!(
            "unknown command {other:?}: use solve, check, gen, convert or bench (astar help)"
        )),
        None => {
            Err("no command given: use solve, check, gen, convert or bench (astar help)".into())
        }
    };
    if let Err(message) = result {
        eprintln!("astar: {message}");
        std::process::exit(2);
    }
}
