//! The corners a unit walks through: the grid path pulled straight with the unit's radius (seed 002's
//! exercise 4: the line of sight of a wide unit is the segment with the radius on both sides).
//!
//! From each kept cell, the unit looks along the path ([`LOOKAHEAD`] cells at most) for a far cell in
//! sight: 2, 4, 8, … cells ahead while in sight, then halving the gap between the last cell seen and the
//! first not seen, so a stretch of D cells costs O(log D) sight tests instead of the D of a walk cell by
//! cell (the page's string pulling, `smooth.rs`, tests every cell of a window, too much for a scene of
//! hundreds of units; measured below). Any cell kept is in sight of the one before, which is all a unit
//! needs. In sight means the segment crosses no wall and no terrain costlier than the stretch of path it
//! replaces (the page's rule: a shortcut may not wade through swamp the path went around), checked on the
//! supercover line; for a unit with a radius, the segment must also be clear for it
//! ([`super::clearance::segment_clear`], exact). For radius 0 the supercover line is already exact: it
//! takes every cell the segment enters and both cells at a corner it passes.
//!
//! With the scene's curves on, the kept cells are then joined by a curve ([`curved`]: the page's
//! Catmull-Rom of `crate::curve`), every chord of which is clear for the radius by the same exact test,
//! so a unit on a curve keeps from the walls what it keeps on the straight segments; a piece of curve that
//! would come nearer stays the straight segment between its corners, which `pull` already checked.
//!
//! Measured (`astar bench crowd`, random512-10-0, A* with the automatic w, 2,000 requests): pulling cell
//! by cell with the exact test at radius 0 cost about 130 µs a request of the 190 µs in all.

use super::clearance::segment_clear;
use crate::curve::{curve_checked, Point};
use crate::grid::Grid;
use crate::smooth::line_of_sight;

/// How many path cells ahead a kept cell looks.
pub const LOOKAHEAD: usize = 48;

/// Points a cell of piece length on a unit's curve: a unit walks a few tenths of a cell a frame, so three
/// make the turn look round, and each point costs two exact chord tests.
pub const CURVE_SAMPLES_PER_CELL: f64 = 3.0;

/// The centre of `cell` as a position.
pub fn centre(grid: &Grid, cell: u32) -> (f64, f64) {
    let (x, y) = grid.xy(cell);
    (x as f64, y as f64)
}

/// The cells of `path` (on `grid`, the map before inflation) a unit of radius `r` turns at, first and
/// last included.
pub fn pull(grid: &Grid, path: &[u32], r: f64) -> Vec<u32> {
    if path.len() <= 2 {
        return path.to_vec();
    }
    let seen = |i: usize, j: usize| {
        let stretch = path[i..=j]
            .iter()
            .map(|&c| grid.cost_tenths(c))
            .max()
            .unwrap_or(0);
        line_of_sight(grid, path[i], path[j], stretch)
            && (r == 0.0 || segment_clear(grid, centre(grid, path[i]), centre(grid, path[j]), r))
    };
    let mut kept = vec![path[0]];
    let mut i = 0;
    while i < path.len() - 1 {
        let limit = (i + LOOKAHEAD).min(path.len() - 1);
        // The next cell is always in sight (one move of the inflated map).
        let mut good = i + 1;
        let mut gap = 2;
        let mut bad = None;
        while good < limit {
            let j = (i + gap).min(limit);
            if seen(i, j) {
                good = j;
                gap *= 2;
            } else {
                bad = Some(j);
                break;
            }
        }
        if let Some(mut bad) = bad {
            while bad - good > 1 {
                let middle = (good + bad) / 2;
                if seen(i, middle) {
                    good = middle;
                } else {
                    bad = middle;
                }
            }
        }
        kept.push(path[good]);
        i = good;
    }
    kept
}

