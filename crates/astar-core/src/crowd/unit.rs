//! One unit of the scene: where it is, where it goes, the corners it walks through, and how it walks
//! them (a steady speed, turning early at a corner when the way to the next one is clear).
//!
//! Every move a unit makes is along a segment checked clear for its radius: a segment between two
//! corners (checked when the path was pulled straight, or a move of the inflated map, clear by
//! construction: see `clearance`), or, when it turns early, the segment from where it stands to the
//! corner after next, checked before it turns.

use super::clearance::segment_clear;
use crate::grid::Grid;

/// How near a corner (in cells) a unit starts looking past it to turn early.
pub const TURN_DISTANCE: f64 = 0.75;

/// What a unit is doing, as the page draws it (`#[repr(u8)]`: the values of the scene's state array).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum UnitState {
    /// No goal.
    Idle = 0,
    /// Waiting in the queue for its path.
    Queued = 1,
    /// Its request is being searched (possibly over several frames).
    Searching = 2,
    /// Walking its path.
    Walking = 3,
    /// At its goal.
    Arrived = 4,
    /// Its goal cannot be reached from where it stands.
    Unreachable = 5,
}

/// What became of one request, for the per-request timeline of a selected unit.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RequestLog {
    /// The frame the request joined the queue.
    pub queued_frame: u32,
    /// The frame the scheduler began it (`None` while queued).
    pub begun_frame: Option<u32>,
    /// The frame it was served (or found unreachable), `None` until then.
    pub served_frame: Option<u32>,
    /// The frames that worked on it and the expansions each spent: `[frame0, expansions0, ...]`.
    pub slices: Vec<u32>,
    /// The weight it was searched with (1 but for the automatic w).
    pub w: f64,
    /// Served from the path cache.
    pub from_cache: bool,
    /// The path's cost in steps (0 until served).
    pub cost: f64,
}

impl RequestLog {
    /// Adds `expansions` spent on this request in `frame`.
    pub fn spend(&mut self, frame: u32, expansions: u32) {
        if expansions == 0 {
            return;
        }
        let n = self.slices.len();
        if n >= 2 && self.slices[n - 2] == frame {
            self.slices[n - 1] += expansions;
        } else {
            self.slices.extend([frame, expansions]);
        }
    }
}

/// A unit (see the module doc).
#[derive(Clone, Debug)]
pub struct Unit {
    /// Where it stands, in cells (a cell's centre at whole numbers).
    pub position: (f64, f64),
    /// The cell it last stood on the centre of (where its next request starts).
    pub cell: u32,
    /// Its goal cell.
    pub goal: Option<u32>,
    /// What it is doing.
    pub state: UnitState,
    /// The corners of its path, as positions (the first is where it started).
    pub corners: Vec<(f64, f64)>,
    /// The index in `corners` of the corner it walks toward.
    pub next: usize,
    /// Its latest request.
    pub request: Option<RequestLog>,
    /// The frame it was last given a path (for the wait from request to first step).
    pub served_frame: u32,
}

impl Unit {
    /// A unit standing at the centre of `cell` (at `position`), with no goal.
    pub fn new(cell: u32, position: (f64, f64)) -> Unit {
        Unit {
            position,
            cell,
            goal: None,
            state: UnitState::Idle,
            corners: vec![],
            next: 0,
            request: None,
            served_frame: 0,
        }
    }

    /// Walks `distance` cells along the corners, turning early where the way is clear for radius `r` on
    /// `grid`; returns true when it reached the last corner.
    pub fn walk(&mut self, grid: &Grid, mut distance: f64, r: f64) -> bool {
        while distance > 0.0 && self.next < self.corners.len() {
            let target = self.corners[self.next];
            let gap = dist(self.position, target);
            if self.next + 1 < self.corners.len()
                && gap <= TURN_DISTANCE
                && segment_clear(grid, self.position, self.corners[self.next + 1], r)
            {
                self.next += 1;
                continue;
            }
            if gap <= distance {
                self.position = target;
                distance -= gap;
                self.next += 1;
            } else {
                let t = distance / gap;
                self.position = (
                    self.position.0 + (target.0 - self.position.0) * t,
                    self.position.1 + (target.1 - self.position.1) * t,
                );
                distance = 0.0;
            }
        }
        self.next >= self.corners.len()
    }

    /// The segments still to walk: from where it stands to the next corner, then corner to corner.
    pub fn remaining_segments(&self) -> impl Iterator<Item = ((f64, f64), (f64, f64))> + '_ {
        let ahead = self.corners.get(self.next..).unwrap_or(&[]);
        std::iter::once(self.position)
            .chain(ahead.iter().copied())
            .zip(ahead.iter().copied())
    }
}

/// Distance between two positions.
pub fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}
