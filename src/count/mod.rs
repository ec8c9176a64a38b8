//! The classifier: bytes in, line counts out. Pure: no I/O, no allocation per file.
//!
//! Rules (also in README.md, and written for linejudge in `.linejudge/dialects/ringloc/`): a line
//! holding only whitespace is blank, wherever it is; a line with any non-whitespace byte outside
//! every comment is code (string contents are code, doc strings aside); any other line is a comment
//! line. Lines are the number of `\n` plus one if the last byte is not `\n`.

#[cfg(test)]
pub(crate) mod chunked;
#[cfg(test)]
mod feature_tests;
mod machine;
#[cfg(test)]
pub(crate) mod on_every_lane;
mod syntax;
#[cfg(test)]
mod tests;
mod twin;

use std::ops::AddAssign;

use serde::{Deserialize, Serialize};

pub use machine::{count_stretches, LineCounter};
pub use syntax::classifier::Classifier;
pub use twin::explain::{Bucket, LineExplain, Reason, SpanKind, SpanOpened};
pub use twin::{
    count_reference, count_reference_embedded, count_reference_with, count_with_complexity, explain,
    explain_with,
};

use crate::lang::LangId;

/// Upper bound on the bytes a caller must carry from one chunk to the next (see [`LineCounter::feed`]).
pub const MAX_TOKEN: usize = 32;

/// How many bytes from a position any decision there may look at: the longest opener whose length
/// the source decides (a tagged delimiter such as `R"delim(` or `[==[`, a heredoc's `<<~'WORD'`, a
/// character literal such as `'\u{1F600}'`). One longer than this is not recognized. Fixed, and the
/// same for both engines, so a count never depends on where a chunk ends.
pub(crate) const WINDOW: usize = 32;

/// How to count, beyond the language's syntax.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Doc strings count as the code they are instead of as comments (`--docstrings-as-code`).
    pub docstrings_as_code: bool,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub lines: u64,
    pub code: u64,
    pub comments: u64,
    pub blanks: u64,
}

impl Counts {
    /// One more line, in the bucket its flags say.
    pub(crate) fn add_line(&mut self, code: bool, comment: bool) {
        self.lines += 1;
        match (code, comment) {
            (true, _) => self.code += 1,
            (false, true) => self.comments += 1,
            _ => self.blanks += 1,
        }
    }

    /// The lines a running total has grown by since `earlier`. A counter's running totals get
    /// their blanks only at the end of the file, so the blanks here are what the other lines
    /// leave.
    pub(crate) fn since(&self, earlier: &Counts) -> Counts {
        let (lines, code, comments) =
            (self.lines - earlier.lines, self.code - earlier.code, self.comments - earlier.comments);
        Counts { lines, code, comments, blanks: lines - code - comments }
    }
}

impl Counts {
    /// `self` with `o`'s lines taken out, none below zero: a total less a part of it (a file
    /// counted twice, a file's embedded regions).
    pub fn less(&self, o: &Counts) -> Counts {
        Counts {
            lines: self.lines.saturating_sub(o.lines),
            code: self.code.saturating_sub(o.code),
            comments: self.comments.saturating_sub(o.comments),
            blanks: self.blanks.saturating_sub(o.blanks),
        }
    }
}

/// The lines of each language embedded in a file (a page's scripts and styles, PHP's HTML, a
/// Markdown file's fenced code), by language, each counted in the file's totals too. Empty, and
/// unallocated, for most files.
pub type Embedded = Vec<(LangId, Counts)>;

impl AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        self.lines += o.lines;
        self.code += o.code;
        self.comments += o.comments;
        self.blanks += o.blanks;
    }
}

/// Counts a whole in-memory file through the fast path.
pub fn count(lang: LangId, bytes: &[u8]) -> Counts {
    LineCounter::new(lang).finish(bytes)
}

/// [`count`] with options.
pub fn count_with(lang: LangId, options: Options, bytes: &[u8]) -> Counts {
    LineCounter::with_options(lang, options).finish(bytes)
}

/// [`count_with`], and the lines of each language embedded in the file.
pub fn count_embedded(lang: LangId, options: Options, bytes: &[u8]) -> (Counts, Embedded) {
    LineCounter::with_options(lang, options).finish_embedded(bytes)
}
