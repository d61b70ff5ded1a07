//! A small, bounded zlib reader (RFC 1950 around RFC 1951 deflate) for the share-link codec.
//!
//! The page ships this in its wasm module, where a general-purpose decompressor (miniz_oxide's, used
//! before) weighed several KB gzipped. This one decodes Huffman codes a bit at a time, in the manner of
//! Mark Adler's `puff.c`: slower than table-driven decoders, but small, and a link's body is at most
//! about 1 MiB. It reads every valid deflate stream (stored, fixed and dynamic blocks), so links made by
//! any earlier version open.
//!
//! Hostile input is expected (links are typed, pasted and cut): every read is checked, output never
//! grows past the caller's bound, and each way a stream can be wrong is an [`InflateError`].

use super::zlib::adler32;

/// First length of each length code 257..=285, and its extra bits (RFC 1951 §3.2.5).
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// First distance of each distance code 0..=29, and its extra bits.
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order in which the code-length code's lengths are written.
const CODE_LENGTH_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// Why a stream could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InflateError {
    /// It ends before its last block and checksum.
    EndsEarly,
    /// It would produce more than the bound.
    TooLong,
    /// Its Adler-32 checksum does not match what it decodes to.
    ChecksumMismatch,
    /// It breaks the format (bad header, block type, code, distance...).
    Invalid,
    /// Bytes follow its checksum.
    TrailingBytes,
}

/// The longest Huffman code deflate allows.
const MAX_BITS: usize = 15;

/// The bytes the zlib stream `input` holds, at most `max` of them. The stream must end exactly at the
/// end of `input`.
pub fn inflate_zlib(input: &[u8], max: usize) -> Result<Vec<u8>, InflateError> {
    let mut reader = Reader {
        input,
        at: 0,
        buffer: 0,
        count: 0,
    };
    let (cmf, flg) = (reader.byte()?, reader.byte()?);
    let method_ok = cmf & 0x0F == 8 && cmf >> 4 <= 7;
    let check_ok = (u16::from(cmf) << 8 | u16::from(flg)) % 31 == 0;
    let no_dictionary = flg & 0x20 == 0;
    if !(method_ok && check_ok && no_dictionary) {
        return Err(InflateError::Invalid);
    }
    let mut out = Vec::new();
    loop {
        let last = reader.bits(1)? == 1;
        match reader.bits(2)? {
            0 => stored(&mut reader, &mut out, max)?,
            1 => {
                let (literals, distances) = fixed_codes();
                codes(&mut reader, &mut out, max, &literals, &distances)?
            }
            2 => {
                let (literals, distances) = dynamic_codes(&mut reader)?;
                codes(&mut reader, &mut out, max, &literals, &distances)?
            }
            _ => return Err(InflateError::Invalid),
        }
        if last {
            break;
        }
    }
    reader.align();
    let checksum = u32::from_be_bytes([
        reader.byte()?,
        reader.byte()?,
        reader.byte()?,
        reader.byte()?,
    ]);
    if checksum != adler32(&out) {
        return Err(InflateError::ChecksumMismatch);
    }
    if reader.at != input.len() {
        return Err(InflateError::TrailingBytes);
    }
    Ok(out)
}

/// Bits least significant first, as deflate packs them.
struct Reader<'a> {
    input: &'a [u8],
    at: usize,
    buffer: u32,
    count: u32,
}

impl Reader<'_> {
    fn bits(&mut self, n: u32) -> Result<u32, InflateError> {
        while self.count < n {
            let byte = *self.input.get(self.at).ok_or(InflateError::EndsEarly)?;
            self.at += 1;
            self.buffer |= u32::from(byte) << self.count;
            self.count += 8;
        }
        let value = self.buffer & ((1u32 << n) - 1);
        self.buffer >>= n;
        self.count -= n;
        Ok(value)
    }

    /// Drops the bits left in the current byte.
    fn align(&mut self) {
        self.buffer = 0;
        self.count = 0;
    }

    fn byte(&mut self) -> Result<u8, InflateError> {
        let byte = *self.input.get(self.at).ok_or(InflateError::EndsEarly)?;
        self.at += 1;
        Ok(byte)
    }
}

fn stored(reader: &mut Reader, out: &mut Vec<u8>, max: usize) -> Result<(), InflateError> {
    reader.align();
    let length = u16::from_le_bytes([reader.byte()?, reader.byte()?]);
    let complement = u16::from_le_bytes([reader.byte()?, reader.byte()?]);
    if length != !complement {
        return Err(InflateError::Invalid);
    }
    let end = reader.at + usize::from(length);
    let bytes = reader
        .input
        .get(reader.at..end)
        .ok_or(InflateError::EndsEarly)?;
    if out.len() + bytes.len() > max {
        return Err(InflateError::TooLong);
    }
    out.extend_from_slice(bytes);
    reader.at = end;
    Ok(())
}

