//! Reports and diffs as grids of text cells: the table and markdown formats differ only in how they
//! draw a grid, so what goes in which column is decided once, here.

use std::borrow::Cow;
use std::cmp::Ordering;

use unicode_width::UnicodeWidthStr;

use super::paths::for_people;
use super::rows::map_parts;
use crate::lang::LangId;
use crate::report::{Change, Delta, Diff, FileReport, LineChanges, LineMoves, Omitted, Totals, Uloc, View};

/// How a cell wants to look where colour is allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Plain,
    /// A number that grew.
    Up,
    /// A number that shrank.
    Down,
}

/// What a cell shows: text, or a number formatted only as the cell is drawn, so that a row of
/// numbers allocates nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Text<'a> {
    Str(Cow<'a, str>),
    Count(u64),
    /// A change, with its sign: `+12`, `-3`, `0`.
    Signed(i64),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell<'a> {
    pub text: Text<'a>,
    pub tone: Tone,
}

impl<'a> Cell<'a> {
    pub fn unstyled(text: impl Into<Cow<'a, str>>) -> Cell<'a> {
        Cell { text: Text::Str(text.into()), tone: Tone::Plain }
    }

    fn count(n: u64) -> Cell<'a> {
        Cell { text: Text::Count(n), tone: Tone::Plain }
    }

    fn signed(n: i64) -> Cell<'a> {
        let tone = match n.cmp(&0) {
            Ordering::Greater => Tone::Up,
            Ordering::Less => Tone::Down,
            Ordering::Equal => Tone::Plain,
        };
        Cell { text: Text::Signed(n), tone }
    }

    /// The text as a sign and the rest (`["+", "12"]`, `["", "Rust"]`); numbers are formatted in
    /// `digits`.
    pub fn parts<'s>(&'s self, digits: &'s mut itoa::Buffer) -> [&'s str; 2] {
        match self.text {
            Text::Str(ref text) => ["", text],
            Text::Count(n) => ["", digits.format(n)],
            Text::Signed(n) => [if n > 0 { "+" } else { "" }, digits.format(n)],
        }
    }

    /// How many terminal columns the text takes, without formatting a number: the width pass of a
    /// table sees every cell of every file row.
    pub fn width(&self) -> usize {
        match self.text {
            Text::Str(ref text) => text_columns(text),
            Text::Count(n) => decimal_digits(n),
            Text::Signed(n) => usize::from(n != 0) + decimal_digits(n.unsigned_abs()),
        }
    }
}

/// How many columns a terminal draws `text` in: two for a CJK character, none for a combining mark
/// or a zero-width character, where counting characters padded a row with `数据.c` one column short
/// per wide character and misaligned every column after it. A cell's control and bidirectional
/// characters are already written as escapes (`\u{202E}`), as wide as their text.
pub fn text_columns(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        UnicodeWidthStr::width(text)
    }
}

fn decimal_digits(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
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
pub struct Grid<'a> {
    /// Said above the grid: the root of a `--by-root` section.
    pub title: Option<String>,
    pub columns: Vec<Column>,
    cells: Rows<'a>,
    pub total: Option<Vec<Cell<'a>>>,
    /// Said under the grid, e.g. how many rows `--top` left out.
    pub note: Option<String>,
}

impl<'a> Grid<'a> {
    /// How many rows the grid has (not counting the total).
    pub fn len(&self) -> usize {
        self.cells.len
    }

    /// Row `i`'s cells: those the grid keeps, or made into `scratch` (emptied first).
    pub fn row<'s>(&'s self, i: usize, scratch: &'s mut Vec<Cell<'a>>) -> &'s [Cell<'a>] {
        let n = self.columns.len();
        match &self.cells.make {
            Make::Kept(parts) => {
                let mut at = i * n;
                for part in parts {
                    if at < part.len() {
                        return &part[at..at + n];
                    }
                    at -= part.len();
                }
                panic!("row {i} of a grid of {} rows", self.len())
            }
            Make::Each(make) => {
                scratch.clear();
                make(i, scratch);
                scratch
            }
        }
    }

    /// Each column's widest cell among the rows (not the total), in terminal columns; zeros where
    /// the grid was made without `measured`.
    pub fn widths(&self) -> &[usize] {
        &self.cells.widths
    }
}

/// A grid's rows, and each column's widest cell.
struct Rows<'a> {
    len: usize,
    make: Make<'a>,
    widths: Vec<usize>,
}

