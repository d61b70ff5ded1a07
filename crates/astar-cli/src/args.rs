//! The command line's shared values: the defaults the commands fall back on (stated in their help from
//! the same constants, see `cli`), the help texts several commands share, and the parsers of option
//! values (names from the core's tables, numbers, cells, fractions). A leaf: the subcommands and `cli`
//! import it, it imports none of them.

use astar_core::formats::{whole_number, NumberError};
use astar_core::grid::MAX_SIDE;
use astar_core::names::Named;
use astar_core::search::hpa::DEFAULT_CLUSTER_SIZE;
use astar_core::search::registry;
use astar_core::{Algorithm, CornerRule, Neighbours};
use clap::builder::{PossibleValue, TypedValueParser};
use std::fmt::Display;
use std::marker::PhantomData;
use std::num::IntErrorKind;
use std::str::FromStr;

/// The search of `solve` and `check` without `--algorithm`.
pub const DEFAULT_ALGORITHM: Algorithm = Algorithm::AStar;

/// The moves of `solve` and `replan` without `--movement`.
pub const DEFAULT_NEIGHBOURS: Neighbours = Neighbours::Eight;

/// The seed of `gen` and `replan` without `--seed`.
pub const DEFAULT_SEED: u64 = 1;

/// `text` with the default stated the way clap states its own (`The seed [default: 1]`). Every default
/// in the help goes through here from the value the command uses, so the help cannot drift from it.
pub fn with_default(text: &str, default: impl Display) -> String {
    format!("{text} [default: {default}]")
}

/// The help of `--algorithm` (`solve`, `check`).
pub fn algorithm_help(text: &str) -> String {
    with_default(text, DEFAULT_ALGORITHM.name())
}

/// The help of `--movement` (`solve`, `replan`).
pub fn movement_help() -> String {
    with_default("4- or 8-neighbour moves", DEFAULT_NEIGHBOURS.name())
}

/// The help of `--corners` (`solve`, `replan`).
pub fn corners_help() -> String {
    with_default(
        &format!(
            "When a diagonal move may pass a wall's corner, with --movement {}",
            Neighbours::Eight.name()
        ),
        CornerRule::default().name(),
    )
}

/// The help of `--cluster` (`solve`, `check`): the core's default, capped by the map as the core caps it.
pub fn cluster_help() -> String {
    with_default(
        "HPA*'s cluster size in cells, 2 to the map's larger side",
        format!("{DEFAULT_CLUSTER_SIZE}, or the map's larger side when smaller"),
    )
}

/// The value parser of a setting with a [`Named`] table: the names come from the core's table (so help
/// lists them and an unknown name gets the core's message), nothing is copied here.
#[derive(Clone, Copy, Debug)]
pub struct NamedParser<T>(PhantomData<T>);

/// The value parser for setting `T`.
pub fn named<T>() -> NamedParser<T> {
    NamedParser(PhantomData)
}

impl<T: Named + Send + Sync> TypedValueParser for NamedParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        // The core's message (`unknown algorithm "dfs": use one of ...`) becomes the error's source.
        let from_name = |text: &str| T::from_name(text);
        from_name.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            T::NAMES.iter().map(|&(_, name)| PossibleValue::new(name)),
        ))
    }
}

/// A parser of numbers of type `T` (fractions: whole numbers go through [`whole`]) whose message says
/// what was expected (`"x" is not a number from 0 to 10`).
pub fn number<T: FromStr>(what: &'static str) -> impl Fn(&str) -> Result<T, String> + Clone {
    move |text: &str| {
        text.parse::<T>()
            .map_err(|_| format!("{text:?} is not {what}"))
    }
}

/// A parser of whole numbers from 0 to `max` (digits only, as in the map formats) whose message says
/// what was expected (`"x" is not a whole number of cells`) or that the number is too large.
pub fn whole<T: TryFrom<u64>>(
    what: &'static str,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone {
    move |text: &str| match whole_number(text, 0, max).map(T::try_from) {
        Ok(Ok(v)) => Ok(v),
        Err(NumberError::NotWhole) => Err(format!("{text:?} is not {what}")),
        _ => Err(format!("{text:?} is too large: the largest is {max}")),
    }
}

/// Refuses `--cluster` for an algorithm without clusters (the registry's `uses_cluster_size`).
pub fn check_cluster_flag(algorithm: Algorithm, cluster: Option<u32>) -> Result<(), String> {
    if cluster.is_some() && !registry::info(algorithm).uses_cluster_size {
        let with: Vec<&str> = registry::ALGORITHMS
            .iter()
            .filter(|row| row.uses_cluster_size)
            .map(|row| row.name)
            .collect();
        return Err(format!(
            "--cluster applies only to --algorithm {}",
            with.join(" or ")
        ));
    }
    Ok(())
}

/// A whole number of at least 1.
pub fn positive(text: &str) -> Result<usize, String> {
    match whole_number(text, 1, u32::MAX.into()) {
        Ok(n) => Ok(n as usize),
        Err(NumberError::TooLarge) => Err(format!(
            "{text:?} is too large: the largest is {}",
            u32::MAX
        )),
        Err(_) => Err(format!("{text:?} is not a positive whole number")),
    }
}

/// A fraction from 0 to 1.
pub fn fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("{text:?} is not a number from 0 to 1")),
    }
}

/// A cell written `X,Y` (whole numbers, column and row).
pub fn cell(text: &str) -> Result<(i64, i64), String> {
    let bad = || format!("{text:?} is not a cell: write it as X,Y (column, row), e.g. 3,4");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let part = |p: &str| {
        p.trim().parse::<i64>().map_err(|e| match e.kind() {
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => format!(
                "{text:?} is not a cell: {} is too large (maps are at most {MAX_SIDE} x {MAX_SIDE})",
                p.trim()
            ),
            _ => bad(),
        })
    };
    Ok((part(x)?, part(y)?))
}
