//! Command-line flags. clap stops here: `Cli::config` turns flags into one plain [`Config`].

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::sync::Arc;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use ignore::gitignore::Gitignore;
use ringloc::io::Backend;
use ringloc::lang::LangId;
use ringloc::output::paths::for_people;
use ringloc::report::{Shape, SortKey};
use ringloc::walk::ignore::{ignore_files_matcher, IgnorePolicy};
use ringloc::walk::patterns::{PathPatterns, PatternFlags};
use ringloc::walk::select::{excludes, Selection};
use ringloc::Config;

use super::config_file::{Choice, Layers};
use super::config_keys::clap_message;
use super::estimate_flags::EstimateArgs;
use super::file_list::read_list;
use super::negations::with_negations;
use super::outputs::shows_diffs;

#[derive(Debug, Parser)]
#[command(
    name = "ringloc",
    version,
    about = "Counts lines of code, comments and blanks, per language, across very large trees",
    after_help = "Examples:\n  ringloc                      count the current directory\n  ringloc src tests -j 4       two trees, four workers\n  ringloc --format json --by-file . > loc.json\n  ringloc --by-dir 2 --sort code --top 10 .\n  ringloc --by-root --format csv repos/*  each checkout apart, and the sum\n  ringloc merge a.json b.json  sum reports\n  ringloc diff old.json new.json --format markdown\n  ringloc --show-config        the config files read (ringloc.toml, ~/.config/ringloc/config.toml)\n\nEach flag is undone by its --no- form, the later one winning: --no-hidden, --no-by-file; --ignore\nfor --no-ignore (to turn off for one run what a config file turns on).\n\nA directory named like a subcommand is counted as ./merge.\n\nExit codes: 0 all counted, 1 usage error, 2 counted with per-file errors (listed on stderr).",
    // `ringloc src merge` counts two directories; only a first word names a subcommand.
    args_conflicts_with_subcommands = true,
    // An option given again replaces its value (lists add up), so that the command line overrides
    // a config file's settings, which come before it.
    args_override_self = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Directories and files to count (default: ., unless --files-from is given)
    pub paths: Vec<PathBuf>,

    /// List the languages ringloc knows, with their extensions and file names, and exit
    #[arg(long)]
    pub languages: bool,

    /// Count exactly the files listed in FILE (- for stdin), one per line
    #[arg(long, value_name = "FILE")]
    pub files_from: Option<PathBuf>,

    /// The --files-from list is NUL-separated (as `git ls-files -z` and `find -print0` write it)
    #[arg(short = '0', long = "null")]
    pub null: bool,

    /// Worker threads (one io_uring ring each); default: one per core (two with plain reads), and
    /// up to 16 in all (64 with plain reads) once reads wait for the disk
    #[arg(short = 'j', long = "threads", value_name = "N", default_value_t = 0, value_parser = parse_threads)]
    pub threads: usize,

    /// How files are read: io_uring when allowed (auto), always io_uring, or plain syscalls
    #[arg(long, value_enum, default_value_t = BackendFlag::Auto)]
    pub backend: BackendFlag,

    /// Follow symbolic links; each target is counted once, and loops are cut
    #[arg(short = 'L', long)]
    pub follow: bool,

    /// `none` reads every file but classifies nothing: the read floor benchmarks compare against
    #[arg(long, value_name = "MODE", hide = true, value_parser = ["lines", "none"], default_value = "lines")]
    pub count: String,

    /// Enter no directory on another filesystem than its root (mount points are left out)
    #[arg(short = 'x', long)]
    pub one_file_system: bool,

    /// Count the tree of this git revision, read from the object store, instead of the files on
    /// disk; PATH is then the repository (default: .)
    #[arg(long, value_name = "REV")]
    pub rev: Option<String>,

    /// With --rev: keep blob counts in FILE, so a later --rev (or history) counts only the blobs
    /// no earlier run met
    #[arg(long, value_name = "FILE", requires = "rev")]
    pub cache: Option<PathBuf>,

    #[command(flatten)]
    pub select: SelectArgs,

    /// Leave out a file with the same bytes as one before it in path order, as scc's
    /// --no-duplicates and cloc's uniqueness check do (a vendored copy counts once; `skipped`'s
    /// `duplicate` in json says how many). Each file is hashed as it is read and each counted file
    /// is held to the end, so memory grows with the tree, as with --by-file. Not with --cache (its
    /// blobs are not read again)
    #[arg(short = 'd', long, help_heading = "Selection", conflicts_with = "cache")]
    pub no_duplicates: bool,

    #[command(flatten)]
    pub format: FormatArgs,

    #[command(flatten)]
    pub sql: SqlArgs,

    #[command(flatten)]
    pub rows: RowArgs,

    #[command(flatten)]
    pub defined: DefineArgs,

    #[command(flatten)]
    pub estimates: EstimateArgs,

    /// No progress line and no notes on stderr (per-file errors are still listed)
    #[arg(short, long)]
    pub quiet: bool,

    /// At the end, where the time went and the system calls made, on stderr (and as `stats` in
    /// --format json and yaml)
    #[arg(long)]
    pub stats: bool,

    #[command(flatten)]
    pub config_file: ConfigFileArgs,
}

