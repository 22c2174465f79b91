//! Families prepared once per worker thread and solver settings, and the web app's way onto the one
//! solve path ([`crate::solve`]: prepare by name, solve guarded, record), as `run --json` does.
//!
//! A prepared family is not `Send` (the trait asks only `Sync`), so each worker keeps its own; the
//! settings a request can choose are few (solver, digits, rules), so each worker holds at most a
//! few dozen.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::solve::Options;
use crate::report::record::Record;
use crate::solve::{CpuClock, FileToSolve, Measuring, Recording, Solved};
use solvebatch_core::{Family, Outcome, Prepared, Settings};

/// What makes two prepared families different.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    family: &'static str,
    solver: String,
    options: Options,
}

thread_local! {
    static PREPARED: RefCell<HashMap<Key, Rc<dyn Prepared>>> = RefCell::new(HashMap::new());
}

/// `family` prepared with `solver` and `settings` on this thread, the first time it is asked for:
/// `settings` are the server's with the request's `options` set, so the options tell them apart.
///
/// # Errors
/// The message when the family cannot prepare: a solver it does not offer, or one that does not
/// handle the digits.
pub fn prepared(
    family: &'static dyn Family,
    solver: &str,
    (options, settings): (&Options, &Settings),
) -> Result<Rc<dyn Prepared>, String> {
    let key = Key { family: family.name(), solver: solver.to_string(), options: options.clone() };
    if let Some(ready) = PREPARED.with_borrow(|prepared| prepared.get(&key).cloned()) {
        return Ok(ready);
    }
    let ready: Rc<dyn Prepared> =
        Rc::from(crate::solve::prepare(family, solver, settings).map_err(|error| error.message())?);
    PREPARED.with_borrow_mut(|prepared| prepared.insert(key, Rc::clone(&ready)));
    Ok(ready)
}

/// Solves `file` with `prepared` of `family` before `deadline`, or until `stop` is set (the client is
/// gone), through the one path of `run` ([`crate::solve::solve_file`]): its outcome and its record,
/// output included, timed as `run` times a file (milliseconds), judged against its reference when
/// one came along, with the diff when not `same`. A solver that panics gives a `failed` record.
pub fn solve(
    family: &dyn Family,
    prepared: &dyn Prepared,
    file: &FileToSolve,
    deadline: Instant,
    stop: &AtomicBool,
) -> Solved {
    // Refused as `run` refuses a file read as text, before any parser sees a byte of it.
    if crate::text::check_text(file.text).is_err() {
        let outcome = Outcome::invalid(crate::text::ReadError::BINARY.to_string());
        let record = Record {
            input_hash: Some(file.input_hash.clone()),
            reference_hash: file.reference_hash.clone(),
            ..Record::of(file.file.clone(), family.name(), prepared.solver(), &outcome, 0.0, true)
        };
        return Solved { outcome, record, diff: None };
    }
    let started = Instant::now();
    let measuring = Measuring {
        timeout: Some(deadline.saturating_duration_since(started)),
        isolation: None,
        clock: CpuClock::Thread,
        heap: false,
    };
    let recording = Recording { keep_output: true, diff: true };
    crate::solve::solve_file((family, prepared), file, (started, stop), &measuring, recording)
}
