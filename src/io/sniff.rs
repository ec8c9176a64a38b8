//! The checks every file's head gets before it is counted, in one pass: a NUL among its first
//! [`BINARY_SNIFF`] bytes (binary) and a generated marker among its first [`GENERATED_SNIFF`]
//! (`generated.rs`). Apart, memchr and the marker search read the first 512 bytes twice and cost
//! ~830 instructions a file of the monorepo (`--count none -j 1`), a quarter of all it spends
//! on a file. With AVX2 the marker search's loads feed the NUL test too, the bytes after them are
//! folded by a byte minimum (one instruction per 32 bytes, where memchr takes three), and the
//! last step of each part overlaps the one before it instead of going on 16 or 1 byte at a time.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::__m256i;

#[cfg(target_arch = "x86_64")]
use pulp::bytemuck::cast;
#[cfg(target_arch = "x86_64")]
use pulp::x86::V3;

use super::generated::looks_generated;
#[cfg(target_arch = "x86_64")]
use super::generated::{marker_at, PAIR};
use super::utf16::ByteOrder;
use super::BINARY_SNIFF;

/// Bytes searched for a "generated" marker: they sit in the header comment.
pub(super) const GENERATED_SNIFF: usize = 512;

/// What a file's head says about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Head {
    /// A NUL byte among the first [`BINARY_SNIFF`] bytes.
    pub nul: bool,
    /// A generated marker among the first [`GENERATED_SNIFF`] bytes.
    pub generated: bool,
    /// The byte order of a UTF-16 byte-order mark starting it: its NULs are text.
    pub utf16: Option<ByteOrder>,
}

impl Head {
    /// The binary rule, the one place it is written (`explain` and the readers both ask it): a
    /// NUL byte among the first [`BINARY_SNIFF`] bytes, unless a UTF-16 byte-order mark starts
    /// the file.
    pub fn binary(&self) -> bool {
        self.nul && self.utf16.is_none()
    }
}

/// Both checks of `head` (a file's first chunk, or all of a shorter file). Inlined into its two
/// callers: called, its frame and the dispatch cost ~40 instructions a file.
#[inline(always)]
pub(super) fn sniff(head: &[u8]) -> Head {
    let head = &head[..head.len().min(BINARY_SNIFF)];
    wide(head).unwrap_or_else(|| plain(head))
}

/// The twin: memchr for the NUL, the marker search on its own.
fn plain(head: &[u8]) -> Head {
    let head = &head[..head.len().min(BINARY_SNIFF)];
    Head {
        nul: memchr::memchr(0, head).is_some(),
        generated: looks_generated(&head[..head.len().min(GENERATED_SNIFF)]),
        utf16: ByteOrder::of_mark(head),
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn wide(_: &[u8]) -> Option<Head> {
    None
}

/// Pair starts one step of the marker search tries: two vectors, tested for any pair at once (per
/// vector, a mask and its test and branch cost ~4 instructions of ~17: 224 a file of the
/// monorepo, 159 now).
#[cfg(target_arch = "x86_64")]
const STARTS: usize = 64;
/// Bytes one step of the marker search reads: its pair starts and the pair's reach past them.
#[cfg(target_arch = "x86_64")]
const STEP: usize = STARTS + PAIR;

/// [`sniff`] on AVX2; `None` where the CPU lacks it.
#[cfg(target_arch = "x86_64")]
fn wide(head: &[u8]) -> Option<Head> {
    let v3 = V3::try_new()?;
    if head.len() >= STEP {
        return Some(v3.vectorize(Wide { v3, head }));
    }
    // A head shorter than one step is searched in a copy padded with blanks, which are no NUL and
    // fold to no letter of a pair.
    let mut padded = [b' '; STEP];
    padded[..head.len()].copy_from_slice(head);
    let found = v3.vectorize(Wide { v3, head: &padded });
    // A marker is confirmed in the padded copy: the padding could only end one that the head alone
    // cuts short, and no marker ends in blanks.
    Some(found)
}

/// The pass on AVX2, compiled with its features inside `V3::vectorize`; a struct, not a closure,
/// so that the intrinsics are inlined (see `simd::dispatch`). `head` is at least [`STEP`] long.
#[cfg(target_arch = "x86_64")]
struct Wide<'a> {
    v3: V3,
    head: &'a [u8],
}

#[cfg(target_arch = "x86_64")]
impl pulp::NullaryFnOnce for Wide<'_> {
    type Output = Head;

    #[inline(always)]
    fn call(self) -> Head {
        let Wide { v3, head } = self;
        let marks = &head[..head.len().min(GENERATED_SNIFF)];
        let (pairs, low) = pairs_and_low(v3, marks);
        let low = lowest_from(v3, head, marks.len(), low);
        let zero = v3.avx._mm256_setzero_si256();
        let nul = v3.avx2._mm256_movemask_epi8(v3.avx2._mm256_cmpeq_epi8(low, zero)) != 0;
        Head { nul, generated: pairs.any_marker(marks), utf16: ByteOrder::of_mark(head) }
    }
}

