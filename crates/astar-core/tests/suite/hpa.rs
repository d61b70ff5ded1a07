//! HPA* against the reference Dijkstra on seeded random maps (terrain and uniform cost, every movement
//! and corner rule, cluster sizes from 2 up): the path is a chain of legal moves that costs what HPA*
//! reports, never less than the optimum, and the goal is reported unreachable exactly when it is. After
//! random edits, the incrementally rebuilt abstract graph equals one built from scratch. Every path the
//! graph caches is a chain of moves inside its cluster costing its table entry, and refinement copies
//! them, one abstract edge per step, expanding nothing.

use crate::common;

use astar_core::generate::{self, TerrainShares};
use astar_core::movement::DIRECTIONS;
use astar_core::rng::Rng;
use astar_core::search::hpa::{self, AbstractGraph, Hpa};
use astar_core::search::{SearchError, Step, Stepper};
use astar_core::{Algorithm, Cost, Grid, Movement, Outcome, SearchParams, Terrain};
use common::{dijkstra, path_cost, random_problem, uniform, MOVEMENTS};

const SEEDS: u64 = 150;

fn params(movement: Movement, cluster_size: Option<u32>) -> SearchParams {
    SearchParams {
        algorithm: Algorithm::Hpa,
        movement,
        cluster_size,
        ..SearchParams::default()
    }
}

#[test]
fn paths_are_legal_never_below_the_optimum_and_found_exactly_when_one_exists() {
    let mut rng = Rng::new(13);
    let mut found = 0;
    for seed in 0..SEEDS {
        let problem = random_problem(seed);
        let grid = match seed % 2 {
            0 => problem.grid.clone(),
            _ => uniform(&problem.grid),
        };
        let largest = grid.width().max(grid.height());
        let k = [None, Some(2), Some(3), Some(2 + rng.below(largest - 1))][(seed % 4) as usize];
        let mut hpa = Hpa::new();
        for movement in MOVEMENTS {
            let p = params(movement, k);
            let context = format!("seed {seed} {movement:?} cluster {k:?}");
            let result = hpa
                .solve(&grid, &p, problem.start, problem.goal)
                .unwrap_or_else(|e| panic!("{context}: {e}"));
            match dijkstra(&grid, movement, problem.start, problem.goal) {
                None => assert_eq!(result.outcome, Outcome::Unreachable, "{context}"),
                Some(optimum) => {
                    assert_eq!(result.outcome, Outcome::Found, "{context}");
                    assert_eq!(result.path.last(), Some(&problem.goal), "{context}");
                    let cost = path_cost(&grid, movement, problem.start, &result.path);
                    assert_eq!(cost, result.cost, "{context}: reported cost");
                    assert!(cost >= optimum, "{context}: cheaper than the optimum");
                    assert!(
                        hpa.refined_cost() >= cost,
                        "{context}: smoothing made it dearer"
                    );
                    found += 1;
                }
            }
        }
    }
    assert!(found > SEEDS as usize, "only {found} problems had a path");
}

#[test]
fn incremental_rebuild_after_random_edits_equals_a_full_build() {
    let terrains = [
        Terrain::Wall,
        Terrain::Plain,
        Terrain::Forest,
        Terrain::Swamp,
    ];
    let mut rng = Rng::new(99);
    for seed in 0..60 {
        let mut grid = random_problem(500 + seed).grid;
        let movement = MOVEMENTS[(seed % 4) as usize];
        let k = 2 + rng.below(9);
        let mut graph = AbstractGraph::build(&grid, movement, k);
        for round in 0..6 {
            let edits = 1 + rng.below(12);
            for _ in 0..edits {
                let cell = rng.below(grid.len() as u32);
                grid.set_terrain(cell, terrains[rng.below(4) as usize]);
            }
            let update = graph.update(&grid, movement, k);
            assert!(!update.full);
            let (cx, cy) = graph.cluster_counts();
            assert!(update.clusters_rebuilt <= cx * cy);
            let fresh = AbstractGraph::build(&grid, movement, k);
            assert!(
                graph == fresh,
                "seed {seed} round {round} {movement:?} cluster {k}: the rebuilt graph differs"
            );
        }
    }
}

