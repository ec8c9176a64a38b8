//! Myers' diff on line ids: the `similar` crate's linear-space Myers (divide at the middle snake,
//! common prefix and suffix first) step for step, so it calls the hooks with the runs `similar`
//! finds, but on `u32` slices: `similar`'s generic one was 75% of `ringloc diff release-1
//! release-2`'s cycles. A search round is three passes over plain arrays rather than one branchy
//! loop per diagonal: the starts, which vectorize (the diagonals kept apart by parity, so a round
//! reads one array and writes another); the snakes, the backward ones over reversed copies so that
//! both walk forward through memory; and the meeting test, a chunk of diagonals at a time. Its twin
//! is `similar` itself (the tests below, and `line_diff`'s, diff the lines through it). Where
//! `similar` stops at a deadline, this stops after a budget of diagonal steps: a bound on work, not
//! on time, so a loaded or slow machine gives the same numbers as a fast one.

use similar::algorithms::{Capture, Compact, DiffHook, Replace};
use similar::DiffOp;
use std::ops::Range;

/// The furthest x reached on each diagonal `k`, kept apart by the diagonal's parity: a round `d`
/// reaches the diagonals of `d`'s parity from those of the other, so each round reads one
/// contiguous array and writes another. Diagonal `k` sits at `(k + base) / 2` in its parity's.
struct Diagonals {
    base: isize,
    by_parity: [Vec<Reach>; 2],
}

impl Diagonals {
    fn new(max_d: usize) -> Diagonals {
        let base = (max_d as isize + 2) & !1;
        let len = (base as usize + max_d) / 2 + 2;
        Diagonals { base, by_parity: [vec![0; len], vec![0; len]] }
    }

    fn slot(&self, k: isize) -> usize {
        ((k + self.base) >> 1) as usize
    }

    fn at(&self, k: isize) -> usize {
        self.by_parity[(k & 1) as usize][self.slot(k)] as usize
    }

    /// Round 0's start: diagonal 1 at 0, as if reached before.
    fn start(&mut self) {
        let slot = self.slot(1);
        self.by_parity[1][slot] = 0;
    }

    /// Where round `d` started diagonal `-d + 2 * i`, before its snake: as [`Self::starts`] has it.
    fn start_of(&self, d: isize, i: usize) -> usize {
        let k = 2 * i as isize - d;
        if k == -d {
            self.at(k + 1)
        } else if k == d {
            self.at(k - 1) + 1
        } else {
            (self.at(k - 1) + 1).max(self.at(k + 1))
        }
    }

    /// The highest `i` in `from..=to` (and in `round`) where `round`'s diagonal `-d + 2 * i` meets
    /// this side's diagonal `top - 2 * i` (`top` is `delta + d`): their reaches add up to `n`.
    /// Pairs are tested a chunk at a time, without a branch each, and only a chunk that holds a
    /// meeting is searched.
    fn meeting(&self, round: &[Reach], (from, to): (isize, isize), top: isize, n: usize) -> Option<usize> {
        let (from, to) = (from.max(0) as usize, to.min(round.len() as isize - 1));
        let Ok(to) = usize::try_from(to) else { return None };
        if from > to {
            return None;
        }
        let mirror = ((top + self.base) >> 1) as usize;
        let ours = &round[from..=to];
        let theirs = &self.by_parity[(top & 1) as usize][mirror - to..=mirror - from];
        let (n, mut high) = (n as Reach, ours.len());
        for (mine, facing) in ours.rchunks(MEETING_CHUNK).zip(theirs.chunks(MEETING_CHUNK)) {
            let low = high - mine.len();
            let meets = |j: usize| mine[j] >= n - facing[mine.len() - 1 - j];
            let found = may_meet(mine, facing, n).then(|| (0..mine.len()).rev().find(|&j| meets(j)));
            if let Some(at) = found.flatten() {
                return Some(from + low + at);
            }
            high = low;
        }
        None
    }

    /// Round `d`'s starts, before any snake: diagonal `-d` from `d - 1`'s `-d + 1`, diagonal `d`
    /// one past `d - 1`'s `d - 1`, and each between from the better of its neighbours, which is
    /// `similar`'s branch (`left < right`: right, else left + 1) written as `max(left + 1, right)`.
    /// Returns round `d`'s reaches, diagonal `-d` first.
    fn starts(&mut self, d: isize) -> &mut [Reach] {
        let (low, left) = (self.slot(-d), self.slot(-d - 1));
        let [even, odd] = &mut self.by_parity;
        let (before, round) = if d & 1 == 0 { (&*odd, even) } else { (&*even, odd) };
        let round = &mut round[low..=low + d as usize];
        let before = &before[left..=left + d as usize + 1];
        if let [only] = round {
            *only = before[1];
            return round;
        }
        let last = round.len() - 1;
        round[0] = before[1];
        round[last] = before[last] + 1;
        let inner = round[1..last].iter_mut().zip(&before[1..last]).zip(&before[2..last + 1]);
        for ((x, &left), &right) in inner {
            *x = (left + 1).max(right);
        }
        round
    }
}

