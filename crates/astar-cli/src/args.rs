//! A small command-line option parser: `--name value`, `--name=value`, switches and positional words,
//! each subcommand declaring which options it takes, so that a typo is an error that lists the choices.
//! An option or switch given twice is an error too (which of two values was meant is a guess).

use std::collections::HashMap;
use std::str::FromStr;

/// The options and positional words given to one subcommand.
#[derive(Debug, Default)]
pub struct Args {
    values: HashMap<String, String>,
    switches: Vec<String>,
    /// Words that are not options, in order.
    pub positional: Vec<String>,
}

impl Args {
    /// Parses `args` for subcommand `command`: `valued` options take a value (`-o` style short names
    /// allowed), `switches` take none.
    pub fn parse(
        command: &str,
        args: &[String],
        valued: &[&str],
        switches: &[&str],
    ) -> Result<Args, String> {
        let mut out = Args::default();
        let mut i = 0;
        while i < args.len() {
            let arg = &args[i];
            i += 1;
            if !arg.starts_with('-') || arg == "-" {
                out.positional.push(arg.clone());
                continue;
            }
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                None => (arg.as_str(), None),
            };
            if switches.contains(&name) {
                if inline.is_some() {
                    return Err(format!("{command}: {name} takes no value"));
                }
                if out.switch(name) {
                    return Err(format!("{command}: {name} is given twice"));
                }
                out.switches.push(name.to_string());
                continue;
            }
            if !valued.contains(&name) {
                let mut known: Vec<&str> = valued.iter().chain(switches).copied().collect();
                known.sort_unstable();
                return Err(if known.is_empty() {
                    format!("{command}: unknown option {name:?} ({command} takes no options)")
                } else {
                    format!(
                        "{command}: unknown option {name:?} (options: {})",
                        known.join(", ")
                    )
                });
            }
            let value = match inline {
                Some(v) => v,
                None => {
                    let v = args
                        .get(i)
                        .ok_or_else(|| format!("{command}: {name} needs a value"))?;
                    i += 1;
                    v.clone()
                }
            };
            if out.values.insert(name.to_string(), value).is_some() {
                return Err(format!("{command}: {name} is given twice"));
            }
        }
        Ok(out)
    }

    /// The value of option `name`, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// The value of option `name`, or an error saying it is required.
    pub fn required(&self, name: &str) -> Result<&str, String> {
        self.value(name)
            .ok_or_else(|| format!("{name} is required"))
    }

    /// True if switch `name` was given.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    /// The value of option `name` parsed as `T`, if given; `what` describes the expected form.
    pub fn parsed<T: FromStr>(&self, name: &str, what: &str) -> Result<Option<T>, String> {
        self.value(name)
            .map(|v| {
                v.parse::<T>()
                    .map_err(|_| format!("{name} {v:?} is not {what}"))
            })
            .transpose()
    }

    /// The value of option `name` as a fraction from 0 to 1, if given.
    pub fn fraction(&self, name: &str) -> Result<Option<f64>, String> {
        match self.parsed::<f64>(name, "a number from 0 to 1")? {
            Some(v) if !(0.0..=1.0).contains(&v) => {
                Err(format!("{name} {v} is not a number from 0 to 1"))
            }
            v => Ok(v),
        }
    }
}

/// Parses `X,Y` (whole numbers) for option `name`.
pub fn parse_xy(name: &str, text: &str) -> Result<(i64, i64), String> {
    let bad = || format!("{name} {text:?} is not a cell: write it as X,Y (column, row), e.g. 3,4");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    Ok((
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn values_switches_and_positionals() {
        let a = Args::parse(
            "solve",
            &strings(&["maze", "--w=1.5", "--json", "-o", "out.txt"]),
            &["--w", "-o"],
            &["--json"],
        )
        .unwrap();
        assert_eq!(a.positional, vec!["maze"]);
        assert_eq!(a.value("--w"), Some("1.5"));
        assert_eq!(a.value("-o"), Some("out.txt"));
        assert!(a.switch("--json"));
        assert_eq!(a.parsed::<f64>("--w", "a number").unwrap(), Some(1.5));
    }

    #[test]
    fn mistakes_are_named() {
        let err = |words: &[&str]| {
            Args::parse("solve", &strings(words), &["--w"], &["--json"]).unwrap_err()
        };
        assert_eq!(
            err(&["--wieght", "2"]),
            "solve: unknown option \"--wieght\" (options: --json, --w)"
        );
        assert_eq!(err(&["--w"]), "solve: --w needs a value");
        assert_eq!(err(&["--w", "1", "--w", "2"]), "solve: --w is given twice");
        assert_eq!(err(&["--json=yes"]), "solve: --json takes no value");
        assert_eq!(err(&["--json", "--json"]), "solve: --json is given twice");
        assert_eq!(
            Args::parse("convert", &strings(&["a", "--json"]), &[], &[]).unwrap_err(),
            "convert: unknown option \"--json\" (convert takes no options)"
        );
        assert_eq!(
            parse_xy("--from", "3;4").unwrap_err(),
            "--from \"3;4\" is not a cell: write it as X,Y (column, row), e.g. 3,4"
        );
        assert_eq!(parse_xy("--from", " 3, 4").unwrap(), (3, 4));
    }
}
