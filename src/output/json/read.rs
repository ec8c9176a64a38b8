//! A `--format json` report read back into a [`Report`], for `ringloc merge` and `ringloc diff`.
//! Only whole reports are accepted: one cut by `--top` would merge into wrong totals.

use std::io;

use serde::Deserialize;

use super::check::check_sums;
use super::doc::{ReportDoc, SCHEMA_VERSION};
use crate::count::Counts;
use crate::lang::LangId;
use crate::report::{CountedFile, DirTotals, FileError, FileReport, Report, RootTotals, Skip, SkippedFile};

/// A report as read, and whether it listed its files (written with `--by-file`) and kept its roots
/// apart (`--by-root`).
#[derive(Debug)]
pub struct Loaded {
    pub report: Report,
    pub has_files: bool,
    pub has_by_root: bool,
    /// The `--by-dir` rows as written, for `ringloc diff --by-dir`.
    pub dirs: Option<Vec<DirTotals>>,
}

fn language(name: &str) -> Result<LangId, String> {
    LangId::from_name(name).ok_or_else(|| format!("unknown language '{name}'"))
}

/// What a document says of itself before its shape is read: a diff or a history, or a newer
/// schema. Their shapes are not a report's, so serde's complaint about them names a field.
#[derive(Deserialize)]
struct Header {
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    schema_version: u32,
}

/// Refuses what is no report of this version: a diff or a history, or a newer schema.
fn refused(kind: Option<&str>, version: u32) -> Result<(), String> {
    if let Some(kind) = kind {
        return Err(format!("a {kind}, not a report"));
    }
    if version > SCHEMA_VERSION {
        return Err(format!("schema_version {version} is newer than this ringloc reads ({SCHEMA_VERSION})"));
    }
    Ok(())
}

/// Why `text` did not read as a report: what its header says it is where that rules it out (a
/// diff says `missing field `files``, as its `total` holds `old` and `new`), else serde's reason.
fn not_a_report(text: &[u8], e: serde_json::Error) -> String {
    let header = serde_json::from_slice::<Header>(text).ok();
    match header.map(|h| refused(h.kind.as_deref(), h.schema_version)) {
        Some(Err(why)) => why,
        _ => format!("not a ringloc JSON report: {e}"),
    }
}

/// Parses one JSON report. The error says what is wrong, for the user, without the file name.
pub fn read_report(text: &[u8]) -> Result<Loaded, String> {
    let doc: ReportDoc = serde_json::from_slice(text).map_err(|e| not_a_report(text, e))?;
    refused(doc.kind.as_deref(), doc.schema_version)?;
    if doc.omitted.is_some() {
        return Err("written with --top, so some rows are missing; write it again without --top".into());
    }
    check_sums(&doc)?;
    let mut report = Report {
        roots: doc.roots.iter().map(|r| r.to_path()).collect::<Result<_, _>>()?,
        skipped: (&doc.skipped).into(),
        flagged: (&doc.flagged).into(),
        ..Report::default()
    };
    for l in &doc.languages {
        let outer = language(&l.name)?;
        report.languages.entry(outer).or_default().add(&(&l.totals).into());
        for e in &l.embedded {
            let counts = Counts { lines: e.lines, code: e.code, comments: e.comments, blanks: e.blanks };
            *report.embedded.entry((outer, language(&e.name)?)).or_default() += counts;
        }
    }
    let has_by_root = doc.by_root.is_some();
    if let Some(sections) = &doc.by_root {
        let mut kept = Vec::with_capacity(sections.len());
        for s in sections {
            let mut section = RootTotals::new(&s.to_path()?);
            for l in &s.languages {
                section.languages.entry(language(&l.name)?).or_default().add(&(&l.totals).into());
            }
            kept.push(section);
        }
        report.by_root = Some(kept);
    }
    let dirs = match &doc.dirs {
        Some(dirs) => Some(
            dirs.iter()
                .map(|d| Ok(DirTotals { path: d.path.to_path()?, totals: (&d.totals).into() }))
                .collect::<Result<_, String>>()?,
        ),
        None => None,
    };
    let has_files = doc.files.is_some();
    for f in doc.files.iter().flatten() {
        let counts =
            crate::count::Counts { lines: f.lines, code: f.code, comments: f.comments, blanks: f.blanks };
        let language = language(&f.language)?;
        let (generated, minified) = (f.generated(), f.minified());
        report.files.push(FileReport {
            path: f.path.to_path()?,
            counted: CountedFile {
                language,
                bytes: f.bytes,
                counts,
                generated,
                minified,
                embedded: Vec::new(),
                complexity: f.complexity,
                uloc: f.uloc,
                digest: None,
            },
        });
    }
    for f in doc.skipped_files.iter().flatten() {
        let why = Skip::from_name(&f.reason).ok_or_else(|| format!("unknown skip reason '{}'", f.reason))?;
        report.skipped_files.push(SkippedFile { path: f.path.to_path()?, why });
    }
    for e in &doc.errors {
        report.errors.push(FileError { path: e.path.to_path()?, error: io::Error::other(e.error.clone()) });
    }
    Ok(Loaded { report, has_files, has_by_root, dirs })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_diffs_newer_versions_and_cut_reports() {
        let base = r#""total":{"files":0,"lines":0,"code":0,"comments":0,"blanks":0,"bytes":0},
            "languages":[],"errors":[],"skipped":{"binary":0,"unknown":0}"#;
        let read = |extra: &str| read_report(format!("{{{extra}{base}}}").as_bytes()).map(|l| l.has_files);
        assert_eq!(read(""), Ok(false));
        assert_eq!(read(r#""files":[],"#), Ok(true));
        assert!(read(r#""kind":"diff","#).unwrap_err().contains("diff"));
        assert!(read(r#""schema_version":2,"#).unwrap_err().contains("newer"));
        assert!(read(r#""omitted":{"files":3},"#).unwrap_err().contains("--top"));
        assert!(read_report(b"[]").unwrap_err().contains("not a ringloc JSON report"));
    }

    /// A diff's `total` holds `old`, `new` and `change`, and a newer schema may rename fields: each
    /// is named for what it is, not for the first field serde misses.
    #[test]
    fn a_diff_or_a_newer_schema_is_named_whatever_its_shape() {
        let zero = r#"{"files":0,"lines":0,"code":0,"comments":0,"blanks":0,"bytes":0}"#;
        let diff = format!(
            r#"{{"schema_version":1,"kind":"diff","total":{{"old":{zero},"new":{zero},"change":{zero}}},"languages":[]}}"#
        );
        assert_eq!(read_report(diff.as_bytes()).unwrap_err(), "a diff, not a report");
        let history = r#"{"schema_version":1,"kind":"history","commits":[],"blobs_counted":0}"#;
        assert_eq!(read_report(history.as_bytes()).unwrap_err(), "a history, not a report");
        let newer = br#"{"schema_version":2,"totals":{}}"#;
        assert_eq!(read_report(newer).unwrap_err(), "schema_version 2 is newer than this ringloc reads (1)");
        assert!(read_report(br#"{"schema_version":1}"#).unwrap_err().contains("missing field `total`"));
    }

    #[test]
    fn unknown_languages_are_errors() {
        let doc = r#"{"total":{"files":1,"lines":1,"code":1,"comments":0,"blanks":0,"bytes":2},
            "languages":[{"name":"Klingon","files":1,"lines":1,"code":1,"comments":0,"blanks":0,"bytes":2}],
            "errors":[],"skipped":{"binary":0,"unknown":0}}"#;
        assert_eq!(read_report(doc.as_bytes()).unwrap_err(), "unknown language 'Klingon'");
    }
}
