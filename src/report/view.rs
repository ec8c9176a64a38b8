//! What of a [`Report`] to show: which breakdowns, in which order, how many rows. Every output
//! format renders a [`View`], so `--sort`, `--top`, `--by-file` and `--by-dir` mean the same in all.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

use super::dirs::{by_dir, DirTotals};
use super::path_order::path_order;
use super::{Cocomo, FileError, FileReport, Flagged, Report, Skipped, SkippedFile, Totals, Uloc};
use crate::count::Counts;
use crate::lang::LangId;

/// The column rows are ordered by. Numbers sort largest first and names ascending; ties fall back
/// to the name so that the order never depends on thread timing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortKey {
    Files,
    Lines,
    Code,
    Comments,
    Blanks,
    Bytes,
    /// Rows without complexity (a report counted without `--complexity`) compare as zero.
    Complexity,
    Name,
}

impl SortKey {
    /// `None` for [`SortKey::Name`], which has no number to compare.
    pub fn value(self, t: &Totals) -> Option<u64> {
        let c = t.counts;
        match self {
            SortKey::Files => Some(t.files),
            SortKey::Lines => Some(c.lines),
            SortKey::Code => Some(c.code),
            SortKey::Comments => Some(c.comments),
            SortKey::Blanks => Some(c.blanks),
            SortKey::Bytes => Some(t.bytes),
            SortKey::Complexity => Some(t.complexity.unwrap_or(0)),
            SortKey::Name => None,
        }
    }
}

/// Which rows to show and how: the output flags, free of clap.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shape {
    /// `None`: languages by code, files and directories by path.
    pub sort: Option<SortKey>,
    /// Keep only the first N rows of each list (languages, files, directories); totals stay whole.
    pub top: Option<usize>,
    pub by_file: bool,
    /// Per-directory totals, each file added to its ancestor this many levels below its root.
    pub by_dir: Option<usize>,
    /// Each root's languages apart (the report must have kept them: [`Report::by_root`]).
    pub by_root: bool,
    /// The format lists each language's files under it (tokei's and scc's JSON): `top` cuts the
    /// languages only, so that each language kept lists every file it counts.
    pub nested_files: bool,
}

impl Shape {
    /// Whether the run must keep a row per file for this shape.
    pub fn needs_files(&self) -> bool {
        self.by_file || self.by_dir.is_some()
    }

    /// How file and directory rows are ordered: by `--sort`; else, when `--top` cuts them, most code
    /// first, so that the N kept are the N largest; else by path.
    pub fn row_key(&self) -> SortKey {
        match (self.sort, self.top) {
            (Some(key), _) => key,
            (None, Some(_)) => SortKey::Code,
            (None, None) => SortKey::Name,
        }
    }
}

/// How many rows `--top` left out of each list, so every format can say so.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Omitted {
    pub languages: usize,
    pub files: usize,
    pub dirs: usize,
    /// A revision diff's line changes: its languages and its files.
    pub lines_languages: usize,
    pub lines_files: usize,
}

impl Omitted {
    pub fn is_empty(&self) -> bool {
        *self == Omitted::default()
    }
}

/// One root's section of a `--by-root` report. Its languages are never cut by `--top`: a section is
/// whole, so it always adds up to its total.
#[derive(Debug)]
pub struct RootView<'a> {
    pub path: &'a Path,
    pub total: Totals,
    pub languages: Vec<(LangId, Totals)>,
}