/// Which config files give settings to a count (README, "Config file"); subcommands read none.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Config file")]
pub struct ConfigFileArgs {
    /// Read settings from FILE alone, not from ~/.config/ringloc/config.toml and ./ringloc.toml
    /// (also RINGLOC_CONFIG=FILE)
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Read no config file
    #[arg(long, conflicts_with = "config")]
    pub no_config: bool,

    /// Print the config files read and the settings they give, and exit
    #[arg(long)]
    pub show_config: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Sum JSON reports into one, as a single run over all their paths would have reported it
    Merge {
        /// Reports written by `ringloc --format json` (with --by-file for file or directory rows)
        #[arg(required = true, value_name = "REPORT")]
        reports: Vec<PathBuf>,
        #[command(flatten)]
        format: FormatArgs,
        #[command(flatten)]
        sql: SqlArgs,
        #[command(flatten)]
        rows: RowArgs,
    },
    /// Show what changed between two JSON reports, or two directories or git revisions (OLD NEW or
    /// OLD..NEW) with the lines added, removed, modified and unchanged
    Diff {
        /// The earlier report (`ringloc --format json`), directory or revision, or a range OLD..NEW
        /// (OLD...NEW: NEW against its merge base with OLD)
        old: PathBuf,
        /// The later report, directory or revision (two files that exist are reports; two
        /// directories that exist are trees, as `cloc --diff OLD NEW` compares them, unless --repo
        /// is given)
        new: Option<PathBuf>,
        /// Also compare per-directory totals (both reports written with the same --by-dir DEPTH)
        #[arg(long)]
        by_dir: bool,
        /// The repository the revisions are in (default: .); refused between two reports
        #[arg(long, value_name = "DIR")]
        repo: Option<PathBuf>,
        /// No notes on stderr, such as a submodule not followed (errors are still listed)
        #[arg(short, long)]
        quiet: bool,
        #[command(flatten)]
        select: SelectArgs,
        #[command(flatten)]
        format: FormatArgs,
    },
    /// Totals per language at sampled commits of a git history, oldest first
    History {
        /// A revision (its first-parent history) or a range OLD..NEW
        #[arg(default_value = "HEAD")]
        range: String,
        /// Sample every Nth commit, counting back from the newest
        #[arg(long, value_name = "N", conflicts_with = "step")]
        every: Option<usize>,
        /// Sample one commit per STEP of commit time (`3d`, `1w`, `12h`), back from the newest
        #[arg(long, value_name = "STEP", value_parser = parse_step)]
        step: Option<i64>,
        /// The repository
        #[arg(long, value_name = "DIR", default_value = ".")]
        repo: PathBuf,
        #[arg(long, value_enum, default_value_t = HistoryFormat::Csv)]
        format: HistoryFormat,
        /// Keep blob counts in FILE, so a later history counts only blobs this one did not
        #[arg(long, value_name = "FILE")]
        cache: Option<PathBuf>,
        /// No notes on stderr, such as a cache set aside (errors are still listed)
        #[arg(short, long)]
        quiet: bool,
        #[command(flatten)]
        select: SelectArgs,
    },
    /// Print a shell completion script, e.g. `ringloc completions bash > ~/.local/share/bash-completion/completions/ringloc`
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `ringloc man > ringloc.1`
    Man,
    /// Show each line of FILE with the bucket ringloc gave it and why (the byte and span that decided)
    Explain {
        file: PathBuf,
        /// table for people, json for linejudge's per-line format
        #[arg(long, value_enum, default_value_t = ExplainFormat::Table)]
        format: ExplainFormat,
        /// Read the file as this language instead of detecting it
        #[arg(long, value_name = "NAME")]
        language: Option<String>,
        /// Count doc strings as code, not comments
        #[arg(long)]
        docstrings_as_code: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum HistoryFormat {
    /// A row per sampled commit and language
    Csv,
    /// One document, a commit per entry
    Json,
    /// One self-contained page: a chart of code lines over time, and a table
    Html,
}

/// A span of time in seconds: a number with `s`, `m`, `h`, `d` or `w`.
fn parse_step(text: &str) -> Result<i64, String> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (digits, unit) = text.split_at(split);
    let seconds = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        "w" => 7 * 86_400,
        _ => return Err(format!("'{text}': give a number with s, m, h, d or w (e.g. 1w)")),
    };
    let n: i64 = digits.parse().map_err(|_| format!("'{text}' is not a span of time"))?;
    n.checked_mul(seconds).filter(|&s| s > 0).ok_or_else(|| format!("'{text}' is out of range"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    Table,
    Json,
}

/// Languages defined for this run, for every command (`explain`, `history` and `diff` too).
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Languages")]
pub struct DefineArgs {
    /// Add languages, or replace built-in ones of the same name, from FILE: `[[language]]` tables
    /// in the format of ringloc's languages.toml (name, extensions, filenames, line_comments,
    /// block_comments, strings, ...); their extensions and file names win over the built-in ones
    /// (repeatable)
    #[arg(long, value_name = "FILE", global = true)]
    pub lang_def: Vec<PathBuf>,

    /// Count files ending in .EXT as LANG, a built-in or defined language's name: `--map-ext
    /// inc=PHP` (repeatable)
    #[arg(long, value_name = "EXT=LANG", global = true, value_parser = parse_mapping)]
    pub map_ext: Vec<(String, String)>,

    /// scc's --map-ext: `--count-as jsp:html,chead:"C Header"`; LANG may also be an alias or an
    /// extension whose language is meant (`jsp:htm`)
    #[arg(long, value_name = "EXT:LANG,...", global = true, value_delimiter = ',', value_parser = parse_count_as)]
    pub count_as: Vec<(String, String)>,
}

/// Which files to count: the flags a count, `--rev`, `diff` between revisions and `history` share,
/// built into a [`Selection`] in one place, so that a flag means one thing in each. `-L` and `-x`
/// are the walk's alone: a revision skips its symlinks, and has no filesystems to stay on. With
/// them the one rule of how to count that all four take, `--docstrings-as-code`, under a heading
/// of its own.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Selection")]
pub struct SelectArgs {
    /// Count hidden files and directories (names starting with a dot)
    #[arg(long)]
    pub hidden: bool,

    /// Ignore no file because of .gitignore, .ignore or .ringlocignore
    #[arg(long)]
    pub no_ignore: bool,

    /// Apply .gitignore files outside git work trees too
    #[arg(long)]
    pub no_require_git: bool,

    /// Ignore no file because of git's ignore files (.gitignore, .git/info/exclude, the global
    /// excludes file); .ignore and .ringlocignore still apply
    #[arg(long, visible_alias = "no-gitignore")]
    pub no_ignore_vcs: bool,

    /// Ignore no file because of .ignore or .ringlocignore; git's ignore files still apply
    #[arg(long)]
    pub no_ignore_dot: bool,

    /// scc's: gitignore lines in FILE, applied from each root below the tree's own ignore files
    /// (a later FILE's lines win over an earlier's); with --no-ignore too (repeatable)
    #[arg(long, value_name = "FILE")]
    pub ignore_file: Vec<PathBuf>,

    /// Never enter directories with this name, at any depth; a DIR with a `/` is a path below each
    /// root (`src/vendor`), and a trailing `/` is dropped; commas separate several, as cloc and scc
    /// read them (`--exclude-dir node_modules,vendor`; repeatable); a file named or listed in one
    /// is left out too
    #[arg(long, value_name = "DIR", value_delimiter = ',')]
    pub exclude_dir: Vec<String>,

    /// Skip files and directories this glob matches, read as a .gitignore line at each root: `*`
    /// stays within a name, a GLOB with a `/` is anchored at the root, one without matches a name
    /// at any depth, a trailing `/` matches directories only; a named or listed file's path is
    /// read as below `.` (repeatable)
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,

    /// cloc's: count only the files whose name matches the regular expression RE (with
    /// --fullpath: whose path, root first)
    #[arg(long, value_name = "RE")]
    pub match_f: Option<String>,

    /// cloc's: leave out the files whose name (with --fullpath: path) matches RE
    #[arg(long, value_name = "RE")]
    pub not_match_f: Option<String>,

    /// cloc's: count only the files of directories whose absolute path (links resolved) matches RE
    #[arg(long, value_name = "RE")]
    pub match_d: Option<String>,

    /// cloc's: leave out the files of directories whose own name matches RE, entering their
    /// subdirectories (with --fullpath: enter no directory whose path, root first, matches)
    #[arg(long, value_name = "RE")]
    pub not_match_d: Option<String>,

    /// cloc's: --match-f, --not-match-f and --not-match-d look at the whole path, not the name
    #[arg(long)]
    pub fullpath: bool,

    /// scc's: enter no directory whose name matches the regular expression RE, and leave out the
    /// files whose name or path matches it (repeatable)
    #[arg(short = 'M', long, value_name = "RE")]
    pub not_match: Vec<String>,

    /// Count only files with these extensions (comma-separated, no dots; an empty one means no
    /// extension: `--include-ext ''` counts `Makefile` and scripts known by their `#!` line,
    /// `--include-ext c,` those and C)
    #[arg(long, value_name = "EXTS", value_delimiter = ',')]
    pub include_ext: Vec<String>,

    /// Skip files with these extensions (comma-separated, no dots; an empty one means no
    /// extension: `--exclude-ext ''` skips the files without one)
    #[arg(long, value_name = "EXTS", value_delimiter = ',')]
    pub exclude_ext: Vec<String>,

    /// scc's: skip files with these names, exactly as written, at any depth (comma-separated:
    /// `-n package-lock.json,Cargo.lock`)
    #[arg(short = 'n', long, value_name = "NAMES", value_delimiter = ',')]
    pub exclude_file: Vec<String>,

    /// Count only these languages (comma-separated names as in the table, aliases such as py, js,
    /// cpp, sh, or extensions such as rs, ts, md; an extension several languages share, such as
    /// asm, selects each of them). --include-lang is cloc's name for it
    #[arg(
        short = 't',
        long = "type",
        visible_alias = "include-lang",
        value_name = "LANGS",
        value_delimiter = ','
    )]
    pub types: Vec<String>,

