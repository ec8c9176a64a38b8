//! Stop bytes found by vector compares: the 64-byte masks code mode settles lines from, and the
//! skip over the text of a comment or string, 16 bytes at a time. `wide` gives us safe SSE2 compares and a byte
//! mask (this crate keeps `unsafe` to the io_uring module); the table scan in the machine stays as
//! this scan's twin and as the fallback for languages with more than eight stop bytes.

use wide::u8x16;

const LANES: usize = 16;
/// The bytes [`StopSet::masks`] classifies at once: one bit per byte in a `u64`.
pub(crate) const BLOCK: usize = 64;

/// Bit `k` of `newlines` is set when byte `k` of the block is `\n`, of `marks` when it is one of the
/// set's other bytes, of `solid` when it is neither a blank nor `\n`. Newlines come apart from
/// the marks so that the lines between two marks can be settled together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Masks {
    pub newlines: u64,
    pub marks: u64,
    pub solid: u64,
}

/// The stop bytes, splatted and padded (by repeating one) to four or eight compares per block.
#[derive(Debug, Clone, Copy)]
pub(crate) enum StopSet {
    Four([u8x16; 4]),
    Eight([u8x16; 8]),
}

impl StopSet {
    /// The set of bytes whose class has any of `bits`, if it is small enough to scan by blocks.
    pub(crate) fn from_class(class: &[u8; 256], bits: u8) -> Option<StopSet> {
        let bytes: Vec<u8> = (0..=255u8).filter(|&b| class[usize::from(b)] & bits != 0).collect();
        StopSet::of(&bytes)
    }

    /// The set for [`StopSet::masks`]: the bytes with any of `bits` other than `\n`, which the
    /// masks find anyway (a set of none is `\n` alone, masked out of `marks`).
    pub(crate) fn marks_from_class(class: &[u8; 256], bits: u8) -> Option<StopSet> {
        let bytes: Vec<u8> =
            (0..=255u8).filter(|&b| class[usize::from(b)] & bits != 0 && b != b'\n').collect();
        StopSet::of(if bytes.is_empty() { b"\n" } else { &bytes })
    }

    fn of(bytes: &[u8]) -> Option<StopSet> {
        let splat = |i: usize| u8x16::splat(bytes[i.min(bytes.len() - 1)]);
        match bytes.len() {
            1..=4 => Some(StopSet::Four(std::array::from_fn(splat))),
            5..=8 => Some(StopSet::Eight(std::array::from_fn(splat))),
            _ => None,
        }
    }

    /// The newlines, the set's bytes and the bytes other than blanks (`markers::is_ws`, and `\n`)
    /// of a 64-byte block, one bit per byte. Code mode settles the block's lines from these words.
    #[inline(always)]
    pub(crate) fn masks(&self, block: &[u8; BLOCK]) -> Masks {
        match self {
            StopSet::Four(needles) => masks_with(needles, block),
            StopSet::Eight(needles) => masks_with(needles, block),
        }
    }

    /// Up to four bytes known when a span opens (repeat one to pad): a span's skip is usually a
    /// few dozen bytes, too short to pay for a call into `memchr3`.
    pub(crate) fn four(bytes: [u8; 4]) -> StopSet {
        StopSet::Four(bytes.map(u8x16::splat))
    }

    /// Offset of the first stop byte in `hay`.
    #[inline]
    pub(crate) fn find(&self, hay: &[u8]) -> Option<usize> {
        match self {
            StopSet::Four(needles) => find_with(needles, hay),
            StopSet::Eight(needles) => find_with(needles, hay),
        }
    }
}

#[cfg(not(target_feature = "avx2"))]
#[inline(always)]
fn masks_with<const N: usize>(needles: &[u8x16; N], block: &[u8; BLOCK]) -> Masks {
    let mut newlines = 0u64;
    let mut marks = 0u64;
    let mut blank = 0u64;
    for (k, lane) in block.chunks_exact(LANES).enumerate() {
        let v = u8x16::new(lane.try_into().expect("exact chunk"));
        let hits = needles.iter().fold(u8x16::splat(0), |m, &n| m | v.simd_eq(n));
        let (nl, ws) = newlines_and_blanks(v);
        newlines |= nl << (k * LANES);
        marks |= u64::from(hits.to_bitmask()) << (k * LANES);
        blank |= ws << (k * LANES);
    }
    Masks { newlines, marks: marks & !newlines, solid: !blank }
}

/// The `\n` bytes and the blanks (`\n` among them) of 16 bytes, one bit each.
#[inline(always)]
fn newlines_and_blanks(v: u8x16) -> (u64, u64) {
    // `\t` `\n` `\x0b` `\x0c` `\r` are 9..=13: a wrapping subtract and an unsigned compare.
    let low = (v - u8x16::splat(9)).max(u8x16::splat(4)).simd_eq(u8x16::splat(4));
    let ws = low | v.simd_eq(u8x16::splat(b' '));
    let nl = v.simd_eq(u8x16::splat(b'\n'));
    (u64::from(nl.to_bitmask()), u64::from(ws.to_bitmask()))
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
    pub(crate) fn masks(&self, block: &[u8; BLOCK]) -> Masks {
        let mut newlines = 0u64;
        let mut firsts = 0u64;
        let mut seconds = 0u64;
        let mut blank = 0u64;
        for (k, lane) in block.chunks_exact(LANES).enumerate() {
            let v = u8x16::new(lane.try_into().expect("exact chunk"));
            let (nl, ws) = newlines_and_blanks(v);
            newlines |= nl << (k * LANES);
            blank |= ws << (k * LANES);
            firsts |= u64::from(v.simd_eq(self.first).to_bitmask()) << (k * LANES);
            if let Some(second) = self.second {
                seconds |= u64::from(v.simd_eq(second).to_bitmask()) << (k * LANES);
            }
        }
        let marks = match self.second {
            Some(_) => firsts & (seconds >> 1 | 1 << (BLOCK - 1)),
            None => firsts,
        };
        Masks { newlines, marks, solid: !blank }
    }
}

