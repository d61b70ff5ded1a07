//! The zlib framing (RFC 1950) of the share codec's body: written *stored*, in deflate's uncompressed
//! blocks (RFC 1951 §3.2.4), with its Adler-32 checksum; read back stored or compressed.
//!
//! Why stored: compressing and inflating are the platform's job. The page packs a link or a file with the
//! browser's `CompressionStream('deflate')` (zlib framing, the same bytes any zlib reader expects) and
//! inflates one with `DecompressionStream` before the core reads it (www/share/link.ts), which costs the
//! wasm module nothing; natively [`read`] inflates with `miniz_oxide`. What the core writes is still a
//! valid zlib stream, so the bytes of [`stored`] open everywhere a compressed link does: taking an undo
//! snapshot stays synchronous (opening one is asynchronous once the page has compressed it), and a link
//! written at the last moment before the page goes away (when no compression can finish) is long but
//! whole.
//!
//! Layout of [`stored`]'s output, each block starting on a byte boundary:
//! ```text
//! 0x78 0x01                         zlib header: deflate, 32 KiB window, no dictionary, fastest
//! [b] [len u16 LE] [!len u16 LE] .. one block per 65,535 bytes of body; b = 1 on the last, 0 before
//! [Adler-32 u32 BE]                 of the whole body
//! ```
//! An empty body is one empty final block.
//!
//! Hostile input is expected (links are typed, pasted and cut): every read is checked, output never
//! grows past the caller's bound, and each way a stream can be wrong is an [`InflateError`].

/// The most bytes one stored block holds (its length field is 16 bits).
const MAX_STORED_BLOCK: usize = 65_535;

/// `body` as a zlib stream of stored blocks (see the module doc).
pub fn stored(body: &[u8]) -> Vec<u8> {
    let blocks = body.len().div_ceil(MAX_STORED_BLOCK).max(1);
    let mut out = Vec::with_capacity(2 + 5 * blocks + body.len() + 4);
    out.extend_from_slice(&[0x78, 0x01]);
    let mut chunks = body.chunks(MAX_STORED_BLOCK).peekable();
    if chunks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xFF, 0xFF]);
    }
    while let Some(chunk) = chunks.next() {
        let last = chunks.peek().is_none();
        let len = chunk.len() as u16;
        out.push(u8::from(last));
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    out.extend_from_slice(&adler32(body).to_be_bytes());
    out
}

/// Why a zlib stream could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InflateError {
    /// It ends before its last block and checksum.
    EndsEarly,
    /// It would produce more than the bound.
    TooLong,
    /// Its Adler-32 checksum does not match what it decodes to.
    ChecksumMismatch,
    /// It breaks the format (bad header, block type, code, distance...), or, in the wasm module, it is
    /// compressed (the page inflates those before the core reads them).
    Invalid,
    /// Bytes follow its checksum.
    TrailingBytes,
}

/// The bytes the zlib stream `input` holds, at most `max` of them; the stream must end exactly at the end
/// of `input`. Natively any zlib stream (`miniz_oxide`); in the wasm module only a stored one, as
/// [`stored`] writes it (see the module doc).
pub fn read(input: &[u8], max: usize) -> Result<Vec<u8>, InflateError> {
    #[cfg(not(target_arch = "wasm32"))]
    return inflate(input, max);
    #[cfg(target_arch = "wasm32")]
    return read_stored(input, max);
}

/// Any zlib stream, inflated by `miniz_oxide` into at most `max` bytes (the native [`read`]).
#[cfg(not(target_arch = "wasm32"))]
fn inflate(input: &[u8], max: usize) -> Result<Vec<u8>, InflateError> {
    use miniz_oxide::inflate::core::inflate_flags::{
        TINFL_FLAG_COMPUTE_ADLER32, TINFL_FLAG_PARSE_ZLIB_HEADER,
        TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF,
    };
    use miniz_oxide::inflate::core::{decompress, DecompressorOxide};
    use miniz_oxide::inflate::TINFLStatus;
    // One byte more than allowed, so that a stream longer than the bound is seen to be.
    let mut out = vec![0u8; max.saturating_add(1)];
    let flags = TINFL_FLAG_PARSE_ZLIB_HEADER
        | TINFL_FLAG_COMPUTE_ADLER32
        | TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let mut decompressor = Box::<DecompressorOxide>::default();
    let (status, consumed, written) = decompress(&mut decompressor, input, &mut out, 0, flags);
    match status {
        TINFLStatus::Done if written > max => Err(InflateError::TooLong),
        TINFLStatus::Done if consumed != input.len() => Err(InflateError::TrailingBytes),
        TINFLStatus::Done => {
            out.truncate(written);
            Ok(out)
        }
        TINFLStatus::HasMoreOutput => Err(InflateError::TooLong),
        TINFLStatus::NeedsMoreInput | TINFLStatus::FailedCannotMakeProgress => {
            Err(InflateError::EndsEarly)
        }
        TINFLStatus::Adler32Mismatch => Err(InflateError::ChecksumMismatch),
        TINFLStatus::Failed | TINFLStatus::BadParam => Err(InflateError::Invalid),
    }
}

