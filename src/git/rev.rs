//! One revision counted as its checkout would be, and two compared.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::blobs::BlobCache;
use super::history::Range;
use super::left_out::left_out_notes;
use super::lines::line_changes;
use super::tree::{TreeLister, TreeListing};
use super::{GitError, Repo};
use crate::config::Config;
use crate::report::{FileError, LineChanges, Report};
use crate::stats::{Clock, Stats, WorkerStats};

/// The report of a tree whose blobs are all in `cache`.
fn report_of(repo: &Repo, listing: &TreeListing, config: &Config, cache: &BlobCache) -> Report {
    let mut report = Report { roots: vec![repo.root.clone()], ..Report::default() };
    let lfs = cache.record(&listing.files, &mut report, config.by_file, config.no_duplicates);
    report.settle_duplicates(config.by_file, None);
    let error = |(path, why): &(PathBuf, String)| FileError {
        path: path.clone(),
        error: std::io::Error::other(why.clone()),
    };
    report.errors.extend(listing.unread_ignores.iter().map(error));
    report.errors.extend(listing.listed_twice.iter().map(error));
    let submodules: Vec<PathBuf> = listing.submodules.iter().map(|(path, _)| path.clone()).collect();
    report.warnings.extend(left_out_notes(&listing.ignore_links, submodules, lfs));
    report.sort();
    report
}

/// A revision counted, and, where the run asked for them (`--stats`), its figures.
#[derive(Debug)]
pub struct RevCount {
    pub report: Report,
    /// Phases: `setup` resolves the revision, `workers` lists its tree (this thread's `walk`)
    /// and reads and counts its blobs on every thread (`read`, `count`), `merge` adds them up.
    /// No system call is counted: the packs are read through memory maps.
    pub stats: Option<Stats>,
}

/// `ringloc --rev REV PATH`: PATH's directory of REV; an error where REV has none. Blobs already
/// in `cache` (counted under `config`'s read rules) are not read again; the others are added.
pub fn count_rev(
    repo: &Repo,
    rev: &str,
    config: &Config,
    cache: &mut BlobCache,
) -> Result<RevCount, GitError> {
    let clock = Clock { on: config.stats };
    let started = clock.start();
    let revision = repo.resolve(rev)?;
    let mut lister = TreeLister::new(&config.selection, repo);
    if !lister.has_root(&repo.handle, revision.tree)? {
        return Err(GitError::NoDirectory { rev: rev.to_string(), dir: repo.prefix.clone() });
    }
    let (resolved, cpu) = (clock.start(), clock.thread_cpu());
    let listing = lister.listing(&repo.handle, revision.tree)?;
    let (listed, listing_cpu) = (clock.start(), cpu.map(Clock::thread_cpu_since));
    let threads = config.worker_count(true);
    let rules = config.read_rules();
    let workers = cache.fill_timed(repo, &listing.files, &rules, threads, clock);
    let filled = clock.start();
    let mut report = report_of(repo, &listing, config, cache);
    // Each blob is read once whatever paths hold it, and a set needs it no more: the distinct
    // lines are the tree's where every blob was read here, which `--cache` would not do.
    report.uloc = rules.uloc.as_ref().map(|lines| lines.totals());
    report.warnings.splice(0..0, repo.name_warnings(rev));
    let marks = [started, resolved, listed, filled, clock.start()];
    let stats = listing_cpu.map(|cpu| rev_stats(marks, cpu, workers));
    Ok(RevCount { report, stats })
}

/// The figures of a revision's count from the times its clock read (its start, the revision
/// resolved, the tree listed, the blobs counted, the report made), the listing's CPU time and
/// each thread's figures, this one's first: it listed the tree before it read blobs.
fn rev_stats(marks: [Option<Instant>; 5], listing_cpu: Duration, mut workers: Vec<WorkerStats>) -> Stats {
    let [started, resolved, listed, filled, done] = marks;
    if let Some(first) = workers.first_mut() {
        let listing = Clock::between(resolved, listed);
        first.time.walk += listing;
        first.time.wall += listing;
        first.time.cpu += listing_cpu;
    }
    let mut stats = Stats {
        wall: Clock::between(started, done),
        setup: Clock::between(started, resolved),
        workers: Clock::between(resolved, filled),
        merge: Clock::between(filled, done),
        ..Stats::default()
    };
    workers.iter().for_each(|w| stats.add_worker(w));
    stats
}

/// Two revisions counted (with a row per file) and compared line by line.
#[derive(Debug)]
pub struct RevDiff {
    pub old: Report,
    pub new: Report,
    pub lines: LineChanges,
}

/// `ringloc diff OLD NEW` on revisions (`OLD..NEW`, or NEW and its merge base with OLD for
/// `OLD...NEW`): both trees counted in one pass, blobs they share once. What git would warn of
/// the two names leads the new report's warnings, which the binary shows.
pub fn diff_revs(repo: &Repo, range: Range, config: &Config) -> Result<RevDiff, GitError> {
    let (Range::Between(old, new) | Range::SinceMergeBase(old, new)) = range;
    let said = [repo.name_warnings(old), repo.name_warnings(new)].concat();
    let old_rev = match range {
        Range::Between(..) => repo.resolve(old)?,
        Range::SinceMergeBase(..) => repo.resolve(&repo.merge_base(old, new)?.to_string())?,
    };
    let new_rev = repo.resolve(new)?;
    let config = Config { by_file: true, ..config.clone() };
    let mut lister = TreeLister::new(&config.selection, repo);
    // A directory neither side has is a mistake (a misspelt --repo), not two empty trees.
    if !lister.has_root(&repo.handle, old_rev.tree)? && !lister.has_root(&repo.handle, new_rev.tree)? {
        let revs = [old.to_string(), new.to_string()];
        return Err(GitError::NoDirectoryEither { revs, dir: repo.prefix.clone() });
    }
    let old_tree = lister.listing(&repo.handle, old_rev.tree)?;
    let new_tree = lister.listing(&repo.handle, new_rev.tree)?;
    let mut cache = BlobCache::default();
    let files = old_tree.files.iter().chain(&new_tree.files);
    cache.fill(repo, files, &config.read_rules(), config.worker_count(true));
    let (old_report, mut new_report) =
        (report_of(repo, &old_tree, &config, &cache), report_of(repo, &new_tree, &config, &cache));
    new_report.warnings.splice(0..0, said);
    let lines = line_changes(repo, (&old_tree, &new_tree), &cache, &config)?;
    Ok(RevDiff { old: old_report, new: new_report, lines })
}
