//! `--follow`: symbolic links are followed, each target counted once. A target inside one of the
//! roots is left to the walk that reaches it directly; one outside is claimed by device and inode,
//! so two links to it (or a link back up the tree) cannot count it twice or loop.

use std::collections::HashSet;
use std::ffi::{CString, OsStr};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rustix::fd::OwnedFd;
use rustix::fs::{openat, statat, AtFlags, FileType, Mode, OFlags, Stat, CWD};

use super::DirJob;
use crate::fs::{reads_plainly, FileJob, ListedDir};
use crate::lang::{detect_by_name, NameMatch};
use crate::walk::select::Selection;

#[derive(Debug)]
pub struct Follow {
    roots: Vec<PathBuf>,
    claimed: Mutex<HashSet<(u64, u64)>>,
}

/// Where a followed link leads.
pub enum Target {
    Dir(DirJob),
    File(FileJob),
    /// A file of unknown language, claimed here: counted under `skipped`.
    Unknown,
    /// Counted elsewhere, already claimed, or not something we count.
    Nothing,
}

impl Follow {
    pub fn new(roots: &[PathBuf]) -> Follow {
        use std::os::unix::fs::MetadataExt;
        // A followed tree that holds a root (a link to an ancestor) stops there.
        let ids = roots.iter().filter_map(|r| std::fs::metadata(r).ok()).map(|m| (m.dev(), m.ino()));
        let claimed = Mutex::new(ids.collect());
        let roots = roots.iter().filter_map(|r| std::fs::canonicalize(r).ok()).collect();
        Follow { roots, claimed }
    }

    /// Claims the directory open as `fd` for this walk; false when it was claimed already.
    pub fn claim(&self, fd: &OwnedFd) -> bool {
        rustix::fs::fstat(fd).is_ok_and(|st| self.claim_id(st.st_dev, st.st_ino))
    }

    fn claim_id(&self, dev: u64, ino: u64) -> bool {
        self.claimed.lock().unwrap_or_else(|e| e.into_inner()).insert((dev, ino))
    }

    /// Resolves the link `name` of `parent`, which `link` names for people and whose target is `st`
    /// ([`target_of`]).
    pub fn resolve(
        &self,
        st: Stat,
        name: &[u8],
        link: &Path,
        parent: &DirJob,
        sel: &Selection,
    ) -> io::Result<Target> {
        let real = std::fs::canonicalize(link)?;
        let inside = self.roots.iter().any(|r| real.starts_with(r));
        let claimed = || self.claim_id(st.st_dev, st.st_ino);
        Ok(match FileType::from_raw_mode(st.st_mode) {
            FileType::Directory if !inside && claimed() => Target::Dir(DirJob {
                parent: None,
                name: Some(CString::new(real.as_os_str().as_bytes()).map_err(io::Error::other)?),
                path: link.to_path_buf(),
                root: Arc::clone(&parent.root),
                root_index: parent.root_index,
                depth: parent.depth + 1,
                ignore: Arc::clone(&parent.ignore),
                device: parent.device,
                followed: true,
            }),
            FileType::RegularFile if !inside => {
                let real_name = real.file_name().map_or(&[][..], OsStr::as_bytes);
                let language = detect_by_name(name);
                if sel.skips_file(name, language) || !claimed() {
                    return Ok(Target::Nothing);
                }
                if language == NameMatch::Unknown {
                    return Ok(Target::Unknown);
                }
                Target::File(file_job(&real, real_name, link, language, parent.root_index)?)
            }
            _ => Target::Nothing,
        })
    }
}

/// What the link `name` in the directory open as `fd` leads to, stat'ed through it: asked before the
/// selection judges the link, since a link to a directory is judged as a directory.
pub fn target_of(fd: &OwnedFd, name: &[u8]) -> io::Result<Stat> {
    Ok(statat(fd, OsStr::from_bytes(name), AtFlags::empty())?)
}

/// Whether a link's target ([`target_of`]) is a directory.
pub fn is_dir(st: &Stat) -> bool {
    FileType::from_raw_mode(st.st_mode) == FileType::Directory
}

/// A followed file is opened in its real directory under its real name, and shown as the link.
pub(crate) fn file_job(
    real: &Path,
    real_name: &[u8],
    link: &Path,
    language: NameMatch,
    root_index: usize,
) -> io::Result<FileJob> {
    let parent = real.parent().unwrap_or(Path::new("/"));
    // O_PATH: opening the file needs search permission on its directory only, not read.
    let fd = openat(CWD, parent, OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC, Mode::empty())?;
    let mut names = real_name.to_vec();
    names.push(0);
    let shown_as = Some(link.to_path_buf());
    let sync_only = reads_plainly(&fd);
    let dir = ListedDir { fd, path: parent.to_path_buf(), names, shown_as, root_index, sync_only };
    Ok(FileJob { dir: Arc::new(dir), name_at: 0, name_len: real_name.len() as u32, language })
}
