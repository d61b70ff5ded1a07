//! Searches confined to one cluster's rectangle: the building block of HPA* (Dijkstra from each entrance
//! node to cost the intra-cluster edges and record their paths, Dijkstras from the start and backward
//! from the goal to insert them).
//!
//! The moves are exactly the map's ([`Movement::for_each_neighbour`]: every corner rule, terrain costs);
//! a move is kept only when both of its cells lie inside the rectangle. Moving backward (toward the
//! source from its predecessors) a move `u → v` still costs what entering `v` costs: the legality of a
//! move does not depend on its direction (both cells passable, and the same two side cells for a
//! diagonal), only its cost does.
//!
//! Layout: per-cell arrays indexed by the cell's place in the rectangle (`local = dy * w + dx`), sized
//! to the largest rectangle seen and never cleared: a generation stamp (`stamp == generation` open,
//! `generation + 1` closed) makes starting a search O(1).

use crate::cost::{step_cost, Cost};
use crate::grid::Grid;
use crate::movement::{CornerRule, Movement, DIRECTIONS};
use crate::search::open_list::{OpenEntry, OpenList};

/// A rectangle of cells: columns `x0..x1`, rows `y0..y1` (ends excluded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// First column.
    pub x0: u32,
    /// First row.
    pub y0: u32,
    /// One past the last column.
    pub x1: u32,
    /// One past the last row.
    pub y1: u32,
}

impl Rect {
    /// True when (x, y) lies inside.
    #[inline]
    pub fn contains(&self, x: u32, y: u32) -> bool {
        x >= self.x0 && x < self.x1 && y >= self.y0 && y < self.y1
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.x1 - self.x0
    }

    /// The place of (x, y), a cell inside, in arrays indexed by local cell (`dy * width + dx`).
    #[inline]
    pub fn local(&self, x: u32, y: u32) -> usize {
        ((y - self.y0) * self.width() + (x - self.x0)) as usize
    }

    fn area(&self) -> usize {
        self.width() as usize * (self.y1 - self.y0) as usize
    }
}

/// One search inside a rectangle (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct LocalSearch {
    rect: Option<Rect>,
    map_width: u32,
    movement: Option<Movement>,
    backward: bool,
    /// Indexed by local cell.
    g_by_local: Vec<Cost>,
    /// Indexed by local cell: the local cell it was reached from (itself for the source).
    parent_by_local: Vec<u32>,
    /// Indexed by local cell: see the module doc.
    stamp_by_local: Vec<u32>,
    generation: u32,
    /// Keyed g, then insertion order; the entry's cell is the local cell.
    open: OpenList<OpenEntry>,
    next_seq: u32,
    /// Cells expanded since [`LocalSearch::start`].
    pub expanded: u64,
}

impl LocalSearch {
    /// Starts a Dijkstra from `source` inside `rect`.
    ///
    /// - `backward`: costs are those of the moves *into* the source (the g of a cell is then its cost to
    ///   reach the source).
    pub fn start(
        &mut self,
        grid: &Grid,
        rect: Rect,
        movement: Movement,
        source: u32,
        backward: bool,
    ) {
        let area = rect.area();
        if self.g_by_local.len() < area {
            self.g_by_local.resize(area, 0);
            self.parent_by_local.resize(area, 0);
            self.stamp_by_local.resize(area, 0);
        }
        if self.generation >= u32::MAX - 4 {
            self.stamp_by_local.fill(0);
            self.generation = 0;
        }
        self.generation += 2;
        self.rect = Some(rect);
        self.map_width = grid.width();
        self.movement = Some(movement);
        self.backward = backward;
        self.open.clear();
        self.next_seq = 0;
        self.expanded = 0;
        let local = self.local(source);
        self.push(local, 0, local);
    }

    #[inline]
    fn local(&self, cell: u32) -> u32 {
        let rect = self.rect.expect("a search was started");
        let (x, y) = (cell % self.map_width, cell / self.map_width);
        (y - rect.y0) * rect.width() + (x - rect.x0)
    }

    #[inline]
    fn cell(&self, local: u32) -> u32 {
        let rect = self.rect.expect("a search was started");
        let (dx, dy) = (local % rect.width(), local / rect.width());
        (rect.y0 + dy) * self.map_width + rect.x0 + dx
    }

    fn push(&mut self, local: u32, g: Cost, parent: u32) {
        let i = local as usize;
        self.g_by_local[i] = g;
        self.parent_by_local[i] = parent;
        self.stamp_by_local[i] = self.generation;
        self.open.push(OpenEntry {
            key: [g, 0],
            seq: self.next_seq,
            cell: local,
        });
        self.next_seq = self.next_seq.wrapping_add(1);
    }

    /// Expands one cell (skipping stale entries) and returns it, or `None` when the open list ran dry.
    fn step(&mut self, grid: &Grid) -> Option<u32> {
        let local = loop {
            let OpenEntry { cell: local, .. } = self.open.pop()?;
            if self.stamp_by_local[local as usize] == self.generation {
                break local;
            }
        };
        self.stamp_by_local[local as usize] = self.generation + 1;
        self.expanded += 1;
        let cell = self.cell(local);
        self.expand(grid, cell, local);
        Some(cell)
    }

