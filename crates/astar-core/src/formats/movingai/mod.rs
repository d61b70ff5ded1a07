//! Moving AI benchmark files: `.map` grids and `.map.scen` problem lists.
//!
//! A `.map` is a header (`type octile`, `height H`, `width W`, `map`) then H rows of W characters. `.`, `G`
//! and `S` are passable and read as plain (the benchmark gives every passable cell the same cost); `@`, `O`,
//! `T` and `W` are walls. A `.map.scen` is `version 1` (or `version 1.0`) then one problem a line:
//! `bucket map width height start_x start_y goal_x goal_y optimal_length`, tab or space separated.
//! Both accept CRLF line ends, a missing final newline and a leading byte-order mark (see the module
//! doc of `formats`).
//!
//! What the format does not define is refused, with the line and column: a map type other than
//! `octile` (there are no hex or tile maps here), a header key given twice or missing, a size written
//! with a sign, a decimal point or extra words, a scenario number that is not plain digits, an optimal
//! length that is not a plain decimal (`3.41421`; no sign, exponent, `inf` or `NaN`).

use super::{
    number_at, numbered_lines, quote, read_rows, without_bom, words, words_split, FormatError,
    RowWords,
};
use crate::cost;
use crate::grid::{Grid, Terrain, TerrainCosts, MAX_SIDE};
use crate::heuristic::Heuristic;
use crate::message::Message;
use crate::movement::{CornerRule, Movement};
use crate::search::{Algorithm, SearchParams, TieBreak, Weight};
use std::fmt;

/// The settings under which the benchmark's optimal lengths hold: A*, octile, w = 1, 8-neighbour
/// without corner cutting (uniform costs: [`parse_map`] reads every passable cell as plain).
pub const PARAMS: SearchParams = SearchParams {
    algorithm: Algorithm::AStar,
    heuristic: Heuristic::Octile,
    weight: Weight::ONE,
    movement: Movement::Eight(CornerRule::NoCut),
    tie_break: TieBreak::LowerH,
    expansion_limit: None,
    cluster_size: None,
    unscaled_h: false,
    danger_in_h: false,
};

/// True if `text` looks like a Moving AI map: its first non-blank line starts with the word `type`
/// (what comes after it is for [`parse_map`] to judge).
pub fn looks_like(text: &str) -> bool {
    without_bom(text)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.split_whitespace().next() == Some("type"))
}

/// Reads a Moving AI `.map`.
pub fn parse_map(text: &str) -> Result<Grid, FormatError> {
    let mut lines = numbered_lines(text);
    let mut width = None;
    let mut height = None;
    let mut typed = false;
    // The line read last: a map cut short is reported there.
    let mut last_line;
    loop {
        let Some((n, line)) = lines.next() else {
            return Err(FormatError::new(Message::new("movingai.no-map-line")));
        };
        last_line = n;
        let w = words(line);
        let Some(&(key_column, key)) = w.first() else {
            continue;
        };
        let args = &w[1..];
        let repeated = match key {
            "type" => std::mem::replace(&mut typed, true),
            "height" => height.is_some(),
            "width" => width.is_some(),
            _ => false,
        };
        if repeated {
            let twice = Message::new("format.given-twice").text("key", key);
            return Err(FormatError::at_line(n, twice));
        }
        let expect = |count: usize, form: &str| match args.get(count) {
            None if args.len() == count => Ok(()),
            Some(&(column, extra)) => Err(FormatError::at(
                n,
                column,
                Message::new("format.unexpected-after")
                    .with("word", quote(extra))
                    .text("form", form),
            )),
            None => Err(FormatError::at(
                n,
                key_column,
                Message::new("format.expected").text("form", form),
            )),
        };
        match key {
            "type" => {
                expect(1, "type octile")?;
                let (column, kind) = args[0];
                if kind != "octile" {
                    return Err(FormatError::at(
                        n,
                        column,
                        Message::new("movingai.other-type").with("kind", quote(kind)),
                    ));
                }
            }
            "height" | "width" => {
                expect(1, &format!("{key} N"))?;
                let range = Message::new("number.side-range").int("max", MAX_SIDE);
                let what = match key {
                    "height" => Message::new("term.height"),
                    _ => Message::new("term.width"),
                };
                let side = number_at(n, args[0], what, (1, MAX_SIDE.into()), range)? as u32;
                match key {
                    "height" => height = Some(side),
                    _ => width = Some(side),
                }
            }
            "map" => {
                expect(0, "map")?;
                break;
            }
            _ => {
                return Err(FormatError::at_line(
                    n,
                    Message::new("movingai.unexpected-header").with("line", quote(line)),
                ))
            }
        }
    }
    if !typed {
        return Err(FormatError::new(Message::new("movingai.no-type")));
    }
    let no = |side| FormatError::new(Message::new("movingai.no-side").term("side", side));
    let width = width.ok_or_else(|| no("term.width"))?;
    let height = height.ok_or_else(|| no("term.height"))?;
    let words = RowWords {
        more_rows: |_, height| Message::new("format.more-rows").int("height", height),
        unknown_character: "movingai.unknown-character",
        too_few_rows: "movingai.too-few-rows",
    };
    let cell = |c| match c {
        '.' | 'G' | 'S' => Some(Terrain::Plain),
        '@' | 'O' | 'T' | 'W' => Some(Terrain::Wall),
        _ => None,
    };
    let terrain = read_rows(lines, last_line, (width, height), cell, &words)?;
    Grid::from_terrain(width, height, terrain, TerrainCosts::UNIFORM).map_err(FormatError::new)
}

