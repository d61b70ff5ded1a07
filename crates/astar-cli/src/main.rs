//! The `astar` command line tool: the same core as the playground, for scripts and benchmarks.
//!
//! Subcommands (documented in the README, "Command-line tool"): `solve`, `check`, `gen`, `convert`,
//! `bench`, `replan`. Exit status: 0 success, 1 a negative answer (a mismatch in `check` or `replan`, no
//! path in `solve`),
//! 2 bad arguments or files, always with a one-line message naming the problem on standard error; a
//! failed write to standard output is status 2 too, and a closed pipe 141 (out.rs).
//! The command line is declared in cli.rs; `astar --help` and `astar SUBCOMMAND --help` describe it.

mod args;
mod bench;
mod check;
mod check_mesh;
mod cli;
mod convert;
mod gen;
mod mapfile;
mod mismatch;
mod out;
mod replan;
mod solve;

use out::Out;

fn main() {
    let mut out = Out::new();
    let cli = match cli::parse(std::env::args_os().collect()) {
        cli::Parsed::Run(cli) => cli,
        cli::Parsed::Print(text) => {
            out.line(text.trim_end());
            out.flush();
            return;
        }
        cli::Parsed::Refuse(message) => fail(&message),
    };
    let result = match &cli.command {
        cli::Command::Bench(args) => bench::run(args, &mut out).map(|()| 0),
        cli::Command::Solve(args) => solve::run(args, &mut out),
        cli::Command::Check(args) => check::run(args, &mut out),
        cli::Command::Gen(args) => gen::run(args, &mut out),
        cli::Command::Convert(args) => convert::run(args, &mut out),
        cli::Command::Replan(args) => replan::run(args, &mut out),
    };
    // Whatever was printed goes out (or the failure to write it is reported) before the verdict.
    out.flush();
    match result {
        Ok(code) => {
            out.print_notes();
            std::process::exit(code);
        }
        Err(message) => fail(&message),
    }
}

/// Prints `astar: MESSAGE` on standard error and exits with status 2 (bad arguments or files).
fn fail(message: &str) -> ! {
    out::error_line(message);
    std::process::exit(2);
}