#[test]
fn an_edit_rebuilds_only_the_clusters_around_it() {
    let mut grid = Grid::new(64, 64).unwrap();
    let movement = Movement::default();
    let mut graph = AbstractGraph::build(&grid, movement, 8);
    grid.set_terrain(grid.cell(20, 20), Terrain::Wall);
    let update = graph.update(&grid, movement, 8);
    assert_eq!(update.clusters_touched, 1);
    // The cell is inside its cluster, away from the borders: only that cluster's costs change.
    assert_eq!(update.clusters_rebuilt, 1);
    // A wall on a border cell moves that entrance's transitions: the neighbour is rebuilt too.
    grid.set_terrain(grid.cell(23, 28), Terrain::Wall);
    let update = graph.update(&grid, movement, 8);
    assert_eq!(update.clusters_touched, 1);
    assert_eq!(update.clusters_rebuilt, 2);
    assert_eq!(graph.update(&grid, movement, 8).clusters_rebuilt, 0);
}

#[test]
fn a_cluster_size_below_2_or_above_the_map_is_refused_with_a_sentence() {
    let grid = Grid::new(30, 12).unwrap();
    let mut hpa = Hpa::new();
    for k in [0, 1, 31, 1000] {
        let err = hpa
            .begin(&grid, &params(Movement::default(), Some(k)), 0, 5)
            .unwrap_err();
        let SearchError::Unsupported(why) = err else {
            panic!("{k}: {err:?}")
        };
        let why = why.to_string();
        assert!(why.contains(&format!("cluster size {k}")), "{why}");
        assert!(why.contains("from 2 to 30"), "{why}");
    }
    for k in [2, 30] {
        hpa.begin(&grid, &params(Movement::default(), Some(k)), 0, 5)
            .unwrap();
    }
}

#[test]
fn a_graph_built_in_pieces_equals_one_built_at_once_on_the_map_as_it_is_after_edits_between() {
    let mut rng = Rng::new(29);
    let mut stopped = 0;
    for seed in 0..40 {
        let problem = random_problem(seed);
        let mut grid = problem.grid.clone();
        let movement = MOVEMENTS[seed as usize % MOVEMENTS.len()];
        let largest = grid.width().max(grid.height());
        let k = 2 + rng.below(largest.clamp(2, 12) - 1);
        let mut building = hpa::GraphBuild::new(&grid, movement, k);
        let mut pieces = 0;
        let cell = rng.below(grid.len() as u32);
        let was = grid.terrain(cell);
        let edit = if was == Terrain::Wall {
            Terrain::Plain
        } else {
            Terrain::Wall
        };
        // Stopped at every look at the clock: the most pieces a build can be cut into. Between pieces,
        // on a third of the maps a cell is painted; on another third it is painted and, a piece later,
        // put back (a change no comparison at the end would see).
        while !building.advance(&grid, &mut || true) {
            pieces += 1;
            match (seed % 3, pieces) {
                (1 | 2, 1) => grid.set_terrain(cell, edit),
                (2, 2) => grid.set_terrain(cell, was),
                _ => {}
            }
        }
        let graph = building.finish();
        assert_eq!(
            graph,
            AbstractGraph::build(&grid, movement, k),
            "seed {seed}, K {k}, {pieces} pieces"
        );
        stopped += usize::from(pieces > 0);
    }
    // A build looks at the clock every 16 clusters: maps of fewer clusters are built at once.
    assert!(stopped >= 25, "{stopped} of 40 builds were cut into pieces");
}

#[test]
fn check_answers_what_begin_would_without_building_the_graph() {
    let wall_at = 3;
    let mut grid = Grid::new(30, 12).unwrap();
    grid.set_terrain(wall_at, Terrain::Wall);
    let big = Grid::new(2048, 2048).unwrap();
    let cases: Vec<(&Grid, Option<u32>, u32)> = vec![
        (&grid, None, 5),
        (&grid, Some(2), 5),
        (&grid, Some(1), 5),
        (&grid, Some(31), 5),
        (&grid, None, wall_at),
        (&grid, None, 30 * 12),
        (&big, Some(2), 5),
        (&big, Some(64), 5),
    ];
    for (map, k, goal) in cases {
        let asked = params(Movement::default(), k);
        let checked = Hpa::new().check(map, &asked, 0, goal);
        let begun = Hpa::new().begin(map, &asked, 0, goal);
        assert_eq!(checked, begun, "K {k:?}, goal {goal}");
    }
    // Asking builds nothing; beginning does.
    let mut engine = Hpa::new();
    engine
        .check(&grid, &params(Movement::default(), None), 0, 5)
        .unwrap();
    assert!(engine.graph().is_none());
    engine
        .begin(&grid, &params(Movement::default(), None), 0, 5)
        .unwrap();
    assert!(engine.graph().is_some());
}

