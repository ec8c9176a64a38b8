//! `--format csv`: one RFC 4180 table with a `type` column (`language`, `total`, `dir`, `file`),
//! so spreadsheets and `grep` see every row under one header. A diff has the same columns plus
//! `status`, and holds changes (new minus old).

use std::io::{self, Write};

use super::paths::escaped;
use super::Output;
use crate::report::{Change, Diff, Totals, View};

pub struct Csv;

const HEADER: &str = "type,name,language,files,lines,code,comments,blanks,bytes";
const DIFF_HEADER: &str = "type,name,language,status,files,lines,code,comments,blanks,bytes";

/// Quotes a field only when it needs it: a comma, a quote or a line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn row(out: &mut dyn Write, kind: &str, name: &str, language: &str, t: &Totals) -> io::Result<()> {
    let c = t.counts;
    let (name, language) = (field(name), field(language));
    writeln!(
        out,
        "{kind},{name},{language},{},{},{},{},{},{}",
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

impl Output for Csv {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{HEADER}")?;
        for (lang, t) in &view.languages {
            row(out, "language", lang.name(), lang.name(), t)?;
        }
        row(out, "total", "Total", "", &view.total)?;
        for d in view.dirs.iter().flatten() {
            row(out, "dir", &escaped(&d.path), "", &d.totals)?;
        }
        for f in view.files.iter().flatten() {
            row(out, "file", &escaped(&f.path), f.language.name(), &f.totals())?;
        }
        Ok(())
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{DIFF_HEADER}")?;
        for c in &diff.languages {
            change(out, "language", c.key.name(), c.key.name(), c)?;
        }
        change(out, "total", "Total", "", &diff.total)?;
        for c in diff.files.iter().flatten() {
            change(out, "file", &escaped(&c.key.path), c.key.language.name(), c)?;
        }
        Ok(())
    }
}
