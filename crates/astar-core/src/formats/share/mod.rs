//! The share-link codec: a whole playground view (map, cost table, end cells, settings, view options) in a
//! short string that fits in a URL fragment, and back, validating everything on the way in.
//!
//! # Layout, formats 1 to 7
//! The text is base64url (`A-Z a-z 0-9 - _`, no padding) of these bytes; integers are little-endian:
//! ```text
//! offset  size  field
//! 0       1     format version = 1 to 7 (gates everything after it; 0 is never used)
//! 1       2     width  (1..=MAX_SIDE)
//! 3       2     height (1..=MAX_SIDE)
//! 5       ..    zlib stream (deflate + Adler-32 checksum) of the body:
//!
//!   body  size  field
//!   0     2     width  again  } repeated inside so that the checksum covers them:
//!   2     2     height again  } a hand-edited size is caught, not silently reshaped
//!   4     3     formats 1-3: costs of plain, forest, swamp (each 1..=255; the road costs 0.7)
//!         8     formats 4-5: costs of plain, road, forest, swamp in tenths (u16 each, 1..=2550)
//!   +0    8     start x, start y, goal x, goal y (u16 each; inside the map, not on a wall)
//!   +8    1     algorithm   its link code (registry: 0 bfs, 1 dijkstra, 2 greedy, 3 astar, ...)
//!   +9    1     heuristic   its link code (0 zero, 1 manhattan, 2 octile, 3 chebyshev, 4 euclidean)
//!   +10   2     w in thousandths (0..=5000: `Weight::MAX`; above it the link is refused)
//!   +12   1     movement    its link code (4 or 8)
//!   +13   1     corner rule its link code (0 no-cut, 1 one-free, 2 always)
//!   +14   1     tie-break   its link code (0 lower-h, 1 higher-g, 2 first-in, 3 last-in)
//!   +15   1     view flags  bit 0 smooth; bits 1-2 numbers (0 none, 1 g, 2 h, 3 f);
//!                           bit 3 an animation step follows; from format 2: bit 4 an expansion
//!                           budget follows; from format 3: bit 5 an HPA* cluster size follows;
//!                           from format 4: bit 6 h unscaled (`SearchParams::unscaled_h`);
//!                           format 5: bit 7 the smoothed path drawn as a curve
//!                           (`ViewOptions::curve`); the other bits zero
//!   (..   4     animation step, u32, only when bit 3 is set)
//!   (..   4     expansion budget, u32, when bit 4 is set; 1 or more)
//!   (..   2     HPA* cluster size, u16, when bit 5 is set: 2 to the map's larger side)
//!   (..   ..    from format 6: the penalties (`crate::penalty`): hug in tenths (u8, 0..=10), danger
//!               in tenths (u16, 0..=1000), the number of watchers (u8, 0..=32), then each watcher's
//!               x, y (u16 each, inside the map) and radius (u8, 1..=64); then a byte of flags, bit 0
//!               the danger in h (`SearchParams::danger_in_h`), the other bits zero)
//!   (..   1     format 7 only: the turn penalty in tenths (u8, 0..=50))
//!   ..    1     terrain mode 0 cells as they are; 1 cells relative to a seeded random map
//!   (..   32    mode 1 only: wall, forest, swamp shares as f64 bits, then the u64 seed)
//!   ..    ..    terrain: formats 1-3 2 bits a cell (4 codes: 0 wall, 1 plain, 2 forest, 3 swamp),
//!               cell i in bits 2·(i mod 4) of byte i / 4; formats 4-5 4 bits a cell (5 codes, 4 road),
//!               cell i in bits 4·(i mod 2) of byte i / 2; low bits first;
//!               mode 0: the terrain code; mode 1: (code − code of the generated map) mod the number
//!               of codes, so an unedited map is all zeros.
//!               Unused bits of the last byte are zero. Nothing may follow.
//! ```
//! The codes are the link codes of `names.rs` (the algorithms' are the registry's `link_code`), written
//! there once beside each setting's name, not the order of any Rust enum, so renaming or reordering a
//! setting elsewhere cannot change what an old link means.
//!
//! # Versioning
//! A link made today must open in every later version: a new layout gets a new version byte and this
//! module keeps a decoder for every older one (the golden test pins format 1 forever). Format 2 is format
//! 1 plus the expansion budget, format 3 format 2 plus HPA*'s cluster size, format 4 format 3 with costs in
//! tenths and the road, format 5 format 4 plus the curve, format 6 format 5 plus the penalties, format 7 format 6 plus the turn
//! penalty; [`encode`]
//! writes the oldest format that holds the view (format 1 unless a budget, a cluster size, a road, a cost
//! that is not a whole number, the curve or penalties are there), so a link without them still opens in a
//! page from before them.
//!
//! # Limits (bad input never allocates much or panics)
//! Text longer than [`MAX_LINK_CHARS`] is refused before decoding. Width and height are read and checked
//! before decompressing, and decompression stops at exactly the body size they imply, so a "zip bomb"
//! costs at most that much memory (1 MiB for the largest map). Every field is validated.
//!
//! Mode 1 exists because a map of independent random cells cannot be compressed much (20% wall, 15%
//! forest, 7% swamp carries 1.6 bits a cell, 13 KB for 256 × 256): a map generated from a seed is shared as
//! the seed plus the edits made since.
//!
//! # Who compresses the body
//! The core writes the body *stored* ([`super::zlib::stored`]: deflate's uncompressed blocks, a valid
//! zlib stream), and the page compresses it with the browser's `CompressionStream('deflate')` before
//! the bytes become a link or a file (www/share/link.ts), which costs the wasm module nothing. Reading
//! is shared the same way: natively [`decode_bytes`] inflates any zlib stream, stored or compressed
//! (`miniz_oxide`), so a link from any version opens, and the stored bytes themselves are a valid (long)
//! link; in the wasm module it reads stored streams only, and the page inflates a compressed body with
//! `DecompressionStream` (stopping at [`MAX_BODY_BYTES`]) and hands it to [`decode_inflated`]. Undo
//! snapshots stay stored until the page has compressed them. Natively nothing is compressed: the CLI
//! writes no links, and the tests compress with a reference zlib where a link's length matters.
//!
//! With a recipe, [`encode_bytes`] keeps the terrain mode whose packed cells have fewer runs (places
//! where a cell's code differs from the one before it): a stored body is the same size either way, and
//! runs are what a deflate compressor pays for on this data (an unedited random map relative to its
//! seed is all zeros, one run; cell by cell it has a run every cell or two).

