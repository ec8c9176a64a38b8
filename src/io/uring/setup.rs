//! Ring setup: the best flags the kernel accepts, and a probe for the operations we use.

use std::io;

use io_uring::{opcode, IoUring, Probe};

use crate::stats::{RingOp, Syscall, WorkerStats};

/// The best ring the kernel gives: SINGLE_ISSUER + DEFER_TASKRUN (6.1+), else COOP_TASKRUN (5.19+),
/// else a plain ring. Only EINVAL (flag unknown) moves down the list; EPERM/ENOSYS/ENOMEM are final.
/// Its system calls are counted into `stats`, the close of its descriptor (when it is dropped)
/// among them.
pub(super) fn build_ring(entries: u32, stats: &mut WorkerStats) -> io::Result<IoUring> {
    stats.calls.add(Syscall::IoUringSetup);
    let best =
        IoUring::builder().setup_single_issuer().setup_defer_taskrun().setup_coop_taskrun().build(entries);
    let fallbacks = [|e: u32| IoUring::builder().setup_coop_taskrun().build(e), IoUring::new];
    let mut result = best;
    for next in fallbacks {
        match &result {
            Err(e) if e.raw_os_error() == Some(libc_einval()) => {
                stats.calls.add(Syscall::IoUringSetup);
                result = next(entries);
            }
            _ => break,
        }
    }
    let ring = result?;
    stats.calls.add(Syscall::Close);
    stats.ring.rings += 1;
    let mut probe = Probe::new();
    stats.calls.add(Syscall::IoUringRegister);
    ring.submitter().register_probe(&mut probe)?;
    let needed = [opcode::OpenAt::CODE, opcode::Read::CODE, opcode::Close::CODE];
    if !needed.iter().all(|&op| probe.is_supported(op)) {
        return Err(io::Error::new(io::ErrorKind::Unsupported, "io_uring lacks openat/read/close"));
    }
    enter_nop(ring, stats)
}

/// A ring is only usable if `io_uring_enter` is too: a seccomp filter may refuse it alone, and
/// that must be known before any file is in flight. One NOP goes round.
fn enter_nop(mut ring: IoUring, stats: &mut WorkerStats) -> io::Result<IoUring> {
    let nop = opcode::Nop::new().build();
    // SAFETY: a NOP names no memory.
    unsafe { ring.submission().push(&nop) }.map_err(|_| io::Error::other("io_uring: no room for a NOP"))?;
    stats.ring_ops.add(RingOp::Nop);
    loop {
        stats.calls.add(Syscall::IoUringEnter);
        match ring.submit_and_wait(1) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
            Ok(_) => break,
        }
    }
    ring.completion().for_each(drop);
    Ok(ring)
}

fn libc_einval() -> i32 {
    rustix::io::Errno::INVAL.raw_os_error()
}

/// Checks that this process may use io_uring at all, so `Auto` can fall back before any work starts.
pub fn probe_uring() -> io::Result<()> {
    probe_uring_counted(&mut WorkerStats::default())
}

/// [`probe_uring`], its system calls counted into `stats`.
pub fn probe_uring_counted(stats: &mut WorkerStats) -> io::Result<()> {
    build_ring(4, stats).map(drop)
}
