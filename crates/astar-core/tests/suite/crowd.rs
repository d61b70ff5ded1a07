//! The game scene's promises, over seeded random scenes: units never stand in a wall (inflated by their
//! radius) nor cross a blocked corner, edits included, on straight ways and on curves; the budget splits the work without changing the
//! paths served; the cache serves optimal ways; the flow field brings every unit of the goal's region
//! home; a cut budget makes the queue grow and the automatic w rise with it.

use astar_core::crowd::clearance::{point_clear, segment_clear};
use astar_core::crowd::{Budget, Planner, Scene, SceneConfig, UnitState};
use astar_core::generate::{random_terrain, TerrainShares};
use astar_core::rng::Rng;
use astar_core::search::{self, Outcome, Search};
use astar_core::{Grid, SearchParams, Terrain};

const NO_CLOCK: &dyn Fn() -> f64 = &|| 0.0;

fn map(seed: u64, terrain: bool) -> Grid {
    let shares = if terrain {
        TerrainShares::ARTICLE
    } else {
        TerrainShares {
            wall: 0.2,
            forest: 0.0,
            swamp: 0.0,
        }
    };
    random_terrain(48, 36, shares, seed).unwrap()
}

/// Paints a wall rectangle (or clears it to plain) at a random place.
fn random_edit(grid: &mut Grid, rng: &mut Rng) {
    let (x0, y0) = (rng.below(grid.width() - 6), rng.below(grid.height() - 6));
    let (w, h) = (1 + rng.below(6), 1 + rng.below(6));
    let terrain = if rng.below(3) == 0 {
        Terrain::Plain
    } else {
        Terrain::Wall
    };
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            grid.set_terrain(grid.cell(x, y), terrain);
        }
    }
}

#[test]
fn units_never_stand_in_a_wall_nor_cut_a_corner_edits_included() {
    let mut rng = Rng::new(11);
    for seed in 0..8u64 {
        let planner =
            [Planner::Astar, Planner::AutoW, Planner::Hpa, Planner::Flow][seed as usize % 4];
        let radius = [0.0, 0.4, 0.75, 1.2][(seed / 2) as usize % 4];
        let mut grid = map(seed, true);
        let config = SceneConfig {
            planner,
            radius,
            speed: 0.3,
            cache: seed % 3 == 0,
            seed,
            new_goal_on_arrival: true,
            // Half the scenes walk curves: each of their chords must be as clear as a straight way.
            curves: seed % 2 == 1,
        };
        let mut scene = Scene::new(&grid, config).unwrap();
        scene.add_random_units(40).unwrap();
        if planner == Planner::Flow {
            let goal = (0..grid.len() as u32).find(|&c| scene.is_free(c)).unwrap();
            scene.order(None, goal).unwrap();
        } else {
            scene.order_random(None);
        }
        let mut before = scene.positions().to_vec();
        for frame in 0..400 {
            let edited = frame % 60 == 59;
            if edited {
                random_edit(&mut grid, &mut rng);
                scene.set_map(&grid);
            }
            scene.advance(Budget::Expansions(300), NO_CLOCK);
            let after = scene.positions().to_vec();
            for (i, (old, new)) in before.chunks(2).zip(after.chunks(2)).enumerate() {
                let (a, b) = (
                    (old[0] as f64, old[1] as f64),
                    (new[0] as f64, new[1] as f64),
                );
                // f32 positions: a hair of tolerance.
                assert!(
                    point_clear(&grid, b, (radius - 1e-5).max(0.0)),
                    "seed {seed} frame {frame} unit {i} at {b:?} (r {radius})"
                );
                if !edited {
                    // Within a frame a unit may turn at a corner: the chord stays within a step of it.
                    let slack = (radius - config.speed).max(0.0);
                    assert!(
                        segment_clear(&grid, a, b, slack),
                        "seed {seed} frame {frame} unit {i} {a:?} -> {b:?}"
                    );
                }
            }
            before = after;
        }
        let totals = scene.totals();
        assert!(totals.served > 40, "seed {seed}: {totals:?}");
    }
}

