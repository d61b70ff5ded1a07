//! base64url without padding (`A-Z a-z 0-9 - _`), the link text's alphabet.

use super::{damaged, FormatError, Medium};
use crate::message::Message;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Encodes bytes as base64url without padding.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes base64url without padding, strictly: only the 64 characters of the alphabet, no length that
/// leaves a lone character, and no stray bits in the last character.
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, FormatError> {
    fn value(c: u8) -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return None,
        } as u32)
    }
    if let Some((i, c)) = text
        .char_indices()
        .find(|&(_, c)| !c.is_ascii() || value(c as u8).is_none())
    {
        return Err(FormatError::new(
            Message::new("share.bad-character")
                .text("character", crate::message::quoted_char(c))
                .int(
                    "position",
                    text.get(..i).map_or(0, |t| t.chars().count()) + 1,
                ),
        ));
    }
    let bytes = text.as_bytes();
    if bytes.len() % 4 == 1 {
        return Err(damaged(Medium::Link, "share.why-length"));
    }
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &c)| n | value(c).unwrap_or(0) << (18 - 6 * i));
        let produced = chunk.len() - 1;
        for i in 0..produced {
            out.push((n >> (16 - 8 * i)) as u8);
        }
        if produced < 3 && (n >> (16 - 8 * produced)) & 0xFF != 0 {
            return Err(damaged(Medium::Link, "share.why-last-character"));
        }
    }
    Ok(out)
}
