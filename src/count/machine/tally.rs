//! The counts and line flags the block loops settle lines into. The C block loop holds one apart
//! from the counter while it runs: kept in `LineCounter`, they were read and written back through
//! memory on every block, a chain from each block to the next through store forwarding that set
//! the pace of blocks without a mark (those ran 1.25x faster once it was gone; benches/RESULTS.md).

use super::LineCounter;
use crate::simd::bits::{after_last, nonblank_ends, range};
use crate::simd::masks::{Masks, BLOCK};

#[derive(Debug, Clone, Copy)]
pub(super) struct LineTally {
    lines: u64,
    code_lines: u64,
    comment_lines: u64,
    /// The line begun holds code, or a comment ([`LineCounter`]'s flags of the same names).
    code: bool,
    comment: bool,
}

impl LineTally {
    #[inline(always)]
    pub(super) fn begin(counter: &LineCounter) -> LineTally {
        LineTally { lines: 0, code_lines: 0, comment_lines: 0, code: counter.code, comment: counter.comment }
    }

    /// Hands the lines settled and the flags of the line begun back to the counter.
    #[inline(always)]
    pub(super) fn end(self, counter: &mut LineCounter) {
        counter.counts.lines += self.lines;
        counter.counts.code += self.code_lines;
        counter.counts.comments += self.comment_lines;
        counter.code = self.code;
        counter.comment = self.comment;
    }

    /// The lines of bytes `from..to` of a block, which hold no mark: every newline ends a line of
    /// code if a non-blank byte stands before it on its line.
    #[inline(always)]
    pub(super) fn code_lines(&mut self, m: &Masks, from: usize, to: usize) {
        let range = range(from, to);
        let newlines = m.newlines & range;
        let nonblank = m.nonblank & range;
        if newlines == 0 {
            self.code |= nonblank != 0;
            return;
        }
        let ends = nonblank_ends(newlines, nonblank, range, u64::from(self.code) << from);
        // Only the line already begun can hold a comment (one that closed before `from`).
        let first = newlines & newlines.wrapping_neg();
        self.lines += u64::from(newlines.count_ones());
        self.code_lines += u64::from(ends.count_ones());
        self.comment_lines += u64::from(self.comment && ends & first == 0);
        self.comment = false;
        self.code = after_last(nonblank, newlines);
    }

    /// The line begun holds a comment.
    #[inline(always)]
    pub(super) fn comment(&self) -> bool {
        self.comment
    }

    /// The line begun holds code.
    #[inline(always)]
    pub(super) fn code(&self) -> bool {
        self.code
    }

    /// [`LineTally::code_lines`] of a whole block where the line begun holds no comment (nor can
    /// any other line of the block).
    #[inline(always)]
    pub(super) fn uncommented_lines(&mut self, m: &Masks) {
        debug_assert!(!self.comment, "a comment on the line begun");
        if m.newlines == 0 {
            self.code |= m.nonblank != 0;
            return;
        }
        let ends = nonblank_ends(m.newlines, m.nonblank, !0, u64::from(self.code));
        self.lines += u64::from(m.newlines.count_ones());
        self.code_lines += u64::from(ends.count_ones());
        self.code = after_last(m.nonblank, m.newlines);
    }

    /// The lines of bytes `from..to` of a block, which hold no mark but the line comments in
    /// `comment` (and strings, which are code): [`LineTally::code_lines`] where there are none,
    /// else a line is code if a non-blank byte outside them stands on it, comment if one inside.
    #[inline(always)]
    pub(super) fn marked_lines(&mut self, m: &Masks, comment: u64, from: usize, to: usize) {
        if comment == 0 {
            return self.code_lines(m, from, to);
        }
        let range = range(from, to);
        let newlines = m.newlines & range;
        let code = m.nonblank & !comment & range;
        let noted = m.nonblank & comment & range;
        if newlines == 0 {
            self.code |= code != 0;
            self.comment |= noted != 0;
            return;
        }
        let code_ends = nonblank_ends(newlines, code, range, u64::from(self.code) << from);
        let carry = u64::from(self.code | self.comment) << from;
        let marked_ends = nonblank_ends(newlines, m.nonblank & range, range, carry);
        let code_lines = u64::from(code_ends.count_ones());
        self.lines += u64::from(newlines.count_ones());
        self.code_lines += code_lines;
        self.comment_lines += u64::from(marked_ends.count_ones()) - code_lines;
        self.code = after_last(code, newlines);
        self.comment = after_last(noted, newlines);
    }

