//! A small zlib compressor (RFC 1950 around RFC 1951 deflate) for the share-link codec.
//!
//! Why not a library: the page ships this code in its wasm module, and a general-purpose compressor
//! (miniz_oxide's, used before) weighed about 9 KB of the gzipped module for work this narrow: the
//! bodies are at most about 1 MiB of 2-bit-packed terrain, compressed once per edit. This one is a
//! tenth of the size and makes links within a few percent of zlib's level 9 on the project's maps
//! (`links_stay_about_as_short_as_zlib_level_9` measures it). Reading stays with miniz_oxide's inflate,
//! which reads any deflate stream, so every link ever made still opens.
//!
//! What it does:
//! - LZ77 over a 32 KiB window: a hash of the next three bytes finds earlier positions with the same
//!   start (chains of at most [`Effort::chain`] candidates), with one step of lazy matching (a match is
//!   deferred when the next position has a longer one), as zlib does at its higher levels;
//! - two efforts: [`Effort::BEST`] (256 candidates, lazy: about zlib's level 9, and as slow: 75 ms
//!   natively for a 1024 × 1024 random map's 256 KiB) and [`Effort::QUICK`] (8 candidates, greedy:
//!   7 ms there; 7% longer on that map and on a 1024 × 1024 maze, 3.4 times as long on rooms, whose
//!   long repeats need the long chains), for bodies whose link would be too long to share comfortably
//!   anyway (`share.rs` chooses);
//! - one dynamic-Huffman block per [`BLOCK_SYMBOLS`] symbols, so the codes follow the data;
//! - code lengths limited to deflate's maxima by halving the counts until the tree fits (simple, and
//!   costs almost nothing on this data).

/// How hard the LZ77 parse looks for matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Candidates tried per position: more finds longer matches, slower.
    pub chain: usize,
    /// One step of lazy matching.
    pub lazy: bool,
}

impl Effort {
    /// About zlib's level 9: links as short as this compressor makes them.
    pub const BEST: Effort = Effort {
        chain: 256,
        lazy: true,
    };
    /// Many times faster on large bodies, for a few to some tens of percent more bytes.
    pub const QUICK: Effort = Effort {
        chain: 8,
        lazy: false,
    };
}
/// Symbols (literals and matches) per block.
const BLOCK_SYMBOLS: usize = 1 << 15;

const WINDOW: usize = 1 << 15;
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
const HASH_BITS: u32 = 15;
const NONE: u32 = u32::MAX;
const END_OF_BLOCK: usize = 256;

/// First length of each length code 257..=285, and its extra bits (RFC 1951 §3.2.5; the reader,
/// `inflate.rs`, uses these tables too).
pub(super) const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
pub(super) const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// First distance of each distance code 0..=29, and its extra bits.
pub(super) const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
pub(super) const DISTANCE_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order in which the code-length code's lengths are written.
pub(super) const CODE_LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// `data` as a zlib stream (header, deflate blocks, Adler-32), at [`Effort::BEST`].
pub fn compress_zlib(data: &[u8]) -> Vec<u8> {
    compress_zlib_with(data, Effort::BEST)
}

/// `data` as a zlib stream, looking for matches as hard as `effort` says.
pub fn compress_zlib_with(data: &[u8], effort: Effort) -> Vec<u8> {
    let mut out = BitWriter::default();
    // CMF: deflate with a 32 KiB window; FLG: "maximum compression", and the check bits that make
    // CMF·256 + FLG a multiple of 31.
    out.bytes.extend_from_slice(&[0x78, 0xDA]);
    let symbols = lz77(data, effort);
    if symbols.is_empty() {
        // A final fixed-Huffman block holding only its end (code 256 is seven zero bits).
        out.bits(1, 1);
        out.bits(1, 2);
        out.bits(0, 7);
    }
    let blocks = symbols.chunks(BLOCK_SYMBOLS).count();
    for (i, block) in symbols.chunks(BLOCK_SYMBOLS).enumerate() {
        write_block(&mut out, block, i + 1 == blocks);
    }
    let mut bytes = out.finish();
    bytes.extend_from_slice(&adler32(data).to_be_bytes());
    bytes
}

/// One LZ77 symbol: a literal byte, or a copy of `length` bytes from `distance` back.
#[derive(Clone, Copy)]
enum Symbol {
    Literal(u8),
    Copy { length: u16, distance: u16 },
}

