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
//! from the bits that are comment. Some kinds of block skip even that: one a plain comment is
//! open in (`comment_block`; the whole blocks after it take a loop of their own, `comments.rs`),
//! one whose only marks are one kind of quote (beside Rust's lifetimes), one whose marks open
//! line comments (outside C's own loop, the blocks of comment lines after it take a loop of
//! their own, `comments.rs`), one whose first mark opens a comment, C++'s whose marks are all
//! divisions, C++'s, Go's and Java's whose marks outside strings and line comments open them,
//! and Go's whose marks outside raw strings are their backticks (`quick.rs`).

mod bits;
mod comments;
mod quick;
mod spans;
#[cfg(test)]
mod tests;

use super::lanes::BlockJob;
use super::tally::LineTally;
use super::{LineCounter, Mode};
use crate::count::syntax::c_family::CFamily;
use crate::count::syntax::markers::{NumberRun, Tag};
use crate::lang::Quote;
use crate::simd::bits::{above, below};
#[cfg(target_arch = "x86_64")]
use crate::simd::masks::FromNibbles;
use crate::simd::masks::{Lanes, MarkSet, Masks, Nibbles, BLOCK};
use bits::{char_length, prefix_letter, raw_letter, raw_tag, span_bits, MAX_TAG};
use comments::{comment_run, line_run};
use quick::{
    chained_comments, division_block, double_block, line_comment_block, mixed_block, opener_block, raw_block,
    string_block,
};
use spans::{
    in_comment, Bits, BlockCarry, Span, Text, CODE, COMMENT, DOUBLE, LINE, RAW, SINGLE, STOP, TAGGED, TRIPLE,
};

/// The block loop of a C-shaped language, for [`LineCounter::vectorized`]: a function of its own
/// for each of `EXTRA_FORMS` and `COMMENT_RUNS` and not, as every job is. Inlined beside C's loop,
/// the `EXTRA_FORMS` loop made C's count 2-5% slower, and Go's and Java's 15% slower when their
/// `LONG_STRINGS` loop moved out with it; C's loop inlined beside the general code loop, whose
/// marks call out, had its tables reloaded from the stack on every block. The comment runs in the
/// function Rust's loop is in (unused there: its comments nest) made Rust's count 1.6-2.3% more.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct FamilyBlocks<'a, const EXTRA_FORMS: bool, const COMMENT_RUNS: bool> {
    nibbles: &'a Nibbles,
    shape: &'static CFamily,
    buf: &'a [u8],
    i: usize,
    limit: usize,
}

impl<const EXTRA_FORMS: bool, const COMMENT_RUNS: bool> BlockJob
    for FamilyBlocks<'_, EXTRA_FORMS, COMMENT_RUNS>
{
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn run<L: FromNibbles>(self, counter: &mut LineCounter, lanes: L) -> usize {
        let FamilyBlocks { nibbles, shape, buf, i, limit } = self;
        let marks = &lanes.tables(nibbles);
        // JavaScript's and Rust's loops: C++'s forms are another loop's (see `PrefixedBlocks`).
        // Rust's too: C++'s forms read from the shape itself cost its count 0.9% more instructions.
        let apart;
        let shape = if EXTRA_FORMS {
            apart = shape.apart(false);
            &apart
        } else {
            shape
        };
        if shape.long_strings() {
            counter.c_blocks::<L, true, EXTRA_FORMS, COMMENT_RUNS, false, false>(
                lanes, marks, shape, buf, i, limit,
            )
        } else {
            counter.c_blocks::<L, false, EXTRA_FORMS, COMMENT_RUNS, false, false>(
                lanes, marks, shape, buf, i, limit,
            )
        }
    }
}

