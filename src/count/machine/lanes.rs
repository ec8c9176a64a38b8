//! Which lanes the block loops run on: AVX-512 or AVX2 where the CPU has them (inside pulp's
//! `vectorize`, which compiles the loops with x86-64-v4's or v3's features), else the portable
//! masks. Tests can cap the choice, so every kind is checked against the twin on a CPU that has
//! the widest.

use super::LineCounter;
#[cfg(target_arch = "x86_64")]
use crate::simd::avx2::Avx2;
#[cfg(target_arch = "x86_64")]
use crate::simd::avx512::Avx512;
#[cfg(target_arch = "x86_64")]
use crate::simd::masks::FromNibbles;
use crate::simd::masks::{MarkSet, Nibbles, Portable};

/// The widest lanes a test allows (all of them outside tests, which never ask for less).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) enum Level {
    Portable,
    Avx2,
    Avx512,
}

#[cfg(test)]
thread_local! {
    static CAP: std::cell::Cell<Level> = const { std::cell::Cell::new(Level::Avx512) };
}

/// Runs `f` with the block loops on lanes no wider than `cap`, whatever this CPU has.
#[cfg(test)]
pub(crate) fn capped<T>(cap: Level, f: impl FnOnce() -> T) -> T {
    CAP.set(cap);
    let out = f();
    CAP.set(Level::Avx512);
    out
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn allowed(level: Level) -> bool {
    #[cfg(test)]
    return level <= CAP.get();
    #[cfg(not(test))]
    return level <= Level::Avx512;
}

/// What a block loop does once it has its lanes.
pub(super) trait BlockJob {
    #[cfg(target_arch = "x86_64")]
    fn run<L: FromNibbles>(self, counter: &mut LineCounter, lanes: L) -> usize;
}

/// A job that gets the lanes alone: a block loop with its counter ([`LineCounter::vectorized`]),
/// or a scan with none (`count::heads`).
pub(crate) trait LanesJob {
    type Output;
    /// `None` where the job cannot use these lanes after all.
    #[cfg(target_arch = "x86_64")]
    fn run<L: FromNibbles>(self, lanes: L) -> Option<Self::Output>;
}

/// A job for `vectorize` to run with the lanes' features enabled. A struct, not a closure: its
/// `call` is always inlined there, where a closure's `FnOnce` shim was left as a call once the
/// loops grew, and every intrinsic in it then ran as a call of its own (three times the
/// instructions). Each kind of job is a `vectorize`d function of its own: the string loop inlined
/// into the code loop's slowed C's code loop 6%, though C's strings never take it.
#[cfg(target_arch = "x86_64")]
struct OnLanes<J, L> {
    job: J,
    lanes: L,
}

#[cfg(target_arch = "x86_64")]
impl<J: LanesJob, L: FromNibbles> pulp::NullaryFnOnce for OnLanes<J, L> {
    type Output = Option<J::Output>;

    #[inline(always)]
    fn call(self) -> Option<J::Output> {
        self.job.run(self.lanes)
    }
}

/// `job` on the widest lanes this CPU has, or `None` without any.
#[cfg(target_arch = "x86_64")]
pub(crate) fn on_lanes<J: LanesJob>(job: J) -> Option<J::Output> {
    if let Some(lanes) = Avx512::detect().filter(|_| allowed(Level::Avx512)) {
        return lanes.0.vectorize(OnLanes { job, lanes });
    }
    let lanes = Avx2::detect().filter(|_| allowed(Level::Avx2))?;
    lanes.0.vectorize(OnLanes { job, lanes })
}

#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn on_lanes<J: LanesJob>(_: J) -> Option<J::Output> {
    None
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
    run: Run<'a>,
    buf: &'a [u8],
    i: usize,
    limit: usize,
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
enum Run<'a> {
    Code(&'a Nibbles),
    /// A comment, by its closer.
    Comment(&'a [u8]),
}

impl BlockJob for Blocks<'_> {
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn run<L: FromNibbles>(self, counter: &mut LineCounter, lanes: L) -> usize {
        let Blocks { run, buf, i, limit } = self;
        match run {
            Run::Code(nibbles) => counter.code_blocks_here(lanes, &lanes.tables(nibbles), buf, i, limit),
            Run::Comment(close) => counter.comment_blocks_here(lanes, close, buf, i, limit),
        }
    }
}

impl LineCounter {
    /// Returns where it stopped: fewer than a block before `limit` (the byte loop does the rest),
    /// or where the mode changed.
    pub(super) fn code_blocks(&mut self, marks: &MarkSet, buf: &[u8], i: usize, limit: usize) -> usize {
        // A region's lines are told to it one by one (see `code_blocks_here`'s loop).
        let family = self.cls.c_family.as_ref().filter(|_| self.regions.is_none());
        if let Some(end) = family.and_then(|shape| self.family_blocks(shape, marks, buf, i, limit)) {
            return end;
        }
        let nibbles = marks.nibbles.as_ref();
        nibbles
            .and_then(|nibbles| self.vectorized(Blocks { run: Run::Code(nibbles), buf, i, limit }))
            .unwrap_or_else(|| self.code_blocks_here(Portable, &marks.needles, buf, i, limit))
    }

    /// A comment whose closer is plain (`*/`), 64 bytes at a time: its lines are settled in bulk
    /// up to the closer. Returns where code goes on after the closer (the mode set to it), or
    /// where fewer than a block is left before `limit`.
    pub(super) fn comment_blocks(&mut self, close: &[u8], buf: &[u8], i: usize, limit: usize) -> usize {
        self.vectorized(Blocks { run: Run::Comment(close), buf, i, limit })
            .unwrap_or_else(|| self.comment_blocks_here(Portable, close, buf, i, limit))
    }

    /// `job` on the widest lanes this CPU has, or `None` without any.
    pub(super) fn vectorized<J: BlockJob>(&mut self, job: J) -> Option<usize> {
        on_lanes(WithCounter { counter: self, job })
    }
}
