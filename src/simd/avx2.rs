//! The block masks 32 bytes at a time with AVX2. `pulp`'s `V3` token exists only once the CPU has
//! been found to have x86-64-v3 (AVX2, BMI, LZCNT, POPCNT), and its intrinsics are safe methods
//! on it, so this needs no `unsafe` of ours. The block loops run inside `V3::vectorize`, which
//! compiles them with those features: `popcnt`, `tzcnt` and BMI settle a block's lines in a few
//! instructions where baseline x86-64 spells each out.
//!
//! Code mode classifies bytes with two shuffles ([`Nibbles`]): one pass gives the newlines, the
//! blanks and any number of marks (up to five groups), where compares cost one per mark.

use std::arch::x86_64::__m256i;

use pulp::bytemuck::cast;
use pulp::x86::V3;

use super::masks::{
    CloserSet, FromNibbles, Lanes, Masks, Nibbles, Prefixes, Runs, BLANKS_BY_LOW_NIBBLE, BLOCK,
};

/// A token proving the CPU has AVX2 and the rest of x86-64-v3.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Avx2(pub V3);

/// Nibble tables splatted to both halves of a vector, as the shuffles want them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WideNibbles {
    low: __m256i,
    high: __m256i,
}

impl Avx2 {
    /// The token, when this CPU has the features.
    pub(crate) fn detect() -> Option<Avx2> {
        V3::try_new().map(Avx2)
    }

    /// A block as two vectors (written out: `array::map` was left as a call, passing vectors
    /// through memory).
    #[inline(always)]
    fn halves(self, block: &[u8; BLOCK]) -> [__m256i; 2] {
        let half = |at: usize| -> [u8; 32] { block[at..at + 32].try_into().expect("a whole vector") };
        [cast(half(0)), cast(half(32))]
    }

    #[inline(always)]
    fn splat(self, b: u8) -> __m256i {
        self.0.avx._mm256_set1_epi8(b as i8)
    }

    #[inline(always)]
    fn bits(self, v: __m256i) -> u64 {
        u64::from(self.0.avx2._mm256_movemask_epi8(v) as u32)
    }

    /// Bytes whose class has none of `bits`.
    #[inline(always)]
    fn none_of(self, class: __m256i, bits: u8) -> u64 {
        let avx2 = self.0.avx2;
        let masked = avx2._mm256_and_si256(class, self.splat(bits));
        self.bits(avx2._mm256_cmpeq_epi8(masked, self.splat(0)))
    }

    #[inline(always)]
    fn equal(self, v: __m256i, b: u8) -> u64 {
        self.bits(self.0.avx2._mm256_cmpeq_epi8(v, self.splat(b)))
    }

    /// The blanks, `\n` among them: one shuffle of [`BLANKS_BY_LOW_NIBBLE`] and a compare.
    #[inline(always)]
    fn blanks(self, v: __m256i) -> u64 {
        let avx2 = self.0.avx2;
        let table = avx2._mm256_broadcastsi128_si256(cast(BLANKS_BY_LOW_NIBBLE));
        self.bits(avx2._mm256_cmpeq_epi8(avx2._mm256_shuffle_epi8(table, v), v))
    }

    /// 32 bytes of `window` from `from`.
    #[inline(always)]
    fn at(self, window: &[u8], from: usize) -> __m256i {
        let bytes: [u8; 32] = window[from..from + 32].try_into().expect("a whole vector");
        cast(bytes)
    }

    #[inline(always)]
    fn equals(self, v: __m256i, b: u8) -> __m256i {
        self.0.avx2._mm256_cmpeq_epi8(v, self.splat(b))
    }

    /// [`Lanes::prefix_masks`] of the 32 bytes from `from`: newlines, prefixes, blanks.
    #[inline(always)]
    fn prefix_half(self, p: &Prefixes, window: &[u8; BLOCK + 2], from: usize) -> (u64, u64, u64) {
        let avx2 = self.0.avx2;
        let (v, next, third) = (self.at(window, from), self.at(window, from + 1), self.at(window, from + 2));
        let fold = self.splat(0x20);
        let (folded, third) = (avx2._mm256_or_si256(next, fold), avx2._mm256_or_si256(third, fold));
        let thirds = avx2._mm256_or_si256(self.equals(third, p.thirds[0]), self.equals(third, p.thirds[1]));
        let second = avx2._mm256_and_si256(self.equals(folded, p.second), thirds);
        let after = avx2._mm256_or_si256(self.equals(next, p.pair), second);
        let opens = self.bits(avx2._mm256_and_si256(self.equals(v, p.first), after));
        (self.equal(v, b'\n'), opens, self.blanks(v))
    }

    /// [`Lanes::run_masks`] of the 32 bytes from `from`: newlines, openers, blanks.
    #[inline(always)]
    fn run_half(self, r: &Runs, window: &[u8; BLOCK + 2], from: usize) -> (u64, u64, u64) {
        let avx2 = self.0.avx2;
        let (v, next, third) = (self.at(window, from), self.at(window, from + 1), self.at(window, from + 2));
        let pair = avx2._mm256_and_si256(self.equals(v, r.pair[0]), self.equals(next, r.pair[1]));
        let runs = avx2._mm256_or_si256(self.equals(v, r.runs[0]), self.equals(v, r.runs[1]));
        let same = avx2._mm256_and_si256(avx2._mm256_cmpeq_epi8(v, next), avx2._mm256_cmpeq_epi8(v, third));
        let opens = avx2._mm256_or_si256(pair, avx2._mm256_and_si256(runs, same));
        (self.equal(v, b'\n'), self.bits(opens), self.blanks(v))
    }

