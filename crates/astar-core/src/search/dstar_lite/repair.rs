//! D* Lite's repair (see the module doc of `dstar_lite`, "Repair"): the edges of the cells whose
//! terrain changed are brought up to date, the vertices whose rhs changed are queued, and the start may
//! move (km).

use super::{DStarLite, INF};
use crate::cost::{Cost, Pricing};
use crate::grid::{Grid, Terrain};
use crate::search::registry;
use crate::search::SearchError;

impl DStarLite {
    /// Like [`Stepper::repair`](crate::search::Stepper::repair), and moves the start to `start` first (the agent walked there): km grows
    /// by h(old start, new start), as in the paper's main loop. With `start` unchanged it is `repair`.
    ///
    /// - `start`: a passable cell of `grid`, or the `begin` errors.
    pub fn repair_from(&mut self, grid: &Grid, start: u32) -> Result<bool, SearchError> {
        if !self.can_repair(grid) {
            return Ok(false);
        }
        if let Err(e) = registry::check_endpoints(grid, start, self.slots.cell(self.goal)) {
            self.drop_search();
            return Err(e);
        }
        let slot = self.slots.slot(start);
        if slot != self.start {
            self.km_priced += self.h_from_start(slot);
            self.km += self.h_from_start_in(slot, Pricing::FIXED);
            self.start = slot;
            self.start_xy = grid.xy(start);
        }
        self.new_run();
        self.update_edges(grid);
        Ok(true)
    }

    /// True when a search has begun on a grid of `grid`'s size and cost table, no cell of `grid` costs
    /// less than the heuristic's scale (see the module doc of `dstar_lite`), and no cell has a penalty:
    /// an edit that gives one (a wall painted on a map with a hugging penalty) begins a new search, which
    /// refuses it (`Unmet::NoPenalties`).
    pub(super) fn can_repair(&self, grid: &Grid) -> bool {
        self.run > 0
            && grid.width() == self.width
            && grid.len() == self.cells as usize
            && grid.costs() == self.costs
            && grid.cheapest_tenths() >= self.scale
            && grid.penalised_cells() == 0
    }

    /// Brings the terrain copy up to `grid`, updating the edges of every changed cell (see the module
    /// doc, "Repair").
    fn update_edges(&mut self, grid: &Grid) {
        let new = grid.bordered_terrain();
        const CHUNK: usize = 64;
        let mut changed = Vec::new();
        for (chunk, (old, now)) in self
            .terrain_by_slot
            .chunks(CHUNK)
            .zip(new.chunks(CHUNK))
            .enumerate()
        {
            if old != now {
                let base = chunk * CHUNK;
                changed.extend(
                    (0..old.len())
                        .filter(|&i| old[i] != now[i])
                        .map(|i| (base + i) as u32),
                );
            }
        }
        // The out-edges that change are those of the changed cells and of their 8 neighbours (moves
        // into a changed cell, and diagonals passing its corner).
        let row = self.width as i64 + 2;
        let mut sources: Vec<u32> = Vec::with_capacity(changed.len() * 9);
        for &slot in &changed {
            for dy in -1..=1 {
                for dx in -1..=1 {
                    sources.push((slot as i64 + dy * row + dx) as u32);
                }
            }
        }
        sources.sort_unstable();
        sources.dedup();
        let mut recompute = Vec::new();
        let mut touched = Vec::new();
        for &u in &sources {
            if u == self.goal
                || (new[u as usize] == Terrain::Wall
                    && self.terrain_by_slot[u as usize] == Terrain::Wall)
            {
                continue; // rhs(goal) stays 0; no edge leaves a wall, before or after
            }
            let before = self.out_costs(&self.terrain_by_slot, u);
            let after = self.out_costs(new, u);
            let rhs = self.rhs_by_slot[u as usize];
            let mut lowered = rhs;
            let mut through_dearer = false;
            for ((c_old, v_old), (c_new, v_new)) in before.into_iter().zip(after) {
                if c_old == c_new {
                    continue;
                }
                // The same target both ways; 0 stands for "no move" on the side that has none.
                let g_v = self.g_by_slot[v_old.max(v_new) as usize];
                if c_new < c_old {
                    lowered = lowered.min(c_new.saturating_add(g_v));
                } else if rhs == c_old.saturating_add(g_v) {
                    through_dearer = true;
                }
            }
            if through_dearer {
                // rhs(u) came through an edge that got dearer: recomputed from scratch below, against
                // the new terrain (which also counts every cheaper edge).
                recompute.push((u, rhs));
            } else if lowered != rhs {
                self.rhs_by_slot[u as usize] = lowered;
                touched.push(u);
            }
        }
        for &slot in &changed {
            self.terrain_by_slot[slot as usize] = new[slot as usize];
        }
        for &(u, rhs) in &recompute {
            self.rhs_by_slot[u as usize] = self.lookahead(u);
            if self.rhs_by_slot[u as usize] != rhs {
                touched.push(u);
            }
        }
        // UpdateVertex on the vertices whose rhs changed (for the others it would change nothing), in
        // slot order so that repairs are deterministic.
        touched.sort_unstable();
        for &u in &touched {
            self.update_vertex(u);
        }
    }

    /// Per direction, the cost and target of the move out of `slot` in `terrain` ([`INF`] and 0 when
    /// there is none).
    fn out_costs(&self, terrain: &[Terrain], slot: u32) -> [(Cost, u32); 8] {
        let mut out = [(INF, 0u32); 8];
        self.moves(terrain, slot, |next, m, enter, _| {
            out[m as usize] = (enter, next);
        });
        out
    }
}
