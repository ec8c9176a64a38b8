//! Under an address-space limit (`ulimit -v`) a run either counts everything or ends with a
//! message and exit status 1; an allocation failure never ends it with SIGABRT.

mod common;

use std::process::{Command, Output};

use common::{generated_tree, json_of, ringloc};

/// The run under an address-space limit of `kib` KiB (`prlimit --as`, which needs no privilege to
/// lower a limit).
fn limited(kib: u64, args: &[&str], cwd: &std::path::Path) -> Output {
    let limit = format!("--as={0}:{0}", kib * 1024);
    common::no_config_file(&mut Command::new("prlimit"))
        .arg(limit)
        .arg(env!("CARGO_BIN_EXE_ringloc"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("prlimit (util-linux)")
}

/// The smallest limit, in steps of `step` KiB, under which the binary loads and prints its version:
/// below it the dynamic loader fails before any of ringloc's code runs.
fn smallest_limit_to_start(step: u64) -> u64 {
    let here = std::env::current_dir().unwrap();
    (1..=400)
        .map(|i| i * step)
        .find(|&kib| limited(kib, &["--version"], &here).status.success())
        .expect("ringloc --version never started under a limit up to 400 steps")
}

#[test]
fn an_allocation_failure_is_a_message_and_exit_status_1_never_an_abort() {
    let tree = generated_tree(3000, 13);
    let args = ["--by-file", "--format", "json", "-j", "2", "."];
    let whole = json_of(&ringloc(&args, tree.path()));
    let step = 1000;
    let (mut failed, mut counted) = (0, 0);
    let mut kib = smallest_limit_to_start(step);
    while counted == 0 {
        let out = limited(kib, &args, tree.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(0) => {
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                assert_eq!(v["files"], whole["files"], "under {kib} KiB");
                counted += 1;
            }
            Some(1) => {
                assert!(stderr.contains("ringloc: out of memory"), "under {kib} KiB: {stderr}");
                failed += 1;
            }
            other => panic!("under {kib} KiB: exit {other:?} ({:?}): {stderr}", out.status),
        }
        kib += step;
        assert!(kib < 4_000_000, "no count succeeded under 4 GB");
    }
    assert!(
        failed > 0,
        "the smallest limit that starts ringloc should be too small to count: no failure seen"
    );
}
