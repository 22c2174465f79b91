//! An independent checker of DRAT proofs (Wetzler, Heule and Hunt, "DRAT-trim: Efficient Checking and
//! Trimming Using Expressive Clausal Proofs", SAT 2014), forward: each added lemma must be a reverse
//! unit propagation (RUP) consequence of the clauses so far, or else a resolution asymmetric tautology
//! (RAT) on its first literal; the proof holds once unit propagation on the clauses derives a conflict
//! (the empty clause). Unit propagation uses two watched literals per clause.
//!
//! It is written here, not taken from a crate: the DRAT checkers on crates.io are command-line
//! programs without a library interface, and varisat's own checker reads varisat's own proof format
//! only (and is varisat's, so not independent). It shares nothing with the solver but the formula.
//! As DRAT-trim does, deleting a clause that is the reason of a literal fixed at the top level is
//! ignored (keeping a clause cannot make a wrong proof pass).

use std::collections::HashMap;

/// Why a proof does not show the formula unsatisfiable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DratError {
    /// A proof line is not `[d] literal ... 0`.
    #[error("line {line}: `{token}` is not a literal (a nonzero integer, each clause ended by 0)")]
    Malformed {
        /// The line, from 1.
        line: usize,
        /// The text that is not a literal.
        token: String,
    },
    /// A binary DRAT proof (the default of CaDiCaL and kissat), which this checker does not read.
    #[error("a binary DRAT proof; write the proof as text (--binary=false)")]
    Binary,
    /// The last clause has no closing 0.
    #[error("line {line}: the clause has no closing 0")]
    Unterminated {
        /// The line, from 1.
        line: usize,
    },
    /// An added lemma is neither RUP nor RAT.
    #[error("line {line}: the lemma `{lemma}` does not follow (neither RUP nor RAT on its first literal)")]
    NotImplied {
        /// The line, from 1.
        line: usize,
        /// The lemma, in DIMACS form.
        lemma: String,
    },
    /// The proof ends without deriving the empty clause.
    #[error("the proof ends without deriving the empty clause")]
    Incomplete,
}

/// Checks the DRAT proof `proof` (text form) of the unsatisfiability of `clauses` (DIMACS literals:
/// `v` or `-v` for variable `v >= 1`). Returns the number of lemmas checked, up to the one whose
/// addition gave the conflict.
///
/// ```
/// use solvebatch_tournament::drat::check_drat;
///
/// // x, and either of x or y is false, and y: unsatisfiable; the lemma -y follows by RUP.
/// let formula = [vec![1], vec![-1, -2], vec![2]];
/// assert_eq!(check_drat(&formula, b""), Ok(0), "unit propagation alone refutes it");
/// let formula = [vec![1, 2], vec![-1, 2], vec![1, -2], vec![-1, -2]];
/// assert_eq!(check_drat(&formula, b"2 0\n0\n"), Ok(1));
/// assert_eq!(check_drat(&formula, b"d 1 2 0\n2 0\n").unwrap_err().to_string(),
///            "line 2: the lemma `2 0` does not follow (neither RUP nor RAT on its first literal)");
/// ```
///
/// A variable beyond the formula's (DRAT lets a RAT lemma bring new ones), however many digits it
/// has, is numbered after the formula's in the order the proof names them: the checker's tables grow
/// with the variables the proof uses, never with the largest number it names. A binary proof is
/// refused ([`DratError::Binary`]).
///
/// # Errors
/// A [`DratError`] naming the proof line at fault, or [`DratError::Incomplete`].
pub fn check_drat(clauses: &[Vec<i64>], proof: &[u8]) -> Result<usize, DratError> {
    if is_binary(proof) {
        return Err(DratError::Binary);
    }
    let mut checker = Checker::default();
    for clause in clauses {
        if checker.add(clause) {
            return Ok(0);
        }
    }
    let largest = clauses.iter().flatten().map(|lit| lit.unsigned_abs()).max().unwrap_or(0);
    let mut steps = Steps::new(proof, largest);
    let mut lemmas = 0;
    while let Some(step) = steps.next() {
        let Step { line, delete, clause } = step?;
        if delete {
            checker.delete(&clause);
            continue;
        }
        lemmas += 1;
        if !checker.implied(&clause) {
            return Err(DratError::NotImplied { line, lemma: steps.written(&clause) });
        }
        if checker.add(&clause) {
            return Ok(lemmas);
        }
    }
    Err(DratError::Incomplete)
}

