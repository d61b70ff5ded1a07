//! The `astar` command line tool: the same core as the playground, for scripts and benchmarks.
//!
//! Subcommands (documented in the README, "Command-line tool"): `solve`, `check`, `gen`, `convert`,
//! `bench`, `replan`. Exit status: 0 success, 1 a negative answer (a mismatch in `check`, no path in `solve`),
//! 2 bad arguments or files, always with a one-line message naming the problem on standard error.
//! The command line is declared in cli.rs; `astar --help` and `astar SUBCOMMAND --help` describe it.

mod bench;
mod check;
mod cli;
mod convert;
mod gen;
mod mapfile;
mod replan;
mod solve;

use std::io::Write;

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
    let cli = match cli::parse(std::env::args_os().collect()) {
        cli::Parsed::Run(cli) => cli,
        cli::Parsed::Print(text) => {
            let mut out = Out::new();
            out.line(text.trim_end());
            return;
        }
        cli::Parsed::Refuse(message) => fail(&message),
    };
    let result = match &cli.command {
        cli::Command::Bench(args) => bench::run(args),
        cli::Command::Solve(args) => solve::run(args).map(exit_with),
        cli::Command::Check(args) => check::run(args).map(exit_with),
        cli::Command::Gen(args) => gen::run(args).map(exit_with),
        cli::Command::Convert(args) => convert::run(args).map(exit_with),
        cli::Command::Replan(args) => replan::run(args).map(exit_with),
    };
    if let Err(message) = result {
        fail(&message);
    }
}

/// Prints `astar: MESSAGE` on standard error and exits with status 2 (bad arguments or files).
fn fail(message: &str) -> ! {
    eprintln!("astar: {message}");
    std::process::exit(2);
}
