//! The [`Search`] engine: per-cell arrays, the open list, and `step()`.

use super::open_list::{OpenEntry, OpenList};
use super::{
    Algorithm, Counters, Outcome, SearchError, SearchParams, SearchResult, Step, TieBreak,
};
use crate::cost::Cost;
use crate::grid::Grid;
use crate::heuristic::Heuristic;
use crate::regions::Regions;

/// Marks "no parent" (the start cell) in `parent_by_cell`.
const NO_PARENT: u32 = u32::MAX;

/// Marks "never" in the trace arrays.
pub const NEVER: u32 = u32::MAX;

/// An incremental search that keeps its buffers between runs (see the module doc of [`crate::search`]).
///
/// The grid must not change between [`Search::begin`] and the end of the search: the engine does not own
/// it, and each `step` is handed the same grid again.
#[derive(Clone, Debug, Default)]
pub struct Search {
    /// Indexed by cell id; valid where `stamp_by_cell` is this generation or the next.
    g_by_cell: Vec<Cost>,
    /// Indexed by cell id; valid like `g_by_cell`.
    parent_by_cell: Vec<u32>,
    /// Indexed by cell id: `generation` = open, `generation + 1` = closed, else unseen this search.
    stamp_by_cell: Vec<u32>,
    /// Even, and at least 2, once a search has begun.
    generation: u32,
    open: OpenList,
    open_count: u64,
    next_seq: u32,

    params: SearchParams,
    start: u32,
    goal: u32,
    goal_xy: (u32, u32),
    cheapest: u8,
    /// The closed cell closest to the goal so far (for a partial path), with its octile distance.
    closest: (Cost, u32),
    counters: Counters,
    outcome: Option<Outcome>,
    path: Vec<u32>,
    last_expanded: Option<u32>,

    trace: Option<Trace>,
}

/// Per-cell steps and per-frame changes, kept for the playground's animation.
#[derive(Clone, Debug, Default)]
struct Trace {
    /// Indexed by cell id: the number of expansions done when the cell was (last) opened, or [`NEVER`].
    opened_at: Vec<u32>,
    /// Indexed by cell id: the 1-based expansion that (last) closed the cell, or [`NEVER`].
    closed_at: Vec<u32>,
    /// Cells whose state changed since [`Search::clear_changes`], in order, possibly repeated.
    changed: Vec<u32>,
}

impl Search {
    /// An empty engine; buffers grow on the first search.
    pub fn new() -> Search {
        Search::default()
    }

    /// Turns the trace on or off. With the trace on, each cell records at which step it was opened and
    /// closed, and [`Search::changes`] lists the cells changed since the last [`Search::clear_changes`];
    /// it costs 8 bytes per cell and an O(cells) reset at each [`Search::begin`].
    pub fn set_trace(&mut self, on: bool) {
        self.trace = if on { Some(Trace::default()) } else { None };
    }

    /// Starts a search from `start` to `goal` (cell ids), dropping any search in progress.
    ///
    /// - `start`, `goal`: cells of `grid` that are not walls, or a [`SearchError`] saying which is wrong.
    pub fn begin(
        &mut self,
        grid: &Grid,
        params: &SearchParams,
        start: u32,
        goal: u32,
    ) -> Result<(), SearchError> {
        check_endpoints(grid, start, goal)?;
        self.prepare_buffers(grid.len());
        self.params = *params;
        // Breadth-first expands in insertion order whatever the tie-break (the table in the module doc):
        // last-in or higher-g first would make it depth-first and lose "fewest moves".
        if params.algorithm == Algorithm::Bfs {
            self.params.tie_break = TieBreak::FirstIn;
        }
        self.start = start;
        self.goal = goal;
        self.goal_xy = grid.xy(goal);
        self.cheapest = grid.cheapest_cost();
        self.counters = Counters::default();
        self.outcome = None;
        self.path.clear();
        self.open.clear();
        self.open_count = 0;
        self.next_seq = 0;
        self.last_expanded = None;
        self.closest = (Cost::MAX, start);
        self.generate(grid, start, 0, NO_PARENT);
        Ok(())
    }

    /// Like [`Search::begin`], but when `regions` show that no path exists, the search finishes at once as
    /// [`Outcome::Unreachable`] with no expansion. `regions` must have been computed for this grid and
    /// movement.
    pub fn begin_with_regions(
        &mut self,
        grid: &Grid,
        params: &SearchParams,
        start: u32,
        goal: u32,
        regions: &Regions,
    ) -> Result<(), SearchError> {
        self.begin(grid, params, start, goal)?;
        if !regions.connected(start, goal) {
            self.finish(Outcome::Unreachable);
        }
        Ok(())
    }

