//! Which languages the markup block loop takes: pages shaped like HTML, whose marks are a `<`
//! and an `=`. In a generated page a `<` or an `=` stands every 17 bytes, but a `<` opens
//! something only before `!` (`<!--`) or an `s` (`<script`, `<style`), and an `=` only before a
//! quote (an attribute value, which is code and ends at its quote or its line's end). The loop
//! finds those `<` by their next two bytes, and hands the byte loop only those that may open a
//! comment or a region outside the values.

use crate::lang::{Embed, Quote, Syntax};
use crate::simd::masks::Prefixes;

/// The `<` that may open something in a page: before `!` (`<!--`), `sc` (`<script`) or `st`
/// (`<style`), in any case.
pub(crate) const SPECIALS: Prefixes =
    Prefixes { first: b'<', pair: b'!', second: b's', thirds: [b'c', b't'] };

/// A language shaped like HTML: `<!` comments, `="` and `='` attribute values, and at most a
/// page's `<script>` and `<style>` regions.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Markup {
    pub(crate) double: &'static Quote,
    pub(crate) single: &'static Quote,
}

impl Markup {
    /// The shape of `syntax` when it is HTML's: no other marker of any kind.
    pub(crate) fn of(syntax: &'static Syntax) -> Option<Markup> {
        let no_other_markers = syntax.line_comments.is_empty()
            && syntax.code_escape.is_none()
            && syntax.code_tokens.is_empty()
            && syntax.heredoc.is_none()
            && !syntax.block_scalars
            && syntax.help_text.is_empty()
            && !syntax.regex
            && matches!(syntax.embed, Embed::None | Embed::Html);
        let comments_ok = syntax.block_comments.iter().all(|b| b.open.starts_with(b"<!"));
        if !no_other_markers || !comments_ok || syntax.quotes.len() != 2 {
            return None;
        }
        Some(Markup { double: attribute_value(syntax, b'"')?, single: attribute_value(syntax, b'\'')? })
    }

    /// The attribute value that `quote` closes.
    pub(crate) fn value(&self, quote: u8) -> &'static Quote {
        if quote == b'"' {
            self.double
        } else {
            self.single
        }
    }
}

/// The quote opened by `=` and `quote` and closed by `quote` alone, with no escape, ended by a
/// newline, and nothing else of its own.
fn attribute_value(syntax: &'static Syntax, quote: u8) -> Option<&'static Quote> {
    syntax.quotes.iter().find(|q| {
        q.open == [b'=', quote]
            && q.close == [quote]
            && q.escape.is_none()
            && !q.multiline
            && !q.doc
            && !q.doubled
            && !q.close_last_of_run
            && !q.char_literal
            && q.tag.is_none()
            && q.interpolation.is_none()
    })
}

#[cfg(test)]
mod tests {
    use super::Markup;
    use crate::lang::LangId;

    fn shaped(name: &str) -> bool {
        Markup::of(&LangId::from_name(name).unwrap_or_else(|| panic!("no {name}")).language().syntax)
            .is_some()
    }

    #[test]
    fn pages_shaped_like_html_and_nothing_else() {
        for name in ["HTML", "XML", "SVG", "AXAML", "MSBuild", "Svelte", "Vue"] {
            assert!(shaped(name), "{name}");
        }
        for name in ["Markdown", "PHP", "Pug", "Smarty", "Go Template", "C", "JavaScript"] {
            assert!(!shaped(name), "{name}");
        }
    }
}
