//! Languages shaped like C (`//`, a plain `/* */`, one-line `"` and `'` strings with backslash
//! escapes; Go's raw backtick strings, Java's `"""` text blocks and Rust's nested comments,
//! multi-line strings, character literals and raw strings besides; nothing else) settled a whole
//! block at a time. JavaScript's templates and regex literals and C++'s raw strings are left to
//! the byte loop: the block loop stops at them, in code, and takes over again after them.
//!
//! The general block loop looks at every mark alone: the opener table, the 64 bytes after it, a
//! branch per stop; a C line holding a string or a comment cost it what ten plain lines do, and
//! that was most of its time on C. Here each block's byte masks say where every span can end
//! (`bits.rs`), so a span costs a bit search (`spans.rs`), and the block's lines are settled once
//! from the bits that are comment. Three kinds of block skip even that: one a plain comment is
//! open in (`comment_block`), one whose only marks are `"`, and one whose first mark opens a
//! comment (`quick.rs`).

mod bits;
mod quick;
mod shape;
mod spans;
#[cfg(test)]
mod tests;

use super::lanes::BlockJob;
use super::tally::Tally;
use super::{LineCounter, Mode};
use crate::count::markers::Tag;
use crate::lang::Quote;
use crate::simd::bits::{above, below};
#[cfg(target_arch = "x86_64")]
use crate::simd::masks::FromNibbles;
use crate::simd::masks::{Lanes, MarkSet, Masks, Nibbles, BLOCK};
use bits::{char_length, prefix_letter, raw_letter, raw_tag, span_bits, MAX_TAG};
use quick::{opener_block, string_block};
pub(crate) use shape::CFamily;
use spans::{
    in_comment, Bits, Carry, Span, Text, CODE, COMMENT, DOUBLE, LINE, RAW, SINGLE, STOP, TAGGED, TRIPLE,
};

/// The block loop of a C-shaped language, for [`LineCounter::vectorized`]: a function of its own
/// for each of `RICH` and not, as every job is. Inlined beside C's loop, the `RICH` loop made C's
/// count 2-5% slower, and Go's and Java's 15% slower when their `LONG` loop moved out with it;
/// C's loop inlined beside the general code loop, whose marks call out, had its tables reloaded
/// from the stack on every block.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct FamilyBlocks<'a, const RICH: bool> {
    nibbles: &'a Nibbles,
    shape: &'static CFamily,
    buf: &'a [u8],
    i: usize,
    limit: usize,
}

impl<const RICH: bool> BlockJob for FamilyBlocks<'_, RICH> {
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn run<L: FromNibbles>(self, counter: &mut LineCounter, lanes: L) -> usize {
        let FamilyBlocks { nibbles, shape, buf, i, limit } = self;
        let marks = &lanes.tables(nibbles);
        if shape.long() {
            counter.c_blocks::<L, true, RICH>(lanes, marks, shape, buf, i, limit)
        } else {
            counter.c_blocks::<L, false, RICH>(lanes, marks, shape, buf, i, limit)
        }
    }
}

impl LineCounter {
    /// Code mode of a C-shaped language from `i`, by blocks, on the widest lanes this CPU has
    /// (`None` without any). Returns where fewer than a block is left before `limit`, with the
    /// mode set to the span open there. `marks` are the general loop's, for a shape without marks
    /// of its own. The portable lanes run the general loop instead: a byte mask costs them a
    /// compare per 16 bytes, and C's spans from byte masks measured slower there.
    pub(super) fn family_blocks(
        &mut self,
        shape: &'static CFamily,
        marks: &MarkSet,
        buf: &[u8],
        i: usize,
        limit: usize,
    ) -> Option<usize> {
        let nibbles = shape.nibbles.as_ref().or(marks.nibbles.as_ref())?;
        if shape.rich() {
            self.vectorized(FamilyBlocks::<true> { nibbles, shape, buf, i, limit })
        } else {
            self.vectorized(FamilyBlocks::<false> { nibbles, shape, buf, i, limit })
        }
    }

