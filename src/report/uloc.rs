//! scc's unique lines of code (`--uloc`): the distinct lines of the counted files, over the whole
//! run and per language, and its DRYness (`--dryness`), unique lines over all lines.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::BuildHasher;
use std::sync::Mutex;

use foldhash::fast::RandomState;
use foldhash::quality::FixedState;

use crate::lang::LangId;

/// Shards of the lines: the run's workers add a file's lines at once, and with one lock a worker
/// would wait for the others' files.
const SHARDS: usize = 64;

/// The distinct lines the run's workers have read, shared by them (in the read rules, behind an
/// `Arc`) and read once they have ended.
///
/// A line is kept as a 64-bit hash of its bytes, not as the bytes (scc keeps the strings): two
/// distinct lines with the same hash count once. Among 10^8 distinct lines (a few kernel trees'
/// worth) the chance that any two share a hash is about n^2 / 2^65, 3e-4; the count would then be
/// one low, where keeping the lines themselves would hold the tree's text in memory.
#[derive(Debug)]
pub struct UniqueLines {
    /// The lines, sharded by their hashes' top bits.
    shards: Vec<Mutex<Shard>>,
}

/// A shard of the run's lines: each distinct line's hash with the first language that had it,
/// and, for a line other languages have too, each other language's word (the hash and the
/// language's mix, [`in_language`]); and how many (language, line) pairs of each language it
/// holds, counted as they go in. One lookup a line where two sets, the lines' and the pairs',
/// took two: most lines belong to one language.
#[derive(Debug, Default)]
struct Shard {
    first: HashMap<u64, LangId, RandomState>,
    others: HashSet<u64, RandomState>,
    counts: BTreeMap<LangId, u64>,
}

impl Shard {
    /// Adds `language`'s lines `hashes` (distinct), each counted for the language where it is new
    /// to it.
    fn add(&mut self, language: LangId, hashes: &[u64]) {
        let mix = in_language(language);
        let mut added = 0;
        for &hash in hashes {
            let new = match self.first.entry(hash) {
                Entry::Vacant(line) => {
                    line.insert(language);
                    true
                }
                Entry::Occupied(line) => *line.get() != language && self.others.insert(hash ^ mix),
            };
            added += u64::from(new);
        }
        *self.counts.entry(language).or_insert(0) += added;
    }
}

/// What [`UniqueLines`] found, once the run's files are all read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Uloc {
    /// Distinct lines over all counted files, whatever their language.
    pub total: u64,
    /// Distinct lines among each language's files.
    pub languages: BTreeMap<LangId, u64>,
}

impl Uloc {
    /// scc's DRYness: the share of `lines` (the run's total lines) that are unique; 0 without lines.
    pub fn dryness(&self, lines: u64) -> f64 {
        match lines {
            0 => 0.0,
            n => self.total as f64 / n as f64,
        }
    }
}

impl Default for UniqueLines {
    fn default() -> Self {
        UniqueLines { shards: (0..SHARDS).map(|_| Mutex::default()).collect() }
    }
}

impl UniqueLines {
    /// Adds a counted file's lines, as scc splits them: the text without its trailing newlines,
    /// cut at each `\n`. A line keeps its other bytes (a `\r`, leading blanks), and an empty file
    /// is one empty line. Returns the file's own distinct lines (scc's per-file `Uloc`).
    pub fn add(&self, language: LangId, text: &[u8]) -> u64 {
        let end = text.iter().rposition(|&b| b != b'\n').map_or(0, |last| last + 1);
        let hasher = FixedState::default();
        let mut hashes: Vec<u64> =
            text[..end].split(|&b| b == b'\n').map(|line| hasher.hash_one(line)).collect();
        // Sorted whole, so by shard too (a hash's top bits); a line the file repeats goes in once.
        hashes.sort_unstable();
        hashes.dedup();
        for run in hashes.chunk_by(|&a, &b| shard(a) == shard(b)) {
            lock(&self.shards[shard(run[0])]).add(language, run);
        }
        hashes.len() as u64
    }

    /// The counts, once every worker has added its files.
    pub fn totals(&self) -> Uloc {
        let total = self.shards.iter().map(|shard| lock(shard).first.len() as u64).sum();
        let mut languages = BTreeMap::new();
        for shard in &self.shards {
            for (&language, &n) in &lock(shard).counts {
                *languages.entry(language).or_insert(0) += n;
            }
        }
        Uloc { total, languages }
    }
}

/// What a line's hash is mixed with to be told apart from the same line in another language: a
/// multiple of the golden ratio's word by the language. Two (language, line) pairs share a word as
/// often as two lines share a hash.
fn in_language(language: LangId) -> u64 {
    (u64::from(language.0) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The shard a line's hash lives in: its top bits, which foldhash mixes as well as the rest.
fn shard(hash: u64) -> usize {
    (hash >> (64 - SHARDS.trailing_zeros())) as usize
}

/// A shard's set; one a panicking worker left locked is still whole (an insert does not panic
/// half done), so its lines are kept.
fn lock<T>(shard: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    shard.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_counted_as_scc_splits_them() {
        let (c, py) = (LangId(1), LangId(2));
        let lines = UniqueLines::default();
        lines.add(c, b"int a;\n  int a;\n\n\n// c\nint b;\n");
        lines.add(c, b"int a;\nint c;\n// c\n\n");
        lines.add(py, b"x = 1\nint a;\n");
        let uloc = lines.totals();
        assert_eq!(uloc.total, 7);
        assert_eq!(uloc.languages, BTreeMap::from([(c, 6), (py, 2)]));
        assert_eq!(format!("{:.2}", uloc.dryness(12)), "0.58");
    }

    /// A file's own figure counts a line it repeats once, whatever other files hold; the same
    /// line in two languages is one line of the run and one of each language.
    #[test]
    fn a_file_gives_its_own_distinct_lines() {
        let (c, py) = (LangId(1), LangId(2));
        let lines = UniqueLines::default();
        assert_eq!(lines.add(c, b"x\ny\nx\n\n\ny\n"), 3);
        assert_eq!(lines.add(c, b"x\nz\n"), 2);
        assert_eq!(lines.add(py, b"x\nx\n"), 1);
        assert_eq!(lines.add(py, b""), 1);
        let uloc = lines.totals();
        assert_eq!(uloc.total, 4);
        assert_eq!(uloc.languages, BTreeMap::from([(c, 4), (py, 2)]));
    }

    #[test]
    fn trailing_newlines_go_and_carriage_returns_stay() {
        let count = |texts: &[&[u8]]| {
            let lines = UniqueLines::default();
            texts.iter().for_each(|t| {
                lines.add(LangId(1), t);
            });
            lines.totals().total
        };
        // Each figure is scc 4.1's for these files.
        assert_eq!(count(&[b"x\n\n", b"y\n\n\n"]), 2);
        assert_eq!(count(&[b"\nx\n"]), 2);
        assert_eq!(count(&[b"x\n", b""]), 2);
        assert_eq!(count(&[b"int a;\r\nint b;\n", b"int a;\nint b;"]), 3);
        assert_eq!(count(&[b"x \n", b"x"]), 2);
        assert_eq!(count(&[b"\n\n"]), 1);
        assert_eq!(count(&[]), 0);
    }
}
