//! The io_uring reader: a fixed set of slots per worker, each owning one buffer and one file at a
//! time. Every pump starts what it can (open, read, close) and reaps everything that finished in
//! one `io_uring_enter`. Opens are not linked to reads: cold, a linked read runs blocking inside the
//! io-wq worker, while unlinked reads are issued in batches from this thread (../shared/IO_URING.md).
//!
//! This is the only module with `unsafe`: pushing an SQE hands the kernel a pointer it may use
//! until the matching completion is reaped.

use std::collections::VecDeque;
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::sync::Arc;

use io_uring::{opcode, squeue, types, IoUring, Probe};

use super::sync::{file_open_flags, SyncReader};
use super::{is_out_of_fds, FileJob, FileProgress, ReadRules, Reader, Step, CHUNK};
use crate::count::MAX_TOKEN;
use crate::report::{Outcome, Report};

/// Files in flight per worker.
const SLOTS: u32 = 16;

const OPEN: u64 = 0;
const READ: u64 = 1;
const CLOSE: u64 = 2;

fn user_data(slot: u32, op: u64) -> u64 {
    (u64::from(slot) << 2) | op
}

/// The best ring the kernel gives: SINGLE_ISSUER + DEFER_TASKRUN (6.1+), else COOP_TASKRUN (5.19+),
/// else a plain ring. Only EINVAL (flag unknown) moves down the list; EPERM/ENOSYS/ENOMEM are final.
fn build_ring(entries: u32) -> io::Result<IoUring> {
    let best =
        IoUring::builder().setup_single_issuer().setup_defer_taskrun().setup_coop_taskrun().build(entries);
    let fallbacks = [|e: u32| IoUring::builder().setup_coop_taskrun().build(e), IoUring::new];
    let mut result = best;
    for next in fallbacks {
        match &result {
            Err(e) if e.raw_os_error() == Some(libc_einval()) => result = next(entries),
            _ => break,
        }
    }
    let ring = result?;
    let mut probe = Probe::new();
    ring.submitter().register_probe(&mut probe)?;
    let needed = [opcode::OpenAt::CODE, opcode::Read::CODE, opcode::Close::CODE];
    if !needed.iter().all(|&op| probe.is_supported(op)) {
        return Err(io::Error::new(io::ErrorKind::Unsupported, "io_uring lacks openat/read/close"));
    }
    Ok(ring)
}

fn libc_einval() -> i32 {
    rustix::io::Errno::INVAL.raw_os_error()
}

/// Checks that this process may use io_uring at all, so `Auto` can fall back before any work starts.
pub fn probe_uring() -> io::Result<()> {
    build_ring(4).map(drop)
}

#[derive(Debug)]
struct Active {
    job: FileJob,
    progress: FileProgress,
    /// Plain descriptor when the ring has no fixed-file table; with one, the slot index is the file.
    fd: Option<RawFd>,
    carry: usize,
    offset: u64,
}

struct Slot {
    buf: Box<[u8]>,
    active: Option<Active>,
}

pub struct UringReader {
    ring: IoUring,
    slots: Vec<Slot>,
    free: Vec<u32>,
    busy: usize,
    /// Files open at once; lowered when opens hit the descriptor limit (plain descriptors only).
    max_busy: usize,
    /// Files open as direct descriptors (a sparse fixed-file table indexed by slot): no fd table.
    direct: bool,
    /// Successful closes post no completion (5.17+), so a file costs two rounds, not three.
    quiet_close: bool,
    completions: Vec<(u64, i32)>,
    /// Files the ring could not read (EAGAIN from a filesystem without NOWAIT), redone plainly.
    retry: VecDeque<FileJob>,
    fallback: SyncReader,
    rules: Arc<ReadRules>,
    /// Set when `io_uring_enter` itself failed: buffers may still be in the kernel's hands.
    broken: Option<io::Error>,
}

