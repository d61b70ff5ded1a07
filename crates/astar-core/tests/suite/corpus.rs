//! The corpus of hostile and valid files (`tests/corpus/`, see its `expectations.txt`) read by the core's
//! own parsers, as the page reads them: every map, scenario and share link gives exactly the outcome the
//! expectations file names (the CLI's test runs the same files through the `astar` binary), and every
//! file that is accepted writes back to the same map or view. The page opens maps through
//! `Session::from_moving_ai_map` and `Session::with_text_map`; they must agree with the parsers, so the
//! page and the CLI take and refuse the same files with the same words.

use crate::corpus_files as corpus;

use astar_core::formats::movingai::{self, parse_map, parse_scen_problems, write_map};
use astar_core::formats::{share, text};
use astar_core::session::Session;
use astar_core::{cost, Algorithm, Grid};
use corpus::{expectations, Expectation};

/// What the CLI says, before any parser runs, about a file that is not UTF-8 text.
const NOT_TEXT: &str = "not a text file (invalid UTF-8 at byte ";
/// What the CLI says about text that is neither map format (the core's `looks_like` functions decide).
const NOT_A_MAP: &str = "line 1: not a map: ";

/// The file as text, or `None` after checking that the expectation is the CLI's refusal of non-text.
fn text_or_refused(e: &Expectation) -> Option<String> {
    match String::from_utf8(e.bytes()) {
        Ok(text) => Some(text),
        Err(err) => {
            let at = err.utf8_error().valid_up_to();
            assert_eq!(
                (e.exit, e.message.as_str()),
                (2, format!("{NOT_TEXT}{at})").as_str()),
                "{}",
                e.path
            );
            None
        }
    }
}

/// Asserts that `result` is the outcome `e` expects (0 accepted; 2 refused with its message first).
#[track_caller]
fn assert_outcome<T>(e: &Expectation, result: &Result<T, String>) {
    match result {
        Ok(_) => assert_eq!(e.exit, 0, "{}: accepted, expected {e:?}", e.path),
        Err(message) => {
            assert_eq!(e.exit, 2, "{}: refused with {message:?}", e.path);
            assert!(
                message.starts_with(&e.message),
                "{}: {message:?} does not start with {:?}",
                e.path,
                e.message
            );
        }
    }
}

/// Asserts that the page's constructor (`page`) takes and refuses what the parser (`core`) does, a refusal
/// ending with the parser's words.
#[track_caller]
fn assert_page_agrees<
    P,
    PE: std::fmt::Display + std::fmt::Debug,
    C: std::fmt::Debug,
    CE: std::fmt::Display + std::fmt::Debug,
>(
    e: &Expectation,
    page: Result<P, PE>,
    core: &Result<C, CE>,
) {
    match (page, core) {
        (Ok(_), Ok(_)) => {}
        (Err(page), Err(core)) => {
            assert!(
                page.to_string().ends_with(&core.to_string()),
                "{}: {page}",
                e.path
            )
        }
        (page, core) => panic!(
            "{}: the page gives {:?}, the parser {core:?}",
            e.path,
            page.err()
        ),
    }
}

fn check_map(e: &Expectation, source: &str) {
    if text::looks_like(source) {
        let read = text::parse(source);
        assert_outcome(e, &read.clone().map_err(|err| err.to_string()));
        if let Ok(map) = &read {
            assert_eq!(&text::parse(&text::write(map)).unwrap(), map, "{}", e.path);
        }
        // The page: a text map opened over whatever is loaded.
        let base =
            Session::from_moving_ai_map("type octile\nheight 1\nwidth 2\nmap\n..\n").unwrap();
        assert_page_agrees(e, base.with_text_map(source), &read);
    } else if movingai::looks_like(source) {
        let read = parse_map(source);
        assert_outcome(e, &read.clone().map_err(|err| err.to_string()));
        if let Ok(grid) = &read {
            assert_eq!(&parse_map(&write_map(grid)).unwrap(), grid, "{}", e.path);
        }
        assert_page_agrees(e, Session::from_moving_ai_map(source), &read);
    } else {
        assert!(
            e.exit == 2 && e.message.to_string().starts_with(NOT_A_MAP),
            "{}: neither format, expected {e:?}",
            e.path
        );
    }
}

