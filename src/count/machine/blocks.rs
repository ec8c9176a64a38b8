//! Code mode and plain block comments 64 bytes at a time, from one block's newline, mark and
//! non-blank bits (see `masks::Masks`). The lines between two marks are settled together with a
//! few word operations; only a mark is looked at alone.

use super::{LineCounter, Mode};
#[cfg(target_arch = "x86_64")]
use crate::count::avx2::Avx2;
use crate::count::markers::{has_prefix, plain_block_marker, window};
use crate::count::masks::{CloserSet, Lanes, MarkSet, Masks, Portable, BLOCK};
use crate::lang::Block;

/// The AVX2 token on a CPU that has it, unless a test asked for the portable masks.
#[cfg(target_arch = "x86_64")]
fn avx2() -> Option<Avx2> {
    #[cfg(test)]
    if BASELINE.get() {
        return None;
    }
    Avx2::detect()
}

#[cfg(test)]
thread_local! {
    /// Set by [`on_baseline`]: the block loops run on the portable masks.
    static BASELINE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with the block loops on the portable masks, whatever this CPU has: tests check both
/// against the twin.
#[cfg(test)]
pub(crate) fn on_baseline<T>(f: impl FnOnce() -> T) -> T {
    BASELINE.set(true);
    let out = f();
    BASELINE.set(false);
    out
}

impl LineCounter {
    /// Returns where it stopped: fewer than a block before `limit` (the byte loop does the rest),
    /// or where the mode changed. With AVX2 the loop runs inside `vectorize`, compiled for it.
    pub(super) fn code_blocks(&mut self, marks: &MarkSet, buf: &[u8], i: usize, limit: usize) -> usize {
        #[cfg(target_arch = "x86_64")]
        if let (Some(avx2), Some(nibbles)) = (avx2(), &marks.nibbles) {
            return avx2.0.vectorize(
                #[inline(always)]
                || {
                    let nibbles = avx2.nibbles(nibbles);
                    self.code_blocks_here(avx2, &nibbles, buf, i, limit)
                },
            );
        }
        self.code_blocks_here(Portable, &marks.needles, buf, i, limit)
    }

    /// A comment whose closer is plain (`*/`), 64 bytes at a time: its lines are settled in bulk
    /// up to the closer. Returns where code goes on after the closer (the mode set to it), or
    /// where fewer than a block is left before `limit`.
    pub(super) fn comment_blocks(&mut self, close: &[u8], buf: &[u8], i: usize, limit: usize) -> usize {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = avx2() {
            return avx2.0.vectorize(
                #[inline(always)]
                || self.comment_blocks_here(avx2, close, buf, i, limit),
            );
        }
        self.comment_blocks_here(Portable, close, buf, i, limit)
    }

    /// A comment the block loop can settle: its closer is plain, it does not nest (a nested one
    /// must see its openers), and no region waits to be told its lines one by one.
    pub(super) fn by_blocks(&self, block: &Block) -> bool {
        plain_block_marker(block, block.close) && !self.cls.syntax.nested && self.regions.is_none()
    }

    #[inline(always)]
    fn code_blocks_here<L: Lanes>(
        &mut self,
        lanes: L,
        marks: &L::Marks,
        buf: &[u8],
        mut i: usize,
        limit: usize,
    ) -> usize {
        while i + BLOCK <= limit {
            let block: &[u8; BLOCK] = buf[i..i + BLOCK].try_into().expect("a whole block");
            let m = lanes.stop_masks(marks, block);
            // A region's lines are told to it one by one, and a pending heredoc starts at the
            // next newline: both need every newline on its own.
            i = if self.regions.is_none() && self.pending.is_none() {
                self.settle_block(lanes, &m, buf, i, limit)
            } else {
                self.walk_block(lanes, &m, buf, i, 0, limit)
            };
            if !matches!(self.mode, Mode::Code) {
                return i;
            }
        }
        i
    }

    /// The block at `i`, settling the lines between marks in bulk. Returns where code mode goes
    /// on, or where the mode changed.
    #[inline(always)]
    fn settle_block<L: Lanes>(&mut self, lanes: L, m: &Masks, buf: &[u8], i: usize, limit: usize) -> usize {
        let mut start = 0;
        loop {
            let pending = m.marks & (!0u64 << start);
            if pending == 0 {
                self.settle_lines(m, start, BLOCK);
                return i + BLOCK;
            }
            let mark = pending.trailing_zeros() as usize;
            self.settle_lines(m, start, mark);
            let after = self.mark(lanes, buf, i + mark, limit);
            if !matches!(self.mode, Mode::Code) {
                return after;
            }
            start = after - i;
            if start >= BLOCK {
                return after;
            }
            if self.pending.is_some() {
                return self.walk_block(lanes, m, buf, i, start, limit);
            }
        }
    }

    /// The lines of bytes `from..to` of the block, which hold no mark: every newline ends a line
    /// of code if a non-blank byte stands before it on its line.
    #[inline(always)]
    fn settle_lines(&mut self, m: &Masks, from: usize, to: usize) {
        let range = range(from, to);
        let newlines = m.newlines & range;
        let solid = m.solid & range;
        if newlines == 0 {
            self.code |= solid != 0;
            return;
        }
        let ends = solid_ends(newlines, solid, range, u64::from(self.code) << from);
        let lines = u64::from(newlines.count_ones());
        let code = u64::from(ends.count_ones());
        // Only the line already begun can hold a comment (one that closed before `from`).
        let first = newlines & newlines.wrapping_neg();
        let comments = u64::from(self.comment && ends & first == 0);
        self.counts.lines += lines;
        self.counts.code += code;
        self.counts.comments += comments;
        self.counts.blanks += lines - code - comments;
        self.comment = false;
        self.code = solid >> last(newlines) != 0;
    }

    #[inline(always)]
    fn comment_blocks_here<L: Lanes>(
        &mut self,
        lanes: L,
        close: &[u8],
        buf: &[u8],
        mut i: usize,
        limit: usize,
    ) -> usize {
        let closer = CloserSet::new(close);
        while i + BLOCK <= limit {
            let block: &[u8; BLOCK] = buf[i..i + BLOCK].try_into().expect("a whole block");
            let m = lanes.closer_masks(&closer, block);
            let mut marks = m.marks;
            while marks != 0 {
                let at = marks.trailing_zeros() as usize;
                marks &= marks - 1;
                if has_prefix(window(buf, i + at), close) {
                    self.settle_comment_lines(&m, at);
                    self.comment = true;
                    self.mode = self.after_span();
                    return i + at + close.len();
                }
            }
            self.settle_comment_lines(&m, BLOCK);
            i += BLOCK;
        }
        i
    }

    /// The lines of bytes `..to` of a block inside a comment: a line with a non-blank byte is a
    /// comment line, but the line the comment opened on keeps any code before it.
    #[inline(always)]
    fn settle_comment_lines(&mut self, m: &Masks, to: usize) {
        let range = range(0, to);
        let newlines = m.newlines & range;
        let solid = m.solid & range;
        if newlines == 0 {
            self.comment |= solid != 0;
            return;
        }
        // The opener set `comment` on its own line, which so carries in a mark (code or comment).
        let ends = solid_ends(newlines, solid, range, u64::from(self.comment));
        let lines = u64::from(newlines.count_ones());
        let marked = u64::from(ends.count_ones());
        let code = u64::from(self.code);
        self.counts.lines += lines;
        self.counts.code += code;
        self.counts.comments += marked - code;
        self.counts.blanks += lines - marked;
        self.code = false;
        self.comment = solid >> last(newlines) != 0;
    }

    /// The block at `i` from byte `start`, one stop (newline or mark) at a time.
    #[inline(always)]
    fn walk_block<L: Lanes>(
        &mut self,
        lanes: L,
        m: &Masks,
        buf: &[u8],
        i: usize,
        mut start: usize,
        limit: usize,
    ) -> usize {
        let mut pending = (m.newlines | m.marks) & (!0u64 << start);
        while pending != 0 {
            let stop = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            self.code |= (m.solid & !(!0u64 << stop)) >> start != 0;
            if m.newlines & (1 << stop) != 0 {
                self.newline();
                if !matches!(self.mode, Mode::Code) {
                    return i + stop + 1;
                }
                start = stop + 1;
            } else {
                let after = self.mark(lanes, buf, i + stop, limit);
                if !matches!(self.mode, Mode::Code) {
                    return after;
                }
                start = after - i;
                if start >= BLOCK {
                    return after;
                }
                pending &= !0u64 << start;
            }
        }
        if start < BLOCK {
            self.code |= m.solid >> start != 0;
        }
        i + BLOCK
    }

    /// Opens what the mark at `at` begins. A span opened here runs in place: if it ends inside
    /// this block, code mode goes on with the same masks; a comment that can be settled by blocks
    /// is, with the same lanes.
    #[inline(always)]
    fn mark<L: Lanes>(&mut self, lanes: L, buf: &[u8], at: usize, limit: usize) -> usize {
        let mut after = self.open_token(buf, at);
        if matches!(self.mode, Mode::Code) || self.regions.is_some() {
            return after;
        }
        if let Mode::Block { block, .. } = self.mode {
            if self.by_blocks(block) {
                after = self.comment_blocks_here(lanes, block.close, buf, after, limit);
                // Closed: code goes on here, without a call into the span loop (-2.6% instructions).
                if !matches!(self.mode, Mode::Block { .. }) {
                    return after;
                }
            }
        }
        self.span(buf, after, limit)
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

/// Bytes `from..to` of a block, one bit each.
#[inline(always)]
fn range(from: usize, to: usize) -> u64 {
    let below_to = if to == BLOCK { !0 } else { (1u64 << to) - 1 };
    (!0u64 << from) & below_to
}

/// The place of the last newline in `newlines` (not empty).
#[inline(always)]
fn last(newlines: u64) -> u32 {
    63 - newlines.leading_zeros()
}

/// Which of `newlines` (inside `range`) end a line holding a non-blank byte; `carry` (one bit at
/// the range's start) says the line already begun holds one. In `solid + (solid | !newlines)`,
/// non-blank bytes generate a carry, blanks pass it on and newlines absorb it, so a newline's bit
/// of the sum is set exactly when its line had a non-blank byte.
#[inline(always)]
fn solid_ends(newlines: u64, solid: u64, range: u64, carry: u64) -> u64 {
    solid.wrapping_add((solid | !newlines) & range).wrapping_add(carry) & newlines
}
