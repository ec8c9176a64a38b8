//! The validated settings a run needs; the CLI builds one from its flags, library users directly.

use std::path::PathBuf;

use crate::io::Backend;
use crate::walk::select::Selection;

#[derive(Debug, Clone)]
pub struct Config {
    /// Directories and files to count.
    pub paths: Vec<PathBuf>,
    /// Worker threads, one ring each; 0 means one per available core.
    pub threads: usize,
    pub backend: Backend,
    /// Keep a row per counted file in [`crate::Report::files`].
    pub by_file: bool,
    /// What to count: hidden files, ignore files, exclusions, language and extension filters.
    pub selection: Selection,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            paths: vec![PathBuf::from(".")],
            threads: 0,
            backend: Backend::Auto,
            by_file: false,
            selection: Selection::default(),
        }
    }
}

impl Config {
    pub fn worker_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        }
    }
}
