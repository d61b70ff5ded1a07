//! Polyanya against an exact, independent oracle on seeded random maps, on every mesh builder:
//! - it finds a path exactly when the oracle does, and its length is the oracle's to 1e-9 (relative);
//! - the path starts at the start and ends at the goal; every segment is clear (checked exactly, by the
//!   oracle's rule); every point between bends round a corner where a path may turn, or does not bend;
//! - `run` gives what stepping one by one gives; popped f never decreases; the counters add up.
//!
//! The oracle, written here from the definition and sharing nothing with the mesh: the free space is the
//! union of the free cells' closed squares (outside the map is wall); a shortest path turns only at
//! corners where exactly one of the four cells around is not free; a segment is clear when it never
//! enters a wall square's interior, never runs along a side between two walls, and never passes through
//! a *pinch* (a corner where two free cells meet only diagonally, between two walls). Coordinates are
//! doubled so centres (odd) and corners (even) are integers, and every test is exact integer arithmetic.
//! The shortest path is Dijkstra over the visibility graph of start, goal and those corners.
//!
//! Then pictures: an open field, round a wall, a pinch refused, a pinch detoured, the trivial cases,
//! endpoints on a vertex and on a portal, errors.

use astar_core::navmesh::build::tiles::{MeshBuilder, MeshKind};
use astar_core::navmesh::build::{squares, stitch, Outline};
use astar_core::navmesh::mesh::passable_cells;
use astar_core::navmesh::polyanya::Polyanya;
use astar_core::navmesh::search::{NavError, NavOutcome, NavStep};
use astar_core::navmesh::{NavMesh, Point};
use astar_core::rng::Rng;
use astar_core::{Grid, Terrain, TerrainCosts};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A mesh builder under test.
type Builder = fn(&Grid) -> NavMesh;

/// Every builder the search is checked on (a builder a line).
const BUILDERS: &[(&str, Builder)] = &[
    ("squares", squares_of),
    ("row runs", |grid| row_runs(grid, u32::MAX)),
    ("row runs cut every 3", |grid| row_runs(grid, 3)),
    ("column runs cut every 3", |grid| column_runs(grid, 3)),
    ("rectangles in tiles of 8", |grid| {
        tiled(grid, MeshKind::Rectangles)
    }),
    ("merged triangles in tiles of 8", |grid| {
        tiled(grid, MeshKind::Triangles)
    }),
];

/// The real builders, in tiles of 8 cells so that small maps have seams too.
fn tiled(grid: &Grid, kind: MeshKind) -> NavMesh {
    MeshBuilder::with_tile_size(grid, kind, 0.0, 8).into_mesh()
}

fn squares_of(grid: &Grid) -> NavMesh {
    squares(grid.width(), grid.height(), &passable_cells(grid))
}

/// A mesh with long sides and collinear vertices, which the squares never have (rays running along a
/// polygon's side, edges seen edge-on): each row's runs of free cells as one rectangle, cut where the
/// column is a multiple of `cut`, its top and bottom sides split where the runs above and below begin
/// and end, so that the mesh is conforming. Uncut, every vertex on a long side touches a wall; the cuts
/// put vertices with free space all round on them too, as a tiled builder's seams do. Written here, so
/// the tests need not wait for the real builders.
fn row_runs(grid: &Grid, cut: u32) -> NavMesh {
    let free = passable_cells(grid);
    let outlines = run_outlines(grid.width(), grid.height(), &free, cut);
    stitch(grid.width(), grid.height(), free, &outlines)
}

/// [`row_runs`] along the columns (the row runs of the transposed map, transposed back: a mirror
/// image, so each outline is reversed to stay the positive way round).
fn column_runs(grid: &Grid, cut: u32) -> NavMesh {
    let (width, height) = (grid.width(), grid.height());
    let free = passable_cells(grid);
    let transposed: Vec<bool> = (0..width * height)
        .map(|c| free[((c % height) * width + c / height) as usize])
        .collect();
    let outlines: Vec<Outline> = run_outlines(height, width, &transposed, cut)
        .into_iter()
        .map(|outline| outline.into_iter().rev().map(|[x, y]| [y, x]).collect())
        .collect();
    stitch(width, height, free, &outlines)
}

