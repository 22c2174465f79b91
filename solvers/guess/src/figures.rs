//! `guess simulate`'s figures as the runner's reports take them ([`solvebatch_core::figures`]): a
//! JSON line per strategy, the terminal text, the CSV, the tables and the histogram chart.

use serde::Serialize;
use solvebatch_core::figures::{Bars, Figures, FiguresKind, Table};

use crate::simulate::SimulationSummary;
use crate::text::counted;

/// The JSON lines `guess simulate` writes, and the command, for readers of batch reports.
pub const KINDS: &[FiguresKind] = &[FiguresKind { kind: "simulation", command: "guess simulate" }];

/// The figures of a `guess simulate`: one summary per strategy, in the order asked.
#[derive(Debug, Clone, PartialEq)]
pub struct SimulationFigures {
    /// Each strategy's summary.
    pub summaries: Vec<SimulationSummary>,
}

/// A JSON line: `{"type":"simulation",` then the summary's fields.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Line<'a> {
    Simulation(&'a SimulationSummary),
}

/// The width of the terminal's histogram bars, in characters.
const CHART_WIDTH: usize = 50;

impl Figures for SimulationFigures {
    fn command(&self) -> &str {
        KINDS[0].command
    }

    fn json_lines(&self) -> Vec<String> {
        // A summary holds numbers and strategy names only: serialising it cannot fail.
        let line = |summary| serde_json::to_string(&Line::Simulation(summary)).unwrap_or_default();
        self.summaries.iter().map(line).collect()
    }

    /// Each strategy's worst case, mean and histogram as a bar chart.
    fn text(&self) -> String {
        let mut text = String::new();
        for summary in &self.summaries {
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
                summary.chart(CHART_WIDTH),
            ));
        }
        text
    }

    /// One row per strategy, the histogram as `guesses:secrets` pairs.
    fn csv(&self) -> Table {
        let rows = self.summaries.iter().map(|summary| {
            let histogram: Vec<String> =
                summary.histogram.iter().map(|bar| format!("{}:{}", bar.guesses, bar.secrets)).collect();
            // As `{:?}` writes a float: the shortest text that reads back as the same number.
            let mut row = figures_row(summary, format!("{:?}", summary.mean));
            row.push(histogram.join(" "));
            row
        });
        table(&["strategy", "digits", "secrets", "worst_case", "mean", "histogram"], rows.collect(), false)
    }

    /// One row per strategy: digits, secrets, worst case, mean.
    fn tables(&self) -> Vec<Table> {
        let rows = self.summaries.iter().map(|summary| figures_row(summary, format!("{:.4}", summary.mean)));
        let mut figures =
            table(&["strategy", "digits", "secrets", "worst case", "mean"], rows.collect(), true);
        figures.numeric[0] = false;
        vec![figures]
    }

    /// The number of secrets that took each number of guesses, one bar per strategy; none when no
    /// secret was played.
    fn bars(&self) -> Vec<Bars> {
        let longest = self.summaries.iter().map(|summary| summary.worst_case).max().unwrap_or(0);
        if longest == 0 {
            return Vec::new();
        }
        let series: Vec<(String, Vec<usize>)> = self
            .summaries
            .iter()
            .map(|summary| {
                let counts = (1..=longest)
                    .map(|guesses| {
                        summary
                            .histogram
                            .iter()
                            .find(|bar| bar.guesses == guesses)
                            .map_or(0, |bar| bar.secrets)
                    })
                    .collect();
                (summary.strategy.to_string(), counts)
            })
            .collect();
        let labels: Vec<String> = (1..=longest).map(|guesses| guesses.to_string()).collect();
        // The histograms side by side: one row per number of guesses, one column per strategy.
        let mut headers = vec!["guesses"];
        headers.extend(series.iter().map(|(strategy, _)| strategy.as_str()));
        let rows = labels
            .iter()
            .enumerate()
            .map(|(index, label)| {
                let mut row = vec![label.clone()];
                row.extend(series.iter().map(|(_, counts)| counts[index].to_string()));
                row
            })
            .collect();
        let histogram = table(&headers, rows, true);
        vec![Bars {
            title: "Guesses per secret".to_string(),
            x: "guesses".to_string(),
            y: "secrets".to_string(),
            labels,
            series,
            table: histogram,
        }]
    }
}

/// A strategy's name, digits, secrets, worst case, then `mean` as written.
fn figures_row(summary: &SimulationSummary, mean: String) -> Vec<String> {
    let counts = [summary.digits.get() as usize, summary.secrets, summary.worst_case as usize];
    let mut row = vec![summary.strategy.to_string()];
    row.extend(counts.iter().map(usize::to_string));
    row.push(mean);
    row
}

/// A table of `rows` under `headers`, every column numeric or none.
fn table(headers: &[&str], rows: Vec<Vec<String>>, numeric: bool) -> Table {
    Table {
        headers: headers.iter().map(|header| header.to_string()).collect(),
        rows,
        numeric: vec![numeric; headers.len()],
    }
}
