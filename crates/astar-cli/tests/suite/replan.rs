//! `astar replan` as scripts use it: the `--json` summary line and its exact keys, repeatable seeds,
//! problems that edits wall in (both searches must then agree there is no path), and bad input exiting
//! 2 with one `astar:` line.

use crate::common;

use common::{assert_exit, astar, data, scratch, stderr, stdout};
use std::process::Output;

/// The last line of standard output.
fn last_line(o: &Output) -> String {
    stdout(o).lines().last().expect("some output").to_string()
}

/// `astar replan` on den312d between two far cells, followed by `extra`.
fn den(extra: &[&str]) -> Output {
    let map = data("den312d.map");
    astar(
        &[
            &["replan", "--map", &map, "--from", "60,12", "--to", "63,76"],
            extra,
        ]
        .concat(),
    )
}

#[test]
fn the_json_summary_has_exactly_its_four_keys_and_repairs_agree_with_fresh_searches() {
    let o = den(&["--random-edits", "40", "--seed", "3", "--json"]);
    assert_exit(&o, 0, "replan den312d");
    let last = last_line(&o);
    let keys: Vec<&str> = last
        .trim_matches(['{', '}'])
        .split(',')
        .map(|kv| kv.split(':').next().unwrap().trim_matches('"'))
        .collect();
    assert_eq!(
        keys,
        ["edits", "mismatches", "repair_expanded", "fresh_expanded"]
    );
    let v: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert_eq!(v["edits"], 40);
    assert_eq!(v["mismatches"], 0);
    let (repair, fresh) = (
        v["repair_expanded"].as_u64().unwrap(),
        v["fresh_expanded"].as_u64().unwrap(),
    );
    assert!(
        0 < repair && repair < fresh,
        "repair {repair}, fresh {fresh}"
    );
}

#[test]
fn a_seed_names_the_same_edits_and_another_seed_other_ones() {
    let run = |seed: &str| last_line(&den(&["--random-edits", "15", "--seed", seed, "--json"]));
    assert_eq!(run("7"), run("7"));
    assert_ne!(run("7"), run("8"));
    let text = den(&["--random-edits", "5"]);
    assert_exit(&text, 0, "text summary");
    assert!(
        last_line(&text).contains("5 edits, 0 mismatches; D* Lite repairs expanded"),
        "{}",
        stdout(&text)
    );
}

#[test]
fn edits_that_wall_the_start_in_leave_both_searches_without_a_path() {
    // A 4 x 3 map in this project's format, which names its start and goal: a hundred edits on it wall
    // the ends in (and free them again) many times, and each time both must find no path.
    let dir = scratch("replan", "walled-in");
    let map = dir.path().join("small.txt");
    std::fs::write(
        &map,
        "astar-map 1\nsize 4 3\nstart 0 1\ngoal 3 1\nmap\n....\n....\n....\n",
    )
    .unwrap();
    let map = map.to_string_lossy().into_owned();
    for movement in ["4", "8"] {
        let o = astar(&[
            "replan",
            "--map",
            &map,
            "--random-edits",
            "100",
            "--movement",
            movement,
            "--json",
        ]);
        assert_exit(&o, 0, movement);
        let v: serde_json::Value = serde_json::from_str(&last_line(&o)).unwrap();
        assert_eq!(
            (v["edits"].as_u64(), v["mismatches"].as_u64()),
            (Some(100), Some(0))
        );
    }
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let map = data("den312d.map");
    for (words, expected) in [
        (
            vec![
                "replan",
                "--map",
                &map,
                "--from",
                "0,0",
                "--to",
                "63,76",
                "--random-edits",
                "3",
            ],
            "astar: start (0, 0) is on a wall",
        ),
        (
            vec![
                "replan",
                "--map",
                &map,
                "--from",
                "60,12",
                "--to",
                "63,76",
                "--random-edits",
                "0",
            ],
            "astar: --random-edits \"0\" is not a positive whole number",
        ),
        (
            vec!["replan", "--map", &map, "--from", "60,12", "--to", "63,76"],
            "astar: --random-edits is required",
        ),
        (
            vec![
                "replan",
                "--map",
                &map,
                "--to",
                "63,76",
                "--random-edits",
                "3",
            ],
            "astar: --from X,Y is required (the map file names no start)",
        ),
        (
            vec![
                "replan",
                "--map",
                &map,
                "--from",
                "60,12",
                "--to",
                "63,76",
                "--random-edits",
                "3",
                "--movement",
                "4",
                "--corners",
                "always",
            ],
            "astar: --corners applies only to --movement 8",
        ),
        (
            vec![
                "replan",
                "--map",
                "no-such.map",
                "--from",
                "1,1",
                "--to",
                "2,2",
                "--random-edits",
                "3",
            ],
            "astar: no-such.map: cannot read the file",
        ),
    ] {
        let o = astar(&words);
        assert_exit(&o, 2, expected);
        let err = stderr(&o);
        assert!(err.starts_with(expected), "{words:?}: {err:?}");
        assert_eq!(err.lines().count(), 1, "{err:?}");
        assert!(stdout(&o).is_empty());
    }
}
