//! What users of ripgrep, tokei and scc expect of a command line, through the real binary: options
//! before a subcommand, `-t` aliases, colour switches, escaped names, and clear notes.

mod common;

use std::process::{Command, Output};

use common::{json_of, ringloc, Tree};
use unicode_width::UnicodeWidthStr;

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The binary with `env` set on top of the test's own environment, stdout a pipe.
fn ringloc_env(args: &[&str], tree: &Tree, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ringloc"));
    common::no_config_file(&mut command)
        .args(args)
        .current_dir(tree.path())
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE");
    command.envs(env.iter().copied()).output().expect("run ringloc")
}

/// The binary with stdout on a terminal: util-linux's `script` gives it a pseudo-terminal.
fn on_a_terminal(args: &str, tree: &Tree, term: &str) -> String {
    let line = format!("{} {args}", env!("CARGO_BIN_EXE_ringloc"));
    let out = common::no_config_file(&mut Command::new("script"))
        .args(["-qec", &line, "/dev/null"])
        .current_dir(tree.path())
        .env("TERM", term)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect(
            "`script` (util-linux, Debian package bsdutils; .ci/run installs it) gives ringloc a terminal",
        );
    assert!(out.status.success(), "script: {}", stderr(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn two_languages() -> Tree {
    let tree = Tree::new();
    tree.write("sub/a.py", "x = 1\n# note\n");
    tree.write("sub/B.c", "int b;\n\nint c;\n");
    tree.write("sub/c.c", "int c;\n");
    tree
}

#[test]
fn options_before_a_subcommand_are_its_options() {
    let tree = two_languages();
    std::fs::write(tree.path().join("r.json"), ringloc(&["--format", "json", "sub"], tree.path()).stdout)
        .unwrap();
    let after = ringloc(&["merge", "r.json", "r.json", "--format", "json"], tree.path());
    let before = ringloc(&["--format", "json", "merge", "r.json", "r.json"], tree.path());
    assert_eq!(before.status.code(), Some(0), "{}", stderr(&before));
    assert_eq!(json_of(&before), json_of(&after));
    let wrong = ringloc(&["--hidden", "merge", "r.json"], tree.path());
    assert_eq!(wrong.status.code(), Some(1));
    assert!(
        stderr(&wrong).contains("'--hidden'") && stderr(&wrong).contains("ringloc merge"),
        "{}",
        stderr(&wrong)
    );
}

#[test]
fn type_takes_aliases_and_suggests_a_name() {
    let tree = two_languages();
    tree.write("run.sh", "echo hi\n");
    let v = json_of(&ringloc(&["--format", "json", "-t", "py,sh"], tree.path()));
    let names: Vec<&str> =
        v["languages"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Python", "Shell"]);
    let typo = ringloc(&["-t", "pyhton"], tree.path());
    assert_eq!(typo.status.code(), Some(1));
    assert!(
        stderr(&typo).contains("did you mean 'Python'") && stderr(&typo).contains("--languages"),
        "{}",
        stderr(&typo)
    );
}

/// `-t asm`, `-t fs`, `-t m` and `-t pm` were unknown languages: an extension two languages share
/// that no name or alias claims selects every language its files can be, while an alias names its
/// own language alone (`-t h` is C Header, not C++ Header).
#[test]
fn type_takes_shared_extensions() {
    let tree = Tree::new();
    tree.write("boot.asm", "; boot\nmov ax, 1\n");
    tree.write("shader.asm", "/* gpu */\ns_mov_b32 s0, 1\n");
    tree.write("gnu.S", "mov %eax, %ebx\n");
    tree.write("app.fs", "let x = 1\n");
    tree.write("frag.fs", "#version 330 core\n");
    tree.write("f.m", "function y = f(x)\n");
    tree.write("Foo.pm", "package Foo;\n");
    tree.write("vec.h", "namespace ns {\n}\n");
    tree.write("list.h", "#define X 1\n");
    let selected = |types: &str| -> Vec<(String, u64)> {
        let out = ringloc(&["--format", "json", "-t", types], tree.path());
        assert_eq!(out.status.code(), Some(0), "-t {types}: {}", stderr(&out));
        let v = json_of(&out);
        let languages = v["languages"].as_array().unwrap().iter();
        let mut found: Vec<_> = languages
            .map(|l| (l["name"].as_str().unwrap().to_string(), l["files"].as_u64().unwrap()))
            .collect();
        found.sort();
        found
    };
    let owned = |pairs: &[(&str, u64)]| pairs.iter().map(|&(n, f)| (n.to_string(), f)).collect::<Vec<_>>();
    assert_eq!(selected("asm"), owned(&[("Assembly", 2), ("NASM Assembly", 1)]));
    assert_eq!(selected("fs"), owned(&[("F#", 1), ("GLSL", 1)]));
    assert_eq!(selected("m"), owned(&[("MATLAB", 1)]));
    assert_eq!(selected("pm"), owned(&[("Perl", 1)]));
    assert_eq!(selected("h"), owned(&[("C Header", 1)]));
    let explain = ringloc(&["explain", "boot.asm", "--language", "asm"], tree.path());
    assert_eq!(explain.status.code(), Some(1));
    assert!(stderr(&explain).contains("NASM Assembly, Assembly"), "{}", stderr(&explain));
}

#[test]
fn explain_language_takes_what_type_takes() {
    let tree = two_languages();
    tree.write("a.h", "int x;\n");
    let aliased =
        json_of(&ringloc(&["explain", "a.h", "--language", "cpp", "--format", "json"], tree.path()));
    assert_eq!(aliased["per_line"][0]["language"], "C++", "{aliased}");
    let typo = ringloc(&["explain", "a.h", "--language", "pyhton"], tree.path());
    assert_eq!(typo.status.code(), Some(1));
    let typed = ringloc(&["-t", "pyhton"], tree.path());
    assert_eq!(stderr(&typo), stderr(&typed), "the same message as -t's");
}

#[test]
fn colour_follows_the_flag_then_the_environment() {
    let tree = two_languages();
    let coloured = |out: Output| String::from_utf8_lossy(&out.stdout).contains("\x1b[");
    assert!(!coloured(ringloc_env(&[], &tree, &[])));
    assert!(coloured(ringloc_env(&["--color", "always"], &tree, &[("NO_COLOR", "1")])));
    assert!(coloured(ringloc_env(&[], &tree, &[("CLICOLOR_FORCE", "1")])));
    assert!(!coloured(ringloc_env(&[], &tree, &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")])));
    assert!(!coloured(ringloc_env(&["--color", "never"], &tree, &[("CLICOLOR_FORCE", "1")])));
    assert!(on_a_terminal("", &tree, "xterm").contains("\x1b["));
    assert!(!on_a_terminal("", &tree, "dumb").contains("\x1b["));
}

#[test]
fn control_characters_in_names_are_escaped_in_tables() {
    let tree = Tree::new();
    tree.write("red\x1b[31m.c", "int x;\n");
    tree.write("two\nlines.c", "int y;\n");
    let out = ringloc(&["--by-file"], tree.path());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("red\\x1B[31m.c") && text.contains("two\\x0Alines.c"), "{text}");
    assert!(!text.contains('\x1b'), "{text}");
}

/// A bidirectional override in a name would show the rest of its row, counts included, reversed;
/// a line separator could start a false row.
#[test]
fn bidirectional_overrides_in_names_are_escaped_in_tables_and_markdown() {
    let tree = Tree::new();
    tree.write("x\u{202E}yp.c", "int x;\n");
    tree.write("s\u{2028}ep.c", "int y;\n");
    for format in ["table", "markdown"] {
        let out = ringloc(&["--by-file", "--format", format], tree.path());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("u{202E}yp.c") && text.contains("u{2028}ep.c"), "{text}");
        assert!(!text.contains(['\u{202E}', '\u{2028}']), "{text}");
    }
}

/// Each cell of a table row (a run of text between spaces) as the terminal columns it starts and
/// ends at.
fn cells_at(row: &str) -> Vec<(usize, usize)> {
    let column = |byte: usize| UnicodeWidthStr::width(&row[..byte]);
    let mut cells = Vec::new();
    let mut start = None;
    for (byte, c) in row.char_indices().chain([(row.len(), ' ')]) {
        match (c == ' ', start) {
            (false, None) => start = Some(byte),
            (true, Some(from)) => {
                cells.push((column(from), column(byte)));
                start = None;
            }
            _ => {}
        }
    }
    cells
}

/// Names with wide (CJK), combining and zero-width characters, or an escaped override, keep every
/// column after them in line: padded by characters, a row with `数据.c` was a column short per
/// wide character and one with `cafe\u{301}.c` a column long, in `--by-file` and `--by-dir`.
#[test]
fn columns_line_up_after_wide_combining_and_zero_width_names() {
    let tree = Tree::new();
    let names = ["数据.c", "cafe\u{301}.c", "zero\u{200B}width.py", "目录/表.c", "x\u{202E}y.c", "plain.c"];
    for name in names {
        tree.write(name, "int a;\n");
    }
    // The file grid has two columns of names (left-aligned), the directory grid one.
    for (args, names_columns, rows) in [(&["--by-file"][..], 2, 7), (&["--by-dir", "1"], 1, 3)] {
        let out = ringloc(args, tree.path());
        let text = String::from_utf8(out.stdout).unwrap();
        let grid = text.split("\n\n").last().unwrap();
        let rows_cells: Vec<Vec<(usize, usize)>> =
            grid.lines().filter(|line| !line.starts_with('-')).map(cells_at).collect();
        assert_eq!(rows_cells.len(), rows, "{text}");
        let layout = |cells: &[(usize, usize)]| -> Vec<usize> {
            let starts = cells[1..names_columns].iter().map(|&(start, _)| start);
            starts.chain(cells[names_columns..].iter().map(|&(_, end)| end)).collect()
        };
        for cells in &rows_cells {
            assert_eq!(layout(cells), layout(&rows_cells[0]), "{args:?}:\n{text}");
        }
    }
}

#[test]
fn diff_matches_paths_however_the_root_was_written() {
    let tree = two_languages();
    for (name, root) in [("old.json", "./sub"), ("new.json", "sub")] {
        let out = ringloc(&["--format", "json", "--by-file", root], tree.path());
        std::fs::write(tree.path().join(name), out.stdout).unwrap();
    }
    let v = json_of(&ringloc(&["diff", "old.json", "new.json", "--format", "json"], tree.path()));
    assert_eq!(v["files"], serde_json::json!([]), "{v:#}");
}

#[test]
fn an_exclude_that_matched_nothing_is_noted() {
    let tree = two_languages();
    let out = ringloc(&["--exclude", "*.c", "--exclude", "nothing-here"], tree.path());
    assert_eq!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("--exclude 'nothing-here' matched nothing"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("'*.c'"), "{}", stderr(&out));
}

#[test]
fn top_keeps_the_largest_files_and_name_order_ignores_case() {
    let tree = two_languages();
    tree.write("z.c", "int z;\nint y;\nint x;\n");
    let v = json_of(&ringloc(&["--format", "json", "--by-file", "--top", "1"], tree.path()));
    assert_eq!(v["files"][0]["path"], "./z.c", "{v:#}");
    std::fs::remove_file(tree.path().join("z.c")).unwrap();
    let v = json_of(&ringloc(&["--format", "json", "--by-file", "--sort", "name"], tree.path()));
    let paths: Vec<&str> =
        v["files"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["./sub/a.py", "./sub/B.c", "./sub/c.c"]);
}

#[test]
fn a_named_file_that_is_not_counted_says_why() {
    let tree = two_languages();
    tree.write("notes.xyz", "just words\n");
    let out = ringloc(&["notes.xyz", "sub/c.c"], tree.path());
    assert_eq!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("notes.xyz: skipped: language unknown"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("c.c"), "{}", stderr(&out));
}

#[test]
fn a_named_file_a_filter_leaves_out_says_which() {
    let tree = two_languages();
    tree.write("run", "#!/usr/bin/env python3\nx = 1\n");
    let cases: [(&[&str], &str); 6] = [
        (&["-t", "python", "sub/a.py", "sub/c.c"], "sub/c.c: skipped: left out by -t"),
        (&["--include-ext", "py", "sub/a.py", "sub/c.c"], "sub/c.c: skipped: left out by --include-ext"),
        (&["--exclude-ext", "c", "sub/a.py", "sub/c.c"], "sub/c.c: skipped: left out by --exclude-ext"),
        (&["-t", "c", "run", "sub/c.c"], "run: skipped: its content names a language -t leaves out"),
        (
            &["--exclude-lang", "py", "run", "sub/c.c"],
            "run: skipped: its content names a language --exclude-lang leaves out",
        ),
        (
            &["-t", "c,py", "--exclude-lang", "c", "sub/a.py", "sub/c.c"],
            "sub/c.c: skipped: left out by -t and --exclude-lang",
        ),
    ];
    for (args, note) in cases {
        let out = ringloc(args, tree.path());
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(stderr(&out).lines().collect::<Vec<_>>(), [format!("ringloc: {note}")], "{args:?}");
    }
}

#[test]
fn merge_refuses_reports_that_do_not_add_up_or_overflow() {
    let tree = two_languages();
    let report = String::from_utf8(ringloc(&["--format", "json", "sub"], tree.path()).stdout).unwrap();
    let v: serde_json::Value = serde_json::from_str(&report).unwrap();
    let total = v["total"]["code"].as_u64().unwrap();
    let edited = report.replacen(&format!("\"code\": {total}"), &format!("\"code\": {}", total + 1), 1);
    std::fs::write(tree.path().join("edited.json"), edited).unwrap();
    let out = ringloc(&["merge", "edited.json"], tree.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("edited.json: total: lines"), "{}", stderr(&out));
    let big = u64::MAX / 2 + 1;
    let mut huge = v.clone();
    for pointer in ["/total", "/languages/0"] {
        let row = huge.pointer_mut(pointer).unwrap();
        row["blanks"] = (row["blanks"].as_u64().unwrap() + big).into();
        row["lines"] = (row["lines"].as_u64().unwrap() + big).into();
    }
    std::fs::write(tree.path().join("huge.json"), huge.to_string()).unwrap();
    assert_eq!(ringloc(&["merge", "huge.json"], tree.path()).status.code(), Some(0));
    let out = ringloc(&["merge", "huge.json", "huge.json"], tree.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("huge.json: the merged counts would pass 2^64"), "{}", stderr(&out));
}

#[test]
fn by_file_lists_flagged_and_skipped_files_and_merge_keeps_them() {
    let tree = Tree::new();
    tree.write("gen.c", "// Code generated by hand. DO NOT EDIT.\nint x;\n");
    tree.write("plain.c", "int y;\n");
    tree.write("blob.c", b"\x00\x01".as_slice());
    tree.write("notes", "no shebang, no extension\n");
    let out = ringloc(&["--format", "json", "--by-file", "."], tree.path());
    let v = json_of(&out);
    assert_eq!(v["files"][0]["flags"], serde_json::json!(["generated"]), "{v:#}");
    assert_eq!(v["files"][1].get("flags"), None, "{v:#}");
    let skipped = serde_json::json!([
        { "path": "./blob.c", "reason": "binary" },
        { "path": "./notes", "reason": "unknown" }
    ]);
    assert_eq!(v["skipped_files"], skipped);
    std::fs::write(tree.path().join("r.json"), &out.stdout).unwrap();
    let merged = json_of(&ringloc(&["merge", "r.json", "--by-file", "--format", "json"], tree.path()));
    assert_eq!((&merged["files"], &merged["skipped_files"]), (&v["files"], &skipped));
    let table = String::from_utf8(ringloc(&["--by-file", "."], tree.path()).stdout).unwrap();
    assert!(
        table.contains("C (generated)")
            && table.lines().any(|l| l.contains("./notes") && l.contains("unknown"))
    );
}
