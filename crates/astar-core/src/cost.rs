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
//! A search may price its steps in a pricing of its own instead ([`Pricing`]): Dijkstra's and A*'s
//! engine prices exactly (the rounding of √2 above can decide a near-tie the wrong way), and gives its
//! costs back in this fixed point.
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

/// How a search prices a step onto terrain of one unit (the search's own unit of cost, a whole number of
/// tenths): `straight` for an orthogonal step, `diagonal` for a diagonal one. A path then costs
/// `a · straight + b · diagonal`, where `a` and `b` count the units of its orthogonal and diagonal steps:
/// its true length is `a + b√2` units.
///
/// - [`Pricing::FIXED`] is the fixed point of this module (65,536 and ⌈√2 · 65536⌉): every cost outside a
///   search is in it, and a path's cost reads at most [`DIAGONAL_RELATIVE_ERROR`] above its length, so
///   two paths whose lengths differ by less than that can compare the wrong way round.
/// - [`Pricing::exact`] takes `diagonal / straight` from the convergents of √2 (1/1, 3/2, 7/5, 17/12, …:
///   `p / q` with `p² − 2q² = ±1`), the first with `q` above a bound `m` on the units `a` and `b` of
///   any cost the search compares. Then comparisons are exact: for two costs with `a`, `b` at most `m`,
///   `a₁q + b₁p < a₂q + b₂p` exactly when `a₁ + b₁√2 < a₂ + b₂√2`, and equal only when `a₁ = a₂` and
///   `b₁ = b₂`. Proof, with `Δa = a₁ − a₂`, `Δb = b₁ − b₂` (each at most `m` in size): the priced
///   difference is `q(Δa + Δb√2) + Δb(p − q√2)`. Equal prices need `q` to divide `Δb` (`p` and `q` are
///   coprime), so `Δb = 0` (it is below `q` in size), and then `Δa = 0`. Otherwise `|Δa + Δb√2| =
///   |Δa² − 2Δb²| / |Δa − Δb√2| ≥ 1 / (|Δa| + |Δb|√2)` (a nonzero integer over its conjugate), while
///   `|p − q√2| = 1 / (p + q√2) < 1 / (2√2 q)`; so the second term is smaller than the first when
///   `|Δb| (|Δa| + |Δb|√2) < 2√2 q²`, which `|Δa|, |Δb| ≤ m < q` gives (`(1 + √2) m² < 2√2 q²`).
///   `cost::tests` checks the claim on every pair of costs up to small bounds and on the nearest misses
///   of √2 up to 2^27.
///
/// An exact price also gives back the units it was made of ([`Pricing::split`]): `b` is `(cost mod q) ·
/// p⁻¹ mod q` (below `q`, so the residue is `b` itself), which is how a search's costs leave it in
/// [`Pricing::FIXED`] ([`Pricing::to_fixed`]), the same numbers a fixed-point search gives the same path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pricing {
    /// An orthogonal step onto terrain of one unit.
    pub straight: Cost,
    /// A diagonal step onto terrain of one unit.
    pub diagonal: Cost,
    /// `diagonal⁻¹ mod straight` for [`Pricing::split`]; 0 for [`Pricing::FIXED`], which cannot split.
    diagonal_inverse: Cost,
}

impl Pricing {
    /// The fixed point every cost outside a search is in (see the module doc).
    pub const FIXED: Pricing = Pricing {
        straight: STRAIGHT_PER_TENTH,
        diagonal: DIAGONAL_PER_TENTH,
        diagonal_inverse: 0,
    };

