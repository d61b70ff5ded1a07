//! The `astar` binary tells the truth about its output, with real processes: a write that fails (standard
//! output on `/dev/full`, a full disk) exits 2 with `astar: cannot write to standard output: ...` in
//! every subcommand; a reader that goes away (a pipe closed early, as `| head -c 100` does) stops the
//! tool quietly with exit status 141, never 0; and an error is the only line on standard error, also
//! when a note was due.

use crate::common;

use common::{astar, data, stderr};
use std::io::Read;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};

/// The exit status of a run whose reader went away (README, "Command-line tool").
const CLOSED_PIPE: i32 = 141;

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_astar"));
    command.args(args);
    command
}

/// A folder with arena's map and scenario, for a quick `bench movingai`.
fn bench_data(dir: &Path) -> String {
    for name in ["arena.map", "arena.map.scen"] {
        std::fs::copy(data(name), dir.join(name)).unwrap();
    }
    dir.to_string_lossy().into_owned()
}

/// A scenario for arena whose every problem starts on a wall (the cell 0,0): each is a mismatch line,
/// `count` lines in all, found without a search.
fn wall_scenario(dir: &Path, count: usize) -> String {
    let mut text = String::from("version 1\n");
    for _ in 0..count {
        text.push_str("0\tarena.map\t49\t49\t0\t0\t1\t12\t1\n");
    }
    let path = dir.join("walls.map.scen");
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Every subcommand's argument lists that print on standard output, with `dir` for scratch files.
fn printing_commands(dir: &Path) -> Vec<Vec<String>> {
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    let bench = bench_data(dir);
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let solve = ["solve", "--map", &map, "--from", "1,11", "--to", "4,12"];
    let check = ["check", "--map", &map, "--scen", &scen, "--limit", "5"];
    let bench = [
        "bench",
        "movingai",
        "--data",
        &bench,
        "--limit",
        "2",
        "--no-peers",
    ];
    vec![
        words(&solve),
        words(&[&solve[..], &["--json"]].concat()),
        words(&check),
        words(&[&check[..], &["--json"]].concat()),
        words(&["gen", "maze", "--width", "9", "--height", "7"]),
        words(&["convert", &map, "-"]),
        words(&bench),
        words(&[&bench[..], &["--json"]].concat()),
        words(&["--help"]),
        words(&["check", "--help"]),
    ]
}

#[test]
#[cfg(target_os = "linux")]
fn every_subcommand_reports_a_full_disk_and_exits_2() {
    let dir = common::scratch("output", "full");
    for args in printing_commands(dir.path()) {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full exists on Linux");
        let o = command(&args.iter().map(String::as_str).collect::<Vec<_>>())
            .stdout(full)
            .output()
            .unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err:?}");
        assert!(
            err.starts_with("astar: cannot write to standard output: No space left on device"),
            "{args:?}: {err:?}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err:?}");
    }
}

/// Runs `args` with standard output on a pipe whose reader is closed before the tool starts.
fn with_closed_reader(args: &[&str]) -> (ExitStatus, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let o = command(args).stdout(writer).output().unwrap();
    (o.status, stderr(&o))
}

/// Runs `args`, reads the first 100 bytes of its output and closes the pipe, as `| head -c 100` does.
fn read_100_bytes_then_close(args: &[&str]) -> (ExitStatus, String, Vec<u8>) {
    let mut child = command(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = vec![0u8; 100];
    child
        .stdout
        .take()
        .unwrap()
        .read_exact(&mut head)
        .expect("the first 100 bytes");
    // The reader is dropped here: the rest of the output meets a closed pipe.
    let o = child.wait_with_output().unwrap();
    (o.status, stderr(&o), head)
}

#[test]
fn a_closed_pipe_stops_every_subcommand_quietly_with_status_141() {
    let dir = common::scratch("output", "pipe");
    for args in printing_commands(dir.path()) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (status, err) = with_closed_reader(&args);
        assert_eq!(status.code(), Some(CLOSED_PIPE), "{args:?}: {err:?}");
        assert_eq!(err, "", "{args:?}: nothing on standard error");
    }
}

#[test]
fn a_pipe_closed_after_the_first_100_bytes_stops_long_output_with_status_141() {
    let dir = common::scratch("output", "head");
    // Far more than a pipe holds (64 KiB): a 4 MiB map, and 20,000 mismatch lines (about 1.5 MB).
    let gen = [
        "gen", "random", "--width", "2048", "--height", "2048", "--seed", "3",
    ];
    let scen = wall_scenario(dir.path(), 20_000);
    let map = data("arena.map");
    let check = ["check", "--map", &map, "--scen", &scen];
    for (args, starts) in [
        (&gen[..], "astar-map 1\n"),
        (&check[..], "mismatch: problem 1 "),
    ] {
        let (status, err, head) = read_100_bytes_then_close(args);
        assert!(
            String::from_utf8_lossy(&head).starts_with(starts),
            "{args:?}: {head:?}"
        );
        assert_eq!(status.code(), Some(CLOSED_PIPE), "{args:?}: {err:?}");
        assert_eq!(err, "", "{args:?}: nothing on standard error");
    }
    // Read to the end, the same check is a plain negative answer.
    let o = astar(&check);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(o.stdout.iter().filter(|&&b| b == b'\n').count(), 20_001);
}

#[test]
fn a_failed_write_is_the_only_line_even_when_a_note_was_due() {
    let dir = common::scratch("output", "note");
    // Forest and swamp: writing a .map would note that they become plain ground.
    let forest = dir.path().join("forest.txt");
    std::fs::write(&forest, "astar-map 1\nsize 3 1\nmap\n.f~\n").unwrap();
    let forest = forest.to_string_lossy().into_owned();
    let missing = dir.path().join("no-such-folder/out.map");
    let missing = missing.to_string_lossy().into_owned();
    for args in [
        vec!["convert", &forest, &missing],
        vec![
            "gen", "random", "--width", "9", "--height", "9", "-o", &missing,
        ],
    ] {
        let o = astar(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err:?}");
        assert!(
            err.starts_with(&format!("astar: {missing}: cannot write the file: ")),
            "{args:?}: {err:?}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err:?}");
    }
    // Written, the note follows.
    let out = dir.path().join("out.map").to_string_lossy().into_owned();
    let o = astar(&["convert", &forest, &out]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stderr(&o),
        "astar: note: a .map keeps only walls: forest, swamp and road are written as plain ground\n"
    );
}
