//! `run --github`: GitHub Actions workflow commands, one `::error` line per failing file on standard
//! error, and the Markdown report appended to the job summary (`$GITHUB_STEP_SUMMARY`).

use std::io::Write;

use anyhow::Context;

use crate::report::exporter::Batch;
use crate::report::record::Record;

/// The `::error` line of each record that is not as expected (`strict`: only `same` passes), with the
/// escaping the Actions documentation gives for workflow commands.
pub fn annotations(records: &[Record], strict: bool) -> Vec<String> {
    records
        .iter()
        .filter(|record| !record.passes(strict))
        .map(|record| {
            let (title, message) = match (&record.message, record.verdict) {
                (Some(message), _) => (record.status.name(), message.clone()),
                (None, Some(verdict)) => {
                    let verdict =
                        if verdict == solvebatch_core::Verdict::Valid { "valid" } else { "differs" };
                    (verdict, format!("the output {verdict} from its reference"))
                }
                (None, None) => (record.status.name(), format!("{}: no reference", record.status.name())),
            };
            format!(
                "::error file={},title={}::{}",
                escape_property(&record.file),
                escape_property(&format!("solvebatch: {title}")),
                escape_data(&message)
            )
        })
        .collect()
}

/// A command's message: `%`, CR and LF escaped.
fn escape_data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// A command's property value: as a message, and `:` and `,` too.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// Prints the annotations on standard error, and appends the Markdown report to the file
/// `$GITHUB_STEP_SUMMARY` names (created when missing, never replaced), when it names one.
///
/// # Errors
/// The job summary file cannot be written.
pub fn report(records: &[Record], strict: bool, batch: &Batch) -> anyhow::Result<()> {
    for line in annotations(records, strict) {
        eprintln!("{line}");
    }
    let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY").filter(|path| !path.is_empty()) else {
        return Ok(());
    };
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(&path)
        .with_context(|| format!("$GITHUB_STEP_SUMMARY {}: cannot open", path.to_string_lossy()))?;
    file.write_all(format!("{}\n", super::markdown::text(batch)).as_bytes())
        .with_context(|| format!("$GITHUB_STEP_SUMMARY {}: cannot write", path.to_string_lossy()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_and_properties_are_escaped_as_the_documentation_says() {
        assert_eq!(escape_data("100% a\r\nb: c, d"), "100%25 a%0D%0Ab: c, d");
        assert_eq!(escape_property("100% a\nb: c, d"), "100%25 a%0Ab%3A c%2C d");
    }
}
