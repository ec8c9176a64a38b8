//! What each command does once its flags are parsed: count, merge or diff, then print. Errors come
//! back as messages for `main` to print and turn into exit codes.

use std::ffi::OsStr;
use std::io::{self, IsTerminal, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ringloc::lang::{definitions, detect_by_name, LangId, NameMatch};
use ringloc::output::json::{read_report, Loaded};
use ringloc::output::paths::for_people;
use ringloc::output::stats::{write_table, StatsDoc};
use ringloc::output::{cloc_diff_needs_revisions, NdjsonStream};
use ringloc::report::{Diff, Report, Shape, Skip, View};
use ringloc::stats::Stats;
use ringloc::walk::select::{Exclusion, Filter, Selection};
use ringloc::BackendUsed;

use super::config_file::Layers;
use super::destinations::{targets, written, Destination, Target};
use super::estimate_flags::EstimateArgs;
use super::flags::{Cli, FormatArgs, FormatFlag, RowArgs, SqlArgs};
use super::messages::{raw, say};
use super::outputs::{lists_every_file, needs_line_changes, output, shows_diffs, RunFacts};
use super::progress::ProgressLine;
use super::report_input;

/// How a command that ran to the end went.
pub enum Finished {
    Clean,
    /// Some files or directories could not be read; each was listed on stderr.
    FileErrors,
}

/// Directory descriptors are held while their files are read: raise the soft limit to the hard
/// one, as Go's runtime and many file walkers do. Failing to is harmless (the walk waits for
/// descriptors instead).
fn raise_fd_limit() {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let limit = getrlimit(Resource::Nofile);
    if limit.current < limit.maximum {
        let _ = setrlimit(Resource::Nofile, Rlimit { current: limit.maximum, maximum: limit.maximum });
    }
}

/// Writes to stdout, buffered; a write error (a full disk, a reader that went away) is an error.
pub fn print(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), String> {
    Destination::open(None, false)?.write_all(write)
}

/// Opens every destination before anything is counted; `--sql-append` appends to an SQL file.
fn open(targets: &[Target], sql: &SqlArgs) -> Result<Vec<Destination>, String> {
    let append = |t: &Target| sql.sql_append && t.format == FormatFlag::Sql;
    targets.iter().map(|t| Destination::open(t.path.as_deref(), append(t))).collect()
}

/// What the reports show: a report with the row flags (`None` for none), the run's figures
/// (`--stats`), the threads its rows may be written on and the estimates asked for (`--cocomo`,
/// `--dryness`), or a diff.
enum Shown<'a> {
    Report(&'a Report, Option<&'a RowArgs>, Option<&'a StatsDoc>, usize, &'a EstimateArgs),
    Diff(&'a Diff),
}

/// Threads to write a report's rows on: the cores, or fewer where `-j` asks for fewer (0: not given).
fn writing_threads(threads: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match threads {
        0 => cores,
        n => n.min(cores),
    }
}

/// Writes each target's report; one that fails keeps no other from being written. The last error
/// is returned, the ones before it said on stderr.
fn write_reports(
    targets: &[Target],
    destinations: Vec<Destination>,
    (args, sql): (&FormatArgs, &SqlArgs),
    elapsed: Duration,
    shown: Shown,
) -> Result<(), String> {
    let mut failed = None;
    for (target, destination) in targets.iter().zip(destinations) {
        let written = match shown {
            Shown::Report(report, rows, stats, threads, estimates) => {
                let view = View {
                    threads,
                    cocomo: estimates.cocomo(),
                    currency: &estimates.currency_symbol,
                    dryness: estimates.dryness,
                    ..View::new(report, &args.shape(target.format, rows))
                };
                let facts = RunFacts { elapsed, roots: &report.roots, stats };
                let format = output(target, (args, sql, rows), &facts);
                destination.write_all(|out| format.report(&view, out))
            }
            Shown::Diff(diff) => {
                let format =
                    output(target, (args, sql, None), &RunFacts { elapsed, roots: &[], stats: None });
                destination.write_all(|out| format.diff(diff, out))
            }
        };
        if let Err(e) = written {
            if let Some(earlier) = failed.replace(e) {
                say(format_args!("{earlier}"));
            }
        }
    }
    failed.map_or(Ok(()), Err)
}

/// Lists per-file errors on stderr, as a run does, and says whether there were any.
pub fn report_errors(report: &Report) -> Finished {
    for err in &report.errors {
        say(format_args!("{}: {}", for_people(&err.path), err.error));
    }
    if report.errors.is_empty() {
        Finished::Clean
    } else {
        Finished::FileErrors
    }
}

/// `ringloc [PATH...]`.
pub fn count(cli: &Cli) -> Result<Finished, String> {
    let mut config = cli.config()?;
    let targets = targets(&cli.format)?;
    let shape = |t: &Target| cli.format.shape(t.format, Some(&cli.rows));
    config.by_file = targets.iter().any(|t| shape(t).needs_files());
    let destinations = open(&targets, &cli.sql)?;
    // ndjson goes out as files finish unless the records must be sorted, cut or grouped first.
    let in_found_order = |s: Shape| s.sort.is_none() && s.top.is_none() && s.by_dir.is_none();
    let streams =
        targets.len() == 1 && targets[0].format == FormatFlag::Ndjson && in_found_order(shape(&targets[0]));
    let stream = match streams {
        true => Some(NdjsonStream::new(destinations[0].writer()?)),
        false => None,
    };
    if let Some(stream) = &stream {
        config.file_sink = Some(stream.sink());
        config.by_file = false;
    }
    // Per-file rows say why a file named on the command line was left out.
    let named_files: Vec<PathBuf> = config.paths.iter().filter(|p| p.is_file()).cloned().collect();
    config.by_file |= !named_files.is_empty();
    raise_fd_limit();
    // A progress line would tear through records streamed to the same terminal.
    let quiet = cli.quiet || (stream.is_some() && targets[0].path.is_none() && io::stdout().is_terminal());
    let line = if quiet { None } else { ProgressLine::start() };
    config.progress = line.as_ref().map(ProgressLine::progress);
    let started = Instant::now();
    let run = ringloc::count_paths(&config);
    let elapsed = started.elapsed();
    if let Some(line) = line {
        line.finish();
    }
    let run = run.map_err(|e| e.to_string())?;
    if !cli.quiet {
        notes(&run, &config, &named_files, cli.select.language_flags());
    }
    let outcome = report_errors(&run.report);
    let stats = run.stats.as_ref().map(|s| StatsDoc::new(s, &run.report, None));
    let writing = Instant::now();
    match stream {
        Some(stream) => {
            let destination = destinations.into_iter().next().expect("one destination");
            written(&destination.name(), stream.finish(&View::new(&run.report, &shape(&targets[0]))))?;
            destination.commit()?;
        }
        None => {
            let threads = writing_threads(cli.threads);
            let shown = Shown::Report(&run.report, Some(&cli.rows), stats.as_ref(), threads, &cli.estimates);
            write_reports(&targets, destinations, (&cli.format, &cli.sql), elapsed, shown)?;
        }
    }
    if let Some(stats) = &run.stats {
        show_stats(stats, &run.report, writing.elapsed());
    }
    Ok(outcome)
}

/// `--stats`' table on stderr, with `writing`, the time the reports took to write.
pub fn show_stats(stats: &Stats, report: &Report, writing: Duration) {
    let doc = StatsDoc::new(stats, report, Some(writing));
    let mut table = Vec::new();
    write_table(&doc, &mut table).expect("writing to memory");
    raw(format_args!("{}", String::from_utf8_lossy(&table)));
}

/// What the user should know about a run that is not a per-file error: the io_uring fallback, a
/// named file that was not counted, an `--exclude-dir` or `--exclude` value that matched nothing.
/// `language_flags` names the flags that chose the languages (`SelectArgs::language_flags`).
fn notes(run: &ringloc::Run, config: &ringloc::Config, named_files: &[PathBuf], language_flags: &str) {
    if let BackendUsed::Sync { fallback: Some(why) } = &run.backend {
        say(format_args!("{why}"));
    }
    for warning in &run.report.warnings {
        say(format_args!("{warning}"));
    }
    let skipped = run.report.skipped_files.iter().map(|f| (&f.path, f.why));
    let by_content = run.report.not_selected.iter().map(|path| (path, Skip::NotSelected));
    for (path, why) in skipped.chain(by_content).filter(|(path, _)| named_files.contains(path)) {
        say(format_args!("{}: skipped: {}", for_people(path), skipped_because(why, language_flags)));
    }
    for path in named_files {
        if let Some(flag) = left_out_by(&config.selection, path, language_flags) {
            say(format_args!("{}: skipped: left out by {flag}", for_people(path)));
        }
    }
    unmatched_notes(&config.selection);
}

/// A note for each `--exclude-dir` or `--exclude` value the run's selection never matched: most
/// often a typo or a path written from the wrong directory. A checkout and a revision (`--rev`)
/// both say it, in the same words.
pub fn unmatched_notes(selection: &Selection) {
    for (from, value) in selection.exclude.iter().flat_map(|e| e.unmatched()) {
        let flag = match from {
            Exclusion::Dir => "--exclude-dir",
            Exclusion::Glob => "--exclude",
        };
        say(format_args!("{flag} '{value}' matched nothing"));
    }
}

/// Why a named file was not counted, in a note's words.
fn skipped_because(why: Skip, language_flags: &str) -> String {
    let why = match why {
        Skip::Unknown => "language unknown (`ringloc --languages` lists the names ringloc knows)",
        Skip::Binary => "binary",
        Skip::TooLarge => "too large (--max-file-size or --no-large)",
        Skip::Generated => "generated (--no-generated)",
        Skip::Minified => "minified (--no-minified)",
        Skip::Duplicate => "the same bytes as a file counted before it in path order (--no-duplicates)",
        Skip::NotSelected => return format!("its content names a language {language_flags} leaves out"),
    };
    why.to_string()
}

/// The flag whose filter left a named file out by its path or name: the roots asked the selection
/// the same of the same path, and read no such file.
fn left_out_by<'a>(selection: &Selection, path: &Path, language_flags: &'a str) -> Option<&'a str> {
    match selection.excludes_named(path, false) {
        Some(Exclusion::Dir) => return Some("--exclude-dir"),
        Some(Exclusion::Glob) => return Some("--exclude"),
        None => {}
    }
    let name = path.file_name().map_or(path.as_os_str().as_bytes(), OsStr::as_bytes);
    Some(match selection.left_out_by(name, detect_by_name(name))? {
        Filter::IncludeExt => "--include-ext",
        Filter::ExcludeExt => "--exclude-ext",
        Filter::ExcludeFile => "--exclude-file",
        Filter::Type => language_flags,
    })
}

