//! Directory listing with getdents64 (rustix `RawDir`), names resolved relative to directory
//! descriptors; `select` and `ignore` decide what is kept; `run` spreads the work over workers.

mod follow;
pub mod ignore;
mod inode_order;
mod listed;
mod listing_log;
mod open_dir;
pub mod patterns;
pub mod select;

use std::collections::VecDeque;
use std::ffi::{CStr, CString, OsStr, OsString};
use std::io;
use std::mem::MaybeUninit;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustix::fd::OwnedFd;
use rustix::fs::{statat, AtFlags, FileType, RawDir};

pub(crate) use self::follow::file_job;
use self::follow::LinkedNames;
pub use self::follow::{DirId, Follow, Linked, Wave};
use self::ignore::{IgnoreLevel, Unapplied, CUSTOM_FILES};
use self::inode_order::InodeOrder;
pub use self::listed::Listed;
pub use self::listing_log::ListingLog;
use self::open_dir::{open_dir, OpenDir, Openat2};
use self::select::Selection;
use crate::fs::{is_out_of_fds, FileJob, ListedDir, NoAtime};
use crate::lang::{detect_by_name, NameMatch};
use crate::stats::{Syscall, Syscalls};

/// Version-control metadata: never source, often huge.
pub(crate) const SKIPPED_DIRS: &[&[u8]] = &[b".git", b".hg", b".svn"];

/// A directory still to be listed, named relative to its parent's open descriptor (or, for a root,
/// by the path the user gave), so no syscall ever needs a path longer than one name.
#[derive(Debug)]
pub struct DirJob {
    /// The listed directory it is opened in, held open for it.
    pub parent: Option<Arc<ListedDir>>,
    /// What it is opened by: a root's path or a followed link's target; `None` for a listed
    /// subdirectory, opened by the last component of `path` under `parent`, or by `path` itself
    /// when no parent is held (no string of its own: ~150 instructions a directory).
    pub name: Option<CString>,
    pub path: PathBuf,
    /// The walk root this directory is under, for globs matched below it.
    pub root: Arc<Path>,
    /// That root's index in [`Config::paths`](crate::Config::paths): files found here are counted
    /// under it with `--by-root`.
    pub root_index: usize,
    pub depth: usize,
    pub ignore: Arc<IgnoreLevel>,
    /// The device its root is on, set when the root is listed: with `--one-file-system` a
    /// directory on another device (a mount point) is not entered.
    pub device: u64,
    /// Reached through a followed symlink (`--follow`): its subdirectories are claimed as they are
    /// entered, so that none is walked twice and no root is walked again from outside.
    pub followed: bool,
    /// Whether its files are read plainly, known from its parent ([`open_dir`] checks that it is
    /// on the parent's mount); `None` for a root or a followed link, asked when it is opened.
    pub plain_reads: Option<bool>,
}

/// Per-worker scratch for listing: the getdents buffer and one directory's entries.
pub struct Lister {
    buf: Vec<MaybeUninit<u8>>,
    /// One directory's names, each NUL-terminated: a directory with files to read hands a copy to
    /// its [`ListedDir`] in one piece, where copying each kept name cost a file ~20 instructions.
    names: Vec<u8>,
    /// Name start and length in `names`, and type.
    entries: Vec<(u32, u32, FileType)>,
    /// The entries in inode order, from their inode numbers.
    order: InodeOrder,
    /// The files of one directory kept for counting, before their [`ListedDir`] exists: each name's
    /// start and length in `names` and its language as the name says; kept from one directory to
    /// the next, where a fresh list cost a directory an allocation and a free.
    kept: Vec<(u32, u32, NameMatch)>,
    /// A file's path, for the ignore rules and globs to judge, written over for each file: a path
    /// of its own cost each file of a tree with ignore rules an allocation and a free.
    file_path: Vec<u8>,
    /// Listing a directory updates its atime as reading a file does.
    noatime: NoAtime,
    openat2: Openat2,
    /// With `--follow`, the files of the followed directory being listed that links count.
    linked: Option<LinkedNames>,
    /// The system calls listings made (`--follow`'s link resolution aside).
    pub calls: Syscalls,
}

