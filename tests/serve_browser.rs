//! The web app in a real browser: headless Chromium driven through chromedriver. Each test starts
//! its own server and browser; both stop when it ends. Chromium and chromedriver must be installed
//! (`.ci/run` installs them); without them the tests fail and say so.

mod browser;
mod server;

use std::time::{Duration, Instant};

use browser::{run, Browser};
use server::{dataset, Server};

/// The reference output of a dataset file.
fn reference(path: &str) -> String {
    std::fs::read_to_string(dataset(path)).unwrap()
}

#[test]
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
