//! `--format ndjson`: one JSON object per line, for tools that read a stream. A report is one
//! `{"type":"file",...}` record per counted file, then one `{"type":"dir",...}` per directory with
//! `--by-dir`, then a `{"type":"summary",...}` record shaped like the `json` document without its
//! rows. A diff is one `{"type":"change",...}` record per changed file, then its summary (whose
//! `"kind": "diff"` tells it apart).

use std::io::{self, Write};

use serde::Serialize;

use super::json::doc::{DiffDoc, DirDoc, FileDoc, ReportDoc};
use super::Output;
use crate::report::{Diff, View};

pub struct Ndjson;

/// A record: the document's own fields after `"type"`, so readers can dispatch on the first key.
#[derive(Serialize)]
pub struct Record<'a, T: Serialize> {
    #[serde(rename = "type")]
    pub kind: &'static str,
    #[serde(flatten)]
    pub doc: &'a T,
}

/// Writes one record and its newline.
pub fn write_record<T: Serialize>(kind: &'static str, doc: &T, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &Record { kind, doc }).map_err(io::Error::from)?;
    writeln!(out)
}

impl Output for Ndjson {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        for f in view.files.iter().flatten() {
            write_record("file", &FileDoc::from(*f), out)?;
        }
        for d in view.dirs.iter().flatten() {
            write_record("dir", &DirDoc::from(d), out)?;
        }
        write_record("summary", &ReportDoc::new(view, false), out)
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        let summary = DiffDoc::new(diff, true);
        for change in summary.files.iter().flatten() {
            write_record("change", change, out)?;
        }
        write_record("summary", &DiffDoc { files: None, ..summary.clone() }, out)
    }
}
