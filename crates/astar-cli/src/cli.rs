//! The command line, declared with clap (derive): the subcommands and the translation of clap's errors
//! into this tool's one-line `astar: ...` messages (the parsers of option values and the defaults are in
//! `args`, which the subcommands share).
//!
//! Conventions (README, "Command-line tool"): `--name value` or `--name=value`; `astar --help`,
//! `astar help check`, `astar check --help` print help on standard output and exit 0; an unknown,
//! repeated or malformed option exits 2 with one line on standard error. A repeated option is an error,
//! not "the last one wins": which of two values was meant is a guess.
//!
//! A default the help states is written into it from the value the command falls back on
//! (`args::with_default` and the `DEFAULT_*` constants, or clap's own `default_value_t`), never copied by hand;
//! tests/suite/help_defaults.rs runs each command with and without it.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser, Subcommand};
use std::ffi::OsString;

const EXIT_STATUS: &str =
    "Exit status: 0 success, 1 a negative answer (check found a mismatch, solve \
found no path or stopped at its expansion limit), 2 bad arguments or files, or standard output that \
cannot be written; 141 the reader of standard output went away (e.g. `| head`): output cut short.";

/// The `astar` command.
#[derive(Debug, Parser)]
#[command(
    name = "astar",
    version,
    about = "A*-family searches on grid maps: the core of A* Playground on the command line",
    after_help = EXIT_STATUS,
    subcommand_required = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// One search on a map: outcome, cost, counters and the path (text or one line of JSON).
    Solve(crate::solve::SolveArgs),
    /// Solves a Moving AI scenario's problems and compares each cost with its optimal length.
    Check(crate::check::CheckArgs),
    /// Writes a seeded random map, maze or rooms map.
    Gen(crate::gen::GenArgs),
    /// Converts between a Moving AI .map and this project's map format.
    Convert(crate::convert::ConvertArgs),
    /// Benchmarks the engine: the article's experiment, its w sweep, the Moving AI sets with a peer.
    Bench(crate::bench::BenchArgs),
    /// Edits a map at random, repairs D* Lite after each edit and checks it against a fresh A*.
    Replan(crate::replan::ReplanArgs),
}

/// What to do after reading the command line.
pub enum Parsed {
    /// Run this command.
    Run(Cli),
    /// Help or version was asked for: print this on standard output and exit 0.
    Print(String),
    /// Bad arguments: print `astar: ` and this line on standard error and exit 2.
    Refuse(String),
}

/// Reads the command line `argv` (with the program name first).
pub fn parse(argv: Vec<OsString>) -> Parsed {
    match Cli::try_parse_from(&argv) {
        Ok(cli) => Parsed::Run(cli),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            Parsed::Print(e.render().to_string())
        }
        Err(e) => {
            let words: Vec<String> = argv
                .iter()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            Parsed::Refuse(one_line(&e, &words))
        }
    }
}

