//! Spare workers against the plain pool: they start only on a reader's word, then share the work,
//! and the totals stay those of one worker.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use super::run_pool;
use crate::fs::FileJob;
use crate::io::{Reader, SyncReader};
use crate::report::{Recorder, Recording, Report};
use crate::run::roots::roots;
use crate::Config;

/// The plain reader, saying after every pump that it waits for the disk (or never).
struct Disk {
    inner: SyncReader,
    waits: bool,
}

impl Reader for Disk {
    fn pump(&mut self, queue: &mut VecDeque<FileJob>, out: &mut Recorder) {
        self.inner.pump(queue, out)
    }

    fn is_idle(&self) -> bool {
        self.inner.is_idle()
    }

    fn waits_for_disk(&self) -> bool {
        self.waits
    }
}

/// 40 directories of 30 small C files.
fn tree() -> PathBuf {
    let root = std::env::temp_dir().join(format!("ringloc-spares-{}", std::process::id()));
    for d in 0..40 {
        let dir = root.join(format!("d{d}"));
        std::fs::create_dir_all(&dir).expect("temp dir");
        for f in 0..30 {
            let text = format!("// file {f}\nint x{f} = {d};\n\n/* a\n   b */\n");
            std::fs::write(dir.join(format!("f{f}.c")), text).expect("temp file");
        }
    }
    root
}

/// Runs `threads` workers and `spares`; returns the merged report and how many readers were made.
fn run(root: &Path, (threads, spares): (usize, usize), waits: bool) -> (Report, usize) {
    let config = Config { paths: vec![root.to_path_buf()], ..Default::default() };
    let rules = Arc::new(config.read_rules());
    let made = AtomicUsize::new(0);
    let mut report = Report::default();
    let (jobs, _) = roots(&config, &mut report, &mut Default::default());
    let reader = |_: &mut Recorder| {
        made.fetch_add(1, Ordering::SeqCst);
        Disk { inner: SyncReader::new(Arc::clone(&rules)), waits }
    };
    let parts =
        run_pool(jobs, (threads, spares), reader, &Recording::default(), &config.selection, (None, None));
    parts.into_iter().for_each(|(p, _)| report.merge(p));
    (report, made.into_inner())
}

#[test]
fn spares_start_on_a_disk_wait_and_change_no_total() {
    let root = tree();
    let (alone, made) = run(&root, (1, 0), false);
    assert_eq!(made, 1);
    let (quiet, made) = run(&root, (2, 6), false);
    assert_eq!(made, 2, "no reader waited for the disk: the spares stay asleep");
    let (cold, made) = run(&root, (2, 6), true);
    assert_eq!(made, 8, "the first disk wait starts every spare");
    for report in [&quiet, &cold] {
        assert_eq!(report.languages, alone.languages);
        assert_eq!(report.skipped, alone.skipped);
    }
    let c = alone.languages.values().next().expect("C counted");
    assert_eq!((c.files, c.counts.code, c.counts.comments, c.counts.blanks), (1200, 1200, 3600, 1200));
    std::fs::remove_dir_all(root).expect("temp dir removed");
}

/// A reader that breaks on its first file.
struct Broken;

impl Reader for Broken {
    fn pump(&mut self, _: &mut VecDeque<FileJob>, _: &mut Recorder) {
        panic!("a broken reader");
    }

    fn is_idle(&self) -> bool {
        true
    }

    fn waits_for_disk(&self) -> bool {
        false
    }
}

#[test]
fn a_panicking_worker_reaches_the_caller_while_spares_wait() {
    let root = std::env::temp_dir().join(format!("ringloc-broken-{}", std::process::id()));
    std::fs::create_dir_all(&root).expect("temp dir");
    std::fs::write(root.join("a.c"), "int a;\n").expect("temp file");
    let (sent, got) = std::sync::mpsc::channel();
    let dir = root.clone();
    std::thread::spawn(move || {
        let config = Config { paths: vec![dir], ..Default::default() };
        let (jobs, _) = roots(&config, &mut Report::default(), &mut Default::default());
        let run = std::panic::catch_unwind(|| {
            run_pool(jobs, (1, 6), |_| Broken, &Recording::default(), &config.selection, (None, None))
        });
        sent.send(run.is_err()).expect("the test waits");
    });
    let panicked = got.recv_timeout(std::time::Duration::from_secs(30));
    assert_eq!(panicked, Ok(true), "the run must end in the workers' panic, not wait for spares");
    std::fs::remove_dir_all(root).expect("temp dir removed");
}
