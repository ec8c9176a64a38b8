//! A `merge` or `diff` input read into memory. A regular file has an end; a pipe or a device (a
//! process substitution `<(...)`, `-` or `/dev/stdin`, `/dev/zero` given by mistake) may not, so
//! it is checked as JSON while it arrives and refused at its first byte that no JSON document
//! holds, rather than read until memory runs out. Whitespace is JSON, so an endless run of it
//! (`(cat r.json; yes ' ')`) would be read for ever: a stream is refused at a run of more than
//! [`MAX_BLANK_RUN`] whitespace bytes, which no report holds (ringloc indents by a few bytes, and
//! a name in a path is at most 255 bytes). Valid JSON may never end either (`(printf '['; yes
//! '1,')`): a stream is refused past [`MAX_STREAMED`] bytes.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use ringloc::lang::UTF8_BOM;
use ringloc::output::paths::for_people;
use serde::de::{Deserialize, IgnoredAny};

/// The name that reads standard input, as `--files-from -` does.
pub const STDIN: &str = "-";

/// The longest run of JSON whitespace (space, tab, line feed, carriage return) a streamed report
/// may hold, before its value, inside it or after it.
pub const MAX_BLANK_RUN: u64 = 64 * 1024;

/// The most bytes a report from a stream may hold. A stream of valid JSON may never end (`(printf
/// '['; yes '1,')`), and no run of whitespace shows it: it is refused past this size, before the
/// bytes kept pass it. A `--by-file` report of the Linux kernel (76,000 files) is about 15 MB, so
/// this holds about 70 of them; a larger report is read whole from a regular file, which has an end.
pub const MAX_STREAMED: u64 = 1 << 30;

/// Refuses `-` given more than once: standard input holds one report, and a second read of it
/// would find nothing.
pub fn stdin_at_most_once<'p>(paths: impl IntoIterator<Item = &'p Path>) -> Result<(), String> {
    match paths.into_iter().filter(|path| *path == Path::new(STDIN)).count() {
        0 | 1 => Ok(()),
        _ => Err("only one report can come from standard input (-)".into()),
    }
}

/// The bytes of the report at `path` (`-`: standard input), a byte-order mark left out, or why
/// they cannot be had, for the user, with the path.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    let failed = |e: io::Error| format!("{}: {e}", for_people(path));
    let opened = if path == Path::new(STDIN) { File::open("/dev/stdin") } else { File::open(path) };
    let file = opened.map_err(failed)?;
    let mut text = Vec::new();
    if file.metadata().map_err(failed)?.is_file() {
        BufReader::new(file).read_to_end(&mut text).map_err(failed)?;
    } else {
        text = checked_stream(file, MAX_STREAMED).map_err(|e| e.for_user(path))?;
    }
    if text.starts_with(UTF8_BOM) {
        text.drain(..UTF8_BOM.len());
    }
    Ok(text)
}

/// Why a stream was refused.
enum StreamError {
    Io(io::Error),
    NotJson(serde_json::Error),
    /// A run of whitespace past [`MAX_BLANK_RUN`] began at this offset, after the report's value
    /// ended (`true`) or before.
    Blanks {
        at: u64,
        after_value: bool,
    },
    /// The stream passed this many bytes.
    TooLarge {
        limit: u64,
    },
}

impl StreamError {
    fn for_user(self, path: &Path) -> String {
        match self {
            StreamError::Io(e) => format!("{}: {e}", for_people(path)),
            StreamError::NotJson(e) => format!("{}: not a ringloc JSON report: {e}", for_people(path)),
            StreamError::Blanks { at, after_value } => format!(
                "{}: not a ringloc JSON report: more than {MAX_BLANK_RUN} bytes of whitespace in a row \
                 from byte {at}{}",
                for_people(path),
                if after_value { ", after the report's end" } else { "" }
            ),
            StreamError::TooLarge { limit } => format!(
                "{}: not read past {limit} bytes, the most a report from a pipe or a device may hold \
                 (write a larger one to a file, which is read whole)",
                for_people(path)
            ),
        }
    }
}

