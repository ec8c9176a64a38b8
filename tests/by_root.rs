//! `--by-root` through the real binary: each root's section must be what a run on that root alone
//! reports, and the whole what a plain run over every root reports, in one pool of workers.

mod common;

use std::process::Output;

use common::{generated_tree, ringloc, ringloc_stdin, Tree};
use serde_json::{json, Value};

fn ok(out: Output, code: i32) -> String {
    assert_eq!(out.status.code(), Some(code), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn json_of(args: &[&str], tree: &Tree) -> Value {
    let args: Vec<&str> = ["--format", "json"].iter().copied().chain(args.iter().copied()).collect();
    serde_json::from_str(&ok(ringloc(&args, tree.path()), 0)).unwrap()
}

fn roots_tree() -> Tree {
    let tree = generated_tree(400, 5);
    tree.write("0a.c", "int a; /* one */\n");
    tree
}

/// Several roots, one of them inside another (counted under each, as two runs would) and one a file.
fn roots(tree: &Tree) -> Vec<String> {
    let inner = std::fs::read_dir(tree.path().join("d1"))
        .unwrap()
        .map(|e| e.unwrap())
        .find(|e| e.file_type().unwrap().is_dir())
        .expect("d1 has a subdirectory");
    let inner = format!("d1/{}", inner.file_name().into_string().unwrap());
    ["d0", "d1", &inner, "d2", "0a.c"].map(String::from).to_vec()
}

fn strs(list: &[String]) -> Vec<&str> {
    list.iter().map(String::as_str).collect()
}

#[test]
fn each_section_is_a_run_on_its_root_alone() {
    let tree = roots_tree();
    let roots = roots(&tree);
    let roots = strs(&roots);
    for backend in ["sync", "auto"] {
        let all: Vec<&str> = ["--by-root", "--backend", backend].iter().chain(&roots).copied().collect();
        let by_root = json_of(&all, &tree);
        let sections = by_root["by_root"].as_array().unwrap();
        assert_eq!(sections.len(), roots.len());
        for (section, &root) in sections.iter().zip(&roots) {
            let alone = json_of(&["--backend", backend, root], &tree);
            assert_eq!(section["root"], json!(root));
            assert_eq!(section["total"], alone["total"], "{root}");
            assert_eq!(section["languages"], alone["languages"], "{root}");
            assert!(alone["total"]["files"].as_u64().unwrap() > 0, "{root} is not empty");
        }
        let plain = json_of(&roots, &tree);
        for key in ["total", "languages", "roots", "skipped", "flagged"] {
            assert_eq!(by_root[key], plain[key], "{key}");
        }
    }
}

#[test]
fn without_the_flag_nothing_changes() {
    let tree = roots_tree();
    assert!(json_of(&strs(&roots(&tree)), &tree).get("by_root").is_none());
    let csv = ok(ringloc(&["--format", "csv", "d0"], tree.path()), 0);
    assert!(csv.starts_with("type,name,"), "{csv}");
}

#[test]
fn listed_files_are_a_section_of_their_own() {
    let tree = roots_tree();
    let out =
        ringloc_stdin(&["--by-root", "--format", "json", "--files-from", "-", "d0"], tree.path(), b"0a.c\n");
    let doc: Value = serde_json::from_str(&ok(out, 0)).unwrap();
    let roots: Vec<&str> =
        doc["by_root"].as_array().unwrap().iter().map(|s| s["root"].as_str().unwrap()).collect();
    assert_eq!(roots, ["d0", "--files-from"]);
    assert_eq!(doc["by_root"][1]["total"]["code"], 1);
}

#[test]
fn csv_table_and_markdown_have_a_section_per_root() {
    let tree = roots_tree();
    let run = |format: &str| ok(ringloc(&["--by-root", "--format", format, "d0", "0a.c"], tree.path()), 0);
    let csv = run("csv");
    assert!(csv.starts_with("type,root,name,language,"), "{csv}");
    assert!(csv.contains("total,0a.c,Total,,1,1,1,0,0,17\n"), "{csv}");
    assert_eq!(csv.lines().filter(|l| l.starts_with("total,")).count(), 3, "{csv}");
    assert!(csv.lines().any(|l| l.starts_with("total,,Total,")), "{csv}");
    let table = run("table");
    for title in [" Root: d0", " Root: 0a.c", " All roots"] {
        assert!(table.lines().any(|l| l == title), "{title}: {table}");
    }
    let md = run("markdown");
    assert!(md.starts_with("**Root: d0**\n\n| Language |"), "{md}");
    assert!(md.contains("**All roots**"), "{md}");
}

/// A root named `All roots` had a section titled as the summary over every root, in table and
/// markdown: a root's title is `Root: NAME` now, which the summary's never is.
#[test]
fn a_root_named_all_roots_is_told_from_the_summary() {
    let tree = Tree::new();
    tree.write("src/a.c", "int a;\n");
    tree.write("All roots/b.c", "int b;\n");
    let run =
        |format: &str| ok(ringloc(&["--by-root", "--format", format, "src", "All roots"], tree.path()), 0);
    let table = run("table");
    assert_eq!(table.lines().filter(|l| *l == " All roots").count(), 1, "{table}");
    assert!(table.lines().any(|l| l == " Root: All roots"), "{table}");
    let md = run("markdown");
    assert_eq!(md.matches("**All roots**").count(), 1, "{md}");
    assert!(md.contains("**Root: All roots**"), "{md}");
}

#[test]
fn merge_keeps_sections_when_asked_and_every_input_has_them() {
    let tree = roots_tree();
    let roots = roots(&tree);
    let roots = strs(&roots);
    let write = |name: &str, args: &[&str]| {
        let args: Vec<&str> =
            ["--format", "json", "--by-root"].iter().copied().chain(args.iter().copied()).collect();
        tree.write(name, ok(ringloc(&args, tree.path()), 0));
    };
    write("a.json", &roots[..2]);
    write("b.json", &roots[2..]);
    tree.write("plain.json", ok(ringloc(&["--format", "json", "d0"], tree.path()), 0));
    let merged = ok(ringloc(&["merge", "a.json", "b.json", "--by-root", "--format", "json"], tree.path()), 0);
    let merged: Value = serde_json::from_str(&merged).unwrap();
    let whole: Vec<&str> = ["--by-root"].iter().chain(&roots).copied().collect();
    assert_eq!(merged, json_of(&whole, &tree));
    let without = ok(ringloc(&["merge", "a.json", "b.json", "--format", "json"], tree.path()), 0);
    assert!(serde_json::from_str::<Value>(&without).unwrap().get("by_root").is_none());
    let out = ringloc(&["merge", "a.json", "plain.json", "--by-root"], tree.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("plain.json: has no by_root"));
}
