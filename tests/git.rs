//! `--rev`, `diff` between revisions and `history` on repositories these tests build with the
//! `git` CLI. The twin of reading a revision from the object store is counting a real checkout of
//! it (`git worktree add`): both must give the same files, counts, skips and flags, with loose
//! objects and again after `git gc` has packed them.

mod common;

use std::fs::FileType;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{assert_root, file_paths, has_git, json_of, ringloc, Tree};
use serde_json::Value;

/// A repository in `<tree>/repo`, with fixed authors and dates so commit ids are stable.
struct Repo {
    tree: Tree,
    clock: u64,
}

impl Repo {
    fn new() -> Repo {
        Repo::with_ids("sha1")
    }

    /// A repository whose objects are named by `format`: `sha1`, or `sha256` (git's
    /// `--object-format`, the default from Git 3.0).
    fn with_ids(format: &str) -> Repo {
        let repo = Repo { tree: Tree::new(), clock: 1_700_000_000 };
        std::fs::create_dir(repo.path()).unwrap();
        repo.git(&["init", "-q", "-b", "main", &format!("--object-format={format}")]);
        repo
    }

    /// A repository of two commits, `one` then `two`, each writing its files (path, text) over
    /// the tree before it.
    fn two_commits(one: &[(&str, &str)], two: &[(&str, &str)]) -> Repo {
        let mut repo = Repo::new();
        for (files, message) in [(one, "one"), (two, "two")] {
            files.iter().for_each(|(path, text)| repo.write(path, text));
            repo.commit(message);
        }
        repo
    }

    fn top(&self) -> &Path {
        self.tree.path()
    }

    fn path(&self) -> PathBuf {
        self.tree.path().join("repo")
    }

    fn git(&self, args: &[&str]) -> String {
        let date = format!("@{} +0000", self.clock);
        let out = Command::new("git")
            .args(["-c", "protocol.file.allow=always", "-c", "core.autocrlf=false"])
            .args(args)
            .current_dir(self.path())
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@t")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@t")
            .env("GIT_AUTHOR_DATE", &date)
            .env("GIT_COMMITTER_DATE", &date)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .expect("run git");
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    fn write(&self, rel: &str, body: impl AsRef<[u8]>) {
        self.tree.write(&format!("repo/{rel}"), body);
    }

    /// Stages everything (ignored files too, as a force-add would) and commits a day later.
    fn commit(&mut self, message: &str) -> String {
        self.clock += 86_400;
        self.git(&["add", "-A", "-f", "."]);
        self.git(&["commit", "-q", "--allow-empty", "-m", message]);
        self.git(&["rev-parse", "HEAD"])
    }
}

/// A report's files, languages, skips and flags, with each path's first component (the root as
/// named) taken off, so a revision's report and its checkout's compare.
fn comparable(v: &Value) -> Value {
    let mut v = v.clone();
    for f in v["files"].as_array_mut().into_iter().flatten() {
        let path = f["path"].as_str().unwrap();
        f["path"] = Value::from(path.split_once('/').map_or("", |(_, rest)| rest));
    }
    serde_json::json!({
        "files": v["files"], "languages": v["languages"], "total": v["total"],
        "skipped": v["skipped"], "flagged": v["flagged"],
    })
}

fn run(args: &[&str], cwd: &Path) -> Value {
    let out = ringloc(args, cwd);
    assert!(out.status.success(), "ringloc {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    json_of(&out)
}

/// A run that counted with per-file errors (exit status 2): its JSON report and its stderr.
fn run_with_file_errors(args: &[&str], cwd: &Path) -> (Value, String) {
    let out = ringloc(args, cwd);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "ringloc {args:?}: {stderr}");
    (json_of(&out), stderr)
}

/// `--rev REV` against a `git worktree add` of REV, under the selection flags `flags`.
fn assert_rev_matches_checkout(repo: &Repo, rev: &str, flags: &[&str]) {
    assert_subdir_matches_checkout(repo, rev, "", flags);
}

/// `--rev REV repo/SUBDIR` against counting `SUBDIR` of a `git worktree add` of REV.
fn assert_subdir_matches_checkout(repo: &Repo, rev: &str, subdir: &str, flags: &[&str]) {
    let wt = repo.top().join("wt");
    repo.git(&["worktree", "add", "-q", "--detach", wt.to_str().unwrap(), rev]);
    let base = ["--format", "json", "--by-file"];
    let (wt_dir, repo_dir) = (format!("wt/{subdir}"), format!("repo/{subdir}"));
    let checkout = run(&[&base[..], flags, &[wt_dir.trim_end_matches('/')]].concat(), repo.top());
    let rev_flags = ["--rev", rev, repo_dir.trim_end_matches('/')];
    let object_store = run(&[&base[..], flags, &rev_flags].concat(), repo.top());
    repo.git(&["worktree", "remove", "--force", wt.to_str().unwrap()]);
    assert!(checkout["total"]["files"].as_u64().unwrap() > 0 || rev.contains("empty"), "{checkout}");
    assert_eq!(comparable(&object_store), comparable(&checkout), "--rev {rev} {subdir} {flags:?}");
}

/// A history with what a checkout's selection meets: ignore files (nested, negated, ignoring
/// committed files), hidden names, a shebang script, an ambiguous extension, binary and UTF-16
/// files, a generated file, a symlink, an empty directory's file, renames, deletes and a merge.
fn eventful_repo() -> (Repo, Vec<String>) {
    eventful_repo_of(Repo::new())
}

/// [`eventful_repo`]'s history in `repo`.
fn eventful_repo_of(mut repo: Repo) -> (Repo, Vec<String>) {
    repo.write("src/main.c", "#include <stdio.h>\n/* entry */\nint main(void) {\n\n  return 0; // ok\n}\n");
    repo.write("src/util.h", "#ifndef U\n#define U\nclass A {};\n#endif\n");
    repo.write("lib/tool", "#!/usr/bin/env python3\n# a tool\nprint('hi')\n");
    repo.write("lib/mod.rs", "//! doc\nfn f() {}\n\n/* block\n */\n");
    repo.write(".gitignore", "build/\n*.log.c\n");
    repo.write("build/gen.c", "int built;\n");
    repo.write("keep/.gitignore", "*.c\n!wanted.c\n");
    repo.write("keep/wanted.c", "int w;\n");
    repo.write("keep/unwanted.c", "int u;\n");
    repo.write("trace.log.c", "int t;\n");
    repo.write(".hidden/x.c", "int h;\n");
    repo.write("blob.c", b"int\0binary;\n");
    let utf16: Vec<u8> =
        [0xFF, 0xFE].into_iter().chain("// u\nint x;\n".encode_utf16().flat_map(u16::to_le_bytes)).collect();
    repo.write("wide.c", utf16);
    repo.write("gen/out.go", "// Code generated by x. DO NOT EDIT.\npackage gen\n");
    repo.write("notes.txt", "not a language\n");
    repo.write("big.py", "x = 1\n".repeat(20_000));
    std::os::unix::fs::symlink("src/main.c", repo.path().join("link.c")).unwrap();
    let mut commits = vec![repo.commit("first")];
    repo.git(&["mv", "src/util.h", "src/renamed.h"]);
    repo.git(&["rm", "-q", "lib/mod.rs"]);
    repo.write(
        "src/main.c",
        "#include <stdio.h>\n/* entry point */\nint main(void) {\n\n  puts(\"hi\");\n  return 0; // ok\n}\n",
    );
    commits.push(repo.commit("rename and delete"));
    repo.git(&["checkout", "-q", "-b", "side", "HEAD~1"]);
    repo.write("side/s.js", "// side\nlet s = `a\nb`;\n");
    commits.push(repo.commit("side"));
    repo.git(&["checkout", "-q", "main"]);
    repo.clock += 86_400;
    repo.git(&["merge", "-q", "--no-ff", "-m", "merge", "side"]);
    commits.push(repo.git(&["rev-parse", "HEAD"]));
    (repo, commits)
}

#[test]
fn a_revision_counts_as_its_checkout_loose_and_packed() {
    if !has_git() {
        return;
    }
    let (repo, commits) = eventful_repo();
    for packed in [false, true] {
        if packed {
            repo.git(&["gc", "-q", "--prune=now"]);
            let loose = repo.git(&["count-objects"]);
            assert!(loose.starts_with("0 objects"), "git gc left loose objects: {loose}");
        }
        for rev in commits.iter().map(String::as_str).chain(["HEAD", "HEAD~1", "main^2"]) {
            assert_rev_matches_checkout(&repo, rev, &[]);
        }
    }
    let flag_sets: [&[&str]; 9] = [
        &["--hidden"],
        &["--no-ignore"],
        &["-t", "C,Python"],
        &["--max-depth", "1"],
        &["--exclude-dir", "src", "--exclude", "*.go"],
        &["--include-ext", "c,h", "--max-file-size", "64"],
        &["--no-generated", "--docstrings-as-code"],
        &["--not-match-d", "^s", "--match-f", "\\.(c|h|py)$", "--match-d", "/(src|keep|lib)$"],
        &["--not-match-d", "keep$", "--fullpath", "--not-match-f", "^wide", "-M", "^gen$", "-M", "src/ma"],
    ];
    for flags in flag_sets {
        assert_rev_matches_checkout(&repo, "HEAD", flags);
    }
}

/// With git's ignore files or `.ignore`s turned off apart, or an `--ignore-file` added, a
/// revision's files are its checkout's, and each flag leaves out what it should (the ignored files
/// are committed all the same).
#[test]
fn a_revision_turns_git_or_dot_ignore_files_off_as_its_checkout_does() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write(".gitignore", "*.gen.c\n");
    repo.write(".ignore", "vendor/\n");
    repo.write("src/.ringlocignore", "*.h\n");
    for path in ["a.gen.c", "vendor/v.c", "src/a.c", "src/a.h"] {
        repo.write(path, "int x;\n");
    }
    repo.commit("ignored files committed");
    let files = |flags: &[&str]| {
        let report = run(&[&["--format", "json", "--rev", "HEAD", "repo"], flags].concat(), repo.top());
        report["total"]["files"].as_u64()
    };
    let counts = [&[][..], &["--no-ignore-vcs"], &["--no-ignore-dot"], &["--no-ignore"]].map(files);
    assert_eq!(counts, [1, 2, 3, 4].map(Some));
    for flags in [&["--no-ignore-vcs"][..], &["--no-ignore-dot"], &["--no-gitignore", "--no-ignore-dot"]] {
        assert_rev_matches_checkout(&repo, "HEAD", flags);
    }
    // scc's --ignore-file, a file outside the repository, applies from the root with or without
    // the tree's own.
    std::fs::write(repo.top().join("extra.ignore"), "/src/a.c\n").unwrap();
    let with_extra = [
        &["--ignore-file", "extra.ignore", "--no-ignore-dot"][..],
        &["--no-ignore", "--ignore-file=extra.ignore"],
    ];
    assert_eq!(with_extra.map(files), [Some(2), Some(3)]);
    for flags in with_extra {
        assert_rev_matches_checkout(&repo, "HEAD", flags);
    }
}

