//! A `merge` or `diff` input read into memory. A regular file has an end; a pipe or a device (a
//! process substitution `<(...)`, `/dev/stdin`, `/dev/zero` given by mistake) may not, so it is
//! checked as JSON while it arrives and refused at its first byte that no JSON document holds,
//! rather than read until memory runs out.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use serde::de::IgnoredAny;

/// The bytes of the report at `path`, or why they cannot be had, for the user, with the path.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    let failed = |e: io::Error| format!("{}: {e}", path.display());
    let file = File::open(path).map_err(failed)?;
    if file.metadata().map_err(failed)?.is_file() {
        let mut text = Vec::new();
        BufReader::new(file).read_to_end(&mut text).map_err(failed)?;
        return Ok(text);
    }
    let mut kept = Kept { from: file, bytes: Vec::new() };
    match serde_json::from_reader::<_, IgnoredAny>(BufReader::new(&mut kept)) {
        Ok(_) => Ok(kept.bytes),
        Err(e) if e.is_io() => Err(failed(e.into())),
        Err(e) => Err(format!("{}: not a ringloc JSON report: {e}", path.display())),
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
