//! Reading and writing maps and problems: Moving AI benchmark files, the project's own text format and
//! the share-link codec; and what the text parsers share: the byte-order mark, words with their columns,
//! whole numbers in a range, and quoting input in a message.
//!
//! One rule for every text format here: a leading UTF-8 byte-order mark (U+FEFF, which Windows editors
//! write at the start of a file) is dropped before parsing. The page decodes files with the mark kept
//! (not `File.text()`, which would drop one itself), so the page and the CLI read a file the same way. A
//! mark anywhere else is an unknown character. [`map_format`] decides, for both, which format a map is.

pub mod decimal;
pub mod movingai;
pub mod share;
pub mod text;
pub mod zlib;

use std::fmt;

use crate::grid::Terrain;
pub use crate::message::quote;
use crate::message::{Arg, Message};

/// A file or link that could not be read, with where the problem is.
#[derive(Clone, Debug, PartialEq)]
pub struct FormatError {
    /// 1-based line, when the problem is on a line.
    pub line: Option<usize>,
    /// 1-based column, when the problem is at a character.
    pub column: Option<usize>,
    /// What is wrong, in words a user understands.
    pub message: Message,
}

impl FormatError {
    /// An error not tied to a line.
    pub fn new(message: impl Into<Message>) -> FormatError {
        FormatError {
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// An error on 1-based `line`.
    pub fn at_line(line: usize, message: impl Into<Message>) -> FormatError {
        FormatError {
            line: Some(line),
            column: None,
            message: message.into(),
        }
    }

    /// An error at 1-based `line` and `column`.
    pub fn at(line: usize, column: usize, message: impl Into<Message>) -> FormatError {
        FormatError {
            line: Some(line),
            column: Some(column),
            message: message.into(),
        }
    }
}

/// The formats' sentences (see [`crate::message`]).
pub(crate) const MESSAGES: &[(&str, &str)] = &[
    ("format.at-column", "line {line}, column {column}: {cause}"),
    ("format.at-line", "line {line}: {cause}"),
    (
        "format.not-a-map",
        "not a map: expected `{own}` (this project's format) or `type octile` (Moving AI)",
    ),
    (
        "format.not-text",
        "(bytes that are not text: is this a map file at all?)",
    ),
    (
        "number.not-whole",
        "{what} {word} is not a whole number: {range}",
    ),
    ("number.too-small", "{what} {word} is too small: {range}"),
    ("number.too-large", "{what} {word} is too large: {range}"),
    ("number.side-range", "it must be 1 to {max}"),
    (
        "number.cost-range",
        "costs are numbers from 0.1 to 255 in steps of 0.1",
    ),
    (
        "number.not-tenths",
        "{what} {word} is not a number with at most one decimal: {range}",
    ),
    (
        "number.hug-range",
        "the wall-hugging penalty is a number from 0 to 1 in steps of 0.1",
    ),
    (
        "number.danger-range",
        "a watcher's danger is a number from 0 to 100 in steps of 0.1",
    ),
    (
        "number.turn-range",
        "the turn penalty is a number from 0 to 5 in steps of 0.1",
    ),
    ("number.radius-range", "a watcher sees 1 to {max} cells far"),
    ("term.hug", "the wall-hugging penalty"),
    ("term.danger", "the danger"),
    ("term.turn", "the turn penalty"),
    ("term.radius", "radius"),
    (
        "number.cell-range",
        "a cell is a column and a row inside the map",
    ),
    (
        "number.scenario-range",
        "scenario fields are whole numbers up to {max}",
    ),
    ("term.width", "width"),
    ("term.height", "height"),
    ("term.x", "x"),
    ("term.y", "y"),
    ("term.start-x", "start x"),
    ("term.start-y", "start y"),
    ("term.goal-x", "goal x"),
    ("term.goal-y", "goal y"),
    ("term.bucket", "bucket"),
    ("number.cost-of", "the cost of {terrain}"),
    ("format.given-twice", "`{key}` is given twice"),
    ("format.expected", "expected `{form}`"),
    (
        "format.unexpected-after",
        "unexpected {word} after `{form}`",
    ),
    ("format.more-rows", "more than {height} rows"),
    (
        "format.row-too-long",
        "row is longer than the width {width}",
    ),
];

/// `cause`, placed at 1-based `line` and `column` of a file.
pub(crate) fn at_column(line: usize, column: usize, cause: impl Into<Message>) -> Message {
    Message::new("format.at-column")
        .int("line", line)
        .int("column", column)
        .message("cause", cause)
}

impl From<FormatError> for Message {
    fn from(e: FormatError) -> Message {
        match (e.line, e.column) {
            (Some(line), Some(column)) => at_column(line, column, e.message),
            (Some(line), None) => Message::new("format.at-line")
                .int("line", line)
                .message("cause", e.message),
            _ => e.message,
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Message::from(self.clone()).fmt(f)
    }
}

impl std::error::Error for FormatError {}

/// The UTF-8 byte-order mark.
pub const BOM: char = '\u{feff}';

/// The two map formats a map file can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapFormat {
    /// The project's own text format ([`text`], first line `astar-map 1`).
    Own,
    /// A Moving AI benchmark map ([`movingai`], first line `type octile`).
    MovingAi,
}

/// Which format map `text` is in, by its first non-blank line; the error names both. The one place
/// where the CLI and the page decide how to read a map file.
pub fn map_format(source: &str) -> Result<MapFormat, FormatError> {
    if text::looks_like(source) {
        Ok(MapFormat::Own)
    } else if movingai::looks_like(source) {
        Ok(MapFormat::MovingAi)
    } else {
        Err(FormatError::at_line(
            1,
            Message::new("format.not-a-map").text("own", text::FIRST_LINE),
        ))
    }
}

/// `text` without a leading byte-order mark (see the module doc).
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// Why a word is not a whole number within its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// Not written as a whole number: a sign, a decimal point, an exponent, a letter, or nothing at all.
    NotWhole,
    /// Written as a whole number, but below the range.
    TooSmall,
    /// Written as a whole number, but above the range (however many digits it has).
    TooLarge,
}

/// `word` as a whole number from `min` to `max`. The formats write numbers in ASCII digits only: no
/// sign (`+4` is not a size), no decimal point, no exponent, no spaces; leading zeros are allowed.
pub fn whole_number(word: &str, min: u64, max: u64) -> Result<u64, NumberError> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NumberError::NotWhole);
    }
    // Digits only, so the one way parsing can fail is a value above u64::MAX.
    match word.parse::<u64>() {
        Ok(v) if v < min => Err(NumberError::TooSmall),
        Ok(v) if v <= max => Ok(v),
        _ => Err(NumberError::TooLarge),
    }
}

