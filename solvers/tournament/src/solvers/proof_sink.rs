//! A varisat proof target that counts learned clauses and interrupts the solver.
//!
//! varisat has no time limit of its own, but it writes its proof through a buffer to any [`Write`]
//! target and stops at its next step when a write fails. [`StopSink`] takes varisat's own binary
//! proof format ([`varisat::ProofFormat::Varisat`], the one format that allows assumptions, which
//! incremental solving needs), reads the step codes as the bytes pass to count the learned clauses
//! (one per conflict, plus the few that top-level simplification shortens), discards the rest, and
//! answers every write with an error once the search must stop. Writes come every few hundred conflicts (the buffer holds 8 KiB) and at the end of every
//! solve, so the solver stops within milliseconds of the deadline on hard formulas.

use std::cell::Cell;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::solver::Interrupted;
use crate::stop::Stop;

/// Step codes of varisat 0.2's binary proof format (`varisat-internal-proof`, `binary_format.rs`),
/// in order from 0, with the numbers that follow each code: `fixed` plain numbers, then `lists`
/// length-prefixed lists of `width` numbers per entry.
const STEP_SHAPES: [StepShape; 18] = [
    StepShape::fixed(2),    // solver variable name update: global, solver
    StepShape::fixed(1),    // solver variable name removal: global
    StepShape::fixed(2),    // user variable name update: global, user
    StepShape::fixed(1),    // user variable name removal: global
    StepShape::fixed(1),    // variable deletion
    StepShape::fixed(1),    // sampling mode: sample
    StepShape::fixed(1),    // sampling mode: witness
    StepShape::lists(2, 1), // learned (redundant) clause: literals, propagation hashes
    StepShape::lists(2, 1), // learned irredundant clause: literals, propagation hashes
    StepShape::lists(1, 2), // unit clauses: (literal, hash) pairs
    StepShape::lists(1, 1), // redundant clause deleted: literals
    StepShape::lists(1, 1), // simplified clause deleted: literals
    StepShape::lists(1, 1), // satisfied clause deleted: literals
    StepShape::fixed(1),    // hash size change: bits
    StepShape::lists(1, 1), // model: literals
    StepShape::lists(1, 1), // clause added: literals
    StepShape::lists(1, 1), // assumptions: literals
    StepShape::lists(2, 1), // failed assumptions: literals, propagation hashes
];

/// The codes of the two learned-clause steps ("at clause", redundant and irredundant).
const LEARNED: [u64; 2] = [7, 8];

/// The numbers that follow a step code.
#[derive(Clone, Copy)]
struct StepShape {
    fixed: u64,
    lists: u8,
    width: u64,
}

impl StepShape {
    const fn fixed(fixed: u64) -> StepShape {
        StepShape { fixed, lists: 0, width: 0 }
    }

    const fn lists(lists: u8, width: u64) -> StepShape {
        StepShape { fixed: 0, lists, width }
    }
}

/// Reads the numbers of varisat's binary proof format as they stream past and counts the learned
/// clauses. A number takes 1 to 10 bytes: the lowest set bit of its first byte (of its second byte
/// when the first is 0, meaning 9 or 10 bytes) tells its length, and the value follows that marker
/// bit, least significant bits first.
#[derive(Default)]
struct StepCounter {
    /// Learned clauses seen.
    learned: u64,
    /// Bytes read of the current number, its length once known (0 before), its first 8 bytes.
    read: u32,
    length: u32,
    bits: u64,
    /// Plain numbers left in the current step, then lists left and numbers per list entry.
    skip: u64,
    lists: u8,
    width: u64,
}

impl StepCounter {
    fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            if self.read == 0 {
                self.length = if byte == 0 { 0 } else { byte.trailing_zeros() + 1 };
                self.bits = u64::from(byte);
            } else {
                if self.read == 1 && self.length == 0 {
                    self.length = if byte & 1 == 1 { 9 } else { 10 };
                }
                if self.read < 8 {
                    self.bits |= u64::from(byte) << (8 * self.read);
                }
            }
            self.read += 1;
            if self.read == self.length {
                // Numbers of 9 or 10 bytes are hashes or the end code, whose values are not needed.
                let value = if self.length <= 8 { self.bits >> self.length } else { u64::MAX };
                self.read = 0;
                self.number(value);
            }
        }
    }

    fn number(&mut self, value: u64) {
        if self.skip > 0 {
            self.skip -= 1;
        } else if self.lists > 0 {
            self.lists -= 1;
            self.skip = value * self.width;
        } else {
            // A step code; the end code (a large constant) has nothing after it.
            self.learned += u64::from(LEARNED.contains(&value));
            let shape = usize::try_from(value)
                .ok()
                .and_then(|code| STEP_SHAPES.get(code))
                .copied()
                .unwrap_or(StepShape::fixed(0));
            (self.skip, self.lists, self.width) = (shape.fixed, shape.lists, shape.width);
        }
    }
}

/// A proof target that counts learned clauses into `learned` and fails once `stop` says so or
/// `partner` is set (another solver has answered).
pub(crate) struct StopSink<'s> {
    stop: &'s Stop<'s>,
    partner: Option<&'s AtomicBool>,
    learned: &'s Cell<u64>,
    counter: StepCounter,
}

