//! Ignore files, as ripgrep and tokei honour them: `.gitignore` (inside a git work tree only, unless
//! told otherwise), `.git/info/exclude`, git's global `core.excludesFile`, `.ignore` and
//! `.ringlocignore`. Matching uses the `ignore` crate's gitignore matcher; listing stays ours.

use std::ffi::{CStr, OsStr};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::Match;
use rustix::fd::AsFd;
use rustix::fs::{openat, Mode, OFlags};

use crate::fs::NoAtime;
use crate::stats::{Syscall, Syscalls};

/// Ignore files found but not applied, which the run must still show.
#[derive(Debug, Default)]
pub struct Unapplied {
    /// Those that could not be read, with why: each is a per-file error, since what it would
    /// have excluded is counted.
    pub unreadable: Vec<(PathBuf, io::Error)>,
    /// Those that are symlinks: git follows none in a tree (since 2.32), nor does `--rev`, so a
    /// checkout applies none either; each is a note ([`link_note`]).
    pub links: Vec<PathBuf>,
}

/// The note for an ignore file that is a symlink, in the same words for a checkout and `--rev`.
pub fn link_note(path: &Path) -> String {
    format!("{}: ignore file not applied: a symlink (git follows none)", path.display())
}

/// How the run names the ignore file `name` of a directory above a root: from the root as named
/// (`(root, root as named from that directory)`, a level's `rebase`): a name of the root dropped
/// or `..` added a level (`../x`, not `./../x`), so that a checkout and `--rev` name it alike (a
/// checkout's directory is absolute, `--rev`'s the tree's).
pub fn named_from_root((root, below): &(PathBuf, PathBuf), name: &CStr) -> PathBuf {
    let mut path: PathBuf = root.components().filter(|c| *c != Component::CurDir).collect();
    for _ in below.components() {
        if matches!(path.components().next_back(), Some(Component::Normal(_))) {
            path.pop();
        } else {
            path.push("..");
        }
    }
    path.join(OsStr::from_bytes(name.to_bytes()))
}

/// Which ignore files a run honours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IgnorePolicy {
    /// `--no-ignore` turns every ignore file off.
    pub enabled: bool,
    /// Git's files apply only inside a git work tree (the Debian kernel tarball has a `.gitignore`
    /// saying `/*` and no `.git`: it must still be counted whole).
    pub require_git: bool,
    /// Git's files: `.gitignore`, `.git/info/exclude` and `core.excludesFile` (off with
    /// `--no-ignore-vcs`, scc's `--no-gitignore`).
    pub vcs: bool,
    /// `.ignore` and `.ringlocignore` (off with `--no-ignore-dot`).
    pub dot: bool,
}

impl Default for IgnorePolicy {
    fn default() -> Self {
        IgnorePolicy { enabled: true, require_git: true, vcs: true, dot: true }
    }
}

impl IgnorePolicy {
    /// Whether the ignore file `name` (one of [`TREE_FILES`], or `.git/info/exclude`) is read.
    pub fn reads(&self, name: &CStr) -> bool {
        self.enabled && if CUSTOM_FILES.contains(&name) { self.dot } else { self.vcs }
    }

    /// Whether git's global excludes apply: they are one of git's files.
    fn reads_global(&self) -> bool {
        self.enabled && self.vcs
    }
}

