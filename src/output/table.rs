//! The default, for people: aligned columns between rules, one grid per breakdown. Colour (bold
//! headers and totals, green and red changes) only when the binary says the terminal wants it.

use std::io::{self, Write};

use super::buffer::buffered;
use super::grid::{diff_grids, report_grids, text_columns, Cell, Grid, Tone};
use super::rows::write_numbered;
use super::summary_lines::SummaryLines;
use super::Output;
use crate::report::{Diff, View};

/// The width of scc's ULOC and DRYness lines: their figures are right-aligned to its end.
const ULOC_LINE_WIDTH: usize = 37;

#[derive(Debug, Default, Clone, Copy)]
pub struct Table {
    /// Adds bytes and code-share columns.
    pub wide: bool,
    /// Adds scc's `Percentage` row under each language (`-p`).
    pub percent: bool,
    /// ANSI colour; the caller decides (a terminal, and `NO_COLOR` not set).
    pub colour: bool,
}

const BOLD: &str = "\x1b[1m";
const GREEN: &str = "\x1b[32m";
const RED: &str = "\x1b[31m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// Appends `n` spaces, a slice at a time.
fn spaces(line: &mut Vec<u8>, mut n: usize) {
    const SPACES: &[u8; 64] = &[b' '; 64];
    while n > 0 {
        let step = n.min(SPACES.len());
        line.extend_from_slice(&SPACES[..step]);
        n -= step;
    }
}

/// Cuts from the row that starts at `start` what `str::trim_end` would: ASCII white space byte by
/// byte, and only past a byte that is not ASCII (which may end a Unicode space) the row as text.
fn trim_end(out: &mut Vec<u8>, start: usize) {
    while out.len() > start && matches!(out.last(), Some(b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')) {
        out.pop();
    }
    if out.len() > start && out.last().is_some_and(|&b| b >= 0x80) {
        let kept = std::str::from_utf8(&out[start..]).map_or(out.len() - start, |row| row.trim_end().len());
        out.truncate(start + kept);
    }
}

impl Table {
    fn paint(&self, style: &str, text: &str) -> String {
        if self.colour {
            format!("{style}{text}{RESET}")
        } else {
            text.to_string()
        }
    }

    /// Appends one row of `cells`, padded to `widths`, and its line break. A cell's width is
    /// taken from the text written, in terminal columns ([`Cell::width`] without formatting its
    /// number twice).
    fn line(&self, out: &mut Vec<u8>, (grid, widths): (&Grid, &[usize]), cells: &[Cell], bold: bool) {
        let start = out.len();
        let mut digits = itoa::Buffer::new();
        for ((cell, col), &width) in cells.iter().zip(&grid.columns).zip(widths) {
            let [sign, text] = cell.parts(&mut digits);
            let shown = sign.len() + text_columns(text);
            let pad = width.saturating_sub(shown);
            out.push(b' ');
            if col.numeric {
                spaces(out, pad);
            }
            let style = match cell.tone {
                _ if !self.colour => None,
                Tone::Up => Some(GREEN),
                Tone::Down => Some(RED),
                Tone::Plain if bold => Some(BOLD),
                Tone::Plain => None,
            };
            match style {
                Some(style) => {
                    [style, sign, text, RESET].iter().for_each(|part| out.extend_from_slice(part.as_bytes()))
                }
                None if sign.is_empty() => out.extend_from_slice(text.as_bytes()),
                None => [sign, text].iter().for_each(|part| out.extend_from_slice(part.as_bytes())),
            }
            if !col.numeric {
                spaces(out, pad);
            }
            out.push(b' ');
        }
        trim_end(out, start);
        out.push(b'\n');
    }

    /// [`Table::line`] of a row without colour whose every cell is ASCII, and so as wide as its
    /// bytes: the row's width in spaces, each cell's text copied to its place, where `line`
    /// writes a cell piece by piece. Writes nothing and says false for any other row.
    fn plain_line(out: &mut Vec<u8>, (grid, widths): (&Grid, &[usize]), cells: &[Cell]) -> bool {
        let start = out.len();
        out.resize(start + widths.iter().map(|w| w + 2).sum::<usize>(), b' ');
        let mut digits = itoa::Buffer::new();
        let mut at = start + 1;
        for ((cell, col), &width) in cells.iter().zip(&grid.columns).zip(widths) {
            let [sign, text] = cell.parts(&mut digits);
            let shown = sign.len() + text.len();
            if shown > width || !text.is_ascii() {
                out.truncate(start);
                return false;
            }
            let from = if col.numeric { at + width - shown } else { at };
            out[from..from + sign.len()].copy_from_slice(sign.as_bytes());
            out[from + sign.len()..from + shown].copy_from_slice(text.as_bytes());
            at += width + 2;
        }
        trim_end(out, start);
        out.push(b'\n');
        true
    }

    /// Writes a header or total row.
    fn single(&self, out: &mut impl Write, layout: (&Grid, &[usize]), cells: &[Cell]) -> io::Result<()> {
        let mut line = Vec::new();
        self.line(&mut line, layout, cells, true);
        out.write_all(&line)
    }

    fn grid(&self, out: &mut impl Write, grid: &Grid, threads: usize) -> io::Result<()> {
        let mut widths: Vec<usize> = grid.columns.iter().map(|c| c.title.len()).collect();
        for (width, &rows) in widths.iter_mut().zip(grid.widths()) {
            *width = (*width).max(rows);
        }
        for (width, cell) in widths.iter_mut().zip(grid.total.iter().flatten()) {
            *width = (*width).max(cell.width());
        }
        let rule = self.paint(DIM, &"-".repeat(widths.iter().map(|w| w + 2).sum()));
        let header: Vec<Cell> = grid.columns.iter().map(|c| Cell::unstyled(c.title)).collect();
        if let Some(title) = &grid.title {
            writeln!(out, " {}", self.paint(BOLD, title))?;
        }
        let layout = (grid, &widths[..]);
        writeln!(out, "{rule}")?;
        self.single(out, layout, &header)?;
        writeln!(out, "{rule}")?;
        write_numbered(out, grid.len(), threads, Vec::new, |out, cells, i| {
            let row = grid.row(i, cells);
            if self.colour || !Table::plain_line(out, layout, row) {
                self.line(out, layout, row, false);
            }
            Ok(())
        })?;
        if let Some(total) = &grid.total {
            writeln!(out, "{rule}")?;
            self.single(out, layout, total)?;
        }
        writeln!(out, "{rule}")?;
        if let Some(note) = &grid.note {
            writeln!(out, " {}", self.paint(DIM, note))?;
        }
        Ok(())
    }

    fn grids(&self, out: &mut dyn Write, grids: &[Grid], threads: usize) -> io::Result<()> {
        buffered(out, |out| {
            for (i, grid) in grids.iter().enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                self.grid(out, grid, threads)?;
            }
            Ok(())
        })
    }
}

