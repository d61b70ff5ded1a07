//! Solving in slices: how the page runs a long search without blocking itself. [`Session::solve_for`]
//! runs the shown search (and then, when the stats need it, the search for the optimum they compare
//! with) for at most a time budget and returns; called again, it goes on where it stopped, until it
//! returns the stats. The page calls it once a task, so input and painting go on between slices.
//! When the shown search has finished but its path's smoothing or the optimum has not, it hands the
//! shown result over at once (`smoothing_pending`: no smoothed path yet; `optimum_pending`: no optimum
//! yet), so the new path is drawn without waiting for them; it hands the stats over again when one of
//! them has ended and the other goes on, and returns the whole stats when both are done. The smoothing
//! comes first when the page draws the smoothed path, else the optimum, whose cost over it the page shows
//! ([`Session::set_smoothing_wanted`]). When the page draws the smoothed path as a curve ([`Session::set_curve_wanted`]), the curve is
//! made in slices too, as the smoothing's last part: the smoothed path and its curve come together.
//!
//! A sliced solve gives what [`Session::solve`] gives: the same engine takes the same steps, so
//! counters, path, smoothing and optimum are equal (the tests compare them on random maps); only the
//! time differs, for a search longer than a slice: it is the sum of its slices' times, trace included
//! (as `solve` reports any search over [`LONG_SEARCH_US`]), not a repeated untraced run. A solve that
//! ends within its first slice is timed exactly as `solve` times it when the repeats fit in the rest of
//! the slice, else by its own run too.
//!
//! Any edit, move of an end cell or change of settings in between makes the next call begin again
//! (the search under way is no longer the current one: see [`Session::shown_is_current`]).

use super::running::{BATCH_US, TIMING_BATCHES};
use super::*;
use crate::curve::Point;
use crate::smooth::Smoothing;

/// Steps between two looks at the clock when a solve begins. A step's work differs by algorithm: one
/// cell for A*, a scan across the map for a jump point, a local search across a cluster for an HPA*
/// refinement; so the count adapts (see [`step_until`]).
const FIRST_STEPS_PER_LOOK: u32 = 16;

/// The most steps between two looks at the clock (an A* expansion's ~100 ns each: about 50 µs).
const MAX_STEPS_PER_LOOK: u32 = 512;

/// The time between two looks at the clock that the step count aims at, µs: a slice ends at most about
/// this much after its deadline.
const LOOK_US: f64 = 1000.0;

/// Anchors of the smoothing placed between two looks at the clock (each looks up to
/// [`crate::smooth::WINDOW`] cells ahead: a few µs in a maze's corridors, up to about a ms in the open).
const ANCHORS_PER_LOOK: usize = 8;

/// Sample points of the curve made between two looks at the clock (about 0.1 µs each in wasm: some
/// 0.4 ms; a piece is made whole, and the longest, across a 2,048-cell map in the open, has some 23,000).
const SAMPLES_PER_LOOK: usize = 4096;

/// What timing a search by repeats costs, in runs of it (or in batches, for a search shorter than one):
/// the warm-up and the timed batches.
const TIMING_COST_IN_RUNS: f64 = 1.0 + TIMING_BATCHES as f64;

/// The most of a slice the search for the optimum may take after the shown search finished in it, µs:
/// a short optimum comes with the path (one result), a long one after it (the path is drawn first).
const OPTIMUM_GRACE_US: f64 = 4000.0;

/// A sliced solve under way.
pub(super) struct Slicing {
    /// µs spent in the shown search so far, trace included.
    traced_us: f64,
    /// The shown search was repaired, not begun (a repair is timed by its one run).
    repaired: bool,
    /// The shown search has finished (its timing is set); its smoothing or the optimum goes on.
    shown_done: bool,
    /// What was known of the shown search's stats when they were last handed over before the end
    /// (`None`: not handed over).
    handed_over: Option<Known>,
    /// Steps between two looks at the clock, as learned so far (see [`step_until`]).
    steps_per_look: u32,
    /// The shown path's smoothing, while it goes on (a long path's takes slices of its own).
    smoothing: Option<Smoothing>,
    /// The smoothed path, held back while the curve through it is made (the session's `curving`), so
    /// that both come together: see [`Session::set_curve_wanted`].
    held_back: Option<Vec<u32>>,
    /// The probe holds the search for the optimum begun by this solve. Others use the probe between
    /// slices only in ways that leave the next slice right: the optimum asked for at once (the stats,
    /// the sweep) caches it, so the next slice searches no more; the optimal path runs this very search
    /// to its end.
    optimum_begun: bool,
}

