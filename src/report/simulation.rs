//! `guess simulate` figures for the reports: the terminal text, and grids for Markdown and HTML.

use serde::{Deserialize, Serialize};

use super::table::{Cell, Grid, Tone};

/// The figures of one strategy's simulation, as every report shows them (the JSON line of a
/// `simulation`): values only, so that reports need not know the guess family's types.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimulationSummary {
    /// The strategy's name.
    pub strategy: String,
    /// The number of digits.
    pub digits: u32,
    /// How many secrets were played.
    pub secrets: usize,
    /// The most guesses any secret took.
    pub worst_case: u32,
    /// The secrets that took `worst_case` guesses, in increasing order.
    pub worst_secrets: Vec<u32>,
    /// The mean number of guesses.
    pub mean: f64,
    /// How many secrets took each number of guesses, for every count from 1 to the worst case.
    pub histogram: Vec<Bar>,
    /// The histogram as the terminal shows it: a text bar chart, as the family draws it (not in JSON).
    #[serde(skip)]
    pub chart: String,
}

/// One bar of the histogram of guess counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bar {
    /// A number of guesses.
    pub guesses: u32,
    /// How many secrets took exactly that many.
    pub secrets: usize,
}

/// The terminal report of each strategy: worst case, mean, the histogram as a bar chart, then the
/// wall time.
pub fn text(summaries: &[SimulationSummary], seconds: f64) -> String {
    let mut text = String::new();
    for summary in summaries {
        let mut worst: Vec<String> = summary.worst_secrets.iter().take(5).map(u32::to_string).collect();
        if summary.worst_secrets.len() > 5 {
            worst.push("...".to_string());
        }
        text.push_str(&format!(
            "strategy {}, {} digits, {}\nworst case: {} ({})\nmean: {:.4} guesses\n{}",
            summary.strategy,
            summary.digits,
            counted(summary.secrets, "secret", "secrets"),
            counted(summary.worst_case as usize, "guess", "guesses"),
            worst.join(" "),
            summary.mean,
            summary.chart,
        ));
    }
    text.push_str(&format!("time: {}\n", super::style::duration(seconds * 1000.0)));
    text
}

/// `count` and the noun in the form that agrees with it: `1 guess`, `6 guesses`.
pub fn counted(count: usize, singular: &str, plural: &str) -> String {
    format!("{count} {}", if count == 1 { singular } else { plural })
}

fn plain(text: impl Into<String>) -> Cell {
    Cell { text: text.into(), tone: Tone::Plain }
}

/// One row per strategy: digits, secrets, worst case, mean.
pub fn figures_grid(summaries: &[SimulationSummary]) -> Grid {
    Grid::new(
        ["strategy", "digits", "secrets", "worst case", "mean"].map(String::from).to_vec(),
        summaries
            .iter()
            .map(|summary| {
                vec![
                    plain(&summary.strategy),
                    plain(summary.digits.to_string()),
                    plain(summary.secrets.to_string()),
                    plain(summary.worst_case.to_string()),
                    plain(format!("{:.4}", summary.mean)),
                ]
            })
            .collect(),
        vec![false, true, true, true, true],
    )
}

/// The histograms side by side: one row per number of guesses, one column per strategy.
pub fn histogram_grid(summaries: &[SimulationSummary]) -> Grid {
    let longest = summaries.iter().map(|summary| summary.worst_case).max().unwrap_or(0);
    let mut header = vec!["guesses".to_string()];
    header.extend(summaries.iter().map(|summary| summary.strategy.to_string()));
    let rows = (1..=longest)
        .map(|guesses| {
            let mut row = vec![plain(guesses.to_string())];
            for summary in summaries {
                let secrets =
                    summary.histogram.iter().find(|bar| bar.guesses == guesses).map_or(0, |bar| bar.secrets);
                row.push(plain(secrets.to_string()));
            }
            row
        })
        .collect();
    Grid::new(header, rows, vec![true; summaries.len() + 1])
}