/// A repository whose objects are named by SHA-256 counts as its checkout, loose and packed, and
/// its `--rev`, `diff` and `history` reports are those of the same history named by SHA-1 (the
/// commit ids apart).
#[test]
fn a_sha256_repository_counts_as_its_checkout_and_as_its_sha1_twin() {
    if !has_git() {
        return;
    }
    let ((sha1, sha1_commits), (sha256, commits)) =
        (eventful_repo(), eventful_repo_of(Repo::with_ids("sha256")));
    assert_eq!(commits[0].len(), 64, "a SHA-256 commit id: {}", commits[0]);
    for packed in [false, true] {
        if packed {
            sha256.git(&["gc", "-q", "--prune=now"]);
        }
        for rev in commits.iter().map(String::as_str).chain(["HEAD~1", "main^2"]) {
            assert_rev_matches_checkout(&sha256, rev, &[]);
        }
    }
    let report = |repo: &Repo, args: &[&str]| run(&[args, &["--format", "json"]].concat(), repo.top());
    let rev = |repo: &Repo| report(repo, &["--by-file", "--rev", "HEAD", "repo"]);
    assert_eq!(comparable(&rev(&sha256)), comparable(&rev(&sha1)));
    let diff = |repo: &Repo, old: &str, new: &str| report(repo, &["diff", old, new, "--repo", "repo"]);
    assert_eq!(diff(&sha256, &commits[0], &commits[3]), diff(&sha1, &sha1_commits[0], &sha1_commits[3]));
    let history = |repo: &Repo| {
        let mut v = report(repo, &["history", "--repo", "repo"]);
        for row in v["commits"].as_array_mut().unwrap() {
            row["commit"] = Value::Null;
        }
        v
    };
    assert_eq!(history(&sha256), history(&sha1));
}

#[test]
fn the_empty_tree_and_an_empty_commit_count_nothing() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.commit("empty");
    let v = run(&["--format", "json", "--rev", "HEAD", "repo"], repo.top());
    assert_eq!(v["total"]["files"], 0);
    let empty_tree = repo.git(&["hash-object", "-t", "tree", "-w", "/dev/null"]);
    let v = run(&["--format", "json", "--rev", &empty_tree, "repo"], repo.top());
    assert_eq!(v["total"]["files"], 0);
}

#[test]
fn bad_revisions_and_paths_that_are_no_repository_exit_1() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("src/a.c", "int a;\n");
    repo.commit("one");
    std::fs::create_dir(repo.path().join("untracked")).unwrap();
    let cases: [(&[&str], &str); 6] = [
        (&["--rev", "no-such-branch", "repo"], "bad revision 'no-such-branch'"),
        (&["--rev", "HEAD", "."], "not a git repository"),
        (&["--rev", "HEAD", "repo/untracked"], "revision 'HEAD' has no directory untracked"),
        (&["--rev", "HEAD", "repo/.git"], "inside its git directory"),
        (&["--rev", "HEAD", "repo", "repo"], "one repository"),
        (&["diff", "HEAD~5", "HEAD", "--repo", "repo"], "bad revision 'HEAD~5'"),
    ];
    for (args, message) in cases {
        assert_fails_saying(&repo, args, message);
    }
}

/// A bare repository named by a path that starts with `..` is read as `git -C ../w.git` reads it,
/// by `--rev`, `diff` and `history`, where it was "not a git repository" (gix looked for
/// `../.git`), and paths are reported below the path as given.
#[test]
fn a_bare_repository_beside_the_current_directory_is_read() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    repo.commit("one");
    repo.git(&["clone", "-q", "--bare", ".", "../w.git"]);
    let elsewhere = repo.top().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let v = run(&["--format", "json", "--by-file", "--rev", "HEAD", "../w.git"], &elsewhere);
    assert_eq!(file_paths(&v), ["../w.git/a.c"]);
    let v = run(&["history", "--format", "json", "--repo", "../w.git"], &elsewhere);
    assert_eq!(v["commits"].as_array().unwrap().len(), 1, "{v}");
    let v = run(&["diff", "HEAD", "HEAD", "--format", "json", "--repo", "../w.git"], &elsewhere);
    assert_eq!(v["lines"]["total"]["code"]["unchanged"], 1, "{v}");
}

/// A repository with no commits says so of `HEAD` and its branch, where gix's error read as a
/// misspelt name ("the rev-spec is malformed and misses a ref name").
#[test]
fn a_repository_without_commits_says_its_branch_has_none() {
    if !has_git() {
        return;
    }
    let repo = Repo::new();
    let said = "bad revision 'HEAD': the branch 'main' has no commits yet";
    assert_fails_saying(&repo, &["--rev", "HEAD", "repo"], said);
    assert_fails_saying(&repo, &["history", "--repo", "repo"], said);
    assert_fails_saying(
        &repo,
        &["diff", "main~1", "main", "--repo", "repo"],
        "'main~1': the branch 'main' has no",
    );
    assert_fails_saying(&repo, &["--rev", "other", "repo"], "bad revision 'other'");
}

/// A revision that names nothing says what is missing, as git's own words would, where gix's
/// first words name the step of its parser that failed ("couldn't parse revision",
/// "delegate.traverse(NthAncestor(9)) failed"); the cause was further down its chain.
#[test]
fn a_revision_that_names_nothing_says_what_is_missing() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    repo.commit("one");
    repo.write("b.c", "int b;\n");
    repo.commit("two");
    let cases: [(&[&str], &str); 5] = [
        (&["--rev", "mian", "repo"], "'mian': Reference \"mian\" could not be found"),
        (&["--rev", "HEAD~9", "repo"], "ancestor number 9 is out of range"),
        (&["--rev", "HEAD^2", "repo"], "parent number 2 is out of range"),
        (&["--rev", "HEAD:gone", "repo"], "Could not find path \"gone\""),
        (&["diff", "mian", "main", "--repo", "repo"], "Reference \"mian\" could not be found"),
    ];
    for (args, message) in cases {
        assert_fails_saying(&repo, args, message);
        let stderr = String::from_utf8_lossy(&ringloc(args, repo.top()).stderr).into_owned();
        assert!(!stderr.contains("delegate") && !stderr.contains("couldn't parse"), "{args:?}: {stderr}");
    }
}

/// `:/TEXT` and `REV^{/TEXT}` name the youngest commit whose message TEXT, a regular expression,
/// matches, as git reads them; they were matched as plain text (`:/^ren.me` matched nothing).
#[test]
fn a_message_search_is_a_regular_expression() {
    if !has_git() {
        return;
    }
    let (repo, commits) = eventful_repo();
    let by_id = run(&["--rev", &commits[1], "--format", "json", "repo"], repo.top());
    for rev in [":/^ren.me and", "HEAD^{/and del.te}", ":/rename"] {
        assert_eq!(repo.git(&["rev-parse", rev]), commits[1], "git's reading of {rev}");
        let found = run(&["--rev", rev, "--format", "json", "repo"], repo.top());
        assert_eq!(comparable(&found), comparable(&by_id), "{rev}");
    }
}

/// A directory of an older revision that the work tree no longer has (deleted since, or on
/// another branch) is counted as that revision's checkout counts it, and compared by `diff`,
/// where it was "not a git repository": it was looked for on disk. A revision without it says
/// so, as one without a directory on disk does.
#[test]
fn a_directory_only_a_revision_has_is_counted() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("keep.c", "int k;\n");
    repo.write("gone/x.c", "int x;\nint y;\n");
    repo.write("gone/deeper/y.py", "# c\ny = 1\n");
    repo.commit("one");
    std::fs::remove_dir_all(repo.path().join("gone")).unwrap();
    repo.commit("two");
    assert_subdir_matches_checkout(&repo, "HEAD~1", "gone", &[]);
    assert_subdir_matches_checkout(&repo, "HEAD~1", "gone/deeper", &[]);
    let v = run(&["--format", "json", "--by-file", "--rev", "HEAD~1", "repo/gone"], repo.top());
    assert_eq!(file_paths(&v), ["repo/gone/deeper/y.py", "repo/gone/x.c"]);
    let v = run(&["diff", "HEAD~1", "HEAD", "--format", "json", "--repo", "repo/gone"], repo.top());
    assert_eq!(v["total"]["change"]["code"], -3, "{v}");
    assert_eq!(v["lines"]["total"]["code"]["removed"], 3, "{v}");
    let v = run(&["history", "--format", "json", "--repo", "repo/gone"], repo.top());
    let code: Vec<&Value> = v["commits"].as_array().unwrap().iter().map(|c| &c["total"]["code"]).collect();
    assert_eq!(code, [3, 0], "{v}");
    assert_fails_saying(&repo, &["--rev", "HEAD", "repo/gone"], "revision 'HEAD' has no directory gone");
    let said = "neither revision 'HEAD~1' nor 'HEAD' has a directory typo";
    assert_fails_saying(&repo, &["diff", "HEAD~1", "HEAD", "--repo", "repo/typo"], said);
    let said = "no commit of the history of 'HEAD' has a directory typo";
    assert_fails_saying(&repo, &["history", "--repo", "repo/typo"], said);
    assert_fails_saying(&repo, &["--rev", "HEAD", "repo/gone/../keep.c"], "not a git repository");
}

/// Objects replaced with `git replace` are read as their replacements, as a checkout writes them
/// (git reads every object through `refs/replace/`): a blob, and a directory's tree. `--rev` read
/// the originals; gix resolved the revision through them, but the trees and blobs below it were
/// read from the packs and loose files as stored.
#[test]
fn replaced_objects_are_read_as_a_checkout_reads_them() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    repo.write("lib/x.py", "x = 1\n");
    repo.write("other/y.py", "# y\ny = 1\nz = 2\n");
    repo.commit("one");
    let blob = repo.git(&["rev-parse", "HEAD:a.c"]);
    let longer = repo.git(&["rev-parse", "HEAD:other/y.py"]);
    repo.git(&["replace", &blob, &longer]);
    let (lib, other) = (repo.git(&["rev-parse", "HEAD:lib"]), repo.git(&["rev-parse", "HEAD:other"]));
    repo.git(&["replace", &lib, &other]);
    assert_eq!(repo.git(&["cat-file", "-p", "HEAD:a.c"]), "# y\ny = 1\nz = 2");
    assert_rev_matches_checkout(&repo, "HEAD", &[]);
    assert_subdir_matches_checkout(&repo, "HEAD", "lib", &[]);
    let v = run(&["--format", "json", "--by-file", "--rev", "HEAD", "repo"], repo.top());
    assert_eq!(file_paths(&v), ["repo/a.c", "repo/lib/y.py", "repo/other/y.py"]);
    assert_eq!(v["total"]["code"], 7, "{v}");
}

/// `ringloc ARGS` in `repo`'s folder exits 1 with `message` on stderr.
fn assert_fails_saying(repo: &Repo, args: &[&str], message: &str) {
    let out = ringloc(args, repo.top());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    assert!(stderr.contains(message), "{args:?}: {stderr}");
}

/// A name that does not resolve in a shallow clone (past its history) or in a repository whose
/// refs are kept in reftable says why, and a commit id still counts in the latter.
#[test]
fn names_that_fail_in_shallow_clones_and_reftable_repositories_say_why() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    repo.commit("one");
    repo.write("a.c", "int a;\nint b;\n");
    let head = repo.commit("two");
    let url = format!("file://{}", repo.path().display());
    repo.git(&["clone", "-q", "--depth", "1", &url, "../shallow"]);
    assert_fails_saying(&repo, &["--rev", "HEAD~1", "shallow"], "shallow clone");
    let reftable = repo.top().join("reftable");
    let made = Command::new("git")
        .args(["clone", "-q", "--ref-format=reftable", &url, reftable.to_str().unwrap()])
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect("run git");
    if !made.status.success() {
        let why = String::from_utf8_lossy(&made.stderr);
        assert!(std::env::var("CI").is_err(), "this git makes no reftable repository (CI=true): {why}");
        eprintln!("this git makes no reftable repository ({why}): reftable not checked");
        return;
    }
    assert_fails_saying(&repo, &["--rev", "HEAD", "reftable"], "keeps its refs in reftable");
    let by_id = run(&["--format", "json", "--rev", &head, "reftable"], repo.top());
    assert_eq!(by_id["total"]["lines"], 2);
}

