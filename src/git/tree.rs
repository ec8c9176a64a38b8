//! A revision's tree as a checkout of it would be counted: the same hidden-name, directory,
//! glob, depth, extension and language rules as the directory walk ([`crate::walk`]), and the
//! ignore files as committed in that tree. Symlinks are skipped as a walk without `--follow`
//! skips them; submodules (commits in the tree) are listed, never entered, unless the selection
//! leaves out their directory.
//!
//! Directories are kept as [`Node`]s, shared between revisions: a subtree with the same id, path
//! and ignore files above it selects the same files, so a second revision lists only the
//! directories it changed.

use std::ffi::{CStr, OsStr};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use gix::objs::tree::EntryKind;
use gix::objs::TreeRefIter;
use gix::ObjectId;

use super::packed::{BlobReader, Packs};
use super::{FastMap, FastSet, GitError, ObjectStore, Repo};
use crate::lang::{detect_by_name, NameMatch};
use crate::walk::ignore::{named_from_root, IgnoreLevel, TREE_FILES};
use crate::walk::select::Selection;
use crate::walk::SKIPPED_DIRS;

/// The deepest directory listed, counted from the top of the tree; a deeper one is an error. Each
/// directory's node is keyed by its whole path, so a chain of directories costs the square of its
/// depth in memory (16 MiB at this depth). git stops sooner, at its `core.maxTreeDepth` (2048 in
/// Git 2.47), so no tree that git checks out is refused.
const MAX_TREE_DEPTH: usize = 4096;

/// A file of the tree that the selection keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeFile {
    /// Below the repository's path as the user named it.
    pub path: PathBuf,
    pub blob: ObjectId,
    pub language: NameMatch,
}

/// Ignore files whose blobs could not be read (a partial clone never fetched them), and why.
pub type UnreadIgnores = Vec<(PathBuf, String)>;

/// One selected directory: its own files and submodules, and its selected subdirectories.
#[derive(Debug, Default)]
pub struct Node {
    pub files: Vec<TreeFile>,
    /// Submodules: their path and the commit the tree pins.
    pub submodules: Vec<(PathBuf, ObjectId)>,
    /// Its ignore files that are symlinks, not applied ([`TreeLister::linked_ignore_files`]).
    pub ignore_links: Vec<PathBuf>,
    /// Its ignore files whose blobs could not be read (a partial clone never fetched them), and
    /// why: their rules are not applied, as those of an ignore file on disk that cannot be read.
    pub unread_ignores: UnreadIgnores,
    /// Its files, submodules and directories that its tree lists more than once, and why that is
    /// an error ([`last_of_each_name`]): each is listed once.
    pub listed_twice: Vec<(PathBuf, String)>,
    pub dirs: Vec<Arc<Node>>,
}

/// Drops the subtree a node at a time: dropped in turn, each node dropping its own, nested nodes
/// overflowed the stack of a deep tree.
impl Drop for Node {
    fn drop(&mut self) {
        let mut below = std::mem::take(&mut self.dirs);
        while let Some(dir) = below.pop() {
            if let Some(mut node) = Arc::into_inner(dir) {
                below.append(&mut node.dirs);
            }
        }
    }
}

impl Node {
    /// Every file and submodule of the subtree.
    pub fn flatten(&self) -> TreeListing {
        let mut out = TreeListing::default();
        let mut stack = vec![self];
        while let Some(node) = stack.pop() {
            out.files.extend(node.files.iter().cloned());
            out.submodules.extend(node.submodules.iter().cloned());
            out.ignore_links.extend(node.ignore_links.iter().cloned());
            out.unread_ignores.extend(node.unread_ignores.iter().cloned());
            out.listed_twice.extend(node.listed_twice.iter().cloned());
            stack.extend(node.dirs.iter().map(Arc::as_ref));
        }
        out
    }
}

/// The files of every directory under `roots`, each directory once however many roots share it.
pub fn distinct_files(roots: &[Arc<Node>]) -> Vec<&TreeFile> {
    distinct_nodes(roots).into_iter().flat_map(|node| &node.files).collect()
}