use super::zlib;
use super::FormatError;
use crate::generate::{self, TerrainShares};
use crate::grid::{Grid, Terrain, TerrainCosts, MAX_SIDE};
use crate::heuristic::Heuristic;
use crate::message::Message;
use crate::movement::{CornerRule, Movement, Neighbours};
use crate::names::LinkCode;
use crate::penalty::{Penalties, Watcher, MAX_WATCHERS};
use crate::search::{check_budget, hpa, Algorithm, SearchParams, TieBreak, Weight};
pub use crate::view::{Numbers, ViewOptions};

/// The newest format version [`encode`] writes (see "Versioning" in the module doc).
pub const VERSION: u8 = 7;

/// What a road costs, in tenths, in a link or file of formats 1 to 3 (which have no field for it).
const ROAD_BEFORE_FORMAT_4: u16 = 7;

/// How a format packs the terrain: formats 1-3 two bits a cell for four codes, formats 4-5 four bits a cell
/// for five (the road's the fifth).
#[derive(Clone, Copy)]
struct TerrainPacking {
    bits: usize,
    codes: u8,
}

impl TerrainPacking {
    fn of(version: u8) -> TerrainPacking {
        match version {
            1..=3 => TerrainPacking { bits: 2, codes: 4 },
            _ => TerrainPacking { bits: 4, codes: 5 },
        }
    }

    fn cells_a_byte(self) -> usize {
        8 / self.bits
    }

    fn bytes(self, cells: usize) -> usize {
        cells.div_ceil(self.cells_a_byte())
    }

    /// Where cell `i` sits: its byte and the shift within it.
    fn place(self, i: usize) -> (usize, usize) {
        let per = self.cells_a_byte();
        (i / per, self.bits * (i % per))
    }

    /// `code` stored relative to `base` (mode 1), and back.
    fn relative(self, code: u8, base: u8) -> u8 {
        (code + self.codes - base) % self.codes
    }

    fn absolute(self, stored: u8, base: u8) -> u8 {
        (stored + base) % self.codes
    }
}

/// True when formats 1 to 3 can carry `costs`: plain, forest and swamp whole numbers, and the road at
/// the cost those formats give it.
fn fits_formats_1_to_3(costs: &TerrainCosts) -> bool {
    [costs.plain, costs.forest, costs.swamp]
        .iter()
        .all(|t| t % 10 == 0)
        && costs.road == ROAD_BEFORE_FORMAT_4
}

/// The oldest format that holds `view` (see "Versioning" in the module doc).
fn format_for(view: &SharedView) -> u8 {
    let p = &view.params;
    if view.grid.penalties().turn_tenths > 0 {
        7
    } else if *view.grid.penalties() != Penalties::default() || p.danger_in_h {
        6
    } else if view.view.curve && view.view.smooth {
        5
    } else if !fits_formats_1_to_3(&view.grid.costs())
        || view.grid.count(Terrain::Road) > 0
        || p.unscaled_h
    {
        4
    } else if p.cluster_size.is_some() {
        3
    } else if p.expansion_limit.is_some() {
        2
    } else {
        1
    }
}

