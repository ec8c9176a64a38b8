//! Quote-like operators, whose delimiters the source chooses: Perl's `q{...}`, `qw(...)`,
//! `m{...}x`, `s#a#b#`, `tr/a-z/A-Z/`, Ruby's `%w[...]`, `%Q{...}`, `%r(...)`. Their bodies are
//! string (or regex) content wherever they run, so a `#` line inside one is code, as Perl's PPI and
//! Ruby's Ripper read it (a `#` in an `/x` regex is the regex's own comment: still inside the
//! regex token, so code). Shared by the fast machine and its twin like `markers.rs`: what opens at
//! a position, and what one byte inside does.

use super::markers::{is_word, is_ws, regex_may_follow, Tag};
use crate::lang::{Quote, QuoteLikes, Syntax};

/// An open quote-like body: its delimiters, how deep its brackets nest, and how many bodies are
/// still to come after it (`s{a}{b}`: one while in `a`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Delim {
    open: u8,
    close: u8,
    depth: u32,
    more: u8,
    /// Between two bracketed bodies (`s{a} {b}`): the next non-blank byte opens the next one.
    gap: bool,
}

impl Delim {
    fn new(open: u8, more: u8) -> Delim {
        let close = match open {
            b'{' => b'}',
            b'(' => b')',
            b'[' => b']',
            b'<' => b'>',
            other => other,
        };
        Delim { open, close, depth: 1, more, gap: false }
    }

    /// The bytes that may change anything inside a body: the rest can be skipped (not in a gap,
    /// where the first non-blank byte decides).
    pub(crate) fn stops(&self) -> Option<[u8; 3]> {
        (!self.gap).then_some([b'\\', self.open, self.close])
    }
}

/// What a quote-like start byte at the start of `rest` is.
pub(crate) enum QuoteLikeAt {
    /// A body opens after this many bytes (the operator and its delimiter).
    Opens(usize, Delim),
    /// A token that is code as a whole (Ruby's character literal `?'`), so its quote opens nothing.
    Code(usize),
}

/// The first bytes [`quote_like_opens`] may answer to.
pub(crate) fn starts(family: QuoteLikes) -> &'static [u8] {
    match family {
        QuoteLikes::None => b"",
        QuoteLikes::Perl => b"mqsty",
        QuoteLikes::Ruby => b"%?",
    }
}

/// A quote-like operator at the start of `rest`. `before` holds the two bytes before it (the
/// nearer last; newlines before the file), `prev` the last non-blank byte before it.
/// `keyword` says whether the word before it is one after which an operand is expected
/// ([`expects_operand`]); it is asked only where a word ends right before.
pub(crate) fn quote_like_opens(
    family: QuoteLikes,
    rest: &[u8],
    before: [u8; 2],
    prev: Option<u8>,
    keyword: impl FnOnce() -> bool,
) -> Option<QuoteLikeAt> {
    match family {
        QuoteLikes::None => None,
        QuoteLikes::Perl => perl(rest, before),
        QuoteLikes::Ruby if matches!(rest[0], b'%' | b'?') => {
            let operand = prev.is_some_and(ends_operand) && !(prev.is_some_and(is_word) && keyword());
            ruby(rest, before[1], prev, operand)
        }
        QuoteLikes::Ruby => None,
    }
}

/// Whether a `/` after `prev` (the last non-blank byte) opens a regex: where an operand is
/// expected by the byte ([`regex_may_follow`]); without quote-likes (JavaScript), after the `)` of
/// an `if`'s, `while`'s, `for`'s or `with`'s condition (`condition`, asked only after a `)`:
/// [`super::condition::closes_condition`]); with quote-likes (Perl, Ruby), after a keyword that
/// expects one (`split /,/`, `when /x/`). Right after a `:` it is Ruby's symbol `:/` instead.
pub(crate) fn regex_opens(
    family: QuoteLikes,
    before: u8,
    prev: Option<u8>,
    keyword: impl FnOnce() -> bool,
    condition: impl FnOnce() -> bool,
) -> bool {
    if family == QuoteLikes::None {
        return regex_may_follow(prev) || prev == Some(b')') && condition();
    }
    before != b':' && (regex_may_follow(prev) || prev.is_some_and(is_word) && keyword())
}

