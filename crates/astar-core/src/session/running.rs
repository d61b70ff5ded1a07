//! Running the shown search: beginning it or repairing it (see the module doc of `session`), stepping,
//! solving and timing it, and the open-list log of the heap panel.

use super::*;

/// How long a short search is run untimed before it is timed, µs. The first runs of a search in a fresh
/// wasm module run baseline-compiled code while the engine tiers up (and touch fresh memory), so a first
/// number timed the compiler: 255 to 3,500 µs on fresh loads for a search that takes 20–40 µs warm.
pub(super) const WARM_UP_US: f64 = 500.0;
/// Batches timed after the warm-up: the time shown is the fastest, and the lowest and highest batch say
/// how much the number moves between repeats (what compare mode counts as noise). The fastest, not the
/// median: on a fresh page the engine compiles its optimised code on other threads, and on a 2-core
/// machine a batch they share the processor with takes longer; nothing makes a batch faster than the
/// search is (five fresh loads of the demo: 24–54 µs with the median of three batches of 700 µs, and
/// one load at 140 or 400 µs; see `scripts/bench-fresh-loads.mjs`).
pub(super) const TIMING_BATCHES: usize = 5;
/// Each batch repeats the search until this much time has passed, µs: browsers' clocks step by 100 µs
/// (5 µs when cross-origin isolated), so a batch is timed to within about 20%.
pub(super) const BATCH_US: f64 = 500.0;
/// The most runs of one timed batch.
pub(super) const TIMING_MAX_RUNS: u32 = 1_000;
/// A search that takes this long (µs) with the trace is timed by that run alone (see [`Session::solve`]).
pub(super) const LONG_SEARCH_US: f64 = 20_000.0;

impl Session {
    /// Turns the open-list log of the shown search on or off (the page's heap panel; see
    /// [`crate::search::Trace`]), now and for the algorithms chosen later; returns whether the algorithm
    /// shown can log its open list. Turned on part-way through a search that still matches the map, end
    /// cells and settings, the search is run again to the same step (or to the end), so that the log holds
    /// it from its BEGIN; everything the page shows of it stays the same (the order is total, so the
    /// run is the same run).
    pub fn set_heap_log(&mut self, on: bool) -> bool {
        let was_on = self.heap_log;
        self.heap_log = on;
        if !self.shown.set_heap_log(on) {
            return false;
        }
        if on && !was_on && self.repairable && !self.painted {
            let counters = self.shown.counters();
            let expanded = counters.expanded;
            let finished = self.shown.outcome().is_some();
            // The same run logs BEGIN, every push (10 words) and every pop: room for exactly that.
            let words = 1 + 10 * counters.generated + counters.expanded + counters.stale_pops;
            self.shown.reserve_heap_log(words as usize);
            if self
                .shown
                .begin(&self.grid, &self.params, self.start, self.goal)
                .is_ok()
            {
                if finished {
                    self.shown.run(&self.grid);
                } else {
                    for _ in 0..expanded {
                        self.shown.step(&self.grid);
                    }
                }
            }
            self.shown.clear_changes();
        }
        true
    }

    /// The open-list log's records not read yet (empty while it is off).
    pub fn heap_log(&self) -> &[u32] {
        self.shown.trace().map_or(&[], |trace| trace.heap_log())
    }

    /// Forgets the open-list log's records read so far.
    pub fn clear_heap_log(&mut self) {
        self.shown.clear_heap_log();
    }

    /// The cells the shown repair began with inconsistent (g ≠ rhs), by cell id: the cells an edit made
    /// inconsistent. Empty when the shown search is not a repair.
    pub fn inconsistent(&self) -> &[u32] {
        &self.inconsistent
    }

    /// Whether the settings set now can run on this map from these end cells, answered without beginning
    /// a search (see [`Stepper::check`]): the page's test of a settings change before it shows it. An
    /// HPA* graph is not built by asking (it was, by a restart: about 60 ms on a 1024 × 1024 map).
    pub fn check_settings(&self) -> Result<(), SessionError> {
        self.shown
            .check(&self.grid, &self.params, self.start, self.goal)
            .map_err(SessionError::from)
    }

    /// Begins the shown search at step 0 (for an animation), without running it; or, when only paint
    /// changed the map and the algorithm can, repairs it (see the module doc).
    pub fn restart(&mut self) -> Result<(), SessionError> {
        // A preparation under way in slices is finished by this begin, at once.
        self.prepared_in_slices = false;
        self.begin_or_repair().map(|_| ())
    }

    /// [`Session::restart`]; true when it repaired.
    pub(super) fn begin_or_repair(&mut self) -> Result<bool, SessionError> {
        self.slicing = None;
        let changed = self.painted || self.start != self.searched_start;
        let replay = match &self.repair_point {
            Some(point) if self.repairable && !changed => point.checkpoint(),
            _ => None,
        };
        if let Some(replay) = replay {
            // Nothing changed since the last repair: show it again from its step 0.
            self.shown = replay;
            self.shown.clear_changes();
            self.smoothed.clear();
            return Ok(true);
        }
        self.repair_point = None;
        self.inconsistent.clear();
        let repaired =
            self.repairable && changed && self.shown.repair_from(&self.grid, self.start)?;
        if !repaired {
            self.shown
                .begin(&self.grid, &self.params, self.start, self.goal)?;
        }
        self.repairable = true;
        self.painted = false;
        self.searched_start = self.start;
        self.fresh_expanded = None;
        if repaired {
            self.repair_point = self.shown.checkpoint();
            // The repair's trace begins afresh: the cells it opened at step 0 are those the edit made
            // inconsistent (cells left in U by the search before are not among them).
            self.inconsistent = (0..self.grid.len() as u32)
                .filter(|&cell| self.shown.opened_at().get(cell as usize) == Some(&0))
                .collect();
            let fresh = SearchParams {
                algorithm: Algorithm::AStar,
                heuristic: Heuristic::best_admissible(self.params.movement),
                weight: Weight::ONE,
                expansion_limit: None,
                ..self.params
            };
            let result = self
                .probe
                .solve(&self.grid, &fresh, self.start, self.goal)?;
            self.fresh_expanded = Some(result.counters.expanded);
        }
        self.one_way_expanded = None;
        if registry::info(self.params.algorithm).compared_with_one_way {
            let one_way = SearchParams {
                algorithm: Algorithm::AStar,
                weight: Weight::ONE,
                ..self.params
            };
            let result = self
                .probe
                .solve(&self.grid, &one_way, self.start, self.goal)?;
            self.one_way_expanded = Some(result.counters.expanded);
        }
        self.shown.clear_changes();
        self.smoothed.clear();
        Ok(repaired)
    }

