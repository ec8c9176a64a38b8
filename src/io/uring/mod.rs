//! The io_uring reader: a fixed set of slots per worker, each owning one buffer and one file at a
//! time. Every pump starts what it can (open, read, close) and reaps everything that finished in
//! one `io_uring_enter`. Opens are not linked to reads: cold, a linked read runs blocking inside the
//! io-wq worker, while unlinked reads are issued in batches from this thread (ARCHITECTURE.md, "What io_uring does").
//!
//! Warm, files get direct descriptors (the ring's own file table, at the slot's index); once the
//! disk is in play, plain ones. Every plain open and close takes the lock of the process's shared
//! descriptor table: on 16 cores that lock stopped a warm run scaling past 8 threads (a bare
//! open-read-close loop, 16 threads: 90 ms with one table, 33 ms with a table a thread). Cold,
//! opens finish in io-wq workers, and installing a direct descriptor takes the ring's lock, which
//! this thread holds through each whole submit; the workers spun on it (5% of a cold run's CPU).
//!
//! This is the only module with `unsafe`: pushing an SQE hands the kernel a pointer it may use
//! until the matching completion is reaped.

use std::collections::VecDeque;
use std::io;
use std::os::fd::{AsFd, AsRawFd, FromRawFd, IntoRawFd, OwnedFd};
use std::sync::Arc;

use io_uring::{opcode, squeue, types, IoUring};

mod setup;

use setup::build_ring;
pub use setup::{probe_uring, probe_uring_counted};

use super::buf::AlignedBuf;
use super::sync::{file_open_flags, named_not_a_regular_file, not_a_regular_file, SyncReader};
use super::{fd_limit, FileProgress, ReadRules, Reader, Step, CHUNK};
use crate::count::MAX_TOKEN;
use crate::fs::{is_out_of_fds, not_regular, FileJob, NoAtime};
use crate::report::{Outcome, Recorder};
use crate::stats::{RingOp, Syscall, WorkerStats};

/// Most files in flight per worker, each with its own buffer, kept once anything waits for the disk.
/// Cold, more in flight measured faster (ARCHITECTURE.md: 32 -> 256 files, 2.1 -> 1.6 s), and
/// with fewer buffers than files (16 for 64) opened files queued for a buffer (38 per ring on
/// average) while only 26 reads were in flight.
const SLOTS: usize = 64;
/// Most files in flight over all rings: each holds a 64 KiB buffer, and every buffer is touched
/// once the disk is in play, so this bounds the peak RSS of a cold run with many workers (16
/// workers cold: 41 MB with 512, 33 MB with 384, as fast).
const IN_FLIGHT: usize = 384;
/// Files in flight while every open and read completes inside the submit (warm): a batch's data is
/// still in cache when it is counted. A warm full count measured 5% slower with 64 at once than with
/// 8, 16 or 32.
const WARM_DEPTH: usize = 16;

/// Submits in a row that must leave something pending before the ring says it waits for the disk.
const DISK_WAITS: u32 = 8;
/// `io_uring_enter` failures in a row that may pass (EAGAIN, EBUSY, ENOMEM), 1 ms apart, before
/// the ring is given up and its files are read plainly.
const REFUSALS: u32 = 100;
/// Longest wait for a completion in one `io_uring_enter`.
const WAIT_SECS: u64 = 1;
/// Waits in a row that reap nothing before everything in flight is cancelled and read plainly: a
/// read that never completes (a file of a pseudo-filesystem that acts like a device) must not
/// hold the run for ever. A disk answers within this even under heavy load; a cancelled file is
/// read again, not lost.
const STALLED_WAITS: u32 = 5;

const OPEN: u64 = 0;
const READ: u64 = 1;
const CLOSE: u64 = 2;
const CANCEL: u64 = 3;

/// An entry's user data: the `io_uring_enter` calls made before it was queued (their low 32 bits,
/// [`RingFigures::ready`](crate::stats::RingFigures::ready): the next one submits it), its slot
/// and its operation. Carried in the entry, the count costs no look-up of the slot when it
/// completes (~15 instructions a file).
fn user_data(queued_after: u64, slot: u32, op: u64) -> u64 {
    (queued_after << 32) | (u64::from(slot) << 2) | op
}

fn slot_of(user_data: u64) -> u32 {
    (user_data as u32) >> 2
}

