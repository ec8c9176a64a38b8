//! A block with marks settled without the span walk, where what its marks are lets its spans be
//! found all at once: one whose only marks are one kind of quote (strings are code, so only
//! where the block ends, in a string or not, matters), one whose marks outside line comments
//! open line comments, one in code whose first mark opens a block comment, the rest of one a
//! comment closes in where comments follow (`chained_comments`), C++'s in code whose
//! marks are all divisions, or whose marks outside strings and line comments open them, and
//! Go's in or around raw strings with no other mark in code.

use super::spans::{BlockCarry, CODE, COMMENT, DOUBLE, LINE, RAW, SINGLE};
use super::LineTally;
use crate::count::syntax::c_family::CFamily;
use crate::simd::bits::{above, below, escaped, opaque, prefix_xor, range};
use crate::simd::masks::{Lanes, Masks, BLOCK};

/// A block in code or in a string whose only marks are one kind of quote (`"`, or JavaScript's
/// `'`, whose strings are as long) and Rust's `'` that are code by themselves (`code_quotes`),
/// settled as a block with no mark: a string's bytes are code like the rest. Only where the
/// block ends (in a string or not) is worked out, from the parity of its unescaped quotes, as
/// simdjson finds its strings. A newline that would end a string (not Rust's, which go on), a
/// quote that may open a raw string (after Rust's `r` or `#`, C++'s `R`), and every other mark,
/// leave the block to the span walk (`false`, nothing done). In JavaScript's and C++'s loops only
/// a mark outside the strings does: paths, URLs and the other quote inside them are text (12-06:
/// TypeScript's walked blocks 30,783 -> 20,106, JavaScript's 91,677 -> 73,952; so lenient, Rust's
/// and Go's loops took 1.5% and 1.3% more instructions). `before` reads the byte before the
/// block, `next` is the one after it.
#[inline(always)]
pub(super) fn string_block<L: Lanes, const LONG_STRINGS: bool, const EXTRA_FORMS: bool>(
    lanes: L,
    shape: &CFamily,
    (m, block, before, next): (&Masks, &[u8; BLOCK], impl Fn() -> u8, Option<&u8>),
    carry: &mut BlockCarry,
    tally: &mut LineTally,
) -> bool {
    let triple = LONG_STRINGS && shape.triple.is_some();
    // A closer carried from the last block is C's `*/`, whose slash here is a mark, a text
    // block's `"""`, whose quotes here would pass for a string's, or the end of Rust's character
    // literal: that block is the walk's.
    let chars = EXTRA_FORMS && shape.chars;
    if (triple || chars) && carry.from != 0 {
        return false;
    }
    let Some(quote) = lead_quote::<EXTRA_FORMS>(shape, m, block, carry.inside) else { return false };
    let raw = shape.raw_before_quote().filter(|_| EXTRA_FORMS);
    let [quotes, backslash, _] = lanes.byte_masks([quote, b'\\', b'\\'], block);
    // Two quotes side by side may begin a text block's `"""`.
    let pairs = if triple { quotes & (quotes >> 1 | u64::from(next == Some(&b'"')) << 63) } else { 0 };
    let mut others = m.marks & !quotes;
    if chars && others != 0 {
        others &= !code_quotes(lanes, block, m.marks, backslash);
    }
    // Other marks are looked for outside the strings, below, where they may stand inside.
    let lenient = EXTRA_FORMS && !chars;
    if pairs != 0 || !lenient && others != 0 {
        return false;
    }
    let (escaped, escape_out) = escaped(backslash, carry.escape);
    let inside = u64::from(carry.inside != CODE).wrapping_neg();
    // Each string's bytes from its opening quote up to its closer. A backslash escapes only
    // inside a string: an escaped quote outside them opens one after all.
    let strings = prefix_xor(quotes & !escaped) ^ inside;
    let multiline = EXTRA_FORMS && shape.multiline && quote == b'"';
    let cut_by_newline = !multiline && strings & m.newlines & !escaped != 0;
    if others & !strings != 0 || cut_by_newline || quotes & escaped & !strings != 0 {
        return false;
    }
    if let Some(raw) = raw {
        if after_raw_byte(quotes & !escaped & strings, block, before, raw) {
            return false;
        }
    }
    tally.code_lines(m, 0, BLOCK);
    let open = strings >> 63 != 0;
    let kind = if quote == b'"' { DOUBLE } else { SINGLE };
    let (inside, escape) = if open { (kind, escape_out) } else { (CODE, 0) };
    *carry = BlockCarry { inside, escape, from: 0, spill: 0, ..*carry };
    true
}

