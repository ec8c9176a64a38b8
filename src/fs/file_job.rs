//! A file found by the walk, waiting to be read, and the listed directory it is opened from.

use std::ffi::{CStr, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::sync::Arc;

use rustix::fd::OwnedFd;

use crate::lang::NameMatch;

/// A listed directory: its open descriptor (files are opened relative to it) and the file names
/// found in it, NUL-terminated in one buffer so a file costs no allocation of its own.
#[derive(Debug)]
pub struct ListedDir {
    pub fd: Arc<OwnedFd>,
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

    pub fn path(&self) -> PathBuf {
        match &self.dir.shown_as {
            Some(link) => link.clone(),
            None => self.dir.path.join(OsStr::from_bytes(self.name().to_bytes())),
        }
    }
}