/// The same with 32-byte AVX2 vectors, for a build that targets a CPU with them
/// (`-C target-cpu=x86-64-v3` or `native`); without AVX2 `wide` emulates them slowly.
#[cfg(target_feature = "avx2")]
#[inline(always)]
fn masks_with<const N: usize>(needles: &[u8x16; N], block: &[u8; BLOCK]) -> Masks {
    use wide::u8x32;
    const WIDE: usize = 32;
    let needles = needles.map(|n| u8x32::splat(n.to_array()[0]));
    let mut newlines = 0u64;
    let mut marks = 0u64;
    let mut blank = 0u64;
    for (k, lane) in block.chunks_exact(WIDE).enumerate() {
        let v = u8x32::new(lane.try_into().expect("exact chunk"));
        let hits = needles.iter().fold(u8x32::splat(0), |m, &n| m | v.simd_eq(n));
        let low = (v - u8x32::splat(9)).max(u8x32::splat(4)).simd_eq(u8x32::splat(4));
        let ws = low | v.simd_eq(u8x32::splat(b' '));
        newlines |= u64::from(v.simd_eq(u8x32::splat(b'\n')).to_bitmask()) << (k * WIDE);
        marks |= u64::from(hits.to_bitmask()) << (k * WIDE);
        blank |= u64::from(ws.to_bitmask()) << (k * WIDE);
    }
    Masks { newlines, marks: marks & !newlines, solid: !blank }
}

#[inline(always)]
fn find_with<const N: usize>(needles: &[u8x16; N], hay: &[u8]) -> Option<usize> {
    let mut blocks = hay.chunks_exact(LANES);
    let mut base = 0;
    for block in &mut blocks {
        let v = u8x16::new(block.try_into().expect("exact chunk"));
        let hits = needles.iter().fold(u8x16::splat(0), |m, &n| m | v.simd_eq(n));
        let mask = hits.to_bitmask();
        if mask != 0 {
            return Some(base + mask.trailing_zeros() as usize);
        }
        base += LANES;
    }
    let rest = blocks.remainder();
    let mut tail = [0u8; LANES];
    tail[..rest.len()].copy_from_slice(rest);
    let v = u8x16::new(tail);
    let hits = needles.iter().fold(u8x16::splat(0), |m, &n| m | v.simd_eq(n));
    let mask = hits.to_bitmask() & ((1u32 << rest.len()) - 1);
    (mask != 0).then(|| base + mask.trailing_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(stops: &[u8]) {
        let mut class = [0u8; 256];
        stops.iter().for_each(|&b| class[usize::from(b)] = 2);
        let set = StopSet::from_class(&class, 2).unwrap();
        // The spans' sets, padded by repeating their last byte.
        let four =
            (stops.len() <= 4).then(|| StopSet::four(std::array::from_fn(|k| stops[k.min(stops.len() - 1)])));
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let hay: Vec<u8> = (0..(seed % 100) as usize)
                .map(|k| {
                    let r = (seed.rotate_left(k as u32) as usize).wrapping_add(k * 31);
                    if r % 29 == 0 {
                        stops[r % stops.len()]
                    } else {
                        (r % 256) as u8
                    }
                })
                .collect();
            let table = hay.iter().position(|&b| class[usize::from(b)] != 0);
            assert_eq!(set.find(&hay), table, "{hay:?}");
            if let Some(four) = &four {
                assert_eq!(four.find(&hay), table, "{stops:?} in {hay:?}");
            }
        }
    }

    /// Random 64-byte blocks: the masks against the table, bit by bit.
    fn check_masks(stops: &[u8]) {
        let mut class = [0u8; 256];
        stops.iter().for_each(|&b| class[usize::from(b)] = 2);
        let set = StopSet::marks_from_class(&class, 2).unwrap();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..500 {
            let block: [u8; BLOCK] = std::array::from_fn(|k| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Every byte value, and blanks and stops often enough to mix.
                match (seed >> 8) % 4 {
                    0 => b" \t\r\x0b\x0c\n/\"'#"[(seed >> 16) as usize % 10],
                    _ if round % 2 == 0 => (seed >> 24) as u8,
                    _ => [b'a', b'\x08', b'\x0e', b'\x1f', b'!'][k % 5],
                }
            });
            let bit =
                |f: &dyn Fn(u8) -> bool| (0..BLOCK).filter(|&k| f(block[k])).fold(0u64, |m, k| m | 1 << k);
            let want = Masks {
                newlines: bit(&|b| b == b'\n'),
                marks: bit(&|b| class[usize::from(b)] != 0 && b != b'\n'),
                solid: bit(&|b| !crate::count::markers::is_ws(b) && b != b'\n'),
            };
            assert_eq!(set.masks(&block), want, "{stops:?} in {block:?}");
        }
    }

    #[test]
    fn block_masks_equal_the_table() {
        check_masks(b"\n/\"'#");
        check_masks(b"/\"'#\0<>;");
        // No marks at all: the set is `\n` alone, and no newline may show as a mark.
        check_masks(b"\n");
    }

    #[test]
    fn block_scan_equals_the_table_scan() {
        check(b"\n");
        check(b"\n*");
        check(b"\n/\"'");
        check(b"\n/\"'#<>\0");
        let mut too_many = [0u8; 256];
        (b'a'..=b'i').for_each(|b| too_many[usize::from(b)] = 2);
        assert!(StopSet::from_class(&too_many, 2).is_none());
    }
}
