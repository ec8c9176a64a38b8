//! `--format ndjson`: one JSON object per line, for tools that read a stream. A report is one
//! `{"type":"file",...}` record per counted file, then one `{"type":"dir",...}` per directory with
//! `--by-dir`, then a `{"type":"summary",...}` record shaped like the `json` document without its
//! rows. A diff is one `{"type":"change",...}` record per changed file, then its summary (whose
//! `"kind": "diff"` tells it apart).

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, PoisonError};

use serde::Serialize;

use super::json::doc::{DiffDoc, DirDoc, FileDoc, LinesDoc, ReportDoc};
use super::Output;
use crate::report::{Diff, FileReport, FileSink, View};

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
        let lines = summary.lines.as_ref().map(|l| LinesDoc { files: None, ..l.clone() });
        for file in summary.lines.iter().flat_map(|l| l.files.iter().flatten()) {
            write_record("lines", file, out)?;
        }
        write_record("summary", &DiffDoc { files: None, lines, ..summary.clone() }, out)
    }
}

/// ndjson written while the run goes: each file's record as a worker finishes it (in no particular
/// order), then the summary. Nothing per file is kept, so memory stays flat on any number of files.
pub struct NdjsonStream {
    out: Mutex<StreamState>,
}

struct StreamState {
    out: Box<dyn Write + Send>,
    /// The first write error; later records are dropped and [`NdjsonStream::finish`] returns it.
    failed: Option<io::Error>,
}

impl NdjsonStream {
    pub fn new(out: Box<dyn Write + Send>) -> Arc<NdjsonStream> {
        Arc::new(NdjsonStream { out: Mutex::new(StreamState { out, failed: None }) })
    }

    /// The hook for [`Config::file_sink`](crate::Config::file_sink).
    pub fn sink(self: &Arc<Self>) -> FileSink {
        let stream = Arc::clone(self);
        FileSink(Arc::new(move |file: &FileReport| stream.file(file)))
    }

    /// Writes one record; `Break` once a write has failed, so the run stops counting for nobody.
    fn file(&self, file: &FileReport) -> ControlFlow<()> {
        // Serialized before taking the lock, so workers wait only for the write itself.
        let mut line = Vec::with_capacity(160);
        let written = serde_json::to_writer(&mut line, &Record { kind: "file", doc: &FileDoc::from(file) });
        line.push(b'\n');
        let mut state = self.out.lock().unwrap_or_else(PoisonError::into_inner);
        if state.failed.is_none() {
            if let Err(e) = written.map_err(io::Error::from).and_then(|()| state.out.write_all(&line)) {
                state.failed = Some(e);
            }
        }
        match state.failed {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    }

    /// Writes the summary record (and the `--by-dir` records, if `view` has them) and flushes; the
    /// first error of the whole stream, if any.
    pub fn finish(&self, view: &View) -> io::Result<()> {
        let mut state = self.out.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(e) = state.failed.take() {
            return Err(e);
        }
        Ndjson.report(view, &mut state.out)?;
        state.out.flush()
    }
}
