//! The marks of a block that open nothing, a one-line string or a line comment that ends inside
//! the block, walked by bit search from the block's masks alone: the mark's byte and the window
//! after it decide the opener, the string's closer is the next mark of its byte and the comment's
//! end the next newline. In Python and YAML most marks are such strings (0.56 and 0.21 a line);
//! each cost a call into the span reader, three byte masks of the 64 bytes after it and a tally
//! of the lines on either side. YAML's `|` and `>` where the bytes around them rule out a block
//! scalar are code. Anything else goes to [`LineCounter::mark`].

use super::LineCounter;
use crate::count::syntax::classifier::{InlineMark, InlineQuote, QuickQuotes};
use crate::count::syntax::markers::{block_scalar_ruled_out, window, Kind};
use crate::count::syntax::plan::string_inline;
use crate::lang::Embed;
use crate::simd::bits::range;
use crate::simd::masks::{Masks, BLOCK};

impl LineCounter {
    /// What the mark at `at` of the block at `i` opens, when it is settled inside the block:
    /// nothing (a letter that starts no opener here, a `|` that opens no block scalar), a string
    /// of code closed on its line, or a line comment whose newline is in the block, whose bytes it
    /// adds to `comment`. Returns the block offset code goes on at (up to the block's length);
    /// `None` with nothing changed for any other mark, which [`LineCounter::mark`] must read.
    #[inline(always)]
    pub(super) fn inline_span(
        &self,
        m: &Masks,
        block: &[u8; BLOCK],
        buf: &[u8],
        i: usize,
        at: usize,
        comment: &mut u64,
    ) -> Option<usize> {
        let b = block[at % BLOCK];
        match self.cls.inline[usize::from(b)] {
            InlineMark::Quote(quote) => {
                if quote.triple && tripled(block, buf, i + at, at) {
                    return None;
                }
                inline_string(m, block, at, quote)
            }
            InlineMark::Comment => self.inline_comment(m, buf, i, at, comment),
            InlineMark::Literal => match self.cls.literal_opener_at(window(buf, i + at)) {
                None => Some(at + 1),
                Some((Kind::LineComment, _)) => self.inline_comment(m, buf, i, at, comment),
                Some((Kind::Quote(quote), _)) if string_inline(quote) => {
                    inline_string(m, block, at, InlineQuote::of(quote, false))
                }
                Some(_) => None,
            },
            InlineMark::Scalar => {
                block_scalar_ruled_out(window(buf, i + at), self.before(buf, i + at, 1)).then_some(at + 1)
            }
            InlineMark::Other => None,
        }
    }

    /// The line comment opened by the mark at `at`, up to its newline in the block (not one a
    /// splice continues it past). PHP's `?>` ends one too, which the span loop finds.
    #[inline(always)]
    fn inline_comment(&self, m: &Masks, buf: &[u8], i: usize, at: usize, comment: &mut u64) -> Option<usize> {
        let newlines = m.newlines & after(at);
        if newlines == 0 || self.cls.syntax.embed == Embed::Php {
            return None;
        }
        let nl = newlines.trailing_zeros() as usize;
        if self.cls.syntax.splice && self.may_splice(buf, i + nl) {
            return None;
        }
        *comment |= range(at, nl);
        Some(nl)
    }
}

