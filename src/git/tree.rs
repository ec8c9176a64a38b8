//! A revision's tree as a checkout of it would be counted: the same hidden-name, directory,
//! glob, depth, extension and language rules as the directory walk ([`crate::walk`]), and the
//! ignore files as committed in that tree. Symlinks are skipped as a walk without `--follow`
//! skips them; submodules (commits in the tree) are listed, never entered.
//!
//! Directories are kept as [`Node`]s, shared between revisions: a subtree with the same id, path
//! and ignore files above it selects the same files, so a second revision lists only the
//! directories it changed.

use std::collections::HashMap;
use std::ffi::{CStr, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use gix::objs::tree::EntryKind;
use gix::ObjectId;

use super::{GitError, Repo};
use crate::lang::{detect_by_name, NameMatch};
use crate::walk::ignore::{IgnoreLevel, TREE_FILES};
use crate::walk::select::Selection;
use crate::walk::SKIPPED_DIRS;

/// A file of the tree that the selection keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeFile {
    /// Below the repository's path as the user named it.
    pub path: PathBuf,
    pub blob: ObjectId,
    pub language: NameMatch,
}

/// One selected directory: its own files and submodules, and its selected subdirectories.
#[derive(Debug, Default)]
pub struct Node {
    pub files: Vec<TreeFile>,
    /// Submodules: their path and the commit the tree pins.
    pub submodules: Vec<(PathBuf, ObjectId)>,
    pub dirs: Vec<Arc<Node>>,
}

impl Node {
    /// Every file and submodule of the subtree.
    pub fn flatten(&self) -> TreeListing {
        let mut out = TreeListing::default();
        let mut stack = vec![self];
        while let Some(node) = stack.pop() {
            out.files.extend(node.files.iter().cloned());
            out.submodules.extend(node.submodules.iter().cloned());
            stack.extend(node.dirs.iter().map(Arc::as_ref));
        }
        out
    }
}

/// What a tree holds for counting, flattened.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TreeListing {
    pub files: Vec<TreeFile>,
    pub submodules: Vec<(PathBuf, ObjectId)>,
}

/// The ignore files met above a directory: each one's directory and blob.
type IgnoreChain = Arc<Vec<(PathBuf, ObjectId)>>;

/// One entry of a decoded tree, owned.
struct Entry {
    name: Vec<u8>,
    kind: EntryKind,
    oid: ObjectId,
}

/// A directory to list: its tree, path, depth and the ignore rules above it.
struct Dir<'a> {
    tree: ObjectId,
    path: PathBuf,
    depth: usize,
    ignore: &'a Arc<IgnoreLevel>,
    chain: &'a IgnoreChain,
}

/// The directory a listing starts from, with the ignore rules above it.
struct Start {
    tree: ObjectId,
    ignore: Arc<IgnoreLevel>,
    chain: IgnoreChain,
}

/// Lists trees for one selection, keeping every directory listed so far.
pub struct TreeLister<'a> {
    sel: &'a Selection,
    /// The repository's path as the user named it.
    root: PathBuf,
    /// Where `root` is below the top of the tree, one name a directory (none at the top).
    prefix: Vec<Vec<u8>>,
    top: Arc<IgnoreLevel>,
    nodes: HashMap<(ObjectId, PathBuf, IgnoreChain), Arc<Node>>,
    /// What a revision without the directory `prefix` holds there; one node, so that
    /// [`super::sums::SubtreeSums`] can know it by address.
    empty: Arc<Node>,
}

