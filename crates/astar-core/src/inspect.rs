//! Looking inside a search: one cell's numbers as the shown search has them at its current step (the
//! page's inspector), and where a found path leaves the optimal one and what each detour costs (the
//! page's "price of w" overlay).
//!
//! Both are asked for once per hovered cell or once per solve, never per frame: the page's per-frame
//! drawing reads the trace's arrays through views instead. The state of a cell is the search's *now*:
//! the page shows an earlier step by restarting and stepping to it, so every number here belongs to the
//! step on screen.

use crate::cost::{self, Cost};
use crate::grid::{Grid, Terrain};
use crate::search::registry;
use crate::session::Session;

/// What the inspector shows about one cell.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CellReport {
    /// The cell's column.
    pub x: u32,
    /// The cell's row.
    pub y: u32,
    /// "wall", "plain", "forest", "swamp" or "road".
    pub terrain: &'static str,
    /// What an orthogonal step onto the cell costs, in tenths (7 for a default road), or `None` for a wall.
    pub terrain_cost: Option<u32>,
    /// "wall", "unreached", "open", "closed" (by either frontier of a bidirectional search) or "path"
    /// (on the path of the finished search).
    pub state: &'static str,
    /// The best g known now, in steps, or `None` when not reached (by the forward search).
    pub g: Option<f64>,
    /// The heuristic estimate to the goal, in steps, as the search computes it.
    pub h: f64,
    /// The weight of h in f = g + w·h, or `None` when the search orders by h alone (greedy).
    pub weight: Option<f64>,
    /// f = g + w·h (h alone for greedy), or `None` when not reached.
    pub f: Option<f64>,
    /// D* Lite's one-step look-ahead rhs, in steps (`f64::INFINITY` when infinite; g is then its cost to
    /// the goal), or `None` for an algorithm that keeps none.
    pub rhs: Option<f64>,
    /// The cell it was reached from with its best g (cell id), or `None`. For D* Lite, the next cell on
    /// its way to the goal.
    pub parent: Option<u32>,
    /// The (1-based) expansion that last closed it, or `None`.
    pub expanded_at: Option<u32>,
    /// How often it was opened again after being closed.
    pub reopened: u32,
    /// Its out-of-date entries still in the open list (lazy deletion: a better g pushed a new one).
    pub stale_entries: u32,
    /// The parent chain, start first and this cell last (cell ids); empty when not reached. D* Lite
    /// searches from the goal: its chain starts at the goal and follows the cell's way there backwards.
    /// The page gets it as a `Uint32Array` (the wasm facade copies it out whole: a chain across a
    /// 1,024 × 1,024 maze is 95,000 cells, 15-23 ms as an array of numbers).
    #[cfg_attr(test, ts(type = "Uint32Array"))]
    pub chain: Vec<u32>,
}

/// Where a path leaves the optimal path and meets it again, and what the detour costs.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Detour {
    /// The last cell both paths share before they part (cell id).
    pub part: u32,
    /// The first cell where they meet again (cell id).
    pub meet: u32,
    /// The chosen path's cost from `part` to `meet`, in steps.
    pub cost: f64,
    /// The optimal path's cost from `part` to `meet`, in steps.
    pub optimal_cost: f64,
    /// `cost - optimal_cost`: what the detour adds.
    pub extra: f64,
}