/// A canonical Huffman code: how many codes have each length, and the symbols in code order.
struct Code {
    per_length: [u16; MAX_BITS + 1],
    symbols: Vec<u16>,
}

impl Code {
    /// The code for these lengths; an over-subscribed set is refused. An incomplete one is allowed (a
    /// one-symbol distance code is legal); reading a code it lacks is then an error.
    fn new(lengths: &[u8]) -> Result<Code, InflateError> {
        let mut per_length = [0u16; MAX_BITS + 1];
        for &l in lengths {
            per_length[usize::from(l)] += 1;
        }
        per_length[0] = 0;
        let mut left: i32 = 1;
        for &n in &per_length[1..] {
            left = (left << 1) - i32::from(n);
            if left < 0 {
                return Err(InflateError::Invalid);
            }
        }
        let mut offsets = [0u16; MAX_BITS + 2];
        for l in 1..=MAX_BITS {
            offsets[l + 1] = offsets[l] + per_length[l];
        }
        let mut symbols = vec![0u16; usize::from(offsets[MAX_BITS + 1])];
        for (symbol, &l) in lengths.iter().enumerate().filter(|(_, l)| **l != 0) {
            symbols[usize::from(offsets[usize::from(l)])] = symbol as u16;
            offsets[usize::from(l)] += 1;
        }
        Ok(Code {
            per_length,
            symbols,
        })
    }