/// Maps of every kind the page makes, and the test's random ones (with and without terrain costs).
fn maps_for_the_memory_bound() -> Vec<(String, Grid)> {
    let walls = TerrainShares {
        wall: 0.3,
        forest: 0.2,
        swamp: 0.1,
    };
    let mut maps = vec![
        ("open 200 x 120".to_string(), Grid::new(200, 120).unwrap()),
        (
            "random 160".to_string(),
            generate::random_terrain(160, 160, walls, 5).unwrap(),
        ),
        (
            "maze 150".to_string(),
            generate::maze(150, 150, 1, 5).unwrap(),
        ),
        (
            "rooms 180".to_string(),
            generate::rooms(180, 180, 12, 5).unwrap(),
        ),
    ];
    for seed in 0..20 {
        let grid = random_problem(seed).grid;
        maps.push((format!("seed {seed}, uniform"), uniform(&grid)));
        maps.push((format!("seed {seed}"), grid));
    }
    maps
}

#[test]
fn the_memory_bound_is_never_below_the_graph_built() {
    let mut tightest = f64::MAX;
    for (name, grid) in maps_for_the_memory_bound() {
        let largest = grid.width().max(grid.height());
        for movement in MOVEMENTS {
            for k in [2, 3, 5, 8, 16, 33, largest] {
                let built = AbstractGraph::build(&grid, movement, k).memory_bytes();
                let bound = AbstractGraph::memory_bound(&grid, movement, k);
                assert!(
                    bound >= built,
                    "{name} {movement:?} K = {k}: bound {bound} < built {built}"
                );
                tightest = tightest.min(bound as f64 / built as f64);
            }
        }
    }
    // Not so loose that it says nothing: at best within a few per cent of the graph.
    assert!(
        tightest < 1.2,
        "the bound is at least {tightest:.2} times the graph"
    );
}

#[test]
fn a_cluster_size_whose_graph_would_be_too_large_is_refused_before_building_naming_one_that_fits() {
    let grid = Grid::new(2048, 2048).unwrap();
    let movement = Movement::default();
    assert!(AbstractGraph::memory_bound(&grid, movement, 2) > hpa::MAX_GRAPH_BYTES);
    let mut engine = Hpa::new();
    let err = engine
        .begin(&grid, &params(movement, Some(2)), 0, 5)
        .unwrap_err();
    let SearchError::Unsupported(why) = err else {
        panic!("{err:?}")
    };
    let why = why.to_string();
    assert!(why.starts_with("HPA* cluster size 2 needs up to "), "{why}");
    assert!(
        why.contains(" MiB for its abstract graph on this 2048 x 2048 map, more than the 256 MiB allowed: the smallest cluster size that fits is "),
        "{why}"
    );
    assert!(engine.graph().is_none(), "nothing was built");
    // The size named fits, the one below it does not.
    let k: u32 = why.rsplit(' ').next().unwrap().parse().unwrap();
    let fits = |k: u32| AbstractGraph::memory_bound(&grid, movement, k) <= hpa::MAX_GRAPH_BYTES;
    assert!(fits(k) && !fits(k - 1), "{k}");
    let asked = params(movement, Some(k));
    assert_eq!(hpa::checked_cluster_size(&grid, &asked), Ok(k));
    // The default size on the largest map the page generates is allowed.
    let page = Grid::new(1024, 1024).unwrap();
    assert!(hpa::checked_cluster_size(&page, &params(movement, None)).is_ok());
}

#[test]
fn an_open_map_gives_a_short_abstract_search_and_a_nearly_optimal_path() {
    let grid = Grid::new(96, 96).unwrap();
    let (start, goal) = (grid.cell(2, 5), grid.cell(90, 80));
    let mut hpa = Hpa::new();
    let movement = Movement::default();
    let result = hpa
        .solve(&grid, &params(movement, Some(16)), start, goal)
        .unwrap();
    let optimum = dijkstra(&grid, movement, start, goal).unwrap();
    assert!(result.cost as f64 <= optimum as f64 * 1.01, "{result:?}");
    let abstract_expanded = hpa
        .details()
        .iter()
        .find(|d| d.key == "abstract-expanded")
        .unwrap()
        .value;
    assert!(abstract_expanded < 60.0, "{abstract_expanded}");
}

#[test]
fn a_squeeze_between_two_walls_at_a_cluster_corner_is_a_transition_when_the_rule_allows_it() {
    // With 2 × 2 clusters the only way on is the diagonal (1,1) → (2,2) where four clusters meet.
    let grid = Grid::from_ascii(
        "..#.\n\
         ..#.\n\
         ##..\n\
         ##..",
    )
    .unwrap();
    let (start, goal) = (grid.cell(0, 0), grid.cell(3, 3));
    for movement in MOVEMENTS {
        let result = Hpa::new()
            .solve(&grid, &params(movement, Some(2)), start, goal)
            .unwrap();
        let expected = match dijkstra(&grid, movement, start, goal) {
            Some(_) => Outcome::Found,
            None => Outcome::Unreachable,
        };
        assert_eq!(result.outcome, expected, "{movement:?}");
    }
    let always_cut = Movement::Eight(astar_core::CornerRule::AlwaysCut);
    assert!(dijkstra(&grid, always_cut, start, goal).is_some());
}

