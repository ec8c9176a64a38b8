//! A block with marks settled without the span walk, where what its marks are lets its spans be
//! found all at once: one whose only marks are `"` (strings are code, so only where the block
//! ends, in a string or not, matters), and one in code whose first mark opens a block comment.

use super::spans::{BlockCarry, CODE, COMMENT, DOUBLE};
use super::LineTally;
use crate::count::syntax::c_family::CFamily;
use crate::simd::bits::{above, below, escaped, prefix_xor};
use crate::simd::masks::{Lanes, Masks, BLOCK};

/// A block in code or in a `"` string whose only marks are `"`, settled as a block with no mark:
/// a string's bytes are code like the rest. Only where the block ends (in a string or not) is
/// worked out, from the parity of its unescaped quotes, as simdjson finds its strings. A newline
/// that would end a string, and every other mark, leave the block to the span walk (`false`,
/// nothing done). `next` is the byte after the block.
#[inline(always)]
pub(super) fn string_block<L: Lanes, const LONG_STRINGS: bool>(
    lanes: L,
    shape: &CFamily,
    (m, block, next): (&Masks, &[u8; BLOCK], Option<&u8>),
    carry: &mut BlockCarry,
    tally: &mut LineTally,
) -> bool {
    let triple = LONG_STRINGS && shape.triple.is_some();
    // A closer carried from the last block is C's `*/`, whose slash here is a mark, or a text
    // block's `"""`, whose quotes here would pass for a string's: that block is the walk's.
    if carry.inside != CODE && carry.inside != DOUBLE || triple && carry.from != 0 {
        return false;
    }
    // Most blocks with marks have another mark first (a comment's slash): that byte tells,
    // before any mask is made.
    if block.get(m.marks.trailing_zeros() as usize).is_some_and(|&b| b != b'"') {
        return false;
    }
    let [double, backslash, _] = lanes.byte_masks([b'"', b'\\', b'\\'], block);
    // Two quotes side by side may begin a text block's `"""`.
    let pairs = if triple { double & (double >> 1 | u64::from(next == Some(&b'"')) << 63) } else { 0 };
    if m.marks & !double | pairs != 0 {
        return false;
    }
    let (escaped, escape_out) = escaped(backslash, carry.escape);
    let inside = u64::from(carry.inside == DOUBLE).wrapping_neg();
    // Each string's bytes from its opening quote up to its closer. A backslash escapes only
    // inside a string: an escaped quote outside them opens one after all.
    let strings = prefix_xor(double & !escaped) ^ inside;
    if strings & m.newlines & !escaped != 0 || double & escaped & !strings != 0 {
        return false;
    }
    tally.code_lines(m, 0, BLOCK);
    let open = strings >> 63 != 0;
    let (inside, escape) = if open { (DOUBLE, escape_out) } else { (CODE, 0) };
    *carry = BlockCarry { inside, escape, from: 0, spill: 0, ..*carry };
    true
}

/// A block in code whose first mark opens a block comment (its `*` in the block too), settled
/// from the comment's closer: where the comment goes on past the block, or closes with no mark
/// after it. Most such blocks are a comment's start: code or nothing, then a comment past the
/// block. Every other block is the span walk's (`false`, nothing done). `next` is the byte after
/// the block.
#[inline(always)]
pub(super) fn opener_block<L: Lanes>(
    lanes: L,
    shape: &CFamily,
    (m, block, next): (&Masks, &[u8; BLOCK], Option<&u8>),
    carry: &mut BlockCarry,
    tally: &mut LineTally,
) -> bool {
    let marks = m.marks & above(carry.from);
    if carry.inside != CODE || marks == 0 || shape.block.is_none() {
        return false;
    }
    let at = marks.trailing_zeros() as usize;
    if block[at] != b'/' || block.get(at + 1) != Some(&b'*') {
        return false;
    }
    let [stars, slashes, _] = lanes.byte_masks([b'*', b'/', b'/'], block);
    let slash_after = slashes >> 1 | u64::from(next == Some(&b'/')) << 63;
    // `/*/` does not close: a closer's `*` stands after the opener's.
    let closers = stars & slash_after & above(at + 2);
    if closers == 0 {
        tally.block(m, carry.spill | above(at));
        *carry = BlockCarry { inside: COMMENT, from: 0, spill: 0, ..*carry };
        return true;
    }
    let end = closers.trailing_zeros() as usize + 2;
    if m.marks & above(end) != 0 {
        return false;
    }
    tally.block(m, carry.spill | above(at) & below(end));
    // A closer ending in the next block leaves its `/` there, a comment byte.
    *carry = BlockCarry { from: end.saturating_sub(BLOCK), spill: u64::from(end > BLOCK), ..*carry };
    true
}
