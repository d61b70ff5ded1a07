//! The zlib framing (RFC 1950) the share codec writes: a body kept *stored*, in deflate's uncompressed
//! blocks (RFC 1951 §3.2.4), with its Adler-32 checksum.
//!
//! Why stored: compressing is the platform's job. The page packs a link or a file with the browser's
//! `CompressionStream('deflate')` (zlib framing, the same bytes any zlib reader expects), which costs the
//! wasm module nothing; a compressor of our own weighed about 3.5 KB of the gzipped first download. What
//! the core writes is still a valid zlib stream, so the bytes of [`stored`] open everywhere a compressed
//! link does ([`super::inflate`] reads both): an undo snapshot stays synchronous, and a link written at
//! the last moment before the page goes away (when no compression can finish) is long but whole.
//!
//! Layout of [`stored`]'s output, each block starting on a byte boundary:
//! ```text
//! 0x78 0x01                         zlib header: deflate, 32 KiB window, no dictionary, fastest
//! [b] [len u16 LE] [!len u16 LE] .. one block per 65,535 bytes of body; b = 1 on the last, 0 before
//! [Adler-32 u32 BE]                 of the whole body
//! ```
//! An empty body is one empty final block.

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
                super::super::inflate::inflate_zlib(&stream, len).unwrap(),
                body,
                "{len} bytes, our reader"
            );
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