impl Default for Lister {
    fn default() -> Self {
        Lister {
            buf: vec![MaybeUninit::uninit(); 64 * 1024],
            names: Vec::new(),
            entries: Vec::new(),
            order: InodeOrder::default(),
            kept: Vec::new(),
            file_path: Vec::new(),
            noatime: NoAtime::default(),
            openat2: Openat2::default(),
            linked: None,
            calls: Syscalls::default(),
        }
    }
}

/// What a listing needs to know about the run.
pub struct ListContext<'a> {
    pub selection: &'a Selection,
    /// Set with `--follow`.
    pub follow: Option<&'a Follow>,
    /// Set when walks of `--files-from` directories may meet other listed entries.
    pub listed: Option<&'a Listed>,
    /// Out of descriptors, give the job back instead of failing it.
    pub defer: bool,
    /// Queued subdirectories hold their parent open; else (a low descriptor limit) each is
    /// opened by its path, and a deep tree's queue holds no descriptors.
    pub hold_parents: bool,
}

/// Longest path a subdirectory is opened by when parents are not held (PATH_MAX is 4096, NUL
/// included); a deeper one still holds its parent.
const PATH_OPEN_MAX: usize = 4000;

impl DirJob {
    /// The job for subdirectory `name` of this directory, with no parent yet: the directory's
    /// [`ListedDir`] is made once all its entries are sorted, and then given to the subdirectories
    /// that [hold it](DirJob::holds_parent).
    fn child(&self, name: &[u8], path: PathBuf, ignore: &Arc<IgnoreLevel>) -> DirJob {
        debug_assert_eq!(last_component(&path), name, "opened by its last component");
        DirJob {
            parent: None,
            name: None,
            path,
            root: Arc::clone(&self.root),
            root_index: self.root_index,
            depth: self.depth + 1,
            ignore: Arc::clone(ignore),
            device: self.device,
            followed: self.followed,
            plain_reads: self.plain_reads,
        }
    }

    /// Whether this job, a listed subdirectory, is opened under its parent's descriptor (held
    /// open for it) rather than by its path: always when parents are held, and when its path is
    /// too long to open by.
    fn holds_parent(&self, hold: bool) -> bool {
        self.name.is_none() && (hold || self.path.as_os_str().len() >= PATH_OPEN_MAX)
    }
}

/// Where listings put what they find; one per worker. `dirs` is emptied by the caller after each
/// listing, so a directory costs no allocation for it; `files` is the worker's queue of files to
/// read, which a listing adds to at the back: a file job is moved once, where a list of the
/// directory's own, moved to the queue after, cost a file ~15 instructions more.
#[derive(Default)]
pub struct Listing {
    pub dirs: Vec<DirJob>,
    pub files: VecDeque<FileJob>,
}

impl Lister {
    /// Lists `job`: the subdirectories to enter and the files to count. Files of unknown extension
    /// and everything the selection or an ignore file excludes are dropped here, never opened.
    /// Out of descriptors (EMFILE, ENFILE) with `defer`, the job comes back to be tried later,
    /// and `listing` is left as it was; else what it finds is added to `listing`.
    pub fn list(
        &mut self,
        job: DirJob,
        ctx: &ListContext<'_>,
        out: &mut impl ListingLog,
        listing: &mut Listing,
    ) -> Result<(), DirJob> {
        let mut job = job;
        let opened = match open_dir(&job, (&mut self.noatime, &mut self.openat2), &mut self.calls) {
            Ok(dir) if self.left_out(&mut job, &dir.fd, ctx) => return Ok(()),
            Ok(dir) => dir,
            Err(e) if ctx.defer && is_out_of_fds(&e) => {
                return Err(job);
            }
            Err(e) => {
                out.failed(job.root_index, e, || job.path.clone());
                return Ok(());
            }
        };
        // Asked before its subdirectories are sorted out, for them to inherit.
        job.plain_reads = Some(opened.plain_reads(&mut self.calls));
        let OpenDir { fd, .. } = opened;
        if let Err(e) = self.read_entries(&fd, &job, out) {
            out.failed(job.root_index, e, || job.path.clone());
        }
        // Inode order, not hash order: ext4 gives files created one after another neighbouring
        // inodes and neighbouring blocks, so cold reads issued in this order merge into larger disk
        // requests (kernel tree: 69,500 reads -> 23,900), and opens find their inode block cached.
        self.order.sort();
        let ignore = self.ignore_level(&fd, &job, ctx.selection, out);
        let mut kept = std::mem::take(&mut self.kept);
        kept.clear();
        let children = listing.dirs.len();
        let mut file_path = std::mem::take(&mut self.file_path);
        self.sort_entries((&mut kept, &mut file_path), (&fd, &job, &ignore), ctx, listing, out);
        self.file_path = file_path;
        let children = &mut listing.dirs[children..];
        let held = children.iter().any(|child| child.holds_parent(ctx.hold_parents));
        // A directory with no file to read and no subdirectory to hold it open is closed here.
        if !kept.is_empty() || held {
            let dir = Arc::new(self.listed_dir(fd, job, !kept.is_empty()));
            for child in children.iter_mut().filter(|child| child.holds_parent(ctx.hold_parents)) {
                child.parent = Some(Arc::clone(&dir));
            }
            listing.files.extend(kept.drain(..).map(|(name_at, name_len, language)| FileJob {
                dir: Arc::clone(&dir),
                name_at,
                name_len,
                language,
            }));
        }
        self.kept = kept;
        Ok(())
    }

