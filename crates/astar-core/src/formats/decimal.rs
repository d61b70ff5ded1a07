//! Reading the decimal numbers of benchmark files (a scenario's optimal length, `1234.56789012`)
//! without the standard library's float parser.
//!
//! `str::parse::<f64>` is exact for every input, and for that it carries about 15 KB of code and
//! tables into the wasm module (the Eisel-Lemire power-of-five table alone is 10 KB, and gzip cannot
//! shrink it). The page only ever reads plain decimals, and the only use of the value is a comparison
//! with a tolerance of at least half a unit of the last decimal (`movingai::matches_optimal`), so the wasm build reads
//! scenario lengths with this one (native builds keep the standard reader, which round-trips every
//! value exactly; `movingai::read_decimal`). This reader:
//!
//! - accepts `digits[.digits]` (at least one digit; no sign, exponent, `inf` or `nan`);
//! - is exact (the nearest `f64`, as `str::parse` gives) when the digits without the point form a
//!   number below 2^53 and there are at most 22 of them after the point: the integer and the power of
//!   ten are then both exact `f64`s, and one correctly rounded division gives the nearest value
//!   (Clinger's fast path). Every Moving AI scenario file is in this case (8 decimals, lengths below
//!   10^7);
//! - otherwise keeps the first 19 significant digits and is within a few units in the last place,
//!   far inside the tolerance it is used with.

/// The decimal `text` as an `f64`, or `None` when it is not `digits[.digits]`.
pub fn parse(text: &str) -> Option<f64> {
    let (whole, fraction) = match text.split_once('.') {
        Some((whole, fraction)) => (whole, fraction),
        None => (text, ""),
    };
    let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    // The significant digits as an integer (the first 19 at most: a u64 holds any 19 digits), and the
    // power of ten that scales it back.
    let mut mantissa: u64 = 0;
    let mut kept = 0u32;
    let mut scale: i32 = 0;
    for (position, digit) in whole.bytes().chain(fraction.bytes()).enumerate() {
        let in_fraction = position >= whole.len();
        if kept < 19 {
            mantissa = mantissa * 10 + u64::from(digit - b'0');
            if mantissa > 0 {
                kept += 1;
            }
            if in_fraction {
                scale -= 1;
            }
        } else if !in_fraction {
            scale += 1; // a dropped digit before the point still counts a power of ten
        }
    }
    const EXACT_INTEGER: u64 = 1 << 53;
    let value = if mantissa < EXACT_INTEGER && (-22..=0).contains(&scale) {
        mantissa as f64 / POWERS_OF_TEN[(-scale) as usize]
    } else {
        mantissa as f64 * 10f64.powi(scale)
    };
    value.is_finite().then_some(value)
}

/// 10^0 to 10^22: every one is an exact `f64`.
const POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

#[cfg(test)]
mod tests {
    use super::parse;
    use crate::rng::Rng;

    #[test]
    fn reads_plain_decimals_as_the_standard_parser_does() {
        for text in [
            "0",
            "7",
            "1.5",
            "0.25",
            "12.",
            ".5",
            "1234.56789012",
            "000.100",
            "9007199254740991",
        ] {
            assert_eq!(parse(text), text.parse::<f64>().ok(), "{text}");
        }
    }

    #[test]
    fn refuses_everything_else() {
        for text in [
            "", ".", "-1", "+1", "1e3", "inf", "NaN", "1.2.3", " 1", "1 ", "١",
        ] {
            assert_eq!(parse(text), None, "{text:?}");
        }
    }

    #[test]
    fn is_exact_on_random_benchmark_like_lengths() {
        // Scenario lengths are written with up to 8 decimals and are below 10^7 (a 4096-cell side).
        let mut rng = Rng::new(7);
        for _ in 0..200_000 {
            let whole = rng.next_u64() % 10_000_000;
            let decimals = (rng.next_u64() % 9) as usize;
            let fraction = rng.next_u64() % 10u64.pow(decimals as u32);
            let text = if decimals == 0 {
                whole.to_string()
            } else {
                format!("{whole}.{fraction:0decimals$}")
            };
            assert_eq!(parse(&text), text.parse::<f64>().ok(), "{text}");
        }
    }

    #[test]
    fn is_close_on_long_inputs() {
        let mut rng = Rng::new(11);
        for _ in 0..20_000 {
            let digits: String = (0..30)
                .map(|_| char::from(b'0' + (rng.next_u64() % 10) as u8))
                .collect();
            let point = (rng.next_u64() % 31) as usize;
            let text = format!("{}.{}", &digits[..point], &digits[point..]);
            let exact: f64 = text.parse().unwrap();
            let ours = parse(&text).unwrap();
            assert!(
                (ours - exact).abs() <= exact.abs() * 1e-15,
                "{text}: {ours} vs {exact}"
            );
        }
    }
}
