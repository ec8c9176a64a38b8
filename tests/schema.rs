//! Real output checked against docs/ringloc.schema.json and docs/ringloc-diff.schema.json. The
//! validator is a small one written here: it knows the keywords those schemas use, and refuses any
//! other, so the schemas cannot grow past what this test checks.

mod common;

use common::{has_git, ringloc, Tree};
use serde_json::{json, Map, Value};

fn schema(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs").join(name);
    serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap()
}

/// Every way `value` breaks `schema`, as `path: problem` lines; empty when it conforms.
fn violations(root: &Value, schema: &Value, value: &Value, at: &str, out: &mut Vec<String>) {
    let rule = schema.as_object().expect("a schema is an object");
    for (key, want) in rule {
        match key.as_str() {
            "$schema" | "title" | "description" | "$defs" => {}
            "$ref" => {
                let name = want.as_str().unwrap().strip_prefix("#/$defs/").expect("local $ref");
                violations(root, &root["$defs"][name], value, at, out);
            }
            "type" => {
                let ok = match want.as_str().unwrap() {
                    "object" => value.is_object(),
                    "array" => value.is_array(),
                    "string" => value.is_string(),
                    "integer" => value.is_i64() || value.is_u64(),
                    "number" => value.is_number(),
                    "boolean" => value.is_boolean(),
                    other => panic!("type {other} not handled"),
                };
                if !ok {
                    out.push(format!("{at}: {value} is not of type {want}"));
                }
            }
            "const" if value != want => out.push(format!("{at}: {value} is not {want}")),
            "enum" if !want.as_array().unwrap().contains(value) => {
                out.push(format!("{at}: {value} not in {want}"))
            }
            "minimum" if value.as_f64().is_some_and(|v| v < want.as_f64().unwrap()) => {
                out.push(format!("{at}: {value} is below {want}"))
            }
            "const" | "enum" | "minimum" => {}
            "required" => {
                for name in want.as_array().unwrap() {
                    if value.as_object().is_some_and(|o| !o.contains_key(name.as_str().unwrap())) {
                        out.push(format!("{at}: missing {name}"));
                    }
                }
            }
            "properties" => {
                let Some(obj) = value.as_object() else { continue };
                for (name, sub) in want.as_object().unwrap() {
                    if let Some(v) = obj.get(name) {
                        violations(root, sub, v, &format!("{at}.{name}"), out);
                    }
                }
            }
            "additionalProperties" => {
                let known = rule.get("properties").and_then(Value::as_object).cloned().unwrap_or_default();
                for (name, v) in value.as_object().into_iter().flatten() {
                    match want {
                        _ if known.contains_key(name) => {}
                        Value::Bool(false) => out.push(format!("{at}: unexpected field {name}")),
                        // A map's values (`uloc.languages`): each is checked against the schema.
                        Value::Object(_) => violations(root, want, v, &format!("{at}.{name}"), out),
                        other => panic!("additionalProperties {other} is not checked by this test"),
                    }
                }
            }
            "items" => {
                for (i, item) in value.as_array().into_iter().flatten().enumerate() {
                    violations(root, want, item, &format!("{at}[{i}]"), out);
                }
            }
            other => panic!("schema keyword {other} is not checked by this test"),
        }
    }
}

fn assert_valid(schema: &Value, sub: &Value, value: &Value) {
    let mut out = Vec::new();
    violations(schema, sub, value, "$", &mut out);
    assert!(out.is_empty(), "{}\nin {value:#}", out.join("\n"));
}