/// Whether a diagonal of `mine` may meet the one it faces in `facing` (`mine[j]` faces
/// `facing[len - 1 - j]`): tested exactly for a whole chunk, without a branch for each pair; a
/// shorter one, the last of a round, is left to the caller.
fn may_meet(mine: &[Reach], facing: &[Reach], n: Reach) -> bool {
    match (<&[Reach; MEETING_CHUNK]>::try_from(mine), <&[Reach; MEETING_CHUNK]>::try_from(facing)) {
        (Ok(mine), Ok(facing)) => {
            (0..MEETING_CHUNK).fold(false, |any, j| any | (mine[j] >= n - facing[MEETING_CHUNK - 1 - j]))
        }
        _ => true,
    }
}

/// How far a search has reached along a diagonal (its x): signed, so that the meeting test
/// compares without a wider sum, and 32 bits, so that a vector holds as many as it can.
type Reach = i32;

/// How many diagonals [`Diagonals::meeting`] tests between branches.
const MEETING_CHUNK: usize = 16;

fn max_d(n: usize, m: usize) -> usize {
    (n + m).div_ceil(2) + 1
}

/// The runs from `old` to `new`, as `similar::capture_diff_slices` with Myers gives them while
/// `budget` diagonal steps last; past it, each part still open is matched coarsely (all of it
/// deleted, then all of it inserted), as `similar` does past its deadline.
pub fn diff(old: &[u32], new: &[u32], mut budget: u64) -> Vec<DiffOp> {
    let mut hook = Compact::new(Replace::new(Capture::new()), old, new);
    let max = max_d(old.len(), new.len());
    let mut v = (Diagonals::new(max), Diagonals::new(max));
    let (old, new) = (BothWays::of(old), BothWays::of(new));
    conquer(&mut hook, (&old, 0..old.ahead.len()), (&new, 0..new.ahead.len()), &mut v, &mut budget);
    hook.finish().expect("capturing runs cannot fail");
    hook.into_inner().into_inner().into_ops()
}

/// A side's items and the same reversed, so that the backward search follows its snakes forward
/// through memory, as the forward search does.
struct BothWays<'a> {
    ahead: &'a [u32],
    back: Vec<u32>,
}

impl BothWays<'_> {
    fn of(items: &[u32]) -> BothWays<'_> {
        BothWays { ahead: items, back: items.iter().rev().copied().collect() }
    }

    /// Items `range`, ahead and reversed.
    fn part(&self, range: Range<usize>) -> Way<'_> {
        let len = self.ahead.len();
        (&self.ahead[range.clone()], &self.back[len - range.end..len - range.start])
    }
}

/// A part of a side, ahead and reversed.
type Way<'a> = (&'a [u32], &'a [u32]);

type Side<'a> = (&'a BothWays<'a>, Range<usize>);

fn conquer(
    hook: &mut impl DiffHook<Error = std::convert::Infallible>,
    (old, mut o): Side,
    (new, mut n): Side,
    v: &mut (Diagonals, Diagonals),
    budget: &mut u64,
) {
    // The common ends: snakes from the first items, then from the last (over the reversed copies).
    let head = snake_ahead(&old.ahead[o.clone()], &new.ahead[n.clone()], 0, 0);
    if head > 0 {
        let _ = hook.equal(o.start, n.start, head);
    }
    (o.start, n.start) = (o.start + head, n.start + head);
    let tail = snake_ahead(old.part(o.clone()).1, new.part(n.clone()).1, 0, 0);
    let tail_at = (o.end - tail, n.end - tail);
    (o.end, n.end) = (o.end - tail, n.end - tail);
    if o.is_empty() && n.is_empty() {
    } else if n.is_empty() {
        let _ = hook.delete(o.start, o.len(), n.start);
    } else if o.is_empty() {
        let _ = hook.insert(o.start, n.start, n.len());
    } else if let Some((x, y)) = middle_snake(old.part(o.clone()), new.part(n.clone()), v, budget) {
        let (x, y) = (o.start + x, n.start + y);
        conquer(hook, (old, o.start..x), (new, n.start..y), v, budget);
        conquer(hook, (old, x..o.end), (new, y..n.end), v, budget);
    } else {
        let _ = hook.delete(o.start, o.len(), n.start);
        let _ = hook.insert(o.start, n.start, n.len());
    }
    if tail > 0 {
        let _ = hook.equal(tail_at.0, tail_at.1, tail);
    }
}

/// Where a snake from `(x, y)` ends (its x): how far `old` and `new` agree from there. A loop of
/// its own: through `zip` and `take_while` on slices cut at `(x, y)`, `diff release-1 release-2`
/// took 1.29x as long.
fn snake_ahead(old: &[u32], new: &[u32], mut x: usize, mut y: usize) -> usize {
    while x < old.len() && y < new.len() && old[x] == new[y] {
        (x, y) = (x + 1, y + 1);
    }
    x
}

