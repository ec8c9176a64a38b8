//! Output formats: one trait, one file per format (cloc's three syntaxes share a directory, and
//! HTML's page, style and script theirs). Every format renders both a report ([`View`])
//! and a comparison of two ([`Diff`]); the library writes to any `Write` and never to a terminal
//! on its own.

mod buffer;
mod by_language;
mod civil_time;
mod clean_path;
mod cloc;
mod cocomo;
mod csv;
mod grid;
pub mod history;
pub mod history_html;
mod html;
pub mod json;
mod markdown;
mod markup_text;
pub mod ndjson;
mod openmetrics;
pub mod paths;
mod rows;
mod scc;
mod scc_csv;
mod sql;
pub mod stats;
mod summary_lines;
mod table;
mod tokei;
mod uloc;
mod warm;
mod yaml;

use std::io::{self, Write};

pub use cloc::{cloc_diff_needs_revisions, Cloc, ClocStyle};
pub use csv::Csv;
pub use html::Html;
pub use json::Json;
pub use markdown::Markdown;
pub use ndjson::{Ndjson, NdjsonStream};
pub use openmetrics::OpenMetrics;
pub use scc::SccJson;
pub use scc_csv::SccCsv;
pub use sql::{timestamp, Sql};
pub use table::Table;
pub use tokei::TokeiJson;
pub use yaml::Yaml;

use crate::report::{Diff, View};

pub trait Output {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()>;
    /// Formats that mirror another tool's report have no diff form: they fail with [`no_diff`].
    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()>;
}

/// The error of a format that cannot show a diff (the binary refuses such a request up front).
pub fn no_diff(format: &str) -> io::Error {
    io::Error::new(io::ErrorKind::Unsupported, format!("--format {format} has no diff form"))
}
