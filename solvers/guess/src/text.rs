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

/// The most characters of an input's text that an error message quotes.
const QUOTE_LIMIT: usize = 60;

/// `text` as an error message quotes it: its first 60 characters, with `…` after a longer text, so
/// that a megabyte field makes a short message.
pub(crate) fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// `count` and its noun, singular for 1: `1 guess`, `6 guesses`.
pub(crate) fn counted(count: usize, singular: &'static str, plural: &'static str) -> String {
    format!("{count} {}", self::plural(count, singular, plural))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_quoted_cut_to_60_characters() {
        assert_eq!(quoted("1234"), "1234");
        assert_eq!(quoted(&"é".repeat(60)), "é".repeat(60));
        assert_eq!(quoted(&"é".repeat(61)), format!("{}…", "é".repeat(60)));
    }
}
