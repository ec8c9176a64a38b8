//! `--stats`: what a run asked of the kernel and where its time went. Every figure is a plain
//! integer that one worker owns (its lister, its reader, its [`Recorder`](crate::report::Recorder))
//! and that is added up once at the end, so counting costs an add beside each system call and no
//! atomic; clocks are read only when the run asks for times ([`Clock`]).

mod calls;
mod ring;
mod time;

use std::time::Duration;

pub use calls::{Kind, RingOp, RingOps, Syscall, Syscalls, Tally};
pub use ring::RingFigures;
pub use time::{ClassifierTime, Clock, ThreadStart, WorkerTime};

/// One worker's figures.
#[derive(Debug, Clone, Default)]
pub struct WorkerStats {
    pub calls: Syscalls,
    pub ring_ops: RingOps,
    pub ring: RingFigures,
    pub time: WorkerTime,
    pub classifier: ClassifierTime,
}

impl WorkerStats {
    /// Adds `o`'s counts in (not its times): a reader's, at the end of its worker.
    pub fn add_counts(&mut self, o: &WorkerStats) {
        self.calls.merge(&o.calls);
        self.ring_ops.merge(&o.ring_ops);
        self.ring.merge(&o.ring);
    }
}

/// A run's figures ([`Config::stats`](crate::Config::stats)).
#[derive(Debug, Clone, Default)]
pub struct Stats {
    /// From the start of the run to its merged report.
    pub wall: Duration,
    /// Before the workers start: the roots, the io_uring probe.
    pub setup: Duration,
    /// While the workers ran: walk, read and count, all at once.
    pub workers: Duration,
    /// Adding the workers' reports up and sorting their rows.
    pub merge: Duration,
    /// Each worker's time.
    pub worker_time: Vec<WorkerTime>,
    pub classifier: ClassifierTime,
    pub calls: Syscalls,
    pub ring_ops: RingOps,
    pub ring: RingFigures,
}

impl Stats {
    /// Adds one worker's figures in.
    pub fn add_worker(&mut self, w: &WorkerStats) {
        self.worker_time.push(w.time.clone());
        self.classifier.merge(&w.classifier);
        self.add_counts(w);
    }

    /// Adds `w`'s counts in, not its times: what the run's own thread did before the workers.
    pub fn add_counts(&mut self, w: &WorkerStats) {
        self.calls.merge(&w.calls);
        self.ring_ops.merge(&w.ring_ops);
        self.ring.merge(&w.ring);
    }

    /// The workers' time added up, by what they were doing.
    pub fn worker_total(&self) -> WorkerTime {
        let mut total = WorkerTime::default();
        self.worker_time.iter().for_each(|w| total.merge(w));
        total
    }
}
