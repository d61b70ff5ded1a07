//! The navmesh builders (squares, rectangles, merged triangles; tiled; with a unit radius) against
//! `NavMesh::check` and against the cells: on hundreds of seeded small maps (random walls, diagonal
//! pinches, rooms, mazes), on the vendored Moving AI maps, and after random edits, where the rebuilt
//! mesh must be the one a fresh build gives. The checks themselves are shown to refuse broken meshes.
//!
//! `sizes_and_build_times` prints the polygon counts and build times (run with `--nocapture`); it
//! asserts nothing about time.

use crate::common;

use astar_core::formats::movingai::parse_map;
use astar_core::generate::{maze, random_terrain, rooms, TerrainShares};
use astar_core::navmesh::build::assemble::assemble;
use astar_core::navmesh::build::radius::covered_cells;
use astar_core::navmesh::build::stitch;
use astar_core::navmesh::build::tiles::{CellBox, MeshBuilder, MeshKind};
use astar_core::navmesh::{NavMesh, NO_POLYGON};
use astar_core::rng::Rng;
use astar_core::{Grid, Terrain};
use std::time::Instant;

/// A map with walls at share `wall` (the rest plain).
fn random_map(width: u32, height: u32, wall: f64, seed: u64) -> Grid {
    let shares = TerrainShares {
        wall,
        forest: 0.0,
        swamp: 0.0,
    };
    random_terrain(width, height, shares, seed).unwrap()
}

/// A map made of 2 × 2 blocks that are each a checkerboard or its inverse with some probability:
/// diagonal pinches everywhere.
fn pinch_map(width: u32, height: u32, seed: u64) -> Grid {
    let mut grid = Grid::new(width, height).unwrap();
    let mut rng = Rng::new(seed);
    for y in 0..height {
        for x in 0..width {
            let wall = if rng.below(5) == 0 {
                rng.below(2) == 0
            } else {
                (x + y) % 2 == 0
            };
            if wall {
                grid.set_terrain(grid.cell(x, y), Terrain::Wall);
            }
        }
    }
    grid
}

/// The seeded small maps the property tests run on: (name, grid).
fn small_maps() -> Vec<(String, Grid)> {
    let mut rng = Rng::new(0x6e61_766d);
    let mut maps = Vec::new();
    for i in 0..300u64 {
        let (w, h) = (1 + rng.below(22), 1 + rng.below(22));
        let seed = rng.next_u64();
        let (name, grid) = match i % 6 {
            0 | 1 => {
                let wall = [0.05, 0.2, 0.35, 0.5][rng.below(4) as usize];
                (
                    format!("random {w}x{h} {wall} {seed}"),
                    random_map(w, h, wall, seed),
                )
            }
            2 => (format!("pinches {w}x{h} {seed}"), pinch_map(w, h, seed)),
            3 => {
                let room = 2 + rng.below(5);
                (
                    format!("rooms {w}x{h} {room} {seed}"),
                    rooms(w, h, room, seed).unwrap(),
                )
            }
            4 => {
                let corridor = 1 + rng.below(3);
                (
                    format!("maze {w}x{h} {corridor} {seed}"),
                    maze(w, h, corridor, seed).unwrap(),
                )
            }
            _ => {
                let text: String = [
                    "..#.\n#.#.\n.#..\n....",
                    ".#\n#.",
                    "#",
                    ".",
                    "...\n.#.\n...",
                ][rng.below(5) as usize]
                    .to_string();
                (format!("fixed {text:?}"), Grid::from_ascii(&text).unwrap())
            }
        };
        maps.push((name, grid));
    }
    maps
}

