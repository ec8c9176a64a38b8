//! `--lang-def`, `--map-ext` and `--count-as`: the files read and handed to the library's one
//! table of languages before any command runs.

use std::fs;

use ringloc::lang::{define, Definitions, LangId};
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
    // scc's targets may name a language by an extension (`jsp:htm`); a --lang-def language, not
    // yet defined here, is looked up by its name as given.
    for (ext, language) in &args.count_as {
        let named =
            LangId::from_any_name(language).map_or_else(|| language.clone(), |id| id.name().to_string());
        definitions.map_extension(ext, named);
    }
    define(&definitions).map_err(|e| e.to_string())
}
