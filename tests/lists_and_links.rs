//! Explicit file lists, size limits, generated and minified files, and followed symlinks.

mod common;

use common::{backends, file_paths, json_of, ringloc, ringloc_stdin, Tree};

fn tree() -> Tree {
    let tree = Tree::new();
    tree.write("a.c", "int a;\n");
    tree.write("d/b.c", "int b;\n");
    tree.write("d/.hidden.c", "int h;\n");
    tree.write("notes.txtx", "unknown\n");
    tree
}

#[test]
fn files_from_counts_exactly_the_list() {
    let tree = tree();
    let list = "a.c\nd/.hidden.c\r\nnotes.txtx\n\nmissing.c\n";
    std::fs::write(tree.path().join("list"), list).unwrap();
    let out = ringloc(&["--format", "json", "--by-file", "--files-from", "list"], tree.path());
    assert_eq!(out.status.code(), Some(2), "missing.c is an error");
    let v = json_of(&out);
    assert_eq!(file_paths(&v), ["a.c", "d/.hidden.c"]);
    assert_eq!(v["errors"][0]["path"], "missing.c");
    assert_eq!(v["skipped"]["unknown"], 1);
}

/// A file listed twice (`a.c`, `./a.c`, or through a link to its directory), listed and also under
/// a listed directory, or under two listed directories, was counted each time. The list is one
/// root, and a root counts a file once: a listed file is counted as listed (the first time), and a
/// listed directory is walked once, without the files and directories listed on their own.
#[test]
fn files_from_counts_each_file_once() {
    let tree = tree();
    tree.write("d/sub/c.c", "int c;\n");
    std::os::unix::fs::symlink("d", tree.path().join("lnk")).unwrap();
    let list =
        "a.c\n./a.c\nd\nd/b.c\n.//d\nd/.hidden.c\nd/sub\nlnk/b.c\nd/sub/c.c\nnotes.txtx\n./notes.txtx\n";
    std::fs::write(tree.path().join("list"), list).unwrap();
    for &backend in backends() {
        let args =
            ["--format", "json", "--by-file", "--by-root", "--backend", backend, "--files-from", "list"];
        let out = ringloc(&args, tree.path());
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let v = json_of(&out);
        let mut paths = file_paths(&v);
        paths.sort();
        assert_eq!(paths, ["a.c", "d/.hidden.c", "d/b.c", "d/sub/c.c"], "{backend}");
        assert_eq!(v["total"]["files"], 4, "{backend}");
        assert_eq!(v["skipped"]["unknown"], 1, "{backend}");
        assert_eq!(v["by_root"][0]["total"]["files"], 4, "{backend}");
    }
    // With `-L`, a link into a listed directory is left to its walk, as one into a path given is.
    std::os::unix::fs::symlink("b.c", tree.path().join("d/l.c")).unwrap();
    std::fs::write(tree.path().join("list"), "d\n").unwrap();
    let v = json_of(&ringloc(&["--format", "json", "--by-file", "-L", "--files-from", "list"], tree.path()));
    assert_eq!(file_paths(&v), ["d/b.c", "d/sub/c.c"]);
}

