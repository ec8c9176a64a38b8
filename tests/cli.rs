//! The real binary on temporary trees: output shapes, skips, and exit codes.

mod common;

use common::{json_of, ringloc, Tree};
use serde_json::Value;

fn json(args: &[&str], tree: &Tree) -> (Value, std::process::Output) {
    let out = ringloc(args, tree.path());
    (json_of(&out), out)
}

fn sample_tree() -> Tree {
    let tree = Tree::new();
    tree.write("src/main.c", "int main(void) {\n  /* hi */\n\n  return 0; // bye\n}\n");
    tree.write("src/util.h", "// header\n#define X 1\n");
    tree.write("scripts/run", "#!/bin/sh\n# comment\necho hi\n");
    tree.write("scripts/notes", "no shebang here\n");
    tree.write("data.bin.c", b"\x00\x01binary".as_slice());
    tree.write("image.png", "not counted");
    tree.write(".git/config.c", "int hidden_in_git;\n");
    tree
}

#[test]
fn table_lists_languages_and_total() {
    let tree = sample_tree();
    let out = ringloc(&[], tree.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let line =
        |name: &str| text.lines().find(|l| l.split_whitespace().next() == Some(name)).map(str::to_string);
    let c = line("C").expect("C row");
    assert_eq!(c.split_whitespace().skip(1).collect::<Vec<_>>(), ["1", "5", "3", "1", "1"]);
    assert!(line("Shell").is_some() && line("Total").is_some(), "{text}");
}

#[test]
fn json_has_totals_languages_and_files() {
    let tree = sample_tree();
    let (v, out) = json(&["--format", "json", "--by-file", "."], &tree);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(v["total"]["files"], 3, "{v:#}");
    assert_eq!(v["total"]["lines"], 10);
    assert_eq!(v["total"]["code"], 5);
    assert_eq!(v["total"]["comments"], 4);
    assert_eq!(v["total"]["blanks"], 1);
    assert_eq!(v["skipped"]["binary"], 1);
    assert_eq!(v["skipped"]["unknown"], 2, "scripts/notes and image.png");
    let files = v["files"].as_array().unwrap();
    let paths: Vec<&str> = files.iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["./scripts/run", "./src/main.c", "./src/util.h"]);
    assert_eq!(files[0]["language"], "Shell");
    assert_eq!(files[1]["comments"], 1);
    let langs: Vec<&str> =
        v["languages"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(langs, ["C", "C Header", "Shell"]);
}

#[test]
fn backends_agree_through_the_binary() {
    let tree = common::generated_tree(400, 9);
    let (sync, _) = json(&["--format", "json", "--by-file", "--backend", "sync"], &tree);
    let (auto, _) = json(&["--format", "json", "--by-file", "-j", "3"], &tree);
    assert_eq!(sync, auto);
}

#[test]
fn missing_path_is_reported_and_the_rest_is_counted() {
    let tree = sample_tree();
    let (v, out) = json(&["--format", "json", "no/such/dir", "src"], &tree);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no/such/dir"), "{stderr}");
    assert_eq!(v["total"]["files"], 2);
    assert_eq!(v["errors"][0]["path"], "no/such/dir");
}

#[test]
fn a_file_argument_is_counted_alone() {
    let tree = sample_tree();
    let (v, out) = json(&["--format", "json", "src/main.c"], &tree);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(v["total"]["files"], 1);
    assert_eq!(v["total"]["code"], 3);
}

#[test]
fn fifo_and_symlinks_are_never_opened() {
    let tree = sample_tree();
    let fifo = tree.path().join("src/pipe.c");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    std::os::unix::fs::symlink(tree.path().join("src/main.c"), tree.path().join("src/link.c")).unwrap();
    std::os::unix::fs::symlink(tree.path(), tree.path().join("src/loop")).unwrap();
    let (v, out) = json(&["--format", "json", "."], &tree);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(v["total"]["files"], 3);
}

#[test]
fn usage_errors_exit_1_and_help_exits_0() {
    let tree = Tree::new();
    assert_eq!(ringloc(&["--no-such-flag"], tree.path()).status.code(), Some(1));
    assert_eq!(ringloc(&["--backend", "nope"], tree.path()).status.code(), Some(1));
    let help = ringloc(&["--help"], tree.path());
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("Exit codes"));
}

#[test]
fn count_none_reads_every_file_and_classifies_nothing() {
    let tree = common::generated_tree(200, 3);
    let (full, _) = json(&["--format", "json"], &tree);
    let (floor, out) = json(&["--format", "json", "--count", "none"], &tree);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(floor["total"]["files"], full["total"]["files"]);
    assert_eq!(floor["total"]["bytes"], full["total"]["bytes"]);
    assert_eq!(floor["total"]["lines"], 0);
}

