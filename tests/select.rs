//! What gets counted: hidden names, ignore files (git's only inside a work tree), and the filters.

mod common;

use common::{file_paths, ringloc, run_json, Tree};
use serde_json::Value;

/// Paths of the counted files, relative to the tree, as the binary reports them.
fn counted(tree: &Tree, args: &[&str]) -> Vec<String> {
    let (v, out) = run_json(args, tree.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    file_paths(&v).into_iter().map(|p| p.trim_start_matches("./").to_string()).collect()
}

fn repo() -> Tree {
    let tree = Tree::new();
    std::fs::create_dir(tree.path().join(".git")).unwrap();
    tree.write(".gitignore", "*.gen.c\n!keep.gen.c\nbuild/\n/top.c\n");
    tree.write("a.c", "x;\n");
    tree.write("b.gen.c", "x;\n");
    tree.write("keep.gen.c", "x;\n");
    tree.write("top.c", "x;\n");
    tree.write("sub/top.c", "x;\n");
    tree.write("build/out.c", "x;\n");
    tree.write("sub/build", "not a dir: kept? no, unknown extension\n");
    tree.write("sub/.hidden.c", "x;\n");
    tree.write(".config/x.c", "x;\n");
    tree
}

#[test]
fn gitignore_rules_apply_inside_a_work_tree() {
    let tree = repo();
    assert_eq!(counted(&tree, &[]), ["a.c", "keep.gen.c", "sub/top.c"]);
}

#[test]
fn hidden_and_no_ignore_flags() {
    let tree = repo();
    assert_eq!(
        counted(&tree, &["--hidden"]),
        [".config/x.c", "a.c", "keep.gen.c", "sub/.hidden.c", "sub/top.c"]
    );
    assert_eq!(
        counted(&tree, &["--no-ignore"]),
        ["a.c", "b.gen.c", "build/out.c", "keep.gen.c", "sub/top.c", "top.c"]
    );
}

#[test]
fn gitignore_outside_a_work_tree_is_ignored_unless_asked() {
    let tree = Tree::new();
    tree.write(".gitignore", "/*\n");
    tree.write("a.c", "x;\n");
    tree.write("d/b.c", "x;\n");
    assert_eq!(counted(&tree, &[]), ["a.c", "d/b.c"]);
    assert!(counted(&tree, &["--no-require-git"]).is_empty());
}

#[test]
fn dot_ignore_and_ringlocignore_apply_everywhere() {
    let tree = Tree::new();
    tree.write(".ignore", "vendor/\n");
    tree.write("src/.ringlocignore", "*.h\n");
    tree.write("vendor/v.c", "x;\n");
    tree.write("src/a.c", "x;\n");
    tree.write("src/a.h", "x;\n");
    tree.write("b.h", "x;\n");
    assert_eq!(counted(&tree, &[]), ["b.h", "src/a.c"]);
}

/// scc's `--no-gitignore` (ripgrep's and tokei's `--no-ignore-vcs`) turns git's ignore files off
/// and keeps `.ignore`; `--no-ignore-dot` the other way round; both are `--no-ignore`.
#[test]
fn git_ignore_files_and_dot_ignore_files_turn_off_apart() {
    let tree = repo();
    tree.write(".ignore", "a.c\n");
    tree.write("sub/.ringlocignore", "top.c\n");
    let everything = ["a.c", "b.gen.c", "build/out.c", "keep.gen.c", "sub/top.c", "top.c"];
    assert_eq!(counted(&tree, &["--no-ignore"]), everything);
    assert_eq!(counted(&tree, &[]), ["keep.gen.c"]);
    let without_git = ["b.gen.c", "build/out.c", "keep.gen.c", "top.c"];
    assert_eq!(counted(&tree, &["--no-ignore-vcs"]), without_git);
    assert_eq!(counted(&tree, &["--no-gitignore"]), without_git);
    assert_eq!(counted(&tree, &["--no-ignore-dot"]), ["a.c", "keep.gen.c", "sub/top.c"]);
    assert_eq!(counted(&tree, &["--no-ignore-dot", "--no-ignore-vcs"]), everything);
    assert_eq!(counted(&tree, &["--no-ignore-vcs", "--ignore-vcs"]), ["keep.gen.c"]);
}

#[test]
fn a_subtree_root_inherits_its_parents_ignore_files() {
    let tree = repo();
    tree.write("sub/gen/x.gen.c", "x;\n");
    tree.write("sub/gen/y.c", "x;\n");
    let out = ringloc(&["--format", "json", "--by-file", "sub/gen"], tree.path());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let paths: Vec<&str> =
        v["files"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["sub/gen/y.c"]);
}

#[test]
fn name_extension_language_and_depth_filters() {
    let tree = Tree::new();
    tree.write("a.c", "x;\n");
    tree.write("b.py", "x\n");
    tree.write("run", "#!/usr/bin/env python3\nx\n");
    tree.write("tests/t.c", "x;\n");
    tree.write("deep/er/d.c", "x;\n");
    tree.write("third_party/v.c", "x;\n");
    assert_eq!(
        counted(&tree, &["--exclude-dir", "third_party", "--exclude-dir", "deep"]),
        ["a.c", "b.py", "run", "tests/t.c"]
    );
    // scc's -n: exact names at any depth, files only (the directory `tests` stays).
    assert_eq!(
        counted(&tree, &["-n", "a.c,tests,d.*", "--exclude-file", "run"]),
        ["b.py", "deep/er/d.c", "tests/t.c", "third_party/v.c"]
    );
    assert_eq!(
        counted(&tree, &["--exclude", "tests", "--exclude", "*.py"]),
        ["a.c", "deep/er/d.c", "run", "third_party/v.c"]
    );
    assert_eq!(
        counted(&tree, &["--exclude", "deep/er/*.c"]),
        ["a.c", "b.py", "run", "tests/t.c", "third_party/v.c"]
    );
    assert_eq!(counted(&tree, &["--include-ext", "py"]), ["b.py"]);
    assert_eq!(counted(&tree, &["--exclude-ext", "c"]), ["b.py", "run"]);
    assert_eq!(counted(&tree, &["-t", "python"]), ["b.py", "run"]);
    assert_eq!(counted(&tree, &["--max-depth", "1"]), ["a.c", "b.py", "run"]);
    let zero = common::ringloc(&["--max-depth", "0", "."], tree.path());
    assert_eq!(zero.status.code(), Some(1), "0 counted what 1 counts");
    assert!(String::from_utf8_lossy(&zero.stderr).contains("1 counts a root's own files"), "{zero:?}");
    assert_eq!(counted(&tree, &["--max-depth", "2"]), ["a.c", "b.py", "run", "tests/t.c", "third_party/v.c"]);
}

/// `--exclude` reads globs as a `.gitignore` at each root would (tokei, ripgrep's `-g`): `*` stays
/// within a name, a `/` anchors at the root, a glob without one matches a name at any depth.
#[test]
fn exclude_globs_follow_gitignore_rules() {
    let tree = Tree::new();
    for path in ["src/main.c", "src/net/sock.c", "lib/src/x.c", "top.c", "!bang.c"] {
        tree.write(path, "x;\n");
    }
    let all = ["!bang.c", "lib/src/x.c", "src/main.c", "src/net/sock.c", "top.c"];
    let without =
        |left_out: &[&str]| all.iter().filter(|p| !left_out.contains(p)).copied().collect::<Vec<_>>();
    let cases: [(&str, &[&str]); 7] = [
        ("src/*.c", &["src/main.c"]),
        ("/src", &["src/main.c", "src/net/sock.c"]),
        ("src", &["lib/src/x.c", "src/main.c", "src/net/sock.c"]),
        ("src/**/*.c", &["src/main.c", "src/net/sock.c"]),
        ("/top.c", &["top.c"]),
        ("top.c/", &[]),
        ("!bang.c", &["!bang.c"]),
    ];
    for (glob, left_out) in cases {
        assert_eq!(counted(&tree, &["--exclude", glob]), without(left_out), "--exclude {glob}");
    }
}

/// `--exclude-dir` takes the trailing `/` shell completion adds, and a path below the root (as
/// scc does); a value that matched nothing is noted, as an `--exclude` glob is.
#[test]
fn exclude_dir_takes_a_trailing_slash_and_a_path_below_the_root() {
    let tree = Tree::new();
    for path in ["src/main.c", "src/net/sock.c", "lib/net/x.c"] {
        tree.write(path, "x;\n");
    }
    let cases: [(&str, &[&str]); 5] = [
        ("src/", &["lib/net/x.c"]),
        ("src/net", &["lib/net/x.c", "src/main.c"]),
        ("./src/net/", &["lib/net/x.c", "src/main.c"]),
        ("net", &["src/main.c"]),
        ("main.c", &["lib/net/x.c", "src/main.c", "src/net/sock.c"]),
    ];
    for (dir, kept) in cases {
        assert_eq!(counted(&tree, &["--exclude-dir", dir]), kept, "--exclude-dir {dir}");
    }
    let dirs = ["src/net/", "./src/net", "net/sock", "nope"];
    let out = ringloc(&dirs.iter().flat_map(|d| ["--exclude-dir", d]).collect::<Vec<_>>(), tree.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("--exclude-dir 'net/sock' matched nothing"), "{stderr}");
    assert!(stderr.contains("--exclude-dir 'nope' matched nothing"), "{stderr}");
    assert!(!stderr.contains("src/net"), "{stderr}");
}

/// A list of a tree's files (`git ls-files | ringloc --files-from -`) is left out of by
/// `--exclude-dir` and `--exclude` as a walk of the tree is: the list's paths read as paths below
/// `.`. They counted every listed file, and noted that the value matched nothing.
#[test]
fn a_list_of_a_trees_files_is_excluded_from_as_its_walk_is() {
    let tree = Tree::new();
    let files = ["src/a.c", "src/vendor/b.c", "vendor/c.c", "lib/x/vendor/d.rs", "gen/e.min.js", "gen/f.js"];
    for path in files.iter().chain(&["docs/g.py", "build/h.c"]) {
        tree.write(path, "x;\n");
    }
    let listed: Vec<String> =
        files.iter().map(|f| f.to_string()).chain(["./docs/g.py".into(), "build//h.c".into()]).collect();
    tree.write("list", listed.join("\n") + "\n");
    let cases: [&[&str]; 8] = [
        &["--exclude-dir", "vendor"],
        &["--exclude-dir", "src/vendor"],
        &["--exclude-dir", "./lib/x/"],
        &["--exclude", "*.min.js"],
        &["--exclude", "build/"],
        &["--exclude", "/docs"],
        &["--exclude", "lib/**/*.rs", "--exclude-dir", "gen"],
        &["--exclude", "x", "--exclude-dir", "src,build"],
    ];
    for args in cases {
        let walked = counted(&tree, &[args, &["--exclude", "list", "."]].concat());
        let mut listed = counted(&tree, &[args, &["--files-from", "list"]].concat());
        listed.sort();
        assert_eq!(listed, walked, "{args:?}");
        assert!(walked.len() < files.len() + 2, "{args:?} leaves something out: {walked:?}");
        let out = ringloc(&[args, &["--files-from", "list"]].concat(), tree.path());
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args:?}");
    }
}

