//! GitHub-flavoured markdown tables, for pasting a report or a diff into a pull-request comment.

use std::io::{self, Write};

use super::grid::{diff_grids, report_grids, Cell, Grid};
use super::Output;
use crate::report::{Diff, View};

#[derive(Debug, Default, Clone, Copy)]
pub struct Markdown {
    /// Adds bytes and code-share columns, as in the table.
    pub wide: bool,
}

/// A `|` would end the cell early, a newline the table, and `_` or `*` in `__init__.py` would
/// turn into emphasis: markdown's punctuation is backslash-escaped.
fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn row(out: &mut dyn Write, cells: impl Iterator<Item = String>) -> io::Result<()> {
    let cells: Vec<String> = cells.collect();
    writeln!(out, "| {} |", cells.join(" | "))
}

fn grid(out: &mut dyn Write, grid: &Grid) -> io::Result<()> {
    if let Some(title) = &grid.title {
        writeln!(out, "**{}**\n", cell(title))?;
    }
    row(out, grid.columns.iter().map(|c| c.title.to_string()))?;
    row(out, grid.columns.iter().map(|c| if c.numeric { "---:" } else { ":---" }.to_string()))?;
    for cells in &grid.rows {
        row(out, cells.iter().map(|c| cell(&c.text)))?;
    }
    if let Some(total) = &grid.total {
        let bold =
            |c: &Cell| if c.text.is_empty() { String::new() } else { format!("**{}**", cell(&c.text)) };
        row(out, total.iter().map(bold))?;
    }
    if let Some(note) = &grid.note {
        writeln!(out, "\n_{note}_")?;
    }
    Ok(())
}

fn grids(out: &mut dyn Write, grids: &[Grid]) -> io::Result<()> {
    for (i, g) in grids.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        grid(out, g)?;
    }
    Ok(())
}

impl Output for Markdown {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        grids(out, &report_grids(view, self.wide))
    }

    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()> {
        grids(out, &diff_grids(diff, self.wide))
    }
}