/// [`whole_number`] with its message: `what` names the number (`term.width`, "the cost of swamp") and
/// `range` ends every sentence about it ("it must be 1 to 2048"), so a value too small, too large or
/// not a number at all gets the same range.
pub(crate) fn number_at(
    line: usize,
    (column, word): (usize, &str),
    what: impl Into<Message>,
    (min, max): (u64, u64),
    range: impl Into<Message>,
) -> Result<u64, FormatError> {
    let why = match whole_number(word, min, max) {
        Ok(v) => return Ok(v),
        Err(NumberError::NotWhole) => Message::new("number.not-whole").with("word", quote(word)),
        Err(NumberError::TooSmall) => Message::new("number.too-small").text("word", word),
        Err(NumberError::TooLarge) => Message::new("number.too-large").with("word", digits(word)),
    };
    let why = why.message("what", what).message("range", range);
    Err(FormatError::at(line, column, why))
}

/// `word` as a number of tenths from `min` to `max` tenths: digits with at most one decimal after a point
/// ("3" is 30, "0.7" is 7, "2.5" is 25; "1." and ".5" are not numbers, "0.75" has too many decimals).
/// Errors as [`whole_number`]'s, `NotWhole` meaning "not a number with at most one decimal".
pub fn tenths_number(word: &str, min: u64, max: u64) -> Result<u64, NumberError> {
    let (whole, tenth) = match word.split_once('.') {
        Some((whole, tenth)) if tenth.len() == 1 => (whole, tenth),
        Some(_) => return Err(NumberError::NotWhole),
        None => (word, "0"),
    };
    let digits = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(tenth) {
        return Err(NumberError::NotWhole);
    }
    let tenths = whole
        .parse::<u64>()
        .ok()
        .and_then(|v| v.checked_mul(10))
        .and_then(|v| v.checked_add(tenth.parse::<u64>().ok()?));
    match tenths {
        Some(v) if v < min => Err(NumberError::TooSmall),
        Some(v) if v <= max => Ok(v),
        _ => Err(NumberError::TooLarge),
    }
}

