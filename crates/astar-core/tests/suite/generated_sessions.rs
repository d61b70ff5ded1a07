//! The session's generators: the map a session shows after Random, Maze or Rooms is exactly the
//! generator's output (the end cells are placed on it, never carved into it), the start and goal sit on
//! passable cells near opposite corners, and on mazes and rooms the goal is always reachable.

use astar_core::generate::{self, TerrainShares};
use astar_core::regions::Regions;
use astar_core::session::Session;
use astar_core::{Grid, Movement, Terrain};

/// A session on a small all-plain map, as the page starts before any generator.
fn fresh_session() -> Session {
    let grid = Grid::new(3, 3).unwrap();
    Session::new(grid, 0, 8).unwrap()
}

/// The Chebyshev distance from `cell` to the corner (x, y).
fn ring(grid: &Grid, cell: u32, x: u32, y: u32) -> u32 {
    let (cx, cy) = grid.xy(cell);
    cx.abs_diff(x).max(cy.abs_diff(y))
}

/// Asserts the session shows `expected`, its start is a passable cell nearest the top-left corner and its
/// goal another passable cell nearest the bottom-right corner, and (when `connected`) that a path joins them.
fn check(session: &Session, expected: &Grid, connected: bool, what: &str) {
    let grid = session.grid();
    assert!(
        grid == expected,
        "{what}: the terrain differs from the generator's output"
    );
    let (start, goal) = (session.start(), session.goal());
    assert!(grid.is_passable(start), "{what}: start on a wall");
    assert!(grid.is_passable(goal), "{what}: goal on a wall");
    let (w, h) = (grid.width(), grid.height());
    let passable: Vec<u32> = (0..grid.len() as u32)
        .filter(|&c| grid.is_passable(c))
        .collect();
    let nearest_start = passable.iter().map(|&c| ring(grid, c, 0, 0)).min().unwrap();
    assert_eq!(
        ring(grid, start, 0, 0),
        nearest_start,
        "{what}: start not nearest its corner"
    );
    if passable.len() > 1 {
        assert_ne!(start, goal, "{what}: start and goal on one cell");
        let nearest_goal = passable
            .iter()
            .filter(|&&c| c != start)
            .map(|&c| ring(grid, c, w - 1, h - 1))
            .min()
            .unwrap();
        assert_eq!(
            ring(grid, goal, w - 1, h - 1),
            nearest_goal,
            "{what}: goal not nearest its corner"
        );
    }
    let ((sx, sy), (gx, gy)) = (grid.xy(start), grid.xy(goal));
    if connected {
        let regions = Regions::compute(grid, Movement::Four);
        assert!(
            regions.connected(start, goal),
            "{what}: goal ({gx}, {gy}) unreachable from start ({sx}, {sy})"
        );
    }
}

fn expected_maze(w: u32, h: u32, corridor: u32, forest: f64, swamp: f64, seed: u64) -> Grid {
    let mut grid = generate::maze(w, h, corridor, seed).unwrap();
    generate::sprinkle(&mut grid, forest, swamp, seed);
    grid
}

fn expected_rooms(w: u32, h: u32, room: u32, forest: f64, swamp: f64, seed: u64) -> Grid {
    let mut grid = generate::rooms(w, h, room, seed).unwrap();
    generate::sprinkle(&mut grid, forest, swamp, seed);
    grid
}

#[test]
fn an_8_by_8_maze_has_a_reachable_goal_and_no_carved_cell() {
    // The page's smallest maze: its last row and column are wall, so the goal must go inside. The page
    // first sets the size (an 8 x 8 map, goal at (7, 7)), then generates.
    let mut s = fresh_session();
    s.clear(8, 8).unwrap();
    s.generate_maze(8, 8, 1, 0.0, 0.0, 1).unwrap();
    check(&s, &expected_maze(8, 8, 1, 0.0, 0.0, 1), true, "maze 8x8");
}

