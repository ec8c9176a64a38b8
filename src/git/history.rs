//! `ringloc history`: totals per language at sampled commits of a range, following first parents
//! (the mainline a branch's history reads as). All samples share one [`BlobCache`], filled in one
//! pass, so a blob is counted once however many samples hold it. Runs of consecutive samples are
//! listed and summed on threads of their own, each run with one [`TreeLister`] and one
//! [`SubtreeSums`], so a directory is listed and summed once however many samples of a run hold it.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

use gix::ObjectId;

use super::blobs::{BlobCache, BlobOutcome};
use super::left_out::left_out_notes;
use super::sums::SubtreeSums;
use super::tree::{distinct_files, distinct_nodes, Node, TreeFile, TreeLister};
use super::{on_parts, GitError, Repo, Revision};
use crate::config::Config;
use crate::report::Report;

/// Which commits of the range are sampled, counting back from its newest (always sampled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Every {
    /// Every Nth commit.
    Commits(usize),
    /// The first commit at least this many seconds older than the last one sampled.
    Seconds(i64),
}

/// One sampled commit and its counts.
#[derive(Debug)]
pub struct Sample {
    pub commit: ObjectId,
    /// Committer time, seconds since the epoch.
    pub time: i64,
    pub report: Report,
}

/// A history's samples, and what the user should know of it.
#[derive(Debug)]
pub struct History {
    /// Oldest first.
    pub samples: Vec<Sample>,
    /// What git would warn of the range's names (a name a branch and a tag share, a reflog date
    /// older than the log), then where the history stopped short of what `range` asks: a shallow
    /// clone's boundary.
    pub warnings: Vec<String>,
}

/// The samples of `range` (`REV`, or `A..B` for what B has and A has not), oldest first. Blobs
/// not in `cache` yet are counted into it (`cache.counted` says how many); one read back from a
/// file ([`super::cache_file`]) spares a second history all the blobs the first one counted.
pub fn history(
    repo: &Repo,
    range: &str,
    every: Every,
    config: &Config,
    cache: &mut BlobCache,
) -> Result<History, GitError> {
    history_in_spans(repo, (range, every), config, cache, SPAN)
}

/// [`history`] with at least `span` samples a thread.
fn history_in_spans(
    repo: &Repo,
    (range, every): (&str, Every),
    config: &Config,
    cache: &mut BlobCache,
    span: usize,
) -> Result<History, GitError> {
    let (commits, mut warnings) = first_parents(repo, range)?;
    warnings.extend(shallow_end(repo, commits.last())?);
    let sampled: Vec<Revision> = sample(&commits, every).into_iter().rev().collect();
    if !has_directory(repo, &sampled, config)? {
        return Err(GitError::NoDirectoryInHistory { range: range.into(), dir: repo.prefix.clone() });
    }
    let threads = config.worker_count(true);
    let run = run_length(sampled.len(), threads, span);
    let spans: Vec<&[Revision]> = sampled.chunks(run).collect();
    let (sel, parts) = (&config.selection, (&repo.packs, repo.root.as_path(), repo.prefix.as_path()));
    let listed = on_parts(repo, &spans, |store, span| {
        let mut lister = TreeLister::of(sel, parts);
        span.iter().map(|r| lister.list(store, r.tree)).collect::<Result<Vec<_>, _>>()
    });
    let (roots, above): (Vec<Arc<Node>>, Vec<Vec<PathBuf>>) =
        listed.into_iter().collect::<Result<Vec<_>, _>>()?.concat().into_iter().unzip();
    // All the samples' blobs in one pass, in pack order: a delta is read right after its base,
    // still in the pack cache, where a pass per sample would decode each delta chain anew.
    first_unread_ignore(&sampled, &roots)?;
    cache.fill(repo, distinct_files(&roots), &config.read_rules(), threads);
    first_unfetched(repo, (&sampled, &roots), cache)?;
    warnings.extend(samples_left_out(&roots, above.concat(), cache));
    let (cache, path) = (&*cache, repo.root.as_path());
    let root_spans: Vec<&[_]> = roots.chunks(run).collect();
    let summed = on_parts(repo, &root_spans, |_, roots| {
        let mut sums = SubtreeSums::default();
        roots.iter().map(|root| sums.report(root, cache, path)).collect::<Vec<_>>()
    });
    let samples = sampled.iter().zip(summed.into_iter().flatten()).map(|(revision, report)| Sample {
        commit: revision.commit.unwrap_or(revision.tree),
        time: revision.time,
        report,
    });
    Ok(History { samples: samples.collect(), warnings })
}

