//! The 64-byte masks the block loops settle lines from (`machine::blocks`), computed 16 bytes at a
//! time anywhere (`wide` gives us safe compares and byte masks: this crate keeps `unsafe` to the
//! io_uring module), 32 at a time with AVX2 (`avx2.rs`) or 64 with AVX-512 (`avx512.rs`).

use wide::u8x16;

use super::scan::StopSet;

/// The bytes a [`Masks`] covers: one bit per byte in a `u64`.
pub(crate) const BLOCK: usize = 64;

/// The blanks (`\n` among them) by their low nibble, for a byte shuffle: a byte is blank where
/// the entry of its low nibble is the byte itself. A byte from 0x80 gets zero from the shuffle,
/// and a nibble no blank has holds 0x80, which no byte under 0x80 equals.
pub(crate) const BLANKS_BY_LOW_NIBBLE: [u8; 16] =
    [b' ', 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, b'\t', b'\n', 0x0b, 0x0c, b'\r', 0x80, 0x80];

/// Bit `k` of `newlines` is set when byte `k` of the block is `\n`, of `marks` when it is one of the
/// set's other bytes (or where a comment's closer may begin), of `nonblank` when it is neither a
/// blank nor `\n`. Newlines come apart from the marks so that the lines between two marks can be
/// settled together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Masks {
    pub newlines: u64,
    pub marks: u64,
    pub nonblank: u64,
}

/// The vector instructions the block loops build their masks with: [`Portable`] anywhere, or
/// AVX2 or AVX-512 once the CPU is known to have them (`machine::lanes` picks). Each brings its own form of code mode's mark
/// set, built once per language.
pub(crate) trait Lanes: Copy {
    type Marks;
    /// The newlines, marks and non-blank bytes of a block of code.
    fn stop_masks(self, marks: &Self::Marks, block: &[u8; BLOCK]) -> Masks;
    /// A block of code's masks where it holds no mark, `None` where it holds one: the unmarked
    /// loop's test, which lanes that need several steps for a mark mask can make without one.
    #[inline(always)]
    fn unmarked_masks(self, marks: &Self::Marks, block: &[u8; BLOCK]) -> Option<Masks> {
        let m = self.stop_masks(marks, block);
        (m.marks == 0).then_some(m)
    }
    /// The masks of a block comment's text. `marks` holds where its closer may begin: where its
    /// first two bytes stand, or its first byte at the block's last byte (the second is in the
    /// next block). The caller checks the whole closer there.
    fn closer_masks(self, closer: &CloserSet, block: &[u8; BLOCK]) -> Masks;
    /// Where each of three bytes stands in a block.
    fn byte_masks(self, bytes: [u8; 3], block: &[u8; BLOCK]) -> [u64; 3];
    /// Where the bytes of two sets of mark classes (bits of [`Nibbles::MARK`]) stand in a block,
    /// from the classes `stop_masks` finds; `None` on lanes that find marks by compares.
    #[inline(always)]
    fn mark_groups(self, marks: &Self::Marks, block: &[u8; BLOCK], groups: [u8; 2]) -> Option<[u64; 2]> {
        let _ = (marks, block, groups);
        None
    }
    /// Where one byte stands in a block.
    fn byte_mask(self, byte: u8, block: &[u8; BLOCK]) -> u64;
    /// A block's newlines and non-blank bytes, and as its marks where one of `p`'s prefixes
    /// begins; `window` is the block and the two bytes after it, which the prefixes at its last
    /// two bytes reach into.
    fn prefix_masks(self, p: &Prefixes, window: &[u8; BLOCK + 2]) -> Masks;
    /// [`Lanes::prefix_masks`] for [`Runs`]: the marks are where one of `r`'s openers begins.
    fn run_masks(self, r: &Runs, window: &[u8; BLOCK + 2]) -> Masks;
}

/// Prefixes of two or three bytes that a block loop finds by compares of the bytes after each
/// byte (three loads of a block, one and two bytes apart, rather than shifted masks): `first`
/// before `pair`, or before `second` and one of `thirds`. `second` and `thirds` are lower-case
/// letters and match in either case (`<!`, `<sc`, `<ST`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Prefixes {
    pub first: u8,
    pub pair: u8,
    pub second: u8,
    pub thirds: [u8; 2],
}

