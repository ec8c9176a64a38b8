//! Which lanes a vector job runs on: AVX-512 or AVX2 where the CPU has them (inside pulp's
//! `vectorize`, which compiles the job with x86-64-v4's or v3's features), else none, and the
//! caller runs its portable twin. Tests can cap the choice, so every kind is checked against the
//! twin on a CPU that has the widest.

#[cfg(target_arch = "x86_64")]
use super::avx2::Avx2;
#[cfg(target_arch = "x86_64")]
use super::avx512::Avx512;
#[cfg(target_arch = "x86_64")]
use super::masks::FromNibbles;

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

/// A job that gets the lanes alone: a block loop with its counter ([`LineCounter::vectorized`]),
/// or a scan with none (the C header heuristic).
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
