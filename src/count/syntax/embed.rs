//! Where a stretch of another language starts and ends inside a file, shared by the fast machine
//! and its twin like `markers.rs`: the opener a host language writes (`<script`, PHP's `?>`, a
//! Markdown fence), the tag read after it that names the language, and the text that ends it.
//!
//! An end is found by looking at the text alone, never at what the embedded language is doing:
//! HTML ends a script at the first `</script` even inside a JavaScript string, PHP starts at the
//! first `<?php` wherever the page is, and a fence ends at a fence line. So the machine can find
//! the end first and count the stretch before it with the embedded language's own syntax.

use std::cell::RefCell;

use super::classifier::{Classifier, START};
use super::markers::{is_ws, Place};
use crate::count::WINDOW;
use crate::lang::{
    fence_language, page_language, plain_text, script_language, style_language, Embed, LangId,
};

/// Regions inside regions: a script in a PHP page in a Markdown fence is three deep. Deeper openers
/// are left to the language around them.
pub(crate) const MAX_DEPTH: usize = 4;

/// The bytes from an end's first byte that must be visible to recognize it (`</script` and the
/// byte after it). A `<` nearer the end of a chunk than this waits for the next one.
pub(crate) const END_SEEN: usize = 9;

/// What a host's opener was, before the tag after it has been read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Opening {
    Script,
    Style,
    /// PHP's `?>`: the page resumes.
    PageEnd,
    /// A Markdown fence: its byte and how many of them.
    Fence {
        ch: u8,
        len: u8,
    },
}

/// What ends a region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// `</script` or `</style`, any case, before a blank, `/` or `>`.
    CloseTag(&'static [u8]),
    /// `<?php`, `<?=` or `<?` and a blank: PHP code starts, the page waits.
    Page,
    /// A line of at least `len` fence bytes and nothing else.
    Fence { ch: u8, len: u8 },
}

impl End {
    /// A page and a fence run to the end of the file; an element whose closing tag never comes was
    /// text of the page around it.
    pub(crate) fn closes_at_eof(self) -> bool {
        !matches!(self, End::CloseTag(_))
    }
}

fn ends_tag_name(b: u8) -> bool {
    is_ws(b) || matches!(b, b'\n' | b'>' | b'/')
}

/// A host's opener at the start of `rest` (code mode), and its length.
pub(crate) fn embed_opens(embed: Embed, rest: &[u8], place: Place) -> Option<(Opening, usize)> {
    match embed {
        Embed::None => None,
        Embed::Html => {
            let named = |name: &[u8]| {
                rest.len() > name.len() + 1
                    && rest[1..=name.len()].eq_ignore_ascii_case(name)
                    && ends_tag_name(rest[name.len() + 1])
            };
            if rest[0] != b'<' {
                None
            } else if named(b"script") {
                Some((Opening::Script, 7))
            } else if named(b"style") {
                Some((Opening::Style, 6))
            } else {
                None
            }
        }
        Embed::Php => rest.starts_with(b"?>").then_some((Opening::PageEnd, 2)),
        Embed::Markdown => fence_opens(rest, place.head),
    }
}

/// A Markdown fence at the start of `rest` (a window), `head` when only blanks stand before it on
/// its line: a run of three or more backticks or tildes, and its length.
#[inline(always)]
pub(crate) fn fence_opens(rest: &[u8], head: bool) -> Option<(Opening, usize)> {
    let ch = rest[0];
    let len = rest.iter().take_while(|&&b| b == ch).count();
    let fence = head && matches!(ch, b'`' | b'~') && (3..WINDOW).contains(&len);
    fence.then_some((Opening::Fence { ch, len: len as u8 }, len))
}