#[test]
fn explain_gives_every_line_a_bucket_that_adds_up_to_the_count() {
    let tree = sample_tree();
    let (count, _) = json(&["--format", "json", "src/main.c"], &tree);
    let (per_line, out) = json(&["explain", "src/main.c", "--format", "json"], &tree);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(per_line["format"], 1);
    assert_eq!(per_line["lines"], count["total"]["lines"]);
    for bucket in ["code", "comments", "blanks"] {
        assert_eq!(per_line["buckets"][bucket], count["total"][bucket], "{bucket}");
    }
    let lines = per_line["per_line"].as_array().unwrap();
    assert_eq!(lines[1]["bucket"], "comments");
    assert_eq!(lines[1]["span"]["kind"], "block-comment");
    let table = ringloc(&["explain", "src/main.c"], tree.path());
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(text.lines().nth(2).is_some_and(|l| l.contains("comments") && l.contains("/* hi */")), "{text}");
    let unknown = ringloc(&["explain", "scripts/notes"], tree.path());
    assert_eq!(unknown.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("--language"));
    let forced = ringloc(&["explain", "scripts/notes", "--language", "Python"], tree.path());
    assert_eq!(forced.status.code(), Some(0));
}

/// `explain`'s table gave the reason a fixed width of 50 and the language 12: a reason quoting
/// `"""` (escaped to `"\"\"\""`) and a language such as NASM Assembly ran past them and pushed
/// that line's source to the right. Every line's source starts where the header's `source` does.
#[test]
fn explain_lines_up_the_source_column() {
    let tree = Tree::new();
    tree.write("a.py", "def f():\n    \"\"\"doc\"\"\"\n    return 1\n");
    tree.write("a.asm", "; boot\nmov ax, 1\n");
    for (file, lines) in [
        ("a.py", &["def f():", "    \"\"\"doc\"\"\"", "    return 1"][..]),
        ("a.asm", &["; boot", "mov ax, 1"]),
    ] {
        let out = ringloc(&["explain", file], tree.path());
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8(out.stdout).unwrap();
        let mut rows = text.lines();
        let column = rows.next().and_then(|header| header.find("source")).expect("a header");
        let sources: Vec<String> = rows.map(|row| row.chars().skip(column).collect()).collect();
        assert_eq!(sources, lines, "{text}");
    }
}

/// `text` as UTF-16 with a byte-order mark, little- or big-endian.
fn utf16(text: &str, little: bool) -> Vec<u8> {
    let bytes = |u: u16| if little { u.to_le_bytes() } else { u.to_be_bytes() };
    std::iter::once(0xFEFF).chain(text.encode_utf16()).flat_map(bytes).collect()
}

/// `explain` reads a UTF-16 file as counting does, transcoded: it explained the raw bytes (4 code
/// lines for 3 lines of a comment, code and a blank), and a mark alone as a line of code.
#[test]
fn explain_counts_utf16_files_as_counting_does() {
    let tree = Tree::new();
    let text = "// c\nint x;\n\n";
    // Long enough to be read in several chunks, with pairs of surrogates across their ends.
    let long = "/* \u{1F600} */ int a; // \u{e9}\n\n".repeat(9000);
    let mut odd = utf16(text, true);
    odd.push(b'x');
    let files = [
        ("le.c", utf16(text, true)),
        ("be.c", utf16(text, false)),
        ("odd.c", odd),
        ("mark.c", utf16("", true)),
        ("long.c", utf16(&long, true)),
        ("long_be.c", utf16(&long, false)),
    ];
    for (name, bytes) in &files {
        tree.write(name, bytes);
        let (count, _) = json(&["--format", "json", name], &tree);
        let (per_line, out) = json(&["explain", name, "--format", "json"], &tree);
        assert_eq!(out.status.code(), Some(0), "{name}");
        assert_eq!(per_line["lines"], count["total"]["lines"], "{name}");
        for bucket in ["code", "comments", "blanks"] {
            assert_eq!(per_line["buckets"][bucket], count["total"][bucket], "{name}: {bucket}");
        }
    }
    let (le, _) = json(&["--format", "json", "le.c"], &tree);
    assert_eq!((le["total"]["code"].as_u64(), le["total"]["comments"].as_u64()), (Some(1), Some(1)));
}

