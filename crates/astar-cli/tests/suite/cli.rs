//! The `astar` binary as scripts use it: exit statuses, the `--json` lines, error messages, and a
//! generate → solve → convert round trip.

use crate::common;

use common::{assert_exit, astar, data, stderr, stdout};
use std::process::Output;

/// Runs `astar check --map MAP --scen SCEN` followed by the `extra` arguments.
fn check(map: &str, scen: &str, extra: &[&str]) -> Output {
    astar(&[&["check", "--map", map, "--scen", scen], extra].concat())
}

/// Runs `astar solve --map arena.map --from FROM --to TO` (the Moving AI arena map) followed by the
/// `extra` arguments.
fn solve_arena(from: &str, to: &str, extra: &[&str]) -> Output {
    let map = data("arena.map");
    astar(&[&["solve", "--map", &map, "--from", from, "--to", to], extra].concat())
}

/// Asserts that the run exited with `code`; the failure names `what` and shows stdout and stderr.
fn json_last_line(o: &Output) -> serde_json::Value {
    let text = stdout(o);
    let last = text.lines().last().expect("some output");
    serde_json::from_str(last).unwrap_or_else(|e| panic!("last line is not JSON ({e}): {last}"))
}

#[test]
fn check_reproduces_arena_and_prints_the_json_summary_last() {
    let o = check(&data("arena.map"), &data("arena.map.scen"), &["--json"]);
    assert_exit(&o, 0, "check arena");
    let last = stdout(&o).lines().last().unwrap().to_string();
    let v = json_last_line(&o);
    assert_eq!(v["scenarios"], 160);
    assert_eq!(v["mismatches"], 0);
    assert!(v["expanded"].as_u64().unwrap() >= 160);
    assert!(v["search_ms"].as_f64().unwrap() >= 0.0);
    // Exactly these keys, in this order.
    let keys: Vec<&str> = last
        .trim_matches(['{', '}'])
        .split(',')
        .map(|kv| kv.split(':').next().unwrap().trim_matches('"'))
        .collect();
    assert_eq!(keys, ["scenarios", "mismatches", "expanded", "search_ms"]);
}

/// Every search that promises the optimum prices exactly, and is held to the print's rounding: a printed
/// optimum moved by 5e-7 of its length is a mismatch, where the fixed point's allowance (1.1e-6 of the
/// length for the reading of a path) would have let it pass.
#[test]
fn check_holds_an_exactly_priced_search_to_the_print() {
    // Berlin's longest problem, printed with 8 decimals: 369.44574280.
    let scen = std::fs::read_to_string(data("Berlin_0_256.map.scen")).unwrap();
    let line = scen.lines().last().unwrap();
    let mut fields: Vec<String> = line.split('\t').map(str::to_string).collect();
    let optimal: f64 = fields[8].parse().unwrap();
    let dir = common::scratch("cli", "exact");
    let mut write = |name: &str, printed: f64| {
        fields[8] = format!("{printed:.8}");
        let path = dir.path().join(name);
        std::fs::write(&path, format!("version 1\n{}\n", fields.join("\t"))).unwrap();
        path.to_string_lossy().into_owned()
    };
    let (as_printed, moved) = (
        write("same.scen", optimal),
        write("moved.scen", optimal * (1.0 + 5e-7)),
    );
    let moved_by = optimal * 5e-7;
    assert!(astar_core::formats::movingai::matches_optimal(
        optimal + moved_by,
        8,
        optimal
    ));
    assert!(!astar_core::formats::movingai::matches_optimal_exactly(
        optimal + moved_by,
        8,
        optimal
    ));
    let map = data("Berlin_0_256.map");
    for info in astar_core::search::registry::ALGORITHMS
        .iter()
        .filter(|i| i.optimal)
    {
        let args = ["--algorithm", info.name];
        assert_exit(&check(&map, &as_printed, &args), 0, info.name);
        let o = check(&map, &moved, &args);
        assert_exit(&o, 1, &format!("{}, the optimum moved", info.name));
        assert!(
            stdout(&o).contains("but optimal is 369.4459"),
            "{}",
            stdout(&o)
        );
    }
}

/// The keys of the JSON object on the last line, in order.
fn keys_of_last_line(o: &Output) -> Vec<String> {
    let last = stdout(o).lines().last().unwrap().to_string();
    last.trim_matches(['{', '}'])
        .split(',')
        .map(|kv| kv.split(':').next().unwrap().trim_matches('"').to_string())
        .collect()
}