fn load(path: &Path) -> Result<Loaded, String> {
    let text = report_input::read(path)?;
    read_report(&text).map_err(|e| format!("{}: {e}", for_people(path)))
}

/// What needs `merge`'s inputs to have their files, as the start of a sentence ending "reports
/// written with --by-file", or `None` where nothing does: file and directory rows asked for, or a
/// format that lists every file, which would list none. ndjson without files is just its summary.
fn files_needed(rows: &RowArgs, targets: &[Target]) -> Option<String> {
    if rows.by_file || rows.by_dir.is_some() {
        return Some("file and directory rows need".into());
    }
    let listing = targets.iter().find(|t| t.format != FormatFlag::Ndjson && lists_every_file(t.format))?;
    Some(format!("--format {} lists every file and needs", format_name(listing.format)))
}

/// A format's name as `--format` takes it.
fn format_name(format: FormatFlag) -> String {
    clap::ValueEnum::to_possible_value(&format).map(|v| v.get_name().to_string()).unwrap_or_default()
}

/// `ringloc merge REPORT...`: the reports summed as one run over all their paths.
pub fn merge(
    paths: &[PathBuf],
    (format, sql): (&FormatArgs, &SqlArgs),
    rows: &RowArgs,
) -> Result<Finished, String> {
    let targets = targets(format)?;
    report_input::stdin_at_most_once(paths.iter().map(PathBuf::as_path))?;
    let destinations = open(&targets, sql)?;
    let files_needed = files_needed(rows, &targets);
    let mut merged = Report::default();
    for path in paths {
        let loaded = load(path)?;
        if let Some(why) = files_needed.as_ref().filter(|_| !loaded.has_files) {
            return Err(format!("{}: has no files; {why} reports written with --by-file", for_people(path)));
        }
        if rows.by_root && !loaded.has_by_root {
            return Err(format!(
                "{}: has no by_root; --by-root needs reports written with --by-root",
                for_people(path)
            ));
        }
        if !merged.merge_fits(&loaded.report) {
            return Err(format!("{}: the merged counts would pass 2^64", for_people(path)));
        }
        merged.merge(loaded.report);
    }
    merged.sort();
    let outcome = report_errors(&merged);
    write_reports(
        &targets,
        destinations,
        (format, sql),
        Duration::ZERO,
        Shown::Report(&merged, Some(rows), None, writing_threads(0), &EstimateArgs::default()),
    )?;
    Ok(outcome)
}

