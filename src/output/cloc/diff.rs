//! What cloc 1.96's `--diff` documents hold, in each of its syntaxes: a header whose `n_files`
//! and `n_lines` sum all four kinds of change, then per kind every language's files and lines
//! and their sum. cloc lists its languages in Perl's hash order, which changes from run to run;
//! ringloc lists them in its own diff's order. `nFiles` counts the files added, removed, changed
//! and unchanged (cloc's `same`).

use super::{Header, Row};
use crate::report::{LineChanges, LineMoves, Moves};

/// One of cloc's kinds of change: its name and the [`Moves`] field that holds it.
#[derive(Clone, Copy)]
pub struct Kind {
    pub name: &'static str,
    pick: fn(&Moves) -> u64,
}

pub const ADDED: Kind = Kind { name: "added", pick: |m| m.added };
pub const SAME: Kind = Kind { name: "same", pick: |m| m.unchanged };
pub const MODIFIED: Kind = Kind { name: "modified", pick: |m| m.modified };
pub const REMOVED: Kind = Kind { name: "removed", pick: |m| m.removed };

/// The kinds in the order of cloc's `--diff --json` and `--diff --yaml` (its XML has its own).
pub const KINDS: [Kind; 4] = [ADDED, SAME, MODIFIED, REMOVED];

/// A diff between two revisions as cloc's `--diff` shows it.
pub struct DiffDoc<'a> {
    pub header: Header,
    lines: &'a LineChanges,
    /// Every language's files by kind.
    files: Moves,
}

impl<'a> DiffDoc<'a> {
    pub fn new(lines: &'a LineChanges, elapsed: f64) -> DiffDoc<'a> {
        let files = lines.total_files();
        let buckets = [lines.total.blanks, lines.total.comments, lines.total.code];
        let all = |m: &Moves| KINDS.iter().map(|kind| (kind.pick)(m)).sum::<u64>();
        let header = Header::new(elapsed, all(&files), buckets.iter().map(all).sum());
        DiffDoc { header, lines, files }
    }

    /// Every language's files and lines of `kind`, in ringloc's diff order.
    pub fn languages(&self, kind: Kind) -> impl ExactSizeIterator<Item = Row<'static>> + '_ {
        self.lines.languages.iter().map(move |(language, moves)| {
            let files = self.lines.file_moves.get(language).copied().unwrap_or_default();
            row(language.name(), kind, &files, moves)
        })
    }

    /// All languages' files and lines of `kind`.
    pub fn sum(&self, kind: Kind) -> Row<'static> {
        row("SUM", kind, &self.files, &self.lines.total)
    }
}

fn row(name: &'static str, kind: Kind, files: &Moves, lines: &LineMoves) -> Row<'static> {
    let [files, blank, comment, code] = [files, &lines.blanks, &lines.comments, &lines.code].map(kind.pick);
    Row { name: name.as_bytes().into(), language: None, files, blank, comment, code }
}
