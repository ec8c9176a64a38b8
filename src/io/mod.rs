//! Reading files: one trait, two backends (io_uring and plain syscalls), and the per-file logic
//! they share (binary check, shebang detection, chunked counting).

mod buf;
mod file;
mod generated;
mod memory;
mod sniff;
mod sync;
// The one module allowed `unsafe`: submissions name buffers the kernel writes into.
#[allow(unsafe_code)]
mod uring;
mod utf16;

use std::collections::VecDeque;

pub use file::{counted_text, is_binary, FileProgress, ReadRules, Step, BINARY_SNIFF};
pub use memory::MemoryReader;
pub use sync::SyncReader;
pub use uring::{probe_uring, probe_uring_counted, UringReader};

use crate::fs::FileJob;
use crate::report::Recorder;

/// How many times (1 ms apart) a file or directory waits for a free descriptor before EMFILE
/// becomes its error: other workers may be about to close theirs.
pub const FD_WAITS: u32 = 200;

/// The soft RLIMIT_NOFILE (unlimited as `u64::MAX`): what bounds the descriptors a run may hold.
pub fn fd_limit() -> u64 {
    rustix::process::getrlimit(rustix::process::Resource::Nofile).current.unwrap_or(u64::MAX)
}

/// Bytes read per request. Small buffers stay in cache: 8 x 64 KiB per thread measured best warm.
pub const CHUNK: usize = 64 * 1024;

/// What every backend offers the worker loop.
pub trait Reader {
    /// Starts files from `queue` while there is room, waits until at least one step finishes (when
    /// anything is in flight), and records every file that finished.
    fn pump(&mut self, queue: &mut VecDeque<FileJob>, out: &mut Recorder);
    /// Nothing in flight: the worker may stop once its queue is empty too.
    fn is_idle(&self) -> bool;
    /// Reads or opens keep waiting for the disk (the io_uring reader: 8 submits in a row left one
    /// pending; the plain one: slow opens and first reads outweigh fast ones): spares would help.
    fn waits_for_disk(&self) -> bool {
        false
    }

    /// The worker is done: what the reader still holds back (queued closes) goes to the kernel,
    /// and the figures it kept itself go to `out`.
    fn finish(&mut self, _out: &mut Recorder) {}
}

/// Which backend to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// io_uring where the kernel allows it, else the synchronous reader.
    Auto,
    Uring,
    Sync,
}

impl<R: Reader + ?Sized> Reader for Box<R> {
    fn pump(&mut self, queue: &mut VecDeque<FileJob>, out: &mut Recorder) {
        (**self).pump(queue, out)
    }

    fn is_idle(&self) -> bool {
        (**self).is_idle()
    }

    fn waits_for_disk(&self) -> bool {
        (**self).waits_for_disk()
    }

    fn finish(&mut self, out: &mut Recorder) {
        (**self).finish(out)
    }
}
