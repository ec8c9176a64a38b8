//! What the twin keeps when it explains: the first byte that made each line code and the first
//! that made it a comment, with the span each sat in, and whose line it was.

use std::collections::VecDeque;

use super::explain::{Bucket, LineExplain, Reason, SpanKind, SpanOpened};
use super::{Mode, Twin};

#[derive(Debug, Default)]
pub(super) struct Trace {
    /// The current line, from 1.
    line: u64,
    code: Option<Reason>,
    comment: Option<Reason>,
    /// The openers of the heredocs (or the block scalar's indicator) whose bodies are still to
    /// start, oldest first.
    pending: VecDeque<SpanOpened>,
    /// Each ended line, with the level it is charged to (by id; `None` is the file).
    lines: Vec<(Bucket, Option<usize>, Reason)>,
}

impl Twin<'_> {
    /// The byte column of `i` on its line, from 1.
    fn column(&self, i: usize) -> u32 {
        let line_start = self.bytes[..i].iter().rposition(|&b| b == b'\n').map_or(self.start, |p| p + 1);
        (i.max(line_start) - line_start + 1) as u32
    }

    fn span_at(&self, kind: SpanKind, i: usize, len: usize) -> Option<SpanOpened> {
        let line = self.trace.as_ref()?.line + 1;
        let end = (i + len).min(self.bytes.len());
        let marker = String::from_utf8_lossy(&self.bytes[i..end]).into_owned();
        Some(SpanOpened { kind, marker, line, column: self.column(i) })
    }

    /// A span opens at `i` with a marker of `len` bytes.
    pub(super) fn open_span(&mut self, kind: SpanKind, i: usize, len: usize) {
        if self.trace.is_some() {
            self.eng.opened = self.span_at(kind, i, len);
        }
    }

    pub(super) fn pend_span(&mut self, kind: SpanKind, i: usize, len: usize) {
        let span = self.span_at(kind, i, len);
        if let (Some(trace), Some(span)) = (self.trace.as_mut(), span) {
            trace.pending.push_back(span);
        }
    }

    pub(super) fn heredoc_body_starts(&mut self) {
        if let Some(trace) = self.trace.as_mut() {
            self.eng.opened = trace.pending.pop_front();
        }
    }

    /// Where the byte at `i` is: plain code has no span.
    fn reason_at(&self, i: usize) -> Reason {
        let span = match self.eng.mode {
            Mode::Code | Mode::Interpolation => None,
            _ => self.eng.opened.clone(),
        };
        Reason { column: Some(self.column(i)), span }
    }

    pub(super) fn mark_code(&mut self, i: usize) {
        if !self.code {
            let reason = self.trace.is_some().then(|| self.reason_at(i));
            if let (Some(trace), Some(reason)) = (self.trace.as_mut(), reason) {
                trace.code = Some(reason);
            }
        }
        self.code = true;
    }

    pub(super) fn mark_comment(&mut self, i: usize) {
        if !self.comment {
            let reason = self.trace.is_some().then(|| self.reason_at(i));
            if let (Some(trace), Some(reason)) = (self.trace.as_mut(), reason) {
                trace.comment = Some(reason);
            }
        }
        self.comment = true;
    }

    /// The line ends with the current flags (before they are cleared).
    pub(super) fn trace_line(&mut self) {
        let owner = self.line_owner();
        let (code, comment) = (self.code, self.comment);
        let Some(trace) = self.trace.as_mut() else { return };
        let (bucket, reason) = match (code, comment) {
            (true, _) => (Bucket::Code, trace.code.take()),
            (false, true) => (Bucket::Comments, trace.comment.take()),
            _ => (Bucket::Blanks, None),
        };
        trace.lines.push((bucket, owner, reason.unwrap_or_default()));
        (trace.code, trace.comment) = (None, None);
        trace.line += 1;
    }

    /// Every line, once the file is read and every level has settled.
    pub(super) fn explained(&mut self) -> Vec<LineExplain> {
        let lines = self.trace.take().map(|t| t.lines).unwrap_or_default();
        lines
            .into_iter()
            .enumerate()
            .map(|(n, (bucket, owner, reason))| LineExplain {
                line: n as u64 + 1,
                bucket,
                language: self.fate_of(owner),
                reason,
            })
            .collect()
    }
}