fn hash(data: &[u8], at: usize) -> usize {
    let key = u32::from(data[at]) | u32::from(data[at + 1]) << 8 | u32::from(data[at + 2]) << 16;
    (key.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// Hash chains over the last [`WINDOW`] positions.
struct Matcher {
    head: Vec<u32>,
    previous: Vec<u32>,
    /// Candidates tried per position.
    chain: usize,
}

impl Matcher {
    fn insert(&mut self, data: &[u8], at: usize) {
        if at + MIN_MATCH <= data.len() {
            let h = hash(data, at);
            self.previous[at % WINDOW] = self.head[h];
            self.head[h] = at as u32;
        }
    }

    /// The longest earlier match for the bytes at `at` (length, distance), length 0 when none.
    fn longest(&self, data: &[u8], at: usize) -> (usize, usize) {
        if at + MIN_MATCH > data.len() {
            return (0, 0);
        }
        let limit = (data.len() - at).min(MAX_MATCH);
        let (mut best, mut best_distance) = (0, 0);
        let mut candidate = self.head[hash(data, at)];
        for _ in 0..self.chain {
            if candidate == NONE || at - candidate as usize > WINDOW - 1 || candidate as usize >= at
            {
                break;
            }
            let from = candidate as usize;
            if data[from + best] == data[at + best] {
                let length = data[from..from + limit]
                    .iter()
                    .zip(&data[at..at + limit])
                    .take_while(|(a, b)| a == b)
                    .count();
                if length > best {
                    (best, best_distance) = (length, at - from);
                    if length == limit {
                        break;
                    }
                }
            }
            candidate = self.previous[from % WINDOW];
        }
        if best >= MIN_MATCH {
            (best, best_distance)
        } else {
            (0, 0)
        }
    }
}

/// The LZ77 parse of `data`, greedy with one step of lazy matching when `effort` says so.
fn lz77(data: &[u8], effort: Effort) -> Vec<Symbol> {
    let mut matcher = Matcher {
        head: vec![NONE; 1 << HASH_BITS],
        previous: vec![NONE; WINDOW],
        chain: effort.chain,
    };
    let mut symbols = Vec::new();
    let mut at = 0;
    while at < data.len() {
        let (length, distance) = matcher.longest(data, at);
        matcher.insert(data, at);
        if length == 0 {
            symbols.push(Symbol::Literal(data[at]));
            at += 1;
            continue;
        }
        let (next_length, _) = if effort.lazy {
            matcher.longest(data, at + 1)
        } else {
            (0, 0)
        };
        if next_length > length {
            // A longer match starts one byte later: emit this byte alone and take that one next.
            symbols.push(Symbol::Literal(data[at]));
            at += 1;
            continue;
        }
        symbols.push(Symbol::Copy {
            length: length as u16,
            distance: distance as u16,
        });
        for skipped in at + 1..at + length {
            matcher.insert(data, skipped);
        }
        at += length;
    }
    symbols
}

/// The code (index into the base tables) of `value` among `bases`.
fn code_of(bases: &[u16], value: u16) -> usize {
    bases.partition_point(|&base| base <= value) - 1
}

fn length_code(length: u16) -> usize {
    // 258 has its own code (285), although 227 + 31 would also reach it.
    if length == MAX_MATCH as u16 {
        28
    } else {
        code_of(&LENGTH_BASE[..28], length)
    }
}

fn write_block(out: &mut BitWriter, symbols: &[Symbol], last: bool) {
    let mut literal_counts = [0u32; 286];
    let mut distance_counts = [0u32; 30];
    for symbol in symbols {
        match *symbol {
            Symbol::Literal(byte) => literal_counts[usize::from(byte)] += 1,
            Symbol::Copy { length, distance } => {
                literal_counts[257 + length_code(length)] += 1;
                distance_counts[code_of(&DISTANCE_BASE, distance)] += 1;
            }
        }
    }
    literal_counts[END_OF_BLOCK] = 1;
    use_at_least_two(&mut literal_counts);
    use_at_least_two(&mut distance_counts);
    let literal_lengths = code_lengths(&literal_counts, 15);
    let distance_lengths = code_lengths(&distance_counts, 15);
    let literal_codes = canonical_codes(&literal_lengths);
    let distance_codes = canonical_codes(&distance_lengths);

    out.bits(u32::from(last), 1);
    out.bits(2, 2); // dynamic Huffman
    write_trees(out, &literal_lengths, &distance_lengths);
    for symbol in symbols {
        match *symbol {
            Symbol::Literal(byte) => out.code(
                literal_codes[usize::from(byte)],
                literal_lengths[usize::from(byte)],
            ),
            Symbol::Copy { length, distance } => {
                let l = length_code(length);
                out.code(literal_codes[257 + l], literal_lengths[257 + l]);
                out.bits(u32::from(length - LENGTH_BASE[l]), LENGTH_EXTRA[l]);
                let d = code_of(&DISTANCE_BASE, distance);
                out.code(distance_codes[d], distance_lengths[d]);
                out.bits(u32::from(distance - DISTANCE_BASE[d]), DISTANCE_EXTRA[d]);
            }
        }
    }
    out.code(literal_codes[END_OF_BLOCK], literal_lengths[END_OF_BLOCK]);
}

/// The two trees' code lengths, run-length coded (symbols 16, 17, 18) under a third Huffman code.
fn write_trees(out: &mut BitWriter, literal_lengths: &[u8], distance_lengths: &[u8]) {
    let used = |lengths: &[u8], least: usize| {
        lengths
            .iter()
            .rposition(|&l| l != 0)
            .map_or(least, |i| (i + 1).max(least))
    };
    let literals = used(literal_lengths, 257);
    let distances = used(distance_lengths, 1);
    let all: Vec<u8> = literal_lengths[..literals]
        .iter()
        .chain(&distance_lengths[..distances])
        .copied()
        .collect();

    // (symbol, extra bits value, extra bit count)
    let mut runs: Vec<(u8, u8, u8)> = Vec::new();
    let mut i = 0;
    while i < all.len() {
        let value = all[i];
        let run = all[i..].iter().take_while(|&&l| l == value).count();
        if value == 0 && run >= 3 {
            let n = run.min(138);
            runs.push(if n <= 10 {
                (17, (n - 3) as u8, 3)
            } else {
                (18, (n - 11) as u8, 7)
            });
            i += n;
        } else if value != 0 && run >= 4 {
            runs.push((value, 0, 0));
            let n = (run - 1).min(6);
            runs.push((16, (n - 3) as u8, 2));
            i += 1 + n;
        } else {
            runs.push((value, 0, 0));
            i += 1;
        }
    }
    let mut counts = [0u32; 19];
    for &(symbol, _, _) in &runs {
        counts[usize::from(symbol)] += 1;
    }
    use_at_least_two(&mut counts);
    let lengths = code_lengths(&counts, 7);
    let codes = canonical_codes(&lengths);
    let written = CODE_LENGTH_ORDER
        .iter()
        .rposition(|&s| lengths[s] != 0)
        .map_or(4, |i| (i + 1).max(4));

    out.bits((literals - 257) as u32, 5);
    out.bits((distances - 1) as u32, 5);
    out.bits((written - 4) as u32, 4);
    for &symbol in &CODE_LENGTH_ORDER[..written] {
        out.bits(u32::from(lengths[symbol]), 3);
    }
    for (symbol, extra, extra_bits) in runs {
        out.code(codes[usize::from(symbol)], lengths[usize::from(symbol)]);
        out.bits(u32::from(extra), extra_bits);
    }
}

/// Makes sure two symbols have a count, so that the code is a complete tree: some decoders (zlib's)
/// refuse a one-symbol code. An unused symbol given a code costs a few bits in the block's header.
fn use_at_least_two(counts: &mut [u32]) {
    for symbol in 0..2 {
        if counts.iter().filter(|&&c| c > 0).count() >= 2 {
            return;
        }
        counts[symbol] = counts[symbol].max(1);
    }
}

/// Huffman code lengths for `counts`, none longer than `max_bits` (0 for symbols never used).
fn code_lengths(counts: &[u32], max_bits: u8) -> Vec<u8> {
    let mut counts = counts.to_vec();
    loop {
        let lengths = huffman_lengths(&counts);
        if lengths.iter().all(|&l| l <= max_bits) {
            return lengths;
        }
        // Flatten the distribution and try again: the tree gets shallower each time.
        for count in counts.iter_mut().filter(|c| **c > 0) {
            *count = (*count / 2).max(1);
        }
    }
}

/// Unlimited Huffman code lengths (a single used symbol gets length 1).
///
/// At most 286 symbols, so the two lightest nodes are found by scanning rather than with a heap: less
/// code in the page's module, and fast enough (a few hundred thousand steps per block).
fn huffman_lengths(counts: &[u32]) -> Vec<u8> {
    let mut lengths = vec![0u8; counts.len()];
    // Nodes: the used symbols' leaves, then the merged nodes. `weight` is None once a node is merged.
    let mut weight: Vec<Option<u64>> = Vec::new();
    let mut parent: Vec<usize> = Vec::new();
    let mut leaf_symbol = Vec::new();
    for (symbol, &count) in counts.iter().enumerate().filter(|(_, c)| **c > 0) {
        weight.push(Some(u64::from(count)));
        parent.push(usize::MAX);
        leaf_symbol.push(symbol);
    }
    if let [only] = leaf_symbol[..] {
        lengths[only] = 1;
    }
    if leaf_symbol.len() < 2 {
        return lengths;
    }
    let lightest = |weight: &[Option<u64>]| {
        (0..weight.len())
            .filter(|&i| weight[i].is_some())
            .min_by_key(|&i| weight[i])
            .expect("two nodes remain")
    };
    for _ in 1..leaf_symbol.len() {
        let a = lightest(&weight);
        let wa = weight[a].take().unwrap_or(0);
        let b = lightest(&weight);
        let wb = weight[b].take().unwrap_or(0);
        parent[a] = weight.len();
        parent[b] = weight.len();
        weight.push(Some(wa + wb));
        parent.push(usize::MAX);
    }
    for (leaf, &symbol) in leaf_symbol.iter().enumerate() {
        let (mut depth, mut node) = (0u8, leaf);
        while parent[node] != usize::MAX {
            node = parent[node];
            depth = depth.saturating_add(1);
        }
        lengths[symbol] = depth;
    }
    lengths
}

/// Canonical codes for `lengths` (RFC 1951 §3.2.2), bit-reversed for writing least significant bit first.
fn canonical_codes(lengths: &[u8]) -> Vec<u16> {
    let mut per_length = [0u16; 16];
    for &l in lengths.iter().filter(|&&l| l > 0) {
        per_length[usize::from(l)] += 1;
    }
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let code = next[usize::from(l)];
            next[usize::from(l)] += 1;
            code.reverse_bits() >> (16 - l)
        })
        .collect()
}