/// Every directory under `roots`, once however many roots share it.
pub fn distinct_nodes(roots: &[Arc<Node>]) -> Vec<&Node> {
    let mut seen = FastSet::default();
    let mut stack: Vec<&Arc<Node>> = roots.iter().collect();
    let mut nodes = Vec::new();
    while let Some(node) = stack.pop() {
        if seen.insert(Arc::as_ptr(node)) {
            nodes.push(node.as_ref());
            stack.extend(&node.dirs);
        }
    }
    nodes
}

/// What a tree holds for counting, flattened.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TreeListing {
    pub files: Vec<TreeFile>,
    pub submodules: Vec<(PathBuf, ObjectId)>,
    /// Ignore files that are symlinks, in the tree and above the repository's path: not applied.
    pub ignore_links: Vec<PathBuf>,
    /// Ignore files whose blobs could not be read, in the tree and above it, and why.
    pub unread_ignores: UnreadIgnores,
    /// What the tree lists more than once, and why that is an error.
    pub listed_twice: Vec<(PathBuf, String)>,
}

/// The ignore files met above a directory: each one's path (its bytes: a key hashed for every
/// directory listed, where a `PathBuf` hashes component by component) and blob.
type IgnoreChain = Arc<Vec<(Vec<u8>, ObjectId)>>;

/// One entry of a decoded tree.
struct Entry<'d> {
    name: &'d [u8],
    kind: EntryKind,
    oid: ObjectId,
}

/// A directory to list: its tree, path, depth and the ignore rules above it.
struct Dir {
    tree: ObjectId,
    path: PathBuf,
    depth: usize,
    ignore: Arc<IgnoreLevel>,
    chain: IgnoreChain,
}

/// What a directory's node is keyed by: its tree, path (its bytes, as the chain holds them) and
/// the ignore files above it.
type NodeKey = (ObjectId, Vec<u8>, IgnoreChain);

/// A directory being listed: its own files and submodules, and its subdirectories, those still
/// to list last first.
struct Listing {
    key: NodeKey,
    node: Node,
    pending: Vec<Dir>,
}

/// A directory met: listed before (by this tree or an earlier one), or opened to be listed. One
/// lives at a time and is unpacked at once: a box would cost an allocation a directory.
#[allow(clippy::large_enum_variant)]
enum Step {
    Known(Arc<Node>),
    Open(Listing),
}

/// The directory a listing starts from, with the ignore rules above it and the ignore files
/// there that are symlinks.
struct Start {
    tree: ObjectId,
    ignore: Arc<IgnoreLevel>,
    chain: IgnoreChain,
    links: Vec<PathBuf>,
    /// Ignore files above it whose blobs could not be read, and why.
    unread: UnreadIgnores,
}

/// Lists trees for one selection, keeping every directory listed so far.
pub struct TreeLister<'a> {
    sel: &'a Selection,
    /// The repository's objects, whose replacements (`git replace`) a tree's entries name.
    packs: &'a Packs,
    reader: BlobReader<'a>,
    /// The ignore files the last [`TreeLister::ignore_level`] could not read, and why.
    unread: UnreadIgnores,
    /// The repository's path as the user named it.
    root: PathBuf,
    /// Where `root` is below the top of the tree, one name a directory (none at the top).
    prefix: Vec<Vec<u8>>,
    top: Arc<IgnoreLevel>,
    /// Directories listed so far.
    nodes: FastMap<NodeKey, Arc<Node>>,
    /// Ignore levels by the ignore files that make them: a history lists a directory with an
    /// ignore file anew whenever a file below it changes, and its rules are parsed once.
    levels: FastMap<IgnoreChain, Arc<IgnoreLevel>>,
    /// What a revision without the directory `prefix` holds there; one node, so that
    /// [`super::sums::SubtreeSums`] can know it by address.
    empty: Arc<Node>,
}