/// The end of a region at the start of `rest`, and how many of its bytes the host takes as code
/// right away (a closing tag's name; the rest of the tag is read up to its `>`).
pub(crate) fn end_at(end: End, rest: &[u8], line_start: bool) -> Option<usize> {
    match end {
        End::CloseTag(tag) => {
            let n = tag.len();
            (rest.len() > n && rest[..n].eq_ignore_ascii_case(tag) && ends_tag_name(rest[n])).then_some(n)
        }
        End::Page => {
            let after = rest.strip_prefix(b"<?")?;
            let blank = |b: Option<&u8>| b.is_some_and(|&b| is_ws(b) || b == b'\n');
            if after.len() >= 3 && after[..3].eq_ignore_ascii_case(b"php") {
                // Only the end of the file leaves nothing after `<?php` in the window.
                return (after.len() == 3 || blank(after.get(3))).then_some(5);
            }
            match after.first() {
                Some(b'=') => Some(3),
                first if blank(first) => Some(2),
                _ => None,
            }
        }
        End::Fence { ch, len } => {
            if !line_start {
                return None;
            }
            let indent = rest.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
            let run = rest[indent..].iter().take_while(|&&b| b == ch).count();
            let after = indent + run;
            let alone = match rest[after..].iter().position(|&b| !is_ws(b)) {
                Some(at) => rest[after + at] == b'\n',
                None => rest.len() < WINDOW,
            };
            (run >= usize::from(len) && alone).then_some(after)
        }
    }
}

/// A byte of the word that names a fence's language (`c++`, `objective-c`, `f#`, `rust_2018`).
const fn in_info_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'#' | b'-' | b'_')
}

/// `in_info_word` of every byte, one load a byte where its compares cost ~10 instructions.
static INFO_WORD: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = in_info_word(b as u8);
        b += 1;
    }
    table
};

/// The longest info word kept by its key (`word_key`); a longer one is looked up each time.
const KEYED: usize = 16;

/// Bit 5 of every byte: set, it folds a word's letters to lower case, while its other bytes stay
/// apart (digits, `+`, `#` and `-` have it; `_` becomes DEL, which no word holds) and none of
/// them becomes zero, so a shorter word's key differs from a longer one's.
const FOLD: u128 = u128::from_le_bytes([0x20; KEYED]);

/// The bytes of a word of each length up to `KEYED` in a key, looked up where a shift of 128 bits
/// takes a dozen instructions.
static WORD_BYTES: [u128; KEYED + 1] = {
    let mut masks = [u128::MAX; KEYED + 1];
    let mut len = 0;
    while len < KEYED {
        masks[len] = (1 << (8 * len)) - 1;
        len += 1;
    }
    masks
};

/// The info word of `len` bytes (at most `KEYED`) at `at`, case folded, as one number: its bytes
/// loaded in one go where `buf` holds 16 from `at`, those past the word cleared.
fn word_key(buf: &[u8], at: usize, len: usize) -> u128 {
    let bytes = match buf.get(at..at + KEYED) {
        Some(whole) => whole.try_into().expect("16 bytes"),
        None => {
            let mut bytes = [0; KEYED];
            bytes[..len].copy_from_slice(&buf[at..at + len]);
            bytes
        }
    };
    (u128::from_le_bytes(bytes) | FOLD) & WORD_BYTES[len]
}

/// A short word read out of a tag, lower-cased; one too long to be a name reads as `?`, which names
/// no language. Its bytes past `len` stay zero, so two words that compare equal read the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Word {
    len: u8,
    bytes: [u8; 32],
}

impl Word {
    const EMPTY: Word = Word { len: 0, bytes: [0; 32] };

    fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(usize::from(self.len)) {
            *slot = b.to_ascii_lowercase();
        }
        self.len = self.len.saturating_add(1);
    }

    /// `push` of each of `bytes`, with no bounds check a byte.
    fn extend(&mut self, bytes: &[u8]) {
        let at = usize::from(self.len);
        for (slot, &b) in self.bytes.iter_mut().skip(at).zip(bytes) {
            *slot = b.to_ascii_lowercase();
        }
        self.len = u8::try_from(at + bytes.len()).unwrap_or(u8::MAX);
    }

    fn get(&self) -> &[u8] {
        self.bytes.get(..usize::from(self.len)).unwrap_or(b"?")
    }
}

