//! `--format cloc-json` for `diff` between two revisions: cloc 1.96's `cloc --diff --json`, its
//! layout and spacing, with ringloc's line changes. cloc lists `added`, `same`, `modified` and
//! `removed` in that order, each with every language, then `SUM` with the four again; within them
//! cloc's languages and fields come in Perl's hash order, which changes from run to run, so
//! ringloc writes its languages in its own diff's order and the fields as cloc's `--json`
//! without `--diff` does (`nFiles`, `blank`, `comment`, `code`). `nFiles` counts the files
//! added, removed, changed and unchanged (cloc's `same`); the header's `n_files` and `n_lines`
//! are the sums of all four, as cloc's are.

use std::io::{self, Write};

use super::json::header;
use super::Header;
use crate::output::buffer::json_string;
use crate::report::{LineChanges, LineMoves, Moves};

/// The [`Moves`] field that holds one kind of change.
type Pick = fn(&Moves) -> u64;

/// cloc's kinds of change in its order, each with the [`Moves`] field that holds it.
const KINDS: [(&str, Pick); 4] = [
    ("added", |m| m.added),
    ("same", |m| m.unchanged),
    ("modified", |m| m.modified),
    ("removed", |m| m.removed),
];

pub fn write(lines: &LineChanges, elapsed: f64, out: &mut impl Write) -> io::Result<()> {
    let files = lines.total_files();
    let buckets = [lines.total.blanks, lines.total.comments, lines.total.code];
    let all = |m: &Moves| KINDS.iter().map(|(_, pick)| pick(m)).sum::<u64>();
    header(&Header::new(elapsed, all(&files), buckets.iter().map(all).sum()), out)?;
    for (kind, pick) in KINDS {
        writeln!(out, " \"{kind}\" : {{")?;
        for (i, (language, moves)) in lines.languages.iter().enumerate() {
            out.write_all(b"  ")?;
            json_string(out, language.name())?;
            out.write_all(b" : {\n")?;
            let files = lines.file_moves.get(language).copied().unwrap_or_default();
            fields(out, pick, &files, moves)?;
            out.write_all(if i + 1 < lines.languages.len() { b"  },\n" } else { b"  }\n" })?;
        }
        out.write_all(b"  },\n")?;
    }
    out.write_all(b"  \"SUM\" : {\n")?;
    for (i, (kind, pick)) in KINDS.into_iter().enumerate() {
        writeln!(out, "  \"{kind}\" : {{")?;
        fields(out, pick, &files, &lines.total)?;
        out.write_all(if i + 1 < KINDS.len() { b"},\n" } else { b"}\n" })?;
    }
    out.write_all(b"} }\n")
}

/// One language's (or the sum's) files and lines of one kind.
fn fields(out: &mut impl Write, pick: Pick, files: &Moves, lines: &LineMoves) -> io::Result<()> {
    let [files, blank, comment, code] = [files, &lines.blanks, &lines.comments, &lines.code].map(pick);
    write!(out, "    \"nFiles\" : {files},\n    \"blank\" : {blank},\n    \"comment\" : {comment},\n")?;
    writeln!(out, "    \"code\" : {code}")
}

#[cfg(test)]
mod tests {
    use super::super::{Cloc, ClocStyle};
    use crate::output::Output;
    use crate::report::{Diff, LineChanges, Report, Shape};

    fn written(lines: Option<LineChanges>) -> std::io::Result<Vec<u8>> {
        let report = Report::default();
        let mut diff = Diff::new(&report, &report, true, &Shape::default());
        if let Some(lines) = lines {
            diff = diff.with_lines(lines, None);
        }
        let mut out = Vec::new();
        Cloc { style: ClocStyle::Json, elapsed: std::time::Duration::ZERO }.diff(&diff, &mut out)?;
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
        let err = written(None).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::Unsupported);
        assert!(err.to_string().contains("two reports hold counts, not lines"), "{err}");
    }
}
