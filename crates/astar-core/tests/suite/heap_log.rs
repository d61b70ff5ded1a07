//! The open-list log (the page's heap panel reads it; records in `search::trace`): replayed into a heap
//! of its own, it pops exactly the entries the engine popped, stale ones included, so a binary heap drawn
//! from it (the article's figure) shows the engine's open list. Checked for every algorithm that logs
//! (the A* family's engine, packed and wide keys, and dynamic weighting), every tie-break, and for the
//! decrease-key arrangement of the same pushes, which must expand the same cells in the same order.

use crate::common;

use astar_core::generate::{random_terrain, TerrainShares};
use astar_core::search::trace::heap_record::{BEGIN, KIND, POP, PUSH, PUSH_WORDS, STALE_POP};
use astar_core::search::{Step, Stepper, Weight};
use astar_core::session::Session;
use astar_core::{Algorithm, Heuristic, Movement, SearchParams, TerrainCosts, TieBreak};
use common::{random_problem, MOVEMENTS};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// An entry's order: (k0, k1, seq), smallest first.
type Key = (u64, u64, u32);

/// What replaying a log gives.
#[derive(Debug, Default)]
struct Replay {
    /// Cells of the POP records, in order.
    expanded: Vec<u32>,
    stale_pops: u64,
    /// Entries pushed for a cell that had a live entry: what decrease-key would update in place.
    decrease_keys: u64,
    /// Expansion order of the same pushes in a heap with one entry per cell, updated in place.
    decrease_key_expanded: Vec<u32>,
    /// Some push carried a nonzero seq (the key did not hold it: a wide or dynamic-weight entry).
    saw_seq: bool,
}

fn word64(hi: u32, lo: u32) -> u64 {
    (hi as u64) << 32 | lo as u64
}

/// Replays `log` (one search, BEGIN first) into an ordered set (lazy deletion) and into a map with one
/// entry per cell (decrease-key), checking each pop record against the set's first entry.
fn replay(log: &[u32]) -> Replay {
    let mut out = Replay::default();
    assert_eq!(log.first(), Some(&BEGIN), "the log starts with BEGIN");
    let mut lazy: BTreeSet<(Key, u32)> = BTreeSet::new();
    let mut live_key: HashMap<u32, Key> = HashMap::new();
    let mut indexed: BTreeMap<Key, u32> = BTreeMap::new();
    let mut i = 1;
    while i < log.len() {
        let word = log[i];
        let cell = word & !KIND;
        match word & KIND {
            PUSH => {
                let w = &log[i..i + PUSH_WORDS];
                let key = (word64(w[1], w[2]), word64(w[3], w[4]), w[5]);
                out.saw_seq |= w[5] != 0;
                lazy.insert((key, cell));
                if let Some(old) = live_key.insert(cell, key) {
                    // The new entry pops first (a lower g, the same h): decrease-key moves it up.
                    assert!(key < old, "a cell's newer entry pops before its older one");
                    out.decrease_keys += 1;
                    indexed.remove(&old);
                }
                indexed.insert(key, cell);
                i += PUSH_WORDS;
                continue;
            }
            POP | STALE_POP => {
                let (key, first) = lazy.pop_first().expect("a pop from a non-empty heap");
                assert_eq!(
                    first, cell,
                    "the replayed heap pops the cell the engine popped"
                );
                let live = live_key.get(&cell) == Some(&key);
                assert_eq!(
                    live,
                    word & KIND == POP,
                    "stale exactly when a newer entry was pushed"
                );
                if live {
                    live_key.remove(&cell);
                    out.expanded.push(cell);
                    let (_, popped) = indexed.pop_first().expect("decrease-key heap not empty");
                    out.decrease_key_expanded.push(popped);
                } else {
                    out.stale_pops += 1;
                }
            }
            _ => panic!("BEGIN in the middle of one search's log"),
        }
        i += 1;
    }
    out
}

/// Steps `search` to the end, collecting the expansion order.
fn expansion_order(search: &mut dyn Stepper, grid: &astar_core::Grid) -> Vec<u32> {
    let mut order = vec![];
    while let Step::Expanded(cell) = search.step(grid) {
        order.push(cell);
    }
    order
}

fn check(
    algorithm: Algorithm,
    params: &SearchParams,
    problem: (&astar_core::Grid, u32, u32),
) -> Replay {
    let (grid, start, goal) = problem;
    let mut search = astar_core::search::make(algorithm);
    search.set_trace(true);
    assert!(
        search.set_heap_log(true),
        "{algorithm:?} logs its open list"
    );
    search.begin(grid, params, start, goal).unwrap();
    let order = expansion_order(search.as_mut(), grid);
    let log = search.trace().unwrap().heap_log().to_vec();
    let replayed = replay(&log);
    let what = format!("{params:?}");
    assert_eq!(replayed.expanded, order, "{what}");
    assert_eq!(replayed.decrease_key_expanded, order, "{what}");
    assert_eq!(replayed.stale_pops, search.counters().stale_pops, "{what}");
    replayed
}