/// A file named on the command line inside an `--exclude-dir` directory, or matching an
/// `--exclude` glob, is left out as cloc's `--exclude-dir` leaves it out, with a note naming the
/// flag; a directory named is a root, walked whatever its name.
#[test]
fn a_named_file_is_left_out_by_exclude_dir_and_exclude_with_a_note() {
    let tree = Tree::new();
    for path in ["vendor/v.c", "src/s.c", "src/t.py"] {
        tree.write(path, "x;\n");
    }
    let named = ["vendor/v.c", "./src/s.c", "src/t.py"];
    let out = ringloc(&[&["--exclude-dir", "vendor", "--exclude", "*.py"][..], &named].concat(), tree.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("vendor/v.c: skipped: left out by --exclude-dir"), "{stderr}");
    assert!(stderr.contains("src/t.py: skipped: left out by --exclude\n"), "{stderr}");
    assert!(!stderr.contains("matched nothing"), "{stderr}");
    assert_eq!(
        counted(&tree, &[&["--exclude-dir", "vendor", "--exclude", "*.py"][..], &named].concat()),
        ["src/s.c"]
    );
    assert_eq!(counted(&tree, &["--exclude-dir", "vendor", "vendor"]), ["vendor/v.c"]);
}

/// cloc's and scc's users write several directories in one value (`--exclude-dir=a,b`); each is
/// its own, and each that matches nothing is noted alone.
#[test]
fn exclude_dir_takes_several_names_separated_by_commas() {
    let tree = Tree::new();
    for path in ["a/x.c", "b/x.c", "c/x.c"] {
        tree.write(path, "x;\n");
    }
    assert_eq!(counted(&tree, &["--exclude-dir", "a,b"]), ["c/x.c"]);
    let out = ringloc(&["--exclude-dir=a,", "--exclude-dir", "c/"], tree.path());
    assert_eq!(out.stderr, b"", "an empty piece is no directory to note");
    assert_eq!(counted(&tree, &["--exclude-dir=a,", "--exclude-dir", "c/"]), ["b/x.c"]);
    let out = ringloc(&["--exclude-dir=b,nope"], tree.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--exclude-dir 'nope' matched nothing"), "{stderr}");
    assert!(!stderr.contains("'b"), "{stderr}");
}

/// `--exclude-lang` (cloc's) leaves out the languages named, by name, alias or extension, whether
/// a file's name or its `#!` line says the language; with `-t` (or cloc's `--include-lang`), from
/// the languages `-t` names. A
/// file named on the command line that it leaves out is noted, as `-t`'s are.
#[test]
fn exclude_lang_counts_every_language_but_those_named() {
    let tree = Tree::new();
    tree.write("a.c", "x;\n");
    tree.write("b.py", "x\n");
    tree.write("run", "#!/usr/bin/env python3\nx\n");
    tree.write("c.rs", "x\n");
    tree.write("d.json", "{}\n");
    assert_eq!(counted(&tree, &["--exclude-lang", "Python"]), ["a.c", "c.rs", "d.json"]);
    assert_eq!(counted(&tree, &["--exclude-lang", "py,json"]), ["a.c", "c.rs"]);
    assert_eq!(counted(&tree, &["--exclude-lang", "rs", "--exclude-lang", "C"]), ["b.py", "d.json", "run"]);
    assert_eq!(counted(&tree, &["-t", "c,py,rust", "--exclude-lang", "rust"]), ["a.c", "b.py", "run"]);
    assert_eq!(counted(&tree, &["--include-lang", "c,rust", "--exclude-lang", "rust"]), ["a.c"]);
    let named = ringloc(&["--exclude-lang", "C", "a.c", "c.rs"], tree.path());
    assert_eq!(named.status.code(), Some(0));
    let note = String::from_utf8_lossy(&named.stderr);
    assert!(note.contains("a.c: skipped: left out by --exclude-lang"), "{note}");
}

#[test]
fn bad_filters_are_usage_errors() {
    let tree = Tree::new();
    assert_eq!(ringloc(&["-t", "NoSuchLanguage"], tree.path()).status.code(), Some(1));
    assert_eq!(ringloc(&["--exclude-lang", "NoSuchLanguage"], tree.path()).status.code(), Some(1));
    let nothing_left = ringloc(&["-t", "c", "--exclude-lang", "c"], tree.path());
    assert_eq!(nothing_left.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&nothing_left.stderr).contains("--exclude-lang leaves no language to count")
    );
    assert_eq!(ringloc(&["--exclude", "a[b"], tree.path()).status.code(), Some(1));
}