/// Whether `proof` is a binary DRAT proof: one holds a NUL byte (the end of each clause), and its
/// first step starts with `a` (0x61), where a text proof holds neither.
fn is_binary(proof: &[u8]) -> bool {
    proof.first() == Some(&b'a') || proof.contains(&0)
}

/// One proof step: a clause added or deleted, and the line it ends on.
struct Step {
    line: usize,
    delete: bool,
    clause: Vec<i64>,
}

/// The steps of a text DRAT proof; comment lines (`c ...`) are skipped.
struct Steps<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    tokens: std::str::SplitWhitespace<'a>,
    line: usize,
    done: bool,
    /// The formula's largest variable.
    largest: u64,
    /// The variables beyond it, as written (digits, no leading zero), numbered from `largest + 1`
    /// in the order the proof names them.
    fresh: HashMap<&'a str, u64>,
    fresh_names: Vec<&'a str>,
}

impl<'a> Steps<'a> {
    fn new(proof: &'a [u8], largest: u64) -> Steps<'a> {
        // Bytes that are not UTF-8 cannot be literals; a lossy reading names them in the error.
        let text = std::str::from_utf8(proof).unwrap_or("\u{fffd}");
        Steps {
            lines: text.lines().enumerate(),
            tokens: "".split_whitespace(),
            line: 0,
            done: false,
            largest,
            fresh: HashMap::new(),
            fresh_names: Vec::new(),
        }
    }

    /// The literal `text` as the checker numbers it: 0 for the end of a clause, a variable of the
    /// formula as it is, a variable beyond them by its place among the new ones; `None` when it is no
    /// integer.
    fn literal(&mut self, text: &'a str) -> Option<i64> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(digits) => (true, digits),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
            return None;
        }
        let digits = digits.trim_start_matches('0');
        let variable = match digits.parse::<u64>() {
            Ok(variable) if variable <= self.largest => variable,
            _ if digits.is_empty() => 0,
            _ => {
                let next = self.largest + 1 + self.fresh_names.len() as u64;
                *self.fresh.entry(digits).or_insert_with(|| {
                    self.fresh_names.push(digits);
                    next
                })
            }
        };
        let variable = i64::try_from(variable).ok()?;
        Some(if negative { -variable } else { variable })
    }

    /// `clause` (numbered as [`Steps::literal`] numbers) in DIMACS form as the proof wrote it.
    fn written(&self, clause: &[i64]) -> String {
        let mut text = String::new();
        for &lit in clause {
            let variable = lit.unsigned_abs();
            let sign = if lit < 0 { "-" } else { "" };
            match variable.checked_sub(self.largest + 1) {
                Some(index) => text.push_str(&format!("{sign}{} ", self.fresh_names[index as usize])),
                None => text.push_str(&format!("{lit} ")),
            }
        }
        text + "0"
    }

    fn token(&mut self) -> Option<&'a str> {
        loop {
            if let Some(token) = self.tokens.next() {
                return Some(token);
            }
            let (index, line) = self.lines.next()?;
            self.line = index + 1;
            if !line.trim_start().starts_with('c') {
                self.tokens = line.split_whitespace();
            }
        }
    }
}

impl Iterator for Steps<'_> {
    type Item = Result<Step, DratError>;

    fn next(&mut self) -> Option<Result<Step, DratError>> {
        if self.done {
            return None;
        }
        let mut first = self.token()?;
        let delete = first == "d";
        if delete {
            first = match self.token() {
                Some(token) => token,
                None => return Some(Err(DratError::Unterminated { line: self.line })),
            };
        }
        let mut clause = Vec::new();
        let mut token = Some(first);
        loop {
            let Some(text) = token else {
                self.done = true;
                return Some(Err(DratError::Unterminated { line: self.line }));
            };
            match self.literal(text) {
                Some(0) => return Some(Ok(Step { line: self.line, delete, clause })),
                Some(lit) => clause.push(lit),
                None => {
                    self.done = true;
                    return Some(Err(DratError::Malformed { line: self.line, token: text.to_string() }));
                }
            }
            token = self.token();
        }
    }
}

