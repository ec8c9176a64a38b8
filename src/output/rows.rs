//! A report's rows formatted on several threads and written in order. A `--by-file` report's rows
//! are nearly all of its writing, each row independent of the others, and the count's cores are
//! idle by the time it is written. The rows are cut into blocks; each thread (the caller's one of
//! them) takes the next block no thread has taken, a few blocks ahead of the writing at most, and
//! formats it into a buffer of its own, and the caller writes the buffers in block order, taking
//! blocks itself whenever the next one to write is not ready: it writes as well as formats, so the
//! helpers format more blocks than it does. The bytes are those one thread formatting every row
//! writes, whatever the number of threads.

use std::io::{self, Write};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;

/// Rows to a block: tens to hundreds of KB of text, few enough handoffs that they cost nothing
/// per row, small enough that a kernel report is dozens of blocks to share out.
const BLOCK: usize = 1024;

/// Writes `row(buffer, i, &rows[i])` for every row, in order, formatting on up to `threads`
/// threads. `row` writes into memory, so its only errors are its own.
pub fn write_rows<T: Sync>(
    out: &mut (impl Write + ?Sized),
    rows: &[T],
    threads: usize,
    row: impl Fn(&mut Vec<u8>, usize, &T) -> io::Result<()> + Sync,
) -> io::Result<()> {
    write_blocks(out, rows.len(), (threads, BLOCK), &|| (), &|out, _, i| row(out, i, &rows[i]))
}

/// [`write_rows`] of `len` rows known by their number, each written by `row(buffer, scratch, i)`
/// with a `scratch` made by `fresh` once a block and handed from row to row (a row's cells).
pub fn write_numbered<S>(
    out: &mut (impl Write + ?Sized),
    len: usize,
    threads: usize,
    fresh: impl Fn() -> S + Sync,
    row: impl Fn(&mut Vec<u8>, &mut S, usize) -> io::Result<()> + Sync,
) -> io::Result<()> {
    write_blocks(out, len, (threads, BLOCK), &fresh, &row)
}

/// `part(chunk)` for `threads` runs of `items` cut one after another, on as many threads (the
/// caller's one of them), in order. For the single-threaded work before the rows of a report
/// (a grid's cells and column widths): every item costs about the same, so even runs finish
/// together and need no handing out.
pub fn map_parts<'a, T: Sync, R: Send>(
    items: &'a [T],
    threads: usize,
    part: impl Fn(&'a [T]) -> R + Sync,
) -> Vec<R> {
    let threads = threads.clamp(1, items.len().div_ceil(BLOCK).max(1));
    let size = items.len().div_ceil(threads).max(1);
    if threads == 1 {
        return vec![part(items)];
    }
    let part = &part;
    thread::scope(|scope| {
        let mut chunks = items.chunks(size);
        let first = chunks.next().unwrap_or_default();
        let helpers: Vec<_> = chunks.map(|chunk| scope.spawn(move || part(chunk))).collect();
        let mut parts = vec![part(first)];
        parts.extend(
            helpers.into_iter().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))),
        );
        parts
    })
}

/// Blocks formatted ahead of the one being written, at most, per thread: enough that the writer
/// finds the next block ready, few enough that their buffers are the same few, reused. Unbounded,
/// the helpers ran ahead of a writer slower than them (a kernel report's `write(2)`s cost more than
/// its rows) and formatted every block into new memory: 17 MB of page faults for a JSON report.
const AHEAD: usize = 2;

/// What the threads share: the blocks' state, behind one lock taken a few times a block.
struct Shared {
    state: Mutex<State>,
    /// A block was formatted, or a helper panicked.
    ready: Condvar,
    /// A block was written: a block further on may be taken.
    room: Condvar,
    /// How many blocks may be formatted and not yet written.
    ahead: usize,
}

/// Blocks formatted and not yet written, by number, and the next one to take.
struct State {
    blocks: usize,
    /// The next block no thread has taken.
    next: usize,
    /// Blocks written: block `written` is the next to write.
    written: usize,
    done: Vec<Option<io::Result<Vec<u8>>>>,
    /// Buffers whose blocks are written, emptied for the next blocks. A block is hundreds of KB: a
    /// new buffer that size is fresh pages from the kernel, each faulted in as it is first
    /// written, and a written one has its pages already.
    spare: Vec<Vec<u8>>,
    /// A helper's row panicked: the block it took will never be ready.
    panicked: bool,
    /// The writer stopped at an error: no block is taken any more.
    stopped: bool,
}