/// The marks of the block at and after the first that is no string of `quotes` closed on its line
/// inside the block, and whether that first one is a quote [`LineCounter::inline_span`] would
/// leave to [`LineCounter::mark`] as well (three of it, or a string it cannot close): the marks
/// before it are such strings' openers, and the marks inside them, which
/// [`LineCounter::inline_span`] would walk over one by one, each after a look at the table.
/// Strings are code, so the lines up to that mark are settled as if it were the first. An
/// opener in the block's last two bytes where three quotes may open something else is left to
/// [`LineCounter::inline_span`], which reads the bytes after the block. Three quotes are looked
/// for only where the closer stands right after the opener (an empty string, or three), and the
/// walk drops the marks up to the closer without working out where code goes on: a Python
/// string cost ~38 instructions with both done for each, ~32 without (callgrind).
#[inline(always)]
pub(super) fn quick_strings(quotes: QuickQuotes, m: &Masks, block: &[u8; BLOCK]) -> (u64, bool) {
    let stops = m.marks | m.newlines;
    // No byte before a closer is a newline (it would have been the closer), nor the opener.
    let escape = quotes.escape.unwrap_or(b'\n');
    let mut pending = m.marks;
    while pending != 0 {
        let at = pending.trailing_zeros() as usize;
        let b = block[at % BLOCK];
        if b != quotes.bytes[0] && b != quotes.bytes[1] {
            return (pending, false);
        }
        let Some(end) = closer(stops & after(at), block, b) else { return (pending, true) };
        if end == at + 1 && quotes.triple && block[end % BLOCK] == b {
            if at + 2 >= BLOCK {
                return (pending, false);
            }
            if block[(at + 2) % BLOCK] == b {
                return (pending, true);
            }
        }
        if block[(end - 1) % BLOCK] == escape {
            return (pending, true);
        }
        // A newline's bit is no mark: the closer's bit and all before it go.
        pending &= !1u64 << end;
    }
    (pending, false)
}

/// The first of `stops` (past a string's opener) that is its closer `close` or a newline.
#[inline(always)]
fn closer(mut stops: u64, block: &[u8; BLOCK], close: u8) -> Option<usize> {
    while stops != 0 {
        let stop = stops.trailing_zeros() as usize;
        let b = block[stop % BLOCK];
        if b == close || b == b'\n' {
            return Some(stop);
        }
        stops &= stops - 1;
    }
    None
}

/// The string opened by the mark at `at` of `block`: where its closer (the next mark of its
/// byte, with no escape byte before it) ends it, or for a one-line string the newline (with no
/// escape byte before it). `None` where it goes past the block, past a newline or past an escape.
#[inline(always)]
fn inline_string(m: &Masks, block: &[u8; BLOCK], at: usize, quote: InlineQuote) -> Option<usize> {
    let stop = closer((m.marks | m.newlines) & after(at), block, quote.close)?;
    let b = block[stop % BLOCK];
    // `stop` is past the opener: 1 to 63.
    if quote.escape == Some(block[(stop - 1) % BLOCK]) || (b == b'\n' && quote.multiline) {
        return None;
    }
    // A newline ends a one-line string, and code goes on there as at any newline.
    Some(if b == b'\n' { stop } else { stop + 1 })
}

/// Whether the two bytes after the quote at `at` of the block (`pos` in `buf`) are that quote
/// again: read in the block where both are inside it, with no bounds check (a range test of
/// `buf` cost ~10 of a Python string's ~45 instructions), else in `buf`.
#[inline(always)]
fn tripled(block: &[u8; BLOCK], buf: &[u8], pos: usize, at: usize) -> bool {
    let b = block[at % BLOCK];
    if at + 2 < BLOCK {
        block[(at + 1) % BLOCK] == b && block[(at + 2) % BLOCK] == b
    } else {
        buf.get(pos + 1..pos + 3) == Some(&[b, b][..])
    }
}

/// The bits of a block after `at` (none after its last byte), without a branch.
#[inline(always)]
fn after(at: usize) -> u64 {
    (!0u64 << at) << 1
}

#[cfg(test)]
mod tests {
    use crate::count::on_every_lane::agrees_on_every_lane;
    use crate::count::syntax::classifier::{Classifier, QuickQuotes};
    use crate::lang::LangId;
    use crate::simd::dispatch::LanesSeen;
    use crate::test_random::{below, pick};

    fn quick_quotes(name: &str) -> Option<QuickQuotes> {
        Classifier::for_language(LangId::from_name(name).unwrap_or_else(|| panic!("no {name}"))).quick_quotes
    }

