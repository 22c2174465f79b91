//! The round as satisfiability, solved by varisat (a CDCL solver) with cube-and-conquer (Heule,
//! Kullmann, Wieringa and Biere, "Cube and Conquer: Guiding CDCL SAT Solvers by Lookaheads", 2011).
//!
//! The formula is [`crate::solvers::cnf::encode`]'s. The exact cover search tree, split down to
//! `MAX_CUBE_WEIGHT` (`cube`), gives the cubes: sets of pairings assumed played. They are
//! solved in depth-first order on one incremental varisat solver under assumptions, so that the clauses
//! learned on one cube (consequences of the formula alone) serve the next; the first satisfiable cube
//! gives the round, and when every cube is refuted there is none. With two or more threads, a second
//! solver takes the cubes from the back, and the two stop where they meet.
//!
//! varisat has no time limit of its own: the solver writes its proof to a `StopSink`, which fails
//! the write once the deadline has passed (or the other solver has answered), and varisat stops at its
//! next step; writes come at least every few hundred conflicts and at the end of every cube.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use varisat::config::SolverConfigUpdate;
use varisat::solver::SolverError;
use varisat::{ProofFormat, Solver as Varisat, Var};

use crate::instance::Instance;
use crate::round::{check_round, Round};
use crate::solver::{Interrupted, Limits, Solution, Solver, Stats};
use crate::solvers::cnf::{encode, Encoding};
use crate::solvers::cube::Cubes;
use crate::solvers::proof_sink::StopSink;
use crate::stop::Stop;

/// Where the split cuts a path into a cube: once the product of the branching factors along it
/// reaches this. Measured on the 45-table regular instances, seeds 1 to 10 of each degree, one thread,
/// 10 s each, learned clauses reduced every 1 000 conflicts; degree 5 has no round (every cube is
/// refuted), degrees 6 and 7 have rounds:
///
/// | weight | degree 5: seconds, conflicts | degrees 6 and 7: rounds found, their conflicts |
/// | --- | --- | --- |
/// | 1 (no split: varisat alone) | 9.9, 622 000 | 12, 3 458 000 |
/// | 2^12 | 7.3, 418 000 | 16, 2 164 000 |
/// | 2^16 | 6.1, 289 000 | 17, 2 385 000 |
/// | 2^20 | 3.1, 27 600 | 17, 2 205 000 |
///
/// At 2^20 the split refutes nearly every cube itself (Algorithm X does the work, varisat little);
/// 2^16 keeps the solver the main prover and takes the rounds found.
pub(crate) const MAX_CUBE_WEIGHT: f64 = 65536.0;

/// Conflicts between two reductions of varisat's learned clauses (its local and mid tiers; its
/// defaults are 15 000 and 10 000). On these small formulas unit propagation over the learned clauses
/// takes most of the time: fewer clauses are faster to propagate but keep less of what was learned.
/// On the instances of [`MAX_CUBE_WEIGHT`]'s table, with cubes of weight 2^16:
///
/// | interval | degree 5: seconds, conflicts | degrees 6 and 7: rounds found, their conflicts, seconds |
/// | --- | --- | --- |
/// | varisat's defaults | 16.8, 287 000 | 12, 690 000, 46.9 |
/// | 1 000 | 6.1, 289 000 | 17, 2 385 000, 44.4 |
/// | 300 | 4.8, 291 000 | 17, 2 692 000, 36.4 |
/// | 100 | 4.5, 298 000 | 16, 2 698 000, 30.3 |
pub(crate) const REDUCE_INTERVAL: u64 = 300;

/// SAT on varisat by cube-and-conquer: one variable per pairing, "exactly one" per table and per
/// player (see [`crate::solvers::cnf::encode`]), cubes from the exact cover's first levels. The model is decoded into
/// a round and checked with [`check_round`]. [`Stats::backtracks`] counts conflicts (learned clauses,
/// read from the proof stream, summed over the solvers); varisat does not report its decisions, so
/// [`Stats::nodes`] stays 0. With one thread the search, hence the round, is deterministic; with two or
/// more, which round is reported when several exist can vary between runs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sat;

impl Solver for Sat {
    fn name(&self) -> &'static str {
        "sat"
    }

    fn description(&self) -> &'static str {
        "CDCL on varisat, exactly-one per table and player, cube-and-conquer (Heule et al. 2011), two \
         solvers racing on two worker threads; the one solver proving \"No tournament found.\" (DRAT)"
    }

    fn solve(&self, instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted> {
        solve_threads(instance, &Stop::new(limits), limits.threads)
    }
}

