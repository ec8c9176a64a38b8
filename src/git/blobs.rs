//! Counting blobs, each distinct one once: outcomes are kept by blob id and the name's language
//! guess (the same bytes are C under `a.c` and unknown under `a.txt`), so a second revision, or a
//! thousand, costs only the blobs they changed. Blobs are read and counted on several threads, each
//! with its own handle on the object store.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use gix::ObjectId;

use super::packed::{BlobReader, Packs, Place};
use super::streamed::Streamed;
use super::tree::TreeFile;
use super::{on_parts, FastMap, FastSet, ObjectStore, Repo, Store};
use crate::io::{MemoryReader, ReadRules};
use crate::lang::NameMatch;
use crate::report::{CountedFile, HeldFile, Outcome, Report, Skip};
use crate::stats::{Clock, WorkerStats};

/// Git LFS replaces a large file with a small text pointer starting with this line.
const LFS_POINTER: &[u8] = b"version https://git-lfs.github.com/spec/v1\n";
/// Pointers are a few lines; anything longer is a real file that happens to start so.
const LFS_POINTER_MAX: usize = 1024;

/// Blobs a thread claims at a time: neighbours in the pack, so that a delta usually finds its base
/// in the thread's own pack cache.
const CLAIM: usize = 16;

/// What a blob turned out to be; unlike [`Outcome`] it can be kept, handed out many times and
/// written to a cache file ([`super::cache_file`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum BlobOutcome {
    Counted(CountedFile),
    Skipped(Skip),
    /// A Git LFS pointer: the real file is elsewhere, so it is reported apart, not counted.
    LfsPointer,
    Failed(String),
}

impl BlobOutcome {
    pub(super) fn from_outcome(outcome: Outcome) -> BlobOutcome {
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
    pub(super) outcomes: FastMap<BlobKey, BlobOutcome>,
    /// Blobs counted (not found in the cache) so far.
    pub counted: u64,
}

impl BlobCache {
    pub fn get(&self, file: &TreeFile) -> Option<&BlobOutcome> {
        self.outcomes.get(&(file.blob, file.language))
    }

    /// Counts every blob of `files` not counted yet, on `threads` threads, in pack order.
    pub fn fill<'f>(
        &mut self,
        repo: &Repo,
        files: impl IntoIterator<Item = &'f TreeFile>,
        rules: &ReadRules,
        threads: usize,
    ) {
        self.fill_timed(repo, files, rules, threads, Clock::default());
    }

    /// [`BlobCache::fill`], each thread timed by `clock` (when on): reading a blob out of the
    /// store (inflating it, applying its deltas) is `read`, counting it is `count`, a blob too
    /// large to hold (counted as it is inflated) all `count`. The threads' figures, this one's first.
    pub fn fill_timed<'f>(
        &mut self,
        repo: &Repo,
        files: impl IntoIterator<Item = &'f TreeFile>,
        rules: &ReadRules,
        threads: usize,
        clock: Clock,
    ) -> Vec<WorkerStats> {
        let missing: FastSet<BlobKey> = files
            .into_iter()
            .map(|f| (f.blob, f.language))
            .filter(|k| !self.outcomes.contains_key(k))
            .collect();
        self.counted += missing.len() as u64;
        let packs = &repo.packs;
        let missing = in_pack_order(packs, missing);
        let next = AtomicUsize::new(0);
        let found = Mutex::new(Vec::with_capacity(missing.len()));
        let work = |store: &Store, _: &()| {
            let started = clock.thread_start();
            let mut stats = WorkerStats::default();
            let mut mine = Vec::new();
            let mut reader = BlobReader::new(packs);
            loop {
                let from = next.fetch_add(CLAIM, Ordering::Relaxed).min(missing.len());
                let claimed = &missing[from..(from + CLAIM).min(missing.len())];
                if claimed.is_empty() {
                    break;
                }
                for &(key, place) in claimed {
                    let outcome = count_blob(store, (key, place), &mut reader, (rules, clock), &mut stats);
                    mine.push((key, outcome));
                }
            }
            found.lock().expect("blob results lock").extend(mine);
            started.add_to(&mut stats.time);
            stats
        };
        let threads = threads.clamp(1, missing.len().div_ceil(CLAIM).max(1));
        let timed = on_parts(repo, &vec![(); threads], work);
        self.outcomes.extend(found.into_inner().expect("blob results lock"));
        timed
    }

    /// Records `files` (all [`BlobCache::fill`]ed) into `report`, or, with `hold`, holds the
    /// counted ones hashed by `--no-duplicates` for [`Report::settle_duplicates`]; says which were
    /// LFS pointers.
    pub fn record(
        &self,
        files: &[TreeFile],
        report: &mut Report,
        keep_files: bool,
        hold: bool,
    ) -> Vec<PathBuf> {
        let mut lfs = Vec::new();
        for file in files {
            match self.get(file).and_then(BlobOutcome::to_outcome) {
                Some(Outcome::Counted(counted)) if hold && counted.digest.is_some() => {
                    report.held.push(HeldFile { root: 0, path: file.path.clone(), counted });
                }
                Some(outcome) => report.record(0, outcome, keep_files, || file.path.clone()),
                None => lfs.push(file.path.clone()),
            }
        }
        lfs
    }
}

