//! Costs added to entering a cell on top of its terrain: the wall-hugging penalty and danger from
//! watchers.
//!
//! Seed 001: paths that hug walls look bad, so give the cells next to a wall a little extra cost ("it
//! changes the look, not feasibility"). Seed 003: a cell inside an enemy's view costs extra; the article
//! adds that danger to h, which breaks admissibility, so here it is a cost, and every optimal algorithm
//! stays optimal.
//!
//! The model: entering a cell costs its terrain's cost **plus its extra**, times the step's length (1 or
//! √2), and
//! ```text
//!   extra(c) = hug    · [c is beside a wall]
//!            + danger · (watchers that see c)
//! ```
//! - *Beside a wall*: one of the eight neighbours inside the map is a wall (the map's edge is not a wall:
//!   a path along the edge is not hugging anything drawn).
//! - A watcher at (x, y) with radius r *sees* every cell whose centre is within r cells of its own
//!   (Euclidean; walls do not block its view: a disc, drawn as one).
//! - Walls have no extra (they cannot be entered).
//!
//! A cell's extra is stored as a *level* byte, bit 0 "beside a wall" and bits 1–7 the number of watchers
//! that see it ([`level_extra_tenths`]), so a search prices a step with a table of at most 256 extras
//! built when it begins, as it does the terrain costs, instead of a cost per cell.
//!
//! Limits: hug 0 to 1 and danger 0 to 100 in steps of 0.1, at most [`MAX_WATCHERS`] watchers with radii
//! 1 to [`MAX_WATCH_RADIUS`]: the dearest cell then costs 255 + 1 + 32 · 100 = 3,456 (34,560 tenths),
//! inside the `u16` of a cell's cost.
//!
//! **The turn penalty** (PathFinding.js's "fewest turns"): each change of direction along a path adds
//! `turn` (0 to 5 in steps of 0.1, [`MAX_TURN_TENTHS`]), whatever the angle; the first move turns from
//! nothing. It is a cost of a *pair* of moves, not of a cell, so a search must know the direction it
//! arrived from: the layered search of `search/turns.rs` carries it (a state is a cell and a heading).
//! It has no level: [`Penalties::is_off`] and the levels speak of the cells' extras only.

use crate::cost::{step_cost, Cost};
use crate::grid::layout::bordered_slot;
use crate::grid::terrain::Terrain;
use crate::message::Message;

/// The most watchers a map may have.
pub const MAX_WATCHERS: usize = 32;

/// The largest radius of a watcher's view, in cells.
pub const MAX_WATCH_RADIUS: u32 = 64;

/// The largest wall-hugging penalty, in tenths (1).
pub const MAX_HUG_TENTHS: u16 = 10;

/// The largest danger a watcher adds, in tenths (100).
pub const MAX_DANGER_TENTHS: u16 = 1000;

/// The largest turn penalty, in tenths (5).
pub const MAX_TURN_TENTHS: u16 = 50;

/// The most cells a map with a turn penalty may have (1024 × 1024): its searches keep up to 9 states a
/// cell, 108 bytes for the turn search (`search/turns.rs`), 144 for ARA* and 216 for bidirectional A*, and the
/// page's session up to three searches (the one shown, its timer and the A* probe): about 340 MB at this
/// size, 415 MB with ARA* shown and 570 MB with bidirectional A*; twice the side would be four times that, more than a
/// browser tab can count on.
pub const MAX_TURN_CELLS: u64 = 1 << 20;

/// Why a map's penalties were refused: a value outside the limits of the module doc. The sentences are the
/// grid's (`grid.bad-hug` ...: a map refuses them), with the limits filled in here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PenaltyError {
    /// A wall-hugging penalty above 1.
    BadHug,
    /// A watcher's danger above 100.
    BadDanger,
    /// A turn penalty outside 0..=[`MAX_TURN_TENTHS`] tenths.
    BadTurn,
    /// A turn penalty on a map of more than [`MAX_TURN_CELLS`] cells.
    TurnMapTooLarge {
        /// The map's cells.
        cells: u64,
    },
    /// More than [`MAX_WATCHERS`] watchers.
    TooManyWatchers,
    /// A watcher outside the map, or with a radius outside 1..=[`MAX_WATCH_RADIUS`].
    BadWatcher {
        /// Its column.
        x: u32,
        /// Its row.
        y: u32,
        /// Its radius.
        radius: u32,
    },
}

