//! Shared helpers for the integration tests: generated trees and running the real binary.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A file tree in a temporary directory, removed when dropped.
pub struct Tree {
    pub dir: tempfile::TempDir,
}

impl Tree {
    pub fn new() -> Tree {
        Tree { dir: tempfile::tempdir().expect("temp dir") }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn write(&self, rel: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let p = self.dir.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, contents).unwrap();
        p
    }
}

/// Deterministic pseudo-random numbers, so a failing generated tree can be rebuilt.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SNIPPETS: &[&str] = &[
    "int x = 1; /* trailing */\n",
    "/* a block\n\n   spanning */ y();\n",
    "// line comment\n",
    "s = \"/* not a comment */\";\n",
    "\n",
    "   \t\n",
    "# hash\n",
    "\"\"\"doc\nstring\"\"\"\n",
    "q = '\\'' # c\n",
    "x\r\n",
    "/* unterminated",
];

const NAMES: &[&str] = &["a.c", "b.h", "c.py", "d.sh", "e.rs", "Makefile", "Kconfig.x", "f.txtx", "noext"];

/// A tree of `files` files over nested directories, a few of them larger than one read chunk.
pub fn generated_tree(files: usize, seed: u64) -> Tree {
    let tree = Tree::new();
    let mut rng = Rng(seed);
    for i in 0..files {
        let depth = rng.below(4);
        let dir: Vec<String> = (0..depth).map(|d| format!("d{}", rng.below(6) + d * 10)).collect();
        let name = NAMES[rng.below(NAMES.len())];
        let rel = format!("{}/{}{}", dir.join("/"), i, name);
        let mut body = String::new();
        if name == "noext" && rng.below(2) == 0 {
            body.push_str("#!/usr/bin/env python3\n");
        }
        let snippets = if i % 500 == 7 { 20_000 } else { rng.below(40) };
        for _ in 0..snippets {
            body.push_str(SNIPPETS[rng.below(SNIPPETS.len())]);
        }
        tree.write(rel.trim_start_matches('/'), body);
    }
    tree
}

/// Makes `command` (the binary, or a program that runs it) read an empty config file instead of
/// the usual ones, as `--config /dev/null` would, so that a developer's
/// `~/.config/ringloc/config.toml` or a `ringloc.toml` where a test runs never changes what the
/// test sees. Set on every run of the binary; tests/config_file.rs takes it away where it tests
/// the files themselves.
pub fn no_config_file(command: &mut Command) -> &mut Command {
    command.env("RINGLOC_CONFIG", "/dev/null")
}

/// Runs the real binary with a deadline, so a hang fails the test instead of stalling CI.
pub fn ringloc(args: &[&str], cwd: &Path) -> Output {
    run_binary(args, cwd, None)
}

/// What the real binary writes to stdout for `args` in `tree`, where it must exit 0 (its stderr
/// in the failure).
pub fn stdout_ok(args: &[&str], tree: &Tree) -> String {
    let out = ringloc(args, tree.path());
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("stdout is UTF-8")
}

/// Runs the real binary with `input` on its standard input.
pub fn ringloc_stdin(args: &[&str], cwd: &Path, input: &[u8]) -> Output {
    run_binary(args, cwd, Some(input))
}

fn run_binary(args: &[&str], cwd: &Path, input: Option<&[u8]>) -> Output {
    use std::io::Write;
    let mut child = no_config_file(&mut Command::new(env!("CARGO_BIN_EXE_ringloc")))
        .args(args)
        .current_dir(cwd)
        .stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn ringloc");
    if let Some(input) = input {
        child.stdin.take().expect("stdin").write_all(input).expect("write stdin");
    }
    wait_with_deadline(child, args)
}

/// Runs `script` under `sh -c` in `cwd`, with the binary as `"$@"` followed by `args`, within
/// [`wait_with_deadline`]'s deadline.
pub fn in_shell(script: &str, args: &[&str], cwd: &Path) -> Output {
    let mut full = vec!["-c", script, "sh", env!("CARGO_BIN_EXE_ringloc")];
    full.extend_from_slice(args);
    let child = no_config_file(&mut Command::new("sh"))
        .args(&full)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh");
    wait_with_deadline(child, &full)
}

