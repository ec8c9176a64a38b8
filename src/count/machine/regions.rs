//! Stretches of other languages inside a file (a page's `<script>`, PHP's page, a Markdown fence),
//! for files whose language embeds others. An ordinary file never gets here: it has no
//! [`Regions`], allocates nothing and keeps the plain loop of `scan`.
//!
//! Each region is a level of a small stack. Entering one saves the language around it (its
//! [`Engine`]: classifier, mode, open span) in the level and starts the embedded language fresh;
//! leaving restores it. The end of a region is found by its text alone (`embed::end_at`), so the
//! loop finds the nearest end first and runs the embedded language up to it, as if the chunk ended
//! there. The line flags and the file's totals are shared by every level; each line is also
//! charged to the outermost level it touched, as linejudge reads a tag's own line as the
//! language around the tag. Only the first line after a level opens or closes can touch an outer
//! one: the lines after it are the innermost level's, charged together when the stack next
//! changes (the file's totals since then), so the block loops settle them in bulk there too.

use super::tally::LineTally;
use super::{InInterpolation, LineCounter, Mode, Reach};
use crate::count::syntax::classifier::Classifier;
use crate::count::syntax::embed::{
    end_at, fence_opens, End, KeptFence, Opening, TagReader, END_SEEN, MAX_DEPTH,
};
use crate::count::syntax::heredoc_queue::HeredocQueue;
use crate::count::syntax::markers::{is_ws, window, Pending, Tag};
use crate::count::syntax::prose::OPENERS;
use crate::count::{Counts, MAX_TOKEN, WINDOW};
use crate::lang::{page_language, plain_text, Embed, LangId, QuoteLikes};
use crate::simd::masks::{Lanes, Portable, BLOCK};
use std::cell::RefCell;