    /// Count every language but these (names, aliases or extensions, as -t takes them; cloc's
    /// --exclude-lang). With -t, the languages -t names less these
    #[arg(long, value_name = "LANGS", value_delimiter = ',')]
    pub exclude_lang: Vec<String>,

    /// Skip files larger than SIZE (bytes, or with a K, M or G suffix)
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_file_size: Option<u64>,

    /// Descend at most this many directory levels below each root (1: the root's own files only)
    #[arg(long, value_name = "N", value_parser = parse_depth)]
    pub max_depth: Option<usize>,

    /// Leave out generated files (a "do not edit"/"@generated"/"code generated" header) instead of
    /// counting them and reporting how many there were
    #[arg(long, visible_alias = "no-gen")]
    pub no_generated: bool,

    /// Leave out minified files (lines averaging over 500 bytes)
    #[arg(long, visible_alias = "no-min")]
    pub no_minified: bool,

    /// scc's: --no-generated and --no-minified at once
    #[arg(long)]
    pub no_min_gen: bool,

    /// scc's: leave out files of --large-line-count lines or more, or of --large-byte-count bytes
    /// or more
    #[arg(long)]
    pub no_large: bool,

    /// With --no-large, the fewest lines a file left out has [default: 40000, scc's]
    #[arg(long, value_name = "N", value_parser = parse_large_limit)]
    pub large_line_count: Option<u64>,

