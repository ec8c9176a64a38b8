//! The fast paths against their twins on one generated tree: io_uring vs plain reads, one worker vs
//! many, and every file's counts vs counting the whole file in memory.

mod common;

use ringloc::io::Backend;
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
        .map(|f| (f.path.display().to_string(), f.language.name(), f.bytes, f.counts))
        .collect()
}

#[test]
fn every_backend_and_thread_count_gives_identical_per_file_results() {
    let tree = common::generated_tree(3000, 0xC0FFEE);
    let reference = run(&tree, Backend::Sync, 1).expect("sync always runs");
    assert!(reference.errors.is_empty(), "{:?}", reference.errors);
    assert!(reference.files.len() > 1500, "only {} files counted", reference.files.len());
    assert!(reference.files.iter().any(|f| f.bytes > 200_000), "no file spans several chunks");
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
    let report = run(&tree, Backend::Auto, 2).expect("auto always runs");
    assert!(!report.files.is_empty());
    for f in &report.files {
        let bytes = std::fs::read(&f.path).unwrap();
        assert_eq!(f.bytes, bytes.len() as u64, "{}", f.path.display());
        assert_eq!(f.counts, ringloc::count::count(f.language, &bytes), "{}", f.path.display());
    }
}
