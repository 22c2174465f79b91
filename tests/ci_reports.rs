//! CI reports: `--junit` (parsed, counted against the summary, checked against the Jenkins JUnit
//! schema) and `--github` (annotations exactly as the Actions documentation writes them, the job
//! summary appended).

use crate::common::setup;

use quick_xml::events::Event;
use serde_json::Value;

const FILES: &[(&str, &str)] = &[
    ("d/same.csv", "1\n0,1,0\n"),
    ("d/same.csv.expected", "Table 0: 0 vs. 1\n"),
    ("d/differs.csv", "1\n1,0,0\n"),
    ("d/differs.csv.expected", "Table 0: 0 vs. 1\n"),
    ("d/new.csv", "1\n0,1,0\n"),
    ("d/bad.csv", "x\n"),
    ("d/g/answers.guess", "answers 1000=0 2111=0\n"),
    ("d/g/answers.guess.expected", "answers 1000=0 2111=0: next 3222 (3584 candidates left)\n"),
];

/// An element's name and its attributes.
type Element = (String, Vec<(String, String)>);

/// Each element, and the text inside `<failure>` elements, in order.
fn elements(xml: &str) -> (Vec<Element>, Vec<String>) {
    let mut reader = quick_xml::Reader::from_str(xml);
    let (mut found, mut texts) = (Vec::new(), Vec::new());
    loop {
        let (element, empty) = match reader.read_event().unwrap() {
            Event::Start(element) => (element, false),
            Event::Empty(element) => (element, true),
            Event::Eof => break,
            _ => continue,
        };
        let name = String::from_utf8(element.name().as_ref().to_vec()).unwrap();
        let attributes = element
            .attributes()
            .map(|attribute| {
                let attribute = attribute.unwrap();
                let key = String::from_utf8(attribute.key.as_ref().to_vec()).unwrap();
                let value = std::str::from_utf8(&attribute.value).unwrap();
                (key, quick_xml::escape::unescape(value).unwrap().into_owned())
            })
            .collect();
        if name == "failure" && !empty {
            let raw = reader.read_text(element.to_end().name()).unwrap();
            texts.push(quick_xml::escape::unescape(&raw.decode().unwrap()).unwrap().into_owned());
        }
        found.push((name, attributes));
    }
    (found, texts)
}

fn attribute<'a>(element: &'a Element, key: &str) -> &'a str {
    &element.1.iter().find(|(name, _)| name == key).unwrap().1
}

#[test]
fn junit_counts_equal_the_summary_and_hold_the_diff() {
    let (dir, mut command) = setup(FILES);
    command.args(["run", "d", "--junit", "r.xml", "--json", "r.jsonl"]).assert().code(1);
    let xml = std::fs::read_to_string(dir.path().join("r.xml")).unwrap();
    let report = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    let summary: Value = serde_json::from_str(report.lines().last().unwrap()).unwrap();
    let (found, texts) = elements(&xml);
    let root = &found[0];
    assert_eq!(root.0, "testsuites");
    assert_eq!(attribute(root, "tests"), summary["files"].to_string());
    let failures: usize = attribute(root, "failures").parse().unwrap();
    let errors: usize = attribute(root, "errors").parse().unwrap();
    assert_eq!(failures, summary["verdicts"]["differs"].as_u64().unwrap() as usize);
    assert_eq!(failures + errors, summary["failing"].as_array().unwrap().len());
    let suites: Vec<(&str, &str)> = found
        .iter()
        .filter(|element| element.0 == "testsuite")
        .map(|suite| (attribute(suite, "name"), attribute(suite, "tests")))
        .collect();
    assert_eq!(suites, [("guess", "1"), ("tournament", "4")]);
    let cases: Vec<(&str, &str)> = found
        .iter()
        .filter(|element| element.0 == "testcase")
        .map(|case| (attribute(case, "classname"), attribute(case, "name")))
        .collect();
    assert_eq!(
        cases,
        [
            ("guess", "g/answers.guess"),
            ("tournament", "bad.csv"),
            ("tournament", "differs.csv"),
            ("tournament", "new.csv"),
            ("tournament", "same.csv")
        ]
    );
    let kinds: Vec<&str> = found
        .iter()
        .map(|element| element.0.as_str())
        .filter(|name| ["failure", "error", "skipped"].contains(name))
        .collect();
    assert_eq!(kinds, ["error", "failure", "skipped"]);
    assert_eq!(
        texts,
        ["--- d/differs.csv.expected\n+++ d/differs.csv (output)\n@@ -1 +1 @@\n-Table 0: 0 vs. 1\n+Table 0: 1 vs. 0\n"]
    );
    let error = found.iter().find(|element| element.0 == "error").unwrap();
    assert_eq!(attribute(error, "message"), "Line 0: The number of tables is not an integer.");
}

