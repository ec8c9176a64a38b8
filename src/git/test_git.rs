//! Helpers for the unit tests of this module: the `git` command, which builds their repositories,
//! and the repositories opened as a run opens them.

use std::path::Path;
use std::process::Command;

use super::packed::Packs;
use super::Store;

/// Runs git in `dir` with a fixed author and no system config; its stdout.
pub(super) fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@t", "-c", "core.autocrlf=false"])
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect("run git");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The repository at `dir` and its packs, opened as a run opens them.
pub(super) fn opened(dir: &Path) -> (gix::Repository, Packs) {
    let repo = gix::open(dir).expect("open the repository");
    let packs = Packs::open(&repo);
    (repo, packs)
}

/// A thread's store that cannot open: an object read with it was read without gix.
pub(super) fn store_that_cannot_open() -> Store<'static> {
    Store::at(Path::new("/nonexistent/ringloc-store"))
}