/// Most steps of the marker search: 512 bytes hold 7 steps of 64 and the one moved back.
#[cfg(target_arch = "x86_64")]
const STEPS: usize = GENERATED_SNIFF.div_ceil(STARTS) + 1;

/// The steps whose bytes hold a candidate pair, and where: checked against the markers only after
/// the vector loop, whose vectors would otherwise be saved around every call (they were, in every
/// step, whether it found a pair or not: ~30 instructions a step, now ~16).
#[cfg(target_arch = "x86_64")]
struct Pairs {
    /// Each step's start; two arrays, not one of pairs, whose padding took a store of its own
    /// per field to clear (18 stores a file).
    starts: [u32; STEPS],
    /// Each step's mask of pair starts.
    masks: [u64; STEPS],
    len: usize,
}

#[cfg(target_arch = "x86_64")]
impl Pairs {
    fn any_marker(&self, marks: &[u8]) -> bool {
        self.starts[..self.len].iter().zip(&self.masks[..self.len]).any(|(&at, &mask)| {
            let mut mask = mask;
            while mask != 0 {
                if marker_at(marks, at as usize + mask.trailing_zeros() as usize) {
                    return true;
                }
                mask &= mask - 1;
            }
            false
        })
    }
}

/// The pair search over `marks` (at least [`STEP`] bytes), [`STARTS`] pair starts a step, the last
/// step moved back to end at the last byte; and the bytewise minimum of every byte of `marks`. Steps
/// are taken as arrays from the front of what is left, so no load needs a bounds check.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pairs_and_low(v3: V3, marks: &[u8]) -> (Pairs, __m256i) {
    let mut pairs = Pairs { starts: [0; STEPS], masks: [0; STEPS], len: 0 };
    let mut low = v3.avx._mm256_set1_epi8(-1);
    let mut rest = marks;
    while let Some(whole) = rest.first_chunk::<STEP>() {
        low = pair_step(v3, whole, marks.len() - rest.len(), &mut pairs, low);
        rest = &rest[STARTS..];
    }
    // The pairs starting in the last bytes (from `PAIR` bytes before the end, none start), and
    // the bytes no first load reached.
    if rest.len() > PAIR {
        let last = marks.last_chunk::<STEP>().expect("a whole step");
        low = pair_step(v3, last, marks.len() - STEP, &mut pairs, low);
    }
    let end: __m256i = cast(*marks.last_chunk::<32>().expect("32 bytes"));
    (pairs, v3.avx2._mm256_min_epu8(low, end))
}

/// One step of [`pairs_and_low`] at `at`: its pair starts into `pairs`, its first 64 bytes
/// folded into `low`. A function, not a closure: a closure is not compiled with AVX2, and its
/// intrinsics became calls.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pair_step(v3: V3, step: &[u8; STEP], at: usize, pairs: &mut Pairs, low: __m256i) -> __m256i {
    let (avx, avx2) = (v3.avx, v3.avx2);
    let [a, b]: [__m256i; 2] = cast(*step.first_chunk::<64>().expect("64 bytes"));
    let [a_on, b_on]: [__m256i; 2] = cast(*step.last_chunk::<64>().expect("64 bytes"));
    let (low_half, high_half) = (pair_starts(v3, a, a_on), pair_starts(v3, b, b_on));
    let any = avx2._mm256_or_si256(low_half, high_half);
    if avx._mm256_testz_si256(any, any) == 0 && pairs.len < STEPS {
        let low_mask = u64::from(avx2._mm256_movemask_epi8(low_half) as u32);
        let high_mask = u64::from(avx2._mm256_movemask_epi8(high_half) as u32);
        pairs.starts[pairs.len] = at as u32;
        pairs.masks[pairs.len] = low_mask | high_mask << 32;
        pairs.len += 1;
    }
    avx2._mm256_min_epu8(avx2._mm256_min_epu8(low, a), b)
}

