//! The web app in a real browser: headless Chromium driven through chromedriver. Each test starts
//! its own server and browser; both stop when it ends. The tests need Chromium and chromedriver, which
//! a Rust toolchain does not bring, so they are ignored by a plain `cargo test`; `.ci/run` installs
//! both and runs them with `-- --include-ignored` (without them they fail and say so).

use std::time::{Duration, Instant};

use crate::browser::{run, Browser};
use crate::server::{dataset, Server};

/// The reference output of a dataset file.
fn reference(path: &str) -> String {
    std::fs::read_to_string(dataset(path)).unwrap()
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn tournament_page_shows_saves_and_refuses_as_the_window_did() {
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/tournament")).await.unwrap();
        assert_eq!(browser.eval("document.getElementById('save').disabled").await, true);
        assert_eq!(browser.text("document.getElementById('open').accept").await, ".csv,text/csv");

        // A file with a round: the round is shown and can be saved, exactly as shown.
        let round = reference("tournament/spec-example.csv.expected");
        assert_eq!(round, "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n");
        browser.choose_file("open", &dataset("tournament/spec-example.csv")).await;
        browser.wait_until("document.getElementById('round').value !== ''", "the round").await;
        assert_eq!(browser.text("document.getElementById('round').value").await, round);
        assert_eq!(browser.eval("document.getElementById('save').disabled").await, false);
        assert!(browser.text("document.getElementById('time').textContent").await.starts_with("backtrack: "));
        browser.screenshot("tournament").await;
        browser.click("save").await;
        let saved = browser.downloads.join("round.txt");
        let started = Instant::now();
        while std::fs::read_to_string(&saved).ok().as_deref() != Some(round.as_str()) {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "round.txt was not downloaded with the round"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }

        // A bad file: the whole error in the message box, and nothing else changes.
        browser.choose_file("open", &dataset("tournament/error-players-same.csv")).await;
        browser.wait_until("document.getElementById('message').open", "the message box").await;
        let error = reference("tournament/error-players-same.csv.expected");
        assert_eq!(
            browser.text("document.getElementById('message-text').textContent").await,
            error.trim_end()
        );
        assert_eq!(browser.text("document.getElementById('round').value").await, round);
        assert_eq!(browser.eval("document.getElementById('save').disabled").await, false);
        browser.click("message-ok").await;
        browser.wait_until("!document.getElementById('message').open", "the message box to close").await;

        // No round: the message, an empty box, saving disabled.
        browser.choose_file("open", &dataset("tournament/no-round-missing-player.csv")).await;
        browser.wait_until("document.getElementById('message').open", "the message box").await;
        assert_eq!(
            browser.text("document.getElementById('message-text').textContent").await,
            "No tournament found."
        );
        assert_eq!(browser.text("document.getElementById('round').value").await, "");
        assert_eq!(browser.eval("document.getElementById('save').disabled").await, true);
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn tictactoe_slider_replays_every_move_and_shows_the_command_line_output() {
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/tictactoe")).await.unwrap();
        let reference = reference("tictactoe/00-example.ref");
        browser.choose_file("open", &dataset("tictactoe/00-example.in")).await;
        browser.wait_until("document.getElementById('output').textContent !== ''", "the output").await;
        assert_eq!(browser.text("document.getElementById('output').textContent").await, reference);
        assert_eq!(browser.text("document.getElementById('position').textContent").await, "move 8 of 8");

        // Back to the start, then move by move to the last: each message at its move.
        browser.click("first").await;
        assert_eq!(browser.eval("document.querySelectorAll('#board td.X, #board td.O').length").await, 0);
        let mut descriptions = Vec::new();
        for _ in 0..8 {
            browser.click("next").await;
            descriptions.push(browser.text("document.getElementById('move').textContent").await);
        }
        assert_eq!(descriptions[0], "X asks for (0, 0): X at (0, 0)");
        assert_eq!(descriptions[6], "0 asks for (0, 0) \u{2014} NOT YOUR TURN");
        assert_eq!(descriptions[7], "X asks for (0, 0): X at (1, 1) \u{2014} NOT AN EMPTY CELL");
        assert_eq!(
            browser
                .eval("document.getElementById('step').value === document.getElementById('step').max")
                .await,
            true
        );
        assert_eq!(browser.text("document.getElementById('position').textContent").await, "move 8 of 8");

        // The macroboard drawn from the moves is the one the command line prints.
        let macroboard = browser
            .eval("[...document.getElementById('macroboard').rows].map((row) => [...row.cells].map((cell) => cell.textContent).join(''))")
            .await;
        let printed: Vec<&str> = reference.lines().skip(2).take(3).collect();
        assert_eq!(macroboard, serde_json::json!(printed));
        assert_eq!(
            browser.text("document.getElementById('verdict').textContent").await,
            "Draw again! Let's play darts!"
        );
        browser.screenshot("tictactoe").await;
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn guess_game_against_the_codebreaker_ends_with_the_secret() {
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/guess")).await.unwrap();
        browser.click("new-codebreaker").await;
        // The reference: "secret 3242: 1000 2111 3222 3223 3232 3242 (6 guesses)".
        let line = reference("guess/spec-example.guess.expected").lines().next().unwrap().to_string();
        let guesses = line.trim_start_matches("secret 3242: ").trim_end_matches(" (6 guesses)");
        let secret = 3242;
        for _ in 0..20 {
            browser
                .wait_until("document.getElementById('codebreaker-guesses').rows.length > 0", "a guess")
                .await;
            let status = browser.text("document.getElementById('codebreaker-status').textContent").await;
            if status.starts_with("Found") {
                break;
            }
            let rows = browser.eval("document.getElementById('codebreaker-guesses').rows.length").await;
            let guess: u32 = browser
                .text("[...document.getElementById('codebreaker-guesses').rows].pop().cells[1].textContent")
                .await
                .parse()
                .unwrap();
            browser.click(&format!("answer-{}", solvebatch_guess::matches(guess, secret))).await;
            browser
                .wait_until(
                    &format!(
                        "document.getElementById('codebreaker-guesses').rows.length > {rows} || \
                         document.getElementById('codebreaker-status').textContent.startsWith('Found')"
                    ),
                    "the next guess",
                )
                .await;
        }
        assert_eq!(
            browser.text("document.getElementById('codebreaker-status').textContent").await,
            format!("Found 3242 with 6 guesses: {guesses}")
        );
        browser.click("simulate").await;
        browser.wait_until("document.getElementById('bars').children.length > 0", "the histogram").await;
        assert!(browser
            .text("document.getElementById('sim-summary').textContent")
            .await
            .starts_with("first, 4 digits, 9000 secrets: worst case "));
        browser.screenshot("guess").await;
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn scrabble_hint_click_highlights_its_tiles() {
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/scrabble")).await.unwrap();
        browser.choose_file("open", &dataset("scrabble/midgame-01.scrabble")).await;
        browser.wait_until("document.querySelectorAll('#hints li').length === 10", "the best plays").await;
        let expected = reference("scrabble/midgame-01.scrabble.expected");
        assert_eq!(browser.text("document.getElementById('output').textContent").await, expected);
        // The best play after the two `play:` lines and the hint: "25 GARI 5 -3 vertical GARI".
        let best = expected.lines().nth(3).unwrap();
        assert_eq!(browser.text("document.getElementById('hint-0').textContent").await, best);
        browser.click("hint-0").await;
        // GARI placed from (5, -3) downwards: column 5 + 7, rows 7 + 3 to 7 + 6.
        let fields: Vec<&str> = best.split(' ').collect();
        let (x, y): (i32, i32) = (fields[2].parse().unwrap(), fields[3].parse().unwrap());
        let squares: Vec<i32> = (0..fields[5].len() as i32).map(|i| (7 - y + i) * 15 + (x + 7)).collect();
        let highlighted = browser
            .eval("[...document.querySelectorAll('#board td.highlight')].map((cell) => Number(cell.dataset.square))")
            .await;
        assert_eq!(highlighted, serde_json::json!(squares));
        assert_eq!(browser.text("document.getElementById('letters').value").await, "GARI");
        browser.click("play").await;
        browser.wait_until("document.getElementById('result').textContent !== ''", "the play's score").await;
        // The reference's first line scores the same play: "play GARI 5 -3 vertical: 25".
        let result = browser.text("document.getElementById('result').textContent").await;
        assert!(result.starts_with(&format!("{} (GARI 5, ", expected.lines().next().unwrap())), "{result}");
        // Under the standard rules: the coordinates around the board, and a play typed as players write
        // it, GOATIER at M7 down, whose E the rack holds only as its blank.
        browser.choose_file("open", &dataset("scrabble/standard-midgame.scrabble")).await;
        browser.wait_until("document.querySelector('#board thead') !== null", "the standard board").await;
        let labels =
            browser.eval("[...document.querySelectorAll('#board th')].map((cell) => cell.textContent)").await;
        let labels: Vec<&str> =
            labels.as_array().unwrap().iter().map(|label| label.as_str().unwrap()).collect();
        let columns: Vec<String> = ('A'..='O').map(String::from).collect();
        let rows: Vec<String> = (1..=15).map(|row| row.to_string()).collect();
        assert_eq!(labels[0], "");
        assert_eq!(labels[1..16], columns.iter().map(String::as_str).collect::<Vec<_>>()[..]);
        assert_eq!(labels[16..], rows.iter().map(String::as_str).collect::<Vec<_>>()[..]);
        browser.eval("document.getElementById('letters').value = 'M7 GOATIER'").await;
        browser.click("play").await;
        browser
            .wait_until("document.getElementById('result').textContent.includes('hint')", "the hint")
            .await;
        let result = browser.text("document.getElementById('result').textContent").await;
        assert_eq!(
            result,
            "play M7 GOATIER: rejected: E is not on the rack\nhint: try M7 GOATIeR (87 points)"
        );
        browser.screenshot("scrabble").await;
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn batch_page_solves_dropped_files_with_verdicts() {
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/")).await.unwrap();
        assert_eq!(browser.eval("document.querySelectorAll('ul.pages a').length").await, 5);
        browser.screenshot("index").await;
        browser.client.goto(&server.at("/batch")).await.unwrap();
        let files: Vec<String> = [
            "tournament/spec-example.csv",
            "tournament/spec-example.csv.expected",
            "tournament/error-players-same.csv",
            "tournament/error-players-same.csv.expected",
            "tictactoe/00-example.in",
            "tictactoe/00-example.ref",
            "guess/spec-example.guess",
            "guess/spec-example.guess.expected",
        ]
        .iter()
        .map(|path| dataset(path).display().to_string())
        .collect();
        let input = browser.client.find(fantoccini::Locator::Id("files")).await.unwrap();
        input.send_keys(&files.join("\n")).await.unwrap();
        browser.wait_until("document.getElementById('results').rows.length === 5", "the results").await;
        let verdicts = browser
            .eval("[...document.getElementById('results').rows].slice(1).map((row) => row.cells[0].textContent + ' ' + row.cells[4].textContent)")
            .await;
        assert_eq!(
            verdicts,
            serde_json::json!([
                "00-example.in same",
                "error-players-same.csv same",
                "spec-example.csv same",
                "spec-example.guess same"
            ])
        );
        assert!(browser.text("document.getElementById('summary').textContent").await.starts_with(
            "4 files: 3 solved, 1 invalid; references: 4 same, 0 valid, 0 differ; 0 skipped; time "
        ));
        assert_eq!(browser.eval("document.getElementById('save').disabled").await, false);
        browser.screenshot("batch").await;
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn batch_page_downloads_the_blessed_references_and_the_junit_report() {
    let server = Server::start(&[]);
    let folder = tempfile::tempdir().unwrap();
    let files = [
        ("differs.csv", "1\n1,0,0\n"),
        ("differs.csv.expected", "Table 0: 0 vs. 1\n"),
        ("missing.csv", "1\n0,1,0\n"),
        ("same.csv", "1\n0,1,0\n"),
        ("same.csv.expected", "Table 0: 0 vs. 1\n"),
    ];
    let paths: Vec<String> = files
        .iter()
        .map(|(name, text)| {
            std::fs::write(folder.path().join(name), text).unwrap();
            folder.path().join(name).display().to_string()
        })
        .collect();
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/batch")).await.unwrap();
        assert_eq!(browser.eval("document.getElementById('download-references').disabled").await, true);
        let input = browser.client.find(fantoccini::Locator::Id("files")).await.unwrap();
        input.send_keys(&paths.join("\n")).await.unwrap();
        browser.wait_until("!document.getElementById('download-junit').disabled", "the downloads").await;
        assert_eq!(
            browser.text("document.getElementById('download-references').textContent").await,
            "Download References (2)"
        );
        browser.click("download-references").await;
        let zipped = browser.downloaded("references.zip").await;
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zipped)).unwrap();
        let mut entries = Vec::new();
        for index in 0..archive.len() {
            let mut entry = archive.by_index(index).unwrap();
            let mut text = String::new();
            std::io::Read::read_to_string(&mut entry, &mut text).unwrap();
            entries.push((entry.name().to_string(), text));
        }
        assert_eq!(
            entries,
            [
                ("differs.csv.expected".to_string(), "Table 0: 1 vs. 0\n".to_string()),
                ("missing.csv.expected".to_string(), "Table 0: 0 vs. 1\n".to_string())
            ]
        );
        browser.click("download-junit").await;
        let junit = String::from_utf8(browser.downloaded("junit.xml").await).unwrap();
        assert!(
            junit.contains(r#"<testsuites name="solvebatch" tests="3" failures="1" errors="0" time=""#),
            "{junit}"
        );
        browser.screenshot("batch-downloads").await;
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn scrabble_page_opens_a_position_with_the_word_list_beside_it() {
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/scrabble")).await.unwrap();
        let position = dataset("scrabble/assignment-are-la.scrabble");
        // Alone, it is answered on the server's list, and the page says so.
        browser.choose_file("open", &position).await;
        browser.wait_until("document.getElementById('sources').textContent !== ''", "the sources").await;
        assert_eq!(
            browser.text("document.getElementById('sources').textContent").await,
            "dictionary: server's bundled list; the file asks for assignment-words.txt, which this server \
             does not read (serve --data DIR)"
        );
        assert_eq!(
            browser.text("document.getElementById('hint-0').textContent").await,
            "9 AE -3 1 horizontal AE"
        );
        // With its word list, as the command line answers it.
        let both = format!("{}\n{}", position.display(), dataset("scrabble/assignment-words.txt").display());
        browser.client.find(fantoccini::Locator::Id("open")).await.unwrap().send_keys(&both).await.unwrap();
        browser
            .wait_until(
                "document.getElementById('sources').textContent.includes('sent')",
                "the word list used",
            )
            .await;
        assert_eq!(
            browser.text("document.getElementById('sources').textContent").await,
            "dictionary: assignment-words.txt, sent with the position"
        );
        assert_eq!(
            browser.text("document.getElementById('output').textContent").await,
            reference("scrabble/assignment-are-la.scrabble.expected")
        );
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn batch_page_at_800_px_scrolls_its_table_and_shows_each_differing_files_diff() {
    let server = Server::start(&[]);
    let folder = tempfile::tempdir().unwrap();
    let long = folder.path().join(format!("{}.csv", "a-round-planned-for-the-club-evening-".repeat(3)));
    std::fs::write(&long, "1\n0,1,0\n").unwrap();
    std::fs::write(format!("{}.expected", long.display()), "Table 0: 1 vs. 0\n").unwrap();
    let none = folder.path().join("none.csv");
    std::fs::write(&none, "2\n0,1,0\n").unwrap();
    run(async {
        let browser = Browser::start().await;
        browser.client.set_window_size(800, 900).await.unwrap();
        browser.client.goto(&server.at("/batch")).await.unwrap();
        let files = format!("{}\n{}.expected\n{}", long.display(), long.display(), none.display());
        browser.client.find(fantoccini::Locator::Id("files")).await.unwrap().send_keys(&files).await.unwrap();
        browser.wait_until("document.querySelector('pre.diff') !== null", "the diff").await;
        assert_eq!(
            browser.text("document.querySelector('pre.diff').textContent").await,
            format!(
                "--- {name}.expected\n+++ {name} (output)\n@@ -1 +1 @@\n-Table 0: 1 vs. 0\n+Table 0: 0 vs. 1\n",
                name = long.file_name().unwrap().to_str().unwrap()
            )
        );
        // A tournament without a round says so in its row and in the summary, as the command line does.
        let rows = browser
            .eval("[...document.getElementById('results').rows].map((row) => row.cells[3] && row.cells[3].textContent)")
            .await;
        assert_eq!(rows[3], "no round", "{rows}");
        assert!(
            browser
                .text("document.getElementById('summary').textContent")
                .await
                .starts_with("2 files: 1 solved, 1 no round; "),
            "the summary"
        );
        // The page does not widen: the table scrolls sideways inside its box.
        assert_eq!(
            browser.eval("document.documentElement.scrollWidth <= window.innerWidth").await,
            serde_json::json!(true)
        );
        let scroll = "document.querySelector('.scroll')";
        assert_eq!(
            browser.eval(&format!("{scroll}.scrollWidth > {scroll}.clientWidth")).await,
            serde_json::json!(true)
        );
        // Times stay on one line.
        let time = "document.querySelector('#results td.number')";
        assert_eq!(browser.eval(&format!("getComputedStyle({time}).whiteSpace")).await, "nowrap");
        browser.close().await;
    });
}