/// A literal's code: `2v` for variable `v` true, `2v + 1` for it false.
fn code(lit: i64) -> usize {
    2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
}

/// What became of a clause watching a literal just made false.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Watch {
    /// It stays: its other watched literal is true.
    Keep,
    /// It watches another literal now.
    Moved,
    /// It stays, with every literal but the other watched one false.
    Stuck,
}

/// The clause database, the top-level assignment and the watches.
#[derive(Default)]
struct Checker {
    clauses: Vec<Vec<usize>>,
    deleted: Vec<bool>,
    /// Clause indices by sorted literal codes, for deletions.
    index: HashMap<Vec<usize>, Vec<usize>>,
    /// Clauses watching each literal code (its first two literals are the watched ones).
    watches: Vec<Vec<usize>>,
    /// The value of each literal code: true, or unassigned (`false` for both).
    true_lit: Vec<bool>,
    /// The clause that set each variable, if propagation did.
    reason: Vec<Option<usize>>,
    trail: Vec<usize>,
    /// Trail entries whose consequences are propagated.
    propagated: usize,
}

impl Checker {
    fn grow(&mut self, lits: &[usize]) {
        let needed = lits.iter().map(|&lit| (lit | 1) + 1).max().unwrap_or(0);
        if needed > self.true_lit.len() {
            self.true_lit.resize(needed, false);
            self.watches.resize(needed, Vec::new());
            self.reason.resize(needed / 2, None);
        }
    }

    fn is_true(&self, lit: usize) -> bool {
        self.true_lit[lit]
    }

    fn is_false(&self, lit: usize) -> bool {
        self.true_lit[lit ^ 1]
    }

    fn assign(&mut self, lit: usize, reason: Option<usize>) {
        self.true_lit[lit] = true;
        self.reason[lit / 2] = reason;
        self.trail.push(lit);
    }

    /// Undoes the assignments past the first `length` of the trail.
    fn backtrack(&mut self, length: usize) {
        for lit in self.trail.drain(length..) {
            self.true_lit[lit] = false;
        }
        self.propagated = length;
    }

    /// Unit propagation from the unpropagated trail entries; true on a conflict.
    fn propagate(&mut self) -> bool {
        while self.propagated < self.trail.len() {
            let falsified = self.trail[self.propagated] ^ 1;
            self.propagated += 1;
            let mut watching = std::mem::take(&mut self.watches[falsified]);
            let mut keep = 0;
            let mut conflict = false;
            for position in 0..watching.len() {
                let index = watching[position];
                if self.deleted[index] {
                    continue;
                }
                let watch = if conflict { Watch::Keep } else { self.visit(index, falsified) };
                if watch == Watch::Moved {
                    continue;
                }
                watching[keep] = index;
                keep += 1;
                if watch == Watch::Stuck {
                    // Every literal but the other watched one is false: the clause is unit or refuted.
                    let other = self.clauses[index][0];
                    if self.is_false(other) {
                        conflict = true;
                    } else if !self.is_true(other) {
                        self.assign(other, Some(index));
                    }
                }
            }
            watching.truncate(keep);
            self.watches[falsified] = watching;
            if conflict {
                return true;
            }
        }
        false
    }

    /// Moves clause `index`'s watch off the `falsified` literal if it can, leaving the other watched
    /// literal first.
    fn visit(&mut self, index: usize, falsified: usize) -> Watch {
        let clause = &mut self.clauses[index];
        if clause[0] == falsified {
            clause.swap(0, 1);
        }
        if self.true_lit[clause[0]] {
            return Watch::Keep;
        }
        for position in 2..clause.len() {
            let lit = clause[position];
            if !self.true_lit[lit ^ 1] {
                clause.swap(1, position);
                self.watches[lit].push(index);
                return Watch::Moved;
            }
        }
        Watch::Stuck
    }

