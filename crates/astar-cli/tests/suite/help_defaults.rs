//! Every default that `astar COMMAND --help` states is the one the command uses. For each subcommand the
//! test reads the help, finds every `[default: ...]`, and runs the command without the option and with
//! the stated default given explicitly: both must print the same. A second value must print something
//! else, so the comparison shows the option matters in that run. A default described in words (the
//! start the map file names, a value that depends on another option) has its own runs. A default with
//! no check here fails the test, so a new one cannot go unchecked. The closing lines of `check` and
//! `replan` (the model and the cost tables) are checked against what the commands do.

use crate::common;

use common::{astar, data, stderr, stdout};
use std::collections::BTreeMap;
use std::path::Path;

/// The subcommands, each with help of its own.
const COMMANDS: [&str; 6] = ["solve", "check", "gen", "convert", "bench", "replan"];

/// `astar COMMAND --help`.
fn help(command: &str) -> String {
    let o = astar(&[command, "--help"]);
    assert_eq!(o.status.code(), Some(0), "{command} --help: {}", stderr(&o));
    stdout(&o)
}

/// The options (`--seed`) and arguments (`SECTION`) of `help` that state a default, with its text.
fn stated_defaults(help: &str) -> BTreeMap<String, String> {
    let mut defaults = BTreeMap::new();
    for line in help.lines().map(str::trim_start) {
        let Some(at) = line.find("[default: ") else {
            continue;
        };
        let rest = &line[at + "[default: ".len()..];
        let default = &rest[..rest.find(']').expect("a closed [default: ...]")];
        let name = line
            .split_whitespace()
            .find(|w| w.starts_with("--"))
            .map(str::to_string)
            .unwrap_or_else(|| {
                let first = line.split_whitespace().next().unwrap();
                first.trim_matches(['<', '>', '[', ']', '.']).to_string()
            });
        defaults.insert(name, default.to_string());
    }
    defaults
}

/// A run of the binary: its exit status and standard output.
fn run(args: &[String]) -> (Option<i32>, String) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = astar(&args);
    assert!(!stderr(&o).contains("panicked"), "{args:?}: {}", stderr(&o));
    (o.status.code(), comparable(&stdout(&o)))
}

/// Two runs: at once when both are `bench` runs (the long ones, a few seconds each; they write no file),
/// else one after the other (two runs of `gen` or `convert` may write the same file).
fn run_both(a: &[String], b: &[String]) -> ((Option<i32>, String), (Option<i32>, String)) {
    if a[0] == "bench" && b[0] == "bench" {
        std::thread::scope(|scope| {
            let first = scope.spawn(|| run(a));
            let second = run(b);
            (first.join().expect("a bench run"), second)
        })
    } else {
        (run(a), run(b))
    }
}

/// `out` without what changes from run to run (times and ratios of times in JSON, the machine line) and
/// without bench's echo of `--limit`.
fn comparable(out: &str) -> String {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                map.retain(|k, _| !is_timing(k) && k != "limit");
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    out.lines()
        .filter(|l| !l.starts_with("machine: "))
        .map(
            |line| match serde_json::from_str::<serde_json::Value>(line) {
                Ok(mut v) if v.is_object() => {
                    strip(&mut v);
                    v.to_string()
                }
                _ => line.to_string(),
            },
        )
        .collect::<Vec<_>>()
        .join("\n")
}

/// JSON keys whose values are measured times, or ratios of them.
fn is_timing(key: &str) -> bool {
    key == "machine"
        || key.ends_with("_ms")
        || key.ends_with("_us")
        || key.starts_with("speedup")
        || key == "ns_per_expansion"
        || key.contains("vs_")
}

/// `words` as owned arguments.
fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

/// `base` followed by `extra`.
fn with(base: &[String], extra: &[&str]) -> Vec<String> {
    [base.to_vec(), args(extra)].concat()
}

