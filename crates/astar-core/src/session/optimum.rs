//! The optimum the badge compares with: the optimal cost and path on this map, end cells and movement,
//! cached until an edit, and the connected regions that tell an unreachable goal at once.

use super::*;

impl Session {
    /// The optimal cost from start to goal on this map and movement (cached until an edit), or `None`
    /// when the goal cannot be reached. When the shown search has finished on the map, end cells and
    /// settings as they are and its settings guarantee an optimal path, that is its cost; otherwise A*
    /// finds it (on a 1024 × 1024 map a search across the map costs about 100 ms in the page, after
    /// every edit).
    pub fn optimal_cost(&mut self) -> Option<Cost> {
        if let Some(optimum) = self.optimum {
            return optimum;
        }
        let optimum = match self.settled_optimum() {
            Some(settled) => settled,
            None => {
                let params = self.optimum_params();
                match self.probe.solve(&self.grid, &params, self.start, self.goal) {
                    Ok(result) if result.outcome == Outcome::Found => Some(result.cost),
                    _ => None,
                }
            }
        };
        self.optimum = Some(optimum);
        optimum
    }

    /// The optimum as the shown search settles it (when it has finished on the map, end cells and
    /// settings as they are and they guarantee an optimal path), or `None` when A* must search for it.
    fn settled_optimum(&self) -> Option<Option<Cost>> {
        if !(self.shown_is_current() && self.guarantees_optimum()) {
            return None;
        }
        match self.shown.outcome() {
            Some(Outcome::Found) => Some(Some(self.shown.path_cost())),
            Some(Outcome::Unreachable) => Some(None),
            _ => None,
        }
    }

    /// True when the optimum is neither cached nor settled by the shown search: the stats need A*'s.
    pub(super) fn optimum_needs_search(&self) -> bool {
        self.optimum.is_none() && self.settled_optimum().is_none()
    }

    /// Begins the search for the optimum in the probe (stepped by [`Session::solve_for`]).
    pub(super) fn begin_optimum_search(&mut self) -> Result<(), SessionError> {
        let params = self.optimum_params();
        let probe: &mut dyn Stepper = std::hint::black_box(&mut self.probe);
        probe.begin(&self.grid, &params, self.start, self.goal)?;
        Ok(())
    }

    /// True when the shown search was begun (or repaired) on the map, end cells and settings as they
    /// are now.
    pub(super) fn shown_is_current(&self) -> bool {
        self.repairable && !self.painted && self.start == self.searched_start
    }

    /// True when the settings guarantee an optimal path (the page's badge then says the bound is
    /// exact: see [`crate::bound`]).
    fn guarantees_optimum(&self) -> bool {
        bound(&self.params, &self.grid) == Bound::Exact
    }

    /// An optimal path from start to goal on this map and movement (admissible A*, w = 1, the search
    /// behind [`Session::optimal_cost`]), start first; empty when the goal cannot be reached.
    pub fn optimal_path(&mut self) -> Vec<u32> {
        let params = self.optimum_params();
        match self.probe.solve(&self.grid, &params, self.start, self.goal) {
            Ok(result) if result.outcome == Outcome::Found => result.path,
            _ => Vec::new(),
        }
    }

    /// The settings of the search for the optimum.
    fn optimum_params(&self) -> SearchParams {
        SearchParams {
            algorithm: Algorithm::AStar,
            heuristic: Heuristic::best_admissible(self.params.movement),
            weight: Weight::ONE,
            movement: self.params.movement,
            ..SearchParams::default()
        }
    }

    /// The connected regions of the map under the current movement (cached until an edit).
    pub fn regions(&mut self) -> &Regions {
        let movement: Movement = self.params.movement;
        self.regions
            .get_or_insert_with(|| Regions::compute(&self.grid, movement))
    }

    /// True when no path joins start and goal (known from the regions, without searching).
    pub fn goal_unreachable(&mut self) -> bool {
        let (start, goal) = (self.start, self.goal);
        !self.regions().connected(start, goal)
    }
}
