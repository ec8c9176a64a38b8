//! `--format cloc-json`: cloc's `--json`, byte for byte in layout (its own spacing included).

use std::io::{self, Write};

use super::Doc;

pub fn write(doc: &Doc, out: &mut dyn Write) -> io::Result<()> {
    let h = &doc.header;
    writeln!(out, "{{\"header\" : {{")?;
    writeln!(out, "  \"cloc_url\"           : {},", string(h.url))?;
    writeln!(out, "  \"cloc_version\"       : {},", string(h.version))?;
    writeln!(out, "  \"elapsed_seconds\"    : {},", h.elapsed)?;
    writeln!(out, "  \"n_files\"            : {},", h.files)?;
    writeln!(out, "  \"n_lines\"            : {},", h.lines)?;
    writeln!(out, "  \"files_per_second\"   : {},", h.per_second(h.files))?;
    writeln!(out, "  \"lines_per_second\"   : {}}},", h.per_second(h.lines))?;
    for row in &doc.rows {
        write!(out, "{} :{{\n  ", string(&row.name))?;
        if !doc.by_file {
            write!(out, "\"nFiles\": {},\n  ", row.files)?;
        }
        write!(out, "\"blank\": {},\n  \"comment\": {},\n  \"code\": {}", row.blank, row.comment, row.code)?;
        match row.language {
            Some(language) => writeln!(out, ",\n  \"language\": {}}},", string(language))?,
            None => writeln!(out, "}},")?,
        }
    }
    let sum = &doc.sum;
    writeln!(out, "\"SUM\": {{")?;
    writeln!(out, "  \"blank\": {},\n  \"comment\": {},\n  \"code\": {},", sum.blank, sum.comment, sum.code)?;
    writeln!(out, "  \"nFiles\": {}}} }}", sum.files)
}

fn string(text: &str) -> String {
    serde_json::to_string(text).expect("a string serializes")
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
