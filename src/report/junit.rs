//! `run --junit FILE`: JUnit XML as GitLab, Jenkins and CircleCI read it (the Jenkins `junit` schema):
//! one `<testsuite>` per family, one `<testcase>` per input, `<failure>` for a wrong output, `<error>`
//! for a file that could not be solved as expected, `<skipped>` for a file without a reference.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use quick_xml::escape::escape;

use crate::outcome::{Status, Verdict};
use crate::output::OutputFile;
use crate::report::record::Record;

/// What a test case holds besides its name: nothing when it passes.
enum Outcome<'a> {
    Passed,
    /// `<failure>`: the output is not the reference; the diff when there is one.
    Failure {
        message: String,
        text: Option<&'a str>,
    },
    /// `<error>`: failed, timed out, or invalid without a reference that expects it.
    Error {
        kind: &'static str,
        message: String,
    },
    /// `<skipped>`: solved, but without a reference to judge it.
    Skipped,
}

fn outcome<'a>(record: &Record, strict: bool, diff: Option<&'a str>) -> Outcome<'a> {
    let message = || record.message.clone().unwrap_or_else(|| record.status.name().to_string());
    match (record.status, record.verdict) {
        (Status::Failed | Status::Timeout, _) => {
            Outcome::Error { kind: record.status.name(), message: message() }
        }
        (_, Some(Verdict::Differs)) => {
            Outcome::Failure { message: "differs: the output is not its reference".to_string(), text: diff }
        }
        (_, Some(Verdict::Valid)) if strict => Outcome::Failure {
            message: "valid: another correct answer than its reference (--strict demands the same)"
                .to_string(),
            text: diff,
        },
        (_, Some(_)) => Outcome::Passed,
        (Status::Solved | Status::NoSolution, None) => Outcome::Skipped,
        (_, None) => Outcome::Error { kind: record.status.name(), message: message() },
    }
}

/// Writes the JUnit report of `records` ([`xml`]) to `file` and commits it.
///
/// # Errors
/// The report cannot be written.
pub fn write(
    mut file: OutputFile,
    records: &[Record],
    strict: bool,
    diffs: &[(String, String)],
    roots: &[PathBuf],
) -> anyhow::Result<()> {
    let text = xml(records, strict, diffs, roots);
    file.write_all(text.as_bytes()).with_context(|| format!("{}: cannot write", file.path().display()))?;
    file.commit()
}

/// The JUnit XML document of `records` (in path order): `diffs` are the unified diffs by file, put
/// in their `<failure>`s, `roots` the paths given (test case names are relative to them; none: the
/// names as recorded); times in seconds.
pub fn xml(records: &[Record], strict: bool, diffs: &[(String, String)], roots: &[PathBuf]) -> String {
    let diff_of: BTreeMap<&str, &str> =
        diffs.iter().map(|(file, diff)| (file.as_str(), diff.as_str())).collect();
    let mut suites: BTreeMap<&str, Vec<&Record>> = BTreeMap::new();
    for record in records {
        suites.entry(record.family.as_deref().unwrap_or("none")).or_default().push(record);
    }
    let mut body = String::new();
    let (mut tests, mut failures, mut errors, mut seconds) = (0, 0, 0, 0.0);
    for (family, records) in &suites {
        let mut cases = String::new();
        let (mut suite_failures, mut suite_errors, mut suite_skipped, mut suite_seconds) = (0, 0, 0, 0.0);
        for record in records {
            let time = record.ms / 1000.0;
            suite_seconds += time;
            let name = relative(&record.file, roots);
            cases.push_str(&format!(
                "    <testcase classname=\"{}\" name=\"{}\" time=\"{time:.6}\"",
                escape(*family),
                escape(name.as_str())
            ));
            match outcome(record, strict, diff_of.get(record.file.as_str()).copied()) {
                Outcome::Passed => cases.push_str("/>\n"),
                Outcome::Failure { message, text } => {
                    suite_failures += 1;
                    cases.push_str(&format!(
                        ">\n      <failure type=\"{}\" message=\"{}\">{}</failure>\n    </testcase>\n",
                        record.verdict.map_or("differs", |verdict| if verdict == Verdict::Valid {
                            "valid"
                        } else {
                            "differs"
                        }),
                        escape(message.as_str()),
                        escape(text.unwrap_or_default())
                    ));
                }
                Outcome::Error { kind, message } => {
                    suite_errors += 1;
                    cases.push_str(&format!(
                        ">\n      <error type=\"{kind}\" message=\"{}\"/>\n    </testcase>\n",
                        escape(message.as_str())
                    ));
                }
                Outcome::Skipped => {
                    suite_skipped += 1;
                    cases.push_str(">\n      <skipped>no reference</skipped>\n    </testcase>\n");
                }
            }
        }
        body.push_str(&format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{suite_failures}\" errors=\"{suite_errors}\" \
             skipped=\"{suite_skipped}\" time=\"{suite_seconds:.6}\">\n{cases}  </testsuite>\n",
            escape(*family),
            records.len()
        ));
        tests += records.len();
        failures += suite_failures;
        errors += suite_errors;
        seconds += suite_seconds;
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"solvebatch\" tests=\"{tests}\" \
         failures=\"{failures}\" errors=\"{errors}\" time=\"{seconds:.6}\">\n{body}</testsuites>\n"
    )
}

/// `file` relative to the first root that is a folder holding it, else as found.
fn relative(file: &str, roots: &[PathBuf]) -> String {
    roots
        .iter()
        .filter_map(|root| Path::new(file).strip_prefix(root).ok())
        .find(|rest| !rest.as_os_str().is_empty())
        .map_or_else(|| file.to_string(), |rest| rest.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_relative_to_the_folder_given() {
        let roots = [PathBuf::from("datasets"), PathBuf::from("one.csv")];
        assert_eq!(relative("datasets/guess/a.guess", &roots), "guess/a.guess");
        assert_eq!(relative("one.csv", &roots), "one.csv");
        assert_eq!(relative("elsewhere/b.csv", &roots), "elsewhere/b.csv");
    }
}
