//! The map: a width × height grid of terrain, and the table of what each terrain costs to enter.
//!
//! Layout: `terrain` holds one [`Terrain`] per cell, indexed by cell id `y * width + x`, row by row from the
//! top. Invariants: `1 <= width, height <= MAX_SIDE` and `terrain.len() == width * height`.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::message::Message;
use crate::penalty::Penalties;

/// The largest width or height a grid may have.
pub const MAX_SIDE: u32 = 2048;

/// What a cell is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[repr(u8)]
pub enum Terrain {
    /// Impassable.
    Wall = 0,
    /// Open ground, cost 1 by default.
    Plain = 1,
    /// Forest, cost 3 by default.
    Forest = 2,
    /// Swamp, cost 5 by default.
    Swamp = 3,
    /// Road, cost 0.7 by default: the one terrain cheaper than plain.
    Road = 4,
}

impl Terrain {
    /// All terrains, in the order of their numeric codes.
    pub const ALL: [Terrain; TERRAIN_KINDS] = [
        Terrain::Wall,
        Terrain::Plain,
        Terrain::Forest,
        Terrain::Swamp,
        Terrain::Road,
    ];

    /// The passable terrains, in the order of their codes.
    pub const PASSABLE: [Terrain; TERRAIN_KINDS - 1] = [
        Terrain::Plain,
        Terrain::Forest,
        Terrain::Swamp,
        Terrain::Road,
    ];

    /// The terrain with numeric code `code` (0 wall, 1 plain, 2 forest, 3 swamp, 4 road).
    pub fn from_code(code: u8) -> Option<Terrain> {
        Terrain::ALL.get(code as usize).copied()
    }

    /// The character used for this terrain in ASCII maps and the project's text format.
    pub fn to_char(self) -> char {
        match self {
            Terrain::Wall => '#',
            Terrain::Plain => '.',
            Terrain::Forest => 'f',
            Terrain::Swamp => '~',
            Terrain::Road => '=',
        }
    }

    /// The terrain written as `c` in ASCII maps (`#` wall, `.` plain, `f` forest, `~` swamp, `=` road).
    pub fn from_char(c: char) -> Option<Terrain> {
        match c {
            '#' => Some(Terrain::Wall),
            '.' => Some(Terrain::Plain),
            'f' => Some(Terrain::Forest),
            '~' => Some(Terrain::Swamp),
            '=' => Some(Terrain::Road),
            _ => None,
        }
    }

    /// A lower-case name: "wall", "plain", "forest", "swamp" or "road".
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Wall => "wall",
            Terrain::Plain => "plain",
            Terrain::Forest => "forest",
            Terrain::Swamp => "swamp",
            Terrain::Road => "road",
        }
    }
}

/// How many terrains there are, walls included.
pub const TERRAIN_KINDS: usize = 5;

/// The cheapest cost a terrain may have, in tenths (0.1).
pub const MIN_COST_TENTHS: u16 = 1;

/// The dearest cost a terrain may have, in tenths (255).
pub const MAX_COST_TENTHS: u16 = 2550;

/// A cost in tenths as the shortest decimal that reads back to it: 10 → "1", 7 → "0.7", 25 → "2.5".
pub fn tenths_text(tenths: u16) -> String {
    let mut text = (tenths / 10).to_string();
    if !tenths.is_multiple_of(10) {
        text.push('.');
        text.push(char::from(b'0' + (tenths % 10) as u8));
    }
    text
}

/// What it costs to enter a cell of each passable terrain, in tenths: 1..=2550 for 0.1 to 255 (walls
/// cannot be entered). Plain is 1 (10 tenths) unless the user changes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TerrainCosts {
    /// Cost of entering a plain cell, in tenths.
    pub plain: u16,
    /// Cost of entering a road cell, in tenths.
    pub road: u16,
    /// Cost of entering a forest cell, in tenths.
    pub forest: u16,
    /// Cost of entering a swamp cell, in tenths.
    pub swamp: u16,
}

impl Default for TerrainCosts {
    /// Plain 1, road 0.7, forest 3, swamp 5.
    fn default() -> Self {
        TerrainCosts {
            plain: 10,
            road: 7,
            forest: 30,
            swamp: 50,
        }
    }
}