/// A history in a shallow clone gives the commits the clone has and a note that it stops at the
/// clone's boundary (exit status 0, as for every note; `-q` drops it), where it ended there
/// silently, as if the project began there. A clone as deep as the history, whose boundary is
/// the root commit, and a range that ends before the boundary, miss nothing and say nothing.
#[test]
fn a_history_cut_by_a_shallow_clone_says_so() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    for i in 0..5 {
        repo.write("a.c", format!("int a{i};\n").repeat(i + 1));
        repo.commit(&format!("c{i}"));
    }
    let url = format!("file://{}", repo.path().display());
    repo.git(&["clone", "-q", "--depth", "2", &url, "../shallow"]);
    repo.git(&["clone", "-q", "--depth", "5", &url, "../whole"]);
    let history = |args: &[&str]| {
        let out = ringloc(&[&["history", "--format", "json"][..], args].concat(), repo.top());
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{args:?}: {stderr}");
        (json_of(&out)["commits"].as_array().unwrap().len(), stderr)
    };
    let (rows, stderr) = history(&["--repo", "shallow"]);
    assert_eq!(rows, 2);
    let boundary = repo.git(&["rev-parse", "HEAD~1"]);
    assert!(
        stderr.contains(&format!("history stops at {boundary}: this is a shallow clone"))
            && stderr.contains("git fetch --unshallow"),
        "{stderr}"
    );
    assert_eq!(history(&["--repo", "shallow", "-q"]), (2, String::new()));
    assert_eq!(history(&["HEAD~1..HEAD", "--repo", "shallow"]), (1, String::new()));
    assert_eq!(history(&["--repo", "whole"]), (5, String::new()));
}

/// In a blobless partial clone, a revision whose blobs were never fetched counts the rest and
/// names each missing blob as missing from a partial clone (exit status 2), as a diff does; its
/// checked-out HEAD counts whole. A history stops at the first (exit status 1, nothing written),
/// where it wrote rows whose totals left the missing file out.
#[test]
fn blobs_a_partial_clone_lacks_are_named_as_such() {
    if !has_git() {
        return;
    }
    let repo = Repo::two_commits(&[("a.c", "int a;\n"), ("b.c", "int b;\n")], &[("a.c", "int a;\nint c;\n")]);
    repo.git(&["config", "uploadpack.allowFilter", "true"]);
    let url = format!("file://{}", repo.path().display());
    repo.git(&["clone", "-q", "--filter=blob:none", &url, "../partial"]);
    let partial = repo.top().join("partial");
    let head = run(&["--format", "json", "--rev", "HEAD", "partial"], repo.top());
    assert_eq!(head["total"]["lines"], 3);
    let (report, stderr) =
        run_with_file_errors(&["--format", "json", "--rev", "HEAD~1", "partial"], repo.top());
    assert!(
        stderr.contains("a.c: blob ") && stderr.contains("is missing: the repository is a partial clone"),
        "{stderr}"
    );
    assert_eq!(report["total"]["lines"], 1, "b.c, fetched for HEAD, still counts");
    let (_, stderr) = run_with_file_errors(&["diff", "HEAD~1", "HEAD", "--format", "json"], &partial);
    assert!(stderr.contains("is missing: the repository is a partial clone"), "{stderr}");
    let out = ringloc(&["history", "--repo", "partial"], repo.top());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let first = repo.git(&["rev-parse", "HEAD~1"]);
    assert!(
        stderr.contains(&format!("history stops at {first}: partial/a.c: blob "))
            && stderr.contains("is missing: the repository is a partial clone"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
}

/// An ignore file a partial clone never fetched is a per-file error like any blob it never
/// fetched (exit 2), and the rest is counted without its rules, as an ignore file that cannot be
/// read on disk is; the whole count failed (exit 1) naming a blob by id and no file. A history
/// stops there, naming the commit and the ignore file.
#[test]
fn an_ignore_file_a_partial_clone_never_fetched_is_a_file_error() {
    if !has_git() {
        return;
    }
    let repo = Repo::two_commits(
        &[(".gitignore", "*.log.c\n"), ("a.c", "int a;\n"), ("t.log.c", "int t;\n")],
        &[(".gitignore", "*.tmp.c\n")],
    );
    repo.git(&["config", "uploadpack.allowFilter", "true"]);
    let url = format!("file://{}", repo.path().display());
    repo.git(&["clone", "-q", "--filter=blob:none", &url, "../partial"]);
    let (report, stderr) =
        run_with_file_errors(&["--format", "json", "--by-file", "--rev", "HEAD~1", "partial"], repo.top());
    assert!(
        stderr.contains("partial/.gitignore: blob ")
            && stderr.contains("is missing: the repository is a partial clone"),
        "{stderr}"
    );
    assert_eq!(file_paths(&report), ["partial/a.c", "partial/t.log.c"], "counted without its rules");
    let (_, stderr) =
        run_with_file_errors(&["diff", "HEAD~1", "HEAD", "--format", "json"], &repo.top().join("partial"));
    assert!(stderr.contains(".gitignore: blob "), "{stderr}");
    let out = ringloc(&["history", "--repo", "partial"], repo.top());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let first = repo.git(&["rev-parse", "HEAD~1"]);
    assert!(stderr.contains(&format!("history stops at {first}: partial/.gitignore: blob ")), "{stderr}");
}

/// A FIFO planted among the packs, or in place of a loose object, neither hangs a count (opening
/// it waited for a writer) nor stops it: the object it stands for is missing (exit status 2).
#[test]
fn fifos_in_the_object_store_do_not_hang_a_count() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    repo.commit("packed");
    repo.git(&["gc", "-q"]);
    repo.write("b.c", "int b;\n");
    repo.commit("loose");
    let objects = repo.path().join(".git/objects");
    let loose = repo.git(&["rev-parse", "HEAD:b.c"]);
    let loose = objects.join(&loose[..2]).join(loose[2..].trim());
    std::fs::remove_file(&loose).unwrap();
    for fifo in [loose, objects.join("pack/planted.idx")] {
        assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success(), "mkfifo {fifo:?}");
    }
    let (report, stderr) = run_with_file_errors(&["--format", "json", "--rev", "HEAD", "repo"], repo.top());
    assert!(stderr.contains("b.c: blob "), "{stderr}");
    assert_eq!(report["total"]["lines"], 1, "a.c still counts");
}

/// `--rev` counts a blob as stored, where a checkout converts line endings (`eol=crlf`): the
/// lines and their buckets are the checkout's, the bytes the blob's, one CR a line fewer, as the
/// README says.
#[test]
fn line_endings_a_checkout_converts_change_only_bytes() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write(".gitattributes", "*.c text eol=crlf\n");
    repo.write("a.c", "// a\nint a;\n\nint b;\n");
    repo.commit("crlf");
    let wt = repo.top().join("wt");
    repo.git(&["worktree", "add", "-q", "--detach", wt.to_str().unwrap(), "HEAD"]);
    assert_eq!(std::fs::read(wt.join("a.c")).unwrap(), b"// a\r\nint a;\r\n\r\nint b;\r\n");
    let checkout = run(&["--format", "json", "-t", "c", "wt"], repo.top());
    let stored = run(&["--format", "json", "-t", "c", "--rev", "HEAD", "repo"], repo.top());
    for field in ["files", "lines", "code", "comments", "blanks"] {
        assert_eq!(stored["total"][field], checkout["total"][field], "{field}");
    }
    assert_eq!(stored["total"]["bytes"], 20);
    assert_eq!(checkout["total"]["bytes"], 24);
}

/// An ignore file that is a symlink is applied neither by `--rev` (a tree entry of mode 120000 is
/// no ignore file) nor on its checkout, as git applies none (since 2.32): a checkout followed one,
/// so the two counted different files. Both name each in the same note, above the counted
/// directory too.
#[test]
fn ignore_files_that_are_symlinks_apply_neither_in_a_revision_nor_its_checkout() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("patterns.txt", "*.c\n");
    repo.write("a.c", "int a;\n");
    repo.write("sub/b.c", "int b;\n");
    repo.write("sub/deep/c.c", "int c;\n");
    let link = |target: &str, name: &str| std::os::unix::fs::symlink(target, repo.path().join(name)).unwrap();
    link("patterns.txt", ".gitignore");
    link("../patterns.txt", "sub/.ignore");
    link("nowhere", "sub/deep/.ringlocignore");
    repo.commit("ignore files that are symlinks");
    assert_rev_matches_checkout(&repo, "HEAD", &[]);
    for subdir in ["sub", "sub/deep"] {
        assert_subdir_matches_checkout(&repo, "HEAD", subdir, &[]);
    }
    let wt = repo.top().join("wt");
    repo.git(&["worktree", "add", "-q", "--detach", wt.to_str().unwrap(), "HEAD"]);
    let notes = |args: &[&str], named: &str| {
        let out = ringloc(args, repo.top());
        assert!(out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr).replace(&format!(" {named}/"), " repo/");
        let mut lines: Vec<String> = stderr.lines().map(String::from).collect();
        lines.sort();
        lines
    };
    for subdir in ["", "/sub/deep"] {
        let checkout = notes(&[&format!("wt{subdir}")], "wt");
        assert_eq!(checkout.len(), 3, "{checkout:?}");
        assert_eq!(notes(&["--rev", "HEAD", &format!("repo{subdir}")], "repo"), checkout, "{subdir}");
        let history = notes(&["history", "--repo", &format!("repo{subdir}")], "repo");
        assert_eq!(history, checkout, "history{subdir}");
    }
    assert!(notes(&["--rev", "HEAD", "-q", "repo"], "repo").is_empty());
}

/// A UTF-8 byte-order mark at the start of a committed ignore file is skipped by `--rev` as on its
/// checkout, as git skips it: both read it as part of the first pattern, which matched nothing.
#[test]
fn a_byte_order_mark_before_an_ignore_files_first_pattern_is_skipped() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write(".gitignore", "\u{feff}a.c\n");
    repo.write("sub/.ignore", "\u{feff}b.c\n");
    repo.write("sub/.ringlocignore", "\u{feff}c.c\n");
    for name in ["a.c", "sub/b.c", "sub/c.c", "sub/d.c"] {
        repo.write(name, "int x;\n");
    }
    repo.commit("ignore files with a byte-order mark");
    let v = run(&["--format", "json", "--by-file", "--rev", "HEAD", "repo"], repo.top());
    let paths: Vec<&str> =
        v["files"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["repo/sub/d.c"]);
    assert_rev_matches_checkout(&repo, "HEAD", &[]);
    assert_subdir_matches_checkout(&repo, "HEAD", "sub", &[]);
}

