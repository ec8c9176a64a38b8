//! `--stats` for people: a few labelled lines on stderr, after the report.

use std::io::{self, Write};

use serde_json::{Map, Value};

use super::{ClassifierDoc, StatsDoc, WorkerDoc};

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
    if doc.syscalls.values().all(|n| n.as_u64() == Some(0)) {
        // `--rev` reads the object store through memory maps: it counts no system call.
        return writeln!(out, "  syscalls    none counted");
    }
    writeln!(out, "  syscalls    {}", nonzero(&doc.syscalls))?;
    writeln!(out, "  ring ops    {}", nonzero(&doc.ring_ops))?;
    write_ring(doc, out)
}

/// Languages the table lists one a line, most time first; the JSON has them all. A tree of a
/// hundred languages listed a hundred lines, most of them "0.0 ms" at rates that were noise.
const CLASSIFIER_ROWS: usize = 12;

/// The languages listed one a line, and the rest added up: how many, their time and bytes.
fn classifier_rows(all: &[ClassifierDoc]) -> (&[ClassifierDoc], Option<(usize, u64, u64)>) {
    if all.len() <= CLASSIFIER_ROWS {
        return (all, None);
    }
    let (shown, rest) = all.split_at(CLASSIFIER_ROWS);
    let sum = |f: fn(&ClassifierDoc) -> u64| rest.iter().map(f).sum();
    (shown, Some((rest.len(), sum(|c| c.us), sum(|c| c.bytes))))
}

fn write_classifier(doc: &StatsDoc, out: &mut dyn Write) -> io::Result<()> {
    let (shown, rest) = classifier_rows(&doc.classifier);
    for c in shown {
        let rate = match c.us {
            0 => String::from("-"),
            us => format!("{}/s", mb(c.bytes * 1_000_000 / us)),
        };
        writeln!(out, "  classifier  {:<16} {} ({}, {rate})", c.name, ms(c.us), mb(c.bytes))?;
    }
    if let Some((languages, us, bytes)) = rest {
        let more = format!("({languages} more)");
        writeln!(out, "  classifier  {more:<16} {} ({})", ms(us), mb(bytes))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn language(name: &'static str, us: u64) -> ClassifierDoc {
        ClassifierDoc { name, us, bytes: us * 10 }
    }

    #[test]
    fn the_languages_past_the_table_s_rows_are_added_up_in_one() {
        const NAMES: [&str; 15] = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o"];
        let all: Vec<ClassifierDoc> = (0..15u64).map(|i| language(NAMES[i as usize], 1000 - i)).collect();
        let (shown, rest) = classifier_rows(&all);
        assert_eq!(shown.len(), CLASSIFIER_ROWS);
        assert_eq!(shown.last().map(|c| c.name), Some("l"));
        let (us, bytes) = (988 + 987 + 986, (988 + 987 + 986) * 10);
        assert_eq!(rest, Some((3, us, bytes)));
        let (shown, rest) = classifier_rows(&all[..CLASSIFIER_ROWS]);
        assert_eq!((shown.len(), rest), (CLASSIFIER_ROWS, None));
    }
}
