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

/// Files of 1 to 30 lines of C, and three over a read's chunk, so that reads follow reads.
fn files_of_many_sizes() -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let mut names = Vec::new();
    for i in 1..=33usize {
        let lines = if i > 30 { CHUNK / 10 * (i - 29) } else { i };
        let text: String = (0..lines).map(|l| if l % 3 == 0 { "// note\n" } else { "int x;\n\n" }).collect();
        let name = format!("f{i}.c");
        std::fs::write(dir.path().join(&name), text).unwrap();
        names.push(name);
    }
    (dir, names)
}

/// Every file of `names` read by `reader` to the end; the per-file reports, in path order.
fn read_all(
    mut reader: UringReader,
    dir: &std::path::Path,
    names: &[String],
) -> Vec<crate::report::FileReport> {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut queue: VecDeque<FileJob> = jobs_in(dir, &names, false).into();
    let mut out = Recorder::new(&Recording { keep_files: true, ..Recording::default() });
    while !(queue.is_empty() && reader.is_idle()) {
        reader.pump(&mut queue, &mut out);
    }
    drop(reader);
    let mut report = out.into_report();
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    report.files.sort_by(|a, b| a.path.cmp(&b.path));
    report.files
}

/// Direct descriptors (the ring's file table, warm) and plain ones (once the disk is in play) read
/// the same files to the same counts, reads that follow reads included.
#[test]
fn direct_and_plain_descriptors_count_alike() {
    let (dir, names) = files_of_many_sizes();
    let Some(direct) = ring_reader() else { return };
    assert!(direct.direct, "this kernel gives no sparse file table (5.19+)");
    let direct = read_all(direct, dir.path(), &names);
    let Some(mut plain) = ring_reader() else { return };
    plain.direct = false;
    let plain = read_all(plain, dir.path(), &names);
    assert_eq!(direct.len(), names.len());
    assert!(direct.iter().any(|f| f.counted.bytes > CHUNK as u64), "a file longer than one read");
    assert_eq!(direct, plain);
}

/// A FIFO without a writer and a device, each in a job as if listed as a regular C file (swapped
/// in after the listing), an empty C file, and `fed` a FIFO with a writer that wrote nothing (whose
/// read fails EAGAIN); and the type checks made (fstat, or by name statat), as `--stats` counts them.
fn swapped_in(reader: &mut dyn Reader, fed: bool) -> (crate::report::Report, u64) {
    use rustix::fs::{mknodat, open, FileType, Mode, OFlags, CWD};
    let dir = tempfile::tempdir().unwrap();
    let names: &[&str] = if fed { &["fifo.c", "fed.c", "empty.c"] } else { &["fifo.c", "empty.c"] };
    for fifo in ["fifo.c", "fed.c"] {
        mknodat(CWD, dir.path().join(fifo), FileType::Fifo, Mode::RUSR | Mode::WUSR, 0).unwrap();
    }
    let _writer = open(dir.path().join("fed.c"), OFlags::RDWR | OFlags::NONBLOCK, Mode::empty()).unwrap();
    std::fs::write(dir.path().join("empty.c"), "").unwrap();
    let mut queue: VecDeque<FileJob> = jobs_in(dir.path(), names, false).into();
    let mut null = jobs_in(std::path::Path::new("/dev"), &["null"], false);
    null[0].language = crate::lang::detect_by_name(b"null.c");
    queue.extend(null);
    let mut out = Recorder::new(&Recording { keep_files: true, ..Recording::default() });
    while !(queue.is_empty() && reader.is_idle()) {
        reader.pump(&mut queue, &mut out);
    }
    reader.finish(&mut out);
    let calls = &out.stats().calls;
    let asked = calls.get(Syscall::Fstat) + calls.get(Syscall::Newfstatat);
    (out.into_report(), asked)
}

/// A FIFO or a device swapped in for a listed file is not counted as an empty file: both readers,
/// the ring with direct descriptors and with plain ones, give it the error a FIFO named on the
/// command line gets. An empty regular file still counts, 0 lines. One type check for each file that
/// read nothing at its start. The FIFO with a writer is the plain reader's alone: the ring waits
/// for its data until it cancels the read as stalled (5 s), then hands it to the plain reader.
#[test]
fn a_fifo_or_device_swapped_in_for_a_file_is_an_error_on_both_backends() {
    let Some(direct) = ring_reader() else { return };
    let Some(mut plain) = ring_reader() else { return };
    plain.direct = false;
    let readers: [(&str, Box<dyn Reader>, bool); 3] = [
        ("sync", Box::new(SyncReader::new(Arc::new(ReadRules::default()))), true),
        ("direct", Box::new(direct), false),
        ("plain", Box::new(plain), false),
    ];
    for (backend, mut reader, fed) in readers {
        let (report, asked) = swapped_in(&mut *reader, fed);
        let counted: Vec<_> = report
            .files
            .iter()
            .map(|f| (f.path.file_name().unwrap().to_owned(), f.counted.counts.lines))
            .collect();
        assert_eq!(counted, [("empty.c".into(), 0)], "{backend}");
        let mut errors: Vec<_> = report
            .errors
            .iter()
            .map(|e| (e.path.file_name().unwrap().to_owned(), e.error.to_string()))
            .collect();
        errors.sort();
        let names: Vec<_> = errors.iter().map(|(name, _)| name.to_str().unwrap()).collect();
        let swapped: &[&str] = if fed { &["fed.c", "fifo.c", "null"] } else { &["fifo.c", "null"] };
        assert_eq!(names, swapped, "{backend}: {errors:?}");
        assert!(errors.iter().all(|(_, e)| e == "not a regular file or directory"), "{backend}: {errors:?}");
        assert_eq!(asked, swapped.len() as u64 + 1, "{backend}");
    }
}
