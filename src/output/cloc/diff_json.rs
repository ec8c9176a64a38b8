//! `--format cloc-json` for `diff` between two revisions: cloc 1.96's `cloc --diff --json`, its
//! layout and spacing, with ringloc's line changes ([`DiffDoc`]). cloc lists `added`, `same`,
//! `modified` and `removed` in that order, then `SUM` with the four again; within them cloc's
//! fields come in Perl's hash order, which changes from run to run, so ringloc writes them as
//! cloc's `--json` without `--diff` does (`nFiles`, `blank`, `comment`, `code`).

use std::io::{self, Write};

use super::diff::{DiffDoc, KINDS};
use super::json::header;
use super::Row;
use crate::output::buffer::json_text;

pub fn write(doc: &DiffDoc, out: &mut impl Write) -> io::Result<()> {
    header(&doc.header, out)?;
    for kind in KINDS {
        writeln!(out, " \"{}\" : {{", kind.name)?;
        let languages = doc.languages(kind);
        let last = languages.len();
        for (i, row) in languages.enumerate() {
            out.write_all(b"  ")?;
            json_text(out, &row.name)?;
            out.write_all(b" : {\n")?;
            fields(out, &row)?;
            out.write_all(if i + 1 < last { b"  },\n" } else { b"  }\n" })?;
        }
        out.write_all(b"  },\n")?;
    }
    out.write_all(b"  \"SUM\" : {\n")?;
    for (i, kind) in KINDS.into_iter().enumerate() {
        writeln!(out, "  \"{}\" : {{", kind.name)?;
        fields(out, &doc.sum(kind))?;
        out.write_all(if i + 1 < KINDS.len() { b"},\n" } else { b"}\n" })?;
    }
    out.write_all(b"} }\n")
}

/// One language's (or the sum's) files and lines of one kind.
fn fields(out: &mut impl Write, row: &Row) -> io::Result<()> {
    let Row { files, blank, comment, code, .. } = row;
    write!(out, "    \"nFiles\" : {files},\n    \"blank\" : {blank},\n    \"comment\" : {comment},\n")?;
    writeln!(out, "    \"code\" : {code}")
}

#[cfg(test)]
mod tests {
    use super::super::{Cloc, ClocStyle};
    use crate::output::Output;
    use crate::report::{Diff, LineChanges, Report, Shape};

    fn written(lines: Option<LineChanges>) -> std::io::Result<Vec<u8>> {
        written_as(ClocStyle::Json, lines)
    }

    fn written_as(style: ClocStyle, lines: Option<LineChanges>) -> std::io::Result<Vec<u8>> {
        let report = Report::default();
        let mut diff = Diff::new(&report, &report, true, &Shape::default());
        if let Some(lines) = lines {
            diff = diff.with_lines(lines, None);
        }
        let mut out = Vec::new();
        Cloc { style, elapsed: std::time::Duration::ZERO }.diff(&diff, &mut out)?;
        Ok(out)
    }

    #[test]
    fn no_change_at_all_is_still_valid_json() {
        let doc: serde_json::Value =
            serde_json::from_slice(&written(Some(LineChanges::default())).unwrap()).unwrap();
        assert_eq!(doc["SUM"]["same"]["nFiles"], 0);
        assert_eq!(doc["added"], serde_json::json!({}));
        assert_eq!(doc["header"]["n_lines"], 0);
    }

    #[test]
    fn a_diff_without_line_changes_says_why_it_has_no_cloc_form() {
        for (style, name) in
            [(ClocStyle::Json, "cloc-json"), (ClocStyle::Xml, "cloc-xml"), (ClocStyle::Yaml, "cloc-yaml")]
        {
            let err = written_as(style, None).unwrap_err();
            assert_eq!(err.kind(), std::io::ErrorKind::Unsupported);
            assert!(
                err.to_string().starts_with(&format!("--format {name} diffs two git revisions only")),
                "{err}"
            );
            assert!(err.to_string().contains("two reports hold counts, not lines"), "{err}");
        }
    }
}
