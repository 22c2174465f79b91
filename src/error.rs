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

/// `error` and its causes ([`std::error::Error::source`]) joined by `: `, as anyhow's `{:#}` prints
/// them (`tournament: the input is invalid: line 2: ...`), for an error that is only borrowed.
pub fn with_causes(error: &(dyn std::error::Error + 'static)) -> String {
    let causes: Vec<String> =
        std::iter::successors(Some(error), |error| error.source()).map(ToString::to_string).collect();
    causes.join(": ")
}

/// `shard 3/4`, or `shards 2/4, 3/4` for several.
pub fn listed(noun: &str, items: &[String]) -> String {
    match items {
        [one] => format!("{noun} {one}"),
        _ => format!("{noun}s {}", items.join(", ")),
    }
}
