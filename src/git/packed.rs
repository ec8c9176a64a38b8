//! Blobs read straight from the repository's pack files: stored whole, inflated by libdeflate in
//! one call into a buffer kept from blob to blob; stored as a delta on another object (git's
//! `OFS_DELTA`, and `REF_DELTA`, which names its base by id: packs fetched as thin packs hold
//! them), the delta applied to its base, which is kept for the next delta on it. gix, the twin
//! that reads what this and [`super::loose`] cannot (packs that do not open, corrupt objects),
//! inflates in steps into a buffer zero-filled for each object, and keeps only the objects it
//! resolved from deltas, never their whole bases: a base shared by a hundred deltas (one license
//! text in a hundred crates) was inflated a hundred times. Blobs are located up front, so that
//! they can be read in pack order, bases before the deltas on them.

use std::collections::VecDeque;
use std::ffi::OsStr;
use std::fmt::Display;
use std::path::PathBuf;
use std::rc::Rc;

use gix::object::Kind;
use gix::odb::pack::data::entry::Header;
use gix::odb::pack::data::Entry;
use gix::odb::pack::Bundle;
use gix::ObjectId;
use libdeflater::Decompressor;

use super::delta::{apply, sized};
use super::loose::{can_inflate_to, Loose, LooseReader};
use super::streamed::{BlobStream, Streamed, STREAMED_ABOVE};
use super::{FastMap, ObjectStore};

/// Where an object lies: which pack, and the offset of its entry there.
pub type Place = (u32, u64);

/// Bytes of delta bases a reader keeps (the oldest are let go first; the newest is kept whatever
/// its size, as the base of the next delta in a chain). Blobs are read in pack order, where git
/// writes a base just before the deltas on it: on a history of 231 crates (`benches/git-repo.sh`)
/// `--rev HEAD` decodes 1,090 bases of 19 MB and finds 658 of them again kept, alike with 64 MiB
/// kept or 1 MiB. Memory let go is handed out again by the allocator, where a base in new memory
/// costs a page fault every 4 KiB: 64 MiB kept took 7,600 faults, 2 MiB 4,300.
const KEPT_BYTES: usize = 2 << 20;

/// The longest chain of deltas decoded here; a longer one is gix's. git writes chains of at most
/// 4,095 (`pack.depth`); a corrupt pack whose deltas on bases named by id form a cycle would
/// otherwise recurse until the stack overflows.
const MAX_DELTA_DEPTH: usize = 5000;

/// The repository's packs, opened once and read from every thread.
#[derive(Default)]
pub struct Packs {
    bundles: Vec<Bundle>,
    /// Where loose objects are: the repository's `objects` directory, then its alternates.
    object_dirs: Vec<PathBuf>,
    /// A pack came from a promisor remote: the repository is a partial clone (`git clone
    /// --filter=blob:none`), which lacks the objects git has not needed yet.
    partial_clone: bool,
    /// Objects replaced (`git replace`: `refs/replace/<id>` names the object read in place of
    /// `<id>`), as gix found them: none where `core.useReplaceRefs` is false or
    /// `GIT_NO_REPLACE_OBJECTS` is set, as git reads them.
    replaced: FastMap<ObjectId, ObjectId>,
}

impl Packs {
    /// The packs in `objects/pack` of the repository's common directory and of the object
    /// directories it borrows from (`objects/info/alternates`: `git clone --shared` or
    /// `--reference`, GitLab's fork pools), where a shared clone keeps nearly all its objects:
    /// read by gix, its `--rev HEAD` took 1.6x a plain clone's. A pack that does not open, and
    /// alternates that do not resolve, are left to gix, which reads them or says what is wrong.
    pub fn open(repo: &gix::Repository) -> Packs {
        let objects = repo.common_dir().join("objects");
        let here = std::env::current_dir().unwrap_or_default();
        let alternates = gix::odb::alternate::resolve(objects.clone(), &here).unwrap_or_default();
        let object_dirs: Vec<PathBuf> = std::iter::once(objects).chain(alternates).collect();
        let replaced = match repo.objects.ignore_replacements {
            true => FastMap::default(),
            false => repo.objects.store_ref().replacements().collect(),
        };
        let mut packs = Packs { object_dirs, replaced, ..Packs::default() };
        let hash = repo.object_hash();
        for dir in &packs.object_dirs {
            let Ok(entries) = std::fs::read_dir(dir.join("pack")) else { continue };
            let files: Vec<PathBuf> = entries.filter_map(|e| plain_file(&e.ok()?)).collect();
            packs.partial_clone |= files.iter().any(|p| p.extension() == Some(OsStr::new("promisor")));
            let mut indices: Vec<&PathBuf> =
                files.iter().filter(|p| p.extension() == Some(OsStr::new("idx"))).collect();
            indices.sort();
            packs.bundles.extend(indices.iter().filter_map(|idx| Bundle::at(idx, hash).ok()));
        }
        packs
    }

