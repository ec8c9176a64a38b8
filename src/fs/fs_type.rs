//! Filesystems whose files are never read through io_uring. Pseudo-filesystems (procfs, sysfs,
//! debugfs, ...) list "regular" files that behave like devices: a ring's read of `/proc/kmsg` waits
//! for the next kernel message for ever, while a plain read of a file opened `O_NONBLOCK` returns.
//! FUSE too: with `direct_io` (`bindfs -o direct_io`) this kernel's ring reads return garbage (a
//! 12-byte file read back 1,548 bytes) where a plain `read()` is right.
//! A root's or mount point's filesystem is asked with `fstatfs`; a subdirectory on its parent's mount
//! takes its parent's answer (`walk::open_dir`).

use rustix::fd::AsFd;

/// `f_type` of the pseudo-filesystems and FUSE (linux/magic.h).
const PSEUDO: &[u64] = &[
    0x6573_5546, // fuse
    0x9fa0,      // proc
    0x6265_6572, // sysfs
    0x6462_6720, // debugfs
    0x7472_6163, // tracefs
    0x7363_6673, // securityfs
    0x0027_e0eb, // cgroup
    0x6367_7270, // cgroup2
    0xcafe_4a11, // bpf
    0x6265_6570, // configfs
    0x6165_676c, // pstore
    0xde5e_81e4, // efivarfs
    0x1cd1,      // devpts
    0x4249_4e4d, // binfmt_misc
    0xf97c_ff8c, // selinuxfs
    0x4341_5d53, // smackfs
    0x6573_5543, // fusectl
    0x6e73_6673, // nsfs
];

/// Whether files in the directory open as `dir` must be read with plain syscalls.
pub fn reads_plainly(dir: impl AsFd) -> bool {
    rustix::fs::fstatfs(dir).is_ok_and(|fs| PSEUDO.contains(&(fs.f_type as u64)))
}
