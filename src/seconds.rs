//! A number of seconds as text, shared by the command line's time options (`--timeout`,
//! `--header-timeout`, ...) and the web API's `timeout` parameter, so that both refuse a value in
//! the same words.

use std::time::Duration;

/// The longest time limit taken, in seconds (about 31 years): a deadline is the clock's time now
/// plus the limit, and the clock cannot hold a time much further off (`1e19` seconds overflowed it).
pub const MAX_SECONDS: u64 = 1_000_000_000;

/// Parses a positive number of seconds such as `2` or `0.5`, at most [`MAX_SECONDS`].
///
/// # Errors
/// `` `x` is not a number of seconds ``, `the time limit must be positive, not 0` (0, a negative
/// number or NaN), `1e30 seconds is too long a time limit (at most 1000000000 seconds, about 31
/// years)`.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!("the time limit must be positive, not {text}"));
    }
    if seconds > MAX_SECONDS as f64 {
        return Err(format!(
            "{text} seconds is too long a time limit (at most {MAX_SECONDS} seconds, about 31 years)"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_must_be_a_positive_representable_number() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_seconds("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_seconds("x"), Err("`x` is not a number of seconds".to_string()));
        assert_eq!(parse_seconds("0"), Err("the time limit must be positive, not 0".to_string()));
        assert_eq!(parse_seconds("nan"), Err("the time limit must be positive, not nan".to_string()));
        let too_long = |text: &str| {
            Err(format!(
                "{text} seconds is too long a time limit (at most 1000000000 seconds, about 31 years)"
            ))
        };
        assert_eq!(parse_seconds("1e30"), too_long("1e30"));
        assert_eq!(parse_seconds("inf"), too_long("inf"));
        assert_eq!(parse_seconds("1e19"), too_long("1e19"));
        assert_eq!(parse_seconds("1000000000.5"), too_long("1000000000.5"));
        assert_eq!(parse_seconds("1000000000"), Ok(Duration::from_secs(1_000_000_000)));
    }
}