    /// Code mode of a C-shaped language from `i`, by blocks, `LONG` and `RICH` where the language
    /// has those forms. Returns where fewer than a block is left before `limit`, with the mode set
    /// to the span open there (or, with a tagged raw string, where its letter may stand).
    #[inline(always)]
    pub(super) fn c_blocks<L: Lanes, const LONG: bool, const RICH: bool>(
        &mut self,
        lanes: L,
        marks: &L::Marks,
        shape: &CFamily,
        buf: &[u8],
        i: usize,
        limit: usize,
    ) -> usize {
        let mut carry = Carry { inside: CODE, from: 0, spill: 0, escape: 0, depth: 1, tag: 0 };
        let lo = i;
        let mut tally = Tally::begin(self);
        // Blocks are split off the front of what is left, so the quiet loop below has no bounds
        // check of its own; where a block stands follows from what is left after it, so that
        // loop keeps no position either.
        let mut rest = buf.get(i..limit).unwrap_or_default();
        let end = i + rest.len();
        'blocks: while let Some((first, tail)) = rest.split_first_chunk::<BLOCK>() {
            rest = tail;
            let mut block = first;
            let mut m = lanes.stop_masks(marks, block);
            // In code with no mark ahead (most blocks), the lines are code or blank: a loop of
            // its own, whose few values the compiler keeps in registers.
            if (carry.inside as u64 | m.marks >> carry.from | carry.spill) == 0 {
                carry.from = 0;
                loop {
                    tally.code_lines(&m, 0, BLOCK);
                    let Some((next, tail)) = rest.split_first_chunk::<BLOCK>() else { break 'blocks };
                    (block, rest) = (next, tail);
                    let Some(quiet) = lanes.quiet_masks(marks, block) else { break };
                    m = quiet;
                }
                m = lanes.stop_masks(marks, block);
            }
            let i = end - rest.len() - BLOCK;
            if !Self::settled_at_once::<L, LONG, RICH>(
                lanes,
                shape,
                &m,
                (block, buf),
                i,
                (&mut carry, &mut tally),
            ) {
                let before = [self.before(buf, i, 1), self.before(buf, i, 2)];
                let next = [buf.get(i + BLOCK).copied(), buf.get(i + BLOCK + 1).copied().filter(|_| LONG)];
                let bits = span_bits::<L, LONG, RICH>(lanes, shape, &m, block, next, before, carry.escape);
                let text = Text { buf, i, tag_char: shape.tag_char, last_solid: self.last_solid };
                let comment = Self::resolve::<LONG, RICH>(shape, &bits, &mut carry, text, lo);
                if RICH && carry.inside == STOP {
                    // The lines up to the stop; the byte loop goes on from it, in code.
                    let upto = below(carry.from);
                    let m = Masks { newlines: m.newlines & upto, solid: m.solid & upto, ..m };
                    tally.block(&m, comment);
                    tally.end(self);
                    return i + carry.from - carry.tag;
                }
                tally.block(&m, comment);
            }
        }
        tally.end(self);
        self.hand_over::<RICH>(shape, &carry, buf, end - rest.len(), lo)
    }

    /// A block settled without the span walk: one a plain comment is open in; one whose only
    /// marks are `"`, where those strings are C's (JavaScript's too; not Rust's or C++'s); one in
    /// code whose first mark opens a comment, in C's shape (C, CSS: Rust's comments nest, and Go
    /// measured 5-7% slower with it, Java level).
    #[inline(always)]
    fn settled_at_once<L: Lanes, const LONG: bool, const RICH: bool>(
        lanes: L,
        shape: &CFamily,
        m: &Masks,
        (block, buf): (&[u8; BLOCK], &[u8]),
        i: usize,
        (carry, tally): (&mut Carry, &mut Tally),
    ) -> bool {
        Self::comment_block::<L, RICH>(lanes, shape, m, (block, buf), i, carry, tally)
            || (!RICH || shape.plain_strings())
                && string_block::<L, LONG>(lanes, shape, (m, block, buf.get(i + BLOCK)), carry, tally)
            || !RICH && !LONG && opener_block(lanes, shape, (m, block, buf.get(i + BLOCK)), carry, tally)
    }

    /// A block a plain comment is open in, settled at once where the comment goes on past it,
    /// or closes with no mark after its closer: a test for `*/` instead of every span mask (the
    /// kernel's C 5% faster, its headers 8%, Java and JavaScript 4%). Returns `false`, with
    /// nothing done, for every other block.
    #[inline(always)]
    fn comment_block<L: Lanes, const RICH: bool>(
        lanes: L,
        shape: &CFamily,
        m: &Masks,
        (block, buf): (&[u8; BLOCK], &[u8]),
        i: usize,
        carry: &mut Carry,
        tally: &mut Tally,
    ) -> bool {
        if carry.inside != COMMENT || RICH && shape.nested {
            return false;
        }
        let [star, slash, _] = lanes.byte_masks([b'*', b'/', b'/'], block);
        let slash_after = slash >> 1 | u64::from(buf.get(i + BLOCK) == Some(&b'/')) << 63;
        let closers = star & slash_after & above(carry.from);
        if closers == 0 {
            carry.from = 0;
            tally.block(m, !0);
            return true;
        }
        let end = closers.trailing_zeros() as usize + 2;
        if m.marks & above(end) != 0 {
            return false;
        }
        tally.block(m, below(end));
        carry.inside = CODE;
        carry.from = end.saturating_sub(BLOCK);
        carry.spill = u64::from(end > BLOCK);
        true
    }