    /// With --no-large, the fewest bytes a file left out has [default: 1000000, scc's]
    #[arg(long, value_name = "N", value_parser = parse_large_limit)]
    pub large_byte_count: Option<u64>,

    /// Count doc strings (Python's triple-quoted string opening a line) as code, not comments
    #[arg(long, help_heading = "Counting")]
    pub docstrings_as_code: bool,
}

impl SelectArgs {
    fn skips_generated(&self) -> bool {
        self.no_generated || self.no_min_gen
    }

    fn skips_minified(&self) -> bool {
        self.no_minified || self.no_min_gen
    }

    /// The most bytes a counted file may have: `--max-file-size`'s, or under `--no-large` one less
    /// than scc's `--large-byte-count` (scc leaves out a file of that many), whichever is lower.
    fn max_bytes(&self) -> Option<u64> {
        let large = self.no_large.then(|| self.large_byte_count.unwrap_or(LARGE_BYTES) - 1);
        self.max_file_size.into_iter().chain(large).min()
    }

    /// The most lines a counted file may have: under `--no-large`, one less than scc's
    /// `--large-line-count`.
    fn max_lines(&self) -> Option<u64> {
        self.no_large.then(|| self.large_line_count.unwrap_or(LARGE_LINES) - 1)
    }

    /// The selection these flags ask for (without `-L` and `-x`); an error here is a usage error.
    fn selection(&self) -> Result<Selection, String> {
        let types = self.selected_languages()?;
        let exts = |list: &[String]| {
            list.iter().map(|e| e.trim_start_matches('.').to_ascii_lowercase().into_bytes()).collect()
        };
        // The empty piece of `--exclude-dir=a,` names no directory, and is no value to note.
        let dirs: Vec<String> = self.exclude_dir.iter().filter(|d| !d.is_empty()).cloned().collect();
        Ok(Selection {
            hidden: self.hidden,
            follow: false,
            ignore: IgnorePolicy {
                enabled: !self.no_ignore,
                require_git: !self.no_require_git,
                vcs: !self.no_ignore_vcs,
                dot: !self.no_ignore_dot,
            },
            ignore_files: self.ignore_files()?,
            exclude: excludes(&dirs, &self.exclude).map_err(|e| format!("bad --exclude glob: {e}"))?,
            patterns: PathPatterns::new(&PatternFlags {
                match_f: self.match_f.clone(),
                not_match_f: self.not_match_f.clone(),
                match_d: self.match_d.clone(),
                not_match_d: self.not_match_d.clone(),
                fullpath: self.fullpath,
                not_match: self.not_match.clone(),
            })?,
            include_ext: exts(&self.include_ext),
            exclude_ext: exts(&self.exclude_ext),
            exclude_file: self.exclude_file.iter().map(|name| name.as_bytes().to_vec()).collect(),
            types,
            max_depth: self.max_depth,
            one_file_system: false,
        })
    }

    /// The lines of `--ignore-file`'s files as one matcher; a file that cannot be read is a usage
    /// error, since counting what it would leave out is no count the user asked for.
    fn ignore_files(&self) -> Result<Option<Arc<Gitignore>>, String> {
        let read = |path: &PathBuf| {
            std::fs::read(path)
                .map(|text| (path.clone(), text))
                .map_err(|e| format!("--ignore-file {}: {e}", for_people(path)))
        };
        let files = self.ignore_file.iter().map(read).collect::<Result<Vec<_>, _>>()?;
        Ok(ignore_files_matcher(&files))
    }

