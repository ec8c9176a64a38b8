//! What a marker is, shared by the fast machine and its byte-by-byte twin: which openers a language
//! has and in what order they are tried, and the recognizers for markers whose length the source
//! decides (a delimiter tag, a heredoc word, a character literal).
//!
//! Both engines call these on the same [`window`] of bytes, so a decision never depends on where a
//! chunk happens to end. The twin checks the fast path's skipping, chunking and mode changes, not
//! these functions; `feature_tests.rs` checks them, one syntax feature per test.

use crate::count::WINDOW;
use crate::lang::{Block, Hashbang, Heredoc, Quote, Syntax, TagAt};

/// The bytes from `at` on, at most [`WINDOW`] of them: all any recognizer may look at.
pub(crate) fn window(buf: &[u8], at: usize) -> &[u8] {
    &buf[at..buf.len().min(at + WINDOW)]
}

pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

pub(crate) fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The variable part of a delimiter (Lua's `==`, Rust's `##`), or a heredoc's word. Fixed size and
/// `Copy`: the counter keeps the open span's tag without allocating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tag {
    len: u8,
    bytes: [u8; WINDOW],
}

impl Tag {
    pub(crate) const EMPTY: Tag = Tag { len: 0, bytes: [0; WINDOW] };

    pub(crate) fn new(b: &[u8]) -> Tag {
        let mut t = Tag::EMPTY;
        t.bytes[..b.len()].copy_from_slice(b);
        t.len = b.len() as u8;
        t
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// Where a tag sits in the bytes an opener matched: `(start, len)`. Kept as a position rather than
/// a [`Tag`] so the common untagged opener copies nothing.
pub(crate) type TagSpan = Option<(usize, usize)>;

/// A marker spelled `m` with a tag spliced in at `at` (when tagged) made of `chars`. Returns the
/// length matched and where the tag is.
fn open_tagged(rest: &[u8], m: &[u8], at: Option<TagAt>, chars: &[u8]) -> Option<(usize, TagSpan)> {
    let Some(at) = at else {
        return has_prefix(rest, m).then_some((m.len(), None));
    };
    let start = usize::from(at.open);
    let (head, tail) = m.split_at(start);
    let after = rest.strip_prefix(head)?;
    let n = after.iter().take_while(|b| chars.contains(b)).count();
    has_prefix(&after[n..], tail).then_some((m.len() + n, Some((start, n))))
}

fn close_tagged(rest: &[u8], m: &[u8], at: Option<TagAt>, tag: &Tag) -> Option<usize> {
    let Some(at) = at else {
        return has_prefix(rest, m).then_some(m.len());
    };
    let (head, tail) = m.split_at(usize::from(at.close));
    let rest = rest.strip_prefix(head)?.strip_prefix(tag.as_bytes())?;
    has_prefix(rest, tail).then_some(m.len() + tag.as_bytes().len())
}

/// A marker that ends in a word byte must not run into another one: `REM` is a comment, `REMOVE`
/// is a command, `=end` closes and `=ending` does not.
fn ends_a_word(rest: &[u8], len: usize) -> bool {
    !(is_word(rest[len - 1]) && rest.get(len).is_some_and(|&b| is_word(b)))
}

/// Where on its line a marker sits, for the markers that care: `start` right after a newline (or
/// at the start of the file), `head` with nothing but blanks before it on the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    pub start: bool,
    pub head: bool,
}

/// Only blanks follow the `len` bytes of a marker up to the end of its line: the end of the file,
/// or of a window shorter than [`WINDOW`], counts as the end of the line.
fn alone_after(rest: &[u8], len: usize) -> bool {
    match rest[len..].iter().position(|&b| !is_ws(b)) {
        Some(at) => rest[len + at] == b'\n',
        None => rest.len() < WINDOW,
    }
}

/// Whether a block marker may stand at `place`, and what the rest of its line allows.
fn placed(b: &Block, rest: &[u8], len: usize, place: Place) -> bool {
    (!b.line_start || place.start) && (!b.alone || (place.head && alone_after(rest, len)))
}

/// A block opener at the start of `rest`, honouring `line_start`, `alone`, tags and word ends.
pub(crate) fn block_opens(rest: &[u8], b: &Block, chars: &[u8], place: Place) -> Option<(usize, TagSpan)> {
    if b.line_start && !place.start {
        return None;
    }
    let (len, tag) = open_tagged(rest, b.open, b.tag, chars)?;
    (ends_a_word(rest, len) && placed(b, rest, len, place)).then_some((len, tag))
}

/// The closer of the block opened with `tag`, at the start of `rest`.
pub(crate) fn block_closes(rest: &[u8], b: &Block, tag: &Tag, place: Place) -> Option<usize> {
    if b.line_start && !place.start {
        return None;
    }
    let len = close_tagged(rest, b.close, b.tag, tag)?;
    (ends_a_word(rest, len) && placed(b, rest, len, place)).then_some(len)
}

/// What a string's closer does at the start of `rest`.
pub(crate) enum Close {
    /// The string ends after this many bytes.
    Ends(usize),
    /// These bytes are text of the string: a doubled closer, or a quote before the last of a run.
    Text(usize),
}

pub(crate) fn quote_closes(rest: &[u8], q: &Quote, tag: &Tag) -> Option<Close> {
    let len = close_tagged(rest, q.close, q.tag, tag)?;
    if q.doubled && has_prefix(&rest[len..], q.close) {
        return Some(Close::Text(2 * len));
    }
    if q.close_last_of_run && rest.get(len) == q.close.last() {
        return Some(Close::Text(1));
    }
    Some(Close::Ends(len))
}

/// What an interpolation's opener at the start of `rest` is.
pub(crate) enum InterpolationOpener {
    /// The interpolation opens after this many bytes.
    Opens(usize),
    /// A one-byte opener written twice: these bytes are text (C#'s `{{`).
    Text(usize),
}

pub(crate) fn interpolation_opens(
    rest: &[u8],
    h: &crate::lang::Interpolation,
) -> Option<InterpolationOpener> {
    if !has_prefix(rest, h.open) {
        return None;
    }
    if h.open.len() == 1 && rest.get(1) == Some(&h.open[0]) {
        return Some(InterpolationOpener::Text(2));
    }
    Some(InterpolationOpener::Opens(h.open.len()))
}

/// The length of a whole character literal opened by `q` at the start of `rest`: one character or
/// one escape, then the closer. `None` leaves the quote to be code (a lifetime, a label, a prime).
pub(crate) fn char_literal(rest: &[u8], q: &Quote) -> Option<usize> {
    let body = rest.strip_prefix(q.open)?;
    let &first = body.first()?;
    let len = if Some(first) == q.escape {
        // The escaped byte, then anything up to the closer on this line: `'\''`, `'\u{1F600}'`.
        if body.get(1).map_or(true, |&b| b == b'\n') {
            return None;
        }
        let after = &body[2..];
        let end = after.iter().position(|&b| b == b'\n' || b == q.close[0])?;
        if !has_prefix(&after[end..], q.close) {
            return None;
        }
        2 + end
    } else {
        if first == b'\n' || first == b'\r' || has_prefix(body, q.close) {
            return None;
        }
        let width = match first {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 1,
        };
        // Only continuation bytes complete the character: a lead byte before a newline is not a
        // character holding that newline (found by fuzz/: the line vanished from the count).
        if !body.get(1..width)?.iter().all(|b| (0x80..=0xBF).contains(b)) {
            return None;
        }
        if !has_prefix(body.get(width..)?, q.close) {
            return None;
        }
        width
    };
    Some(q.open.len() + len + q.close.len())
}

/// What a code-mode opener is.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    LineComment,
    Block(&'static Block),
    Quote(&'static Quote),
    /// A marker that is code and hides what it spells (C3's `[<`).
    Code,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Opener {
    /// The marker without its tag: what decides the start class and the order.
    pub bytes: &'static [u8],
    pub kind: Kind,
}

/// What an opener matched: its length, its tag, and whether it already ended (a character
/// literal, a code token) so the machine stays in code.
pub(crate) struct Opened {
    pub len: usize,
    /// Where the tag is, for a tagged opener; `None` leaves the span's closer untagged.
    pub tag: TagSpan,
    pub whole: bool,
}

impl Opened {
    /// The tag of a tagged opener, read out of the bytes it matched.
    pub(crate) fn tag_in(&self, rest: &[u8]) -> Option<Tag> {
        self.tag.map(|(start, len)| Tag::new(&rest[start..start + len]))
    }
}

impl Opener {
    pub(crate) fn matches(&self, rest: &[u8], syntax: &Syntax, place: Place) -> Option<Opened> {
        let bytes_here = || {
            let len = self.bytes.len();
            (has_prefix(rest, self.bytes) && ends_a_word(rest, len)).then_some(len)
        };
        match self.kind {
            Kind::LineComment => bytes_here().map(|len| Opened { len, tag: None, whole: false }),
            Kind::Code => bytes_here().map(|len| Opened { len, tag: None, whole: true }),
            Kind::Block(b) => block_opens(rest, b, syntax.tag_chars, place).map(|(len, tag)| Opened {
                len,
                tag,
                whole: false,
            }),
            Kind::Quote(q) if q.char_literal => {
                char_literal(rest, q).map(|len| Opened { len, tag: None, whole: true })
            }
            Kind::Quote(q) => {
                let (len, tag) = open_tagged(rest, q.open, q.tag, syntax.tag_chars)?;
                ends_a_word(rest, len).then_some(Opened { len, tag, whole: false })
            }
        }
    }
}

/// Every opener of a language, longest fixed part first (stable, so the table's order breaks ties).
pub(crate) fn openers(syntax: &'static Syntax) -> Vec<Opener> {
    let mut all: Vec<Opener> = syntax
        .line_comments
        .iter()
        .map(|&bytes| Opener { bytes, kind: Kind::LineComment })
        .chain(syntax.block_comments.iter().map(|b| Opener { bytes: b.open, kind: Kind::Block(b) }))
        .chain(syntax.quotes.iter().map(|q| Opener { bytes: q.open, kind: Kind::Quote(q) }))
        .chain(syntax.code_tokens.iter().map(|&bytes| Opener { bytes, kind: Kind::Code }))
        .collect();
    all.sort_by_key(|o| std::cmp::Reverse(o.bytes.len()));
    all
}

/// What a heredoc opener's bytes at the start of `rest` turn out to be.
pub(crate) enum HeredocAt {
    /// A heredoc: the opener's length, its word, and whether the closing word may be indented.
    Opens(usize, Tag, bool),
    /// An operator spelled with one more byte of the opener (the shell's here-string `<<<`): code,
    /// all of it, so its tail is not read as an opener in turn.
    Longer(usize),
}

/// A heredoc opener at the start of `rest`. The word must end inside the window; unquoted it must
/// start with a capital or `_`, which keeps `class <<self` and `1<<x` from swallowing the rest of
/// the file (RuboCop and shell style both write heredoc words in capitals).
pub(crate) fn heredoc_opens(rest: &[u8], h: &Heredoc) -> Option<HeredocAt> {
    let mut p = h.open.len();
    if !has_prefix(rest, h.open) {
        return None;
    }
    if rest.get(p) == h.open.last() {
        return Some(HeredocAt::Longer(p + 1));
    }
    let indent = rest.get(p).is_some_and(|b| h.indent_flags.contains(b));
    p += usize::from(indent);
    let blanks = rest[p.min(rest.len())..].iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    if h.space || h.quoted_space && matches!(rest.get(p + blanks), Some(b'\'' | b'"')) {
        p += blanks;
    }
    let quote = rest.get(p).copied().filter(|&b| matches!(b, b'\'' | b'"') || b == b'\\' && h.backslash);
    p += usize::from(quote.is_some());
    if let Some(q @ (b'\'' | b'"')) = quote {
        return quoted_heredoc(rest, p, q, indent, h.lax);
    }
    let word_len = rest[p.min(rest.len())..].iter().take_while(|&&b| is_word(b)).count();
    let word = &rest[p.min(rest.len())..][..word_len];
    let first = *word.first()?;
    let capital = first.is_ascii_uppercase() || first == b'_';
    if first.is_ascii_digit() || (quote.is_none() && !capital && !h.lax) {
        return None;
    }
    p += word_len;
    if p >= rest.len() {
        return None;
    }
    Some(HeredocAt::Opens(p, Tag::new(word), indent || h.lax))
}

/// A heredoc whose word is quoted from `from` on, up to the quote `q` on the same line: any bytes
/// (`<<'=back'`, `<<'.'`, `<<"END OF TEXT"`), but none that reads as a string's escape or
/// interpolation (`<<"\n"`, `<<"$x"`: a string after a shift or an append, never a word). Blanks
/// leading the word (`<<"    EOT"`) stand before the closing word too, which is taken at any
/// indentation.
fn quoted_heredoc(rest: &[u8], from: usize, q: u8, indent: bool, lax: bool) -> Option<HeredocAt> {
    let quoted = rest.get(from..)?;
    let len = quoted.iter().position(|&b| b == q || matches!(b, b'\n' | b'\\' | b'$' | b'{' | b'}'))?;
    if quoted[len] != q {
        return None;
    }
    let blanks = quoted.iter().take_while(|&&b| b == b' ' || b == b'\t').count().min(len);
    let word = &quoted[blanks..len];
    if word.is_empty() {
        return None;
    }
    Some(HeredocAt::Opens(from + len + 1, Tag::new(word), indent || blanks > 0 || lax))
}

/// The heredoc's word ending its line at the start of `rest`; with `lax` (PHP), before any byte
/// but a word's.
pub(crate) fn heredoc_closes(rest: &[u8], word: &Tag, lax: bool) -> Option<usize> {
    let after = rest.strip_prefix(word.as_bytes())?;
    if lax {
        return (!after.first().is_some_and(|&b| is_word(b))).then_some(word.as_bytes().len());
    }
    let after = after.strip_prefix(b"\r").unwrap_or(after);
    (after.is_empty() || after[0] == b'\n').then_some(word.as_bytes().len())
}

/// A body that starts on the line after its opener: a heredoc's (its word, and whether the closing
/// word may be indented) or a YAML block scalar's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pending {
    Heredoc(Tag, bool),
    Scalar(Scalar),
}

/// An open YAML block scalar, or Kconfig's help text: the indentation of its indicator's line (the
/// node it belongs to; 0 for help text, whose first line must only be indented), and that of its
/// content once its first non-blank line has set it (0 until then: content is always indented
/// more than its node). Columns in bytes, or for help text with a tab to the next multiple of 8
/// (`tabs`), as Kconfig's lexer measures them; saturated at `u16::MAX`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scalar {
    parent: u16,
    indent: u16,
    tabs: bool,
}

impl Scalar {
    /// Kconfig's help text, before its first line.
    const HELP: Scalar = Scalar { parent: 0, indent: 0, tabs: true };