impl TerrainCosts {
    /// Costs of 1 for every passable terrain (the Moving AI benchmark model).
    pub const UNIFORM: TerrainCosts = TerrainCosts {
        plain: 10,
        road: 10,
        forest: 10,
        swamp: 10,
    };

    /// Whole-number costs for plain, forest and swamp, with the road at its default 0.7: the tables
    /// links and files held before costs had tenths.
    pub fn whole(plain: u8, forest: u8, swamp: u8) -> TerrainCosts {
        TerrainCosts {
            plain: plain as u16 * 10,
            forest: forest as u16 * 10,
            swamp: swamp as u16 * 10,
            ..TerrainCosts::default()
        }
    }

    /// The cost of entering `terrain` in tenths, or 0 for a wall.
    #[inline]
    pub fn tenths(&self, terrain: Terrain) -> u16 {
        match terrain {
            Terrain::Wall => 0,
            Terrain::Plain => self.plain,
            Terrain::Forest => self.forest,
            Terrain::Swamp => self.swamp,
            Terrain::Road => self.road,
        }
    }

    /// This table with `terrain`'s cost set to `tenths` (a wall has no cost: unchanged).
    pub fn with(mut self, terrain: Terrain, tenths: u16) -> TerrainCosts {
        match terrain {
            Terrain::Wall => {}
            Terrain::Plain => self.plain = tenths,
            Terrain::Forest => self.forest = tenths,
            Terrain::Swamp => self.swamp = tenths,
            Terrain::Road => self.road = tenths,
        }
        self
    }

    /// "plain 1 road 0.7 forest 3 swamp 5": the words of the text format's `costs` line (not a `Display`:
    /// the formatting machinery costs the page's module more than this).
    pub fn words(&self) -> String {
        let mut text = String::new();
        for terrain in [
            Terrain::Plain,
            Terrain::Road,
            Terrain::Forest,
            Terrain::Swamp,
        ] {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(terrain.name());
            text.push(' ');
            text.push_str(&tenths_text(self.tenths(terrain)));
        }
        text
    }

    /// Checks that every cost is in [`MIN_COST_TENTHS`]..=[`MAX_COST_TENTHS`].
    pub fn validate(&self) -> Result<(), GridError> {
        for terrain in Terrain::PASSABLE {
            if !(MIN_COST_TENTHS..=MAX_COST_TENTHS).contains(&self.tenths(terrain)) {
                return Err(GridError::BadCost {
                    terrain: terrain.name(),
                });
            }
        }
        Ok(())
    }
}

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
    /// A wall-hugging penalty above 1 (see [`crate::penalty`]).
    BadHug,
    /// A watcher's danger above 100.
    BadDanger,
    /// A turn penalty outside 0..=[`crate::penalty::MAX_TURN_TENTHS`] tenths.
    BadTurn,
    /// A turn penalty on a map of more than [`crate::penalty::MAX_TURN_CELLS`] cells.
    TurnMapTooLarge {
        /// The map's cells.
        cells: u64,
    },
    /// More than [`crate::penalty::MAX_WATCHERS`] watchers.
    TooManyWatchers,
    /// A watcher outside the map, or with a radius outside 1..=[`crate::penalty::MAX_WATCH_RADIUS`].
    BadWatcher {
        /// Its column.
        x: u32,
        /// Its row.
        y: u32,
        /// Its radius.
        radius: u32,
    },
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
            GridError::BadHug => Message::new("grid.bad-hug"),
            GridError::BadDanger => Message::new("grid.bad-danger"),
            GridError::BadTurn => Message::new("grid.bad-turn"),
            GridError::TurnMapTooLarge { cells } => Message::new("grid.turn-map-too-large")
                .int("cells", cells)
                .int("max", crate::penalty::MAX_TURN_CELLS),
            GridError::TooManyWatchers => {
                Message::new("grid.too-many-watchers").int("max", crate::penalty::MAX_WATCHERS)
            }
            GridError::BadWatcher { x, y, radius } => Message::new("grid.bad-watcher")
                .int("x", x)
                .int("y", y)
                .int("radius", radius)
                .int("max", crate::penalty::MAX_WATCH_RADIUS),
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

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Message::from(self.clone()).fmt(f)
    }
}

