//! A report's document written field by field, so that its file rows can be written by hand: a
//! kernel `--by-file` report is 76,000 rows of eight keys, and serde_json scans every key for
//! characters to escape and writes it in pieces. Every other field still goes through serde. The
//! JSON and YAML writers each say how a field and the rows are written ([`Fields`]); the tests of
//! each compare the result with serde's for the whole document.

use std::io;

use serde::Serialize;

use super::doc::{FileRef, ReportDoc};

/// How one syntax writes a top-level field: its key, then its value.
pub trait Fields {
    fn value<T: Serialize>(&mut self, first: bool, key: &str, value: &T) -> io::Result<()>;
    fn files(&mut self, rows: &[FileRef]) -> io::Result<()>;
}

/// Writes `doc`'s fields in the order serde's derive writes them, skipping those it skips.
pub fn write_fields(doc: &ReportDoc<FileRef>, w: &mut impl Fields) -> io::Result<()> {
    w.value(true, "schema_version", &doc.schema_version)?;
    if let Some(kind) = &doc.kind {
        w.value(false, "kind", kind)?;
    }
    w.value(false, "roots", &doc.roots)?;
    w.value(false, "total", &doc.total)?;
    w.value(false, "languages", &doc.languages)?;
    if let Some(files) = &doc.files {
        w.files(files)?;
    }
    if let Some(skipped_files) = &doc.skipped_files {
        w.value(false, "skipped_files", skipped_files)?;
    }
    if let Some(dirs) = &doc.dirs {
        w.value(false, "dirs", dirs)?;
    }
    if let Some(by_root) = &doc.by_root {
        w.value(false, "by_root", by_root)?;
    }
    w.value(false, "errors", &doc.errors)?;
    w.value(false, "skipped", &doc.skipped)?;
    w.value(false, "flagged", &doc.flagged)?;
    if let Some(omitted) = &doc.omitted {
        w.value(false, "omitted", omitted)?;
    }
    if let Some(stats) = &doc.stats {
        w.value(false, "stats", stats)?;
    }
    if let Some(cocomo) = &doc.cocomo {
        w.value(false, "cocomo", cocomo)?;
    }
    if let Some(uloc) = &doc.uloc {
        w.value(false, "uloc", uloc)?;
    }
    Ok(())
}
