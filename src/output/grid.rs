//! Reports and diffs as grids of text cells: the table and markdown formats differ only in how they
//! draw a grid, so what goes in which column is decided once, here.

use super::paths::for_people;
use crate::lang::LangId;
use crate::report::{Change, Delta, Diff, FileReport, LineChanges, LineMoves, Totals, View};

/// How a cell wants to look where colour is allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Plain,
    /// A number that grew.
    Up,
    /// A number that shrank.
    Down,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    pub text: String,
    pub tone: Tone,
}

impl Cell {
    fn unstyled(text: impl Into<String>) -> Cell {
        Cell { text: text.into(), tone: Tone::Plain }
    }

    fn signed(n: i64) -> Cell {
        match n {
            0 => Cell::unstyled("0"),
            n if n > 0 => Cell { text: format!("+{n}"), tone: Tone::Up },
            n => Cell { text: n.to_string(), tone: Tone::Down },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub title: &'static str,
    /// Names are left-aligned, numbers right-aligned.
    pub numeric: bool,
}

const fn name(title: &'static str) -> Column {
    Column { title, numeric: false }
}

const fn number(title: &'static str) -> Column {
    Column { title, numeric: true }
}

/// One block of rows with an optional title above it, an optional total row and a note under it.
#[derive(Debug, Clone)]
pub struct Grid {
    /// Said above the grid: the root of a `--by-root` section.
    pub title: Option<String>,
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
    pub total: Option<Vec<Cell>>,
    /// Said under the grid, e.g. how many rows `--top` left out.
    pub note: Option<String>,
}

const COUNTS: [Column; 4] = [number("Lines"), number("Code"), number("Comments"), number("Blanks")];
const WIDE: [Column; 2] = [number("Bytes"), number("Code %")];

fn columns(first: &[Column], wide: bool) -> Vec<Column> {
    let mut out = first.to_vec();
    out.extend(COUNTS);
    if wide {
        out.extend(WIDE);
    }
    out
}

/// `part` as a share of `whole`, one decimal.
fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "0.0".into();
    }
    format!("{:.1}", part as f64 * 100.0 / whole as f64)
}

fn totals_cells(lead: Vec<Cell>, t: &Totals, total_code: u64, wide: bool) -> Vec<Cell> {
    let c = t.counts;
    let mut out = lead;
    out.extend([c.lines, c.code, c.comments, c.blanks].map(|n| Cell::unstyled(n.to_string())));
    if wide {
        out.extend([Cell::unstyled(t.bytes.to_string()), Cell::unstyled(percent(c.code, total_code))]);
    }
    out
}

fn note(omitted: usize, what: &str) -> Option<String> {
    (omitted > 0).then(|| format!("{omitted} more {what} not shown (--top)"))
}

fn files(t: &Totals) -> Cell {
    Cell::unstyled(t.files.to_string())
}

/// Languages and their total; `Code %` is a share of this grid's total.
fn language_grid(title: Option<String>, languages: &[(LangId, Totals)], total: &Totals, wide: bool) -> Grid {
    let code = total.counts.code;
    Grid {
        title,
        columns: columns(&[name("Language"), number("Files")], wide),
        rows: languages
            .iter()
            .map(|(l, t)| totals_cells(vec![Cell::unstyled(l.name()), files(t)], t, code, wide))
            .collect(),
        total: Some(totals_cells(vec![Cell::unstyled("Total"), files(total)], total, code, wide)),
        note: None,
    }
}

/// Each root's languages (`--by-root`), the languages of all, then directories (`--by-dir`), then
/// files (`--by-file`).
pub fn report_grids(view: &View, wide: bool) -> Vec<Grid> {
    let code = view.total.counts.code;
    let mut grids: Vec<Grid> = view
        .by_root
        .iter()
        .flatten()
        .map(|r| language_grid(Some(for_people(r.path).into_owned()), &r.languages, &r.total, wide))
        .collect();
    let all = view.by_root.as_ref().map(|_| "All roots".to_string());
    grids.push(Grid {
        note: note(view.omitted.languages, "languages"),
        ..language_grid(all, &view.languages, &view.total, wide)
    });
    if let Some(dirs) = &view.dirs {
        grids.push(Grid {
            title: None,
            columns: columns(&[name("Directory"), number("Files")], wide),
            rows: dirs
                .iter()
                .map(|d| {
                    totals_cells(
                        vec![Cell::unstyled(for_people(&d.path)), files(&d.totals)],
                        &d.totals,
                        code,
                        wide,
                    )
                })
                .collect(),
            total: None,
            note: note(view.omitted.dirs, "directories"),
        });
    }
    if let Some(list) = &view.files {
        grids.push(Grid {
            title: None,
            columns: columns(&[name("File"), name("Language")], wide),
            rows: list
                .iter()
                .map(|f| {
                    let lead = vec![Cell::unstyled(for_people(&f.path)), Cell::unstyled(language_flagged(f))];
                    totals_cells(lead, &f.totals(), code, wide)
                })
                .collect(),
            total: None,
            note: note(view.omitted.files, "files"),
        });
    }
    if let Some(skipped) = view.skipped_files.filter(|list| !list.is_empty()) {
        grids.push(Grid {
            title: None,
            columns: vec![name("Skipped file"), name("Why")],
            rows: skipped
                .iter()
                .map(|f| {
                    vec![Cell::unstyled(for_people(&f.path)), Cell::unstyled(f.why.name().replace('_', " "))]
                })
                .collect(),
            total: None,
            note: None,
        });
    }
    grids
}

