//! The JSON documents, as serde types shared by the writers (`json`, `ndjson`) and the reader
//! (`merge`, `diff`). docs/json-schema.md describes them and docs/ringloc.schema.json checks them;
//! a change here that is not an added optional field needs a new [`SCHEMA_VERSION`].

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::count::Counts;
use crate::lang::LangId;
use crate::output::cocomo::CocomoDoc;
use crate::output::paths::{decode_base64, escaped, escaped_bytes, raw_base64};
use crate::output::stats::StatsDoc;
use crate::output::uloc::UlocDoc;
use crate::report::{
    Change, Delta, DirTotals, FileError, FileReport, Flagged, LineChanges, LineMoves, Omitted, RootView,
    Skipped, SkippedFile, Totals,
};

pub const SCHEMA_VERSION: u32 = 1;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TotalsDoc {
    pub files: u64,
    pub lines: u64,
    pub code: u64,
    pub comments: u64,
    pub blanks: u64,
    pub bytes: u64,
    /// The branch tokens in code, where `--complexity` counted them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complexity: Option<u64>,
}

impl From<&Totals> for TotalsDoc {
    fn from(t: &Totals) -> Self {
        let c = t.counts;
        TotalsDoc {
            files: t.files,
            lines: c.lines,
            code: c.code,
            comments: c.comments,
            blanks: c.blanks,
            bytes: t.bytes,
            complexity: t.complexity,
        }
    }
}

impl From<&TotalsDoc> for Totals {
    fn from(t: &TotalsDoc) -> Self {
        let counts =
            crate::count::Counts { lines: t.lines, code: t.code, comments: t.comments, blanks: t.blanks };
        Totals { files: t.files, bytes: t.bytes, counts, complexity: t.complexity }
    }
}

/// A path as text (`\xNN` for bytes that are not UTF-8) and, only then, its exact bytes in base64.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PathDoc {
    pub path: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_bytes: Option<String>,
}

impl PathDoc {
    pub fn new(path: &Path) -> PathDoc {
        PathDoc { path: escaped(path).into_owned(), path_bytes: raw_base64(path) }
    }

    /// The exact path back: from `path_bytes` when present, else from `path`.
    pub fn to_path(&self) -> Result<PathBuf, String> {
        use std::os::unix::ffi::OsStringExt;
        match &self.path_bytes {
            None => Ok(PathBuf::from(&self.path)),
            Some(b64) => decode_base64(b64)
                .map(|bytes| PathBuf::from(std::ffi::OsString::from_vec(bytes)))
                .ok_or_else(|| format!("bad path_bytes for '{}'", self.path)),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LanguageDoc {
    pub name: String,
    #[serde(flatten)]
    pub totals: TotalsDoc,
    /// Other languages inside this language's files (already in its own counts).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub embedded: Vec<EmbeddedDoc>,
}

/// One embedded language's lines within a language's files.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EmbeddedDoc {
    pub name: String,
    pub lines: u64,
    pub code: u64,
    pub comments: u64,
    pub blanks: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FileDoc {
    #[serde(flatten)]
    pub path: PathDoc,
    pub language: String,
    pub lines: u64,
    pub code: u64,
    pub comments: u64,
    pub blanks: u64,
    pub bytes: u64,
    /// The branch tokens in code, where `--complexity` counted them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complexity: Option<u64>,
    /// The file's own distinct lines, where `--uloc` counted them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uloc: Option<u64>,
    /// `generated`, `minified`: counted, and flagged. Absent when neither.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<String>,
}

impl FileDoc {
    pub fn generated(&self) -> bool {
        self.flags.iter().any(|f| f == "generated")
    }

    pub fn minified(&self) -> bool {
        self.flags.iter().any(|f| f == "minified")
    }
}

/// A [`FileDoc`] as written: borrowed from the report, so that writing a row allocates nothing
/// (a path that is not UTF-8 excepted).
#[derive(Debug, Clone, Serialize)]
pub struct FileRow<'a> {
    /// The path's escaped text ([`escaped`]) as bytes: a path that is ASCII is its own text, so
    /// its UTF-8 need not be checked.
    #[serde(serialize_with = "text")]
    pub path: Cow<'a, [u8]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path_bytes: Option<String>,
    pub language: &'static str,
    pub lines: u64,
    pub code: u64,
    pub comments: u64,
    pub blanks: u64,
    pub bytes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complexity: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uloc: Option<u64>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub flags: &'static [&'static str],
}

impl<'a> From<&'a FileReport> for FileRow<'a> {
    fn from(f: &'a FileReport) -> Self {
        let c = f.counted.counts;
        let flags: &[&str] = match (f.counted.generated, f.counted.minified) {
            (false, false) => &[],
            (true, false) => &["generated"],
            (false, true) => &["minified"],
            (true, true) => &["generated", "minified"],
        };
        let path = escaped_bytes(&f.path);
        // Only a path that is not UTF-8 had to be escaped, and only such a path has its bytes too.
        let path_bytes = match path {
            Cow::Borrowed(_) => None,
            Cow::Owned(_) => raw_base64(&f.path),
        };
        FileRow {
            path,
            path_bytes,
            language: f.counted.language.name(),
            lines: c.lines,
            code: c.code,
            comments: c.comments,
            blanks: c.blanks,
            bytes: f.counted.bytes,
            complexity: f.counted.complexity,
            uloc: f.counted.uloc,
            flags,
        }
    }
}

