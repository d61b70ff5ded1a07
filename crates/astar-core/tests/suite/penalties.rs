//! The wall-hugging penalty and watchers' danger (`penalty.rs`) against the independent references in
//! `common`, whose `entry_tenths` prices a cell from the definitions (eight neighbours, discs) and not from
//! the grid's levels:
//! - every algorithm the registry says prices penalties finds a legal path that costs what it reports,
//!   the optimum when it is optimal, within w of it when weighted; every other one refuses with
//!   `Unmet::NoPenalties` exactly when a cell has an extra;
//! - the levels a grid keeps through terrain edits are those a grid built afresh has;
//! - the penalty changes the path's look, not whether there is one.

use crate::common;

use astar_core::penalty::{Penalties, Watcher};
use astar_core::rng::Rng;
use astar_core::search::registry::{self, Unmet, ALGORITHMS};
use astar_core::search::Stepper;
use astar_core::{
    Algorithm, Grid, Heuristic, Movement, Outcome, SearchParams, Terrain, TieBreak, Weight,
};
use common::{dijkstra, entry_tenths, path_cost, random_problem, MOVEMENTS};

const SEEDS: u64 = 160;

/// Random penalties for a `width` × `height` map: a hugging penalty (0 to 1) on most seeds, 0 to 4
/// watchers with radii 1 to 8 and a danger of 0.1 to 5 on most others.
fn random_penalties(rng: &mut Rng, width: u32, height: u32) -> Penalties {
    let watchers = (0..rng.below(5))
        .map(|_| Watcher {
            x: rng.below(width),
            y: rng.below(height),
            radius: 1 + rng.below(8),
        })
        .collect();
    Penalties {
        hug_tenths: rng.below(11) as u16,
        danger_tenths: 1 + rng.below(50) as u16,
        watchers,
        turn_tenths: 0,
    }
}

fn params(algorithm: Algorithm, movement: Movement) -> SearchParams {
    SearchParams {
        algorithm,
        heuristic: Heuristic::best_admissible(movement),
        movement,
        ..SearchParams::default()
    }
}

#[test]
fn every_algorithm_prices_penalties_as_the_reference_does_or_refuses() {
    let mut optimal_checked = 0u32;
    let mut priced = 0u32;
    let mut refused = 0u32;
    let mut engines: Vec<Box<dyn Stepper>> = ALGORITHMS
        .iter()
        .map(|info| astar_core::search::make(info.algorithm))
        .collect();
    for seed in 0..SEEDS {
        let mut problem = random_problem(seed);
        let mut rng = Rng::new(seed ^ 0xdead_beef);
        let penalties = random_penalties(&mut rng, problem.grid.width(), problem.grid.height());
        problem.grid.set_penalties(penalties).unwrap();
        let grid = &problem.grid;
        for movement in MOVEMENTS {
            let optimum = dijkstra(grid, movement, problem.start, problem.goal);
            for (info, engine) in ALGORITHMS.iter().zip(&mut engines) {
                let context = format!("{} seed {seed} {movement:?}", info.name);
                let mut p = params(info.algorithm, movement);
                let unmet = registry::unmet(info.algorithm, grid, movement);
                let refuses = !info.prices_penalties && grid.penalised_cells() > 0;
                assert_eq!(unmet.contains(&Unmet::NoPenalties), refuses, "{context}");
                if !unmet.is_empty() {
                    assert!(
                        engine.begin(grid, &p, problem.start, problem.goal).is_err(),
                        "{context}"
                    );
                    refused += refuses as u32;
                    continue;
                }
                if !info.prices_penalties {
                    continue; // no cell has an extra: nothing of this file's to check
                }
                if info.uses_weight && seed % 2 == 1 {
                    p.weight = Weight::new(1.5).unwrap();
                }
                let result = engine.solve(grid, &p, problem.start, problem.goal).unwrap();
                let Some(best) = optimum else {
                    assert_eq!(result.outcome, Outcome::Unreachable, "{context}");
                    continue;
                };
                assert_eq!(result.outcome, Outcome::Found, "{context}");
                let cost = path_cost(grid, movement, problem.start, &result.path);
                assert_eq!(cost, result.cost, "{context}: the cost reported");
                priced += 1;
                if info.algorithm == Algorithm::Bfs || info.algorithm == Algorithm::Greedy {
                    continue; // fewest moves and no promise: a legal path is all they owe
                }
                let w = p.weight.get();
                if info.optimal && w <= 1.0 {
                    assert_eq!(result.cost, best, "{context}: not optimal");
                    optimal_checked += 1;
                } else {
                    assert!(
                        result.cost as f64 <= w * best as f64 * (1.0 + 1e-12),
                        "{context}: {} over {w} × {best}",
                        result.cost
                    );
                }
            }
        }
    }
    eprintln!(
        "penalties: {priced} paths priced as the reference, {optimal_checked} equal to its optimum, {refused} refusals"
    );
    assert!(optimal_checked > 1_500, "{optimal_checked}");
    assert!(refused > 1_000, "{refused}");
}

