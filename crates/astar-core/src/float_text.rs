//! Writes an `f64` in decimal for messages, without the standard library's float formatting.
//!
//! `{}` on an `f64` links the standard library's shortest-digits algorithms (Grisu with a Dragon4
//! fallback and their tables) into the wasm module: about 19 KB of code before gzip, for a handful of
//! error messages ("heuristic weight 12.5 is not allowed"). [`FloatText`] writes the same text as `{}`
//! for every number a message here can hold:
//! - whole numbers below 2^53 (every count, seed and cost here);
//! - other numbers with at most 17 decimals whose digits fit in 2^53 (every weight, share and
//!   length a person types): the fewest decimals that read back as the same `f64`, as `{}` does;
//! - anything else (larger whole numbers, very small or long fractions): the exact decimal value of
//!   the `f64`, which reads back as the same number but may have more digits than `{}` prints
//!   (`{}` writes 1e300 as a 1 and 300 zeros; this writes the double's exact value).
//!
//! `NaN`, `inf` and `-inf` are written as `{}` writes them. Native builds use it too, so the CLI and
//! the page say the same words.

use std::fmt;

/// An `f64` shown in decimal (see the module doc).
#[derive(Clone, Copy)]
pub struct FloatText(pub f64);

/// 2^53: integers below it are exact in an `f64`.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0;

impl fmt::Display for FloatText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.0;
        if x.is_nan() {
            return f.write_str("NaN");
        }
        if x.is_sign_negative() {
            f.write_str("-")?;
        }
        let a = x.abs();
        if a.is_infinite() {
            return f.write_str("inf");
        }
        if a == 0.0 {
            return f.write_str("0");
        }
        if a.fract() == 0.0 {
            return f.write_str(&exact_digits(a).0);
        }
        let mut scale = 1.0;
        for decimals in 1..=17 {
            scale *= 10.0; // exact: every power of ten up to 10^22 is an f64
            let nearest = (a * scale).round();
            for k in [nearest, nearest - 1.0, nearest + 1.0] {
                if (0.0..EXACT_INTEGERS).contains(&k) && k / scale == a {
                    return write_fixed(f, &format!("{}", k as u64), decimals);
                }
            }
        }
        let (digits, decimals) = exact_digits(a);
        write_fixed(f, &digits, decimals)
    }
}

/// Writes `digits` with a decimal point `decimals` places from the right, padding with zeros.
fn write_fixed(f: &mut fmt::Formatter<'_>, digits: &str, decimals: usize) -> fmt::Result {
    let padded = format!("{digits:0>width$}", width = decimals + 1);
    let (whole, fraction) = padded.split_at(padded.len() - decimals);
    write!(f, "{whole}.{fraction}")
}

/// The exact decimal value of a finite, non-negative `a`: its digits and how many of them follow the
/// decimal point. An `f64` is `m × 2^e`; for `e < 0` that is `m × 5^-e / 10^-e`.
fn exact_digits(a: f64) -> (String, usize) {
    let bits = a.to_bits();
    let exponent_bits = ((bits >> 52) & 0x7ff) as i32;
    let fraction_bits = bits & ((1 << 52) - 1);
    let (mantissa, exponent) = match exponent_bits {
        0 => (fraction_bits, -1074),
        _ => (fraction_bits | (1 << 52), exponent_bits - 1075),
    };
    // Little-endian limbs of nine decimal digits each.
    let mut limbs = vec![
        (mantissa % 1_000_000_000) as u32,
        (mantissa / 1_000_000_000 % 1_000_000_000) as u32,
        (mantissa / 1_000_000_000_000_000_000) as u32,
    ];
    let (factor, times) = match exponent {
        e if e >= 0 => (2, e as usize),
        e => (5, (-e) as usize),
    };
    for _ in 0..times {
        let mut carry = 0u64;
        for limb in &mut limbs {
            let v = u64::from(*limb) * factor + carry;
            *limb = (v % 1_000_000_000) as u32;
            carry = v / 1_000_000_000;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
    }
    while limbs.len() > 1 && limbs.last() == Some(&0) {
        limbs.pop();
    }
    let mut digits = limbs.last().map_or(String::new(), u32::to_string);
    for limb in limbs.iter().rev().skip(1) {
        digits.push_str(&format!("{limb:09}"));
    }
    let decimals = if exponent < 0 {
        (-exponent) as usize
    } else {
        0
    };
    // Trailing zeros after the point say nothing.
    let mut decimals = decimals;
    while decimals > 0 && digits.ends_with('0') {
        digits.pop();
        decimals -= 1;
    }
    (digits, decimals)
}

#[cfg(test)]
mod tests {
    use super::FloatText;
    use crate::rng::Rng;

    fn same_as_std(x: f64) {
        assert_eq!(FloatText(x).to_string(), format!("{x}"), "{x:e}");
    }

    #[test]
    fn whole_numbers_are_written_as_std_writes_them_below_2_to_53_and_exactly_above() {
        for x in [
            0.0,
            -0.0,
            1.0,
            10.0,
            255.0,
            9_007_199_254_740_991.0,
            -9_007_199_254_740_992.0,
        ] {
            same_as_std(x);
        }
        for x in [1e21, 1e300, f64::MAX, -4e19, 1_152_921_504_606_846_976.0] {
            let text = FloatText(x).to_string();
            assert!(!text.contains('.'), "{text}");
            assert_eq!(text.parse::<f64>().unwrap(), x, "{text}");
        }
        assert_eq!(
            FloatText(1_152_921_504_606_846_976.0).to_string(),
            "1152921504606846976"
        );
    }

    #[test]
    fn short_fractions_are_written_as_std_writes_them() {
        for x in [
            0.5,
            1.5,
            10.001,
            1.0 / 3.0,
            2.5e-9,
            123.456,
            0.35,
            1e-17,
            7.25e-8,
            62.1543,
        ] {
            same_as_std(x);
        }
        let mut rng = Rng::new(7);
        for _ in 0..20_000 {
            // Weights, shares and lengths as people and links write them.
            let milli = (rng.next_u64() % 20_000_001) as f64 / 1000.0;
            same_as_std(milli);
            let share = (rng.next_u64() % 1_000_001) as f64 / 1_000_000.0;
            same_as_std(share);
            // Up to 15 significant digits, any scale.
            let digits = (rng.next_u64() % 1_000_000_000_000_000) as f64;
            same_as_std(digits / 10f64.powi(rng.below(17) as i32 + 1));
        }
    }

    #[test]
    fn special_values_read_as_std_writes_them() {
        for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            same_as_std(x);
        }
    }

    #[test]
    fn long_fractions_are_exact_and_read_back() {
        for x in [
            0.1 + 0.2,
            f64::MIN_POSITIVE,
            5e-324,
            1.234_567_890_123_456_7e-5,
            123_456.789_012_345_67,
        ] {
            let text = FloatText(x).to_string();
            assert_eq!(text.parse::<f64>().unwrap(), x, "{text}");
        }
        // 5e-324 = 2^-1074: 1074 decimals, exactly.
        assert_eq!(FloatText(5e-324).to_string().len(), "0.".len() + 1074);
    }
}
