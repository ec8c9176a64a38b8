//! Opening a directory to list, and knowing without a system call of its own whether its files
//! are read plainly ([`reads_plainly`]): a subdirectory on its parent's mount is on its parent's
//! filesystem. A listed subdirectory is opened under its parent with `openat2` and
//! `RESOLVE_NO_XDEV`, which fails with EXDEV where the name is a mount point (bind mounts too); the
//! open then made without it is followed by the `fstatfs` every listed directory with files made
//! before (monorepo: 10,701 of them, ~500 ns each on this VM). Roots, followed links and
//! directories opened by path are asked as before.

use std::io;

use rustix::fd::OwnedFd;
use rustix::fs::{openat, openat2, Mode, OFlags, ResolveFlags, CWD};
use rustix::io::Errno;

use super::{last_component, DirJob};
use crate::fs::{reads_plainly, NoAtime};
use crate::stats::{Syscall, Syscalls};

/// Per worker: whether subdirectories are still opened with `openat2`. A kernel without it
/// (before 5.6) or a seccomp filter refusing it turns it off for the rest of the run, once an
/// `openat` with the same flags has worked where it failed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Openat2 {
    on: bool,
}

impl Default for Openat2 {
    fn default() -> Self {
        Openat2 { on: true }
    }
}

/// An open directory, and whether its files are read plainly when its parent's mount said so.
pub(super) struct OpenDir {
    pub fd: OwnedFd,
    /// `job.plain_reads` where the directory is on its parent's mount; else `None`.
    pub inherited: Option<bool>,
}

impl OpenDir {
    /// Whether its files are read plainly: inherited, or asked of its filesystem.
    pub fn plain_reads(&self, calls: &mut Syscalls) -> bool {
        self.inherited.unwrap_or_else(|| {
            calls.add(Syscall::Fstatfs);
            reads_plainly(&self.fd)
        })
    }
}

/// Opens `job`'s directory, counting the opens into `calls`, and the close its descriptor makes
/// when the last file of the directory drops it.
pub(super) fn open_dir(
    job: &DirJob,
    (noatime, openat2_state): (&mut NoAtime, &mut Openat2),
    calls: &mut Syscalls,
) -> io::Result<OpenDir> {
    let opened = noatime.open(|asked| {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC | OFlags::NOCTTY | asked;
        let nofollow = flags | OFlags::NOFOLLOW;
        let plain = |fd| OpenDir { fd, inherited: None };
        match (&job.parent, &job.name) {
            (Some(parent), None) => {
                let name = last_component(&job.path);
                match job.plain_reads.filter(|_| openat2_state.on) {
                    Some(inherited) => on_parents_mount(openat2_state, (&parent.fd, name), nofollow, calls)
                        .map(|(fd, same)| OpenDir { fd, inherited: same.then_some(inherited) }),
                    None => {
                        calls.add(Syscall::Openat);
                        openat(&parent.fd, name, nofollow, Mode::empty()).map(plain)
                    }
                }
            }
            (Some(parent), Some(name)) => {
                calls.add(Syscall::Openat);
                openat(&parent.fd, name.as_c_str(), nofollow, Mode::empty()).map(plain)
            }
            (None, None) => {
                calls.add(Syscall::Openat);
                openat(CWD, job.path.as_os_str(), nofollow, Mode::empty()).map(plain)
            }
            // A root follows a link the user named; a subdirectory opened by its path does not.
            (None, Some(name)) => {
                calls.add(Syscall::Openat);
                let flags = if job.depth > 0 { nofollow } else { flags };
                openat(CWD, name.as_c_str(), flags, Mode::empty()).map(plain)
            }
        }
    });
    calls.add_n(Syscall::Close, u64::from(opened.is_ok()));
    Ok(opened?)
}

/// Opens `name` under `parent` with `flags`, and whether it is on the parent's mount: `openat2`
/// refuses to cross a mount point with EXDEV, and any refusal is settled by a plain `openat`,
/// whose result (and error) stands. Where that worked and `openat2` had failed otherwise than
/// with EXDEV, `openat2` is not tried again.
fn on_parents_mount(
    state: &mut Openat2,
    (parent, name): (&OwnedFd, &[u8]),
    flags: OFlags,
    calls: &mut Syscalls,
) -> rustix::io::Result<(OwnedFd, bool)> {
    calls.add(Syscall::Openat2);
    let refused = match openat2(parent, name, flags, Mode::empty(), ResolveFlags::NO_XDEV) {
        Ok(fd) => return Ok((fd, true)),
        Err(e) => e,
    };
    calls.add(Syscall::Openat);
    let fd = openat(parent, name, flags, Mode::empty())?;
    state.on &= refused == Errno::XDEV;
    Ok((fd, false))
}
