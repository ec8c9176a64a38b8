//! The tests' pseudo-random numbers: xorshift64 from a fixed seed, so that a fuzz test draws the
//! same inputs on every run and every machine, and a failure can be replayed.

/// The next number after `x` (which becomes it).
pub(crate) fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// A number under `n`, from the next number after `x`.
pub(crate) fn below(x: &mut u64, n: u64) -> u64 {
    xorshift(x) % n
}

/// A byte of `alphabet`, chosen by the next number after `x`.
pub(crate) fn pick(x: &mut u64, alphabet: &[u8]) -> u8 {
    alphabet[below(x, alphabet.len() as u64) as usize]
}
