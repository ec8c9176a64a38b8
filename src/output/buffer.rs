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

/// Writes `n` in decimal.
pub fn number(out: &mut impl Write, n: impl itoa::Integer) -> io::Result<()> {
    out.write_all(itoa::Buffer::new().format(n).as_bytes())
}

/// Writes `text` as a JSON string, escaped as serde_json escapes it.
pub fn json_string(out: &mut impl Write, text: &str) -> io::Result<()> {
    serde_json::to_writer(out, text).map_err(io::Error::from)
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
    fn more_than_the_buffer_holds_arrives_whole() {
        let text = written(|out| (0..100_000u32).try_for_each(|n| number(out, n % 10)));
        assert_eq!(text.len(), 100_000);
        assert!(text.starts_with("0123456789"));
    }
}
