//! The validated settings a run needs; the CLI builds one from its flags, library users directly.

use std::path::PathBuf;
use std::sync::Arc;

use crate::count::Options;
use crate::io::{fd_limit, Backend, ReadRules};
use crate::report::{FileSink, Progress, UniqueLines};
use crate::walk::select::Selection;

/// Workers a default io_uring run grows to once the disk is in play (cold kernel tree, 2 cores: 16
/// workers 1.49-1.56 s against 1.80-1.93 s for 4; 32 workers were slower again).
pub const COLD_RINGS: usize = 16;
/// Workers a default run with plain reads grows to: each has one read in flight, so the disk sees
/// as many requests as there are workers (cold kernel tree, 2 cores: 16 workers 2.11 s, 32 1.96 s,
/// 64 1.77 s at 16 MB peak RSS, 96 1.69 s).
pub const COLD_READERS: usize = 64;
/// Descriptors each default worker may count on: its queued directories, its files in flight and
/// a listing take their shares of the limit (`run::pool`, `io::uring`). Cold, under `ulimit -n
/// 32` sixteen workers met EMFILE, and under `ulimit -n 16` four did.
const FDS_PER_WORKER: u64 = 16;

#[derive(Debug, Clone)]
pub struct Config {
    /// Directories and files to count.
    pub paths: Vec<PathBuf>,
    /// Files named one by one (`--files-from`): counted exactly; symlinks among them are skipped.
    pub files: Vec<PathBuf>,
    /// Worker threads, one ring each; 0 picks per core (see [`Config::worker_count`]) and adds
    /// spares once the disk is in play.
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
    /// Skip files of more lines than this (scc's `--no-large`): known only once a file is counted,
    /// so such a file is read whole and its counts dropped.
    pub max_lines: Option<u64>,
    /// Leave generated / minified files out instead of counting them and flagging them apart.
    pub skip_generated: bool,
    pub skip_minified: bool,
    /// Doc strings count as code instead of comments.
    pub docstrings_as_code: bool,
    /// Read every file but classify nothing: the read floor for benchmarks (`--count none`).
    pub read_only: bool,
    /// Count each file's branch tokens too (`--complexity`), with the slower twin.
    pub complexity: bool,
    /// Count the distinct lines of the counted files too (`--uloc`), into [`crate::Report::uloc`]:
    /// each file is read whole, and a hash of every distinct line is kept
    /// until the run ends. A `--rev` run counts them from the blobs it reads, so only those a
    /// cache did not already hold.
    pub uloc: bool,
    /// Leave out a file with the same bytes as one before it in path order (`--no-duplicates`):
    /// each counted file is hashed as read, and held, path and all, until the workers end.
    pub no_duplicates: bool,
    /// Counters the workers add to as files finish, for a progress display; `None` costs nothing.
    pub progress: Option<Arc<Progress>>,
    /// Called with each counted file as it finishes, from the worker threads; the report then keeps
    /// no per-file rows (`by_file` is ignored for counted files), so memory stays flat.
    pub file_sink: Option<FileSink>,
    /// Time the run's phases, workers and classifier too ([`Run::stats`](crate::Run::stats)); the
    /// system calls are counted whatever this says.
    pub stats: bool,
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
            max_lines: None,
            skip_generated: false,
            skip_minified: false,
            docstrings_as_code: false,
            read_only: false,
            complexity: false,
            uloc: false,
            no_duplicates: false,
            progress: None,
            file_sink: None,
            stats: false,
        }
    }
}

impl Config {
    pub fn read_rules(&self) -> ReadRules {
        ReadRules {
            only: self.selection.types.clone(),
            max_size: self.max_file_size,
            max_lines: self.max_lines,
            skip_generated: self.skip_generated,
            skip_minified: self.skip_minified,
            count: Options { docstrings_as_code: self.docstrings_as_code },
            read_only: self.read_only,
            complexity: self.complexity,
            uloc: self.uloc.then(|| Arc::new(UniqueLines::default())),
            digest: self.no_duplicates,
        }
    }

    /// The default run's workers per core start at one for the ring and two for plain reads, each
    /// at most what the descriptor limit gives [`FDS_PER_WORKER`] each (at least one). Warm, one
    /// ring per core is 2-5% faster than two (interleaved, kernel tree); cold and partly cold the
    /// spares make up the rest. A plain reader blocks on every evicted file, and with a twelfth of
    /// the tree evicted (too few slow files to wake the spares) two per core took 612 ms against
    /// 860 for one. An explicit count is clamped the same way (`-j 200` under `ulimit -n 256` lost
    /// 5,425 of the kernel's files to EMFILE); the run says so ([`Config::worker_note`]).
    pub fn worker_count(&self, ring: bool) -> usize {
        match self.threads {
            0 => {
                let per_core = if ring { 1 } else { 2 };
                let cores = std::thread::available_parallelism().map_or(1, usize::from);
                (per_core * cores).min(room(fd_limit())).max(1)
            }
            n => n.min(room(fd_limit()).max(1)),
        }
    }

    /// The note for an explicit `-j` the descriptor limit lowered.
    pub fn worker_note(&self, ring: bool) -> Option<String> {
        let workers = self.worker_count(ring);
        (self.threads > workers).then(|| {
            let limit = fd_limit();
            format!(
                "-j {} lowered to {workers}: the descriptor limit ({limit}) has room for {workers}",
                self.threads
            )
        })
    }

    /// Workers the default adds once a ring or reader waits for the disk, up to [`COLD_RINGS`] or
    /// [`COLD_READERS`] in all: cold, every directory listing and many opens block, and more workers
    /// keep more of them, and more reads, in flight. A warm run never starts them.
    pub fn spare_count(&self, ring: bool) -> usize {
        let most = if ring { COLD_RINGS } else { COLD_READERS };
        match self.threads {
            0 => spares_under(fd_limit(), self.worker_count(ring), most),
            _ => 0,
        }
    }
}

/// Spares that take `workers` up to `most` under a descriptor limit: none where the limit cannot
/// give every worker [`FDS_PER_WORKER`].
fn spares_under(fd_limit: u64, workers: usize, most: usize) -> usize {
    most.min(room(fd_limit)).saturating_sub(workers)
}

/// Workers a descriptor limit has room for.
fn room(fd_limit: u64) -> usize {
    usize::try_from(fd_limit / FDS_PER_WORKER).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::{fd_limit, room, spares_under, Config};

    #[test]
    fn spares_fit_the_descriptor_limit() {
        assert_eq!(spares_under(u64::MAX, 4, 16), 12);
        assert_eq!(spares_under(1024, 4, 16), 12);
        assert_eq!(spares_under(1024, 4, 64), 60);
        assert_eq!(spares_under(512, 4, 64), 28);
        assert_eq!(spares_under(128, 4, 16), 4);
        assert_eq!(spares_under(32, 4, 16), 0);
        assert_eq!(spares_under(1024, 32, 16), 0);
        assert_eq!(room(16), 1);
    }

    #[test]
    fn plain_readers_start_twice_the_rings_and_an_explicit_count_is_kept() {
        let default = Config::default();
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let cap = room(fd_limit()).max(1);
        assert_eq!(default.worker_count(true), cores.min(cap));
        assert_eq!(default.worker_count(false), (2 * cores).min(cap));
        let explicit = Config { threads: 3, ..Config::default() };
        assert_eq!((explicit.worker_count(true), explicit.worker_count(false)), (3, 3));
        assert_eq!((explicit.spare_count(true), explicit.spare_count(false)), (0, 0));
    }
}
