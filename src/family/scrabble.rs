//! The scrabble family in the batch runner: `.scrabble` position files, `.scrabble.expected` references.
//!
//! A position's dictionary is named relative to its file (else `--dictionary` is used); each dictionary
//! is loaded once per run and shared by every file that names it. Its rules are its `rules:` line, else
//! `--rules`, else the spec's `lab` rules.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use solvebatch_scrabble::{Dictionary, Generator, Position, Rulebook, Rules, TileSet};

use super::{Family, Job, Outcome, SolverInfo, Status};

/// The Scrabble position family.
pub struct Scrabble;

impl Family for Scrabble {
    fn name(&self) -> &'static str {
        "scrabble"
    }

    fn is_input(&self, path: &Path) -> bool {
        super::name_ends_with(path, ".scrabble")
    }

    fn reference_path(&self, input: &Path) -> PathBuf {
        super::with_suffix(input, ".expected")
    }

    fn no_solution_label(&self) -> &'static str {
        "no play"
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        Generator::ALL
            .iter()
            .map(|generator| SolverInfo { name: generator.name(), description: generator.description() })
            .collect()
    }

    fn solve(&self, job: &Job) -> Outcome {
        match solve(job) {
            Ok(outcome) => outcome,
            Err(message) => Outcome::invalid(message),
        }
    }
}

fn solve(job: &Job) -> Result<Outcome, String> {
    let generator: Generator = job.solver.parse().map_err(|error| format!("{error}"))?;
    let default_rules = match job.options.rules.as_deref() {
        Some(name) => name.parse::<Rules>().map_err(|error| error.to_string())?,
        None => Rules::lab(),
    };
    let text = crate::text::decode(job.input)?;
    let position = Position::parse_with_rules(text, &default_rules).map_err(|error| error.to_string())?;
    let folder = job.path.parent().unwrap_or(Path::new(""));
    let dictionary_path = match (&position.dictionary, &job.options.dictionary) {
        (Some(name), _) => folder.join(name),
        (None, Some(path)) => path.clone(),
        (None, None) => {
            return Err("no dictionary: add a 'dictionary:' line or give --dictionary".to_string())
        }
    };
    let dictionary = load_dictionary(&dictionary_path)?;
    let tiles = match &position.tiles {
        Some(name) => TileSet::load(&folder.join(name)).map_err(|error| error.to_string())?,
        None => TileSet::standard(),
    };
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &position.rules };
    let Ok(solution) = position.solve(&rulebook, generator, job.deadline) else {
        return Ok(Outcome::timeout());
    };
    Ok(Outcome {
        status: if solution.move_count == 0 { Status::NoSolution } else { Status::Solved },
        output: solution.text,
        stats: vec![("plays", solution.move_count as u64)],
    })
}

/// A dictionary read once per run, or the error reading it gave.
type Loaded = Arc<OnceLock<Result<Arc<Dictionary>, String>>>;

/// The dictionary at `path`, read on first use and then shared; files naming the same dictionary wait
/// for one read, different dictionaries load in parallel.
fn load_dictionary(path: &Path) -> Result<Arc<Dictionary>, String> {
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, Loaded>>> = OnceLock::new();
    let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let slot = {
        let mut loaded =
            LOADED.get_or_init(Default::default).lock().unwrap_or_else(|poison| poison.into_inner());
        Arc::clone(loaded.entry(key).or_default())
    };
    slot.get_or_init(|| Dictionary::load(path).map(Arc::new).map_err(|error| error.to_string())).clone()
}
