//! What every writer shares: a `--by-file` report is hundreds of thousands of small pieces (a key,
//! a number, a comma), so each goes into a buffer the writer owns, a plain copy into memory, and the
//! destination's `dyn Write` is called once per 64 KiB. Numbers are written with `itoa`, without
//! `fmt`'s machinery; quoting writes the quoted text piece by piece instead of building a string.

use std::io::{self, BufWriter, Write};

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

/// Whether `text` holds a byte below `below` or one of `set`: 8 bytes a step (a formatter's
/// per-character test costs more than the rest of a row). Writers check their text with it and
/// take the careful way only when it says yes.
pub fn has_any<const N: usize>(text: &[u8], below: u8, set: [u8; N]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    // A byte of `word` is zero, or below `n` (n <= 128): exact for "is there any", per byte not.
    let below_n = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGH != 0;
    let hit =
        |word: u64| below_n(word, below) || set.iter().any(|&c| below_n(word ^ (ONES * u64::from(c)), 1));
    let mut words = text.chunks_exact(8);
    let whole = words.by_ref().any(|w| hit(u64::from_ne_bytes(w.try_into().expect("8 bytes"))));
    whole || words.remainder().iter().any(|&b| b < below || set.contains(&b))
}

/// Writes `text` as a JSON string, escaped as serde_json escapes it. Bytes below `#` are the
/// controls, `"` and two that need nothing (rare in paths): one test a word finds them all.
pub fn json_string(out: &mut impl Write, text: &str) -> io::Result<()> {
    if has_any(text.as_bytes(), b'#', [b'\\']) {
        return serde_json::to_writer(out, text).map_err(io::Error::from);
    }
    out.write_all(b"\"")?;
    out.write_all(text.as_bytes())?;
    out.write_all(b"\"")
}

/// Writes each label followed by its number: a row's fixed text between its numbers.
pub fn labelled(out: &mut impl Write, pairs: &[(&str, u64)]) -> io::Result<()> {
    for &(label, n) in pairs {
        out.write_all(label.as_bytes())?;
        number(out, n)?;
    }
    Ok(())
}

/// Writes `text` between two `quote`s (an ASCII character), each `quote` inside it doubled: CSV's
/// fields and SQL's string literals.
pub fn doubling_quotes(out: &mut impl Write, text: &str, quote: u8) -> io::Result<()> {
    out.write_all(&[quote])?;
    if !has_any(text.as_bytes(), 0, [quote]) {
        out.write_all(text.as_bytes())?;
        return out.write_all(&[quote]);
    }
    for (i, part) in text.split(char::from(quote)).enumerate() {
        if i > 0 {
            out.write_all(&[quote, quote])?;
        }
        out.write_all(part.as_bytes())?;
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
        assert_eq!(written(|out| doubling_quotes(out, "it's 'x'", b'\'')), "'it''s ''x'''");
        assert_eq!(written(|out| doubling_quotes(out, "a\"b", b'"')), "\"a\"\"b\"");
        assert_eq!(written(|out| doubling_quotes(out, "", b'"')), "\"\"");
    }

    #[test]
    fn a_special_byte_is_found_anywhere_as_a_byte_loop_finds_it() {
        let simple = |text: &[u8], below: u8| text.iter().any(|&b| b < below || b == b'"' || b == b'\\');
        let alphabet = [b'a', b'"', b'\\', 0x1F, 0x20, 0x7F, 0x80, 0xFF, 0x00, b'!', b'#', b'(', b'[', b']'];
        for below in [0, 0x20, b'#', b'(', 0x80] {
            for len in 0..20 {
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
    fn more_than_the_buffer_holds_arrives_whole() {
        let text = written(|out| (0..100_000u32).try_for_each(|n| number(out, n % 10)));
        assert_eq!(text.len(), 100_000);
        assert!(text.starts_with("0123456789"));
    }
}