/// Waits for a child whose stdout and stderr are piped, collecting both; a child still running
/// after 60 s is killed and fails the test, so a hang cannot stall CI.
pub fn wait_with_deadline(mut child: Child, what: &[&str]) -> Output {
    // Read the pipes on other threads so a large output cannot block the child.
    let stdout = child.stdout.take().map(read_all);
    let stderr = child.stderr.take().map(read_all);
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().ok();
            panic!("{what:?} did not finish within 60 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let join = |h: Option<std::thread::JoinHandle<Vec<u8>>>| {
        h.map(|h| h.join().expect("reader")).unwrap_or_default()
    };
    Output { status, stdout: join(stdout), stderr: join(stderr) }
}

fn read_all(mut pipe: impl std::io::Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        pipe.read_to_end(&mut buf).expect("read pipe");
        buf
    })
}

/// The JSON document a run printed; a run that printed none fails with its stderr.
pub fn json_of(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)))
}

/// Runs with `--format json --by-file` before `args`.
pub fn run_json(args: &[&str], cwd: &Path) -> (serde_json::Value, Output) {
    let mut full = vec!["--format", "json", "--by-file"];
    full.extend_from_slice(args);
    let out = ringloc(&full, cwd);
    (json_of(&out), out)
}

/// The `path` of every entry of `files`, in the report's order.
pub fn file_paths(v: &serde_json::Value) -> Vec<String> {
    let files = v["files"].as_array().cloned().unwrap_or_default();
    files.iter().map(|f| f["path"].as_str().expect("path").to_string()).collect()
}

/// Runs the binary as an unprivileged user when we are root (root reads anything).
pub fn as_nobody(args: &[&str], cwd: &Path) -> Output {
    if !rustix::process::geteuid().is_root() {
        return ringloc(args, cwd);
    }
    let mut full = vec!["--reuid=65534", "--regid=65534", "--clear-groups", env!("CARGO_BIN_EXE_ringloc")];
    full.extend_from_slice(args);
    let out =
        no_config_file(&mut Command::new("setpriv")).args(&full).current_dir(cwd).output().expect("setpriv");
    assert!(out.status.code().is_some(), "killed: {out:?}");
    out
}

/// The backends a test runs: io_uring and plain reads, or plain reads alone where io_uring is
/// refused on purpose (`RINGLOC_ALLOW_NO_URING`, as tests/backends.rs honours it); elsewhere a
/// refused ring fails the io_uring runs.
pub fn backends() -> &'static [&'static str] {
    if std::env::var_os("RINGLOC_ALLOW_NO_URING").is_some() && ringloc::io::probe_uring().is_err() {
        eprintln!("io_uring is refused here: its runs are left out");
        return &["sync"];
    }
    &["uring", "sync"]
}

/// Fails a test that needs root (for `why`) where it is not root: such tests are
/// `#[ignore = "needs root"]`, and CI runs them as root.
pub fn assert_root(why: &str) {
    assert!(rustix::process::geteuid().is_root(), "needs root {why}: run as root with --include-ignored");
}

/// Whether `git` can run here. Missing in CI is a failure; elsewhere the test says so and stops.
pub fn has_git() -> bool {
    let found = Command::new("git").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found && std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("git is not installed (CI=true): .ci/run installs it");
    }
    if !found {
        eprintln!("git is not installed: nothing checked");
    }
    found
}

/// Makes `tree` a git repository with all its files in one commit (`message`), under a fixed
/// author and no line-ending conversion, as the `--rev` tests need it.
pub fn commit_all(tree: &Tree, message: &str) {
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@t", "-c", "core.autocrlf=false"])
            .args(args)
            .current_dir(tree.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    git(&["init", "-q"]);
    git(&["add", "-A"]);
    git(&["commit", "-q", "-m", message]);
}