/// A Go block in a raw string, or in code whose first mark opens one, whose marks outside raw
/// strings are their backticks: settled as a block with no mark, as [`string_block`] settles
/// one of plain strings. A raw string has no escape and goes on past newlines, so its bytes are
/// the backticks' parity alone, and every mark inside it is text. Any mark in code outside
/// them, and a carried closer, leave the block to the walk (`false`, nothing done). Go's walked
/// blocks: 42,999 -> 28,844 (12-06; a third were in raw strings: embedded SQL, templates, test
/// data); Go's count 153.3 -> 149.3 M instructions (callgrind), level on AVX-512. Tried first in
/// the chain instead of last: 163.5 M.
#[inline(always)]
pub(super) fn raw_block<L: Lanes>(
    lanes: L,
    shape: &CFamily,
    (m, block): (&Masks, &[u8; BLOCK]),
    carry: &mut BlockCarry,
    tally: &mut LineTally,
) -> bool {
    let Some(raw) = shape.raw else { return false };
    let tick = raw.close[0];
    if !matches!(carry.inside, CODE | RAW) || carry.from != 0 || carry.spill != 0 {
        return false;
    }
    // In code, the first mark tells before any mask is made.
    if carry.inside == CODE && block.get(m.marks.trailing_zeros() as usize) != Some(&tick) {
        return false;
    }
    let ticks = lanes.byte_mask(tick, block);
    let strings = prefix_xor(ticks) ^ u64::from(carry.inside == RAW).wrapping_neg();
    if m.marks & !ticks & !strings != 0 {
        return false;
    }
    tally.code_lines(m, 0, BLOCK);
    let inside = if strings >> 63 != 0 { RAW } else { CODE };
    *carry = BlockCarry { inside, escape: 0, from: 0, spill: 0, ..*carry };
    true
}

/// Whether one of the quotes `openers` (the block's strings' opening quotes) stands after a raw
/// string's letter or tag byte (`raw`), which may make it a raw string's quote: the byte before
/// each looked at, `before` read for the block's first. A block holds a quote or two; masks of
/// the letter and the tag byte cost each of Rust's string blocks ~35 instructions. `before`
/// is read only here, where a quote is the block's first byte: read for every block the loops
/// with extra forms took to the block functions, after a test whether the shape has raw
/// strings, it cost C++ Header 3% more instructions, JavaScript 1.2%, Rust 0.4%.
#[inline(always)]
fn after_raw_byte(
    mut openers: u64,
    block: &[u8; BLOCK],
    before: impl Fn() -> u8,
    [letter, tag]: [u8; 2],
) -> bool {
    while openers != 0 {
        let at = openers.trailing_zeros() as usize;
        let byte = block.get(at.wrapping_sub(1)).copied().unwrap_or_else(&before);
        if byte == letter || byte == tag {
            return true;
        }
        openers &= openers - 1;
    }
    false
}

