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
        alternatives_shown(&browser).await;
        assert_eq!(value(&browser, "round").await, round);
        assert_eq!(text_of(&browser, "file").await, "round of spec-example.csv");
        assert_eq!(browser.eval("document.getElementById('save').disabled").await, false);
        assert!(text_of(&browser, "time").await.starts_with("backtrack: "));
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

        // A bad file: the whole error in the message box after the file's name, and nothing else changes.
        browser.choose_file("open", &dataset("tournament/error-players-same.csv")).await;
        browser.wait_until("document.getElementById('message').open", "the message box").await;
        let error = reference("tournament/error-players-same.csv.expected");
        assert_eq!(
            text_of(&browser, "message-text").await,
            format!("error-players-same.csv: {}", error.trim_end())
        );
        assert_eq!(value(&browser, "round").await, round);
        assert_eq!(text_of(&browser, "file").await, "round of spec-example.csv");
        assert_eq!(browser.eval("document.getElementById('save').disabled").await, false);
        browser.click("message-ok").await;
        browser.wait_until("!document.getElementById('message').open", "the message box to close").await;

        // No round: the message, an empty box, saving disabled.
        browser.choose_file("open", &dataset("tournament/no-round-missing-player.csv")).await;
        browser.wait_until("document.getElementById('message').open", "the message box").await;
        assert_eq!(text_of(&browser, "message-text").await, "No tournament found.");
        assert_eq!(value(&browser, "round").await, "");
        assert_eq!(browser.eval("document.getElementById('save').disabled").await, true);
        assert_eq!(text_of(&browser, "file").await, "no-round-missing-player.csv: no round");
        browser.close().await;
    });
}

/// Whether the tournament page's controls are disabled, as `[open, solver, timeout, save]`.
const TOURNAMENT_CONTROLS: &str =
    "['open', 'solver', 'timeout', 'save'].map((id) => document.getElementById(id).disabled)";

/// Checks the tournament page's busy line, and that while `busy` its controls are disabled, Cancel
/// is shown and the file shown before is hidden, else the controls enabled, Cancel hidden and the
/// file shown.
async fn assert_busy(browser: &Browser, line: &str, busy: bool) {
    let shown = text_of(browser, "busy").await;
    let cancel = browser.eval("!document.getElementById('cancel').hidden").await;
    let controls = browser.eval(TOURNAMENT_CONTROLS).await;
    // While busy the busy line names the file being solved, and the file shown before is hidden.
    let file = browser.eval("document.getElementById('file').hidden").await;
    assert_eq!(
        (shown.as_str(), controls, cancel, file),
        (line, serde_json::json!(vec![busy; 4]), serde_json::json!(busy), serde_json::json!(busy))
    );
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn tournament_page_is_busy_while_solving_and_cancel_stops_the_solve_on_the_server() {
    let server = Server::start(&["--workers", "1"]);
    // The worker spins for a moment after starting, then waits for work.
    crate::server::wait_for("the worker to wait for work", || {
        (server.worker_states() == ['S']).then_some(())
    });
    let hard = dataset("tournament/hard/tournament-45-d6-s3-planted.pairings");
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/tournament")).await.unwrap();
        browser.choose_file("open", &dataset("tournament/spec-example.csv")).await;
        browser.wait_until("document.getElementById('round').value !== ''", "the round").await;
        alternatives_shown(&browser).await;
        let round = value(&browser, "round").await;
        let time = text_of(&browser, "time").await;

        // A file that backtrack takes far longer than a minute on: busy until cancelled.
        browser.eval("document.getElementById('timeout').value = '60'").await;
        browser.choose_file("open", &hard).await;
        browser.wait_until("!document.getElementById('busy').hidden", "the busy state").await;
        assert_busy(&browser, "solving tournament-45-d6-s3-planted.pairings with backtrack...", true).await;
        crate::server::wait_for("the worker to run the solve", || {
            (server.worker_states() == ['R']).then_some(())
        });
        browser.screenshot("tournament-busy").await;
        browser.click("cancel").await;
        // The browser closes the request, and the server stops the solve.
        crate::server::wait_for("the worker to stop", || (server.worker_states() == ['S']).then_some(()));
        browser.wait_until("!document.getElementById('open').disabled", "the controls back").await;
        assert_busy(&browser, "tournament-45-d6-s3-planted.pairings: cancelled", false).await;
        assert_eq!(value(&browser, "round").await, round);
        assert_eq!(text_of(&browser, "time").await, time);
        assert_eq!(text_of(&browser, "file").await, "round of spec-example.csv");

        // Past the time limit with backtrack: the message suggests the faster solvers; nothing changes.
        let past_the_limit = |solver: &'static str, timeout: &'static str| {
            let (browser, hard) = (&browser, &hard);
            async move {
                browser.eval(&format!("document.getElementById('solver').value = '{solver}'")).await;
                browser.eval(&format!("document.getElementById('timeout').value = '{timeout}'")).await;
                browser.choose_file("open", hard).await;
                browser.wait_until("document.getElementById('message').open", "the timeout message").await;
                let message = text_of(browser, "message-text").await;
                browser.click("message-ok").await;
                message
            }
        };
        assert_eq!(
            past_the_limit("backtrack", "0.5").await,
            "tournament-45-d6-s3-planted.pairings: no round was found within the time limit of 0.5 s. \
             backtrack tries the pairings one by one; dlx, dlx-restarts or portfolio solve large files much faster: \
             choose one of them and open the file again."
        );
        assert_eq!(value(&browser, "round").await, round);
        assert_busy(&browser, "", false).await;
        // With another solver the message suggests a longer limit only.
        assert_eq!(
            past_the_limit("sat", "0.001").await,
            "tournament-45-d6-s3-planted.pairings: no round was found within the time limit of 0.001 s. \
             Try a longer time limit."
        );
        browser.close().await;
    });
}

/// The page keeps the server's player and table numbers as text (so that none past 2^53 is
/// rounded) and still lists the tables in numeric order: table 10 after table 9, not after 1.
#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn tournament_page_lists_tables_in_numeric_order_from_the_numbers_as_text() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("eleven.csv");
    // Table t plays 2t against 2t + 1, in the file from the last table to the first.
    let lines: String =
        (0..11).rev().map(|table| format!("{},{},{table}\n", 2 * table, 2 * table + 1)).collect();
    std::fs::write(&file, format!("11\n{lines}")).unwrap();
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/tournament")).await.unwrap();
        browser.choose_file("open", &file).await;
        alternatives_shown(&browser).await;
        let rows = browser
            .eval("[...document.querySelectorAll('#pairings .table-row')].map((row) => row.textContent)")
            .await;
        let expected: Vec<String> =
            (0..11).map(|table| format!("Table {table}:{} vs. {}", 2 * table, 2 * table + 1)).collect();
        assert_eq!(rows, serde_json::json!(expected));
        // Every pairing is in the one round, marked as played from the round's text.
        let classes = browser.eval(PAIRING_CLASSES).await;
        let played: serde_json::Map<String, serde_json::Value> = (0..11)
            .map(|table| (format!("{table}:{}-{}", 2 * table, 2 * table + 1), serde_json::json!("played")))
            .collect();
        assert_eq!(classes, serde_json::Value::Object(played));
        browser.close().await;
    });
}