impl Prefixes {
    /// Whether a prefix begins at byte `k` of `window`, one byte at a time: the lanes' twin.
    #[cfg(test)]
    pub(crate) fn at(&self, window: &[u8], k: usize) -> bool {
        let folded = |b: u8| b | 0x20;
        window[k] == self.first
            && (window[k + 1] == self.pair
                || folded(window[k + 1]) == self.second && self.thirds.contains(&folded(window[k + 2])))
    }
}

/// Openers of two shapes that a block loop finds, as [`Prefixes`], by compares of the bytes after
/// each byte: `pair`'s first byte before its second (`<!`), or a run of three of one of `runs`
/// (three backticks, three tildes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Runs {
    pub pair: [u8; 2],
    pub runs: [u8; 2],
}

impl Runs {
    /// Whether an opener begins at byte `k` of `window`, one byte at a time: the lanes' twin.
    #[cfg(test)]
    pub(crate) fn at(&self, window: &[u8], k: usize) -> bool {
        let b = window[k];
        window[k..k + 2] == self.pair || self.runs.contains(&b) && window[k + 1] == b && window[k + 2] == b
    }
}

/// Vector lanes that build code mode's tables from the nibble classes.
#[cfg(target_arch = "x86_64")]
pub(crate) trait FromNibbles: Lanes {
    /// The tables as the shuffles want them, in every 128-bit lane.
    fn tables(self, t: &Nibbles) -> Self::Marks;
}

/// Code mode's marks in the form each kind of [`Lanes`] wants.
#[derive(Debug)]
pub(crate) struct MarkSet {
    pub needles: StopSet,
    /// `None` where the marks need more than five class bits (see [`Nibbles`]): such a language
    /// runs on [`Portable`]. Only the AVX2 and AVX-512 lanes read them (tests check them on any
    /// CPU).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub nibbles: Option<Nibbles>,
}

impl MarkSet {
    /// The bytes with any of `bits` other than `\n`, if few enough for block masks.
    pub(crate) fn from_class(class: &[u8; 256], bits: u8) -> Option<MarkSet> {
        let bytes: Vec<u8> =
            (0..=255u8).filter(|&b| class[usize::from(b)] & bits != 0 && b != b'\n').collect();
        let needles = StopSet::marks_from_bytes(&bytes)?;
        Some(MarkSet { needles, nibbles: Nibbles::new(&bytes) })
    }
}

/// Baseline x86-64, or any other CPU: 16-byte compares through `wide`, one per mark.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Portable;

impl Lanes for Portable {
    type Marks = StopSet;

    #[inline(always)]
    fn stop_masks(self, marks: &StopSet, block: &[u8; BLOCK]) -> Masks {
        match marks {
            StopSet::Four(needles) => stop_masks(needles, block),
            StopSet::Eight(needles) => stop_masks(needles, block),
            StopSet::Sixteen(needles) => stop_masks(needles, block),
        }
    }

    #[inline(always)]
    fn closer_masks(self, closer: &CloserSet, block: &[u8; BLOCK]) -> Masks {
        let (first, second) = (u8x16::splat(closer.first), closer.second.map(u8x16::splat));
        let mut newlines = 0u64;
        let mut firsts = 0u64;
        let mut seconds = 0u64;
        let mut blank = 0u64;
        for (k, lane) in block.chunks_exact(LANES).enumerate() {
            let v = load(lane);
            let (nl, ws) = newlines_and_blanks(v);
            newlines |= nl << (k * LANES);
            blank |= ws << (k * LANES);
            firsts |= bits(v.simd_eq(first)) << (k * LANES);
            if let Some(second) = second {
                seconds |= bits(v.simd_eq(second)) << (k * LANES);
            }
        }
        Masks { newlines, marks: closer.candidates(firsts, seconds), nonblank: !blank }
    }

    #[inline(always)]
    fn byte_masks(self, bytes: [u8; 3], block: &[u8; BLOCK]) -> [u64; 3] {
        let needles = bytes.map(u8x16::splat);
        let mut masks = [0u64; 3];
        for (k, lane) in block.chunks_exact(LANES).enumerate() {
            let v = load(lane);
            for (mask, &n) in masks.iter_mut().zip(&needles) {
                *mask |= bits(v.simd_eq(n)) << (k * LANES);
            }
        }
        masks
    }