#[test]
fn levels_kept_through_edits_are_those_of_a_map_built_afresh() {
    for seed in 0..60 {
        let mut problem = random_problem(seed);
        let mut rng = Rng::new(seed);
        let (width, height) = (problem.grid.width(), problem.grid.height());
        let penalties = random_penalties(&mut rng, width, height);
        problem.grid.set_penalties(penalties.clone()).unwrap();
        let grid = &mut problem.grid;
        for _ in 0..100 {
            let cell = rng.below(grid.len() as u32);
            let terrain = Terrain::ALL[rng.below(Terrain::ALL.len() as u32) as usize];
            grid.set_terrain(cell, terrain);
        }
        let mut afresh =
            Grid::from_terrain(width, height, grid.terrain_slice().to_vec(), grid.costs()).unwrap();
        afresh.set_penalties(penalties).unwrap();
        assert_eq!(
            grid.bordered_levels(),
            afresh.bordered_levels(),
            "seed {seed}"
        );
        assert_eq!(
            grid.penalised_cells(),
            afresh.penalised_cells(),
            "seed {seed}"
        );
        assert_eq!(
            grid.dearest_tenths(),
            afresh.dearest_tenths(),
            "seed {seed}"
        );
        assert_eq!(
            grid.dearest_extra_tenths(),
            dearest_extra(grid),
            "seed {seed}"
        );
        for cell in 0..grid.len() as u32 {
            if grid.is_passable(cell) {
                assert_eq!(
                    grid.cost_tenths(cell),
                    entry_tenths(grid, cell),
                    "seed {seed} cell {:?}",
                    grid.xy(cell)
                );
            }
        }
    }
}

/// The dearest extra of any passable cell, from the reference's pricing.
fn dearest_extra(grid: &Grid) -> u16 {
    (0..grid.len() as u32)
        .filter(|&cell| grid.is_passable(cell))
        .map(|cell| entry_tenths(grid, cell) - grid.costs().tenths(grid.terrain(cell)))
        .max()
        .unwrap_or(0)
}

