//! GitHub-flavoured markdown tables, for pasting a report or a diff into a pull-request comment.

use std::io::{self, Write};

use wide::u8x16;

use super::buffer::{buffered, count};
use super::grid::{diff_grids, report_grids, Cell, Grid, Text};
use super::rows::write_numbered;
use super::summary_lines::SummaryLines;
use super::Output;
use crate::report::{Diff, View};

#[derive(Debug, Default, Clone, Copy)]
pub struct Markdown {
    /// Adds bytes and code-share columns, as in the table.
    pub wide: bool,
    /// Adds scc's `Percentage` row under each language, as in the table.
    pub percent: bool,
}

/// The bytes [`escaped`] rewrites: markdown's punctuation and line breaks, all ASCII. `&` starts an
/// entity: unescaped, a file named `&lt;b&gt;.c` would read as `<b>.c`.
const SPECIAL: [u8; 13] = *b"\\`*_[]<>|~&\n\r";

/// Bytes [`specials`] looks at in one step.
const LANES: usize = 16;

/// A bit for each byte of `block` in [`SPECIAL`]: a compare per special byte, 16 bytes at a time
/// (a byte at a time, the test was most of a row's cost: a kernel's names are full of `_`).
fn specials(block: [u8; LANES]) -> u32 {
    let v = u8x16::new(block);
    SPECIAL.iter().fold(u8x16::splat(0), |hits, &c| hits | v.simd_eq(u8x16::splat(c))).to_bitmask()
}

/// Writes `text` as a cell's content. A `|` would end the cell early, a newline the table, and `_`
/// or `*` in `__init__.py` would turn into emphasis: markdown's punctuation is backslash-escaped,
/// line breaks become spaces. The runs between two special bytes are copied whole.
fn escaped(out: &mut impl Write, text: &str) -> io::Result<()> {
    let text = text.as_bytes();
    let mut clean = 0;
    for (k, part) in text.chunks(LANES).enumerate() {
        let mut block = [0; LANES];
        block[..part.len()].copy_from_slice(part);
        let mut hits = specials(block);
        while hits != 0 {
            let at = k * LANES + hits.trailing_zeros() as usize;
            hits &= hits - 1;
            out.write_all(&text[clean..at])?;
            match text[at] {
                b'\n' | b'\r' => out.write_all(b" ")?,
                c => out.write_all(&[b'\\', c])?,
            }
            clean = at + 1;
        }
    }
    out.write_all(&text[clean..])
}

/// Writes `text` [`escaped`], its leading and trailing blanks as character references
/// (`&#x20;`): a reader trims the blanks around a cell's text, so ` a.c` (a file whose diff path
/// starts with its name) read as `a.c`, and a blank before a title's closing `**` left it plain.
fn kept_whole(out: &mut impl Write, text: &str) -> io::Result<()> {
    let blank = |c: char| c.is_whitespace() || c == '\u{FEFF}';
    let inner = text.trim_start_matches(blank);
    let (lead, inner) = text.split_at(text.len() - inner.len());
    let (inner, trail) = inner.split_at(inner.trim_end_matches(blank).len());
    references(out, lead)?;
    escaped(out, inner)?;
    references(out, trail)
}

/// Writes each of `blanks` as a character reference, which a reader shows and does not trim.
fn references(out: &mut impl Write, blanks: &str) -> io::Result<()> {
    blanks.chars().try_for_each(|c| write!(out, "&#x{:X};", u32::from(c)))
}

/// Writes a cell's text, escaped (a number has nothing to escape).
fn cell(out: &mut impl Write, cell: &Cell) -> io::Result<()> {
    match cell.text {
        Text::Str(ref text) => kept_whole(out, text),
        Text::Count(n) => count(out, n),
        Text::Signed(_) => {
            let mut digits = itoa::Buffer::new();
            cell.parts(&mut digits).iter().try_for_each(|part| out.write_all(part.as_bytes()))
        }
    }
}

/// Writes a total's cell in bold; an empty cell stays empty.
fn bold(out: &mut impl Write, c: &Cell) -> io::Result<()> {
    if matches!(&c.text, Text::Str(text) if text.is_empty()) {
        return Ok(());
    }
    out.write_all(b"**")?;
    cell(out, c)?;
    out.write_all(b"**")
}