/// clap's error `e` as one line in this tool's words; `words` are the arguments after the program name.
fn one_line(e: &clap::Error, words: &[String]) -> String {
    let cmd = Cli::command();
    // The subcommand is always the first word (the tool has no options of its own besides --help and
    // --version).
    let sub = words
        .first()
        .and_then(|w| cmd.find_subcommand(w))
        .map(|s| s.get_name().to_string());
    let prefix = sub.as_ref().map(|s| format!("{s}: ")).unwrap_or_default();
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    let arg = text(ContextKind::InvalidArg).unwrap_or_default();
    let value = text(ContextKind::InvalidValue);
    let commands = "use solve, check, gen, convert, bench or replan (astar --help)";
    match e.kind() {
        // clap's derive asks for help when nothing at all is given: that is still a mistake here.
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!("no command given: {commands}")
        }
        ErrorKind::InvalidSubcommand => format!(
            "unknown command {:?}: {commands}",
            text(ContextKind::InvalidSubcommand).unwrap_or_default()
        ),
        ErrorKind::UnknownArgument if arg.starts_with('-') => {
            let name = arg.split('=').next().unwrap_or(&arg);
            let mut options: Vec<String> = sub
                .as_deref()
                .and_then(|s| cmd.find_subcommand(s))
                .map(|s| {
                    s.get_arguments()
                        .filter_map(|a| a.get_long())
                        .filter(|l| *l != "help")
                        .map(|l| format!("--{l}"))
                        .collect()
                })
                .unwrap_or_default();
            options.sort_unstable();
            let guess = text(ContextKind::SuggestedArg)
                .map(|s| format!(": did you mean {s}?"))
                .unwrap_or_default();
            match (options.is_empty(), &sub) {
                (true, Some(s)) => {
                    format!("{prefix}unknown option {name:?}{guess} ({s} takes no options)")
                }
                _ => format!(
                    "{prefix}unknown option {name:?}{guess} (options: {})",
                    options.join(", ")
                ),
            }
        }
        ErrorKind::UnknownArgument => format!("{prefix}unexpected argument {arg:?}"),
        ErrorKind::ArgumentConflict => match e.get(ContextKind::PriorArg) {
            Some(ContextValue::String(prior)) if *prior == arg => {
                format!("{prefix}{} is given twice", name_of(&arg))
            }
            Some(ContextValue::String(prior)) => format!(
                "{prefix}{} cannot be used with {}",
                name_of(&arg),
                name_of(prior)
            ),
            _ => format!(
                "{prefix}{} cannot be used with the other options",
                name_of(&arg)
            ),
        },
        ErrorKind::MissingRequiredArgument => {
            let missing: Vec<String> = match e.get(ContextKind::InvalidArg) {
                Some(ContextValue::Strings(all)) => all.clone(),
                Some(ContextValue::String(one)) => vec![one.clone()],
                _ => vec![],
            };
            let names: Vec<String> = missing.iter().map(|a| name_of(a)).collect();
            let verb = if names.len() == 1 { "is" } else { "are" };
            let names = joined(&names, "and");
            if missing.iter().all(|a| a.starts_with('-')) {
                format!("{names} {verb} required")
            } else {
                // A missing word, not an option: show the whole usage line.
                let usage = match e.get(ContextKind::Usage) {
                    Some(ContextValue::StyledStr(u)) => u.to_string(),
                    _ => String::new(),
                };
                let usage = usage.trim().trim_start_matches("Usage:").trim();
                format!("{prefix}{names} {verb} required: use `{usage}`")
            }
        }
        ErrorKind::InvalidValue if value.as_deref().is_none_or(str::is_empty) => {
            format!("{prefix}{} needs a value", name_of(&arg))
        }
        ErrorKind::InvalidValue => {
            let allowed = match e.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(v)) => joined(v, "or"),
                _ => String::new(),
            };
            format!(
                "{} {:?} is not allowed: use {allowed}",
                name_of(&arg),
                value.unwrap_or_default()
            )
        }
        ErrorKind::ValueValidation => {
            let value = value.unwrap_or_default();
            let why = std::error::Error::source(e)
                .map(|s| s.to_string())
                .unwrap_or_else(|| format!("{value:?} is not allowed"));
            if !arg.starts_with('-') {
                format!("{prefix}{why}")
            } else if why.starts_with(&format!("{value:?}")) {
                // A sentence about the value reads on from the option's name: `--w "x" is not ...`.
                format!("{} {why}", name_of(&arg))
            } else {
                format!("{}: {why}", name_of(&arg))
            }
        }
        ErrorKind::TooManyValues if arg.starts_with('-') => {
            format!("{prefix}{} takes no value", name_of(&arg))
        }
        _ => {
            // Anything else: clap's own first line, without its "error: ".
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("bad arguments");
            format!("{prefix}{}", first.trim_start_matches("error: "))
        }
    }
}

/// An argument as clap shows it (`--map <FILE>`, `<OUT>`, `[SECTION]...`) reduced to its name
/// (`--map`, `OUT`, `SECTION`).
fn name_of(shown: &str) -> String {
    if shown.starts_with('-') {
        shown.split([' ', '=']).next().unwrap_or(shown).to_string()
    } else {
        shown.trim_matches(['<', '>', '[', ']', '.']).to_string()
    }
}

