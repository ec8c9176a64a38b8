//! A reflog selector with no ref name before it (`@{1}`, `@{yesterday}`, `@{u}`) read as git
//! reads it: as `HEAD` made a ref name (`dwim_ref("HEAD")` in git's object-name.c), which is the
//! branch `HEAD` is on, or, with `HEAD` detached, `HEAD` itself, whose reflog is its own. gix reads
//! the branch only, and with `HEAD` detached failed where git answers (`git checkout --detach;
//! git rev-parse @{1}`) with "Unborn heads do not have a reflog yet".

use std::borrow::Cow;

use gix::revision::plumbing::spec::parse::delegate::SiblingBranch;

use super::names::{names_head, ref_name, reflog_selector};

/// What the selector of `@{SELECTOR}` asks for.
#[derive(Debug, PartialEq, Eq)]
enum Selector {
    /// An entry of a reflog, by its place (`@{1}`) or its date (`@{yesterday}`).
    Entry,
    /// The upstream or push branch of a branch (`@{u}`, `@{push}`).
    Sibling,
    /// A branch checked out before (`@{-1}`): HEAD's reflog, detached or not.
    Previous,
}

fn selector_kind(selector: &str) -> Selector {
    if SiblingBranch::parse(selector.into()).is_some() {
        Selector::Sibling
    } else if selector.parse::<isize>().is_ok_and(|n| n < 0) {
        Selector::Previous
    } else {
        Selector::Entry
    }
}

fn head_is_detached(repo: &gix::Repository) -> bool {
    repo.head().is_ok_and(|head| head.is_detached())
}

/// `rev` spelt for gix to read the reflog git reads: `HEAD@{1}` for `@{1}` where `HEAD` is
/// detached, as git's `@{1}` is then `HEAD`'s own reflog; `rev` as it is otherwise.
pub(super) fn spelt_for_gix<'r>(repo: &gix::Repository, rev: &'r str) -> Cow<'r, str> {
    let bare_entry = reflog_selector(rev, "").is_some_and(|s| selector_kind(s) == Selector::Entry);
    if bare_entry && head_is_detached(repo) {
        Cow::Owned(format!("HEAD{rev}"))
    } else {
        Cow::Borrowed(rev)
    }
}

/// git's words where `rev` asks for the upstream or push branch of `HEAD` (`@{u}`, `HEAD@{push}`,
/// `@@{u}`) and `HEAD` is detached, which gix worded as if `HEAD` were unborn.
pub(super) fn no_branch_for_sibling(repo: &gix::Repository, rev: &str) -> Option<String> {
    let name = ref_name(rev);
    let selector = reflog_selector(rev, name)?;
    (names_head(name) && selector_kind(selector) == Selector::Sibling && head_is_detached(repo))
        .then(|| "HEAD does not point to a branch".to_string())
}