/// [`string_block`] in C's own loop (no `'` string or raw string taken there): `"` alone, as it
/// was before the others. With the general one there, whose quote comes from each block's first
/// mark, the kernel's count was 0.8% more (spread over the whole loop's code, not in the block
/// function itself). With `TRIPLES`, in Java's loop, where three quotes open a text block: a
/// block with three quotes side by side, or a quote as its last byte with one after the block
/// (`next`), or where a closer carried in ends (`from`), is the walk's (Java 3.1% fewer
/// instructions than through `string_block`). Two side by side are an empty string, or a
/// string's closer and the next one's opener, which the quotes' parity settles: with pairs left
/// to the walk too, Java's empty strings made an eighth of its walked blocks (Java 3.6% more
/// instructions). That test stays inside the one condition: as a `let` before it, LLVM spread
/// the mask over a vector's lanes bit by bit (Java 1.9 times the instructions).
#[inline(always)]
pub(super) fn double_block<L: Lanes, const TRIPLES: bool>(
    lanes: L,
    (m, block, next): (&Masks, &[u8; BLOCK], Option<&u8>),
    carry: &mut BlockCarry,
    tally: &mut LineTally,
) -> bool {
    if carry.inside != CODE && carry.inside != DOUBLE || TRIPLES && carry.from != 0 {
        return false;
    }
    if block.get(m.marks.trailing_zeros() as usize).is_some_and(|&b| b != b'"') {
        return false;
    }
    let [double, backslash, _] = lanes.byte_masks([b'"', b'\\', b'\\'], block);
    if m.marks & !double != 0 || TRIPLES && text_block_openers(double, next) != 0 {
        return false;
    }
    let (escaped, escape_out) = escaped(backslash, carry.escape);
    let inside = u64::from(carry.inside == DOUBLE).wrapping_neg();
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

/// Where a text block's `"""` may open among a block's `"` (`quotes`): three side by side, or
/// one as the block's last byte with a `"` after the block (`next`). [`double_block`] and
/// [`mixed_block`] leave such a block to the walk in Go's and Java's loop; two side by side are
/// an empty string, or a closer and the next opener, which the quotes' parity settles.
#[inline(always)]
fn text_block_openers(quotes: u64, next: Option<&u8>) -> u64 {
    quotes & quotes >> 1 & quotes >> 2 | quotes >> 63 & u64::from(next == Some(&b'"'))
}

/// The quote a block's strings are made of, for [`string_block`], from the string open at its
/// start (`inside`) or its first mark, before any mask is made (most blocks with marks have a
/// comment's slash first): `"`; JavaScript's `'`; `"` too where Rust's `'` comes first, which
/// opens no string. `None` where no quote can be the block's only mark.
#[inline(always)]
fn lead_quote<const EXTRA_FORMS: bool>(
    shape: &CFamily,
    m: &Masks,
    block: &[u8; BLOCK],
    inside: usize,
) -> Option<u8> {
    let first = block.get(m.marks.trailing_zeros() as usize).copied();
    match (inside, first) {
        (CODE | DOUBLE, None | Some(b'"')) => Some(b'"'),
        (SINGLE, _) | (CODE, Some(b'\'')) if EXTRA_FORMS && shape.regex => Some(b'\''),
        (CODE, Some(b'\'')) if EXTRA_FORMS && shape.chars => Some(b'"'),
        _ => None,
    }
}

/// Rust's `'` that are code by themselves wherever the span walk meets them in code: a
/// lifetime's or a label's, or a character literal's with no mark inside (`'a'`, `'é'`, not
/// `'"'`): the byte after it no backslash, and no mark before a `'`. Not in the block's last two
/// bytes, whose literal would reach into the next block.
#[inline(always)]
fn code_quotes<L: Lanes>(lanes: L, block: &[u8; BLOCK], marks: u64, backslash: u64) -> u64 {
    let single = opaque(lanes.byte_mask(b'\'', block));
    let (marks, backslash) = (opaque(marks), opaque(backslash));
    single & !(backslash >> 1) & !(single >> 2 & marks >> 1) & below(BLOCK - 2)
}

/// A block in code or in a line comment whose every mark outside line comments opens one (`//`),
/// settled with a bit search a comment instead of every span mask: a third of C++'s blocks and a
/// quarter of Rust's. A mark of any other kind, a comment a splice may continue (a backslash in
/// the block, or a carried comment's newline in its first two bytes), and a carried closer leave
/// the block to the span walk (`false`, nothing done). `next` is the byte after the block.
#[inline(always)]
pub(super) fn line_comment_block<L: Lanes>(
    lanes: L,
    shape: &CFamily,
    (m, block, next): (&Masks, &[u8; BLOCK], Option<&u8>),
    carry: &mut BlockCarry,
    tally: &mut LineTally,
) -> bool {
    let in_line = carry.inside == LINE;
    if !shape.line || carry.inside != CODE && !in_line || carry.from != 0 || carry.spill != 0 {
        return false;
    }
    // In code, the first mark tells before any mask is made.
    let first = m.marks.trailing_zeros() as usize;
    if !in_line && (block.get(first) != Some(&b'/') || block.get(first + 1) != Some(&b'/')) {
        return false;
    }
    let slash = if shape.splice {
        let [slash, backslash, _] = lanes.byte_masks([b'/', b'\\', b'\\'], block);
        if backslash != 0 || in_line && m.newlines & 3 != 0 {
            return false;
        }
        slash
    } else {
        lanes.byte_mask(b'/', block)
    };
    let opens = slash & (slash >> 1 | u64::from(next == Some(&b'/')) << 63);
    let (mut comment, mut at, mut inside) = (0, 0, CODE);
    if in_line {
        at = m.newlines.trailing_zeros() as usize;
        comment = below(at);
    }
    // Each comment runs to its newline, or on past the block (`at` is then the block's end).
    loop {
        let marks = m.marks & above(at);
        if marks == 0 {
            break;
        }
        let hit = marks.trailing_zeros() as usize;
        if opens >> hit & 1 == 0 {
            return false;
        }
        at = (m.newlines & above(hit)).trailing_zeros() as usize;
        comment |= range(hit, at);
    }
    if at == BLOCK {
        inside = LINE;
    }
    tally.block(m, comment);
    *carry = BlockCarry { inside, from: 0, spill: 0, escape: 0, ..*carry };
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

/// The rest of a block a plain comment closes in, from `end`, past the closer, where marks
/// follow it: settled at once where each is a `/*` whose comment closes before the next mark
/// (with only code or blanks between) or runs past the block. `star` and `slash_after` are the
/// block's `*` and the bytes a `/` follows. Any other mark (a string, a line comment, a
/// division, a regex) leaves the block to the span walk (`false`, nothing done).
#[inline(always)]
pub(super) fn chained_comments(
    m: &Masks,
    block: &[u8; BLOCK],
    (star, slash_after): (u64, u64),
    mut end: usize,
    carry: &mut BlockCarry,
    tally: &mut LineTally,
) -> bool {
    let mut comment = below(end);
    loop {
        let marks = m.marks & above(end);
        if marks == 0 {
            tally.block(m, comment);
            *carry = BlockCarry {
                inside: CODE,
                from: end.saturating_sub(BLOCK),
                spill: u64::from(end > BLOCK),
                ..*carry
            };
            return true;
        }
        let at = marks.trailing_zeros() as usize;
        if block[at] != b'/' || block.get(at + 1) != Some(&b'*') {
            return false;
        }
        // `/*/` does not close: a closer's `*` stands after the opener's.
        let closers = star & slash_after & above(at + 2);
        if closers == 0 {
            tally.block(m, comment | above(at));
            *carry = BlockCarry { inside: COMMENT, from: 0, spill: 0, ..*carry };
            return true;
        }
        end = closers.trailing_zeros() as usize + 2;
        comment |= above(at) & below(end);
    }
}

/// A C++ block in code whose marks are all slashes that open nothing (divisions, an
/// `#include <a/b.h>`'s path): code to the span walk, where no regex literal opens, so settled
/// as a block with no mark from one mask more. A third of the C++ blocks the other quick paths
/// left were those. A carried closer, a slash before `/` or `*` (the next block's first byte
/// too) and every other mark leave the block to the span walk (`false`, nothing done). `next`
/// is the byte after the block.
#[inline(always)]
pub(super) fn division_block<L: Lanes>(
    lanes: L,
    (m, block, next): (&Masks, &[u8; BLOCK], Option<&u8>),
    carry: &BlockCarry,
    tally: &mut LineTally,
) -> bool {
    if carry.inside != CODE || carry.from != 0 || carry.spill != 0 {
        return false;
    }
    // The first mark tells before any mask is made.
    let first = m.marks.trailing_zeros() as usize;
    if block.get(first) != Some(&b'/')
        || block.get(first + 1).or(next).is_some_and(|&b| b == b'/' || b == b'*')
    {
        return false;
    }
    let [slash, star, backslash] = lanes.byte_masks([b'/', b'*', b'\\'], block);
    let follow = |bits: u64, byte: u8| bits >> 1 | u64::from(next == Some(&byte)) << 63;
    // A backslash after a slash may be a splice that cuts a comment's opener (`/\` newline `*`).
    if m.marks & !slash != 0
        || slash & (follow(slash, b'/') | follow(star, b'*') | follow(backslash, b'\\')) != 0
    {
        return false;
    }
    tally.code_lines(m, 0, BLOCK);
    true
}

/// A C++, Go or Java block in code, in a `"` string or in a line comment, whose marks outside
/// strings and comments are `"` and the `//` that open line comments (a call with a string and a
/// comment after it; a comment line, then code with a string; a string with slashes, a path or
/// a URL): a third of the blocks C++'s span walk took, and half of Java's and Go's, settled from
/// three masks. Line by line, a comment opens at the first `//` outside the strings before it,
/// whose bytes are found from their quotes' parity as in [`string_block`], and runs to its
/// newline. A mark of any other kind in code (`'`, a slash opening no line comment, Go's
/// backtick), an escaped quote in code, a string a newline cuts, a quote after a raw string's
/// letter, a comment a splice may continue, a carried closer and, with `TRIPLES` (Go's and
/// Java's loop, where `"""` may open a text block), three quotes side by side as in
/// [`double_block`] leave the block to the others (`false`, nothing done). `before` reads the
/// byte before the block, `next` is the one after it. Go's and Java's blocks took it from 12-05:
/// Java 427.2 -> 419.4 M instructions, Go level (callgrind), Java's count 1-3% faster on
/// AVX-512 (`cargo bench --bench tree`). Not in Rust's and JavaScript's loop, where Pkl's `"""`
/// strings run too: there without `TRIPLES` it miscounted them, and no gain was measured.
#[inline(always)]
pub(super) fn mixed_block<L: Lanes, const TRIPLES: bool>(
    lanes: L,
    shape: &CFamily,
    (m, block, before, next): (&Masks, &[u8; BLOCK], impl Fn() -> u8, Option<&u8>),
    carry: &mut BlockCarry,
    tally: &mut LineTally,
) -> bool {
    let in_line = carry.inside == LINE;
    if !matches!(carry.inside, CODE | DOUBLE | LINE) || carry.from != 0 || carry.spill != 0 {
        return false;
    }
    // In code, the first mark tells before any mask is made.
    let first = block.get(m.marks.trailing_zeros() as usize);
    if carry.inside == CODE && !matches!(first, Some(b'"' | b'/')) {
        return false;
    }
    // The first newline of a comment carried in may be spliced by the bytes before the block.
    if in_line && m.newlines & 3 != 0 {
        return false;
    }
    let [quote, slash, backslash] = lanes.byte_masks([b'"', b'/', b'\\'], block);
    if TRIPLES && text_block_openers(quote, next) != 0 {
        return false;
    }
    let opens = slash & (slash >> 1 | u64::from(next == Some(&b'/')) << 63);
    let (escaped, escape_out) = escaped(backslash, carry.escape);
    let quotes = quote & !escaped;
    let mut open = u64::from(carry.inside == DOUBLE).wrapping_neg();
    let mut at = if in_line { m.newlines.trailing_zeros() as usize } else { 0 };
    let (mut strings, mut comment) = (0, below(at));
    loop {
        let code = above(at);
        let segment = (prefix_xor(quotes & code) ^ open) & code;
        let firsts = opens & code & !segment;
        if firsts == 0 {
            strings |= segment;
            break;
        }
        let hit = firsts.trailing_zeros() as usize;
        strings |= segment & below(hit);
        at = (m.newlines & above(hit)).trailing_zeros() as usize;
        comment |= range(hit, at);
        open = 0;
    }
    let stray = m.marks & !(strings | comment | quotes);
    // A backslash one or two bytes before a newline that ends a comment may splice it.
    let spliced = m.newlines & comment << 1 & (backslash << 1 | backslash << 2);
    if stray | spliced != 0 || strings & m.newlines & !escaped != 0 {
        return false;
    }
    if let Some(raw) = shape.raw_before_quote() {
        if after_raw_byte(quotes & strings, block, before, raw) {
            return false;
        }
    }
    tally.block(m, comment);
    let (inside, escape) = match (comment >> 63, strings >> 63) {
        (1, _) => (LINE, 0),
        (_, 1) => (DOUBLE, escape_out),
        _ => (CODE, 0),
    };
    *carry = BlockCarry { inside, escape, from: 0, spill: 0, ..*carry };
    true
}