    /// Runs the spans of one block from the carried state: the next opener in code, then its
    /// closer, and so on. Returns the block's comment bits and leaves in `carry` the state for
    /// the next block.
    #[inline(always)]
    fn resolve<const LONG: bool, const RICH: bool>(
        shape: &CFamily,
        bits: &Bits,
        carry: &mut Carry,
        text: Text,
        lo: usize,
    ) -> u64 {
        let (nested, chars, stops) = (RICH && shape.nested, RICH && shape.chars, RICH && shape.stops());
        let (inside, at, comment, depth, tag) =
            (carry.inside, carry.from, carry.spill, carry.depth, carry.tag);
        let mut span = Span { inside, start: 0, at, comment, depth, tag };
        if span.inside == CODE || span.close::<LONG, RICH>(bits, nested, text) {
            while span.at < BLOCK {
                let opens = bits.opens & above(span.at);
                if opens == 0 {
                    break;
                }
                let hit = opens.trailing_zeros() as usize;
                if chars && bits.single >> hit & 1 != 0 {
                    span.at = hit + char_length(shape, text.buf, text.i + hit);
                    continue;
                }
                if stops && bits.stops >> hit & 1 != 0 {
                    if bits.template >> hit & 1 != 0 || text.regex_at(hit) {
                        span.inside = STOP;
                        span.at = hit;
                        break;
                    }
                    // A division.
                    span.at = hit + 1;
                    continue;
                }
                span.open::<LONG, RICH>(bits, hit);
                // A letter before the quote may make it another string: Rust's tagged raw string,
                // or C++'s, at whose letter the loop stops.
                if RICH && span.inside == DOUBLE && shape.nibbles.is_some() {
                    if shape.tagged.is_some() {
                        if let Some(tag) = raw_tag(shape, text.buf, lo, text.i + hit) {
                            span.inside = TAGGED;
                            span.tag = tag;
                        }
                    } else if prefix_letter(shape, text.buf, lo, text.i + hit).is_some() {
                        span.inside = STOP;
                        span.at = hit;
                        span.tag = 1;
                        break;
                    }
                }
                if span.at >= BLOCK || !span.close::<LONG, RICH>(bits, nested, text) {
                    break;
                }
            }
        }
        let Span { inside, start, at, mut comment, depth, tag } = span;
        if in_comment::<RICH>(inside) {
            comment |= above(start);
        }
        // Only a closer reaches past the block and leaves code mode behind it: a comment's leaves
        // comment bytes in the next block. So do a text block's, a raw string's and a character
        // literal's, whose bytes are code: they stand on the line of their first quote, in this
        // block, which makes that line code anyway (none of those bytes is a newline).
        carry.spill = u64::from(inside == CODE && at > BLOCK);
        carry.depth = depth;
        carry.tag = tag;
        carry.from = if RICH && inside == STOP { at } else { at.saturating_sub(BLOCK) };
        let escapes = matches!(inside, DOUBLE | SINGLE) || (LONG && inside == TRIPLE);
        carry.escape = if escapes { bits.escape_out } else { 0 };
        carry.inside = inside;
        comment
    }

    /// Leaves the block loop at `i` in the mode of the span still open there.
    /// `lo` is where the block loop began.
    fn hand_over<const RICH: bool>(
        &mut self,
        shape: &CFamily,
        carry: &Carry,
        buf: &[u8],
        i: usize,
        lo: usize,
    ) -> usize {
        let quote = |q: Option<&'static Quote>| Mode::Str { quote: q.expect("a string opened"), doc: false };
        match carry.inside {
            // A raw string's letter and tag may end the last block, its quote come after: the
            // byte loop goes on from the letter, to find the opener whole (those bytes hold no
            // newline, and their line is code already).
            CODE if RICH && carry.from == 0 => {
                return raw_letter(shape, buf, lo, i)
                    .or_else(|| prefix_letter(shape, buf, lo, i))
                    .unwrap_or(i)
            }
            CODE => {}
            TAGGED if RICH => {
                self.mode = quote(shape.tagged);
                self.tag = Tag::new(&[shape.tag_char; MAX_TAG][..carry.tag]);
            }
            LINE => self.mode = Mode::LineComment,
            COMMENT => {
                let block = shape.block.expect("a block comment opened");
                self.mode = Mode::Block { block, depth: if RICH { carry.depth } else { 1 } };
            }
            DOUBLE => self.mode = quote(shape.double),
            SINGLE => self.mode = quote(shape.single),
            RAW => self.mode = quote(shape.raw),
            _ => self.mode = quote(shape.triple),
        }
        // A marker may end past the block (a text block's opener too). With an escape pending,
        // which only a string carries, nothing does: the block ended on a backslash.
        if carry.escape == 0 {
            return i + carry.from;
        }
        // The byte a backslash of the last block escapes: skipped, though a newline still ends
        // its line (as the span loop does).
        if buf.get(i) == Some(&b'\n') {
            self.end_line();
        }
        i + 1
    }
}