/// Labels of the covered cells' components under 4-neighbour connectivity (`u32::MAX` elsewhere).
fn cell_components(width: u32, height: u32, free: &[bool]) -> Vec<u32> {
    let mut label = vec![u32::MAX; free.len()];
    let mut next = 0;
    for start in 0..free.len() {
        if !free[start] || label[start] != u32::MAX {
            continue;
        }
        label[start] = next;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            let (x, y) = (cell as u32 % width, cell as u32 / width);
            let mut visit = |nx: u32, ny: u32| {
                let n = (ny * width + nx) as usize;
                if free[n] && label[n] == u32::MAX {
                    label[n] = next;
                    stack.push(n);
                }
            };
            if x > 0 {
                visit(x - 1, y);
            }
            if x + 1 < width {
                visit(x + 1, y);
            }
            if y > 0 {
                visit(x, y - 1);
            }
            if y + 1 < height {
                visit(x, y + 1);
            }
        }
        next += 1;
    }
    label
}

/// Per covered cell, the component (in the polygon graph, through portals) of the polygon holding its
/// centre; `u32::MAX` elsewhere. Errs when a component holds no cell's centre.
fn mesh_components(mesh: &NavMesh) -> Result<Vec<u32>, String> {
    let n = mesh.polygons.len();
    let mut label = vec![u32::MAX; n];
    let mut count = 0;
    for start in 0..n {
        if label[start] != u32::MAX {
            continue;
        }
        label[start] = count;
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            for &q in &mesh.polygons[p].neighbours {
                if q != NO_POLYGON && label[q as usize] == u32::MAX {
                    label[q as usize] = count;
                    stack.push(q as usize);
                }
            }
        }
        count += 1;
    }
    let by_cell: Vec<u32> = mesh
        .cell_polygon
        .iter()
        .map(|&p| {
            if p == NO_POLYGON {
                u32::MAX
            } else {
                label[p as usize]
            }
        })
        .collect();
    let mut holds_a_cell = vec![false; count as usize];
    for &c in by_cell.iter().filter(|&&c| c != u32::MAX) {
        holds_a_cell[c as usize] = true;
    }
    match holds_a_cell.iter().position(|&h| !h) {
        Some(c) => Err(format!("mesh component {c} holds no cell")),
        None => Ok(by_cell),
    }
}

/// True when the two labellings split the cells the same way (a bijection between their labels).
fn same_partition(a: &[u32], b: &[u32]) -> bool {
    use std::collections::HashMap;
    let (mut ab, mut ba) = (HashMap::new(), HashMap::new());
    a.iter().zip(b).all(|(&x, &y)| {
        (x == u32::MAX) == (y == u32::MAX)
            && *ab.entry(x).or_insert(y) == y
            && *ba.entry(y).or_insert(x) == x
    })
}

/// Everything a mesh of `grid`'s covered cells `free` must satisfy beyond `check`: it covers them
/// (area), and connects exactly the cells that 4-neighbour moves connect.
fn agrees_with_cells(mesh: &NavMesh, free: &[bool]) -> Result<(), String> {
    mesh.check()?;
    if mesh.free != free {
        return Err("the mesh covers other cells".into());
    }
    let twice: i64 = (0..mesh.polygons.len() as u32)
        .map(|p| mesh.double_area(p))
        .sum();
    let cells = free.iter().filter(|&&f| f).count() as i64;
    if twice != 2 * cells {
        return Err(format!("area {} for {cells} cells", twice as f64 / 2.0));
    }
    let by_mesh = mesh_components(mesh)?;
    if !same_partition(&by_mesh, &cell_components(mesh.width, mesh.height, free)) {
        return Err("the mesh connects other cells than 4-neighbour moves do".into());
    }
    Ok(())
}

#[test]
fn every_kind_agrees_with_the_cells_on_small_maps() {
    let mut rng = Rng::new(17);
    for (name, grid) in small_maps() {
        let radius = [0.0, 0.0, 0.5, 1.0, 1.3, 2.0][rng.below(6) as usize];
        let free = covered_cells(&grid, radius);
        let tile = [64, 1 + rng.below(6)][rng.below(2) as usize];
        let mut counts = Vec::new();
        for kind in MeshKind::ALL {
            let mesh = MeshBuilder::with_tile_size(&grid, kind, radius, tile).into_mesh();
            agrees_with_cells(&mesh, &free)
                .unwrap_or_else(|e| panic!("{name}, {kind:?}, radius {radius}, tile {tile}: {e}"));
            counts.push(mesh.polygons.len());
        }
        assert!(
            counts[1] <= counts[0] && counts[2] <= counts[0],
            "{name}: polygons {counts:?}"
        );
    }
}

