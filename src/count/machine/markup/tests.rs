use super::Known;
use crate::count::chunked::counted_in_chunks as chunked;
use crate::count::on_every_lane::agrees_on_every_lane;
use crate::count::syntax::markup::SPECIALS;
use crate::lang::LangId;
use crate::simd::dispatch::LanesSeen;
use crate::simd::masks::{Lanes, Masks, Portable, BLOCK};
use crate::test_random::pick;

fn bits_of(block: &[u8; BLOCK], byte: impl Fn(u8) -> bool) -> u64 {
    (0..BLOCK).filter(|&k| byte(block[k])).fold(0, |m, k| m | 1 << k)
}

/// The prefix masks of a page on each lane: newlines, non-blank bytes and the `<` before `!`,
/// `sc` or `st` (any case), byte by byte as `Prefixes::at` reads them.
#[test]
fn the_prefix_masks_equal_their_byte_by_byte_twin() {
    let mut x = 0x1234_5678_9ABC_DEF1u64;
    let mut specials = 0;
    for _ in 0..20_000 {
        let alphabet = b"<<!sScCtTx \t\n\r";
        let window: [u8; BLOCK + 2] = std::array::from_fn(|_| pick(&mut x, alphabet));
        let block: &[u8; BLOCK] = window[..BLOCK].try_into().expect("a block");
        let want = Masks {
            newlines: bits_of(block, |b| b == b'\n'),
            marks: (0..BLOCK).filter(|&k| SPECIALS.at(&window, k)).fold(0, |m, k| m | 1 << k),
            nonblank: bits_of(block, |b| !matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')),
        };
        specials += want.marks.count_ones();
        assert_eq!(Portable.prefix_masks(&SPECIALS, &window), want, "{window:?}");
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(v3) = crate::simd::avx2::Avx2::detect() {
                assert_eq!(v3.0.vectorize(|| v3.prefix_masks(&SPECIALS, &window)), want, "AVX2: {window:?}");
            }
            if let Some(v4) = crate::simd::avx512::Avx512::detect() {
                assert_eq!(
                    v4.0.vectorize(|| v4.prefix_masks(&SPECIALS, &window)),
                    want,
                    "AVX-512: {window:?}"
                );
            }
        }
    }
    assert!(specials > 20_000, "only {specials} specials");
}

/// The attribute value state read by blocks (`Known::read_to`) and from the last newline
/// (`Known::line_to`) equals the state read a byte at a time, from every kind of start, over values that close, that a newline ends, and that
/// straddle a block's end.
#[test]
fn the_value_state_by_blocks_equals_the_state_byte_by_byte() {
    let mut x = 0x0F1E_2D3C_4B5A_6978u64;
    let mut open_at_end = 0;
    for round in 0..4_000 {
        let alphabet: &[u8] = if round % 2 == 0 { b"==\"\"''x \n<" } else { b"==\"x''xxxxx " };
        let buf: Vec<u8> = (0..300).map(|_| pick(&mut x, alphabet)).collect();
        for from in [0, 1, 30, 63, 64, 100] {
            for open in [0, b'"', b'\''] {
                let start = Known { at: from, open };
                for to in [from, from + 1, from + 63, from + 64, from + 65, from + 130, 299] {
                    let want = start.by_bytes(&buf, to);
                    open_at_end += u32::from(want.open != 0);
                    assert_eq!(start.read_to(Portable, &buf, to), want, "{from}..{to} open {open}: {buf:?}");
                    assert_eq!(
                        start.line_to(Portable, &buf, to),
                        want,
                        "line: {from}..{to} open {open}: {buf:?}"
                    );
                    #[cfg(target_arch = "x86_64")]
                    if let Some(v3) = crate::simd::avx2::Avx2::detect() {
                        assert_eq!(v3.0.vectorize(|| start.read_to(v3, &buf, to)), want, "AVX2");
                    }
                }
            }
        }
    }
    assert!(open_at_end > 10_000, "a value was open at the end only {open_at_end} times");
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
        "<strong><scope><STYLE>p{}</STYLE><sCrIpT>x</ScRiPt>",
        "<p a=\"<!-- no\" b='<script>' c=\"<style\">",
        "<p a=\"x\nb=\"<!-- c -->\n",
        "<p a=\"open to the end",
    ];
    for pad in 0..=130 {
        for piece in pieces {
            let src =
                format!("{}{piece}\n<div id=\"{}\">\n\n</div>\n", "a".repeat(pad), "v".repeat(pad % 70));
            let src = src.repeat(3);
            let expected = agrees_on_every_lane(&lanes, html, src.as_bytes()).0;
            assert_eq!(chunked(html, src.as_bytes(), pad % 37 + 1), expected, "chunked: {src:?}");
        }
    }
    lanes.check();
}