/// Waits until the tournament page shows the alternatives of the file opened and is idle again.
pub(crate) async fn alternatives_shown(browser: &Browser) {
    browser
        .wait_until(
            "!document.getElementById('alternatives').hidden && document.getElementById('busy').hidden",
            "the alternatives",
        )
        .await;
}

/// Clicks the tournament page's button of the pairing `pin` (`T:A-B`, as the file writes it) and
/// waits for the page to be idle again.
pub(crate) async fn click_pairing(browser: &Browser, pin: &str) {
    let button = format!("#pairings button[data-pin='{pin}']");
    browser.client.find(fantoccini::Locator::Css(&button)).await.unwrap().click().await.unwrap();
    browser.wait_until("document.getElementById('busy').hidden", "the round re-solved").await;
}

/// The classes of the tournament page's pairing buttons, by pin.
const PAIRING_CLASSES: &str = "Object.fromEntries([...document.querySelectorAll('#pairings button')]\
    .map((button) => [button.dataset.pin, button.className]))";

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn tournament_page_counts_steps_and_pins_the_pairing_clicked() {
    // Three rounds, in the order of --all: 0-1 and 2-3 at tables 0 and 1, then 2-3 and 0-1, then 0-2
    // and 1-3 (worked out in tests/serve_tournament.rs).
    let (_folder, file) = crate::browser::three_rounds_file();
    let [first, second, third] = crate::browser::THREE_ROUNDS;
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/tournament")).await.unwrap();
        assert_eq!(browser.eval("document.getElementById('alternatives').hidden").await, true);
        browser.choose_file("open", &file).await;
        alternatives_shown(&browser).await;
        assert_eq!(value(&browser, "round").await, first, "backtrack's round");
        assert_eq!(text_of(&browser, "count").await, "3 rounds");
        assert_eq!(text_of(&browser, "place").await, "the solver's round");
        let free = serde_json::json!({
            "0:0-1": "played", "0:2-3": "", "0:0-2": "", "1:2-3": "played", "1:0-1": "", "1:1-3": ""
        });
        assert_eq!(browser.eval(PAIRING_CLASSES).await, free);

        // Fixed: the one round that plays 0-2 at table 0.
        click_pairing(&browser, "0:0-2").await;
        assert_eq!(value(&browser, "round").await, third);
        assert_eq!(text_of(&browser, "count").await, "1 round with the pins");
        assert_eq!(text_of(&browser, "file").await, "round 1 of three.csv");
        assert_eq!(browser.eval(PAIRING_CLASSES).await["0:0-2"], "fixed");
        assert_eq!(browser.eval(PAIRING_CLASSES).await["1:1-3"], "played");
        assert_eq!(browser.eval("document.getElementById('next').disabled").await, true);
        screenshots(&browser, "tournament-pinned").await;
        // Clicked again, forbidden: the first of the two rounds without it.
        click_pairing(&browser, "0:0-2").await;
        assert_eq!(value(&browser, "round").await, first);
        assert_eq!(text_of(&browser, "count").await, "2 rounds with the pins");
        assert_eq!(browser.eval(PAIRING_CLASSES).await["0:0-2"], "forbidden");
        // Again, free: the three rounds, stepped through in the order of --all.
        click_pairing(&browser, "0:0-2").await;
        assert_eq!(text_of(&browser, "count").await, "3 rounds");
        assert_eq!(browser.eval("document.getElementById('clear-pins').disabled").await, true);
        for round in [second, third] {
            browser.click("next").await;
            browser.wait_until("document.getElementById('busy').hidden", "the next round").await;
            assert_eq!(value(&browser, "round").await, round);
        }
        assert_eq!(text_of(&browser, "place").await, "round 3 in the order of --all");
        assert_eq!(browser.eval("document.getElementById('next').disabled").await, true);

        // An impossible pin: the command line's message, and the pins and the round as they were.
        click_pairing(&browser, "0:0-1").await;
        assert_eq!(value(&browser, "round").await, first);
        let classes = browser.eval(PAIRING_CLASSES).await;
        let button = "#pairings button[data-pin='1:1-3']";
        browser.client.find(fantoccini::Locator::Css(button)).await.unwrap().click().await.unwrap();
        browser.wait_until("document.getElementById('message').open", "the message box").await;
        assert_eq!(
            text_of(&browser, "message-text").await,
            "three.csv: pin 1:1-3: player 1 is already pinned by pin 0:0-1"
        );
        browser.click("message-ok").await;
        browser.wait_until("document.getElementById('busy').hidden", "the page idle").await;
        assert_eq!(browser.eval(PAIRING_CLASSES).await, classes);
        assert_eq!(value(&browser, "round").await, first);
        browser.click("clear-pins").await;
        browser.wait_until("document.getElementById('busy').hidden", "the pins cleared").await;
        assert_eq!(browser.eval(PAIRING_CLASSES).await, free);
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
        browser.wait_until("document.getElementById('save').disabled === false", "the game").await;
        // The game opens before its first move: an empty board, and no output, verdict or attention yet.
        assert_eq!(text_of(&browser, "output").await, "");
        // Save is enabled from the start and says what it saves: the whole output, at any move.
        assert_eq!(text_of(&browser, "save").await, "Save Whole Output");
        let verdict_and_attention =
            "[document.getElementById('verdict').textContent, document.getElementById('attention').textContent]";
        assert_eq!(text_of(&browser, "position").await, "move 0 of 8");
        assert_eq!(browser.eval("document.getElementById('step').value").await, "0");
        assert_eq!(browser.eval("document.querySelectorAll('#board td.X, #board td.O').length").await, 0);
        assert_eq!(text_of(&browser, "move").await, "before the first move");
        assert_eq!(browser.eval(verdict_and_attention).await, serde_json::json!(["", ""]));

        // Move by move to the last: each message at its move, the verdict and attention only at the end.
        // The output box holds what the moves so far printed: the 7th move's NOT YOUR TURN from then on.
        let mut descriptions = Vec::new();
        for moves in 1..=8 {
            browser.click("next").await;
            descriptions.push(text_of(&browser, "move").await);
            if moves < 8 {
                assert_eq!(
                    browser.eval(verdict_and_attention).await,
                    serde_json::json!(["", ""]),
                    "move {moves}"
                );
                let printed = if moves < 7 { "" } else { "NOT YOUR TURN\n" };
                assert_eq!(text_of(&browser, "output").await, printed, "move {moves}");
            }
        }
        // After the last move, the whole output of the command line.
        assert_eq!(text_of(&browser, "output").await, reference);
        assert_eq!(descriptions[0], "X asks for (0, 0): X at (0, 0)");
        assert_eq!(descriptions[6], "0 asks for (0, 0) \u{2014} NOT YOUR TURN");
        assert_eq!(descriptions[7], "X asks for (0, 0): X at (1, 1) \u{2014} NOT AN EMPTY CELL");
        assert_eq!(
            browser
                .eval("document.getElementById('step').value === document.getElementById('step').max")
                .await,
            true
        );
        assert_eq!(text_of(&browser, "position").await, "move 8 of 8");
        let lines: Vec<&str> = reference.lines().collect();
        assert_eq!(
            browser.eval(verdict_and_attention).await,
            serde_json::json!([
                lines[lines.len() - 3],
                format!("attention: {}, {}", lines[lines.len() - 2], lines[lines.len() - 1])
            ])
        );
        // One step back: the verdict and the last move's output go again.
        browser.click("prev").await;
        assert_eq!(browser.eval(verdict_and_attention).await, serde_json::json!(["", ""]));
        assert_eq!(text_of(&browser, "output").await, "NOT YOUR TURN\n");
        screenshots(&browser, "tictactoe-move-7").await;
        browser.click("first").await;
        assert_eq!(text_of(&browser, "output").await, "");
        screenshots(&browser, "tictactoe-move-0").await;
        browser.click("last").await;

        // The macroboard drawn from the moves is the one the command line prints.
        let macroboard = browser
            .eval("[...document.getElementById('macroboard').rows].map((row) => [...row.cells].map((cell) => cell.textContent).join(''))")
            .await;
        let printed: Vec<&str> = reference.lines().skip(2).take(3).collect();
        assert_eq!(macroboard, serde_json::json!(printed));
        assert_eq!(text_of(&browser, "verdict").await, "Draw again! Let's play darts!");
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
            let status = text_of(&browser, "codebreaker-status").await;
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
            text_of(&browser, "codebreaker-status").await,
            format!("Found 3242 with 6 guesses: {guesses}")
        );
        browser.click("simulate").await;
        browser.wait_until("document.getElementById('bars').children.length > 0", "the histogram").await;
        assert!(text_of(&browser, "sim-summary")
            .await
            .starts_with("first, 4 digits, 9000 secrets: worst case "));
        // Every bar of the simulation's histogram, labelled with its number of guesses and its count.
        let (status, simulation) =
            crate::serve_api::get(&server.at("/api/guess/simulate?strategy=first&digits=4"));
        assert_eq!(status, 200);
        let histogram = simulation["histogram"].as_array().unwrap();
        let drawn = browser
            .eval("[...document.querySelectorAll('#bars .column')].map((column) => [Number(column.querySelector('.label').textContent), Number(column.querySelector('.count').textContent)])")
            .await;
        let expected: Vec<(u64, u64)> = histogram
            .iter()
            .map(|bar| (bar["guesses"].as_u64().unwrap(), bar["secrets"].as_u64().unwrap()))
            .collect();
        assert_eq!(drawn, serde_json::json!(expected));
        for width in [1280, 800] {
            browser.client.set_window_size(width, 900).await.unwrap();
            histogram_is_laid_out(&browser, width).await;
        }
        browser.client.set_window_size(1280, 900).await.unwrap();
        browser.screenshot("guess").await;

        // Eight digits, 90 million numbers, too many to play whole: a sample, named as one.
        let set = |id: &str, value: &str| format!("document.getElementById('{id}').value = '{value}'");
        for (id, value) in [("sim-digits", "8"), ("sim-sample", "5"), ("sim-timeout", "60")] {
            browser.eval(&set(id, value)).await;
        }
        browser.click("simulate").await;
        browser
            .wait_until("document.getElementById('bars').children.length > 0", "the sample's histogram")
            .await;
        let summary = text_of(&browser, "sim-summary").await;
        assert!(
            summary.starts_with(
                "first, 8 digits, a sample of 5 secrets drawn at random from the 90000000 (seed 1): worst case "
            ),
            "{summary}"
        );
        let counted = browser
            .eval("[...document.querySelectorAll('#bars .count')].reduce((sum, count) => sum + Number(count.textContent), 0)")
            .await;
        assert_eq!(counted, 5);
        screenshots(&browser, "guess-sample").await;

        // A simulation stopped at its time limit: the old chart goes, and the limit is named.
        browser.eval("document.getElementById('sim-strategy').value = 'entropy'").await;
        browser.eval("document.getElementById('sim-digits').value = '5'").await;
        browser.eval("document.getElementById('sim-timeout').value = '0.1'").await;
        browser.click("simulate").await;
        browser
            .wait_until("document.getElementById('sim-summary').textContent.includes('stopped')", "the limit")
            .await;
        assert_eq!(
            text_of(&browser, "sim-summary").await,
            "entropy, 5 digits: stopped at the time limit of 0.1 s before every secret was played; choose a \
             longer limit (at most 60 s), fewer digits or a faster strategy."
        );
        assert_eq!(browser.eval("document.getElementById('bars').children.length").await, 0);
        // A sample past the limit too: the page names the sample and offers a smaller one.
        browser.eval(&set("sim-strategy", "first")).await;
        browser.eval(&set("sim-digits", "9")).await;
        browser.eval(&set("sim-sample", "3")).await;
        browser.click("simulate").await;
        browser
            .wait_until(
                "document.getElementById('sim-summary').textContent.includes('sample of')",
                "the limit",
            )
            .await;
        assert_eq!(
            text_of(&browser, "sim-summary").await,
            "first, 9 digits: stopped at the time limit of 0.1 s before the sample of 3 secrets was played; \
             choose a longer limit (at most 60 s), a smaller sample or fewer digits."
        );
        screenshots(&browser, "guess-stopped").await;
        browser.close().await;
    });
}

