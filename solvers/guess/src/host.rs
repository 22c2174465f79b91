//! The host's side: a secret, and the answer to each guess.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::digits::Digits;
use crate::matches::matches;

/// A number that does not have the game's number of digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{number} is not a {digits}-digit number ({} to {})", .digits.smallest(), .digits.largest())]
pub struct OutOfRange {
    /// The number given.
    pub number: u32,
    /// The number of digits of the game.
    pub digits: Digits,
}

/// The host of a game: it holds the secret and answers guesses with their number of matches.
///
/// ```
/// use solvebatch_guess::{Digits, Host};
///
/// let host = Host::new(Digits::FOUR, 5432).unwrap();
/// assert_eq!(host.answer(1234), Ok(1));
/// assert!(host.answer(123).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Host {
    digits: Digits,
    secret: u32,
}

impl Host {
    /// A host whose secret is `secret`.
    ///
    /// # Errors
    /// [`OutOfRange`] when `secret` does not have `digits` digits.
    pub fn new(digits: Digits, secret: u32) -> Result<Host, OutOfRange> {
        if digits.contains(secret) {
            Ok(Host { digits, secret })
        } else {
            Err(OutOfRange { number: secret, digits })
        }
    }

    /// A host whose secret is drawn uniformly from the range by ChaCha8 seeded with `seed`: the same
    /// seed gives the same secret on every platform.
    pub fn seeded(digits: Digits, seed: u64) -> Host {
        let secret = ChaCha8Rng::seed_from_u64(seed).random_range(digits.smallest()..=digits.largest());
        Host { digits, secret }
    }

    /// A host whose secret is drawn from the operating system's randomness (a new secret every game).
    pub fn random(digits: Digits) -> Host {
        Host { digits, secret: rand::rng().random_range(digits.smallest()..=digits.largest()) }
    }

    /// The number of digits.
    pub fn digits(&self) -> Digits {
        self.digits
    }

    /// The secret.
    pub fn secret(&self) -> u32 {
        self.secret
    }

    /// How many positions of `guess` hold the secret's digit.
    ///
    /// # Errors
    /// [`OutOfRange`] when `guess` does not have the game's number of digits.
    pub fn answer(&self, guess: u32) -> Result<u32, OutOfRange> {
        if self.digits.contains(guess) {
            Ok(matches(guess, self.secret))
        } else {
            Err(OutOfRange { number: guess, digits: self.digits })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_secrets_are_in_range_and_repeat() {
        for d in 2..=9 {
            let digits = Digits::new(d).unwrap();
            for seed in 0..20 {
                let host = Host::seeded(digits, seed);
                assert!(digits.contains(host.secret()));
                assert_eq!(host, Host::seeded(digits, seed));
            }
        }
        let secrets: std::collections::HashSet<u32> =
            (0..20).map(|seed| Host::seeded(Digits::FOUR, seed).secret()).collect();
        assert!(secrets.len() > 10, "different seeds give different secrets");
    }

    #[test]
    fn answers_and_refusals() {
        let host = Host::new(Digits::FOUR, 5432).unwrap();
        assert_eq!(host.answer(2345), Ok(0));
        assert_eq!(host.answer(5432), Ok(4));
        assert_eq!(
            host.answer(10_000).unwrap_err().to_string(),
            "10000 is not a 4-digit number (1000 to 9999)"
        );
        assert_eq!(
            Host::new(Digits::new(3).unwrap(), 99).unwrap_err().to_string(),
            "99 is not a 3-digit number (100 to 999)"
        );
    }
}