#[test]
fn assemble_stitches_as_stitch_does() {
    for (name, grid) in small_maps().into_iter().step_by(3) {
        let (w, h) = (grid.width(), grid.height());
        let free = covered_cells(&grid, 0.0);
        for kind in MeshKind::ALL {
            let outlines = kind.outlines(w, &free, CellBox::new(0, 0, w, h));
            let by_stitch = stitch(w, h, free.clone(), &outlines);
            assert_eq!(
                assemble(w, h, free.clone(), &outlines),
                by_stitch,
                "{name}, {kind:?}"
            );
            // One tile holding the whole map is the untiled mesh.
            assert_eq!(
                MeshBuilder::with_tile_size(&grid, kind, 0.0, w.max(h)).mesh(),
                &by_stitch
            );
        }
    }
}

#[test]
fn every_kind_passes_the_checks_on_the_moving_ai_maps() {
    for (name, grid) in moving_ai_maps() {
        let free = covered_cells(&grid, 0.0);
        let squares = free.iter().filter(|&&f| f).count();
        for kind in [MeshKind::Rectangles, MeshKind::Triangles] {
            let mesh = MeshBuilder::new(&grid, kind, 0.0).into_mesh();
            agrees_with_cells(&mesh, &free).unwrap_or_else(|e| panic!("{name}, {kind:?}: {e}"));
            assert!(mesh.polygons.len() <= squares, "{name}, {kind:?}");
        }
        let inflated = MeshBuilder::new(&grid, MeshKind::Triangles, 1.5).into_mesh();
        agrees_with_cells(&inflated, &covered_cells(&grid, 1.5))
            .unwrap_or_else(|e| panic!("{name}, radius 1.5: {e}"));
    }
}

/// The vendored Moving AI maps, sorted by name.
fn moving_ai_maps() -> Vec<(String, Grid)> {
    let mut maps: Vec<(String, Grid)> = std::fs::read_dir(common::movingai_dir())
        .expect("the repository's data/movingai")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "map"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let grid = parse_map(&std::fs::read_to_string(&p).unwrap()).unwrap();
            (name, grid)
        })
        .collect();
    maps.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(maps.len() >= 7, "the Moving AI maps are missing");
    maps
}

/// Paints (walls) or erases (plain) a random box of at most 6 × 6 cells; returns the box.
fn random_edit(grid: &mut Grid, rng: &mut Rng) -> (u32, u32, u32, u32) {
    let (w, h) = (grid.width(), grid.height());
    let (x0, y0) = (rng.below(w), rng.below(h));
    let (x1, y1) = (
        (x0 + 1 + rng.below(6)).min(w),
        (y0 + 1 + rng.below(6)).min(h),
    );
    let terrain = if rng.below(2) == 0 {
        Terrain::Wall
    } else {
        Terrain::Plain
    };
    for y in y0..y1 {
        for x in x0..x1 {
            let cell = grid.cell(x, y);
            grid.set_terrain(cell, terrain);
        }
    }
    (x0, y0, x1, y1)
}

