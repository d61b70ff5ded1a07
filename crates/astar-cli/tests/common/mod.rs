//! Helpers shared by the CLI's integration tests: run the `astar` binary, read what it printed, find the
//! Moving AI data, and make scratch folders that are removed afterwards.
#![allow(dead_code)] // each test file uses its own subset

use std::path::Path;
use std::process::{Command, Output};

/// Runs the `astar` binary with `args`.
pub fn astar(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_astar"))
        .args(args)
        .output()
        .expect("the astar binary runs")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The path of `name` in the repository's Moving AI data (data/movingai).
pub fn data(name: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/movingai");
    assert!(
        dir.is_dir(),
        "the Moving AI data folder {} is missing",
        dir.display()
    );
    dir.join(name).to_string_lossy().into_owned()
}

/// A fresh scratch folder for one test (`suite` and `test` name it, for whoever looks in the system temp
/// directory while the test runs). Removed with everything in it when the returned value is dropped, also
/// when the test fails.
pub fn scratch(suite: &str, test: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("astar-{suite}-{test}-"))
        .tempdir()
        .expect("a scratch folder in the system temp directory")
}

/// Asserts the exit status `code`, showing both outputs when it differs (`what` names the run).
#[track_caller]
pub fn assert_exit(o: &Output, code: i32, what: &str) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "{what}: stdout {:?}, stderr {:?}",
        stdout(o),
        stderr(o)
    );
}
