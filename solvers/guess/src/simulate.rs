//! Playing many secrets with one strategy, in parallel, and summarising the guess counts.

use solvebatch_core::Deadline;
use std::fmt::{self, Write as _};

use rayon::prelude::*;
use serde::Serialize;

use crate::candidates::CandidateSet;
use crate::consistent::consistent_with;
use crate::digits::Digits;
use crate::matches::Packed;
use crate::strategy::{GuessError, Solver, UnsupportedDigits};

/// One secret played to the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SimulatedGame {
    /// The secret.
    pub secret: u32,
    /// Guesses made, the final (correct) one included.
    pub guesses: u32,
}

/// Every game of a simulation.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulation {
    /// The strategy's name.
    pub strategy: &'static str,
    /// The number of digits.
    pub digits: Digits,
    /// One game per secret, in increasing order of secret.
    pub games: Vec<SimulatedGame>,
    /// The guesses of each game in order, the last one the secret: entry `i` belongs to `games[i]`.
    pub transcripts: Vec<Vec<u32>>,
}

/// Why a simulation did not run to the end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimulateError {
    /// The strategy does not handle that many digits.
    #[error(transparent)]
    UnsupportedDigits(#[from] UnsupportedDigits),
    /// A listed secret does not have the game's number of digits.
    #[error("secret {secret} is not a {digits}-digit number")]
    SecretOutOfRange {
        /// The secret.
        secret: u32,
        /// The number of digits.
        digits: Digits,
    },
    /// The strategy gave no guess: the deadline passed first ([`GuessError::Interrupted`]).
    #[error(transparent)]
    Guess(#[from] GuessError),
    /// More secrets than [`MAX_SIMULATED_SECRETS`]: refused before any is played, with the estimated
    /// time and memory of the request.
    #[error(
        "simulating {secrets} secrets at {digits} digits would take about {} and {} of memory, past the \
         limit of {MAX_SIMULATED_SECRETS} secrets; list the secrets with --secrets",
        Seconds(*secrets as u64 * NANOSECONDS_PER_SECRET / 1_000_000_000),
        Gigabytes(*secrets as u64 * BYTES_PER_SECRET)
    )]
    TooMany {
        /// The secrets asked for (every number of the range when none was listed).
        secrets: usize,
        /// The number of digits.
        digits: Digits,
    },
}

/// The most secrets one simulation plays: every number of the range up to 7 digits (9 million, about
/// 1.2 GB and 12 s), lists of secrets at 8 and 9 digits. Its games and their guesses take
/// `BYTES_PER_SECRET` each, so the 900 million secrets of 9 digits would need over 100 GB.
pub const MAX_SIMULATED_SECRETS: usize = 10_000_000;

/// Time per secret of a simulation with `first` over a whole range, on 2 cores: 5 digits in
/// 0.13 s (1.4 µs a secret), 6 digits in 1.2 s (1.3 µs), 7 digits in 11.5 s (1.3 µs).
const NANOSECONDS_PER_SECRET: u64 = 1300;

/// Peak memory per secret of the same simulations (the games, their guesses and the candidate sets):
/// 1.14 GB for the 9 million secrets of 7 digits.
const BYTES_PER_SECRET: u64 = 128;

/// A duration in seconds, for a message: `45 seconds`, `20 minutes`, `3 hours`.
struct Seconds(u64);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            seconds if seconds < 120 => write!(f, "{seconds} seconds"),
            seconds if seconds < 2 * 3600 => write!(f, "{} minutes", (seconds + 30) / 60),
            seconds => write!(f, "{} hours", (seconds + 1800) / 3600),
        }
    }
}

/// An amount of memory in bytes, for a message, in whole gigabytes (10^9 bytes): `115 GB`.
struct Gigabytes(u64);

impl fmt::Display for Gigabytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} GB", (self.0 + 500_000_000) / 1_000_000_000)
    }
}

