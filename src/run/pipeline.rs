//! One run: resolve the roots, pick the backend, walk and read with the pool, merge once.

use std::fmt;
use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use super::pool::run_pool;
use super::roots::{root_sections, roots};
use crate::config::Config;
use crate::io::{probe_uring_counted, Backend, ReadRules, Reader, SyncReader, UringReader};
use crate::report::{Recorder, Recording, Report};
use crate::stats::{Clock, Stats, WorkerStats};
use crate::walk::{Follow, Listed};

/// The backend a run actually used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BackendUsed {
    Uring,
    /// Plain syscalls; `fallback` says why io_uring was not used when it was not asked for.
    Sync {
        fallback: Option<String>,
    },
}

#[derive(Debug)]
pub struct Run {
    pub report: Report,
    pub backend: BackendUsed,
    /// With [`Config::stats`]: where the time went, and the system calls made.
    pub stats: Option<Stats>,
}

/// A run that could not start at all (per-file problems are in [`Report::errors`] instead).
#[derive(Debug)]
pub enum Error {
    UringUnavailable(io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UringUnavailable(e) => write!(f, "io_uring is not available here: {e}"),
        }
    }
}

impl std::error::Error for Error {}

/// Counts every file under `config.paths`, and the files listed in `config.files`.
pub fn count_paths(config: &Config) -> Result<Run, Error> {
    let clock = Clock { on: config.stats };
    let started = clock.start();
    // The system calls this thread makes before the workers start.
    let mut setup = WorkerStats::default();
    let mut probe_uring = || probe_uring_counted(&mut setup);
    let backend = match config.backend {
        Backend::Sync => BackendUsed::Sync { fallback: None },
        Backend::Uring => probe_uring().map(|()| BackendUsed::Uring).map_err(Error::UringUnavailable)?,
        Backend::Auto => match probe_uring() {
            Ok(()) => BackendUsed::Uring,
            Err(e) => {
                BackendUsed::Sync { fallback: Some(format!("io_uring unavailable ({e}); using plain reads")) }
            }
        },
    };
    let mut report = Report {
        roots: config.paths.clone(),
        by_root: config.by_root.then(|| root_sections(config)),
        ..Report::default()
    };
    let sel = &config.selection;
    let (jobs, listed) = roots(config, &mut report, &mut setup.calls);
    let ring = backend == BackendUsed::Uring;
    let (threads, spares) = (config.worker_count(ring), config.spare_count(ring));
    report.warnings.extend(config.worker_note(ring));
    let workers = threads + spares;
    let rules = Arc::new(config.read_rules());
    let follow = sel.follow.then(|| Follow::new(&walk_roots(config, listed.as_ref())));
    let follow = follow.as_ref();
    let listed = listed.filter(Listed::may_overlap);
    // Each worker's recorder publishes progress and streams files as it records (the reader is made
    // on the worker's thread, with the worker's recorder at hand for a warning).
    let recording = Recording {
        keep_files: config.by_file,
        progress: config.progress.clone(),
        sink: config.file_sink.clone(),
        by_root: report.by_root.clone(),
        timed: config.stats,
        hold: config.no_duplicates,
    };
    let make_reader = |out: &mut Recorder| -> Box<dyn Reader> {
        match backend {
            BackendUsed::Uring => uring_or_sync(out, &rules, workers),
            BackendUsed::Sync { .. } if spares == 0 => {
                Box::new(SyncReader::new(Arc::clone(&rules)).blind_to_disk())
            }
            BackendUsed::Sync { .. } => Box::new(SyncReader::new(Arc::clone(&rules))),
        }
    };
    let pool_started = clock.start();
    let parts = run_pool(jobs, (threads, spares), make_reader, &recording, sel, (follow, listed.as_ref()));
    let pool_ended = clock.start();
    let mut stats = config.stats.then(Stats::default);
    for (part, figures) in parts {
        report.merge(part);
        if let Some(stats) = &mut stats {
            stats.add_worker(&figures);
        }
    }
    if config.no_duplicates {
        report.settle_duplicates(config.by_file, config.file_sink.as_ref());
    }
    report.sort();
    report.uloc = rules.uloc.as_ref().map(|lines| lines.totals());
    if let Some(stats) = &mut stats {
        let ended = clock.start();
        stats.add_counts(&setup);
        stats.setup = Clock::between(started, pool_started);
        stats.workers = Clock::between(pool_started, pool_ended);
        stats.merge = Clock::between(pool_ended, ended);
        stats.wall = Clock::between(started, ended);
    }
    Ok(Run { report, backend, stats })
}

/// The directories walked from a path of their own: the paths given and the `--files-from` list's
/// directories. `--follow` leaves a link into one of them to its walk.
fn walk_roots(config: &Config, listed: Option<&Listed>) -> Vec<PathBuf> {
    let listed = listed.map_or(&[][..], Listed::dir_paths);
    config.paths.iter().chain(listed).cloned().collect()
}

/// A worker's ring can still fail after the probe (locked memory runs out): that worker reads
/// plainly and the run says so.
fn uring_or_sync(out: &mut Recorder, rules: &Arc<ReadRules>, workers: usize) -> Box<dyn Reader> {
    match UringReader::new(Arc::clone(rules), workers) {
        Ok(r) => Box::new(r),
        Err(e) => {
            out.warn(format!("a worker could not set up io_uring ({e}); it used plain reads"));
            Box::new(SyncReader::new(Arc::clone(rules)))
        }
    }
}
