//! Decides a file's language from its name, and for names that say nothing, from its shebang line
//! or (for an extension several languages share) from its first bytes.

use super::defined::{self, Defined};
use super::heuristics::{ambiguous_extension, Ambiguity};
use super::{by_extension, by_filename, by_interpreter, LangId, FILENAME_PREFIXES};

/// What a file name alone tells about the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum NameMatch {
    Known(LangId),
    /// No extension and no known name: only the first line (a shebang) can tell.
    NeedsShebang,
    /// An extension several languages write (`.h`, `.m`, `.pl`): the file's head tells.
    Ambiguous(Ambiguity),
    /// An extension we do not count: the file is not even opened.
    Unknown,
}

impl NameMatch {
    /// The language of a file with this name whose first bytes are `head` (the first chunk read):
    /// what the name said, else what the shebang or the extension's heuristic says.
    pub fn resolve(self, head: &[u8]) -> Option<LangId> {
        match self {
            NameMatch::Known(id) => Some(id),
            NameMatch::NeedsShebang => detect_by_shebang(head),
            NameMatch::Ambiguous(ambiguity) => ambiguity.resolve(head),
            NameMatch::Unknown => None,
        }
    }
}

/// The language a file's name and, where the name needs it, its first bytes give.
pub fn detect(name: &[u8], head: &[u8]) -> Option<LangId> {
    detect_by_name(name).resolve(head)
}

/// The bytes a prefix of [`FILENAME_PREFIXES`] starts with: a name starting with none of them
/// (nearly every name, the prefixes being capitalised words) is compared with none of them, where
/// comparing each cost ~50 instructions a file.
const PREFIX_STARTS: [bool; 256] = {
    let mut starts = [false; 256];
    let mut i = 0;
    while i < FILENAME_PREFIXES.len() {
        match FILENAME_PREFIXES[i].0.first() {
            Some(&b) => starts[b as usize] = true,
            None => starts = [true; 256],
        }
        i += 1;
    }
    starts
};

/// A run with definitions looks their names up first; the built-in names of a language a
/// definition replaced no longer name it.
#[inline]
pub fn detect_by_name(name: &[u8]) -> NameMatch {
    match defined::table() {
        None => built_in_by_name(name),
        Some(table) => defined_by_name(table, name),
    }
}

fn defined_by_name(table: &Defined, name: &[u8]) -> NameMatch {
    match table.by_name(name) {
        Some(id) => NameMatch::Known(id),
        None => match built_in_by_name(name) {
            NameMatch::Known(id) if table.replaces(id) => NameMatch::Unknown,
            other => other,
        },
    }
}

#[inline]
fn built_in_by_name(name: &[u8]) -> NameMatch {
    if let Some(id) = by_filename(name) {
        return NameMatch::Known(id);
    }
    // A name with a known prefix (`Makefile.`, `Dockerfile.`) is in the prefix's language whatever
    // its extension says: `Makefile.feature` is no Gherkin, `Makefile.inc` no C. The few names that
    // do mean another language (`Makefile.PL`, `Makefile.am`) are whole file names, found above.
    if name.first().is_some_and(|&b| PREFIX_STARTS[usize::from(b)]) {
        if let Some(&(_, id)) = FILENAME_PREFIXES.iter().find(|(p, _)| name.starts_with(p)) {
            return NameMatch::Known(id);
        }
    }
    // A leading dot starts a hidden name, not an extension (".bashrc" has none).
    name.iter()
        .rposition(|&b| b == b'.')
        .filter(|&dot| dot > 0)
        .map_or(NameMatch::NeedsShebang, |dot| extension(&name[dot + 1..]))
}

/// The table first; only an extension it does not know is looked up among the ambiguous ones.
fn extension(ext: &[u8]) -> NameMatch {
    if ext.is_empty() || ext.len() > 32 {
        return NameMatch::Unknown;
    }
    if let Some(id) = by_extension(ext) {
        return NameMatch::Known(id);
    }
    let mut lower = [0u8; 32];
    let lower = &mut lower[..ext.len()];
    lower.copy_from_slice(ext);
    lower.make_ascii_lowercase();
    match (by_extension(lower), ambiguous_extension(lower)) {
        (Some(id), _) => NameMatch::Known(id),
        (None, Some(ambiguity)) => NameMatch::Ambiguous(ambiguity),
        (None, None) => NameMatch::Unknown,
    }
}