/// A report laid out for output. `total` always covers everything, whatever `--top` left out.
#[derive(Debug)]
pub struct View<'a> {
    pub roots: &'a [PathBuf],
    pub total: Totals,
    pub languages: Vec<(LangId, Totals)>,
    /// Lines of embedded languages, by (file language, embedded language).
    pub embedded: &'a BTreeMap<(LangId, LangId), Counts>,
    /// `Some` with `--by-file` (possibly empty).
    pub files: Option<Vec<&'a FileReport>>,
    /// `files` are in path order (neither `--sort` nor `--top`): a format that orders them
    /// otherwise, with ties by path, need not sort them by path first.
    pub files_by_path: bool,
    /// `Some` with `--by-file`: the files left out, by path, never cut by `--top`.
    pub skipped_files: Option<&'a [SkippedFile]>,
    /// `Some` with `--by-dir`.
    pub dirs: Option<Vec<DirTotals>>,
    /// `Some` with `--by-root`: roots in the order given, or by `--sort`.
    pub by_root: Option<Vec<RootView<'a>>>,
    pub omitted: Omitted,
    pub errors: &'a [FileError],
    pub skipped: Skipped,
    pub flagged: Flagged,
    /// Threads a format may write its rows on (1 from [`View::new`]; the binary gives its cores).
    pub threads: usize,
    /// `--cocomo`: the model the formats that show an estimate (table, json, yaml) apply to
    /// `total`'s code (`None` from [`View::new`]; the binary gives its flags').
    pub cocomo: Option<Cocomo>,
    /// `--currency-symbol`: what the table writes before the estimate's cost (`$` from
    /// [`View::new`]); json and yaml give the cost as a number only.
    pub currency: &'a str,
    /// The report's distinct lines (`--uloc`), over the whole run whatever `--top` leaves out.
    pub uloc: Option<&'a Uloc>,
    /// `--dryness`: the table shows the unique lines' share of `total`'s lines too (json and yaml
    /// always do); false from [`View::new`].
    pub dryness: bool,
}

