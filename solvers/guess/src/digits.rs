//! The number of digits of a game and the range of numbers it implies.

use std::fmt;

use serde::Serialize;

/// The number of digits `d` of the secret and of every guess, from 2 to 9. The numbers of the game are
/// `10^(d-1) ..= 10^d - 1` (no leading zero): `9 * 10^(d-1)` of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Digits(u32);

/// A number of digits outside `2..=9`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the number of digits must be from 2 to 9, not {0}")]
pub struct DigitsError(pub u32);

impl Digits {
    /// The fewest digits supported.
    pub const MIN: u32 = 2;
    /// The most digits supported (the largest number, 999 999 999, fits in a `u32`).
    pub const MAX: u32 = 9;
    /// The game of the specification: 4 digits, `1000..=9999`.
    pub const FOUR: Digits = Digits(4);

    /// `d` digits.
    ///
    /// # Errors
    /// [`DigitsError`] when `d` is outside `2..=9`.
    pub fn new(d: u32) -> Result<Digits, DigitsError> {
        if (Digits::MIN..=Digits::MAX).contains(&d) {
            Ok(Digits(d))
        } else {
            Err(DigitsError(d))
        }
    }

    /// The number of digits, `2..=9`.
    pub fn get(self) -> u32 {
        self.0
    }

    /// The smallest number of the range, `10^(d-1)`.
    pub fn smallest(self) -> u32 {
        10u32.pow(self.0 - 1)
    }

    /// The largest number of the range, `10^d - 1`.
    pub fn largest(self) -> u32 {
        // 10^9 fits in a u32; 10^10 would not, so compute from the smallest.
        self.smallest() * 10 - 1
    }

    /// How many numbers the range holds, `9 * 10^(d-1)`.
    pub fn range_len(self) -> usize {
        9 * self.smallest() as usize
    }

    /// Whether `n` has exactly `d` digits (no leading zero).
    pub fn contains(self, n: u32) -> bool {
        (self.smallest()..=self.largest()).contains(&n)
    }
}

impl Default for Digits {
    fn default() -> Digits {
        Digits::FOUR
    }
}

impl fmt::Display for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_digits_span_1000_to_9999() {
        let digits = Digits::new(4).unwrap();
        assert_eq!((digits.smallest(), digits.largest(), digits.range_len()), (1000, 9999, 9000));
        assert!(digits.contains(1000) && digits.contains(9999));
        assert!(!digits.contains(999) && !digits.contains(10000));
    }

    #[test]
    fn nine_digits_fit_in_u32() {
        let digits = Digits::new(9).unwrap();
        assert_eq!(
            (digits.smallest(), digits.largest(), digits.range_len()),
            (100_000_000, 999_999_999, 900_000_000)
        );
        assert_eq!(Digits::new(2).unwrap().range_len(), 90);
    }

    #[test]
    fn out_of_range_digit_counts_are_refused() {
        assert_eq!(Digits::new(1), Err(DigitsError(1)));
        assert_eq!(
            Digits::new(10).unwrap_err().to_string(),
            "the number of digits must be from 2 to 9, not 10"
        );
    }
}
