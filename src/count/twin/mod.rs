//! The byte-by-byte twin of [`super::LineCounter`]: no class tables, no skipping, no chunks. It
//! exists to be obviously right, and the fast path is tested against it. It shares with the fast
//! path only `markers.rs` and `embed.rs`, the recognizers that say what a marker at one position is.
//! Its one shortcut, `plain.rs`, is taken only by `--complexity`, and tested against the twin
//! without it.
//!
//! One step reads one byte (or one whole marker) in the current mode. Regions of other languages
//! are in `regions.rs`: the twin looks for each region's end byte by byte from where it opened.

mod complexity;
pub(super) mod explain;
mod plain;
mod regions;
mod steps;
mod trace;

use std::cell::OnceCell;

use super::syntax::embed::TagReader;
use super::syntax::heredoc_queue::HeredocQueue;
use super::syntax::markers::{hashbang_opens, is_ws, openers, window, Opener, Pending, Scalar, Tag};
use super::syntax::quote_like::Delim;
use super::{Counts, Embedded, Options};
use crate::lang::{Block, LangId, Quote, Syntax};
use explain::{LineExplain, SpanKind, SpanOpened};
use plain::PlainPairs;
use regions::{Fate, TwinRegion};
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
    /// A string inside a block comment (OCaml's `(* "*)" *)`): back to the comment at its closer.
    /// `inner` is the string's tag (OCaml's `{id|...|id}`), `tag` the comment's.
    CommentString {
        block: &'static Block,
        tag: Tag,
        depth: u32,
        quote: &'static Quote,
        inner: Tag,
    },
    Str {
        quote: &'static Quote,
        tag: Tag,
        doc: bool,
    },
    Regex {
        class: bool,
    },
    /// A quote-like operator's body (Perl's `q{...}`, Ruby's `%w[...]`).
    Delim(Delim),
    Heredoc {
        word: Tag,
        indent: bool,
        fresh: bool,
    },
    /// A YAML block scalar's body; `fresh`: nothing but blanks yet on this line.
    Scalar {
        scalar: Scalar,
        fresh: bool,
    },
    Interpolation,
    /// Reading a region's opening tag (the reader is `Twin::reader`).
    Tag,
    /// A closing tag after its name, up to its `>`.
    CloseTag,
}

/// The string or regex whose interpolation is open (see the fast path's `InInterpolation`).
#[derive(Clone, Copy)]
struct InInterpolation {
    quote: &'static Quote,
    tag: Tag,
    doc: bool,
    depth: u32,
    /// `Some(class)`: a regex literal's, back in its character class or not.
    regex: Option<bool>,
}

impl InInterpolation {
    fn around(&self) -> Mode {
        match self.regex {
            Some(class) => Mode::Regex { class },
            None => Mode::Str { quote: self.quote, tag: self.tag, doc: self.doc },
        }
    }
}

/// One language's state: the file's, or a region's (the languages around it wait in `TwinRegion`s).
struct Engine {
    syntax: &'static Syntax,
    /// The language's branch tokens, which `--complexity` counts where they start in code.
    branch_tokens: &'static [&'static [u8]],
    openers: Vec<Opener>,
    /// The byte pairs code mode only marks as code, made the first time the shortcut asks.
    plain: OnceCell<Option<PlainPairs>>,
    mode: Mode,
    pending: Option<Pending>,
    /// The heredocs opened on the pending one's line after it, whose bodies follow its body.
    later: HeredocQueue,
    open_interpolation: Option<InInterpolation>,
    /// The span the mode is in, where it opened (kept only when explaining).
    opened: Option<SpanOpened>,
    /// The string or regex an open interpolation sits in, where it opened: a string inside the
    /// interpolation takes `opened`, and the lines after the interpolation are in this one again.
    opened_around: Option<SpanOpened>,
}

impl Engine {
    fn new(lang: LangId) -> Engine {
        let syntax = &lang.language().syntax;
        Engine {
            syntax,
            branch_tokens: lang.language().complexity,
            openers: openers(syntax),
            plain: OnceCell::new(),
            mode: Mode::Code,
            pending: None,
            later: HeredocQueue::default(),
            open_interpolation: None,
            opened: None,
            opened_around: None,
        }
    }

    /// Where a span that ends returns: the interpolation it was opened in, or code.
    fn back(&self) -> Mode {
        if self.open_interpolation.is_some() {
            Mode::Interpolation
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
    /// Branch tokens that started in code, counted only where `--complexity` asks (`None`
    /// otherwise: a look at every byte of code for them cost the twin ~9% of `explain`'s
    /// instructions on kernel/sched/fair.c), and where the last one found ends.
    complexity: Option<u64>,
    branch_until: usize,
    /// Take a run of bytes that start or end nothing in one step (`plain.rs`, `--complexity`'s).
    skip_plain: bool,
    code: bool,
    comment: bool,
    eng: Engine,
    levels: Vec<TwinRegion>,
    /// The outermost depth the current line touched.
    line_min: usize,
    /// PHP's page while PHP code runs: where it goes back, its levels, the innermost engine.
    suspended: Option<(usize, Vec<TwinRegion>, Engine)>,
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

/// [`count_reference_embedded`], and the file's complexity: the branch tokens of its languages
/// that start in code (`--complexity`), which only the twin counts, taking runs of plain code in
/// one step.
pub fn count_with_complexity(lang: LangId, options: Options, bytes: &[u8]) -> (Counts, Embedded, u64) {
    complexity_of(lang, options, bytes, true)
}

/// [`count_with_complexity`]'s twin: every byte read one at a time.
#[cfg(test)]
pub(crate) fn count_with_complexity_every_byte(
    lang: LangId,
    options: Options,
    bytes: &[u8],
) -> (Counts, Embedded, u64) {
    complexity_of(lang, options, bytes, false)
}

fn complexity_of(lang: LangId, options: Options, bytes: &[u8], skip_plain: bool) -> (Counts, Embedded, u64) {
    let mut twin = Twin { complexity: Some(0), skip_plain, ..Twin::new(lang, options, bytes, None) };
    let embedded = twin.run();
    (twin.counts, embedded, twin.complexity.unwrap_or(0))
}

/// Every line of `bytes` read as `lang`, explained.
pub fn explain(lang: LangId, bytes: &[u8]) -> Vec<LineExplain> {
    explain_with(lang, Options::default(), bytes)
}

/// [`explain`] with options (`docstrings_as_code` moves doc strings to code).
pub fn explain_with(lang: LangId, options: Options, bytes: &[u8]) -> Vec<LineExplain> {
    explain_reference(lang, options, bytes)
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
            complexity: None,
            branch_until: 0,
            skip_plain: false,
            code: false,
            comment: false,
            eng: Engine::new(lang),
            levels: Vec::new(),
            line_min: 0,
            suspended: None,
            reader: TagReader::new(super::syntax::embed::Opening::PageEnd),
            embedded: Vec::new(),
            fates: Vec::new(),
            lang,
            trace,
        };
        twin.start_regions(start);
        if hashbang_opens(window(bytes, start), twin.eng.syntax.hashbang) {
            twin.open_span(SpanKind::Hashbang, start, 2);
            twin.eng.mode = Mode::LineComment;
            twin.mark_comment(start);
        }
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

    fn nonblank_before(&self, i: usize) -> Option<u8> {
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
}
