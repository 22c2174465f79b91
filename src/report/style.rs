//! How text reaches a terminal or a Markdown cell: colour choice, escapes, shortening and wrapping
//! to a width.

use std::io::IsTerminal;

use unicode_width::UnicodeWidthChar;

/// When to colour the terminal output (`--color`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour standard output.
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
                    && std::env::var_os("TERM").is_none_or(|term| term != "dumb")
            }
        }
    }
}

/// How the terminal output looks.
#[derive(Debug, Clone, Copy)]
pub struct Terminal {
    /// Print only the summary.
    pub quiet: bool,
    /// Colour verdicts and diffs.
    pub color: bool,
    /// Columns to fit the table in (`None`: no limit).
    pub width: Option<usize>,
}

impl Terminal {
    /// Settings for standard output: colour by `--color` (`auto` on a terminal without `NO_COLOR`
    /// and `TERM=dumb`), width from the terminal or `COLUMNS`.
    pub fn detect(quiet: bool, color: ColorChoice) -> Terminal {
        let width = terminal_size::terminal_size()
            .map(|(width, _)| usize::from(width.0))
            .filter(|_| std::io::stdout().is_terminal())
            .or_else(|| std::env::var("COLUMNS").ok().and_then(|columns| columns.parse().ok()));
        Terminal { quiet, color: color.enabled(), width }
    }
}

/// A duration given in milliseconds, in the unit that suits it: `12.3 µs`, `45.6 ms`, `7.89 s`.
pub fn duration(ms: f64) -> String {
    if ms < 1.0 {
        format!("{:.1} µs", ms * 1000.0)
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1000.0)
    }
}

/// `count` and the noun in the form that agrees with it: `1 timeout`, `6 timeouts`.
pub fn counted(count: usize, singular: &str, plural: &str) -> String {
    format!("{count} {}", if count == 1 { singular } else { plural })
}

/// `text` with control characters shown as escapes (`\n`, `\u{1b}`), so that a file name or a
/// message from an input cannot act on the terminal or split a row; with `markdown`, `|` becomes
/// `\|` too, so that it cannot end a cell.
pub fn escape_cell(text: &str, markdown: bool) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            shown.extend(c.escape_default());
        } else if markdown && c == '|' {
            shown.push_str("\\|");
        } else {
            shown.push(c);
        }
    }
    shown
}

/// `text` for a terminal line of standard error: each line's control characters shown as escapes
/// ([`escape_cell`]), the line breaks kept, so that bytes quoted from an input cannot act on the terminal.
pub fn terminal_text(text: &str) -> String {
    text.split('\n').map(|line| escape_cell(line, false)).collect::<Vec<_>>().join("\n")
}

/// The columns `text` takes on a terminal.
pub fn width(text: &str) -> usize {
    text.chars().map(|c| c.width().unwrap_or(0)).sum()
}

/// The columns the widest line of `text` takes (a table cell wrapped onto several lines).
pub fn widest_line(text: &str) -> usize {
    text.lines().map(width).max().unwrap_or(0)
}

/// `text` cut to at most `columns` columns, its end replaced by `…` when cut.
pub fn elide_end(text: &str, columns: usize) -> String {
    if width(text) <= columns {
        return text.to_string();
    }
    let mut kept = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > columns {
            break;
        }
        kept.push(c);
        used += w;
    }
    kept.push('…');
    kept
}

/// `text` cut to at most `columns` columns, its middle replaced by `…` when cut, so that both the
/// start and the file name of a path stay readable.
pub fn elide_middle(text: &str, columns: usize) -> String {
    if width(text) <= columns || columns < 3 {
        return elide_end(text, columns);
    }
    let tail_columns = (columns - 1) / 2 + (columns - 1) % 2;
    let head_columns = columns - 1 - tail_columns;
    let mut tail: Vec<char> = Vec::new();
    let mut used = 0;
    for c in text.chars().rev() {
        let w = c.width().unwrap_or(0);
        if used + w > tail_columns {
            break;
        }
        tail.push(c);
        used += w;
    }
    let mut shown = elide_end(text, head_columns + 1);
    shown.pop();
    shown.push('…');
    shown.extend(tail.iter().rev());
    shown
}

/// `text` wrapped to `columns` terminal columns at its spaces (so after a comma or a semicolon),
/// never inside a word (not at its hyphens either): a word wider than `columns` (a long path) stays whole on a line of its own,
/// as a terminal can still show it and a copied path still works. Lines after the first begin with
/// `indent`. Greedy (first fit): where a line breaks depends only on the words before it.
pub fn wrap_at_spaces(text: &str, columns: usize, indent: &str) -> Vec<String> {
    let options = textwrap::Options::new(columns)
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .subsequent_indent(indent);
    textwrap::wrap(text, options).into_iter().map(std::borrow::Cow::into_owned).collect()
}

/// `text` wrapped to exactly `columns` columns or fewer, for a line inside a table's borders: at
/// spaces and after each `/` (a folder's path breaks between its folders), and only a word wider
/// than `columns` with no `/` to break at is cut.
pub fn wrap_within(text: &str, columns: usize) -> Vec<String> {
    let options = textwrap::Options::new(columns.max(1))
        .word_separator(textwrap::WordSeparator::Custom(after_spaces_and_slashes))
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .break_words(true);
    textwrap::wrap(text, options).into_iter().map(std::borrow::Cow::into_owned).collect()
}