/// A tree that lists a name twice (`git mktree` writes one; `git fsck` calls it corrupt,
/// duplicateEntries) had the file counted twice, and a directory listed twice every file under it.
/// A checkout writes each name once, the last entry of it: `--rev`, `diff` and `history` count
/// that one, and name each path so listed as an error (exit status 2).
#[test]
fn a_name_a_tree_lists_twice_is_counted_once_and_named() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("a.c", "int x;\n");
    repo.write("sub/b.c", "int b;\n");
    repo.write("c.c", "int c;\nint d;\n");
    repo.commit("one");
    let id = |rev: &str| repo.git(&["rev-parse", rev]);
    let (x, y, sub) = (id("HEAD:a.c"), id("HEAD:c.c"), id("HEAD:sub"));
    let listing = format!(
        "100644 blob {x}\ta.c\n100644 blob {y}\ta.c\n040000 tree {sub}\tsub\n040000 tree {sub}\tsub\n"
    );
    let twice = mktree(&repo, &listing);
    let commit = repo.git(&["commit-tree", "-p", "HEAD", "-m", "twice", &twice]);
    repo.git(&["update-ref", "refs/heads/twice", &commit]);
    let wt = repo.top().join("wt");
    repo.git(&["worktree", "add", "-q", "--detach", wt.to_str().unwrap(), "twice"]);
    let checkout = run(&["--format", "json", "--by-file", "wt"], repo.top());
    let why = format!("tree {twice} lists this name more than once, which git fsck calls corrupt");
    let (counted, stderr) =
        run_with_file_errors(&["--format", "json", "--by-file", "--rev", "twice", "repo"], repo.top());
    assert_eq!(comparable(&counted), comparable(&checkout), "{stderr}");
    assert_eq!(file_paths(&counted), ["repo/a.c", "repo/sub/b.c"]);
    assert_eq!(counted["total"]["code"], 3, "a.c as its last entry, c.c's text, and b.c once");
    for path in ["repo/a.c", "repo/sub"] {
        assert!(stderr.contains(&format!("{path}: {why}")), "{stderr}");
    }
    let errors: Vec<&str> =
        counted["errors"].as_array().unwrap().iter().map(|e| e["path"].as_str().unwrap()).collect();
    assert_eq!(errors, ["repo/a.c", "repo/sub"]);
    let (diff, stderr) = run_with_file_errors(&["diff", "HEAD", "twice", "--format", "json"], &repo.path());
    assert!(stderr.contains(&format!("a.c: {why}")), "{stderr}");
    assert_eq!(diff["total"]["new"]["code"], 3, "{diff}");
    let out = ringloc(&["history", "twice", "--repo", "repo", "--format", "json"], repo.top());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&format!("repo/sub: {why}")), "{stderr}");
    let history = json_of(&out);
    let newest = &history["commits"].as_array().unwrap().last().unwrap()["total"];
    assert_eq!(newest["code"], 3, "{history}");
}

