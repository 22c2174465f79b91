//! `solvebatch review` through a pseudo-terminal, typed as a person types: one key per file, each
//! sent once its prompt is on the screen; and its refusal off a terminal.

use crate::common::setup;

use std::path::Path;

use predicates::prelude::*;
use rexpect::process::WaitStatus;
use rexpect::reader::ReadUntil;
use rexpect::session::PtySession;

/// Wrong, replaced by its output when accepted.
const DIFFERS: (&str, &str) = ("d/a.csv", "1\n1,0,0\n");
const DIFFERS_REFERENCE: (&str, &str) = ("d/a.csv.expected", "Table 0: 0 vs. 1\n");
const MISSING: (&str, &str) = ("d/b.csv", "2\n0,1,0\n2,3,1\n");
const DIFFERS_TOO: (&str, &str) = ("d/c.csv", "2\n0,1,1\n2,3,0\n");
const DIFFERS_TOO_REFERENCE: (&str, &str) = ("d/c.csv.expected", "No tournament found.\n");
const MISSING_TOO: (&str, &str) = ("d/d.csv", "1\n1,0,0\n0,1,0\n");
const SAME: (&str, &str) = ("d/e.csv", "1\n0,1,0\n");
const SAME_REFERENCE: (&str, &str) = ("d/e.csv.expected", "Table 0: 0 vs. 1\n");
/// Two rounds; dlx finds the first, the reference holds the second: a valid alternative, never offered.
const VALID: (&str, &str) = ("d/f.csv", "2\n0,1,0\n2,3,1\n1,2,0\n3,0,1\n");
const VALID_REFERENCE: (&str, &str) = ("d/f.csv.expected", "Table 0: 1 vs. 2\nTable 1: 3 vs. 0\n");

/// Waits this long at most for each text on the screen.
const PATIENCE_MS: u64 = 20_000;

/// `solvebatch ARGS` in `dir` on a pseudo-terminal of its own, with the same environment as
/// [`setup`]'s commands ([`crate::common::child`]).
pub(crate) fn spawn(dir: &Path, args: &[&str]) -> PtySession {
    let mut command = crate::common::child();
    command.args(args).current_dir(dir);
    rexpect::session::spawn_command(command, Some(PATIENCE_MS)).expect("a pseudo-terminal")
}

/// The text a session read, each byte as a character, as text, lines ending in `\n`.
pub(crate) fn decoded(read: &str) -> String {
    let bytes: Vec<u8> = read.chars().map(|byte| byte as u8).collect();
    String::from_utf8(bytes).unwrap().replace("\r\n", "\n")
}

/// Waits until `text` is on the screen (lines ending in `\r\n`, as a terminal receives them), and
/// returns what came before it.
pub(crate) fn expect(session: &mut PtySession, text: &str) -> String {
    // The session reads each byte as a character: look for the bytes of `text` so.
    let bytes: String = text.bytes().map(char::from).collect();
    decoded(&session.exp_string(&bytes).unwrap_or_else(|error| panic!("{text:?} never came: {error}")))
}

/// Waits for `prompt` on the screen, then types `key`.
fn answer(session: &mut PtySession, prompt: &str, key: &str) {
    expect(session, prompt);
    session.send(key).unwrap();
    session.flush().unwrap();
}