/// Where the two solvers' walks through the cubes have got to: the positions (see
/// [`Cubes::position`]) of the cubes each took last, the first solver walking from the front, the
/// second from the back.
#[derive(Default)]
pub(crate) struct Meeting {
    taken: Mutex<Taken>,
}

/// The positions of the cubes taken last from the front and from the back.
#[derive(Default)]
struct Taken {
    front: Option<Vec<usize>>,
    back: Option<Vec<usize>>,
}

impl Meeting {
    /// Takes the cube at `position` for the walk from the back (`from_back`) or the front, unless the
    /// other walk has taken it or passed it.
    fn take(&self, position: Vec<usize>, from_back: bool) -> bool {
        let mut taken = self.taken.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let Taken { front, back } = &mut *taken;
        let (mine, free) = if from_back {
            (back, front.as_ref().is_none_or(|front| *front < position))
        } else {
            (front, back.as_ref().is_none_or(|back| position < *back))
        };
        if free {
            *mine = Some(position);
        }
        free
    }
}

/// What one solver found.
pub(crate) enum Answer {
    /// A model: the pairing indices in the round.
    Round(Vec<usize>),
    /// Its cubes hold no round.
    NoRoundInCubes,
    /// The whole formula has no round (a refutation without assumptions).
    NoRound,
}

/// Solves `instance` with one solver, or two from both ends of the cube list when `threads >= 2`.
/// Two threads start after a head start on one ([`crate::stop::head_start`]).
fn solve_threads(instance: &Instance, stop: &Stop, threads: usize) -> Result<Solution, Interrupted> {
    stop.check()?;
    let encoding = encode(instance);
    crate::stop::head_start(stop, threads, |stop, threads| solve_encoded(instance, &encoding, stop, threads))
}

/// [`solve_threads`] on `encoding`, the formula of `instance`, without the head start.
fn solve_encoded(
    instance: &Instance,
    encoding: &Encoding,
    stop: &Stop,
    threads: usize,
) -> Result<Solution, Interrupted> {
    let meeting = Meeting::default();
    let answered = AtomicBool::new(false);
    let run = |from_back: bool| {
        let learned = Cell::new(0);
        let cubes = Cubes::new(instance, MAX_CUBE_WEIGHT, from_back);
        let answer = conquer(encoding, cubes, &meeting, stop, &answered, &learned);
        if matches!(answer, Ok(Answer::Round(_) | Answer::NoRound)) {
            answered.store(true, Ordering::SeqCst);
        }
        (answer, learned.get())
    };
    let answers = if threads >= 2 {
        std::thread::scope(|scope| {
            let back = scope.spawn(|| run(true));
            let front = run(false);
            vec![front, back.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))]
        })
    } else {
        vec![run(false)]
    };
    let stats = Stats { nodes: 0, backtracks: answers.iter().map(|(_, learned)| learned).sum() };
    let mut exhausted = true;
    for (answer, _) in answers {
        match answer {
            Ok(Answer::Round(chosen)) => {
                return Ok(Solution { round: Some(decode(instance, chosen)), stats })
            }
            Ok(Answer::NoRound) => return Ok(Solution { round: None, stats }),
            Ok(Answer::NoRoundInCubes) => {}
            // A solver stopped by its partner's answer is not the verdict, unless the deadline passed.
            Err(Interrupted) => exhausted = false,
        }
    }
    if exhausted {
        Ok(Solution { round: None, stats })
    } else {
        Err(Interrupted)
    }
}

/// The round of a model's chosen pairings, checked.
///
/// # Panics
/// When the pairings are not a round: the encoding would be wrong.
pub(crate) fn decode(instance: &Instance, chosen: Vec<usize>) -> Round {
    let round = Round::from_pairings(instance, chosen);
    if let Err(error) = check_round(instance, &round) {
        panic!("varisat's model is not a round ({error}): the encoding is wrong");
    }
    round
}

