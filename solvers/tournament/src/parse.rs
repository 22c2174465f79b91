//! Reading the pairing file format, with the exact error texts of the specification.

use std::fmt;

use crate::instance::{Instance, Pairing};

/// The largest number of tables accepted, 2^62 (so that `2n` players fit in 63 bits).
const MAX_TABLES: i128 = 1 << 62;

/// Why a pairing file was rejected. Only the first error in file order is reported.
///
/// `Display` gives the exact message of the specification, with the line number where it has one
/// (physical lines, the first being line 0).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The file has no line 0.
    #[error("The file is empty.")]
    Empty,
    /// Line 0 is not an integer.
    #[error("Line 0: The number of tables is not an integer.")]
    TablesNotInteger,
    /// The number of tables is below 1.
    #[error("The number of tables must be positive.")]
    TablesNotPositive,
    /// The number of tables is above 2^62.
    #[error("Line 0: The number of tables is too large.")]
    TablesTooLarge,
    /// A pairing line does not have exactly three comma-separated fields.
    #[error("Line {line}: Expected 3 comma-separated values.")]
    FieldCount {
        /// The physical line, from 0.
        line: usize,
    },
    /// A field of a pairing line is not a decimal integer.
    #[error("Line {line}: The {field} is not an integer.")]
    NotInteger {
        /// The physical line, from 0.
        line: usize,
        /// Which field.
        field: Field,
    },
    /// A field is outside `0..2n` (players) or `0..n` (table), or overflows 64 bits.
    #[error("Line {line}: The {field} is outside the allowable range.")]
    OutOfRange {
        /// The physical line, from 0.
        line: usize,
        /// Which field.
        field: Field,
    },
    /// The first and second player are the same.
    #[error("Line {line}: The players are the same.")]
    SamePlayers {
        /// The physical line, from 0.
        line: usize,
    },
}

/// A field of a pairing line, named as in the error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The first field.
    FirstPlayer,
    /// The second field.
    SecondPlayer,
    /// The third field.
    Table,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::FirstPlayer => "first player",
            Field::SecondPlayer => "second player",
            Field::Table => "table",
        })
    }
}

/// Integers are read into `i128`, saturating beyond this magnitude: every value past 64 bits compares
/// as out of range without overflowing.
const SATURATION: i128 = 1 << 65;

/// Parses a pairing file.
///
/// Line 0 holds `n`; every later non-blank line `first,second,table`. White space around numbers
/// (spaces, tabs and carriage returns, as C#'s `int.Parse` accepts them), `\r\n` endings, a UTF-8
/// byte order mark and blank lines (empty or only white space) are accepted. Checks run in file order, and
/// within a line field by field (first player, second player, table: each "integer?" then "in range?"),
/// then the players-equal check.
///
/// # Errors
/// The first [`ParseError`] in file order.
pub fn parse(text: impl AsRef<[u8]>) -> Result<Instance, ParseError> {
    let bytes = text.as_ref();
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.is_empty() {
        return Err(ParseError::Empty);
    }
    let mut lines = bytes.split(|&b| b == b'\n').map(|line| line.strip_suffix(b"\r").unwrap_or(line));
    let tables = match lines.next().and_then(parse_integer) {
        None => return Err(ParseError::TablesNotInteger),
        Some(value) => value,
    };
    if tables < 1 {
        return Err(ParseError::TablesNotPositive);
    }
    if tables > MAX_TABLES {
        return Err(ParseError::TablesTooLarge);
    }
    let tables = tables as u64;
    let mut pairings = Vec::new();
    for (index, line) in lines.enumerate() {
        let line_number = index + 1;
        if trim(line).is_empty() {
            continue;
        }
        pairings.push(parse_pairing(line, line_number, tables)?);
    }
    Ok(Instance { tables, pairings })
}