#[test]
fn the_log_replayed_pops_the_engines_entries_and_decrease_key_expands_the_same_cells() {
    let tie_breaks = [
        TieBreak::LowerH,
        TieBreak::HigherG,
        TieBreak::FirstIn,
        TieBreak::LastIn,
    ];
    let algorithms = [
        Algorithm::Bfs,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::AStar,
        Algorithm::DynamicWeight,
    ];
    let (mut stale, mut decreases) = (0, 0);
    for seed in 0..90u64 {
        let problem = random_problem(seed);
        let algorithm = algorithms[seed as usize % algorithms.len()];
        let params = SearchParams {
            algorithm,
            heuristic: [
                Heuristic::Octile,
                Heuristic::Manhattan,
                Heuristic::Euclidean,
            ][seed as usize % 3],
            weight: Weight::new([1.0, 1.5, 2.5, 0.5][seed as usize / 5 % 4]).unwrap(),
            movement: MOVEMENTS[seed as usize / 3 % 4],
            tie_break: tie_breaks[seed as usize / 7 % 4],
            expansion_limit: None,
            cluster_size: None,
            unscaled_h: false,
            danger_in_h: false,
        };
        let r = check(
            algorithm,
            &params,
            (&problem.grid, problem.start, problem.goal),
        );
        stale += r.stale_pops;
        decreases += r.decrease_keys;
    }
    // The maps must exercise lazy deletion, or the comparison above says nothing.
    assert!(
        stale > 0 && decreases > 0,
        "stale {stale}, decrease-keys {decreases}"
    );
}

#[test]
fn wide_keys_are_logged_with_their_seq_and_replay_the_same() {
    // 300 × 300 with swamp at 255 and w = 1.234: priority, tie-break and seq do not fit 128 bits, so
    // the engine's entries are wide (see `open_list`); on a small map they are packed, seq inside.
    let shares = TerrainShares {
        wall: 0.2,
        forest: 0.1,
        swamp: 0.2,
    };
    let mut big = random_terrain(300, 300, shares, 5).unwrap();
    big.set_costs(TerrainCosts::whole(1, 9, 255)).unwrap();
    let passable = |grid: &astar_core::Grid| -> Vec<u32> {
        (0..grid.len() as u32)
            .filter(|&c| grid.is_passable(c))
            .collect()
    };
    let cells = passable(&big);
    let params = SearchParams {
        algorithm: Algorithm::AStar,
        heuristic: Heuristic::Octile,
        weight: Weight::new(1.234).unwrap(),
        movement: Movement::Eight(astar_core::CornerRule::NoCut),
        tie_break: TieBreak::HigherG,
        expansion_limit: Some(4000),
        cluster_size: None,
        unscaled_h: false,
        danger_in_h: false,
    };
    let wide = check(
        Algorithm::AStar,
        &params,
        (&big, cells[0], *cells.last().unwrap()),
    );
    assert!(wide.saw_seq, "the entries were wide");
    let small = random_problem(3);
    let packed = check(
        Algorithm::AStar,
        &params,
        (&small.grid, small.start, small.goal),
    );
    assert!(!packed.saw_seq, "the entries were packed");
}

#[test]
fn turned_on_part_way_the_session_logs_the_search_from_its_begin_and_shows_the_same_step() {
    let problem = random_problem(11);
    let mut session = Session::new(problem.grid.clone(), problem.start, problem.goal).unwrap();
    session.set_params(SearchParams {
        algorithm: Algorithm::AStar,
        heuristic: Heuristic::Manhattan,
        movement: Movement::Four,
        ..SearchParams::default()
    });
    session.restart().unwrap();
    let stepped = session.step(7) as usize;
    let (current, counters) = (
        session.search().last_expanded(),
        session.search().counters(),
    );
    assert!(session.heap_log().is_empty(), "off until asked for");
    assert!(session.set_heap_log(true));
    assert_eq!(session.search().last_expanded(), current);
    assert_eq!(session.search().counters(), counters);
    let log = session.heap_log().to_vec();
    assert_eq!(replay(&log).expanded.len(), stepped);
    session.clear_heap_log();
    session.step(1);
    assert_eq!(
        session
            .heap_log()
            .iter()
            .filter(|&&w| w & KIND == POP)
            .count(),
        1,
        "after a clear, the log holds the new step only"
    );
    // Algorithms whose open list the log cannot describe say so.
    let mut settings = *session.params();
    settings.algorithm = Algorithm::Bidirectional;
    session.set_params(settings);
    assert!(!session.set_heap_log(true));
}