/// A terrain cost at `line`, `column` in tenths (0.1 to 255, see [`tenths_number`]); `what` names it ("the
/// cost of swamp").
pub(crate) fn cost_at(
    line: usize,
    word: (usize, &str),
    what: impl Into<Message>,
) -> Result<u16, FormatError> {
    use crate::grid::{MAX_COST_TENTHS, MIN_COST_TENTHS};
    let range = (MIN_COST_TENTHS, MAX_COST_TENTHS);
    tenths_at(line, word, what, range, Message::new("number.cost-range"))
}

/// `word` (at `column` of `line`) as a number of tenths from `min` to `max` ([`tenths_number`]), or an
/// error naming `what` the number is and the `range` it must be in.
pub(crate) fn tenths_at(
    line: usize,
    (column, word): (usize, &str),
    what: impl Into<Message>,
    (min, max): (u16, u16),
    range: Message,
) -> Result<u16, FormatError> {
    let why = match tenths_number(word, min as u64, max as u64) {
        Ok(v) => return Ok(v as u16),
        Err(NumberError::NotWhole) => Message::new("number.not-tenths").with("word", quote(word)),
        Err(NumberError::TooSmall) => Message::new("number.too-small").text("word", word),
        Err(NumberError::TooLarge) => Message::new("number.too-large").with("word", digits(word)),
    };
    let why = why.message("what", what).message("range", range);
    Err(FormatError::at(line, column, why))
}

/// A number of digits for a message: as written when short, else quoted and cut like any excerpt.
fn digits(word: &str) -> Arg {
    if word.len() <= 20 {
        Arg::Text(word.to_string())
    } else {
        quote(word)
    }
}

