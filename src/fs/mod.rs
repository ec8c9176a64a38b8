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

/// Whether `e` says the process or the system is out of file descriptors (EMFILE, ENFILE).
pub fn is_out_of_fds(e: &std::io::Error) -> bool {
    let errno = e.raw_os_error();
    errno == Some(rustix::io::Errno::MFILE.raw_os_error())
        || errno == Some(rustix::io::Errno::NFILE.raw_os_error())
}
