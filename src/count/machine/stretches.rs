//! The fast path's counts of a file cut into stretches at line starts, for `ringloc diff` between
//! revisions: it tallies each run of matched or changed lines in its buckets, so it needs the
//! buckets of runs, not of each line. The counter stops at each cut with the rest of the file in
//! view, as one run over the whole file sees it, so a stretch holds the lines that run counts
//! there. A token running across a cut (nothing forbids one) makes it give up; the caller then
//! asks the byte-by-byte twin line by line.

use super::{LineCounter, Reach};
use crate::count::{Counts, Options};
use crate::lang::LangId;

impl LineCounter {
    /// The lines ended so far.
    fn so_far(&self) -> Counts {
        let c = self.counts;
        Counts { blanks: c.lines - c.code - c.comments, ..c }
    }
}

/// `now` less `before`: the lines counted in between.
fn between(now: Counts, before: Counts) -> Counts {
    Counts {
        lines: now.lines - before.lines,
        code: now.code - before.code,
        comments: now.comments - before.comments,
        blanks: now.blanks - before.blanks,
    }
}

/// The counts of the stretches of `bytes` (read as `lang`) between `cuts`, offsets of line
/// starts in ascending order: one stretch more than cuts, the last up to the file's end. `None`
/// where the counter cannot stop exactly at a cut.
pub fn count_stretches(lang: LangId, options: Options, bytes: &[u8], cuts: &[usize]) -> Option<Vec<Counts>> {
    let mut counter = LineCounter::with_options(lang, options);
    let mut stretches = Vec::with_capacity(cuts.len() + 1);
    let (mut at, mut before) = (0, Counts::default());
    for &cut in cuts {
        if cut > at {
            at += counter.run(&bytes[at..], Reach::Stop(cut - at));
        }
        if at != cut {
            return None;
        }
        let now = counter.so_far();
        stretches.push(between(now, before));
        before = now;
    }
    stretches.push(between(counter.finish(&bytes[at..]), before));
    Some(stretches)
}