impl<'a> TreeLister<'a> {
    /// Lists trees as `repo`'s path (its work tree's top or a directory below it) would be walked
    /// under `sel`.
    pub fn new(sel: &'a Selection, repo: &'a Repo) -> TreeLister<'a> {
        TreeLister::of(sel, (&repo.packs, &repo.root, &repo.prefix))
    }

    /// [`TreeLister::new`] from the parts of the repository it reads, which other threads share.
    pub(crate) fn of(sel: &'a Selection, (packs, root, prefix): (&'a Packs, &Path, &Path)) -> TreeLister<'a> {
        let top = IgnoreLevel::git_root(sel.ignore);
        let prefix = prefix.iter().map(|name| name.as_bytes().to_vec()).collect();
        let (root, nodes, empty) = (root.to_path_buf(), FastMap::default(), Arc::default());
        let (reader, levels) = (BlobReader::new(packs), FastMap::default());
        let unread = Vec::new();
        TreeLister { sel, packs, reader, unread, root, prefix, top, nodes, levels, empty }
    }

    /// The selected subtree of `tree` at the repository's path (nothing where `tree` has no such
    /// directory: a history from before it was made), and the ignore files above it that are
    /// symlinks.
    pub(crate) fn list(
        &mut self,
        repo: &impl ObjectStore,
        tree: ObjectId,
    ) -> Result<(Arc<Node>, Vec<PathBuf>), GitError> {
        let (node, links, unread) = self.list_below(repo, tree)?;
        match unread.into_iter().next() {
            Some((path, why)) => Err(GitError::Store(format!("{}: {why}", path.display()))),
            None => Ok((node, links)),
        }
    }

    /// [`TreeLister::list`] flattened, the ignore files above the repository's path that are
    /// symlinks first: what a count of the revision reports.
    pub(crate) fn listing(
        &mut self,
        repo: &impl ObjectStore,
        tree: ObjectId,
    ) -> Result<TreeListing, GitError> {
        let (node, above, unread) = self.list_below(repo, tree)?;
        let mut listing = node.flatten();
        listing.ignore_links.splice(0..0, above);
        listing.unread_ignores.splice(0..0, unread);
        Ok(listing)
    }

    /// [`TreeLister::list`]'s subtree, and the ignore files above it that are symlinks (kept out
    /// of its node, which revisions with other directories above it share).
    fn list_below(
        &mut self,
        repo: &impl ObjectStore,
        tree: ObjectId,
    ) -> Result<(Arc<Node>, Vec<PathBuf>, UnreadIgnores), GitError> {
        let Some(start) = self.descend(repo, tree)? else {
            return Ok((Arc::clone(&self.empty), Vec::new(), Vec::new()));
        };
        let dir = Dir {
            tree: start.tree,
            path: self.root.clone(),
            depth: 0,
            ignore: start.ignore,
            chain: start.chain,
        };
        Ok((self.node(repo, dir)?, start.links, start.unread))
    }

    /// Whether `tree` holds the directory at the repository's path.
    pub(crate) fn has_root(&mut self, repo: &impl ObjectStore, tree: ObjectId) -> Result<bool, GitError> {
        Ok(self.descend(repo, tree)?.is_some())
    }

    /// The tree at the repository's path, and the ignore rules of the directories above it, read
    /// as a walk of that directory reads its ancestors' ignore files.
    fn descend(&mut self, repo: &impl ObjectStore, mut tree: ObjectId) -> Result<Option<Start>, GitError> {
        let (mut ignore, mut chain, mut links) = (Arc::clone(&self.top), IgnoreChain::default(), Vec::new());
        tree = self.packs.replaced(tree);
        let mut unread = Vec::new();
        // Ancestors are named absolutely, so that no rebased path (relative) starts with one.
        let mut above = PathBuf::from("/");
        let prefix = self.prefix.clone();
        for (depth, name) in prefix.iter().enumerate() {
            let data = read_tree(repo, &mut self.reader, tree)?;
            // A name above the counted directory listed twice counts nothing twice: the last is
            // the directory a checkout writes, and the one descended into.
            let (entries, _) = entries(tree, &data, self.packs)?;
            let below: PathBuf = prefix[depth..].iter().map(|n| OsStr::from_bytes(n)).collect();
            let rebase = Some((self.root.clone(), below));
            links.extend(self.linked_ignore_files((&above, rebase.as_ref()), &entries));
            (ignore, chain) = self.ignore_level(repo, (&above, rebase), &ignore, &chain, &entries)?;
            unread.append(&mut self.unread);
            let is_dir = |e: &&Entry| e.kind == EntryKind::Tree && e.name == *name;
            let Some(dir) = entries.iter().find(is_dir) else { return Ok(None) };
            tree = dir.oid;
            above.push(OsStr::from_bytes(name));
        }
        Ok(Some(Start { tree, ignore, chain, links, unread }))
    }

    /// The node of `top`, each directory below it listed unless a tree listed so far holds it.
    /// Depth first, on a stack of its own: one frame a level overflowed the stack of a tree
    /// 10,000 directories deep.
    fn node(&mut self, repo: &impl ObjectStore, top: Dir) -> Result<Arc<Node>, GitError> {
        let mut open: Vec<Listing> = Vec::new();
        let mut next = Some(top);
        loop {
            let finished = match next.take() {
                Some(dir) => match self.step(repo, dir)? {
                    Step::Known(node) => Some(node),
                    Step::Open(listing) => {
                        open.push(listing);
                        None
                    }
                },
                None => open.pop().map(|listing| self.close(listing)),
            };
            if let Some(node) = finished {
                let Some(parent) = open.last_mut() else { return Ok(node) };
                parent.node.dirs.push(node);
            }
            next = open.last_mut().and_then(|listing| listing.pending.pop());
        }
    }

    /// `dir`'s node where a tree listed so far holds it; otherwise `dir` opened: its files and
    /// submodules, its subdirectories to list. An error below [`MAX_TREE_DEPTH`].
    fn step(&mut self, repo: &impl ObjectStore, dir: Dir) -> Result<Step, GitError> {
        let key = (dir.tree, dir.path.into_os_string().into_vec(), dir.chain);
        if let Some(node) = self.nodes.get(&key) {
            return Ok(Step::Known(Arc::clone(node)));
        }
        if self.prefix.len() + dir.depth > MAX_TREE_DEPTH {
            return Err(GitError::Store(format!(
                "tree {}: exceeded the maximum tree depth, {MAX_TREE_DEPTH} directories (git itself \
                 stops at its core.maxTreeDepth, 2048 by default)",
                key.0
            )));
        }
        let (tree, path) = (key.0, Path::new(OsStr::from_bytes(&key.1)));
        let data = read_tree(repo, &mut self.reader, tree)?;
        let (entries, twice) = entries(tree, &data, self.packs)?;
        let (ignore, chain) = self.ignore_level(repo, (path, None), &dir.ignore, &key.2, &entries)?;
        let (sel, root) = (self.sel, self.root.clone());
        let filtered = ignore.has_rules() || sel.filters_paths();
        let verdict = sel.dir_verdict(path, &root);
        let (mut node, mut pending) = (Node::default(), Vec::new());
        node.ignore_links = self.linked_ignore_files((path, None), &entries);
        node.unread_ignores = std::mem::take(&mut self.unread);
        for e in entries.into_iter().filter(|_| verdict.enter) {
            if sel.skips_name(e.name) {
                continue;
            }
            let path = path.join(OsStr::from_bytes(e.name));
            let dropped = |is_dir| filtered && sel.drops_path(&ignore, &path, &root, is_dir);
            // A submodule is a directory in a checkout: the rules that leave one out leave it out
            // too, and so mark the `--exclude-dir` or `--exclude` value that matched it.
            let kept_dir =
                || !SKIPPED_DIRS.contains(&e.name) && !sel.skips_dir(e.name, dir.depth + 1) && !dropped(true);
            match e.kind {
                EntryKind::Tree if kept_dir() => {
                    let (ignore, chain) = (Arc::clone(&ignore), Arc::clone(&chain));
                    pending.push(Dir { tree: e.oid, path, depth: dir.depth + 1, ignore, chain });
                }
                EntryKind::Blob | EntryKind::BlobExecutable => {
                    let language = detect_by_name(e.name);
                    // Unknown names stay: they are counted as skipped, as the walk counts them.
                    let by_pattern = || verdict.files && sel.keeps_by_pattern(e.name, || path.clone());
                    if by_pattern() && !sel.skips_file(e.name, language) && !dropped(false) {
                        node.files.push(TreeFile { path, blob: e.oid, language });
                    }
                }
                EntryKind::Commit if kept_dir() => node.submodules.push((path, e.oid)),
                EntryKind::Tree | EntryKind::Commit | EntryKind::Link => {}
            }
        }
        pending.reverse();
        if !twice.is_empty() {
            node.listed_twice = kept_twice((&node, &pending), &twice, tree);
        }
        Ok(Step::Open(Listing { key, node, pending }))
    }

    /// A directory listed whole, kept for the trees listed after it.
    fn close(&mut self, listing: Listing) -> Arc<Node> {
        let node = Arc::new(listing.node);
        self.nodes.insert(listing.key, Arc::clone(&node));
        node
    }

    /// The ignore files of the directory `path` (named from the counted root if it is above it:
    /// `rebase`) that are symlinks: git does not follow one, so neither this nor a checkout
    /// applies one ([`TreeLister::ignore_level`] reads blobs only), and both note it.
    fn linked_ignore_files(
        &self,
        (path, rebase): (&Path, Option<&(PathBuf, PathBuf)>),
        entries: &[Entry],
    ) -> Vec<PathBuf> {
        if !self.sel.ignore.enabled {
            return Vec::new();
        }
        let is_link =
            |name: &&&CStr| entries.iter().any(|e| e.kind == EntryKind::Link && e.name == name.to_bytes());
        let named = |name: &&CStr| match rebase {
            Some(rebase) => named_from_root(rebase, name),
            None => path.join(OsStr::from_bytes(name.to_bytes())),
        };
        TREE_FILES.iter().filter(|name| self.sel.ignore.reads(name)).filter(is_link).map(named).collect()
    }

    /// The ignore level for the directory `path` (rebased if it is above the counted root), from
    /// the ignore files its tree holds (blobs only: a symlink named `.gitignore` is not read, as
    /// git does not read one), and the chain of ignore files its subdirectories see.
    fn ignore_level(
        &mut self,
        repo: &impl ObjectStore,
        (path, rebase): (&Path, Option<(PathBuf, PathBuf)>),
        parent: &Arc<IgnoreLevel>,
        chain: &IgnoreChain,
        entries: &[Entry],
    ) -> Result<(Arc<IgnoreLevel>, IgnoreChain), GitError> {
        if !self.sel.ignore.enabled {
            return Ok((Arc::clone(parent), Arc::clone(chain)));
        }
        let is_blob = |e: &&Entry| matches!(e.kind, EntryKind::Blob | EntryKind::BlobExecutable);
        let found: Vec<(&CStr, ObjectId)> = TREE_FILES
            .iter()
            .filter(|name| self.sel.ignore.reads(name))
            .filter_map(|name| {
                Some((*name, entries.iter().filter(is_blob).find(|e| e.name == name.to_bytes())?.oid))
            })
            .collect();
        if found.is_empty() {
            return Ok((Arc::clone(parent), Arc::clone(chain)));
        }
        let mut longer = chain.as_ref().clone();
        let named = |name: &CStr| path.join(OsStr::from_bytes(name.to_bytes())).into_os_string().into_vec();
        longer.extend(found.iter().map(|(name, oid)| (named(name), *oid)));
        let longer = Arc::new(longer);
        if let Some(level) = self.levels.get(&longer).filter(|_| rebase.is_none()) {
            return Ok((Arc::clone(level), longer));
        }
        let mut texts: Vec<(&CStr, Vec<u8>)> = Vec::new();
        for (name, oid) in found {
            let place = self.reader.locate(&oid);
            match self.reader.with_blob(repo, (oid, place), <[u8]>::to_vec) {
                Ok(data) => texts.push((name, data)),
                // Left out, as an ignore file on disk that cannot be read is: what it would have
                // excluded is counted, and the count says why (a partial clone never fetched it).
                Err(why) => {
                    let named = match &rebase {
                        Some(rebase) => named_from_root(rebase, name),
                        None => path.join(OsStr::from_bytes(name.to_bytes())),
                    };
                    self.unread.push((named, why));
                }
            }
        }
        // A level missing a file is not kept: a later directory with the same files says why too.
        let cached = rebase.is_none() && self.unread.is_empty();
        let level = IgnoreLevel::from_texts(parent, path, &texts, rebase);
        if cached {
            self.levels.insert(Arc::clone(&longer), Arc::clone(&level));
        }
        Ok((level, longer))
    }
}

