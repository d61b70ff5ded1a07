//! The corpus of hostile and valid input files (`tests/corpus/` at the repository's root) and its
//! expectations file, read the same way by the core's tests and the CLI's (which include this file by
//! path). See `tests/corpus/expectations.txt` for the format.
#![allow(dead_code)] // reason: the core and the CLI use different parts

use std::path::{Path, PathBuf};

/// One line of the expectations file.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// The file, relative to the corpus folder (`maps/type-hex.map`).
    pub path: String,
    /// The `astar` exit status: 0 read, 1 a problem that does not fit (scenarios), 2 refused.
    pub exit: i32,
    /// For 2 the start of the error after `astar: PATH: `; for 1 the end of the first mismatch line.
    pub message: String,
}

impl Expectation {
    /// The file's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        std::fs::read(self.full_path()).expect("the corpus file exists")
    }

    /// The file's path on this machine.
    pub fn full_path(&self) -> PathBuf {
        folder().join(&self.path)
    }

    /// The corpus subfolder it is in: `maps`, `scenarios` or `links`.
    pub fn kind(&self) -> &str {
        self.path.split('/').next().unwrap_or_default()
    }
}

/// The corpus folder.
pub fn folder() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus");
    assert!(
        dir.is_dir(),
        "the corpus folder {} is missing",
        dir.display()
    );
    dir
}

/// The map every scenario of the corpus is checked on.
pub const SCENARIO_MAP: &str = "maps/ok-scenario-grid.map";

/// Every expectation, after checking that each names an existing file and that every file of the
/// corpus has exactly one.
pub fn expectations() -> Vec<Expectation> {
    let text = std::fs::read_to_string(folder().join("expectations.txt")).unwrap();
    let mut all: Vec<Expectation> = vec![];
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.splitn(3, '|');
        let (Some(path), Some(exit), message) = (parts.next(), parts.next(), parts.next()) else {
            panic!(
                "expectations.txt line {}: not `PATH | EXIT | MESSAGE`: {line:?}",
                n + 1
            );
        };
        let exit: i32 = exit
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("expectations.txt line {}: exit status {exit:?}", n + 1));
        assert!(
            matches!(exit, 0..=2),
            "expectations.txt line {}: exit {exit}",
            n + 1
        );
        let message = message.unwrap_or_default().trim().to_string();
        assert_eq!(
            exit == 0,
            message.is_empty(),
            "expectations.txt line {}: a message goes with exit 1 or 2 only",
            n + 1
        );
        let e = Expectation {
            path: path.trim().to_string(),
            exit,
            message,
        };
        assert!(e.full_path().is_file(), "{} is listed but missing", e.path);
        assert!(
            !all.iter().any(|o| o.path == e.path),
            "{} is listed twice",
            e.path
        );
        all.push(e);
    }
    for kind in ["maps", "scenarios", "links"] {
        for entry in std::fs::read_dir(folder().join(kind)).unwrap() {
            let name = format!("{kind}/{}", entry.unwrap().file_name().to_string_lossy());
            assert!(
                all.iter().any(|e| e.path == name),
                "{name} has no line in expectations.txt"
            );
        }
    }
    all
}