/// Links longer than this many characters are "too big to share comfortably": the page says so and offers
/// the view as a file instead. Chat apps, mail clients and some servers cut or refuse URLs of tens of KB;
/// 8 KB stays below every limit we know of.
pub const COMFORTABLE_LINK_CHARS: usize = 8 * 1024;

/// Text longer than this is refused before any decoding: no valid link is longer. The longest is the
/// largest map (2048 × 2048, format 4's 4 bits a cell) with its body stored, as the page writes saved work
/// when it goes away before compression could finish: 2,097,152 bytes of cells, about 2.8 million
/// characters.
pub const MAX_LINK_CHARS: usize = 2_800_000;

/// The largest body any link or file of any format can hold, inflated: the largest map's cells at 4 bits
/// a cell with every optional field (see `max_body`). The page stops inflating a body there.
pub const MAX_BODY_BYTES: usize = max_body(
    TerrainPacking { bits: 4, codes: 5 },
    (MAX_SIDE * MAX_SIDE) as usize,
);

/// The largest body a format packing its terrain as `packing` can hold for a map of `cells` cells, in the
/// order `encode_bytes_with` writes it: the fixed fields (28), the animation step, the budget and the
/// cluster size (4 + 4 + 2), the penalties with every watcher and the search flags (5 + 5 per watcher),
/// the turn penalty (1), the terrain mode with a recipe (1 + 32), and the cells.
const fn max_body(packing: TerrainPacking, cells: usize) -> usize {
    28 + 4 + 4 + 2 + 5 + 5 * MAX_WATCHERS + 1 + 1 + 32 + cells.div_ceil(8 / packing.bits)
}

/// Bytes before the body's zlib stream: version, width, height.
pub const HEADER_LEN: usize = 5;

/// What encoded bytes came in, which decides the words of an error about them: a link is copied again
/// from where it came from, a file (a `.astar` view file, or an undo snapshot) saved again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Medium {
    /// Link text (decoded from base64url).
    Link,
    /// A saved view file or snapshot: the bytes of [`encode_bytes`] as they are.
    File,
}

impl Medium {
    /// The term "link" or "file".
    fn noun(self) -> &'static str {
        match self {
            Medium::Link => "term.link",
            Medium::File => "term.file",
        }
    }

    /// What the user can do about a damaged one (a term).
    fn remedy(self) -> &'static str {
        match self {
            Medium::Link => "share.remedy-link",
            Medium::File => "share.remedy-file",
        }
    }
}

/// How a map was generated, so a link can carry the seed instead of the cells. Crosses to JavaScript
/// as [`RecipeFields`], refused there with a message when the seed is not a whole number up to
/// [`MAX_SEED`].
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "RecipeFields", into = "RecipeFields")]
pub struct Recipe {
    /// The shares given to [`generate::random_terrain`] (each finite, 0..=1).
    pub shares: TerrainShares,
    /// The seed given to [`generate::random_terrain`].
    pub seed: u64,
}

/// The largest seed a recipe carries outside Rust: 2^53 − 1, the largest whole number a JavaScript
/// number (and so the page, and JSON read by it) holds exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// A [`Recipe`] as plain numbers: `{ wall, forest, swamp, seed }` (shares 0..=1, seed a whole number
/// from 0 to [`MAX_SEED`]).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RecipeFields {
    /// Share of walls.
    pub wall: f64,
    /// Share of forest.
    pub forest: f64,
    /// Share of swamp.
    pub swamp: f64,
    /// The seed.
    pub seed: f64,
}

/// Why a random-map seed is refused, in the one sentence the decoder and the page both give (`seed` as
/// the input wrote it).
fn seed_refused(seed: crate::message::Arg) -> Message {
    Message::new("share.bad-seed").with("seed", seed)
}

/// Checks a seed read from a link or file against [`MAX_SEED`], the limit the page has: a decoded view
/// is one the page can hold, so opening it never fails half-way.
pub fn check_seed(seed: u64) -> Result<(), Message> {
    match seed <= MAX_SEED {
        true => Ok(()),
        false => Err(seed_refused(crate::message::Arg::Text(seed.to_string()))),
    }
}

impl TryFrom<RecipeFields> for Recipe {
    type Error = Message;

    fn try_from(f: RecipeFields) -> Result<Recipe, Message> {
        let seed = f.seed;
        if !(seed.is_finite() && seed >= 0.0 && seed.fract() == 0.0 && seed <= MAX_SEED as f64) {
            return Err(seed_refused(crate::message::Arg::Num(seed)));
        }
        Ok(Recipe {
            shares: TerrainShares {
                wall: f.wall,
                forest: f.forest,
                swamp: f.swamp,
            },
            seed: seed as u64,
        })
    }
}