    /// The scalar after a line whose first non-blank byte stands at `width` (the [`Scalar::width`]
    /// of its blanks): still open (its first such line sets the content's indentation, which must
    /// be more than its node's), or ended by a line indented less, which belongs to the code
    /// after it.
    pub(crate) fn holds(self, width: usize) -> Option<Scalar> {
        let col = u16::try_from(width).unwrap_or(u16::MAX);
        match self.indent {
            0 => (col > self.parent).then_some(Scalar { indent: col, ..self }),
            indent => (col >= indent).then_some(self),
        }
    }

    /// How wide the blanks opening a line are by this scalar's measure.
    pub(crate) fn width(self, indent: Indent) -> usize {
        if self.tabs {
            indent.columns
        } else {
            indent.blanks
        }
    }

    /// Whether a tab counts to its stop: a line's width is then not its number of blanks.
    pub(crate) fn tabs(self) -> bool {
        self.tabs
    }
}

/// A YAML block scalar's indicator at the start of `rest`: `|` or `>`, at most two chomping and
/// indentation bytes (`|-`, `>+2`), then only blanks or a comment to the end of its line. It must
/// follow a blank (`before`) after a mapping's `:` or a sequence's `-` (`prev`, the last non-blank
/// byte). `indent` counts the blanks opening the indicator's line, asked only of an indicator (it
/// looks back over the line). Elsewhere (`a | b`, `key: |x`) the byte is plain text.
pub(crate) fn block_scalar_opens(
    rest: &[u8],
    before: u8,
    prev: Option<u8>,
    indent: impl FnOnce() -> usize,
) -> Option<Scalar> {
    if !matches!(rest.first(), Some(b'|' | b'>')) || !is_ws(before) || !matches!(prev, Some(b':' | b'-')) {
        return None;
    }
    let flags = rest[1..].iter().take(2).take_while(|b| matches!(b, b'+' | b'-' | b'1'..=b'9')).count();
    let after = &rest[1 + flags..];
    let blanks = after.iter().take_while(|&&b| is_ws(b)).count();
    match after.get(blanks) {
        Some(b'\n') => {}
        Some(b'#') if blanks > 0 => {}
        None if rest.len() < WINDOW => {}
        _ => return None,
    }
    let parent = u16::try_from(indent()).unwrap_or(u16::MAX);
    let digit = rest[1..1 + flags].iter().find(|b| b.is_ascii_digit()).map_or(0, |d| u16::from(d - b'0'));
    let indent = if digit == 0 { 0 } else { parent.saturating_add(digit) };
    Some(Scalar { parent, indent, tabs: false })
}

/// Whether a block scalar's indicator at the start of `rest`, after the byte `before`, is ruled
/// out by those two bytes alone, as [`block_scalar_opens`] rules it out: no blank before it, or a
/// byte after it that is neither a chomping or indentation byte, a blank, a newline nor `#`.
#[inline(always)]
pub(crate) fn block_scalar_ruled_out(rest: &[u8], before: u8) -> bool {
    !is_ws(before)
        || rest.get(1).is_some_and(|&b| !matches!(b, b'+' | b'-' | b'1'..=b'9' | b'\n' | b'#') && !is_ws(b))
}

/// Whether a file's first bytes (after a byte-order mark: `rest`, a [`window`], shorter only where
/// the file ends) open a `#!` line that is a comment, as `hashbang` says: ECMAScript's
/// HashbangComment and Groovy's always, rustc's unless an inner attribute (`#![allow(x)]`) starts
/// there. Python's and the shell's need no rule of their own: `#` comments there anyway.
pub(crate) fn hashbang_opens(rest: &[u8], hashbang: Hashbang) -> bool {
    match (hashbang, rest.strip_prefix(b"#!")) {
        (Hashbang::None, _) | (_, None) => false,
        (Hashbang::Line, Some(_)) => true,
        (Hashbang::UnlessAttribute, Some(after)) => !attribute_follows(after),
    }
}

/// Whether the first token of `rest` is `[`, blanks, newlines and comments other than doc
/// comments (`///`, `//!`, `/**`, `/*!`) aside, as rustc's `strip_shebang` asks. Blanks or a
/// comment running to the window's end leave no `[` in sight: no attribute.
fn attribute_follows(rest: &[u8]) -> bool {
    let mut at = 0;
    loop {
        at += rest[at..].iter().take_while(|&&b| is_ws(b) || b == b'\n').count();
        let next = &rest[at..];
        let doc = match (next.get(1), next.get(2), next.get(3)) {
            (_, Some(b'!'), _) => true,
            (Some(b'/'), Some(b'/'), fourth) => fourth != Some(&b'/'),
            (Some(b'*'), Some(b'*'), fourth) => !matches!(fourth, Some(b'*' | b'/')),
            _ => false,
        };
        let comment = match next {
            [b'/', b'/', ..] if !doc => memchr::memchr(b'\n', next),
            [b'/', b'*', ..] if !doc => nested_comment_len(next),
            _ => return next.first() == Some(&b'['),
        };
        match comment {
            Some(len) => at += len,
            None => return false,
        }
    }
}

/// The length of the nested block comment opening `rest` (`/* /* */ */`), where it closes in it.
fn nested_comment_len(rest: &[u8]) -> Option<usize> {
    let (mut depth, mut at) = (0usize, 0);
    while at + 1 < rest.len() {
        match &rest[at..at + 2] {
            b"/*" => depth += 1,
            b"*/" => depth -= 1,
            _ => {
                at += 1;
                continue;
            }
        }
        at += 2;
        if depth == 0 {
            return Some(at);
        }
    }
    None
}

/// Kconfig's help keyword (one of `words`) at the start of `rest`, first on its line (`head`:
/// nothing but blanks before it) and followed by nothing but blanks or a comment: the lines after
/// it are help text, which scripts/kconfig/lexer.l reads verbatim, `#` lines included, while they
/// are indented at least as much as its first line. Returns the word's length and the help text,
/// to start at the next newline. Elsewhere (`depends on help`, `help2`) the word is code.
pub(crate) fn help_text_opens(rest: &[u8], words: &[&[u8]], head: bool) -> Option<(usize, Scalar)> {
    if !head {
        return None;
    }
    let word = words.iter().find(|w| has_prefix(rest, w))?;
    let after = &rest[word.len()..];
    let blanks = after.iter().take_while(|&&b| is_ws(b)).count();
    match after.get(blanks) {
        Some(b'\n' | b'#') => {}
        None if rest.len() < WINDOW => {}
        _ => return None,
    }
    Some((word.len(), Scalar::HELP))
}

/// The blanks opening a line, counted where the bytes come in pieces: `blanks` so far, how many
/// columns they take with a tab to the next multiple of 8 (Kconfig's measure), and whether a
/// non-blank byte has ended them.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Indent {
    pub blanks: usize,
    pub columns: usize,
    pub ended: bool,
}