/// The files, submodules and directories a directory keeps (`node`, `pending`) whose name its
/// tree `tree` lists more than once, each with why that is an error: the tree is corrupt, and one
/// entry of the name is counted, the one a checkout writes. Names the selection leaves out are
/// not counted, and not named.
fn kept_twice((node, pending): (&Node, &[Dir]), twice: &Twice, tree: ObjectId) -> Vec<(PathBuf, String)> {
    let why = format!(
        "tree {tree} lists this name more than once, which git fsck calls corrupt (duplicateEntries): \
         counted once, as a checkout writes its last entry"
    );
    let files = node.files.iter().map(|file| &file.path);
    let submodules = node.submodules.iter().map(|(path, _)| path);
    let paths = files.chain(submodules).chain(pending.iter().map(|dir| &dir.path));
    let named_twice = |path: &&PathBuf| path.file_name().is_some_and(|name| twice.contains(&name.as_bytes()));
    let mut listed: Vec<(PathBuf, String)> =
        paths.filter(named_twice).map(|path| (path.clone(), why.clone())).collect();
    listed.sort_unstable();
    listed
}

/// The bytes of the tree `id`, read through the packs (gix for the rest).
fn read_tree(repo: &impl ObjectStore, reader: &mut BlobReader, id: ObjectId) -> Result<Vec<u8>, GitError> {
    reader.with_tree(repo, id, <[u8]>::to_vec).map_err(|e| GitError::Store(format!("tree {id}: {e}")))
}