/// `ringloc diff OLD NEW`.
pub fn diff(old_path: &Path, new_path: &Path, by_dir: bool, format: &FormatArgs) -> Result<Finished, String> {
    let targets = diff_targets(format)?;
    if let Some(t) = targets.iter().find(|t| needs_line_changes(t.format)) {
        return Err(cloc_diff_needs_revisions(&format_name(t.format)));
    }
    report_input::stdin_at_most_once([old_path, new_path])?;
    let destinations = open(&targets, &SqlArgs::default())?;
    let (old, new) = (load(old_path)?, load(new_path)?);
    let shape = format.shape(format.format, None);
    let mut diff = Diff::new(&old.report, &new.report, old.has_files && new.has_files, &shape);
    if by_dir {
        let dirs = |loaded: &Loaded, path: &Path| {
            loaded.dirs.clone().ok_or_else(|| {
                format!(
                    "{}: has no dirs; diff --by-dir needs reports written with --by-dir",
                    for_people(path)
                )
            })
        };
        diff = diff.with_dirs(&dirs(&old, old_path)?, &dirs(&new, new_path)?, &shape);
    }
    write_reports(&targets, destinations, (format, &SqlArgs::default()), Duration::ZERO, Shown::Diff(&diff))?;
    say_if_capped(&diff);
    Ok(Finished::Clean)
}