    /// The object read in place of `id`: its replacement, where `git replace` made one.
    pub(crate) fn replaced(&self, id: ObjectId) -> ObjectId {
        self.replaced.get(&id).copied().unwrap_or(id)
    }

    /// Why `handle` did not give the object `id` of `kind`: in a partial clone, that it was
    /// never fetched, where gix only says it could not be found.
    fn why_missing(
        &self,
        handle: &gix::Repository,
        (kind, id): (Kind, ObjectId),
        error: impl Display,
    ) -> String {
        if self.never_fetched(handle, id) {
            return format!(
                "{kind} {id} is missing: the repository is a partial clone, which fetches objects only when \
                 git needs them (`git backfill` fetches a blobless clone's blobs)"
            );
        }
        format!("{kind} {id}: {error}")
    }

    /// Whether `id` is an object this partial clone has not fetched (yet), as `handle` finds none.
    pub(crate) fn never_fetched(&self, handle: &gix::Repository, id: ObjectId) -> bool {
        self.partial_clone && !handle.has_object(id)
    }

    /// Where `id` is packed; `None` for a loose object (or one only gix can find).
    pub fn locate(&self, id: &ObjectId) -> Option<Place> {
        self.bundles.iter().zip(0..).find_map(|(bundle, n)| {
            let at = bundle.index.lookup(id)?;
            Some((n, bundle.index.pack_offset_at_index(at)))
        })
    }
}

/// The path of `entry` where it is a file (a link followed): a FIFO named like a pack index would
/// hang its opening, waiting for a writer.
fn plain_file(entry: &std::fs::DirEntry) -> Option<PathBuf> {
    let path = entry.path();
    let kind = entry.file_type().ok()?;
    let file = kind.is_file() || kind.is_symlink() && std::fs::metadata(&path).is_ok_and(|m| m.is_file());
    file.then_some(path)
}

/// Delta bases decoded so far, by place, up to `limit` bytes ([`KEPT_BYTES`] but in tests).
struct Kept {
    objects: FastMap<Place, Rc<Vec<u8>>>,
    order: VecDeque<Place>,
    bytes: usize,
    limit: usize,
}

impl Kept {
    fn keep(&mut self, place: Place, object: Rc<Vec<u8>>) {
        self.bytes += object.len();
        self.objects.insert(place, object);
        self.order.push_back(place);
        while self.bytes > self.limit && self.order.len() > 1 {
            let Some(oldest) = self.order.pop_front() else { break };
            self.bytes -= self.objects.remove(&oldest).map_or(0, |o| o.len());
        }
    }
}

/// Where [`BlobReader`] found an object.
enum Found<'p> {
    /// Decoded into the reader's buffer, at this range.
    Held(std::ops::Range<usize>),
    /// Kept as a delta base.
    Kept(Place),
    /// A blob stored whole, too large to hold: its stream, to count as it is inflated.
    Streamed(Streamed<'p>),
}

/// One thread's blob reader: the packs first, then loose files, gix for what they cannot give.
pub struct BlobReader<'p> {
    packs: &'p Packs,
    inflater: Decompressor,
    /// The blob handed out, at its front.
    buf: Vec<u8>,
    /// A delta's instructions, inflated.
    delta: Vec<u8>,
    kept: Kept,
    /// Bases being decoded, one inside another, and how many may be ([`MAX_DELTA_DEPTH`] but in
    /// tests).
    depth: usize,
    max_depth: usize,
    loose: LooseReader,
    /// Blobs stored whole and larger than this are streamed ([`super::streamed`]).
    streamed_above: usize,
    /// Blobs handed out to be streamed, for tests that check they were.
    #[cfg(test)]
    pub(super) streamed: usize,
}

