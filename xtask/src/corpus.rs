//! The seed corpus: the bundled datasets, read at run time, and inputs derived from them.

use std::fs;
use std::io;
use std::path::Path;
use std::process::Command;

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
    /// Scrabble game records: `scrabble/**/*.gcg`.
    pub games: Vec<Seed>,
    /// CGP positions: `scrabble/**/*.cgp`.
    pub cgp: Vec<Seed>,
    /// KWG word graphs, made here (`made_kwgs`): the datasets hold none.
    pub kwgs: Vec<Seed>,
    /// Leave values: the text form and a KLV2 of the same values, made here (`made_leaves`).
    pub leaves: Vec<Seed>,
    /// DRAT proofs that [`PROOF_INSTANCE`] has no round: made by the binary under test
    /// ([`Corpus::add_made_by`]), and a few by hand.
    pub proofs: Vec<Seed>,
    /// JSON reports of `run`: made by the binary under test ([`Corpus::add_made_by`]).
    pub reports: Vec<Seed>,
}

/// The tournament without a round whose DRAT proofs the proof seeds are.
pub const PROOF_INSTANCE: &str = "tournament/no-round-missing-table.csv";

/// The inputs of the report seed: one of each family's, solved by `run --json`.
const REPORT_INPUTS: [&str; 3] =
    ["tournament/spec-example.csv", "tictactoe/00-example.in", "guess/spec-example.guess"];

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
            games: files(datasets, "scrabble", &ends(".gcg"))?,
            cgp: files(datasets, "scrabble", &ends(".cgp"))?,
            kwgs: made_kwgs(),
            leaves: made_leaves(),
            proofs: Vec::new(),
            reports: Vec::new(),
        };
        for (group, seeds) in [
            ("tournament", &corpus.tournament),
            ("tictactoe", &corpus.tictactoe),
            ("guess", &corpus.guess),
            ("scrabble", &corpus.scrabble),
            ("dictionaries", &corpus.dictionaries),
            ("tiles", &corpus.tiles),
            ("answers", &corpus.answers),
            ("games", &corpus.games),
            ("cgp", &corpus.cgp),
        ] {
            if seeds.is_empty() {
                return Err(io::Error::other(format!("no {group} seeds in {}", datasets.display())));
            }
        }
        Ok(corpus)
    }

    /// Adds the seeds that `bin`, the binary under test, makes from `datasets`: a DRAT proof of
    /// [`PROOF_INSTANCE`] (`tournament --solver sat --proof`) beside proofs by hand, and the JSON
    /// report of `run` on `REPORT_INPUTS`.
    ///
    /// # Errors
    /// `bin` cannot be run, or does not write them.
    pub fn add_made_by(&mut self, bin: &Path, datasets: &Path) -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let proof = dir.path().join("proof.drat");
        run(Command::new(bin)
            .arg("tournament")
            .arg(datasets.join(PROOF_INSTANCE))
            .args(["--solver", "sat", "--proof"])
            .arg(&proof))?;
        self.proofs = vec![
            Seed { name: format!("{PROOF_INSTANCE}:proof"), bytes: fs::read(&proof)? },
            Seed { name: "made:proof/empty-clause".into(), bytes: b"0\n".to_vec() },
            Seed {
                name: "made:proof/comments-and-deletions".into(),
                bytes: b"c by hand\n1 2 0\nd 1 2 0\n0\n".to_vec(),
            },
        ];
        let report = dir.path().join("report.jsonl");
        run(Command::new(bin)
            .arg("run")
            .args(REPORT_INPUTS.map(|input| datasets.join(input)))
            .args(["-q", "--json"])
            .arg(&report))?;
        self.reports = vec![Seed { name: "made:run-report".into(), bytes: fs::read(&report)? }];
        Ok(())
    }
}

/// Runs `command`, which must exit with 0 or 1 (a solve that fails a reference).
fn run(command: &mut Command) -> io::Result<()> {
    let status = command.stdout(std::process::Stdio::null()).status()?;
    match status.code() {
        Some(0 | 1) => Ok(()),
        _ => Err(io::Error::other(format!("{command:?}: {status}"))),
    }
}

/// KWG nodes as bytes (32-bit little-endian each).
fn node_bytes(nodes: &[u32]) -> Vec<u8> {
    nodes.iter().flat_map(|node| node.to_le_bytes()).collect()
}

/// A KWG node: its tile in the top byte, then the accepts bit, the end-of-list bit and the pointer.
fn node(tile: u8, accepts: bool, end: bool, pointer: u32) -> u32 {
    u32::from(tile) << 24 | u32::from(accepts) << 23 | u32::from(end) << 22 | pointer
}