    /// Expands exactly one cell (skipping stale entries), or reports that the search is over.
    pub fn step(&mut self, grid: &Grid) -> Step {
        if let Some(outcome) = self.outcome {
            return Step::Done(outcome);
        }
        if let Some(limit) = self.params.expansion_limit {
            if self.counters.expanded >= limit as u64 {
                return Step::Done(self.finish(Outcome::LimitReached));
            }
        }
        let entry = loop {
            let Some(entry) = self.open.pop() else {
                return Step::Done(self.finish(Outcome::Unreachable));
            };
            let cell = entry.cell as usize;
            if self.stamp_by_cell[cell] == self.generation && self.g_by_cell[cell] == entry.g {
                break entry;
            }
            self.counters.stale_pops += 1;
        };
        self.expand(grid, entry.cell);
        Step::Expanded(entry.cell)
    }

    /// Steps until the search finishes.
    pub fn run(&mut self, grid: &Grid) -> Outcome {
        loop {
            if let Step::Done(outcome) = self.step(grid) {
                return outcome;
            }
        }
    }

    /// Begins, runs to the end and returns the result: the one-shot form of the engine.
    pub fn solve(
        &mut self,
        grid: &Grid,
        params: &SearchParams,
        start: u32,
        goal: u32,
    ) -> Result<SearchResult, SearchError> {
        self.begin(grid, params, start, goal)?;
        self.run(grid);
        Ok(self.result().expect("a search that ran has a result"))
    }

    /// The result, once the search has finished.
    pub fn result(&self) -> Option<SearchResult> {
        Some(SearchResult {
            outcome: self.outcome?,
            path: self.path.clone(),
            cost: self.path_cost(),
            counters: self.counters,
        })
    }

    /// How the search ended, or `None` while it is still running.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// The path found (empty until the search finishes, and when unreachable).
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// The fixed-point cost of [`Search::path`] (0 when there is none).
    pub fn path_cost(&self) -> Cost {
        self.path
            .last()
            .map_or(0, |&cell| self.g_by_cell[cell as usize])
    }

    /// The cell expanded by the latest step, if any.
    pub fn last_expanded(&self) -> Option<u32> {
        self.last_expanded
    }

    /// The parameters of the current search.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// The best g known for `cell` in this search, or `None` if it was never reached.
    pub fn g(&self, cell: u32) -> Option<Cost> {
        self.is_reached(cell).then(|| self.g_by_cell[cell as usize])
    }

    /// True if `cell` was generated in this search (open or closed).
    pub fn is_reached(&self, cell: u32) -> bool {
        let stamp = self.stamp_by_cell.get(cell as usize).copied().unwrap_or(0);
        self.generation != 0 && (stamp == self.generation || stamp == self.generation + 1)
    }

    /// True if `cell` is closed in this search.
    pub fn is_closed(&self, cell: u32) -> bool {
        self.generation != 0
            && self.stamp_by_cell.get(cell as usize) == Some(&(self.generation + 1))
    }

    /// The heuristic estimate from `cell` to the goal, as this search computes it (0 for BFS and Dijkstra).
    pub fn h(&self, grid: &Grid, cell: u32) -> Cost {
        self.estimate(grid, cell)
    }

    /// With the trace on: per cell, the number of expansions done when it was (last) opened, or [`NEVER`].
    pub fn opened_at(&self) -> &[u32] {
        self.trace.as_ref().map_or(&[], |t| &t.opened_at)
    }

    /// With the trace on: per cell, the 1-based expansion that (last) closed it, or [`NEVER`].
    pub fn closed_at(&self) -> &[u32] {
        self.trace.as_ref().map_or(&[], |t| &t.closed_at)
    }

    /// With the trace on: cells changed since the last [`Search::clear_changes`] (possibly repeated).
    pub fn changes(&self) -> &[u32] {
        self.trace.as_ref().map_or(&[], |t| &t.changed)
    }

    /// Forgets the list of changed cells.
    pub fn clear_changes(&mut self) {
        if let Some(trace) = &mut self.trace {
            trace.changed.clear();
        }
    }

    /// Test hook, not part of the API: moves the generation stamp forward to `generation` (rounded down
    /// to even) so that a test can cross the stamp's wrap-around without four billion searches. It must
    /// only move forward, and only after a search on a map of the size the next search uses.
    #[doc(hidden)]
    pub fn force_generation_for_tests(&mut self, generation: u32) {
        assert!(
            generation >= self.generation,
            "the generation only moves forward"
        );
        self.generation = generation & !1;
    }

    fn prepare_buffers(&mut self, cells: usize) {
        if self.g_by_cell.len() != cells {
            self.g_by_cell = vec![0; cells];
            self.parent_by_cell = vec![NO_PARENT; cells];
            self.stamp_by_cell = vec![0; cells];
            self.generation = 0;
        }
        // Each search uses two stamp values; wrap around (after two billion searches) with a real clear.
        if self.generation >= u32::MAX - 3 {
            self.stamp_by_cell.fill(0);
            self.generation = 0;
        }
        self.generation += 2;
        if let Some(trace) = &mut self.trace {
            trace.opened_at.clear();
            trace.opened_at.resize(cells, NEVER);
            trace.closed_at.clear();
            trace.closed_at.resize(cells, NEVER);
            trace.changed.clear();
        }
    }

