//! The modes inside a span: comments, strings, regex literals and heredoc bodies. Each returns
//! where it stopped; it leaves the mode set for whatever comes next.

use std::ops::ControlFlow;

use memchr::{memchr, memchr2};

use super::{InInterpolation, LineCounter, Mode};
use crate::count::syntax::markers::{
    block_closes, block_opens, comment_string_at, has_prefix, heredoc_closes, interpolation_opens, is_ws,
    line_indent, quote_closes, window, Close, InComment, InterpolationOpener, Place, Scalar, Tag,
};
use crate::count::syntax::plan::{literal_block_marker, literal_quote};
use crate::count::syntax::quote_like::{delim_step, regex_interpolation, Delim, DelimStep};
use crate::lang::{Block, Embed, Quote, QuoteLikes};
use crate::simd::masks::BLOCK;
use crate::simd::scan::StopSet;

/// Where a block comment's depth keeps the string open inside it (see
/// [`LineCounter::block_with_strings`]).
const COMMENT_STRING_SHIFT: u32 = 28;
const COMMENT_DEPTH: u32 = (1 << COMMENT_STRING_SHIFT) - 1;

impl LineCounter {
    pub(super) fn line_comment(&mut self, buf: &[u8], mut i: usize, limit: usize) -> usize {
        if !self.comment {
            // A line continued by a splice: comment if anything but blanks is on it.
            while i < limit && is_ws(buf[i]) {
                i += 1;
            }
            if i == limit {
                return i;
            }
            self.comment = buf[i] != b'\n';
        }
        let end = if self.cls.syntax.embed == Embed::Php {
            self.php_comment_end(buf, i, limit)
        } else {
            StopSet::four([b'\n'; 4]).find(&buf[i..limit])
        };
        match end {
            Some(off) if buf[i + off] == b'?' => {
                // PHP's `?>` ends the comment and the code: code mode opens the page there.
                self.mode = self.after_span();
                i + off
            }
            Some(off) => {
                let nl = i + off;
                if !(self.cls.syntax.splice && self.spliced(buf, nl)) {
                    self.mode = self.after_span();
                }
                self.newline();
                nl + 1
            }
            None => limit,
        }
    }

    /// Where a PHP line comment ends: its newline, or a `?>` before it (at the `?`).
    fn php_comment_end(&self, buf: &[u8], i: usize, limit: usize) -> Option<usize> {
        let mut at = i;
        loop {
            at += memchr2(b'\n', b'?', &buf[at..limit])?;
            if buf[at] == b'\n' || buf.get(at + 1) == Some(&b'>') {
                return Some(at - i);
            }
            at += 1;
        }
    }

    /// [`LineCounter::block`] for a language whose comments hold strings (OCaml's), a byte at a
    /// time. The string open inside the comment is kept in `depth`'s top bits (its index in the
    /// language's quotes, plus one), so the mode stays as small as it is.
    #[inline(never)]
    fn block_with_strings(
        &mut self,
        buf: &[u8],
        mut i: usize,
        limit: usize,
        block: &'static Block,
        depth: u32,
    ) -> usize {
        let quotes = self.cls.syntax.quotes;
        let mut inner = (depth >> COMMENT_STRING_SHIFT) as usize;
        let mut depth = depth & COMMENT_DEPTH;
        while i < limit {
            let b = buf[i];
            if b == b'\n' {
                self.end_line();
                i += 1;
                continue;
            }
            if is_ws(b) {
                i += 1;
                continue;
            }
            let head = !self.comment && !self.code;
            self.comment = true;
            let rest = window(buf, i);
            if let Some(quote) = inner.checked_sub(1).map(|k| &quotes[k]) {
                if Some(b) == quote.escape {
                    if buf.get(i + 1) == Some(&b'\n') {
                        self.end_line();
                    }
                    i += 2;
                    continue;
                }
                i += match quote_closes(rest, quote, &self.tag) {
                    Some(Close::Ends(len)) => {
                        inner = 0;
                        self.tag = Tag::EMPTY;
                        len
                    }
                    Some(Close::Text(len)) => len,
                    None => 1,
                };
                continue;
            }
            match comment_string_at(rest, self.before(buf, i, 1), self.cls.syntax) {
                Some(InComment::Opens(quote, len, tag)) => {
                    inner =
                        1 + quotes.iter().position(|q| std::ptr::eq(q, quote)).expect("one of its quotes");
                    // The comment has no tag of its own (OCaml's): the string's is kept here.
                    self.tag = tag;
                    i += len;
                    continue;
                }
                Some(InComment::Char(len)) => {
                    i += len;
                    continue;
                }
                None => {}
            }
            let place = Place { start: block.line_start && self.line_start(buf, i), head };
            if let Some(len) = block_closes(rest, block, &Tag::EMPTY, place) {
                i += len;
                depth -= 1;
                if depth == 0 {
                    self.mode = self.after_span();
                    return i;
                }
                continue;
            }
            if block.nested {
                if let Some((len, _)) = block_opens(rest, block, self.cls.syntax.tag_chars, place) {
                    i += len;
                    depth += 1;
                    continue;
                }
            }
            i += 1;
        }
        self.mode = Mode::Block { block, depth: depth | (inner as u32) << COMMENT_STRING_SHIFT };
        i
    }

