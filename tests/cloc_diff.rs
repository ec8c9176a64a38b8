//! `ringloc diff OLD NEW --format cloc-json|cloc-xml|cloc-yaml|cloc-csv` between two revisions, held
//! to `cloc --diff --json|--xml|--yaml|--csv`: their shape to documents real cloc 1.96 wrote for the
//! same repository (tests/captured/cloc-1.96-git-diff-all.{json,xml,yaml,csv}, from `cloc --git-diff-all
//! HEAD~1 HEAD --json` and the like in the repository [`repo`] builds), their numbers to
//! ringloc's own diff, and, where cloc is installed (CI=true needs it: .ci/run installs it), to
//! cloc run live.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{has_git, ringloc, Tree};
use serde_json::{json, Value};

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

/// What cloc wrote with `--git-diff-all HEAD~1 HEAD` and `--json`, `--xml` or `--yaml` (`ext`).
fn captured(ext: &str) -> String {
    let name = format!("tests/captured/cloc-1.96-git-diff-all.{ext}");
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).unwrap()
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
    let cloc: Value = serde_json::from_str(&captured("json")).unwrap();
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
    assert_eq!(layout(&ours_text), layout(&captured("json")));
}

/// The numbers are ringloc's own: its JSON diff's line changes, and its files' statuses, in each
/// of cloc's three syntaxes.
#[test]
fn cloc_diffs_between_revisions_say_what_ringlocs_diff_says() {
    let Some(tree) = repo() else { return };
    let repo = tree.path().join("repo");
    let json: Value =
        serde_json::from_str(&stdout(&["diff", "HEAD~1", "HEAD", "--format", "json"], &repo)).unwrap();
    for format in FORMATS {
        let cloc = parsed(format, &stdout(&["diff", "HEAD~1", "HEAD", "--format", format], &repo));
        says_what_json_says(&cloc, &json, format);
    }
}

/// Every number of `cloc`, a cloc diff as [`parsed`] reads it, against ringloc's JSON diff.
fn says_what_json_says(cloc: &Value, json: &Value, format: &str) {
    let kinds = [("added", "added"), ("same", "unchanged"), ("modified", "modified"), ("removed", "removed")];
    let buckets = [("code", "code"), ("comment", "comments"), ("blank", "blanks")];
    for language in json["lines"]["languages"].as_array().unwrap() {
        let name = language["name"].as_str().unwrap();
        for (kind, moved) in kinds {
            for (field, bucket) in buckets {
                let wanted = &language[bucket][moved];
                assert_eq!(cloc[kind][name][field], *wanted, "{format} {kind} {name} {field}");
            }
        }
    }
    for (kind, moved) in kinds {
        for (field, bucket) in buckets {
            let wanted = &json["lines"]["total"][bucket][moved];
            assert_eq!(cloc["SUM"][kind][field], *wanted, "{format} SUM {kind} {field}");
        }
    }
    let with_status = |status: &str| {
        let files = json["files"].as_array().unwrap().iter().filter(|f| f["status"] == status);
        files.map(|f| f["language"].as_str().unwrap().to_string()).collect::<Vec<_>>()
    };
    for (kind, status) in [("added", "added"), ("modified", "changed"), ("removed", "removed")] {
        let files = with_status(status);
        assert_eq!(files.len(), 1, "{status}");
        assert_eq!(cloc[kind][&files[0]]["nFiles"], 1, "{format} {kind}");
        assert_eq!(cloc["SUM"][kind]["nFiles"], 1, "{format} SUM {kind}");
    }
    assert_eq!(cloc["same"]["C"]["nFiles"], 1, "{format}");
    assert_eq!(cloc["same"]["Rust"]["nFiles"], 0, "{format}: the modified file is no unchanged one");
    assert_eq!(cloc["header"]["n_files"], 4, "{format}");
    assert_eq!(cloc["header"]["n_lines"], 17, "{format}");
}

/// cloc's three diff formats, as `--format` names them.
const FORMATS: [&str; 4] = ["cloc-json", "cloc-xml", "cloc-yaml", "cloc-csv"];

/// A cloc diff document in `format` as the JSON one's numbers: the header's `n_files` and
/// `n_lines`, each kind's languages and `SUM`, each with `nFiles`, `blank`, `comment` and `code`.
fn parsed(format: &str, text: &str) -> Value {
    match format {
        "cloc-json" => serde_json::from_str(text).unwrap(),
        "cloc-xml" => parsed_xml(text),
        "cloc-csv" => parsed_csv(text),
        _ => parsed_yaml(text),
    }
}

