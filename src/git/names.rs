//! What git says of a revision's name as it resolves it, where gix, which ringloc resolves names
//! with, says nothing: a name that more than one ref answers to (`refname 'v1' is ambiguous.`),
//! and a reflog date older than the ref's log (`log for 'main' only goes back to ...`). gix takes
//! the same ref and the same entry as git; only the warning was missing.

use gix::bstr::ByteSlice;
use gix::date::time::format::GIT_RFC2822;
use gix::date::Time;
use gix::revision::plumbing::spec::parse::delegate::SiblingBranch;

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
    let name = ref_name(rev);
    let mut warnings: Vec<String> = ambiguous(repo, name).into_iter().collect();
    warnings.extend(reflog_selector(rev, name).and_then(|selector| short_reflog(repo, name, selector)));
    warnings
}

/// `rev`'s ref name: up to its first `@{`, `~`, `^` or `:` (`main@{1}~2`, `v1^{tree}`,
/// `HEAD:src`).
pub(super) fn ref_name(rev: &str) -> &str {
    let end = ["@{", "~", "^", ":"].iter().filter_map(|sep| rev.find(sep)).min().unwrap_or(rev.len());
    &rev[..end]
}

/// Whether a ref name before `@{...}` stands for `HEAD`: none, `@` or `HEAD` itself.
pub(super) fn names_head(name: &str) -> bool {
    ["", "@", "HEAD"].contains(&name)
}

/// The short name of the branch `name` stands for before `@{upstream}`: the branch `HEAD` is on
/// for [`names_head`] (none where it is detached), `name` without `refs/heads/` otherwise.
pub(super) fn branch_named(repo: &gix::Repository, name: &str) -> Option<String> {
    if names_head(name) {
        return Some(repo.head().ok()?.referent_name()?.shorten().to_string());
    }
    Some(name.strip_prefix("refs/heads/").unwrap_or(name).to_string())
}

/// What the `@{...}` right after `rev`'s ref name `name` holds, if one follows it.
pub(super) fn reflog_selector<'r>(rev: &'r str, name: &str) -> Option<&'r str> {
    let after = rev[name.len()..].strip_prefix("@{")?;
    after.split_once('}').map(|(inside, _)| inside)
}

/// git's warning where more than one of `name`'s [`candidates`] is a ref (a branch and a tag
/// both `v1`), or one is and `name` also abbreviates an object (a branch `cafe`), unless
/// `core.warnAmbiguousRefs` is false.
fn ambiguous(repo: &Repo, name: &str) -> Option<String> {
    let warn = repo.handle.config_snapshot().boolean("core.warnAmbiguousRefs").unwrap_or(true);
    if !warn || name.is_empty() {
        return None;
    }
    let found = candidates(name).iter().filter(|full| names_a_ref(repo, full)).count();
    (found > 1 || found == 1 && abbreviates_an_object(repo, name))
        .then(|| format!("refname '{name}' is ambiguous."))
}

/// Whether `name` is the hex of one object's id, or of the start of one object's id only, as git
/// reads a short id (four digits at least).
fn abbreviates_an_object(repo: &Repo, name: &str) -> bool {
    let Ok(prefix) = gix::hash::Prefix::from_hex(name) else { return false };
    matches!(repo.handle.objects.lookup_prefix(prefix, None), Ok(Some(Ok(_))))
}

/// Whether the ref `full` exists under that very name: gix looks a name up as git does, through
/// the same rules, so what it finds for `v1` may be `refs/tags/v1`.
fn names_a_ref(repo: &Repo, full: &str) -> bool {
    let found = repo.handle.try_find_reference(full).ok().flatten();
    found.is_some_and(|reference| reference.name().as_bstr() == full.as_bytes())
}

/// git's warning where `selector` (of `NAME@{SELECTOR}`) is a date older than every entry of the
/// reflog it reads: that of the ref `name` answers to, or with no name that of the branch `HEAD`
/// is on, or `HEAD`'s own where it is detached. git and gix both take the oldest entry then; git
/// says so, with that entry's date.
fn short_reflog(repo: &Repo, name: &str, selector: &str) -> Option<String> {
    let date = reflog_date(selector)?;
    let (reference, shown) = reflog_of(repo, name)?;
    let mut log = reference.log_iter();
    let times: Vec<Time> = log.rev().ok()??.filter_map(Result::ok).map(|line| line.signature.time).collect();
    let oldest = times.last()?;
    if times.iter().any(|time| time.seconds <= date.seconds) {
        return None;
    }
    Some(format!("log for '{shown}' only goes back to {}", oldest.format_or_unix(GIT_RFC2822)))
}

/// The ref whose reflog `NAME@{...}` reads, and the name git gives it in its messages: the ref
/// `name` answers to, named as written; with no name the branch `HEAD` is on, by its short name,
/// or `HEAD` itself where it is detached.
pub(super) fn reflog_of<'r>(repo: &'r Repo, name: &str) -> Option<(gix::Reference<'r>, String)> {
    let head = || repo.handle.head().ok();
    let reference = match name {
        "" if head()?.is_detached() => repo.handle.find_reference("HEAD").ok()?,
        "" => head()?.try_into_referent()?,
        name => repo.handle.try_find_reference(name).ok()??,
    };
    let full = reference.name().as_bstr();
    let shown = match name {
        "" => full.strip_prefix(b"refs/heads/").unwrap_or(b"HEAD").to_str_lossy().into_owned(),
        name => name.to_string(),
    };
    Some((reference, shown))
}

/// The date a reflog selector names, read as gix reads it: a number is an entry's place (`@{2}`)
/// unless it is as large as a time in seconds (`@{1700000000}`), a negative one a branch checked
/// out before, `u`, `upstream` and `push` another branch, and the rest a date (`@{2001-01-01}`,
/// `@{2.weeks.ago}`).
fn reflog_date(selector: &str) -> Option<Time> {
    match selector.parse::<isize>() {
        Ok(seconds) if seconds >= 100_000_000 => gix::date::parse(selector, None).ok(),
        Ok(_) => None,
        Err(_) if SiblingBranch::parse(selector.into()).is_some() => None,
        Err(_) => gix::date::parse(selector, Some(gix::date::ZonedDateTime::now())).ok(),
    }
}