/// The indentation of the line that is open at the end of `bytes`; `carried` is that of the line
/// open where `bytes` begin, which goes on when `bytes` hold no newline.
pub(crate) fn line_indent(bytes: &[u8], carried: Indent) -> Indent {
    let (head, from) = match bytes.iter().rposition(|&b| b == b'\n') {
        Some(nl) => (Indent::default(), nl + 1),
        None => (carried, 0),
    };
    if head.ended {
        return head;
    }
    let line = &bytes[from..];
    let n = line.iter().take_while(|&&b| is_ws(b)).count();
    let columns = line[..n].iter().fold(head.columns, |c, &b| if b == b'\t' { (c & !7) + 8 } else { c + 1 });
    Indent { blanks: head.blanks + n, columns, ended: n < line.len() }
}

/// Whether a `/` after this byte (the last non-blank one before it, `None` at the start of the
/// file) begins a regular expression rather than a division: only where an operand is expected.
/// Keywords (`return /x/`) and `)`, `]`, `}` are read as ending an operand. `~` is the end of
/// Perl's and Ruby's match operator `=~` (and of a unary `~`, which an operand follows).
pub(crate) fn regex_may_follow(prev: Option<u8>) -> bool {
    prev.map_or(true, |b| b"(,=:[!&|?{;~".contains(&b))
}