#[test]
fn the_budget_splits_the_work_but_never_changes_a_served_path() {
    for (seed, planner, terrain) in [
        (1, Planner::Astar, true),
        (2, Planner::AutoW, true),
        (3, Planner::Jps, false),
        (4, Planner::JpsPlus, false),
        (5, Planner::Hpa, true),
    ] {
        let grid = map(seed, terrain);
        let config = SceneConfig {
            planner,
            radius: 0.5 * (seed % 2) as f64,
            seed,
            ..SceneConfig::default()
        };
        let mut scene = Scene::new(&grid, config).unwrap();
        scene.keep_served(true);
        scene.add_random_units(60).unwrap();
        scene.order_random(None);
        let mut spread = 0;
        for _ in 0..2000 {
            scene.advance(Budget::Expansions(7), NO_CLOCK);
            if scene.queue().is_empty() {
                break;
            }
        }
        assert!(scene.queue().is_empty(), "{planner:?}: the queue drained");
        for i in 0..60 {
            let log = scene.unit(i).unwrap().request.clone().unwrap();
            if log.slices.len() > 2 {
                spread += 1;
            }
        }
        assert!(
            spread > 10,
            "{planner:?}: searches spread over frames ({spread})"
        );
        let algorithm = planner.algorithm().unwrap();
        let mut engine = search::make(algorithm);
        let mut max_w: f64 = 1.0;
        for served in scene.served() {
            let params = scene.params(served.w);
            max_w = max_w.max(served.w);
            let result = engine
                .solve(scene.inflated(), &params, served.start, served.goal)
                .unwrap();
            if result.outcome == Outcome::Found {
                assert_eq!(result.path, served.path, "{planner:?} unit {}", served.unit);
                assert_eq!(result.cost, served.cost);
            } else {
                assert!(served.path.is_empty());
            }
        }
        if planner == Planner::AutoW {
            assert!(max_w > 1.5, "a long queue raised w ({max_w})");
        }
    }
}

#[test]
fn the_cache_answers_with_optimal_ways() {
    let grid = map(7, true);
    let config = SceneConfig {
        cache: true,
        seed: 7,
        ..SceneConfig::default()
    };
    let mut scene = Scene::new(&grid, config).unwrap();
    scene.keep_served(true);
    scene.add_random_units(300).unwrap();
    let goal = (0..grid.len() as u32)
        .rev()
        .find(|&c| scene.is_free(c))
        .unwrap();
    scene.order(None, goal).unwrap();
    for _ in 0..400 {
        scene.advance(Budget::Expansions(500), NO_CLOCK);
    }
    let totals = scene.totals();
    assert!(totals.cache_hits > 20, "{totals:?}");
    let mut search = Search::new();
    for served in scene.served().iter().filter(|s| s.from_cache) {
        let best = search
            .solve(
                scene.inflated(),
                &SearchParams::default(),
                served.start,
                served.goal,
            )
            .unwrap();
        assert_eq!(best.cost, served.cost);
        assert_eq!(served.path.first(), Some(&served.start));
        assert_eq!(served.path.last(), Some(&served.goal));
    }
}

#[test]
fn a_flow_field_brings_every_unit_of_the_goal_region_home() {
    let grid = map(9, true);
    let config = SceneConfig {
        planner: Planner::Flow,
        radius: 0.3,
        speed: 0.5,
        seed: 9,
        ..SceneConfig::default()
    };
    let mut scene = Scene::new(&grid, config).unwrap();
    scene.add_random_units(200).unwrap();
    let goal = scene.inflated().cell(24, 18);
    let goal = (goal..grid.len() as u32)
        .find(|&c| scene.is_free(c))
        .unwrap();
    scene.order(None, goal).unwrap();
    for _ in 0..1500 {
        scene.advance(Budget::Expansions(100), NO_CLOCK);
    }
    let regions = astar_core::regions::Regions::compute(scene.inflated(), Default::default());
    for i in 0..200 {
        let unit = scene.unit(i).unwrap();
        if regions.connected(unit.cell, goal) {
            assert_eq!(unit.state, UnitState::Arrived, "unit {i}");
            let (gx, gy) = grid.xy(goal);
            assert_eq!(unit.position, (gx as f64, gy as f64));
        } else {
            assert_eq!(unit.state, UnitState::Unreachable, "unit {i}");
        }
    }
}

