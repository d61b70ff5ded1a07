//! The navigation mesh for the page's mesh mode (only in the module built with the `full` feature, which
//! mesh mode fetches): a [`MeshView`] builds `astar_core::navmesh`'s mesh of a playground's map, follows
//! the map's edits (rebuilding only the tiles an edit touches), and runs one mesh search step by step.
//! The mesh's geometry comes out as typed arrays (copies, read once a build); the numbers as plain
//! objects (`MeshStats`, `SearchReport`, `Lengths`, `NodeView`).

use crate::{js_error, performance_now, to_js, Playground};
use astar_core::grid::Grid;
use astar_core::message::Message;
use astar_core::navmesh::build::tiles::{MeshBuilder, MeshKind};
use astar_core::navmesh::lengths::lengths;
use astar_core::navmesh::report::{check_map, MeshStats};
use astar_core::navmesh::search::{NavError, NavStep};
use astar_core::navmesh::searches::{MeshSearch, SearchKind};
use astar_core::navmesh::{Point, NO_POLYGON};
use wasm_bindgen::prelude::*;

/// A mesh of a copy of a playground's map, and the search shown on it (see the module doc).
#[wasm_bindgen]
pub struct MeshView {
    builder: MeshBuilder,
    /// The map the mesh was built from, to find what an edit changed.
    grid: Grid,
    build_ms: f64,
    tiles_rebuilt: u32,
    search: Option<MeshSearch>,
    /// Per polygon: 0 untouched, 1 reached, 2 expanded, 3 the latest step's.
    marks: Vec<u8>,
    start: u32,
    goal: u32,
}

#[wasm_bindgen]
impl MeshView {
    /// The mesh of `kind` (`triangles`, `rectangles`, `squares`) of `playground`'s map for a unit of
    /// `radius` cells (0 to 2). Refused (Error, with the core's message) for an unknown kind, a radius
    /// out of range, or a map whose passable cells do not all cost the same.
    #[wasm_bindgen(constructor)]
    pub fn new(playground: &Playground, kind: &str, radius: f64) -> Result<MeshView, JsValue> {
        let kind = [MeshKind::Triangles, MeshKind::Rectangles, MeshKind::Squares]
            .into_iter()
            .find(|k| k.name() == kind)
            .ok_or_else(|| js_error(Message::new("navmesh.unknown-kind").text("name", kind)))?;
        let grid = playground.session.grid().clone();
        let began = performance_now();
        check_map(&grid, radius).map_err(js_error)?;
        let builder = MeshBuilder::new(&grid, kind, radius);
        let build_ms = performance_now() - began;
        let tiles_rebuilt = builder.tile_count() as u32;
        Ok(MeshView {
            builder,
            grid,
            build_ms,
            tiles_rebuilt,
            search: None,
            marks: Vec::new(),
            start: 0,
            goal: 0,
        })
    }

    /// Takes `playground`'s map after an edit (the same size): rebuilds the tiles the changed cells can
    /// reach and drops the search. Returns how many tiles were rebuilt (0 when nothing changed). Refused
    /// when the map now has costs the mesh cannot weigh; a new size builds the whole mesh again.
    #[wasm_bindgen(js_name = followMap)]
    pub fn follow_map(&mut self, playground: &Playground) -> Result<u32, JsValue> {
        let grid = playground.session.grid();
        check_map(grid, self.builder.radius()).map_err(js_error)?;
        let began = performance_now();
        let rebuilt = if grid.width() != self.grid.width() || grid.height() != self.grid.height() {
            self.builder = MeshBuilder::new(grid, self.builder.kind(), self.builder.radius());
            self.builder.tile_count()
        } else {
            match changed_box(&self.grid, grid) {
                None => return Ok(0),
                Some((x0, y0, x1, y1)) => self.builder.rebuild(grid, x0, y0, x1, y1),
            }
        } as u32;
        self.build_ms = performance_now() - began;
        self.tiles_rebuilt = rebuilt;
        self.grid = grid.clone();
        self.search = None;
        self.marks.clear();
        Ok(rebuilt)
    }

