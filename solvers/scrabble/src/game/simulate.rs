//! Simulation: each candidate played out two plies against random draws, ranked by the mean
//! spread (Sheppard 2002, "World-championship-caliber Scrabble": Maven's simulations; Quackle and
//! Macondo simulate the same way).
//!
//! One iteration of a candidate: the opponent's rack is drawn at random from the unseen tiles (7, or
//! all when fewer), the bag is the rest (plus the tiles an exchange throws back); we play the
//! candidate and refill our rack from the bag at random; the opponent plays its best reply by
//! equity (an exchange or a pass when that is best) and refills; we play our best move by equity
//! (the opponent's refill counts only by the tiles it leaves in the bag). The spread is
//! `our score + our second score + the value of our leave then - the opponent's score - the value of
//! its leave` (leave values count only while the bag holds tiles).
//!
//! Iteration `i` of every candidate draws from the same seed ([`sub_seed`] of the seed and `i`), so
//! candidates meet the same racks (common random numbers) and their differences are measured with
//! less noise. Candidates run in rounds of `ROUND` iterations; from `MIN_ITERATIONS` on, a
//! candidate stops when its spread less the leader's, iteration by iteration, has a mean more than
//! `Z` standard errors below 0; the simulation ends when one candidate of several is left or every
//! candidate has run the iterations asked. The rounds end in the same state whatever the number of
//! threads, so a seed gives one result.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::board::rules::Rules;
use crate::board::Board;
use crate::equity::leave::{Leave, LeaveTable, TILE_KINDS};
use crate::equity::{best_candidate, tenths, Action, Candidate, Ranking};
use crate::movegen::moves::Move;
use crate::play::Rulebook;
use crate::seed::sub_seed;
use crate::tiles::letter::Letter;
use crate::tiles::rack::{Rack, RACK_SIZE};

/// Iterations of each candidate between two checks for candidates that are clearly behind.
pub(crate) const ROUND: usize = 50;

/// Iterations before a candidate can be stopped.
pub(crate) const MIN_ITERATIONS: usize = 100;

/// Standard errors on each side of a mean that make a candidate clearly behind.
pub(crate) const Z: f64 = 2.0;

/// A candidate and the outcome of its iterations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Simulated {
    /// The candidate.
    pub candidate: Candidate,
    /// Iterations played (fewer than asked when it was stopped).
    pub iterations: usize,
    /// Mean spread, in points.
    pub mean: f64,
    /// Standard error of the mean, in points.
    pub standard_error: f64,
}

impl Simulated {
    /// `SPREAD ±SE ITERATIONS  CANDIDATE`, the candidate on `board` as `rules` write it
    /// ([`Candidate::written`]), for example `  +31.2 ±0.8  1000    28.5  24 8F QUA  keep ERS +4.5`.
    pub fn written(&self, board: &Board, rules: &Rules) -> String {
        format!(
            "{:>+7.1} ±{:.1} {:>5}  {}",
            tenths(self.mean),
            self.standard_error,
            self.iterations,
            self.candidate.written(board, rules)
        )
    }
}

/// Running sums of one candidate's spreads.
#[derive(Default, Clone, Copy)]
struct Sums {
    count: usize,
    sum: f64,
    squares: f64,
}

impl Sums {
    fn of(values: &[f64]) -> Sums {
        values.iter().fold(Sums::default(), |sums, &value| Sums {
            count: sums.count + 1,
            sum: sums.sum + value,
            squares: sums.squares + value * value,
        })
    }

    fn mean(&self) -> f64 {
        self.sum / self.count.max(1) as f64
    }

    fn standard_error(&self) -> f64 {
        if self.count < 2 {
            return 0.0;
        }
        let n = self.count as f64;
        let variance = ((self.squares - self.sum * self.sum / n) / (n - 1.0)).max(0.0);
        (variance / n).sqrt()
    }
}

/// What stays fixed across one candidate's iterations.
struct Start<'a> {
    /// The board after the candidate.
    board: Board,
    /// The tiles kept.
    leave: Leave,
    /// The score of the candidate.
    score: f64,
    /// The tiles the opponent's rack and the bag come from (the unseen tiles), and the tiles the
    /// candidate throws back.
    unseen: &'a [Option<Letter>],
    thrown: Vec<Option<Letter>>,
    /// The opponent's tiles known before the draw (not in `unseen`).
    known: &'a Rack,
}

