//! Languages shaped like C (`//`, a plain `/* */`, one-line `"` and `'` strings with backslash
//! escapes; Go's raw backtick strings and Java's `"""` text blocks besides; nothing else) settled
//! a whole block at a time. The general block loop looks at every mark alone: the opener table,
//! the 64 bytes after it, a branch per stop; a C line holding a string or a comment cost it what
//! ten plain lines do, and that was most of its time on C. Here each block's byte masks say where
//! every span can end, so a span costs a bit search, and the block's lines are settled once from
//! the bits that are comment.

use super::blocks::{last, solid_ends};
use super::{LineCounter, Mode};
use crate::count::masks::{Lanes, Masks, BLOCK};
use crate::lang::{Block, Quote, Syntax};

/// The parts of C a language has (any may be missing: CSS has no `//`), and Go's and Java's
/// multi-line strings.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CFamily {
    double: Option<&'static Quote>,
    single: Option<&'static Quote>,
    /// A backtick string: no escapes, newlines inside (Go).
    raw: Option<&'static Quote>,
    /// A `"""` string: backslash escapes, newlines inside (Java's text block).
    triple: Option<&'static Quote>,
    line: bool,
    block: Option<&'static Block>,
    splice: bool,
}

impl CFamily {
    /// The shape of `syntax` when it is C's or a part of it, with no marker of any other kind.
    pub(crate) fn of(syntax: &'static Syntax) -> Option<CFamily> {
        let plain = !syntax.nested
            && syntax.code_escape.is_none()
            && syntax.code_tokens.is_empty()
            && syntax.heredoc.is_none()
            && !syntax.regex
            && syntax.embed == crate::lang::Embed::None;
        let lines_ok = syntax.line_comments.iter().all(|&l| l == b"//");
        let blocks_ok = syntax
            .block_comments
            .iter()
            .all(|b| b.open == b"/*" && b.close == b"*/" && !b.line_start && !b.alone && b.tag.is_none());
        if !plain || !lines_ok || !blocks_ok || syntax.block_comments.len() > 1 {
            return None;
        }
        let mut shape = CFamily {
            double: None,
            single: None,
            raw: None,
            triple: None,
            line: !syntax.line_comments.is_empty(),
            block: syntax.block_comments.first(),
            splice: syntax.splice,
        };
        for q in syntax.quotes {
            let (slot, fits) = match q.open {
                b"\"" => (&mut shape.double, one_line_escaped(q)),
                b"'" => (&mut shape.single, one_line_escaped(q)),
                b"`" => (&mut shape.raw, self_closed(q) && q.escape.is_none() && q.multiline),
                b"\"\"\"" => (&mut shape.triple, self_closed(q) && q.escape == Some(b'\\') && q.multiline),
                _ => return None,
            };
            if !fits || slot.is_some() {
                return None;
            }
            *slot = Some(q);
        }
        // A `"` that does not open a text block opens a plain string, which must be there.
        (shape.triple.is_none() || shape.double.is_some()).then_some(shape)
    }
}

/// A quote closed by itself, escaped by a backslash, ended by a newline, and nothing more.
fn one_line_escaped(q: &Quote) -> bool {
    self_closed(q) && q.escape == Some(b'\\') && !q.multiline
}

/// A quote closed by itself, with none of the forms the block loop does not know.
fn self_closed(q: &Quote) -> bool {
    q.close == q.open
        && !q.doc
        && !q.doubled
        && !q.close_last_of_run
        && !q.char_literal
        && q.tag.is_none()
        && q.hole.is_none()
}

/// What the block loop is inside of: code, a string of one of four kinds, or a comment (from
/// `LINE` up).
const CODE: usize = 0;
const DOUBLE: usize = 1;
const SINGLE: usize = 2;
const RAW: usize = 3;
const TRIPLE: usize = 4;
const LINE: usize = 5;
const COMMENT: usize = 6;
/// The length of each kind's opener.
const OPENER: [usize; 7] = [0, 1, 1, 1, 3, 2, 2];

