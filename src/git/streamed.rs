//! Large blobs counted as they are inflated, a chunk at a time, as the plain reader counts a file:
//! memory stays at one read buffer whatever the blob's size. Inflated whole, a 3 GB SQL dump in a
//! tree took 3 GB on each thread that met one (zero-filled first), where its checkout is read 64
//! KiB at a time. Blobs stored whole in a pack or loose are streamed: git stores a file above its
//! `core.bigFileThreshold` (512 MiB) whole, and never as a delta, which needs its base in memory.

use std::fs::File;
use std::io::{BufRead, BufReader, Seek};

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

/// Counts the blob `stream` holds, as [`crate::io::MemoryReader`] counts its bytes held whole. A
/// stream that is corrupt, or that ends before the blob's size, is a failure.
fn count_streamed(mut stream: BlobStream<impl BufRead>, language: NameMatch, rules: &ReadRules) -> Outcome {
    let mut buf = vec![0u8; CHUNK + MAX_TOKEN];
    let mut progress = FileProgress::new(language);
    let mut carry = 0;
    loop {
        let read = match stream.fill(&mut buf[carry..carry + CHUNK]) {
            Ok(read) => read,
            Err(why) => return Outcome::Failed(std::io::Error::other(why)),
        };
        match progress.on_read(&mut buf, carry, read, read < CHUNK, rules) {
            Step::More { carry: left } => carry = left,
            Step::Done(outcome) => return outcome,
        }
    }
}

/// A blob to count as it is inflated: stored whole in a pack, or loose.
pub enum Streamed<'p> {
    Packed(BlobStream<&'p [u8]>),
    Loose(BlobStream<BufReader<File>>),
}

impl Streamed<'_> {
    /// [`count_streamed`] of the blob.
    pub fn count(self, language: NameMatch, rules: &ReadRules) -> Outcome {
        match self {
            Streamed::Packed(stream) => count_streamed(stream, language, rules),
            Streamed::Loose(stream) => count_streamed(stream, language, rules),
        }
    }
}

/// A blob's zlib stream read from `source`, inflated in steps.
pub struct BlobStream<R> {
    state: Decompress,
    source: R,
    /// Bytes of the blob not inflated yet.
    left: usize,
}