/// Saves pictures of the window at 1280 and 800 px wide, as `NAME-1280` and `NAME-800`, and leaves
/// it 1280 px wide.
pub(crate) async fn screenshots(browser: &Browser, name: &str) {
    for width in [800, 1280] {
        browser.client.set_window_size(width, 900).await.unwrap();
        browser.screenshot(&format!("{name}-{width}")).await;
    }
}

/// Checks the guess page's histogram at the window width `width`: each label's centre within 2 px of
/// its bar's centre, each count above its bar, whole (not cut), and every column inside the window.
async fn histogram_is_laid_out(browser: &Browser, width: u32) {
    let rects = browser
        .eval(
            "[...document.querySelectorAll('#bars .column')].map((column) => {
               const rect = (name) => column.querySelector(name).getBoundingClientRect();
               const [bar, label, count] = [rect('.bar'), rect('.label'), rect('.count')];
               const counted = column.querySelector('.count');
               return { bar: (bar.left + bar.right) / 2, label: (label.left + label.right) / 2,
                        countCentre: (count.left + count.right) / 2, countBottom: count.bottom, barTop: bar.top,
                        countTop: count.top, whole: counted.scrollWidth <= Math.ceil(count.width),
                        right: column.getBoundingClientRect().right, window: document.documentElement.clientWidth };
             })",
        )
        .await;
    let rects = rects.as_array().unwrap();
    assert!(rects.len() >= 10, "{rects:?}");
    for (index, rect) in rects.iter().enumerate() {
        let number = |key: &str| rect[key].as_f64().unwrap();
        let at = format!("bar {} at {width} px: {rect}", index + 1);
        assert!((number("bar") - number("label")).abs() <= 2.0, "the label is off centre: {at}");
        assert!((number("bar") - number("countCentre")).abs() <= 2.0, "the count is off centre: {at}");
        assert!(number("countBottom") <= number("barTop") + 0.5, "the count is not above its bar: {at}");
        assert!(number("countTop") >= 0.0 && rect["whole"] == true, "the count is cut: {at}");
        assert!(number("right") <= number("window"), "the column is outside the window: {at}");
    }
}