/// `--diff --csv`: a header row of sixteen columns (`== files`, `!= files`, `+ files`, `- files`,
/// then blank, comment and code alike) and the tool, then a row per language, each field after ", "
/// and each row ending in one. cloc writes no sum and no header counts here: they are added up
/// from the rows, for [`says_what_json_says`].
fn parsed_csv(text: &str) -> Value {
    let mut rows = text.lines();
    let head: Vec<&str> = rows.next().unwrap().split(", ").collect();
    let mut columns = Vec::new();
    for what in ["files", "blank", "comment", "code"] {
        for mark in ["==", "!=", "+", "-"] {
            columns.push(format!("{mark} {what}"));
        }
    }
    assert_eq!(head[0], "Language");
    assert_eq!(head[1..17], columns, "{text}");
    assert!(head[17].starts_with('"') && head[17].ends_with(" s\""), "{text}");
    let kinds = ["same", "modified", "added", "removed"];
    let fields = ["nFiles", "blank", "comment", "code"];
    let mut doc = json!({"header": {"n_files": 0, "n_lines": 0}, "SUM": {}});
    for kind in kinds {
        doc[kind] = json!({});
        doc["SUM"][kind] = json!({"nFiles": 0, "blank": 0, "comment": 0, "code": 0});
    }
    for row in rows {
        let cells: Vec<&str> =
            row.strip_suffix(", ").unwrap_or_else(|| panic!("{row}")).split(", ").collect();
        assert_eq!(cells.len(), 17, "{row}");
        for (at, n) in cells[1..].iter().map(|n| n.parse::<u64>().unwrap()).enumerate() {
            let (field, kind) = (fields[at / 4], kinds[at % 4]);
            doc[kind][cells[0]][field] = n.into();
            let sum = &mut doc["SUM"][kind][field];
            *sum = (sum.as_u64().unwrap() + n).into();
            let count = if field == "nFiles" { "n_files" } else { "n_lines" };
            let header = &mut doc["header"][count];
            *header = (header.as_u64().unwrap() + n).into();
        }
    }
    doc
}

/// `--diff --xml`: a `<kind>` element per kind, a `<language>` per language, a `<total>`.
fn parsed_xml(text: &str) -> Value {
    let mut doc = json!({"SUM": {}});
    let mut kind = String::new();
    for line in text.lines().map(str::trim) {
        let attr = |name: &str| -> u64 { attribute(line, name).parse().unwrap() };
        let fields = |files: &str| json!({"nFiles": attr(files), "blank": attr("blank"), "comment": attr("comment"), "code": attr("code")});
        if let Some(open) = line.strip_prefix('<').and_then(|l| l.strip_suffix('>')) {
            if ["same", "modified", "added", "removed"].contains(&open) {
                kind = open.to_string();
                doc[&kind] = json!({});
            }
        }
        for count in ["n_files", "n_lines"] {
            if let Some(n) = line.strip_prefix(&format!("<{count}>")) {
                doc["header"][count] =
                    n.trim_end_matches(&format!("</{count}>")).parse::<u64>().unwrap().into();
            }
        }
        if line.starts_with("<language ") {
            doc[&kind][attribute(line, "name")] = fields("files_count");
        } else if line.starts_with("<total ") {
            doc["SUM"][&kind] = fields("sum_files");
        }
    }
    doc
}

/// The value of attribute `name` in an XML line.
fn attribute<'a>(line: &'a str, name: &str) -> &'a str {
    let start =
        line.find(&format!(" {name}=\"")).unwrap_or_else(|| panic!("{name}: {line}")) + name.len() + 3;
    &line[start..start + line[start..].find('"').unwrap()]
}

