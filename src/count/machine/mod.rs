//! The fast, resumable state machine. Code mode takes 64 bytes at a time (`blocks.rs`): a line
//! without a marker costs a few bit operations; the byte loop here does the last bytes before the
//! limit and languages with too many stop bytes. Each mode other than code lives in `spans.rs`.

mod blocks;
mod c_family;
mod doc_prefix;
mod inline_spans;
mod interpolation;
mod lanes;
mod markup;
mod prose;
mod regions;
mod scalar_blocks;
mod spans;
mod stretches;
mod string_blocks;
mod tally;

use super::syntax::classifier::{Classifier, InlineMark, NL, START};
use super::syntax::condition::{closes_condition, Earlier};
use super::syntax::embed::embed_opens;
use super::syntax::heredoc_queue::HeredocQueue;
use super::syntax::markers::{
    block_scalar_opens, hashbang_opens, help_text_opens, heredoc_opens, is_word, is_ws, line_indent,
    spliced_opener, window, Backslashes, HeredocAt, Indent, Kind, NumberRun, Opened, Pending, Place, Scalar,
    Tag,
};
use super::syntax::quote_like::{
    expects_operand, quote_like_opens, regex_opens, Delim, LastWord, QuoteLikeAt,
};
use super::{Counts, Embedded, Options, WINDOW};
use crate::lang::UTF8_BOM as BOM;
use crate::lang::{Block, Embed, Hashbang, LangId, Quote, QuoteLikes};
use crate::simd::masks::BLOCK;
use regions::Regions;
pub use stretches::count_stretches;

/// What a file's first bytes still have to say before its text is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Head {
    /// Whether a byte-order mark opens it.
    Bom,
    /// Whether a `#!` line opens its text, for a language where that is a comment.
    Hashbang,
    /// Nothing: the text is being counted.
    Text,
}

/// How far one call counts into the bytes it is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// A chunk: up to where a marker could straddle its end (the rest starts the next chunk).
    Chunk,
    /// The file's last bytes: all of them.
    End,
    /// The bytes run to the file's end, but counting stops at this offset (a line start).
    Stop(usize),
}

impl Reach {
    /// The offset counting runs up to in `len` bytes, where markers are up to `lookahead` long.
    #[inline(always)]
    fn limit(self, len: usize, lookahead: usize) -> usize {
        match self {
            Reach::Chunk => len.saturating_sub(lookahead - 1),
            Reach::End => len,
            Reach::Stop(stop) => stop.min(len),
        }
    }
}

/// Small and `Copy`, so the dispatch in `scan` costs nothing; the tag or heredoc word of the open
/// span lives beside it in `LineCounter::tag`.
#[derive(Debug, Clone, Copy)]
enum Mode {
    Code,
    LineComment,
    Block {
        block: &'static Block,
        depth: u32,
    },
    Str {
        quote: &'static Quote,
        doc: bool,
    },
    Regex {
        class: bool,
    },
    /// A quote-like operator's body (Perl's `q{...}`, Ruby's `%w[...]`).
    Delim(Delim),
    /// A heredoc body. `fresh`: nothing but blanks yet on this line, so it may be the closer.
    Heredoc {
        indent: bool,
        fresh: bool,
    },
    /// A YAML block scalar's body; `fresh` as for a heredoc.
    Scalar {
        scalar: Scalar,
        fresh: bool,
    },
    /// Code inside a string's interpolation; the string is in
    /// `LineCounter::open_interpolation`.
    Interpolation,
    /// The tag after a region's opener (`<script lang="ts">`, a fence's info string); the reader
    /// is in `Regions`.
    Tag,
    /// A closing tag after its name, up to its `>`.
    CloseTag,
}

/// The string whose interpolation is open, and how many of the interpolation's brackets are open
/// inside it. Interpolations do not nest: a string opened in an interpolation has none of its own.
#[derive(Debug, Clone, Copy)]
struct InInterpolation {
    quote: &'static Quote,
    tag: Tag,
    doc: bool,
    depth: u32,
    /// `Some(class)`: the interpolation is a regex literal's (Ruby's `/#{x}/`, with `quote`'s
    /// brackets), which goes on after it inside a character class or not.
    regex: Option<bool>,
}

