//! Large blobs counted as they are inflated, a chunk at a time, as the plain reader counts a file:
//! memory stays at one read buffer whatever the blob's size. Inflated whole, a 3 GB SQL dump in a
//! tree took 3 GB on each thread that met one (zero-filled first), where its checkout is read 64
//! KiB at a time. Only blobs stored whole in a pack are streamed: git stores a file above its
//! `core.bigFileThreshold` (512 MiB) whole, and never as a delta, which needs its base in memory.

use gix::zlib::{Decompress, FlushDecompress, Status};

use crate::count::MAX_TOKEN;
use crate::io::{FileProgress, ReadRules, Step, CHUNK};
use crate::lang::NameMatch;
use crate::report::Outcome;

/// Blobs stored whole and larger than this are streamed; smaller ones are inflated whole by
/// libdeflate, faster there: streaming every blob made `--rev HEAD -j 1` 16% slower on
/// `benches/git-repo.sh`'s history (132.6 -> 153.4 ms) and 31% on C blobs of 1-16 MB (140.2 ->
/// 183.1 ms), while blobs of 62 and 154 MB streamed took 248 ms where whole they took 340 ms
/// (page faults on the buffer) and 150 MB more memory.
pub const STREAMED_ABOVE: usize = 32 << 20;

/// Counts the blob whose zlib stream starts `stream` and which inflates to `size` bytes, as
/// [`crate::io::MemoryReader`] counts those bytes held whole. A stream that is corrupt, or that
/// ends before `size` bytes, is a failure.
pub fn count_streamed(stream: &[u8], size: usize, language: NameMatch, rules: &ReadRules) -> Outcome {
    let mut inflater = Inflater { state: Decompress::new(), stream, left: size };
    let mut buf = vec![0u8; CHUNK + MAX_TOKEN];
    let mut progress = FileProgress::new(language);
    let mut carry = 0;
    loop {
        let read = match inflater.fill(&mut buf[carry..carry + CHUNK]) {
            Ok(read) => read,
            Err(why) => return Outcome::Failed(std::io::Error::other(why)),
        };
        match progress.on_read(&mut buf, carry, read, read < CHUNK, rules) {
            Step::More { carry: left } => carry = left,
            Step::Done(outcome) => return outcome,
        }
    }
}

/// A blob's zlib stream, inflated in steps.
struct Inflater<'s> {
    state: Decompress,
    stream: &'s [u8],
    /// Bytes of the blob not inflated yet.
    left: usize,
}

