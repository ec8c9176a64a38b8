//! The `ringloc` binary: flags in, report out, errors mapped to exit codes here and nowhere else.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, FormatFlag};
use ringloc::output::paths::escaped;
use ringloc::output::{Json, Output, Table};
use ringloc::BackendUsed;

const EXIT_USAGE: u8 = 1;
const EXIT_FILE_ERRORS: u8 = 2;

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

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { ExitCode::from(EXIT_USAGE) } else { ExitCode::SUCCESS };
        }
    };
    let config = match cli.config() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("ringloc: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    raise_fd_limit();
    let run = match ringloc::count_paths(&config) {
        Ok(run) => run,
        Err(e) => {
            eprintln!("ringloc: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if let BackendUsed::Sync { fallback: Some(why) } = &run.backend {
        eprintln!("ringloc: {why}");
    }
    for warning in &run.report.warnings {
        eprintln!("ringloc: {warning}");
    }
    for err in &run.report.errors {
        eprintln!("ringloc: {}: {}", escaped(&err.path), err.error);
    }
    let output: &dyn Output = match cli.format {
        FormatFlag::Table => &Table,
        FormatFlag::Json => &Json,
    };
    let mut stdout = io::stdout().lock();
    let written = output.write(&run.report, &mut stdout).and_then(|()| stdout.flush());
    if let Err(e) = written {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("ringloc: writing output: {e}");
            return ExitCode::from(EXIT_FILE_ERRORS);
        }
    }
    if run.report.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_FILE_ERRORS)
    }
}
