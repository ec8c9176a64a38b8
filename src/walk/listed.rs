//! `--files-from`: the list is one root, and a root counts each file once. A path listed again
//! (`./a.c` after `a.c`, `lnk/a.c` through a link to the directory) is the same directory entry,
//! so it is taken once, the first time; a directory listed again is walked once. A listed directory
//! that another's walk reaches is left to its own walk, and a walk leaves out the files listed on
//! their own, which are counted as listed (hidden or ignored or not, as a listed file is). Entries
//! are told apart by their directory's device and inode and their name, as `--follow` claims a
//! file: hard links are two names, each counted, as a walk counts them.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::follow::{DirId, LinkedNames};

#[derive(Debug)]
pub struct Listed {
    /// The list's root index.
    root: usize,
    /// The listed directories, each walked from its own entry.
    dirs: HashSet<DirId>,
    /// Their paths as listed, roots to `--follow` as the paths given are.
    dir_paths: Vec<PathBuf>,
    /// The listed files by directory, counted as listed.
    files: HashMap<DirId, LinkedNames>,
}

impl Listed {
    pub fn new(root: usize) -> Listed {
        Listed { root, dirs: HashSet::new(), dir_paths: Vec::new(), files: HashMap::new() }
    }

    /// Takes the listed directory `id` at `path`; false when it was listed before.
    pub fn add_dir(&mut self, id: DirId, path: &Path) -> bool {
        let first = self.dirs.insert(id);
        if first {
            self.dir_paths.push(path.to_path_buf());
        }
        first
    }

    /// The listed directories, once each: a link into one is left to its walk, as a link into a
    /// path given is.
    pub fn dir_paths(&self) -> &[PathBuf] {
        &self.dir_paths
    }

    /// Takes the listed file `name` of the directory `dir`; false when it was listed before.
    pub fn add_file(&mut self, dir: DirId, name: &[u8]) -> bool {
        Arc::make_mut(self.files.entry(dir).or_default()).insert(name.into())
    }

    /// Whether a walk of a listed directory may meet another listed entry, and so must look at
    /// each directory it enters (one `fstat`); a list of files alone, or of one directory, never.
    pub fn may_overlap(&self) -> bool {
        !self.dirs.is_empty() && (self.dirs.len() > 1 || !self.files.is_empty())
    }

    /// The list's root index, whose walks look here.
    pub fn root(&self) -> usize {
        self.root
    }

    /// A walk of the list enters the directory `id`, `depth` below its listed directory: None when
    /// it is another listed directory, walked from its own entry; else the names of the listed
    /// files in it, for the walk to leave out.
    pub fn enter(&self, id: DirId, depth: usize) -> Option<Option<LinkedNames>> {
        if depth > 0 && self.dirs.contains(&id) {
            return None;
        }
        Some(self.files.get(&id).cloned())
    }
}