    /// A backslash right before the newline at `nl` (a `\r` between them allowed): a splice may
    /// continue the line comment it ends (the block loops leave that comment to `line_comment`).
    pub(super) fn may_splice(&self, buf: &[u8], nl: usize) -> bool {
        match self.before(buf, nl, 1) {
            b'\\' => true,
            b'\r' => self.before(buf, nl, 2) == b'\\',
            _ => false,
        }
    }

    /// A splice continues the line comment the newline at `nl` ends: a backslash right before
    /// it; in make, an odd run of them, on a comment line that is no recipe's.
    fn spliced(&self, buf: &[u8], nl: usize) -> bool {
        self.may_splice(buf, nl) && (!self.cls.syntax.odd_splice || self.make_splice(buf, nl))
    }

    /// Make's splice (see `Backslashes`), out of line: a comment line ending in a backslash.
    #[inline(never)]
    fn make_splice(&self, buf: &[u8], nl: usize) -> bool {
        self.backslashes.after(&buf[..nl]).splice(self.code)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn block(
        &mut self,
        buf: &[u8],
        mut i: usize,
        limit: usize,
        block: &'static Block,
        mut depth: u32,
    ) -> usize {
        let syntax = self.cls.syntax;
        if syntax.comment_strings {
            return self.block_with_strings(buf, i, limit, block, depth);
        }
        let nested = block.nested;
        let literal = literal_closer(block);
        if self.by_blocks(block) {
            i = self.comment_blocks(block.close, buf, i, limit);
            if !matches!(self.mode, Mode::Block { .. }) {
                return i;
            }
        }
        let opener = if nested { block.open[0] } else { b'\n' };
        let stops = StopSet::four([b'\n', block.close[0], opener, opener]);
        while i < limit {
            let b = buf[i];
            if b == b'\n' {
                // Still in the comment: no heredoc body can start here, the line just ends.
                self.end_line();
                i += 1;
                // The indent and blanks opening the next comment line, in a loop of their own.
                while i < limit && is_ws(buf[i]) {
                    i += 1;
                }
                continue;
            }
            if is_ws(b) {
                i += 1;
                continue;
            }
            // Nothing but blanks before this byte on its line, for markers that must stand alone.
            let head = !self.comment && !self.code;
            self.comment = true;
            // Only a closer's or an opener's first byte can change anything; the line is marked.
            if b == block.close[0] || b == opener {
                let rest = window(buf, i);
                let place = Place { start: block.line_start && self.line_start(buf, i), head };
                if let Some(len) = self.block_close(rest, block, place, literal) {
                    i += len;
                    depth -= 1;
                    if depth == 0 {
                        self.mode = self.after_span();
                        return i;
                    }
                    continue;
                }
                if nested {
                    if let Some((len, _)) = block_opens(rest, block, syntax.tag_chars, place) {
                        i += len;
                        depth += 1;
                        continue;
                    }
                }
            }
            i += 1;
            i += stops.find(&buf[i..limit]).unwrap_or(limit - i);
        }
        self.mode = Mode::Block { block, depth };
        i
    }

    /// The length of the open block's closer at the start of `rest` (a [`window`]).
    #[inline(always)]
    fn block_close(&self, rest: &[u8], block: &Block, place: Place, literal: bool) -> Option<usize> {
        if cannot_close(rest, block) {
            return None;
        }
        if literal {
            return has_prefix(rest, block.close).then_some(block.close.len());
        }
        block_closes(rest, block, &self.tag, place)
    }

    pub(super) fn string(
        &mut self,
        buf: &[u8],
        mut i: usize,
        limit: usize,
        quote: &'static Quote,
        doc: bool,
    ) -> usize {
        if self.string_by_blocks(quote) {
            i = self.string_blocks(quote, doc, buf, i, limit);
            if !matches!(self.mode, Mode::Str { .. }) {
                return i;
            }
        }
        let escape = quote.escape.unwrap_or(b'\n');
        let interpolation = quote.interpolation.map_or(b'\n', |h| h.open[0]);
        let stops = StopSet::four([b'\n', quote.close[0], escape, interpolation]);
        let literal = literal_quote(quote);
        while i < limit {
            let b = buf[i];
            if b == b'\n' {
                if !quote.multiline {
                    self.mode = self.after_span();
                }
                self.newline();
                i += 1;
                if !quote.multiline {
                    return i;
                }
                continue;
            }
            if is_ws(b) {
                i += 1;
                continue;
            }
            if doc {
                self.comment = true;
            } else {
                self.code = true;
            }
            match self.string_interpolation(buf, i, quote, doc) {
                Some(ControlFlow::Break(end)) => return end,
                Some(ControlFlow::Continue(next)) => {
                    i = next;
                    continue;
                }
                None => {}
            }
            if Some(b) == quote.escape {
                // An escaped newline continues the string on the next line, even a one-line string.
                if buf.get(i + 1) == Some(&b'\n') {
                    self.end_line();
                }
                i += 2;
                continue;
            }
            if b == quote.close[0] {
                match self.quote_close(window(buf, i), quote, literal) {
                    Some(Close::Ends(len)) => {
                        self.mode = self.after_span();
                        return i + len;
                    }
                    Some(Close::Text(len)) => {
                        i += len;
                        continue;
                    }
                    None => {}
                }
            }
            // The line is marked; only a newline, an escape, a closer or an interpolation can change
            // anything.
            i += 1;
            i += stops.find(&buf[i..limit]).unwrap_or(limit - i);
        }
        self.mode = Mode::Str { quote, doc };
        i
    }

    /// An interpolation's opener at `i` in a string: `Break` where the interpolation opened (the
    /// mode is set to it), `Continue` past text that only looks like one, `None` where there is
    /// neither.
    #[inline(always)]
    fn string_interpolation(
        &mut self,
        buf: &[u8],
        i: usize,
        quote: &'static Quote,
        doc: bool,
    ) -> Option<ControlFlow<usize, usize>> {
        let h = quote.interpolation.filter(|h| buf[i] == h.open[0] && self.open_interpolation.is_none())?;
        match interpolation_opens(window(buf, i), &h)? {
            InterpolationOpener::Opens(len) => {
                self.open_interpolation =
                    Some(InInterpolation { quote, tag: self.tag, doc, depth: 0, regex: None });
                self.mode = Mode::Interpolation;
                Some(ControlFlow::Break(i + len))
            }
            InterpolationOpener::Text(len) => Some(ControlFlow::Continue(i + len)),
        }
    }

    /// What the open string's closer at the start of `rest` (a [`window`]) does.
    #[inline(always)]
    fn quote_close(&self, rest: &[u8], quote: &Quote, literal: bool) -> Option<Close> {
        if literal {
            return has_prefix(rest, quote.close).then_some(Close::Ends(quote.close.len()));
        }
        quote_closes(rest, quote, &self.tag)
    }

    /// A regex literal: its line is code already; only where it ends matters. A `/` inside a
    /// character class or after a backslash does not end it, and neither does anything but the
    /// newline when it is unterminated. Perl's and Ruby's regexes (the languages with quote-likes)
    /// go on over newlines (`/x` patterns), their lines code or blank. Ruby's interpolate
    /// ([`regex_interpolation`]), unless opened in an interpolation.
    pub(super) fn regex(&mut self, buf: &[u8], mut i: usize, limit: usize, mut class: bool) -> usize {
        let multiline = self.cls.syntax.quote_likes != QuoteLikes::None;
        let interpolating =
            regex_interpolation(self.cls.syntax).filter(|_| self.open_interpolation.is_none());
        while i < limit {
            match interpolating.and_then(|q| self.regex_interpolation_at(buf, i, q, class)) {
                Some(ControlFlow::Break(end)) => return end,
                Some(ControlFlow::Continue(next)) => {
                    i = next;
                    continue;
                }
                None => {}
            }
            match buf[i] {
                b'\n' if multiline => {
                    // A character class does not run over lines: a `[` in `(?#...)` opens none.
                    class = false;
                    self.newline();
                    i += 1;
                }
                b'\n' => {
                    self.mode = self.after_span();
                    self.newline();
                    return i + 1;
                }
                b if is_ws(b) => i += 1,
                _ if !self.code => self.code = true,
                b'\\' if buf.get(i + 1) != Some(&b'\n') => i += 2,
                b'[' => {
                    class = true;
                    i += 1;
                }
                b']' => {
                    class = false;
                    i += 1;
                }
                b'/' if !class => {
                    self.mode = self.after_span();
                    return i + 1;
                }
                _ => i += 1,
            }
        }
        self.mode = Mode::Regex { class };
        i
    }

    /// An interpolation's opener at `i` in a regex literal, as [`Self::string_interpolation`]
    /// answers for a string; `quote` is the string whose interpolation regexes share.
    #[inline(always)]
    fn regex_interpolation_at(
        &mut self,
        buf: &[u8],
        i: usize,
        quote: &'static Quote,
        class: bool,
    ) -> Option<ControlFlow<usize, usize>> {
        let h = quote.interpolation.filter(|h| buf[i] == h.open[0])?;
        let opener = interpolation_opens(window(buf, i), &h)?;
        self.code = true;
        match opener {
            InterpolationOpener::Opens(len) => {
                let regex = Some(class);
                self.open_interpolation =
                    Some(InInterpolation { quote, tag: Tag::EMPTY, doc: false, depth: 0, regex });
                self.mode = Mode::Interpolation;
                Some(ControlFlow::Break(i + len))
            }
            InterpolationOpener::Text(len) => Some(ControlFlow::Continue(i + len)),
        }
    }

    /// Whether `b` is a blank or a newline (which it ends the line at): in a quote-like's gaps and
    /// an interpolation's code such a byte is stepped over and says nothing about its line.
    #[inline(always)]
    pub(super) fn passes_blank(&mut self, b: u8) -> bool {
        if b == b'\n' {
            self.newline();
            return true;
        }
        is_ws(b)
    }

    /// A quote-like body: its lines are string (code) or blank; only an escape, a bracket of its
    /// delimiter or its closer can change anything, and in the gap between two bodies the next
    /// non-blank byte.
    pub(super) fn delimited(&mut self, buf: &[u8], mut i: usize, limit: usize, mut d: Delim) -> usize {
        while i < limit {
            let b = buf[i];
            if self.passes_blank(b) {
                i += 1;
                continue;
            }
            match delim_step(d, window(buf, i)) {
                DelimStep::Inside(next, len) => {
                    self.code = true;
                    d = next;
                    i += len;
                }
                DelimStep::Ends(len) => {
                    self.code |= len > 0;
                    self.mode = self.after_span();
                    return i + len;
                }
            }
            if let Some([a, b, c]) = d.stops().filter(|_| i < limit) {
                i += StopSet::four([b'\n', a, b, c]).find(&buf[i..limit]).unwrap_or(limit - i);
            }
        }
        self.mode = Mode::Delim(d);
        i
    }

    /// A heredoc body: every line is string (code) or blank, until a line holding only the word.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn heredoc(
        &mut self,
        buf: &[u8],
        mut i: usize,
        limit: usize,
        indent: bool,
        mut fresh: bool,
    ) -> usize {
        while i < limit {
            let b = buf[i];
            if b == b'\n' {
                self.newline();
                fresh = true;
                i += 1;
                continue;
            }
            if is_ws(b) {
                i += 1;
                continue;
            }
            self.code = true;
            if fresh && (indent || self.line_start(buf, i)) {
                let lax = self.cls.syntax.heredoc.is_some_and(|h| h.lax);
                if let Some(len) = heredoc_closes(window(buf, i), &self.tag, lax) {
                    self.mode = self.after_span();
                    self.pending = self.later.next();
                    return i + len;
                }
            }
            fresh = false;
            i += 1;
            i += memchr(b'\n', &buf[i..limit]).unwrap_or(limit - i);
        }
        self.mode = Mode::Heredoc { indent, fresh };
        i
    }

