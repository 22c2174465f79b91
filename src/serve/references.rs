//! The batch page's downloads beside its records: the references `run --bless` would write for the
//! files sent, as a `.zip` archive, and the JUnit report `run --junit` writes.

use std::io::Write;
use std::path::Path;

use base64::Engine;
use serde::Serialize;

use super::error::ApiError;
use crate::family;
use crate::paths::display_path;
use crate::references::BlessMode;
use crate::report::record::Record;

/// The references blessing would write for a batch ([`crate::bless::change`]: where the output
/// differs from the reference sent or none was sent; never for timeouts, failures or valid
/// alternatives).
#[derive(Debug, Serialize)]
pub struct References {
    /// The references' names, in the batch's order: each input's name in the upload with the
    /// family's reference ending (`a/x.csv.expected`, `g.ref`).
    pub files: Vec<String>,
    /// A `.zip` archive of them (each the file's output, deflated), in standard base64.
    pub zip: String,
}

/// The references blessing would write for `records` (whose outputs they hold), zipped.
///
/// # Errors
/// 500 when the archive cannot be made.
pub fn blessed(records: &[Record]) -> Result<References, ApiError> {
    let mut archive = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let failed =
        |error: &dyn std::fmt::Display| ApiError::internal(format!("cannot zip the references: {error}"));
    let mut files = Vec::new();
    for record in records.iter().filter(|record| crate::bless::change(record, BlessMode::All).is_some()) {
        let (Some(family), Some(output)) =
            (record.family.as_deref().and_then(family::by_name), record.output.as_deref())
        else {
            continue;
        };
        let name = display_path(&family.reference_path(Path::new(&record.file)));
        archive.start_file(name.as_str(), options).map_err(|error| failed(&error))?;
        archive.write_all(output.as_bytes()).map_err(|error| failed(&error))?;
        files.push(name);
    }
    let bytes = archive.finish().map_err(|error| failed(&error))?.into_inner();
    Ok(References { files, zip: base64::engine::general_purpose::STANDARD.encode(bytes) })
}
