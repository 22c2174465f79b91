//! What the web app's pages show, in a real browser (headless Chromium, as in [`crate::serve_browser`]):
//! the same answer as the command line on every bundled file of a family, what a page marks against
//! what it shows, and a layout that reads as a person expects (numbered boards, axis titles, no
//! dialog for a typo, a first screen that shows what matters and holds still while solving).

use crate::browser::{run, Browser};
use crate::serve_browser::{alternatives_shown, click_pairing, screenshots, text_of, value};
use crate::server::{dataset, Server};

/// The bundled files of `folder` (under `datasets/`) whose names end in `extension`, in name order.
fn bundled(folder: &str, extension: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dataset(folder))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file() && path.to_str().unwrap().ends_with(extension))
        .collect();
    files.sort();
    files
}

/// The pins (`T:A-B`) of the tournament page's round box and those of the pairings it marks as in
/// the round (played or fixed), each sorted.
const SHOWN_AND_MARKED: &str = "(() => {
    const shown = [...document.getElementById('round').value.matchAll(/^Table (\\d+): (\\d+) vs\\. (\\d+)$/gm)]
      .map((m) => `${m[1]}:${m[2]}-${m[3]}`).sort();
    const marked = [...document.querySelectorAll('#pairings button.played, #pairings button.fixed')]
      .map((button) => button.dataset.pin).sort();
    return [shown, marked];
  })()";

/// Checks that the pairings the tournament page marks are exactly the round in its box, which is
/// `round`, and that there is one.
async fn marks_the_round_shown(browser: &Browser, round: &str, when: &str) {
    assert_eq!(value(browser, "round").await, round, "{when}");
    let [shown, marked] =
        <[serde_json::Value; 2]>::try_from(browser.eval(SHOWN_AND_MARKED).await.as_array().unwrap().clone())
            .unwrap();
    assert!(!shown.as_array().unwrap().is_empty(), "{when}: no round shown");
    assert_eq!(marked, shown, "{when}: the pairings marked are not the round shown");
}