/// Ignore files of one directory, linked to its parent's, so a subtree shares its ancestors' rules.
#[derive(Debug, Default)]
pub struct IgnoreLevel {
    parent: Option<Arc<IgnoreLevel>>,
    /// Highest precedence first: `.ringlocignore`, `.ignore`, `.gitignore`, `info/exclude`. Built
    /// rooted at `.`: paths are made relative to the level's directory here ([`relative`]).
    matchers: Vec<Gitignore>,
    /// What the matchers strip from a path: see [`strip_root`].
    root: Option<PathBuf>,
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
    /// What the ignore files here and above say of `path`: `Some(true)` ignored, `Some(false)`
    /// re-included by a `!` line, `None` where no line matches.
    pub fn verdict(&self, path: &Path, is_dir: bool) -> Option<bool> {
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
            let candidate = relative(candidate, l.root.as_deref());
            for m in &l.matchers {
                match m.matched(candidate, is_dir) {
                    Match::Ignore(_) => return Some(true),
                    Match::Whitelist(_) => return Some(false),
                    Match::None => {}
                }
            }
            if l.parent.is_none() {
                if let Some(global) = l.global.as_ref().filter(|_| l.in_git) {
                    return match global.matched(path, is_dir) {
                        Match::Ignore(_) => Some(true),
                        Match::Whitelist(_) => Some(false),
                        Match::None => None,
                    };
                }
            }
            level = l.parent.as_deref();
        }
        None
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
        unapplied: &mut Unapplied,
        calls: &mut Syscalls,
    ) -> Arc<IgnoreLevel> {
        let in_git = parent.in_git || has_git;
        let mut names: Vec<&CStr> = present.iter().copied().filter(|n| policy.reads(n)).collect();
        if (in_git || !policy.require_git) && policy.vcs {
            names.push(c".gitignore");
            if has_git {
                names.push(c".git/info/exclude");
            }
        }
        let (matchers, links) = matchers_in(&dir, path, &names, &mut unapplied.unreadable, calls);
        unapplied.links.extend(links.iter().map(|name| path.join(OsStr::from_bytes(name.to_bytes()))));
        if matchers.is_empty() && in_git == parent.in_git {
            return Arc::clone(parent);
        }
        Arc::new(IgnoreLevel {
            parent: Some(Arc::clone(parent)),
            matchers,
            root: strip_root(path),
            rebase: None,
            in_git,
            global: None,
        })
    }
}

/// Builds the matchers of the ignore files among `names` in `dir`, keeping their order; those that
/// exist and cannot be read are added to `unreadable`. Also gives the names of those that are
/// symlinks, which are not applied.
fn matchers_in<'n>(
    dir: &impl AsFd,
    path: &Path,
    names: &[&'n CStr],
    unreadable: &mut Vec<(PathBuf, io::Error)>,
    calls: &mut Syscalls,
) -> (Vec<Gitignore>, Vec<&'n CStr>) {
    let (mut matchers, mut links) = (Vec::new(), Vec::new());
    for &name in names {
        match read_small(dir, name, calls) {
            Ok(text) => matchers.extend(text.and_then(|text| matcher(path, name, &text))),
            Err(NotRead::Link) => links.push(name),
            Err(NotRead::Failed(e)) => unreadable.push((path.join(name.to_str().unwrap_or_default()), e)),
        }
    }
    (matchers, links)
}

/// The matcher of one ignore file named `name` in the directory `path`, holding `text`: rooted at
/// `.`, so that it is given paths already relative to `path` ([`relative`]). A leading UTF-8
/// byte-order mark is skipped, as git skips one (`dir.c`): it would be part of the first pattern,
/// which then matched nothing.
fn matcher(path: &Path, name: &CStr, text: &[u8]) -> Option<Gitignore> {
    let mut builder = rooted_builder();
    add_lines(&mut builder, &path.join(name.to_str().unwrap_or_default()), text);
    builder.build().ok().filter(|g| !g.is_empty())
}

/// A matcher builder rooted at `.`. git's wildmatch matches nothing with a `[` that no `]` closes
/// (`br[.c` leaves `br[.c` in), and neither does it.
fn rooted_builder() -> GitignoreBuilder {
    let mut builder = GitignoreBuilder::new(".");
    builder.allow_unclosed_class(false);
    builder
}

/// Adds the lines of the ignore file `from`, which holds `text`, to `builder`.
fn add_lines(builder: &mut GitignoreBuilder, from: &Path, text: &[u8]) {
    let text = text.strip_prefix(crate::lang::UTF8_BOM).unwrap_or(text);
    for line in String::from_utf8_lossy(text).lines() {
        // A malformed pattern is skipped, as git does.
        let _ = builder.add_line(Some(from.to_path_buf()), line);
    }
}