#[test]
fn a_hugging_penalty_dearer_than_the_danger_keeps_every_tie_break_optimal() {
    // With hug above danger, a cell beside a wall under one watcher (level 3) costs more than a cell in
    // the open under two (level 4): the dearest extra is not the highest level's. The higher-g tie-break
    // orders by g_ceiling - g, which must not go below zero.
    let mut checked = 0;
    for seed in 0..80 {
        let mut problem = random_problem(seed);
        let (width, height) = (problem.grid.width(), problem.grid.height());
        let mut rng = Rng::new(seed ^ 0x600d);
        let watchers = (0..2 + rng.below(3))
            .map(|_| Watcher {
                x: rng.below(width),
                y: rng.below(height),
                radius: 2 + rng.below(6),
            })
            .collect();
        let penalties = Penalties {
            hug_tenths: 10,
            danger_tenths: 1 + rng.below(9) as u16,
            watchers,
            turn_tenths: 0,
        };
        problem.grid.set_penalties(penalties).unwrap();
        let grid = &problem.grid;
        assert_eq!(
            grid.dearest_extra_tenths(),
            dearest_extra(grid),
            "seed {seed}"
        );
        for movement in MOVEMENTS {
            let optimum = dijkstra(grid, movement, problem.start, problem.goal);
            for tie_break in [TieBreak::HigherG, TieBreak::LowerH, TieBreak::LastIn] {
                for algorithm in [Algorithm::AStar, Algorithm::Dijkstra] {
                    let mut p = params(algorithm, movement);
                    p.tie_break = tie_break;
                    let result = astar_core::Search::new()
                        .solve(grid, &p, problem.start, problem.goal)
                        .unwrap();
                    assert_eq!(
                        (result.outcome == Outcome::Found).then_some(result.cost),
                        optimum,
                        "seed {seed} {movement:?} {tie_break:?} {algorithm:?}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 80 * 4 * 3 * 2);
}

#[test]
fn the_hugging_penalty_moves_the_path_off_the_wall_and_keeps_it() {
    // A room with a pillar: without the penalty the shortest route brushes the pillar; with it, the path
    // keeps a cell away, for a little more length.
    let mut grid = Grid::from_ascii(
        "
        ...........
        ...........
        .....#.....
        .....#.....
        .....#.....
        ...........
        ...........",
    )
    .unwrap();
    let (start, goal) = (grid.cell(0, 3), grid.cell(10, 3));
    let p = params(Algorithm::AStar, Movement::Eight(Default::default()));
    let beside = |grid: &Grid, path: &[u32]| {
        let mut probe = grid.clone();
        probe
            .set_penalties(Penalties {
                hug_tenths: 10,
                ..Penalties::default()
            })
            .unwrap();
        path.iter().filter(|&&c| probe.extra_tenths(c) > 0).count()
    };
    let plain = astar_core::Search::new()
        .solve(&grid, &p, start, goal)
        .unwrap();
    grid.set_penalties(Penalties {
        hug_tenths: 10,
        ..Penalties::default()
    })
    .unwrap();
    let hugging = astar_core::Search::new()
        .solve(&grid, &p, start, goal)
        .unwrap();
    assert_eq!(hugging.outcome, Outcome::Found);
    assert!(
        beside(&grid, &plain.path) > 0,
        "the shortest route brushes the pillar"
    );
    assert_eq!(
        beside(&grid, &hugging.path),
        0,
        "the penalised route keeps off it"
    );
    let unpenalised = |path: &[u32]| {
        let mut bare = grid.clone();
        bare.set_penalties(Penalties::default()).unwrap();
        path_cost(&bare, p.movement, start, path)
    };
    assert_eq!(unpenalised(&plain.path), plain.cost);
    let longer = unpenalised(&hugging.path) - plain.cost;
    assert!(
        longer > 0 && longer < 2 * astar_core::COST_SCALE,
        "a detour of {longer}"
    );
}

#[test]
fn a_map_with_penalties_but_no_penalised_cell_refuses_nothing() {
    let mut grid = Grid::new(6, 4).unwrap();
    grid.set_penalties(Penalties {
        hug_tenths: 5,
        ..Penalties::default()
    })
    .unwrap();
    assert_eq!(grid.penalised_cells(), 0, "no wall: nothing to hug");
    let movement = Movement::Eight(Default::default());
    assert!(registry::unmet(Algorithm::Jps, &grid, movement).is_empty());
    grid.set_terrain(grid.cell(2, 2), Terrain::Wall);
    assert_eq!(grid.penalised_cells(), 8);
    assert_eq!(
        registry::unmet(Algorithm::Jps, &grid, movement),
        [Unmet::NoPenalties]
    );
    let why = registry::refusal(Algorithm::Hpa, &[Unmet::NoPenalties])
        .unwrap()
        .to_string();
    assert_eq!(
        why,
        "HPA* cannot price the map's penalties (wall hugging, watchers' danger, turns): turn them off to use it"
    );
}

#[test]
fn d_star_lite_does_not_repair_across_an_edit_that_gives_a_cell_a_penalty() {
    use astar_core::search::{DStarLite, SearchError};
    // A hugging penalty on a map without walls penalises nothing: D* Lite searches it.
    let mut grid = Grid::new(12, 8).unwrap();
    grid.set_penalties(Penalties {
        hug_tenths: 10,
        ..Penalties::default()
    })
    .unwrap();
    let p = params(Algorithm::DStarLite, Movement::Eight(Default::default()));
    let (start, goal) = (grid.cell(0, 4), grid.cell(11, 4));
    let mut engine = DStarLite::new();
    assert_eq!(
        engine.solve(&grid, &p, start, goal).unwrap().outcome,
        Outcome::Found
    );
    // A wall painted: its neighbours now cost more, which D* Lite's repair would not see.
    grid.set_terrain(grid.cell(6, 4), Terrain::Wall);
    assert_eq!(engine.repair(&grid), Ok(false), "no repair: begin again");
    let refused = engine.begin(&grid, &p, start, goal);
    assert!(
        matches!(&refused, Err(SearchError::Unsupported(why)) if why.to_string().contains("cannot price")),
        "{refused:?}"
    );
}

/// Seed 003's map, in miniature: a short way past a watcher and a long way round.
fn watched_short_way() -> (Grid, u32, u32) {
    let mut grid = Grid::from_ascii(
        "
        #########
        #.......#
        #.#####.#
        #.#####.#
        #.......#
        #########",
    )
    .unwrap();
    grid.set_penalties(Penalties {
        hug_tenths: 0,
        danger_tenths: 50,
        watchers: vec![Watcher {
            x: 4,
            y: 1,
            radius: 1,
        }],
        turn_tenths: 0,
    })
    .unwrap();
    let (start, goal) = (grid.cell(1, 1), grid.cell(7, 1));
    (grid, start, goal)
}

#[test]
fn danger_in_h_loses_the_optimum_that_danger_as_a_cost_keeps() {
    use astar_core::session::Session;
    let (grid, start, goal) = watched_short_way();
    let mut p = params(Algorithm::AStar, Movement::Four);
    // As a cost: the long way round, 12 steps, is cheaper than 6 steps with three watched cells (6 + 15).
    let as_cost = astar_core::Search::new()
        .solve(&grid, &p, start, goal)
        .unwrap();
    assert_eq!(as_cost.cost_f64(), 12.0);
    // In h: no watched cell's f (g + h + 5 = 11) reaches the long way's 12, so A* takes the short way;
    // priced with the danger, it costs 21.
    p.danger_in_h = true;
    let in_h = astar_core::Search::new()
        .solve(&grid, &p, start, goal)
        .unwrap();
    assert_eq!(in_h.path.len(), 7, "the short way");
    let true_cost = astar_core::search::validate::grid_path_cost(&grid, p.movement, &in_h.path);
    assert_eq!(true_cost.map(astar_core::cost::to_f64), Ok(21.0));
    // The session prices it so, and says how far over the optimum and that h is not admissible.
    let mut session = Session::new(grid, start, goal).unwrap();
    session.set_params(p);
    let stats = session.solve(&|| 0.0).unwrap();
    assert_eq!(stats.cost, Some(21.0));
    assert_eq!(stats.over_optimal, Some(21.0 / 12.0 - 1.0));
    assert_eq!(stats.bound, astar_core::bound::Bound::NotAdmissible);
    // The w sweep prices its rows the same way: at w = 1, the same 21 and +75%.
    let rows = session.sweep(&[1.0]).unwrap();
    assert_eq!(
        (rows[0].cost, rows[0].over_optimal),
        (Some(21.0), Some(21.0 / 12.0 - 1.0))
    );
    // Without watchers the setting changes nothing.
    let mut bare = Grid::from_ascii("....\n.#..\n....").unwrap();
    bare.set_penalties(Penalties {
        hug_tenths: 5,
        ..Penalties::default()
    })
    .unwrap();
    let with = astar_core::Search::new().solve(&bare, &p, 0, 11).unwrap();
    p.danger_in_h = false;
    let without = astar_core::Search::new().solve(&bare, &p, 0, 11).unwrap();
    assert_eq!(with, without);
}

#[test]
fn danger_in_h_finds_legal_paths_never_below_the_optimum_and_sometimes_above() {
    let (mut worse, mut checked) = (0, 0);
    for seed in 0..SEEDS {
        let mut problem = random_problem(seed);
        let mut rng = Rng::new(seed ^ 0x0003);
        let (width, height) = (problem.grid.width(), problem.grid.height());
        let mut penalties = random_penalties(&mut rng, width, height);
        penalties.danger_tenths = 20 + rng.below(80) as u16;
        problem.grid.set_penalties(penalties).unwrap();
        let grid = &problem.grid;
        for movement in MOVEMENTS {
            let Some(best) = dijkstra(grid, movement, problem.start, problem.goal) else {
                continue;
            };
            let mut p = params(Algorithm::AStar, movement);
            p.danger_in_h = true;
            let r = astar_core::Search::new()
                .solve(grid, &p, problem.start, problem.goal)
                .unwrap();
            assert_eq!(r.outcome, Outcome::Found, "seed {seed} {movement:?}");
            let cost = path_cost(grid, movement, problem.start, &r.path);
            assert!(cost >= best, "seed {seed} {movement:?}");
            worse += (cost > best) as u32;
            checked += 1;
        }
    }
    eprintln!("danger in h: {worse} of {checked} paths above the optimum");
    assert!(worse > 10, "{worse} of {checked}");
}
