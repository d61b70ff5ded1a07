//! Reading and writing map files for the CLI: a Moving AI `.map` or the project's own text format
//! (`astar-map 1`), told apart by content when reading and by the file name when writing. Every error
//! starts with the file name, then the line and column where they apply. Every file is read through
//! [`read_text`], which refuses anything larger than [`MAX_FILE_BYTES`] before it fills memory. Which
//! format a file is, and whether it is valid (a leading byte-order mark included), the core decides.

use crate::out::Out;
use astar_core::formats::{map_format, movingai, text, MapFormat};
use astar_core::Grid;
use std::io::Read;

/// The largest file the CLI reads: 16 MiB, as on the page. A 2048 × 2048 map is about 4 MiB and the
/// Moving AI benchmark's maps and scenarios are under 2 MiB, so only a wrong file (or `/dev/zero`) is
/// refused.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Reads `path` as UTF-8 text of at most [`MAX_FILE_BYTES`]; errors name the file. A larger file is
/// refused from its size before it is read; a file of no known size (a device, a pipe) is read up to one
/// byte past the limit.
pub fn read_text(path: &str) -> Result<String, String> {
    let cannot = |e: std::io::Error| format!("{path}: cannot read the file: {e}");
    let file = std::fs::File::open(path).map_err(cannot)?;
    let size = file
        .metadata()
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    if let Some(size) = size.filter(|&s| s > MAX_FILE_BYTES) {
        return Err(format!("{path}: {}", too_large(Some(size))));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("{path}: {}", too_large(None)));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{path}: not a text file (invalid UTF-8 at byte {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Why a file of `size` bytes (or of more than the limit, when its size is unknown) is refused: the
/// size and the limit, both in bytes, so a file one byte over says so.
fn too_large(size: Option<u64>) -> String {
    let size = match size {
        Some(size) => format!("{} bytes", grouped(size)),
        None => format!("more than {} bytes", grouped(MAX_FILE_BYTES)),
    };
    format!(
        "the file is {size}; the largest accepted is {} bytes ({} MiB; a 2048 x 2048 map is about 4 MiB)",
        grouped(MAX_FILE_BYTES),
        MAX_FILE_BYTES / (1024 * 1024)
    )
}

/// `n` with a comma between groups of three digits (16,777,216).
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A map read from a file, with the start and goal it names (own format only).
pub struct Loaded {
    /// The map.
    pub map: text::TextMap,
}

/// Reads `path` as whichever format its content is.
pub fn load(path: &str) -> Result<Loaded, String> {
    let content = read_text(path)?;
    let map = match map_format(&content).map_err(|e| format!("{path}: {e}"))? {
        MapFormat::Own => text::parse(&content),
        MapFormat::MovingAi => movingai::parse_map(&content).map(text::TextMap::new),
    };
    Ok(Loaded {
        map: map.map_err(|e| format!("{path}: {e}"))?,
    })
}

/// True if `path` names a Moving AI map (ends in `.map`).
pub fn is_movingai_name(path: &str) -> bool {
    path.to_ascii_lowercase().ends_with(".map")
}

/// The file content for `map` in the format `path` asks for (Moving AI for `.map`, else our own).
pub fn render(path: &str, map: &text::TextMap) -> String {
    if is_movingai_name(path) {
        movingai::write_map(&map.grid)
    } else {
        text::write(map)
    }
}

/// True if writing `grid` as a Moving AI `.map` loses information (terrain other than wall and plain).
pub fn movingai_loses_terrain(grid: &Grid) -> bool {
    grid.count(astar_core::Terrain::Forest) + grid.count(astar_core::Terrain::Swamp) > 0
}

/// The note after writing a map with forest or swamp as a `.map`.
pub const LOSES_TERRAIN: &str =
    "a .map keeps only walls: forest and swamp are written as plain ground";

/// Writes `content` to `path`, or to standard output (`out`) when `path` is `-`.
pub fn save(path: &str, content: &str, out: &mut Out) -> Result<(), String> {
    if path == "-" {
        out.text(content);
        return Ok(());
    }
    std::fs::write(path, content).map_err(|e| format!("{path}: cannot write the file: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(16_777_217), "16,777,217");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }
}