thread_local! {
    /// The padded copy of a fence's body (`count_body_padded`), kept for the next fence.
    static BODY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// What a language needs to resume where it stopped: saved when a region opens inside it.
#[derive(Debug, Clone)]
pub(super) struct Engine {
    cls: &'static Classifier,
    mode: Mode,
    tag: Tag,
    pending: Option<Pending>,
    later: HeredocQueue,
    open_interpolation: Option<InInterpolation>,
}

impl Engine {
    fn fresh(cls: &'static Classifier) -> Engine {
        Engine {
            cls,
            mode: Mode::Code,
            tag: Tag::EMPTY,
            pending: None,
            later: HeredocQueue::default(),
            open_interpolation: None,
        }
    }
}

/// Where a level's end is in the current chunk, once looked for.
#[derive(Debug, Clone, Copy)]
enum Seek {
    Unknown,
    /// At this position, taking this many bytes.
    At(usize, usize),
    /// Not in the part of the chunk it may be in.
    Beyond,
}

/// A region open in the machine (one level of the stack), with where its end was sought in the
/// current chunk; the twin's plainer counterpart is `TwinRegion`.
#[derive(Debug)]
struct MachineRegion {
    /// The language around this region, as it was when the region opened.
    parent: Engine,
    /// `None`: a language nobody named or the table lacks, counted as plain text of the parent.
    lang: Option<LangId>,
    end: End,
    /// The lines charged to this region so far.
    counts: Counts,
    seek: Seek,
}

/// PHP code between `<?php` and `?>`: the page (and any script open in it) waits to resume.
#[derive(Debug)]
struct Suspended {
    /// Where the page's level goes back in the stack.
    at: usize,
    levels: Vec<MachineRegion>,
    engine: Engine,
}

#[derive(Debug)]
pub(crate) struct Regions {
    levels: Vec<MachineRegion>,
    /// The outermost depth the current line has touched; the line is charged to it.
    line_min: usize,
    /// The file's totals when the lines began to go to the innermost level unseen (`line_min` is
    /// the depth): what they have grown by since is that level's.
    since: Counts,
    suspended: Option<Suspended>,
    reader: TagReader,
    embedded: Vec<(LangId, Counts)>,
}

impl Regions {
    pub(super) fn new() -> Regions {
        Regions {
            // Allocated by the first region opened: most files open none, or only fences
            // counted in place.
            levels: Vec::new(),
            line_min: 0,
            since: Counts::default(),
            suspended: None,
            reader: TagReader::new(Opening::PageEnd),
            embedded: Vec::new(),
        }
    }

    /// A line ended with these flags, and the file's totals with it: a line that touched an
    /// outer level is charged to the outermost, and the lines after it go to the innermost.
    pub(super) fn line_ended(&mut self, code: bool, comment: bool, totals: &Counts) {
        if self.line_min < self.levels.len() {
            if self.line_min > 0 {
                self.levels[self.line_min - 1].counts.add_line(code, comment);
            }
            self.line_min = self.levels.len();
            self.since = *totals;
        }
    }

    /// Whether every line from here goes to the innermost level (or none is open), so lines may
    /// be settled in bulk.
    pub(super) fn lines_unseen(&self) -> bool {
        self.line_min == self.levels.len()
    }

    /// Before the stack changes: the lines the innermost level took unseen are charged to it.
    fn charge(&mut self, totals: &Counts) {
        if self.lines_unseen() {
            if let Some(level) = self.levels.last_mut() {
                level.counts += totals.since(&self.since);
            }
        }
        self.since = *totals;
    }

    /// A region that ended (`closed`) or was cut short by an outer end or the end of the file:
    /// its lines go to its language, or to the level around it when it has none or was text.
    fn settle(&mut self, level: MachineRegion, closed: bool) {
        if level.counts.lines == 0 {
            return;
        }
        match level.lang {
            Some(lang) if closed || level.end.closes_at_eof() => self.add_embedded(lang, level.counts),
            _ => {
                if let Some(parent) = self.levels.last_mut() {
                    parent.counts += level.counts;
                }
            }
        }
    }

    /// Lines of `lang` found in the file.
    fn add_embedded(&mut self, lang: LangId, counts: Counts) {
        match self.embedded.iter_mut().find(|(l, _)| *l == lang) {
            Some((_, sum)) => *sum += counts,
            None => self.embedded.push((lang, counts)),
        }
    }

    /// Drops the levels from `depth` on, innermost first, each cut short.
    fn cut_to(&mut self, depth: usize) {
        while self.levels.len() > depth {
            let level = self.levels.pop().expect("a level above depth");
            self.settle(level, false);
        }
    }

    /// A page suspended by PHP whose PHP is itself going away (or the file ends).
    fn drop_suspended(&mut self) {
        if let Some(s) = self.suspended.take() {
            self.levels.extend(s.levels);
            self.cut_to(s.at);
        }
    }

    /// Every region still open at the end of the file (whose totals are `totals`), then the
    /// per-language list, by language. Taken in its box: moved out of it, the whole state was
    /// copied first (a `memcpy` of ~76 instructions a file).
    #[inline(never)]
    pub(super) fn finish(mut self: Box<Self>, totals: &Counts) -> Vec<(LangId, Counts)> {
        self.charge(totals);
        self.drop_suspended();
        self.cut_to(0);
        self.embedded.sort_by_key(|(lang, _)| *lang);
        self.embedded
    }
}

impl LineCounter {
    /// The current language's state, to be saved: another is loaded next.
    fn engine(&mut self) -> Engine {
        Engine {
            cls: self.cls,
            mode: self.mode,
            tag: self.tag,
            pending: self.pending,
            later: std::mem::take(&mut self.later),
            open_interpolation: self.open_interpolation,
        }
    }

    fn load(&mut self, e: Engine) {
        (self.cls, self.mode, self.tag, self.pending, self.later, self.open_interpolation) =
            (e.cls, e.mode, e.tag, e.pending, e.later, e.open_interpolation);
    }

    /// Whether lines may be settled in bulk, none told to a region one by one: a file without
    /// regions, or every line from here on goes to the innermost level (`Regions::lines_unseen`).
    pub(super) fn lines_in_bulk(&self) -> bool {
        self.regions.as_deref().map_or(true, Regions::lines_unseen)
    }

    fn regions(&mut self) -> &mut Regions {
        self.regions.as_deref_mut().expect("a file with regions")
    }

    /// A file of a language that embeds others: PHP starts in its page.
    pub(super) fn start_regions(&mut self) {
        self.regions = Some(Box::new(Regions::new()));
        if self.cls.syntax.embed == Embed::Php {
            self.push_level(Some(page_language()), End::Page);
        }
        let r = self.regions();
        r.line_min = r.levels.len();
    }

    fn push_level(&mut self, lang: Option<LangId>, end: End) {
        if self.regions().levels.len() == MAX_DEPTH {
            return;
        }
        let totals = self.counts;
        self.regions().charge(&totals);
        let parent = self.engine();
        let cls = Classifier::for_language(lang.unwrap_or_else(plain_text));
        self.regions().levels.push(MachineRegion {
            parent,
            lang,
            end,
            counts: Counts::default(),
            seek: Seek::Unknown,
        });
        self.load(Engine::fresh(cls));
        if cls.syntax.embed == Embed::Php {
            self.push_level(Some(page_language()), End::Page);
        }
    }

    /// `mark` for a mark of prose's block loop at a backtick or a tilde (a run of three): a
    /// fence's opener at the head of its line, else a byte of code, as `open_token` reads it
    /// without its general look-ups (prose has no other opener on these bytes, see `Prose::of`).
    /// A fence whose end is in sight is counted here (`fence_line`): `Ok` where code goes on,
    /// `Err` where the tag is left to read (the mode set to it).
    #[inline(always)]
    pub(super) fn fence_mark<L: Lanes>(
        &mut self,
        lanes: L,
        buf: &[u8],
        at: usize,
        limit: usize,
    ) -> Result<usize, usize> {
        let Some((opening, len)) = fence_opens(window(buf, at), !self.code && !self.comment) else {
            self.code = true;
            return Ok(at + 1);
        };
        self.open_region_tag(opening);
        if at + len < limit {
            self.fence_line(lanes, buf, at + len, limit)
        } else {
            Err(at + len)
        }
    }

    /// A host opener was read in code mode: read its tag next.
    pub(super) fn open_region_tag(&mut self, opening: Opening) {
        self.regions().reader = TagReader::new(opening);
        self.code = true;
        self.mode = Mode::Tag;
    }

    /// The tag has ended: the region starts here (or PHP's page resumes where it was left).
    fn enter(&mut self) {
        self.mode = Mode::Code;
        let reader = self.regions().reader;
        if reader.resumes_page() {
            let totals = self.counts;
            self.regions().charge(&totals);
            if let Some(mut s) = self.regions().suspended.take() {
                s.levels[0].parent = self.engine();
                for level in &mut s.levels {
                    level.seek = Seek::Unknown;
                }
                self.regions().levels.extend(s.levels);
                self.load(s.engine);
                return;
            }
        }
        let (lang, end) = reader.region();
        self.push_level(lang, end);
    }

    /// The end of level `k` is at `at`: back to the language around it, which takes the `len`
    /// bytes of the end as code (a closing tag then reads on to its `>`).
    fn leave(&mut self, at: usize, k: usize, len: usize) -> usize {
        let engine = self.engine();
        let totals = self.counts;
        let r = self.regions();
        r.charge(&totals);
        let end = r.levels[k].end;
        let parent = r.levels[k].parent.clone();
        if end == End::Page {
            let levels = r.levels.split_off(k);
            r.suspended = Some(Suspended { at: k, levels, engine });
        } else {
            if r.suspended.as_ref().is_some_and(|s| k < s.at) {
                r.drop_suspended();
            }
            r.cut_to(k + 1);
            let level = r.levels.pop().expect("level k");
            r.settle(level, true);
        }
        let r = self.regions();
        r.line_min = r.line_min.min(r.levels.len());
        self.load(parent);
        self.code = true;
        if let End::CloseTag(_) = end {
            self.mode = Mode::CloseTag;
        }
        at + len
    }

    /// The nearest end of any open level from `i` on: `(at, level, len)`. Each level's is looked
    /// for once per chunk: `<` ends up to `far` (where they are visible whole), fences at the line
    /// starts before `limit` (where a whole window is visible).
    fn next_end(&mut self, buf: &[u8], i: usize, limit: usize, far: usize) -> Option<(usize, usize, usize)> {
        let tail = self.tail;
        let mut best: Option<(usize, usize, usize)> = None;
        let r = self.regions.as_deref_mut().expect("a file with regions");
        for (k, level) in r.levels.iter_mut().enumerate() {
            if let Seek::Unknown = level.seek {
                level.seek = match find_end(level.end, buf, i, limit, far, tail) {
                    Some((at, len)) => Seek::At(at, len),
                    None => Seek::Beyond,
                };
            }
            if let Seek::At(at, len) = level.seek {
                if best.map_or(true, |(b, ..)| at < b) {
                    best = Some((at, k, len));
                }
            }
        }
        best
    }

    /// `scan` for a file with regions: the same modes, each run up to the nearest end.
    pub(super) fn scan_regions(&mut self, buf: &[u8], reach: Reach) -> usize {
        let limit = reach.limit(buf.len(), MAX_TOKEN);
        // Past a stop the bytes run to the file's end, so every end in them is visible whole.
        let far = match reach {
            Reach::Chunk => buf.len().saturating_sub(END_SEEN - 1),
            Reach::End | Reach::Stop(_) => buf.len(),
        };
        for level in &mut self.regions().levels {
            level.seek = Seek::Unknown;
        }
        let mut i = 0;
        while i < limit {
            let end = self.next_end(buf, i, limit, far);
            if let Some((at, k, len)) = end.filter(|&(at, ..)| i >= at) {
                i = self.leave(at, k, len);
                continue;
            }
            let stop = end.map_or(limit, |(at, ..)| at.min(limit));
            i = self.step(buf, i, stop);
            // A token that ran over the end (an escape before `</script`) stops at it.
            if let Some((at, ..)) = end {
                i = i.min(at);
            }
        }
        i
    }

    /// Reading a tag: its bytes are code; the region starts after the byte that ends it. The
    /// bytes of each line are read in one go (`TagReader::read_line`), each newline alone.
    pub(super) fn tag(&mut self, buf: &[u8], mut i: usize, limit: usize) -> usize {
        if self.regions().reader.is_done() {
            self.enter();
            return i;
        }
        if self.regions().reader.ends_at_newline() {
            return self.info_string(buf, i, limit);
        }
        while i < limit {
            match self.regions().reader.read_line(&buf[i..limit]) {
                // The byte that ends a tag is its `>`.
                Ok(read) => {
                    self.code = true;
                    self.enter();
                    return i + read;
                }
                Err(read) => {
                    self.code |= buf[i..i + read].iter().any(|&b| !is_ws(b));
                    i += read;
                }
            }
            if i < limit {
                i += 1;
                self.newline();
                if self.regions().reader.read(b'\n') {
                    self.enter();
                    return i;
                }
            }
        }
        i
    }

    /// A fence's info string, up to its newline (where the region starts) or `limit`.
    fn info_string(&mut self, buf: &[u8], i: usize, limit: usize) -> usize {
        match self.fence_line(Portable, buf, i, limit) {
            Ok(after) => after,
            Err(end) => {
                if end < limit {
                    self.enter();
                }
                end
            }
        }
    }

    /// A fence's info string from `i`: code where it is not blank, read in one piece
    /// (`TagReader::read_info`) up to its newline or `limit`. `Ok`: the fence was counted in
    /// place (`fence_in_place`) and the file's language goes on there; `Err`: where the info
    /// string stops (its newline, where a region must open, or `limit`), the tag still read.
    /// Prose's block loop calls it right after the opener, so a fence counted in place does
    /// not end that loop; inlined there, the closing fence is sought on that loop's lanes.
    #[inline(always)]
    pub(super) fn fence_line<L: Lanes>(
        &mut self,
        lanes: L,
        buf: &[u8],
        i: usize,
        limit: usize,
    ) -> Result<usize, usize> {
        // A byte loop: an info string is a few bytes (none for most fences), fewer than memchr's
        // set-up costs.
        let end = buf[i..limit].iter().position(|&b| b == b'\n').map_or(limit, |nl| i + nl);
        let info = &buf[i..end];
        self.code |= info.iter().any(|&b| !is_ws(b));
        if end < limit {
            if let Some(kept) = self.fence_in_place(buf, i, end) {
                if let Some((at, len)) =
                    fence_end(lanes, self.regions().reader.end(), buf, end, limit, self.tail)
                {
                    if kept.plain && self.plain_fence(lanes, buf, end, at, kept.lang) {
                        return Ok(at + len);
                    }
                    return Ok(self.count_fence(buf, (i, end, at), kept.lang, kept.cls) + len);
                }
            }
        }
        // Only a fence not counted in place needs its word in the reader (`enter` reads it).
        self.regions().reader.read_info(info);
        Err(end)
    }

    /// Whether the fence whose info string is `buf[info..nl]` may be counted in place, where its
    /// closing line is in sight: opened in the file's own language (no region open), in a
    /// language that embeds none. Then its language, and the classifier to count it with.
    fn fence_in_place(&self, buf: &[u8], info: usize, nl: usize) -> Option<KeptFence> {
        let r = self.regions.as_deref()?;
        if !r.levels.is_empty() || r.suspended.is_some() {
            return None;
        }
        let kept = r.reader.fence_kept(buf, info, nl);
        (kept.cls.syntax.embed == Embed::None).then_some(kept)
    }

    /// `count_fence` for a fence of a language in which nothing opens (plain text's, a bare
    /// fence's), `nl` its info string's newline and `at` its closing line: each line is code
    /// where it is not blank, settled 64 bytes at a time on the lanes of the loop that found it
    /// (through `count_fence`, ~600 instructions a fence of the family tree's Markdown).
    /// `false`, nothing done, where the window of its last block runs past `buf`.
    #[inline(always)]
    fn plain_fence<L: Lanes>(
        &mut self,
        lanes: L,
        buf: &[u8],
        nl: usize,
        at: usize,
        lang: Option<LangId>,
    ) -> bool {
        // The last block starts before `at` and its window takes two bytes past it.
        if buf.len() < at + BLOCK + 1 {
            return false;
        }
        // The fence's line ends, the file's.
        self.end_line();
        let since = self.counts;
        let mut tally = LineTally::begin(self);
        let mut k = nl + 1;
        while let Some(window) = buf.get(k..k + BLOCK + 2).filter(|_| k < at) {
            let m = lanes.run_masks(&OPENERS, window.try_into().expect("a whole window"));
            tally.code_lines(&m, 0, (at - k).min(BLOCK));
            k += BLOCK;
        }
        tally.end(self);
        self.embed_since(lang, &since);
        self.mode = Mode::Code;
        self.code = true;
        true
    }

    /// A fence counted where it stands (`fence_in_place`), from its info string at `info` and
    /// its newline `nl` to its closing line at `at`: as `enter`, the region loop and `leave` would
    /// count it, without a level pushed and popped or its end sought again (a Markdown book holds
    /// a fence every 20 lines). Returns `at`, where the file's language goes on with the closing
    /// fence.
    fn count_fence(
        &mut self,
        buf: &[u8],
        (info, nl, at): (usize, usize, usize),
        lang: Option<LangId>,
        cls: &'static Classifier,
    ) -> usize {
        // The file's language is Markdown's or MDX's, in code: its engine is a fresh one but for
        // its classifier (no tag, heredoc or interpolation opens in it), so only that is kept
        // across the body, not the whole engine (~170 bytes saved and loaded).
        debug_assert!(
            self.tag == Tag::EMPTY
                && self.pending.is_none()
                && self.later == HeredocQueue::default()
                && self.open_interpolation.is_none(),
            "a fence opened inside a span"
        );
        let host = self.cls;
        self.load(Engine::fresh(cls));
        // The fence's language reads the newline, which ends the fence's line (the file's): a
        // fresh language in code has nothing pending, so the newline only ends the line.
        self.newline();
        let since = self.counts;
        // Only the C family's block loop is cheap enough to enter for a short body; the general
        // one costs more than the byte loop there.
        if cls.c_family.is_some() && cls.syntax.quote_likes == QuoteLikes::None {
            self.count_body_padded(buf, info, nl + 1, at);
        } else {
            let mut i = nl + 1;
            while i < at {
                i = self.step(buf, i, at).min(at);
            }
        }
        self.embed_since(lang, &since);
        self.load(Engine::fresh(host));
        self.code = true;
        at
    }

    /// The lines counted since `since`, a fence's body, as lines of its language `lang` (none
    /// for a fence that names no language, whose lines are the file's own).
    #[inline(always)]
    fn embed_since(&mut self, lang: Option<LangId>, since: &Counts) {
        let grown = self.counts.since(since);
        if let Some(lang) = lang.filter(|_| grown.lines > 0) {
            self.regions().add_embedded(lang, grown);
        }
    }

    /// A fence's body, `start..end` (`end` follows a newline), counted in a copy that blanks
    /// pad past `end`, so the block loops take every byte of it in whole blocks: counted up to
    /// `end` in `buf`, its last bytes went to the byte loop, and a body under a block (most of a
    /// Rust book's) to the byte loop alone. Nothing counted past `end` is kept: the blanks hold
    /// no newline, and the file's language takes the line flags back. The copy starts at the
    /// fence byte before `info` (or at `buf`'s start), so what the language looks back at before
    /// the body reads the same; what it looks ahead at past the newline ending the body differs,
    /// which only a quote-like operator's delimiter after blanks and newlines may reach (kept
    /// out by the caller).
    fn count_body_padded(&mut self, buf: &[u8], info: usize, start: usize, end: usize) {
        let from = if info > 0 && matches!(buf[info - 1], b'`' | b'~') { info - 1 } else { 0 };
        BODY.with_borrow_mut(|copy| {
            copy.clear();
            copy.extend_from_slice(&buf[from..end]);
            copy.resize(end - from + BLOCK + WINDOW, b' ');
            let (mut i, end) = (start - from, end - from);
            while i < end {
                // Whole blocks up to `end` and past it, the last into the blanks.
                let limit = i + (end - i).next_multiple_of(BLOCK);
                i = self.step(copy, i, limit);
            }
        });
        self.comment = false;
    }

    /// The rest of a closing tag, up to its `>`: code.
    pub(super) fn close_tag(&mut self, buf: &[u8], mut i: usize, limit: usize) -> usize {
        while i < limit {
            let b = buf[i];
            i += 1;
            if b == b'\n' {
                self.newline();
            } else if !is_ws(b) {
                self.code = true;
                if b == b'>' {
                    self.mode = Mode::Code;
                    return i;
                }
            }
        }
        i
    }
}

/// The first end of this kind at or after `from`, and its length.
fn find_end(
    end: End,
    buf: &[u8],
    from: usize,
    limit: usize,
    far: usize,
    tail: [u8; 2],
) -> Option<(usize, usize)> {
    let at = |q: usize| closing_at(end, buf, q, tail);
    match end {
        End::Fence { ch, .. } => fence_line_starts(buf, from, ch).take_while(|&q| q < limit).find_map(at),
        End::CloseTag(_) | End::Page => {
            let mut q = from;
            while q < far {
                q += memchr::memchr(b'<', &buf[q..far])?;
                if let Some(found) = at(q) {
                    return Some(found);
                }
                q += 1;
            }
            None
        }
    }
}

/// `end` at `q` (`tail`: the bytes before the chunk), and its length.
fn closing_at(end: End, buf: &[u8], q: usize, tail: [u8; 2]) -> Option<(usize, usize)> {
    let line_start = if q == 0 { tail[1] == b'\n' } else { buf[q - 1] == b'\n' };
    end_at(end, window(buf, q), line_start).map(|len| (q, len))
}

/// `find_end` for a fence, its bytes found 64 at a time on `lanes` (a fence averages ~200
/// bytes, which memchr's set-up for each search cost more than the search; ~320 instructions
/// a fence in the monorepo's Markdown). The bytes after the last whole block take memchr.
#[inline(always)]
fn fence_end<L: Lanes>(
    lanes: L,
    end: End,
    buf: &[u8],
    from: usize,
    limit: usize,
    tail: [u8; 2],
) -> Option<(usize, usize)> {
    let End::Fence { ch, len } = end else { return find_end(end, buf, from, limit, limit, tail) };
    let mut k = from;
    while let Some(block) = buf.get(k..k + BLOCK) {
        let mut bits = lanes.byte_mask(ch, block.try_into().expect("a whole block"));
        while bits != 0 {
            let o = k + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            match fence_start(buf, from, o) {
                Some(q) if q >= limit => return None,
                Some(q) => {
                    if let Some(found) = fence_closes(buf, q, o, (ch, len), tail) {
                        return Some(found);
                    }
                }
                None => {}
            }
        }
        k += BLOCK;
    }
    let rest =
        memchr::memchr_iter(ch, &buf[k.min(buf.len())..]).filter_map(|o| fence_start(buf, from, k + o));
    rest.take_while(|&q| q < limit).find_map(|q| closing_at(end, buf, q, tail))
}

/// `closing_at` for a fence of `ch` at least `len` long at `q`, where the byte `ch` at `o`
/// follows only spaces and tabs (`fence_start`): its end as `end_at` reads it in the window from
/// `q`, with the indent already known.
#[inline(always)]
fn fence_closes(buf: &[u8], q: usize, o: usize, end: (u8, u8), tail: [u8; 2]) -> Option<(usize, usize)> {
    let (ch, len) = end;
    // `closing_at`'s test: `q` follows a newline, unless it is the search's `from` (a fence's
    // own search starts at its info string's newline, which no fence byte follows).
    if !(if q == 0 { tail[1] == b'\n' } else { buf[q - 1] == b'\n' }) {
        return None;
    }
    let rest = window(buf, q);
    let run = rest.get(o - q..)?.iter().take_while(|&&b| b == ch).count();
    let after = o - q + run;
    let alone = match rest[after..].iter().position(|&b| !is_ws(b)) {
        Some(at) => rest[after + at] == b'\n',
        None => rest.len() < WINDOW,
    };
    (run >= usize::from(len) && alone).then_some((q, after))
}

/// The line starts from `from` on (and `from` itself) where the line's first byte after its
/// spaces and tabs is `ch`, in order: the only places a fence of `ch` may close. Found by a
/// search for `ch`, which fenced code seldom holds, rather than at every newline.
fn fence_line_starts(buf: &[u8], from: usize, ch: u8) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr_iter(ch, &buf[from.min(buf.len())..]).filter_map(move |o| fence_start(buf, from, from + o))
}

