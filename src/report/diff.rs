//! `ringloc diff`: how two reports differ, per language and, when both kept them, per file and per
//! directory. Only rows that changed are listed; a row missing on one side counts as zero there.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};
use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Component, Path, PathBuf};

use foldhash::fast::RandomState;

use serde::Serialize;

use super::view::truncate;
use super::{DirTotals, FileReport, LineChanges, LineMoves, Omitted, Report, Shape, SortKey, Totals};
use crate::lang::LangId;

/// One row's totals before and after. `old.files == 0` means the row is new, `new.files == 0`
/// that it is gone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change<K> {
    pub key: K,
    pub old: Totals,
    pub new: Totals,
}

/// A file row's name: its path and its language on the newer side that has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileKey {
    pub path: PathBuf,
    pub language: LangId,
}

/// Signed differences, new minus old.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Delta {
    pub files: i64,
    pub lines: i64,
    pub code: i64,
    pub comments: i64,
    pub blanks: i64,
    pub bytes: i64,
}

/// `new - old`, exact where it fits an `i64`, else capped at `i64::MAX` or `-i64::MAX` (counts are
/// `u64`, and a merged report may hold sums past 2^63): [`Diff::capped`] says when one was.
fn signed(new: u64, old: u64) -> i64 {
    let exact = i128::from(new) - i128::from(old);
    i64::try_from(exact).unwrap_or(if exact > 0 { i64::MAX } else { -i64::MAX })
}

/// Whether `new - old` fits an `i64` (the cap is not exact: `-i64::MAX` is, `i64::MIN` is not
/// written).
fn fits(new: u64, old: u64) -> bool {
    (i128::from(new) - i128::from(old)).unsigned_abs() <= i64::MAX as u128
}

impl<K> Change<K> {
    pub fn delta(&self) -> Delta {
        let (o, n) = (&self.old, &self.new);
        Delta {
            files: signed(n.files, o.files),
            lines: signed(n.counts.lines, o.counts.lines),
            code: signed(n.counts.code, o.counts.code),
            comments: signed(n.counts.comments, o.counts.comments),
            blanks: signed(n.counts.blanks, o.counts.blanks),
            bytes: signed(n.bytes, o.bytes),
        }
    }

    /// Whether every column's change fits an `i64`, as [`Delta`] writes it.
    pub fn fits(&self) -> bool {
        let (o, n) = (&self.old, &self.new);
        [
            (n.files, o.files),
            (n.counts.lines, o.counts.lines),
            (n.counts.code, o.counts.code),
            (n.counts.comments, o.counts.comments),
            (n.counts.blanks, o.counts.blanks),
            (n.bytes, o.bytes),
        ]
        .into_iter()
        .all(|(n, o)| fits(n, o))
    }

    /// `added`, `removed` or `changed`: the words every format uses.
    pub fn status(&self) -> &'static str {
        match (self.old.files, self.new.files) {
            (0, _) => "added",
            (_, 0) => "removed",
            _ => "changed",
        }
    }

    /// How far this row moved in `key`, for sorting; `None` for [`SortKey::Name`].
    fn moved(&self, key: SortKey) -> Option<u64> {
        Some(key.value(&self.new)?.abs_diff(key.value(&self.old)?))
    }
}

#[derive(Debug)]
pub struct Diff {
    pub total: Change<()>,
    pub languages: Vec<Change<LangId>>,
    /// `Some` when both reports listed their files.
    pub files: Option<Vec<Change<FileKey>>>,
    /// `Some` with `diff --by-dir`, from both reports' `dirs`.
    pub dirs: Option<Vec<Change<PathBuf>>>,
    /// `Some` when two git revisions were compared: what happened to each line.
    pub lines: Option<LineChanges>,
    pub omitted: Omitted,
}

impl Diff {
    /// Compares `old` with `new`. `with_files` says both reports listed their files: without that,
    /// every file would look added or removed. Rows are ordered by how much they moved in the sort
    /// key (code by default), largest first; files by path unless a key is given.
    pub fn new(old: &Report, new: &Report, with_files: bool, shape: &Shape) -> Diff {
        let mut omitted = Omitted::default();
        let mut languages: Vec<_> = paired(&old.languages, &new.languages)
            .map(|(key, (o, n))| Change { key, old: o, new: n })
            .filter(|c| c.old != c.new)
            .collect();
        let key = shape.sort.unwrap_or(SortKey::Code);
        languages.sort_by(|a, b| by_movement(key, a, b).then_with(|| a.key.name().cmp(b.key.name())));
        omitted.languages = truncate(&mut languages, shape.top);
        let files = with_files.then(|| {
            let mut files = file_changes(&old.files, &new.files);
            let key = shape.row_key();
            files.sort_by(|a, b| by_movement(key, a, b).then_with(|| a.key.path.cmp(&b.key.path)));
            omitted.files = truncate(&mut files, shape.top);
            files
        });
        let total = Change { key: (), old: old.total(), new: new.total() };
        Diff { total, languages, files, dirs: None, lines: None, omitted }
    }

