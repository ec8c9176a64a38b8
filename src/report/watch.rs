//! Watching a run while it goes: [`Progress`] counts files and bytes done, for a progress line;
//! [`FileSink`] hands each counted file to the caller as it finishes, for output that streams.
//! Both are reached from each worker's own [`Recorder`](super::Recorder), so the walk and the
//! readers know nothing of them.
//!
//! Progress is added in batches, so the hot path pays no atomic per file; the reader (the binary's
//! progress thread) sees numbers at most a batch per worker behind.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::FileReport;

/// Called by the workers with each counted file, from several threads at once. A run with a sink
/// keeps no per-file rows itself: memory stays flat however many files there are. `Break` says the
/// files have nowhere to go any more (the stream's reader is gone): the run stops counting.
#[derive(Clone)]
pub struct FileSink(pub Arc<SinkFn>);

/// What a [`FileSink`] calls: `Break` when the file could not go anywhere.
pub type SinkFn = dyn Fn(&FileReport) -> ControlFlow<()> + Send + Sync;

impl fmt::Debug for FileSink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FileSink")
    }
}

/// Shared by every worker of a run and whoever watches it. `Relaxed` is enough: the numbers are
/// shown, never used to decide anything.
#[derive(Debug, Default)]
pub struct Progress {
    files: AtomicU64,
    bytes: AtomicU64,
}

impl Progress {
    /// Files looked at (counted or skipped).
    pub fn files(&self) -> u64 {
        self.files.load(Ordering::Relaxed)
    }

    /// Bytes of counted files.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }
}

/// Files a worker holds back before publishing: two atomic adds per this many files.
const BATCH_FILES: u64 = 16;
/// ... or bytes, so a few huge files still move the line.
const BATCH_BYTES: u64 = 64 << 20;

/// One worker's unpublished part. Dropping it publishes the rest, so the totals are exact once
/// every worker's report has been merged.
#[derive(Debug)]
pub struct Tally {
    progress: Arc<Progress>,
    files: u64,
    bytes: u64,
}

impl Tally {
    pub fn new(progress: Arc<Progress>) -> Tally {
        Tally { progress, files: 0, bytes: 0 }
    }

    pub fn add(&mut self, bytes: u64) {
        self.files += 1;
        self.bytes += bytes;
        if self.files >= BATCH_FILES || self.bytes >= BATCH_BYTES {
            self.publish();
        }
    }

    fn publish(&mut self) {
        if self.files > 0 {
            self.progress.files.fetch_add(std::mem::take(&mut self.files), Ordering::Relaxed);
            self.progress.bytes.fetch_add(std::mem::take(&mut self.bytes), Ordering::Relaxed);
        }
    }
}

impl Drop for Tally {
    fn drop(&mut self) {
        self.publish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_publish_and_drop_flushes_the_rest() {
        let progress = Arc::new(Progress::default());
        let mut tally = Tally::new(Arc::clone(&progress));
        for _ in 0..BATCH_FILES - 1 {
            tally.add(10);
        }
        assert_eq!(progress.files(), 0, "held back until a batch is full");
        tally.add(10);
        assert_eq!((progress.files(), progress.bytes()), (BATCH_FILES, BATCH_FILES * 10));
        tally.add(BATCH_BYTES);
        assert_eq!(progress.files(), BATCH_FILES + 1, "a huge file publishes at once");
        tally.add(1);
        drop(tally);
        assert_eq!(
            (progress.files(), progress.bytes()),
            (BATCH_FILES + 2, BATCH_FILES * 10 + BATCH_BYTES + 1)
        );
    }
}
