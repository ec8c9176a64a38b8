//! A report's rows formatted on several threads and written in order. A `--by-file` report's rows
//! are nearly all of its writing, each row independent of the others, and the count's cores are
//! idle by the time it is written. Blocks of rows go to the threads in turn (block k to thread
//! k mod n, the caller's thread being thread 0), each thread formats a block into a buffer of its
//! own, and the caller writes the buffers in block order: the bytes are those one thread formatting
//! every row writes, whatever the number of threads.

use std::io::{self, Write};
use std::sync::mpsc;
use std::thread;

/// Rows to a block: tens to hundreds of KB of text, few enough handoffs that they cost nothing
/// per row, small enough that a kernel report is dozens of blocks to share out.
const BLOCK: usize = 1024;

/// Blocks a helper may have formatted ahead of the writer.
const AHEAD: usize = 2;

/// Writes `row(buffer, i, &rows[i])` for every row, in order, formatting on up to `threads`
/// threads. `row` writes into memory, so its only errors are its own.
pub fn write_rows<T: Sync>(
    out: &mut (impl Write + ?Sized),
    rows: &[T],
    threads: usize,
    row: impl Fn(&mut Vec<u8>, usize, &T) -> io::Result<()> + Sync,
) -> io::Result<()> {
    write_blocks(out, rows, threads, BLOCK, &row)
}

fn write_blocks<T: Sync>(
    out: &mut (impl Write + ?Sized),
    rows: &[T],
    threads: usize,
    block: usize,
    row: &(impl Fn(&mut Vec<u8>, usize, &T) -> io::Result<()> + Sync),
) -> io::Result<()> {
    let blocks = rows.len().div_ceil(block);
    let threads = threads.clamp(1, blocks.max(1));
    let format = |k: usize| -> io::Result<Vec<u8>> {
        let start = k * block;
        let part = &rows[start..rows.len().min(start + block)];
        let mut buffer = Vec::with_capacity(part.len() * 128);
        for (i, r) in part.iter().enumerate() {
            row(&mut buffer, start + i, r)?;
        }
        Ok(buffer)
    };
    if threads == 1 {
        return (0..blocks).try_for_each(|k| out.write_all(&format(k)?));
    }
    let format = &format;
    thread::scope(|scope| {
        let helpers: Vec<mpsc::Receiver<io::Result<Vec<u8>>>> = (1..threads)
            .map(|t| {
                let (send, receive) = mpsc::sync_channel(AHEAD);
                // A send fails only once the writer has stopped on an error: nothing more to do.
                scope.spawn(move || (t..blocks).step_by(threads).try_for_each(|k| send.send(format(k))));
                receive
            })
            .collect();
        for k in 0..blocks {
            let buffer = match k % threads {
                0 => format(k)?,
                t => helpers[t - 1].recv().expect("a helper sends every block it is given")?,
            };
            out.write_all(&buffer)?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(out: &mut Vec<u8>, i: usize, n: &u32) -> io::Result<()> {
        writeln!(out, "{i}:{n}")
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
                    write_blocks(&mut out, &rows, threads, block, &numbered).unwrap();
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
            Box::new(Table { wide: true, colour: true }),
            Box::new(Markdown::default()),
            Box::new(Yaml),
            Box::new(Html),
            Box::new(TokeiJson),
            Box::new(cloc(ClocStyle::Json)),
            Box::new(cloc(ClocStyle::Xml)),
            Box::new(cloc(ClocStyle::Yaml)),
            Box::new(SccJson),
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
            };
            report.record(0, Outcome::Counted(file), true, || PathBuf::from(OsStr::from_bytes(&path)));
        }
        report.sort();
        report
    }

    #[test]
    fn an_error_of_any_block_or_of_the_destination_is_returned() {
        let rows: Vec<u32> = (0..20).collect();
        let failing = |out: &mut Vec<u8>, i: usize, n: &u32| match i {
            13 => Err(io::Error::other("row 13")),
            _ => numbered(out, i, n),
        };
        for threads in 1..=4 {
            let err = write_blocks(&mut Vec::new(), &rows, threads, 2, &failing).unwrap_err();
            assert_eq!(err.to_string(), "row 13");
            let mut full = [0u8; 10];
            let err = write_blocks(&mut &mut full[..], &rows, threads, 2, &numbered).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::WriteZero);
        }
    }
}
