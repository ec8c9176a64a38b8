//! One changed file's lines matched and tallied (`cloc --diff` semantics). Whole lines are matched
//! with a Myers diff ([`super::myers`]: `similar`'s algorithm with a work bound; line endings
//! ignored) on line ids: each distinct line gets a number, so the diff compares numbers, not bytes.
//! A line in an equal run is unchanged; in a run replaced by another, lines pair up in order as
//! modified (counted in the new line's bucket) and the longer side's surplus is added or removed;
//! lines only inserted or only deleted are added or removed.
//!
//! The buckets come from the fast counter, which counts each side in stretches cut where its runs
//! meet ([`count_stretches`]): a run's lines are tallied together, so no line needs a verdict of
//! its own. The twin, [`diff_lines_twin`], matches the lines themselves and asks the byte-by-byte
//! twin for each line's bucket ([`explain_with`]); it is the fast path's test oracle, and its
//! fallback for a side the counter could not cut.

use std::collections::HashMap;

use similar::DiffOp;

use crate::count::{count_stretches, explain_with, Counts, Options};
use crate::lang::LangId;
use crate::report::{LineMoves, Moves};

/// Diagonal steps one file's Myers diff may take before it settles for a coarser match rather than
/// run for minutes on a huge rewritten file (a few seconds: 6 s for 200,000 lines rewritten at
/// random, on a busy 2-core machine): a bound on work, where it was a 5 s deadline, so that the
/// numbers do not depend on the machine's speed or load. No file of
/// `benches/git-repo.sh`'s release range comes near it.
const DIFF_BUDGET: u64 = 1 << 30;

/// What happened to a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Move {
    Unchanged,
    Modified,
    Added,
    Removed,
}

impl Move {
    fn of(self, moves: &mut Moves) -> &mut u64 {
        match self {
            Move::Unchanged => &mut moves.unchanged,
            Move::Modified => &mut moves.modified,
            Move::Added => &mut moves.added,
            Move::Removed => &mut moves.removed,
        }
    }
}

/// A side's lines in runs, in order: each run's end (a line index) and what its lines did (`None`:
/// they are tallied on the other side).
type Runs = Vec<(usize, Option<Move>)>;

/// How both sides are read.
type Reading = (LangId, Options);

/// Lines as the counter counts them (the last one may lack its `\n`), without their line ending.
fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\n").unwrap_or(l))
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect()
}

/// Where each of [`lines`] starts.
fn line_starts(bytes: &[u8]) -> Vec<usize> {
    let after_newlines = memchr::memchr_iter(b'\n', bytes).map(|p| p + 1).filter(|&p| p < bytes.len());
    (!bytes.is_empty()).then_some(0).into_iter().chain(after_newlines).collect()
}

/// The Myers diff of `old` and `new` on line ids ([`super::myers`]: the runs `similar` finds on the
/// lines themselves).
fn matched(old: &[&[u8]], new: &[&[u8]]) -> Vec<DiffOp> {
    let mut ids: HashMap<&[u8], u32, foldhash::fast::RandomState> = HashMap::default();
    let (old_ids, new_ids) = (numbered(old, &mut ids), numbered(new, &mut ids));
    super::myers::diff(&old_ids, &new_ids, DIFF_BUDGET)
}

/// Each line's id: the number of distinct lines met before its first occurrence.
fn numbered<'a>(
    lines: &[&'a [u8]],
    ids: &mut HashMap<&'a [u8], u32, foldhash::fast::RandomState>,
) -> Vec<u32> {
    let mut number = |line: &'a [u8]| {
        let next = ids.len() as u32;
        *ids.entry(line).or_insert(next)
    };
    lines.iter().map(|&line| number(line)).collect()
}