/// `rest.starts_with(m)` without a call into memcmp: markers are a few bytes long, and the call
/// cost more than the compare (3.3 M of 87 M instructions on a C sample, by callgrind).
#[inline(always)]
pub(crate) fn has_prefix(rest: &[u8], m: &[u8]) -> bool {
    rest.len() >= m.len() && rest.iter().zip(m).all(|(a, b)| a == b)
}

/// How far back a digit separator's number is looked for: a 64-bit binary literal with a
/// separator every four digits is 81 bytes. A longer run is no number (its `'` opens a literal).
pub(crate) const NUMBER_RUN: usize = 128;

/// The run of bytes a pp-number may be made of (letters, digits, `_`, `.`, `'`) that the bytes so
/// far end with, for C's digit separators (C++14, C23: `1'000'000`, `0xFFFF'FFFF`): whether it
/// starts as a number does (a digit, or a `.` and a digit), and how long it is. Kept across
/// chunks by the fast path, so a number cut by a chunk's end is still one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NumberRun {
    kind: RunStart,
    /// Up to `NUMBER_RUN + 1`: longer than that is no number.
    len: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RunStart {
    /// No run: the last byte is none of those.
    None,
    /// A digit, or a `.` and a digit.
    Number,
    /// A `.` alone so far: the next byte decides.
    Dot,
    /// Anything else (an identifier, `u8`, `L`, a `.` before a letter).
    Other,
}