/// Chooses `solver` in the tournament page's solver box, as a person does, and waits until the page
/// shows `round` and is idle.
async fn choose_solver(browser: &Browser, solver: &str, round: &str) {
    browser
        .eval(&format!(
            "(() => {{ const box = document.getElementById('solver'); box.value = '{solver}'; \
             box.dispatchEvent(new Event('change')); return true; }})()"
        ))
        .await;
    let condition = format!(
        "document.getElementById('round').value === {} && document.getElementById('busy').hidden \
         && document.getElementById('place').textContent === \"the solver's round\"",
        serde_json::json!(round)
    );
    browser.wait_until(&condition, &format!("{solver}'s round")).await;
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn tournament_page_marks_the_round_shown_whichever_solver_found_it() {
    // Three rounds in the order of --all (tests/serve_tournament.rs works them out); backtrack, dlx
    // and sat find the first, dlx-restarts the third (`solvebatch tournament three.csv --solver NAME`).
    let (_folder, file) = crate::browser::three_rounds_file();
    let [first, second, third] = crate::browser::THREE_ROUNDS;
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/tournament")).await.unwrap();
        browser.choose_file("open", &file).await;
        alternatives_shown(&browser).await;
        marks_the_round_shown(&browser, first, "opened with backtrack").await;
        // Next Round from the solver's round, which is the first of --all: the second, not the same.
        browser.click("next").await;
        browser.wait_until("document.getElementById('busy').hidden", "the next round").await;
        marks_the_round_shown(&browser, second, "after next from backtrack's round").await;
        assert_eq!(text_of(&browser, "place").await, "round 2 in the order of --all");

        // Another solver solves the file again: its round, the third, marked as it is shown.
        choose_solver(&browser, "dlx-restarts", third).await;
        alternatives_shown(&browser).await;
        marks_the_round_shown(&browser, third, "after choosing dlx-restarts").await;
        assert_eq!(text_of(&browser, "file").await, "round of three.csv");
        assert!(text_of(&browser, "time").await.starts_with("dlx-restarts: "));

        // Next Round: the rounds of --all in order, each marked as shown.
        for (round, place) in [(first, 1), (second, 2)] {
            browser.click("next").await;
            browser.wait_until("document.getElementById('busy').hidden", "the next round").await;
            marks_the_round_shown(&browser, round, &format!("after next, round {place}")).await;
            assert_eq!(text_of(&browser, "place").await, format!("round {place} in the order of --all"));
        }

        // A pin: the one round with 0-2 at table 0, the pin fixed and its partner played.
        click_pairing(&browser, "0:0-2").await;
        marks_the_round_shown(&browser, third, "after fixing 0:0-2").await;
        assert_eq!(
            browser.eval("document.querySelector(\"#pairings button[data-pin='0:0-2']\").className").await,
            "fixed"
        );
        // Forbidden: the first of the two rounds without it.
        click_pairing(&browser, "0:0-2").await;
        marks_the_round_shown(&browser, first, "after forbidding 0:0-2").await;

        // Another solver again: the pins go, and its round is marked (portfolio is left out: the
        // first of its solvers to finish gives its round, which a busy machine may change).
        choose_solver(&browser, "dlx", first).await;
        marks_the_round_shown(&browser, first, "after choosing dlx").await;
        assert_eq!(browser.eval("document.querySelectorAll('#pairings button.forbidden').length").await, 0);
        choose_solver(&browser, "dlx-restarts", third).await;
        marks_the_round_shown(&browser, third, "after choosing dlx-restarts again").await;
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn tournament_page_answers_as_the_command_line_on_every_bundled_file() {
    let files = bundled("tournament", ".csv");
    assert!(files.len() >= 30, "{files:?}");
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/tournament")).await.unwrap();
        for file in &files {
            let name = file.file_name().unwrap().to_str().unwrap();
            let expected = std::fs::read_to_string(format!("{}.expected", file.display())).unwrap();
            // Mark the page's state, so that the answer to this file is told from the last one's.
            browser
                .eval("(() => { document.getElementById('file').textContent = 'waiting'; return true; })()")
                .await;
            browser.choose_file("open", file).await;
            browser
                .wait_until(
                    "(document.getElementById('file').textContent !== 'waiting' || \
                      document.getElementById('message').open) && document.getElementById('busy').hidden",
                    name,
                )
                .await;
            if browser.eval("document.getElementById('message').open").await == true {
                // An invalid file: the command line's message after the file's name; no round: its line.
                let message = text_of(&browser, "message-text").await;
                let no_round = expected == "No tournament found.\n";
                let wanted = if no_round {
                    expected.trim_end().to_string()
                } else {
                    format!("{name}: {}", expected.trim_end())
                };
                assert_eq!(message, wanted, "{name}");
                browser.click("message-ok").await;
                browser
                    .wait_until("!document.getElementById('message').open", "the message box to close")
                    .await;
            } else {
                alternatives_shown(&browser).await;
                marks_the_round_shown(&browser, &expected, name).await;
            }
        }
        browser.close().await;
    });
}