/// Where the line of the fence byte at `o` starts, if only spaces and tabs stand before the byte
/// on it; `from`, where the search began, counts as a line start.
#[inline(always)]
fn fence_start(buf: &[u8], from: usize, o: usize) -> Option<usize> {
    let mut q = o;
    while q > from && matches!(buf[q - 1], b' ' | b'\t') {
        q -= 1;
    }
    (q == from || buf[q - 1] == b'\n').then_some(q)
}

#[cfg(test)]
mod tests {
    use super::{fence_end, fence_line_starts, find_end};
    use crate::count::syntax::embed::End;
    use crate::simd::masks::Portable;
    use crate::test_random::pick;

    /// `fence_line_starts`' twin: every line start from `from` on, one byte at a time, kept where
    /// the line's first byte after its spaces and tabs is `ch`.
    fn one_by_one(buf: &[u8], from: usize, ch: u8) -> Vec<usize> {
        (from..buf.len())
            .filter(|&q| q == from || buf[q - 1] == b'\n')
            .filter(|&q| buf[q..].iter().find(|&&b| b != b' ' && b != b'\t') == Some(&ch))
            .collect()
    }

    #[test]
    fn the_fence_search_equals_its_byte_by_byte_twin() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..5_000 {
            let alphabet = b"``~~ \t\nx";
            let buf: Vec<u8> = (0..80).map(|_| pick(&mut x, alphabet)).collect();
            for from in [0, 1, 7, 40, 79, 80] {
                for ch in [b'`', b'~'] {
                    let found: Vec<usize> = fence_line_starts(&buf, from, ch).collect();
                    assert_eq!(found, one_by_one(&buf, from, ch), "from {from} in {buf:?}");
                }
            }
        }
    }

    /// The fence search by blocks equals `find_end`'s memchr search on every lane: buffers of one
    /// to four blocks and a tail, searches from every kind of place, limits before, inside and
    /// after the closing line, and fences indented, too short, or followed by text.
    #[test]
    fn the_fence_search_by_blocks_equals_find_end() {
        let mut x = 0x1F83_D9AB_FB41_BD6Bu64;
        let mut found = 0;
        let mut past_a_block = 0;
        for round in 0..20_000 {
            let alphabet = b"```~~~ \t\n\nxy";
            let len = 20 + round % 260;
            let buf: Vec<u8> = (0..len).map(|_| pick(&mut x, alphabet)).collect();
            let from = (pick(&mut x, &[0, 1, 3, 9, 30, 64, 70]) as usize).min(len);
            let limit = (from + pick(&mut x, &[0, 5, 40, 64, 100, 200, 255]) as usize).min(len);
            let (ch, fence_len) = (pick(&mut x, b"`~"), pick(&mut x, &[3, 4]));
            let end = End::Fence { ch, len: fence_len };
            let tail = [b'x', pick(&mut x, b"\nx")];
            let want = find_end(end, &buf, from, limit, limit, tail);
            found += usize::from(want.is_some());
            past_a_block += usize::from(want.is_some_and(|(at, _)| at >= from + 64));
            let context = || format!("from {from} limit {limit} {:?}", String::from_utf8_lossy(&buf));
            assert_eq!(fence_end(Portable, end, &buf, from, limit, tail), want, "{}", context());
            #[cfg(target_arch = "x86_64")]
            {
                if let Some(v3) = crate::simd::avx2::Avx2::detect() {
                    let got = v3.0.vectorize(|| fence_end(v3, end, &buf, from, limit, tail));
                    assert_eq!(got, want, "AVX2: {}", context());
                }
                if let Some(v4) = crate::simd::avx512::Avx512::detect() {
                    let got = v4.0.vectorize(|| fence_end(v4, end, &buf, from, limit, tail));
                    assert_eq!(got, want, "AVX-512: {}", context());
                }
            }
        }
        assert!(found > 400 && past_a_block > 100, "{found} fences found, {past_a_block} past a block");
    }
}
