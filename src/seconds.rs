//! A number of seconds as text, shared by the command line's time options (`--timeout`,
//! `--header-timeout`, ...) and the web API's `timeout` parameter, so that both refuse a value in
//! the same words.

use std::time::Duration;

/// Parses a positive number of seconds such as `2` or `0.5`.
///
/// # Errors
/// `` `x` is not a number of seconds ``, `the time limit must be positive, not 0` (0, a negative
/// number or NaN), `1e30 seconds is too long a time limit` (no [`Duration`] holds it).
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!("the time limit must be positive, not {text}"));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("{text} seconds is too long a time limit"))
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
        assert_eq!(parse_seconds("1e30"), Err("1e30 seconds is too long a time limit".to_string()));
        assert_eq!(parse_seconds("inf"), Err("inf seconds is too long a time limit".to_string()));
    }
}
