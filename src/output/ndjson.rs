//! `--format ndjson`: one JSON object per line, for tools that read a stream. A report is one
//! `{"type":"file",...}` record per counted file, then one `{"type":"dir",...}` per directory with
//! `--by-dir`, then a `{"type":"summary",...}` record shaped like the `json` document without its
//! rows. A diff is one `{"type":"change",...}` record per changed file, then its summary (whose
//! `"kind": "diff"` tells it apart).

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, PoisonError};

use serde::Serialize;

use super::buffer::{buffered, json_string, json_text, labelled};
use super::json::doc::{DiffDoc, DirDoc, FileRow, LinesDoc, ReportDoc};
use super::rows::write_rows;
use super::warm::warm;
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
pub fn write_record<T: Serialize>(kind: &'static str, doc: &T, out: &mut impl Write) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &Record { kind, doc }).map_err(io::Error::from)?;
    writeln!(out)
}

/// Writes a file's record and its newline as [`write_record`] would, keys as fixed text: a report
/// has one per file, and serde spent most of its time on the keys.
fn file_record(f: &FileRow, out: &mut impl Write) -> io::Result<()> {
    out.write_all(b"{\"type\":\"file\",\"path\":")?;
    json_text(out, &f.path)?;
    if let Some(bytes) = &f.path_bytes {
        out.write_all(b",\"path_bytes\":")?;
        json_string(out, bytes)?;
    }
    out.write_all(b",\"language\":")?;
    json_string(out, f.language)?;
    let counts = [(",\"lines\":", f.lines), (",\"code\":", f.code), (",\"comments\":", f.comments)];
    labelled(out, &counts)?;
    labelled(out, &[(",\"blanks\":", f.blanks), (",\"bytes\":", f.bytes)])?;
    if let Some(n) = f.complexity {
        labelled(out, &[(",\"complexity\":", n)])?;
    }
    if let Some(n) = f.uloc {
        labelled(out, &[(",\"uloc\":", n)])?;
    }
    for (i, flag) in f.flags.iter().enumerate() {
        out.write_all(if i == 0 { b",\"flags\":[" } else { b"," })?;
        json_string(out, flag)?;
    }
    out.write_all(if f.flags.is_empty() { b"}\n" } else { b"]}\n" })
}

impl Output for Ndjson {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        buffered(out, |out| {
            let files = view.files.as_deref().unwrap_or_default();
            write_rows(out, files, view.threads, |out, i, &f| {
                warm(files, i, |&f| f);
                file_record(&FileRow::from(f), out)
            })?;
            for d in view.dirs.iter().flatten() {
                write_record("dir", &DirDoc::from(d), out)?;
            }
            write_record("summary", &ReportDoc::new(view, false), out)
        })
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        let summary = DiffDoc::new(diff, true);
        let lines = summary.lines.as_ref().map(|l| LinesDoc { files: None, ..l.clone() });
        buffered(out, |out| {
            for change in summary.files.iter().flatten() {
                write_record("change", change, out)?;
            }
            for file in summary.lines.iter().flat_map(|l| l.files.iter().flatten()) {
                write_record("lines", file, out)?;
            }
            write_record("summary", &DiffDoc { files: None, lines, ..summary.clone() }, out)
        })
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
        let written = file_record(&FileRow::from(file), &mut line);
        let mut state = self.out.lock().unwrap_or_else(PoisonError::into_inner);
        if state.failed.is_none() {
            if let Err(e) = written.and_then(|()| state.out.write_all(&line)) {
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

#[cfg(test)]
mod tests {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::path::PathBuf;

    use super::*;
    use crate::count::Counts;
    use crate::lang::LangId;
    use crate::report::CountedFile;

    fn file(path: &[u8], generated: bool, minified: bool) -> FileReport {
        FileReport {
            path: PathBuf::from(OsStr::from_bytes(path)),
            counted: CountedFile {
                language: LangId::from_name("C").unwrap(),
                bytes: 1234,
                counts: Counts { lines: 10, code: 7, comments: 2, blanks: 1 },
                generated,
                minified,
                embedded: Default::default(),
                complexity: None,
                uloc: None,
                digest: None,
            },
        }
    }

    #[test]
    fn file_records_are_what_serde_writes() {
        let files = [
            file(b"src/a \"b\".c", false, false),
            file(b"d/\xFFx.c", true, false),
            file(b"m.c", false, true),
            file(b"both.c", true, true),
        ];
        for f in &files {
            let (mut fast, mut serde) = (Vec::new(), Vec::new());
            file_record(&FileRow::from(f), &mut fast).unwrap();
            write_record("file", &FileRow::from(f), &mut serde).unwrap();
            assert_eq!(String::from_utf8(fast).unwrap(), String::from_utf8(serde).unwrap());
        }
    }
}
