//! Directory listing with getdents64 (rustix `RawDir`), names resolved relative to directory
//! descriptors; `pool` spreads directories over the workers.

mod pool;

use std::ffi::{CString, OsStr};
use std::io;
use std::mem::MaybeUninit;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::sync::Arc;

use rustix::fd::OwnedFd;
use rustix::fs::{openat, statat, AtFlags, FileType, Mode, OFlags, RawDir, CWD};

pub use pool::{run_pool, Job};

use crate::io::{FileJob, ListedDir};
use crate::lang::{detect_by_name, NameMatch};
use crate::report::{Outcome, Report};

/// Version-control metadata: never source, often huge.
const SKIPPED_DIRS: &[&[u8]] = &[b".git", b".hg", b".svn"];

/// A directory still to be listed, named relative to its parent's open descriptor (or, for a root,
/// by the path the user gave), so no syscall ever needs a path longer than one name.
#[derive(Debug)]
pub struct DirJob {
    pub parent: Option<Arc<OwnedFd>>,
    pub name: CString,
    pub path: PathBuf,
}

/// Per-worker scratch for listing: the getdents buffer and the names of one directory.
pub struct Lister {
    buf: Vec<MaybeUninit<u8>>,
    files: Vec<(u32, u32, NameMatch)>,
}

impl Default for Lister {
    fn default() -> Self {
        Lister { buf: vec![MaybeUninit::uninit(); 64 * 1024], files: Vec::new() }
    }
}

/// What listing one directory produced.
pub struct Listing {
    pub dirs: Vec<DirJob>,
    pub files: Vec<FileJob>,
}

impl Lister {
    /// Lists `job`: subdirectories and countable files. Unknown extensions are dropped here, so
    /// they are never opened.
    pub fn list(&mut self, job: DirJob, out: &mut Report, keep: bool) -> Listing {
        let mut listing = Listing { dirs: Vec::new(), files: Vec::new() };
        let fd = match open_dir(&job) {
            Ok(fd) => Arc::new(fd),
            Err(e) => {
                out.record(Outcome::Failed(e), keep, || job.path.clone());
                return listing;
            }
        };
        let mut names = Vec::new();
        self.files.clear();
        let mut entries = RawDir::new(&*fd, &mut self.buf);
        while let Some(entry) = entries.next() {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    out.record(Outcome::Failed(e.into()), keep, || job.path.clone());
                    break;
                }
            };
            let name = entry.file_name();
            let bytes = name.to_bytes();
            if bytes == b"." || bytes == b".." {
                continue;
            }
            let kind = match entry.file_type() {
                FileType::Unknown => match statat(&*fd, name, AtFlags::SYMLINK_NOFOLLOW) {
                    Ok(st) => FileType::from_raw_mode(st.st_mode),
                    Err(e) => {
                        out.record(Outcome::Failed(e.into()), keep, || {
                            job.path.join(OsStr::from_bytes(bytes))
                        });
                        continue;
                    }
                },
                kind => kind,
            };
            match kind {
                FileType::Directory if !SKIPPED_DIRS.contains(&bytes) => listing.dirs.push(DirJob {
                    parent: Some(Arc::clone(&fd)),
                    name: name.to_owned(),
                    path: job.path.join(OsStr::from_bytes(bytes)),
                }),
                FileType::RegularFile => match detect_by_name(bytes) {
                    NameMatch::Unknown => {}
                    language => {
                        self.files.push((names.len() as u32, bytes.len() as u32, language));
                        names.extend_from_slice(name.to_bytes_with_nul());
                    }
                },
                // Symlinks are not followed; FIFOs, sockets and devices are never opened.
                _ => {}
            }
        }
        let dir = Arc::new(ListedDir { fd, path: job.path, names });
        listing.files.extend(self.files.iter().map(|&(name_at, name_len, language)| FileJob {
            dir: Arc::clone(&dir),
            name_at,
            name_len,
            language,
        }));
        listing
    }
}

fn open_dir(job: &DirJob) -> io::Result<OwnedFd> {
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC | OFlags::NOCTTY;
    let fd = match &job.parent {
        Some(parent) => openat(&**parent, job.name.as_c_str(), flags | OFlags::NOFOLLOW, Mode::empty()),
        None => openat(CWD, job.name.as_c_str(), flags, Mode::empty()),
    };
    Ok(fd?)
}