/// Where a grid's cells come from.
enum Make<'a> {
    /// Made once, as many to a row as there are columns, in parts made one after another: the
    /// few rows of a grid made on one thread ([`Rows::new`]).
    Kept(Vec<Vec<Cell<'a>>>),
    /// Row `i` appended to the cells given, made by the thread that draws it: a kernel's file
    /// cells kept are ~18 MB faulted in, written, read back and freed, which cost a table more
    /// than making each row twice (once to measure it, once to draw it).
    Each(Box<MakeRow<'a>>),
}

/// Appends row `i`'s cells to those given.
type MakeRow<'a> = dyn Fn(usize, &mut Vec<Cell<'a>>) + Sync + 'a;

impl<'a> Rows<'a> {
    /// Rows made on one thread: `cells`, `columns` to a row.
    fn new(cells: Vec<Cell<'a>>, columns: usize) -> Rows<'a> {
        let mut widths = vec![0; columns];
        cells.chunks(columns).for_each(|row| widen(&mut widths, row));
        Rows { len: cells.len() / columns, make: Make::Kept(vec![cells]), widths }
    }
}

/// Widens `widths` to hold each of `row`'s cells.
fn widen(widths: &mut [usize], row: &[Cell]) {
    for (width, cell) in widths.iter_mut().zip(row) {
        *width = (*width).max(cell.width());
    }
}

/// A row per item, each made by `row` as it is drawn. With `measured`, each row is made once more
/// beforehand, on up to `threads` threads, only to widen the columns to it.
fn cells<'a, T: Sync>(
    items: &'a [T],
    columns: &[Column],
    (threads, measured): (usize, bool),
    row: impl Fn(&mut Vec<Cell<'a>>, &'a T) + Sync + 'a,
) -> Rows<'a> {
    let n = columns.len();
    if !measured {
        let make = Make::Each(Box::new(move |i, cells| row(cells, &items[i])));
        return Rows { len: items.len(), make, widths: vec![0; n] };
    }
    let parts = map_parts(items, threads, |part| {
        let (mut cells, mut widths) = (Vec::with_capacity(n), vec![0; n]);
        for item in part {
            cells.clear();
            row(&mut cells, item);
            widen(&mut widths, &cells);
        }
        widths
    });
    let mut widths = vec![0; n];
    for part in &parts {
        widths.iter_mut().zip(part).for_each(|(width, &w)| *width = (*width).max(w));
    }
    let make = Make::Each(Box::new(move |i, cells| row(cells, &items[i])));
    Rows { len: items.len(), make, widths }
}

const WIDE: [Column; 2] = [number("Bytes"), number("Code %")];

/// The columns a grid may add to its line counts: with `--wide` bytes and code share, and a
/// Complexity column after Code where the report counted it (`--complexity`).
#[derive(Debug, Clone, Copy)]
struct Extras {
    wide: bool,
    complexity: bool,
}

fn columns(first: &[Column], extras: Extras) -> Vec<Column> {
    let mut out = first.to_vec();
    out.extend([number("Lines"), number("Code")]);
    if extras.complexity {
        out.push(number("Complexity"));
    }
    out.extend([number("Comments"), number("Blanks")]);
    if extras.wide {
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

/// Appends a row's numbers: its counts and, as `extras` says, its complexity, bytes and share of
/// `total_code`.
fn totals_cells<'a>(cells: &mut Vec<Cell<'a>>, t: &Totals, total_code: u64, extras: Extras) {
    let c = t.counts;
    cells.extend([c.lines, c.code].map(Cell::count));
    if extras.complexity {
        cells.push(Cell::count(t.complexity.unwrap_or(0)));
    }
    cells.extend([c.comments, c.blanks].map(Cell::count));
    if extras.wide {
        cells.extend([Cell::count(t.bytes), Cell::unstyled(percent(c.code, total_code))]);
    }
}

/// "1 more language", "2 more languages": `what` is the plural, and "directories" the one
/// plural not made with an `s`.
fn note(omitted: usize, what: &str) -> Option<String> {
    let what = match (omitted, what.strip_suffix("ies")) {
        (1, Some(stem)) => format!("{stem}y"),
        (1, None) => what.trim_end_matches('s').to_string(),
        _ => what.to_string(),
    };
    (omitted > 0).then(|| format!("{omitted} more {what} not shown (--top)"))
}

/// Languages and their total; `Code %` is a share of this grid's total. With `uloc`, scc's
/// `(ULOC)` row under each language; with `percent`, scc's `Percentage` row (`-p`).
fn language_grid<'a>(
    title: Option<String>,
    languages: &'a [(LangId, Totals)],
    total: &Totals,
    (extras, uloc, percent): (Extras, Option<&Uloc>, bool),
) -> Grid<'a> {
    let code = total.counts.code;
    let columns = columns(&[name("Language"), number("Files")], extras);
    let row = move |cells: &mut Vec<Cell<'a>>, name: &'static str, t: &Totals| {
        cells.extend([Cell::unstyled(name), Cell::count(t.files)]);
        totals_cells(cells, t, code, extras);
    };
    let mut total_row = Vec::new();
    row(&mut total_row, "Total", total);
    let cells = if uloc.is_some() || percent {
        let under = |cells: &mut Vec<Cell<'a>>, l: &LangId, t: &Totals| {
            if let Some(uloc) = uloc {
                let unique = uloc.languages.get(l).copied().unwrap_or(0);
                cells.extend([Cell::unstyled("(ULOC)"), Cell::unstyled(""), Cell::count(unique)]);
                cells.resize(cells.len().next_multiple_of(columns.len()), Cell::unstyled(""));
            }
            if percent {
                shares_cells(cells, t, total, extras);
            }
        };
        with_rows_under(languages, columns.len(), row, under)
    } else {
        cells(languages, &columns, (1, true), move |cells, (l, t)| row(cells, l.name(), t))
    };
    Grid { title, cells, columns, total: Some(total_row), note: None }
}