/// The outlines of [`row_runs`] for `free` (`width × height`, row by row).
fn run_outlines(width: u32, height: u32, free: &[bool], cut: u32) -> Vec<Outline> {
    let runs = |y: i64| -> Vec<(u32, u32)> {
        let mut runs = Vec::new();
        if y < 0 || y >= height as i64 {
            return runs;
        }
        let row = &free[(y as u32 * width) as usize..((y as u32 + 1) * width) as usize];
        let mut x = 0;
        while x < width {
            if row[x as usize] {
                let x0 = x;
                x += 1;
                while x < width && row[x as usize] && x % cut != 0 {
                    x += 1;
                }
                runs.push((x0, x));
            } else {
                x += 1;
            }
        }
        runs
    };
    let mut outlines = Vec::new();
    for y in 0..height {
        let (above, below) = (runs(y as i64 - 1), runs(y as i64 + 1));
        for (x0, x1) in runs(y as i64) {
            let splits = |next: &[(u32, u32)]| -> Vec<u32> {
                let mut xs: Vec<u32> = next.iter().flat_map(|&(a, b)| [a, b]).collect();
                xs.retain(|&x| x0 < x && x < x1);
                xs.dedup(); // a cut run ends where the next begins
                xs
            };
            let mut outline = vec![[x0, y]];
            outline.extend(splits(&above).into_iter().map(|x| [x, y]));
            outline.extend([[x1, y], [x1, y + 1]]);
            outline.extend(splits(&below).into_iter().rev().map(|x| [x, y + 1]));
            outline.push([x0, y + 1]);
            outlines.push(outline);
        }
    }
    outlines
}

// ---------------------------------------------------------------------------------------------------
// The oracle.

/// A point in doubled coordinates: `(2x, 2y)`, so corners are even and centres odd.
type Twice = (i64, i64);

fn twice(p: Point) -> Twice {
    let (x, y) = (2.0 * p.x, 2.0 * p.y);
    assert!(
        x.fract() == 0.0 && y.fract() == 0.0,
        "{p:?} is neither a corner nor a centre"
    );
    (x as i64, y as i64)
}

fn point(t: Twice) -> Point {
    Point::new(t.0 as f64 / 2.0, t.1 as f64 / 2.0)
}

/// `(b - a) × (c - a)`, exactly.
fn cross(a: Twice, b: Twice, c: Twice) -> i64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

fn distance(a: Twice, b: Twice) -> f64 {
    let (dx, dy) = ((a.0 - b.0) as f64, (a.1 - b.1) as f64);
    (dx * dx + dy * dy).sqrt() / 2.0
}

/// The exact shortest paths among a map's walls.
struct Oracle {
    width: i64,
    height: i64,
    free: Vec<bool>,
    /// The corners where a path may turn (three of the four cells around free).
    corners: Vec<Twice>,
    /// Per corner, the corners it sees and how far they are.
    sees: Vec<Vec<(usize, f64)>>,
}

