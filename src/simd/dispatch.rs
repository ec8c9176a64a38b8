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
pub(crate) enum LaneWidth {
    Portable,
    Avx2,
    Avx512,
}

#[cfg(test)]
thread_local! {
    static CAP: std::cell::Cell<LaneWidth> = const { std::cell::Cell::new(LaneWidth::Avx512) };
    /// The levels a job ran on while capped at that very level, one bit each (see [`LanesSeen`]).
    static RAN: std::cell::Cell<u8> = const { std::cell::Cell::new(0) };
}

/// Runs `f` with the block loops on lanes no wider than `cap`, whatever this CPU has.
#[cfg(test)]
pub(crate) fn capped<T>(cap: LaneWidth, f: impl FnOnce() -> T) -> T {
    CAP.set(cap);
    let out = f();
    CAP.set(LaneWidth::Avx512);
    out
}

/// A test's record of the lanes its capped runs used. `levels` are those this CPU has, and
/// `check` says which ran and fails where one of them never did: a test that looped over fixed
/// levels, or inputs too short for the block loops, would otherwise pass without checking them.
#[cfg(test)]
pub(crate) struct LanesSeen {
    levels: Vec<LaneWidth>,
}

#[cfg(test)]
impl LanesSeen {
    pub(crate) fn start() -> LanesSeen {
        RAN.set(0);
        let mut levels = vec![LaneWidth::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            levels.extend(Avx2::detect().map(|_| LaneWidth::Avx2));
            levels.extend(Avx512::detect().map(|_| LaneWidth::Avx512));
        }
        LanesSeen { levels }
    }

    /// The levels this CPU has, narrowest first.
    pub(crate) fn levels(&self) -> Vec<LaneWidth> {
        self.levels.clone()
    }

    pub(crate) fn check(self) {
        let ran: Vec<LaneWidth> =
            self.levels.iter().copied().filter(|&l| RAN.get() & 1 << l as u8 != 0).collect();
        eprintln!("lanes run: {ran:?}; this CPU has {:?}", self.levels);
        assert_eq!(ran, self.levels, "a level this CPU has was never run");
    }
}

/// Notes, in tests, that a job ran on `level`'s lanes with the cap at that level.
#[inline(always)]
fn note_ran(level: LaneWidth) {
    #[cfg(test)]
    if level == CAP.get() {
        RAN.set(RAN.get() | 1 << level as u8);
    }
    #[cfg(not(test))]
    let _ = level;
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn allowed(level: LaneWidth) -> bool {
    #[cfg(test)]
    return level <= CAP.get();
    #[cfg(not(test))]
    return level <= LaneWidth::Avx512;
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
    let (level, out) = if let Some(lanes) = Avx512::detect().filter(|_| allowed(LaneWidth::Avx512)) {
        (LaneWidth::Avx512, lanes.0.vectorize(OnLanes { job, lanes }))
    } else if let Some(lanes) = Avx2::detect().filter(|_| allowed(LaneWidth::Avx2)) {
        (LaneWidth::Avx2, lanes.0.vectorize(OnLanes { job, lanes }))
    } else {
        (LaneWidth::Portable, None)
    };
    // Where the job declines the lanes, its caller runs the portable twin.
    note_ran(if out.is_some() { level } else { LaneWidth::Portable });
    out
}

#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn on_lanes<J: LanesJob>(_: J) -> Option<J::Output> {
    note_ran(LaneWidth::Portable);
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "a level this CPU has was never run")]
    fn a_test_that_ran_no_lanes_fails_its_check() {
        LanesSeen::start().check();
    }

    #[test]
    fn each_capped_level_is_seen_once_it_runs() {
        let lanes = LanesSeen::start();
        for level in lanes.levels() {
            capped(level, || note_ran(level));
        }
        lanes.check();
    }
}
