//! Why a grid could not be made or changed ([`GridError`]), and the sentences its codes stand for.

use std::fmt;

use super::layout::MAX_SIDE;
use crate::message::Message;
use crate::penalty::PenaltyError;

/// Why a grid could not be made or changed.
#[derive(Clone, Debug, PartialEq)]
pub enum GridError {
    /// Width or height is 0 or above [`MAX_SIDE`].
    BadSize {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
    /// A cell outside the grid.
    OutOfBounds {
        /// Column asked for.
        x: i64,
        /// Row asked for.
        y: i64,
    },
    /// A terrain cost outside 0.1..=255.
    BadCost {
        /// Which terrain.
        terrain: &'static str,
    },
    /// Penalties outside their limits (see [`crate::penalty`]).
    Penalty(PenaltyError),
    /// An ASCII map that is not a rectangle of known characters.
    BadAscii {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        reason: Message,
    },
}

/// The grid's sentences (see [`crate::message`]).
pub(crate) const MESSAGES: &[(&str, &str)] = &[
    (
        "grid.bad-size",
        "map size {width} x {height} is not allowed: width and height must be 1 to {max}",
    ),
    ("grid.outside", "cell ({x}, {y}) is outside the map"),
    (
        "grid.bad-cost",
        "the cost of {terrain} must be a number from 0.1 to 255 in steps of 0.1",
    ),
    (
        "grid.bad-hug",
        "the wall-hugging penalty must be a number from 0 to 1 in steps of 0.1",
    ),
    (
        "grid.bad-danger",
        "a watcher's danger must be a number from 0 to 100 in steps of 0.1",
    ),
    (
        "grid.bad-turn",
        "the turn penalty must be a number from 0 to 5 in steps of 0.1",
    ),
    (
        "grid.turn-map-too-large",
        "a turn penalty is searched over cells and headings, on maps of up to {max} cells (1024 x 1024): this map has {cells}",
    ),
    ("grid.too-many-watchers", "a map may have at most {max} watchers"),
    (
        "grid.bad-watcher",
        "the watcher at ({x}, {y}) with radius {radius} is not allowed: it must stand on the map and see 1 to {max} cells far",
    ),
    ("grid.row-length", "row has {cells} cells, expected {width}"),
    (
        "grid.unknown-character",
        "unknown terrain character {character}",
    ),
    ("term.wall", "wall"),
    ("term.plain", "plain"),
    ("term.forest", "forest"),
    ("term.swamp", "swamp"),
    ("term.road", "road"),
];

impl From<GridError> for Message {
    fn from(e: GridError) -> Message {
        match e {
            GridError::BadSize { width, height } => Message::new("grid.bad-size")
                .int("width", width)
                .int("height", height)
                .int("max", MAX_SIDE),
            GridError::OutOfBounds { x, y } => Message::new("grid.outside").int("x", x).int("y", y),
            GridError::BadCost { terrain } => {
                Message::new("grid.bad-cost").term("terrain", terrain_term(terrain))
            }
            GridError::Penalty(why) => Message::from(why),
            GridError::BadAscii {
                line,
                column,
                reason,
            } => Message::new("format.at-column")
                .int("line", line)
                .int("column", column)
                .message("cause", reason),
        }
    }
}

/// The term naming the terrain called `name` ("plain" → `term.plain`).
pub(crate) fn terrain_term(name: &str) -> &'static str {
    match name {
        "wall" => "term.wall",
        "forest" => "term.forest",
        "swamp" => "term.swamp",
        "road" => "term.road",
        _ => "term.plain",
    }
}

impl From<PenaltyError> for GridError {
    fn from(why: PenaltyError) -> GridError {
        GridError::Penalty(why)
    }
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Message::from(self.clone()).fmt(f)
    }
}

impl std::error::Error for GridError {}
