//! `--format cloc-yaml`: cloc's `--yaml`, keys single-quoted as cloc quotes them.

use std::io::{self, Write};

use super::Doc;

pub fn write(doc: &Doc, out: &mut dyn Write) -> io::Result<()> {
    let h = &doc.header;
    writeln!(out, "---\n# {}\nheader : ", h.url)?;
    writeln!(out, "  cloc_url           : {}", quoted(h.url))?;
    writeln!(out, "  cloc_version       : {}", quoted(h.version))?;
    writeln!(out, "  elapsed_seconds    : {}", h.elapsed)?;
    writeln!(out, "  n_files            : {}\n  n_lines            : {}", h.files, h.lines)?;
    writeln!(out, "  files_per_second   : {}", h.per_second(h.files))?;
    writeln!(out, "  lines_per_second   : {}", h.per_second(h.lines))?;
    for r in &doc.rows {
        writeln!(out, "{} :", quoted(&r.name))?;
        if !doc.by_file {
            writeln!(out, "  nFiles: {}", r.files)?;
        }
        writeln!(out, "  blank: {}\n  comment: {}\n  code: {}", r.blank, r.comment, r.code)?;
        if let Some(language) = r.language {
            writeln!(out, "  language: {}", quoted(language))?;
        }
    }
    let sum = &doc.sum;
    writeln!(
        out,
        "SUM: \n  blank: {}\n  comment: {}\n  code: {}\n  nFiles: {}",
        sum.blank, sum.comment, sum.code, sum.files
    )
}

/// A single-quoted YAML scalar (`'` doubled); a line break, which single quotes cannot hold
/// verbatim, becomes a space.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''").replace(['\n', '\r'], " "))
}