#[test]
fn check_runs_every_registered_algorithm_and_judges_it_by_what_it_promises() {
    let (map, scen) = (data("den312d.map"), data("den312d.map.scen"));
    for info in astar_core::search::registry::ALGORITHMS {
        let o = check(
            &map,
            &scen,
            &["--limit", "40", "--algorithm", info.name, "--json"],
        );
        assert_exit(&o, 0, info.name);
        let v = json_last_line(&o);
        assert_eq!(v["scenarios"], 40, "{}", info.name);
        assert_eq!(v["mismatches"], 0, "{}", info.name);
        let mut expected = vec!["scenarios", "mismatches", "expanded", "search_ms"];
        if !info.optimal || info.name == "theta" {
            expected.extend(["mean_ratio", "mean_over_optimal", "max_over_optimal"]);
            let ratio = v["mean_ratio"].as_f64().unwrap();
            let (mean, max) = (
                v["mean_over_optimal"].as_f64().unwrap(),
                v["max_over_optimal"].as_f64().unwrap(),
            );
            assert!(
                (mean - (ratio - 1.0)).abs() < 1e-5,
                "{} {mean} {ratio}",
                info.name
            );
            assert!(max >= mean, "{} {max} {mean}", info.name);
            match info.name {
                "theta" => assert!((0.9..=1.0).contains(&ratio), "theta ratio {ratio}"),
                _ => assert!(ratio >= 1.0 - 1e-6, "{} ratio {ratio}", info.name),
            }
        }
        assert_eq!(keys_of_last_line(&o), expected, "{}", info.name);
    }
}

#[test]
fn hpa_takes_a_cluster_size_and_refuses_a_bad_one_with_a_sentence() {
    let (map, scen) = (data("den312d.map"), data("den312d.map.scen"));
    let o = check(
        &map,
        &scen,
        &[
            "--limit",
            "20",
            "--algorithm",
            "hpa",
            "--cluster",
            "8",
            "--json",
        ],
    );
    assert_exit(&o, 0, "hpa --cluster 8");
    assert_eq!(json_last_line(&o)["mismatches"], 0);
    for (args, message) in [
        (
            vec!["--algorithm", "hpa", "--cluster", "1"],
            "HPA* cluster size 1 is not allowed: it must be from 2 to 81",
        ),
        (
            vec!["--algorithm", "hpa", "--cluster", "82"],
            "HPA* cluster size 82 is not allowed",
        ),
        (
            vec!["--cluster", "8"],
            "--cluster applies only to --algorithm hpa",
        ),
    ] {
        let mut all = vec!["--limit", "3"];
        all.extend(args);
        let o = check(&map, &scen, &all);
        assert_exit(&o, 2, message);
        assert!(stderr(&o).contains(message), "{}", stderr(&o));
    }
}

#[test]
fn check_runs_the_mesh_searches_polyanya_never_longer_than_the_grid_optimum() {
    for map in ["arena", "den312d", "Berlin_0_256"] {
        let (m, scen) = (
            data(&format!("{map}.map")),
            data(&format!("{map}.map.scen")),
        );
        let o = check(&m, &scen, &["--algorithm", "polyanya", "--json"]);
        assert_exit(&o, 0, "check --algorithm polyanya");
        let v = json_last_line(&o);
        assert_eq!(v["mismatches"], 0, "{map}");
        assert!(v["expanded"].as_u64().unwrap() > 0);
        // Any angle: shorter than the grid's optimum on average, never longer beyond its print.
        assert!(v["mean_ratio"].as_f64().unwrap() < 0.99, "{map}: {v}");
        assert!(v["max_over_optimal"].as_f64().unwrap() < 1e-5, "{map}: {v}");
        let o = check(
            &m,
            &scen,
            &["--algorithm", "navmesh-astar", "--json", "--limit", "100"],
        );
        assert_exit(&o, 0, "check --algorithm navmesh-astar");
        assert_eq!(json_last_line(&o)["mismatches"], 0, "{map}");
    }
}