/// The inspector's report on `cell` in `session`'s shown search as it stands (see the module doc).
///
/// - `cell`: a cell id of the session's map, or `None`.
///
/// # Example
/// ```
/// use astar_core::{demo, inspect, session::Session};
/// let (grid, start, goal, params) = demo::demo();
/// let mut session = Session::new(grid, start, goal).unwrap();
/// session.set_params(params);
/// session.solve(&|| 0.0).unwrap();
/// let report = inspect::inspect(&session, start).unwrap();
/// assert_eq!((report.g, report.parent, report.state), (Some(0.0), None, "path"));
/// ```
pub fn inspect(session: &Session, cell: u32) -> Option<CellReport> {
    let grid = session.grid();
    if cell as usize >= grid.len() {
        return None;
    }
    let search = session.search();
    let terrain = grid.terrain(cell);
    let g = search.g(cell);
    let h = search.h(grid, cell);
    let weight = registry::f_weight(session.params());
    let f = g.map(|g| match weight {
        Some(w) => cost::to_f64(g) + w * cost::to_f64(h),
        None => cost::to_f64(h),
    });
    let trace = search.trace();
    let closed_at = search.closed_at().get(cell as usize).copied();
    let expanded_at = closed_at.filter(|&step| step != crate::search::NEVER);
    let closed = search.is_closed(cell);
    let on_path = search.outcome().is_some() && search.path().contains(&cell);
    // Reached by any frontier (a bidirectional search's backward one has no forward g).
    let opened = search.opened_at().get(cell as usize).copied();
    let reached = g.is_some() || opened.is_some_and(|step| step != crate::search::NEVER);
    let state = match () {
        _ if terrain == Terrain::Wall => "wall",
        _ if on_path => "path",
        _ if closed => "closed",
        _ if reached => "open",
        _ => "unreached",
    };
    // A trace can be empty (a search refused before it began, or one that keeps no per-cell counters):
    // its counters then read as zero, never out of bounds.
    let (reopened, entries) = trace.map_or((0, 0), |t| {
        let at = cell as usize;
        (
            t.reopened().get(at).copied().unwrap_or(0),
            t.entries().get(at).copied().unwrap_or(0),
        )
    });
    let live = u8::from(reached && !closed);
    Some(CellReport {
        x: grid.xy(cell).0,
        y: grid.xy(cell).1,
        terrain: terrain.name(),
        terrain_cost: (terrain != Terrain::Wall).then(|| grid.cost_tenths(cell) as u32),
        state,
        g: g.map(cost::to_f64),
        h: cost::to_f64(h),
        weight,
        f,
        // No move leaves a wall (c = ∞ both ways, as in the paper): its rhs is ∞ whatever the engine
        // kept from before the wall was painted (it never reads it).
        rhs: registry::info(session.params().algorithm)
            .repairs_edits
            .then(|| match terrain {
                Terrain::Wall => f64::INFINITY,
                _ => search.rhs(cell).map_or(f64::INFINITY, cost::to_f64),
            }),
        parent: search.parent(cell),
        expanded_at,
        reopened: reopened as u32,
        stale_entries: entries.saturating_sub(live) as u32,
        // D* Lite's start can end with g = ∞ and its cost in rhs: it has a chain all the same.
        chain: if g.is_some() || (terrain != Terrain::Wall && search.rhs(cell).is_some()) {
            chain(session, cell)
        } else {
            Vec::new()
        },
    })
}

/// The parents from `cell` back to the root, reversed (root first). A parent's g is below its child's
/// when it is set and only falls afterwards, so parents never form a loop; the length bound is a guard
/// all the same (a cycle would otherwise hang the page).
fn chain(session: &Session, cell: u32) -> Vec<u32> {
    let search = session.search();
    let mut cells = vec![cell];
    let mut at = cell;
    while let Some(parent) = search.parent(at) {
        if cells.len() > session.grid().len() {
            break;
        }
        cells.push(parent);
        at = parent;
    }
    cells.reverse();
    cells
}

/// The cost of a step between two grid neighbours `from` and `to` (the terrain of `to`, √2 times for a
/// diagonal), or `None` when they are not neighbours or not both on the map.
fn step_cost(grid: &Grid, from: u32, to: u32) -> Option<Cost> {
    if from.max(to) as usize >= grid.len() {
        return None;
    }
    let ((ax, ay), (bx, by)) = (grid.xy(from), grid.xy(to));
    let diagonal = match (ax.abs_diff(bx), ay.abs_diff(by)) {
        (1, 0) | (0, 1) => false,
        (1, 1) => true,
        _ => return None,
    };
    Some(cost::step_cost(grid.cost_tenths(to), diagonal))
}

/// Per position of `path`: the cost from its first cell, or `None` when a step is not between neighbours.
fn prefix_costs(grid: &Grid, path: &[u32]) -> Option<Vec<Cost>> {
    let mut costs = Vec::with_capacity(path.len());
    let mut total = 0;
    costs.push(0);
    for pair in path.windows(2) {
        total += step_cost(grid, pair[0], pair[1])?;
        costs.push(total);
    }
    Some(costs)
}

