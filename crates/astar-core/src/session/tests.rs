//! The session's unit tests (native: everything the page asks of the core).

use super::running::LONG_SEARCH_US;
use super::*;

fn clock() -> impl Fn() -> f64 {
    let t0 = std::time::Instant::now();
    move || t0.elapsed().as_secs_f64() * 1e6
}

fn session(map: &str) -> Session {
    let grid = Grid::from_ascii(map).unwrap();
    let goal = grid.len() as u32 - 1;
    Session::new(grid, 0, goal).unwrap()
}

const MAP: &str = "type octile\nheight 4\nwidth 5\nmap\n@....\n..@..\n..@..\n.....\n";

#[test]
fn a_moving_ai_map_and_its_scenario_give_comparable_problems() {
    let s = Session::from_moving_ai_map(MAP).unwrap();
    assert_eq!(s.grid().xy(s.start()), (1, 0), "first passable cell");
    assert_eq!(*s.params(), movingai::PARAMS);
    let scen = "version 1\n0\tt.map\t5\t4\t1\t1\t4\t1\t4.41421\n";
    let problems = s.scenario_problems(scen).unwrap();
    assert_eq!((problems[0].index, problems[0].start_x), (1, 1));
    let mut shown = s.with_problem((1, 1), (4, 1)).unwrap();
    let cost = shown.solve(&clock()).unwrap().cost.unwrap();
    assert!(movingai::matches_optimal(4.41421, 5, cost), "{cost}");
    assert_eq!(s.grid().xy(s.start()), (1, 0), "the original is unchanged");
    assert!(s.with_problem((2, 1), (4, 1)).is_err(), "start on a wall");
}

#[test]
fn bad_maps_and_scenarios_are_refused_with_sentences() {
    let long = format!("{}\n", "x".repeat(300));
    for (text, expected) in [
        ("type octile\nheight 1\nwidth 2\nmap\n@@\n", "this map has no passable cell: there is nowhere to search".to_string()),
        (&long, format!("cannot be read as a Moving AI map: line 1: unexpected header line \"{}…\"", "x".repeat(32))),
        ("\u{1}\u{2}\u{3}", "cannot be read as a Moving AI map: line 1: unexpected header line (bytes that are not text: is this a map file at all?)".into()),
    ] {
        assert_eq!(Session::from_moving_ai_map(text).unwrap_err(), expected);
    }
    let s = Session::from_moving_ai_map(MAP).unwrap();
    for (scen, expected) in [
        ("version 1\n0\tt.map\t5\t4\t9\t1\t4\t1\t4\n", "problem 1 of the scenario has its start (9, 1) outside the 5 x 4 map"),
        ("version 1\n0\tt.map\t50\t40\t1\t1\t4\t1\t4\n", "problem 1 of the scenario is for a 50 x 40 map (t.map), but this map is 5 x 4"),
        ("version 1\n", "this .map.scen file cannot be read: the scenario lists no problems, so there is nothing to check"),
    ] {
        assert_eq!(s.scenario_problems(scen).unwrap_err(), expected);
    }
}

#[test]
fn a_text_map_keeps_the_settings_and_places_missing_ends() {
    let mut s = session("....\n.##.\n....");
    s.set_params(SearchParams {
        algorithm: Algorithm::Greedy,
        ..SearchParams::default()
    });
    let opened = s
        .with_text_map("astar-map 1\nsize 3 1\nmap\n#..\n")
        .unwrap();
    assert_eq!((opened.start(), opened.goal()), (1, 2));
    assert_eq!(opened.params().algorithm, Algorithm::Greedy);
    let err = s
        .with_text_map("astar-map 1\nsize 2 2\nmap\n..\n")
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("this map file cannot be read: "),
        "{err}"
    );
}

#[test]
fn settings_name_every_parameter_and_refuse_unknown_names() {
    let params = SearchParams {
        algorithm: Algorithm::Greedy,
        heuristic: Heuristic::Euclidean,
        weight: Weight::new(2.5).unwrap(),
        movement: Movement::Eight(CornerRule::AlwaysCut),
        tie_break: TieBreak::LastIn,
        expansion_limit: Some(9),
        cluster_size: None,
        unscaled_h: false,
        danger_in_h: false,
    };
    let settings = Settings::from_params(&params);
    assert_eq!(
        (settings.movement, settings.corners.as_str()),
        (8, "always")
    );
    assert_eq!(settings.to_params(), Ok(params));
    let four = Settings {
        movement: 4,
        ..settings.clone()
    };
    assert_eq!(four.to_params().unwrap().movement, Movement::Four);
    let bad = Settings {
        movement: 6,
        ..settings
    };
    assert_eq!(
        bad.to_params().unwrap_err(),
        "movement 6 is not allowed: use one of 4, 8"
    );
}