/// Asserts that `without` and `explicit` print the same, successfully.
#[track_caller]
fn assert_same(what: &str, without: &[String], explicit: &[String]) {
    let (a, b) = run_both(without, explicit);
    assert_eq!(a.0, Some(0), "{what}: {without:?} fails: {}", a.1);
    assert_eq!(a, b, "{what}: {without:?} and {explicit:?} differ");
}

/// Asserts that `base` and `changed` print different things (the option matters in these runs).
#[track_caller]
fn assert_differs(what: &str, base: &[String], changed: &[String]) {
    let (a, b) = run_both(base, changed);
    assert_ne!(
        a, b,
        "{what}: {changed:?} prints what {base:?} prints: the comparison shows nothing"
    );
}

/// How a stated default is checked.
enum Check {
    /// The stated text is a value of the option: `base` prints the same with `--option TEXT`, and
    /// something else with `--option OTHER` (None: the option changes only timings).
    Value {
        base: Vec<String>,
        other: Option<&'static str>,
    },
    /// The default is described in words: the help says `text`; each pair of runs prints the same and
    /// each `differs` pair not.
    Described {
        text: String,
        same: Vec<(Vec<String>, Vec<String>)>,
        differs: Vec<(Vec<String>, Vec<String>)>,
    },
}

/// A `width` × `height` maze in this project's format with a start and a goal (from `astar gen`), in
/// `dir`; with its start and goal as `X,Y`.
fn own_map(dir: &Path, width: u32, height: u32) -> (String, String, String) {
    let path = dir.join(format!("maze-{width}x{height}.txt"));
    let path = path.to_string_lossy().into_owned();
    let (w, h) = (width.to_string(), height.to_string());
    let o = astar(&["gen", "maze", "--width", &w, "--height", &h, "-o", &path]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let content = std::fs::read_to_string(&path).unwrap();
    let cell = |key: &str| {
        let line = content
            .lines()
            .find(|l| l.starts_with(key))
            .unwrap_or_else(|| panic!("the generated map names its {key}"));
        line[key.len()..].trim().replace(' ', ",")
    };
    let (start, goal) = (cell("start "), cell("goal "));
    (path, start, goal)
}

/// Checks of `--from` and `--to` for `command` (its words before `--map`; `tail` after the map).
fn ends_checks(
    checks: &mut BTreeMap<&'static str, Check>,
    dir: &Path,
    command: &[&str],
    tail: &[&str],
) {
    let (map, start, goal) = own_map(dir, 21, 13);
    let base = [args(command), args(&["--map", &map]), args(tail)].concat();
    for (flag, cell, what) in [("--from", &start, "start"), ("--to", &goal, "goal")] {
        checks.insert(
            flag,
            Check::Described {
                text: format!("the {what} the map file names"),
                same: vec![(base.clone(), with(&base, &[flag, cell]))],
                differs: vec![(base.clone(), with(&base, &[flag, "1,1"]))],
            },
        );
    }
}

/// Checks of `astar solve`'s `--hug-penalty`, `--danger` and `--turn-penalty` ("the map file's, else 0"):
/// `base` runs on a map without penalties; a maze written with `hug 0.5`, `danger 2`, a watcher and
/// `turn 1` gives the file's own.
fn penalty_checks(checks: &mut BTreeMap<&'static str, Check>, dir: &Path, base: &[String]) {
    let (maze, _, _) = own_map(dir, 21, 13);
    let text = std::fs::read_to_string(&maze).unwrap();
    let with_penalties = text.replacen(
        "\nmap\n",
        "\nhug 0.5\ndanger 2\nwatcher 10 6 4\nturn 1\nmap\n",
        1,
    );
    assert_ne!(text, with_penalties, "the generated map has a `map` line");
    let penalised = dir.join("maze-with-penalties.txt");
    std::fs::write(&penalised, with_penalties).unwrap();
    let penalised = penalised.to_string_lossy().into_owned();
    let file = args(&["solve", "--map", &penalised, "--json"]);
    let watched = with(base, &["--watcher", "62,40,30"]);
    for (flag, in_file, other, base) in [
        ("--hug-penalty", "0.5", "1", base.to_vec()),
        ("--danger", "2", "5", watched),
        ("--turn-penalty", "1", "3", base.to_vec()),
    ] {
        checks.insert(
            flag,
            Check::Described {
                text: "the map file's, else 0".into(),
                same: vec![
                    (base.clone(), with(&base, &[flag, "0"])),
                    (file.clone(), with(&file, &[flag, in_file])),
                ],
                differs: vec![
                    (base.clone(), with(&base, &[flag, other])),
                    (file.clone(), with(&file, &[flag, "0"])),
                ],
            },
        );
    }
}

/// The cluster size checks of `hpa_base` (a run of HPA* on a map at least 16 cells a side) and of
/// `small` (a run on a map whose larger side, under 16, is given).
fn cluster_check(hpa_base: Vec<String>, small: Option<(Vec<String>, u32)>) -> Check {
    let mut same = vec![(hpa_base.clone(), with(&hpa_base, &["--cluster", "16"]))];
    if let Some((small_base, side)) = &small {
        same.push((
            small_base.clone(),
            with(small_base, &["--cluster", &side.to_string()]),
        ));
    }
    Check::Described {
        text: "16, or the map's larger side when smaller".into(),
        same,
        differs: vec![(hpa_base.clone(), with(&hpa_base, &["--cluster", "8"]))],
    }
}

/// The checks of every default of `command`.
fn checks(command: &str, dir: &Path) -> BTreeMap<&'static str, Check> {
    let mut checks = BTreeMap::new();
    let value = |base: &[String], other| Check::Value {
        base: base.to_vec(),
        other,
    };
    match command {
        "solve" => {
            let den = data("den312d.map");
            let base = args(&[
                "solve", "--map", &den, "--from", "60,12", "--to", "63,76", "--json",
            ]);
            for (flag, other) in [
                ("--algorithm", "dijkstra"),
                ("--w", "2"),
                ("--movement", "4"),
                ("--corners", "always"),
                ("--tie-break", "first-in"),
            ] {
                checks.insert(flag, value(&base, Some(other)));
            }
            let four = with(&base, &["--movement", "4"]);
            checks.insert(
                "--heuristic",
                Check::Described {
                    text: "octile, or manhattan with --movement 4".into(),
                    same: vec![
                        (base.clone(), with(&base, &["--heuristic", "octile"])),
                        (four.clone(), with(&four, &["--heuristic", "manhattan"])),
                    ],
                    differs: vec![(base.clone(), with(&base, &["--heuristic", "zero"]))],
                },
            );
            let hpa = with(&base, &["--algorithm", "hpa"]);
            let (small, _, _) = own_map(dir, 11, 7);
            let small = args(&["solve", "--map", &small, "--algorithm", "hpa", "--json"]);
            checks.insert("--cluster", cluster_check(hpa, Some((small, 11))));
            ends_checks(&mut checks, dir, &["solve"], &["--json"]);
            penalty_checks(&mut checks, dir, &base);
        }
        "check" => {
            let (map, scen) = (data("arena.map"), data("arena.map.scen"));
            let base = args(&[
                "check", "--map", &map, "--scen", &scen, "--limit", "40", "--json",
            ]);
            checks.insert("--algorithm", value(&base, Some("dijkstra")));
            let hpa = with(&base, &["--algorithm", "hpa"]);
            checks.insert("--cluster", cluster_check(hpa, None));
        }
        "gen" => {
            let gen = |kind: &str| args(&["gen", kind, "--width", "30", "--height", "20"]);
            let (random, maze, rooms) = (gen("random"), gen("maze"), gen("rooms"));
            checks.insert("--seed", value(&random, Some("2")));
            checks.insert("--wall", value(&random, Some("0.3")));
            checks.insert("--corridor", value(&maze, Some("2")));
            checks.insert("--room", value(&rooms, Some("4")));
            // `-o FILE` prints nothing: the default `-` is standard output.
            let file = dir.join("gen.txt").to_string_lossy().into_owned();
            let file: &'static str = Box::leak(file.into_boxed_str());
            checks.insert("--output", value(&random, Some(file)));
            for (flag, share) in [("--forest", "0.15"), ("--swamp", "0.07")] {
                checks.insert(
                    flag,
                    Check::Described {
                        text: format!("{share} for random, 0 otherwise"),
                        same: vec![
                            (random.clone(), with(&random, &[flag, share])),
                            (maze.clone(), with(&maze, &[flag, "0"])),
                            (rooms.clone(), with(&rooms, &[flag, "0"])),
                        ],
                        differs: vec![
                            (random.clone(), with(&random, &[flag, "0.3"])),
                            (maze.clone(), with(&maze, &[flag, "0.3"])),
                        ],
                    },
                );
            }
        }
        "bench" => {
            let section =
                |name: &str| args(&["bench", name, "--maps", "arena", "--no-peers", "--json"]);
            let movingai = with(&section("movingai"), &["--limit", "5"]);
            checks.insert(
                "--data",
                Check::Described {
                    text: "the repository's data/movingai".into(),
                    same: vec![(movingai.clone(), with(&movingai, &["--data", &data("")]))],
                    differs: vec![],
                },
            );
            checks.insert("--repeat", value(&movingai, None));
            let problems = std::fs::read_to_string(data("arena.map.scen"))
                .unwrap()
                .lines()
                .skip(1)
                .filter(|l| !l.trim().is_empty())
                .count();
            // (The hpa section's 100 random problems on each generated 1024 x 1024 map come from the
            // same constant as the help's words; running them takes half a minute.)
            let all = section("movingai");
            checks.insert(
                "--limit",
                Check::Described {
                    text: "all; 100 on the generated maps".into(),
                    same: vec![(all.clone(), with(&all, &["--limit", &problems.to_string()]))],
                    differs: vec![(all.clone(), movingai.clone())],
                },
            );
            let hpa = with(&section("hpa"), &["--limit", "1"]);
            checks.insert("--cluster", value(&hpa, Some("32")));
            let every = args(&[
                "bench",
                "--maps",
                "arena",
                "--limit",
                "1",
                "--no-peers",
                "--json",
            ]);
            checks.insert(
                "SECTION",
                Check::Described {
                    text: "all but crowd and navmesh".into(),
                    same: vec![(
                        every.clone(),
                        with(
                            &every,
                            &["article", "weights", "movingai", "algorithms", "hpa"],
                        ),
                    )],
                    differs: vec![(every.clone(), with(&every, &["movingai"]))],
                },
            );
        }
        "replan" => {
            let den = data("den312d.map");
            let base = args(&[
                "replan",
                "--map",
                &den,
                "--from",
                "60,12",
                "--to",
                "63,76",
                "--random-edits",
                "5",
                "--json",
            ]);
            checks.insert("--seed", value(&base, Some("2")));
            checks.insert("--movement", value(&base, Some("4")));
            checks.insert("--corners", value(&base, Some("always")));
            ends_checks(
                &mut checks,
                dir,
                &["replan"],
                &["--random-edits", "5", "--json"],
            );
        }
        _ => {}
    }
    checks
}

