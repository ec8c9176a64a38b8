//! The byte-by-byte twin of [`super::LineCounter`]: no class tables, no skipping, no chunks. It
//! exists to be obviously right, and the fast path is tested against it. It shares with the fast
//! path only `markers.rs` and `embed.rs`, the recognizers that say what a marker at one position is.
//!
//! One step reads one byte (or one whole marker) in the current mode. Regions of other languages
//! are in `regions.rs`: the twin looks for each region's end byte by byte from where it opened.

mod regions;

use super::embed::{embed_opens, TagReader};
use super::markers::{
    block_closes, block_opens, heredoc_closes, heredoc_opens, hole_opens, is_ws, openers, quote_closes,
    regex_may_follow, window, Close, HeredocAt, Hole, Kind, Opener, Place, Tag,
};
use super::{Counts, Embedded, Options};
use crate::lang::{Block, Embed, LangId, Quote, Syntax};
use regions::Level;

#[derive(Clone, Copy)]
enum Mode {
    Code,
    LineComment,
    Block {
        block: &'static Block,
        tag: Tag,
        depth: u32,
    },
    Str {
        quote: &'static Quote,
        tag: Tag,
        doc: bool,
    },
    Regex {
        class: bool,
    },
    Heredoc {
        word: Tag,
        indent: bool,
        fresh: bool,
    },
    Hole,
    /// Reading a region's opening tag (the reader is `Twin::reader`).
    Tag,
    /// A closing tag after its name, up to its `>`.
    CloseTag,
}

/// The string whose interpolation hole is open (see the fast path's `InHole`).
#[derive(Clone, Copy)]
struct InHole {
    quote: &'static Quote,
    tag: Tag,
    doc: bool,
    depth: u32,
}

/// One language's state: the file's, or a region's (the languages around it wait in `Level`s).
struct Engine {
    syntax: &'static Syntax,
    openers: Vec<Opener>,
    mode: Mode,
    pending: Option<(Tag, bool)>,
    hole: Option<InHole>,
}

impl Engine {
    fn new(lang: LangId) -> Engine {
        let syntax = &lang.language().syntax;
        Engine { syntax, openers: openers(syntax), mode: Mode::Code, pending: None, hole: None }
    }

    /// Where a span that ends returns: the hole it was opened in, or code.
    fn back(&self) -> Mode {
        if self.hole.is_some() {
            Mode::Hole
        } else {
            Mode::Code
        }
    }
}

struct Twin<'a> {
    bytes: &'a [u8],
    start: usize,
    options: Options,
    counts: Counts,
    code: bool,
    comment: bool,
    eng: Engine,
    levels: Vec<Level>,
    /// The outermost depth the current line touched.
    line_min: usize,
    /// PHP's page while PHP code runs: where it goes back, its levels, the innermost engine.
    suspended: Option<(usize, Vec<Level>, Engine)>,
    reader: TagReader,
    embedded: Embedded,
}

pub fn count_reference(lang: LangId, bytes: &[u8]) -> Counts {
    count_reference_with(lang, Options::default(), bytes)
}

pub fn count_reference_with(lang: LangId, options: Options, bytes: &[u8]) -> Counts {
    count_reference_embedded(lang, options, bytes).0
}

/// The twin of [`super::count_embedded`].
pub fn count_reference_embedded(lang: LangId, options: Options, bytes: &[u8]) -> (Counts, Embedded) {
    let start = if bytes.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    let mut twin = Twin {
        bytes,
        start,
        options,
        counts: Counts::default(),
        code: false,
        comment: false,
        eng: Engine::new(lang),
        levels: Vec::new(),
        line_min: 0,
        suspended: None,
        reader: TagReader::new(super::embed::Opening::PageEnd),
        embedded: Vec::new(),
    };
    twin.start_regions(start);
    let mut i = start;
    while i < bytes.len() {
        i = twin.next(i);
    }
    if bytes.last().is_some_and(|&b| b != b'\n') {
        twin.end_line();
    }
    let embedded = twin.finish_regions();
    (twin.counts, embedded)
}