/// The id of the tree `git mktree` writes from `listing` (its lines as `git ls-tree` prints them).
fn mktree(repo: &Repo, listing: &str) -> String {
    use std::io::Write;
    let mut git = Command::new("git")
        .arg("mktree")
        .current_dir(repo.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run git mktree");
    git.stdin.take().unwrap().write_all(listing.as_bytes()).unwrap();
    let out = git.wait_with_output().unwrap();
    assert!(out.status.success(), "git mktree");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// A name that a branch and a tag both answer to: git reads the tag and warns
/// `refname 'v1' is ambiguous.`; ringloc read the tag too, and said nothing. `--rev`, `diff` and
/// `history` give git's warning (`-q` drops it, as it drops their notes), and none where
/// `core.warnAmbiguousRefs` is false.
#[test]
fn an_ambiguous_name_is_warned_of_as_git_warns() {
    if !has_git() {
        return;
    }
    let repo = Repo::two_commits(&[("a.c", "int a;\n")], &[("b.c", "int b;\n")]);
    repo.git(&["tag", "v1", "HEAD~1"]);
    repo.git(&["branch", "v1", "HEAD"]);
    let warning = "warning: refname 'v1' is ambiguous.";
    let git = Command::new("git").args(["rev-parse", "v1"]).current_dir(repo.path()).output().unwrap();
    assert!(String::from_utf8_lossy(&git.stderr).contains(warning), "git says it too");
    let said = |args: &[&str]| {
        let out = ringloc(args, &repo.path());
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        (json_of(&out), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (counted, stderr) = said(&["--rev", "v1", "--format", "json"]);
    assert_eq!(stderr, format!("ringloc: {warning}\n"));
    assert_eq!(counted["total"]["files"], 1, "the tag, as git reads it: {counted}");
    for args in [
        &["diff", "v1", "HEAD", "--format", "json"][..],
        &["diff", "HEAD..v1", "--format", "json"],
        &["history", "v1", "--format", "json"],
    ] {
        assert_eq!(said(args).1, format!("ringloc: {warning}\n"), "{args:?}");
    }
    assert_eq!(said(&["--rev", "v1", "-q", "--format", "json"]).1, "");
    assert_eq!(said(&["--rev", "v1~0", "--format", "json"]).1, format!("ringloc: {warning}\n"));
    assert_eq!(said(&["--rev", "refs/tags/v1", "--format", "json"]).1, "", "a full name is no dwim");
    repo.git(&["config", "core.warnAmbiguousRefs", "false"]);
    assert_eq!(said(&["--rev", "v1", "--format", "json"]).1, "");
}

/// A branch named like the start of an object's id (`git branch 1a2b3c4d`): git reads the branch
/// and warns `refname '1a2b3c4d' is ambiguous.`, as where two refs share a name; ringloc read the
/// branch too, and said nothing.
#[test]
fn a_branch_named_like_a_short_id_is_warned_of_as_git_warns() {
    if !has_git() {
        return;
    }
    let repo = Repo::two_commits(&[("a.c", "int a;\n")], &[("b.c", "int b;\n")]);
    let short = repo.git(&["rev-parse", "--short=8", "HEAD~1"]);
    repo.git(&["branch", &short, "HEAD"]);
    let git = Command::new("git").args(["rev-parse", &short]).current_dir(repo.path()).output().unwrap();
    let warning = format!("warning: refname '{short}' is ambiguous.");
    assert!(String::from_utf8_lossy(&git.stderr).contains(&warning), "git says it too");
    let out = ringloc(&["--rev", &short, "--format", "json"], &repo.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr, format!("ringloc: {warning}\n"));
    assert_eq!(json_of(&out)["total"]["files"], 2, "the branch, as git reads it");
}

/// A reflog date older than the ref's log: git reads the log's oldest entry and warns `log for
/// 'main' only goes back to DATE`; ringloc read the same entry and said nothing. It gives git's
/// warning word for word, for a branch named and for the one `HEAD` is on (`@{DATE}`), and none
/// for a date the log reaches.
#[test]
fn a_reflog_date_older_than_the_log_is_warned_of_as_git_warns() {
    if !has_git() {
        return;
    }
    let repo = Repo::two_commits(&[("a.c", "int a;\n")], &[("b.c", "int b;\n")]);
    for rev in ["main@{2001-01-01}", "@{2001-01-01}", "main@{978307200}", "main@{2030-01-01}"] {
        let git = Command::new("git").args(["rev-parse", rev]).current_dir(repo.path()).output().unwrap();
        let git_said = String::from_utf8_lossy(&git.stderr).into_owned();
        let out = ringloc(&["--rev", rev, "--format", "json"], &repo.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{rev}: {stderr}");
        let warned: String = git_said.lines().map(|line| format!("ringloc: {line}\n")).collect();
        assert_eq!(stderr, warned, "{rev}");
        assert_eq!(json_of(&out)["total"]["files"], if rev.contains("2030") { 2 } else { 1 }, "{rev}");
    }
    let out = ringloc(&["diff", "main@{2001-01-01}", "main", "--format", "json"], &repo.path());
    assert!(String::from_utf8_lossy(&out.stderr).contains("warning: log for 'main' only goes back to "));
    let out = ringloc(&["history", "main@{2001-01-01}..main", "--format", "json"], &repo.path());
    assert!(String::from_utf8_lossy(&out.stderr).contains("warning: log for 'main' only goes back to "));
}

/// The commit git resolves `rev` to in `repo` (`git rev-parse --verify REV^{commit}`), or what it
/// said where it resolves none.
fn git_resolves(repo: &Repo, rev: &str) -> Result<String, String> {
    let out = Command::new("git")
        .args(["rev-parse", "--verify", &format!("{rev}^{{commit}}")])
        .current_dir(repo.path())
        .output()
        .unwrap();
    let said = |bytes: &[u8]| String::from_utf8_lossy(bytes).trim().to_string();
    if out.status.success() {
        Ok(said(&out.stdout))
    } else {
        Err(said(&out.stderr))
    }
}

/// The commit ringloc resolves `rev` to in `repo` (the newest commit of `history REV`), or its
/// stderr where it resolves none.
fn ringloc_resolves(repo: &Repo, rev: &str) -> Result<String, String> {
    let out = ringloc(&["history", rev, "--every", "1000", "--format", "json"], &repo.path());
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let commits = json_of(&out)["commits"].clone();
    Ok(commits.as_array().unwrap().last().unwrap()["commit"].as_str().unwrap().to_string())
}

/// Two commits on `main`, and a branch `side` one commit ahead of them; `main` checked out.
fn main_and_side() -> Repo {
    let mut repo = Repo::two_commits(&[("a.c", "int a;\n")], &[("b.c", "int b;\n")]);
    repo.git(&["checkout", "-q", "-b", "side"]);
    repo.write("c.c", "int c;\n");
    repo.commit("three");
    repo.git(&["checkout", "-q", "main"]);
    repo
}

/// A reflog selector with no name before it (`@{1}`, `@{yesterday}`) reads, as git reads it, the
/// reflog of the branch `HEAD` is on, and with `HEAD` detached `HEAD`'s own: ringloc failed there
/// with "Unborn heads do not have a reflog yet", where `git rev-parse @{1}` answers. The upstream
/// of a detached `HEAD` fails in git's words.
#[test]
fn a_bare_reflog_selector_with_head_detached_reads_heads_own_reflog() {
    if !has_git() {
        return;
    }
    let mut repo = main_and_side();
    repo.write("d.c", "int d;\n");
    repo.commit("four");
    let revs = ["@{0}", "@{1}", "@{2}", "@{1}~1", "@{2030-01-01}", "HEAD@{1}", "@{-1}", "main@{1}", "@"];
    let compare = |state: &str| {
        for rev in revs {
            let git = git_resolves(&repo, rev).unwrap_or_else(|why| panic!("git {rev}: {why}"));
            assert_eq!(ringloc_resolves(&repo, rev), Ok(git), "{rev} ({state})");
        }
    };
    compare("on a branch");
    repo.git(&["checkout", "-q", "--detach", "HEAD~1"]);
    compare("detached");
    assert_ne!(git_resolves(&repo, "@{1}"), git_resolves(&repo, "main@{1}"), "HEAD's own reflog");
    let out = ringloc(&["--rev", "@{2001-01-01}", "--format", "json"], &repo.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.starts_with("ringloc: warning: log for 'HEAD' only goes back to "), "{stderr}");
    for rev in ["@{u}", "@{push}", "HEAD@{upstream}"] {
        assert_eq!(git_resolves(&repo, rev), Err("fatal: HEAD does not point to a branch".into()));
        let said = ringloc_resolves(&repo, rev).unwrap_err();
        assert_eq!(said, format!("ringloc: bad revision '{rev}': HEAD does not point to a branch\n"));
    }
}

/// A branch whose upstream is another branch of the same repository (`git branch
/// --set-upstream-to=side`, which writes `branch.main.remote = .`): git's `main@{u}` is that
/// branch; ringloc failed with "does not have a fetch tracking branch configured".
#[test]
fn the_upstream_of_a_branch_tracking_a_local_branch_is_that_branch() {
    if !has_git() {
        return;
    }
    let repo = main_and_side();
    repo.git(&["branch", "-q", "--set-upstream-to=side", "main"]);
    let revs = ["@{u}", "@{upstream}~1", "main@{u}", "main@{UPSTREAM}", "HEAD@{u}", "@@{u}"];
    for state in ["on main", "detached"] {
        for rev in revs {
            let git = git_resolves(&repo, rev);
            let git = git.map_err(|why| format!("ringloc: bad revision '{rev}': {}\n", &why[7..]));
            assert_eq!(ringloc_resolves(&repo, rev), git, "{rev} ({state})");
        }
        repo.git(&["checkout", "-q", "--detach"]);
    }
    assert_eq!(ringloc_resolves(&repo, "main@{u}"), Ok(repo.git(&["rev-parse", "side"])));
}

/// A reflog entry past the log's end and an upstream asked of a branch without one, or of a name
/// that is no branch, fail in git's words (`log for 'main' only has 2 entries`, `no upstream
/// configured for branch 'main'`, `no such branch: 'v1'`), where gix's spoke of "ref-log entries"
/// and "a fetch tracking branch".
#[test]
fn reflogs_too_short_and_missing_upstreams_fail_in_gits_words() {
    if !has_git() {
        return;
    }
    let repo = Repo::two_commits(&[("a.c", "int a;\n")], &[("b.c", "int b;\n")]);
    repo.git(&["tag", "v1"]);
    let revs =
        ["main@{2}", "main@{9}~1", "@{9}", "HEAD@{9}", "@{u}", "main@{upstream}", "v1@{u}", "nope@{u}"];
    let compare = |state: &str| {
        for rev in revs {
            let git = git_resolves(&repo, rev).expect_err(rev);
            let said = git.strip_prefix("fatal: ").unwrap_or_else(|| panic!("git {rev}: {git}"));
            let ringloc_said = ringloc_resolves(&repo, rev);
            assert_eq!(ringloc_said, Err(format!("ringloc: bad revision '{rev}': {said}\n")), "{state}");
        }
    };
    compare("on main");
    repo.git(&["checkout", "-q", "--detach"]);
    compare("detached");
}

/// `diff` between revisions and `history` refused `--docstrings-as-code` (a usage error), which a
/// count and `--rev` take: each side, and each sampled commit, counts doc strings as `--rev` does
/// under it. Between two reports it is refused by name, as the selection flags are.
#[test]
fn docstrings_as_code_counts_each_revision_as_rev_does() {
    if !has_git() {
        return;
    }
    let doc = "def f():\n    \"\"\"Says what f does.\"\"\"\n    return 1\n";
    let repo = Repo::two_commits(&[("a.py", "x = 1\n")], &[("b.py", doc)]);
    let json = |args: &[&str]| run(&[args, &["--format", "json"]].concat(), &repo.path());
    let rev = json(&["--rev", "HEAD", "--docstrings-as-code"])["total"].clone();
    assert_eq!(rev["code"], 4, "{rev}");
    assert_ne!(rev, json(&["--rev", "HEAD"])["total"]);
    for args in [
        &["diff", "HEAD~1", "HEAD", "--docstrings-as-code"][..],
        &["--docstrings-as-code", "diff", "HEAD~1..HEAD"],
    ] {
        let diff = json(args);
        assert_eq!(diff["total"]["new"], rev, "{args:?}: {diff}");
        assert_eq!(diff["lines"]["total"]["code"]["added"], 3, "{args:?}: {diff}");
    }
    let history = run(&["history", "--format", "json", "--docstrings-as-code"], &repo.path());
    assert_eq!(history["commits"].as_array().unwrap().last().unwrap()["total"], rev, "{history}");
    std::fs::write(repo.path().join("r.json"), serde_json::to_string(&rev).unwrap()).unwrap();
    let out = ringloc(&["diff", "r.json", "r.json", "--docstrings-as-code"], &repo.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("--docstrings-as-code does not apply"), "{stderr}");
}

/// A repository of one committed C file, for a test to add as a submodule.
fn submodule_source() -> Repo {
    let mut sub = Repo::new();
    sub.write("inner.c", "int inner;\n");
    sub.commit("sub");
    sub
}

#[test]
fn submodules_and_lfs_pointers_are_reported_apart() {
    if !has_git() {
        return;
    }
    let sub = submodule_source();
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    repo.write("model.json", "version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 12345\n");
    repo.git(&["submodule", "add", "-q", sub.path().to_str().unwrap(), "vendor/sub"]);
    repo.commit("with a submodule");
    let out = ringloc(&["--format", "json", "--by-file", "--rev", "HEAD", "repo"], repo.top());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("1 submodule not followed: repo/vendor/sub"), "{stderr}");
    assert!(stderr.contains("1 Git LFS pointer not counted: repo/model.json"), "{stderr}");
    let v = json_of(&out);
    let paths: Vec<&str> =
        v["files"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["repo/a.c"]);
    // A history says so of its samples too, each path once however many samples hold it: it
    // said nothing, and its totals left them out unsaid.
    repo.write("a.c", "int a;\nint b;\n");
    repo.commit("two");
    let out = ringloc(&["history", "--repo", "repo"], repo.top());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr.matches("1 submodule not followed: repo/vendor/sub\n").count(), 1, "{stderr}");
    assert_eq!(stderr.matches("1 Git LFS pointer not counted: repo/model.json\n").count(), 1, "{stderr}");
}

/// `repo`'s branch `main` made by `git fast-import` from `stream`, which may hold what `git add`
/// would not (a tree thousands of directories deep).
fn fast_import(repo: &Repo, stream: &str) {
    use std::io::Write;
    let mut child = Command::new("git")
        .args(["fast-import", "--quiet"])
        .current_dir(repo.path())
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect("run git fast-import");
    child.stdin.take().unwrap().write_all(stream.as_bytes()).unwrap();
    assert!(child.wait().unwrap().success(), "git fast-import");
}

/// One commit of a `git fast-import` stream on `main`, adding or changing `path` to `body`.
fn imported_commit(time: u64, path: &str, body: &str) -> String {
    format!(
        "commit refs/heads/main\ncommitter t <t@t> {time} +0000\ndata 1\nc\nM 100644 inline {path}\ndata {}\n{body}\n",
        body.len()
    )
}

/// A tree whose directories nest deeper than 4096 is an error that says so (exit status 1),
/// where 10,000 levels overflowed the stack (exit status 134); one 4096 deep counts, in a history
/// too, whose runs of 64 commits (here three) are listed and summed on a thread per core, each
/// with a stack of 2 MiB that listing that tree overflowed.
#[test]
fn a_tree_nested_past_the_depth_limit_is_an_error_and_one_at_it_counts() {
    if !has_git() {
        return;
    }
    let repo = Repo::new();
    let deepest = format!("{}f.c", "d/".repeat(4096));
    let mut stream = imported_commit(1_700_000_000, &deepest, "int f;\n");
    for i in 0..130 {
        stream += &imported_commit(1_700_000_001 + i, "top.c", &format!("int top{i};\n"));
    }
    let too_deep = format!("{}f.c", "d/".repeat(10_000));
    fast_import(&repo, &(stream + &imported_commit(1_700_001_000, &too_deep, "int g;\n")));
    let v = run(&["--format", "json", "--rev", "HEAD~1", "repo"], repo.top());
    assert_eq!(v["total"]["files"], 2);
    let v = run(&["history", "HEAD~1", "--format", "json", "--repo", "repo"], repo.top());
    assert_eq!(v["commits"].as_array().unwrap().len(), 131);
    let said = "exceeded the maximum tree depth, 4096 directories";
    for args in [
        &["--rev", "HEAD", "repo"][..],
        &["history", "--repo", "repo"],
        &["diff", "HEAD~1", "HEAD", "--repo", "repo"],
    ] {
        assert_fails_saying(&repo, args, said);
    }
}

/// The note of submodules not followed lists them in path order, where it listed the last
/// directory's first (`vendor/gl, libs/r1`).
#[test]
fn submodules_are_noted_in_path_order() {
    if !has_git() {
        return;
    }
    let sub = submodule_source();
    let mut repo = Repo::new();
    for path in ["libs/r1", "vendor/gl"] {
        repo.git(&["submodule", "add", "-q", sub.path().to_str().unwrap(), path]);
    }
    repo.commit("two submodules");
    let out = ringloc(&["--rev", "HEAD", "repo"], repo.top());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("2 submodules not followed: repo/libs/r1, repo/vendor/gl\n"), "{stderr}");
}

/// `--exclude-dir` and `--exclude` values that match nothing in a revision are noted as on its
/// checkout, and only those: a submodule is a directory that `--exclude-dir` matches (and then
/// is not listed). `diff` and `history` say the same, once for all the trees they list, and `-q`
/// drops it there too.
#[test]
fn exclusions_that_match_nothing_in_a_revision_are_noted_as_on_its_checkout() {
    if !has_git() {
        return;
    }
    let sub = submodule_source();
    let mut repo = Repo::new();
    repo.write("top.c", "int top;\n");
    repo.write("src/a.c", "int a;\n");
    repo.write("vendor/b.c", "int b;\n");
    repo.git(&["submodule", "add", "-q", sub.path().to_str().unwrap(), "deps/sub"]);
    repo.commit("with a submodule");
    let exclusions = ["--exclude-dir", "vendr", "--exclude-dir", "vendor", "--exclude-dir", "deps/sub"];
    let exclusions = [&exclusions[..], &["--exclude", "nothing*", "--exclude", "src/"]].concat();
    let flags = [&exclusions[..], &["repo"]].concat();
    let stderr = |args: &[&str]| {
        let out = ringloc(args, repo.top());
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        stderr
    };
    let notes = |stderr: &str| -> Vec<String> {
        stderr.lines().filter(|l| l.contains("matched nothing")).map(str::to_string).collect()
    };
    let checkout = stderr(&flags);
    assert_eq!(
        notes(&checkout),
        ["ringloc: --exclude-dir 'vendr' matched nothing", "ringloc: --exclude 'nothing*' matched nothing"]
    );
    let revision = stderr(&[&["--rev", "HEAD"], &flags[..]].concat());
    assert_eq!(notes(&revision), notes(&checkout), "{revision}");
    assert!(!revision.contains("submodule"), "{revision}");
    assert_eq!(stderr(&[&["--rev", "HEAD", "-q"], &flags[..]].concat()), "");
    for command in [&["diff", "HEAD", "HEAD"][..], &["history"]] {
        let args = [command, &["--repo", "repo"], &exclusions].concat();
        assert_eq!(notes(&stderr(&args)), notes(&checkout), "{command:?}");
        assert_eq!(stderr(&[&args[..], &["-q"]].concat()), "", "{command:?}");
    }
}

/// `-q` drops the notes of a diff between revisions (a submodule not followed) and of a history
/// (a cache set aside), before the subcommand's name too, as it drops a count's; `diff` and
/// `history` refused it, so a script could not silence them. `--rev -q` drops a cache's note too.
#[test]
fn quiet_drops_the_notes_of_diffs_and_histories() {
    if !has_git() {
        return;
    }
    let sub = submodule_source();
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    repo.git(&["submodule", "add", "-q", sub.path().to_str().unwrap(), "vendor/sub"]);
    repo.commit("one");
    repo.write("a.c", "int a;\nint b;\n");
    repo.commit("two");
    let stderr = |args: &[&str]| {
        let out = ringloc(args, &repo.path());
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{args:?}: {stderr}");
        stderr
    };
    assert!(stderr(&["diff", "HEAD~1", "HEAD"]).contains("1 submodule not followed"));
    for args in [
        &["diff", "-q", "HEAD~1", "HEAD"][..],
        &["diff", "HEAD~1..HEAD", "--quiet"],
        &["-q", "diff", "HEAD~1..HEAD"],
    ] {
        assert_eq!(stderr(args), "", "{args:?}");
    }
    let rules = ["--cache", "../blobs.cache", "--docstrings-as-code"];
    stderr(&[&["--rev", "HEAD"][..], &rules].concat());
    assert_eq!(stderr(&["history", "-q", "--cache", "../blobs.cache"]), "");
    assert_eq!(stderr(&[&["--rev", "HEAD", "-q"][..], &rules].concat()), "");
    assert!(stderr(&["history", "--cache", "../blobs.cache"]).contains("counting every blob again"));
}

/// Sums of one field over the three buckets of a `lines` entry.
fn sum(moves: &Value, field: &str) -> u64 {
    ["code", "comments", "blanks"].iter().map(|b| moves[b][field].as_u64().unwrap()).sum()
}

#[test]
fn a_diff_between_revisions_accounts_for_every_line() {
    if !has_git() {
        return;
    }
    let (repo, commits) = eventful_repo();
    let (old, new) = (&commits[0], &commits[3]);
    let v = run(&["diff", old, new, "--repo", "repo", "--format", "json"], repo.top());
    let range = run(&["diff", &format!("{old}..{new}"), "--repo", "repo", "--format", "json"], repo.top());
    assert_eq!(v, range);
    let lines = &v["lines"]["total"];
    let total = |rev: &str| {
        run(&["--format", "json", "--rev", rev, "repo"], repo.top())["total"]["lines"].as_u64().unwrap()
    };
    assert_eq!(sum(lines, "unchanged") + sum(lines, "modified") + sum(lines, "removed"), total(old));
    assert_eq!(sum(lines, "unchanged") + sum(lines, "modified") + sum(lines, "added"), total(new));
    let file = |path: &str| {
        let files = v["lines"]["files"].as_array().unwrap();
        files.iter().find(|f| f["path"] == path).unwrap_or_else(|| panic!("{path} in {files:?}")).clone()
    };
    let main = file("repo/src/main.c");
    assert_eq!(main["code"], serde_json::json!({"added": 1, "removed": 0, "modified": 0, "unchanged": 4}));
    assert_eq!(
        main["comments"],
        serde_json::json!({"added": 0, "removed": 0, "modified": 1, "unchanged": 0})
    );
    assert_eq!(file("repo/lib/mod.rs")["code"]["removed"], 1);
    assert_eq!(file("repo/src/renamed.h")["code"]["added"], 4);
    assert_eq!(file("repo/side/s.js")["comments"]["added"], 1);
    // The count deltas are those of `diff` between the two revisions' reports.
    let report = |rev: &str, name: &str| {
        let out = ringloc(&["--format", "json", "--by-file", "--rev", rev, "repo"], repo.top());
        std::fs::write(repo.top().join(name), &out.stdout).unwrap();
    };
    report(old, "old.json");
    report(new, "new.json");
    let reports = run(&["diff", "old.json", "new.json", "--format", "json"], repo.top());
    for key in ["total", "languages", "files"] {
        assert_eq!(v[key], reports[key], "{key}");
    }
    for format in ["table", "markdown", "csv", "ndjson"] {
        let out = ringloc(&["diff", old, new, "--repo", "repo", "--format", format], repo.top());
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success() && text.contains("main.c"), "{format}: {text}");
    }
    let mixed = ringloc(&["diff", "old.json", "HEAD"], repo.top());
    assert_eq!(mixed.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&mixed.stderr).contains("(old.json is a file here"), "{mixed:?}");
}

