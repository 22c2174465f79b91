//! The integration tests of `solvebatch`, in one binary (linked once, run in parallel): a module per
//! area, all running the binary through the one helper in [`common`], which clears the variables that
//! change the terminal output and the dictionary cache.
//!
//! `cargo test --test tests MODULE` runs one area, for example `cargo test --test tests serve_faults`.
//! The browser tests (`serve_browser`, `serve_pages`) are built with `--features browser-tests`.

// The browser tests need Chromium, chromedriver and the WebDriver client: `--features browser-tests`.
#[cfg(feature = "browser-tests")]
mod browser;
mod common;
mod server;

mod batch;
mod bless;
mod ci_reports;
mod compare_measures;
mod cubes;
mod diff;
mod front_ends;
mod guess;
mod history;
mod html_report;
mod inputs;
mod outputs;
mod references;
mod regression;
mod reports;
mod resume;
mod review;
mod scrabble;
mod serve_api;
#[cfg(feature = "browser-tests")]
mod serve_browser;
mod serve_faults;
mod serve_gcg;
mod serve_limits;
#[cfg(feature = "browser-tests")]
mod serve_pages;
mod serve_solitaire;
mod serve_tournament;
mod shard;
mod terminal;
mod tictactoe;
mod tournament;
mod tournament_portfolio;