/// `explain` decided a file's language from its first 8000 bytes, counting from its first read:
/// a `.h` whose first C++ came after 8000 bytes was explained as C and counted as C++.
#[test]
fn explain_decides_the_language_from_the_head_counting_reads() {
    let tree = Tree::new();
    let declarations: String = (0..1000).map(|i| format!("int var_{i};\n")).collect();
    assert!((8000..16 * 1024).contains(&declarations.len()), "{}", declarations.len());
    tree.write("late.h", format!("{declarations}namespace ns {{\n}}\n"));
    let (count, _) = json(&["--format", "json", "--by-file", "late.h"], &tree);
    assert_eq!(count["files"][0]["language"], "C++ Header", "{count:#}");
    let (per_line, out) = json(&["explain", "late.h", "--format", "json"], &tree);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(per_line["per_line"][0]["language"], "C++ Header");
}

#[test]
fn embedded_languages_are_listed_under_the_file_language_and_survive_merge() {
    let tree = Tree::new();
    tree.write("page.html", "<html>\n<script>\nvar x = 1; // c\n</script>\n<!-- note -->\n</html>\n");
    let (v, out) = json(&["--format", "json", "."], &tree);
    assert_eq!(out.status.code(), Some(0));
    let html = &v["languages"][0];
    assert_eq!(html["name"], "HTML");
    assert_eq!(html["lines"], 6);
    let js = &html["embedded"][0];
    assert_eq!(
        (js["name"].as_str(), js["lines"].as_u64(), js["code"].as_u64()),
        (Some("JavaScript"), Some(1), Some(1))
    );
    std::fs::write(tree.path().join("a.json"), &out.stdout).unwrap();
    let (merged, out) = json(&["merge", "a.json", "a.json", "--format", "json"], &tree);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(merged["languages"][0]["embedded"][0]["lines"], 2);
}

#[test]
fn languages_lists_the_table() {
    let out = ringloc(&["--languages"], Tree::new().path());
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() >= 200, "{text}");
    let c = text.lines().find(|l| l.starts_with("C ")).expect("C");
    assert!(c.contains(".c"), "{c}");
    assert!(text.lines().any(|l| l.starts_with("Makefile") && l.contains("GNUmakefile")));
}

/// `--languages` left out every extension two languages share (C Header, Objective-C and MATLAB
/// had none, Perl only `Makefile.PL`, F# no `.fs`) and the name prefixes (Kconfig had nothing):
/// each is listed under every language it can be, a shared one marked. A whole name that starts
/// with a dot (`.bashrc`) is marked too, or it would read as an extension.
#[test]
fn languages_lists_shared_extensions_and_name_prefixes() {
    let out = ringloc(&["--languages"], Tree::new().path());
    let text = String::from_utf8(out.stdout).unwrap();
    let names = |language: &str| -> Vec<String> {
        let line = text.lines().find(|l| l.get(..25).is_some_and(|head| head.trim_end() == language));
        let line = line.unwrap_or_else(|| panic!("{language} is not listed"));
        let marked = line[25..].replace(" (shared)", "(shared)").replace(" (name)", "(name)");
        marked.split(' ').map(str::to_string).collect()
    };
    for (language, listed) in [
        ("C Header", &[".h(shared)", ".inc(shared)"][..]),
        ("C++ Header", &[".hpp", ".h(shared)"]),
        ("Objective-C", &[".h(shared)", ".m(shared)"]),
        ("MATLAB", &[".m(shared)"]),
        ("Perl", &[".pl(shared)", ".pm(shared)", "Makefile.PL"]),
        ("TypeScript", &[".tsx", ".ts(shared)"]),
        ("NASM Assembly", &[".nasm", ".asm(shared)"]),
        ("Assembly", &[".S", ".asm(shared)"]),
        ("F#", &[".fsi", ".fs(shared)"]),
        ("Coq", &[".v(shared)"]),
        ("Puppet", &[".pp(shared)"]),
        ("Kconfig", &["Kconfig*"]),
        ("Dockerfile", &["Dockerfile", "Dockerfile.*"]),
        ("Shell", &[".sh", ".bashrc(name)", ".zshrc(name)"]),
    ] {
        let found = names(language);
        for name in listed {
            assert!(found.iter().any(|f| f == name), "{language}: {name} not in {found:?}");
        }
    }
}

