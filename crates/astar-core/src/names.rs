//! The names of settings as users type them (on the command line, in the page's controls, in share links
//! and in `postMessage` commands) and the codes the share-link format stores for them. One table per
//! setting, here, so every surface spells and numbers them the same; everything else derives from it.
//!
//! Each table is written once, in a [`named!`] invocation, and the macro turns it into exhaustive
//! `match`es: a variant added to a setting without a name and a code does not compile, and two rows with
//! the same code are an unreachable pattern (a compile error under `-D warnings`). The algorithms' table
//! is the registry (`search/registry.rs`): their names and link codes come from there.
//!
//! Link codes are part of the link format (see `formats/share.rs`): never renumber or reuse one, or old
//! links change meaning.

use crate::grid::Terrain;
use crate::heuristic::Heuristic;
use crate::message::Message;
use crate::movement::{CornerRule, Neighbours};
use crate::search::registry::{self, ALGORITHMS};
use crate::search::{Algorithm, TieBreak};
use crate::view::Numbers;

/// The names' sentences and the settings' terms (see [`crate::message`]).
pub(crate) const MESSAGES: &[(&str, &str)] = &[
    (
        "names.unknown",
        "unknown {what} {name}: use one of {allowed}",
    ),
    (
        "names.bad-code",
        "{what} {code} is not allowed: use one of {allowed}",
    ),
    ("term.algorithm", "algorithm"),
    ("term.heuristic", "heuristic"),
    ("term.movement", "movement"),
    ("term.corner-rule", "corner rule"),
    ("term.tie-break", "tie-break"),
    ("term.terrain", "terrain"),
    ("term.cell-numbers", "cell numbers"),
];

/// A setting that has a fixed list of names.
pub trait Named: Sized + Copy + PartialEq + 'static {
    /// The term for what the setting is called in messages (`term.algorithm`, `term.heuristic`, ...).
    const WHAT: &'static str;
    /// Every value with its name, in menu order.
    const NAMES: &'static [(Self, &'static str)];

    /// The value's name.
    fn name(self) -> &'static str;

    /// The value called `name`, or a message listing the names allowed.
    fn from_name(name: &str) -> Result<Self, Message> {
        Self::NAMES
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(v, _)| *v)
            .ok_or_else(|| {
                let mut allowed = String::new();
                for (_, n) in Self::NAMES {
                    list_item(&mut allowed, n);
                }
                Message::new("names.unknown")
                    .term("what", Self::WHAT)
                    .with("name", crate::message::quote(name))
                    .text("allowed", allowed)
            })
    }
}

/// Appends `item` to the comma-separated `list` (by hand: `[T]::join` would ship a generic copy per use in
/// the wasm module).
fn list_item(list: &mut String, item: &str) {
    if !list.is_empty() {
        list.push_str(", ");
    }
    list.push_str(item);
}

/// A setting stored in share links (and, for terrain, passed to the page) as a one-byte code.
pub trait LinkCode: Named {
    /// The value's code.
    fn link_code(self) -> u8;

    /// The value whose code is `code`, if any.
    fn from_link_code(code: u8) -> Option<Self>;

    /// The value whose code is `code`, or a message listing the codes allowed
    /// (`terrain 7 is not allowed: use one of 0 wall, 1 plain, 2 forest, 3 swamp`).
    fn from_code_or_message(code: u8) -> Result<Self, Message> {
        Self::from_link_code(code).ok_or_else(|| {
            let mut allowed = String::new();
            for &(v, name) in Self::NAMES {
                match v.link_code().to_string() {
                    c if c == name => list_item(&mut allowed, &c),
                    c => list_item(&mut allowed, &format!("{c} {name}")),
                }
            }
            Message::new("names.bad-code")
                .term("what", Self::WHAT)
                .int("code", code)
                .text("allowed", allowed)
        })
    }
}

/// Implements [`Named`] and [`LinkCode`] for a setting from one table of `(value, name, code)` rows.
macro_rules! named {
    ($ty:ty, $what:literal, [$(($value:path, $name:literal, $code:literal)),* $(,)?]) => {
        impl Named for $ty {
            const WHAT: &'static str = $what;
            const NAMES: &'static [(Self, &'static str)] = &[$(($value, $name)),*];
            fn name(self) -> &'static str {
                match self {
                    $($value => $name),*
                }
            }
        }
        impl LinkCode for $ty {
            fn link_code(self) -> u8 {
                match self {
                    $($value => $code),*
                }
            }
            fn from_link_code(code: u8) -> Option<Self> {
                match code {
                    $($code => Some($value),)*
                    _ => None,
                }
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
    const WHAT: &'static str = "term.algorithm";
    const NAMES: &'static [(Self, &'static str)] = &ALGORITHM_NAMES;
    fn name(self) -> &'static str {
        registry::info(self).name
    }
}

