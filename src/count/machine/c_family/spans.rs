//! One block's span bits, and the spans walked through them.

use crate::count::syntax::condition::{closes_condition, Earlier};
use crate::count::syntax::markers::{is_ws, regex_may_follow};
use crate::simd::bits::{above, below};

/// What the block loop is inside of: code, a string of one of four kinds, a comment (`LINE` and
/// `COMMENT`), or a tagged raw string (see [`in_comment`]).
pub(super) const CODE: usize = 0;
pub(super) const DOUBLE: usize = 1;
pub(super) const SINGLE: usize = 2;
pub(super) const RAW: usize = 3;
pub(super) const TRIPLE: usize = 4;
pub(super) const LINE: usize = 5;
pub(super) const COMMENT: usize = 6;
/// A tagged raw string, found from its quote.
pub(super) const TAGGED: usize = 7;
/// Not a span: the loop stopped in code, at a span it leaves to the byte loop.
pub(super) const STOP: usize = 8;
/// The length of each kind's opener (from the quote on, for a tagged raw string).
pub(super) const OPENER: [usize; 8] = [0, 1, 1, 1, 3, 2, 2, 1];

/// `inside` is a comment. A tagged raw string and a stop come after the comments so that C's
/// kinds keep their numbers; only `EXTRA_FORMS` loops have them.
#[inline(always)]
pub(super) fn in_comment<const EXTRA_FORMS: bool>(inside: usize) -> bool {
    if EXTRA_FORMS {
        inside == LINE || inside == COMMENT
    } else {
        inside >= LINE
    }
}

/// One block's bits, each a field of its own: kept in registers, not in an array indexed by the
/// state (a store and a load between one span and the next; drivers/net 20.9 against 20.5 ms).
pub(super) struct Bits {
    /// Where a span opens in code.
    pub(super) opens: u64,
    /// Every `"`, escaped or not: what may close a tagged raw string.
    pub(super) quotes: u64,
    /// Where a `'` string or character literal opens.
    pub(super) single: u64,
    /// Where a `/*` comment opens.
    pub(super) block_open: u64,
    /// An opener's kind in three planes, each adding its bit's value to `DOUBLE` (the kind of the
    /// rest of `opens`: `"`, a tagged raw string's among them): one test a plane, on the chain
    /// from one span to the next, where there was one a kind.
    pub(super) kind_1: u64,
    pub(super) kind_2: u64,
    pub(super) kind_4: u64,
    /// Where the loop may stop and leave the rest to the byte loop: a template's backtick, or a
    /// slash that opens no comment (a regex literal's where the byte before allows one).
    pub(super) stops: u64,
    /// The stops that are templates' backticks.
    pub(super) template: u64,
    /// Where each kind of span can end: its unescaped closer or a newline (one-line strings), a
    /// backtick (raw strings), the first quote of an unescaped `"""` (text blocks), an unspliced
    /// newline (`//`), the `*` of `*/`.
    pub(super) double_end: u64,
    pub(super) single_end: u64,
    pub(super) raw_end: u64,
    pub(super) triple_end: u64,
    pub(super) line_end: u64,
    pub(super) block_end: u64,
    pub(super) newlines: u64,
    /// The byte after the block is escaped: the block ends in an odd run of backslashes.
    pub(super) escape_out: u64,
    /// Where splices count, the slashes a backslash follows: a splice may cut a comment's opener
    /// there (`/\` newline `*`), which the byte loop reads.
    pub(super) slash_backslash: u64,
}

/// `LONG_STRINGS` below: the language has raw strings or text blocks; `EXTRA_FORMS`: Rust's forms (see
/// [`CFamily::rich`]). Without them (C and most others) the span walk compiles to what it was
/// before they existed: a table lookup for the opener's length and two more arms in each match
/// made C's count 10% slower (109 against 120 ms).
impl Bits {
    /// Where the span `inside` can end.
    #[inline(always)]
    fn ends<const LONG_STRINGS: bool>(&self, inside: usize) -> u64 {
        match inside {
            DOUBLE => self.double_end,
            SINGLE => self.single_end,
            RAW if LONG_STRINGS => self.raw_end,
            TRIPLE if LONG_STRINGS => self.triple_end,
            LINE => self.line_end,
            _ => self.block_end,
        }
    }

    /// What the opener at `hit` opens, without a branch.
    #[inline(always)]
    fn kind<const LONG_STRINGS: bool>(&self, hit: usize) -> usize {
        let at = |bits: u64| (bits >> hit & 1) as usize;
        let long = if LONG_STRINGS { 2 * at(self.kind_2) } else { 0 };
        DOUBLE + at(self.kind_1) + long + 4 * at(self.kind_4)
    }
}

/// The state the C-family block loop carries from one block to the next.
pub(super) struct BlockCarry {
    pub(super) inside: usize,
    /// Where the next block's search starts: a marker may end in it (a comment's closer one
    /// byte in, a text block's two, a character literal or a raw string's tag up to a window).
    pub(super) from: usize,
    /// The next block's bytes that a closer already took.
    pub(super) spill: u64,
    /// The next block's first byte is escaped (a string's backslash ended this one).
    pub(super) escape: u64,
    /// How deep the open comment nests (1 where comments do not nest).
    pub(super) depth: u32,
    /// The open tagged raw string's tag length; at a stop, how many bytes before `from` the
    /// byte loop starts (C++'s raw string letter).
    pub(super) tag: usize,
}