/// Two KWGs: the words AS, AT, CS and CT with a GADDAG list, and wolges' empty KWG.
fn made_kwgs() -> Vec<Seed> {
    let four = [
        node(0, false, true, 2),
        node(0, false, true, 6),
        node(1, false, false, 4),
        node(3, false, true, 4),
        node(19, true, false, 0),
        node(20, true, true, 0),
        node(0, true, true, 0),
    ];
    vec![
        Seed { name: "made:kwg/as-at-cs-ct".into(), bytes: node_bytes(&four) },
        Seed { name: "made:kwg/empty".into(), bytes: b"\x00\x00\x40\x00\x00\x00\x40\x00".to_vec() },
    ]
}

/// Leaves and their values, in the tile order of a KLV (the blank, then A to Z).
const LEAVES: [(&[u8], f32); 6] =
    [(&[0], 24.75), (&[0, 5, 18, 19], 31.5), (&[5], 2.5), (&[5, 5], -1.25), (&[5, 19], 12.0), (&[17], -7.0)];

/// The leaves as text (`? 24.75`, a line each) and as a KLV2: the node count, a trie-shaped KWG of
/// the leaves, the value count and the values as 32-bit floats.
fn made_leaves() -> Vec<Seed> {
    let letter = |tile: u8| if tile == 0 { '?' } else { char::from(b'A' + tile - 1) };
    let text: String = LEAVES
        .iter()
        .map(|(tiles, value)| {
            format!("{} {value}\n", tiles.iter().map(|&tile| letter(tile)).collect::<String>())
        })
        .collect();
    let words: Vec<Vec<u8>> = LEAVES.iter().map(|(tiles, _)| tiles.to_vec()).collect();
    let mut nodes = vec![node(0, false, true, 0)];
    nodes[0] |= write_list(&words, 0, &mut nodes);
    let mut klv2 = (nodes.len() as u32).to_le_bytes().to_vec();
    klv2.extend(node_bytes(&nodes));
    klv2.extend((LEAVES.len() as u32).to_le_bytes());
    for (_, value) in LEAVES {
        klv2.extend(value.to_le_bytes());
    }
    vec![
        Seed { name: "made:leaves/text".into(), bytes: text.into_bytes() },
        Seed { name: "made:leaves/klv2".into(), bytes: klv2 },
    ]
}

/// Writes the list of the tiles at `depth` of `words` (sorted, distinct) from the end of `nodes`,
/// each pointing to the list of the words it starts; answers where the list starts.
fn write_list(words: &[Vec<u8>], depth: usize, nodes: &mut Vec<u32>) -> u32 {
    let mut groups: Vec<(u8, bool, Vec<Vec<u8>>)> = Vec::new();
    for word in words.iter().filter(|word| word.len() > depth) {
        if groups.last().is_none_or(|group| group.0 != word[depth]) {
            groups.push((word[depth], false, Vec::new()));
        }
        let group = groups.last_mut().expect("a group was pushed");
        if word.len() == depth + 1 {
            group.1 = true;
        } else {
            group.2.push(word.clone());
        }
    }
    let start = nodes.len();
    nodes.resize(start + groups.len(), 0);
    for (index, (tile, accepts, longer)) in groups.iter().enumerate() {
        let child = if longer.is_empty() { 0 } else { write_list(longer, depth + 1, nodes) };
        nodes[start + index] = node(*tile, *accepts, index + 1 == groups.len(), child);
    }
    start as u32
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

    /// The made seeds: `solvebatch scrabble words -d` reads the KWG as AS, AT, CS and CT, and `hint
    /// --leaves` ranks alike with the text and the KLV2 (checked by hand with the binary); here, their
    /// shapes.
    #[test]
    fn made_seeds_hold_the_leaves_as_text_and_as_a_klv2() {
        let [text, klv2] = [0, 1].map(|index| made_leaves()[index].bytes.clone());
        assert_eq!(String::from_utf8(text).unwrap(), "? 24.75\n?ERS 31.5\nE 2.5\nEE -1.25\nES 12\nQ -7\n");
        let word = |at: usize| u32::from_le_bytes(klv2[at..at + 4].try_into().unwrap()) as usize;
        let nodes = word(0);
        assert_eq!(word(4 + 4 * nodes), LEAVES.len(), "the value count after the nodes");
        assert_eq!(klv2.len(), 4 + 4 * nodes + 4 + 4 * LEAVES.len());
        let kwgs = made_kwgs();
        assert_eq!(kwgs[0].bytes.len(), 7 * 4);
        assert_eq!(kwgs[0].bytes[3], 0, "a KWG's first node has tile 0");
    }
}
