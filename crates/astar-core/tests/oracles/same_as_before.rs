//! Two smoothings pinned to what they returned before they were made cheaper, each against its old code
//! copied unchanged (only the type renamed) as the oracle:
//! - HPA*'s ([`reference`]);
//! - the string pulling of `smooth.rs` ([`string_pulling`]), which every path shown is smoothed by.
//!
//! The tests feed old and new code thousands of legal paths on seeded random maps (random terrain,
//! uniform cost, mazes and rooms; every movement and corner rule; custom cost tables) and assert they
//! return the same cells in the same order. The paths are the ones smoothing meets (HPA*'s refined
//! paths) and harder ones: A* paths through random waypoints (detours), greedy best-first paths, and
//! random walks full of loops; the string pulling also gets Theta*'s any-angle paths, walks longer than
//! its look-ahead and maps with extra costs (a hugging penalty, a watcher).
//!
//! Not an integration test (cargo does not build files in sub-folders of `tests/` by themselves):
//! `src/search/hpa/shortcut.rs` includes it as its unit-test module `same_as_before` (`#[path]`), so that
//! it can call the private `Smoother` and read HPA*'s refined path; the old code stays out of `src/`.

use super::Smoother;
use crate::generate::{maze, random_terrain, rooms, sprinkle, TerrainShares};
use crate::grid::{Grid, Terrain, TerrainCosts};
use crate::movement::{CornerRule, Movement};
use crate::rng::Rng;
use crate::search::engine::Search;
use crate::search::hpa::Hpa;
use crate::search::{Algorithm, SearchParams, Stepper};

/// The smoothing as it was (commit 030f9f0), kept verbatim as the oracle (reading costs in tenths since
/// terrain costs have them).
mod reference {
    use crate::cost::{Cost, DIAGONAL_PER_TENTH, STRAIGHT_PER_TENTH};
    use crate::grid::Grid;
    use crate::movement::{CornerRule, Movement, DIRECTIONS};

    /// The cost of the move from `a` to its neighbour `b`, if the movement allows it (the rules of
    /// `movement.rs`, written out: this runs for every cell of every walk).
    fn move_cost(grid: &Grid, movement: Movement, a: u32, b: u32) -> Option<Cost> {
        let enter = grid.cost_tenths(b) as Cost;
        if enter == 0 {
            return None;
        }
        let width = grid.width();
        let ((ax, ay), (bx, by)) = ((a % width, a / width), (b % width, b / width));
        if ax == bx || ay == by {
            return Some(enter * STRAIGHT_PER_TENTH);
        }
        let side_a = grid.is_passable(ay * width + bx);
        let side_b = grid.is_passable(by * width + ax);
        let allowed = match movement {
            Movement::Four => false,
            Movement::Eight(CornerRule::NoCut) => side_a && side_b,
            Movement::Eight(CornerRule::CutIfOneFree) => side_a || side_b,
            Movement::Eight(CornerRule::AlwaysCut) => true,
        };
        allowed.then_some(enter * DIAGONAL_PER_TENTH)
    }

    /// Appends to `out` (when given) the cells after `a` of the octile-shaped walk from `a` to `b`: the
    /// diagonal steps first then the straight ones (`diagonal_first`), or the other way round; returns its
    /// cost, or `None` when a move of it is not legal.
    fn octile_walk(
        grid: &Grid,
        movement: Movement,
        a: u32,
        b: u32,
        diagonal_first: bool,
        mut out: Option<&mut Vec<u32>>,
    ) -> Option<Cost> {
        let width = grid.width() as i64;
        let (ax, ay) = ((a as i64) % width, (a as i64) / width);
        let (bx, by) = ((b as i64) % width, (b as i64) / width);
        let (ddx, ddy) = (bx - ax, by - ay);
        let (sx, sy) = (ddx.signum(), ddy.signum());
        let diagonals = ddx.abs().min(ddy.abs());
        let straights = ddx.abs().max(ddy.abs()) - diagonals;
        if diagonals > 0 && movement == Movement::Four {
            return None;
        }
        let straight = if ddx.abs() > ddy.abs() {
            (sx, 0)
        } else {
            (0, sy)
        };
        let legs = if diagonal_first {
            [((sx, sy), diagonals), (straight, straights)]
        } else {
            [(straight, straights), ((sx, sy), diagonals)]
        };
        let mut at = a as i64;
        let mut total: Cost = 0;
        for ((dx, dy), count) in legs {
            for _ in 0..count {
                let next = at + dy * width + dx;
                total += move_cost(grid, movement, at as u32, next as u32)?;
                at = next;
                if let Some(out) = out.as_deref_mut() {
                    out.push(at as u32);
                }
            }
        }
        Some(total)
    }