    /// Generates the neighbours of `cell` inside the rectangle (see [`for_each_move_inside`]).
    fn expand(&mut self, grid: &Grid, cell: u32, local: u32) {
        let rect = self.rect.expect("a search was started");
        let movement = self.movement.expect("a search was started");
        let g = self.g_by_local[local as usize];
        let width = self.map_width;
        let backward = self.backward;
        let leaving = grid.cost_tenths(cell);
        for_each_move_inside(grid, rect, movement, cell, |next, dir| {
            let entered = if backward {
                leaving
            } else {
                grid.cost_tenths(next)
            };
            let step = step_cost(entered, dir >= 4);
            let (nx, ny) = (next % width, next / width);
            let next_local = (ny - rect.y0) * rect.width() + (nx - rect.x0);
            let i = next_local as usize;
            let stamp = self.stamp_by_local[i];
            if stamp == self.generation + 1 {
                return;
            }
            let new_g = g + step;
            if stamp == self.generation && self.g_by_local[i] <= new_g {
                return;
            }
            self.push(next_local, new_g, local);
        });
    }

    /// Runs the search until every cell of `targets` (cells of the rectangle) is closed, or the
    /// rectangle is exhausted: their g are then final.
    pub fn settle(&mut self, grid: &Grid, targets: &[u32]) {
        let mut left: Vec<u32> = targets.to_vec();
        left.sort_unstable();
        left.dedup();
        left.retain(|&t| !self.is_closed(t));
        while !left.is_empty() {
            let Some(cell) = self.step(grid) else {
                return;
            };
            if let Ok(at) = left.binary_search(&cell) {
                left.remove(at);
            }
        }
    }

    fn is_closed(&self, cell: u32) -> bool {
        self.stamp_by_local[self.local(cell) as usize] == self.generation + 1
    }

    /// The best g found for `cell` (a cell of the rectangle), if it was reached.
    pub fn g(&self, cell: u32) -> Option<Cost> {
        let i = self.local(cell) as usize;
        let stamp = self.stamp_by_local[i];
        (stamp == self.generation || stamp == self.generation + 1).then(|| self.g_by_local[i])
    }

    /// Appends to `out` the moves from the source to `cell` (a reached cell), as indexes into
    /// [`DIRECTIONS`], first move first.
    pub fn append_moves_to(&self, cell: u32, out: &mut Vec<u8>) {
        let rect = self.rect.expect("a search was started");
        let w = rect.width() as i32;
        let first = out.len();
        let mut local = self.local(cell);
        loop {
            let parent = self.parent_by_local[local as usize];
            if parent == local {
                break;
            }
            let (dx, dy) = (
                (local as i32 % w) - (parent as i32 % w),
                (local as i32 / w) - (parent as i32 / w),
            );
            out.push(direction_index(dx, dy));
            local = parent;
        }
        out[first..].reverse();
    }

    /// The cells from the source to `cell` (a reached cell), source first.
    pub fn path_to(&self, cell: u32) -> Vec<u32> {
        let mut local = self.local(cell);
        let mut out = vec![cell];
        loop {
            let parent = self.parent_by_local[local as usize];
            if parent == local {
                break;
            }
            local = parent;
            out.push(self.cell(local));
        }
        out.reverse();
        out
    }
}

/// The index in [`DIRECTIONS`] of the step `(dx, dy)` (a step between neighbours).
pub fn direction_index(dx: i32, dy: i32) -> u8 {
    DIRECTIONS
        .iter()
        .position(|&d| d == (dx, dy))
        .expect("a step between neighbours") as u8
}

/// Calls `visit(next, direction)` for every legal move out of `cell` whose other end lies inside `rect`:
/// the moves of [`Movement::for_each_neighbour`] (same order, same corner rules), written out with the
/// rectangle as the bounds, since this loop is most of the graph's build.
#[inline]
pub fn for_each_move_inside(
    grid: &Grid,
    rect: Rect,
    movement: Movement,
    cell: u32,
    mut visit: impl FnMut(u32, usize),
) {
    let width = grid.width();
    let (x, y) = (cell % width, cell / width);
    for (dir, &(dx, dy)) in DIRECTIONS[..movement.direction_count()].iter().enumerate() {
        let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
        if nx < rect.x0 as i64
            || ny < rect.y0 as i64
            || nx >= rect.x1 as i64
            || ny >= rect.y1 as i64
        {
            continue;
        }
        let (nx, ny) = (nx as u32, ny as u32);
        let next = ny * width + nx;
        if !grid.is_passable(next) {
            continue;
        }
        if dir >= 4 {
            // a b    the side cells a and d of a diagonal move c -> b lie inside the rectangle too
            // c d    (it holds both ends of the move)
            let side_a = grid.is_passable(y * width + nx);
            let side_b = grid.is_passable(ny * width + x);
            let allowed = match movement {
                Movement::Eight(CornerRule::NoCut) => side_a && side_b,
                Movement::Eight(CornerRule::CutIfOneFree) => side_a || side_b,
                _ => true,
            };
            if !allowed {
                continue;
            }
        }
        visit(next, dir);
    }
}
