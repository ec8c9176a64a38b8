//! Where io_uring is refused, `auto` says so in one line and counts the same with plain reads, and
//! `--backend uring` is a clear usage error. Refusal is made real with `kernel.io_uring_disabled=1`
//! (only privileged processes may then create rings) and an unprivileged run via setpriv.

mod common;

use common::as_nobody;

const SYSCTL: &str = "/proc/sys/kernel/io_uring_disabled";

/// Restores the sysctl however the test ends.
struct Restore(String);

impl Drop for Restore {
    fn drop(&mut self) {
        let _ = std::fs::write(SYSCTL, &self.0);
    }
}

#[test]
#[ignore = "needs root"]
fn refused_io_uring_falls_back_with_one_line_and_the_same_counts() {
    let old = std::fs::read_to_string(SYSCTL)
        .unwrap_or_else(|e| panic!("this test needs a kernel with {SYSCTL} (6.6 or later): {e}"));
    assert!(
        rustix::process::geteuid().is_root(),
        "needs root to set {SYSCTL}: run as root with --include-ignored"
    );
    let tree = common::generated_tree(300, 5);
    std::fs::set_permissions(tree.path(), std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let expected = common::ringloc(&["--format", "json", "--by-file", "--backend", "sync"], tree.path());
    let _restore = Restore(old);
    std::fs::write(SYSCTL, "1").unwrap();

    let auto = as_nobody(&["--format", "json", "--by-file"], tree.path());
    assert_eq!(auto.status.code(), Some(0));
    assert_eq!(auto.stdout, expected.stdout, "same counts on plain reads");
    let stderr = String::from_utf8_lossy(&auto.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("io_uring unavailable") && stderr.contains("plain reads"), "{stderr}");

    let forced = as_nobody(&["--backend", "uring"], tree.path());
    assert_eq!(forced.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&forced.stderr).contains("io_uring is not available"));
}

/// Runs the binary with `io_uring_enter` refused (EPERM) by a seccomp filter, as a container's
/// profile may refuse it alone: `io_uring_setup` works, so only a NOP through the ring tells.
fn without_uring_enter(args: &[&str], cwd: &std::path::Path) -> Option<std::process::Output> {
    const FILTER: &str = "import errno, os, seccomp, sys\nf = seccomp.SyscallFilter(defaction=seccomp.ALLOW)\nf.add_rule(seccomp.ERRNO(errno.EPERM), 'io_uring_enter')\nf.load()\nos.execv(sys.argv[1], sys.argv[1:])\n";
    let has = std::process::Command::new("/usr/bin/python3").args(["-c", "import seccomp"]).output();
    if !has.is_ok_and(|o| o.status.success()) {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "python3-seccomp is missing (.ci/run installs it)"
        );
        eprintln!("no python3-seccomp (apt-get install python3-seccomp): nothing checked");
        return None;
    }
    let mut command = std::process::Command::new("/usr/bin/python3");
    common::no_config_file(&mut command)
        .args(["-c", FILTER, env!("CARGO_BIN_EXE_ringloc")])
        .args(args)
        .current_dir(cwd);
    Some(command.output().unwrap())
}

/// With `io_uring_enter` refused, the files in flight were reported as errors (exit 2): the ring
/// is now tried with a NOP before any file is handed to it, and `auto` reads plainly.
#[test]
fn a_refused_io_uring_enter_falls_back_before_any_file_is_in_flight() {
    let tree = common::generated_tree(300, 9);
    let expected = common::ringloc(&["--format", "json", "--by-file", "--backend", "sync"], tree.path());
    let Some(auto) = without_uring_enter(&["--format", "json", "--by-file"], tree.path()) else { return };
    let stderr = String::from_utf8_lossy(&auto.stderr);
    assert_eq!(auto.status.code(), Some(0), "{stderr}");
    assert_eq!(auto.stdout, expected.stdout, "same counts on plain reads");
    assert!(stderr.contains("io_uring unavailable") && stderr.contains("plain reads"), "{stderr}");
    let forced = without_uring_enter(&["--backend", "uring"], tree.path()).unwrap();
    assert_eq!(forced.status.code(), Some(1), "{}", String::from_utf8_lossy(&forced.stderr));
}
