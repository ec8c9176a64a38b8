//! Strings that run over lines (Python's doc strings, multi-line literals) 64 bytes at a time, as
//! `blocks.rs` settles block comments: the lines up to the closer in bulk, each escape skipped
//! with the byte it escapes. The span loop took them a line at a time (13% of the counter's time
//! on CPython's library).

use super::lanes::BlockJob;
use super::tally::LineTally;
use super::LineCounter;
use crate::count::syntax::markers::{has_prefix, window};
use crate::count::syntax::plan::string_by_blocks;
use crate::lang::Quote;
#[cfg(target_arch = "x86_64")]
use crate::simd::masks::FromNibbles;
use crate::simd::masks::{CloserSet, Lanes, Masks, Portable, BLOCK};

/// A string's block loop, for [`LineCounter::vectorized`].
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct Strings<'a> {
    quote: &'a Quote,
    doc: bool,
    buf: &'a [u8],
    i: usize,
    limit: usize,
}

impl BlockJob for Strings<'_> {
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn run<L: FromNibbles>(self, counter: &mut LineCounter, lanes: L) -> usize {
        let Strings { quote, doc, buf, i, limit } = self;
        counter.string_blocks_here(lanes, quote, doc, buf, i, limit)
    }
}

impl LineCounter {
    /// A string the block loop can settle: a newline does not end it, its closer is literal (no
    /// tag, not doubled, not the last of a run), it has no interpolation, and no region waits
    /// to be told its lines one by one.
    pub(super) fn string_by_blocks(&self, quote: &Quote) -> bool {
        string_by_blocks(quote) && self.lines_in_bulk()
    }

    /// [`LineCounter::string_blocks_here`] on the widest lanes this CPU has.
    pub(super) fn string_blocks(
        &mut self,
        quote: &Quote,
        doc: bool,
        buf: &[u8],
        i: usize,
        limit: usize,
    ) -> usize {
        self.vectorized(Strings { quote, doc, buf, i, limit })
            .unwrap_or_else(|| self.string_blocks_here(Portable, quote, doc, buf, i, limit))
    }

    /// Returns where code goes on after the closer (the mode set to it), or where the span loop
    /// must go on: fewer than a block before `limit`, or at an escape in a block's last byte (the
    /// byte it escapes is in the next block).
    #[inline(always)]
    fn string_blocks_here<L: Lanes>(
        &mut self,
        lanes: L,
        quote: &Quote,
        doc: bool,
        buf: &[u8],
        i: usize,
        limit: usize,
    ) -> usize {
        let closer = CloserSet::new(quote.close);
        // Separate loops, so that the doubled closer's loop has no second compare to skip a block,
        // and a doc string's loop no test of `doc` a block (with the chunks below,
        // Python -2.7% instructions, callgrind).
        match (closer.doubled(), doc) {
            (Some(byte), true) => self.string_loop(lanes, quote, true, buf, i, limit, Doubled(byte)),
            (Some(byte), false) => self.string_loop(lanes, quote, false, buf, i, limit, Doubled(byte)),
            (None, doc) => self.string_loop(lanes, quote, doc, buf, i, limit, closer),
        }
    }

