//! The questions of a review: each file shown (its diff, or its output when it has no reference),
//! then one key read without Enter, and the answer carried out.

use std::io::{self, Write};

use console::Key;

use crate::bless::Change;
use crate::pending::Item;
use crate::report::style::escape_cell;
use crate::report::table::{diff_block, paint, Tone};

/// The keys, as the prompt lists them and `?` explains them.
const HELP: &str = "\
  a  accept: the output becomes the reference
  r  reject: keep the reference as it is (or none, for a file without one)
  s  skip: leave this file undecided
  A  accept this file and every file after it
  q  quit: leave this file and the rest undecided (Ctrl-C too)
  ?  this help
";

/// What became of one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Its output was written as its reference.
    Accepted,
    /// Its reference was kept.
    Rejected,
    /// Skipped with `s`.
    Skipped,
    /// Never decided (`q`), or accepted but its reference could not be written.
    Left,
}

/// The answers of a review, one per file in order, and how many accepted references could not be
/// written.
#[derive(Debug, Default, PartialEq)]
pub struct Tally {
    /// One answer per file offered.
    pub answers: Vec<Answer>,
    /// Accepted files whose reference could not be written (counted as left).
    pub unwritten: usize,
}

impl Tally {
    /// The closing line: `review: accepted N, rejected N, skipped N, left N`.
    pub fn line(&self) -> String {
        let count = |answer| self.answers.iter().filter(|given| **given == answer).count();
        let mut line = format!(
            "review: accepted {}, rejected {}, skipped {}, left {}",
            count(Answer::Accepted),
            count(Answer::Rejected),
            count(Answer::Skipped),
            count(Answer::Left)
        );
        if self.unwritten > 0 {
            line.push_str(&format!(" ({} could not be written)", self.unwritten));
        }
        line
    }
}

/// A key's meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    Accept,
    Reject,
    Skip,
    AcceptAll,
    Quit,
}

/// Where a review reads its answers: each key, and whether a signal came.
pub struct Keys<'a> {
    /// The next key typed.
    pub next: &'a mut dyn FnMut() -> io::Result<Key>,
    /// Whether a signal came (checked before each file and after each key).
    pub signalled: &'a dyn Fn() -> bool,
}

/// Shows each of `items` on `out` and asks about it, reading each key from `keys`, until every file
/// is answered, `q` (or Ctrl-C, or the end of the terminal's input) ends the review, or a signal
/// does.
///
/// # Errors
/// The terminal cannot be written to.
pub fn ask_all(items: &[Item], color: bool, out: &mut dyn Write, mut keys: Keys) -> io::Result<Tally> {
    let mut tally = Tally::default();
    let mut accept_all = false;
    for (index, item) in items.iter().enumerate() {
        if (keys.signalled)() {
            break;
        }
        let choice = if accept_all {
            Choice::Accept
        } else {
            out.write_all(shown(item, color).as_bytes())?;
            ask(item, index, items.len(), out, &mut keys)?
        };
        let answer = match choice {
            Choice::Quit => break,
            Choice::Reject => Answer::Rejected,
            Choice::Skip => Answer::Skipped,
            Choice::Accept | Choice::AcceptAll => {
                accept_all |= choice == Choice::AcceptAll;
                accept(item, out, &mut tally.unwritten)?
            }
        };
        tally.answers.push(answer);
    }
    tally.answers.resize(items.len(), Answer::Left);
    Ok(tally)
}

/// The file as the review shows it: the diff as `run --diff` prints it, or the whole output of a
/// file without a reference.
fn shown(item: &Item, color: bool) -> String {
    match (&item.diff, item.change) {
        (Some(diff), Change::Replace) => diff_block(&item.file, diff, color),
        _ => {
            let heading =
                format!("── {} has no reference yet; its output ──", escape_cell(&item.file, false));
            let mut text = format!("{}\n", paint(&heading, Tone::Warn, color));
            for line in item.output.lines() {
                text.push_str(&escape_cell(line, false));
                text.push('\n');
            }
            text
        }
    }
}