#[test]
fn a_rebuild_after_edits_gives_the_fresh_mesh() {
    let mut rng = Rng::new(99);
    for round in 0..60u64 {
        let (w, h) = (8 + rng.below(40), 8 + rng.below(40));
        let mut grid = match round % 3 {
            0 => random_map(w, h, 0.25, round),
            1 => rooms(w, h, 3 + rng.below(4), round).unwrap(),
            _ => pinch_map(w, h, round),
        };
        let kind = MeshKind::ALL[(round % 3) as usize];
        let radius = [0.0, 0.7, 1.5, 2.0][rng.below(4) as usize];
        let tile = 3 + rng.below(10);
        let mut builder = MeshBuilder::with_tile_size(&grid, kind, radius, tile);
        for edit in 0..8 {
            let (x0, y0, x1, y1) = random_edit(&mut grid, &mut rng);
            let rebuilt = builder.rebuild(&grid, x0, y0, x1, y1);
            let fresh = MeshBuilder::with_tile_size(&grid, kind, radius, tile);
            let context = format!("round {round} edit {edit} {kind:?} r {radius} tile {tile}");
            agrees_with_cells(builder.mesh(), &fresh.mesh().free)
                .unwrap_or_else(|e| panic!("{context}: {e}"));
            let (old, new) = (
                mesh_components(builder.mesh()),
                mesh_components(fresh.mesh()),
            );
            assert!(same_partition(&old.unwrap(), &new.unwrap()), "{context}");
            assert_eq!(builder.mesh(), fresh.mesh(), "{context}");
            // Only the tiles the widened box meets can be rebuilt.
            let reach = astar_core::navmesh::build::radius::reach(radius);
            let span = |lo: u32, hi: u32, side: u32| {
                let (lo, hi) = (lo.saturating_sub(reach), (hi + reach).min(side));
                hi.div_ceil(tile) - lo / tile
            };
            assert!(
                rebuilt as u32 <= span(x0, x1, w) * span(y0, y1, h),
                "{context}"
            );
        }
        // Nothing changed, nothing rebuilt.
        assert_eq!(builder.rebuild(&grid, 0, 0, w, h), 0);
    }
}

#[test]
fn an_edit_rebuilds_the_tiles_its_reach_meets() {
    let mut grid = Grid::new(128, 128).unwrap();
    let mut builder = MeshBuilder::new(&grid, MeshKind::Triangles, 1.0);
    assert_eq!(builder.tile_count(), 4);
    let paint = |grid: &mut Grid, x: u32, y: u32| {
        let cell = grid.cell(x, y);
        grid.set_terrain(cell, Terrain::Wall);
    };
    // Inside the first tile: one tile.
    paint(&mut grid, 30, 20);
    assert_eq!(builder.rebuild(&grid, 30, 20, 31, 21), 1);
    // Next to the border x = 64: the radius takes the cells around it, on both sides.
    paint(&mut grid, 64, 10);
    assert_eq!(builder.rebuild(&grid, 64, 10, 65, 11), 2);
    // At the corner where the four tiles meet.
    paint(&mut grid, 64, 64);
    assert_eq!(builder.rebuild(&grid, 64, 64, 65, 65), 4);
    // Painting a wall again changes nothing.
    assert_eq!(builder.rebuild(&grid, 64, 64, 65, 65), 0);
    let fresh = MeshBuilder::new(&grid, MeshKind::Triangles, 1.0);
    assert_eq!(builder.mesh(), fresh.mesh());
    assert_eq!(fresh.mesh().polygons.len(), builder.mesh().polygons.len());
}

/// The distance between the squares of cells `a` and `b`, from their nearest points.
fn square_distance(a: (i64, i64), b: (i64, i64)) -> f64 {
    let gap = |p: i64, q: i64| ((p - q).abs() as f64 - 1.0).max(0.0);
    gap(a.0, b.0).hypot(gap(a.1, b.1))
}

