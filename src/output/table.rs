//! The default, for people: aligned columns between rules, one grid per breakdown. Colour (bold
//! headers and totals, green and red changes) only when the binary says the terminal wants it.

use std::io::{self, Write};

use super::buffer::buffered;
use super::grid::{diff_grids, report_grids, Cell, Grid, Tone};
use super::Output;
use crate::report::{Diff, View};

#[derive(Debug, Default, Clone, Copy)]
pub struct Table {
    /// Adds bytes and code-share columns.
    pub wide: bool,
    /// ANSI colour; the caller decides (a terminal, and `NO_COLOR` not set).
    pub colour: bool,
}

const BOLD: &str = "\x1b[1m";
const GREEN: &str = "\x1b[32m";
const RED: &str = "\x1b[31m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// Appends `n` spaces, a slice at a time.
fn spaces(line: &mut String, mut n: usize) {
    const SPACES: &str = "                                                                ";
    while n > 0 {
        let step = n.min(SPACES.len());
        line.push_str(&SPACES[..step]);
        n -= step;
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

    /// Writes one row of `cells`, padded to `widths`. `line` is scratch space, kept from row to
    /// row so that a row allocates nothing.
    fn line(
        &self,
        out: &mut impl Write,
        line: &mut String,
        (grid, widths): (&Grid, &[usize]),
        cells: &[Cell],
        bold: bool,
    ) -> io::Result<()> {
        line.clear();
        let mut digits = itoa::Buffer::new();
        for ((cell, col), &width) in cells.iter().zip(&grid.columns).zip(widths) {
            let parts = cell.parts(&mut digits);
            let pad = width.saturating_sub(cell.width());
            let style = match cell.tone {
                Tone::Up => Some(GREEN),
                Tone::Down => Some(RED),
                Tone::Plain if bold => Some(BOLD),
                Tone::Plain => None,
            };
            let style = style.filter(|_| self.colour);
            line.push(' ');
            if col.numeric {
                spaces(line, pad);
            }
            line.push_str(style.unwrap_or_default());
            parts.iter().for_each(|part| line.push_str(part));
            line.push_str(style.map_or("", |_| RESET));
            if !col.numeric {
                spaces(line, pad);
            }
            line.push(' ');
        }
        out.write_all(line.trim_end().as_bytes())?;
        out.write_all(b"\n")
    }

    fn grid(&self, out: &mut impl Write, grid: &Grid) -> io::Result<()> {
        let mut widths: Vec<usize> = grid.columns.iter().map(|c| c.title.len()).collect();
        for row in grid.rows().chain(grid.total.as_deref()) {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.width());
            }
        }
        let rule = self.paint(DIM, &"-".repeat(widths.iter().map(|w| w + 2).sum()));
        let header: Vec<Cell> = grid.columns.iter().map(|c| Cell::unstyled(c.title)).collect();
        if let Some(title) = &grid.title {
            writeln!(out, " {}", self.paint(BOLD, title))?;
        }
        let mut line = String::new();
        let layout = (grid, &widths[..]);
        writeln!(out, "{rule}")?;
        self.line(out, &mut line, layout, &header, true)?;
        writeln!(out, "{rule}")?;
        for row in grid.rows() {
            self.line(out, &mut line, layout, row, false)?;
        }
        if let Some(total) = &grid.total {
            writeln!(out, "{rule}")?;
            self.line(out, &mut line, layout, total, true)?;
        }
        writeln!(out, "{rule}")?;
        if let Some(note) = &grid.note {
            writeln!(out, " {}", self.paint(DIM, note))?;
        }
        Ok(())
    }

    fn grids(&self, out: &mut dyn Write, grids: &[Grid]) -> io::Result<()> {
        buffered(out, |out| {
            for (i, grid) in grids.iter().enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                self.grid(out, grid)?;
            }
            Ok(())
        })
    }
}

impl Output for Table {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        self.grids(out, &report_grids(view, self.wide))
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        self.grids(out, &diff_grids(diff, self.wide))
    }
}