/// The bounding boxes (`[left, top, width, height]`) of the tournament page's parts that must not
/// move while a request runs.
const TOURNAMENT_BOXES: &str = "['open-label', 'solver', 'timeout', 'cancel', 'file', 'round', 'alternatives', \
    'next', 'pairings'].map((id) => { const box = document.getElementById(id).getBoundingClientRect(); \
    return [id, Math.round(box.left), Math.round(box.top), Math.round(box.width), Math.round(box.height)]; })";

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn tournament_page_shows_the_pairings_on_its_first_screen_and_holds_still_while_solving() {
    let server = Server::start(&["--workers", "1"]);
    let hard = dataset("tournament/hard/tournament-45-d6-s3-planted.pairings");
    let many = dataset("tournament/generated/tournament-30-d1-s1-planted.csv");
    run(async {
        let browser = Browser::start().await;
        browser.client.set_window_size(1280, 857).await.unwrap();
        browser.client.goto(&server.at("/tournament")).await.unwrap();
        // Before a file is open: a small box that says what to do, no tall empty one.
        let height = browser.eval("document.getElementById('round').getBoundingClientRect().height").await;
        assert!(height.as_f64().unwrap() < 100.0, "the empty round box is {height} px tall");
        assert!(browser
            .text("document.getElementById('round').placeholder")
            .await
            .starts_with("Open a pairing file"));
        screenshots(&browser, "tournament-empty").await;

        // A file of 30 tables: its round and the first pairings on the first screen of 1280 x 857.
        browser.client.set_window_size(1280, 857).await.unwrap();
        browser.choose_file("open", &many).await;
        alternatives_shown(&browser).await;
        let first =
            "(() => { const box = document.querySelector('#pairings button').getBoundingClientRect(); \
                     return box.bottom <= window.innerHeight && box.top >= 0; })()";
        assert_eq!(browser.eval(first).await, true, "the first pairing is below the fold");
        assert_eq!(browser.eval("document.documentElement.scrollWidth <= window.innerWidth").await, true);
        screenshots(&browser, "tournament-30-tables").await;
        browser.client.set_window_size(1280, 857).await.unwrap();

        // A solve that runs until cancelled: nothing moves meanwhile.
        let before = browser.eval(TOURNAMENT_BOXES).await;
        browser.eval("document.getElementById('timeout').value = '60'").await;
        browser.choose_file("open", &hard).await;
        browser.wait_until("!document.getElementById('busy').hidden", "the busy state").await;
        crate::server::wait_for("the worker to run the solve", || {
            (server.worker_states() == ['R']).then_some(())
        });
        let during = browser.eval(TOURNAMENT_BOXES).await;
        // The busy line stands where the file's name stood.
        let busy = browser
            .eval("(() => { const box = document.getElementById('busy').getBoundingClientRect(); return [Math.round(box.left), Math.round(box.top)]; })()")
            .await;
        browser.screenshot("tournament-solving-1280").await;
        browser.click("cancel").await;
        browser.wait_until("!document.getElementById('open').disabled", "the controls back").await;
        let after = browser.eval(TOURNAMENT_BOXES).await;
        // The file's name is hidden while busy (no box): compare the rest.
        let without_file = |boxes: &serde_json::Value| -> Vec<serde_json::Value> {
            boxes.as_array().unwrap().iter().filter(|part| part[0] != "file").cloned().collect()
        };
        assert_eq!(without_file(&during), without_file(&before), "the page moved while solving");
        assert_eq!(after, before, "the page moved after cancelling");
        let file = before.as_array().unwrap().iter().find(|part| part[0] == "file").unwrap();
        assert_eq!(busy, serde_json::json!([file[1], file[2]]), "the busy line is not where the name was");
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn batch_page_solves_each_family_with_its_chosen_solver_and_breaks_names_at_slashes() {
    let folder = tempfile::tempdir().unwrap();
    let round = std::fs::read(dataset("tournament/spec-example.csv")).unwrap();
    let guess = std::fs::read(dataset("guess/spec-example.guess")).unwrap();
    let zip = folder.path().join("club.zip");
    let nested = "club-evenings/second-tuesday-of-the-month/rounds-planned-by-the-committee/round.csv";
    std::fs::write(&zip, crate::serve_api::zipped(&[(nested, &round), ("secrets/spec.guess", &guess)]))
        .unwrap();
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.set_window_size(800, 900).await.unwrap();
        browser.client.goto(&server.at("/batch")).await.unwrap();
        browser
            .wait_until("document.getElementById('solver-tournament') !== null", "the solver choices")
            .await;
        // A choice per family, its default first, as `list-solvers` lists them.
        let offered = browser
            .eval("[...document.querySelectorAll('#solvers select')].map((box) => [box.dataset.family, [...box.options].map((option) => option.value), box.disabled])")
            .await;
        assert_eq!(
            offered,
            serde_json::json!([
                ["tournament", ["backtrack", "dlx", "dlx-frb", "dlx-restarts", "sat", "portfolio"], false],
                ["tictactoe", ["replay"], true],
                ["guess", ["first", "minimax", "max-parts", "entropy", "optimal"], false],
                ["scrabble", ["anchor", "brute-force"], false],
                ["gcg", ["equity"], true]
            ])
        );
        for (family, solver) in [("tournament", "sat"), ("guess", "entropy")] {
            browser.eval(&format!("document.getElementById('solver-{family}').value = '{solver}'")).await;
        }
        browser.choose_file("files", &zip).await;
        browser.wait_until("document.getElementById('results').rows.length === 3", "the results").await;
        let rows = browser
            .eval("[...document.getElementById('results').rows].slice(1).map((row) => [row.cells[0].textContent, row.cells[2].textContent, row.cells[3].textContent])")
            .await;
        assert_eq!(
            rows,
            serde_json::json!([[nested, "sat", "solved"], ["secrets/spec.guess", "entropy", "solved"]])
        );
        // At 800 px the long path breaks after its slashes (and hyphens), never inside a word, and
        // the table fits.
        let name_lines = "(() => { const range = document.createRange(); \
                          range.selectNodeContents(document.getElementById('results').rows[1].cells[0]); \
                          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size; })()";
        assert!(browser.eval(name_lines).await.as_u64().unwrap() > 1, "the long path wraps");
        assert_eq!(browser.eval(crate::serve_browser::BROKEN_WORDS).await, serde_json::json!([]));
        assert_eq!(browser.eval("document.documentElement.scrollWidth <= window.innerWidth").await, true);
        screenshots(&browser, "batch-solvers").await;
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn batch_page_links_to_the_history_only_where_the_server_keeps_one() {
    let folder = tempfile::tempdir().unwrap();
    let database = folder.path().join("history.db");
    let with = Server::start(&["--history", database.to_str().unwrap()]);
    let without = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        // The page asks `/history` once; resource timing lists the request when it has its answer.
        let asked =
            "performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/history'))";
        let links = "[document.getElementById('history-links').hidden,                      [...document.querySelectorAll('#history-links a')].map((link) => link.getAttribute('href'))]";
        for (server, hidden, status) in [(&with, false, 200), (&without, true, 404)] {
            browser.client.goto(&server.at("/batch")).await.unwrap();
            browser.wait_until(asked, "the page's question to /history").await;
            assert_eq!(
                browser.eval(links).await,
                serde_json::json!([hidden, ["/history", "/history?view=regressions", "/history?view=flaky"]])
            );
            assert_eq!(browser.eval("fetch('/history').then((answer) => answer.status)").await, status);
        }
        browser.close().await;
    });
}

/// Steps the tic-tac-toe page through its first 60 moves (by its Next button), then to its last (by
/// Last), and gives, for each move shown, its number, its description and the cells marked as the
/// last move, as `[row, column, class]` read from the board's row and column numbers (`last`: the
/// cell it filled; `refused`: the cell a refused move asked for).
const TICTACTOE_STEPS: &str = "(() => {
    document.getElementById('first').click();
    const columns = document.querySelector('#board thead').rows[0].cells;
    const moves = Number(document.getElementById('step').max);
    const steps = [];
    const record = () => steps.push([Number(document.getElementById('step').value),
      document.getElementById('move').textContent,
      [...document.querySelectorAll('#board td.last, #board td.refused')].map((cell) =>
        [Number(cell.parentElement.cells[0].textContent), Number(columns[cell.cellIndex].textContent),
         cell.classList.contains('last') ? 'last' : 'refused'])]);
    for (let move = 1; move <= Math.min(moves, 60); move++) {
      document.getElementById('next').click();
      record();
    }
    if (moves > 60) {
      document.getElementById('last').click();
      record();
    }
    return steps;
  })()";

