//! Ignore files, as ripgrep and tokei honour them: `.gitignore` (inside a git work tree only, unless
//! told otherwise), `.git/info/exclude`, git's global `core.excludesFile`, `.ignore` and
//! `.ringlocignore`. Matching uses the `ignore` crate's gitignore matcher; listing stays ours.

use std::ffi::CStr;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::Match;
use rustix::fd::AsFd;
use rustix::fs::{openat, Mode, OFlags};

use crate::fs::NoAtime;
use crate::stats::{Syscall, Syscalls};

/// Ignore files that exist but could not be read, with why: each is a per-file error, since what
/// it would have excluded is counted.
pub type Unreadable = Vec<(PathBuf, io::Error)>;

/// Which ignore files a run honours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IgnorePolicy {
    /// `--no-ignore` turns every ignore file off.
    pub enabled: bool,
    /// Git's files apply only inside a git work tree (the Debian kernel tarball has a `.gitignore`
    /// saying `/*` and no `.git`: it must still be counted whole).
    pub require_git: bool,
}

impl Default for IgnorePolicy {
    fn default() -> Self {
        IgnorePolicy { enabled: true, require_git: true }
    }
}

/// Ignore files of one directory, linked to its parent's, so a subtree shares its ancestors' rules.
#[derive(Debug, Default)]
pub struct IgnoreLevel {
    parent: Option<Arc<IgnoreLevel>>,
    /// Highest precedence first: `.ringlocignore`, `.ignore`, `.gitignore`, `info/exclude`.
    matchers: Vec<Gitignore>,
    /// Levels above a walk root see paths relative to their own directory: `(root, root as named
    /// from this directory)`.
    rebase: Option<(PathBuf, PathBuf)>,
    /// Inside a git work tree: git's own ignore files apply.
    pub in_git: bool,
    /// Global excludes, honoured at the lowest precedence inside git work trees.
    global: Option<Arc<Gitignore>>,
}

pub(crate) const CUSTOM_FILES: [&CStr; 2] = [c".ringlocignore", c".ignore"];

impl IgnoreLevel {
    /// True when some ignore file here or above says `path` is ignored (and no later `!` re-includes it).
    pub fn is_ignored(&self, path: &Path, is_dir: bool) -> bool {
        let mut level = Some(self);
        while let Some(l) = level {
            let rebased;
            let candidate = match &l.rebase {
                Some((root, prefix)) => {
                    rebased = prefix.join(path.strip_prefix(root).unwrap_or(path));
                    rebased.as_path()
                }
                None => path,
            };
            for m in &l.matchers {
                match m.matched(candidate, is_dir) {
                    Match::Ignore(_) => return true,
                    Match::Whitelist(_) => return false,
                    Match::None => {}
                }
            }
            if l.parent.is_none() {
                if let Some(global) = l.global.as_ref().filter(|_| l.in_git) {
                    return global.matched(path, is_dir).is_ignore();
                }
            }
            level = l.parent.as_deref();
        }
        false
    }

    /// Whether any ignore file here or above, or the global one, could match: without one, no path
    /// needs building to be checked.
    pub fn has_rules(&self) -> bool {
        let mut level = Some(self);
        while let Some(l) = level {
            if !l.matchers.is_empty() || (l.in_git && l.global.is_some()) {
                return true;
            }
            level = l.parent.as_deref();
        }
        false
    }

    /// The level for a listed directory: the parent's if the directory has no ignore files.
    pub fn child(
        parent: &Arc<IgnoreLevel>,
        policy: IgnorePolicy,
        (dir, path): (impl AsFd, &Path),
        has_git: bool,
        present: &[&CStr],
        unreadable: &mut Unreadable,
        calls: &mut Syscalls,
    ) -> Arc<IgnoreLevel> {
        let in_git = parent.in_git || has_git;
        let mut names: Vec<&CStr> = present.to_vec();
        if in_git || !policy.require_git {
            names.push(c".gitignore");
            if has_git {
                names.push(c".git/info/exclude");
            }
        }
        let matchers = matchers_in(&dir, path, &names, unreadable, calls);
        if matchers.is_empty() && in_git == parent.in_git {
            return Arc::clone(parent);
        }
        Arc::new(IgnoreLevel {
            parent: Some(Arc::clone(parent)),
            matchers,
            rebase: None,
            in_git,
            global: None,
        })
    }
}

/// Builds the matchers of the ignore files among `names` in `dir`, keeping their order; those that
/// exist and cannot be read are added to `unreadable`.
fn matchers_in(
    dir: &impl AsFd,
    path: &Path,
    names: &[&CStr],
    unreadable: &mut Unreadable,
    calls: &mut Syscalls,
) -> Vec<Gitignore> {
    names
        .iter()
        .filter_map(|name| match read_small(dir, name, calls) {
            Ok(text) => matcher(path, name, &text?),
            Err(e) => {
                unreadable.push((path.join(name.to_str().unwrap_or_default()), e));
                None
            }
        })
        .collect()
}

/// The matcher of one ignore file named `name` in the directory `path`, holding `text`.
fn matcher(path: &Path, name: &CStr, text: &[u8]) -> Option<Gitignore> {
    let mut builder = GitignoreBuilder::new(path);
    let from = path.join(name.to_str().unwrap_or_default());
    for line in String::from_utf8_lossy(text).lines() {
        // A malformed pattern is skipped, as git does.
        let _ = builder.add_line(Some(from.clone()), line);
    }
    builder.build().ok().filter(|g| !g.is_empty())
}

