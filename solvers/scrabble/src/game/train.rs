//! Learning leave values by self-play.
//!
//! Each iteration plays `games` games of the current table against itself (both engines rank by
//! equity; the first iteration starts from an empty table, so by score) and takes one sample per turn
//! whose bag held at least `SAMPLE_MIN_BAG` tiles and that the same player follows with a turn:
//! the leave `L` it kept, and the target `y` = the points of that player's next turn plus the leave
//! value its engine counted then (a one-step bootstrap, as in temporal-difference learning). The new
//! value of a leave is the mean of `y` over its samples less the mean of `y` after keeping nothing,
//! fitted in two layers:
//!
//! 1. A linear model over every sample, by weighted least squares with a ridge penalty
//!    (`RIDGE` samples' worth, pulling sparse weights to 0), solved by coordinate descent:
//!    `y ≈ b + Σ w(kind, copy) + Σ s(kind, other kind)`, one weight for each copy of each kind held
//!    (the first E, the second E...) and one for each two kinds held together. Its weights become the
//!    file's lines of single tiles (`E` = w(E, 1)), repeated tiles (`EE` = w(E, 1) + w(E, 2)) and pairs
//!    (`ES` = w(E, 1) + w(S, 1) + s(E, S)), so the file's composition rule gives the model's value.
//! 2. A leave of 3 or more tiles of 2 or more kinds seen at least `MIN_SAMPLES` times gets a line of
//!    its own: the model's value moved towards its own mean by `n / (n + SHRINK)` of the difference.
//!
//! Values are rounded to hundredths of a point. Games run in parallel (rayon) but each has its own
//! seed ([`sub_seed`] of the run's seed and the game's number) and samples are gathered in game order,
//! so the table depends only on the options.

use std::collections::HashMap;

use rayon::prelude::*;

use crate::equity::leave::{Leave, LeaveTable, MAX_LEAVE, TILE_KINDS};
use crate::equity::Ranking;
use crate::game::selfplay::{play_game, Engine};
use crate::play::Rulebook;
use crate::seed::sub_seed;
use crate::tiles::rack::RACK_SIZE;

/// The fewest tiles in the bag before a turn for the turn to be a sample: the leave is then
/// followed by a full refill, away from the end of the game.
pub(crate) const SAMPLE_MIN_BAG: usize = 14;

/// The ridge penalty of the linear model, in samples.
pub(crate) const RIDGE: f64 = 20.0;

/// The fewest samples for a leave of its own line.
pub(crate) const MIN_SAMPLES: u32 = 100;

/// The samples at which a leave's own mean and the model's value weigh the same.
pub(crate) const SHRINK: f64 = 100.0;

/// Sweeps of coordinate descent per fit.
const SWEEPS: usize = 60;

/// How long a training run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrainOptions {
    /// Games per iteration.
    pub games: usize,
    /// The run's seed.
    pub seed: u64,
    /// Iterations (each plays `games` games with the previous iteration's table).
    pub iterations: usize,
}

/// What an iteration did.
#[derive(Debug, Clone, PartialEq)]
pub struct IterationReport {
    /// 1 for the first.
    pub iteration: usize,
    /// Games played.
    pub games: usize,
    /// Turns played.
    pub turns: usize,
    /// Samples taken.
    pub samples: usize,
    /// Distinct leaves among them.
    pub leaves: usize,
    /// Mean points per game of both players together.
    pub mean_game_points: f64,
    /// Lines of the new table.
    pub lines: usize,
}

/// The samples of one game: `(leave, target)`.
fn game_samples(rulebook: &Rulebook, table: &LeaveTable, seed: u64) -> (Vec<(Leave, f64)>, usize, i32) {
    let engine = Engine { ranking: Ranking::Equity, table };
    let game = play_game(rulebook, [engine, engine], seed);
    let turns = &game.turns;
    let samples = turns
        .iter()
        .zip(turns.iter().skip(2))
        .filter(|(turn, _)| turn.bag >= SAMPLE_MIN_BAG)
        .map(|(turn, next)| (turn.leave, f64::from(next.score) + f64::from(next.leave_value)))
        .collect();
    (samples, turns.len(), game.scores[0] + game.scores[1])
}

