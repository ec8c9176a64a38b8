use rustix::fs::{openat, Mode, OFlags, CWD};

use super::*;
use crate::fs::ListedDir;
use crate::lang::detect_by_name;
use crate::report::Recording;

/// A ring that breaks down (`io_uring_enter` refused for good) with files in flight hands them to
/// the plain reader: every file is counted and none is an error (they were all reported failed).
#[test]
fn files_in_flight_when_the_ring_breaks_down_are_read_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let mut names = Vec::new();
    for i in 0..40 {
        let name = format!("f{i}.c");
        std::fs::write(dir.path().join(&name), "int x;\n").unwrap();
        names.extend_from_slice(name.as_bytes());
        names.push(0);
    }
    let fd = openat(CWD, dir.path(), OFlags::DIRECTORY | OFlags::RDONLY, Mode::empty()).unwrap();
    let listed = ListedDir {
        fd: Arc::new(fd),
        path: dir.path().into(),
        names,
        shown_as: None,
        root_index: 0,
        sync_only: false,
    };
    let listed = Arc::new(listed);
    let mut at = 0;
    let mut queue = VecDeque::new();
    for i in 0..40u32 {
        let len = format!("f{i}.c").len() as u32;
        queue.push_back(FileJob {
            dir: Arc::clone(&listed),
            name_at: at,
            name_len: len,
            language: detect_by_name(b"x.c"),
        });
        at += len + 1;
    }
    let mut reader = match UringReader::new(Arc::new(ReadRules::default()), 1) {
        Ok(r) => r,
        Err(e) if std::env::var_os("RINGLOC_ALLOW_NO_URING").is_some() => {
            return eprintln!("no io_uring: {e}")
        }
        Err(e) => panic!("{e}"),
    };
    let mut out = Recorder::new(&Recording { keep_files: true, ..Recording::default() });
    reader.pump(&mut queue, &mut out);
    assert!(reader.busy > 0, "files in flight");
    reader.break_down(io::Error::from_raw_os_error(rustix::io::Errno::PERM.raw_os_error()));
    while !(queue.is_empty() && reader.is_idle()) {
        reader.pump(&mut queue, &mut out);
    }
    let report = out.into_report();
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.files.len(), 40);
}
