//! What an edit of the map does to a scene, and where a unit starts its next path: the inflation,
//! regions and cache follow the map; a search under way starts again; a walker whose way ahead is blocked
//! asks for a new path from where it stands, and one the edit walled in moves to the nearest free cell.

use super::Scene;
use crate::crowd::clearance::{self, inflate, point_clear, segment_clear};
use crate::crowd::unit::{dist, UnitState};
use crate::crowd::waypoints::centre;
use crate::grid::Grid;
use crate::regions::Regions;

impl Scene {
    /// Gives unit `i` a cell to start its next path from: the free cell nearest to where it stands that
    /// it can reach in a clear straight line (it walks there first), or, walled in, the nearest free cell
    /// (it is moved there: counted as displaced).
    pub(super) fn stand_on_a_cell(&mut self, i: u32) {
        let position = self.units[i as usize].position;
        let r = self.config.radius;
        let (w, h) = (self.grid.width() as i64, self.grid.height() as i64);
        let (rx, ry) = (position.0.round() as i64, position.1.round() as i64);
        let mut nearest: Option<(f64, u32)> = None;
        for reach in 0..=2_i64 {
            for y in ry - reach..=ry + reach {
                for x in rx - reach..=rx + reach {
                    if x < 0 || y < 0 || x >= w || y >= h {
                        continue;
                    }
                    let cell = self.grid.cell(x as u32, y as u32);
                    let to = (x as f64, y as f64);
                    let d = dist(position, to);
                    if self.inflated.is_passable(cell)
                        && nearest.is_none_or(|(best, _)| d < best)
                        && segment_clear(&self.grid, position, to, r)
                    {
                        nearest = Some((d, cell));
                    }
                }
            }
            if nearest.is_some() {
                break;
            }
        }
        let unit = &mut self.units[i as usize];
        match nearest {
            Some((_, cell)) => unit.cell = cell,
            None => {
                let cell = nearest_free(&self.inflated, rx, ry);
                unit.cell = cell;
                unit.position = centre(&self.grid, cell);
                self.totals.displaced += 1;
            }
        }
    }

    /// Takes the map after an edit (the same size): the inflation, regions and cache follow; a search
    /// under way starts again; a unit whose way ahead is no longer clear asks for a new path from where
    /// it stands, and one the edit walled in moves to the nearest free cell. Returns how many replan.
    pub fn set_map(&mut self, grid: &Grid) -> u32 {
        if grid.width() != self.grid.width() || grid.height() != self.grid.height() {
            return 0;
        }
        let Some((x0, y0, x1, y1)) = changed_box(&self.grid, grid) else {
            // The cost table or the penalties may still differ.
            if grid.costs() != self.grid.costs() || grid.penalties() != self.grid.penalties() {
                self.grid = grid.clone();
                self.inflated = inflate(grid, self.config.radius);
                self.restart_searches();
            }
            return 0;
        };
        self.grid = grid.clone();
        let reach = clearance::reach(self.config.radius);
        clearance::reinflate(
            &self.grid,
            &mut self.inflated,
            self.config.radius,
            x0.saturating_sub(reach),
            y0.saturating_sub(reach),
            x1 + reach + 1,
            y1 + reach + 1,
        );
        self.restart_searches();
        let r = self.config.radius;
        let mut replan = vec![];
        for (i, unit) in self.units.iter().enumerate() {
            let walled_in = !point_clear(&self.grid, unit.position, r);
            let blocked_ahead = unit.state == UnitState::Walking
                && unit
                    .remaining_segments()
                    .any(|(a, b)| !segment_clear(&self.grid, a, b, r));
            let goal_lost = unit.goal.is_some_and(|g| !self.inflated.is_passable(g));
            let waiting = matches!(unit.state, UnitState::Queued | UnitState::Searching);
            let start_lost = waiting
                && (!self.inflated.is_passable(unit.cell)
                    || !segment_clear(&self.grid, unit.position, centre(&self.grid, unit.cell), r));
            let retry = unit.state == UnitState::Unreachable;
            if walled_in || blocked_ahead || retry || start_lost || (waiting && goal_lost) {
                replan.push(i as u32);
            }
        }
        let walking_replans = replan
            .iter()
            .filter(|&&i| self.units[i as usize].state == UnitState::Walking)
            .count() as u32;
        for &i in &replan {
            let unit = &mut self.units[i as usize];
            if unit.goal.is_some_and(|g| !self.inflated.is_passable(g)) {
                // The goal itself was walled: the nearest free cell to it stands in.
                let (gx, gy) = self.grid.xy(unit.goal.expect("checked"));
                unit.goal = Some(nearest_free(&self.inflated, gx as i64, gy as i64));
            }
        }
        self.request(&replan);
        self.totals.replans += walking_replans;
        self.replans_pending += walking_replans;
        walking_replans
    }

    /// After any change of the map: regions again, the cache emptied, the search under way (and the
    /// field) started again.
    fn restart_searches(&mut self) {
        self.regions = Regions::compute(&self.inflated, self.movement);
        self.cache.clear();
        self.fields.clear();
        if let Some(active) = self.active.take() {
            self.queue.push_front(active.unit);
            self.units[active.unit as usize].state = UnitState::Queued;
        }
    }
}

/// The free cell of `inflated` nearest to `(x, y)` (by rings of growing size); `(x, y)` clamped to the map.
fn nearest_free(inflated: &Grid, x: i64, y: i64) -> u32 {
    let (w, h) = (inflated.width() as i64, inflated.height() as i64);
    let (x, y) = (x.clamp(0, w - 1), y.clamp(0, h - 1));
    let mut best: Option<(i64, u32)> = None;
    for reach in 0..w.max(h) {
        for cy in (y - reach).max(0)..=(y + reach).min(h - 1) {
            for cx in (x - reach).max(0)..=(x + reach).min(w - 1) {
                let cell = inflated.cell(cx as u32, cy as u32);
                let d = (cx - x).pow(2) + (cy - y).pow(2);
                if inflated.is_passable(cell) && best.is_none_or(|(b, _)| d < b) {
                    best = Some((d, cell));
                }
            }
        }
        // A cell found in ring k is within k·√2; rings beyond k·√2 cannot be nearer.
        if let Some((d, cell)) = best {
            if ((reach * reach) as f64) >= d as f64 {
                return cell;
            }
        }
    }
    best.map(|(_, c)| c).unwrap_or_else(|| {
        (0..inflated.len() as u32)
            .find(|&c| inflated.is_passable(c))
            .unwrap_or(0)
    })
}

/// The smallest box of cells (x0, y0, x1, y1, inclusive) where `a` and `b` differ, if they do.
fn changed_box(a: &Grid, b: &Grid) -> Option<(u32, u32, u32, u32)> {
    let mut found: Option<(u32, u32, u32, u32)> = None;
    for (cell, (old, new)) in a.terrain_slice().iter().zip(b.terrain_slice()).enumerate() {
        if old != new {
            let (x, y) = a.xy(cell as u32);
            found = Some(match found {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
    }
    found
}
