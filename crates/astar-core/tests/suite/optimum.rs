//! The optimum the stats compare with (`Session::optimal_cost`): after any sequence of edits, moves of
//! the end cells, settings changes, solves, restarts and steps, it is the map's optimal cost (Dijkstra),
//! whether the session took it from the shown search (finished, current, with settings that guarantee
//! an optimal path) or searched for it.

use crate::common;

use astar_core::rng::Rng;
use astar_core::search::registry::ALGORITHMS;
use astar_core::session::Session;
use astar_core::{SearchParams, Terrain, Weight};
use common::{dijkstra, random_problem, HEURISTICS, MOVEMENTS};

#[test]
fn the_optimum_is_the_map_s_after_any_sequence_of_changes() {
    let mut checks = 0;
    let mut from_the_shown_search = 0;
    for seed in 0..150u64 {
        let problem = random_problem(seed);
        let mut session = Session::new(problem.grid.clone(), problem.start, problem.goal).unwrap();
        let mut rng = Rng::new(seed ^ 0x0917);
        let (w, h) = (problem.grid.width(), problem.grid.height());
        for op in 0..40 {
            let context = format!("seed {seed}, operation {op}");
            let (x, y) = (rng.below(w) as i64, rng.below(h) as i64);
            match rng.below(8) {
                0 | 1 => {
                    let terrain = [
                        Terrain::Wall,
                        Terrain::Plain,
                        Terrain::Forest,
                        Terrain::Swamp,
                    ][rng.below(4) as usize];
                    session.paint(x, y, rng.below(2), terrain);
                }
                2 => {
                    let _ = session.set_start(x, y);
                }
                3 => {
                    let _ = session.set_goal(x, y);
                }
                4 => {
                    let params = SearchParams {
                        algorithm: ALGORITHMS[rng.below(ALGORITHMS.len() as u32) as usize]
                            .algorithm,
                        heuristic: HEURISTICS[rng.below(5) as usize],
                        weight: Weight::new([0.5, 1.0, 1.0, 1.5, 3.0][rng.below(5) as usize])
                            .unwrap(),
                        movement: MOVEMENTS[rng.below(4) as usize],
                        ..SearchParams::default()
                    };
                    session.set_params(params);
                }
                5 => {
                    let _ = session.restart();
                    session.step(rng.below(30));
                }
                _ => {
                    // A clock that jumps a second a reading: the solve times one run only.
                    let clock = std::cell::Cell::new(0.0);
                    let _ = session.solve(&|| {
                        clock.set(clock.get() + 1e6);
                        clock.get()
                    });
                }
            }
            if rng.below(2) == 0 {
                continue; // Sometimes the next change comes first.
            }
            let settled = session.search().outcome().is_some();
            let expected = dijkstra(
                session.grid(),
                session.params().movement,
                session.start(),
                session.goal(),
            );
            assert_eq!(session.optimal_cost(), expected, "{context}");
            checks += 1;
            from_the_shown_search += settled as u32;
        }
    }
    assert!(checks > 2500, "{checks}");
    assert!(from_the_shown_search > 500, "{from_the_shown_search}");
}
