//! Quoting input in messages: a piece of text short enough for one line of a message, however long
//! the line it comes from.

/// The most characters of an input quoted in a message.
pub(crate) const QUOTE_LIMIT: usize = 60;

/// `text` for a message: whole when it has at most [`QUOTE_LIMIT`] characters, else its first
/// [`QUOTE_LIMIT`] characters and `…`.
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_60_characters_and_marks_the_cut() {
        assert_eq!(quote(""), "");
        assert_eq!(quote(&"a".repeat(60)), "a".repeat(60));
        assert_eq!(quote(&"a".repeat(61)), format!("{}…", "a".repeat(60)));
        // Characters, not bytes: a cut never splits one.
        assert_eq!(quote(&"é".repeat(100)), format!("{}…", "é".repeat(60)));
    }
}