/// One block's bits, each a field of its own: kept in registers, not in an array indexed by the
/// state (a store and a load between one span and the next; drivers/net 20.9 against 20.5 ms).
struct Bits {
    /// Where a span opens in code.
    opens: u64,
    /// Where a `'` string, a raw string, a text block, a `//` comment and a `/*` comment open (the
    /// rest of `opens` is `"`).
    single: u64,
    raw: u64,
    triple: u64,
    line_open: u64,
    block_open: u64,
    /// Where each kind of span can end: its unescaped closer or a newline (one-line strings), a
    /// backtick (raw strings), the first quote of an unescaped `"""` (text blocks), an unspliced
    /// newline (`//`), the `*` of `*/`.
    double_end: u64,
    single_end: u64,
    raw_end: u64,
    triple_end: u64,
    line_end: u64,
    block_end: u64,
    newlines: u64,
    /// The byte after the block is escaped: the block ends in an odd run of backslashes.
    escape_out: u64,
}

/// `LONG` below: the language has raw strings or text blocks. Without them (C and most others)
/// the span walk compiles to what it was before they existed: a table lookup for the opener's
/// length and two more arms in each match made C's count 10% slower (109 against 120 ms).
impl Bits {
    /// Where the span `inside` can end.
    #[inline(always)]
    fn ends<const LONG: bool>(&self, inside: usize) -> u64 {
        match inside {
            DOUBLE => self.double_end,
            SINGLE => self.single_end,
            RAW if LONG => self.raw_end,
            TRIPLE if LONG => self.triple_end,
            LINE => self.line_end,
            _ => self.block_end,
        }
    }

    /// What the opener at `hit` opens, without a branch (a text block's first quote is also a
    /// `"`, whose kind is the base).
    #[inline(always)]
    fn kind<const LONG: bool>(&self, hit: usize) -> usize {
        let at = |bits: u64| (bits >> hit & 1) as usize;
        let long = if LONG { 2 * at(self.raw) + 3 * at(self.triple) } else { 0 };
        DOUBLE + at(self.single) + long + 4 * at(self.line_open) + 5 * at(self.block_open)
    }
}

/// The state carried from one block to the next.
struct Carry {
    inside: usize,
    /// Where the next block's search starts (a marker may end one or two bytes into it).
    from: usize,
    /// The next block's bytes that a closer already took.
    spill: u64,
    /// The next block's first byte is escaped (a string's backslash ended this one).
    escape: u64,
}

/// Where the block loop stands inside one block.
struct Span {
    inside: usize,
    /// Where the open span began (0: in an earlier block).
    start: usize,
    /// Where the search goes on.
    at: usize,
    /// The block's bits inside comments so far.
    comment: u64,
}

impl Span {
    /// Opens the span whose opener is at `hit`.
    #[inline(always)]
    fn open<const LONG: bool>(&mut self, bits: &Bits, hit: usize) {
        self.inside = bits.kind::<LONG>(hit);
        self.start = hit;
        self.at = hit + if LONG { OPENER[self.inside] } else { 1 + usize::from(self.inside >= LINE) };
    }

    /// Closes the open span if it ends in this block; `false` if it goes on past it.
    #[inline(always)]
    fn close<const LONG: bool>(&mut self, bits: &Bits) -> bool {
        let hits = bits.ends::<LONG>(self.inside) & above(self.at);
        if hits == 0 {
            return false;
        }
        let hit = hits.trailing_zeros() as usize;
        // A one-line string's newline ends it and is the line's end in code; a line comment ends
        // before its newline too; `*/` takes two bytes and `"""` three.
        let end = match self.inside {
            LINE => hit,
            COMMENT => hit + 2,
            TRIPLE if LONG => hit + 3,
            RAW if LONG => hit + 1,
            _ => hit + 1 - (bits.newlines >> hit & 1) as usize,
        };
        if self.inside >= LINE {
            self.comment |= above(self.start) & below(end);
        }
        self.inside = CODE;
        self.at = end;
        true
    }
}

