//! The rectangle builder: the covered cells of a box merged into rectangles, then every rectangle side
//! split at the corners of the rectangles touching it, so the mesh conforms.
//!
//! Merging is greedy, in both orientations, keeping the one with fewer rectangles: each row's maximal
//! runs of covered cells, a run merged into the rectangle above it when that rectangle's run has the same
//! extent (and the same with columns for rows). Neither is optimal (a minimum rectangle partition needs a
//! bipartite matching), but each is linear in the cells.
//!
//! ```text
//!   ######      rows: [1,3) of row 1, [1,5) of rows 2-3      +--+
//!   #..###      (2 rectangles); the lower one's top side     |  |
//!   #....#      gets the upper one's corner (3, 2) as a      +--+--+
//!   #....#      collinear vertex: no T-junction.             |     |
//!   ######                                                   +-----+
//! ```

use super::tiles::CellBox;
use super::Outline;

/// A rectangle of cells: columns `x0..x1`, rows `y0..y1`.
type Rect = [u32; 4];

/// The rectangles of the covered cells inside `area` (cells outside it count as uncovered), as outlines
/// the positive way round, conforming among themselves:
/// - `width`: the map's width (the row length of `free`);
/// - `free`: the covered cells of the whole map, row by row.
///
/// # Example
/// ```
/// use astar_core::navmesh::build::{rectangles, stitch, tiles::CellBox};
/// let free = [true, true, false, true, true, true];
/// let outlines = rectangles::outlines(3, &free, CellBox::new(0, 0, 3, 2));
/// assert_eq!(outlines.len(), 2);
/// stitch(3, 2, free.to_vec(), &outlines).check().unwrap();
/// ```
pub fn outlines(width: u32, free: &[bool], area: CellBox) -> Vec<Outline> {
    let rows = greedy(width, free, area, false);
    let columns = greedy(width, free, area, true);
    let rects = if columns.len() < rows.len() {
        columns
    } else {
        rows
    };
    conforming(&rects, area)
}

/// Greedy rectangles: maximal runs along each line (rows, or columns when `transposed`), a run merged
/// into the open rectangle of the previous line with the same extent.
fn greedy(width: u32, free: &[bool], area: CellBox, transposed: bool) -> Vec<Rect> {
    // (u, v): u along a line, v across the lines.
    let (u0, u1, v0, v1) = if transposed {
        (area.y0, area.y1, area.x0, area.x1)
    } else {
        (area.x0, area.x1, area.y0, area.y1)
    };
    let is_free = |u: u32, v: u32| {
        let (x, y) = if transposed { (v, u) } else { (u, v) };
        free[(y * width + x) as usize]
    };
    let mut rects = Vec::new();
    let mut close = |a: u32, b: u32, from: u32, to: u32| {
        rects.push(if transposed {
            [from, a, to, b]
        } else {
            [a, from, b, to]
        });
    };
    // The open rectangles: (run start, run end, first line), sorted by run start.
    let mut open: Vec<(u32, u32, u32)> = Vec::new();
    let mut next: Vec<(u32, u32, u32)> = Vec::new();
    for v in v0..v1 {
        next.clear();
        let mut i = 0;
        let mut u = u0;
        while u < u1 {
            if !is_free(u, v) {
                u += 1;
                continue;
            }
            let a = u;
            while u < u1 && is_free(u, v) {
                u += 1;
            }
            let b = u;
            while i < open.len() && open[i].0 < a {
                close(open[i].0, open[i].1, open[i].2, v);
                i += 1;
            }
            if i < open.len() && open[i].0 == a && open[i].1 == b {
                next.push(open[i]);
                i += 1;
            } else {
                next.push((a, b, v));
            }
        }
        for &(a, b, from) in &open[i..] {
            close(a, b, from, v);
        }
        std::mem::swap(&mut open, &mut next);
    }
    for &(a, b, from) in &open {
        close(a, b, from, v1);
    }
    rects
}

/// The outlines of `rects` (inside `area`), each side carrying the other rectangles' corners that lie
/// inside it.
fn conforming(rects: &[Rect], area: CellBox) -> Vec<Outline> {
    // Corners by line: on row line y (index y - y0) the corners' x, on column line x their y.
    let mut on_row = vec![Vec::new(); (area.y1 - area.y0 + 1) as usize];
    let mut on_column = vec![Vec::new(); (area.x1 - area.x0 + 1) as usize];
    for &[x0, y0, x1, y1] in rects {
        for (x, y) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
            on_row[(y - area.y0) as usize].push(x);
            on_column[(x - area.x0) as usize].push(y);
        }
    }
    for line in on_row.iter_mut().chain(on_column.iter_mut()) {
        line.sort_unstable();
        line.dedup();
    }
    // The sorted values of `line` strictly between `lo` and `hi`.
    fn between(line: &[u32], lo: u32, hi: u32) -> &[u32] {
        let start = line.partition_point(|&v| v <= lo);
        let end = line.partition_point(|&v| v < hi);
        &line[start..end.max(start)]
    }
    rects
        .iter()
        .map(|&[x0, y0, x1, y1]| {
            let top = between(&on_row[(y0 - area.y0) as usize], x0, x1);
            let right = between(&on_column[(x1 - area.x0) as usize], y0, y1);
            let bottom = between(&on_row[(y1 - area.y0) as usize], x0, x1);
            let left = between(&on_column[(x0 - area.x0) as usize], y0, y1);
            let mut outline =
                Vec::with_capacity(4 + top.len() + right.len() + bottom.len() + left.len());
            outline.push([x0, y0]);
            outline.extend(top.iter().map(|&x| [x, y0]));
            outline.push([x1, y0]);
            outline.extend(right.iter().map(|&y| [x1, y]));
            outline.push([x1, y1]);
            outline.extend(bottom.iter().rev().map(|&x| [x, y1]));
            outline.push([x0, y1]);
            outline.extend(left.iter().rev().map(|&y| [x0, y]));
            outline
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::navmesh::build::stitch;

    fn free_of(text: &str) -> (u32, u32, Vec<bool>) {
        let rows: Vec<&str> = text.lines().collect();
        let free = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '.'))
            .collect();
        (rows[0].len() as u32, rows.len() as u32, free)
    }

    #[test]
    fn the_picture_in_the_module_doc() {
        let (w, h, free) = free_of("######\n#..###\n#....#\n#....#\n######");
        let outlines = outlines(w, &free, CellBox::new(0, 0, w, h));
        assert_eq!(outlines.len(), 2);
        assert!(outlines.iter().any(|o| o.contains(&[3, 2]) && o.len() == 5));
        stitch(w, h, free, &outlines).check().unwrap();
    }

    #[test]
    fn columns_win_when_they_need_fewer_rectangles() {
        // Rows need 4 rectangles (the runs change length every row), columns 3.
        let (w, h, free) = free_of("..\n.#\n..\n.#");
        let outlines = outlines(w, &free, CellBox::new(0, 0, w, h));
        assert_eq!(outlines.len(), 3);
        stitch(w, h, free, &outlines).check().unwrap();
    }
}