/// A path in the git directory names no directory of a revision: `--rev` said the revision had no
/// `.git`, `history` wrote rows of zeros and a diff compared nothing. Each is an error (exit 1)
/// naming the work tree to count instead.
#[test]
fn a_path_in_the_git_directory_is_refused_and_the_work_tree_named() {
    if !has_git() {
        return;
    }
    let repo = Repo::two_commits(&[("a.c", "int a;\n")], &[("a.c", "int a;\nint b;\n")]);
    let objects = repo.path().join(".git/objects");
    for (args, dir) in [
        (&["--rev", "HEAD"][..], &objects),
        (&["--rev", "HEAD", ".git"], &repo.path()),
        (&["history"], &objects),
        (&["diff", "HEAD~1", "HEAD", "--repo", ".."], &objects),
    ] {
        let out = ringloc(args, dir);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("inside its git directory") && stderr.contains("name the work tree"),
            "{stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// `diff` between revisions takes the selection flags `--rev` takes, in the same words, before
/// the subcommand's name too: each side is what `--rev` counts under them, and a file they leave
/// out has no lines compared. Without one, nothing is left out.
#[test]
fn a_diff_between_revisions_counts_what_the_selection_flags_keep() {
    if !has_git() {
        return;
    }
    let repo = Repo::two_commits(
        &[("src/a.c", "int a;\n"), ("vendor/v.c", "int v;\n")],
        &[
            ("src/a.c", "int a;\nint b;\n"),
            ("vendor/v.c", "int v;\nint w;\nint x;\n"),
            ("vendor/deep/d.rs", "fn d() {}\n"),
        ],
    );
    let diff = |args: &[&str]| run(&[args, &["--format", "json"]].concat(), &repo.path());
    let paths = |v: &Value| -> Vec<String> {
        let files = v["lines"]["files"].as_array().unwrap();
        let mut paths: Vec<String> = files.iter().map(|f| f["path"].as_str().unwrap().into()).collect();
        paths.sort();
        paths
    };
    assert_eq!(paths(&diff(&["diff", "HEAD~1", "HEAD"])), ["src/a.c", "vendor/deep/d.rs", "vendor/v.c"]);
    let kept = diff(&["diff", "HEAD~1", "HEAD", "--exclude-dir", "vendor"]);
    assert_eq!(paths(&kept), ["src/a.c"]);
    assert_eq!(kept["lines"]["total"]["code"]["added"], 1, "{kept}");
    assert_eq!(diff(&["--exclude-dir", "vendor", "diff", "HEAD~1..HEAD"]), kept);
    let total = |rev: &str| run(&["--format", "json", "--rev", rev, "--exclude-dir", "vendor"], &repo.path());
    assert_eq!(kept["total"]["old"], total("HEAD~1")["total"]);
    assert_eq!(kept["total"]["new"], total("HEAD")["total"]);
}

/// `--no-generated` and `--no-minified` leave files out of `diff` between revisions and of
/// `history` as they do of `--rev`: both were usage errors there.
#[test]
fn diff_and_history_leave_out_generated_and_minified_files_as_rev_does() {
    if !has_git() {
        return;
    }
    let minified = format!("var a={};\n", "1+".repeat(600) + "1");
    let repo = Repo::two_commits(
        &[("a.c", "int a;\n")],
        &[("a.c", "int a;\nint b;\n"), ("gen.c", "// @generated\nint g;\n"), ("m.js", &minified)],
    );
    let json = |args: &[&str]| run(&[args, &["--format", "json"]].concat(), &repo.path());
    for flag in ["--no-generated", "--no-minified"] {
        let left = if flag == "--no-generated" { "gen.c" } else { "m.js" };
        let diff = json(&["diff", "HEAD~1", "HEAD", flag]);
        let files = diff["lines"]["files"].as_array().unwrap();
        assert!(files.iter().all(|f| f["path"] != left), "{flag}: {diff}");
        assert_eq!(diff["total"]["new"], json(&["--rev", "HEAD", flag])["total"], "{flag}");
        let history = run(&["history", "--format", "json", flag], &repo.path());
        let newest = history["commits"].as_array().unwrap().last().unwrap()["total"].clone();
        assert_eq!(newest, json(&["--rev", "HEAD", flag])["total"], "{flag}");
        assert_ne!(newest, json(&["--rev", "HEAD"])["total"], "{flag}");
    }
}

/// `--top N` cuts a revision diff's line changes too: the N languages and the N files with most
/// lines added, removed or modified stay, and every format says how many went; the total keeps
/// every line.
#[test]
fn top_keeps_the_line_changes_that_moved_most() {
    if !has_git() {
        return;
    }
    let repo = Repo::two_commits(
        &[("a.c", "int a;\n"), ("b.rs", "fn b() {}\n"), ("c.py", "c = 1\n")],
        &[("a.c", "int a;\nint b;\n"), ("b.rs", "fn b() {}\nfn c() {}\nfn d() {}\n"), ("c.py", "c = 2\n")],
    );
    let diff =
        |args: &[&str]| run(&[&["diff", "HEAD~1", "HEAD", "--format", "json"], args].concat(), &repo.path());
    let names = |v: &Value, list: &str, key: &str| -> Vec<String> {
        v["lines"][list].as_array().unwrap().iter().map(|row| row[key].as_str().unwrap().into()).collect()
    };
    let whole = diff(&[]);
    assert_eq!(names(&whole, "languages", "name"), ["C", "Python", "Rust"]);
    let cut = diff(&["--top", "1"]);
    assert_eq!(names(&cut, "languages", "name"), ["Rust"], "{cut}");
    assert_eq!(names(&cut, "files", "path"), ["b.rs"], "{cut}");
    assert_eq!((&cut["omitted"]["lines_languages"], &cut["omitted"]["lines_files"]), (&2.into(), &2.into()));
    assert_eq!(cut["lines"]["total"], whole["lines"]["total"]);
    let two = diff(&["--top", "2"]);
    assert_eq!(names(&two, "languages", "name"), ["C", "Rust"], "still by name");
    let table = ringloc(&["diff", "HEAD~1", "HEAD", "--top", "1"], &repo.path());
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(!text.contains("Python") && !text.contains("a.c"), "{text}");
    assert!(text.contains("2 more languages not shown (--top)"), "{text}");
}

/// Between two reports there is nothing to select again: a selection flag is refused, by name,
/// where it used to be taken without a word, and so is `--repo`, as no repository is read. Flags
/// `--rev` refuses are not taken at all.
#[test]
fn a_diff_between_reports_refuses_selection_flags_by_name() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    repo.commit("one");
    let report = ringloc(&["--format", "json", "repo"], repo.top());
    std::fs::write(repo.top().join("old.json"), &report.stdout).unwrap();
    std::fs::write(repo.top().join("new.json"), &report.stdout).unwrap();
    let refused = [
        (&["--exclude-dir", "vendor"][..], "--exclude-dir does not apply"),
        (&["-t", "C"], "-t/--type does not apply"),
        (&["--hidden"], "--hidden does not apply"),
        (&["--no-generated"], "--no-generated does not apply"),
        (&["--repo", "."], "reads no repository: --repo does not apply"),
    ];
    for (flags, said) in refused {
        let out = ringloc(&[&["diff", "old.json", "new.json"][..], flags].concat(), repo.top());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{flags:?}: {stderr}");
        assert!(stderr.contains(said), "{flags:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{flags:?}");
    }
    assert_eq!(ringloc(&["diff", "old.json", "new.json"], repo.top()).status.code(), Some(0));
    for args in [&["diff", "HEAD", "HEAD", "--follow"][..], &["history", "-L"], &["history", "--by-root"]] {
        assert_eq!(ringloc(args, &repo.path()).status.code(), Some(1), "{args:?}");
    }
}

/// `diff ../r.json` is one report, not the range `../r.json`; a range without a start says so, in
/// `diff` and in `history`, instead of naming an empty revision.
#[test]
fn a_report_path_with_dots_is_no_range_and_a_range_needs_a_start() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    repo.commit("one");
    std::fs::write(repo.top().join("r.json"), ringloc(&["--format", "json", "repo"], repo.top()).stdout)
        .unwrap();
    let stderr = |out: &std::process::Output| String::from_utf8_lossy(&out.stderr).into_owned();
    let out = ringloc(&["diff", "../r.json"], &repo.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "diff needs two reports, two directories, two revisions or a range A..B, not just ../r.json"
        ),
        "{}",
        stderr(&out)
    );
    for args in [&["diff", "..HEAD"][..], &["diff", ".."], &["history", "..HEAD"]] {
        let out = ringloc(args, &repo.path());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let said = format!("bad revision '{}': the range has no start", args[1]);
        assert!(stderr(&out).contains(&said), "{args:?}: {}", stderr(&out));
    }
    assert_eq!(ringloc(&["diff", "HEAD.."], &repo.path()).status.code(), Some(0));
}

/// Only files are reports: a directory named like a revision (the `v2/` a checkout of tag `v2`
/// has) leaves `diff v1 v2` a diff between revisions, which was refused as "one of each".
#[test]
fn a_directory_named_like_a_revision_is_no_report() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.commit("empty");
    repo.git(&["tag", "v1"]);
    repo.write("v2/a.c", "int a;\n");
    repo.commit("v2");
    repo.git(&["tag", "v2"]);
    let v = run(&["diff", "v1", "v2", "--format", "json"], &repo.path());
    assert_eq!(v["lines"]["total"]["code"]["added"], 1, "{v}");
}

