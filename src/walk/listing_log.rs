//! Where a listing sends what it leaves out but a count must still show. The walk knows nothing of
//! its consumer (as ripgrep's walker does not): the run hands it the worker's recorder.

use std::io;
use std::path::PathBuf;

/// Takes the files a listing drops that the report still shows, and what could not be listed.
/// Each path is built only if the log keeps it (most runs keep no path of an unknown file).
pub trait ListingLog {
    /// A file under the root with index `root` whose name tells no language: never opened.
    fn unknown_file(&mut self, root: usize, path: impl FnOnce() -> PathBuf);
    /// A directory, an entry, a followed link or an ignore file that could not be read.
    fn failed(&mut self, root: usize, error: io::Error, path: impl FnOnce() -> PathBuf);
    /// An ignore file that is a symlink, not applied: the user is told, as git warns of one.
    fn linked_ignore_file(&mut self, path: PathBuf);
}
