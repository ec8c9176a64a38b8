//! One run: resolve the roots, pick the backend, walk and read with the pool, merge once.

use std::ffi::OsStr;
use std::fmt;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::Arc;

use rustix::fs::{openat, Mode, OFlags, CWD};

use crate::config::Config;
use crate::io::{probe_uring, Backend, FileJob, ListedDir, Reader, SyncReader, UringReader};
use crate::lang::{detect_by_name, LangId, NameMatch};
use crate::report::{Outcome, Report};
use crate::walk::ignore::root_level;
use crate::walk::select::Selection;
use crate::walk::{run_pool, DirJob, Job};

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

/// Counts every file under `config.paths`.
pub fn count_paths(config: &Config) -> Result<Run, Error> {
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
    let mut report = Report { roots: config.paths.clone(), ..Report::default() };
    let sel = &config.selection;
    let jobs = roots(config, &mut report);
    let threads = config.worker_count();
    let only: Arc<[LangId]> = sel.types.clone().into();
    let parts = match backend {
        BackendUsed::Uring => {
            run_pool(jobs, threads, |r: &mut Report| uring_or_sync(r, &only), sel, config.by_file)
        }
        BackendUsed::Sync { .. } => {
            run_pool(jobs, threads, |_: &mut Report| SyncReader::new(Arc::clone(&only)), sel, config.by_file)
        }
    };
    parts.into_iter().for_each(|p| report.merge(p));
    report.sort();
    Ok(Run { report, backend })
}

/// A worker's ring can still fail after the probe (locked memory runs out): that worker reads
/// plainly and the run says so.
fn uring_or_sync(report: &mut Report, only: &Arc<[LangId]>) -> Box<dyn Reader> {
    match UringReader::new(Arc::clone(only)) {
        Ok(r) => Box::new(r),
        Err(e) => {
            report.warnings.push(format!("a worker could not set up io_uring ({e}); it used plain reads"));
            Box::new(SyncReader::new(Arc::clone(only)))
        }
    }
}

fn roots(config: &Config, report: &mut Report) -> Vec<Job> {
    let keep = config.by_file;
    let mut jobs = Vec::new();
    let mut files = Vec::new();
    for path in &config.paths {
        let fail =
            |report: &mut Report, e: io::Error| report.record(Outcome::Failed(e), keep, || path.clone());
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => match cstring(path.as_os_str().as_bytes()) {
                Ok(name) => jobs.push(Job::Dir(DirJob {
                    parent: None,
                    name,
                    path: path.clone(),
                    root: Arc::from(path.as_path()),
                    depth: 0,
                    ignore: root_level(config.selection.ignore, path),
                })),
                Err(e) => fail(report, e),
            },
            Ok(m) if m.is_file() => match root_file(path, &config.selection) {
                Ok(Some(job)) => files.push(job),
                Ok(None) => report.record(Outcome::Unknown, keep, || path.clone()),
                Err(e) => fail(report, e),
            },
            Ok(_) => {
                fail(report, io::Error::new(io::ErrorKind::InvalidInput, "not a regular file or directory"))
            }
            Err(e) => fail(report, e),
        }
    }
    if !files.is_empty() {
        jobs.push(Job::Files(files));
    }
    jobs
}

/// A file named on the command line is opened relative to its parent, like any listed file.
/// Only the name filters apply to it: the user asked for this file, hidden or ignored or not.
fn root_file(path: &Path, sel: &Selection) -> io::Result<Option<FileJob>> {
    let name = path.file_name().map_or(path.as_os_str().as_bytes(), OsStr::as_bytes);
    let language = detect_by_name(name);
    if language == NameMatch::Unknown || sel.skips_file(name, language) {
        return Ok(None);
    }
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    let parent_c = cstring(parent.map_or(b".".as_slice(), |p| p.as_os_str().as_bytes()))?;
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
    let fd = openat(CWD, parent_c.as_c_str(), flags, Mode::empty())?;
    let mut names = name.to_vec();
    names.push(0);
    let dir = ListedDir { fd: Arc::new(fd), path: parent.map(Path::to_path_buf).unwrap_or_default(), names };
    Ok(Some(FileJob { dir: Arc::new(dir), name_at: 0, name_len: name.len() as u32, language }))
}

fn cstring(bytes: &[u8]) -> io::Result<std::ffi::CString> {
    std::ffi::CString::new(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "path contains a NUL byte"))
}
