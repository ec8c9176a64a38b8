//! Line-level changes between two trees (`cloc --diff` semantics). Files are matched by path (a
//! rename is a removed file and an added one). For a file on both sides, each side's lines get
//! their bucket from the counter's line-by-line twin ([`crate::count::explain_with`]) and whole
//! lines are matched with a Myers diff (the `similar` crate, line endings ignored): a line in an
//! equal run is unchanged; in a run replaced by another, lines pair up in order as modified
//! (counted in the new line's bucket) and the longer side's surplus is added or removed; lines
//! only inserted or only deleted are added or removed.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use similar::{Algorithm, DiffOp};

use super::blobs::{BlobCache, BlobOutcome};
use super::packed::BlobReader;
use super::tree::{TreeFile, TreeListing};
use super::{on_threads, GitError, Repo};
use crate::config::Config;
use crate::count::{explain_with, Bucket, Counts, Options};
use crate::lang::LangId;
use crate::report::{LineChanges, LineMoves, Moves};

/// A diff still running after this settles for a coarser match rather than hang on a huge file.
const DIFF_DEADLINE: Duration = Duration::from_secs(5);

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
fn all(counts: Counts, pick: fn(&mut Moves) -> &mut u64) -> LineMoves {
    let mut moves = LineMoves::default();
    *pick(&mut moves.code) = counts.code;
    *pick(&mut moves.comments) = counts.comments;
    *pick(&mut moves.blanks) = counts.blanks;
    moves
}

/// A file on both sides, changed: its path and both sides.
type Edited<'a> = (&'a Path, Side<'a>, Side<'a>);

/// The line changes from `trees.0` to `trees.1`, both [`BlobCache::fill`]ed into `cache`.
pub fn line_changes(
    repo: &Repo,
    (old, new): (&TreeListing, &TreeListing),
    cache: &BlobCache,
    config: &Config,
) -> Result<LineChanges, GitError> {
    let mut pairs: BTreeMap<&Path, (Option<Side>, Option<Side>)> = BTreeMap::new();
    for file in &old.files {
        pairs.entry(file.path.as_path()).or_default().0 = counted(file, cache);
    }
    for file in &new.files {
        pairs.entry(file.path.as_path()).or_default().1 = counted(file, cache);
    }
    let mut changes = LineChanges::default();
    let mut edited: Vec<Edited> = Vec::new();
    for (path, sides) in pairs {
        match sides {
            (Some(o), Some(n)) if o.file.blob == n.file.blob && o.language == n.language => {
                changes.add(path, n.language, all(n.counts, |m| &mut m.unchanged));
            }
            (Some(o), Some(n)) if o.language == n.language => edited.push((path, o, n)),
            (o, n) => {
                if let Some(o) = o {
                    changes.add(path, o.language, all(o.counts, |m| &mut m.removed));
                }
                if let Some(n) = n {
                    changes.add(path, n.language, all(n.counts, |m| &mut m.added));
                }
            }
        }
    }
    let options = config.read_rules().count;
    for (path, language, moves) in compare(repo, &edited, options, config.worker_count(true))? {
        changes.add(path, language, moves);
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
    let work = |handle: Result<&gix::Repository, GitError>| {
        let mut reader = BlobReader::new(packs);
        let mut mine = Vec::new();
        while let Some(&(path, o, n)) = edited.get(next.fetch_add(1, Ordering::Relaxed)) {
            let compared = handle.as_ref().map_err(GitError::clone).and_then(|handle| {
                let mut read = |file: &TreeFile, use_it: &mut dyn FnMut(&[u8])| {
                    let place = packs.locate(&file.blob);
                    reader.with_blob(handle, (file.blob, place), use_it).map_err(GitError::Store)
                };
                let mut old = Vec::new();
                read(o.file, &mut |bytes| old = bytes.to_vec())?;
                let mut moves = LineMoves::default();
                read(n.file, &mut |bytes| moves = file_moves((o, &old[..]), (n, bytes), options))?;
                Ok((path, n.language, moves))
            });
            mine.push(compared);
        }
        found.lock().expect("line diff results lock").extend(mine);
    };
    on_threads(repo, threads.clamp(1, edited.len().max(1)), work);
    found.into_inner().expect("line diff results lock").into_iter().collect()
}

/// One changed file's lines: matched, or replaced whole where either side is UTF-16.
fn file_moves((o, a): (Side, &[u8]), (n, b): (Side, &[u8]), options: Options) -> LineMoves {
    if is_utf16(a) || is_utf16(b) {
        let mut moves = all(o.counts, |m| &mut m.removed);
        moves += all(n.counts, |m| &mut m.added);
        moves
    } else {
        diff_lines(n.language, options, a, b)
    }
}

/// UTF-16 files are counted transcoded; their lines are not compared, only replaced whole.
fn is_utf16(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF])
}

