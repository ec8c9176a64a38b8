//! Text made safe for markup, in an element or an attribute: cloc's XML report and the history
//! page share it.

use std::borrow::Cow;

use super::buffer::has_any;

/// Text safe in an attribute or element; control characters XML 1.0 forbids become `?`.
pub(crate) fn escape(text: &str) -> Cow<'_, str> {
    // Controls, `"`, `&` and `'` are below `(`; what else is (a space, `!`) is looked at again.
    let unsafe_bytes = |text: &str| has_any(text.as_bytes(), b'(', [b'<', b'>']);
    if !unsafe_bytes(text) || (!text.contains(['&', '<', '>', '"', '\'']) && !text.chars().any(forbidden)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if forbidden(c) => out.push('?'),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

fn forbidden(c: char) -> bool {
    c < ' ' && !matches!(c, '\t' | '\n' | '\r')
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_and_forbidden_controls_are_escaped() {
        assert_eq!(escape("a.c"), "a.c");
        assert_eq!(escape("<a & 'b'>\u{1}\""), "&lt;a &amp; &apos;b&apos;&gt;?&quot;");
    }
}