#[test]
fn info_exclude_and_the_global_excludes_file_apply_in_a_work_tree() {
    let tree = repo();
    std::fs::create_dir_all(tree.path().join(".git/info")).unwrap();
    tree.write(".git/info/exclude", "a.c\n");
    tree.write("home/.gitconfig", "[core]\n\texcludesFile = ~/global-ignore\n");
    tree.write("home/global-ignore", "extra.c\nkeep.gen.c\n");
    tree.write("extra.c", "x;\n");
    let out = common::no_config_file(&mut std::process::Command::new(env!("CARGO_BIN_EXE_ringloc")))
        .args(["--format", "json", "--by-file"])
        .current_dir(tree.path())
        .env("HOME", tree.path().join("home"))
        .env_remove("XDG_CONFIG_HOME")
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let files = v["files"].as_array().unwrap();
    let paths: Vec<&str> =
        files.iter().map(|f| f["path"].as_str().unwrap().trim_start_matches("./")).collect();
    // The repository's `!keep.gen.c` outranks the global file, as in git.
    assert_eq!(paths, ["keep.gen.c", "sub/top.c"]);
}

#[test]
fn hard_links_count_once_per_path() {
    let tree = Tree::new();
    tree.write("a.c", "int a;\n");
    std::fs::hard_link(tree.path().join("a.c"), tree.path().join("b.c")).unwrap();
    assert_eq!(counted(&tree, &[]), ["a.c", "b.c"]);
}

