//! Usage errors (exit status 2) and the helpers that word them.

use std::fmt;

/// A mistake in how the command was called: reported with exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// A [`UsageError`] (exit status 2) saying `message`.
pub fn usage(message: String) -> anyhow::Error {
    UsageError(message).into()
}

/// `shard 3/4`, or `shards 2/4, 3/4` for several.
pub fn listed(noun: &str, items: &[String]) -> String {
    match items {
        [one] => format!("{noun} {one}"),
        _ => format!("{noun}s {}", items.join(", ")),
    }
}