/// Learns a leave table by self-play under `rulebook` (module documentation); `report` is told of
/// each iteration as it ends. The table's header says how it was made, starting with `command`.
pub fn train_leaves(
    rulebook: &Rulebook,
    options: TrainOptions,
    command: &str,
    mut report: impl FnMut(&IterationReport),
) -> LeaveTable {
    let mut table = LeaveTable::default();
    for iteration in 0..options.iterations {
        let first = (iteration * options.games) as u64;
        let games: Vec<_> = (0..options.games as u64)
            .into_par_iter()
            .map(|game| game_samples(rulebook, &table, sub_seed(options.seed, first + game)))
            .collect();
        let mut sums: HashMap<Leave, (f64, u32)> = HashMap::new();
        let mut samples = 0;
        for (game, _, _) in &games {
            samples += game.len();
            for &(leave, target) in game {
                let entry = sums.entry(leave).or_default();
                entry.0 += target;
                entry.1 += 1;
            }
        }
        let mut leaves: Vec<(Leave, f64, u32)> =
            sums.into_iter().map(|(leave, (sum, count))| (leave, sum / f64::from(count), count)).collect();
        leaves.sort_unstable_by_key(|leave| leave.0);
        let header = vec![
            "Leave values for the standard rules and tiles, learned by self-play with the bundled dictionary."
                .to_string(),
            format!("command: {command}"),
            format!(
                "games per iteration {}, seed {}, iterations {}; last iteration: {} samples of {} leaves",
                options.games,
                options.seed,
                options.iterations,
                samples,
                leaves.len()
            ),
            "Each line: LEAVE VALUE (points); leaves without a line are composed from groups and pairs."
                .to_string(),
        ];
        table = fit(&leaves, header);
        let turns = games.iter().map(|(_, turns, _)| turns).sum();
        let points: i64 = games.iter().map(|&(_, _, points)| i64::from(points)).sum();
        report(&IterationReport {
            iteration: iteration + 1,
            games: options.games,
            turns,
            samples,
            leaves: leaves.len(),
            mean_game_points: points as f64 / options.games.max(1) as f64,
            lines: table.len(),
        });
    }
    table
}

/// The index of the weight of copy `copy` (1-based) of `kind`.
fn copy_feature(kind: usize, copy: usize) -> usize {
    kind * RACK_SIZE + copy - 1
}

/// The index of the weight of kinds `a < b` held together.
fn pair_feature(a: usize, b: usize) -> usize {
    TILE_KINDS * RACK_SIZE + a * TILE_KINDS + b
}

/// The features of a leave.
fn features(leave: &Leave) -> Vec<usize> {
    let counts = leave.counts();
    let kinds: Vec<usize> = leave.kinds().collect();
    let mut features = Vec::new();
    for (i, &kind) in kinds.iter().enumerate() {
        features.extend((1..=counts[kind] as usize).map(|copy| copy_feature(kind, copy)));
        features.extend(kinds[i + 1..].iter().map(|&other| pair_feature(kind, other)));
    }
    features
}

/// Rounds to hundredths.
fn round(value: f64) -> f32 {
    ((value * 100.0).round() / 100.0) as f32
}

