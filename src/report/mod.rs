//! What a run found: per-language totals, optional per-file rows, skipped files and per-file errors.
//! Each worker fills its own [`Report`]; they are merged once at the end. [`View`] lays a report
//! out for output; [`Diff`] compares two.

mod by_root;
mod cocomo;
mod diff;
mod dirs;
mod duplicates;
mod lines;
mod path_order;
mod recorder;
mod uloc;
mod view;
mod watch;

use std::collections::BTreeMap;
use std::io;
use std::path::PathBuf;

use crate::count::{Counts, Embedded};
use crate::lang::LangId;

pub use by_root::{RootTotals, LISTED_FILES};
pub use cocomo::{Cocomo, Estimate, ProjectType};
pub use diff::{Change, Delta, Diff, FileKey};
pub use dirs::DirTotals;
pub use duplicates::HeldFile;
pub use lines::{FileLines, FileMove, LineChanges, LineMoves, Moves};
pub use path_order::path_order;
pub use recorder::{Recorder, Recording};
pub use uloc::{Uloc, UniqueLines};
pub use view::{Omitted, RootView, Shape, SortKey, View};
pub use watch::{FileSink, Progress};

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub files: u64,
    pub bytes: u64,
    pub counts: Counts,
    /// The branch tokens in code (`--complexity`); `None` where they were not counted, so that
    /// every format shows them only when asked, and a report read back keeps them.
    pub complexity: Option<u64>,
}

impl Totals {
    pub fn add(&mut self, o: &Totals) {
        self.files += o.files;
        self.bytes += o.bytes;
        self.counts += o.counts;
        if o.complexity.is_some() {
            self.complexity = Some(self.complexity.unwrap_or(0) + o.complexity.unwrap_or(0));
        }
    }

    /// Takes out what [`Totals::add`] put in, none below zero.
    pub fn remove(&mut self, o: &Totals) {
        self.files = self.files.saturating_sub(o.files);
        self.bytes = self.bytes.saturating_sub(o.bytes);
        self.counts = self.counts.less(&o.counts);
        if let (Some(n), Some(less)) = (&mut self.complexity, o.complexity) {
            *n = n.saturating_sub(less);
        }
    }
}

/// A counted file kept as a row of the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileReport {
    pub path: PathBuf,
    pub counted: CountedFile,
}

impl FileReport {
    /// The file as a one-file total, so file rows sort and print like language rows.
    pub fn totals(&self) -> Totals {
        Totals {
            files: 1,
            bytes: self.counted.bytes,
            counts: self.counted.counts,
            complexity: self.counted.complexity,
        }
    }
}

/// A file or directory that could not be counted; the rest of the tree still is.
#[derive(Debug)]
pub struct FileError {
    pub path: PathBuf,
    pub error: io::Error,
}

/// Files looked at and deliberately left out of the counts.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Skipped {
    /// A NUL byte in the first block.
    pub binary: u64,
    /// Of no language ringloc knows: by name, then, where the name leaves it open (no extension,
    /// `.h`, ...), by content. One definition whatever `-t` says and however the file was reached
    /// (walked, named, listed with `--files-from`, followed); a file the selection leaves out
    /// (hidden, ignored, excluded, extension filters) is not looked at, so not counted here.
    pub unknown: u64,
    /// Larger than `--max-file-size`, or too many lines or bytes for `--no-large`.
    pub too_large: u64,
    /// Generated or minified, left out by `--no-generated` / `--no-minified`.
    pub generated: u64,
    pub minified: u64,
    /// The same bytes as a counted file earlier in path order, left out by `--no-duplicates`.
    pub duplicate: u64,
}

impl Skipped {
    fn slot(&mut self, skip: Skip) -> Option<&mut u64> {
        match skip {
            Skip::Binary => Some(&mut self.binary),
            Skip::Unknown => Some(&mut self.unknown),
            Skip::TooLarge => Some(&mut self.too_large),
            Skip::Generated => Some(&mut self.generated),
            Skip::Minified => Some(&mut self.minified),
            Skip::Duplicate => Some(&mut self.duplicate),
            Skip::NotSelected => None,
        }
    }
}

/// A file left out, by path: kept only where per-file rows are, so that `--by-file` can list it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedFile {
    pub path: PathBuf,
    pub why: Skip,
}

impl Skip {
    /// The word every format uses, as in JSON's `skipped`.
    pub fn name(self) -> &'static str {
        match self {
            Skip::Binary => "binary",
            Skip::Unknown => "unknown",
            Skip::TooLarge => "too_large",
            Skip::Generated => "generated",
            Skip::Minified => "minified",
            Skip::Duplicate => "duplicate",
            Skip::NotSelected => "not_selected",
        }
    }

    /// The reasons a report counts files under, in its order.
    pub const COUNTED: [Skip; 6] =
        [Skip::Binary, Skip::Unknown, Skip::TooLarge, Skip::Generated, Skip::Minified, Skip::Duplicate];

    pub fn from_name(name: &str) -> Option<Skip> {
        Skip::COUNTED.into_iter().find(|s| s.name() == name)
    }
}