fn in_number_run(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'\'')
}

impl NumberRun {
    pub(crate) const NONE: NumberRun = NumberRun { kind: RunStart::None, len: 0 };

    /// The run once `bytes` have followed the bytes this one was taken from.
    pub(crate) fn after(self, bytes: &[u8]) -> NumberRun {
        if bytes.is_empty() {
            return self;
        }
        let n = bytes.iter().rev().take(NUMBER_RUN + 1).take_while(|&&b| in_number_run(b)).count();
        if n == 0 {
            return NumberRun::NONE;
        }
        let start = |first: u8, second: Option<u8>| match (first, second) {
            (b'0'..=b'9', _) => RunStart::Number,
            (b'.', None) => RunStart::Dot,
            (b'.', Some(b'0'..=b'9')) => RunStart::Number,
            _ => RunStart::Other,
        };
        let (kind, len) = if n == bytes.len() && self.kind != RunStart::None {
            // The run began before these bytes.
            let kind = if self.kind == RunStart::Dot { start(b'.', Some(bytes[0])) } else { self.kind };
            (kind, usize::from(self.len) + n)
        } else {
            let at = bytes.len() - n;
            (start(bytes[at], bytes.get(at + 1).copied()), n)
        };
        if len > NUMBER_RUN {
            return NumberRun { kind: RunStart::Other, len: NUMBER_RUN as u8 + 1 };
        }
        NumberRun { kind, len: len as u8 }
    }