/// Writes a grid as a Moving AI `.map` (`.` passable, `@` wall; terrain costs are not kept).
pub fn write_map(grid: &Grid) -> String {
    let mut out = format!(
        "type octile\nheight {}\nwidth {}\nmap\n",
        grid.height(),
        grid.width()
    );
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            out.push(if grid.is_passable(grid.cell(x, y)) {
                '.'
            } else {
                '@'
            });
        }
        out.push('\n');
    }
    out
}

/// One problem of a scenario file.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Problem {
    /// The bucket (difficulty group) number.
    pub bucket: u32,
    /// The map's file name, without any directory.
    pub map: String,
    /// Map width the problem was made for.
    pub width: u32,
    /// Map height the problem was made for.
    pub height: u32,
    /// Start column.
    pub start_x: u32,
    /// Start row.
    pub start_y: u32,
    /// Goal column.
    pub goal_x: u32,
    /// Goal row.
    pub goal_y: u32,
    /// The optimal path length (8-neighbour, √2 diagonals, no corner cutting, uniform costs).
    pub optimal: f64,
    /// How many decimals the optimal length was printed with (for the comparison tolerance).
    pub decimals: u32,
}

/// What the benchmark files' own √2 may put their lengths below the true ones, as a fraction of the length:
/// it is a little short (27 diagonal steps print as 38.18376617, where 27·√2 = 38.183766184, 3.7e-10 less),
/// so 1e-8 covers it with room.
pub const PRINTED_SQRT2_SLACK: f64 = 1e-8;

/// True if `length`, a path's cost as the engines compute it, matches an optimal length printed as
/// `optimal` with `decimals` decimals. Allowed, and no more: the print's rounding (half a unit of its last
/// decimal), the files' √2 ([`PRINTED_SQRT2_SLACK`] of the length), and the engines' representation
/// ([`cost::DIAGONAL_RELATIVE_ERROR`] of the length: a cost reads at most that much above its path's true
/// length, and an optimal search's path is at most that much longer than the shortest). On a path 1,000
/// long that is about 0.0011: a detour of 0.01 is a mismatch.
pub fn matches_optimal(optimal: f64, decimals: u32, length: f64) -> bool {
    within_print(optimal, decimals, length, cost::DIAGONAL_RELATIVE_ERROR)
}

/// [`matches_optimal`] for a search that priced its steps exactly ([`cost::Pricing`]) and a `length`
/// computed exactly from its path ([`crate::search::validate::grid_path_length`]): nothing is allowed for
/// the representation, so a path longer than the optimum by more than the print's rounding and the
/// files' √2 is a mismatch however long the path (on a path 1,000 long, 5e-9 where the fixed point needs
/// 0.0011).
pub fn matches_optimal_exactly(optimal: f64, decimals: u32, length: f64) -> bool {
    within_print(optimal, decimals, length, 0.0)
}

/// True when `length` is `optimal`, printed with `decimals` decimals, give or take the print's rounding,
/// the files' √2 and `representation` of the length.
fn within_print(optimal: f64, decimals: u32, length: f64, representation: f64) -> bool {
    let rounding = 0.5 * 10f64.powi(-(decimals as i32));
    let tolerance = rounding + optimal.abs() * (PRINTED_SQRT2_SLACK + representation);
    (length - optimal).abs() <= tolerance
}