    /// Expands up to `n` cells of the shown search; returns how many were expanded. The change list
    /// ([`Search::changes`]) holds the cells touched by these steps only.
    pub fn step(&mut self, n: u32) -> u32 {
        self.shown.clear_changes();
        let mut done = 0;
        while done < n {
            match self.shown.step(&self.grid) {
                Step::Expanded(_) => done += 1,
                Step::Done(_) => break,
            }
        }
        if self.shown.outcome().is_some() && self.smoothed.is_empty() {
            self.smoothed = smooth::smooth_path(&self.grid, self.shown.path());
        }
        done
    }

    /// Runs the shown search to the end, smooths its path and times it with `now_us` (a clock in µs).
    ///
    /// Short searches are timed again without the trace, repeated (see [`TIMING_BUDGET_US`]); a search
    /// that took longer than [`LONG_SEARCH_US`] with the trace is not run again: its own time is reported
    /// (trace included, a few percent more), because running a large map twice would make every edit on
    /// it twice as slow. One slice of [`Session::solve_for`] without a time limit.
    pub fn solve(&mut self, now_us: &dyn Fn() -> f64) -> Result<Stats, SessionError> {
        self.slicing = None;
        let stats = self.solve_for(f64::INFINITY, now_us)?;
        Ok(stats.expect("a solve without a time limit finishes"))
    }

    /// Sets the time of a search that ran with the trace in `traced_us` (see [`Session::solve`]); `once`:
    /// that run is its time (a repair, which cannot be repeated: the timing engine holds no search to
    /// repair; or a solve run in slices, timed by their sum).
    pub(super) fn time_solved(&mut self, traced_us: f64, once: bool, now_us: &dyn Fn() -> f64) {
        let mut single_us = traced_us;
        if traced_us >= LONG_SEARCH_US && !once && !self.shown_warm {
            // The first long run of an engine may be the wasm module's first use of its code, compiled
            // as it runs (21 ms for HPA*'s first query on a 32 × 20 map, 0.1 ms after): run it once more.
            single_us = self.rerun_shown(now_us).unwrap_or(traced_us);
        }
        self.shown_warm = true;
        self.time_us = single_us;
        self.time_range_us = (single_us, single_us);
        if single_us < LONG_SEARCH_US && !once {
            if let Some(batches) = self.time_search(now_us) {
                self.time_us = batches[0];
                self.time_range_us = (batches[0], batches[TIMING_BATCHES - 1]);
            }
        }
    }

    /// Runs the shown search again from its begin (it ends where it ended: searches are deterministic),
    /// timed; `None` when it cannot begin.
    fn rerun_shown(&mut self, now_us: &dyn Fn() -> f64) -> Option<f64> {
        self.shown
            .begin(&self.grid, &self.params, self.start, self.goal)
            .ok()?;
        let started = now_us();
        self.shown.run(&self.grid);
        Some(now_us() - started)
    }

    /// The timing engine's search timed in [`TIMING_BATCHES`] batches after a warm-up, the batches' times
    /// per run in µs, sorted; `None` when the search cannot begin (the shown one began, so it can).
    fn time_search(&mut self, now_us: &dyn Fn() -> f64) -> Option<[f64; TIMING_BATCHES]> {
        // One begin before the clock starts: an engine that prepares per map (HPA*'s abstract graph)
        // does it here, so preparation is not averaged into the search's time (the shown search's
        // `begin` is not timed either: see `begin_us`).
        self.timer
            .begin(&self.grid, &self.params, self.start, self.goal)
            .ok()?;
        self.timed_runs(now_us, WARM_UP_US)?;
        let mut batches = [0.0; TIMING_BATCHES];
        for batch in &mut batches {
            *batch = self.timed_runs(now_us, BATCH_US)?;
        }
        batches.sort_by(f64::total_cmp);
        Some(batches)
    }

    /// Runs the timing engine's search again and again until `at_least_us` have passed (or
    /// [`TIMING_MAX_RUNS`] runs); the time per run, µs.
    fn timed_runs(&mut self, now_us: &dyn Fn() -> f64, at_least_us: f64) -> Option<f64> {
        let started = now_us();
        let mut runs = 0;
        loop {
            self.timer
                .begin(&self.grid, &self.params, self.start, self.goal)
                .ok()?;
            self.timer.run(&self.grid);
            runs += 1;
            let elapsed = now_us() - started;
            if elapsed >= at_least_us || runs >= TIMING_MAX_RUNS {
                return Some(elapsed / f64::from(runs));
            }
        }
    }
}