/// Two directories are compared as trees, as `cloc --diff` compares them; where both also name
/// revisions (checkouts of tags `v1/` and `v2/` in the repository), the diff is refused as git
/// refuses an argument both a revision and a path, naming the two ways to say which.
#[test]
fn two_directories_that_are_revisions_too_are_refused_as_ambiguous() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("v1/a.c", "int a;\n");
    repo.commit("v1");
    repo.git(&["tag", "v1"]);
    repo.write("v2/a.c", "int a;\nint b;\n");
    repo.commit("v2");
    repo.git(&["tag", "v2"]);
    let out = ringloc(&["diff", "v1", "v2"], &repo.path());
    let stderr = |out: &std::process::Output| String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out)
        .contains("`diff ./v1 ./v2` compares the directories, `diff --repo . v1 v2` the revisions"));
    let trees = run(&["diff", "./v1", "./v2", "--format", "json"], &repo.path());
    assert_eq!(trees["lines"]["total"]["code"]["added"], 1, "{trees}");
    let revs = run(&["diff", "--repo", ".", "v1", "v2", "--format", "json"], &repo.path());
    assert_eq!(revs["lines"]["total"]["code"]["added"], 2, "{revs}");
}

/// `diff A...B` compares B with the commit it last shares with A, as `git diff A...B` does: what
/// the side branch changed, not what main changed since. `history A...B` (git's symmetric
/// difference, no line of first parents) is refused, naming `A..B`. Both read `...B` as `.B`.
#[test]
fn a_three_dot_diff_starts_at_the_merge_base_and_history_refuses_it() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    let base = repo.commit("base");
    repo.git(&["branch", "side"]);
    repo.write("a.c", "int a;\nint main_only;\n");
    repo.commit("main");
    repo.git(&["checkout", "-q", "side"]);
    repo.write("b.c", "int b;\n");
    repo.commit("side");
    let diff = |args: &[&str]| run(&[&["diff", "--format", "json"][..], args].concat(), &repo.path());
    let three_dots = diff(&["main...side"]);
    assert_eq!(three_dots, diff(&[&base, "side"]));
    assert_eq!(three_dots, diff(&["main..."]), "an empty end is HEAD");
    assert_eq!(three_dots["lines"]["total"]["code"]["removed"], 0, "{three_dots}");
    assert_eq!(diff(&["main..side"])["lines"]["total"]["code"]["removed"], 1);
    assert_fails_saying(&repo, &["history", "main...side", "--repo", "repo"], "use A..B");
    assert_fails_saying(&repo, &["diff", "...side", "--repo", "repo"], "the range has no start");
    repo.git(&["checkout", "-q", "--orphan", "lone"]);
    repo.commit("lone");
    assert_fails_saying(&repo, &["diff", "main...lone", "--repo", "repo"], "no commit in common");
}

#[test]
fn a_diff_between_revisions_spells_each_path_one_way() {
    if !has_git() {
        return;
    }
    let repo = Repo::two_commits(&[("sub/x.c", "int x;\n")], &[("sub/x.c", "int x;\nint y;\n")]);
    // From the top (`.`), and from below it: the rows' paths and the lines' are one spelling.
    for (cwd, path) in [(repo.path(), "sub/x.c"), (repo.path().join("sub"), "x.c")] {
        let v = run(&["diff", "HEAD~1", "HEAD", "--format", "json"], &cwd);
        assert_eq!(v["files"][0]["path"], path, "{v}");
        assert_eq!(v["lines"]["files"][0]["path"], path, "{v}");
        let csv = ringloc(&["diff", "HEAD~1", "HEAD", "--format", "csv"], &cwd);
        let csv = String::from_utf8(csv.stdout).unwrap();
        let rows: Vec<&str> = csv.lines().filter(|l| l.starts_with("file,")).collect();
        assert_eq!(rows.len(), 4, "one row of counts, one per bucket of lines: {csv}");
        assert!(rows.iter().all(|r| r.starts_with(&format!("file,{path},"))), "{csv}");
    }
}

#[test]
fn history_samples_commits_and_counts_each_blob_once() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    let mut commits = Vec::new();
    for i in 0..6 {
        repo.write(&format!("src/f{i}.c"), format!("int f{i};\n").repeat(i + 1));
        repo.write("src/shared.rs", format!("// v{}\nfn main() {{}}\n", i / 2));
        commits.push(repo.commit(&format!("c{i}")));
    }
    let v = run(&["history", "--repo", "repo", "--format", "json"], repo.top());
    let rows = v["commits"].as_array().unwrap();
    let ids: Vec<&str> = rows.iter().map(|c| c["commit"].as_str().unwrap()).collect();
    assert_eq!(ids, commits.iter().map(String::as_str).collect::<Vec<_>>());
    for (row, commit) in rows.iter().zip(&commits) {
        let alone = run(&["--format", "json", "--rev", commit, "repo"], repo.top());
        assert_eq!(row["total"], alone["total"], "{commit}");
    }
    // Six f*.c blobs, three versions of shared.rs.
    assert_eq!(v["blobs_counted"], 9);
    let every = run(&["history", "--repo", "repo", "--format", "json", "--every", "2"], repo.top());
    let sampled: Vec<&Value> = every["commits"].as_array().unwrap().iter().map(|c| &c["commit"]).collect();
    assert_eq!(
        sampled,
        [&commits[1], &commits[3], &commits[5]].map(|c| Value::from(c.as_str())).iter().collect::<Vec<_>>()
    );
    let range = format!("{}..HEAD", commits[2]);
    let step = run(&["history", &range, "--repo", "repo", "--format", "json", "--step", "2d"], repo.top());
    assert_eq!(step["commits"].as_array().unwrap().len(), 2, "commits 3..5, one per two days: 5 and 3");
    let csv = ringloc(&["history", "--repo", "repo", "--every", "3"], repo.top());
    let text = String::from_utf8_lossy(&csv.stdout);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("commit,date,language,files,lines,code,comments,blanks,bytes"));
    assert!(text.contains(&format!("{},", commits[5])) && text.contains(",Total,7,"), "{text}");
}

/// `history` takes the selection flags `--rev` takes: each sample is what `--rev` counts of its
/// commit under them, a language filter's shebang files included.
#[test]
fn history_counts_what_a_language_filter_keeps_as_rev_does() {
    if !has_git() {
        return;
    }
    let (repo, _) = eventful_repo();
    let flags = ["-t", "Python,Rust", "--max-file-size", "1K"];
    let all = run(&["history", "--repo", "repo", "--format", "json"], repo.top());
    let v = run(&[&["history", "--repo", "repo", "--format", "json"][..], &flags].concat(), repo.top());
    let rows = v["commits"].as_array().unwrap();
    assert_eq!(rows.len(), all["commits"].as_array().unwrap().len());
    for row in rows {
        let commit = row["commit"].as_str().unwrap();
        let alone = run(&[&["--format", "json", "--rev", commit, "repo"][..], &flags].concat(), repo.top());
        assert_eq!(row["total"], alone["total"], "{commit}");
        assert_eq!(row["languages"], alone["languages"], "{commit}");
    }
    let names = |row: &Value| -> Vec<String> {
        row["languages"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap().into()).collect()
    };
    assert_eq!(names(&rows[0]), ["Python", "Rust"], "the shebang script, not big.py: {v}");
    assert!(names(&all["commits"][0]).contains(&"C".to_string()), "{all}");
}

/// `history --format html`: a page with a line a language and the total, a point a commit, and
/// a table row a commit, whose newest total is the JSON's.
#[test]
fn history_as_a_page_draws_each_language_and_lists_each_commit() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    let mut commits = Vec::new();
    for i in 0..3 {
        repo.write(&format!("src/f{i}.c"), "int f;\n".repeat(i + 1));
        repo.write("src/main.rs", "fn main() {}\n".repeat(10 * (i + 1)));
        commits.push(repo.commit(&format!("c{i}")));
    }
    let out = ringloc(&["history", "--repo", "repo", "--format", "html"], repo.top());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains("<svg"), "{page}");
    for line in ["Total", "C", "Rust"] {
        let drawn =
            page.split(&format!("<title>{line}</title>")).next().unwrap().rsplit("points=\"").next().unwrap();
        assert_eq!(drawn.split('"').next().unwrap().split(' ').count(), 3, "{line}: a point a commit");
    }
    assert_eq!(page.matches("<polyline").count(), 3);
    assert_eq!(page.matches("<tr><td").count(), 3);
    assert!(commits.iter().all(|c| page.contains(c.as_str())));
    let json = run(&["history", "--repo", "repo", "--format", "json"], repo.top());
    let newest_total = json["commits"][2]["total"]["code"].as_u64().unwrap();
    assert_eq!(newest_total, 36);
    let last_row = page.rsplit("<tr><td").next().unwrap();
    assert!(last_row.contains(&format!("<td class=\"num\">{newest_total}</td>")), "{last_row}");
}

#[test]
fn a_history_cache_spares_a_second_run_every_blob_it_counted() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    for i in 0..4 {
        repo.write(&format!("src/f{i}.c"), format!("int f{i};\n// c\n").repeat(i + 1));
        repo.commit(&format!("c{i}"));
    }
    let top = repo.top().to_path_buf();
    let history = |cache: &[&str]| {
        let args = [&["history", "--repo", "repo", "--format", "json"], cache].concat();
        let out = ringloc(&args, &top);
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(out.status.success(), "{args:?}: {stderr}");
        (json_of(&out), stderr)
    };
    let cached = ["--cache", "blobs.cache"];
    let (plain, _) = history(&[]);
    let (first, _) = history(&cached);
    let (second, stderr) = history(&cached);
    assert_eq!((first["blobs_counted"].as_u64(), second["blobs_counted"].as_u64()), (Some(4), Some(0)));
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(second["commits"], plain["commits"]);
    assert_eq!(first["commits"], plain["commits"]);
    repo.write("src/f0.c", "int changed;\n");
    repo.commit("c4");
    let (longer, _) = history(&cached);
    assert_eq!(longer["blobs_counted"], 1, "only the changed blob is new");
    assert_eq!(longer["commits"], history(&[]).0["commits"]);

    // A corrupt cache is set aside with a note and rewritten; the counts are never its own.
    let path = repo.top().join("blobs.cache");
    let text = std::fs::read_to_string(&path).unwrap();
    let code = text.rfind("\"code\":").unwrap() + "\"code\":".len();
    std::fs::write(&path, format!("{}9{}", &text[..code], &text[code..])).unwrap();
    let (after, stderr) = history(&cached);
    assert!(stderr.contains("blobs.cache: corrupt"), "{stderr}");
    assert_eq!(after["blobs_counted"], 5);
    assert_eq!(after["commits"], longer["commits"]);
    assert_eq!(history(&cached).0["blobs_counted"], 0, "rewritten whole");

    // A file that is no cache is neither used nor overwritten.
    std::fs::write(repo.top().join("notes.txt"), "mine\n").unwrap();
    let out = ringloc(&["history", "--repo", "repo", "--cache", "notes.txt"], repo.top());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a ringloc blob cache"));
    assert_eq!(std::fs::read_to_string(repo.top().join("notes.txt")).unwrap(), "mine\n");
}