fn op_of(user_data: u64) -> u64 {
    user_data & 3
}

fn ring_op(user_data: u64) -> RingOp {
    match op_of(user_data) {
        OPEN => RingOp::Openat,
        READ => RingOp::Read,
        CLOSE => RingOp::Close,
        _ => RingOp::AsyncCancel,
    }
}

/// Opens and reads are counted in `in_flight`; closes are not (a successful one posts nothing),
/// nor are cancels.
fn in_flight_op(user_data: u64) -> bool {
    matches!(op_of(user_data), OPEN | READ)
}

#[derive(Debug)]
struct Active {
    job: FileJob,
    progress: FileProgress,
    /// A plain descriptor, set once the open completes; a reader that breaks down closes it by
    /// dropping.
    fd: Option<OwnedFd>,
    /// The open asked for a direct descriptor, at the slot's index in the ring's file table.
    direct: bool,
    carry: usize,
    offset: u64,
    /// The open asked for O_NOATIME.
    noatime: bool,
}

pub struct UringReader {
    ring: IoUring,
    slots: Vec<Option<Active>>,
    free: Vec<u32>,
    busy: usize,
    /// Opens and reads submitted and not reaped: the kernel may be using their memory.
    in_flight: usize,
    /// One per slot.
    buffers: Vec<AlignedBuf>,
    /// Files open at once; lowered when opens hit the descriptor limit.
    max_busy: usize,
    /// Files to keep in flight now: [`WARM_DEPTH`], or every slot while the disk is in play.
    depth: usize,
    /// Submits in a row that left an open or read pending. One alone happens warm too (an open
    /// the kernel hands to a worker thread); a run of them means the disk is in play.
    waits: u32,
    /// Successful closes post no completion (5.17+), so a file costs two rounds, not three.
    quiet_close: bool,
    /// The ring has a file table of a slot per file (5.19+), and no wait for the disk has been
    /// seen: opens take direct descriptors.
    direct: bool,
    /// The kernel takes a timeout with a wait (5.11+).
    bounded_wait: bool,
    completions: Vec<(u64, i32)>,
    /// Files the ring could not open or read ([`redo_plainly`]), or could not open with
    /// O_NOATIME, redone plainly.
    retry: VecDeque<FileJob>,
    noatime: NoAtime,
    fallback: SyncReader,
    rules: Arc<ReadRules>,
    /// Set when `io_uring_enter` itself failed: buffers may still be in the kernel's hands.
    broken: Option<io::Error>,
    /// Waits in a row that reaped nothing ([`STALLED_WAITS`]).
    stalled: u32,
    /// `io_uring_enter` failures in a row that may pass ([`passing`]).
    refusals: u32,
    /// System calls, ring operations and ring figures, handed to the worker by [`Reader::finish`].
    stats: WorkerStats,
}

impl UringReader {
    /// `workers` rings share half the descriptor limit for their open files (`run::pool` gives
    /// queued directories a quarter): with fewer slots, opens seldom meet EMFILE.
    pub fn new(rules: Arc<ReadRules>, workers: usize) -> io::Result<UringReader> {
        let share = usize::try_from(fd_limit() / 2).unwrap_or(usize::MAX) / workers.max(1);
        let slots = share.min(IN_FLIGHT / workers.max(1)).clamp(1, SLOTS);
        let mut stats = WorkerStats::default();
        let ring = build_ring(slots as u32 * 2, &mut stats)?;
        stats.ring.slots = slots as u64;
        let quiet_close = ring.params().is_feature_skip_cqe_on_success();
        stats.calls.add(Syscall::IoUringRegister);
        let direct = ring.submitter().register_files_sparse(slots as u32).is_ok();
        let bounded_wait = ring.params().is_feature_ext_arg();
        Ok(UringReader {
            ring,
            slots: (0..slots).map(|_| None).collect(),
            free: (0..slots as u32).rev().collect(),
            busy: 0,
            in_flight: 0,
            buffers: (0..slots).map(|_| AlignedBuf::new(CHUNK + MAX_TOKEN)).collect(),
            max_busy: slots,
            depth: WARM_DEPTH,
            waits: 0,
            quiet_close,
            direct,
            bounded_wait,
            completions: Vec::with_capacity(slots * 2),
            retry: VecDeque::new(),
            noatime: NoAtime::default(),
            // The ring says itself when it waits for the disk; its plain reader is never asked.
            fallback: SyncReader::new(Arc::clone(&rules)).blind_to_disk(),
            rules,
            broken: None,
            stalled: 0,
            refusals: 0,
            stats,
        })
    }