/// The labels around the Scrabble page's board: the corner, the 15 columns, the 15 rows.
async fn board_labels(browser: &Browser) -> Vec<String> {
    let labels =
        browser.eval("[...document.querySelectorAll('#board th')].map((cell) => cell.textContent)").await;
    labels.as_array().unwrap().iter().map(|label| label.as_str().unwrap().to_string()).collect()
}

/// Clicks the Scrabble board's square `square` (0 to 224 in reading order).
async fn click_square(browser: &Browser, square: usize) {
    browser.eval(&format!("document.querySelector('#board td[data-square=\"{square}\"]').click()")).await;
}

/// Opens the position `path` (under `datasets/`) on the Scrabble page and waits for its title, `title`.
async fn open_position(browser: &Browser, path: &str, title: &str) {
    browser.choose_file("open", &dataset(path)).await;
    let condition = format!("document.getElementById('title').textContent === {}", serde_json::json!(title));
    browser.wait_until(&condition, title).await;
}

/// The value of the form field `id`.
pub(crate) async fn value(browser: &Browser, id: &str) -> String {
    browser.text(&format!("document.getElementById('{id}').value")).await
}

/// The text of the element `id`.
pub(crate) async fn text_of(browser: &Browser, id: &str) -> String {
    browser.text(&format!("document.getElementById('{id}').textContent")).await
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn scrabble_page_writes_one_notation_per_rules() {
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/scrabble")).await.unwrap();
        browser.choose_file("open", &dataset("scrabble/midgame-01.scrabble")).await;
        browser.wait_until("document.querySelectorAll('#hints li').length === 10", "the best plays").await;
        assert_eq!(text_of(&browser, "title").await, "midgame-01.scrabble (lab rules)");
        let expected = reference("scrabble/midgame-01.scrabble.expected");
        assert_eq!(text_of(&browser, "output").await, expected);
        // The lab board: x from -7 to 7 above, y from 7 down to -7 beside, the centre marked.
        let x: Vec<String> = (-7..=7).map(|x: i32| x.to_string()).collect();
        let y: Vec<String> = (-7..=7).rev().map(|y: i32| y.to_string()).collect();
        assert_eq!(board_labels(&browser).await, [vec![String::new()], x, y].concat());
        assert_eq!(browser.eval("document.querySelectorAll('#board td.centre').length").await, 1);
        assert_eq!(
            browser.eval("Number(document.querySelector('#board td.centre').dataset.square)").await,
            112
        );
        assert_eq!(browser.eval("document.getElementById('lab-fields').hidden").await, false);

        // A play rejected, then a hint chosen: the rejection goes, the form holds the hint's play.
        browser
            .eval("['letters', 'x', 'y'].forEach((id, index) => { document.getElementById(id).value = ['QQ', '0', '0'][index]; })")
            .await;
        browser.click("play").await;
        browser.wait_until("document.getElementById('result').textContent !== ''", "the rejection").await;
        // The best play after the two `play:` lines and the hint: "25 GARI 5 -3 vertical GARI".
        let best = expected.lines().nth(3).unwrap();
        assert_eq!(text_of(&browser, "hint-0").await, best);
        browser.click("hint-0").await;
        assert_eq!(text_of(&browser, "result").await, "");
        // GARI placed from (5, -3) downwards: column 5 + 7, rows 7 + 3 to 7 + 6.
        let fields: Vec<&str> = best.split(' ').collect();
        let (x, y): (i32, i32) = (fields[2].parse().unwrap(), fields[3].parse().unwrap());
        let squares: Vec<i32> = (0..fields[5].len() as i32).map(|i| (7 - y + i) * 15 + (x + 7)).collect();
        let highlighted = browser
            .eval("[...document.querySelectorAll('#board td.highlight')].map((cell) => Number(cell.dataset.square))")
            .await;
        assert_eq!(highlighted, serde_json::json!(squares));
        let form = ["letters", "x", "y", "direction"];
        let mut filled = Vec::new();
        for id in form {
            filled.push(value(&browser, id).await);
        }
        assert_eq!(filled, ["GARI", "5", "-3", "vertical"]);
        browser.click("play").await;
        browser.wait_until("document.getElementById('result').textContent !== ''", "the play's score").await;
        // The reference's first line scores the same play: "play GARI 5 -3 vertical: 25".
        let result = text_of(&browser, "result").await;
        assert!(result.starts_with(&format!("{} (GARI 5, ", expected.lines().next().unwrap())), "{result}");

        // A standard file, as the file says: A-O and 1-15, one field for the play, and the old play gone.
        open_position(
            &browser,
            "scrabble/standard-midgame.scrabble",
            "standard-midgame.scrabble (standard rules)",
        )
        .await;
        let columns: Vec<String> = ('A'..='O').map(String::from).collect();
        let rows: Vec<String> = (1..=15).map(|row| row.to_string()).collect();
        assert_eq!(board_labels(&browser).await, [vec![String::new()], columns, rows].concat());
        assert_eq!(browser.eval("document.getElementById('lab-fields').hidden").await, true);
        let mut cleared = Vec::new();
        for id in form {
            cleared.push(value(&browser, id).await);
        }
        assert_eq!(cleared, ["", "", "", "horizontal"]);
        assert_eq!(text_of(&browser, "result").await, "");
        // The output box writes the plays as the hints do: `scrabble check`'s lines, `scrabble hint`'s list.
        let output = text_of(&browser, "output").await;
        let hints =
            browser.eval("[...document.querySelectorAll('#hints li')].map((item) => item.textContent)").await;
        let listed: Vec<&str> = hints.as_array().unwrap().iter().map(|hint| hint.as_str().unwrap()).collect();
        assert!(output.starts_with("play M11 GARI: 32\nplay M11 GaRI: 29\n"), "{output}");
        assert!(output.ends_with(&(listed.join("\n") + "\n")), "{output}");
        let hint = crate::common::child()
            .args(["scrabble", "hint"])
            .arg(dataset("scrabble/standard-midgame.scrabble"))
            .output()
            .unwrap();
        assert!(output.ends_with(&String::from_utf8(hint.stdout).unwrap()), "{output}");

        // A square clicked: its name across in the play field, down after a second click; the word stays.
        click_square(&browser, 112).await;
        assert_eq!(value(&browser, "letters").await, "8H ");
        browser.eval("document.getElementById('letters').value += 'GOAT'").await;
        click_square(&browser, 112).await;
        assert_eq!(value(&browser, "letters").await, "H8 GOAT");
        click_square(&browser, 112).await;
        assert_eq!(value(&browser, "letters").await, "8H GOAT");

        // A hint clicked fills the play in the standard notation, which the page then scores.
        assert_eq!(text_of(&browser, "hint-0").await, "  87.0  87 M7 GOATIeR  keep - +0.0");
        browser.click("hint-0").await;
        assert_eq!(value(&browser, "letters").await, "M7 GOATIeR");
        browser.click("play").await;
        browser.wait_until("document.getElementById('result').textContent !== ''", "the score").await;
        let result = text_of(&browser, "result").await;
        assert!(result.starts_with("play M7 GOATIeR: 87 (GOATIeR "), "{result}");
        // A play typed as players write it, GOATIER at M7 down, whose E the rack holds only as its blank.
        browser.eval("document.getElementById('letters').value = 'M7 GOATIER'").await;
        browser.click("play").await;
        browser
            .wait_until("document.getElementById('result').textContent.includes('hint')", "the hint")
            .await;
        let result = text_of(&browser, "result").await;
        assert_eq!(
            result,
            "play M7 GOATIER: rejected: E is not on the rack\nhint: try M7 GOATIeR (87 points)"
        );
        browser.screenshot("scrabble").await;

        // The Rules choice applies to the file opened: the lab file under the standard rules.
        browser.eval("document.getElementById('rules').value = 'standard'").await;
        open_position(&browser, "scrabble/midgame-01.scrabble", "midgame-01.scrabble (standard rules)").await;
        assert_eq!(text_of(&browser, "result").await, "");
        assert_eq!(value(&browser, "letters").await, "");
        let output = text_of(&browser, "output").await;
        assert!(output.starts_with("play M11 GARI: 32\n"), "{output}");
        assert_eq!(board_labels(&browser).await[1], "A");
        // Choosing other rules opens it again under them.
        browser
            .eval("(document.getElementById('rules').value = 'lab', document.getElementById('rules').dispatchEvent(new Event('change')))")
            .await;
        browser
            .wait_until(
                "document.getElementById('title').textContent === 'midgame-01.scrabble (lab rules)'",
                "the lab rules",
            )
            .await;
        assert_eq!(text_of(&browser, "output").await, expected);
        browser.close().await;
    });
}

