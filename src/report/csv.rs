//! CSV: a header line, then one line per row.

use serde::Serialize;

use super::Record;

/// A batch record flattened for CSV: statistics become one `name=value ...` column.
#[derive(Debug, Serialize)]
pub struct FlatRecord<'a> {
    file: &'a str,
    family: &'a str,
    solver: &'a str,
    status: &'a str,
    message: &'a str,
    verdict: Option<super::Verdict>,
    ms: f64,
    stats: String,
}

impl<'a> From<&'a Record> for FlatRecord<'a> {
    fn from(record: &'a Record) -> FlatRecord<'a> {
        FlatRecord {
            file: &record.file,
            family: &record.family,
            solver: &record.solver,
            status: &record.status,
            message: record.message.as_deref().unwrap_or(""),
            verdict: record.verdict,
            ms: record.ms,
            stats: record.stats_text(),
        }
    }
}

/// The rows as CSV with a header taken from the field names.
///
/// # Errors
/// A row that cannot be serialised (a nested value).
pub fn render<T: Serialize>(rows: &[T]) -> anyhow::Result<Vec<u8>> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer.serialize(row)?;
    }
    Ok(writer.into_inner()?)
}
