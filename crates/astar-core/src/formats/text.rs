//! The project's own text map format: terrain, the cost table, and optionally the start and goal.
//!
//! ```text
//! astar-map 1                          <- magic word and format version (this module reads version 1)
//! size 8 3                             <- width height, each 1..=2048 (required)
//! costs plain 1 road 0.7 forest 3 swamp 5  <- optional; any subset, in any order, each once; 0.1 to 255
//!                                         in steps of 0.1; defaults plain 1, road 0.7, forest 3, swamp 5
//! start 0 1                            <- optional: x y of the start cell (column, row; 0-based)
//! goal 7 1                             <- optional: x y of the goal cell
//! hug 0.5                              <- optional: the wall-hugging penalty, 0 to 1 in steps of 0.1
//! danger 5                             <- optional: what each watcher that sees a cell adds to entering it,
//!                                         0 to 100 in steps of 0.1 (see `penalty.rs`; both default to 0)
//! watcher 3 1 2                        <- optional, once per watcher (at most 32): x y radius (1 to 64)
//! turn 2                               <- optional: what each change of direction adds, 0 to 5 in steps
//!                                         of 0.1 (default 0)
//! map                                  <- ends the header
//! ..ff~~..                             <- exactly `height` rows of `width` characters:
//! ..##~~..                                `#` wall, `.` plain, `f` forest, `~` swamp, `=` road
//! ........
//! ```
//! Header lines may come in any order after the version line; blank lines in the header and after the
//! rows are ignored; CRLF line ends and a missing final newline are accepted. Every error names its
//! 1-based line, and its column where one character or word is at fault. Start and goal must be inside
//! the map and not on a wall. The writer emits exactly this layout, so `parse(write(m)) == m`.

use super::{
    cost_at, number_at, numbered_lines, quote, read_rows, tenths_at, without_bom, words,
    FormatError, RowWords,
};
use crate::grid::{tenths_text, terrain_term, Grid, Terrain, TerrainCosts, MAX_SIDE};
use crate::message::Message;
use crate::names::Named;
use crate::penalty::{
    Penalties, Watcher, MAX_DANGER_TENTHS, MAX_HUG_TENTHS, MAX_TURN_TENTHS, MAX_WATCHERS,
    MAX_WATCH_RADIUS,
};

/// The first word of every file in this format.
pub const MAGIC: &str = "astar-map";

/// The format version this module reads and writes.
pub const VERSION: u32 = 1;

/// The first line of every file this module writes: [`MAGIC`] and [`VERSION`].
pub const FIRST_LINE: &str = "astar-map 1";

/// This format's sentences (see [`crate::message`]).
pub(crate) const MESSAGES: &[(&str, &str)] = &[
    (
        "text.empty",
        "the file is empty: a map starts with `{first}`",
    ),
    (
        "text.other-version",
        "format version {version} is not supported: this tool reads version {supported}",
    ),
    ("text.starts-with", "a map starts with `{first}`"),
    ("text.no-map-line", "the file ends before its `map` line"),
    (
        "text.costs-form",
        "expected `costs plain N road N forest N swamp N` (any of them, in any order)",
    ),
    ("text.cost-twice", "the cost of {terrain} is given twice"),
    (
        "text.unknown-terrain",
        "unknown terrain {name}: use plain, road, forest or swamp",
    ),
    (
        "text.unknown-header",
        "unknown header line {key}: expected size, costs, start, goal, hug, danger, watcher, turn or map",
    ),
    ("text.no-size", "the header has no `size WIDTH HEIGHT` line"),
    (
        "text.more-rows",
        "more than {height} rows (the size line says {width} x {height})",
    ),
    (
        "text.unknown-character",
        "unknown terrain character {character}: use # wall, . plain, f forest, ~ swamp, = road",
    ),
    (
        "text.too-few-rows",
        "the file ends there: the map has {rows} rows, its size line says {height}",
    ),
    (
        "text.end-outside",
        "{end} ({x}, {y}) is outside the {width} x {height} map",
    ),
    ("text.end-on-wall", "{end} ({x}, {y}) is on a wall"),
];

/// A map read from (or to be written to) the text format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextMap {
    /// Terrain and costs.
    pub grid: Grid,
    /// Start cell (x, y), if the file names one.
    pub start: Option<(u32, u32)>,
    /// Goal cell (x, y), if the file names one.
    pub goal: Option<(u32, u32)>,
}

