//! Which forms may take which fast path, every rule in one place. The fast path's block loops
//! (`machine/blocks.rs`, `machine/string_blocks.rs`) and the classifier's prefix tests are exact
//! only for the forms these rules let in; everything else goes to the byte loop, which calls the
//! general recognizers of `markers.rs`. A new flag on a quote or a block kind is decided here (the
//! C-family block loop has its own admission, [`CFamily::of`](super::c_family::CFamily::of)).

use super::markers::{is_word, Kind, Opener};
use crate::lang::{Block, Quote};

/// Whether `marker` (the block's opener or closer) is nothing but its bytes: no tag, no rule on
/// where it stands, no word byte to end. The fast machine then tests a prefix instead of calling
/// `block_opens` or `block_closes`; the twin always calls them, and the tests hold both to it.
pub(crate) fn literal_block_marker(b: &Block, marker: &[u8]) -> bool {
    b.tag.is_none() && !b.line_start && !b.alone && marker.last().is_some_and(|&c| !is_word(c))
}

/// Whether the classifier may take an opener on its bytes alone (a prefix test), without the
/// recognizer's look at its tag, its place or the word it ends.
pub(crate) fn literal_opener(o: &Opener) -> bool {
    if o.bytes.last().is_some_and(|&b| is_word(b)) {
        return false;
    }
    match o.kind {
        Kind::LineComment | Kind::Code => true,
        Kind::Block(b) => literal_block_marker(b, o.bytes),
        Kind::Quote(q) => q.tag.is_none() && !q.char_literal,
    }
}

/// A string closer with no tag, not doubled and not read in runs ends the string wherever its
/// bytes are, as a literal comment closer does.
#[inline(always)]
pub(crate) fn literal_quote(quote: &Quote) -> bool {
    quote.tag.is_none() && !quote.doubled && !quote.close_last_of_run
}

/// A comment the block loop can settle (while no region waits to be told its lines one by
/// one): its closer is literal and it does not nest (a nested one must see its openers).
#[inline(always)]
pub(crate) fn comment_by_blocks(block: &Block) -> bool {
    literal_block_marker(block, block.close) && !block.nested
}

/// A string the block loop can settle (while no region waits to be told its lines one by one):
/// a newline does not end it, its closer is literal, and it has no interpolation.
#[inline(always)]
pub(crate) fn string_by_blocks(quote: &Quote) -> bool {
    quote.multiline && literal_quote(quote) && quote.interpolation.is_none()
}

