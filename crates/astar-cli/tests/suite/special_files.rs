//! Input that is not a regular file: a named pipe nobody writes to, a directory, a device. Every command
//! and flag that reads a file refuses it at once with exit status 2 and one line saying what was given
//! (`astar: f.map is a named pipe, not a regular file`) instead of waiting on the pipe forever or reading
//! a device without end. Each run has a hang guard: a command still running after [`HANG_GUARD`] is
//! killed and the test fails (the guard only catches a command that waits; it measures nothing).

use crate::common;

use common::{data, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long a refusal may take before the command counts as hung.
const HANG_GUARD: Duration = Duration::from_secs(60);

/// Runs `astar args` with its outputs in files of `dir`; kills it and fails if it is still running after
/// [`HANG_GUARD`].
fn run_guarded(dir: &Path, args: &[&str]) -> Output {
    let out_path = dir.join("stdout.txt");
    let err_path = dir.join("stderr.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_astar"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("the astar binary runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > HANG_GUARD {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{args:?} was still running after {HANG_GUARD:?}: it waits on its input");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: std::fs::read(&out_path).unwrap(),
        stderr: std::fs::read(&err_path).unwrap(),
    }
}

/// Makes a named pipe at `path` with the `mkfifo` program (coreutils, on every Debian).
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("the mkfifo program runs");
    assert!(status.success(), "mkfifo {}: {status}", path.display());
}

/// Asserts that `astar args` exits 2 at once with exactly the line `astar: EXPECTED` on standard error
/// and nothing on standard output.
#[track_caller]
fn assert_refused(dir: &Path, args: &[&str], expected: &str) {
    let o = run_guarded(dir, args);
    let err = stderr(&o);
    assert_eq!(
        o.status.code(),
        Some(2),
        "{args:?}: stderr {err:?}, stdout {:?}",
        stdout(&o)
    );
    assert_eq!(err, format!("astar: {expected}\n"), "{args:?}");
    assert_eq!(stdout(&o), "", "{args:?}: nothing on standard output");
}

/// `path` as text, for the command line.
fn text(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Every command line that reads `special` as a file, where `map` and `scen` are a valid map and its
/// scenario and `out` a file to write.
fn readers_of<'a>(
    special: &'a str,
    map: &'a str,
    scen: &'a str,
    out: &'a str,
) -> Vec<Vec<&'a str>> {
    vec![
        vec!["solve", "--map", special, "--from", "0,0", "--to", "1,0"],
        vec!["solve", "--map", special, "--json"],
        vec!["check", "--map", special, "--scen", scen],
        vec!["check", "--map", map, "--scen", special],
        vec![
            "replan",
            "--map",
            special,
            "--from",
            "0,0",
            "--to",
            "1,0",
            "--random-edits",
            "1",
        ],
        vec!["convert", special, out],
        vec!["convert", special, "-"],
    ]
}

/// The bench sections that read the Moving AI files of `--data`.
const DATA_SECTIONS: [&str; 3] = ["movingai", "algorithms", "hpa"];

#[test]
fn a_named_pipe_is_refused_by_every_command_that_reads_a_file() {
    let dir = scratch("fifo");
    let fifo = dir.path().join("f.map");
    mkfifo(&fifo);
    let fifo = text(&fifo);
    let out = text(&dir.path().join("out.txt"));
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    let expected = format!("{fifo} is a named pipe, not a regular file");
    for args in readers_of(&fifo, &map, &scen, &out) {
        assert_refused(dir.path(), &args, &expected);
    }
    assert!(!Path::new(&out).exists(), "convert wrote nothing");
}

#[test]
fn a_directory_is_refused_by_every_command_that_reads_a_file() {
    let dir = scratch("directory");
    let folder = dir.path().join("maps.map");
    std::fs::create_dir(&folder).unwrap();
    let folder = text(&folder);
    let out = text(&dir.path().join("out.txt"));
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    let expected = format!("{folder} is a directory, not a regular file");
    for args in readers_of(&folder, &map, &scen, &out) {
        assert_refused(dir.path(), &args, &expected);
    }
}

#[test]
fn a_device_is_refused_by_every_command_that_reads_a_file() {
    let dir = scratch("device");
    let out = text(&dir.path().join("out.txt"));
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    for args in readers_of("/dev/null", &map, &scen, &out) {
        assert_refused(
            dir.path(),
            &args,
            "/dev/null is a character device, not a regular file",
        );
    }
}

#[test]
fn bench_refuses_a_named_pipe_among_its_data_files_and_as_its_data_folder() {
    let dir = scratch("bench");
    // A map that is a pipe.
    let pipe_map = dir.path().join("pipe-map");
    std::fs::create_dir(&pipe_map).unwrap();
    mkfifo(&pipe_map.join("arena.map"));
    // A real map whose scenario is a pipe.
    let pipe_scen = dir.path().join("pipe-scen");
    std::fs::create_dir(&pipe_scen).unwrap();
    std::fs::copy(data("arena.map"), pipe_scen.join("arena.map")).unwrap();
    mkfifo(&pipe_scen.join("arena.map.scen"));
    let named_pipe = |path: PathBuf| format!("{} is a named pipe, not a regular file", text(&path));
    for section in DATA_SECTIONS {
        for (folder, expected) in [
            (&pipe_map, named_pipe(pipe_map.join("arena.map"))),
            (&pipe_scen, named_pipe(pipe_scen.join("arena.map.scen"))),
        ] {
            let args = [
                "bench",
                section,
                "--data",
                &text(folder),
                "--no-peers",
                "--json",
            ];
            assert_refused(dir.path(), &args, &expected);
        }
    }
    let fifo = dir.path().join("data");
    mkfifo(&fifo);
    let fifo = text(&fifo);
    for section in DATA_SECTIONS {
        assert_refused(
            dir.path(),
            &["bench", section, "--data", &fifo, "--no-peers", "--json"],
            &format!("{fifo} is a named pipe, not a directory"),
        );
    }
}

/// A fresh scratch folder for one test of this file.
fn scratch(test: &str) -> tempfile::TempDir {
    common::scratch("special-files", test)
}
