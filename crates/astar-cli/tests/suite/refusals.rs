//! Input the `astar` binary must refuse rather than half-accept: scenarios that check nothing, files too
//! big to read, repeated options, malformed headers. Each refusal exits 2 with one line on standard error
//! that names the problem (and the file and line where there is one).

use crate::common;

use common::{astar, data, stderr, stdout};
use std::path::Path;

/// Writes `content` to `name` in `dir` and returns the path as text.
fn write(dir: &Path, name: &str, content: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path.to_string_lossy().into_owned()
}

/// Asserts that `astar args` exits 2 with one line on standard error, starting `astar: `, containing
/// every one of `expected`, and prints nothing on standard output.
#[track_caller]
fn assert_refused(args: &[&str], expected: &[&str]) {
    let o = astar(args);
    let err = stderr(&o);
    assert_eq!(
        o.status.code(),
        Some(2),
        "{args:?}: stderr {err:?}, stdout {:?}",
        stdout(&o)
    );
    assert!(err.starts_with("astar: "), "{args:?}: {err:?}");
    for part in expected {
        assert!(err.contains(part), "{args:?}: {err:?} lacks {part:?}");
    }
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: one line: {err:?}"
    );
    assert!(!err.contains("panicked"), "{args:?}: {err:?}");
    assert_eq!(stdout(&o), "", "{args:?}: nothing on standard output");
}

#[test]
fn a_scenario_without_problems_or_of_another_version_checks_nothing_and_says_so() {
    let dir = scratch("scen");
    let map = data("arena.map");
    let empty = write(dir.path(), "empty.map.scen", "version 1\n");
    assert_refused(
        &["check", "--map", &map, "--scen", &empty, "--json"],
        &[&empty, "lists no problems"],
    );
    let blank = write(dir.path(), "blank.map.scen", "version 1.0\r\n\r\n\n");
    assert_refused(
        &["check", "--map", &map, "--scen", &blank],
        &[&blank, "lists no problems"],
    );
    let v7 = write(
        dir.path(),
        "v7.map.scen",
        "version 7\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n",
    );
    assert_refused(
        &["check", "--map", &map, "--scen", &v7],
        &[&v7, "line 1: scenario version \"7\" is not supported"],
    );
    // Both version spellings of the benchmark's own files are read.
    let one = write(
        dir.path(),
        "one.map.scen",
        "version 1.0\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n",
    );
    let o = astar(&["check", "--map", &map, "--scen", &one]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("1 of 1 scenarios checked, 0 mismatches"));
}

#[test]
fn files_over_16_mib_are_refused_before_they_fill_memory() {
    let map = data("arena.map");
    // An endless file: without a limit this reads until memory runs out. It is a device, refused
    // before it is opened (tests/suite/special_files.rs has every kind of file that is not a regular one).
    assert_refused(
        &[
            "solve",
            "--map",
            "/dev/zero",
            "--from",
            "0,0",
            "--to",
            "1,1",
        ],
        &["/dev/zero is a character device, not a regular file"],
    );
    assert_refused(
        &["check", "--map", &map, "--scen", "/dev/zero"],
        &["/dev/zero is a character device, not a regular file"],
    );
    // One byte over the limit (a sparse file, so the test writes almost nothing).
    let dir = scratch("big");
    let big = dir.path().join("big.map");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(16 * 1024 * 1024 + 1)
        .unwrap();
    let big = big.to_string_lossy().into_owned();
    let out = dir.path().join("out.txt").to_string_lossy().into_owned();
    assert_refused(
        &["convert", &big, &out],
        &[&format!(
            "{big}: the file is 16,777,217 bytes; the largest accepted is 16,777,216 bytes (16 MiB"
        )],
    );
    assert!(!Path::new(&out).exists(), "nothing written");
}

#[test]
fn a_repeated_switch_or_option_is_an_error_in_every_subcommand() {
    let map = data("arena.map");
    let solve = ["solve", "--map", &map, "--from", "1,11", "--to", "1,12"];
    assert_refused(
        &[&solve[..], &["--json", "--json"]].concat(),
        &["solve: --json is given twice"],
    );
    assert_refused(
        &[&solve[..], &["--w", "1", "--w=2"]].concat(),
        &["solve: --w is given twice"],
    );
    let scen = data("arena.map.scen");
    assert_refused(
        &["check", "--map", &map, "--scen", &scen, "--json", "--json"],
        &["check: --json is given twice"],
    );
    assert_refused(
        &[
            "gen", "maze", "--width", "5", "--height", "5", "--seed", "1", "--seed", "2",
        ],
        &["gen: --seed is given twice"],
    );
    for (args, expected) in [
        (&["--json", "--json"][..], "bench: --json is given twice"),
        (
            &["--no-peers", "--no-peers"][..],
            "bench: --no-peers is given twice",
        ),
        (
            &["--limit", "5", "--limit=6"][..],
            "bench: --limit is given twice",
        ),
        (
            &["--repeat=2", "--repeat=3"][..],
            "bench: --repeat is given twice",
        ),
        (
            &["movingai", "movingai"][..],
            "bench: section movingai is given twice",
        ),
    ] {
        assert_refused(&[&["bench"][..], args].concat(), &[expected]);
    }
}