/// Serializes text held as its bytes, which are UTF-8 ([`FileRow::path`]).
fn text<S: serde::Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&String::from_utf8_lossy(bytes))
}

/// A file of the report, made its [`FileRow`] only as it is written: writers that format their
/// rows on several threads make each row there.
#[derive(Debug, Clone, Copy)]
pub struct FileRef<'a>(pub &'a FileReport);

impl Serialize for FileRef<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        FileRow::from(self.0).serialize(s)
    }
}

/// A file left out (`--by-file`), and why: one of the `skipped` field names.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SkippedFileDoc {
    #[serde(flatten)]
    pub path: PathDoc,
    pub reason: String,
}

impl From<&SkippedFile> for SkippedFileDoc {
    fn from(f: &SkippedFile) -> Self {
        SkippedFileDoc { path: PathDoc::new(&f.path), reason: f.why.name().to_string() }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DirDoc {
    #[serde(flatten)]
    pub path: PathDoc,
    #[serde(flatten)]
    pub totals: TotalsDoc,
}

impl From<&DirTotals> for DirDoc {
    fn from(d: &DirTotals) -> Self {
        DirDoc { path: PathDoc::new(&d.path), totals: (&d.totals).into() }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ErrorDoc {
    #[serde(flatten)]
    pub path: PathDoc,
    pub error: String,
}

impl From<&FileError> for ErrorDoc {
    fn from(e: &FileError) -> Self {
        ErrorDoc { path: PathDoc::new(&e.path), error: e.error.to_string() }
    }
}

/// Files left out. The fields after `unknown` came later: reports without them read as zero.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SkippedDoc {
    pub binary: u64,
    pub unknown: u64,
    #[serde(default)]
    pub too_large: u64,
    #[serde(default)]
    pub generated: u64,
    #[serde(default)]
    pub minified: u64,
    #[serde(default)]
    pub duplicate: u64,
}

impl From<Skipped> for SkippedDoc {
    fn from(s: Skipped) -> Self {
        SkippedDoc {
            binary: s.binary,
            unknown: s.unknown,
            too_large: s.too_large,
            generated: s.generated,
            minified: s.minified,
            duplicate: s.duplicate,
        }
    }
}

impl From<&SkippedDoc> for Skipped {
    fn from(s: &SkippedDoc) -> Self {
        Skipped {
            binary: s.binary,
            unknown: s.unknown,
            too_large: s.too_large,
            generated: s.generated,
            minified: s.minified,
            duplicate: s.duplicate,
        }
    }
}

/// Counted files that look generated or minified.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FlaggedDoc {
    pub generated: u64,
    pub minified: u64,
}

impl From<Flagged> for FlaggedDoc {
    fn from(f: Flagged) -> Self {
        FlaggedDoc { generated: f.generated, minified: f.minified }
    }
}

impl From<&FlaggedDoc> for Flagged {
    fn from(f: &FlaggedDoc) -> Self {
        Flagged { generated: f.generated, minified: f.minified }
    }
}

/// One root's section (`--by-root`): its path as `root` (and `root_bytes` when it is not UTF-8),
/// its total and its languages, most code first.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RootDoc {
    pub root: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root_bytes: Option<String>,
    pub total: TotalsDoc,
    pub languages: Vec<LanguageDoc>,
}

impl RootDoc {
    pub fn new(root: &RootView) -> RootDoc {
        let PathDoc { path, path_bytes } = PathDoc::new(root.path);
        RootDoc {
            root: path,
            root_bytes: path_bytes,
            total: (&root.total).into(),
            languages: languages(&root.languages, &BTreeMap::new()),
        }
    }

    /// The exact root path back, as [`PathDoc::to_path`] does.
    pub fn to_path(&self) -> Result<PathBuf, String> {
        PathDoc { path: self.root.clone(), path_bytes: self.root_bytes.clone() }.to_path()
    }
}

pub fn languages(
    list: &[(LangId, Totals)],
    embedded: &BTreeMap<(LangId, LangId), Counts>,
) -> Vec<LanguageDoc> {
    list.iter()
        .map(|&(l, t)| LanguageDoc {
            name: l.name().to_string(),
            totals: (&t).into(),
            embedded: embedded
                .range((l, LangId(0))..=(l, LangId(u16::MAX)))
                .map(|(&(_, inner), c)| EmbeddedDoc {
                    name: inner.name().to_string(),
                    lines: c.lines,
                    code: c.code,
                    comments: c.comments,
                    blanks: c.blanks,
                })
                .collect(),
        })
        .collect()
}

/// Rows `--top` left out. Written only when some were; a report with it cannot be merged.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct OmittedDoc {
    #[serde(default)]
    pub languages: usize,
    #[serde(default)]
    pub files: usize,
    #[serde(default)]
    pub dirs: usize,
    /// A revision diff's `lines`: its `languages` and its `files`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lines_languages: usize,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lines_files: usize,
}

