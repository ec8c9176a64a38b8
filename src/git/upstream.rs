//! `@{upstream}` of a branch whose upstream is another branch of the same repository (`git branch
//! --set-upstream-to=side main` writes `branch.main.remote = .` and `branch.main.merge =
//! refs/heads/side`): git's upstream is then that branch itself (remote.c takes a merge ref of the
//! remote `.` as its own tracking ref). gix maps the merge ref through the fetch refspecs of the
//! remote, which `.` has none of, and failed with "does not have a fetch tracking branch
//! configured".

use std::borrow::Cow;

use gix::revision::plumbing::spec::parse::delegate::SiblingBranch;

use super::names::{branch_named, ref_name, reflog_selector};

/// `rev` spelt for gix to read the upstream git reads: `refs/heads/side~1` for `main@{u}~1`
/// where `main` tracks the local branch `side`; `rev` as it is otherwise.
pub(super) fn spelt_for_gix<'r>(repo: &gix::Repository, rev: &'r str) -> Cow<'r, str> {
    local_upstream(repo, rev).map_or(Cow::Borrowed(rev), Cow::Owned)
}

fn local_upstream(repo: &gix::Repository, rev: &str) -> Option<String> {
    let name = ref_name(rev);
    let selector = reflog_selector(rev, name)?;
    if SiblingBranch::parse(selector.into())? != SiblingBranch::Upstream {
        return None;
    }
    let branch = branch_named(repo, name)?;
    let config = repo.config_snapshot();
    let remote = config.string(format!("branch.{branch}.remote").as_str())?;
    let merge = config.string(format!("branch.{branch}.merge").as_str()).filter(|_| remote == ".")?;
    let rest = &rev[name.len() + "@{}".len() + selector.len()..];
    Some(format!("{merge}{rest}"))
}
