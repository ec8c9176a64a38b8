//! What git says of a revision's name as it resolves it, where gix, which ringloc resolves names
//! with, says nothing: a name that more than one ref answers to (`refname 'v1' is ambiguous.`).
//! gix takes the same ref as git; only the warning was missing.

use super::Repo;

/// The refs git looks for `name` at, in its order (`git help revisions`): the first that exists
/// is the one read, and a name two of them answer to is ambiguous.
fn candidates(name: &str) -> [String; 6] {
    [
        name.to_string(),
        format!("refs/{name}"),
        format!("refs/tags/{name}"),
        format!("refs/heads/{name}"),
        format!("refs/remotes/{name}"),
        format!("refs/remotes/{name}/HEAD"),
    ]
}

/// What git warns of as it resolves `rev`, worded as git words it after `warning: `.
pub(super) fn name_warnings(repo: &Repo, rev: &str) -> Vec<String> {
    ambiguous(repo, ref_name(rev)).into_iter().collect()
}

/// `rev`'s ref name: up to its first `@{`, `~`, `^` or `:` (`main@{1}~2`, `v1^{tree}`,
/// `HEAD:src`).
fn ref_name(rev: &str) -> &str {
    let end = ["@{", "~", "^", ":"].iter().filter_map(|sep| rev.find(sep)).min().unwrap_or(rev.len());
    &rev[..end]
}

/// git's warning where more than one of `name`'s [`candidates`] is a ref (a branch and a tag
/// both `v1`), unless `core.warnAmbiguousRefs` is false.
fn ambiguous(repo: &Repo, name: &str) -> Option<String> {
    let warn = repo.handle.config_snapshot().boolean("core.warnAmbiguousRefs").unwrap_or(true);
    if !warn || name.is_empty() {
        return None;
    }
    let found = candidates(name).iter().filter(|full| names_a_ref(repo, full)).count();
    (found > 1).then(|| format!("refname '{name}' is ambiguous."))
}

/// Whether the ref `full` exists under that very name: gix looks a name up as git does, through
/// the same rules, so what it finds for `v1` may be `refs/tags/v1`.
fn names_a_ref(repo: &Repo, full: &str) -> bool {
    let found = repo.handle.try_find_reference(full).ok().flatten();
    found.is_some_and(|reference| reference.name().as_bstr() == full.as_bytes())
}