/// Simulates `candidates` (moves of `rack` on `board`, whose `unseen` tiles by kind are the
/// opponent's rack and the bag) `iterations` times each at most, under `rulebook` with `table`'s
/// leave values, seeded by `seed`; best mean spread first. Runs on rayon's current pool.
/// `opponent` holds the opponent's tiles known (after a play challenged off, for example), which
/// every iteration's opponent rack starts with before the rest is drawn; they must be among the
/// unseen tiles ([`known_tiles_error`]).
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    rulebook: &Rulebook,
    board: &Board,
    unseen: &[u32; TILE_KINDS],
    table: &LeaveTable,
    candidates: &[Candidate],
    iterations: usize,
    seed: u64,
    opponent: &Rack,
) -> Vec<Simulated> {
    let known = Leave::of_rack(opponent).counts();
    let unseen: Vec<Option<Letter>> = (0..TILE_KINDS)
        .flat_map(|kind| {
            let count = unseen[kind].saturating_sub(u32::from(known[kind]));
            std::iter::repeat_n(Letter::from_index(kind), count as usize)
        })
        .collect();
    let starts: Vec<Start> = candidates
        .iter()
        .map(|candidate| {
            let mut after = board.clone();
            let thrown = match candidate.action {
                Action::Play(played) => {
                    let rack = merge(&candidate.leave, &played);
                    rulebook
                        .check(board, &rack, &played.play())
                        .expect("a candidate is a valid play")
                        .apply(&mut after);
                    Vec::new()
                }
                Action::Exchange(thrown) => thrown.to_rack().tiles().collect(),
            };
            Start {
                board: after,
                leave: candidate.leave,
                score: f64::from(candidate.score),
                unseen: &unseen,
                thrown,
                known: opponent,
            }
        })
        .collect();
    let mut spreads: Vec<Vec<f64>> = vec![Vec::with_capacity(iterations); candidates.len()];
    let mut active: Vec<usize> = (0..candidates.len()).collect();
    let mut done = 0;
    while done < iterations && (active.len() > 1 || candidates.len() == 1) {
        let end = (done + ROUND).min(iterations);
        let work: Vec<(usize, usize)> = active
            .iter()
            .flat_map(|&candidate| (done..end).map(move |iteration| (candidate, iteration)))
            .collect();
        let results: Vec<f64> = work
            .par_iter()
            .map_init(Vec::new, |moves, &(candidate, iteration)| {
                play_out(rulebook, table, &starts[candidate], sub_seed(seed, iteration as u64), moves)
            })
            .collect();
        for (&(candidate, _), spread) in work.iter().zip(results) {
            spreads[candidate].push(spread);
        }
        done = end;
        if done >= MIN_ITERATIONS {
            let mean = |c: usize| Sums::of(&spreads[c]).mean();
            let leader = active.iter().copied().max_by(|&a, &b| mean(a).total_cmp(&mean(b)).then(b.cmp(&a)));
            let leader = leader.expect("two or more active");
            active.retain(|&c| {
                let behind: Vec<f64> = spreads[c].iter().zip(&spreads[leader]).map(|(s, l)| s - l).collect();
                let behind = Sums::of(&behind);
                behind.mean() + Z * behind.standard_error() >= 0.0
            });
        }
    }
    let mut simulated: Vec<Simulated> = candidates
        .iter()
        .zip(&spreads)
        .map(|(&candidate, spreads)| {
            let sums = Sums::of(spreads);
            Simulated {
                candidate,
                iterations: sums.count,
                mean: sums.mean(),
                standard_error: sums.standard_error(),
            }
        })
        .collect();
    simulated.sort_by(|a, b| b.mean.total_cmp(&a.mean).then_with(|| a.candidate.ranking(&b.candidate)));
    simulated
}

/// Why `opponent` cannot be the opponent's known tiles when `unseen` tiles by kind are out of
/// sight: `the unseen tiles hold 1 Q, not 2`; `None` when they can.
pub fn known_tiles_error(unseen: &[u32; TILE_KINDS], opponent: &Rack) -> Option<String> {
    let known = Leave::of_rack(opponent).counts();
    let kind = (0..TILE_KINDS).find(|&kind| u32::from(known[kind]) > unseen[kind])?;
    let name =
        Letter::from_index(kind).map_or_else(|| "blanks".to_string(), |letter| letter.to_char().to_string());
    Some(format!("the unseen tiles hold {} {name}, not {}", unseen[kind], known[kind]))
}