    /// Inlined: three a file, and called, its frame and the entry's copy into the call cost ~15
    /// instructions each (`#[inline]` alone left it called); the full queue's path is not.
    #[inline(always)]
    fn push(&mut self, entry: squeue::Entry) {
        self.stats.ring_ops.add(ring_op(entry.get_user_data()));
        // SAFETY: every pointer in `entry` (a path inside the `Arc<ListedDir>` of the file in the
        // slot named by its user_data, or that slot's buffer) stays owned by that file until this
        // entry's completion is reaped: the slot and its buffer are not reused before, and `Drop`
        // reaps everything in flight or leaks the buffers.
        if unsafe { self.ring.submission().push(&entry) }.is_err() {
            self.push_to_a_full_queue(&entry);
        }
    }

    /// Unreachable by construction (a slot has at most two entries queued, its last close and its
    /// next open, and the ring holds two per slot); submitting makes room if it ever is.
    #[cold]
    #[inline(never)]
    fn push_to_a_full_queue(&mut self, entry: &squeue::Entry) {
        let _ = self.submit();
        // SAFETY: as in `push`, which this finishes.
        let _ = unsafe { self.ring.submission().push(entry) };
    }

    fn start_open(&mut self, slot: u32, job: FileJob) {
        let noatime = self.noatime.flags();
        let (mut flags, direct) = (file_open_flags() | noatime, self.direct);
        let mut open = opcode::OpenAt::new(types::Fd(job.dir.fd.as_raw_fd()), job.name_ptr());
        if direct {
            // The kernel refuses O_CLOEXEC for a direct descriptor: it has no place in any exec.
            flags.remove(rustix::fs::OFlags::CLOEXEC);
            open = open.file_index(types::DestinationSlot::try_from_slot_target(slot).ok());
        }
        let entry =
            open.flags(flags.bits() as i32).build().user_data(user_data(self.stats.ring.enters, slot, OPEN));
        let progress = FileProgress::new(job.language);
        let noatime = !noatime.is_empty();
        let active = Active { job, progress, fd: None, direct, carry: 0, offset: 0, noatime };
        self.slots[slot as usize] = Some(active);
        self.busy += 1;
        self.in_flight += 1;
        self.push(entry);
    }

    fn active(&mut self, slot: u32) -> &mut Active {
        self.slots[slot as usize].as_mut().expect("active slot")
    }

    fn start_read(&mut self, slot: u32) {
        let queued_after = self.stats.ring.enters;
        let a = self.slots[slot as usize].as_mut().expect("active slot");
        let buf = self.buffers[slot as usize][a.carry..a.carry + CHUNK].as_mut_ptr();
        let entry = if a.direct {
            opcode::Read::new(types::Fixed(slot), buf, CHUNK as u32)
        } else {
            let fd = types::Fd(a.fd.as_ref().expect("a reading file is open").as_raw_fd());
            opcode::Read::new(fd, buf, CHUNK as u32)
        };
        let entry = entry.offset(a.offset).build().user_data(user_data(queued_after, slot, READ));
        self.in_flight += 1;
        self.push(entry);
    }

    /// Queues the close, which takes the descriptor over: a close names no memory, so the slot may
    /// be released at once. A direct descriptor's close is done before any later open into its
    /// slot: entries of one submit are issued in order, and a direct close never waits.
    fn close(&mut self, slot: u32) {
        let a = self.active(slot);
        let mut entry = if a.direct {
            opcode::Close::new(types::Fixed(slot)).build()
        } else {
            opcode::Close::new(types::Fd(a.fd.take().expect("a read file is open").into_raw_fd())).build()
        };
        if self.quiet_close {
            entry = entry.flags(squeue::Flags::SKIP_SUCCESS);
        }
        self.push(entry.user_data(user_data(0, slot, CLOSE)));
    }

