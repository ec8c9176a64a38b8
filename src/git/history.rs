//! `ringloc history`: totals per language at sampled commits of a range, following first parents
//! (the mainline a branch's history reads as). All samples share one [`BlobCache`], filled in one
//! pass, so a blob is counted once however many samples hold it, and one [`TreeLister`] and
//! [`SubtreeSums`], so a directory is listed and summed once however many samples hold it.

use gix::ObjectId;

use super::blobs::BlobCache;
use super::sums::SubtreeSums;
use super::tree::{distinct_files, TreeLister};
use super::{GitError, Repo, Revision};
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

/// The samples of `range` (`REV`, or `A..B` for what B has and A has not), oldest first. Blobs
/// not in `cache` yet are counted into it (`cache.counted` says how many); one read back from a
/// file ([`super::cache_file`]) spares a second history all the blobs the first one counted.
pub fn history(
    repo: &Repo,
    range: &str,
    every: Every,
    config: &Config,
    cache: &mut BlobCache,
) -> Result<Vec<Sample>, GitError> {
    let commits = first_parents(repo, range)?;
    let mut lister = TreeLister::new(&config.selection, repo);
    let sampled: Vec<Revision> = sample(&commits, every).into_iter().rev().collect();
    let roots = sampled.iter().map(|r| lister.list(&repo.handle, r.tree)).collect::<Result<Vec<_>, _>>()?;
    // All the samples' blobs in one pass, in pack order: a delta is read right after its base,
    // still in the pack cache, where a pass per sample would decode each delta chain anew.
    cache.fill(repo, distinct_files(&roots), &config.read_rules(), config.worker_count(true));
    let mut sums = SubtreeSums::default();
    let samples = sampled.iter().zip(&roots).map(|(revision, root)| Sample {
        commit: revision.commit.unwrap_or(revision.tree),
        time: revision.time,
        report: sums.report(root, cache, &repo.root),
    });
    Ok(samples.collect())
}

/// The commits of `range` along first parents, newest first.
fn first_parents(repo: &Repo, range: &str) -> Result<Vec<Revision>, GitError> {
    let (hidden, tip) = match range.split_once("..") {
        Some((from, to)) => (Some(from), if to.is_empty() { "HEAD" } else { to }),
        None => (None, range),
    };
    let commit = |rev: &str| {
        repo.resolve(rev)?
            .commit
            .ok_or_else(|| GitError::BadRevision { rev: rev.into(), why: "not a commit".into() })
    };
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
    Ok(out)
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
