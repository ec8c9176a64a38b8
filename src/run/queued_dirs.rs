//! How many directories a worker's queued files come from, kept as the queue changes.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::fs::FileJob;

/// The runs of queued files that share a directory, oldest first: files are only ever added at
/// the back (a listing, a batch) and taken from the front (a reader). Counting the runs afresh
/// before every read walked the whole queue: ~400 instructions a file on the monorepo's Rust
/// (`-j 1 --backend sync`, 9 M of 376 M).
#[derive(Debug, Default)]
pub(super) struct QueuedDirs {
    /// Each run's directory (its address, only compared) and its number of files.
    runs: VecDeque<(usize, usize)>,
}

impl QueuedDirs {
    /// Runs queued: a directory whose files were queued twice, apart, counts twice.
    pub(super) fn count(&self) -> usize {
        self.runs.len()
    }

    /// `files[from..]` were just added at the back.
    pub(super) fn added(&mut self, files: &VecDeque<FileJob>, from: usize) {
        for file in files.range(from..) {
            let dir = Arc::as_ptr(&file.dir) as usize;
            match self.runs.back_mut() {
                Some((last, n)) if *last == dir => *n += 1,
                _ => self.runs.push_back((dir, 1)),
            }
        }
    }

    /// `taken` files were taken from the front.
    pub(super) fn taken(&mut self, mut taken: usize) {
        while taken > 0 {
            let Some((_, n)) = self.runs.front_mut() else { return };
            let gone = taken.min(*n);
            *n -= gone;
            taken -= gone;
            if *n == 0 {
                self.runs.pop_front();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::test_random::xorshift;
    use std::collections::VecDeque;
    use std::path::PathBuf;
    use std::sync::Arc;

    use super::QueuedDirs;
    use crate::fs::{FileJob, ListedDir};
    use crate::lang::NameMatch;

    /// The runs counted afresh, as the pool once did before every read.
    fn runs(files: &VecDeque<FileJob>) -> usize {
        let mut last = None;
        files
            .iter()
            .filter(|f| {
                let dir = Arc::as_ptr(&f.dir);
                last.replace(dir) != Some(dir)
            })
            .count()
    }

    #[test]
    fn runs_kept_as_files_come_and_go_equal_runs_counted_afresh() {
        let dirs: Vec<Arc<ListedDir>> = (0..4)
            .map(|k| {
                let fd = rustix::fs::open(".", rustix::fs::OFlags::RDONLY, rustix::fs::Mode::empty());
                Arc::new(ListedDir {
                    fd: fd.expect("open ."),
                    path: PathBuf::from(format!("d{k}")),
                    names: b"f\0".to_vec(),
                    shown_as: None,
                    root_index: 0,
                    sync_only: false,
                })
            })
            .collect();
        let job = |d: usize| FileJob {
            dir: Arc::clone(&dirs[d]),
            name_at: 0,
            name_len: 1,
            language: NameMatch::Unknown,
        };
        let (mut files, mut kept) = (VecDeque::new(), QueuedDirs::default());
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            xorshift(&mut x);
            if x % 3 == 0 {
                let from = files.len();
                // A listing's files (one directory), or a batch that may follow its own directory.
                files.extend((0..x as usize % 5).map(|_| job((x >> 8) as usize % dirs.len())));
                kept.added(&files, from);
            } else {
                let taken = ((x >> 16) as usize % 4).min(files.len());
                files.drain(..taken);
                kept.taken(taken);
            }
            assert_eq!(kept.count(), runs(&files));
        }
    }
}
