//! GitHub-flavoured markdown tables, for pasting a report or a diff into a pull-request comment.

use std::io::{self, Write};

use super::buffer::{buffered, count};
use super::grid::{diff_grids, report_grids, Cell, Grid, Text};
use super::rows::write_rows;
use super::Output;
use crate::report::{Diff, View};

#[derive(Debug, Default, Clone, Copy)]
pub struct Markdown {
    /// Adds bytes and code-share columns, as in the table.
    pub wide: bool,
}

/// The bytes [`escaped`] rewrites: markdown's punctuation and line breaks, all ASCII.
const SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    let bytes = b"\\`*_[]<>|~\n\r";
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
};

/// Writes `text` as a cell's content. A `|` would end the cell early, a newline the table, and `_`
/// or `*` in `__init__.py` would turn into emphasis: markdown's punctuation is backslash-escaped,
/// line breaks become spaces.
fn escaped(out: &mut impl Write, text: &str) -> io::Result<()> {
    let mut rest = text.as_bytes();
    while let Some(at) = rest.iter().position(|&b| SPECIAL[usize::from(b)]) {
        out.write_all(&rest[..at])?;
        match rest[at] {
            b'\n' | b'\r' => out.write_all(b" ")?,
            c => out.write_all(&[b'\\', c])?,
        }
        rest = &rest[at + 1..];
    }
    out.write_all(rest)
}

/// Writes a cell's text, escaped (a number has nothing to escape).
fn cell(out: &mut impl Write, cell: &Cell) -> io::Result<()> {
    match cell.text {
        Text::Str(ref text) => escaped(out, text),
        Text::Count(n) => count(out, n),
        Text::Signed(_) => {
            let mut digits = itoa::Buffer::new();
            cell.parts(&mut digits).iter().try_for_each(|part| out.write_all(part.as_bytes()))
        }
    }
}

/// Writes a total's cell in bold; an empty cell stays empty.
fn bold(out: &mut impl Write, c: &Cell) -> io::Result<()> {
    if c.width() == 0 {
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
        escaped(out, title)?;
        out.write_all(b"**\n\n")?;
    }
    row(out, &grid.columns, |out, c| out.write_all(c.title.as_bytes()))?;
    row(out, &grid.columns, |out, c| out.write_all(if c.numeric { b"---:" } else { b":---" }))?;
    let rows: Vec<&[Cell]> = grid.rows().collect();
    write_rows(out, &rows, threads, |out, _, cells| row(out, cells, cell))?;
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

impl Output for Markdown {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        grids(out, &report_grids(view, self.wide, false), view.threads)
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        grids(out, &diff_grids(diff, self.wide), 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punctuation_is_escaped_and_line_breaks_become_spaces() {
        let mut out = Vec::new();
        escaped(&mut out, "a|b_c\nd é*\r[x]").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "a\\|b\\_c d é\\* \\[x\\]");
    }
}
