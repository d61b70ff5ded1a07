//! The navmesh section: on every Moving AI map of the data folder, the navigation mesh
//! (`astar_core::navmesh`) beside the grid searches.
//!
//! - **The mesh**, per builder (rectangles merged from cells; constrained Delaunay triangles merged into
//!   convex polygons): polygons, the free cells a polygon holds on average (the seeds' "one hundredth"),
//!   build time (fastest of `--repeat`), memory; and a generated 1024 × 1024 map (random, 20% walls)'s
//!   build, the largest the page makes.
//! - **Queries** on the same problems (`--limit` spread evenly): total time of grid A* (the Moving AI
//!   model), JPS+, Theta*, navmesh A* + funnel and Polyanya on the merged-triangle mesh, and Polyanya on
//!   the rectangle mesh; each solver's fastest repetition, all run one after the other per repetition.
//! - **Lengths**, over Polyanya's (the Euclidean shortest): grid A*'s optimum, A* + smoothing, Theta*,
//!   navmesh A* + funnel. Polyanya's own length is checked against the scenario: never longer than the
//!   grid optimum, never shorter than the straight line, every segment clear (the visibility oracle's
//!   rule); a failure is counted in `wrong` and fails the run.
//!
//! Start and goal are the problem cells' centres. Times exclude the mesh build (done once per map).

use super::{movingai, now_ns, table, Options};
use crate::out::{progress, Out};
use astar_core::formats::movingai::{Problem, PARAMS};
use astar_core::generate::{random_terrain, TerrainShares};
use astar_core::navmesh::build::tiles::{MeshBuilder, MeshKind};
use astar_core::navmesh::geometry::path_length;
use astar_core::navmesh::search::NavOutcome;
use astar_core::navmesh::searches::{MeshSearch, SearchKind};
use astar_core::navmesh::visibility::Cells;
use astar_core::navmesh::{NavMesh, Point};
use astar_core::search::{make, Stepper};
use astar_core::smooth::{polyline_length, smooth_path};
use astar_core::{cost, Algorithm, Grid, Heuristic, Outcome, SearchParams};
use serde::Serialize;

/// One builder's mesh of one map.
#[derive(Clone, Debug, Serialize)]
pub struct Built {
    /// The builder (`rectangles`, `triangles`).
    pub kind: &'static str,
    /// Polygons.
    pub polygons: usize,
    /// Free cells / polygons.
    pub cells_per_polygon: f64,
    /// The fastest build, ms.
    pub build_ms: f64,
    /// Bytes the mesh holds.
    pub memory_bytes: usize,
}

/// One map's row.
#[derive(Clone, Debug, Serialize)]
pub struct MapRow {
    /// Map name.
    pub map: String,
    /// Passable cells.
    pub free_cells: usize,
    /// The merged-triangle mesh's polygons.
    pub polygons: usize,
    /// Its build time, ms.
    pub build_ms: f64,
    /// Both builders.
    pub meshes: Vec<Built>,
    /// Problems run.
    pub problems: usize,
    /// Total query time per search, ms: `astar`, `jps-plus`, `theta`, `navmesh-astar`, `polyanya`,
    /// `polyanya-rectangles`.
    pub query_ms: Vec<(String, f64)>,
    /// Mean length over Polyanya's − 1: `astar`, `smoothed`, `theta`, `navmesh-astar`.
    pub over_polyanya: Vec<(String, f64)>,
    /// Polyanya's nodes expanded a query, on average.
    pub polyanya_expanded: f64,
    /// Problems where Polyanya's path was invalid, longer than the grid optimum or shorter than the
    /// straight line.
    pub wrong: usize,
}

/// The whole section.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Per Moving AI map.
    pub maps: Vec<MapRow>,
    /// The generated 1024 × 1024 map's builds.
    pub generated: Vec<Built>,
    /// Summed query times over every map, ms, per search (as in `query_ms`).
    pub total_query_ms: Vec<(String, f64)>,
    /// Grid A*'s total time over Polyanya's.
    pub polyanya_speedup_over_astar: f64,
    /// Maps where Polyanya beat Theta*.
    pub polyanya_faster_than_theta_on: usize,
    /// Problems Polyanya got wrong in all.
    pub wrong: usize,
}

const SEARCHES: [&str; 6] = [
    "astar",
    "jps-plus",
    "theta",
    "navmesh-astar",
    "polyanya",
    "polyanya-rectangles",
];

