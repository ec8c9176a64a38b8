//! The 64-byte masks the block loops settle lines from (`machine::blocks`), computed with 16-byte
//! vectors anywhere, or 32-byte ones in the clone of the block loops compiled with AVX2 enabled.
//! `wide` gives us safe compares and byte masks (this crate keeps `unsafe` to the io_uring
//! module); one generic body serves both widths.

use std::ops::BitOr;

use wide::{u8x16, u8x32};

use super::scan::StopSet;

/// The bytes a [`Masks`] covers: one bit per byte in a `u64`.
pub(crate) const BLOCK: usize = 64;

/// Bit `k` of `newlines` is set when byte `k` of the block is `\n`, of `marks` when it is one of the
/// set's other bytes (or where a comment's closer may begin), of `solid` when it is neither a
/// blank nor `\n`. Newlines come apart from the marks so that the lines between two marks can be
/// settled together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Masks {
    pub newlines: u64,
    pub marks: u64,
    pub solid: u64,
}

/// The vector operations the masks need.
pub(crate) trait Vector: Copy + BitOr<Output = Self> {
    const LANES: usize;
    /// A needle splatted to 16 bytes, splatted to this width.
    fn widen(needle: u8x16) -> Self;
    fn load(bytes: &[u8]) -> Self;
    fn splat(b: u8) -> Self;
    fn equal(self, other: Self) -> Self;
    fn bits(self) -> u64;

    /// The `\n` bytes and the blanks (`\n` among them), one bit each.
    #[inline(always)]
    fn newlines_and_blanks(self) -> (u64, u64) {
        let s = Self::splat;
        // `\t` `\n` `\x0b` `\x0c` `\r` are 9..=13: a wrapping subtract and an unsigned compare.
        let low = Self::at_most_four(self, 9);
        let ws = low | self.equal(s(b' '));
        (self.equal(s(b'\n')).bits(), ws.bits())
    }

    /// Bytes `b` with `b - base` (wrapping) at most four.
    fn at_most_four(self, base: u8) -> Self;
}

macro_rules! vector {
    ($t:ident, $lanes:expr, $widen:expr) => {
        impl Vector for $t {
            const LANES: usize = $lanes;
            #[inline(always)]
            fn widen(needle: u8x16) -> Self {
                $widen(needle)
            }
            #[inline(always)]
            fn load(bytes: &[u8]) -> Self {
                $t::new(bytes.try_into().expect("a whole vector"))
            }
            #[inline(always)]
            fn splat(b: u8) -> Self {
                $t::splat(b)
            }
            #[inline(always)]
            fn equal(self, other: Self) -> Self {
                self.simd_eq(other)
            }
            #[inline(always)]
            fn bits(self) -> u64 {
                u64::from(self.to_bitmask() as u32)
            }
            #[inline(always)]
            fn at_most_four(self, base: u8) -> Self {
                (self - $t::splat(base)).max($t::splat(4)).simd_eq($t::splat(4))
            }
        }
    };
}

vector!(u8x16, 16, |n: u8x16| n);
vector!(u8x32, 32, |n: u8x16| u8x32::splat(n.to_array()[0]));

impl StopSet {
    /// The newlines, the set's bytes and the non-blank bytes of a 64-byte block.
    #[inline(always)]
    pub(crate) fn masks<V: Vector>(&self, block: &[u8; BLOCK]) -> Masks {
        match self {
            StopSet::Four(needles) => stop_masks::<V, 4>(needles, block),
            StopSet::Eight(needles) => stop_masks::<V, 8>(needles, block),
        }
    }
}

#[inline(always)]
fn stop_masks<V: Vector, const N: usize>(needles: &[u8x16; N], block: &[u8; BLOCK]) -> Masks {
    let needles = needles.map(V::widen);
    let mut newlines = 0u64;
    let mut marks = 0u64;
    let mut blank = 0u64;
    for (k, lane) in block.chunks_exact(V::LANES).enumerate() {
        let v = V::load(lane);
        let hits = needles[1..].iter().fold(v.equal(needles[0]), |m, &n| m | v.equal(n));
        let (nl, ws) = v.newlines_and_blanks();
        newlines |= nl << (k * V::LANES);
        marks |= hits.bits() << (k * V::LANES);
        blank |= ws << (k * V::LANES);
    }
    Masks { newlines, marks: marks & !newlines, solid: !blank }
}

