//! A block's span bits from its byte masks, and the looks at the bytes themselves that Rust's
//! character literals and raw strings need.

use super::spans::Bits;
use crate::count::syntax::c_family::CFamily;
use crate::count::syntax::markers::{char_literal, window};
use crate::count::WINDOW;
use crate::simd::bits::{below, escaped};
use crate::simd::masks::{Lanes, Masks, BLOCK};

/// The block's span bits. `next` holds the two bytes after the block, if any; `before` reads the
/// two bytes before it (nearest first), only where splices count; `escape` says its first byte
/// is escaped.
#[inline(always)]
pub(super) fn span_bits<L: Lanes, const LONG_STRINGS: bool, const EXTRA_FORMS: bool>(
    lanes: L,
    shape: &CFamily,
    m: &Masks,
    block: &[u8; BLOCK],
    next: [Option<u8>; 2],
    before: impl Fn() -> [u8; 2],
    escape: u64,
) -> Bits {
    let [double, single, star] = lanes.byte_masks([b'"', b'\'', b'*'], block);
    let backslash = lanes.byte_mask(b'\\', block);
    let raw = if LONG_STRINGS && shape.raw.is_some() { lanes.byte_mask(b'`', block) } else { 0 };
    let template = if EXTRA_FORMS && shape.template.is_some() { lanes.byte_mask(b'`', block) } else { 0 };
    // The marks are the openers' first bytes: those not quotes are slashes.
    let slash = m.marks & !(double | single | raw | template);
    let follow = |bits: u64, byte: u8| bits >> 1 | u64::from(next[0] == Some(byte)) << 63;
    let next_slash = follow(slash, b'/');
    let next_star = follow(star, b'*');
    let (escaped, escape_out) = escaped(backslash, escape);
    let triple = match shape.triple.filter(|_| LONG_STRINGS) {
        Some(_) => {
            let quote = |k: usize| u64::from(next[k] == Some(b'"'));
            double & follow(double, b'"') & (double >> 2 | quote(0) << 62 | quote(1) << 63)
        }
        None => 0,
    };
    let double = if shape.double.is_some() { double } else { 0 };
    let single = if shape.single.is_some() { single } else { 0 };
    let line_open = if shape.line { slash & next_slash } else { 0 };
    let (block_open, block_close) = match shape.block {
        Some(_) => (slash & next_star, star & next_slash),
        None => (0, 0),
    };
    let spliced = if shape.splice { splices(lanes, block, m.newlines, backslash, before()) } else { 0 };
    // A splice's newline two or three bytes on (after a `\r`), or past the block's end.
    let slash_backslash = if shape.splice {
        slash & follow(backslash, b'\\') & (spliced >> 2 | spliced >> 3 | !below(BLOCK - 3))
    } else {
        0
    };
    let lone_slash = if EXTRA_FORMS && shape.regex { slash & !(line_open | block_open) } else { 0 };
    let stops = template | lone_slash;
    Bits {
        opens: double | single | raw | line_open | block_open | stops,
        stops,
        template,
        quotes: double,
        single,
        block_open,
        // Kinds: `'` 2, raw 3, text block 4, `//` 5, `/*` 6 (a text block's first quote is in
        // `double` too, and `"` is the base).
        kind_1: single | triple | block_open,
        kind_2: raw | triple,
        kind_4: line_open | block_open,
        double_end: (double | if EXTRA_FORMS && shape.multiline { 0 } else { m.newlines }) & !escaped,
        single_end: (single | m.newlines) & !escaped,
        raw_end: raw,
        triple_end: triple & !escaped,
        line_end: m.newlines & !spliced,
        block_end: block_close,
        newlines: m.newlines,
        escape_out,
        slash_backslash,
    }
}

/// The newlines a splice continues: a backslash right before them, or before a `\r` and them.
#[inline(always)]
pub(super) fn splices<L: Lanes>(
    lanes: L,
    block: &[u8; BLOCK],
    newlines: u64,
    backslash: u64,
    before: [u8; 2],
) -> u64 {
    let [one, two] = before.map(|b| u64::from(b == b'\\'));
    let spliced = newlines & (backslash << 1 | one);
    let two_before = newlines & (backslash << 2 | one << 1 | two);
    if two_before == 0 {
        return spliced;
    }
    // Rare (a backslash two bytes before a newline): only then is the `\r` mask wanted.
    let cr = lanes.byte_mask(b'\r', block) << 1 | u64::from(before[0] == b'\r');
    spliced | (two_before & cr)
}

/// The length of the character literal whose quote is at `at`, or 1 where the quote is code (a
/// lifetime, a label).
#[inline(always)]
pub(super) fn char_length(shape: &CFamily, buf: &[u8], at: usize) -> usize {
    // Most are lifetimes (`'a`): an ASCII byte, not a backslash, and no quote after it.
    if let [_, first, second, ..] = buf[at..] {
        if first < 0x80 && first != b'\\' && second != b'\'' {
            return 1;
        }
    }
    let quote = shape.single.expect("a character literal opened");
    char_literal(window(buf, at), quote).unwrap_or(1)
}

/// The longest tag an opener can have: the letter and the quote fill the rest of the window.
pub(super) const MAX_TAG: usize = WINDOW - 2;

/// Where the letter of a tagged raw string stands that has only tag bytes between it and `at`
/// (none before `lo`).
pub(super) fn raw_letter(shape: &CFamily, buf: &[u8], lo: usize, at: usize) -> Option<usize> {
    let q = shape.tagged?;
    let tags = buf[lo..at].iter().rev().take_while(|&&b| b == shape.tag_char).count();
    let letter = at.checked_sub(tags + 1).filter(|&p| p >= lo)?;
    (buf[letter] == q.open[0]).then_some(letter)
}

/// Where the letter before the `"` at `at` stands, if it is the one a prefixed string opens with
/// (none before `lo`).
#[inline(always)]
pub(super) fn prefix_letter(shape: &CFamily, buf: &[u8], lo: usize, at: usize) -> Option<usize> {
    let letter = at.checked_sub(1).filter(|&p| p >= lo)?;
    (shape.prefixed == Some(buf[letter])).then_some(letter)
}

/// The tag's length of the raw string whose quote is at `at`, if one opens there. The general
/// loop finds it from its letter, the only opener that starts with it, with the longest run of
/// tag bytes after it and then the quote, all inside its window.
#[inline(always)]
pub(super) fn raw_tag(shape: &CFamily, buf: &[u8], lo: usize, at: usize) -> Option<usize> {
    // Most strings follow a blank or a bracket.
    let before = *buf.get(at.checked_sub(1).filter(|&p| p >= lo)?)?;
    if Some(&before) != shape.tagged.map(|q| &q.open[0]) && before != shape.tag_char {
        return None;
    }
    let letter = raw_letter(shape, buf, lo, at)?;
    (at + 1 - letter <= WINDOW).then_some(at - letter - 1)
}