// One test per subcommand, so that the test threads share their runs (bench's take the longest).
#[test]
fn solve_uses_every_default_its_help_states() {
    defaults_are_used("solve");
}

#[test]
fn check_uses_every_default_its_help_states() {
    defaults_are_used("check");
}

#[test]
fn gen_uses_every_default_its_help_states() {
    defaults_are_used("gen");
}

#[test]
fn convert_uses_every_default_its_help_states() {
    defaults_are_used("convert");
}

#[test]
fn bench_uses_every_default_its_help_states() {
    defaults_are_used("bench");
}

#[test]
fn replan_uses_every_default_its_help_states() {
    defaults_are_used("replan");
}

#[test]
fn every_subcommand_has_a_test_above() {
    let o = astar(&["--help"]);
    let help = stdout(&o);
    let listed: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&name| name != "help")
        .collect();
    assert_eq!(listed, COMMANDS, "the subcommands `astar --help` lists");
}

/// Every default that `astar command --help` states is the one the command uses (see the top of this file).
fn defaults_are_used(command: &str) {
    {
        let dir = common::scratch("help-defaults", command);
        let stated = stated_defaults(&help(command));
        let mut checks = checks(command, dir.path());
        let unchecked: Vec<&String> = stated
            .keys()
            .filter(|k| !checks.contains_key(k.as_str()))
            .collect();
        assert!(
            unchecked.is_empty(),
            "{command}: no check for the defaults of {unchecked:?}"
        );
        for (option, default) in &stated {
            let what = format!("{command} {option} [default: {default}]");
            match checks.remove(option.as_str()).unwrap() {
                Check::Value { base, other } => {
                    assert_same(&what, &base, &with(&base, &[option, default]));
                    if let Some(other) = other {
                        assert_differs(&what, &base, &with(&base, &[option, other]));
                    }
                }
                Check::Described {
                    text,
                    same,
                    differs,
                } => {
                    assert_eq!(default, &text, "{command} {option}: the help's words");
                    for (without, explicit) in same {
                        assert_same(&what, &without, &explicit);
                    }
                    for (base, changed) in differs {
                        assert_differs(&what, &base, &changed);
                    }
                }
            }
        }
        let left: Vec<&str> = checks.keys().copied().collect();
        assert!(
            left.is_empty(),
            "{command}: the help states no default for {left:?}"
        );
    }
}