    /// The record the directory `job`, open as `fd`, is shared by: with `files` to read, its names
    /// and whether it is read plainly; else, for its subdirectories, its descriptor alone.
    fn listed_dir(&mut self, fd: OwnedFd, job: DirJob, files: bool) -> ListedDir {
        let sync_only = files && job.plain_reads == Some(true);
        let names = if files { self.names.clone() } else { Vec::new() };
        ListedDir { fd, path: job.path, names, shown_as: None, root_index: job.root_index, sync_only }
    }

    /// Sends each entry where it belongs: a subdirectory to enter (with no parent yet) into
    /// `listing`, a link to follow to [`Follow`] for the next wave, a file to count into `kept`, a
    /// file of unknown language to `out` as skipped; what the selection or an ignore rule excludes
    /// is dropped, and so is a file a followed link counts.
    fn sort_entries(
        &self,
        (kept, file_path): (&mut Vec<(u32, u32, NameMatch)>, &mut Vec<u8>),
        (fd, job, ignore): (&OwnedFd, &DirJob, &Arc<IgnoreLevel>),
        ctx: &ListContext<'_>,
        listing: &mut Listing,
        out: &mut impl ListingLog,
    ) {
        let sel = ctx.selection;
        let verdict = sel.dir_verdict(&job.path, &job.root);
        if !verdict.enter {
            return;
        }
        // Without ignore rules or globs no path can drop an entry, and a file's path is not built:
        // joining it cost 10% of the read floor's user instructions.
        let filtered = ignore.has_rules() || sel.filters_paths();
        let name_filtered = sel.filters_files();
        // A file a followed link counts is left to it (`--follow`).
        let linked = |name: &[u8]| self.linked.as_ref().is_some_and(|names| names.contains(name));
        for (at, len, kind) in self.order.indices().map(|i| self.entries[i]) {
            let name = &self.names[at as usize..(at + len) as usize];
            if sel.skips_name(name) {
                continue;
            }
            let path = || joined(&job.path, name);
            let dropped = |path: &Path, is_dir| filtered && sel.drops_path(ignore, path, &job.root, is_dir);
            let enters = || !SKIPPED_DIRS.contains(&name) && !sel.skips_dir(name, job.depth + 1);
            match kind {
                FileType::Directory if enters() => {
                    let path = path();
                    if !dropped(&path, true) {
                        listing.dirs.push(job.child(name, path, ignore));
                    }
                }
                FileType::RegularFile => {
                    let language = detect_by_name(name);
                    // A worktree's or submodule's `.git` file points at its repository: metadata.
                    if name == b".git"
                        || !verdict.files
                        || !sel.keeps_by_pattern(name, path)
                        || name_filtered && sel.skips_file(name, language)
                        || filtered && dropped(path_in(file_path, &job.path, name), false)
                        || linked(name)
                    {
                        continue;
                    }
                    if language == NameMatch::Unknown {
                        out.unknown_file(job.root_index, path);
                        continue;
                    }
                    kept.push((at, len, language));
                }
                FileType::Symlink => {
                    let Some(follow) = ctx.follow else { continue };
                    let path = path();
                    let target = follow::target_of(fd, name);
                    // A followed link to a directory is one to the directory rules (`--exclude-dir`,
                    // `--max-depth`, a glob or ignore line ending in `/`), as ripgrep and fd take it.
                    let is_dir = target.as_ref().is_ok_and(follow::is_dir);
                    let file_kept = || verdict.files && sel.keeps_by_pattern(name, || path.clone());
                    if (if is_dir { enters() } else { file_kept() }) && !dropped(&path, is_dir) {
                        if let Err(e) =
                            target.and_then(|st| follow.resolve(st, (name, &path), (job, ignore), sel))
                        {
                            out.failed(job.root_index, e, || path);
                        }
                    }
                }
                // FIFOs, sockets and devices are never opened.
                _ => {}
            }
        }
    }

