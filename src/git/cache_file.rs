//! `history --cache FILE`: a [`BlobCache`]'s outcomes kept in a file between runs, so a second
//! history, or a longer one, counts only the blobs no earlier run met.
//!
//! The file is four lines: `ringloc blob cache FORMAT`, `key KEY`, `sha1 SUM` and the entries as
//! one JSON array. KEY is a hash of what decides a blob's outcome besides its bytes and name (the
//! ringloc version, a fingerprint of its sources and language table, the languages defined at run
//! time, the read rules); SUM is the
//! SHA-1 of the entries' line. A file of another format or key, or whose sum does not match, is
//! set aside with a note and replaced: kept counts are used only when they are exactly the counts
//! this build would give. A file that is not a cache at all is refused, never overwritten, and so
//! is a path that is no regular file (a device, a FIFO). The file is written under a temporary
//! name and renamed into place, so it is always whole.

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use gix::ObjectId;
use serde::{Deserialize, Serialize};

use super::blobs::{BlobCache, BlobOutcome};
use crate::io::ReadRules;
use crate::lang::NameMatch;

include!(concat!(env!("OUT_DIR"), "/fingerprint.rs"));

/// The first line's words; the format number follows them.
const MAGIC: &str = "ringloc blob cache ";
/// Bumped whenever the entries' layout changes.
const FORMAT: u32 = 1;

/// A cache file that cannot be used or written.
#[derive(Debug)]
pub enum CacheFileError {
    /// The file exists and is no ringloc cache: overwriting it could destroy someone's data.
    Foreign(PathBuf),
    /// The path is no regular file (a device, a FIFO, a directory): renaming a cache over
    /// `/dev/null` replaced the device, and reading a FIFO or `/dev/zero` never ended.
    NotAFile(PathBuf),
    Io(PathBuf, io::Error),
}

impl fmt::Display for CacheFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CacheFileError::Foreign(path) => {
                write!(
                    f,
                    "{}: not a ringloc blob cache (name a new file or one ringloc wrote)",
                    path.display()
                )
            }
            CacheFileError::NotAFile(path) => {
                write!(
                    f,
                    "{}: not a regular file, so no ringloc blob cache (name a new file)",
                    path.display()
                )
            }
            CacheFileError::Io(path, e) => write!(f, "cache {}: {e}", path.display()),
        }
    }
}

impl std::error::Error for CacheFileError {}

/// A cache as read back, and why its file was set aside if it was.
#[derive(Debug)]
pub struct Loaded {
    pub cache: BlobCache,
    pub note: Option<String>,
}

/// One kept outcome.
#[derive(Serialize, Deserialize)]
struct Entry {
    blob: String,
    name: NameMatch,
    outcome: BlobOutcome,
}

/// The key the file's entries are valid under, for blobs read under `rules`.
fn key(rules: &ReadRules) -> String {
    // Languages defined at run time change what a name is and how it counts, and kept entries
    // hold language ids: counts kept under other definitions (or none) are set aside.
    let defined = crate::lang::definitions();
    let text = format!("{} {SOURCE_FINGERPRINT:#x} {rules:?} {defined:?}", env!("CARGO_PKG_VERSION"));
    sha1(text.as_bytes())
}

fn sha1(bytes: &[u8]) -> String {
    let mut hasher = gix::hash::hasher(gix::hash::Kind::Sha1);
    hasher.update(bytes);
    // A collision attack could only make a checksum fail: the file is then set aside.
    hasher.try_finalize().map_or_else(|_| String::new(), |id| id.to_string())
}

/// The cache kept in `path` for blobs read under `rules`: empty when the file is missing or empty.
pub fn load(path: &Path, rules: &ReadRules) -> Result<Loaded, CacheFileError> {
    let text = read(path)?;
    let fresh = |why: &str| Loaded {
        cache: BlobCache::default(),
        note: Some(format!("cache {}: {why}; counting every blob again", path.display())),
    };
    if text.is_empty() {
        return Ok(Loaded { cache: BlobCache::default(), note: None });
    }
    let mut lines = text.splitn(4, |&b| b == b'\n');
    let format = lines.next().and_then(|l| l.strip_prefix(MAGIC.as_bytes())).unwrap_or_default();
    if format != FORMAT.to_string().as_bytes() {
        return Ok(fresh("written in another format"));
    }
    let want_key = format!("key {}", key(rules));
    if lines.next() != Some(want_key.as_bytes()) {
        return Ok(fresh("written by another ringloc build or with other counting flags"));
    }
    let sum = lines.next().and_then(|l| l.strip_prefix(b"sha1 "));
    let body = lines.next().unwrap_or_default();
    if sum != Some(sha1(body).as_bytes()) {
        return Ok(fresh("corrupt (its checksum does not match)"));
    }
    match entries(body) {
        Some(cache) => Ok(Loaded { cache, note: None }),
        None => Ok(fresh("corrupt (an entry does not read back)")),
    }
}

