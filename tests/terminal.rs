//! What a person sees at a terminal: every command that prints a table, run in a pseudo-terminal of
//! 60, 80, 120 and 200 columns, ends as it should, panics nowhere and draws no line wider than the
//! terminal.

use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::Path;
use std::process::Stdio;

use unicode_width::UnicodeWidthStr;

use crate::common::{child, output_in};

/// The widths tried, in columns.
const WIDTHS: [u16; 4] = [60, 80, 120, 200];

/// What `args` printed (standard output and error, as the terminal shows them) and its exit status,
/// run in `dir` with a pseudo-terminal of `columns` columns as its standard input, output and error.
fn in_terminal(dir: &Path, args: &[&str], columns: u16) -> (Option<i32>, String) {
    in_terminal_with(dir, args, columns, &[])
}

/// [`in_terminal`] with the environment variables `variables` set.
fn in_terminal_with(
    dir: &Path,
    args: &[&str],
    columns: u16,
    variables: &[(&str, &str)],
) -> (Option<i32>, String) {
    let size = libc::winsize { ws_row: 50, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0 };
    let (mut master, mut slave) = (0, 0);
    let opened =
        unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
    assert_eq!(opened, 0, "openpty: {}", std::io::Error::last_os_error());
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let stream = || Stdio::from(slave.try_clone().unwrap());
    let mut command = child();
    command
        .current_dir(dir)
        .args(args)
        .env("TERM", "xterm")
        .envs(variables.iter().copied())
        .stdin(stream())
        .stdout(stream())
        .stderr(stream());
    let mut process = command.spawn().unwrap();
    drop(command);
    drop(slave);
    // Read until every copy of the terminal's other end is closed: the read then fails (EIO).
    let mut shown = Vec::new();
    let _ = std::fs::File::from(master).read_to_end(&mut shown);
    let status = process.wait().unwrap();
    (status.code(), String::from_utf8_lossy(&shown).into_owned())
}

/// The lines as the terminal leaves them: colour and cursor escapes dropped, each line what follows
/// its last carriage return (a progress bar redrawn in place).
fn screen_lines(shown: &str) -> Vec<String> {
    let mut plain = String::with_capacity(shown.len());
    let mut chars = shown.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            if chars.next_if_eq(&'[').is_some() {
                while chars.next().is_some_and(|c| !c.is_ascii_alphabetic()) {}
            }
            continue;
        }
        plain.push(c);
    }
    plain
        .split('\n')
        .map(|line| line.trim_end_matches('\r').rsplit('\r').next().unwrap_or("").to_string())
        .collect()
}

/// Runs `args` at every width and checks its exit status, that nothing panicked and that every
/// line fits.
fn fits_every_width(dir: &Path, args: &[&str], status: i32) {
    for columns in WIDTHS {
        let (code, shown) = in_terminal(dir, args, columns);
        assert!(!shown.contains("panicked"), "{args:?} at {columns} columns panicked:\n{shown}");
        assert_eq!(code, Some(status), "{args:?} at {columns} columns:\n{shown}");
        for line in screen_lines(&shown) {
            assert!(
                line.width() <= usize::from(columns),
                "{args:?} at {columns} columns: a line of {} columns:\n{line}\n\nin\n{shown}",
                line.width()
            );
        }
    }
}

fn checkout() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn list_solvers_fits_every_width() {
    fits_every_width(checkout(), &["list-solvers"], 0);
    // The descriptions are wrapped whole, never cut: every word of each is on the screen.
    let (_, shown) = in_terminal(checkout(), &["list-solvers"], 60);
    let words: Vec<String> = screen_lines(&shown).iter().flat_map(|line| words_of(line)).collect();
    let piped = output_in(checkout(), &["list-solvers"]);
    for line in String::from_utf8(piped.stdout).unwrap().lines().skip(2) {
        let description = line.trim_matches('|').rsplit('|').next().unwrap();
        for word in words_of(description) {
            assert!(words.contains(&word), "{word:?} of {description:?} is not shown");
        }
    }
}