/// `--diff --yaml`: sections at no indent, languages (quoted) or `SUM`'s kinds two in, their fields
/// four in.
fn parsed_yaml(text: &str) -> Value {
    let mut doc = json!({});
    let (mut section, mut entry) = (String::new(), String::new());
    for line in text.lines().filter(|l| !l.starts_with("---") && !l.starts_with('#')) {
        let (key, value) = line.split_once(" :").unwrap_or_else(|| panic!("{line}"));
        let value = value.trim();
        match key.len() - key.trim_start().len() {
            0 => {
                section = key.to_string();
                doc[key] = json!({});
            }
            2 if section == "header" => doc["header"][key.trim()] = value.into(),
            2 => entry = key.trim().trim_matches('\'').to_string(),
            _ => doc[&section][&entry][key.trim()] = value.parse::<u64>().unwrap().into(),
        }
    }
    for count in ["n_files", "n_lines"] {
        doc["header"][count] = doc["header"][count].as_str().unwrap().parse::<u64>().unwrap().into();
    }
    doc
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
/// `cloc --git --diff` leaves out the files git saw unchanged) gives the numbers ringloc gives, in
/// each syntax.
#[test]
fn cloc_diffs_match_cloc_run_live() {
    let Some(cloc) = cloc() else { return };
    let Some(tree) = repo() else { return };
    let repo = tree.path().join("repo");
    assert_cloc_says_ours(&cloc, (&["--git-diff-all", "HEAD~1", "HEAD"], &["HEAD~1", "HEAD"]), &repo);
}

/// cloc with `cloc_args` and `ringloc diff` with `our_args`, in `dir`, give the same numbers in
/// each cloc syntax: every kind's languages, `SUM`, and the header's file and line counts.
fn assert_cloc_says_ours(cloc: &Path, (cloc_args, our_args): (&[&str], &[&str]), dir: &Path) {
    for format in FORMATS {
        let ours = parsed(format, &stdout(&[&["diff"], our_args, &["--format", format]].concat(), dir));
        let syntax = format!("--{}", format.trim_start_matches("cloc-"));
        let out =
            Command::new(cloc).args(cloc_args).args([&syntax, "--quiet"]).current_dir(dir).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let theirs = parsed(format, &String::from_utf8(out.stdout).unwrap());
        assert_eq!(kinds(&ours), kinds(&theirs), "{format}");
        assert_eq!(ours["SUM"], theirs["SUM"], "{format}");
        for count in ["n_files", "n_lines"] {
            assert_eq!(ours["header"][count], theirs["header"][count], "{format} {count}");
        }
    }
}

/// The repository's two commits checked out side by side, as `old/` and `new/` of its tree.
fn checkouts(tree: &Tree) -> (PathBuf, PathBuf) {
    let repo = tree.path().join("repo");
    git(&repo, &["worktree", "add", "-q", "--detach", "../old", "HEAD~1"]);
    git(&repo, &["worktree", "add", "-q", "--detach", "../new", "HEAD"]);
    (tree.path().join("old"), tree.path().join("new"))
}

/// `ringloc diff OLD NEW` on two directories is the diff between the revisions they are checkouts
/// of (the object store's twin), in ringloc's json and in every cloc format.
#[test]
fn a_diff_between_directories_is_the_diff_between_their_revisions() {
    let Some(tree) = repo() else { return };
    checkouts(&tree);
    let repo = tree.path().join("repo");
    for format in ["json", "table", "cloc-json", "cloc-xml", "cloc-yaml", "cloc-csv"] {
        let trees = stdout(&["diff", "old", "new", "--format", format], tree.path());
        let revs = stdout(&["diff", "HEAD~1", "HEAD", "--format", format], &repo);
        assert_eq!(trees, revs, "{format}");
    }
    let json: Value =
        serde_json::from_str(&stdout(&["diff", "old", "new", "--format", "json"], tree.path())).unwrap();
    assert!(json.to_string().contains("mod.rs") && !json.to_string().contains("old/"), "{json}");
    let out = ringloc(&["diff", "old", "new", "--by-dir"], tree.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--by-dir compares reports"));
}

/// `cloc --diff OLD NEW` on two directories gives the numbers `ringloc diff OLD NEW` gives, in
/// each syntax.
#[test]
fn cloc_diffs_between_directories_match_cloc_run_live() {
    let Some(cloc) = cloc() else { return };
    let Some(tree) = repo() else { return };
    checkouts(&tree);
    assert_cloc_says_ours(&cloc, (&["--diff", "old", "new"], &["old", "new"]), tree.path());
}

/// Two reports hold counts, not the lines cloc's diff is made of: refused, saying why, before
/// anything is written.
#[test]
fn cloc_diffs_between_reports_are_refused_by_name() {
    let tree = Tree::new();
    tree.write("a.c", "int x;\n");
    assert_eq!(ringloc(&["--format", "json", "-o", "a.json", "a.c"], tree.path()).status.code(), Some(0));
    for format in FORMATS {
        let to_file = format!("{format}:d.out");
        for args in [&["--format", format][..], &["-o", &to_file]] {
            let out = ringloc(&[&["diff", "a.json", "a.json"][..], args].concat(), tree.path());
            assert_eq!(out.status.code(), Some(1), "{args:?}");
            let said = String::from_utf8_lossy(&out.stderr);
            assert!(said.contains(&format!("--format {format} diffs two git revisions only")), "{said}");
            assert!(said.contains("two reports hold counts, not lines"), "{said}");
            assert!(out.stdout.is_empty() && !tree.path().join("d.out").exists());
        }
    }
}

/// `cloc --diff --xml` and `--yaml` line by line, as written, but what cloc writes in its hash's
/// order, which changes from run to run, put in one: sorted are XML's languages, YAML's languages
/// (each with its fields) and the fields of each language and sum. Left out are the header's values ringloc
/// writes its own (its name, version and timing) and what cloc writes only for git (XML's
/// `<source>`, per revision, in hash order too).
fn canonical(format: &str, text: &str) -> Vec<String> {
    let mut blocks: Vec<Vec<String>> = Vec::new();
    let mut in_source = false;
    for line in text.lines() {
        in_source = (in_source || line == "<source>") && line != "</source>";
        if in_source || line == "</source>" {
            continue;
        }
        let line = without_own_values(line);
        // A YAML field (four in) goes with its language or kind; an XML line stands alone.
        let opens = format == "cloc-xml" || !line.starts_with("    ");
        match blocks.last_mut() {
            Some(block) if !opens => block.push(line),
            _ => blocks.push(vec![line]),
        }
    }
    for block in &mut blocks {
        block[1..].sort();
    }
    let mut lines: Vec<String> = Vec::new();
    for run in blocks.chunk_by(|a, b| same_run(format, a, b)) {
        let mut run = run.to_vec();
        run.sort();
        lines.extend(run.into_iter().flatten());
    }
    lines
}

/// Whether two blocks are languages of one kind, which cloc lists in hash order.
fn same_run(format: &str, a: &[String], b: &[String]) -> bool {
    match format {
        "cloc-xml" => a[0].starts_with("    <language ") && b[0].starts_with("    <language "),
        _ => a[0].starts_with("  '") && b[0].starts_with("  '"),
    }
}

/// `line` without the value of a header field that names the writer or times it.
fn without_own_values(line: &str) -> String {
    let own = ["cloc_url", "cloc_version", "elapsed_seconds", "files_per_second", "lines_per_second"];
    let field = line.trim_start();
    let key = own
        .iter()
        .find(|key| field.starts_with(&format!("<{key}>")) || field.starts_with(&format!("{key} ")));
    match key {
        Some(_) if line.contains(" : ") => line.split(" : ").next().unwrap().to_string(),
        Some(key) => format!("  <{key}></{key}>"),
        None if line.starts_with("# ") => "#".to_string(),
        None => line.to_string(),
    }
}

/// ringloc's `--format cloc-xml` and `cloc-yaml` diffs are cloc's, line for line, but for the
/// order of what cloc orders by hash, the header's name and timing and XML's `<source>`: its
/// layout and spacing, its order of kinds, of attributes and of the header, and every number.
#[test]
fn cloc_xml_and_yaml_diffs_between_revisions_are_clocs_line_for_line() {
    let Some(tree) = repo() else { return };
    let repo = tree.path().join("repo");
    for (format, ext) in [("cloc-xml", "xml"), ("cloc-yaml", "yaml")] {
        let ours = stdout(&["diff", "HEAD~1", "HEAD", "--format", format], &repo);
        assert_eq!(canonical(format, &ours), canonical(format, &captured(ext)), "{format}:\n{ours}");
    }
}

/// Where cloc's order changes from run to run, ringloc's is its diff's: languages by name, and a
/// YAML language's fields as cloc's `--yaml` without `--diff` writes them.
#[test]
fn cloc_yaml_and_xml_diffs_list_in_ringlocs_order() {
    let Some(tree) = repo() else { return };
    let repo = tree.path().join("repo");
    let xml = stdout(&["diff", "HEAD~1", "HEAD", "--format", "cloc-xml"], &repo);
    let names: Vec<&str> =
        xml.lines().filter(|l| l.contains("<language ")).map(|l| attribute(l, "name")).collect();
    assert_eq!(names, ["C", "JavaScript", "Python", "Rust"].repeat(4));
    let yaml = stdout(&["diff", "HEAD~1", "HEAD", "--format", "cloc-yaml"], &repo);
    let at = yaml.find("  'Rust' :\n").unwrap();
    assert!(yaml[at..]
        .starts_with("  'Rust' :\n    nFiles : 0\n    blank : 0\n    comment : 1\n    code : 1\nsame :\n"));
}

/// ringloc's `--format cloc-csv` diff is cloc's `--diff --csv` byte for byte, but for the header's
/// last field (the tool and its time) and the order of the rows, which cloc's hash gives and
/// ringloc's diff gives by name.
#[test]
fn cloc_csv_diff_between_revisions_is_clocs_row_for_row() {
    let Some(tree) = repo() else { return };
    let repo = tree.path().join("repo");
    let ours = stdout(&["diff", "HEAD~1", "HEAD", "--format", "cloc-csv"], &repo);
    let rows = |text: &str| {
        let (head, rows) = text.split_once('\n').unwrap();
        let mut rows: Vec<String> = rows.lines().map(str::to_string).collect();
        rows.sort();
        (head.rsplit_once(", \"").unwrap().0.to_string(), rows)
    };
    assert_eq!(rows(&ours), rows(&captured("csv")), "{ours}");
    let names: Vec<&str> = ours.lines().skip(1).map(|row| row.split(", ").next().unwrap()).collect();
    assert_eq!(names, ["C", "JavaScript", "Python", "Rust"]);
    let tool = ours.lines().next().unwrap().rsplit_once(", ").unwrap().1;
    assert_eq!(tool, concat!("\"ringloc v ", env!("CARGO_PKG_VERSION"), " T=0 s\""));
}