    /// A `'` after this run, with `next` after it, is a digit separator: the run is a number's,
    /// and a digit or a letter follows (as clang lexes one).
    pub(crate) fn separates(self, next: Option<u8>) -> bool {
        self.kind == RunStart::Number && next.is_some_and(is_word)
    }
}

/// The run of backslashes the bytes so far end with, or end with before a `\r`: whether it is
/// odd, for make's splices (`\` continues a comment, `\\` does not); the first byte of the line
/// open at their end (a tab starts a recipe's line, whose comments are the shell's); and whether
/// an unescaped `#` stands on it (make's comment: `\#` is a `#` of text). Kept across chunks by
/// the fast path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Backslashes {
    odd: bool,
    odd_before_cr: bool,
    /// `None` while the line holds no byte yet.
    first: Option<u8>,
    hash: bool,
}

impl Backslashes {
    pub(crate) const NONE: Backslashes =
        Backslashes { odd: false, odd_before_cr: false, first: None, hash: false };

    /// The run once `bytes` have followed the bytes this one was taken from.
    pub(crate) fn after(self, bytes: &[u8]) -> Backslashes {
        let (body, cr) = match bytes {
            [] => return self,
            [body @ .., b'\r'] => (body, true),
            body => (body, false),
        };
        let n = body.iter().rev().take_while(|&&b| b == b'\\').count();
        let odd = (n % 2 == 1) ^ (n == body.len() && self.odd);
        let (first, hash) = match memchr::memrchr(b'\n', bytes) {
            Some(nl) => (bytes.get(nl + 1).copied(), unescaped_hash(&bytes[nl + 1..], false)),
            None => (self.first.or(Some(bytes[0])), self.hash || unescaped_hash(bytes, self.odd)),
        };
        let (odd, odd_before_cr) = if cr { (false, odd) } else { (odd, false) };
        Backslashes { odd, odd_before_cr, first, hash }
    }

