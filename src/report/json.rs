//! JSON lines: one JSON object per row.

use serde::Serialize;

/// The rows as JSON lines, each ended by `\n`.
///
/// # Errors
/// A row that cannot be serialised.
pub fn render<T: Serialize>(rows: &[T]) -> anyhow::Result<Vec<u8>> {
    let mut out = Vec::new();
    for row in rows {
        serde_json::to_writer(&mut out, row)?;
        out.push(b'\n');
    }
    Ok(out)
}