impl Problem {
    /// True if `length` matches the optimal length (see [`matches_optimal`]).
    pub fn matches(&self, length: f64) -> bool {
        matches_optimal(self.optimal, self.decimals, length)
    }

    /// True if `length` matches the optimal length exactly (see [`matches_optimal_exactly`]).
    pub fn matches_exactly(&self, length: f64) -> bool {
        matches_optimal_exactly(self.optimal, self.decimals, length)
    }

    /// The start and goal cells of the problem on `grid`, or why it cannot be solved there: it was made
    /// for a map of another size, or an end is outside the map or on a wall.
    pub fn cells(&self, grid: &Grid) -> Result<(u32, u32), ProblemError> {
        let (width, height) = (grid.width(), grid.height());
        if (self.width, self.height) != (width, height) {
            return Err(ProblemError::OtherSize {
                problem: (self.width, self.height),
                name: self.map.clone(),
                map: (width, height),
            });
        }
        let cell = |end: &'static str, x: u32, y: u32| {
            if x >= width || y >= height {
                return Err(ProblemError::Outside {
                    end,
                    at: (x, y),
                    map: (width, height),
                });
            }
            let cell = grid.cell(x, y);
            match grid.is_passable(cell) {
                true => Ok(cell),
                false => Err(ProblemError::OnWall { end, at: (x, y) }),
            }
        };
        Ok((
            cell("start", self.start_x, self.start_y)?,
            cell("goal", self.goal_x, self.goal_y)?,
        ))
    }
}

/// Why a scenario problem cannot be solved on a map. Displayed as the rest of a sentence about the
/// problem ("problem 3 of the scenario has its goal (2, 1) on a wall").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemError {
    /// The problem was made for a map of another size.
    OtherSize {
        /// Width and height the problem names.
        problem: (u32, u32),
        /// The map file the problem names.
        name: String,
        /// Width and height of the map at hand.
        map: (u32, u32),
    },
    /// Its start or goal (`end`) is outside the map.
    Outside {
        /// "start" or "goal".
        end: &'static str,
        /// The cell (x, y).
        at: (u32, u32),
        /// Width and height of the map.
        map: (u32, u32),
    },
    /// Its start or goal (`end`) is on a wall.
    OnWall {
        /// "start" or "goal".
        end: &'static str,
        /// The cell (x, y).
        at: (u32, u32),
    },
}

/// The Moving AI formats' sentences (see [`crate::message`]).
pub(crate) const MESSAGES: &[(&str, &str)] = &[
    (
        "problem.other-size",
        "is for a {width} x {height} map ({name}), but this map is {mapwidth} x {mapheight}",
    ),
    (
        "problem.outside",
        "has its {end} ({x}, {y}) outside the {width} x {height} map",
    ),
    ("problem.on-wall", "has its {end} ({x}, {y}) on a wall"),
    ("movingai.no-map-line", "the map ends before its `map` line"),
    (
        "movingai.other-type",
        "map type {kind} is not defined: Moving AI maps are `type octile`",
    ),
    (
        "movingai.unexpected-header",
        "unexpected header line {line}",
    ),
    ("movingai.no-type", "the header has no `type octile` line"),
    ("movingai.no-side", "the header has no {side}"),
    (
        "movingai.unknown-character",
        "unknown map character {character}",
    ),
    (
        "movingai.too-few-rows",
        "the file ends there: the map has {rows} rows, its header says {height}",
    ),
    (
        "scen.no-problems",
        "the scenario lists no problems, so there is nothing to check",
    ),
    (
        "scen.other-version",
        "scenario version {version} is not supported: this reads version 1",
    ),
    (
        "scen.starts-with",
        "a scenario file starts with `version 1`",
    ),
    ("scen.fields", "expected {expected} fields, found {found}"),
    (
        "scen.not-decimal",
        "optimal length {length} is not a decimal number like 3.41421",
    ),
    (
        "scen.length-too-large",
        "optimal length {length} is too large",
    ),
    ("scen.folder", "the map {map} names a folder, not a file"),
];

/// The term for "start" or "goal".
fn end_term(end: &str) -> &'static str {
    if end == "goal" {
        "term.goal"
    } else {
        "term.start"
    }
}

