//! Seeded random edits of a map and the check that `astar replan` runs after each one: D* Lite repairs
//! its search ([`Stepper::repair`]) and a fresh A* on the edited map must agree with it.
//!
//! An edit ([`Edit`]) paints one terrain with a square brush of radius 0 to 2 (1, 9 or 25 cells):
//! a wall (40% of edits), plain ground (30%: removes walls), forest or swamp (15% each). Half of the edits
//! are centred on a cell of the current path, so that many of them cut it or make it dearer; the others
//! anywhere on the map. Like painting on the page, an edit never puts a wall *on* the start or the goal
//! (those cells of the brush are left as they are), but it may wall them in: the problem then becomes
//! unreachable, and D* Lite and A* must both say so.
//!
//! A *mismatch* is a repaired search whose outcome or cost differs from the fresh A*'s, or whose path is
//! not a chain of legal moves costing what it reports.

use crate::cost::Cost;
use crate::grid::{Grid, Terrain};
use crate::heuristic::Heuristic;
use crate::movement::Movement;
use crate::rng::Rng;
use crate::search::validate;
use crate::search::{
    Algorithm, DStarLite, Outcome, Search, SearchError, SearchParams, SearchResult, Stepper,
};

/// One painted square of terrain (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The brush centre's column.
    pub x: u32,
    /// The brush centre's row.
    pub y: u32,
    /// Chebyshev radius: the brush is 2·radius + 1 cells a side, clipped to the map.
    pub radius: u32,
    /// What is painted.
    pub terrain: Terrain,
    /// True when the centre was chosen on the current path.
    pub on_path: bool,
}

impl Edit {
    /// A random edit of `grid` (see the module doc); `path` is the current path (may be empty).
    pub fn random(grid: &Grid, path: &[u32], rng: &mut Rng) -> Edit {
        let on_path = !path.is_empty() && rng.below(2) == 0;
        let cell = match on_path {
            true => path[rng.below(path.len() as u32) as usize],
            false => rng.below(grid.len() as u32),
        };
        let (x, y) = grid.xy(cell);
        let terrain = match rng.below(20) {
            0..8 => Terrain::Wall,
            8..14 => Terrain::Plain,
            14..17 => Terrain::Forest,
            _ => Terrain::Swamp,
        };
        let radius = match rng.below(10) {
            0..6 => 0,
            6..9 => 1,
            _ => 2,
        };
        Edit {
            x,
            y,
            radius,
            terrain,
            on_path,
        }
    }

    /// Paints the edit on `grid`, leaving the cells in `keep` unwalled; returns how many cells changed.
    pub fn apply(&self, grid: &mut Grid, keep: [u32; 2]) -> u32 {
        let r = self.radius;
        let mut changed = 0;
        for y in self.y.saturating_sub(r)..=(self.y + r).min(grid.height() - 1) {
            for x in self.x.saturating_sub(r)..=(self.x + r).min(grid.width() - 1) {
                let cell = grid.cell(x, y);
                let walls_an_end = self.terrain == Terrain::Wall && keep.contains(&cell);
                if grid.terrain(cell) != self.terrain && !walls_an_end {
                    grid.set_terrain(cell, self.terrain);
                    changed += 1;
                }
            }
        }
        changed
    }
}

/// What one edit did and what the two searches found afterwards.
#[derive(Clone, Debug, PartialEq)]
pub struct EditCheck {
    /// The edit (`None` for the initial search).
    pub edit: Option<Edit>,
    /// Cells whose terrain the edit changed.
    pub changed: u32,
    /// D* Lite's cost after the repair (`None`: unreachable).
    pub repaired: Option<Cost>,
    /// The fresh A*'s cost on the edited map (`None`: unreachable).
    pub fresh: Option<Cost>,
    /// Expansions of the repair (of the whole initial search for the initial check).
    pub repair_expanded: u64,
    /// Expansions of the fresh A*.
    pub fresh_expanded: u64,
    /// Why this is a mismatch, or `None` when the two agree.
    pub mismatch: Option<String>,
}

/// A map being edited at random, with D* Lite kept up to date and checked against A* (see the module
/// doc).
#[derive(Debug)]
pub struct Replan {
    grid: Grid,
    start: u32,
    goal: u32,
    dstar: DStarLite,
    dstar_params: SearchParams,
    astar: Search,
    astar_params: SearchParams,
    rng: Rng,
}

impl Replan {
    /// Begins D* Lite from `start` to `goal` on `grid` with `movement`, runs it, and checks it against
    /// A* (the returned [`EditCheck`] has no edit).
    ///
    /// - `start`, `goal`: passable cells of `grid`, or the search's error.
    pub fn new(
        grid: Grid,
        movement: Movement,
        start: u32,
        goal: u32,
        seed: u64,
    ) -> Result<(Replan, EditCheck), SearchError> {
        let astar_params = SearchParams {
            algorithm: Algorithm::AStar,
            heuristic: Heuristic::best_admissible(movement),
            movement,
            ..SearchParams::default()
        };
        let dstar_params = SearchParams {
            algorithm: Algorithm::DStarLite,
            ..astar_params
        };
        let mut replan = Replan {
            grid,
            start,
            goal,
            dstar: DStarLite::new(),
            dstar_params,
            astar: Search::new(),
            astar_params,
            rng: Rng::new(seed),
        };
        replan
            .dstar
            .begin(&replan.grid, &dstar_params, start, goal)?;
        let check = replan.check(None, 0)?;
        Ok((replan, check))
    }