/// `a`, `a or b`, `a, b or c` (with `word` = "or").
fn joined(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {word} {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use astar_core::names::Named;

    /// The outcome of `astar WORDS...`: the command, or the text printed.
    fn parse_words(words: &[&str]) -> Parsed {
        let argv = std::iter::once("astar")
            .chain(words.iter().copied())
            .map(OsString::from)
            .collect();
        parse(argv)
    }

    fn refusal(words: &[&str]) -> String {
        match parse_words(words) {
            Parsed::Refuse(line) => line,
            Parsed::Print(text) => panic!("{words:?} printed {text:?}"),
            Parsed::Run(cli) => panic!("{words:?} parsed: {cli:?}"),
        }
    }

    #[test]
    fn the_declaration_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn mistakes_are_named_on_one_line() {
        let solve = ["solve", "--map", "m.map"];
        let with = |extra: &[&'static str]| -> Vec<&str> { [&solve[..], extra].concat() };
        for (words, expected) in [
            (vec![], "no command given: use solve, check, gen, convert, bench or replan (astar --help)"),
            (vec!["fly"], "unknown command \"fly\": use solve, check, gen, convert, bench or replan (astar --help)"),
            (with(&["--form", "2,3"]), "solve: unknown option \"--form\": did you mean --from? (options: --algorithm, --cluster, --corners,"),
            (vec!["gen"], "gen: --width, --height and KIND are required: use `astar gen"),
            (with(&["--w"]), "solve: --w needs a value"),
            (with(&["--w", "1", "--w=2"]), "solve: --w is given twice"),
            (with(&["--json", "--json"]), "solve: --json is given twice"),
            (with(&["--json=yes"]), "solve: --json takes no value"),
            (with(&["--w", "x"]), "--w \"x\" is not a number from 0 to 5"),
            (with(&["--w", "6"]), "--w: heuristic weight 6 is not allowed: it must be from 0 to 5"),
            (with(&["--from", "3;4"]), "--from \"3;4\" is not a cell: write it as X,Y (column, row), e.g. 3,4"),
            (with(&["--algorithm", "dfs"]), "--algorithm: unknown algorithm \"dfs\": use one of bfs, dijkstra, greedy, astar"),
            (with(&["--movement", "6"]), "--movement: unknown movement \"6\": use one of 4, 8"),
            (with(&["extra"]), "solve: unexpected argument \"extra\""),
            (vec!["check", "--map", "m.map"], "--scen is required"),
            (vec!["convert", "a", "--json"], "convert: unknown option \"--json\" (convert takes no options)"),
            (vec!["convert", "a"], "convert: OUT is required: use `astar convert <IN> <OUT>`"),
            (vec!["gen", "hexes", "--width", "5", "--height", "5"], "gen: unknown map kind \"hexes\": use random, maze or rooms"),
            (vec!["gen", "maze", "--width", "5", "--height", "5", "-o", "a", "--output", "b"], "gen: --output is given twice"),
            (vec!["bench", "cheese"], "bench: unknown section \"cheese\": use article, weights, movingai, algorithms, hpa, crowd or navmesh"),
            (vec!["bench", "--limit=0"], "--limit \"0\" is not a positive whole number"),
            (with(&["--limit", "4294967296"]), "--limit \"4294967296\" is too large: the largest is 4294967295"),
            (with(&["--limit", "+5"]), "--limit \"+5\" is not a whole number of expansions"),
            (vec!["gen", "maze", "--width", "5", "--height", "5", "--seed", "18446744073709551616"], "--seed \"18446744073709551616\" is too large: the largest is 18446744073709551615"),
            (vec!["bench", "--repeat=99999999999"], "--repeat \"99999999999\" is too large: the largest is 4294967295"),
            (with(&["--from", "99999999999999999999,1"]), "--from \"99999999999999999999,1\" is not a cell: 99999999999999999999 is too large"),
        ] {
            let line = refusal(&words);
            assert!(line.starts_with(expected), "{words:?}: {line:?} does not start with {expected:?}");
            assert_eq!(line.lines().count(), 1, "{words:?}: {line:?}");
        }
    }

    #[test]
    fn help_and_version_are_printed_not_refused() {
        for words in [
            &["--help"][..],
            &["-h"],
            &["help"],
            &["help", "check"],
            &["check", "--help"],
            &["bench", "--help"],
            &["--version"],
        ] {
            assert!(matches!(parse_words(words), Parsed::Print(_)), "{words:?}");
        }
        let Parsed::Print(help) = parse_words(&["solve", "--help"]) else {
            unreachable!()
        };
        // The names come from the core's tables.
        for &(_, name) in astar_core::TieBreak::NAMES {
            assert!(help.contains(name), "{name} in {help}");
        }
    }
}