impl<'a> TreeLister<'a> {
    /// Lists trees as `repo`'s path (its work tree's top or a directory below it) would be walked
    /// under `sel`.
    pub fn new(sel: &'a Selection, repo: &Repo) -> TreeLister<'a> {
        let top = IgnoreLevel::git_root(sel.ignore);
        let prefix = repo.prefix.iter().map(|name| name.as_bytes().to_vec()).collect();
        let (root, nodes, empty) = (repo.root.clone(), HashMap::new(), Arc::default());
        TreeLister { sel, root, prefix, top, nodes, empty }
    }

    /// The selected subtree of `tree` at the repository's path; nothing where `tree` has no such
    /// directory (a history from before it was made).
    pub fn list(&mut self, repo: &gix::Repository, tree: ObjectId) -> Result<Arc<Node>, GitError> {
        let Some(start) = self.descend(repo, tree)? else { return Ok(Arc::clone(&self.empty)) };
        let dir = Dir {
            tree: start.tree,
            path: self.root.clone(),
            depth: 0,
            ignore: &start.ignore,
            chain: &start.chain,
        };
        self.node(repo, dir)
    }

    /// Whether `tree` holds the directory at the repository's path.
    pub fn has_root(&self, repo: &gix::Repository, tree: ObjectId) -> Result<bool, GitError> {
        Ok(self.descend(repo, tree)?.is_some())
    }

    /// The tree at the repository's path, and the ignore rules of the directories above it, read
    /// as a walk of that directory reads its ancestors' ignore files.
    fn descend(&self, repo: &gix::Repository, mut tree: ObjectId) -> Result<Option<Start>, GitError> {
        let (mut ignore, mut chain) = (Arc::clone(&self.top), IgnoreChain::default());
        // Ancestors are named absolutely, so that no rebased path (relative) starts with one.
        let mut above = PathBuf::from("/");
        for (depth, name) in self.prefix.iter().enumerate() {
            let entries = read_tree(repo, tree)?;
            let below: PathBuf = self.prefix[depth..].iter().map(|n| OsStr::from_bytes(n)).collect();
            let rebase = Some((self.root.clone(), below));
            (ignore, chain) = self.ignore_level(repo, (&above, rebase), &ignore, &chain, &entries)?;
            let is_dir = |e: &&Entry| e.kind == EntryKind::Tree && e.name == *name;
            let Some(dir) = entries.iter().find(is_dir) else { return Ok(None) };
            tree = dir.oid;
            above.push(OsStr::from_bytes(name));
        }
        Ok(Some(Start { tree, ignore, chain }))
    }

    fn node(&mut self, repo: &gix::Repository, dir: Dir<'_>) -> Result<Arc<Node>, GitError> {
        let key = (dir.tree, dir.path, Arc::clone(dir.chain));
        if let Some(node) = self.nodes.get(&key) {
            return Ok(Arc::clone(node));
        }
        let (tree, path) = (key.0, &key.1);
        let entries = read_tree(repo, tree)?;
        let (ignore, chain) = self.ignore_level(repo, (path, None), dir.ignore, dir.chain, &entries)?;
        let (sel, root) = (self.sel, self.root.clone());
        let filtered = ignore.has_rules() || sel.exclude.is_some();
        let mut node = Node::default();
        for e in entries {
            if sel.skips_name(&e.name) {
                continue;
            }
            let path = path.join(OsStr::from_bytes(&e.name));
            let dropped = |is_dir| {
                filtered && (ignore.is_ignored(&path, is_dir) || sel.excluded_by_glob(&e.name, &path, &root))
            };
            match e.kind {
                EntryKind::Tree => {
                    let skipped =
                        SKIPPED_DIRS.contains(&e.name.as_slice()) || sel.skips_dir(&e.name, dir.depth + 1);
                    if !skipped && !dropped(true) {
                        let sub =
                            Dir { tree: e.oid, path, depth: dir.depth + 1, ignore: &ignore, chain: &chain };
                        node.dirs.push(self.node(repo, sub)?);
                    }
                }
                EntryKind::Blob | EntryKind::BlobExecutable => {
                    let language = detect_by_name(&e.name);
                    // Unknown names stay: they are counted as skipped, as the walk counts them.
                    if !sel.skips_file(&e.name, language) && !dropped(false) {
                        node.files.push(TreeFile { path, blob: e.oid, language });
                    }
                }
                EntryKind::Commit => node.submodules.push((path, e.oid)),
                EntryKind::Link => {}
            }
        }
        let node = Arc::new(node);
        self.nodes.insert(key, Arc::clone(&node));
        Ok(node)
    }

    /// The ignore level for the directory `path` (rebased if it is above the counted root), from
    /// the ignore files its tree holds (blobs only: a symlink named `.gitignore` is not read, as
    /// git does not read one), and the chain of ignore files its subdirectories see.
    fn ignore_level(
        &self,
        repo: &gix::Repository,
        (path, rebase): (&Path, Option<(PathBuf, PathBuf)>),
        parent: &Arc<IgnoreLevel>,
        chain: &IgnoreChain,
        entries: &[Entry],
    ) -> Result<(Arc<IgnoreLevel>, IgnoreChain), GitError> {
        if !self.sel.ignore.enabled {
            return Ok((Arc::clone(parent), Arc::clone(chain)));
        }
        let mut texts: Vec<(&CStr, Vec<u8>)> = Vec::new();
        let mut longer = chain.as_ref().clone();
        for name in TREE_FILES {
            let is_blob = |e: &&Entry| matches!(e.kind, EntryKind::Blob | EntryKind::BlobExecutable);
            let found = entries.iter().filter(is_blob).find(|e| e.name == name.to_bytes());
            if let Some(e) = found {
                let data =
                    repo.find_blob(e.oid).map_err(|err| GitError::Store(format!("blob {}: {err}", e.oid)))?;
                texts.push((name, data.data.clone()));
                longer.push((path.join(OsStr::from_bytes(name.to_bytes())), e.oid));
            }
        }
        if texts.is_empty() {
            return Ok((Arc::clone(parent), Arc::clone(chain)));
        }
        Ok((IgnoreLevel::from_texts(parent, path, &texts, rebase), Arc::new(longer)))
    }
}

fn read_tree(repo: &gix::Repository, id: ObjectId) -> Result<Vec<Entry>, GitError> {
    let store = |e: String| GitError::Store(format!("tree {id}: {e}"));
    let tree = repo.find_tree(id).map_err(|e| store(e.to_string()))?;
    tree.iter()
        .map(|e| {
            let e = e.map_err(|e| store(e.to_string()))?;
            Ok(Entry { name: e.filename().to_vec(), kind: e.mode().kind(), oid: e.oid().to_owned() })
        })
        .collect()
}
