//! Targets: the invocations of `solvebatch` that the cases run, each with the seed inputs it mutates.

use std::io;
use std::path::Path;
use std::process::Command;

use crate::corpus::{Corpus, Seed};

/// The rack given to `scrabble words`: six letters and a blank, so that every word list is searched.
const RACK: &str = "AEINST?";

/// The `--play` given to `scrabble check` when the input has no usable `play:` line.
const DEFAULT_PLAY: &str = "AE 0 -1 horizontal";

/// The longest `play:` line passed on as `--play`; longer ones give way to [`DEFAULT_PLAY`], since the
/// system limits the length of one argument.
const MAX_PLAY: usize = 1000;

/// One argument of an invocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// This text.
    Text(String),
    /// The path of the mutated input.
    Input,
    /// A path in the case's folder that the program may write.
    Output,
    /// The first `play:` line of the mutated input, else `AE 0 -1 horizontal`.
    PlayFromInput,
}

/// Where the program reads the mutated input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feed {
    /// From a file named on the command line (an [`Arg::Input`]); standard input is empty.
    File,
    /// From standard input.
    Stdin,
}

/// An invocation of `solvebatch` and the seed inputs it mutates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// A unique name in kebab case, such as `tournament-dlx`; it starts the names of regression files.
    pub name: String,
    /// The extension of the input file, which tells `solvebatch run` its family.
    pub ext: &'static str,
    /// How the input reaches the program.
    pub feed: Feed,
    /// The arguments after the program's name.
    pub args: Vec<Arg>,
    /// The inputs that cases mutate.
    pub seeds: Vec<Seed>,
}

impl Target {
    fn new(name: impl Into<String>, ext: &'static str, feed: Feed, args: &[Arg], seeds: &[Seed]) -> Target {
        Target { name: name.into(), ext, feed, args: args.to_vec(), seeds: seeds.to_vec() }
    }

    /// The arguments for one case, with `input` the mutated bytes.
    pub fn resolve(&self, input: &[u8], input_path: &Path, output_path: &Path) -> Vec<String> {
        self.args
            .iter()
            .map(|arg| match arg {
                Arg::Text(text) => text.clone(),
                Arg::Input => input_path.display().to_string(),
                Arg::Output => output_path.display().to_string(),
                Arg::PlayFromInput => play_of(input),
            })
            .collect()
    }
}

/// The text after the first `play:` of `input`, or `DEFAULT_PLAY` when it is missing, empty, not
/// UTF-8, holds a NUL byte or is longer than `MAX_PLAY`.
pub fn play_of(input: &[u8]) -> String {
    input
        .split(|&b| b == b'\n')
        .find_map(|line| line.strip_prefix(b"play:"))
        .and_then(|rest| std::str::from_utf8(rest).ok())
        .map(str::trim)
        .filter(|play| !play.is_empty() && play.len() <= MAX_PLAY && !play.contains('\0'))
        .unwrap_or(DEFAULT_PLAY)
        .to_string()
}

/// The tournament solvers that `BIN list-solvers` lists, in its order.
pub fn tournament_solvers(bin: &Path) -> io::Result<Vec<String>> {
    let output = Command::new(bin).arg("list-solvers").output()?;
    if !output.status.success() {
        return Err(io::Error::other(format!("{} list-solvers: {}", bin.display(), output.status)));
    }
    let solvers = parse_tournament_solvers(&String::from_utf8_lossy(&output.stdout));
    if solvers.is_empty() {
        return Err(io::Error::other(format!("{} list-solvers lists no tournament solver", bin.display())));
    }
    Ok(solvers)
}

/// The tournament solvers in the table that `list-solvers` prints: `| family | solver (default) | ... |`.
fn parse_tournament_solvers(table: &str) -> Vec<String> {
    table
        .lines()
        .filter_map(|row| {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            match cells.as_slice() {
                ["", "tournament", solver, ..] => solver.split_whitespace().next().map(String::from),
                _ => None,
            }
        })
        .collect()
}

