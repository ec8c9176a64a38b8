use super::MarkupBits;
use crate::count::{count, count_reference, Counts};
use crate::lang::LangId;
use crate::simd::dispatch::{capped, LanesSeen};
use crate::simd::masks::{Portable, BLOCK};

fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// The first special at or after `from` outside attribute values, read one byte at a time as the
/// byte loop reads a page: `MarkupBits::walk`'s twin.
fn walk_one_by_one(block: &[u8; BLOCK], from: usize, mut open: u8) -> (Option<usize>, u8) {
    let mut k = from;
    while k < BLOCK {
        let b = block[k];
        if open != 0 {
            if b == open || b == b'\n' {
                open = 0;
            }
            k += 1;
            continue;
        }
        let next = block.get(k + 1).copied();
        match (b, next) {
            (b'<' | b'=', None) => return (Some(k), 0),
            (b'<', Some(b'!' | b's' | b'S')) => return (Some(k), 0),
            (b'=', Some(q @ (b'"' | b'\''))) => {
                open = q;
                k += 2;
            }
            _ => k += 1,
        }
    }
    (None, open)
}

fn bits_of(block: &[u8; BLOCK], byte: impl Fn(u8) -> bool) -> u64 {
    (0..BLOCK).filter(|&k| byte(block[k])).fold(0, |m, k| m | 1 << k)
}

#[test]
fn the_walk_by_bits_equals_the_walk_byte_by_byte() {
    let mut x = 0x1234_5678_9ABC_DEF1u64;
    let mut by_parity = 0;
    for round in 0..40_000 {
        // Every other round without `'` and newlines, where the parity of the `"` often decides.
        let alphabet: &[u8] = if round % 2 == 0 { b"<<==\"\"''!sSx \n" } else { b"<<===\"\"\"!sSxxx " };
        let mut block = [0u8; BLOCK];
        for b in &mut block {
            *b = alphabet[(xorshift(&mut x) % alphabet.len() as u64) as usize];
        }
        let marks = bits_of(&block, |b| b == b'<' || b == b'=');
        let bits = MarkupBits::new(Portable, marks, bits_of(&block, |b| b == b'\n'), &block);
        for from in [0, 1, 17, 40, 62, 63, 64] {
            for open in [0, b'"', b'\''] {
                let expected = walk_one_by_one(&block, from, open);
                assert_eq!(bits.by_search(from, open), expected, "from {from} open {open} in {block:?}");
                if let Some(walked) = bits.by_parity(from, open) {
                    assert_eq!(walked, expected, "by parity: from {from} open {open} in {block:?}");
                    by_parity += 1;
                }
            }
        }
    }
    assert!(by_parity > 40_000, "the parity decided only {by_parity} walks");
}

/// Attribute values, comments, regions and tags at every place around a block boundary, and values
/// that a newline ends or that run into the next block, on every lane width and cut in chunks.
#[test]
fn pages_across_block_boundaries_equal_the_byte_by_byte_twin() {
    let html = LangId::from_name("HTML").expect("HTML");
    let lanes = LanesSeen::start();
    let pieces = [
        "<a href=\"x<!--y\">z</a>",
        "<p title='<script>'>",
        "<p class=\"open\n<!-- c -->\n",
        "<!-- a\n\n b -->",
        "<script>\nvar s = \"<!--\";\n</script>",
        "<style>p { x: 1 }</style>",
        "<!DOCTYPE html>",
        "a=\"b\"=\"c\" <s>",
        "x=\"\"<S",
        "=",
        "<",
        "<span class=\"a\"><sup>1</sup><strong>",
        "<st<sc<Sty<SCR",
    ];
    for pad in 0..=130 {
        for piece in pieces {
            let src =
                format!("{}{piece}\n<div id=\"{}\">\n\n</div>\n", "a".repeat(pad), "v".repeat(pad % 70));
            let src = src.repeat(3);
            let expected = count_reference(html, src.as_bytes());
            for level in lanes.levels() {
                assert_eq!(capped(level, || count(html, src.as_bytes())), expected, "{level:?}: {src:?}");
            }
            assert_eq!(chunked(html, src.as_bytes(), pad % 37 + 1), expected, "chunked: {src:?}");
        }
    }
    lanes.check();
}

/// `bytes` fed in chunks of `size` bytes, the unconsumed tail starting the next chunk.
fn chunked(id: LangId, bytes: &[u8], size: usize) -> Counts {
    let mut counter = crate::count::LineCounter::new(id);
    let mut buf = Vec::new();
    for chunk in bytes.chunks(size) {
        buf.extend_from_slice(chunk);
        let used = counter.feed(&buf);
        buf.drain(..used);
    }
    counter.finish(&buf)
}
