//! Code mode of text shaped like Markdown (`syntax::prose`), 64 bytes at a time. A block's marks
//! are only where something may open: a `<` before `!` and a run of three backticks or tildes,
//! found by compares of the block loaded one and two bytes on (`Lanes::run_masks`), so the inline
//! code of a README never stops the loop, and a block without such a mark costs its masks and
//! the settling of its lines, with no nibble classes and no filter after them. A fence whose
//! closing line is in sight is counted from the loop (`fence_line`), which goes on after it.

use super::tally::LineTally;
use super::{LineCounter, Mode};
use crate::count::syntax::prose::OPENERS;
use crate::simd::masks::{Lanes, Masks, BLOCK};

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
        // The bytes a window may reach: a mark's block reads two bytes past it.
        let windows = &buf[..limit.saturating_add(2).min(buf.len())];
        loop {
            let (at, m) = mark_free_windows(windows, i, &mut tally, |w| lanes.run_masks(&OPENERS, w));
            i = at;
            let Some(m) = m else { break };
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
                // A fence whose end is in sight is counted here, and the loop goes on after it.
                let after = if matches!(buf[i + p], b'`' | b'~') {
                    match self.fence_mark(lanes, buf, i + p, limit) {
                        Ok(end) => end,
                        Err(stop) => return stop,
                    }
                } else {
                    self.mark(lanes, buf, i + p, limit)
                };
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

/// The blocks from `i` while their `masks` find no mark, their lines settled into `tally`: where
/// the first block with a mark starts and its masks, or where fewer than a block and the two
/// bytes after it are left in `windows` (`None`). Prose's and markup's loops take their blocks
/// here, in a loop with no call in it over an iterator of windows, where the masks' constants
/// and the loop's state stay in registers. Inside the loop that handles marks, or with a bounds
/// check a window, LLVM loaded six constants again on every block and spilled the state: 87
/// instructions a block of plain prose, 74 here (callgrind).
#[inline(always)]
pub(super) fn mark_free_windows(
    windows: &[u8],
    mut i: usize,
    tally: &mut LineTally,
    masks: impl Fn(&[u8; BLOCK + 2]) -> Masks,
) -> (usize, Option<Masks>) {
    // Windows one block apart, from an iterator that checks their bounds once.
    for window in windows.get(i..).unwrap_or_default().windows(BLOCK + 2).step_by(BLOCK) {
        let m = masks(window.try_into().expect("a whole window"));
        if m.marks != 0 {
            return (i, Some(m));
        }
        tally.code_lines(&m, 0, BLOCK);
        i += BLOCK;
    }
    (i, None)
}

#[cfg(test)]
mod tests;