impl From<PenaltyError> for Message {
    fn from(why: PenaltyError) -> Message {
        match why {
            PenaltyError::BadHug => Message::new("grid.bad-hug"),
            PenaltyError::BadDanger => Message::new("grid.bad-danger"),
            PenaltyError::BadTurn => Message::new("grid.bad-turn"),
            PenaltyError::TurnMapTooLarge { cells } => Message::new("grid.turn-map-too-large")
                .int("cells", cells)
                .int("max", MAX_TURN_CELLS),
            PenaltyError::TooManyWatchers => {
                Message::new("grid.too-many-watchers").int("max", MAX_WATCHERS)
            }
            PenaltyError::BadWatcher { x, y, radius } => Message::new("grid.bad-watcher")
                .int("x", x)
                .int("y", y)
                .int("radius", radius)
                .int("max", MAX_WATCH_RADIUS),
        }
    }
}

/// A watcher: it sees the cells whose centres are within `radius` cells of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Watcher {
    /// Its column.
    pub x: u32,
    /// Its row.
    pub y: u32,
    /// How far it sees, in cells: 1..=[`MAX_WATCH_RADIUS`].
    pub radius: u32,
}

impl Watcher {
    /// True when the watcher sees the cell at (x, y).
    #[inline]
    pub fn sees(&self, x: u32, y: u32) -> bool {
        let (dx, dy) = (x.abs_diff(self.x) as u64, y.abs_diff(self.y) as u64);
        dx * dx + dy * dy <= self.radius as u64 * self.radius as u64
    }
}

/// The extras of a map (see the module doc). The default is none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Penalties {
    /// What entering a cell beside a wall adds, in tenths: 0..=[`MAX_HUG_TENTHS`].
    pub hug_tenths: u16,
    /// What each watcher that sees a cell adds to entering it, in tenths: 0..=[`MAX_DANGER_TENTHS`].
    pub danger_tenths: u16,
    /// The watchers, at most [`MAX_WATCHERS`].
    pub watchers: Vec<Watcher>,
    /// What each change of direction along a path adds, in tenths: 0..=[`MAX_TURN_TENTHS`].
    pub turn_tenths: u16,
}

impl Penalties {
    /// True when no cell can have an extra: no hugging penalty, and no danger or no watcher.
    pub fn is_off(&self) -> bool {
        self.hug_tenths == 0 && (self.danger_tenths == 0 || self.watchers.is_empty())
    }

    /// The extra, in tenths, of a cell at `level` (see the module doc).
    #[inline]
    pub fn level_extra_tenths(&self, level: u8) -> u16 {
        level_extra_tenths(self.hug_tenths, self.danger_tenths, level)
    }

    /// The highest level a cell can have: beside a wall and seen by every watcher.
    pub fn max_level(&self) -> u8 {
        1 | (self.watchers.len() as u8) << 1
    }

    /// The dearest extra any cell of a map could have with these penalties (after any edit).
    pub fn dearest_extra_tenths(&self) -> u16 {
        self.hug_tenths + self.danger_tenths * self.watchers.len() as u16
    }

