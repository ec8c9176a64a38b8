//! Bit tricks on a 64-byte block's masks, one bit a byte: ranges of bytes, the lines that hold a
//! non-blank byte, the bytes a backslash escapes, and the bytes between paired quotes.

use super::masks::BLOCK;

/// Bytes `from..to` of a block, one bit each.
#[inline(always)]
pub(crate) fn range(from: usize, to: usize) -> u64 {
    let below_to = if to == BLOCK { !0 } else { (1u64 << to) - 1 };
    (!0u64 << from) & below_to
}

/// Whether `bits` (none of them a newline) hold one after the last of `newlines`: of two masks
/// with no bit in common, the greater number has the higher top bit (one compare, where a shift
/// by the last newline's place took three steps more).
#[inline(always)]
pub(crate) fn after_last(bits: u64, newlines: u64) -> bool {
    debug_assert_eq!(bits & newlines, 0, "newlines among the bits");
    bits > newlines
}

/// Which of `newlines` (inside `range`) end a line holding a non-blank byte; `carry` (one bit at
/// the range's start) says the line already begun holds one. In `nonblank + (nonblank | !newlines)`,
/// non-blank bytes generate a carry, blanks pass it on and newlines absorb it, so a newline's bit
/// of the sum is set exactly when its line had a non-blank byte.
#[inline(always)]
pub(crate) fn nonblank_ends(newlines: u64, nonblank: u64, range: u64, carry: u64) -> u64 {
    nonblank.wrapping_add((nonblank | !newlines) & range).wrapping_add(carry) & newlines
}

/// The first non-blank byte of each line that begins in the block (after one of `newlines`;
/// the line going on at the block's start has none here). A line's start on a blank byte is
/// added to the run of blanks it begins, and its carry stops on the run's end: the first
/// non-blank byte, or a newline, which no bit of `nonblank` is.
#[inline(always)]
pub(crate) fn line_firsts(newlines: u64, nonblank: u64) -> u64 {
    let starts = newlines << 1;
    let blanks = !(nonblank | newlines);
    (blanks.wrapping_add(starts & blanks) | starts) & nonblank
}

/// Bits from `at` up (none once `at` is past the block).
#[inline(always)]
pub(crate) fn above(at: usize) -> u64 {
    if at >= BLOCK {
        0
    } else {
        !0u64 << at
    }
}

/// Bits below `at` (all of them from the block's end on).
#[inline(always)]
pub(crate) fn below(at: usize) -> u64 {
    if at >= BLOCK {
        !0
    } else {
        (1u64 << at) - 1
    }
}

/// The bytes a backslash escapes, and whether the byte after the block is one; `escape` says the
/// first byte is. Each run's parity comes from one subtraction, as simdjson finds it.
#[inline(always)]
pub(crate) fn escaped(backslash: u64, escape: u64) -> (u64, u64) {
    const ODD: u64 = 0xAAAA_AAAA_AAAA_AAAA;
    let potential = backslash & !escape;
    let codes = ((potential << 1) | ODD).wrapping_sub(potential) ^ ODD;
    (codes ^ (backslash | escape), (codes & backslash) >> 63)
}

/// Each bit the XOR of its own and all lower bits of `bits`.
#[inline(always)]
pub(crate) fn prefix_xor(mut bits: u64) -> u64 {
    for shift in [1, 2, 4, 8, 16, 32] {
        bits ^= bits << shift;
    }
    bits
}

/// A mask made of vector compares, kept from LLVM's view of it as 64 one-bit lanes: on AVX2,
/// which has no mask registers, it shifted such a mask by testing and setting each bit (32
/// `sete` a half in the disassembly; Python's filter cost 167 instructions a block for it). A
/// store and a load instead.
#[inline(always)]
pub(crate) fn opaque(mask: u64) -> u64 {
    std::hint::black_box(mask)
}