/// A file row's language, and its flags: `Python (generated)`.
fn language_flagged(f: &FileReport) -> String {
    match (f.generated, f.minified) {
        (false, false) => f.language.name().to_string(),
        (true, false) => format!("{} (generated)", f.language.name()),
        (false, true) => format!("{} (minified)", f.language.name()),
        (true, true) => format!("{} (generated, minified)", f.language.name()),
    }
}

fn delta_cells<K>(lead: Vec<Cell>, change: &Change<K>, wide: bool) -> Vec<Cell> {
    let d: Delta = change.delta();
    let mut out = lead;
    out.extend([d.lines, d.code, d.comments, d.blanks].map(Cell::signed));
    if wide {
        let growth = match change.old.counts.code {
            0 => Cell::unstyled("new"),
            old => {
                let pct = d.code as f64 * 100.0 / old as f64;
                let tone = Cell::signed(d.code).tone;
                Cell { text: format!("{pct:+.1}"), tone }
            }
        };
        out.extend([Cell::signed(d.bytes), growth]);
    }
    out
}

/// Changed languages with a total row, then changed directories (`diff --by-dir`), then changed
/// files when both reports listed them. Numbers
/// are new minus old; with `wide`, `Code %` is the change relative to the old code.
pub fn diff_grids(diff: &Diff, wide: bool) -> Vec<Grid> {
    fn files<K>(c: &Change<K>) -> Cell {
        Cell::signed(c.delta().files)
    }
    let status = |s: &str| Cell::unstyled(s);
    let mut grids = vec![Grid {
        title: None,
        columns: columns(&[name("Language"), name("Status"), number("Files")], wide),
        rows: diff
            .languages
            .iter()
            .map(|c| delta_cells(vec![Cell::unstyled(c.key.name()), status(c.status()), files(c)], c, wide))
            .collect(),
        total: Some(delta_cells(
            vec![Cell::unstyled("Total"), status(""), files(&diff.total)],
            &diff.total,
            wide,
        )),
        note: note(diff.omitted.languages, "changed languages"),
    }];
    if let Some(list) = &diff.dirs {
        grids.push(Grid {
            title: None,
            columns: columns(&[name("Directory"), name("Status"), number("Files")], wide),
            rows: list
                .iter()
                .map(|c| {
                    delta_cells(
                        vec![Cell::unstyled(for_people(&c.key)), status(c.status()), files(c)],
                        c,
                        wide,
                    )
                })
                .collect(),
            total: None,
            note: note(diff.omitted.dirs, "changed directories"),
        });
    }
    if let Some(list) = &diff.files {
        grids.push(Grid {
            title: None,
            columns: columns(&[name("File"), name("Language"), name("Status")], wide),
            rows: list
                .iter()
                .map(|c| {
                    let lead = vec![
                        Cell::unstyled(for_people(&c.key.path)),
                        Cell::unstyled(c.key.language.name()),
                        status(c.status()),
                    ];
                    delta_cells(lead, c, wide)
                })
                .collect(),
            total: None,
            note: note(diff.omitted.files, "changed files"),
        });
    }
    grids.extend(diff.lines.as_ref().map(line_grids).into_iter().flatten());
    grids
}

const MOVES: [Column; 4] = [number("Added"), number("Removed"), number("Modified"), number("Unchanged")];

/// A row per bucket of `moves`, each led by `lead` and the bucket's name; `changed` leaves out
/// buckets with nothing added, removed or modified.
fn moves_rows(lead: &[&str], moves: &LineMoves, changed: bool) -> Vec<Vec<Cell>> {
    let rows = moves.named().into_iter().filter(|(_, m)| !changed || m.changed());
    rows.map(|(bucket, m)| {
        let mut cells: Vec<Cell> = lead.iter().map(|&t| Cell::unstyled(t)).collect();
        cells.push(Cell::unstyled(bucket));
        cells.extend([m.added, m.removed, m.modified, m.unchanged].map(|n| Cell::unstyled(n.to_string())));
        cells
    })
    .collect()
}

/// Line changes between git revisions: per language and bucket with the totals, then per changed
/// file.
fn line_grids(lines: &LineChanges) -> Vec<Grid> {
    let with = |lead: &[Column]| [lead, &[name("Kind")], &MOVES[..]].concat();
    let mut rows: Vec<Vec<Cell>> =
        lines.languages.iter().flat_map(|(l, m)| moves_rows(&[l.name()], m, false)).collect();
    rows.extend(moves_rows(&["Total"], &lines.total, false));
    let files = lines
        .files
        .iter()
        .flat_map(|f| moves_rows(&[&*for_people(&f.path), f.language.name()], &f.moves, true))
        .collect();
    vec![
        Grid {
            title: Some("Lines".into()),
            columns: with(&[name("Language")]),
            rows,
            total: None,
            note: None,
        },
        Grid {
            title: Some("Lines per file".into()),
            columns: with(&[name("File"), name("Language")]),
            rows: files,
            total: None,
            note: None,
        },
    ]
}
