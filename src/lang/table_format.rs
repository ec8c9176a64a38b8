//! The `[[language]]` format, read by `build.rs` (languages.toml, compiled into the static table)
//! and by [`super::defined`] (`--lang-def` files, read at run time). Both include this one file, so
//! the two readings of a field cannot drift. Checks return their message: `build.rs` fails the
//! build with it, the run-time reader hands it back to the caller.

use serde::Deserialize;

/// Longest marker the counter can see across a chunk boundary (see `count::MAX_TOKEN`).
pub const MAX_MARKER: usize = 15;
/// Longest opener whose length is chosen in the source: a tagged delimiter, a heredoc (see
/// `count::WINDOW`). Its fixed parts must leave room for a tag.
const WINDOW: usize = 24;
const TAG: &str = "{tag}";

/// A file of `[[language]]` tables.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub language: Vec<Lang>,
}

/// One `[[language]]`; languages.toml's header says what each field means.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lang {
    pub name: String,
    #[serde(default)]
    pub extensions: Vec<String>,
    #[serde(default)]
    pub filenames: Vec<String>,
    #[serde(default)]
    pub filename_prefixes: Vec<String>,
    #[serde(default)]
    pub interpreters: Vec<String>,
    #[serde(default)]
    pub line_comments: Vec<String>,
    #[serde(default)]
    pub block_comments: Vec<BlockSpec>,
    #[serde(default)]
    pub nested: bool,
    #[serde(default)]
    pub strings: Vec<Quote>,
    #[serde(default)]
    pub splice: bool,
    #[serde(default)]
    pub odd_splice: bool,
    #[serde(default)]
    pub code_escape: Option<String>,
    #[serde(default)]
    pub code_tokens: Vec<String>,
    #[serde(default)]
    pub tag_chars: String,
    #[serde(default)]
    pub heredoc: Option<Heredoc>,
    #[serde(default)]
    pub regex: bool,
    #[serde(default)]
    pub digit_separators: bool,
    #[serde(default)]
    pub comment_strings: bool,
    #[serde(default)]
    pub block_scalars: bool,
    #[serde(default)]
    pub help_text: Vec<String>,
    #[serde(default)]
    pub hashbang: Option<String>,
    #[serde(default)]
    pub quote_likes: Option<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub embed: Option<String>,
    /// scc's branch tokens (`if `, `&& `), counted in code by `--complexity`.
    #[serde(default)]
    pub complexity: Vec<String>,
}

/// `["/*", "*/"]`, or a table when the pair needs more than its two markers.
#[derive(Deserialize)]
#[serde(untagged)]
pub enum BlockSpec {
    Pair(String, String),
    Table(BlockTable),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockTable {
    pub open: String,
    pub close: String,
    #[serde(default)]
    pub line_start: bool,
    #[serde(default)]
    pub alone: bool,
    #[serde(default)]
    pub nested: bool,
}

/// `escape = true` is a backslash, `false` is none, a one-byte string names the byte.
#[derive(Deserialize)]
#[serde(untagged)]
pub enum Escape {
    Flag(bool),
    Byte(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quote {
    pub open: String,
    pub close: String,
    #[serde(default = "backslash")]
    pub escape: Escape,
    #[serde(default)]
    pub multiline: bool,
    #[serde(default)]
    pub doc: bool,
    #[serde(default)]
    pub doubled: bool,
    #[serde(default)]
    pub close_last_of_run: bool,
    #[serde(default)]
    pub char_literal: bool,
    /// `["${", "}"]`: an interpolation's opener and its closing bracket.
    #[serde(default)]
    pub interpolation: Option<(String, String)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Heredoc {
    pub open: String,
    #[serde(default)]
    pub indent: String,
    #[serde(default)]
    pub space: bool,
    #[serde(default)]
    pub quoted_space: bool,
    #[serde(default = "yes")]
    pub backslash: bool,
    #[serde(default)]
    pub lax: bool,
}

fn yes() -> bool {
    true
}

fn backslash() -> Escape {
    Escape::Flag(true)
}

/// A block comment's parts, whichever way it is written: open, close, line start, alone, nested.
pub struct BlockParts<'a> {
    pub open: &'a str,
    pub close: &'a str,
    pub line_start: bool,
    pub alone: bool,
    pub nested: bool,
}

impl Lang {
    /// A block comment nests where its language's `nested` or its own `nested` says so.
    pub fn block_parts<'a>(&self, b: &'a BlockSpec) -> BlockParts<'a> {
        match b {
            BlockSpec::Pair(open, close) => {
                BlockParts { open, close, line_start: false, alone: false, nested: self.nested }
            }
            BlockSpec::Table(t) => BlockParts {
                open: &t.open,
                close: &t.close,
                line_start: t.line_start,
                alone: t.alone,
                nested: self.nested || t.nested,
            },
        }
    }
}

/// Markers with `{tag}` cut out, and where it sat (in the opener, in the closer).
pub struct Tagged {
    pub open: Vec<u8>,
    pub close: Vec<u8>,
    pub tag: Option<(u8, u8)>,
}

pub fn one_byte(lang: &str, field: &str, s: &str) -> Result<u8, String> {
    match s.as_bytes() {
        &[b] => Ok(b),
        _ => Err(format!("{lang}: {field} {s:?} must be one byte")),
    }
}

pub fn escape_byte(lang: &str, e: &Escape) -> Result<Option<u8>, String> {
    match e {
        Escape::Flag(true) => Ok(Some(b'\\')),
        Escape::Flag(false) => Ok(None),
        Escape::Byte(s) => one_byte(lang, "strings: escape", s).map(Some),
    }
}

/// A language's `complexity` tokens: each non-empty, without a newline (a token is found where it
/// starts, inside one line of code) and listed once.
pub fn branch_tokens<'a>(lang: &str, tokens: &'a [String]) -> Result<Vec<&'a [u8]>, String> {
    for (k, t) in tokens.iter().enumerate() {
        if t.is_empty() || t.contains('\n') {
            return Err(format!("{lang}: complexity token {t:?} is empty or holds a newline"));
        }
        if tokens[..k].contains(t) {
            return Err(format!("{lang}: complexity token {t:?} is listed twice"));
        }
    }
    Ok(tokens.iter().map(|t| t.as_bytes()).collect())
}