    /// The languages `-t` and `--exclude-lang` leave in, sorted; empty where neither is given (every
    /// language). Excluding every language is a usage error: an empty list would count them all.
    fn selected_languages(&self) -> Result<Vec<LangId>, String> {
        let named = |names: &[String]| -> Result<Vec<LangId>, String> {
            Ok(names.iter().map(|name| languages(name.trim())).collect::<Result<Vec<_>, _>>()?.concat())
        };
        let mut types = named(&self.types)?;
        if !self.exclude_lang.is_empty() {
            let excluded = named(&self.exclude_lang)?;
            if types.is_empty() {
                types = LangId::all().collect();
            }
            types.retain(|id| !excluded.contains(id));
            if types.is_empty() {
                return Err("--exclude-lang leaves no language to count".into());
            }
        }
        types.sort_unstable();
        types.dedup();
        Ok(types)
    }

    /// The flags that chose the languages, as a note names them: `-t`, `--exclude-lang` or both.
    pub fn language_flags(&self) -> &'static str {
        match (self.types.is_empty(), self.exclude_lang.is_empty()) {
            (false, false) => "-t and --exclude-lang",
            (true, false) => "--exclude-lang",
            _ => "-t",
        }
    }

    /// The [`Config`] of `diff` between revisions and `history`: `root` counted under these flags,
    /// every other setting as a plain count's, so that no flag given counts as before.
    pub fn config(&self, root: PathBuf) -> Result<Config, String> {
        Ok(Config {
            paths: vec![root],
            selection: self.selection()?,
            max_file_size: self.max_bytes(),
            max_lines: self.max_lines(),
            skip_generated: self.skips_generated(),
            skip_minified: self.skips_minified(),
            docstrings_as_code: self.docstrings_as_code,
            ..Config::default()
        })
    }

    /// The first of these flags given, as a message names it: `diff` between two reports compares
    /// what they counted, which no flag can select again, so it refuses them.
    pub fn first_given(&self) -> Option<&'static str> {
        let given = [
            (self.hidden, "--hidden"),
            (self.no_ignore, "--no-ignore"),
            (self.no_require_git, "--no-require-git"),
            (self.no_ignore_vcs, "--no-ignore-vcs"),
            (self.no_ignore_dot, "--no-ignore-dot"),
            (!self.ignore_file.is_empty(), "--ignore-file"),
            (!self.exclude_dir.is_empty(), "--exclude-dir"),
            (!self.exclude.is_empty(), "--exclude"),
            (self.match_f.is_some(), "--match-f"),
            (self.not_match_f.is_some(), "--not-match-f"),
            (self.match_d.is_some(), "--match-d"),
            (self.not_match_d.is_some(), "--not-match-d"),
            (self.fullpath, "--fullpath"),
            (!self.not_match.is_empty(), "-M/--not-match"),
            (!self.include_ext.is_empty(), "--include-ext"),
            (!self.exclude_ext.is_empty(), "--exclude-ext"),
            (!self.exclude_file.is_empty(), "-n/--exclude-file"),
            (!self.types.is_empty(), "-t/--type"),
            (!self.exclude_lang.is_empty(), "--exclude-lang"),
            (self.max_file_size.is_some(), "--max-file-size"),
            (self.max_depth.is_some(), "--max-depth"),
            (self.no_generated, "--no-generated"),
            (self.no_minified, "--no-minified"),
            (self.no_min_gen, "--no-min-gen"),
            (self.no_large, "--no-large"),
            (self.large_line_count.is_some(), "--large-line-count"),
            (self.large_byte_count.is_some(), "--large-byte-count"),
            (self.docstrings_as_code, "--docstrings-as-code"),
        ];
        given.into_iter().find_map(|(set, flag)| set.then_some(flag))
    }
}

/// How to print, shared by counting, `merge` and `diff`.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Output")]
pub struct FormatArgs {
    /// Output format
    #[arg(long, value_enum, default_value_t = FormatFlag::Table)]
    pub format: FormatFlag,

    /// Order rows by this column, largest first (name: ascending); default: languages by code, files
    /// and directories by path. `complexity` counts it as --complexity does
    #[arg(long, value_enum, value_name = "KEY")]
    pub sort: Option<SortFlag>,

    /// Show only the first N languages, files and directories (totals still count everything)
    #[arg(long, value_name = "N")]
    pub top: Option<usize>,

    /// Table and markdown: add bytes and code-share columns
    #[arg(long)]
    pub wide: bool,

    /// Write the report to FILE instead of stdout (- is stdout); FORMAT:FILE picks its format, and
    /// several write several reports from one count
    #[arg(short = 'o', long, value_name = "[FORMAT:]FILE")]
    pub output: Vec<String>,

    /// Colour the table: auto (a terminal, unless NO_COLOR, CLICOLOR=0 or TERM=dumb says otherwise;
    /// CLICOLOR_FORCE forces it), always or never
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorFlag::Auto)]
    pub color: ColorFlag,
}

/// `--format sql`'s own flags, apart from [`FormatArgs`]: counting and `merge` take them, `diff`
/// writes no SQL and so offers none.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Output")]
pub struct SqlArgs {
    /// sql: the Project column (default: the paths counted)
    #[arg(long, value_name = "NAME")]
    pub sql_project: Option<String>,

    /// sql: no create table statements (the database has the tables), and a FILE is appended to
    #[arg(long)]
    pub sql_append: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorFlag {
    Auto,
    Always,
    Never,
}

/// Which breakdowns to add below the languages.
#[derive(Debug, Clone, Args)]
#[command(next_help_heading = "Output")]
pub struct RowArgs {
    /// Also list every counted file
    #[arg(long)]
    pub by_file: bool,