    /// A YAML block scalar's body (or Kconfig's help text): a line indented as its content is
    /// string (code) or blank; the
    /// first line indented less ends it and is read again in code. Whole blocks go by the block
    /// loop (`scalar_blocks.rs`), the bytes short of one here.
    pub(super) fn block_scalar(
        &mut self,
        buf: &[u8],
        mut i: usize,
        limit: usize,
        mut scalar: Scalar,
        mut fresh: bool,
    ) -> usize {
        if limit.saturating_sub(i) >= BLOCK && self.lines_in_bulk() {
            i = self.scalar_blocks(scalar, fresh, buf, i, limit);
            match self.mode {
                Mode::Scalar { scalar: open, fresh: still } => (scalar, fresh) = (open, still),
                _ => return i,
            }
        }
        while i < limit {
            let b = buf[i];
            if b == b'\n' {
                self.newline();
                fresh = true;
                i += 1;
                continue;
            }
            if is_ws(b) {
                i += 1;
                continue;
            }
            if fresh {
                match scalar.holds(scalar.width(line_indent(&buf[..i], self.line_head))) {
                    Some(open) => scalar = open,
                    None => {
                        self.mode = self.after_span();
                        return i;
                    }
                }
                fresh = false;
            }
            self.code = true;
            i += 1;
            i += memchr(b'\n', &buf[i..limit]).unwrap_or(limit - i);
        }
        self.mode = Mode::Scalar { scalar, fresh };
        i
    }
}