/// What is known of a sliced solve's stats once its shown search has finished (see
/// [`Session::solve_for`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Known {
    /// The path is smoothed (and its curve made, when the page wants one).
    smoothed: bool,
    /// The optimum the path is compared with is known.
    optimum: bool,
}

impl Session {
    /// Runs the solve under way (beginning one if none is, or if the map, end cells or settings changed
    /// since it began) for about `budget_us` µs of `now_us`'s clock; `Some(stats)` once it has finished,
    /// exactly as [`Session::solve`] would have returned them (see the module doc), `None` while it
    /// goes on. In between, when the shown search finishes in a slice that its smoothing or the optimum
    /// does not: `Some` of the stats with `smoothing_pending` (no smoothed path yet) or `optimum_pending`
    /// (no optimum, no cost over it), the same stats but for them, and the solve goes on; once more when
    /// one of them ends in a slice that the other does not (the smoothing first, or the optimum first
    /// when the page does not draw the smoothed path: see [`Session::set_smoothing_wanted`]).
    #[inline(never)] // One copy: `solve` and the wasm module's two solves call it.
    pub fn solve_for(
        &mut self,
        budget_us: f64,
        now_us: &dyn Fn() -> f64,
    ) -> Result<Option<Stats>, SessionError> {
        let began = now_us();
        let deadline = began + budget_us;
        let under_way = self.slicing.is_some() && self.shown_is_current();
        if !under_way {
            // Refused before anything is prepared for it; then what the algorithm does once per map
            // before searching (HPA*'s graph), a piece a slice.
            self.check_settings()?;
            let out_of_time = &mut || deadline != f64::INFINITY && now_us() >= deadline;
            if !self
                .shown
                .prepare_until(&self.grid, &self.params, out_of_time)?
            {
                self.slicing = None;
                self.prepared_in_slices = true;
                return Ok(None);
            }
            let repaired = self.begin_or_repair()?;
            self.begin_us = now_us() - began;
            self.slicing = Some(Slicing {
                traced_us: 0.0,
                // A solve that took slices to prepare is timed by its one run, as a repair is: no
                // timing runs in a task that has already had its share.
                repaired: repaired || std::mem::take(&mut self.prepared_in_slices),
                shown_done: false,
                handed_over: None,
                steps_per_look: FIRST_STEPS_PER_LOOK,
                smoothing: None,
                held_back: None,
                optimum_begun: false,
            });
        }
        let mut slicing = self.slicing.take().expect("a sliced solve is under way");
        let mut optimum_deadline = deadline;
        if !slicing.shown_done {
            let started = now_us();
            let finished = step_until(
                self.shown.as_mut(),
                &self.grid,
                deadline,
                now_us,
                &mut slicing.steps_per_look,
            )
            .is_some();
            slicing.traced_us += now_us() - started;
            if !finished {
                self.slicing = Some(slicing);
                return Ok(None);
            }
            slicing.smoothing = Some(Smoothing::new(&self.grid, self.shown.path()));
            // Finished in its first slice: timed as `solve` times it (a short search again without the
            // trace), when those repeats fit in what is left of the slice; over several slices, or
            // when they do not fit, by its own run, as a repair is.
            let repeats_fit = deadline == f64::INFINITY
                || now_us() + TIMING_COST_IN_RUNS * slicing.traced_us.max(BATCH_US) <= deadline;
            self.time_solved(
                slicing.traced_us,
                slicing.repaired || under_way || !repeats_fit,
                now_us,
            );
            slicing.shown_done = true;
        }
        // The smoothing first, then the optimum; when the page does not show the smoothed path, the
        // optimum first (the cost over it is shown), then the smoothing.
        let smoothing_first = self.smoothing_wanted || deadline == f64::INFINITY;
        if smoothing_first && !self.smooth_and_curve_until(&mut slicing, deadline, now_us) {
            return Ok(self.hand_over_so_far(slicing));
        }
        if smoothing_first && deadline != f64::INFINITY {
            // A short optimum comes with the path (one result), a long one after it.
            optimum_deadline = deadline.min(now_us() + OPTIMUM_GRACE_US);
        }
        if !self.run_optimum_until(&mut slicing, optimum_deadline, now_us)? {
            return Ok(self.hand_over_so_far(slicing));
        }
        if !smoothing_first && !self.smooth_and_curve_until(&mut slicing, deadline, now_us) {
            return Ok(self.hand_over_so_far(slicing));
        }
        Ok(Some(self.stats()))
    }