#[test]
fn files_from_stdin_nul_separated_skips_symlinks() {
    let tree = tree();
    std::os::unix::fs::symlink("a.c", tree.path().join("link.c")).unwrap();
    let out = ringloc_stdin(
        &["--format", "json", "--by-file", "--files-from", "-", "-0"],
        tree.path(),
        b"a.c\0link.c\0d/b.c\0",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(file_paths(&json_of(&out)), ["a.c", "d/b.c"]);
}

/// A list is read entry by entry and refused at the first entry no list of paths holds: a NUL in
/// a newline-separated list, an empty entry between two NULs, one longer than a path can be.
/// `/dev/zero` given by mistake was read whole, filling memory without end.
#[test]
fn files_from_refuses_what_is_no_list_of_paths() {
    let tree = tree();
    let long = format!("a.c\n{}\n", "x".repeat(5000));
    let list = ["--files-from", "list"];
    let cases: [(&[u8], &[&str], &str); 5] = [
        (b"a.c\0\0d/b.c\0", &[&list[..], &["-0"]].concat(), "list: entry 2 is empty"),
        (b"a.c\nd/\0b.c\n", &list, "list: entry 2 holds a NUL byte"),
        (long.as_bytes(), &list, "list: entry 2 is longer than a path can be"),
        (b"", &["--files-from", "/dev/zero"], "/dev/zero: entry 1 holds a NUL byte"),
        (b"", &["--files-from", "/dev/zero", "-0"], "/dev/zero: entry 1 is empty"),
    ];
    for (written, args, said) in cases {
        std::fs::write(tree.path().join("list"), written).unwrap();
        let out = ringloc(args, tree.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{said}: {stderr}");
        assert!(stderr.contains(said), "{said}: {stderr}");
    }
}

#[test]
fn max_file_size_skips_larger_files_without_statx() {
    let tree = Tree::new();
    tree.write("small.c", "x;\n");
    tree.write("big.c", "int x;\n".repeat(100_000));
    for &backend in backends() {
        let out =
            ringloc(&["--format", "json", "--backend", backend, "--max-file-size", "64K", "."], tree.path());
        let v = json_of(&out);
        assert_eq!(v["total"]["files"], 1, "{backend}");
        assert_eq!(v["skipped"]["too_large"], 1, "{backend}");
    }
    assert_eq!(ringloc(&["--max-file-size", "12Q", "."], tree.path()).status.code(), Some(1));
}

#[test]
fn generated_and_minified_are_flagged_or_skipped() {
    let tree = Tree::new();
    tree.write("gen.go", "// Code generated by protoc-gen-go. DO NOT EDIT.\npackage x\n");
    tree.write("app.min.js", format!("var a=1;{}\n", "f(a);".repeat(400)));
    tree.write("plain.go", "package x\n");
    let v = json_of(&ringloc(&["--format", "json", "."], tree.path()));
    assert_eq!(v["total"]["files"], 3);
    assert_eq!(v["flagged"]["generated"], 1);
    assert_eq!(v["flagged"]["minified"], 1);
    // ringloc's names, scc's (--no-gen, --no-min) and scc's both at once.
    for flags in [&["--no-generated", "--no-minified"][..], &["--no-gen", "--no-min"], &["--no-min-gen"]] {
        let v = json_of(&ringloc(&[&["--format", "json", "."][..], flags].concat(), tree.path()));
        assert_eq!(v["total"]["files"], 1, "{flags:?}");
        assert_eq!(v["skipped"]["generated"], 1, "{flags:?}");
        assert_eq!(v["skipped"]["minified"], 1, "{flags:?}");
    }
    let v = json_of(&ringloc(&["--format", "json", "--no-min", "."], tree.path()));
    assert_eq!((v["total"]["files"].as_u64(), v["skipped"]["generated"].as_u64()), (Some(2), Some(0)));
}

#[test]
fn follow_counts_each_target_once_and_cuts_loops() {
    let outside = Tree::new();
    outside.write("lib/ext.c", "int ext;\n");
    outside.write("one.c", "int one;\n");
    let tree = tree();
    let link = |target: &std::path::Path, name: &str| {
        std::os::unix::fs::symlink(target, tree.path().join(name)).unwrap()
    };
    link(&outside.path().join("lib"), "vendor");
    link(&outside.path().join("lib"), "vendor2");
    link(&outside.path().join("one.c"), "one.c");
    link(&outside.path().join("one.c"), "d/again.c");
    link(&tree.path().join("d"), "d_alias");
    link(tree.path(), "d/up");
    link(&tree.path().join("nowhere.c"), "dangling.c");
    link(&tree.path().join("self.c"), "self.c");
    let plain = json_of(&ringloc(&["--format", "json", "--by-file", "."], tree.path()));
    assert_eq!(file_paths(&plain), ["./a.c", "./d/b.c"]);
    for &backend in backends() {
        let out =
            ringloc(&["--format", "json", "--by-file", "--follow", "--backend", backend, "."], tree.path());
        assert_eq!(out.status.code(), Some(2), "the dangling link is reported");
        let v = json_of(&out);
        // Of two links to one target, the shallower counts it, then the first by path.
        assert_eq!(file_paths(&v), ["./a.c", "./d/b.c", "./one.c", "./vendor/ext.c"], "{backend}");
        let errors: Vec<&str> =
            v["errors"].as_array().unwrap().iter().map(|e| e["path"].as_str().unwrap()).collect();
        assert_eq!(errors, ["./dangling.c", "./self.c"], "a broken link and a link to itself (ELOOP)");
        assert!(String::from_utf8_lossy(&out.stderr).contains("symbolic links"), "ELOOP is named");
    }
}

/// A symlink to a file, named on the command line, is counted under the name given, with or without
/// `-L`: it was resolved, then opened by the link's name with O_NOFOLLOW ("Too many levels of
/// symbolic links", exit 2).
#[test]
fn a_symlink_named_on_the_command_line_is_counted() {
    let tree = tree();
    std::os::unix::fs::symlink("a.c", tree.path().join("link.c")).unwrap();
    std::os::unix::fs::symlink("../a.c", tree.path().join("d/up.c")).unwrap();
    for &backend in backends() {
        for follow in [&[][..], &["-L"]] {
            let args =
                [&["--format", "json", "--by-file", "--backend", backend][..], follow, &["link.c", "d/up.c"]];
            let out = ringloc(&args.concat(), tree.path());
            let what = format!("{backend} {follow:?}: {}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(out.status.code(), Some(0), "{what}");
            let v = json_of(&out);
            assert_eq!(file_paths(&v), ["d/up.c", "link.c"], "{what}");
            assert_eq!(v["total"]["code"], 2, "{what}");
        }
    }
}

/// `-L` through a link to an ancestor (`root/up -> ..`) counted every file of the root again under
/// `up/`; and a directory reached by two links (one to a tree, one into it) was walked twice. A
/// followed walk stops at a root and at a directory already walked.
#[test]
fn follow_stops_at_a_root_and_at_a_walked_directory() {
    let outside = Tree::new();
    outside.write("outside.c", "int outside;\n");
    outside.write("ext/sub/s.c", "int s;\n");
    let root = outside.path().join("root");
    std::fs::create_dir(&root).unwrap();
    std::fs::write(root.join("a.c"), "int a;\n").unwrap();
    std::os::unix::fs::symlink("..", root.join("up")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("ext/sub"), root.join("sub")).unwrap();
    for &backend in backends() {
        let out = ringloc(&["--format", "json", "--by-file", "-L", "--backend", backend, "."], &root);
        let v = json_of(&out);
        let mut got = file_paths(&v);
        got.sort();
        assert_eq!(got.len(), 3, "{backend}: {got:?}");
        assert_eq!(&got[..2], ["./a.c", "./sub/s.c"], "{backend}: {got:?}");
        assert!(got[2] == "./up/outside.c", "{backend}: {got:?}");
    }
}

/// With `-L` a link to a directory is a directory to the rules that match directories only (an
/// `--exclude` glob or ignore line ending in `/`, `--exclude-dir`, `--max-depth`), as ripgrep and
/// fd take one with `--follow`; a link to a file is no directory. Without `-L` no link is followed,
/// and those rules leave the count as it was.
#[test]
fn a_followed_link_to_a_directory_is_a_directory_to_the_rules() {
    let outside = Tree::new();
    outside.write("gen.c", "int gen;\n");
    outside.write("sub/s.c", "int s;\n");
    let elsewhere = Tree::new();
    let file = elsewhere.write("one.c", "int one;\n");
    let tree = Tree::new();
    tree.write("src/a.c", "int a;\n");
    std::os::unix::fs::symlink(outside.path(), tree.path().join("build")).unwrap();
    std::os::unix::fs::symlink(file, tree.path().join("out.c")).unwrap();
    let run = |args: &[&str]| {
        let out = ringloc(&[&["--format", "json", "--by-file"], args, &["."]].concat(), tree.path());
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        let mut paths = file_paths(&json_of(&out));
        paths.sort();
        (paths, stderr)
    };
    let counted = |args: &[&str]| run(args).0;
    let all = ["./build/gen.c", "./build/sub/s.c", "./out.c", "./src/a.c"];
    assert_eq!(counted(&["-L"]), all);
    let cases: [(&[&str], &[&str]); 6] = [
        (&["--exclude", "build/"], &["./out.c", "./src/a.c"]),
        (&["--exclude", "/build/"], &["./out.c", "./src/a.c"]),
        (&["--exclude-dir", "build"], &["./out.c", "./src/a.c"]),
        (&["--exclude", "out.c/"], &all),
        (&["--max-depth", "1"], &["./out.c"]),
        (&["--max-depth", "2"], &["./build/gen.c", "./out.c", "./src/a.c"]),
    ];
    for (flags, kept) in cases {
        assert_eq!(counted(&[&["-L"], flags].concat()), kept, "-L {flags:?}");
    }
    assert!(!run(&["-L", "--exclude-dir", "build"]).1.contains("matched nothing"));
    let unfollowed: [(&[&str], &[&str]); 4] = [
        (&[], &["./src/a.c"]),
        (&["--exclude", "build/"], &["./src/a.c"]),
        (&["--exclude-dir", "build"], &["./src/a.c"]),
        (&["--max-depth", "1"], &[]),
    ];
    for (flags, kept) in unfollowed {
        assert_eq!(counted(flags), kept, "{flags:?}");
    }
    assert!(run(&["--exclude-dir", "build"]).1.contains("--exclude-dir 'build' matched nothing"));
    tree.write(".ignore", "build/\n");
    assert_eq!(counted(&["-L"]), ["./out.c", "./src/a.c"], "an ignore line ending in `/`");
    assert_eq!(counted(&[]), ["./src/a.c"]);
}

/// The ignore files of the directory a followed link to a directory is in, and above it, go on
/// applying inside the linked directory, as they do inside a subdirectory and as ripgrep's
/// `--follow` applies them: `*.c` in the root's `.ignore` left the root's own C files out and
/// counted the linked directory's.
#[test]
fn ignore_files_above_a_followed_link_apply_inside_it() {
    let outside = Tree::new();
    outside.write("o.c", "int o;\n");
    outside.write("sub/s.c", "int s;\n");
    outside.write("keep.py", "x = 1\n");
    let tree = Tree::new();
    tree.write("real/r.c", "int r;\n");
    tree.write("deep/keep.py", "y = 2\n");
    std::os::unix::fs::symlink(outside.path(), tree.path().join("lnk")).unwrap();
    let counted = |ignore: &str| {
        tree.write(".ignore", ignore);
        let out = ringloc(&["-L", "--format", "json", "--by-file", "."], tree.path());
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let mut paths = file_paths(&json_of(&out));
        paths.sort();
        paths
    };
    assert_eq!(counted("*.c\n"), ["./deep/keep.py", "./lnk/keep.py"]);
    assert_eq!(counted("sub/\n"), ["./deep/keep.py", "./lnk/keep.py", "./lnk/o.c", "./real/r.c"]);
    assert_eq!(counted("/lnk/o.c\n"), ["./deep/keep.py", "./lnk/keep.py", "./lnk/sub/s.c", "./real/r.c"]);
}

/// With `-L` a file reached both through a link to it and through a followed link to its directory
/// was counted twice (`./gen.c` and `./build/gen.c`): only links' targets were claimed, not the
/// files of a followed directory. Now each is counted once, under the same path on every run
/// whatever the workers: a link to a file counts it (the shallowest first), and a walk of its
/// directory leaves it out; a link found a wave later, inside a followed tree, to a file of a
/// directory walked already counts nothing. A file inside the root is counted where it is, however
/// it is reached. Hard links are two files, each counted, as without `-L`.
#[test]
fn follow_counts_a_file_once_through_a_link_to_it_and_to_its_directory() {
    let outside = Tree::new();
    outside.write("gen.c", "int gen;\n");
    outside.write("sub/s.c", "int s;\n");
    outside.write("notes.txtx", "unknown\n");
    let elsewhere = Tree::new();
    elsewhere.write("e.c", "int e;\n");
    let tree = Tree::new();
    tree.write("src/a.c", "int a;\n");
    let hard = tree.write("h.c", "int h;\n");
    std::fs::hard_link(hard, outside.path().join("h.c")).unwrap();
    let (out, root) = (outside.path(), tree.path());
    let link = |target: &std::path::Path, at: std::path::PathBuf| {
        std::fs::create_dir_all(at.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(target, at).unwrap();
    };
    link(&out.join("gen.c"), root.join("gen.c"));
    link(&out.join("gen.c"), root.join("d/gen.c"));
    link(out, root.join("build"));
    link(&out.join("sub/s.c"), root.join("deep/s.c"));
    link(&out.join("notes.txtx"), root.join("notes.txtx"));
    link(&root.join("src"), root.join("alias"));
    link(&root.join("src"), out.join("back"));
    link(elsewhere.path(), root.join("other"));
    link(&out.join("gen.c"), elsewhere.path().join("again.c"));
    let expected = ["./build/h.c", "./deep/s.c", "./gen.c", "./h.c", "./other/e.c", "./src/a.c"];
    let mut first = None;
    for &backend in backends() {
        for jobs in ["1", "8", "8", "8", "8"] {
            let args = ["--format", "json", "--by-file", "-L", "-j", jobs, "--backend", backend, "."];
            let out = ringloc(&args, root);
            let what = format!("{backend} -j{jobs}: {}", String::from_utf8_lossy(&out.stderr));
            assert_eq!(out.status.code(), Some(0), "{what}");
            let v = json_of(&out);
            assert_eq!(file_paths(&v), expected, "{what}");
            assert_eq!(v["total"]["files"], expected.len(), "{what}");
            assert_eq!(v["skipped"]["unknown"], 1, "{what}: notes.txtx, skipped once");
            assert_eq!(*first.get_or_insert_with(|| v["files"].clone()), v["files"], "{what}");
        }
    }
    let plain = json_of(&ringloc(&["--format", "json", "--by-file", "."], root));
    assert_eq!(file_paths(&plain), ["./h.c", "./src/a.c"]);
}
