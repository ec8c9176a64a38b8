//! Paths cleaned as Go cleans them, for the formats of tools written in Go (scc), whose paths are
//! made by `filepath.Join` and so come out cleaned whatever root they were given.

use std::borrow::Cow;

/// `path` as Go's `filepath.Clean` leaves it: no `.` names, no doubled `/`, each `..` cancelling
/// the name before it, and `.` for nothing. A relative path stays relative: `.//src/a.py` is
/// `src/a.py`, not `/src/a.py`. Nearly every path is clean once a leading `./` is off, and is
/// returned as it is.
pub fn go_clean(path: &[u8]) -> Cow<'_, [u8]> {
    let rest = path.strip_prefix(b"./").filter(|rest| rest.first() != Some(&b'/')).unwrap_or(path);
    match is_clean(rest) {
        true => Cow::Borrowed(rest),
        false => Cow::Owned(cleaned(path)),
    }
}

/// Whether [`go_clean`] leaves `path` as it is.
fn is_clean(path: &[u8]) -> bool {
    if path == b"/" || path == b"." {
        return true;
    }
    let rooted = path.first() == Some(&b'/');
    let mut named = false;
    path[usize::from(rooted)..].split(|&b| b == b'/').all(|name| match name {
        b"" | b"." => false,
        b".." => !rooted && !named,
        _ => {
            named = true;
            true
        }
    })
}

/// [`go_clean`] of a path that is not clean, name by name.
fn cleaned(path: &[u8]) -> Vec<u8> {
    let rooted = path.first() == Some(&b'/');
    let mut names: Vec<&[u8]> = Vec::new();
    for name in path.split(|&b| b == b'/') {
        match name {
            b"" | b"." => {}
            b".." if names.last().is_some_and(|&last| last != b"..") => {
                names.pop();
            }
            // Above the root is the root.
            b".." if rooted => {}
            _ => names.push(name),
        }
    }
    let mut out = if rooted { b"/".to_vec() } else { Vec::new() };
    out.extend_from_slice(&names.join(&b'/'));
    if out.is_empty() {
        out.push(b'.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Go's own table for `filepath.Clean` (path/filepath's tests), and the roots scc was seen
    /// to clean.
    const CLEANED: &[(&str, &str)] = &[
        ("", "."),
        ("abc", "abc"),
        ("abc/def", "abc/def"),
        (".", "."),
        ("..", ".."),
        ("../..", "../.."),
        ("../../abc", "../../abc"),
        ("/abc", "/abc"),
        ("/", "/"),
        ("abc/", "abc"),
        ("./", "."),
        ("../", ".."),
        ("/abc/", "/abc"),
        ("abc//def//ghi", "abc/def/ghi"),
        ("//abc", "/abc"),
        ("///abc", "/abc"),
        ("//abc//", "/abc"),
        ("abc/./def", "abc/def"),
        ("/./abc/def", "/abc/def"),
        ("abc/.", "abc"),
        ("abc/def/ghi/../jkl", "abc/def/jkl"),
        ("abc/def/../ghi/../jkl", "abc/jkl"),
        ("abc/def/../..", "."),
        ("/abc/def/../..", "/"),
        ("abc/def/../../..", ".."),
        ("/abc/def/../../..", "/"),
        ("abc/def/../../../ghi/jkl/../../../mno", "../../mno"),
        ("/../abc", "/abc"),
        ("abc/./../def", "def"),
        ("abc//./../def", "def"),
        ("abc/../../././../def", "../../def"),
        ("./src/a.py", "src/a.py"),
        (".//src/a.py", "src/a.py"),
        (".///src/a.py", "src/a.py"),
        ("././src/a.py", "src/a.py"),
        ("././/src/a.py", "src/a.py"),
        ("src//a.py", "src/a.py"),
        ("./src//d/b.py", "src/d/b.py"),
        ("src/d/../a.py", "src/a.py"),
        ("../r/src/a.py", "../r/src/a.py"),
        ("//tmp/r/a.py", "/tmp/r/a.py"),
    ];

    #[test]
    fn paths_are_cleaned_as_go_cleans_them() {
        for &(path, clean) in CLEANED {
            assert_eq!(go_clean(path.as_bytes()), clean.as_bytes(), "{path:?}");
        }
    }

    #[test]
    fn clean_paths_are_borrowed() {
        for path in ["./src/a.py", "src/a.py", "/abs/a.py", "../a.py"] {
            assert!(matches!(go_clean(path.as_bytes()), Cow::Borrowed(_)), "{path:?}");
        }
    }
}
