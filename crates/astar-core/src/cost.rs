//! Fixed-point path costs.
//!
//! A cost is an integer number of 1/65536 units: an orthogonal step onto a cell of terrain cost `c` costs
//! `c * COST_SCALE`, a diagonal step `c * DIAGONAL_STEP`. Integers make comparisons exact, so native and
//! wasm builds expand the same cells in the same order. `DIAGONAL_STEP` is √2 · 65536 rounded *up*, so a
//! Euclidean estimate (rounded down) never exceeds a real path's cost; the rounding error is below 1e-6
//! relative, far inside the precision the Moving AI optimal lengths are printed with.

/// A path cost in fixed point (see the module doc). `u64`, because the longest path on a 2048 × 2048 map
/// through terrain of cost 255 overflows 32 bits.
pub type Cost = u64;

/// Fixed-point units in one orthogonal step on terrain of cost 1.
pub const COST_SCALE: Cost = 65_536;

/// Fixed-point units in one diagonal step on terrain of cost 1: ⌈√2 · 65536⌉.
pub const DIAGONAL_STEP: Cost = 92_682;

/// A fixed-point cost as a plain number of steps (1.0 = one orthogonal step on cost-1 terrain).
pub fn to_f64(cost: Cost) -> f64 {
    cost as f64 / COST_SCALE as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_step_is_sqrt2_rounded_up() {
        let exact = std::f64::consts::SQRT_2 * COST_SCALE as f64;
        assert!(DIAGONAL_STEP as f64 >= exact);
        assert!((DIAGONAL_STEP as f64) - exact < 1.0);
    }
}
