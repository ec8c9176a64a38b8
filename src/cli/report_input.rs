//! A `merge` or `diff` input read into memory. A regular file has an end; a pipe or a device (a
//! process substitution `<(...)`, `-` or `/dev/stdin`, `/dev/zero` given by mistake) may not, so
//! it is checked as JSON while it arrives and refused at its first byte that no JSON document
//! holds, rather than read until memory runs out. Whitespace is JSON, so an endless run of it
//! (`(cat r.json; yes ' ')`) would be read for ever: a stream is refused at a run of more than
//! [`MAX_BLANK_RUN`] whitespace bytes, which no report holds (ringloc indents by a few bytes, and
//! a name in a path is at most 255 bytes).

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
        text = checked_stream(file).map_err(|e| e.for_user(path))?;
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
        }
    }
}

/// A stream's bytes, checked as one JSON document while they arrive (past a byte-order mark),
/// and followed by nothing but whitespace, of which at most [`MAX_BLANK_RUN`] bytes in a row.
fn checked_stream(file: File) -> Result<Vec<u8>, StreamError> {
    let mut kept = Kept { from: file, bytes: Vec::new(), blank_run: 0, too_long_at: None };
    let (checked, value_ended) = check_json(&mut kept);
    match (checked, kept.too_long_at) {
        (Ok(()), _) => Ok(kept.bytes),
        (Err(_), Some(at)) => Err(StreamError::Blanks { at, after_value: value_ended }),
        (Err(e), None) if e.is_io() => Err(StreamError::Io(e.into())),
        (Err(e), None) => Err(StreamError::NotJson(e)),
    }
}

/// Parses one JSON value from `kept`, then what follows it to the end (whitespace only); says
/// whether the value ended.
fn check_json(kept: &mut Kept) -> (Result<(), serde_json::Error>, bool) {
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
/// [`MAX_BLANK_RUN`] bytes.
struct Kept {
    from: File,
    bytes: Vec<u8>,
    /// The whitespace bytes at the end of `bytes`.
    blank_run: u64,
    /// Where the run that passed [`MAX_BLANK_RUN`] starts: what failed the read.
    too_long_at: Option<u64>,
}

impl Read for Kept {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.from.read(buf)?;
        let read = &buf[..n];
        let before = self.bytes.len() as u64;
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
