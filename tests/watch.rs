//! Watching a run: the progress counters are exact once it is over, the file sink sees every
//! counted file exactly once while the report keeps none, on both backends; and through the
//! binary, ndjson streams the same records it would have buffered, with no progress line in pipes.

mod common;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use ringloc::io::Backend;
use ringloc::report::{FileReport, FileSink, Progress};
use ringloc::Config;
use serde_json::Value;

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
    // Plain reads: where io_uring is refused, `auto` would say so on stderr in its one line.
    let out = common::ringloc(&["-j", "1", "--backend", "sync"], tree.path());
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn the_sink_sees_every_file_once_and_the_report_keeps_none() {
    let tree = common::generated_tree(500, 8);
    for backend in [Backend::Sync, Backend::Auto] {
        let config =
            Config { paths: vec![tree.path().to_path_buf()], threads: 3, backend, ..Config::default() };
        let kept = ringloc::count_paths(&Config { by_file: true, ..config.clone() }).unwrap().report.files;
        let seen: Arc<Mutex<Vec<FileReport>>> = Arc::default();
        let sink = {
            let seen = Arc::clone(&seen);
            FileSink(Arc::new(move |f: &FileReport| {
                seen.lock().unwrap().push(f.clone());
                ControlFlow::Continue(())
            }))
        };
        let run = ringloc::count_paths(&Config { by_file: true, file_sink: Some(sink), ..config }).unwrap();
        assert!(run.report.files.is_empty(), "{backend:?}: a sink replaces the kept rows");
        let mut seen = std::mem::take(&mut *seen.lock().unwrap());
        seen.sort_by(|a, b| a.path.cmp(&b.path));
        assert_eq!(seen, kept, "{backend:?}");
    }
}

#[test]
fn a_sink_that_refuses_stops_the_run() {
    // 40 directories of 100 files: one worker holds at most a few hundred files queued or in flight
    // when the sink first refuses, so a run that went on would count all 4,000.
    let tree = common::Tree::new();
    for i in 0..4000 {
        tree.write(&format!("d{}/f{i}.c", i % 40), "int x;\n");
    }
    for backend in [Backend::Sync, Backend::Auto] {
        let offered = Arc::new(AtomicUsize::new(0));
        let sink = {
            let offered = Arc::clone(&offered);
            FileSink(Arc::new(move |_: &FileReport| {
                offered.fetch_add(1, Ordering::Relaxed);
                ControlFlow::Break(())
            }))
        };
        let config = Config {
            paths: vec![tree.path().to_path_buf()],
            threads: 1,
            backend,
            file_sink: Some(sink),
            ..Config::default()
        };
        let run = ringloc::count_paths(&config).unwrap();
        let counted = run.report.total().files;
        assert!(counted < 1000, "{backend:?}: {counted} of 4000 files counted after the sink refused");
        assert_eq!(
            offered.load(Ordering::Relaxed) as u64,
            counted,
            "{backend:?}: every counted file was offered"
        );
    }
}

#[test]
fn streamed_ndjson_holds_what_json_reports() {
    let tree = common::generated_tree(400, 9);
    let out = common::ringloc(&["--format", "ndjson", "-j", "3"], tree.path());
    assert_eq!(out.status.code(), Some(0));
    let mut records: Vec<Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut summary = records.pop().unwrap();
    assert_eq!(summary.as_object_mut().unwrap().remove("type").unwrap(), "summary");
    let mut files: Vec<Value> = records
        .into_iter()
        .map(|mut r| {
            assert_eq!(r.as_object_mut().unwrap().remove("type").unwrap(), "file");
            r
        })
        .collect();
    files.sort_by(|a, b| a["path"].as_str().cmp(&b["path"].as_str()));
    let out = common::ringloc(&["--format", "json", "--by-file"], tree.path());
    let mut json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let json = json.as_object_mut().unwrap();
    assert_eq!(Value::Array(files), json.remove("files").unwrap());
    // ndjson's records are the counted files; the files left out are only JSON's `skipped_files`.
    assert!(json.remove("skipped_files").is_some_and(|s| s.is_array()));
    assert_eq!(summary, Value::Object(json.clone()));
}