impl Output for Table {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        self.grids(out, &report_grids(view, (self.wide, self.percent), true, true), view.threads)?;
        let lines = SummaryLines::of(view);
        buffered(out, |out| {
            for (label, figure) in &lines.uloc {
                writeln!(out, "{label} {figure:>0$}", ULOC_LINE_WIDTH - 1 - label.len())?;
            }
            lines.cocomo.iter().try_for_each(|(label, figure)| writeln!(out, "{label} {figure}"))
        })
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        self.grids(out, &diff_grids(diff, self.wide), 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Shape;

    #[test]
    fn a_plain_row_is_the_row_line_writes() {
        let report = crate::output::json::tests::rich_report();
        let view = View::new(&report, &Shape { by_file: true, by_dir: Some(1), ..Shape::default() });
        let (table, mut plain_rows) = (Table::default(), 0);
        for grid in report_grids(&view, (true, true), true, true) {
            let widths: Vec<usize> = grid.widths().iter().map(|&w| w + 2).collect();
            for i in 0..grid.len() {
                let row = grid.row(i, &mut Vec::new()).to_vec();
                let row = &row[..];
                let (mut line, mut plain) = (Vec::new(), b"kept".to_vec());
                table.line(&mut line, (&grid, &widths), row, false);
                if Table::plain_line(&mut plain, (&grid, &widths), row) {
                    assert_eq!(plain[4..], line[..], "{row:?}");
                    plain_rows += 1;
                } else {
                    assert_eq!(plain, b"kept", "{row:?}");
                }
            }
        }
        assert!(plain_rows > 3, "most rows are plain");
    }

    /// `--complexity`'s column follows Code where the report counted it, and only there.
    #[test]
    fn complexity_shows_after_code_where_it_was_counted() {
        let header = |report: &crate::Report| {
            let mut out = Vec::new();
            Table::default().report(&View::new(report, &Shape::default()), &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            text.lines()
                .find(|l| l.contains("Language"))
                .unwrap()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        };
        let counted = crate::output::json::tests::rich_report();
        assert_eq!(header(&counted), "Language Files Lines Code Complexity Comments Blanks");
        assert_eq!(header(&crate::Report::default()), "Language Files Lines Code Comments Blanks");
    }

    #[test]
    fn rows_are_trimmed_as_str_trims_them() {
        let rows = ["a b  ", "a\u{3000} ", "x\u{0B}\t", "é\u{A0}", "  ", "", "a\u{85}", "\u{2003}é"];
        for row in rows {
            let mut out = b"kept ".to_vec();
            out.extend_from_slice(row.as_bytes());
            trim_end(&mut out, 5);
            assert_eq!(out, format!("kept {}", row.trim_end()).as_bytes(), "{row:?}");
        }
    }
}
