//! The language table (compiled from `languages.toml` by `build.rs`) and file-to-language detection.

mod detect;

pub use detect::{detect_by_name, detect_by_shebang, NameMatch};

/// One way a language writes a string literal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quote {
    pub open: &'static [u8],
    pub close: &'static [u8],
    /// A backslash escapes the byte after it, so `"\""` stays one string.
    pub escape: bool,
    /// Without it a newline ends the string: an unterminated literal cannot swallow the file.
    pub multiline: bool,
    /// Opening a line that holds no code yet makes it documentation, counted as comments.
    pub doc: bool,
}

/// The comment and string syntax the counter's state machine runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Syntax {
    pub line_comments: &'static [&'static [u8]],
    pub block_comments: &'static [(&'static [u8], &'static [u8])],
    pub nested: bool,
    pub quotes: &'static [Quote],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Language {
    pub name: &'static str,
    pub syntax: Syntax,
}

/// Index into [`LANGUAGES`]; small and `Copy` so per-file records stay cheap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LangId(pub u16);

impl LangId {
    pub fn language(self) -> &'static Language {
        &LANGUAGES[usize::from(self.0)]
    }

    pub fn name(self) -> &'static str {
        self.language().name
    }

    /// Looks a language up by its display name, ignoring ASCII case.
    pub fn from_name(name: &str) -> Option<LangId> {
        LANGUAGES.iter().position(|l| l.name.eq_ignore_ascii_case(name)).map(|i| LangId(i as u16))
    }

    pub fn all() -> impl Iterator<Item = LangId> {
        (0..LANGUAGES.len()).map(|i| LangId(i as u16))
    }
}

include!(concat!(env!("OUT_DIR"), "/languages.rs"));
