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

/// "This link is damaged" for the reason `why` (the code of a term: `share.why-…`).
fn damaged(m: Medium, why: &'static str) -> FormatError {
    FormatError::new(
        Message::new("share.damaged")
            .term("medium", m.noun())
            .term("why", why)
            .term("remedy", m.remedy()),
    )
}

/// Shares each 0..=1 summing to at most 1.
fn recipe_is_valid(r: &Recipe) -> bool {
    let s = [r.shares.wall, r.shares.forest, r.shares.swamp];
    s.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v))
        && s.iter().sum::<f64>() <= 1.0 + 1e-9
}

mod base64;
mod decode;
mod encode;
mod messages;
#[cfg(test)]
mod tests;

pub use base64::{base64url_decode, base64url_encode};
pub use decode::{decode, decode_bytes, decode_inflated, link_bytes, plausibly_newer};
pub use encode::{encode, encode_bytes, too_big_to_share, with_body_compressed};
pub(crate) use messages::MESSAGES;