/// The Scrabble page's result line and its class once it shows `text`, and the squares highlighted
/// and hints chosen then.
async fn result_shown(browser: &Browser, text: &str) -> serde_json::Value {
    let condition = format!("document.getElementById('result').textContent === {}", serde_json::json!(text));
    browser.wait_until(&condition, text).await;
    browser
        .eval(
            "[document.getElementById('result').className, document.querySelectorAll('#board td.highlight').length,
              document.querySelectorAll('#hints li.selected').length]",
        )
        .await
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn scrabble_page_shows_only_the_refusal_after_a_refused_play() {
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/scrabble")).await.unwrap();
        open_position(&browser, "scrabble/midgame-01.scrabble", "midgame-01.scrabble (lab rules)").await;
        // The best play, GARI, chosen and scored: green, its four squares outlined.
        browser.click("hint-0").await;
        browser.click("play").await;
        browser.wait_until("document.getElementById('result').className === 'good'", "the score").await;
        assert_eq!(browser.eval("document.querySelectorAll('#board td.highlight').length").await, 4);
        // A play that cannot be read: only its refusal, in red; no square outlined, no hint chosen.
        browser.eval("document.getElementById('letters').value = 'G4RI'").await;
        browser.click("play").await;
        assert_eq!(
            result_shown(&browser, "play: '4' is not a letter").await,
            serde_json::json!(["error", 0, 0])
        );
        screenshots(&browser, "scrabble-refused").await;
        // Another file opened: the form and the refusal go.
        open_position(
            &browser,
            "scrabble/standard-midgame.scrabble",
            "standard-midgame.scrabble (standard rules)",
        )
        .await;
        assert_eq!(text_of(&browser, "result").await, "");
        assert_eq!(value(&browser, "letters").await, "");

        // A standard game: every refusal in its notation, naming the letters the rack lacks.
        browser.eval("document.getElementById('rules').value = 'standard'").await;
        browser.click("new-game").await;
        assert_eq!(score_line(&browser, "score 0, 93 tiles in the bag").await, "");
        let rack = browser.text("[...document.querySelectorAll('#rack span')].map((tile) => tile.firstChild.textContent).join('')").await;
        let lacked = ('A'..='Z').find(|letter| !rack.contains(*letter)).unwrap();
        let held: String = rack.chars().filter(|tile| *tile != '?').take(2).collect();
        let typed = |text: String| {
            let browser = &browser;
            async move {
                browser
                    .eval(&format!("document.getElementById('letters').value = {}", serde_json::json!(text)))
                    .await;
                browser.click("play").await;
            }
        };
        typed(format!("8H {lacked}{lacked}")).await;
        let rejected = format!(
            "play 8H {lacked}{lacked}: rejected: {lacked} is not on the rack\nhint: {lacked}{lacked} makes no valid \
             play from any start square or direction; try other letters"
        );
        assert_eq!(result_shown(&browser, &rejected).await, serde_json::json!(["error", 0, 0]));
        typed(lacked.to_string()).await;
        let lacking = format!("play: {lacked} is not on the rack");
        assert_eq!(result_shown(&browser, &lacking).await, serde_json::json!(["error", 0, 0]));
        typed(held.clone()).await;
        let unplaced = format!(
            "play: '{held}' has no start square: write 8H {held} across or H8 {held} down (columns A to O, rows 1 \
             to 15)"
        );
        assert_eq!(result_shown(&browser, &unplaced).await, serde_json::json!(["error", 0, 0]));
        typed("8Z WORD".to_string()).await;
        let shape =
            "play: '8Z WORD' is not a play: write 8H WORD across (row first) or H8 WORD down (column \
                     first), with columns A to O and rows 1 to 15; or pass, or exchange LETTERS";
        assert_eq!(result_shown(&browser, shape).await, serde_json::json!(["error", 0, 0]));
        screenshots(&browser, "scrabble-standard-refused").await;
        // No turn was taken.
        assert_eq!(text_of(&browser, "score").await, "score 0, 93 tiles in the bag");
        browser.close().await;
    });
}

