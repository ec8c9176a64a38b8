//! How the rings were used: how much each `io_uring_enter` carried, and whether the files' steps
//! were done by the time it returned (the page cache) or had to be waited for (the disk).

/// A run's ring figures, summed over its rings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RingFigures {
    /// Rings set up, the probe's included.
    pub rings: u64,
    /// File slots, over all rings.
    pub slots: u64,
    /// `io_uring_enter` calls that submitted work or reaped it (not the setup's).
    pub enters: u64,
    /// Operations those calls handed the kernel.
    pub submitted: u64,
    /// Opens and reads done when the call that submitted them returned.
    pub ready: u64,
    /// Opens and reads reaped only after a later call: the ring waited for them.
    pub waited: u64,
    /// Files in flight at each call that waited for completions, summed, and the most.
    pub in_flight_sum: u64,
    pub in_flight_max: u64,
    /// Calls that waited for completions.
    pub waits: u64,
    /// The most files a ring aimed to keep in flight: the warm depth, or every slot once the
    /// disk was in play.
    pub depth_max: u64,
}

impl RingFigures {
    pub fn merge(&mut self, o: &RingFigures) {
        self.rings += o.rings;
        self.slots += o.slots;
        self.enters += o.enters;
        self.submitted += o.submitted;
        self.ready += o.ready;
        self.waited += o.waited;
        self.in_flight_sum += o.in_flight_sum;
        self.in_flight_max = self.in_flight_max.max(o.in_flight_max);
        self.waits += o.waits;
        self.depth_max = self.depth_max.max(o.depth_max);
    }

    /// Operations per `io_uring_enter`.
    pub fn submitted_per_enter(&self) -> f64 {
        ratio(self.submitted, self.enters)
    }

    /// Files in flight, on average, when a call waited.
    pub fn mean_in_flight(&self) -> f64 {
        ratio(self.in_flight_sum, self.waits)
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}
