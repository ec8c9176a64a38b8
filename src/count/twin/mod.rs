//! The byte-by-byte twin of [`super::LineCounter`]: no class tables, no skipping, no chunks. It
//! exists to be obviously right, and the fast path is tested against it. It shares with the fast
//! path only `markers.rs` and `embed.rs`, the recognizers that say what a marker at one position is.
//!
//! One step reads one byte (or one whole marker) in the current mode. Regions of other languages
//! are in `regions.rs`: the twin looks for each region's end byte by byte from where it opened.

pub(super) mod explain;
mod regions;
mod trace;

use super::embed::{embed_opens, TagReader};
use super::markers::{
    block_closes, block_opens, heredoc_closes, heredoc_opens, hole_opens, is_ws, openers, quote_closes,
    regex_may_follow, window, Close, HeredocAt, Hole, Kind, Opener, Place, Tag,
};
use super::{Counts, Embedded, Options};
use crate::lang::{Block, Embed, LangId, Quote, Syntax};
use explain::{LineExplain, SpanKind, SpanOpened};
use regions::{Fate, Level};
use trace::Trace;

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
    /// The span the mode is in, where it opened (kept only when explaining).
    opened: Option<SpanOpened>,
}

impl Engine {
    fn new(lang: LangId) -> Engine {
        let syntax = &lang.language().syntax;
        Engine { syntax, openers: openers(syntax), mode: Mode::Code, pending: None, hole: None, opened: None }
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
    /// Each level's fate, by the id it got when it opened: where its lines were charged.
    fates: Vec<Fate>,
    lang: LangId,
    /// Kept only by [`explain_reference`]: what decided each line.
    trace: Option<Trace>,
}

pub fn count_reference(lang: LangId, bytes: &[u8]) -> Counts {
    count_reference_with(lang, Options::default(), bytes)
}

pub fn count_reference_with(lang: LangId, options: Options, bytes: &[u8]) -> Counts {
    count_reference_embedded(lang, options, bytes).0
}

/// The twin of [`super::count_embedded`].
pub fn count_reference_embedded(lang: LangId, options: Options, bytes: &[u8]) -> (Counts, Embedded) {
    let mut twin = Twin::new(lang, options, bytes, None);
    let embedded = twin.run();
    (twin.counts, embedded)
}

/// Every line of the file with its bucket, the language it is charged to and what decided it,
/// read by the twin (which the fast path equals, count for count).
pub fn explain_reference(lang: LangId, options: Options, bytes: &[u8]) -> Vec<LineExplain> {
    let mut twin = Twin::new(lang, options, bytes, Some(Trace::default()));
    twin.run();
    twin.explained()
}

impl<'a> Twin<'a> {
    fn new(lang: LangId, options: Options, bytes: &'a [u8], trace: Option<Trace>) -> Twin<'a> {
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
            fates: Vec::new(),
            lang,
            trace,
        };
        twin.start_regions(start);
        twin
    }

    /// Counts the whole file; returns the embedded languages' lines, by language.
    fn run(&mut self) -> Embedded {
        let mut i = self.start;
        while i < self.bytes.len() {
            i = self.next(i);
        }
        if self.bytes.len() > self.start && self.bytes.last().is_some_and(|&b| b != b'\n') {
            self.end_line();
        }
        self.finish_regions()
    }
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
        self.trace_line();
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
                self.heredoc_body_starts();
            }
            return i + 1;
        }
        if is_ws(b) {
            return i + 1;
        }
        match self.eng.mode {
            Mode::Code | Mode::Hole => {
                if let (Mode::Hole, Some(open)) = (self.eng.mode, self.eng.hole) {
                    let h = open.quote.hole.expect("a hole belongs to a string that has one");
                    if b == h.close {
                        self.mark_code(i);
                        if open.depth == 0 {
                            self.eng.mode = Mode::Str { quote: open.quote, tag: open.tag, doc: open.doc };
                            self.eng.hole = None;
                        } else {
                            self.eng.hole = Some(InHole { depth: open.depth - 1, ..open });
                        }
                        return i + 1;
                    }
                    if b == h.open[h.open.len() - 1] {
                        self.mark_code(i);
                        self.eng.hole = Some(InHole { depth: open.depth + 1, ..open });
                        return i + 1;
                    }
                }
                if Some(b) == syntax.code_escape {
                    self.mark_code(i);
                    return i + if bytes.get(i + 1).map_or(true, |&n| n == b'\n') { 1 } else { 2 };
                }
                if let Some((opening, len)) = embed_opens(syntax.embed, rest, place) {
                    self.open_span(SpanKind::Tag, i, len);
                    self.reader = TagReader::new(opening);
                    self.eng.mode = Mode::Tag;
                    self.mark_code(i);
                    return i + len;
                }
                let found =
                    self.eng.openers.iter().find_map(|o| o.matches(rest, syntax, place).map(|m| (o.kind, m)));
                if let Some((kind, m)) = found {
                    let tag = m.tag_in(rest).unwrap_or(Tag::EMPTY);
                    // The mode changes first, so what the line is marked with is inside the span.
                    match kind {
                        _ if m.whole => self.mark_code(i),
                        Kind::LineComment => {
                            self.open_span(SpanKind::LineComment, i, m.len);
                            self.eng.mode = Mode::LineComment;
                            self.mark_comment(i);
                        }
                        Kind::Block(block) => {
                            self.open_span(SpanKind::BlockComment, i, m.len);
                            self.eng.mode = Mode::Block { block, tag, depth: 1 };
                            self.mark_comment(i);
                        }
                        Kind::Quote(quote) => {
                            let doc =
                                quote.doc && !self.code && !self.comment && !self.options.docstrings_as_code;
                            self.open_span(
                                if doc { SpanKind::DocString } else { SpanKind::String },
                                i,
                                m.len,
                            );
                            self.eng.mode = Mode::Str { quote, tag, doc };
                            if doc {
                                self.mark_comment(i);
                            } else {
                                self.mark_code(i);
                            }
                        }
                        Kind::Code => {}
                    }
                    return i + m.len;
                }
                self.mark_code(i);
                let heredoc = syntax
                    .heredoc
                    .filter(|_| self.eng.pending.is_none())
                    .and_then(|h| heredoc_opens(rest, &h));
                match heredoc {
                    Some(HeredocAt::Opens(len, word, indent)) => {
                        self.pend_span(i, len);
                        self.eng.pending = Some((word, indent));
                        return i + len;
                    }
                    Some(HeredocAt::Longer(len)) => return i + len,
                    None => {}
                }
                if b == b'/' && syntax.regex && regex_may_follow(self.solid_before(i)) {
                    self.eng.mode = Mode::Regex { class: false };
                    self.open_span(SpanKind::Regex, i, 1);
                }
                i + 1
            }
            Mode::LineComment => {
                if syntax.embed == Embed::Php && rest.starts_with(b"?>") {
                    // PHP's `?>` ends the comment; code mode reads it next.
                    self.eng.mode = self.eng.back();
                    return i;
                }
                self.mark_comment(i);
                i + 1
            }
            Mode::Block { block, tag, depth } => {
                self.mark_comment(i);
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
                    self.mark_comment(i);
                } else {
                    self.mark_code(i);
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
                self.mark_code(i);
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
                self.mark_code(i);
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
                self.mark_code(i);
                if b == b'>' {
                    self.eng.mode = Mode::Code;
                }
                i + 1
            }
            Mode::Tag => unreachable!("read above"),
        }
    }
}
