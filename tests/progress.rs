//! The progress counters a run publishes: exact once the run is over, on both backends, and
//! never a line on stderr when stderr is not a terminal.

mod common;

use std::sync::Arc;

use ringloc::io::Backend;
use ringloc::report::Progress;
use ringloc::Config;

#[test]
fn counters_match_the_report_on_both_backends() {
    let tree = common::generated_tree(500, 5);
    for backend in [Backend::Sync, Backend::Auto] {
        let progress = Arc::new(Progress::default());
        let config = Config {
            paths: vec![tree.path().to_path_buf()],
            threads: 3,
            backend,
            progress: Some(Arc::clone(&progress)),
            ..Config::default()
        };
        let run = ringloc::count_paths(&config).unwrap();
        let (total, s) = (run.report.total(), run.report.skipped);
        let skipped = s.binary + s.unknown + s.too_large + s.generated + s.minified;
        assert_eq!(progress.files(), total.files + skipped, "{backend:?}");
        assert_eq!(progress.bytes(), total.bytes, "{backend:?}");
    }
}

#[test]
fn no_progress_line_into_a_pipe() {
    let tree = common::generated_tree(300, 6);
    let out = common::ringloc(&["-j", "1"], tree.path());
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}