/// Whether a sample has the directory counted (the newest one that does is most often the
/// newest of all): one no sample has is a mistake, such as a misspelt `--repo`, not a history of
/// zeros. A history of a directory deleted since has rows of zeros after its last commit.
fn has_directory(repo: &Repo, sampled: &[Revision], config: &Config) -> Result<bool, GitError> {
    if repo.prefix.as_os_str().is_empty() || sampled.is_empty() {
        return Ok(true);
    }
    let mut lister = TreeLister::new(&config.selection, repo);
    for revision in sampled.iter().rev() {
        if lister.has_root(&repo.handle, revision.tree)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The notes a count of each sample (`--rev`) gives, each path once however many samples hold
/// it: ignore files that are symlinks, not applied, then submodules, not followed, and Git LFS
/// pointers, not counted. Without them a history's totals would leave those out unsaid.
fn samples_left_out(roots: &[Arc<Node>], links_above: Vec<PathBuf>, cache: &BlobCache) -> Vec<String> {
    let nodes = distinct_nodes(roots);
    let mut links: BTreeSet<PathBuf> = links_above.into_iter().collect();
    links.extend(nodes.iter().flat_map(|node| node.ignore_links.iter().cloned()));
    let submodules: BTreeSet<&PathBuf> =
        nodes.iter().flat_map(|node| &node.submodules).map(|(path, _)| path).collect();
    let is_pointer = |file: &&TreeFile| matches!(cache.get(file), Some(BlobOutcome::LfsPointer));
    let pointers: BTreeSet<&PathBuf> =
        nodes.iter().flat_map(|node| node.files.iter().filter(is_pointer)).map(|file| &file.path).collect();
    let paths = |set: BTreeSet<&PathBuf>| set.into_iter().cloned().collect();
    let links: Vec<PathBuf> = links.into_iter().collect();
    left_out_notes(&links, paths(submodules), paths(pointers))
}

/// The error of the newest sample's first blob (by path) that a partial clone never fetched:
/// its totals, and those of every sample holding it, would leave the file out and read as a
/// smaller project, where one count (`--rev`, `diff`) names the file beside the rest it counted.
fn first_unfetched(
    repo: &Repo,
    (sampled, roots): (&[Revision], &[Arc<Node>]),
    cache: &BlobCache,
) -> Result<(), GitError> {
    let why = |file: &TreeFile| match cache.get(file) {
        Some(BlobOutcome::Failed(why)) if repo.packs.never_fetched(&repo.handle, file.blob) => Some(why),
        _ => None,
    };
    if !distinct_files(roots).into_iter().any(|file| why(file).is_some()) {
        return Ok(());
    }
    for (revision, root) in sampled.iter().zip(roots).rev() {
        let mut files = distinct_files(std::slice::from_ref(root));
        files.sort_unstable_by(|a, b| a.path.cmp(&b.path));
        if let Some((file, why)) = files.into_iter().find_map(|file| Some((file, why(file)?))) {
            let commit = revision.commit.unwrap_or(revision.tree);
            return Err(GitError::Store(format!(
                "history stops at {commit}: {}: {why}",
                file.path.display()
            )));
        }
    }
    Ok(())
}

/// The error of the newest sample's first ignore file (by path) that could not be read (a
/// partial clone never fetched it), as [`first_unfetched`] stops at a source file: without its
/// rules the sample's totals would hold what it leaves out.
fn first_unread_ignore(sampled: &[Revision], roots: &[Arc<Node>]) -> Result<(), GitError> {
    if distinct_nodes(roots).iter().all(|node| node.unread_ignores.is_empty()) {
        return Ok(());
    }
    for (revision, root) in sampled.iter().zip(roots).rev() {
        let nodes = distinct_nodes(std::slice::from_ref(root));
        if let Some((path, why)) = nodes.iter().flat_map(|node| &node.unread_ignores).min() {
            let commit = revision.commit.unwrap_or(revision.tree);
            return Err(GitError::Store(format!("history stops at {commit}: {}: {why}", path.display())));
        }
    }
    Ok(())
}

/// A note where the walk ended at a shallow clone's boundary, on a commit whose parents the clone
/// does not have: without it, a history there reads as the project's whole history. The boundary
/// of a clone as deep as the history is its root commit, which has no parents to miss.
fn shallow_end(repo: &Repo, oldest: Option<&Revision>) -> Result<Option<String>, GitError> {
    let store = |e: String| GitError::Store(format!("reading the shallow commits: {e}"));
    let Some(oldest) = oldest.and_then(|r| r.commit) else { return Ok(None) };
    let Some(shallow) = repo.handle.shallow_commits().map_err(|e| store(e.to_string()))? else {
        return Ok(None);
    };
    if !shallow.iter().any(|id| *id == oldest) {
        return Ok(None);
    }
    let commit = repo.handle.find_commit(oldest).map_err(|e| store(e.to_string()))?;
    if commit.parent_ids().next().is_none() {
        return Ok(None);
    }
    Ok(Some(format!(
        "history stops at {oldest}: this is a shallow clone, whose history ends there \
         (git fetch --unshallow for the rest)"
    )))
}

/// Samples a thread lists and sums at least: its first lists and sums a whole tree, where each
/// sample after it costs only the directories it changed.
const SPAN: usize = 64;

/// How many consecutive samples a thread lists and sums, for runs of at least `span` on at most
/// `threads` threads: on one thread, listing and summing were 706 M of the 2,315 M instructions of
/// a history of 1,027 commits (`benches/git-repo.sh`).
fn run_length(samples: usize, threads: usize, span: usize) -> usize {
    let runs = threads.min(samples.div_ceil(span.max(1))).max(1);
    samples.div_ceil(runs).max(1)
}

/// A range, as `diff` and `history` take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range<'a> {
    /// `A..B`: what B has and A has not; `diff` compares A with B.
    Between(&'a str, &'a str),
    /// `A...B`: `diff` compares B with the commit it last shares with A (their merge base), as
    /// `git diff A...B` and a forge's compare view do: what B's side changed since they parted.
    SinceMergeBase(&'a str, &'a str),
}

/// A range `A..B` or `A...B`; `None` for one revision. An empty end is `HEAD`, as git reads it; an
/// empty start, which git would read as `HEAD` too, is an error: it is most often a variable left
/// unset (`$OLD..main`), and `HEAD..B` looks forward, not back.
pub fn split_range(range: &str) -> Result<Option<Range<'_>>, GitError> {
    let (ends, three_dots) = match (range.split_once("..."), range.split_once("..")) {
        (Some(ends), _) => (ends, true),
        (None, Some(ends)) => (ends, false),
        (None, None) => return Ok(None),
    };
    let (from, to) = match ends {
        ("", _) => {
            return Err(GitError::BadRevision {
                rev: range.into(),
                why: "the range has no start (write A..B; A.. is A..HEAD)".into(),
            })
        }
        (from, to) => (from, if to.is_empty() { "HEAD" } else { to }),
    };
    Ok(Some(if three_dots { Range::SinceMergeBase(from, to) } else { Range::Between(from, to) }))
}

