//! The map and its edits: the settings, the end cells, painting, new maps (cleared, generated), and the
//! caches an edit makes stale. Every edit changes only what it names and never walls in an end cell.

use super::*;

impl Session {
    /// Changes the settings; the caller re-solves or restarts.
    pub fn set_params(&mut self, params: SearchParams) {
        // A preparation left half done belongs to the solve these settings supersede.
        self.prepared_in_slices = false;
        if params != self.params {
            self.repairable = false;
        }
        if params.movement != self.params.movement {
            self.invalidate_map_caches();
        }
        if params.algorithm != self.params.algorithm {
            let (shown, timer) = match self.parked.take() {
                Some((algorithm, shown, timer)) if algorithm == params.algorithm => (shown, timer),
                other => {
                    self.parked = other;
                    engines(&params)
                }
            };
            let left = (
                std::mem::replace(&mut self.shown, shown),
                std::mem::replace(&mut self.timer, timer),
            );
            self.shown_warm = false;
            if registry::info(self.params.algorithm).preprocesses {
                self.parked = Some((self.params.algorithm, left.0, left.1));
            }
            self.shown.set_heap_log(self.heap_log);
        }
        self.params = params;
    }

    /// Moves the start to (x, y): refused off the map or on a wall.
    pub fn set_start(&mut self, x: i64, y: i64) -> Result<(), SessionError> {
        let cell = self.passable_cell(x, y, true)?;
        if cell != self.start {
            self.repairable = false;
        }
        self.start = cell;
        self.optimum = None;
        Ok(())
    }

    /// Moves the start to (x, y) as an agent walking its path does: like [`Session::set_start`], but a
    /// search that can repair is repaired from there by the next restart or solve
    /// ([`Stepper::repair_from`]) instead of begun again.
    pub fn walk_start(&mut self, x: i64, y: i64) -> Result<(), SessionError> {
        let cell = self.passable_cell(x, y, true)?;
        if cell != self.start {
            self.optimum = None;
        }
        self.start = cell;
        Ok(())
    }

    /// Moves the goal to (x, y): refused off the map or on a wall.
    pub fn set_goal(&mut self, x: i64, y: i64) -> Result<(), SessionError> {
        let cell = self.passable_cell(x, y, false)?;
        if cell != self.goal {
            self.repairable = false;
        }
        self.goal = cell;
        self.optimum = None;
        Ok(())
    }

    fn passable_cell(&self, x: i64, y: i64, is_start: bool) -> Result<u32, SessionError> {
        let cell = self.grid.checked_cell(x, y).map_err(|_| match is_start {
            true => SearchError::StartOutOfBounds { x, y },
            false => SearchError::GoalOutOfBounds { x, y },
        })?;
        if !self.grid.is_passable(cell) {
            let (x, y) = (x as u32, y as u32);
            return Err(match is_start {
                true => SearchError::StartOnWall { x, y },
                false => SearchError::GoalOnWall { x, y },
            }
            .into());
        }
        Ok(cell)
    }

    /// Paints `terrain` on every cell within Chebyshev distance `radius` of (x, y) (a square brush of side
    /// 2·radius + 1), clipped to the map. Walls are never painted on the start or goal. Returns how many
    /// cells changed.
    pub fn paint(&mut self, x: i64, y: i64, radius: u32, terrain: Terrain) -> u32 {
        let r = radius as i64;
        let mut changed = 0;
        for cy in (y - r).max(0)..=(y + r).min(self.grid.height() as i64 - 1) {
            for cx in (x - r).max(0)..=(x + r).min(self.grid.width() as i64 - 1) {
                let cell = self.grid.cell(cx as u32, cy as u32);
                let is_end = cell == self.start || cell == self.goal;
                if self.grid.terrain(cell) == terrain || (terrain == Terrain::Wall && is_end) {
                    continue;
                }
                self.grid.set_terrain(cell, terrain);
                changed += 1;
            }
        }
        if changed > 0 {
            self.optimum = None;
            self.regions = None;
            self.painted = true;
        }
        changed
    }

    /// Replaces the map. The start and goal stay where they are when they fit and are passable; otherwise
    /// they move to the top-left and bottom-right corners. Their cells are made passable (plain) if needed.
    pub fn replace_grid(&mut self, mut grid: Grid) {
        let keep = |cell: u32, grid: &Grid| {
            let (x, y) = self.grid.xy(cell);
            (x < grid.width() && y < grid.height()).then(|| grid.cell(x, y))
        };
        let start = keep(self.start, &grid).unwrap_or(0);
        let goal = keep(self.goal, &grid).unwrap_or(grid.len() as u32 - 1);
        for cell in [start, goal] {
            if !grid.is_passable(cell) {
                grid.set_terrain(cell, Terrain::Plain);
            }
        }
        self.grid = grid;
        self.start = start;
        self.goal = goal;
        self.invalidate_map_caches();
    }

