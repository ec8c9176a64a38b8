//! What every writer shares: a `--by-file` report is hundreds of thousands of small pieces (a key,
//! a number, a comma), so each goes into a buffer the writer owns, a plain copy into memory, and the
//! destination's `dyn Write` is called once per 64 KiB. Numbers are written with `itoa`, without
//! `fmt`'s machinery; quoting writes the quoted text piece by piece instead of building a string.

use std::io::{self, BufWriter, Write};

use wide::u8x16;

/// Bytes gathered before one write to the destination.
const CAPACITY: usize = 1 << 16;

/// The buffer a writer writes into: a concrete type, so that its small writes (serde_json's
/// included) compile to inlined copies rather than calls through `dyn Write`.
pub type Buffer<'a> = BufWriter<&'a mut dyn Write>;

/// Runs `write` on a buffer in front of `out`, then flushes what is left in it.
pub fn buffered(out: &mut dyn Write, write: impl FnOnce(&mut Buffer) -> io::Result<()>) -> io::Result<()> {
    let mut buffer = BufWriter::with_capacity(CAPACITY, out);
    write(&mut buffer)?;
    buffer.flush()
}

/// Writes `n` spaces, a slice at a time.
pub fn spaces(out: &mut (impl Write + ?Sized), mut n: usize) -> io::Result<()> {
    const SPACES: &[u8; 64] = &[b' '; 64];
    while n > 0 {
        let step = n.min(SPACES.len());
        out.write_all(&SPACES[..step])?;
        n -= step;
    }
    Ok(())
}

/// Writes `n` in decimal.
pub fn number(out: &mut impl Write, n: impl itoa::Integer) -> io::Result<()> {
    out.write_all(itoa::Buffer::new().format(n).as_bytes())
}

/// Writes a count in decimal, as [`number`] does. Most counts in a report have one to four
/// digits: those go out as one copy of a known length, which compiles to a store where `number`'s
/// copy of a length it learns only at run time is a call.
pub fn count(out: &mut impl Write, n: u64) -> io::Result<()> {
    let digit = |n: u64| b'0' + (n % 10) as u8;
    match n {
        0..=9 => out.write_all(&[digit(n)]),
        10..=99 => out.write_all(&[digit(n / 10), digit(n)]),
        100..=999 => out.write_all(&[digit(n / 100), digit(n / 10), digit(n)]),
        1000..=9999 => out.write_all(&[digit(n / 1000), digit(n / 100), digit(n / 10), digit(n)]),
        _ => number(out, n),
    }
}

/// Whether `text` holds a byte below `below` or one of `set`: 16 bytes a step (a formatter's
/// per-character test costs more than the rest of a row). Writers check their text with it and
/// take the careful way only when it says yes.
pub fn has_any<const N: usize>(text: &[u8], below: u8, set: [u8; N]) -> bool {
    finds::<N, false>(text, below, set)
}

/// Whether `text` is ASCII without a byte below `below` or one of `set`: [`has_any`]'s test, with
/// the bytes past ASCII found in the same pass. Such text is the same bytes as its escaped form
/// ([`super::paths::escaped`]), so a path that passes is written as it is, without its UTF-8
/// checked first.
pub fn plain_ascii<const N: usize>(text: &[u8], below: u8, set: [u8; N]) -> bool {
    !finds::<N, true>(text, below, set)
}

/// Bytes [`finds`] tests in one step.
const LANES: usize = 16;