#[test]
fn settings_refuse_w_beyond_the_slider_and_a_budget_of_0_naming_the_value_and_the_range() {
    let settings = Settings::from_params(&SearchParams::default());
    let heavy = Settings {
        w: 10.0,
        ..settings.clone()
    };
    assert_eq!(
        heavy.to_params().unwrap_err(),
        "heuristic weight 10 is not allowed: it must be from 0 to 5"
    );
    let end = Settings {
        w: Weight::MAX,
        ..settings.clone()
    };
    assert_eq!(end.to_params().unwrap().weight.get(), 5.0);
    let zero = Settings {
        budget: Some(0),
        ..settings.clone()
    };
    assert_eq!(
        zero.to_params().unwrap_err(),
        "expansion budget 0 is not allowed: it must be a whole number from 1, or none"
    );
    let one = Settings {
        budget: Some(1),
        ..settings
    };
    assert_eq!(one.to_params().unwrap().expansion_limit, Some(1));
}

/// The TypeScript types of the values that cross the wasm boundary, derived from these Rust types
/// (ts-rs), and the range of w, checked in as www/generated/core.ts, which the page imports. Fails when the file
/// differs; `ASTAR_WRITE_TS=1 cargo test -p astar-core --lib typescript` rewrites it.
#[test]
fn typescript_types_are_up_to_date() {
    use crate::formats::share::{Numbers, RecipeFields, ViewOptions};
    use crate::grid::TerrainCosts;
    use crate::search::registry::Unmet;
    use crate::search::{AlgorithmInfo, Detail, Mark};
    use ts_rs::{Config, TS};
    // serde-wasm-bindgen's json_compatible serializer hands out u64 as a JavaScript number.
    let cfg = Config::default().with_large_int("number");
    let decls = [
        Settings::decl(&cfg),
        ViewOptions::decl(&cfg),
        Numbers::decl(&cfg),
        RecipeFields::decl(&cfg),
        SweepRow::decl(&cfg),
        ScenarioProblem::decl(&cfg),
        Stats::decl(&cfg),
        Detail::decl(&cfg),
        AlgorithmInfo::decl(&cfg),
        Unmet::decl(&cfg),
        Mark::decl(&cfg),
        TerrainCosts::decl(&cfg),
        crate::penalty::Penalties::decl(&cfg),
        crate::penalty::Watcher::decl(&cfg),
        crate::inspect::CellReport::decl(&cfg),
        crate::inspect::Detour::decl(&cfg),
        crate::bound::Bound::decl(&cfg),
        crate::bound::MeasuredLoss::decl(&cfg),
        crate::bound::MapKind::decl(&cfg),
        crate::crowd::SceneConfig::decl(&cfg),
        crate::crowd::Planner::decl(&cfg),
        crate::crowd::FrameReport::decl(&cfg),
        crate::crowd::Totals::decl(&cfg),
        crate::crowd::RequestLog::decl(&cfg),
        crate::navmesh::Point::decl(&cfg),
        crate::navmesh::build::tiles::MeshKind::decl(&cfg),
        crate::navmesh::report::MeshStats::decl(&cfg),
        crate::navmesh::search::NavOutcome::decl(&cfg),
        crate::navmesh::searches::SearchKind::decl(&cfg),
        crate::navmesh::searches::SearchReport::decl(&cfg),
        crate::navmesh::lengths::Lengths::decl(&cfg),
        crate::navmesh::polyanya::NodeView::decl(&cfg),
    ];
    let mut text = String::from(
        "// Generated from the Rust types by astar-core's test `typescript_types_are_up_to_date`\n\
         // (ASTAR_WRITE_TS=1 cargo test -p astar-core --lib typescript). Do not edit.\n",
    );
    for decl in decls {
        text.push_str(&format!("\nexport {decl}\n"));
    }
    // The range of w, which the page's sliders and checks take from here (one range everywhere).
    text.push_str(&format!(
        "\n/** The largest heuristic weight (`Weight::MAX`): the w sliders' max. */\nexport const WEIGHT_MAX = {};\n",
        Weight::MAX
    ));
    text.push_str(&format!(
        "\n/** How the w sliders move (`Weight::STEP`): their step. */\nexport const WEIGHT_STEP = {};\n",
        Weight::STEP
    ));
    // The game scene's limits and the automatic w's rule, which the page's controls and panel show.
    text.push_str(&format!(
        "\n/** The game scene's most units (`crowd::MAX_UNITS`), largest unit radius (`crowd::clearance::MAX_RADIUS`) and the automatic w's rise per request queued (`crowd::AUTO_W_PER_QUEUED`). */\nexport const CROWD = {{ maxUnits: {}, maxRadius: {}, autoWPerQueued: {} }} as const;\n",
        crate::crowd::MAX_UNITS,
        crate::crowd::clearance::MAX_RADIUS,
        crate::crowd::AUTO_W_PER_QUEUED,
    ));
    // Mesh mode's searches (its menu, its links) and the largest unit radius of a mesh.
    let searches: Vec<String> = crate::navmesh::searches::SearchKind::ALL
        .iter()
        .map(|kind| format!("'{}'", kind.name()))
        .collect();
    text.push_str(&format!(
        "\n/** Mesh mode's searches by name (`navmesh::searches::SearchKind::ALL`), in menu order, and a mesh's largest unit radius (`navmesh::build::radius::MAX_RADIUS`). */\nexport const MESH = {{ searches: [{}], maxRadius: {} }} as const;\n",
        searches.join(", "),
        crate::navmesh::build::radius::MAX_RADIUS,
    ));
    // The names of the settings the page's menus offer, in the tables' order (the menus' order).
    fn names<T: crate::names::Named>() -> String {
        let quoted: Vec<String> = T::NAMES.iter().map(|(_, n)| format!("'{n}'")).collect();
        quoted.join(", ")
    }
    for (constant, table, list) in [
        (
            "HEURISTICS",
            "Heuristic",
            names::<crate::heuristic::Heuristic>(),
        ),
        (
            "CORNER_RULES",
            "CornerRule",
            names::<crate::movement::CornerRule>(),
        ),
        ("TIE_BREAKS", "TieBreak", names::<crate::search::TieBreak>()),
    ] {
        text.push_str(&format!(
            "\n/** The names of `{table}::NAMES`, in menu order. */\nexport const {constant} = [{list}] as const;\n"
        ));
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/generated/core.ts");
    if std::env::var_os("ASTAR_WRITE_TS").is_some() {
        std::fs::create_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
        std::fs::write(path, &text).unwrap();
    }
    let checked_in = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        checked_in == text,
        "www/generated/core.ts differs from the Rust types: run ASTAR_WRITE_TS=1 cargo test -p astar-core --lib typescript\n{text}"
    );
}