impl UringReader {
    pub fn new(rules: Arc<ReadRules>) -> io::Result<UringReader> {
        let ring = build_ring(SLOTS * 2)?;
        // The kernel refuses a fixed-file table larger than RLIMIT_NOFILE, though it uses none of the
        // process's descriptors: under a very low limit, fewer slots keep the files direct.
        let nofile =
            rustix::process::getrlimit(rustix::process::Resource::Nofile).current.unwrap_or(u64::MAX);
        let table = SLOTS.min(u32::try_from(nofile).unwrap_or(u32::MAX)).max(1);
        let direct = ring.submitter().register_files_sparse(table).is_ok();
        let count = if direct { table } else { SLOTS };
        let quiet_close = ring.params().is_feature_skip_cqe_on_success();
        let slots = (0..count)
            .map(|_| Slot { buf: vec![0; CHUNK + MAX_TOKEN].into_boxed_slice(), active: None })
            .collect();
        Ok(UringReader {
            ring,
            slots,
            free: (0..count).rev().collect(),
            busy: 0,
            max_busy: SLOTS as usize,
            direct,
            quiet_close,
            completions: Vec::with_capacity(SLOTS as usize * 2),
            retry: VecDeque::new(),
            fallback: SyncReader::new(Arc::clone(&rules)),
            rules,
            broken: None,
        })
    }

    fn push(&mut self, entry: squeue::Entry) {
        // SAFETY: every pointer in `entry` (a path inside an `Arc<ListedDir>` or a slot's buffer) is
        // owned by the slot named in its user_data, which is not reused or freed until this entry's
        // completion is reaped (and `Drop` reaps or leaks everything still in flight).
        if unsafe { self.ring.submission().push(&entry) }.is_err() {
            // Unreachable by construction (each slot has at most one entry queued and the ring holds
            // twice as many); submitting makes room if it ever is.
            let _ = self.ring.submit();
            // SAFETY: as above.
            let _ = unsafe { self.ring.submission().push(&entry) };
        }
    }

    fn start_open(&mut self, slot: u32, job: FileJob) {
        let mut flags = file_open_flags();
        let mut op = opcode::OpenAt::new(types::Fd(job.dir.fd.as_raw_fd()), job.name().as_ptr());
        if self.direct {
            // O_CLOEXEC with a chosen fixed slot makes the open fail with EINVAL.
            flags.remove(rustix::fs::OFlags::CLOEXEC);
            op = op.file_index(types::DestinationSlot::try_from_slot_target(slot).ok());
        }
        let entry = op.flags(flags.bits() as i32).build().user_data(user_data(slot, OPEN));
        let progress = FileProgress::new(job.language);
        self.slots[slot as usize].active = Some(Active { job, progress, fd: None, carry: 0, offset: 0 });
        self.busy += 1;
        self.push(entry);
    }

    fn start_read(&mut self, slot: u32) {
        let s = &mut self.slots[slot as usize];
        let a = s.active.as_ref().expect("active slot");
        let buf = s.buf[a.carry..a.carry + CHUNK].as_mut_ptr();
        let entry = match a.fd {
            Some(fd) => opcode::Read::new(types::Fd(fd), buf, CHUNK as u32),
            None => opcode::Read::new(types::Fixed(slot), buf, CHUNK as u32),
        };
        let entry = entry.offset(a.offset).build().user_data(user_data(slot, READ));
        self.push(entry);
    }

    /// Queues the close and frees the slot at once: a close names only a descriptor, no memory, and
    /// SQEs issue in order, so a new open into the same fixed slot comes after it.
    fn close_and_release(&mut self, slot: u32) -> Active {
        let a = self.release(slot);
        let mut entry = match a.fd {
            Some(fd) => opcode::Close::new(types::Fd(fd)).build(),
            None => opcode::Close::new(types::Fixed(slot)).build(),
        };
        if self.quiet_close {
            entry = entry.flags(squeue::Flags::SKIP_SUCCESS);
        }
        self.push(entry.user_data(user_data(slot, CLOSE)));
        a
    }

    fn release(&mut self, slot: u32) -> Active {
        self.busy -= 1;
        self.free.push(slot);
        self.slots[slot as usize].active.take().expect("active slot")
    }