impl State {
    /// The next block and a buffer for it, if one is left and not too far ahead of the writer.
    fn take(&mut self, ahead: usize) -> Option<(usize, Vec<u8>)> {
        let k = self.next;
        (k < self.blocks && k < self.written + ahead && !self.stopped).then(|| {
            self.next += 1;
            (k, self.spare.pop().unwrap_or_default())
        })
    }

    /// Whether a helper has nothing left to take, ever.
    fn finished(&self) -> bool {
        self.next >= self.blocks || self.stopped
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn put(&self, k: usize, buffer: io::Result<Vec<u8>>) {
        self.lock().done[k] = Some(buffer);
        self.ready.notify_all();
    }

    /// A helper's work: blocks as they may be taken, until none are left.
    fn help(&self, format: &impl Fn(usize, Vec<u8>) -> io::Result<Vec<u8>>) {
        let mut state = self.lock();
        loop {
            if let Some((k, buffer)) = state.take(self.ahead) {
                drop(state);
                self.put(k, format(k, buffer));
                state = self.lock();
            } else if state.finished() {
                return;
            } else {
                state = self.room.wait(state).unwrap_or_else(PoisonError::into_inner);
            }
        }
    }

    /// Block `k`, the next to write, once formatted: by a helper, or by the writer, which formats
    /// the blocks it may take while `k` is not ready.
    fn next_block(
        &self,
        k: usize,
        format: &impl Fn(usize, Vec<u8>) -> io::Result<Vec<u8>>,
    ) -> io::Result<Vec<u8>> {
        let mut state = self.lock();
        loop {
            if let Some(buffer) = state.done[k].take() {
                return buffer;
            }
            if let Some((j, buffer)) = state.take(self.ahead) {
                drop(state);
                let formatted = format(j, buffer);
                if j == k {
                    return formatted;
                }
                self.put(j, formatted);
                state = self.lock();
            } else {
                assert!(!state.panicked, "a thread formatting rows panicked");
                state = self.ready.wait(state).unwrap_or_else(PoisonError::into_inner);
            }
        }
    }

    /// Block `k` is written: its buffer is kept for a later block, and one more may be taken.
    fn written(&self, k: usize, mut buffer: Vec<u8>) {
        buffer.clear();
        let mut state = self.lock();
        state.written = k + 1;
        state.spare.push(buffer);
        drop(state);
        self.room.notify_all();
    }

    /// The writer is done, or stopped early: the helpers take no more blocks.
    fn stop(&self) {
        self.lock().stopped = true;
        self.room.notify_all();
    }
}

/// A helper's guard: if its row panics, says so and wakes the writer, which would otherwise wait
/// for the block the helper took.
struct Stop<'a>(&'a Shared);

impl Drop for Stop<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.lock().panicked = true;
            self.0.ready.notify_all();
        }
    }
}

