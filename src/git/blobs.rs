//! Counting blobs, each distinct one once: outcomes are kept by blob id and the name's language
//! guess (the same bytes are C under `a.c` and unknown under `a.txt`), so a second revision, or a
//! thousand, costs only the blobs they changed. Blobs are read and counted on several threads, each
//! with its own handle on the object store.

use std::collections::{HashMap, HashSet};
use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use gix::ObjectId;

use super::tree::TreeFile;
use super::{GitError, Repo};
use crate::io::{MemoryReader, ReadRules};
use crate::lang::NameMatch;
use crate::report::{CountedFile, Outcome, Report, Skip};

/// Git LFS replaces a large file with a small text pointer starting with this line.
const LFS_POINTER: &[u8] = b"version https://git-lfs.github.com/spec/v1\n";
/// Pointers are a few lines; anything longer is a real file that happens to start so.
const LFS_POINTER_MAX: usize = 1024;
/// Object-store bytes each thread keeps decoded (delta bases shared by many blobs).
const OBJECT_CACHE: usize = 16 << 20;

/// What a blob turned out to be; unlike [`Outcome`] it can be kept and handed out many times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlobOutcome {
    Counted(CountedFile),
    Skipped(Skip),
    /// A Git LFS pointer: the real file is elsewhere, so it is reported apart, not counted.
    LfsPointer,
    Failed(String),
}

impl BlobOutcome {
    fn from_outcome(outcome: Outcome) -> BlobOutcome {
        match outcome {
            Outcome::Counted(file) => BlobOutcome::Counted(file),
            Outcome::Skipped(skip) => BlobOutcome::Skipped(skip),
            Outcome::Failed(e) => BlobOutcome::Failed(e.to_string()),
        }
    }

    /// The outcome to record; `None` for an LFS pointer, which is reported apart.
    fn to_outcome(&self) -> Option<Outcome> {
        Some(match self {
            BlobOutcome::Counted(file) => Outcome::Counted(file.clone()),
            BlobOutcome::Skipped(skip) => Outcome::Skipped(*skip),
            BlobOutcome::LfsPointer => return None,
            BlobOutcome::Failed(e) => Outcome::Failed(io::Error::other(e.clone())),
        })
    }
}

/// The key a blob's outcome is kept under.
pub type BlobKey = (ObjectId, NameMatch);

/// Outcomes by blob, for one set of [`ReadRules`].
#[derive(Debug, Default)]
pub struct BlobCache {
    outcomes: HashMap<BlobKey, BlobOutcome>,
    /// Blobs counted (not found in the cache) so far.
    pub counted: u64,
}

impl BlobCache {
    pub fn get(&self, file: &TreeFile) -> Option<&BlobOutcome> {
        self.outcomes.get(&(file.blob, file.language))
    }

    /// Counts every blob of `files` not counted yet, on `threads` threads.
    pub fn fill<'f>(
        &mut self,
        repo: &Repo,
        files: impl IntoIterator<Item = &'f TreeFile>,
        rules: &ReadRules,
        threads: usize,
    ) {
        let missing: HashSet<BlobKey> = files
            .into_iter()
            .map(|f| (f.blob, f.language))
            .filter(|k| !self.outcomes.contains_key(k))
            .collect();
        let missing: Vec<BlobKey> = missing.into_iter().collect();
        self.counted += missing.len() as u64;
        let next = AtomicUsize::new(0);
        let found = Mutex::new(Vec::with_capacity(missing.len()));
        let work = |handle: Result<gix::Repository, GitError>| {
            let mut mine = Vec::new();
            let mut reader = MemoryReader::default();
            while let Some(&key) = missing.get(next.fetch_add(1, Ordering::Relaxed)) {
                let outcome = match &handle {
                    Ok(handle) => count_blob(handle, key, &mut reader, rules),
                    Err(e) => BlobOutcome::Failed(e.to_string()),
                };
                mine.push((key, outcome));
            }
            found.lock().expect("blob results lock").extend(mine);
        };
        let spares = threads.clamp(1, missing.len().max(1)) - 1;
        let git_dir = repo.git_dir();
        std::thread::scope(|scope| {
            let work = &work;
            for _ in 0..spares {
                let handle =
                    move || gix::open(git_dir).map(cached).map_err(|e| GitError::Store(e.to_string()));
                scope.spawn(move || work(handle()));
            }
            work(Ok(cached(repo.handle.clone())));
        });
        self.outcomes.extend(found.into_inner().expect("blob results lock"));
    }

    /// Records `files` (all [`BlobCache::fill`]ed) into `report`; says which were LFS pointers.
    pub fn record(&self, files: &[TreeFile], report: &mut Report, keep_files: bool) -> Vec<PathBuf> {
        let mut lfs = Vec::new();
        for file in files {
            match self.get(file).and_then(BlobOutcome::to_outcome) {
                Some(outcome) => report.record(0, outcome, keep_files, || file.path.clone()),
                None => lfs.push(file.path.clone()),
            }
        }
        lfs
    }
}

/// A handle that keeps recently decoded objects (delta bases shared by many blobs).
fn cached(mut handle: gix::Repository) -> gix::Repository {
    handle.object_cache_size_if_unset(OBJECT_CACHE);
    handle
}

fn count_blob(
    repo: &gix::Repository,
    (id, language): BlobKey,
    reader: &mut MemoryReader,
    rules: &ReadRules,
) -> BlobOutcome {
    if language == NameMatch::Unknown {
        return BlobOutcome::Skipped(Skip::Unknown);
    }
    match repo.find_blob(id) {
        Ok(blob) if blob.data.len() <= LFS_POINTER_MAX && blob.data.starts_with(LFS_POINTER) => {
            BlobOutcome::LfsPointer
        }
        Ok(blob) => BlobOutcome::from_outcome(reader.count(language, &blob.data, rules)),
        Err(e) => BlobOutcome::Failed(format!("blob {id}: {e}")),
    }
}
