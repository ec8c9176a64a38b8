//! The plain reader: openat/read/close per file. Used where io_uring is refused, and as the twin
//! the ring is tested against.

use std::collections::VecDeque;
use std::io;
use std::sync::Arc;

use rustix::fs::{openat, Mode, OFlags};

use super::{FileJob, FileProgress, Reader, Step, CHUNK};
use crate::count::MAX_TOKEN;
use crate::lang::LangId;
use crate::report::{Outcome, Report};

/// Flags for every file open: never follow a symlink swapped in after listing, never block on a
/// FIFO that replaced a file, never acquire a controlling terminal.
pub(crate) fn file_open_flags() -> OFlags {
    OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC
}

pub struct SyncReader {
    buf: Vec<u8>,
    only: Arc<[LangId]>,
}

impl SyncReader {
    /// `only`: the languages a shebang may select (`--type`); empty allows all.
    pub fn new(only: Arc<[LangId]>) -> SyncReader {
        SyncReader { buf: vec![0; CHUNK + MAX_TOKEN], only }
    }

    fn read_file(&mut self, job: &FileJob) -> Outcome {
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
            match progress.on_read(&mut self.buf, carry, read, read < want, &self.only) {
                Step::More { carry: c } => carry = c,
                Step::Done(outcome) => return outcome,
            }
        }
    }
}

impl Reader for SyncReader {
    fn pump(&mut self, queue: &mut VecDeque<FileJob>, out: &mut Report, keep_files: bool) {
        if let Some(job) = queue.pop_front() {
            let outcome = self.read_file(&job);
            out.record(outcome, keep_files, || job.path());
        }
    }

    fn is_idle(&self) -> bool {
        true
    }
}