/// Counted files that look generated or minified: counted, and reported apart.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Flagged {
    pub generated: u64,
    pub minified: u64,
}

impl Flagged {
    /// One counted file's flags: the report's full record and the recorder's plain path both
    /// count them here.
    #[inline(always)]
    pub(crate) fn count(&mut self, generated: bool, minified: bool) {
        self.generated += u64::from(generated);
        self.minified += u64::from(minified);
    }
}

/// Why a file was left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Skip {
    Binary,
    Unknown,
    TooLarge,
    Generated,
    Minified,
    /// The same bytes as a counted file earlier in path order (`--no-duplicates`).
    Duplicate,
    /// Its content names a language `-t` leaves out: left out as a file of such an extension is,
    /// and counted nowhere.
    NotSelected,
}

/// A counted file's figures, before its path is known: what a reader hands over, and what the
/// blob cache of `--rev` keeps to hand out again (and `history --cache` writes to a file).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CountedFile {
    pub language: LangId,
    pub bytes: u64,
    pub counts: Counts,
    /// Looks generated or minified (the report's `flagged` counts these).
    pub generated: bool,
    pub minified: bool,
    /// Lines of other languages inside the file (`<script>` in HTML, fenced code in Markdown),
    /// also counted in `counts` (tokei's JSON lists them apart); empty (no allocation) for most
    /// files and for files read back from a JSON report.
    pub embedded: Embedded,
    /// The branch tokens in its code, where `--complexity` counted them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complexity: Option<u64>,
    /// Its own distinct lines (scc's per-file `Uloc`), where `--uloc` counted them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uloc: Option<u64>,
    /// A hash of its bytes (XXH3-128), where `--no-duplicates` asked for one: files with the same
    /// size and digest are one file's copies. Never kept in a cache: a blob read again is hashed.
    /// Boxed: an inline `u128`, 16-byte aligned, took every file's outcome from 112 bytes to 144.
    #[serde(skip)]
    pub digest: Option<Box<u128>>,
}

/// What one file turned out to be, as a reader hands it over.
#[derive(Debug)]
pub enum Outcome {
    Counted(CountedFile),
    Skipped(Skip),
    Failed(io::Error),
}

#[derive(Debug, Default)]
pub struct Report {
    /// The paths the run was asked to count, in order; `--by-dir` groups files below them.
    pub roots: Vec<PathBuf>,
    pub languages: BTreeMap<LangId, Totals>,
    /// Lines of embedded languages, keyed by (the file's language, the embedded one): JSON lists
    /// them under the file's language.
    pub embedded: BTreeMap<(LangId, LangId), Counts>,
    /// Filled only when per-file results were asked for; sorted by path after the merge.
    pub files: Vec<FileReport>,
    /// `files` are in path order: set by [`Report::sort`], cleared by [`Report::record`] and
    /// [`Report::merge`]. A view in path order then takes them as they are: comparing a kernel's
    /// paths again reads memory the count left cold (~5 ms before any row is written).
    pub files_sorted: bool,
    /// The files left out, filled and sorted as `files` is.
    pub skipped_files: Vec<SkippedFile>,
    /// The files `-t` left out by their content ([`Skip::NotSelected`]), filled and sorted as
    /// `files` is but shown by no format: the binary says why for a file the user named.
    pub not_selected: Vec<PathBuf>,
    pub errors: Vec<FileError>,
    pub skipped: Skipped,
    pub flagged: Flagged,
    /// With `--by-root`: the languages of each root apart, indexed like the roots a file is recorded
    /// under. `None` otherwise, so a run without it pays nothing per file.
    pub by_root: Option<Vec<RootTotals>>,
    /// Things the user should know that are not about one file (a worker fell back to plain reads).
    pub warnings: Vec<String>,
    /// With `--uloc`: the distinct lines of the counted files, set once the run's workers end.
    /// Distinct lines do not add up, so [`Report::merge`] leaves none.
    pub uloc: Option<Uloc>,
    /// With `--no-duplicates`: the counted files, in no report total yet, until
    /// [`Report::settle_duplicates`] records them once the run's workers end.
    pub held: Vec<HeldFile>,
}