fn fastest_build(grid: &Grid, kind: MeshKind, repeat: usize) -> (MeshBuilder, f64) {
    let mut best = f64::INFINITY;
    let mut made = None;
    for _ in 0..repeat.max(1) {
        let began = now_ns();
        let builder = MeshBuilder::new(grid, kind, 0.0);
        best = best.min((now_ns() - began) / 1e6);
        made = Some(builder);
    }
    (made.expect("built at least once"), best)
}

fn built(kind: MeshKind, builder: &MeshBuilder, build_ms: f64) -> Built {
    let mesh = builder.mesh();
    let free = mesh.free.iter().filter(|&&f| f).count();
    Built {
        kind: kind.name(),
        polygons: mesh.polygons.len(),
        cells_per_polygon: free as f64 / mesh.polygons.len().max(1) as f64,
        build_ms,
        memory_bytes: mesh.memory_bytes(),
    }
}

/// Runs the section.
pub fn run(options: &Options) -> Result<Report, String> {
    let mut maps = Vec::new();
    for name in movingai::map_names(options)? {
        progress(&format!("navmesh: {name}\r"));
        let (grid, problems) = movingai::load(&options.data, &name, options.limit)?;
        maps.push(run_map(&name, &grid, &problems, options.repeat));
    }
    progress("navmesh: 1024 × 1024\r");
    let big = random_terrain(
        1024,
        1024,
        TerrainShares {
            wall: 0.2,
            forest: 0.0,
            swamp: 0.0,
        },
        7,
    )
    .map_err(|e| e.to_string())?;
    let generated = [MeshKind::Rectangles, MeshKind::Triangles]
        .into_iter()
        .map(|kind| {
            let (builder, ms) = fastest_build(&big, kind, options.repeat);
            built(kind, &builder, ms)
        })
        .collect();
    let total = |search: &str| -> f64 {
        maps.iter()
            .flat_map(|m: &MapRow| m.query_ms.iter())
            .filter(|(s, _)| s == search)
            .map(|(_, ms)| ms)
            .sum()
    };
    let total_query_ms: Vec<(String, f64)> =
        SEARCHES.iter().map(|s| (s.to_string(), total(s))).collect();
    let faster = maps
        .iter()
        .filter(|m| {
            let of = |s: &str| {
                m.query_ms
                    .iter()
                    .find(|(n, _)| n == s)
                    .map_or(f64::NAN, |(_, ms)| *ms)
            };
            of("polyanya") < of("theta")
        })
        .count();
    let wrong = maps.iter().map(|m| m.wrong).sum();
    Ok(Report {
        polyanya_speedup_over_astar: total("astar") / total("polyanya").max(1e-9),
        polyanya_faster_than_theta_on: faster,
        wrong,
        maps,
        generated,
        total_query_ms,
    })
}

