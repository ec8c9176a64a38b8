//! Stop bytes found by vector compares: the skip over code, or over the text of a comment or
//! string, 16 bytes at a time (the 64-byte masks of a set are in `masks`). `wide` gives us safe
//! SSE2 compares and a byte mask (this crate keeps `unsafe` to the io_uring module); the table
//! scan in the machine stays as this scan's twin and as the fallback for languages with more than
//! eight stop bytes.

use wide::u8x16;

const LANES: usize = 16;

/// The stop bytes, splatted and padded (by repeating one) to four or eight compares per block.
#[derive(Debug, Clone, Copy)]
pub(crate) enum StopSet {
    Four([u8x16; 4]),
    Eight([u8x16; 8]),
    /// Ruby's nine marks and a newline, Perl's thirteen: without a set they ran a table lookup a
    /// byte, 10x C's instructions a line.
    Sixteen([u8x16; 16]),
}

impl StopSet {
    /// The set of bytes whose class has any of `bits`, if it is small enough to scan by blocks.
    pub(crate) fn from_class(class: &[u8; 256], bits: u8) -> Option<StopSet> {
        let bytes: Vec<u8> = (0..=255u8).filter(|&b| class[usize::from(b)] & bits != 0).collect();
        StopSet::of(&bytes)
    }

    /// The set for the 64-byte masks of code mode, `bytes` being the marks other than `\n`, which
    /// the masks find anyway (a set of none is `\n` alone, masked out of `marks`).
    pub(crate) fn marks_from_bytes(bytes: &[u8]) -> Option<StopSet> {
        StopSet::of(if bytes.is_empty() { b"\n" } else { bytes })
    }

    fn of(bytes: &[u8]) -> Option<StopSet> {
        let splat = |i: usize| u8x16::splat(bytes[i.min(bytes.len() - 1)]);
        match bytes.len() {
            1..=4 => Some(StopSet::Four(std::array::from_fn(splat))),
            5..=8 => Some(StopSet::Eight(std::array::from_fn(splat))),
            9..=16 => Some(StopSet::Sixteen(std::array::from_fn(splat))),
            _ => None,
        }
    }

    /// Up to four bytes known when a span opens (repeat one to pad): a span's skip is usually a
    /// few dozen bytes, too short to pay for a call into `memchr3`.
    pub(crate) fn four(bytes: [u8; 4]) -> StopSet {
        StopSet::Four(bytes.map(u8x16::splat))
    }

    /// Offset of the first stop byte in `hay`.
    #[inline(always)]
    pub(crate) fn find(&self, hay: &[u8]) -> Option<usize> {
        match self {
            StopSet::Four(needles) => find_with(needles, hay),
            StopSet::Eight(needles) => find_with(needles, hay),
            StopSet::Sixteen(needles) => find_in_sixteen(needles, hay),
        }
    }
}

/// [`find_with`] for the rare sets of more than eight bytes (Ruby's), out of line, so that
/// `find` stays small where the spans' loops inline it.
#[inline(never)]
fn find_in_sixteen(needles: &[u8x16; 16], hay: &[u8]) -> Option<usize> {
    find_with(needles, hay)
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
    use crate::test_random::xorshift;

    fn check(stops: &[u8]) {
        let mut class = [0u8; 256];
        stops.iter().for_each(|&b| class[usize::from(b)] = 2);
        let set = StopSet::from_class(&class, 2).unwrap();
        // The spans' sets, padded by repeating their last byte.
        let four =
            (stops.len() <= 4).then(|| StopSet::four(std::array::from_fn(|k| stops[k.min(stops.len() - 1)])));
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..2000 {
            xorshift(&mut seed);
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

    #[test]
    fn block_scan_equals_the_table_scan() {
        check(b"\n");
        check(b"\n*");
        check(b"\n/\"'");
        check(b"\n/\"'#<>\0");
        check(b"\n\"#$%'/<=?");
        check(b"\n\"#$'/<=`mqsty");
        let mut too_many = [0u8; 256];
        (b'a'..=b'q').for_each(|b| too_many[usize::from(b)] = 2);
        assert!(StopSet::from_class(&too_many, 2).is_none());
    }
}
