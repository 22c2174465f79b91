//! Families prepared once per worker thread and solver settings, and the web app's way onto the one
//! solve path ([`crate::solve`]: prepare by name, solve guarded), then [`Record::of`], as `run --json`
//! does.
//!
//! A prepared family is not `Send` (the trait asks only `Sync`), so each worker keeps its own; the
//! settings a request can choose are few (solver, digits, rules), so each worker holds at most a
//! few dozen.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::solve::Options;
use crate::report::record::Record;
use crate::solve::{CpuClock, Measuring};
use solvebatch_core::Outcome;
use solvebatch_core::{Family, Prepared, Settings};

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

/// Solves `input`, named `name`, with `prepared` of `family` before `deadline`, or until `stop` is
/// set (the client is gone): its outcome and its record, output included, timed as `run` times a
/// file (milliseconds). A solver that panics gives a `failed` record.
pub fn solve(
    family: &dyn Family,
    prepared: &dyn Prepared,
    name: &str,
    input: &[u8],
    deadline: Instant,
    stop: &AtomicBool,
) -> (Outcome, Record) {
    // Refused as `run` refuses a file read as text, before any parser sees a byte of it.
    if crate::text::check_text(input).is_err() {
        let outcome = Outcome::invalid(crate::text::ReadError::BINARY.to_string());
        let record = Record::of(name.to_string(), family.name(), prepared.solver(), &outcome, 0.0, true);
        return (outcome, record);
    }
    let started = Instant::now();
    let measuring = Measuring {
        timeout: Some(deadline.saturating_duration_since(started)),
        isolation: None,
        clock: CpuClock::Thread,
        heap: false,
    };
    let measured =
        crate::solve::measure((family, prepared), (Path::new(name), input), (started, stop), &measuring);
    let record = Record {
        cpu_ms: measured.cpu_ms,
        ..Record::of(name.to_string(), family.name(), prepared.solver(), &measured.outcome, measured.ms, true)
    };
    (measured.outcome, record)
}
