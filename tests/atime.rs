//! Counting leaves access times alone (O_NOATIME on the files, directories and ignore files a run
//! opens), and a tree the caller does not own, where the kernel refuses O_NOATIME, is counted all
//! the same.

mod common;

use std::fs::{File, FileTimes};
use std::path::Path;
use std::time::{Duration, SystemTime};

use common::{as_nobody, backends, run_json, Tree};
use serde_json::Value;

/// A day before the files were written: on a relatime mount the next read updates such an atime.
fn make_stale(path: &Path) -> SystemTime {
    let stale = SystemTime::now() - Duration::from_secs(2 * 86_400);
    File::open(path).unwrap().set_times(FileTimes::new().set_accessed(stale)).unwrap();
    std::fs::metadata(path).unwrap().accessed().unwrap()
}

fn accessed(path: &Path) -> SystemTime {
    std::fs::metadata(path).unwrap().accessed().unwrap()
}

fn tree() -> Tree {
    let tree = Tree::new();
    tree.write("a.c", "int a;\n");
    tree.write("sub/b.py", "# b\nb = 1\n");
    tree.write("sub/.ignore", "nothing.c\n");
    tree.write("control.c", "int c;\n");
    tree
}

#[test]
fn counting_leaves_access_times_alone() {
    let tree = tree();
    let control = tree.path().join("control.c");
    let before = make_stale(&control);
    std::fs::read(&control).unwrap();
    if accessed(&control) == before {
        eprintln!("this filesystem keeps no access times (noatime): nothing to check here");
        return;
    }
    let watched = ["a.c", "sub/b.py", "sub/.ignore", "sub", "."].map(|p| tree.path().join(p));
    for &backend in backends() {
        let stale: Vec<SystemTime> = watched.iter().map(|p| make_stale(p)).collect();
        let (v, out) = run_json(&["--backend", backend, "."], tree.path());
        assert_eq!(out.status.code(), Some(0), "{backend}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(v["total"]["files"], 3, "{backend}");
        let now: Vec<SystemTime> = watched.iter().map(|p| accessed(p)).collect();
        assert_eq!(now, stale, "{backend}: access times of {watched:?}");
    }
}

#[test]
fn a_tree_someone_else_owns_is_counted_where_noatime_is_refused() {
    let tree = tree();
    std::fs::set_permissions(tree.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let (owner, _) = run_json(&["."], tree.path());
    for &backend in backends() {
        let out = as_nobody(&["--format", "json", "--by-file", "--backend", backend, "."], tree.path());
        assert_eq!(out.status.code(), Some(0), "{backend}: {}", String::from_utf8_lossy(&out.stderr));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["files"], owner["files"], "{backend}");
        assert_eq!(v["errors"].as_array().map(Vec::len), Some(0), "{backend}");
    }
}