/// The table of `leaves` (each with the mean target and number of its samples): module
/// documentation, steps 1 and 2.
fn fit(leaves: &[(Leave, f64, u32)], header: Vec<String>) -> LeaveTable {
    let feature_count = TILE_KINDS * RACK_SIZE + TILE_KINDS * TILE_KINDS;
    let leave_features: Vec<Vec<usize>> = leaves.iter().map(|(leave, _, _)| features(leave)).collect();
    let mut members = vec![Vec::new(); feature_count];
    for (index, features) in leave_features.iter().enumerate() {
        for &feature in features {
            members[feature].push(index);
        }
    }
    let total: f64 = leaves.iter().map(|&(_, _, n)| f64::from(n)).sum();
    let mut weights = vec![0f64; feature_count];
    let mut intercept = leaves.iter().map(|&(_, mean, n)| mean * f64::from(n)).sum::<f64>() / total.max(1.0);
    let mut residuals: Vec<f64> = leaves.iter().map(|&(_, mean, _)| mean - intercept).collect();
    for _ in 0..SWEEPS {
        let shift = leaves.iter().zip(&residuals).map(|(&(_, _, n), r)| f64::from(n) * r).sum::<f64>()
            / total.max(1.0);
        intercept += shift;
        residuals.iter_mut().for_each(|r| *r -= shift);
        for (feature, indices) in members.iter().enumerate() {
            if indices.is_empty() {
                continue;
            }
            let (mut numerator, mut denominator) = (0.0, RIDGE);
            for &index in indices {
                let n = f64::from(leaves[index].2);
                numerator += n * (residuals[index] + weights[feature]);
                denominator += n;
            }
            let updated = numerator / denominator;
            let change = updated - weights[feature];
            weights[feature] = updated;
            for &index in indices {
                residuals[index] -= change;
            }
        }
    }
    let mut lines = Vec::new();
    let single = |kind: usize| weights[copy_feature(kind, 1)];
    for kind in 0..TILE_KINDS {
        let mut value = 0.0;
        for copy in 1..=MAX_LEAVE {
            if members[copy_feature(kind, copy)].is_empty() {
                break;
            }
            value += weights[copy_feature(kind, copy)];
            let mut counts = [0; TILE_KINDS];
            counts[kind] = copy as u8;
            lines.push((Leave::from_counts(counts), round(value)));
        }
        for other in kind + 1..TILE_KINDS {
            if !members[pair_feature(kind, other)].is_empty() {
                let mut counts = [0; TILE_KINDS];
                counts[kind] = 1;
                counts[other] = 1;
                let value = single(kind) + single(other) + weights[pair_feature(kind, other)];
                lines.push((Leave::from_counts(counts), round(value)));
            }
        }
    }
    let model = LeaveTable::new(lines.iter().copied(), Vec::new());
    for &(leave, mean, n) in leaves {
        if n >= MIN_SAMPLES && leave.len() >= 3 && leave.kinds().count() >= 2 {
            let composed = f64::from(model.composed(&leave));
            let own = mean - intercept;
            lines.push((leave, round(composed + (own - composed) * f64::from(n) / (f64::from(n) + SHRINK))));
        }
    }
    LeaveTable::new(lines, header)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leave(text: &str) -> Leave {
        text.parse().unwrap()
    }

    #[test]
    fn training_depends_on_the_options_alone() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../datasets/scrabble/dictionary.txt");
        let dictionary = crate::lexicon::dictionary::Dictionary::load(std::path::Path::new(path)).unwrap();
        let (tiles, rules) = (crate::tiles::TileSet::standard(), crate::board::rules::Rules::standard());
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let options = TrainOptions { games: 6, seed: 3, iterations: 2 };
        let train = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let mut reports = Vec::new();
            let table = pool
                .install(|| train_leaves(&rulebook, options, "test", |report| reports.push(report.clone())));
            (table, reports)
        };
        let (table, reports) = train(1);
        assert_eq!(train(2), (table.clone(), reports.clone()));
        assert_eq!(reports.len(), 2);
        assert_eq!(reports[1].iteration, 2);
        assert!(reports.iter().all(|report| report.games == 6 && report.samples > 0 && report.lines > 0));
        assert_eq!(table.len(), reports[1].lines);
        assert_eq!(table.header()[1], "command: test");
        assert_eq!(LeaveTable::parse(&table.to_file_text()).unwrap(), table);
    }

    #[test]
    fn the_fit_recovers_a_model_of_singles_and_pairs() {
        // Targets made by E = 2, S = 8, Q = -7 and an ES synergy of 3, over 10 + the empty leave.
        let truth = LeaveTable::parse("E 2\nS 8\nQ -7\nES 13\n").unwrap();
        let leaves: Vec<(Leave, f64, u32)> = ["-", "E", "S", "Q", "ES", "EQ", "QS", "EQS", "EE", "EEQ"]
            .iter()
            .map(|text| (leave(text), 10.0 + f64::from(truth.value(&leave(text))), 100_000))
            .collect();
        let table = fit(&leaves, vec!["test".to_string()]);
        for (leave, mean, _) in &leaves {
            assert!(
                (f64::from(table.value(leave)) - (mean - 10.0)).abs() < 0.05,
                "{leave}: {}",
                table.value(leave)
            );
        }
        assert_eq!(table.header(), ["test"]);
    }
}
