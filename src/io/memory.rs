//! Counting files already in memory (git blobs): the same per-file steps as the readers, fed the
//! same chunks, so a blob gets exactly the outcome its checked-out file would. The chunks are fed
//! in place: nothing is copied into a read buffer.

use std::ops::ControlFlow;

use super::{FileProgress, ReadRules, CHUNK};
use crate::lang::NameMatch;
use crate::report::Outcome;

/// Counts files held in memory.
#[derive(Debug, Default)]
pub struct MemoryReader;

impl MemoryReader {
    /// What the plain reader would make of a file holding `bytes`: the chunks are [`CHUNK`] long
    /// and the first short one (possibly empty) ends the file, as `read` returns them. What the
    /// counter leaves of a chunk starts the next one's text, as the reader's carry would.
    pub fn count(&mut self, language: NameMatch, bytes: &[u8], rules: &ReadRules) -> Outcome {
        let mut progress = FileProgress::new(language);
        let (mut from, mut at) = (0, 0);
        loop {
            let read = (bytes.len() - at).min(CHUNK);
            at += read;
            match progress.on_text(&bytes[from..at], read, read < CHUNK, rules) {
                ControlFlow::Continue(used) => from += used,
                ControlFlow::Break(outcome) => return outcome,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::fs::jobs_in;
    use crate::io::{Reader, SyncReader};
    use crate::lang::detect_by_name;
    use crate::report::{Recorder, Recording, Report};

    /// Reads `bytes` from a real file with the plain reader, as a walk would.
    fn read_from_disk(name: &str, bytes: &[u8]) -> Report {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(name), bytes).unwrap();
        let jobs = jobs_in(dir.path(), &[name], true);
        let mut out = Recorder::new(&Recording::default());
        let mut reader = SyncReader::new(Arc::new(ReadRules::default()));
        reader.pump(&mut jobs.into(), &mut out);
        out.into_report()
    }

    #[test]
    fn a_buffer_counts_as_the_same_bytes_read_from_a_file() {
        let c = "int main(void) {\n  /* a\n  comment */ return 0; // x\n}\n\n";
        let samples: Vec<(&str, Vec<u8>)> = vec![
            ("a.c", c.repeat(3000).into_bytes()),
            ("b.c", c.as_bytes().to_vec()),
            ("exact.c", c.as_bytes().iter().copied().cycle().take(2 * CHUNK).collect()),
            ("script", b"#!/usr/bin/env python3\n# hi\nprint(1)\n".to_vec()),
            ("x.h", b"class A {};\n".to_vec()),
            ("bin.c", b"int\0x;\n".to_vec()),
            ("empty.rs", Vec::new()),
            (
                "big16.c",
                [
                    &[0xFF, 0xFE][..],
                    &c.repeat(3000).encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<_>>(),
                ]
                .concat(),
            ),
            (
                "u16.c",
                [
                    &[0xFF, 0xFE][..],
                    &"int x;\n".encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<_>>(),
                ]
                .concat(),
            ),
        ];
        let mut memory = MemoryReader;
        for (name, bytes) in samples {
            let mut report = Report::default();
            let outcome = memory.count(detect_by_name(name.as_bytes()), &bytes, &ReadRules::default());
            report.record(0, outcome, false, || name.into());
            let disk = read_from_disk(name, &bytes);
            assert_eq!(report.languages, disk.languages, "{name}");
            assert_eq!(report.skipped, disk.skipped, "{name}");
        }
    }
}