impl InInterpolation {
    /// The mode its closer returns to: the string or regex it was opened in.
    fn around(&self) -> Mode {
        match self.regex {
            Some(class) => Mode::Regex { class },
            None => Mode::Str { quote: self.quote, doc: self.doc },
        }
    }
}

/// Counts one file fed in chunks. State (mode, the current line's flags, the bytes just before the
/// chunk) carries across chunks, so where a chunk ends never changes a count.
#[derive(Debug)]
pub struct LineCounter {
    lang: LangId,
    cls: &'static Classifier,
    docstrings_as_code: bool,
    mode: Mode,
    /// The open span's tag (`==` of `[==[`) or heredoc word; empty for most spans.
    tag: Tag,
    code: bool,
    comment: bool,
    /// Bytes seen since the last newline: the last line counts even without a final `\n`.
    partial: bool,
    head: Head,
    /// The last two bytes consumed (`\n` before the file starts): a line start, a line splice.
    tail: [u8; 2],
    /// The last non-blank byte consumed, for languages with regex literals.
    last_nonblank: Option<u8>,
    /// The last bytes of the chunks before, for languages with regex literals: whether a `)`
    /// closed a keyword's condition (`if (x) /re/`).
    earlier: Earlier,
    /// The word the bytes so far end with, for languages whose keywords decide a regex or a
    /// quote-like operator (`split /,/`).
    last_word: LastWord,
    /// The run of a number's bytes the bytes so far end with, for C's digit separators.
    number_run: NumberRun,
    /// The run of backslashes the bytes so far end with, for make's splices.
    backslashes: Backslashes,
    /// A heredoc or block scalar opened on this line: its body starts at the next newline met in
    /// code.
    pending: Option<Pending>,
    /// The heredocs opened on the pending one's line after it, whose bodies follow its body.
    later: HeredocQueue,
    /// The indentation of the line open where the chunk begins, kept for block scalars and for
    /// doc strings' prefix letters: without the last byte before the chunk where that is one
    /// (`LineCounter::heads_line` asks what stood before it). A field of its own for that cost
    /// C's files 0.15% more instructions: the counter grew by a word.
    line_head: Indent,
    /// Set while inside an interpolation, including inside the spans opened in it.
    open_interpolation: Option<InInterpolation>,
    counts: Counts,
    /// Only for a file whose language embeds others (HTML, PHP, Markdown, Vue).
    regions: Option<Box<Regions>>,
}

impl LineCounter {
    pub fn new(lang: LangId) -> LineCounter {
        LineCounter::with_options(lang, Options::default())
    }

    /// Inline, and a counter without regions is returned as built, never borrowed first: it is
    /// written straight into the caller's frame, not built in this one's and copied out (248
    /// bytes, a `memcpy` call: ~30 instructions a file).
    #[inline]
    pub fn with_options(lang: LangId, options: Options) -> LineCounter {
        let cls = Classifier::for_language(lang);
        if cls.syntax.embed != Embed::None {
            return LineCounter::with_regions(lang, cls, options);
        }
        LineCounter::bare(lang, cls, options)
    }

    /// A counter for a file of a language that embeds others (HTML, PHP, Markdown, Vue).
    #[inline(never)]
    fn with_regions(lang: LangId, cls: &'static Classifier, options: Options) -> LineCounter {
        let mut counter = LineCounter::bare(lang, cls, options);
        counter.start_regions();
        counter
    }

    /// The state at a file's first byte; always inline, so its caller returns it as built.
    #[inline(always)]
    fn bare(lang: LangId, cls: &'static Classifier, options: Options) -> LineCounter {
        LineCounter {
            lang,
            cls,
            docstrings_as_code: options.docstrings_as_code,
            mode: Mode::Code,
            tag: Tag::EMPTY,
            code: false,
            comment: false,
            partial: false,
            head: Head::Bom,
            tail: [b'\n'; 2],
            last_nonblank: None,
            earlier: Earlier::default(),
            last_word: LastWord::NONE,
            number_run: NumberRun::NONE,
            backslashes: Backslashes::NONE,
            pending: None,
            later: HeredocQueue::default(),
            line_head: Indent::default(),
            open_interpolation: None,
            counts: Counts::default(),
            regions: None,
        }
    }