/// A cache's blob counts are shared by histories that choose other paths (`--exclude-dir`), which
/// only decides which blobs are looked up, but not by one under another `-t`: a shebang script's
/// blob is left out under `-t C` and Python without it, so the file is set aside and counted again.
#[test]
fn a_history_cache_is_shared_across_paths_but_not_across_language_filters() {
    if !has_git() {
        return;
    }
    let (repo, _) = eventful_repo();
    let top = repo.top().to_path_buf();
    let history = |flags: &[&str]| {
        let args =
            [&["history", "--repo", "repo", "--format", "json", "--cache", "blobs.cache"], flags].concat();
        let out = ringloc(&args, &top);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{args:?}: {stderr}");
        (json_of(&out), stderr)
    };
    let plain = |flags: &[&str]| {
        run(&[&["history", "--repo", "repo", "--format", "json"][..], flags].concat(), &top)["commits"]
            .clone()
    };
    let (only_c, _) = history(&["-t", "C"]);
    assert_eq!(only_c["commits"], plain(&["-t", "C"]));
    let (all, stderr) = history(&[]);
    assert!(stderr.contains("counting every blob again"), "{stderr}");
    assert_eq!(all["commits"], plain(&[]), "the script counted as Python, not left out as under -t C");
    let (fewer, stderr) = history(&["--exclude-dir", "src"]);
    assert_eq!((fewer["blobs_counted"].as_u64(), stderr.as_str()), (Some(0), ""));
    assert_eq!(fewer["commits"], plain(&["--exclude-dir", "src"]));
}

/// `--rev HEAD repo --by-file` run in `top` with `flags`, which must succeed: its files and
/// totals ([`comparable`]), and its stderr.
fn rev_by_file(top: &Path, flags: &[&str]) -> (Value, String) {
    let args = [&["--format", "json", "--by-file", "--rev", "HEAD", "repo"], flags].concat();
    let out = ringloc(&args, top);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    (comparable(&json_of(&out)), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_rev_cache_keeps_what_earlier_runs_counted_and_counts_alike() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("src/a.c", "int a;\n// old\n");
    repo.write("src/b.py", "b = 1\n\n");
    repo.commit("c0");
    let top = repo.top().to_path_buf();
    let rev = |cache: &[&str]| rev_by_file(&top, cache).0;
    let cached = ["--cache", "blobs.cache"];
    assert_eq!(rev(&cached), rev(&[]), "a first run, writing the cache");
    repo.write("src/a.c", "int a;\n/* new */\nint b;\n");
    repo.commit("c1");
    assert_eq!(rev(&cached), rev(&[]), "the old blobs from the cache, the new one counted");
    assert_eq!(rev(&cached), rev(&[]), "every blob from the cache");
    // Each run kept what the one before counted: c0's a.c is only in the first run's cache.
    let out = ringloc(&["history", "--repo", "repo", "--format", "json", "--cache", "blobs.cache"], &top);
    assert_eq!(json_of(&out)["blobs_counted"], 0, "{}", String::from_utf8_lossy(&out.stderr));
    let refused = ringloc(&["--cache", "blobs.cache", "repo"], &top);
    assert_eq!(refused.status.code(), Some(1), "--cache without --rev is refused");
}

/// `--complexity` is one of the counting flags a cache is kept under: its blobs' complexity is
/// kept and read back, and a cache written without it is set aside (a note) and counted again.
#[test]
fn a_rev_cache_keeps_complexity_where_it_was_counted() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("src/a.c", "int a;\nif (a && b) f();\n");
    repo.write("src/b.py", "while x or y:\n    pass\n");
    repo.commit("c0");
    let top = repo.top().to_path_buf();
    let rev = |flags: &[&str]| rev_by_file(&top, flags);
    let (plain, _) = rev(&["--cache", "blobs.cache"]);
    let counted = ["--complexity", "--cache", "blobs.cache"];
    let (set_aside, note) = rev(&counted);
    assert!(note.contains("counting every blob again"), "{note}");
    let (kept, note) = rev(&counted);
    assert_eq!(note, "", "the second run reads the first's cache");
    let (fresh, _) = rev(&["--complexity"]);
    assert_eq!((&set_aside, &kept), (&fresh, &fresh));
    assert_eq!(fresh["total"]["complexity"], 4, "{fresh}");
    assert!(plain["total"].get("complexity").is_none(), "{plain}");
}

/// `--cache` runs of `--rev` and `history` refuse `path` (exit status 1, naming it) and leave it
/// as it was, a file of the type `was` tells.
fn assert_cache_refused(repo: &Repo, path: &Path, was: fn(&FileType) -> bool) {
    let cache = path.to_str().unwrap();
    for args in
        [&["--rev", "HEAD", "--cache", cache, "repo"][..], &["history", "--repo", "repo", "--cache", cache]]
    {
        let out = ringloc(args, repo.top());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(&format!("{cache}: not a regular file")), "{args:?}: {stderr}");
        let now = std::fs::symlink_metadata(path).unwrap().file_type();
        assert!(was(&now), "{args:?}: {path:?} is now {now:?}");
    }
}

/// A FIFO or a character device named by `--cache` is refused: reading a FIFO waited for a
/// writer for ever, and `/dev/zero` was read until memory ran out.
#[test]
fn a_cache_that_is_no_regular_file_is_refused() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    repo.commit("one");
    let fifo = repo.top().join("fifo.cache");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    assert_cache_refused(&repo, &fifo, FileType::is_fifo);
    assert_cache_refused(&repo, Path::new("/dev/zero"), FileType::is_char_device);
    let empty = repo.top().join("empty.cache");
    std::fs::write(&empty, "").unwrap();
    run(&["--format", "json", "--rev", "HEAD", "--cache", "empty.cache", "repo"], repo.top());
    assert!(
        std::fs::read_to_string(&empty).unwrap().starts_with("ringloc blob cache "),
        "an empty file is new"
    );
}

/// A device node named by `--cache` is left in place: a cache was renamed over it, so `--cache
/// /dev/null` run as root replaced `/dev/null` with a regular file.
#[test]
#[ignore = "needs root"]
fn a_cache_named_by_a_device_node_leaves_it_in_place() {
    assert_root("to make a device node");
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("a.c", "int a;\n");
    repo.commit("one");
    let null = repo.top().join("null");
    let made = Command::new("mknod").arg(&null).args(["c", "1", "3"]).status().unwrap();
    assert!(made.success(), "mknod {null:?}");
    assert_cache_refused(&repo, &null, FileType::is_char_device);
}

#[test]
fn a_directory_below_the_top_counts_that_directory_of_the_revision() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    // Ignore files above the directory apply to it, anchored where they stand.
    repo.write(".gitignore", "*.log.c\n/a/top-anchored.c\nb/deep/\n");
    repo.write("a/.ignore", "skipped.c\n");
    repo.write("a/top-anchored.c", "int t;\n");
    repo.write("a/trace.log.c", "int l;\n");
    repo.write("a/skipped.c", "int s;\n");
    repo.write("a/kept.c", "int k;\n// c\n");
    repo.write("a/b/.gitignore", "!keep.log.c\n");
    repo.write("a/b/keep.log.c", "int k;\n");
    repo.write("a/b/deep/x.py", "x = 1\n");
    repo.write("a/b/c/y.rs", "fn y() {}\n");
    repo.write("a/b/skipped.c", "int s;\n");
    repo.write("b/b/z.c", "int z;\n");
    let first = repo.commit("one");
    repo.write("a/b/c/y.rs", "fn y() {}\n\n// more\n");
    repo.commit("two");
    for subdir in ["a", "a/b", "a/b/c", "b/b", "b"] {
        assert_subdir_matches_checkout(&repo, "HEAD", subdir, &[]);
    }
    for subdir in ["a", "a/b"] {
        assert_subdir_matches_checkout(&repo, &first, subdir, &["--max-depth", "1"]);
    }
    assert_subdir_matches_checkout(&repo, "HEAD", "a", &["--no-ignore"]);
    // From inside the directory, `.` is that directory; history and diff take it too.
    let inside = repo.path().join("a/b");
    let here = run(&["--format", "json", "--rev", "HEAD", "."], &inside);
    let named = run(&["--format", "json", "--rev", "HEAD", "repo/a/b"], repo.top());
    assert_eq!(here["total"], named["total"]);
    let history = run(&["history", "--repo", "repo/a/b/c", "--format", "json"], repo.top());
    let lines: Vec<&Value> =
        history["commits"].as_array().unwrap().iter().map(|c| &c["total"]["lines"]).collect();
    assert_eq!(lines, [1, 3]);
    let diff = run(&["diff", "HEAD~1", "HEAD", "--repo", "repo/a/b/c", "--format", "json"], repo.top());
    assert_eq!(diff["lines"]["files"][0]["path"], "repo/a/b/c/y.rs");
}

/// `--stats` on a revision: listing its tree is the first thread's `walk`, taking blobs out of
/// the store `read`, counting them `count`; no system call is counted, and the table says so.
/// The counts are those of the run without it.
#[test]
fn stats_of_a_revision_time_its_listing_reads_and_counts() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    for i in 0..48 {
        repo.write(&format!("src/m{i}/lib.rs"), format!("// module {i}\nfn f{i}() {{}}\n").repeat(50));
    }
    repo.write("notes.txt", "plain\n");
    repo.commit("one");
    repo.git(&["gc", "-q"]);
    let out = ringloc(&["--stats", "--format", "json", "-j", "2", "--rev", "HEAD", "repo"], repo.top());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let doc = json_of(&out);
    let stats = &doc["stats"];
    assert_eq!(stats["files"], doc["total"]["files"]);
    let field = |w: &Value, name: &str| w[name].as_u64().unwrap();
    let workers = stats["workers"].as_array().unwrap();
    assert_eq!(workers.len(), 2, "{stats:#}");
    assert!(field(&workers[0], "walk_us") > 0 && field(&workers[1], "walk_us") == 0, "{stats:#}");
    for worker in workers {
        let wall = field(worker, "busy_us") + field(worker, "idle_us");
        assert!(field(worker, "cpu_us") > 0 && field(worker, "cpu_us") <= wall + 1000, "{worker:#}");
    }
    assert!(field(&stats["worker_us"], "read_us") > 0 && field(&stats["worker_us"], "count_us") > 0);
    let classifier = stats["classifier"].as_array().unwrap();
    let rust = classifier.iter().find(|c| c["name"] == "Rust").expect("Rust timed");
    assert!(field(rust, "bytes") > 48 * 50 * 20, "{rust:#}");
    assert!(stats["syscalls"].as_object().unwrap().values().all(|n| n == 0), "{stats:#}");
    let table = String::from_utf8_lossy(&out.stderr);
    for label in ["wall", "worker 1", "on a CPU", "classifier  Rust", "syscalls    none counted"] {
        assert!(table.contains(label), "no {label} in {table}");
    }
    let yaml = ringloc(&["--stats", "--format", "yaml", "--rev", "HEAD", "repo"], repo.top()).stdout;
    assert!(String::from_utf8_lossy(&yaml).contains("\nstats:\n  wall_us: "), "yaml has stats too");
    let plain = json_of(&ringloc(&["--format", "json", "--rev", "HEAD", "repo"], repo.top()));
    assert!(plain.get("stats").is_none(), "only with --stats");
    assert_eq!(plain["total"], doc["total"]);
}

/// Kept blob counts hold language ids: a run with other languages defined counts every blob
/// again, and its counts are those of the definitions, never the cache's.
#[test]
fn a_history_cache_is_set_aside_under_other_language_definitions() {
    if !has_git() {
        return;
    }
    let mut repo = Repo::new();
    repo.write("src/f.c", "int f;\n// c\n");
    repo.commit("c0");
    std::fs::write(repo.top().join("c.toml"), "[[language]]\nname = \"C\"\nextensions = [\"c\"]\n").unwrap();
    let top = repo.top().to_path_buf();
    let history = |args: &[&str]| {
        let args = [&["history", "--repo", "repo", "--format", "json"], args].concat();
        let out = ringloc(&args, &top);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        json_of(&out)
    };
    assert_eq!(history(&["--cache", "blobs.cache"])["blobs_counted"], 1);
    let defined = history(&["--cache", "blobs.cache", "--lang-def", "c.toml"]);
    assert_eq!(defined["blobs_counted"], 1, "counted again");
    assert_eq!(defined["commits"], history(&["--lang-def", "c.toml"])["commits"]);
    assert_ne!(defined["commits"], history(&[])["commits"], "// is no comment in the C defined");
}
