//! Paths in `Path`'s own order (component by component), decided from bytes where that is
//! exact. Reports sort tens of thousands of paths that share long prefixes; `Path::cmp` parses
//! components from the last `/` before the first difference on every comparison (~800
//! instructions for a kernel path), while two components that are plain names compare as bytes.

use std::cmp::Ordering;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// `a.cmp(b)`, the same answer for every pair of paths: bytes up to the first difference, then the
/// two bytes there when neither is `/` or `.`, else the two components that differ there, compared as bytes when both are plain names (not empty, `.`
/// or `..`, whose order `Path` decides otherwise); anything else is left to `Path::cmp`.
pub fn path_order(a: &Path, b: &Path) -> Ordering {
    let (x, y) = (a.as_os_str().as_bytes(), b.as_os_str().as_bytes());
    let Some(at) = first_difference(x, y) else { return a.cmp(b) };
    // Neither byte ends a component nor can make it `.` or `..`: the two components are plain
    // names that share their bytes up to here, so these bytes decide (paths in order, as a sorted
    // report's neighbours are, mostly differ so).
    let (p, q) = (x[at], y[at]);
    if !matches!(p, b'/' | b'.') && !matches!(q, b'/' | b'.') {
        return p.cmp(&q);
    }
    let start = memchr::memrchr(b'/', &x[..at]).map_or(0, |slash| slash + 1);
    let (p, q) = (component(x, start), component(y, start));
    if plain(p) && plain(q) {
        p.cmp(q)
    } else {
        a.cmp(b)
    }
}

/// Where `x` and `y` first differ, if neither is a prefix of the other: 8 bytes a step, then one.
fn first_difference(x: &[u8], y: &[u8]) -> Option<usize> {
    let n = x.len().min(y.len());
    let mut at = 0;
    while at + 8 <= n {
        let word = |s: &[u8]| u64::from_le_bytes(s[at..at + 8].try_into().expect("8 bytes"));
        let differ = word(x) ^ word(y);
        if differ != 0 {
            return Some(at + differ.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    (at..n).find(|&i| x[i] != y[i])
}

/// The component of `path` that starts at `start`: up to the next `/` or the end.
fn component(path: &[u8], start: usize) -> &[u8] {
    let rest = &path[start..];
    // Components are short: a byte loop beats memchr's setup here.
    rest.iter().position(|&c| c == b'/').map_or(rest, |end| &rest[..end])
}

fn plain(component: &[u8]) -> bool {
    !matches!(component, b"" | b"." | b"..")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    /// Every path of up to `len` bytes over `alphabet`.
    fn all_paths(alphabet: &[u8], len: usize) -> Vec<Vec<u8>> {
        let mut paths = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..len {
            last = last.iter().flat_map(|p| alphabet.iter().map(move |&c| [&p[..], &[c]].concat())).collect();
            paths.extend(last.iter().cloned());
        }
        paths
    }

    fn agree(x: &[u8], y: &[u8]) {
        let (a, b) = (Path::new(OsStr::from_bytes(x)), Path::new(OsStr::from_bytes(y)));
        assert_eq!(path_order(a, b), a.cmp(b), "{a:?} against {b:?}");
    }

    #[test]
    fn agrees_with_path_on_every_short_path() {
        let paths = all_paths(b"a.-/", 5);
        for x in &paths {
            for y in &paths {
                agree(x, y);
            }
        }
    }

    #[test]
    fn agrees_with_path_past_a_long_shared_prefix() {
        let prefix = b"/usr/src/linux-6.1/drivers/net/ethernet/";
        let tails = all_paths(b"a./-", 4);
        for x in &tails {
            for y in &tails {
                agree(&[&prefix[..], x].concat(), &[&prefix[..], y].concat());
                agree(&[&prefix[..8], x].concat(), &[&prefix[..], y].concat());
            }
        }
    }

    #[test]
    fn the_first_difference_is_found_in_either_half_of_a_word() {
        for at in 0..20 {
            let x = vec![b'a'; 20];
            let mut y = x.clone();
            y[at] = b'b';
            assert_eq!(first_difference(&x, &y), Some(at));
        }
        assert_eq!(first_difference(b"abcdefghij", b"abcdefghijk"), None);
    }
}