/// The language a fence's info word names and the classifier that counts it (plain text's for
/// none).
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeptFence {
    pub(crate) lang: Option<LangId>,
    pub(crate) cls: &'static Classifier,
    /// Nothing opens in the language (plain text's): every line is code or blank.
    pub(crate) plain: bool,
}

impl KeptFence {
    /// What `word` (as written, any case) names: a lookup by alias and extension.
    fn look_up(word: &[u8]) -> KeptFence {
        let lang = fence_language(word);
        let cls = Classifier::for_language(lang.unwrap_or_else(plain_text));
        KeptFence { lang, cls, plain: cls.class.iter().all(|&c| c & START == 0) }
    }
}

/// Slots of `KEPT`, each for the words whose key hashes to it.
const SLOTS: usize = 64;

thread_local! {
    /// The fence words met, by key (`word_key`), kept from file to file: Markdown's fences name
    /// a few languages, in turns (`rust`, a bare fence for output, `console`), and a file holds
    /// a few fences; each miss is a lookup by alias and extension (~130 instructions). One slot
    /// per hash, found with no search (eight words kept newest first and compared whole took
    /// ~100 instructions a fence).
    static KEPT: RefCell<[Option<(u128, KeptFence)>; SLOTS]> = const { RefCell::new([None; SLOTS]) };
}

/// The slot of `KEPT` for `key`: the top bits of a multiplicative hash.
fn slot(key: u128) -> usize {
    let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TagState {
    Between,
    Name,
    AfterName,
    BeforeValue,
    Quoted(u8),
    Bare,
    /// A fence's info string: before its first word, in it, after it.
    InfoStart,
    InfoWord,
    InfoRest,
    Done,
}

/// Reads the tag after an opener, one byte at a time, up to the `>` that ends it (a fence's info
/// string: up to the newline), keeping the attributes that name a language. Attribute values are
/// quoted or bare, and a `>` inside quotes does not end the tag.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TagReader {
    opening: Opening,
    state: TagState,
    name: Word,
    value: Word,
    lang: Option<Word>,
    kind: Option<Word>,
}

impl TagReader {
    pub(crate) fn new(opening: Opening) -> TagReader {
        let state = match opening {
            Opening::Script | Opening::Style => TagState::Between,
            Opening::PageEnd => TagState::Done,
            Opening::Fence { .. } => TagState::InfoStart,
        };
        TagReader { opening, state, name: Word::EMPTY, value: Word::EMPTY, lang: None, kind: None }
    }

    /// PHP's `?>`: the page starts, or resumes where `<?php` left it.
    pub(crate) fn resumes_page(&self) -> bool {
        self.opening == Opening::PageEnd
    }

    /// A fence's info string ends at the newline, which the region's language reads: the region
    /// starts at the newline, so the fence's line stays the host's and the next is the region's.
    pub(crate) fn ends_at_newline(&self) -> bool {
        matches!(self.opening, Opening::Fence { .. })
    }

    /// The tag has ended and the region starts at the next byte.
    pub(crate) fn is_done(&self) -> bool {
        self.state == TagState::Done
    }

