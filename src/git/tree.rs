//! A revision's tree as a checkout of it would be counted: the same hidden-name, directory,
//! glob, depth, extension and language rules as the directory walk ([`crate::walk`]), and the
//! ignore files as committed in that tree. Symlinks are skipped as a walk without `--follow`
//! skips them; submodules (commits in the tree) are listed, never entered.

use std::ffi::{CStr, OsStr};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use gix::objs::tree::EntryKind;
use gix::ObjectId;

use super::GitError;
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

/// What a tree holds for counting.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TreeListing {
    pub files: Vec<TreeFile>,
    /// Submodules: their path and the commit the tree pins.
    pub submodules: Vec<(PathBuf, ObjectId)>,
}

/// One directory still to list.
struct Pending {
    tree: ObjectId,
    path: PathBuf,
    depth: usize,
    ignore: Arc<IgnoreLevel>,
}

/// One entry of a decoded tree, owned.
struct Entry {
    name: Vec<u8>,
    kind: EntryKind,
    oid: ObjectId,
}

/// Lists the tree `tree` as the directory `root` would be walked.
pub fn list_tree(
    repo: &gix::Repository,
    tree: ObjectId,
    root: &Path,
    sel: &Selection,
) -> Result<TreeListing, GitError> {
    let mut out = TreeListing::default();
    let mut stack =
        vec![Pending { tree, path: root.to_path_buf(), depth: 0, ignore: IgnoreLevel::git_root(sel.ignore) }];
    while let Some(dir) = stack.pop() {
        let entries = read_tree(repo, dir.tree)?;
        let ignore = ignore_level(repo, &dir, &entries, sel)?;
        let filtered = ignore.has_rules() || sel.exclude.is_some();
        for e in entries {
            if sel.skips_name(&e.name) {
                continue;
            }
            let path = dir.path.join(OsStr::from_bytes(&e.name));
            let dropped = |is_dir| {
                filtered && (ignore.is_ignored(&path, is_dir) || sel.excluded_by_glob(&e.name, &path, root))
            };
            match e.kind {
                EntryKind::Tree => {
                    let skipped =
                        SKIPPED_DIRS.contains(&e.name.as_slice()) || sel.skips_dir(&e.name, dir.depth + 1);
                    if !skipped && !dropped(true) {
                        let ignore = Arc::clone(&ignore);
                        stack.push(Pending { tree: e.oid, path, depth: dir.depth + 1, ignore });
                    }
                }
                EntryKind::Blob | EntryKind::BlobExecutable => {
                    let language = detect_by_name(&e.name);
                    if language != NameMatch::Unknown && !sel.skips_file(&e.name, language) && !dropped(false)
                    {
                        out.files.push(TreeFile { path, blob: e.oid, language });
                    }
                }
                EntryKind::Commit => out.submodules.push((path, e.oid)),
                EntryKind::Link => {}
            }
        }
    }
    Ok(out)
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

/// The ignore level for `dir`, from the ignore files its tree holds (blobs only: a symlink named
/// `.gitignore` is not read, as git does not read one).
fn ignore_level(
    repo: &gix::Repository,
    dir: &Pending,
    entries: &[Entry],
    sel: &Selection,
) -> Result<Arc<IgnoreLevel>, GitError> {
    if !sel.ignore.enabled {
        return Ok(Arc::clone(&dir.ignore));
    }
    let mut texts: Vec<(&CStr, Vec<u8>)> = Vec::new();
    for name in TREE_FILES {
        let blob = |e: &&Entry| {
            e.name == name.to_bytes() && matches!(e.kind, EntryKind::Blob | EntryKind::BlobExecutable)
        };
        if let Some(e) = entries.iter().find(blob) {
            let data =
                repo.find_blob(e.oid).map_err(|err| GitError::Store(format!("blob {}: {err}", e.oid)))?;
            texts.push((name, data.data.clone()));
        }
    }
    Ok(IgnoreLevel::from_texts(&dir.ignore, &dir.path, &texts))
}