/// Go's and Java's block loop (raw strings, text blocks), apart from C's, whose function it
/// shared (the same forms but the long strings): Java's count -1.6% instructions, Go's -0.4%,
/// drivers/net's C +0.1% (callgrind on their files of the monorepo). Java's is a copy of its
/// own (`TEXT_BLOCKS`: no raw string), which takes C's quick paths for plain strings and
/// comment openers: Java 7.0% fewer instructions (3.1% the strings', 4.0% the openers'), Go
/// level, drivers/net's C +0.2%. With the openers' path for Java in Go's loop, Go took 2.2% more.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct LongStringBlocks<'a>(FamilyBlocks<'a, false, true>);

impl BlockJob for LongStringBlocks<'_> {
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn run<L: FromNibbles>(self, counter: &mut LineCounter, lanes: L) -> usize {
        let FamilyBlocks { nibbles, shape, buf, i, limit } = self.0;
        let marks = &lanes.tables(nibbles);
        if shape.raw.is_none() {
            counter.c_blocks::<L, true, false, true, false, true>(lanes, marks, shape, buf, i, limit)
        } else {
            counter.c_blocks::<L, true, false, true, false, false>(lanes, marks, shape, buf, i, limit)
        }
    }
}

/// C++'s block loop, apart from JavaScript's, each without the other's forms (`CFamily::apart`):
/// in one function, a change to one language's code moved the other's count by 1-2%, and each
/// ran the other's branches.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct PrefixedBlocks<'a>(FamilyBlocks<'a, true, true>);