/// Each language's row and the rows `under` adds beneath it: a few rows, made at once.
fn with_rows_under<'a>(
    languages: &[(LangId, Totals)],
    columns: usize,
    row: impl Fn(&mut Vec<Cell<'a>>, &'static str, &Totals),
    under: impl Fn(&mut Vec<Cell<'a>>, &LangId, &Totals),
) -> Rows<'a> {
    let mut cells = Vec::with_capacity(languages.len() * 3 * columns);
    for (l, t) in languages {
        row(&mut cells, l.name(), t);
        under(&mut cells, l, t);
    }
    Rows::new(cells, columns)
}

/// scc's `Percentage` row (`-p`): the language's share of the grid's total in each column it
/// counts (`57.1%`), the code share of `--wide` left empty, since it says the same.
fn shares_cells<'a>(cells: &mut Vec<Cell<'a>>, t: &Totals, total: &Totals, extras: Extras) {
    let share = |part, whole| Cell::unstyled(format!("{}%", percent(part, whole)));
    let (c, all) = (t.counts, total.counts);
    cells.extend([Cell::unstyled("Percentage"), share(t.files, total.files)]);
    cells.extend([share(c.lines, all.lines), share(c.code, all.code)]);
    if extras.complexity {
        cells.push(share(t.complexity.unwrap_or(0), total.complexity.unwrap_or(0)));
    }
    cells.extend([share(c.comments, all.comments), share(c.blanks, all.blanks)]);
    if extras.wide {
        cells.extend([share(t.bytes, total.bytes), Cell::unstyled("")]);
    }
}