impl Report {
    /// Records one file, reached from the root with index `root` (see [`Report::by_root`]); `path` is
    /// built only when it is needed, so a counted file costs nothing extra unless per-file output is
    /// on. A run's workers record through a [`Recorder`], which also streams and shows progress.
    pub fn record(&mut self, root: usize, outcome: Outcome, keep_file: bool, path: impl FnOnce() -> PathBuf) {
        if let Outcome::Counted(file) = &outcome {
            let totals =
                Totals { files: 1, bytes: file.bytes, counts: file.counts, complexity: file.complexity };
            self.languages.entry(file.language).or_default().add(&totals);
        }
        self.record_but_languages(root, outcome, keep_file, path);
    }

    /// [`Report::record`] but a counted file's share of `languages`, which the caller adds itself
    /// (a worker's [`Recorder`] adds a run of files of one language at once).
    pub(crate) fn record_but_languages(
        &mut self,
        root: usize,
        outcome: Outcome,
        keep_file: bool,
        path: impl FnOnce() -> PathBuf,
    ) {
        match outcome {
            Outcome::Counted(counted) => {
                let CountedFile {
                    language,
                    bytes,
                    counts,
                    generated,
                    minified,
                    ref embedded,
                    complexity,
                    ..
                } = counted;
                for &(inner, c) in embedded {
                    *self.embedded.entry((language, inner)).or_default() += c;
                }
                let totals = Totals { files: 1, bytes, counts, complexity };
                if let Some(sections) = &mut self.by_root {
                    sections[root].languages.entry(language).or_default().add(&totals);
                }
                self.flagged.count(generated, minified);
                if keep_file {
                    self.files_sorted = false;
                    self.files.push(FileReport { path: path(), counted });
                }
            }
            Outcome::Skipped(Skip::NotSelected) => {
                if keep_file {
                    self.not_selected.push(path());
                }
            }
            Outcome::Skipped(skip) => {
                if let Some(n) = self.skipped.slot(skip) {
                    *n += 1;
                    if keep_file {
                        self.skipped_files.push(SkippedFile { path: path(), why: skip });
                    }
                }
            }
            Outcome::Failed(error) => self.errors.push(FileError { path: path(), error }),
        }
    }

    /// Adds `other` in: a worker's partial, or another run's report (`ringloc merge`).
    pub fn merge(&mut self, other: Report) {
        self.roots.extend(other.roots);
        for (lang, t) in other.languages {
            self.languages.entry(lang).or_default().add(&t);
        }
        for (key, c) in other.embedded {
            *self.embedded.entry(key).or_default() += c;
        }
        self.files_sorted &= other.files.is_empty();
        self.files.extend(other.files);
        self.skipped_files.extend(other.skipped_files);
        self.not_selected.extend(other.not_selected);
        self.errors.extend(other.errors);
        for skip in Skip::COUNTED {
            if let (Some(n), Some(&mut theirs)) = (self.skipped.slot(skip), { other.skipped }.slot(skip)) {
                *n += theirs;
            }
        }
        self.flagged.generated += other.flagged.generated;
        self.flagged.minified += other.flagged.minified;
        match (&mut self.by_root, other.by_root) {
            (Some(into), Some(sections)) => by_root::merge(into, sections),
            (into @ None, sections) => *into = sections,
            (Some(_), None) => {}
        }
        self.warnings.extend(other.warnings);
        self.held.extend(other.held);
        self.uloc = None;
    }

    /// Whether [`Report::merge`] can add `other` in without any count passing `u64::MAX`: the
    /// total bounds every row of a report whose rows add up to it (`merge` reads only such).
    pub fn merge_fits(&self, other: &Report) -> bool {
        let (a, b) = (self.total(), other.total());
        let counted = [
            (a.files, b.files),
            (a.bytes, b.bytes),
            (a.counts.lines, b.counts.lines),
            (a.counts.code, b.counts.code),
            (a.counts.comments, b.counts.comments),
            (a.counts.blanks, b.counts.blanks),
            (self.flagged.generated, other.flagged.generated),
            (self.flagged.minified, other.flagged.minified),
        ];
        let (mut mine, mut theirs) = (self.skipped, other.skipped);
        let skips = Skip::COUNTED
            .map(|skip| (mine.slot(skip).map_or(0, |n| *n), theirs.slot(skip).map_or(0, |n| *n)));
        counted.iter().chain(&skips).all(|&(x, y)| x.checked_add(y).is_some())
    }

    /// Puts merged results in an order that does not depend on thread timing.
    pub fn sort(&mut self) {
        self.files.sort_by(|a, b| path_order(&a.path, &b.path));
        self.files_sorted = true;
        self.skipped_files.sort_by(|a, b| path_order(&a.path, &b.path));
        self.not_selected.sort_by(|a, b| path_order(a, b));
        self.errors.sort_by(|a, b| path_order(&a.path, &b.path));
    }

    pub fn total(&self) -> Totals {
        let mut t = Totals::default();
        for v in self.languages.values() {
            t.add(v);
        }
        t
    }
}