#[test]
fn check_with_a_limit_samples_the_scenarios() {
    let (map, scen) = (data("den312d.map"), data("den312d.map.scen"));
    let o = check(&map, &scen, &["--limit", "25", "--json"]);
    assert_exit(&o, 0, "check --limit 25");
    assert_eq!(json_last_line(&o)["scenarios"], 25);
    // Text mode ends with a summary line.
    let o = check(&map, &scen, &["--limit", "5"]);
    assert_exit(&o, 0, "check --limit 5");
    assert!(
        stdout(&o).contains("5 of 320 scenarios checked, 0 mismatches"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_wrong_scenario_file_exits_1_and_names_each_mismatch() {
    let dir = scratch("wrong-scen");
    let scen = dir.path().join("arena.map.scen");
    // Line 2 has a wrong optimal length, line 3 a goal outside the map, line 4 a start on a wall.
    std::fs::write(
        &scen,
        "version 1\n\
         0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n\
         0\tarena.map\t49\t49\t1\t11\t1\t13\t7.5\n\
         0\tarena.map\t49\t49\t1\t11\t60\t13\t3\n\
         0\tarena.map\t49\t49\t0\t0\t1\t12\t3\n",
    )
    .unwrap();
    let o = check(&data("arena.map"), scen.to_str().unwrap(), &["--json"]);
    assert_exit(&o, 1, "check a wrong scenario");
    let out = stdout(&o);
    assert!(
        out.contains(
            "problem 2 (bucket 0): (1, 11) -> (1, 13): cost 2.00000000 but optimal is 7.5"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "problem 3 (bucket 0): (1, 11) -> (60, 13): the problem has its goal (60, 13) outside the 49 x 49 map"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "problem 4 (bucket 0): (0, 0) -> (1, 12): the problem has its start (0, 0) on a wall"
        ),
        "{out}"
    );
    let v = json_last_line(&o);
    assert_eq!(
        (v["scenarios"].as_u64(), v["mismatches"].as_u64()),
        (Some(4), Some(3))
    );
}

#[test]
fn bad_arguments_and_files_exit_2_with_a_one_line_message() {
    let dir = scratch("bad-args");
    let bad_map = dir.path().join("bad.map");
    std::fs::write(&bad_map, "type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n").unwrap();
    let bad_own = dir.path().join("bad.txt");
    std::fs::write(&bad_own, "astar-map 1\nsize 3 1\ncosts swamp 0\nmap\n...\n").unwrap();
    let not_a_map = dir.path().join("notes.txt");
    std::fs::write(&not_a_map, "hello\n").unwrap();
    let binary = dir.path().join("image.map");
    std::fs::write(&binary, [0x89u8, b'P', b'N', b'G', 0xff, 0x00]).unwrap();
    let arena = data("arena.map");
    let bad_map = bad_map.to_str().unwrap();
    // `astar solve` on arena from (1, 11) to (1, 12) with one bad setting flag.
    let solve_with = |flags: &[&'static str]| -> Vec<&str> {
        let mut args = vec!["solve", "--map", &arena, "--from", "1,11", "--to", "1,12"];
        args.extend_from_slice(flags);
        args
    };
    let cases: Vec<(Vec<&str>, String)> = vec![
        (vec![], "no command given".into()),
        (vec!["fly"], "unknown command \"fly\"".into()),
        (vec!["check", "--map", &arena], "--scen is required".into()),
        (
            vec!["check", "--map", "/nonexistent.map", "--scen", "x"],
            "/nonexistent.map: cannot read the file".into(),
        ),
        (
            vec!["solve", "--map", &arena, "--from", "1,11"],
            "--to X,Y is required".into(),
        ),
        (
            vec!["solve", "--map", &arena, "--from", "1;11", "--to", "1,12"],
            "--from \"1;11\" is not a cell".into(),
        ),
        (
            vec!["solve", "--map", &arena, "--from", "0,0", "--to", "1,12"],
            "start (0, 0) is on a wall".into(),
        ),
        (
            vec!["solve", "--map", &arena, "--from", "1,11", "--to", "99,12"],
            "goal (99, 12) is outside the 49 x 49 map".into(),
        ),
        (
            solve_with(&["--algorithm", "dfs"]),
            "--algorithm: unknown algorithm \"dfs\": use one of bfs, dijkstra, greedy, astar"
                .into(),
        ),
        (
            solve_with(&["--w", "11"]),
            "--w: heuristic weight 11 is not allowed".into(),
        ),
        (
            solve_with(&["--movement", "6"]),
            "--movement: unknown movement \"6\": use one of 4, 8".into(),
        ),
        (
            solve_with(&["--movement", "4", "--corners", "always"]),
            "--corners applies only to --movement 8".into(),
        ),
        (
            vec!["solve", "--map", &arena, "--form", "1,11"],
            "solve: unknown option \"--form\"".into(),
        ),
        (
            vec!["solve", "--map", bad_map, "--from", "0,0", "--to", "1,0"],
            format!("{bad_map}: line 6, column 2: unknown map character 'x'"),
        ),
        (
            vec!["solve", "--map", bad_own.to_str().unwrap()],
            format!(
                "{}: line 3, column 13: the cost of swamp 0 is too small: costs are numbers from 0.1 to 255 in steps of 0.1",
                bad_own.display()
            ),
        ),
        (
            vec!["solve", "--map", not_a_map.to_str().unwrap()],
            "line 1: not a map".into(),
        ),
        (
            vec!["solve", "--map", binary.to_str().unwrap()],
            "not a text file (invalid UTF-8 at byte 0)".into(),
        ),
        (
            vec!["gen", "hexes", "--width", "5", "--height", "5"],
            "gen: unknown map kind \"hexes\"".into(),
        ),
        (
            vec!["gen", "random", "--width", "5000", "--height", "5"],
            "--width \"5000\" is too large: the largest is 2048".into(),
        ),
        (
            vec![
                "gen", "random", "--width", "5", "--height", "5", "--wall", "0.9", "--forest",
                "0.5",
            ],
            "add up to more than 1".into(),
        ),
        (
            vec![
                "gen", "maze", "--width", "5", "--height", "5", "--wall", "0.2",
            ],
            "--wall applies only to `gen random`".into(),
        ),
        (
            vec!["gen", "random", "--height", "5"],
            "--width is required".into(),
        ),
        (
            vec!["convert", "only-one"],
            "convert: OUT is required: use `astar convert <IN> <OUT>`".into(),
        ),
    ];
    for (args, expected) in cases {
        let o = astar(&args);
        let err = stderr(&o);
        assert_exit(&o, 2, &format!("{args:?}"));
        assert!(
            err.starts_with("astar: ") && err.contains(&expected),
            "{args:?}: {err:?} lacks {expected:?}"
        );
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "{args:?}: one line: {err:?}"
        );
        assert!(!err.contains("panicked"), "{args:?}");
    }
}

#[test]
fn solve_json_has_the_documented_shape() {
    let o = solve_arena("1,13", "4,12", &["--json"]);
    assert_exit(&o, 0, "solve --json");
    assert_eq!(stdout(&o).lines().count(), 1, "one line");
    let v = json_last_line(&o);
    assert_eq!(v["outcome"], "found");
    // The length of the path's moves, exactly: the fixed point's reading would be 3.414215087890625.
    assert!((v["cost"].as_f64().unwrap() - (2.0 + std::f64::consts::SQRT_2)).abs() < 1e-12);
    assert!(v["expanded"].as_u64().unwrap() >= 4);
    assert!(v["generated"].as_u64().unwrap() >= v["expanded"].as_u64().unwrap());
    let path = v["path"].as_array().unwrap();
    assert_eq!(path.first().unwrap(), &serde_json::json!([1, 13]));
    assert_eq!(path.last().unwrap(), &serde_json::json!([4, 12]));
    assert_eq!(v["path_cells"].as_u64().unwrap() as usize, path.len());
    let smoothed = v["smoothed"].as_array().unwrap();
    assert_eq!(smoothed.first(), path.first());
    assert_eq!(smoothed.last(), path.last());
    let smoothed_length = v["smoothed_length"].as_f64().unwrap();
    assert!(smoothed_length > 0.0 && smoothed_length <= v["length"].as_f64().unwrap() + 1e-9);
    // The curve through the smoothed corners is never shorter than the straight segments through them.
    assert!(v["curve_length"].as_f64().unwrap() >= smoothed_length - 1e-9);
    assert!(v["curve_straight"].is_array());
    assert_eq!(v["admissible"], true);

    // Every setting flag is accepted, and 4-neighbour BFS costs 4 steps here.
    let o = solve_arena(
        "1,13",
        "4,12",
        &[
            "--algorithm",
            "bfs",
            "--heuristic",
            "zero",
            "--movement",
            "4",
            "--tie-break",
            "last-in",
            "--json",
        ],
    );
    assert_exit(&o, 0, "solve with every setting flag");
    assert_eq!(json_last_line(&o)["cost"], 4.0);
    // Manhattan with diagonals is flagged as inadmissible.
    let o = solve_arena(
        "1,13",
        "4,12",
        &[
            "--heuristic",
            "manhattan",
            "--w",
            "2",
            "--corners",
            "always",
            "--json",
        ],
    );
    assert_eq!(json_last_line(&o)["admissible"], false);
    assert!(stderr(&o).contains("can overestimate"));
}

#[test]
fn a_road_in_a_text_map_is_taken_and_an_unscaled_h_misses_it_and_says_so() {
    let dir = scratch("road");
    let map = dir.path().join("road.txt");
    // Straight across: 19 plain steps; round by the road: 22 road steps at 0.7 and the goal's plain step.
    std::fs::write(
        &map,
        "astar-map 1\nsize 24 4\ncosts road 0.7\nstart 2 1\ngoal 21 1\nmap\n\
         ........................\n\
         ........................\n\
         ..=..................=..\n\
         ..====================..\n",
    )
    .unwrap();
    let map = map.to_str().unwrap();
    let o = astar(&["solve", "--map", map, "--movement", "4", "--json"]);
    assert_exit(&o, 0, "solve a map with a road");
    let v = json_last_line(&o);
    assert!((v["cost"].as_f64().unwrap() - 16.4).abs() < 1e-4, "{v}");
    assert_eq!(v["admissible"], true);
    let o = astar(&[
        "solve",
        "--map",
        map,
        "--movement",
        "4",
        "--unscaled-h",
        "--json",
    ]);
    assert_exit(&o, 0, "solve with --unscaled-h");
    let v = json_last_line(&o);
    assert!((v["cost"].as_f64().unwrap() - 19.0).abs() < 1e-4, "{v}");
    assert_eq!(v["admissible"], false);
    assert!(
        stderr(&o).contains("with --unscaled-h, h counts every step at 1"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_unreachable_goal_exits_1_with_a_null_cost() {
    let dir = scratch("unreachable");
    let map = dir.path().join("split.txt");
    std::fs::write(
        &map,
        "astar-map 1\nsize 5 2\nstart 0 0\ngoal 4 1\nmap\n..#..\n..#..\n",
    )
    .unwrap();
    let o = astar(&["solve", "--map", map.to_str().unwrap(), "--json"]);
    assert_exit(&o, 1, "solve --json an unreachable goal");
    let v = json_last_line(&o);
    assert_eq!(v["outcome"], "unreachable");
    assert!(v["cost"].is_null());
    assert_eq!(v["path"], serde_json::json!([]));
    let o = astar(&["solve", "--map", map.to_str().unwrap()]);
    assert_exit(&o, 1, "solve an unreachable goal");
    assert!(stdout(&o).contains("no path: the goal is unreachable"));
}

#[test]
fn generated_maps_solve_and_convert_round_trip() {
    let dir = scratch("round-trip");
    for kind in ["random", "maze", "rooms"] {
        let own = dir.path().join(format!("{kind}.txt"));
        let own = own.to_str().unwrap();
        let o = astar(&[
            "gen", kind, "--width", "60", "--height", "40", "--seed", "9", "--forest", "0.1",
            "--swamp", "0.05", "-o", own,
        ]);
        assert_exit(&o, 0, kind);
        let text = std::fs::read_to_string(own).unwrap();
        assert!(
            text.starts_with("astar-map 1\nsize 60 40\n"),
            "{kind}: {text}"
        );
        // Same seed, same file.
        let again = astar(&[
            "gen", kind, "--width", "60", "--height", "40", "--seed", "9", "--forest", "0.1",
            "--swamp", "0.05",
        ]);
        assert_eq!(stdout(&again), text, "{kind}: generation repeats per seed");

        // The file names its start and goal in one region, so solve needs no --from/--to.
        let o = astar(&["solve", "--map", own, "--json"]);
        assert_exit(&o, 0, kind);
        let v = json_last_line(&o);
        assert_eq!(v["outcome"], "found", "{kind}");

        // Own format -> .map -> own format keeps the walls; terrain becomes plain (with a note).
        let mm = dir.path().join(format!("{kind}.map"));
        let o = astar(&["convert", own, mm.to_str().unwrap()]);
        assert_exit(&o, 0, kind);
        assert!(
            stderr(&o).contains("forest, swamp and road are written as plain"),
            "{kind}"
        );
        let back = dir.path().join(format!("{kind}-back.txt"));
        let o = astar(&["convert", mm.to_str().unwrap(), back.to_str().unwrap()]);
        assert_exit(&o, 0, kind);
        let original: Vec<String> = text
            .lines()
            .skip_while(|l| *l != "map")
            .skip(1)
            .map(|l| l.replace(['f', '~'], "."))
            .collect();
        let converted: Vec<String> = std::fs::read_to_string(&back)
            .unwrap()
            .lines()
            .skip_while(|l| *l != "map")
            .skip(1)
            .map(str::to_string)
            .collect();
        assert_eq!(original, converted, "{kind}: walls survive the round trip");

        // gen straight to .map writes Moving AI, which check and solve read.
        let direct = dir.path().join(format!("{kind}-direct.map"));
        let o = astar(&[
            "gen",
            kind,
            "--width",
            "60",
            "--height",
            "40",
            "--seed",
            "9",
            "-o",
            direct.to_str().unwrap(),
        ]);
        assert_exit(&o, 0, kind);
        assert!(std::fs::read_to_string(&direct)
            .unwrap()
            .starts_with("type octile\nheight 40\nwidth 60\nmap\n"));
    }
}

#[test]
fn a_moving_ai_map_solves_with_the_optimal_length_of_its_scenario() {
    // Bucket 3 of arena: (1, 13) -> (4, 12) has optimal length 3.41421 in the scenario file.
    let scen = std::fs::read_to_string(data("arena.map.scen")).unwrap();
    let line = scen
        .lines()
        .find(|l| l.contains("\t1\t13\t4\t12\t"))
        .expect("the problem is in the file");
    let optimal: f64 = line.split('\t').next_back().unwrap().parse().unwrap();
    let o = solve_arena("1,13", "4,12", &["--json"]);
    let cost = json_last_line(&o)["cost"].as_f64().unwrap();
    assert!((cost - optimal).abs() < 1e-4, "{cost} vs {optimal}");
}

#[test]
fn an_expansion_limit_gives_a_partial_path_and_exit_1() {
    let o = solve_arena("1,13", "45,40", &["--limit", "10", "--json"]);
    assert_exit(&o, 1, "solve --limit 10");
    let v = json_last_line(&o);
    assert_eq!(v["outcome"], "limit");
    assert_eq!(v["expanded"], 10);
    assert_eq!(v["path"][0], serde_json::json!([1, 13]));
    assert!(v["cost"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_search_from_a_cell_to_itself_has_length_zero_never_minus_zero() {
    let o = solve_arena("1,13", "1,13", &["--json"]);
    assert_exit(&o, 0, "solve to the start cell");
    let line = stdout(&o);
    assert!(!line.contains("-0"), "{line}");
    assert!(line.contains("\"length\":0.0,"), "{line}");
    assert!(line.contains("\"smoothed_length\":0.0,"), "{line}");
    let o = solve_arena("1,13", "1,13", &[]);
    assert!(!stdout(&o).contains("-0"), "{}", stdout(&o));
}

#[test]
fn help_and_version_go_to_standard_output_and_exit_0() {
    for (args, expected) in [
        (&["--help"][..], "Usage: astar <COMMAND>"),
        (&["help"], "Usage: astar <COMMAND>"),
        (&["-h"], "Usage: astar <COMMAND>"),
        (&["--version"], concat!("astar ", env!("CARGO_PKG_VERSION"))),
        (
            &["solve", "--help"],
            "Usage: astar solve [OPTIONS] --map <FILE>",
        ),
        (
            &["check", "--help"],
            "Usage: astar check [OPTIONS] --map <FILE.map> --scen <FILE.map.scen>",
        ),
        (&["help", "check"], "Usage: astar check"),
        (
            &["gen", "--help"],
            "Usage: astar gen [OPTIONS] --width <W> --height <H> <KIND>",
        ),
        (&["convert", "--help"], "Usage: astar convert <IN> <OUT>"),
        (
            &["bench", "--help"],
            "Usage: astar bench [OPTIONS] [SECTION]...",
        ),
    ] {
        let o = astar(args);
        assert_exit(&o, 0, &format!("{args:?}"));
        assert!(stdout(&o).contains(expected), "{args:?}: {}", stdout(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
    // The setting names in the help are the core's.
    use astar_core::names::Named;
    let names: Vec<&str> = astar_core::Algorithm::NAMES
        .iter()
        .map(|&(_, n)| n)
        .collect();
    let help = stdout(&astar(&["solve", "--help"]));
    let expected = format!("[possible values: {}]", names.join(", "));
    assert!(help.contains(&expected), "{help} lacks {expected}");
}

/// A fresh scratch folder for one test of this file.
fn scratch(test: &str) -> tempfile::TempDir {
    common::scratch("cli", test)
}

#[test]
fn bench_algorithms_prints_json_and_our_algorithms_find_optimal_paths() {
    let o = astar(&["bench", "algorithms", "--limit", "3", "--json"]);
    assert_exit(&o, 0, "bench algorithms");
    let json = json_last_line(&o);
    assert!(json["machine"].is_string(), "{json}");
    let section = &json["algorithms"];
    let maps = section["maps"].as_array().expect("a list of maps");
    // Every vendored map, 3 problems each (no assertion on time: benchmarks only print numbers).
    assert_eq!(maps.len(), 7, "{section}");
    for row in maps.iter().chain([&section["all"]]) {
        let map = &row["map"];
        assert!(row["problems"].as_u64().unwrap() > 0, "{map}");
        for algorithm in ["astar", "jps", "jps_plus", "bidirectional"] {
            let timed = &row[algorithm];
            for key in [
                "total_ms",
                "expanded",
                "ns_per_expansion",
                "speedup_vs_astar",
            ] {
                assert!(timed[key].is_number(), "{map} {algorithm} {key}: {timed}");
            }
            assert_eq!(timed["wrong"], 0, "{map} {algorithm}: a wrong path");
        }
        // Every algorithm of the registry runs with the Moving AI model, in registry order; the exact
        // ones find the optimal lengths, the others report how far over the optimum they are.
        let names: Vec<&str> = astar_core::search::registry::ALGORITHMS
            .iter()
            .map(|info| info.name)
            .collect();
        let runs = row["registry"].as_array().expect("the registry's runs");
        let ran: Vec<&str> = runs
            .iter()
            .map(|r| r["algorithm"].as_str().unwrap())
            .collect();
        assert_eq!(ran, names, "{map}");
        for run in runs {
            let name = &run["algorithm"];
            assert!(run["expanded"].as_u64().unwrap() > 0, "{map} {name}");
            assert_eq!(run["wrong"], 0, "{map} {name}: a wrong path");
            let over = run["mean_over_optimal"].as_f64().unwrap();
            match run["promise"].as_str().unwrap() {
                "exact" => assert_eq!(over, 0.0, "{map} {name}"),
                "any-angle" => assert!(over <= 1e-9, "{map} {name}: {over}"),
                _ => assert!(over >= 0.0, "{map} {name}: {over}"),
            }
        }
        assert!(row["bidirectional_expansion_ratio"].as_f64().unwrap() > 0.0);
        // JPS+ makes JPS's searches: the same jump points expanded.
        assert_eq!(row["jps_plus"]["expanded"], row["jps"]["expanded"], "{map}");
        assert!(row["jps_plus_vs_jps"].as_f64().unwrap() > 0.0, "{map}");
        assert!(row["jps_plus_build_ms"].as_f64().unwrap() > 0.0, "{map}");
        let any_angle = &row["any_angle"];
        for key in [
            "astar_ms",
            "smooth_ms",
            "smoothed_mean_ratio",
            "theta_ms",
            "theta_mean_ratio",
        ] {
            assert!(any_angle[key].is_number(), "{map} {key}: {any_angle}");
        }
        assert_eq!(
            any_angle["theta_invalid"], 0,
            "{map}: an invalid Theta* path"
        );
        // Theta*'s any-angle path is never longer than the optimal grid path.
        assert!(any_angle["theta_mean_ratio"].as_f64().unwrap() <= 1.0 + 1e-9);
        // The peer is counted, not asserted on: its wrong paths are a number to report.
        let peer = &row["grid_pathfinding_jps"];
        assert!(
            peer["total_ms"].is_number() && peer["wrong"].is_u64(),
            "{map}: {peer}"
        );
    }
    assert!(section["jps_plus_build_1024_ms"].as_f64().unwrap() > 0.0);
    assert_eq!(section["wrong"], 0);
}
