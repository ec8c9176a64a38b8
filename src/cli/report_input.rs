//! A `merge` or `diff` input read into memory. A regular file has an end; a pipe or a device (a
//! process substitution `<(...)`, `-` or `/dev/stdin`, `/dev/zero` given by mistake) may not, so
//! it is checked as JSON while it arrives and refused at its first byte that no JSON document
//! holds, rather than read until memory runs out.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use ringloc::lang::UTF8_BOM;
use serde::de::IgnoredAny;

/// The name that reads standard input, as `--files-from -` does.
pub const STDIN: &str = "-";

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
    let failed = |e: io::Error| format!("{}: {e}", path.display());
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
}

impl StreamError {
    fn for_user(self, path: &Path) -> String {
        match self {
            StreamError::Io(e) => format!("{}: {e}", path.display()),
            StreamError::NotJson(e) => format!("{}: not a ringloc JSON report: {e}", path.display()),
        }
    }
}

/// A stream's bytes, checked as one JSON document while they arrive (past a byte-order mark).
fn checked_stream(file: File) -> Result<Vec<u8>, StreamError> {
    let mut kept = Kept { from: file, bytes: Vec::new() };
    let mut reader = BufReader::new(&mut kept);
    if reader.fill_buf().map_err(StreamError::Io)?.starts_with(UTF8_BOM) {
        reader.consume(UTF8_BOM.len());
    }
    match serde_json::from_reader::<_, IgnoredAny>(reader) {
        Ok(_) => Ok(kept.bytes),
        Err(e) if e.is_io() => Err(StreamError::Io(e.into())),
        Err(e) => Err(StreamError::NotJson(e)),
    }
}

/// A reader that keeps a copy of what it reads: the stream is parsed once to check it and the
/// copy once more into a report.
struct Kept {
    from: File,
    bytes: Vec<u8>,
}

impl Read for Kept {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.from.read(buf)?;
        self.bytes.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}