#[test]
fn every_cached_path_is_a_chain_of_moves_inside_its_cluster_costing_the_table() {
    for seed in 0..40 {
        let problem = random_problem(700 + seed);
        let grid = match seed % 2 {
            0 => problem.grid.clone(),
            _ => uniform(&problem.grid),
        };
        let movement = MOVEMENTS[(seed % 4) as usize];
        let k = 2 + (seed as u32 % 7);
        let graph = AbstractGraph::build(&grid, movement, k);
        let width = grid.width() as i64;
        let mut checked = 0;
        for (c, cluster) in graph.clusters.iter().enumerate() {
            let rect = graph.rect(c);
            let n = cluster.nodes.len();
            for (i, &from) in cluster.nodes.iter().enumerate() {
                for (j, &to) in cluster.nodes.iter().enumerate() {
                    let moves = cluster.path_moves(i, j);
                    let cost = cluster.dist[i * n + j];
                    let context = format!("seed {seed} {movement:?} cluster {c}: {from} -> {to}");
                    if i == j || cost == Cost::MAX {
                        assert!(moves.is_empty(), "{context}");
                        continue;
                    }
                    let mut cells = vec![from];
                    for &dir in moves {
                        let (dx, dy) = DIRECTIONS[dir as usize];
                        let at = *cells.last().unwrap() as i64 + dy as i64 * width + dx as i64;
                        cells.push(at as u32);
                    }
                    assert_eq!(cells.last(), Some(&to), "{context}");
                    assert!(
                        cells.iter().all(|&cell| {
                            let (x, y) = grid.xy(cell);
                            rect.contains(x, y)
                        }),
                        "{context}: leaves the cluster"
                    );
                    // path_cost checks each move against the map's moves (a wrap across a row's end
                    // or an illegal corner fails it).
                    assert_eq!(path_cost(&grid, movement, from, &cells), cost, "{context}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 0, "seed {seed}: no pair of nodes");
    }
}

#[test]
fn refinement_expands_nothing_and_reveals_one_abstract_edge_per_step() {
    // Three rooms joined by doors: the abstract path crosses several clusters.
    let grid = Grid::from_ascii(
        "..........#..........#..........\n\
         ..........#..........#..........\n\
         ..........#..........#..........\n\
         .....................#..........\n\
         ..........#..........#..........\n\
         ..........#..........#..........\n\
         ..........#.....................\n\
         ..........#..........#..........",
    )
    .unwrap();
    let (start, goal) = (grid.cell(0, 0), grid.cell(31, 7));
    let movement = Movement::default();
    let mut hpa = Hpa::new();
    hpa.begin(&grid, &params(movement, Some(4)), start, goal)
        .unwrap();
    let (mut abstract_steps, mut refinement_steps) = (0, 0);
    loop {
        // The step that expands the goal is the last abstract one: it sets the abstract path.
        let abstract_phase = hpa.abstract_path().is_empty();
        match hpa.step(&grid) {
            Step::Expanded(_) if abstract_phase => abstract_steps += 1,
            Step::Expanded(_) => refinement_steps += 1,
            Step::Done(outcome) => {
                assert_eq!(outcome, Outcome::Found);
                break;
            }
        }
    }
    let detail = |key: &str| {
        hpa.details()
            .iter()
            .find(|d| d.key == key)
            .unwrap_or_else(|| panic!("no {key}"))
            .value as u64
    };
    let path = hpa.abstract_path().to_vec();
    let graph = hpa.graph().unwrap();
    let inside = path
        .windows(2)
        .filter(|pair| graph.cluster_of(pair[0]) == graph.cluster_of(pair[1]))
        .count() as u64;
    assert!(inside >= 3, "{path:?}");
    assert_eq!(refinement_steps, inside);
    assert_eq!(detail("refined-segments"), inside);
    assert_eq!(detail("abstract-expanded"), abstract_steps);
    // Every step counts, so that stepping `expanded` times shows the search finished.
    assert_eq!(hpa.counters().expanded, abstract_steps + refinement_steps);
    let cost = path_cost(&grid, movement, start, hpa.path());
    assert_eq!(cost, hpa.path_cost());
    assert!(hpa.refined_cost() >= cost);
}
