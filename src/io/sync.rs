//! The plain reader: openat/read/close per file. Used where io_uring is refused, and as the twin
//! the ring is tested against.

use std::collections::VecDeque;
use std::io;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustix::fd::{AsFd, BorrowedFd};
use rustix::fs::{openat, AtFlags, FileType, Mode, OFlags};
use rustix::io::Errno;

use super::buf::AlignedBuf;
use super::{FileProgress, ReadRules, Reader, Step, CHUNK, FD_WAITS};
use crate::count::MAX_TOKEN;
use crate::fs::{is_out_of_fds, not_regular, FileJob, NoAtime};
use crate::report::{Outcome, Recorder};
use crate::stats::{Syscall, Syscalls};

/// Flags for every file open: never follow a symlink swapped in after listing, never block on a
/// FIFO that replaced a file, never acquire a controlling terminal.
pub(crate) fn file_open_flags() -> OFlags {
    OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC
}

/// Whether the open file `fd` is not a regular file (a FIFO or a device swapped in for a file
/// after its directory was listed), its `fstat` counted into `calls`. Asked only of a file whose
/// first read returns nothing or whose read fails EAGAIN (a FIFO with a writer), as such files
/// read: an `fstat` of every file would cost each a system call more, for the few that are empty.
pub(crate) fn not_a_regular_file(fd: BorrowedFd<'_>, calls: &mut Syscalls) -> bool {
    calls.add(Syscall::Fstat);
    rustix::fs::fstat(fd).is_ok_and(|st| FileType::from_raw_mode(st.st_mode) != FileType::RegularFile)
}

/// [`not_a_regular_file`] for a file open where it cannot be asked (the ring's direct
/// descriptors): what its name in its directory is now, not followed, counted as the walk's
/// `statat`. It was opened by that name, so only a second swap since then could tell them apart.
pub(crate) fn named_not_a_regular_file(job: &FileJob, calls: &mut Syscalls) -> bool {
    calls.add(Syscall::Newfstatat);
    let named = rustix::fs::statat(&job.dir.fd, job.name(), AtFlags::SYMLINK_NOFOLLOW);
    named.is_ok_and(|st| FileType::from_raw_mode(st.st_mode) != FileType::RegularFile)
}

/// An open and first read slower than this waited for the disk: from the page cache they take a
/// few microseconds, from a disk a tenth of a millisecond and more.
const SLOW_OPEN: Duration = Duration::from_micros(100);
/// What one slow file adds to the score a fast one takes 1 from: the reader waits for the disk
/// once more than one file in nine is slow over a stretch (a quarter of the tree evicted makes a
/// quarter slow), not only when every file is (a cold tree).
const SLOW_WEIGHT: u32 = 8;
/// The score at which the reader says it waits for the disk: 16 slow files in a row, or ~100 files
/// with a quarter slow. Warm, a slow file is a worker preempted in between, and a few together
/// must not wake the spares (a run of 8 woke them in 1 warm run of 8; 16 in none of 12).
const DISK_WAITS: u32 = 16 * SLOW_WEIGHT;

pub struct SyncReader {
    buf: AlignedBuf,
    rules: Arc<ReadRules>,
    fd_waits: u32,
    /// [`SLOW_WEIGHT`] per file whose open and first read took [`SLOW_OPEN`] or more, less 1 per
    /// faster one, never below 0.
    slow: u32,
    /// Whether files are timed for [`Reader::waits_for_disk`]: only where spares may start (two
    /// clock reads and a subtraction, ~100 instructions a file, for an answer nobody asks for).
    watch_disk: bool,
    pub(crate) noatime: NoAtime,
}

impl SyncReader {
    pub fn new(rules: Arc<ReadRules>) -> SyncReader {
        SyncReader {
            buf: AlignedBuf::new(CHUNK + MAX_TOKEN),
            rules,
            fd_waits: 0,
            slow: 0,
            watch_disk: true,
            noatime: NoAtime::default(),
        }
    }

    /// A reader that times no file and never says it waits for the disk: no spares can start.
    pub fn blind_to_disk(mut self) -> SyncReader {
        self.watch_disk = false;
        self
    }

    fn timed(&mut self, took: Duration) {
        self.slow = if took >= SLOW_OPEN {
            self.slow.saturating_add(SLOW_WEIGHT)
        } else {
            self.slow.saturating_sub(1)
        };
    }