/// A stream's bytes, checked as one JSON document while they arrive (past a byte-order mark),
/// and followed by nothing but whitespace, of which at most [`MAX_BLANK_RUN`] bytes in a row; at
/// most `limit` bytes in all.
fn checked_stream(from: impl Read, limit: u64) -> Result<Vec<u8>, StreamError> {
    let mut kept = Kept { from, limit, bytes: Vec::new(), blank_run: 0, too_long_at: None, too_large: false };
    let (checked, value_ended) = check_json(&mut kept);
    match (checked, kept.too_long_at) {
        (Ok(()), _) => Ok(kept.bytes),
        (Err(_), _) if kept.too_large => Err(StreamError::TooLarge { limit: kept.limit }),
        (Err(_), Some(at)) => Err(StreamError::Blanks { at, after_value: value_ended }),
        (Err(e), None) if e.is_io() => Err(StreamError::Io(e.into())),
        (Err(e), None) => Err(StreamError::NotJson(e)),
    }
}

/// Parses one JSON value from `kept`, then what follows it to the end (whitespace only); says
/// whether the value ended.
fn check_json(kept: &mut Kept<impl Read>) -> (Result<(), serde_json::Error>, bool) {
    let mut reader = BufReader::new(kept);
    match reader.fill_buf() {
        Ok(head) if head.starts_with(UTF8_BOM) => reader.consume(UTF8_BOM.len()),
        Ok(_) => {}
        Err(e) => return (Err(serde_json::Error::io(e)), false),
    }
    let mut json = serde_json::Deserializer::from_reader(reader);
    if let Err(e) = IgnoredAny::deserialize(&mut json) {
        return (Err(e), false);
    }
    (json.end(), true)
}

/// A reader that keeps a copy of what it reads: the stream is parsed once to check it and the
/// copy once more into a report. It fails the read that takes a run of whitespace past
/// [`MAX_BLANK_RUN`] bytes, and the one that takes the stream past `limit` bytes (kept no more).
struct Kept<R> {
    from: R,
    limit: u64,
    bytes: Vec<u8>,
    /// The whitespace bytes at the end of `bytes`.
    blank_run: u64,
    /// Where the run that passed [`MAX_BLANK_RUN`] starts: what failed the read.
    too_long_at: Option<u64>,
    /// Whether a read would have taken the stream past `limit`: what failed it.
    too_large: bool,
}

impl<R: Read> Read for Kept<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.from.read(buf)?;
        let read = &buf[..n];
        let before = self.bytes.len() as u64;
        if before + n as u64 > self.limit {
            self.too_large = true;
            return Err(io::Error::other("a stream too large"));
        }
        self.bytes.extend_from_slice(read);
        let blank = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
        // The run the last read ended with goes on up to this read's first other byte; a new one
        // starts after its last. (Reads are a buffer's, 8 KiB: a run inside one is no longer.)
        let leading = read.iter().position(|b| !blank(b)).unwrap_or(n) as u64;
        let trailing = read.iter().rev().position(|b| !blank(b)).unwrap_or(n) as u64;
        if self.blank_run + leading > MAX_BLANK_RUN {
            self.too_long_at = Some(before - self.blank_run);
        } else if trailing > MAX_BLANK_RUN {
            self.too_long_at = Some(before + n as u64 - trailing);
        }
        self.blank_run = if leading == n as u64 { self.blank_run + leading } else { trailing };
        match self.too_long_at {
            Some(_) => Err(io::Error::other("a run of whitespace too long")),
            None => Ok(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stream of valid JSON that never ends (`(printf '['; yes '1,')`) was read until memory ran
    /// out: it is refused once it passes the limit, having read at most a buffer more. (This one
    /// ends, at four times the limit, so that it fails rather than runs out of memory where the
    /// limit is not kept.)
    #[test]
    fn a_stream_past_the_limit_is_refused_there() {
        let limit = 1 << 20;
        let mut stream = b"[\"".chain(io::repeat(b'a')).take(4 * limit);
        match checked_stream(&mut stream, limit) {
            Err(e @ StreamError::TooLarge { .. }) => assert_eq!(
                e.for_user(Path::new("-")),
                "-: not read past 1048576 bytes, the most a report from a pipe or a device may hold \
                 (write a larger one to a file, which is read whole)"
            ),
            Err(e) => panic!("{}", e.for_user(Path::new("-"))),
            Ok(bytes) => panic!("{} bytes taken", bytes.len()),
        }
        let read = 4 * limit - stream.limit();
        assert!(read <= limit + 64 * 1024, "{read} bytes read");
    }

    /// A report up to the limit is read, the limit included.
    #[test]
    fn a_stream_up_to_the_limit_is_read() {
        let report = br#"{"schema_version": 1}"#;
        let text = checked_stream(&report[..], report.len() as u64);
        assert_eq!(text.unwrap_or_else(|e| panic!("{}", e.for_user(Path::new("-")))), report);
    }
}
