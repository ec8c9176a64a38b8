//! `--format json`: one pretty-printed document for scripts, versioned by `schema_version`; see
//! docs/json-schema.md. `read` turns a report back into a [`Report`](crate::report::Report) for
//! `ringloc merge` and `ringloc diff`.

mod check;
pub mod doc;
pub mod fields;
mod per_line;
mod pretty;
mod read;

use std::io::{self, Write};

use serde::Serialize;

pub use per_line::per_line_json;
pub use read::{read_report, Loaded};

use self::doc::{
    DiffDoc, DirChangeDoc, FileChangeDoc, FileRef, FileRow, LanguageChangeDoc, LinesDoc, OmittedDoc, PathDoc,
    ReportDoc, RootDoc, SCHEMA_VERSION,
};
use self::fields::{write_fields, Fields};
use self::pretty::Pretty;
use super::buffer::{buffered, json_string, json_text, labelled, Buffer};
use super::cocomo::CocomoDoc;
use super::rows::write_rows;
use super::stats::StatsDoc;
use super::uloc::UlocDoc;
use super::warm::warm;
use super::Output;
use crate::report::{Diff, View};

/// `--format json`; `stats` is written as the document's `stats` (`--stats`).
#[derive(Debug, Clone, Default)]
pub struct Json {
    pub stats: Option<StatsDoc>,
}

