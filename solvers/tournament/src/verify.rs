//! Checking a printed result against its instance, independently of the solver that printed it.

use crate::instance::Instance;
use crate::round::{check_round, Round, NO_ROUND};

/// Why a printed result is not a correct answer for an instance.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OutputError {
    /// A line is not `Table i: j vs. k` with decimal numbers.
    #[error("output line {line} is not `Table i: j vs. k`")]
    Malformed {
        /// The line, from 1.
        line: usize,
    },
    /// The line names a pairing that is not in the instance.
    #[error("output line {line} is not a pairing of the input")]
    NoSuchPairing {
        /// The line, from 1.
        line: usize,
    },
    /// The tables are not printed once each in increasing order.
    #[error("output line {line} should be table {expected}")]
    TableOrder {
        /// The line, from 1.
        line: usize,
        /// The table that line should show.
        expected: usize,
    },
    /// The pairings do not make a round; the cause says why.
    #[error("not a round")]
    NotARound(#[from] crate::round::RoundError),
}

/// Reads a printed round back into pairing indices of `instance`: line `i` must be
/// `Table i: j vs. k` for a pairing `j,k,i` of the instance, for every table in increasing order.
/// Returns `Ok(None)` for the no-round line.
///
/// # Errors
/// The first [`OutputError`] in line order, or [`OutputError::NotARound`] when the pairings clash.
pub fn read_round(instance: &Instance, output: &str) -> Result<Option<Round>, OutputError> {
    if output == NO_ROUND {
        return Ok(None);
    }
    let mut pairing_at_table = Vec::new();
    for (index, line) in output.lines().enumerate() {
        let line_number = index + 1;
        let malformed = OutputError::Malformed { line: line_number };
        let (table, rest) =
            line.strip_prefix("Table ").and_then(|rest| rest.split_once(": ")).ok_or(malformed.clone())?;
        let (first, second) = rest.split_once(" vs. ").ok_or(malformed.clone())?;
        let number =
            |text: &str| text.parse::<u64>().ok().filter(|_| text.bytes().all(|b| b.is_ascii_digit()));
        let (Some(table), Some(first), Some(second)) = (number(table), number(first), number(second)) else {
            return Err(malformed);
        };
        if table != index as u64 {
            return Err(OutputError::TableOrder { line: line_number, expected: index });
        }
        let found =
            instance.pairings.iter().position(|p| p.table == table && p.first == first && p.second == second);
        pairing_at_table.push(found.ok_or(OutputError::NoSuchPairing { line: line_number })?);
    }
    if !output.ends_with('\n') {
        return Err(OutputError::Malformed { line: output.lines().count() });
    }
    let round = Round { pairing_at_table };
    check_round(instance, &round)?;
    Ok(Some(round))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    const EXAMPLE: &str = "3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n";

    fn read(output: &str) -> Result<Option<Round>, OutputError> {
        read_round(&parse(EXAMPLE).unwrap(), output)
    }

    #[test]
    fn the_spec_round_and_the_no_round_line_read_back() {
        let round = read("Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n").unwrap();
        assert_eq!(round, Some(Round { pairing_at_table: vec![1, 2, 3] }));
        assert_eq!(read("No tournament found.\n"), Ok(None));
    }

    /// The error and its cause, as a chain prints them.
    fn with_cause(error: OutputError) -> String {
        let cause = std::error::Error::source(&error).map(|cause| format!(": {cause}")).unwrap_or_default();
        format!("{error}{cause}")
    }

    #[test]
    fn each_kind_of_wrong_output_is_named() {
        assert_eq!(read("Table 0: 1 vs 2\n"), Err(OutputError::Malformed { line: 1 }));
        assert_eq!(read("Table 0: 1 vs. +2\n"), Err(OutputError::Malformed { line: 1 }));
        assert_eq!(read("Table 1: 3 vs. 4\n"), Err(OutputError::TableOrder { line: 1, expected: 0 }));
        assert_eq!(read("Table 0: 2 vs. 1\n"), Err(OutputError::NoSuchPairing { line: 1 }));
        assert_eq!(
            with_cause(read("Table 0: 0 vs. 1\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n").unwrap_err()),
            "not a round: player 0 plays twice"
        );
        assert_eq!(
            with_cause(read("Table 0: 1 vs. 2\nTable 1: 3 vs. 4\n").unwrap_err()),
            "not a round: the round has 2 tables, the instance 3"
        );
        assert_eq!(
            read("Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0"),
            Err(OutputError::Malformed { line: 3 })
        );
    }
}
