//! Command-line flags. clap stops here: `Cli::config` turns flags into one plain [`Config`].

use std::path::PathBuf;

use clap::{Parser, ValueEnum};

use ringloc::io::Backend;
use ringloc::lang::LangId;
use ringloc::walk::ignore::IgnorePolicy;
use ringloc::walk::select::{exclude_globs, Selection};
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

    /// Count hidden files and directories (names starting with a dot)
    #[arg(long)]
    pub hidden: bool,

    /// Ignore no file because of .gitignore, .ignore or .ringlocignore
    #[arg(long)]
    pub no_ignore: bool,

    /// Apply .gitignore files outside git work trees too
    #[arg(long)]
    pub no_require_git: bool,

    /// Never enter directories with this name (repeatable)
    #[arg(long, value_name = "NAME")]
    pub exclude_dir: Vec<String>,

    /// Skip files and directories whose name or path below the root matches this glob (repeatable)
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,

    /// Count only files with these extensions (comma-separated, no dots)
    #[arg(long, value_name = "EXTS", value_delimiter = ',')]
    pub include_ext: Vec<String>,

    /// Skip files with these extensions (comma-separated, no dots)
    #[arg(long, value_name = "EXTS", value_delimiter = ',')]
    pub exclude_ext: Vec<String>,

    /// Count only these languages (comma-separated names, as in the table)
    #[arg(short = 't', long = "type", value_name = "LANGS", value_delimiter = ',')]
    pub types: Vec<String>,

    /// Descend at most this many directory levels below each root (1: the root's own files only)
    #[arg(long, value_name = "N")]
    pub max_depth: Option<usize>,
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
    /// Validates the flags into a [`Config`]; an error here is a usage error.
    pub fn config(&self) -> Result<Config, String> {
        let types = self
            .types
            .iter()
            .map(|name| LangId::from_name(name.trim()).ok_or_else(|| format!("unknown language '{name}'")))
            .collect::<Result<Vec<_>, _>>()?;
        let exts = |list: &[String]| {
            list.iter().map(|e| e.trim_start_matches('.').to_ascii_lowercase().into_bytes()).collect()
        };
        let selection = Selection {
            hidden: self.hidden,
            ignore: IgnorePolicy { enabled: !self.no_ignore, require_git: !self.no_require_git },
            exclude_dirs: self.exclude_dir.iter().map(|d| d.clone().into_bytes()).collect(),
            exclude: exclude_globs(&self.exclude).map_err(|e| format!("bad --exclude glob: {e}"))?,
            include_ext: exts(&self.include_ext),
            exclude_ext: exts(&self.exclude_ext),
            types,
            max_depth: self.max_depth,
        };
        Ok(Config {
            paths: self.paths.clone(),
            threads: self.threads,
            backend: match self.backend {
                BackendFlag::Auto => Backend::Auto,
                BackendFlag::Uring => Backend::Uring,
                BackendFlag::Sync => Backend::Sync,
            },
            by_file: self.by_file,
            selection,
        })
    }
}