    /// Whether some row's change passed `i64::MAX` in a column and is shown capped there (see
    /// [`Change::delta`]); the binary says so.
    pub fn capped(&self) -> bool {
        let files = self.files.iter().flatten().any(|c| !c.fits());
        let dirs = self.dirs.iter().flatten().any(|c| !c.fits());
        !self.total.fits() || self.languages.iter().any(|c| !c.fits()) || files || dirs
    }

    /// Adds the directories that changed between two reports' `--by-dir` rows, ordered as files
    /// are. Rows are matched by path, so both reports should be written with the same depth.
    pub fn with_dirs(mut self, old: &[DirTotals], new: &[DirTotals], shape: &Shape) -> Diff {
        let (old, new) = (dir_map(old), dir_map(new));
        let mut dirs: Vec<_> = paired(&old, &new)
            .map(|(path, (o, n))| Change { key: path, old: o, new: n })
            .filter(|c| c.old != c.new)
            .collect();
        let key = shape.row_key();
        dirs.sort_by(|a, b| by_movement(key, a, b).then_with(|| a.key.cmp(&b.key)));
        self.omitted.dirs = truncate(&mut dirs, shape.top);
        self.dirs = Some(dirs);
        self
    }

    /// Adds the line changes between two revisions, their files' paths [`normalised`] as the
    /// files' rows are, so that one report spells a file one way (`sub/x.c`, not `./sub/x.c`).
    /// Their order stays: every path is below the same root, whose `.` is what goes. `--top N`
    /// keeps the N languages and the N files with most lines moved (added, removed or modified),
    /// still by name and by path; the total keeps every line.
    pub fn with_lines(mut self, mut lines: LineChanges, top: Option<usize>) -> Diff {
        lines.files.iter_mut().for_each(|f| f.path = normalised(&f.path));
        let mut languages: Vec<_> = std::mem::take(&mut lines.languages).into_iter().collect();
        self.omitted.lines_languages = keep_most_moved(&mut languages, top, |(_, m)| m);
        lines.languages = languages.into_iter().collect();
        self.omitted.lines_files = keep_most_moved(&mut lines.files, top, |f| &f.moves);
        self.lines = Some(lines);
        self
    }
}

/// Keeps the `top` rows with most lines moved (the earlier on a tie), in their order; returns how
/// many rows went.
fn keep_most_moved<T>(rows: &mut Vec<T>, top: Option<usize>, moves: impl Fn(&T) -> &LineMoves) -> usize {
    let Some(top) = top.filter(|&top| top < rows.len()) else {
        return 0;
    };
    let mut most: Vec<usize> = (0..rows.len()).collect();
    most.sort_by_key(|&i| std::cmp::Reverse(moves(&rows[i]).moved()));
    let mut kept = vec![false; rows.len()];
    most[..top].iter().for_each(|&i| kept[i] = true);
    let mut kept = kept.into_iter();
    rows.retain(|_| kept.next() == Some(true));
    most.len() - top
}

fn dir_map(dirs: &[DirTotals]) -> BTreeMap<PathBuf, Totals> {
    let mut map = BTreeMap::<PathBuf, Totals>::new();
    dirs.iter().for_each(|d| map.entry(normalised(&d.path)).or_default().add(&d.totals));
    map
}

/// A row's path as it is matched across reports: `./ext4/a.c`, `ext4//a.c` and `ext4/./a.c` are
/// one file, whichever way each run was asked for its root.
fn normalised(path: &Path) -> PathBuf {
    if in_normal_form(path.as_os_str().as_bytes()) {
        return path.to_path_buf();
    }
    by_components(path)
}

/// `path` taken apart into components and put together again without its `.` ones: the normal
/// form, the slow way.
fn by_components(path: &Path) -> PathBuf {
    let kept: PathBuf = path.components().filter(|c| *c != Component::CurDir).collect();
    if kept.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        kept
    }
}

/// Whether `path` is its own [`normalised`] form, as nearly every row's path is: no `.` or empty
/// component, no `/` at the end. Taken apart into components and put together again, each path
/// of `diff HEAD~10 HEAD` on benches/git-repo.sh's history cost ~3,000 instructions.
fn in_normal_form(path: &[u8]) -> bool {
    let pair = |w: &[u8]| w == b"//" || w == b"/.";
    path == b"."
        || path == b"/"
        || !path.is_empty()
            && !path.starts_with(b"./")
            && !path.ends_with(b"/")
            && !path
                .windows(2)
                .enumerate()
                .any(|(at, w)| pair(w) && (w[1] == b'/' || dot_component(path, at + 1)))
}