    pub fn language(&self) -> LangId {
        self.lang
    }

    /// Counts a prefix of `buf` and returns its length. The rest (fewer than
    /// [`super::MAX_TOKEN`] bytes: a marker may straddle the chunk end) must start the next chunk.
    pub fn feed(&mut self, buf: &[u8]) -> usize {
        self.run(buf, Reach::Chunk)
    }

    /// Counts the final bytes of the file and returns the totals (embedded languages included).
    pub fn finish(self, rest: &[u8]) -> Counts {
        self.finish_embedded(rest).0
    }

    /// Counts the final bytes of the file and returns the totals, and the lines of each language
    /// embedded in it (empty, and never allocated, for a file of a language that embeds none).
    ///
    /// Always inline, with the regions' ending out of line (`Regions::finish`): a plain file's
    /// counter is built, run and finished in its caller's frame, with no call in between but the
    /// scan's.
    #[inline(always)]
    pub fn finish_embedded(mut self, rest: &[u8]) -> (Counts, Embedded) {
        self.run(rest, Reach::End);
        if self.partial {
            self.end_line();
        }
        let embedded = match self.regions.take() {
            Some(regions) => regions.finish(&self.counts),
            None => Vec::new(),
        };
        self.counts.blanks = self.counts.lines - self.counts.code - self.counts.comments;
        (self.counts, embedded)
    }

    fn run(&mut self, buf: &[u8], reach: Reach) -> usize {
        let mut skip = 0;
        if self.head == Head::Bom {
            if reach == Reach::Chunk && buf.len() < BOM.len() {
                return 0;
            }
            self.head = if self.cls.syntax.hashbang == Hashbang::None { Head::Text } else { Head::Hashbang };
            if buf.starts_with(BOM) {
                skip = BOM.len();
            }
        }
        if self.head == Head::Hashbang {
            // Decided on a whole window, or on the file's last bytes.
            if reach == Reach::Chunk && buf.len() - skip < WINDOW {
                return skip;
            }
            self.head = Head::Text;
            self.open_hashbang(window(buf, skip));
        }
        let reach = match reach {
            Reach::Stop(stop) => Reach::Stop(stop.saturating_sub(skip)),
            other => other,
        };
        let used = skip + self.scan(&buf[skip..], reach);
        // A byte-order mark alone is no line: it is ignored, not counted as text.
        if used > skip {
            self.partial = buf[used - 1] != b'\n';
        }
        used
    }

    /// A `#!` line opening the file's text (`head`, after a byte-order mark) is a line comment
    /// where the language says so. Out of line: once a file, for four languages.
    #[inline(never)]
    fn open_hashbang(&mut self, head: &[u8]) {
        if hashbang_opens(head, self.cls.syntax.hashbang) {
            self.comment = true;
            self.mode = Mode::LineComment;
        }
    }

    /// Counts `buf` (BOM already stripped) up to where `reach` says.
    fn scan(&mut self, buf: &[u8], reach: Reach) -> usize {
        let i = if self.regions.is_some() {
            self.scan_embedding(buf, reach)
        } else {
            let limit = reach.limit(buf.len(), self.cls.lookahead);
            let mut i = 0;
            while i < limit {
                i = self.step(buf, i, limit);
            }
            i
        };
        let i = i.min(buf.len());
        // Nothing follows the file's last bytes: what a next chunk would need is not kept
        // (YAML's line indent and last byte: `LineCounter::run` 822 -> 319 k instructions).
        if reach != Reach::End {
            self.remember(&buf[..i]);
        }
        i
    }

    /// [`LineCounter::scan_regions`], kept out of `scan`: inline, its frame and spills were paid
    /// by every file's `run`, with or without regions.
    #[inline(never)]
    fn scan_embedding(&mut self, buf: &[u8], reach: Reach) -> usize {
        self.scan_regions(buf, reach)
    }