    /// The lines of a whole block inside a string: a doc string's are comment lines, as a
    /// comment's are (no code stands on a doc string's lines: it opens only where none did);
    /// any other string's are code.
    #[inline(always)]
    pub(super) fn string_lines(&mut self, m: &Masks, doc: bool) {
        if doc {
            self.comment_lines(m);
        } else {
            self.code_lines(m, 0, BLOCK);
        }
    }

    /// The line begun holds what a string's lines are not: code before a doc string, a comment
    /// before any other.
    #[inline(always)]
    pub(super) fn holds_other_kind(&self, doc: bool) -> bool {
        if doc {
            self.code
        } else {
            self.comment
        }
    }

    /// [`LineTally::string_lines`] where the line begun holds only the string's kind.
    #[inline(always)]
    pub(super) fn string_only_lines(&mut self, m: &Masks, doc: bool) {
        if doc {
            self.uncoded_comment_lines(m);
        } else {
            self.uncommented_lines(m);
        }
    }

    /// The lines of a whole block inside a comment: [`LineTally::block`] with every bit comment,
    /// where only the line already begun can hold code.
    #[inline(always)]
    pub(super) fn comment_lines(&mut self, m: &Masks) {
        if m.newlines == 0 {
            self.comment |= m.nonblank != 0;
            return;
        }
        let ends = nonblank_ends(m.newlines, m.nonblank, !0, u64::from(self.code | self.comment));
        let code = u64::from(self.code);
        self.lines += u64::from(m.newlines.count_ones());
        self.code_lines += code;
        self.comment_lines += u64::from(ends.count_ones()) - code;
        self.code = false;
        self.comment = after_last(m.nonblank, m.newlines);
    }

    /// [`LineTally::comment_lines`] where the line begun holds no code.
    #[inline(always)]
    pub(super) fn uncoded_comment_lines(&mut self, m: &Masks) {
        debug_assert!(!self.code, "code on the line begun");
        if m.newlines == 0 {
            self.comment |= m.nonblank != 0;
            return;
        }
        let ends = nonblank_ends(m.newlines, m.nonblank, !0, u64::from(self.comment));
        self.lines += u64::from(m.newlines.count_ones());
        self.comment_lines += u64::from(ends.count_ones());
        self.comment = after_last(m.nonblank, m.newlines);
    }

    /// The lines of a whole block, whose `comment` bits are inside comments: a line is code if a
    /// non-blank byte outside them stands on it, else comment if one inside does.
    #[inline(always)]
    pub(super) fn block(&mut self, m: &Masks, comment: u64) {
        let code = m.nonblank & !comment;
        let noted = m.nonblank & comment;
        if m.newlines == 0 {
            self.code |= code != 0;
            self.comment |= noted != 0;
            return;
        }
        let code_ends = nonblank_ends(m.newlines, code, !0, u64::from(self.code));
        let marked_ends = nonblank_ends(m.newlines, m.nonblank, !0, u64::from(self.code | self.comment));
        let code_lines = u64::from(code_ends.count_ones());
        self.lines += u64::from(m.newlines.count_ones());
        self.code_lines += code_lines;
        self.comment_lines += u64::from(marked_ends.count_ones()) - code_lines;
        self.code = after_last(code, m.newlines);
        self.comment = after_last(noted, m.newlines);
    }
}
