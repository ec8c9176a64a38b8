//! Pseudo-filesystems and mount points: /proc is counted without hanging on either backend, a read
//! that never completes on a ring is bounded, a FUSE mount is read plainly whether it is a root or
//! mounted below one, and `-x` stays on its root's filesystem.

mod common;

use std::collections::VecDeque;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{assert_root, backends, json_of, ringloc, Tree};
use ringloc::fs::{FileJob, ListedDir};
use ringloc::io::{ReadRules, Reader, UringReader};
use ringloc::report::{Recorder, Recording};
use rustix::fs::{openat, Mode, OFlags, CWD};

/// On io_uring, `ringloc /proc` as root never finished: a ring's read of /proc/kmsg waits for the
/// next kernel message. The helper fails a run that takes over 60 s.
#[test]
#[ignore = "needs root"]
fn proc_is_walked_to_the_end_on_both_backends() {
    assert_root("to open /proc/kmsg");
    for &backend in backends() {
        let out =
            ringloc(&["--format", "json", "--max-depth", "1", "--backend", backend, "/proc"], Path::new("/"));
        assert!(matches!(out.status.code(), Some(0 | 2)), "{backend}: {out:?}");
        let v = json_of(&out);
        assert!(
            v["skipped"]["unknown"].as_u64().unwrap() > 10,
            "{backend}: /proc's files were not read: {v}"
        );
    }
}

/// A file of a pseudo-filesystem handed to the ring as if it were an ordinary file (as a directory
/// whose filesystem could not be asked would): the stalled read is cancelled and read plainly, so
/// the file is reported, not waited on for ever.
#[test]
#[ignore = "needs root"]
fn a_ring_read_that_never_completes_is_cancelled_and_read_plainly() {
    assert_root("to open /proc/kmsg");
    if !backends().contains(&"uring") {
        return;
    }
    let fd = openat(CWD, "/proc", OFlags::DIRECTORY | OFlags::RDONLY, Mode::empty()).unwrap();
    let names = b"kmsg\0".to_vec();
    let dir = Arc::new(ListedDir {
        fd,
        path: "/proc".into(),
        names,
        shown_as: None,
        root_index: 0,
        sync_only: false,
    });
    let job = FileJob { dir, name_at: 0, name_len: 4, language: ringloc::lang::detect_by_name(b"kmsg") };
    let mut reader = UringReader::new(Arc::new(ReadRules::default()), 1).unwrap();
    let mut queue = VecDeque::from([job]);
    let mut out = Recorder::new(&Recording { keep_files: true, ..Recording::default() });
    let start = Instant::now();
    while !(queue.is_empty() && reader.is_idle()) {
        assert!(start.elapsed() < Duration::from_secs(30), "the ring still waits on /proc/kmsg");
        reader.pump(&mut queue, &mut out);
    }
    let report = out.into_report();
    let skipped = report.skipped.binary + report.skipped.unknown;
    assert_eq!(report.errors.len() + report.files.len() + skipped as usize, 1, "{report:?}");
}

/// `-x` leaves out a filesystem mounted inside the tree, as `find -xdev` does; without it the
/// mount is counted.
#[test]
#[ignore = "needs root"]
fn one_file_system_does_not_enter_mount_points() {
    assert_root("to mount a tmpfs");
    let tree = Tree::new();
    tree.write("here.c", "int here;\n");
    let mnt = tree.path().join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    let mounted =
        std::process::Command::new("mount").args(["-t", "tmpfs", "none"]).arg(&mnt).status().unwrap();
    assert!(mounted.success(), "mount -t tmpfs failed");
    std::fs::write(mnt.join("there.c"), "int there;\n").unwrap();
    let counted = |args: &[&str]| {
        backends()
            .iter()
            .map(|b| {
                json_of(&ringloc(&[&["--format", "json", "--backend", b], args].concat(), tree.path()))
                    ["total"]["files"]
                    .clone()
            })
            .collect::<Vec<_>>()
    };
    let (all, one) = (counted(&["."]), counted(&["-x", "."]));
    let unmounted = std::process::Command::new("umount").arg(&mnt).status().unwrap();
    assert!(unmounted.success());
    assert!(all.iter().all(|n| n == 2), "{all:?}");
    assert!(one.iter().all(|n| n == 1), "{one:?}");
}

/// FUSE with `direct_io`: ring reads gave garbage counts (a 12-byte file read back 1,548 bytes) on
/// this kernel, plain reads the right ones. Both backends now count a bindfs mount as its source.
#[test]
#[ignore = "needs root"]
fn a_fuse_mount_with_direct_io_counts_as_its_source() {
    let mnt = Tree::new();
    let src = fifty_files_mounted_at(mnt.path());
    let totals = |dir: &Path, backend: &str| {
        json_of(&ringloc(&["--format", "json", "--backend", backend, "."], dir))["total"].clone()
    };
    let expected = totals(src.path(), "sync");
    let got: Vec<_> = backends().iter().map(|b| totals(mnt.path(), b)).collect();
    let unmounted = std::process::Command::new("umount").arg(mnt.path()).status().unwrap();
    assert!(unmounted.success());
    assert_eq!(expected["lines"], 150);
    for (b, total) in backends().iter().zip(&got) {
        assert_eq!(total, &expected, "{b}");
    }
}

/// A FUSE mount with `direct_io` below a root: subdirectories take their parent's filesystem
/// unasked while they are on its mount, so the mount point must be seen as one (its open under
/// the parent crosses a mount) and asked, or the ring reads the garbage counts the test above
/// describes. Nested two levels down, with files beside it on the root's filesystem.
#[test]
#[ignore = "needs root"]
fn a_fuse_mount_below_the_root_is_read_plainly() {
    let tree = Tree::new();
    tree.write("a/here.c", "int here;\n");
    let mnt = tree.path().join("a/b/mnt");
    std::fs::create_dir_all(&mnt).unwrap();
    let _src = fifty_files_mounted_at(&mnt);
    let totals = |dir: &Path, backend: &str| {
        json_of(&ringloc(&["--format", "json", "--backend", backend, "."], dir))["total"]["lines"].clone()
    };
    let got: Vec<_> = backends().iter().map(|b| totals(tree.path(), b)).collect();
    let unmounted = std::process::Command::new("umount").arg(&mnt).status().unwrap();
    assert!(unmounted.success());
    for (b, lines) in backends().iter().zip(&got) {
        assert_eq!(lines, 151, "{b}: the mount's 150 lines and here.c's one");
    }
}

/// A tree of 50 three-line C files, mounted at `mnt` with `bindfs -o direct_io` (as root, with
/// bindfs and /dev/fuse, which .ci/run installs); the caller unmounts it.
fn fifty_files_mounted_at(mnt: &Path) -> Tree {
    assert_root("to mount FUSE");
    let has_bindfs = std::process::Command::new("bindfs").arg("--version").output().is_ok();
    assert!(
        has_bindfs && Path::new("/dev/fuse").exists(),
        "needs bindfs and /dev/fuse (.ci/run installs bindfs, fuse3)"
    );
    let src = Tree::new();
    for i in 0..50 {
        src.write(&format!("f{i}.c"), format!("int x{i};\n// c\n\n"));
    }
    let mounted =
        std::process::Command::new("bindfs").args(["-o", "direct_io"]).arg(src.path()).arg(mnt).status();
    assert!(mounted.is_ok_and(|s| s.success()), "bindfs -o direct_io failed");
    src
}