fn run_map(name: &str, grid: &Grid, problems: &[Problem], repeat: usize) -> MapRow {
    let (triangles, triangles_ms) = fastest_build(grid, MeshKind::Triangles, repeat);
    let (rectangles, rectangles_ms) = fastest_build(grid, MeshKind::Rectangles, repeat);
    let mesh = triangles.mesh();
    let free_cells = mesh.free.iter().filter(|&&f| f).count();
    let ends: Vec<(u32, u32)> = problems.iter().filter_map(|p| p.cells(grid).ok()).collect();
    let point = |cell: u32| Point::cell_centre(cell % grid.width(), cell / grid.width());
    let mut best = vec![f64::INFINITY; SEARCHES.len()];
    let mut lengths = vec![vec![f64::NAN; ends.len()]; SEARCHES.len()];
    let mut expanded = 0u64;
    let theta_params = SearchParams {
        algorithm: Algorithm::ThetaStar,
        heuristic: Heuristic::Euclidean,
        ..PARAMS
    };
    let jps_params = SearchParams {
        algorithm: Algorithm::JpsPlus,
        ..PARAMS
    };
    let mut astar = make(Algorithm::AStar);
    let mut jps_plus = make(Algorithm::JpsPlus);
    let mut theta = make(Algorithm::ThetaStar);
    // The mesh searches, like the grid engines, are made once a map and reused (their buffers kept).
    let mut navmesh_astar = MeshSearch::new(SearchKind::NavmeshAstar);
    let mut polyanya = MeshSearch::new(SearchKind::Polyanya);
    let mut polyanya_rect = MeshSearch::new(SearchKind::Polyanya);
    // Warm-up: each grid engine sizes its state (JPS+ builds its table) on the first problem, untimed.
    if let Some(&(s, g)) = ends.first() {
        let _ = astar.solve(grid, &PARAMS, s, g);
        let _ = jps_plus.solve(grid, &jps_params, s, g);
        let _ = theta.solve(grid, &theta_params, s, g);
    }
    for _ in 0..repeat.max(1) {
        for (i, search) in SEARCHES.iter().enumerate() {
            let began = now_ns();
            for (k, &(s, g)) in ends.iter().enumerate() {
                let length = match *search {
                    "astar" => grid_length(astar.as_mut(), grid, &PARAMS, s, g, false),
                    "jps-plus" => grid_length(jps_plus.as_mut(), grid, &jps_params, s, g, false),
                    "theta" => grid_length(theta.as_mut(), grid, &theta_params, s, g, true),
                    "navmesh-astar" => mesh_run(&mut navmesh_astar, mesh, point(s), point(g)).0,
                    "polyanya" => {
                        let (length, nodes) = mesh_run(&mut polyanya, mesh, point(s), point(g));
                        expanded += nodes;
                        length
                    }
                    _ => mesh_run(&mut polyanya_rect, rectangles.mesh(), point(s), point(g)).0,
                };
                lengths[i][k] = length;
            }
            best[i] = best[i].min((now_ns() - began) / 1e6);
        }
    }
    // Smoothing is timed nowhere: its length comes from A*'s path.
    let smoothed: Vec<f64> = ends
        .iter()
        .map(|&(s, g)| {
            let result = astar.solve(grid, &PARAMS, s, g).ok();
            result
                .filter(|r| r.outcome == Outcome::Found)
                .map_or(f64::NAN, |r| {
                    polyline_length(grid, &smooth_path(grid, &r.path))
                })
        })
        .collect();
    let polyanya = &lengths[4];
    let over = |values: &[f64]| -> f64 {
        let ratios: Vec<f64> = values
            .iter()
            .zip(polyanya)
            .filter(|(v, p)| v.is_finite() && p.is_finite() && **p > 0.0)
            .map(|(v, p)| v / p - 1.0)
            .collect();
        ratios.iter().sum::<f64>() / ratios.len().max(1) as f64
    };
    let over_polyanya = vec![
        ("astar".to_string(), over(&lengths[0])),
        ("smoothed".to_string(), over(&smoothed)),
        ("theta".to_string(), over(&lengths[2])),
        ("navmesh-astar".to_string(), over(&lengths[3])),
    ];
    let wrong = count_wrong(grid, mesh, &ends, problems);
    let runs = repeat.max(1) as f64;
    MapRow {
        map: name.to_string(),
        free_cells,
        polygons: mesh.polygons.len(),
        build_ms: triangles_ms,
        meshes: vec![
            built(MeshKind::Rectangles, &rectangles, rectangles_ms),
            built(MeshKind::Triangles, &triangles, triangles_ms),
        ],
        problems: ends.len(),
        query_ms: SEARCHES
            .iter()
            .zip(&best)
            .map(|(s, ms)| (s.to_string(), *ms))
            .collect(),
        over_polyanya,
        polyanya_expanded: expanded as f64 / runs / ends.len().max(1) as f64,
        wrong,
    }
}

/// Solves on the grid; the length (Euclidean for Theta*'s any-angle path, the cost otherwise), NaN
/// without a path.
fn grid_length(
    engine: &mut dyn Stepper,
    grid: &Grid,
    params: &SearchParams,
    s: u32,
    g: u32,
    any_angle: bool,
) -> f64 {
    match engine.solve(grid, params, s, g) {
        Ok(r) if r.outcome == Outcome::Found => {
            if any_angle {
                polyline_length(grid, &r.path)
            } else {
                cost::to_f64(r.cost)
            }
        }
        _ => f64::NAN,
    }
}

/// A mesh search's length (NaN without a path) and nodes expanded.
fn mesh_run(search: &mut MeshSearch, mesh: &NavMesh, start: Point, goal: Point) -> (f64, u64) {
    if search.begin(mesh, start, goal).is_err() {
        return (f64::NAN, 0);
    }
    let found = search.run(mesh) == NavOutcome::Found;
    (
        if found {
            path_length(search.path())
        } else {
            f64::NAN
        },
        search.counters().expanded,
    )
}

