//! The path ahead of the smoothing's third pass as bitmaps of rows, columns and diagonals
//! ([`PathLines`]), so that a walk that cannot meet the path is not walked.

/// The cells of the path ahead of the third pass, as four bitmaps, one for each kind of line a walk
/// follows: rows, columns, diagonals (dx = dy) and anti-diagonals (dx = -dy). Each is laid out so
/// that the cells of one line are consecutive bits ([`PathLines::bit`]), so whether a walk of up to
/// `reach` steps can meet the path at all, and how far it must go to meet it last, takes a few word
/// operations: most walks are then not walked, and the others stop at their last meeting. The row
/// bitmap is indexed by cell id, so it also answers "is this cell on the path ahead".
#[derive(Clone, Debug, Default)]
pub(super) struct PathLines {
    pub(super) width: usize,
    height: usize,
    /// Indexed by the kind of line (0 rows, 1 columns, 2 diagonals, 3 anti-diagonals), then by bit.
    bits: [Vec<u64>; 4],
}

impl PathLines {
    /// Sized for a `width` × `height` map, and empty when that is a new size.
    pub(super) fn fit(&mut self, width: usize, height: usize) -> bool {
        if (self.width, self.height) == (width, height) && !self.bits[0].is_empty() {
            return false;
        }
        let lines = width + height - 1;
        let sizes = [
            width * height,
            width * height,
            lines * height,
            lines * width,
        ];
        self.bits = sizes.map(|size| vec![0; size.div_ceil(64)]);
        (self.width, self.height) = (width, height);
        true
    }

    /// The bit of cell (x, y) in the bitmap of line kind `kind`; a step along a line of that kind
    /// moves it by one:
    ///
    /// ```text
    /// rows            y · width + x                    (±1, 0)
    /// columns         x · height + y                   (0, ±1)
    /// diagonals       (x + height - 1 - y) · height + y   ±(1, 1)
    /// anti-diagonals  (x + y) · width + x              ±(1, -1)
    /// ```
    #[inline]
    pub(super) fn bit(&self, kind: usize, (x, y): (u32, u32)) -> usize {
        let (x, y) = (x as usize, y as usize);
        match kind {
            0 => y * self.width + x,
            1 => x * self.height + y,
            2 => (x + self.height - 1 - y) * self.height + y,
            _ => (x + y) * self.width + x,
        }
    }

    /// Sets (`on`) or clears cell (x, y) in all four bitmaps.
    pub(super) fn mark(&mut self, xy: (u32, u32), on: bool) {
        for kind in 0..4 {
            let bit = self.bit(kind, xy);
            let word = &mut self.bits[kind][bit / 64];
            if on {
                *word |= 1 << (bit % 64);
            } else {
                *word &= !(1 << (bit % 64));
            }
        }
    }

    /// Whether cell id `cell` is set.
    #[inline]
    pub(super) fn contains(&self, cell: u32) -> bool {
        self.bits[0][cell as usize / 64] >> (cell % 64) & 1 != 0
    }

    /// The number of steps, at most `limit`, from (x, y) by (dx, dy) to the farthest set cell on the
    /// way, or 0 when there is none (the walk leaves the map after at most `limit` steps otherwise).
    pub(super) fn farthest(&self, (x, y): (u32, u32), (dx, dy): (i32, i32), limit: u32) -> u32 {
        let room = |at: u32, d: i32, side: usize| match d {
            1 => side as u32 - 1 - at,
            -1 => at,
            _ => u32::MAX,
        };
        let steps = limit
            .min(room(x, dx, self.width))
            .min(room(y, dy, self.height)) as usize;
        if steps == 0 {
            return 0;
        }
        let (kind, forward) = match (dx, dy) {
            (_, 0) => (0, dx > 0),
            (0, _) => (1, dy > 0),
            _ if dx == dy => (2, dx > 0),
            _ => (3, dx > 0),
        };
        let (bits, at) = (&self.bits[kind], self.bit(kind, (x, y)));
        let found = if forward {
            highest_set(bits, at + 1, at + steps).map(|bit| bit - at)
        } else {
            lowest_set(bits, at - steps, at - 1).map(|bit| at - bit)
        };
        found.unwrap_or(0) as u32
    }
}

/// The highest set bit of `bits` in `low..=high`.
fn highest_set(bits: &[u64], low: usize, high: usize) -> Option<usize> {
    let (mut at, last) = (high / 64, low / 64);
    let mut word = bits[at] & (u64::MAX >> (63 - high % 64));
    loop {
        if at == last {
            word &= u64::MAX << (low % 64);
        }
        if word != 0 {
            return Some(at * 64 + 63 - word.leading_zeros() as usize);
        }
        if at == last {
            return None;
        }
        at -= 1;
        word = bits[at];
    }
}

/// The lowest set bit of `bits` in `low..=high`.
fn lowest_set(bits: &[u64], low: usize, high: usize) -> Option<usize> {
    let (mut at, last) = (low / 64, high / 64);
    let mut word = bits[at] & (u64::MAX << (low % 64));
    loop {
        if at == last {
            word &= u64::MAX >> (63 - high % 64);
        }
        if word != 0 {
            return Some(at * 64 + word.trailing_zeros() as usize);
        }
        if at == last {
            return None;
        }
        at += 1;
        word = bits[at];
    }
}
