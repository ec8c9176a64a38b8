//! `--lang-def` and `--map-ext`: the files read and handed to the library's one
//! table of languages before any command runs.

use std::fs;

use ringloc::lang::{define, Definitions};
use ringloc::output::paths::escaped;

use super::flags::DefineArgs;

/// Defines this process's languages; a file that cannot be read or a definition that is wrong
/// is a usage error naming the file, the language and the field.
pub fn define_languages(args: &DefineArgs) -> Result<(), String> {
    let mut definitions = Definitions::default();
    for path in &args.lang_def {
        let text = fs::read_to_string(path).map_err(|e| format!("--lang-def {}: {e}", escaped(path)))?;
        definitions.add_file(escaped(path), text);
    }
    for (ext, language) in &args.map_ext {
        definitions.map_extension(ext, language);
    }
    define(&definitions).map_err(|e| e.to_string())
}
