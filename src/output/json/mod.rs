//! `--format json`: one pretty-printed document for scripts, versioned by `schema_version`; see
//! docs/json-schema.md. `read` turns a report back into a [`Report`](crate::report::Report) for
//! `ringloc merge` and `ringloc diff`.

mod check;
pub mod doc;
mod per_line;
mod pretty;
mod read;

use std::io::{self, Write};

use serde::Serialize;

pub use per_line::per_line_json;
pub use read::{read_report, Loaded};

use self::doc::{
    DiffDoc, DirChangeDoc, FileChangeDoc, FileRow, LanguageChangeDoc, LinesDoc, OmittedDoc, PathDoc,
    ReportDoc, RootDoc, SCHEMA_VERSION,
};
use self::pretty::Pretty;
use super::buffer::buffered;
use super::stats::StatsDoc;
use super::Output;
use crate::report::{Diff, View};

/// `--format json`; `stats` is written as the document's `stats` (`--stats`).
#[derive(Debug, Clone, Default)]
pub struct Json {
    pub stats: Option<StatsDoc>,
}

impl<'a> ReportDoc<FileRow<'a>> {
    /// The document for `view`; `with_rows` false leaves out files and directories (the ndjson
    /// summary, whose rows are records of their own).
    pub fn new(view: &View<'a>, with_rows: bool) -> ReportDoc<FileRow<'a>> {
        ReportDoc {
            schema_version: SCHEMA_VERSION,
            kind: None,
            roots: view.roots.iter().map(|r| PathDoc::new(r)).collect(),
            total: (&view.total).into(),
            languages: doc::languages(&view.languages, view.embedded),
            files: view.files.as_ref().filter(|_| with_rows).map(|f| f.iter().map(|&f| f.into()).collect()),
            skipped_files: view
                .skipped_files
                .filter(|_| with_rows)
                .map(|f| f.iter().map(Into::into).collect()),
            dirs: view.dirs.as_ref().filter(|_| with_rows).map(|d| d.iter().map(Into::into).collect()),
            by_root: view.by_root.as_ref().map(|roots| roots.iter().map(RootDoc::new).collect()),
            errors: view.errors.iter().map(Into::into).collect(),
            skipped: view.skipped.into(),
            flagged: view.flagged.into(),
            omitted: OmittedDoc::new(&view.omitted),
            stats: None,
        }
    }
}

impl DiffDoc {
    pub fn new(diff: &Diff, with_files: bool) -> DiffDoc {
        DiffDoc {
            schema_version: SCHEMA_VERSION,
            kind: "diff",
            total: doc::ChangeDoc { status: None, ..(&diff.total).into() },
            languages: diff
                .languages
                .iter()
                .map(|c| LanguageChangeDoc { name: c.key.name(), change: c.into() })
                .collect(),
            dirs: diff.dirs.as_ref().map(|dirs| {
                dirs.iter().map(|c| DirChangeDoc { path: PathDoc::new(&c.key), change: c.into() }).collect()
            }),
            files: diff.files.as_ref().filter(|_| with_files).map(|files| {
                files
                    .iter()
                    .map(|c| FileChangeDoc {
                        path: PathDoc::new(&c.key.path),
                        language: c.key.language.name(),
                        change: c.into(),
                    })
                    .collect()
            }),
            lines: diff.lines.as_ref().map(LinesDoc::new),
            omitted: OmittedDoc::new(&diff.omitted),
        }
    }
}

fn pretty(doc: &impl Serialize, out: &mut dyn Write) -> io::Result<()> {
    buffered(out, |out| {
        doc.serialize(&mut serde_json::Serializer::with_formatter(&mut *out, Pretty::default()))
            .map_err(io::Error::from)?;
        writeln!(out)
    })
}

impl Output for Json {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        let doc = ReportDoc { stats: self.stats.clone(), ..ReportDoc::new(view, true) };
        pretty(&doc, out)
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        pretty(&DiffDoc::new(diff, true), out)
    }
}