/// Each root's languages (`--by-root`, titled `Root: PATH`, so that no root, not even one named
/// `All roots`, passes for the summary), the languages of all, then directories (`--by-dir`), then
/// files (`--by-file`); the long grids' widths only if `measured`. With `uloc_rows` (the table's),
/// the languages of all carry scc's `(ULOC)` rows where the view has unique lines.
pub fn report_grids<'v>(
    view: &'v View,
    (wide, percent): (bool, bool),
    measured: bool,
    uloc_rows: bool,
) -> Vec<Grid<'v>> {
    let make = (view.threads, measured);
    let extras = Extras { wide, complexity: view.total.complexity.is_some() };
    let code = view.total.counts.code;
    let mut grids: Vec<Grid> = view
        .by_root
        .iter()
        .flatten()
        .map(|r| {
            let title = Some(format!("Root: {}", for_people(r.path)));
            language_grid(title, &r.languages, &r.total, (extras, None, percent))
        })
        .collect();
    let all = view.by_root.as_ref().map(|_| "All roots".to_string());
    grids.push(Grid {
        note: note(view.omitted.languages, "languages"),
        ..language_grid(all, &view.languages, &view.total, (extras, view.uloc.filter(|_| uloc_rows), percent))
    });
    if let Some(dirs) = &view.dirs {
        let columns = columns(&[name("Directory"), number("Files")], extras);
        grids.push(Grid {
            title: None,
            cells: cells(dirs, &columns, make, move |cells, d| {
                cells.extend([Cell::unstyled(for_people(&d.path)), Cell::count(d.totals.files)]);
                totals_cells(cells, &d.totals, code, extras);
            }),
            columns,
            total: None,
            note: note(view.omitted.dirs, "directories"),
        });
    }
    if let Some(list) = &view.files {
        let columns = columns(&[name("File"), name("Language")], extras);
        grids.push(Grid {
            title: None,
            cells: cells(list, &columns, make, move |cells, f| {
                cells.extend([Cell::unstyled(for_people(&f.path)), Cell::unstyled(language_flagged(f))]);
                totals_cells(cells, &f.totals(), code, extras);
            }),
            columns,
            total: None,
            note: note(view.omitted.files, "files"),
        });
    }
    if let Some(skipped) = view.skipped_files.filter(|list| !list.is_empty()) {
        let columns = vec![name("Skipped file"), name("Why")];
        grids.push(Grid {
            title: None,
            cells: cells(skipped, &columns, make, move |cells, f| {
                cells.extend([Cell::unstyled(for_people(&f.path)), Cell::unstyled(words(f.why.name()))]);
            }),
            columns,
            total: None,
            note: None,
        });
    }
    grids
}

/// `too_large` as people write it.
fn words(name: &'static str) -> Cow<'static, str> {
    match name.contains('_') {
        true => Cow::Owned(name.replace('_', " ")),
        false => Cow::Borrowed(name),
    }
}

/// A file row's language, and its flags: `Python (generated)`.
fn language_flagged(f: &FileReport) -> Cow<'static, str> {
    match (f.counted.generated, f.counted.minified) {
        (false, false) => Cow::Borrowed(f.counted.language.name()),
        (true, false) => Cow::Owned(format!("{} (generated)", f.counted.language.name())),
        (false, true) => Cow::Owned(format!("{} (minified)", f.counted.language.name())),
        (true, true) => Cow::Owned(format!("{} (generated, minified)", f.counted.language.name())),
    }
}

/// Appends a change's numbers; with `wide`, its bytes and its code's growth.
fn delta_cells<K>(cells: &mut Vec<Cell>, change: &Change<K>, wide: bool) {
    let d: Delta = change.delta();
    cells.extend([d.lines, d.code, d.comments, d.blanks].map(Cell::signed));
    if wide {
        let growth = match change.old.counts.code {
            0 => Cell::unstyled("new"),
            old => {
                let pct = d.code as f64 * 100.0 / old as f64;
                let tone = Cell::signed(d.code).tone;
                Cell { tone, ..Cell::unstyled(format!("{pct:+.1}")) }
            }
        };
        cells.extend([Cell::signed(d.bytes), growth]);
    }
}

/// Changed languages with a total row, then changed directories (`diff --by-dir`), then changed
/// files when both reports listed them. Numbers
/// are new minus old; with `wide`, `Code %` is the change relative to the old code.
pub fn diff_grids(diff: &Diff, wide: bool) -> Vec<Grid<'_>> {
    let extras = Extras { wide, complexity: false };
    let language_columns = columns(&[name("Language"), name("Status"), number("Files")], extras);
    let mut total = vec![Cell::unstyled("Total"), Cell::unstyled(""), Cell::signed(diff.total.delta().files)];
    delta_cells(&mut total, &diff.total, wide);
    let mut grids = vec![Grid {
        title: None,
        cells: cells(&diff.languages, &language_columns, (1, true), move |cells, c| {
            let lead =
                [Cell::unstyled(c.key.name()), Cell::unstyled(c.status()), Cell::signed(c.delta().files)];
            cells.extend(lead);
            delta_cells(cells, c, wide);
        }),
        columns: language_columns,
        total: Some(total),
        note: note(diff.omitted.languages, "changed languages"),
    }];
    if let Some(list) = &diff.dirs {
        let columns = columns(&[name("Directory"), name("Status"), number("Files")], extras);
        grids.push(Grid {
            title: None,
            cells: cells(list, &columns, (1, true), move |cells, c| {
                let lead = [
                    Cell::unstyled(for_people(&c.key)),
                    Cell::unstyled(c.status()),
                    Cell::signed(c.delta().files),
                ];
                cells.extend(lead);
                delta_cells(cells, c, wide);
            }),
            columns,
            total: None,
            note: note(diff.omitted.dirs, "changed directories"),
        });
    }
    if let Some(list) = &diff.files {
        let columns = columns(&[name("File"), name("Language"), name("Status")], extras);
        grids.push(Grid {
            title: None,
            cells: cells(list, &columns, (1, true), move |cells, c| {
                let lead = [Cell::unstyled(for_people(&c.key.path)), Cell::unstyled(c.key.language.name())];
                cells.extend(lead.into_iter().chain([Cell::unstyled(c.status())]));
                delta_cells(cells, c, wide);
            }),
            columns,
            total: None,
            note: note(diff.omitted.files, "changed files"),
        });
    }
    grids.extend(diff.lines.as_ref().map(|lines| line_grids(lines, &diff.omitted)).into_iter().flatten());
    grids
}