/// `list-solvers` ends naming each family as `--kind` takes it with its inputs: the fifth family,
/// `gcg`, is the recorded games of Scrabble, as the README's table of families says.
#[test]
fn list_solvers_names_each_family_s_inputs() {
    let piped = String::from_utf8(output_in(checkout(), &["list-solvers"]).stdout).unwrap();
    let families: Vec<&str> = piped
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.split('|').nth(1).unwrap().trim())
        .collect();
    assert_eq!(families.len(), 15, "{piped}");
    let mut named = families.clone();
    named.dedup();
    assert_eq!(named, ["tournament", "tictactoe", "guess", "scrabble", "gcg"]);
    assert!(
        piped.ends_with(
            "|\n\nInputs by family: tournament .csv, tictactoe .in (tic-tac-toe), guess .guess, scrabble \
             .scrabble, gcg .gcg (Scrabble game).\n"
        ),
        "{piped}"
    );
    // At a terminal the line wraps between words within the width.
    let (_, shown) = in_terminal(checkout(), &["list-solvers"], 60);
    let lines = screen_lines(&shown);
    let last = lines.iter().rposition(|line| line.starts_with("Inputs by family")).expect(&shown);
    assert_eq!(
        lines[last..].iter().map(String::as_str).filter(|line| !line.is_empty()).collect::<Vec<_>>(),
        [
            "Inputs by family: tournament .csv, tictactoe .in",
            "(tic-tac-toe), guess .guess, scrabble .scrabble, gcg .gcg",
            "(Scrabble game).",
        ]
    );
}