impl LinkCode for Algorithm {
    fn link_code(self) -> u8 {
        registry::info(self).link_code
    }
    fn from_link_code(code: u8) -> Option<Algorithm> {
        registry::from_link_code(code)
    }
}

named!(
    Heuristic,
    "term.heuristic",
    [
        (Heuristic::Manhattan, "manhattan", 1),
        (Heuristic::Octile, "octile", 2),
        (Heuristic::Euclidean, "euclidean", 4),
        (Heuristic::Chebyshev, "chebyshev", 3),
        (Heuristic::Zero, "zero", 0),
    ]
);
named!(
    Neighbours,
    "term.movement",
    [(Neighbours::Four, "4", 4), (Neighbours::Eight, "8", 8)]
);
named!(
    CornerRule,
    "term.corner-rule",
    [
        (CornerRule::NoCut, "no-cut", 0),
        (CornerRule::CutIfOneFree, "one-free", 1),
        (CornerRule::AlwaysCut, "always", 2),
    ]
);
named!(
    TieBreak,
    "term.tie-break",
    [
        (TieBreak::LowerH, "lower-h", 0),
        (TieBreak::HigherG, "higher-g", 1),
        (TieBreak::FirstIn, "first-in", 2),
        (TieBreak::LastIn, "last-in", 3),
    ]
);
// Terrain codes are also the page's brush codes and the bytes of `Grid::terrain_slice` (`Terrain`'s
// discriminants); a test checks that they agree.
named!(
    Terrain,
    "term.terrain",
    [
        (Terrain::Wall, "wall", 0),
        (Terrain::Plain, "plain", 1),
        (Terrain::Forest, "forest", 2),
        (Terrain::Swamp, "swamp", 3),
        (Terrain::Road, "road", 4),
    ]
);
named!(
    Numbers,
    "term.cell-numbers",
    [
        (Numbers::None, "none", 0),
        (Numbers::G, "g", 1),
        (Numbers::H, "h", 2),
        (Numbers::F, "f", 3),
    ]
);

#[cfg(test)]
mod tests {
    use super::*;

    /// Names and codes round-trip and are unique within the table of `T`.
    fn check_table<T: LinkCode + std::fmt::Debug>() {
        for (i, &(value, name)) in T::NAMES.iter().enumerate() {
            assert_eq!(value.name(), name);
            assert_eq!(T::from_name(name), Ok(value));
            assert_eq!(T::from_link_code(value.link_code()), Some(value));
            for &(other, other_name) in &T::NAMES[i + 1..] {
                assert_ne!(value, other, "{} listed twice", T::WHAT);
                assert_ne!(name, other_name, "{} name {name} used twice", T::WHAT);
            }
        }
    }

    #[test]
    fn every_table_round_trips_with_unique_names_and_codes() {
        check_table::<Algorithm>();
        check_table::<Heuristic>();
        check_table::<Neighbours>();
        check_table::<CornerRule>();
        check_table::<TieBreak>();
        check_table::<Terrain>();
        check_table::<Numbers>();
    }

    #[test]
    fn terrain_link_codes_are_the_in_memory_codes() {
        for &(terrain, _) in Terrain::NAMES {
            assert_eq!(terrain.link_code(), terrain as u8);
        }
        assert_eq!(Terrain::NAMES.len(), Terrain::ALL.len());
    }

    #[test]
    fn unknown_names_and_codes_list_the_choices() {
        assert_eq!(
            Heuristic::from_name("taxi").unwrap_err(),
            "unknown heuristic \"taxi\": use one of manhattan, octile, euclidean, chebyshev, zero"
        );
        assert_eq!(
            Terrain::from_code_or_message(7).unwrap_err(),
            "terrain 7 is not allowed: use one of 0 wall, 1 plain, 2 forest, 3 swamp, 4 road"
        );
        assert_eq!(
            Neighbours::from_code_or_message(6).unwrap_err(),
            "movement 6 is not allowed: use one of 4, 8"
        );
    }
}
