//! The validated settings a run needs; the CLI builds one from its flags, library users directly.

use std::path::PathBuf;
use std::sync::Arc;

use crate::count::Options;
use crate::io::{fd_limit, Backend, ReadRules};
use crate::report::{FileSink, Progress};
use crate::walk::select::Selection;

/// Workers a default run grows to once the disk is in play (cold kernel tree, 2 cores: 16 workers
/// 1.49-1.56 s against 1.80-1.93 s for 4; 32 workers were slower again).
pub const COLD_WORKERS: usize = 16;
/// Descriptors each default worker may count on: its queued directories, its files in flight and
/// a listing take their shares of the limit (`walk::pool`, `io::uring`). Cold, under `ulimit -n
/// 32` sixteen workers met EMFILE, and under `ulimit -n 16` four did.
const FDS_PER_WORKER: u64 = 16;

#[derive(Debug, Clone)]
pub struct Config {
    /// Directories and files to count.
    pub paths: Vec<PathBuf>,
    /// Files named one by one (`--files-from`): counted exactly; symlinks among them are skipped.
    pub files: Vec<PathBuf>,
    /// Worker threads, one ring each; 0 means two per available core.
    pub threads: usize,
    pub backend: Backend,
    /// Keep a row per counted file in [`crate::Report::files`].
    pub by_file: bool,
    /// Keep each root's language totals apart ([`crate::Report::by_root`]).
    pub by_root: bool,
    /// What to count: hidden files, ignore files, exclusions, language and extension filters.
    pub selection: Selection,
    /// Skip files larger than this many bytes.
    pub max_file_size: Option<u64>,
    /// Leave generated / minified files out instead of counting them and flagging them apart.
    pub skip_generated: bool,
    pub skip_minified: bool,
    /// Doc strings count as code instead of comments.
    pub docstrings_as_code: bool,
    /// Read every file but classify nothing: the read floor for benchmarks (`--count none`).
    pub read_only: bool,
    /// Counters the workers add to as files finish, for a progress display; `None` costs nothing.
    pub progress: Option<Arc<Progress>>,
    /// Called with each counted file as it finishes, from the worker threads; the report then keeps
    /// no per-file rows (`by_file` is ignored for counted files), so memory stays flat.
    pub file_sink: Option<FileSink>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            paths: vec![PathBuf::from(".")],
            files: Vec::new(),
            threads: 0,
            backend: Backend::Auto,
            by_file: false,
            by_root: false,
            selection: Selection::default(),
            max_file_size: None,
            skip_generated: false,
            skip_minified: false,
            docstrings_as_code: false,
            read_only: false,
            progress: None,
            file_sink: None,
        }
    }
}

impl Config {
    pub fn read_rules(&self) -> ReadRules {
        ReadRules {
            only: self.selection.types.clone(),
            max_size: self.max_file_size,
            skip_generated: self.skip_generated,
            skip_minified: self.skip_minified,
            count: Options { docstrings_as_code: self.docstrings_as_code },
            read_only: self.read_only,
        }
    }

    /// Two workers per core: a worker blocks in getdents64 and directory opens, which io_uring cannot
    /// take over, and a second worker keeps the core's ring fed meanwhile (cold kernel tree, 2 cores:
    /// -j 2 3.8 s, -j 4 2.1-3.0 s; warm within noise, 0.86 vs 0.84 s). Never more than the
    /// descriptor limit gives [`FDS_PER_WORKER`] each (at least one).
    pub fn worker_count(&self) -> usize {
        match self.threads {
            0 => {
                (2 * std::thread::available_parallelism().map_or(1, usize::from)).min(room(fd_limit())).max(1)
            }
            n => n,
        }
    }

    /// Workers the default adds once a ring waits for the disk, up to [`COLD_WORKERS`] in all: cold,
    /// every directory listing and many opens block, and more workers keep more of them, and more
    /// reads, in flight. A warm run never starts them (two per core measured best warm).
    pub fn spare_count(&self) -> usize {
        match self.threads {
            0 => spares_under(fd_limit(), self.worker_count()),
            _ => 0,
        }
    }
}

/// Spares for `workers` under a descriptor limit: none where the limit cannot give every worker
/// [`FDS_PER_WORKER`].
fn spares_under(fd_limit: u64, workers: usize) -> usize {
    COLD_WORKERS.min(room(fd_limit)).saturating_sub(workers)
}

/// Workers a descriptor limit has room for.
fn room(fd_limit: u64) -> usize {
    usize::try_from(fd_limit / FDS_PER_WORKER).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::{room, spares_under};

    #[test]
    fn spares_fit_the_descriptor_limit() {
        assert_eq!(spares_under(u64::MAX, 4), 12);
        assert_eq!(spares_under(1024, 4), 12);
        assert_eq!(spares_under(128, 4), 4);
        assert_eq!(spares_under(32, 4), 0);
        assert_eq!(spares_under(1024, 32), 0);
        assert_eq!(room(16), 1);
    }
}
