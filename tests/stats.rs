//! `--stats` counts ringloc's own system calls where it makes them: held here to `strace -f -c` of
//! the same run, with both backends, on a generated tree. strace missing fails the test under
//! CI=true (.ci/run installs it) and is reported as not checked elsewhere.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

/// The system calls `--stats` counts: strace traces these and no others.
const TRACED: &str =
    "io_uring_setup,io_uring_register,io_uring_enter,openat,openat2,getdents64,read,close,fstatfs,fstat,newfstatat,statx,clock_gettime";

/// Whether strace can run here; missing under CI=true fails.
fn have_strace() -> bool {
    let found = Command::new("strace").arg("-V").output().is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "strace is not installed, and CI=true needs it: .ci/run installs it"
        );
        eprintln!("strace is not installed: the system call counts were NOT checked");
    }
    found
}

/// Counts per system call from `strace -c`'s table (`% time seconds usecs/call calls [errors]
/// syscall`).
fn strace_counts(table: &str) -> BTreeMap<String, u64> {
    table
        .lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let calls = words.get(3)?.parse().ok()?;
            let name = *words.last()?;
            (name != "total").then(|| (name.to_string(), calls))
        })
        .collect()
}

/// Runs `ringloc --stats --format json` on `tree` under strace; its `stats` and strace's counts.
fn traced(tree: &Path, backend: &str) -> (Value, BTreeMap<String, u64>) {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("strace.txt");
    let args = ["--stats", "--format", "json", "-j", "2", "--backend", backend];
    // cargo's LD_LIBRARY_PATH sends the dynamic loader looking in a dozen directories first.
    let child = common::no_config_file(&mut Command::new("strace"))
        .env_remove("LD_LIBRARY_PATH")
        .args(["-f", "-c", "-e", &format!("trace={TRACED}"), "-o"])
        .arg(&table)
        .arg(env!("CARGO_BIN_EXE_ringloc"))
        .args(args)
        .arg(tree)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn strace");
    let out = common::wait_with_deadline(child, &args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stats = common::json_of(&out)["stats"].clone();
    (stats, strace_counts(&std::fs::read_to_string(table).unwrap()))
}

fn count(stats: &Value, group: &str, name: &str) -> u64 {
    stats[group][name].as_u64().unwrap_or_else(|| panic!("no {group}.{name} in {stats:#}"))
}

/// Each kind strace saw 200 times or more is within 5% of ours (the rest are the loader's and
/// the runtime's few, before the run); `busy` must be among them. Ours never passes strace's by
/// more than 5%: a call counted is a call made.
fn assert_close(backend: &str, stats: &Value, strace: &BTreeMap<String, u64>, busy: &[&str]) {
    for kind in TRACED.split(',') {
        let (ours, theirs) = (count(stats, "syscalls", kind), strace.get(kind).copied().unwrap_or(0));
        let slack = theirs / 20;
        let both = || {
            format!("{backend}: {kind}: ringloc counted {ours}, strace saw {theirs}\n{strace:?}\n{stats:#}")
        };
        assert!(ours <= theirs + slack, "{}", both());
        if theirs >= 200 {
            assert!(ours + slack >= theirs, "{}", both());
        } else {
            assert!(!busy.contains(&kind), "{backend}: only {theirs} {kind} calls: the tree is too small");
        }
    }
}

#[test]
fn system_call_counts_match_strace_on_both_backends() {
    if !have_strace() {
        return;
    }
    let tree = common::generated_tree(3000, 0x5747);
    let mut runs = BTreeMap::new();
    for &backend in common::backends() {
        let (stats, strace) = traced(tree.path(), backend);
        let busy: &[&str] = match backend {
            "uring" => &["openat2", "getdents64", "close", "io_uring_enter"],
            _ => &["openat", "openat2", "getdents64", "close", "read"],
        };
        assert_close(backend, &stats, &strace, busy);
        runs.insert(backend, stats);
    }
    let (Some(ring), Some(plain)) = (runs.get("uring"), runs.get("sync")) else { return };
    // The ring opens and reads the files the plain reader opens and reads with system calls.
    let dir_opens = |stats| count(stats, "syscalls", "openat") + count(stats, "syscalls", "openat2");
    let opens = dir_opens(ring) + count(ring, "ring_ops", "openat");
    assert_eq!(opens, dir_opens(plain), "{ring:#}\n{plain:#}");
    assert_eq!(count(ring, "ring_ops", "read"), count(plain, "syscalls", "read"));
    assert_eq!(count(ring, "ring_ops", "close"), count(ring, "ring_ops", "openat"));
    // Every open and read is reaped once, ready or waited for.
    let reaped = count(ring, "ring", "completions_ready") + count(ring, "ring", "completions_waited");
    assert_eq!(reaped, count(ring, "ring_ops", "openat") + count(ring, "ring_ops", "read"));
    assert_eq!(count(plain, "ring", "rings"), 0);
    assert!(count(ring, "ring", "rings") >= 2, "the probe's and a worker's: {ring:#}");
}

#[test]
fn stats_time_the_phases_and_the_classifier_per_language() {
    let tree = common::generated_tree(300, 0x7157);
    for &backend in common::backends() {
        let out =
            common::ringloc(&["--stats", "--format", "json", "--backend", backend, "-j", "2"], tree.path());
        let doc = common::json_of(&out);
        let stats = &doc["stats"];
        assert_eq!(stats["files"], doc["total"]["files"]);
        assert_eq!(stats["workers"].as_array().map(Vec::len), Some(2), "{stats:#}");
        assert!(stats["phases_us"].get("output").is_none(), "unknown while the JSON is written");
        let names: Vec<&str> =
            stats["classifier"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
        for language in ["C", "Python", "Rust"] {
            assert!(names.contains(&language), "{backend}: {language} missing from {names:?}");
        }
        let count_us = stats["worker_us"]["count_us"].as_u64().unwrap();
        assert!(count_us > 0, "{stats:#}");
        // Each worker's own CPU clock: some time, and no more than its wall time (with a
        // millisecond for the clocks' reads), which the process's clock of two workers passes.
        for worker in stats["workers"].as_array().unwrap() {
            let field = |name: &str| worker[name].as_u64().unwrap();
            let wall = field("busy_us") + field("idle_us");
            assert!(field("cpu_us") > 0 && field("cpu_us") <= wall + 1000, "{backend}: {worker:#}");
        }
        let table = String::from_utf8_lossy(&out.stderr);
        for label in ["wall", "workers", "on a CPU", "classifier", "syscalls", "output"] {
            assert!(table.contains(label), "{backend}: no {label} in {table}");
        }
        let plain = common::ringloc(&["--format", "json", "--backend", backend], tree.path());
        assert!(common::json_of(&plain).get("stats").is_none(), "only with --stats");
        assert!(plain.stderr.is_empty(), "{}", String::from_utf8_lossy(&plain.stderr));
    }
}

#[test]
fn merge_reads_a_report_with_stats_and_writes_none() {
    let tree = common::generated_tree(50, 0x3e5);
    let out = common::ringloc(&["--stats", "--format", "json", "-o", "with.json"], tree.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let merged = common::ringloc(&["merge", "with.json", "--format", "json"], tree.path());
    let doc = common::json_of(&merged);
    assert!(doc.get("stats").is_none(), "{doc:#}");
    let written: Value =
        serde_json::from_slice(&std::fs::read(tree.path().join("with.json")).unwrap()).unwrap();
    assert!(written["stats"]["wall_us"].is_u64(), "{written:#}");
    assert_eq!(doc["total"], written["total"]);
}
