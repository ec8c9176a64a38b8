//! The per-file steps both readers share: a buffer comes back filled, this decides what it was.

use std::borrow::Cow;
use std::ops::ControlFlow;
use std::sync::Arc;

use xxhash_rust::xxh3::{xxh3_128, Xxh3};

use super::sniff::sniff;
use super::utf16::Utf16Decoder;
use crate::count::{count_with_complexity, Counts, Embedded, LineCounter, Options};
use crate::lang::{LangId, NameMatch};
use crate::report::{CountedFile, Outcome, Skip, UniqueLines};

/// Bytes scanned for a NUL to call a file binary (git looks at the first 8000).
pub const BINARY_SNIFF: usize = 8000;
/// Whether a file whose first bytes are `head` is binary, and so skipped: the readers ask the same
/// rule of the head they sniff (`sniff::Head::binary`), so `explain` refuses just what they skip.
pub fn is_binary(head: &[u8]) -> bool {
    sniff(head).binary()
}

/// A whole file's bytes as the counter is fed them: a UTF-16 file (a byte-order mark starts it)
/// transcoded to UTF-8 by the readers' decoder, its mark made U+FEFF; any other file as it is.
/// `explain` reads through it, so that its lines are the ones the count counted.
pub fn counted_text(bytes: &[u8]) -> Cow<'_, [u8]> {
    match sniff(bytes).utf16 {
        None => Cow::Borrowed(bytes),
        Some(order) => {
            let mut decoder = Utf16Decoder::new(order);
            decoder.decode(bytes, true);
            Cow::Owned(decoder.text)
        }
    }
}

/// Average bytes per line above which a file is minified (scc uses 255; hand-written code with
/// long lines stays well below this).
const MINIFIED_LINE: u64 = 500;

/// What readers decide about a file's contents besides counting them, from the run's settings.
#[derive(Debug, Clone, Default)]
pub struct ReadRules {
    /// Languages a shebang may select (`--type`, `--exclude-lang`), sorted; empty allows all.
    pub only: Vec<LangId>,
    /// Files larger than this are skipped; reading stops once it is passed, so no `statx`.
    pub max_size: Option<u64>,
    /// Files of more lines than this are skipped, once counted.
    pub max_lines: Option<u64>,
    pub skip_generated: bool,
    pub skip_minified: bool,
    /// Counting options (`--docstrings-as-code`).
    pub count: Options,
    /// Read every byte but classify none (`--count none`): the read floor the counter is measured
    /// against, with the same walk, threads and reads.
    pub read_only: bool,
    /// Count each file's branch tokens (`--complexity`): the whole file is read by the twin, which
    /// knows where code is, instead of the fast path.
    pub complexity: bool,
    /// Add each counted file's lines to the run's distinct lines (`--uloc`): the whole file is
    /// kept until its last chunk, as for `complexity`. `None` hashes nothing and keeps nothing.
    pub uloc: Option<Arc<UniqueLines>>,
    /// Hash each counted file's bytes (`--no-duplicates`), as read: raw, before any decoding.
    pub digest: bool,
}

/// What the reader does next with this file.
#[derive(Debug)]
pub enum Step {
    /// Read more into the buffer after the first `carry` bytes, which must stay where they are.
    More {
        carry: usize,
    },
    Done(Outcome),
}

/// A file in flight: its language (once known), counter state (once a chunk is left for the next
/// read) and bytes read so far.
#[derive(Debug)]
pub struct FileProgress {
    language: NameMatch,
    /// Boxed: kept only for a file read in more than one chunk, and a reader moves its files in
    /// flight about (a ring's slots), where the counter's ~300 bytes cost a copy each time.
    counter: Option<Box<LineCounter>>,
    /// Boxed for the same reason: only a UTF-16 file has one, and inline it took 32 bytes of
    /// every file's slot.
    utf16: Option<Box<Utf16Decoder>>,
    bytes: u64,
    generated: bool,
    /// The language the file is counted as, once its head is read.
    counted_as: Option<LangId>,
    /// What a file read in more than one chunk keeps of its chunks where a flag asks. Boxed as
    /// the counter is: 8 bytes in every slot a ring moves about, and one field to drop (a second
    /// box cost ~40 instructions a file where neither flag is given).
    carried: Option<Box<Carried>>,
}

/// What [`FileProgress::carried`] keeps from chunk to chunk.
#[derive(Default)]
struct Carried {
    /// With `--complexity` or `--uloc`: the chunks read so far.
    whole: Vec<u8>,
    /// With `--no-duplicates`: the hash of the chunks read so far. Boxed: XXH3's state is ~600
    /// bytes, which every file's box would otherwise be made and zeroed with.
    hashing: Option<Box<Xxh3>>,
    /// With `--no-duplicates`: the hash of the whole file, once its last chunk is read, for its
    /// outcome. Kept here rather than set in the outcome on its way out (a copy of it a file) or
    /// in a field of its own (its drop no longer inlined): ~20 instructions a file either way
    /// where the flag is not given.
    digest: Option<u128>,
}

