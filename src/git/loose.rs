//! Loose objects read by hand: the file read whole into a buffer kept from object to object, its
//! header (`blob SIZE\0`) inflated first to learn the size, then the whole object inflated by
//! libdeflate in one call. gix, the twin ([`super::packed`]'s tests), made seven system calls an
//! object where this makes three (`openat`, `read`, `close`): it looks the file up with `statx`,
//! maps it and unmaps it. On `benches/git-repo.sh`'s history unpacked, `--rev HEAD` spent
//! more time in the kernel than counting.

use std::fs::File;
use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};

use gix::object::Kind;
use gix::zlib::{Decompress, FlushDecompress};
use gix::ObjectId;
use libdeflater::Decompressor;
use rustix::fs::{Mode, OFlags};

use super::delta::sized;

/// A loose object's header, its kind, a space, its size in decimal and a NUL, is shorter than this.
const HEADER_MAX: usize = 32;

/// Bytes of a loose file read at a time; most loose objects fit in one read.
const READ_AT_ONCE: usize = 64 << 10;

/// The most bytes deflate inflates one byte of its stream to.
const DEFLATE_RATIO_MAX: u64 = 1032;

/// More than a zlib encoder writes for `size` bytes: at worst it stores them, with 5 bytes a block
/// of 64 KiB and 6 for the stream. A stream may be longer (empty blocks); gix reads those.
fn deflated_at_most(size: usize) -> usize {
    size.saturating_add(size / 16).saturating_add(64)
}

/// Whether `compressed` bytes of a zlib stream may inflate to `size` bytes: a corrupt header's
/// size is not allocated (one of 10^15 bytes aborted the run).
pub fn can_inflate_to(compressed: usize, size: usize) -> bool {
    size as u64 <= (compressed as u64).saturating_mul(DEFLATE_RATIO_MAX)
}

/// What a loose object turned out to be.
pub enum Loose {
    /// The object, inflated into the buffer handed in, at this range.
    Held(Range<usize>),
    /// A blob larger than the reader holds whole, to be streamed: its file, the length of the
    /// object's header and the blob's size.
    TooLarge { file: File, header_len: usize, size: usize },
}

/// One thread's reader of loose objects.
pub struct LooseReader {
    /// The loose file last read.
    file: Vec<u8>,
    /// Inflates a file's first bytes, the object's header.
    header: Decompress,
    path: PathBuf,
}

impl LooseReader {
    pub fn new() -> LooseReader {
        LooseReader { file: Vec::new(), header: Decompress::new(), path: PathBuf::new() }
    }

    /// The loose object `id` of `kind` in the first of `object_dirs` that has it, inflated into
    /// `out`, or [`Loose::TooLarge`] for a blob larger than `hold_at_most`. `None` where there is
    /// no such file, it is not an object of `kind`, or it does not inflate to the size its header
    /// gives: gix reads those, or says what is wrong.
    pub fn read(
        &mut self,
        (object_dirs, id): (&[PathBuf], &ObjectId),
        (kind, hold_at_most): (Kind, usize),
        inflater: &mut Decompressor,
        out: &mut Vec<u8>,
    ) -> Option<Loose> {
        let hex = id.to_hex().to_string();
        let mut file = object_dirs.iter().find_map(|dir| {
            self.path.clear();
            self.path.extend([dir, Path::new(&hex[..2]), Path::new(&hex[2..])]);
            open_object(&self.path)
        })?;
        let mut len = self.read_more(&mut file, 0)?;
        let (header_len, size) = object_header(&mut self.header, &self.file[..len], kind)?;
        if kind == Kind::Blob && size > hold_at_most {
            return Some(Loose::TooLarge { file, header_len, size });
        }
        let whole = header_len.checked_add(size)?;
        // A read that leaves the buffer short ends the file: a regular file's read is short only
        // at its end. Were it not, the stream would not inflate, and gix would read the object.
        // Nor is more read than an encoder writes for the object: whatever a huge file holds past
        // its stream is not read into memory.
        while len == self.file.len() && len <= deflated_at_most(whole) {
            len = self.read_more(&mut file, len)?;
        }
        if !can_inflate_to(len, whole) {
            return None;
        }
        let made = inflater.zlib_decompress(&self.file[..len], sized(out, whole)).ok()?;
        (made == whole).then_some(Loose::Held(header_len..whole))
    }