/// The positions a unit of radius `r` walks through on a curve through `corners` (the cells [`pull`]
/// kept, on `grid`, the map before inflation), first and last included: every chord is clear for `r`
/// ([`segment_clear`]) and, by the curve's own rule, crosses no wall and no terrain dearer than the
/// straight segment it replaces.
pub fn curved(grid: &Grid, corners: &[u32], r: f64) -> Vec<(f64, f64)> {
    // The curve puts a cell's centre at (x + ½, y + ½), the scene at (x, y): the chords are tested on the
    // very positions returned.
    let position = |p: Point| (p[0] - 0.5, p[1] - 0.5);
    // At radius 0 the curve's own test is already the exact one (a chord touching a wall's square is not
    // clear): the second test would only repeat it. Measured (`astar bench crowd`, the rally rows, A*
    // with curves against without): 21% fewer requests a frame with it, 11-14% without.
    let curve = curve_checked(grid, corners, CURVE_SAMPLES_PER_CELL, |a, b| {
        r == 0.0 || segment_clear(grid, position(a), position(b), r)
    });
    curve.points.into_iter().map(position).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crowd::clearance::inflate;
    use crate::search::{Search, SearchParams};

    /// A*'s path from `start` to `goal` on `grid` inflated by `r`: the way a unit of radius `r` is given.
    fn inflated_path(grid: &Grid, start: u32, goal: u32, r: f64) -> Vec<u32> {
        Search::new()
            .solve(&inflate(grid, r), &SearchParams::default(), start, goal)
            .unwrap()
            .path
    }

    #[test]
    fn a_wide_unit_keeps_away_from_the_corner_a_thin_one_cuts() {
        let map = "\
............
............
............
......#.....
......#.....
......#.....
......#.....
......#.....
............
............
............";
        let grid = Grid::from_ascii(map).unwrap();
        let (start, goal) = (grid.cell(3, 6), grid.cell(9, 4));
        let mut thin = None;
        for r in [0.0, 0.5, 0.9] {
            let path = inflated_path(&grid, start, goal, r);
            let corners = pull(&grid, &path, r);
            assert_eq!(corners.first(), Some(&start));
            assert_eq!(corners.last(), Some(&goal));
            for pair in corners.windows(2) {
                assert!(segment_clear(
                    &grid,
                    centre(&grid, pair[0]),
                    centre(&grid, pair[1]),
                    r
                ));
            }
            assert!(corners.len() < path.len(), "r {r}: {corners:?}");
            thin.get_or_insert(corners);
        }
        // The thin unit's corners pass the wall closer than a wide unit may.
        let thin = thin.unwrap();
        assert!(thin.windows(2).any(|pair| !segment_clear(
            &grid,
            centre(&grid, pair[0]),
            centre(&grid, pair[1]),
            0.9
        )));
    }

    #[test]
    fn a_curve_rounds_the_turns_only_where_each_chord_is_clear_for_the_radius() {
        // Round the end of a wall: the thin unit's curve bends freely; the wide unit's pieces that would
        // come nearer the wall than its radius stay straight, so every chord of both is clear for them.
        let map = "\
..............
..............
..............
......#.......
......#.......
......#.......
......#.......
......#.......
..............
..............
..............";
        let grid = Grid::from_ascii(map).unwrap();
        let (start, goal) = (grid.cell(2, 6), grid.cell(10, 5));
        for r in [0.0, 0.5, 1.0] {
            let path = inflated_path(&grid, start, goal, r);
            let corners = pull(&grid, &path, r);
            assert!(corners.len() > 2, "r {r}: the way turns at the wall's end");
            let way = curved(&grid, &corners, r);
            assert_eq!(way.first(), Some(&centre(&grid, start)));
            assert_eq!(way.last(), Some(&centre(&grid, goal)));
            for &corner in &corners {
                assert!(
                    way.contains(&centre(&grid, corner)),
                    "r {r}: through each corner"
                );
            }
            for pair in way.windows(2) {
                assert!(segment_clear(&grid, pair[0], pair[1], r), "r {r}: {pair:?}");
            }
            assert!(
                way.len() > corners.len(),
                "r {r}: some piece is curved: {way:?}"
            );
        }
        // The same curve tested for a thin unit only comes nearer the wall than a wide one may.
        let corners = [(2, 6), (6, 2), (10, 5)].map(|(x, y)| grid.cell(x, y));
        let thin = curved(&grid, &corners, 0.0);
        let wide = curved(&grid, &corners, 1.0);
        assert_ne!(thin, wide, "the wide unit keeps a piece straight");
        assert!(thin
            .windows(2)
            .any(|pair| !segment_clear(&grid, pair[0], pair[1], 1.0)));
    }

    #[test]
    fn at_radius_zero_the_supercover_line_is_the_exact_test() {
        use crate::generate::{random_terrain, TerrainShares};
        use crate::rng::Rng;
        let mut rng = Rng::new(3);
        for seed in 0..8 {
            let shares = TerrainShares {
                wall: 0.3,
                forest: 0.0,
                swamp: 0.0,
            };
            let grid = random_terrain(20, 16, shares, seed).unwrap();
            for _ in 0..2000 {
                let (a, b) = (rng.below(grid.len() as u32), rng.below(grid.len() as u32));
                if !grid.is_passable(a) || !grid.is_passable(b) {
                    continue;
                }
                assert_eq!(
                    line_of_sight(&grid, a, b, 10),
                    segment_clear(&grid, centre(&grid, a), centre(&grid, b), 0.0),
                    "{:?} -> {:?}",
                    grid.xy(a),
                    grid.xy(b)
                );
            }
        }
    }
}
