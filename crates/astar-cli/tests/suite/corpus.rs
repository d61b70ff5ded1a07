//! The corpus of hostile and valid files (`tests/corpus/`, see its `expectations.txt`) through the `astar`
//! binary: every map (`astar convert FILE -`) and scenario (`astar check --map ... --scen FILE`) gives
//! exactly the exit status and message the expectations file names, on one line, never a panic; an
//! accepted map is written out and read back to the same text. The core's test reads the same files with
//! the parsers directly (crates/astar-core/tests/suite/corpus.rs).

use crate::common;
use crate::corpus_files as corpus;

use common::{astar, stderr, stdout};
use corpus::{expectations, Expectation};

/// Runs the file of `e` through the command for its kind; `None` for kinds no command reads (links).
fn run(e: &Expectation) -> Option<std::process::Output> {
    let file = e.full_path().to_string_lossy().into_owned();
    let map = corpus::folder().join(corpus::SCENARIO_MAP);
    let map = map.to_string_lossy().into_owned();
    match e.kind() {
        "maps" => Some(astar(&["convert", &file, "-"])),
        "scenarios" => Some(astar(&["check", "--map", &map, "--scen", &file])),
        _ => None,
    }
}

#[test]
fn every_corpus_file_gets_exactly_its_expected_outcome_from_the_cli() {
    let mut ran = 0;
    for e in expectations() {
        let Some(o) = run(&e) else {
            continue;
        };
        ran += 1;
        let (out, err) = (stdout(&o), stderr(&o));
        let file = e.full_path().to_string_lossy().into_owned();
        assert_eq!(o.status.code(), Some(e.exit), "{}: {err:?}", e.path);
        assert!(!err.contains("panicked"), "{}: {err:?}", e.path);
        match e.exit {
            0 => {
                assert_eq!(err, "", "{}", e.path);
                if e.kind() == "maps" {
                    // What was written reads back to the same text.
                    let dir = common::scratch("corpus", "round-trip");
                    let name = e.path.rsplit('/').next().unwrap();
                    let copy = dir.path().join(name);
                    std::fs::write(&copy, &out).unwrap();
                    let again = astar(&["convert", copy.to_str().unwrap(), "-"]);
                    assert_eq!(stdout(&again), out, "{}", e.path);
                }
            }
            1 => {
                let first = out.lines().next().unwrap_or_default();
                assert!(
                    first.starts_with("mismatch: problem ") && first.ends_with(&e.message),
                    "{}: {first:?} does not end with {:?}",
                    e.path,
                    e.message
                );
                assert_eq!(err, "", "{}", e.path);
            }
            _ => {
                let prefix = format!("astar: {file}: {}", e.message);
                assert!(
                    err.starts_with(&prefix),
                    "{}: {err:?} does not start with {prefix:?}",
                    e.path
                );
                assert_eq!(err.lines().count(), 1, "{}: one line: {err:?}", e.path);
                assert_eq!(out, "", "{}: nothing on standard output", e.path);
            }
        }
    }
    assert!(ran >= 70, "only {ran} files ran");
}