    /// Runs the current mode from `i`, up to `limit` or until the mode changes.
    #[inline(always)]
    fn step(&mut self, buf: &[u8], i: usize, limit: usize) -> usize {
        match self.mode {
            Mode::Code => self.code(buf, i, limit),
            Mode::LineComment => self.line_comment(buf, i, limit),
            Mode::Block { block, depth } => self.block(buf, i, limit, block, depth),
            Mode::Str { quote, doc } => self.string(buf, i, limit, quote, doc),
            Mode::Regex { class } => self.regex(buf, i, limit, class),
            Mode::Delim(d) => self.delimited(buf, i, limit, d),
            Mode::Heredoc { indent, fresh } => self.heredoc(buf, i, limit, indent, fresh),
            Mode::Scalar { scalar, fresh } => self.block_scalar(buf, i, limit, scalar, fresh),
            Mode::Interpolation => self.interpolation(buf, i, limit),
            Mode::Tag => self.tag(buf, i, limit),
            Mode::CloseTag => self.close_tag(buf, i, limit),
        }
    }

    /// Keeps what the next chunk may need to know about the bytes before it.
    fn remember(&mut self, used: &[u8]) {
        let last = self.tail[1];
        match used {
            [] => {}
            [b] => self.tail = [self.tail[1], *b],
            [.., a, b] => self.tail = [*a, *b],
        }
        // With regions the next chunk may start in a language with regex literals, block scalars
        // or doc strings' prefix letters.
        let syntax = self.cls.syntax;
        let heads = syntax.block_scalars
            || !syntax.help_text.is_empty()
            || self.cls.doc_prefixes.any()
            || self.regions.is_some();
        if heads && !used.is_empty() {
            self.line_head = self.head_after(last, used);
        }
        if self.cls.syntax.quote_likes != QuoteLikes::None || self.regions.is_some() {
            self.last_word = self.last_word.after(used);
        }
        if self.cls.syntax.digit_separators || self.regions.is_some() {
            self.number_run = self.number_run.after(used);
        }
        if self.cls.syntax.odd_splice || self.regions.is_some() {
            self.backslashes = self.backslashes.after(used);
        }
        if self.cls.syntax.regex || self.regions.is_some() {
            self.earlier.extend(used);
        }
        if self.cls.syntax.regex || self.cls.syntax.block_scalars || self.regions.is_some() {
            if let Some(&b) = used.iter().rev().find(|&&b| !is_ws(b) && b != b'\n') {
                self.last_nonblank = Some(b);
            }
        }
    }

    /// The byte `k` (1 or 2) places before `at`, reaching into the previous chunk.
    fn before(&self, buf: &[u8], at: usize, k: usize) -> u8 {
        if at >= k {
            buf[at - k]
        } else {
            self.tail[2 - (k - at)]
        }
    }

    fn line_start(&self, buf: &[u8], at: usize) -> bool {
        self.before(buf, at, 1) == b'\n'
    }

    #[inline]
    fn end_line(&mut self) {
        self.counts.lines += 1;
        if self.code {
            self.counts.code += 1;
        } else if self.comment {
            self.counts.comments += 1;
        }
        if let Some(r) = self.regions.as_deref_mut() {
            r.line_ended(self.code, self.comment, &self.counts);
        }
        self.code = false;
        self.comment = false;
    }

    /// A newline has been read and the mode set for the next line: in code, a pending heredoc's
    /// body begins there.
    /// Where a span that just closed returns: the interpolation it was opened in, or code.
    #[inline]
    fn after_span(&self) -> Mode {
        if self.open_interpolation.is_some() {
            Mode::Interpolation
        } else {
            Mode::Code
        }
    }

    #[inline]
    fn newline(&mut self) {
        self.end_line();
        if matches!(self.mode, Mode::Code) {
            match self.pending.take() {
                Some(Pending::Heredoc(word, indent)) => {
                    self.tag = word;
                    self.mode = Mode::Heredoc { indent, fresh: true };
                }
                Some(Pending::Scalar(scalar)) => self.mode = Mode::Scalar { scalar, fresh: true },
                None => {}
            }
        }
    }