/// Where the block loop stands inside one block.
pub(super) struct Span {
    pub(super) inside: usize,
    /// Where the open span began (0: in an earlier block).
    pub(super) start: usize,
    /// Where the search goes on (at a stop, where it stopped).
    pub(super) at: usize,
    /// The block's bits inside comments so far.
    pub(super) comment: u64,
    pub(super) depth: u32,
    pub(super) tag: usize,
}

/// The bytes a tagged raw string's closer and a regex's slash are checked against: the buffer,
/// where the block starts in it, the tag's byte, and the last non-blank byte and last bytes of
/// earlier chunks.
#[derive(Clone, Copy)]
pub(super) struct Text<'a> {
    pub(super) buf: &'a [u8],
    pub(super) i: usize,
    pub(super) tag_char: u8,
    pub(super) last_nonblank: Option<u8>,
    pub(super) earlier: &'a Earlier,
}

impl Text<'_> {
    /// A slash at `hit` would open a regex literal: the byte loop's own test, on the same bytes.
    #[inline(always)]
    pub(super) fn regex_at(&self, hit: usize) -> bool {
        let bytes = &self.buf[..self.i + hit];
        let before = bytes.iter().rev().find(|&&b| !is_ws(b) && b != b'\n').copied().or(self.last_nonblank);
        regex_may_follow(before) || before == Some(b')') && closes_condition(self.earlier.bytes(), bytes)
    }
}

impl Span {
    /// Opens the span whose opener is at `hit`.
    #[inline(always)]
    pub(super) fn open<const LONG_STRINGS: bool, const EXTRA_FORMS: bool>(
        &mut self,
        bits: &Bits,
        hit: usize,
    ) {
        self.inside = bits.kind::<LONG_STRINGS>(hit);
        self.start = hit;
        if EXTRA_FORMS {
            self.depth = 1;
        }
        // Without the long forms, only the comments' openers (plane 4) take two bytes.
        self.at =
            hit + if LONG_STRINGS { OPENER[self.inside] } else { 1 + (bits.kind_4 >> hit & 1) as usize };
    }

    /// Closes the open span if it ends in this block; `false` if it goes on past it.
    #[inline(always)]
    pub(super) fn close<const LONG_STRINGS: bool, const EXTRA_FORMS: bool>(
        &mut self,
        bits: &Bits,
        nested: bool,
        text: Text,
    ) -> bool {
        if EXTRA_FORMS && self.inside == TAGGED {
            return self.close_tagged(bits, text);
        }
        if EXTRA_FORMS && nested && self.inside == COMMENT {
            return self.close_nested(bits);
        }
        let hits = bits.ends::<LONG_STRINGS>(self.inside) & above(self.at);
        if hits == 0 {
            return false;
        }
        let hit = hits.trailing_zeros() as usize;
        // A one-line string's newline ends it and is the line's end in code; a line comment ends
        // before its newline too; `*/` takes two bytes and `"""` three.
        let end = match self.inside {
            LINE => hit,
            COMMENT => hit + 2,
            TRIPLE if LONG_STRINGS => hit + 3,
            RAW if LONG_STRINGS => hit + 1,
            _ => hit + 1 - (bits.newlines >> hit & 1) as usize,
        };
        if in_comment::<EXTRA_FORMS>(self.inside) {
            self.comment |= above(self.start) & below(end);
        }
        self.inside = CODE;
        self.at = end;
        true
    }

    /// [`Span::close`] for a tagged raw string: the first quote with the whole tag after it.
    #[inline(always)]
    fn close_tagged(&mut self, bits: &Bits, text: Text) -> bool {
        let mut quotes = bits.quotes & above(self.at);
        while quotes != 0 {
            let hit = quotes.trailing_zeros() as usize;
            quotes &= quotes - 1;
            let after = text.i + hit + 1;
            if text.buf.get(after..after + self.tag).is_some_and(|t| t.iter().all(|&b| b == text.tag_char)) {
                self.inside = CODE;
                self.at = hit + 1 + self.tag;
                return true;
            }
        }
        false
    }

    /// [`Span::close`] for a comment that nests: each `/*` on the way goes one deeper, each `*/`
    /// one out, and they are taken from left to right, so `/*/` opens and `*/*` closes.
    #[inline(always)]
    fn close_nested(&mut self, bits: &Bits) -> bool {
        loop {
            let hits = (bits.block_end | bits.block_open) & above(self.at);
            if hits == 0 {
                return false;
            }
            let hit = hits.trailing_zeros() as usize;
            self.at = hit + 2;
            if bits.block_open >> hit & 1 != 0 {
                self.depth += 1;
                continue;
            }
            self.depth -= 1;
            if self.depth == 0 {
                self.comment |= above(self.start) & below(self.at);
                self.inside = CODE;
                return true;
            }
        }
    }
}