    /// Reads one byte; `true` once the tag has ended with it.
    pub(crate) fn read(&mut self, b: u8) -> bool {
        let blank = is_ws(b) || b == b'\n';
        self.state = match self.state {
            TagState::Between | TagState::AfterName | TagState::BeforeValue if blank => self.state,
            TagState::Between | TagState::Name | TagState::AfterName if b == b'>' => TagState::Done,
            TagState::Between | TagState::Name | TagState::AfterName if b == b'/' => TagState::Between,
            TagState::Name | TagState::AfterName if b == b'=' => TagState::BeforeValue,
            TagState::Name if blank => TagState::AfterName,
            TagState::Name => {
                self.name.push(b);
                TagState::Name
            }
            TagState::Between | TagState::AfterName => {
                self.name = Word::EMPTY;
                self.name.push(b);
                TagState::Name
            }
            TagState::BeforeValue => {
                self.value = Word::EMPTY;
                match b {
                    b'"' | b'\'' => TagState::Quoted(b),
                    b'>' => self.keep_value(TagState::Done),
                    _ => {
                        self.value.push(b);
                        TagState::Bare
                    }
                }
            }
            TagState::Quoted(q) if b == q => self.keep_value(TagState::Between),
            TagState::Bare if blank => self.keep_value(TagState::Between),
            TagState::Bare if b == b'>' => self.keep_value(TagState::Done),
            TagState::Quoted(_) | TagState::Bare => {
                self.value.push(b);
                self.state
            }
            _ if b == b'\n' => TagState::Done,
            TagState::InfoStart if blank || b == b'{' || b == b'.' => TagState::InfoStart,
            TagState::InfoStart | TagState::InfoWord if in_info_word(b) => {
                self.value.push(b);
                TagState::InfoWord
            }
            TagState::InfoStart | TagState::InfoWord | TagState::InfoRest => TagState::InfoRest,
            TagState::Done => TagState::Done,
        };
        self.is_done()
    }

    /// Reads `bytes` as [`TagReader::read`] reads them one at a time, up to the byte that ends
    /// the tag (`Ok`: how many were read, that byte too) or up to a newline, which the caller
    /// reads as a line's end, or the end of `bytes` (`Err`: how many were read). The bytes
    /// that leave the state as it is (blanks between attributes, a name, a value) are taken as
    /// a run, the byte after them alone (~50 instructions a byte of a page's `<script>` tags
    /// one at a time).
    pub(crate) fn read_line(&mut self, bytes: &[u8]) -> Result<usize, usize> {
        let mut k = 0;
        loop {
            let run = &bytes[k..];
            k += match self.state {
                TagState::Between | TagState::AfterName | TagState::BeforeValue => {
                    run.iter().take_while(|&&b| is_ws(b)).count()
                }
                TagState::Name => {
                    let n = run.iter().take_while(|&&b| !ends_tag_name(b) && b != b'=').count();
                    self.name.extend(&run[..n]);
                    n
                }
                TagState::Quoted(q) => {
                    let n = run.iter().take_while(|&&b| b != q && b != b'\n').count();
                    self.value_run(&run[..n]);
                    n
                }
                TagState::Bare => {
                    let n = run.iter().take_while(|&&b| !is_ws(b) && b != b'>' && b != b'\n').count();
                    self.value_run(&run[..n]);
                    n
                }
                _ => 0,
            };
            match bytes.get(k) {
                Some(&b) if b != b'\n' => {
                    k += 1;
                    if self.read(b) {
                        return Ok(k);
                    }
                }
                _ => return Err(k),
            }
        }
    }

    /// Reads a fence's info string (no newline in `info`; a piece of it where a chunk ends) as
    /// [`TagReader::read`] reads it a byte at a time: its first word, after blanks, `{` and `.`,
    /// is kept. Each stretch is found by one search, not a state per byte (~70 instructions a
    /// fence of the family tree's Markdown, ~35 this way).
    pub(crate) fn read_info(&mut self, info: &[u8]) {
        let mut rest = info;
        if self.state == TagState::InfoStart {
            rest = &rest[rest.iter().take_while(|&&b| is_ws(b) || b == b'{' || b == b'.').count()..];
            if rest.is_empty() {
                return;
            }
            self.state = TagState::InfoWord;
        }
        // After the word, the rest of the string changes nothing.
        if self.state == TagState::InfoWord {
            let word = rest.iter().take_while(|&&b| in_info_word(b)).count();
            self.value.extend(&rest[..word]);
            if word < rest.len() {
                self.state = TagState::InfoRest;
            }
        }
    }