    fn code(&mut self, buf: &[u8], mut i: usize, limit: usize) -> usize {
        // Fewer bytes than a block (a fence's short body, a line's rest after a string) would
        // only pay the block loops' dispatch: they take whole blocks.
        if let Some(marks) = self.cls.marks.as_ref().filter(|_| limit.saturating_sub(i) >= BLOCK) {
            i = self.code_blocks(marks, buf, i, limit);
            if !matches!(self.mode, Mode::Code) {
                return i;
            }
        }
        let class = &self.cls.class;
        while i < limit {
            let c = class[usize::from(buf[i])];
            if c == 0 {
                self.code = true;
                i += 1;
                // The hot loop: the rest of a code line up to a newline or a possible marker.
                let stop = match &self.cls.stops {
                    Some(stops) => stops.find(&buf[i..limit]),
                    None => buf[i..limit].iter().position(|&b| class[usize::from(b)] & (NL | START) != 0),
                };
                i += stop.unwrap_or(limit - i);
            } else if c & NL != 0 {
                self.newline();
                i += 1;
                if !matches!(self.mode, Mode::Code) {
                    return i;
                }
            } else if c & START != 0 {
                if self.cls.quote_like_letter[usize::from(buf[i])] && is_word(self.before(buf, i, 1)) {
                    // Inside a name (`this`, `$s`): no quote-like operator, code.
                    self.code = true;
                    i += 1;
                    continue;
                }
                i = self.open_token(buf, i);
                if !matches!(self.mode, Mode::Code) {
                    return i;
                }
            } else {
                i += 1;
            }
        }
        i
    }

    /// Decides what a start byte begins, in the order the twin tries: the code escape, the
    /// language's openers (longest first), a heredoc, a regex; else it is one byte of code.
    fn open_token(&mut self, buf: &[u8], at: usize) -> usize {
        let syntax = self.cls.syntax;
        let b = buf[at];
        if Some(b) == syntax.code_escape {
            self.code = true;
            return at + if buf.get(at + 1).map_or(true, |&n| n == b'\n') { 1 } else { 2 };
        }
        if matches!(self.cls.inline[usize::from(b)], InlineMark::Scalar) && self.regions.is_none() {
            return self.open_scalar(buf, at);
        }
        if b == b'/' && syntax.splice {
            if let Some((kind, len)) = spliced_opener(window(buf, at), syntax) {
                return self.open_spliced(buf, at, kind, len);
            }
        }
        if b == b'\'' && syntax.digit_separators && self.separator_at(buf, at) {
            self.code = true;
            return at + 1;
        }
        let rest = window(buf, at);
        let place = Place { start: self.line_start(buf, at), head: !self.code && !self.comment };
        if self.regions.is_some() {
            if let Some((opening, len)) = embed_opens(self.cls.syntax.embed, rest, place) {
                self.open_region_tag(opening);
                return at + len;
            }
        }
        if let Some((kind, m)) = self.cls.opener_at(rest, place) {
            if let Some(tag) = m.tag_in(rest) {
                self.tag = tag;
            }
            self.begin(kind, &m, (buf, at));
            return at + m.len;
        }
        self.code = true;
        let (before, prev) =
            ([self.before(buf, at, 2), self.before(buf, at, 1)], self.nonblank_before(buf, at));
        let keyword = || expects_operand(syntax.quote_likes, self.last_word.after(&buf[..at]).as_bytes());
        match quote_like_opens(syntax.quote_likes, rest, before, prev, keyword) {
            Some(QuoteLikeAt::Opens(len, d)) => {
                self.mode = Mode::Delim(d);
                return at + len;
            }
            Some(QuoteLikeAt::Code(len)) => return at + len,
            None => {}
        }
        if syntax.block_scalars && matches!(b, b'|' | b'>') && self.pending.is_none() {
            if let Some(scalar) = self.block_scalar_at(buf, at) {
                self.pending = Some(Pending::Scalar(scalar));
                return at + 1;
            }
        }
        if !syntax.help_text.is_empty() && self.pending.is_none() {
            if let Some((len, help)) = help_text_opens(rest, syntax.help_text, place.head) {
                self.pending = Some(Pending::Scalar(help));
                return at + len;
            }
        }
        if let Some(h) = syntax.heredoc.filter(|h| h.open[0] == b && self.later.takes(&self.pending)) {
            match heredoc_opens(rest, &h) {
                Some(HeredocAt::Opens(len, word, indent)) => {
                    self.later.add(&mut self.pending, word, indent);
                    return at + len;
                }
                Some(HeredocAt::Longer(len)) => return at + len,
                None => {}
            }
        }
        let keyword = || expects_operand(syntax.quote_likes, self.last_word.after(&buf[..at]).as_bytes());
        let condition = || closes_condition(self.earlier.bytes(), &buf[..at]);
        if b == b'/' && syntax.regex && regex_opens(syntax.quote_likes, before[1], prev, keyword, condition) {
            self.mode = Mode::Regex { class: false };
        }
        at + 1
    }