impl<'a> ReportDoc<FileRef<'a>> {
    /// The document for `view`; `with_rows` false leaves out files and directories (the ndjson
    /// summary, whose rows are records of their own).
    pub fn new(view: &View<'a>, with_rows: bool) -> ReportDoc<FileRef<'a>> {
        ReportDoc {
            schema_version: SCHEMA_VERSION,
            kind: None,
            roots: view.roots.iter().map(|r| PathDoc::new(r)).collect(),
            total: (&view.total).into(),
            languages: doc::languages(&view.languages, view.embedded),
            files: view.files.as_ref().filter(|_| with_rows).map(|f| f.iter().map(|&f| FileRef(f)).collect()),
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
            cocomo: None,
            uloc: None,
        }
    }

    /// The whole document json and yaml write: `view`'s rows, `stats` (`--stats`) and the
    /// estimates the view asks for (`--cocomo`, `--uloc`), which the ndjson summary leaves out.
    pub fn whole(view: &View<'a>, stats: Option<StatsDoc>) -> ReportDoc<FileRef<'a>> {
        ReportDoc {
            stats,
            cocomo: CocomoDoc::of(view),
            uloc: UlocDoc::of(view),
            ..ReportDoc::new(view, true)
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

/// A report's document as [`pretty`] writes it, its file rows by hand, on up to `threads` threads.
fn pretty_report(doc: &ReportDoc<FileRef>, threads: usize, out: &mut dyn Write) -> io::Result<()> {
    buffered(out, |out| {
        out.write_all(b"{")?;
        write_fields(doc, &mut PrettyFields { out, threads })?;
        out.write_all(b"\n}\n")
    })
}

/// The top-level fields of a pretty document, two spaces in.
struct PrettyFields<'a, 'b> {
    out: &'a mut Buffer<'b>,
    threads: usize,
}

impl Fields for PrettyFields<'_, '_> {
    fn value<T: Serialize>(&mut self, first: bool, key: &str, value: &T) -> io::Result<()> {
        self.out.write_all(if first { b"\n  " } else { b",\n  " })?;
        json_string(self.out, key)?;
        self.out.write_all(b": ")?;
        value
            .serialize(&mut serde_json::Serializer::with_formatter(&mut *self.out, Pretty::at(1)))
            .map_err(io::Error::from)
    }

    fn files(&mut self, rows: &[FileRef]) -> io::Result<()> {
        self.out.write_all(b",\n  \"files\": [")?;
        write_rows(self.out, rows, self.threads, |out, i, f| {
            warm(rows, i, |f| f.0);
            file_row(out, i == 0, &FileRow::from(f.0))
        })?;
        self.out.write_all(if rows.is_empty() { b"]" } else { b"\n  ]" })
    }
}

/// One file of the `files` list, after a comma unless it is the `first`.
fn file_row(out: &mut impl Write, first: bool, f: &FileRow) -> io::Result<()> {
    out.write_all(if first { b"\n    {\n      \"path\": " } else { b",\n    {\n      \"path\": " })?;
    json_text(out, &f.path)?;
    if let Some(bytes) = &f.path_bytes {
        out.write_all(b",\n      \"path_bytes\": ")?;
        json_string(out, bytes)?;
    }
    out.write_all(b",\n      \"language\": ")?;
    json_string(out, f.language)?;
    let counts = [(",\n      \"lines\": ", f.lines), (",\n      \"code\": ", f.code)];
    labelled(out, &counts)?;
    let counts = [(",\n      \"comments\": ", f.comments), (",\n      \"blanks\": ", f.blanks)];
    labelled(out, &counts)?;
    labelled(out, &[(",\n      \"bytes\": ", f.bytes)])?;
    if let Some(n) = f.complexity {
        labelled(out, &[(",\n      \"complexity\": ", n)])?;
    }
    if let Some(n) = f.uloc {
        labelled(out, &[(",\n      \"uloc\": ", n)])?;
    }
    for (i, flag) in f.flags.iter().enumerate() {
        out.write_all(if i == 0 { b",\n      \"flags\": [\n        " } else { b",\n        " })?;
        json_string(out, flag)?;
    }
    out.write_all(if f.flags.is_empty() { b"\n    }" } else { b"\n      ]\n    }" })
}

impl Output for Json {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        pretty_report(&ReportDoc::whole(view, self.stats.clone()), view.threads, out)
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        pretty(&DiffDoc::new(diff, true), out)
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use crate::count::Counts;
    use crate::lang::LangId;
    use crate::report::{CountedFile, Outcome, Report, Shape, Skip};
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::path::PathBuf;

    /// A report with every kind of row and path a document can hold: flags, a path that is not
    /// UTF-8, one that needs escapes, a skipped file, an error.
    pub fn rich_report() -> Report {
        let mut report = Report { roots: vec!["r".into()], ..Report::default() };
        let files: [(&[u8], &str, bool, bool); 4] = [
            (b"r/a.c", "C", false, false),
            (b"r/gen/\"q\"\\.rs", "Rust", true, false),
            (b"r/min\xFF.js", "JavaScript", true, true),
            (b"r/m.js", "JavaScript", false, true),
        ];
        for (i, (path, language, generated, minified)) in files.into_iter().enumerate() {
            let n = i as u64;
            let file = CountedFile {
                language: LangId::from_name(language).unwrap(),
                bytes: 100 + n,
                counts: Counts { lines: 6 + n, code: 3 + n, comments: 2, blanks: 1 },
                generated,
                minified,
                embedded: Vec::new(),
                // Some counted with `--complexity`, some not, which a merged report may hold.
                complexity: (i % 2 == 1).then_some(5 * n),
                uloc: None,
                digest: None,
            };
            report.record(0, Outcome::Counted(file), true, || PathBuf::from(OsStr::from_bytes(path)));
        }
        report.record(0, Outcome::Skipped(Skip::Binary), true, || "r/b.bin".into());
        report.sort();
        report
    }

    type Writer = fn(&ReportDoc<FileRef>, &mut dyn Write) -> io::Result<()>;

    /// A writer of the rows by hand against serde's writer of the same document, on the rich
    /// report and an empty one, with and without files and directories.
    pub fn assert_by_hand_as_serde(by_hand: Writer, serde: Writer) {
        let report = rich_report();
        let shapes = [
            Shape { by_file: true, ..Shape::default() },
            Shape { by_file: true, by_dir: Some(1), top: Some(2), ..Shape::default() },
            Shape { by_file: false, by_dir: Some(0), ..Shape::default() },
        ];
        for shape in shapes {
            for report in [&report, &Report::default()] {
                let doc = ReportDoc::new(&View::new(report, &shape), true);
                let (mut hand, mut serde_out) = (Vec::new(), Vec::new());
                by_hand(&doc, &mut hand).unwrap();
                serde(&doc, &mut serde_out).unwrap();
                let (hand, serde_out) =
                    (String::from_utf8(hand).unwrap(), String::from_utf8(serde_out).unwrap());
                assert_eq!(hand, serde_out, "{shape:?}");
            }
        }
    }

    #[test]
    fn the_rows_by_hand_make_the_document_serde_writes() {
        assert_by_hand_as_serde(|doc, out| pretty_report(doc, 1, out), |doc, out| pretty(doc, out));
    }
}
