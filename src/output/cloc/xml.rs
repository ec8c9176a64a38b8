//! `--format cloc-xml`: cloc's `--xml` (`<results>` with `<header>`, then `<languages>` or, with
//! `--by-file`, `<files>`), the shape Jenkins' SLOCCount plugin reads.

use std::io::{self, Write};

use super::{Doc, Header, Row};
use crate::output::buffer::{labelled, plain_ascii};
use crate::output::markup_text::escape;

pub fn write(doc: &Doc, out: &mut impl Write) -> io::Result<()> {
    header(&doc.header, "results", out)?;
    let sum = &doc.sum;
    if doc.by_file {
        writeln!(out, "<files>")?;
        doc.write_rows(out, |out, r| {
            out.write_all(b"  <file name=\"")?;
            escaped_bytes(out, &r.name)?;
            labelled(out, &[("\" blank=\"", r.blank), ("\" comment=\"", r.comment), ("\" code=\"", r.code)])?;
            out.write_all(b"\"  language=\"")?;
            out.write_all(escape(r.language.unwrap_or_default()).as_bytes())?;
            out.write_all(b"\" />\n")
        })?;
        writeln!(
            out,
            "  <total blank=\"{}\" comment=\"{}\" code=\"{}\" />\n</files>",
            sum.blank, sum.comment, sum.code
        )?;
    } else {
        writeln!(out, "<languages>")?;
        for r in &doc.rows {
            language(out, "  ", r)?;
        }
        total(out, "  ", sum)?;
        writeln!(out, "</languages>")?;
    }
    writeln!(out, "</results>")
}

/// The declaration, the root element's start tag and the header, with which cloc's `--diff
/// --xml` (root `diff_results`) opens too.
pub fn header(h: &Header, root: &str, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?><{root}>\n<header>")?;
    writeln!(out, "  <cloc_url>{}</cloc_url>", escape(h.url))?;
    writeln!(out, "  <cloc_version>{}</cloc_version>", escape(h.version))?;
    writeln!(out, "  <elapsed_seconds>{}</elapsed_seconds>", h.elapsed)?;
    writeln!(out, "  <n_files>{}</n_files>\n  <n_lines>{}</n_lines>", h.files, h.lines)?;
    writeln!(out, "  <files_per_second>{}</files_per_second>", h.per_second(h.files))?;
    writeln!(out, "  <lines_per_second>{}</lines_per_second>\n</header>", h.per_second(h.lines))
}

/// A language's row, `indent` in.
pub fn language(out: &mut impl Write, indent: &str, r: &Row) -> io::Result<()> {
    let name = String::from_utf8_lossy(&r.name);
    write!(out, "{indent}<language name=\"{}\" files_count=\"{}\" ", escape(&name), r.files)?;
    writeln!(out, "blank=\"{}\" comment=\"{}\" code=\"{}\" />", r.blank, r.comment, r.code)
}

/// The sum's row, `indent` in.
pub fn total(out: &mut impl Write, indent: &str, sum: &Row) -> io::Result<()> {
    write!(out, "{indent}<total sum_files=\"{}\" ", sum.files)?;
    writeln!(out, "blank=\"{}\" comment=\"{}\" code=\"{}\" />", sum.blank, sum.comment, sum.code)
}

/// Writes UTF-8 `text` as [`escape`] escapes it, as it is when it is ASCII without the bytes that
/// need it.
fn escaped_bytes(out: &mut impl Write, text: &[u8]) -> io::Result<()> {
    if !plain_ascii(text, b'(', [b'<', b'>']) {
        return out.write_all(escape(&String::from_utf8_lossy(text)).as_bytes());
    }
    out.write_all(text)
}