/// `explain` follows the counting rules: it hung on a FIFO, read a 5 GiB sparse file whole, and
/// explained a binary file line by line. Each is now a clear error, at once.
#[test]
fn explain_refuses_what_counting_skips() {
    let tree = Tree::new();
    assert!(std::process::Command::new("mkfifo").arg(tree.path().join("fifo.c")).status().unwrap().success());
    std::fs::File::create(tree.path().join("huge.c")).unwrap().set_len(5 << 30).unwrap();
    tree.write("binary.c", b"int a;\0\x01\x02\n".as_slice());
    for (file, says) in [("fifo.c", "not a regular file"), ("huge.c", "too large"), ("binary.c", "binary")] {
        let start = std::time::Instant::now();
        let out = ringloc(&["explain", file], tree.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{file}: {stderr}");
        assert!(stderr.contains(says), "{file}: {stderr}");
        assert!(start.elapsed() < std::time::Duration::from_secs(10), "{file} took {:?}", start.elapsed());
    }
}

/// A capital `.C` is C++ and `.H` a C++ Header, as GCC takes them; they were C and C Header, by
/// the fall back to lower case that other capitals (`.PY`, `.Cpp`) still take. `.c` and `.h` are
/// unchanged.
#[test]
fn a_capital_c_or_h_is_cpp() {
    let tree = Tree::new();
    for name in ["foo.C", "foo.H", "bar.c", "bar.h", "MAIN.PY", "baz.Cpp"] {
        tree.write(name, "int a;\n");
    }
    let doc = json_of(&ringloc(&["--format", "json", "--by-file", "."], tree.path()));
    let languages: Vec<(&str, &str)> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["path"].as_str().unwrap(), f["language"].as_str().unwrap()))
        .collect();
    assert_eq!(
        languages,
        [
            ("./MAIN.PY", "Python"),
            ("./bar.c", "C"),
            ("./bar.h", "C Header"),
            ("./baz.Cpp", "C++"),
            ("./foo.C", "C++"),
            ("./foo.H", "C++ Header")
        ]
    );
}

/// A tree with a `--lang-def` file defining Zed, a Zed file and a C file named `.foo`.
fn defined_tree() -> Tree {
    let tree = Tree::new();
    let zed = "[[language]]\nname = \"Zed\"\nextensions = [\"zed\"]\nline_comments = [\"--\"]\nblock_comments = [[\"{-\", \"-}\"]]\n";
    tree.write("defs.toml", zed);
    tree.write("src/a.zed", "-- c\nx\n{- b\n -}\n\n");
    tree.write("src/b.foo", "// c\nint x;\n");
    tree
}

/// A language's row of a JSON report.
fn language<'a>(v: &'a Value, name: &str) -> &'a Value {
    v["languages"].as_array().and_then(|all| all.iter().find(|l| l["name"] == name)).unwrap_or(&Value::Null)
}

fn stderr_of(args: &[&str], tree: &Tree) -> (Option<i32>, String) {
    let out = ringloc(args, tree.path());
    (out.status.code(), String::from_utf8_lossy(&out.stderr).trim_end().to_string())
}

#[test]
fn a_defined_language_is_counted_and_named_in_json_and_ndjson() {
    let tree = defined_tree();
    let (v, _) = json(&["--lang-def", "defs.toml", "--format", "json", "src"], &tree);
    assert_eq!(language(&v, "Zed")["comments"], 3, "{v:#}");
    let out = ringloc(&["--lang-def", "defs.toml", "--format", "ndjson", "src"], tree.path());
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(r#""language":"Zed","lines":5,"code":1,"comments":3"#)
    );
}

#[test]
fn a_defined_language_is_listed_and_selected_by_name() {
    let tree = defined_tree();
    let listed = ringloc(&["--lang-def", "defs.toml", "--languages"], tree.path());
    assert!(String::from_utf8_lossy(&listed.stdout).lines().any(|l| l == "Zed                      .zed"));
    let (v, _) = json(&["--lang-def", "defs.toml", "-t", "zed", "--format", "json", "src"], &tree);
    assert_eq!(v["total"]["files"], 1, "{v:#}");
}

/// An extension a definition or `--map-ext` takes is listed under its new language only.
#[test]
fn an_extension_taken_from_a_built_in_is_listed_under_its_taker_alone() {
    let tree = defined_tree();
    tree.write("foo.toml", "[[language]]\nname = \"Foo\"\nextensions = [\"c\"]\n");
    let line = |args: &[&str], name: &str| {
        let out = ringloc(&[args, &["--languages"]].concat(), tree.path());
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.lines().find(|l| l.split("  ").next() == Some(name)).map(str::to_owned).unwrap_or_default()
    };
    assert_eq!(line(&[], "C"), "C                        .c .uc (shared)");
    assert_eq!(line(&["--lang-def", "foo.toml"], "C"), "C                        .uc (shared)");
    assert_eq!(line(&["--lang-def", "foo.toml"], "Foo"), "Foo                      .c");
    assert_eq!(line(&["--map-ext", "h=Rust"], "C Header"), "C Header                 .inc (shared)");
    assert_eq!(line(&["--map-ext", "h=Rust"], "Rust"), "Rust                     .rs .h");
}

