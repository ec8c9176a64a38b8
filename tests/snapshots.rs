//! Every output format on one fixed report and one fixed diff, compared with the files in
//! tests/snapshots/. `UPDATE_SNAPSHOTS=1 cargo test --test snapshots` rewrites them; review the
//! change with `git diff` before committing it.

use std::ffi::OsStr;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use ringloc::count::Counts;
use ringloc::lang::LangId;
use std::time::Duration;

use ringloc::output::{
    Cloc, ClocStyle, Csv, Html, Json, Markdown, Ndjson, OpenMetrics, Output, SccCsv, SccJson, Sql, Table,
    TokeiJson, Yaml,
};
use ringloc::report::{CountedFile, Diff, Outcome, Report, RootTotals, Shape, Skip, SortKey, View};

fn counted(report: &mut Report, path: &[u8], lang: &str, lines: [u64; 3]) {
    counted_in(report, 0, path, lang, lines);
}

fn counted_in(report: &mut Report, root: usize, path: &[u8], lang: &str, [code, comments, blanks]: [u64; 3]) {
    let counts = Counts { lines: code + comments + blanks, code, comments, blanks };
    let language = LangId::from_name(lang).expect(lang);
    let bytes = code * 20 + comments * 30 + blanks;
    let generated = path.ends_with(b".py");
    let outcome = Outcome::Counted(CountedFile {
        language,
        bytes,
        counts,
        generated,
        minified: false,
        embedded: Vec::new(),
        complexity: None,
        uloc: None,
        digest: None,
    });
    report.record(root, outcome, true, || PathBuf::from(OsStr::from_bytes(path)));
}

/// Three languages over two directories, a non-UTF-8 name, an error and skipped files.
fn old_report() -> Report {
    let mut r = Report { roots: vec![PathBuf::from("proj")], ..Report::default() };
    counted(&mut r, b"proj/src/main.rs", "Rust", [120, 30, 20]);
    counted(&mut r, b"proj/src/lib.rs", "Rust", [80, 40, 10]);
    counted(&mut r, b"proj/src/ffi/shim.c", "C", [45, 5, 6]);
    counted(&mut r, b"proj/scripts/build\xFF.sh", "Shell", [12, 3, 2]);
    counted(&mut r, b"proj/README_notes.py", "Python", [7, 9, 1]);
    let denied = io::Error::from_raw_os_error(13);
    r.record(0, Outcome::Failed(denied), true, || PathBuf::from("proj/secret"));
    for skip in [Skip::Binary, Skip::Unknown, Skip::TooLarge] {
        r.record(0, Outcome::Skipped(skip), true, || PathBuf::from(format!("proj/left_out.{}", skip.name())));
    }
    r.sort();
    r
}

/// `--by-root` over two roots, one of them not UTF-8.
fn two_roots_report() -> Report {
    let roots = [PathBuf::from("proj"), PathBuf::from(OsStr::from_bytes(b"lib\xFF"))];
    let by_root = Some(roots.iter().map(|p| RootTotals::new(p)).collect());
    let mut r = Report { roots: roots.to_vec(), by_root, ..Report::default() };
    counted_in(&mut r, 0, b"proj/src/main.rs", "Rust", [120, 30, 20]);
    counted_in(&mut r, 0, b"proj/src/shim.c", "C", [45, 5, 6]);
    counted_in(&mut r, 1, b"lib\xFF/a.c", "C", [10, 2, 1]);
    counted_in(&mut r, 1, b"lib\xFF/b.go", "Go", [60, 10, 8]);
    r.sort();
    r
}

/// The next version: main.rs grew, shim.c is gone, a Go file came.
fn new_report() -> Report {
    let mut r = Report { roots: vec![PathBuf::from("proj")], ..Report::default() };
    counted(&mut r, b"proj/src/main.rs", "Rust", [150, 28, 25]);
    counted(&mut r, b"proj/src/lib.rs", "Rust", [80, 40, 10]);
    counted(&mut r, b"proj/scripts/build\xFF.sh", "Shell", [12, 3, 2]);
    counted(&mut r, b"proj/README_notes.py", "Python", [7, 9, 1]);
    counted(&mut r, b"proj/cmd/tool.go", "Go", [60, 10, 8]);
    r.sort();
    r
}

fn check(name: &str, actual: &[u8]) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_SNAPSHOTS=1 to create it)", path.display()));
    assert!(
        expected == actual,
        "{name} differs from its snapshot (UPDATE_SNAPSHOTS=1 rewrites it).\n--- expected\n{}\n--- actual\n{}",
        String::from_utf8_lossy(&expected),
        String::from_utf8_lossy(actual)
    );
}

fn render(output: &dyn Output, report: &Report, shape: &Shape) -> Vec<u8> {
    let mut out = Vec::new();
    output.report(&View::new(report, shape), &mut out).unwrap();
    out
}

fn render_diff(output: &dyn Output, shape: &Shape) -> Vec<u8> {
    let mut out = Vec::new();
    output.diff(&Diff::new(&old_report(), &new_report(), true, shape), &mut out).unwrap();
    out
}

const ROWS: Shape =
    Shape { sort: None, top: None, by_file: true, by_dir: Some(1), by_root: false, nested_files: false };

