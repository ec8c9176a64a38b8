//! The block masks 64 bytes at a time with AVX-512, through `pulp`'s `V4` token (as `avx2.rs`
//! does with `V3`): the same nibble classes as AVX2 in one vector, and a test against a class bit
//! gives a block's mask directly. On this machine's Zen CPU it cut the counter's user time 7-11%
//! against AVX2 (benches/RESULTS.md).

use std::arch::x86_64::__m512i;

use pulp::bytemuck::cast;
use pulp::x86::V4;

use super::masks::{
    CloserSet, FromNibbles, Lanes, Masks, Nibbles, Prefixes, Runs, BLANKS_BY_LOW_NIBBLE, BLOCK,
};

/// A token proving the CPU has AVX-512 (F, BW, CD, DQ, VL) and the rest of x86-64-v4.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Avx512(pub V4);

/// Nibble tables in all four 128-bit lanes of a 512-bit vector.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WideNibbles512 {
    low: __m512i,
    high: __m512i,
}

impl Avx512 {
    /// The token, when this CPU has the features and AVX512-VBMI: that is Ice Lake, Zen 4 and
    /// later, leaving out Skylake-SP and Cascade Lake, where 512-bit work lowers the clock.
    pub(crate) fn detect() -> Option<Avx512> {
        V4::try_new().filter(|_| std::arch::is_x86_feature_detected!("avx512vbmi")).map(Avx512)
    }

    #[inline(always)]
    fn load(self, block: &[u8; BLOCK]) -> __m512i {
        cast(*block)
    }

    /// The 64 bytes of `window` from `from`.
    #[inline(always)]
    fn at(self, window: &[u8], from: usize) -> __m512i {
        let bytes: [u8; BLOCK] = window[from..from + BLOCK].try_into().expect("a whole vector");
        cast(bytes)
    }

    #[inline(always)]
    fn splat(self, b: u8) -> __m512i {
        self.0.avx512f._mm512_set1_epi8(b as i8)
    }

    /// A block's classes: each byte's entry in the low table AND its high nibble's entry.
    #[inline(always)]
    fn classes(self, t: &WideNibbles512, block: &[u8; BLOCK]) -> __m512i {
        let (f, bw) = (self.0.avx512f, self.0.avx512bw);
        let v = self.load(block);
        let high = f._mm512_and_si512(bw._mm512_srli_epi16::<4>(v), self.splat(0x0f));
        f._mm512_and_si512(bw._mm512_shuffle_epi8(t.low, v), bw._mm512_shuffle_epi8(t.high, high))
    }

    #[inline(always)]
    fn equal(self, v: __m512i, b: u8) -> u64 {
        self.0.avx512bw._mm512_cmpeq_epi8_mask(v, self.splat(b))
    }

    /// The blanks, `\n` among them: one shuffle of [`BLANKS_BY_LOW_NIBBLE`] and a compare.
    #[inline(always)]
    fn blanks(self, v: __m512i) -> u64 {
        let bw = self.0.avx512bw;
        let table = self.0.avx512f._mm512_broadcast_i32x4(cast(BLANKS_BY_LOW_NIBBLE));
        bw._mm512_cmpeq_epi8_mask(bw._mm512_shuffle_epi8(table, v), v)
    }
}

impl FromNibbles for Avx512 {
    #[inline(always)]
    fn tables(self, t: &Nibbles) -> WideNibbles512 {
        let table = |half: [u8; 16]| self.0.avx512f._mm512_broadcast_i32x4(cast(half));
        WideNibbles512 { low: table(t.low), high: table(t.high) }
    }
}

impl Lanes for Avx512 {
    type Marks = WideNibbles512;

    #[inline(always)]
    fn stop_masks(self, t: &WideNibbles512, block: &[u8; BLOCK]) -> Masks {
        let bw = self.0.avx512bw;
        let classes = self.classes(t, block);
        Masks {
            newlines: bw._mm512_test_epi8_mask(classes, self.splat(Nibbles::NEWLINE)),
            marks: bw._mm512_test_epi8_mask(classes, self.splat(Nibbles::MARK)),
            nonblank: bw._mm512_testn_epi8_mask(classes, self.splat(Nibbles::BLANK)),
        }
    }

    #[inline(always)]
    fn mark_groups(self, t: &WideNibbles512, block: &[u8; BLOCK], groups: [u8; 2]) -> Option<[u64; 2]> {
        let bw = self.0.avx512bw;
        let classes = self.classes(t, block);
        let [x, y] = groups;
        Some([
            bw._mm512_test_epi8_mask(classes, self.splat(x)),
            bw._mm512_test_epi8_mask(classes, self.splat(y)),
        ])
    }

    #[inline(always)]
    fn closer_masks(self, closer: &CloserSet, block: &[u8; BLOCK]) -> Masks {
        let v = self.load(block);
        let firsts = self.equal(v, closer.first);
        let seconds = closer.second.map_or(0, |s| self.equal(v, s));
        let nonblank = !self.blanks(v);
        Masks { newlines: self.equal(v, b'\n'), marks: closer.candidates(firsts, seconds), nonblank }
    }

    #[inline(always)]
    fn byte_masks(self, bytes: [u8; 3], block: &[u8; BLOCK]) -> [u64; 3] {
        let v = self.load(block);
        [self.equal(v, bytes[0]), self.equal(v, bytes[1]), self.equal(v, bytes[2])]
    }

    #[inline(always)]
    fn byte_mask(self, byte: u8, block: &[u8; BLOCK]) -> u64 {
        self.equal(self.load(block), byte)
    }

    #[inline(always)]
    fn prefix_masks(self, p: &Prefixes, window: &[u8; BLOCK + 2]) -> Masks {
        let f = self.0.avx512f;
        let (v, next, third) = (self.at(window, 0), self.at(window, 1), self.at(window, 2));
        let (folded, third) =
            (f._mm512_or_si512(next, self.splat(0x20)), f._mm512_or_si512(third, self.splat(0x20)));
        let thirds = self.equal(third, p.thirds[0]) | self.equal(third, p.thirds[1]);
        let after = self.equal(next, p.pair) | self.equal(folded, p.second) & thirds;
        Masks {
            newlines: self.equal(v, b'\n'),
            marks: self.equal(v, p.first) & after,
            nonblank: !self.blanks(v),
        }
    }

    #[inline(always)]
    fn run_masks(self, r: &Runs, window: &[u8; BLOCK + 2]) -> Masks {
        let bw = self.0.avx512bw;
        let (v, next, third) = (self.at(window, 0), self.at(window, 1), self.at(window, 2));
        let pair = self.equal(v, r.pair[0]) & self.equal(next, r.pair[1]);
        let runs = self.equal(v, r.runs[0]) | self.equal(v, r.runs[1]);
        let same = bw._mm512_cmpeq_epi8_mask(v, next) & bw._mm512_cmpeq_epi8_mask(v, third);
        Masks { newlines: self.equal(v, b'\n'), marks: pair | runs & same, nonblank: !self.blanks(v) }
    }
}
