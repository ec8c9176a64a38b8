//! A language as a command line names it (`-t`) and as `ringloc --languages` lists it, shared
//! extensions included: a language whose files are told apart from another's by their heads
//! (`.h`, `.asm`, `.fs`) is still found under that extension.

use super::heuristics::{ambiguous_extension, Ambiguity};
use super::LangId;

impl LangId {
    /// Every language `-t WORD` selects. A language's name, alias or extension names that one
    /// (`h`, `pl` and `ts` are aliases of C Header, Perl and TypeScript). An extension several
    /// languages share that names none (`asm`, `fs`, `m`) selects every language its files can be:
    /// only each file's head says which, and selecting one would leave the others' files out
    /// unseen. An extension may be written with its dot (`.asm`), as `--languages` lists it. Empty
    /// for a word that names nothing.
    pub fn selected_by(word: &str) -> Vec<LangId> {
        let word = word.strip_prefix('.').unwrap_or(word);
        match LangId::from_any_name(word) {
            Some(id) => vec![id],
            None => shared_extension(word).map_or_else(Vec::new, Ambiguity::languages),
        }
    }

    /// The extensions this language shares with others (without their dots): those of its files
    /// whose heads say they are in it.
    pub fn shared_extensions(self) -> impl Iterator<Item = &'static str> {
        Ambiguity::ALL.into_iter().filter(move |a| a.languages().contains(&self)).map(Ambiguity::extension)
    }
}

fn shared_extension(word: &str) -> Option<Ambiguity> {
    ambiguous_extension(word.to_ascii_lowercase().as_bytes())
}

#[cfg(test)]
mod tests {
    use super::super::{by_alias, detect_by_name, NameMatch};
    use super::*;

    /// Every extension detection knows, each with every language it can give a file of it.
    fn detected() -> Vec<(&'static str, LangId)> {
        let own = LangId::all().flat_map(|id| id.language().extensions.iter().map(move |&ext| (ext, id)));
        let shared = Ambiguity::ALL
            .into_iter()
            .flat_map(|a| a.languages().into_iter().map(move |id| (a.extension(), id)));
        own.chain(shared).collect()
    }

    /// `--languages` lists a language's own and shared extensions, and `-t` selects a language
    /// by each of them, unless the extension is a name or alias (`-t h` is C Header alone).
    #[test]
    fn every_extension_is_listed_and_selects_its_languages() {
        let pairs = detected();
        assert!(pairs.len() > 500, "{}", pairs.len());
        for (ext, id) in pairs {
            match detect_by_name(format!("x.{ext}").as_bytes()) {
                NameMatch::Known(found) => assert_eq!(found, id, ".{ext}"),
                NameMatch::Ambiguous(a) => assert!(a.languages().contains(&id), ".{ext}: {a:?}"),
                other => panic!(".{ext} is {other:?}"),
            }
            let listed = id.language().extensions.contains(&ext) || id.shared_extensions().any(|e| e == ext);
            assert!(listed, ".{ext} is not listed for {}", id.name());
            let selected = LangId::selected_by(ext);
            let alias = by_alias(ext.to_ascii_lowercase().as_bytes());
            assert!(
                selected.contains(&id) || alias.is_some_and(|alias| selected == [alias]),
                "-t {ext} selects {:?}, not {}",
                selected.iter().map(|l| l.name()).collect::<Vec<_>>(),
                id.name()
            );
        }
    }

    #[test]
    fn a_shared_extension_selects_every_language_it_can_be() {
        let named = |word: &str| LangId::selected_by(word).into_iter().map(LangId::name).collect::<Vec<_>>();
        assert_eq!(named("asm"), ["NASM Assembly", "Assembly"]);
        assert_eq!(named("FS"), ["F#", "GLSL", "Forth"]);
        assert_eq!(named("pm"), ["Perl", "Raku"]);
        assert_eq!(named("h"), ["C Header"], "an alias names one language");
        assert_eq!(named("rs"), ["Rust"]);
        assert_eq!(named(".asm"), named("asm"), "an extension written as listed");
        assert_eq!(named(".rs"), ["Rust"]);
        assert!(named("klingon").is_empty());
        let objc = LangId::from_name("Objective-C").unwrap();
        assert_eq!(objc.shared_extensions().collect::<Vec<_>>(), ["h", "m"]);
    }
}