    #[inline(always)]
    fn byte_mask(self, byte: u8, block: &[u8; BLOCK]) -> u64 {
        let needle = u8x16::splat(byte);
        let lane = |k: usize| bits(load(&block[k * LANES..][..LANES]).simd_eq(needle)) << (k * LANES);
        lane(0) | lane(1) | lane(2) | lane(3)
    }

    #[inline(always)]
    fn prefix_masks(self, p: &Prefixes, window: &[u8; BLOCK + 2]) -> Masks {
        let fold = u8x16::splat(0x20);
        let (mut newlines, mut marks, mut blank) = (0u64, 0u64, 0u64);
        for k in 0..BLOCK / LANES {
            let from = k * LANES;
            let (v, after) = (load(&window[from..][..LANES]), load(&window[from + 1..][..LANES]));
            let (next, third) = (after | fold, load(&window[from + 2..][..LANES]) | fold);
            let pair = after.simd_eq(u8x16::splat(p.pair));
            let thirds = third.simd_eq(u8x16::splat(p.thirds[0])) | third.simd_eq(u8x16::splat(p.thirds[1]));
            let opens =
                v.simd_eq(u8x16::splat(p.first)) & (pair | next.simd_eq(u8x16::splat(p.second)) & thirds);
            let (nl, ws) = newlines_and_blanks(v);
            newlines |= nl << (k * LANES);
            marks |= bits(opens) << (k * LANES);
            blank |= ws << (k * LANES);
        }
        Masks { newlines, marks, nonblank: !blank }
    }

    #[inline(always)]
    fn run_masks(self, r: &Runs, window: &[u8; BLOCK + 2]) -> Masks {
        let splat = u8x16::splat;
        let (mut newlines, mut marks, mut blank) = (0u64, 0u64, 0u64);
        for k in 0..BLOCK / LANES {
            let from = k * LANES;
            let v = load(&window[from..][..LANES]);
            let (next, third) = (load(&window[from + 1..][..LANES]), load(&window[from + 2..][..LANES]));
            let pair = v.simd_eq(splat(r.pair[0])) & next.simd_eq(splat(r.pair[1]));
            let runs = v.simd_eq(splat(r.runs[0])) | v.simd_eq(splat(r.runs[1]));
            let opens = pair | runs & v.simd_eq(next) & v.simd_eq(third);
            let (nl, ws) = newlines_and_blanks(v);
            newlines |= nl << from;
            marks |= bits(opens) << from;
            blank |= ws << from;
        }
        Masks { newlines, marks, nonblank: !blank }
    }
}

const LANES: usize = 16;

#[inline(always)]
fn load(lane: &[u8]) -> u8x16 {
    u8x16::new(lane.try_into().expect("a whole vector"))
}

#[inline(always)]
fn bits(v: u8x16) -> u64 {
    u64::from(v.to_bitmask() as u16)
}

/// The `\n` bytes and the blanks (`\n` among them), one bit each.
#[inline(always)]
fn newlines_and_blanks(v: u8x16) -> (u64, u64) {
    // `\t` `\n` `\x0b` `\x0c` `\r` are 9..=13: a wrapping subtract and an unsigned compare.
    let four = u8x16::splat(4);
    let low = (v - u8x16::splat(9)).max(four).simd_eq(four);
    let ws = low | v.simd_eq(u8x16::splat(b' '));
    (bits(v.simd_eq(u8x16::splat(b'\n'))), bits(ws))
}

#[inline(always)]
fn stop_masks<const N: usize>(needles: &[u8x16; N], block: &[u8; BLOCK]) -> Masks {
    let mut newlines = 0u64;
    let mut marks = 0u64;
    let mut blank = 0u64;
    for (k, lane) in block.chunks_exact(LANES).enumerate() {
        let v = load(lane);
        let hits = needles[1..].iter().fold(v.simd_eq(needles[0]), |m, &n| m | v.simd_eq(n));
        let (nl, ws) = newlines_and_blanks(v);
        newlines |= nl << (k * LANES);
        marks |= bits(hits) << (k * LANES);
        blank |= ws << (k * LANES);
    }
    Masks { newlines, marks: marks & !newlines, nonblank: !blank }
}