/// [`has_any`], and with `HIGH_TOO` a byte past ASCII too: vector compares (`wide`'s, safe), a
/// byte's top bit being its byte mask's bit.
#[inline(always)]
fn finds<const N: usize, const HIGH_TOO: bool>(text: &[u8], below: u8, set: [u8; N]) -> bool {
    let (below, set) = (u8x16::splat(below), set.map(u8x16::splat));
    let hits = |block: [u8; LANES]| {
        let v = u8x16::new(block);
        let found = set.iter().fold(v.simd_lt(below), |hits, &c| hits | v.simd_eq(c)).to_bitmask();
        found | if HIGH_TOO { v.to_bitmask() } else { 0 }
    };
    let mut blocks = text.chunks_exact(LANES);
    if blocks.by_ref().any(|block| hits(block.try_into().expect("16 bytes")) != 0) {
        return true;
    }
    let rest = blocks.remainder();
    let mut block = [0; LANES];
    block[..rest.len()].copy_from_slice(rest);
    hits(block) & ((1 << rest.len()) - 1) != 0
}

/// Writes `text` as a JSON string, escaped as serde_json escapes it.
pub fn json_string(out: &mut impl Write, text: &str) -> io::Result<()> {
    json_text(out, text.as_bytes())
}

/// [`json_string`] of text given as its bytes (UTF-8, or a path's escaped text). The test is
/// exact, so that names with a space (`C Header`) take no slower way.
pub fn json_text(out: &mut impl Write, text: &[u8]) -> io::Result<()> {
    if has_any(text, b' ', [b'"', b'\\']) {
        return json_escaped(out, text);
    }
    quoted(out, text)
}

/// Writes `text` between double quotes, as it is: JSON text that needs no escape.
pub fn quoted(out: &mut impl Write, text: &[u8]) -> io::Result<()> {
    out.write_all(b"\"")?;
    out.write_all(text)?;
    out.write_all(b"\"")
}

/// UTF-8 `text` as a JSON string with serde_json's escapes (the tests compare): the runs between
/// two bytes that need one are copied whole.
fn json_escaped(out: &mut impl Write, text: &[u8]) -> io::Result<()> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.write_all(b"\"")?;
    let mut clean = 0;
    for (i, &b) in text.iter().enumerate() {
        let short = match b {
            b'"' => b'"',
            b'\\' => b'\\',
            0x08 => b'b',
            0x0C => b'f',
            b'\n' => b'n',
            b'\r' => b'r',
            b'\t' => b't',
            0..=0x1F => b'u',
            _ => continue,
        };
        out.write_all(&text[clean..i])?;
        clean = i + 1;
        match short {
            b'u' => {
                out.write_all(&[b'\\', b'u', b'0', b'0', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]])?
            }
            _ => out.write_all(&[b'\\', short])?,
        }
    }
    out.write_all(&text[clean..])?;
    out.write_all(b"\"")
}

/// Writes each label followed by its number: a row's fixed text between its numbers.
pub fn labelled(out: &mut impl Write, pairs: &[(&str, u64)]) -> io::Result<()> {
    for &(label, n) in pairs {
        out.write_all(label.as_bytes())?;
        count(out, n)?;
    }
    Ok(())
}