impl LineCounter {
    /// Code mode of a C-shaped language from `i`, by blocks. Returns where fewer than a block is
    /// left before `limit`, with the mode set to the span open there.
    #[inline(always)]
    pub(super) fn c_blocks_here<L: Lanes>(
        &mut self,
        lanes: L,
        marks: &L::Marks,
        shape: &CFamily,
        buf: &[u8],
        i: usize,
        limit: usize,
    ) -> usize {
        if shape.raw.is_some() || shape.triple.is_some() {
            self.c_blocks::<L, true>(lanes, marks, shape, buf, i, limit)
        } else {
            self.c_blocks::<L, false>(lanes, marks, shape, buf, i, limit)
        }
    }

    /// The block loop itself, `LONG` where the language has raw strings or text blocks.
    #[inline(always)]
    fn c_blocks<L: Lanes, const LONG: bool>(
        &mut self,
        lanes: L,
        marks: &L::Marks,
        shape: &CFamily,
        buf: &[u8],
        mut i: usize,
        limit: usize,
    ) -> usize {
        let mut carry = Carry { inside: CODE, from: 0, spill: 0, escape: 0 };
        while i + BLOCK <= limit {
            let block: &[u8; BLOCK] = buf[i..i + BLOCK].try_into().expect("a whole block");
            let m = lanes.stop_masks(marks, block);
            // In code with no mark ahead (most blocks), the lines are code or blank.
            if (carry.inside as u64 | m.marks >> carry.from | carry.spill) == 0 {
                carry.from = 0;
                self.settle_lines(&m, 0, BLOCK);
            } else {
                let before = [self.before(buf, i, 1), self.before(buf, i, 2)];
                let next = [buf.get(i + BLOCK).copied(), buf.get(i + BLOCK + 1).copied().filter(|_| LONG)];
                let bits = span_bits::<L, LONG>(lanes, shape, &m, block, next, before, carry.escape);
                let comment = Self::resolve::<LONG>(&bits, &mut carry);
                self.settle_block_lines(&m, comment);
            }
            i += BLOCK;
        }
        self.hand_over(shape, &carry, buf, i)
    }

    /// Runs the spans of one block from the carried state: the next opener in code, then its
    /// closer, and so on. Returns the block's comment bits and leaves in `carry` the state for
    /// the next block.
    #[inline(always)]
    fn resolve<const LONG: bool>(bits: &Bits, carry: &mut Carry) -> u64 {
        let mut span = Span { inside: carry.inside, start: 0, at: carry.from, comment: carry.spill };
        if span.inside == CODE || span.close::<LONG>(bits) {
            while span.at < BLOCK {
                let opens = bits.opens & above(span.at);
                if opens == 0 {
                    break;
                }
                span.open::<LONG>(bits, opens.trailing_zeros() as usize);
                if span.at >= BLOCK || !span.close::<LONG>(bits) {
                    break;
                }
            }
        }
        let Span { inside, start, at, mut comment } = span;
        if inside >= LINE {
            comment |= above(start);
        }
        // Only a closer reaches past the block and leaves code mode behind it: a comment's leaves
        // comment bytes in the next block. So does a text block's, whose bytes are string: they
        // stand on the line of its first quote, in this block, which makes that line code anyway.
        carry.spill = u64::from(inside == CODE && at > BLOCK);
        carry.from = at.saturating_sub(BLOCK);
        let escapes = matches!(inside, DOUBLE | SINGLE) || (LONG && inside == TRIPLE);
        carry.escape = if escapes { bits.escape_out } else { 0 };
        carry.inside = inside;
        comment
    }

    /// The lines of a whole block, whose `comment` bits are inside comments: a line is code if a
    /// non-blank byte outside them stands on it, else comment if one inside does.
    #[inline(always)]
    fn settle_block_lines(&mut self, m: &Masks, comment: u64) {
        let code = m.solid & !comment;
        let noted = m.solid & comment;
        if m.newlines == 0 {
            self.code |= code != 0;
            self.comment |= noted != 0;
            return;
        }
        let code_ends = solid_ends(m.newlines, code, !0, u64::from(self.code));
        let marked_ends = solid_ends(m.newlines, m.solid, !0, u64::from(self.code | self.comment));
        let code_lines = u64::from(code_ends.count_ones());
        self.counts.lines += u64::from(m.newlines.count_ones());
        self.counts.code += code_lines;
        self.counts.comments += u64::from(marked_ends.count_ones()) - code_lines;
        let last = last(m.newlines);
        self.code = code >> last != 0;
        self.comment = noted >> last != 0;
    }

