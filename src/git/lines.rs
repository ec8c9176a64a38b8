//! Line-level changes between two trees (`cloc --diff` semantics). Files are matched by path (a
//! rename is a removed file and an added one). A file added or removed moves all its lines, as its
//! count says; a file on both sides has its lines matched ([`super::line_diff`]).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::blobs::{BlobCache, BlobOutcome};
use super::line_diff::diff_lines;
use super::packed::BlobReader;
use super::tree::{TreeFile, TreeListing};
use super::{on_threads, GitError, Repo, Store};
use crate::config::Config;
use crate::count::{Counts, Options};
use crate::lang::LangId;
use crate::report::{FileMove, LineChanges, LineMoves, Moves};

/// A counted file on one side: its blob and what it counted as.
#[derive(Clone, Copy)]
struct Side<'a> {
    file: &'a TreeFile,
    language: LangId,
    counts: Counts,
}

fn counted<'a>(file: &'a TreeFile, cache: &BlobCache) -> Option<Side<'a>> {
    match cache.get(file)? {
        BlobOutcome::Counted(counted) => {
            Some(Side { file, language: counted.language, counts: counted.counts })
        }
        _ => None,
    }
}

/// Every line of `counts` moved the same way (`pick` chooses the field).
pub(crate) fn all(counts: Counts, pick: fn(&mut Moves) -> &mut u64) -> LineMoves {
    let mut moves = LineMoves::default();
    *pick(&mut moves.code) = counts.code;
    *pick(&mut moves.comments) = counts.comments;
    *pick(&mut moves.blanks) = counts.blanks;
    moves
}

/// A file on both sides, changed: its path and both sides.
type Edited<'a> = (&'a Path, Side<'a>, Side<'a>);

/// What a diff knows of a file on one side: its language and its counts.
pub(crate) trait Counted: Copy {
    fn language(&self) -> LangId;
    fn counts(&self) -> Counts;
}

impl Counted for Side<'_> {
    fn language(&self) -> LangId {
        self.language
    }
    fn counts(&self) -> Counts {
        self.counts
    }
}

/// The files of both sides matched by path: a file on one side alone, or in another language on
/// each, moves all its lines into `changes` (removed, added); those on both sides in one language
/// are returned in path order, to be compared.
pub(crate) fn pair_by_path<'a, S: Counted>(
    old: impl IntoIterator<Item = (&'a Path, S)>,
    new: impl IntoIterator<Item = (&'a Path, S)>,
    changes: &mut LineChanges,
) -> Vec<(&'a Path, S, S)> {
    let mut pairs: BTreeMap<&Path, (Option<S>, Option<S>)> = BTreeMap::new();
    old.into_iter().for_each(|(path, side)| pairs.entry(path).or_default().0 = Some(side));
    new.into_iter().for_each(|(path, side)| pairs.entry(path).or_default().1 = Some(side));
    let mut both = Vec::new();
    for (path, sides) in pairs {
        match sides {
            (Some(o), Some(n)) if o.language() == n.language() => both.push((path, o, n)),
            (o, n) => {
                if let Some(o) = o {
                    changes.add(path, o.language(), all(o.counts(), |m| &mut m.removed), FileMove::Removed);
                }
                if let Some(n) = n {
                    changes.add(path, n.language(), all(n.counts(), |m| &mut m.added), FileMove::Added);
                }
            }
        }
    }
    both
}

/// The line changes from `trees.0` to `trees.1`, both [`BlobCache::fill`]ed into `cache`.
pub fn line_changes<'a>(
    repo: &Repo,
    (old, new): (&'a TreeListing, &'a TreeListing),
    cache: &'a BlobCache,
    config: &Config,
) -> Result<LineChanges, GitError> {
    let sides = |listing: &'a TreeListing| {
        (listing.files.iter()).filter_map(|file| Some((file.path.as_path(), counted(file, cache)?)))
    };
    let mut changes = LineChanges::default();
    let mut edited: Vec<Edited> = Vec::new();
    for (path, o, n) in pair_by_path(sides(old), sides(new), &mut changes) {
        match o.file.blob == n.file.blob {
            true => changes.add(path, n.language, all(n.counts, |m| &mut m.unchanged), FileMove::Unchanged),
            false => edited.push((path, o, n)),
        }
    }
    // The longest first: a large file's line diff (Myers is most of the work) started last would
    // keep one core busy alone after the others are done.
    edited.sort_by_key(|(_, o, n)| std::cmp::Reverse(o.counts.lines + n.counts.lines));
    let options = config.read_rules().count;
    for (path, language, moves) in compare(repo, &edited, options, config.worker_count(true))? {
        // Another blob with the same lines (only their endings changed) is a file unchanged.
        let file = if moves.changed() { FileMove::Modified } else { FileMove::Unchanged };
        changes.add(path, language, moves, file);
    }
    changes.files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(changes)
}

/// The files changed on both sides, each side read again and their lines matched, on `threads`
/// threads: on a range between releases, thousands of files.
fn compare<'a>(
    repo: &Repo,
    edited: &[Edited<'a>],
    options: Options,
    threads: usize,
) -> Result<Vec<(&'a Path, LangId, LineMoves)>, GitError> {
    let packs = &repo.packs;
    let next = AtomicUsize::new(0);
    let found = Mutex::new(Vec::with_capacity(edited.len()));
    let work = |store: &Store| {
        let mut reader = BlobReader::new(packs);
        let mut mine = Vec::new();
        while let Some(&(path, o, n)) = edited.get(next.fetch_add(1, Ordering::Relaxed)) {
            let mut read = |file: &TreeFile, use_it: &mut dyn FnMut(&[u8])| {
                let place = packs.locate(&file.blob);
                reader.with_blob(store, (file.blob, place), use_it).map_err(GitError::Store)
            };
            let mut compared = || {
                let mut old = Vec::new();
                read(o.file, &mut |bytes| old = bytes.to_vec())?;
                let mut moves = LineMoves::default();
                read(n.file, &mut |bytes| {
                    moves = file_moves(n.language, ((o.counts, &old[..]), (n.counts, bytes)), options)
                })?;
                Ok((path, n.language, moves))
            };
            mine.push(compared());
        }
        found.lock().expect("line diff results lock").extend(mine);
    };
    on_threads(repo, threads.clamp(1, edited.len().max(1)), work);
    found.into_inner().expect("line diff results lock").into_iter().collect()
}

/// Both sides of a changed file: each side's counts and bytes.
pub(crate) type Sides<'a> = ((Counts, &'a [u8]), (Counts, &'a [u8]));

/// One changed file's lines, in `language`: matched, or replaced whole where either side is UTF-16.
pub(crate) fn file_moves(language: LangId, ((old, a), (new, b)): Sides, options: Options) -> LineMoves {
    if is_utf16(a) || is_utf16(b) {
        let mut moves = all(old, |m| &mut m.removed);
        moves += all(new, |m| &mut m.added);
        moves
    } else {
        diff_lines(language, options, a, b)
    }
}

/// UTF-16 files are counted transcoded; their lines are not compared, only replaced whole.
fn is_utf16(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF])
}