    /// Checks the limits of the module doc, and that every watcher stands inside a `width` × `height` map.
    pub fn validate(&self, width: u32, height: u32) -> Result<(), PenaltyError> {
        if self.hug_tenths > MAX_HUG_TENTHS {
            return Err(PenaltyError::BadHug);
        }
        if self.danger_tenths > MAX_DANGER_TENTHS {
            return Err(PenaltyError::BadDanger);
        }
        if self.turn_tenths > MAX_TURN_TENTHS {
            return Err(PenaltyError::BadTurn);
        }
        let cells = width as u64 * height as u64;
        if self.turn_tenths > 0 && cells > MAX_TURN_CELLS {
            return Err(PenaltyError::TurnMapTooLarge { cells });
        }
        if self.watchers.len() > MAX_WATCHERS {
            return Err(PenaltyError::TooManyWatchers);
        }
        for w in &self.watchers {
            if w.x >= width || w.y >= height || !(1..=MAX_WATCH_RADIUS).contains(&w.radius) {
                return Err(PenaltyError::BadWatcher {
                    x: w.x,
                    y: w.y,
                    radius: w.radius,
                });
            }
        }
        Ok(())
    }

    /// The level of the cell at (x, y) in a map whose bordered terrain is `bordered` (`width + 2` a row,
    /// see `Grid::bordered_terrain`).
    pub(crate) fn level_at(&self, bordered: &[Terrain], width: u32, x: u32, y: u32) -> u8 {
        let stride = width as usize + 2;
        let slot = bordered_slot(width, x, y);
        if bordered[slot] == Terrain::Wall {
            return 0;
        }
        let mut level = 0u8;
        if self.hug_tenths > 0 && beside_a_wall(bordered, stride, slot, x, y, width) {
            level = 1;
        }
        if self.danger_tenths > 0 {
            let seen = self.watchers.iter().filter(|w| w.sees(x, y)).count() as u8;
            level |= seen << 1;
        }
        level
    }
}

/// The extra, in tenths, of a cell at `level` under a hugging penalty of `hug` and a danger of `danger`
/// tenths a watcher.
#[inline]
pub fn level_extra_tenths(hug: u16, danger: u16, level: u8) -> u16 {
    hug * (level & 1) as u16 + danger * (level >> 1) as u16
}

/// How many times the grid path `path` (consecutive cells neighbours, on a map `width` cells wide)
/// changes direction: the turns the turn penalty charges (the first move is not a turn).
pub fn turns_along(width: u32, path: &[u32]) -> u64 {
    let width = width as i64;
    let direction = |pair: &[u32]| {
        let (a, b) = (pair[0] as i64, pair[1] as i64);
        (b % width - a % width, b / width - a / width)
    };
    path.windows(2)
        .map(direction)
        .collect::<Vec<_>>()
        .windows(2)
        .filter(|moves| moves[0] != moves[1])
        .count() as u64
}

/// What one turn costs under a turn penalty of `turn_tenths`, in fixed-point units (a penalty of 1 costs
/// what an orthogonal step on plain does).
#[inline]
pub fn turn_cost(turn_tenths: u16) -> Cost {
    step_cost(turn_tenths, false)
}