const MOVES: [Column; 4] = [number("Added"), number("Removed"), number("Modified"), number("Unchanged")];

/// Appends a row per bucket of `moves`, each led by `lead` and the bucket's name; `changed` leaves
/// out buckets with nothing added, removed or modified.
fn moves_rows<'a>(cells: &mut Vec<Cell<'a>>, lead: &[Cell<'a>], moves: &LineMoves, changed: bool) {
    for (bucket, m) in moves.named().into_iter().filter(|(_, m)| !changed || m.changed()) {
        cells.extend_from_slice(lead);
        cells.push(Cell::unstyled(bucket));
        cells.extend([m.added, m.removed, m.modified, m.unchanged].map(Cell::count));
    }
}

/// Line changes between git revisions: per language and bucket with the totals, then per changed
/// file.
fn line_grids<'a>(lines: &'a LineChanges, omitted: &Omitted) -> Vec<Grid<'a>> {
    let with = |lead: &[Column]| [lead, &[name("Kind")], &MOVES[..]].concat();
    let mut rows = Vec::new();
    for (l, m) in &lines.languages {
        moves_rows(&mut rows, &[Cell::unstyled(l.name())], m, false);
    }
    moves_rows(&mut rows, &[Cell::unstyled("Total")], &lines.total, false);
    let mut files = Vec::new();
    for f in &lines.files {
        let lead = [Cell::unstyled(for_people(&f.path)), Cell::unstyled(f.language.name())];
        moves_rows(&mut files, &lead, &f.moves, true);
    }
    let (languages, per_file) = (with(&[name("Language")]), with(&[name("File"), name("Language")]));
    vec![
        Grid {
            title: Some("Lines".into()),
            cells: Rows::new(rows, languages.len()),
            columns: languages,
            total: None,
            note: note(omitted.lines_languages, "languages"),
        },
        Grid {
            title: Some("Lines per file".into()),
            cells: Rows::new(files, per_file.len()),
            columns: per_file,
            total: None,
            note: note(omitted.lines_files, "changed files"),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The width found without formatting is the number of columns the cell draws.
    #[test]
    fn width_is_the_columns_drawn() {
        let drawn = |cell: &Cell| -> usize {
            cell.parts(&mut itoa::Buffer::new()).iter().map(|part| UnicodeWidthStr::width(*part)).sum()
        };
        let mut cells =
            ["", "src/main.rs", "ünï/códe.rs", "日本/語", "tab\u{3000}"].map(Cell::unstyled).to_vec();
        let mut power = 1u64;
        for _ in 0..20 {
            cells.extend([power - 1, power, power + 1].map(Cell::count));
            let signed = power.min(i64::MAX as u64) as i64;
            cells.extend([signed - 1, signed, -signed, 1 - signed].map(Cell::signed));
            power = power.saturating_mul(10);
        }
        cells.extend([Cell::count(u64::MAX), Cell::signed(i64::MAX), Cell::signed(i64::MIN)]);
        for cell in &cells {
            assert_eq!(cell.width(), drawn(cell), "{cell:?}");
        }
    }

    #[test]
    fn one_row_left_out_is_named_in_the_singular() {
        let shown = |n, what| note(n, what).unwrap_or_default();
        assert_eq!(shown(1, "languages"), "1 more language not shown (--top)");
        assert_eq!(shown(1, "changed directories"), "1 more changed directory not shown (--top)");
        assert_eq!(shown(1, "changed files"), "1 more changed file not shown (--top)");
        assert_eq!(shown(2, "directories"), "2 more directories not shown (--top)");
        assert_eq!(note(0, "files"), None);
    }
}
