//! The names of settings as users type them: on the command line, in the page's controls, in share links
//! and in `postMessage` commands. One table per setting, so every surface spells them the same.

use crate::heuristic::Heuristic;
use crate::movement::CornerRule;
use crate::search::registry::ALGORITHMS;
use crate::search::{Algorithm, TieBreak};

/// A setting that has a fixed list of names.
pub trait Named: Sized + Copy + 'static {
    /// What the setting is called in messages ("algorithm", "heuristic", ...).
    const WHAT: &'static str;
    /// Every value with its name.
    const NAMES: &'static [(Self, &'static str)];

    /// The value called `name`, or a message listing the names allowed.
    fn from_name(name: &str) -> Result<Self, String> {
        Self::NAMES
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(v, _)| *v)
            .ok_or_else(|| {
                let allowed: Vec<&str> = Self::NAMES.iter().map(|(_, n)| *n).collect();
                format!(
                    "unknown {} {name:?}: use one of {}",
                    Self::WHAT,
                    allowed.join(", ")
                )
            })
    }

    /// The value's name.
    fn name(self) -> &'static str;
}

macro_rules! named {
    ($ty:ty, $what:literal, [$(($value:expr, $name:literal)),* $(,)?]) => {
        impl Named for $ty {
            const WHAT: &'static str = $what;
            const NAMES: &'static [(Self, &'static str)] = &[$(($value, $name)),*];
            fn name(self) -> &'static str {
                Self::NAMES.iter().find(|(v, _)| *v == self).map(|(_, n)| *n).unwrap_or("?")
            }
        }
    };
}

/// The algorithms' names, in menu order, taken from the registry (the one list of algorithms).
const ALGORITHM_NAMES: [(Algorithm, &str); ALGORITHMS.len()] = {
    let mut names = [(Algorithm::AStar, ""); ALGORITHMS.len()];
    let mut i = 0;
    while i < ALGORITHMS.len() {
        names[i] = (ALGORITHMS[i].algorithm, ALGORITHMS[i].name);
        i += 1;
    }
    names
};

impl Named for Algorithm {
    const WHAT: &'static str = "algorithm";
    const NAMES: &'static [(Self, &'static str)] = &ALGORITHM_NAMES;
    fn name(self) -> &'static str {
        crate::search::registry::info(self).name
    }
}

named!(
    Heuristic,
    "heuristic",
    [
        (Heuristic::Zero, "zero"),
        (Heuristic::Manhattan, "manhattan"),
        (Heuristic::Octile, "octile"),
        (Heuristic::Chebyshev, "chebyshev"),
        (Heuristic::Euclidean, "euclidean"),
    ]
);
named!(
    CornerRule,
    "corner rule",
    [
        (CornerRule::NoCut, "no-cut"),
        (CornerRule::CutIfOneFree, "one-free"),
        (CornerRule::AlwaysCut, "always"),
    ]
);
named!(
    TieBreak,
    "tie-break",
    [
        (TieBreak::LowerH, "lower-h"),
        (TieBreak::HigherG, "higher-g"),
        (TieBreak::FirstIn, "first-in"),
        (TieBreak::LastIn, "last-in"),
    ]
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_list_the_choices() {
        for &(value, name) in Algorithm::NAMES {
            assert_eq!(Algorithm::from_name(name), Ok(value));
            assert_eq!(value.name(), name);
        }
        assert_eq!(
            Heuristic::from_name("taxi").unwrap_err(),
            "unknown heuristic \"taxi\": use one of zero, manhattan, octile, chebyshev, euclidean"
        );
    }
}