pub fn marker<'a>(lang: &str, field: &str, m: &'a str) -> Result<&'a [u8], String> {
    match !m.is_empty() && m.len() <= MAX_MARKER {
        true => Ok(m.as_bytes()),
        false => Err(format!("{lang}: {field}: marker {m:?} must be 1..={MAX_MARKER} bytes")),
    }
}

/// Splits `{tag}` out of a pair of delimiters: the markers without it, and where it sat.
pub fn tagged(lang: &str, field: &str, open: &str, close: &str, tag_chars: &[u8]) -> Result<Tagged, String> {
    let (o, c) = (open.find(TAG), close.find(TAG));
    let (so, sc) = (open.replacen(TAG, "", 1), close.replacen(TAG, "", 1));
    let fail = |why: &str| Err(format!("{lang}: {field}: {open:?}/{close:?}: {why}"));
    let tag = match (o, c) {
        (None, None) => None,
        (Some(o), Some(c)) => {
            if o == 0 || c == 0 {
                return fail("a tag cannot lead");
            }
            if tag_chars.is_empty() {
                return fail("a tagged delimiter needs tag_chars");
            }
            if so.len() >= WINDOW || sc.len() > so.len() {
                return fail("the closer may not be longer than the opener");
            }
            let next_is_tag =
                |m: &str, at: usize| m.as_bytes().get(at).is_some_and(|b| tag_chars.contains(b));
            if next_is_tag(&so, o) || next_is_tag(&sc, c) {
                return fail("the byte after the tag is a tag byte");
            }
            Some((o as u8, c as u8))
        }
        _ => return fail("the tag must be in both or neither"),
    };
    let open = marker(lang, field, &so)?.to_vec();
    let close = marker(lang, field, &sc)?.to_vec();
    Ok(Tagged { open, close, tag })
}

/// `A-Za-z0-9_` style sets: ranges between two alphanumerics are expanded, anything else is literal.
pub fn byte_set(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if i + 2 < b.len()
            && b[i + 1] == b'-'
            && b[i].is_ascii_alphanumeric()
            && b[i + 2].is_ascii_alphanumeric()
        {
            out.extend(b[i]..=b[i + 2]);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// An interpolation's opener and the bracket that closes it, which must pair up with the opener's
/// last byte so its depth can be counted.
pub fn interpolation<'a>(
    lang: &str,
    h: &'a Option<(String, String)>,
) -> Result<Option<(&'a [u8], u8)>, String> {
    let Some((open, close)) = h else { return Ok(None) };
    let pair = (open.as_bytes().last().copied(), close.as_bytes());
    match matches!(pair, (Some(b'{'), b"}") | (Some(b'('), b")") | (Some(b'['), b"]")) {
        true => Ok(Some((marker(lang, "strings: interpolation", open)?, close.as_bytes()[0]))),
        false => Err(format!(
            "{lang}: strings: interpolation {open:?} {close:?} must end in a bracket its closer matches"
        )),
    }
}

/// `doubled` and `close_last_of_run` say opposite things about a run of closers.
pub fn one_reading_of_a_run(lang: &str, q: &Quote) -> Result<(), String> {
    match q.doubled && q.close_last_of_run {
        true => {
            Err(format!("{lang}: strings: {:?}: doubled and close_last_of_run exclude each other", q.open))
        }
        false => Ok(()),
    }
}

/// The spellings a `hashbang` takes, in the order of `choice`'s values.
pub const HASHBANGS: [&str; 2] = ["line", "unless-attribute"];
/// The spellings a `quote_likes` takes.
pub const QUOTE_LIKES: [&str; 2] = ["perl", "ruby"];
/// The spellings an `embed` takes.
pub const EMBEDS: [&str; 3] = ["html", "php", "markdown"];

/// The value a field spelt as one of `spellings` stands for; `none` where the field is absent.
pub fn choice<T: Copy, const N: usize>(
    lang: &str,
    field: &str,
    value: Option<&str>,
    none: T,
    (spellings, values): ([&str; N], [T; N]),
) -> Result<T, String> {
    let Some(value) = value else { return Ok(none) };
    match spellings.iter().position(|&s| s == value) {
        Some(at) => Ok(values[at]),
        None => Err(format!("{lang}: {field} {value:?} is not one of {}", spellings.join(", "))),
    }
}
