//! Output formats: one trait, one file per format. Every format renders both a report ([`View`])
//! and a comparison of two ([`Diff`]); the library writes to any `Write` and never to a terminal
//! on its own.

mod csv;
mod grid;
pub mod history;
pub mod json;
mod markdown;
pub mod ndjson;
pub mod paths;
mod table;

use std::io::{self, Write};

pub use csv::Csv;
pub use json::Json;
pub use markdown::Markdown;
pub use ndjson::{Ndjson, NdjsonStream};
pub use table::Table;

use crate::report::{Diff, View};

pub trait Output {
    fn report(&self, view: &View, out: &mut dyn Write) -> io::Result<()>;
    fn diff(&self, diff: &Diff, out: &mut dyn Write) -> io::Result<()>;
}
