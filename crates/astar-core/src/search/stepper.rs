//! The one stepping interface every algorithm implements, so that the session, the wasm facade, the CLI
//! and the page drive any of them the same way.
//!
//! The contract, for every implementation:
//! - [`Stepper::begin`] checks, once for every algorithm, whether it can run on this map with these
//!   settings ([`super::registry::check_supported`]) and the end cells, then calls the algorithm's own
//!   [`Stepper::begin_search`], which drops any search in progress and starts the new one (so no
//!   algorithm repeats the checks, and none can forget them);
//! - [`Stepper::step`] does exactly one expansion (one abstract step for hierarchical or jumping
//!   searches: one jump point, one node of either frontier) and reports it, or reports that the search is
//!   over; [`Stepper::run`] is `step` in a loop and must give identical results (a property test checks it
//!   for every registered algorithm);
//! - with the trace on, every cell whose state changed in a step is in [`Trace::changes`], and the trace's
//!   step arrays let the page redraw any earlier step;
//! - the counters use the project's vocabulary (`expanded`, `generated`, `reopened`, `stale_pops`,
//!   `open_peak`); what an algorithm counts beyond them goes in [`Stepper::details`].

use super::trace::Trace;
use super::{Counters, Outcome, SearchError, SearchParams, SearchResult, Step};
use crate::cost::Cost;
use crate::grid::Grid;

/// A counter or a value that only some algorithms have, for the stats ("backward expanded",
/// "current w", "jump scans"). `key` is stable (tests and the page's labels use it).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Detail {
    /// A stable identifier in kebab case, for example `"backward-expanded"`.
    pub key: &'static str,
    /// The value.
    pub value: f64,
}

/// What a hierarchical search's abstract graph shows: its clusters, entrance nodes and abstract edges,
/// and what its latest preparation rebuilt (see [`Stepper::abstract_graph`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AbstractOverlay {
    /// The cluster side K: cluster borders are every K columns and rows.
    pub cluster_size: u32,
    /// Clusters the latest preparation rebuilt (all of them after a full build).
    pub clusters_rebuilt: u32,
    /// The latest preparation built the graph from scratch (a new map, size, costs, movement or K).
    pub full_build: bool,
    /// The entrance nodes, by cell id.
    pub nodes: Vec<u32>,
    /// The abstract edges as pairs of cell ids `[a0, b0, a1, b1, ...]`, each once: the node pairs of a
    /// cluster joined inside it (in either direction), and the transitions across cluster borders.
    pub edges: Vec<u32>,
}

/// What every search reports, in one place: an algorithm keeps a `Report` and writes `report_accessors!()`
/// in its `Stepper` impl instead of repeating the eight accessors (outcome, counters, path, path cost,
/// last expanded cell, and the trace's switch, getter and change list). The A* engine
/// ([`super::Search`]) keeps these fields apart in its hot loop and writes its accessors itself.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// How the search ended; `None` while it runs.
    pub outcome: Option<Outcome>,
    /// The counters so far.
    pub counters: Counters,
    /// The path found, start first (empty until found).
    pub path: Vec<u32>,
    /// The fixed-point cost of `path` (0 when there is none).
    pub path_cost: Cost,
    /// The cell expanded by the latest step.
    pub last_expanded: Option<u32>,
    /// The trace, when it is on.
    pub trace: Option<Trace>,
}

impl Report {
    /// Forgets the last search's results (outcome, counters, path and its cost, last expanded cell) as a
    /// new search begins. The trace is left to the caller, which knows how much of it to keep.
    pub fn clear(&mut self) {
        self.outcome = None;
        self.counters = Counters::default();
        self.path.clear();
        self.path_cost = 0;
        self.last_expanded = None;
    }

    /// Starts the report of a new search on a map of `cells` cells: [`Report::clear`], and the trace (when
    /// on) emptied, keeping no parents (the any-angle searches, which keep them, reset their own).
    pub fn begin(&mut self, cells: usize) {
        self.clear();
        if let Some(trace) = &mut self.trace {
            trace.reset(cells, false);
        }
    }