/// Each side's runs, in line order, empty ones left out and neighbours that moved alike joined.
fn runs(ops: &[DiffOp]) -> (Runs, Runs) {
    let (mut old, mut new) = (Runs::new(), Runs::new());
    for op in ops {
        match *op {
            DiffOp::Equal { old_index, new_index, len } => {
                old.push((old_index + len, None));
                new.push((new_index + len, Some(Move::Unchanged)));
            }
            DiffOp::Delete { old_index, old_len, .. } => old.push((old_index + old_len, Some(Move::Removed))),
            DiffOp::Insert { new_index, new_len, .. } => new.push((new_index + new_len, Some(Move::Added))),
            DiffOp::Replace { old_index, old_len, new_index, new_len } => {
                let paired = old_len.min(new_len);
                old.extend([(old_index + paired, None), (old_index + old_len, Some(Move::Removed))]);
                new.extend([
                    (new_index + paired, Some(Move::Modified)),
                    (new_index + new_len, Some(Move::Added)),
                ]);
            }
        }
    }
    (joined(old), joined(new))
}

fn joined(runs: Runs) -> Runs {
    let mut out: Runs = Vec::with_capacity(runs.len());
    for (end, moved) in runs {
        match out.last_mut() {
            Some(last) if last.0 == end => {}
            Some(last) if last.1 == moved => last.0 = end,
            _ if end == 0 => {}
            _ => out.push((end, moved)),
        }
    }
    out
}

/// Adds the lines of `counts` to `moves`, each in its bucket, as `moved`.
fn add(moves: &mut LineMoves, moved: Move, counts: Counts) {
    *moved.of(&mut moves.code) += counts.code;
    *moved.of(&mut moves.comments) += counts.comments;
    *moved.of(&mut moves.blanks) += counts.blanks;
}

/// Tallies one side's runs from the fast counter's stretches; `None` where it could not cut them.
fn tally_fast(reading: Reading, bytes: &[u8], runs: &Runs) -> Option<LineMoves> {
    let mut moves = LineMoves::default();
    if runs.iter().all(|(_, moved)| moved.is_none()) {
        return Some(moves);
    }
    let starts = line_starts(bytes);
    let cuts: Vec<usize> = runs[..runs.len() - 1].iter().map(|&(end, _)| starts[end]).collect();
    let stretches = count_stretches(reading.0, reading.1, bytes, &cuts)?;
    for (&(_, moved), counts) in runs.iter().zip(stretches) {
        if let Some(moved) = moved {
            add(&mut moves, moved, counts);
        }
    }
    Some(moves)
}

/// Tallies one side's runs line by line, each line's bucket from the byte-by-byte twin.
fn tally_twin(reading: Reading, bytes: &[u8], runs: &Runs) -> LineMoves {
    let mut moves = LineMoves::default();
    if runs.iter().all(|(_, moved)| moved.is_none()) {
        return moves;
    }
    let explained = explain_with(reading.0, reading.1, bytes);
    let mut start = 0;
    for &(end, moved) in runs {
        for line in explained.iter().take(end).skip(start) {
            if let Some(moved) = moved {
                *moved.of(moves.bucket(line.bucket)) += 1;
            }
        }
        start = end;
    }
    moves
}

/// Matches the lines of `old` and `new` (both read as `language`) and tallies them.
pub fn diff_lines(language: LangId, options: Options, old: &[u8], new: &[u8]) -> LineMoves {
    let (old_lines, new_lines) = (lines(old), lines(new));
    let (old_runs, new_runs) = runs(&matched(&old_lines, &new_lines));
    let reading = (language, options);
    let mut moves = LineMoves::default();
    for (bytes, runs) in [(old, &old_runs), (new, &new_runs)] {
        moves += tally_fast(reading, bytes, runs).unwrap_or_else(|| tally_twin(reading, bytes, runs));
    }
    moves
}