    /// How far [`pull`] looks ahead, in cluster sizes of path cells.
    const PULL_WINDOW: usize = 4;

    /// How many cells in a row [`pull`] may fail to reach before it stops looking further.
    const PULL_FAILURES: usize = 32;

    /// `path` pulled tight: from the first cell, the path's cells up to `window` further along are tried in
    /// order, each by the two octile-shaped walks ([`octile_walk`]); the farthest one that a walk reaches
    /// for no more than the stretch of path it replaces is joined by that walk and becomes the next cell to
    /// pull from (or, when none is, the next cell of the path). The look-ahead stops after
    /// [`PULL_FAILURES`] cells in a row fail: past a wall the path rarely comes back into view, and each
    /// try costs a walk.
    fn pull(grid: &Grid, movement: Movement, path: &[u32], window: usize) -> Vec<u32> {
        if path.len() <= 2 {
            return path.to_vec();
        }
        let mut prefix = vec![0 as Cost; path.len()];
        for i in 1..path.len() {
            let step = move_cost(grid, movement, path[i - 1], path[i]).unwrap_or(Cost::MAX / 4);
            prefix[i] = prefix[i - 1] + step;
        }
        let mut out = vec![path[0]];
        let mut i = 0;
        while i + 1 < path.len() {
            let last = (i + window).min(path.len() - 1);
            let mut chosen = None;
            let mut failures = 0;
            for j in i + 2..=last {
                let stretch = prefix[j] - prefix[i];
                let shape = [true, false].into_iter().find(|&diagonal_first| {
                    octile_walk(grid, movement, path[i], path[j], diagonal_first, None)
                        .is_some_and(|cost| cost <= stretch)
                });
                match shape {
                    Some(diagonal_first) => {
                        chosen = Some((j, diagonal_first));
                        failures = 0;
                    }
                    None if failures >= PULL_FAILURES => break,
                    None => failures += 1,
                }
            }
            match chosen {
                Some((j, diagonal_first)) => {
                    octile_walk(
                        grid,
                        movement,
                        path[i],
                        path[j],
                        diagonal_first,
                        Some(&mut out),
                    );
                    i = j;
                }
                None => {
                    i += 1;
                    out.push(path[i]);
                }
            }
        }
        out
    }

    /// The smoothing's buffers, kept between searches: where each cell is on the path being smoothed.
    #[derive(Clone, Debug, Default)]
    pub struct ReferenceSmoother {
        /// Indexed by cell: its index on the path, valid when `stamp_by_cell` holds `generation`.
        index_by_cell: Vec<u32>,
        /// Indexed by cell: see `index_by_cell`.
        stamp_by_cell: Vec<u32>,
        generation: u32,
    }

    impl ReferenceSmoother {
        /// Forgets every position (O(1) but on the first use and once in 2³² uses).
        fn reset(&mut self, cells: usize) {
            if self.stamp_by_cell.len() != cells || self.generation == u32::MAX {
                self.index_by_cell = vec![0; cells];
                self.stamp_by_cell = vec![0; cells];
                self.generation = 0;
            }
            self.generation += 1;
        }

        #[inline]
        fn position(&self, cell: u32) -> Option<usize> {
            let i = cell as usize;
            (self.stamp_by_cell[i] == self.generation).then(|| self.index_by_cell[i] as usize)
        }

        #[inline]
        fn place(&mut self, cell: u32, index: usize) {
            self.stamp_by_cell[cell as usize] = self.generation;
            self.index_by_cell[cell as usize] = index as u32;
        }

        /// `path` with every stretch between two visits of a cell cut out.
        fn without_loops(&mut self, cells: usize, path: &[u32]) -> Vec<u32> {
            self.reset(cells);
            let mut out: Vec<u32> = Vec::with_capacity(path.len());
            for &cell in path {
                if let Some(at) = self.position(cell) {
                    for dropped in out.drain(at + 1..) {
                        self.stamp_by_cell[dropped as usize] = 0;
                    }
                    continue;
                }
                self.place(cell, out.len());
                out.push(cell);
            }
            out
        }