    /// The exact pricing for costs whose units `a` and `b` are at most `bound` (see the type's doc): the
    /// first convergent `p / q` of √2 with `q > bound`; `None` when its `p` reaches 2^31 (a bound above
    /// about 1.5 · 10^9: no search's costs would fit 64 bits in it).
    pub fn exact(bound: Cost) -> Option<Pricing> {
        let (mut p, mut q): (Cost, Cost) = (1, 1);
        while q <= bound {
            (p, q) = (p + 2 * q, p + q);
            if p >= 1 << 31 {
                return None;
            }
        }
        // p² − 2q² = ±1, so p · p ≡ ±1 (mod q): p is its own inverse, or q − p mod q is (in 64 bits, as
        // p < 2^31: no 128-bit division goes into the page's module).
        let square = p * p % q;
        let diagonal_inverse = match (q, square) {
            (1, _) => 0,
            (_, 1) => p % q,
            _ => q - p % q,
        };
        Some(Pricing {
            straight: q,
            diagonal: p,
            diagonal_inverse,
        })
    }

    /// What a step onto terrain of `units` units costs, orthogonally or diagonally.
    #[inline(always)]
    pub fn step(self, units: u16, diagonal: bool) -> Cost {
        units as Cost
            * if diagonal {
                self.diagonal
            } else {
                self.straight
            }
    }

    /// The units `(a, b)` of orthogonal and diagonal steps that make up `cost` under an exact pricing,
    /// when both are below `straight` (as they are for every cost the pricing was made for).
    pub fn split(self, cost: Cost) -> (Cost, Cost) {
        debug_assert!(
            self != Pricing::FIXED,
            "the fixed point cannot split a cost"
        );
        let q = self.straight;
        let b = cost % q * self.diagonal_inverse % q;
        let rest = cost - b * self.diagonal;
        debug_assert_eq!(rest % self.straight, 0, "{cost} is not a cost of {self:?}");
        (rest / self.straight, b)
    }

    /// `cost` (a cost of this pricing) in [`Pricing::FIXED`]: the same units priced at 65,536 and
    /// ⌈√2 · 65536⌉.
    pub fn to_fixed(self, cost: Cost) -> Cost {
        if self == Pricing::FIXED {
            return cost;
        }
        let (a, b) = self.split(cost);
        a * STRAIGHT_PER_TENTH + b * DIAGONAL_PER_TENTH
    }
}

impl Default for Pricing {
    /// The fixed point.
    fn default() -> Pricing {
        Pricing::FIXED
    }
}

/// The greatest common divisor (`gcd(a, 0) = a`).
pub fn gcd(mut a: Cost, mut b: Cost) -> Cost {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Orders the lengths `a₁ + b₁√2` and `a₂ + b₂√2` exactly (integer arithmetic only).
pub fn compare_exact(a1: u64, b1: u64, a2: u64, b2: u64) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    // Sign of (a1 − a2) − (b2 − b1)√2.
    let (da, db) = (a1 as i128 - a2 as i128, b2 as i128 - b1 as i128);
    match (da.signum(), db.signum()) {
        (0, 0) => Ordering::Equal,
        (s, t) if s >= 0 && t <= 0 => Ordering::Greater,
        (s, t) if s <= 0 && t >= 0 => Ordering::Less,
        // Both positive: da against db√2; both negative: the other way round.
        (1, _) => (da * da).cmp(&(2 * db * db)),
        _ => (2 * db * db).cmp(&(da * da)),
    }
}