/// The cost table the help of `replan` gives for a map format: the words after `what` up to `)`.
fn stated_table<'a>(help: &'a str, what: &str) -> &'a str {
    let at = help
        .find(what)
        .unwrap_or_else(|| panic!("replan --help says {what:?}: {help}"));
    let rest = &help[at + what.len()..];
    &rest[..rest.find(')').unwrap()]
}

/// The `costs` line of `map` as `astar convert` writes it, without the word `costs`.
fn loaded_costs(map: &str) -> String {
    let o = astar(&["convert", map, "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let line = out.lines().find(|l| l.starts_with("costs ")).unwrap();
    line["costs ".len()..].to_string()
}

#[test]
fn replan_help_gives_the_cost_tables_maps_load_with() {
    let text = help("replan");
    let dir = common::scratch("help-defaults", "replan-costs");
    // A Moving AI map loads with uniform costs, as `convert` shows.
    let movingai = data("den312d.map");
    assert_eq!(
        stated_table(&text, "a Moving AI .map uniform costs ("),
        loaded_costs(&movingai)
    );
    // A map in this project's format without a costs line loads with the default table.
    let converted = dir.path().join("den.txt");
    let o = astar(&["convert", &movingai, &converted.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let content = std::fs::read_to_string(&converted).unwrap();
    let without: String = content
        .lines()
        .filter(|l| !l.starts_with("costs "))
        .map(|l| format!("{l}\n"))
        .collect();
    let no_costs = dir.path().join("no-costs.txt");
    std::fs::write(&no_costs, without).unwrap();
    let no_costs = no_costs.to_string_lossy().into_owned();
    assert_eq!(
        stated_table(&text, "its `costs` line ("),
        format!("{} when it has none", loaded_costs(&no_costs))
    );
    // And replan runs on those tables: the .map as its conversion (uniform costs written out), and
    // differently on the default table, where forest and swamp edits change costs.
    let replan = |map: &str| {
        run(&args(&[
            "replan",
            "--map",
            map,
            "--from",
            "60,12",
            "--to",
            "63,76",
            "--random-edits",
            "40",
            "--json",
        ]))
    };
    let converted = converted.to_string_lossy().into_owned();
    assert_eq!(replan(&movingai), replan(&converted));
    assert_ne!(replan(&movingai), replan(&no_costs));
}

/// The settings the closing lines of `check --help` name: `w = 1, heuristic octile, 8-neighbour moves,
/// corners no-cut, tie-break lower-h, costs plain 1 forest 1 swamp 1`, as solve's flags, and the costs
/// line.
fn stated_model(help: &str) -> (Vec<String>, String) {
    let after = |key: &str| {
        let at = help
            .find(key)
            .unwrap_or_else(|| panic!("check --help names {key:?}: {help}"));
        help[at + key.len()..]
            .split([',', ' '])
            .next()
            .unwrap()
            .to_string()
    };
    let neighbours = help
        .split_whitespace()
        .find_map(|w| w.strip_suffix("-neighbour"))
        .expect("check --help names the moves")
        .to_string();
    let flags = [
        ("--w", after("w = ")),
        ("--heuristic", after("heuristic ")),
        ("--movement", neighbours),
        ("--corners", after("corners ")),
        ("--tie-break", after("tie-break ")),
    ];
    let costs = format!(
        "costs plain {} road {} forest {} swamp {}",
        after("costs plain "),
        after(" road "),
        after(" forest "),
        after(" swamp ")
    );
    (
        flags
            .iter()
            .flat_map(|(f, v)| [f.to_string(), v.clone()])
            .collect(),
        costs,
    )
}

#[test]
fn check_searches_in_the_model_its_help_states_whatever_the_map_holds() {
    let (flags, costs) = stated_model(&help("check"));
    let dir = common::scratch("help-defaults", "check-model");
    // A map with forest and swamp and the costs 1 / 3 / 5, and the same map with the stated costs.
    let terrain = dir.path().join("terrain.txt");
    let terrain = terrain.to_string_lossy().into_owned();
    let o = astar(&[
        "gen", "random", "--width", "40", "--height", "30", "-o", &terrain,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let content = std::fs::read_to_string(&terrain).unwrap();
    assert!(content.contains("costs plain 1 road 0.7 forest 3 swamp 5") && content.contains('f'));
    let stated: String = content
        .lines()
        .map(|l| if l.starts_with("costs ") { costs.clone() } else { l.to_string() } + "\n")
        .collect();
    let stated_map = dir.path().join("stated.txt");
    std::fs::write(&stated_map, stated).unwrap();
    let stated_map = stated_map.to_string_lossy().into_owned();
    // Problems from the top-left passable cell to others, solved with the stated settings.
    let rows: Vec<&str> = content
        .lines()
        .skip_while(|l| *l != "map")
        .skip(1)
        .collect();
    let passable: Vec<(usize, usize)> = rows
        .iter()
        .enumerate()
        .flat_map(|(y, row)| {
            row.char_indices()
                .filter(|&(_, c)| c != '#')
                .map(move |(x, _)| (x, y))
        })
        .collect();
    let from = passable[0];
    let (mut scen, mut expanded, mut problems) = (String::from("version 1\n"), 0, 0);
    for &to in passable.iter().rev().step_by(37).take(8) {
        let (f, t) = (
            format!("{},{}", from.0, from.1),
            format!("{},{}", to.0, to.1),
        );
        let solve = [
            args(&[
                "solve",
                "--map",
                &stated_map,
                "--from",
                &f,
                "--to",
                &t,
                "--json",
            ]),
            flags.clone(),
        ]
        .concat();
        let solve: Vec<&str> = solve.iter().map(String::as_str).collect();
        let o = astar(&solve);
        if o.status.code() != Some(0) {
            continue; // unreachable from the corner
        }
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        expanded += v["expanded"].as_u64().unwrap();
        problems += 1;
        scen += &format!(
            "0\tterrain.txt\t40\t30\t{}\t{}\t{}\t{}\t{:.8}\n",
            from.0,
            from.1,
            to.0,
            to.1,
            v["cost"].as_f64().unwrap()
        );
    }
    assert!(problems >= 3, "{problems} problems with a path");
    let scen_path = dir.path().join("terrain.map.scen");
    std::fs::write(&scen_path, scen).unwrap();
    // check on the map with terrain costs finds the stated model's costs, with its expansions.
    let o = astar(&[
        "check",
        "--map",
        &terrain,
        "--scen",
        &scen_path.to_string_lossy(),
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{} {}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    let summary: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(summary["scenarios"], problems);
    assert_eq!(summary["mismatches"], 0);
    assert_eq!(summary["expanded"], expanded);
}