impl std::error::Error for GridError {}

/// A rectangular map of terrain with its cost table.
///
/// Equality compares the maps (size, terrain, costs), not their [`Grid::terrain_version`]s.
#[derive(Debug)]
pub struct Grid {
    width: u32,
    height: u32,
    /// Indexed by cell id.
    terrain: Vec<Terrain>,
    /// The same terrain inside a one-cell border of walls (see [`Grid::bordered_terrain`]).
    bordered: Vec<Terrain>,
    /// How many cells hold each terrain, indexed by terrain code; kept so that
    /// [`Grid::cheapest_tenths`] is O(1) and a search's set-up does not scan the map.
    terrain_counts: [u32; TERRAIN_KINDS],
    costs: TerrainCosts,
    /// The extras on top of terrain costs (see [`crate::penalty`]).
    penalties: Penalties,
    /// Each slot's level (see [`crate::penalty`]), in the layout of `bordered`; empty while the penalties
    /// are off.
    levels: Vec<u8>,
    /// How many cells have each level, indexed by level (walls are level 0); empty while the penalties are
    /// off.
    level_counts: Vec<u32>,
    /// See [`Grid::terrain_version`]: this grid's own number and its `set_terrain` calls since.
    version: TerrainVersion,
}

/// Which terrain a [`Grid`] holds, for a search that keeps something built from it: two grids with the
/// same version hold the same terrain. A version is the grid's own number, unique in the process (a clone
/// gets one of its own), with the number of [`Grid::set_terrain`] calls since the grid was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerrainVersion {
    grid: u64,
    edits: u64,
}

impl TerrainVersion {
    /// The version of a grid just made: a number no grid of this process has had.
    fn new() -> TerrainVersion {
        static NEXT_GRID: AtomicU64 = AtomicU64::new(1);
        TerrainVersion {
            grid: NEXT_GRID.fetch_add(1, Ordering::Relaxed),
            edits: 0,
        }
    }
}

impl Clone for Grid {
    /// The same map under a version of its own (each copy may then be edited apart).
    fn clone(&self) -> Grid {
        Grid {
            width: self.width,
            height: self.height,
            terrain: self.terrain.clone(),
            bordered: self.bordered.clone(),
            terrain_counts: self.terrain_counts,
            costs: self.costs,
            penalties: self.penalties.clone(),
            levels: self.levels.clone(),
            level_counts: self.level_counts.clone(),
            version: TerrainVersion::new(),
        }
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        // `bordered`, `terrain_counts` and the levels follow from the terrain and the penalties.
        (self.width, self.height, self.costs) == (other.width, other.height, other.costs)
            && self.penalties == other.penalties
            && self.terrain == other.terrain
    }
}

impl Eq for Grid {}

impl Grid {
    /// A grid of plain cells with the default costs.
    ///
    /// - `width`, `height`: 1..=[`MAX_SIDE`], or [`GridError::BadSize`].
    pub fn new(width: u32, height: u32) -> Result<Grid, GridError> {
        Grid::filled(width, height, Terrain::Plain)
    }

    /// A grid with every cell set to `terrain` and the default costs.
    pub fn filled(width: u32, height: u32, terrain: Terrain) -> Result<Grid, GridError> {
        check_size(width, height)?;
        let cells = width as usize * height as usize;
        Grid::from_terrain(width, height, vec![terrain; cells], TerrainCosts::default())
    }

    /// A grid from its cells, row by row. `terrain.len()` must be `width * height`.
    pub fn from_terrain(
        width: u32,
        height: u32,
        terrain: Vec<Terrain>,
        costs: TerrainCosts,
    ) -> Result<Grid, GridError> {
        check_size(width, height)?;
        costs.validate()?;
        if terrain.len() != width as usize * height as usize {
            return Err(GridError::BadSize { width, height });
        }
        let mut terrain_counts = [0u32; TERRAIN_KINDS];
        for &t in &terrain {
            terrain_counts[t as usize] += 1;
        }
        let bordered_width = width as usize + 2;
        let mut bordered = vec![Terrain::Wall; bordered_width * (height as usize + 2)];
        for (row, cells) in terrain.chunks(width as usize).enumerate() {
            let at = (row + 1) * bordered_width + 1;
            bordered[at..at + cells.len()].copy_from_slice(cells);
        }
        Ok(Grid {
            width,
            height,
            terrain,
            bordered,
            terrain_counts,
            costs,
            penalties: Penalties::default(),
            levels: Vec::new(),
            level_counts: Vec::new(),
            version: TerrainVersion::new(),
        })
    }

