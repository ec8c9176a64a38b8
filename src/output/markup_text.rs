//! Text made safe for markup, in an element or an attribute: cloc's XML report and the history
//! page share it.

use std::borrow::Cow;

use super::buffer::plain_ascii;

/// Text safe in an attribute or element, and read back as it was wherever XML 1.0 can carry it:
/// a tab, line feed and carriage return are character references (`&#10;`), since a reader turns
/// them into spaces in an attribute written raw. The other C0 controls, U+FFFE and U+FFFF become
/// `?`: XML 1.0 allows them in no form, not even as a reference, and cloc's XML and the history
/// page, which share this, write the same `?` for them. DEL and the C1 controls are XML 1.0
/// characters and stay as they are.
pub(crate) fn escape(text: &str) -> Cow<'_, str> {
    // Controls, `"`, `&` and `'` are below `(`, the noncharacters past ASCII; what else is (a
    // space, `!`, other letters) is looked at again.
    let maybe = !plain_ascii(text.as_bytes(), b'(', [b'<', b'>']);
    if !maybe || !text.chars().any(|c| escaped(c).is_some()) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match escaped(c) {
            Some(escape) => out.push_str(escape),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// What `c` is written as where it is not written as itself.
fn escaped(c: char) -> Option<&'static str> {
    Some(match c {
        '&' => "&amp;",
        '<' => "&lt;",
        '>' => "&gt;",
        '"' => "&quot;",
        '\'' => "&apos;",
        '\t' => "&#9;",
        '\n' => "&#10;",
        '\r' => "&#13;",
        '\0'..='\u{1F}' | '\u{FFFE}' | '\u{FFFF}' => "?",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_and_forbidden_controls_are_escaped() {
        assert_eq!(escape("a.c"), "a.c");
        assert_eq!(escape("é.c"), "é.c");
        assert_eq!(escape("<a & 'b'>\u{1}\""), "&lt;a &amp; &apos;b&apos;&gt;?&quot;");
        assert_eq!(escape("\t\n\r\u{1b}\u{7f}\u{85}\u{fffe}\u{ffff}"), "&#9;&#10;&#13;?\u{7f}\u{85}??");
    }
}