#[test]
fn a_mapped_extension_counts_as_its_language() {
    let tree = defined_tree();
    let (v, _) = json(&["--map-ext", ".foo=C", "--format", "json", "src"], &tree);
    assert_eq!(language(&v, "C")["code"], 1, "{v:#}");
}

/// scc's `--count-as`: pairs separated by commas, a language named by its name, in any case, or
/// by one of its extensions (scc's own example: `jsp:htm,chead:"C Header"`).
#[test]
fn count_as_maps_extensions_as_scc_does() {
    let tree = Tree::new();
    tree.write("page.jsp", "<p>hi</p>\n<!-- note -->\n");
    tree.write("x.chead", "int x; // y\n");
    tree.write("y.foo", "x = 1\n");
    let (v, _) = json(
        &["--count-as", "jsp:htm,chead:C Header", "--count-as", "foo:PYTHON", "--format", "json", "."],
        &tree,
    );
    assert_eq!(language(&v, "HTML")["comments"], 1, "{v:#}");
    assert_eq!(language(&v, "C Header")["code"], 1, "{v:#}");
    assert_eq!(language(&v, "Python")["code"], 1, "{v:#}");
    let out = ringloc(&["--count-as", "jsp", "."], tree.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'jsp' is not EXT:LANG"), "{out:?}");
}

#[test]
fn a_built_in_replaced_counts_with_its_new_syntax() {
    let tree = defined_tree();
    tree.write("c.toml", "[[language]]\nname = \"c\"\nextensions = [\"c\"]\nline_comments = [\"#\"]\n");
    tree.write("m.c", "# note\n// code now\n");
    let (v, _) = json(&["--lang-def", "c.toml", "--format", "json", "m.c"], &tree);
    let c = language(&v, "c");
    assert_eq!((c["comments"].as_u64(), c["code"].as_u64()), (Some(1), Some(1)), "{v:#}");
}

#[test]
fn explain_reads_a_defined_language() {
    let tree = defined_tree();
    let out = ringloc(&["--lang-def", "defs.toml", "explain", "src/a.zed"], tree.path());
    assert!(String::from_utf8_lossy(&out.stdout).contains("comments  Zed"), "{out:?}");
}

#[test]
fn definitions_refused_name_the_file_the_language_and_the_field() {
    let tree = defined_tree();
    tree.write("empty.toml", "[[language]]\nname = \"Q\"\nline_comments = [\"\"]\n");
    tree.write("unknown.toml", "[[language]]\nname = \"Q\"\ncolour = 1\n");
    tree.write("embed.toml", "[[language]]\nname = \"Q\"\nembed = \"html\"\n");
    tree.write("twice.toml", "[[language]]\nname = \"Q\"\nextensions = [\"q\"]\n[[language]]\nname = \"R\"\nextensions = [\"q\"]\n");
    let refused = |args: &[&str]| stderr_of(&[args, &["src"]].concat(), &tree);
    assert_eq!(
        refused(&["--lang-def", "empty.toml"]),
        (Some(1), "ringloc: empty.toml: language Q: line_comments: marker \"\" must be 1..=15 bytes".into())
    );
    assert!(refused(&["--lang-def", "unknown.toml"])
        .1
        .starts_with("ringloc: unknown.toml: line 3: unknown field `colour`"));
    assert_eq!(refused(&["--lang-def", "embed.toml"]).1, "ringloc: embed.toml: language Q: embed \"html\": not supported at run time (only the built-in pages embed: html, php, markdown)");
    assert_eq!(
        refused(&["--lang-def", "twice.toml"]).1,
        "ringloc: twice.toml: language R: extensions: \"q\" is claimed by Q too"
    );
    assert_eq!(
        refused(&["--lang-def", "none.toml"]).1,
        "ringloc: --lang-def none.toml: No such file or directory (os error 2)"
    );
    assert_eq!(
        refused(&["--map-ext", "inc=Klingon"]),
        (Some(1), "ringloc: --map-ext inc=Klingon: no language \"Klingon\" (see --languages)".into())
    );
    assert_eq!(refused(&["--map-ext", "inc"]).0, Some(1));
}