    /// Adds a clause at the top level and propagates; true once the clauses are refuted.
    fn add(&mut self, clause: &[i64]) -> bool {
        let mut lits: Vec<usize> = clause.iter().map(|&lit| code(lit)).collect();
        lits.sort_unstable();
        lits.dedup();
        self.grow(&lits);
        let mut key = lits.clone();
        key.sort_unstable();
        // Literals not false at the top level first, so that they are watched.
        lits.sort_by_key(|&lit| self.is_false(lit));
        let index = self.clauses.len();
        self.index.entry(key).or_default().push(index);
        self.deleted.push(false);
        let open = lits.iter().take_while(|&&lit| !self.is_false(lit)).count();
        let first = lits.first().copied();
        if lits.len() >= 2 {
            self.watches[lits[0]].push(index);
            self.watches[lits[1]].push(index);
        }
        self.clauses.push(lits);
        match (open, first) {
            (0, _) => true,
            (1, Some(lit)) if !self.is_true(lit) => {
                self.assign(lit, Some(index));
                self.propagate()
            }
            _ => false,
        }
    }

    /// Deletes a clause equal to `clause` (as a set), unless it is the reason of a top-level literal.
    fn delete(&mut self, clause: &[i64]) {
        let mut key: Vec<usize> = clause.iter().map(|&lit| code(lit)).collect();
        key.sort_unstable();
        key.dedup();
        let Some(found) = self.index.get_mut(&key) else {
            return;
        };
        let Some(position) = found.iter().position(|&index| !self.deleted[index]) else {
            return;
        };
        let index = found[position];
        let lits = &self.clauses[index];
        let is_reason = lits.iter().any(|&lit| self.true_lit[lit] && self.reason[lit / 2] == Some(index));
        if !is_reason && lits.len() >= 2 {
            self.deleted[index] = true;
            found.swap_remove(position);
        }
    }

    /// Whether assigning the negation of `clause` leads to a conflict by unit propagation.
    fn rup(&mut self, lits: &[usize]) -> bool {
        let start = self.trail.len();
        let mut conflict = false;
        for &lit in lits {
            if self.is_true(lit) {
                conflict = true;
                break;
            }
            if !self.is_false(lit) {
                self.assign(lit ^ 1, None);
            }
        }
        let conflict = conflict || self.propagate();
        self.backtrack(start);
        conflict
    }