    /// Records the slot's file as `outcome` and frees the slot. The file is recorded where it lies
    /// and dropped there: moving it out whole, or cloning its job (its directory's `Arc`) to record
    /// it after, cost ~40 instructions a file.
    fn record_and_release(&mut self, slot: u32, outcome: Outcome, out: &mut Recorder) {
        let job = &self.slots[slot as usize].as_ref().expect("active slot").job;
        out.record(job.dir.root_index, outcome, || job.path());
        self.slots[slot as usize] = None;
        self.busy -= 1;
        self.free.push(slot);
    }

    fn release(&mut self, slot: u32) -> Active {
        self.busy -= 1;
        self.free.push(slot);
        self.slots[slot as usize].take().expect("active slot")
    }

    fn complete(&mut self, ud: u64, res: i32, out: &mut Recorder) {
        let slot = slot_of(ud);
        if in_flight_op(ud) {
            self.in_flight -= 1;
            self.tally_completion(ud);
        }
        match op_of(ud) {
            OPEN if res < 0 => {
                let a = self.release(slot);
                if self.noatime.refused(a.noatime, rustix::io::Errno::from_raw_os_error(-res)) {
                    self.fallback.noatime = self.noatime;
                    return self.retry.push_back(a.job);
                }
                if redo_plainly(res) {
                    return self.retry.push_back(a.job);
                }
                let err = io::Error::from_raw_os_error(-res);
                if is_out_of_fds(&err) {
                    // Keep no more files open than fitted; the plain reader waits for a descriptor.
                    self.max_busy = self.busy.max(1);
                    return self.retry.push_back(a.job);
                }
                out.record(a.job.dir.root_index, Outcome::Failed(err), || a.job.path());
            }
            OPEN if self.active(slot).direct => self.start_read(slot),
            OPEN => {
                // SAFETY: a successful open returns a new descriptor nobody else holds; the slot owns
                // it until its close is queued, or drops it if the ring breaks down.
                self.active(slot).fd = Some(unsafe { OwnedFd::from_raw_fd(res) });
                self.start_read(slot);
            }
            READ => self.on_read(slot, res, out),
            // A close that failed has nothing left to tell: the file was fully read. A cancel's
            // result is in the completions of what it cancelled.
            _ => {}
        }
    }

    fn on_read(&mut self, slot: u32, res: i32, out: &mut Recorder) {
        if redo_plainly(res) {
            self.close(slot);
            let job = self.release(slot).job;
            return self.retry.push_back(job);
        }
        if res < 0 {
            self.close(slot);
            return self.record_and_release(slot, Outcome::Failed(io::Error::from_raw_os_error(-res)), out);
        }
        if res == 0 && self.active(slot).offset == 0 && self.not_counted_empty(slot, out) {
            return;
        }
        let a = self.slots[slot as usize].as_mut().expect("active slot");
        let buf = &mut self.buffers[slot as usize];
        let read = res as usize;
        a.offset += read as u64;
        let start = out.clock().start();
        let step = a.progress.on_read(buf, a.carry, read, read < CHUNK, &self.rules);
        out.classified(a.progress.counted_as(), start);
        match step {
            Step::More { carry } => {
                a.carry = carry;
                self.start_read(slot);
            }
            Step::Done(outcome) => {
                self.close(slot);
                self.record_and_release(slot, outcome, out);
            }
        }
    }

    /// The slot's file read nothing at its start: an empty file, or a FIFO or a device swapped in
    /// for it since its directory was listed, which must not be counted as empty. A plain
    /// descriptor is asked its type; a direct one cannot be (no `fstat` takes the ring's file
    /// table), so the name it was opened by is, in its directory. A file that is not regular is an
    /// error, taken out of its slot; says whether it was. Redone plainly instead, the monorepo's
    /// 903 empty files cost 4 calls each and its Python 25% more time (90 -> 113 ms).
    fn not_counted_empty(&mut self, slot: u32, out: &mut Recorder) -> bool {
        let a = self.slots[slot as usize].as_ref().expect("active slot");
        let calls = &mut self.stats.calls;
        let swapped = match &a.fd {
            None => named_not_a_regular_file(&a.job, calls),
            Some(fd) => not_a_regular_file(fd.as_fd(), calls),
        };
        if swapped {
            self.close(slot);
            self.record_and_release(slot, Outcome::Failed(not_regular()), out);
        }
        swapped
    }

