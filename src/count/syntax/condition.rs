//! The condition of JavaScript's `if`, `while`, `for` and `with`: a `/` after its `)` opens a
//! regex literal (`if (x) /re/.test(s)`), where after any other `)` it is a division. acorn,
//! esprima and TypeScript's scanner read it so, by remembering at each `(` the token before it.
//! Parentheses are not stop bytes of the fast loops, so both engines look back from the `)`
//! instead, over a bounded stretch that the fast path keeps across chunks ([`Earlier`]).

use super::markers::{is_word, is_ws};

/// How far back the `(` of a condition and its keyword are looked for, counted from the `/`:
/// further back, the `/` stays a division.
pub(crate) const CONDITION_REACH: usize = 128;

/// The longest keyword that a condition follows (`while`), and one byte more.
const KEYWORD: usize = 6;

/// Whether the bytes before a `/` (`earlier`, then `bytes`: the nearer last) end, blanks aside,
/// with the `)` that closes the condition of `if`, `while`, `for` or `with`: its `(`, the blanks
/// and the keyword before it within [`CONDITION_REACH`] bytes, the keyword no property (`a.if(`)
/// and no longer word's end. Parentheses are matched as bytes: one in a string between them
/// miscounts, the same way in both engines.
pub(crate) fn closes_condition(earlier: &[u8], bytes: &[u8]) -> bool {
    let blank = |b: &u8| is_ws(*b) || *b == b'\n';
    let mut back = bytes.iter().rev().chain(earlier.iter().rev()).take(CONDITION_REACH);
    if back.by_ref().find(|b| !blank(b)) != Some(&b')') {
        return false;
    }
    let mut depth = 1u32;
    for &b in back.by_ref() {
        match b {
            b')' => depth += 1,
            b'(' if depth == 1 => {
                depth = 0;
                break;
            }
            b'(' => depth -= 1,
            _ => {}
        }
    }
    if depth != 0 {
        return false;
    }
    let mut word = [0u8; KEYWORD];
    let mut len = 0;
    let mut back = back.skip_while(|b| blank(b));
    let ahead = loop {
        match back.next() {
            Some(&b) if (is_word(b) || b == b'$') && len < KEYWORD => {
                word[KEYWORD - 1 - len] = b;
                len += 1;
            }
            other => break other,
        }
    };
    ahead.map_or(true, |&b| !is_word(b) && b != b'$' && b != b'.')
        && matches!(&word[KEYWORD - len..], b"if" | b"while" | b"for" | b"with")
}

/// The last [`CONDITION_REACH`] bytes before a chunk, kept for [`closes_condition`] by the fast
/// path of a language with regex literals. Empty, and never allocated, for a file counted in one
/// piece.
#[derive(Debug, Default)]
pub(crate) struct Earlier {
    bytes: Option<Box<[u8]>>,
}

impl Earlier {
    /// The bytes once `used` has followed them: made anew, once a chunk.
    pub(crate) fn extend(&mut self, used: &[u8]) {
        let old = self.bytes();
        let keep = CONDITION_REACH.saturating_sub(used.len()).min(old.len());
        let bytes = [&old[old.len() - keep..], &used[used.len().saturating_sub(CONDITION_REACH)..]].concat();
        self.bytes = Some(bytes.into_boxed_slice());
    }

    pub(crate) fn bytes(&self) -> &[u8] {
        self.bytes.as_deref().unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(src: &str) -> bool {
        closes_condition(b"", src.as_bytes())
    }

    #[test]
    fn a_keyword_condition_ends_before_the_slash() {
        for src in ["if (x) ", "if(x)", "while (a(b)(c))", "for (;;)\n", "x; with (o) ", "} else if (f(a)) "]
        {
            assert!(after(src), "{src:?}");
        }
    }

    #[test]
    fn other_parentheses_end_an_operand() {
        for src in ["f(x) ", "(a + b)", "a.if(x)", "$if(x)", "elif(x)", "iff (x)", "if (x) y", "if (x", "x)"]
        {
            assert!(!after(src), "{src:?}");
        }
    }

    #[test]
    fn the_lookback_is_bounded_and_split_anywhere_the_same() {
        let src = format!("if ({})", "a".repeat(CONDITION_REACH - 6));
        assert!(after(&src));
        assert!(!after(&format!("if ({})", "a".repeat(CONDITION_REACH - 4))), "the `i` out of reach");
        let mut earlier = Earlier::default();
        for (cut, _) in src.char_indices() {
            earlier.extend(&src.as_bytes()[..cut]);
            assert!(closes_condition(earlier.bytes(), &src.as_bytes()[cut..]), "cut at {cut}");
            earlier = Earlier::default();
        }
        for piece in src.as_bytes().chunks(7) {
            earlier.extend(piece);
        }
        assert_eq!(earlier.bytes(), src.as_bytes());
        assert!(closes_condition(earlier.bytes(), b" "));
        earlier.extend(b" x");
        assert_eq!(earlier.bytes(), &[src.as_bytes(), b" x"].concat()[1..], "the last bytes kept");
        assert!(!closes_condition(earlier.bytes(), b" "));
    }
}
