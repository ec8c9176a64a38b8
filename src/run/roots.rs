//! The paths a user names become the first jobs: directories to walk, and files grouped by parent
//! so that a list of 100,000 files (`git ls-files -z | ringloc --files-from - -0`) opens each parent
//! directory once.

use std::collections::{BTreeMap, HashMap};
use std::ffi::{CString, OsStr};
use std::fs::Metadata;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustix::fs::{openat, Mode, OFlags, CWD};

use super::pool::Job;
use crate::config::Config;
use crate::fs::{not_regular, reads_plainly, FileJob, ListedDir};
use crate::lang::{detect_by_name, NameMatch};
use crate::report::{Outcome, Report, RootTotals, Skip, LISTED_FILES};
use crate::stats::{Syscall, Syscalls};
use crate::walk::ignore::{link_note, root_level, Unapplied};
use crate::walk::{file_job, DirId, DirJob, Listed};

/// Named files per job: a batch other workers can steal.
const BATCH: usize = 32;

/// The `--by-root` sections of a run: one per path, in order, then one for the `--files-from` list.
/// A file is counted under the index of the root it was reached from (files listed with
/// `--files-from` under the last).
pub fn root_sections(config: &Config) -> Vec<RootTotals> {
    let listed = (!config.files.is_empty()).then(|| Path::new(LISTED_FILES));
    config.paths.iter().map(PathBuf::as_path).chain(listed).map(RootTotals::new).collect()
}

/// The first jobs, and with `--files-from` what the list names, each entry taken once (see
/// [`Listed`]); the system calls made to find them are counted into `calls` (not those of making
/// paths absolute, nor of a file named through a symlink).
pub fn roots(config: &Config, report: &mut Report, calls: &mut Syscalls) -> (Vec<Job>, Option<Listed>) {
    let keep = config.by_file;
    let mut jobs = Vec::new();
    // Keyed by root too, so that files keep their root apart even when they share a directory; and
    // by the parent's bytes, not its `Path`, whose ordering compares component by component (36%
    // of a `--files-from` run over 22,321 listed files, by callgrind).
    let mut named: BTreeMap<(usize, &[u8]), Vec<&[u8]>> = BTreeMap::new();
    let fail = |report: &mut Report, root: usize, path: &Path, e: io::Error| {
        report.record(root, Outcome::Failed(e), keep, || path.to_path_buf());
    };
    // Paths on the command line follow symlinks (the user pointed at them); listed files do not,
    // since `git ls-files` lists symlinks whose targets are listed too.
    let given = config.paths.iter().enumerate().map(|(i, p)| (i, p, std::fs::metadata(p)));
    let listed_root = config.paths.len();
    let listed = config.files.iter().map(|p| (listed_root, p, std::fs::symlink_metadata(p)));
    let mut list = (!config.files.is_empty()).then(|| Listed::new(listed_root));
    let mut parents = HashMap::new();
    for (root, path, meta) in given.chain(listed) {
        calls.add(Syscall::Statx);
        if excluded(config, (path, &meta), root == listed_root) {
            continue;
        }
        if let (Some(list), Ok(meta)) = (list.as_mut().filter(|_| root == listed_root), &meta) {
            if !first_listed(list, (path, meta), &mut parents, calls) {
                continue;
            }
        }
        match meta {
            Ok(m) if m.is_dir() => match dir_job(config, root, path, report, calls) {
                Ok(job) => jobs.push(job),
                Err(e) => fail(report, root, path, e),
            },
            Ok(m) if m.is_file() && root < listed_root && is_link(path, calls) => {
                match linked_file(config, root, path, report) {
                    Ok(Some(file)) => jobs.push(Job::Files(vec![file])),
                    Ok(None) => {}
                    Err(e) => fail(report, root, path, e),
                }
            }
            Ok(m) if m.is_file() => {
                let parent = path.parent().map_or(&[][..], |p| p.as_os_str().as_bytes());
                let name = path.file_name().map_or(path.as_os_str().as_bytes(), OsStr::as_bytes);
                named.entry((root, parent)).or_default().push(name);
            }
            Ok(m) if m.is_symlink() => {}
            Ok(_) => fail(report, root, path, not_regular()),
            Err(e) => fail(report, root, path, e),
        }
    }
    for ((root, parent), names) in named {
        let parent = Path::new(OsStr::from_bytes(parent));
        match files_in(config, root, parent, &names, (&mut *report, &mut *calls)) {
            Ok(files) => jobs.extend(files.chunks(BATCH).map(|c| Job::Files(c.to_vec()))),
            Err(e) => names
                .iter()
                .for_each(|n| fail(report, root, &parent.join(OsStr::from_bytes(n)), clone_err(&e))),
        }
    }
    (jobs, list)
}

/// Whether `--exclude-dir` or `--exclude` leaves out a named file, or a listed file or directory
/// (see [`crate::walk::select::Selection::excludes_named`]); a directory named on the command line is a
/// root, always walked.
fn excluded(config: &Config, (path, meta): (&Path, &io::Result<Metadata>), listed: bool) -> bool {
    let is_dir = meta.as_ref().is_ok_and(Metadata::is_dir);
    (listed || !is_dir) && config.selection.excludes_named(path, is_dir).is_some()
}