/// The cell `(row, column)` a move's description names after `before` (`asks for (`, ` at (`).
fn named_cell(description: &str, before: &str) -> Option<(i64, i64)> {
    let (row, column) = description.split(before).nth(1)?.split(')').next()?.split_once(", ")?;
    Some((row.parse().ok()?, column.parse().ok()?))
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn tictactoe_page_numbers_its_board_marks_each_last_move_and_prints_every_bundled_file_s_output() {
    let files = bundled("tictactoe", ".in");
    assert!(files.len() >= 20, "{files:?}");
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/tictactoe")).await.unwrap();
        for file in &files {
            let name = file.file_name().unwrap().to_str().unwrap();
            let reference = std::fs::read_to_string(file.with_extension("ref")).unwrap();
            browser
                .eval("(() => { document.getElementById('file').textContent = 'waiting'; return true; })()")
                .await;
            browser.choose_file("open", file).await;
            browser
                .wait_until(
                    "document.getElementById('file').textContent !== 'waiting' || document.getElementById('message').open",
                    name,
                )
                .await;
            if browser.eval("document.getElementById('message').open").await == true {
                // An invalid game: the command line's message after the file's name.
                assert_eq!(
                    text_of(&browser, "message-text").await,
                    format!("{name}: {}", reference.trim_end())
                );
                browser.click("message-ok").await;
                browser
                    .wait_until("!document.getElementById('message').open", "the message box to close")
                    .await;
                continue;
            }
            let side =
                browser.eval("document.querySelectorAll('#board tbody tr').length").await.as_i64().unwrap();
            // Numbered from 0 across the top and down the left, as the moves name cells.
            let numbers: Vec<String> = (0..side).map(|number| number.to_string()).collect();
            let top = browser
                .eval("[...document.querySelector('#board thead').rows[0].cells].slice(1).map((cell) => cell.textContent)")
                .await;
            let left = browser
                .eval("[...document.querySelectorAll('#board tbody tr')].map((row) => row.cells[0].textContent)")
                .await;
            assert_eq!((&top, &left), (&serde_json::json!(numbers), &serde_json::json!(numbers)), "{name}");
            let steps = browser.eval(TICTACTOE_STEPS).await;
            for shown in steps.as_array().unwrap() {
                let (step, description) = (&shown[0], shown[1].as_str().unwrap());
                let on_board =
                    |(row, column): (i64, i64)| (0..side).contains(&row) && (0..side).contains(&column);
                let expected = match (named_cell(description, " at ("), named_cell(description, "asks for ("))
                {
                    (Some((row, column)), _) => serde_json::json!([[row, column, "last"]]),
                    (None, Some(asked)) if on_board(asked) => {
                        serde_json::json!([[asked.0, asked.1, "refused"]])
                    }
                    _ => serde_json::json!([]),
                };
                assert_eq!(shown[2], expected, "{name}, move {step}: {description}");
            }
            browser.click("last").await;
            assert_eq!(text_of(&browser, "output").await, reference, "{name}");
        }
        screenshots(&browser, "tictactoe-numbered").await;
        browser.close().await;
    });
}

