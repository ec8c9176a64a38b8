//! One step of the twin in each mode: what one byte (or one whole marker) does to the line's
//! flags and to the mode.

use super::{InInterpolation, Mode, Twin};
use crate::count::syntax::condition::closes_condition;
use crate::count::syntax::embed::{embed_opens, TagReader};
use crate::count::syntax::markers::{
    block_closes, block_opens, block_scalar_opens, comment_string_at, help_text_opens, heredoc_closes,
    heredoc_opens, interpolation_opens, is_ws, line_indent, quote_closes, spliced_opener, window,
    Backslashes, Close, HeredocAt, InComment, Indent, InterpolationOpener, Kind, NumberRun, Opened, Pending,
    Place, Scalar, Tag,
};
use crate::count::syntax::quote_like::{
    delim_step, expects_operand, quote_like_opens, regex_interpolation, regex_opens, Delim, DelimStep,
    LastWord, QuoteLikeAt,
};
use crate::count::twin::explain::SpanKind;
use crate::lang::{Block, Embed, Quote, QuoteLikes};

impl Twin<'_> {
    /// One byte or one marker at `i`, read by the mode it is in.
    pub(super) fn step(&mut self, i: usize) -> usize {
        if let Mode::Tag = self.eng.mode {
            return self.tag(i);
        }
        let b = self.bytes[i];
        if b == b'\n' {
            return self.newline(i);
        }
        if is_ws(b) {
            return i + 1;
        }
        if let Some(after) = self.plain_run(i) {
            return after;
        }
        match self.eng.mode {
            Mode::Code | Mode::Interpolation => {
                self.branch_token(i);
                self.code_step(i)
            }
            Mode::LineComment => self.line_comment_step(i),
            Mode::Block { block, tag, depth } => self.block_step(i, block, tag, depth),
            Mode::CommentString { block, tag, depth, quote, inner } => {
                self.comment_string_step(i, (block, tag, depth), (quote, inner))
            }
            Mode::Str { quote, tag, doc } => self.string_step(i, quote, tag, doc),
            Mode::Regex { class } => self.regex_step(i, class),
            Mode::Delim(d) => self.delim_step(i, d),
            Mode::Heredoc { word, indent, fresh } => self.heredoc_step(i, word, indent, fresh),
            Mode::Scalar { scalar, fresh } => self.scalar_step(i, scalar, fresh),
            Mode::CloseTag => self.close_tag_step(i),
            Mode::Tag => unreachable!("read above"),
        }
    }

    /// Where the byte at `i` stands on its line; the flags are set by what came before it.
    fn place(&self, i: usize) -> Place {
        Place { start: self.before(i, 1) == b'\n', head: !self.code && !self.comment }
    }

    /// A newline ends the line, and the spans that end with their line.
    fn newline(&mut self, i: usize) -> usize {
        let syntax = self.eng.syntax;
        let spliced = syntax.splice
            && (self.before(i, 1) == b'\\' || self.before(i, 1) == b'\r' && self.before(i, 2) == b'\\')
            && (!syntax.odd_splice || Backslashes::NONE.after(&self.bytes[self.start..i]).splice(self.code));
        self.end_line();
        let eng = &mut self.eng;
        match eng.mode {
            Mode::LineComment if !spliced => eng.mode = eng.back(),
            Mode::Str { quote, .. } if !quote.multiline => eng.mode = eng.back(),
            Mode::Regex { .. } if eng.syntax.quote_likes == QuoteLikes::None => eng.mode = eng.back(),
            // A character class does not run over lines: a `[` in a `(?#...)` comment opens none.
            Mode::Regex { .. } => eng.mode = Mode::Regex { class: false },
            Mode::Heredoc { word, indent, .. } => eng.mode = Mode::Heredoc { word, indent, fresh: true },
            Mode::Scalar { scalar, .. } => eng.mode = Mode::Scalar { scalar, fresh: true },
            _ => {}
        }
        // A heredoc opened before a string that runs over lines starts after the string's last line.
        if let (Mode::Code, Some(pending)) = (eng.mode, eng.pending) {
            eng.pending = None;
            eng.mode = match pending {
                Pending::Heredoc(word, indent) => Mode::Heredoc { word, indent, fresh: true },
                Pending::Scalar(scalar) => Mode::Scalar { scalar, fresh: true },
            };
            self.heredoc_body_starts();
        }
        i + 1
    }

    /// Code mode (or code inside a string's interpolation) at `i`.
    fn code_step(&mut self, i: usize) -> usize {
        let (bytes, syntax) = (self.bytes, self.eng.syntax);
        let (b, rest, place) = (bytes[i], window(bytes, i), self.place(i));
        if let Some(next) = self.interpolation_bracket(i, b) {
            return next;
        }
        if Some(b) == syntax.code_escape {
            self.mark_code(i);
            return i + if bytes.get(i + 1).map_or(true, |&n| n == b'\n') { 1 } else { 2 };
        }
        if b == b'/' && syntax.splice {
            if let Some((kind, len)) = spliced_opener(rest, syntax) {
                return self.open_spliced(i, kind, len);
            }
        }
        if b == b'\'' && syntax.digit_separators && self.separator_at(i) {
            self.mark_code(i);
            return i + 1;
        }
        if let Some((opening, len)) = embed_opens(syntax.embed, rest, place) {
            self.open_span(SpanKind::Tag, i, len);
            self.reader = TagReader::new(opening);
            self.eng.mode = Mode::Tag;
            self.mark_code(i);
            return i + len;
        }
        let found = self.eng.openers.iter().find_map(|o| o.matches(rest, syntax, place).map(|m| (o.kind, m)));
        if let Some((kind, m)) = found {
            self.open_marker(i, kind, &m, rest);
            return i + m.len;
        }
        let help = help_text_opens(rest, syntax.help_text, place.head).filter(|_| self.eng.pending.is_none());
        self.mark_code(i);
        if let Some((len, help)) = help {
            self.pend_span(SpanKind::HelpText, i, len);
            self.eng.pending = Some(Pending::Scalar(help));
            return i + len;
        }
        self.code_byte(i, b, rest)
    }

    /// A comment whose opener splices cut (`/\` newline `*`): it opens at its `/`, and each of its
    /// newlines ends a line of it.
    fn open_spliced(&mut self, i: usize, kind: Kind, len: usize) -> usize {
        let (span, mode) = match kind {
            Kind::Block(block) => (SpanKind::BlockComment, Mode::Block { block, tag: Tag::EMPTY, depth: 1 }),
            _ => (SpanKind::LineComment, Mode::LineComment),
        };
        self.open_span(span, i, len);
        self.eng.mode = mode;
        self.mark_comment(i);
        for at in i..i + len {
            if self.bytes[at] == b'\n' {
                self.end_line();
                self.mark_comment(at + 1);
            }
        }
        i + len
    }

    /// Inside an interpolation: its closer (back to the string at depth 0), or one more
    /// opening bracket.
    fn interpolation_bracket(&mut self, i: usize, b: u8) -> Option<usize> {
        let (Mode::Interpolation, Some(open)) = (self.eng.mode, self.eng.open_interpolation) else {
            return None;
        };
        let h = open.quote.interpolation.expect("an interpolation belongs to a string that has one");
        if b == h.close {
            self.mark_code(i);
            if open.depth == 0 {
                self.eng.mode = open.around();
                self.eng.open_interpolation = None;
                self.eng.opened = self.eng.opened_around.take();
            } else {
                self.eng.open_interpolation = Some(InInterpolation { depth: open.depth - 1, ..open });
            }
            return Some(i + 1);
        }
        if b == h.open[h.open.len() - 1] {
            self.mark_code(i);
            self.eng.open_interpolation = Some(InInterpolation { depth: open.depth + 1, ..open });
            return Some(i + 1);
        }
        None
    }

    /// A marker found in code opens its span. The mode changes first, so what the line is marked
    /// with is inside the span.
    fn open_marker(&mut self, i: usize, kind: Kind, m: &Opened, rest: &[u8]) {
        let tag = m.tag_in(rest).unwrap_or(Tag::EMPTY);
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
                let doc = quote.doc && !self.code && !self.comment && !self.options.docstrings_as_code;
                self.open_span(if doc { SpanKind::DocString } else { SpanKind::String }, i, m.len);
                self.eng.mode = Mode::Str { quote, tag, doc };
                if doc {
                    self.mark_comment(i);
                } else {
                    self.mark_code(i);
                }
            }
            Kind::Code => {}
        }
    }

    /// A code byte that opens no span of its own: a heredoc's opener, a block scalar's indicator,
    /// a regex's slash, or one byte of code.
    fn code_byte(&mut self, i: usize, b: u8, rest: &[u8]) -> usize {
        let syntax = self.eng.syntax;
        if syntax.block_scalars && matches!(b, b'|' | b'>') && self.eng.pending.is_none() {
            let (before, prev) = (self.before(i, 1), self.nonblank_before(i));
            if let Some(scalar) = block_scalar_opens(rest, before, prev, || self.indent_of_line(i)) {
                self.pend_span(SpanKind::BlockScalar, i, 1);
                self.eng.pending = Some(Pending::Scalar(scalar));
                return i + 1;
            }
        }
        let (before, prev) = ([self.before(i, 2), self.before(i, 1)], self.nonblank_before(i));
        let keyword = || expects_operand(syntax.quote_likes, self.word_before(i).as_bytes());
        match quote_like_opens(syntax.quote_likes, rest, before, prev, keyword) {
            Some(QuoteLikeAt::Opens(len, d)) => {
                self.open_span(SpanKind::String, i, len);
                self.eng.mode = Mode::Delim(d);
                return i + len;
            }
            Some(QuoteLikeAt::Code(len)) => return i + len,
            None => {}
        }
        let heredoc = syntax
            .heredoc
            .filter(|_| self.eng.later.takes(&self.eng.pending))
            .and_then(|h| heredoc_opens(rest, &h));
        match heredoc {
            Some(HeredocAt::Opens(len, word, indent)) => {
                self.pend_span(SpanKind::Heredoc, i, len);
                self.eng.later.add(&mut self.eng.pending, word, indent);
                return i + len;
            }
            Some(HeredocAt::Longer(len)) => return i + len,
            None => {}
        }
        let keyword = || expects_operand(syntax.quote_likes, self.word_before(i).as_bytes());
        let condition = || closes_condition(&[], &self.bytes[self.start..i]);
        if b == b'/'
            && syntax.regex
            && regex_opens(syntax.quote_likes, self.before(i, 1), prev, keyword, condition)
        {
            self.eng.mode = Mode::Regex { class: false };
            self.open_span(SpanKind::Regex, i, 1);
        }
        i + 1
    }

    fn line_comment_step(&mut self, i: usize) -> usize {
        if self.eng.syntax.embed == Embed::Php && window(self.bytes, i).starts_with(b"?>") {
            // PHP's `?>` ends the comment; code mode reads it next.
            self.eng.mode = self.eng.back();
            return i;
        }
        self.mark_comment(i);
        i + 1
    }

    fn block_step(&mut self, i: usize, block: &'static Block, tag: Tag, depth: u32) -> usize {
        let (syntax, rest, place) = (self.eng.syntax, window(self.bytes, i), self.place(i));
        self.mark_comment(i);
        if syntax.comment_strings {
            match comment_string_at(rest, self.before(i, 1), syntax) {
                Some(InComment::Opens(quote, len, inner)) => {
                    self.eng.mode = Mode::CommentString { block, tag, depth, quote, inner };
                    return i + len;
                }
                Some(InComment::Char(len)) => return i + len,
                None => {}
            }
        }
        if let Some(len) = block_closes(rest, block, &tag, place) {
            self.eng.mode =
                if depth == 1 { self.eng.back() } else { Mode::Block { block, tag, depth: depth - 1 } };
            i + len
        } else if let Some((len, _)) =
            block_opens(rest, block, syntax.tag_chars, place).filter(|_| block.nested)
        {
            self.eng.mode = Mode::Block { block, tag, depth: depth + 1 };
            i + len
        } else {
            i + 1
        }
    }

    /// A string inside a block comment: comment bytes up to its closer (with the string's tag),
    /// escapes skipped.
    fn comment_string_step(
        &mut self,
        i: usize,
        (block, tag, depth): (&'static Block, Tag, u32),
        (quote, inner): (&Quote, Tag),
    ) -> usize {
        self.mark_comment(i);
        if Some(self.bytes[i]) == quote.escape {
            if self.bytes.get(i + 1) == Some(&b'\n') {
                self.end_line();
            }
            return i + 2;
        }
        match quote_closes(window(self.bytes, i), quote, &inner) {
            Some(Close::Ends(len)) => {
                self.eng.mode = Mode::Block { block, tag, depth };
                i + len
            }
            Some(Close::Text(len)) => i + len,
            None => i + 1,
        }
    }

    fn string_step(&mut self, i: usize, quote: &'static Quote, tag: Tag, doc: bool) -> usize {
        let (bytes, b) = (self.bytes, self.bytes[i]);
        let rest = window(bytes, i);
        if doc {
            self.mark_comment(i);
        } else {
            self.mark_code(i);
        }
        if let Some(h) =
            quote.interpolation.filter(|h| b == h.open[0] && self.eng.open_interpolation.is_none())
        {
            match interpolation_opens(rest, &h) {
                Some(InterpolationOpener::Opens(len)) => {
                    self.eng.open_interpolation =
                        Some(InInterpolation { quote, tag, doc, depth: 0, regex: None });
                    self.eng.opened_around = self.eng.opened.clone();
                    self.eng.mode = Mode::Interpolation;
                    return i + len;
                }
                Some(InterpolationOpener::Text(len)) => return i + len,
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

    fn regex_step(&mut self, i: usize, class: bool) -> usize {
        self.mark_code(i);
        let quote = regex_interpolation(self.eng.syntax).filter(|_| self.eng.open_interpolation.is_none());
        if let Some((quote, h)) = quote.and_then(|q| Some((q, q.interpolation?))) {
            match interpolation_opens(window(self.bytes, i), &h) {
                Some(InterpolationOpener::Opens(len)) => {
                    let regex = Some(class);
                    let open = InInterpolation { quote, tag: Tag::EMPTY, doc: false, depth: 0, regex };
                    self.eng.open_interpolation = Some(open);
                    self.eng.opened_around = self.eng.opened.clone();
                    self.eng.mode = Mode::Interpolation;
                    return i + len;
                }
                Some(InterpolationOpener::Text(len)) => return i + len,
                None => {}
            }
        }
        match self.bytes[i] {
            b'\\' if self.bytes.get(i + 1) != Some(&b'\n') => return i + 2,
            b'[' => self.eng.mode = Mode::Regex { class: true },
            b']' => self.eng.mode = Mode::Regex { class: false },
            b'/' if !class => self.eng.mode = self.eng.back(),
            _ => {}
        }
        i + 1
    }

    /// A quote-like body: every byte is string (code); where it ends is [`delim_step`]'s to say.
    fn delim_step(&mut self, i: usize, d: Delim) -> usize {
        match delim_step(d, window(self.bytes, i)) {
            DelimStep::Inside(next, len) => {
                self.mark_code(i);
                self.eng.mode = Mode::Delim(next);
                i + len
            }
            DelimStep::Ends(len) => {
                if len > 0 {
                    self.mark_code(i);
                }
                self.eng.mode = self.eng.back();
                i + len
            }
        }
    }

    fn heredoc_step(&mut self, i: usize, word: Tag, indent: bool, fresh: bool) -> usize {
        self.mark_code(i);
        let closes = fresh && (indent || self.before(i, 1) == b'\n');
        let lax = self.eng.syntax.heredoc.is_some_and(|h| h.lax);
        match heredoc_closes(window(self.bytes, i), &word, lax).filter(|_| closes) {
            Some(len) => {
                self.eng.mode = self.eng.back();
                self.eng.pending = self.eng.later.next();
                i + len
            }
            None => {
                self.eng.mode = Mode::Heredoc { word, indent, fresh: false };
                i + 1
            }
        }
    }

    /// A block scalar's line (or help text's): content (code) while it is indented as the content
    /// is; the first line indented less ends the scalar and is read again in code.
    fn scalar_step(&mut self, i: usize, scalar: Scalar, fresh: bool) -> usize {
        let indent = line_indent(&self.bytes[self.start..i], Indent::default());
        let scalar = match fresh.then(|| scalar.holds(scalar.width(indent))) {
            None => scalar,
            Some(Some(open)) => open,
            Some(None) => {
                self.eng.mode = self.eng.back();
                return i;
            }
        };
        self.mark_code(i);
        self.eng.mode = Mode::Scalar { scalar, fresh: false };
        i + 1
    }

    /// The word the bytes before `i` end with, for the keywords that expect an operand.
    fn word_before(&self, i: usize) -> LastWord {
        LastWord::NONE.after(&self.bytes[self.start..i])
    }

    /// The `'` at `i` is a digit separator (`1'000`): the bytes before it are a number's.
    fn separator_at(&self, i: usize) -> bool {
        NumberRun::NONE.after(&self.bytes[self.start..i]).separates(self.bytes.get(i + 1).copied())
    }

    /// How many blanks open the line that `i` is on.
    fn indent_of_line(&self, i: usize) -> usize {
        let start = self.bytes[..i].iter().rposition(|&b| b == b'\n').map_or(self.start, |nl| nl + 1);
        let start = start.max(self.start);
        self.bytes[start..].iter().take_while(|&&b| is_ws(b)).count()
    }

    fn close_tag_step(&mut self, i: usize) -> usize {
        self.mark_code(i);
        if self.bytes[i] == b'>' {
            self.eng.mode = Mode::Code;
        }
        i + 1
    }
}
