//! Line by line, what the counter made of a file and why: each line's bucket, the language it is
//! charged to, and the byte that decided it with the span it sat in (`ringloc explain FILE`).
//! The byte-by-byte twin does the reading (it keeps what it saw; the fast path keeps nothing), and
//! the twin is held equal to the fast path by the tests, so the sum of the explanation is the count.
//! `output::json::per_line_json` writes them as linejudge's per-line document.

use std::fmt;

use serde::Serialize;

use crate::lang::LangId;

/// The three buckets of ringloc's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Bucket {
    Code,
    Comments,
    Blanks,
}

/// What kind of span a deciding byte sat in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpanKind {
    LineComment,
    BlockComment,
    String,
    DocString,
    Regex,
    Heredoc,
    /// A YAML block scalar (`key: |`), opened by its indicator.
    BlockScalar,
    /// Kconfig's help text, opened by its keyword (`help`).
    HelpText,
    /// A `#!` line opening the file, a comment where the language says so.
    Hashbang,
    /// A tag that opens or closes a stretch of another language (`<script>`, `?>`, a fence).
    Tag,
}

/// A span and where it opened: its marker, line and column (both from 1, columns in bytes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SpanOpened {
    pub kind: SpanKind,
    pub marker: String,
    pub line: u64,
    pub column: u32,
}

/// Why a line is in its bucket: the first byte that put it there (none for a blank line), and
/// the span that byte sat in (none for plain code).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Reason {
    pub column: Option<u32>,
    pub span: Option<SpanOpened>,
}

/// One physical line, explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineExplain {
    /// From 1.
    pub line: u64,
    pub bucket: Bucket,
    /// The file's language, or the embedded language the line is counted under.
    pub language: LangId,
    pub reason: Reason,
}

impl fmt::Display for SpanKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SpanKind::LineComment => "line comment",
            SpanKind::BlockComment => "block comment",
            SpanKind::String => "string",
            SpanKind::DocString => "doc string",
            SpanKind::Regex => "regex",
            SpanKind::Heredoc => "heredoc",
            SpanKind::BlockScalar => "block scalar",
            SpanKind::HelpText => "help text",
            SpanKind::Hashbang => "hashbang",
            SpanKind::Tag => "tag",
        })
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.column, &self.span) {
            (None, _) => f.write_str("only whitespace"),
            (Some(col), None) => write!(f, "code at column {col}"),
            (Some(col), Some(s)) => {
                write!(
                    f,
                    "column {col} is in the {} {:?} opened at {}:{}",
                    s.kind, s.marker, s.line, s.column
                )
            }
        }
    }
}