/// [`diff_lines`]'s twin: the lines themselves diffed, each line's bucket from the twin.
#[cfg(test)]
pub fn diff_lines_twin(language: LangId, options: Options, old: &[u8], new: &[u8]) -> LineMoves {
    let (old_lines, new_lines) = (lines(old), lines(new));
    let ops = similar::capture_diff_slices(similar::Algorithm::Myers, &old_lines, &new_lines);
    let (old_runs, new_runs) = runs(&ops);
    let reading = (language, options);
    let mut moves = tally_twin(reading, old, &old_runs);
    moves += tally_twin(reading, new, &new_runs);
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_random::below;

    fn c() -> LangId {
        LangId::from_name("C").unwrap()
    }

    #[test]
    fn lines_are_matched_and_tallied_in_their_buckets() {
        let old = b"int a;\n// note\n\nint b;\nint c;\n";
        let new = b"int a;\n// note changed\n\nint b;\nint d;\nint e;\n/* new */\n";
        let m = diff_lines(c(), Options::default(), old, new);
        assert_eq!(m.code, Moves { added: 1, removed: 0, modified: 1, unchanged: 2 });
        assert_eq!(m.comments, Moves { added: 1, removed: 0, modified: 1, unchanged: 0 });
        assert_eq!(m.blanks, Moves { unchanged: 1, ..Moves::default() });
    }

    #[test]
    fn every_line_is_accounted_for_on_both_sides() {
        let old = "x = 1;\n".repeat(50) + "/* c */\n\n" + &"y();\n".repeat(20);
        let new = "/* c */\n".to_string() + &"x = 1;\n".repeat(30) + "\n\nz();\n" + &"y();\n".repeat(25);
        let m = diff_lines(c(), Options::default(), old.as_bytes(), new.as_bytes());
        let sum = |f: fn(&Moves) -> u64| f(&m.code) + f(&m.comments) + f(&m.blanks);
        let old_lines = old.lines().count() as u64;
        let new_lines = new.lines().count() as u64;
        assert_eq!(sum(|m| m.unchanged + m.modified + m.removed), old_lines);
        assert_eq!(sum(|m| m.unchanged + m.modified + m.added), new_lines);
    }

    /// `lines` lines drawn from `pool` (xorshift on `rng`), so that two sources share runs.
    fn source(rng: &mut u64, lines: usize, pool: &[&str]) -> String {
        let mut draw = || pool[below(rng, pool.len() as u64) as usize];
        (0..lines).map(|_| draw()).collect()
    }

    /// Spans that open on one line and close lines later, so a line's bucket depends on the runs
    /// before it; Python's doc strings, and HTML's regions of other languages.
    const POOLS: [(&str, &[&str]); 3] = [
        (
            "C",
            &[
                "int a;\n",
                "/* open\n",
                "still */ x;\n",
                "\n",
                "// c\n",
                "s = \"/*\";\n",
                "  \t\r\n",
                "\u{feff}",
            ],
        ),
        ("Python", &["x = 1\n", "\"\"\"\n", "doc\n", "# c\n", "\n", "def f():\n", "'''\n", "  y\n"]),
        (
            "HTML",
            &["<p>\n", "<script>\n", "var a; // c\n", "</script>\n", "<!-- x\n", "-->\n", "\n", "<style>\n"],
        ),
    ];

    #[test]
    fn the_fast_tally_equals_the_twin() {
        let mut rng = 0x2545_F491_4F6C_DD1D_u64;
        let mut cut = 0;
        for (name, pool) in POOLS {
            let language = LangId::from_name(name).unwrap();
            for round in 0..300 {
                let old = source(&mut rng, round % 40, pool).into_bytes();
                let mut new = [&old[..old.len() / 2], source(&mut rng, round % 23, pool).as_bytes()].concat();
                if round % 3 == 0 {
                    new.pop();
                }
                let (old, new) = (&old[..], &new[..]);
                let twin = diff_lines_twin(language, Options::default(), old, new);
                assert_eq!(
                    diff_lines(language, Options::default(), old, new),
                    twin,
                    "{name}: {old:?} -> {new:?}"
                );
                let (ol, nl) = (lines(old), lines(new));
                let (old_runs, new_runs) = runs(&matched(&ol, &nl));
                let reading = (language, Options::default());
                cut += usize::from(tally_fast(reading, old, &old_runs).is_some() && old_runs.len() > 1);
                cut += usize::from(tally_fast(reading, new, &new_runs).is_some() && new_runs.len() > 1);
            }
        }
        assert!(cut > 1000, "the fast tally cut only {cut} sides: the twin did the rest");
    }
}