impl From<Recipe> for RecipeFields {
    /// Seeds above [`MAX_SEED`] (possible only from Rust: the decoder refuses them and the encoder does
    /// not use them) come out rounded.
    fn from(r: Recipe) -> RecipeFields {
        RecipeFields {
            wall: r.shares.wall,
            forest: r.shares.forest,
            swamp: r.shares.swamp,
            seed: r.seed as f64,
        }
    }
}

/// Everything a link holds.
#[derive(Clone, Debug, PartialEq)]
pub struct SharedView {
    /// The map with its cost table.
    pub grid: Grid,
    /// Start cell id (passable).
    pub start: u32,
    /// Goal cell id (passable).
    pub goal: u32,
    /// The settings, the expansion budget (`expansion_limit`) included.
    pub params: SearchParams,
    /// View options.
    pub view: ViewOptions,
    /// The random map the terrain was stored relative to, when the link used one.
    pub recipe: Option<Recipe>,
}

// ---------------------------------------------------------------------------------------------------------
// Encoding

/// Encodes a view as link text (see the module doc). `recipe`, when given, is the random map the terrain
/// was generated from: the terrain is then stored relative to it (any edits since kept exactly) when that
/// is shorter. The result decodes to an equal view (`recipe` set only if it was used).
pub fn encode(view: &SharedView, recipe: Option<&Recipe>) -> String {
    base64url_encode(&encode_bytes(view, recipe))
}

/// Encodes a view as bytes: the same layout as [`encode`] without the base64url step, the body stored
/// (see "Who compresses the body" in the module doc). With a recipe, both terrain modes are made and the
/// one with fewer runs kept, so a recipe that no longer fits the map (a map replaced since, at the same
/// size) costs nothing.
pub fn encode_bytes(view: &SharedView, recipe: Option<&Recipe>) -> Vec<u8> {
    let (plain, plain_runs) = encode_bytes_with(view, None);
    match recipe {
        // Only a recipe the decoder accepts (shares and seed) is stored.
        Some(r) if recipe_is_valid(r) && check_seed(r.seed).is_ok() => {
            let (seeded, seeded_runs) = encode_bytes_with(view, Some(r));
            if seeded_runs < plain_runs {
                seeded
            } else {
                plain
            }
        }
        _ => plain,
    }
}

/// The encoded bytes of `view` in the terrain mode `recipe` chooses, and the runs in its packed cells (see
/// "Who compresses the body").
fn encode_bytes_with(view: &SharedView, recipe: Option<&Recipe>) -> (Vec<u8>, usize) {
    let grid = &view.grid;
    let (width, height) = (grid.width() as u16, grid.height() as u16);
    let base = recipe.and_then(|r| {
        generate::random_terrain(grid.width(), grid.height(), r.shares, r.seed)
            .ok()
            .map(|g| (r, g))
    });
    let version = format_for(view);
    let packing = TerrainPacking::of(version);
    let mut body = Vec::with_capacity(64 + packing.bytes(grid.len()));
    body.extend_from_slice(&width.to_le_bytes());
    body.extend_from_slice(&height.to_le_bytes());
    let costs = grid.costs();
    if version < 4 {
        // `format_for` chose an old format only for whole-number costs.
        body.extend_from_slice(&[costs.plain, costs.forest, costs.swamp].map(|t| (t / 10) as u8));
    } else {
        for tenths in [costs.plain, costs.road, costs.forest, costs.swamp] {
            body.extend_from_slice(&tenths.to_le_bytes());
        }
    }
    for cell in [view.start, view.goal] {
        let (x, y) = grid.xy(cell);
        body.extend_from_slice(&(x as u16).to_le_bytes());
        body.extend_from_slice(&(y as u16).to_le_bytes());
    }
    let p = &view.params;
    body.push(p.algorithm.link_code());
    body.push(p.heuristic.link_code());
    body.extend_from_slice(&(p.weight.milli() as u16).to_le_bytes());
    body.push(p.movement.neighbours().link_code());
    body.push(p.movement.corner_rule().link_code());
    body.push(p.tie_break.link_code());
    let v = &view.view;
    body.push(
        v.smooth as u8
            | (v.numbers.link_code() << 1)
            | (u8::from(v.step.is_some()) << 3)
            | (u8::from(p.expansion_limit.is_some()) << 4)
            | (u8::from(p.cluster_size.is_some()) << 5)
            | (u8::from(p.unscaled_h) << 6)
            | (u8::from(v.curve && v.smooth) << 7),
    );
    for value in [v.step, p.expansion_limit].into_iter().flatten() {
        body.extend_from_slice(&value.to_le_bytes());
    }
    if let Some(k) = p.cluster_size {
        // Settings refuse a size above the map's larger side (at most MAX_SIDE), so it fits a u16.
        body.extend_from_slice(&(k.min(u16::MAX as u32) as u16).to_le_bytes());
    }
    if version >= 6 {
        // The grid holds only penalties within `penalty.rs`'s limits, which these fields fit.
        let penalties = grid.penalties();
        body.push(penalties.hug_tenths as u8);
        body.extend_from_slice(&penalties.danger_tenths.to_le_bytes());
        body.push(penalties.watchers.len() as u8);
        for w in &penalties.watchers {
            body.extend_from_slice(&(w.x as u16).to_le_bytes());
            body.extend_from_slice(&(w.y as u16).to_le_bytes());
            body.push(w.radius as u8);
        }
        body.push(u8::from(p.danger_in_h));
    }
    if version >= 7 {
        body.push(grid.penalties().turn_tenths as u8);
    }
    match &base {
        None => body.push(0),
        Some((r, _)) => {
            body.push(1);
            for share in [r.shares.wall, r.shares.forest, r.shares.swamp] {
                body.extend_from_slice(&share.to_bits().to_le_bytes());
            }
            body.extend_from_slice(&r.seed.to_le_bytes());
        }
    }
    let mut packed = vec![0u8; packing.bytes(grid.len())];
    let (mut runs, mut previous) = (0, None);
    for (i, &t) in grid.terrain_slice().iter().enumerate() {
        let code = match &base {
            None => t.link_code(),
            // Generated maps have no roads: their codes are below every format's count.
            Some((_, g)) => packing.relative(t.link_code(), g.terrain_slice()[i].link_code()),
        };
        if previous != Some(code) {
            runs += 1;
            previous = Some(code);
        }
        let (byte, shift) = packing.place(i);
        packed[byte] |= code << shift;
    }
    body.extend_from_slice(&packed);

    let stream = zlib::stored(&body);
    let mut out = Vec::with_capacity(HEADER_LEN + stream.len());
    out.push(version);
    out.extend_from_slice(&width.to_le_bytes());
    out.extend_from_slice(&height.to_le_bytes());
    out.extend_from_slice(&stream);
    (out, runs)
}

