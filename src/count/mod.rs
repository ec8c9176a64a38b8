//! The classifier: bytes in, line counts out. Pure: no I/O, no allocation per file.
//!
//! Rules (also in README.md): a line holding only whitespace is blank, wherever it is; a line with any
//! non-whitespace byte outside every comment is code (string contents are code, doc strings aside);
//! any other line is a comment line. Lines are the number of `\n` plus one if the last byte is not `\n`.

mod classifier;
mod machine;
mod reference;
#[cfg(test)]
mod tests;

use std::ops::AddAssign;

use serde::Serialize;

pub use classifier::Classifier;
pub use machine::LineCounter;
pub use reference::count_reference;

use crate::lang::LangId;

/// Upper bound on the bytes a caller must carry from one chunk to the next (see [`LineCounter::feed`]).
pub const MAX_TOKEN: usize = 16;

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub lines: u64,
    pub code: u64,
    pub comments: u64,
    pub blanks: u64,
}

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