/// The commits of `range` along first parents, newest first, and what git would warn of the
/// names of its ends.
fn first_parents(repo: &Repo, range: &str) -> Result<(Vec<Revision>, Vec<String>), GitError> {
    let (hidden, tip) = match split_range(range)? {
        Some(Range::Between(from, to)) => (Some(from), to),
        Some(Range::SinceMergeBase(..)) => {
            return Err(GitError::BadRevision {
                rev: range.into(),
                why: "history follows one line of first parents: A...B (the commits of either side) is \
                      not supported; use A..B"
                    .into(),
            })
        }
        None => (None, range),
    };
    let commit = |rev: &str| {
        repo.resolve(rev)?
            .commit
            .ok_or_else(|| GitError::BadRevision { rev: rev.into(), why: "not a commit".into() })
    };
    let said =
        [hidden.map(|rev| repo.name_warnings(rev)).unwrap_or_default(), repo.name_warnings(tip)].concat();
    let tip = commit(tip)?;
    let hidden = hidden.map(commit).transpose()?;
    let handle = &repo.handle;
    let store = |e: String| GitError::Store(format!("walking history: {e}"));
    let walk = handle
        .rev_walk([tip])
        .first_parent_only()
        .with_hidden(hidden)
        .all()
        .map_err(|e| store(e.to_string()))?;
    let mut out = Vec::new();
    for info in walk {
        let info = info.map_err(|e| store(e.to_string()))?;
        let commit = info.object().map_err(|e| store(e.to_string()))?;
        let tree = commit.tree_id().map_err(|e| store(e.to_string()))?.detach();
        let time = commit.time().map(|t| t.seconds).unwrap_or(0);
        out.push(Revision { commit: Some(info.id), tree, time });
    }
    Ok((out, said))
}

