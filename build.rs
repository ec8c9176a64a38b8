//! Compiles `languages.toml` into static tables, so detection is a `match` and the counter never
//! parses data at run time. Mistakes in the table (duplicate extensions, empty or over-long markers)
//! fail the build instead of miscounting silently.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::{env, fs, path::Path};

#[path = "src/lang/table_format.rs"]
mod table_format;

use table_format::{Lang, Table, EMBEDS, HASHBANGS, QUOTE_LIKES};

/// A check of the shared reading failed: the build stops with its message.
fn checked<T>(r: Result<T, String>) -> T {
    r.unwrap_or_else(|e| panic!("languages.toml: {e}"))
}

fn marker(lang: &str, field: &str, m: &str) -> String {
    bytes_lit(checked(table_format::marker(lang, field, m)))
}

/// The markers of a pair, `{tag}` split out, as Rust: open, close, `Option<TagAt>`.
fn tagged(lang: &str, field: &str, open: &str, close: &str, tag_chars: &[u8]) -> (String, String, String) {
    let t = checked(table_format::tagged(lang, field, open, close, tag_chars));
    let tag = t.tag.map_or("None".to_string(), |(o, c)| format!("Some(TagAt {{ open: {o}, close: {c} }})"));
    (bytes_lit(&t.open), bytes_lit(&t.close), tag)
}

fn interpolation(lang: &str, h: &Option<(String, String)>) -> String {
    match checked(table_format::interpolation(lang, h)) {
        None => "None".to_string(),
        Some((open, close)) => {
            format!("Some(Interpolation {{ open: {}, close: {close:?} }})", bytes_lit(open))
        }
    }
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

/// A language's `complexity` tokens as byte literals.
fn branch_tokens(lang: &str, tokens: &[String]) -> String {
    let tokens = checked(table_format::branch_tokens(lang, tokens));
    tokens.iter().map(|t| bytes_lit(t)).collect::<Vec<_>>().join(", ")
}

fn language_entry(l: &Lang) -> String {
    let n = &l.name;
    let tag_chars = table_format::byte_set(&l.tag_chars);
    let lines: Vec<_> = l.line_comments.iter().map(|m| marker(n, "line_comments", m)).collect();
    let blocks: Vec<_> = l
        .block_comments
        .iter()
        .map(|b| {
            let p = l.block_parts(b);
            let (o, c, tag) = tagged(n, "block_comments", p.open, p.close, &tag_chars);
            format!(
                "Block {{ open: {o}, close: {c}, line_start: {}, alone: {}, nested: {}, tag: {tag} }}",
                p.line_start, p.alone, p.nested
            )
        })
        .collect();
    let quotes: Vec<_> = l
        .strings
        .iter()
        .map(|q| {
            let (o, c, tag) = tagged(n, "strings", &q.open, &q.close, &tag_chars);
            checked(table_format::one_reading_of_a_run(n, q));
            format!(
                "Quote {{ open: {o}, close: {c}, escape: {:?}, multiline: {}, doc: {}, doubled: {}, \
                 close_last_of_run: {}, char_literal: {}, tag: {tag}, interpolation: {} }}",
                checked(table_format::escape_byte(n, &q.escape)),
                q.multiline,
                q.doc,
                q.doubled,
                q.close_last_of_run,
                q.char_literal,
                interpolation(n, &q.interpolation),
            )
        })
        .collect();
    let code_tokens: Vec<_> = l.code_tokens.iter().map(|m| marker(n, "code_tokens", m)).collect();
    let help_text: Vec<_> = l.help_text.iter().map(|m| marker(n, "help_text", m)).collect();
    let heredoc = match &l.heredoc {
        None => "None".to_string(),
        Some(h) => format!(
            "Some(Heredoc {{ open: {}, indent_flags: {}, space: {}, quoted_space: {}, backslash: {}, lax: {} }})",
            marker(n, "heredoc", &h.open),
            bytes_lit(h.indent.as_bytes()),
            h.space,
            h.quoted_space,
            h.backslash,
            h.lax
        ),
    };
    let code_escape = l.code_escape.as_deref().map(|e| checked(table_format::one_byte(n, "code_escape", e)));
    let embed = l.embed.as_deref();
    let embed =
        checked(table_format::choice(n, "embed", embed, "None", (EMBEDS, ["Html", "Php", "Markdown"])));
    let hashbang = l.hashbang.as_deref();
    let hashbang = checked(table_format::choice(
        n,
        "hashbang",
        hashbang,
        "None",
        (HASHBANGS, ["Line", "UnlessAttribute"]),
    ));
    let quote_likes = l.quote_likes.as_deref();
    let quote_likes =
        checked(table_format::choice(n, "quote_likes", quote_likes, "None", (QUOTE_LIKES, ["Perl", "Ruby"])));
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