/// The string whose interpolation a regex literal has: Ruby's `/#{x}/` interpolates as its `"`
/// does (a regex opened inside an interpolation has none, as such a string has none). Perl's
/// variables in a regex open nothing that could end it, so they are not read.
pub(crate) fn regex_interpolation(syntax: &'static Syntax) -> Option<&'static Quote> {
    if syntax.quote_likes != QuoteLikes::Ruby {
        return None;
    }
    syntax.quotes.iter().find(|q| q.interpolation.is_some())
}

/// `q qq qw qx qr m` take one body, `s tr y` two. The word must stand alone: not part of a name
/// (`$s`, `@q`, `%y`, `&m`, `Foo::s`, `->s`, the file test `-s`, a regex's `\s`), nor a regex's
/// modifier (`/x/s || $y`; a quote-like's own modifiers are read with it, [`modifiers`]). Right
/// after the word any punctuation but a closing bracket, `=-\_` and `::` opens the body (`m$x$`,
/// `s:a:b:`, `m;x;`); after blanks only a bracket or `/|!` does, and not as `||`, `!=` or `!~`,
/// so `y => 1`, `s = 2` and `m,x,s || $y` stay code.
fn perl(rest: &[u8], before: [u8; 2]) -> Option<QuoteLikeAt> {
    let b = before[1];
    // The letters of `starts`, first: most start bytes (`$`, `=`, `<`) are none of them.
    if !matches!(rest[0], b'm' | b'q' | b's' | b't' | b'y')
        || is_word(b)
        || b"$@%&*:-'\"\\/)]}".contains(&b)
        || (b == b'>' && before[0] == b'-')
    {
        return None;
    }
    let word = rest.iter().take_while(|&&c| is_word(c)).count();
    let more = match &rest[..word] {
        b"q" | b"qq" | b"qw" | b"qx" | b"qr" | b"m" => 0,
        b"s" | b"tr" | b"y" => 1,
        _ => return None,
    };
    let blanks = rest[word..].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
    let &d = rest.get(word + blanks)?;
    let after = rest.get(word + blanks + 1).copied();
    let opens = if blanks > 0 {
        b"{([</".contains(&d)
            || d == b'|' && after != Some(b'|')
            || d == b'!' && !matches!(after, Some(b'=' | b'~'))
    } else {
        let pair = d == b':' && rest.get(word + 1) == Some(&b':');
        d.is_ascii_punctuation() && !b")]}>=-\\_".contains(&d) && !pair
    };
    opens.then(|| QuoteLikeAt::Opens(word + blanks + 1, Delim::new(d, more)))
}

/// Whether a byte ends an operand, so that a `%` or `?` after it is an operator.
fn ends_operand(b: u8) -> bool {
    is_word(b) || b")]}\"'`".contains(&b)
}

/// `%` with an optional type letter (`qQwWiIrsx`) and a punctuation delimiter (`=` is `%=`):
/// a literal where an operand is expected, or after a word and a blank (`puts %w[a]`, `when
/// %r{x}`); right after an operand (`a%(b)`, `"%d" % [x]` has a blank after) it is a modulo, and
/// after a `:` the symbol `:%`. `?` and a punctuation byte is a character literal where no operand
/// ends before it (`[?', ?"]`, `chomp(?/)`); after one it is the ternary's (`x ?'a':'b'`).
fn ruby(rest: &[u8], before: u8, prev: Option<u8>, operand: bool) -> Option<QuoteLikeAt> {
    match rest[0] {
        b'%' => {
            let spaced = is_ws(before) && prev.is_some_and(is_word);
            if operand && !spaced || before == b':' {
                return None;
            }
            let letter = rest.get(1).is_some_and(|c| b"qQwWiIrsx".contains(c));
            let at = 1 + usize::from(letter);
            let &d = rest.get(at)?;
            (d.is_ascii_punctuation() && d != b'=').then(|| QuoteLikeAt::Opens(at + 1, Delim::new(d, 0)))
        }
        b'?' if !operand && rest.get(1).is_some_and(u8::is_ascii_punctuation) => Some(QuoteLikeAt::Code(2)),
        _ => None,
    }
}

/// Whether an operand is expected after `word` (a keyword or a list operator), so that a `/`
/// after it opens a regex (`split /'/`, `when /"/`) and a `%` or `?` a literal (`else ?"`).
pub(crate) fn expects_operand(family: QuoteLikes, word: &[u8]) -> bool {
    let words: &[&[u8]] = match family {
        QuoteLikes::None => &[],
        QuoteLikes::Perl => &[
            b"and", b"cmp", b"eq", b"ge", b"grep", b"gt", b"if", b"join", b"le", b"lt", b"map", b"ne",
            b"not", b"or", b"print", b"push", b"return", b"split", b"unless", b"unshift", b"until", b"when",
            b"while",
        ],
        QuoteLikes::Ruby => &[
            b"and", b"case", b"do", b"else", b"elsif", b"end", b"if", b"in", b"not", b"or", b"print",
            b"puts", b"raise", b"return", b"then", b"unless", b"until", b"when", b"while", b"yield",
        ],
    };
    words.contains(&word)
}

/// The word that the bytes before a position end with, blanks and newlines after it allowed, as
/// far as a keyword goes: a longer word is kept as a byte no keyword holds. `open`: the bytes end
/// inside the word, so the bytes after them may go on with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LastWord {
    word: Tag,
    open: bool,
}