    /// [`LineCounter::string_blocks_here`] with the closer's masks of a block from `closer`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn string_loop<L: Lanes>(
        &mut self,
        lanes: L,
        quote: &Quote,
        doc: bool,
        buf: &[u8],
        i: usize,
        limit: usize,
        closer: impl StringCloser,
    ) -> usize {
        // The lines of blocks with no closer or escape are tallied in registers, apart from the
        // counter, which holds them again before anything else reads its flags.
        let mut tally = LineTally::begin(self);
        // Read through `quote`, the escape was loaded and splat again for every block. Without
        // one, a newline stands in: a block that ends in it takes the longer way, which finds no
        // escape there.
        let escape = quote.escape.unwrap_or(b'\n');
        // Whole chunks, where a block's offset is worked out only when it is needed: the bounds
        // checks and the offset kept from block to block cost 6 instructions a block.
        let whole = (limit - i) / BLOCK;
        let mut blocks = buf[i..limit].chunks_exact(BLOCK);
        let mut pending = None;
        while let Some(block) = pending.take().or_else(|| blocks.next()) {
            let block: &[u8; BLOCK] = block.try_into().expect("a whole block");
            let m = closer.masks(lanes, block);
            // Escapes matter only before a closer: in a block with none, only at its last byte,
            // which escapes the next block's first. Most blocks then need no escape mask (7
            // instructions of a Python doc string block's ~70, callgrind).
            if m.marks == 0 && block[BLOCK - 1] != escape {
                tally.string_lines(&m, doc);
                if !tally.holds_other_kind(doc) {
                    for next in blocks.by_ref() {
                        let block: &[u8; BLOCK] = next.try_into().expect("a whole block");
                        let m = closer.masks(lanes, block);
                        if m.marks != 0 || block[BLOCK - 1] == escape {
                            pending = Some(next);
                            break;
                        }
                        tally.string_only_lines(&m, doc);
                    }
                }
                continue;
            }
            tally.end(self);
            let at = i + (whole - blocks.len() - 1) * BLOCK;
            if let Some(end) = self.string_block_stops(lanes, quote, doc, &m, buf, at, block) {
                return end;
            }
            tally = LineTally::begin(self);
        }
        tally.end(self);
        i + whole * BLOCK
    }

    /// The block `block` at `i` of a string, which holds a closer candidate or ends in the
    /// escape: its stops one at a time, each escape skipped with the byte it escapes. Returns
    /// where code goes on after the closer, or where the span loop must go on (an escape at the
    /// block's last byte); `None` with the block's lines settled where the string goes on.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn string_block_stops<L: Lanes>(
        &mut self,
        lanes: L,
        quote: &Quote,
        doc: bool,
        m: &Masks,
        buf: &[u8],
        i: usize,
        block: &[u8; BLOCK],
    ) -> Option<usize> {
        let escapes = quote.escape.map_or(0, |e| lanes.byte_mask(e, block));
        let mut stops = m.marks | escapes;
        while stops != 0 {
            let at = stops.trailing_zeros() as usize;
            stops &= stops - 1;
            if escapes >> at & 1 != 0 {
                if at + 1 == BLOCK {
                    self.settle_string_lines(m, at, doc);
                    return Some(i + at);
                }
                stops &= !(1u64 << (at + 1));
            } else if has_prefix(window(buf, i + at), quote.close) {
                self.settle_string_lines(m, at, doc);
                // The closer is the string's too: it marks its line.
                if doc {
                    self.comment = true;
                } else {
                    self.code = true;
                }
                self.mode = self.after_span();
                return Some(i + at + quote.close.len());
            }
        }
        self.settle_string_lines(m, BLOCK, doc);
        None
    }

    /// Bytes `..to` of a block inside the string: a doc string's lines are comment lines, as a
    /// comment's are; any other string's are code.
    #[inline(always)]
    fn settle_string_lines(&mut self, m: &Masks, to: usize, doc: bool) {
        if doc {
            self.settle_comment_lines(m, to);
        } else {
            self.settle_lines(m, 0, to);
        }
    }
}

/// The masks of a block in a string, its marks where the closer may begin. A trait, not a
/// closure: a closure called from two places in the loop was left a function of its own, outside
/// the lanes' target features.
trait StringCloser: Copy {
    fn masks<L: Lanes>(self, lanes: L, block: &[u8; BLOCK]) -> Masks;
}

impl StringCloser for CloserSet {
    #[inline(always)]
    fn masks<L: Lanes>(self, lanes: L, block: &[u8; BLOCK]) -> Masks {
        lanes.closer_masks(&self, block)
    }
}

/// A closer that is its byte doubled (from [`CloserSet::doubled`]): one compare a block.
#[derive(Clone, Copy)]
struct Doubled(CloserSet);

