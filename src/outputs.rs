//! Each `--format` as the library's [`Output`], with the settings it takes from the flags.

use std::io::{self, IsTerminal};

use ringloc::output::{Csv, Json, Markdown, Ndjson, Output, Table};

use crate::cli::{FormatArgs, FormatFlag};
use crate::destinations::Target;

/// Formats whose every report lists each file: ndjson is a stream of file records.
pub fn lists_every_file(format: FormatFlag) -> bool {
    format == FormatFlag::Ndjson
}

/// Colour only for a person: stdout is a terminal and `NO_COLOR` (no-color.org) is unset or empty.
fn wants_colour() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").map_or(true, |v| v.is_empty())
}

/// The writer of `target`'s format; a table going to a file is never coloured.
pub fn output(target: &Target, args: &FormatArgs) -> Box<dyn Output> {
    match target.format {
        FormatFlag::Table => {
            Box::new(Table { wide: args.wide, colour: target.path.is_none() && wants_colour() })
        }
        FormatFlag::Json => Box::new(Json),
        FormatFlag::Ndjson => Box::new(Ndjson),
        FormatFlag::Csv => Box::new(Csv),
        FormatFlag::Markdown => Box::new(Markdown { wide: args.wide }),
    }
}