/// A byte's class as two 16-entry tables, one indexed by its low nibble and one by its high one:
/// the class is the AND of the two entries, which one byte shuffle each finds for 32 bytes at
/// once, whatever the number of marks (as simdjson classifies its structural characters). Each
/// bit stands for a set of low nibbles times a set of high nibbles: `\n`, the blanks 9..=13, the
/// space, and up to five bits for the marks, one per group of high nibbles whose marks share
/// their low nibbles. Bytes from 0x80 have no class (their high-nibble entries are zero).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Nibbles {
    pub low: [u8; 16],
    pub high: [u8; 16],
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl Nibbles {
    pub const NEWLINE: u8 = 0x80;
    /// The blanks, `\n` among them.
    pub const BLANK: u8 = 0x60;
    pub const MARK: u8 = 0x1f;

    pub(crate) fn new(marks: &[u8]) -> Option<Nibbles> {
        let mut t = Nibbles { low: [0; 16], high: [0; 16] };
        let mut add = |lows: &[u8], highs: &[u8], bit: u8| {
            lows.iter().for_each(|&l| t.low[usize::from(l)] |= bit);
            highs.iter().for_each(|&h| t.high[usize::from(h)] |= bit);
        };
        add(&[0xa], &[0], Nibbles::NEWLINE);
        add(&[9, 0xa, 0xb, 0xc, 0xd], &[0], 0x40);
        add(&[0], &[2], 0x20);
        // Each high nibble's set of low nibbles; high nibbles with the same set share a bit.
        let mut lows = [0u16; 8];
        for &b in marks {
            *lows.get_mut(usize::from(b >> 4))? |= 1 << (b & 15);
        }
        let mut groups: Vec<u16> = lows.iter().copied().filter(|&l| l != 0).collect();
        groups.sort_unstable();
        groups.dedup();
        if groups.len() > 5 {
            return None;
        }
        for (k, &group) in groups.iter().enumerate() {
            let of = |set: u16| (0..16u8).filter(move |&n| set & 1 << n != 0);
            let highs: Vec<u8> = (0..8u8).filter(|&h| lows[usize::from(h)] == group).collect();
            add(&of(group).collect::<Vec<_>>(), &highs, 1 << k);
        }
        Some(t)
    }

    /// The class of one byte: the twin of the shuffles.
    pub(crate) fn class(&self, b: u8) -> u8 {
        self.low[usize::from(b & 15)] & self.high[usize::from(b >> 4)]
    }
}

/// The first two bytes of a block comment's closer, for [`Lanes::closer_masks`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct CloserSet {
    pub first: u8,
    pub second: Option<u8>,
}

impl CloserSet {
    pub(crate) fn new(close: &[u8]) -> CloserSet {
        CloserSet { first: close[0], second: close.get(1).copied() }
    }

    /// The closer's first byte alone, where its second is the first again (Python's `"""` and
    /// `'''`): a loop then finds its first byte and takes [`CloserSet::pairs`] of that mask, one
    /// compare a block fewer than for two bytes.
    #[inline(always)]
    pub(crate) fn doubled(&self) -> Option<CloserSet> {
        (self.second == Some(self.first)).then_some(CloserSet { first: self.first, second: None })
    }

    /// Where a doubled closer may begin, from where its byte stands: [`CloserSet::candidates`]
    /// with that mask as both bytes'.
    #[inline(always)]
    pub(crate) fn pairs(firsts: u64) -> u64 {
        firsts & (firsts >> 1 | 1 << (BLOCK - 1))
    }

