//! `ringloc diff OLD NEW --format cloc-json` between two revisions, held to `cloc --diff --json`:
//! its shape to a document real cloc 1.96 wrote for the same repository
//! (tests/captured/cloc-1.96-git-diff-all.json, from `cloc --git-diff-all HEAD~1 HEAD --json` in
//! the repository [`repo`] builds), its numbers to ringloc's own diff, and, where cloc is
//! installed (CI=true needs it: .ci/run installs it), to cloc run live.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{has_git, ringloc, Tree};
use serde_json::Value;

/// A repository in `<tree>/repo` of two commits: `same.c` unchanged, `mod.rs` modified (no blank
/// line: cloc tallies a changed file's blank lines by their count alone, where ringloc matches
/// them), `gone.py` removed, `new.js` added.
fn repo() -> Option<Tree> {
    if !has_git() {
        return None;
    }
    let tree = Tree::new();
    let repo = tree.path().join("repo");
    std::fs::create_dir(&repo).unwrap();
    git(&repo, &["init", "-q", "-b", "main"]);
    tree.write("repo/same.c", "int main(void) {\n  /* hi */\n\n  return 0;\n}\n");
    tree.write("repo/mod.rs", "// a\nfn a() {}\nfn b() {}\n");
    tree.write("repo/gone.py", "x = 1\n# c\n\ny = 2\n");
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-q", "-m", "one"]);
    git(&repo, &["rm", "-q", "gone.py"]);
    tree.write("repo/mod.rs", "// a\nfn a() {}\nfn c() {\n    // x\n}\n");
    tree.write("repo/new.js", "// hi\nlet x = 1;\n\n");
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-q", "-m", "two"]);
    Some(tree)
}

fn git(repo: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args(["-c", "core.autocrlf=false"])
        .args(args)
        .current_dir(repo)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@t")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@t")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect("run git");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

fn stdout(args: &[&str], repo: &Path) -> String {
    let out = ringloc(args, repo);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn captured() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/captured/cloc-1.96-git-diff-all.json"),
    )
    .unwrap()
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

/// The kinds of change, each with every language's fields: cloc writes the languages and fields
/// in Perl's hash order, which changes from run to run, so their order is not compared.
fn kinds(doc: &Value) -> BTreeMap<String, Value> {
    ["added", "same", "modified", "removed"].map(|k| (k.to_string(), doc[k].clone())).into_iter().collect()
}

/// The document's lines without their values, in sorted order: the layout, line by line, whatever
/// order the hash gave, the header's values left out (ringloc names itself there).
fn layout(text: &str) -> Vec<String> {
    let mut lines: Vec<String> =
        text.lines().map(|l| l.split(" : ").next().unwrap_or(l).to_string()).collect();
    lines.sort();
    lines
}

#[test]
fn cloc_json_diff_between_revisions_has_clocs_shape() {
    let Some(tree) = repo() else { return };
    let repo = tree.path().join("repo");
    let ours_text = stdout(&["diff", "HEAD~1", "HEAD", "--format", "cloc-json"], &repo);
    let ours: Value = serde_json::from_str(&ours_text).unwrap();
    let cloc: Value = serde_json::from_str(&captured()).unwrap();
    assert_eq!(keys(&ours), ["header", "added", "same", "modified", "removed", "SUM"]);
    assert_eq!(keys(&ours), keys(&cloc));
    assert_eq!(keys(&ours["header"]), keys(&cloc["header"]));
    assert_eq!(keys(&ours["SUM"]), keys(&cloc["SUM"]));
    for kind in ["added", "same", "modified", "removed"] {
        let mut languages = keys(&cloc[kind]);
        languages.sort_unstable();
        assert_eq!(keys(&ours[kind]), languages, "{kind}: every language, in ringloc's order");
        for (name, fields) in ours[kind].as_object().unwrap() {
            assert_eq!(keys(fields), ["nFiles", "blank", "comment", "code"], "{kind} {name}");
        }
        assert_eq!(keys(&ours["SUM"][kind]), ["nFiles", "blank", "comment", "code"], "SUM {kind}");
    }
    assert_eq!(kinds(&ours), kinds(&cloc));
    assert_eq!(ours["SUM"], cloc["SUM"]);
    for count in ["n_files", "n_lines"] {
        assert_eq!(ours["header"][count], cloc["header"][count], "{count}");
    }
    assert_eq!(layout(&ours_text), layout(&captured()));
}

