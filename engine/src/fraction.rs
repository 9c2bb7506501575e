//! Exact fractions for chance nodes: a probability and an expected value are kept as a
//! numerator over a denominator, so that `chance[1/3: 3, 2/3: 6]` is worth exactly 5 and
//! values compare without rounding. The textbooks' trees are small, so `i128` is enough when
//! the parser bounds the denominators ([`MAX_DENOMINATOR`]); every operation is checked and
//! says `None` rather than wrap.

use std::cmp::Ordering;
use std::fmt;

/// The largest denominator a tree's values may need: with leaves within ±10⁹, a numerator stays
/// within ±10³⁶, well inside `i128`, whichever sums and comparisons a search makes.
pub const MAX_DENOMINATOR: i128 = 1_000_000_000_000_000_000_000_000;

/// A fraction in lowest terms with a positive denominator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fraction {
    numerator: i128,
    denominator: i128,
}

pub(crate) fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The least common multiple, `None` past `i128`.
pub(crate) fn lcm(a: i128, b: i128) -> Option<i128> {
    (a / gcd(a, b)).checked_mul(b)
}

impl Fraction {
    pub const ZERO: Fraction = Fraction {
        numerator: 0,
        denominator: 1,
    };
    pub const ONE: Fraction = Fraction {
        numerator: 1,
        denominator: 1,
    };

    /// `numerator / denominator` in lowest terms; `None` for a zero denominator.
    pub fn new(numerator: i128, denominator: i128) -> Option<Fraction> {
        if denominator == 0 {
            return None;
        }
        let divisor = gcd(numerator, denominator).max(1);
        let sign = denominator.signum();
        Some(Fraction {
            numerator: sign * numerator / divisor,
            denominator: sign * denominator / divisor,
        })
    }

    pub fn whole(value: i64) -> Fraction {
        Fraction {
            numerator: value.into(),
            denominator: 1,
        }
    }

    pub fn numerator(self) -> i128 {
        self.numerator
    }

    pub fn denominator(self) -> i128 {
        self.denominator
    }

    /// The sum, `None` past `i128`. The two are brought to their least common denominator, not
    /// the product of both, so that sums of a tree's values stay within its bound.
    pub fn checked_add(self, other: Fraction) -> Option<Fraction> {
        let common = lcm(self.denominator, other.denominator)?;
        let left = self.numerator.checked_mul(common / self.denominator)?;
        let right = other.numerator.checked_mul(common / other.denominator)?;
        Fraction::new(left.checked_add(right)?, common)
    }

    /// The product, `None` past `i128`; crossed factors are cancelled first.
    pub fn checked_mul(self, other: Fraction) -> Option<Fraction> {
        let a = gcd(self.numerator, other.denominator).max(1);
        let b = gcd(other.numerator, self.denominator).max(1);
        let numerator = (self.numerator / a).checked_mul(other.numerator / b)?;
        let denominator = (self.denominator / b).checked_mul(other.denominator / a)?;
        Fraction::new(numerator, denominator)
    }

    /// The nearest `f64`, for plotting and JSON numbers.
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    /// Whether the decimal expansion ends (the denominator has no prime factor but 2 and 5).
    pub fn is_decimal(self) -> bool {
        let mut d = self.denominator;
        while d % 2 == 0 {
            d /= 2;
        }
        while d % 5 == 0 {
            d /= 5;
        }
        d == 1
    }

    /// The value written with at most `places` decimal places: exactly when it has no more
    /// (`7.5`, `-3`, `3.125`), else rounded half away from zero and marked with `≈`
    /// (`≈0.3333`). Trailing zeros are dropped.
    pub fn decimal(self, places: u32) -> String {
        let scale = 10i128.pow(places);
        let scaled = self.numerator.abs() * scale;
        let whole_units = scaled / self.denominator;
        let rest = scaled % self.denominator;
        let exact = rest == 0;
        let rounded = if rest * 2 >= self.denominator {
            whole_units + 1
        } else {
            whole_units
        };
        let negative = self.numerator < 0 && rounded != 0;
        let integer = rounded / scale;
        let mut fraction = format!("{:0width$}", rounded % scale, width = places as usize);
        while fraction.ends_with('0') {
            fraction.pop();
        }
        let mut text = String::new();
        if !exact {
            text.push('≈');
        }
        if negative {
            text.push('-');
        }
        text.push_str(&integer.to_string());
        if !fraction.is_empty() {
            text.push('.');
            text.push_str(&fraction);
        }
        text
    }
}

impl Ord for Fraction {
    /// Compared over the least common denominator; a tree's values share one within
    /// [`MAX_DENOMINATOR`], so the products stay well inside `i128`. Past that the comparison
    /// falls back to `f64` rather than overflow.
    fn cmp(&self, other: &Fraction) -> Ordering {
        let exact = lcm(self.denominator, other.denominator).and_then(|common| {
            let left = self.numerator.checked_mul(common / self.denominator)?;
            let right = other.numerator.checked_mul(common / other.denominator)?;
            Some(left.cmp(&right))
        });
        exact.unwrap_or_else(|| self.to_f64().total_cmp(&other.to_f64()))
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Fraction) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Fraction {
    /// `15/2`, or `7` for a whole number: the exact value, as the notation reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == 1 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(n: i128, d: i128) -> Fraction {
        Fraction::new(n, d).unwrap()
    }

    #[test]
    fn fractions_reduce_add_multiply_and_compare_exactly() {
        assert_eq!(f(6, -4), f(-3, 2));
        assert_eq!(f(1, 3).checked_add(f(1, 6)), Some(f(1, 2)));
        assert_eq!(f(2, 3).checked_mul(f(9, 4)), Some(f(3, 2)));
        assert!(f(1, 3) < f(34, 100));
        assert!(f(-1, 2) < Fraction::ZERO);
        assert_eq!(Fraction::new(1, 0), None);
        assert_eq!(f(15, 2).to_string(), "15/2");
        assert_eq!(Fraction::whole(-4).to_string(), "-4");
    }

    #[test]
    fn decimals_are_exact_up_to_the_places_asked_and_marked_when_rounded() {
        assert_eq!(f(15, 2).decimal(4), "7.5");
        assert_eq!(f(25, 8).decimal(4), "3.125");
        assert_eq!(Fraction::whole(-3).decimal(4), "-3");
        assert_eq!(f(1, 3).decimal(4), "≈0.3333");
        assert_eq!(f(2, 3).decimal(4), "≈0.6667");
        assert_eq!(f(-1, 3).decimal(4), "≈-0.3333");
        assert_eq!(f(1, 32).decimal(4), "≈0.0313");
        assert_eq!(f(-1, 100_000).decimal(4), "≈0");
        assert!(f(1, 40).is_decimal() && !f(1, 3).is_decimal());
    }
}
