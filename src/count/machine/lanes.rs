//! The counter's block loops on the lanes `simd::dispatch` picks: code mode and plain comments,
//! with the portable masks where the CPU has no wider lanes.

use super::LineCounter;
use crate::simd::dispatch::{on_lanes, LanesJob};
#[cfg(target_arch = "x86_64")]
use crate::simd::masks::FromNibbles;
use crate::simd::masks::{MarkSet, Nibbles, Portable};

/// What a block loop does once it has its lanes.
pub(super) trait BlockJob {
    #[cfg(target_arch = "x86_64")]
    fn run<L: FromNibbles>(self, counter: &mut LineCounter, lanes: L) -> usize;
}

/// A block loop with the counter it runs on.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct WithCounter<'a, J> {
    counter: &'a mut LineCounter,
    job: J,
}

impl<J: BlockJob> LanesJob for WithCounter<'_, J> {
    type Output = usize;

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn run<L: FromNibbles>(self, lanes: L) -> Option<usize> {
        Some(self.job.run(self.counter, lanes))
    }
}

/// Code mode, or a plain comment, from `i` to `limit`.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct Blocks<'a> {
    block_loop: BlockLoop<'a>,
    buf: &'a [u8],
    i: usize,
    limit: usize,
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
enum BlockLoop<'a> {
    Code(&'a Nibbles),
    /// A comment, by its closer.
    Comment(&'a [u8]),
}

impl BlockJob for Blocks<'_> {
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn run<L: FromNibbles>(self, counter: &mut LineCounter, lanes: L) -> usize {
        let Blocks { block_loop, buf, i, limit } = self;
        match block_loop {
            BlockLoop::Code(nibbles) => {
                counter.code_blocks_here(lanes, &lanes.tables(nibbles), buf, i, limit)
            }
            BlockLoop::Comment(close) => counter.comment_blocks_here(lanes, close, buf, i, limit),
        }
    }
}

impl LineCounter {
    /// Returns where it stopped: fewer than a block before `limit` (the byte loop does the rest),
    /// or where the mode changed.
    pub(super) fn code_blocks(&mut self, marks: &MarkSet, buf: &[u8], i: usize, limit: usize) -> usize {
        // A region's first line is told to it alone (see `code_blocks_here`'s loop).
        let family = self.cls.c_family.as_ref().filter(|_| self.lines_in_bulk());
        if let Some(end) = family.and_then(|shape| self.family_blocks(shape, marks, buf, i, limit)) {
            return end;
        }
        let nibbles = marks.nibbles.as_ref();
        nibbles
            .and_then(|nibbles| {
                self.vectorized(Blocks { block_loop: BlockLoop::Code(nibbles), buf, i, limit })
            })
            .unwrap_or_else(|| self.code_blocks_here(Portable, &marks.needles, buf, i, limit))
    }

    /// A comment whose closer is literal (`*/`), 64 bytes at a time: its lines are settled in bulk
    /// up to the closer. Returns where code goes on after the closer (the mode set to it), or
    /// where fewer than a block is left before `limit`.
    pub(super) fn comment_blocks(&mut self, close: &[u8], buf: &[u8], i: usize, limit: usize) -> usize {
        self.vectorized(Blocks { block_loop: BlockLoop::Comment(close), buf, i, limit })
            .unwrap_or_else(|| self.comment_blocks_here(Portable, close, buf, i, limit))
    }

    /// `job` on the widest lanes this CPU has, or `None` without any.
    pub(super) fn vectorized<J: BlockJob>(&mut self, job: J) -> Option<usize> {
        on_lanes(WithCounter { counter: self, job })
    }
}