/// scc's `--ignore-file`s, whose texts are given in order, as one matcher rooted at `.` (given
/// paths below a root): a later file's line wins over an earlier one's, as within one file. `None`
/// where they hold no pattern.
pub fn ignore_files_matcher(files: &[(PathBuf, Vec<u8>)]) -> Option<Arc<Gitignore>> {
    let mut builder = rooted_builder();
    files.iter().for_each(|(path, text)| add_lines(&mut builder, path, text));
    builder.build().ok().filter(|g| !g.is_empty()).map(Arc::new)
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
        let global = policy.reads_global().then(|| Arc::new(Gitignore::global().0));
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
            root: strip_root(path),
            rebase,
            in_git: true,
            global: None,
        })
    }
}

/// The root the `ignore` crate's matcher for the directory `path` would strip from the paths it
/// is given (`GitignoreBuilder::new(path)` keeps `path` less a leading `./`); `None` for `.`,
/// from which it strips nothing. Its `matched` asks whether its root is `.` on every call, by
/// comparing components (~260 instructions a file of a git work tree), so the matchers are built
/// rooted at `.` and this is asked once a level.
fn strip_root(path: &Path) -> Option<PathBuf> {
    let bytes = path.as_os_str().as_bytes();
    let root = Path::new(OsStr::from_bytes(below(b"./", bytes).unwrap_or(bytes)));
    (root != Path::new(".")).then(|| root.to_path_buf())
}

/// `path` as a matcher rooted at `root` ([`strip_root`]) would match it (`Gitignore::strip`): a
/// leading `./` dropped, then, unless it is a bare name, `root` and the `/` after it; a path that
/// would be left empty is matched whole. A matcher rooted at `.` strips a leading `./` only, and
/// this leaves none but where a level's own directory is matched, which the walk never does.
fn relative<'a>(path: &'a Path, root: Option<&Path>) -> &'a Path {
    let whole = path.as_os_str().as_bytes();
    let mut rest = below(b"./", whole).unwrap_or(whole);
    if let Some(root) = root.filter(|_| rest.contains(&b'/')) {
        if let Some(under) = below(root.as_os_str().as_bytes(), rest) {
            rest = under.strip_prefix(b"/").unwrap_or(under);
        }
    }
    Path::new(OsStr::from_bytes(if rest.is_empty() { whole } else { rest }))
}

/// `path` after `prefix`, where `prefix` ends at a component's end (the `ignore` crate's
/// `strip_prefix` on Unix: `/foo` is no prefix of `/foobar`).
fn below<'a>(prefix: &[u8], path: &'a [u8]) -> Option<&'a [u8]> {
    let rest = path.strip_prefix(prefix)?;
    if prefix.last().is_some_and(|&b| b != b'/') && rest.first().is_some_and(|&b| b != b'/') {
        return None;
    }
    Some(rest)
}

/// Why an ignore file found was not read.
enum NotRead {
    /// It is a symlink in the tree (git's `open_nofollow`): not applied, and not an error.
    Link,
    Failed(io::Error),
}

impl From<rustix::io::Errno> for NotRead {
    fn from(e: rustix::io::Errno) -> NotRead {
        NotRead::Failed(e.into())
    }
}

/// Reads an ignore file relative to its directory: `None` when there is none (missing, `.git` a
/// file as in a linked work tree, a directory), [`NotRead::Link`] for one of the tree's ignore files
/// ([`TREE_FILES`]) that is a symlink, dangling or not, as git opens them (`.git/info/exclude`
/// is the repository's, and followed as git follows it), an error when it cannot be read. Its
/// access time is left alone where the kernel allows it, as the counted files' are. Its system
/// calls are counted into `calls`.
fn read_small(dir: &impl AsFd, name: &CStr, calls: &mut Syscalls) -> Result<Option<Vec<u8>>, NotRead> {
    use rustix::io::Errno;
    let mut flags = OFlags::RDONLY | OFlags::CLOEXEC | OFlags::NONBLOCK | OFlags::NOCTTY;
    if TREE_FILES.contains(&name) {
        flags |= OFlags::NOFOLLOW;
    }
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
        Err(Errno::LOOP) if flags.contains(OFlags::NOFOLLOW) => return Err(NotRead::Link),
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
            let e = io::Error::new(io::ErrorKind::InvalidData, "ignore file larger than 16 MiB");
            return Err(NotRead::Failed(e));
        }
    }
}