#[test]
#[ignore = "needs xmllint: apt-get install libxml2-utils"]
fn junit_is_valid_against_the_jenkins_schema() {
    let (dir, mut command) = setup(FILES);
    command.args(["run", "d", "--junit", "r.xml"]).assert().code(1);
    let schema = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/jenkins-junit.xsd");
    let output = std::process::Command::new("xmllint")
        .arg("--noout")
        .arg("--schema")
        .arg(&schema)
        .arg(dir.path().join("r.xml"))
        .output()
        .expect("xmllint runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stderr).ends_with("r.xml validates\n"));
}

#[test]
fn github_annotations_and_the_job_summary() {
    let (dir, mut command) = setup(FILES);
    std::fs::write(dir.path().join("summary.md"), "earlier step\n").unwrap();
    let output = command
        .env("GITHUB_STEP_SUMMARY", dir.path().join("summary.md"))
        .args(["run", "d", "--github", "-q"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "::error file=d/bad.csv,title=solvebatch%3A invalid::Line 0: The number of tables is not an integer.\n\
         ::error file=d/differs.csv,title=solvebatch%3A differs::the output differs from its reference\n"
    );
    let summary = std::fs::read_to_string(dir.path().join("summary.md")).unwrap();
    assert!(summary.starts_with("earlier step\n| file "), "appended, never replaced:\n{summary}");
    assert!(summary.contains("\nnot as expected: d/bad.csv, d/differs.csv\n"), "{summary}");
}

#[test]
fn junit_and_another_report_on_one_path_is_a_usage_error() {
    let (_dir, mut command) = setup(FILES);
    command
        .args(["run", "d", "--json", "r.xml", "--junit", "r.xml"])
        .assert()
        .code(2)
        .stderr("error: --json and --junit both write r.xml\n");
}

#[test]
fn junit_on_standard_output_sends_the_summary_to_standard_error() {
    let (_dir, mut command) = setup(&FILES[..2]);
    let output = command.args(["run", "d", "--junit", "-"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "), "{stdout}");
    assert!(stdout.ends_with("</testsuites>\n"), "{stdout}");
    assert!(String::from_utf8(output.stderr).unwrap().starts_with("1 file: 1 solved; references: 1 same,"));
}

/// XML 1.0's `Char` production.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// Item 4 of issue 37: an escape character (0x1B) in an invalid file's message, in a file name and
/// in a diff, and U+FFFE in a diff, are written as their escapes: the JUnit report is XML a parser
/// reads (it was not: XML 1.0 forbids them, even as `&#27;`), and so is the HTML page.
#[test]
fn junit_and_other_xml_are_well_formed_whatever_a_message_holds() {
    let (dir, mut command) = setup(&[
        ("d/a.guess", "answers 1\u{1b}00=0\n"),
        ("d/e\u{1b}[31m.csv", "1\n0,1,0\n"),
        ("d/e\u{1b}[31m.csv.expected", "Table 0: 1 vs. 0\u{1b}\u{fffe}\n"),
    ]);
    command.args(["run", "d", "--junit", "r.xml", "--html", "r.html", "--diff"]).assert().code(1);
    let xml = std::fs::read_to_string(dir.path().join("r.xml")).unwrap();
    assert_eq!(xml.chars().find(|c| !is_xml_char(*c)), None, "{xml}");
    let (found, texts) = elements(&xml);
    let error = found.iter().find(|element| element.0 == "error").unwrap();
    assert_eq!(attribute(error, "message"), "line 1: \"1\\u{1b}00\" is not a number");
    let names: Vec<&str> =
        found.iter().filter(|element| element.0 == "testcase").map(|case| attribute(case, "name")).collect();
    assert_eq!(names, ["a.guess", "e\\u{1b}[31m.csv"]);
    assert_eq!(
        texts,
        ["--- d/e\\u{1b}[31m.csv.expected\n+++ d/e\\u{1b}[31m.csv (output)\n@@ -1 +1 @@\n\
          -Table 0: 1 vs. 0\\u{1b}\\u{fffe}\n+Table 0: 0 vs. 1\n"]
    );

    let html = std::fs::read_to_string(dir.path().join("r.html")).unwrap();
    assert_eq!(html.chars().find(|c| !is_xml_char(*c)), None);
    let page = scraper::Html::parse_document(&html);
    let diff = scraper::Selector::parse("pre.diff").unwrap();
    let shown: Vec<String> = page.select(&diff).map(|element| element.text().collect()).collect();
    assert_eq!(shown, [texts[0].clone()]);
}