/// Where in `first` a pair starts: a `g` or `d` there, and a `d` in `second` (the bytes
/// [`PAIR`] on), in either case.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pair_starts(v3: V3, first: __m256i, second: __m256i) -> __m256i {
    let (avx, avx2) = (v3.avx, v3.avx2);
    let [fold, g, d] = [0x20, b'g', b'd'].map(|b| avx._mm256_set1_epi8(b as i8));
    let (first, second) = (avx2._mm256_or_si256(first, fold), avx2._mm256_or_si256(second, fold));
    let starts = avx2._mm256_or_si256(avx2._mm256_cmpeq_epi8(first, g), avx2._mm256_cmpeq_epi8(first, d));
    avx2._mm256_and_si256(starts, avx2._mm256_cmpeq_epi8(second, d))
}

/// `low` folded with every byte of `head` from `from` on: 512 bytes a step into two minimums (each
/// load folded into its minimum: ~20 instructions a step, where 256-byte steps took 12 and the
/// 32-byte steps after them 4 each), then what is left as at most two 256-byte blocks, the last
/// ending at the head's last byte (bytes folded twice change nothing). Bytes are left only past
/// the marker search's 512, so such a block lies inside the head.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lowest_from(v3: V3, head: &[u8], from: usize, low: __m256i) -> __m256i {
    let min = |a, b| v3.avx2._mm256_min_epu8(a, b);
    let (mut low, mut other) = (low, low);
    let mut rest = &head[from..];
    while let Some((block, tail)) = rest.split_first_chunk::<512>() {
        let [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p]: [__m256i; 16] = cast(*block);
        low = min(min(min(min(min(min(min(min(low, a), c), e), g), i), k), m), o);
        other = min(min(min(min(min(min(min(min(other, b), d), f), h), j), l), n), p);
        rest = tail;
    }
    low = min(low, other);
    if let Some((block, tail)) = rest.split_first_chunk::<256>() {
        low = lowest_of_block(v3, block, low);
        rest = tail;
    }
    if !rest.is_empty() {
        low = lowest_of_block(v3, head.last_chunk::<256>().expect("a head past 512 bytes"), low);
    }
    low
}