impl BlockJob for PrefixedBlocks<'_> {
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn run<L: FromNibbles>(self, counter: &mut LineCounter, lanes: L) -> usize {
        let FamilyBlocks { nibbles, shape, buf, i, limit } = self.0;
        let marks = &lanes.tables(nibbles);
        counter.c_blocks::<L, false, true, true, true, false>(lanes, marks, &shape.apart(true), buf, i, limit)
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
        match (shape.extra_forms(), shape.comment_runs()) {
            (true, true) if shape.prefixed.is_some() => {
                self.vectorized(PrefixedBlocks(FamilyBlocks { nibbles, shape, buf, i, limit }))
            }
            (true, true) => self.vectorized(FamilyBlocks::<true, true> { nibbles, shape, buf, i, limit }),
            (true, false) => self.vectorized(FamilyBlocks::<true, false> { nibbles, shape, buf, i, limit }),
            (false, true) if shape.long_strings() => {
                self.vectorized(LongStringBlocks(FamilyBlocks { nibbles, shape, buf, i, limit }))
            }
            (false, true) => self.vectorized(FamilyBlocks::<false, true> { nibbles, shape, buf, i, limit }),
            (false, false) => self.vectorized(FamilyBlocks::<false, false> { nibbles, shape, buf, i, limit }),
        }
    }

    /// Code mode of a C-shaped language from `i`, by blocks, `LONG_STRINGS` and `EXTRA_FORMS` where
    /// the language has those forms, and the blocks a plain comment runs through whole in a loop
    /// of their own with `COMMENT_RUNS`. Returns where fewer than a block is left before `limit`, with
    /// the mode set to the span open there (or, with a tagged raw string, where its letter may
    /// stand). `PREFIXED` is C++'s loop, `TEXT_BLOCKS` Java's (long strings, none of them raw).
    #[inline(always)]
    pub(super) fn c_blocks<
        L: Lanes,
        const LONG_STRINGS: bool,
        const EXTRA_FORMS: bool,
        const COMMENT_RUNS: bool,
        const PREFIXED: bool,
        const TEXT_BLOCKS: bool,
    >(
        &mut self,
        lanes: L,
        marks: &L::Marks,
        shape: &CFamily,
        buf: &[u8],
        i: usize,
        limit: usize,
    ) -> usize {
        let mut carry = BlockCarry { inside: CODE, from: 0, spill: 0, escape: 0, depth: 1, tag: 0 };
        let number_run = self.number_run;
        let lo = i;
        let mut tally = LineTally::begin(self);
        // Blocks are split off the front of what is left, so the unmarked loop below has no bounds
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
                // Only the line begun can hold a comment: once it ends, the loop goes on without
                // that flag (kept on the stack, it cost each block with a newline five
                // instructions).
                'quiet: {
                    while tally.comment() {
                        tally.code_lines(&m, 0, BLOCK);
                        let Some((next, tail)) = rest.split_first_chunk::<BLOCK>() else { break 'blocks };
                        (block, rest) = (next, tail);
                        let Some(unmarked) = lanes.unmarked_masks(marks, block) else { break 'quiet };
                        m = unmarked;
                    }
                    loop {
                        tally.uncommented_lines(&m);
                        let Some((next, tail)) = rest.split_first_chunk::<BLOCK>() else { break 'blocks };
                        (block, rest) = (next, tail);
                        let Some(unmarked) = lanes.unmarked_masks(marks, block) else { break };
                        m = unmarked;
                    }
                }
                m = lanes.stop_masks(marks, block);
            }
            let i = end - rest.len() - BLOCK;
            // Only a raw string's quote looks back before a block, and only one at the block's
            // first byte (C's loop loads nothing): the byte is read then.
            let quote_before = || self.before(buf, i, 1);
            if !Self::settled_at_once::<L, LONG_STRINGS, EXTRA_FORMS, COMMENT_RUNS, PREFIXED, TEXT_BLOCKS>(
                lanes,
                shape,
                &m,
                (block, buf, quote_before),
                (i, &mut rest),
                (&mut carry, &mut tally),
            ) {
                // Read only where splices count, in the branch for them, in JavaScript's and Rust's
                // loops (Rust 1.3% fewer instructions). C's (and Go's and Java's, its forms) and
                // C++'s read them at once: in the branch the kernel's C took 1% more, C++ 1%.
                let splicing = PREFIXED || !EXTRA_FORMS;
                let read = || [self.before(buf, i, 1), self.before(buf, i, 2)];
                let at_once = splicing.then(read);
                let before = || at_once.unwrap_or_else(read);
                let next =
                    [buf.get(i + BLOCK).copied(), buf.get(i + BLOCK + 1).copied().filter(|_| LONG_STRINGS)];
                let mut bits = span_bits::<L, LONG_STRINGS, EXTRA_FORMS>(
                    lanes,
                    shape,
                    &m,
                    block,
                    next,
                    before,
                    carry.escape,
                );
                // A slash before a backslash may open a comment that a splice cuts (`/\` newline
                // `*`): rare, and the byte loop's, from this block's start.
                if bits.slash_backslash != 0 {
                    tally.end(self);
                    return self.hand_over::<EXTRA_FORMS>(shape, &carry, buf, i, lo);
                }
                // A `'` in a number opens nothing (`1'000`): looked at only where a `'` is.
                if bits.single != 0 && shape.separators {
                    bits.opens &= !separators(buf, i, bits.single, number_run);
                }
                let text = Text {
                    buf,
                    i,
                    tag_char: shape.tag_char,
                    last_nonblank: self.last_nonblank,
                    earlier: &self.earlier,
                };
                let comment = Self::resolve::<LONG_STRINGS, EXTRA_FORMS>(shape, &bits, &mut carry, text, lo);
                if EXTRA_FORMS && carry.inside == STOP {
                    // The lines up to the stop; the byte loop goes on from it, in code.
                    let upto = below(carry.from);
                    let m = Masks { newlines: m.newlines & upto, nonblank: m.nonblank & upto, ..m };
                    tally.block(&m, comment);
                    tally.end(self);
                    return i + carry.from - carry.tag;
                }
                tally.block(&m, comment);
            }
        }
        tally.end(self);
        self.hand_over::<EXTRA_FORMS>(shape, &carry, buf, end - rest.len(), lo)
    }

    /// A block settled without the span walk: one a plain comment is open in; one whose only
    /// marks are one kind of quote (`before` reads the byte before the block, where a `"` may
    /// open a raw string); one whose marks outside line comments open line comments, beside Go's,
    /// Java's, Rust's, JavaScript's and C++'s forms, and in C's loop one a line comment goes on
    /// into (a C header's register lists: ~620 instructions a comment line longer than a block in
    /// the walk); one in code whose first mark opens a comment, in C's loop (C, CSS), C++'s,
    /// JavaScript's and Java's (Rust's comments nest, and Go measured 5-7% slower with it); in
    /// C's loop, then, one in code whose marks open line comments (see below); a C++ one in code
    /// whose marks are all divisions; a C++, Go or Java one whose marks outside strings and line
    /// comments are `"` and `//`, after the others; last, a Go one inside a raw string or whose
    /// first mark opens one, with no mark in code outside them.
    ///
    /// C's blocks in code whose marks open line comments took the walk 368,231 times in the
    /// kernel's C headers, most in its generated register headers (`asic_reg`, two thirds of the
    /// headers' bytes), which name each register in a `//` line. Taken after `opener_block`, the
    /// kernel's C headers went 886.0 -> 839.0 M instructions, C level (callgrind); on AVX-512
    /// 47.8 -> 45.3 ms, C 84.0 -> 83.0 (`cargo bench --bench tree`). Before it, C's many blocks
    /// whose first mark opens a block comment paid the test first: C +2.8% (a session had
    /// measured the kernel 0.8% slower with it there, when its `//` comments seemed few).
    #[inline(always)]
    fn settled_at_once<
        L: Lanes,
        const LONG_STRINGS: bool,
        const EXTRA_FORMS: bool,
        const COMMENT_RUNS: bool,
        const PREFIXED: bool,
        const TEXT_BLOCKS: bool,
    >(
        lanes: L,
        shape: &CFamily,
        m: &Masks,
        (block, buf, before): (&[u8; BLOCK], &[u8], impl Fn() -> u8 + Copy),
        (i, rest): (usize, &mut &[u8]),
        (carry, tally): (&mut BlockCarry, &mut LineTally),
    ) -> bool {
        Self::comment_block::<L, EXTRA_FORMS, COMMENT_RUNS>(
            lanes,
            shape,
            m,
            (block, buf, rest),
            (i, EXTRA_FORMS && COMMENT_RUNS && !PREFIXED || TEXT_BLOCKS),
            carry,
            tally,
        ) || if TEXT_BLOCKS {
            double_block::<L, true>(lanes, (m, block, buf.get(i + BLOCK)), carry, tally)
        } else if LONG_STRINGS || EXTRA_FORMS {
            string_block::<L, LONG_STRINGS, EXTRA_FORMS>(
                lanes,
                shape,
                (m, block, before, buf.get(i + BLOCK)),
                carry,
                tally,
            )
        } else {
            double_block::<L, false>(lanes, (m, block, None), carry, tally)
        } || (EXTRA_FORMS || LONG_STRINGS || carry.inside == LINE)
            && line_comment_block(lanes, shape, (m, block, buf.get(i + BLOCK)), carry, tally)
            && {
                // Outside C's loop, the blocks of comment lines after one go in a loop of their own.
                if (EXTRA_FORMS || LONG_STRINGS) && carry.inside == LINE {
                    *rest = rest.get(line_run(lanes, rest, tally)..).unwrap_or_default();
                }
                true
            }
            || COMMENT_RUNS
                && (!LONG_STRINGS || TEXT_BLOCKS)
                && opener_block(lanes, shape, (m, block, buf.get(i + BLOCK)), carry, tally)
            || !EXTRA_FORMS
                && !LONG_STRINGS
                && line_comment_block(lanes, shape, (m, block, buf.get(i + BLOCK)), carry, tally)
            || EXTRA_FORMS
                && COMMENT_RUNS
                && shape.prefixed.is_some()
                && division_block(lanes, (m, block, buf.get(i + BLOCK)), carry, tally)
            || (PREFIXED || LONG_STRINGS && !EXTRA_FORMS)
                && mixed_block::<L, LONG_STRINGS>(
                    lanes,
                    shape,
                    (m, block, before, buf.get(i + BLOCK)),
                    carry,
                    tally,
                )
                && {
                    if carry.inside == LINE {
                        *rest = rest.get(line_run(lanes, rest, tally)..).unwrap_or_default();
                    }
                    true
                }
            || LONG_STRINGS
                && !EXTRA_FORMS
                && !TEXT_BLOCKS
                && raw_block(lanes, shape, (m, block), carry, tally)
    }

    /// A block a plain comment is open in, settled at once where the comment goes on past it,
    /// or closes with no mark after its closer: a test for `*/` instead of every span mask (the
    /// kernel's C 5% faster, its headers 8%, Java and JavaScript 4%). With `COMMENT_RUNS`, the
    /// whole blocks the comment goes on through after it are taken off `rest` and settled too
    /// (`comment_run`: Java 4.6% fewer instructions, TypeScript 9.5%). With `chains`, a block
    /// the comment closes in with marks after it is settled too where they open comments one
    /// after another (`chained_comments`). Returns `false`, with nothing done, for every other
    /// block.
    ///
    /// `chains` in JavaScript's and Java's loops: `*/`, code and the next doc comment's `/**` in
    /// one block was the walk's most common block in Java (11,123 of 57,552), JavaScript (7,447
    /// of 73,952) and TypeScript (4,708 of 20,106). TypeScript 68.8 -> 66.8 instructions a line,
    /// JavaScript 81.9 -> 79.3, Java 84.5 -> 84.3 (callgrind, 12-06); on AVX-512 (`cargo bench
    /// --bench tree`, both orders) TypeScript 7.7 -> 7.4 and 7.6 -> 7.3 ms, JavaScript 18.1 ->
    /// 17.9 and 17.8, Java 31.8 -> 31.2 and 31.6 -> 31.2. Not in C++'s loop: its headers took 5%
    /// longer on AVX-512 (17.6 -> 18.5 ms), though 1.5% fewer instructions. Not in Go's: that
    /// function is also C's loop's arm for long strings, never taken but compiled, and with it
    /// there drivers/net's C took 1.6% more instructions. Not in Rust's, whose comments nest
    /// (this function leaves them to the walk): compiled in, never taken, it made Rust's count
    /// 1.1% more.
    #[inline(always)]
    fn comment_block<L: Lanes, const EXTRA_FORMS: bool, const COMMENT_RUNS: bool>(
        lanes: L,
        shape: &CFamily,
        m: &Masks,
        (block, buf, rest): (&[u8; BLOCK], &[u8], &mut &[u8]),
        (i, chains): (usize, bool),
        carry: &mut BlockCarry,
        tally: &mut LineTally,
    ) -> bool {
        if carry.inside != COMMENT || EXTRA_FORMS && shape.nested {
            return false;
        }
        let [star, slash, _] = lanes.byte_masks([b'*', b'/', b'/'], block);
        let slash_after = slash >> 1 | u64::from(buf.get(i + BLOCK) == Some(&b'/')) << 63;
        let closers = star & slash_after & above(carry.from);
        if closers == 0 {
            carry.from = 0;
            tally.block(m, !0);
            if COMMENT_RUNS {
                *rest = rest.get(comment_run(lanes, rest, tally)..).unwrap_or_default();
            }
            return true;
        }
        let end = closers.trailing_zeros() as usize + 2;
        if m.marks & above(end) != 0 {
            return chains && chained_comments(m, block, (star, slash_after), end, carry, tally);
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
    fn resolve<const LONG_STRINGS: bool, const EXTRA_FORMS: bool>(
        shape: &CFamily,
        bits: &Bits,
        carry: &mut BlockCarry,
        text: Text,
        lo: usize,
    ) -> u64 {
        let (nested, chars, stops) =
            (EXTRA_FORMS && shape.nested, EXTRA_FORMS && shape.chars, EXTRA_FORMS && shape.stops());
        let (inside, at, comment, depth, tag) =
            (carry.inside, carry.from, carry.spill, carry.depth, carry.tag);
        let mut span = Span { inside, start: 0, at, comment, depth, tag };
        if span.inside == CODE || span.close::<LONG_STRINGS, EXTRA_FORMS>(bits, nested, text) {
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
                span.open::<LONG_STRINGS, EXTRA_FORMS>(bits, hit);
                // A letter before the quote may make it another string: Rust's tagged raw string,
                // or C++'s, at whose letter the loop stops.
                if EXTRA_FORMS && span.inside == DOUBLE && shape.nibbles.is_some() {
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
                if span.at >= BLOCK || !span.close::<LONG_STRINGS, EXTRA_FORMS>(bits, nested, text) {
                    break;
                }
            }
        }
        let Span { inside, start, at, mut comment, depth, tag } = span;
        if in_comment::<EXTRA_FORMS>(inside) {
            comment |= above(start);
        }
        // Only a closer reaches past the block and leaves code mode behind it: a comment's leaves
        // comment bytes in the next block. So do a text block's, a raw string's and a character
        // literal's, whose bytes are code: they stand on the line of their first quote, in this
        // block, which makes that line code anyway (none of those bytes is a newline).
        carry.spill = u64::from(inside == CODE && at > BLOCK);
        carry.depth = depth;
        carry.tag = tag;
        carry.from = if EXTRA_FORMS && inside == STOP { at } else { at.saturating_sub(BLOCK) };
        let escapes = matches!(inside, DOUBLE | SINGLE) || (LONG_STRINGS && inside == TRIPLE);
        carry.escape = if escapes { bits.escape_out } else { 0 };
        carry.inside = inside;
        comment
    }

    /// Leaves the block loop at `i` in the mode of the span still open there.
    /// `lo` is where the block loop began.
    fn hand_over<const EXTRA_FORMS: bool>(
        &mut self,
        shape: &CFamily,
        carry: &BlockCarry,
        buf: &[u8],
        i: usize,
        lo: usize,
    ) -> usize {
        let quote = |q: Option<&'static Quote>| Mode::Str { quote: q.expect("a string opened"), doc: false };
        match carry.inside {
            // A raw string's letter and tag may end the last block, its quote come after: the
            // byte loop goes on from the letter, to find the opener whole (those bytes hold no
            // newline, and their line is code already).
            CODE if EXTRA_FORMS && carry.from == 0 => {
                return raw_letter(shape, buf, lo, i)
                    .or_else(|| prefix_letter(shape, buf, lo, i))
                    .unwrap_or(i)
            }
            CODE => {}
            TAGGED if EXTRA_FORMS => {
                self.mode = quote(shape.tagged);
                self.tag = Tag::new(&[shape.tag_char; MAX_TAG][..carry.tag]);
            }
            LINE => self.mode = Mode::LineComment,
            COMMENT => {
                let block = shape.block.expect("a block comment opened");
                self.mode = Mode::Block { block, depth: if EXTRA_FORMS { carry.depth } else { 1 } };
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

/// The `'` of `single` (the block's at `i`) that are digit separators, with `run` the number run
/// before `buf`; out of line and cold: most blocks with a `'` hold a character literal.
#[cold]
#[inline(never)]
fn separators(buf: &[u8], i: usize, single: u64, run: NumberRun) -> u64 {
    let mut quotes = single;
    let mut separators = 0;
    while quotes != 0 {
        let hit = quotes.trailing_zeros() as usize;
        quotes &= quotes - 1;
        let at = i + hit;
        if run.after(&buf[..at]).separates(buf.get(at + 1).copied()) {
            separators |= 1 << hit;
        }
    }
    separators
}