    /// What `step` answers once the search is over: its outcome again.
    pub fn finished(&self) -> Option<Step> {
        self.outcome.map(Step::Done)
    }

    /// True when a search bounded by `limit` expansions has done them all: its `step` then ends it with
    /// [`Outcome::LimitReached`].
    pub fn at_limit(&self, limit: Option<u32>) -> bool {
        limit.is_some_and(|limit| self.counters.expanded >= limit as u64)
    }
}

/// The [`Stepper`] accessors that read and switch a [`Report`] kept in the field `report`: write
/// `report_accessors!();` inside `impl Stepper for …`.
macro_rules! report_accessors {
    () => {
        fn outcome(&self) -> Option<$crate::search::Outcome> {
            self.report.outcome
        }

        fn counters(&self) -> $crate::search::Counters {
            self.report.counters
        }

        fn path(&self) -> &[u32] {
            &self.report.path
        }

        fn path_cost(&self) -> $crate::cost::Cost {
            self.report.path_cost
        }

        fn last_expanded(&self) -> Option<u32> {
            self.report.last_expanded
        }

        fn set_trace(&mut self, on: bool) {
            self.report.trace = on.then($crate::search::trace::Trace::default);
        }

        fn trace(&self) -> Option<&$crate::search::trace::Trace> {
            self.report.trace.as_ref()
        }

        fn clear_changes(&mut self) {
            if let Some(trace) = &mut self.report.trace {
                trace.clear_changes();
            }
        }
    };
}
pub(crate) use report_accessors;

/// What a search is asked for: its settings and its end cells (cell ids), as [`Stepper::begin`] hands
/// them to [`Stepper::begin_search`] once checked.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// The settings.
    pub params: SearchParams,
    /// The start cell.
    pub start: u32,
    /// The goal cell.
    pub goal: u32,
}

/// An incremental search (see the module doc for the contract).
pub trait Stepper {
    /// Starts a search from `start` to `goal` (cell ids), dropping any search in progress. Not
    /// overridden: it checks what every algorithm needs, then calls [`Stepper::begin_search`].
    ///
    /// - `params`: settings this algorithm supports on `grid`, or [`SearchError::Unsupported`] (every
    ///   requirement it lacks, from the registry);
    /// - `start`, `goal`: cells of `grid` that are not walls, or a [`SearchError`] saying which is wrong.
    fn begin(
        &mut self,
        grid: &Grid,
        params: &SearchParams,
        start: u32,
        goal: u32,
    ) -> Result<(), SearchError> {
        self.check(grid, params, start, goal)?;
        let request = Request {
            params: *params,
            start,
            goal,
        };
        self.begin_search(grid, &request)
    }

    /// Work an algorithm does once per map before its searches, which may be long on a big map (HPA*'s
    /// abstract graph: about 2 s on a 1024 × 1024 random map in a browser), done in pieces: `out_of_time`
    /// is asked between them. True once done (then `begin` has nothing of it left to do); false when
    /// stopped, to go on at the next call. Calling `begin` without it does the work at once. A refusal
    /// is `begin`'s. Nothing to do by default.
    fn prepare_until(
        &mut self,
        _grid: &Grid,
        _params: &SearchParams,
        _out_of_time: &mut dyn FnMut() -> bool,
    ) -> Result<bool, SearchError> {
        Ok(true)
    }

    /// Whether [`Stepper::begin`] would accept these settings and end cells, answered without beginning
    /// (nothing is built, nothing changes): what every algorithm needs (the registry's requirements, the
    /// end cells), then what the algorithm adds ([`Stepper::check_own`]). Not overridden. The page asks
    /// this before it applies a change of settings, so a refusal changes nothing.
    fn check(
        &self,
        grid: &Grid,
        params: &SearchParams,
        start: u32,
        goal: u32,
    ) -> Result<(), SearchError> {
        super::registry::check_supported(grid, params)?;
        super::registry::check_endpoints(grid, start, goal)?;
        self.check_own(grid, params)
    }