/// `bytes` (of [`encode_bytes`], or any encoded bytes) with the body compressed by `compress`, a zlib
/// compressor: the page's step before a link or file (www/share/link.ts, with `CompressionStream`), for
/// native callers and tests with a library's compressor. None when the body cannot be read.
pub fn with_body_compressed(
    bytes: &[u8],
    compress: impl FnOnce(&[u8]) -> Vec<u8>,
) -> Option<Vec<u8>> {
    let stream = bytes.get(HEADER_LEN..)?;
    let body = super::zlib::read(stream, MAX_BODY_BYTES).ok()?;
    let mut out = bytes[..HEADER_LEN].to_vec();
    out.extend(compress(&body));
    Some(out)
}

/// True when a link of `chars` characters is too long to share comfortably ([`COMFORTABLE_LINK_CHARS`]).
pub fn too_big_to_share(chars: usize) -> bool {
    chars > COMFORTABLE_LINK_CHARS
}

// ---------------------------------------------------------------------------------------------------------
// Decoding

/// Decodes link text: a bare fragment, `#fragment`, or a whole URL (the text after its last `#`);
/// surrounding whitespace is ignored. Every field is validated; the error says what is wrong in words
/// meant for the person who pasted the link.
pub fn decode(text: &str) -> Result<SharedView, FormatError> {
    decode_bytes(&link_bytes(text)?, Medium::Link)
}

/// The bytes link text holds (a bare fragment, `#fragment`, or a whole URL, as [`decode`] takes it),
/// not yet read: for the page, which inflates a compressed body itself before [`decode_inflated`].
pub fn link_bytes(text: &str) -> Result<Vec<u8>, FormatError> {
    if text.len() > MAX_LINK_CHARS {
        return Err(FormatError::new(
            Message::new("share.too-long")
                .int("length", text.len())
                .int("max", MAX_LINK_CHARS),
        ));
    }
    let text = text.trim();
    let text = text.rsplit_once('#').map_or(text, |(_, f)| f).trim();
    if text.is_empty() {
        return Err(FormatError::new(Message::new("share.empty-fragment")));
    }
    base64url_decode(text)
}

/// Decodes the bytes of [`encode_bytes`], validating everything like [`decode`]; `medium` says what
/// they came in (a link, or a saved file or snapshot), which only changes the words of an error.
///
/// A first byte above [`VERSION`] is taken for a newer format only when the rest starts like one (see
/// [`plausibly_newer`]): random bytes are "not an A* Playground link", not "made by a newer version".
pub fn decode_bytes(bytes: &[u8], medium: Medium) -> Result<SharedView, FormatError> {
    decode_parts(bytes, Body::Zlib, medium)
}