    /// Keeps `slicing` for the next slice (the shown search has finished, its smoothing or the optimum
    /// has not) and hands over the stats when more is known of them than at the last hand-over: the
    /// path found (shown now), then its smoothing or the optimum it is compared with, with what is still
    /// to come pending.
    fn hand_over_so_far(&mut self, mut slicing: Slicing) -> Option<Stats> {
        let known = Known {
            smoothed: slicing.smoothing.is_none() && slicing.held_back.is_none(),
            optimum: !self.optimum_needs_search(),
        };
        let hand_over = slicing.handed_over != Some(known);
        slicing.handed_over = Some(known);
        self.slicing = Some(slicing);
        hand_over.then(|| self.stats_so_far())
    }

    /// The stats of a shown search that has finished while its smoothing goes on (`smoothing_pending`):
    /// with the optimum when it is known without searching, else with it pending.
    fn stats_so_far(&mut self) -> Stats {
        let optimum = (!self.optimum_needs_search()).then(|| self.optimal_cost());
        self.stats_with_optimum(optimum)
    }

    /// Makes the next slice hand over again the stats it has handed over before the end (the path found,
    /// its smoothing or optimum still to come): for a page that dropped them (an input superseded the
    /// solve and then left the map and settings as they were, so that the solve goes on where it was).
    pub fn hand_over_again(&mut self) {
        if let Some(slicing) = &mut self.slicing {
            slicing.handed_over = None;
        }
    }

    /// True while the shown search has finished and its path's smoothing (or the curve through it, when
    /// the page wants one) goes on in later slices.
    pub(super) fn smoothing_pending(&self) -> bool {
        self.slicing
            .as_ref()
            .is_some_and(|slicing| slicing.smoothing.is_some() || slicing.held_back.is_some())
    }

    /// Smooths the shown path, then, in a solve with a deadline (the page's), makes the curve through it
    /// when the page wants one and the one kept is not for this path and map, until both are done (true:
    /// the smoothed path and the curve are the session's) or `deadline` passes (false). A solve without
    /// one leaves the curve to be made when it is asked for.
    fn smooth_and_curve_until(
        &mut self,
        slicing: &mut Slicing,
        deadline: f64,
        now_us: &dyn Fn() -> f64,
    ) -> bool {
        if let Some(smoothing) = &mut slicing.smoothing {
            if !smooth_until(smoothing, &self.grid, self.shown.path(), deadline, now_us) {
                return false;
            }
            let smoothing = slicing.smoothing.take().expect("smoothing under way");
            let smoothed = smoothing.finish(&self.grid, self.shown.path());
            if self.curve_wanted && deadline != f64::INFINITY && !self.curve_is_for(&smoothed) {
                slicing.held_back = Some(smoothed);
            } else {
                self.smoothed = smoothed;
            }
        }
        if let Some(smoothed) = &slicing.held_back {
            // The curve turned off meanwhile: the smoothed path is not held back for it.
            if self.curve_wanted && !self.make_curve_until(smoothed, deadline, now_us) {
                return false;
            }
            self.smoothed = slicing.held_back.take().expect("held back");
        }
        true
    }