    /// The mesh's numbers (`MeshStats`): its size, the latest build's time and tiles.
    pub fn stats(&self) -> Result<JsValue, JsValue> {
        to_js(&MeshStats::of(
            &self.builder,
            self.build_ms,
            self.tiles_rebuilt,
        ))
    }

    /// The vertices' corner coordinates, `[x0, y0, x1, y1, ...]`.
    pub fn vertices(&self) -> Vec<u32> {
        self.builder
            .mesh()
            .vertices
            .iter()
            .flatten()
            .copied()
            .collect()
    }

    /// Per polygon, where its vertices begin in [`MeshView::polygon_vertices`] (and the end, last).
    #[wasm_bindgen(js_name = polygonStarts)]
    pub fn polygon_starts(&self) -> Vec<u32> {
        let mut starts = vec![0];
        for polygon in &self.builder.mesh().polygons {
            starts.push(starts[starts.len() - 1] + polygon.vertices.len() as u32);
        }
        starts
    }

    /// Every polygon's vertex ids, one polygon after another.
    #[wasm_bindgen(js_name = polygonVertices)]
    pub fn polygon_vertices(&self) -> Vec<u32> {
        self.builder
            .mesh()
            .polygons
            .iter()
            .flat_map(|p| p.vertices.iter().copied())
            .collect()
    }

    /// Per cell, 1 where the mesh reaches (the passable cells less those too near a wall for the radius).
    pub fn covered(&self) -> Vec<u8> {
        self.builder.mesh().free.iter().map(|&f| f as u8).collect()
    }

    /// Begins `search` (`polyanya`, `navmesh-astar`) from the centre of cell (`sx`, `sy`) to the centre of
    /// (`gx`, `gy`). Refused for an unknown search or an end the mesh does not reach.
    pub fn begin(
        &mut self,
        search: &str,
        sx: u32,
        sy: u32,
        gx: u32,
        gy: u32,
    ) -> Result<(), JsValue> {
        let kind = SearchKind::from_name(search)
            .ok_or_else(|| js_error(Message::new("navmesh.unknown-search").text("name", search)))?;
        let mesh = self.builder.mesh();
        let mut made = MeshSearch::new(kind);
        let (start, goal) = (Point::cell_centre(sx, sy), Point::cell_centre(gx, gy));
        made.begin(mesh, start, goal).map_err(|e| {
            let (x, y, which) = match e {
                NavError::StartNotFree => (sx, sy, "term.start"),
                NavError::GoalNotFree => (gx, gy, "term.goal"),
            };
            js_error(
                Message::new("navmesh.end-not-covered")
                    .term("end", which)
                    .int("x", x)
                    .int("y", y)
                    .num("radius", self.builder.radius()),
            )
        })?;
        self.search = Some(made);
        self.marks = vec![0; mesh.polygons.len()];
        self.start = self.grid.cell(sx, sy);
        self.goal = self.grid.cell(gx, gy);
        Ok(())
    }

    /// One step of the search; true when it is over (or none was begun).
    pub fn step(&mut self) -> bool {
        let mesh = self.builder.mesh();
        let Some(search) = &mut self.search else {
            return true;
        };
        for mark in &mut self.marks {
            if *mark == 3 {
                *mark = 2;
            }
        }
        let done = matches!(search.step(mesh), NavStep::Done(_));
        mark_step(search, &mut self.marks);
        done
    }

    /// Steps the search to its end.
    pub fn finish(&mut self) {
        while !self.step() {}
    }

    /// The search's numbers (`SearchReport`), or null before one begins.
    pub fn report(&self) -> Result<JsValue, JsValue> {
        match &self.search {
            Some(search) => to_js(&search.report()),
            None => Ok(JsValue::NULL),
        }
    }

    /// Per polygon: 0 untouched, 1 reached (open), 2 expanded, 3 the latest step's.
    pub fn marks(&self) -> Vec<u8> {
        self.marks.clone()
    }

