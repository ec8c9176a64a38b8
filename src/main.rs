//! The `ringloc` binary: flags in, report out, errors mapped to exit codes here and nowhere else.

#![deny(unsafe_code)]

mod cli;

use std::process::ExitCode;

use cli::flags::{ArgsError, Cli, Command, ExplainFormat};
use cli::{commands, explain, revisions};

/// Everything was counted (or merged, or compared).
const EXIT_OK: u8 = 0;
/// A bad flag or value, an unreadable input report, `--backend uring` without io_uring, or output
/// that could not be written.
const EXIT_USAGE: u8 = 1;
/// Counted, but some files or directories could not be read.
const EXIT_FILE_ERRORS: u8 = 2;

fn main() -> ExitCode {
    match cli::supervise::supervise() {
        cli::supervise::Supervision::CountHere => {}
        cli::supervise::Supervision::Exit(code) => return ExitCode::from(code),
        cli::supervise::Supervision::Failed(message) => {
            cli::messages::say(format_args!("{message}"));
            return ExitCode::from(EXIT_USAGE);
        }
    }
    let (cli, layers) = match Cli::parse_args() {
        Ok(parsed) => parsed,
        Err(ArgsError::Config(message)) => {
            cli::messages::say(format_args!("{message}"));
            return ExitCode::from(EXIT_USAGE);
        }
        Err(ArgsError::Clap(e)) => {
            // `--help > /dev/full` lost the help: that is no success either.
            let printed = e.print();
            if let Err(lost) = &printed {
                cli::messages::say(format_args!("writing output: {lost}"));
            }
            return match e.use_stderr() || printed.is_err() {
                true => ExitCode::from(EXIT_USAGE),
                false => ExitCode::SUCCESS,
            };
        }
    };
    let done = cli::lang_defs::define_languages(&cli.defined).and_then(|()| run(&cli, &layers));
    let code = match done {
        Ok(commands::Finished::Clean) => EXIT_OK,
        Ok(commands::Finished::FileErrors) => EXIT_FILE_ERRORS,
        Err(message) => {
            cli::messages::say(format_args!("{message}"));
            EXIT_USAGE
        }
    };
    // A message that could not be written (stderr full) is output lost: never a clean exit.
    ExitCode::from(if cli::messages::lost() { EXIT_USAGE } else { code })
}

/// The command the flags name, once the run's languages are defined.
fn run(cli: &Cli, layers: &cli::config_file::Layers) -> Result<commands::Finished, String> {
    match &cli.command {
        None if cli.config_file.show_config => commands::show_config(layers),
        None if cli.languages => commands::languages(),
        None if cli.rev.is_some() => revisions::count(cli),
        None => commands::count(cli),
        Some(Command::Merge { reports, format, sql, rows }) => commands::merge(reports, (format, sql), rows),
        Some(Command::Diff { old, new, by_dir, repo, quiet, select, format }) => {
            revisions::diff(old, new.as_deref(), *by_dir, repo.as_deref(), select, format, *quiet)
        }
        Some(Command::History { range, every, step, repo, format, cache, quiet, select }) => {
            let sampling = revisions::Sampling { range, every: revisions::every(*every, *step) };
            revisions::history(repo, &sampling, select, *format, cache.as_deref(), *quiet)
        }
        Some(Command::Completions { shell }) => commands::completions(*shell),
        Some(Command::Man) => commands::man(),
        Some(Command::Explain { file, format, language, docstrings_as_code }) => explain::explain(
            file,
            *format == ExplainFormat::Json,
            ringloc::count::Options { docstrings_as_code: *docstrings_as_code },
            language.as_deref(),
        ),
    }
}
