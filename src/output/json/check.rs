//! A report read back must add up before `merge` or `diff` uses it: a hand-edited or cut report
//! would merge into a plausible wrong total, and numbers near `u64::MAX` would wrap.

use super::doc::{EmbeddedDoc, FileDoc, ReportDoc, TotalsDoc};

/// Says where `doc` does not add up: a row whose lines are not its code, comments and blanks, or a
/// list (languages, files, `by_root` sections) whose sum is not the total.
pub fn check_sums(doc: &ReportDoc) -> Result<(), String> {
    lines_add_up("total", &doc.total)?;
    for language in &doc.languages {
        lines_add_up(&language.name, &language.totals)?;
        embedded_fits(&language.name, &language.totals, &language.embedded)?;
    }
    same_as_total(&doc.total, "languages", doc.languages.iter().map(|l| l.totals.clone()))?;
    if let Some(files) = &doc.files {
        for f in files {
            lines_add_up(&f.path.path, &file_totals(f))?;
        }
        same_as_total(&doc.total, "files", files.iter().map(file_totals))?;
    }
    for section in doc.by_root.iter().flatten() {
        let name = format!("by_root '{}'", section.root);
        same_as_total(&section.total, &name, section.languages.iter().map(|l| l.totals.clone()))?;
    }
    if let Some(sections) = &doc.by_root {
        same_as_total(&doc.total, "by_root", sections.iter().map(|s| s.total.clone()))?;
    }
    Ok(())
}

fn file_totals(f: &FileDoc) -> TotalsDoc {
    TotalsDoc {
        files: 1,
        lines: f.lines,
        code: f.code,
        comments: f.comments,
        blanks: f.blanks,
        bytes: f.bytes,
        complexity: f.complexity,
    }
}

fn lines_add_up(row: &str, t: &TotalsDoc) -> Result<(), String> {
    let parts = t.code.checked_add(t.comments).and_then(|n| n.checked_add(t.blanks));
    match parts == Some(t.lines) {
        true => Ok(()),
        false => Err(format!("{row}: lines ({}) are not code + comments + blanks", t.lines)),
    }
}

/// Embedded lines are part of their language's lines, so they cannot be more.
fn embedded_fits(row: &str, outer: &TotalsDoc, embedded: &[EmbeddedDoc]) -> Result<(), String> {
    let mut lines = 0u64;
    for e in embedded {
        let as_totals = TotalsDoc {
            files: 0,
            lines: e.lines,
            code: e.code,
            comments: e.comments,
            blanks: e.blanks,
            bytes: 0,
            complexity: None,
        };
        lines_add_up(&format!("{row}: embedded {}", e.name), &as_totals)?;
        lines = lines.checked_add(e.lines).filter(|&n| n <= outer.lines).ok_or_else(|| {
            format!("{row}: its embedded languages have more lines than it has ({})", outer.lines)
        })?;
    }
    Ok(())
}

fn same_as_total(total: &TotalsDoc, what: &str, rows: impl Iterator<Item = TotalsDoc>) -> Result<(), String> {
    let mut sum = [0u64; 6];
    for row in rows {
        let add = [row.files, row.lines, row.code, row.comments, row.blanks, row.bytes];
        for (into, n) in sum.iter_mut().zip(add) {
            *into = into.checked_add(n).ok_or_else(|| format!("the {what} add up past 2^64"))?;
        }
    }
    let want = [total.files, total.lines, total.code, total.comments, total.blanks, total.bytes];
    match sum == want {
        true => Ok(()),
        false => Err(format!("the {what} do not add up to the total")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(text: &str) -> ReportDoc {
        serde_json::from_str(text).unwrap()
    }

    const EMPTY: &str = r#""errors":[],"skipped":{"binary":0,"unknown":0}"#;

    #[test]
    fn sums_that_add_up_pass() {
        let d = doc(&format!(
            r#"{{"total":{{"files":1,"lines":3,"code":1,"comments":1,"blanks":1,"bytes":9}},
            "languages":[{{"name":"C","files":1,"lines":3,"code":1,"comments":1,"blanks":1,"bytes":9}}],
            "files":[{{"path":"a.c","language":"C","lines":3,"code":1,"comments":1,"blanks":1,"bytes":9}}],{EMPTY}}}"#
        ));
        assert_eq!(check_sums(&d), Ok(()));
    }

    #[test]
    fn rows_and_totals_that_disagree_are_refused() {
        let c = r#"{"name":"C","files":1,"lines":3,"code":1,"comments":1,"blanks":1,"bytes":9}"#;
        let total = r#""total":{"files":1,"lines":3,"code":1,"comments":1,"blanks":1,"bytes":9}"#;
        let bad_lines = doc(&format!(
            r#"{{{total},"languages":[{}],{EMPTY}}}"#,
            c.replace(r#""lines":3"#, r#""lines":4"#)
        ));
        assert!(check_sums(&bad_lines).unwrap_err().contains("C: lines (4)"));
        let twice = doc(&format!(r#"{{{total},"languages":[{c},{c}],{EMPTY}}}"#));
        assert_eq!(check_sums(&twice).unwrap_err(), "the languages do not add up to the total");
        let huge = c.replace(r#""files":1"#, &format!(r#""files":{}"#, u64::MAX));
        let wraps = doc(&format!(r#"{{{total},"languages":[{huge},{c}],{EMPTY}}}"#));
        assert_eq!(check_sums(&wraps).unwrap_err(), "the languages add up past 2^64");
    }
}
