//! `--files-from`: a list of paths, newline- or NUL-separated, kept byte-exact.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use ringloc::output::paths::for_people;

/// The longest path the kernel opens (`PATH_MAX`, with its NUL): an entry longer than that is
/// no path a list holds.
const PATH_MAX: usize = 4096;

/// Reads the list at `list` (`-`: stdin). It is read entry by entry and refused at the first
/// entry no list of paths holds, rather than read whole: `/dev/zero` or `/dev/urandom` given by
/// mistake would fill memory and never end. Such an entry is a NUL in a newline-separated list
/// (no path holds one), an empty entry between two NULs (`find -print0` and `git ls-files -z`
/// write none), or one longer than `PATH_MAX`. Blank lines of a newline-separated list are
/// skipped, and a `\r` before its newline dropped.
pub fn read_list(list: &Path, nul: bool) -> Result<Vec<PathBuf>, String> {
    let opened = |e: io::Error| format!("--files-from {}: {e}", for_people(list));
    let source: Box<dyn Read> = match list == Path::new("-") {
        true => Box::new(io::stdin().lock()),
        false => Box::new(File::open(list).map_err(opened)?),
    };
    let mut reader = BufReader::new(source);
    let sep = if nul { b'\0' } else { b'\n' };
    let mut paths = Vec::new();
    let mut entry = Vec::new();
    for number in 1u64.. {
        entry.clear();
        let limit = (PATH_MAX + 2) as u64;
        if (&mut reader).take(limit).read_until(sep, &mut entry).map_err(opened)? == 0 {
            break;
        }
        let ended = entry.last() == Some(&sep);
        if ended {
            entry.pop();
        }
        if !nul && entry.last() == Some(&b'\r') {
            entry.pop();
        }
        let bad = |why: &str| format!("--files-from {}: entry {number} {why}", for_people(list));
        if !nul && entry.contains(&0) {
            return Err(bad("holds a NUL byte, which no path does (a NUL-separated list needs -0)"));
        }
        if entry.len() >= PATH_MAX {
            return Err(bad(&format!(
                "is longer than a path can be ({PATH_MAX} bytes): not a list of paths"
            )));
        }
        match entry.is_empty() {
            true if nul && ended => return Err(bad("is empty: two NULs in a row are no list of paths")),
            true => {}
            false => paths.push(PathBuf::from(OsStr::from_bytes(&entry))),
        }
    }
    Ok(paths)
}
