//! `--format csv`: one RFC 4180 table with a `type` column (`language`, `total`, `dir`, `file`),
//! so spreadsheets and `grep` see every row under one header. A diff has the same columns plus
//! `status`, and holds changes (new minus old). With `--by-root` a `root` column follows `type`:
//! each root's language and total rows carry its path, the rows over all roots leave it empty.
//! A diff between git revisions adds a second table, after a blank line, of line changes. With
//! `--complexity` a `complexity` column ends a report's rows (last, so that a script reading the
//! columns by position reads the others where they always are); without it the table is unchanged.

use std::io::{self, Write};

use super::buffer::{buffered, count, doubling_quotes, has_any, number};
use super::paths::{escaped, escaped_bytes};
use super::rows::write_rows;
use super::warm::warm;
use super::Output;
use crate::report::{Change, Diff, LineChanges, LineMoves, Totals, View};

pub struct Csv;

const HEADER: &str = "type,name,language,files,lines,code,comments,blanks,bytes";
const BY_ROOT_HEADER: &str = "type,root,name,language,files,lines,code,comments,blanks,bytes";
const DIFF_HEADER: &str = "type,name,language,status,files,lines,code,comments,blanks,bytes";
const LINES_HEADER: &str = "type,name,language,bucket,added,removed,modified,unchanged";

/// Writes a field, quoted only when it needs it: a comma, a quote or a line break.
pub(super) fn field(out: &mut impl Write, text: &[u8]) -> io::Result<()> {
    // Line breaks, `"` and `,` are all below `-`, as few other bytes of a path are.
    if has_any(text, b'-', []) && text.iter().any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r')) {
        doubling_quotes(out, text, b'"')
    } else {
        out.write_all(text)
    }
}

/// Writes the fields that lead a row: `kind`, then each of `names` as a field.
fn lead(out: &mut impl Write, kind: &str, names: &[&[u8]]) -> io::Result<()> {
    out.write_all(kind.as_bytes())?;
    for name in names {
        out.write_all(b",")?;
        field(out, name)?;
    }
    Ok(())
}

/// Writes `,n` for each number, then ends the row.
pub(super) fn numbers(out: &mut impl Write, numbers: &[impl itoa::Integer + Copy]) -> io::Result<()> {
    for &n in numbers {
        out.write_all(b",")?;
        number(out, n)?;
    }
    out.write_all(b"\n")
}

/// Writes one row; `root` is `None` without `--by-root` (no column) and `Some("")` for rows over
/// all roots; `complexity` adds its column.
fn row(
    out: &mut impl Write,
    kind: &str,
    root: Option<&str>,
    name: &[u8],
    language: &str,
    (t, complexity): (&Totals, bool),
) -> io::Result<()> {
    let c = t.counts;
    match root {
        Some(root) => lead(out, kind, &[root.as_bytes(), name, language.as_bytes()])?,
        None => lead(out, kind, &[name, language.as_bytes()])?,
    }
    for n in [t.files, c.lines, c.code, c.comments, c.blanks, t.bytes] {
        out.write_all(b",")?;
        count(out, n)?;
    }
    if complexity {
        out.write_all(b",")?;
        count(out, t.complexity.unwrap_or(0))?;
    }
    out.write_all(b"\n")
}

fn change<K>(out: &mut impl Write, kind: &str, name: &str, language: &str, c: &Change<K>) -> io::Result<()> {
    let d = c.delta();
    let status = if kind == "total" { "" } else { c.status() };
    lead(out, kind, &[name.as_bytes(), language.as_bytes(), status.as_bytes()])?;
    numbers(out, &[d.files, d.lines, d.code, d.comments, d.blanks, d.bytes])
}

/// Between git revisions, a second table after a blank line: per language, the total and each
/// changed file, one row per bucket.
fn line_rows(out: &mut impl Write, lines: &LineChanges) -> io::Result<()> {
    writeln!(out, "\n{LINES_HEADER}")?;
    let mut rows = |kind: &str, name: &str, language: &str, moves: &LineMoves| {
        for (bucket, m) in moves.named() {
            lead(out, kind, &[name.as_bytes(), language.as_bytes(), bucket.as_bytes()])?;
            numbers(out, &[m.added, m.removed, m.modified, m.unchanged])?;
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

fn report(view: &View, out: &mut impl Write) -> io::Result<()> {
    let all = view.by_root.as_ref().map(|_| "");
    let complexity = view.total.complexity.is_some();
    out.write_all(if all.is_some() { BY_ROOT_HEADER } else { HEADER }.as_bytes())?;
    writeln!(out, "{}", if complexity { ",complexity" } else { "" })?;
    for section in view.by_root.iter().flatten() {
        let root = Some(&*escaped(section.path));
        for (lang, t) in &section.languages {
            row(out, "language", root, lang.name().as_bytes(), lang.name(), (t, complexity))?;
        }
        row(out, "total", root, b"Total", "", (&section.total, complexity))?;
    }
    for (lang, t) in &view.languages {
        row(out, "language", all, lang.name().as_bytes(), lang.name(), (t, complexity))?;
    }
    row(out, "total", all, b"Total", "", (&view.total, complexity))?;
    for d in view.dirs.iter().flatten() {
        row(out, "dir", all, &escaped_bytes(&d.path), "", (&d.totals, complexity))?;
    }
    let files = view.files.as_deref().unwrap_or_default();
    write_rows(out, files, view.threads, |out, i, f| {
        warm(files, i, |&f| f);
        let name = escaped_bytes(&f.path);
        row(out, "file", all, &name, f.counted.language.name(), (&f.totals(), complexity))
    })
}

fn diff(diff: &Diff, out: &mut impl Write) -> io::Result<()> {
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

impl Output for Csv {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        buffered(out, |out| report(view, out))
    }

    fn diff(&self, d: &Diff, out: &mut dyn Write) -> io::Result<()> {
        buffered(out, |out| diff(d, out))
    }
}
