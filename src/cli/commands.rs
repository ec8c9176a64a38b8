//! What each command does once its flags are parsed: count, merge or diff, then print. Errors come
//! back as messages for `main` to print and turn into exit codes.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use ringloc::output::json::{read_report, Loaded};
use ringloc::output::paths::for_people;
use ringloc::output::{Csv, Json, Markdown, Ndjson, NdjsonStream, Output, Table};
use ringloc::report::{Diff, Report, Skip, View};
use ringloc::BackendUsed;

use clap::CommandFactory;

use super::flags::{Cli, ColorFlag, FormatArgs, FormatFlag, RowArgs};
use super::progress::ProgressLine;

/// How a command that ran to the end went.
pub enum Outcome {
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

/// `--color auto` colours for a person only, read as clap and ripgrep read it: `NO_COLOR`
/// (no-color.org) wins, then `CLICOLOR_FORCE`, then `CLICOLOR=0`; otherwise a terminal that is not
/// `TERM=dumb`.
fn wants_colour(flag: ColorFlag) -> bool {
    use anstyle_query::{clicolor, clicolor_force, no_color, term_supports_color};
    match flag {
        ColorFlag::Always => true,
        ColorFlag::Never => false,
        ColorFlag::Auto if no_color() => false,
        ColorFlag::Auto if clicolor_force() => true,
        ColorFlag::Auto => clicolor() != Some(false) && term_supports_color() && io::stdout().is_terminal(),
    }
}

pub fn output(args: &FormatArgs) -> Box<dyn Output> {
    match args.format {
        FormatFlag::Table => Box::new(Table { wide: args.wide, colour: wants_colour(args.color) }),
        FormatFlag::Json => Box::new(Json),
        FormatFlag::Ndjson => Box::new(Ndjson),
        FormatFlag::Csv => Box::new(Csv),
        FormatFlag::Markdown => Box::new(Markdown { wide: args.wide }),
    }
}

/// Writes to stdout; a reader that went away (`| head`) is not an error.
pub fn print(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), String> {
    let mut stdout = io::stdout().lock();
    written(write(&mut stdout).and_then(|()| stdout.flush()))
}

fn written(result: io::Result<()>) -> Result<(), String> {
    match result {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("writing output: {e}")),
        _ => Ok(()),
    }
}

/// Lists per-file errors on stderr, as a run does, and says whether there were any.
pub fn report_errors(report: &Report) -> Outcome {
    for err in &report.errors {
        eprintln!("ringloc: {}: {}", for_people(&err.path), err.error);
    }
    if report.errors.is_empty() {
        Outcome::Clean
    } else {
        Outcome::FileErrors
    }
}

/// `ringloc [PATH...]`.
pub fn count(cli: &Cli) -> Result<Outcome, String> {
    let mut config = cli.config()?;
    let shape = cli.format.shape(Some(&cli.rows));
    // ndjson goes out as files finish unless the records must be sorted, cut or grouped first.
    let plain = shape.sort.is_none() && shape.top.is_none() && shape.by_dir.is_none();
    let stream = (cli.format.format == FormatFlag::Ndjson && plain)
        .then(|| NdjsonStream::new(Box::new(io::BufWriter::new(io::stdout()))));
    if let Some(stream) = &stream {
        config.file_sink = Some(stream.sink());
        config.by_file = false;
    }
    // Per-file rows say why a file named on the command line was left out.
    let named_files: Vec<PathBuf> = config.paths.iter().filter(|p| p.is_file()).cloned().collect();
    config.by_file |= !named_files.is_empty();
    raise_fd_limit();
    // A progress line would tear through records streamed to the same terminal.
    let quiet = cli.quiet || (stream.is_some() && io::stdout().is_terminal());
    let line = if quiet { None } else { ProgressLine::start() };
    config.progress = line.as_ref().map(ProgressLine::progress);
    let run = ringloc::count_paths(&config);
    if let Some(line) = line {
        line.finish();
    }
    let run = run.map_err(|e| e.to_string())?;
    if !cli.quiet {
        notes(&run, &config, &named_files);
    }
    let outcome = report_errors(&run.report);
    let view = View::new(&run.report, &shape);
    match stream {
        Some(stream) => written(stream.finish(&view))?,
        None => print(|out| output(&cli.format).report(&view, out))?,
    }
    Ok(outcome)
}