impl From<ProblemError> for Message {
    fn from(e: ProblemError) -> Message {
        match e {
            ProblemError::OtherSize { problem, name, map } => Message::new("problem.other-size")
                .int("width", problem.0)
                .int("height", problem.1)
                .text("name", name)
                .int("mapwidth", map.0)
                .int("mapheight", map.1),
            ProblemError::Outside { end, at, map } => Message::new("problem.outside")
                .term("end", end_term(end))
                .int("x", at.0)
                .int("y", at.1)
                .int("width", map.0)
                .int("height", map.1),
            ProblemError::OnWall { end, at } => Message::new("problem.on-wall")
                .term("end", end_term(end))
                .int("x", at.0)
                .int("y", at.1),
        }
    }
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Message::from(self.clone()).fmt(f)
    }
}

impl std::error::Error for ProblemError {}

/// Reads a Moving AI `.map.scen` that must list at least one problem: a scenario without problems
/// would check nothing, so the page and `astar check` both refuse it.
pub fn parse_scen_problems(text: &str) -> Result<Vec<Problem>, FormatError> {
    let problems = parse_scen(text)?;
    if problems.is_empty() {
        return Err(FormatError::new(Message::new("scen.no-problems")));
    }
    Ok(problems)
}

/// Reads a Moving AI `.map.scen`.
pub fn parse_scen(text: &str) -> Result<Vec<Problem>, FormatError> {
    let mut lines = numbered_lines(text);
    let first = lines.next().map_or("", |(_, line)| line);
    let mut words = first.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some("version"), Some("1" | "1.0"), None) => {}
        (Some("version"), Some(version), None) => {
            return Err(FormatError::at_line(
                1,
                Message::new("scen.other-version").with("version", quote(version)),
            ))
        }
        _ => return Err(FormatError::at_line(1, Message::new("scen.starts-with"))),
    }
    let mut problems = Vec::new();
    for (n, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let fields = words_split(line, |c| c == '\t' || c == ' ');
        if fields.len() != 9 {
            return Err(FormatError::at_line(
                n,
                Message::new("scen.fields")
                    .int("expected", 9)
                    .int("found", fields.len()),
            ));
        }
        let number = |i: usize, name: &'static str| {
            let range = Message::new("number.scenario-range").int("max", u32::MAX);
            number_at(
                n,
                fields[i],
                Message::new(name),
                (0, u32::MAX.into()),
                range,
            )
            .map(|v| v as u32)
        };
        let (optimal_column, optimal_text) = fields[8];
        let optimal = optimal_length(optimal_text).map_err(|why| {
            FormatError::at(
                n,
                optimal_column,
                Message::new(why).with("length", quote(optimal_text)),
            )
        })?;
        let (map_column, map_path) = fields[1];
        // The file name, without the folders the benchmark's files put before it.
        let map = map_path.rsplit(['/', '\\']).next().unwrap_or(map_path);
        if map.is_empty() {
            return Err(FormatError::at(
                n,
                map_column,
                Message::new("scen.folder").with("map", quote(map_path)),
            ));
        }
        problems.push(Problem {
            bucket: number(0, "term.bucket")?,
            map: map.to_string(),
            width: number(2, "term.width")?,
            height: number(3, "term.height")?,
            start_x: number(4, "term.start-x")?,
            start_y: number(5, "term.start-y")?,
            goal_x: number(6, "term.goal-x")?,
            goal_y: number(7, "term.goal-y")?,
            optimal,
            decimals: optimal_text
                .split_once('.')
                .map_or(0, |(_, d)| d.len() as u32),
        });
    }
    Ok(problems)
}

/// An optimal length as the benchmark prints it: digits, optionally a point and more digits
/// (`3.41421356`, `12`); or why not (the code of a message with the length as `{length}`).
fn optimal_length(text: &str) -> Result<f64, &'static str> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) {
        return Err("scen.not-decimal");
    }
    read_decimal(text).ok_or("scen.length-too-large")
}

/// A decimal's value. Natively the standard library's exact reader; in the page's wasm module the
/// project's own small one (`decimal.rs`: the standard reader's tables would add 15 KB), which is
/// exact for every length a benchmark file writes and within a few units in the last place beyond that,
/// far inside the tolerance the value is compared with (`matches_optimal`: at least half a unit of the
/// last decimal printed).
pub(crate) fn read_decimal(text: &str) -> Option<f64> {
    #[cfg(target_arch = "wasm32")]
    return super::decimal::parse(text);
    #[cfg(not(target_arch = "wasm32"))]
    return text.parse::<f64>().ok().filter(|v| v.is_finite());
}

#[cfg(test)]
mod tests;
