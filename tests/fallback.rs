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