/// `text` wrapped to `columns` columns or fewer, for prose that names paths (a warning): first fit
/// at its spaces, so that a path that fits a line stays whole on one; a word wider than a line goes
/// on in parts that end after a `/` (a part with none wider than a line is cut, as in
/// [`wrap_within`]).
pub fn wrap_prose(text: &str, columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        let mut place = |piece: &str, glue: &str| {
            if line.is_empty() {
                line = piece.to_string();
            } else if width(&line) + width(glue) + width(piece) <= columns {
                line.push_str(glue);
                line.push_str(piece);
            } else {
                lines.push(std::mem::replace(&mut line, piece.to_string()));
            }
        };
        for word in paragraph.split(' ').filter(|word| !word.is_empty()) {
            if width(word) <= columns {
                place(word, " ");
                continue;
            }
            let parts = after_spaces_and_slashes(word).flat_map(|part| wrap_within(part.word, columns));
            for (index, part) in parts.enumerate() {
                place(&part, if index == 0 { " " } else { "" });
            }
        }
        lines.push(line);
    }
    lines
}

/// The words of `line` for [`wrap_within`]: each ends after a run of spaces, or after a `/` not
/// followed by a space.
fn after_spaces_and_slashes(line: &str) -> Box<dyn Iterator<Item = textwrap::core::Word<'_>> + '_> {
    let mut start = 0;
    let mut words = Vec::new();
    let bytes = line.as_bytes();
    for (index, &byte) in bytes.iter().enumerate() {
        let next = bytes.get(index + 1).copied();
        let ends = match byte {
            b' ' => next != Some(b' '),
            b'/' => next.is_some_and(|next| next != b' ' && next != b'/'),
            _ => false,
        };
        if ends {
            words.push(textwrap::core::Word::from(&line[start..=index]));
            start = index + 1;
        }
    }
    if start < line.len() {
        words.push(textwrap::core::Word::from(&line[start..]));
    }
    Box::new(words.into_iter())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_markdown_bars_are_escaped() {
        assert_eq!(escape_cell("a\u{1b}[31m|b\nc", false), "a\\u{1b}[31m|b\\nc");
        assert_eq!(escape_cell("a|b", true), "a\\|b");
    }

    #[test]
    fn terminal_text_escapes_control_characters_and_keeps_line_breaks() {
        assert_eq!(terminal_text("a\u{1b}[2J\u{7}b\nc\td"), "a\\u{1b}[2J\\u{7}b\nc\\td");
    }

    #[test]
    fn long_text_is_elided_to_the_width() {
        assert_eq!(elide_end("invalid: Line 0: bad", 10), "invalid: …");
        assert_eq!(elide_end("short", 10), "short");
        assert_eq!(elide_middle("datasets/tournament/generated/t-25.csv", 20), "datasets/…d/t-25.csv");
        assert_eq!(width(&elide_middle("datasets/tournament/generated/t-25.csv", 20)), 20);
        assert_eq!(elide_middle("a.csv", 20), "a.csv");
    }

    #[test]
    fn durations_choose_their_unit() {
        assert_eq!(duration(0.0123), "12.3 µs");
        assert_eq!(duration(45.61), "45.6 ms");
        assert_eq!(duration(7890.0), "7.89 s");
    }

    #[test]
    fn lines_wrap_at_spaces_and_a_path_too_wide_stays_whole() {
        assert_eq!(
            wrap_at_spaces("96 files: 64 solved, 24 invalid; references: 0 valid, 0 differ", 30, "  "),
            ["96 files: 64 solved, 24", "  invalid; references: 0", "  valid, 0 differ"]
        );
        assert_eq!(
            wrap_at_spaces("not as expected: /tmp/bad/a-very-long-name.csv, b.csv", 20, "  "),
            ["not as expected:", "  /tmp/bad/a-very-long-name.csv,", "  b.csv"]
        );
    }

    #[test]
    fn prose_keeps_a_path_whole_on_a_line_of_its_own_where_it_fits_one() {
        let warning = "warning: runs under 50 µs are too short; 3 file and solver pairs, the first \
                       datasets/tournament/generated/tournament-10-d3-s1-planted.csv, dlx-restarts";
        assert_eq!(
            wrap_prose(warning, 80),
            [
                "warning: runs under 50 µs are too short; 3 file and solver pairs, the first",
                "datasets/tournament/generated/tournament-10-d3-s1-planted.csv, dlx-restarts",
            ]
        );
        // Narrower than the path: it goes on after its folders, as in a table.
        assert_eq!(
            wrap_prose(warning, 40),
            [
                "warning: runs under 50 µs are too short;",
                "3 file and solver pairs, the first",
                "datasets/tournament/generated/",
                "tournament-10-d3-s1-planted.csv,",
                "dlx-restarts",
            ]
        );
        assert_eq!(
            wrap_prose("see /aaaa/bbbb/cccc/dddd.csv now", 12),
            ["see /aaaa/", "bbbb/cccc/", "dddd.csv now"]
        );
        assert_eq!(wrap_prose("a abcdefgh", 4), ["a", "abcd", "efgh"]);
    }

    #[test]
    fn lines_in_a_table_break_after_a_slash_before_inside_a_word() {
        assert_eq!(
            wrap_within("/tmp/long/a-long-folder/another-nested-folder/ — tournament", 30),
            ["/tmp/long/a-long-folder/", "another-nested-folder/ —", "tournament"]
        );
        // A word with no slash in it is cut only when wider than the line.
        assert_eq!(wrap_within("ab abcdefgh", 4), ["ab", "abcd", "efgh"]);
    }
}
