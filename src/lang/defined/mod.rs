//! Languages defined at run time (`--lang-def FILE`, `--map-ext EXT=LANG`): a file in
//! languages.toml's format adds languages or replaces built-in ones, and an extension may be
//! mapped to any language.
//!
//! The definitions are process-wide: [`define`] sets them once, before the first file is counted,
//! and every [`LangId`] after that indexes the table they make (new languages take the ids after
//! the built-in ones). Defining the same again is a no-op; defining other languages in the same
//! process, or defining any after a file was counted, is an error, never a mix of two tables.

mod read;
mod table;

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

pub use table::Defined;

use super::LangId;

/// What a run defines: `[[language]]` files (each with the name errors give it) and extensions
/// mapped to a language, applied in that order, so an extension may map to a defined language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Definitions {
    files: Vec<(String, String)>,
    mapped: Vec<(String, String)>,
}

impl Definitions {
    /// A file's text; `origin` (its path) names it in errors.
    pub fn add_file(&mut self, origin: impl Into<String>, text: impl Into<String>) {
        self.files.push((origin.into(), text.into()));
    }

    /// Files ending in `.ext` are counted as `language` (a display name, built-in or defined).
    pub fn map_extension(&mut self, ext: impl Into<String>, language: impl Into<String>) {
        self.mapped.push((ext.into(), language.into()));
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty() && self.mapped.is_empty()
    }

    fn table(&self) -> Result<Defined, String> {
        let mut table = Defined::new();
        for (origin, text) in &self.files {
            table.add_file(origin, text)?;
        }
        for (ext, language) in &self.mapped {
            table.map_extension(ext, language)?;
        }
        Ok(table)
    }
}

/// Why definitions were not taken: the file, the language and the field where one is at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionError(String);

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DefinitionError {}

static DEFINED: OnceLock<(Definitions, Defined)> = OnceLock::new();
/// Set once a classifier was sized to the table: definitions after that would not be seen.
static IN_USE: AtomicBool = AtomicBool::new(false);

/// Makes `definitions` this process's languages (see the module's note); empty ones change nothing.
pub fn define(definitions: &Definitions) -> Result<(), DefinitionError> {
    if definitions.is_empty() {
        return Ok(());
    }
    if let Some((earlier, _)) = DEFINED.get() {
        return match earlier == definitions {
            true => Ok(()),
            false => Err(DefinitionError("languages were already defined otherwise in this process".into())),
        };
    }
    if IN_USE.load(Ordering::Acquire) {
        return Err(DefinitionError("languages must be defined before the first file is counted".into()));
    }
    let table = definitions.table().map_err(DefinitionError)?;
    match DEFINED.set((definitions.clone(), table)) {
        Ok(()) => Ok(()),
        Err(_) => define(definitions),
    }
}

/// The definitions this process runs with, if any (kept counts depend on them).
pub fn definitions() -> Option<&'static Definitions> {
    DEFINED.get().map(|(d, _)| d)
}

/// The table, where anything was defined: one load and a branch the built-in case predicts.
#[inline(always)]
pub(crate) fn table() -> Option<&'static Defined> {
    DEFINED.get().map(|(_, t)| t)
}

/// Called where something is sized to the table for the rest of the process.
pub(crate) fn in_use() -> usize {
    IN_USE.store(true, Ordering::Release);
    LangId::all().len()
}