    /// Whether the directory open as `fd` is not to be listed: with `-x`, on another device than
    /// its root; in a walk of the `--files-from` list, another listed directory; with `--follow`,
    /// inside a followed tree and a root or already walked. The directory's files that links count
    /// or that the list names are noted in `linked`, for [`Lister::sort_entries`]. One `fstat`
    /// serves all three, and none is made without them.
    fn left_out(&mut self, job: &mut DirJob, fd: &OwnedFd, ctx: &ListContext<'_>) -> bool {
        self.linked = None;
        let listed = ctx.listed.filter(|listed| listed.root() == job.root_index);
        let follow = ctx.follow.filter(|_| job.followed);
        if !ctx.selection.one_file_system && listed.is_none() && follow.is_none() {
            return false;
        }
        self.calls.add(Syscall::Fstat);
        // Unasked, a followed directory cannot be claimed, so it is left out; the others are listed.
        let Ok(st) = rustix::fs::fstat(fd) else { return follow.is_some() };
        let id = (st.st_dev, st.st_ino);
        if ctx.selection.one_file_system && leaves_root_device(job, st.st_dev) {
            return true;
        }
        if let Some(listed) = listed {
            let Some(names) = listed.enter(id, job.depth) else { return true };
            self.linked = names;
        }
        let Some(follow) = follow else { return false };
        // A link's target has a name to be opened by; its subdirectories have none.
        let Some(linked) = follow.enter(id, job.name.is_some()) else { return true };
        self.linked = union(self.linked.take(), linked);
        false
    }

    /// Reads every entry (name and type) before any is judged: an ignore file may come last.
    fn read_entries(&mut self, fd: &OwnedFd, job: &DirJob, out: &mut impl ListingLog) -> io::Result<()> {
        self.names.clear();
        self.entries.clear();
        self.order.clear();
        let mut entries = RawDir::new(fd, &mut self.buf);
        loop {
            let refill = entries.is_buffer_empty();
            self.calls.add_n(Syscall::Getdents64, u64::from(refill));
            let Some(entry) = entries.next() else { break };
            let entry = entry?;
            let name = entry.file_name();
            let bytes = name.to_bytes();
            if bytes == b"." || bytes == b".." {
                continue;
            }
            let mut kind = entry.file_type();
            if kind == FileType::Unknown {
                self.calls.add(Syscall::Newfstatat);
                match statat(fd, name, AtFlags::SYMLINK_NOFOLLOW) {
                    Ok(st) => kind = FileType::from_raw_mode(st.st_mode),
                    Err(e) => {
                        out.failed(job.root_index, e.into(), || job.path.join(OsStr::from_bytes(bytes)));
                        continue;
                    }
                }
            }
            self.entries.push((self.names.len() as u32, bytes.len() as u32, kind));
            self.order.push(entry.ino());
            self.names.extend_from_slice(name.to_bytes_with_nul());
        }
        Ok(())
    }

