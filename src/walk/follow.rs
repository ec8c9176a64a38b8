//! `--follow`: symbolic links are followed, each target counted once. A target inside one of the
//! roots is left to the walk that reaches it directly. One outside is followed in waves: the links
//! one wave finds (the first walks the roots) are claimed together when the next begins, in a fixed
//! order, so which link counts a target never depends on which worker reached it first. A directory
//! is claimed by device and inode, so two links to it (or a link back up the tree) cannot count it
//! twice or loop; a file by its directory's device and inode and its name, so one reached through a
//! link to it and through a link to its directory is counted once. Hard links are two names, each
//! counted, as without `--follow`. A followed tree's subdirectories are claimed as they are entered,
//! yet no two walks of one wave race for one: a directory has one parent, and one that is also a
//! link's target was claimed when the wave began (a bind mount, one directory in two places, aside).

use std::collections::{HashMap, HashSet};
use std::ffi::{CString, OsStr};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use rustix::fd::OwnedFd;
use rustix::fs::{openat, statat, AtFlags, FileType, Mode, OFlags, Stat, CWD};

use super::ignore::IgnoreLevel;
use super::{DirJob, ListingLog};
use crate::fs::{reads_plainly, FileJob, ListedDir};
use crate::lang::{detect_by_name, NameMatch};
use crate::walk::select::Selection;

/// A directory's device and inode.
pub type DirId = (u64, u64);

/// Names of one directory's files that links count.
pub type LinkedNames = Arc<HashSet<Box<[u8]>>>;

#[derive(Debug)]
pub struct Follow {
    roots: Vec<PathBuf>,
    claims: Mutex<Claims>,
}

#[derive(Debug, Default)]
struct Claims {
    /// The roots, and every followed directory walked or to be walked.
    dirs: HashSet<DirId>,
    /// The files links count, by directory: a walk of that directory leaves them to the links.
    files: HashMap<DirId, LinkedNames>,
    /// The links to targets outside the roots found since the last wave began.
    found: Vec<Found>,
}

/// A link to a target outside the roots, claimed when the next wave begins.
#[derive(Debug)]
enum Found {
    Dir(DirId, DirJob),
    /// A file, with its directory and the link's depth below its root.
    File(DirId, usize, Linked),
}

impl Found {
    /// The order links are claimed in: by root, then the shallowest, then by path. Any fixed order
    /// makes runs agree; this one shows a target under the first root given, the shortest way.
    fn key(&self) -> (usize, usize, &Path) {
        match self {
            Found::Dir(_, job) => (job.root_index, job.depth, &job.path),
            Found::File(_, depth, file) => (file.root_index, *depth, &file.link),
        }
    }
}

/// A file a followed link leads to, counted under the link's name.
#[derive(Debug)]
pub struct Linked {
    real: PathBuf,
    link: PathBuf,
    language: NameMatch,
    root_index: usize,
}

impl Linked {
    /// The job that reads it. None for a file of unknown language (skipped) or one whose directory
    /// cannot be opened (an error): both go to `out`. Opened only now, when a worker takes it, so a
    /// wave of many links holds no more directories open than a listing's files do.
    pub fn job(self, out: &mut impl ListingLog) -> Option<FileJob> {
        let Linked { real, link, language, root_index } = self;
        if language == NameMatch::Unknown {
            out.unknown_file(root_index, || link);
            return None;
        }
        let real_name = real.file_name().map_or(&[][..], OsStr::as_bytes);
        match file_job(&real, real_name, &link, language, root_index) {
            Ok(job) => Some(job),
            Err(e) => {
                out.failed(root_index, e, || link);
                None
            }
        }
    }
}

/// What one wave of links leads to: directories to walk and files to count.
#[derive(Debug, Default)]
pub struct Wave {
    pub dirs: Vec<DirJob>,
    pub files: Vec<Linked>,
}

impl Follow {
    pub fn new(roots: &[PathBuf]) -> Follow {
        use std::os::unix::fs::MetadataExt;
        // A followed tree that holds a root (a link to an ancestor) stops there.
        let ids = roots.iter().filter_map(|r| std::fs::metadata(r).ok()).map(|m| (m.dev(), m.ino()));
        let claims = Mutex::new(Claims { dirs: ids.collect(), ..Claims::default() });
        let roots = roots.iter().filter_map(|r| std::fs::canonicalize(r).ok()).collect();
        Follow { roots, claims }
    }