/// The Scrabble page's score line once it shows `text`.
async fn score_line(browser: &Browser, text: &str) -> String {
    let condition = format!("document.getElementById('score').textContent === {}", serde_json::json!(text));
    browser.wait_until(&condition, text).await;
    text_of(browser, "result").await
}

/// Takes a turn in the Scrabble game: `typed` in the play field, then a click on the button
/// `button`; the result line once the score line reads `score`.
async fn turn(browser: &Browser, typed: &str, button: &str, score: &str) -> String {
    browser.eval(&format!("document.getElementById('letters').value = {}", serde_json::json!(typed))).await;
    browser.click(button).await;
    score_line(browser, score).await
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn scrabble_solitaire_passes_and_exchanges_within_the_rules_limits() {
    let server = Server::start(&[]);
    let folder = tempfile::tempdir().unwrap();
    // Ten letter tiles and the standard rules' two blanks: five are left to draw after the rack.
    let tiles = folder.path().join("tiles.txt");
    std::fs::write(&tiles, "A 1 5\nE 1 5\n").unwrap();
    let small = Server::start(&["--tiles", tiles.to_str().unwrap()]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/scrabble")).await.unwrap();
        // A lab game has no pass or exchange, as `scrabble play` under the lab rules.
        browser.click("new-game").await;
        browser.wait_until("document.querySelectorAll('#rack span').length === 7", "the rack").await;
        assert_eq!(
            browser
                .eval("[document.getElementById('pass').hidden, document.getElementById('exchange').hidden]")
                .await,
            serde_json::json!([true, true])
        );
        assert_eq!(browser.text("document.querySelector('#board td.centre').textContent").await, "\u{2605}");

        browser.eval("document.getElementById('rules').value = 'standard'").await;
        browser.click("new-game").await;
        browser.wait_until("!document.getElementById('pass').hidden", "the Pass button").await;
        assert_eq!(score_line(&browser, "score 0, 93 tiles in the bag").await, "");
        let bag = "score 0, 93 tiles in the bag";
        assert_eq!(turn(&browser, "", "pass", &format!("{bag}, 1 scoreless turn in a row")).await, "pass: 0");
        assert_eq!(
            turn(&browser, "-", "play", &format!("{bag}, 2 scoreless turns in a row")).await,
            "pass: 0"
        );
        // The Exchange button exchanges the tiles typed; `exchange LETTERS` typed does the same.
        let first = browser.text("document.querySelector('#rack span').firstChild.textContent").await;
        assert_eq!(
            turn(&browser, &first, "exchange", &format!("{bag}, 3 scoreless turns in a row")).await,
            format!("exchange {first}: 0")
        );
        assert_eq!(browser.eval("document.querySelectorAll('#rack span').length").await, 7);
        let first = browser.text("document.querySelector('#rack span').firstChild.textContent").await;
        assert_eq!(
            turn(
                &browser,
                &format!("exchange {first}"),
                "play",
                &format!("{bag}, 4 scoreless turns in a row")
            )
            .await,
            format!("exchange {first}: 0")
        );
        turn(&browser, "", "pass", &format!("{bag}, 5 scoreless turns in a row")).await;
        browser.click("pass").await;
        assert_eq!(
            score_line(&browser, "6 scoreless turns in a row end the game: final score 0").await,
            "pass: 0"
        );
        assert_eq!(
            browser
                .eval("['play', 'pass', 'exchange'].map((id) => document.getElementById(id).disabled)")
                .await,
            serde_json::json!([true, true, true])
        );
        // A game over lists no best plays.
        assert_eq!(browser.eval("document.querySelectorAll('#hints li').length").await, 0);

        // Five tiles in the bag: the exchange is refused in the page, and the turn is not taken.
        browser.client.goto(&small.at("/scrabble")).await.unwrap();
        browser.eval("document.getElementById('rules').value = 'standard'").await;
        browser.click("new-game").await;
        assert_eq!(score_line(&browser, "score 0, 5 tiles in the bag").await, "");
        browser.eval("document.getElementById('letters').value = 'A'").await;
        browser.click("exchange").await;
        browser.wait_until("document.getElementById('result').textContent !== ''", "the refusal").await;
        assert_eq!(text_of(&browser, "result").await, "the bag holds 5 tiles: an exchange needs at least 7");
        assert_eq!(browser.text("document.getElementById('result').className").await, "error");
        assert_eq!(text_of(&browser, "score").await, "score 0, 5 tiles in the bag");
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
        assert!(text_of(&browser, "summary").await.starts_with(
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
        assert_eq!(text_of(&browser, "download-references").await, "Download References (2)");
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
            text_of(&browser, "sources").await,
            "dictionary: server's bundled list; the file asks for assignment-words.txt, which this server \
             does not read (serve --data DIR)"
        );
        assert_eq!(text_of(&browser, "hint-0").await, "9 AE -3 1 horizontal AE");
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
            text_of(&browser, "sources").await,
            "dictionary: assignment-words.txt, sent with the position"
        );
        assert_eq!(
            text_of(&browser, "output").await,
            reference("scrabble/assignment-are-la.scrabble.expected")
        );
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn batch_page_at_800_px_fits_its_table_and_shows_each_differing_files_diff() {
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
            text_of(&browser, "summary").await.starts_with("2 files: 1 solved, 1 no round; "),
            "the summary"
        );
        // Neither the page nor the table's box scrolls sideways: the long name wraps in its cell.
        assert_eq!(
            browser.eval("document.documentElement.scrollWidth <= window.innerWidth").await,
            serde_json::json!(true)
        );
        assert_fits(&browser).await;
        // The short words of the headings, family, solver, result and reference stay whole: each is
        // one line box, while the long name beside them wraps.
        let broken = "[...document.getElementById('results').rows].flatMap((row) => [...row.cells].slice(0, 5)) \
                      .filter((cell, index) => index % 5 > 0 || cell.tagName === 'TH') \
                      .filter((cell) => cell.textContent !== '' && !cell.textContent.includes(' ')) \
                      .filter((cell) => { const range = document.createRange(); range.selectNodeContents(cell); \
                                          return range.getClientRects().length !== 1; }) \
                      .map((cell) => cell.textContent)";
        assert_eq!(browser.eval(broken).await, serde_json::json!([]));
        let long_name_lines = "(() => { const range = document.createRange(); \
                               range.selectNodeContents(document.getElementById('results').rows[1].cells[0]); \
                               return range.getClientRects().length; })()";
        assert!(browser.eval(long_name_lines).await.as_u64().unwrap() > 1, "the long name wraps");
        // Times stay on one line.
        let time = "document.querySelector('#results td.number')";
        assert_eq!(browser.eval(&format!("getComputedStyle({time}).whiteSpace")).await, "nowrap");
        browser.close().await;
    });
}

