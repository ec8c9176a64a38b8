//! The blocks a comment runs through whole, in loops of their own: inside a plain block comment
//! only a closer matters, so each block costs a compare for `*/`, one for the newlines and one
//! for the blanks, not the marks' shuffles and the quick tests a block in code goes through (a
//! third of Java's blocks and half of TypeScript's lie inside doc comments). Runs of line
//! comments (Rust's and C++'s doc comments, a fifth of their blocks) cost the same compares for
//! `//`, where each line of the block must open one.

use super::LineTally;
use crate::simd::bits::{after_last, below, line_firsts};
use crate::simd::masks::{CloserSet, Lanes, Masks, BLOCK};

/// `*/`'s first two bytes, for [`Lanes::closer_masks`].
const CLOSER: CloserSet = CloserSet { first: b'*', second: Some(b'/') };

/// `//`'s two bytes, for [`Lanes::closer_masks`]: where a line comment may open.
const LINE_OPENER: CloserSet = CloserSet { first: b'/', second: Some(b'/') };

/// Settles the whole blocks at the front of `rest` that a comment open before them runs
/// through, and returns how many bytes they are. It stops at the first block where the comment
/// may end: a `*/` there, or a `*` as its last byte (whose `/` would be the next block's); that
/// block is the block loop's, which finds the closer and what follows it.
#[inline(always)]
pub(super) fn comment_run<L: Lanes>(lanes: L, rest: &[u8], tally: &mut LineTally) -> usize {
    comment_blocks(BlockComment(lanes), rest, tally)
}

/// Settles the whole blocks at the front of `rest`, a line comment open before them, whose every
/// line is a comment line, and returns how many bytes they are: each line that begins in the
/// block is blank or opens a `//` at its first non-blank byte, and the last one opens one too,
/// so the next block begins inside a line comment again. Whatever else those lines hold is
/// comment, and a splice only continues a comment into a line that is one anyway (or blank).
/// It stops at the first other block, which is the block loop's.
#[inline(always)]
pub(super) fn line_run<L: Lanes>(lanes: L, rest: &[u8], tally: &mut LineTally) -> usize {
    comment_blocks(LineComments(lanes), rest, tally)
}

/// Which blocks a run of comment blocks takes: their masks, from the block and the bytes after
/// it, or `None` where the run ends. A trait, not a closure: a closure called from both loops
/// of [`comment_blocks`] was left a function of its own, outside the lanes' target features.
trait CommentBlock: Copy {
    fn settled(self, block: &[u8; BLOCK], after: &[u8]) -> Option<Masks>;
}

/// The blocks a block comment runs through.
#[derive(Clone, Copy)]
struct BlockComment<L>(L);

impl<L: Lanes> CommentBlock for BlockComment<L> {
    #[inline(always)]
    fn settled(self, block: &[u8; BLOCK], _: &[u8]) -> Option<Masks> {
        let m = self.0.closer_masks(&CLOSER, block);
        (m.marks == 0).then_some(m)
    }
}

/// The blocks whose every line is a line comment, the next block's first line too.
#[derive(Clone, Copy)]
struct LineComments<L>(L);

impl<L: Lanes> CommentBlock for LineComments<L> {
    #[inline(always)]
    fn settled(self, block: &[u8; BLOCK], after: &[u8]) -> Option<Masks> {
        let m = self.0.closer_masks(&LINE_OPENER, block);
        // A `/` as the block's last byte opens one only with a `/` after the block.
        let last = u64::from(after.first() == Some(&b'/'));
        let opens = m.marks & (below(BLOCK - 1) | last << (BLOCK - 1));
        let ends_inside = m.newlines == 0 || after_last(m.nonblank, m.newlines);
        (line_firsts(m.newlines, m.nonblank) & !opens == 0 && ends_inside).then_some(m)
    }
}

/// Tallies the whole blocks at the front of `rest` that `run` takes, and returns how many bytes
/// they are. Only the line begun before them can hold code: once it ends, a loop without that
/// flag (Java and Go 2.6% fewer instructions, TypeScript 1.7%).
#[inline(always)]
fn comment_blocks(run: impl CommentBlock, rest: &[u8], tally: &mut LineTally) -> usize {
    let mut left = rest;
    while tally.code() {
        let Some((block, tail)) = left.split_first_chunk::<BLOCK>() else { break };
        let Some(m) = run.settled(block, tail) else { return rest.len() - left.len() };
        tally.comment_lines(&m);
        left = tail;
    }
    while let Some((block, tail)) = left.split_first_chunk::<BLOCK>() {
        let Some(m) = run.settled(block, tail) else { break };
        tally.uncoded_comment_lines(&m);
        left = tail;
    }
    rest.len() - left.len()
}