/// Whether the `.` at `at` is a whole component: the path ends after it or a `/` follows it.
fn dot_component(path: &[u8], at: usize) -> bool {
    matches!(path.get(at + 1), None | Some(b'/'))
}

fn by_movement<K>(key: SortKey, a: &Change<K>, b: &Change<K>) -> Ordering {
    match (a.moved(key), b.moved(key)) {
        (Some(x), Some(y)) => y.cmp(&x),
        _ => Ordering::Equal,
    }
}

/// Every key of either map with both sides' values, zero where one side lacks it.
fn paired<'a, K: Ord + Clone>(
    old: &'a BTreeMap<K, Totals>,
    new: &'a BTreeMap<K, Totals>,
) -> impl Iterator<Item = (K, (Totals, Totals))> + 'a {
    let mut both: BTreeMap<K, (Totals, Totals)> = BTreeMap::new();
    old.iter().for_each(|(k, &t)| both.entry(k.clone()).or_default().0 = t);
    new.iter().for_each(|(k, &t)| both.entry(k.clone()).or_default().1 = t);
    both.into_iter()
}

/// The files whose totals changed, matched by [`normalised`] path, in no order ([`Diff::new`]
/// sorts them); a path listed twice on one side (two roots that overlap) adds up. Keyed by the
/// paths' bytes, hashed: a `BTreeMap` of `PathBuf`s compared them component by component,
/// ~14,000 instructions a file of `diff HEAD~10 HEAD` on benches/git-repo.sh's history.
/// The files whose totals or language changed, under their newer language. A file counted in
/// another language with the same counts (`x.h` from C Header to C++ Header) moves its lines
/// between two language rows, so it has a row too, its changes zero: without it, no file row
/// accounted for the languages' changes.
fn file_changes(old: &[FileReport], new: &[FileReport]) -> Vec<Change<FileKey>> {
    type Sides = (Totals, Totals, Option<LangId>, Option<LangId>);
    let mut both: HashMap<Vec<u8>, Sides, RandomState> = HashMap::default();
    let key = |path: &Path| normalised(path).into_os_string().into_vec();
    for f in old {
        let row = both.entry(key(&f.path)).or_default();
        row.0.add(&f.totals());
        row.2.get_or_insert(f.counted.language);
    }
    for f in new {
        let row = both.entry(key(&f.path)).or_default();
        row.1.add(&f.totals());
        row.3 = Some(f.counted.language);
    }
    both.into_iter()
        .filter_map(|(path, (old, new, was, is))| {
            let path = PathBuf::from(OsString::from_vec(path));
            let moved = was.is_some() && is.is_some() && was != is;
            let change = Change { key: FileKey { path, language: is.or(was)? }, old, new };
            (change.old != change.new || moved).then_some(change)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Counts;
    use crate::test_random::{below, pick};

    /// The byte test says a path is its own normal form exactly when taking it apart into
    /// components and putting them together again gives it back: tricky paths, and 20,000 drawn
    /// from `a`, `.` and `/`. It fails with the test for `/.` at the end taken out.
    #[test]
    fn a_path_in_normal_form_is_what_its_components_make() {
        let check = |text: &str| {
            let path = Path::new(text);
            let normal = by_components(path).as_os_str().as_bytes() == text.as_bytes();
            assert_eq!(in_normal_form(text.as_bytes()), normal, "{text:?}");
            assert_eq!(normalised(path).as_os_str(), by_components(path).as_os_str(), "{text:?}");
        };
        let tricky =
            ["", ".", "./", "..", "/", "//", "a", "a/", "./a", "a/.", "a/./b", "a//b", ".a/b", "a/.b"];
        tricky.iter().for_each(|t| check(t));
        ["a/..", "/a/b", "a/b.", "a/..b", "../a", "//a", "a/.//b", "./."].iter().for_each(|t| check(t));
        let mut x = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            let len = below(&mut x, 9);
            let text: String = (0..len).map(|_| char::from(pick(&mut x, b"a./"))).collect();
            check(&text);
        }
    }

    fn report(files: &[(&str, &str, u64)]) -> Report {
        let mut r = Report::default();
        for &(path, lang, code) in files {
            let language = LangId::from_name(lang).unwrap();
            let counts = Counts { lines: code + 1, code, comments: 0, blanks: 1 };
            let outcome = super::super::Outcome::Counted(super::super::CountedFile {
                language,
                bytes: code * 4,
                counts,
                generated: false,
                minified: false,
                embedded: Vec::new(),
                complexity: None,
                uloc: None,
                digest: None,
            });
            r.record(0, outcome, true, || path.into());
        }
        r
    }

    #[test]
    fn changed_rows_only_largest_move_first() {
        let old = report(&[("a.c", "C", 10), ("b.rs", "Rust", 5), ("same.py", "Python", 3)]);
        let new = report(&[("a.c", "C", 12), ("c.rs", "Rust", 50), ("same.py", "Python", 3)]);
        let diff = Diff::new(&old, &new, true, &Shape::default());
        let langs: Vec<_> = diff.languages.iter().map(|c| (c.key.name(), c.delta().code)).collect();
        assert_eq!(langs, [("Rust", 45), ("C", 2)]);
        let files: Vec<_> = diff
            .files
            .unwrap()
            .iter()
            .map(|c| (c.key.path.display().to_string(), c.status(), c.delta().code))
            .collect();
        assert_eq!(
            files,
            [("a.c".into(), "changed", 2), ("b.rs".into(), "removed", -5), ("c.rs".into(), "added", 50)]
        );
        assert_eq!(diff.total.delta().code, 47);
        assert_eq!(diff.total.delta().files, 0);
    }

    /// A file counted in another language with the same counts has a row, under its newer
    /// language: the two language rows it moved between are otherwise accounted for by no file.
    #[test]
    fn a_file_that_changed_language_alone_has_a_row() {
        let old = report(&[("x.h", "C Header", 10), ("same.py", "Python", 3)]);
        let new = report(&[("x.h", "C++ Header", 10), ("same.py", "Python", 3)]);
        let diff = Diff::new(&old, &new, true, &Shape::default());
        let langs: Vec<_> = diff.languages.iter().map(|c| (c.key.name(), c.delta().files)).collect();
        assert_eq!(langs.len(), 2, "{langs:?}");
        let files = diff.files.unwrap();
        let rows: Vec<_> =
            files.iter().map(|c| (c.key.path.to_str().unwrap(), c.key.language.name(), c.status())).collect();
        assert_eq!(rows, [("x.h", "C++ Header", "changed")]);
        assert_eq!(files[0].delta().code, 0);
    }

    #[test]
    fn top_keeps_the_biggest_moves() {
        let old = report(&[("a.c", "C", 10), ("b.rs", "Rust", 5)]);
        let new = report(&[("a.c", "C", 11), ("b.rs", "Rust", 9)]);
        let shape = Shape { top: Some(1), ..Shape::default() };
        let diff = Diff::new(&old, &new, false, &shape);
        assert_eq!(diff.languages.len(), 1);
        assert_eq!(diff.languages[0].key.name(), "Rust");
        assert_eq!(diff.omitted.languages, 1);
        assert!(diff.files.is_none());
    }

    #[test]
    fn top_without_sort_keeps_the_files_that_moved_most() {
        let old = report(&[("a.c", "C", 10), ("z.c", "C", 10)]);
        let new = report(&[("a.c", "C", 11), ("z.c", "C", 30)]);
        let diff = Diff::new(&old, &new, true, &Shape { top: Some(1), ..Shape::default() });
        let files = diff.files.unwrap();
        assert_eq!((files.len(), files[0].key.path.as_path()), (1, Path::new("z.c")));
    }

    #[test]
    fn paths_match_however_the_root_was_written() {
        let old = report(&[("./ext4/a.c", "C", 10), ("./ext4/b.c", "C", 1)]);
        let new = report(&[("ext4/a.c", "C", 12), ("ext4//./b.c", "C", 1)]);
        let diff = Diff::new(&old, &new, true, &Shape::default());
        let files: Vec<_> =
            diff.files.unwrap().iter().map(|c| (c.key.path.display().to_string(), c.status())).collect();
        assert_eq!(files, [("ext4/a.c".into(), "changed")]);
    }

    #[test]
    fn directories_are_matched_by_path() {
        let dir = |path: &str, code| {
            let totals = report(&[("x.c", "C", code)]).total();
            DirTotals { path: path.into(), totals }
        };
        let (old, new) = (report(&[]), report(&[]));
        let diff = Diff::new(&old, &new, false, &Shape::default());
        let diff =
            diff.with_dirs(&[dir("a", 1), dir("b", 2)], &[dir("b", 3), dir("c", 4)], &Shape::default());
        let dirs: Vec<_> = diff
            .dirs
            .unwrap()
            .iter()
            .map(|c| (c.key.display().to_string(), c.status(), c.delta().code))
            .collect();
        assert_eq!(dirs, [("a".into(), "removed", -1), ("b".into(), "changed", 1), ("c".into(), "added", 4)]);
    }
}
