//! `ringloc diff OLD NEW` on two directories: `cloc --diff old/ new/`, the way a release's tarball
//! is compared with the next one's. Each tree is counted by the pipeline as a checkout is, a row per
//! file; files are matched by their path below their root (a rename is a removed file and an added
//! one), and a file on both sides in one language has its lines matched as a diff between
//! revisions matches them ([`crate::git::lines`]).

use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::{count_paths, BackendUsed, Error};
use crate::config::Config;
use crate::count::{Counts, Options};
use crate::git::lines::{all, file_moves, pair_by_path, Counted};
use crate::lang::LangId;
use crate::report::{CountedFile, FileMove, LineChanges, LineMoves, Outcome, Report};

/// Two trees counted (with a row per file, named below their root) and compared line by line.
#[derive(Debug)]
pub struct TreeDiff {
    /// How the trees were read (the io_uring fallback's reason, for the binary to say once).
    pub backend: BackendUsed,
    pub old: Report,
    pub new: Report,
    pub lines: LineChanges,
}

/// A file on both sides, in one language: its path below the roots and both sides' counts.
type Edited<'a> = (&'a Path, &'a CountedFile, &'a CountedFile);

/// Counts `old` and `new` with `config`'s selection and reading rules, and compares them.
pub fn diff_trees(old: &Path, new: &Path, config: &Config) -> Result<TreeDiff, Error> {
    let ((backend, old_report), (_, mut new_report)) = (count_below(old, config)?, count_below(new, config)?);
    let mut lines = LineChanges::default();
    let mut edited: Vec<Edited> = pair_by_path(sides(&old_report), sides(&new_report), &mut lines);
    // The longest first, as between revisions: a large file's diff started last runs alone.
    edited.sort_by_key(|(_, o, n)| std::cmp::Reverse(o.counts.lines + n.counts.lines));
    let options = config.read_rules().count;
    let mut unread = Vec::new();
    for (path, compared) in compare((old, new), &edited, options, config.worker_count(true)) {
        match compared {
            Ok((language, moves)) => {
                let file = if moves.changed() { FileMove::Modified } else { FileMove::Unchanged };
                lines.add(path, language, moves, file);
            }
            Err((root, e)) => unread.push((root.join(path), e)),
        }
    }
    lines.files.sort_by(|a, b| a.path.cmp(&b.path));
    for (path, e) in unread {
        new_report.record(0, Outcome::Failed(e), true, || path);
    }
    Ok(TreeDiff { backend, old: old_report, new: new_report, lines })
}

/// A report's files as one side of the diff.
fn sides(report: &Report) -> impl Iterator<Item = (&Path, &CountedFile)> {
    report.files.iter().map(|file| (file.path.as_path(), &file.counted))
}

impl Counted for &CountedFile {
    fn language(&self) -> LangId {
        self.language
    }
    fn counts(&self) -> Counts {
        self.counts
    }
}

/// `root` counted alone, a row per file, each file named by its path below `root`.
fn count_below(root: &Path, config: &Config) -> Result<(BackendUsed, Report), Error> {
    let config = Config {
        paths: vec![root.to_path_buf()],
        files: Vec::new(),
        by_file: true,
        by_root: false,
        ..config.clone()
    };
    let run = count_paths(&config)?;
    let mut report = run.report;
    for file in &mut report.files {
        if let Ok(below) = file.path.strip_prefix(root) {
            file.path = below.to_path_buf();
        }
    }
    Ok((run.backend, report))
}

/// What comparing one file gave: its language and line moves, or the root whose copy could not
/// be read again and why.
type Compared<'r> = Result<(LangId, LineMoves), (&'r Path, io::Error)>;

/// The files on both sides read again and their lines matched, on `threads` threads. A file that
/// cannot be read again (removed since it was counted) is an error of the new report's, its lines
/// in no bucket.
fn compare<'a, 'r>(
    (old, new): (&'r Path, &'r Path),
    edited: &[Edited<'a>],
    options: Options,
    threads: usize,
) -> Vec<(&'a Path, Compared<'r>)> {
    let next = AtomicUsize::new(0);
    let found = Mutex::new(Vec::with_capacity(edited.len()));
    let work = || {
        let mut mine = Vec::new();
        while let Some(&(path, o, n)) = edited.get(next.fetch_add(1, Ordering::Relaxed)) {
            let read = |root: &'r Path| std::fs::read(root.join(path)).map_err(|e| (root, e));
            let compared = read(old).and_then(|a| Ok((a, read(new)?))).map(|(a, b)| {
                let moves = match a == b {
                    true => all(n.counts, |m| &mut m.unchanged),
                    false => file_moves(n.language, ((o.counts, &a), (n.counts, &b)), options),
                };
                (n.language, moves)
            });
            mine.push((path, compared));
        }
        found.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).extend(mine);
    };
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, edited.len().max(1)) {
            scope.spawn(work);
        }
    });
    found.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner())
}
