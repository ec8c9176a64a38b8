//! `--format openmetrics`: one gauge sample per language and column in the OpenMetrics text format,
//! as scc's `-f openmetrics` writes them (`ringloc_code{language="Rust"} 1234`), for Prometheus and
//! GitLab's metrics reports; `promtool check metrics` accepts it.

use std::io::{self, Write};

use super::Output;
use crate::report::{Diff, Totals, View};

pub struct OpenMetrics;

/// A metric: its name, help text, unit and the column it reads.
type Metric = (&'static str, &'static str, Option<&'static str>, fn(&Totals) -> u64);

const METRICS: [Metric; 6] = [
    ("ringloc_files", "Number of counted files.", None, |t| t.files),
    ("ringloc_lines", "Number of lines.", None, |t| t.counts.lines),
    ("ringloc_code", "Number of lines of code.", None, |t| t.counts.code),
    ("ringloc_comments", "Number of comment lines.", None, |t| t.counts.comments),
    ("ringloc_blanks", "Number of blank lines.", None, |t| t.counts.blanks),
    ("ringloc_bytes", "Size in bytes.", Some("bytes"), |t| t.bytes),
];

/// A label value with `\`, `"` and line breaks escaped, as the format requires.
fn label(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

impl Output for OpenMetrics {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()> {
        for (name, help, unit, column) in METRICS {
            writeln!(out, "# TYPE {name} gauge")?;
            if let Some(unit) = unit {
                writeln!(out, "# UNIT {name} {unit}")?;
            }
            writeln!(out, "# HELP {name} {help}")?;
            for (lang, t) in &view.languages {
                writeln!(out, "{name}{{language=\"{}\"}} {}", label(lang.name()), column(t))?;
            }
        }
        writeln!(out, "# EOF")
    }

    fn diff(&self, _: &Diff, _: &mut dyn Write) -> io::Result<()> {
        Err(super::no_diff("openmetrics"))
    }
}