    /// Reads the file on from its first `len` bytes, which fill the buffer (grown first); says
    /// how many it holds now.
    fn read_more(&mut self, file: &mut File, len: usize) -> Option<usize> {
        let grown = (2 * len).max(READ_AT_ONCE);
        if self.file.len() < grown {
            self.file.resize(grown, 0);
        }
        loop {
            match file.read(&mut self.file[len..]) {
                Ok(read) => return Some(len + read),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return None,
            }
        }
    }
}

/// The file at `path`, opened so that a FIFO planted there does not wait for a writer (the run
/// hung): it reads as empty, does not inflate, and is left to gix.
fn open_object(path: &Path) -> Option<File> {
    let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC;
    Some(File::from(rustix::fs::open(path, flags, Mode::empty()).ok()?))
}

/// The length of the header that starts `file`'s object and the size it gives, where the
/// object is of `kind`.
fn object_header(inflater: &mut Decompress, file: &[u8], kind: Kind) -> Option<(usize, usize)> {
    let mut head = [0u8; HEADER_MAX];
    inflater.reset();
    inflater.decompress(file, &mut head, FlushDecompress::None).ok()?;
    let made = &head[..inflater.total_out() as usize];
    let nul = made.iter().position(|&b| b == 0)?;
    let (found, size) = std::str::from_utf8(&made[..nul]).ok()?.split_once(' ')?;
    if Kind::from_bytes(found.as_bytes()).ok()? != kind {
        return None;
    }
    Some((nul + 1, size.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use gix::object::Kind;
    use gix::ObjectId;

    use crate::git::packed::BlobReader;
    use crate::git::test_git::{git, opened, store_that_cannot_open};
    use crate::git::Store;

    /// A repository of loose objects only: a file that compresses to more than one read, one that
    /// does not compress, an empty one, in nested trees over three commits.
    fn loose_repo() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        git(dir.path(), &["init", "-q"]);
        std::fs::create_dir_all(dir.path().join("src/deep")).unwrap();
        let mut noise = 0x2545_f491_4f6c_dd1du64;
        let random: Vec<u8> = (0..300_000)
            .map(|_| {
                noise ^= noise << 13;
                noise ^= noise >> 7;
                noise ^= noise << 17;
                noise as u8
            })
            .collect();
        for round in 0..3 {
            let text = format!("fn f{round}() {{}} // {round}\n").repeat(1000 * (round + 1));
            std::fs::write(dir.path().join("src/lib.rs"), text).unwrap();
            std::fs::write(dir.path().join("src/deep/noise.bin"), &random[round * 1000..]).unwrap();
            std::fs::write(dir.path().join("src/deep/empty.c"), "").unwrap();
            git(dir.path(), &["add", "-A"]);
            git(dir.path(), &["commit", "-q", "-m", &round.to_string()]);
        }
        dir
    }

    /// Every object of a loose repository reads as gix reads it, with a store that cannot open:
    /// blobs and trees read by hand, whatever their size.
    #[test]
    fn loose_objects_read_as_gix_reads_them() {
        let dir = loose_repo();
        let (repo, packs) = opened(dir.path());
        let mut reader = BlobReader::new(&packs);
        let nowhere = store_that_cannot_open();
        let (mut blobs, mut trees, mut largest) = (0, 0, 0);
        for line in git(dir.path(), &["rev-list", "--objects", "--all"]).lines() {
            let id = ObjectId::from_hex(&line.as_bytes()[..40]).unwrap();
            let object = repo.find_object(id).unwrap();
            let read = match object.kind {
                Kind::Blob => reader.with_blob(&nowhere, (id, None), <[u8]>::to_vec),
                Kind::Tree => reader.with_tree(&nowhere, id, <[u8]>::to_vec),
                _ => continue,
            };
            assert_eq!(read, Ok(object.data.clone()), "{id}");
            (blobs, trees) = if object.kind == Kind::Blob { (blobs + 1, trees) } else { (blobs, trees + 1) };
            let hex = id.to_hex().to_string();
            let file = dir.path().join(".git/objects").join(&hex[..2]).join(&hex[2..]);
            largest = largest.max(std::fs::metadata(file).unwrap().len());
        }
        assert!(blobs >= 7 && trees >= 9, "{blobs} blobs, {trees} trees");
        assert!(largest > 2 * super::READ_AT_ONCE as u64, "the largest file is {largest} bytes");
    }

    /// A loose file far longer than its object's stream (a gigabyte of zeros after it) is read no
    /// further than an encoder could have written for the object.
    #[test]
    fn a_loose_file_is_read_no_further_than_its_stream_could_reach() {
        let dir = loose_repo();
        let id = git(dir.path(), &["rev-parse", "HEAD:src/deep/empty.c"]);
        let id = ObjectId::from_hex(id.trim().as_bytes()).unwrap();
        let hex = id.to_hex().to_string();
        let objects = dir.path().join(".git/objects");
        let file = objects.join(&hex[..2]).join(&hex[2..]);
        std::fs::set_permissions(&file, std::os::unix::fs::PermissionsExt::from_mode(0o644)).unwrap();
        std::fs::OpenOptions::new().write(true).open(&file).unwrap().set_len(1 << 30).unwrap();
        let (mut reader, mut out) = (super::LooseReader::new(), Vec::new());
        let mut inflater = libdeflater::Decompressor::new();
        let read = reader.read((&[objects], &id), (Kind::Blob, usize::MAX), &mut inflater, &mut out);
        assert!(matches!(read, Some(super::Loose::Held(ref at)) if at.is_empty()));
        assert!(reader.file.len() <= 2 * super::READ_AT_ONCE, "{} bytes read", reader.file.len());
    }

    /// A loose file asked for as another kind, cut short, or whose header names a size its
    /// stream cannot hold, is not read by hand: gix reads it and says what is wrong.
    #[test]
    fn a_loose_object_of_another_kind_or_cut_short_is_left_to_gix() {
        let dir = loose_repo();
        let (repo, packs) = opened(dir.path());
        let mut reader = BlobReader::new(&packs);
        let store = Store::at(repo.git_dir());
        let id =
            |rev: &str| ObjectId::from_hex(git(dir.path(), &["rev-parse", rev]).trim().as_bytes()).unwrap();
        let blob = id("HEAD:src/lib.rs");
        let read = reader.with_tree(&store, blob, <[u8]>::to_vec);
        assert_eq!(read, Err(format!("tree {blob}: the object is a blob")));
        let hex = blob.to_hex().to_string();
        let file = dir.path().join(".git/objects").join(&hex[..2]).join(&hex[2..]);
        let bytes = std::fs::read(&file).unwrap();
        std::fs::set_permissions(&file, std::os::unix::fs::PermissionsExt::from_mode(0o644)).unwrap();
        std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
        let read = reader.with_blob(&store, (blob, None), <[u8]>::to_vec);
        assert!(read.as_ref().is_err_and(|e| e.starts_with(&format!("blob {blob}: "))), "{read:?}");
        // A header claiming more than its stream can inflate to is not allocated for.
        let mut deflater = libdeflater::Compressor::new(libdeflater::CompressionLvl::default());
        let lie = b"blob 999999999999999\0int a;\n";
        let mut stream = vec![0; deflater.zlib_compress_bound(lie.len())];
        let len = deflater.zlib_compress(lie, &mut stream).unwrap();
        std::fs::write(&file, &stream[..len]).unwrap();
        let read = reader.with_blob(&store, (blob, None), <[u8]>::to_vec);
        assert!(read.as_ref().is_err_and(|e| e.starts_with(&format!("blob {blob}: "))), "{read:?}");
    }
}