/// Every target: each subcommand that reads a file or standard input, with its seeds from `corpus`, and
/// `tournament` once per solver in `solvers`. Files that the invocations name besides the input come
/// from `datasets`. A group of seeds left empty (the proofs and reports before
/// [`Corpus::add_made_by`]) gives no target.
pub fn targets(corpus: &Corpus, datasets: &Path, solvers: &[String]) -> Vec<Target> {
    use Arg::{Input, Output, PlayFromInput};
    let text = |s: &str| Arg::Text(s.to_string());
    let scrabble = |file: &str| Arg::Text(datasets.join("scrabble").join(file).display().to_string());
    let small_dictionary = scrabble("assignment-words.txt");
    let timeout = [text("--timeout"), text("2")];
    let run = [&[text("run"), Input][..], &timeout].concat();

    let mut targets = vec![
        Target::new("run-tournament", "csv", Feed::File, &run, &corpus.tournament),
        Target::new("run-tictactoe", "in", Feed::File, &run, &corpus.tictactoe),
        Target::new("run-guess", "guess", Feed::File, &run, &corpus.guess),
        Target::new("run-scrabble", "scrabble", Feed::File, &run, &corpus.scrabble),
    ];
    for solver in solvers {
        let args = [&[text("tournament"), Input, text("--solver"), text(solver)][..], &timeout].concat();
        targets.push(Target::new(
            format!("tournament-{solver}"),
            "csv",
            Feed::File,
            &args,
            &corpus.tournament,
        ));
    }
    let compare = [text("compare"), Input, text("--timeout"), text("1")];
    let check = [text("scrabble"), text("check"), Input, text("--play"), PlayFromInput];
    let hint_dictionary =
        [text("scrabble"), text("hint"), scrabble("midgame-01.scrabble"), text("-d"), Input];
    let words = [text("scrabble"), text("words"), text("-d"), Input, text("--rack"), text(RACK)];
    let tiles = [text("scrabble"), text("tiles"), text("-d"), Input, text("-o"), Output];
    let words_tiles = [text("scrabble"), text("words"), text("-d"), small_dictionary.clone(), text("--rack")];
    let words_tiles = [&words_tiles[..], &[text(RACK), text("-t"), Input]].concat();
    let play_tiles = [text("scrabble"), text("play"), text("-d"), small_dictionary, text("-t"), Input];
    let play_tiles = [&play_tiles[..], &[text("--seed"), text("1")]].concat();
    let simulate =
        [text("guess"), text("simulate"), text("--secrets"), Input, text("--strategy"), text("first")];
    let dictionary = scrabble("dictionary.txt");
    let analyze = [text("scrabble"), text("analyze"), Input, text("-d"), dictionary.clone()];
    let analyze =
        [&analyze[..], &[text("--top"), text("1"), text("--endgame-positions"), text("1000")]].concat();
    let endgame = [text("scrabble"), text("endgame"), Input, text("-d"), dictionary.clone()];
    let endgame = [&endgame[..], &[text("--timeout"), text("1")]].concat();
    let pre_endgame = [text("scrabble"), text("pre-endgame"), Input, text("-d"), dictionary.clone()];
    let pre_endgame =
        [&pre_endgame[..], &[text("--plays"), text("3"), text("--endgame-positions"), text("1000")]].concat();
    // By score: by equity a position with the bag empty is the exact endgame, bounded at 10 s of the
    // processor, as long as a case may take; the endgame target searches it within a second.
    let hint_cgp =
        [text("scrabble"), text("hint"), Input, text("-d"), dictionary, text("--rank"), text("score")];
    let words_kwg = [text("scrabble"), text("words"), text("-d"), Input, text("--rack"), text(RACK)];
    let hint_leaves =
        [text("scrabble"), text("hint"), scrabble("standard-blanks.scrabble"), text("--leaves"), Input];
    let instance = Arg::Text(datasets.join(crate::corpus::PROOF_INSTANCE).display().to_string());
    let check_proof = [text("tournament"), instance, text("--check-proof"), Input];
    let diff = [text("diff"), Input, Input];
    targets.extend([
        Target::new("compare-tournament", "csv", Feed::File, &compare, &corpus.tournament),
        Target::new("tictactoe", "in", Feed::File, &[text("tictactoe"), Input], &corpus.tictactoe),
        Target::new(
            "scrabble-hint",
            "scrabble",
            Feed::File,
            &[text("scrabble"), text("hint"), Input],
            &corpus.scrabble,
        ),
        Target::new("scrabble-check", "scrabble", Feed::File, &check, &corpus.scrabble),
        Target::new("scrabble-hint-dictionary", "txt", Feed::File, &hint_dictionary, &corpus.dictionaries),
        Target::new("scrabble-words", "txt", Feed::File, &words, &corpus.dictionaries),
        Target::new("scrabble-tiles", "txt", Feed::File, &tiles, &corpus.dictionaries),
        Target::new("scrabble-words-tiles", "txt", Feed::File, &words_tiles, &corpus.tiles),
        Target::new("scrabble-play-tiles", "txt", Feed::File, &play_tiles, &corpus.tiles),
        Target::new("guess-simulate", "txt", Feed::File, &simulate, &corpus.secrets),
        Target::new("guess-play", "txt", Feed::Stdin, &[text("guess"), text("play")], &corpus.answers),
        Target::new(
            "guess-host",
            "txt",
            Feed::Stdin,
            &[text("guess"), text("host"), text("--seed"), text("1")],
            &corpus.guesses,
        ),
        Target::new("scrabble-analyze", "gcg", Feed::File, &analyze, &corpus.games),
        Target::new("scrabble-endgame", "cgp", Feed::File, &endgame, &corpus.cgp),
        Target::new("scrabble-pre-endgame", "cgp", Feed::File, &pre_endgame, &corpus.cgp),
        Target::new("scrabble-hint-cgp", "cgp", Feed::File, &hint_cgp, &corpus.cgp),
        Target::new("scrabble-words-kwg", "kwg", Feed::File, &words_kwg, &corpus.kwgs),
        Target::new("scrabble-hint-leaves", "klv2", Feed::File, &hint_leaves, &corpus.leaves),
        Target::new("tournament-check-proof", "drat", Feed::File, &check_proof, &corpus.proofs),
        Target::new("diff-reports", "jsonl", Feed::File, &diff, &corpus.reports),
    ]);
    targets.retain(|target| !target.seeds.is_empty());
    targets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_play_comes_from_the_first_play_line() {
        assert_eq!(play_of(b"rack: AE\nplay: EA 1 2 vertical \nplay: A 0 0 horizontal\n"), "EA 1 2 vertical");
        assert_eq!(play_of(b"rack: AE\n"), DEFAULT_PLAY);
        assert_eq!(play_of(b"play:  \n"), DEFAULT_PLAY);
        assert_eq!(play_of(b"play: A\0E\n"), DEFAULT_PLAY);
        assert_eq!(play_of(b"play: \xff\n"), DEFAULT_PLAY);
        assert_eq!(play_of(&[&b"play: "[..], &[b'A'; MAX_PLAY + 1]].concat()), DEFAULT_PLAY);
    }

    #[test]
    fn tournament_solvers_are_read_from_the_table() {
        let table = "| family | solver | description |\n\
                     |--------|--------|-------------|\n\
                     | tournament | backtrack (default) | the | reference |\n\
                     | tournament | dlx-links           | links |\n\
                     | guess      | first (default)     | smallest |\n";
        assert_eq!(parse_tournament_solvers(table), ["backtrack", "dlx-links"]);
    }

    #[test]
    fn arguments_are_resolved_per_case() {
        let target = Target::new(
            "t",
            "txt",
            Feed::File,
            &[Arg::Text("x".into()), Arg::Input, Arg::Output, Arg::PlayFromInput],
            &[],
        );
        let args = target.resolve(b"play: Q 1 1 vertical", Path::new("/w/case.txt"), Path::new("/w/out"));
        assert_eq!(args, ["x", "/w/case.txt", "/w/out", "Q 1 1 vertical"]);
    }
}