/// Whether the element `id` is laid out (shown) on the page.
async fn shown(browser: &Browser, id: &str) -> bool {
    browser.eval(&format!("document.getElementById('{id}').getClientRects().length > 0")).await == true
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn guess_page_words_matches_one_way_says_a_typo_inline_and_titles_its_histogram_axes() {
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/guess")).await.unwrap();
        // The codebreaker's table words each answer as the command line does: "0 matches", "1 match".
        browser.click("new-codebreaker").await;
        for (answer, rows) in [(0, 1), (1, 2)] {
            let condition = format!("document.getElementById('codebreaker-guesses').rows.length === {rows}");
            browser.wait_until(&condition, "a guess").await;
            browser.click(&format!("answer-{answer}")).await;
        }
        browser
            .wait_until("document.getElementById('codebreaker-guesses').rows.length === 3", "a guess")
            .await;
        let answers = browser
            .eval("[...document.getElementById('codebreaker-guesses').rows].map((row) => row.cells[2].textContent)")
            .await;
        assert_eq!(answers, serde_json::json!(["0 matches", "1 match", "?"]));

        // The host game: a typo is said under the box, no dialog opens, and the next guess goes on.
        browser.click("new-host").await;
        let guess = |text: &'static str| {
            let browser = &browser;
            async move {
                browser.eval(&format!("document.getElementById('host-guess').value = '{text}'")).await;
                browser.click("host-submit").await;
            }
        };
        guess("12a4").await;
        assert_eq!(text_of(&browser, "host-typo").await, "\"12a4\" is not a number; type a 4-digit number.");
        assert_eq!(browser.eval("document.getElementById('message').open").await, false);
        // Too few digits: the server's refusal, also inline, as the API words it.
        let (status, refusal) = crate::serve_api::post_json(
            &server.at("/api/guess/host"),
            &serde_json::json!({ "digits": 4, "seed": 1, "guesses": [999], "reveal": false }),
        );
        assert_eq!(status, 400);
        guess("999").await;
        let condition = format!(
            "document.getElementById('host-typo').textContent === {}",
            serde_json::json!(refusal["error"].as_str().unwrap())
        );
        browser.wait_until(&condition, "the refusal under the box").await;
        assert_eq!(browser.eval("document.getElementById('message').open").await, false);
        screenshots(&browser, "guess-typo").await;
        guess("1234").await;
        browser.wait_until("document.getElementById('host-guesses').rows.length === 1", "the guess").await;
        assert_eq!(text_of(&browser, "host-typo").await, "", "the typo's line clears");
        browser.click("host-give-up").await;
        browser
            .wait_until(
                "document.getElementById('host-status').textContent.startsWith('The number was')",
                "the secret",
            )
            .await;
        let status = text_of(&browser, "host-status").await;
        let secret: u32 = status.trim_start_matches("The number was ").trim_end_matches('.').parse().unwrap();
        let matches = solvebatch_guess::matches(1234, secret);
        assert_eq!(
            browser.text("document.getElementById('host-guesses').rows[0].cells[2].textContent").await,
            format!("{matches} {}", if matches == 1 { "match" } else { "matches" })
        );

        // The histogram's axes are titled once there is a chart, not before.
        assert!(!shown(&browser, "bars-x-title").await && !shown(&browser, "bars-y-title").await);
        browser.click("simulate").await;
        browser.wait_until("document.getElementById('bars').children.length > 0", "the histogram").await;
        assert!(shown(&browser, "bars-x-title").await && shown(&browser, "bars-y-title").await);
        assert_eq!(text_of(&browser, "bars-x-title").await, "guesses to find the secret");
        assert_eq!(text_of(&browser, "bars-y-title").await, "secrets");
        // The x title under the bars' labels, the y title left of the bars.
        let placed = "(() => { const box = (id) => document.getElementById(id).getBoundingClientRect(); \
                      const labels = [...document.querySelectorAll('#bars .label')].map((label) => label.getBoundingClientRect()); \
                      return box('bars-x-title').top >= Math.max(...labels.map((label) => label.bottom)) \
                        && box('bars-y-title').right <= box('bars').left; })()";
        assert_eq!(browser.eval(placed).await, true);
        screenshots(&browser, "guess-axes").await;
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn scrabble_play_box_shows_its_whole_placeholder() {
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/scrabble")).await.unwrap();
        browser.eval("document.getElementById('rules').value = 'standard'").await;
        browser.click("new-game").await;
        browser
            .wait_until(
                "document.getElementById('letters').placeholder.startsWith('8H')",
                "the standard game",
            )
            .await;
        let fits = "(() => { const box = document.getElementById('letters'); const style = getComputedStyle(box); \
                    const context = document.createElement('canvas').getContext('2d'); context.font = style.font; \
                    const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight); \
                    return [context.measureText(box.placeholder).width, room]; })()";
        for width in [800, 1280] {
            browser.client.set_window_size(width, 900).await.unwrap();
            let sizes = browser.eval(fits).await;
            assert!(sizes[0].as_f64() <= sizes[1].as_f64(), "the placeholder is cut at {width} px: {sizes}");
        }
        screenshots(&browser, "scrabble-standard-game").await;
        browser.close().await;
    });
}

