//! What ringloc asks of the kernel, counted where it asks: system calls by kind, and the operations
//! its rings carry out (which are not system calls: one `io_uring_enter` submits many).

use std::marker::PhantomData;

/// A kind of count: system calls or ring operations.
pub trait Kind: Copy + 'static {
    /// Every kind, in the order reports list them.
    const ALL: &'static [Self];
    /// The name strace (or liburing, for a ring operation) gives it.
    fn name(self) -> &'static str;
    /// Its place in [`Kind::ALL`].
    fn index(self) -> usize;
}

/// The system calls ringloc makes on the way through a tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syscall {
    IoUringSetup,
    IoUringRegister,
    IoUringEnter,
    Openat,
    /// A listed subdirectory's open under its parent, told not to cross a mount point.
    Openat2,
    Getdents64,
    Read,
    Close,
    Fstatfs,
    Fstat,
    /// `statat` for a listing's `DT_UNKNOWN` entry (newfstatat on 64-bit Linux).
    Newfstatat,
    /// The roots' metadata, through std.
    Statx,
    /// A worker's CPU clock, read as it starts and ends under `--stats` (the wall clock is read
    /// in the vDSO, without a system call).
    ClockGettime,
}

impl Kind for Syscall {
    const ALL: &'static [Syscall] = &[
        Syscall::IoUringSetup,
        Syscall::IoUringRegister,
        Syscall::IoUringEnter,
        Syscall::Openat,
        Syscall::Openat2,
        Syscall::Getdents64,
        Syscall::Read,
        Syscall::Close,
        Syscall::Fstatfs,
        Syscall::Fstat,
        Syscall::Newfstatat,
        Syscall::Statx,
        Syscall::ClockGettime,
    ];

    fn name(self) -> &'static str {
        match self {
            Syscall::IoUringSetup => "io_uring_setup",
            Syscall::IoUringRegister => "io_uring_register",
            Syscall::IoUringEnter => "io_uring_enter",
            Syscall::Openat => "openat",
            Syscall::Openat2 => "openat2",
            Syscall::Getdents64 => "getdents64",
            Syscall::Read => "read",
            Syscall::Close => "close",
            Syscall::Fstatfs => "fstatfs",
            Syscall::Fstat => "fstat",
            Syscall::Newfstatat => "newfstatat",
            Syscall::Statx => "statx",
            Syscall::ClockGettime => "clock_gettime",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The operations a ring is handed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RingOp {
    Openat,
    Read,
    Close,
    AsyncCancel,
    /// The one a new ring sends round to learn that `io_uring_enter` is allowed.
    Nop,
}

impl Kind for RingOp {
    const ALL: &'static [RingOp] =
        &[RingOp::Openat, RingOp::Read, RingOp::Close, RingOp::AsyncCancel, RingOp::Nop];

    fn name(self) -> &'static str {
        match self {
            RingOp::Openat => "openat",
            RingOp::Read => "read",
            RingOp::Close => "close",
            RingOp::AsyncCancel => "async_cancel",
            RingOp::Nop => "nop",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Most kinds of one [`Kind`].
const MOST: usize = {
    let (calls, ops) = (Syscall::ALL.len(), RingOp::ALL.len());
    if calls > ops {
        calls
    } else {
        ops
    }
};

/// How many of each kind: plain integers, each owned by one worker and added up at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally<K> {
    counts: [u64; MOST],
    kind: PhantomData<K>,
}

impl<K> Default for Tally<K> {
    fn default() -> Self {
        Tally { counts: [0; MOST], kind: PhantomData }
    }
}

impl<K: Kind> Tally<K> {
    pub fn add(&mut self, kind: K) {
        self.add_n(kind, 1);
    }

    pub fn add_n(&mut self, kind: K, n: u64) {
        self.counts[kind.index()] += n;
    }

    pub fn get(&self, kind: K) -> u64 {
        self.counts[kind.index()]
    }

    pub fn merge(&mut self, other: &Tally<K>) {
        self.counts.iter_mut().zip(other.counts).for_each(|(a, b)| *a += b);
    }

    /// Every kind with its count, in [`Kind::ALL`]'s order.
    pub fn iter(&self) -> impl Iterator<Item = (K, u64)> + '_ {
        K::ALL.iter().map(|&k| (k, self.get(k)))
    }

    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// System calls by kind.
pub type Syscalls = Tally<Syscall>;
/// Ring operations by opcode.
pub type RingOps = Tally<RingOp>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_up_by_kind_and_merge() {
        assert!(Syscall::ALL.len() <= MOST && RingOp::ALL.len() <= MOST);
        assert!(Syscall::ALL.iter().enumerate().all(|(i, k)| k.index() == i));
        assert!(RingOp::ALL.iter().enumerate().all(|(i, k)| k.index() == i));
        let mut a = Syscalls::default();
        a.add(Syscall::Openat);
        a.add_n(Syscall::Read, 3);
        let mut b = Syscalls::default();
        b.add(Syscall::Read);
        b.add(Syscall::Statx);
        a.merge(&b);
        assert_eq!((a.get(Syscall::Openat), a.get(Syscall::Read), a.get(Syscall::Statx)), (1, 4, 1));
        assert_eq!(a.total(), 6);
        let listed: Vec<(&str, u64)> = a.iter().filter(|&(_, n)| n > 0).map(|(k, n)| (k.name(), n)).collect();
        assert_eq!(listed, [("openat", 1), ("read", 4), ("statx", 1)]);
    }
}
