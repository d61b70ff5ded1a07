//! What the page reads of a session: the stats of the shown search, the w sweep, and the settings as the
//! page names them.

use super::*;

/// What the page shows about the current search.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// "searching", "found", "unreachable" or "limit".
    pub outcome: &'static str,
    /// Expansions so far (also the animation step).
    pub expanded: u64,
    /// Open-list pushes.
    pub generated: u64,
    /// Closed cells reopened.
    pub reopened: u64,
    /// Stale open-list entries skipped.
    pub stale_pops: u64,
    /// Most cells open at once.
    pub open_peak: u64,
    /// Path cost in steps (plain orthogonal step = 1), when a path exists.
    pub cost: Option<f64>,
    /// Cells on the path.
    pub path_cells: usize,
    /// Geometric length of the grid path (cell centre to cell centre).
    pub length: f64,
    /// Geometric length of the smoothed path (0 while `smoothing_pending`).
    pub smoothed_length: f64,
    /// Straight segments in the smoothed path (0 while `smoothing_pending`).
    pub smoothed_segments: usize,
    /// The search has finished and is shown, and its path's smoothing goes on in later slices (a long
    /// path on a big map: see [`Session::solve_for`]), with the curve through it when the page wants one;
    /// the smoothed path is empty until then.
    pub smoothing_pending: bool,
    /// The optimal cost between start and goal (admissible A*, w = 1), when reachable.
    pub optimal_cost: Option<f64>,
    /// How much the path costs over the optimum, as a fraction (0.39 = 39% more), when both exist.
    pub over_optimal: Option<f64>,
    /// The search has finished and is shown, and the search for the optimum it is compared with goes on
    /// in later slices (`optimal_cost` and `over_optimal` are `None` until then: see
    /// [`Session::solve_for`]).
    pub optimum_pending: bool,
    /// Core time of one run of this search, µs: for a short search the fastest of five timed batches of
    /// repeats without the trace, after an untimed warm-up; a long one (or a repair, or one solved in
    /// slices whose repeats would not fit in its slice) is timed once.
    pub time_us: f64,
    /// The lowest batch's time, µs (`time_us` when the search was timed once).
    pub time_low_us: f64,
    /// The highest batch's time, µs (`time_us` when the search was timed once).
    pub time_high_us: f64,
    /// What the settings promise about the path's cost on this map (the badge words it; `not-admissible`
    /// when the heuristic can overestimate for the movement rule).
    pub bound: Bound,
    /// What the algorithm counts beyond the common counters (see [`Detail`]).
    pub details: Vec<Detail>,
    /// Where the frontiers of a bidirectional search met, once they have.
    pub meeting_cell: Option<u32>,
}

/// One row of the w sweep: what weighted A* does on this map at weight `w`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SweepRow {
    /// The weight.
    pub w: f64,
    /// Expansions.
    pub expanded: u64,
    /// Path cost in steps, when found.
    pub cost: Option<f64>,
    /// Cost over the optimum as a fraction, when found.
    pub over_optimal: Option<f64>,
}

impl Session {
    /// What the page shows about the shown search, as it stands now.
    pub fn stats(&mut self) -> Stats {
        let optimal = self.optimal_cost();
        self.stats_with_optimum(Some(optimal))
    }

    /// The stats with the optimum they compare with: `None` while it is still being searched for
    /// (`optimum_pending`).
    pub(super) fn stats_with_optimum(&mut self, optimum: Option<Option<Cost>>) -> Stats {
        let counters = self.shown.counters();
        let outcome = self.shown.outcome();
        let path = self.shown.path();
        // With the danger in h the search counted no danger in g: the path is priced with it, as the
        // optimum it is compared with is.
        let cost = (!path.is_empty()).then(|| {
            let danger = match self.params.danger_in_h_applies(&self.grid) {
                true => self.grid.danger_along(path),
                false => 0,
            };
            cost::to_f64(self.shown.path_cost() + danger)
        });
        let length = smooth::polyline_length(&self.grid, path);
        let smoothed_length = smooth::polyline_length(&self.grid, &self.smoothed);
        let path_cells = path.len();
        let smoothed_segments = self.smoothed.len().saturating_sub(1);
        let found = outcome == Some(Outcome::Found);
        let optimal = optimum.flatten().map(cost::to_f64);
        let over_optimal = match (found, cost, optimal) {
            (true, Some(c), Some(o)) if o > 0.0 => Some(c / o - 1.0),
            (true, Some(_), Some(_)) => Some(0.0),
            _ => None,
        };
        Stats {
            outcome: match outcome {
                None => "searching",
                Some(Outcome::Found) => "found",
                Some(Outcome::Unreachable) => "unreachable",
                Some(Outcome::LimitReached) => "limit",
            },
            expanded: counters.expanded,
            generated: counters.generated,
            reopened: counters.reopened,
            stale_pops: counters.stale_pops,
            open_peak: counters.open_peak,
            cost,
            path_cells,
            length,
            smoothed_length,
            smoothed_segments,
            smoothing_pending: self.smoothing_pending(),
            optimal_cost: optimal,
            over_optimal,
            optimum_pending: optimum.is_none(),
            time_us: self.time_us,
            time_low_us: self.time_range_us.0,
            time_high_us: self.time_range_us.1,
            bound: bound(&self.params, &self.grid),
            details: self
                .shown
                .details()
                .into_iter()
                .chain(self.one_way_expanded.map(|n| Detail {
                    key: "one-way-expanded",
                    value: n as f64,
                }))
                .chain(self.fresh_expanded.map(|n| Detail {
                    key: "fresh-astar-expanded",
                    value: n as f64,
                }))
                .collect(),
            meeting_cell: self.shown.meeting_cell(),
        }
    }