/// The first problem that does not fit `grid`, in the words `astar check` ends its mismatch line with.
fn first_mismatch(grid: &Grid, problems: &[movingai::Problem]) -> Option<String> {
    let mut search = astar_core::search::make(Algorithm::AStar);
    problems.iter().find_map(|p| match p.cells(grid) {
        Err(why) => Some(format!("the problem {why}")),
        Ok((start, goal)) => {
            let r = search.solve(grid, &movingai::PARAMS, start, goal).unwrap();
            let length = cost::to_f64(r.cost);
            (!p.matches(length)).then(|| format!("cost {length:.8} but optimal is {}", p.optimal))
        }
    })
}

fn check_scenario(e: &Expectation, source: &str, grid: &Grid) {
    let read = parse_scen_problems(source).map_err(|err| err.to_string());
    if e.exit == 1 {
        let problems = read.unwrap_or_else(|err| panic!("{}: refused: {err}", e.path));
        let why = first_mismatch(grid, &problems)
            .unwrap_or_else(|| panic!("{}: every problem fits", e.path));
        assert!(
            why.ends_with(&e.message),
            "{}: {why:?} does not end with {:?}",
            e.path,
            e.message
        );
        return;
    }
    assert_outcome(e, &read);
    if let Ok(problems) = read {
        assert_eq!(first_mismatch(grid, &problems), None, "{}", e.path);
    }
}

fn check_link(e: &Expectation, source: &str) {
    let read = share::decode(source);
    assert_outcome(e, &read.clone().map_err(|err| err.to_string()));
    if let Ok(view) = read {
        let again = share::decode(&share::encode(&view, view.recipe.as_ref())).unwrap();
        assert_eq!(again.grid, view.grid, "{}", e.path);
        assert_eq!(
            (again.start, again.goal, again.params),
            (view.start, view.goal, view.params)
        );
    }
}

#[test]
fn every_corpus_file_gets_exactly_its_expected_outcome_from_the_core() {
    let all = expectations();
    let grid_text = std::fs::read_to_string(corpus::folder().join(corpus::SCENARIO_MAP)).unwrap();
    let grid = parse_map(&grid_text).unwrap();
    for e in &all {
        let Some(source) = text_or_refused(e) else {
            continue;
        };
        match e.kind() {
            "maps" => check_map(e, &source),
            "scenarios" => check_scenario(e, &source, &grid),
            "links" => check_link(e, &source),
            other => panic!("{}: unknown corpus folder {other}", e.path),
        }
    }
    // Every kind of outcome is exercised, so a corpus that lost its hostile half would fail here.
    for exit in 0..=2 {
        assert!(
            all.iter().any(|e| e.exit == exit),
            "no file with exit {exit}"
        );
    }
    println!("corpus: {} files", all.len());
}

#[test]
fn a_leading_byte_order_mark_reads_like_no_mark_in_every_text_format() {
    let all = expectations();
    let marked: Vec<&Expectation> = all.iter().filter(|e| e.path.contains("bom")).collect();
    assert!(marked.len() >= 4, "{marked:?}");
    for e in marked {
        let source = String::from_utf8(e.bytes()).unwrap();
        let bare = source.strip_prefix('\u{feff}').expect("starts with a mark");
        match e.kind() {
            "maps" if text::looks_like(bare) => {
                assert_eq!(text::parse(&source), text::parse(bare), "{}", e.path)
            }
            "maps" => assert_eq!(parse_map(&source), parse_map(bare), "{}", e.path),
            _ => assert_eq!(
                parse_scen_problems(&source),
                parse_scen_problems(bare),
                "{}",
                e.path
            ),
        }
    }
}