/// True when one of the eight neighbours inside the map of the slot at (x, y) is a wall. The bordered
/// terrain's ring of walls is outside the map: the rows above and below and the columns beside it are
/// looked at only where they are inside.
fn beside_a_wall(
    bordered: &[Terrain],
    stride: usize,
    slot: usize,
    x: u32,
    y: u32,
    width: u32,
) -> bool {
    let height = (bordered.len() / stride - 2) as u32;
    let (left, right) = (x > 0, x + 1 < width);
    let (up, down) = (y > 0, y + 1 < height);
    let wall = |at: usize| bordered[at] == Terrain::Wall;
    let row = |middle: usize| (left && wall(middle - 1)) || (right && wall(middle + 1));
    row(slot)
        || (up && (wall(slot - stride) || row(slot - stride)))
        || (down && (wall(slot + stride) || row(slot + stride)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;

    fn levels(grid: &Grid, penalties: &Penalties) -> Vec<Vec<u8>> {
        (0..grid.height())
            .map(|y| {
                (0..grid.width())
                    .map(|x| penalties.level_at(grid.bordered_terrain(), grid.width(), x, y))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn cells_beside_a_wall_inside_the_map_have_level_one() {
        let grid = Grid::from_ascii("....\n.#..\n....\n....").unwrap();
        let hug = Penalties {
            hug_tenths: 5,
            ..Penalties::default()
        };
        assert_eq!(
            levels(&grid, &hug),
            [[1, 1, 1, 0], [1, 0, 1, 0], [1, 1, 1, 0], [0, 0, 0, 0]],
            "the map's edge is not a wall; the wall itself has no extra"
        );
    }

    #[test]
    fn watchers_count_in_the_upper_bits() {
        let grid = Grid::new(5, 1).unwrap();
        let danger = Penalties {
            hug_tenths: 0,
            danger_tenths: 20,
            watchers: vec![
                Watcher {
                    x: 0,
                    y: 0,
                    radius: 2,
                },
                Watcher {
                    x: 3,
                    y: 0,
                    radius: 1,
                },
            ],
            turn_tenths: 0,
        };
        assert_eq!(levels(&grid, &danger), [[2, 2, 4, 2, 2]]);
        assert_eq!(danger.level_extra_tenths(4), 40);
        assert_eq!(level_extra_tenths(7, 20, 5), 7 + 40);
    }

    #[test]
    fn a_watcher_sees_a_disc() {
        let w = Watcher {
            x: 10,
            y: 10,
            radius: 5,
        };
        assert!(w.sees(13, 14), "3-4-5: on the circle");
        assert!(!w.sees(14, 14));
        assert!(w.sees(10, 5) && w.sees(15, 10) && !w.sees(16, 10));
    }

    #[test]
    fn limits_are_checked() {
        let ok = Penalties {
            hug_tenths: MAX_HUG_TENTHS,
            danger_tenths: MAX_DANGER_TENTHS,
            watchers: vec![
                Watcher {
                    x: 3,
                    y: 2,
                    radius: MAX_WATCH_RADIUS,
                };
                MAX_WATCHERS
            ],
            turn_tenths: 0,
        };
        assert_eq!(ok.validate(4, 3), Ok(()));
        assert_eq!(ok.dearest_extra_tenths(), 10 + 32 * 1000);
        let mut bad = ok.clone();
        bad.hug_tenths += 1;
        assert_eq!(bad.validate(4, 3), Err(PenaltyError::BadHug));
        let mut bad = ok.clone();
        bad.danger_tenths += 1;
        assert_eq!(bad.validate(4, 3), Err(PenaltyError::BadDanger));
        let mut bad = ok.clone();
        bad.watchers.push(bad.watchers[0]);
        assert_eq!(bad.validate(4, 3), Err(PenaltyError::TooManyWatchers));
        for (x, y, radius) in [
            (4, 0, 1),
            (0, 3, 1),
            (0, 0, 0),
            (0, 0, MAX_WATCH_RADIUS + 1),
        ] {
            let bad = Penalties {
                watchers: vec![Watcher { x, y, radius }],
                ..Penalties::default()
            };
            assert_eq!(
                bad.validate(4, 3),
                Err(PenaltyError::BadWatcher { x, y, radius })
            );
        }
        assert!(Penalties::default().is_off());
        assert!(Penalties {
            danger_tenths: 10,
            ..Penalties::default()
        }
        .is_off());
        // The turn penalty: up to 5, on maps of up to 1024 × 1024 cells.
        let turn = |tenths| Penalties {
            turn_tenths: tenths,
            ..Penalties::default()
        };
        assert_eq!(turn(MAX_TURN_TENTHS).validate(1024, 1024), Ok(()));
        assert_eq!(
            turn(MAX_TURN_TENTHS + 1).validate(4, 3),
            Err(PenaltyError::BadTurn)
        );
        assert_eq!(
            turn(1).validate(1025, 1024),
            Err(PenaltyError::TurnMapTooLarge { cells: 1025 * 1024 })
        );
        assert_eq!(
            Message::from(PenaltyError::TurnMapTooLarge { cells: 2048 * 2048 }).to_string(),
            "a turn penalty is searched over cells and headings, on maps of up to 1048576 cells (1024 x 1024): this map has 4194304"
        );
        assert_eq!(turn(0).validate(2048, 2048), Ok(()));
    }
}