/// An ignore line with a `[` that no `]` closes matches nothing in git (`git check-ignore
/// 'br[.c'` says nothing), and the file's other lines still apply; ringloc read the `[` as itself
/// and left out `br[.c`.
#[test]
fn an_ignore_line_with_an_unclosed_bracket_matches_nothing_as_in_git() {
    let tree = Tree::new();
    std::fs::create_dir(tree.path().join(".git")).unwrap();
    tree.write(".gitignore", "br[.c\nb[ad].c\n");
    tree.write("sub/.ignore", "x[.c\n");
    for name in ["br[.c", "ba.c", "bd.c", "sub/x[.c", "sub/y.c"] {
        tree.write(name, "x;\n");
    }
    assert_eq!(counted(&tree, &[]), ["br[.c", "sub/x[.c", "sub/y.c"]);
}

/// A UTF-8 byte-order mark at the start of an ignore file is skipped, as git skips it: it was read
/// as part of the first pattern, which then matched nothing. Only one is skipped, as in git.
#[test]
fn a_byte_order_mark_before_an_ignore_files_first_pattern_is_skipped() {
    let tree = Tree::new();
    std::fs::create_dir(tree.path().join(".git")).unwrap();
    tree.write(".gitignore", "\u{feff}a.c\n");
    tree.write("sub/.ignore", "\u{feff}b.c\n");
    tree.write("sub/.ringlocignore", "\u{feff}\u{feff}c.c\n");
    for name in ["a.c", "sub/b.c", "sub/c.c", "sub/d.c"] {
        tree.write(name, "x;\n");
    }
    assert_eq!(counted(&tree, &[]), ["sub/c.c", "sub/d.c"]);
}