/// A literal closer ([`literal_block_marker`]) costs no call into `block_closes` at the end of every
/// comment (3 M of 79 M instructions on drivers/net/ethernet/intel, by callgrind).
#[inline(always)]
fn literal_closer(block: &Block) -> bool {
    literal_block_marker(block, block.close)
}

/// An untagged closer whose second byte is not the next one: the common `*` opening a line of a
/// C comment, told apart without the call into `block_closes` (4 M of 86 M instructions on
/// drivers/net/ethernet/intel, by callgrind).
#[inline(always)]
fn cannot_close(rest: &[u8], block: &Block) -> bool {
    block.tag.is_none() && block.close.get(1).is_some_and(|c| rest.get(1) != Some(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::syntax::markers::Tag;
    use crate::lang::{LangId, TagAt};

    /// One block per rule that keeps a closer from being literal; no language has the first yet.
    const MADE_UP: &[Block] = &[
        Block { open: b"<<", close: b">>", line_start: true, alone: false, nested: false, tag: None },
        Block { open: b"<<", close: b">>", line_start: false, alone: true, nested: false, tag: None },
        Block { open: b"<<", close: b"end", line_start: false, alone: false, nested: false, tag: None },
        Block {
            open: b"<<",
            close: b">>",
            line_start: false,
            alone: false,
            nested: false,
            tag: Some(TagAt { open: 1, close: 1 }),
        },
    ];

    #[test]
    fn a_literal_closer_closes_wherever_its_bytes_stand() {
        let table = LangId::all().flat_map(|id| id.language().syntax.block_comments.iter());
        let mut literal = 0;
        for b in table.chain(MADE_UP).filter(|b| literal_closer(b)) {
            literal += 1;
            for after in [&b""[..], b"x", b" x", b" \n", b"=", b">"] {
                let rest = [b.close, after].concat();
                for (start, head) in [(false, false), (false, true), (true, false), (true, true)] {
                    let place = Place { start, head };
                    let closes = block_closes(&rest, b, &Tag::new(b"="), place);
                    assert_eq!(closes, Some(b.close.len()), "{b:?} before {after:?} at {place:?}");
                }
            }
        }
        assert!(literal > 0, "no closer in the table is literal");
    }

    fn made_up_quote(close: &'static [u8], tag: Option<TagAt>, doubled: bool, run: bool) -> Quote {
        Quote {
            open: b"q",
            close,
            escape: None,
            multiline: true,
            doc: false,
            doubled,
            close_last_of_run: run,
            char_literal: false,
            tag,
            interpolation: None,
        }
    }

    #[test]
    fn a_literal_quote_ends_wherever_its_closer_stands() {
        let made_up = [
            made_up_quote(b"\"", Some(TagAt { open: 1, close: 1 }), false, false),
            made_up_quote(b"'", None, true, false),
            made_up_quote(b"\"\"\"", None, false, true),
        ];
        let table = LangId::all().flat_map(|id| id.language().syntax.quotes.iter());
        let mut literal = 0;
        for q in table.chain(&made_up).filter(|q| literal_quote(q)) {
            literal += 1;
            for after in [&b""[..], b"x", b" ", q.close, &q.close[q.close.len() - 1..]] {
                let rest = [q.close, after].concat();
                let ends = quote_closes(&rest, q, &Tag::new(b"="));
                assert!(matches!(ends, Some(Close::Ends(n)) if n == q.close.len()), "{q:?} before {after:?}");
            }
        }
        assert!(literal > 0, "no quote in the table is literal");
    }
}