impl Twin<'_> {
    /// The byte `k` places before `i`; before the file starts there are only newlines.
    fn before(&self, i: usize, k: usize) -> u8 {
        if i >= self.start + k {
            self.bytes[i - k]
        } else {
            b'\n'
        }
    }

    fn solid_before(&self, i: usize) -> Option<u8> {
        self.bytes[self.start..i].iter().rev().find(|&&b| !is_ws(b) && b != b'\n').copied()
    }

    fn end_line(&mut self) {
        self.counts.add_line(self.code, self.comment);
        self.line_ended();
        (self.code, self.comment) = (false, false);
    }

    /// One step at `i`: a region's end, else one byte or one marker of the current mode.
    fn next(&mut self, i: usize) -> usize {
        let end = self.next_end();
        if let Some((at, k, len)) = end.filter(|&(at, ..)| i >= at) {
            return self.leave(at, k, len);
        }
        let after = self.step(i);
        // A token that runs over a region's end (an escape before `</script`) stops at it.
        end.map_or(after, |(at, ..)| after.min(at))
    }

    fn step(&mut self, mut i: usize) -> usize {
        let (bytes, syntax) = (self.bytes, self.eng.syntax);
        let b = bytes[i];
        let rest = window(bytes, i);
        let line_start = self.before(i, 1) == b'\n';
        // Nothing but blanks before this byte on its line (the flags are set by what came before).
        let place = Place { start: line_start, head: !self.code && !self.comment };
        if let Mode::Tag = self.eng.mode {
            return self.tag(i);
        }
        if b == b'\n' {
            let spliced = syntax.splice
                && (self.before(i, 1) == b'\\' || self.before(i, 1) == b'\r' && self.before(i, 2) == b'\\');
            self.end_line();
            let eng = &mut self.eng;
            match eng.mode {
                Mode::LineComment if !spliced => eng.mode = eng.back(),
                Mode::Str { quote, .. } if !quote.multiline => eng.mode = eng.back(),
                Mode::Regex { .. } => eng.mode = eng.back(),
                Mode::Heredoc { word, indent, .. } => eng.mode = Mode::Heredoc { word, indent, fresh: true },
                _ => {}
            }
            if let (Mode::Code, Some((word, indent))) = (eng.mode, eng.pending) {
                eng.mode = Mode::Heredoc { word, indent, fresh: true };
                eng.pending = None;
            }
            return i + 1;
        }
        if is_ws(b) {
            return i + 1;
        }
        match self.eng.mode {
            Mode::Code | Mode::Hole => {
                if let (Mode::Hole, Some(open)) = (self.eng.mode, &mut self.eng.hole) {
                    let h = open.quote.hole.expect("a hole belongs to a string that has one");
                    if b == h.close {
                        self.code = true;
                        if open.depth == 0 {
                            self.eng.mode = Mode::Str { quote: open.quote, tag: open.tag, doc: open.doc };
                            self.eng.hole = None;
                        } else {
                            open.depth -= 1;
                        }
                        return i + 1;
                    }
                    if b == h.open[h.open.len() - 1] {
                        self.code = true;
                        open.depth += 1;
                        return i + 1;
                    }
                }
                if Some(b) == syntax.code_escape {
                    self.code = true;
                    return i + if bytes.get(i + 1).map_or(true, |&n| n == b'\n') { 1 } else { 2 };
                }
                if let Some((opening, len)) = embed_opens(syntax.embed, rest, place) {
                    self.reader = TagReader::new(opening);
                    self.code = true;
                    self.eng.mode = Mode::Tag;
                    return i + len;
                }
                let found =
                    self.eng.openers.iter().find_map(|o| o.matches(rest, syntax, place).map(|m| (o.kind, m)));
                if let Some((kind, m)) = found {
                    let tag = m.tag_in(rest).unwrap_or(Tag::EMPTY);
                    self.eng.mode = match kind {
                        _ if m.whole => {
                            self.code = true;
                            self.eng.mode
                        }
                        Kind::LineComment => {
                            self.comment = true;
                            Mode::LineComment
                        }
                        Kind::Block(block) => {
                            self.comment = true;
                            Mode::Block { block, tag, depth: 1 }
                        }
                        Kind::Quote(quote) => {
                            let doc =
                                quote.doc && !self.code && !self.comment && !self.options.docstrings_as_code;
                            if doc {
                                self.comment = true;
                            } else {
                                self.code = true;
                            }
                            Mode::Str { quote, tag, doc }
                        }
                        Kind::Code => self.eng.mode,
                    };
                    return i + m.len;
                }
                self.code = true;
                let heredoc = syntax
                    .heredoc
                    .filter(|_| self.eng.pending.is_none())
                    .and_then(|h| heredoc_opens(rest, &h));
                match heredoc {
                    Some(HeredocAt::Opens(len, word, indent)) => {
                        self.eng.pending = Some((word, indent));
                        return i + len;
                    }
                    Some(HeredocAt::Longer(len)) => return i + len,
                    None => {}
                }
                if b == b'/' && syntax.regex && regex_may_follow(self.solid_before(i)) {
                    self.eng.mode = Mode::Regex { class: false };
                }
                i + 1
            }
            Mode::LineComment => {
                if syntax.embed == Embed::Php && rest.starts_with(b"?>") {
                    // PHP's `?>` ends the comment; code mode reads it next.
                    self.eng.mode = self.eng.back();
                    return i;
                }
                self.comment = true;
                i + 1
            }
            Mode::Block { block, tag, depth } => {
                self.comment = true;
                if let Some(len) = block_closes(rest, block, &tag, place) {
                    self.eng.mode = if depth == 1 {
                        self.eng.back()
                    } else {
                        Mode::Block { block, tag, depth: depth - 1 }
                    };
                    i + len
                } else if let Some((len, _)) =
                    block_opens(rest, block, syntax.tag_chars, place).filter(|_| syntax.nested)
                {
                    self.eng.mode = Mode::Block { block, tag, depth: depth + 1 };
                    i + len
                } else {
                    i + 1
                }
            }
            Mode::Str { quote, tag, doc } => {
                if doc {
                    self.comment = true;
                } else {
                    self.code = true;
                }
                if let Some(h) = quote.hole.filter(|h| b == h.open[0] && self.eng.hole.is_none()) {
                    match hole_opens(rest, &h) {
                        Some(Hole::Opens(len)) => {
                            self.eng.hole = Some(InHole { quote, tag, doc, depth: 0 });
                            self.eng.mode = Mode::Hole;
                            return i + len;
                        }
                        Some(Hole::Text(len)) => return i + len,
                        None => {}
                    }
                }
                if Some(b) == quote.escape {
                    if bytes.get(i + 1) == Some(&b'\n') {
                        self.end_line();
                    }
                    return i + 2;
                }
                match quote_closes(rest, quote, &tag) {
                    Some(Close::Ends(len)) => {
                        self.eng.mode = self.eng.back();
                        i + len
                    }
                    Some(Close::Text(len)) => i + len,
                    None => i + 1,
                }
            }
            Mode::Regex { class } => {
                self.code = true;
                match b {
                    b'\\' if bytes.get(i + 1) != Some(&b'\n') => i += 2,
                    b'[' => {
                        self.eng.mode = Mode::Regex { class: true };
                        i += 1;
                    }
                    b']' => {
                        self.eng.mode = Mode::Regex { class: false };
                        i += 1;
                    }
                    b'/' if !class => {
                        self.eng.mode = self.eng.back();
                        i += 1;
                    }
                    _ => i += 1,
                }
                i
            }
            Mode::Heredoc { word, indent, fresh } => {
                self.code = true;
                let closes = fresh && (indent || line_start);
                match heredoc_closes(rest, &word).filter(|_| closes) {
                    Some(len) => {
                        self.eng.mode = self.eng.back();
                        i + len
                    }
                    None => {
                        self.eng.mode = Mode::Heredoc { word, indent, fresh: false };
                        i + 1
                    }
                }
            }
            Mode::CloseTag => {
                self.code = true;
                if b == b'>' {
                    self.eng.mode = Mode::Code;
                }
                i + 1
            }
            Mode::Tag => unreachable!("read above"),
        }
    }
}