fn parse_pairing(line: &[u8], line_number: usize, tables: u64) -> Result<Pairing, ParseError> {
    let mut fields = line.split(|&b| b == b',');
    let (Some(first), Some(second), Some(table), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err(ParseError::FieldCount { line: line_number });
    };
    let field = |text: &[u8], field: Field, limit: u64| -> Result<u64, ParseError> {
        match parse_integer(text) {
            None => Err(ParseError::NotInteger { line: line_number, field }),
            Some(value) if (0..i128::from(limit)).contains(&value) => Ok(value as u64),
            Some(_) => Err(ParseError::OutOfRange { line: line_number, field }),
        }
    };
    let players = 2 * tables;
    let first = field(first, Field::FirstPlayer, players)?;
    let second = field(second, Field::SecondPlayer, players)?;
    let table = field(table, Field::Table, tables)?;
    if first == second {
        return Err(ParseError::SamePlayers { line: line_number });
    }
    Ok(Pairing { first, second, table })
}

/// A decimal integer with an optional sign and surrounding white space, saturated at
/// ±[`SATURATION`]; `None` when the text is not one.
fn parse_integer(text: &[u8]) -> Option<i128> {
    let text = trim(text);
    let (sign, digits) = match text.split_first() {
        Some((b'-', rest)) => (-1, rest),
        Some((b'+', rest)) => (1, rest),
        _ => (1, text),
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let magnitude =
        digits.iter().fold(0i128, |value, &digit| (value * 10 + i128::from(digit - b'0')).min(SATURATION));
    Some(sign * magnitude)
}

/// The white space the specification accepts around a number: space, tab and carriage return.
fn is_white(byte: &u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

/// `text` without its leading and trailing white space.
fn trim(text: &[u8]) -> &[u8] {
    let start = text.iter().position(|b| !is_white(b)).unwrap_or(text.len());
    let end = text.iter().rposition(|b| !is_white(b)).map_or(start, |i| i + 1);
    &text[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::round::format;
    use crate::solver::{Limits, Solver};
    use crate::solvers::backtrack::Backtrack;

    fn error(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn spec_example_parses_in_file_order() {
        let instance = parse("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n").unwrap();
        assert_eq!(instance.tables, 3);
        let triples: Vec<_> = instance.pairings.iter().map(|p| (p.first, p.second, p.table)).collect();
        assert_eq!(triples, [(0, 1, 0), (1, 2, 0), (3, 4, 1), (5, 0, 2)]);
    }

    #[test]
    fn every_error_text_of_the_spec() {
        assert_eq!(error(""), "The file is empty.");
        assert_eq!(error("\u{feff}"), "The file is empty.");
        assert_eq!(error("three\n"), "Line 0: The number of tables is not an integer.");
        assert_eq!(error("\n3\n"), "Line 0: The number of tables is not an integer.");
        assert_eq!(error("3.0\n"), "Line 0: The number of tables is not an integer.");
        assert_eq!(error("0\n"), "The number of tables must be positive.");
        assert_eq!(error("-5\n"), "The number of tables must be positive.");
        assert_eq!(error("-99999999999999999999\n"), "The number of tables must be positive.");
        assert_eq!(error("4611686018427387905\n"), "Line 0: The number of tables is too large.");
        assert_eq!(error("99999999999999999999\n"), "Line 0: The number of tables is too large.");
        assert_eq!(error("3\n0,1\n"), "Line 1: Expected 3 comma-separated values.");
        assert_eq!(error("3\n0,1,0,0\n"), "Line 1: Expected 3 comma-separated values.");
        assert_eq!(error("3\n0 1 0\n"), "Line 1: Expected 3 comma-separated values.");
        assert_eq!(error("3\nx,1,0\n"), "Line 1: The first player is not an integer.");
        assert_eq!(error("3\n0,,0\n"), "Line 1: The second player is not an integer.");
        assert_eq!(error("3\n0,1,t\n"), "Line 1: The table is not an integer.");
        assert_eq!(error("3\n6,1,0\n"), "Line 1: The first player is outside the allowable range.");
        assert_eq!(error("3\n-1,1,0\n"), "Line 1: The first player is outside the allowable range.");
        assert_eq!(error("3\n0,6,0\n"), "Line 1: The second player is outside the allowable range.");
        assert_eq!(error("3\n0,1,3\n"), "Line 1: The table is outside the allowable range.");
        assert_eq!(
            error("3\n0,1,99999999999999999999\n"),
            "Line 1: The table is outside the allowable range."
        );
        assert_eq!(error("3\n2,2,0\n"), "Line 1: The players are the same.");
    }

    #[test]
    fn tabs_and_carriage_returns_surround_numbers() {
        let round = [Pairing { first: 0, second: 1, table: 0 }];
        assert_eq!(parse("1\n0\t,1,0\n").unwrap().pairings, round);
        assert_eq!(parse("1\n0,1,0\r\r\n").unwrap().pairings, round);
        assert_eq!(parse("\t1\r\r\n\r\t0 ,\t1\t,\r0").unwrap().pairings, round);
        let instance = parse("1\n0\t,1,0\n").unwrap();
        let solution = Backtrack.solve(&instance, &Limits::default()).unwrap();
        assert_eq!(format(&instance, solution.round.as_ref()), "Table 0: 0 vs. 1\n");
    }

    #[test]
    fn white_space_alone_is_a_blank_line_or_not_an_integer() {
        // A line of white space only is blank: skipped, yet counted.
        assert_eq!(error("3\n\t\r\n \t\n0,1\n"), "Line 3: Expected 3 comma-separated values.");
        assert_eq!(error("\t\r\n3\n"), "Line 0: The number of tables is not an integer.");
        assert_eq!(error("3\n\t,1,0\n"), "Line 1: The first player is not an integer.");
        assert_eq!(error("3\n0, \t\r,0\n"), "Line 1: The second player is not an integer.");
        assert_eq!(error("3\n0,1,\r\r\n"), "Line 1: The table is not an integer.");
        // White space inside a number, or other control characters around it, are still errors.
        assert_eq!(error("3\n0,1\t2,0\n"), "Line 1: The second player is not an integer.");
        assert_eq!(error("3\n- 1,1,0\n"), "Line 1: The first player is not an integer.");
        assert_eq!(error("3\n0,1,0\x0c\n"), "Line 1: The table is not an integer.");
    }

    #[test]
    fn largest_table_count_is_accepted() {
        assert_eq!(parse("4611686018427387904\n").unwrap().tables, 1 << 62);
        let instance = parse("4611686018427387904\n9223372036854775807,0,4611686018427387903\n").unwrap();
        assert_eq!(instance.pairings[0].first, (1 << 63) - 1);
    }

    #[test]
    fn first_error_in_file_order_wins() {
        // Line 1 has an out-of-range table, line 2 is not even three fields: line 1 is reported.
        assert_eq!(error("2\n0,1,9\n0\n"), "Line 1: The table is outside the allowable range.");
        // Within a line, fields are checked in order: the first player before the table.
        assert_eq!(error("2\n9,1,x\n"), "Line 1: The first player is outside the allowable range.");
        assert_eq!(error("2\n0,x,9\n"), "Line 1: The second player is not an integer.");
        // The players-equal check comes after every field check.
        assert_eq!(error("2\n1,1,5\n"), "Line 1: The table is outside the allowable range.");
    }

    #[test]
    fn blank_lines_count_in_line_numbers() {
        assert_eq!(error("3\n\n   \n0,1,0\n0,0,1\n"), "Line 4: The players are the same.");
        assert_eq!(error("3\r\n0,1,0\r\n\r\n0,1\r\n"), "Line 3: Expected 3 comma-separated values.");
    }

    #[test]
    fn spaces_signs_crlf_and_byte_order_mark_are_accepted() {
        let instance = parse("\u{feff} 2 \r\n +0 ,  1, 0\r\n\r\n3 , 2 ,+1").unwrap();
        assert_eq!(instance.tables, 2);
        assert_eq!(
            instance.pairings,
            [Pairing { first: 0, second: 1, table: 0 }, Pairing { first: 3, second: 2, table: 1 }]
        );
    }
}