/// The numbers are ringloc's own: its JSON diff's line changes, and its files' statuses.
#[test]
fn cloc_json_diff_between_revisions_says_what_ringlocs_diff_says() {
    let Some(tree) = repo() else { return };
    let repo = tree.path().join("repo");
    let cloc: Value =
        serde_json::from_str(&stdout(&["diff", "HEAD~1", "HEAD", "--format", "cloc-json"], &repo)).unwrap();
    let json: Value =
        serde_json::from_str(&stdout(&["diff", "HEAD~1", "HEAD", "--format", "json"], &repo)).unwrap();
    let kinds = [("added", "added"), ("same", "unchanged"), ("modified", "modified"), ("removed", "removed")];
    let buckets = [("code", "code"), ("comment", "comments"), ("blank", "blanks")];
    for language in json["lines"]["languages"].as_array().unwrap() {
        let name = language["name"].as_str().unwrap();
        for (kind, moved) in kinds {
            for (field, bucket) in buckets {
                assert_eq!(cloc[kind][name][field], language[bucket][moved], "{kind} {name} {field}");
            }
        }
    }
    for (kind, moved) in kinds {
        for (field, bucket) in buckets {
            assert_eq!(cloc["SUM"][kind][field], json["lines"]["total"][bucket][moved], "SUM {kind} {field}");
        }
    }
    let with_status = |status: &str| {
        let files = json["files"].as_array().unwrap().iter().filter(|f| f["status"] == status);
        files.map(|f| f["language"].as_str().unwrap().to_string()).collect::<Vec<_>>()
    };
    for (kind, status) in [("added", "added"), ("modified", "changed"), ("removed", "removed")] {
        let files = with_status(status);
        assert_eq!(files.len(), 1, "{status}");
        assert_eq!(cloc[kind][&files[0]]["nFiles"], 1, "{kind}");
        assert_eq!(cloc["SUM"][kind]["nFiles"], 1, "SUM {kind}");
    }
    assert_eq!(cloc["same"]["C"]["nFiles"], 1);
    assert_eq!(cloc["same"]["Rust"]["nFiles"], 0, "the modified file is no unchanged one");
    assert_eq!(cloc["header"]["n_files"], 4);
    assert_eq!(cloc["header"]["n_lines"], 17);
}

/// cloc at `name` on PATH, or `None` (said on stderr) outside CI, whose .ci/run installs it.
fn cloc() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let found = std::env::split_paths(&path).map(|dir| dir.join("cloc")).find(|p| p.is_file());
    if found.is_none() {
        assert!(std::env::var("CI").as_deref() != Ok("true"), "cloc is missing, and CI=true needs it");
        eprintln!("cloc is not installed: its diff was NOT compared live");
    }
    found
}

/// `cloc --git-diff-all` (every file of both revisions, as ringloc's diff compares them; plain
/// `cloc --git --diff` leaves out the files git saw unchanged) gives the numbers ringloc gives.
#[test]
fn cloc_json_diff_matches_cloc_run_live() {
    let Some(cloc) = cloc() else { return };
    let Some(tree) = repo() else { return };
    let repo = tree.path().join("repo");
    let ours: Value =
        serde_json::from_str(&stdout(&["diff", "HEAD~1", "HEAD", "--format", "cloc-json"], &repo)).unwrap();
    let out = Command::new(cloc)
        .args(["--git-diff-all", "HEAD~1", "HEAD", "--json", "--quiet"])
        .current_dir(&repo)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let theirs: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(keys(&ours), keys(&theirs));
    assert_eq!(kinds(&ours), kinds(&theirs));
    assert_eq!(ours["SUM"], theirs["SUM"]);
    for count in ["n_files", "n_lines"] {
        assert_eq!(ours["header"][count], theirs["header"][count], "{count}");
    }
}

/// Two reports hold counts, not the lines cloc's diff is made of: refused, saying why, before
/// anything is written.
#[test]
fn cloc_json_diff_between_reports_is_refused_by_name() {
    let tree = Tree::new();
    tree.write("a.c", "int x;\n");
    assert_eq!(ringloc(&["--format", "json", "-o", "a.json", "a.c"], tree.path()).status.code(), Some(0));
    for args in [&["--format", "cloc-json"][..], &["-o", "cloc-json:d.json"]] {
        let out = ringloc(&[&["diff", "a.json", "a.json"][..], args].concat(), tree.path());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("--format cloc-json diffs two git revisions only"), "{said}");
        assert!(said.contains("two reports hold counts, not lines"), "{said}");
        assert!(out.stdout.is_empty() && !tree.path().join("d.json").exists());
    }
}