    /// Submits everything queued and waits for a completion, at most [`WAIT_SECS`] where the
    /// kernel takes a timeout: a lost wake-up then costs a second, and the next wait runs what was
    /// left queued for this thread. A wait that times out reaps nothing, and the pump comes back.
    fn enter(&mut self) -> io::Result<()> {
        let timeout = types::Timespec::new().sec(WAIT_SECS);
        let args = types::SubmitArgs::new().timespec(&timeout);
        loop {
            self.stats.calls.add(Syscall::IoUringEnter);
            self.stats.ring.enters += 1;
            let waited = match self.bounded_wait {
                true => self.ring.submitter().submit_with_args(1, &args),
                false => self.ring.submit_and_wait(1),
            };
            match waited {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if e.raw_os_error() == Some(rustix::io::Errno::TIME.raw_os_error()) => return Ok(()),
                other => return other.map(|n| self.stats.ring.submitted += n as u64),
            }
        }
    }

    /// Nothing completed for [`STALLED_WAITS`] waits: every request in flight is cancelled (5.19+;
    /// older kernels refuse the cancel and keep waiting), and comes back ECANCELED or EINTR, to be
    /// read plainly.
    fn cancel_stalled(&mut self, reaped: usize) {
        self.stalled = if reaped == 0 { self.stalled + 1 } else { 0 };
        if self.stalled == STALLED_WAITS {
            let cancel = opcode::AsyncCancel2::new(types::CancelBuilder::any()).build();
            self.push(cancel.user_data(user_data(0, 0, CANCEL)));
        }
    }

    /// Submits what is queued without waiting, counted.
    fn submit(&mut self) -> io::Result<usize> {
        self.stats.calls.add(Syscall::IoUringEnter);
        self.stats.ring.enters += 1;
        let submitted = self.ring.submit();
        if let Ok(n) = submitted {
            self.stats.ring.submitted += n as u64;
        }
        submitted
    }

    /// The ring's figures for one wait: the files in flight while it waited, and the depth.
    fn tally_wait(&mut self) {
        let ring = &mut self.stats.ring;
        ring.waits += 1;
        ring.in_flight_sum += self.busy as u64;
        ring.in_flight_max = ring.in_flight_max.max(self.busy as u64);
        ring.depth_max = ring.depth_max.max(self.depth as u64);
    }

    /// Counts the open or read whose user data is `ud`, just completed, as done inside the call
    /// that submitted it (the page cache) or waited for. Counted as each completion is handled: a
    /// pass of its own over the completions cost ~20 instructions a file.
    fn tally_completion(&mut self, ud: u64) {
        let ring = &mut self.stats.ring;
        match ((ud >> 32) as u32).wrapping_add(1) == ring.enters as u32 {
            true => ring.ready += 1,
            false => ring.waited += 1,
        }
    }

    fn submit_closes(&mut self) {
        if self.ring.submission().is_empty() {
            return;
        }
        loop {
            match self.submit() {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if passing(&e) && self.refusals < REFUSALS => self.refused(e),
                Err(e) => return self.break_down(e),
                Ok(_) => return,
            }
        }
    }

    /// `io_uring_enter` failed: a failure that may pass (the kernel short of memory, or of room
    /// for completions until they are reaped) is tried again, 1 ms later, up to [`REFUSALS`] times in
    /// a row; any other, or one that lasts, breaks the ring down.
    fn refused(&mut self, e: io::Error) {
        self.refusals += 1;
        if passing(&e) && self.refusals < REFUSALS {
            return std::thread::sleep(std::time::Duration::from_millis(1));
        }
        self.break_down(e);
    }

    /// `io_uring_enter` failed for good: the files in flight are read again plainly from their
    /// start (nothing of them was recorded yet), their buffers leaked so the kernel can never write
    /// into reused memory, and the rest is read plainly too.
    fn break_down(&mut self, e: io::Error) {
        for a in std::mem::take(&mut self.slots).into_iter().flatten() {
            // Its descriptor, if open, is closed as it drops.
            self.stats.calls.add_n(Syscall::Close, u64::from(a.fd.is_some()));
            self.retry.push_back(a.job);
        }
        std::mem::forget(std::mem::take(&mut self.buffers));
        self.busy = 0;
        self.in_flight = 0;
        self.broken = Some(e);
    }
}

