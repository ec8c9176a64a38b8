//! `--uloc` and `--dryness` through the real binary: scc's unique lines, worked here by hand and
//! checked against scc 4.1 on the same trees, in the formats that show them and in none of the
//! others, whatever the threads and the backend, and from a git revision's blobs.

mod common;

use common::{commit_all, has_git, ringloc, stdout_ok, Tree};
use serde_json::{json, Value};

/// C's distinct lines: `int a;`, `  int a;` (its blanks make it another line), the empty line,
/// `// c`, `int b;`, `int c;` (b.c's trailing empty line is dropped, as scc drops it): 6. Python's
/// 2; over both 7, `int a;` once. 7 of 12 lines: DRYness 0.58.
fn three_files() -> Tree {
    let tree = Tree::new();
    tree.write("a.c", "int a;\n  int a;\n\n\n// c\nint b;\n");
    tree.write("b.c", "int a;\nint c;\n// c\n\n");
    tree.write("c.py", "x = 1\nint a;\n");
    tree
}

/// scc's `(ULOC)` row under each language, its figure under Lines, and its lines under the table.
#[test]
fn the_table_has_scc_rows_and_lines() {
    let tree = three_files();
    let table = stdout_ok(&["--uloc"], &tree);
    let rule = "-".repeat(48);
    let rows = [
        " Language  Files  Lines  Code  Comments  Blanks",
        " C             2     10     5         2       3",
        " (ULOC)               6",
        " Python        1      2     2         0       0",
        " (ULOC)               2",
        " Total         3     12     7         2       3",
    ];
    let grid =
        format!("{rule}\n{}\n{rule}\n{}\n{rule}\n{}\n{rule}\n", rows[0], rows[1..5].join("\n"), rows[5]);
    assert_eq!(table, grid.clone() + "Unique Lines of Code (ULOC)         7\n");
    let dry = "Unique Lines of Code (ULOC)         7\nDRYness %                        0.58\n";
    assert_eq!(stdout_ok(&["--dryness"], &tree), grid.clone() + dry);
    assert_eq!(stdout_ok(&["-a", "-u"], &tree), grid + dry);
    let plain = stdout_ok(&[], &tree);
    assert!(!plain.contains("ULOC"), "{plain}");
}

#[test]
fn json_and_yaml_carry_a_uloc_object() {
    let tree = three_files();
    let json: Value = serde_json::from_str(&stdout_ok(&["--uloc", "--format", "json"], &tree)).unwrap();
    let dryness = 7.0 / 12.0;
    assert_eq!(json["uloc"], json!({"total": 7, "dryness": dryness, "languages": {"C": 6, "Python": 2}}));
    let yaml = stdout_ok(&["-u", "--format", "yaml"], &tree);
    assert!(yaml.contains("\nuloc:\n  total: 7\n  dryness: 0.58"), "{yaml}");
    assert!(yaml.ends_with("  languages:\n    C: 6\n    Python: 2\n"), "{yaml}");
    let plain: Value = serde_json::from_str(&stdout_ok(&["--format", "json"], &tree)).unwrap();
    assert!(plain.get("uloc").is_none());
}

/// A file read in many chunks is hashed whole; carriage returns stay, trailing newlines go.
#[test]
fn chunks_and_line_ends_count_as_scc_counts_them() {
    let tree = Tree::new();
    let long: String = (0..30_000).map(|i| format!("line {}\n", i % 20_000)).collect();
    tree.write("big.c", format!("{long}\n\n"));
    tree.write("crlf.c", "line 1\r\nline 2\n");
    tree.write("end.c", "line 3");
    let json: Value = serde_json::from_str(&stdout_ok(&["--uloc", "--format", "json"], &tree)).unwrap();
    assert_eq!(json["uloc"]["total"], json!(20_001), "{}", json["uloc"]);
    let table = stdout_ok(&["--uloc"], &tree);
    assert!(table.ends_with("\nUnique Lines of Code (ULOC)    20,001\n"), "{table}");
}

#[test]
fn threads_backends_and_complexity_leave_the_figures_alone() {
    let tree = Tree::new();
    for i in 0..300 {
        let text: String = (0..i % 37).map(|j| format!("int v{};\n", (i * j) % 101)).collect();
        tree.write(&format!("d{}/f{i}.{}", i % 7, ["c", "py", "rs"][i % 3]), text);
    }
    let uloc = |args: &[&str]| {
        let json: Value =
            serde_json::from_str(&stdout_ok(&[&["-u", "--format", "json"], args].concat(), &tree)).unwrap();
        json["uloc"].clone()
    };
    let one = uloc(&["-j", "1"]);
    assert!(one["total"].as_u64().unwrap() > 50, "{one}");
    assert_eq!(uloc(&["-j", "2"]), one);
    assert_eq!(uloc(&["-j", "4", "--backend", "sync"]), one);
    assert_eq!(uloc(&["--complexity"]), one);
    assert_eq!(uloc(&[]), one);
}