/// The rack that played `played` and kept `leave`.
fn merge(leave: &Leave, played: &Move) -> Rack {
    let mut rack = leave.to_rack();
    for tile in played.letters.tiles() {
        rack.add((!tile.blank).then_some(tile.letter)).expect("a rack holds at most 7 tiles");
    }
    rack
}

/// Takes a tile at random from `pool` (the tiles before `*drawn` are already taken: a partial
/// Fisher-Yates shuffle), `None` when none is left.
fn take(pool: &mut [Option<Letter>], drawn: &mut usize, rng: &mut ChaCha8Rng) -> Option<Option<Letter>> {
    if *drawn == pool.len() {
        return None;
    }
    let pick = rng.random_range(*drawn..pool.len());
    pool.swap(*drawn, pick);
    *drawn += 1;
    Some(pool[*drawn - 1])
}

/// Fills `rack` to [`RACK_SIZE`] at random from `pool`.
fn refill(rack: &mut Rack, pool: &mut [Option<Letter>], drawn: &mut usize, rng: &mut ChaCha8Rng) {
    while rack.len() < RACK_SIZE {
        let Some(tile) = take(pool, drawn, rng) else { break };
        rack.add(tile).expect("the rack has room");
    }
}

/// The opponent's rack (the known tiles, filled to 7 at random from the unseen tiles) and the bag:
/// the rest of the unseen tiles, and what the candidate throws back.
fn deal(start: &Start, rng: &mut ChaCha8Rng) -> (Rack, Vec<Option<Letter>>) {
    let mut pool: Vec<Option<Letter>> = start.unseen.to_vec();
    let mut drawn = 0;
    let mut opponent = start.known.clone();
    refill(&mut opponent, &mut pool, &mut drawn, rng);
    (opponent, pool[drawn..].iter().chain(&start.thrown).copied().collect())
}

/// One iteration from `start`: the spread (module documentation).
fn play_out(rulebook: &Rulebook, table: &LeaveTable, start: &Start, seed: u64, moves: &mut Vec<Move>) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (opponent, mut bag) = deal(start, &mut rng);
    let mut taken = 0;
    let mut ours = start.leave.to_rack();
    refill(&mut ours, &mut bag, &mut taken, &mut rng);
    let mut board = start.board.clone();
    let bag_left = bag.len() - taken;
    let theirs = best_reply(rulebook, table, &board, &opponent, bag_left, moves);
    // The opponent's refill matters only by how many tiles it leaves in the bag.
    let mut refilled = 0;
    if let Some(Candidate { action: Action::Play(played), .. }) = theirs {
        let scored = rulebook.check(&board, &opponent, &played.play()).expect("a generated play is valid");
        scored.apply(&mut board);
        refilled = played.letters.len();
    }
    let ours = best_reply(rulebook, table, &board, &ours, bag_left.saturating_sub(refilled), moves);
    let (their_score, their_leave) = score_and_leave(theirs);
    let (our_score, our_leave) = score_and_leave(ours);
    start.score + our_score + our_leave - their_score - their_leave
}

/// The best move by equity of `rack` on `board` with `bag` tiles in the bag; `None` for a pass.
fn best_reply(
    rulebook: &Rulebook,
    table: &LeaveTable,
    board: &Board,
    rack: &Rack,
    bag: usize,
    moves: &mut Vec<Move>,
) -> Option<Candidate> {
    moves.clear();
    rulebook.moves_into(board, rack, moves);
    best_candidate(moves, rack, bag, table, Ranking::Equity)
}