impl TextMap {
    /// A map without start or goal.
    pub fn new(grid: Grid) -> TextMap {
        TextMap {
            grid,
            start: None,
            goal: None,
        }
    }
}

/// True if `text` looks like this format (its first non-blank line starts with [`MAGIC`]), so that a
/// caller can tell it from a Moving AI `.map` by content.
pub fn looks_like(text: &str) -> bool {
    without_bom(text)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.split_whitespace().next() == Some(MAGIC))
}

/// Reads a map in this format (see the module doc).
pub fn parse(text: &str) -> Result<TextMap, FormatError> {
    let mut lines = numbered_lines(text).skip_while(|(_, l)| l.trim().is_empty());
    let Some((first_line, first)) = lines.next() else {
        return Err(FormatError::new(
            Message::new("text.empty").text("first", FIRST_LINE),
        ));
    };
    match words(first).as_slice() {
        [(_, magic), (column, version)] if *magic == MAGIC => {
            if *version != VERSION.to_string() {
                return Err(FormatError::at(
                    first_line,
                    *column,
                    Message::new("text.other-version")
                        .with("version", quote(version))
                        .int("supported", VERSION),
                ));
            }
        }
        _ => {
            return Err(FormatError::at_line(
                first_line,
                Message::new("text.starts-with").text("first", FIRST_LINE),
            ))
        }
    }

    let mut size = None;
    let mut costs: Option<TerrainCosts> = None;
    let mut start = None;
    let mut goal = None;
    let (mut hug, mut danger, mut turn) = (None, None, None);
    // Each watcher with the line that gives it.
    let mut watchers: Vec<(usize, Watcher)> = Vec::new();
    // The line read last: a map cut short is reported there.
    let mut last_line;
    loop {
        let Some((n, line)) = lines.next() else {
            return Err(FormatError::new(Message::new("text.no-map-line")));
        };
        last_line = n;
        let w = words(line);
        let Some(&(key_column, key)) = w.first() else {
            continue;
        };
        let args = &w[1..];
        let seen = match key {
            "size" => size.is_some(),
            "costs" => costs.is_some(),
            "start" => start.is_some(),
            "goal" => goal.is_some(),
            "hug" => hug.is_some(),
            "danger" => danger.is_some(),
            "turn" => turn.is_some(),
            _ => false,
        };
        if seen {
            return Err(FormatError::at(
                n,
                key_column,
                Message::new("format.given-twice").text("key", key),
            ));
        }
        let expect = |count: usize, form: &str| {
            if args.len() == count {
                Ok(())
            } else {
                let expected = Message::new("format.expected").text("form", form);
                Err(FormatError::at(n, key_column, expected))
            }
        };
        match key {
            "map" => {
                expect(0, "map")?;
                break;
            }
            "size" => {
                expect(2, "size WIDTH HEIGHT")?;
                let side = |i: usize, what: &'static str| {
                    let range = Message::new("number.side-range").int("max", MAX_SIDE);
                    let what = Message::new(what);
                    number_at(n, args[i], what, (1, MAX_SIDE.into()), range).map(|v| v as u32)
                };
                size = Some((side(0, "term.width")?, side(1, "term.height")?));
            }
            "costs" => {
                if args.is_empty() || !args.len().is_multiple_of(2) {
                    return Err(FormatError::at(
                        n,
                        key_column,
                        Message::new("text.costs-form"),
                    ));
                }
                let mut table = TerrainCosts::default();
                let mut named: Vec<&str> = Vec::with_capacity(Terrain::PASSABLE.len());
                for pair in args.chunks(2) {
                    let (column, name) = pair[0];
                    if named.contains(&name) {
                        return Err(FormatError::at(
                            n,
                            column,
                            Message::new("text.cost-twice").text("terrain", name),
                        ));
                    }
                    named.push(name);
                    let value = cost_at(n, pair[1], cost_of(name))?;
                    match Terrain::from_name(name) {
                        Ok(terrain) if terrain != Terrain::Wall => {
                            table = table.with(terrain, value);
                        }
                        _ => {
                            return Err(FormatError::at(
                                n,
                                column,
                                Message::new("text.unknown-terrain").with("name", quote(name)),
                            ))
                        }
                    }
                }
                costs = Some(table);
            }
            "start" | "goal" => {
                expect(2, &format!("{key} X Y"))?;
                // Checked against the size once the whole header is read.
                let xy = cell_at(n, args)?;
                if key == "start" {
                    start = Some((n, xy));
                } else {
                    goal = Some((n, xy));
                }
            }
            "hug" => {
                expect(1, "hug N")?;
                let range = Message::new("number.hug-range");
                let what = Message::new("term.hug");
                hug = Some(tenths_at(n, args[0], what, (0, MAX_HUG_TENTHS), range)?);
            }
            "danger" => {
                expect(1, "danger N")?;
                let range = Message::new("number.danger-range");
                let what = Message::new("term.danger");
                danger = Some(tenths_at(n, args[0], what, (0, MAX_DANGER_TENTHS), range)?);
            }
            "turn" => {
                expect(1, "turn N")?;
                let range = Message::new("number.turn-range");
                let what = Message::new("term.turn");
                turn = Some(tenths_at(n, args[0], what, (0, MAX_TURN_TENTHS), range)?);
            }
            "watcher" => {
                expect(3, "watcher X Y RADIUS")?;
                if watchers.len() == MAX_WATCHERS {
                    let why = Message::new("grid.too-many-watchers").int("max", MAX_WATCHERS);
                    return Err(FormatError::at(n, key_column, why));
                }
                let (x, y) = cell_at(n, args)?;
                let range = Message::new("number.radius-range").int("max", MAX_WATCH_RADIUS);
                let radius = Message::new("term.radius");
                let radius = number_at(n, args[2], radius, (1, MAX_WATCH_RADIUS.into()), range)?;
                let radius = radius as u32;
                watchers.push((n, Watcher { x, y, radius }));
            }
            _ => {
                return Err(FormatError::at(
                    n,
                    key_column,
                    Message::new("text.unknown-header").with("key", quote(key)),
                ))
            }
        }
    }

    let (width, height) = size.ok_or_else(|| FormatError::new(Message::new("text.no-size")))?;
    let words = RowWords {
        more_rows: |width, height| {
            Message::new("text.more-rows")
                .int("height", height)
                .int("width", width)
        },
        unknown_character: "text.unknown-character",
        too_few_rows: "text.too-few-rows",
    };
    let terrain = read_rows(
        lines,
        last_line,
        (width, height),
        Terrain::from_char,
        &words,
    )?;
    let mut grid = Grid::from_terrain(width, height, terrain, costs.unwrap_or_default())
        .map_err(FormatError::new)?;
    for &(n, watcher) in &watchers {
        if watcher.x >= width || watcher.y >= height {
            return Err(FormatError::at_line(
                n,
                Message::new("text.end-outside")
                    .term("end", "term.watcher")
                    .int("x", watcher.x)
                    .int("y", watcher.y)
                    .int("width", width)
                    .int("height", height),
            ));
        }
    }
    let penalties = Penalties {
        hug_tenths: hug.unwrap_or(0),
        danger_tenths: danger.unwrap_or(0),
        watchers: watchers.into_iter().map(|(_, watcher)| watcher).collect(),
        turn_tenths: turn.unwrap_or(0),
    };
    grid.set_penalties(penalties).map_err(FormatError::new)?;
    let check = |end: Option<(usize, (u32, u32))>,
                 what: &'static str|
     -> Result<Option<(u32, u32)>, FormatError> {
        let Some((n, (x, y))) = end else {
            return Ok(None);
        };
        if x >= width || y >= height {
            return Err(FormatError::at_line(
                n,
                Message::new("text.end-outside")
                    .term("end", what)
                    .int("x", x)
                    .int("y", y)
                    .int("width", width)
                    .int("height", height),
            ));
        }
        if !grid.is_passable(grid.cell(x, y)) {
            return Err(FormatError::at_line(
                n,
                Message::new("text.end-on-wall")
                    .term("end", what)
                    .int("x", x)
                    .int("y", y),
            ));
        }
        Ok(Some((x, y)))
    };
    let start = check(start, "term.start")?;
    let goal = check(goal, "term.goal")?;
    Ok(TextMap { grid, start, goal })
}

