//! `--format cloc-csv`: cloc's `--csv`: a header row whose last field names the tool and times
//! the run, a row per language (files first) or, with `--by-file`, per file (language first), then
//! the sum. cloc writes names unquoted; ringloc quotes one that holds a comma, a quote or a line
//! break (RFC 4180), which cloc's rows would split.

use std::io::{self, Write};

use super::Doc;
use crate::output::buffer::number;
use crate::output::csv::{field, numbers};

pub fn write(doc: &Doc, out: &mut impl Write) -> io::Result<()> {
    let h = &doc.header;
    let first = if doc.by_file { "language,filename" } else { "files,language" };
    let (files, lines) = (h.per_second(h.files), h.per_second(h.lines));
    let version = env!("CARGO_PKG_VERSION");
    let timing = format!("T={:.2} s ({files:.1} files/s {lines:.1} lines/s)", h.elapsed);
    writeln!(out, "{first},blank,comment,code,\"{} v {version}  {timing}\"", h.url)?;
    doc.write_rows(out, |out, r| {
        match r.language {
            Some(language) => field(out, language.as_bytes())?,
            None => number(out, r.files)?,
        }
        out.write_all(b",")?;
        field(out, &r.name)?;
        numbers(out, &[r.blank, r.comment, r.code])
    })?;
    let sum = &doc.sum;
    match doc.by_file {
        true => out.write_all(b"SUM,")?,
        false => {
            number(out, sum.files)?;
            out.write_all(b",SUM")?;
        }
    }
    numbers(out, &[sum.blank, sum.comment, sum.code])
}
