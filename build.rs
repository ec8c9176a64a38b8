//! Compiles `languages.toml` into static tables, so detection is a `match` and the counter never
//! parses data at run time. Mistakes in the table (duplicate extensions, empty or over-long markers)
//! fail the build instead of miscounting silently.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::{env, fs, path::Path};

use serde::Deserialize;

/// Longest marker the counter can see across a chunk boundary (see `count::MAX_TOKEN`).
const MAX_MARKER: usize = 15;
/// Longest opener whose length is chosen in the source: a tagged delimiter, a heredoc (see
/// `count::WINDOW`). Its fixed parts must leave room for a tag.
const WINDOW: usize = 24;
const TAG: &str = "{tag}";

#[derive(Deserialize)]
struct Table {
    language: Vec<Lang>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Lang {
    name: String,
    #[serde(default)]
    extensions: Vec<String>,
    #[serde(default)]
    filenames: Vec<String>,
    #[serde(default)]
    filename_prefixes: Vec<String>,
    #[serde(default)]
    interpreters: Vec<String>,
    #[serde(default)]
    line_comments: Vec<String>,
    #[serde(default)]
    block_comments: Vec<BlockSpec>,
    #[serde(default)]
    nested: bool,
    #[serde(default)]
    strings: Vec<Quote>,
    #[serde(default)]
    splice: bool,
    #[serde(default)]
    odd_splice: bool,
    #[serde(default)]
    code_escape: Option<String>,
    #[serde(default)]
    code_tokens: Vec<String>,
    #[serde(default)]
    tag_chars: String,
    #[serde(default)]
    heredoc: Option<Heredoc>,
    #[serde(default)]
    regex: bool,
    #[serde(default)]
    digit_separators: bool,
    #[serde(default)]
    comment_strings: bool,
    #[serde(default)]
    block_scalars: bool,
    #[serde(default)]
    help_text: Vec<String>,
    #[serde(default)]
    hashbang: Option<String>,
    #[serde(default)]
    quote_likes: Option<String>,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    embed: Option<String>,
    #[serde(default)]
    complexity: Vec<String>,
}

/// `["/*", "*/"]`, or a table when the pair needs more than its two markers.
#[derive(Deserialize)]
#[serde(untagged)]
enum BlockSpec {
    Pair(String, String),
    Table(BlockTable),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BlockTable {
    open: String,
    close: String,
    #[serde(default)]
    line_start: bool,
    #[serde(default)]
    alone: bool,
    #[serde(default)]
    nested: bool,
}

/// `escape = true` is a backslash, `false` is none, a one-byte string names the byte.
#[derive(Deserialize)]
#[serde(untagged)]
enum Escape {
    Flag(bool),
    Byte(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Quote {
    open: String,
    close: String,
    #[serde(default = "backslash")]
    escape: Escape,
    #[serde(default)]
    multiline: bool,
    #[serde(default)]
    doc: bool,
    #[serde(default)]
    doubled: bool,
    #[serde(default)]
    close_last_of_run: bool,
    #[serde(default)]
    char_literal: bool,
    /// `["${", "}"]`: an interpolation's opener and its closing bracket.
    #[serde(default)]
    interpolation: Option<(String, String)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Heredoc {
    open: String,
    #[serde(default)]
    indent: String,
    #[serde(default)]
    space: bool,
    #[serde(default)]
    quoted_space: bool,
    #[serde(default = "yes")]
    backslash: bool,
    #[serde(default)]
    lax: bool,
}

fn yes() -> bool {
    true
}

fn backslash() -> Escape {
    Escape::Flag(true)
}

fn one_byte(lang: &str, what: &str, s: &str) -> u8 {
    assert!(s.len() == 1, "languages.toml: {lang}: {what} {s:?} must be one byte");
    s.as_bytes()[0]
}

fn escape_byte(lang: &str, e: &Escape) -> Option<u8> {
    match e {
        Escape::Flag(true) => Some(b'\\'),
        Escape::Flag(false) => None,
        Escape::Byte(s) => Some(one_byte(lang, "escape", s)),
    }
}

fn marker(lang: &str, m: &str) -> String {
    assert!(
        !m.is_empty() && m.len() <= MAX_MARKER,
        "languages.toml: {lang}: marker {m:?} must be 1..={MAX_MARKER} bytes"
    );
    bytes_lit(m.as_bytes())
}

/// Splits `{tag}` out of a pair of delimiters: the markers without it, and where it sat.
fn tagged(lang: &str, open: &str, close: &str, tag_chars: &[u8]) -> (String, String, String) {
    let (o, c) = (open.find(TAG), close.find(TAG));
    let strip = |s: &str| s.replacen(TAG, "", 1);
    let (so, sc) = (strip(open), strip(close));
    let tag = match (o, c) {
        (None, None) => "None".to_string(),
        (Some(o), Some(c)) => {
            assert!(o > 0 && c > 0, "languages.toml: {lang}: {open:?}/{close:?}: a tag cannot lead");
            assert!(!tag_chars.is_empty(), "languages.toml: {lang}: a tagged delimiter needs tag_chars");
            assert!(
                so.len() < WINDOW && sc.len() <= so.len(),
                "languages.toml: {lang}: {open:?}/{close:?}: the closer may not be longer than the opener"
            );
            for (m, at) in [(&so, o), (&sc, c)] {
                if let Some(b) = m.as_bytes().get(at) {
                    assert!(
                        !tag_chars.contains(b),
                        "languages.toml: {lang}: {m:?}: the byte after the tag is a tag byte"
                    );
                }
            }
            format!("Some(TagAt {{ open: {o}, close: {c} }})")
        }
        _ => panic!("languages.toml: {lang}: {open:?}/{close:?}: the tag must be in both or neither"),
    };
    (marker(lang, &so), marker(lang, &sc), tag)
}

/// `A-Za-z0-9_` style sets: ranges between two alphanumerics are expanded, anything else is literal.
fn byte_set(s: &str) -> Vec<u8> {
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

/// An interpolation's brackets must pair up, so its depth can be counted.
fn interpolation(lang: &str, h: &Option<(String, String)>) -> String {
    let Some((open, close)) = h else { return "None".to_string() };
    let pair = (open.as_bytes().last().copied(), close.as_bytes());
    assert!(
        matches!(pair, (Some(b'{'), b"}") | (Some(b'('), b")") | (Some(b'['), b"]")),
        "languages.toml: {lang}: interpolation {open:?} {close:?} must end in a bracket its closer matches"
    );
    format!("Some(Interpolation {{ open: {}, close: {:?} }})", marker(lang, open), close.as_bytes()[0])
}

/// A byte string literal; bytes outside printable ASCII (APL's `⍝`) are written as `\xNN`.
fn bytes_lit(b: &[u8]) -> String {
    let mut lit = String::from("b\"");
    for &c in b {
        match c {
            b'"' | b'\\' => {
                lit.push('\\');
                lit.push(char::from(c));
            }
            0x20..=0x7e => lit.push(char::from(c)),
            _ => write!(lit, "\\x{c:02x}").unwrap(),
        }
    }
    lit.push('"');
    lit
}

fn lookup_fn(out: &mut String, name: &str, map: &BTreeMap<String, usize>) {
    writeln!(out, "pub(crate) fn {name}(key: &[u8]) -> Option<LangId> {{").unwrap();
    writeln!(out, "    Some(LangId(match key {{").unwrap();
    for (k, id) in map {
        writeln!(out, "        {} => {id},", bytes_lit(k.as_bytes())).unwrap();
    }
    writeln!(out, "        _ => return None,\n    }}))\n}}").unwrap();
}

fn insert_unique(map: &mut BTreeMap<String, usize>, what: &str, key: &str, id: usize, names: &[String]) {
    if let Some(prev) = map.insert(key.to_string(), id) {
        panic!("languages.toml: {what} {key:?} claimed by both {} and {}", names[prev], names[id]);
    }
}

/// `-t` and a page's names look a word up among the aliases first: an alias that is another
/// language's extension would hide that language's files from `-t EXT`.
fn aliases_name_no_other_extension(
    aliases: &BTreeMap<String, usize>,
    exts: &BTreeMap<String, usize>,
    names: &[String],
) {
    for (alias, &id) in aliases {
        if let Some(&other) = exts.get(alias).filter(|&&other| other != id) {
            panic!("languages.toml: alias {alias:?} of {} is an extension of {}", names[id], names[other]);
        }
    }
}

/// A language's `complexity` tokens as byte literals: each non-empty, without a newline (a token
/// is found where it starts, inside one line of code) and listed once.
fn branch_tokens(lang: &str, tokens: &[String]) -> String {
    for (k, t) in tokens.iter().enumerate() {
        assert!(
            !t.is_empty() && !t.contains('\n'),
            "languages.toml: {lang}: complexity token {t:?} is empty or holds a newline"
        );
        assert!(!tokens[..k].contains(t), "languages.toml: {lang}: complexity token {t:?} is listed twice");
    }
    tokens.iter().map(|t| bytes_lit(t.as_bytes())).collect::<Vec<_>>().join(", ")
}

fn language_entry(l: &Lang) -> String {
    let n = &l.name;
    let tag_chars = byte_set(&l.tag_chars);
    let lines: Vec<_> = l.line_comments.iter().map(|m| marker(n, m)).collect();
    let blocks: Vec<_> = l
        .block_comments
        .iter()
        .map(|b| {
            let (open, close, line_start, alone, nested) = match b {
                BlockSpec::Pair(o, c) => (o, c, false, false, l.nested),
                BlockSpec::Table(t) => (&t.open, &t.close, t.line_start, t.alone, l.nested || t.nested),
            };
            let (o, c, tag) = tagged(n, open, close, &tag_chars);
            format!(
                "Block {{ open: {o}, close: {c}, line_start: {line_start}, alone: {alone}, nested: {nested}, \
                 tag: {tag} }}"
            )
        })
        .collect();
    let quotes: Vec<_> = l
        .strings
        .iter()
        .map(|q| {
            let (o, c, tag) = tagged(n, &q.open, &q.close, &tag_chars);
            assert!(
                !(q.doubled && q.close_last_of_run),
                "languages.toml: {n}: {:?}: doubled and close_last_of_run exclude each other",
                q.open
            );
            format!(
                "Quote {{ open: {o}, close: {c}, escape: {:?}, multiline: {}, doc: {}, doubled: {}, \
                 close_last_of_run: {}, char_literal: {}, tag: {tag}, interpolation: {} }}",
                escape_byte(n, &q.escape),
                q.multiline,
                q.doc,
                q.doubled,
                q.close_last_of_run,
                q.char_literal,
                interpolation(n, &q.interpolation),
            )
        })
        .collect();
    let code_tokens: Vec<_> = l.code_tokens.iter().map(|m| marker(n, m)).collect();
    let help_text: Vec<_> = l.help_text.iter().map(|m| marker(n, m)).collect();
    let heredoc = match &l.heredoc {
        None => "None".to_string(),
        Some(h) => format!(
            "Some(Heredoc {{ open: {}, indent_flags: {}, space: {}, quoted_space: {}, backslash: {}, lax: {} }})",
            marker(n, &h.open),
            bytes_lit(h.indent.as_bytes()),
            h.space,
            h.quoted_space,
            h.backslash,
            h.lax
        ),
    };
    let code_escape = l.code_escape.as_deref().map(|e| one_byte(n, "code_escape", e));
    let embed = match l.embed.as_deref() {
        None => "None",
        Some("html") => "Html",
        Some("php") => "Php",
        Some("markdown") => "Markdown",
        Some(other) => panic!("languages.toml: {n}: embed {other:?} is not html, php or markdown"),
    };
    let hashbang = match l.hashbang.as_deref() {
        None => "None",
        Some("line") => "Line",
        Some("unless-attribute") => "UnlessAttribute",
        Some(other) => panic!("languages.toml: {n}: hashbang {other:?} is not line or unless-attribute"),
    };
    let quote_likes = match l.quote_likes.as_deref() {
        None => "None",
        Some("perl") => "Perl",
        Some("ruby") => "Ruby",
        Some(other) => panic!("languages.toml: {n}: quote_likes {other:?} is not perl or ruby"),
    };
    let complexity = branch_tokens(n, &l.complexity);
    format!(
        "    Language {{ name: {n:?}, extensions: &{:?}, filenames: &{:?}, filename_prefixes: &{:?}, complexity: &[{complexity}], syntax: Syntax {{ line_comments: &[{}], block_comments: &[{}], nested: {}, \
         quotes: &[{}], splice: {}, odd_splice: {}, code_escape: {code_escape:?}, code_tokens: &[{}], tag_chars: {}, \
         heredoc: {heredoc}, regex: {}, digit_separators: {}, comment_strings: {}, block_scalars: {}, help_text: &[{}], hashbang: Hashbang::{hashbang}, quote_likes: QuoteLikes::{quote_likes}, \
         embed: Embed::{embed} }} }},\n",
        l.extensions,
        l.filenames,
        l.filename_prefixes,
        lines.join(", "),
        blocks.join(", "),
        l.nested,
        quotes.join(", "),
        l.splice,
        l.odd_splice,
        code_tokens.join(", "),
        bytes_lit(&tag_chars),
        l.regex,
        l.digit_separators,
        l.comment_strings,
        l.block_scalars,
        help_text.join(", "),
    )
}

fn main() {
    println!("cargo:rerun-if-changed=languages.toml");
    println!("cargo:rerun-if-changed=build.rs");
    let text = fs::read_to_string("languages.toml").expect("read languages.toml");
    let table: Table = toml::from_str(&text).expect("parse languages.toml");
    let names: Vec<String> = table.language.iter().map(|l| l.name.clone()).collect();

    let mut out = String::from("pub static LANGUAGES: &[Language] = &[\n");
    let (mut exts, mut files, mut interps) = (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
    let mut seen = BTreeMap::new();
    let mut aliases = BTreeMap::new();
    let mut prefixes = Vec::new();
    for (id, l) in table.language.iter().enumerate() {
        insert_unique(&mut seen, "name", &l.name, id, &names);
        out.push_str(&language_entry(l));
        for e in &l.extensions {
            insert_unique(&mut exts, "extension", e, id, &names);
        }
        for f in &l.filenames {
            insert_unique(&mut files, "file name", f, id, &names);
        }
        for i in &l.interpreters {
            insert_unique(&mut interps, "interpreter", i, id, &names);
        }
        // The lower-cased name is an alias too; a language may repeat it, another may not take it.
        for a in l.aliases.iter().cloned().chain([l.name.to_ascii_lowercase()]) {
            assert!(
                a == a.to_ascii_lowercase(),
                "languages.toml: {}: alias {a:?} must be lower case",
                l.name
            );
            if aliases.get(&a) != Some(&id) {
                insert_unique(&mut aliases, "alias", &a, id, &names);
            }
        }
        prefixes.extend(
            l.filename_prefixes.iter().map(|p| format!("({}, LangId({id}))", bytes_lit(p.as_bytes()))),
        );
    }
    out.push_str("];\n");
    aliases_name_no_other_extension(&aliases, &exts, &names);
    lookup_fn(&mut out, "by_extension", &exts);
    lookup_fn(&mut out, "by_filename", &files);
    lookup_fn(&mut out, "by_interpreter", &interps);
    lookup_fn(&mut out, "by_alias", &aliases);
    writeln!(out, "pub(crate) const FILENAME_PREFIXES: &[(&[u8], LangId)] = &[{}];", prefixes.join(", "))
        .unwrap();
    let out_dir = env::var("OUT_DIR").unwrap();
    fs::write(Path::new(&out_dir).join("languages.rs"), out).expect("write languages.rs");
    let fingerprint = format!("pub const SOURCE_FINGERPRINT: u64 = {:#x};\n", source_fingerprint());
    fs::write(Path::new(&out_dir).join("fingerprint.rs"), fingerprint).expect("write fingerprint.rs");
}

/// A hash of everything a count depends on: the language table and every source file. Kept counts
/// (`history --cache`) carry it, so a build that could count differently never reuses them, even
/// before the version number moves.
fn source_fingerprint() -> u64 {
    println!("cargo:rerun-if-changed=src");
    let mut files = vec![Path::new("languages.toml").to_path_buf()];
    let mut dirs = vec![Path::new("src").to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("read src") {
            let path = entry.expect("read src").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut hasher = std::hash::DefaultHasher::new();
    for file in files {
        file.hash(&mut hasher);
        fs::read(&file).expect("read a source file").hash(&mut hasher);
    }
    hasher.finish()
}