/// Decodes `header` (the bytes of [`encode_bytes`] up to the body's zlib stream, [`HEADER_LEN`] of them)
/// with `body`, that stream already inflated (by the page, at most [`MAX_BODY_BYTES`] of it), validating
/// everything like [`decode_bytes`].
pub fn decode_inflated(
    header: &[u8],
    body: &[u8],
    medium: Medium,
) -> Result<SharedView, FormatError> {
    decode_parts(header, Body::Inflated(body), medium)
}

/// Where a decode finds the body: after the header, as a zlib stream, or apart, inflated.
#[derive(Clone, Copy)]
enum Body<'a> {
    Zlib,
    Inflated(&'a [u8]),
}

/// [`decode_bytes`] and [`decode_inflated`]: `bytes` starts with the header.
fn decode_parts(bytes: &[u8], body: Body, medium: Medium) -> Result<SharedView, FormatError> {
    let m = medium;
    let Some(&version) = bytes.first() else {
        return Err(damaged(m, "share.why-empty"));
    };
    match version {
        1..=VERSION => decode_v1_to_v7(bytes, body, version, m),
        0 => Err(FormatError::new(Message::new("share.format-zero"))),
        _ if !plausibly_newer(bytes) => Err(FormatError::new(
            Message::new("share.not-ours").term("medium", m.noun()),
        )),
        v => Err(FormatError::new(
            Message::new("share.newer")
                .term("medium", m.noun())
                .int("version", v)
                .int("supported", VERSION),
        )),
    }
}

/// Formats newer than [`VERSION`] by at most this much are taken for real newer links or files; a higher
/// first byte means the text or file is not one of ours at all.
const NEWER_FORMATS_AHEAD: u8 = 8;

/// True when `bytes` start like a link of a later format: a version number a little above ours and a
/// map size this version could hold (every layout keeps version, width and height first).
pub fn plausibly_newer(bytes: &[u8]) -> bool {
    let side = |lo: u8, hi: u8| (1..=MAX_SIDE).contains(&(u16::from_le_bytes([lo, hi]) as u32));
    match bytes {
        [version, w0, w1, h0, h1, ..] => {
            *version > VERSION
                && *version - VERSION <= NEWER_FORMATS_AHEAD
                && side(*w0, *w1)
                && side(*h0, *h1)
        }
        _ => false,
    }
}

/// "This link is damaged" for the reason `why` (the code of a term: `share.why-…`).
fn damaged(m: Medium, why: &'static str) -> FormatError {
    FormatError::new(
        Message::new("share.damaged")
            .term("medium", m.noun())
            .term("why", why)
            .term("remedy", m.remedy()),
    )
}

/// "The link's …": a refusal of one of the view's settings, said of the link or file.
fn the_mediums(m: Medium, why: impl Into<Message>) -> FormatError {
    FormatError::new(
        Message::new("share.setting")
            .term("medium", m.noun())
            .message("why", why),
    )
}

