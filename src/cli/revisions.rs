//! The commands that read git revisions: `--rev`, `diff` between revisions, and `history`.

use std::io;
use std::path::Path;
use std::time::Instant;

use ringloc::git::{
    cache_file, count_rev, diff_revs, history as sample_history, split_range, BlobCache, Every, Range, Repo,
};
use ringloc::io::ReadRules;
use ringloc::output::history::{write_csv, write_json};
use ringloc::output::history_html::write_html;
use ringloc::output::paths::for_people;
use ringloc::output::stats::StatsDoc;
use ringloc::report::{Diff, LineChanges, Report};

use super::commands::{
    self, print, report_errors, show_stats, unmatched_notes, write_diff, write_report, Finished,
};
use super::flags::{Cli, FormatArgs, HistoryFormat, SelectArgs};
use super::messages::say;
use super::report_input;
use super::tree_diff::between_trees;

/// `ringloc --rev REV [REPO]`.
pub fn count(cli: &Cli) -> Result<Finished, String> {
    let config = cli.config()?;
    let rev = cli.rev.as_deref().unwrap_or("HEAD");
    if config.paths.len() > 1 {
        return Err("--rev takes one repository path".into());
    }
    let refused = [
        (cli.files_from.is_some(), "--files-from"),
        (cli.follow, "--follow (symlinks in a revision are skipped)"),
        (cli.rows.by_root, "--by-root"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(set, _)| *set) {
        return Err(format!("--rev counts one repository's tree: {flag} does not apply"));
    }
    let started = Instant::now();
    let repo = Repo::open(&config.paths[0]).map_err(|e| e.to_string())?;
    let rules = config.read_rules();
    let (mut cache, stale) = load_cache(cli.cache.as_deref(), &rules, cli.quiet)?;
    let counted = count_rev(&repo, rev, &config, &mut cache).map_err(|e| e.to_string())?;
    let report = &counted.report;
    if !cli.quiet {
        report.warnings.iter().for_each(|w| say(format_args!("{w}")));
        unmatched_notes(&config.selection);
    }
    let outcome = report_errors(report);
    let stats = counted.stats.as_ref().map(|s| StatsDoc::new(s, report, None));
    let writing = Instant::now();
    write_report(report, cli, started.elapsed(), stats.as_ref())?;
    save_cache(&cache, cli.cache.as_deref(), stale, &rules)?;
    if let Some(stats) = &counted.stats {
        show_stats(stats, report, writing.elapsed());
    }
    Ok(outcome)
}

/// The blob counts kept in `path` (`--cache`), saying why a file was set aside unless `quiet`; none
/// without one. The flag says whether the file must be written back even if no blob is counted: it
/// was set aside.
fn load_cache(path: Option<&Path>, rules: &ReadRules, quiet: bool) -> Result<(BlobCache, bool), String> {
    let Some(path) = path else { return Ok((BlobCache::default(), false)) };
    let loaded = cache_file::load(path, rules).map_err(|e| e.to_string())?;
    if !quiet {
        loaded.note.iter().for_each(|note| say(format_args!("{note}")));
    }
    Ok((loaded.cache, loaded.note.is_some()))
}

/// Writes the cache back where a blob was counted, the file was set aside or is missing. After the output,
/// so a cache that cannot be written loses no output (and is exit 1).
fn save_cache(cache: &BlobCache, path: Option<&Path>, stale: bool, rules: &ReadRules) -> Result<(), String> {
    match path {
        Some(path) if stale || cache.counted > 0 || !path.exists() => {
            cache_file::save(cache, path, rules).map_err(|e| e.to_string())
        }
        _ => Ok(()),
    }
}

/// Whether a `diff` argument names a report: something there that is no directory.
fn is_report(path: &Path) -> bool {
    path == Path::new(report_input::STDIN) || path.metadata().is_ok_and(|m| !m.is_dir())
}

/// `ringloc diff OLD NEW`: two files that exist are JSON reports, as before; otherwise both are
/// revisions (or OLD is a range `A..B`). A file that exists is a report, however its path reads:
/// `../r.json` is no range, and a pipe (`<(git show v1:loc.json)`, `/dev/stdin`) is one, as `merge`
/// reads it. A directory is not: one named like a tag (`v2/` in a checkout of `v2`) leaves the
/// argument a revision. `repo` (`--repo`, default `.`) holds
/// the revisions, and `select` picks each revision's files as `--rev` picks them; both are refused
/// between reports. `quiet` drops the notes (`-q`).
pub fn diff(
    old: &Path,
    new: Option<&Path>,
    by_dir: bool,
    repo: Option<&Path>,
    select: &SelectArgs,
    format: &FormatArgs,
    quiet: bool,
) -> Result<Finished, String> {
    let (old_report, new_report) = (is_report(old), new.is_some_and(is_report));
    match new {
        Some(new) if old_report && new_report => {
            return between_reports((old, new), by_dir, repo.is_some(), select, format)
        }
        Some(new) if old_report || new_report => {
            let file = if old_report { old } else { new };
            return Err(format!(
                "diff compares two JSON reports, two directories or two revisions: {} and {} are one of each ({} is a \
                 file here, so it is read as a report)",
                for_people(old),
                for_people(new),
                for_people(file)
            ));
        }
        None if old_report => return Err(lone_argument(old)),
        Some(new) if repo.is_none() && old.is_dir() && new.is_dir() => {
            refuse_ambiguous_trees(old, new)?;
            return between_trees((old, new), (by_dir, quiet), select, format);
        }
        _ => {}
    }
    let range = match new {
        Some(new) => Range::Between(revision(old)?, revision(new)?),
        None => split_range(revision(old)?).map_err(|e| e.to_string())?.ok_or_else(|| lone_argument(old))?,
    };
    if by_dir {
        return Err("--by-dir compares reports; between revisions use --by-file rows (always shown)".into());
    }
    let repo = Repo::open(repo.unwrap_or(Path::new("."))).map_err(|e| e.to_string())?;
    let config = select.config(repo.root.clone())?;
    let revs = diff_revs(&repo, range, &config).map_err(|e| e.to_string())?;
    if !quiet {
        revs.new.warnings.iter().for_each(|w| say(format_args!("{w}")));
        unmatched_notes(&config.selection);
    }
    write_line_diff((&revs.old, &revs.new), revs.lines, format)
}

/// Writes the diff of two counted sides with their line changes (between revisions or
/// directories), then each side's per-file errors; file errors on either side finish the run so.
pub fn write_line_diff(
    (old, new): (&Report, &Report),
    lines: LineChanges,
    format: &FormatArgs,
) -> Result<Finished, String> {
    let shape = format.shape(format.format, None);
    let diff = Diff::new(old, new, true, &shape).with_lines(lines, shape.top);
    write_diff(&diff, format)?;
    let errors = [report_errors(old), report_errors(new)];
    Ok(if errors.iter().any(|o| matches!(o, Finished::FileErrors)) {
        Finished::FileErrors
    } else {
        Finished::Clean
    })
}

/// `diff` between two reports, which compares what they counted: a selection flag could choose
/// nothing again, and no repository is read (`repo_given`: `--repo`), so either is refused by
/// name rather than silently ignored.
fn between_reports(
    (old, new): (&Path, &Path),
    by_dir: bool,
    repo_given: bool,
    select: &SelectArgs,
    format: &FormatArgs,
) -> Result<Finished, String> {
    let why = "diff between two reports compares what they counted";
    if repo_given {
        return Err(format!("{why}, and reads no repository: --repo does not apply"));
    }
    match select.first_given() {
        Some(flag) => Err(format!("{why}: {flag} does not apply (give it to the runs that write them)")),
        None => commands::diff(old, new, by_dir, format),
    }
}

/// An argument read as a revision: text, which a path need not be.
fn revision(arg: &Path) -> Result<&str, String> {
    arg.to_str().ok_or_else(|| format!("{}: not a revision", for_people(arg)))
}

/// Two directories that both name revisions of the repository here too (checkouts of tags `v1/`
/// and `v2/` beside the repository's own files) are refused, as git refuses an argument that is
/// both a revision and a path: `./v1 ./v2` names the directories, `--repo .` the revisions.
fn refuse_ambiguous_trees(old: &Path, new: &Path) -> Result<(), String> {
    let Ok(repo) = Repo::open(Path::new(".")) else { return Ok(()) };
    let names = |p: &Path| p.to_str().is_some_and(|rev| repo.resolve(rev).is_ok());
    if !(names(old) && names(new)) {
        return Ok(());
    }
    let (old, new) = (for_people(old), for_people(new));
    Err(format!(
        "{old} and {new} are directories and revisions both: `diff ./{old} ./{new}` compares the \
         directories, `diff --repo . {old} {new}` the revisions"
    ))
}

/// A lone argument that is no range: a report or a revision, with nothing to compare it to.
fn lone_argument(old: &Path) -> String {
    format!(
        "diff needs two reports, two directories, two revisions or a range A..B, not just {}",
        for_people(old)
    )
}

/// `--every N` or `--step SPAN`; every commit without either.
pub fn every(every: Option<usize>, step: Option<i64>) -> Every {
    match (every, step) {
        (_, Some(seconds)) => Every::Seconds(seconds),
        (n, None) => Every::Commits(n.unwrap_or(1)),
    }
}

/// Which commits `history` counts.
pub struct Sampling<'a> {
    pub range: &'a str,
    pub every: Every,
}