#[test]
fn a_bidirectional_search_reports_what_one_way_astar_expands_beside_its_own() {
    let mut s = session("......\n.####.\n......\n......");
    s.set_params(SearchParams {
        algorithm: Algorithm::AStar,
        ..SearchParams::default()
    });
    let one_way = s.solve(&clock()).unwrap().expanded;
    assert!(s.stats().details.is_empty());
    s.set_params(SearchParams {
        algorithm: Algorithm::Bidirectional,
        ..SearchParams::default()
    });
    let stats = s.solve(&clock()).unwrap();
    let detail = |key: &str| stats.details.iter().find(|d| d.key == key).map(|d| d.value);
    assert_eq!(detail("one-way-expanded"), Some(one_way as f64));
    assert_eq!(
        detail("forward-expanded").unwrap() + detail("backward-expanded").unwrap(),
        stats.expanded as f64
    );
}

#[test]
fn with_d_star_lite_paint_is_repaired_and_anything_else_begins_again() {
    let mut s = session("........\n........\n........\n........");
    s.set_params(SearchParams {
        algorithm: Algorithm::DStarLite,
        ..SearchParams::default()
    });
    let detail =
        |stats: &Stats, key: &str| stats.details.iter().find(|d| d.key == key).map(|d| d.value);
    let first = s.solve(&clock()).unwrap();
    assert_eq!(detail(&first, "repairs"), Some(0.0));
    assert_eq!(detail(&first, "fresh-astar-expanded"), None);
    // A wall across the middle, with a gap at the bottom.
    assert_eq!(s.paint(4, 1, 1, Terrain::Wall), 9);
    let repaired = s.solve(&clock()).unwrap();
    assert_eq!(detail(&repaired, "repairs"), Some(1.0));
    assert_eq!(repaired.over_optimal, Some(0.0), "{repaired:?}");
    let mut astar = s.clone();
    astar.set_params(SearchParams::default());
    let fresh = astar.solve(&clock()).unwrap();
    assert_eq!(
        detail(&repaired, "fresh-astar-expanded"),
        Some(fresh.expanded as f64)
    );
    // Animating after an edit steps the repair from its first step.
    s.paint(4, 3, 0, Terrain::Swamp);
    s.restart().unwrap();
    assert_eq!(s.stats().expanded, 0);
    assert_eq!(detail(&s.stats(), "repairs"), Some(2.0));
    while s.step(5) > 0 {}
    assert_eq!(s.stats().over_optimal, Some(0.0));
    // Moving the goal begins a new search; solving again without an edit shows the same repair.
    s.set_goal(6, 3).unwrap();
    assert_eq!(detail(&s.solve(&clock()).unwrap(), "repairs"), Some(0.0));
    s.paint(5, 3, 0, Terrain::Forest);
    let once = s.solve(&clock()).unwrap();
    assert_eq!(detail(&once, "repairs"), Some(1.0));
    let again = s.solve(&clock()).unwrap();
    assert_eq!(detail(&again, "repairs"), Some(1.0));
    assert_eq!(again.expanded, once.expanded);
    s.set_params(SearchParams {
        algorithm: Algorithm::DStarLite,
        movement: Movement::Four,
        ..SearchParams::default()
    });
    assert_eq!(detail(&s.solve(&clock()).unwrap(), "repairs"), Some(0.0));
}

