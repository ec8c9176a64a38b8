//! Code mode of text shaped like Markdown (`syntax::prose`), 64 bytes at a time. A block's marks
//! are only where something may open: a `<` before `!` and a run of three backticks or tildes,
//! found by compares of the block loaded one and two bytes on (`Lanes::run_masks`), so the inline
//! code of a README never stops the loop, and a block without such a mark costs its masks and
//! the settling of its lines, with no nibble classes and no filter after them. A fence whose
//! closing line is in sight is counted from the loop (`fence_line`), which goes on after it.

use super::tally::LineTally;
use super::{LineCounter, Mode};
use crate::count::syntax::prose::OPENERS;
use crate::simd::masks::{Lanes, BLOCK};

impl LineCounter {
    /// Code mode of prose from `i`, while no region waits to be told its lines one by one.
    /// Returns where fewer than a block (and the two bytes after it) is left before `limit`, or
    /// where a mark changed the mode.
    #[inline(always)]
    pub(super) fn prose_blocks_here<L: Lanes>(
        &mut self,
        lanes: L,
        buf: &[u8],
        mut i: usize,
        limit: usize,
    ) -> usize {
        let mut tally = LineTally::begin(self);
        // Windows are taken from the bytes a window may reach, so that taking one is the loop's
        // test (one bounds check a block, `limit` out of the loop).
        let windows = &buf[..limit.saturating_add(2).min(buf.len())];
        while let Some(window) = windows.get(i..i + BLOCK + 2) {
            let window: &[u8; BLOCK + 2] = window.try_into().expect("a whole window");
            let m = lanes.run_masks(&OPENERS, window);
            if m.marks == 0 {
                tally.code_lines(&m, 0, BLOCK);
                i += BLOCK;
                continue;
            }
            // Lines from `start` are not settled yet; a mark before it was read with the one
            // before (the rest of a run of backticks).
            let mut start = 0;
            let mut marks = m.marks;
            while marks != 0 {
                let p = marks.trailing_zeros() as usize;
                marks &= marks - 1;
                if p < start {
                    continue;
                }
                tally.code_lines(&m, start, p);
                tally.end(self);
                let mut after = self.mark(lanes, buf, i + p, limit);
                // A fence whose end is in sight is counted here, and the loop goes on after it.
                if after < limit && self.fence_opened() {
                    match self.fence_line(lanes, buf, after, limit) {
                        Ok(end) => after = end,
                        Err(stop) => return stop,
                    }
                }
                if !matches!(self.mode, Mode::Code) {
                    return after;
                }
                tally = LineTally::begin(self);
                start = after - i;
            }
            if start < BLOCK {
                tally.code_lines(&m, start, BLOCK);
                i += BLOCK;
            } else {
                i += start;
            }
        }
        tally.end(self);
        i
    }
}

#[cfg(test)]
mod tests;