/// The ignore files a directory of a git tree may hold, highest precedence first, as a work
/// tree's directory is read (`.git/info/exclude` is the repository's, not the tree's).
pub const TREE_FILES: [&CStr; 3] = [c".ringlocignore", c".ignore", c".gitignore"];

impl IgnoreLevel {
    /// The level a git tree's top starts from: inside git, with git's global excludes, as
    /// [`root_level`] gives a checkout's top.
    pub fn git_root(policy: IgnorePolicy) -> Arc<IgnoreLevel> {
        if !policy.enabled {
            return Arc::new(IgnoreLevel::default());
        }
        let global = Some(Arc::new(Gitignore::global().0));
        Arc::new(IgnoreLevel { in_git: true, global, ..IgnoreLevel::default() })
    }

    /// The level for a directory `path` of a git tree whose ignore files hold `texts` (in
    /// [`TREE_FILES`] order, missing ones left out): the parent's if there are none. A directory
    /// above the counted root sees paths rebased, as [`root_level`]'s ancestors do: `(root, root
    /// as named from this directory)`.
    pub fn from_texts(
        parent: &Arc<IgnoreLevel>,
        path: &Path,
        texts: &[(&CStr, Vec<u8>)],
        rebase: Option<(PathBuf, PathBuf)>,
    ) -> Arc<IgnoreLevel> {
        let matchers: Vec<Gitignore> =
            texts.iter().filter_map(|(name, text)| matcher(path, name, text)).collect();
        if matchers.is_empty() {
            return Arc::clone(parent);
        }
        Arc::new(IgnoreLevel {
            parent: Some(Arc::clone(parent)),
            matchers,
            rebase,
            in_git: true,
            global: None,
        })
    }
}

/// Reads an ignore file relative to its directory: `None` when there is none (missing, a dangling
/// link, `.git` a file as in a linked work tree, a directory), an error when it cannot be read. Its
/// access time is left alone where the kernel allows it, as the counted files' are. Its system
/// calls are counted into `calls`.
fn read_small(dir: &impl AsFd, name: &CStr, calls: &mut Syscalls) -> io::Result<Option<Vec<u8>>> {
    use rustix::io::Errno;
    let flags = OFlags::RDONLY | OFlags::CLOEXEC | OFlags::NONBLOCK | OFlags::NOCTTY;
    let open = |noatime| {
        calls.add(Syscall::Openat);
        openat(dir, name, flags | noatime, Mode::empty())
    };
    let fd = match NoAtime::default().open(open) {
        Ok(fd) => {
            calls.add(Syscall::Close);
            fd
        }
        Err(Errno::NOENT | Errno::NOTDIR) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let mut out = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        calls.add(Syscall::Read);
        match rustix::io::read(&fd, &mut buf) {
            Ok(0) => return Ok(Some(out)),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(Errno::INTR) => continue,
            Err(Errno::ISDIR) => return Ok(None),
            Err(e) => return Err(e.into()),
        }
        if out.len() > 16 << 20 {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "ignore file larger than 16 MiB"));
        }
    }
}

/// The level a walk root starts from: ignore files of its ancestors up to the enclosing git work
/// tree's top (none outside a work tree), and git's global excludes. Its system calls are counted
/// into `calls` (not those of making `root` absolute).
pub fn root_level(
    policy: IgnorePolicy,
    root: &Path,
    unreadable: &mut Unreadable,
    calls: &mut Syscalls,
) -> Arc<IgnoreLevel> {
    if !policy.enabled {
        return Arc::new(IgnoreLevel::default());
    }
    let abs = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let mut has_git = |dir: &&Path| {
        calls.add(Syscall::Statx);
        dir.join(".git").exists()
    };
    let top = abs.ancestors().find(&mut has_git).map(Path::to_path_buf);
    let global = (top.is_some() || !policy.require_git).then(|| Arc::new(Gitignore::global().0));
    let mut level = Arc::new(IgnoreLevel { in_git: top.is_some(), global, ..IgnoreLevel::default() });
    let Some(top) = top else { return level };
    let ancestors: Vec<&Path> = abs.ancestors().skip(1).take_while(|a| a.starts_with(&top)).collect();
    for dir in ancestors.into_iter().rev() {
        calls.add(Syscall::Openat);
        let Ok(fd) =
            openat(rustix::fs::CWD, dir, OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC, Mode::empty())
        else {
            continue;
        };
        calls.add(Syscall::Close);
        let mut names: Vec<&CStr> = CUSTOM_FILES.to_vec();
        names.push(c".gitignore");
        if dir == top {
            names.push(c".git/info/exclude");
        }
        let matchers = matchers_in(&fd, dir, &names, unreadable, calls);
        if !matchers.is_empty() {
            let prefix = abs.strip_prefix(dir).unwrap_or(&abs).to_path_buf();
            level = Arc::new(IgnoreLevel {
                parent: Some(level),
                matchers,
                rebase: Some((root.to_path_buf(), prefix)),
                in_git: true,
                global: None,
            });
        }
    }
    level
}