/// The entries of the tree `id`, whose bytes are `data` (entry ids of the hash `id` is named by),
/// each naming the object `packs` reads in place of the one stored: its replacement, if any. A
/// name is listed once, as a checkout writes it, and the names a corrupt tree lists more than once
/// are returned apart ([`last_of_each_name`]).
fn entries<'d>(id: ObjectId, data: &'d [u8], packs: &Packs) -> Result<(Vec<Entry<'d>>, Twice<'d>), GitError> {
    let all = TreeRefIter::from_bytes(data, id.kind())
        .map(|e| {
            let e = e.map_err(|e| GitError::Store(format!("tree {id}: {e}")))?;
            Ok(Entry { name: e.filename, kind: e.mode.kind(), oid: packs.replaced(e.oid.to_owned()) })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(last_of_each_name(all))
}

/// The names a tree lists more than once.
type Twice<'d> = Vec<&'d [u8]>;

/// `entries` with each name once, the last entry of a name kept, and the names listed more than
/// once. git writes a tree with each name once, in order, and `git fsck` calls one that repeats a
/// name corrupt (`duplicateEntries`); `git mktree` and `hash-object --literally` write one all the
/// same. A checkout puts a tree's entries in the index one after the other, each replacing the
/// one of its name before it, so the last is the file it writes. Entries in byte order hold no
/// name twice, and are most trees (git's order puts a directory `a` after `a.c`): only the others
/// are sorted to find out.
fn last_of_each_name(entries: Vec<Entry>) -> (Vec<Entry>, Twice) {
    if entries.windows(2).all(|pair| pair[0].name < pair[1].name) {
        return (entries, Vec::new());
    }
    let mut names: Vec<(&[u8], usize)> = entries.iter().enumerate().map(|(at, e)| (e.name, at)).collect();
    names.sort_unstable();
    let replaced: FastSet<usize> =
        names.windows(2).filter(|pair| pair[0].0 == pair[1].0).map(|pair| pair[0].1).collect();
    let mut twice: Twice =
        names.windows(2).filter(|pair| pair[0].0 == pair[1].0).map(|pair| pair[0].0).collect();
    twice.dedup();
    let kept = entries.into_iter().enumerate().filter(|(at, _)| !replaced.contains(at)).map(|(_, e)| e);
    (kept.collect(), twice)
}
