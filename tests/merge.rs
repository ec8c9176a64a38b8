//! `ringloc merge` and `ringloc diff` through the real binary. The merge test splits a generated
//! tree in two, counts each half, and holds the merged report to a run over the whole.

mod common;

use std::process::Output;

use common::{generated_tree, in_shell, ringloc, Tree};
use serde_json::Value;

fn ok(out: Output, code: i32) -> String {
    assert_eq!(out.status.code(), Some(code), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The top-level names of the tree, split in two: every file is under exactly one half.
fn halves(tree: &Tree) -> (Vec<String>, Vec<String>) {
    let mut names: Vec<String> = std::fs::read_dir(tree.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let b = names.split_off(names.len() / 2);
    (names, b)
}

fn args<'a>(flags: &[&'a str], paths: &'a [String]) -> Vec<&'a str> {
    flags.iter().copied().chain(paths.iter().map(String::as_str)).collect()
}

#[test]
fn merged_halves_equal_the_whole() {
    let tree = generated_tree(300, 21);
    let (a, mut b) = halves(&tree);
    assert!(a.len() > 1 && b.len() > 1, "{a:?} {b:?}");
    b.push("no-such-dir".into()); // an error in one half must reach the merged report
    let json = ["--format", "json", "--by-file"];
    tree.write("a.json", ok(ringloc(&args(&json, &a), tree.path()), 0));
    tree.write("b.json", ok(ringloc(&args(&json, &b), tree.path()), 2));
    let whole: Vec<String> = a.iter().chain(&b).cloned().collect();
    for flags in
        [&json[..], &["--format", "json", "--by-dir", "2"], &["--by-file", "--sort", "code", "--top", "5"]]
    {
        let expected = ok(ringloc(&args(flags, &whole), tree.path()), 2);
        let merge: Vec<&str> =
            ["merge", "a.json", "b.json"].into_iter().chain(flags.iter().copied()).collect();
        let merged = ok(ringloc(&merge, tree.path()), 2);
        if flags[0] == "--format" {
            let (m, e): (Value, Value) =
                (serde_json::from_str(&merged).unwrap(), serde_json::from_str(&expected).unwrap());
            assert_eq!(m, e, "{flags:?}");
        } else {
            assert_eq!(merged, expected, "{flags:?}");
        }
    }
}

#[test]
fn merge_refuses_what_it_cannot_sum_exactly() {
    let tree = Tree::new();
    tree.write("src/a.c", "int a;\n");
    tree.write(
        "cut.json",
        ok(ringloc(&["--format", "json", "--by-file", "--top", "0", "src"], tree.path()), 0),
    );
    tree.write("plain.json", ok(ringloc(&["--format", "json", "src"], tree.path()), 0));
    tree.write(
        "diff.json",
        ok(ringloc(&["diff", "plain.json", "plain.json", "--format", "json"], tree.path()), 0),
    );
    for (args, says) in [
        (&["merge", "cut.json"][..], "--top"),
        (&["merge", "plain.json", "--by-file"], "--by-file"),
        (&["merge", "plain.json", "--format", "sql"], "--format sql lists every file"),
        (&["merge", "plain.json", "--format", "tokei-json"], "--format tokei-json lists every file"),
        (&["merge", "plain.json", "--format", "html"], "--format html lists every file"),
        (&["merge", "plain.json", "-o", "csv:-", "-o", "html:p.html"], "--format html lists every file"),
        (&["merge", "diff.json"], "diff"),
        (&["merge", "missing.json"], "missing.json"),
        (&["diff", "plain.json", "missing.json"], "missing.json"),
    ] {
        let out = ringloc(args, tree.path());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    let nd = ok(ringloc(&["merge", "plain.json", "--format", "ndjson"], tree.path()), 0);
    assert_eq!(nd.lines().count(), 1, "without file rows, ndjson is its summary: {nd}");
    let merged = ok(ringloc(&["merge", "plain.json", "plain.json", "--format", "csv"], tree.path()), 0);
    assert!(merged.contains("total,Total,,2,2,2,0,0,14"), "{merged}");
}

#[test]
fn diff_reports_languages_and_files_in_every_format() {
    let tree = Tree::new();
    tree.write("p/a.c", "int a;\n");
    tree.write("p/b.rs", "fn b() {}\n");
    tree.write("old.json", ok(ringloc(&["--format", "json", "--by-file", "p"], tree.path()), 0));
    tree.write("old-plain.json", ok(ringloc(&["--format", "json", "p"], tree.path()), 0));
    tree.write("p/a.c", "int a;\nint b;\n");
    std::fs::remove_file(tree.path().join("p/b.rs")).unwrap();
    tree.write("new.json", ok(ringloc(&["--format", "json", "--by-file", "p"], tree.path()), 0));
    let diff =
        |format: &str, old: &str| ok(ringloc(&["diff", old, "new.json", "--format", format], tree.path()), 0);
    let table = diff("table", "old.json");
    assert!(
        table.lines().any(|l| l.split_whitespace().collect::<Vec<_>>()
            == ["p/b.rs", "Rust", "removed", "-1", "-1", "0", "0"]),
        "{table}"
    );
    let csv = diff("csv", "old.json");
    assert!(csv.contains("file,p/a.c,C,changed,0,1,1,0,0,7"), "{csv}");
    assert!(diff("markdown", "old.json").contains("| C | changed | 0 | +1 | +1 | 0 | 0 |"));
    let nd = diff("ndjson", "old.json");
    assert_eq!(nd.lines().filter(|l| l.contains(r#""type":"change""#)).count(), 2, "{nd}");
    let json: Value = serde_json::from_str(&diff("json", "old-plain.json")).unwrap();
    assert!(json.get("files").is_none(), "no file rows unless both reports have them: {json:#}");
    assert_eq!(json["total"]["change"]["code"], 0);
    assert_eq!(json["total"]["change"]["files"], -1);
    let out = ringloc(&["diff", "old.json", "new.json", "--by-dir"], tree.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("old.json: has no dirs"));
}

#[test]
fn diff_by_dir_lists_changed_directories() {
    let tree = Tree::new();
    tree.write("p/a/x.c", "int a;\n");
    tree.write("p/b/y.c", "int b;\n");
    let json = ["--format", "json", "--by-dir", "1", "p"];
    tree.write("old.json", ok(ringloc(&json, tree.path()), 0));
    tree.write("p/a/x.c", "int a;\nint c;\n");
    std::fs::remove_file(tree.path().join("p/b/y.c")).unwrap();
    tree.write("p/n/z.c", "int z;\n");
    tree.write("new.json", ok(ringloc(&json, tree.path()), 0));
    let csv = ok(ringloc(&["diff", "old.json", "new.json", "--by-dir", "--format", "csv"], tree.path()), 0);
    let dirs: Vec<&str> = csv.lines().filter(|l| l.starts_with("dir,")).collect();
    assert_eq!(
        dirs,
        ["dir,p/a,,changed,0,1,1,0,0,7", "dir,p/b,,removed,-1,-1,-1,0,0,-7", "dir,p/n,,added,1,1,1,0,0,7"],
        "{csv}"
    );
}

/// A pipe or a device may have no end: it is checked as JSON while it arrives, so `/dev/zero` or
/// an endless stream that is no report is refused at its first wrong byte, not read until memory
/// runs out (1 GB of address space here: a run that reads on says "out of memory" in seconds).
/// A report through a pipe still merges.
#[test]
fn an_endless_input_is_refused_at_its_first_wrong_byte() {
    let tree = Tree::new();
    tree.write("a.c", "int a;\n");
    for (script, why) in [
        (
            r#"ulimit -v 1000000; "$@" merge /dev/zero"#,
            "/dev/zero: not a ringloc JSON report: expected value at",
        ),
        (
            r#"ulimit -v 1000000; yes '{' | "$@" merge /dev/stdin"#,
            "/dev/stdin: not a ringloc JSON report: key must",
        ),
    ] {
        let out = in_shell(script, &[], tree.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{script}: {stderr}");
        assert!(stderr.contains(why), "{script}: {stderr}");
    }
    let piped = in_shell(r#""$@" --format json . | "$@" merge /dev/stdin --format json"#, &[], tree.path());
    let merged: Value = serde_json::from_str(&ok(piped, 0)).unwrap();
    assert_eq!(merged["total"]["code"], 1);
}

/// Whitespace is JSON, so a report followed by endless whitespace (`(cat r.json; yes ' ')`), or
/// endless whitespace alone, was read until memory ran out: a stream is refused at a run of more
/// than 64 KiB of whitespace, saying where it starts, for `merge` and `diff` alike (exit 1). A
/// report with a few blank lines after it still merges.
#[test]
fn endless_whitespace_in_a_stream_is_refused() {
    let tree = Tree::new();
    tree.write("src/a.c", "int a;\n");
    ok(ringloc(&["--format", "json", "--by-file", "-o", "r.json", "src"], tree.path()), 0);
    // The run starts with the report's own last byte, a newline.
    let end = std::fs::metadata(tree.path().join("r.json")).unwrap().len() - 1;
    let after = format!(
        "-: not a ringloc JSON report: more than 65536 bytes of whitespace in a row from byte {end}, \
         after the report's end"
    );
    for (script, why) in [
        (r#"ulimit -v 1000000; (cat r.json; yes ' ') | "$@" merge -"#, after.as_str()),
        (r#"ulimit -v 1000000; (cat r.json; yes ' ') | "$@" diff r.json -"#, after.as_str()),
        (
            r#"ulimit -v 1000000; yes ' ' | "$@" merge -"#,
            "-: not a ringloc JSON report: more than 65536 bytes of whitespace in a row from byte 0\n",
        ),
    ] {
        let out = in_shell(script, &[], tree.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{script}: {stderr}");
        assert!(stderr.contains(why), "{script}: {stderr}");
    }
    let blank_lines = r#"(cat r.json; printf '\n  \n\t\r\n') | "$@" merge - --format json"#;
    let merged: Value = serde_json::from_str(&ok(in_shell(blank_lines, &[], tree.path()), 0)).unwrap();
    assert_eq!(merged["total"]["code"], 1);
}

/// A report through a pipe is a report to `diff`, as it is to `merge`: `/dev/stdin` (or a shell's
/// `<(...)`) was taken for a revision, and the pair refused as "one of each".
#[test]
fn diff_reads_a_report_through_a_pipe() {
    let tree = Tree::new();
    tree.write("src/a.c", "int a;\n");
    ok(ringloc(&["--format", "json", "--by-file", "-o", "old.json", "src"], tree.path()), 0);
    tree.write("src/b.c", "int b;\n");
    let script = r#""$@" --format json --by-file src | "$@" diff old.json /dev/stdin --format json"#;
    let diff: Value = serde_json::from_str(&ok(in_shell(script, &[], tree.path()), 0)).unwrap();
    assert_eq!(diff["total"]["change"]["files"], 1);
    assert_eq!(diff["files"][0]["path"], "src/b.c");
    assert_eq!(diff["files"][0]["status"], "added");
}

/// `-` is standard input to `merge` and `diff`, as to `--files-from` (it read a file named `-`),
/// once per run; a byte-order mark before a report (an editor on Windows saves one) is skipped,
/// where it was refused as no JSON.
#[test]
fn a_dash_reads_standard_input_and_a_byte_order_mark_is_skipped() {
    let tree = Tree::new();
    tree.write("src/a.c", "int a;\n");
    tree.write("lib/b.py", "b = 1\n");
    ok(ringloc(&["--format", "json", "-o", "src.json", "src"], tree.path()), 0);
    let src = std::fs::read(tree.path().join("src.json")).unwrap();
    std::fs::write(tree.path().join("bom.json"), [&b"\xEF\xBB\xBF"[..], &src].concat()).unwrap();
    let whole: Value =
        serde_json::from_str(&ok(ringloc(&["--format", "json", "src", "lib"], tree.path()), 0)).unwrap();
    for script in [
        r#""$@" --format json lib | "$@" merge src.json - --format json"#,
        r#""$@" --format json lib | "$@" merge bom.json - --format json"#,
        r#"printf '\357\273\277' | cat - src.json | "$@" merge - lib.json --format json"#,
    ] {
        ok(ringloc(&["--format", "json", "-o", "lib.json", "lib"], tree.path()), 0);
        let merged: Value = serde_json::from_str(&ok(in_shell(script, &[], tree.path()), 0)).unwrap();
        assert_eq!(merged["total"], whole["total"], "{script}");
    }
    let diff = r#""$@" --format json lib | "$@" diff src.json - --format json"#;
    let diff: Value = serde_json::from_str(&ok(in_shell(diff, &[], tree.path()), 0)).unwrap();
    assert_eq!(diff["languages"].as_array().unwrap().len(), 2, "{diff}");
    for script in [r#""$@" merge - - < src.json"#, r#""$@" diff - - < src.json"#] {
        let out = in_shell(script, &[], tree.path());
        assert_eq!(out.status.code(), Some(1), "{script}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("only one report can come from standard input"));
    }
}

/// A report with `code` (and as many lines) in C, its one language.
fn report_with_code(tree: &Tree, name: &str, code: u64) {
    tree.write("one/a.c", "int a;\n");
    let mut doc: Value =
        serde_json::from_str(&ok(ringloc(&["--format", "json", "one"], tree.path()), 0)).unwrap();
    for key in ["lines", "code"] {
        doc["total"][key] = code.into();
        doc["languages"][0][key] = code.into();
    }
    tree.write(name, serde_json::to_vec(&doc).unwrap());
}

/// `diff`'s change columns are signed 64-bit: a change past 2^63 - 1 (merged reports can hold
/// sums up to 2^64) is shown capped, and a note on stderr says so; two counts past 2^63 that
/// differ by little had their change computed from capped values (0 for 5).
#[test]
fn diff_says_when_a_change_is_capped_and_is_exact_below_the_cap() {
    let tree = Tree::new();
    let big = 1u64 << 63;
    report_with_code(&tree, "small.json", 0);
    report_with_code(&tree, "huge.json", u64::MAX - 1);
    report_with_code(&tree, "big.json", big);
    report_with_code(&tree, "big5.json", big + 5);
    let diff = |old: &str, new: &str| ringloc(&["diff", old, new, "--format", "json"], tree.path());
    let out = diff("small.json", "huge.json");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let doc: Value = serde_json::from_str(&ok(out, 0)).unwrap();
    assert_eq!(doc["total"]["change"]["code"], i64::MAX, "{doc}");
    assert!(stderr.contains("past 9223372036854775807"), "{stderr}");
    let out = diff("huge.json", "small.json");
    assert!(String::from_utf8_lossy(&out.stderr).contains("capped"));
    let doc: Value = serde_json::from_str(&ok(out, 0)).unwrap();
    assert_eq!(doc["total"]["change"]["code"], -i64::MAX, "{doc}");
    let out = diff("big.json", "big5.json");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let doc: Value = serde_json::from_str(&ok(out, 0)).unwrap();
    assert_eq!(doc["total"]["change"]["code"], 5, "{doc}");
}
