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

/// The most by which a cost in this representation exceeds the true length of its path, as a fraction of
/// that length: a diagonal step's rounding up, (⌈√2 · 65536⌉ − √2 · 65536) / (√2 · 65536) ≈ 1.075e-6, and
/// nothing for straight steps, which are exact. So a path's cost reads at most this fraction above its
/// true length, and the path an optimal search returns is at most this fraction longer than the shortest
/// (it costs no more than the shortest costs here, which is at most this fraction above the shortest's
/// true length). `astar check` allows this much beside the print's rounding.
pub const DIAGONAL_RELATIVE_ERROR: f64 = (DIAGONAL_PER_TENTH as f64
    - std::f64::consts::SQRT_2 * STRAIGHT_PER_TENTH as f64)
    / (std::f64::consts::SQRT_2 * STRAIGHT_PER_TENTH as f64);

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
    fn a_cost_exceeds_its_true_length_by_at_most_the_diagonal_error() {
        const { assert!(DIAGONAL_RELATIVE_ERROR > 0.0 && DIAGONAL_RELATIVE_ERROR < 1.1e-6) };
        // Every mix of straight and diagonal steps on every terrain, priced and compared with the truth.
        for tenths in [1u16, 7, 10, 15, 20, 2550] {
            for (straight, diagonal) in [(0u64, 1u64), (1, 1), (0, 4_000_000), (1972, 0), (2, 1393)]
            {
                let cost = straight * step_cost(tenths, false) + diagonal * step_cost(tenths, true);
                let truth = (straight as f64 + diagonal as f64 * std::f64::consts::SQRT_2)
                    * tenths as f64
                    / 10.0;
                let read = to_f64(cost);
                assert!(
                    read >= truth - truth * 1e-15,
                    "{tenths} {straight} {diagonal}"
                );
                assert!(
                    read <= truth * (1.0 + DIAGONAL_RELATIVE_ERROR) + truth * 1e-15,
                    "{tenths} {straight} {diagonal}: {read} against {truth}"
                );
            }
        }
    }

    #[test]
    fn a_step_costs_its_tenths() {
        assert_eq!(step_cost(10, false), COST_SCALE);
        assert_eq!(step_cost(10, true), DIAGONAL_STEP);
        assert_eq!(to_f64(step_cost(7, false)), 0.7);
        assert!((to_f64(step_cost(7, true)) - 0.7 * std::f64::consts::SQRT_2).abs() < 1e-5);
    }
}
