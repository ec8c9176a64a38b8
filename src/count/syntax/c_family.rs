//! Which languages the C block loop takes, and the forms each has.

use crate::lang::{Block, Quote, Syntax};
use crate::simd::masks::Nibbles;

/// The parts of C a language has (any may be missing: CSS has no `//`), the forms of Go, Java
/// and Rust the block loop knows besides, and JavaScript's and C++'s, which it hands to the byte
/// loop.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CFamily {
    pub(crate) double: Option<&'static Quote>,
    /// A `'` string, or a character literal where `chars` says so.
    pub(crate) single: Option<&'static Quote>,
    /// A backtick string: no escapes, newlines inside (Go).
    pub(crate) raw: Option<&'static Quote>,
    /// A `"""` string: backslash escapes, newlines inside (Java's text block).
    pub(crate) triple: Option<&'static Quote>,
    /// `"` strings go on past newlines (Rust's).
    pub(crate) multiline: bool,
    /// `'` opens a character literal, whole or not at all: Rust's `'a'` against the lifetime `'a`.
    pub(crate) chars: bool,
    /// Block comments nest (Rust's).
    pub(crate) nested: bool,
    /// A raw string opened by a letter and a tag before its quote, closed by the quote and the
    /// tag (Rust's `r#"..."#`). The letter is no mark: a `"` in code looks back for it.
    pub(crate) tagged: Option<&'static Quote>,
    /// A backtick string with interpolations (JavaScript's template literal). The loop leaves it to the
    /// byte loop, which knows interpolations: it stops at the backtick, in code.
    pub(crate) template: Option<&'static Quote>,
    /// A `/` in code that opens no comment may open a regex literal (JavaScript's), which the
    /// byte loop reads: the loop stops at it where the byte before says a regex may follow.
    pub(crate) regex: bool,
    /// The letter of a string opened by it and a quote and more (C++'s `R"x(`), which the loop
    /// leaves to the byte loop: a `"` in code looks back for it, and the loop stops at it.
    pub(crate) prefixed: Option<u8>,
    /// The one byte a tag is made of (`#`).
    pub(crate) tag_char: u8,
    /// The marks without the letter of a tagged or prefixed string, which is in most identifiers.
    pub(crate) nibbles: Option<Nibbles>,
    pub(crate) line: bool,
    pub(crate) block: Option<&'static Block>,
    pub(crate) splice: bool,
    /// A `'` inside a number is a digit separator (C++14, C23), which the loop drops from the
    /// openers after a look at the bytes before it.
    pub(crate) separators: bool,
}

impl CFamily {
    /// The shape of `syntax` when it is C's or a part of it, with no marker of any other kind.
    /// `nibbles` gives the classes of the marks without a letter, which a tagged raw string needs.
    pub(crate) fn of(syntax: &'static Syntax, nibbles: impl Fn(u8) -> Option<Nibbles>) -> Option<CFamily> {
        let no_other_markers = syntax.code_escape.is_none()
            && syntax.code_tokens.is_empty()
            && syntax.heredoc.is_none()
            && !syntax.block_scalars
            && syntax.help_text.is_empty()
            && syntax.embed == crate::lang::Embed::None;
        let lines_ok = syntax.line_comments.iter().all(|&l| l == b"//");
        let blocks_ok = syntax
            .block_comments
            .iter()
            .all(|b| b.open == b"/*" && b.close == b"*/" && !b.line_start && !b.alone && b.tag.is_none());
        if !no_other_markers || !lines_ok || !blocks_ok || syntax.block_comments.len() > 1 {
            return None;
        }
        let mut shape = CFamily {
            double: None,
            single: None,
            raw: None,
            triple: None,
            multiline: false,
            chars: false,
            nested: syntax.nested,
            tagged: None,
            template: None,
            regex: syntax.regex,
            prefixed: None,
            tag_char: 0,
            nibbles: None,
            line: !syntax.line_comments.is_empty(),
            block: syntax.block_comments.first(),
            splice: syntax.splice,
            separators: syntax.digit_separators,
        };
        for q in syntax.quotes {
            if q.tag.is_some() {
                // One letter at most leaves the marks.
                if shape.nibbles.is_some() {
                    return None;
                }
                if tag_before_quote(q, syntax.tag_chars) {
                    shape.tagged = Some(q);
                    shape.tag_char = syntax.tag_chars[0];
                } else if q.open.len() > 2 && q.open[0].is_ascii_alphabetic() && q.open[1] == b'"' {
                    shape.prefixed = Some(q.open[0]);
                } else {
                    return None;
                }
                shape.nibbles = Some(nibbles(q.open[0])?);
                continue;
            }
            if q.open == b"`" && q.interpolation.is_some() {
                if shape.template.is_some() {
                    return None;
                }
                shape.template = Some(q);
                continue;
            }
            let (slot, fits) = match q.open {
                b"\"" => (&mut shape.double, self_closed(q) && q.escape == Some(b'\\')),
                b"'" => (&mut shape.single, one_line_escaped(q)),
                b"`" => (&mut shape.raw, self_closed(q) && q.escape.is_none() && q.multiline),
                b"\"\"\"" => (&mut shape.triple, self_closed(q) && q.escape == Some(b'\\') && q.multiline),
                _ => return None,
            };
            if !fits || slot.is_some() {
                return None;
            }
            *slot = Some(q);
        }
        shape.multiline = shape.double.is_some_and(|q| q.multiline);
        shape.chars = shape.single.is_some_and(|q| q.char_literal);
        // A `"` that does not open a text block opens a plain string, which must be there; a
        // backtick is a raw string's or a template's.
        let quotes_ok = shape.triple.is_none() || shape.double.is_some();
        // C++'s prefixed strings come with none of the other extra forms, and with comment runs:
        // they are the `prefixed` loop's alone (see `apart`).
        let prefixed_alone =
            shape.prefixed.is_none() || !shape.apart(false).extra_forms() && shape.comment_runs();
        (quotes_ok && prefixed_alone && (shape.raw.is_none() || shape.template.is_none())).then_some(shape)
    }

