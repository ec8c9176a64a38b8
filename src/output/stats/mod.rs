//! `--stats` as figures for people and scripts: the `stats` object of `--format json` and `yaml`
//! (see docs/json-schema.md) and the table on stderr ([`table`]), both from one [`StatsDoc`].

mod table;

use std::time::Duration;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::report::Report;
use crate::stats::{Kind, Stats, Tally, WorkerTime};

pub use table::write_table;

/// A run's figures. Times are whole microseconds; rates are per second of the run's wall time.
#[derive(Debug, Clone, Serialize)]
pub struct StatsDoc {
    pub wall_us: u64,
    pub phases_us: PhasesDoc,
    /// The workers' time added up, by what they were doing.
    pub worker_us: WorkerDoc,
    pub workers: Vec<WorkerDoc>,
    pub classifier: Vec<ClassifierDoc>,
    /// Classifier time of files it read no line of (binary, unknown language).
    pub classifier_other_us: u64,
    pub files: u64,
    pub bytes: u64,
    pub files_per_second: u64,
    pub bytes_per_second: u64,
    /// System calls by name, counted where ringloc makes them.
    pub syscalls: Map<String, Value>,
    /// Operations handed to io_uring, by opcode: not system calls.
    pub ring_ops: Map<String, Value>,
    pub ring: RingDoc,
}

/// Wall time of the run's phases, one after the other.
#[derive(Debug, Clone, Serialize)]
pub struct PhasesDoc {
    pub setup: u64,
    /// Walking, reading and counting, all at once (see `worker_us`).
    pub workers: u64,
    pub merge: u64,
    /// Writing the reports: known only once they are written, so never in the JSON itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<u64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct WorkerDoc {
    pub walk_us: u64,
    pub read_us: u64,
    pub count_us: u64,
    pub busy_us: u64,
    pub idle_us: u64,
    /// On a CPU (the thread's CPU clock): under `busy_us + idle_us` by the time the worker
    /// waited, for the disk or, where more workers run than there are cores, for a turn.
    pub cpu_us: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct ClassifierDoc {
    pub name: &'static str,
    pub us: u64,
    /// Bytes of the language's counted files.
    pub bytes: u64,
}

/// The rings' figures, added up over them (all zero with plain reads).
#[derive(Debug, Clone, Serialize)]
pub struct RingDoc {
    pub rings: u64,
    pub slots: u64,
    pub enters: u64,
    pub submitted: u64,
    pub completions_ready: u64,
    pub completions_waited: u64,
    pub waits: u64,
    pub in_flight_sum: u64,
    pub in_flight_max: u64,
    pub depth_max: u64,
}

fn us(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

/// `n` per second of `wall`.
fn per_second(n: u64, wall: Duration) -> u64 {
    let secs = wall.as_secs_f64();
    if secs > 0.0 {
        (n as f64 / secs) as u64
    } else {
        0
    }
}

fn counts<K: Kind>(tally: &Tally<K>) -> Map<String, Value> {
    tally.iter().map(|(k, n)| (k.name().to_string(), Value::from(n))).collect()
}

impl From<&WorkerTime> for WorkerDoc {
    fn from(t: &WorkerTime) -> Self {
        WorkerDoc {
            walk_us: us(t.walk),
            read_us: us(t.read),
            count_us: us(t.count),
            busy_us: us(t.busy()),
            idle_us: us(t.idle()),
            cpu_us: us(t.cpu),
        }
    }
}

impl StatsDoc {
    /// The figures of a run that found `report`; `output` is how long writing the reports took,
    /// once known.
    pub fn new(stats: &Stats, report: &Report, output: Option<Duration>) -> StatsDoc {
        let total = report.total();
        let mut classifier: Vec<ClassifierDoc> = (stats.classifier.by_language.iter())
            .map(|(&language, &took)| {
                let bytes = report.languages.get(&language).map_or(0, |totals| totals.bytes);
                ClassifierDoc { name: language.name(), us: us(took), bytes }
            })
            .collect();
        classifier.sort_by(|a, b| b.us.cmp(&a.us).then(a.name.cmp(b.name)));
        let r = &stats.ring;
        StatsDoc {
            wall_us: us(stats.wall + output.unwrap_or_default()),
            phases_us: PhasesDoc {
                setup: us(stats.setup),
                workers: us(stats.workers),
                merge: us(stats.merge),
                output: output.map(us),
            },
            worker_us: (&stats.worker_total()).into(),
            workers: stats.worker_time.iter().map(Into::into).collect(),
            classifier,
            classifier_other_us: us(stats.classifier.other),
            files: total.files,
            bytes: total.bytes,
            files_per_second: per_second(total.files, stats.wall),
            bytes_per_second: per_second(total.bytes, stats.wall),
            syscalls: counts(&stats.calls),
            ring_ops: counts(&stats.ring_ops),
            ring: RingDoc {
                rings: r.rings,
                slots: r.slots,
                enters: r.enters,
                submitted: r.submitted,
                completions_ready: r.ready,
                completions_waited: r.waited,
                waits: r.waits,
                in_flight_sum: r.in_flight_sum,
                in_flight_max: r.in_flight_max,
                depth_max: r.depth_max,
            },
        }
    }
}
