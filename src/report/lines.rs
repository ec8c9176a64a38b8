//! Line-level changes between two revisions, as `cloc --diff` reports them: each line of the new
//! side is unchanged, modified or added, each old line with no counterpart removed, in the
//! bucket (code, comments, blanks) the line has on its side.

use std::collections::BTreeMap;
use std::ops::AddAssign;
use std::path::PathBuf;

use serde::Serialize;

use crate::count::Bucket;
use crate::lang::LangId;

/// Lines of one bucket by what happened to them.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Moves {
    pub added: u64,
    pub removed: u64,
    pub modified: u64,
    pub unchanged: u64,
}

impl AddAssign for Moves {
    fn add_assign(&mut self, o: Moves) {
        self.added += o.added;
        self.removed += o.removed;
        self.modified += o.modified;
        self.unchanged += o.unchanged;
    }
}

impl Moves {
    /// Anything but unchanged lines.
    pub fn changed(&self) -> bool {
        self.added + self.removed + self.modified > 0
    }
}

/// [`Moves`] per bucket.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LineMoves {
    pub code: Moves,
    pub comments: Moves,
    pub blanks: Moves,
}

impl AddAssign for LineMoves {
    fn add_assign(&mut self, o: LineMoves) {
        self.code += o.code;
        self.comments += o.comments;
        self.blanks += o.blanks;
    }
}

impl LineMoves {
    pub fn bucket(&mut self, bucket: Bucket) -> &mut Moves {
        match bucket {
            Bucket::Code => &mut self.code,
            Bucket::Comments => &mut self.comments,
            Bucket::Blanks => &mut self.blanks,
        }
    }

    pub fn changed(&self) -> bool {
        self.code.changed() || self.comments.changed() || self.blanks.changed()
    }

    /// Lines added, removed or modified, in every bucket.
    pub fn moved(&self) -> u64 {
        [self.code, self.comments, self.blanks].iter().map(|m| m.added + m.removed + m.modified).sum()
    }

    /// The buckets with their names, in output order.
    pub fn named(&self) -> [(&'static str, &Moves); 3] {
        [("code", &self.code), ("comments", &self.comments), ("blanks", &self.blanks)]
    }
}

/// A file whose lines changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileLines {
    pub path: PathBuf,
    pub language: LangId,
    pub moves: LineMoves,
}

/// What happened to a file as a whole, as `cloc --diff` counts files (its `nFiles`): on one side
/// only, or on both with its lines changed or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileMove {
    Added,
    Removed,
    Modified,
    Unchanged,
}

/// Line changes per language (unchanged files included, as unchanged lines) and per changed file.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LineChanges {
    pub total: LineMoves,
    pub languages: BTreeMap<LangId, LineMoves>,
    /// Files per language by [`FileMove`], each field a number of files; every language, whatever
    /// `--top` keeps of `languages`.
    pub file_moves: BTreeMap<LangId, Moves>,
    /// Sorted by path; only files with a line added, removed or modified.
    pub files: Vec<FileLines>,
}

impl LineChanges {
    /// Adds one file's lines under `language`, and the file as `file`.
    pub fn add(&mut self, path: &std::path::Path, language: LangId, moves: LineMoves, file: FileMove) {
        self.total += moves;
        *self.languages.entry(language).or_default() += moves;
        let files = self.file_moves.entry(language).or_default();
        *match file {
            FileMove::Added => &mut files.added,
            FileMove::Removed => &mut files.removed,
            FileMove::Modified => &mut files.modified,
            FileMove::Unchanged => &mut files.unchanged,
        } += 1;
        if moves.changed() {
            self.files.push(FileLines { path: path.to_path_buf(), language, moves });
        }
    }

    /// Files of every language by [`FileMove`].
    pub fn total_files(&self) -> Moves {
        let mut total = Moves::default();
        self.file_moves.values().for_each(|&m| total += m);
        total
    }
}
