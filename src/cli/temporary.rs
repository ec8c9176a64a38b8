//! The file a report is written to before it is renamed over its final name. It is made before the
//! count, so that a directory nobody may write to fails at once, not after an hour of counting; made
//! with a name, a run killed while counting (Ctrl-C, SIGTERM, SIGKILL) would leave it behind empty
//! beside the report. So it is made unnamed (`O_TMPFILE`), in the report's directory: the kernel
//! frees it with the last descriptor however the process ends, and it is given a name only once the
//! report is whole, to be renamed over the final one at once.

use std::ffi::{OsStr, OsString};
use std::fs::{self, File, Permissions};
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use rustix::fs::{linkat, openat, AtFlags, Mode, OFlags, CWD};
use tempfile::NamedTempFile;

/// A report's file until it is renamed into place.
pub enum Temporary {
    /// Unnamed (`O_TMPFILE`) in `dir`; `prefix` starts the hidden name it is linked under at the end.
    Unnamed { file: File, dir: PathBuf, prefix: OsString },
    /// Named from the start, where the file system has no `O_TMPFILE` (some FUSE and NFS mounts) or
    /// `/proc` is not there to link an unnamed file by: a killed run leaves it behind, as before.
    Named(NamedTempFile),
}

impl Temporary {
    /// An empty file for the report `name` in `dir`, hidden (`.NAME*.tmp`) whenever it has a name. A
    /// replaced report keeps its mode (`old`), as under a shell's `>`: a private one (0600) stays
    /// private. The file is made with that mode less the umask, so it is never more open than the old
    /// report, then given it exactly (the umask does not narrow 0664 to 0644). A new report gets 0666
    /// less the umask, as any new file does (tempfile's default is 0600).
    pub fn new(dir: &Path, name: &OsStr, old: Option<Permissions>) -> io::Result<Temporary> {
        let mut prefix = OsString::from(".");
        prefix.push(name);
        let mode = old.clone().unwrap_or_else(|| Permissions::from_mode(0o666));
        let temp = match unnamed(dir, &mode) {
            Some(file) => Temporary::Unnamed { file, dir: dir.to_path_buf(), prefix },
            None => Temporary::Named(
                tempfile::Builder::new().prefix(&prefix).suffix(".tmp").permissions(mode).tempfile_in(dir)?,
            ),
        };
        if let Some(old) = old {
            temp.as_file().set_permissions(old)?;
        }
        Ok(temp)
    }

    /// The file, to write the report to.
    pub fn as_file(&self) -> &File {
        match self {
            Temporary::Unnamed { file, .. } => file,
            Temporary::Named(temp) => temp.as_file(),
        }
    }

    /// Renames the finished file over `path`. An unnamed one is first linked under a hidden name
    /// beside it: `linkat` will not replace a name, so only `rename` puts a whole report in place of
    /// the old one at once. On any error no name of the temporary file is left.
    pub fn persist(self, path: &Path) -> io::Result<()> {
        match self {
            Temporary::Named(temp) => temp.persist(path).map(drop).map_err(|e| e.error),
            Temporary::Unnamed { file, dir, prefix } => {
                // The `/proc` link names the open file for anyone; `AT_EMPTY_PATH` on the descriptor
                // itself needs CAP_DAC_READ_SEARCH (linkat(2)).
                let open = format!("/proc/self/fd/{}", file.as_raw_fd());
                let link = |name: &Path| Ok(linkat(CWD, &open, CWD, name, AtFlags::SYMLINK_FOLLOW)?);
                let named = tempfile::Builder::new().prefix(&prefix).suffix(".tmp").make_in(&dir, link)?;
                named.persist(path).map_err(|e| e.error)
            }
        }
    }
}

/// `O_TMPFILE` in `dir`, or `None` where it cannot be used: the file system refuses it (EOPNOTSUPP,
/// or EISDIR from a kernel that predates it) or `/proc` cannot name it for the link at the end, a
/// failure that must come now, not after the count. Any other refusal (a directory nobody may write
/// to) comes again from the named file, whose message it has always been.
fn unnamed(dir: &Path, mode: &Permissions) -> Option<File> {
    let flags = OFlags::TMPFILE | OFlags::RDWR | OFlags::CLOEXEC;
    let file = File::from(openat(CWD, dir, flags, Mode::from_raw_mode(mode.mode() & 0o7777)).ok()?);
    fs::metadata(format!("/proc/self/fd/{}", file.as_raw_fd())).ok()?;
    Some(file)
}