    /// [`LineCounter::open_token`] for a byte of [`Classifier::literal_start`], inline in the block
    /// loops: no call, no code escape, heredoc, regex or region to rule out, and no place to work
    /// out (a prefix test does not look at it).
    #[inline(always)]
    fn open_literal(&mut self, buf: &[u8], at: usize) -> usize {
        match self.cls.literal_opener_at(window(buf, at)) {
            Some((kind, m)) => {
                self.begin(kind, &m, (buf, at));
                at + m.len
            }
            None => {
                self.code = true;
                at + 1
            }
        }
    }

    /// What an opener just matched at `at` begins.
    #[inline(always)]
    fn begin(&mut self, kind: Kind, m: &Opened, (buf, at): (&[u8], usize)) {
        match kind {
            _ if m.whole => self.code = true,
            Kind::LineComment => {
                self.comment = true;
                self.mode = Mode::LineComment;
            }
            Kind::Block(block) => {
                self.comment = true;
                self.mode = Mode::Block { block, depth: 1 };
            }
            Kind::Quote(quote) => {
                let doc = quote.doc && !self.docstrings_as_code && self.heads_line(buf, at);
                if doc {
                    // Set only by a prefix letter, which is the doc string's.
                    self.code = false;
                    self.comment = true;
                } else {
                    self.code = true;
                }
                self.mode = Mode::Str { quote, doc };
            }
            Kind::Code => {}
        }
    }

    /// [`LineCounter::open_token`] for a byte that starts nothing but a block scalar's indicator
    /// (YAML's `|` and `>`): one byte of code, which may set a block scalar pending. The general
    /// path ruled out the openers, quote-like operators, heredocs and regex literals first, each
    /// of which the byte starts none of (`open_token` 461,704 -> 315,893 instructions on the
    /// families' YAML tree, callgrind).
    fn open_scalar(&mut self, buf: &[u8], at: usize) -> usize {
        self.code = true;
        if self.pending.is_none() {
            if let Some(scalar) = self.block_scalar_at(buf, at) {
                self.pending = Some(Pending::Scalar(scalar));
            }
        }
        at + 1
    }

    /// A block scalar's indicator at `at`, judged by the bytes before it on its line (reaching into
    /// earlier chunks).
    fn block_scalar_at(&self, buf: &[u8], at: usize) -> Option<Scalar> {
        let indent = || line_indent(&buf[..at], self.line_head).blanks;
        block_scalar_opens(window(buf, at), self.before(buf, at, 1), self.nonblank_before(buf, at), indent)
    }

    /// A comment whose opener splices cut (`/\` newline `*`), opened at `at`: each of the
    /// opener's newlines ends a line of it. Rare: out of line.
    #[inline(never)]
    fn open_spliced(&mut self, buf: &[u8], at: usize, kind: Kind, len: usize) -> usize {
        self.mode = match kind {
            Kind::Block(block) => Mode::Block { block, depth: 1 },
            _ => Mode::LineComment,
        };
        self.comment = true;
        for &b in &buf[at..at + len] {
            if b == b'\n' {
                self.end_line();
                self.comment = true;
            }
        }
        at + len
    }

    /// The `'` at `at` is a digit separator (`1'000`), judged by the bytes before it, reaching
    /// into earlier chunks.
    fn separator_at(&self, buf: &[u8], at: usize) -> bool {
        self.number_run.after(&buf[..at]).separates(buf.get(at + 1).copied())
    }

    /// The last non-blank byte before `at`, reaching into earlier chunks.
    fn nonblank_before(&self, buf: &[u8], at: usize) -> Option<u8> {
        match buf[..at].iter().rev().find(|&&b| !is_ws(b) && b != b'\n') {
            Some(&b) => Some(b),
            None => self.last_nonblank,
        }
    }
}