/// The words of a line of a table: its text less the borders.
fn words_of(line: &str) -> Vec<String> {
    line.split(|c: char| c.is_whitespace() || "|│┆".contains(c))
        .filter(|word| !word.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn run_fits_every_width() {
    fits_every_width(checkout(), &["run", "datasets"], 0);
}

#[test]
fn compare_and_its_scores_fit_every_width() {
    let args = [
        "compare",
        "datasets/tournament/generated",
        "--solvers",
        "backtrack,dlx,dlx-restarts,sat,portfolio",
        "--timeout",
        "20",
    ];
    fits_every_width(checkout(), &args, 0);
    // The single best solver is named whole.
    let (_, shown) = in_terminal(checkout(), &args, 60);
    let lines = screen_lines(&shown);
    let single = lines.iter().position(|line| line.contains("single best")).expect("a single best row");
    let named: Vec<String> = lines[single..=single + 1].iter().flat_map(|line| words_of(line)).collect();
    assert!(
        ["dlx", "dlx-restarts", "backtrack", "sat", "portfolio"]
            .iter()
            .any(|name| named.contains(&name.to_string())),
        "{}",
        lines[single..=single + 1].join("\n")
    );
}

/// The first cells of the rows of every box-drawn table in `lines`, table by table, without the
/// notes under the rows.
fn first_cells_of_every_table(lines: &[String]) -> Vec<Vec<String>> {
    let mut tables = Vec::new();
    let mut rest = lines;
    while let Some(start) = rest.iter().position(|line| line.starts_with('╞')) {
        // The rows' own first cells, not the notes (`↳ ...`) written under them.
        tables.push(first_cells(rest).into_iter().filter(|cell| !cell.starts_with('↳')).collect());
        rest = &rest[start + 1..];
    }
    tables
}

/// The files of `datasets/tournament/generated`, in the order of a report.
const GENERATED_TOURNAMENT_FILES: [&str; 10] = [
    "tournament-10-d2-s1-planted.csv",
    "tournament-10-d3-s1-planted.csv",
    "tournament-12-d3-s2.csv",
    "tournament-15-d3-s10-planted.csv",
    "tournament-15-d3-s3-planted.csv",
    "tournament-20-d2-s1-planted.csv",
    "tournament-20-d2-s3-planted.csv",
    "tournament-25-d2-s9-planted.csv",
    "tournament-30-d1-s1-planted.csv",
    "tournament-8-d2-s1.csv",
];

/// The README's comparison of the generated tournament files drawn in parts: each part shows every
/// file's name whole (no name cut and written again under its row) from 80 columns, and the scores'
/// `single best: NAME` is one line of its first column at every width.
#[test]
fn compare_drawn_in_parts_keeps_file_and_solver_names_whole() {
    let solvers = ["backtrack", "dlx", "dlx-restarts", "sat", "portfolio"];
    let joined = solvers.join(",");
    let args = ["compare", "datasets/tournament/generated", "--solvers", &joined, "--timeout", "20"];
    let files = GENERATED_TOURNAMENT_FILES;
    for columns in WIDTHS {
        let (code, shown) = in_terminal(checkout(), &args, columns);
        assert_eq!(code, Some(0), "{shown}");
        let tables = first_cells_of_every_table(&screen_lines(&shown));
        let (results, scores): (Vec<_>, Vec<_>) =
            tables.into_iter().partition(|cells| cells.len() == files.len());
        assert!(!results.is_empty() && !scores.is_empty(), "at {columns} columns:\n{shown}");
        if columns >= 80 {
            for cells in &results {
                assert_eq!(cells, &files, "at {columns} columns:\n{shown}");
            }
            assert!(!shown.contains('↳'), "at {columns} columns:\n{shown}");
        }
        for cells in &scores {
            // The solvers, the virtual best, then the single best on one line (whichever it is).
            assert_eq!(cells[..6], ["backtrack", "dlx", "dlx-restarts", "sat", "portfolio", "virtual best"]);
            let single = cells[6].strip_prefix("single best: ").unwrap_or_default();
            assert!(solvers.contains(&single), "at {columns} columns: {cells:?}\n{shown}");
            assert_eq!(cells.len(), 7, "at {columns} columns: {cells:?}\n{shown}");
        }
    }
}

/// The header words of every box-drawn table in `lines`, table by table (a heading wrapped onto
/// several lines gives the words of each).
fn header_words_of_every_table(lines: &[String]) -> Vec<Vec<String>> {
    let mut tables = Vec::new();
    let mut rest = lines;
    while let Some(top) = rest.iter().position(|line| line.starts_with('┌')) {
        let header: Vec<String> = rest[top + 1..]
            .iter()
            .take_while(|line| !line.starts_with('╞'))
            .flat_map(|line| words_of(line))
            .collect();
        tables.push(header);
        rest = &rest[top + 1..];
    }
    tables
}

/// `compare --solvers backtrack,dlx` of the generated tournament files at every width from 60 to
/// 130 columns: no line wider than the terminal, each solver's name whole in the headings and the
/// scores, and each file's name whole wherever a part can still show two columns beside it. The
/// tables are drawn by `merge` of one `compare` report (the same tables, through the same code)
/// whose times are set so that the one-piece table is 85 columns wide: at 84 columns it fitted only
/// by cutting a name by a character (`tournament-15-d…s10-planted.csv`), and is now drawn in two
/// parts instead.
#[test]
fn compare_of_two_solvers_keeps_every_name_whole_at_every_width() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("compare.jsonl");
    let report = report.to_str().unwrap();
    let folder = "datasets/tournament/generated";
    let output =
        output_in(checkout(), &["compare", folder, "--solvers", "backtrack,dlx", "--json", report, "-q"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    // Every cell of a solver as wide on every machine: `327.7 ms 4122.01x` and `79.5 µs   1.00x`.
    let set: Vec<String> = std::fs::read_to_string(report)
        .unwrap()
        .lines()
        .map(|line| {
            let mut line: serde_json::Value = serde_json::from_str(line).unwrap();
            if line["type"] == "file" {
                let (ms, ratio) = if line["solver"] == "dlx" { (0.0795, 1.0) } else { (327.7, 4122.01) };
                for field in ["ms", "min_ms", "max_ms", "mean_ms", "cpu_ms"] {
                    line[field] = serde_json::json!(ms);
                }
                line["ratio"] = serde_json::json!(ratio);
            }
            line.to_string()
        })
        .collect();
    std::fs::write(report, set.join("\n") + "\n").unwrap();
    let files = GENERATED_TOURNAMENT_FILES;
    // Column 0 whole (32 columns and its borders), `answer` (8) and the widest solver (17) beside it.
    let two_beside_whole_names = (32 + 4) + (8 + 3) + (17 + 3);
    for columns in 60..=130 {
        let (code, shown) = in_terminal(checkout(), &["merge", report], columns);
        assert!(!shown.contains("panicked"), "at {columns} columns:\n{shown}");
        assert_eq!(code, Some(0), "at {columns} columns:\n{shown}");
        let lines = screen_lines(&shown);
        for line in &lines {
            assert!(line.width() <= usize::from(columns), "at {columns} columns:\n{line}\n\nin\n{shown}");
        }
        let (results, scores): (Vec<_>, Vec<_>) = first_cells_of_every_table(&lines)
            .into_iter()
            .zip(header_words_of_every_table(&lines))
            .partition(|(cells, _)| cells.len() == files.len());
        // The results: each part headed by `file`, the solvers' names whole in the headings.
        let headings: Vec<String> = results.iter().flat_map(|(_, header)| header.clone()).collect();
        assert!(results.iter().all(|(_, header)| header[0] == "file"), "at {columns} columns:\n{shown}");
        for name in ["answer", "backtrack", "dlx"] {
            assert_eq!(headings.iter().filter(|word| *word == name).count(), 1, "at {columns}:\n{shown}");
        }
        // The scores: each part with every solver's row, named whole on one line.
        assert!(!scores.is_empty(), "at {columns} columns:\n{shown}");
        for (cells, _) in &scores {
            assert_eq!(
                cells,
                &["backtrack", "dlx", "virtual best", "single best: dlx"],
                "at {columns}:\n{shown}"
            );
        }
        if usize::from(columns) >= two_beside_whole_names {
            for (cells, _) in &results {
                assert_eq!(cells, &files, "at {columns} columns:\n{shown}");
            }
            assert!(!shown.contains('…') && !shown.contains('↳'), "at {columns} columns:\n{shown}");
            // In one piece where it fits whole (85 columns), else in two parts.
            let parts = if columns >= 85 { 1 } else { 2 };
            assert_eq!(results.len(), parts, "at {columns} columns:\n{shown}");
        }
    }
    // As `compare` itself draws them at 84 columns, whatever its times.
    let args = ["compare", folder, "--solvers", "backtrack,dlx"];
    let (code, shown) = in_terminal(checkout(), &args, 84);
    assert_eq!(code, Some(0), "{shown}");
    for cells in
        first_cells_of_every_table(&screen_lines(&shown)).iter().filter(|cells| cells.len() == files.len())
    {
        assert_eq!(cells, &files, "{shown}");
    }
}

/// A warning naming a path keeps it whole on a line of its own where it fits one, and else breaks
/// it only after a `/`.
#[test]
fn a_warning_keeps_the_path_it_names_whole_where_it_fits_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let folder = "a-folder-with-a-rather-long-name/another-folder-with-a-long-name";
    std::fs::create_dir_all(dir.path().join(folder)).unwrap();
    for name in ["a", "b", "c", "d"] {
        std::fs::write(dir.path().join(format!("{folder}/{name}.probe")), "solved\n").unwrap();
    }
    let args = ["compare", folder, "--solvers", "steady", "--repeat", "3"];
    for columns in WIDTHS {
        let (code, shown) = in_terminal_with(dir.path(), &args, columns, &[("SOLVEBATCH_PROBE_FAMILY", "1")]);
        assert_eq!(code, Some(0), "{shown}");
        let lines = screen_lines(&shown);
        // `steady` answers at once: its runs are too short to time, and the warning names the first
        // such file (any of the four) and the solver.
        let start =
            lines.iter().position(|line| line.starts_with("warning: runs under 50 µs")).expect(&shown);
        let warning: Vec<&String> = lines[start..]
            .iter()
            .take_while(|line| {
                !line.starts_with("warning: the comparison")
                    && !line.starts_with("files under")
                    && !line.starts_with('┌')
            })
            .collect();
        let path = format!("{folder}/");
        if path.len() + "a.probe,".len() <= usize::from(columns) {
            let line = warning.iter().find(|line| line.contains(&path)).expect(&shown);
            let at = line.find(&path).unwrap() + path.len();
            assert!(
                ["a", "b", "c", "d"]
                    .iter()
                    .any(|name| line[at..].starts_with(&format!("{name}.probe, steady"))
                        || line[at..] == format!("{name}.probe,")),
                "at {columns} columns:\n{shown}"
            );
        } else {
            // At 60 columns: the path goes on after its folders, each line ending after a `/`.
            let first = warning.iter().position(|line| line.contains("a-folder-with")).expect(&shown);
            assert!(warning[first].ends_with("a-folder-with-a-rather-long-name/"), "{shown}");
            assert!(warning[first + 1].starts_with("another-folder-with-a-long-name/"), "{shown}");
        }
    }
}

/// The first cells of the rows of the first box-drawn table in `lines`: the files as shown, or the
/// folder headings (cells spanning the table) where the rows are grouped.
fn first_cells(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .skip_while(|line| !line.starts_with('╞'))
        .skip(1)
        .take_while(|line| !line.starts_with('└'))
        .map(|line| line.trim_start_matches('│').split(['┆', '│']).next().unwrap().trim().to_string())
        .collect()
}

/// The README's `run` of four files of four families: on the terminal the rows name each file after
/// `datasets/`, which a line above the table names; piped, the Markdown table and the JSON report
/// keep the paths as given.
#[test]
fn run_shows_paths_after_the_folder_the_inputs_share_and_names_it() {
    let args = [
        "run",
        "datasets/tournament/spec-example.csv",
        "datasets/tictactoe/00-example.in",
        "datasets/guess/spec-example.guess",
        "datasets/scrabble/assignment-are-la.scrabble",
    ];
    for columns in WIDTHS {
        let (code, shown) = in_terminal(checkout(), &args, columns);
        assert_eq!(code, Some(0), "{shown}");
        let lines = screen_lines(&shown);
        let folder = lines.iter().position(|line| line.starts_with("files under")).expect("the folder line");
        assert_eq!(lines[folder], "files under datasets/:", "at {columns} columns:\n{shown}");
        assert!(lines[folder + 1].starts_with('┌'), "the table follows the line:\n{shown}");
        let cells = first_cells(&lines);
        assert!(cells.iter().all(|cell| !cell.contains("datasets")), "at {columns} columns:\n{shown}");
        if columns >= 120 {
            assert_eq!(
                cells,
                [
                    "guess/spec-example.guess",
                    "scrabble/assignment-are-la.scrabble",
                    "tictactoe/00-example.in",
                    "tournament/spec-example.csv"
                ],
                "at {columns} columns:\n{shown}"
            );
        }
    }
    let piped = String::from_utf8(output_in(checkout(), &args).stdout).unwrap();
    assert!(!piped.contains("files under"), "{piped}");
    let rows: Vec<&str> =
        piped.lines().skip(2).take(4).map(|line| line.split('|').nth(1).unwrap().trim()).collect();
    assert_eq!(rows, [args[3], args[4], args[2], args[1]], "{piped}");
    let mut json_args = args.to_vec();
    json_args.extend(["--json", "-"]);
    let json = String::from_utf8(output_in(checkout(), &json_args).stdout).unwrap();
    let files: Vec<String> = json
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter(|line| line["type"] == "file")
        .map(|line| line["file"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(files, [args[3], args[4], args[2], args[1]]);
}

/// `compare` names the folder its files share, and a file given alone keeps its path.
#[test]
fn compare_names_the_common_folder_and_a_file_alone_keeps_its_path() {
    let args = [
        "compare",
        "datasets/tournament/spec-example.csv",
        "datasets/tournament/generated/tournament-8-d2-s1.csv",
        "--solvers",
        "backtrack,dlx",
    ];
    let (code, shown) = in_terminal(checkout(), &args, 120);
    assert_eq!(code, Some(0), "{shown}");
    let lines = screen_lines(&shown);
    assert!(lines.contains(&"files under datasets/tournament/:".to_string()), "{shown}");
    assert_eq!(first_cells(&lines), ["generated/tournament-8-d2-s1.csv", "spec-example.csv"], "{shown}");
    for args in [&[args[0], args[1], args[3], args[4]][..], &["run", args[1]]] {
        let (code, shown) = in_terminal(checkout(), args, 120);
        assert_eq!(code, Some(0), "{shown}");
        let lines = screen_lines(&shown);
        assert!(!shown.contains("files under"), "{shown}");
        assert_eq!(first_cells(&lines), ["datasets/tournament/spec-example.csv"], "{shown}");
    }
}

#[test]
fn diff_merge_and_review_fit_every_width() {
    let dir = tempfile::tempdir().unwrap();
    let folder = checkout().join("datasets/tournament");
    let folder = folder.to_str().unwrap();
    for (args, report) in [
        (vec!["run", folder, "--json"], "backtrack.jsonl"),
        (vec!["run", folder, "--solver", "dlx", "--json"], "dlx.jsonl"),
        (vec!["run", folder, "--shard", "1/2", "--json"], "one.jsonl"),
        (vec!["run", folder, "--shard", "2/2", "--json"], "two.jsonl"),
    ] {
        let mut args = args;
        args.extend([report, "-q"]);
        let output = output_in(dir.path(), &args);
        assert!(output.status.code().is_some_and(|code| code <= 1), "{args:?}: {output:?}");
    }
    fits_every_width(dir.path(), &["diff", "backtrack.jsonl", "dlx.jsonl"], 0);
    fits_every_width(dir.path(), &["merge", "one.jsonl", "two.jsonl"], 0);
    // Every file as its reference has it: the review shows its table and asks nothing.
    fits_every_width(dir.path(), &["review", folder], 0);
    // Each names the folder the files share once, above its table, and shows the paths after it.
    for args in [
        &["diff", "backtrack.jsonl", "dlx.jsonl"][..],
        &["merge", "one.jsonl", "two.jsonl"],
        &["review", folder],
    ] {
        let (_, shown) = in_terminal(dir.path(), args, 200);
        let lines = screen_lines(&shown);
        let named: Vec<&String> = lines.iter().filter(|line| line.starts_with("files under")).collect();
        assert_eq!(named.len(), 1, "{args:?}:\n{shown}");
        if args[0] == "diff" {
            // The changes' files: which times changed depends on the machine, and so may their folder.
            assert!(named[0].starts_with(&format!("files under {folder}/")), "{args:?}:\n{shown}");
            assert!(named[0].ends_with("/:"), "{args:?}:\n{shown}");
        } else {
            assert_eq!(named[0], &format!("files under {folder}/:"), "{args:?}:\n{shown}");
        }
        let cells = first_cells(&lines);
        assert!(!cells.is_empty(), "{args:?}:\n{shown}");
        assert!(cells.iter().all(|cell| !cell.contains(folder)), "{args:?}:\n{shown}");
    }
}

#[test]
fn a_lab_hint_at_a_terminal_names_its_fields() {
    let (code, shown) = in_terminal(
        checkout(),
        &["scrabble", "hint", "datasets/scrabble/midgame-01.scrabble", "--rules", "lab"],
        80,
    );
    assert_eq!(code, Some(0), "{shown}");
    let lines = screen_lines(&shown);
    assert_eq!(lines[0], "SCORE WORD X Y DIRECTION LETTERS");
    assert_eq!(lines[1], "25 GARI 5 -3 vertical GARI");
    // Piped, the lines alone, as the specification writes them.
    let piped = output_in(
        checkout(),
        &["scrabble", "hint", "datasets/scrabble/midgame-01.scrabble", "--rules", "lab"],
    );
    assert!(String::from_utf8(piped.stdout).unwrap().starts_with("25 GARI 5 -3 vertical GARI\n"));
}