    /// The polygons the path goes through, once found (navmesh A*'s corridor; empty for Polyanya).
    pub fn corridor(&self) -> Vec<u32> {
        match &self.search {
            Some(MeshSearch::NavmeshAstar(s)) => s.corridor().to_vec(),
            _ => Vec::new(),
        }
    }

    /// The path, `[x, y, ...]` in cell-corner coordinates (a cell's centre at x + 0.5), once found.
    pub fn path(&self) -> Vec<f64> {
        self.search.as_ref().map_or_else(Vec::new, |s| {
            s.path().iter().flat_map(|p| [p.x, p.y]).collect()
        })
    }

    /// Polyanya's node popped by the latest step (`NodeView`), or null.
    pub fn node(&self) -> Result<JsValue, JsValue> {
        match self.search.as_ref().and_then(|s| s.nodes().0) {
            Some(node) => to_js(&node),
            None => Ok(JsValue::NULL),
        }
    }

    /// Polyanya's successors generated by the latest step (`NodeView[]`).
    pub fn successors(&self) -> Result<JsValue, JsValue> {
        let nodes = self.search.as_ref().map_or(&[][..], |s| s.nodes().1);
        to_js(&nodes)
    }

    /// The lengths of the problem shown by each way (`Lengths`): Polyanya, navmesh A* + funnel, Theta*,
    /// grid A* + smoothing, grid A*. Null before a search begins.
    pub fn lengths(&self) -> Result<JsValue, JsValue> {
        if self.search.is_none() {
            return Ok(JsValue::NULL);
        }
        to_js(&lengths(
            &self.grid,
            self.builder.mesh(),
            self.start,
            self.goal,
        ))
    }

    /// The polygon under the point (`x`, `y`) (cell-corner coordinates), or -1 outside the mesh.
    #[wasm_bindgen(js_name = polygonAt)]
    pub fn polygon_at(&self, x: f64, y: f64) -> i32 {
        let found = self.builder.mesh().polygons_at(Point::new(x, y));
        found
            .first()
            .map_or(-1, |&p| if p == NO_POLYGON { -1 } else { p as i32 })
    }

    /// Polygon `polygon`'s corners and neighbours, `[corners, neighbours]`.
    #[wasm_bindgen(js_name = polygonSize)]
    pub fn polygon_size(&self, polygon: u32) -> Vec<u32> {
        let Some(p) = self.builder.mesh().polygons.get(polygon as usize) else {
            return Vec::new();
        };
        let neighbours = p.neighbours.iter().filter(|&&n| n != NO_POLYGON).count() as u32;
        vec![p.vertices.len() as u32, neighbours]
    }
}

/// Marks what the latest step touched: navmesh A*'s open and expanded polygons, Polyanya's nodes'.
fn mark_step(search: &MeshSearch, marks: &mut [u8]) {
    match search {
        MeshSearch::NavmeshAstar(s) => {
            for &p in s.last_generated() {
                if marks[p as usize] == 0 {
                    marks[p as usize] = 1;
                }
            }
            if let Some(p) = s.last_expanded() {
                marks[p as usize] = 3;
            }
        }
        MeshSearch::Polyanya(s) => {
            for node in s.last_successors() {
                if marks[node.polygon as usize] == 0 {
                    marks[node.polygon as usize] = 1;
                }
            }
            if let Some(node) = s.last_node() {
                marks[node.polygon as usize] = 3;
            }
            // The step's intermediate nodes were expanded too (Polyanya::step).
            for &p in s.last_passed() {
                marks[p as usize] = 3;
            }
        }
    }
}

/// The smallest box `(x0, y0, x1, y1)` (ends excluded) holding every cell whose passability differs.
fn changed_box(old: &Grid, new: &Grid) -> Option<(u32, u32, u32, u32)> {
    let (w, mut bounds) = (new.width(), None::<(u32, u32, u32, u32)>);
    for cell in 0..new.len() as u32 {
        if old.is_passable(cell) != new.is_passable(cell) {
            let (x, y) = (cell % w, cell / w);
            bounds = Some(match bounds {
                None => (x, y, x + 1, y + 1),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1)),
            });
        }
    }
    bounds
}
