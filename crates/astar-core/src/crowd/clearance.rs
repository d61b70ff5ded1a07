//! A unit's size: which cells a unit of radius r may stand on, and whether it may move along a segment.
//!
//! Geometry, the same in the whole scene: a position is `(x, y)` in cells with the centre of cell
//! `(cx, cy)` at `(cx, cy)`, so the wall square of cell `(wx, wy)` spans `[wx - ½, wx + ½] × [wy - ½, wy + ½]`;
//! everything outside the map is wall. A unit is a disc of radius `r` (0 to [`MAX_RADIUS`] cells).
//!
//! - A cell is **free for r** when the distance from its centre to every wall square is at least `r`
//!   ([`inflate`] turns every other passable cell into a wall: the map the scene's searches run on).
//! - A segment is **clear for r** when its distance to every wall square is at least `r` and above 0
//!   ([`segment_clear`], exact): a segment that only touches a wall's corner is not clear, so a unit of
//!   radius 0 cannot squeeze between two walls that meet at a corner either.
//!
//! A move of the inflated map (8 neighbours, corners never cut) between two free cells is always clear:
//! an orthogonal move's distance to a wall square is that of one of its ends, and a diagonal move's too,
//! except at the corner its two side cells share, which the corner rule keeps free (the brute-force test
//! below checks this on random maps).

use crate::grid::{Grid, Terrain};

/// The largest unit radius, in cells.
pub const MAX_RADIUS: f64 = 2.0;

/// Distance from the point `(px, py)` to the wall square of cell `(wx, wy)`.
fn point_to_square(px: f64, py: f64, wx: i64, wy: i64) -> f64 {
    let dx = ((px - wx as f64).abs() - 0.5).max(0.0);
    let dy = ((py - wy as f64).abs() - 0.5).max(0.0);
    (dx * dx + dy * dy).sqrt()
}

/// Distance from the point `p` to the segment `a`–`b`.
fn point_to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length2 = dx * dx + dy * dy;
    let t = if length2 == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length2).clamp(0.0, 1.0)
    };
    let (qx, qy) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
    (qx * qx + qy * qy).sqrt()
}

/// True when the segment `a`–`b` meets the closed wall square of cell `(wx, wy)` (Liang–Barsky clipping).
fn segment_meets_square(a: (f64, f64), b: (f64, f64), wx: i64, wy: i64) -> bool {
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, d, centre) in [(a.0, b.0 - a.0, wx as f64), (a.1, b.1 - a.1, wy as f64)] {
        let (low, high) = (centre - 0.5, centre + 0.5);
        if d == 0.0 {
            if p < low || p > high {
                return false;
            }
            continue;
        }
        let (mut ta, mut tb) = ((low - p) / d, (high - p) / d);
        if ta > tb {
            std::mem::swap(&mut ta, &mut tb);
        }
        t0 = t0.max(ta);
        t1 = t1.min(tb);
        if t0 > t1 {
            return false;
        }
    }
    true
}

/// Distance from the segment `a`–`b` to the wall square of cell `(wx, wy)`: 0 when they meet, else the
/// smallest distance between a vertex of one and the other (two disjoint convex shapes are closest there).
pub fn segment_to_square(a: (f64, f64), b: (f64, f64), wx: i64, wy: i64) -> f64 {
    if segment_meets_square(a, b, wx, wy) {
        return 0.0;
    }
    let corners = [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)]
        .map(|(ox, oy)| point_to_segment((wx as f64 + ox, wy as f64 + oy), a, b));
    corners
        .into_iter()
        .chain([
            point_to_square(a.0, a.1, wx, wy),
            point_to_square(b.0, b.1, wx, wy),
        ])
        .fold(f64::INFINITY, f64::min)
}

/// True when cell `(x, y)` (which may lie outside the map) counts as wall.
fn is_wall(grid: &Grid, x: i64, y: i64) -> bool {
    x < 0
        || y < 0
        || x >= grid.width() as i64
        || y >= grid.height() as i64
        || !grid.is_passable(grid.cell(x as u32, y as u32))
}

