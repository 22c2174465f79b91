//! The round as a CNF formula, and its DIMACS text.
//!
//! Variable `i + 1` (DIMACS numbering) is true when pairing `i` (file order) is in the round. Every table
//! and every player gets "exactly one" of the pairings that use it: one at-least-one clause, and an
//! at-most-one constraint that is pairwise (`k(k-1)/2` binary clauses) for groups of up to
//! `PAIRWISE_LIMIT` pairings and a sequential counter (Sinz, "Towards an optimal CNF encoding of
//! Boolean cardinality constraints", 2005: `k - 1` auxiliary variables, `3k - 4` clauses) above it.

use std::io::{self, Write};

use varisat::{CnfFormula, ExtendFormula, Lit, Var};

use crate::instance::Instance;

/// The largest group encoded with pairwise at-most-one clauses; larger groups take the sequential
/// counter, which keeps the formula linear in size. Measured with varisat on regular instances, total
/// seconds over seeds 1 to 5 (1 to 3 from 40 tables on), sequential counter / pairwise, on a loaded
/// 2-core machine:
///
/// | tables, group size | 30, 6 | 30, 8 | 30, 12 | 30, 16 | 30, 20 | 40, 24 | 40, 32 | 40, 48 | 45, 5 |
/// | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
/// | sequential | 2.22 | 1.03 | 0.23 | 0.05 | 0.20 | 0.22 | 0.11 | 0.17 | 28.4 |
/// | pairwise | 3.08 | 1.59 | 0.13 | 0.06 | 0.07 | 0.03 | 0.04 | 0.14 | 25.7 |
///
/// Below 12 the search varies more from run to run than between encodings; from 12 to 48 pairwise is
/// as fast or faster, so groups up to 48 stay pairwise.
pub(crate) const PAIRWISE_LIMIT: usize = 48;

/// A CNF formula whose first [`Encoding::pairings`] variables are the pairings in file order.
#[derive(Debug)]
pub struct Encoding {
    /// The clauses, over the pairing variables and the auxiliary variables of sequential counters.
    pub formula: CnfFormula,
    /// The number of pairing variables (variables `1..=pairings` in DIMACS numbering).
    pub pairings: usize,
}

/// Encodes "a round of `instance` exists". An instance with fewer pairings than tables (which has no
/// round) becomes the pairing variables and one empty clause, so a huge `n` costs no memory.
pub fn encode(instance: &Instance) -> Encoding {
    let pairings = instance.pairings.len();
    let mut formula = CnfFormula::new();
    formula.set_var_count(pairings);
    let Some(n) = instance.tables_if_coverable() else {
        formula.add_clause(&[]);
        return Encoding { formula, pairings };
    };
    // Items: tables 0..n, then players n..3n; each lists the pairings that use it.
    let mut groups: Vec<Vec<Lit>> = vec![Vec::new(); 3 * n];
    for (index, p) in instance.pairings.iter().enumerate() {
        let lit = Var::from_index(index).positive();
        for item in [p.table as usize, n + p.first as usize, n + p.second as usize] {
            groups[item].push(lit);
        }
    }
    for group in &groups {
        formula.add_clause(group);
        at_most_one(&mut formula, group);
    }
    Encoding { formula, pairings }
}

/// Adds "at most one of `group` is true".
fn at_most_one(formula: &mut CnfFormula, group: &[Lit]) {
    if group.len() <= PAIRWISE_LIMIT {
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                formula.add_clause(&[!a, !b]);
            }
        }
        return;
    }
    // Sequential counter: s_i is true once one of x_1..x_i is.
    let counters: Vec<Lit> = (1..group.len()).map(|_| formula.new_var().positive()).collect();
    let last = group.len() - 1;
    formula.add_clause(&[!group[0], counters[0]]);
    for i in 1..last {
        formula.add_clause(&[!group[i], counters[i]]);
        formula.add_clause(&[!counters[i - 1], counters[i]]);
        formula.add_clause(&[!group[i], !counters[i - 1]]);
    }
    formula.add_clause(&[!group[last], !counters[last - 1]]);
}

