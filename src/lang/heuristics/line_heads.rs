//! Where a line's first two bytes (blanks aside) may begin one of a few words, found 64 bytes at a
//! time on the counter's lanes. Language heuristics look for words at line heads (`.h`: `class`,
//! `#import`, ...): Teddy's search for the words anywhere ran at 5.5 GB/s on the kernel's headers
//! and was 5.8% of a kernel run's user time. The heads are found from the newline, blank and
//! first-byte masks with one addition, as the counter carries "this line has a non-blank byte",
//! and the second byte is checked from its own masks (the first alone let 961,410 of the
//! kernel's header lines through, most of them `#define` and `#if`).
//!
//! The blanks here are the counter's (9..=13 and the space), more than a heuristic's, and a head
//! on a block's last byte is let through whatever its second byte: a place found is a candidate
//! its caller checks, and no head a narrower set of blanks finds is lost.

use std::ops::ControlFlow;

use crate::simd::dispatch::{on_lanes, LanesJob};
#[cfg(target_arch = "x86_64")]
use crate::simd::masks::FromNibbles;
use crate::simd::masks::{Lanes, MarkSet, Portable, BLOCK};

/// The words a line may lead with to be worth a look, by their first two bytes.
#[derive(Debug)]
pub(crate) struct LineHeads {
    firsts: MarkSet,
    /// Every word's second byte: a head is let through where any of them follows it.
    seconds: MarkSet,
}

impl LineHeads {
    /// `None` where the words' first or second bytes do not fit the masks' classes (more than a
    /// few, or a blank), or a word is shorter than two bytes.
    pub(crate) fn new(words: &[&[u8]]) -> Option<LineHeads> {
        let mut class = [0u8; 256];
        for word in words {
            let &[first, second, ..] = *word else { return None };
            class[usize::from(first)] |= 1;
            class[usize::from(second)] |= 2;
        }
        Some(LineHeads { firsts: MarkSet::from_class(&class, 1)?, seconds: MarkSet::from_class(&class, 2)? })
    }

    /// Calls `found` with each place in `text` where a line's first non-blank byte and the one
    /// after it may begin a word, in order, until it breaks.
    pub(crate) fn each<B>(&self, text: &[u8], found: impl FnMut(usize) -> ControlFlow<B>) -> Option<B> {
        let mut scan = Scan { heads: self, text, found };
        match on_lanes(&mut scan) {
            Some(out) => out,
            None => scan.blocks(Portable, [&self.firsts.needles, &self.seconds.needles]),
        }
    }
}

struct Scan<'a, F> {
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    heads: &'a LineHeads,
    text: &'a [u8],
    found: F,
}

impl<B, F: FnMut(usize) -> ControlFlow<B>> LanesJob for &mut Scan<'_, F> {
    type Output = Option<B>;

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn run<L: FromNibbles>(self, lanes: L) -> Option<Option<B>> {
        let firsts = lanes.tables(self.heads.firsts.nibbles.as_ref()?);
        let seconds = lanes.tables(self.heads.seconds.nibbles.as_ref()?);
        Some(self.blocks(lanes, [&firsts, &seconds]))
    }
}