/// The cell offsets `(ox, oy)` whose wall square is nearer than `r` to a cell's centre.
fn offsets_within(r: f64) -> Vec<(i64, i64)> {
    let reach = (r + 0.5).ceil() as i64;
    let mut out = vec![];
    for oy in -reach..=reach {
        for ox in -reach..=reach {
            if point_to_square(0.0, 0.0, ox, oy) < r {
                out.push((ox, oy));
            }
        }
    }
    out
}

/// True when the centre of cell `(x, y)` is at least `r` from every wall square (and the cell passable).
pub fn cell_free(grid: &Grid, x: u32, y: u32, r: f64) -> bool {
    !is_wall(grid, x as i64, y as i64)
        && offsets_within(r)
            .iter()
            .all(|&(ox, oy)| !is_wall(grid, x as i64 + ox, y as i64 + oy))
}

/// The map a unit of radius `r` searches: `grid` with every passable cell that is not free for `r` made a
/// wall (terrain and costs kept elsewhere).
pub fn inflate(grid: &Grid, r: f64) -> Grid {
    let mut inflated = grid.clone();
    reinflate(grid, &mut inflated, r, 0, 0, grid.width(), grid.height());
    inflated
}

/// Redoes [`inflate`] for the cells in columns `x0..x1` and rows `y0..y1` of `inflated` from `grid` (the
/// same size), after an edit there or near it.
pub fn reinflate(grid: &Grid, inflated: &mut Grid, r: f64, x0: u32, y0: u32, x1: u32, y1: u32) {
    let offsets = offsets_within(r);
    for y in y0..y1.min(grid.height()) {
        for x in x0..x1.min(grid.width()) {
            let cell = grid.cell(x, y);
            let own = grid.terrain(cell);
            let blocked = own != Terrain::Wall
                && offsets
                    .iter()
                    .any(|&(ox, oy)| is_wall(grid, x as i64 + ox, y as i64 + oy));
            let wanted = if blocked { Terrain::Wall } else { own };
            if inflated.terrain(cell) != wanted {
                inflated.set_terrain(cell, wanted);
            }
        }
    }
}

/// How far around an edited cell the inflation can change: cells up to this many columns or rows away.
pub fn reach(r: f64) -> u32 {
    (r + 0.5).ceil() as u32
}

/// True when the point `p` is at least `r` from every wall square of `grid`, and not inside one.
pub fn point_clear(grid: &Grid, p: (f64, f64), r: f64) -> bool {
    segment_clear(grid, p, p, r)
}