/// Bits packed least significant first, as deflate wants.
#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    pending: u64,
    count: u32,
}

impl BitWriter {
    // Not inlined: it is called from a dozen places, and the page ships this code (size over speed).
    #[inline(never)]
    fn bits(&mut self, value: u32, count: u8) {
        self.pending |= u64::from(value) << self.count;
        self.count += u32::from(count);
        while self.count >= 8 {
            self.bytes.push(self.pending as u8);
            self.pending >>= 8;
            self.count -= 8;
        }
    }

    fn code(&mut self, code: u16, length: u8) {
        self.bits(u32::from(code), length);
    }

    fn finish(mut self) -> Vec<u8> {
        if self.count > 0 {
            self.bytes.push(self.pending as u8);
        }
        self.bytes
    }
}

pub(crate) fn adler32(data: &[u8]) -> u32 {
    const MOD: u32 = 65_521;
    let (mut a, mut b) = (1u32, 0u32);
    // 5552 bytes is the most that can be summed before b could overflow a u32.
    for chunk in data.chunks(5552) {
        for &byte in chunk {
            a += u32::from(byte);
            b += a;
        }
        a %= MOD;
        b %= MOD;
    }
    b << 16 | a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use miniz_oxide::inflate::decompress_to_vec_zlib;

    /// Compressed at both efforts, `data` inflates back (with the reference inflater).
    fn round_trip(data: &[u8]) {
        for effort in [Effort::BEST, Effort::QUICK] {
            let compressed = compress_zlib_with(data, effort);
            let back = decompress_to_vec_zlib(&compressed).expect("inflates");
            assert_eq!(back, data, "{} bytes, {effort:?}", data.len());
        }
    }

    #[test]
    fn round_trips_edge_cases() {
        round_trip(&[]);
        round_trip(&[7]);
        round_trip(&[0; 2]);
        round_trip(&[0; 3]);
        round_trip(&[0; 259]);
        round_trip(&[1, 2, 3, 1, 2, 3, 1, 2, 3]);
        round_trip(&(0..=255).collect::<Vec<u8>>());
        round_trip(&vec![0xAB; 1 << 20]);
    }

    #[test]
    fn round_trips_random_data_of_every_texture() {
        let mut rng = Rng::new(3);
        for case in 0..400 {
            let len = rng.below(1 << (case % 17)) as usize;
            let alphabet = 1 + rng.below(if case % 3 == 0 { 256 } else { 4 });
            let run = 1 + rng.below(40);
            let mut data = Vec::with_capacity(len);
            while data.len() < len {
                let byte = rng.below(alphabet) as u8;
                let repeat = 1 + rng.below(run) as usize;
                data.extend(std::iter::repeat_n(byte, repeat.min(len - data.len())));
            }
            round_trip(&data);
        }
    }

    #[test]
    fn round_trips_data_that_repeats_from_far_back() {
        let mut rng = Rng::new(5);
        let block: Vec<u8> = (0..40_000).map(|_| rng.below(256) as u8).collect();
        let mut data = block.clone();
        data.extend_from_slice(&block[..30_000]);
        data.extend_from_slice(&block);
        round_trip(&data);
    }

    #[test]
    fn limits_code_lengths_on_skewed_counts() {
        // Fibonacci counts give the deepest possible tree: 30 symbols would need 29 bits unlimited.
        let mut counts = vec![0u32; 30];
        let (mut a, mut b) = (1u32, 1u32);
        for count in counts.iter_mut() {
            *count = a;
            (a, b) = (b, a + b);
        }
        let lengths = code_lengths(&counts, 15);
        assert!(lengths.iter().all(|&l| (1..=15).contains(&l)));
        // Complete (Kraft sum exactly 1), so the decoder accepts it.
        let kraft: f64 = lengths.iter().map(|&l| 0.5f64.powi(i32::from(l))).sum();
        assert!((kraft - 1.0).abs() < 1e-12, "{kraft}");
    }

    /// Terrain packed as share links pack it (2 bits a cell).
    fn packed(grid: &crate::grid::Grid) -> Vec<u8> {
        use crate::names::LinkCode;
        let cells = grid.terrain_slice();
        let mut out = vec![0u8; cells.len().div_ceil(4)];
        for (i, t) in cells.iter().enumerate() {
            out[i / 4] |= t.link_code() << (2 * (i % 4));
        }
        out
    }

    #[test]
    fn links_stay_about_as_short_as_zlib_level_9() {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/movingai/");
        let mut bodies = Vec::new();
        for name in [
            "arena",
            "den312d",
            "Berlin_0_256",
            "maze512-32-0",
            "8room_000",
            "random512-10-0",
        ] {
            let text = std::fs::read_to_string(format!("{data}{name}.map")).unwrap();
            bodies.push((
                name.to_string(),
                packed(&crate::formats::movingai::parse_map(&text).unwrap()),
            ));
        }
        bodies.push(("demo".into(), packed(&crate::demo::demo().0)));
        bodies.push((
            "maze 101".into(),
            packed(&crate::generate::maze(101, 101, 1, 9).unwrap()),
        ));
        bodies.push((
            "rooms 200".into(),
            packed(&crate::generate::rooms(200, 150, 12, 4).unwrap()),
        ));
        let (mut ours_total, mut theirs_total) = (0, 0);
        for (name, body) in &bodies {
            let ours = compress_zlib(body).len();
            let theirs = miniz_oxide::deflate::compress_to_vec_zlib(body, 9).len();
            println!(
                "{name}: {} bytes -> ours {ours}, zlib level 9 {theirs}",
                body.len()
            );
            assert!(
                ours as f64 <= theirs as f64 * 1.10 + 8.0,
                "{name}: {ours} vs {theirs}"
            );
            (ours_total, theirs_total) = (ours_total + ours, theirs_total + theirs);
            round_trip(body);
        }
        println!("total: ours {ours_total}, zlib level 9 {theirs_total}");
        assert!(ours_total as f64 <= theirs_total as f64 * 1.05);
    }

    #[test]
    fn adler32_matches_the_reference_value() {
        // RFC 1950's definition, checked against the well-known value for "Wikipedia".
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
        assert_eq!(adler32(&[]), 1);
    }
}