/// Decodes formats 1 to 7 (one layout: the budget from format 2, the cluster size from format 3, costs in
/// tenths and the road from format 4, the curve from 5, the penalties from 6, the turn penalty from 7).
fn decode_v1_to_v7(
    bytes: &[u8],
    body: Body,
    version: u8,
    m: Medium,
) -> Result<SharedView, FormatError> {
    if bytes.len() < HEADER_LEN {
        return Err(damaged(m, "share.why-header"));
    }
    let width = u16::from_le_bytes([bytes[1], bytes[2]]) as u32;
    let height = u16::from_le_bytes([bytes[3], bytes[4]]) as u32;
    if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
        return Err(FormatError::new(
            Message::new("share.bad-size")
                .term("medium", m.noun())
                .int("width", width)
                .int("height", height)
                .int("max", MAX_SIDE),
        ));
    }
    let cells = width as usize * height as usize;
    // The largest body this size allows (step and recipe present); decompression never goes further.
    let packing = TerrainPacking::of(version);
    let max = max_body(packing, cells);
    let body = match body {
        Body::Zlib => inflate_bounded(&bytes[HEADER_LEN..], max, m)?,
        Body::Inflated(body) if body.len() > max => return Err(damaged(m, "share.why-extra")),
        Body::Inflated(body) => body.to_vec(),
    };
    let mut r = Reader {
        bytes: &body,
        pos: 0,
        medium: m,
    };
    if (r.u16()? as u32, r.u16()? as u32) != (width, height) {
        return Err(damaged(m, "share.why-size"));
    }
    let costs = if version < 4 {
        let mut whole = || r.u8().map(|c| c as u16 * 10);
        TerrainCosts {
            plain: whole()?,
            forest: whole()?,
            swamp: whole()?,
            road: ROAD_BEFORE_FORMAT_4,
        }
    } else {
        TerrainCosts {
            plain: r.u16()?,
            road: r.u16()?,
            forest: r.u16()?,
            swamp: r.u16()?,
        }
    };
    if costs.validate().is_err() {
        return Err(FormatError::new(
            Message::new("share.bad-costs").term("medium", m.noun()),
        ));
    }
    let ends = [r.u16()?, r.u16()?, r.u16()?, r.u16()?].map(u32::from);
    for (end, x, y) in [
        ("term.start", ends[0], ends[1]),
        ("term.goal", ends[2], ends[3]),
    ] {
        if x >= width || y >= height {
            return Err(FormatError::new(
                Message::new("share.end-outside")
                    .term("medium", m.noun())
                    .term("end", end)
                    .int("x", x)
                    .int("y", y)
                    .int("width", width)
                    .int("height", height),
            ));
        }
    }
    let algorithm = setting::<Algorithm>(r.u8()?, m)?;
    let heuristic = setting::<Heuristic>(r.u8()?, m)?;
    let weight = Weight::new(r.u16()? as f64 / 1000.0).map_err(|why| the_mediums(m, why))?;
    let neighbours = r.u8()?;
    let corners = setting::<CornerRule>(r.u8()?, m)?;
    let movement = Movement::new(setting::<Neighbours>(neighbours, m)?, corners);
    let tie_break = setting::<TieBreak>(r.u8()?, m)?;
    let flags = r.u8()?;
    let unused_flags = match version {
        1 => 0xF0,
        2 => 0xE0,
        3 => 0xC0,
        4 => 0x80,
        _ => 0x00,
    };
    if flags & unused_flags != 0 {
        return Err(unknown_setting(m, "term.view-option", flags));
    }
    let numbers = setting::<Numbers>((flags >> 1) & 3, m)?;
    let step = if flags & 8 != 0 { Some(r.u32()?) } else { None };
    let expansion_limit = if flags & 16 != 0 {
        let budget = r.u32()?;
        check_budget(budget).map_err(|why| the_mediums(m, why))?;
        Some(budget)
    } else {
        None
    };
    let cluster_size = if flags & 32 != 0 {
        let k = r.u16()? as u32;
        let largest = width.max(height).max(2);
        if !(2..=largest).contains(&k) {
            // The words of HPA*'s own refusal, which the page translates.
            return Err(FormatError::new(hpa::cluster_size_refused(
                k.into(),
                largest,
            )));
        }
        Some(k)
    } else {
        None
    };
    let mut penalties = Penalties::default();
    let mut danger_in_h = false;
    if version >= 6 {
        penalties.hug_tenths = r.u8()? as u16;
        penalties.danger_tenths = r.u16()?;
        for _ in 0..r.u8()?.min(MAX_WATCHERS as u8 + 1) {
            let (x, y) = (r.u16()? as u32, r.u16()? as u32);
            let radius = r.u8()? as u32;
            penalties.watchers.push(Watcher { x, y, radius });
        }
        let search_flags = r.u8()?;
        if search_flags & !1 != 0 {
            return Err(unknown_setting(m, "term.search-option", search_flags));
        }
        danger_in_h = search_flags & 1 != 0;
        if version >= 7 {
            penalties.turn_tenths = r.u8()? as u16;
        }
        // Checked here, before the terrain is read: the error names the setting.
        penalties.validate(width, height).map_err(|why| {
            FormatError::new(
                Message::new("share.bad-penalties")
                    .term("medium", m.noun())
                    .message("why", Message::from(why)),
            )
        })?;
    }
    let recipe = match r.u8()? {
        0 => None,
        1 => {
            let mut share = || r.u64().map(f64::from_bits);
            let shares = TerrainShares {
                wall: share()?,
                forest: share()?,
                swamp: share()?,
            };
            let recipe = Recipe {
                shares,
                seed: r.u64()?,
            };
            if !recipe_is_valid(&recipe) {
                return Err(FormatError::new(
                    Message::new("share.bad-shares").term("medium", m.noun()),
                ));
            }
            check_seed(recipe.seed).map_err(|why| the_mediums(m, why))?;
            Some(recipe)
        }
        c => return Err(unknown_setting(m, "term.terrain-mode", c)),
    };
    let packed = r.take(packing.bytes(cells))?;
    if r.pos != body.len() {
        return Err(damaged(m, "share.why-extra"));
    }
    let (last, used) = packing.place(cells);
    if used != 0 && packed[last] >> used != 0 {
        return Err(damaged(m, "share.why-stray-bits"));
    }
    let base = match &recipe {
        Some(r) => Some(
            generate::random_terrain(width, height, r.shares, r.seed).map_err(FormatError::new)?,
        ),
        None => None,
    };
    let mut terrain = Vec::with_capacity(cells);
    let mask = (1u8 << packing.bits) - 1;
    for i in 0..cells {
        let (byte, shift) = packing.place(i);
        let mut code = (packed[byte] >> shift) & mask;
        if let Some(base) = &base {
            // A stored difference is below the count of codes, as a code is.
            setting::<Terrain>(code, m)?;
            code = packing.absolute(code, base.terrain_slice()[i].link_code());
        }
        terrain.push(setting::<Terrain>(code, m)?);
    }
    let mut grid = Grid::from_terrain(width, height, terrain, costs).map_err(FormatError::new)?;
    grid.set_penalties(penalties).map_err(FormatError::new)?;
    let start = grid.cell(ends[0], ends[1]);
    let goal = grid.cell(ends[2], ends[3]);
    for (end, cell) in [("term.start", start), ("term.goal", goal)] {
        if !grid.is_passable(cell) {
            let (x, y) = grid.xy(cell);
            return Err(FormatError::new(
                Message::new("share.end-on-wall")
                    .term("medium", m.noun())
                    .term("end", end)
                    .int("x", x)
                    .int("y", y),
            ));
        }
    }
    let params = SearchParams {
        algorithm,
        heuristic,
        weight,
        movement,
        tie_break,
        expansion_limit,
        cluster_size,
        unscaled_h: flags & 64 != 0,
        danger_in_h,
    };
    // A graph too large to build is refused here, before the page drops the map it shows. The page's
    // first module lacks HPA* (and this check, 3 KB that its size budget has no room for): the module
    // fetched for HPA* opens the view again, and refuses it then (App.replacePlayground).
    #[cfg(feature = "hpa")]
    if crate::search::registry::info(algorithm).uses_cluster_size {
        hpa::checked_cluster_size(&grid, &params).map_err(FormatError::new)?;
    }
    Ok(SharedView {
        grid,
        start,
        goal,
        params,
        view: ViewOptions {
            smooth: flags & 1 != 0,
            // The curve is drawn through the smoothed path: a link that asks for it without smoothing
            // (never written by the page) opens without it.
            curve: flags & 128 != 0 && flags & 1 != 0,
            numbers,
            step,
        },
        recipe,
    })
}