/// True when the segment `a`–`b` is clear for radius `r` on `grid` (see the module doc): exact, checking
/// every wall square near the segment, one column (or row) of the segment's longer axis at a time.
pub fn segment_clear(grid: &Grid, a: (f64, f64), b: (f64, f64), r: f64) -> bool {
    let margin = r + 0.5;
    let steep = (b.1 - a.1).abs() > (b.0 - a.0).abs();
    // Walk the longer axis (u); for each of its cells, the range of the other axis (v) the segment
    // reaches within that cell's slab widened by the radius.
    let (au, av, bu, bv) = if steep {
        (a.1, a.0, b.1, b.0)
    } else {
        (a.0, a.1, b.0, b.1)
    };
    let (u_low, u_high) = (au.min(bu), au.max(bu));
    let first = (u_low - margin).floor() as i64;
    let last = (u_high + margin).ceil() as i64;
    let v_at = |u: f64| {
        if bu == au {
            av
        } else {
            av + (bv - av) * ((u - au) / (bu - au)).clamp(0.0, 1.0)
        }
    };
    for u in first..=last {
        let (slab_low, slab_high) = (u as f64 - margin, u as f64 + margin);
        if slab_high < u_low || slab_low > u_high {
            continue;
        }
        let (v0, v1) = (v_at(slab_low.max(u_low)), v_at(slab_high.min(u_high)));
        let v_first = (v0.min(v1) - margin).floor() as i64;
        let v_last = (v0.max(v1) + margin).ceil() as i64;
        for v in v_first..=v_last {
            let (wx, wy) = if steep { (v, u) } else { (u, v) };
            if is_wall(grid, wx, wy) {
                let distance = segment_to_square(a, b, wx, wy);
                if distance <= 0.0 || distance < r {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::random_terrain;
    use crate::generate::TerrainShares;
    use crate::movement::Movement;
    use crate::rng::Rng;

    fn random_map(seed: u64) -> Grid {
        let shares = TerrainShares {
            wall: 0.25,
            forest: 0.1,
            swamp: 0.0,
        };
        random_terrain(24, 18, shares, seed).unwrap()
    }

    /// Every wall square of the map and a ring of three outside it, for the brute-force checks.
    fn all_walls(grid: &Grid) -> Vec<(i64, i64)> {
        let mut out = vec![];
        for y in -3..grid.height() as i64 + 3 {
            for x in -3..grid.width() as i64 + 3 {
                if is_wall(grid, x, y) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    #[test]
    fn inflation_matches_brute_force_distances() {
        for seed in 0..12 {
            let grid = random_map(seed);
            let walls = all_walls(&grid);
            for r in [0.0, 0.3, 0.5, 0.7, 1.0, 1.2, 1.5, 2.0] {
                let inflated = inflate(&grid, r);
                for cell in 0..grid.len() as u32 {
                    let (x, y) = grid.xy(cell);
                    let nearest = walls
                        .iter()
                        .map(|&(wx, wy)| point_to_square(x as f64, y as f64, wx, wy))
                        .fold(f64::INFINITY, f64::min);
                    let free = grid.is_passable(cell) && nearest >= r;
                    assert_eq!(
                        inflated.is_passable(cell),
                        free,
                        "seed {seed} r {r} ({x}, {y})"
                    );
                    assert_eq!(cell_free(&grid, x, y, r), free);
                }
            }
        }
    }

    #[test]
    fn segment_clearance_matches_brute_force() {
        let mut rng = Rng::new(5);
        for seed in 0..10 {
            let grid = random_map(seed);
            let walls = all_walls(&grid);
            for _ in 0..300 {
                let mut point = || {
                    (
                        rng.below(grid.width()) as f64 + (rng.below(5) as f64 - 2.0) / 4.0,
                        rng.below(grid.height()) as f64 + (rng.below(5) as f64 - 2.0) / 4.0,
                    )
                };
                let (a, b) = (point(), point());
                let r = [0.0, 0.25, 0.5, 0.9, 1.5][rng.below(5) as usize];
                let nearest = walls
                    .iter()
                    .map(|&(wx, wy)| segment_to_square(a, b, wx, wy))
                    .fold(f64::INFINITY, f64::min);
                let expected = nearest > 0.0 && nearest >= r;
                assert_eq!(segment_clear(&grid, a, b, r), expected, "{a:?} {b:?} r {r}");
            }
        }
    }

    #[test]
    fn moves_between_free_cells_are_clear() {
        for seed in 0..12 {
            let grid = random_map(seed);
            for r in [0.0, 0.4, 0.5, 0.8, 1.0, 1.6, 2.0] {
                let inflated = inflate(&grid, r);
                let movement = Movement::default();
                for cell in 0..grid.len() as u32 {
                    if !inflated.is_passable(cell) {
                        continue;
                    }
                    let (x, y) = grid.xy(cell);
                    movement.for_each_neighbour(&inflated, cell, |next, _| {
                        let (nx, ny) = grid.xy(next);
                        let (a, b) = ((x as f64, y as f64), (nx as f64, ny as f64));
                        assert!(
                            segment_clear(&grid, a, b, r),
                            "seed {seed} r {r} {a:?} -> {b:?}"
                        );
                    });
                }
            }
        }
    }

    #[test]
    fn a_corner_between_two_walls_blocks_even_a_point() {
        let grid = Grid::from_ascii("#.\n.#").unwrap();
        assert!(!segment_clear(&grid, (1.0, 0.0), (0.0, 1.0), 0.0));
        let open = Grid::from_ascii("..\n..").unwrap();
        assert!(segment_clear(&open, (1.0, 0.0), (0.0, 1.0), 0.0));
        assert!(segment_clear(&open, (0.0, 0.0), (1.0, 1.0), 0.5));
        assert!(!segment_clear(&open, (0.0, 0.0), (1.0, 1.0), 0.6));
    }
}