/// Plays every secret of `secrets` (every number of the range when `None`) with `strategy` and
/// records how many guesses each took.
///
/// A strategy's guess depends only on the candidates left, so the games are played together as one
/// game tree: each node guesses once for every secret that reaches it, and splits them by their
/// answers. A secret listed twice is played once. Memory: the games and their guesses, one large
/// candidate set at a time (a bitset of 8 or 9 digits, 11 MB or 113 MB, or a list of over half a
/// million numbers; see [`CandidateSet`]), which no node keeps while its subtrees are played (the
/// sets of the subtrees after the first are built from their answers, [`consistent_with`]), and the
/// small sets of the nodes on the paths being played. The subtrees of a node with a small set are
/// played in parallel on the current rayon pool, each child filtering a copy of its parent's set;
/// those of a large set one after the other, the large set itself filtered and built in parallel.
///
/// # Errors
/// See [`SimulateError`]; [`SimulateError::TooMany`] before anything is played when more than
/// [`MAX_SIMULATED_SECRETS`] secrets are asked for.
///
/// ```
/// use solvebatch_guess::simulate::SimulateError;
/// use solvebatch_guess::{simulate, solver, Deadline, Digits};
///
/// let nine = Digits::new(9).unwrap();
/// let error = simulate(solver("first").unwrap(), nine, None, Deadline::NEVER).unwrap_err();
/// assert_eq!(error, SimulateError::TooMany { secrets: 900_000_000, digits: nine });
/// ```
pub fn simulate(
    strategy: &dyn Solver,
    digits: Digits,
    secrets: Option<&[u32]>,
    deadline: Deadline<'_>,
) -> Result<Simulation, SimulateError> {
    strategy.check_digits(digits)?;
    let count = secrets.map_or(digits.range_len(), <[u32]>::len);
    if count > MAX_SIMULATED_SECRETS {
        return Err(SimulateError::TooMany { secrets: count, digits });
    }
    let mut secrets = match secrets {
        Some(secrets) => secrets.to_vec(),
        None => (digits.smallest()..=digits.largest()).collect(),
    };
    if let Some(&secret) = secrets.iter().find(|&&secret| !digits.contains(secret)) {
        return Err(SimulateError::SecretOutOfRange { secret, digits });
    }
    secrets.sort_unstable();
    secrets.dedup();
    let mut played = play_node(strategy, CandidateSet::all(digits), secrets, &[], deadline)?;
    played.sort_unstable_by_key(|(secret, _)| *secret);
    let games = played
        .iter()
        .map(|(secret, guesses)| SimulatedGame { secret: *secret, guesses: guesses.len() as u32 })
        .collect();
    let transcripts = played.into_iter().map(|(_, guesses)| guesses).collect();
    Ok(Simulation { strategy: strategy.name(), digits, games, transcripts })
}

/// Nodes reached by fewer secrets than this play their subtrees on the current thread: splitting them
/// further costs more than it gains.
const PARALLEL_MIN_SECRETS: usize = 64;

/// The largest candidate set, in bytes, that a node keeps while its subtrees are played: every bitset
/// up to 7 digits (1.1 MB at 7) and every list of up to half a million numbers. Its children filter
/// copies of it, in parallel, so that the copies held by the subtrees in progress on each thread stay
/// small. A larger set (the bitsets of 8 and 9 digits, 11 MB and 113 MB, and long lists) is kept by
/// no node while its subtrees are played: its first child filters it in place, and each other child
/// builds its own set from the answers of its path ([`consistent_with`]), so that the simulation holds
/// one large set at a time, however deep the tree. The filtering and the building of a large set are
/// what run in parallel.
const KEPT_MAX_SET_BYTES: usize = 2 << 20;

