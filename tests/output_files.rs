//! Where reports go and what happens when they cannot get there: `-o/--output` files, several
//! reports from one count, a full disk (`/dev/full`, a file size limit), a closed pipe and a full
//! stderr. Nothing may be lost silently: each failure is a message where one can be written, exit
//! status 1, never a panic (101), and never a partial report under the final name.

mod common;

use std::fs::Permissions;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Stdio};

use common::{in_shell, ringloc, Tree};
use serde_json::Value;

fn tree() -> Tree {
    let tree = Tree::new();
    for i in 0..40 {
        tree.write(&format!("src/m{i}/file_with_a_long_name_{i}.c"), "int main(void) {\n  /* hi */\n}\n");
    }
    tree.write("top.py", "x = 1\n");
    tree
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn output_writes_the_report_to_a_file_and_nothing_to_stdout() {
    let tree = tree();
    let out = ringloc(&["--format", "json", "--by-file", "-o", "loc.json"], tree.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "the report went to the file only");
    let printed = ringloc(&["--format", "json", "--by-file"], tree.path());
    let written: Value =
        serde_json::from_slice(&std::fs::read(tree.path().join("loc.json")).unwrap()).unwrap();
    let mut printed: Value = serde_json::from_slice(&printed.stdout).unwrap();
    // The second run counted the first one's loc.json too.
    let files = printed["files"].as_array_mut().unwrap();
    files.retain(|f| f["path"] != "./loc.json");
    assert_eq!(written["files"], printed["files"]);
    assert_eq!(written["total"]["code"], 81);
    let names: Vec<_> = std::fs::read_dir(tree.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(
        !names.iter().any(|n| n.to_string_lossy().ends_with(".tmp")),
        "no temporary file is left: {names:?}"
    );
}

#[test]
fn several_outputs_come_from_one_count() {
    let tree = tree();
    let args =
        ["--by-file", "--output", "json:r.json", "--output", "csv:r.csv", "-o", "-", "--format", "markdown"];
    let out = ringloc(&args, tree.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let md = String::from_utf8(out.stdout).unwrap();
    assert!(md.contains("| **Total** | **41** |"), "markdown on stdout (-): {md}");
    let json: Value = serde_json::from_slice(&std::fs::read(tree.path().join("r.json")).unwrap()).unwrap();
    let csv = std::fs::read_to_string(tree.path().join("r.csv")).unwrap();
    assert_eq!(json["total"]["files"], 41, "one count: neither report sees the other's file");
    assert!(csv.lines().any(|l| l.starts_with("total,Total,,41,")), "{csv}");
    assert_eq!(csv.lines().filter(|l| l.starts_with("file,")).count(), 41);
}

#[test]
fn output_values_that_cannot_work_are_usage_errors() {
    let tree = tree();
    for (args, why) in [
        (&["-o", "-", "-o", "json:-"][..], "only one report can go to stdout"),
        (&["-o", "a.json", "-o", "csv:a.json"][..], "a.json is named twice"),
        (&["-o", "no/such/dir/a.json"][..], "No such file or directory"),
    ] {
        let out = ringloc(args, tree.path());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains(why), "{args:?}: {}", stderr(&out));
    }
}

/// Two spellings of one file would each be renamed over it, the first report lost with exit 0:
/// they are refused as one name given twice is, before anything is written.
#[test]
fn two_names_for_one_output_file_are_refused() {
    let tree = tree();
    tree.write("old.json", "kept");
    std::os::unix::fs::symlink("old.json", tree.path().join("link.json")).unwrap();
    std::os::unix::fs::symlink("new.json", tree.path().join("ahead.json")).unwrap();
    for (args, why) in [
        (&["-o", "json:a.json", "-o", "csv:./a.json"][..], "a.json and ./a.json are one file"),
        (&["-o", "json:src/../b.json", "-o", "csv:b.json"][..], "src/../b.json and b.json are one file"),
        (&["-o", "json:old.json", "-o", "csv:link.json"][..], "old.json and link.json are one file"),
        (&["-o", "json:new.json", "-o", "csv:ahead.json"][..], "new.json and ahead.json are one file"),
    ] {
        let out = ringloc(args, tree.path());
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(why), "{args:?}: {}", stderr(&out));
    }
    assert!(!tree.path().join("a.json").exists() && !tree.path().join("b.json").exists());
    assert_eq!(std::fs::read_to_string(tree.path().join("old.json")).unwrap(), "kept");
    // No name at all was `ringloc: : not a file name`.
    for value in ["json:", ""] {
        let out = ringloc(&["-o", value, "src"], tree.path());
        assert_eq!(out.status.code(), Some(1), "{value}");
        assert!(stderr(&out).contains(&format!("--output '{value}' names no file")), "{}", stderr(&out));
    }
}

/// A report written through a link to no file yet makes that file, as the shell's `>` does: the
/// rename replaced the link with the report, and the file it named stayed missing.
#[test]
fn a_dangling_link_leads_to_the_report_it_names() {
    let tree = tree();
    std::fs::create_dir(tree.path().join("reports")).unwrap();
    std::os::unix::fs::symlink("reports/loc.json", tree.path().join("latest.json")).unwrap();
    let out = ringloc(&["-o", "json:latest.json", "src"], tree.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let link = std::fs::symlink_metadata(tree.path().join("latest.json")).unwrap();
    assert!(link.file_type().is_symlink(), "the link stays a link");
    let report = std::fs::read_to_string(tree.path().join("reports/loc.json")).unwrap();
    assert!(report.contains("\"total\""), "{report}");
}

#[test]
fn a_full_device_is_an_error_not_a_panic() {
    let tree = tree();
    for script in [
        r#""$@" --format json --by-file > /dev/full"#,
        r#""$@" --format ndjson > /dev/full"#,
        r#""$@" --format table > /dev/full"#,
        r#""$@" -o /dev/full"#,
        r#""$@" completions zsh > /dev/full"#,
        r#""$@" man > /dev/full"#,
        r#""$@" --help > /dev/full"#,
    ] {
        let out = in_shell(script, &[], tree.path());
        assert_eq!(out.status.code(), Some(1), "{script}: {}", stderr(&out));
        assert!(stderr(&out).contains("No space left on device"), "{script}: {}", stderr(&out));
    }
    let kept = Path::new("/dev/full").metadata().unwrap().file_type();
    assert!(FileTypeExt::is_char_device(&kept), "-o /dev/full writes the device, never renames over it");
}

#[test]
fn a_full_stderr_is_exit_1_not_a_panic() {
    let tree = tree();
    // A per-file error whose message cannot be written.
    let out = in_shell(r#""$@" no-such-path 2>/dev/full"#, &[], tree.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(!out.stdout.is_empty(), "the report itself still went out");
}

#[test]
fn a_report_cut_short_leaves_the_old_file_whole() {
    let tree = tree();
    std::fs::write(tree.path().join("old.json"), "the old report\n").unwrap();
    // A 512-byte file size limit (and SIGXFSZ ignored) is a disk that fills up mid-report.
    let script = r#"trap '' XFSZ; ulimit -f 1; "$@" --format json --by-file -o old.json"#;
    let out = in_shell(script, &[], tree.path());
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("writing") && stderr(&out).contains("old.json"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(tree.path().join("old.json")).unwrap(), "the old report\n");
    let names: Vec<_> = std::fs::read_dir(tree.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(
        !names.iter().any(|n| n.to_string_lossy().ends_with(".tmp")),
        "temporary file removed: {names:?}"
    );
}

/// A run stopped while it counts leaves nothing beside its report: the file the report goes to is
/// made before the count (a directory nobody may write to fails at once) but has no name until the
/// report is whole. SIGKILL is the case nothing in the process could clean up after. The run is
/// started through `env --default-signal`: a test run started in the background by a script (`cmd
/// &`, which ignores SIGINT) would hand the run an ignored SIGINT, and it would count to the end.
#[test]
fn a_run_stopped_while_counting_leaves_no_file_behind() {
    let tree = Tree::new();
    // Text, then 20 GB of hole: read for minutes, so the run is still counting when stopped.
    let big = tree.write("slow/big.c", "int a;\n".repeat(1300));
    std::fs::OpenOptions::new().write(true).open(big).unwrap().set_len(20 << 30).unwrap();
    std::fs::create_dir(tree.path().join("out")).unwrap();
    for signal in ["INT", "TERM", "KILL"] {
        let mut child = common::no_config_file(&mut Command::new("env"))
            .args(["--default-signal", env!("CARGO_BIN_EXE_ringloc")])
            .args(["--format", "json", "-o", "out/loc.json", "slow"])
            .current_dir(tree.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn ringloc");
        std::thread::sleep(std::time::Duration::from_secs(1));
        assert!(child.try_wait().unwrap().is_none(), "SIG{signal}: the run is still counting");
        let kill = Command::new("kill").arg(format!("-{signal}")).arg(child.id().to_string()).status();
        assert!(kill.unwrap().success(), "kill -{signal}");
        let status = child.wait().unwrap();
        assert!(status.code().is_none(), "SIG{signal} ended the run: {status:?}");
        let names: Vec<_> =
            std::fs::read_dir(tree.path().join("out")).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(names.is_empty(), "SIG{signal} left {names:?}");
    }
}

#[test]
fn a_replaced_report_keeps_its_mode() {
    let tree = tree();
    let mode = |name: &str| std::fs::metadata(tree.path().join(name)).unwrap().permissions().mode() & 0o7777;
    for (name, old) in [("private.json", 0o600), ("shared.json", 0o664), ("behind.json", 0o600)] {
        std::fs::write(tree.path().join(name), "old\n").unwrap();
        std::fs::set_permissions(tree.path().join(name), Permissions::from_mode(old)).unwrap();
    }
    std::os::unix::fs::symlink("behind.json", tree.path().join("link.json")).unwrap();
    // 0664 is wider than a umask of 022 lets a new file be; the new report is not.
    let script = r#"umask 022 && "$@" -o private.json -o shared.json -o link.json -o new.json"#;
    let out = in_shell(script, &["--format", "json"], tree.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(mode("private.json"), 0o600, "a private report stays private");
    assert_eq!(mode("shared.json"), 0o664);
    assert_eq!(mode("new.json"), 0o644, "a new report is made as any new file");
    assert_eq!(mode("behind.json"), 0o600, "so does one behind a link");
    let link = std::fs::symlink_metadata(tree.path().join("link.json")).unwrap();
    assert!(link.file_type().is_symlink(), "the link is written through, not replaced");
    let behind = std::fs::read_to_string(tree.path().join("behind.json")).unwrap();
    assert!(behind.starts_with('{'), "{behind}");
}

#[test]
fn a_closed_pipe_is_exit_1_with_a_message() {
    let tree = tree();
    // The reader closes its end, then lets ringloc start: every write meets EPIPE, whatever the
    // timing. ringloc's status goes to stderr, past the pipe.
    let script = r#"mkfifo go; { read x < go; "$@"; echo "status $?" >&2; } | { exec 0<&-; echo > go; }"#;
    for format in ["json", "ndjson", "table", "csv"] {
        let out = in_shell(script, &["--by-file", "--format", format], tree.path());
        let text = stderr(&out);
        assert!(text.contains("status 1"), "{format}: {text}");
        assert!(text.contains("ringloc: writing output: Broken pipe"), "{format}: {text}");
        std::fs::remove_file(tree.path().join("go")).unwrap();
    }
}

#[test]
fn streamed_ndjson_goes_to_its_file_whole() {
    let tree = tree();
    let out = ringloc(&["--format", "ndjson", "-o", "files.ndjson"], tree.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(tree.path().join("files.ndjson")).unwrap();
    let records: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.iter().filter(|r| r["type"] == "file").count(), 41);
    assert_eq!(records.last().unwrap()["type"], "summary");
}

#[test]
fn merge_writes_any_format_and_diff_refuses_the_drop_in_ones() {
    let tree = tree();
    assert_eq!(
        ringloc(&["--format", "json", "--by-file", "-o", "a.json", "src"], tree.path()).status.code(),
        Some(0)
    );
    let merged = ringloc(&["merge", "a.json", "-o", "cloc-xml:a.xml", "-o", "yaml:a.yaml"], tree.path());
    assert_eq!(merged.status.code(), Some(0), "{}", stderr(&merged));
    let xml = std::fs::read_to_string(tree.path().join("a.xml")).unwrap();
    assert!(xml.contains("<language name=\"C\" files_count=\"40\""), "{xml}");
    assert!(std::fs::read_to_string(tree.path().join("a.yaml")).unwrap().contains("schema_version: 1\n"));
    let diff = ringloc(&["diff", "a.json", "a.json", "-o", "scc-json:d.json"], tree.path());
    assert_eq!(diff.status.code(), Some(1));
    assert!(stderr(&diff).contains("--format scc-json has no diff form"), "{}", stderr(&diff));
    let yaml = ringloc(&["diff", "a.json", "a.json", "--format", "yaml"], tree.path());
    assert_eq!(yaml.status.code(), Some(0), "{}", stderr(&yaml));
}