impl<'a> View<'a> {
    pub fn new(report: &'a Report, shape: &Shape) -> View<'a> {
        let mut omitted = Omitted::default();
        let key = shape.sort.unwrap_or(SortKey::Code);
        let mut languages = sorted_languages(&report.languages, key);
        let by_name = shape.sort == Some(SortKey::Name);
        if by_name {
            fold_case(&mut languages, |(id, _)| Path::new(id.name()));
        }
        omitted.languages = truncate(&mut languages, shape.top);
        let by_root = report.by_root.as_ref().filter(|_| shape.by_root).map(|sections| {
            let mut roots: Vec<RootView> = sections
                .iter()
                .map(|s| RootView {
                    path: &s.path,
                    total: s.total(),
                    languages: sorted_languages(&s.languages, key),
                })
                .collect();
            if let Some(key) = shape.sort {
                roots.sort_by(|a, b| compare_paths(key, &a.total, a.path, &b.total, b.path));
            }
            if by_name {
                fold_case(&mut roots, |r| r.path);
            }
            roots
        });

        let key = shape.row_key();
        // File rows by path (neither --sort nor --top) are a sorted report's files as they are.
        let files_by_path = shape.by_file && key == SortKey::Name && !by_name;
        let files = shape.by_file.then(|| {
            let mut files: Vec<&FileReport> = report.files.iter().collect();
            if !(files_by_path && report.files_sorted) {
                files.sort_by(|a, b| compare_paths(key, &a.totals(), &a.path, &b.totals(), &b.path));
            }
            // `files_sorted` is a public field: the tests' builds check that no caller left it set
            // on files pushed after the sort.
            debug_assert!(
                !report.files_sorted
                    || report.files.windows(2).all(|w| path_order(&w[0].path, &w[1].path).is_le()),
                "Report::files_sorted is set on files out of path order"
            );
            if by_name {
                fold_case(&mut files, |f| &f.path);
            }
            if !shape.nested_files {
                omitted.files = truncate(&mut files, shape.top);
            }
            files
        });
        let dirs = shape.by_dir.map(|depth| {
            let mut dirs = by_dir(&report.files, &report.roots, depth);
            dirs.sort_by(|a, b| compare_paths(key, &a.totals, &a.path, &b.totals, &b.path));
            if by_name {
                fold_case(&mut dirs, |d| &d.path);
            }
            omitted.dirs = truncate(&mut dirs, shape.top);
            dirs
        });
        View {
            roots: &report.roots,
            total: report.total(),
            languages,
            embedded: &report.embedded,
            files,
            files_by_path,
            skipped_files: shape.by_file.then_some(report.skipped_files.as_slice()),
            dirs,
            by_root,
            omitted,
            errors: &report.errors,
            skipped: report.skipped,
            flagged: report.flagged,
            threads: 1,
            cocomo: None,
            currency: "$",
            uloc: report.uloc.as_ref(),
            dryness: false,
        }
    }
}

fn sorted_languages(languages: &BTreeMap<LangId, Totals>, key: SortKey) -> Vec<(LangId, Totals)> {
    let mut out: Vec<_> = languages.iter().map(|(&l, &t)| (l, t)).collect();
    out.sort_by(|a, b| compare(key, &a.1, a.0.name(), &b.1, b.0.name()));
    out
}

/// Orders by `key` (numbers largest first), then by name.
fn compare(key: SortKey, a: &Totals, a_name: &str, b: &Totals, b_name: &str) -> Ordering {
    by_value(key, a, b).then_with(|| a_name.cmp(b_name))
}

/// [`compare`] for rows named by a path.
fn compare_paths(key: SortKey, a: &Totals, a_path: &Path, b: &Totals, b_path: &Path) -> Ordering {
    by_value(key, a, b).then_with(|| path_order(a_path, b_path))
}

fn by_value(key: SortKey, a: &Totals, b: &Totals) -> Ordering {
    match (key.value(a), key.value(b)) {
        (Some(x), Some(y)) => y.cmp(&x),
        _ => Ordering::Equal,
    }
}

/// `--sort name` ignores ASCII case, as people read a list of names (`cmake` next to `CMake`). The
/// rows come sorted exactly and this sort is stable, so names equal but for case keep that order.
fn fold_case<T>(rows: &mut [T], name: impl Fn(&T) -> &Path) {
    rows.sort_by_cached_key(|row| {
        PathBuf::from(OsString::from_vec(name(row).as_os_str().as_bytes().to_ascii_lowercase()))
    });
}

/// Cuts `rows` to `top` and says how many were cut.
pub fn truncate<T>(rows: &mut Vec<T>, top: Option<usize>) -> usize {
    let keep = top.unwrap_or(usize::MAX).min(rows.len());
    let cut = rows.len() - keep;
    rows.truncate(keep);
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{CountedFile, Outcome};

    /// A one-line C file.
    fn file() -> CountedFile {
        CountedFile {
            language: LangId::from_name("C").unwrap(),
            bytes: 1,
            counts: Counts { lines: 1, code: 1, comments: 0, blanks: 0 },
            generated: false,
            minified: false,
            embedded: Vec::new(),
            complexity: None,
            uloc: None,
            digest: None,
        }
    }

    fn paths(view: &View) -> Vec<PathBuf> {
        view.files.iter().flatten().map(|f| f.path.clone()).collect()
    }

    /// A sorted report's files are taken as they are; one whose files came after its sort, or
    /// were never sorted, is sorted by the view: both give the order a sort gives.
    #[test]
    fn files_by_path_are_sorted_once_whoever_sorts_them() {
        let mut report = Report::default();
        for path in ["b/x.c", "a.c", "a/b.c", "a-b.c"] {
            report.record(0, Outcome::Counted(file()), true, || path.into());
        }
        let shape = Shape { by_file: true, ..Shape::default() };
        let unsorted = paths(&View::new(&report, &shape));
        report.sort();
        assert!(report.files_sorted && View::new(&report, &shape).files_by_path);
        let sorted = paths(&View::new(&report, &shape));
        assert_eq!(unsorted, sorted);
        assert_eq!(sorted, ["a/b.c", "a-b.c", "a.c", "b/x.c"].map(PathBuf::from));
        report.record(0, Outcome::Counted(file()), true, || "0.c".into());
        assert!(!report.files_sorted);
        assert_eq!(paths(&View::new(&report, &shape))[0], PathBuf::from("0.c"));
        let by_code = Shape { sort: Some(SortKey::Code), ..shape };
        assert!(!View::new(&report, &by_code).files_by_path);
    }

    /// A file pushed past `record` after the sort leaves the flag set on files out of order: the
    /// test builds (debug assertions on) say so rather than write the rows in that order.
    #[test]
    #[cfg_attr(not(debug_assertions), ignore = "checks a debug assertion, which this profile leaves out")]
    #[should_panic(expected = "files_sorted is set on files out of path order")]
    fn a_stale_sorted_flag_is_caught() {
        let mut report = Report::default();
        for path in ["b.c", "a.c"] {
            report.record(0, Outcome::Counted(file()), true, || path.into());
        }
        report.sort();
        let mut stale = report.files[0].clone();
        stale.path = "0.c".into();
        report.files.push(stale);
        View::new(&report, &Shape { by_file: true, ..Shape::default() });
    }
}