/// A warning, which `-q` keeps, when a change did not fit the signed 64-bit columns: the numbers
/// shown are wrong there.
pub fn say_if_capped(diff: &Diff) {
    if diff.capped() {
        say(format_args!(
            "warning: a change past {max} (2^63 - 1) is shown capped at {max} or -{max}",
            max = i64::MAX
        ));
    }
}

/// The targets of a diff, refusing a format that has no diff form before anything is compared.
fn diff_targets(format: &FormatArgs) -> Result<Vec<Target>, String> {
    let targets = targets(format)?;
    if let Some(t) = targets.iter().find(|t| !shows_diffs(t.format)) {
        return Err(format!("--format {} has no diff form", format_name(t.format)));
    }
    Ok(targets)
}

/// Writes a report made elsewhere (a revision's tree) to every target, as a run writes its own.
pub fn write_report(
    report: &Report,
    cli: &Cli,
    elapsed: Duration,
    stats: Option<&StatsDoc>,
) -> Result<(), String> {
    let targets = targets(&cli.format)?;
    let destinations = open(&targets, &cli.sql)?;
    write_reports(
        &targets,
        destinations,
        (&cli.format, &cli.sql),
        elapsed,
        Shown::Report(report, Some(&cli.rows), stats, writing_threads(0), &cli.estimates),
    )
}

/// Writes a diff made elsewhere (between two revisions) to every target.
pub fn write_diff(diff: &Diff, format: &FormatArgs) -> Result<(), String> {
    let targets = diff_targets(format)?;
    let no_sql = SqlArgs::default();
    let destinations = open(&targets, &no_sql)?;
    write_reports(&targets, destinations, (format, &no_sql), Duration::ZERO, Shown::Diff(diff))
}

/// `ringloc --languages`: the table as detection sees it. An extension other languages share is
/// marked `(shared)` under each of them (the file's head decides), a name prefix ends in `*`. A
/// name a `--lang-def` or `--map-ext` took from a built-in language is listed under its new one
/// only.
pub fn languages() -> Result<Finished, String> {
    let defined = definitions().is_some();
    print(|out| {
        for id in LangId::all() {
            let l = id.language();
            let detected = |name: &str| !defined || still_names(id, name);
            let names: Vec<String> = (l.extensions.iter().filter(|e| detected(&format!("x.{e}"))))
                .map(|e| format!(".{e}"))
                .chain(
                    id.shared_extensions()
                        .filter(|e| detected(&format!("x.{e}")))
                        .map(|e| format!(".{e} (shared)")),
                )
                .chain(l.filenames.iter().filter(|f| detected(f)).map(|f| whole_name(f)))
                .chain(
                    l.filename_prefixes
                        .iter()
                        .filter(|p| detected(&format!("{p}x")))
                        .map(|p| format!("{p}*")),
                )
                .collect();
            writeln!(out, "{:<24} {}", l.name, names.join(" "))?;
        }
        Ok(())
    })?;
    Ok(Finished::Clean)
}