/// Writes `encoding` in DIMACS CNF: comment lines first, mapping each pairing variable to its pairing
/// (`c <variable> = <first>,<second>,<table>`, the pairing's line in the input), then the header
/// `p cnf <variables> <clauses>` and one clause per line, each ended by `0`.
///
/// # Errors
/// Whatever writing to `target` returns.
pub fn write_dimacs(target: &mut impl Write, instance: &Instance, encoding: &Encoding) -> io::Result<()> {
    let mut out = io::BufWriter::new(target);
    writeln!(out, "c tournament round: variable k is true when the k-th pairing (file order) is played")?;
    writeln!(out, "c variables past {} are sequential-counter auxiliaries", encoding.pairings)?;
    for (index, p) in instance.pairings.iter().enumerate() {
        writeln!(out, "c {} = {},{},{}", index + 1, p.first, p.second, p.table)?;
    }
    writeln!(out, "p cnf {} {}", encoding.formula.var_count(), encoding.formula.len())?;
    for clause in encoding.formula.iter() {
        for lit in clause {
            write!(out, "{} ", lit.to_dimacs())?;
        }
        writeln!(out, "0")?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use varisat::dimacs::DimacsParser;
    use varisat::Solver as Varisat;

    use super::*;
    use crate::parse;
    use crate::round::{check_round, Round};

    const EXAMPLE: &str = "3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n";

    fn dimacs(instance: &Instance) -> String {
        let mut bytes = Vec::new();
        write_dimacs(&mut bytes, instance, &encode(instance)).unwrap();
        String::from_utf8(bytes).unwrap()
    }

    /// Groups of the spec example: table 0 {1, 2}, table 1 {3}, table 2 {4}, player 0 {1, 4},
    /// player 1 {1, 2}, player 2 {2}, player 3 {3}, player 4 {3}, player 5 {4}: an at-least-one clause
    /// each, one pairwise clause for each group of two.
    #[test]
    fn spec_example_encodes_by_hand() {
        let instance = parse(EXAMPLE).unwrap();
        let expected =
            "c tournament round: variable k is true when the k-th pairing (file order) is played\n\
                        c variables past 4 are sequential-counter auxiliaries\n\
                        c 1 = 0,1,0\nc 2 = 1,2,0\nc 3 = 3,4,1\nc 4 = 5,0,2\n\
                        p cnf 4 12\n\
                        1 2 0\n-1 -2 0\n3 0\n4 0\n1 4 0\n-1 -4 0\n1 2 0\n-1 -2 0\n2 0\n3 0\n3 0\n4 0\n";
        assert_eq!(dimacs(&instance), expected);
    }

    #[test]
    fn dimacs_parses_back_and_a_model_maps_to_a_round() {
        let instance =
            crate::generate::Regular { tables: 30, degree: 50, seed: 3, planted: true }.generate().unwrap();
        let text = dimacs(&instance);
        let formula = DimacsParser::parse(text.as_bytes()).unwrap();
        // Groups of 50 take the sequential counter: 49 auxiliaries and 3 * 50 - 4 clauses, plus the
        // at-least-one clause, for each of the 90 groups.
        assert_eq!(formula.var_count(), 1500 + 90 * 49);
        assert_eq!(formula.len(), 90 * (1 + 146));
        let mut solver = Varisat::new();
        solver.add_formula(&formula);
        assert_eq!(solver.solve().ok(), Some(true));
        let model = solver.model().unwrap();
        let chosen =
            model.iter().filter(|lit| lit.is_positive() && lit.index() < 1500).map(|lit| lit.index());
        assert_eq!(check_round(&instance, &Round::from_pairings(&instance, chosen)), Ok(()));
    }

    #[test]
    fn sequential_counter_allows_exactly_the_assignments_with_at_most_one_true() {
        let mut formula = CnfFormula::new();
        let group: Vec<Lit> = (0..PAIRWISE_LIMIT + 2).map(|_| formula.new_var().positive()).collect();
        at_most_one(&mut formula, &group);
        assert_eq!(formula.len(), 3 * group.len() - 4);
        let mut solver = Varisat::new();
        solver.add_formula(&formula);
        for i in 0..group.len() {
            let alone: Vec<Lit> =
                group.iter().enumerate().map(|(k, &x)| if k == i { x } else { !x }).collect();
            solver.assume(&alone);
            assert_eq!(solver.solve().ok(), Some(true), "only x{i} true");
            for j in i + 1..group.len() {
                solver.assume(&[group[i], group[j]]);
                assert_eq!(solver.solve().ok(), Some(false), "x{i} and x{j} true");
            }
        }
    }

    #[test]
    fn fewer_pairings_than_tables_is_one_empty_clause() {
        let instance = parse("1000000000000\n0,1,0\n").unwrap();
        let text = dimacs(&instance);
        assert!(text.ends_with("p cnf 1 1\n0\n"), "{text}");
    }
}
