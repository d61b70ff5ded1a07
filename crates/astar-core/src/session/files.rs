//! Opening maps and scenarios for the page: each builds a new session (or reads without changing this
//! one), so bad input leaves the current one untouched.

use super::*;

/// One problem of a scenario as the page lists it: [`movingai::Problem`] with its place in the file.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ScenarioProblem {
    /// 1-based position in the file's list.
    pub index: usize,
    /// The bucket (difficulty group) number.
    pub bucket: u32,
    /// The map's file name.
    pub map: String,
    /// Start column.
    pub start_x: u32,
    /// Start row.
    pub start_y: u32,
    /// Goal column.
    pub goal_x: u32,
    /// Goal row.
    pub goal_y: u32,
    /// The optimal length.
    pub optimal: f64,
    /// How many decimals the optimal length was printed with.
    pub decimals: u32,
}

/// The first and last passable cells of `grid` (the same cell when only one is passable).
fn first_and_last_passable(grid: &Grid) -> Option<(u32, u32)> {
    let mut passable = (0..grid.len() as u32).filter(|&c| grid.is_passable(c));
    let first = passable.next()?;
    Some((first, passable.next_back().unwrap_or(first)))
}

/// Opening maps and scenarios for the page: each builds a *new* session (or reads without changing
/// this one), so bad input leaves the current one untouched; errors are sentences for the user.
impl Session {
    /// A session on a Moving AI `.map` (plain and walls, uniform costs) with the settings its optimal
    /// lengths assume ([`movingai::PARAMS`]); start and goal on the first and last passable cells.
    pub fn from_moving_ai_map(text: &str) -> Result<Session, Message> {
        let grid = movingai::parse_map(text)
            .map_err(|e| Message::new("session.not-moving-ai").message("cause", e))?;
        let (start, goal) =
            first_and_last_passable(&grid).ok_or(Message::new("session.no-passable"))?;
        let mut session = Session::new(grid, start, goal)?;
        session.set_params(movingai::PARAMS);
        Ok(session)
    }

    /// A session on a map in the project's own text format (`astar-map 1`) with this session's
    /// settings; without start or goal in the file, they go to the first and last passable cells.
    pub fn with_text_map(&self, source: &str) -> Result<Session, Message> {
        let map = text::parse(source)
            .map_err(|e| Message::new("session.bad-map-file").message("cause", e))?;
        let grid = map.grid;
        let passable = first_and_last_passable(&grid);
        let cell = |xy: Option<(u32, u32)>| xy.map(|(x, y)| grid.cell(x, y));
        let (Some(start), Some(goal)) = (
            cell(map.start).or(passable.map(|p| p.0)),
            cell(map.goal).or(passable.map(|p| p.1)),
        ) else {
            return Err(Message::new("session.no-passable-file"));
        };
        let mut session = Session::new(grid, start, goal)?;
        session.set_params(self.params);
        Ok(session)
    }

    /// The problems of a Moving AI scenario, each checked against this map (the check `astar check`
    /// makes: [`movingai::Problem::cells`]).
    pub fn scenario_problems(&self, text: &str) -> Result<Vec<ScenarioProblem>, Message> {
        let problems = movingai::parse_scen_problems(text)
            .map_err(|e| Message::new("session.bad-scenario").message("cause", e))?;
        problems
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                let index = i + 1;
                p.cells(&self.grid).map_err(|why| {
                    Message::new("session.bad-problem")
                        .int("index", index)
                        .message("cause", why)
                })?;
                Ok(ScenarioProblem {
                    index,
                    bucket: p.bucket,
                    map: p.map,
                    start_x: p.start_x,
                    start_y: p.start_y,
                    goal_x: p.goal_x,
                    goal_y: p.goal_y,
                    optimal: p.optimal,
                    decimals: p.decimals,
                })
            })
            .collect()
    }

    /// A copy of this session with start and goal moved to a scenario problem's cells and the Moving AI
    /// settings, so the found cost compares with the problem's optimal length.
    pub fn with_problem(
        &self,
        start: (i64, i64),
        goal: (i64, i64),
    ) -> Result<Session, SessionError> {
        let mut session = self.clone();
        session.set_start(start.0, start.1)?;
        session.set_goal(goal.0, goal.1)?;
        session.set_params(movingai::PARAMS);
        Ok(session)
    }
}