/// The bytes of the file at `path`: none where there is none, an error where it is no regular
/// file or does not start as a cache. It is opened without blocking (a FIFO waits for no writer)
/// and its type asked of the open descriptor, so nothing swapped in after a check is read; a file
/// is read only up to the size that descriptor gives, and past [`MAGIC`] only where it starts so,
/// so a large foreign file costs a few bytes.
fn read(path: &Path) -> Result<Vec<u8>, CacheFileError> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let failed = |e: io::Error| CacheFileError::Io(path.to_path_buf(), e);
    // Asked first by its path too, so that no device is ever opened: opening one may act (a tape
    // rewinds, a serial line hangs up).
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => return Err(CacheFileError::NotAFile(path.to_path_buf())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        _ => {}
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true).custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    let file = match options.open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(failed(e)),
    };
    let meta = file.metadata().map_err(failed)?;
    if !meta.is_file() {
        return Err(CacheFileError::NotAFile(path.to_path_buf()));
    }
    let mut file = file.take(meta.len());
    let mut text = Vec::new();
    (&mut file).take(MAGIC.len() as u64).read_to_end(&mut text).map_err(failed)?;
    if !text.is_empty() && text != MAGIC.as_bytes() {
        return Err(CacheFileError::Foreign(path.to_path_buf()));
    }
    file.read_to_end(&mut text).map_err(failed)?;
    Ok(text)
}

fn entries(body: &[u8]) -> Option<BlobCache> {
    let entries: Vec<Entry> = serde_json::from_slice(body).ok()?;
    let mut cache = BlobCache::default();
    for e in entries {
        let blob = ObjectId::from_hex(e.blob.as_bytes()).ok()?;
        cache.outcomes.insert((blob, e.name), e.outcome);
    }
    Some(cache)
}

/// Writes `cache` to `path` for blobs read under `rules`, replacing the file whole. Blobs that
/// could not be read are left out, to be tried again next time.
pub fn save(cache: &BlobCache, path: &Path, rules: &ReadRules) -> Result<(), CacheFileError> {
    let mut entries: Vec<Entry> = cache
        .outcomes
        .iter()
        .filter(|(_, outcome)| !matches!(outcome, BlobOutcome::Failed(_)))
        .map(|((blob, name), outcome)| Entry {
            blob: blob.to_string(),
            name: *name,
            outcome: outcome.clone(),
        })
        .collect();
    entries.sort_by(|a, b| a.blob.cmp(&b.blob));
    let failed = |e: io::Error| CacheFileError::Io(path.to_path_buf(), e);
    let body = serde_json::to_vec(&entries).map_err(|e| failed(e.into()))?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(failed)?;
    let out = file.as_file_mut();
    writeln!(out, "{MAGIC}{FORMAT}\nkey {}\nsha1 {}", key(rules), sha1(&body)).map_err(failed)?;
    out.write_all(&body).map_err(failed)?;
    out.sync_all().map_err(failed)?;
    file.persist(path).map_err(|e| failed(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Counts;
    use crate::lang::LangId;
    use crate::report::{CountedFile, Skip};

    fn cache() -> BlobCache {
        let c = LangId::from_name("C").unwrap();
        let counts = Counts { lines: 3, code: 2, comments: 1, blanks: 0 };
        let counted = BlobOutcome::Counted(CountedFile {
            language: c,
            bytes: 40,
            counts,
            generated: false,
            minified: true,
            embedded: vec![(c, counts)],
            complexity: None,
            uloc: None,
            digest: None,
        });
        let id = |n: u8| ObjectId::from_hex(format!("{n:040x}").as_bytes()).unwrap();
        let mut cache = BlobCache::default();
        cache.outcomes.insert((id(1), NameMatch::Known(c)), counted);
        cache.outcomes.insert((id(2), NameMatch::NeedsShebang), BlobOutcome::Skipped(Skip::Binary));
        cache.outcomes.insert((id(3), NameMatch::Known(c)), BlobOutcome::LfsPointer);
        cache.outcomes.insert((id(4), NameMatch::Known(c)), BlobOutcome::Failed("gone".into()));
        cache
    }

    #[test]
    fn outcomes_read_back_as_written_but_failures() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("blobs");
        let rules = ReadRules::default();
        save(&cache(), &path, &rules).unwrap();
        let loaded = load(&path, &rules).unwrap();
        assert!(loaded.note.is_none(), "{:?}", loaded.note);
        let mut want = cache().outcomes;
        want.retain(|_, o| !matches!(o, BlobOutcome::Failed(_)));
        assert_eq!(loaded.cache.outcomes, want);
        assert_eq!(loaded.cache.counted, 0);
    }

    #[test]
    fn other_rules_a_bad_sum_and_a_bad_entry_set_the_file_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("blobs");
        let rules = ReadRules::default();
        save(&cache(), &path, &rules).unwrap();
        let other = ReadRules { skip_generated: true, ..ReadRules::default() };
        let note = |rules: &ReadRules| {
            let loaded = load(&path, rules).unwrap();
            assert!(loaded.cache.outcomes.is_empty());
            loaded.note.unwrap()
        };
        assert!(note(&other).contains("other counting flags"));
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replacen("\"lines\":3", "\"lines\":4", 1)).unwrap();
        assert!(note(&rules).contains("checksum"));
        let body = r#"[{"blob":"1","name":"NeedsShebang","outcome":"LfsPointer"}]"#;
        let head: Vec<&str> = text.lines().take(2).collect();
        std::fs::write(&path, format!("{}\n{}\nsha1 {}\n{body}", head[0], head[1], sha1(body.as_bytes())))
            .unwrap();
        assert!(note(&rules).contains("an entry does not read back"));
    }

    #[test]
    fn a_foreign_file_is_refused_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.txt");
        std::fs::write(&path, "my notes\n").unwrap();
        assert!(matches!(load(&path, &ReadRules::default()), Err(CacheFileError::Foreign(_))));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "my notes\n");
        let missing = load(&dir.path().join("new"), &ReadRules::default()).unwrap();
        assert!(missing.cache.outcomes.is_empty() && missing.note.is_none());
    }
}