/// Reads `#!/usr/bin/env -S python3 -u` or `#!/bin/sh` and maps the interpreter's base name,
/// with trailing version digits dropped (`python3.11` -> `python`), to a language.
pub fn detect_by_shebang(head: &[u8]) -> Option<LangId> {
    let rest = head.strip_prefix(b"#!")?;
    let line = &rest[..memchr::memchr(b'\n', rest).unwrap_or(rest.len())];
    let mut words = line.split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty());
    let mut program = basename(words.next()?);
    if program == b"env" {
        program = basename(words.find(|w| !w.starts_with(b"-"))?);
    }
    interpreter(program).or_else(|| {
        let trimmed = program.trim_ascii_end();
        let end = trimmed.iter().rposition(|b| !(b.is_ascii_digit() || *b == b'.')).map_or(0, |p| p + 1);
        interpreter(&trimmed[..end])
    })
}

/// A definition's interpreters first; a replaced language keeps only its definition's.
fn interpreter(program: &[u8]) -> Option<LangId> {
    match defined::table() {
        None => by_interpreter(program),
        Some(table) => table
            .by_interpreter(program)
            .or_else(|| by_interpreter(program).filter(|&id| !table.replaces(id))),
    }
}

fn basename(path: &[u8]) -> &[u8] {
    path.rsplit(|&b| b == b'/').next().unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> Option<&'static str> {
        match detect_by_name(name.as_bytes()) {
            NameMatch::Known(id) => Some(id.name()),
            _ => None,
        }
    }

    fn resolved(name: &str, head: &str) -> Option<&'static str> {
        detect(name.as_bytes(), head.as_bytes()).map(LangId::name)
    }

    #[test]
    fn ambiguous_extensions_wait_for_the_head_and_the_table_claims_none_of_them() {
        for ext in [
            "h", "m", "pl", "ts", "v", "inc", "asm", "M", "PL", "nr", "sig", "red", "sp", "uc", "pro", "d",
            "pp", "pm", "mm", "gml", "cl", "fs", "r", "R",
        ] {
            let name = format!("x.{ext}");
            assert!(
                matches!(detect_by_name(name.as_bytes()), NameMatch::Ambiguous(_)),
                "{name} is decided by its name alone"
            );
        }
        assert_eq!(resolved("x.inc", "nothing known\n"), None);
        assert_eq!(resolved("x.pl", "#!/usr/bin/env perl\n"), Some("Perl"));
    }

    #[test]
    fn names_extensions_and_prefixes() {
        assert_eq!(named("main.c"), Some("C"));
        assert_eq!(named("LIB.RS"), Some("Rust"));
        // A capital `.C` and `.H` are C++'s, as GCC takes them, before the fall back to lower case.
        assert_eq!(named("x.C"), Some("C++"));
        assert_eq!(named("x.H"), Some("C++ Header"));
        assert_eq!(named("x.CPP"), Some("C++"));
        assert_eq!(named("Makefile"), Some("Makefile"));
        assert_eq!(named("Kconfig.debug"), Some("Kconfig"));
        assert_eq!(named("x.unknownext"), None);
        assert_eq!(detect_by_name(b"README"), NameMatch::NeedsShebang);
        assert_eq!(detect_by_name(b".somerc"), NameMatch::NeedsShebang);
        assert_eq!(named(".bashrc"), Some("Shell"));
        assert_eq!(named(".zshrc"), Some("Shell"));
    }

    /// The first-byte filter lets through just the bytes some prefix starts with.
    #[test]
    fn prefixes_are_compared_only_with_names_starting_as_one_does() {
        for b in 0..=255u8 {
            let starts = FILENAME_PREFIXES.iter().any(|(p, _)| p.first() == Some(&b));
            assert_eq!(PREFIX_STARTS[usize::from(b)], starts, "byte {b}");
        }
        assert!(FILENAME_PREFIXES.len() > 2, "the prefixes this filter is for");
        for (prefix, id) in FILENAME_PREFIXES {
            let name = [prefix, &b".c"[..]].concat();
            assert_eq!(detect_by_name(&name), NameMatch::Known(*id), "{:?}", String::from_utf8_lossy(&name));
        }
    }

    #[test]
    fn shebangs() {
        let name = |h: &[u8]| detect_by_shebang(h).map(|id| id.name());
        assert_eq!(name(b"#!/bin/sh\necho"), Some("Shell"));
        assert_eq!(name(b"#!/usr/bin/env python3\n"), Some("Python"));
        assert_eq!(name(b"#!/usr/bin/env -S python3.11 -u\n"), Some("Python"));
        assert_eq!(name(b"#!/usr/bin/python2.7"), Some("Python"));
        assert_eq!(name(b"# not a shebang"), None);
        assert_eq!(name(b"#!/usr/bin/unknown-thing\n"), None);
    }

    #[test]
    fn names_of_the_wider_table() {
        // Exact names win over extensions and prefixes.
        assert_eq!(named("Dockerfile"), Some("Dockerfile"));
        assert_eq!(named("Dockerfile.dev"), Some("Dockerfile"));
        assert_eq!(named("CMakeLists.txt"), Some("CMake"));
        assert_eq!(named("notes.txt"), Some("Plain Text"));
        assert_eq!(named("Kbuild"), Some("Makefile"));
        assert_eq!(named("Makefile.build"), Some("Makefile"));
        assert_eq!(named("Makefile.inc"), Some("Makefile"));
        assert_eq!(named("Makefile.toml"), Some("TOML"), "cargo-make's file is TOML");
        assert_eq!(named("Makefile.am"), Some("Automake"));
        assert_eq!(named("Makefile.feature"), Some("Makefile"), "the kernel's, not Gherkin");
        assert_eq!(named("Dockerfile.md"), Some("Dockerfile"));
        assert_eq!(named("Dockerfile.dev"), Some("Dockerfile"));
        assert_eq!(resolved("Makefile.PL", "use ExtUtils::MakeMaker;\n"), Some("Perl"));
        assert_eq!(named("GNUmakefile"), Some("Makefile"));
        assert_eq!(named("Gemfile"), Some("Ruby"));
        assert_eq!(named("meson.build"), Some("Meson"));
        // Extensions, including the kernel's.
        assert_eq!(named("app.tsx"), Some("TypeScript"));
        assert_eq!(named("app.jsx"), Some("JavaScript"));
        assert_eq!(named("entry.S"), Some("Assembly"));
        assert_eq!(resolved("boot.asm", "; boot\n"), Some("NASM Assembly"));
        assert_eq!(resolved("list.h", "#define X 1\n"), Some("C Header"));
        assert_eq!(named("vec.hpp"), Some("C++ Header"));
        assert_eq!(named("board.dtsi"), Some("Device Tree"));
        assert_eq!(named("api.cocci"), Some("Coccinelle"));
        assert_eq!(named("parse.y"), Some("Yacc"));
        assert_eq!(named("lex.l"), Some("Lex"));
        assert_eq!(named("vmlinux.lds"), Some("Linker Script"));
        assert_eq!(named("index.rst"), Some("reStructuredText"));
        assert_eq!(resolved("View.m", "@implementation View\n@end\n"), Some("Objective-C"));
        assert_eq!(resolved("Main.PL", "use strict;\n"), Some("Perl"));
        assert_eq!(resolved("f.m", "function y = f(x)\n"), Some("MATLAB"));
        assert_eq!(named("main.tf"), Some("HCL"));
        assert_eq!(resolved("x.fs", "let x = 1\n"), Some("F#"));
        assert_eq!(named("x.hs"), Some("Haskell"));
        assert_eq!(named("x.f"), None, "fixed-form Fortran is left out on purpose");
        assert_eq!(named("app.coffee"), Some("CoffeeScript"));
        assert_eq!(named("PKGBUILD"), Some("PKGBUILD"));
        assert_eq!(named("justfile"), Some("Just"));
        assert_eq!(named("main.bicep"), Some("Bicep"));
        assert_eq!(named("Counter.svelte"), Some("Svelte"));
        assert_eq!(named("x.scss"), Some("SCSS"));
        assert_eq!(named("x.sass"), Some("Sass"));
    }

    #[test]
    fn shebangs_of_the_wider_table() {
        let name = |h: &[u8]| detect_by_shebang(h).map(|id| id.name());
        assert_eq!(name(b"#!/usr/bin/env node\n"), Some("JavaScript"));
        assert_eq!(name(b"#!/usr/bin/ruby -w\n"), Some("Ruby"));
        assert_eq!(name(b"#!/usr/bin/env perl\n"), Some("Perl"));
        assert_eq!(name(b"#!/usr/bin/awk -f\n"), Some("AWK"));
        assert_eq!(name(b"#!/usr/bin/env Rscript\n"), Some("R"));
        assert_eq!(name(b"#!/usr/bin/lua5.4\n"), Some("Lua"));
        assert_eq!(name(b"#!/usr/bin/tclsh8.6\n"), Some("Tcl"));
        assert_eq!(name(b"#!/bin/zsh\n"), Some("Shell"));
        assert_eq!(name(b"#!/usr/bin/env php\n"), Some("PHP"));
        assert_eq!(name(b"#!/usr/bin/make -f\n"), Some("Makefile"));
    }

    #[test]
    fn table_names_are_unique_ignoring_case_and_sorted() {
        let names: Vec<&str> = LangId::all().map(LangId::name).collect();
        assert!(names.len() >= 240, "only {} languages", names.len());
        for id in LangId::all() {
            assert_eq!(LangId::from_name(id.name()), Some(id), "{} is shadowed", id.name());
        }
        for pair in names.windows(2) {
            assert!(
                pair[0].to_ascii_lowercase() < pair[1].to_ascii_lowercase(),
                "languages.toml is ordered by name: {:?} before {:?}",
                pair[0],
                pair[1]
            );
        }
    }
}