/// The words of `line`, split at characters for which `separator` is true, each with its 1-based column
/// (in characters).
pub(crate) fn words_split(line: &str, separator: impl Fn(char) -> bool) -> Vec<(usize, &str)> {
    let mut out = vec![];
    let mut start = None;
    for (i, (byte, c)) in line.char_indices().enumerate() {
        match (separator(c), start) {
            (false, None) => start = Some((i + 1, byte)),
            (true, Some((column, from))) => {
                out.push((column, line.get(from..byte).unwrap_or_default()));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((column, from)) = start {
        out.push((column, line.get(from..).unwrap_or_default()));
    }
    out
}

/// The whitespace-separated words of `line` with their 1-based columns.
pub(crate) fn words(line: &str) -> Vec<(usize, &str)> {
    words_split(line, char::is_whitespace)
}

/// The lines of `text` (after a leading byte-order mark) with their 1-based numbers, a CR before each
/// line end dropped.
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    without_bom(text)
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
}

/// The sentences a map format gives about its rows of cells (see [`read_rows`]).
pub(crate) struct RowWords {
    /// A row after the last: the sentence for a map of this width and height.
    pub more_rows: fn(u32, u32) -> Message,
    /// The code of "unknown terrain character {character}".
    pub unknown_character: &'static str,
    /// The code of "{rows} rows where the header says {height}".
    pub too_few_rows: &'static str,
}

/// Reads the rows of a map after its header, the text format's and Moving AI's alike: `height` lines
/// of `width` characters, each a terrain by `cell`, then blank lines only. `last_line` is the number of
/// the header's last line, where a map that ends early is reported. Every way a row can be wrong is an
/// error at its line and column, in `words`.
pub(crate) fn read_rows<'a>(
    lines: impl Iterator<Item = (usize, &'a str)>,
    mut last_line: usize,
    (width, height): (u32, u32),
    cell: impl Fn(char) -> Option<Terrain>,
    words: &RowWords,
) -> Result<Vec<Terrain>, FormatError> {
    let mut terrain = Vec::with_capacity(width as usize * height as usize);
    let mut rows = 0;
    for (n, line) in lines {
        last_line = n;
        if rows == height {
            if line.trim().is_empty() {
                continue;
            }
            return Err(FormatError::at_line(n, (words.more_rows)(width, height)));
        }
        let mut count = 0;
        for (i, c) in line.chars().enumerate() {
            if i as u32 >= width {
                return Err(FormatError::at(
                    n,
                    i + 1,
                    Message::new("format.row-too-long").int("width", width),
                ));
            }
            terrain.push(cell(c).ok_or_else(|| {
                FormatError::at(
                    n,
                    i + 1,
                    Message::new(words.unknown_character)
                        .text("character", crate::message::quoted_char(c)),
                )
            })?);
            count += 1;
        }
        if count != width {
            return Err(FormatError::at(
                n,
                count as usize + 1,
                Message::new("grid.row-length")
                    .int("cells", count)
                    .int("width", width),
            ));
        }
        rows += 1;
    }
    if rows != height {
        return Err(FormatError::at_line(
            last_line,
            Message::new(words.too_few_rows)
                .int("rows", rows)
                .int("height", height),
        ));
    }
    Ok(terrain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_digits_only_and_say_which_end_of_the_range_they_miss() {
        assert_eq!(whole_number("42", 1, 2048), Ok(42));
        assert_eq!(whole_number("0042", 1, 2048), Ok(42));
        for bad in ["", "+4", "-1", "4.0", "1e3", " 4", "٤", "0x10"] {
            assert_eq!(
                whole_number(bad, 0, 100),
                Err(NumberError::NotWhole),
                "{bad:?}"
            );
        }
        assert_eq!(whole_number("0", 1, 2048), Err(NumberError::TooSmall));
        assert_eq!(whole_number("2049", 1, 2048), Err(NumberError::TooLarge));
        assert_eq!(
            whole_number("99999999999999999999999999", 1, 2048),
            Err(NumberError::TooLarge)
        );
    }

    #[test]
    fn a_cost_out_of_range_names_the_same_range_at_both_ends() {
        let range = "costs are numbers from 0.1 to 255 in steps of 0.1";
        let message = |word| {
            let what = Message::new("number.cost-of").term("terrain", "term.swamp");
            cost_at(3, (7, word), what).unwrap_err().to_string()
        };
        let at = "line 3, column 7: the cost of swamp";
        assert_eq!(message("0"), format!("{at} 0 is too small: {range}"));
        assert_eq!(message("0.0"), format!("{at} 0.0 is too small: {range}"));
        assert_eq!(
            message("255.1"),
            format!("{at} 255.1 is too large: {range}")
        );
        assert_eq!(
            message("x"),
            format!("{at} \"x\" is not a number with at most one decimal: {range}")
        );
        assert_eq!(
            message("0.75"),
            format!("{at} \"0.75\" is not a number with at most one decimal: {range}")
        );
    }

    #[test]
    fn tenths_have_at_most_one_decimal() {
        let t = |w| tenths_number(w, 1, 2550);
        assert_eq!(t("3"), Ok(30));
        assert_eq!(t("0.7"), Ok(7));
        assert_eq!(t("2.5"), Ok(25));
        assert_eq!(t("255"), Ok(2550));
        assert_eq!(t("007.0"), Ok(70));
        for bad in [
            "", "1.", ".5", "0.75", "1,5", "-1", "+2", "1e2", "1.2.3", " 1",
        ] {
            assert_eq!(t(bad), Err(NumberError::NotWhole), "{bad:?}");
        }
        assert_eq!(t("0.0"), Err(NumberError::TooSmall));
        assert_eq!(t("99999999999999999999"), Err(NumberError::TooLarge));
    }

    #[test]
    fn a_leading_byte_order_mark_is_dropped_and_only_there() {
        assert_eq!(without_bom("\u{feff}type octile"), "type octile");
        assert_eq!(without_bom("type\u{feff}"), "type\u{feff}");
        assert_eq!(without_bom("\u{feff}\u{feff}x"), "\u{feff}x");
        let lines: Vec<_> = numbered_lines("\u{feff}a\r\nb").collect();
        assert_eq!(lines, [(1, "a"), (2, "b")]);
    }

    #[test]
    fn excerpts_are_quoted_short_and_printable() {
        assert_eq!(quote("size 3").to_string(), "\"size 3\"");
        assert_eq!(quote("a\tb").to_string(), "\"a\\tb\"");
        assert_eq!(
            quote(&"x".repeat(300)).to_string(),
            format!("\"{}…\"", "x".repeat(32))
        );
        assert_eq!(
            quote("\u{1}\u{2}ELF").to_string(),
            "(bytes that are not text: is this a map file at all?)"
        );
        assert_eq!(quote("ab\u{fffd}"), quote("\u{0}"));
    }
}
