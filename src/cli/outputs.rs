//! Each `--format` as the library's [`Output`], with the settings it takes from the flags.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use ringloc::output::paths::for_people;
use ringloc::output::stats::StatsDoc;
use ringloc::output::{
    timestamp, Cloc, ClocStyle, Csv, Html, Json, Markdown, Ndjson, OpenMetrics, Output, SccCsv, SccJson, Sql,
    Table, TokeiJson, Yaml,
};

use super::destinations::Target;
use super::flags::{ColorFlag, FormatArgs, FormatFlag, RowArgs, SqlArgs};

/// Formats whose every report lists each file: ndjson is a stream of file records, tokei's JSON
/// always has its `reports`, cloc's SQL is a row per file, HTML's treemap and table are made of them.
pub fn lists_every_file(format: FormatFlag) -> bool {
    matches!(format, FormatFlag::Ndjson | FormatFlag::TokeiJson | FormatFlag::Sql | FormatFlag::Html)
}

/// Formats that list each language's files under it (tokei's `reports`, scc's `Files`): a language
/// there must list every file it counts, so `--top` cuts only their languages.
pub fn nests_files(format: FormatFlag) -> bool {
    matches!(format, FormatFlag::TokeiJson | FormatFlag::SccJson)
}

/// Formats that can show `ringloc diff`: ringloc's own, and cloc's `--diff` in its three syntaxes
/// (between revisions only: [`needs_line_changes`]). The other drop-in formats mirror what
/// another tool reports for one tree, and those tools have no diff in that shape.
pub fn shows_diffs(format: FormatFlag) -> bool {
    use FormatFlag::*;
    matches!(format, Table | Json | Ndjson | Csv | Markdown | Yaml) || needs_line_changes(format)
}

/// Diff formats made of lines added, removed, modified and unchanged, which only a diff between
/// two revisions has: cloc's.
pub fn needs_line_changes(format: FormatFlag) -> bool {
    matches!(format, FormatFlag::ClocJson | FormatFlag::ClocXml | FormatFlag::ClocYaml | FormatFlag::ClocCsv)
}

/// What a format may take from the run beyond the report: how long counting took (zero for
/// `merge` and `diff`, which count nothing).
pub struct RunFacts<'a> {
    pub elapsed: Duration,
    pub roots: &'a [PathBuf],
    /// `--stats`: the run's figures, for `--format json` and `yaml`.
    pub stats: Option<&'a StatsDoc>,
}

/// cloc's default project name: the paths counted.
fn project(sql: &SqlArgs, facts: &RunFacts) -> String {
    let roots = facts.roots.iter().map(|r| for_people(r).into_owned());
    sql.sql_project.clone().unwrap_or_else(|| roots.collect::<Vec<_>>().join(" "))
}

/// `--color auto` colours for a person only, read as clap and ripgrep read it: `NO_COLOR`
/// (no-color.org) wins, then `CLICOLOR_FORCE`, then `CLICOLOR=0`; otherwise a terminal that is not
/// `TERM=dumb`. A report going to a file is a terminal's only with `--color always`.
fn wants_colour(flag: ColorFlag, to_stdout: bool) -> bool {
    use anstyle_query::{clicolor, clicolor_force, no_color, term_supports_color};
    match flag {
        ColorFlag::Always => true,
        ColorFlag::Never => false,
        _ if !to_stdout => false,
        ColorFlag::Auto if no_color() => false,
        ColorFlag::Auto if clicolor_force() => true,
        ColorFlag::Auto => clicolor() != Some(false) && term_supports_color() && io::stdout().is_terminal(),
    }
}

/// The writer of `target`'s format; `rows` is `None` for `diff`, which has no breakdown flags.
pub fn output(
    target: &Target,
    (args, sql, rows): (&FormatArgs, &SqlArgs, Option<&RowArgs>),
    facts: &RunFacts,
) -> Box<dyn Output> {
    let percent = rows.is_some_and(|r| r.percent);
    let cloc = |style| Box::new(Cloc { style, elapsed: facts.elapsed });
    match target.format {
        FormatFlag::Table => {
            let colour = wants_colour(args.color, target.path.is_none());
            Box::new(Table { wide: args.wide, percent, colour })
        }
        FormatFlag::Json => Box::new(Json { stats: facts.stats.cloned() }),
        FormatFlag::Ndjson => Box::new(Ndjson),
        FormatFlag::Csv => Box::new(Csv),
        FormatFlag::Markdown => Box::new(Markdown { wide: args.wide, percent }),
        FormatFlag::Yaml => Box::new(Yaml { stats: facts.stats.cloned() }),
        FormatFlag::TokeiJson => Box::new(TokeiJson),
        FormatFlag::ClocJson => cloc(ClocStyle::Json),
        FormatFlag::ClocXml => cloc(ClocStyle::Xml),
        FormatFlag::ClocYaml => cloc(ClocStyle::Yaml),
        FormatFlag::ClocCsv => cloc(ClocStyle::Csv),
        FormatFlag::SccJson => Box::new(SccJson { percent }),
        FormatFlag::SccCsv => Box::new(SccCsv),
        FormatFlag::Openmetrics => Box::new(OpenMetrics),
        FormatFlag::Sql => Box::new(Sql {
            project: project(sql, facts),
            timestamp: timestamp(SystemTime::now()),
            elapsed: facts.elapsed,
            append: sql.sql_append,
        }),
        FormatFlag::Html => Box::new(Html),
    }
}