    /// 32 bytes' classes: each byte's entry in the low table (a byte from 0x80 gets zero from the
    /// shuffle itself) AND its high nibble's entry.
    #[inline(always)]
    fn classes(self, t: &WideNibbles, v: __m256i) -> __m256i {
        let avx2 = self.0.avx2;
        let high = avx2._mm256_and_si256(avx2._mm256_srli_epi16::<4>(v), self.splat(0x0f));
        avx2._mm256_and_si256(avx2._mm256_shuffle_epi8(t.low, v), avx2._mm256_shuffle_epi8(t.high, high))
    }
}

/// Each mask is built from the two halves with methods, not closures: LLVM left closures as calls
/// once the loops called these from a few places (each intrinsic then a call of its own).
impl FromNibbles for Avx2 {
    #[inline(always)]
    fn tables(self, t: &Nibbles) -> WideNibbles {
        let table = |half: [u8; 16]| self.0.avx2._mm256_broadcastsi128_si256(cast(half));
        WideNibbles { low: table(t.low), high: table(t.high) }
    }
}

impl Lanes for Avx2 {
    type Marks = WideNibbles;

    #[inline(always)]
    fn stop_masks(self, t: &WideNibbles, block: &[u8; BLOCK]) -> Masks {
        let [a, b] = self.halves(block);
        let (a, b) = (self.classes(t, a), self.classes(t, b));
        Masks {
            newlines: join(self.bits(a), self.bits(b)),
            marks: !join(self.none_of(a, Nibbles::MARK), self.none_of(b, Nibbles::MARK)),
            nonblank: join(self.none_of(a, Nibbles::BLANK), self.none_of(b, Nibbles::BLANK)),
        }
    }

    /// One test of both halves' classes against the mark bits, where a mark mask takes six
    /// steps and a compare.
    #[inline(always)]
    fn unmarked_masks(self, t: &WideNibbles, block: &[u8; BLOCK]) -> Option<Masks> {
        let [a, b] = self.halves(block);
        let (a, b) = (self.classes(t, a), self.classes(t, b));
        let either = self.0.avx2._mm256_or_si256(a, b);
        if self.0.avx._mm256_testz_si256(either, self.splat(Nibbles::MARK)) == 0 {
            return None;
        }
        Some(Masks {
            newlines: join(self.bits(a), self.bits(b)),
            marks: 0,
            nonblank: join(self.none_of(a, Nibbles::BLANK), self.none_of(b, Nibbles::BLANK)),
        })
    }

    #[inline(always)]
    fn closer_masks(self, closer: &CloserSet, block: &[u8; BLOCK]) -> Masks {
        let [a, b] = self.halves(block);
        let firsts = join(self.equal(a, closer.first), self.equal(b, closer.first));
        let seconds = closer.second.map_or(0, |s| join(self.equal(a, s), self.equal(b, s)));
        Masks {
            newlines: join(self.equal(a, b'\n'), self.equal(b, b'\n')),
            marks: closer.candidates(firsts, seconds),
            nonblank: !join(self.blanks(a), self.blanks(b)),
        }
    }

    #[inline(always)]
    fn mark_groups(self, t: &WideNibbles, block: &[u8; BLOCK], groups: [u8; 2]) -> Option<[u64; 2]> {
        let [a, b] = self.halves(block);
        let (a, b) = (self.classes(t, a), self.classes(t, b));
        let [x, y] = groups;
        Some([!join(self.none_of(a, x), self.none_of(b, x)), !join(self.none_of(a, y), self.none_of(b, y))])
    }

    #[inline(always)]
    fn byte_masks(self, bytes: [u8; 3], block: &[u8; BLOCK]) -> [u64; 3] {
        let [a, b] = self.halves(block);
        let [x, y, z] = bytes;
        [
            join(self.equal(a, x), self.equal(b, x)),
            join(self.equal(a, y), self.equal(b, y)),
            join(self.equal(a, z), self.equal(b, z)),
        ]
    }

    #[inline(always)]
    fn byte_mask(self, byte: u8, block: &[u8; BLOCK]) -> u64 {
        let [a, b] = self.halves(block);
        join(self.equal(a, byte), self.equal(b, byte))
    }

    #[inline(always)]
    fn prefix_masks(self, p: &Prefixes, window: &[u8; BLOCK + 2]) -> Masks {
        let (nl_a, opens_a, blank_a) = self.prefix_half(p, window, 0);
        let (nl_b, opens_b, blank_b) = self.prefix_half(p, window, 32);
        Masks { newlines: join(nl_a, nl_b), marks: join(opens_a, opens_b), nonblank: !join(blank_a, blank_b) }
    }

    #[inline(always)]
    fn run_masks(self, r: &Runs, window: &[u8; BLOCK + 2]) -> Masks {
        let (nl_a, opens_a, blank_a) = self.run_half(r, window, 0);
        let (nl_b, opens_b, blank_b) = self.run_half(r, window, 32);
        Masks { newlines: join(nl_a, nl_b), marks: join(opens_a, opens_b), nonblank: !join(blank_a, blank_b) }
    }
}

/// One mask of a block from its two halves' masks.
#[inline(always)]
fn join(low: u64, high: u64) -> u64 {
    low | high << 32
}
