//! The per-file steps both readers share: a buffer comes back filled, this decides what it was.

use std::ops::ControlFlow;

use super::utf16::Utf16Decoder;
use crate::count::LineCounter;
use crate::lang::{detect_by_shebang, LangId, NameMatch};
use crate::report::Outcome;

/// Bytes scanned for a NUL to call a file binary (git looks at the first 8000).
const BINARY_SNIFF: usize = 8000;

/// What the reader does next with this file.
#[derive(Debug)]
pub enum Step {
    /// Read more into the buffer after the first `carry` bytes, which must stay where they are.
    More {
        carry: usize,
    },
    Done(Outcome),
}

/// A file in flight: its language (once known), counter state and bytes read so far.
#[derive(Debug)]
pub struct FileProgress {
    language: NameMatch,
    counter: Option<LineCounter>,
    utf16: Option<Utf16Decoder>,
    bytes: u64,
}

impl FileProgress {
    pub fn new(language: NameMatch) -> FileProgress {
        FileProgress { language, counter: None, utf16: None, bytes: 0 }
    }

    /// `buf[..carry]` is left over from the previous chunk and `buf[carry..carry + read]` is new.
    /// A read shorter than asked (`eof`) ends the file: regular files only come up short at the end.
    /// `only` limits shebang-detected languages (`--type`); empty allows all.
    pub fn on_read(&mut self, buf: &mut [u8], carry: usize, read: usize, eof: bool, only: &[LangId]) -> Step {
        self.bytes += read as u64;
        let data_len = carry + read;
        if self.counter.is_none() {
            if let Err(outcome) = self.start(&buf[..data_len], only) {
                return Step::Done(outcome);
            }
        }
        let Some(mut decoder) = self.utf16.take() else {
            return match self.count(&buf[..data_len], eof) {
                ControlFlow::Continue(fed) => {
                    buf.copy_within(fed..data_len, 0);
                    Step::More { carry: data_len - fed }
                }
                ControlFlow::Break(outcome) => Step::Done(outcome),
            };
        };
        let used = decoder.decode(&buf[..data_len], eof);
        match self.count(&decoder.text, eof) {
            ControlFlow::Continue(fed) => {
                decoder.text.drain(..fed);
                self.utf16 = Some(decoder);
                buf.copy_within(used..data_len, 0);
                Step::More { carry: data_len - used }
            }
            ControlFlow::Break(outcome) => Step::Done(outcome),
        }
    }

    /// Feeds `text` to the counter and says how much it took, or, at the end, the file's outcome.
    fn count(&mut self, text: &[u8], eof: bool) -> ControlFlow<Outcome, usize> {
        if !eof {
            return ControlFlow::Continue(self.counter.as_mut().expect("counter started").feed(text));
        }
        let counter = self.counter.take().expect("counter started");
        let language = counter.language();
        let counts = counter.finish(text);
        ControlFlow::Break(Outcome::Counted { language, bytes: self.bytes, counts })
    }

    fn start(&mut self, head: &[u8], only: &[LangId]) -> Result<(), Outcome> {
        self.utf16 = Utf16Decoder::for_head(head);
        if self.utf16.is_none() && memchr::memchr(0, &head[..head.len().min(BINARY_SNIFF)]).is_some() {
            return Err(Outcome::Binary);
        }
        let language: LangId = match self.language {
            NameMatch::Known(id) => id,
            NameMatch::NeedsShebang => detect_by_shebang(head)
                .filter(|id| only.is_empty() || only.contains(id))
                .ok_or(Outcome::Unknown)?,
            NameMatch::Unknown => return Err(Outcome::Unknown),
        };
        self.counter = Some(LineCounter::new(language));
        Ok(())
    }
}