        /// The smoothed path (see the module doc). `path` must be a path of legal moves on `grid`.
        pub fn shortcut(
            &mut self,
            grid: &Grid,
            movement: Movement,
            path: &[u32],
            reach: u32,
        ) -> Vec<u32> {
            let pulled = pull(grid, movement, path, PULL_WINDOW * reach as usize);
            let path = self.without_loops(grid.len(), &pulled);
            if path.len() <= 2 {
                return path;
            }
            // `without_loops` left every cell of `path` at its index.
            // Cost from the first cell to each cell of the path.
            let mut prefix = vec![0 as Cost; path.len()];
            for i in 1..path.len() {
                let step = move_cost(grid, movement, path[i - 1], path[i]).unwrap_or(Cost::MAX / 4);
                prefix[i] = prefix[i - 1] + step;
            }
            let (width, height) = (grid.width() as i64, grid.height() as i64);
            let mut out = vec![path[0]];
            let mut i = 0;
            while i + 1 < path.len() {
                // The walk that saves most: (saving, end index, direction, steps).
                let mut best: Option<(Cost, usize, usize, u32)> = None;
                let (x0, y0) = grid.xy(path[i]);
                for (dir, &(dx, dy)) in DIRECTIONS[..movement.direction_count()].iter().enumerate()
                {
                    let (mut x, mut y) = (x0 as i64, y0 as i64);
                    let mut cell = path[i];
                    let mut walked: Cost = 0;
                    for steps in 1..=reach {
                        let (nx, ny) = (x + dx as i64, y + dy as i64);
                        if nx < 0 || ny < 0 || nx >= width || ny >= height {
                            break;
                        }
                        let next = (ny * width + nx) as u32;
                        let Some(step) = move_cost(grid, movement, cell, next) else {
                            break;
                        };
                        walked += step;
                        (x, y, cell) = (nx, ny, next);
                        if let Some(j) = self.position(next) {
                            if j > i + 1 && prefix[j] - prefix[i] > walked {
                                let saving = prefix[j] - prefix[i] - walked;
                                if best.is_none_or(|(s, ..)| saving > s) {
                                    best = Some((saving, j, dir, steps));
                                }
                            }
                        }
                    }
                }
                match best {
                    Some((_, j, dir, steps)) => {
                        let (dx, dy) = DIRECTIONS[dir];
                        for s in 1..=steps as i64 {
                            let (x, y) = (x0 as i64 + dx as i64 * s, y0 as i64 + dy as i64 * s);
                            out.push((y * width + x) as u32);
                        }
                        i = j;
                    }
                    None => {
                        i += 1;
                        out.push(path[i]);
                    }
                }
            }
            out
        }
    }
}

const MOVEMENTS: [Movement; 4] = [
    Movement::Four,
    Movement::Eight(CornerRule::NoCut),
    Movement::Eight(CornerRule::CutIfOneFree),
    Movement::Eight(CornerRule::AlwaysCut),
];

/// A seeded map 6..=48 cells a side (64..=160 every tenth seed, for long paths that use the whole
/// look-ahead): random terrain, uniform cost with walls, a maze or rooms, each
/// with forest and swamp sprinkled in but the uniform one, and a random cost table every third seed.
fn random_map(seed: u64, rng: &mut Rng) -> Grid {
    let side = |rng: &mut Rng| match seed % 10 {
        9 => 64 + rng.below(97),
        _ => 6 + rng.below(43),
    };
    let (width, height) = (side(rng), side(rng));
    let mut grid = match seed % 4 {
        0 => {
            let shares = TerrainShares {
                wall: rng.unit() * 0.35,
                forest: rng.unit() * 0.25,
                swamp: rng.unit() * 0.2,
            };
            random_terrain(width, height, shares, seed).unwrap()
        }
        1 => {
            let shares = TerrainShares {
                wall: rng.unit() * 0.3,
                forest: 0.0,
                swamp: 0.0,
            };
            random_terrain(width, height, shares, seed).unwrap()
        }
        2 => maze(width, height, 1 + rng.below(4), seed).unwrap(),
        _ => rooms(width, height, 4 + rng.below(8), seed).unwrap(),
    };
    if seed % 4 >= 2 {
        sprinkle(&mut grid, rng.unit() * 0.3, rng.unit() * 0.2, seed);
    }
    if seed.is_multiple_of(3) {
        grid.set_costs(TerrainCosts::whole(
            1 + rng.below(4) as u8,
            1 + rng.below(9) as u8,
            1 + rng.below(20) as u8,
        ))
        .unwrap();
    }
    grid
}