/// Writes `text` between two `quote`s (an ASCII character), each `quote` inside it doubled: CSV's
/// fields and SQL's string literals.
pub fn doubling_quotes(out: &mut impl Write, text: &[u8], quote: u8) -> io::Result<()> {
    out.write_all(&[quote])?;
    if !has_any(text, 0, [quote]) {
        out.write_all(text)?;
        return out.write_all(&[quote]);
    }
    for (i, part) in text.split(|&b| b == quote).enumerate() {
        if i > 0 {
            out.write_all(&[quote, quote])?;
        }
        out.write_all(part)?;
    }
    out.write_all(&[quote])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(write: impl FnOnce(&mut Buffer) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        buffered(&mut out, write).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn numbers_are_decimal() {
        assert_eq!(written(|out| number(out, u64::MAX)), "18446744073709551615");
        assert_eq!(written(|out| number(out, -42i64)), "-42");
    }

    #[test]
    fn labels_lead_their_numbers() {
        assert_eq!(written(|out| labelled(out, &[("a=", 1), (" b=", 22)])), "a=1 b=22");
    }

    #[test]
    fn quotes_inside_are_doubled() {
        assert_eq!(written(|out| doubling_quotes(out, b"it's 'x'", b'\'')), "'it''s ''x'''");
        assert_eq!(written(|out| doubling_quotes(out, b"a\"b", b'"')), "\"a\"\"b\"");
        assert_eq!(written(|out| doubling_quotes(out, b"", b'"')), "\"\"");
    }

    #[test]
    fn a_special_byte_is_found_anywhere_as_a_byte_loop_finds_it() {
        let simple = |text: &[u8], below: u8| text.iter().any(|&b| b < below || b == b'"' || b == b'\\');
        let alphabet = [b'a', b'"', b'\\', 0x1F, 0x20, 0x7F, 0x80, 0xFF, 0x00, b'!', b'#', b'(', b'[', b']'];
        for below in [0, 0x20, b'#', b'(', 0x80] {
            for len in 0..40 {
                for at in 0..len {
                    for &c in &alphabet {
                        let mut text = vec![b'~'; len];
                        text[at] = c;
                        assert_eq!(has_any(&text, below, [b'"', b'\\']), simple(&text, below), "{text:?}");
                    }
                }
            }
        }
        assert!(!has_any(b"drivers/net/ethernet/intel/e1000e/netdev.c", 0x20, [b'"', b'\\']));
        assert!(has_any(b"a,b", 0, [b',']) && !has_any(b"ab", 0, [b',']));
    }

    #[test]
    fn json_strings_are_escaped_as_serde_json_escapes_them() {
        for text in
            ["plain/path.c", "q\"uote", "back\\slash", "tab\there", "\u{1}\u{7F}é", "0123456789abcdef\n"]
        {
            assert_eq!(written(|out| json_string(out, text)), serde_json::to_string(text).unwrap());
        }
    }

    #[test]
    fn counts_are_written_as_numbers_are() {
        let mut edges: Vec<u64> = (0..20).map(|p| 10u64.pow(p)).flat_map(|n| [n - 1, n, n + 1]).collect();
        edges.extend([0, 5, 42, 999, 4321, 9999, 10_000, 123_456, u64::MAX]);
        for n in edges {
            assert_eq!(written(|out| count(out, n)), written(|out| number(out, n)), "{n}");
        }
    }

    #[test]
    fn every_string_is_escaped_as_serde_json_escapes_it() {
        let mut texts: Vec<String> = (0..=0x7Fu8).map(|b| format!("a{}b", char::from(b))).collect();
        texts.extend((0..=0x7Fu8).map(|b| char::from(b).to_string()));
        texts.extend(["", "\"\"", "\\\n\u{1F}x", "é\u{85}\u{2028}\"", "a b!c#d"].map(String::from));
        for text in &texts {
            let serde = serde_json::to_string(text).unwrap();
            assert_eq!(written(|out| json_string(out, text)), serde, "{text:?}");
            assert_eq!(written(|out| json_escaped(out, text.as_bytes())), serde, "{text:?}");
        }
    }

    #[test]
    fn plain_ascii_is_what_a_byte_loop_finds_it() {
        let simple = |text: &[u8]| text.iter().all(|&b| b.is_ascii() && b >= b'#' && b != b'\\');
        for len in 0..40 {
            for at in 0..len {
                for c in [b'a', b'"', b'\\', 0x1F, b' ', b'#', 0x7F, 0x80, 0xC3, 0xFF] {
                    let mut text = vec![b'~'; len];
                    text[at] = c;
                    assert_eq!(plain_ascii(&text, b'#', [b'\\']), simple(&text), "{text:?}");
                }
            }
        }
    }

    #[test]
    fn more_than_the_buffer_holds_arrives_whole() {
        let text = written(|out| (0..100_000u32).try_for_each(|n| number(out, n % 10)));
        assert_eq!(text.len(), 100_000);
        assert!(text.starts_with("0123456789"));
    }
}
