//! The accuracy oracle's slice (oracle/run --slice): a few small pinned trees whose references
//! install quickly, every line judged by the language's own lexer and by this build's `ringloc
//! explain`, so that a regression on real code fails. Every difference must be listed, with its
//! reason, in oracle/known.toml. It needs python3, node and npm, and the package registries to
//! install its references (shfmt among them, from apt) and fetch its trees, so `cargo test` leaves
//! it out; `.ci/run` runs it.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs python3, node, npm and the package registries; .ci/run runs it with --ignored"]
fn the_slice_of_real_trees_agrees_with_each_languages_own_lexer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for tool in ["python3", "node", "npm"] {
        let found = Command::new("sh").args(["-c", &format!("command -v {tool}")]).output();
        assert!(
            found.is_ok_and(|out| out.status.success()),
            "the oracle needs {tool}: install it (see .ci/run) and run again"
        );
    }
    let out = Command::new(root.join("oracle/run"))
        .args(["--slice", "--ringloc", env!("CARGO_BIN_EXE_ringloc")])
        // An empty config file (as tests/common's `no_config_file`): no developer's settings.
        .env("RINGLOC_CONFIG", "/dev/null")
        .output()
        .expect("oracle/run starts");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the oracle found differences or could not run:\n{stdout}\n{stderr}");
    let checked: Vec<&str> = stdout.lines().skip(1).take_while(|l| !l.is_empty()).collect();
    for language in ["JavaScript", "TypeScript", "Rust", "TOML", "Python", "YAML", "Shell"] {
        let row = checked.iter().find(|l| l.starts_with(&format!("{language} ")));
        let files: usize = row
            .and_then(|l| l.split_whitespace().rev().nth(5))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("the slice checked no {language} file:\n{stdout}"));
        assert!(files > 0, "the slice checked no {language} file:\n{stdout}");
    }
}
