//! Why a name did not resolve, in git's words where gix's differ and git's say it plainer: a
//! reflog entry past the log's end (`log for 'main' only has 5 entries`, where gix said
//! "Reference 'refs/heads/main' has 5 ref-log entries and entry number 9 is out of range"), and
//! an upstream asked of a branch without one (`no upstream configured for branch 'main'`) or of a
//! name that is no branch (`no such branch: 'v1'`), where gix spoke of "a fetch tracking branch".

use gix::revision::plumbing::spec::parse::delegate::SiblingBranch;

use super::names::{branch_named, ref_name, reflog_of, reflog_selector};
use super::Repo;

/// git's words for why `rev`, which did not resolve, names nothing, where they are among the
/// cases above.
pub(super) fn why_git_fails(repo: &Repo, rev: &str) -> Option<String> {
    let name = ref_name(rev);
    let selector = reflog_selector(rev, name)?;
    match SiblingBranch::parse(selector.into()) {
        Some(SiblingBranch::Upstream) => no_upstream(repo, name),
        Some(SiblingBranch::Push) => None,
        None => past_the_log(repo, name, selector),
    }
}

/// `log for 'NAME' only has N entries` where the selector is an entry's place (`@{9}`, not a time
/// in seconds) at or past the log's end: what gix fails on there.
fn past_the_log(repo: &Repo, name: &str, selector: &str) -> Option<String> {
    let place: usize = selector.parse().ok().filter(|&n| n < 100_000_000)?;
    let (reference, shown) = reflog_of(repo, name)?;
    let mut log = reference.log_iter();
    let entries = log.rev().ok()??.count();
    (place >= entries).then(|| format!("log for '{shown}' only has {entries} entries"))
}

/// git's words where the branch `name` names (the one `HEAD` is on for no name) has no upstream
/// configured, or `name` is no branch; `HEAD` detached is said in [`super::detached`].
fn no_upstream(repo: &Repo, name: &str) -> Option<String> {
    let branch = branch_named(&repo.handle, name)?;
    let config = repo.handle.config_snapshot();
    let configured = ["remote", "merge"]
        .iter()
        .all(|key| config.string(format!("branch.{branch}.{key}").as_str()).is_some());
    let full = format!("refs/heads/{branch}");
    let exists = repo.handle.try_find_reference(full.as_str()).ok().flatten().is_some();
    match (configured, exists) {
        (_, false) => Some(format!("no such branch: '{branch}'")),
        (false, true) => Some(format!("no upstream configured for branch '{branch}'")),
        (true, true) => None,
    }
}
