//! Every round in a tournament reference file is valid for its input, checked here from the text alone.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// A set of pairings as `(first, second, table)`.
type Pairings = HashSet<(u64, u64, u64)>;

/// The table count and the pairings of a pairing file, for files that parse.
fn pairings(text: &str) -> Option<(u64, Pairings)> {
    let mut lines = text.trim_start_matches('\u{feff}').lines();
    let tables = lines.next()?.trim().parse().ok()?;
    let mut set = HashSet::new();
    for line in lines.filter(|line| !line.trim().is_empty()) {
        let fields: Vec<u64> = line
            .split(',')
            .map(|field| field.trim().trim_start_matches('+').parse().ok())
            .collect::<Option<_>>()?;
        let [first, second, table] = fields[..] else { return None };
        set.insert((first, second, table));
    }
    Some((tables, set))
}

/// Checks a printed round: `Table i: j vs. k` for i = 0..n in order, every pairing allowed, every player
/// of `0..2n` exactly once.
fn check(input: &str, round: &str) -> Result<(), String> {
    let (tables, allowed) = pairings(input).ok_or("the input does not parse")?;
    let lines: Vec<&str> = round.lines().collect();
    if lines.len() as u64 != tables || !round.ends_with('\n') {
        return Err(format!("{} lines for {tables} tables", lines.len()));
    }
    let mut players = HashSet::new();
    for (table, line) in lines.iter().enumerate() {
        let rest = line.strip_prefix(&format!("Table {table}: ")).ok_or(format!("bad line {line:?}"))?;
        let (first, second) = rest.split_once(" vs. ").ok_or(format!("bad line {line:?}"))?;
        let (first, second): (u64, u64) =
            (first.parse().map_err(|_| line.to_string())?, second.parse().map_err(|_| line.to_string())?);
        if !allowed.contains(&(first, second, table as u64)) {
            return Err(format!("{line:?} is not an allowable pairing"));
        }
        for player in [first, second] {
            if player >= 2 * tables || !players.insert(player) {
                return Err(format!("player {player} is out of range or plays twice"));
            }
        }
    }
    Ok(())
}

fn csv_files(folder: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            csv_files(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "csv") {
            found.push(path);
        }
    }
}

#[test]
fn every_reference_round_is_a_valid_round_of_its_input() {
    let mut files = Vec::new();
    csv_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/tournament"), &mut files);
    let mut rounds = 0;
    for file in files {
        let Ok(reference) = std::fs::read_to_string(file.with_extension("csv.expected")) else { continue };
        if reference.starts_with("Table ") {
            let input = std::fs::read_to_string(&file).unwrap();
            check(&input, &reference).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
            rounds += 1;
        }
    }
    assert!(rounds >= 8, "only {rounds} rounds among the references");
}

#[test]
fn the_checker_rejects_broken_rounds() {
    let input = "2\n0,1,0\n2,3,1\n0,2,1\n";
    assert_eq!(check(input, "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n"), Ok(()));
    assert!(check(input, "Table 0: 0 vs. 1\n").is_err());
    assert!(check(input, "Table 0: 0 vs. 1\nTable 1: 0 vs. 2\n").is_err());
    assert!(check(input, "Table 0: 0 vs. 1\nTable 1: 3 vs. 2\n").is_err());
    assert!(check(input, "Table 1: 2 vs. 3\nTable 0: 0 vs. 1\n").is_err());
}