/// Lines as the counter counts them (the last one may lack its `\n`), without their line ending.
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\n").unwrap_or(l))
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect()
}

/// Matches the lines of `old` and `new` (both read as `language`) and tallies them.
pub fn diff_lines(language: LangId, options: Options, old: &[u8], new: &[u8]) -> LineMoves {
    let buckets =
        |bytes| explain_with(language, options, bytes).into_iter().map(|l| l.bucket).collect::<Vec<_>>();
    let (old_buckets, new_buckets): (Vec<Bucket>, Vec<Bucket>) = (buckets(old), buckets(new));
    let (old_lines, new_lines) = (lines(old), lines(new));
    let deadline = Some(Instant::now() + DIFF_DEADLINE);
    let ops = similar::capture_diff_slices_deadline(Algorithm::Myers, &old_lines, &new_lines, deadline);
    let mut moves = LineMoves::default();
    let mut tally = |buckets: &[Bucket], at: usize, len: usize, pick: fn(&mut Moves) -> &mut u64| {
        for bucket in buckets.iter().skip(at).take(len) {
            *pick(moves.bucket(*bucket)) += 1;
        }
    };
    for op in ops {
        match op {
            DiffOp::Equal { new_index, len, .. } => tally(&new_buckets, new_index, len, |m| &mut m.unchanged),
            DiffOp::Delete { old_index, old_len, .. } => {
                tally(&old_buckets, old_index, old_len, |m| &mut m.removed)
            }
            DiffOp::Insert { new_index, new_len, .. } => {
                tally(&new_buckets, new_index, new_len, |m| &mut m.added)
            }
            DiffOp::Replace { old_index, old_len, new_index, new_len } => {
                let paired = old_len.min(new_len);
                tally(&new_buckets, new_index, paired, |m| &mut m.modified);
                tally(&new_buckets, new_index + paired, new_len - paired, |m| &mut m.added);
                tally(&old_buckets, old_index + paired, old_len - paired, |m| &mut m.removed);
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c() -> LangId {
        LangId::from_name("C").unwrap()
    }

    #[test]
    fn lines_are_matched_and_tallied_in_their_buckets() {
        let old = b"int a;\n// note\n\nint b;\nint c;\n";
        let new = b"int a;\n// note changed\n\nint b;\nint d;\nint e;\n/* new */\n";
        let m = diff_lines(c(), Options::default(), old, new);
        assert_eq!(m.code, Moves { added: 1, removed: 0, modified: 1, unchanged: 2 });
        assert_eq!(m.comments, Moves { added: 1, removed: 0, modified: 1, unchanged: 0 });
        assert_eq!(m.blanks, Moves { unchanged: 1, ..Moves::default() });
    }

    #[test]
    fn every_line_is_accounted_for_on_both_sides() {
        let old = "x = 1;\n".repeat(50) + "/* c */\n\n" + &"y();\n".repeat(20);
        let new = "/* c */\n".to_string() + &"x = 1;\n".repeat(30) + "\n\nz();\n" + &"y();\n".repeat(25);
        let m = diff_lines(c(), Options::default(), old.as_bytes(), new.as_bytes());
        let sum = |f: fn(&Moves) -> u64| f(&m.code) + f(&m.comments) + f(&m.blanks);
        let old_lines = old.lines().count() as u64;
        let new_lines = new.lines().count() as u64;
        assert_eq!(sum(|m| m.unchanged + m.modified + m.removed), old_lines);
        assert_eq!(sum(|m| m.unchanged + m.modified + m.added), new_lines);
    }
}
