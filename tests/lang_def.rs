//! Languages defined at run time (`ringloc::lang::define`), through the library: a new language,
//! a built-in replaced and an extension mapped, counted by the fast path and its byte-by-byte
//! twin. The definitions are process-wide, so every test of this binary defines the same ones.

use ringloc::count::{count_embedded, count_reference_embedded, Counts, Options};
use ringloc::lang::{define, detect, detect_by_name, Definitions, LangId, NameMatch};

/// Zed, new: `--` and nested `{- -}` comments, `"` strings with escapes, `'''` doc strings.
/// INI, replaced: `;;` alone comments, and `.conf` is its only extension.
const DEFINITIONS: &str = r#"
[[language]]
name = "Zed"
extensions = ["zed"]
filenames = ["Zedfile"]
interpreters = ["zedi"]
line_comments = ["--"]
block_comments = [["{-", "-}"], { open = "=pod", close = "=cut", line_start = true }]
nested = true
strings = [{ open = '"', close = '"' }, { open = "'''", close = "'''", multiline = true, doc = true }]
hashbang = "line"

[[language]]
name = "INI"
extensions = ["conf"]
line_comments = [";;"]
"#;

fn definitions() -> Definitions {
    let mut d = Definitions::default();
    d.add_file("defs.toml", DEFINITIONS);
    d.map_extension("inc", "PHP");
    d
}

fn defined() {
    define(&definitions()).expect("the definitions are taken");
}

fn id(name: &str) -> LangId {
    LangId::from_name(name).unwrap_or_else(|| panic!("no {name}"))
}

/// The fast path's counts, after checking the twin's are the same.
fn counted(lang: &str, text: &str) -> Counts {
    let fast = count_embedded(id(lang), Options::default(), text.as_bytes());
    let twin = count_reference_embedded(id(lang), Options::default(), text.as_bytes());
    assert_eq!(fast, twin, "fast path and twin disagree on {text:?}");
    fast.0
}

fn totals(c: Counts) -> (u64, u64, u64) {
    (c.code, c.comments, c.blanks)
}

const ZED: &str = "#!/usr/bin/zedi\n-- a comment\nx = \"-- no \\\" comment\"\n{- outer\n {- inner -}\n still -}\n\n'''\ndoc\n'''\n=pod\ntext\n=cut\ny = 1 {- tail -}\n";

#[test]
fn a_new_language_is_counted_alike_by_the_fast_path_and_the_twin() {
    defined();
    assert!(usize::from(id("Zed").0) >= ringloc::lang::LANGUAGES.len(), "ids after the table");
    assert_eq!(totals(counted("Zed", ZED)), (2, 11, 1));
    for cut in 0..ZED.len() {
        let text = [&ZED[cut..], &ZED[..cut]].concat();
        counted("Zed", &text);
    }
}

#[test]
fn a_new_language_is_detected_by_its_names_and_interpreter() {
    defined();
    assert_eq!(detect_by_name(b"a.zed"), NameMatch::Known(id("Zed")));
    assert_eq!(detect_by_name(b"A.ZED"), NameMatch::Known(id("Zed")));
    assert_eq!(detect_by_name(b"Zedfile"), NameMatch::Known(id("Zed")));
    assert_eq!(detect(b"script", b"#!/usr/bin/env zedi\n"), Some(id("Zed")));
    assert_eq!(LangId::from_any_name("zed"), Some(id("Zed")));
    assert_eq!(LangId::selected_by("ZED"), [id("Zed")]);
    assert_eq!(detect_by_name(b"main.c"), NameMatch::Known(id("C")), "built-ins stay");
}

#[test]
fn a_replaced_built_in_keeps_its_id_and_takes_its_new_syntax_and_names() {
    defined();
    let ini = id("INI");
    assert!(usize::from(ini.0) < ringloc::lang::LANGUAGES.len());
    assert_eq!(ini.language().extensions, ["conf"]);
    assert_eq!(detect_by_name(b"x.conf"), NameMatch::Known(ini));
    assert_eq!(detect_by_name(b"x.ini"), NameMatch::Unknown, "its built-in extension is gone");
    assert_eq!(totals(counted("INI", ";; note\n; key\nk = v\n")), (2, 1, 0));
    assert_eq!(LangId::all().filter(|l| l.name() == "INI").count(), 1);
}

#[test]
fn a_mapped_extension_names_its_language() {
    defined();
    assert_eq!(detect_by_name(b"x.inc"), NameMatch::Known(id("PHP")));
    assert!(id("PHP").language().extensions.contains(&"inc"), "--languages lists it");
    assert_eq!(detect_by_name(b"x.php"), NameMatch::Known(id("PHP")));
}

#[test]
fn the_same_definitions_again_are_taken_and_others_refused() {
    defined();
    assert_eq!(define(&definitions()), Ok(()));
    assert_eq!(define(&Definitions::default()), Ok(()), "nothing to define changes nothing");
    let mut other = definitions();
    other.map_extension("h", "C");
    let refused = define(&other).unwrap_err().to_string();
    assert_eq!(refused, "languages were already defined otherwise in this process");
}
