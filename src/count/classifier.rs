//! Per-language lookup tables the state machine runs on, built once per process.

use std::sync::OnceLock;

use crate::lang::{LangId, Quote, Syntax, LANGUAGES};

pub(crate) const WS: u8 = 1;
pub(crate) const NL: u8 = 2;
/// First byte of some token that can start in code (comment opener, quote).
pub(crate) const START: u8 = 4;

#[derive(Debug, Clone, Copy)]
pub(crate) enum TokenKind {
    LineComment,
    Block { open: &'static [u8], close: &'static [u8] },
    Quote(&'static Quote),
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Token {
    pub bytes: &'static [u8],
    pub kind: TokenKind,
}

/// A language's syntax turned into a byte-class table and a longest-first token list, so the hot
/// loop asks one table lookup per byte and only tries tokens at bytes that could start one.
#[derive(Debug)]
pub struct Classifier {
    pub(crate) class: [u8; 256],
    pub(crate) tokens: Vec<Token>,
    pub(crate) nested: bool,
    /// Longest token or escape pair: how far the machine must see ahead before matching.
    pub(crate) lookahead: usize,
}

pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

impl Classifier {
    fn new(syntax: &'static Syntax) -> Classifier {
        let mut tokens: Vec<Token> = syntax
            .line_comments
            .iter()
            .map(|&bytes| Token { bytes, kind: TokenKind::LineComment })
            .chain(
                syntax
                    .block_comments
                    .iter()
                    .map(|&(open, close)| Token { bytes: open, kind: TokenKind::Block { open, close } }),
            )
            .chain(syntax.quotes.iter().map(|q| Token { bytes: q.open, kind: TokenKind::Quote(q) }))
            .collect();
        tokens.sort_by_key(|t| std::cmp::Reverse(t.bytes.len()));
        let mut class = [0u8; 256];
        for b in 0..=255u8 {
            if is_ws(b) {
                class[usize::from(b)] = WS;
            }
        }
        class[usize::from(b'\n')] = NL;
        for t in &tokens {
            class[usize::from(t.bytes[0])] |= START;
        }
        let longest = tokens.iter().map(|t| t.bytes.len());
        let closers = syntax.block_comments.iter().map(|(_, c)| c.len());
        let quote_closers = syntax.quotes.iter().map(|q| q.close.len());
        let lookahead = longest.chain(closers).chain(quote_closers).fold(2, usize::max);
        debug_assert!(lookahead <= super::MAX_TOKEN);
        Classifier { class, tokens, nested: syntax.nested, lookahead }
    }

    pub fn for_language(id: LangId) -> &'static Classifier {
        static ALL: OnceLock<Vec<Classifier>> = OnceLock::new();
        let all = ALL.get_or_init(|| LANGUAGES.iter().map(|l| Classifier::new(&l.syntax)).collect());
        &all[usize::from(id.0)]
    }

    /// The code-mode token starting at `at`, longest first.
    pub(crate) fn token_at(&self, buf: &[u8], at: usize) -> Option<&Token> {
        let rest = &buf[at..];
        self.tokens.iter().find(|t| rest.starts_with(t.bytes))
    }
}