fn stdout(args: &[&str], tree: &Tree) -> String {
    let out = ringloc(args, tree.path());
    assert!(out.status.code().is_some_and(|c| c <= 2), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Two languages, nested directories, a name that is not UTF-8, and a path that does not exist.
fn tree() -> Tree {
    use std::os::unix::ffi::OsStrExt;
    let tree = Tree::new();
    tree.write("src/main.c", "int main(void) {\n  /* hi */\n\n  return 0;\n}\n");
    tree.write("src/deep/er/x.rs", "fn x() {} // x\n");
    tree.write("run.py", "#!/usr/bin/env python3\nprint(1)\n");
    let odd = std::ffi::OsStr::from_bytes(b"odd\xFF.c");
    std::fs::write(tree.path().join("src").join(odd), "int odd;\n").unwrap();
    tree
}

#[test]
fn json_reports_match_the_schema() {
    let schema = schema("ringloc.schema.json");
    let tree = tree();
    for args in [
        &["--format", "json"][..],
        &["--format", "json", "--by-file", "--by-dir", "2", ".", "missing"],
        &["--format", "json", "--by-file", "--by-dir", "--top", "1", "--sort", "lines"],
        &["--format", "json", "--by-root", "src", "run.py", "src/deep"],
        &["--format", "json", "--stats"],
        &["--format", "json", "--stats", "--backend", "sync"],
        &["--format", "json", "--cocomo", "--cocomo-project-type", "semi-detached"],
        &["--format", "json", "--cocomo", "--cocomo-project-type", "custom,3.0,1.1,2,0.4"],
        &["--format", "json", "--uloc", "--by-file"],
    ] {
        let doc: Value = serde_json::from_str(&stdout(args, &tree)).unwrap();
        assert_valid(&schema, &schema, &doc);
    }
    let doc: Value = serde_json::from_str(&stdout(&["--format", "json", "--by-file", "src"], &tree)).unwrap();
    let odd = doc["files"].as_array().unwrap().iter().find(|f| f.get("path_bytes").is_some());
    assert!(odd.is_some(), "the non-UTF-8 name carries path_bytes: {doc:#}");
}

#[test]
fn ndjson_records_match_the_schema_parts() {
    let schema = schema("ringloc.schema.json");
    let tree = tree();
    let text = stdout(&["--format", "ndjson", "--by-dir", "--by-root", "--uloc"], &tree);
    let mut kinds = Vec::new();
    for line in text.lines() {
        let mut record: Value = serde_json::from_str(line).unwrap();
        let kind = record.as_object_mut().unwrap().remove("type").unwrap();
        let part = match kind.as_str().unwrap() {
            "file" => &schema["$defs"]["file"],
            "dir" => &schema["$defs"]["dir"],
            "summary" => &schema,
            other => panic!("unexpected record type {other}"),
        };
        assert_valid(&schema, part, &record);
        kinds.push(kind);
    }
    assert_eq!(kinds.iter().filter(|k| *k == "file").count(), 4);
    assert_eq!(kinds.last(), Some(&json!("summary")));
    let summary: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(summary["by_root"][0]["root"], json!("."), "{summary:#}");
}

#[test]
fn diffs_match_the_diff_schema() {
    let schema = schema("ringloc-diff.schema.json");
    let tree = tree();
    let old = stdout(&["--format", "json", "--by-file", "--by-dir"], &tree);
    tree.write("old.json", &old);
    tree.write("src/more.go", "package x\n\nfunc y() {}\n");
    tree.write("src/main.c", "int main(void) { return 1; }\n");
    std::fs::remove_file(tree.path().join("run.py")).unwrap();
    tree.write("new.json", stdout(&["--format", "json", "--by-file", "--by-dir", "1", "src"], &tree));
    let doc: Value = serde_json::from_str(&stdout(
        &["diff", "old.json", "new.json", "--format", "json", "--by-dir"],
        &tree,
    ))
    .unwrap();
    assert_valid(&schema, &schema, &doc);
    assert!(!doc["dirs"].as_array().unwrap().is_empty(), "{doc:#}");
    let statuses: Vec<&str> =
        doc["files"].as_array().unwrap().iter().map(|f| f["status"].as_str().unwrap()).collect();
    assert!(statuses.contains(&"added") && statuses.contains(&"removed"), "{doc:#}");
}

/// Runs `git` in `dir` with a fixed author and date.
fn git(dir: &std::path::Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"])
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_AUTHOR_DATE", "@1700000000 +0000")
        .env("GIT_COMMITTER_DATE", "@1700000000 +0000")
        .output()
        .expect("run git");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn revision_diffs_match_the_diff_schema() {
    use std::os::unix::ffi::OsStrExt;
    if !has_git() {
        return;
    }
    let schema = schema("ringloc-diff.schema.json");
    let tree = tree();
    git(tree.path(), &["init", "-q"]);
    git(tree.path(), &["add", "-A"]);
    git(tree.path(), &["commit", "-q", "-m", "one"]);
    tree.write("src/more.go", "package x\n\nfunc y() {}\n");
    tree.write("src/main.c", "int main(void) {\n  /* hi there */\n\n  return 1;\n}\n");
    let odd = std::ffi::OsStr::from_bytes(b"odd\xFF.c");
    std::fs::write(tree.path().join("src").join(odd), "int odd;\nint even;\n").unwrap();
    std::fs::remove_file(tree.path().join("run.py")).unwrap();
    git(tree.path(), &["add", "-A"]);
    git(tree.path(), &["commit", "-q", "-m", "two"]);
    let doc: Value =
        serde_json::from_str(&stdout(&["diff", "HEAD~1", "HEAD", "--format", "json"], &tree)).unwrap();
    assert_valid(&schema, &schema, &doc);
    let lines = &doc["lines"];
    let paths: Vec<&Value> = lines["files"].as_array().unwrap().iter().map(|f| &f["path"]).collect();
    assert_eq!(paths, ["run.py", "src/main.c", "src/more.go", "src/odd\\xFF.c"], "{doc:#}");
    let odd_row = &lines["files"][3];
    assert!(odd_row["path_bytes"].is_string(), "{odd_row:#}");
    let names: Vec<&Value> = lines["languages"].as_array().unwrap().iter().map(|l| &l["name"]).collect();
    assert_eq!(names, ["C", "Go", "Python", "Rust"], "every language of either side");
    let cut: Value =
        serde_json::from_str(&stdout(&["diff", "HEAD~1", "HEAD", "--top", "1", "--format", "json"], &tree))
            .unwrap();
    assert_valid(&schema, &schema, &cut);
    assert_eq!(cut["omitted"]["lines_files"], 3, "{cut:#}");
    let ndjson = stdout(&["diff", "HEAD~1", "HEAD", "--format", "ndjson"], &tree);
    let mut types = Vec::new();
    for line in ndjson.lines() {
        let mut record: Map<String, Value> = serde_json::from_str(line).unwrap();
        let kind = record.remove("type").unwrap();
        let part = match kind.as_str().unwrap() {
            "change" => &schema["$defs"]["file_change"],
            "lines" => &schema["$defs"]["line_moves"],
            "summary" => &schema,
            other => panic!("record type {other}"),
        };
        assert_valid(&schema, part, &Value::Object(record));
        types.push(kind);
    }
    assert_eq!(types.iter().filter(|t| *t == "change").count(), 4, "{ndjson}");
    assert_eq!(types.iter().filter(|t| *t == "lines").count(), 4, "{ndjson}");
    assert_eq!(types.last(), Some(&Value::from("summary")));
}

#[test]
fn the_validator_catches_what_it_should() {
    let schema = schema("ringloc.schema.json");
    let mut out = Vec::new();
    let bad = json!({"schema_version": 2, "roots": [], "total": {"files": -1}, "languages": [{"name": 3}],
        "errors": [], "skipped": {"binary": 0, "unknown": 0}, "extra": true});
    violations(&schema, &schema, &bad, "$", &mut out);
    for want in [
        "schema_version",
        "total: missing \"lines\"",
        "total.files",
        "languages[0].name",
        "unexpected field extra",
    ] {
        assert!(out.iter().any(|v| v.contains(want)), "no violation about {want}: {out:#?}");
    }
}
