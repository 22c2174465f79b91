//! The codebreaker's side of one game: guesses, answers, candidates and the record of prior guesses.

use crate::candidates::CandidateSet;
use crate::digits::Digits;
use crate::strategy::{GuessError, Solver, UnsupportedDigits};

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameState {
    /// Guessing goes on.
    Playing,
    /// The last guess matched every digit.
    Won,
    /// No number is consistent with every answer; no further guess is made.
    Inconsistent,
}

/// Why an answer was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// The answer is larger than the number of digits.
    #[error("{answer} is not a number of matches from 0 to {digits}")]
    OutOfRange {
        /// The answer given.
        answer: u32,
        /// The number of digits.
        digits: Digits,
    },
    /// Every guess made so far has its answer already.
    #[error("there is no guess to answer")]
    NoGuess,
    /// The game is already won or inconsistent.
    #[error("the game is over")]
    GameOver,
    /// With this answer no number matches all the answers; the game stops.
    #[error("no number matches all your answers")]
    Inconsistent,
}

/// The codebreaker of one game: it proposes guesses with a [`Solver`], eliminates the candidates each
/// answer rules out, and keeps the list of its prior guesses.
///
/// It follows the reference codebreaker's bookkeeping: every call of [`Codebreaker::guess`] counts as a
/// guess and is recorded, including a repeat before the answer or after the game is won (it then returns
/// the same number again); a winning answer adds nothing; [`Codebreaker::reset`] starts a new game.
///
/// ```
/// use solvebatch_guess::{matches, solver, Codebreaker, Digits};
///
/// let mut game = Codebreaker::new(Digits::FOUR, solver("first").unwrap()).unwrap();
/// while !game.is_over() {
///     let guess = game.guess().unwrap();
///     game.answer(matches(guess, 3242)).unwrap();
/// }
/// assert_eq!(game.prior_guesses(), [1000, 2111, 3222, 3223, 3232, 3242]);
/// ```
#[derive(Debug)]
pub struct Codebreaker {
    strategy: &'static dyn Solver,
    candidates: CandidateSet,
    guesses: Vec<u32>,
    /// The guess handed out by [`Codebreaker::guess`] until an answer replaces it; `None` while the next
    /// guess is still to be computed.
    current: Option<u32>,
    /// Whether `current` has been handed out and awaits its answer.
    awaiting: bool,
    state: GameState,
}

impl Codebreaker {
    /// A new game of `digits`-digit numbers played with `strategy`.
    ///
    /// # Errors
    /// [`UnsupportedDigits`] when the strategy does not handle that many digits.
    pub fn new(digits: Digits, strategy: &'static dyn Solver) -> Result<Codebreaker, UnsupportedDigits> {
        strategy.check_digits(digits)?;
        Ok(Codebreaker {
            strategy,
            candidates: CandidateSet::all(digits),
            guesses: Vec::new(),
            current: None,
            awaiting: false,
            state: GameState::Playing,
        })
    }

    /// Starts a new game: every number is a candidate again and no guess has been made.
    pub fn reset(&mut self) {
        self.candidates = CandidateSet::all(self.candidates.digits());
        self.guesses.clear();
        self.current = None;
        self.awaiting = false;
        self.state = GameState::Playing;
    }

    /// The number of digits.
    pub fn digits(&self) -> Digits {
        self.candidates.digits()
    }