#[test]
fn a_repair_replays_from_step_zero_with_the_cells_the_edit_made_inconsistent() {
    let mut s = session("........\n........\n........\n........");
    s.set_params(SearchParams {
        algorithm: Algorithm::DStarLite,
        ..SearchParams::default()
    });
    s.solve(&clock()).unwrap();
    assert!(s.inconsistent().is_empty());
    s.paint(4, 1, 1, Terrain::Wall);
    let repaired = s.solve(&clock()).unwrap();
    let inconsistent = s.inconsistent().to_vec();
    assert!(!inconsistent.is_empty());
    // At step 0 of the replayed repair, each is inconsistent and next to the painted square
    // (x 3..=5, y 0..=2).
    s.restart().unwrap();
    assert_eq!(s.stats().expanded, 0);
    for &cell in &inconsistent {
        assert_ne!(s.search().g(cell), s.search().rhs(cell), "cell {cell}");
        let (x, y) = s.grid().xy(cell);
        assert!(
            (2..=6).contains(&x) && y <= 3,
            "cell {cell} far from the edit"
        );
    }
    // Stepping exactly the repair's expansions shows it finished (as seeking to the timeline's end).
    assert_eq!(s.step(repaired.expanded as u32), repaired.expanded as u32);
    assert_eq!(s.stats().outcome, "found");
    assert_eq!(s.stats().expanded, repaired.expanded);
    assert_eq!(s.stats().cost, repaired.cost);
    assert_eq!(s.inconsistent(), &inconsistent[..]);
}

#[test]
fn a_walked_start_is_repaired_from_and_matches_a_fresh_search() {
    let mut s = session("........\n........\n........\n........");
    s.set_params(SearchParams {
        algorithm: Algorithm::DStarLite,
        ..SearchParams::default()
    });
    s.solve(&clock()).unwrap();
    s.walk_start(1, 1).unwrap();
    s.paint(4, 1, 1, Terrain::Wall);
    let repaired = s.solve(&clock()).unwrap();
    let detail = |key: &str| {
        repaired
            .details
            .iter()
            .find(|d| d.key == key)
            .map(|d| d.value)
    };
    assert_eq!(detail("repairs"), Some(1.0));
    assert_eq!(repaired.over_optimal, Some(0.0), "{repaired:?}");
    assert_eq!(s.search().path().first(), Some(&s.grid().cell(1, 1)));
    assert!(s.walk_start(4, 1).is_err(), "a wall is refused");
}

