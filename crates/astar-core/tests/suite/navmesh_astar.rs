//! Navmesh A* with the funnel against the visibility-graph oracle on small random maps: it finds a path
//! exactly when one exists, every segment of it is clear, and it is never shorter than the shortest.

use astar_core::grid::{Grid, Terrain, TerrainCosts};
use astar_core::navmesh::build::squares;
use astar_core::navmesh::build::tiles::{MeshBuilder, MeshKind};
use astar_core::navmesh::corridor::{funnel, MeshAstar, Portal};
use astar_core::navmesh::search::{NavOutcome, NavStep};
use astar_core::navmesh::visibility::Cells;
use astar_core::navmesh::{NavMesh, Point};
use astar_core::rng::Rng;

/// A mesh builder of covered cells (`width`, `height`, `free`).
type Builder = fn(u32, u32, &[bool]) -> NavMesh;

/// The meshes every search test runs on (a builder a line).
fn builders() -> Vec<(&'static str, Builder)> {
    vec![
        ("squares", squares),
        ("rectangles", rectangles),
        ("triangles", triangles),
    ]
}

fn built(kind: MeshKind, width: u32, height: u32, free: &[bool]) -> NavMesh {
    let terrain: Vec<Terrain> = free
        .iter()
        .map(|&f| if f { Terrain::Plain } else { Terrain::Wall })
        .collect();
    let grid = Grid::from_terrain(width, height, terrain, TerrainCosts::default()).unwrap();
    MeshBuilder::with_tile_size(&grid, kind, 0.0, 8).into_mesh()
}

fn rectangles(width: u32, height: u32, free: &[bool]) -> NavMesh {
    built(MeshKind::Rectangles, width, height, free)
}

fn triangles(width: u32, height: u32, free: &[bool]) -> NavMesh {
    built(MeshKind::Triangles, width, height, free)
}

fn random_map(rng: &mut Rng) -> (u32, u32, Vec<bool>) {
    let (width, height) = (4 + rng.below(14), 4 + rng.below(14));
    let density = 0.1 + 0.35 * rng.unit();
    let free = (0..width * height).map(|_| rng.unit() >= density).collect();
    (width, height, free)
}

fn free_centre(rng: &mut Rng, width: u32, free: &[bool]) -> Option<Point> {
    let cells: Vec<u32> = (0..free.len() as u32)
        .filter(|&c| free[c as usize])
        .collect();
    let cell = *cells.get(rng.below(cells.len().max(1) as u32) as usize)?;
    Some(Point::cell_centre(cell % width, cell / width))
}

#[test]
fn navmesh_astar_paths_are_clear_and_never_shorter_than_the_shortest() {
    let mut rng = Rng::new(29);
    let (mut found, mut unreachable, mut over) = (0, 0, 0.0f64);
    for _ in 0..400 {
        let (width, height, free) = random_map(&mut rng);
        let cells = Cells {
            width,
            height,
            free: &free,
        };
        let (Some(start), Some(goal)) = (
            free_centre(&mut rng, width, &free),
            free_centre(&mut rng, width, &free),
        ) else {
            continue;
        };
        let oracle = cells.shortest_path(start, goal);
        for (name, build) in builders() {
            let mesh = build(width, height, &free);
            let mut search = MeshAstar::new();
            search.begin(&mesh, start, goal).unwrap();
            let mut steps = 0;
            let outcome = loop {
                match search.step(&mesh) {
                    NavStep::Expanded => steps += 1,
                    NavStep::Done(outcome) => break outcome,
                }
            };
            assert_eq!(steps, search.counters().expanded);
            match &oracle {
                None => {
                    assert_eq!(outcome, NavOutcome::Unreachable, "{name}");
                    unreachable += 1;
                }
                Some((shortest, _)) => {
                    assert_eq!(outcome, NavOutcome::Found, "{name}");
                    let path = search.path();
                    assert_eq!((path[0], path[path.len() - 1]), (start, goal));
                    for pair in path.windows(2) {
                        let (a, b) = (snap(pair[0]), snap(pair[1]));
                        assert!(
                            cells.segment_clear(a, b),
                            "{name}: {a:?} -> {b:?} is not clear"
                        );
                    }
                    assert!(
                        search.length() >= shortest - 1e-9,
                        "{name}: {} < {shortest}",
                        search.length()
                    );
                    assert!(search.anchor_length() >= search.length() - 1e-9);
                    over = over.max(search.length() / shortest.max(1e-12));
                    found += 1;
                }
            }
        }
    }
    assert!(
        found > 200 && unreachable > 20,
        "{found} found, {unreachable} unreachable"
    );
    eprintln!("{found} found, {unreachable} unreachable; worst length over the shortest {over:.4}");
}

/// A funnel corner is a mesh vertex: a whole number up to rounding.
fn snap(p: Point) -> Point {
    let round = |v: f64| (v * 2.0).round() / 2.0;
    assert!(
        (p.x - round(p.x)).abs() < 1e-9 && (p.y - round(p.y)).abs() < 1e-9,
        "{p:?}"
    );
    Point::new(round(p.x), round(p.y))
}

#[test]
fn the_funnel_goes_straight_down_a_straight_corridor_and_turns_at_the_corner_of_a_bend() {
    let p = Point::new;
    // A corridor of unit squares along y in [0, 1], walked left to right: portals x = 1, 2, 3.
    let straight: Vec<Portal> = std::iter::once(Portal {
        left: p(0.5, 0.5),
        right: p(0.5, 0.5),
    })
    .chain((1..4).map(|x| Portal {
        left: p(x as f64, 0.0),
        right: p(x as f64, 1.0),
    }))
    .chain(std::iter::once(Portal {
        left: p(3.5, 0.5),
        right: p(3.5, 0.5),
    }))
    .collect();
    assert_eq!(funnel(&straight), vec![p(0.5, 0.5), p(3.5, 0.5)]);
    // An L: right along the top row, then down the last column; the path turns at (2, 1).
    let bend = vec![
        Portal {
            left: p(0.5, 0.5),
            right: p(0.5, 0.5),
        },
        Portal {
            left: p(1.0, 0.0),
            right: p(1.0, 1.0),
        },
        Portal {
            left: p(2.0, 0.0),
            right: p(2.0, 1.0),
        },
        Portal {
            left: p(3.0, 1.0),
            right: p(2.0, 1.0),
        },
        Portal {
            left: p(3.0, 2.0),
            right: p(2.0, 2.0),
        },
        Portal {
            left: p(2.5, 2.5),
            right: p(2.5, 2.5),
        },
    ];
    assert_eq!(funnel(&bend), vec![p(0.5, 0.5), p(2.0, 1.0), p(2.5, 2.5)]);
}