    /// The map as edited so far.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Applies the next random edit, repairs D* Lite, and checks it against a fresh A*.
    pub fn next_edit(&mut self) -> Result<EditCheck, SearchError> {
        let edit = Edit::random(&self.grid, self.dstar.path(), &mut self.rng);
        let changed = edit.apply(&mut self.grid, [self.start, self.goal]);
        if !self.dstar.repair(&self.grid)? {
            // Not expected (an edit keeps the map's size and costs), but a new search is still an
            // answer to check.
            self.dstar
                .begin(&self.grid, &self.dstar_params, self.start, self.goal)?;
        }
        self.check(Some(edit), changed)
    }

    /// Runs D* Lite (its repair) to the end and compares it with a fresh A*.
    fn check(&mut self, edit: Option<Edit>, changed: u32) -> Result<EditCheck, SearchError> {
        self.dstar.run(&self.grid);
        let repaired = self.dstar.result().expect("a search that ran has a result");
        let fresh = self
            .astar
            .solve(&self.grid, &self.astar_params, self.start, self.goal)?;
        let cost = |r: &SearchResult| (r.outcome == Outcome::Found).then_some(r.cost);
        let mismatch = if cost(&repaired) != cost(&fresh) {
            Some(format!(
                "D* Lite found {}, a fresh A* {}",
                describe(cost(&repaired)),
                describe(cost(&fresh))
            ))
        } else if repaired.outcome == Outcome::Found {
            match validate::grid_path_cost(&self.grid, self.dstar_params.movement, &repaired.path) {
                Err(why) => Some(format!("D* Lite's path is invalid: {why}")),
                Ok(c) if c != repaired.cost || repaired.path.first() != Some(&self.start) => {
                    Some("D* Lite's path does not cost what it reports".into())
                }
                Ok(_) => None,
            }
        } else {
            None
        };
        Ok(EditCheck {
            edit,
            changed,
            repaired: cost(&repaired),
            fresh: cost(&fresh),
            repair_expanded: repaired.counters.expanded,
            fresh_expanded: fresh.counters.expanded,
            mismatch,
        })
    }
}

/// "cost 12.41421" or "no path".
fn describe(cost: Option<Cost>) -> String {
    match cost {
        Some(c) => format!("cost {:.5}", crate::cost::to_f64(c)),
        None => "no path".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::CornerRule;

    #[test]
    fn edits_never_wall_an_end_cell_and_count_what_they_change() {
        let mut grid = Grid::from_ascii("...\n...\n...").unwrap();
        let edit = Edit {
            x: 0,
            y: 0,
            radius: 1,
            terrain: Terrain::Wall,
            on_path: false,
        };
        assert_eq!(edit.apply(&mut grid, [0, 8]), 3);
        assert_eq!(grid.to_ascii(), ".#.\n##.\n...\n");
        assert_eq!(edit.apply(&mut grid, [0, 8]), 0, "nothing left to change");
    }

    #[test]
    fn repairs_agree_with_fresh_searches_and_some_edits_aim_at_the_path() {
        let grid =
            crate::generate::random_terrain(30, 20, crate::generate::TerrainShares::ARTICLE, 4)
                .unwrap();
        let cells: Vec<u32> = (0..grid.len() as u32)
            .filter(|&c| grid.is_passable(c))
            .collect();
        let movement = Movement::Eight(CornerRule::NoCut);
        let (mut replan, initial) =
            Replan::new(grid, movement, cells[0], *cells.last().unwrap(), 9).unwrap();
        assert_eq!(initial.mismatch, None);
        let mut on_path = 0;
        for _ in 0..60 {
            let check = replan.next_edit().unwrap();
            assert_eq!(check.mismatch, None, "{check:?}");
            on_path += check.edit.unwrap().on_path as u32;
        }
        // Edits aim at the path only while there is one (walls often cut this map's for a while).
        assert!((5..55).contains(&on_path), "{on_path} of 60 on the path");
    }

    #[test]
    fn edits_that_wall_an_end_cell_in_leave_both_searches_without_a_path() {
        let grid = Grid::from_ascii("....\n....\n....").unwrap();
        let (start, goal) = (grid.cell(0, 1), grid.cell(3, 1));
        for movement in [Movement::Four, Movement::Eight(CornerRule::AlwaysCut)] {
            let (mut replan, _) = Replan::new(grid.clone(), movement, start, goal, 5).unwrap();
            let mut walled_in = 0;
            for _ in 0..100 {
                let check = replan.next_edit().unwrap();
                assert_eq!(check.mismatch, None, "{check:?}");
                assert!(replan.grid().is_passable(start) && replan.grid().is_passable(goal));
                walled_in += (check.fresh.is_none()) as u32;
            }
            assert!(
                walled_in > 5,
                "{movement:?}: walled in after only {walled_in} edits"
            );
        }
    }
}