    /// Steps the search for the optimum (begun here when `slicing` has not begun it) until it finishes,
    /// caching the optimum (true), or `deadline` passes (false). True at once when nothing is searched
    /// for (the optimum is then known or settled by the shown search).
    fn run_optimum_until(
        &mut self,
        slicing: &mut Slicing,
        deadline: f64,
        now_us: &dyn Fn() -> f64,
    ) -> Result<bool, SessionError> {
        if !self.optimum_needs_search() {
            return Ok(true);
        }
        if !slicing.optimum_begun {
            self.begin_optimum_search()?;
            slicing.optimum_begun = true;
        }
        // Through the trait object, as the shown search is stepped (black_box keeps the compiler from
        // seeing through it): no second copy of the engine's step in the wasm module (1.5 KB gzipped).
        let probe: &mut dyn Stepper = std::hint::black_box(&mut self.probe);
        let Some(outcome) = step_until(
            probe,
            &self.grid,
            deadline,
            now_us,
            &mut slicing.steps_per_look,
        ) else {
            return Ok(false);
        };
        self.optimum = Some((outcome == Outcome::Found).then(|| probe.path_cost()));
        Ok(true)
    }
}

/// Steps `search` until it finishes (its outcome) or `deadline` passes (`None`), looking at the clock
/// every `steps_per_look` steps; without a deadline (∞: [`Session::solve`]) it runs to the end and the
/// clock is not read. The count doubles (up to [`MAX_STEPS_PER_LOOK`]) while a look's steps take under
/// half of [`LOOK_US`] and is quartered when they take over twice that, so that a slice overruns its
/// deadline by about a look, whatever one step costs.
fn step_until(
    search: &mut dyn Stepper,
    grid: &Grid,
    deadline: f64,
    now_us: &dyn Fn() -> f64,
    steps_per_look: &mut u32,
) -> Option<Outcome> {
    if deadline == f64::INFINITY {
        return Some(search.run(grid));
    }
    // The clock is read once a look only: the first look of a call has nothing to compare with.
    let mut looked: Option<f64> = None;
    loop {
        for _ in 0..*steps_per_look {
            match search.step_within(grid, &mut || now_us() >= deadline) {
                Some(Step::Done(outcome)) => return Some(outcome),
                Some(Step::Expanded(_)) => {}
                None => return None,
            }
        }
        let now = now_us();
        if now >= deadline {
            return None;
        }
        if let Some(before) = looked.replace(now) {
            let took = now - before;
            if took < LOOK_US / 2.0 {
                *steps_per_look = (*steps_per_look * 2).min(MAX_STEPS_PER_LOOK);
            } else if took > LOOK_US * 2.0 {
                *steps_per_look = (*steps_per_look / 4).max(1);
            }
        }
    }
}

/// Makes the curve through `corners` with `curving` until it is whole (true) or `deadline` passes
/// (false), looking at the clock every [`SAMPLES_PER_LOOK`] sample points; without a deadline it runs to
/// the end.
pub(super) fn curve_until(
    curving: &mut Curving,
    grid: &Grid,
    corners: &[u32],
    deadline: f64,
    now_us: &dyn Fn() -> f64,
) -> bool {
    let clear = |_: Point, _: Point| true;
    if deadline == f64::INFINITY {
        return curving.advance(grid, corners, usize::MAX, &clear);
    }
    loop {
        if curving.advance(grid, corners, SAMPLES_PER_LOOK, &clear) {
            return true;
        }
        if now_us() >= deadline {
            return false;
        }
    }
}

/// Smooths `path` with `smoothing` until it is done (true) or `deadline` passes (false), looking at the
/// clock every [`ANCHORS_PER_LOOK`] anchors; without a deadline it runs to the end.
fn smooth_until(
    smoothing: &mut Smoothing,
    grid: &Grid,
    path: &[u32],
    deadline: f64,
    now_us: &dyn Fn() -> f64,
) -> bool {
    if deadline == f64::INFINITY {
        return smoothing.advance(grid, path, usize::MAX);
    }
    loop {
        if smoothing.advance(grid, path, ANCHORS_PER_LOOK) {
            return true;
        }
        if now_us() >= deadline {
            return false;
        }
    }
}
