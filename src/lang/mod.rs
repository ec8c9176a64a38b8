//! The language table (compiled from `languages.toml` by `build.rs`) and file-to-language detection.

mod defined;
mod detect;
mod embedded;
mod heuristics;
mod named;
mod table_format;

pub(crate) use defined::in_use;
pub use defined::{define, definitions, DefinitionError, Definitions};
pub use detect::{detect, detect_by_name, detect_by_shebang, NameMatch};
pub(crate) use embedded::{fence_language, page_language, plain_text, script_language, style_language};
pub use heuristics::Ambiguity;

/// The UTF-8 byte-order mark, which editors on Windows put at the start of a text file: the
/// counter, ignore files, language heuristics and `merge`'s reports all skip it.
pub const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Where a delimiter's variable part sits: Lua's `[==[`, Rust's `r##"`, C++'s `R"xy(`. The tag is
/// chosen where the opener is written (any run of the language's `tag_chars`, possibly empty) and
/// the closer must repeat it exactly, so no fixed list of markers can say what ends the span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagAt {
    /// Byte offset in `open` where the tag is spliced in (`[{tag}[` is 1).
    pub open: u8,
    /// Byte offset in `close` where the same tag is spliced in (`]{tag}]` is 1, `"{tag}` is 1).
    pub close: u8,
}

/// One way a language writes a string literal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quote {
    pub open: &'static [u8],
    pub close: &'static [u8],
    /// The byte that escapes the one after it (a backslash, PowerShell's backtick), so `"\""` stays one
    /// string; `None` where nothing escapes (raw, verbatim and SQL strings).
    pub escape: Option<u8>,
    /// Without it a newline ends the string: an unterminated literal cannot swallow the file.
    pub multiline: bool,
    /// Opening a line that holds nothing but whitespace before it makes it documentation, counted
    /// as comments (Python docstrings).
    pub doc: bool,
    /// The closer written twice is one quote of the text (C# verbatim `""`), not an end and a start.
    pub doubled: bool,
    /// In a run of the closer's last byte, the string ends at the last `close` of the run (Kotlin:
    /// `"""a""""` is the text `a"`).
    pub close_last_of_run: bool,
    /// A character literal (Rust's `'"'`): the quote opens only when one character or one escape
    /// and the closing quote follow; otherwise it is code (a lifetime, a label, a prime).
    pub char_literal: bool,
    pub tag: Option<TagAt>,
    /// Code inside the string, between `open` and a matching close bracket: C#'s `$"{x}"`, a
    /// JavaScript template's `${x}`. A quote in there opens a string of its own, not the end.
    pub interpolation: Option<Interpolation>,
}

/// An interpolation. Its brackets are the last byte of `open` and `close`, counted inside so
/// that `${ {a: 1} }` ends at the second `}`. A one-byte opener written twice (`{{`) is text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interpolation {
    pub open: &'static [u8],
    pub close: u8,
}

/// One pair of block-comment markers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    pub open: &'static [u8],
    pub close: &'static [u8],
    /// Both markers count only at the very start of a line (Perl's POD, Ruby's `=begin`/`=end`).
    pub line_start: bool,
    /// Both markers count only alone on their line, blanks aside (MATLAB's `%{` and `%}`).
    pub alone: bool,
    /// The comment nests in its own opener: every block comment of Rust, only `/+ +/` of D's.
    pub nested: bool,
    pub tag: Option<TagAt>,
}

/// A heredoc opener: `open`, an optional flag byte, then a word; the body starts on the next line
/// and ends at a line holding only that word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Heredoc {
    pub open: &'static [u8],
    /// Bytes that may follow `open` and let the closing word be indented (`-`, Ruby's `~`).
    pub indent_flags: &'static [u8],
    /// Blanks may separate the opener from its word (`cat << EOF` in the shell).
    pub space: bool,
    /// Blanks may separate the opener from a quoted word only (Perl's `print << "EOF"`; Ruby's
    /// `s << "x"` appends).
    pub quoted_space: bool,
    /// `<<\WORD` opens a heredoc (Perl, the shell); Ruby has no such form, and reads `<<\s` in a
    /// regex it took for a division as no heredoc.
    pub backslash: bool,
    /// PHP's heredocs: the word may be any identifier (lower case too: `<<<` means nothing else),
    /// and the closing word may be indented and followed by any byte but a word's (`EOT;`, `EOT)`).
    pub lax: bool,
}

/// The comment and string syntax the counter's state machine runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Syntax {
    pub line_comments: &'static [&'static [u8]],
    pub block_comments: &'static [Block],
    pub nested: bool,
    pub quotes: &'static [Quote],
    /// A backslash ending a line comment continues it on the next line (C's line splice).
    pub splice: bool,
    /// With `splice`, only an odd run of backslashes before the newline splices (make's rule: `\\`
    /// is an escaped backslash; `count::syntax::markers::Backslashes`).
    pub odd_splice: bool,
    /// The byte that, outside strings and comments, makes the next byte plain code: the shell's
    /// `\'`, Clojure's character `\"`, PowerShell's backtick.
    pub code_escape: Option<u8>,
    /// Markers that are code and hide what they spell: C3's vector bracket `[<` before `*>]`.
    pub code_tokens: &'static [&'static [u8]],
    /// Bytes a delimiter tag may be made of (see [`TagAt`]).
    pub tag_chars: &'static [u8],
    pub heredoc: Option<Heredoc>,
    /// A `/` where an operand is expected opens a regular expression literal (JavaScript).
    pub regex: bool,
    /// A `'` inside a number is a digit separator, not a character literal's quote (C++14, C23:
    /// `1'000'000`, `0xFFFF'FFFF`; `count::syntax::markers::NumberRun`).
    pub digit_separators: bool,
    /// Inside a block comment, the language's strings are strings (OCaml's lexer reads them
    /// there): a closer inside one closes nothing, and `'"'` is a character
    /// (`count::syntax::markers::comment_string_at`).
    pub comment_strings: bool,
    /// YAML's block scalars: `|` or `>` after `key:` or `-` ends its line, and the lines indented
    /// under it are the string's content (`count::syntax::markers::block_scalar_opens`).
    pub block_scalars: bool,
    /// Kconfig's help keywords: alone on their line, they open help text, read verbatim while it
    /// is indented as its first line (`count::syntax::markers::help_text_opens`).
    pub help_text: &'static [&'static [u8]],
    /// A `#!` line opening the file is a comment (`count::syntax::markers::hashbang_opens`).
    pub hashbang: Hashbang,
    /// Quote-like operators whose delimiter the source chooses (Perl's `q{}`, Ruby's `%w[]`).
    pub quote_likes: QuoteLikes,
    /// Which stretches of other languages the file may hold (see `count::embed`).
    pub embed: Embed,
}