/// The stretches where `chosen` leaves `optimal` and meets it again, in order along the paths.
///
/// - `chosen`, `optimal`: paths on `grid` between the same two cells, start first, each step between
///   grid neighbours; otherwise (any-angle paths, different ends) there is nothing to compare and the
///   list is empty.
///
/// The detours' `extra` add up to the cost of `chosen` less the cost of `optimal`: between detours the
/// two paths share cells and steps, and a detour ends only where `chosen` meets `optimal` *further on*.
pub fn detours(grid: &Grid, chosen: &[u32], optimal: &[u32]) -> Vec<Detour> {
    let ends_match = chosen.first() == optimal.first() && chosen.last() == optimal.last();
    let (Some(chosen_costs), Some(optimal_costs)) =
        (prefix_costs(grid, chosen), prefix_costs(grid, optimal))
    else {
        return Vec::new();
    };
    if !ends_match || chosen.is_empty() {
        return Vec::new();
    }
    let position_on_optimal: std::collections::HashMap<u32, usize> =
        optimal.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let mut found = Vec::new();
    let (mut i, mut j) = (0, 0); // chosen[i] == optimal[j]
    while i + 1 < chosen.len() {
        if optimal.get(j + 1) == Some(&chosen[i + 1]) {
            (i, j) = (i + 1, j + 1);
            continue;
        }
        // They part at chosen[i]: walk on until chosen meets optimal further along.
        let mut k = i + 1;
        let meet_j = loop {
            match position_on_optimal.get(&chosen[k]) {
                Some(&at) if at > j => break at,
                _ => k += 1,
            }
        };
        let cost = chosen_costs[k] - chosen_costs[i];
        let optimal_cost = optimal_costs[meet_j] - optimal_costs[j];
        found.push(Detour {
            part: chosen[i],
            meet: chosen[k],
            cost: cost::to_f64(cost),
            optimal_cost: cost::to_f64(optimal_cost),
            extra: cost::to_f64(cost) - cost::to_f64(optimal_cost),
        });
        (i, j) = (k, meet_j);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Algorithm, SearchParams, Weight};

    fn demo_session(w: f64) -> Session {
        let (grid, start, goal, params) = crate::demo::demo();
        let mut session = Session::new(grid, start, goal).unwrap();
        session.set_params(SearchParams {
            algorithm: Algorithm::AStar,
            weight: Weight::new(w).unwrap(),
            ..params
        });
        session
    }

    #[test]
    fn a_closed_cells_numbers_and_chain_agree_with_its_neighbours() {
        let mut session = demo_session(1.0);
        session.solve(&|| 0.0).unwrap();
        let grid = session.grid().clone();
        let start = session.start();
        let start_report = inspect(&session, start).unwrap();
        assert_eq!(start_report.g, Some(0.0));
        assert_eq!(start_report.chain, vec![start]);
        let goal = inspect(&session, session.goal()).unwrap();
        assert_eq!(goal.h, 0.0);
        assert_eq!(goal.state, "path");
        assert_eq!(goal.chain.as_slice(), session.search().path());
        let mut closed = 0;
        for cell in 0..grid.len() as u32 {
            let report = inspect(&session, cell).unwrap();
            if let (Some(g), Some(f)) = (report.g, report.f) {
                assert!((f - (g + report.h)).abs() < 1e-9);
            }
            if report.state != "closed" || cell == start {
                continue;
            }
            closed += 1;
            let parent = report
                .parent
                .expect("a closed cell other than the start has a parent");
            let step = step_cost(&grid, parent, cell).expect("the parent is a neighbour");
            let parent_g = inspect(&session, parent).unwrap().g.unwrap();
            assert!((parent_g + cost::to_f64(step) - report.g.unwrap()).abs() < 1e-9);
            assert_eq!(report.chain.first(), Some(&start));
            assert_eq!(report.chain.last(), Some(&cell));
            assert!(report.expanded_at.is_some());
        }
        assert!(closed > 10);
    }

    #[test]
    fn every_algorithm_gives_the_goal_a_parent_chain_from_the_start_with_g_rising() {
        // Equal costs and 8 neighbours, so that every registered algorithm runs.
        let grid = Grid::from_ascii(
            "..........\n\
             ..####....\n\
             .....#....\n\
             ..#..#.##.\n\
             ..#.......",
        )
        .unwrap();
        let (start, goal) = (grid.cell(0, 0), grid.cell(9, 4));
        for info in registry::ALGORITHMS {
            // D* Lite searches from the goal: its chains lead to the goal (the test below).
            if info.name == "dstar-lite" {
                continue;
            }
            let mut session = Session::new(grid.clone(), start, goal).unwrap();
            session.set_params(SearchParams {
                algorithm: info.algorithm,
                movement: crate::movement::Movement::Eight(crate::movement::CornerRule::NoCut),
                heuristic: crate::heuristic::Heuristic::Octile,
                ..SearchParams::default()
            });
            session.solve(&|| 0.0).unwrap();
            // The goal, or for a bidirectional search the last path cell its forward search reached.
            let path = session.search().path().to_vec();
            assert_eq!(path.last(), Some(&goal), "{}", info.name);
            let target = *path
                .iter()
                .rev()
                .find(|&&c| session.search().g(c).is_some())
                .unwrap();
            let report = inspect(&session, target).unwrap();
            assert_eq!(report.state, "path", "{}", info.name);
            let chain = &report.chain;
            assert_eq!(chain.first(), Some(&start), "{}: {chain:?}", info.name);
            assert_eq!(chain.last(), Some(&target), "{}", info.name);
            let g: Vec<f64> = chain
                .iter()
                .map(|&c| inspect(&session, c).unwrap().g.unwrap())
                .collect();
            assert!(g.windows(2).all(|w| w[0] < w[1]), "{}: {g:?}", info.name);
        }
    }

    #[test]
    fn d_star_lite_chains_lead_down_g_to_the_goal_and_the_starts_chain_is_its_path() {
        let mut session = demo_session(1.0);
        let params = *session.params();
        session.set_params(SearchParams {
            algorithm: Algorithm::DStarLite,
            ..params
        });
        session.solve(&|| 0.0).unwrap();
        let (start, goal) = (session.start(), session.goal());
        let grid = session.grid().clone();
        // The start's chain, goal first, is the path read backwards.
        let mut path = session.search().path().to_vec();
        assert!(path.len() > 2);
        path.reverse();
        assert_eq!(inspect(&session, start).unwrap().chain, path);
        assert_eq!(inspect(&session, goal).unwrap().parent, None);
        // Part-way and finished: every chain steps between neighbours with g falling at each step (by
        // the step's cost, once the cell is consistent), and ends at the cell.
        let total = session.stats().expanded as u32;
        for shown in [total / 3, total] {
            session.restart().unwrap();
            session.step(shown);
            let mut chains = 0;
            for cell in 0..grid.len() as u32 {
                let report = inspect(&session, cell).unwrap();
                if report.chain.len() < 2 {
                    continue;
                }
                chains += 1;
                assert_eq!(report.chain.last(), Some(&cell));
                // min(g, rhs): the start can end with g = ∞ and its cost in rhs.
                let g: Vec<f64> = report
                    .chain
                    .iter()
                    .map(|&c| {
                        let r = inspect(&session, c).unwrap();
                        r.g.unwrap_or(f64::INFINITY).min(r.rhs.unwrap())
                    })
                    .collect();
                assert!(g.windows(2).all(|w| w[0] < w[1]), "{g:?}");
                for pair in report.chain.windows(2) {
                    assert!(
                        step_cost(&grid, pair[1], pair[0]).is_some(),
                        "{pair:?} are neighbours"
                    );
                }
                if shown == total && report.state != "open" {
                    assert_eq!(
                        report.chain.first(),
                        Some(&goal),
                        "a settled cell's chain reaches the goal"
                    );
                }
            }
            assert!(chains > 10, "{chains} chains at step {shown}");
        }
    }

    #[test]
    fn a_cell_closed_later_is_open_or_unreached_part_way() {
        let mut session = demo_session(1.0);
        session.solve(&|| 0.0).unwrap();
        let goal = session.goal();
        let total = session.stats().expanded as u32;
        // The cell expanded just before the goal, looked at half-way through.
        let late = *session.search().path().iter().rev().nth(1).unwrap();
        let late_step = inspect(&session, late).unwrap().expanded_at.unwrap();
        assert!(late_step > total / 2);
        session.restart().unwrap();
        session.step(total / 2);
        let report = inspect(&session, late).unwrap();
        assert!(matches!(report.state, "open" | "unreached"), "{report:?}");
        assert_eq!(report.expanded_at, None);
        assert_eq!(inspect(&session, goal).unwrap().state, "unreached");
    }

    #[test]
    fn per_cell_reopens_and_stale_entries_add_up_to_the_counters() {
        // A large w on random maps with forest and swamp reopens cells; whatever it does, the per-cell
        // reopen counts sum to the search's, and every push was popped (live or stale) or is waiting.
        let mut reopening_maps = 0;
        for seed in 0..12 {
            let mut session = demo_session(3.0);
            let shares = crate::generate::TerrainShares {
                wall: 0.2,
                forest: 0.2,
                swamp: 0.2,
            };
            session.generate_random(40, 30, shares, seed).unwrap();
            let stats = session.solve(&|| 0.0).unwrap();
            let reports: Vec<CellReport> = (0..session.grid().len() as u32)
                .map(|c| inspect(&session, c).unwrap())
                .collect();
            let reopened: u64 = reports.iter().map(|r| r.reopened as u64).sum();
            assert_eq!(reopened, stats.reopened, "seed {seed}");
            let open = reports.iter().filter(|r| r.state == "open").count() as u64;
            let stale: u64 = reports.iter().map(|r| r.stale_entries as u64).sum();
            assert_eq!(
                stats.generated,
                stats.expanded + stats.stale_pops + open + stale,
                "seed {seed}"
            );
            reopening_maps += usize::from(stats.reopened > 0);
        }
        assert!(reopening_maps > 0);
    }

    #[test]
    fn the_detours_of_w_2_5_add_up_to_the_price_over_the_optimum() {
        let mut session = demo_session(2.5);
        let stats = session.solve(&|| 0.0).unwrap();
        let chosen = session.search().path().to_vec();
        let optimal = session.optimal_path();
        let found = detours(session.grid(), &chosen, &optimal);
        let extra: f64 = found.iter().map(|d| d.extra).sum();
        let price = stats.cost.unwrap() - stats.optimal_cost.unwrap();
        assert!(price > 0.0);
        assert!(!found.is_empty());
        assert!((extra - price).abs() < 1e-6, "{found:?} vs {price}");
        for detour in &found {
            assert!(chosen.contains(&detour.part) && optimal.contains(&detour.part));
            assert!(chosen.contains(&detour.meet) && optimal.contains(&detour.meet));
        }
    }

    #[test]
    fn every_cell_can_be_inspected_whatever_the_search_did() {
        // The demo map has forest and swamp, which JPS and Theta* refuse: a refused search has an
        // empty trace, and inspecting it once panicked (in the page, a hover right after the refusal).
        let (grid, start, goal, params) = crate::demo::demo();
        for info in crate::search::registry::ALGORITHMS {
            for movement in [
                crate::movement::Movement::Four,
                crate::movement::Movement::Eight(crate::movement::CornerRule::NoCut),
            ] {
                let mut session = Session::new(grid.clone(), start, goal).unwrap();
                let look_at_every_cell = |session: &Session| {
                    for cell in 0..session.grid().len() as u32 {
                        let report = inspect(session, cell).expect("a cell of the map");
                        assert_eq!((report.x, report.y), session.grid().xy(cell));
                    }
                };
                look_at_every_cell(&session);
                session.set_params(SearchParams {
                    algorithm: info.algorithm,
                    movement,
                    ..params
                });
                let _ = session.solve(&|| 0.0);
                look_at_every_cell(&session);
                let _ = session.restart();
                look_at_every_cell(&session);
            }
        }
    }

    #[test]
    fn detours_of_ascii_paths() {
        // The chosen path goes round the top (through `a`), the optimal one straight along row 1.
        //   a a a
        //   S . G
        let grid = Grid::from_ascii("...\n...").unwrap();
        let c = |x, y| grid.cell(x, y);
        let chosen = [c(0, 1), c(0, 0), c(1, 0), c(2, 0), c(2, 1)];
        let optimal = [c(0, 1), c(1, 1), c(2, 1)];
        let found = detours(&grid, &chosen, &optimal);
        assert_eq!(
            found,
            vec![Detour {
                part: c(0, 1),
                meet: c(2, 1),
                cost: 4.0,
                optimal_cost: 2.0,
                extra: 2.0
            }]
        );
        assert!(detours(&grid, &optimal, &optimal).is_empty());
        // Not neighbours (an any-angle path), or cells off the map: nothing to compare.
        assert!(detours(&grid, &[c(0, 1), c(2, 1)], &optimal).is_empty());
        assert!(detours(&grid, &chosen, &[c(0, 1), 99, c(2, 1)]).is_empty());
    }
}