    /// Also total per directory, DEPTH levels below each root (default 1)
    #[arg(long, value_name = "DEPTH", num_args = 0..=1, default_missing_value = "1")]
    pub by_dir: Option<usize>,

    /// Also total each root (each PATH, and the --files-from list) apart, then all of them
    #[arg(long)]
    pub by_root: bool,

    /// scc's: each language's share of the total, as a Percentage row under it in the table and
    /// markdown, and as scc's *Percent keys in scc-json
    #[arg(short = 'p', long)]
    pub percent: bool,
}

impl FormatArgs {
    /// The rows to show in `format`; `rows` is `None` for `diff`, which has no breakdown flags.
    pub fn shape(&self, format: FormatFlag, rows: Option<&RowArgs>) -> Shape {
        Shape {
            sort: self.sort.map(SortFlag::key),
            top: self.top,
            by_file: rows.is_some_and(|r| r.by_file) || super::outputs::lists_every_file(format),
            by_dir: rows.and_then(|r| r.by_dir),
            by_root: rows.is_some_and(|r| r.by_root),
            nested_files: super::outputs::nests_files(format),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SortFlag {
    Files,
    Lines,
    Code,
    Comments,
    Blanks,
    Bytes,
    /// Also turns on `--complexity`, as scc counts it always.
    Complexity,
    Name,
}

impl SortFlag {
    fn key(self) -> SortKey {
        match self {
            SortFlag::Files => SortKey::Files,
            SortFlag::Lines => SortKey::Lines,
            SortFlag::Code => SortKey::Code,
            SortFlag::Comments => SortKey::Comments,
            SortFlag::Blanks => SortKey::Blanks,
            SortFlag::Bytes => SortKey::Bytes,
            SortFlag::Complexity => SortKey::Complexity,
            SortFlag::Name => SortKey::Name,
        }
    }
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum BackendFlag {
    Auto,
    Uring,
    Sync,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatFlag {
    /// Aligned columns for people (colour: see --color)
    Table,
    /// One document with a versioned schema (docs/json-schema.md)
    Json,
    /// One JSON record per file, then a summary record
    Ndjson,
    /// One table with a `type` column
    Csv,
    /// Tables for pull-request comments
    #[value(alias = "md")]
    Markdown,
    /// ringloc's JSON document as YAML
    Yaml,
    /// The JSON tokei 15 writes (`tokei --output json`)
    TokeiJson,
    /// cloc 1.96's `--json`
    ClocJson,
    /// cloc 1.96's `--xml` (Jenkins' SLOCCount plugin)
    ClocXml,
    /// cloc 1.96's `--yaml`
    ClocYaml,
    /// cloc 1.96's `--csv`
    ClocCsv,
    /// scc 4.1's `--format json`
    SccJson,
    /// scc 4.1's `--format csv`
    SccCsv,
    /// One gauge per language and column, for Prometheus (scc's `-f openmetrics`)
    Openmetrics,
    /// SQL for cloc's `--sql` tables (metadata, t), loadable into sqlite3
    Sql,
    /// One self-contained page: totals, languages, a treemap of directories, a table of files
    Html,
}

/// `format`'s value as `diff --format` offers it: cloc's formats write cloc's `--diff` there, a
/// document of its own, which the help says.
fn as_diff_format(format: FormatFlag, value: PossibleValue) -> PossibleValue {
    match format {
        FormatFlag::ClocJson => value.help("cloc 1.96's `--diff --json` (between two revisions)"),
        FormatFlag::ClocXml => value.help("cloc 1.96's `--diff --xml` (between two revisions)"),
        FormatFlag::ClocYaml => value.help("cloc 1.96's `--diff --yaml` (between two revisions)"),
        FormatFlag::ClocCsv => value.help("cloc 1.96's `--diff --csv` (between two revisions)"),
        _ => value,
    }
}

/// Why the arguments were not taken: clap's error (or its help or version, to print), or a config
/// file's.
pub enum ArgsError {
    Clap(clap::Error),
    Config(String),
}

/// Where the settings are that clap's error (on the command line after the config files' words)
/// names: `FILE:LINE` of each option it names that a file gave (`ringloc.toml:1 and
/// ringloc.toml:3`), else the files read (`with the settings of ringloc.toml`), where the error
/// names none of theirs (`--cache` needs `--rev`: only `--rev` is named).
fn settings_named(e: &clap::Error, layers: &Layers) -> String {
    use clap::error::{ContextKind, ContextValue};
    let named = [ContextKind::InvalidArg, ContextKind::PriorArg].into_iter().filter_map(|kind| e.get(kind));
    let options = named.flat_map(|value| match value {
        ContextValue::String(option) => vec![option.as_str()],
        ContextValue::Strings(options) => options.iter().map(String::as_str).collect(),
        _ => Vec::new(),
    });
    let mut places: Vec<String> = options.flat_map(|option| layers.places_of(option)).collect();
    places.dedup();
    if places.is_empty() {
        let files: Vec<String> = layers.files.iter().map(|f| f.path.display().to_string()).collect();
        return format!("with the settings of {}", files.join(" and "));
    }
    places.join(" and ")
}

impl Cli {
    /// Parses the command line, with a count's config file settings before it. Options written
    /// before a subcommand (`ringloc --format json merge a.json`) are taken as written after it:
    /// otherwise clap would count `merge` as a directory. The command line alone is parsed first,
    /// so that `--help` and a mistake in it are told as before, whatever a config file holds.
    pub fn parse_args() -> Result<(Cli, Layers), ArgsError> {
        let mut command = Cli::command_line();
        command.build();
        let mut args = subcommand_first(std::env::args_os().collect(), &command);
        let alone = Cli::from_words(&mut command, args.clone()).map_err(ArgsError::Clap)?;
        let choice = match alone.command {
            Some(_) => Choice::Nothing,
            None => Choice::from(alone.config_file.no_config, alone.config_file.config.as_deref()),
        };
        let layers = Layers::read(choice, &command).map_err(ArgsError::Config)?;
        if layers.files.is_empty() {
            return Ok((alone, layers));
        }
        args.splice(1..1, layers.words());
        let cli = Cli::from_words(&mut command, args).map_err(|e| {
            ArgsError::Config(format!("{}: {}", settings_named(&e, &layers), clap_message(&e)))
        })?;
        Ok((cli, layers))
    }

    /// The flags `args` give, with clap's error formatted for `command` where they are refused.
    fn from_words(command: &mut clap::Command, args: Vec<OsString>) -> Result<Cli, clap::Error> {
        let mut matches = command.try_get_matches_from_mut(args)?;
        Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(command))
    }

    /// The command line that parses the flags, and that the help, the completion scripts and the
    /// manual page describe: the derived definition with `diff --format` taking only the formats
    /// that have a diff form ([`shows_diffs`]), and a count's flags with their negations
    /// ([`with_negations`]). The format flag is shared with counting and `merge`, which take every
    /// format; one definition for all four keeps `diff --help` from listing formats its parser
    /// refuses.
    pub fn command_line() -> clap::Command {
        let diff_formats: Vec<_> = FormatFlag::value_variants()
            .iter()
            .filter(|f| shows_diffs(**f))
            .filter_map(|f| Some(as_diff_format(*f, f.to_possible_value()?)))
            .collect();
        let parser =
            PossibleValuesParser::new(diff_formats).try_map(|name| FormatFlag::from_str(&name, false));
        let command =
            Cli::command().mut_subcommand("diff", |diff| diff.mut_arg("format", |a| a.value_parser(parser)));
        with_negations(command)
    }

    /// Validates the flags into a [`Config`]; an error here is a usage error.
    pub fn config(&self) -> Result<Config, String> {
        let selection = Selection {
            follow: self.follow,
            one_file_system: self.one_file_system,
            ..self.select.selection()?
        };
        let files = match &self.files_from {
            Some(list) => read_list(list, self.null)?,
            None => Vec::new(),
        };
        let paths = match (self.paths.is_empty(), self.files_from.is_some()) {
            (true, false) => vec![PathBuf::from(".")],
            _ => self.paths.clone(),
        };
        Ok(Config {
            paths,
            files,
            max_file_size: self.select.max_bytes(),
            max_lines: self.select.max_lines(),
            skip_generated: self.select.skips_generated(),
            skip_minified: self.select.skips_minified(),
            docstrings_as_code: self.select.docstrings_as_code,
            read_only: self.count == "none",
            complexity: self.estimates.complexity || self.format.sort == Some(SortFlag::Complexity),
            uloc: self.estimates.uloc || self.estimates.dryness,
            no_duplicates: self.no_duplicates,
            threads: self.threads,
            backend: match self.backend {
                BackendFlag::Auto => Backend::Auto,
                BackendFlag::Uring => Backend::Uring,
                BackendFlag::Sync => Backend::Sync,
            },
            by_file: self.format.shape(self.format.format, Some(&self.rows)).needs_files(),
            by_root: self.rows.by_root,
            progress: None,
            file_sink: None,
            stats: self.stats,
            selection,
        })
    }
}

/// Moves a subcommand's name ahead of the options written before it. Only the first word that is
/// not an option or an option's value can name a subcommand (`ringloc src merge` counts two
/// directories), as clap itself decides.
fn subcommand_first(mut args: Vec<OsString>, command: &clap::Command) -> Vec<OsString> {
    let takes_value = |arg: Option<&clap::Arg>| arg.is_some_and(|a| a.get_action().takes_values());
    let mut i = 1;
    while i < args.len() {
        let word = args[i].as_bytes();
        if word == b"--" {
            break;
        }
        if let Some(long) = word.strip_prefix(b"--") {
            let named = command.get_arguments().find(|a| a.get_long().is_some_and(|l| l.as_bytes() == long));
            i += usize::from(takes_value(named));
        } else if let Some(shorts) = word.strip_prefix(b"-").filter(|s| !s.is_empty()) {
            // A cluster (`-qj4`): the first flag that takes a value takes the rest, or the next word.
            let valued = shorts.iter().position(|&c| {
                takes_value(command.get_arguments().find(|a| a.get_short() == Some(char::from(c))))
            });
            i += usize::from(valued == Some(shorts.len() - 1));
        } else {
            if i > 1 && command.find_subcommand(&args[i]).is_some() {
                let name = args.remove(i);
                args.insert(1, name);
            }
            break;
        }
        i += 1;
    }
    args
}

/// A `-t` name: a language's name, alias or extension (`py`, `cpp`, `rs`), which selects one
/// language, or an extension several share (`asm`), which selects each of them.
fn languages(name: &str) -> Result<Vec<LangId>, String> {
    Some(LangId::selected_by(name)).filter(|ids| !ids.is_empty()).ok_or_else(|| unknown_language(name))
}

/// An `explain --language` name: one language, so a shared extension is a usage error that names
/// the languages it may mean.
pub(super) fn language(name: &str) -> Result<LangId, String> {
    match languages(name)?[..] {
        [id] => Ok(id),
        ref several => {
            let names: Vec<&str> = several.iter().map(|id| id.name()).collect();
            Err(format!("'{name}' is an extension of several languages ({}): name one", names.join(", ")))
        }
    }
}

/// The usage error for a name no language answers to: it suggests the closest name and says where
/// the names are listed.
fn unknown_language(name: &str) -> String {
    let hint = LangId::closest_to(name).map(|id| format!("did you mean '{}'? ", id.name()));
    format!("unknown language '{name}' ({}`ringloc --languages` lists them all)", hint.unwrap_or_default())
}

/// `-j`'s bound: each worker costs a thread, buffers and a ring, and far more workers than the
/// disk has requests in flight only wait.
const MAX_THREADS: usize = 1024;

/// `EXT=LANG` (`--map-ext`): the extension (a leading dot dropped) and the language's name.
fn parse_mapping(text: &str) -> Result<(String, String), String> {
    extension_and_language(text, '=')
}

/// scc's `--count-as` writes `--map-ext`'s pair with a colon.
fn parse_count_as(text: &str) -> Result<(String, String), String> {
    extension_and_language(text, ':')
}

/// `EXT` and `LANG` of `EXT<separator>LANG`, the extension's leading dot dropped; neither empty.
fn extension_and_language(text: &str, separator: char) -> Result<(String, String), String> {
    match text.split_once(separator) {
        Some((ext, lang)) if !ext.trim_start_matches('.').is_empty() && !lang.is_empty() => {
            Ok((ext.trim_start_matches('.').to_string(), lang.to_string()))
        }
        _ => Err(format!("'{text}' is not EXT{separator}LANG")),
    }
}

fn parse_threads(text: &str) -> Result<usize, String> {
    let n: usize = text.trim().parse().map_err(|_| format!("'{text}' is not a number of workers"))?;
    if n > MAX_THREADS {
        return Err(format!("at most {MAX_THREADS} workers"));
    }
    Ok(n)
}

/// A depth of at least 1: 0 counted what 1 counts, without a word, where ripgrep's 0 searches
/// only the files named.
fn parse_depth(text: &str) -> Result<usize, String> {
    match text.trim().parse() {
        Ok(0) => {
            Err("0 is no depth: 1 counts a root's own files (a file named as a root is always counted)"
                .into())
        }
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a number of levels")),
    }
}

/// scc 4.1's defaults for `--large-line-count` and `--large-byte-count`.
const LARGE_LINES: u64 = 40_000;
const LARGE_BYTES: u64 = 1_000_000;

/// scc's `--large-line-count` and `--large-byte-count`: a file of this many is left out, so 0 would
/// leave out every file, empty ones too.
fn parse_large_limit(text: &str) -> Result<u64, String> {
    match text.trim().parse() {
        Ok(0) => Err("0 would leave out every file; the least is 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a whole number")),
    }
}

fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => text.split_at(i),
        None => (text, ""),
    };
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        _ => return Err(format!("unknown size unit '{unit}' (use K, M or G)")),
    };
    let n: u64 = digits.parse().map_err(|_| format!("'{text}' is not a size"))?;
    n.checked_shl(shift).filter(|v| v >> shift == n).ok_or_else(|| format!("'{text}' is too large"))
}

#[cfg(test)]
mod tests {
    use clap::{Args, Parser};

    use super::SelectArgs;

    #[derive(Parser)]
    struct Select {
        #[command(flatten)]
        select: SelectArgs,
    }

    /// Each selection flag given alone is the one a diff between reports names in refusing it: a
    /// flag added to [`SelectArgs`] but not to [`SelectArgs::first_given`] would pass unrefused.
    #[test]
    fn every_selection_flag_is_named_when_given() {
        assert_eq!(Select::try_parse_from(["t"]).unwrap().select.first_given(), None);
        for arg in SelectArgs::augment_args(clap::Command::new("t")).get_arguments() {
            let long = format!("--{}", arg.get_long().unwrap_or_default());
            let value = arg.get_action().takes_values().then_some("1");
            let parsed = Select::try_parse_from(["t", long.as_str()].into_iter().chain(value)).unwrap();
            let named = parsed.select.first_given();
            assert!(named.is_some_and(|flag| flag.ends_with(&long)), "{long}: {named:?}");
        }
    }
}
