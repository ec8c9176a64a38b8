use super::*;
use crate::fs::jobs_in;
use crate::report::Recording;

/// A ring that breaks down (`io_uring_enter` refused for good) with files in flight hands them to
/// the plain reader: every file is counted and none is an error (they were all reported failed).
/// Forty one-line C files in a temporary directory, queued as jobs for a reader.
fn forty_files() -> (tempfile::TempDir, VecDeque<FileJob>) {
    let dir = tempfile::tempdir().unwrap();
    let names: Vec<String> = (0..40).map(|i| format!("f{i}.c")).collect();
    for name in &names {
        std::fs::write(dir.path().join(name), "int x;\n").unwrap();
    }
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let queue = jobs_in(dir.path(), &names, false).into();
    (dir, queue)
}

/// A ring reader, or `None` where io_uring is refused and RINGLOC_ALLOW_NO_URING says that is fine.
fn ring_reader() -> Option<UringReader> {
    match UringReader::new(Arc::new(ReadRules::default()), 1) {
        Ok(r) => Some(r),
        Err(e) if std::env::var_os("RINGLOC_ALLOW_NO_URING").is_some() => {
            eprintln!("no io_uring: {e}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

/// Pumps until every job is done, and checks all forty files were counted without an error.
fn pump_to_the_end(reader: &mut UringReader, queue: &mut VecDeque<FileJob>, mut out: Recorder) {
    while !(queue.is_empty() && reader.is_idle()) {
        reader.pump(queue, &mut out);
    }
    let report = out.into_report();
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.files.len(), 40);
}

fn errno(e: rustix::io::Errno) -> io::Error {
    io::Error::from_raw_os_error(e.raw_os_error())
}

/// A ring that breaks down (`io_uring_enter` refused for good) with files in flight hands them to
/// the plain reader: every file is counted and none is an error (they were all reported failed).
#[test]
fn files_in_flight_when_the_ring_breaks_down_are_read_plainly() {
    let (_dir, mut queue) = forty_files();
    let Some(mut reader) = ring_reader() else { return };
    let mut out = Recorder::new(&Recording { keep_files: true, ..Recording::default() });
    reader.pump(&mut queue, &mut out);
    assert!(reader.busy > 0, "files in flight");
    reader.break_down(errno(rustix::io::Errno::PERM));
    pump_to_the_end(&mut reader, &mut queue, out);
}

/// EBUSY, EAGAIN and ENOMEM from `io_uring_enter` may pass: the ring keeps its files and is tried
/// again, up to [`REFUSALS`] in a row; one more breaks it down, and its files are read plainly.
/// EPERM (a seccomp filter) breaks it down at once.
#[test]
fn a_refusal_that_may_pass_is_retried_and_one_that_lasts_breaks_the_ring_down() {
    use rustix::io::Errno;
    let (_dir, mut queue) = forty_files();
    let Some(mut reader) = ring_reader() else { return };
    let mut out = Recorder::new(&Recording { keep_files: true, ..Recording::default() });
    reader.pump(&mut queue, &mut out);
    let in_flight = reader.busy;
    assert!(in_flight > 0, "files in flight");
    for e in [Errno::BUSY, Errno::AGAIN, Errno::NOMEM] {
        reader.refused(errno(e));
        assert!(reader.broken.is_none(), "{e:?} broke the ring at once");
        assert_eq!(reader.busy, in_flight, "{e:?}: the ring keeps its files");
    }
    reader.pump(&mut queue, &mut out);
    assert_eq!(reader.refusals, 0, "a submit that succeeds ends the run of refusals");
    for _ in 1..REFUSALS {
        reader.refused(errno(Errno::BUSY));
    }
    assert!(reader.broken.is_none(), "{} refusals in a row are still retried", REFUSALS - 1);
    reader.refused(errno(Errno::BUSY));
    assert!(reader.broken.is_some(), "{REFUSALS} refusals in a row break the ring down");
    pump_to_the_end(&mut reader, &mut queue, out);

    let (_dir, mut queue) = forty_files();
    let Some(mut reader) = ring_reader() else { return };
    let mut out = Recorder::new(&Recording { keep_files: true, ..Recording::default() });
    reader.pump(&mut queue, &mut out);
    reader.refused(errno(Errno::PERM));
    assert!(reader.broken.is_some(), "EPERM does not pass");
    pump_to_the_end(&mut reader, &mut queue, out);
}
