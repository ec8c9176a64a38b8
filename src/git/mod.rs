//! Counting git revisions straight from the object store (packed and loose objects, read here,
//! and through `gix` where these readers cannot): a revision's tree with a checkout's selection
//! rules ([`tree`]), each distinct blob counted once ([`blobs`]), line-level changes between two
//! revisions ([`lines`]) and a timeline over sampled commits ([`history`]). Nothing is checked out
//! and the work tree is never read.

pub mod blobs;
pub mod cache_file;
mod delta;
mod detached;
mod git_words;
pub mod history;
mod left_out;
mod line_diff;
pub mod lines;
mod loose;
mod myers;
mod names;
mod packed;
mod rev;
mod streamed;
mod sums;
#[cfg(test)]
mod test_git;
pub mod tree;
mod upstream;

use std::borrow::Cow;
use std::fmt;
use std::path::{Component, Path, PathBuf};

use gix::ObjectId;

pub use blobs::{BlobCache, BlobOutcome};
pub use history::{history, split_range, Every, History, Range, Sample};
pub use lines::line_changes;
pub use rev::{count_rev, diff_revs, RevCount, RevDiff};

/// Maps and sets of object ids, pack places and paths, hashed with foldhash: std's SipHash of
/// those keys was 3% of the instructions of a `--rev` count.
type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;
type FastSet<K> = std::collections::HashSet<K, foldhash::fast::RandomState>;

/// Why a revision could not be counted at all (per-file problems go to the report instead).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GitError {
    /// The path is no git repository, nor a directory of a work tree.
    NotARepository { path: PathBuf, why: String },
    /// The revision has no directory at the path counted.
    NoDirectory { rev: String, dir: PathBuf },
    /// Neither revision of a diff has a directory at the path counted.
    NoDirectoryEither { revs: [String; 2], dir: PathBuf },
    /// No sampled commit of a history has a directory at the path counted.
    NoDirectoryInHistory { range: String, dir: PathBuf },
    /// The revision names nothing, or nothing with a tree.
    BadRevision { rev: String, why: String },
    /// The object store could not be read (a missing or corrupt tree, a broken pack).
    Store(String),
}

impl fmt::Display for GitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GitError::NotARepository { path, why } => {
                write!(f, "{}: not a git repository ({why})", path.display())
            }
            GitError::BadRevision { rev, why } => write!(f, "bad revision '{rev}': {why}"),
            GitError::NoDirectory { rev, dir } => {
                write!(f, "revision '{rev}' has no directory {}", dir.display())
            }
            GitError::NoDirectoryEither { revs: [old, new], dir } => {
                write!(f, "neither revision '{old}' nor '{new}' has a directory {}", dir.display())
            }
            GitError::NoDirectoryInHistory { range, dir } => {
                write!(f, "no commit of the history of '{range}' has a directory {}", dir.display())
            }
            GitError::Store(why) => write!(f, "reading the object store: {why}"),
        }
    }
}

impl std::error::Error for GitError {}

