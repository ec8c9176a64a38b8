//! One revision counted as its checkout would be, and two compared.

use std::path::PathBuf;

use super::blobs::BlobCache;
use super::lines::line_changes;
use super::tree::{TreeLister, TreeListing};
use super::{GitError, Repo};
use crate::config::Config;
use crate::report::{LineChanges, Report};

/// The report of a tree whose blobs are all in `cache`.
fn report_of(repo: &Repo, listing: &TreeListing, config: &Config, cache: &BlobCache) -> Report {
    let mut report = Report { roots: vec![repo.root.clone()], ..Report::default() };
    let lfs = cache.record(&listing.files, &mut report, config.by_file);
    let submodules: Vec<PathBuf> = listing.submodules.iter().map(|(path, _)| path.clone()).collect();
    report.warnings.extend(notes(&submodules, "submodule", "not followed"));
    report.warnings.extend(notes(&lfs, "Git LFS pointer", "not counted"));
    report.sort();
    report
}

/// One line for a kind of entry reported apart: how many, and the first few paths.
fn notes(paths: &[PathBuf], what: &str, done: &str) -> Option<String> {
    const SHOWN: usize = 5;
    if paths.is_empty() {
        return None;
    }
    let mut shown: Vec<String> = paths.iter().take(SHOWN).map(|p| p.display().to_string()).collect();
    if paths.len() > SHOWN {
        shown.push(format!("and {} more", paths.len() - SHOWN));
    }
    let s = if paths.len() == 1 { "" } else { "s" };
    Some(format!("{} {what}{s} {done}: {}", paths.len(), shown.join(", ")))
}

/// `ringloc --rev REV PATH`: PATH's directory of REV; an error where REV has none. Blobs already
/// in `cache` (counted under `config`'s read rules) are not read again; the others are added.
pub fn count_rev(repo: &Repo, rev: &str, config: &Config, cache: &mut BlobCache) -> Result<Report, GitError> {
    let revision = repo.resolve(rev)?;
    let mut lister = TreeLister::new(&config.selection, repo);
    if !lister.has_root(&repo.handle, revision.tree)? {
        return Err(GitError::NoDirectory { rev: rev.to_string(), dir: repo.prefix.clone() });
    }
    let listing = lister.list(&repo.handle, revision.tree)?.flatten();
    cache.fill(repo, &listing.files, &config.read_rules(), config.worker_count(true));
    Ok(report_of(repo, &listing, config, cache))
}

/// Two revisions counted (with a row per file) and compared line by line.
#[derive(Debug)]
pub struct RevDiff {
    pub old: Report,
    pub new: Report,
    pub lines: LineChanges,
}

/// `ringloc diff OLD NEW` on revisions: both trees counted in one pass, blobs they share once.
pub fn diff_revs(repo: &Repo, old: &str, new: &str, config: &Config) -> Result<RevDiff, GitError> {
    let (old_rev, new_rev) = (repo.resolve(old)?, repo.resolve(new)?);
    let config = Config { by_file: true, ..config.clone() };
    let mut lister = TreeLister::new(&config.selection, repo);
    let old_tree = lister.list(&repo.handle, old_rev.tree)?.flatten();
    let new_tree = lister.list(&repo.handle, new_rev.tree)?.flatten();
    let mut cache = BlobCache::default();
    let files = old_tree.files.iter().chain(&new_tree.files);
    cache.fill(repo, files, &config.read_rules(), config.worker_count(true));
    let (old_report, new_report) =
        (report_of(repo, &old_tree, &config, &cache), report_of(repo, &new_tree, &config, &cache));
    let lines = line_changes(repo, (&old_tree, &new_tree), &cache, &config)?;
    Ok(RevDiff { old: old_report, new: new_report, lines })
}
