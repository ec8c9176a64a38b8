//! The default, for people: aligned columns between rules, one grid per breakdown. Colour (bold
//! headers and totals, green and red changes) only when the binary says the terminal wants it.

use std::io::{self, Write};

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

impl Table {
    fn paint(&self, style: &str, text: &str) -> String {
        if self.colour {
            format!("{style}{text}{RESET}")
        } else {
            text.to_string()
        }
    }

    fn line(
        &self,
        out: &mut dyn Write,
        grid: &Grid,
        widths: &[usize],
        cells: &[Cell],
        bold: bool,
    ) -> io::Result<()> {
        let mut text = String::new();
        for ((cell, col), &width) in cells.iter().zip(&grid.columns).zip(widths) {
            let pad = " ".repeat(width.saturating_sub(cell.text.chars().count()));
            let styled = match cell.tone {
                Tone::Up => self.paint(GREEN, &cell.text),
                Tone::Down => self.paint(RED, &cell.text),
                Tone::Plain if bold => self.paint(BOLD, &cell.text),
                Tone::Plain => cell.text.clone(),
            };
            text.push(' ');
            if col.numeric {
                text.push_str(&pad);
                text.push_str(&styled);
            } else {
                text.push_str(&styled);
                text.push_str(&pad);
            }
            text.push(' ');
        }
        writeln!(out, "{}", text.trim_end())
    }

    fn grid(&self, out: &mut dyn Write, grid: &Grid) -> io::Result<()> {
        let widths: Vec<usize> = (0..grid.columns.len())
            .map(|i| {
                let cells = grid.rows.iter().chain(&grid.total).map(|r| r[i].text.chars().count());
                cells.chain([grid.columns[i].title.len()]).max().unwrap_or(0)
            })
            .collect();
        let rule = self.paint(DIM, &"-".repeat(widths.iter().map(|w| w + 2).sum()));
        let header: Vec<Cell> =
            grid.columns.iter().map(|c| Cell { text: c.title.to_string(), tone: Tone::Plain }).collect();
        if let Some(title) = &grid.title {
            writeln!(out, " {}", self.paint(BOLD, title))?;
        }
        writeln!(out, "{rule}")?;
        self.line(out, grid, &widths, &header, true)?;
        writeln!(out, "{rule}")?;
        for row in &grid.rows {
            self.line(out, grid, &widths, row, false)?;
        }
        if let Some(total) = &grid.total {
            writeln!(out, "{rule}")?;
            self.line(out, grid, &widths, total, true)?;
        }
        writeln!(out, "{rule}")?;
        if let Some(note) = &grid.note {
            writeln!(out, " {}", self.paint(DIM, note))?;
        }
        Ok(())
    }

    fn grids(&self, out: &mut dyn Write, grids: &[Grid]) -> io::Result<()> {
        for (i, grid) in grids.iter().enumerate() {
            if i > 0 {
                writeln!(out)?;
            }
            self.grid(out, grid)?;
        }
        Ok(())
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