/// Whether a listed `path` is listed for the first time: a directory is known by its device and
/// inode, a file by its directory's (each parent as written stat'ed once, in `parents`) and its
/// name, so `./a.c` after `a.c` is the same file. A path whose parent cannot be read is kept, for
/// the error to be reported.
fn first_listed<'a>(
    list: &mut Listed,
    (path, meta): (&'a Path, &Metadata),
    parents: &mut HashMap<&'a [u8], Option<DirId>>,
    calls: &mut Syscalls,
) -> bool {
    if meta.is_dir() {
        return list.add_dir((meta.dev(), meta.ino()), path);
    }
    if !meta.is_file() {
        return true;
    }
    let parent = path.parent().map_or(&[][..], |p| p.as_os_str().as_bytes());
    let dir = *parents.entry(parent).or_insert_with(|| {
        calls.add(Syscall::Statx);
        let dir = if parent.is_empty() { Path::new(".") } else { Path::new(OsStr::from_bytes(parent)) };
        std::fs::metadata(dir).ok().map(|m| (m.dev(), m.ino()))
    });
    let name = path.file_name().map_or(path.as_os_str().as_bytes(), OsStr::as_bytes);
    dir.map_or(true, |dir| list.add_file(dir, name))
}

fn is_link(path: &Path, calls: &mut Syscalls) -> bool {
    calls.add(Syscall::Statx);
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_symlink())
}

/// A file named on the command line through a symlink is opened under its real name in its real
/// directory (opening the link's name refuses to follow it), and shown under the name given.
fn linked_file(
    config: &Config,
    root: usize,
    path: &Path,
    report: &mut Report,
) -> io::Result<Option<FileJob>> {
    let name = path.file_name().map_or(&[][..], OsStr::as_bytes);
    let Some(language) = named_language(config, root, (name, || path.to_path_buf()), report) else {
        return Ok(None);
    };
    let real = std::fs::canonicalize(path)?;
    let real_name = real.file_name().map_or(&[][..], OsStr::as_bytes);
    file_job(&real, real_name, path, language, root).map(Some)
}

/// What the name of a named file says: the language to read it as, or nothing when a filter leaves
/// it out or its language is unknown (then counted under `skipped`, as a walk counts it).
fn named_language(
    config: &Config,
    root: usize,
    (name, path): (&[u8], impl FnOnce() -> PathBuf),
    report: &mut Report,
) -> Option<NameMatch> {
    let language = detect_by_name(name);
    if config.selection.skips_file(name, language) {
        return None;
    }
    if language == NameMatch::Unknown {
        report.record(root, Outcome::Skipped(Skip::Unknown), config.by_file, path);
        return None;
    }
    Some(language)
}

fn clone_err(e: &io::Error) -> io::Error {
    e.raw_os_error().map_or_else(|| io::Error::new(e.kind(), e.to_string()), io::Error::from_raw_os_error)
}

/// A root to walk; ignore files above it that cannot be read are its errors, those that are
/// symlinks notes.
fn dir_job(
    config: &Config,
    root_index: usize,
    path: &Path,
    report: &mut Report,
    calls: &mut Syscalls,
) -> io::Result<Job> {
    let mut unapplied = Unapplied::default();
    let ignore = root_level(config.selection.ignore, path, &mut unapplied, calls);
    for (file, e) in unapplied.unreadable {
        report.record(root_index, Outcome::Failed(e), config.by_file, || file);
    }
    report.warnings.extend(unapplied.links.iter().map(|file| link_note(file)));
    Ok(Job::Dir(DirJob {
        parent: None,
        name: Some(cstring(path.as_os_str().as_bytes())?),
        path: path.to_path_buf(),
        root: Arc::from(path),
        root_index,
        depth: 0,
        ignore,
        device: 0,
        followed: false,
        plain_reads: None,
    }))
}

/// Files named one by one are opened relative to their parent, like listed files. Only the name
/// filters apply here (`--exclude-dir` and `--exclude` were asked before): the user asked for
/// them, hidden or ignored or not.
fn files_in(
    config: &Config,
    root: usize,
    parent: &Path,
    names: &[&[u8]],
    (report, calls): (&mut Report, &mut Syscalls),
) -> io::Result<Vec<FileJob>> {
    let mut kept = Vec::new();
    let mut buf = Vec::new();
    for &name in names {
        let path = || parent.join(OsStr::from_bytes(name));
        let Some(language) = named_language(config, root, (name, path), report) else { continue };
        kept.push((buf.len() as u32, name.len() as u32, language));
        buf.extend_from_slice(name);
        buf.push(0);
    }
    if kept.is_empty() {
        return Ok(Vec::new());
    }
    let dir_name = cstring(if parent.as_os_str().is_empty() { b"." } else { parent.as_os_str().as_bytes() })?;
    // O_PATH: opening names in it needs search permission only, not read (a directory of mode 711).
    calls.add(Syscall::Openat);
    let fd =
        openat(CWD, dir_name.as_c_str(), OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC, Mode::empty())?;
    calls.add(Syscall::Close);
    calls.add(Syscall::Fstatfs);
    let sync_only = reads_plainly(&fd);
    let path = parent.to_path_buf();
    let dir = Arc::new(ListedDir { fd, path, names: buf, shown_as: None, root_index: root, sync_only });
    Ok(kept
        .into_iter()
        .map(|(name_at, name_len, language)| FileJob { dir: Arc::clone(&dir), name_at, name_len, language })
        .collect())
}

fn cstring(bytes: &[u8]) -> io::Result<CString> {
    CString::new(bytes).map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "path contains a NUL byte"))
}
