//! Myers' diff on line ids: the `similar` crate's linear-space Myers (divide at the middle snake,
//! common prefix and suffix first) step for step, so it calls the hooks with the runs `similar`
//! finds, but on `u32` slices, snakes followed by slice iterators and the diagonals in plain
//! vectors: `similar`'s generic one was 75% of `ringloc diff release-1 release-2`'s cycles. Its
//! twin is `similar` itself (`line_diff`'s tests diff the lines through it). Where `similar` stops
//! at a deadline, this stops after a budget of diagonal steps: a bound on work, not on time, so a
//! loaded or slow machine gives the same numbers as a fast one.

use similar::algorithms::{Capture, Compact, DiffHook, Replace};
use similar::DiffOp;

/// The furthest x reached on each diagonal `k`, at `k + offset`.
struct Diagonals {
    offset: isize,
    x: Vec<usize>,
}

impl Diagonals {
    fn new(max_d: usize) -> Diagonals {
        Diagonals { offset: max_d as isize, x: vec![0; 2 * max_d] }
    }

    fn at(&self, k: isize) -> usize {
        self.x[(k + self.offset) as usize]
    }

    fn set(&mut self, k: isize, x: usize) {
        self.x[(k + self.offset) as usize] = x;
    }
}

fn max_d(n: usize, m: usize) -> usize {
    (n + m).div_ceil(2) + 1
}

/// How many items `a` and `b` share at their starts.
fn prefix(a: &[u32], b: &[u32]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// How many items `a` and `b` share at their ends.
fn suffix(a: &[u32], b: &[u32]) -> usize {
    a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count()
}

/// The runs from `old` to `new`, as `similar::capture_diff_slices` with Myers gives them while
/// `budget` diagonal steps last; past it, each part still open is matched coarsely (all of it
/// deleted, then all of it inserted), as `similar` does past its deadline.
pub fn diff(old: &[u32], new: &[u32], mut budget: u64) -> Vec<DiffOp> {
    let mut hook = Compact::new(Replace::new(Capture::new()), old, new);
    let max = max_d(old.len(), new.len());
    let mut v = (Diagonals::new(max), Diagonals::new(max));
    conquer(&mut hook, (old, 0..old.len()), (new, 0..new.len()), &mut v, &mut budget);
    hook.finish().expect("capturing runs cannot fail");
    hook.into_inner().into_inner().into_ops()
}

type Side<'a> = (&'a [u32], std::ops::Range<usize>);

fn conquer(
    hook: &mut impl DiffHook<Error = std::convert::Infallible>,
    (old, mut o): Side,
    (new, mut n): Side,
    v: &mut (Diagonals, Diagonals),
    budget: &mut u64,
) {
    let head = prefix(&old[o.clone()], &new[n.clone()]);
    if head > 0 {
        let _ = hook.equal(o.start, n.start, head);
    }
    (o.start, n.start) = (o.start + head, n.start + head);
    let tail = suffix(&old[o.clone()], &new[n.clone()]);
    let tail_at = (o.end - tail, n.end - tail);
    (o.end, n.end) = (o.end - tail, n.end - tail);
    if o.is_empty() && n.is_empty() {
    } else if n.is_empty() {
        let _ = hook.delete(o.start, o.len(), n.start);
    } else if o.is_empty() {
        let _ = hook.insert(o.start, n.start, n.len());
    } else if let Some((x, y)) = middle_snake(&old[o.clone()], &new[n.clone()], v, budget) {
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

/// Where the middle snake of `old` and `new` starts, relative to them; `None` once `budget` is spent.
fn middle_snake(
    old: &[u32],
    new: &[u32],
    (vf, vb): &mut (Diagonals, Diagonals),
    budget: &mut u64,
) -> Option<(usize, usize)> {
    let (n, m) = (old.len(), new.len());
    let delta = n as isize - m as isize;
    let odd = delta & 1 == 1;
    vf.set(1, 0);
    vb.set(1, 0);
    for d in 0..max_d(n, m) as isize {
        let steps = 2 * (d as u64 + 1);
        if *budget < steps {
            *budget = 0;
            break;
        }
        *budget -= steps;
        for k in (-d..=d).rev().step_by(2) {
            let mut x = if k == -d || (k != d && vf.at(k - 1) < vf.at(k + 1)) {
                vf.at(k + 1)
            } else {
                vf.at(k - 1) + 1
            };
            let y = (x as isize - k) as usize;
            let (x0, y0) = (x, y);
            if x < n && y < m {
                x += prefix(&old[x..], &new[y..]);
            }
            vf.set(k, x);
            if odd && (k - delta).abs() < d && x + vb.at(-(k - delta)) >= n {
                return Some((x0, y0));
            }
        }
        for k in (-d..=d).rev().step_by(2) {
            let mut x = if k == -d || (k != d && vb.at(k - 1) < vb.at(k + 1)) {
                vb.at(k + 1)
            } else {
                vb.at(k - 1) + 1
            };
            let mut y = (x as isize - k) as usize;
            if x < n && y < m {
                let advance = suffix(&old[..n - x], &new[..m - y]);
                (x, y) = (x + advance, y + advance);
            }
            vb.set(k, x);
            if !odd && (k - delta).abs() <= d && x + vf.at(-(k - delta)) >= n {
                return Some((n - x, m - y));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::test_random::xorshift;
    use similar::Algorithm;

    use super::*;

    /// Sequences over a small alphabet, so that they share runs, of every length up to 60.
    #[test]
    fn runs_are_similars_runs() {
        let mut rng = 0x9E37_79B9_7F4A_7C15_u64;
        let mut draw = |below: u64| {
            xorshift(&mut rng);
            (rng % below) as u32
        };
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