/// A string the block loop settles inside one block (`machine/inline_spans.rs`): closed by the
/// byte that opens it, which is so a mark (no tag, not doubled, not the last of a run, no
/// interpolation), never a doc string or a character literal, and not escaped by that same byte.
#[inline(always)]
pub(crate) fn string_inline(quote: &Quote) -> bool {
    quote.open.len() == 1
        && quote.close == quote.open
        && literal_quote(quote)
        && quote.interpolation.is_none()
        && !quote.doc
        && !quote.char_literal
        && quote.escape != Some(quote.close[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::{Interpolation, LangId, Syntax, TagAt};

    const C_BLOCK: Block =
        Block { open: b"/*", close: b"*/", line_start: false, alone: false, nested: false, tag: None };
    const TAG: Option<TagAt> = Some(TagAt { open: 1, close: 1 });

    fn syntax(name: &str) -> &'static Syntax {
        &LangId::from_name(name).unwrap_or_else(|| panic!("no language {name}")).language().syntax
    }

    #[test]
    fn a_block_marker_is_literal_without_tag_place_rule_or_word_end() {
        assert!(literal_block_marker(&C_BLOCK, C_BLOCK.close));
        assert!(!literal_block_marker(&Block { tag: TAG, ..C_BLOCK }, C_BLOCK.close), "tagged");
        assert!(!literal_block_marker(&Block { line_start: true, ..C_BLOCK }, C_BLOCK.close), "line start");
        assert!(!literal_block_marker(&Block { alone: true, ..C_BLOCK }, C_BLOCK.close), "alone");
        assert!(!literal_block_marker(&C_BLOCK, b"=end"), "ends in a word byte");
        assert!(!literal_block_marker(&C_BLOCK, b""), "empty");
    }

    #[test]
    fn an_opener_is_literal_where_its_bytes_decide() {
        let block = |b: &'static Block| Opener { bytes: b.open, kind: Kind::Block(b) };
        static TAGGED: Block = Block { tag: TAG, ..C_BLOCK };
        assert!(literal_opener(&Opener { bytes: b"//", kind: Kind::LineComment }));
        assert!(!literal_opener(&Opener { bytes: b"rem", kind: Kind::LineComment }), "ends in a word byte");
        assert!(literal_opener(&block(&C_BLOCK)));
        assert!(!literal_opener(&block(&TAGGED)));
        static LITERAL: Quote = QUOTE;
        static CHAR: Quote = Quote { char_literal: true, ..QUOTE };
        static TAGGED_QUOTE: Quote = Quote { tag: TAG, ..QUOTE };
        assert!(literal_opener(&Opener { bytes: b"\"", kind: Kind::Quote(&LITERAL) }));
        assert!(!literal_opener(&Opener { bytes: b"'", kind: Kind::Quote(&CHAR) }), "character literal");
        assert!(!literal_opener(&Opener { bytes: b"\"", kind: Kind::Quote(&TAGGED_QUOTE) }), "tagged");
    }

    const QUOTE: Quote = Quote {
        open: b"\"",
        close: b"\"",
        escape: Some(b'\\'),
        multiline: true,
        doc: false,
        doubled: false,
        close_last_of_run: false,
        char_literal: false,
        tag: None,
        interpolation: None,
    };

    #[test]
    fn a_quote_is_literal_without_tag_doubling_or_runs() {
        assert!(literal_quote(&QUOTE));
        assert!(!literal_quote(&Quote { tag: TAG, ..QUOTE }), "tagged");
        assert!(!literal_quote(&Quote { doubled: true, ..QUOTE }), "doubled");
        assert!(
            !literal_quote(&Quote { close_last_of_run: true, ..Quote { close: b"\"\"\"", ..QUOTE } }),
            "last of a run"
        );
    }

    #[test]
    fn a_comment_goes_by_blocks_with_a_literal_closer_where_it_does_not_nest() {
        let first = |name: &str| &syntax(name).block_comments[0];
        assert!(comment_by_blocks(first("C")));
        assert!(!comment_by_blocks(first("Rust")), "Rust's comments nest");
        assert!(!comment_by_blocks(&Block { alone: true, ..C_BLOCK }), "closer not literal");
        let d = syntax("D").block_comments;
        assert!(comment_by_blocks(&d[0]) && !comment_by_blocks(&d[1]), "D nests /+ +/ only");
    }

    #[test]
    fn a_string_goes_inline_when_one_byte_closes_it_and_nothing_else_decides() {
        assert!(string_inline(&QUOTE));
        assert!(!string_inline(&Quote { open: b"\"\"\"", close: b"\"\"\"", ..QUOTE }), "three bytes");
        assert!(!string_inline(&Quote { close: b"'", ..QUOTE }), "closed by another byte");
        assert!(!string_inline(&Quote { tag: TAG, ..QUOTE }), "tagged");
        assert!(!string_inline(&Quote { doubled: true, ..QUOTE }), "doubled");
        assert!(!string_inline(&Quote { close_last_of_run: true, ..QUOTE }), "last of a run");
        let interpolation = Some(Interpolation { open: b"${", close: b'}' });
        assert!(!string_inline(&Quote { interpolation, ..QUOTE }), "interpolation");
        assert!(!string_inline(&Quote { doc: true, ..QUOTE }), "doc string");
        assert!(!string_inline(&Quote { char_literal: true, ..QUOTE }), "character literal");
        assert!(!string_inline(&Quote { escape: Some(b'"'), ..QUOTE }), "escaped by its closer");
        assert!(string_inline(&Quote { escape: None, multiline: false, ..QUOTE }));
    }

    #[test]
    fn a_string_goes_by_blocks_when_multiline_literal_and_not_interpolated() {
        assert!(string_by_blocks(&QUOTE));
        assert!(!string_by_blocks(&Quote { multiline: false, ..QUOTE }), "a newline ends it");
        assert!(!string_by_blocks(&Quote { doubled: true, ..QUOTE }), "closer not literal");
        let interpolation = Some(Interpolation { open: b"${", close: b'}' });
        assert!(
            !string_by_blocks(&Quote { interpolation, ..Quote { close: b"`", ..QUOTE } }),
            "interpolation"
        );
    }
}