#[test]
fn covered_cells_match_the_definition() {
    let mut rng = Rng::new(3);
    for (name, grid) in small_maps().into_iter().take(120) {
        let radius = [0.0, 0.2, 0.5, 1.0, 1.2, 1.41, 1.42, 1.7, 2.0][rng.below(9) as usize];
        let (w, h) = (grid.width() as i64, grid.height() as i64);
        // Every wall square, with a ring of three cells of outside wall round the map.
        let walls: Vec<(i64, i64)> = (-3..h + 3)
            .flat_map(|y| (-3..w + 3).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                x < 0
                    || y < 0
                    || x >= w
                    || y >= h
                    || !grid.is_passable(grid.cell(x as u32, y as u32))
            })
            .collect();
        let covered = covered_cells(&grid, radius);
        for y in 0..h {
            for x in 0..w {
                let passable = grid.is_passable(grid.cell(x as u32, y as u32));
                let wanted = passable
                    && walls
                        .iter()
                        .all(|&wall| square_distance((x, y), wall) >= radius);
                assert_eq!(
                    covered[(y * w + x) as usize],
                    wanted,
                    "{name}, radius {radius}, cell ({x}, {y})"
                );
            }
        }
    }
}

#[test]
fn the_checks_refuse_broken_meshes() {
    let grid = Grid::from_ascii("..#.\n....").unwrap();
    let good = MeshBuilder::with_tile_size(&grid, MeshKind::Rectangles, 0.0, 2).into_mesh();
    let free = covered_cells(&grid, 0.0);
    agrees_with_cells(&good, &free).unwrap();

    // A T-junction: the left square without the right tile's corner (2, 1) on its side.
    let mut t_junction = good.clone();
    let left = t_junction.polygon_of_cell(0).unwrap() as usize;
    let at = t_junction.polygons[left]
        .vertices
        .iter()
        .position(|&v| t_junction.vertices[v as usize] == [2, 1])
        .unwrap();
    t_junction.polygons[left].vertices.remove(at);
    t_junction.polygons[left].neighbours.remove(at);
    assert!(t_junction.check().is_err());

    // A portal made a wall on both sides: the checks see a wall inside the free space, and the cells'
    // connectivity no longer matches.
    let mut cut = good.clone();
    for p in 0..cut.polygons.len() {
        for n in cut.polygons[p].neighbours.iter_mut() {
            *n = NO_POLYGON;
        }
    }
    assert!(cut.check().is_err());
    let by_mesh = mesh_components(&cut).unwrap();
    assert!(!same_partition(&by_mesh, &cell_components(4, 2, &free)));

    // A polygon turned the wrong way round.
    let mut reversed = good.clone();
    reversed.polygons[0].vertices.reverse();
    assert!(reversed.check().is_err());

    // A pinch joined: two cells meeting at a corner are two components, not one.
    let pinch = Grid::from_ascii(".#\n#.").unwrap();
    let apart = cell_components(2, 2, &covered_cells(&pinch, 0.0));
    assert!(!same_partition(&[0, u32::MAX, u32::MAX, 0], &apart));

    // A mesh covering other cells than the radius allows.
    assert!(agrees_with_cells(&good, &covered_cells(&grid, 1.0)).is_err());
}

#[test]
fn sizes_and_build_times() {
    let mut maps = moving_ai_maps();
    maps.push(("random 1024 20%".into(), random_map(1024, 1024, 0.2, 1)));
    maps.push(("rooms 1024".into(), rooms(1024, 1024, 16, 1).unwrap()));
    println!("map: polygons squares / rectangles / triangles (triangles ÷ rectangles); build ms");
    for (name, grid) in maps {
        let mut polygons = Vec::new();
        let mut millis = Vec::new();
        for kind in MeshKind::ALL {
            let start = Instant::now();
            let builder = MeshBuilder::new(&grid, kind, 0.0);
            millis.push(start.elapsed().as_secs_f64() * 1000.0);
            polygons.push(builder.mesh().polygons.len());
        }
        println!(
            "{name} ({}x{}): {} / {} / {} ({:.3}); {:.1} / {:.1} / {:.1} ms",
            grid.width(),
            grid.height(),
            polygons[0],
            polygons[1],
            polygons[2],
            polygons[2] as f64 / polygons[1] as f64,
            millis[0],
            millis[1],
            millis[2]
        );
        assert!(polygons[1] <= polygons[0] && polygons[2] <= polygons[0]);
    }
}
