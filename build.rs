//! Compiles `languages.toml` into static tables, so detection is a `match` and the counter never
//! parses data at run time. Mistakes in the table (duplicate extensions, empty or over-long markers)
//! fail the build instead of miscounting silently.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::{env, fs, path::Path};

use serde::Deserialize;

/// Longest marker the counter can see across a chunk boundary (see `count::MAX_TOKEN`).
const MAX_MARKER: usize = 15;

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
    block_comments: Vec<(String, String)>,
    #[serde(default)]
    nested: bool,
    #[serde(default)]
    strings: Vec<Quote>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Quote {
    open: String,
    close: String,
    #[serde(default = "yes")]
    escape: bool,
    #[serde(default)]
    multiline: bool,
    #[serde(default)]
    doc: bool,
}

fn yes() -> bool {
    true
}

fn marker(lang: &str, m: &str) -> String {
    assert!(
        !m.is_empty() && m.len() <= MAX_MARKER,
        "languages.toml: {lang}: marker {m:?} must be 1..={MAX_MARKER} bytes"
    );
    format!("b{m:?}")
}

fn lookup_fn(out: &mut String, name: &str, map: &BTreeMap<String, usize>) {
    writeln!(out, "pub(crate) fn {name}(key: &[u8]) -> Option<LangId> {{").unwrap();
    writeln!(out, "    Some(LangId(match key {{").unwrap();
    for (k, id) in map {
        writeln!(out, "        b{k:?} => {id},").unwrap();
    }
    writeln!(out, "        _ => return None,\n    }}))\n}}").unwrap();
}

fn insert_unique(map: &mut BTreeMap<String, usize>, what: &str, key: &str, id: usize, names: &[String]) {
    if let Some(prev) = map.insert(key.to_string(), id) {
        panic!("languages.toml: {what} {key:?} claimed by both {} and {}", names[prev], names[id]);
    }
}

fn language_entry(l: &Lang) -> String {
    let lines: Vec<_> = l.line_comments.iter().map(|m| marker(&l.name, m)).collect();
    let blocks: Vec<_> = l
        .block_comments
        .iter()
        .map(|(o, c)| format!("({}, {})", marker(&l.name, o), marker(&l.name, c)))
        .collect();
    let quotes: Vec<_> = l
        .strings
        .iter()
        .map(|q| {
            format!(
                "Quote {{ open: {}, close: {}, escape: {}, multiline: {}, doc: {} }}",
                marker(&l.name, &q.open),
                marker(&l.name, &q.close),
                q.escape,
                q.multiline,
                q.doc
            )
        })
        .collect();
    format!(
        "    Language {{ name: {:?}, syntax: Syntax {{ line_comments: &[{}], block_comments: &[{}], nested: {}, quotes: &[{}] }} }},\n",
        l.name,
        lines.join(", "),
        blocks.join(", "),
        l.nested,
        quotes.join(", ")
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
        prefixes.extend(l.filename_prefixes.iter().map(|p| format!("(b{p:?}, LangId({id}))")));
    }
    out.push_str("];\n");
    lookup_fn(&mut out, "by_extension", &exts);
    lookup_fn(&mut out, "by_filename", &files);
    lookup_fn(&mut out, "by_interpreter", &interps);
    writeln!(out, "pub(crate) static FILENAME_PREFIXES: &[(&[u8], LangId)] = &[{}];", prefixes.join(", "))
        .unwrap();
    let dest = Path::new(&env::var("OUT_DIR").unwrap()).join("languages.rs");
    fs::write(dest, out).expect("write languages.rs");
}
