//! `--format csv`: one RFC 4180 table with a `type` column (`language`, `total`, `dir`, `file`),
//! so spreadsheets and `grep` see every row under one header. A diff has the same columns plus
//! `status`, and holds changes (new minus old). With `--by-root` a `root` column follows `type`:
//! each root's language and total rows carry its path, the rows over all roots leave it empty.
//! A diff between git revisions adds a second table, after a blank line, of line changes.

use std::io::{self, Write};

use super::paths::escaped;
use super::Output;
use crate::report::{Change, Diff, LineChanges, LineMoves, Totals, View};

pub struct Csv;

const HEADER: &str = "type,name,language,files,lines,code,comments,blanks,bytes";
const BY_ROOT_HEADER: &str = "type,root,name,language,files,lines,code,comments,blanks,bytes";
const DIFF_HEADER: &str = "type,name,language,status,files,lines,code,comments,blanks,bytes";
const LINES_HEADER: &str = "type,name,language,bucket,added,removed,modified,unchanged";

/// Quotes a field only when it needs it: a comma, a quote or a line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Writes one row; `root` is `None` without `--by-root` (no column) and `Some("")` for rows over
/// all roots.
fn row(
    out: &mut dyn Write,
    kind: &str,
    root: Option<&str>,
    name: &str,
    language: &str,
    t: &Totals,
) -> io::Result<()> {
    let c = t.counts;
    let (name, language) = (field(name), field(language));
    let root = root.map(|r| format!("{},", field(r))).unwrap_or_default();
    writeln!(
        out,
        "{kind},{root}{name},{language},{},{},{},{},{},{}",
        t.files, c.lines, c.code, c.comments, c.blanks, t.bytes
    )
}

fn change<K>(out: &mut dyn Write, kind: &str, name: &str, language: &str, c: &Change<K>) -> io::Result<()> {
    let d = c.delta();
    let (name, language) = (field(name), field(language));
    let status = if kind == "total" { "" } else { c.status() };
    writeln!(
        out,
        "{kind},{name},{language},{status},{},{},{},{},{},{}",
        d.files, d.lines, d.code, d.comments, d.blanks, d.bytes
    )
}

/// Between git revisions, a second table after a blank line: per language, the total and each
/// changed file, one row per bucket.
fn line_rows(out: &mut dyn Write, lines: &LineChanges) -> io::Result<()> {
    writeln!(out, "\n{LINES_HEADER}")?;
    let mut rows = |kind: &str, name: &str, language: &str, moves: &LineMoves| {
        for (bucket, m) in moves.named() {
            let (name, language) = (field(name), field(language));
            writeln!(
                out,
                "{kind},{name},{language},{bucket},{},{},{},{}",
                m.added, m.removed, m.modified, m.unchanged
            )?;
        }
        Ok::<_, io::Error>(())
    };
    for (lang, moves) in &lines.languages {
        rows("language", lang.name(), lang.name(), moves)?;
    }
    rows("total", "Total", "", &lines.total)?;
    for f in &lines.files {
        rows("file", &escaped(&f.path), f.language.name(), &f.moves)?;
    }
    Ok(())
}

impl Output for Csv {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        let all = view.by_root.as_ref().map(|_| "");
        writeln!(out, "{}", if all.is_some() { BY_ROOT_HEADER } else { HEADER })?;
        for section in view.by_root.iter().flatten() {
            let root = Some(&*escaped(section.path));
            for (lang, t) in &section.languages {
                row(out, "language", root, lang.name(), lang.name(), t)?;
            }
            row(out, "total", root, "Total", "", &section.total)?;
        }
        for (lang, t) in &view.languages {
            row(out, "language", all, lang.name(), lang.name(), t)?;
        }
        row(out, "total", all, "Total", "", &view.total)?;
        for d in view.dirs.iter().flatten() {
            row(out, "dir", all, &escaped(&d.path), "", &d.totals)?;
        }
        for f in view.files.iter().flatten() {
            row(out, "file", all, &escaped(&f.path), f.language.name(), &f.totals())?;
        }
        Ok(())
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{DIFF_HEADER}")?;
        for c in &diff.languages {
            change(out, "language", c.key.name(), c.key.name(), c)?;
        }
        change(out, "total", "Total", "", &diff.total)?;
        for c in diff.dirs.iter().flatten() {
            change(out, "dir", &escaped(&c.key), "", c)?;
        }
        for c in diff.files.iter().flatten() {
            change(out, "file", &escaped(&c.key.path), c.key.language.name(), c)?;
        }
        diff.lines.as_ref().map_or(Ok(()), |lines| line_rows(out, lines))
    }
}
