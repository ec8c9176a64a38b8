//! A library run gives back every descriptor it opened, with either reader: a program that counts
//! again and again (a watcher, a CI daemon) must not run out. Its own test binary, so no other test's
//! files are open while the descriptors are counted.

mod common;

use ringloc::io::Backend;
use ringloc::{count_paths, Config};

fn open_descriptors() -> usize {
    std::fs::read_dir("/proc/self/fd").expect("/proc/self/fd").count()
}

#[test]
fn repeated_runs_leave_no_descriptor_open() {
    let tree = common::generated_tree(300, 7);
    for backend in [Backend::Uring, Backend::Sync] {
        let config =
            Config { paths: vec![tree.path().to_path_buf()], threads: 3, backend, ..Config::default() };
        let run = || match count_paths(&config) {
            Ok(run) => Some(run.report.total().files),
            Err(e) if std::env::var_os("RINGLOC_ALLOW_NO_URING").is_some() => {
                eprintln!("skipping the io_uring runs: {e}");
                None
            }
            Err(e) => panic!("{e} (set RINGLOC_ALLOW_NO_URING=1 where io_uring is disabled on purpose)"),
        };
        let Some(files) = run() else { continue };
        assert!(files > 100, "{backend:?}: {files} files counted");
        let before = open_descriptors();
        for _ in 0..5 {
            assert_eq!(run(), Some(files), "{backend:?}");
        }
        assert_eq!(open_descriptors(), before, "{backend:?}: descriptors left open by five runs");
    }
}