/// The rest of the screen until the program ends, lines ending in `\n`, and its exit code.
pub(crate) fn finish(session: &mut PtySession) -> (String, i32) {
    let rest = decoded(&session.exp_eof().expect("the review ends"));
    match session.process().wait().unwrap() {
        WaitStatus::Exited(_, code) => (rest, code),
        other => panic!("the review ended with {other:?}:\n{rest}"),
    }
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn accept_reject_skip_and_quit_leave_the_files_as_answered() {
    let (dir, _) = setup(&[
        DIFFERS,
        DIFFERS_REFERENCE,
        MISSING,
        DIFFERS_TOO,
        DIFFERS_TOO_REFERENCE,
        MISSING_TOO,
        SAME,
        SAME_REFERENCE,
        VALID,
        VALID_REFERENCE,
    ]);
    let mut session = spawn(dir.path(), &["review", "d", "--solver", "dlx", "--color", "never"]);
    expect(&mut session, "── d/a.csv differs from its reference ──");
    expect(&mut session, "-Table 0: 0 vs. 1\r\n+Table 0: 1 vs. 0\r\n");
    answer(&mut session, "[1/4] replace d/a.csv.expected? [a,r,s,A,q,?] ", "a");
    expect(&mut session, "accept\r\n  wrote d/a.csv.expected\r\n");
    expect(&mut session, "── d/b.csv has no reference yet; its output ──\r\n");
    expect(&mut session, "Table 0: 0 vs. 1\r\nTable 1: 2 vs. 3\r\n");
    answer(&mut session, "[2/4] create d/b.csv.expected? [a,r,s,A,q,?] ", "r");
    answer(&mut session, "[3/4] replace d/c.csv.expected? [a,r,s,A,q,?] ", "?");
    expect(&mut session, "  s  skip: leave this file undecided\r\n");
    answer(&mut session, "[3/4] replace d/c.csv.expected? [a,r,s,A,q,?] ", "s");
    answer(&mut session, "[4/4] create d/d.csv.expected? [a,r,s,A,q,?] ", "q");
    let (rest, code) = finish(&mut session);
    assert_eq!(rest, "quit\nreview: accepted 1, rejected 1, skipped 1, left 1\n");
    assert_eq!(code, 1, "d/c.csv still differs");

    assert_eq!(read(dir.path(), "d/a.csv.expected"), "Table 0: 1 vs. 0\n");
    assert!(!dir.path().join("d/b.csv.expected").exists(), "rejected");
    assert_eq!(read(dir.path(), "d/c.csv.expected"), DIFFERS_TOO_REFERENCE.1, "skipped");
    assert!(!dir.path().join("d/d.csv.expected").exists(), "left at quit");
    assert_eq!(read(dir.path(), "d/e.csv.expected"), SAME_REFERENCE.1);
    assert_eq!(read(dir.path(), "d/f.csv.expected"), VALID_REFERENCE.1);
}

#[test]
fn accept_all_takes_every_file_left_and_the_batch_is_then_as_expected() {
    let (dir, mut again) = setup(&[
        DIFFERS,
        DIFFERS_REFERENCE,
        MISSING,
        DIFFERS_TOO,
        DIFFERS_TOO_REFERENCE,
        SAME,
        SAME_REFERENCE,
    ]);
    // A FIFO named directly with no writer times out: it is never offered.
    crate::common::mkfifo(&dir.path().join("slow.csv"));
    let mut session =
        spawn(dir.path(), &["review", "d", "slow.csv", "--timeout", "0.2", "--color", "always"]);
    // Coloured as `run --diff` colours it.
    expect(&mut session, "\u{1b}[31m── d/a.csv differs from its reference ──\u{1b}[0m");
    expect(&mut session, "\u{1b}[31m-Table 0: 0 vs. 1\u{1b}[0m\r\n\u{1b}[32m+Table 0: 1 vs. 0\u{1b}[0m");
    answer(&mut session, "[1/3] replace d/a.csv.expected? [a,r,s,A,q,?] ", "r");
    answer(&mut session, "[2/3] create d/b.csv.expected? [a,r,s,A,q,?] ", "A");
    let (rest, code) = finish(&mut session);
    assert_eq!(
        rest,
        "accept all\n  created d/b.csv.expected\n  wrote d/c.csv.expected\n\
         review: accepted 2, rejected 1, skipped 0, left 0\n"
    );
    assert_eq!(code, 1, "d/a.csv was rejected and still differs, and slow.csv timed out");
    assert_eq!(read(dir.path(), "d/a.csv.expected"), DIFFERS_REFERENCE.1);
    assert_eq!(read(dir.path(), "d/b.csv.expected"), "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n");
    assert_eq!(read(dir.path(), "d/c.csv.expected"), "Table 0: 2 vs. 3\nTable 1: 0 vs. 1\n");
    assert!(!dir.path().join("slow.csv.expected").exists());
    again
        .args(["run", "d", "--json", "-"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("\"verdicts\":{\"same\":3,\"valid\":0,\"differs\":1}"));
}

#[test]
fn review_off_a_terminal_points_at_run_bless_and_writes_nothing() {
    let (dir, mut command) = setup(&[MISSING]);
    command.args(["review", "d"]).write_stdin("a").assert().code(2).stdout("").stderr(
        "error: review asks about each file at a terminal, and standard input and output are not \
         terminals; to accept every new output without asking, run `solvebatch run PATHS --bless` \
         (with --dry-run first to list what it would write)\n",
    );
    assert!(!dir.path().join("d/b.csv.expected").exists());
}

#[test]
fn review_refuses_the_options_that_decide_for_the_reviewer() {
    // Checked before the terminal: the options are wrong wherever the command runs.
    let (_dir, mut command) = setup(&[MISSING]);
    command.args(["review", "d", "--bless"]).assert().code(2).stderr(
        "error: review does not take --bless (review accepts references one by one; `run --bless` \
         accepts them all)\n",
    );
    for option in ["--json", "--junit", "--markdown"] {
        let (_dir, mut command) = setup(&[MISSING]);
        command.args(["review", "d", option, "-"]).assert().code(2).stdout("").stderr(format!(
            "error: review does not take {option} - (review shows its questions on standard output; \
             name a file)\n"
        ));
    }
}

#[test]
fn a_signal_while_a_key_is_awaited_ends_the_review_without_acting_on_any_key() {
    let (dir, _) = setup(&[DIFFERS, DIFFERS_REFERENCE, MISSING]);
    let mut session = spawn(dir.path(), &["review", "d", "--color", "never"]);
    expect(&mut session, "[1/2] replace d/a.csv.expected? [a,r,s,A,q,?] ");
    session.process_mut().signal(rexpect::process::Signal::SIGTERM).unwrap();
    // The signal ends the wait for the key at once, or the key read next is not acted on: the
    // batch's message says the signal was handled.
    let summary = "review: accepted 0, rejected 0, skipped 0, left 2";
    let (before, came) = session
        .exp_any(vec![ReadUntil::String("interrupted: ".to_string()), ReadUntil::String(summary.to_string())])
        .unwrap();
    if came == "interrupted: " {
        let _ = session.send("a");
    }
    let (rest, code) = finish(&mut session);
    let screen = format!("{}{came}{rest}", decoded(&before));
    assert!(screen.contains("quit\n"), "{screen}");
    assert!(screen.contains(&format!("{summary}\n")), "{screen}");
    assert_eq!(code, 143, "{screen}");
    assert_eq!(read(dir.path(), "d/a.csv.expected"), DIFFERS_REFERENCE.1);
}

/// Item 5 of issue 37: a reference another program edits while its diff is on the screen is not
/// overwritten on `a` (the diff accepted was of the old content): the new diff is shown and asked
/// about again. The same for a reference created while a file without one is shown.
#[test]
fn review_never_overwrites_what_it_did_not_show() {
    let (dir, _) = setup(&[DIFFERS, DIFFERS_REFERENCE, MISSING]);
    let mut session = spawn(dir.path(), &["review", "d", "--solver", "dlx", "--color", "never"]);
    expect(&mut session, "-Table 0: 0 vs. 1\r\n+Table 0: 1 vs. 0\r\n");
    expect(&mut session, "[1/2] replace d/a.csv.expected? [a,r,s,A,q,?] ");
    std::fs::write(dir.path().join("d/a.csv.expected"), "edited meanwhile\n").unwrap();
    session.send("a").unwrap();
    session.flush().unwrap();
    expect(
        &mut session,
        "accept\r\n  not written: d/a.csv.expected changed since it was shown; here it is as it is now\r\n\
         ── d/a.csv differs from its reference ──\r\n",
    );
    expect(&mut session, "-edited meanwhile\r\n+Table 0: 1 vs. 0\r\n");
    expect(&mut session, "[1/2] replace d/a.csv.expected? [a,r,s,A,q,?] ");
    assert_eq!(read(dir.path(), "d/a.csv.expected"), "edited meanwhile\n", "not written yet");
    session.send("r").unwrap();
    session.flush().unwrap();
    expect(&mut session, "── d/b.csv has no reference yet; its output ──\r\n");
    expect(&mut session, "[2/2] create d/b.csv.expected? [a,r,s,A,q,?] ");
    std::fs::write(dir.path().join("d/b.csv.expected"), "Table 0: 0 vs. 1\n").unwrap();
    session.send("a").unwrap();
    session.flush().unwrap();
    expect(
        &mut session,
        "  not written: d/b.csv.expected changed since it was shown; here it is as it is now\r\n",
    );
    expect(&mut session, "@@ -1 +1,2 @@\r\n Table 0: 0 vs. 1\r\n+Table 1: 2 vs. 3\r\n");
    answer(&mut session, "[2/2] replace d/b.csv.expected? [a,r,s,A,q,?] ", "a");
    let (rest, code) = finish(&mut session);
    assert_eq!(rest, "accept\n  wrote d/b.csv.expected\nreview: accepted 1, rejected 1, skipped 0, left 0\n");
    assert_eq!(code, 1, "d/a.csv was rejected");
    assert_eq!(read(dir.path(), "d/a.csv.expected"), "edited meanwhile\n");
    assert_eq!(read(dir.path(), "d/b.csv.expected"), "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n");
}

/// Item 5 of issue 37: an input removed during the review is skipped, saying so, whether it goes
/// while its own question waits or before its turn, even under `A`: no orphan reference is made.
#[test]
fn an_input_removed_during_the_review_is_skipped_and_gets_no_reference() {
    let (dir, _) = setup(&[MISSING, MISSING_TOO, DIFFERS_TOO, DIFFERS_TOO_REFERENCE]);
    let mut session = spawn(dir.path(), &["review", "d", "--solver", "dlx", "--color", "never"]);
    expect(&mut session, "[1/3] create d/b.csv.expected? [a,r,s,A,q,?] ");
    std::fs::remove_file(dir.path().join("d/b.csv")).unwrap();
    std::fs::remove_file(dir.path().join("d/d.csv")).unwrap();
    session.send("A").unwrap();
    session.flush().unwrap();
    let (rest, code) = finish(&mut session);
    assert_eq!(
        rest,
        "accept all\n  skipped: d/b.csv is gone (removed during the review); no reference written\n  \
         wrote d/c.csv.expected\n  skipped: d/d.csv is gone (removed during the review); no reference written\n\
         review: accepted 1, rejected 0, skipped 2, left 0\n"
    );
    assert_eq!(code, 0, "the file that differed was accepted; the others had no reference to differ from");
    assert!(!dir.path().join("d/b.csv.expected").exists());
    assert!(!dir.path().join("d/d.csv.expected").exists());
}
