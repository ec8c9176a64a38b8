//! Code mode 64 bytes at a time: the walk over one block's stop bits (see `scan::Masks`).

use super::{LineCounter, Mode};
use crate::count::scan::{StopSet, BLOCK};

impl LineCounter {
    /// Code mode 64 bytes at a time: with the block's stop and non-blank bits, a line without a
    /// marker costs a few bit operations. Returns where it stopped: fewer than a block before
    /// `limit` (the byte loop does the rest), or where the mode changed.
    pub(super) fn code_blocks(&mut self, stops: &StopSet, buf: &[u8], mut i: usize, limit: usize) -> usize {
        while i + BLOCK <= limit {
            let block: &[u8; BLOCK] = buf[i..i + BLOCK].try_into().expect("a whole block");
            let m = stops.masks(block);
            // The stops not yet handled, and where the bytes not yet looked at begin.
            let mut pending = m.stops;
            let mut start = 0;
            loop {
                if pending == 0 {
                    self.code |= m.solid >> start != 0;
                    i += BLOCK;
                    break;
                }
                let stop = pending.trailing_zeros() as usize & (BLOCK - 1);
                pending &= pending - 1;
                self.code |= (m.solid & !(!0u64 << stop)) >> start != 0;
                if block[stop] == b'\n' {
                    self.newline();
                    if !matches!(self.mode, Mode::Code) {
                        return i + stop + 1;
                    }
                    start = stop + 1;
                } else {
                    let mut after = self.open_token(buf, i + stop);
                    if !matches!(self.mode, Mode::Code) {
                        if self.regions.is_some() {
                            return after;
                        }
                        // Run the span here: if it ends inside this block, the masks still hold.
                        after = self.span(buf, after, limit);
                        if !matches!(self.mode, Mode::Code) {
                            return after;
                        }
                    }
                    start = after - i;
                    if start >= BLOCK {
                        i = after;
                        break;
                    }
                    pending &= !0u64 << start;
                }
                if start == BLOCK {
                    i += BLOCK;
                    break;
                }
            }
        }
        i
    }

    /// Runs the modes other than code from `i` until code mode returns or `limit` is reached.
    #[inline(never)]
    fn span(&mut self, buf: &[u8], mut i: usize, limit: usize) -> usize {
        while i < limit && !matches!(self.mode, Mode::Code) {
            i = self.step(buf, i, limit);
        }
        i
    }
}
