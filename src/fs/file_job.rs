//! A file found by the walk, waiting to be read, and the listed directory it is opened from.

use std::ffi::{CStr, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::sync::Arc;

use rustix::fd::OwnedFd;

use crate::lang::NameMatch;

/// A listed directory: its open descriptor (files are opened relative to it, and subdirectories
/// queued with it as their parent) and the names found in it, NUL-terminated in one buffer so a
/// file costs no allocation of its own. One allocation a directory holds both: the descriptor in an
/// `Arc` of its own cost a directory a `malloc` and a `free` more (~170 instructions).
#[derive(Debug)]
pub struct ListedDir {
    pub fd: OwnedFd,
    pub path: PathBuf,
    pub names: Vec<u8>,
    /// The path to show instead, for a file reached through a followed symlink.
    pub shown_as: Option<PathBuf>,
    /// The root its files were reached from (see [`DirJob`](crate::walk::DirJob)): kept per
    /// directory, not per file, so `--by-root` costs no memory per queued file.
    pub root_index: usize,
    /// Its files are read with plain syscalls, never through a ring ([`reads_plainly`](super::reads_plainly)).
    pub sync_only: bool,
}

/// One file waiting to be read. Holding the `Arc` keeps its directory descriptor open.
#[derive(Debug, Clone)]
pub struct FileJob {
    pub dir: Arc<ListedDir>,
    pub name_at: u32,
    pub name_len: u32,
    pub language: NameMatch,
}

impl FileJob {
    pub fn name(&self) -> &CStr {
        let start = self.name_at as usize;
        let end = start + self.name_len as usize + 1;
        CStr::from_bytes_with_nul(&self.dir.names[start..end]).expect("names are NUL-terminated")
    }

    /// Where [`FileJob::name`]'s bytes start, NUL-terminated, for a system call that takes the
    /// name by address: unlike `name`, it does not scan the name for its NUL (~45 instructions a
    /// file in the ring).
    pub fn name_ptr(&self) -> *const std::ffi::c_char {
        self.dir.names[self.name_at as usize..].as_ptr().cast()
    }

    pub fn path(&self) -> PathBuf {
        match &self.dir.shown_as {
            Some(link) => link.clone(),
            None => self.dir.path.join(OsStr::from_bytes(self.name().to_bytes())),
        }
    }
}

/// Jobs for the files `names` of the directory `dir`, as a walk would queue them (the readers'
/// tests): the directory opened, its names in one NUL-terminated buffer, each file's language
/// from its name.
#[cfg(test)]
pub(crate) fn jobs_in(dir: &std::path::Path, names: &[&str], sync_only: bool) -> Vec<FileJob> {
    use rustix::fs::{open, Mode, OFlags};
    let fd = open(dir, OFlags::DIRECTORY | OFlags::RDONLY, Mode::empty()).expect("open the directory");
    let listed = Arc::new(ListedDir {
        fd,
        path: dir.into(),
        names: names.iter().flat_map(|n| n.bytes().chain([0])).collect(),
        shown_as: None,
        root_index: 0,
        sync_only,
    });
    let mut name_at = 0;
    names
        .iter()
        .map(|name| {
            let job = FileJob {
                dir: Arc::clone(&listed),
                name_at,
                name_len: name.len() as u32,
                language: crate::lang::detect_by_name(name.as_bytes()),
            };
            name_at += name.len() as u32 + 1;
            job
        })
        .collect()
}