    /// The shape as a block loop with `EXTRA_FORMS` sees it, with `prefixed` (C++'s) or not
    /// (JavaScript's, Rust's): the other loop's forms missing. Made of constants there, those
    /// forms' branches are gone from each loop when it is compiled. A language with a prefixed
    /// string has none of the other extra forms and has comment runs (`of`): it is the `prefixed`
    /// loop's, and no other loop meets one.
    #[inline(always)]
    pub(crate) fn apart(&self, prefixed: bool) -> CFamily {
        if prefixed {
            CFamily {
                multiline: false,
                chars: false,
                nested: false,
                tagged: None,
                template: None,
                regex: false,
                ..*self
            }
        } else {
            CFamily { prefixed: None, ..*self }
        }
    }

    /// The shape has Go's raw strings or Java's text blocks: the loop's `LONG_STRINGS` kinds.
    pub(crate) fn long_strings(&self) -> bool {
        self.raw.is_some() || self.triple.is_some()
    }

    /// The shape has Rust's forms, or spans the loop leaves to the byte loop: the loop's `EXTRA_FORMS`
    /// ones, which run in a function of their own.
    pub(crate) fn extra_forms(&self) -> bool {
        self.multiline || self.chars || self.nested || self.tagged.is_some() || self.stops()
    }

    /// Whole blocks inside a block comment take a loop of their own (`comment_run`): a plain
    /// comment's, not Rust's, whose comments nest.
    pub(crate) fn comment_runs(&self) -> bool {
        self.block.is_some() && !self.nested
    }

    /// The bytes that, right before a `"`, may make it a raw string's quote: Rust's letter and
    /// tag byte (`r"`, `r#"`), C++'s letter (`R"(`); `None` where every `"` opens a plain string.
    pub(crate) fn raw_before_quote(&self) -> Option<[u8; 2]> {
        match (self.tagged, self.prefixed) {
            (Some(q), _) => Some([q.open[0], self.tag_char]),
            (None, Some(letter)) => Some([letter, letter]),
            (None, None) => None,
        }
    }

    /// The loop leaves some spans to the byte loop (JavaScript's templates and regex literals,
    /// C++'s raw strings).
    pub(crate) fn stops(&self) -> bool {
        self.template.is_some() || self.regex || self.prefixed.is_some()
    }
}

/// A raw string as Rust writes it: a letter, a tag of one kind of byte, a quote; the quote and the
/// tag close it; no escapes, newlines inside.
pub(crate) fn tag_before_quote(q: &Quote, tag_chars: &[u8]) -> bool {
    let at = q.tag.map(|t| (t.open, t.close));
    q.open.len() == 2
        && q.open[0].is_ascii_alphabetic()
        && q.open[1] == b'"'
        && q.close == b"\""
        && at == Some((1, 1))
        && tag_chars.len() == 1
        && q.escape.is_none()
        && q.multiline
        && !q.doc
        && !q.doubled
        && !q.close_last_of_run
        && !q.char_literal
        && q.interpolation.is_none()
}

/// A quote closed by itself, escaped by a backslash, ended by a newline, and nothing more.
pub(crate) fn one_line_escaped(q: &Quote) -> bool {
    self_closed(q) && q.escape == Some(b'\\') && !q.multiline
}

/// A quote closed by itself, with none of the forms the block loop does not know (a character
/// literal is known as a `'` only).
pub(crate) fn self_closed(q: &Quote) -> bool {
    q.close == q.open
        && !q.doc
        && !q.doubled
        && !q.close_last_of_run
        && (!q.char_literal || q.open == b"'")
        && q.tag.is_none()
        && q.interpolation.is_none()
}
