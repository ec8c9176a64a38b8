//! What the walk and the readers share, below both: a listed directory and the file jobs it hands
//! out, opens that leave access times alone, which filesystems a ring must not read, and the
//! out-of-descriptors test. The walk builds jobs and the readers take them; neither knows the other.

mod file_job;
mod fs_type;
mod noatime;

#[cfg(test)]
pub(crate) use file_job::jobs_in;
pub use file_job::{FileJob, ListedDir};
pub use fs_type::reads_plainly;
pub(crate) use noatime::NoAtime;

/// The error of a path that is neither a regular file nor a directory (a FIFO, a socket, a device),
/// whether named as a root or found by a reader in place of a file listed as regular: one message
/// for both, so a swapped file reads as the FIFO named directly does.
pub fn not_regular() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file or directory")
}

/// Whether `e` says the process or the system is out of file descriptors (EMFILE, ENFILE).
pub fn is_out_of_fds(e: &std::io::Error) -> bool {
    let errno = e.raw_os_error();
    errno == Some(rustix::io::Errno::MFILE.raw_os_error())
        || errno == Some(rustix::io::Errno::NFILE.raw_os_error())
}
