//! The language a page names for a stretch it holds: a `<script type=...>`, a `<style lang=...>`,
//! a fenced block's info string. Names are looked up among the table's aliases (which hold every
//! lower-cased name) and then its extensions, so ```rs and ```rust are both Rust.

use std::sync::OnceLock;

use super::{by_alias, by_extension, defined, LangId};

struct Defaults {
    javascript: LangId,
    css: LangId,
    html: LangId,
    plain_text: LangId,
}

fn defaults() -> &'static Defaults {
    static IDS: OnceLock<Defaults> = OnceLock::new();
    IDS.get_or_init(|| {
        let id = |name| LangId::from_name(name).unwrap_or_else(|| panic!("{name} is not in the table"));
        Defaults {
            javascript: id("JavaScript"),
            css: id("CSS"),
            html: id("HTML"),
            plain_text: id("Plain Text"),
        }
    })
}

/// The language for a stretch whose language nobody named or nobody knows: everything in it is
/// code, and it is counted as the file around it.
pub(crate) fn plain_text() -> LangId {
    defaults().plain_text
}

/// The page around PHP's blocks.
pub(crate) fn page_language() -> LangId {
    defaults().html
}

/// A name written in a page (`rust`, `RS`, `c++`), at most 32 bytes, any case.
pub(crate) fn named_in_source(word: &[u8]) -> Option<LangId> {
    if word.is_empty() || word.len() > 32 {
        return None;
    }
    let mut lower = [0u8; 32];
    let lower = &mut lower[..word.len()];
    lower.copy_from_slice(word);
    lower.make_ascii_lowercase();
    let defined = defined::table().and_then(|table| table.by_alias(lower));
    defined.or_else(|| by_alias(lower)).or_else(|| by_extension(lower))
}

/// A mime type's subtype (`text/x-typescript` -> `typescript`), or the value as written.
fn subtype(value: &[u8]) -> &[u8] {
    let value = value.trim_ascii();
    let sub = match value.iter().position(|&b| b == b'/') {
        Some(slash) => &value[slash + 1..],
        None => value,
    };
    sub.strip_prefix(b"x-").unwrap_or(sub)
}

/// A `<script>`'s language from its `lang` or `type` value: JavaScript without one (and for a
/// module), `None` for a type no language answers (a template, data), which is then plain text.
pub fn script_language(value: Option<&[u8]>) -> Option<LangId> {
    let Some(value) = value else { return Some(defaults().javascript) };
    match subtype(value) {
        b"" | b"module" => Some(defaults().javascript),
        sub => named_in_source(sub),
    }
}

/// A `<style>`'s language: CSS unless `lang` or `type` names another the table knows.
pub fn style_language(value: Option<&[u8]>) -> Option<LangId> {
    Some(value.map(subtype).and_then(named_in_source).unwrap_or(defaults().css))
}

/// A fence's language from the first word of its info string; `None` leaves it plain text.
pub fn fence_language(word: &[u8]) -> Option<LangId> {
    named_in_source(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(id: Option<LangId>) -> Option<&'static str> {
        id.map(LangId::name)
    }

    #[test]
    fn pages_name_languages_by_alias_extension_or_mime_type() {
        assert_eq!(name(script_language(None)), Some("JavaScript"));
        assert_eq!(name(script_language(Some(b"text/typescript"))), Some("TypeScript"));
        assert_eq!(name(script_language(Some(b"ts"))), Some("TypeScript"));
        assert_eq!(name(script_language(Some(b"module"))), Some("JavaScript"));
        assert_eq!(name(script_language(Some(b"application/ld+json"))), Some("JSON"));
        assert_eq!(name(script_language(Some(b"text/x-template"))), None);
        assert_eq!(name(style_language(Some(b"scss"))), Some("SCSS"));
        assert_eq!(name(style_language(Some(b"postcss"))), Some("PostCSS"));
        assert_eq!(name(style_language(Some(b"text/x-unknown-style"))), Some("CSS"));
        assert_eq!(name(fence_language(b"rust")), Some("Rust"));
        assert_eq!(name(fence_language(b"RS")), Some("Rust"));
        assert_eq!(name(fence_language(b"c++")), Some("C++"));
        assert_eq!(name(fence_language(b"console")), None);
    }

    /// `jsonc` was an alias of JSON, which hid the extension of JSON with Comments: its fences were
    /// counted without comments, and `-t jsonc` selected JSON.
    #[test]
    fn jsonc_is_json_with_comments() {
        assert_eq!(name(fence_language(b"jsonc")), Some("JSON with Comments"));
        assert_eq!(LangId::from_any_name("jsonc").map(LangId::name), Some("JSON with Comments"));
    }
}