/// An ignore file that is a symlink, dangling or not, is not applied, as git applies none in a
/// work tree (since 2.32) and `--rev` reads none from a tree: ringloc followed one, so a checkout
/// and `--rev` counted different files. A note names each, above the root too; `-q` drops them,
/// and the exit status stays 0.
#[test]
fn ignore_files_that_are_symlinks_are_not_applied_and_noted() {
    let tree = Tree::new();
    std::fs::create_dir(tree.path().join(".git")).unwrap();
    tree.write("patterns.txt", "*.c\n");
    tree.write("a.c", "x;\n");
    tree.write("sub/b.c", "x;\n");
    let link = |target: &str, name: &str| std::os::unix::fs::symlink(target, tree.path().join(name)).unwrap();
    link("patterns.txt", ".gitignore");
    link("../patterns.txt", "sub/.ignore");
    link("nowhere", "sub/.ringlocignore");
    let all = ["a.c", "patterns.txt", "sub/b.c"];
    assert_eq!(counted(&tree, &[]), all);
    assert_eq!(counted(&tree, &["--no-require-git"]), all);
    let notes = |args: &[&str]| {
        let out = ringloc(args, tree.path());
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let mut lines: Vec<String> = String::from_utf8_lossy(&out.stderr).lines().map(String::from).collect();
        lines.sort();
        lines
    };
    let note = |path: &str| format!("ringloc: {path}: ignore file not applied: a symlink (git follows none)");
    assert_eq!(notes(&["."]), [note("./.gitignore"), note("./sub/.ignore"), note("./sub/.ringlocignore")]);
    assert_eq!(notes(&["sub"]), [note(".gitignore"), note("sub/.ignore"), note("sub/.ringlocignore")]);
    assert!(notes(&["-q", "."]).is_empty());
    assert!(notes(&["--no-ignore", "."]).is_empty());
}