impl<B, F: FnMut(usize) -> ControlFlow<B>> Scan<'_, F> {
    /// The text by blocks, the last one padded with a byte that is neither blank nor a lead.
    #[inline(always)]
    fn blocks<L: Lanes>(&mut self, lanes: L, marks: [&L::Marks; 2]) -> Option<B> {
        // The text's first byte starts a line.
        let mut carry = HeadCarry { line: 1, run: 0 };
        let mut chunks = self.text.chunks_exact(BLOCK);
        let mut at = 0;
        for block in chunks.by_ref() {
            let block = block.try_into().expect("a whole block");
            if let ControlFlow::Break(b) = self.block(lanes, marks, block, at, &mut carry) {
                return Some(b);
            }
            at += BLOCK;
        }
        let rest = chunks.remainder();
        if rest.is_empty() {
            return None;
        }
        let mut last = [0u8; BLOCK];
        last[..rest.len()].copy_from_slice(rest);
        match self.block(lanes, marks, &last, at, &mut carry) {
            ControlFlow::Break(b) => Some(b),
            ControlFlow::Continue(()) => None,
        }
    }

    #[inline(always)]
    fn block<L: Lanes>(
        &mut self,
        lanes: L,
        [firsts, seconds]: [&L::Marks; 2],
        block: &[u8; BLOCK],
        at: usize,
        carry: &mut HeadCarry,
    ) -> ControlFlow<B> {
        let m = lanes.stop_masks(firsts, block);
        let blank = !m.nonblank & !m.newlines;
        let starts = m.newlines << 1 | carry.line;
        // A start carries up through the blanks after it to the line's first other byte.
        let (sum, over) = blank.overflowing_add(starts);
        let (sum, over_too) = sum.overflowing_add(carry.run);
        *carry = HeadCarry { line: m.newlines >> 63, run: u64::from(over || over_too) };
        let firsts = sum & !blank & m.marks;
        // Most blocks have no line leading with a first byte: no second byte to look for.
        if firsts == 0 {
            return ControlFlow::Continue(());
        }
        // On the block's last byte, any second byte.
        let next = lanes.stop_masks(seconds, block).marks >> 1 | 1 << 63;
        match firsts & next {
            0 => ControlFlow::Continue(()),
            heads => self.report(heads, at),
        }
    }

    /// Calls `found` with each head, in order. Out of the block loop: with the call inside it,
    /// the loop's vector constants were made anew on every block, not kept in registers.
    #[inline(never)]
    fn report(&mut self, mut heads: u64, at: usize) -> ControlFlow<B> {
        while heads != 0 {
            (self.found)(at + heads.trailing_zeros() as usize)?;
            heads &= heads - 1;
        }
        ControlFlow::Continue(())
    }
}

/// What a block leaves the next: bit 0 of each is set where a line starts at the next block's
/// first byte (the block ended on a newline), and where a run of blanks after a line's start
/// goes on into it.
struct HeadCarry {
    line: u64,
    run: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simd::dispatch::{capped, LanesSeen};
    use crate::test_random::xorshift;

    /// The heads one byte at a time, with the counter's blanks, where any word's second byte
    /// follows (on a block's last byte, whatever follows).
    fn heads_one_by_one(text: &[u8], words: &[&[u8]]) -> Vec<usize> {
        let blank = |b: u8| b == b' ' || (9..=13).contains(&b) && b != b'\n';
        let mut out = Vec::new();
        let mut head = true;
        for (k, &b) in text.iter().enumerate() {
            if b == b'\n' {
                head = true;
            } else if head && !blank(b) {
                let next = text.get(k + 1).copied();
                let second = k % BLOCK == BLOCK - 1 || words.iter().any(|w| Some(w[1]) == next);
                if second && words.iter().any(|w| w[0] == b) {
                    out.push(k);
                }
                head = false;
            }
        }
        out
    }

    #[test]
    fn heads_by_blocks_equal_heads_one_by_one() {
        let words: [&[u8]; 6] = [b"@i", b"@p", b"#import", b"class", b"cx", b"pub"];
        let scan = LineHeads::new(&words).expect("four first bytes fit");
        let pieces: [&[u8]; 12] =
            [b"\n", b" ", b"\t", b"\r", b"\x0c", b"class", b"x", b"#", b"@", b"#i", b"@p", b"p"];
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let lanes = LanesSeen::start();
        for round in 0..3_000 {
            let mut text = Vec::new();
            while text.len() < round % 300 {
                xorshift(&mut x);
                text.extend_from_slice(pieces[(x >> 8) as usize % pieces.len()]);
                // Long runs of blanks cross blocks.
                if x % 7 == 0 {
                    text.extend(std::iter::repeat_n(b' ', (x >> 20) as usize % 130));
                }
            }
            let expected = heads_one_by_one(&text, &words);
            for level in lanes.levels() {
                let mut got = Vec::new();
                capped(level, || {
                    scan.each(&text, |k| {
                        got.push(k);
                        ControlFlow::<()>::Continue(())
                    })
                });
                assert_eq!(got, expected, "{level:?}: {:?}", String::from_utf8_lossy(&text));
            }
        }
        lanes.check();
    }

    #[test]
    fn a_break_ends_the_scan_with_its_value() {
        let scan = LineHeads::new(&[b"cx"]).expect("one byte fits");
        let text = b"a\n  cx1\n\tcx2\ncy\ncx3\n";
        let mut all = Vec::new();
        let none = scan.each(text, |k| {
            all.push(k);
            ControlFlow::<()>::Continue(())
        });
        assert_eq!((none, all), (None, vec![4, 9, 16]), "`cy` is no head of `cx`");
        assert_eq!(
            scan.each(text, |k| if k > 4 { ControlFlow::Break(k) } else { ControlFlow::Continue(()) }),
            Some(9)
        );
    }
}