/// Whether detection gives `id` (alone or among others) for a file named `name`.
fn still_names(id: LangId, name: &str) -> bool {
    match detect_by_name(name.as_bytes()) {
        NameMatch::Known(found) => found == id,
        NameMatch::Ambiguous(shared) => shared.languages().contains(&id),
        NameMatch::NeedsShebang | NameMatch::Unknown => false,
    }
}

/// `ringloc --show-config`: the config files read and the settings they give, on stdout.
pub fn show_config(layers: &Layers) -> Result<Finished, String> {
    print(|out| out.write_all(layers.shown().as_bytes()))?;
    Ok(Finished::Clean)
}

/// A whole file name as `--languages` lists it: one that starts with a dot (`.bashrc`) is marked,
/// or it would read as an extension, which `foo.bashrc` and `-t bashrc` do not match.
fn whole_name(name: &str) -> String {
    match name.starts_with('.') {
        true => format!("{name} (name)"),
        false => name.to_string(),
    }
}

/// `ringloc completions SHELL`: generated from the same clap definition that parses the flags, so
/// it cannot fall behind them.
pub fn completions(shell: clap_complete::Shell) -> Result<Finished, String> {
    let script = super::completions::script(shell);
    print(|out| out.write_all(&script))?;
    Ok(Finished::Clean)
}

/// `ringloc man`: the manual page, from the clap definition too. One page holds every subcommand,
/// each with its synopsis, description and options as subsections: clap_mangen's page pointed to
/// a page per subcommand (`ringloc-diff(1)`) that nothing wrote, so their flags were in none.
pub fn man() -> Result<Finished, String> {
    let page = man_page().map_err(|e| format!("man: {e}"))?;
    print(|out| out.write_all(&page))?;
    Ok(Finished::Clean)
}

/// The roff of `ringloc man`. Each section clap_mangen renders apart starts with the same string
/// definition (`Aq`, a quote), which the page keeps once. `diff --format` lists the formats
/// with a diff form, as its parser takes them and the completion scripts offer them.
fn man_page() -> io::Result<Vec<u8>> {
    let command = Cli::command_line();
    let page = clap_mangen::Man::new(command.clone());
    let mut roff = Vec::new();
    page.render_title(&mut roff)?;
    page.render_name_section(&mut roff)?;
    page.render_synopsis_section(&mut roff)?;
    page.render_description_section(&mut roff)?;
    page.render_options_section(&mut roff)?;
    roff.extend_from_slice(b".SH SUBCOMMANDS\n");
    for sub in command.get_subcommands().filter(|sub| sub.get_name() != "help") {
        subcommand_section(sub, &mut roff)?;
    }
    page.render_extra_section(&mut roff)?;
    page.render_version_section(&mut roff)?;
    let (mut text, defined) = (String::new(), String::from_utf8_lossy(&roff).into_owned());
    let mut quote_defined = false;
    for line in defined.lines() {
        let definition = line.starts_with(".ie \\n(.g .ds Aq") || line.starts_with(".el .ds Aq");
        if !definition || !quote_defined {
            text.push_str(line);
            text.push('\n');
        }
        quote_defined |= line.starts_with(".el .ds Aq");
    }
    Ok(text.into_bytes())
}

/// A subcommand's part of the manual page, a subsection of SUBCOMMANDS: its synopsis,
/// description and options, their headings in bold.
fn subcommand_section(sub: &clap::Command, roff: &mut Vec<u8>) -> io::Result<()> {
    let name = format!("ringloc {}", sub.get_name());
    let page = clap_mangen::Man::new(sub.clone().bin_name(name.clone()));
    let mut text = Vec::new();
    writeln!(text, ".SS \"{name}\"")?;
    page.render_synopsis_section(&mut text)?;
    page.render_description_section(&mut text)?;
    if sub.get_arguments().any(|arg| !arg.is_hide_set()) {
        page.render_options_section(&mut text)?;
    }
    let text = String::from_utf8_lossy(&text).replace("\n.SH DESCRIPTION\n", "\n.PP\n");
    roff.extend_from_slice(text.replace("\n.SH ", "\n.PP\n.B ").as_bytes());
    Ok(())
}
