//! A whole number as a request sent it, read from JSON or a query string whatever its size or
//! sign, so that a number out of range is answered in the endpoint's words (naming the field and
//! its range) rather than in serde's (`expected u32`, `number too large to fit in target type`).

use std::fmt;
use std::ops::RangeInclusive;

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;

use crate::whole_number::Whole;

/// A number sent: its value when it is a whole number that fits a `u32`, and its text as sent.
#[derive(Debug, Clone, PartialEq)]
pub struct Sent {
    /// The value, when whole and within `0..=u32::MAX`.
    pub value: Option<u32>,
    /// The number as sent (a float in serde_json's shortest form, `1e20` for a large one).
    pub text: String,
}

impl Sent {
    /// The value when it lies in `min..=max`.
    ///
    /// # Errors
    /// `"NAME: TEXT is not a whole number from MIN to MAX"` otherwise.
    pub fn within(&self, name: &str, min: u32, max: u32) -> Result<u32, String> {
        self.value
            .filter(|value| (min..=max).contains(value))
            .ok_or_else(|| format!("{name}: {} is not a whole number from {min} to {max}", self.text))
    }
}

impl Sent {
    /// The value as a `T` in `range`, read from its text as the command line reads a numeric option
    /// ([`crate::whole_number::read`]).
    ///
    /// # Errors
    /// `"NAME: "` and the command line's words, as `seed: -1 is not a seed (at least 0)`.
    pub fn read<T: Whole>(&self, name: &str, noun: &str, range: RangeInclusive<T>) -> Result<T, String> {
        crate::whole_number::read(noun, &range, &self.text).map_err(|error| format!("{name}: {error}"))
    }
}

impl<'de> Deserialize<'de> for Sent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Sent, D::Error> {
        deserializer.deserialize_any(SentVisitor)
    }
}

struct SentVisitor;

impl Visitor<'_> for SentVisitor {
    type Value = Sent;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a whole number")
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Sent, E> {
        Ok(Sent { value: u32::try_from(value).ok(), text: value.to_string() })
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Sent, E> {
        Ok(Sent { value: u32::try_from(value).ok(), text: value.to_string() })
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Sent, E> {
        // serde_json reads an integer beyond u64 as a float: its digits are lost, its size is not.
        // A float keeps its point (`1000.0`), so that it is not read as a whole number.
        let text = if value.abs() >= 1e16 { format!("{value:e}") } else { format!("{value:?}") };
        Ok(Sent { value: None, text })
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Sent, E> {
        Ok(Sent { value: text.parse().ok(), text: text.to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Sent {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn numbers_out_of_range_are_named_with_the_range() {
        assert_eq!(read("4").within("digits", 2, 9), Ok(4));
        assert_eq!(read("\"7\"").within("digits", 2, 9), Ok(7));
        let refused = |json| read(json).within("digits", 2, 9).unwrap_err();
        assert_eq!(refused("99999999999999999999"), "digits: 1e20 is not a whole number from 2 to 9");
        assert_eq!(refused("-3"), "digits: -3 is not a whole number from 2 to 9");
        assert_eq!(refused("4.5"), "digits: 4.5 is not a whole number from 2 to 9");
        assert_eq!(refused("\"99999999999\""), "digits: 99999999999 is not a whole number from 2 to 9");
        assert_eq!(refused("1"), "digits: 1 is not a whole number from 2 to 9");
    }

    #[test]
    fn numbers_are_read_in_the_command_lines_words() {
        let seed = |json| read(json).read("seed", "a seed", 0..=u64::MAX);
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            seed("18446744073709551616"),
            Err("seed: `1.8446744073709552e19` is not a seed (a whole number, at least 0)".to_string())
        );
        assert_eq!(seed("\"18446744073709551615\""), Ok(u64::MAX));
        assert_eq!(seed("-1"), Err("seed: -1 is not a seed (at least 0)".to_string()));
        assert_eq!(
            seed("\"\""),
            Err("seed: an empty value is not a seed (a whole number, at least 0)".to_string())
        );
        // A float keeps its point, whole or not.
        assert_eq!(seed("1e3"), Err("seed: `1000.0` is not a seed (a whole number, at least 0)".to_string()));
        assert_eq!(seed("7"), Ok(7));
    }

    #[test]
    fn anything_but_a_number_or_text_is_refused_by_serde() {
        let error = serde_json::from_str::<Sent>("[1]").unwrap_err().to_string();
        assert_eq!(error, "invalid type: sequence, expected a whole number at line 1 column 1");
    }
}
