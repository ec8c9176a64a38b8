//! `-d` / `--no-duplicates` through the real binary: of the files with the same bytes, the first
//! in path order counts and the others are skipped as duplicates, whatever the backend and the
//! threads, from a checkout and from a git revision's blobs alike; the counts are those of the
//! tree with the copies deleted.

mod common;

use common::{backends, commit_all, file_paths, has_git, json_of, ringloc, Tree};
use serde_json::{json, Value};

/// Bytes over several read chunks (64 KiB), so that a file is hashed in pieces.
const LARGE: usize = 200 * 1024;

/// Copies of one C file under other names (one a C header: the same bytes in another language),
/// a large file and its copy, and two large files of the same size that differ from it in their
/// last byte and in their first.
fn tree_with_copies() -> Tree {
    let tree = Tree::new();
    let small = "int main(void) {\n  return 0; // x\n}\n";
    for path in ["b/x.c", "a/x.c", "c/y.h", "a/x/deeper.c"] {
        tree.write(path, small);
    }
    tree.write("b/z.c", "int z;\n");
    let large: String = (0..LARGE / 8).map(|i| format!("x = {:02};\n", i % 100)).collect();
    tree.write("big/one.py", &large);
    tree.write("big/two.py", &large);
    let mut other = large.clone().into_bytes();
    *other.last_mut().unwrap() = b' ';
    tree.write("big/three.py", other);
    tree.write("big/four.py", large.replacen('x', "y", 1));
    tree
}

fn report(args: &[&str], tree: &Tree) -> Value {
    let out = ringloc(&[&["--format", "json", "--by-file"], args].concat(), tree.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut doc = json_of(&out);
    doc.as_object_mut().unwrap().remove("roots");
    doc
}

fn skipped_paths(doc: &Value) -> Vec<(String, String)> {
    let rows = doc["skipped_files"].as_array().cloned().unwrap_or_default();
    rows.iter().map(|r| (r["path"].as_str().unwrap().into(), r["reason"].as_str().unwrap().into())).collect()
}

#[test]
fn the_first_copy_in_path_order_counts_and_the_others_are_skipped() {
    let tree = tree_with_copies();
    let doc = report(&["-d", "."], &tree);
    // Path order goes by components: `a/x/deeper.c` comes before `a/x.c`, as `--by-file` lists.
    let kept = ["a/x/deeper.c", "b/z.c", "big/four.py", "big/one.py", "big/three.py"];
    assert_eq!(file_paths(&doc), kept.map(|p| format!("./{p}")), "{doc}");
    let skipped: Vec<(String, String)> =
        ["a/x.c", "b/x.c", "big/two.py", "c/y.h"].map(|p| (format!("./{p}"), "duplicate".into())).into();
    assert_eq!(skipped_paths(&doc), skipped);
    assert_eq!(doc["skipped"]["duplicate"], json!(4));
    let plain = report(&["."], &tree);
    assert_eq!(plain["skipped"]["duplicate"], json!(0));
    assert_eq!(plain["total"]["files"], json!(9));
}

/// The twin: a run with `-d` counts what a run without it counts once the copies are deleted.
#[test]
fn the_counts_are_those_of_the_tree_without_its_copies() {
    let tree = tree_with_copies();
    let deduplicated = report(&["-d", "."], &tree);
    for copy in ["a/x.c", "b/x.c", "big/two.py", "c/y.h"] {
        std::fs::remove_file(tree.path().join(copy)).unwrap();
    }
    let without = report(&["."], &tree);
    for key in ["total", "languages", "files", "flagged"] {
        assert_eq!(deduplicated[key], without[key], "{key}");
    }
}

#[test]
fn every_backend_and_thread_count_keeps_the_same_copies() {
    let tree = tree_with_copies();
    let first = report(&["-d", "-j", "1", "--backend", "sync", "."], &tree);
    for backend in backends() {
        for threads in ["1", "2", "4"] {
            let doc = report(&["-d", "-j", threads, "--backend", backend, "."], &tree);
            assert_eq!(doc, first, "--backend {backend} -j {threads}");
        }
    }
}

/// Streamed output (ndjson) gets the counted copy alone, once the workers end.
#[test]
fn ndjson_streams_the_kept_copies_only() {
    let tree = tree_with_copies();
    let out = ringloc(&["-d", "--format", "ndjson", "."], tree.path());
    assert!(out.status.success());
    let records: Vec<Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut files: Vec<&str> =
        records.iter().filter(|r| r["type"] == "file").map(|r| r["path"].as_str().unwrap()).collect();
    files.sort_unstable();
    assert_eq!(files, ["./a/x/deeper.c", "./b/z.c", "./big/four.py", "./big/one.py", "./big/three.py"]);
    let summary = records.last().unwrap();
    assert_eq!(summary["skipped"]["duplicate"], json!(4), "{summary}");
}

/// Object store against checkout: a revision's blobs keep the same copies as the files on disk.
#[test]
fn a_revision_keeps_the_copies_its_checkout_keeps() {
    if !has_git() {
        return;
    }
    let tree = tree_with_copies();
    commit_all(&tree, "copies");
    let rev = report(&["-d", "--rev", "HEAD"], &tree);
    let disk = report(&["-d", "."], &tree);
    for key in ["total", "languages", "skipped"] {
        assert_eq!(rev[key], disk[key], "{key}");
    }
    let names = |doc: &Value| {
        file_paths(doc).iter().map(|p| p.trim_start_matches("./").to_string()).collect::<Vec<_>>()
    };
    assert_eq!(names(&rev), names(&disk));
    let out = ringloc(&["-d", "--rev", "HEAD", "--cache", "kept"], tree.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot be used with") && stderr.contains("--cache"), "{stderr}");
}