    fn claims(&self) -> MutexGuard<'_, Claims> {
        self.claims.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Enters the followed directory `id`: a link's target (`target`: claimed when its wave began)
    /// or a subdirectory of one, claimed here. None when it was claimed already; else the names of
    /// its files that links count, for its listing to leave out.
    pub fn enter(&self, id: DirId, target: bool) -> Option<Option<LinkedNames>> {
        let mut claims = self.claims();
        (target || claims.dirs.insert(id)).then(|| claims.files.get(&id).cloned())
    }

    /// Notes the link `name` of `parent`, which `link` names for people and whose target is `st`
    /// ([`target_of`]), for the next wave; a target inside a root is left to the walk that reaches
    /// it there. `ignore` is `parent`'s level with its own ignore files read: a followed directory
    /// goes on under it, as a subdirectory would.
    pub fn resolve(
        &self,
        st: Stat,
        (name, link): (&[u8], &Path),
        (parent, ignore): (&DirJob, &Arc<IgnoreLevel>),
        sel: &Selection,
    ) -> io::Result<()> {
        let real = std::fs::canonicalize(link)?;
        if self.roots.iter().any(|r| real.starts_with(r)) {
            return Ok(());
        }
        let found = match FileType::from_raw_mode(st.st_mode) {
            FileType::Directory => {
                Found::Dir((st.st_dev, st.st_ino), followed_dir(&real, link, (parent, ignore))?)
            }
            FileType::RegularFile => {
                let language = detect_by_name(name);
                if sel.skips_file(name, language) {
                    return Ok(());
                }
                // Claimed by its directory and name, which a walk of that directory knows unasked:
                // by its own device and inode, each file of a followed tree would need a stat.
                let dir = statat(CWD, real.parent().unwrap_or(Path::new("/")), AtFlags::empty())?;
                let file = Linked { real, link: link.to_path_buf(), language, root_index: parent.root_index };
                Found::File((dir.st_dev, dir.st_ino), parent.depth + 1, file)
            }
            _ => return Ok(()),
        };
        self.claims().found.push(found);
        Ok(())
    }

    /// Begins a wave: claims what the links found since the last one lead to, in [`Found::key`]'s
    /// order. Files first: each is counted by the first link to it, unless its directory was walked
    /// in an earlier wave (then it was counted there, or left out there); a walk of its directory
    /// now or later leaves it to the link. Then directories, each walked under the first link to
    /// it, unless it was claimed already.
    pub fn next_wave(&self) -> Wave {
        let mut claims = self.claims();
        let mut found = std::mem::take(&mut claims.found);
        found.sort_by(|a, b| a.key().cmp(&b.key()));
        let (files, dirs): (Vec<Found>, Vec<Found>) =
            found.into_iter().partition(|f| matches!(f, Found::File(..)));
        let mut wave = Wave::default();
        for found in files.into_iter().chain(dirs) {
            match found {
                Found::File(dir, _, file) if claims.claim_file(dir, &file.real) => wave.files.push(file),
                Found::Dir(id, job) if claims.dirs.insert(id) => wave.dirs.push(job),
                _ => {}
            }
        }
        wave
    }
}

impl Claims {
    /// Claims the file `real` of the directory `dir` for a link: false when that directory was
    /// walked, or another link claimed the file.
    fn claim_file(&mut self, dir: DirId, real: &Path) -> bool {
        if self.dirs.contains(&dir) {
            return false;
        }
        let name = real.file_name().map_or(&[][..], OsStr::as_bytes);
        Arc::make_mut(self.files.entry(dir).or_default()).insert(name.into())
    }
}

/// The job for a followed link to the directory `real`, opened by that path and shown as `link`,
/// under the ignore files of `parent` and above it (`ignore`).
fn followed_dir(
    real: &Path,
    link: &Path,
    (parent, ignore): (&DirJob, &Arc<IgnoreLevel>),
) -> io::Result<DirJob> {
    Ok(DirJob {
        parent: None,
        name: Some(CString::new(real.as_os_str().as_bytes()).map_err(io::Error::other)?),
        path: link.to_path_buf(),
        root: Arc::clone(&parent.root),
        root_index: parent.root_index,
        depth: parent.depth + 1,
        ignore: Arc::clone(ignore),
        device: parent.device,
        followed: true,
        plain_reads: None,
    })
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
