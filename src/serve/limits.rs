//! The web app's limits, in one place: what a request may send and how long a solve may take.

use std::time::Duration;

use super::error::ApiError;

/// The most bytes a request body may hold (4 MiB); a larger one is answered 413.
pub const BODY_BYTES: usize = 4 << 20;

/// The time limit of a solve when the request names none.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest time limit a request may ask for; a batch shares it among all its files.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(60);

/// The most entries a `.zip` uploaded to the batch page may hold (folders included).
pub const ZIP_ENTRIES: usize = 1000;

/// The most bytes the entries of one `.zip` may unpack to, together (64 MiB).
pub const ZIP_BYTES: u64 = 64 << 20;

/// The most files one batch may solve.
pub const BATCH_FILES: usize = 1000;

/// The time limit asked for by a `timeout` parameter (seconds, such as `2` or `0.5`), or the default.
///
/// # Errors
/// 400 for a value that is not a positive number of seconds, or above [`MAX_TIMEOUT`].
pub fn timeout(asked: Option<&str>) -> Result<Duration, ApiError> {
    let Some(text) = asked else { return Ok(DEFAULT_TIMEOUT) };
    let limit = crate::cli::args::parse_seconds(text)
        .map_err(|message| ApiError::bad_request(format!("timeout: {message}")))?;
    if limit > MAX_TIMEOUT {
        return Err(ApiError::bad_request(format!(
            "timeout: {text} seconds is above the limit of {} seconds",
            MAX_TIMEOUT.as_secs()
        )));
    }
    Ok(limit)
}