impl Oracle {
    fn new(grid: &Grid) -> Oracle {
        let mut oracle = Oracle {
            width: grid.width() as i64,
            height: grid.height() as i64,
            free: passable_cells(grid),
            corners: Vec::new(),
            sees: Vec::new(),
        };
        for y in 0..=oracle.height {
            for x in 0..=oracle.width {
                if oracle.around(x, y).iter().filter(|&&f| f).count() == 3 {
                    oracle.corners.push((2 * x, 2 * y));
                }
            }
        }
        let n = oracle.corners.len();
        oracle.sees = vec![Vec::new(); n];
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (oracle.corners[i], oracle.corners[j]);
                if oracle.clear(a, b) {
                    oracle.sees[i].push((j, distance(a, b)));
                    oracle.sees[j].push((i, distance(a, b)));
                }
            }
        }
        oracle
    }

    /// Cell `(cx, cy)` is free (false outside the map).
    fn free(&self, cx: i64, cy: i64) -> bool {
        cx >= 0
            && cy >= 0
            && cx < self.width
            && cy < self.height
            && self.free[(cy * self.width + cx) as usize]
    }

    /// The four cells around corner `(x, y)` (in cells): top-left, top-right, bottom-left, bottom-right.
    fn around(&self, x: i64, y: i64) -> [bool; 4] {
        [
            self.free(x - 1, y - 1),
            self.free(x, y - 1),
            self.free(x - 1, y),
            self.free(x, y),
        ]
    }

    /// ```text
    /// . #    or   # .     two free cells meeting only at the corner, between two walls
    /// # .         . #
    /// ```
    fn is_pinch(&self, x: i64, y: i64) -> bool {
        matches!(
            self.around(x, y),
            [true, false, false, true] | [false, true, true, false]
        )
    }

    fn is_turning_corner(&self, p: Twice) -> bool {
        p.0 % 2 == 0 && p.1 % 2 == 0 && self.corners.contains(&p)
    }

    /// Some free cell's closed square holds `p`.
    fn in_free_space(&self, p: Twice) -> bool {
        let cells = |v: i64| {
            if v % 2 == 0 {
                vec![v / 2 - 1, v / 2]
            } else {
                vec![(v - 1) / 2]
            }
        };
        cells(p.0)
            .iter()
            .any(|&cx| cells(p.1).iter().any(|&cy| self.free(cx, cy)))
    }

    /// The segment `a → b` stays in the free space and passes no pinch (its ends may be one).
    fn clear(&self, a: Twice, b: Twice) -> bool {
        if !self.in_free_space(a) || !self.in_free_space(b) {
            return false;
        }
        let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
        let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
        let (cx0, cx1) = ((x0 / 2 - 1).max(0), (x1 / 2).min(self.width - 1));
        let (cy0, cy1) = ((y0 / 2 - 1).max(0), (y1 / 2).min(self.height - 1));
        // No wall square's interior: the open square and the segment are not separated along x, along
        // y, nor by the segment's line.
        for cy in cy0..=cy1 {
            for cx in cx0..=cx1 {
                if self.free(cx, cy) {
                    continue;
                }
                let (sx0, sx1, sy0, sy1) = (2 * cx, 2 * cx + 2, 2 * cy, 2 * cy + 2);
                if x1 <= sx0 || x0 >= sx1 || y1 <= sy0 || y0 >= sy1 {
                    continue;
                }
                let sides =
                    [(sx0, sy0), (sx1, sy0), (sx0, sy1), (sx1, sy1)].map(|c| cross(a, b, c));
                if sides.iter().all(|&s| s >= 0) || sides.iter().all(|&s| s <= 0) {
                    continue;
                }
                return false;
            }
        }
        // Not along a side between two walls.
        if a.0 == b.0 && a.0 % 2 == 0 {
            let x = a.0 / 2;
            let between_walls = (cy0..=cy1).any(|cy| {
                2 * cy < y1 && 2 * cy + 2 > y0 && !self.free(x - 1, cy) && !self.free(x, cy)
            });
            if between_walls {
                return false;
            }
        }
        if a.1 == b.1 && a.1 % 2 == 0 {
            let y = a.1 / 2;
            let between_walls = (cx0..=cx1).any(|cx| {
                2 * cx < x1 && 2 * cx + 2 > x0 && !self.free(cx, y - 1) && !self.free(cx, y)
            });
            if between_walls {
                return false;
            }
        }
        // Through no pinch.
        for y in (y0 + 1) / 2..=y1 / 2 {
            for x in (x0 + 1) / 2..=x1 / 2 {
                let corner = (2 * x, 2 * y);
                if corner != a && corner != b && cross(a, b, corner) == 0 && self.is_pinch(x, y) {
                    return false;
                }
            }
        }
        true
    }

    /// The length of the shortest path from `start` to `goal`, or `None` when there is none.
    fn shortest(&self, start: Twice, goal: Twice) -> Option<f64> {
        if start == goal {
            return Some(0.0);
        }
        // Nodes: the corners, then the start, then the goal.
        let n = self.corners.len();
        let (s, g) = (n, n + 1);
        let mut edges: Vec<Vec<(usize, f64)>> = self.sees.clone();
        edges.push(Vec::new());
        edges.push(Vec::new());
        for (end, at) in [(s, start), (g, goal)] {
            for (i, &corner) in self.corners.iter().enumerate() {
                if corner != at && self.clear(at, corner) {
                    edges[end].push((i, distance(at, corner)));
                    edges[i].push((end, distance(at, corner)));
                } else if corner == at {
                    edges[end].push((i, 0.0));
                    edges[i].push((end, 0.0));
                }
            }
        }
        if self.clear(start, goal) {
            edges[s].push((g, distance(start, goal)));
        }
        let mut best = vec![f64::INFINITY; n + 2];
        let mut open = BinaryHeap::new();
        best[s] = 0.0;
        open.push(Queued(0.0, s));
        while let Some(Queued(d, v)) = open.pop() {
            if d > best[v] {
                continue;
            }
            if v == g {
                return Some(d);
            }
            for &(w, length) in &edges[v] {
                if d + length < best[w] {
                    best[w] = d + length;
                    open.push(Queued(d + length, w));
                }
            }
        }
        None
    }
}