/// Checks that no table's box (`.scroll`) of the page shown scrolls sideways: each one's scroll
/// width within its client width, and that there is at least one.
async fn assert_fits(browser: &Browser) {
    let boxes = browser
        .eval("[...document.querySelectorAll('.scroll')].map((box) => [box.scrollWidth, box.clientWidth])")
        .await;
    let boxes = boxes.as_array().unwrap();
    assert!(!boxes.is_empty(), "no table");
    for sizes in boxes {
        assert!(sizes[0].as_u64() <= sizes[1].as_u64(), "a table scrolls sideways (scroll, client): {sizes}");
    }
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn compare_html_report_fits_an_800_px_window() {
    let folder = tempfile::tempdir().unwrap();
    let report = folder.path().join("compare.html");
    assert_cmd::Command::cargo_bin("solvebatch")
        .unwrap()
        .arg("compare")
        .arg(dataset("tournament"))
        .arg("--html")
        .arg(&report)
        .assert()
        .success();
    let page = std::fs::read_to_string(&report).unwrap();
    // The long message that squeezed into its column is in the report.
    assert!(page.contains("The first player is outside the allowable range."));
    run(async {
        let browser = Browser::start().await;
        browser.client.set_window_size(800, 900).await.unwrap();
        browser.client.goto(&format!("file://{}", report.display())).await.unwrap();
        assert_eq!(browser.eval("document.querySelectorAll('.scroll').length").await, 3);
        assert_fits(&browser).await;
        browser.eval("document.querySelectorAll('.scroll')[1].scrollIntoView()").await;
        browser.screenshot("compare-800").await;
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn guess_page_simulates_one_at_a_time_with_defaults_by_digits() {
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/guess")).await.unwrap();
        // The form's sample and time limit at each number of digits, as the digits are chosen.
        let defaults = browser
            .eval(
                "[...document.getElementById('sim-digits').options].map((option) => {
                   const digits = document.getElementById('sim-digits');
                   digits.value = option.value;
                   digits.dispatchEvent(new Event('change'));
                   return [Number(option.value), Number(document.getElementById('sim-sample').value),
                           Number(document.getElementById('sim-timeout').value)];
                 })",
            )
            .await;
        let mut expected: Vec<(u32, u32, u32)> = (2..=7).map(|digits| (digits, 50, 10)).collect();
        expected.extend([(8, 50, 30), (9, 5, 60)]);
        assert_eq!(defaults, serde_json::json!(expected));

        // Count the answers handled: a macrotask after each answer runs once the page has drawn it.
        browser
            .eval(
                "(() => {
                   window.handled = 0;
                   const asked = api;
                   window.api = async (...args) => {
                     try { return await asked(...args); } finally { setTimeout(() => window.handled++, 0); }
                   };
                   return true;
                 })()",
            )
            .await;
        let set = |id: &str, value: &str| format!("document.getElementById('{id}').value = '{value}'");
        for (id, value) in [("sim-digits", "8"), ("sim-sample", "5"), ("sim-timeout", "60")] {
            browser.eval(&set(id, value)).await;
        }
        browser.click("simulate").await;
        // While it runs: Simulate disabled, no chart.
        assert_eq!(browser.eval("document.getElementById('simulate').disabled").await, true);
        assert_eq!(text_of(&browser, "sim-summary").await, "simulating...");
        assert_eq!(browser.eval("document.getElementById('bars').children.length").await, 0);
        // A second simulation started anyway (as a second click did before): the older answer,
        // whenever it comes, is never drawn, and the chart holds the 3-digit one alone.
        browser.eval(&set("sim-digits", "3")).await;
        browser
            .eval("(() => { const simulate = document.getElementById('simulate'); simulate.disabled = false; simulate.click(); return true; })()")
            .await;
        browser.wait_until("window.handled === 2", "both answers").await;
        let summary = text_of(&browser, "sim-summary").await;
        assert!(summary.starts_with("first, 3 digits, 900 secrets: worst case "), "{summary}");
        let counted = browser
            .eval("[...document.querySelectorAll('#bars .count')].reduce((sum, count) => sum + Number(count.textContent), 0)")
            .await;
        assert_eq!(counted, 900);
        assert_eq!(browser.eval("document.getElementById('simulate').disabled").await, false);
        browser.close().await;
    });
}

/// The texts of the elements `selector` picks, in order.
async fn texts(browser: &Browser, selector: &str) -> Vec<String> {
    let found = browser
        .eval(&format!("[...document.querySelectorAll('{selector}')].map((element) => element.textContent)"))
        .await;
    found.as_array().unwrap().iter().map(|text| text.as_str().unwrap().to_string()).collect()
}

