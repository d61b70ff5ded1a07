//! Reading and writing map files for the CLI: a Moving AI `.map` or the project's own text format
//! (`astar-map 1`), told apart by content when reading and by the file name when writing. Every error
//! starts with the file name, then the line and column where they apply. Every file is read through
//! [`read_text`], which refuses anything larger than [`MAX_FILE_BYTES`] before it fills memory.

use astar_core::formats::{movingai, text};
use astar_core::Grid;
use std::io::Read;

/// The largest file the CLI reads: 16 MiB, as on the page. A 2048 × 2048 map is about 4 MiB and the
/// Moving AI benchmark's maps and scenarios are under 2 MiB, so only a wrong file (or `/dev/zero`) is
/// refused.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Reads `path` as UTF-8 text of at most [`MAX_FILE_BYTES`]; errors name the file.
pub fn read_text(path: &str) -> Result<String, String> {
    let cannot = |e: std::io::Error| format!("{path}: cannot read the file: {e}");
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{path}: the file is larger than {} MB, the largest accepted (a 2048 x 2048 map is about 4 MB)",
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{path}: not a text file (invalid UTF-8 at byte {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// A map read from a file, with the start and goal it names (own format only).
pub struct Loaded {
    /// The map.
    pub map: text::TextMap,
}

/// Reads `path` as whichever format its content is.
pub fn load(path: &str) -> Result<Loaded, String> {
    let content = read_text(path)?;
    if text::looks_like(&content) {
        let map = text::parse(&content).map_err(|e| format!("{path}: {e}"))?;
        return Ok(Loaded { map });
    }
    let first = content.lines().map(str::trim).find(|l| !l.is_empty());
    if first.is_some_and(|l| l.split_whitespace().next() == Some("type")) {
        let grid = movingai::parse_map(&content).map_err(|e| format!("{path}: {e}"))?;
        return Ok(Loaded {
            map: text::TextMap::new(grid),
        });
    }
    Err(format!(
        "{path}: line 1: not a map: expected `{} {}` (this project's format) or `type octile` (Moving AI)",
        text::MAGIC,
        text::VERSION
    ))
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

/// Writes `content` to `path`, or to standard output when `path` is `-`.
pub fn save(path: &str, content: &str) -> Result<(), String> {
    if path == "-" {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        return out
            .write_all(content.as_bytes())
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write to standard output: {e}"));
    }
    std::fs::write(path, content).map_err(|e| format!("{path}: cannot write the file: {e}"))
}