/// The first two bytes of a block comment's closer, for [`CloserSet::masks`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct CloserSet {
    first: u8x16,
    second: Option<u8x16>,
}

impl CloserSet {
    pub(crate) fn new(close: &[u8]) -> CloserSet {
        CloserSet { first: u8x16::splat(close[0]), second: close.get(1).map(|&b| u8x16::splat(b)) }
    }

    /// The masks of a block comment's text. `marks` holds where its closer may begin: where its
    /// first two bytes stand, or its first byte at the block's last byte (the second is in the
    /// next block). The caller checks the whole closer there.
    #[inline(always)]
    pub(crate) fn masks<V: Vector>(&self, block: &[u8; BLOCK]) -> Masks {
        let first = V::widen(self.first);
        let second = self.second.map(V::widen);
        let mut newlines = 0u64;
        let mut firsts = 0u64;
        let mut seconds = 0u64;
        let mut blank = 0u64;
        for (k, lane) in block.chunks_exact(V::LANES).enumerate() {
            let v = V::load(lane);
            let (nl, ws) = v.newlines_and_blanks();
            newlines |= nl << (k * V::LANES);
            blank |= ws << (k * V::LANES);
            firsts |= v.equal(first).bits() << (k * V::LANES);
            if let Some(second) = second {
                seconds |= v.equal(second).bits() << (k * V::LANES);
            }
        }
        let marks = match second {
            Some(_) => firsts & (seconds >> 1 | 1 << (BLOCK - 1)),
            None => firsts,
        };
        Masks { newlines, marks, solid: !blank }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::markers::is_ws;

    /// Random 64-byte blocks, with blanks, newlines and `bytes` often enough to mix.
    fn blocks(bytes: &[u8]) -> impl Iterator<Item = [u8; BLOCK]> + '_ {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        (0..500).map(move |round| {
            std::array::from_fn(|k| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                match (seed >> 8) % 4 {
                    0 => b" \t\r\x0b\x0c\n"[(seed >> 16) as usize % 6],
                    1 => bytes[(seed >> 16) as usize % bytes.len()],
                    _ if round % 2 == 0 => (seed >> 24) as u8,
                    _ => [b'a', b'\x08', b'\x0e', b'\x1f', b'!'][k % 5],
                }
            })
        })
    }

    fn bit(f: impl Fn(usize) -> bool) -> u64 {
        (0..BLOCK).filter(|&k| f(k)).fold(0u64, |m, k| m | 1 << k)
    }

    fn want(block: &[u8; BLOCK], mark: impl Fn(usize) -> bool) -> Masks {
        Masks {
            newlines: bit(|k| block[k] == b'\n'),
            marks: bit(mark),
            solid: bit(|k| !is_ws(block[k]) && block[k] != b'\n'),
        }
    }

    /// Both widths against the table, bit by bit.
    fn check_stops(stops: &[u8]) {
        let mut class = [0u8; 256];
        stops.iter().for_each(|&b| class[usize::from(b)] = 2);
        let set = StopSet::marks_from_class(&class, 2).unwrap();
        for block in blocks(stops) {
            let want = want(&block, |k| class[usize::from(block[k])] != 0 && block[k] != b'\n');
            assert_eq!(set.masks::<u8x16>(&block), want, "{stops:?} in {block:?}");
            assert_eq!(set.masks::<u8x32>(&block), want, "{stops:?} in {block:?}");
        }
    }

    #[test]
    fn stop_masks_equal_the_table() {
        check_stops(b"\n/\"'#");
        check_stops(b"/\"'#\0<>;");
        // No marks at all: the set is `\n` alone, and no newline may show as a mark.
        check_stops(b"\n");
    }

    #[test]
    fn closer_masks_mark_where_a_closer_may_begin() {
        for close in [&b"*/"[..], b"-}", b"}"] {
            let closer = CloserSet::new(close);
            for block in blocks(close) {
                let want = want(&block, |k| {
                    block[k] == close[0]
                        && close.get(1).map_or(true, |&c| k == BLOCK - 1 || block[k + 1] == c)
                });
                assert_eq!(closer.masks::<u8x16>(&block), want, "{close:?} in {block:?}");
                assert_eq!(closer.masks::<u8x32>(&block), want, "{close:?} in {block:?}");
            }
        }
    }
}
