//! Command-line flags. clap stops here: `Cli::config` turns flags into one plain [`Config`].

use std::path::PathBuf;

use clap::{Parser, ValueEnum};

use ringloc::io::Backend;
use ringloc::Config;

#[derive(Debug, Parser)]
#[command(
    name = "ringloc",
    version,
    about = "Counts lines of code, comments and blanks, per language, across very large trees",
    after_help = "Examples:\n  ringloc                      count the current directory\n  ringloc src tests -j 4       two trees, four workers\n  ringloc --format json --by-file . > loc.json\n\nExit codes: 0 all counted, 1 usage error, 2 counted with per-file errors (listed on stderr)."
)]
pub struct Cli {
    /// Directories and files to count
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,

    /// Worker threads (one io_uring ring each); default: one per core
    #[arg(short = 'j', long = "threads", value_name = "N", default_value_t = 0)]
    pub threads: usize,

    /// How files are read: io_uring when allowed (auto), always io_uring, or plain syscalls
    #[arg(long, value_enum, default_value_t = BackendFlag::Auto)]
    pub backend: BackendFlag,

    /// Output format
    #[arg(long, value_enum, default_value_t = FormatFlag::Table)]
    pub format: FormatFlag,

    /// Also list every counted file
    #[arg(long)]
    pub by_file: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum BackendFlag {
    Auto,
    Uring,
    Sync,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatFlag {
    Table,
    Json,
}

impl Cli {
    pub fn config(&self) -> Config {
        Config {
            paths: self.paths.clone(),
            threads: self.threads,
            backend: match self.backend {
                BackendFlag::Auto => Backend::Auto,
                BackendFlag::Uring => Backend::Uring,
                BackendFlag::Sync => Backend::Sync,
            },
            by_file: self.by_file,
        }
    }
}