    #[test]
    fn the_strings_walked_first_are_one_line_strings_alike() {
        let python = QuickQuotes { bytes: *b"\"'", escape: Some(b'\\'), triple: true };
        assert_eq!(quick_quotes("Python"), Some(python));
        let yaml = QuickQuotes { bytes: *b"\"\"", escape: Some(b'\\'), triple: false };
        assert_eq!(quick_quotes("YAML"), Some(yaml), "YAML's ' strings are doubled, not escaped");
        assert_eq!(quick_quotes("Markdown"), None);
    }

    /// Text thick with quotes, escapes, comment bytes, doc-string letters and newlines, so that
    /// blocks with marks hold runs of strings closed, left open at the block's end, escaped,
    /// tripled and cut by a newline at every place in a block: it counts as the byte-by-byte
    /// twin counts it on every lane. The walk that takes a block's strings first
    /// (`quick_strings`) must stop where the walk over each mark would, and a mark it hands on
    /// as one only `mark` reads must be one.
    #[test]
    fn runs_of_strings_walked_first_equal_the_byte_by_byte_twin() {
        let lanes = LanesSeen::start();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let alphabets: [&[u8]; 3] = [b"\"\"'\\ #ruax\n", b"\"'\\ #r abcdefgh\n", b"\"''''\"\"\"x \n\n"];
        for name in ["Python", "YAML"] {
            let id = LangId::from_name(name).unwrap_or_else(|| panic!("no {name}"));
            for round in 0..600 {
                let len = 64 + below(&mut x, 256) as usize;
                let alphabet = alphabets[round % alphabets.len()];
                let src: Vec<u8> = (0..len).map(|_| pick(&mut x, alphabet)).collect();
                agrees_on_every_lane(&lanes, id, &src);
            }
        }
        lanes.check();
    }

    /// Lines whose marks the walk settles or hands on: strings holding the other quote, a
    /// comment byte, a letter or an escape; strings left open at a newline (escaped or not);
    /// comments holding quotes; a doc string's opener; a letter before a quote.
    const LINES: &[&str] = &[
        "x = 'it''s' # don't \"q\"",
        "y = \"a # b\" + 'c \" d' # e",
        "s = 'open",
        "t = \"esc \\\" q\" # c",
        "u = 'tail \\",
        "  more' # after a continued line",
        "v = r'\\d+' + u\"x\" + rb'\\'' # r'",
        "\"\"\"doc 'a' # b",
        "  still doc\"\"\" ; w = \"\" # ''",
        "key: \"a: 'b'\" # c: |",
        "list: - 'x' # y",
        "  # only a comment 'q'",
        "z = \"\\\\\" # an escaped escape",
        "a: |",
        "  body 'x' # c",
        "b: >-2 # c",
        "c: a | b > c |x >",
        "- |",
        "v=\"$(f \"$x\" '(')\" # \"$((1 + (2)))\" \"$HOME\" \"\\$(\"",
        "u=\"$(echo \"$i\" | sed 's/\"//')\"",
        "# a comment, unless a quote inside the substitution was taken for the string's end",
        "w=\"$(",
        "  g)\" `a ${b} \"c\"` # `${`",
    ];

    /// Each language's lines, shifted by every offset of a block so that every mark, closer and
    /// newline meets the block's end, count as the byte-by-byte twin counts them on every lane.
    #[test]
    fn strings_and_comments_at_every_offset_equal_the_byte_by_byte_twin() {
        let lanes = LanesSeen::start();
        for name in ["Python", "YAML", "Ruby", "Shell", "SQL", "Nix", "Kotlin", "JavaScript"] {
            let id = LangId::from_name(name).unwrap_or_else(|| panic!("no {name}"));
            for pad in 0..=70 {
                for (k, line) in LINES.iter().enumerate() {
                    let rest = LINES[k..].iter().chain(LINES).map(|l| format!("{l}\n")).collect::<String>();
                    let src = format!("{}{line}\n{rest}", " ".repeat(pad));
                    let bytes = src.as_bytes();
                    agrees_on_every_lane(&lanes, id, bytes);
                }
            }
        }
        lanes.check();
    }
}
