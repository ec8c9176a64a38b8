//! `--format cloc-xml` for `diff` between two revisions: cloc 1.96's `cloc --diff --xml`, its
//! layout and spacing, with ringloc's line changes ([`DiffDoc`]): `<diff_results>`, the header,
//! then `<same>`, `<modified>`, `<added>` and `<removed>` in that order, each with every
//! language's row and a `<total>`. cloc adds a `<source>` per revision after the header when it
//! reads git (its remote, branch and commit); ringloc writes none, as cloc does for two
//! directories.

use std::io::{self, Write};

use super::diff::{DiffDoc, Kind, ADDED, MODIFIED, REMOVED, SAME};
use super::xml::{header, language, total};

/// The kinds in cloc's `--diff --xml` order.
const KINDS: [Kind; 4] = [SAME, MODIFIED, ADDED, REMOVED];

pub fn write(doc: &DiffDoc, out: &mut impl Write) -> io::Result<()> {
    header(&doc.header, "diff_results", out)?;
    for kind in KINDS {
        writeln!(out, "  <{}>", kind.name)?;
        for row in doc.languages(kind) {
            language(out, "    ", &row)?;
        }
        total(out, "    ", &doc.sum(kind))?;
        writeln!(out, "  </{}>", kind.name)?;
    }
    writeln!(out, "</diff_results>")
}