/// The level a walk root starts from: ignore files of its ancestors up to the enclosing git work
/// tree's top (none outside a work tree), and git's global excludes. Its system calls are counted
/// into `calls` (not those of making `root` absolute).
pub fn root_level(
    policy: IgnorePolicy,
    root: &Path,
    unapplied: &mut Unapplied,
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
    let global = ((top.is_some() || !policy.require_git) && policy.reads_global())
        .then(|| Arc::new(Gitignore::global().0));
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
        let mut names: Vec<&CStr> = TREE_FILES.to_vec();
        if dir == top {
            names.push(c".git/info/exclude");
        }
        names.retain(|name| policy.reads(name));
        let (matchers, links) = matchers_in(&fd, dir, &names, &mut unapplied.unreadable, calls);
        let rebase = (root.to_path_buf(), abs.strip_prefix(dir).unwrap_or(&abs).to_path_buf());
        unapplied.links.extend(links.iter().map(|name| named_from_root(&rebase, name)));
        if !matchers.is_empty() {
            level = Arc::new(IgnoreLevel {
                parent: Some(level),
                matchers,
                root: strip_root(dir),
                rebase: Some(rebase),
                in_git: true,
                global: None,
            });
        }
    }
    level
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The twin: a matcher rooted at the directory itself, given the whole path, as levels were
    /// matched before.
    fn rooted_at(dir: &str, lines: &[&str]) -> Gitignore {
        let mut builder = GitignoreBuilder::new(dir);
        lines.iter().for_each(|line| drop(builder.add_line(None, line)));
        builder.build().expect("patterns build")
    }

    #[test]
    fn ignore_files_above_a_root_are_named_from_it() {
        let named = |root: &str, below: &str| named_from_root(&(root.into(), below.into()), c".ignore");
        assert_eq!(named("repo/a/b", "a/b"), Path::new("repo/.ignore"));
        assert_eq!(named("b", "b"), Path::new(".ignore"));
        assert_eq!(named(".", "a/b"), Path::new("../../.ignore"));
        assert_eq!(named("./b", "a/b"), Path::new("../.ignore"));
        assert_eq!(named("../b", "b"), Path::new("../.ignore"));
        assert_eq!(named("/abs/b", "b"), Path::new("/abs/.ignore"));
    }

    #[test]
    fn paths_made_relative_match_as_the_matcher_rooted_at_their_directory_does() {
        let lines = ["*.o", "/build/", "sub/*.c", "!keep.o", "a", "deep/**/x", "/top.c"];
        let at_dot = rooted_at(".", &lines);
        let dirs = [".", "./", "", "a", "./a", "a/", "/abs/x", "x/./y", "/", "ab", "./a/b"];
        let tails = ["f.o", "keep.o", "build", "build/y.c", "sub/z.c", "a", "deep/q/x", "top.c", "n.c"];
        let mut paths: Vec<String> = tails.iter().map(|t| t.to_string()).collect();
        for dir in dirs {
            for tail in tails {
                paths.push(format!("{dir}/{tail}"));
                paths.push(format!("./{dir}/{tail}"));
            }
        }
        paths.extend(["./f.o", "abc/f.o", "/f.o", "a/", "./a/", "build/"].map(String::from));
        let mut compared = 0;
        for dir in dirs {
            let twin = rooted_at(dir, &lines);
            let root = strip_root(Path::new(dir));
            for path in &paths {
                let given = Path::new(path);
                let rel = relative(given, root.as_deref());
                // Left to a level's own directory (never matched by the walk): see `relative`.
                if rel == given && path.starts_with("./") {
                    continue;
                }
                for is_dir in [false, true] {
                    let (new, old) = (at_dot.matched(rel, is_dir), twin.matched(given, is_dir));
                    let seen = |m: Match<_>| (m.is_ignore(), m.is_whitelist());
                    assert_eq!(seen(new), seen(old), "{path:?} under {dir:?} (is_dir {is_dir})");
                    compared += 1;
                }
            }
        }
        assert!(compared > 3000, "{compared} paths compared");
    }
}