/// What the user should know about a run that is not a per-file error: the io_uring fallback, a
/// named file that was not counted, an `--exclude` pattern that matched nothing.
fn notes(run: &ringloc::Run, config: &ringloc::Config, named_files: &[PathBuf]) {
    if let BackendUsed::Sync { fallback: Some(why) } = &run.backend {
        eprintln!("ringloc: {why}");
    }
    for warning in &run.report.warnings {
        eprintln!("ringloc: {warning}");
    }
    for skipped in run.report.skipped_files.iter().filter(|f| named_files.contains(&f.path)) {
        let why = match skipped.why {
            Skip::Unknown => "language unknown (`ringloc --languages` lists the names ringloc knows)",
            Skip::Binary => "binary",
            Skip::TooLarge => "larger than --max-file-size",
            Skip::Generated => "generated (--no-generated)",
            Skip::Minified => "minified (--no-minified)",
            Skip::NotSelected => "its content names a language -t leaves out",
        };
        eprintln!("ringloc: {}: skipped: {why}", for_people(&skipped.path));
    }
    for pattern in config.selection.exclude.iter().flat_map(|e| e.unmatched()) {
        eprintln!("ringloc: --exclude '{pattern}' matched nothing");
    }
}

fn load(path: &Path) -> Result<Loaded, String> {
    let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    read_report(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// `ringloc merge REPORT...`: the reports summed as one run over all their paths.
pub fn merge(paths: &[PathBuf], format: &FormatArgs, rows: &RowArgs) -> Result<Outcome, String> {
    let shape = format.shape(Some(rows));
    let mut merged = Report::default();
    for path in paths {
        let loaded = load(path)?;
        // Asked for explicitly, file rows need inputs that have them; ndjson without them is just
        // its summary.
        if (rows.by_file || rows.by_dir.is_some()) && !loaded.has_files {
            return Err(format!(
                "{}: has no files; file and directory rows need reports written with --by-file",
                path.display()
            ));
        }
        if rows.by_root && !loaded.has_by_root {
            return Err(format!(
                "{}: has no by_root; --by-root needs reports written with --by-root",
                path.display()
            ));
        }
        if !merged.merge_fits(&loaded.report) {
            return Err(format!("{}: the merged counts would pass 2^64", path.display()));
        }
        merged.merge(loaded.report);
    }
    merged.sort();
    let outcome = report_errors(&merged);
    print(|out| output(format).report(&View::new(&merged, &shape), out))?;
    Ok(outcome)
}

/// `ringloc diff OLD NEW`.
pub fn diff(old_path: &Path, new_path: &Path, by_dir: bool, format: &FormatArgs) -> Result<Outcome, String> {
    let (old, new) = (load(old_path)?, load(new_path)?);
    let shape = format.shape(None);
    let mut diff = Diff::new(&old.report, &new.report, old.has_files && new.has_files, &shape);
    if by_dir {
        let dirs = |loaded: &Loaded, path: &Path| {
            loaded.dirs.clone().ok_or_else(|| {
                format!("{}: has no dirs; diff --by-dir needs reports written with --by-dir", path.display())
            })
        };
        diff = diff.with_dirs(&dirs(&old, old_path)?, &dirs(&new, new_path)?, &shape);
    }
    print(|out| output(format).diff(&diff, out))?;
    Ok(Outcome::Clean)
}

/// `ringloc --languages`: the table as detection sees it.
pub fn languages() -> Result<Outcome, String> {
    print(|out| {
        for id in ringloc::lang::LangId::all() {
            let l = id.language();
            let exts: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
            let names = exts.iter().map(String::as_str).chain(l.filenames.iter().copied());
            writeln!(out, "{:<24} {}", l.name, names.collect::<Vec<_>>().join(" "))?;
        }
        Ok(())
    })?;
    Ok(Outcome::Clean)
}

/// `ringloc completions SHELL`: generated from the same clap definition that parses the flags, so
/// it cannot fall behind them.
pub fn completions(shell: clap_complete::Shell) -> Result<Outcome, String> {
    print(|out| {
        clap_complete::generate(shell, &mut Cli::command(), "ringloc", out);
        Ok(())
    })?;
    Ok(Outcome::Clean)
}

/// `ringloc man`: the manual page, from the clap definition too.
pub fn man() -> Result<Outcome, String> {
    print(|out| clap_mangen::Man::new(Cli::command()).render(out))?;
    Ok(Outcome::Clean)
}