    /// Parses rows of `#` wall, `.` plain, `f` forest, `~` swamp, `=` road (one row a line; surrounding blank lines and
    /// indentation are ignored), with the default costs. Meant for tests and examples, where a map reads like
    /// a picture.
    pub fn from_ascii(text: &str) -> Result<Grid, GridError> {
        let rows: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty())
            .collect();
        let height = rows.len();
        let width = rows.first().map_or(0, |(_, r)| r.chars().count());
        check_size(width as u32, height as u32)?;
        let mut terrain = Vec::with_capacity(width * height);
        for (line, row) in rows {
            if row.chars().count() != width {
                return Err(GridError::BadAscii {
                    line,
                    column: 1,
                    reason: Message::new("grid.row-length")
                        .int("cells", row.chars().count())
                        .int("width", width),
                });
            }
            for (i, c) in row.chars().enumerate() {
                terrain.push(Terrain::from_char(c).ok_or_else(|| {
                    GridError::BadAscii {
                        line,
                        column: i + 1,
                        reason: Message::new("grid.unknown-character")
                            .text("character", crate::message::quoted_char(c)),
                    }
                })?);
            }
        }
        Grid::from_terrain(
            width as u32,
            height as u32,
            terrain,
            TerrainCosts::default(),
        )
    }

    /// Rows of terrain characters, the inverse of [`Grid::from_ascii`].
    pub fn to_ascii(&self) -> String {
        let mut out = String::with_capacity(self.terrain.len() + self.height as usize);
        for row in self.terrain.chunks(self.width as usize) {
            out.extend(row.iter().map(|t| t.to_char()));
            out.push('\n');
        }
        out
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.terrain.len()
    }

    /// Always false: a grid has at least one cell.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.terrain.is_empty()
    }

    /// The cell id of (x, y); the caller guarantees it is inside the grid.
    #[inline]
    pub fn cell(&self, x: u32, y: u32) -> u32 {
        debug_assert!(x < self.width && y < self.height);
        y * self.width + x
    }

    /// The cell id of (x, y), or an error if it is outside the grid.
    pub fn checked_cell(&self, x: i64, y: i64) -> Result<u32, GridError> {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return Err(GridError::OutOfBounds { x, y });
        }
        Ok(self.cell(x as u32, y as u32))
    }

    /// The (x, y) of a cell id.
    #[inline]
    pub fn xy(&self, cell: u32) -> (u32, u32) {
        (cell % self.width, cell / self.width)
    }

    /// The terrain of a cell.
    #[inline]
    pub fn terrain(&self, cell: u32) -> Terrain {
        self.terrain[cell as usize]
    }

    /// All cells' terrain, indexed by cell id.
    pub fn terrain_slice(&self) -> &[Terrain] {
        &self.terrain
    }

    /// The terrain inside a one-cell border of walls, `width + 2` cells a row: cell (x, y) is at
    /// `(y + 1) * (width + 2) + x + 1`. The search reads neighbours here, so that every cell of the map
    /// has eight neighbours and no bounds need testing.
    pub fn bordered_terrain(&self) -> &[Terrain] {
        &self.bordered
    }

    /// Sets the terrain of a cell.
    pub fn set_terrain(&mut self, cell: u32, terrain: Terrain) {
        let (x, y) = self.xy(cell);
        self.bordered[bordered_slot(self.width, x, y)] = terrain;
        let old = std::mem::replace(&mut self.terrain[cell as usize], terrain);
        self.terrain_counts[old as usize] -= 1;
        self.terrain_counts[terrain as usize] += 1;
        self.version.edits += 1;
        if !self.levels.is_empty() && (old == Terrain::Wall) != (terrain == Terrain::Wall) {
            // A wall came or went: the cell's own level, and its neighbours' "beside a wall".
            for ny in y.saturating_sub(1)..(y + 2).min(self.height) {
                for nx in x.saturating_sub(1)..(x + 2).min(self.width) {
                    self.relevel(nx, ny);
                }
            }
        }
    }

    /// The extras on top of the terrain costs (see [`crate::penalty`]).
    pub fn penalties(&self) -> &Penalties {
        &self.penalties
    }

    /// Replaces the extras (checked against the limits of [`crate::penalty`]). Like a terrain edit, this
    /// gives the grid a new [`Grid::terrain_version`]: what a search kept from the map no longer holds.
    pub fn set_penalties(&mut self, penalties: Penalties) -> Result<(), GridError> {
        penalties.validate(self.width, self.height)?;
        self.penalties = penalties;
        self.levels.clear();
        self.level_counts.clear();
        self.version.edits += 1;
        if self.penalties.is_off() {
            return Ok(());
        }
        // "Beside a wall" cell by cell, then each watcher's disc over its bounding square: O(cells + the
        // discs' areas), not O(cells × watchers) as `relevel` for every cell would be (44 ms on a 1024 ×
        // 1024 map with 32 watchers of radius 64, natively).
        let hug_only = Penalties {
            hug_tenths: self.penalties.hug_tenths,
            ..Penalties::default()
        };
        let mut levels = vec![0u8; self.bordered.len()];
        for y in 0..self.height {
            for x in 0..self.width {
                levels[bordered_slot(self.width, x, y)] =
                    hug_only.level_at(&self.bordered, self.width, x, y);
            }
        }
        if self.penalties.danger_tenths > 0 {
            for w in &self.penalties.watchers {
                let (x0, x1) = (
                    w.x.saturating_sub(w.radius),
                    (w.x + w.radius).min(self.width - 1),
                );
                let (y0, y1) = (
                    w.y.saturating_sub(w.radius),
                    (w.y + w.radius).min(self.height - 1),
                );
                for y in y0..=y1 {
                    for x in x0..=x1 {
                        let slot = bordered_slot(self.width, x, y);
                        if w.sees(x, y) && self.bordered[slot] != Terrain::Wall {
                            levels[slot] += 2;
                        }
                    }
                }
            }
        }
        let mut counts = vec![0u32; 256];
        for y in 0..self.height as usize {
            let row = bordered_slot(self.width, 0, y as u32);
            for &level in &levels[row..row + self.width as usize] {
                counts[level as usize] += 1;
            }
        }
        self.levels = levels;
        self.level_counts = counts;
        Ok(())
    }

    /// Works out the level of the cell at (x, y) again.
    fn relevel(&mut self, x: u32, y: u32) {
        let slot = bordered_slot(self.width, x, y);
        let level = self.penalties.level_at(&self.bordered, self.width, x, y);
        let old = std::mem::replace(&mut self.levels[slot], level);
        self.level_counts[old as usize] -= 1;
        self.level_counts[level as usize] += 1;
    }

    /// Each slot's level in the layout of [`Grid::bordered_terrain`] (see [`crate::penalty`]), or an
    /// empty slice when the penalties are off: then no cell has an extra.
    pub fn bordered_levels(&self) -> &[u8] {
        &self.levels
    }

    /// The extra of entering a cell on top of its terrain's cost, in tenths (see [`crate::penalty`]).
    #[inline]
    pub fn extra_tenths(&self, cell: u32) -> u16 {
        self.penalties.level_extra_tenths(self.level(cell))
    }

    /// The watchers' part of a cell's extra, in tenths (see [`Grid::extra_tenths`]).
    pub fn danger_tenths(&self, cell: u32) -> u16 {
        self.penalties.level_extra_tenths(self.level(cell) & !1)
    }

    /// The level of a cell (see [`crate::penalty`]): 0 with the penalties off.
    fn level(&self, cell: u32) -> u8 {
        if self.levels.is_empty() {
            return 0;
        }
        let (x, y) = self.xy(cell);
        self.levels[bordered_slot(self.width, x, y)]
    }

    /// How many cells have an extra (walls never do).
    pub fn penalised_cells(&self) -> u32 {
        self.level_counts.iter().skip(1).sum()
    }

    /// The dearest extra of any cell of the map, in tenths (0 with the penalties off). Not simply the
    /// highest level's: with a hugging penalty above the danger, level 3 (beside a wall, one watcher) costs
    /// more than level 4 (two watchers).
    pub fn dearest_extra_tenths(&self) -> u16 {
        (0..self.level_counts.len())
            .filter(|&level| self.level_counts[level] > 0)
            .map(|level| self.penalties.level_extra_tenths(level as u8))
            .max()
            .unwrap_or(0)
    }

    /// Which terrain this grid holds (see [`TerrainVersion`]): jump point search keeps bit rows built
    /// from a map and compares this instead of the map itself at each search when the version is the
    /// one it built them from.
    pub fn terrain_version(&self) -> TerrainVersion {
        self.version
    }

    /// How many cells hold `terrain`.
    pub fn count(&self, terrain: Terrain) -> u32 {
        self.terrain_counts[terrain as usize]
    }

    /// The cost of entering a cell, in tenths (0 for a wall): its terrain's and its extra
    /// ([`Grid::extra_tenths`]).
    #[inline]
    pub fn cost_tenths(&self, cell: u32) -> u16 {
        self.costs.tenths(self.terrain[cell as usize]) + self.extra_tenths(cell)
    }

    /// True unless the cell is a wall.
    #[inline]
    pub fn is_passable(&self, cell: u32) -> bool {
        self.terrain[cell as usize] != Terrain::Wall
    }

    /// The cost table.
    pub fn costs(&self) -> TerrainCosts {
        self.costs
    }

    /// Replaces the cost table (each cost 0.1..=255, in tenths 1..=2550).
    pub fn set_costs(&mut self, costs: TerrainCosts) -> Result<(), GridError> {
        costs.validate()?;
        self.costs = costs;
        Ok(())
    }

    /// The cheapest cost, in tenths, of any passable terrain *present on the map* (10, plain's default,
    /// if the map is all wall). Heuristics are scaled by it so that they stay lower bounds whatever the
    /// cost table says: with a road at 0.7 on the map, h counts every step at 0.7.
    pub fn cheapest_tenths(&self) -> u16 {
        self.present_costs().min().unwrap_or(10)
    }

    /// The dearest cost, in tenths, of entering any cell of the map: the dearest passable terrain present
    /// (10 if all wall) with the dearest extra.
    pub fn dearest_tenths(&self) -> u16 {
        self.present_costs().max().unwrap_or(10) + self.dearest_extra_tenths()
    }

    /// The cheapest cost, in tenths, a cell of this grid may have after an edit: of plain's, forest's and
    /// swamp's in the table, present or not (an edit may paint any of them), and the road's when the map
    /// has one. A search that must stay admissible or bounded through edits (D* Lite's scale, HPA*'s path
    /// bound) counts by it and by [`Grid::editable_dearest_tenths`].
    pub fn editable_cheapest_tenths(&self) -> u16 {
        let c = &self.costs;
        c.plain
            .min(c.forest)
            .min(c.swamp)
            .min(self.cheapest_tenths())
    }

    /// The dearest cost, in tenths, a cell of this grid may have after an edit (as
    /// [`Grid::editable_cheapest_tenths`] counts).
    pub fn editable_dearest_tenths(&self) -> u16 {
        let c = &self.costs;
        let terrain = self.present_costs().max().unwrap_or(10);
        c.plain.max(c.forest).max(c.swamp).max(terrain) + self.penalties.dearest_extra_tenths()
    }

    fn present_costs(&self) -> impl Iterator<Item = u16> + '_ {
        Terrain::PASSABLE
            .into_iter()
            .filter(|t| self.count(*t) > 0)
            .map(|t| self.costs.tenths(t))
    }
}