/// The sampled commits, newest first.
fn sample(commits: &[Revision], every: Every) -> Vec<Revision> {
    match every {
        Every::Commits(n) => commits.iter().step_by(n.max(1)).copied().collect(),
        Every::Seconds(step) => {
            let mut out: Vec<Revision> = Vec::new();
            for c in commits {
                if out.last().map_or(true, |last| c.time <= last.time - step) {
                    out.push(*c);
                }
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::git::test_git::git;
    use crate::output::history::write_csv;

    /// A history listed and summed in spans on several threads is the history of one span on
    /// one thread: the samples of a repository whose commits change one of four directories
    /// each, with an ignore file that changes midway, at every span length. It fails with the
    /// spans' reports put back out of order.
    #[test]
    fn a_history_in_spans_on_threads_is_the_history_on_one() {
        let dir = tempfile::tempdir().unwrap();
        git(dir.path(), &["init", "-q", "-b", "main"]);
        for i in 0..13 {
            let sub = dir.path().join(format!("d{}", i % 4));
            std::fs::create_dir_all(&sub).unwrap();
            std::fs::write(sub.join(format!("f{i}.c")), "int x;\n".repeat(i + 1)).unwrap();
            if i == 6 {
                std::fs::write(dir.path().join(".gitignore"), "d1/\n").unwrap();
            }
            git(dir.path(), &["add", "-A", "-f"]);
            git(dir.path(), &["commit", "-q", "-m", &format!("c{i}")]);
        }
        let repo = Repo::open(dir.path()).unwrap();
        let csv = |span: usize, threads: usize| {
            let config = Config { threads, ..Config::default() };
            let mut cache = BlobCache::default();
            let history =
                history_in_spans(&repo, ("HEAD", Every::Commits(1)), &config, &mut cache, span).unwrap();
            let mut out = Vec::new();
            write_csv(&history.samples, &mut out).unwrap();
            (String::from_utf8(out).unwrap(), cache.counted)
        };
        let whole = csv(usize::MAX, 1);
        assert_eq!(whole.0.lines().filter(|l| l.contains(",Total,")).count(), 13);
        for span in [1, 2, 5] {
            assert_eq!(csv(span, 3), whole, "spans of {span} on three threads");
        }
    }

    fn at(time: i64) -> Revision {
        Revision { commit: None, tree: ObjectId::null(gix::hash::Kind::Sha1), time }
    }

    #[test]
    fn samples_every_nth_commit_or_one_per_step_from_the_newest() {
        let commits: Vec<Revision> = [100, 95, 90, 50, 49, 10, 0].map(at).to_vec();
        let times = |s: Vec<Revision>| s.iter().map(|r| r.time).collect::<Vec<_>>();
        assert_eq!(times(sample(&commits, Every::Commits(1))), [100, 95, 90, 50, 49, 10, 0]);
        assert_eq!(times(sample(&commits, Every::Commits(3))), [100, 50, 0]);
        assert_eq!(times(sample(&commits, Every::Seconds(10))), [100, 90, 50, 10, 0]);
        assert_eq!(times(sample(&commits, Every::Seconds(1000))), [100]);
    }
}
