//! The exporters of a family's own command (`guess simulate`), beside the batch exporters: the same
//! report files, written from the plain values of its [`Figures`] (the terminal text and the wall
//! time; its JSON lines; its CSV; its tables in Markdown; its tables and charts in HTML).

use std::io::Write;

use anyhow::Context;
use solvebatch_core::figures::Figures;

use super::{html, style, table, Opened, ReportFiles};
use crate::output::OutputFile;

/// The report files of a family's command, opened before any work.
pub struct FigureExporters {
    opened: Opened,
}

impl FigureExporters {
    /// Opens every report file of `args` now, before any work. The terminal text goes to standard
    /// output unless a report does (`-`): then the terminal shows nothing.
    ///
    /// # Errors
    /// As [`super::Exporters::open`].
    pub fn open(args: &ReportFiles) -> anyhow::Result<FigureExporters> {
        Ok(FigureExporters { opened: Opened::open(args)? })
    }

    /// Writes `figures`, made in `seconds` of wall time, to every report and closes them.
    ///
    /// # Errors
    /// A report cannot be written or a chart drawn; every report is still tried.
    pub fn finish(self, figures: &dyn Figures, seconds: f64) -> anyhow::Result<()> {
        let Opened { json, csv, markdown, html, to_stdout, .. } = self.opened;
        let mut results = Vec::new();
        if !to_stdout {
            let text = format!("{}time: {}\n", figures.text(), style::duration(seconds * 1000.0));
            let mut stdout = std::io::stdout().lock();
            results.push(stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).map_err(Into::into));
        }
        if let Some(file) = json {
            results.push(json_lines(file, figures));
        }
        if let Some(file) = csv {
            results.push(csv_rows(file, figures));
        }
        if let Some(file) = markdown {
            results.push(write(file, &markdown_text(figures)));
        }
        if let Some(file) = html {
            results.push(html::figures_page(figures).and_then(|page| write(file, &page)));
        }
        results.into_iter().find(Result::is_err).unwrap_or(Ok(()))
    }
}

/// Each JSON line of `figures`, each flushed as written.
fn json_lines(mut file: OutputFile, figures: &dyn Figures) -> anyhow::Result<()> {
    for line in figures.json_lines() {
        file.write_all(format!("{line}\n").as_bytes())
            .and_then(|()| file.flush())
            .with_context(|| format!("{}: cannot write", file.path().display()))?;
    }
    file.commit()
}

/// The CSV of `figures`: its header, then its rows.
fn csv_rows(file: OutputFile, figures: &dyn Figures) -> anyhow::Result<()> {
    let shown = figures.csv();
    let mut writer = csv::Writer::from_writer(file);
    for row in std::iter::once(&shown.headers).chain(&shown.rows) {
        writer
            .write_record(row)
            .with_context(|| format!("{}: cannot write", writer.get_ref().path().display()))?;
    }
    super::csv::close(writer)
}

/// The tables of `figures` in Markdown, then each chart's table, a blank line between them.
fn markdown_text(figures: &dyn Figures) -> String {
    let charts = figures.bars().into_iter().map(|bars| bars.table);
    let tables: Vec<String> = figures
        .tables()
        .into_iter()
        .chain(charts)
        .map(|shown| table::markdown(&table::plain_grid(&shown)))
        .collect();
    format!("{}\n", tables.join("\n\n"))
}

/// `text` into `file`, committed.
fn write(mut file: OutputFile, text: &str) -> anyhow::Result<()> {
    file.write_all(text.as_bytes()).with_context(|| format!("{}: cannot write", file.path().display()))?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use solvebatch_core::figures::{Bars, Table};

    use super::*;

    /// A second kind of figures: fruit counted, nothing to do with guessing.
    struct Tally;

    fn table(headers: [&str; 2], rows: &[[&str; 2]]) -> Table {
        Table {
            headers: headers.map(String::from).to_vec(),
            rows: rows.iter().map(|row| row.map(String::from).to_vec()).collect(),
            numeric: vec![false, true],
        }
    }

    impl Figures for Tally {
        fn command(&self) -> &str {
            "fruit tally"
        }

        fn json_lines(&self) -> Vec<String> {
            vec![r#"{"type":"tally","apples":3}"#.to_string(), r#"{"type":"tally","pears":1}"#.to_string()]
        }

        fn text(&self) -> String {
            "3 apples, 1 pear\n".to_string()
        }

        fn csv(&self) -> Table {
            table(["fruit", "count"], &[["apple", "3"], ["pear, ripe", "1"]])
        }

        fn tables(&self) -> Vec<Table> {
            vec![table(["fruit", "count"], &[["apple", "3"], ["pear, ripe", "1"]])]
        }

        fn bars(&self) -> Vec<Bars> {
            vec![Bars {
                title: "Fruit per kind".to_string(),
                x: "kind".to_string(),
                y: "fruit".to_string(),
                labels: vec!["apple".to_string(), "pear".to_string()],
                series: vec![("tally".to_string(), vec![3, 1])],
                table: table(["kind", "tally"], &[["apple", "3"], ["pear", "1"]]),
            }]
        }
    }

    #[test]
    fn a_second_kind_of_figures_goes_through_the_same_exporters() {
        let dir = tempfile::TempDir::new().unwrap();
        let path = |name: &str| dir.path().join(name);
        let files = ReportFiles {
            json: Some(path("t.jsonl")),
            json_outputs: false,
            csv: Some(path("t.csv")),
            markdown: Some(path("t.md")),
            html: Some(path("t.html")),
        };
        FigureExporters::open(&files).unwrap().finish(&Tally, 0.25).unwrap();
        let read = |name: &str| std::fs::read_to_string(path(name)).unwrap();
        assert_eq!(read("t.jsonl"), "{\"type\":\"tally\",\"apples\":3}\n{\"type\":\"tally\",\"pears\":1}\n");
        assert_eq!(read("t.csv"), "fruit,count\napple,3\n\"pear, ripe\",1\n");
        assert_eq!(
            read("t.md"),
            "| fruit      | count |\n\
             |------------|-------|\n\
             | apple      |     3 |\n\
             | pear, ripe |     1 |\n\
             \n\
             | kind  | tally |\n\
             |-------|-------|\n\
             | apple |     3 |\n\
             | pear  |     1 |\n"
        );
        let page = read("t.html");
        assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
        assert!(page.contains("<title>solvebatch fruit tally</title>"), "{page}");
        let charts = page.find("<h2>Charts</h2>").unwrap();
        let results = page.find("<h2>Results</h2>").unwrap();
        assert!(charts < results, "the charts come first");
        assert_eq!(page.matches("<svg").count(), 1, "one chart: {page}");
        assert!(page[charts..results].contains("Fruit per kind"), "{page}");
        assert!(page[results..].contains("pear, ripe"), "the table under the results: {page}");
    }
}