/// Writes one row, `| a | b |`, each of `cells` written by `write`.
fn row<W: Write, T>(
    out: &mut W,
    cells: &[T],
    mut write: impl FnMut(&mut W, &T) -> io::Result<()>,
) -> io::Result<()> {
    for (i, c) in cells.iter().enumerate() {
        out.write_all(if i == 0 { b"| " } else { b" | " })?;
        write(out, c)?;
    }
    out.write_all(b" |\n")
}

fn grid(out: &mut impl Write, grid: &Grid, threads: usize) -> io::Result<()> {
    if let Some(title) = &grid.title {
        out.write_all(b"**")?;
        kept_whole(out, title)?;
        out.write_all(b"**\n\n")?;
    }
    row(out, &grid.columns, |out, c| out.write_all(c.title.as_bytes()))?;
    row(out, &grid.columns, |out, c| out.write_all(if c.numeric { b"---:" } else { b":---" }))?;
    write_numbered(out, grid.len(), threads, Vec::new, |out, cells, i| row(out, grid.row(i, cells), cell))?;
    if let Some(total) = &grid.total {
        row(out, total, bold)?;
    }
    if let Some(note) = &grid.note {
        writeln!(out, "\n_{note}_")?;
    }
    Ok(())
}

fn grids(out: &mut dyn Write, grids: &[Grid], threads: usize) -> io::Result<()> {
    buffered(out, |out| {
        for (i, g) in grids.iter().enumerate() {
            if i > 0 {
                writeln!(out)?;
            }
            grid(out, g, threads)?;
        }
        Ok(())
    })
}

/// `--uloc`'s and `--cocomo`'s lines after the tables, as a list (lines of one paragraph would
/// run together). The currency symbol is the user's text, so each line is escaped.
fn summary(out: &mut dyn Write, lines: &SummaryLines) -> io::Result<()> {
    buffered(out, |out| {
        for (i, (label, figure)) in lines.all().enumerate() {
            out.write_all(if i == 0 { b"\n- " } else { b"- " })?;
            escaped(out, &format!("{label} {figure}"))?;
            out.write_all(b"\n")?;
        }
        Ok(())
    })
}

impl Output for Markdown {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        grids(out, &report_grids(view, (self.wide, self.percent), false, false), view.threads)?;
        summary(out, &SummaryLines::of(view))
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        grids(out, &diff_grids(diff, self.wide), 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`escaped`]'s twin: a byte at a time.
    fn escaped_simply(text: &str) -> String {
        text.chars()
            .map(|c| match c {
                '\n' | '\r' => " ".to_string(),
                c if c.is_ascii() && SPECIAL.contains(&(c as u8)) => format!("\\{c}"),
                c => c.to_string(),
            })
            .collect()
    }

    #[test]
    fn punctuation_is_escaped_and_line_breaks_become_spaces() {
        let mut out = Vec::new();
        escaped(&mut out, "a|b_c\nd é*\r[x]").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "a\\|b\\_c d é\\* \\[x\\]");
    }

    /// An entity in a name is shown as written, not as the character it stands for: a markdown
    /// reader turns an unescaped `&lt;` into `<`, so `&lt;b&gt;.c` passed for `<b>.c`.
    #[test]
    fn an_entity_in_a_name_stays_as_written() {
        let mut out = Vec::new();
        escaped(&mut out, "&lt;b&gt;&amp;.c").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "\\&lt;b\\&gt;\\&amp;.c");
    }

    /// A reader trims the blanks around a cell's text: written as references, they stay.
    #[test]
    fn blanks_around_a_name_are_kept_as_references() {
        let mut out = Vec::new();
        kept_whole(&mut out, " a b.c\u{A0}").unwrap();
        kept_whole(&mut out, "|").unwrap();
        kept_whole(&mut out, "  ").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "&#x20;a b.c&#xA0;\\|&#x20;&#x20;");
    }

    #[test]
    fn every_special_byte_anywhere_is_escaped_as_a_byte_loop_escapes_it() {
        let others = ['a', '^', '}', '=', '\0', 'é', '/'];
        for len in [0, 1, 15, 16, 17, 31, 32, 33, 40] {
            for at in 0..len {
                for c in SPECIAL.iter().map(|&b| char::from(b)).chain(others) {
                    let mut text: Vec<char> = (0..len).map(|i| if i % 5 == 4 { '_' } else { 'x' }).collect();
                    text[at] = c;
                    let text: String = text.into_iter().collect();
                    let mut out = Vec::new();
                    escaped(&mut out, &text).unwrap();
                    assert_eq!(String::from_utf8(out).unwrap(), escaped_simply(&text), "{text:?}");
                }
            }
        }
    }
}
