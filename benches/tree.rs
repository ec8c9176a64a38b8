//! The counter alone on a real tree, one thread, per language: every file whose language ringloc
//! detects (hidden and ignored ones too) is read into memory first, then each is copied into one
//! reused buffer and counted, as the reader's buffers are filled and counted while still in
//! cache (and aligned as theirs are). The copy loop is timed apart and taken off, so what is left
//! is the counter's time, which compare.sh's whole runs cannot separate from the reads.
//!
//! `RINGLOC_BENCH_TREE=/usr/src/linux-source-6.1 cargo bench --bench tree` (default: that tree,
//! skipped when missing); `RINGLOC_BENCH_ONLY=C,C Header` keeps those languages; the best of
//! `RINGLOC_BENCH_ROUNDS` (11) rounds is shown. Figures go to benches/RESULTS.md.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ringloc::count::count;
use ringloc::lang::{detect, LangId};

fn files_by_language(root: &Path, only: &[String]) -> BTreeMap<&'static str, (LangId, Vec<Vec<u8>>)> {
    let mut by = BTreeMap::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else { continue };
            if kind.is_dir() {
                dirs.push(entry.path());
                continue;
            }
            if !kind.is_file() {
                continue;
            }
            let Ok(bytes) = std::fs::read(entry.path()) else { continue };
            let name = entry.file_name();
            let Some(id) = detect(name.as_encoded_bytes(), &bytes) else { continue };
            if only.is_empty() || only.iter().any(|o| o == id.name()) {
                by.entry(id.name()).or_insert_with(|| (id, Vec::new())).1.push(bytes);
            }
        }
    }
    by
}

/// The best time of `rounds` runs of `f`.
fn best(rounds: usize, mut f: impl FnMut()) -> Duration {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .expect("at least one round")
}

fn main() {
    let root =
        PathBuf::from(std::env::var("RINGLOC_BENCH_TREE").unwrap_or("/usr/src/linux-source-6.1".into()));
    if !root.is_dir() {
        println!("tree bench skipped: {} is not a directory (set RINGLOC_BENCH_TREE)", root.display());
        return;
    }
    let only: Vec<String> = std::env::var("RINGLOC_BENCH_ONLY")
        .map(|v| v.split(',').map(str::to_owned).collect())
        .unwrap_or_default();
    let rounds = std::env::var("RINGLOC_BENCH_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(11);
    let by = files_by_language(&root, &only);
    let largest = by.values().flat_map(|(_, files)| files.iter().map(Vec::len)).max().unwrap_or(0);
    // 64-byte aligned, as the readers' buffers are (io::buf): blocks that straddle cache lines
    // measured 5-8% slower on an Intel Xeon.
    let mut backing = vec![0u8; largest + 63];
    let start = (64 - backing.as_ptr() as usize % 64) % 64;
    let buf = &mut backing[start..start + largest];
    println!("{}: the counter alone, one thread, best of {rounds}", root.display());
    println!("{:<24} {:>7} {:>9} {:>10} {:>8}", "language", "files", "MB", "count ms", "GB/s");
    for (name, (id, files)) in &by {
        let bytes: usize = files.iter().map(Vec::len).sum();
        let copy = best(rounds, || {
            for file in files {
                buf[..file.len()].copy_from_slice(file);
                black_box(&buf);
            }
        });
        let both = best(rounds, || {
            for file in files {
                buf[..file.len()].copy_from_slice(file);
                black_box(count(*id, black_box(&buf[..file.len()])));
            }
        });
        let counting = both.saturating_sub(copy).as_secs_f64();
        let rate = if counting > 0.0 { bytes as f64 / counting / 1e9 } else { f64::INFINITY };
        let mb = bytes as f64 / 1e6;
        println!("{name:<24} {:>7} {mb:>9.1} {:>10.1} {rate:>8.2}", files.len(), counting * 1e3);
    }
}