#[test]
fn solve_reports_an_optimal_path() {
    let mut s = session("....\n.##.\n....");
    let stats = s.solve(&clock()).unwrap();
    assert_eq!(stats.outcome, "found");
    assert_eq!(stats.over_optimal, Some(0.0));
    assert!(stats.time_us > 0.0);
}

#[test]
fn choosing_hpa_again_keeps_its_abstract_graph_and_an_edit_between_rebuilds_only_its_clusters() {
    let detail =
        |stats: &Stats, key: &str| stats.details.iter().find(|d| d.key == key).map(|d| d.value);
    let choose = |s: &mut Session, algorithm: Algorithm| {
        s.set_params(SearchParams {
            algorithm,
            cluster_size: Some(4),
            ..SearchParams::default()
        });
        s.solve(&clock()).unwrap()
    };
    let mut s = session(&vec![".".repeat(24); 16].join("\n"));
    let first = choose(&mut s, Algorithm::Hpa);
    let clusters = detail(&first, "clusters").unwrap();
    assert_eq!(
        detail(&first, "clusters-rebuilt"),
        Some(clusters),
        "the first search builds all"
    );
    choose(&mut s, Algorithm::AStar);
    let again = choose(&mut s, Algorithm::Hpa);
    assert_eq!(
        detail(&again, "clusters-rebuilt"),
        Some(0.0),
        "chosen again: nothing rebuilt"
    );
    // An edit while A* is shown: HPA* chosen again rebuilds the clusters the edit reached, not all.
    choose(&mut s, Algorithm::AStar);
    s.paint(5, 5, 0, Terrain::Wall);
    let edited = choose(&mut s, Algorithm::Hpa);
    let rebuilt = detail(&edited, "clusters-rebuilt").unwrap();
    assert!(
        rebuilt >= 1.0 && rebuilt < clusters,
        "{rebuilt} of {clusters}"
    );
}

/// A clock read once per call that steps `cold_us` for the first `cold_calls` reads (a fresh module:
/// the first runs are slow) and `warm_us` after: a run of the timed loop reads it once.
fn tiering_clock(cold_calls: u32, cold_us: f64, warm_us: f64) -> impl Fn() -> f64 {
    let calls = std::cell::Cell::new(0u32);
    let now = std::cell::Cell::new(0.0f64);
    move || {
        calls.set(calls.get() + 1);
        let step = if calls.get() <= cold_calls {
            cold_us
        } else {
            warm_us
        };
        now.set(now.get() + step);
        now.get()
    }
}

#[test]
fn the_first_slow_runs_are_not_timed_and_the_batches_give_the_spread() {
    let mut s = session("....\n.##.\n....");
    // Six slow reads: the solve's own three and the warm-up's first runs. Timing them would report
    // about 28 µs a run (the 2 ms average this replaced); the warm runs take 20.
    let stats = s.solve(&tiering_clock(6, 300.0, 20.0)).unwrap();
    assert_eq!(stats.time_us, 20.0);
    assert_eq!((stats.time_low_us, stats.time_high_us), (20.0, 20.0));
    // A first run slowed past LONG_SEARCH_US by code compiled as it ran is run once more: the warm
    // run is short, so the search is timed like any short one.
    let mut s = session("....\n.##.\n....");
    let stats = s.solve(&tiering_clock(3, LONG_SEARCH_US, 20.0)).unwrap();
    assert_eq!(stats.time_us, 20.0);
    // A long search is timed by its one (second) run: no repeats, no spread.
    let mut s = session("....\n.##.\n....");
    let stats = s.solve(&tiering_clock(1_000, LONG_SEARCH_US, 1.0)).unwrap();
    assert_eq!(stats.time_us, LONG_SEARCH_US);
    assert_eq!(
        (stats.time_low_us, stats.time_high_us),
        (LONG_SEARCH_US, LONG_SEARCH_US)
    );
}

