//! `--format cloc-json`: cloc's `--json`, byte for byte in layout (its own spacing included).

use std::io::{self, Write};

use super::{Doc, Header};
use crate::output::buffer::{json_string, json_text, labelled};

pub fn write(doc: &Doc, out: &mut impl Write) -> io::Result<()> {
    header(&doc.header, out)?;
    doc.write_rows(out, |out, row| {
        json_text(out, &row.name)?;
        out.write_all(b" :{\n  ")?;
        if !doc.by_file {
            labelled(out, &[("\"nFiles\": ", row.files)])?;
            out.write_all(b",\n  ")?;
        }
        labelled(
            out,
            &[("\"blank\": ", row.blank), (",\n  \"comment\": ", row.comment), (",\n  \"code\": ", row.code)],
        )?;
        if let Some(language) = row.language {
            out.write_all(b",\n  \"language\": ")?;
            json_string(out, language)?;
        }
        out.write_all(b"},\n")
    })?;
    let sum = &doc.sum;
    writeln!(out, "\"SUM\": {{")?;
    writeln!(out, "  \"blank\": {},\n  \"comment\": {},\n  \"code\": {},", sum.blank, sum.comment, sum.code)?;
    writeln!(out, "  \"nFiles\": {}}} }}", sum.files)
}

/// The document's start and its header block, with which cloc's `--diff --json` opens too.
pub fn header(h: &Header, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{{\"header\" : {{")?;
    out.write_all(b"  \"cloc_url\"           : ")?;
    json_string(out, h.url)?;
    out.write_all(b",\n  \"cloc_version\"       : ")?;
    json_string(out, h.version)?;
    writeln!(out, ",")?;
    writeln!(out, "  \"elapsed_seconds\"    : {},", h.elapsed)?;
    writeln!(out, "  \"n_files\"            : {},", h.files)?;
    writeln!(out, "  \"n_lines\"            : {},", h.lines)?;
    writeln!(out, "  \"files_per_second\"   : {},", h.per_second(h.files))?;
    writeln!(out, "  \"lines_per_second\"   : {}}},", h.per_second(h.lines))
}

#[cfg(test)]
mod tests {
    use super::super::{Cloc, ClocStyle};
    use crate::output::Output;
    use crate::report::{Report, Shape, View};

    #[test]
    fn an_empty_report_is_still_valid_json() {
        let mut out = Vec::new();
        let cloc = Cloc { style: ClocStyle::Json, elapsed: std::time::Duration::ZERO };
        cloc.report(&View::new(&Report::default(), &Shape::default()), &mut out).unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(doc["SUM"]["nFiles"], 0);
        assert_eq!(doc["header"]["cloc_version"], concat!("ringloc ", env!("CARGO_PKG_VERSION")));
    }
}