/// Whether a `#!` at the very start of a file (after a byte-order mark) comments out its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hashbang {
    None,
    /// Always: ECMAScript's HashbangComment (`#!/usr/bin/env node`), Groovy's.
    Line,
    /// Unless the next token after it, blanks and comments other than doc comments aside, is `[`:
    /// rustc's rule, where `#![allow(x)]` is an inner attribute.
    UnlessAttribute,
}

/// The family of quote-like operators a language has (`count::syntax::quote_like`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuoteLikes {
    None,
    /// `q qq qw qx qr m` with one body, `s tr y` with two: `q{a {b} c}`, `s#a#b#`, `tr/a-z/A-Z/`.
    Perl,
    /// `%` with an optional type letter (`%w[a b]`, `%Q{...}`, `%r(...)`, `%(...)`), and the
    /// character literals `?'` and `?"`.
    Ruby,
}

/// How a file holds stretches of other languages, each counted with its own syntax.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Embed {
    None,
    /// `<script>` and `<style>` elements, in the language their `type` or `lang` names.
    Html,
    /// The page around `<?php ?>` blocks, which is HTML.
    Php,
    /// Fenced code blocks, in the language their info string names.
    Markdown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Language {
    pub name: &'static str,
    /// As written in `languages.toml`, for `ringloc --languages`; detection uses generated matches.
    pub extensions: &'static [&'static str],
    pub filenames: &'static [&'static str],
    /// Beginnings of file names (`Kconfig`, `Dockerfile.`), for `ringloc --languages` too.
    pub filename_prefixes: &'static [&'static str],
    /// The branch tokens `--complexity` counts where they start in code (scc's
    /// "complexitychecks"); empty for a language without them, whose complexity is 0.
    pub complexity: &'static [&'static [u8]],
    pub syntax: Syntax,
}

/// Index into [`LANGUAGES`], or past it into the languages [`define`] added; small and `Copy` so
/// per-file records stay cheap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "u16")]
pub struct LangId(pub u16);

/// An index read back from a kept file (`history --cache`) must name a language of this table.
impl TryFrom<u16> for LangId {
    type Error = String;

    fn try_from(index: u16) -> Result<LangId, String> {
        match usize::from(index) < LangId::all().len() {
            true => Ok(LangId(index)),
            false => Err(format!("no language {index} in the table")),
        }
    }
}

impl LangId {
    /// On every file's path: without definitions, a plain index behind one predicted branch.
    #[inline]
    pub fn language(self) -> &'static Language {
        match defined::table() {
            None => &LANGUAGES[usize::from(self.0)],
            Some(table) => table.language(self),
        }
    }

    pub fn name(self) -> &'static str {
        self.language().name
    }

    /// Looks a language up by its display name, ignoring ASCII case.
    pub fn from_name(name: &str) -> Option<LangId> {
        let same = |l: &&Language| l.name.eq_ignore_ascii_case(name);
        let at = match defined::table() {
            None => LANGUAGES.iter().position(|l| same(&l)),
            Some(_) => LangId::all().map(|id| id.language()).position(|l| same(&l)),
        };
        at.map(|i| LangId(i as u16))
    }

    /// A language as people name it on a command line: its display name, an alias (`py`, `cpp`,
    /// `sh`) or an extension (`rs`, `md`), in any case, as ripgrep's `-t` takes them.
    pub fn from_any_name(name: &str) -> Option<LangId> {
        LangId::from_name(name).or_else(|| embedded::named_in_source(name.as_bytes()))
    }

    /// The language whose display name is closest to a name nobody knows, for "did you mean";
    /// `None` when none is close enough to be a likely typo.
    pub fn closest_to(name: &str) -> Option<LangId> {
        let name = name.to_lowercase();
        LangId::all()
            .map(|id| (strsim::jaro_winkler(&name, &id.name().to_lowercase()), id))
            .filter(|&(score, _)| score > 0.85)
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, id)| id)
    }

    /// Whether a selection of languages (`-t`, `--exclude-lang`: sorted, and empty for every
    /// language) takes this one. The walk asks it of a name's language, the readers of a head's.
    pub fn in_selection(self, sorted: &[LangId]) -> bool {
        sorted.is_empty() || sorted.binary_search(&self).is_ok()
    }

    pub fn all() -> impl ExactSizeIterator<Item = LangId> {
        let len = defined::table().map_or(LANGUAGES.len(), defined::Defined::len);
        (0..len).map(|i| LangId(i as u16))
    }
}

include!(concat!(env!("OUT_DIR"), "/languages.rs"));