/// Problems where Polyanya's path is invalid (a segment not clear), longer than the scenario's grid
/// optimum (beyond its printed rounding) or shorter than the straight line.
fn count_wrong(grid: &Grid, mesh: &NavMesh, ends: &[(u32, u32)], problems: &[Problem]) -> usize {
    let cells = Cells {
        width: mesh.width,
        height: mesh.height,
        free: &mesh.free,
    };
    let point = |cell: u32| Point::cell_centre(cell % grid.width(), cell / grid.width());
    let mut wrong = 0;
    for (&(s, g), problem) in ends.iter().zip(problems) {
        let mut search = MeshSearch::new(SearchKind::Polyanya);
        let ok = search.begin(mesh, point(s), point(g)).is_ok()
            && search.run(mesh) == NavOutcome::Found
            && {
                let path = search.path();
                let length = path_length(path);
                let slack = 0.5 * 10f64.powi(-(problem.decimals as i32)) + 1e-9;
                length <= problem.optimal + slack
                    && length >= point(s).distance(point(g)) - 1e-9
                    && path.windows(2).all(|w| cells.segment_clear(w[0], w[1]))
            };
        if !ok {
            wrong += 1;
        }
    }
    wrong
}

impl Report {
    /// The section's tables.
    pub fn print(&self, out: &mut Out) {
        let mut rows = Vec::new();
        for m in &self.maps {
            let [r, t] = [&m.meshes[0], &m.meshes[1]];
            rows.push(vec![
                m.map.clone(),
                m.free_cells.to_string(),
                r.polygons.to_string(),
                t.polygons.to_string(),
                table::num(t.cells_per_polygon, 1),
                format!(
                    "{:.0}%",
                    100.0 * t.polygons as f64 / r.polygons.max(1) as f64
                ),
                table::num(r.build_ms, 1),
                table::num(t.build_ms, 1),
                format!("{:.0}", t.memory_bytes as f64 / 1024.0),
            ]);
        }
        for g in &self.generated {
            rows.push(vec![
                format!("random1024-20 ({})", g.kind),
                String::new(),
                if g.kind == "rectangles" {
                    g.polygons.to_string()
                } else {
                    String::new()
                },
                if g.kind == "triangles" {
                    g.polygons.to_string()
                } else {
                    String::new()
                },
                table::num(g.cells_per_polygon, 1),
                String::new(),
                if g.kind == "rectangles" {
                    table::num(g.build_ms, 1)
                } else {
                    String::new()
                },
                if g.kind == "triangles" {
                    table::num(g.build_ms, 1)
                } else {
                    String::new()
                },
                format!("{:.0}", g.memory_bytes as f64 / 1024.0),
            ]);
        }
        table::print(
            out,
            "navmesh: the mesh (rectangles merged from cells; constrained Delaunay triangles merged into convex polygons)",
            &["map", "free cells", "rect polys", "tri polys", "cells/poly", "tri/rect", "rect ms", "tri ms", "tri KiB"],
            &rows,
        );
        let mut rows = Vec::new();
        for m in &self.maps {
            let mut row = vec![m.map.clone(), m.problems.to_string()];
            row.extend(m.query_ms.iter().map(|(_, ms)| table::num(*ms, 1)));
            row.push(table::num(m.polyanya_expanded, 0));
            rows.push(row);
        }
        let mut total = vec![
            "all".to_string(),
            self.maps
                .iter()
                .map(|m| m.problems)
                .sum::<usize>()
                .to_string(),
        ];
        total.extend(self.total_query_ms.iter().map(|(_, ms)| table::num(*ms, 1)));
        total.push(String::new());
        rows.push(total);
        table::print(
            out,
            "navmesh: query time, ms in all (grid A*, JPS+ and Theta* on the grid; navmesh A* + funnel and Polyanya on the triangle mesh; Polyanya on the rectangle mesh)",
            &["map", "problems", "A*", "JPS+", "Theta*", "navmesh A*", "Polyanya", "Polyanya rect", "nodes/query"],
            &rows,
        );
        let rows: Vec<Vec<String>> = self
            .maps
            .iter()
            .map(|m| {
                let mut row = vec![m.map.clone()];
                row.extend(
                    m.over_polyanya
                        .iter()
                        .map(|(_, over)| format!("+{:.2}%", over * 100.0)),
                );
                row.push(m.wrong.to_string());
                row
            })
            .collect();
        table::print(
            out,
            "navmesh: mean length over Polyanya's (the Euclidean shortest), and Polyanya's wrong paths",
            &["map", "grid A*", "A* + smoothing", "Theta*", "navmesh A*", "wrong"],
            &rows,
        );
        out.line(&format!(
            "\nPolyanya: {:.1}x grid A* over the set; faster than Theta* on {} of {} maps; {} wrong",
            self.polyanya_speedup_over_astar,
            self.polyanya_faster_than_theta_on,
            self.maps.len(),
            self.wrong
        ));
    }
}
