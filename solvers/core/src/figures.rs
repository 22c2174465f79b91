//! Figures of a family's own command (for example `guess simulate`), as plain values that the
//! runner's report exporters write without knowing the family: JSON lines, the terminal text, a CSV
//! table, the tables of Markdown and HTML, and bar charts.

/// A table of text cells: a header, rows of as many cells, and which columns are numbers (aligned
/// right).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The column names.
    pub headers: Vec<String>,
    /// The rows, each with one cell per column.
    pub rows: Vec<Vec<String>>,
    /// For each column, whether it holds numbers.
    pub numeric: Vec<bool>,
}

/// A bar chart: one group of bars per label, one bar per series in each group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bars {
    /// The chart's title.
    pub title: String,
    /// What the x axis counts (under the labels).
    pub x: String,
    /// What the y axis counts (the height of the bars).
    pub y: String,
    /// The label of each group of bars, left to right.
    pub labels: Vec<String>,
    /// Each series: its name (in the legend) and one height per label.
    pub series: Vec<(String, Vec<usize>)>,
    /// The chart's values as a table, shown beside it (and instead of it where no chart is drawn).
    pub table: Table,
}

/// The figures a family's command reports. The exporters add what every report shares (the wall
/// time on the terminal, the page around the HTML); everything specific to the command comes from
/// here.
pub trait Figures {
    /// The command that made them, as the HTML title names it after `solvebatch `: `guess simulate`.
    fn command(&self) -> &str;

    /// The JSON lines (`--json`), each one JSON object without its newline, its `type` first.
    fn json_lines(&self) -> Vec<String>;

    /// The terminal text, each line ending with a newline.
    fn text(&self) -> String;

    /// The CSV (`--csv`): its header and its rows.
    fn csv(&self) -> Table;

    /// The tables every document shows (Markdown, HTML), in order.
    fn tables(&self) -> Vec<Table>;

    /// The bar charts (drawn in HTML; in Markdown their tables follow [`Figures::tables`]).
    fn bars(&self) -> Vec<Bars>;
}

/// The type of JSON line a family's command writes, and that command: readers of batch reports name
/// the command when given such a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FiguresKind {
    /// The `type` of its JSON lines: `simulation`.
    pub kind: &'static str,
    /// The command that writes them: `guess simulate`.
    pub command: &'static str,
}