/// Plays the `secrets` (all in `candidates`) from the node reached by `path`, the guesses so far
/// with their answers: each secret with the guesses of its game. The deadline is checked at every
/// node, so that a strategy that never searches (`first`) stops too: at 8 and 9 digits filtering and
/// building the sets is what takes the time.
fn play_node(
    strategy: &dyn Solver,
    candidates: CandidateSet,
    secrets: Vec<u32>,
    path: &[(u32, u32)],
    deadline: Deadline<'_>,
) -> Result<Vec<(u32, Vec<u32>)>, SimulateError> {
    if deadline.passed() {
        return Err(GuessError::Interrupted.into());
    }
    let guess = strategy.next_guess(&candidates, deadline)?;
    let guesses: Vec<u32> = path.iter().map(|&(guess, _)| guess).chain([guess]).collect();
    let digits = candidates.digits();
    let positions = digits.get();
    let packed_guess = Packed::new(guess);
    let mut groups = vec![Vec::new(); positions as usize + 1];
    for secret in secrets {
        groups[(positions - Packed::new(secret).mismatches(packed_guess)) as usize].push(secret);
    }
    let mut games: Vec<(u32, Vec<u32>)> =
        groups.pop().unwrap_or_default().into_iter().map(|secret| (secret, guesses.clone())).collect();
    let children: Vec<(u32, Vec<u32>)> = groups
        .into_iter()
        .enumerate()
        .filter(|(_, group)| !group.is_empty())
        .map(|(answer, group)| (answer as u32, group))
        .collect();
    let play_child = |(answer, group): (u32, Vec<u32>), mut child: CandidateSet| {
        child.eliminate_before(guess, answer, deadline)?;
        play_node(strategy, child, group, &[path, &[(guess, answer)]].concat(), deadline)
    };
    let total: usize = children.iter().map(|(_, group)| group.len()).sum();
    if candidates.heap_bytes() > KEPT_MAX_SET_BYTES {
        // A large set: the first child takes it, the others build theirs, one after the other.
        drop(candidates);
        for (answer, group) in children {
            let child_path = [path, &[(guess, answer)]].concat();
            let child = consistent_with(digits, &child_path, deadline)?;
            games.extend(play_node(strategy, child, group, &child_path, deadline)?);
        }
    } else if total >= PARALLEL_MIN_SECRETS {
        // Each child filters its copy when it is played: a copy per thread at work.
        let child_games: Vec<Vec<(u32, Vec<u32>)>> = children
            .into_par_iter()
            .map(|child| play_child(child, candidates.clone()))
            .collect::<Result<_, _>>()?;
        games.extend(child_games.into_iter().flatten());
    } else {
        // One child at a time, the last taking this node's set.
        let mut children = children.into_iter();
        let last = children.next_back();
        for child in children {
            games.extend(play_child(child, candidates.clone())?);
        }
        if let Some(child) = last {
            games.extend(play_child(child, candidates)?);
        }
    }
    Ok(games)
}

/// The figures of a simulation, for reports and JSON export.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimulationSummary {
    /// The strategy's name.
    pub strategy: &'static str,
    /// The number of digits.
    pub digits: Digits,
    /// How many secrets were played.
    pub secrets: usize,
    /// The most guesses any secret took.
    pub worst_case: u32,
    /// The secrets that took [`SimulationSummary::worst_case`] guesses, in increasing order.
    pub worst_secrets: Vec<u32>,
    /// The mean number of guesses.
    pub mean: f64,
    /// How many secrets took each number of guesses, for every count from 1 to the worst case.
    pub histogram: Vec<Bar>,
}

/// One bar of the histogram of guess counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bar {
    /// A number of guesses.
    pub guesses: u32,
    /// How many secrets took exactly that many.
    pub secrets: usize,
}

impl Simulation {
    /// The most guesses any secret took (0 when no secret was played).
    pub fn worst_case(&self) -> u32 {
        self.games.iter().map(|game| game.guesses).max().unwrap_or(0)
    }

    /// The mean number of guesses (0 when no secret was played).
    pub fn mean(&self) -> f64 {
        let total: u64 = self.games.iter().map(|game| u64::from(game.guesses)).sum();
        total as f64 / self.games.len().max(1) as f64
    }

    /// How many secrets took each number of guesses: index `g` counts the secrets found with the
    /// `g`-th guess (index 0 is always 0); the length is the worst case plus one.
    pub fn histogram(&self) -> Vec<usize> {
        let mut histogram = vec![0; self.worst_case() as usize + 1];
        self.games.iter().for_each(|game| histogram[game.guesses as usize] += 1);
        histogram
    }