    /// Where the closer may begin, from where its first and second bytes stand.
    #[inline(always)]
    pub(crate) fn candidates(&self, firsts: u64, seconds: u64) -> u64 {
        match self.second {
            Some(_) => firsts & (seconds >> 1 | 1 << (BLOCK - 1)),
            None => firsts,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_random::xorshift;

    /// The blanks the masks must find, spelled out byte by byte as the counter's rules say.
    fn is_ws(b: u8) -> bool {
        matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
    }

    /// Random 64-byte blocks, with blanks, newlines and `bytes` often enough to mix.
    fn blocks(bytes: &[u8]) -> impl Iterator<Item = [u8; BLOCK]> + '_ {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        (0..500).map(move |round| {
            std::array::from_fn(|k| {
                xorshift(&mut seed);
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
            nonblank: bit(|k| !is_ws(block[k]) && block[k] != b'\n'),
        }
    }

    #[test]
    fn byte_masks_equal_the_table() {
        let bytes = [b'"', b'\\', b'\n'];
        for block in blocks(&bytes) {
            let want = bytes.map(|b| bit(|k| block[k] == b));
            assert_eq!(Portable.byte_masks(bytes, &block), want, "{block:?}");
            assert_eq!(Portable.byte_mask(bytes[2], &block), want[2], "{block:?}");
            #[cfg(target_arch = "x86_64")]
            if let Some(v3) = crate::simd::avx2::Avx2::detect() {
                assert_eq!(v3.0.vectorize(|| v3.byte_masks(bytes, &block)), want, "{block:?}");
                assert_eq!(v3.0.vectorize(|| v3.byte_mask(bytes[2], &block)), want[2], "{block:?}");
            }
            #[cfg(target_arch = "x86_64")]
            if let Some(v4) = crate::simd::avx512::Avx512::detect() {
                assert_eq!(v4.0.vectorize(|| v4.byte_masks(bytes, &block)), want, "{block:?}");
                assert_eq!(v4.0.vectorize(|| v4.byte_mask(bytes[2], &block)), want[2], "{block:?}");
            }
        }
    }

    /// The stop (when the set has nibble tables) and closer masks of each vector lanes this CPU
    /// has (the CI machine has both).
    #[cfg(target_arch = "x86_64")]
    fn wide_masks(set: &MarkSet, closer: &CloserSet, block: &[u8; BLOCK]) -> Vec<(Option<Masks>, Masks)> {
        use crate::simd::avx2::Avx2;
        use crate::simd::avx512::Avx512;
        use crate::simd::masks::FromNibbles;
        let mut all = Vec::new();
        if let Some(v3) = Avx2::detect() {
            all.push(v3.0.vectorize(|| {
                let stops = set.nibbles.as_ref().map(|n| v3.stop_masks(&v3.tables(n), block));
                (stops, v3.closer_masks(closer, block))
            }));
        }
        if let Some(v4) = Avx512::detect() {
            all.push(v4.0.vectorize(|| {
                let stops = set.nibbles.as_ref().map(|n| v4.stop_masks(&v4.tables(n), block));
                (stops, v4.closer_masks(closer, block))
            }));
        }
        all
    }

    /// The unmarked masks of each vector lanes this CPU has, for a set with nibble tables.
    #[cfg(target_arch = "x86_64")]
    fn wide_unmarked(set: &MarkSet, block: &[u8; BLOCK]) -> Vec<Option<Masks>> {
        use crate::simd::avx2::Avx2;
        use crate::simd::avx512::Avx512;
        use crate::simd::masks::FromNibbles;
        let nibbles = set.nibbles.as_ref().expect("nibble tables");
        let mut all = Vec::new();
        if let Some(v3) = Avx2::detect() {
            all.push(v3.0.vectorize(|| v3.unmarked_masks(&v3.tables(nibbles), block)));
        }
        if let Some(v4) = Avx512::detect() {
            all.push(v4.0.vectorize(|| v4.unmarked_masks(&v4.tables(nibbles), block)));
        }
        all
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn wide_unmarked(_: &MarkSet, _: &[u8; BLOCK]) -> Vec<Option<Masks>> {
        Vec::new()
    }

    /// A block with no mark has its stop masks as unmarked masks; one with a mark has none. Every
    /// other random block has its marks made letters, so both kinds come up.
    #[test]
    fn unmarked_masks_are_the_stop_masks_of_blocks_without_a_mark() {
        let stops = b"/\"'#\0<>;";
        let mut class = [0u8; 256];
        stops.iter().for_each(|&b| class[usize::from(b)] = 2);
        let set = MarkSet::from_class(&class, 2).unwrap();
        let mut unmarked = 0;
        for (n, mut block) in blocks(stops).enumerate() {
            if n % 2 == 0 {
                block.iter_mut().filter(|b| class[usize::from(**b)] != 0).for_each(|b| *b = b'x');
            }
            let want = want(&block, |k| class[usize::from(block[k])] != 0);
            let want = (want.marks == 0).then_some(want);
            unmarked += usize::from(want.is_some());
            assert_eq!(Portable.unmarked_masks(&set.needles, &block), want, "{block:?}");
            for wide in wide_unmarked(&set, &block) {
                assert_eq!(wide, want, "{block:?}");
            }
        }
        assert!(unmarked > 100, "only {unmarked} blocks without a mark");
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn wide_masks(_: &MarkSet, _: &CloserSet, _: &[u8; BLOCK]) -> Vec<(Option<Masks>, Masks)> {
        Vec::new()
    }

    /// Both kinds of lanes against the table, bit by bit.
    fn check_stops(stops: &[u8]) {
        let mut class = [0u8; 256];
        stops.iter().for_each(|&b| class[usize::from(b)] = 2);
        let set = MarkSet::from_class(&class, 2).unwrap();
        assert!(set.nibbles.is_some(), "{stops:?}");
        for block in blocks(stops) {
            let want = want(&block, |k| class[usize::from(block[k])] != 0 && block[k] != b'\n');
            assert_eq!(Portable.stop_masks(&set.needles, &block), want, "{stops:?} in {block:?}");
            for (wide, _) in wide_masks(&set, &CloserSet::new(b"*/"), &block) {
                assert_eq!(wide, Some(want), "{stops:?} in {block:?}");
            }
        }
    }

    #[test]
    fn stop_masks_equal_the_table() {
        check_stops(b"\n/\"'#");
        check_stops(b"/\"'#\0<>;");
        // Five groups of high nibbles, two of them sharing their low nibbles.
        check_stops(b"\x01/\"<rR\x7f@");
        // No marks at all: the set is `\n` alone, and no newline may show as a mark.
        check_stops(b"\n");
    }

    /// Every byte's class from the two tables, for sets of marks drawn at random.
    #[test]
    fn nibble_classes_equal_the_sets() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            xorshift(&mut seed);
            let marks: Vec<u8> = (0..1 + seed % 8)
                .map(|k| (seed >> (8 * k)) as u8 & 0x7f)
                .filter(|&b| !is_ws(b) && b != b'\n')
                .collect();
            let Some(t) = Nibbles::new(&marks) else {
                let groups: std::collections::BTreeSet<u16> = (0..8u8)
                    .map(|h| marks.iter().filter(|&&b| b >> 4 == h).fold(0, |m, &b| m | 1 << (b & 15)))
                    .filter(|&g| g != 0)
                    .collect();
                assert!(groups.len() > 5, "{marks:?}");
                continue;
            };
            for b in 0..=255u8 {
                let c = t.class(b);
                assert_eq!(c & Nibbles::NEWLINE != 0, b == b'\n', "{b:#x} in {marks:?}");
                assert_eq!(c & Nibbles::BLANK != 0, is_ws(b) || b == b'\n', "{b:#x} in {marks:?}");
                assert_eq!(c & Nibbles::MARK != 0, marks.contains(&b), "{b:#x} in {marks:?}");
            }
        }
    }

    /// A doubled closer's candidates from its byte's mask alone are those of both its bytes'
    /// masks: no more (each would cost a check of the whole closer), no fewer.
    #[test]
    fn a_doubled_closer_begins_where_its_byte_stands_twice() {
        for close in [&b"\"\"\""[..], b"''", b"]]"] {
            let closer = CloserSet::new(close);
            let byte = closer.doubled().expect("doubled");
            assert_eq!((byte.first, byte.second), (close[0], None));
            for block in blocks(close) {
                let firsts = bit(|k| block[k] == close[0]);
                let want = Portable.closer_masks(&closer, &block);
                let m = Portable.closer_masks(&byte, &block);
                assert_eq!(Masks { marks: CloserSet::pairs(m.marks), ..m }, want, "{close:?} in {block:?}");
                assert_eq!(CloserSet::pairs(firsts), closer.candidates(firsts, firsts));
            }
        }
        assert!(CloserSet::new(b"*/").doubled().is_none() && CloserSet::new(b"}").doubled().is_none());
    }

    #[test]
    fn closer_masks_mark_where_a_closer_may_begin() {
        let mut class = [0u8; 256];
        class[usize::from(b'/')] = 2;
        let set = MarkSet::from_class(&class, 2).unwrap();
        for close in [&b"*/"[..], b"-}", b"}"] {
            let closer = CloserSet::new(close);
            for block in blocks(close) {
                let want = want(&block, |k| {
                    block[k] == close[0]
                        && close.get(1).map_or(true, |&c| k == BLOCK - 1 || block[k + 1] == c)
                });
                assert_eq!(Portable.closer_masks(&closer, &block), want, "{close:?} in {block:?}");
                for (_, wide) in wide_masks(&set, &closer, &block) {
                    assert_eq!(wide, want, "{close:?} in {block:?}");
                }
            }
        }
    }
}