/// Longer than every keyword of [`expects_operand`].
const LONG_WORD: usize = 8;

impl LastWord {
    pub(crate) const NONE: LastWord = LastWord { word: Tag::EMPTY, open: false };

    /// The last word once `bytes` have followed the bytes this one was taken from.
    pub(crate) fn after(self, bytes: &[u8]) -> LastWord {
        let Some(end) = bytes.iter().rposition(|&b| !is_ws(b) && b != b'\n') else {
            return LastWord { open: self.open && bytes.is_empty(), ..self };
        };
        if !is_word(bytes[end]) {
            return LastWord::NONE;
        }
        let start = bytes[..=end].iter().rposition(|&b| !is_word(b)).map_or(0, |p| p + 1);
        let tail = &bytes[start..=end];
        let joined = start == 0 && self.open;
        let len = tail.len() + if joined { self.word.as_bytes().len() } else { 0 };
        let word = if len > LONG_WORD {
            Tag::new(b"\0")
        } else if joined {
            Tag::new(&[self.word.as_bytes(), tail].concat())
        } else {
            Tag::new(tail)
        };
        LastWord { word, open: end + 1 == bytes.len() && is_word(bytes[end]) }
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.word.as_bytes()
    }
}

/// What one byte inside a quote-like does.
pub(crate) enum DelimStep {
    /// Still inside after this many bytes.
    Inside(Delim, usize),
    /// The operator ended after this many bytes; 0: the byte at hand was not the next body's
    /// delimiter, and is code to be read again.
    Ends(usize),
}

/// One step at the start of `rest`, a non-blank byte that is not a newline: an escape takes the
/// byte after it (not a newline, which ends its line as always), an opening bracket nests, the
/// closer ends the body, and the next body starts with the same delimiter (`s/a/b/`) or, after
/// brackets, at the next non-blank byte (`s{a} {b}`, `s{a}/b/`). The last body's closer ends the
/// operator with its modifiers ([`modifiers`]).
pub(crate) fn delim_step(d: Delim, rest: &[u8]) -> DelimStep {
    let b = rest[0];
    if d.gap {
        return if b.is_ascii_punctuation() && !b")]}>#".contains(&b) {
            DelimStep::Inside(Delim::new(b, d.more), 1)
        } else {
            DelimStep::Ends(0)
        };
    }
    if b == b'\\' {
        let len = if rest.get(1).is_some_and(|&c| c != b'\n') { 2 } else { 1 };
        return DelimStep::Inside(d, len);
    }
    if b == d.open && d.open != d.close {
        return DelimStep::Inside(Delim { depth: d.depth + 1, ..d }, 1);
    }
    if b != d.close {
        return DelimStep::Inside(d, 1);
    }
    match (d.depth, d.more) {
        (1, 0) => DelimStep::Ends(1 + modifiers(&rest[1..])),
        (1, more) if d.open == d.close => DelimStep::Inside(Delim { more: more - 1, ..d }, 1),
        (1, more) => DelimStep::Inside(Delim { more: more - 1, gap: true, ..d }, 1),
        (depth, _) => DelimStep::Inside(Delim { depth: depth - 1, ..d }, 1),
    }
}