#[test]
#[ignore = "needs chromium and chromedriver: apt-get install chromium chromium-driver"]
fn batch_page_answers_as_run_on_every_bundled_tournament_tictactoe_and_guess_file() {
    // Every input of the three families with its reference, as `run` finds them in the folders.
    let mut files = Vec::new();
    for (folder, extension, reference) in [
        ("tournament", ".csv", ".csv.expected"),
        ("tictactoe", ".in", ".ref"),
        ("guess", ".guess", ".guess.expected"),
    ] {
        for input in bundled(folder, extension) {
            let name = input.to_str().unwrap().to_string();
            files.push(name.clone());
            files.push(format!("{}{reference}", name.trim_end_matches(extension)));
        }
    }
    let inputs: Vec<&str> = files.iter().step_by(2).map(String::as_str).collect();
    // The command line's answer: each file's result and verdict, as `run --json` records them.
    let output = assert_cmd::Command::cargo_bin("solvebatch")
        .unwrap()
        .arg("run")
        .args(&inputs)
        .args(["--json", "-", "-q"])
        .output()
        .unwrap();
    let expected: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter(|line| line["type"] == "file")
        .map(|record| {
            let file = std::path::Path::new(record["file"].as_str().unwrap())
                .file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .to_string();
            serde_json::json!([file, record["solver"], record["status"], record["verdict"]])
        })
        .collect();
    assert_eq!(expected.len(), inputs.len());
    let server = Server::start(&[]);
    run(async {
        let browser = Browser::start().await;
        browser.client.goto(&server.at("/batch")).await.unwrap();
        browser
            .wait_until("document.getElementById('solver-tournament') !== null", "the solver choices")
            .await;
        // The page's answer, read back from what the server sent it, in the command line's order.
        browser
            .eval("(() => { const asked = api; window.api = async (...args) => { const answer = await asked(...args); \
                   if (args[0].startsWith('/api/batch')) window.batch = answer.body; return answer; }; return true; })()")
            .await;
        browser
            .client
            .find(fantoccini::Locator::Id("files"))
            .await
            .unwrap()
            .send_keys(&files.join("\n"))
            .await
            .unwrap();
        let rows = inputs.len() + 1;
        browser
            .wait_until(
                &format!("document.querySelectorAll('#results tr:not(:has(td.detail))').length === {rows}"),
                "the results",
            )
            .await;
        let shown = browser
            .eval("window.batch.records.map((record) => [record.file, record.solver, record.status, record.verdict])")
            .await;
        let mut shown: Vec<serde_json::Value> = shown.as_array().unwrap().clone();
        let mut expected = expected.clone();
        let key = |row: &serde_json::Value| row[0].as_str().unwrap().to_string();
        shown.sort_by_key(key);
        expected.sort_by_key(key);
        assert_eq!(shown, expected);
        // Every file is as its reference says, in the table too.
        let verdicts = browser
            .eval("[...document.querySelectorAll('#results tr')].slice(1).filter((row) => row.cells.length > 1).map((row) => row.cells[4].textContent)")
            .await;
        assert_eq!(verdicts, serde_json::json!(vec!["same"; inputs.len()]));
        browser.close().await;
    });
}