#[test]
fn bench_reads_its_options_like_every_other_subcommand() {
    // `--limit=5` is read (the run then stops at the empty data folder, before any benchmark; `--json`
    // keeps the machine line off standard output).
    let empty_dir = scratch("bench-data");
    let empty = empty_dir.path().to_string_lossy().into_owned();
    assert_refused(
        &[
            "bench",
            "movingai",
            "--limit=5",
            "--data",
            &empty,
            "--no-peers",
            "--json",
        ],
        &["bench: no .map files in", &empty],
    );
    assert_refused(
        &[
            "bench",
            "movingai",
            "--maps=nosuch,other",
            "--data",
            &empty,
            "--json",
        ],
        &["bench: none of the maps nosuch, other is in", &empty],
    );
    assert_refused(
        &["bench", "--limit=0"],
        &["--limit \"0\" is not a positive whole number"],
    );
    assert_refused(
        &["bench", "--repeat", "x"],
        &["--repeat \"x\" is not a positive whole number"],
    );
    assert_refused(&["bench", "--limit"], &["bench: --limit needs a value"]);
    assert_refused(
        &["bench", "--frobnicate"],
        &["bench: unknown option \"--frobnicate\" (options: --cluster, --data, --json, --limit"],
    );
    assert_refused(
        &["bench", "hpa", "--cluster", "16,1"],
        &["--cluster: cluster size 1 is too small: the smallest is 2"],
    );
    assert_refused(
        &["bench", "hpa", "--cluster=32,32"],
        &["--cluster: cluster size 32 is given twice"],
    );
    assert_refused(
        &["bench", "cheese"],
        &["bench: unknown section \"cheese\": use article, weights, movingai, algorithms, hpa, crowd or navmesh"],
    );
    let help = astar(&["bench", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    let text = stdout(&help);
    assert!(
        text.contains("Usage: astar bench [OPTIONS] [SECTION]...") && text.contains("--data <DIR>"),
        "{text}"
    );
}

#[test]
fn convert_says_it_takes_no_options() {
    assert_refused(
        &["convert", &data("arena.map"), "out.txt", "--json"],
        &["convert: unknown option \"--json\" (convert takes no options)"],
    );
}

#[test]
fn malformed_headers_and_short_maps_name_their_line() {
    let dir = scratch("headers");
    let dup_height = write(
        dir.path(),
        "dup-height.map",
        "type octile\nheight 2\nheight 3\nwidth 3\nmap\n...\n...\n...\n",
    );
    assert_refused(
        &[
            "solve",
            "--map",
            &dup_height,
            "--from",
            "0,0",
            "--to",
            "1,1",
        ],
        &[&format!("{dup_height}: line 3: `height` is given twice")],
    );
    let dup_cost = write(
        dir.path(),
        "dupcost.txt",
        "astar-map 1\nsize 3 1\ncosts plain 1 plain 9\nmap\n...\n",
    );
    assert_refused(
        &["solve", "--map", &dup_cost, "--from", "0,0", "--to", "2,0"],
        &[&format!(
            "{dup_cost}: line 3, column 15: the cost of plain is given twice"
        )],
    );
    let short = write(
        dir.path(),
        "short.map",
        "type octile\nheight 3\nwidth 3\nmap\n...\n...\n",
    );
    let out = dir.path().join("out.txt").to_string_lossy().into_owned();
    assert_refused(
        &["convert", &short, &out],
        &[&format!(
            "{short}: line 6: the file ends there: the map has 2 rows, its header says 3"
        )],
    );
}

#[test]
fn gen_refuses_corridors_and_rooms_it_would_have_to_clamp() {
    let gen = |kind: &'static str, flag: &'static str, value: &'static str| {
        ["gen", kind, "--width", "9", "--height", "7", flag, value]
    };
    assert_refused(
        &gen("maze", "--corridor", "0"),
        &["--corridor 0 is not allowed: use 1 to 7 (the map's smaller side)"],
    );
    assert_refused(
        &gen("maze", "--corridor", "8"),
        &["--corridor 8 is not allowed: use 1 to 7"],
    );
    assert_refused(
        &gen("rooms", "--room", "0"),
        &["--room 0 is not allowed: use 2 to 64 (the largest room)"],
    );
    assert_refused(&gen("rooms", "--room", "65"), &["--room 65 is not allowed"]);
    for args in [gen("maze", "--corridor", "7"), gen("rooms", "--room", "2")] {
        let o = astar(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    }
}

/// A fresh scratch folder for one test of this file.
fn scratch(test: &str) -> tempfile::TempDir {
    common::scratch("refusals", test)
}