    /// Opens, reads and counts one file, counting its system calls into `out`.
    fn read_file(&mut self, job: &FileJob, out: &mut Recorder) -> Outcome {
        // When this file's open began, until its first read has been timed.
        let mut first = self.watch_disk.then(Instant::now);
        let mut opens = 0;
        let open = |noatime| {
            opens += 1;
            openat(&job.dir.fd, job.name(), file_open_flags() | noatime, Mode::empty())
        };
        let opened = self.noatime.open(open);
        out.stats().calls.add_n(Syscall::Openat, opens);
        let fd = match opened {
            Ok(fd) => fd,
            Err(e) => return Outcome::Failed(e.into()),
        };
        // Dropped, so closed, on every way out.
        out.stats().calls.add(Syscall::Close);
        let mut progress = FileProgress::new(job.language);
        let (mut carry, mut at_start) = (0, true);
        loop {
            let want = CHUNK;
            out.stats().calls.add(Syscall::Read);
            let read = match rustix::io::read(&fd, &mut self.buf[carry..carry + want]) {
                Ok(0) if at_start && not_a_regular_file(fd.as_fd(), &mut out.stats().calls) => {
                    return Outcome::Failed(not_regular())
                }
                Err(Errno::AGAIN) if not_a_regular_file(fd.as_fd(), &mut out.stats().calls) => {
                    return Outcome::Failed(not_regular())
                }
                Ok(n) => n,
                Err(Errno::INTR) => continue,
                Err(e) => return Outcome::Failed(io::Error::from(e)),
            };
            at_start = false;
            if let Some(start) = first.take() {
                self.timed(start.elapsed());
            }
            let start = out.clock().start();
            let step = progress.on_read(&mut self.buf, carry, read, read < want, &self.rules);
            out.classified(progress.counted_as(), start);
            match step {
                Step::More { carry: c } => carry = c,
                Step::Done(outcome) => return outcome,
            }
        }
    }
}

impl Reader for SyncReader {
    /// Out of descriptors, the file waits (other workers are closing theirs) before it is an error;
    /// waits count over the whole run, so a limit too low to work under cannot make it crawl.
    fn pump(&mut self, queue: &mut VecDeque<FileJob>, out: &mut Recorder) {
        let Some(job) = queue.pop_front() else { return };
        let outcome = self.read_file(&job, out);
        if let Outcome::Failed(e) = &outcome {
            if is_out_of_fds(e) && self.fd_waits < FD_WAITS {
                self.fd_waits += 1;
                std::thread::sleep(std::time::Duration::from_millis(1));
                return queue.push_front(job);
            }
        }
        out.record(job.dir.root_index, outcome, || job.path());
    }

    fn is_idle(&self) -> bool {
        true
    }

    fn waits_for_disk(&self) -> bool {
        self.watch_disk && self.slow >= DISK_WAITS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `pattern` (true: slow) `times` over and says whether the reader then waits.
    fn waits_after(pattern: &[bool], times: usize) -> bool {
        let mut r = SyncReader::new(Arc::new(ReadRules::default()));
        let (slow, fast) = (SLOW_OPEN, SLOW_OPEN / 20);
        for _ in 0..times {
            pattern.iter().for_each(|&s| r.timed(if s { slow } else { fast }));
        }
        r.waits_for_disk()
    }

    #[test]
    fn a_cold_or_partly_cold_tree_says_the_disk_is_in_play() {
        assert!(!waits_after(&[true], 15), "one short of a run");
        assert!(waits_after(&[true], 16), "a cold tree");
        assert!(waits_after(&[true, false, false, false], 100), "a quarter evicted");
    }

    #[test]
    fn a_reader_blind_to_the_disk_never_says_it_waits() {
        let mut r = SyncReader::new(Arc::new(ReadRules::default())).blind_to_disk();
        (0..100).for_each(|_| r.timed(SLOW_OPEN));
        assert!(!r.waits_for_disk());
    }

    #[test]
    fn scattered_slow_files_of_a_warm_tree_do_not() {
        assert!(!waits_after(&[true, false, false, false, false, false, false, false, false, false], 1_000));
        let eight_together = [[true; 8].as_slice(), &[false; 100]].concat();
        assert!(!waits_after(&eight_together, 1_000));
    }
}