    /// What this algorithm refuses beyond what [`Stepper::check`] asks of every algorithm, without
    /// building anything (an engine's refusal of another engine's algorithm, HPA*'s cluster size and
    /// memory bound). Nothing by default.
    fn check_own(&self, grid: &Grid, params: &SearchParams) -> Result<(), SearchError> {
        let _ = (grid, params);
        Ok(())
    }

    /// The algorithm's own start of a search, called by [`Stepper::begin`] once the settings and the end
    /// cells have been checked.
    fn begin_search(&mut self, grid: &Grid, request: &Request) -> Result<(), SearchError>;

    /// Does one expansion, or reports that the search is over. `grid` must be the grid given to `begin`.
    fn step(&mut self, grid: &Grid) -> Step;

    /// [`Stepper::step`] for a caller with a deadline: a step whose work is long may stop in the middle
    /// when `out_of_time` says so (None: nothing shows of it; the next call goes on with it and returns
    /// its result). Steps and results are those of `step`, however often it stops. By default a step
    /// is not cut (HPA*'s last, which smooths the path, is).
    fn step_within(&mut self, grid: &Grid, _out_of_time: &mut dyn FnMut() -> bool) -> Option<Step> {
        Some(self.step(grid))
    }

    /// Steps until the search finishes.
    fn run(&mut self, grid: &Grid) -> Outcome {
        loop {
            if let Step::Done(outcome) = self.step(grid) {
                return outcome;
            }
        }
    }

    /// How the search ended, or `None` while it is still running.
    fn outcome(&self) -> Option<Outcome>;

    /// The counters so far.
    fn counters(&self) -> Counters;

    /// The path found, start first (empty until the search finishes, and when unreachable; an anytime
    /// search, whose registry row says `anytime`, gives its latest published path while it runs).
    /// Consecutive cells are grid neighbours, except for any-angle algorithms, whose consecutive cells see
    /// each other.
    fn path(&self) -> &[u32];

    /// The fixed-point cost of [`Stepper::path`] (0 when there is none).
    fn path_cost(&self) -> Cost;

    /// The cell expanded by the latest step, if any.
    fn last_expanded(&self) -> Option<u32>;

    /// The best g known for `cell` in this search (the forward one, for bidirectional searches), or
    /// `None` if it was never reached.
    fn g(&self, cell: u32) -> Option<Cost>;

    /// The heuristic estimate from `cell` to the goal, as this search computes it (0 when it uses none).
    fn h(&self, grid: &Grid, cell: u32) -> Cost;

    /// True if `cell` is closed in this search (by either frontier).
    fn is_closed(&self, cell: u32) -> bool;

    /// The cell `cell` was reached from with its best g so far, or `None` for the start, for a cell
    /// not reached, and for algorithms that do not say. By default, the trace's parent (kept by the
    /// any-angle searches).
    fn parent(&self, cell: u32) -> Option<u32> {
        let parent = *self.trace()?.parents().get(cell as usize)?;
        (parent != super::trace::NEVER).then_some(parent)
    }

    /// Turns the trace on or off (it takes effect at the next `begin`).
    fn set_trace(&mut self, on: bool);

    /// The trace, when it is on (see [`Trace`]).
    fn trace(&self) -> Option<&Trace>;

    /// Forgets the trace's list of changed cells.
    fn clear_changes(&mut self);

    /// With the trace on: per cell, the step it was (last) opened at (see [`Trace::opened_at`]); empty
    /// without the trace.
    fn opened_at(&self) -> &[u32] {
        self.trace().map_or(&[], Trace::opened_at)
    }

    /// With the trace on: per cell, the step that (last) closed it (see [`Trace::closed_at`]).
    fn closed_at(&self) -> &[u32] {
        self.trace().map_or(&[], Trace::closed_at)
    }

    /// With the trace on: per cell, its frontier code (see [`Trace::frontiers`]).
    fn frontiers(&self) -> &[u8] {
        self.trace().map_or(&[], Trace::frontiers)
    }

