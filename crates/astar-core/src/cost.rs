//! Fixed-point path costs.
//!
//! Terrain costs are kept in tenths (a road at 0.7 is 7, plain at 1 is 10), and a cost is an integer number
//! of units with [`STRAIGHT_PER_TENTH`] = 65,536 units for an orthogonal step on terrain of cost 0.1:
//! an orthogonal step onto a cell of `t` tenths costs `t * STRAIGHT_PER_TENTH`, a diagonal one
//! `t * DIAGONAL_PER_TENTH` ([`step_cost`]); one plain step is [`COST_SCALE`] = 655,360 units. Integers
//! make comparisons exact, so native and wasm builds expand the same cells in the same order.
//! `DIAGONAL_PER_TENTH` is √2 · 65536 rounded *up*, so a Euclidean estimate (rounded down) never exceeds a
//! real path's cost; the rounding error is below 1e-6 relative, far inside the precision the Moving AI
//! optimal lengths are printed with. Maps with whole-number costs price every path exactly as they did when
//! costs were whole numbers (every cost is ten times what it was, and so is the unit).
//!
//! Range: the dearest path on a 2048 × 2048 map visits each of its 2^22 cells once at 2550 tenths and
//! √2 · 65536 units a tenth, below 2^22 · 2^12 · 2^17 = 2^51 units; the engines keep g below 2^50 in
//! practice (a path never visits every cell diagonally at the top cost) and pack it with f in 64 bits.

/// A path cost in fixed point (see the module doc). `u64`, because the longest path on a 2048 × 2048 map
/// through terrain of cost 255 overflows 32 bits.
pub type Cost = u64;

/// Fixed-point units in one orthogonal step on terrain of cost 0.1.
pub const STRAIGHT_PER_TENTH: Cost = 65_536;

/// Fixed-point units in one diagonal step on terrain of cost 0.1: ⌈√2 · 65536⌉.
pub const DIAGONAL_PER_TENTH: Cost = 92_682;

/// Fixed-point units in one orthogonal step on terrain of cost 1 (plain): ten tenths.
pub const COST_SCALE: Cost = 10 * STRAIGHT_PER_TENTH;

/// Fixed-point units in one diagonal step on terrain of cost 1.
pub const DIAGONAL_STEP: Cost = 10 * DIAGONAL_PER_TENTH;

/// What a step onto a cell of `tenths` tenths costs, orthogonally or diagonally.
#[inline]
pub fn step_cost(tenths: u16, diagonal: bool) -> Cost {
    tenths as Cost
        * if diagonal {
            DIAGONAL_PER_TENTH
        } else {
            STRAIGHT_PER_TENTH
        }
}

/// A fixed-point cost as a plain number of steps (1.0 = one orthogonal step on cost-1 terrain).
pub fn to_f64(cost: Cost) -> f64 {
    cost as f64 / COST_SCALE as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_step_is_sqrt2_rounded_up() {
        let exact = std::f64::consts::SQRT_2 * STRAIGHT_PER_TENTH as f64;
        assert!(DIAGONAL_PER_TENTH as f64 >= exact);
        assert!((DIAGONAL_PER_TENTH as f64) - exact < 1.0);
    }

    #[test]
    fn a_step_costs_its_tenths() {
        assert_eq!(step_cost(10, false), COST_SCALE);
        assert_eq!(step_cost(10, true), DIAGONAL_STEP);
        assert_eq!(to_f64(step_cost(7, false)), 0.7);
        assert!((to_f64(step_cost(7, true)) - 0.7 * std::f64::consts::SQRT_2).abs() < 1e-5);
    }
}