    /// The strategy playing.
    pub fn strategy(&self) -> &'static dyn Solver {
        self.strategy
    }

    /// The next guess, recorded among the prior guesses. After a win it is the winning number again.
    ///
    /// # Errors
    /// [`GuessError::NoCandidate`] after inconsistent answers.
    pub fn guess(&mut self) -> Result<u32, GuessError> {
        self.guess_before(solvebatch_core::Deadline::NEVER)
    }

    /// [`Codebreaker::guess`], the strategy's search stopped at `deadline`.
    ///
    /// # Errors
    /// As [`Codebreaker::guess`]; [`GuessError::Interrupted`] when the deadline passes first (the game
    /// is unchanged).
    pub fn guess_before(&mut self, deadline: solvebatch_core::Deadline<'_>) -> Result<u32, GuessError> {
        if self.state == GameState::Inconsistent {
            return Err(GuessError::NoCandidate);
        }
        let guess = match self.current {
            Some(guess) => guess,
            None => self.strategy.next_guess(&self.candidates, deadline)?,
        };
        self.current = Some(guess);
        self.awaiting = self.state == GameState::Playing;
        self.guesses.push(guess);
        Ok(guess)
    }

    /// Takes the host's answer to the last guess: `answer` positions match.
    ///
    /// # Errors
    /// [`AnswerError::OutOfRange`] for an answer above the number of digits and [`AnswerError::NoGuess`]
    /// when no guess awaits an answer (the game is unchanged); [`AnswerError::GameOver`] after a win or
    /// inconsistent answers; [`AnswerError::Inconsistent`] when this answer leaves no candidate (the game
    /// then stops: [`GameState::Inconsistent`]).
    pub fn answer(&mut self, answer: u32) -> Result<(), AnswerError> {
        if self.state != GameState::Playing {
            return Err(AnswerError::GameOver);
        }
        if answer > self.digits().get() {
            return Err(AnswerError::OutOfRange { answer, digits: self.digits() });
        }
        let guess = match self.current {
            Some(guess) if self.awaiting => guess,
            _ => return Err(AnswerError::NoGuess),
        };
        self.awaiting = false;
        self.candidates.eliminate(guess, answer);
        if self.candidates.is_empty() {
            self.state = GameState::Inconsistent;
            self.current = None;
            return Err(AnswerError::Inconsistent);
        }
        if answer == self.digits().get() {
            self.state = GameState::Won;
        } else {
            self.current = None;
        }
        Ok(())
    }

    /// Whether the last guess matched every digit.
    pub fn is_over(&self) -> bool {
        self.state == GameState::Won
    }

    /// Where the game stands.
    pub fn state(&self) -> GameState {
        self.state
    }

    /// Every guess handed out, in order (empty before the first).
    pub fn prior_guesses(&self) -> &[u32] {
        &self.guesses
    }

    /// How many guesses were handed out.
    pub fn guess_count(&self) -> usize {
        self.guesses.len()
    }

    /// Whether `n` was one of the guesses.
    pub fn is_prior_guess(&self, n: u32) -> bool {
        self.guesses.contains(&n)
    }

    /// The numbers still consistent with every answer.
    pub fn candidates(&self) -> &CandidateSet {
        &self.candidates
    }
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::strategy::registry::solver;
    use solvebatch_core::Deadline;

    /// A strategy that always guesses 1000, candidate or not.
    struct Always1000;

    impl Solver for Always1000 {
        fn name(&self) -> &'static str {
            "always-1000"
        }
        fn description(&self) -> &'static str {
            "1000 every time"
        }
        fn max_digits(&self) -> u32 {
            4
        }
        fn guesses_are_candidates(&self) -> bool {
            false
        }
        fn next_guess(&self, _: &CandidateSet, _: Deadline<'_>) -> Result<u32, GuessError> {
            Ok(1000)
        }
    }

    #[test]
    fn a_win_claimed_on_an_eliminated_guess_is_inconsistent() {
        let mut game = Codebreaker::new(Digits::FOUR, &Always1000).unwrap();
        assert_eq!(game.guess(), Ok(1000));
        game.answer(0).unwrap();
        assert_eq!(game.guess(), Ok(1000));
        assert_eq!(game.answer(4), Err(AnswerError::Inconsistent));
        assert_eq!(game.state(), GameState::Inconsistent);
        assert_eq!(game.answer(0), Err(AnswerError::GameOver));
    }

    #[test]
    fn answers_are_checked_before_use() {
        let mut game = Codebreaker::new(Digits::FOUR, solver("first").unwrap()).unwrap();
        assert_eq!(game.answer(0), Err(AnswerError::NoGuess));
        game.guess().unwrap();
        let error = game.answer(5).unwrap_err();
        assert_eq!(error.to_string(), "5 is not a number of matches from 0 to 4");
        assert_eq!(game.answer(0), Ok(()), "a refused answer changes nothing");
        assert_eq!(game.answer(0), Err(AnswerError::NoGuess));
        assert_eq!(game.candidates().len(), 5832);
    }

    #[test]
    fn a_repeated_guess_before_the_answer_counts_twice() {
        let mut game = Codebreaker::new(Digits::FOUR, solver("first").unwrap()).unwrap();
        assert_eq!((game.guess(), game.guess()), (Ok(1000), Ok(1000)));
        assert_eq!(game.prior_guesses(), [1000, 1000]);
        game.answer(0).unwrap();
        assert_eq!(game.guess(), Ok(2111));
    }

    #[test]
    fn strategies_beyond_their_digits_are_refused() {
        let error = Codebreaker::new(Digits::new(6).unwrap(), solver("max-parts").unwrap()).unwrap_err();
        assert_eq!(error.to_string(), "strategy max-parts handles at most 5 digits, not 6");
    }
}