/// A zlib stream of stored blocks only (as [`stored`] writes it), read into at most `max` bytes: the
/// wasm module's [`read`]. A compressed block is [`InflateError::Invalid`].
pub fn read_stored(input: &[u8], max: usize) -> Result<Vec<u8>, InflateError> {
    let header = input.get(..2).ok_or(InflateError::EndsEarly)?;
    let (cmf, flg) = (header[0], header[1]);
    // Deflate with a window of at most 32 KiB, the check bits right, no preset dictionary (RFC 1950 §2.2).
    if cmf & 0x0F != 8
        || cmf >> 4 > 7
        || (u16::from(cmf) << 8 | u16::from(flg)) % 31 != 0
        || flg & 0x20 != 0
    {
        return Err(InflateError::Invalid);
    }
    let mut at = 2;
    let mut out = Vec::new();
    loop {
        let &block = input.get(at).ok_or(InflateError::EndsEarly)?;
        // Stored blocks end on a byte boundary, so each header starts one: BFINAL, then BTYPE 00.
        if block & 0b110 != 0 {
            return Err(InflateError::Invalid);
        }
        let lengths = input.get(at + 1..at + 5).ok_or(InflateError::EndsEarly)?;
        let len = u16::from_le_bytes([lengths[0], lengths[1]]);
        if len != !u16::from_le_bytes([lengths[2], lengths[3]]) {
            return Err(InflateError::Invalid);
        }
        let len = len as usize;
        if out.len() + len > max {
            return Err(InflateError::TooLong);
        }
        let data = input
            .get(at + 5..at + 5 + len)
            .ok_or(InflateError::EndsEarly)?;
        out.extend_from_slice(data);
        at += 5 + len;
        if block & 1 == 1 {
            break;
        }
    }
    let checksum = input.get(at..at + 4).ok_or(InflateError::EndsEarly)?;
    if u32::from_be_bytes([checksum[0], checksum[1], checksum[2], checksum[3]]) != adler32(&out) {
        return Err(InflateError::ChecksumMismatch);
    }
    if at + 4 != input.len() {
        return Err(InflateError::TrailingBytes);
    }
    Ok(out)
}

/// The Adler-32 checksum of `data` (RFC 1950 §8).
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
    use miniz_oxide::inflate::decompress_to_vec_zlib;

    #[test]
    fn stored_streams_inflate_with_the_reference_reader_at_every_block_boundary() {
        for len in [
            0usize, 1, 2, 100, 65_534, 65_535, 65_536, 131_070, 131_071, 300_000,
        ] {
            let body: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
            let stream = stored(&body);
            assert_eq!(
                stream.len(),
                2 + 5 * len.div_ceil(MAX_STORED_BLOCK).max(1) + len + 4
            );
            assert_eq!(
                decompress_to_vec_zlib(&stream).unwrap(),
                body,
                "{len} bytes"
            );
            assert_eq!(
                read_stored(&stream, len).unwrap(),
                body,
                "{len} bytes, stored"
            );
            assert_eq!(read(&stream, len).unwrap(), body, "{len} bytes, read");
        }
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
                assert_eq!(read(&stream, data.len()), Ok(data.clone()), "level {level}");
            }
            assert_eq!(read_stored(&stored(&data), data.len()), Ok(data.clone()));
        }
    }

    #[test]
    fn says_what_is_wrong_compressed_or_stored() {
        let data = vec![5u8; 1000];
        for (good, reader) in [
            (
                miniz_oxide::deflate::compress_to_vec_zlib(&data, 9),
                read as fn(&[u8], usize) -> Result<Vec<u8>, InflateError>,
            ),
            (stored(&data), read_stored),
        ] {
            assert_eq!(reader(&good, 999), Err(InflateError::TooLong));
            assert_eq!(
                reader(&good[..good.len() - 1], 1000),
                Err(InflateError::EndsEarly)
            );
            let mut extra = good.clone();
            extra.push(0);
            assert_eq!(reader(&extra, 1000), Err(InflateError::TrailingBytes));
            let mut checksum = good.clone();
            *checksum.last_mut().unwrap() ^= 1;
            assert_eq!(reader(&checksum, 1000), Err(InflateError::ChecksumMismatch));
            assert_eq!(reader(&[0x78, 0x9D, 3, 0], 10), Err(InflateError::Invalid)); // header check
            assert_eq!(reader(&[0x78, 0xDA, 0b111], 10), Err(InflateError::Invalid)); // block type 3
            assert_eq!(reader(&[], 10), Err(InflateError::EndsEarly));
        }
        // The wasm module's reader leaves compressed streams to the page.
        let compressed = miniz_oxide::deflate::compress_to_vec_zlib(&data, 9);
        assert_eq!(read_stored(&compressed, 1000), Err(InflateError::Invalid));
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
                miniz_oxide::deflate::compress_to_vec_zlib(&data, 9)
            };
            for at in 0..good.len() {
                for value in [0u8, 0xFF, good[at] ^ 0x10, good[at].wrapping_add(1)] {
                    let mut bad = good.clone();
                    bad[at] = value;
                    for out in [read(&bad, 400), read_stored(&bad, 400)]
                        .into_iter()
                        .flatten()
                    {
                        assert!(out.len() <= 400);
                    }
                }
                assert!(read(&good[..at], 400).is_err());
                assert!(read_stored(&good[..at], 400).is_err());
            }
        }
        for _ in 0..20_000 {
            let len = rng.below(64) as usize;
            let mut noise: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            if len >= 2 {
                (noise[0], noise[1]) = (0x78, 0xDA);
            }
            for out in [read(&noise, 1000), read_stored(&noise, 1000)]
                .into_iter()
                .flatten()
            {
                assert!(out.len() <= 1000);
            }
        }
    }

    #[test]
    fn adler32_matches_known_values() {
        assert_eq!(adler32(b""), 1);
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
        let long = vec![0xFF; 1 << 20];
        let (mut a, mut b) = (1u64, 0u64);
        for &byte in &long {
            a = (a + byte as u64) % 65_521;
            b = (b + a) % 65_521;
        }
        assert_eq!(adler32(&long), (b << 16 | a) as u32);
    }
}