/// A move's score and leave value, both 0 for a pass.
fn score_and_leave(candidate: Option<Candidate>) -> (f64, f64) {
    candidate.map_or((0.0, 0.0), |chosen| (f64::from(chosen.score), f64::from(chosen.leave_value)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::position::Position;
    use crate::board::rules::Rules;
    use crate::equity::{bag_size, ranked_candidates, unseen};
    use crate::lexicon::dictionary::Dictionary;
    use crate::tiles::TileSet;

    fn data(name: &str) -> String {
        format!("{}/../../datasets/scrabble/{name}", env!("CARGO_MANIFEST_DIR"))
    }

    /// The `top` best candidates of `standard-midgame.scrabble` simulated `iterations` times with
    /// `threads` threads.
    fn simulated(top: usize, iterations: usize, threads: usize, seed: u64) -> Vec<Simulated> {
        let dictionary = Dictionary::load(std::path::Path::new(&data("dictionary.txt"))).unwrap();
        let text = std::fs::read_to_string(data("standard-midgame.scrabble")).unwrap();
        let position = Position::parse(&text).unwrap();
        let (tiles, rules) = (TileSet::standard(), Rules::standard());
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let table = LeaveTable::standard();
        let unseen = unseen(&tiles, &rules, &position.board, &position.rack);
        let moves = rulebook.moves(&position.board, &position.rack);
        let bag = bag_size(&unseen);
        let candidates = ranked_candidates(&moves, &position.rack, bag, table, Ranking::Equity, top);
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            simulate(
                &rulebook,
                &position.board,
                &unseen,
                table,
                &candidates,
                iterations,
                seed,
                &Rack::default(),
            )
        })
    }

    fn run(threads: usize, seed: u64) -> Vec<String> {
        let simulated = simulated(4, 150, threads, seed);
        assert_eq!(simulated.len(), 4);
        // Every candidate runs at least the minimum, none more than asked.
        assert!(simulated.iter().all(|line| (MIN_ITERATIONS..=150).contains(&line.iterations)));
        assert!(simulated.windows(2).all(|pair| pair[0].mean >= pair[1].mean));
        // Written against an empty board: the lines only compare runs with each other.
        let board = Board::new();
        simulated.iter().map(|line| line.written(&board, &Rules::standard())).collect()
    }

    #[test]
    fn a_seed_gives_one_result_on_any_number_of_threads() {
        let one = run(1, 9);
        assert_eq!(run(2, 9), one);
        assert_ne!(run(2, 10), one);
    }

    #[test]
    fn a_lone_candidate_runs_every_iteration() {
        let simulated = simulated(1, 30, 2, 1);
        assert_eq!(simulated.len(), 1);
        assert_eq!(simulated[0].iterations, 30);
    }

    #[test]
    fn the_opponent_holds_the_known_tiles_and_draws_the_rest() {
        let unseen: Vec<Option<Letter>> = "AAAAABBBBB".chars().map(Letter::from_char).collect();
        let known: Rack = "QZ".parse().unwrap();
        let thrown = vec![Letter::from_char('X')];
        let start = Start {
            board: Board::new(),
            leave: Leave::default(),
            score: 0.0,
            unseen: &unseen,
            thrown,
            known: &known,
        };
        for seed in 0..20 {
            let (opponent, bag) = deal(&start, &mut ChaCha8Rng::seed_from_u64(seed));
            let text = opponent.to_string();
            assert_eq!(text.len(), 7, "{text}");
            assert!(text.ends_with("QZ") && text[..5].chars().all(|c| c == 'A' || c == 'B'), "{text}");
            // The bag: the five unseen tiles left and the one thrown back.
            assert_eq!(bag.len(), 6);
            assert_eq!(bag.last(), Some(&Letter::from_char('X')));
        }
        assert_eq!(known_tiles_error(&[1; TILE_KINDS], &known), None);
        let mut no_q = [1; TILE_KINDS];
        no_q[Letter::from_char('Q').unwrap().index()] = 0;
        assert_eq!(known_tiles_error(&no_q, &known), Some("the unseen tiles hold 0 Q, not 1".into()));
        assert_eq!(
            known_tiles_error(&[0; TILE_KINDS], &"?".parse().unwrap()),
            Some("the unseen tiles hold 0 blanks, not 1".into())
        );
    }

    #[test]
    fn standard_errors_follow_the_spreads() {
        let sums = Sums::of(&[10.0, 12.0, 14.0]);
        // Mean 12, sample variance 4, standard error sqrt(4 / 3).
        assert_eq!(sums.mean(), 12.0);
        assert!((sums.standard_error() - (4.0f64 / 3.0).sqrt()).abs() < 1e-12);
    }
}