impl StringCloser for Doubled {
    #[inline(always)]
    fn masks<L: Lanes>(self, lanes: L, block: &[u8; BLOCK]) -> Masks {
        let m = lanes.closer_masks(&self.0, block);
        Masks { marks: CloserSet::pairs(m.marks), ..m }
    }
}

#[cfg(test)]
mod tests {

    use crate::count::on_every_lane::agrees_on_every_lane;
    use crate::lang::LangId;
    use crate::simd::dispatch::LanesSeen;
    use crate::test_random::{below, pick};

    /// Python's doc strings and `'''` strings over several blocks, thick with lone and paired
    /// quotes of both kinds, escapes and blank lines, with the closer at every place around a
    /// block's end (its quotes split across two blocks among them): they count as the
    /// byte-by-byte twin counts them on every lane. The doubled closer's loop finds the closer
    /// from its first byte's mask alone, so a pair of quotes must not pass for it.
    #[test]
    fn multi_line_strings_equal_the_byte_by_byte_twin() {
        let id = LangId::from_name("Python").expect("Python");
        let lanes = LanesSeen::start();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let alphabets: [&[u8]; 2] = [b"\"'\\ ab\n\n", b"\"\"x y\n\\\"'"];
        for (round, close) in ["\"\"\"", "'''", "\"\"\"", "'''"].into_iter().cycle().take(280).enumerate() {
            let alphabet = alphabets[round % 2];
            let len = 70 + below(&mut x, 200) as usize;
            let body: String = (0..len).map(|_| char::from(pick(&mut x, alphabet))).collect();
            // Strip the body's own closers and a trailing escape, so the string ends at ours.
            let body = body.replace(close, "").trim_end_matches('\\').to_string();
            let pad = " ".repeat(round % 70);
            let src =
                format!("def f():\n{pad}{close}doc\n{body}{close} # c\nx = 1\n{close}\n{body}{close}\n");
            agrees_on_every_lane(&lanes, id, src.as_bytes());
        }
        lanes.check();
    }

    /// An escape at every place around a block's end, before a quote of the closer (which it
    /// escapes), another escape or a letter, in a doc string and a `'''` string over several
    /// blocks: they count as the byte-by-byte twin counts them on every lane. A block with no
    /// closer is tallied without its escapes unless its last byte is one. Sabotage tried: that
    /// last byte not looked at. It fails.
    #[test]
    fn escapes_around_a_block_end_equal_the_byte_by_byte_twin() {
        let id = LangId::from_name("Python").expect("Python");
        let lanes = LanesSeen::start();
        for (close, code) in [("\"\"\"", ""), ("'''", "s = ")] {
            let quote = &close[..1];
            for after in [close.to_string(), quote.to_string(), "\\".to_string(), "n".to_string()] {
                for pad in 0..140 {
                    let filler: String = (0..pad).map(|k| char::from(b"aaaa aaaa aa\n"[k % 13])).collect();
                    let src = format!("{code}{close}doc\n{filler}\\{after} more\n{close} # c\nz = 1\n");
                    agrees_on_every_lane(&lanes, id, src.as_bytes());
                }
            }
        }
        lanes.check();
    }

    /// Strings with no escape over several blocks (Shell's `'...'`, Bicep's `'''...'''`),
    /// holding backslashes, with a newline at every place around a block's end and the closer
    /// right after a newline: they count as the byte-by-byte twin counts them on every lane. The
    /// newline that stands in for the escape must not act as one. Sabotage tried: the escape
    /// mask taken of that newline. It fails.
    #[test]
    fn strings_without_escapes_equal_the_byte_by_byte_twin() {
        let lanes = LanesSeen::start();
        for (name, close) in [("Shell", "'"), ("Bicep", "'''")] {
            let id = LangId::from_name(name).expect(name);
            for pad in 0..140 {
                let filler: String = (0..pad).map(|k| char::from(b"ab\\ c\n\\"[k % 7])).collect();
                let src = format!("x={close}s\\\n{filler}\n{close}\n# c\n{filler}\n");
                agrees_on_every_lane(&lanes, id, src.as_bytes());
            }
        }
        lanes.check();
    }
}