    /// With the trace on: the cells changed since the last [`Stepper::clear_changes`].
    fn changes(&self) -> &[u32] {
        self.trace().map_or(&[], Trace::changes)
    }

    /// Turns the open-list log of the trace on or off (see [`Trace`]; it takes effect at the next
    /// `begin`, which logs BEGIN). Returns false, changing nothing, for an algorithm whose open list the
    /// log cannot describe (the default: two frontiers, keys that change in place, or no trace).
    fn set_heap_log(&mut self, on: bool) -> bool {
        let _ = on;
        false
    }

    /// Forgets the open-list log's records read so far (nothing without a log).
    fn clear_heap_log(&mut self) {}

    /// Makes room for `words` more words in the open-list log (nothing without a log).
    fn reserve_heap_log(&mut self, words: usize) {
        let _ = words;
    }

    /// True when the search under way prices its steps exactly ([`crate::cost::Pricing`]): of two paths
    /// whose lengths differ by a hair it returns the shorter, where the fixed point may return the other.
    /// False by default (the fixed point).
    fn prices_exactly(&self) -> bool {
        false
    }

    /// Counters and values this algorithm has beyond [`Counters`] (none by default).
    fn details(&self) -> Vec<Detail> {
        Vec::new()
    }

    /// The one-step look-ahead rhs of `cell` kept by an incremental search (D* Lite: the cheapest
    /// c(cell, s') + g(s') over its successors), or `None` when infinite or when the algorithm keeps none
    /// (the default).
    fn rhs(&self, cell: u32) -> Option<Cost> {
        let _ = cell;
        None
    }

    /// For an incremental search: brings the search begun on an earlier version of `grid` up to date
    /// with its terrain edits instead of starting again, and leaves it ready to step the repair (the
    /// counters and the trace then count the repair only). `grid` must be the grid given to `begin`,
    /// edited since.
    ///
    /// Returns `Ok(false)`, changing nothing, when this algorithm cannot repair (the default) or this
    /// search cannot (none begun, map size or cost table changed): call `begin` then. An end cell walled
    /// in by an edit is refused with `begin`'s error, and the search is dropped.
    fn repair(&mut self, grid: &Grid) -> Result<bool, SearchError> {
        let _ = grid;
        Ok(false)
    }

    /// Like [`Stepper::repair`], with the start moved to `start` first (an agent walked there; D* Lite
    /// raises km). The default cannot repair: `Ok(false)`, changing nothing.
    ///
    /// - `start`: a passable cell of `grid`, or `begin`'s errors (and the search is dropped).
    fn repair_from(&mut self, grid: &Grid, start: u32) -> Result<bool, SearchError> {
        let _ = (grid, start);
        Ok(false)
    }

    /// A copy of this search as it stands (an incremental search keeps one after a repair, to replay the
    /// repair from its first step), or `None` when the algorithm has no use for one (the default).
    fn checkpoint(&self) -> Option<Box<dyn Stepper>> {
        None
    }

    /// Where the two frontiers of a bidirectional search met, once they have (none by default).
    fn meeting_cell(&self) -> Option<u32> {
        None
    }

    /// The abstract graph of a hierarchical search, as the page draws it, once a search has begun on
    /// it; `None` for a search without one (the default).
    fn abstract_graph(&self) -> Option<AbstractOverlay> {
        None
    }

    /// The abstract path of a hierarchical search at the step shown (start, entrance nodes, goal; cell
    /// ids): empty while its abstract search runs, and for a search without one (the default).
    fn abstract_path(&self) -> &[u32] {
        &[]
    }

    /// The result, once the search has finished.
    fn result(&self) -> Option<SearchResult> {
        Some(SearchResult {
            outcome: self.outcome()?,
            path: self.path().to_vec(),
            cost: self.path_cost(),
            counters: self.counters(),
        })
    }

    /// Begins, runs to the end and returns the result: the one-shot form.
    fn solve(
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
}