    /// This directory's ignore rules; an ignore file that cannot be read is a per-file error, one
    /// that is a symlink a note.
    fn ignore_level(
        &mut self,
        fd: &OwnedFd,
        job: &DirJob,
        sel: &Selection,
        out: &mut impl ListingLog,
    ) -> Arc<IgnoreLevel> {
        if !sel.ignore.enabled {
            return Arc::clone(&job.ignore);
        }
        let has = |wanted: &CStr| {
            self.entries
                .iter()
                .any(|&(at, len, _)| &self.names[at as usize..(at + len) as usize] == wanted.to_bytes())
        };
        let has_git = has(c".git");
        let present: Vec<&CStr> =
            CUSTOM_FILES.into_iter().filter(|n| sel.ignore.reads(n) && has(n)).collect();
        let in_git = job.ignore.in_git || has_git;
        let wants_git_files = (in_git || !sel.ignore.require_git) && sel.ignore.vcs && has(c".gitignore");
        if present.is_empty() && !wants_git_files && !has_git {
            return Arc::clone(&job.ignore);
        }
        let mut unapplied = Unapplied::default();
        let dir = (fd, job.path.as_path());
        let calls = &mut self.calls;
        let level =
            IgnoreLevel::child(&job.ignore, sel.ignore, dir, has_git, &present, &mut unapplied, calls);
        for (path, e) in unapplied.unreadable {
            out.failed(job.root_index, e, || path);
        }
        unapplied.links.into_iter().for_each(|path| out.linked_ignore_file(path));
        level
    }
}

/// Whether a directory on `device` is on another device than its root; a root sets the device.
fn leaves_root_device(job: &mut DirJob, device: u64) -> bool {
    if job.depth == 0 {
        job.device = device;
    }
    device != job.device
}

/// The names of one directory's files that a walk leaves to links or to the list: a followed
/// directory of a listed directory's walk (`-L --files-from`) may have both.
fn union(a: Option<LinkedNames>, b: Option<LinkedNames>) -> Option<LinkedNames> {
    match (a, b) {
        (Some(a), Some(b)) => Some(Arc::new(a.union(&b).cloned().collect())),
        (a, b) => a.or(b),
    }
}

/// `dir.join(name)` in a buffer of the right size: `join` copies `dir` into one of its size and
/// grows it for the name, a reallocation every subdirectory (~500 instructions each).
fn joined(dir: &Path, name: &[u8]) -> PathBuf {
    let mut path = Vec::with_capacity(dir.as_os_str().len() + 1 + name.len());
    join_into(&mut path, dir, name);
    PathBuf::from(OsString::from_vec(path))
}

/// `dir.join(name)` written over `buf`, whose room is reused from one file to the next.
fn path_in<'a>(buf: &'a mut Vec<u8>, dir: &Path, name: &[u8]) -> &'a Path {
    buf.clear();
    join_into(buf, dir, name);
    Path::new(OsStr::from_bytes(buf))
}

/// Appends `dir.join(name)`'s bytes to `buf`, as `Path::join` puts them on Unix for a name with
/// no `/` (a listed name never holds one): a `/` between them unless `dir` is empty or ends in
/// one. `PathBuf::push` parses both to find that out (~40 instructions a call).
fn join_into(buf: &mut Vec<u8>, dir: &Path, name: &[u8]) {
    let dir = dir.as_os_str().as_bytes();
    buf.extend_from_slice(dir);
    if !dir.is_empty() && !dir.ends_with(b"/") {
        buf.push(b'/');
    }
    buf.extend_from_slice(name);
}

/// The bytes after the last `/` of a walked subdirectory's path: its name in its parent. Not
/// `Path::file_name`, which parses components (~130 instructions a directory).
fn last_component(path: &Path) -> &[u8] {
    let bytes = path.as_os_str().as_bytes();
    &bytes[bytes.iter().rposition(|&b| b == b'/').map_or(0, |slash| slash + 1)..]
}

#[cfg(test)]
mod tests {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;

    use super::{joined, last_component, path_in};

    #[test]
    fn paths_are_joined_as_join_does_and_give_back_their_name() {
        let mut buf = b"a longer path left from the last file".to_vec();
        for dir in ["", "/", ".", "a", "a/", "/x/y", "./deep/er/", "//", "a//"] {
            for name in ["b", ".c", "d.e", "naïve", "..e"] {
                let path = joined(Path::new(dir), name.as_bytes());
                let join = Path::new(dir).join(OsStr::new(name));
                assert_eq!(path.as_os_str(), join.as_os_str(), "{dir:?} + {name:?}");
                let reused = path_in(&mut buf, Path::new(dir), name.as_bytes());
                assert_eq!(reused.as_os_str(), join.as_os_str(), "{dir:?} + {name:?} in a used buffer");
                assert_eq!(last_component(&path), name.as_bytes());
                assert_eq!(path.file_name().map(OsStr::as_bytes), Some(name.as_bytes()));
            }
        }
    }
}