    /// The language and classifier of a fence whose info string is `buf[info..nl]` (all of it,
    /// read from the start or after blanks), as [`TagReader::region`] gives once the reader has
    /// read it; the reader is left as it was. Its word is found with a table, folded into a key
    /// and kept (`KEPT`), so a word met before costs no lookup, nor the reader's word kept byte
    /// by byte (~320 instructions a fence of the family tree's Markdown with both).
    pub(crate) fn fence_kept(&self, buf: &[u8], info: usize, nl: usize) -> KeptFence {
        let text = &buf[info..nl];
        if self.state == TagState::InfoStart {
            let skip = text.iter().take_while(|&&b| is_ws(b) || b == b'{' || b == b'.').count();
            let len = text[skip..].iter().take_while(|&&b| INFO_WORD[usize::from(b)]).count();
            if len <= KEYED {
                let key = word_key(buf, info + skip, len);
                return KEPT.with_borrow_mut(|kept| match &mut kept[slot(key)] {
                    Some((k, found)) if *k == key => *found,
                    empty_or_other => {
                        let found = KeptFence::look_up(&text[skip..skip + len]);
                        *empty_or_other = Some((key, found));
                        found
                    }
                });
            }
        }
        self.fence_read(text)
    }

    /// `fence_kept` for a word too long to key, or a string the reader has begun: read by a copy
    /// of the reader, out of line, as few fences are.
    #[inline(never)]
    fn fence_read(&self, info: &[u8]) -> KeptFence {
        let mut reader = *self;
        reader.read_info(info);
        KeptFence::look_up(reader.value.get())
    }

    /// A run of a value's bytes, pushed only where `keep_value` keeps the value: the others (a
    /// `src`, a `class`) are never read, and each begins empty (~25% of the instructions of a
    /// page's `<script>` tags).
    fn value_run(&mut self, run: &[u8]) {
        if matches!(self.name.get(), b"lang" | b"type") {
            self.value.extend(run);
        }
    }

    fn keep_value(&mut self, next: TagState) -> TagState {
        match self.name.get() {
            b"lang" => self.lang = Some(self.value),
            b"type" => self.kind = Some(self.value),
            _ => {}
        }
        self.name = Word::EMPTY;
        next
    }

    /// What ends the region the tag opens.
    pub(crate) fn end(&self) -> End {
        match self.opening {
            Opening::Script => End::CloseTag(b"</script"),
            Opening::Style => End::CloseTag(b"</style"),
            Opening::PageEnd => End::Page,
            Opening::Fence { ch, len } => End::Fence { ch, len },
        }
    }