    /// Replaces the map by `grid` drawn with the current cost table, and puts the start and goal on the
    /// passable cells nearest the top-left and bottom-right corners (see [`Session::place_ends_in_corners`]).
    /// Used by the generators, whose maps come with default costs. The terrain is left exactly as
    /// generated, so on a maze or rooms map the end cells are joined; only a map with no passable cell
    /// at all gets its two corner cells made plain, so that the end cells have somewhere to stand.
    pub fn replace_grid_keeping_costs(&mut self, mut grid: Grid) {
        // The current costs were validated when they were set, so this cannot fail.
        let _ = grid.set_costs(self.grid.costs());
        if grid.count(Terrain::Wall) as usize == grid.len() {
            let last = grid.len() as u32 - 1;
            grid.set_terrain(0, Terrain::Plain);
            grid.set_terrain(last, Terrain::Plain);
        }
        self.grid = grid;
        self.invalidate_map_caches();
        self.place_ends_in_corners();
    }

    /// A new all-plain map of `width` × `height` (1..=MAX_SIDE each), start top-left, goal bottom-right.
    pub fn clear(&mut self, width: u32, height: u32) -> Result<(), SessionError> {
        let grid = Grid::new(width, height)?;
        self.replace_grid_keeping_costs(grid);
        Ok(())
    }

    /// A seeded random map (see [`generate::random_terrain`]).
    ///
    /// - `shares`: each from 0 to 1 and summing to at most 1, or [`SessionError::BadShares`].
    pub fn generate_random(
        &mut self,
        width: u32,
        height: u32,
        shares: TerrainShares,
        seed: u64,
    ) -> Result<(), SessionError> {
        check_shares(shares.wall, shares.forest, shares.swamp)?;
        let grid = generate::random_terrain(width, height, shares, seed)?;
        self.replace_grid_keeping_costs(grid);
        Ok(())
    }

    /// A seeded maze with corridors `corridor` cells wide (see [`generate::maze`]), its corridors sprinkled
    /// with forest and swamp at the given shares (walls untouched, so every corridor cell stays reachable).
    ///
    /// - `forest`, `swamp`: fractions from 0 to 1 summing to at most 1, or [`SessionError::BadShares`].
    pub fn generate_maze(
        &mut self,
        width: u32,
        height: u32,
        corridor: u32,
        forest: f64,
        swamp: f64,
        seed: u64,
    ) -> Result<(), SessionError> {
        check_shares(0.0, forest, swamp)?;
        let mut grid = generate::maze(width, height, corridor, seed)?;
        generate::sprinkle(&mut grid, forest, swamp, seed);
        self.replace_grid_keeping_costs(grid);
        Ok(())
    }

    /// A seeded map of rooms about `room` cells a side joined by doors (see [`generate::rooms`]), sprinkled
    /// with forest and swamp like [`Session::generate_maze`].
    pub fn generate_rooms(
        &mut self,
        width: u32,
        height: u32,
        room: u32,
        forest: f64,
        swamp: f64,
        seed: u64,
    ) -> Result<(), SessionError> {
        check_shares(0.0, forest, swamp)?;
        let mut grid = generate::rooms(width, height, room, seed)?;
        generate::sprinkle(&mut grid, forest, swamp, seed);
        self.replace_grid_keeping_costs(grid);
        Ok(())
    }

    /// Moves the start to the passable cell nearest the top-left corner and the goal to the one nearest
    /// the bottom-right corner (nearest by Chebyshev rings, then row-major order). When the map has one
    /// passable cell, start and goal share it; when it has none, the end cells stay where they are.
    pub fn place_ends_in_corners(&mut self) {
        let (w, h) = (self.grid.width(), self.grid.height());
        let Some(start) = self.nearest_passable(0, 0, None) else {
            return;
        };
        let goal = self
            .nearest_passable(w - 1, h - 1, Some(start))
            .unwrap_or(start);
        self.start = start;
        self.goal = goal;
        self.optimum = None;
        self.repairable = false;
    }

    /// The passable cell nearest (x, y) other than `except`, searching outward ring by ring.
    fn nearest_passable(&self, x: u32, y: u32, except: Option<u32>) -> Option<u32> {
        let (w, h) = (self.grid.width() as i64, self.grid.height() as i64);
        let (x, y) = (x as i64, y as i64);
        for r in 0..w.max(h) {
            for cy in (y - r).max(0)..=(y + r).min(h - 1) {
                for cx in (x - r).max(0)..=(x + r).min(w - 1) {
                    let on_ring = (cx - x).abs() == r || (cy - y).abs() == r;
                    let cell = self.grid.cell(cx as u32, cy as u32);
                    if on_ring && self.grid.is_passable(cell) && Some(cell) != except {
                        return Some(cell);
                    }
                }
            }
        }
        None
    }

    /// Forgets what depends on the map and makes the next search begin anew (a new map, cost table or
    /// movement: not a repair).
    fn invalidate_map_caches(&mut self) {
        self.optimum = None;
        self.regions = None;
        self.repairable = false;
    }
}

/// Refuses shares that are not fractions 0..=1 summing to at most 1 (NaN included).
fn check_shares(wall: f64, forest: f64, swamp: f64) -> Result<(), SessionError> {
    let parts = [wall, forest, swamp];
    let each_ok = parts.iter().all(|p| (0.0..=1.0).contains(p));
    if !each_ok || parts.iter().sum::<f64>() > 1.0 + 1e-9 {
        return Err(SessionError::BadShares(TerrainShares {
            wall,
            forest,
            swamp,
        }));
    }
    Ok(())
}