impl<'p> BlobReader<'p> {
    pub fn new(packs: &'p Packs) -> BlobReader<'p> {
        BlobReader::keeping(packs, KEPT_BYTES)
    }

    fn keeping(packs: &'p Packs, limit: usize) -> BlobReader<'p> {
        let kept = Kept { objects: FastMap::default(), order: VecDeque::new(), bytes: 0, limit };
        let (inflater, streamed_above) = (Decompressor::new(), STREAMED_ABOVE);
        BlobReader {
            packs,
            inflater,
            buf: Vec::new(),
            delta: Vec::new(),
            kept,
            depth: 0,
            max_depth: MAX_DELTA_DEPTH,
            loose: LooseReader::new(),
            streamed_above,
            #[cfg(test)]
            streamed: 0,
        }
    }

    /// A reader that streams every blob stored whole, for tests of the streamed count.
    #[cfg(test)]
    pub(super) fn streaming_all(packs: &'p Packs) -> BlobReader<'p> {
        BlobReader { streamed_above: 0, ..BlobReader::new(packs) }
    }

    /// Where `id` is packed (see [`Packs::locate`]).
    pub fn locate(&self, id: &ObjectId) -> Option<Place> {
        self.packs.locate(id)
    }

    /// Hands the blob `id` (found at `place`, if packed) to `use_it`.
    pub fn with_blob<R>(
        &mut self,
        handle: &impl ObjectStore,
        (id, place): (ObjectId, Option<Place>),
        use_it: impl FnOnce(&[u8]) -> R,
    ) -> Result<R, String> {
        self.with_object(handle, (id, place), Kind::Blob, use_it, None::<fn(Streamed<'p>) -> R>)
    }

    /// Hands the blob `id` (found at `place`, if packed) to `held`, or, where it is stored whole
    /// (in a pack or loose) and too large to inflate whole ([`super::streamed`]), to `streamed` as
    /// a stream to count as it is inflated.
    pub fn with_blob_or_stream<R>(
        &mut self,
        handle: &impl ObjectStore,
        (id, place): (ObjectId, Option<Place>),
        held: impl FnOnce(&[u8]) -> R,
        streamed: impl FnOnce(Streamed<'p>) -> R,
    ) -> Result<R, String> {
        self.with_object(handle, (id, place), Kind::Blob, held, Some(streamed))
    }

    /// Hands the tree `id` to `use_it`, as its bytes: trees are read in the order they are
    /// listed, so they are located one by one.
    pub fn with_tree<R>(
        &mut self,
        handle: &impl ObjectStore,
        id: ObjectId,
        use_it: impl FnOnce(&[u8]) -> R,
    ) -> Result<R, String> {
        let place = self.packs.locate(&id);
        self.with_object(handle, (id, place), Kind::Tree, use_it, None::<fn(Streamed<'p>) -> R>)
    }

    /// The object from its pack, or its loose file, or else from gix.
    fn with_object<R>(
        &mut self,
        handle: &impl ObjectStore,
        (id, place): (ObjectId, Option<Place>),
        kind: Kind,
        held: impl FnOnce(&[u8]) -> R,
        streamed: Option<impl FnOnce(Streamed<'p>) -> R>,
    ) -> Result<R, String> {
        let hold_at_most = if streamed.is_some() { self.streamed_above } else { usize::MAX };
        let mut buf = std::mem::take(&mut self.buf);
        let found = match place {
            Some(place) => self.packed(place, kind, hold_at_most, &mut buf),
            None => {
                let at = (self.packs.object_dirs.as_slice(), &id);
                let loose = self.loose.read(at, (kind, hold_at_most), &mut self.inflater, &mut buf);
                loose.and_then(|loose| match loose {
                    Loose::Held(range) => Some(Found::Held(range)),
                    Loose::TooLarge { file, header_len, size } => {
                        Some(Found::Streamed(Streamed::Loose(BlobStream::loose(file, header_len, size)?)))
                    }
                })
            }
        };
        self.buf = buf;
        match (found, streamed) {
            (Some(Found::Held(range)), _) => return Ok(held(&self.buf[range])),
            (Some(Found::Kept(place)), _) => return Ok(held(&self.kept.objects[&place][..])),
            (Some(Found::Streamed(stream)), Some(streamed)) => {
                #[cfg(test)]
                {
                    self.streamed += 1;
                }
                return Ok(streamed(stream));
            }
            _ => {}
        }
        let handle = handle.handle().map_err(|e| format!("{kind} {id}: {e}"))?;
        let object = handle.find_object(id).map_err(|e| self.packs.why_missing(handle, (kind, id), e))?;
        if object.kind != kind {
            return Err(format!("{kind} {id}: the object is a {}", object.kind));
        }
        Ok(held(&object.data))
    }

    /// The object of `kind` at `place`: kept, decoded into `out`, or a blob stored whole and
    /// larger than `hold_at_most`, as a stream. `None` where gix has to read it (see
    /// [`Self::decode`]).
    fn packed(
        &mut self,
        place: Place,
        kind: Kind,
        hold_at_most: usize,
        out: &mut Vec<u8>,
    ) -> Option<Found<'p>> {
        if self.kept.objects.contains_key(&place) {
            return Some(Found::Kept(place));
        }
        let entry = self.packs.bundles.get(place.0 as usize)?.pack.entry(place.1).ok()?;
        let stored_whole = entry.header.as_kind() == Some(kind);
        if kind == Kind::Blob && stored_whole && entry.decompressed_size > hold_at_most as u64 {
            let size = usize::try_from(entry.decompressed_size).ok()?;
            let stream = BlobStream::packed(self.entry_stream(place, &entry)?, size);
            return Some(Found::Streamed(Streamed::Packed(stream)));
        }
        Some(Found::Held(0..self.decode_entry(place, entry, out, kind)?))
    }

    /// The zlib stream of `entry`, read at `place`. It is sliced to the pack's end: the stream
    /// ends where its Adler-32 says, and libdeflate reads no further than that.
    fn entry_stream(&self, place: Place, entry: &Entry) -> Option<&'p [u8]> {
        let packs: &'p Packs = self.packs;
        let pack = &packs.bundles.get(place.0 as usize)?.pack;
        pack.entry_slice(entry.data_offset..pack.pack_end() as u64)
    }

    /// Decodes the object of `kind` at `place` (stored whole, or as deltas on an object stored
    /// whole) into the front of `out`; says how long it is. `None` where gix has to: a delta on a
    /// base in no pack, an object of another kind, a chain of deltas longer than
    /// [`MAX_DELTA_DEPTH`], or one that does not decode to the size its header gives (gix says
    /// what is wrong with it).
    fn decode(&mut self, place: Place, out: &mut Vec<u8>, kind: Kind) -> Option<usize> {
        let entry = self.packs.bundles.get(place.0 as usize)?.pack.entry(place.1).ok()?;
        self.decode_entry(place, entry, out, kind)
    }

    /// [`Self::decode`] of the `entry` read at `place`.
    fn decode_entry(&mut self, place: Place, entry: Entry, out: &mut Vec<u8>, kind: Kind) -> Option<usize> {
        let size = usize::try_from(entry.decompressed_size).ok()?;
        let stream = self.entry_stream(place, &entry)?;
        if !can_inflate_to(stream.len(), size) {
            return None;
        }
        match entry.header {
            header if header.as_kind() == Some(kind) => inflate(&mut self.inflater, stream, sized(out, size)),
            Header::OfsDelta { base_distance } => {
                let base = (place.0, entry.checked_base_pack_offset(base_distance)?);
                self.apply_delta(base, (stream, size), kind, out)
            }
            Header::RefDelta { base_id } => {
                self.apply_delta(self.packs.locate(&base_id)?, (stream, size), kind, out)
            }
            _ => None,
        }
    }

    /// Decodes the delta whose `stream` inflates to `size` bytes on the base at `place` into the
    /// front of `out`; says how long the object is.
    fn apply_delta(
        &mut self,
        place: Place,
        (stream, size): (&[u8], usize),
        kind: Kind,
        out: &mut Vec<u8>,
    ) -> Option<usize> {
        let base = self.base(place, kind)?;
        inflate(&mut self.inflater, stream, sized(&mut self.delta, size))?;
        apply(&base, &self.delta[..size], out)
    }

    /// The delta base at `place`, kept once decoded: the next delta on it is likely near. It is
    /// kept as the buffer it was decoded into; an `Rc<[u8]>` would copy it.
    fn base(&mut self, place: Place, kind: Kind) -> Option<Rc<Vec<u8>>> {
        if let Some(kept) = self.kept.objects.get(&place) {
            return Some(Rc::clone(kept));
        }
        if self.depth == self.max_depth {
            return None;
        }
        let mut out = Vec::new();
        self.depth += 1;
        let len = self.decode(place, &mut out, kind);
        self.depth -= 1;
        out.truncate(len?);
        let object = Rc::new(out);
        self.kept.keep(place, Rc::clone(&object));
        Some(object)
    }
}

/// Inflates `stream` into `out`, which must be filled exactly; says how long it is.
fn inflate(inflater: &mut Decompressor, stream: &[u8], out: &mut [u8]) -> Option<usize> {
    let len = out.len();
    (inflater.zlib_decompress(stream, out).ok()? == len).then_some(len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::git::test_git::{git, opened, store_that_cannot_open};
    use crate::git::Store;

    /// A packed repository whose older versions of a file are deltas of the newer ones.
    fn packed_repo() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        git(dir.path(), &["init", "-q"]);
        let mut text = String::new();
        for i in 0..40 {
            text += &format!("fn f{i}() {{ let x = {i}; }}\n").repeat(30);
            std::fs::write(dir.path().join("grows.rs"), &text).unwrap();
            std::fs::write(dir.path().join(format!("f{i}.c")), format!("int v{i};\n").repeat(i)).unwrap();
            git(dir.path(), &["add", "-A"]);
            git(dir.path(), &["commit", "-q", "-m", &i.to_string()]);
        }
        git(dir.path(), &["gc", "-q", "--aggressive", "--prune=now"]);
        dir
    }

    /// A pack entry whose header names a size its stream cannot inflate to is left to gix, not
    /// allocated for (a corrupt size of 10^15 bytes aborted the run).
    #[test]
    fn a_size_no_stream_can_hold_is_not_allocated() {
        let dir = packed_repo();
        let (_repo, packs) = opened(dir.path());
        let mut reader = BlobReader::new(&packs);
        let id = git(dir.path(), &["rev-parse", "HEAD:grows.rs"]);
        let place = packs.locate(&ObjectId::from_hex(id.trim().as_bytes()).unwrap()).unwrap();
        let entry = packs.bundles[place.0 as usize].pack.entry(place.1).unwrap();
        let mut out = Vec::new();
        assert!(reader.decode_entry(place, entry.clone(), &mut out, Kind::Blob).is_some());
        let lie = Entry { decompressed_size: 1_000_000_000_000_000, ..entry };
        assert_eq!(reader.decode_entry(place, lie, &mut out, Kind::Blob), None);
    }

    #[test]
    fn packed_blobs_and_deltas_read_as_gix_reads_them() {
        let dir = packed_repo();
        let (repo, packs) = opened(dir.path());
        let mut reader = BlobReader::new(&packs);
        // Keeping only the newest base, a delta whose base was let go decodes it again.
        let mut forgetful = BlobReader::keeping(&packs, 0);
        let (mut blobs, mut deltas) = (0, 0);
        for line in git(dir.path(), &["rev-list", "--objects", "--all"]).lines() {
            let id = ObjectId::from_hex(&line.as_bytes()[..40]).unwrap();
            let place = packs.locate(&id).expect("every object is packed");
            let Ok(blob) = repo.find_blob(id) else { continue };
            let mut out = Vec::new();
            let len = reader.decode(place, &mut out, Kind::Blob).expect("read from the pack");
            assert_eq!(&out[..len], &blob.data[..], "{id}");
            let len = forgetful.decode(place, &mut out, Kind::Blob).expect("read again");
            assert_eq!(&out[..len], &blob.data[..], "{id}, bases not kept");
            assert_eq!(reader.with_blob(&repo, (id, Some(place)), <[u8]>::to_vec), Ok(blob.data.clone()));
            assert_eq!(reader.with_blob(&repo, (id, None), <[u8]>::to_vec), Ok(blob.data.clone()));
            blobs += 1;
            deltas +=
                usize::from(packs.bundles[place.0 as usize].pack.entry(place.1).unwrap().header.is_delta());
        }
        assert!(blobs >= 80 && deltas > 10, "{blobs} blobs, {deltas} of them deltas");
    }

    /// Every object of a repository reads with a store that cannot open, packed whole, as a delta
    /// on a base at an offset or named by id (`repack.useDeltaBaseOffset=false`), or loose; a
    /// delta past the chain a reader decodes is gix's, read once the store opens.
    #[test]
    fn a_store_opens_only_for_objects_the_packs_and_loose_files_do_not_give() {
        let dir = packed_repo();
        let nowhere = store_that_cannot_open();
        std::fs::write(dir.path().join("new.c"), "int loose;\n").unwrap();
        let loose = git(dir.path(), &["hash-object", "-w", "new.c"]);
        let loose = ObjectId::from_hex(loose.trim().as_bytes()).unwrap();
        for by_offset in [true, false] {
            let config = format!("repack.useDeltaBaseOffset={by_offset}");
            git(dir.path(), &["-c", &config, "repack", "-q", "-a", "-d", "-f"]);
            let (repo, packs) = opened(dir.path());
            let store = Store::at(repo.git_dir());
            let mut reader = BlobReader::new(&packs);
            let mut no_deltas = BlobReader { max_depth: 0, ..BlobReader::new(&packs) };
            let mut deltas = 0;
            for line in git(dir.path(), &["rev-list", "--objects", "--all"]).lines() {
                let id = ObjectId::from_hex(&line.as_bytes()[..40]).unwrap();
                let Ok(blob) = repo.find_blob(id) else { continue };
                let place = packs.locate(&id).expect("packed");
                let read = reader.with_blob(&nowhere, (id, Some(place)), <[u8]>::to_vec);
                assert_eq!(read, Ok(blob.data.clone()), "{id}");
                let header = packs.bundles[place.0 as usize].pack.entry(place.1).unwrap().header;
                let is_delta =
                    if by_offset { header.is_delta() } else { matches!(header, Header::RefDelta { .. }) };
                assert_eq!(header.is_delta(), is_delta, "{id}: {header:?}");
                deltas += usize::from(is_delta);
                let undecoded = no_deltas.with_blob(&nowhere, (id, Some(place)), <[u8]>::to_vec);
                assert_eq!(undecoded.is_err(), is_delta, "{id}");
                let by_gix = no_deltas.with_blob(&store, (id, Some(place)), <[u8]>::to_vec);
                assert_eq!(by_gix, Ok(blob.data.clone()), "{id}");
            }
            assert!(deltas > 10, "{deltas} deltas, by offset: {by_offset}");
            assert_eq!(
                reader.with_blob(&nowhere, (loose, None), <[u8]>::to_vec),
                Ok(b"int loose;\n".to_vec())
            );
        }
    }

    /// A clone that borrows its objects (`git clone --shared`) reads them from the packs and
    /// loose files of the repository it borrows from, with a store that cannot open.
    #[test]
    fn a_shared_clone_reads_the_objects_it_borrows() {
        let dir = packed_repo();
        std::fs::write(dir.path().join("new.c"), "int loose;\n").unwrap();
        let loose = git(dir.path(), &["hash-object", "-w", "new.c"]);
        let loose = ObjectId::from_hex(loose.trim().as_bytes()).unwrap();
        let shared = tempfile::tempdir().unwrap();
        let source = dir.path().to_str().unwrap();
        git(shared.path(), &["clone", "-q", "--shared", "--no-checkout", source, "."]);
        let (repo, packs) = opened(shared.path());
        assert!(!packs.bundles.is_empty() && packs.object_dirs.len() == 2);
        let mut reader = BlobReader::new(&packs);
        let nowhere = store_that_cannot_open();
        let mut read = 0;
        for line in git(dir.path(), &["rev-list", "--objects", "--all"]).lines() {
            let id = ObjectId::from_hex(&line.as_bytes()[..40]).unwrap();
            let Ok(blob) = repo.find_blob(id) else { continue };
            let place = packs.locate(&id).expect("in the borrowed pack");
            assert_eq!(reader.with_blob(&nowhere, (id, Some(place)), <[u8]>::to_vec), Ok(blob.data.clone()));
            read += 1;
        }
        assert!(read >= 80, "{read} blobs");
        assert_eq!(reader.with_blob(&nowhere, (loose, None), <[u8]>::to_vec), Ok(b"int loose;\n".to_vec()));
    }
}