    /// Leaves the block loop at `i` in the mode of the span still open there.
    fn hand_over(&mut self, shape: &CFamily, carry: &Carry, buf: &[u8], i: usize) -> usize {
        let quote = |q: Option<&'static Quote>| Mode::Str { quote: q.expect("a string opened"), doc: false };
        match carry.inside {
            CODE => {}
            LINE => self.mode = Mode::LineComment,
            COMMENT => {
                self.mode = Mode::Block { block: shape.block.expect("a block comment opened"), depth: 1 }
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

/// The block's span bits. `next` holds the two bytes after the block, if any; `before` the two
/// bytes before it (nearest first) where splices count; `escape` says its first byte is escaped.
#[inline(always)]
fn span_bits<L: Lanes, const LONG: bool>(
    lanes: L,
    shape: &CFamily,
    m: &Masks,
    block: &[u8; BLOCK],
    next: [Option<u8>; 2],
    before: [u8; 2],
    escape: u64,
) -> Bits {
    let [double, single, star] = lanes.byte_masks([b'"', b'\'', b'*'], block);
    let backslash = lanes.byte_mask(b'\\', block);
    let raw = if LONG && shape.raw.is_some() { lanes.byte_mask(b'`', block) } else { 0 };
    // The marks are the openers' first bytes: those not quotes are slashes.
    let slash = m.marks & !(double | single | raw);
    let follow = |bits: u64, byte: u8| bits >> 1 | u64::from(next[0] == Some(byte)) << 63;
    let next_slash = follow(slash, b'/');
    let next_star = follow(star, b'*');
    let (escaped, escape_out) = escaped(backslash, escape);
    let triple = match shape.triple.filter(|_| LONG) {
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
    let spliced = if shape.splice { splices(lanes, block, m.newlines, backslash, before) } else { 0 };
    Bits {
        opens: double | single | raw | line_open | block_open,
        single,
        raw,
        triple,
        line_open,
        block_open,
        double_end: (double | m.newlines) & !escaped,
        single_end: (single | m.newlines) & !escaped,
        raw_end: raw,
        triple_end: triple & !escaped,
        line_end: m.newlines & !spliced,
        block_end: block_close,
        newlines: m.newlines,
        escape_out,
    }
}

/// The newlines a splice continues: a backslash right before them, or before a `\r` and them.
#[inline(always)]
fn splices<L: Lanes>(lanes: L, block: &[u8; BLOCK], newlines: u64, backslash: u64, before: [u8; 2]) -> u64 {
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

/// The bytes a backslash escapes, and whether the byte after the block is one; `escape` says the
/// first byte is. Each run's parity comes from one subtraction, as simdjson finds it.
#[inline(always)]
fn escaped(backslash: u64, escape: u64) -> (u64, u64) {
    const ODD: u64 = 0xAAAA_AAAA_AAAA_AAAA;
    let potential = backslash & !escape;
    let codes = ((potential << 1) | ODD).wrapping_sub(potential) ^ ODD;
    (codes ^ (backslash | escape), (codes & backslash) >> 63)
}

/// Bits from `at` up (none once `at` is past the block).
#[inline(always)]
fn above(at: usize) -> u64 {
    if at >= BLOCK {
        0
    } else {
        !0u64 << at
    }
}

/// Bits below `at` (all of them from the block's end on).
#[inline(always)]
fn below(at: usize) -> u64 {
    if at >= BLOCK {
        !0
    } else {
        (1u64 << at) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::LangId;

    /// The bytes `escaped` finds, one at a time: a backslash escapes the byte after it, unless a
    /// backslash escaped it.
    fn escaped_one_by_one(bytes: &[u8], escape: bool) -> (u64, u64) {
        let mut out = 0u64;
        let mut next = escape;
        for (k, &b) in bytes.iter().enumerate() {
            if next {
                out |= 1 << k;
                next = false;
            } else {
                next = b == b'\\';
            }
        }
        (out, u64::from(next))
    }

    fn xorshift(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    #[test]
    fn escapes_by_runs_equal_escapes_one_by_one() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..20_000 {
            xorshift(&mut x);
            // Long runs, short runs, none: backslashes where a random bit says, denser each round.
            let density = round % 4;
            let bytes: Vec<u8> = (0..BLOCK)
                .map(|k| if (x.rotate_left(k as u32) & 7) <= density as u64 { b'\\' } else { b'a' })
                .collect();
            let backslash = bytes.iter().enumerate().fold(0u64, |m, (k, &b)| m | u64::from(b == b'\\') << k);
            for escape in [false, true] {
                let expected = escaped_one_by_one(&bytes, escape);
                assert_eq!(escaped(backslash, u64::from(escape)), expected, "{escape} {bytes:?}");
            }
        }
        assert_eq!(escaped(!0, 0), (0xAAAA_AAAA_AAAA_AAAA, 0));
        assert_eq!(escaped(!0, 1), (0x5555_5555_5555_5555, 1));
    }

    #[test]
    fn the_c_shape_is_found_where_nothing_else_opens() {
        let shaped =
            |name: &str| CFamily::of(&LangId::from_name(name).expect(name).language().syntax).is_some();
        for name in ["C", "C Header", "CSS", "Go", "Java"] {
            assert!(shaped(name), "{name}");
        }
        for name in ["C++", "Rust", "JavaScript", "Python", "C#", "Kotlin", "Scala"] {
            assert!(!shaped(name), "{name}");
        }
    }

    /// Java's text blocks with their openers, closers and escaped quotes at every place around a
    /// block boundary: an opener or closer may end one or two bytes into the next block, and a
    /// block may end on the backslash that escapes the next one's first quote.
    #[test]
    fn text_blocks_across_block_boundaries_equal_the_byte_by_byte_twin() {
        use crate::count::machine::{capped, Level};
        use crate::count::{count, count_reference};
        let java = LangId::from_name("Java").expect("Java");
        for pad in 0..=130 {
            let mut sources = vec![format!("{}\"\"\"\"\"\n// c\n", "a".repeat(pad))];
            for inner in 0..=70 {
                let (a, b) = ("a".repeat(pad), "b".repeat(inner));
                // Short, and then long enough that the next block is a whole one too.
                let text = format!("{a}\"\"\"\n{b}\\\"\"\"\n// c\n\"\"\";\n");
                sources.push(format!("{text}{}", "x = 1;\n".repeat(20)));
                sources.push(text);
            }
            for src in sources {
                let expected = count_reference(java, src.as_bytes());
                for level in [Level::Portable, Level::Avx2, Level::Avx512] {
                    assert_eq!(capped(level, || count(java, src.as_bytes())), expected, "{level:?}: {src:?}");
                }
            }
        }
    }

    /// C's own markers and bytes, thousands of them, between runs of text of any length: every
    /// span meets every block boundary, with backslash runs, splices and `\r` around it; Go's raw
    /// strings and Java's text blocks among them.
    #[test]
    fn dense_c_equals_the_byte_by_byte_twin() {
        use crate::count::machine::{capped, Level};
        use crate::count::{count, count_reference};
        const PIECES: &[&[u8]] = &[
            b"\"", b"'", b"\\", b"/", b"*", b"/*", b"*/", b"//", b"\n", b"\r", b"\\\n", b"\\\r\n", b" ",
            b"`", b"\"\"\"",
        ];
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || (xorshift(&mut x) >> 8) as usize;
        for round in 0..4_000 {
            let mut src = Vec::new();
            while src.len() < (round % 5 + 1) * 500 {
                src.extend_from_slice(PIECES[next() % PIECES.len()]);
                // Text between: none, a little, or more than a block (spans over whole blocks).
                let text = [0, 3, 20, 90][next() % 4];
                src.extend(std::iter::repeat_n(b'a', next() % (text + 1)));
            }
            for name in ["C", "CSS", "JSON", "Go", "Java"] {
                let id = LangId::from_name(name).expect(name);
                let expected = count_reference(id, &src);
                for level in [Level::Portable, Level::Avx2, Level::Avx512] {
                    let got = capped(level, || count(id, &src));
                    assert_eq!(got, expected, "{name} on {level:?}: {:?}", String::from_utf8_lossy(&src));
                }
            }
        }
    }
}