/// Waits until the game stepper shows `step` (`turn 8 of 25`).
async fn wait_for_step(browser: &Browser, step: &str) {
    let condition = format!("document.getElementById('step').textContent === {}", serde_json::json!(step));
    browser.wait_until(&condition, step).await;
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn scrabble_page_steps_through_a_recorded_game_beside_its_analysis() {
    let server = Server::start(&[]);
    let record = reference("scrabble/self-play.gcg");
    let events: Vec<&str> = record.lines().filter(|line| line.starts_with('>')).collect();
    let analysis = reference("scrabble/self-play.gcg.expected");
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/scrabble")).await.unwrap();
        let files = format!(
            "{}\n{}",
            dataset("scrabble/self-play.gcg").display(),
            dataset("scrabble/dictionary.txt").display()
        );
        browser
            .client
            .find(fantoccini::Locator::Id("open-game"))
            .await
            .unwrap()
            .send_keys(&files)
            .await
            .unwrap();
        let title = "self-play.gcg (standard rules): one vs. two";
        let condition =
            format!("document.getElementById('title').textContent === {}", serde_json::json!(title));
        browser.wait_until(&condition, "the game").await;
        assert_eq!(text_of(&browser, "sources").await, "dictionary: dictionary.txt, sent with the position");
        wait_for_step(&browser, &format!("turn 1 of {}", events.len())).await;
        assert_eq!(texts(&browser, "#turns li").await, events);
        let summary: Vec<&str> =
            analysis.lines().filter(|line| !line.starts_with(' ') && !line.starts_with("turn ")).collect();
        assert_eq!(texts(&browser, "#summary li").await, summary);
        assert_eq!(browser.eval("document.getElementById('previous').disabled").await, true);

        // To turn 8 by the buttons and the arrow keys: End, Home and back and forth on the way.
        let body = browser.client.find(fantoccini::Locator::Css("body")).await.unwrap();
        body.send_keys("\u{E010}").await.unwrap();
        wait_for_step(&browser, &format!("turn {0} of {0}", events.len())).await;
        assert_eq!(browser.eval("document.getElementById('next').disabled").await, true);
        body.send_keys("\u{E011}").await.unwrap();
        wait_for_step(&browser, &format!("turn 1 of {}", events.len())).await;
        for _ in 0..4 {
            browser.click("next").await;
        }
        body.send_keys("\u{E014}\u{E014}\u{E012}\u{E014}\u{E014}").await.unwrap();
        wait_for_step(&browser, &format!("turn 8 of {}", events.len())).await;

        // Turn 8 as the record has it: two's INCITES down from O4, outlined on the board, both totals.
        assert_eq!(text_of(&browser, "move").await, events[7]);
        assert_eq!(events[7], ">two: CEIINST O4 INCITES +90 159");
        let total = |line: &str| line.rsplit(' ').next().unwrap().to_string();
        let one = events[..8].iter().rev().find(|line| line.starts_with(">one:")).unwrap();
        assert_eq!(
            text_of(&browser, "score").await,
            format!("score one {}, two {} after two's turn; bag 56 before it", total(one), total(events[7]))
        );
        assert_eq!(texts(&browser, "#rack span").await, ["C3", "E1", "I1", "I1", "N1", "S1", "T1"]);
        // Column O, rows 4 to 10: squares 14 + 15 * (row - 1).
        let board = texts(&browser, "#board td").await;
        let incites: String = [59, 74, 89, 104, 119, 134, 149].map(|square| board[square].as_str()).concat();
        assert_eq!(incites, "INCITES");
        assert_eq!(texts(&browser, "#board td.highlight").await.concat(), "INCITES");
        // Its analysis: the command line's block of turn 8, line for line.
        let block: Vec<&str> = analysis
            .split("\nturn ")
            .find(|block| block.starts_with("8, line 12:"))
            .unwrap()
            .lines()
            .skip(1)
            .map(|line| line.trim_start())
            .collect();
        assert_eq!(texts(&browser, "#turn-analysis li").await, block);
        screenshots(&browser, "scrabble-game").await;
        let fits = "document.documentElement.scrollWidth <= document.documentElement.clientWidth";
        for width in [800, 1280] {
            browser.client.set_window_size(width, 900).await.unwrap();
            assert_eq!(browser.eval(fits).await, true, "the page scrolls sideways at {width} px");
        }

        // A damaged record: the command line's message, and the game shown stays.
        let folder = tempfile::tempdir().unwrap();
        let damaged = folder.path().join("damaged.gcg");
        std::fs::write(&damaged, record.replace("9G DUPE +25 25", "9G DUPE +26 26")).unwrap();
        browser.choose_file("open-game", &damaged).await;
        browser.wait_until("document.getElementById('message').open", "the message box").await;
        assert_eq!(
            text_of(&browser, "message-text").await,
            "damaged.gcg: line 6: 9G DUPE scores 25 by the rules, not 26"
        );
        assert_eq!(text_of(&browser, "move").await, events[7]);
        browser.click("message-ok").await;

        // A record pasted is named as the command line names standard input; the bundled list reads it.
        let paste = |text: &str| {
            let text = serde_json::json!(text);
            let browser = &browser;
            async move {
                browser.click("paste-game").await;
                browser.eval(&format!("document.getElementById('paste-text').value = {text}")).await;
                browser.click("paste-open").await;
            }
        };
        paste(&record.replace("9G DUPE +25 25", "9G DUPE +26 26")).await;
        browser.wait_until("document.getElementById('message').open", "the message box").await;
        assert_eq!(
            text_of(&browser, "message-text").await,
            "standard input: line 6: 9G DUPE scores 25 by the rules, not 26"
        );
        browser.click("message-ok").await;
        paste(&record).await;
        let title = "pasted game (standard rules): one vs. two";
        let condition =
            format!("document.getElementById('title').textContent === {}", serde_json::json!(title));
        browser.wait_until(&condition, "the pasted game").await;
        wait_for_step(&browser, &format!("turn 1 of {}", events.len())).await;
        assert_eq!(text_of(&browser, "move").await, events[0]);
        browser.close().await;
    });
}

/// The words of the page's table cells (`td`, `th`) that the browser laid out over more than one
/// line: each run of text between spaces (in a path's cell, its title set, also between `/` and
/// `-`), and each group kept whole (`.nowrap`, a number with its unit).
pub(crate) const BROKEN_WORDS: &str = "(() => {
    const broken = [];
    const lines = (rects) => new Set([...rects].map((rect) => Math.round(rect.top))).size;
    for (const cell of document.querySelectorAll('td, th')) {
      const words = cell.title ? /[^\\s\\/-]+[\\/-]?/g : /\\S+/g;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.data.matchAll(words)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (lines(range.getClientRects()) > 1) broken.push(match[0]);
        }
      }
      for (const group of cell.querySelectorAll('.nowrap')) {
        if (lines(group.getClientRects()) > 1) broken.push(group.textContent);
      }
    }
    return broken;
  })()";

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn html_reports_break_no_word_in_their_tables_at_800_and_1280_px() {
    let folder = tempfile::tempdir().unwrap();
    let solvebatch = |args: &[&str]| {
        let output = assert_cmd::Command::cargo_bin("solvebatch")
            .unwrap()
            .current_dir(folder.path())
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.code().is_some_and(|code| code <= 1), "{args:?}: {output:?}");
    };
    let tournament = dataset("tournament").display().to_string();
    solvebatch(&["compare", &tournament, "--html", "compare.html", "--json", "old.jsonl", "-q"]);
    // Against a run of one solver the diff has rows whatever the times: every other solver's
    // records removed, statuses changed where the run's solver answers otherwise.
    solvebatch(&["run", &tournament, "--html", "run.html", "--json", "new.jsonl", "-q"]);
    solvebatch(&["diff", "old.jsonl", "new.jsonl", "--html", "diff.html", "-q"]);
    run(async {
        let browser = Browser::start().await;
        for report in ["compare", "run", "diff"] {
            let page = folder.path().join(format!("{report}.html"));
            browser.client.goto(&format!("file://{}", page.display())).await.unwrap();
            // The compare report's paths are relative to the dataset's folder: no cell begins with it.
            let cells =
                browser.eval("[...document.querySelectorAll('td')].map((cell) => cell.textContent)").await;
            let cells = cells.as_array().unwrap();
            assert!(cells.len() > 100, "{report}: {} cells", cells.len());
            assert!(
                cells.iter().all(|cell| !cell.as_str().unwrap().starts_with(&tournament)),
                "{report}: {cells:?}"
            );
            for width in [800, 1280] {
                browser.client.set_window_size(width, 900).await.unwrap();
                assert_eq!(browser.eval(BROKEN_WORDS).await, serde_json::json!([]), "{report} at {width} px");
                assert_eq!(
                    browser.eval("getComputedStyle(document.querySelector('td')).overflowWrap").await,
                    "normal",
                    "{report}"
                );
                browser.screenshot(&format!("{report}-report-{width}")).await;
            }
        }
        browser.close().await;
    });
}