/// Asks about the `index`th of `count` files until a key answers (`?` shows the help first).
fn ask(item: &Item, index: usize, count: usize, out: &mut dyn Write, keys: &mut Keys) -> io::Result<Choice> {
    let verb = match item.change {
        Change::Create => "create",
        Change::Replace => "replace",
    };
    loop {
        write!(out, "[{}/{count}] {verb} {}? [a,r,s,A,q,?] ", index + 1, item.reference_name())?;
        out.flush()?;
        // The terminal gone (the end of its input, an error) ends the review as `q` does, and so
        // does a signal that came while the key was awaited (its key is not acted on).
        let key = (keys.next)().unwrap_or(Key::CtrlC);
        let key = if (keys.signalled)() { Key::CtrlC } else { key };
        let (choice, word) = match key {
            Key::Char('a') => (Choice::Accept, "accept"),
            Key::Char('r') => (Choice::Reject, "reject"),
            Key::Char('s') => (Choice::Skip, "skip"),
            Key::Char('A') => (Choice::AcceptAll, "accept all"),
            Key::Char('q') | Key::CtrlC => (Choice::Quit, "quit"),
            Key::Char('?') => {
                write!(out, "?\n{HELP}")?;
                continue;
            }
            _ => {
                writeln!(out, "\n  press a, r, s, A or q (? explains them)")?;
                continue;
            }
        };
        writeln!(out, "{word}")?;
        return Ok(choice);
    }
}

/// Writes the item's output as its reference, saying so (or why not) on `out`.
fn accept(item: &Item, out: &mut dyn Write, unwritten: &mut usize) -> io::Result<Answer> {
    match crate::bless::write_reference(&item.reference, &item.output) {
        Ok(()) => {
            let done = if item.change == Change::Create { "created" } else { "wrote" };
            writeln!(out, "  {done} {}", item.reference_name())?;
            Ok(Answer::Accepted)
        }
        Err(problem) => {
            writeln!(out, "  cannot accept {}: {problem}", item.file)?;
            *unwritten += 1;
            Ok(Answer::Left)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(dir: &std::path::Path, name: &str, change: Change) -> Item {
        Item {
            file: name.to_string(),
            input: dir.join(name),
            reference: dir.join(format!("{name}.expected")),
            change,
            output: format!("{name} output\n"),
            diff: (change == Change::Replace).then(|| format!("-old\n+{name} output\n")),
        }
    }

    fn review(items: &[Item], typed: &str) -> (Tally, String) {
        let mut typed = typed.chars().map(Key::Char);
        let mut next = || typed.next().ok_or_else(|| io::Error::from(io::ErrorKind::UnexpectedEof));
        let mut out = Vec::new();
        let tally = ask_all(items, false, &mut out, Keys { next: &mut next, signalled: &|| false }).unwrap();
        (tally, String::from_utf8(out).unwrap())
    }

    #[test]
    fn help_and_unknown_keys_ask_again_and_accept_all_takes_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let items: Vec<Item> =
            ["a.csv", "b.csv", "c.csv"].iter().map(|name| item(dir.path(), name, Change::Create)).collect();
        let (tally, shown) = review(&items, "x?rA");
        assert_eq!(tally.answers, [Answer::Rejected, Answer::Accepted, Answer::Accepted]);
        assert_eq!(tally.line(), "review: accepted 2, rejected 1, skipped 0, left 0");
        let first = dir.path().join("a.csv.expected").display().to_string();
        assert!(shown.starts_with(&format!(
            "── a.csv has no reference yet; its output ──\na.csv output\n[1/3] create {first}? [a,r,s,A,q,?] \n  \
             press a, r, s, A or q (? explains them)\n[1/3] create {first}? [a,r,s,A,q,?] ?\n{HELP}"
        )));
        assert!(!dir.path().join("a.csv.expected").exists());
        assert_eq!(std::fs::read_to_string(dir.path().join("c.csv.expected")).unwrap(), "c.csv output\n");
        assert_eq!(shown.matches("has no reference yet").count(), 2, "the files accepted by A are not shown");
    }

    #[test]
    fn quitting_or_losing_the_terminal_leaves_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let items: Vec<Item> =
            ["a.csv", "b.csv"].iter().map(|name| item(dir.path(), name, Change::Replace)).collect();
        let (tally, shown) = review(&items, "s");
        assert_eq!(tally.answers, [Answer::Skipped, Answer::Left]);
        assert!(
            shown.starts_with("── a.csv differs from its reference ──\n-old\n+a.csv output\n"),
            "{shown}"
        );
        assert!(shown.ends_with("? [a,r,s,A,q,?] quit\n"), "{shown}");
        let (tally, _) = review(&items, "q");
        assert_eq!(tally.line(), "review: accepted 0, rejected 0, skipped 0, left 2");
    }
}