fn random_passable(grid: &Grid, rng: &mut Rng) -> Option<u32> {
    (0..64)
        .map(|_| rng.below(grid.len() as u32))
        .find(|&cell| grid.terrain(cell) != Terrain::Wall)
}

/// The path `algorithm` finds from `start` to `goal`, if it finds one.
fn searched(
    grid: &Grid,
    movement: Movement,
    algorithm: Algorithm,
    start: u32,
    goal: u32,
) -> Option<Vec<u32>> {
    let params = SearchParams {
        algorithm,
        movement,
        ..SearchParams::default()
    };
    let result = Search::new().solve(grid, &params, start, goal).ok()?;
    (result.outcome == crate::search::Outcome::Found).then_some(result.path)
}

/// A random walk of up to `steps` legal moves from `start`: it doubles back and crosses itself.
fn random_walk(grid: &Grid, movement: Movement, start: u32, steps: u32, rng: &mut Rng) -> Vec<u32> {
    let mut path = vec![start];
    let mut moves = Vec::new();
    for _ in 0..steps {
        moves.clear();
        movement.for_each_neighbour(grid, *path.last().unwrap(), |next, _| moves.push(next));
        if moves.is_empty() {
            break;
        }
        path.push(moves[rng.below(moves.len() as u32) as usize]);
    }
    path
}

/// Legal paths on `grid` of every kind the module doc names, with the reach to smooth each with.
fn paths(grid: &Grid, movement: Movement, rng: &mut Rng) -> Vec<(Vec<u32>, u32)> {
    let mut out = Vec::new();
    let largest = grid.width().max(grid.height());
    let (Some(start), Some(goal)) = (random_passable(grid, rng), random_passable(grid, rng)) else {
        return out;
    };
    let cluster = 2 + rng.below(largest.min(20) - 1);
    let params = SearchParams {
        algorithm: Algorithm::Hpa,
        movement,
        cluster_size: Some(cluster),
        ..SearchParams::default()
    };
    let mut hpa = Hpa::new();
    if hpa
        .solve(grid, &params, start, goal)
        .is_ok_and(|result| result.outcome == crate::search::Outcome::Found)
    {
        out.push((hpa.refined.clone(), cluster));
    }
    if let Some(path) = searched(grid, movement, Algorithm::Greedy, start, goal) {
        out.push((path, 1 + rng.below(24)));
    }
    // A detour: A* to a random waypoint, then on to the goal.
    if let Some(waypoint) = random_passable(grid, rng) {
        let there = searched(grid, movement, Algorithm::AStar, start, waypoint);
        let back = searched(grid, movement, Algorithm::AStar, waypoint, goal);
        if let (Some(mut there), Some(back)) = (there, back) {
            there.extend_from_slice(&back[1..]);
            out.push((there, 1 + rng.below(24)));
        }
    }
    for _ in 0..3 {
        let walk = random_walk(grid, movement, start, rng.below(300), rng);
        out.push((walk, 1 + rng.below(24)));
    }
    out
}