/// The letters right after an operator's last closer are its modifiers (`m#x#s`, `s/a/b/gex`,
/// `%r{x}i`), part of it: none of them opens a quote-like of its own.
fn modifiers(after: &[u8]) -> usize {
    after.iter().take_while(|b| b.is_ascii_alphabetic()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opens(family: QuoteLikes, src: &[u8], before: &[u8]) -> Option<usize> {
        let before = [before[0], before[1]];
        let prev = before.iter().rev().copied().find(|&b| !is_ws(b) && b != b'\n');
        match quote_like_opens(family, src, before, prev, || false)? {
            QuoteLikeAt::Opens(len, _) => Some(len),
            QuoteLikeAt::Code(_) => None,
        }
    }

    #[test]
    fn perl_quote_likes_open_only_as_operators() {
        let perl = |src: &[u8], before: &[u8]| opens(QuoteLikes::Perl, src, before);
        assert_eq!(perl(b"q{a}", b"\n "), Some(2));
        assert_eq!(perl(b"qw (a b)", b"= "), Some(4));
        assert_eq!(perl(b"s#a#b#", b"~ "), Some(2));
        assert_eq!(perl(b"tr/a/b/", b"~ "), Some(3));
        assert_eq!(perl(b"s{a}", b"\n$"), None, "a variable");
        assert_eq!(perl(b"s($f)", b" -"), None, "a file test");
        assert_eq!(perl(b"s(1)", b"->"), None, "a method");
        assert_eq!(perl(b"y => 1", b"( "), None, "a fat comma's word");
        assert_eq!(perl(b"y}", b"h{"), None, "a hash key");
        assert_eq!(perl(b"sub", b"\n "), None, "a longer word");
        assert_eq!(perl(b"qq #a#", b"\n "), None, "a comment after a blank");
        assert_eq!(perl(b"s+", b"(\\"), None, "a regex escape");
        assert_eq!(perl(b"s ||", b"$/"), None, "a regex modifier");
        assert_eq!(perl(b"s || $y", b",,"), None, "a modifier before `||`");
        assert_eq!(perl(b"m;^x;x", b"~ "), Some(2), "semicolons delimit too");
        assert_eq!(perl(b"m$a$", b"~ "), Some(2), "dollar delimiters");
    }

    #[test]
    fn ruby_percent_literals_are_not_modulos() {
        let ruby = |src: &[u8], before: &[u8]| opens(QuoteLikes::Ruby, src, before);
        assert_eq!(ruby(b"%w[a b]", b"= "), Some(3));
        assert_eq!(ruby(b"%{a}", b"s "), Some(2), "after a word and a blank: a method's argument");
        assert_eq!(ruby(b"%(b)", b" a"), None, "right after an operand");
        assert_eq!(ruby(b"% [x]", b"\" "), None, "a blank after it");
        assert_eq!(ruby(b"%=", b"x "), None, "modulo-assign");
        let code = |src: &[u8], prev| quote_like_opens(QuoteLikes::Ruby, src, [b' ', b' '], prev, || false);
        assert!(matches!(code(b"?'", Some(b',')), Some(QuoteLikeAt::Code(2))));
        assert!(code(b"?'a'", Some(b'x')).is_none(), "a ternary after an operand");
        let after_else = quote_like_opens(QuoteLikes::Ruby, b"?\"", *b"e ", Some(b'e'), || true);
        assert!(matches!(after_else, Some(QuoteLikeAt::Code(2))), "after a keyword");
    }

    #[test]
    fn the_last_word_carries_over_cut_bytes() {
        let word = |parts: &[&[u8]]| parts.iter().fold(LastWord::NONE, |w, p| w.after(p)).as_bytes().to_vec();
        assert_eq!(word(&[b"x = spl", b"it", b" \n "]), b"split");
        assert_eq!(word(&[b"a when ", b"x"]), b"x");
        assert_eq!(word(&[b"when", b" ", b"if"]), b"if");
        assert_eq!(word(&[b"if)", b" "]), b"");
        assert_eq!(word(&[b"unless_", b"it_is"]), b"\0", "too long for a keyword");
        assert!(expects_operand(QuoteLikes::Perl, b"split") && !expects_operand(QuoteLikes::Perl, b"x"));
    }

    #[test]
    fn a_body_nests_brackets_and_takes_its_second_part() {
        let run = |src: &[u8], d: Delim| {
            let mut d = d;
            let mut i = 0;
            while i < src.len() {
                if is_ws(src[i]) || src[i] == b'\n' {
                    i += 1;
                    continue;
                }
                match delim_step(d, &src[i..]) {
                    DelimStep::Inside(next, len) => (d, i) = (next, i + len),
                    DelimStep::Ends(len) => return Some(i + len),
                }
            }
            None
        };
        assert_eq!(run(b"a {b} c} d", Delim::new(b'{', 0)), Some(8));
        assert_eq!(run(b"a\\}b} d", Delim::new(b'{', 0)), Some(5), "an escaped closer");
        assert_eq!(run(b"a/b/g", Delim::new(b'/', 1)), Some(5), "with its modifier");
        assert_eq!(run(b"a}\n  {b}x", Delim::new(b'{', 1)), Some(9));
        assert_eq!(run(b"a} x", Delim::new(b'{', 1)), Some(3), "no second body: code again");
        assert_eq!(run(b"a#s;", Delim::new(b'#', 0)), Some(3), "the modifier `s` ends it, not `;`");
        assert_eq!(run(b"a}{b}gex;", Delim::new(b'{', 1)), Some(8));
    }
}
