//! The words for a whole number out of its range, shared by the command line's numeric options
//! ([`crate::cli::values::whole`]) and the web API's numbers (`serve::whole`), so that both
//! refuse a value in the same plain words.

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The unsigned integer types of numeric options and API numbers, with their largest value.
pub trait Whole: FromStr + PartialOrd + Display + Copy + Send + Sync + 'static {
    /// The largest value of the type.
    const MAX: Self;
}

macro_rules! whole_types {
    ($($name:ty),*) => { $(impl Whole for $name { const MAX: Self = <$name>::MAX; })* };
}

whole_types!(u16, u32, u64, usize);

/// `text` read as a whole number of type `T` within `range`, which the messages call `noun` (with
/// its article: `a thread count`).
///
/// # Errors
/// In words, what was given and what is taken: `0 is not a thread count from 1 to 1024`, or for a
/// range up to the type's largest value `0 is not a number of rounds (at least 1)` and
/// `99999999999999999999 is not a seed (at most 18446744073709551615)` (a number out of the range,
/// however long or negative); `` `1.5` is not a thread count (a whole number from 1 to 1024) `` and
/// `an empty value is not a seed (a whole number, at least 0)` (anything else). Never the standard
/// library's words (`number too large to fit in target type`, `invalid digit found in string`) nor
/// clap's (`0 is not in 1..=1024`) nor serde's (`expected u64`).
pub fn read<T: Whole>(noun: &str, range: &RangeInclusive<T>, text: &str) -> Result<T, String> {
    let (lowest, highest) = (*range.start(), *range.end());
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        let shown = if text.is_empty() { "an empty value".to_string() } else { format!("`{text}`") };
        return Err(if highest == T::MAX {
            format!("{shown} is not {noun} (a whole number, at least {lowest})")
        } else {
            format!("{shown} is not {noun} (a whole number from {lowest} to {highest})")
        });
    }
    let value = text.parse::<T>().ok();
    if let Some(value) = value.filter(|value| range.contains(value)) {
        return Ok(value);
    }
    Err(if highest != T::MAX {
        format!("{text} is not {noun} from {lowest} to {highest}")
    } else if value.is_some() || text.starts_with('-') {
        format!("{text} is not {noun} (at least {lowest})")
    } else {
        format!("{text} is not {noun} (at most {highest})")
    })
}
