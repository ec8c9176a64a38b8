//! Letters that only ever begin a doc string's opener written with a prefix (Python's `r"""`,
//! `u'''`: PEP 257's choice for a doc string holding backslashes). Each such opener is the letter
//! and another opener of the same string, and the letter decides one thing alone: the string
//! after it is a doc string where the letter is first on its line, as `"""` is where it is first.
//!
//! As openers, the letters were marks in most words of Python code, filtered block by block
//! (`lead`): 10.8% of the Python family's instructions (callgrind, 545.3 M -> 486.6 M). The
//! machine drops them and reads the byte before a doc string's opener instead
//! ([`crate::count::machine`]'s `heads_line`); the byte-by-byte twin keeps the openers, and the
//! two are tested against each other.

use super::markers::{is_word, Kind, Opener};
use crate::lang::{Quote, QuoteLikes, Syntax};

/// The prefix letters of a language's doc strings, as a byte table, and whether there are any
/// (asked for every chunk a counter leaves: a look through the table cost C++ Header's files 0.2%
/// more instructions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DocPrefixes {
    letters: [bool; 256],
    any: bool,
}

impl DocPrefixes {
    /// The word bytes all of whose openers are a doc string's opener after the byte, where the
    /// language starts nothing else with it and no closer ends with it (so the byte before a doc
    /// string's opener was read as code). Only where nothing reads the bytes before an opener
    /// otherwise: no heredoc, quote-like operator or code escape.
    pub(crate) fn find(openers: &[Opener], syntax: &Syntax) -> DocPrefixes {
        let mut letters = [false; 256];
        if syntax.heredoc.is_some() || syntax.quote_likes != QuoteLikes::None || syntax.code_escape.is_some()
        {
            return DocPrefixes { letters, any: false };
        }
        for o in openers.iter().filter(|o| is_word(o.bytes[0])) {
            let letter = o.bytes[0];
            let starting = || openers.iter().filter(move |p| p.bytes[0] == letter);
            let only_prefixed = starting().all(|p| prefixed_doc(p, openers));
            letters[usize::from(letter)] = only_prefixed && !ends_a_closer(syntax, letter);
        }
        DocPrefixes { letters, any: letters.contains(&true) }
    }

    #[inline(always)]
    pub(crate) fn any(&self) -> bool {
        self.any
    }

    #[inline(always)]
    pub(crate) fn holds(&self, b: u8) -> bool {
        self.letters[usize::from(b)]
    }

    /// `openers` without those that start with a prefix letter.
    pub(crate) fn drop_from(&self, openers: Vec<Opener>) -> Vec<Opener> {
        openers.into_iter().filter(|o| !self.holds(o.bytes[0])).collect()
    }
}

/// Whether `o` is a doc string's opener that is its first byte and another opener of `openers`
/// opening the same string (every field alike but the opener).
fn prefixed_doc(o: &Opener, openers: &[Opener]) -> bool {
    let Kind::Quote(quote) = o.kind else { return false };
    let same = |p: &Opener| match p.kind {
        Kind::Quote(other) => p.bytes == &o.bytes[1..] && Quote { open: other.open, ..*quote } == *other,
        _ => false,
    };
    quote.doc && quote.tag.is_none() && o.bytes.len() > 1 && openers.iter().any(same)
}

/// Whether a string's or a comment's closer ends with `b`.
fn ends_a_closer(syntax: &Syntax, b: u8) -> bool {
    let quotes = syntax.quotes.iter().map(|q| q.close);
    let blocks = syntax.block_comments.iter().map(|c| c.close);
    quotes.chain(blocks).any(|close| close.last() == Some(&b))
}

#[cfg(test)]
mod tests {
    use super::DocPrefixes;
    use crate::count::syntax::markers::openers;
    use crate::lang::{LangId, LANGUAGES};

    fn prefixes(name: &str) -> Vec<u8> {
        let syntax = &LANGUAGES[usize::from(LangId::from_name(name).unwrap().0)].syntax;
        let found = DocPrefixes::find(&openers(syntax), syntax);
        (0..=255u8).filter(|&b| found.holds(b)).collect()
    }

    #[test]
    fn python_and_cython_doc_strings_take_four_prefix_letters() {
        assert_eq!(prefixes("Python"), b"RUru");
        assert_eq!(prefixes("Cython"), b"RUru");
    }

    /// Rust's `r` opens raw strings, C++'s `R` too, and Kotlin's `"""` is no doc string.
    #[test]
    fn letters_that_open_more_than_doc_strings_are_no_prefixes() {
        for name in ["Rust", "C++", "Kotlin", "C", "Perl", "Shell"] {
            assert_eq!(prefixes(name), b"", "{name}");
        }
    }

    /// Only Python and Cython have them: no other language's openers are dropped.
    #[test]
    fn no_other_language_has_doc_prefixes() {
        let with: Vec<&str> = LANGUAGES
            .iter()
            .filter(|l| DocPrefixes::find(&openers(&l.syntax), &l.syntax).any())
            .map(|l| l.name)
            .collect();
        assert_eq!(with, ["Cython", "Python"]);
    }
}
