//! Where a worker's time went. Read only when the run asks for it: off, no clock is read.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use crate::lang::LangId;

/// One worker's wall time, split by what it was doing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WorkerTime {
    /// From the worker's start to its end.
    pub wall: Duration,
    /// Listing directories (open, getdents64, ignore files, selection).
    pub walk: Duration,
    /// In the reader, less the classifier: opens, reads, closes and waits for them.
    pub read: Duration,
    /// In the classifier (and the per-file checks beside it: binary, generated, shebang).
    pub count: Duration,
    /// On a CPU, by the thread's own CPU clock (user and system time, the ring's inline work
    /// included). The rest of `wall` the worker waited: for the disk, or for a turn where more
    /// workers run than there are cores (cold runs start up to 16), and the times above, wall
    /// times all, hold those turns.
    pub cpu: Duration,
}

impl WorkerTime {
    /// Looking for work, or waiting for other workers to make some.
    pub fn idle(&self) -> Duration {
        self.wall.saturating_sub(self.busy())
    }

    pub fn busy(&self) -> Duration {
        self.walk + self.read + self.count
    }

    pub fn merge(&mut self, o: &WorkerTime) {
        self.wall += o.wall;
        self.walk += o.walk;
        self.read += o.read;
        self.count += o.count;
        self.cpu += o.cpu;
    }
}

/// The classifier's time per language, and for files it read no line of (binary, unknown).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClassifierTime {
    pub by_language: BTreeMap<LangId, Duration>,
    pub other: Duration,
}

impl ClassifierTime {
    pub fn add(&mut self, language: Option<LangId>, took: Duration) {
        match language {
            Some(l) => *self.by_language.entry(l).or_default() += took,
            None => self.other += took,
        }
    }

    pub fn total(&self) -> Duration {
        self.by_language.values().sum::<Duration>() + self.other
    }

    pub fn merge(&mut self, o: &ClassifierTime) {
        for (&l, &t) in &o.by_language {
            *self.by_language.entry(l).or_default() += t;
        }
        self.other += o.other;
    }
}

/// A clock that is read only when timing is on: `start` gives `None` otherwise, and the `None`
/// passes through every `add` without a clock read.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    pub on: bool,
}

impl Clock {
    pub fn start(self) -> Option<Instant> {
        self.on.then(Instant::now)
    }

    /// Adds the time since `start` to `into`, when timing.
    pub fn add(start: Option<Instant>, into: &mut Duration) {
        if let Some(s) = start {
            *into += s.elapsed();
        }
    }

    /// The calling thread's CPU time so far, when timing.
    pub fn thread_cpu(self) -> Option<Duration> {
        self.on.then(thread_cpu_now)
    }

    /// The calling thread's CPU time since `start`, a reading of [`Clock::thread_cpu`].
    pub fn thread_cpu_since(start: Duration) -> Duration {
        thread_cpu_now().saturating_sub(start)
    }

    /// The time from `start` to `end`: zero when either was not read.
    pub fn between(start: Option<Instant>, end: Option<Instant>) -> Duration {
        start.zip(end).map_or(Duration::ZERO, |(s, e)| e.saturating_duration_since(s))
    }

    /// The calling thread's wall and CPU clocks, read at a worker's start when timing.
    pub fn thread_start(self) -> ThreadStart {
        ThreadStart { wall: self.start(), cpu: self.thread_cpu() }
    }
}

/// A worker thread's clocks as it started (none read when timing is off).
#[derive(Debug, Clone, Copy)]
pub struct ThreadStart {
    wall: Option<Instant>,
    cpu: Option<Duration>,
}

impl ThreadStart {
    /// Adds the wall and CPU time since the start to `time`; whether the clocks were read (each
    /// CPU clock reading is a system call).
    pub fn add_to(self, time: &mut WorkerTime) -> bool {
        Clock::add(self.wall, &mut time.wall);
        if let Some(cpu) = self.cpu {
            time.cpu += Clock::thread_cpu_since(cpu);
        }
        self.cpu.is_some()
    }
}

/// The calling thread's CPU clock: one system call, so read only twice a worker.
fn thread_cpu_now() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec.unsigned_abs(), u32::try_from(t.tv_nsec).unwrap_or(0))
}
