//! Estimates of the cost still to go, and whether each is a lower bound for a movement rule.
//!
//! Every estimate is in fixed point ([`crate::cost`]) and multiplied by the cheapest passable terrain cost
//! on the map, so that it stays a lower bound whatever the costs: with forest at 3 and no plain, h counts
//! steps at 3 (tighter, so fewer expansions); with a road at 0.7, at 0.7 (an unscaled h would charge a
//! road step 1 and overestimate). With dx, dy the column and row distances:
//!
//! | heuristic | value (× cheapest cost) | admissible on 4-neighbour | on 8-neighbour |
//! |---|---|---|---|
//! | zero | 0 | yes | yes |
//! | Manhattan | dx + dy | yes | no: charges 2 for a diagonal that costs √2 |
//! | octile | max − min + √2 · min | yes | yes (exact on an empty map) |
//! | Chebyshev | max(dx, dy) | yes | yes (loose) |
//! | Euclidean | √(dx² + dy²) | yes | yes (loose) |

use crate::cost::{Cost, Pricing};
use crate::movement::Movement;

/// A cost-to-go estimate (see the module doc).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Heuristic {
    /// Always 0: A* becomes Dijkstra.
    Zero,
    /// dx + dy.
    Manhattan,
    /// Octile distance: exact for 8-neighbour moves on an empty map.
    #[default]
    Octile,
    /// max(dx, dy).
    Chebyshev,
    /// Straight-line distance.
    Euclidean,
}

impl Heuristic {
    /// The estimate for a cell `dx` columns and `dy` rows from the goal, on a map whose cheapest passable
    /// terrain costs `cheapest` tenths.
    #[inline]
    pub fn estimate(self, dx: u32, dy: u32, cheapest: u16) -> Cost {
        self.estimate_priced(dx, dy, cheapest, Pricing::FIXED)
    }

    /// [`Heuristic::estimate`] under `pricing` (a search's own, see [`Pricing`]), with `cheapest` in
    /// that search's units. Every estimate but the Euclidean is a whole number of orthogonal and diagonal
    /// units, so an exact pricing orders it exactly; the Euclidean is rounded down.
    #[inline]
    pub fn estimate_priced(self, dx: u32, dy: u32, cheapest: u16, pricing: Pricing) -> Cost {
        let (dx, dy) = (dx as Cost, dy as Cost);
        let Pricing {
            straight, diagonal, ..
        } = pricing;
        let unit = match self {
            Heuristic::Zero => 0,
            Heuristic::Manhattan => (dx + dy) * straight,
            Heuristic::Octile => {
                // min/max rather than a branch: the search calls this for every generated cell, and
                // which of dx, dy is smaller is a coin toss for the branch predictor.
                let (lo, hi) = (dx.min(dy), dx.max(dy));
                (hi - lo) * straight + lo * diagonal
            }
            Heuristic::Chebyshev => dx.max(dy) * straight,
            // IEEE sqrt is correctly rounded, so this is the same on every platform.
            Heuristic::Euclidean => (((dx * dx + dy * dy) as f64).sqrt() * straight as f64) as Cost,
        };
        unit * cheapest as Cost
    }

    /// True when the estimate never exceeds the true cost to go under `movement`, so that A* with w = 1
    /// finds optimal paths. Only Manhattan on 8-neighbour grids fails.
    pub fn is_admissible(self, movement: Movement) -> bool {
        !(self == Heuristic::Manhattan && matches!(movement, Movement::Eight(_)))
    }

    /// The admissible heuristic that is tightest for `movement` (used to compute the optimum a weighted
    /// search is compared with).
    pub fn best_admissible(movement: Movement) -> Heuristic {
        match movement {
            Movement::Four => Heuristic::Manhattan,
            Movement::Eight(_) => Heuristic::Octile,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::{COST_SCALE, DIAGONAL_PER_TENTH, DIAGONAL_STEP};
    use crate::movement::CornerRule;

    #[test]
    fn values_on_a_3_by_4_offset() {
        let e = |h: Heuristic| h.estimate(3, 4, 10);
        assert_eq!(e(Heuristic::Zero), 0);
        assert_eq!(e(Heuristic::Manhattan), 7 * COST_SCALE);
        assert_eq!(e(Heuristic::Octile), COST_SCALE + 3 * DIAGONAL_STEP);
        assert_eq!(e(Heuristic::Chebyshev), 4 * COST_SCALE);
        assert_eq!(e(Heuristic::Euclidean), 5 * COST_SCALE);
    }

    #[test]
    fn scaled_by_the_cheapest_cost() {
        assert_eq!(Heuristic::Octile.estimate(2, 0, 30), 6 * COST_SCALE);
        assert_eq!(
            Heuristic::Octile.estimate(1, 1, 7),
            7 * DIAGONAL_PER_TENTH,
            "a road's diagonal"
        );
    }

    #[test]
    fn manhattan_is_inadmissible_only_with_diagonals() {
        assert!(Heuristic::Manhattan.is_admissible(Movement::Four));
        assert!(!Heuristic::Manhattan.is_admissible(Movement::Eight(CornerRule::NoCut)));
        assert!(Heuristic::Euclidean.is_admissible(Movement::Eight(CornerRule::AlwaysCut)));
    }
}