/// What a gix error says went wrong: the first cause down its chain that says more than a class
/// (gix marks causes `NotFound`, `Validation`), or the error itself where none does. gix's own
/// words name the step of its parser that failed ("couldn't parse revision", "delegate.traverse
/// (NthAncestor(9)) failed"); the cause says what to fix ("Reference \"mian\" could not be found",
/// "Commit 1a2b3c4 has 3 ancestors along the first parent and ancestor number 9 is out of range").
fn cause(error: &(dyn std::error::Error + 'static)) -> String {
    let mut source = error.source();
    while let Some(cause) = source {
        if !cause.is::<gix::error::ClassificationMarker>() {
            return cause.to_string();
        }
        source = cause.source();
    }
    error.to_string()
}

/// Runs `work` on `threads` threads (at least one, this one among them), each with its own
/// [`Store`] for `repo`: without gix's `parallel` feature a handle is not `Send`.
pub(crate) fn on_threads(repo: &Repo, threads: usize, work: impl Fn(&Store) + Sync) {
    on_parts(repo, &vec![(); threads.max(1)], |store, ()| work(store));
}

/// `work` on each of `parts` at once, each on a thread of its own (the first on this one) with its
/// own [`Store`] for `repo`; the results in the parts' order.
pub(crate) fn on_parts<P: Sync, R: Send>(
    repo: &Repo,
    parts: &[P],
    work: impl Fn(&Store, &P) -> R + Sync,
) -> Vec<R> {
    let git_dir = repo.git_dir();
    let Some((first, rest)) = parts.split_first() else { return Vec::new() };
    std::thread::scope(|scope| {
        let work = &work;
        let others: Vec<_> =
            rest.iter().map(|part| scope.spawn(move || work(&Store::at(git_dir), part))).collect();
        // No object cache: each blob is decoded once, and copying it into a cache cost 3% of
        // `--rev HEAD`'s instructions.
        let mut out = vec![work(&Store::opened(git_dir, repo.handle.clone()), first)];
        for other in others {
            out.push(other.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        }
        out
    })
}

/// A thread's handle on the object store, opened the first time an object is read neither from
/// the packs ([`packed`]) nor from its loose file ([`loose`]): a pack that does not open, a
/// corrupt object (gix says what is wrong), a chain of deltas too long to follow. Most runs never
/// ask for it, and opening one (config files, refs) took ~2 ms a thread, which each thread spent
/// before its first blob: half a thread's share of `--rev HEAD` on 16 cores.
pub(crate) struct Store<'r> {
    git_dir: &'r Path,
    handle: std::cell::OnceCell<Result<gix::Repository, String>>,
}

impl<'r> Store<'r> {
    pub(super) fn at(git_dir: &'r Path) -> Store<'r> {
        Store { git_dir, handle: std::cell::OnceCell::new() }
    }

    fn opened(git_dir: &'r Path, handle: gix::Repository) -> Store<'r> {
        Store { git_dir, handle: std::cell::OnceCell::from(Ok(handle)) }
    }
}

/// Where objects the packs cannot give are found: a thread's [`Store`], or a handle at hand.
pub(crate) trait ObjectStore {
    fn handle(&self) -> Result<&gix::Repository, String>;
}

impl ObjectStore for Store<'_> {
    fn handle(&self) -> Result<&gix::Repository, String> {
        let opened = self.handle.get_or_init(|| gix::open(self.git_dir).map_err(|e| e.to_string()));
        opened.as_ref().map_err(Clone::clone)
    }
}

impl ObjectStore for gix::Repository {
    fn handle(&self) -> Result<&gix::Repository, String> {
        Ok(self)
    }
}

/// A repository opened from the path the user named (its work tree's top, a directory below it, or
/// a bare repository); files are reported below that path, as a count of its checkout would name
/// them, and a directory below the top counts that directory of each revision.
pub struct Repo {
    /// The handle for this thread; other threads open their own from `git_dir` (without gix's
    /// `parallel` feature a handle is not `Send`).
    pub(crate) handle: gix::Repository,
    /// Its pack files, opened once for every reader of the run.
    pub(crate) packs: packed::Packs,
    git_dir: PathBuf,
    /// The path as given (`.`, `repos/foo`), the prefix of every file path reported.
    pub root: PathBuf,
    /// Where `root` is below the work tree's top (empty at the top).
    pub prefix: PathBuf,
}

/// A revision resolved: its commit (none for a bare tree id) and tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Revision {
    pub commit: Option<ObjectId>,
    pub tree: ObjectId,
    /// Committer time, seconds since the epoch (0 without a commit).
    pub time: i64,
}

/// `path` split where it leaves the disk: the part that exists, and the plain names below it
/// that do not (a directory the work tree no longer has, or has on another branch only, which a
/// revision may have). A path whose missing part is more than names (`gone/..`) is left whole,
/// for the open to fail on.
fn split_gone(path: &Path) -> (PathBuf, PathBuf) {
    let parts: Vec<Component> = path.components().collect();
    let exists = |n: usize| {
        let part: PathBuf = parts[..n].iter().collect();
        n == 0 || std::fs::symlink_metadata(part).is_ok()
    };
    let on_disk = (0..=parts.len()).rev().find(|&n| exists(n)).unwrap_or(0);
    let gone = &parts[on_disk..];
    if on_disk == parts.len() || !gone.iter().all(|c| matches!(c, Component::Normal(_))) {
        return (path.to_path_buf(), PathBuf::new());
    }
    let base: PathBuf = parts[..on_disk].iter().collect();
    let base = if base.as_os_str().is_empty() { PathBuf::from(".") } else { base };
    (base, gone.iter().collect())
}

impl Repo {
    /// Opens the repository of `path`: the top of a work tree or a directory below it (found
    /// upwards, as git finds it), or a bare repository. gix is given the path made absolute (the
    /// current directory joined, `..` kept for the kernel to resolve): given `../w.git`, a bare
    /// repository beside the current directory, it looked for `../.git` and found none.
    pub fn open(path: &Path) -> Result<Repo, GitError> {
        let not_repo = |why: String| GitError::NotARepository { path: path.to_path_buf(), why };
        let (on_disk, gone) = split_gone(path);
        let absolute = std::path::absolute(&on_disk).map_err(|e| not_repo(e.to_string()))?;
        let repo = gix::discover(&absolute).map_err(|e| not_repo(e.to_string()))?;
        let below = |top: &Path| {
            let (top, path) = (top.canonicalize().ok()?, on_disk.canonicalize().ok()?);
            path.strip_prefix(top).ok().map(|p| p.join(&gone))
        };
        let prefix = match repo.workdir() {
            // A path in the git directory is below the top too, but names no directory of a
            // revision: it listed none, and history wrote rows of zeros.
            Some(top) if below(repo.git_dir()).is_some() => Err(not_repo(format!(
                "inside its git directory {}: name the work tree {} or a directory of it",
                repo.git_dir().display(),
                top.display()
            ))),
            Some(top) => {
                below(top).ok_or_else(|| not_repo(format!("not in its work tree {}", top.display())))
            }
            None => below(repo.git_dir())
                .filter(|p| p.as_os_str().is_empty())
                .ok_or_else(|| not_repo("name the bare repository itself".into())),
        }?;
        let git_dir = repo.git_dir().to_path_buf();
        let packs = packed::Packs::open(&repo);
        Ok(Repo { handle: repo, packs, git_dir, root: path.to_path_buf(), prefix })
    }

    /// The repository's git directory, for other threads to open handles of their own from.
    pub(crate) fn git_dir(&self) -> &Path {
        &self.git_dir
    }

    /// Resolves `rev` (anything `git rev-parse` takes that names a commit or a tree).
    pub fn resolve(&self, rev: &str) -> Result<Revision, GitError> {
        let bad = |why: String| GitError::BadRevision { rev: rev.to_string(), why };
        let repo = &self.handle;
        let spelt = match detached::spelt_for_gix(repo, rev) {
            Cow::Borrowed(rev) => upstream::spelt_for_gix(repo, rev),
            spelt => spelt,
        };
        let id = repo.rev_parse_single(spelt.as_ref()).map_err(|e| {
            match (self.unborn_branch(rev), detached::no_branch_for_sibling(repo, rev)) {
                (Some(branch), _) => bad(format!("the branch '{branch}' has no commits yet")),
                (None, Some(why)) => bad(why),
                (None, None) => bad(self.why_unresolved(rev, &e)),
            }
        })?;
        let object = id.object().map_err(|e| bad(e.to_string()))?;
        if let Ok(commit) = object.clone().peel_to_commit() {
            let tree = commit.tree_id().map_err(|e| bad(e.to_string()))?.detach();
            let time = commit.time().map(|t| t.seconds).unwrap_or(0);
            return Ok(Revision { commit: Some(commit.id), tree, time });
        }
        let tree = object.peel_to_tree().map_err(|e| bad(e.to_string()))?;
        Ok(Revision { commit: None, tree: tree.id, time: 0 })
    }

    /// What git warns of as it resolves `rev` (a name a branch and a tag share, a reflog date
    /// older than the log), worded as git words it. gix resolves a name as git does, and says
    /// nothing.
    pub fn name_warnings(&self, rev: &str) -> Vec<String> {
        names::name_warnings(self, rev).into_iter().map(|why| format!("warning: {why}")).collect()
    }

    /// The commit `a` and `b` last share (the best of their merge bases, as `git merge-base`
    /// picks), which `diff A...B` compares B with.
    pub fn merge_base(&self, a: &str, b: &str) -> Result<ObjectId, GitError> {
        let commit = |rev: &str| {
            self.resolve(rev)?
                .commit
                .ok_or_else(|| GitError::BadRevision { rev: rev.into(), why: "not a commit".into() })
        };
        let (one, two) = (commit(a)?, commit(b)?);
        let bad = |why: String| GitError::BadRevision { rev: format!("{a}...{b}"), why };
        let base = self.handle.merge_base(one, two).map_err(|e| bad(e.to_string()))?;
        base.map(|id| id.detach()).ok_or_else(|| bad("the two have no commit in common".into()))
    }

    /// The branch `HEAD` names, where it has no commit yet and `rev` names it (`HEAD`, `@`, `HEAD~1`,
    /// the branch itself): in a repository with no commits, gix says `HEAD` "misses a ref name",
    /// as if it were misspelt.
    fn unborn_branch(&self, rev: &str) -> Option<String> {
        let head = self.handle.head().ok()?;
        let branch = head.referent_name().filter(|_| head.is_unborn())?;
        let name = rev.find(['~', '^', ':']).map_or(rev, |end| &rev[..end]);
        let name = name.split_once("@{").map_or(name, |(name, _)| name);
        let short = branch.shorten().to_string();
        let names_it = ["@", "HEAD", short.as_str()].contains(&name) || branch.as_bstr() == name;
        names_it.then_some(short)
    }

    /// Why `rev` did not resolve: in git's words where they say it plainer than gix's `error`
    /// ([`git_words`]), or gix's cause and what about the repository may be behind it.
    fn why_unresolved(&self, rev: &str, error: &(dyn std::error::Error + 'static)) -> String {
        match self.why_names_fail() {
            "" => git_words::why_git_fails(self, rev).unwrap_or_else(|| cause(error)),
            hint => format!("{}{hint}", cause(error)),
        }
    }

    /// What about the repository may be why a name did not resolve, where gix's error names only
    /// the step that failed: refs kept in reftable (which gix cannot read yet: `HEAD` and every
    /// branch fail, where a commit id works), or a shallow clone's history ending short of it.
    fn why_names_fail(&self) -> &'static str {
        let refs = self.handle.config_snapshot().string("extensions.refStorage");
        if refs.is_some_and(|r| r.eq_ignore_ascii_case(b"reftable")) {
            "; this repository keeps its refs in reftable, which ringloc cannot read yet: name a commit by its id"
        } else if self.handle.is_shallow().unwrap_or(false) {
            "; this is a shallow clone, whose history stops at its shallow commits (git fetch --unshallow)"
        } else {
            ""
        }
    }
}