/// The length `a + b√2` tenths as a plain number of steps, correctly rounded but for the last bit or so.
pub fn exact_length(a_tenths: u64, b_tenths: u64) -> f64 {
    (a_tenths as f64 + b_tenths as f64 * std::f64::consts::SQRT_2) / 10.0
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

    /// Every pair of costs with units up to `m`, priced exactly for `m`, compares as their lengths do.
    #[test]
    fn an_exact_pricing_orders_every_pair_of_small_costs_as_their_lengths() {
        use std::cmp::Ordering;
        let mut checked = 0u64;
        for m in [1u64, 2, 3, 5, 12, 29, 40, 70] {
            let pricing = Pricing::exact(m).expect("a small bound");
            assert!(pricing.straight > m);
            for (a1, b1, a2, b2) in (0..=m).flat_map(|a1| {
                (0..=m).flat_map(move |b1| {
                    (0..=m).flat_map(move |a2| (0..=m).map(move |b2| (a1, b1, a2, b2)))
                })
            }) {
                let priced = |a: u64, b: u64| a * pricing.straight + b * pricing.diagonal;
                let exact = compare_exact(a1, b1, a2, b2);
                assert_eq!(
                    priced(a1, b1).cmp(&priced(a2, b2)),
                    exact,
                    "m {m}: {a1} + {b1}√2 against {a2} + {b2}√2"
                );
                assert_eq!(pricing.split(priced(a1, b1)), (a1, b1));
                checked += 1;
            }
        }
        assert!(checked > 20_000_000, "{checked}");
        // The fixed point gets some of them wrong: 17 + 0√2 against 0 + 12√2 (16.97).
        let fixed = |a: u64, b: u64| a * STRAIGHT_PER_TENTH + b * DIAGONAL_PER_TENTH;
        assert_eq!(compare_exact(1970, 0, 0, 1393), Ordering::Greater);
        assert_eq!(fixed(1970, 0).cmp(&fixed(0, 1393)), Ordering::Less);
    }

    /// The costs hardest to order are the nearest misses of √2 (its convergents a/b: a − b√2 as small as
    /// integers that size allow). Up to 2^27 units, each of them and its neighbours compares right.
    #[test]
    fn an_exact_pricing_orders_the_nearest_misses_of_root_two() {
        let bound: u64 = 1 << 27;
        let pricing = Pricing::exact(bound).expect("2^27 fits");
        assert!(Pricing::exact(1 << 31).is_none());
        assert!(pricing.straight > bound && pricing.diagonal * bound < 1 << 57);
        let priced = |a: u64, b: u64| a * pricing.straight + b * pricing.diagonal;
        let (mut p, mut q) = (1u64, 1u64);
        let mut misses = 0;
        while p <= bound {
            // p − q√2 is ±1 / (p + q√2): compare p straight units with q diagonal ones, in both orders and
            // moved by one unit either way, with a common part added up to the bound.
            for (da, db) in [(0i64, 0i64), (1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (a, b) = ((p as i64 + da) as u64, (q as i64 + db) as u64);
                for base in [0, 1, bound - p - 1] {
                    let (a1, b1, a2, b2) = (a + base, base, base, b + base);
                    if a1.max(b1).max(a2).max(b2) > bound {
                        continue;
                    }
                    assert_eq!(
                        priced(a1, b1).cmp(&priced(a2, b2)),
                        compare_exact(a1, b1, a2, b2),
                        "{a1} + {b1}√2 against {a2} + {b2}√2"
                    );
                    assert_eq!(pricing.split(priced(a1, b1)), (a1, b1));
                    misses += 1;
                }
            }
            (p, q) = (p + 2 * q, p + q);
        }
        assert!(misses > 100, "{misses}");
    }

    #[test]
    fn exact_comparison_and_length() {
        use std::cmp::Ordering;
        assert_eq!(compare_exact(2, 1393, 1972, 0), Ordering::Less);
        assert_eq!(compare_exact(3, 0, 1, 1), Ordering::Greater);
        assert_eq!(compare_exact(0, 5, 7, 0), Ordering::Greater);
        assert_eq!(compare_exact(4, 4, 4, 4), Ordering::Equal);
        assert_eq!(compare_exact(0, 12, 17, 0), Ordering::Less);
        assert_eq!(exact_length(20, 10), 2.0 + std::f64::consts::SQRT_2);
        assert_eq!(Pricing::FIXED.to_fixed(12345), 12345);
        let pricing = Pricing::exact(1000).expect("a small bound");
        assert_eq!(
            pricing.to_fixed(3 * pricing.straight + 2 * pricing.diagonal),
            3 * STRAIGHT_PER_TENTH + 2 * DIAGONAL_PER_TENTH
        );
    }

    #[test]
    fn a_step_costs_its_tenths() {
        assert_eq!(step_cost(10, false), COST_SCALE);
        assert_eq!(step_cost(10, true), DIAGONAL_STEP);
        assert_eq!(to_f64(step_cost(7, false)), 0.7);
        assert!((to_f64(step_cost(7, true)) - 0.7 * std::f64::consts::SQRT_2).abs() < 1e-5);
    }
}
