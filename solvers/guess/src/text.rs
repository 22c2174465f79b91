//! Small helpers for reading and writing the game's text.

/// `text` as a whole number when it is made of ASCII digits only (no sign) and fits in a `u32`.
pub(crate) fn parse_whole_number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `singular` for 1, `plural` otherwise.
pub(crate) fn plural(count: usize, singular: &'static str, plural: &'static str) -> &'static str {
    if count == 1 {
        singular
    } else {
        plural
    }
}