/// Each file's own distinct lines, as scc 4.1's `--by-file --format json` gives them (`Uloc`; a.c's
/// two empty lines are one, b.c's trailing ones go): in the files of json, ndjson and yaml, and
/// scc-json's `Uloc` and its languages' `ULOC`; without the flag none of them.
#[test]
fn by_file_formats_give_each_file_its_own() {
    let tree = three_files();
    let own = [("a.c", 5), ("b.c", 3), ("c.py", 2)];
    let json: Value =
        serde_json::from_str(&stdout_ok(&["-u", "--by-file", "--format", "json"], &tree)).unwrap();
    let files = json["files"].as_array().unwrap();
    let by_name = |name: &str| files.iter().find(|f| f["path"].as_str().unwrap().ends_with(name)).unwrap();
    for (name, n) in own {
        assert_eq!(by_name(name)["uloc"], json!(n), "{name}: {json}");
    }
    let ndjson = stdout_ok(&["-u", "--format", "ndjson"], &tree);
    for (name, n) in own {
        let line = ndjson.lines().find(|l| l.contains(&format!("{name}\""))).unwrap();
        assert!(line.ends_with(&format!(",\"uloc\":{n}}}")), "{line}");
    }
    let yaml = stdout_ok(&["-u", "--by-file", "--format", "yaml"], &tree);
    assert!(yaml.contains("    bytes: 20\n    uloc: 3\n"), "{yaml}");
    let scc: Value =
        serde_json::from_str(&stdout_ok(&["-u", "--by-file", "--format", "scc-json"], &tree)).unwrap();
    let figures: Vec<(&str, u64, Vec<u64>)> = scc
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let mut files: Vec<u64> =
                l["Files"].as_array().unwrap().iter().map(|f| f["Uloc"].as_u64().unwrap()).collect();
            files.sort_unstable();
            (l["Name"].as_str().unwrap(), l["ULOC"].as_u64().unwrap(), files)
        })
        .collect();
    assert_eq!(figures, [("C", 6, vec![3, 5]), ("Python", 2, vec![2])], "{scc}");
    for format in ["json", "ndjson", "yaml"] {
        let plain = stdout_ok(&["--by-file", "--format", format], &tree);
        assert!(!plain.contains("uloc"), "{format}: {plain}");
    }
    let plain = stdout_ok(&["--by-file", "--format", "scc-json"], &tree);
    assert!(plain.contains("\"Uloc\":0}") && plain.contains("\"ULOC\":0}"), "{plain}");
}

/// markdown lists scc's lines after its tables.
#[test]
fn markdown_lists_the_lines_after_its_tables() {
    let tree = three_files();
    let tables = stdout_ok(&["--format", "markdown"], &tree);
    let list = "\n- Unique Lines of Code (ULOC) 7\n- DRYness % 0.58\n";
    assert_eq!(stdout_ok(&["--format", "markdown", "--dryness"], &tree), tables + list);
}

/// Without the flag every format is as it was; with it, the formats with no place for it too.
#[test]
fn other_formats_leave_it_out() {
    let tree = three_files();
    for format in ["csv", "tokei-json", "openmetrics"] {
        let plain = stdout_ok(&["--format", format, "--by-file"], &tree);
        assert_eq!(stdout_ok(&["--format", format, "--by-file", "--dryness"], &tree), plain, "{format}");
    }
}

/// A revision's blobs give the figures the same files on disk give; a cache, whose blobs are not
/// read again, is refused.
#[test]
fn a_revision_counts_its_blobs_and_a_cache_is_refused() {
    if !has_git() {
        return;
    }
    let tree = three_files();
    tree.write("copy/a.c", "int a;\n  int a;\n\n\n// c\nint b;\n");
    commit_all(&tree, "three files");
    let uloc = |args: &[&str]| {
        let json: Value =
            serde_json::from_str(&stdout_ok(&[&["-a", "--format", "json"], args].concat(), &tree)).unwrap();
        json["uloc"].clone()
    };
    let on_disk = uloc(&[]);
    assert_eq!(on_disk["total"], json!(7), "{on_disk}");
    assert_eq!(uloc(&["--rev", "HEAD"]), on_disk);
    for flag in ["--uloc", "--dryness"] {
        let out = ringloc(&[flag, "--rev", "HEAD", "--cache", "kept"], tree.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("cannot be used with") && stderr.contains("--cache"), "{stderr}");
    }
}