/// Whether a failed open or read is the ring's failure rather than the file's, so that the plain
/// reader does it instead: EAGAIN from a filesystem without NOWAIT reads, ECANCELED, which the
/// kernel posts when it has no io-wq thread to run a blocking request on (a pids limit: cold, 2,384
/// of drivers/' files failed so under `prlimit --nproc=10`) and a stalled ring's cancel posts, and
/// EINTR, which that cancel gives a read blocked in an io-wq thread.
/// Whether a failed `io_uring_enter` may succeed if tried again.
fn passing(e: &io::Error) -> bool {
    use rustix::io::Errno;
    [Errno::AGAIN, Errno::BUSY, Errno::NOMEM].iter().any(|p| e.raw_os_error() == Some(p.raw_os_error()))
}

fn redo_plainly(res: i32) -> bool {
    use rustix::io::Errno;
    [Errno::AGAIN, Errno::CANCELED, Errno::INTR].iter().any(|e| res == -e.raw_os_error())
}

impl Reader for UringReader {
    fn pump(&mut self, queue: &mut VecDeque<FileJob>, out: &mut Recorder) {
        if self.broken.is_some() {
            let files = if self.retry.is_empty() { queue } else { &mut self.retry };
            return self.fallback.pump(files, out);
        }
        // Retried files wait for descriptors: let the ring's own files finish and close first. Their
        // closes may still sit in the submission queue, holding descriptors the plain open needs.
        if self.busy == 0 && !self.retry.is_empty() {
            self.submit_closes();
            return self.fallback.pump(&mut self.retry, out);
        }
        while !queue.is_empty() && self.busy < self.depth.min(self.max_busy) {
            let job = queue.pop_front().expect("queue not empty");
            if job.dir.sync_only {
                self.retry.push_back(job);
                continue;
            }
            let Some(slot) = self.free.pop() else {
                queue.push_front(job);
                break;
            };
            self.start_open(slot, job);
        }
        if self.in_flight == 0 {
            // Closes still queued hold real descriptors: hand them to the kernel before this worker
            // lists directories or opens plainly, or those may meet EMFILE on our own files.
            return self.submit_closes();
        }
        match self.enter() {
            Ok(()) => self.refusals = 0,
            // EBUSY: completions must be reaped before more are submitted; they are, below.
            Err(e) => self.refused(e),
        }
        if self.broken.is_some() {
            return;
        }
        self.completions.extend(self.ring.completion().map(|c| (c.user_data(), c.result())));
        self.tally_wait();
        self.cancel_stalled(self.completions.len());
        let (in_flight, mut finished) = (self.in_flight, 0);
        let mut done = std::mem::take(&mut self.completions);
        for &(ud, res) in &done {
            finished += usize::from(in_flight_op(ud));
            self.complete(ud, res, out);
        }
        // Warm, every open and read completes inside the submit; one still pending went to disk.
        let waiting = in_flight > finished;
        self.waits = if waiting { self.waits + 1 } else { 0 };
        self.direct &= !self.waits_for_disk();
        self.depth = if waiting { self.slots.len() } else { WARM_DEPTH };
        done.clear();
        self.completions = done;
    }

    fn is_idle(&self) -> bool {
        self.busy == 0 && self.retry.is_empty()
    }

    fn waits_for_disk(&self) -> bool {
        self.waits >= DISK_WAITS
    }

    /// Hands queued closes to the kernel, so that they are counted, and this ring's figures to
    /// `out`.
    fn finish(&mut self, out: &mut Recorder) {
        if self.broken.is_none() && self.in_flight == 0 {
            self.submit_closes();
        }
        out.stats().add_counts(&std::mem::take(&mut self.stats));
    }
}

impl Drop for UringReader {
    /// Hands queued closes to the kernel, and waits for everything still in flight before the
    /// buffers go away; if the ring cannot be waited on, the buffers are leaked instead.
    fn drop(&mut self) {
        // Queued closes own their descriptors: a ring dropped with them unsubmitted would leak them.
        // (With reads in flight, the loop below submits them too.)
        if self.in_flight == 0 {
            if !self.ring.submission().is_empty() {
                let _ = self.ring.submit();
            }
            return;
        }
        while self.in_flight > 0 {
            if self.enter().is_err() {
                std::mem::forget(std::mem::take(&mut self.buffers));
                return;
            }
            // Closes name no memory; only opens and reads are waited for.
            self.in_flight -= self.ring.completion().filter(|c| in_flight_op(c.user_data())).count();
        }
    }
}

#[cfg(test)]
mod tests;