/// An ignore file that cannot be read is a per-file error (exit 2), not silently no rules: what it
/// excludes is then counted, and the user must know.
#[test]
fn an_unreadable_gitignore_is_reported() {
    let tree = common::Tree::new();
    std::fs::create_dir(tree.path().join(".git")).unwrap();
    tree.write("kept.c", "int kept;\n");
    tree.write("gen.c", "int gen;\n");
    let ignore = tree.write(".gitignore", "gen.c\n");
    tree.write("sub/.ignore", "x.c\n");
    let modes = [(tree.path(), 0o755), (ignore.as_path(), 0o000), (&tree.path().join("sub/.ignore"), 0o000)];
    for (p, mode) in modes {
        std::fs::set_permissions(p, std::os::unix::fs::PermissionsExt::from_mode(mode)).unwrap();
    }
    for &backend in common::backends() {
        let out = common::as_nobody(&["--format", "json", "--backend", backend, "."], tree.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{backend}: {stderr}");
        let v = common::json_of(&out);
        let errors: Vec<&str> =
            v["errors"].as_array().unwrap().iter().map(|e| e["path"].as_str().unwrap()).collect();
        assert_eq!(errors, ["./.gitignore", "./sub/.ignore"], "{backend}");
        assert_eq!(v["total"]["files"], 2, "{backend}: what the file excludes is counted");
    }
}

/// `skipped.unknown` is one number for the same files: files of no known language, by name then by
/// content, whether walked or listed, whatever `-t` leaves out. A walk did not count unknown
/// extensions at all, a list did, and `-t` counted a shebang of another language as unknown.
#[test]
fn skipped_unknown_has_one_definition() {
    let tree = Tree::new();
    tree.write("a.c", "int a;\n");
    tree.write("notes.txtx", "unknown extension\n");
    tree.write("script", "no shebang\n");
    tree.write("tool", "#!/usr/bin/env python3\nprint(1)\n");
    tree.write("x.h", "int x;\n");
    tree.write("list", "a.c\nnotes.txtx\nscript\ntool\nx.h\n");
    for &backend in common::backends() {
        for args in
            [&["."][..], &["-t", "c", "."], &["--files-from", "list"], &["-t", "c", "--files-from", "list"]]
        {
            let out = ringloc(
                &[&["--format", "json", "--exclude", "list", "--backend", backend][..], args].concat(),
                tree.path(),
            );
            let v: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["skipped"]["unknown"], 2, "{backend} {args:?}: {}", v["skipped"]);
        }
    }
}

/// `--include-ext` and `--exclude-ext` take an extension of more than one part (`d.ts`) as a user
/// names it: only the last was compared, so `--include-ext d.ts` counted nothing, without a word.
#[test]
fn an_extension_of_two_parts_selects_as_named() {
    let tree = Tree::new();
    tree.write("types.d.ts", "declare const x: number;\n");
    tree.write("main.ts", "const y = 1;\n");
    tree.write("Other.D.TS", "declare const z: number;\n");
    tree.write(".hidden.d.ts", "declare const h: number;\n");
    assert_eq!(counted(&tree, &["--include-ext", "d.ts"]), ["Other.D.TS", "types.d.ts"]);
    assert_eq!(counted(&tree, &["--exclude-ext", "d.ts"]), ["main.ts"]);
    assert_eq!(counted(&tree, &["--include-ext", "ts"]), ["Other.D.TS", "main.ts", "types.d.ts"]);
}

/// An empty extension stands for none: `--include-ext ''` counts the files without one (a
/// script known by its `#!` line, a `Makefile`), `--include-ext c,` those and C, and
/// `--exclude-ext ''` leaves them out. `--help` says so.
#[test]
fn an_empty_extension_selects_files_without_one() {
    let tree = Tree::new();
    tree.write("run", "#!/bin/sh\necho hi\n");
    tree.write("Makefile", "all:\n\ttrue\n");
    tree.write("a.c", "int a;\n");
    tree.write("b.py", "b = 1\n");
    let files = |args: &[&str]| {
        let (doc, _) = run_json(&[args, &["."]].concat(), tree.path());
        file_paths(&doc)
    };
    assert_eq!(files(&["--include-ext", ""]), ["./Makefile", "./run"]);
    assert_eq!(files(&["--include-ext", "c,"]), ["./Makefile", "./a.c", "./run"]);
    assert_eq!(files(&["--exclude-ext", ""]), ["./a.c", "./b.py"]);
    let help = String::from_utf8(ringloc(&["--help"], tree.path()).stdout).unwrap();
    for flag in ["--include-ext", "--exclude-ext"] {
        let at = help.find(&format!("{flag} <EXTS>")).unwrap_or_else(|| panic!("{help}"));
        let text = help[at..].split_whitespace().take(40).collect::<Vec<_>>().join(" ");
        assert!(text.contains("an empty one") && text.contains("no extension"), "{flag}: {text}");
    }
}