    /// A newline after these bytes is spliced: an odd run of backslashes (a `\r` between) ends
    /// them, and their line is no recipe's (it starts with no tab) and holds make's comment: no
    /// code (`code`), or an unescaped `#` after code on a line that starts in column 1 (an
    /// assignment's, a rule's: `X = 1 # a \`). An indented line's `#` after code may be no make
    /// comment at all (a `define` body's text, which make keeps verbatim), so it does not go on.
    pub(crate) fn splice(self, code: bool) -> bool {
        let column_one = self.first.is_some_and(|b| !is_ws(b));
        (self.odd || self.odd_before_cr) && self.first != Some(b'\t') && (!code || self.hash && column_one)
    }
}

/// Whether `line` holds a `#` after an even run of backslashes; `odd`: the bytes before it end
/// with an odd run.
fn unescaped_hash(line: &[u8], mut odd: bool) -> bool {
    for &b in line {
        if b == b'#' && !odd {
            return true;
        }
        odd = b == b'\\' && !odd;
    }
    false
}

/// What opens inside a block comment of a language whose lexer reads strings there (OCaml's).
pub(crate) enum InComment {
    /// One of the language's strings, its opener this long and its tag (OCaml's `{id|`): its
    /// closers and escapes hold, the comment's markers are text.
    Opens(&'static Quote, usize, Tag),
    /// A character literal holding a `"` (`'"'`, `'\"'`), this long: it opens no string.
    Char(usize),
}

/// What opens at the start of `rest` inside such a comment; `before` is the byte before it. A
/// `'` right after an identifier's byte is part of the identifier (`x'`), as OCaml reads it.
pub(crate) fn comment_string_at(rest: &[u8], before: u8, syntax: &'static Syntax) -> Option<InComment> {
    if rest.first() == Some(&b'\'') {
        let len = match rest {
            [_, b'"', b'\'', ..] => 3,
            [_, b'\\', b'"', b'\'', ..] => 4,
            _ => return None,
        };
        return (!is_word(before) && before != b'\'').then_some(InComment::Char(len));
    }
    syntax.quotes.iter().find_map(|q| {
        let (len, tag) = open_tagged(rest, q.open, q.tag, syntax.tag_chars)?;
        let tag = tag.map_or(Tag::EMPTY, |(start, n)| Tag::new(&rest[start..start + n]));
        Some(InComment::Opens(q, len, tag))
    })
}

/// A C comment opener cut by line splices at the start of `rest` (`/`, a backslash and a newline,
/// then `*` or `/`: translation phase 2 joins them first): the comment it opens and its length,
/// its newlines included. `None` where no splice follows the `/`, or the language has no such
/// comment.
pub(crate) fn spliced_opener(rest: &[u8], syntax: &'static Syntax) -> Option<(Kind, usize)> {
    let mut at = 1;
    loop {
        match rest.get(at..) {
            Some([b'\\', b'\n', ..]) => at += 2,
            Some([b'\\', b'\r', b'\n', ..]) => at += 3,
            _ => break,
        }
    }
    let kind = match rest.get(at).filter(|_| at > 1)? {
        b'*' => Kind::Block(syntax.block_comments.iter().find(|b| b.open == b"/*")?),
        b'/' => syntax.line_comments.iter().any(|l| *l == b"//").then_some(Kind::LineComment)?,
        _ => return None,
    };
    Some((kind, at + 1))
}
