//! `--format cloc-yaml` for `diff` between two revisions: cloc 1.96's `cloc --diff --yaml`, its
//! layout and spacing, with ringloc's line changes ([`DiffDoc`]): the header, then `added`,
//! `same`, `modified` and `removed` in that order, each with every language (quoted, as cloc
//! quotes it), then `SUM` with the four again. cloc writes the fields in Perl's hash order,
//! which changes from run to run; ringloc as cloc's `--yaml` without `--diff` does (`nFiles`,
//! `blank`, `comment`, `code`).

use std::io::{self, Write};

use super::diff::{DiffDoc, KINDS};
use super::yaml::{header, quoted};
use super::Row;

pub fn write(doc: &DiffDoc, out: &mut impl Write) -> io::Result<()> {
    header(&doc.header, out)?;
    for kind in KINDS {
        writeln!(out, "{} :", kind.name)?;
        for row in doc.languages(kind) {
            out.write_all(b"  ")?;
            quoted(out, &row.name)?;
            out.write_all(b" :\n")?;
            fields(out, &row)?;
        }
    }
    writeln!(out, "SUM :")?;
    for kind in KINDS {
        writeln!(out, "  {} :", kind.name)?;
        fields(out, &doc.sum(kind))?;
    }
    Ok(())
}

/// One language's (or the sum's) files and lines of one kind.
fn fields(out: &mut impl Write, row: &Row) -> io::Result<()> {
    let Row { files, blank, comment, code, .. } = row;
    writeln!(out, "    nFiles : {files}\n    blank : {blank}\n    comment : {comment}\n    code : {code}")
}
