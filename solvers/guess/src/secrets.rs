//! Lists of secrets for the simulation: numbers separated by blanks or line ends, `#` comments.

use crate::batch::{parse_number, LineError};
use crate::digits::Digits;

/// The secrets listed in `text`, in the order written.
///
/// ```
/// use solvebatch_guess::{parse_secrets, Digits};
///
/// assert_eq!(parse_secrets("3242 1000\n# hard ones\n9876\n", Digits::FOUR), Ok(vec![3242, 1000, 9876]));
/// assert_eq!(parse_secrets("1000\n999\n", Digits::FOUR).unwrap_err().to_string(),
///            "line 2: 999 is not a 4-digit number (1000 to 9999)");
/// ```
///
/// # Errors
/// [`LineError`] for the first field that is not a `digits`-digit number.
pub fn parse_secrets(text: &str, digits: Digits) -> Result<Vec<u32>, LineError> {
    let mut secrets = Vec::new();
    for (index, line) in text.lines().enumerate() {
        for field in line.split('#').next().unwrap_or_default().split_whitespace() {
            secrets
                .push(parse_number(field, digits).map_err(|problem| LineError { line: index + 1, problem })?);
        }
    }
    Ok(secrets)
}