#[test]
fn the_smoothing_returns_the_same_paths_as_before() {
    let mut rng = Rng::new(2004);
    let (mut smoother, mut reference) =
        (Smoother::default(), reference::ReferenceSmoother::default());
    let mut compared = 0;
    let mut changed = 0;
    let mut stops = 0;
    for seed in 0..200 {
        let grid = random_map(seed, &mut rng);
        for movement in MOVEMENTS {
            for (path, reach) in paths(&grid, movement, &mut rng) {
                let expected = reference.shortcut(&grid, movement, &path, reach);
                let got = smoother.shortcut(&grid, movement, &path, reach);
                assert_eq!(
                    got, expected,
                    "seed {seed} {movement:?} reach {reach}, path {path:?}"
                );
                // In pieces, after one given up halfway: out of time at every look.
                smoother.begin(&grid, movement, &path, reach);
                let _ = smoother.advance(&grid, movement, &path, &mut || true);
                smoother.begin(&grid, movement, &path, reach);
                let in_pieces = loop {
                    if let Some(path) = smoother.advance(&grid, movement, &path, &mut || true) {
                        break path;
                    }
                    stops += 1;
                };
                assert_eq!(
                    in_pieces, expected,
                    "in pieces: seed {seed} {movement:?} reach {reach}, path {path:?}"
                );
                compared += 1;
                changed += usize::from(expected != path);
            }
        }
    }
    // The comparison means something only if many paths were compared and smoothing changed most,
    // and if the smoothing in pieces stopped often.
    assert!(compared > 3000, "only {compared} paths compared");
    assert!(
        stops > 1000,
        "the smoothing in pieces stopped only {stops} times"
    );
    assert!(
        changed * 2 > compared,
        "smoothing changed only {changed} of {compared}"
    );
}

/// The string pulling as it was (commit 1692062), kept as the oracle: every cell within the look-ahead
/// tried in order, nearest first (`Smoothing::advance` and `finish` written as one function).
mod string_pulling {
    use crate::grid::Grid;
    use crate::smooth::{line_of_sight, merge_collinear, WINDOW};

    pub fn smooth_path(grid: &Grid, path: &[u32]) -> Vec<u32> {
        let mut anchors: Vec<u32> = path.first().copied().into_iter().collect();
        if path.len() <= 2 {
            return path.to_vec();
        }
        let last = path.len() - 1;
        let mut at = 0;
        while at < last {
            let i = at;
            let mut next = i + 1;
            let mut stretch_max = grid.cost_tenths(path[i]).max(grid.cost_tenths(path[i + 1]));
            let end = (i + WINDOW).min(last);
            for j in i + 2..=end {
                stretch_max = stretch_max.max(grid.cost_tenths(path[j]));
                if line_of_sight(grid, path[i], path[j], stretch_max) {
                    next = j;
                }
            }
            anchors.push(path[next]);
            at = next;
        }
        merge_collinear(grid, anchors)
    }
}

#[test]
fn the_string_pulling_returns_the_same_paths_as_before() {
    let mut rng = Rng::new(2026);
    let mut compared = 0;
    let mut changed = 0;
    let mut longer_than_window = 0;
    let mut penalised = 0;
    for seed in 0..160 {
        let mut grid = random_map(seed, &mut rng);
        // Every other map with extras on its cells: a hugging penalty and a watcher's danger.
        if seed % 2 == 1 {
            let watcher = crate::penalty::Watcher {
                x: rng.below(grid.width()),
                y: rng.below(grid.height()),
                radius: 1 + rng.below(12),
            };
            grid.set_penalties(crate::penalty::Penalties {
                hug_tenths: 1 + rng.below(10) as u16,
                danger_tenths: 1 + rng.below(50) as u16,
                watchers: vec![watcher],
                ..Default::default()
            })
            .unwrap();
            penalised += usize::from(grid.penalised_cells() > 0);
        }
        for movement in MOVEMENTS {
            let mut all: Vec<Vec<u32>> = paths(&grid, movement, &mut rng)
                .into_iter()
                .map(|(path, _)| path)
                .collect();
            if let (Some(start), Some(goal)) = (
                random_passable(&grid, &mut rng),
                random_passable(&grid, &mut rng),
            ) {
                all.extend(searched(&grid, movement, Algorithm::ThetaStar, start, goal));
                all.push(random_walk(
                    &grid,
                    movement,
                    start,
                    600 + rng.below(900),
                    &mut rng,
                ));
            }
            for path in all {
                let expected = string_pulling::smooth_path(&grid, &path);
                let got = crate::smooth::smooth_path(&grid, &path);
                assert_eq!(got, expected, "seed {seed} {movement:?}, path {path:?}");
                compared += 1;
                changed += usize::from(got != path);
                longer_than_window += usize::from(path.len() > crate::smooth::WINDOW);
            }
        }
    }
    assert!(compared > 3000, "only {compared} paths compared");
    assert!(
        changed * 2 > compared,
        "smoothing changed only {changed} of {compared}"
    );
    assert!(
        longer_than_window > 200,
        "only {longer_than_window} paths longer than the look-ahead"
    );
    assert!(penalised > 60, "only {penalised} maps with extras");
}
