//! Which lanes the block loops run on: AVX2 where the CPU has it (inside `V3::vectorize`, which
//! compiles them with x86-64-v3's features), else the portable masks. Tests can force the
//! portable ones, so both are checked against the twin on any CPU.

use super::LineCounter;
#[cfg(target_arch = "x86_64")]
use crate::count::avx2::Avx2;
#[cfg(target_arch = "x86_64")]
use crate::count::masks::Nibbles;
use crate::count::masks::{MarkSet, Portable};

/// The AVX2 token on a CPU that has it, unless a test asked for the portable masks.
#[cfg(target_arch = "x86_64")]
fn avx2() -> Option<Avx2> {
    #[cfg(test)]
    if BASELINE.get() {
        return None;
    }
    Avx2::detect()
}

/// A block loop for `V3::vectorize` to run with AVX2 enabled. A struct, not a closure: its `call`
/// is always inlined there, where a closure's `FnOnce` shim was left as a call once the loops
/// grew, and every intrinsic in it then ran as a call of its own (three times the instructions).
#[cfg(target_arch = "x86_64")]
struct OnAvx2<'a> {
    counter: &'a mut LineCounter,
    avx2: Avx2,
    run: Run<'a>,
    buf: &'a [u8],
    i: usize,
    limit: usize,
}

#[cfg(target_arch = "x86_64")]
enum Run<'a> {
    Code(&'a Nibbles),
    /// A comment, by its closer.
    Comment(&'a [u8]),
}

#[cfg(target_arch = "x86_64")]
impl pulp::NullaryFnOnce for OnAvx2<'_> {
    type Output = usize;

    #[inline(always)]
    fn call(self) -> usize {
        let OnAvx2 { counter, avx2, run, buf, i, limit } = self;
        match run {
            Run::Code(nibbles) => counter.code_blocks_here(avx2, &avx2.nibbles(nibbles), buf, i, limit),
            Run::Comment(close) => counter.comment_blocks_here(avx2, close, buf, i, limit),
        }
    }
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
            return avx2.0.vectorize(OnAvx2 { counter: self, avx2, run: Run::Code(nibbles), buf, i, limit });
        }
        self.code_blocks_here(Portable, &marks.needles, buf, i, limit)
    }

    /// A comment whose closer is plain (`*/`), 64 bytes at a time: its lines are settled in bulk
    /// up to the closer. Returns where code goes on after the closer (the mode set to it), or
    /// where fewer than a block is left before `limit`.
    pub(super) fn comment_blocks(&mut self, close: &[u8], buf: &[u8], i: usize, limit: usize) -> usize {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = avx2() {
            return avx2.0.vectorize(OnAvx2 { counter: self, avx2, run: Run::Comment(close), buf, i, limit });
        }
        self.comment_blocks_here(Portable, close, buf, i, limit)
    }
}
