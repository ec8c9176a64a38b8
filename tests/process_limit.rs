//! Under a process limit (a container's pids limit, `RLIMIT_NPROC`) a run starts the workers it
//! can get threads for, or counts on its own thread, and counts every file either way. Its ring
//! may get no io-wq thread either: opens that miss the dentry cache come back ECANCELED and are
//! read plainly.

mod common;

use std::process::Command;

use common::{backends, generated_tree, json_of, ringloc};

/// The run as an unprivileged user allowed `nproc` processes in all, itself included.
fn limited(nproc: u32, args: &[&str], cwd: &std::path::Path) -> std::process::Output {
    let limit = format!("--nproc={nproc}:{nproc}");
    let mut full = vec!["--reuid=65534", "--regid=65534", "--clear-groups", "prlimit", &limit];
    full.push(env!("CARGO_BIN_EXE_ringloc"));
    full.extend_from_slice(args);
    common::no_config_file(&mut Command::new("setpriv"))
        .args(&full)
        .current_dir(cwd)
        .output()
        .expect("setpriv")
}

/// Fails, saying why, where the test was asked for without root.
fn assert_root(why: &str) {
    assert!(rustix::process::geteuid().is_root(), "needs root {why}: run as root with --include-ignored");
}

#[test]
#[ignore = "needs root"]
fn a_run_with_fewer_threads_than_workers_counts_every_file() {
    assert_root("to run as another user under a process limit");
    let tree = generated_tree(400, 11);
    std::fs::set_permissions(tree.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let args = ["--format", "json", "--by-file", "-j", "4", "."];
    let whole = json_of(&ringloc(&args, tree.path()));
    for backend in backends() {
        for nproc in [1, 3] {
            let out = limited(nproc, &[&args[..], &["--backend", backend]].concat(), tree.path());
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{backend}, {nproc} processes: {stderr}");
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["files"], whole["files"], "{backend}, {nproc} processes");
        }
    }
}

/// Cold, an open that misses the dentry cache goes to an io-wq thread; under `--nproc=1` the
/// kernel cannot start one and cancels the open. Without the plain redo every file failed so.
#[test]
#[ignore = "needs root"]
fn opens_the_ring_cannot_hand_to_a_thread_are_redone_plainly() {
    assert_root("to drop the dentry cache and run under a process limit");
    if !backends().contains(&"uring") {
        return;
    }
    let tree = generated_tree(300, 12);
    std::fs::set_permissions(tree.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let args = ["--format", "json", "--by-file", "-j", "1", "--backend", "uring", "."];
    let whole = json_of(&ringloc(&args, tree.path()));
    rustix::fs::sync();
    // 2: dentries and inodes, which the sync above made clean and so droppable. A container
    // mounts /proc/sys read-only even for root.
    if let Err(e) = std::fs::write("/proc/sys/vm/drop_caches", "2") {
        panic!("cannot drop the dentry cache ({e}): this test needs a writable /proc/sys");
    }
    let out = limited(1, &args, tree.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["files"], whole["files"]);
}
