//! JSON for scripts. Shape (documented in README.md):
//! `{ "total": {files, lines, code, comments, blanks, bytes}, "languages": [{name, ...same}],
//!    "files": [{path, language, lines, code, comments, blanks, bytes}] (with --by-file),
//!    "errors": [{path, error}], "skipped": {binary, unknown, too_large, generated, minified},
//!    "flagged": {generated, minified} }`
//! A path that is not UTF-8 is written with `\xNN` escapes in `path` and exactly, in base64, in
//! `path_bytes`.

use std::io::{self, Write};

use serde::Serialize;

use super::paths::{escaped, raw_base64};
use super::Output;
use crate::report::{Flagged, Report, Skipped, Totals};

pub struct Json;

#[derive(Serialize)]
struct TotalsJson {
    files: u64,
    lines: u64,
    code: u64,
    comments: u64,
    blanks: u64,
    bytes: u64,
}

impl From<&Totals> for TotalsJson {
    fn from(t: &Totals) -> Self {
        let c = t.counts;
        TotalsJson {
            files: t.files,
            lines: c.lines,
            code: c.code,
            comments: c.comments,
            blanks: c.blanks,
            bytes: t.bytes,
        }
    }
}

#[derive(Serialize)]
struct LanguageJson {
    name: &'static str,
    #[serde(flatten)]
    totals: TotalsJson,
}

#[derive(Serialize)]
struct FileJson {
    path: String,
    /// Present only when the path is not UTF-8: its exact bytes, base64.
    #[serde(skip_serializing_if = "Option::is_none")]
    path_bytes: Option<String>,
    language: &'static str,
    lines: u64,
    code: u64,
    comments: u64,
    blanks: u64,
    bytes: u64,
}

#[derive(Serialize)]
struct ErrorJson {
    path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    path_bytes: Option<String>,
    error: String,
}

#[derive(Serialize)]
struct ReportJson {
    total: TotalsJson,
    languages: Vec<LanguageJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    files: Vec<FileJson>,
    errors: Vec<ErrorJson>,
    skipped: Skipped,
    /// Counted files that look generated or minified.
    flagged: Flagged,
}

impl Output for Json {
    fn write(&self, report: &Report, out: &mut dyn Write) -> io::Result<()> {
        let doc = ReportJson {
            total: (&report.total()).into(),
            languages: report
                .by_code()
                .iter()
                .map(|(l, t)| LanguageJson { name: l.name(), totals: t.into() })
                .collect(),
            files: report
                .files
                .iter()
                .map(|f| FileJson {
                    path: escaped(&f.path).into_owned(),
                    path_bytes: raw_base64(&f.path),
                    language: f.language.name(),
                    lines: f.counts.lines,
                    code: f.counts.code,
                    comments: f.counts.comments,
                    blanks: f.counts.blanks,
                    bytes: f.bytes,
                })
                .collect(),
            errors: report
                .errors
                .iter()
                .map(|e| ErrorJson {
                    path: escaped(&e.path).into_owned(),
                    path_bytes: raw_base64(&e.path),
                    error: e.error.to_string(),
                })
                .collect(),
            skipped: report.skipped,
            flagged: report.flagged,
        };
        serde_json::to_writer_pretty(&mut *out, &doc).map_err(io::Error::from)?;
        writeln!(out)
    }
}
