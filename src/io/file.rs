//! The per-file steps both readers share: a buffer comes back filled, this decides what it was.

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
    bytes: u64,
}

impl FileProgress {
    pub fn new(language: NameMatch) -> FileProgress {
        FileProgress { language, counter: None, bytes: 0 }
    }

    /// `buf[..carry]` is left over from the previous chunk and `buf[carry..carry + read]` is new.
    /// A read shorter than asked (`eof`) ends the file: regular files only come up short at the end.
    /// `only` limits shebang-detected languages (`--type`); empty allows all.
    pub fn on_read(&mut self, buf: &mut [u8], carry: usize, read: usize, eof: bool, only: &[LangId]) -> Step {
        self.bytes += read as u64;
        let data_len = carry + read;
        let counter = match self.counter.as_mut() {
            Some(counter) => counter,
            None => match self.start(&buf[..data_len], only) {
                Ok(counter) => self.counter.insert(counter),
                Err(outcome) => return Step::Done(outcome),
            },
        };
        if eof {
            let counter = self.counter.take().expect("counter started");
            let language = counter.language();
            let counts = counter.finish(&buf[..data_len]);
            return Step::Done(Outcome::Counted { language, bytes: self.bytes, counts });
        }
        let used = counter.feed(&buf[..data_len]);
        buf.copy_within(used..data_len, 0);
        Step::More { carry: data_len - used }
    }

    fn start(&self, head: &[u8], only: &[LangId]) -> Result<LineCounter, Outcome> {
        if memchr::memchr(0, &head[..head.len().min(BINARY_SNIFF)]).is_some() {
            return Err(Outcome::Binary);
        }
        let language: LangId = match self.language {
            NameMatch::Known(id) => id,
            NameMatch::NeedsShebang => detect_by_shebang(head)
                .filter(|id| only.is_empty() || only.contains(id))
                .ok_or(Outcome::Unknown)?,
            NameMatch::Unknown => return Err(Outcome::Unknown),
        };
        Ok(LineCounter::new(language))
    }
}