#[test]
fn mazes_of_many_sizes_seeds_and_corridors_keep_their_terrain_and_connect_the_ends() {
    let sizes = [
        (8, 8),
        (9, 9),
        (10, 7),
        (21, 11),
        (64, 64),
        (100, 60),
        (33, 80),
        (2, 2),
        (3, 8),
    ];
    for seed in 0..12 {
        for &(w, h) in &sizes {
            for corridor in [1, 2, 3, 4, 5] {
                if corridor >= w.min(h) {
                    continue;
                }
                let what = format!("maze {w}x{h} corridor {corridor} seed {seed}");
                // Start from a session whose ends sit elsewhere: a random map of another size.
                let mut s = fresh_session();
                s.generate_random(w + 3, h + 1, TerrainShares::ARTICLE, seed)
                    .unwrap();
                s.generate_maze(w, h, corridor, 0.1, 0.05, seed).unwrap();
                check(
                    &s,
                    &expected_maze(w, h, corridor, 0.1, 0.05, seed),
                    true,
                    &what,
                );
            }
        }
    }
}

#[test]
fn the_page_cases_keep_their_terrain_and_connect_the_ends() {
    let mut s = fresh_session();
    s.generate_random(512, 512, TerrainShares::ARTICLE, 1)
        .unwrap();
    s.generate_maze(512, 512, 1, 0.0, 0.0, 1).unwrap();
    check(
        &s,
        &expected_maze(512, 512, 1, 0.0, 0.0, 1),
        true,
        "maze 512x512 after random",
    );
    for (w, h, corridor) in [(64, 64, 2), (100, 60, 4)] {
        for seed in 0..5 {
            let mut s = fresh_session();
            s.generate_maze(w, h, corridor, 0.0, 0.0, seed).unwrap();
            let what = format!("maze {w}x{h} corridor {corridor} seed {seed}");
            check(
                &s,
                &expected_maze(w, h, corridor, 0.0, 0.0, seed),
                true,
                &what,
            );
        }
    }
}

#[test]
fn rooms_keep_their_terrain_and_connect_the_ends() {
    for seed in 0..10 {
        for (w, h, room) in [
            (8, 8, 2),
            (40, 30, 6),
            (101, 57, 8),
            (64, 64, 3),
            (300, 20, 5),
        ] {
            let what = format!("rooms {w}x{h} room {room} seed {seed}");
            let mut s = fresh_session();
            s.generate_maze(w + 1, h + 2, 1, 0.0, 0.0, seed).unwrap();
            s.generate_rooms(w, h, room, 0.1, 0.1, seed).unwrap();
            check(&s, &expected_rooms(w, h, room, 0.1, 0.1, seed), true, &what);
        }
    }
}

#[test]
fn random_maps_keep_their_terrain() {
    let shares = TerrainShares {
        wall: 0.45,
        forest: 0.1,
        swamp: 0.1,
    };
    for seed in 0..20 {
        for (w, h) in [(8, 8), (64, 64), (100, 60), (17, 5)] {
            let what = format!("random {w}x{h} seed {seed}");
            let mut s = fresh_session();
            s.generate_maze(w, h, 1, 0.0, 0.0, seed).unwrap();
            s.generate_random(w, h, shares, seed).unwrap();
            let expected = generate::random_terrain(w, h, shares, seed).unwrap();
            check(&s, &expected, false, &what);
        }
    }
}

#[test]
fn a_map_with_too_few_passable_cells_gets_its_corners_opened() {
    // All walls: there is nowhere to stand, so the corners are the one place the terrain changes.
    let all_wall = TerrainShares {
        wall: 1.0,
        forest: 0.0,
        swamp: 0.0,
    };
    let mut s = fresh_session();
    s.generate_random(6, 4, all_wall, 3).unwrap();
    let grid = s.grid();
    assert_eq!(grid.xy(s.start()), (0, 0));
    assert_eq!(grid.xy(s.goal()), (5, 3));
    assert!(grid.is_passable(s.start()) && grid.is_passable(s.goal()));
    assert_eq!(grid.count(Terrain::Wall), 6 * 4 - 2);
    // A one-cell map: start and goal share it.
    s.generate_maze(1, 1, 1, 0.0, 0.0, 1).unwrap();
    assert_eq!((s.start(), s.goal()), (0, 0));
    assert!(s.grid().is_passable(0));
}
