//! `ringloc explain --format json`: linejudge's per-line document (format 1), whose `buckets` are
//! the dialect's names: `code`, `comments`, `blanks`. The classifier explains; this writes.

use serde::Serialize;

use crate::count::{Bucket, LineExplain, SpanOpened};

#[derive(Serialize)]
struct PerLine<'a> {
    format: u32,
    lines: usize,
    buckets: Buckets,
    per_line: Vec<LineEntry<'a>>,
}

#[derive(Serialize)]
struct Buckets {
    code: u64,
    comments: u64,
    blanks: u64,
}

#[derive(Serialize)]
struct LineEntry<'a> {
    line: u64,
    bucket: Bucket,
    language: &'static str,
    reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    span: Option<&'a SpanOpened>,
}

/// linejudge's per-line document: `{"format":1,"lines":N,"buckets":{"code":..,"comments":..,
/// "blanks":..},"per_line":[{"line":1,"bucket":"code",...}]}`, with the language, the reason in
/// words and the span as fields of ringloc's own (linejudge skips what it does not know).
pub fn per_line_json(lines: &[LineExplain]) -> String {
    let count = |b: Bucket| lines.iter().filter(|l| l.bucket == b).count() as u64;
    let doc = PerLine {
        format: 1,
        lines: lines.len(),
        buckets: Buckets {
            code: count(Bucket::Code),
            comments: count(Bucket::Comments),
            blanks: count(Bucket::Blanks),
        },
        per_line: lines
            .iter()
            .map(|l| LineEntry {
                line: l.line,
                bucket: l.bucket,
                language: l.language.name(),
                reason: l.reason.to_string(),
                span: l.reason.span.as_ref(),
            })
            .collect(),
    };
    serde_json::to_string(&doc).expect("plain data serializes")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::explain;
    use crate::lang::LangId;

    #[test]
    fn the_document_counts_each_bucket_and_names_each_line_language() {
        let html = LangId::from_name("HTML").expect("HTML is a language");
        let json = per_line_json(&explain(html, b"<script>\n// c\n</script>\n"));
        assert!(json.starts_with(r#"{"format":1,"lines":3,"buckets":{"code":2,"comments":1,"blanks":0},"per_line":[{"line":1,"bucket":"code","language":"HTML""#), "{json}");
        assert!(json.contains(r#"{"line":2,"bucket":"comments","language":"JavaScript""#), "{json}");
    }
}