/// Where the middle snake of `old` and `new` starts, relative to them; `None` once `budget` is spent.
/// Sides too long for [`Reach`] count as spent: no file has two billion lines.
fn middle_snake(
    (old, old_back): Way,
    (new, new_back): Way,
    (vf, vb): &mut (Diagonals, Diagonals),
    budget: &mut u64,
) -> Option<(usize, usize)> {
    let (n, m) = (old.len(), new.len());
    if n + m >= Reach::MAX as usize {
        *budget = 0;
        return None;
    }
    let delta = n as isize - m as isize;
    let odd = delta & 1 == 1;
    vf.start();
    vb.start();
    for d in 0..max_d(n, m) as isize {
        let steps = 2 * (d as u64 + 1);
        if *budget < steps {
            *budget = 0;
            break;
        }
        *budget -= steps;
        let forward = vf.starts(d);
        for (i, x) in forward.iter_mut().enumerate() {
            let y = (*x as isize - (2 * i as isize - d)) as usize;
            *x = snake_ahead(old, new, *x as usize, y) as Reach;
        }
        if odd {
            // The diagonals the other side reached last round: k with |k - delta| < d.
            let strictly_inside = ((delta + 1).div_euclid(2), (delta + 2 * d - 1).div_euclid(2));
            if let Some(i) = vb.meeting(forward, strictly_inside, delta + d, n) {
                let (x, k) = (vf.start_of(d, i), 2 * i as isize - d);
                return Some((x, (x as isize - k) as usize));
            }
        }
        let backward = vb.starts(d);
        for (i, x) in backward.iter_mut().enumerate() {
            let y = (*x as isize - (2 * i as isize - d)) as usize;
            *x = snake_ahead(old_back, new_back, *x as usize, y) as Reach;
        }
        if !odd {
            // The diagonals the forward search reached this round: k with |k - delta| <= d.
            let inside = (delta.div_euclid(2), delta.div_euclid(2) + d);
            if let Some(i) = vf.meeting(backward, inside, delta + d, n) {
                let (x, k) = (backward[i] as usize, 2 * i as isize - d);
                return Some((n - x, m - (x as isize - k) as usize));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::test_random::below;
    use similar::Algorithm;

    use super::*;

    /// Sequences over a small alphabet, so that they share runs, of every length up to 60.
    #[test]
    fn runs_are_similars_runs() {
        let mut rng = 0x9E37_79B9_7F4A_7C15_u64;
        let mut draw = |n: u64| below(&mut rng, n) as u32;
        for round in 0..3000 {
            let alphabet = u64::from(draw(6) + 1);
            let (n, m) = (draw(60) as usize, draw(60) as usize);
            let old: Vec<u32> = (0..n).map(|_| draw(alphabet)).collect();
            let mut new: Vec<u32> = (0..m).map(|_| draw(alphabet)).collect();
            if round % 2 == 0 {
                new.splice(0..0, old[..n / 2].iter().copied());
            }
            let theirs = similar::capture_diff_slices(Algorithm::Myers, &old, &new);
            assert_eq!(diff(&old, &new, u64::MAX), theirs, "{old:?} -> {new:?}");
        }
    }

    /// Files as long as real ones, rewritten in part: lines common to many files (blank ones, a
    /// lone brace) among lines rarely repeated, then blocks of the old file kept, dropped or
    /// replaced, the sides up to a few thousand lines apart. Long searches meet on diagonals far
    /// from the middle, where the short sequences above never go.
    #[test]
    fn rewritten_files_are_similars_runs() {
        let mut rng = 0x2545_F491_4F6C_DD1D_u64;
        let mut draw = |n: u64| below(&mut rng, n) as u32;
        for round in 0..48 {
            let line =
                |draw: &mut dyn FnMut(u64) -> u32| if draw(10) < 3 { draw(4) } else { 4 + draw(20_000) };
            let old: Vec<u32> = (0..draw(3000)).map(|_| line(&mut draw)).collect();
            let mut new = Vec::new();
            for block in old.chunks(1 + round * 7) {
                match draw(4) {
                    0 => {}
                    1 => new.extend((0..block.len() + round).map(|_| line(&mut draw))),
                    _ => new.extend_from_slice(block),
                }
            }
            let theirs = similar::capture_diff_slices(Algorithm::Myers, &old, &new);
            assert_eq!(diff(&old, &new, u64::MAX), theirs, "round {round}");
            let theirs = similar::capture_diff_slices(Algorithm::Myers, &new, &old);
            assert_eq!(diff(&new, &old, u64::MAX), theirs, "round {round}, sides swapped");
        }
    }

    /// Past its budget a diff settles for the coarse match (the common ends still matched, the
    /// middle replaced whole), the same whatever the machine.
    #[test]
    fn a_spent_budget_matches_coarsely() {
        let old: Vec<u32> = (0..200).map(|i| i % 7).collect();
        let new: Vec<u32> = (0..200).map(|i| i % 5).collect();
        let coarse = vec![
            DiffOp::Equal { old_index: 0, new_index: 0, len: 5 },
            DiffOp::Replace { old_index: 5, old_len: 195, new_index: 5, new_len: 195 },
        ];
        assert_eq!(diff(&old, &new, 0), coarse);
        let full = diff(&old, &new, u64::MAX);
        assert!(full.len() > 2, "{full:?}");
        assert_eq!(full, similar::capture_diff_slices(Algorithm::Myers, &old, &new));
    }
}