/// `ringloc history [RANGE] [--cache FILE]`, each sample's files picked by `select` as `--rev`
/// picks them; `quiet` drops the notes (`-q`).
pub fn history(
    repo: &Path,
    sampling: &Sampling,
    select: &SelectArgs,
    format: HistoryFormat,
    cache_path: Option<&Path>,
    quiet: bool,
) -> Result<Finished, String> {
    if sampling.every == Every::Commits(0) {
        return Err("--every takes a number of commits from 1".into());
    }
    let repo = Repo::open(repo).map_err(|e| e.to_string())?;
    let config = select.config(repo.root.clone())?;
    let rules = config.read_rules();
    let (mut cache, stale) = load_cache(cache_path, &rules, quiet)?;
    let history = sample_history(&repo, sampling.range, sampling.every, &config, &mut cache)
        .map_err(|e| e.to_string())?;
    if !quiet {
        history.warnings.iter().for_each(|w| say(format_args!("{w}")));
        unmatched_notes(&config.selection);
    }
    let samples = history.samples;
    print(|out: &mut dyn io::Write| match format {
        HistoryFormat::Csv => write_csv(&samples, out),
        HistoryFormat::Json => write_json(&samples, cache.counted, out),
        HistoryFormat::Html => {
            let root = std::fs::canonicalize(&repo.root).unwrap_or_else(|_| repo.root.clone());
            write_html(&samples, &format!("{} ({})", root.display(), sampling.range), out)
        }
    })?;
    let failed = samples.iter().any(|s| !s.report.errors.is_empty());
    samples.iter().for_each(|s| {
        report_errors(&s.report);
    });
    save_cache(&cache, cache_path, stale, &rules)?;
    Ok(if failed { Finished::FileErrors } else { Finished::Clean })
}
