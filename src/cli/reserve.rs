//! A new report file's disk blocks reserved ahead of its writes. On ext4 (delayed allocation) each
//! page written past the blocks a file has is reserved and mapped by that `write(2)`, a quarter of
//! its cost: 20 MB into a new file took 5.2-5.6 ms of the writing thread in 64 KiB writes, 3.8-4.4
//! ms with its blocks reserved by `fallocate(2)` a few MB at a time beforehand (the reservations'
//! cost included). The file's size is the bytes written throughout (`KEEP_SIZE`); what is reserved
//! past them is given back by [`trim`] once the report is out.

use std::fs::File;
use std::io::{self, Write};

use rustix::fs::{fallocate, FallocateFlags};

/// The first reservation; each later one is as large as the file so far, up to [`MOST`].
const FIRST: u64 = 1 << 20;
/// The largest reservation: at most this much is reserved and unused at a time.
const MOST: u64 = 32 << 20;

/// A file whose blocks are reserved ahead of its writes, from where it is now written to.
pub struct Reserving {
    file: File,
    /// Bytes written so far: where the next write goes.
    at: u64,
    /// The end of the blocks reserved.
    reserved: u64,
    /// Reserving failed once (a file system without `fallocate`, a disk nearly full): the writes go
    /// on without it, and a full disk is the writes' error to report.
    off: bool,
}

impl Reserving {
    /// Writes to `file`, whose next write goes at byte `at` (its length: it is written from its end).
    pub fn new(file: File, at: u64) -> Reserving {
        Reserving { file, at, reserved: at, off: false }
    }

    /// Reserves blocks to hold at least `end` bytes.
    fn reserve(&mut self, end: u64) {
        let step = self.reserved.clamp(FIRST, MOST).max(end - self.reserved);
        match fallocate(&self.file, FallocateFlags::KEEP_SIZE, self.reserved, step) {
            Ok(()) => self.reserved += step,
            Err(_) => self.off = true,
        }
    }
}

impl Write for Reserving {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let end = self.at + buf.len() as u64;
        if end > self.reserved && !self.off {
            self.reserve(end);
        }
        let n = self.file.write(buf)?;
        self.at += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Gives back the blocks reserved past the end of `file`: truncating a file to its own length
/// frees them (ext4 truncates its blocks even when the size does not change).
pub fn trim(file: &File) -> io::Result<()> {
    file.set_len(file.metadata()?.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::os::unix::fs::MetadataExt;

    /// The file's allocated bytes.
    fn allocated(file: &File) -> u64 {
        file.metadata().unwrap().blocks() * 512
    }

    #[test]
    fn the_bytes_written_arrive_and_the_reserve_is_given_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report");
        std::fs::write(&path, b"kept:").unwrap();
        let file = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
        let mut out = Reserving::new(file.try_clone().unwrap(), 5);
        let bytes: Vec<u8> = (0..3_000_000u32).map(|i| (i % 251) as u8).collect();
        for piece in bytes.chunks(70_000) {
            out.write_all(piece).unwrap();
            assert_eq!(file.metadata().unwrap().len(), out.at, "the size is what is written");
        }
        // Where the file system reserves, the reserve is past the end until trimmed.
        assert!(out.off || out.reserved > 4_000_000 && allocated(&file) >= out.reserved & !4095);
        trim(&file).unwrap();
        assert!(allocated(&file) < 3_100_000, "{}", allocated(&file));
        let mut written = Vec::new();
        File::open(&path).unwrap().read_to_end(&mut written).unwrap();
        assert_eq!(written, [&b"kept:"[..], &bytes].concat());
    }

    #[test]
    fn reservations_grow_with_the_file_to_a_limit() {
        let file = tempfile::tempfile().unwrap();
        let mut out = Reserving::new(file, 0);
        let mut ends = Vec::new();
        for end in [1, FIRST + 1, 3 * FIRST, 200 * FIRST] {
            out.reserve(end);
            ends.push(out.reserved);
        }
        if !out.off {
            assert_eq!(ends, [FIRST, 2 * FIRST, 4 * FIRST, 200 * FIRST]);
        }
    }
}