impl std::fmt::Debug for Carried {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Carried").field("whole", &self.whole.len()).finish_non_exhaustive()
    }
}

impl FileProgress {
    pub fn new(language: NameMatch) -> FileProgress {
        FileProgress {
            language,
            counter: None,
            utf16: None,
            bytes: 0,
            generated: false,
            counted_as: None,
            carried: None,
        }
    }

    /// The language the file is counted as; `None` before its head is read, or when it is not
    /// counted (binary, unknown).
    pub fn counted_as(&self) -> Option<LangId> {
        self.counted_as
    }

    /// `buf[..carry]` is left over from the previous chunk and `buf[carry..carry + read]` is new.
    /// A read shorter than asked (`eof`) ends the file: regular files only come up short at the end.
    pub fn on_read(
        &mut self,
        buf: &mut [u8],
        carry: usize,
        read: usize,
        eof: bool,
        rules: &ReadRules,
    ) -> Step {
        let data_len = carry + read;
        match self.on_text(&buf[..data_len], read, eof, rules) {
            ControlFlow::Continue(used) => {
                buf.copy_within(used..data_len, 0);
                Step::More { carry: data_len - used }
            }
            ControlFlow::Break(outcome) => Step::Done(outcome),
        }
    }

    /// [`FileProgress::on_read`] without the buffer: `text` is what was left over followed by the
    /// `read` new bytes; says how much of `text` was used (the rest starts the next `text`). Files
    /// already in memory are counted in place this way, with no copy into a read buffer.
    pub fn on_text(
        &mut self,
        text: &[u8],
        read: usize,
        eof: bool,
        rules: &ReadRules,
    ) -> ControlFlow<Outcome, usize> {
        if rules.digest {
            self.hash(&text[text.len() - read..], eof);
        }
        self.on_text_unhashed(text, read, eof, rules)
    }

    /// With `--no-duplicates`: `new` bytes of the file go to its hash, which is
    /// [`Carried::digest`] at the end. A file read in one chunk, as most are, is hashed at once.
    #[inline(never)]
    fn hash(&mut self, new: &[u8], eof: bool) {
        let carried = self.carried.get_or_insert_with(Box::default);
        match (eof, &mut carried.hashing) {
            (true, None) => carried.digest = Some(xxh3_128(new)),
            (_, Some(hashing)) => {
                hashing.update(new);
                if eof {
                    carried.digest = Some(hashing.digest128());
                }
            }
            (false, hashing @ None) => {
                let mut state = Box::new(Xxh3::new());
                state.update(new);
                *hashing = Some(state);
            }
        }
    }

    /// [`FileProgress::on_text`] past the hash: once in it, so that LLVM inlines its steps there.
    #[inline(always)]
    fn on_text_unhashed(
        &mut self,
        text: &[u8],
        read: usize,
        eof: bool,
        rules: &ReadRules,
    ) -> ControlFlow<Outcome, usize> {
        self.bytes += read as u64;
        if rules.max_size.is_some_and(|max| self.bytes > max) {
            return ControlFlow::Break(Outcome::Skipped(Skip::TooLarge));
        }
        if self.counted_as.is_none() {
            if let Err(outcome) = self.start(text, rules) {
                return ControlFlow::Break(outcome);
            }
        }
        if rules.read_only {
            // Nothing is classified, so no counter is made: an empty file's counts, as one would
            // give, without its ~270 instructions a file.
            let language = self.counted_as.expect("file started");
            return if eof {
                ControlFlow::Break(self.classify(language, (Counts::default(), Embedded::new(), None), rules))
            } else {
                ControlFlow::Continue(text.len())
            };
        }
        match self.utf16.take() {
            None => self.count(text, eof, rules),
            Some(decoder) => self.count_utf16(decoder, text, eof, rules),
        }
    }

    /// [`FileProgress::on_text`] for a UTF-16 file: `text` is decoded first, and the decoded bytes
    /// the counter did not take are kept for the next chunk.
    #[inline(never)]
    fn count_utf16(
        &mut self,
        mut decoder: Box<Utf16Decoder>,
        text: &[u8],
        eof: bool,
        rules: &ReadRules,
    ) -> ControlFlow<Outcome, usize> {
        let used = decoder.decode(text, eof);
        let fed = self.count(&decoder.text, eof, rules)?;
        decoder.text.drain(..fed);
        self.utf16 = Some(decoder);
        ControlFlow::Continue(used)
    }

    /// Feeds `text` to the counter and says how much it took, or, at the end, the file's outcome.
    /// The counter is kept only for a file read in more than one chunk. Always inline: called,
    /// its frame, saved registers and outcome's copy out cost ~20 instructions a file.
    #[inline(always)]
    fn count(&mut self, text: &[u8], eof: bool, rules: &ReadRules) -> ControlFlow<Outcome, usize> {
        if rules.complexity || rules.uloc.is_some() {
            return self.count_whole(text, eof, rules);
        }
        if eof {
            return ControlFlow::Break(self.finish(text, rules));
        }
        let language = self.counted_as.expect("file started");
        let counter =
            self.counter.get_or_insert_with(|| Box::new(LineCounter::with_options(language, rules.count)));
        ControlFlow::Continue(counter.feed(text))
    }

