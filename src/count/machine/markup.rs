//! Code mode of a page shaped like HTML (`syntax::markup`), 64 bytes at a time. An attribute value
//! is code and a newline ends it, so a block's lines are settled from its masks as if it held no
//! string; the values matter only for the `<` inside them, which open nothing. The parity of the
//! `"` finds the values where that is exact, else bit searches walk from each value's `="` to its
//! closing quote or newline; only a `<` before `!`, `sc`, `st` (any case) outside them goes to the
//! general mark path (a `<!--`, `<script`, `<style`, `<!DOCTYPE`).

use super::{LineCounter, Mode};
use crate::count::syntax::markup::Markup;
use crate::simd::bits::{above, opaque, prefix_xor};
use crate::simd::masks::{Lanes, BLOCK};

/// A block's bytes as the walk needs them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct MarkupBits {
    /// The `=` of each `="` and `='`: an attribute value opens at the quote after it.
    pub(super) openers: u64,
    /// Each `<` before `!`, `s` or `S`, and a `<` or `=` at the block's last byte (its next byte
    /// is in the next block): the general mark path decides what they open.
    pub(super) specials: u64,
    /// The `=` of each `='`.
    pub(super) single_openers: u64,
    pub(super) double: u64,
    pub(super) single: u64,
    pub(super) newlines: u64,
}

impl MarkupBits {
    /// The bits of a block from its marks (every `<` and `=`), newlines and a few byte masks.
    #[inline(always)]
    pub(super) fn new<L: Lanes>(lanes: L, marks: u64, newlines: u64, block: &[u8; BLOCK]) -> MarkupBits {
        let [double, single, bang] = lanes.byte_masks([b'"', b'\'', b'!'], block);
        let [lt, s, big_s] = lanes.byte_masks([b'<', b's', b'S'], block);
        let eq = marks & !lt;
        let last = 1u64 << (BLOCK - 1);
        let (quotes_after, single_after) = (opaque(double | single) >> 1, opaque(single) >> 1);
        MarkupBits {
            openers: eq & quotes_after,
            single_openers: eq & single_after,
            specials: lt & opaque(bang | s | big_s) >> 1 | marks & last,
            double,
            single,
            newlines,
        }
    }

    /// The first special at or after `from` outside the attribute values, with `open` (the quote
    /// of a value open at `from`, or 0); otherwise `None` and the quote of the value open at the
    /// block's end (0: none).
    #[inline(always)]
    pub(super) fn walk(&self, from: usize, open: u8) -> (Option<usize>, u8) {
        self.by_parity(from, open).unwrap_or_else(|| self.by_search(from, open))
    }

    /// [`MarkupBits::walk`] in one step where the `"` alone decide: no `='` in the block, and
    /// from `from` on every other `"` (after the one open there) opens a value after an `=` and
    /// no value holds a newline. Then a byte is inside a value where the quotes before it are
    /// odd in number. `None` elsewhere.
    #[inline(always)]
    pub(super) fn by_parity(&self, from: usize, open: u8) -> Option<(Option<usize>, u8)> {
        if from >= BLOCK {
            return Some((None, open));
        }
        let carry = match open {
            0 => 0,
            b'"' => above(from),
            _ => return None,
        };
        let (quotes, openers) = (self.double & above(from), self.openers & above(from));
        let inside = prefix_xor(quotes) ^ carry;
        let opening = quotes & inside;
        let text = inside & !quotes;
        if self.single_openers != 0 || opening & !(openers << 1) != 0 || text & self.newlines != 0 {
            return None;
        }
        let specials = self.specials & above(from) & !inside;
        Some(match specials {
            0 if inside >> (BLOCK - 1) != 0 => (None, b'"'),
            0 => (None, 0),
            _ => (Some(specials.trailing_zeros() as usize), 0),
        })
    }

    /// [`MarkupBits::walk`] by bit searches, from each value's opener to its end.
    #[inline(always)]
    pub(super) fn by_search(&self, from: usize, mut open: u8) -> (Option<usize>, u8) {
        let mut at = from;
        loop {
            if open != 0 {
                let closers = if open == b'"' { self.double } else { self.single };
                let ends = (closers | self.newlines) & above(at);
                if ends == 0 {
                    return (None, open);
                }
                at = ends.trailing_zeros() as usize + 1;
            }
            let next = (self.openers | self.specials) & above(at);
            if next == 0 {
                return (None, 0);
            }
            let p = next.trailing_zeros() as usize;
            if self.specials >> p & 1 != 0 {
                return (Some(p), 0);
            }
            open = if self.double >> (p + 1) & 1 != 0 { b'"' } else { b'\'' };
            at = p + 2;
        }
    }
}

impl LineCounter {
    /// Code mode of a page from `i`, while no region is open. Returns where fewer than a block is
    /// left before `limit` (the mode set to the attribute value open there, if any), or where the
    /// general mark path changed the mode.
    #[inline(always)]
    pub(super) fn markup_blocks_here<L: Lanes>(
        &mut self,
        lanes: L,
        marks: &L::Marks,
        shape: &Markup,
        buf: &[u8],
        mut i: usize,
        limit: usize,
    ) -> usize {
        let mut open = 0u8;
        while i + BLOCK <= limit {
            let block: &[u8; BLOCK] = buf[i..i + BLOCK].try_into().expect("a whole block");
            let m = lanes.stop_masks(marks, block);
            let bits = MarkupBits::new(lanes, m.marks, m.newlines, block);
            let (mut start, mut from) = (0, 0);
            loop {
                let (special, still_open) = bits.walk(from, open);
                let Some(p) = special else {
                    self.settle_lines(&m, start, BLOCK);
                    open = still_open;
                    i += BLOCK;
                    break;
                };
                if plain_tag(buf, i + p) {
                    (open, from) = (0, p + 1);
                    continue;
                }
                self.settle_lines(&m, start, p);
                let after = self.mark(lanes, buf, i + p, limit);
                if !matches!(self.mode, Mode::Code) {
                    return after;
                }
                open = 0;
                start = after - i;
                from = start;
                if start >= BLOCK {
                    i = after;
                    break;
                }
            }
        }
        if open != 0 {
            self.mode = Mode::Str { quote: shape.value(open), doc: false };
        }
        i
    }
}

/// A `<s` that starts neither `<script` nor `<style` (`<span`, `<strong`): code, with no look
/// at the general mark path.
#[inline(always)]
fn plain_tag(buf: &[u8], at: usize) -> bool {
    buf[at] == b'<'
        && matches!(buf.get(at + 1), Some(b's' | b'S'))
        && !matches!(buf.get(at + 2).map(|b| b | 0x20), Some(b'c' | b't'))
}

#[cfg(test)]
mod tests;