/// `low` folded with the 256 bytes of `block`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lowest_of_block(v3: V3, block: &[u8; 256], low: __m256i) -> __m256i {
    let min = |a, b| v3.avx2._mm256_min_epu8(a, b);
    let [a, b, c, d, e, f, g, h]: [__m256i; 8] = cast(*block);
    min(min(min(min(low, a), b), min(c, d)), min(min(e, f), min(g, h)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_random::below;

    fn check(head: &[u8]) {
        let want = plain(head);
        assert_eq!(want.nul, memchr::memchr(0, &head[..head.len().min(BINARY_SNIFF)]).is_some());
        assert_eq!(sniff(head), want, "{} bytes: {:?}", head.len(), String::from_utf8_lossy(head));
        if let Some(found) = wide(&head[..head.len().min(BINARY_SNIFF)]) {
            assert_eq!(found, want, "AVX2, {} bytes", head.len());
            WIDE_RUNS.set(WIDE_RUNS.get() + 1);
        }
    }

    thread_local! {
        /// Heads [`check`] ran on AVX2 too.
        static WIDE_RUNS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    fn wide_ran_where_it_can() {
        #[cfg(target_arch = "x86_64")]
        if V3::try_new().is_some() {
            assert!(WIDE_RUNS.get() > 100, "only {} heads took AVX2", WIDE_RUNS.get());
        }
    }

    /// A NUL at every position of heads of every length around the parts' edges (a step, 512, the
    /// 256- and 512-byte blocks after it, 8000), one past the sniffed bytes included, and none at all.
    #[test]
    fn a_nul_is_found_wherever_it_is_and_only_in_the_sniffed_bytes() {
        let lengths = [
            0, 1, 31, 32, 39, 40, 41, 71, 72, 73, 100, 135, 136, 137, 511, 512, 513, 540, 552, 553, 640, 700,
            1000,
        ];
        let long = [767, 768, 769, 1024, 1025, 1279, 1280, 1537];
        let long =
            long.into_iter().chain([BINARY_SNIFF - 1, BINARY_SNIFF, BINARY_SNIFF + 1, BINARY_SNIFF + 100]);
        for len in lengths.into_iter().chain(long) {
            let text: Vec<u8> = b"int x = 1; // a line\n".iter().copied().cycle().take(len).collect();
            check(&text);
            let at: Vec<usize> = match len <= 1000 {
                true => (0..len).collect(),
                false => (0..len).step_by(37).chain(len.saturating_sub(40)..len).collect(),
            };
            for i in at {
                let mut t = text.clone();
                t[i] = 0;
                check(&t);
                assert_eq!(sniff(&t).nul, i < BINARY_SNIFF, "NUL at {i} of {len}");
            }
        }
        wide_ran_where_it_can();
    }

    /// Markers at every offset around the 512-byte edge and the short heads' padding, with NULs
    /// and near misses about.
    #[test]
    fn markers_are_found_as_the_search_alone_finds_them() {
        for marker in
            [&b"@generated"[..], b"DO NOT EDIT", b"Code Generated", b"auto-generated", b"generate d"]
        {
            for len in [marker.len(), 20, 39, 40, 60, 71, 72, 73, 136, 137, 500, 520, 600] {
                for at in 0..=len.saturating_sub(marker.len()).min(560) {
                    let mut head = b"d g dd gd ".repeat(70)[..len].to_vec();
                    head[at..at + marker.len()].copy_from_slice(marker);
                    check(&head);
                    head[len - 1] = 0;
                    check(&head);
                }
            }
        }
        wide_ran_where_it_can();
    }

    /// A marker ending at the head's last byte, or one before it, in heads of every length up to
    /// past the marker search's 512 bytes: the steps moved back to the end find them.
    #[test]
    fn markers_at_the_end_of_heads_of_every_length_are_found() {
        for marker in [&b"@generated"[..], b"do not edit", b"auto-generated"] {
            for len in marker.len()..=600 {
                for gap in [0, 1] {
                    let mut head = b"d g dd gd ".repeat(61)[..len].to_vec();
                    let at = len.saturating_sub(marker.len() + gap);
                    head[at..at + marker.len()].copy_from_slice(marker);
                    assert_eq!(sniff(&head).generated, at + marker.len() <= GENERATED_SNIFF, "{len} {gap}");
                    check(&head);
                }
            }
        }
        wide_ran_where_it_can();
    }

    /// Every marker in every case pattern at every offset of a 70-byte head (generated.rs's
    /// heads), found, and each with its last letter broken, not found.
    #[test]
    fn every_marker_case_and_offset_is_found() {
        for (mut head, last) in crate::io::generated::test_heads::marker_heads() {
            assert!(sniff(&head).generated, "{:?}", String::from_utf8_lossy(&head));
            check(&head);
            head[last] = b'_';
            check(&head);
        }
        wide_ran_where_it_can();
    }

    /// The binary rule, as `explain` asks it and as the readers do.
    #[test]
    fn a_nul_is_binary_unless_a_utf16_mark_starts_the_file() {
        let heads: [(&[u8], bool); 7] = [
            (b"a\0b", true),
            (b"\xff\xfea\0b\0", false),
            (b"\xfe\xff\0a", false),
            (b"a\xff\xfe\0", true),
            (b"\xfe\0", true),
            (b"plain text", false),
            (b"\xff\xfe", false),
        ];
        for (head, binary) in heads {
            let mut long = head.to_vec();
            long.extend(b"x".repeat(BINARY_SNIFF));
            for head in [head, &long] {
                check(head);
                assert_eq!(sniff(head).binary(), binary, "{head:?}");
                assert_eq!(crate::io::is_binary(head), binary, "{head:?}");
            }
        }
    }

    /// Random heads of marker pieces, NULs, high bytes and filler, of random lengths up to past
    /// the binary sniff.
    #[test]
    fn random_heads_match_the_twin() {
        let pieces: [&[u8]; 10] = [
            b"generated",
            b"@",
            b"auto",
            b"do not edit",
            b"code ",
            b"\0",
            b"\xff\xfe",
            b"d",
            b"g",
            b"xxxxxxxx",
        ];
        let mut state = 7;
        let mut next = |n: usize| below(&mut state, n as u64) as usize;
        for _ in 0..3_000 {
            let len = match next(4) {
                0 => next(64),
                1 => next(600),
                _ => next(BINARY_SNIFF + 200),
            };
            let mut head = Vec::with_capacity(len + 16);
            while head.len() < len {
                match next(8) {
                    0 => head.extend_from_slice(pieces[next(pieces.len())]),
                    _ => head.extend(std::iter::repeat(b'a' + next(26) as u8).take(next(200))),
                }
            }
            head.truncate(len);
            check(&head);
        }
        wide_ran_where_it_can();
    }
}