    /// Counts the last bytes: a file read in one chunk (most are) gets a counter of its own here,
    /// never moved into `self` and out again (two copies of the counter, ~60 instructions a file).
    fn finish(&mut self, rest: &[u8], rules: &ReadRules) -> Outcome {
        let language = self.counted_as.expect("file started");
        let (counts, embedded) = match self.counter.take() {
            Some(counter) => counter.finish_embedded(rest),
            None => LineCounter::with_options(language, rules.count).finish_embedded(rest),
        };
        self.classify(language, (counts, embedded, None), rules)
    }

    /// [`FileProgress::count`] with `--complexity` or `--uloc`: the chunks are kept until the last
    /// (a file read in one chunk, as most are, is not copied), the whole file is counted, by the
    /// twin where complexity is asked for, and a counted file's lines go to the distinct lines.
    #[inline(never)]
    fn count_whole(&mut self, text: &[u8], eof: bool, rules: &ReadRules) -> ControlFlow<Outcome, usize> {
        if !eof {
            self.carried.get_or_insert_with(Box::default).whole.extend_from_slice(text);
            return ControlFlow::Continue(text.len());
        }
        let language = self.counted_as.expect("file started");
        let whole = self.carried.as_mut().map(|carried| std::mem::take(&mut carried.whole));
        let whole = whole.filter(|whole| !whole.is_empty()).map(|mut whole| {
            whole.extend_from_slice(text);
            whole
        });
        let text = whole.as_deref().unwrap_or(text);
        let mut outcome = if rules.complexity {
            let (counts, embedded, complexity) = count_with_complexity(language, rules.count, text);
            self.classify(language, (counts, embedded, Some(complexity)), rules)
        } else {
            self.finish(text, rules)
        };
        if let (Some(lines), Outcome::Counted(file)) = (&rules.uloc, &mut outcome) {
            file.uloc = Some(lines.add(language, text));
        }
        ControlFlow::Break(outcome)
    }

    /// The hash [`FileProgress::hash`] left, boxed for the outcome. Out of line, so that
    /// [`FileProgress::classify`] stays small enough to be inlined.
    #[cold]
    #[inline(never)]
    fn take_digest(&mut self) -> Option<Box<u128>> {
        self.carried.as_mut().and_then(|carried| carried.digest.take()).map(Box::new)
    }

    /// The file's outcome from its counts, embedded lines and complexity (where counted). Inlined
    /// into its three callers: out of line (as `--no-large`'s check had made it) it cost ~40
    /// instructions a file (callgrind, the kernel's `kernel/`).
    #[inline(always)]
    fn classify(
        &mut self,
        language: LangId,
        counted: (Counts, Embedded, Option<u64>),
        rules: &ReadRules,
    ) -> Outcome {
        let (counts, embedded, complexity) = counted;
        if rules.max_lines.is_some_and(|max| counts.lines > max) {
            return Outcome::Skipped(Skip::TooLarge);
        }
        let minified = self.bytes >= 1024 && self.bytes / counts.lines.max(1) > MINIFIED_LINE;
        match (self.generated, minified) {
            (true, _) if rules.skip_generated => Outcome::Skipped(Skip::Generated),
            (_, true) if rules.skip_minified => Outcome::Skipped(Skip::Minified),
            (generated, minified) => Outcome::Counted(CountedFile {
                language,
                bytes: self.bytes,
                counts,
                generated,
                minified,
                embedded,
                complexity,
                uloc: None,
                digest: if self.carried.is_some() { self.take_digest() } else { None },
            }),
        }
    }

    fn start(&mut self, head: &[u8], rules: &ReadRules) -> Result<(), Outcome> {
        let only = &rules.only;
        let sniffed = sniff(head);
        if sniffed.binary() {
            return Err(Outcome::Skipped(Skip::Binary));
        }
        self.utf16 = sniffed.utf16.map(|order| Box::new(Utf16Decoder::new(order)));
        self.generated = sniffed.generated;
        let language: LangId = match self.language {
            NameMatch::Known(id) => id,
            // A shebang or an ambiguous extension's heuristic decides from the head.
            pending @ (NameMatch::NeedsShebang | NameMatch::Ambiguous(_)) => match pending.resolve(head) {
                Some(id) if id.in_selection(only) => id,
                Some(_) => return Err(Outcome::Skipped(Skip::NotSelected)),
                None => return Err(Outcome::Skipped(Skip::Unknown)),
            },
            NameMatch::Unknown => return Err(Outcome::Skipped(Skip::Unknown)),
        };
        self.counted_as = Some(language);
        Ok(())
    }
}
