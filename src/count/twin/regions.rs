//! The twin's regions: the same levels as the fast machine's `regions.rs`, written plainly. Each
//! level's end is looked for byte by byte from where the level opened (or resumed).

use super::explain::SpanKind;
use super::{Engine, Mode, Twin};
use crate::count::syntax::embed::{end_at, End, MAX_DEPTH};
use crate::count::syntax::markers::{is_ws, window};
use crate::count::{Counts, Embedded};
use crate::lang::{page_language, plain_text, Embed, LangId};

/// Where a level's lines went: still open, to an embedded language, or into the level around it
/// (`None`: the file).
#[derive(Debug, Clone, Copy)]
pub(super) enum Fate {
    Open,
    Lang(LangId),
    Into(Option<usize>),
}

/// A region open in the twin (one level of the stack), with where its end was found when it
/// opened or resumed; the machine's counterpart is `MachineRegion`.
pub(super) struct TwinRegion {
    /// Its index in `Twin::fates`.
    pub(super) id: usize,
    parent: Engine,
    lang: Option<LangId>,
    end: End,
    counts: Counts,
    /// Where this level's end is: `(at, len)`, found when it opened or resumed.
    ends_at: Option<(usize, usize)>,
}

impl Twin<'_> {
    pub(super) fn start_regions(&mut self, start: usize) {
        if self.eng.syntax.embed == Embed::Php {
            self.push_level(start, Some(page_language()), End::Page);
        }
        self.line_min = self.levels.len();
    }

    /// The level the current line is charged to, by id (`None`: the file's own).
    pub(super) fn line_owner(&self) -> Option<usize> {
        (self.line_min > 0).then(|| self.levels[self.line_min - 1].id)
    }

    /// The language a level's lines ended up in, once every level has settled.
    pub(super) fn fate_of(&self, owner: Option<usize>) -> LangId {
        let mut at = owner;
        while let Some(id) = at {
            match self.fates[id] {
                Fate::Lang(lang) => return lang,
                Fate::Into(parent) => at = parent,
                Fate::Open => unreachable!("every level settles by the end of the file"),
            }
        }
        self.lang
    }

    pub(super) fn line_ended(&mut self) {
        if self.line_min > 0 {
            self.levels[self.line_min - 1].counts.add_line(self.code, self.comment);
        }
        self.line_min = self.levels.len();
    }

    /// The first end of this kind at or after `from`.
    fn find_end(&self, end: End, from: usize) -> Option<(usize, usize)> {
        (from..self.bytes.len())
            .find_map(|q| end_at(end, window(self.bytes, q), self.before(q, 1) == b'\n').map(|len| (q, len)))
    }

    /// The nearest end of any open level; the outermost wins a tie.
    pub(super) fn next_end(&self) -> Option<(usize, usize, usize)> {
        let mut best: Option<(usize, usize, usize)> = None;
        for (k, level) in self.levels.iter().enumerate() {
            if let Some((at, len)) = level.ends_at {
                if best.map_or(true, |(b, ..)| at < b) {
                    best = Some((at, k, len));
                }
            }
        }
        best
    }

    fn push_level(&mut self, at: usize, lang: Option<LangId>, end: End) {
        if self.levels.len() == MAX_DEPTH {
            return;
        }
        let child = Engine::new(lang.unwrap_or_else(plain_text));
        let parent = std::mem::replace(&mut self.eng, child);
        let ends_at = self.find_end(end, at);
        let id = self.fates.len();
        self.fates.push(Fate::Open);
        self.levels.push(TwinRegion { id, parent, lang, end, counts: Counts::default(), ends_at });
        if self.eng.syntax.embed == Embed::Php {
            self.push_level(at, Some(page_language()), End::Page);
        }
    }

    /// Reading a region's tag, one byte; the region opens after the byte that ends it.
    pub(super) fn tag(&mut self, i: usize) -> usize {
        if self.reader.is_done() {
            self.enter(i);
            return i;
        }
        let b = self.bytes[i];
        if b == b'\n' && self.reader.ends_at_newline() {
            self.enter(i);
            return i;
        }
        if b == b'\n' {
            self.end_line();
        } else if !is_ws(b) {
            self.mark_code(i);
        }
        if self.reader.read(b) {
            self.enter(i + 1);
        }
        i + 1
    }

    fn enter(&mut self, at: usize) {
        self.eng.mode = Mode::Code;
        if self.reader.resumes_page() {
            if let Some((_, mut levels, engine)) = self.suspended.take() {
                levels[0].parent = std::mem::replace(&mut self.eng, engine);
                for level in &mut levels {
                    level.ends_at = self.find_end(level.end, at);
                }
                self.levels.extend(levels);
                return;
            }
        }
        let (lang, end) = self.reader.region();
        self.push_level(at, lang, end);
    }

    /// Level `k` ends at `at`: the language around it takes the end's `len` bytes as code.
    pub(super) fn leave(&mut self, at: usize, k: usize, len: usize) -> usize {
        let end = self.levels[k].end;
        if end == End::Page {
            let mut levels = self.levels.split_off(k);
            let php = std::mem::replace(&mut levels[0].parent, Engine::new(plain_text()));
            let inner = std::mem::replace(&mut self.eng, php);
            self.suspended = Some((k, levels, inner));
        } else {
            if self.suspended.as_ref().is_some_and(|(base, ..)| k < *base) {
                self.drop_suspended();
            }
            self.cut_to(k + 1);
            let mut level = self.levels.pop().expect("level k");
            self.eng = std::mem::replace(&mut level.parent, Engine::new(plain_text()));
            self.settle(level, true);
            if let End::CloseTag(_) = end {
                self.eng.mode = Mode::CloseTag;
                self.open_span(SpanKind::Tag, at, len);
            }
        }
        self.line_min = self.line_min.min(self.levels.len());
        self.mark_code(at);
        at + len
    }

    fn settle(&mut self, level: TwinRegion, closed: bool) {
        if level.counts.lines == 0 {
            return;
        }
        match level.lang {
            Some(lang) if closed || level.end.closes_at_eof() => {
                self.fates[level.id] = Fate::Lang(lang);
                match self.embedded.iter_mut().find(|(l, _)| *l == lang) {
                    Some((_, counts)) => *counts += level.counts,
                    None => self.embedded.push((lang, level.counts)),
                }
            }
            _ => {
                self.fates[level.id] = Fate::Into(self.levels.last().map(|p| p.id));
                if let Some(parent) = self.levels.last_mut() {
                    parent.counts += level.counts;
                }
            }
        }
    }

    fn cut_to(&mut self, depth: usize) {
        while self.levels.len() > depth {
            let level = self.levels.pop().expect("a level above depth");
            self.settle(level, false);
        }
    }

    fn drop_suspended(&mut self) {
        if let Some((base, levels, _)) = self.suspended.take() {
            self.levels.extend(levels);
            self.cut_to(base);
        }
    }

    pub(super) fn finish_regions(&mut self) -> Embedded {
        self.drop_suspended();
        self.cut_to(0);
        let mut embedded = std::mem::take(&mut self.embedded);
        embedded.sort_by_key(|(lang, _)| *lang);
        embedded
    }
}