impl OmittedDoc {
    pub fn new(o: &Omitted) -> Option<OmittedDoc> {
        (!o.is_empty()).then_some(OmittedDoc {
            languages: o.languages,
            files: o.files,
            dirs: o.dirs,
            lines_languages: o.lines_languages,
            lines_files: o.lines_files,
        })
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// `--format json`: one document per run. Also the summary record of `--format ndjson`, without
/// `files` and `dirs`. Read with [`FileDoc`] rows, written with [`FileRef`]s.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound(deserialize = "F: Deserialize<'de>"))]
pub struct ReportDoc<F = FileDoc> {
    /// Reports written before the field existed had the same shape as version 1.
    #[serde(default = "first_version")]
    pub schema_version: u32,
    /// Set only by `ringloc diff`; a report has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default)]
    pub roots: Vec<PathDoc>,
    pub total: TotalsDoc,
    pub languages: Vec<LanguageDoc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<F>>,
    /// With `--by-file`; reports written before it have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skipped_files: Option<Vec<SkippedFileDoc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dirs: Option<Vec<DirDoc>>,
    /// With `--by-root`; added in version 1, so older reports have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_root: Option<Vec<RootDoc>>,
    pub errors: Vec<ErrorDoc>,
    pub skipped: SkippedDoc,
    /// Reports written before flagging read as none flagged.
    #[serde(default)]
    pub flagged: FlaggedDoc,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub omitted: Option<OmittedDoc>,
    /// With `--stats`: figures about the run that wrote the report, not about the tree, so never
    /// read back (`merge` sums trees).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsDoc>,
    /// With `--cocomo`: the estimate of `total`'s code, so never read back (`merge` counts nothing
    /// to estimate).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub cocomo: Option<CocomoDoc>,
    /// With `--uloc`: the distinct lines of the run that wrote the report, never read back
    /// (distinct lines do not add up, so `merge` could not sum them).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub uloc: Option<UlocDoc>,
}

fn first_version() -> u32 {
    1
}

/// One row of a diff: both sides' totals and the change, new minus old. The total row has no
/// status.
#[derive(Debug, Clone, Serialize)]
pub struct ChangeDoc {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<&'static str>,
    pub old: TotalsDoc,
    pub new: TotalsDoc,
    pub change: Delta,
}

impl<K> From<&Change<K>> for ChangeDoc {
    fn from(c: &Change<K>) -> Self {
        ChangeDoc { status: Some(c.status()), old: (&c.old).into(), new: (&c.new).into(), change: c.delta() }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct LanguageChangeDoc {
    pub name: &'static str,
    #[serde(flatten)]
    pub change: ChangeDoc,
}

#[derive(Debug, Clone, Serialize)]
pub struct FileChangeDoc {
    #[serde(flatten)]
    pub path: PathDoc,
    pub language: &'static str,
    #[serde(flatten)]
    pub change: ChangeDoc,
}

#[derive(Debug, Clone, Serialize)]
pub struct DirChangeDoc {
    #[serde(flatten)]
    pub path: PathDoc,
    #[serde(flatten)]
    pub change: ChangeDoc,
}

/// `ringloc diff --format json`.
#[derive(Debug, Clone, Serialize)]
pub struct DiffDoc {
    pub schema_version: u32,
    pub kind: &'static str,
    pub total: ChangeDoc,
    pub languages: Vec<LanguageChangeDoc>,
    /// With `diff --by-dir`; also in the ndjson summary, as directories are few.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dirs: Option<Vec<DirChangeDoc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<FileChangeDoc>>,
    /// Between git revisions: lines added, removed, modified and unchanged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<LinesDoc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub omitted: Option<OmittedDoc>,
}

/// A diff's line changes: per bucket (`code`, `comments`, `blanks`), lines `added`, `removed`,
/// `modified` and `unchanged`.
#[derive(Debug, Clone, Serialize)]
pub struct LinesDoc {
    pub total: LineMoves,
    pub languages: Vec<LanguageLinesDoc>,
    /// Files with a line added, removed or modified (the ndjson summary leaves them out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<FileLinesDoc>>,
}

#[derive(Debug, Clone, Serialize)]
pub struct LanguageLinesDoc {
    pub name: &'static str,
    #[serde(flatten)]
    pub moves: LineMoves,
}

#[derive(Debug, Clone, Serialize)]
pub struct FileLinesDoc {
    #[serde(flatten)]
    pub path: PathDoc,
    pub language: &'static str,
    #[serde(flatten)]
    pub moves: LineMoves,
}

impl LinesDoc {
    pub fn new(lines: &LineChanges) -> LinesDoc {
        LinesDoc {
            total: lines.total,
            languages: lines
                .languages
                .iter()
                .map(|(l, m)| LanguageLinesDoc { name: l.name(), moves: *m })
                .collect(),
            files: Some(
                lines
                    .files
                    .iter()
                    .map(|f| FileLinesDoc {
                        path: PathDoc::new(&f.path),
                        language: f.language.name(),
                        moves: f.moves,
                    })
                    .collect(),
            ),
        }
    }
}