fn formats() -> [(&'static str, Box<dyn Output>); 5] {
    [
        ("table.txt", Box::new(Table::default())),
        ("json.json", Box::new(Json::default())),
        ("ndjson.ndjson", Box::new(Ndjson)),
        ("csv.csv", Box::new(Csv)),
        ("markdown.md", Box::new(Markdown::default())),
    ]
}

#[test]
fn every_format_renders_the_report() {
    for (name, output) in formats() {
        check(&format!("report-{name}"), &render(output.as_ref(), &old_report(), &ROWS));
    }
}

#[test]
fn languages_only_is_the_default() {
    check("report-plain-table.txt", &render(&Table::default(), &old_report(), &Shape::default()));
}

#[test]
fn wide_and_colour_table() {
    let table = Table { wide: true, percent: false, colour: true };
    check("report-wide-colour-table.txt", &render(&table, &old_report(), &ROWS));
    let markdown = Markdown { wide: true, percent: false };
    check("report-wide-markdown.md", &render(&markdown, &old_report(), &Shape::default()));
}

/// scc's `-p` rows under each language, in a wide table (bytes' share too) by root.
#[test]
fn percent_table() {
    let table = Table { wide: true, percent: true, colour: false };
    let by_root = Shape { by_root: true, ..Shape::default() };
    check("by-root-percent-wide-table.txt", &render(&table, &two_roots_report(), &by_root));
}

#[test]
fn sort_and_top_cut_every_list() {
    let shape = Shape {
        sort: Some(SortKey::Comments),
        top: Some(2),
        by_file: true,
        by_dir: Some(2),
        by_root: false,
        nested_files: false,
    };
    check("report-top-table.txt", &render(&Table::default(), &old_report(), &shape));
    check("report-top-json.json", &render(&Json::default(), &old_report(), &shape));
}

#[test]
fn every_format_renders_each_root() {
    let shape = Shape { by_root: true, ..Shape::default() };
    for (name, output) in formats() {
        check(&format!("by-root-{name}"), &render(output.as_ref(), &two_roots_report(), &shape));
    }
    let sorted = Shape { sort: Some(SortKey::Code), ..shape };
    check(
        "by-root-sorted-wide-markdown.md",
        &render(&Markdown { wide: true, percent: false }, &two_roots_report(), &sorted),
    );
}

#[test]
fn every_format_renders_the_diff() {
    for (name, output) in formats() {
        check(&format!("diff-{name}"), &render_diff(output.as_ref(), &Shape::default()));
    }
    check(
        "diff-wide-colour-table.txt",
        &render_diff(&Table { wide: true, percent: false, colour: true }, &Shape::default()),
    );
}

#[test]
fn every_format_renders_directory_changes() {
    let (old, new) = (old_report(), new_report());
    let by_dir = Shape { by_dir: Some(1), ..Shape::default() };
    let dirs = |r| View::new(r, &by_dir).dirs.unwrap();
    let diff = Diff::new(&old, &new, false, &Shape::default()).with_dirs(&dirs(&old), &dirs(&new), &by_dir);
    for (name, output) in formats() {
        let mut out = Vec::new();
        output.diff(&diff, &mut out).unwrap();
        check(&format!("diff-dirs-{name}"), &out);
    }
}

/// The formats that mirror another tool's report (and ringloc's own as YAML), with their header
/// facts fixed.
fn drop_in_formats() -> Vec<(&'static str, Box<dyn Output>)> {
    let elapsed = Duration::from_millis(250);
    let sql =
        |append| Sql { project: "proj's".into(), timestamp: "2026-01-02 03:04:05".into(), elapsed, append };
    vec![
        ("yaml.yaml", Box::new(Yaml::default())),
        ("tokei.json", Box::new(TokeiJson)),
        ("cloc.json", Box::new(Cloc { style: ClocStyle::Json, elapsed })),
        ("cloc.xml", Box::new(Cloc { style: ClocStyle::Xml, elapsed })),
        ("cloc.yaml", Box::new(Cloc { style: ClocStyle::Yaml, elapsed })),
        ("cloc.csv", Box::new(Cloc { style: ClocStyle::Csv, elapsed })),
        ("scc.json", Box::new(SccJson { percent: false })),
        ("scc-percent.json", Box::new(SccJson { percent: true })),
        ("scc.csv", Box::new(SccCsv)),
        ("openmetrics.txt", Box::new(OpenMetrics)),
        ("sql.sql", Box::new(sql(false))),
        ("sql-append.sql", Box::new(sql(true))),
    ]
}

#[test]
fn drop_in_formats_render_languages_and_files() {
    let by_file = Shape { by_file: true, ..Shape::default() };
    for (name, output) in drop_in_formats() {
        check(&format!("languages-{name}"), &render(output.as_ref(), &old_report(), &Shape::default()));
        check(&format!("files-{name}"), &render(output.as_ref(), &old_report(), &by_file));
    }
    check("diff-yaml.yaml", &render_diff(&Yaml::default(), &Shape::default()));
}

#[test]
fn drop_in_formats_have_no_diff_form() {
    for (name, output) in drop_in_formats().into_iter().filter(|(name, _)| !name.starts_with("yaml")) {
        let mut out = Vec::new();
        let diff = Diff::new(&old_report(), &new_report(), true, &Shape::default());
        let err = output.diff(&diff, &mut out).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::Unsupported, "{name}");
    }
}

/// The page's data: every file under its directory, the error, the skipped files and the non-UTF-8
/// name escaped. The page around it is the same for every report (tests/html.rs loads it in a
/// browser), so only the data is kept as a snapshot.
#[test]
fn html_renders_the_report() {
    let page = String::from_utf8(render(&Html, &old_report(), &ROWS)).unwrap();
    let (_, data) = page.split_once("<script type=\"application/json\" id=\"report-data\">").unwrap();
    let (data, _) = data.split_once("</script>").unwrap();
    let value: serde_json::Value = serde_json::from_str(data).expect("the data is JSON");
    assert_eq!(value["files"].as_array().map(Vec::len), Some(5));
    check("report-html-data.json", format!("{data}\n").as_bytes());
}
