//! Under a process limit (a container's pids limit, `RLIMIT_NPROC`) a run starts the workers it
//! can get threads for, or counts on its own thread, and counts every file either way.

mod common;

use std::process::Command;

use common::{generated_tree, json_of, ringloc};

/// The run as an unprivileged user allowed `nproc` processes in all, itself included.
fn limited(nproc: u32, args: &[&str], cwd: &std::path::Path) -> std::process::Output {
    let limit = format!("--nproc={nproc}:{nproc}");
    let mut full = vec!["--reuid=65534", "--regid=65534", "--clear-groups", "prlimit", &limit];
    full.push(env!("CARGO_BIN_EXE_ringloc"));
    full.extend_from_slice(args);
    Command::new("setpriv").args(&full).current_dir(cwd).output().expect("setpriv")
}

#[test]
fn a_run_with_fewer_threads_than_workers_counts_every_file() {
    if !rustix::process::geteuid().is_root() {
        eprintln!("needs root to run as another user under a process limit: nothing checked");
        return;
    }
    let tree = generated_tree(400, 11);
    std::fs::set_permissions(tree.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let args = ["--format", "json", "--by-file", "-j", "4", "."];
    let whole = json_of(&ringloc(&args, tree.path()));
    for backend in ["uring", "sync"] {
        for nproc in [1, 3] {
            let out = limited(nproc, &[&args[..], &["--backend", backend]].concat(), tree.path());
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{backend}, {nproc} processes: {stderr}");
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["files"], whole["files"], "{backend}, {nproc} processes");
        }
    }
}
