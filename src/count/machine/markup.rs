//! Code mode of a page shaped like HTML (`syntax::markup`), 64 bytes at a time. An attribute value
//! is code and a newline ends it, so a block's lines are settled from its masks as if it held no
//! string; the values matter only for the `<` inside them, which open nothing. So a block costs
//! its newline, non-blank and prefix masks: a `<` opens something only before `!`, `sc` or `st`
//! (any case: `<!--`, `<script`, `<style`), and only such a `<` (a few in a page) is looked at
//! alone. Whether it stands inside a value is found then, by reading from the last place where
//! that was known, or from the start of its line if that is later (a newline ends a value).

use super::prose::mark_free_windows;
use super::tally::LineTally;
use super::{LineCounter, Mode};
use crate::count::syntax::markup::{Markup, SPECIALS};
use crate::simd::bits::above;
use crate::simd::masks::{Lanes, BLOCK};

/// Where the attribute value state is known: at `at`, the quote of the value open there (0:
/// none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Known {
    pub(super) at: usize,
    pub(super) open: u8,
}

impl Known {
    /// The state at `to` (at or after `self.at`), read from the last newline before it if there
    /// is one since `self.at` (a newline ends any value), and where it holds: `to`, or just past
    /// it when an `=` before `to` opens a value whose quote is the byte at `to`.
    #[inline(always)]
    pub(super) fn line_to<L: Lanes>(self, lanes: L, buf: &[u8], to: usize) -> Known {
        let from = match memchr::memrchr(b'\n', &buf[self.at..to]) {
            Some(nl) => Known { at: self.at + nl + 1, open: 0 },
            None => self,
        };
        from.read_to(lanes, buf, to)
    }

    /// The state at `to` (at or after `self.at`), and where it holds: `to`, or just past it when
    /// an `=` before `to` opens a value whose quote is the byte at `to`.
    #[inline(always)]
    pub(super) fn read_to<L: Lanes>(self, lanes: L, buf: &[u8], to: usize) -> Known {
        let mut k = self;
        while k.at + BLOCK <= to {
            k = k.by_block(lanes, buf[k.at..k.at + BLOCK].try_into().expect("a whole block"));
        }
        k.by_bytes(buf, to)
    }

    /// The state further on in the 64 bytes from `self.at`, found by bit searches: at least 63
    /// bytes on (an `=` at the last byte waits for the next block, whose first byte it reads).
    #[inline(always)]
    fn by_block<L: Lanes>(self, lanes: L, block: &[u8; BLOCK]) -> Known {
        let [double, single, eq] = lanes.byte_masks([b'"', b'\'', b'='], block);
        let newlines = lanes.byte_mask(b'\n', block);
        let openers = eq & (double | single) >> 1;
        let (mut at, mut open) = (0, self.open);
        loop {
            if open != 0 {
                let closers = if open == b'"' { double } else { single };
                let ends = (closers | newlines) & above(at);
                if ends == 0 {
                    return Known { at: self.at + BLOCK, open };
                }
                at = ends.trailing_zeros() as usize + 1;
            }
            let next = openers & above(at);
            if next == 0 {
                return Known { at: self.at + at.max(BLOCK - 1), open: 0 };
            }
            let p = next.trailing_zeros() as usize;
            open = block[p + 1];
            at = p + 2;
        }
    }

    /// The state at `to`, a byte at a time: as the byte loop reads code and attribute values.
    #[inline(always)]
    pub(super) fn by_bytes(self, buf: &[u8], to: usize) -> Known {
        let (mut at, mut open) = (self.at, self.open);
        while at < to {
            let b = buf[at];
            at += 1;
            if open != 0 {
                if b == open || b == b'\n' {
                    open = 0;
                }
            } else if b == b'=' {
                if let Some(&q @ (b'"' | b'\'')) = buf.get(at) {
                    open = q;
                    at += 1;
                }
            }
        }
        Known { at, open }
    }
}

impl LineCounter {
    /// Code mode of a page from `i`, while no region is open. Returns where fewer than a block
    /// (and the two bytes after it) is left before `limit` (the mode set to the attribute value
    /// open there, if any), or where the general mark path changed the mode.
    #[inline(always)]
    pub(super) fn markup_blocks_here<L: Lanes>(
        &mut self,
        lanes: L,
        shape: &Markup,
        buf: &[u8],
        mut i: usize,
        limit: usize,
    ) -> usize {
        let mut known = Known { at: i, open: 0 };
        let mut tally = LineTally::begin(self);
        let windows = &buf[..limit.saturating_add(2).min(buf.len())];
        loop {
            let (at, m) = mark_free_windows(windows, i, &mut tally, |w| lanes.prefix_masks(&SPECIALS, w));
            i = at;
            let Some(m) = m else { break };
            let mut start = 0;
            let mut specials = m.marks;
            while specials != 0 {
                let p = specials.trailing_zeros() as usize;
                specials &= specials - 1;
                if p < start || plain_tag(buf, i + p) {
                    continue;
                }
                known = known.line_to(lanes, buf, i + p);
                if known.open != 0 {
                    continue;
                }
                tally.code_lines(&m, start, p);
                tally.end(self);
                let after = self.mark(lanes, buf, i + p, limit);
                if !matches!(self.mode, Mode::Code) {
                    return after;
                }
                tally = LineTally::begin(self);
                known = Known { at: after, open: 0 };
                start = after - i;
            }
            if start < BLOCK {
                tally.code_lines(&m, start, BLOCK);
                i += BLOCK;
            } else {
                i += start;
            }
        }
        tally.end(self);
        self.leave_markup_blocks(lanes, shape, buf, known, i)
    }

    /// The loop's end at `i`: the attribute value open there becomes the mode. Returns where code
    /// goes on: `i`, or after the quote of a value whose `=` is the byte before it.
    #[inline(always)]
    fn leave_markup_blocks<L: Lanes>(
        &mut self,
        lanes: L,
        shape: &Markup,
        buf: &[u8],
        known: Known,
        i: usize,
    ) -> usize {
        let known = known.line_to(lanes, buf, i);
        if known.at > i {
            self.code = true;
        }
        if known.open != 0 {
            self.mode = Mode::Str { quote: shape.value(known.open), doc: false };
        }
        known.at
    }
}

/// A `<s` that starts neither `<script` nor `<style` (`<strong`, `<scope`): code, with no look
/// at the general mark path or the attribute values.
#[inline(always)]
fn plain_tag(buf: &[u8], at: usize) -> bool {
    let folded = |k: usize| buf.get(at + k).map(|b| b | 0x20);
    folded(1) == Some(b's')
        && !matches!((folded(2), folded(3)), (Some(b'c'), Some(b'r')) | (Some(b't'), Some(b'y')))
}

#[cfg(test)]
mod tests;