    /// The language of the region the tag opens (`None`: unknown, counted as the file around it)
    /// and what ends it.
    pub(crate) fn region(&self) -> (Option<LangId>, End) {
        let named = self.lang.or(self.kind);
        let named = named.as_ref().map(Word::get);
        let lang = match self.opening {
            Opening::Script => script_language(named),
            Opening::Style => style_language(named),
            Opening::PageEnd => Some(page_language()),
            Opening::Fence { .. } => fence_language(self.value.get()),
        };
        (lang, self.end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_random::{below, pick, xorshift};

    fn tag(opening: Opening, text: &str) -> (bool, Option<&'static str>) {
        let mut reader = TagReader::new(opening);
        let done = text.bytes().any(|b| reader.read(b));
        (done, reader.region().0.map(LangId::name))
    }

    #[test]
    fn a_tag_names_its_language_in_any_attribute_on_any_line() {
        assert_eq!(tag(Opening::Script, ">"), (true, Some("JavaScript")));
        assert_eq!(tag(Opening::Script, " type=\"text/typescript\">"), (true, Some("TypeScript")));
        assert_eq!(tag(Opening::Style, "\n  lang=\"scss\"\n  scoped\n>"), (true, Some("SCSS")));
        assert_eq!(tag(Opening::Script, " data-x='a>b' lang=ts>"), (true, Some("TypeScript")));
        assert_eq!(tag(Opening::Script, " src=x.js defer>"), (true, Some("JavaScript")));
        assert_eq!(tag(Opening::Script, " type=\"text/template\">"), (true, None));
        assert_eq!(tag(Opening::Script, " lang=\"ts\""), (false, Some("TypeScript")), "no > yet");
        let fence = Opening::Fence { ch: b'`', len: 3 };
        assert_eq!(tag(fence, "rust,ignore\n"), (true, Some("Rust")));
        assert_eq!(tag(fence, " {.python}\n"), (true, Some("Python")));
        assert_eq!(tag(fence, "\n"), (true, None));
    }

    /// `read_line`, line by line with each newline read alone, equals `read` a byte at a time:
    /// where the tag ends and the `lang` and `type` it keeps, on tags of names, quoted and bare
    /// values, blanks, `/`, `>` and newlines anywhere, given in one piece or in two.
    #[test]
    fn a_tag_read_by_lines_equals_it_read_byte_by_byte() {
        let mut x = 0x7A6_5EED_u64;
        let pieces: [&[u8]; 20] = [
            b" ",
            b"\t",
            b"\n",
            b"=",
            b"\"",
            b"'",
            b"/",
            b">",
            b"lang",
            b"TYPE",
            b"ts",
            b"x",
            b"src",
            b"text/javascript",
            b"=\"",
            b" lang=",
            b" type='",
            b"\"ts\"",
            b"'module' ",
            b"=x>",
        ];
        let (mut ended, mut named) = (0, 0);
        for round in 0..30_000 {
            let tag: Vec<u8> = (0..1 + round % 24)
                .flat_map(|_| pieces[below(&mut x, 20) as usize].iter().copied())
                .collect();
            let len = tag.len();
            let opening = if round % 2 == 0 { Opening::Script } else { Opening::Style };
            let mut one = TagReader::new(opening);
            let want = tag.iter().position(|&b| one.read(b)).map(|at| at + 1);
            let mut lines = TagReader::new(opening);
            let cut = pick(&mut x, &[0, 1, 5, 17, 60]) as usize % (len + 1);
            let (mut at, mut got) = (0, None);
            for piece in [&tag[..cut], &tag[cut..]] {
                let mut k = 0;
                while got.is_none() && k < piece.len() {
                    match lines.read_line(&piece[k..]) {
                        Ok(read) => got = Some(at + k + read),
                        Err(read) => k += read,
                    }
                    if got.is_none() && k < piece.len() {
                        assert_eq!(piece[k], b'\n', "{:?}", String::from_utf8_lossy(&tag));
                        k += 1;
                        got = lines.read(b'\n').then_some(at + k);
                    }
                }
                at += piece.len();
            }
            let context = String::from_utf8_lossy(&tag);
            assert_eq!(got, want, "{context:?}");
            // The value being read is kept only for `lang` and `type`, the only ones read.
            assert_eq!((lines.state, lines.name), (one.state, one.name), "{context:?}");
            assert_eq!((lines.lang, lines.kind), (one.lang, one.kind), "{context:?}");
            ended += usize::from(want.is_some());
            named += usize::from(one.lang.is_some() || one.kind.is_some());
        }
        assert!(ended > 10_000 && named > 3_000, "{ended} tags ended, {named} named a language");
    }

    /// `read_info`, given the string in two pieces (one of them may be empty), equals `read` a
    /// byte at a time on info strings of every kind.
    #[test]
    fn an_info_string_read_in_pieces_equals_it_read_byte_by_byte() {
        let mut x = 0x51F1_5EED_u64;
        let alphabet = b" \t{.rRuUsStT+#-_,=\"x1";
        for _ in 0..20_000 {
            xorshift(&mut x);
            let len = (x % 40) as usize;
            let info: Vec<u8> =
                (0..len).map(|k| alphabet[((x >> (k % 50)) as usize + k * 7) % alphabet.len()]).collect();
            let fence = Opening::Fence { ch: b'`', len: 3 };
            let (mut bulk, mut one) = (TagReader::new(fence), TagReader::new(fence));
            // In two pieces, as where a chunk ends inside the string.
            let cut = (x >> 40) as usize % (len + 1);
            bulk.read_info(&info[..cut]);
            bulk.read_info(&info[cut..]);
            assert!(!info.iter().any(|&b| one.read(b)), "{info:?}");
            let (a, b) = (bulk.read(b'\n'), one.read(b'\n'));
            let context = String::from_utf8_lossy(&info);
            assert_eq!((a, bulk.region()), (b, one.region()), "{context:?}");
            // The word itself, which names no language for most of these strings.
            assert_eq!(bulk.value, one.value, "{context:?}");
        }
    }

    /// The kept language and classifier equal the lookup's once the reader has read the whole
    /// string, fence after fence: words kept and met anew, in any case, after blanks, `{` and
    /// `.`, with text after them; words a byte apart, words of 16 bytes and longer (looked up
    /// each time), strings that end where the buffer does, and strings the reader had begun (a
    /// chunk ended inside them).
    #[test]
    fn a_kept_fence_language_equals_its_lookup() {
        let mut x = 0x0DDB_1A5E_5BAD_5EEDu64;
        let words: [&[u8]; 24] = [
            b"rust",
            b"Rust",
            b"RS",
            b"r",
            b"rs",
            b"js",
            b"j",
            b"",
            b"console",
            b"c",
            b"c#",
            b"C++",
            b"cs",
            b"py",
            b"go",
            b"text",
            b"yaml",
            b"compile_fail",
            b"objective-c",
            b"Objective-C",
            b"sixteen-bytes-ab",
            b"seventeen-bytes-a",
            b"a-word-longer-than-any-name-at-all",
            b"RUST_2018",
        ];
        let (befores, afters): ([&[u8]; 4], [&[u8]; 4]) =
            ([b"", b" ", b" {.", b"\t"], [b"", b",ignore", b" {x}", b"}"]);
        let mut named = 0;
        for round in 0..4_000 {
            xorshift(&mut x);
            let word = words[(x % 24) as usize];
            let info = [befores[(x >> 8) as usize % 4], word, afters[(x >> 10) as usize % 4]].concat();
            let mut buf = [b"```", &info[..], b"\n"].concat();
            buf.resize(buf.len() + (x >> 12) as usize % 20, b'x');
            let cut = if round % 4 == 0 { (x >> 20) as usize % (info.len() + 1) } else { 0 };
            let mut reader = TagReader::new(Opening::Fence { ch: b'`', len: 3 });
            reader.read_info(&info[..cut]);
            let got = reader.fence_kept(&buf, 3 + cut, 3 + info.len());
            reader.read_info(&info[cut..]);
            assert!(reader.read(b'\n'));
            let want = reader.region().0;
            let context = String::from_utf8_lossy(&info);
            assert_eq!(got.lang, want, "{context:?}");
            let cls = Classifier::for_language(want.unwrap_or_else(plain_text));
            assert!(std::ptr::eq(got.cls, cls), "{context:?}");
            assert_eq!(got.plain, want.is_none_or(|l| l == plain_text()), "{context:?}");
            named += usize::from(want.is_some());
        }
        assert!(named > 2_000, "{named} fences named a language");
    }

    #[test]
    fn ends_are_found_by_their_text() {
        let close = End::CloseTag(b"</script");
        assert_eq!(end_at(close, b"</SCRIPT>", false), Some(8));
        assert_eq!(end_at(close, b"</script >", false), Some(8));
        assert_eq!(end_at(close, b"</scripts>", false), None);
        assert_eq!(end_at(End::Page, b"<?php\n", false), Some(5));
        assert_eq!(end_at(End::Page, b"<?php", false), Some(5), "at the end of the file");
        assert_eq!(end_at(End::Page, b"<?= $x ?>", false), Some(3));
        assert_eq!(end_at(End::Page, b"<?xml version", false), None);
        let fence = End::Fence { ch: b'`', len: 3 };
        assert_eq!(end_at(fence, b"```\nx", true), Some(3));
        assert_eq!(end_at(fence, b"  ````  \r\nx", true), Some(6));
        assert_eq!(end_at(fence, b"```rust\n", true), None, "a closing fence has no info string");
        assert_eq!(end_at(fence, b"``\n", true), None);
        assert_eq!(end_at(fence, b"```\n", false), None);
    }
}