impl<'s> StopSink<'s> {
    /// A sink adding the learned clauses it reads to `learned`.
    pub(crate) fn new(
        stop: &'s Stop<'s>,
        partner: Option<&'s AtomicBool>,
        learned: &'s Cell<u64>,
    ) -> StopSink<'s> {
        StopSink { stop, partner, learned, counter: StepCounter::default() }
    }
}

impl Write for StopSink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.stop.is_due() || self.partner.is_some_and(|answered| answered.load(Ordering::Relaxed)) {
            return Err(io::Error::other(Interrupted));
        }
        let before = self.counter.learned;
        self.counter.feed(buf);
        self.learned.set(self.learned.get() + self.counter.learned - before);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use varisat::{CnfFormula, ExtendFormula, Lit, ProofFormat, Solver as Varisat, Var};
    use varisat_internal_proof::binary_format::Parser;
    use varisat_internal_proof::ProofStep;

    use super::*;
    use crate::solver::Limits;

    /// Pigeonhole: 7 pigeons, 6 holes; variable `6p + h` puts pigeon `p` in hole `h`, and pigeon 6
    /// may stay away when variable 42 is true.
    fn pigeonhole() -> CnfFormula {
        let var = |pigeon: usize, hole: usize| Var::from_index(6 * pigeon + hole).positive();
        let mut formula = CnfFormula::new();
        for pigeon in 0..7 {
            let mut somewhere: Vec<Lit> = (0..6).map(|hole| var(pigeon, hole)).collect();
            if pigeon == 6 {
                somewhere.push(Var::from_index(42).positive());
            }
            formula.add_clause(&somewhere);
        }
        for hole in 0..6 {
            for a in 0..7 {
                for b in a + 1..7 {
                    formula.add_clause(&[!var(a, hole), !var(b, hole)]);
                }
            }
        }
        formula
    }

    /// The whole proof of varisat solving the pigeonhole formula under assumptions (failing, then
    /// satisfiable), then without pigeon 6 staying away (unsatisfiable, hundreds of conflicts):
    /// every kind of step the solver writes.
    fn recorded_proof() -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut solver = Varisat::new();
        solver.write_proof(&mut bytes, ProofFormat::Varisat);
        solver.add_formula(&pigeonhole());
        let away = Var::from_index(42);
        solver.assume(&[away.positive(), Var::from_index(0).positive(), Var::from_index(6).positive()]);
        assert_eq!(solver.solve().ok(), Some(false), "pigeons 0 and 1 share hole 0");
        solver.assume(&[away.positive()]);
        assert_eq!(solver.solve().ok(), Some(true), "six pigeons fit");
        solver.assume(&[away.negative()]);
        assert_eq!(solver.solve().ok(), Some(false), "seven do not");
        solver.close_proof().unwrap();
        drop(solver);
        bytes
    }

    /// Learned clauses counted by varisat's own parser of its format, and the number of steps.
    fn reference_count(bytes: &[u8]) -> (u64, u64) {
        let mut parser = Parser::default();
        let mut source = Cursor::new(bytes);
        let (mut learned, mut steps) = (0, 0u64);
        loop {
            match parser.parse_step(&mut source).unwrap() {
                ProofStep::End => return (learned, steps),
                ProofStep::AtClause { .. } => learned += 1,
                _ => {}
            }
            steps += 1;
        }
    }

    #[test]
    fn counts_the_learned_clauses_of_varisats_parser_in_any_chunking() {
        let bytes = recorded_proof();
        let (learned, steps) = reference_count(&bytes);
        assert!(learned > 500 && steps > learned, "{learned} learned clauses in {steps} steps");
        for chunk in [1, 2, 3, 7, 8192] {
            let mut counter = StepCounter::default();
            bytes.chunks(chunk).for_each(|part| counter.feed(part));
            assert_eq!(counter.learned, learned, "chunks of {chunk} bytes");
            assert_eq!(
                (counter.read, counter.skip, counter.lists),
                (0, 0, 0),
                "the stream ends between steps"
            );
        }
    }

    #[test]
    fn numbers_of_every_length_decode() {
        // varisat's encoding: the value shifted past a marker bit at the length's position.
        let encode = |value: u64, length: u32| ((value << 1 | 1) << (length - 1)).to_le_bytes();
        for (value, length) in [(0, 1), (127, 1), (128, 2), (1 << 20, 3), ((1 << 56) - 1, 8)] {
            let mut counter = StepCounter { skip: 1, ..StepCounter::default() };
            counter.feed(&encode(value, length)[..length as usize]);
            assert_eq!((counter.read, counter.skip), (0, 0), "{value} in {length} bytes");
        }
    }

    #[test]
    fn writes_fail_once_the_deadline_has_passed() {
        let learned = Cell::new(0);
        let stop = Stop::new(&Limits {
            deadline: crate::solver::Deadline::at(Some(std::time::Instant::now())),
            ..Limits::default()
        });
        let mut sink = StopSink::new(&stop, None, &learned);
        assert!(sink.write(&[1]).is_err());
        let open = Stop::new(&Limits::default());
        let answered = AtomicBool::new(true);
        assert!(StopSink::new(&open, Some(&answered), &learned).write(&[1]).is_err());
        answered.store(false, Ordering::Relaxed);
        let mut sink = StopSink::new(&open, Some(&answered), &learned);
        assert_eq!(sink.write(&[7 << 1 | 1]).ok(), Some(1), "code 7 in one byte: a learned clause");
        assert_eq!(learned.get(), 1);
    }
}
