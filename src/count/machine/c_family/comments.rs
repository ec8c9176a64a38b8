//! The blocks a plain (not nested) comment runs through whole, in a loop of their own: inside a
//! comment only a closer matters, so each block costs a compare for `*/`, one for the newlines
//! and one for the blanks, not the marks' shuffles and the quick tests a block in code goes
//! through (a third of Java's blocks and half of TypeScript's lie inside doc comments).

use super::LineTally;
use crate::simd::masks::{CloserSet, Lanes, BLOCK};

/// `*/`'s first two bytes, for [`Lanes::closer_masks`].
const CLOSER: CloserSet = CloserSet { first: b'*', second: Some(b'/') };

/// Settles the whole blocks at the front of `rest` that a comment open before them runs
/// through, and returns how many bytes they are. It stops at the first block where the comment
/// may end: a `*/` there, or a `*` as its last byte (whose `/` would be the next block's); that
/// block is the block loop's, which finds the closer and what follows it.
#[inline(always)]
pub(super) fn comment_run<L: Lanes>(lanes: L, rest: &[u8], tally: &mut LineTally) -> usize {
    let mut done = 0;
    while let Some(block) = rest.get(done..).and_then(|r| r.first_chunk::<BLOCK>()) {
        let m = lanes.closer_masks(&CLOSER, block);
        if m.marks != 0 {
            break;
        }
        tally.comment_lines(&m);
        done += BLOCK;
    }
    done
}