    /// One line per game, `secret g1 g2 ... gn` (the guesses in order, the last one the secret), in
    /// increasing order of secret: a record that any strategy's games can be checked against by
    /// replaying them.
    ///
    /// ```
    /// use solvebatch_guess::{simulate, solver, Deadline, Digits};
    ///
    /// let simulation = simulate(solver("first").unwrap(), Digits::FOUR, Some(&[3242, 1000]), Deadline::NEVER).unwrap();
    /// assert_eq!(simulation.transcript(), "1000 1000\n3242 1000 2111 3222 3223 3232 3242\n");
    /// ```
    pub fn transcript(&self) -> String {
        let mut text = String::new();
        for (game, guesses) in self.games.iter().zip(&self.transcripts) {
            let _ = write!(text, "{}", game.secret);
            for guess in guesses {
                let _ = write!(text, " {guess}");
            }
            text.push('\n');
        }
        text
    }

    /// The figures of this simulation.
    pub fn summary(&self) -> SimulationSummary {
        let worst_case = self.worst_case();
        SimulationSummary {
            strategy: self.strategy,
            digits: self.digits,
            secrets: self.games.len(),
            worst_case,
            worst_secrets: self
                .games
                .iter()
                .filter(|game| game.guesses == worst_case)
                .map(|game| game.secret)
                .collect(),
            mean: self.mean(),
            histogram: self
                .histogram()
                .into_iter()
                .enumerate()
                .skip(1)
                .map(|(guesses, secrets)| Bar { guesses: guesses as u32, secrets })
                .collect(),
        }
    }
}

impl SimulationSummary {
    /// The histogram as a text bar chart, one line per guess count: the count, the number of secrets
    /// and a bar of `#` (the longest bar is `width` characters; any non-zero count shows at least one).
    ///
    /// ```
    /// use solvebatch_guess::{simulate, solver, Deadline, Digits};
    ///
    /// let secrets = [1000, 2111, 3242];
    /// let simulation = simulate(solver("first").unwrap(), Digits::FOUR, Some(&secrets), Deadline::NEVER).unwrap();
    /// assert_eq!(simulation.summary().chart(4), "\
    /// guesses  secrets
    ///       1        1  ####
    ///       2        1  ####
    ///       3        0
    ///       4        0
    ///       5        0
    ///       6        1  ####
    /// ");
    /// ```
    pub fn chart(&self, width: usize) -> String {
        let most = self.histogram.iter().map(|bar| bar.secrets).max().unwrap_or(0).max(1);
        let mut chart = String::from("guesses  secrets\n");
        for &Bar { guesses, secrets } in &self.histogram {
            let bar = "#".repeat((secrets * width).div_ceil(most));
            let line = format!("{guesses:>7}  {secrets:>7}  {bar}");
            let _ = writeln!(chart, "{}", line.trim_end());
        }
        chart
    }
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;

    use proptest::prelude::{prop_assert_eq, proptest, ProptestConfig};

    use super::*;
    use crate::codebreaker::Codebreaker;
    use crate::matches::matches;
    use crate::strategy::registry::{solver, solvers};

    #[test]
    fn reference_strategy_on_all_four_digit_secrets() {
        let simulation = simulate(solver("first").unwrap(), Digits::FOUR, None, Deadline::NEVER).unwrap();
        let summary = simulation.summary();
        assert_eq!(summary.secrets, 9000);
        assert_eq!(summary.worst_case, 16);
        assert_eq!(format!("{:.4}", summary.mean), "10.1891");
        assert_eq!(simulation.games.iter().find(|game| game.secret == 3242).unwrap().guesses, 6);
        assert_eq!(simulation.games[0], SimulatedGame { secret: 1000, guesses: 1 });
    }

