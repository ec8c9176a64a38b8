//! `--format cloc-yaml`: cloc's `--yaml`, keys single-quoted as cloc quotes them.

use std::io::{self, Write};

use super::{Doc, Header};
use crate::output::buffer::{has_any, labelled, plain_ascii};
use crate::output::yaml::{not_raw, yaml_text};

pub fn write(doc: &Doc, out: &mut impl Write) -> io::Result<()> {
    header(&doc.header, out)?;
    doc.write_rows(out, |out, r| {
        quoted(out, &r.name)?;
        out.write_all(b" :\n")?;
        if !doc.by_file {
            labelled(out, &[("  nFiles: ", r.files)])?;
            out.write_all(b"\n")?;
        }
        labelled(out, &[("  blank: ", r.blank), ("\n  comment: ", r.comment), ("\n  code: ", r.code)])?;
        if let Some(language) = r.language {
            out.write_all(b"\n  language: ")?;
            plain_or_quoted(out, language)?;
        }
        out.write_all(b"\n")
    })?;
    let sum = &doc.sum;
    writeln!(
        out,
        "SUM: \n  blank: {}\n  comment: {}\n  code: {}\n  nFiles: {}",
        sum.blank, sum.comment, sum.code, sum.files
    )
}

/// The document's start and its header block, with which cloc's `--diff --yaml` opens too.
pub fn header(h: &Header, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "---\n# {}\nheader : ", h.url)?;
    out.write_all(b"  cloc_url           : ")?;
    quoted(out, h.url.as_bytes())?;
    out.write_all(b"\n  cloc_version       : ")?;
    quoted(out, h.version.as_bytes())?;
    writeln!(out)?;
    writeln!(out, "  elapsed_seconds    : {}", h.elapsed)?;
    writeln!(out, "  n_files            : {}\n  n_lines            : {}", h.files, h.lines)?;
    writeln!(out, "  files_per_second   : {}", h.per_second(h.files))?;
    writeln!(out, "  lines_per_second   : {}", h.per_second(h.lines))
}

/// Writes a language name plain, as cloc writes it, where YAML reads it back as the same string
/// (`C++`, `C#`, `Visual Basic`); quoted otherwise (`Cap'n Proto`).
fn plain_or_quoted(out: &mut impl Write, text: &str) -> io::Result<()> {
    let safe = |c: char| {
        c.is_ascii_alphanumeric() || matches!(c, ' ' | '+' | '-' | '.' | '/' | '_' | '(' | ')' | '#')
    };
    let starts_plain = text.starts_with(|c: char| c.is_ascii_alphabetic());
    let reads_as_other = ["true", "false", "yes", "no", "on", "off", "null"]
        .iter()
        .any(|word| text.eq_ignore_ascii_case(word));
    let comment = text.contains(" #");
    if starts_plain && text.chars().all(safe) && !text.ends_with(' ') && !reads_as_other && !comment {
        out.write_all(text.as_bytes())
    } else {
        quoted(out, text.as_bytes())
    }
}

/// Writes a single-quoted YAML scalar (`'` doubled), as cloc quotes its keys. Text single quotes
/// cannot hold as it is (a control, a line break, what [`not_raw`] finds) is double-quoted with
/// `--format yaml`'s escapes instead, so that every name reads back as it was.
pub fn quoted(out: &mut impl Write, text: &[u8]) -> io::Result<()> {
    if !single_quotable(text) {
        return yaml_text(out, text);
    }
    out.write_all(b"'")?;
    // `'` is below `(`.
    if !has_any(text, b'(', []) {
        out.write_all(text)?;
        return out.write_all(b"'");
    }
    for piece in text.split_inclusive(|&b| b == b'\'') {
        match piece.split_last() {
            Some((b'\'', rest)) => [rest, b"''"].iter().try_for_each(|part| out.write_all(part))?,
            _ => out.write_all(piece)?,
        }
    }
    out.write_all(b"'")
}

/// Whether single quotes hold `text` as it is: it has no control character and nothing
/// [`not_raw`] finds. Nearly every name is ASCII without a control or DEL, found in one pass.
fn single_quotable(text: &[u8]) -> bool {
    plain_ascii(text, b' ', [0x7F])
        || std::str::from_utf8(text).is_ok_and(|text| !text.contains(|c| c < ' ' || not_raw(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        write(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn quotes_are_doubled_and_what_they_cannot_hold_is_double_quoted() {
        assert_eq!(written(|out| quoted(out, b"it's '")), "'it''s '''");
        assert_eq!(written(|out| quoted(out, "plain é".as_bytes())), "'plain é'");
        assert_eq!(written(|out| quoted(out, b"it's\na\r\x1b")), r#""it's\na\r\u001b""#);
        assert_eq!(written(|out| quoted(out, "\u{85}\t".as_bytes())), r#""\u0085\t""#);
    }

    #[test]
    fn names_yaml_would_misread_are_quoted() {
        assert_eq!(written(|out| plain_or_quoted(out, "C++")), "C++");
        assert_eq!(written(|out| plain_or_quoted(out, "Cap'n Proto")), "'Cap''n Proto'");
        assert_eq!(written(|out| plain_or_quoted(out, "NO")), "'NO'");
    }
}
