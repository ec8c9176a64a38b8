//! The plain reader: openat/read/close per file. Used where io_uring is refused, and as the twin
//! the ring is tested against.

use std::collections::VecDeque;
use std::io;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rustix::fs::{openat, Mode, OFlags};

use super::{is_out_of_fds, FileJob, FileProgress, ReadRules, Reader, Step, CHUNK, FD_WAITS};
use crate::count::MAX_TOKEN;
use crate::report::{Outcome, Report};

/// Flags for every file open: never follow a symlink swapped in after listing, never block on a
/// FIFO that replaced a file, never acquire a controlling terminal.
pub(crate) fn file_open_flags() -> OFlags {
    OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC
}

/// An open and first read slower than this waited for the disk: from the page cache they take a
/// few microseconds, from a disk a tenth of a millisecond and more.
const SLOW_OPEN: Duration = Duration::from_micros(100);
/// Files in a row whose open and first read were slow before the reader says it waits for the
/// disk: a few may be a worker preempted in between (with 8, 1 warm run of 8 woke the spares;
/// with 16, none of 12).
const DISK_WAITS: u32 = 16;

pub struct SyncReader {
    buf: Vec<u8>,
    rules: Arc<ReadRules>,
    fd_waits: u32,
    /// Files in a row whose open and first read took [`SLOW_OPEN`] or more.
    slow: u32,
}

impl SyncReader {
    pub fn new(rules: Arc<ReadRules>) -> SyncReader {
        SyncReader { buf: vec![0; CHUNK + MAX_TOKEN], rules, fd_waits: 0, slow: 0 }
    }

    fn timed(&mut self, took: Duration) {
        self.slow = if took >= SLOW_OPEN { self.slow + 1 } else { 0 };
    }

    fn read_file(&mut self, job: &FileJob) -> Outcome {
        // When this file's open began, until its first read has been timed.
        let mut first = Some(Instant::now());
        let fd = match openat(&job.dir.fd, job.name(), file_open_flags(), Mode::empty()) {
            Ok(fd) => fd,
            Err(e) => return Outcome::Failed(e.into()),
        };
        let mut progress = FileProgress::new(job.language);
        let mut carry = 0;
        loop {
            let want = CHUNK;
            let read = match rustix::io::read(&fd, &mut self.buf[carry..carry + want]) {
                Ok(n) => n,
                Err(rustix::io::Errno::INTR) => continue,
                Err(e) => return Outcome::Failed(io::Error::from(e)),
            };
            if let Some(start) = first.take() {
                self.timed(start.elapsed());
            }
            match progress.on_read(&mut self.buf, carry, read, read < want, &self.rules) {
                Step::More { carry: c } => carry = c,
                Step::Done(outcome) => return outcome,
            }
        }
    }
}

impl Reader for SyncReader {
    /// Out of descriptors, the file waits (other workers are closing theirs) before it is an error;
    /// waits count over the whole run, so a limit too low to work under cannot make it crawl.
    fn pump(&mut self, queue: &mut VecDeque<FileJob>, out: &mut Report, keep_files: bool) {
        let Some(job) = queue.pop_front() else { return };
        let outcome = self.read_file(&job);
        if let Outcome::Failed(e) = &outcome {
            if is_out_of_fds(e) && self.fd_waits < FD_WAITS {
                self.fd_waits += 1;
                std::thread::sleep(std::time::Duration::from_millis(1));
                return queue.push_front(job);
            }
        }
        out.record(job.dir.root_index, outcome, keep_files, || job.path());
    }

    fn is_idle(&self) -> bool {
        true
    }

    fn waits_for_disk(&self) -> bool {
        self.slow >= DISK_WAITS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_run_of_slow_files_says_the_disk_is_in_play() {
        let mut r = SyncReader::new(Arc::new(ReadRules::default()));
        let (slow, fast) = (SLOW_OPEN, SLOW_OPEN / 20);
        for _ in 0..DISK_WAITS - 1 {
            r.timed(slow);
        }
        assert!(!r.waits_for_disk(), "one short of the run");
        r.timed(fast);
        r.timed(slow);
        assert!(!r.waits_for_disk(), "a fast file starts the run again");
        (0..DISK_WAITS).for_each(|_| r.timed(slow));
        assert!(r.waits_for_disk());
    }
}