/// The blobs to read, each with where it is packed, in pack order (loose ones last). Blobs of an
/// unknown language are not read, so not located either.
fn in_pack_order(packs: &Packs, keys: FastSet<BlobKey>) -> Vec<(BlobKey, Option<Place>)> {
    let mut placed: Vec<(BlobKey, Option<Place>)> = keys
        .into_iter()
        .map(|key| (key, (key.1 != NameMatch::Unknown).then(|| packs.locate(&key.0)).flatten()))
        .collect();
    placed.sort_unstable_by_key(|&(_, place)| place.unwrap_or((u32::MAX, u64::MAX)));
    placed
}

/// The outcome of the blob `id`, its read and its count timed into `stats` by `clock`.
pub(super) fn count_blob(
    repo: &impl ObjectStore,
    ((id, language), place): (BlobKey, Option<Place>),
    reader: &mut BlobReader<'_>,
    (rules, clock): (&ReadRules, Clock),
    stats: &mut WorkerStats,
) -> BlobOutcome {
    if language == NameMatch::Unknown {
        return BlobOutcome::Skipped(Skip::Unknown);
    }
    // Each way of counting times itself; what is left of the blob's time is the store's.
    let reading = clock.start();
    let held = |bytes: &[u8]| {
        timed(clock, || {
            if bytes.len() <= LFS_POINTER_MAX && bytes.starts_with(LFS_POINTER) {
                BlobOutcome::LfsPointer
            } else {
                BlobOutcome::from_outcome(MemoryReader.count(language, bytes, rules))
            }
        })
    };
    let streamed =
        |stream: Streamed| timed(clock, || BlobOutcome::from_outcome(stream.count(language, rules)));
    let (outcome, counting) = match reader.with_blob_or_stream(repo, (id, place), held, streamed) {
        Ok(timed) => timed,
        Err(e) => (BlobOutcome::Failed(e), Duration::ZERO),
    };
    if reading.is_some() {
        stats.time.read += Clock::between(reading, clock.start()).saturating_sub(counting);
        stats.time.count += counting;
        let language = match &outcome {
            BlobOutcome::Counted(file) => Some(file.language),
            _ => None,
        };
        stats.classifier.add(language, counting);
    }
    outcome
}

/// `count()`'s outcome, and how long it took by `clock` (zero when it is off).
fn timed(clock: Clock, count: impl FnOnce() -> BlobOutcome) -> (BlobOutcome, Duration) {
    let started = clock.start();
    let outcome = count();
    (outcome, Clock::between(started, clock.start()))
}
