//! The lister's log is the worker's recorder: unknown files are skipped files, listing errors are
//! per-file errors, ignore files that are symlinks notes.

use std::io;
use std::path::PathBuf;

use crate::report::{Outcome, Recorder, Skip};
use crate::walk::ignore::link_note;
use crate::walk::ListingLog;

impl ListingLog for Recorder {
    fn unknown_file(&mut self, root: usize, path: impl FnOnce() -> PathBuf) {
        self.record(root, Outcome::Skipped(Skip::Unknown), path);
    }

    fn failed(&mut self, root: usize, error: io::Error, path: impl FnOnce() -> PathBuf) {
        self.record(root, Outcome::Failed(error), path);
    }

    fn linked_ignore_file(&mut self, path: PathBuf) {
        self.warn(link_note(&path));
    }
}