/// The place of cell (x, y) in a map's bordered layout ([`Grid::bordered_terrain`]), `width + 2` a row.
#[inline]
pub(crate) fn bordered_slot(width: u32, x: u32, y: u32) -> usize {
    (y as usize + 1) * (width as usize + 2) + x as usize + 1
}

fn check_size(width: u32, height: u32) -> Result<(), GridError> {
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(GridError::BadSize { width, height });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bordered_terrain_follows_every_edit() {
        let mut grid = Grid::from_ascii("..f\n#~.").unwrap();
        grid.set_terrain(grid.cell(2, 1), Terrain::Wall);
        grid.set_terrain(grid.cell(0, 0), Terrain::Swamp);
        let rows: Vec<String> = grid
            .bordered_terrain()
            .chunks(5)
            .map(|row| row.iter().map(|t| t.to_char()).collect())
            .collect();
        assert_eq!(rows, ["#####", "#~.f#", "##~##", "#####"]);
    }

    #[test]
    fn ascii_round_trip() {
        let text = "#.f~\n~f=#\n";
        let grid = Grid::from_ascii(text).unwrap();
        assert_eq!((grid.width(), grid.height()), (4, 2));
        assert_eq!(grid.to_ascii(), text);
        assert_eq!(grid.terrain(grid.cell(3, 0)), Terrain::Swamp);
        assert_eq!(grid.cost_tenths(grid.cell(2, 0)), 30);
    }

    #[test]
    fn sizes_outside_the_limit_are_refused() {
        assert!(Grid::new(0, 5).is_err());
        assert!(Grid::new(MAX_SIDE + 1, 5).is_err());
        assert!(Grid::new(MAX_SIDE, MAX_SIDE).is_ok());
    }

    #[test]
    fn ragged_ascii_names_line_and_column() {
        let err = Grid::from_ascii("...\n.x.\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 2: unknown terrain character 'x'"
        );
    }

    #[test]
    fn cheapest_and_dearest_look_only_at_present_terrain() {
        let mut grid = Grid::from_ascii("ff~").unwrap();
        assert_eq!((grid.cheapest_tenths(), grid.dearest_tenths()), (30, 50));
        grid.set_costs(TerrainCosts::whole(1, 9, 2)).unwrap();
        assert_eq!((grid.cheapest_tenths(), grid.dearest_tenths()), (20, 90));
        grid.set_terrain(0, Terrain::Road);
        assert_eq!(grid.cheapest_tenths(), 7, "the road's default 0.7");
        assert_eq!(Grid::from_ascii("#").unwrap().cheapest_tenths(), 10);
    }

    #[test]
    fn costs_are_tenths_from_a_tenth_to_255() {
        let costs = TerrainCosts::default();
        assert_eq!(costs.tenths(Terrain::Road), 7);
        assert!(costs
            .with(Terrain::Road, MIN_COST_TENTHS)
            .validate()
            .is_ok());
        assert!(costs
            .with(Terrain::Swamp, MAX_COST_TENTHS)
            .validate()
            .is_ok());
        for (terrain, bad) in [(Terrain::Road, 0), (Terrain::Forest, MAX_COST_TENTHS + 1)] {
            let err = costs.with(terrain, bad).validate().unwrap_err();
            assert_eq!(
                err.to_string(),
                format!(
                    "the cost of {} must be a number from 0.1 to 255 in steps of 0.1",
                    terrain.name()
                )
            );
        }
        assert_eq!(costs.words(), "plain 1 road 0.7 forest 3 swamp 5");
        let texts: Vec<String> = [10, 7, 25, 2550, 1].map(tenths_text).into();
        assert_eq!(texts, ["1", "0.7", "2.5", "255", "0.1"]);
    }

    #[test]
    fn a_terrain_version_changes_with_every_edit_and_each_copy_has_its_own() {
        let mut grid = Grid::from_ascii("..\n#.").unwrap();
        let first = grid.terrain_version();
        assert_eq!(grid.terrain_version(), first);
        let mut copy = grid.clone();
        assert_eq!(copy, grid, "a copy is the same map");
        assert_ne!(copy.terrain_version(), first, "a copy has its own version");
        grid.set_terrain(1, Terrain::Wall);
        copy.set_terrain(1, Terrain::Forest);
        assert_ne!(grid.terrain_version(), first);
        assert_ne!(grid.terrain_version(), copy.terrain_version());
        // Costs are not terrain: the version stays.
        let edited = grid.terrain_version();
        grid.set_costs(TerrainCosts::default()).unwrap();
        assert_eq!(grid.terrain_version(), edited);
        assert_ne!(Grid::from_ascii("..\n#.").unwrap().terrain_version(), first);
    }
}
