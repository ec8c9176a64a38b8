//! The `ringloc` binary: flags in, report out, errors mapped to exit codes here and nowhere else.

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, FormatFlag};
use ringloc::output::{Json, Output, Table};
use ringloc::BackendUsed;

const EXIT_USAGE: u8 = 1;
const EXIT_FILE_ERRORS: u8 = 2;

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
        eprintln!("ringloc: {}: {}", err.path.display(), err.error);
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
