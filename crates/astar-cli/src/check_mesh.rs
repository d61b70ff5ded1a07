//! `astar check --algorithm polyanya` (or `navmesh-astar`): the mesh searches on a Moving AI scenario.
//! The map's merged-triangle navigation mesh is built once; every problem runs from the start cell's
//! centre to the goal cell's. A path is a mismatch when a segment is not clear (the visibility oracle's
//! rule, `astar_core::navmesh::visibility`), when it is shorter than the straight line, or, for Polyanya,
//! when it is longer than the scenario's grid optimum (beyond the print's rounding): an any-angle path
//! is never longer than the grid's, whose moves the mesh allows.

use crate::mismatch::{longer_than_printed, mismatch_line};
use crate::out::Out;
use astar_core::formats::movingai::Problem;
use astar_core::navmesh::build::tiles::{MeshBuilder, MeshKind};
use astar_core::navmesh::geometry::path_length;
use astar_core::navmesh::search::NavOutcome;
use astar_core::navmesh::searches::{MeshSearch, SearchKind};
use astar_core::navmesh::visibility::Cells;
use astar_core::navmesh::Point;
use astar_core::Grid;
use std::time::Instant;

/// What `check` found, for its summary.
pub struct Found {
    /// Problems that did not pass.
    pub mismatches: usize,
    /// Search nodes (Polyanya) or polygons (navmesh A*) expanded in all.
    pub expanded: u64,
    /// Search time in all, ns.
    pub search_ns: u128,
    /// Length / the scenario's grid optimum, per path found.
    pub ratios: Vec<f64>,
}

/// Runs `kind` on the problems `chosen` of `problems` on `grid`, writing a line per mismatch.
pub fn run(
    grid: &Grid,
    kind: SearchKind,
    problems: &[Problem],
    chosen: &[usize],
    out: &mut Out,
) -> Found {
    let builder = MeshBuilder::new(grid, MeshKind::Triangles, 0.0);
    let mesh = builder.mesh();
    let cells = Cells {
        width: mesh.width,
        height: mesh.height,
        free: &mesh.free,
    };
    let mut found = Found {
        mismatches: 0,
        expanded: 0,
        search_ns: 0,
        ratios: Vec::new(),
    };
    let mut search = MeshSearch::new(kind);
    for &i in chosen {
        let p = &problems[i];
        let verdict = match p.cells(grid) {
            Err(why) => Some(format!("the problem {why}")),
            Ok((start, goal)) => {
                let point =
                    |cell: u32| Point::cell_centre(cell % grid.width(), cell / grid.width());
                let (a, b) = (point(start), point(goal));
                let started = Instant::now();
                let outcome = search.begin(mesh, a, b).map(|()| search.run(mesh));
                found.search_ns += started.elapsed().as_nanos();
                found.expanded += search.counters().expanded;
                match outcome {
                    Err(e) => Some(format!("the search did not begin: {e:?}")),
                    Ok(NavOutcome::Unreachable) => {
                        Some(format!("no path found but optimal is {}", p.optimal))
                    }
                    Ok(NavOutcome::Found) => {
                        let path = search.path();
                        let length = path_length(path);
                        if p.optimal > 0.0 {
                            found.ratios.push(length / p.optimal);
                        }
                        if let Some(w) = path.windows(2).find(|w| !cells.segment_clear(w[0], w[1]))
                        {
                            Some(format!(
                                "invalid path: the segment ({}, {}) -> ({}, {}) is not clear",
                                w[0].x, w[0].y, w[1].x, w[1].y
                            ))
                        } else if length < a.distance(b) - 1e-9 {
                            Some(format!(
                                "length {length:.8} is shorter than the straight line {:.8}",
                                a.distance(b)
                            ))
                        } else if kind == SearchKind::Polyanya
                            && longer_than_printed(length, p.optimal, p.decimals)
                        {
                            Some(format!(
                                "length {length:.8} is longer than the optimal grid length {}",
                                p.optimal
                            ))
                        } else {
                            None
                        }
                    }
                }
            }
        };
        if let Some(why) = verdict {
            found.mismatches += 1;
            out.line(&mismatch_line(i, p, &why));
        }
    }
    found
}