    /// Weighted A* at each weight in `weights` with the current heuristic, movement and tie-break (and no
    /// expansion budget).
    pub fn sweep(&mut self, weights: &[f64]) -> Result<Vec<SweepRow>, SessionError> {
        let optimal = self.optimal_cost();
        let mut rows = Vec::with_capacity(weights.len());
        for &w in weights {
            let params = SearchParams {
                algorithm: Algorithm::AStar,
                weight: Weight::new(w)?,
                // The sweep compares whole searches: the page's budget does not cut its rows short.
                expansion_limit: None,
                ..self.params
            };
            let result = self
                .probe
                .solve(&self.grid, &params, self.start, self.goal)?;
            let found = result.outcome == Outcome::Found;
            // With the danger in h the row's search counted none in g: priced with it, as the optimum is.
            let cost = result.cost
                + match params.danger_in_h_applies(&self.grid) {
                    true => self.grid.danger_along(&result.path),
                    false => 0,
                };
            rows.push(SweepRow {
                w,
                expanded: result.counters.expanded,
                cost: found.then(|| cost::to_f64(cost)),
                over_optimal: match (found, optimal) {
                    (true, Some(o)) if o > 0 => Some(cost as f64 / o as f64 - 1.0),
                    (true, Some(_)) => Some(0.0),
                    _ => None,
                },
            });
        }
        Ok(rows)
    }
}

/// The settings as the page names them (`Playground.settings()` / `setSettings`): every name from the
/// tables in `names`, `movement` as its link code (4 or 8).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// An algorithm's name (`Algorithm::NAMES`).
    pub algorithm: String,
    /// A heuristic's name (`Heuristic::NAMES`).
    pub heuristic: String,
    /// Heuristic weight, 0 to `Weight::MAX` (5).
    pub w: f64,
    /// 4 or 8 (the link codes of `Neighbours`).
    pub movement: u8,
    /// A corner rule's name (`CornerRule::NAMES`); ignored with 4-neighbour moves.
    pub corners: String,
    /// A tie-break's name (`TieBreak::NAMES`).
    pub tie_break: String,
    /// The expansion budget: the search stops after this many expansions with a partial path to the
    /// reached cell closest to the goal; `null` (or absent) for none.
    #[serde(default)]
    pub budget: Option<u32>,
    /// HPA*'s cluster side (2 to the map's larger side); `null` (or absent) for the default.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub cluster: Option<u32>,
    /// True when h counts every step at 1 instead of at the cheapest step on the map (see
    /// `SearchParams::unscaled_h`); false or absent: scaled.
    #[serde(default)]
    pub unscaled_h: bool,
    /// True when watchers' danger is added to h instead of the step costs (see
    /// `SearchParams::danger_in_h`); false or absent: a cost.
    #[serde(default)]
    pub danger_in_h: bool,
}

impl Settings {
    /// The settings `params` stand for.
    pub fn from_params(params: &SearchParams) -> Settings {
        Settings {
            algorithm: params.algorithm.name().into(),
            heuristic: params.heuristic.name().into(),
            w: params.weight.get(),
            movement: params.movement.neighbours().link_code(),
            corners: params.movement.corner_rule().name().into(),
            tie_break: params.tie_break.name().into(),
            budget: params.expansion_limit,
            cluster: params.cluster_size,
            unscaled_h: params.unscaled_h,
            danger_in_h: params.danger_in_h,
        }
    }

    /// The search parameters these settings name, or a message about the first bad field.
    pub fn to_params(&self) -> Result<SearchParams, Message> {
        let corners = CornerRule::from_name(&self.corners)?;
        Ok(SearchParams {
            algorithm: Algorithm::from_name(&self.algorithm)?,
            heuristic: Heuristic::from_name(&self.heuristic)?,
            weight: Weight::new(self.w)?,
            movement: Movement::new(Neighbours::from_code_or_message(self.movement)?, corners),
            tie_break: TieBreak::from_name(&self.tie_break)?,
            expansion_limit: match self.budget {
                Some(budget) => check_budget(budget).map(|()| Some(budget))?,
                None => None,
            },
            cluster_size: self.cluster,
            unscaled_h: self.unscaled_h,
            danger_in_h: self.danger_in_h,
        })
    }
}