/// Solves `cubes` in turn on one incremental solver for `encoding`, until one holds a round, they run
/// out or reach the cubes the other walk took (`meeting`), or the search must stop (`stop`, or
/// `partner` answered). Conflicts are added to `learned`.
pub(crate) fn conquer(
    encoding: &Encoding,
    mut cubes: Cubes,
    meeting: &Meeting,
    stop: &Stop,
    partner: &AtomicBool,
    learned: &Cell<u64>,
) -> Result<Answer, Interrupted> {
    let mut solver = Varisat::new();
    solver.write_proof(StopSink::new(stop, Some(partner), learned), ProofFormat::Varisat);
    let config = SolverConfigUpdate {
        reduce_locals_interval: Some(REDUCE_INTERVAL),
        reduce_mids_interval: Some(REDUCE_INTERVAL),
        ..SolverConfigUpdate::new()
    };
    solver.config(&config).expect("the reduction intervals are in range");
    solver.add_formula(&encoding.formula);
    let mut assumptions = Vec::new();
    while let Some(cube) = cubes.next() {
        if stop.is_due() || partner.load(Ordering::Relaxed) {
            return Err(Interrupted);
        }
        if !meeting.take(cubes.position(), cubes.from_back) {
            break;
        }
        assumptions.clear();
        assumptions.extend(cube.iter().map(|&index| Var::from_index(index).positive()));
        solver.assume(&assumptions);
        match solver.solve() {
            Ok(true) => {
                let model = solver.model().expect("a satisfiable formula has a model");
                let chosen = model.iter().filter(|lit| lit.is_positive() && lit.index() < encoding.pairings);
                return Ok(Answer::Round(chosen.map(|lit| lit.index()).collect()));
            }
            Ok(false) if solver.failed_core() == Some(&[]) => return Ok(Answer::NoRound),
            Ok(false) => {}
            Err(SolverError::ProofIoError { .. }) => return Err(Interrupted),
            Err(error) => unreachable!("varisat without proof processors cannot fail with {error}"),
        }
    }
    Ok(Answer::NoRoundInCubes)
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::generate::Regular;
    use crate::parse;
    use crate::round::format;
    use crate::solvers::backtrack::Backtrack;

    fn solve_with(instance: &Instance, threads: usize) -> Result<Solution, Interrupted> {
        Sat.solve(instance, &Limits { threads, ..Limits::default() })
    }

    #[test]
    fn spec_example_has_its_only_round() {
        let instance = parse("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n").unwrap();
        for threads in [1, 2] {
            let solution = solve_with(&instance, threads).unwrap();
            assert_eq!(
                format(&instance, solution.round.as_ref()),
                "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n"
            );
        }
    }

    #[test]
    fn agrees_with_the_reference_on_generated_instances_with_one_and_two_threads() {
        for (tables, degree, seed) in [(8, 2, 1), (9, 3, 1), (10, 4, 2), (10, 5, 3), (11, 6, 4), (12, 3, 5)] {
            for planted in [false, true] {
                let instance = Regular { tables, degree, seed, planted }.generate().unwrap();
                let expected = Backtrack.solve(&instance, &Limits::default()).unwrap().round.is_some();
                for threads in [1, 2] {
                    let solution = solve_with(&instance, threads).unwrap();
                    assert_eq!(
                        solution.round.is_some(),
                        expected,
                        "{tables} {degree} {seed} {planted} {threads}"
                    );
                }
            }
        }
    }

    #[test]
    fn each_walk_stops_where_the_other_has_been() {
        let meeting = Meeting::default();
        assert!(meeting.take(vec![0, 1], false));
        assert!(meeting.take(vec![2], true));
        assert!(meeting.take(vec![1, 0, 5], false));
        assert!(meeting.take(vec![1, 1], true));
        assert!(!meeting.take(vec![1, 1], false), "taken by the back");
        assert!(!meeting.take(vec![1, 0, 5], true), "taken by the front");
        assert!(!meeting.take(vec![0], true), "passed by the front");
    }

    /// As for every solver, the smallest overshoot of three tries on a 60-table degree-6 instance (far
    /// longer to solve) stays under 100 ms; here with the two solvers of two threads.
    #[test]
    fn two_threads_stop_within_100_ms_past_the_time_limit() {
        let instance = Regular { tables: 60, degree: 6, seed: 1, planted: false }.generate().unwrap();
        let limit = Duration::from_millis(300);
        let overshoot = (0..3)
            .map(|_| {
                let started = Instant::now();
                let limits = Limits {
                    deadline: crate::solver::Deadline::at(Some(started + limit)),
                    threads: 2,
                    seed: 0,
                };
                assert_eq!(Sat.solve(&instance, &limits), Err(Interrupted));
                started.elapsed().saturating_sub(limit)
            })
            .min()
            .unwrap();
        assert!(overshoot < Duration::from_millis(100), "stopped {overshoot:?} late");
    }
}