/// The writer's guard: however it leaves (every block written, an error, a panic), the helpers
/// waiting for room stop waiting, and the scope that joins them returns.
struct Done<'a>(&'a Shared);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// Rows `0..len` in blocks of `block` rows, on up to `threads` threads.
fn write_blocks<S>(
    out: &mut (impl Write + ?Sized),
    len: usize,
    (threads, block): (usize, usize),
    fresh: &(impl Fn() -> S + Sync),
    row: &(impl Fn(&mut Vec<u8>, &mut S, usize) -> io::Result<()> + Sync),
) -> io::Result<()> {
    let blocks = len.div_ceil(block);
    let threads = threads.clamp(1, blocks.max(1));
    let format = |k: usize, mut buffer: Vec<u8>| -> io::Result<Vec<u8>> {
        let rows = k * block..len.min((k + 1) * block);
        let mut scratch = fresh();
        buffer.reserve(rows.len() * 128);
        for i in rows {
            row(&mut buffer, &mut scratch, i)?;
        }
        Ok(buffer)
    };
    if threads == 1 {
        let mut buffer = Vec::new();
        for k in 0..blocks {
            buffer = format(k, buffer)?;
            out.write_all(&buffer)?;
            buffer.clear();
        }
        return Ok(());
    }
    let shared = Shared {
        state: Mutex::new(State {
            blocks,
            next: 0,
            written: 0,
            done: (0..blocks).map(|_| None).collect(),
            spare: Vec::new(),
            panicked: false,
            stopped: false,
        }),
        ready: Condvar::new(),
        room: Condvar::new(),
        ahead: AHEAD * threads,
    };
    let (shared, format) = (&shared, &format);
    thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(move || {
                let _stop = Stop(shared);
                shared.help(format);
            });
        }
        let _done = Done(shared);
        (0..blocks).try_for_each(|k| {
            let buffer = shared.next_block(k, format)?;
            out.write_all(&buffer)?;
            shared.written(k, buffer);
            Ok(())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    fn numbered(out: &mut Vec<u8>, i: usize, n: &u32) -> io::Result<()> {
        writeln!(out, "{i}:{n}")
    }

    /// [`write_blocks`] of `rows`, each written by `row`, in blocks of a size given.
    fn blocks(
        out: &mut (impl Write + ?Sized),
        rows: &[u32],
        (threads, block): (usize, usize),
        row: impl Fn(&mut Vec<u8>, usize, &u32) -> io::Result<()> + Sync,
    ) -> io::Result<()> {
        write_blocks(out, rows.len(), (threads, block), &|| (), &|out, _, i| row(out, i, &rows[i]))
    }

    #[test]
    fn parts_on_any_number_of_threads_are_the_items_in_order() {
        for len in [0, 1, 5, BLOCK, BLOCK + 1, 3 * BLOCK + 7] {
            let items: Vec<usize> = (0..len).collect();
            for threads in 1..=5 {
                let parts = map_parts(&items, threads, <[usize]>::to_vec);
                assert!(parts.len() <= threads.max(1), "{len} items, {threads} threads");
                assert_eq!(parts.concat(), items, "{len} items, {threads} threads");
            }
        }
    }

    #[test]
    fn any_number_of_threads_writes_what_one_loop_writes() {
        for len in [0, 1, 5, 6, 7, 30, 31] {
            let rows: Vec<u32> = (0..len).map(|n| n * 7).collect();
            let mut simple = Vec::new();
            for (i, n) in rows.iter().enumerate() {
                numbered(&mut simple, i, n).unwrap();
            }
            for threads in 1..=5 {
                for block in [1, 2, 3, 6, 100] {
                    let mut out = Vec::new();
                    blocks(&mut out, &rows, (threads, block), numbered).unwrap();
                    assert_eq!(out, simple, "{len} rows, {threads} threads, blocks of {block}");
                }
            }
        }
    }

    /// Every format, on a report of more files than two blocks hold, writes the same bytes on
    /// one thread as on several.
    #[test]
    fn every_format_writes_the_same_report_on_any_number_of_threads() {
        use crate::output::*;
        use crate::report::{Shape, View};
        use std::time::Duration;

        let report = many_files(2 * BLOCK + 300);
        let sql =
            || Sql { project: "p".into(), timestamp: "t".into(), elapsed: Duration::ZERO, append: false };
        let cloc = |style| Cloc { style, elapsed: Duration::ZERO };
        let formats: Vec<Box<dyn Output>> = vec![
            Box::new(Json::default()),
            Box::new(Ndjson),
            Box::new(Csv),
            Box::new(Table::default()),
            Box::new(Table { wide: true, percent: true, colour: true }),
            Box::new(Markdown::default()),
            Box::new(Yaml::default()),
            Box::new(Html),
            Box::new(TokeiJson),
            Box::new(cloc(ClocStyle::Json)),
            Box::new(cloc(ClocStyle::Xml)),
            Box::new(cloc(ClocStyle::Yaml)),
            Box::new(cloc(ClocStyle::Csv)),
            Box::new(SccJson { percent: false }),
            Box::new(SccCsv),
            Box::new(sql()),
            Box::new(OpenMetrics),
        ];
        let shapes = [
            Shape { by_file: true, ..Shape::default() },
            Shape { by_file: true, by_dir: Some(1), ..Shape::default() },
        ];
        for (i, format) in formats.iter().enumerate() {
            for shape in &shapes {
                let write = |threads| {
                    let mut out = Vec::new();
                    format.report(&View { threads, ..View::new(&report, shape) }, &mut out).unwrap();
                    out
                };
                let one = write(1);
                assert!(one.len() > 1000, "format {i} wrote its rows");
                for threads in [2, 3] {
                    assert!(one == write(threads), "format {i}, {threads} threads, {shape:?}");
                }
            }
        }
    }

    /// `n` files of three languages over a few directories, some flagged, one with regions of
    /// other languages, one with a name that is not UTF-8 and one that needs escapes.
    fn many_files(n: usize) -> crate::report::Report {
        use crate::count::Counts;
        use crate::lang::LangId;
        use crate::report::{CountedFile, Outcome, Report};
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        use std::path::PathBuf;

        let lang = |name| LangId::from_name(name).unwrap();
        let mut report = Report { roots: vec!["r".into()], ..Report::default() };
        for i in 0..n as u64 {
            let (language, path) = match i % 3 {
                0 => ("C", format!("r/d{}/f{i}.c", i % 7).into_bytes()),
                1 => ("HTML", format!("r/d{}/s/p{i}.html", i % 5).into_bytes()),
                _ => ("Rust", format!("r/f{i} \"q\",'x'<&>.rs").into_bytes()),
            };
            let path = if i == 17 { b"r/bad\xFF.c".to_vec() } else { path };
            let embedded = match language {
                "HTML" => vec![(lang("JavaScript"), Counts { lines: 3, code: 2, comments: 1, blanks: 0 })],
                _ => Vec::new(),
            };
            let file = CountedFile {
                language: lang(if i == 17 { "C" } else { language }),
                bytes: 1000 + i * 37,
                counts: Counts {
                    lines: 10 + i % 13,
                    code: 2 + i % 7,
                    comments: i % 3,
                    blanks: 8 + i % 13 - i % 7 - i % 3,
                },
                generated: i % 10 == 0,
                minified: i % 15 == 0,
                embedded: if i == 17 { Vec::new() } else { embedded },
                complexity: None,
                uloc: None,
                digest: None,
            };
            report.record(0, Outcome::Counted(file), true, || PathBuf::from(OsStr::from_bytes(&path)));
        }
        report.sort();
        report
    }

    #[test]
    fn a_row_that_panics_on_a_helper_panics_the_writer_instead_of_hanging_it() {
        let rows: Vec<u32> = (0..40).collect();
        let writer = thread::current().id();
        let helped = AtomicBool::new(false);
        // The writer's rows wait for a helper's, so a helper surely takes one, however the
        // threads are scheduled.
        let panicking = |out: &mut Vec<u8>, i: usize, n: &u32| {
            if thread::current().id() != writer {
                helped.store(true, Ordering::SeqCst);
                panic!("row {i} on a helper");
            }
            while !helped.load(Ordering::SeqCst) {
                thread::sleep(std::time::Duration::from_millis(1));
            }
            numbered(out, i, n)
        };
        let result = std::panic::catch_unwind(|| blocks(&mut Vec::new(), &rows, (3, 1), panicking));
        assert!(result.is_err());
    }

    #[test]
    fn a_row_that_panics_on_the_writer_panics_it_while_helpers_wait_for_room() {
        let rows: Vec<u32> = (0..40).collect();
        let writer = thread::current().id();
        let writing = AtomicBool::new(false);
        // A helper's row waits until the writer is in one, so the two helpers hold at most two
        // blocks and the writer surely takes one, however the threads are scheduled. The writer's
        // row panics once the helpers have taken all they may and wait for room.
        let panicking = |out: &mut Vec<u8>, i: usize, n: &u32| {
            if thread::current().id() == writer {
                writing.store(true, Ordering::SeqCst);
                thread::sleep(std::time::Duration::from_millis(20));
                panic!("row {i}");
            }
            while !writing.load(Ordering::SeqCst) {
                thread::sleep(std::time::Duration::from_millis(1));
            }
            numbered(out, i, n)
        };
        let result = std::panic::catch_unwind(|| blocks(&mut Vec::new(), &rows, (3, 1), panicking));
        assert!(result.is_err());
    }

    /// Counts the writes given to it, slowly.
    struct Slow<'a>(&'a AtomicUsize);

    impl Write for Slow<'_> {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            thread::sleep(std::time::Duration::from_millis(1));
            self.0.fetch_add(1, Ordering::SeqCst);
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn no_block_is_formatted_further_ahead_of_a_slow_writer_than_allowed() {
        let rows: Vec<u32> = (0..60).collect();
        let writes = AtomicUsize::new(0);
        for threads in 2..=4 {
            writes.store(0, Ordering::SeqCst);
            // Blocks of one row, each written by one call.
            let bounded = |out: &mut Vec<u8>, i: usize, n: &u32| {
                let written = writes.load(Ordering::SeqCst);
                assert!(i < written + AHEAD * threads, "block {i} with {written} written");
                numbered(out, i, n)
            };
            blocks(&mut Slow(&writes), &rows, (threads, 1), bounded).unwrap();
            assert_eq!(writes.load(Ordering::SeqCst), rows.len());
        }
    }

    #[test]
    fn an_error_of_any_block_or_of_the_destination_is_returned() {
        let rows: Vec<u32> = (0..20).collect();
        let failing = |out: &mut Vec<u8>, i: usize, n: &u32| match i {
            13 => Err(io::Error::other("row 13")),
            _ => numbered(out, i, n),
        };
        for threads in 1..=4 {
            let err = blocks(&mut Vec::new(), &rows, (threads, 2), failing).unwrap_err();
            assert_eq!(err.to_string(), "row 13");
            let mut full = [0u8; 10];
            let err = blocks(&mut &mut full[..], &rows, (threads, 2), numbered).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::WriteZero);
        }
    }
}
