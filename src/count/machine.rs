//! The fast, resumable state machine. Whole lines without a marker cost one table lookup per byte
//! until the line is known to be code, then a skip to the next marker or newline.

use memchr::{memchr, memchr3};

use super::classifier::{is_ws, Classifier, TokenKind, NL, START};
use super::Counts;
use crate::lang::{LangId, Quote};

const BOM: &[u8] = b"\xEF\xBB\xBF";

#[derive(Debug, Clone, Copy)]
enum Mode {
    Code,
    LineComment,
    Block { open: &'static [u8], close: &'static [u8], depth: u32 },
    Str { quote: &'static Quote, doc: bool },
}

/// Counts one file fed in chunks. State (mode, the current line's flags) carries across chunks.
#[derive(Debug)]
pub struct LineCounter {
    lang: LangId,
    cls: &'static Classifier,
    mode: Mode,
    code: bool,
    comment: bool,
    /// Bytes seen since the last newline: the last line counts even without a final `\n`.
    partial: bool,
    started: bool,
    counts: Counts,
}

impl LineCounter {
    pub fn new(lang: LangId) -> LineCounter {
        LineCounter {
            lang,
            cls: Classifier::for_language(lang),
            mode: Mode::Code,
            code: false,
            comment: false,
            partial: false,
            started: false,
            counts: Counts::default(),
        }
    }

    pub fn language(&self) -> LangId {
        self.lang
    }

    /// Counts a prefix of `buf` and returns its length. The rest (fewer than
    /// [`super::MAX_TOKEN`] bytes: a marker may straddle the chunk end) must start the next chunk.
    pub fn feed(&mut self, buf: &[u8]) -> usize {
        self.run(buf, false)
    }

    /// Counts the final bytes of the file and returns the totals.
    pub fn finish(mut self, rest: &[u8]) -> Counts {
        self.run(rest, true);
        if self.partial {
            self.end_line();
        }
        self.counts
    }

    fn run(&mut self, buf: &[u8], last: bool) -> usize {
        let limit = if last { buf.len() } else { buf.len().saturating_sub(self.cls.lookahead - 1) };
        let mut i = 0;
        if !self.started {
            if !last && buf.len() < BOM.len() {
                return 0;
            }
            self.started = true;
            if buf.starts_with(BOM) {
                i = BOM.len();
            }
        }
        while i < limit {
            i = match self.mode {
                Mode::Code => self.code(buf, i, limit),
                Mode::LineComment => self.line_comment(buf, i, limit),
                Mode::Block { open, close, depth } => self.block(buf, i, limit, open, close, depth),
                Mode::Str { quote, doc } => self.string(buf, i, limit, quote, doc),
            };
        }
        let i = i.min(buf.len());
        if i > 0 {
            self.partial = buf[i - 1] != b'\n';
        }
        i
    }

    fn end_line(&mut self) {
        self.counts.lines += 1;
        if self.code {
            self.counts.code += 1;
        } else if self.comment {
            self.counts.comments += 1;
        } else {
            self.counts.blanks += 1;
        }
        self.code = false;
        self.comment = false;
    }

    fn code(&mut self, buf: &[u8], mut i: usize, limit: usize) -> usize {
        let class = &self.cls.class;
        while i < limit {
            let c = class[usize::from(buf[i])];
            if c == 0 {
                self.code = true;
                i += 1;
                while i < limit && class[usize::from(buf[i])] & (NL | START) == 0 {
                    i += 1;
                }
            } else if c & NL != 0 {
                self.end_line();
                i += 1;
            } else if c & START != 0 {
                if let Some(next) = self.open_token(buf, i) {
                    return next;
                }
                self.code = true;
                i += 1;
            } else {
                i += 1;
            }
        }
        i
    }

    fn open_token(&mut self, buf: &[u8], at: usize) -> Option<usize> {
        let token = self.cls.token_at(buf, at)?;
        self.mode = match token.kind {
            TokenKind::LineComment => {
                self.comment = true;
                Mode::LineComment
            }
            TokenKind::Block { open, close } => {
                self.comment = true;
                Mode::Block { open, close, depth: 1 }
            }
            TokenKind::Quote(quote) => {
                let doc = quote.doc && !self.code;
                if doc {
                    self.comment = true;
                } else {
                    self.code = true;
                }
                Mode::Str { quote, doc }
            }
        };
        Some(at + token.bytes.len())
    }

    fn line_comment(&mut self, buf: &[u8], i: usize, limit: usize) -> usize {
        match memchr(b'\n', &buf[i..limit]) {
            Some(off) => {
                self.end_line();
                self.mode = Mode::Code;
                i + off + 1
            }
            None => limit,
        }
    }

    fn block(
        &mut self,
        buf: &[u8],
        mut i: usize,
        limit: usize,
        open: &'static [u8],
        close: &'static [u8],
        mut depth: u32,
    ) -> usize {
        let nested = self.cls.nested;
        let opener = if nested { open[0] } else { b'\n' };
        while i < limit {
            let b = buf[i];
            if b == b'\n' {
                self.end_line();
                i += 1;
                continue;
            }
            if is_ws(b) {
                i += 1;
                continue;
            }
            self.comment = true;
            if buf[i..].starts_with(close) {
                i += close.len();
                depth -= 1;
                if depth == 0 {
                    self.mode = Mode::Code;
                    return i;
                }
            } else if nested && buf[i..].starts_with(open) {
                i += open.len();
                depth += 1;
            } else {
                i += 1;
                i += memchr3(b'\n', close[0], opener, &buf[i..limit]).unwrap_or(limit - i);
            }
        }
        self.mode = Mode::Block { open, close, depth };
        i
    }

    fn string(&mut self, buf: &[u8], mut i: usize, limit: usize, quote: &'static Quote, doc: bool) -> usize {
        while i < limit {
            let b = buf[i];
            if b == b'\n' {
                self.end_line();
                i += 1;
                if !quote.multiline {
                    self.mode = Mode::Code;
                    return i;
                }
                continue;
            }
            if is_ws(b) {
                i += 1;
                continue;
            }
            if doc {
                self.comment = true;
            } else {
                self.code = true;
            }
            if quote.escape && b == b'\\' {
                // An escaped newline continues the string on the next line, even a one-line string.
                if buf.get(i + 1) == Some(&b'\n') {
                    self.end_line();
                }
                i += 2;
            } else if buf[i..].starts_with(quote.close) {
                self.mode = Mode::Code;
                return i + quote.close.len();
            } else {
                i += 1;
            }
        }
        i
    }
}
