//! The game scene's benchmark workload, the same natively (`astar bench crowd`) and in wasm (`npm run
//! bench`): `units` units at seeded random cells, each sent to one of `destinations` seeded points of
//! interest (or all to one rally point), the scene advanced frame by frame with `budget_us` of search a
//! frame until every first request is answered. No drawing.
//!
//! Requests a frame counts only *saturated* frames (the queue still holds requests when the budget runs
//! out), so it measures what the budget buys, not how fast the queue happened to empty: the article's
//! "requests served per frame". The frame-time distribution is that of the search work per frame, which
//! a step or a request can push past the budget.

use astar_core::crowd::{Budget, Planner, Scene, SceneConfig};
use astar_core::generate::{random_terrain, TerrainShares};
use astar_core::rng::Rng;
use astar_core::search::Search;
use astar_core::{cost, Grid, SearchParams};

/// Units in the benchmark's scene (each asks for a path at the start).
pub const UNITS: usize = 2000;
/// ms of search a frame: one 60 Hz frame, seed 003's "requests a frame".
pub const BUDGET_MS: f64 = 16.7;
/// Points of interest the goals come from.
pub const DESTINATIONS: usize = 8;

/// The generated 256 × 256 map like seed 002's (20% walls, 15% forest, 7% swamp, seed 1).
pub fn article_map() -> Grid {
    random_terrain(256, 256, TerrainShares::ARTICLE, 1).expect("a valid size")
}

/// The benchmark's workload: goals from the points of interest, or (`rally`) every unit to one cell.
pub fn workload(rally: bool) -> Workload {
    Workload {
        units: UNITS,
        budget_us: BUDGET_MS * 1000.0,
        destinations: if rally { 0 } else { DESTINATIONS },
        seed: 1,
        max_frames: 100_000,
        curves: false,
    }
}

/// What a run does.
#[derive(Clone, Copy, Debug)]
pub struct Workload {
    /// Units, each with one request at the start.
    pub units: usize,
    /// µs of search a frame.
    pub budget_us: f64,
    /// Points of interest the goals come from (0: every unit to one rally point).
    pub destinations: usize,
    /// Seeds the placement and the goals.
    pub seed: u64,
    /// Frames at most.
    pub max_frames: u32,
    /// Units walk curves (`SceneConfig::curves`): their cost is in the frame's budget, as the corners'.
    pub curves: bool,
}

/// What a run measured.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Run {
    /// The planner's name.
    pub planner: String,
    /// The path cache was on.
    pub cache: bool,
    /// Units walked curves.
    pub curves: bool,
    /// Requests answered per saturated frame.
    pub requests_per_frame: f64,
    /// Saturated frames (the rate's sample).
    pub saturated_frames: u32,
    /// Frames until every first request was answered.
    pub frames: u32,
    /// Requests answered.
    pub served: u32,
    /// Mean frames from request to path.
    pub mean_wait_frames: f64,
    /// Mean (cost / optimum − 1) over the answered requests with a path.
    pub mean_over_optimal: f64,
    /// Largest (cost / optimum − 1).
    pub max_over_optimal: f64,
    /// Search time a frame, µs: median, 95th percentile, largest (saturated frames).
    pub frame_us_p50: f64,
    /// See `frame_us_p50`.
    pub frame_us_p95: f64,
    /// See `frame_us_p50`.
    pub frame_us_max: f64,
    /// Requests the cache answered.
    pub cache_hits: u32,
    /// Expansions spent.
    pub expansions: u64,
}

/// The `q` quantile (0..=1) of `values` (sorted here).
pub fn quantile(values: &mut [f64], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(|a, b| a.total_cmp(b));
    values[((values.len() - 1) as f64 * q).round() as usize]
}

/// Runs `workload` on `grid` with `planner` (and the cache when `cache`); `now_us` is the clock.
/// `optimum` also solves every answered request with A* afterwards (untimed) for the cost over the
/// optimum. An error when the planner cannot run on this map (JPS on terrain).
pub fn run(
    grid: &Grid,
    workload: &Workload,
    planner: Planner,
    cache: bool,
    optimum: bool,
    now_us: &dyn Fn() -> f64,
) -> Result<Run, String> {
    let config = SceneConfig {
        planner,
        cache,
        seed: workload.seed,
        curves: workload.curves,
        ..SceneConfig::default()
    };
    let mut scene = Scene::new(grid, config).map_err(|m| m.to_string())?;
    scene.keep_served(optimum);
    let mut rng = Rng::new(workload.seed ^ 0x5eed);
    let free: Vec<u32> = (0..grid.len() as u32)
        .filter(|&c| scene.is_free(c))
        .collect();
    let destinations: Vec<u32> = (0..workload.destinations.max(1))
        .map(|_| free[rng.below(free.len() as u32) as usize])
        .collect();
    scene
        .add_random_units(workload.units)
        .map_err(|m| m.to_string())?;
    if workload.destinations == 0 {
        scene
            .order(None, destinations[0])
            .map_err(|m| m.to_string())?;
    } else {
        scene.set_destinations(destinations);
        scene.order_random(None);
    }
    let wanted = workload.units as u32;
    let mut saturated = vec![];
    let mut served_saturated = 0;
    while scene.totals().served < wanted && scene.frame() < workload.max_frames {
        let report = scene.advance(Budget::Micros(workload.budget_us), now_us);
        if report.queue > 0 {
            saturated.push(report.search_us);
            served_saturated += report.served;
        }
    }
    let totals = scene.totals();
    let (mut sum_over, mut max_over, mut counted) = (0.0, 0.0_f64, 0);
    let mut search = Search::new();
    for served in scene.served().iter().filter(|s| !s.path.is_empty()) {
        let best = search
            .solve(
                scene.inflated(),
                &SearchParams::default(),
                served.start,
                served.goal,
            )
            .map_err(|e| e.to_string())?;
        if best.cost > 0 {
            let over = cost::to_f64(served.cost) / cost::to_f64(best.cost) - 1.0;
            sum_over += over;
            max_over = max_over.max(over);
            counted += 1;
        }
    }
    let rate = if saturated.is_empty() {
        totals.served as f64 / totals.frames.max(1) as f64
    } else {
        served_saturated as f64 / saturated.len() as f64
    };
    Ok(Run {
        planner: planner.name().to_string(),
        cache,
        curves: workload.curves,
        requests_per_frame: rate,
        saturated_frames: saturated.len() as u32,
        frames: totals.frames,
        served: totals.served,
        mean_wait_frames: totals.wait_frames as f64 / totals.served.max(1) as f64,
        mean_over_optimal: if counted > 0 {
            sum_over / counted as f64
        } else {
            0.0
        },
        max_over_optimal: max_over,
        frame_us_p50: quantile(&mut saturated.clone(), 0.5),
        frame_us_p95: quantile(&mut saturated.clone(), 0.95),
        frame_us_max: quantile(&mut saturated, 1.0),
        cache_hits: totals.cache_hits,
        expansions: totals.expansions,
    })
}