/// Inflates a zlib stream into at most `max` bytes (never more), requiring the
/// stream to end exactly at the end of `input` with a matching checksum.
fn inflate_bounded(input: &[u8], max: usize, m: Medium) -> Result<Vec<u8>, FormatError> {
    use super::zlib::InflateError;
    super::zlib::read(input, max).map_err(|e| {
        damaged(
            m,
            match e {
                InflateError::TooLong => "share.why-extra",
                InflateError::ChecksumMismatch => "share.why-checksum",
                InflateError::EndsEarly => "share.why-compressed-early",
                InflateError::Invalid => "share.why-unreadable",
                InflateError::TrailingBytes => "share.why-trailing",
            },
        )
    })
}

/// The setting `T` whose link code is `code`, or an error naming the setting.
fn setting<T: LinkCode>(code: u8, m: Medium) -> Result<T, FormatError> {
    T::from_link_code(code).ok_or_else(|| unknown_setting(m, T::WHAT, code))
}

/// "The link names an unknown heuristic (code 9)": `what` is the setting's term.
fn unknown_setting(m: Medium, what: &'static str, code: u8) -> FormatError {
    FormatError::new(
        Message::new("share.unknown-setting")
            .term("medium", m.noun())
            .term("what", what)
            .int("code", code),
    )
}

/// Shares each 0..=1 summing to at most 1.
fn recipe_is_valid(r: &Recipe) -> bool {
    let s = [r.shares.wall, r.shares.forest, r.shares.swamp];
    s.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v))
        && s.iter().sum::<f64>() <= 1.0 + 1e-9
}

/// Reads the body front to back; every read past the end is a "cut short" error.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    medium: Medium,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], FormatError> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| damaged(self.medium, "share.why-content-early"))?;
        let slice = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(slice)
    }
    fn u8(&mut self) -> Result<u8, FormatError> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, FormatError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self) -> Result<u32, FormatError> {
        let mut a = [0; 4];
        a.copy_from_slice(self.take(4)?);
        Ok(u32::from_le_bytes(a))
    }
    fn u64(&mut self) -> Result<u64, FormatError> {
        let mut a = [0; 8];
        a.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(a))
    }
}

// ---------------------------------------------------------------------------------------------------------
// base64url without padding (RFC 4648 §5)

mod base64;
mod messages;
#[cfg(test)]
mod tests;

pub use base64::{base64url_decode, base64url_encode};
pub(crate) use messages::MESSAGES;
