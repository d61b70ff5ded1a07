//! Reading and writing map files for the CLI: a Moving AI `.map` or the project's own text format
//! (`astar-map 1`), told apart by content when reading and by the file name when writing. Every error
//! starts with the file name, then the line and column where they apply. Every file is read through
//! [`read_text`], which opens only regular files (a named pipe nobody writes to would block the command
//! forever, a device may never end) and refuses anything larger than [`MAX_FILE_BYTES`] before it fills
//! memory. Which format a file is, and whether it is valid (a leading byte-order mark included), the core
//! decides.

use crate::out::Out;
use astar_core::formats::{map_format, movingai, text, MapFormat};
use astar_core::Grid;
use std::io::Read;

/// The largest file the CLI reads: 16 MiB, as on the page. A 2048 × 2048 map is about 4 MiB and the
/// Moving AI benchmark's maps and scenarios are under 2 MiB, so only a wrong file (or `/dev/zero`) is
/// refused.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Reads `path` as UTF-8 text of at most [`MAX_FILE_BYTES`]; errors name the file. Anything but a
/// regular file (after following links) is refused before it is opened, and again from the opened file
/// (it may have been replaced in between). A larger file is refused from its size before it is read; one
/// whose size is wrong (a growing file, `/proc`) is read up to one byte past the limit.
pub fn read_text(path: &str) -> Result<String, String> {
    let cannot = |e: std::io::Error| format!("{path}: cannot read the file: {e}");
    let metadata = std::fs::metadata(path).map_err(cannot)?;
    regular_file(path, &metadata)?;
    let file = open_without_waiting(path).map_err(cannot)?;
    let metadata = file.metadata().map_err(cannot)?;
    regular_file(path, &metadata)?;
    if metadata.len() > MAX_FILE_BYTES {
        return Err(format!("{path}: {}", too_large(Some(metadata.len()))));
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

/// Refuses `path` unless `metadata` is a regular file's, saying what it is instead:
/// `f.map is a named pipe, not a regular file`.
fn regular_file(path: &str, metadata: &std::fs::Metadata) -> Result<(), String> {
    if metadata.is_file() {
        return Ok(());
    }
    Err(format!(
        "{path} is {}, not a regular file",
        kind_of(&metadata.file_type())
    ))
}

/// Refuses `folder` unless it is a directory (after following links), saying what it is instead.
pub fn check_folder(folder: &std::path::Path) -> Result<(), String> {
    let shown = folder.display();
    let metadata = std::fs::metadata(folder).map_err(|e| format!("cannot read {shown}: {e}"))?;
    if metadata.is_dir() {
        return Ok(());
    }
    let kind = match metadata.is_file() {
        true => "a regular file",
        false => kind_of(&metadata.file_type()),
    };
    Err(format!("{shown} is {kind}, not a directory"))
}

/// What a file that is not a regular file is, with its article ("a directory", "a named pipe").
fn kind_of(file_type: &std::fs::FileType) -> &'static str {
    if file_type.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
    }
    "a special file"
}

/// Opens `path` for reading without waiting for a writer, should it have become a named pipe since it
/// was checked (see [`do_not_wait`]).
fn open_without_waiting(path: &str) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    do_not_wait(&mut options);
    options.open(path)
}

/// Adds Linux's `O_NONBLOCK` to `options` (a regular file's reads ignore it; opening a pipe with it
/// returns at once). Its value, 0o4000 in `<fcntl.h>`, is the same on these machines; written out to
/// spare a dependency on `libc`.
#[cfg(all(
    target_os = "linux",
    any(
        target_arch = "x86_64",
        target_arch = "x86",
        target_arch = "aarch64",
        target_arch = "arm",
        target_arch = "riscv64"
    )
))]
fn do_not_wait(options: &mut std::fs::OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt;
    options.custom_flags(0o4000);
}

/// Elsewhere the check before opening is the guard.
#[cfg(not(all(
    target_os = "linux",
    any(
        target_arch = "x86_64",
        target_arch = "x86",
        target_arch = "aarch64",
        target_arch = "arm",
        target_arch = "riscv64"
    )
)))]
fn do_not_wait(_options: &mut std::fs::OpenOptions) {}

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
    use astar_core::Terrain;
    [Terrain::Forest, Terrain::Swamp, Terrain::Road]
        .into_iter()
        .any(|t| grid.count(t) > 0)
}

/// The note after writing a map with forest, swamp or road as a `.map`.
pub const LOSES_TERRAIN: &str =
    "a .map keeps only walls: forest, swamp and road are written as plain ground";

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