    /// Whether `clause` is RUP, or RAT on its first literal.
    fn implied(&mut self, clause: &[i64]) -> bool {
        let lits: Vec<usize> = clause.iter().map(|&lit| code(lit)).collect();
        self.grow(&lits);
        if self.rup(&lits) {
            return true;
        }
        let Some(&pivot) = lits.first() else {
            return false;
        };
        let partners: Vec<usize> = (0..self.clauses.len())
            .filter(|&index| !self.deleted[index] && self.clauses[index].contains(&(pivot ^ 1)))
            .collect();
        partners.into_iter().all(|index| {
            let mut resolvent = lits.clone();
            resolvent.extend(self.clauses[index].iter().copied().filter(|&lit| lit != pivot ^ 1));
            self.rup(&resolvent)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All four clauses over x and y: unsatisfiable, refuted by the lemmas `2`, then the empty one.
    fn four() -> Vec<Vec<i64>> {
        vec![vec![1, 2], vec![-1, 2], vec![1, -2], vec![-1, -2]]
    }

    #[test]
    fn rup_lemmas_refute_and_the_count_stops_at_the_conflict() {
        assert_eq!(check_drat(&four(), b"c a comment\n2 0\n0\n"), Ok(1));
        assert_eq!(check_drat(&four(), b"2 0 0\n"), Ok(1), "two clauses on a line");
    }

    /// With (-z or x) added to the four clauses, the lemma z is no RUP consequence (-z satisfies that clause and
    /// propagates nothing) but a RAT on z: its one partner resolves to (z or x), a RUP. Against (x or
    /// y) alone, -x is neither.
    #[test]
    fn a_rat_lemma_is_accepted_and_a_lemma_that_follows_in_no_way_refused() {
        let mut formula = four();
        formula.push(vec![-3, 1]);
        assert_eq!(check_drat(&formula, b"3 0\n"), Ok(1), "z, then x by propagation: refuted");
        assert_eq!(check_drat(&formula[..4], b"3 0\n"), Err(DratError::Incomplete), "no partner: a RAT");
        assert_eq!(
            check_drat(&[vec![1, 2]], b"-1 0\n"),
            Err(DratError::NotImplied { line: 1, lemma: "-1 0".into() })
        );
    }

    #[test]
    fn a_deleted_clause_no_longer_helps() {
        assert_eq!(
            check_drat(&four(), b"d 1 2 0\n2 0\n0\n"),
            Err(DratError::NotImplied { line: 2, lemma: "2 0".into() })
        );
        assert_eq!(
            check_drat(&four(), b"d 2 1 0\n1 0\n0\n").map_err(|e| e.to_string()),
            Err("line 2: the lemma `1 0` does not follow (neither RUP nor RAT on its first literal)".into()),
            "any order"
        );
    }

    #[test]
    fn malformed_proofs_name_their_line() {
        assert_eq!(
            check_drat(&four(), b"c\nx 0\n"),
            Err(DratError::Malformed { line: 2, token: "x".into() })
        );
        assert_eq!(check_drat(&four(), b"c\n1"), Err(DratError::Unterminated { line: 2 }));
        assert_eq!(
            DratError::Malformed { line: 2, token: "x".into() }.to_string(),
            "line 2: `x` is not a literal (a nonzero integer, each clause ended by 0)"
        );
    }

    /// The 13-byte proof that once made the checker allocate 48 GB: a variable beyond the formula's
    /// is numbered after them, so the tables grow with the variables used, not the number named;
    /// numbers beyond any integer type are variables too, written back as given.
    #[test]
    fn a_literal_beyond_the_formulas_variables_grows_storage_by_the_variables_used() {
        assert_eq!(check_drat(&four(), b"1000000000 0\n"), Err(DratError::Incomplete), "a RAT, no partner");
        assert_eq!(check_drat(&four(), b"2147483647 0\n2 0\n0\n"), Ok(2));
        assert_eq!(
            check_drat(&four(), b"99999999999999999999999 0\n-2147483647 -99999999999999999999999 0\n"),
            Err(DratError::Incomplete),
            "each a RAT"
        );
        let mut steps = Steps::new(b"5 -99999999999999999999999 0\n0099999999999999999999999 7 0\n", 2);
        let first = steps.next().unwrap().unwrap();
        let second = steps.next().unwrap().unwrap();
        assert_eq!((first.clause, second.clause), (vec![3, -4], vec![4, 5]), "numbered in order");
        assert_eq!(steps.written(&[3, -4]), "5 -99999999999999999999999 0");
        assert_eq!(
            check_drat(&[vec![1, 2]], b"1 1000000000 0\n-1 0\n"),
            Err(DratError::NotImplied { line: 2, lemma: "-1 0".into() })
        );
        assert_eq!(
            check_drat(&[vec![1, 2], vec![-1, 2]], b"-2 -1000000000 0\n").map_err(|e| e.to_string()),
            Err("line 1: the lemma `-2 -1000000000 0` does not follow (neither RUP nor RAT on its first \
                 literal)"
                .into())
        );
    }

    /// CaDiCaL's and kissat's default: `a`, the literals as variable-length integers, a NUL byte.
    #[test]
    fn a_binary_drat_proof_is_refused_saying_how_to_write_text() {
        assert_eq!(check_drat(&four(), &[b'a', 4, 0, b'a', 0]), Err(DratError::Binary));
        assert_eq!(check_drat(&four(), &[b'd', 2, 4, 0]), Err(DratError::Binary), "a deletion first");
        assert_eq!(
            DratError::Binary.to_string(),
            "a binary DRAT proof; write the proof as text (--binary=false)"
        );
    }
}
