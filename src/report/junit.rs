//! `run --junit FILE`: JUnit XML as GitLab, Jenkins and CircleCI read it (the Jenkins `junit` schema):
//! one `<testsuite>` per family, one `<testcase>` per input, `<failure>` for a wrong output, `<error>`
//! for a file that could not be solved as expected, `<skipped>` for a file without a reference.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::output::OutputFile;
use crate::report::markup::{self, Place};
use crate::report::record::Record;
use solvebatch_core::{Status, Verdict};

/// `text` as an XML attribute value.
fn attribute(text: &str) -> String {
    markup::escape(text, Place::XmlAttribute)
}

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
/// names as recorded); times in seconds. Whatever the names, messages and diffs hold, the document is
/// well formed: the characters XML forbids are written as escapes ([`markup`]).
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
                attribute(family),
                attribute(&name)
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
                        attribute(&message),
                        markup::escape(text.unwrap_or_default(), Place::XmlText)
                    ));
                }
                Outcome::Error { kind, message } => {
                    suite_errors += 1;
                    cases.push_str(&format!(
                        ">\n      <error type=\"{kind}\" message=\"{}\"/>\n    </testcase>\n",
                        attribute(&message)
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
            attribute(family),
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
    use crate::report::markup::replace_unkept;
    use crate::report::markup::tests::any_text;
    use crate::report::markup::xml_reader::read;
    use proptest::prelude::*;
    use solvebatch_core::Verdict;

    proptest! {
        /// Item 4 of issue 37: the document parses, and every character XML allows comes back.
        #[test]
        fn junit_is_well_formed_whatever_a_message_name_or_diff_holds(
            family in any_text(), file in any_text(), message in any_text(), diff in any_text()
        ) {
            let mut failed = Record::failed(format!("{file}/a"), Some(&family), message.clone());
            failed.message = Some(message.clone()).filter(|message| !message.is_empty());
            let mut differs = Record::failed(format!("{file}/b"), Some(&family), String::new());
            (differs.status, differs.verdict) = (Status::Solved, Some(Verdict::Differs));
            let diffs = [(differs.file.clone(), diff.clone())];
            let xml = xml(&[failed, differs], false, &diffs, &[]);
            let elements = read(&xml).map_err(|error| TestCaseError::fail(format!("{error}\n{xml}")))?;
            let of = |name: &str| -> Vec<&crate::report::markup::xml_reader::Element> {
                elements.iter().filter(|element| element.name == name).collect()
            };
            let unkept = |text: &str| replace_unkept(text).into_owned();
            let suite = unkept(&family);
            prop_assert_eq!(of("testsuite")[0].attribute("name"), Some(suite.as_str()));
            let names: Vec<_> = of("testcase").iter().map(|case| case.attribute("name").unwrap().to_string()).collect();
            prop_assert_eq!(names, [unkept(&format!("{file}/a")), unkept(&format!("{file}/b"))]);
            let shown = if message.is_empty() { "failed".to_string() } else { unkept(&message) };
            prop_assert_eq!(of("error")[0].attribute("message"), Some(shown.as_str()));
            prop_assert_eq!(&of("failure")[0].text, &unkept(&diff));
        }
    }

    #[test]
    fn an_escape_character_in_a_message_is_written_as_its_escape() {
        let record = Record::failed("a.csv".into(), Some("tournament"), "line 1: \u{1b}[31m\r\n".into());
        let xml = xml(&[record], false, &[], &[]);
        assert!(xml.contains("<error type=\"failed\" message=\"line 1: \\u{1b}[31m&#13;&#10;\"/>"), "{xml}");
    }

    #[test]
    fn names_are_relative_to_the_folder_given() {
        let roots = [PathBuf::from("datasets"), PathBuf::from("one.csv")];
        assert_eq!(relative("datasets/guess/a.guess", &roots), "guess/a.guess");
        assert_eq!(relative("one.csv", &roots), "one.csv");
        assert_eq!(relative("elsewhere/b.csv", &roots), "elsewhere/b.csv");
    }
}