    #[inline]
    fn estimate(&self, grid: &Grid, cell: u32) -> Cost {
        let heuristic = match self.params.algorithm {
            Algorithm::Bfs | Algorithm::Dijkstra => return 0,
            Algorithm::Greedy | Algorithm::AStar => self.params.heuristic,
        };
        let (x, y) = grid.xy(cell);
        heuristic.estimate(
            x.abs_diff(self.goal_xy.0),
            y.abs_diff(self.goal_xy.1),
            self.cheapest,
        )
    }

    /// Pushes `cell` with cost `g` reached from `parent`, and marks it open.
    #[inline]
    fn generate(&mut self, grid: &Grid, cell: u32, g: Cost, parent: u32) {
        let h = self.estimate(grid, cell);
        let primary = match self.params.algorithm {
            Algorithm::Bfs => 0,
            Algorithm::Dijkstra => g,
            Algorithm::Greedy => h,
            Algorithm::AStar => g * 1000 + h * self.params.weight.milli() as Cost,
        };
        let (secondary, seq) = match self.params.tie_break {
            TieBreak::LowerH => (h, self.next_seq),
            TieBreak::HigherG => (Cost::MAX - g, self.next_seq),
            TieBreak::FirstIn => (0, self.next_seq),
            TieBreak::LastIn => (0, u32::MAX - self.next_seq),
        };
        self.next_seq += 1;
        let index = cell as usize;
        let was_open = self.stamp_by_cell[index] == self.generation;
        self.g_by_cell[index] = g;
        self.parent_by_cell[index] = parent;
        self.stamp_by_cell[index] = self.generation;
        self.open.push(OpenEntry {
            primary,
            secondary,
            seq,
            cell,
            g,
        });
        self.counters.generated += 1;
        if !was_open {
            self.open_count += 1;
            self.counters.open_peak = self.counters.open_peak.max(self.open_count);
        }
        if let Some(trace) = &mut self.trace {
            trace.opened_at[index] = self.counters.expanded as u32;
            trace.changed.push(cell);
        }
    }

    fn expand(&mut self, grid: &Grid, cell: u32) {
        let index = cell as usize;
        self.stamp_by_cell[index] = self.generation + 1;
        self.open_count -= 1;
        self.counters.expanded += 1;
        self.last_expanded = Some(cell);
        if let Some(trace) = &mut self.trace {
            trace.closed_at[index] = self.counters.expanded as u32;
            trace.changed.push(cell);
        }
        if cell == self.goal {
            self.finish(Outcome::Found);
            return;
        }
        if self.params.expansion_limit.is_some() {
            let (x, y) = grid.xy(cell);
            let distance = Heuristic::Octile.estimate(
                x.abs_diff(self.goal_xy.0),
                y.abs_diff(self.goal_xy.1),
                1,
            );
            if distance < self.closest.0 {
                self.closest = (distance, cell);
            }
        }
        let g = self.g_by_cell[index];
        let relaxes = matches!(
            self.params.algorithm,
            Algorithm::Dijkstra | Algorithm::AStar
        );
        let generation = self.generation;
        let movement = self.params.movement;
        movement.for_each_neighbour(grid, cell, |next, step_cost| {
            let next_index = next as usize;
            let stamp = self.stamp_by_cell[next_index];
            let seen = stamp == generation || stamp == generation + 1;
            let next_g = g + step_cost;
            if !seen {
                self.generate(grid, next, next_g, cell);
            } else if relaxes && next_g < self.g_by_cell[next_index] {
                if stamp == generation + 1 {
                    self.counters.reopened += 1;
                }
                self.generate(grid, next, next_g, cell);
            }
        });
    }

    fn finish(&mut self, outcome: Outcome) -> Outcome {
        self.outcome = Some(outcome);
        let end = match outcome {
            Outcome::Found => Some(self.goal),
            Outcome::LimitReached => Some(self.closest.1),
            Outcome::Unreachable => None,
        };
        self.path.clear();
        if let Some(mut cell) = end {
            if !self.is_reached(cell) {
                cell = self.start;
            }
            while cell != NO_PARENT {
                self.path.push(cell);
                cell = self.parent_by_cell[cell as usize];
            }
            self.path.reverse();
        }
        outcome
    }
}

fn check_endpoints(grid: &Grid, start: u32, goal: u32) -> Result<(), SearchError> {
    let width = grid.width() as i64;
    let xy = |cell: u32| (cell as i64 % width, cell as i64 / width);
    if start as usize >= grid.len() {
        let (x, y) = xy(start);
        return Err(SearchError::StartOutOfBounds { x, y });
    }
    if goal as usize >= grid.len() {
        let (x, y) = xy(goal);
        return Err(SearchError::GoalOutOfBounds { x, y });
    }
    if !grid.is_passable(start) {
        let (x, y) = grid.xy(start);
        return Err(SearchError::StartOnWall { x, y });
    }
    if !grid.is_passable(goal) {
        let (x, y) = grid.xy(goal);
        return Err(SearchError::GoalOnWall { x, y });
    }
    Ok(())
}