    /// Plays one game with a [`Codebreaker`], checking on the way that each guess of a strategy that
    /// promises candidates is consistent with every earlier answer.
    fn play_alone(strategy: &'static dyn Solver, digits: Digits, secret: u32) -> Vec<u32> {
        let mut game = Codebreaker::new(digits, strategy).unwrap();
        let mut answers: Vec<(u32, u32)> = Vec::new();
        while !game.is_over() {
            let guess = game.guess().unwrap();
            if strategy.guesses_are_candidates() {
                assert!(answers.iter().all(|&(earlier, answer)| matches(guess, earlier) == answer));
            }
            answers.push((guess, matches(guess, secret)));
            game.answer(matches(guess, secret)).unwrap();
            assert!(game.guess_count() <= digits.range_len(), "no progress");
        }
        game.prior_guesses().to_vec()
    }

    #[test]
    fn every_strategy_finds_every_three_digit_secret_once() {
        for &strategy in solvers() {
            let simulation = simulate(strategy, Digits::new(3).unwrap(), None, Deadline::NEVER).unwrap();
            assert!(simulation.games.iter().map(|game| game.secret).eq(100..=999), "{}", strategy.name());
        }
    }

    #[test]
    fn listed_secrets_are_played_once_in_order() {
        let simulation =
            simulate(solver("first").unwrap(), Digits::FOUR, Some(&[3242, 1000, 3242]), Deadline::NEVER)
                .unwrap();
        assert_eq!(
            simulation.games,
            [SimulatedGame { secret: 1000, guesses: 1 }, SimulatedGame { secret: 3242, guesses: 6 }]
        );
        assert_eq!(simulation.transcripts, [vec![1000], vec![1000, 2111, 3222, 3223, 3232, 3242]]);
        assert_eq!(simulation.mean(), 3.5);
        assert_eq!(simulation.histogram(), [0, 1, 0, 0, 0, 0, 1]);
    }

    #[test]
    fn more_secrets_than_the_limit_are_refused_before_playing() {
        let nine = Digits::new(9).unwrap();
        let error = simulate(solver("first").unwrap(), nine, None, Deadline::NEVER).unwrap_err();
        assert_eq!(error, SimulateError::TooMany { secrets: 900_000_000, digits: nine });
        // 900 million secrets: 1 170 s and 115.2 GB at 1.3 µs and 128 bytes each.
        assert_eq!(
            error.to_string(),
            "simulating 900000000 secrets at 9 digits would take about 20 minutes and 115 GB of memory, \
             past the limit of 10000000 secrets; list the secrets with --secrets"
        );
        let error =
            simulate(solver("first").unwrap(), Digits::new(8).unwrap(), None, Deadline::NEVER).unwrap_err();
        assert_eq!(
            error.to_string(),
            "simulating 90000000 secrets at 8 digits would take about 117 seconds and 12 GB of memory, past \
             the limit of 10000000 secrets; list the secrets with --secrets"
        );
        // A list counts as written, repeats included.
        let listed = vec![123_456_789; MAX_SIMULATED_SECRETS + 1];
        let error = simulate(solver("first").unwrap(), nine, Some(&listed), Deadline::NEVER).unwrap_err();
        assert_eq!(error, SimulateError::TooMany { secrets: 10_000_001, digits: nine });
    }

    /// 100000000 gets 8 matches: one position differs. 100000001 gets 8 too, which leaves the numbers
    /// that differ from both in that one position: the last, set to 2 to 9. Each is guessed in turn.
    #[test]
    fn a_nine_digit_game_by_the_reference_strategy() {
        let simulation = simulate(
            solver("first").unwrap(),
            Digits::new(9).unwrap(),
            Some(&[100_000_009]),
            Deadline::NEVER,
        )
        .unwrap();
        assert_eq!(simulation.games, [SimulatedGame { secret: 100_000_009, guesses: 10 }]);
        assert_eq!(simulation.transcripts, [(100_000_000..=100_000_009).collect::<Vec<u32>>()]);
    }