    fn decode(&self, reader: &mut Reader) -> Result<usize, InflateError> {
        // `code` is the code read so far; `first` the first code of this length; `index` the first
        // symbol of this length.
        let (mut code, mut first, mut index) = (0i32, 0i32, 0i32);
        for &count in &self.per_length[1..] {
            code |= reader.bits(1)? as i32;
            let count = i32::from(count);
            if code - count < first {
                return Ok(usize::from(self.symbols[(index + code - first) as usize]));
            }
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        Err(InflateError::Invalid)
    }
}

fn fixed_codes() -> (Code, Code) {
    let mut lengths = [8u8; 288];
    lengths[144..256].fill(9);
    lengths[256..280].fill(7);
    let literals = Code::new(&lengths).expect("the fixed code is valid");
    let distances = Code::new(&[5u8; 30]).expect("the fixed code is valid");
    (literals, distances)
}

fn dynamic_codes(reader: &mut Reader) -> Result<(Code, Code), InflateError> {
    let literals = reader.bits(5)? as usize + 257;
    let distances = reader.bits(5)? as usize + 1;
    let written = reader.bits(4)? as usize + 4;
    if literals > 286 || distances > 30 {
        return Err(InflateError::Invalid);
    }
    let mut code_length_lengths = [0u8; 19];
    for &symbol in &CODE_LENGTH_ORDER[..written] {
        code_length_lengths[symbol] = reader.bits(3)? as u8;
    }
    let code_lengths = Code::new(&code_length_lengths)?;
    let mut lengths = vec![0u8; literals + distances];
    let mut i = 0;
    while i < lengths.len() {
        let symbol = code_lengths.decode(reader)?;
        let (value, repeat) = match symbol {
            0..=15 => (symbol as u8, 1),
            16 => {
                let previous = *lengths[..i].last().ok_or(InflateError::Invalid)?;
                (previous, 3 + reader.bits(2)? as usize)
            }
            17 => (0, 3 + reader.bits(3)? as usize),
            _ => (0, 11 + reader.bits(7)? as usize),
        };
        let run = lengths
            .get_mut(i..i + repeat)
            .ok_or(InflateError::Invalid)?;
        run.fill(value);
        i += repeat;
    }
    if lengths[256] == 0 {
        return Err(InflateError::Invalid); // no end-of-block code
    }
    Ok((
        Code::new(&lengths[..literals])?,
        Code::new(&lengths[literals..])?,
    ))
}

fn codes(
    reader: &mut Reader,
    out: &mut Vec<u8>,
    max: usize,
    literals: &Code,
    distances: &Code,
) -> Result<(), InflateError> {
    loop {
        let symbol = literals.decode(reader)?;
        if symbol < 256 {
            if out.len() == max {
                return Err(InflateError::TooLong);
            }
            out.push(symbol as u8);
            continue;
        }
        if symbol == 256 {
            return Ok(());
        }
        let l = symbol - 257;
        if l >= LENGTH_BASE.len() {
            return Err(InflateError::Invalid);
        }
        let length =
            usize::from(LENGTH_BASE[l]) + reader.bits(u32::from(LENGTH_EXTRA[l]))? as usize;
        let d = distances.decode(reader)?;
        if d >= DISTANCE_BASE.len() {
            return Err(InflateError::Invalid);
        }
        let distance =
            usize::from(DISTANCE_BASE[d]) + reader.bits(u32::from(DISTANCE_EXTRA[d]))? as usize;
        if distance > out.len() {
            return Err(InflateError::Invalid);
        }
        if out.len() + length > max {
            return Err(InflateError::TooLong);
        }
        let from = out.len() - distance;
        for k in 0..length {
            out.push(out[from + k]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::zlib::stored;

    /// A reference zlib stream of `data`: miniz_oxide at its best level (the browser's `CompressionStream`
    /// writes the page's links; this is the same format).
    fn compress_zlib(data: &[u8]) -> Vec<u8> {
        miniz_oxide::deflate::compress_to_vec_zlib(data, 9)
    }
    use crate::rng::Rng;

    fn sample(rng: &mut Rng, len: usize) -> Vec<u8> {
        let wide = rng.below(3) == 0;
        let alphabet = 1 + rng.below(if wide { 256 } else { 4 });
        let run = 1 + rng.below(30) as usize;
        let mut data = Vec::with_capacity(len);
        while data.len() < len {
            let byte = rng.below(alphabet) as u8;
            let repeat = (1 + rng.below(run as u32) as usize).min(len - data.len());
            data.extend(std::iter::repeat_n(byte, repeat));
        }
        data
    }

    #[test]
    fn reads_what_zlib_writes_at_every_level_and_what_the_core_stores() {
        let mut rng = Rng::new(21);
        for case in 0..300 {
            let len = rng.below(1 << (case % 16)) as usize;
            let data = sample(&mut rng, len);
            for level in [0, 1, 6, 9] {
                let stream = miniz_oxide::deflate::compress_to_vec_zlib(&data, level);
                assert_eq!(
                    inflate_zlib(&stream, data.len()),
                    Ok(data.clone()),
                    "level {level}"
                );
            }
            assert_eq!(inflate_zlib(&stored(&data), data.len()), Ok(data.clone()));
        }
    }

    #[test]
    fn reads_fixed_huffman_blocks() {
        let data = b"a short text, short enough for a fixed code: a short text".to_vec();
        let mut compressor = miniz_oxide::deflate::core::CompressorOxide::new(
            miniz_oxide::deflate::core::create_comp_flags_from_zip_params(6, 15, 4), // 4: fixed codes
        );
        let mut stream = vec![0u8; 200];
        let (_, _, written) = miniz_oxide::deflate::core::compress(
            &mut compressor,
            &data,
            &mut stream,
            miniz_oxide::deflate::core::TDEFLFlush::Finish,
        );
        stream.truncate(written);
        assert_eq!(inflate_zlib(&stream, data.len()), Ok(data));
    }

    #[test]
    fn says_what_is_wrong() {
        let data = vec![5u8; 1000];
        let good = compress_zlib(&data);
        assert_eq!(inflate_zlib(&good, 999), Err(InflateError::TooLong));
        assert_eq!(
            inflate_zlib(&good[..good.len() - 1], 1000),
            Err(InflateError::EndsEarly)
        );
        let mut extra = good.clone();
        extra.push(0);
        assert_eq!(inflate_zlib(&extra, 1000), Err(InflateError::TrailingBytes));
        let mut checksum = good.clone();
        *checksum.last_mut().unwrap() ^= 1;
        assert_eq!(
            inflate_zlib(&checksum, 1000),
            Err(InflateError::ChecksumMismatch)
        );
        assert_eq!(
            inflate_zlib(&[0x78, 0x9D, 3, 0], 10),
            Err(InflateError::Invalid)
        ); // header check
        assert_eq!(
            inflate_zlib(&[0x78, 0xDA, 0b111], 10),
            Err(InflateError::Invalid)
        ); // block type 3
        assert_eq!(inflate_zlib(&[], 10), Err(InflateError::EndsEarly));
    }

    #[test]
    fn never_panics_or_overruns_on_damaged_streams() {
        // Every single-byte change and every cut of a few streams: an answer, never a panic, and never
        // more than the bound.
        let mut rng = Rng::new(8);
        for case in 0..8 {
            let data = sample(&mut rng, 400);
            let good = if case % 4 == 3 {
                stored(&data)
            } else {
                compress_zlib(&data)
            };
            for at in 0..good.len() {
                for value in [0u8, 0xFF, good[at] ^ 0x10, good[at].wrapping_add(1)] {
                    let mut bad = good.clone();
                    bad[at] = value;
                    if let Ok(out) = inflate_zlib(&bad, 400) {
                        assert!(out.len() <= 400);
                    }
                }
                assert!(inflate_zlib(&good[..at], 400).is_err());
            }
        }
        for _ in 0..20_000 {
            let len = rng.below(64) as usize;
            let mut noise: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            if len >= 2 {
                (noise[0], noise[1]) = (0x78, 0xDA);
            }
            if let Ok(out) = inflate_zlib(&noise, 1000) {
                assert!(out.len() <= 1000);
            }
        }
    }
}
