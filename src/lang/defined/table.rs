//! The table a run's definitions make: the built-in languages with those a definition replaces,
//! the new ones after them, and what detection looks up before the built-in matches.

use std::collections::HashMap;

use super::super::table_format::Table;
use super::super::{LangId, Language, LANGUAGES};
use super::read;

/// A TOML error as one line: where it is, and what (toml's own text draws the line under it).
fn one_line(e: &toml::de::Error, text: &str) -> String {
    let at = e.span().map(|span| text[..span.start].matches('\n').count() + 1);
    let message = e.message().trim_end();
    at.map_or_else(|| message.to_string(), |line| format!("line {line}: {message}"))
}

/// The languages of a run with definitions, indexed by [`LangId`].
pub struct Defined {
    languages: Vec<&'static Language>,
    /// Built-in languages a definition replaced: the built-in matches no longer name them.
    replaced: Vec<LangId>,
    extensions: HashMap<Vec<u8>, LangId>,
    filenames: HashMap<Vec<u8>, LangId>,
    prefixes: Vec<(Vec<u8>, LangId)>,
    interpreters: HashMap<Vec<u8>, LangId>,
    /// Lower-cased names and aliases, for `-t` and a page's names.
    aliases: HashMap<Vec<u8>, LangId>,
}

impl Defined {
    pub(super) fn new() -> Defined {
        Defined {
            languages: LANGUAGES.iter().collect(),
            replaced: Vec::new(),
            extensions: HashMap::new(),
            filenames: HashMap::new(),
            prefixes: Vec::new(),
            interpreters: HashMap::new(),
            aliases: HashMap::new(),
        }
    }

    pub fn language(&self, id: LangId) -> &'static Language {
        self.languages[usize::from(id.0)]
    }

    pub fn len(&self) -> usize {
        self.languages.len()
    }

    /// Whether the built-in detection's answer `id` was replaced by a definition's own.
    pub fn replaces(&self, id: LangId) -> bool {
        self.replaced.contains(&id)
    }

    /// A file name's language by a definition: whole name, prefix, extension as written and then
    /// lower-cased.
    pub fn by_name(&self, name: &[u8]) -> Option<LangId> {
        if let Some(&id) = self.filenames.get(name) {
            return Some(id);
        }
        if let Some((_, id)) = self.prefixes.iter().find(|(p, _)| name.starts_with(p)) {
            return Some(*id);
        }
        let dot = name.iter().rposition(|&b| b == b'.').filter(|&dot| dot > 0)?;
        self.by_extension(&name[dot + 1..])
    }

    fn by_extension(&self, ext: &[u8]) -> Option<LangId> {
        let found = self.extensions.get(ext).copied();
        found.or_else(|| self.extensions.get(&ext.to_ascii_lowercase()).copied())
    }

    pub fn by_interpreter(&self, program: &[u8]) -> Option<LangId> {
        self.interpreters.get(program).copied()
    }

    /// A name as a page or `-t` writes it, lower-cased: a defined name, alias or extension.
    pub fn by_alias(&self, lower: &[u8]) -> Option<LangId> {
        self.aliases.get(lower).or_else(|| self.extensions.get(lower)).copied()
    }

    /// Adds the `[[language]]` tables of one file's text; `origin` names it in errors.
    pub(super) fn add_file(&mut self, origin: &str, text: &str) -> Result<(), String> {
        let table: Table = toml::from_str(text).map_err(|e| format!("{origin}: {}", one_line(&e, text)))?;
        for l in &table.language {
            let language = read::language(l).map_err(|e| format!("{origin}: language {e}"))?;
            let id = self.place(language).map_err(|e| format!("{origin}: {e}"))?;
            let claims = [
                ("extensions", &l.extensions),
                ("filenames", &l.filenames),
                ("interpreters", &l.interpreters),
                ("aliases", &l.aliases),
            ];
            for (field, words) in claims {
                for word in words {
                    self.claim(field, word, id).map_err(|e| format!("{origin}: language {}: {e}", l.name))?;
                }
            }
            self.prefixes.extend(l.filename_prefixes.iter().map(|p| (p.as_bytes().to_vec(), id)));
            self.aliases.insert(l.name.to_ascii_lowercase().into_bytes(), id);
        }
        Ok(())
    }

    /// The id a definition takes: the built-in language of its name (replaced), or the next one.
    fn place(&mut self, language: Language) -> Result<LangId, String> {
        let leaked: &'static Language = Box::leak(Box::new(language));
        let same_name = |l: &&Language| l.name.eq_ignore_ascii_case(leaked.name);
        match self.languages.iter().position(same_name) {
            Some(at) if at >= LANGUAGES.len() || self.replaced.contains(&LangId(at as u16)) => {
                Err(format!("language {}: defined twice", leaked.name))
            }
            Some(at) => {
                self.languages[at] = leaked;
                self.replaced.push(LangId(at as u16));
                Ok(LangId(at as u16))
            }
            None => {
                let id = u16::try_from(self.languages.len()).map_err(|_| "too many languages".to_string())?;
                self.languages.push(leaked);
                Ok(LangId(id))
            }
        }
    }

    /// `word` of `field` names `id`; two definitions may not claim one word.
    fn claim(&mut self, field: &str, word: &str, id: LangId) -> Result<(), String> {
        let map = match field {
            "extensions" => &mut self.extensions,
            "filenames" => &mut self.filenames,
            "interpreters" => &mut self.interpreters,
            _ => &mut self.aliases,
        };
        let key = match field {
            "aliases" => word.to_ascii_lowercase(),
            _ => word.to_string(),
        };
        match map.insert(key.into_bytes(), id) {
            Some(other) if other != id => Err(format!(
                "{field}: {word:?} is claimed by {} too",
                self.languages[usize::from(other.0)].name
            )),
            _ => Ok(()),
        }
    }

    /// `--map-ext EXT=LANG`: files ending in `.EXT` are `language`'s, which `--languages` lists.
    pub(super) fn map_extension(&mut self, ext: &str, language: &str) -> Result<(), String> {
        let ext = ext.strip_prefix('.').unwrap_or(ext);
        if ext.is_empty() {
            return Err(format!("--map-ext {ext}={language}: the extension is empty"));
        }
        let Some(at) = self.languages.iter().position(|l| l.name.eq_ignore_ascii_case(language)) else {
            return Err(format!("--map-ext {ext}={language}: no language {language:?} (see --languages)"));
        };
        let mut widened = *self.languages[at];
        widened.extensions =
            Box::leak([widened.extensions, &[Box::leak(ext.into())]].concat().into_boxed_slice());
        self.languages[at] = Box::leak(Box::new(widened));
        self.extensions.insert(ext.as_bytes().to_vec(), LangId(at as u16));
        Ok(())
    }
}