    /// At 8 digits every bitset (11 MB) is a large set: no node keeps it, the first child of a node
    /// and each other child build theirs from the answers of their path.
    #[test]
    fn large_sets_built_from_their_answers_play_the_games_a_codebreaker_plays_alone() {
        let eight = Digits::new(8).unwrap();
        let secrets = [98_765_432, 10_000_009, 55_555_555];
        let simulation = simulate(solver("first").unwrap(), eight, Some(&secrets), Deadline::NEVER).unwrap();
        for (game, transcript) in simulation.games.iter().zip(&simulation.transcripts) {
            assert_eq!(*transcript, play_alone(solver("first").unwrap(), eight, game.secret));
        }
        assert_eq!(simulation.transcripts[0], (10_000_000..=10_000_009).collect::<Vec<u32>>());
    }

    #[test]
    fn secrets_outside_the_range_are_refused() {
        let error =
            simulate(solver("first").unwrap(), Digits::FOUR, Some(&[999]), Deadline::NEVER).unwrap_err();
        assert_eq!(error.to_string(), "secret 999 is not a 4-digit number");
        let error =
            simulate(solver("entropy").unwrap(), Digits::new(6).unwrap(), None, Deadline::NEVER).unwrap_err();
        assert_eq!(error.to_string(), "strategy entropy handles at most 5 digits, not 6");
    }

    /// Simulates every 4-digit secret and checks that each was found exactly once.
    fn all_four_digit_games(name: &str) -> SimulationSummary {
        let simulation = simulate(solver(name).unwrap(), Digits::FOUR, None, Deadline::NEVER).unwrap();
        assert!(
            simulation.games.iter().map(|game| game.secret).eq(1000..=9999),
            "{name} finds every secret once"
        );
        simulation.summary()
    }

    #[test]
    fn max_parts_needs_at_most_13_guesses() {
        let summary = all_four_digit_games("max-parts");
        assert!(summary.worst_case <= 13, "worst case {}", summary.worst_case);
    }

    #[test]
    fn entropy_needs_at_most_14_guesses_and_fewer_than_9_95_on_average() {
        let summary = all_four_digit_games("entropy");
        assert!(summary.worst_case <= 14, "worst case {}", summary.worst_case);
        assert!(summary.mean < 9.95, "mean {}", summary.mean);
    }

    #[test]
    fn minimax_does_no_worse_than_the_reference() {
        let summary = all_four_digit_games("minimax");
        assert!(summary.worst_case <= 16, "worst case {}", summary.worst_case);
    }

    #[test]
    fn a_past_deadline_interrupts_the_simulation() {
        let past = Deadline::at(Some(std::time::Instant::now()));
        let error = simulate(solver("minimax").unwrap(), Digits::FOUR, None, past).unwrap_err();
        assert_eq!(error, SimulateError::Guess(GuessError::Interrupted));
        // `first` searches nothing, and stops all the same.
        let error = simulate(solver("first").unwrap(), Digits::FOUR, None, past).unwrap_err();
        assert_eq!(error, SimulateError::Guess(GuessError::Interrupted));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn three_digit_games_alone_agree_with_the_simulation(index in 0usize..5, secret in 100u32..1000) {
            static SIMULATIONS: OnceLock<Vec<Simulation>> = OnceLock::new();
            let simulations = SIMULATIONS.get_or_init(|| {
                solvers().iter().map(|&strategy| simulate(strategy, Digits::new(3).unwrap(), None, Deadline::NEVER).unwrap()).collect()
            });
            let strategy = solvers()[index];
            let guesses = play_alone(strategy, Digits::new(3).unwrap(), secret);
            prop_assert_eq!(guesses.last(), Some(&secret));
            prop_assert_eq!(guesses.len() as u32, simulations[index].games[(secret - 100) as usize].guesses);
        }

        #[test]
        fn reference_games_alone_agree_with_the_simulation(secret in 1000u32..10_000) {
            static SIMULATION: OnceLock<Simulation> = OnceLock::new();
            let simulation =
                SIMULATION.get_or_init(|| simulate(solver("first").unwrap(), Digits::FOUR, None, Deadline::NEVER).unwrap());
            let guesses = play_alone(solver("first").unwrap(), Digits::FOUR, secret);
            prop_assert_eq!(guesses.last(), Some(&secret));
            prop_assert_eq!(guesses.len() as u32, simulation.games[(secret - 1000) as usize].guesses);
        }
    }
}
