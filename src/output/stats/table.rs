//! `--stats` for people: a few labelled lines on stderr, after the report.

use std::io::{self, Write};

use serde_json::{Map, Value};

use super::{StatsDoc, WorkerDoc};

fn ms(us: u64) -> String {
    format!("{:.1} ms", us as f64 / 1000.0)
}

fn mb(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// `a / b` with one decimal, or `-` when `b` is zero.
fn ratio(a: u64, b: u64) -> String {
    if b == 0 {
        "-".into()
    } else {
        format!("{:.1}", a as f64 / b as f64)
    }
}

/// `part` as a percentage of `whole`.
fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// The counts that are not zero, as `name n, name n`.
fn nonzero(counts: &Map<String, Value>) -> String {
    let listed: Vec<String> = counts
        .iter()
        .filter_map(|(name, n)| n.as_u64().filter(|&n| n > 0).map(|n| format!("{name} {n}")))
        .collect();
    if listed.is_empty() {
        "none".into()
    } else {
        listed.join(", ")
    }
}

fn split(w: &WorkerDoc) -> String {
    format!("walk {}, read {}, count {}", ms(w.walk_us), ms(w.read_us), ms(w.count_us))
}

/// A worker's wall time by what it did, and its time on a CPU.
fn worker(w: &WorkerDoc) -> String {
    format!("{} busy ({}), {} idle, {} on a CPU", ms(w.busy_us), split(w), ms(w.idle_us), ms(w.cpu_us))
}

/// Writes `doc` as lines of `label  figures`.
pub fn write_table(doc: &StatsDoc, out: &mut dyn Write) -> io::Result<()> {
    let p = &doc.phases_us;
    let output = p.output.map_or(String::new(), |o| format!(", output {}", ms(o)));
    writeln!(out, "stats:")?;
    writeln!(
        out,
        "  wall        {} (setup {}, workers {}, merge {}{output})",
        ms(doc.wall_us),
        ms(p.setup),
        ms(p.workers),
        ms(p.merge)
    )?;
    writeln!(
        out,
        "  files       {} files, {} ({} files/s, {}/s)",
        doc.files,
        mb(doc.bytes),
        doc.files_per_second,
        mb(doc.bytes_per_second)
    )?;
    let w = &doc.worker_us;
    writeln!(out, "  workers     {}", worker(w))?;
    for (i, w) in doc.workers.iter().enumerate() {
        writeln!(out, "  worker {i:<4} {}", worker(w))?;
    }
    write_classifier(doc, out)?;
    writeln!(out, "  syscalls    {}", nonzero(&doc.syscalls))?;
    writeln!(out, "  ring ops    {}", nonzero(&doc.ring_ops))?;
    write_ring(doc, out)
}

fn write_classifier(doc: &StatsDoc, out: &mut dyn Write) -> io::Result<()> {
    for c in &doc.classifier {
        let rate = match c.us {
            0 => String::from("-"),
            us => format!("{}/s", mb(c.bytes * 1_000_000 / us)),
        };
        writeln!(out, "  classifier  {:<16} {} ({}, {rate})", c.name, ms(c.us), mb(c.bytes))?;
    }
    if doc.classifier_other_us > 0 {
        writeln!(
            out,
            "  classifier  {:<16} {} (binary, unknown)",
            "(not counted)",
            ms(doc.classifier_other_us)
        )?;
    }
    Ok(())
}

fn write_ring(doc: &StatsDoc, out: &mut dyn Write) -> io::Result<()> {
    let r = &doc.ring;
    if r.rings == 0 {
        return Ok(());
    }
    let done = r.completions_ready + r.completions_waited;
    writeln!(
        out,
        "  ring        {} rings, {} slots; {} submitted per enter; opens and reads {} ready, {} waited for",
        r.rings,
        r.slots,
        ratio(r.submitted, r.enters),
        percent(r.completions_ready, done),
        percent(r.completions_waited, done)
    )?;
    writeln!(
        out,
        "  in flight   {} files on average while waiting, {} at most; depth up to {}",
        ratio(r.in_flight_sum, r.waits),
        r.in_flight_max,
        r.depth_max
    )
}
