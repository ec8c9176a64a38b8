//! The fast paths against their twins on one generated tree: io_uring vs plain reads, one worker vs
//! many, and every file's counts vs counting the whole file in memory.

mod common;

use ringloc::io::Backend;
use ringloc::report::{Recorder, Recording};
use ringloc::{count_paths, BackendUsed, Config, Report};

fn run(tree: &common::Tree, backend: Backend, threads: usize) -> Option<Report> {
    let config = Config {
        paths: vec![tree.path().to_path_buf()],
        threads,
        backend,
        by_file: true,
        ..Config::default()
    };
    match count_paths(&config) {
        Ok(run) => {
            let expected = if backend == Backend::Sync {
                BackendUsed::Sync { fallback: None }
            } else {
                BackendUsed::Uring
            };
            assert_eq!(run.backend, expected);
            Some(run.report)
        }
        Err(e) if std::env::var_os("RINGLOC_ALLOW_NO_URING").is_some() => {
            eprintln!("skipping the io_uring runs: {e}");
            None
        }
        Err(e) => panic!("{e} (set RINGLOC_ALLOW_NO_URING=1 where io_uring is disabled on purpose)"),
    }
}

fn rows(report: &Report) -> Vec<(String, &'static str, u64, ringloc::count::Counts)> {
    report
        .files
        .iter()
        .map(|f| (f.path.display().to_string(), f.counted.language.name(), f.counted.bytes, f.counted.counts))
        .collect()
}

#[test]
fn every_backend_and_thread_count_gives_identical_per_file_results() {
    let tree = common::generated_tree(3000, 0xC0FFEE);
    let reference = run(&tree, Backend::Sync, 1).expect("sync always runs");
    assert!(reference.errors.is_empty(), "{:?}", reference.errors);
    assert!(reference.files.len() > 1500, "only {} files counted", reference.files.len());
    assert!(reference.files.iter().any(|f| f.counted.bytes > 200_000), "no file spans several chunks");
    for (backend, threads) in
        [(Backend::Sync, 8), (Backend::Uring, 1), (Backend::Uring, 2), (Backend::Uring, 8)]
    {
        let Some(report) = run(&tree, backend, threads) else { continue };
        assert_eq!(rows(&report), rows(&reference), "{backend:?} -j {threads}");
        assert_eq!(report.languages, reference.languages, "{backend:?} -j {threads}");
        assert_eq!(report.skipped, reference.skipped, "{backend:?} -j {threads}");
    }
}

#[test]
fn chunked_reads_equal_whole_file_counts() {
    let tree = common::generated_tree(300, 42);
    for backend in [Backend::Uring, Backend::Sync] {
        let Some(report) = run(&tree, backend, 2) else { continue };
        assert!(!report.files.is_empty());
        for f in &report.files {
            let bytes = std::fs::read(&f.path).unwrap();
            assert_eq!(f.counted.bytes, bytes.len() as u64, "{backend:?}: {}", f.path.display());
            let whole = ringloc::count::count(f.counted.language, &bytes);
            assert_eq!(f.counted.counts, whole, "{backend:?}: {}", f.path.display());
        }
    }
}

/// A file deleted between listing and opening: both readers report it and count the rest.
#[test]
fn a_file_that_vanished_after_listing_is_reported_by_both_readers() {
    use ringloc::fs::{FileJob, ListedDir};
    use ringloc::io::{ReadRules, Reader, SyncReader, UringReader};
    use rustix::fs::{openat, Mode, OFlags, CWD};
    use std::sync::Arc;

    let tree = common::Tree::new();
    tree.write("here.c", "int x;\n");
    let fd = openat(CWD, tree.path(), OFlags::DIRECTORY | OFlags::RDONLY, Mode::empty()).unwrap();
    let names = b"gone.c\0here.c\0".to_vec();
    let dir = Arc::new(ListedDir {
        fd,
        path: tree.path().to_path_buf(),
        names,
        shown_as: None,
        root_index: 0,
        sync_only: false,
    });
    let job = |at: u32| FileJob {
        dir: Arc::clone(&dir),
        name_at: at,
        name_len: 6,
        language: ringloc::lang::detect_by_name(b"x.c"),
    };
    let rules = Arc::new(ReadRules::default());
    let mut readers: Vec<Box<dyn Reader>> = vec![Box::new(SyncReader::new(Arc::clone(&rules)))];
    match UringReader::new(Arc::clone(&rules), 1) {
        Ok(r) => readers.push(Box::new(r)),
        Err(e) => assert!(std::env::var_os("RINGLOC_ALLOW_NO_URING").is_some(), "{e}"),
    }
    for mut reader in readers {
        let mut queue = std::collections::VecDeque::from([job(0), job(7)]);
        let mut out = Recorder::new(&Recording { keep_files: true, ..Recording::default() });
        while !(queue.is_empty() && reader.is_idle()) {
            reader.pump(&mut queue, &mut out);
        }
        let report = out.into_report();
        assert_eq!(report.errors.len(), 1);
        assert!(report.errors[0].path.ends_with("gone.c"));
        assert_eq!(report.errors[0].error.kind(), std::io::ErrorKind::NotFound);
        assert_eq!(report.files.len(), 1);
        assert!(report.files[0].path.ends_with("here.c"));
    }
}