/// A Dijkstra entry, smallest distance first.
struct Queued(f64, usize);

impl PartialEq for Queued {
    fn eq(&self, other: &Queued) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Queued {}
impl PartialOrd for Queued {
    fn partial_cmp(&self, other: &Queued) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Queued {
    fn cmp(&self, other: &Queued) -> Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

// ---------------------------------------------------------------------------------------------------
// Random maps and queries.

/// A `6..=20 × 6..=20` map with wall density in 0.1..0.45, and some diagonal pinches stamped in.
fn random_grid(rng: &mut Rng) -> Grid {
    let (width, height) = (6 + rng.below(15), 6 + rng.below(15));
    let density = 0.1 + 0.35 * rng.unit();
    let mut free: Vec<bool> = (0..width * height).map(|_| rng.unit() >= density).collect();
    for _ in 0..rng.below(4) {
        let (x, y) = (rng.below(width - 1), rng.below(height - 1));
        let flip = rng.below(2) == 1;
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            free[((y + dy) * width + x + dx) as usize] = (dx == dy) != flip;
        }
    }
    let terrain = free
        .iter()
        .map(|&f| if f { Terrain::Plain } else { Terrain::Wall })
        .collect();
    Grid::from_terrain(width, height, terrain, TerrainCosts::default()).unwrap()
}

/// A random free cell's centre, or `None` on a map without one.
fn random_centre(rng: &mut Rng, oracle: &Oracle) -> Option<Twice> {
    let cells: Vec<usize> = (0..oracle.free.len()).filter(|&c| oracle.free[c]).collect();
    let &cell = cells.get(rng.below(cells.len().max(1) as u32) as usize)?;
    let (cx, cy) = (cell as i64 % oracle.width, cell as i64 / oracle.width);
    Some((2 * cx + 1, 2 * cy + 1))
}

/// A random corner point of the free space (a cell corner touching a free cell).
fn random_corner(rng: &mut Rng, oracle: &Oracle) -> Option<Twice> {
    for _ in 0..100 {
        let x = rng.below(oracle.width as u32 + 1) as i64;
        let y = rng.below(oracle.height as u32 + 1) as i64;
        if oracle.in_free_space((2 * x, 2 * y)) {
            return Some((2 * x, 2 * y));
        }
    }
    None
}

/// What the random tests saw, for the report.
#[derive(Default, Debug)]
struct Tally {
    maps: u32,
    queries: u32,
    found: u32,
    unreachable: u32,
    trivial: u32,
    turned: u32,
    expanded: u64,
    generated: u64,
    stale_pops: u64,
    most_expanded: u64,
}

/// Runs one query on `mesh` and checks it against the oracle; stepping and running must agree.
fn check_query(
    name: &str,
    mesh: &NavMesh,
    oracle: &Oracle,
    start: Twice,
    goal: Twice,
    tally: &mut Tally,
) {
    let context = format!("{name}: {:?} -> {:?}", point(start), point(goal));
    let (start_point, goal_point) = (point(start), point(goal));
    let mut run = Polyanya::new();
    run.begin(mesh, start_point, goal_point).unwrap();
    let outcome = run.run(mesh);

    let stepped = step_through(mesh, start_point, goal_point, &context);
    assert_eq!(stepped.outcome(), Some(outcome), "{context}: run and steps");
    assert_eq!(stepped.path(), run.path(), "{context}: run and steps");
    assert_eq!(
        stepped.length().to_bits(),
        run.length().to_bits(),
        "{context}"
    );
    assert_eq!(
        stepped.counters(),
        run.counters(),
        "{context}: run and steps"
    );

    let counters = run.counters();
    assert!(
        counters.generated >= counters.expanded + counters.stale_pops,
        "{context}: {counters:?}"
    );
    assert!(
        counters.open_peak <= counters.generated,
        "{context}: {counters:?}"
    );
    tally.queries += 1;
    tally.expanded += counters.expanded;
    tally.generated += counters.generated;
    tally.stale_pops += counters.stale_pops;
    tally.most_expanded = tally.most_expanded.max(counters.expanded);
    if counters.generated == 0 {
        tally.trivial += 1;
    }

    match (oracle.shortest(start, goal), outcome) {
        (None, NavOutcome::Unreachable) => {
            tally.unreachable += 1;
            assert!(run.path().is_empty(), "{context}");
            assert_eq!(
                counters.generated,
                counters.expanded + counters.stale_pops,
                "{context}: the open list ran empty, so every node pushed was popped"
            );
        }
        (Some(shortest), NavOutcome::Found) => {
            tally.found += 1;
            let path = run.path();
            assert_eq!(path.first(), Some(&start_point), "{context}: {path:?}");
            assert_eq!(path.last(), Some(&goal_point), "{context}: {path:?}");
            let points: Vec<Twice> = path.iter().map(|&p| twice(p)).collect();
            for pair in points.windows(2) {
                assert!(
                    oracle.clear(pair[0], pair[1]),
                    "{context}: segment {:?} -> {:?} is not clear; path {path:?}",
                    point(pair[0]),
                    point(pair[1])
                );
            }
            for three in points.windows(3) {
                let bends = cross(three[0], three[1], three[2]) != 0;
                assert!(
                    !bends || oracle.is_turning_corner(three[1]),
                    "{context}: the path bends at {:?}, where no shortest path may; path {path:?}",
                    point(three[1])
                );
            }
            if points.len() > 2 {
                tally.turned += 1;
            }
            let length = run.length();
            assert!(
                (length - shortest).abs() <= 1e-9 * shortest.max(1.0),
                "{context}: Polyanya {length}, shortest {shortest}; path {path:?}"
            );
        }
        (shortest, outcome) => panic!("{context}: oracle {shortest:?}, Polyanya {outcome:?}"),
    }
}

/// Steps a search one node at a time, checking what each step shows: popped f never decreases (h is
/// consistent), successors are no better than the node they come from, and the step count matches the
/// counters.
fn step_through(mesh: &NavMesh, start: Point, goal: Point, context: &str) -> Polyanya {
    let mut search = Polyanya::new();
    search.begin(mesh, start, goal).unwrap();
    for start_node in search.last_successors() {
        assert_eq!(start_node.root, start, "{context}: a start node's root");
        assert!(mesh.contains(start_node.polygon, start), "{context}");
    }
    let (mut steps, mut last_f) = (0u64, 0.0f64);
    let outcome = loop {
        let step = search.step(mesh);
        // Intermediate nodes expanded at once never hold the goal (the final node is popped) and are
        // not the popped node's own polygon.
        for &passed in search.last_passed() {
            assert!(
                !mesh.contains(passed, goal),
                "{context}: passed the goal's polygon"
            );
            assert_ne!(
                Some(passed),
                search.last_node().map(|n| n.polygon),
                "{context}"
            );
        }
        if let Some(node) = search.last_node() {
            assert!(
                node.f >= last_f - 1e-9,
                "{context}: popped f fell from {last_f} to {}",
                node.f
            );
            last_f = node.f;
            for successor in search.last_successors() {
                assert!(
                    successor.f >= node.f - 1e-9,
                    "{context}: {successor:?} from {node:?}"
                );
                assert!(
                    successor.g >= node.g - 1e-9,
                    "{context}: {successor:?} from {node:?}"
                );
                for end in [successor.left, successor.right] {
                    assert!(
                        nearly_contains(mesh, successor.polygon, end),
                        "{context}: {successor:?}"
                    );
                }
            }
        }
        match step {
            NavStep::Expanded => steps += 1,
            NavStep::Done(outcome) => break outcome,
        }
    };
    assert_eq!(
        search.step(mesh),
        NavStep::Done(outcome),
        "{context}: done stays done"
    );
    let counters = search.counters();
    let final_pop = u64::from(outcome == NavOutcome::Found && counters.generated > 0);
    assert_eq!(
        counters.expanded,
        steps + final_pop,
        "{context}: {counters:?}"
    );
    search
}

/// `p` lies in polygon `polygon` or within 1e-9 of it (interval ends are computed intersections).
fn nearly_contains(mesh: &NavMesh, polygon: u32, p: Point) -> bool {
    let poly = &mesh.polygons[polygon as usize];
    (0..poly.vertices.len()).all(|i| {
        let (a, b) = poly.edge(i);
        let (a, b) = (mesh.point(a), mesh.point(b));
        let side = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
        side >= -1e-9 * a.distance(b)
    })
}

#[test]
fn polyanya_finds_the_exact_shortest_path_on_random_maps() {
    const MAPS: u32 = 400;
    let mut rng = Rng::new(2017);
    let mut tally = Tally::default();
    for _ in 0..MAPS {
        let grid = random_grid(&mut rng);
        let oracle = Oracle::new(&grid);
        let meshes: Vec<(&str, NavMesh)> = BUILDERS
            .iter()
            .map(|&(name, build)| {
                let mesh = build(&grid);
                mesh.check()
                    .unwrap_or_else(|e| panic!("{name}: {e}\n{}", grid.to_ascii()));
                (name, mesh)
            })
            .collect();
        tally.maps += 1;
        for query in 0..8 {
            let start = if query % 2 == 0 {
                random_centre(&mut rng, &oracle)
            } else {
                random_corner(&mut rng, &oracle)
            };
            let goal = if query % 4 < 2 {
                random_centre(&mut rng, &oracle)
            } else {
                random_corner(&mut rng, &oracle)
            };
            let (Some(start), Some(goal)) = (start, goal) else {
                continue;
            };
            for (name, mesh) in &meshes {
                let context = format!("{name}\n{}", grid.to_ascii());
                check_query(&context, mesh, &oracle, start, goal, &mut tally);
            }
        }
    }
    eprintln!("polyanya random maps: {tally:?}");
    assert_eq!(tally.maps, MAPS);
    assert!(tally.found > tally.queries / 2, "{tally:?}");
    assert!(tally.unreachable > 50, "{tally:?}");
    assert!(tally.turned > tally.found / 3, "{tally:?}");
}

// ---------------------------------------------------------------------------------------------------
// Pictures.

fn grid(picture: &str) -> Grid {
    Grid::from_ascii(picture).unwrap()
}

/// Runs from `start` to `goal` (cell units) on every builder's mesh of `picture`, checks it against the
/// oracle and returns the path of the last builder.
fn solve(picture: &str, start: (f64, f64), goal: (f64, f64)) -> (NavOutcome, Vec<Point>, f64) {
    let grid = grid(picture);
    let oracle = Oracle::new(&grid);
    let (start, goal) = (Point::new(start.0, start.1), Point::new(goal.0, goal.1));
    let mut last = None;
    for &(name, build) in BUILDERS {
        let mesh = build(&grid);
        mesh.check().unwrap();
        check_query(
            name,
            &mesh,
            &oracle,
            twice(start),
            twice(goal),
            &mut Tally::default(),
        );
        let mut search = Polyanya::new();
        search.begin(&mesh, start, goal).unwrap();
        let outcome = search.run(&mesh);
        last = Some((outcome, search.path().to_vec(), search.length()));
    }
    last.unwrap()
}

fn points(list: &[(f64, f64)]) -> Vec<Point> {
    list.iter().map(|&(x, y)| Point::new(x, y)).collect()
}

#[test]
fn an_open_field_is_one_straight_segment() {
    let (outcome, path, length) = solve("......\n......\n......\n......", (0.5, 0.5), (5.5, 3.5));
    assert_eq!(outcome, NavOutcome::Found);
    assert_eq!(path, points(&[(0.5, 0.5), (5.5, 3.5)]));
    assert!((length - 34f64.sqrt()).abs() < 1e-12);
}

#[test]
fn a_lone_successor_with_the_same_root_is_expanded_in_the_same_step() {
    // Row runs cut an open field into one polygon a row: a path down it sees through each in turn, so
    // the popped node's lone successor is expanded at once, and the next, down to the goal's row.
    let grid = grid("....\n....\n....\n....\n....\n....");
    let mesh = row_runs(&grid, 4);
    let (start, goal) = (Point::new(1.5, 0.5), Point::new(2.5, 5.5));
    let mut search = step_through(&mesh, start, goal, "rows");
    search.begin(&mesh, start, goal).unwrap();
    let mut passed = Vec::new();
    while search.step(&mesh) == NavStep::Expanded {
        passed.extend_from_slice(search.last_passed());
    }
    assert_eq!(search.outcome(), Some(NavOutcome::Found));
    assert_eq!(search.path(), points(&[(1.5, 0.5), (2.5, 5.5)]));
    let rows: Vec<u32> = (1..5).map(|y| mesh.cell_polygon[y * 4 + 1]).collect();
    assert!(
        rows.iter().filter(|r| passed.contains(r)).count() >= 3,
        "rows 1-4 {rows:?}, passed {passed:?}, counters {:?}",
        search.counters()
    );
}

#[test]
fn a_wall_is_passed_at_its_corners() {
    let picture = "
        ....
        .##.
        ....
    ";
    let (outcome, path, length) = solve(picture, (0.5, 1.5), (3.5, 1.5));
    assert_eq!(outcome, NavOutcome::Found);
    assert_eq!(path.len(), 4, "{path:?}");
    assert!((length - (2.0 + 2.0 * 0.5f64.sqrt())).abs() < 1e-12);
}

#[test]
fn cells_meeting_at_a_corner_between_two_walls_do_not_connect() {
    let picture = "
        .#.
        #..
        ...
    ";
    let (outcome, path, _) = solve(picture, (0.5, 0.5), (2.5, 2.5));
    assert_eq!(outcome, NavOutcome::Unreachable);
    assert!(path.is_empty());
}

#[test]
fn a_straight_line_through_a_pinch_is_detoured() {
    // The line from (2.5, 1.5) to (1.5, 2.5) passes exactly through the pinch at (2, 2).
    let picture = "
        ....
        .#..
        ..#.
        ....
    ";
    let (outcome, path, length) = solve(picture, (2.5, 1.5), (1.5, 2.5));
    assert_eq!(outcome, NavOutcome::Found);
    assert_eq!(path.len(), 5, "{path:?}");
    assert!((length - (2.0 + 2f64.sqrt())).abs() < 1e-12);
}

#[test]
fn trivial_searches_are_answered_at_once() {
    let free = [true; 4];
    let mesh = squares(2, 2, &free);
    let mut search = Polyanya::new();
    let here = Point::new(0.5, 0.5);
    search.begin(&mesh, here, here).unwrap();
    assert_eq!(search.outcome(), Some(NavOutcome::Found));
    assert_eq!(search.path(), &[here]);
    assert_eq!(search.step(&mesh), NavStep::Done(NavOutcome::Found));
    assert_eq!(search.length(), 0.0);
    // The same cell: two points, no step.
    search.begin(&mesh, here, Point::new(0.9, 0.2)).unwrap();
    assert_eq!(search.path(), &[here, Point::new(0.9, 0.2)]);
    assert_eq!(search.counters().generated, 0);
    // Diagonal cells: the straight path through their shared corner (free all round).
    search.begin(&mesh, here, Point::new(1.5, 1.5)).unwrap();
    assert_eq!(search.run(&mesh), NavOutcome::Found);
    assert_eq!(search.path(), &[here, Point::new(1.5, 1.5)]);
    assert!((search.length() - 2f64.sqrt()).abs() < 1e-12);
}

#[test]
fn endpoints_on_vertices_and_portals() {
    let picture = "
        ...
        .#.
        ...
    ";
    // From a wall corner to the far corner: round the wall, turning at (2, 1) or (1, 2).
    let (outcome, path, length) = solve(picture, (1.0, 1.0), (3.0, 3.0));
    assert_eq!(outcome, NavOutcome::Found);
    assert_eq!(path.len(), 3, "{path:?}");
    assert!((length - (1.0 + 5f64.sqrt())).abs() < 1e-12);
    // From a portal's middle (between cells (0, 0) and (1, 0)) to a map corner.
    let (_, path, length) = solve(picture, (1.0, 0.5), (3.0, 3.0));
    assert!(
        (length - (1.25f64.sqrt() + 5f64.sqrt())).abs() < 1e-12,
        "{path:?}"
    );
    // Along the map's edge, and along the wall's side.
    let (_, path, _) = solve(picture, (0.0, 0.0), (3.0, 0.0));
    assert_eq!(path, points(&[(0.0, 0.0), (3.0, 0.0)]));
    let (_, path, _) = solve(picture, (1.0, 1.0), (1.0, 2.0));
    assert_eq!(path, points(&[(1.0, 1.0), (1.0, 2.0)]));
}

#[test]
fn endpoints_outside_the_free_space_are_refused() {
    let grid = grid("..\n.#");
    let mesh = squares_of(&grid);
    let mut search = Polyanya::new();
    let free = Point::new(0.5, 0.5);
    let wall = Point::new(1.5, 1.5);
    assert_eq!(search.begin(&mesh, wall, free), Err(NavError::StartNotFree));
    assert_eq!(search.begin(&mesh, free, wall), Err(NavError::GoalNotFree));
    assert_eq!(
        search.begin(&mesh, free, Point::new(-1.0, 0.5)),
        Err(NavError::GoalNotFree)
    );
    assert!(search.path().is_empty());
    assert_eq!(search.step(&mesh), NavStep::Done(NavOutcome::Unreachable));
}

#[test]
fn the_steps_show_the_nodes_and_their_roots() {
    let picture = "
        ....
        .##.
        ....
    ";
    let grid = grid(picture);
    let mesh = squares_of(&grid);
    let mut search = Polyanya::new();
    let start = Point::new(0.5, 1.5);
    search.begin(&mesh, start, Point::new(3.5, 1.5)).unwrap();
    assert_eq!(search.last_successors().len(), 1, "one start node");
    assert_eq!(search.last_node(), None);
    assert_eq!(search.step(&mesh), NavStep::Expanded);
    let node = search.last_node().unwrap();
    assert_eq!(
        (node.root, node.left, node.right, node.g),
        (start, start, start, 0.0)
    );
    assert_eq!(
        search.last_successors().len(),
        2,
        "the start cell's two portals (up, down)"
    );
    assert_eq!(search.run(&mesh), NavOutcome::Found);
    let roots = search.closed_roots();
    assert_eq!(roots[0], start);
    assert!(roots.len() >= 2, "the search turned at a corner: {roots:?}");
}