#[test]
fn stepping_fills_the_change_list_and_ends_with_a_smoothed_path() {
    let mut s = session("....\n....\n....");
    s.restart().unwrap();
    assert_eq!(s.step(1), 1);
    assert!(!s.search().changes().is_empty());
    while s.step(100) > 0 {}
    assert_eq!(s.stats().outcome, "found");
    assert_eq!(s.smoothed().len(), 2);
}

#[test]
fn painting_never_walls_in_the_end_cells_and_edits_refresh_the_optimum() {
    let mut s = session("...\n...\n...");
    s.solve(&clock()).unwrap();
    assert_eq!(s.paint(0, 0, 1, Terrain::Wall), 3, "start keeps its cell");
    assert!(s.grid().is_passable(0));
    let stats = s.solve(&clock()).unwrap();
    assert_eq!(stats.outcome, "unreachable");
    assert!(s.goal_unreachable());
    assert_eq!(stats.optimal_cost, None);
}

#[test]
fn generated_maps_keep_costs_and_put_the_ends_near_the_corners() {
    let mut s = session("...\n...");
    let mut grid = s.grid().clone();
    grid.set_costs(crate::grid::TerrainCosts::whole(2, 3, 9))
        .unwrap();
    s.replace_grid(grid);
    s.generate_random(40, 30, TerrainShares::ARTICLE, 7)
        .unwrap();
    assert_eq!((s.grid().width(), s.grid().height()), (40, 30));
    assert_eq!(s.grid().costs().swamp, 90);
    let (sx, sy) = s.grid().xy(s.start());
    let (gx, gy) = s.grid().xy(s.goal());
    assert!(sx <= 2 && sy <= 2, "start at ({sx}, {sy})");
    assert!(gx >= 37 && gy >= 27, "goal at ({gx}, {gy})");
    assert!(s.grid().is_passable(s.start()) && s.grid().is_passable(s.goal()));
    s.solve(&clock()).unwrap();
}

#[test]
fn mazes_and_rooms_connect_start_and_goal() {
    let mut s = session("...\n...");
    s.generate_maze(41, 31, 1, 0.1, 0.05, 3).unwrap();
    assert_eq!(s.solve(&clock()).unwrap().outcome, "found");
    assert!(s.grid().count(Terrain::Forest) > 0, "corridors sprinkled");
    s.generate_rooms(60, 40, 8, 0.0, 0.0, 3).unwrap();
    assert_eq!(s.solve(&clock()).unwrap().outcome, "found");
    assert!(s.generate_maze(41, 31, 1, 0.7, 0.7, 3).is_err());
    assert!(s.generate_rooms(0, 31, 8, 0.0, 0.0, 3).is_err());
    assert_eq!(s.grid().width(), 60, "refused generations keep the map");
}

#[test]
fn the_nearest_passable_cell_skips_walls() {
    let grid = Grid::from_ascii("##.\n#..\n..#").unwrap();
    let mut s = Session::new(grid, 2, 6).unwrap();
    s.place_ends_in_corners();
    assert_eq!(s.grid().xy(s.start()), (1, 1));
    assert_eq!(s.grid().xy(s.goal()), (2, 1));
}

#[test]
fn bad_shares_and_sizes_are_refused_and_change_nothing() {
    let mut s = session("...\n...");
    let too_much = TerrainShares {
        wall: 0.6,
        forest: 0.5,
        swamp: 0.0,
    };
    let err = s.generate_random(10, 10, too_much, 1).unwrap_err();
    assert!(err.to_string().contains("together at most 1"), "{err}");
    assert!(s.clear(0, 5).is_err());
    assert_eq!(s.grid().width(), 3);
    s.clear(8, 9).unwrap();
    assert_eq!((s.grid().width(), s.grid().height()), (8, 9));
    assert_eq!(s.grid().xy(s.goal()), (7, 8));
}

#[test]
fn end_cells_on_walls_or_outside_are_refused_with_a_message() {
    let mut s = session("..\n#.");
    assert_eq!(
        s.set_start(0, 1).unwrap_err().to_string(),
        "start (0, 1) is on a wall"
    );
    assert_eq!(
        s.set_goal(5, 0).unwrap_err().to_string(),
        "goal (5, 0) is outside the map"
    );
    assert_eq!(s.start(), 0);
}