    fn complete(&mut self, ud: u64, res: i32, out: &mut Report, keep: bool) {
        let slot = (ud >> 2) as u32;
        match ud & 3 {
            OPEN if res < 0 => {
                let a = self.release(slot);
                let err = io::Error::from_raw_os_error(-res);
                if is_out_of_fds(&err) {
                    // Keep no more files open than fitted; the plain reader waits for a descriptor.
                    self.max_busy = self.busy.max(1);
                    return self.retry.push_back(a.job);
                }
                out.record(Outcome::Failed(err), keep, || a.job.path());
            }
            OPEN => {
                if !self.direct {
                    self.slots[slot as usize].active.as_mut().expect("active slot").fd = Some(res);
                }
                self.start_read(slot);
            }
            READ => self.on_read(slot, res, out, keep),
            // A close that failed has nothing left to tell: the file was fully read.
            _ => {}
        }
    }

    fn on_read(&mut self, slot: u32, res: i32, out: &mut Report, keep: bool) {
        if res == -rustix::io::Errno::AGAIN.raw_os_error() {
            let a = self.close_and_release(slot);
            return self.retry.push_back(a.job);
        }
        if res < 0 {
            let a = self.close_and_release(slot);
            let err = io::Error::from_raw_os_error(-res);
            return out.record(Outcome::Failed(err), keep, || a.job.path());
        }
        let s = &mut self.slots[slot as usize];
        let a = s.active.as_mut().expect("active slot");
        let read = res as usize;
        a.offset += read as u64;
        match a.progress.on_read(&mut s.buf, a.carry, read, read < CHUNK, &self.rules) {
            Step::More { carry } => {
                a.carry = carry;
                self.start_read(slot);
            }
            Step::Done(outcome) => {
                let a = self.close_and_release(slot);
                out.record(outcome, keep, || a.job.path());
            }
        }
    }

    fn enter(&mut self) -> io::Result<()> {
        loop {
            match self.ring.submit_and_wait(1) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                other => return other.map(drop),
            }
        }
    }

    /// `io_uring_enter` failed for good: fail the files in flight (reported, not lost), leak their
    /// buffers so the kernel can never write into reused memory, and read the rest plainly.
    fn break_down(&mut self, e: io::Error, out: &mut Report, keep: bool) {
        for slot in std::mem::take(&mut self.slots) {
            if let Some(a) = slot.active {
                let err = io::Error::new(e.kind(), format!("io_uring_enter failed: {e}"));
                out.record(Outcome::Failed(err), keep, || a.job.path());
            }
            std::mem::forget(slot.buf);
        }
        self.busy = 0;
        self.broken = Some(e);
    }
}

impl Reader for UringReader {
    fn pump(&mut self, queue: &mut VecDeque<FileJob>, out: &mut Report, keep: bool) {
        if self.broken.is_some() {
            return self.fallback.pump(queue, out, keep);
        }
        // Retried files wait for descriptors: let the ring's own files finish and close first.
        if self.busy == 0 && !self.retry.is_empty() {
            return self.fallback.pump(&mut self.retry, out, keep);
        }
        while !queue.is_empty() && self.busy < self.max_busy {
            let Some(slot) = self.free.pop() else { break };
            let job = queue.pop_front().expect("queue not empty");
            self.start_open(slot, job);
        }
        if self.busy == 0 {
            return;
        }
        if let Err(e) = self.enter() {
            return self.break_down(e, out, keep);
        }
        self.completions.extend(self.ring.completion().map(|c| (c.user_data(), c.result())));
        let mut done = std::mem::take(&mut self.completions);
        for &(ud, res) in &done {
            self.complete(ud, res, out, keep);
        }
        done.clear();
        self.completions = done;
    }

    fn is_idle(&self) -> bool {
        self.busy == 0 && self.retry.is_empty()
    }
}

impl Drop for UringReader {
    /// Waits for everything still in flight before the buffers go away; if the ring cannot be
    /// waited on, the buffers are leaked instead.
    fn drop(&mut self) {
        while self.busy > 0 && self.broken.is_none() {
            if self.enter().is_err() {
                self.slots.drain(..).for_each(|s| std::mem::forget(s.buf));
                return;
            }
            // Each busy slot has exactly one open or read in flight; closes name no memory.
            self.busy -= self.ring.completion().filter(|c| c.user_data() & 3 != CLOSE).count();
        }
    }
}