#[test]
fn a_cut_budget_grows_the_queue_and_raises_w() {
    let grid = map(3, true);
    let peak = |expansions: u32| {
        let config = SceneConfig {
            planner: Planner::AutoW,
            seed: 3,
            new_goal_on_arrival: true,
            ..SceneConfig::default()
        };
        let mut scene = Scene::new(&grid, config).unwrap();
        scene.add_random_units(200).unwrap();
        scene.order_random(None);
        let (mut queue, mut w) = (0, 1.0_f64);
        for _ in 0..300 {
            let report = scene.advance(Budget::Expansions(expansions), NO_CLOCK);
            if scene.frame() > 200 {
                queue = queue.max(report.queue);
                w = w.max(report.w);
            }
        }
        (queue, w)
    };
    let (generous_queue, generous_w) = peak(20_000);
    let (cut_queue, cut_w) = peak(150);
    assert!(
        cut_queue > generous_queue + 20,
        "{cut_queue} vs {generous_queue}"
    );
    assert!(cut_w > generous_w, "{cut_w} vs {generous_w}");
}

#[test]
fn a_wall_across_the_route_makes_walkers_replan_around_it() {
    let mut grid = Grid::filled(40, 30, Terrain::Plain).unwrap();
    let config = SceneConfig {
        speed: 0.4,
        radius: 0.5,
        ..SceneConfig::default()
    };
    let mut scene = Scene::new(&grid, config).unwrap();
    for y in 5..25 {
        scene.add_unit(grid.cell(3, y)).unwrap();
    }
    scene.order(None, grid.cell(36, 15)).unwrap();
    for _ in 0..20 {
        scene.advance(Budget::Expansions(100_000), NO_CLOCK);
    }
    // A wall across the map at x = 20 with a gap at the bottom.
    for y in 0..27 {
        grid.set_terrain(grid.cell(20, y), Terrain::Wall);
    }
    let replans = scene.set_map(&grid);
    assert!(replans >= 15, "{replans}");
    for _ in 0..600 {
        scene.advance(Budget::Expansions(100_000), NO_CLOCK);
        for p in scene.positions().chunks(2) {
            assert!(point_clear(&grid, (p[0] as f64, p[1] as f64), 0.5 - 1e-5));
        }
    }
    for i in 0..20 {
        assert_eq!(scene.unit(i).unwrap().state, UnitState::Arrived, "unit {i}");
    }
    assert_eq!(scene.totals().replans, replans);
}

#[test]
fn bad_settings_and_blocked_cells_are_refused_with_their_codes() {
    let grid = map(1, true);
    let refused = |config: SceneConfig| Scene::new(&grid, config).err().map(|m| m.code());
    let radius = SceneConfig {
        radius: 2.5,
        ..SceneConfig::default()
    };
    assert_eq!(refused(radius), Some("crowd.bad-radius"));
    let jps = SceneConfig {
        planner: Planner::Jps,
        ..SceneConfig::default()
    };
    assert_eq!(refused(jps), Some("search.needs-uniform-costs"));
    let mut scene = Scene::new(&grid, SceneConfig::default()).unwrap();
    let wall = (0..grid.len() as u32)
        .find(|&c| !grid.is_passable(c))
        .unwrap();
    assert_eq!(
        scene.add_unit(wall).err().map(|m| m.code()),
        Some("crowd.goal-blocked")
    );
    assert_eq!(
        scene.order(None, wall).err().map(|m| m.code()),
        Some("crowd.goal-blocked")
    );
    assert_eq!(
        scene.add_random_units(2001).err().map(|m| m.code()),
        Some("crowd.bad-count")
    );
}
