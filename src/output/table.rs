//! The default, for people: one row per language, most code first, and a total.

use std::io::{self, Write};

use super::Output;
use crate::report::{Report, Totals};

pub struct Table;

const HEADER: [&str; 6] = ["Language", "Files", "Lines", "Code", "Comments", "Blanks"];

fn row(out: &mut dyn Write, name: &str, t: &Totals, width: usize) -> io::Result<()> {
    let c = t.counts;
    writeln!(
        out,
        " {name:<width$} {:>8} {:>12} {:>12} {:>10} {:>10}",
        t.files, c.lines, c.code, c.comments, c.blanks
    )
}

impl Output for Table {
    fn write(&self, report: &Report, out: &mut dyn Write) -> io::Result<()> {
        let rows = report.by_code();
        let width = rows.iter().map(|(l, _)| l.name().len()).chain([HEADER[0].len(), 5]).max().unwrap_or(8);
        let rule = "-".repeat(width + 58);
        let [lang, files, lines, code, comments, blanks] = HEADER;
        writeln!(out, "{rule}")?;
        writeln!(out, " {lang:<width$} {files:>8} {lines:>12} {code:>12} {comments:>10} {blanks:>10}")?;
        writeln!(out, "{rule}")?;
        for (lang, totals) in &rows {
            row(out, lang.name(), totals, width)?;
        }
        writeln!(out, "{rule}")?;
        row(out, "Total", &report.total(), width)?;
        writeln!(out, "{rule}")
    }
}