/// The column and row in the first two words of `args` (line `n`): whole numbers, checked against the map's
/// size once the header is read (start, goal and watcher lines).
fn cell_at(n: usize, args: &[(usize, &str)]) -> Result<(u32, u32), FormatError> {
    let coordinate = |i: usize, what: &'static str| {
        let range = Message::new("number.cell-range");
        number_at(n, args[i], Message::new(what), (0, u32::MAX.into()), range).map(|v| v as u32)
    };
    Ok((coordinate(0, "term.x")?, coordinate(1, "term.y")?))
}

/// "the cost of swamp": what a cost's number is called in a message.
fn cost_of(name: &str) -> Message {
    match Terrain::from_name(name) {
        Ok(_) => Message::new("number.cost-of").term("terrain", terrain_term(name)),
        Err(_) => Message::new("number.cost-of").text("terrain", name),
    }
}

/// Writes a map in this format (see the module doc); [`parse`] reads it back unchanged.
pub fn write(map: &TextMap) -> String {
    let grid = &map.grid;
    let costs = grid.costs();
    let mut out = format!(
        "{MAGIC} {VERSION}\nsize {} {}\ncosts {}\n",
        grid.width(),
        grid.height(),
        costs.words()
    );
    if let Some((x, y)) = map.start {
        out.push_str(&format!("start {x} {y}\n"));
    }
    if let Some((x, y)) = map.goal {
        out.push_str(&format!("goal {x} {y}\n"));
    }
    let penalties = grid.penalties();
    if penalties.hug_tenths > 0 {
        out.push_str(&format!("hug {}\n", tenths_text(penalties.hug_tenths)));
    }
    if penalties.danger_tenths > 0 {
        out.push_str(&format!(
            "danger {}\n",
            tenths_text(penalties.danger_tenths)
        ));
    }
    for w in &penalties.watchers {
        out.push_str(&format!("watcher {} {} {}\n", w.x, w.y, w.radius));
    }
    if penalties.turn_tenths > 0 {
        out.push_str(&format!("turn {}\n", tenths_text(penalties.turn_tenths)));
    }
    out.push_str("map\n");
    out.push_str(&grid.to_ascii());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "astar-map 1\nsize 8 3\ncosts plain 1 road 0.7 forest 3 swamp 5\nstart 0 1\ngoal 7 1\nmap\n..ff~~..\n..##~~..\n========\n";

    #[test]
    fn reads_the_documented_example_and_writes_it_back_identically() {
        let map = parse(SAMPLE).unwrap();
        assert_eq!((map.grid.width(), map.grid.height()), (8, 3));
        assert_eq!(map.start, Some((0, 1)));
        assert_eq!(map.goal, Some((7, 1)));
        assert_eq!(map.grid.terrain(map.grid.cell(2, 0)), Terrain::Forest);
        assert_eq!(map.grid.terrain(map.grid.cell(2, 1)), Terrain::Wall);
        assert_eq!(map.grid.terrain(map.grid.cell(2, 2)), Terrain::Road);
        assert_eq!(map.grid.costs().road, 7);
        assert_eq!(write(&map), SAMPLE);
    }

    #[test]
    fn round_trips_custom_costs_and_no_end_cells() {
        let mut grid = Grid::from_ascii("#.f~\n~f.#").unwrap();
        grid.set_costs(TerrainCosts::whole(2, 200, 255)).unwrap();
        let map = TextMap::new(grid);
        let text = write(&map);
        assert!(!text.contains("start") && !text.contains("goal"));
        assert_eq!(parse(&text).unwrap(), map);
    }

    #[test]
    fn accepts_crlf_blank_lines_any_header_order_partial_costs_and_no_final_newline() {
        let text =
            "\r\nastar-map 1\r\n\r\ngoal 1 0\r\ncosts swamp 9 road 0.3\r\nsize 2 1\r\nmap\r\n.~";
        let map = parse(text).unwrap();
        assert_eq!(
            map.grid.costs(),
            TerrainCosts {
                swamp: 90,
                road: 3,
                ..TerrainCosts::default()
            }
        );
        assert_eq!(map.goal, Some((1, 0)));
        assert_eq!(map.start, None);
        assert!(looks_like(text));
        assert!(!looks_like("type octile\nheight 1\n"));
    }

    #[test]
    fn errors_name_line_and_column() {
        let cases = [
            ("", "the file is empty: a map starts with `astar-map 1`"),
            ("type octile\n", "line 1: a map starts with `astar-map 1`"),
            ("astar-map 2\n", "line 1, column 11: format version \"2\" is not supported: this tool reads version 1"),
            ("astar-map 1\nsize 2 1\n", "the file ends before its `map` line"),
            ("astar-map 1\nmap\n", "the header has no `size WIDTH HEIGHT` line"),
            ("astar-map 1\nsize 0 1\nmap\n", "line 2, column 6: width 0 is too small: it must be 1 to 2048"),
            ("astar-map 1\nsize 2049 1\nmap\n", "line 2, column 6: width 2049 is too large: it must be 1 to 2048"),
            ("astar-map 1\nsize 99999999999 1\nmap\n", "line 2, column 6: width 99999999999 is too large: it must be 1 to 2048"),
            ("astar-map 1\nsize 2 +1\nmap\n", "line 2, column 8: height \"+1\" is not a whole number: it must be 1 to 2048"),
            ("astar-map 1\nsize 2 x\nmap\n", "line 2, column 8: height \"x\" is not a whole number: it must be 1 to 2048"),
            ("astar-map 1\nstart 99999999999 0\n", "line 2, column 7: x 99999999999 is too large: a cell is a column and a row inside the map"),
            ("astar-map 1\nstart 0 -1\n", "line 2, column 9: y \"-1\" is not a whole number: a cell is a column and a row inside the map"),
            ("astar-map 1\nsize 2 1\nsize 2 1\n", "line 3, column 1: `size` is given twice"),
            ("astar-map 1\n  colour red\n", "line 2, column 3: unknown header line \"colour\": expected size, costs, start, goal, hug, danger, watcher, turn or map"),
            ("astar-map 1\nsize 2 1\ncosts lava 3\nmap\n..\n", "line 3, column 7: unknown terrain \"lava\": use plain, road, forest or swamp"),
            ("astar-map 1\nsize 2 1\ncosts swamp 0\nmap\n..\n", "line 3, column 13: the cost of swamp 0 is too small: costs are numbers from 0.1 to 255 in steps of 0.1"),
            ("astar-map 1\nsize 2 1\ncosts swamp 255.1\nmap\n..\n", "line 3, column 13: the cost of swamp 255.1 is too large: costs are numbers from 0.1 to 255 in steps of 0.1"),
            ("astar-map 1\nsize 2 1\ncosts swamp 2.55\nmap\n..\n", "line 3, column 13: the cost of swamp \"2.55\" is not a number with at most one decimal: costs are numbers from 0.1 to 255 in steps of 0.1"),
            ("astar-map 1\nsize 2 1\ncosts road 0\nmap\n..\n", "line 3, column 12: the cost of road 0 is too small: costs are numbers from 0.1 to 255 in steps of 0.1"),
            ("\u{feff}astar-map 1\nsize 2 1\nmap\n.\u{feff}\n", "line 4, column 2: unknown terrain character '\\u{feff}': use # wall, . plain, f forest, ~ swamp, = road"),
            ("astar-map 1\nsize 2 1\ncosts swamp\nmap\n..\n", "line 3, column 1: expected `costs plain N road N forest N swamp N` (any of them, in any order)"),
            ("astar-map 1\nsize 3 2\nmap\n...\n.x.\n", "line 5, column 2: unknown terrain character 'x': use # wall, . plain, f forest, ~ swamp, = road"),
            ("astar-map 1\nsize 3 2\nmap\n...\n..\n", "line 5, column 3: row has 2 cells, expected 3"),
            ("astar-map 1\nsize 3 2\nmap\n...\n....\n", "line 5, column 4: row is longer than the width 3"),
            ("astar-map 1\nsize 3 1\nmap\n...\n...\n", "line 5: more than 1 rows (the size line says 3 x 1)"),
            ("astar-map 1\nsize 3 2\nmap\n...\n", "line 4: the file ends there: the map has 1 rows, its size line says 2"),
            ("astar-map 1\nsize 3 2\nmap", "line 3: the file ends there: the map has 0 rows, its size line says 2"),
            ("astar-map 1\nsize 3 1\ncosts plain 1 plain 9\nmap\n...\n", "line 3, column 15: the cost of plain is given twice"),
            ("astar-map 1\nsize 3 1\ncosts swamp 2 forest 4 swamp 2\nmap\n...\n", "line 3, column 24: the cost of swamp is given twice"),
            ("astar-map 1\nsize 3 1\nstart 3 0\nmap\n...\n", "line 3: start (3, 0) is outside the 3 x 1 map"),
            ("astar-map 1\nsize 3 1\ngoal 1 0\nmap\n.#.\n", "line 3: goal (1, 0) is on a wall"),
            ("astar-map 1\nsize 3 1\nstart 1\nmap\n...\n", "line 3, column 1: expected `start X Y`"),
            ("astar-map 1\nsize 3 1\nhug 1.1\nmap\n...\n", "line 3, column 5: the wall-hugging penalty 1.1 is too large: the wall-hugging penalty is a number from 0 to 1 in steps of 0.1"),
            ("astar-map 1\nsize 3 1\nhug 0.25\nmap\n...\n", "line 3, column 5: the wall-hugging penalty \"0.25\" is not a number with at most one decimal: the wall-hugging penalty is a number from 0 to 1 in steps of 0.1"),
            ("astar-map 1\nsize 3 1\ndanger 100.1\nmap\n...\n", "line 3, column 8: the danger 100.1 is too large: a watcher's danger is a number from 0 to 100 in steps of 0.1"),
            ("astar-map 1\nsize 3 1\nhug 0.5\nhug 0.5\n", "line 4, column 1: `hug` is given twice"),
            ("astar-map 1\nsize 3 1\nwatcher 1 0\n", "line 3, column 1: expected `watcher X Y RADIUS`"),
            ("astar-map 1\nsize 3 1\nwatcher 1 0 65\nmap\n...\n", "line 3, column 13: radius 65 is too large: a watcher sees 1 to 64 cells far"),
            ("astar-map 1\nsize 3 1\nwatcher 1 0 0\nmap\n...\n", "line 3, column 13: radius 0 is too small: a watcher sees 1 to 64 cells far"),
            ("astar-map 1\nsize 3 1\nwatcher 1 0 2\nwatcher 3 0 1\nmap\n...\n", "line 4: watcher (3, 0) is outside the 3 x 1 map"),
        ];
        for (text, message) in cases {
            assert_eq!(parse(text).unwrap_err().to_string(), message, "{text:?}");
        }
    }

    #[test]
    fn penalties_round_trip_and_old_files_read_without_them() {
        let text = "astar-map 1\nsize 4 2\ncosts plain 1 road 0.7 forest 3 swamp 5\nhug 0.5\ndanger 2.5\nwatcher 0 0 1\nwatcher 3 1 2\nmap\n....\n.#..\n";
        let map = parse(text).unwrap();
        let penalties = map.grid.penalties();
        assert_eq!((penalties.hug_tenths, penalties.danger_tenths), (5, 25));
        assert_eq!(penalties.watchers.len(), 2);
        // (0, 0): beside the wall and seen by the first watcher: 1 + 0.5 + 2.5 tenths-wise.
        assert_eq!(map.grid.cost_tenths(0), 10 + 5 + 25);
        assert_eq!(write(&map), text);
        let old = parse(SAMPLE).unwrap();
        assert!(old.grid.penalties().is_off());
        assert_eq!(old.grid.penalties().turn_tenths, 0);
        let turning =
            "astar-map 1\nsize 3 1\ncosts plain 1 road 0.7 forest 3 swamp 5\nturn 2.5\nmap\n...\n";
        let map = parse(turning).unwrap();
        assert_eq!(map.grid.penalties().turn_tenths, 25);
        assert_eq!(write(&map), turning);
        assert_eq!(
            parse("astar-map 1\nsize 3 1\nturn 5.1\nmap\n...\n").unwrap_err().to_string(),
            "line 3, column 6: the turn penalty 5.1 is too large: the turn penalty is a number from 0 to 5 in steps of 0.1"
        );
        let many = format!(
            "astar-map 1\nsize 3 1\n{}map\n...\n",
            "watcher 0 0 1\n".repeat(MAX_WATCHERS + 1)
        );
        assert_eq!(
            parse(&many).unwrap_err().to_string(),
            format!(
                "line {}, column 1: a map may have at most 32 watchers",
                MAX_WATCHERS + 3
            )
        );
    }

    #[test]
    fn words_have_their_columns() {
        assert_eq!(words("  ab c\td"), vec![(3, "ab"), (6, "c"), (8, "d")]);
        assert_eq!(words(""), vec![]);
    }

    #[test]
    fn a_leading_byte_order_mark_is_read_past() {
        let with_mark = format!("\u{feff}{SAMPLE}");
        assert!(looks_like(&with_mark));
        assert_eq!(parse(&with_mark).unwrap(), parse(SAMPLE).unwrap());
        // Columns count from after the mark: it is not a character of the line.
        assert_eq!(
            parse("\u{feff}astar-map 2\n").unwrap_err().to_string(),
            "line 1, column 11: format version \"2\" is not supported: this tool reads version 1"
        );
    }
}
