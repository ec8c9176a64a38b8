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
            writeln!(out, "  language: {}", plain_or_quoted(language))?;
        }
    }
    let sum = &doc.sum;
    writeln!(
        out,
        "SUM: \n  blank: {}\n  comment: {}\n  code: {}\n  nFiles: {}",
        sum.blank, sum.comment, sum.code, sum.files
    )
}

/// A language name plain, as cloc writes it, where YAML reads it back as the same string (`C++`,
/// `C#`, `Visual Basic`); quoted otherwise (`Cap'n Proto`).
fn plain_or_quoted(text: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || " +-./_()#".contains(c);
    let starts_plain = text.starts_with(|c: char| c.is_ascii_alphabetic());
    let reads_as_other =
        ["true", "false", "yes", "no", "on", "off", "null"].contains(&&*text.to_ascii_lowercase());
    let comment = text.contains(" #");
    if starts_plain && text.chars().all(safe) && !text.ends_with(' ') && !reads_as_other && !comment {
        text.to_string()
    } else {
        quoted(text)
    }
}

/// A single-quoted YAML scalar (`'` doubled); a line break, which single quotes cannot hold
/// verbatim, becomes a space.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''").replace(['\n', '\r'], " "))
}