impl Inflater<'_> {
    /// Fills `out` with the blob's next bytes, as `read` fills a buffer: short only at its end.
    fn fill(&mut self, out: &mut [u8]) -> Result<usize, String> {
        let want = out.len().min(self.left);
        let mut written = 0;
        while written < want {
            let (consumed, before) = (self.state.total_in() as usize, self.state.total_out());
            let input = self.stream.get(consumed..).unwrap_or_default();
            let status = self
                .state
                .decompress(input, &mut out[written..want], FlushDecompress::None)
                .map_err(|e| format!("inflating a blob: {e}"))?;
            let made = (self.state.total_out() - before) as usize;
            written += made;
            let stuck = made == 0 && self.state.total_in() as usize == consumed;
            if written < want && (status == Status::StreamEnd || stuck) {
                return Err(format!("the blob's stream ends {} bytes short", self.left - written));
            }
        }
        self.left -= written;
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::process::Command;

    use gix::ObjectId;

    use super::*;
    use crate::git::blobs::{count_blob, BlobOutcome};
    use crate::git::packed::{BlobReader, Packs};
    use crate::io::MemoryReader;
    use crate::lang::detect_by_name;

    fn git(dir: &Path, args: &[&str]) -> String {
        let out = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@t", "-c", "core.autocrlf=false"])
            .args(args)
            .current_dir(dir)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .expect("run git");
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Files whose lines, comments and strings cross chunk boundaries, one exactly two chunks
    /// long (its last read is empty), a UTF-16 one, a binary one, an empty one; packed whole.
    fn packed_files() -> (tempfile::TempDir, Vec<(&'static str, ObjectId)>) {
        let dir = tempfile::tempdir().unwrap();
        git(dir.path(), &["init", "-q"]);
        let c = "int main(void) {\n  /* a\n  comment */ return \"s // t\"; // x\n}\n\n";
        let utf16: Vec<u8> = [
            &[0xFF, 0xFE][..],
            &c.repeat(2000).encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<_>>(),
        ]
        .concat();
        let files: Vec<(&str, Vec<u8>)> = vec![
            ("big.c", c.repeat(5000).into_bytes()),
            ("exact.rs", "// r\nfn f() {}\n".bytes().cycle().take(2 * CHUNK).collect()),
            ("script.py", "x = '''doc\n\n'''  # c\n".repeat(9000).into_bytes()),
            ("wide.c", utf16),
            ("bin.c", b"int\0binary;\n".repeat(10).to_vec()),
            ("empty.rs", Vec::new()),
        ];
        for (name, body) in &files {
            std::fs::write(dir.path().join(name), body).unwrap();
        }
        git(dir.path(), &["add", "-A"]);
        git(dir.path(), &["commit", "-q", "-m", "files"]);
        git(dir.path(), &["gc", "-q", "--prune=now"]);
        let ids = files
            .iter()
            .map(|(name, _)| {
                (
                    *name,
                    ObjectId::from_hex(
                        git(dir.path(), &["rev-parse", &format!("HEAD:{name}")]).trim().as_bytes(),
                    )
                    .unwrap(),
                )
            })
            .collect();
        (dir, ids)
    }

    /// Every blob counted as it is inflated gets the outcome it gets inflated whole, through
    /// `count_blob` (which streams a blob only where its reader says it is too large to hold).
    #[test]
    fn a_blob_streamed_counts_as_the_blob_held_whole() {
        let (dir, blobs) = packed_files();
        let repo = gix::open(dir.path()).unwrap();
        let packs = Packs::open(&repo);
        let (mut whole, mut streaming) = (BlobReader::new(&packs), BlobReader::streaming_all(&packs));
        let limited = ReadRules { max_size: Some(100), ..ReadRules::default() };
        for rules in [ReadRules::default(), limited] {
            for &(name, id) in &blobs {
                let place = packs.locate(&id).expect("packed");
                assert_eq!(whole.too_large_to_hold(place), None, "{name}");
                // Stored whole, all but the empty blob (no byte is too many) are streamed.
                let streamed = streaming.too_large_to_hold(place);
                assert_eq!(streamed.is_some(), name != "empty.rs", "{name}");
                let key = (id, detect_by_name(name.as_bytes()));
                let held = count_blob(&repo, (key, Some(place)), &mut whole, &rules);
                assert_eq!(count_blob(&repo, (key, Some(place)), &mut streaming, &rules), held, "{name}");
                let bytes = repo.find_blob(id).unwrap().data.clone();
                let in_memory = MemoryReader.count(key.1, &bytes, &rules);
                assert_eq!(BlobOutcome::from_outcome(in_memory), held, "{name}");
                if let Some((stream, size)) = streamed {
                    let outcome = BlobOutcome::from_outcome(count_streamed(stream, size, key.1, &rules));
                    assert_eq!(outcome, held, "{name}");
                }
            }
        }
        assert!(whole.held() > 2 * CHUNK, "{}", whole.held());
        assert_eq!(streaming.held(), 0, "a blob to stream was inflated whole");
    }

    /// A stream cut short (the slice a pack gives runs to the pack's end), one that inflates to
    /// fewer bytes than the pack says, or one that is not zlib, is a failure.
    #[test]
    fn a_stream_that_ends_short_fails() {
        let (dir, blobs) = packed_files();
        let repo = gix::open(dir.path()).unwrap();
        let packs = Packs::open(&repo);
        let streaming = BlobReader::streaming_all(&packs);
        let (name, id) = blobs[0];
        let (stream, size) = streaming.too_large_to_hold(packs.locate(&id).unwrap()).unwrap();
        let language = detect_by_name(name.as_bytes());
        let rules = ReadRules::default();
        for outcome in [
            count_streamed(&stream[..20], size, language, &rules),
            count_streamed(stream, size + 1, language, &rules),
            count_streamed(&[0x78, 0x9c, 0xff, 0xff], size, language, &rules),
        ] {
            assert!(matches!(outcome, Outcome::Failed(_)), "{outcome:?}");
        }
    }
}