impl<'s> BlobStream<&'s [u8]> {
    /// The blob of `size` bytes stored whole in a pack, whose stream starts `stream`.
    pub fn packed(stream: &'s [u8], size: usize) -> BlobStream<&'s [u8]> {
        BlobStream { state: Decompress::new(), source: stream, left: size }
    }
}

impl BlobStream<BufReader<File>> {
    /// The loose blob of `size` bytes in `file`, whose inflated stream starts with the object's
    /// header, `header_len` bytes (`blob SIZE\0`, read by [`super::loose`]): the stream past it.
    /// `None` where the file does not read again as it did.
    pub fn loose(mut file: File, header_len: usize, size: usize) -> Option<BlobStream<BufReader<File>>> {
        file.rewind().ok()?;
        let mut stream =
            BlobStream { state: Decompress::new(), source: BufReader::new(file), left: header_len };
        stream.fill(&mut vec![0; header_len]).ok()?;
        stream.left = size;
        Some(stream)
    }
}

impl<R: BufRead> BlobStream<R> {
    /// Fills `out` with the blob's next bytes, as `read` fills a buffer: short only at its end.
    fn fill(&mut self, out: &mut [u8]) -> Result<usize, String> {
        let want = out.len().min(self.left);
        let mut written = 0;
        while written < want {
            let input = self.source.fill_buf().map_err(|e| format!("reading a blob: {e}"))?;
            let (in_before, out_before) = (self.state.total_in(), self.state.total_out());
            let status = self
                .state
                .decompress(input, &mut out[written..want], FlushDecompress::None)
                .map_err(|e| format!("inflating a blob: {e}"))?;
            let consumed = (self.state.total_in() - in_before) as usize;
            let made = (self.state.total_out() - out_before) as usize;
            self.source.consume(consumed);
            written += made;
            let stuck = made == 0 && consumed == 0;
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
    use super::*;
    use gix::ObjectId;

    use crate::git::blobs::{count_blob, BlobOutcome};
    use crate::git::packed::BlobReader;
    use crate::git::test_git::{git, opened};
    use crate::io::MemoryReader;
    use crate::lang::detect_by_name;
    use crate::stats::{Clock, WorkerStats};

    /// Files whose lines, comments and strings cross chunk boundaries, one exactly two chunks
    /// long (its last read is empty), a UTF-16 one, a binary one, an empty one; committed loose.
    fn committed_files() -> (tempfile::TempDir, Vec<(&'static str, ObjectId)>) {
        let dir = tempfile::tempdir().unwrap();
        git(dir.path(), &["init", "-q"]);
        let c = "int main(void) {\n  /* a\n  comment */ return \"s // t\"; // x\n}\n\n";
        let wide = c.repeat(2000).encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<_>>();
        let files: Vec<(&str, Vec<u8>)> = vec![
            ("big.c", c.repeat(5000).into_bytes()),
            ("exact.rs", "// r\nfn f() {}\n".bytes().cycle().take(2 * CHUNK).collect()),
            ("script.py", "x = '''doc\n\n'''  # c\n".repeat(9000).into_bytes()),
            ("wide.c", [&[0xFF, 0xFE][..], &wide].concat()),
            ("bin.c", b"int\0binary;\n".repeat(10).to_vec()),
            ("empty.rs", Vec::new()),
        ];
        for (name, body) in &files {
            std::fs::write(dir.path().join(name), body).unwrap();
        }
        git(dir.path(), &["add", "-A"]);
        git(dir.path(), &["commit", "-q", "-m", "files"]);
        let id = |name: &str| git(dir.path(), &["rev-parse", &format!("HEAD:{name}")]);
        let ids =
            files.iter().map(|(name, _)| (*name, ObjectId::from_hex(id(name).trim().as_bytes()).unwrap()));
        let ids = ids.collect();
        (dir, ids)
    }

    /// Every blob, loose and then packed, counted as it is inflated gets the outcome it gets
    /// inflated whole, through `count_blob`, which streams a blob only where its reader says it
    /// is too large to hold: all but the empty one here (no byte is too many), none by default.
    #[test]
    fn a_blob_streamed_counts_as_the_blob_held_whole() {
        let (dir, blobs) = committed_files();
        for packed in [false, true] {
            if packed {
                git(dir.path(), &["gc", "-q", "--prune=now"]);
            }
            let (repo, packs) = opened(dir.path());
            let (mut whole, mut streaming) = (BlobReader::new(&packs), BlobReader::streaming_all(&packs));
            let limited = ReadRules { max_size: Some(100), ..ReadRules::default() };
            for rules in [ReadRules::default(), limited] {
                for &(name, id) in &blobs {
                    let place = packs.locate(&id);
                    assert_eq!(place.is_some(), packed, "{name}");
                    let key = ((id, detect_by_name(name.as_bytes())), place);
                    let mut stats = WorkerStats::default();
                    let held = count_blob(&repo, key, &mut whole, (&rules, Clock::default()), &mut stats);
                    // Timed, the same outcome.
                    let timed = (&rules, Clock { on: true });
                    assert_eq!(count_blob(&repo, key, &mut streaming, timed, &mut stats), held, "{name}");
                    let bytes = repo.find_blob(id).unwrap().data.clone();
                    let in_memory = MemoryReader.count(key.0 .1, &bytes, &rules);
                    assert_eq!(BlobOutcome::from_outcome(in_memory), held, "{name}");
                }
            }
            assert_eq!((whole.streamed, streaming.streamed), (0, 2 * (blobs.len() - 1)), "packed: {packed}");
        }
    }

    /// A stream cut short (a pack's slice runs to the pack's end, so only a cut makes one), one
    /// that inflates to fewer bytes than its header says, and one that is no zlib fail.
    #[test]
    fn a_stream_that_ends_short_fails() {
        let text = "int x; // c\n".repeat(20_000).into_bytes();
        let mut compressor = libdeflater::Compressor::new(libdeflater::CompressionLvl::default());
        let mut zlib = vec![0; compressor.zlib_compress_bound(text.len())];
        let len = compressor.zlib_compress(&text, &mut zlib).unwrap();
        zlib.truncate(len);
        let (c, rules, size) = (detect_by_name(b"a.c"), ReadRules::default(), text.len());
        let whole = count_streamed(BlobStream::packed(&zlib, size), c, &rules);
        assert_eq!(
            BlobOutcome::from_outcome(whole),
            BlobOutcome::from_outcome(MemoryReader.count(c, &text, &rules))
        );
        for (stream, size) in
            [(&zlib[..zlib.len() / 2], size), (&zlib[..], size + 1), (&[0x78, 0x9c, 0xff, 0xff][..], size)]
        {
            let outcome = count_streamed(BlobStream::packed(stream, size), c, &rules);
            assert!(matches!(outcome, Outcome::Failed(_)), "{outcome:?}");
        }
    }
}