#[test]
fn the_kept_curve_is_the_curve_of_the_map_and_path_shown_after_every_edit() {
    // Lesson 18's map: the session's curve (kept between calls) against one made afresh, after an edit
    // that leaves the smoothed path as it was and changes the curve, and after random edits.
    let rows = [
        "..............",
        "..............",
        "..#.##........",
        "....#........#",
        ".....#...###.#",
        "....#..#......",
        "........##....",
        "....#.#....#.#",
    ];
    let grid = Grid::from_ascii(&rows.join("\n")).unwrap();
    let mut s = Session::new(grid, 15, 6 * 14 + 12).unwrap();
    s.set_params(SearchParams {
        movement: crate::Movement::Eight(CornerRule::NoCut),
        heuristic: Heuristic::Octile,
        ..SearchParams::default()
    });
    s.solve(&clock()).unwrap();
    let first = s.curve().clone();
    assert_eq!(
        first.straight,
        vec![2],
        "the last piece stays straight: the walls below it"
    );
    // The wall under the last piece made plain: the same smoothed path, now curved all the way.
    let path = s.smoothed().to_vec();
    s.paint(9, 6, 0, Terrain::Plain);
    s.solve(&clock()).unwrap();
    assert_eq!(s.smoothed(), path.as_slice());
    let fresh = crate::curve::curve(s.grid(), s.smoothed());
    assert_eq!(*s.curve(), fresh);
    assert_ne!(*s.curve(), first);
    // Random edits after it: the kept curve is always the one made afresh.
    let mut rng = crate::rng::Rng::new(4);
    for _ in 0..60 {
        let (x, y) = (rng.below(14) as i64, rng.below(8) as i64);
        let terrain = [Terrain::Wall, Terrain::Plain, Terrain::Swamp][rng.below(3) as usize];
        s.paint(x, y, 0, terrain);
        s.solve(&clock()).unwrap();
        let fresh = crate::curve::curve(s.grid(), s.smoothed());
        assert_eq!(*s.curve(), fresh, "after painting ({x}, {y})");
        assert_eq!(*s.curve(), fresh, "asked again");
    }
}

#[test]
fn a_curve_made_in_slices_goes_on_where_it_stopped_and_begins_again_on_an_edited_map() {
    // A serpentine of one-cell corridors on 121 × 121 cells: a smoothed path with a corner at every bend,
    // whose curve has tens of thousands of sample points (a slice below makes some 12,000).
    let (w, h) = (121u32, 121u32);
    let mut grid = Grid::new(w, h).unwrap();
    for y in (1..h).step_by(2) {
        let gap = if y % 4 == 1 { w - 1 } else { 0 };
        for x in (0..w).filter(|&x| x != gap) {
            grid.set_terrain(y * w + x, Terrain::Wall);
        }
    }
    let ticking = {
        let now = std::cell::Cell::new(0.0);
        move || {
            now.set(now.get() + 1.0);
            now.get()
        }
    };
    let slices_to_curve = |s: &mut Session, edit_after: Option<u32>| {
        let mut slices = 1;
        while !s.curve_for(3.0, &ticking) {
            if edit_after == Some(slices) {
                // Swamp beside the first corridor: the curve's pieces along it now cross dearer terrain.
                s.paint(3, 0, 0, Terrain::Swamp);
                assert!(!s.curve_ready());
            }
            slices += 1;
            assert!(slices < 1000, "the curve is never made");
        }
        assert!(s.curve_ready());
        slices
    };
    let mut s = Session::new(grid.clone(), 0, (h - 1) * w).unwrap();
    s.solve(&clock()).unwrap();
    assert!(
        !s.curve_ready(),
        "a solve without a deadline leaves the curve"
    );
    let slices = slices_to_curve(&mut s, None);
    assert!(slices > 2, "{slices} slices");
    let fresh = crate::curve::curve(s.grid(), s.smoothed());
    assert_eq!(*s.curve(), fresh);
    // Again, with an edit after the second slice: the curve is made again for the edited map.
    let mut s = Session::new(grid, 0, (h - 1) * w).unwrap();
    s.solve(&clock()).unwrap();
    slices_to_curve(&mut s, Some(2));
    let fresh = crate::curve::curve(s.grid(), s.smoothed());
    assert_eq!(*s.curve(), fresh);
    assert!(!fresh.straight.is_empty(), "the swamp puts pieces straight");
}
