//! Output formats: one trait, one file per format.

mod json;
pub mod paths;
mod table;

use std::io::{self, Write};

pub use json::Json;
pub use table::Table;

use crate::report::Report;

pub trait Output {
    fn write(&self, report: &Report, out: &mut dyn Write) -> io::Result<()>;
}
