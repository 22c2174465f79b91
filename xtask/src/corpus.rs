//! The seed corpus: the bundled datasets, read at run time, and inputs derived from them.

use std::fs;
use std::io;
use std::path::Path;

/// One seed input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seed {
    /// Its path below the datasets folder, with what was derived from it after a colon.
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The seeds of every target, grouped by format.
#[derive(Clone, Debug)]
pub struct Corpus {
    /// Tournament pairing files: `tournament/**/*.csv`.
    pub tournament: Vec<Seed>,
    /// Tic-tac-toe games: `tictactoe/**/*.in`.
    pub tictactoe: Vec<Seed>,
    /// Guess batch files: `guess/**/*.guess`.
    pub guess: Vec<Seed>,
    /// Scrabble positions: `scrabble/**/*.scrabble`.
    pub scrabble: Vec<Seed>,
    /// Scrabble word lists: `scrabble/dictionary.txt` and `scrabble/*words.txt`.
    pub dictionaries: Vec<Seed>,
    /// Scrabble tile definitions: `scrabble/tiles.txt`.
    pub tiles: Vec<Seed>,
    /// Secrets files for `guess simulate --secrets`: the guess batch files, and the numbers of their
    /// `secret` lines one a line.
    pub secrets: Vec<Seed>,
    /// Standard input for `guess play`: the match counts of the batch files' `answers` lines, one a line.
    pub answers: Vec<Seed>,
    /// Standard input for `guess host`: the guesses of the batch files' `answers` lines, one a line.
    pub guesses: Vec<Seed>,
}

impl Corpus {
    /// Reads the corpus from the datasets folder; fails when any group would be empty.
    pub fn load(datasets: &Path) -> io::Result<Corpus> {
        let ends = |suffix: &'static str| move |name: &str| name.ends_with(suffix);
        let guess = files(datasets, "guess", &ends(".guess"))?;
        let from_guess = |keyword: &str, pick: fn(&str) -> Option<&str>| -> Vec<Seed> {
            guess.iter().filter_map(|seed| derive(seed, keyword, pick)).collect()
        };
        let secrets = [guess.clone(), from_guess("secret", |word| Some(word))].concat();
        let answers = from_guess("answers", |word| word.split_once('=').map(|(_, matches)| matches));
        let guesses = from_guess("answers", |word| word.split_once('=').map(|(guess, _)| guess));
        let corpus = Corpus {
            tournament: files(datasets, "tournament", &ends(".csv"))?,
            tictactoe: files(datasets, "tictactoe", &ends(".in"))?,
            scrabble: files(datasets, "scrabble", &ends(".scrabble"))?,
            dictionaries: files(datasets, "scrabble", &|name| {
                name.ends_with("/dictionary.txt") || name.ends_with("words.txt")
            })?,
            tiles: files(datasets, "scrabble", &ends("/tiles.txt"))?,
            guess,
            secrets,
            answers,
            guesses,
        };
        for (group, seeds) in [
            ("tournament", &corpus.tournament),
            ("tictactoe", &corpus.tictactoe),
            ("guess", &corpus.guess),
            ("scrabble", &corpus.scrabble),
            ("dictionaries", &corpus.dictionaries),
            ("tiles", &corpus.tiles),
            ("answers", &corpus.answers),
        ] {
            if seeds.is_empty() {
                return Err(io::Error::other(format!("no {group} seeds in {}", datasets.display())));
            }
        }
        Ok(corpus)
    }
}

/// The files below `datasets/folder` whose path (with `/` separators, from `folder` on) `keep`
/// accepts, in path order.
fn files(datasets: &Path, folder: &str, keep: &dyn Fn(&str) -> bool) -> io::Result<Vec<Seed>> {
    let mut seeds = Vec::new();
    let mut folders = vec![datasets.join(folder)];
    while let Some(dir) = folders.pop() {
        for entry in fs::read_dir(&dir)? {
            let path = entry?.path();
            let name = path.strip_prefix(datasets).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            if path.is_dir() {
                folders.push(path);
            } else if keep(&name) {
                seeds.push(Seed { bytes: fs::read(&path)?, name });
            }
        }
    }
    seeds.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(seeds)
}

/// The words that `pick` takes from the words after `keyword` on the lines of `seed` that start with
/// it (up to a `#`), one a line; `None` when there are none.
fn derive(seed: &Seed, keyword: &str, pick: fn(&str) -> Option<&str>) -> Option<Seed> {
    let text = String::from_utf8_lossy(&seed.bytes);
    let mut out = String::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or_default();
        let mut words = line.split_whitespace();
        if words.next() == Some(keyword) {
            for word in words.filter_map(pick) {
                out.push_str(word);
                out.push('\n');
            }
        }
    }
    (!out.is_empty()).then(|| Seed { name: format!("{}:{keyword}", seed.name), bytes: out.into_bytes() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed(text: &str) -> Seed {
        Seed { name: "guess/g.guess".into(), bytes: text.as_bytes().to_vec() }
    }

    #[test]
    fn derived_seeds_take_the_picked_words_of_the_keyword_lines() {
        let batch = seed("# secret 7\nsecret 1000 # first\nanswers 1000=0 2111=3\nsecret 2111\nanswers\n");
        let secrets = derive(&batch, "secret", |w| Some(w)).unwrap();
        assert_eq!(
            (secrets.name.as_str(), secrets.bytes.as_slice()),
            ("guess/g.guess:secret", &b"1000\n2111\n"[..])
        );
        let matches = derive(&batch, "answers", |w| w.split_once('=').map(|p| p.1)).unwrap();
        assert_eq!(matches.bytes, b"0\n3\n");
        assert_eq!(derive(&seed("answers\n"), "answers", |w| Some(w)), None);
    }

    #[test]
    fn the_bundled_datasets_give_every_group() {
        let datasets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../datasets");
        let corpus = Corpus::load(&datasets).unwrap();
        assert!(corpus.tournament.iter().any(|s| s.name == "tournament/generated/tournament-8-d2-s1.csv"));
        assert!(corpus.tournament.iter().all(|s| s.name.ends_with(".csv")));
        assert_eq!(corpus.tiles.len(), 1);
        assert!(corpus.dictionaries.iter().any(|s| s.name == "scrabble/dictionary.txt"));
        assert!(!corpus.dictionaries.iter().any(|s| s.name.contains("LICENSE")));
        // malformed.guess, secrets.guess and spec-example.guess have `secret` lines.
        assert_eq!(corpus.secrets.len(), corpus.guess.len() + 3);
        let answers = corpus.answers.iter().find(|s| s.name == "guess/answers.guess:answers").unwrap();
        assert!(answers.bytes.starts_with(b"0\n3\n3\n2\n0\n0\n4\n"), "{:?}", answers.bytes);
    }
}
