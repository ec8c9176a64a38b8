//! The notes a count of a revision gives of what it leaves out: ignore files that are symlinks
//! (not applied), submodules (not followed) and Git LFS pointers (not counted). `--rev`, `diff`
//! and `history` give the same lines.

use std::path::PathBuf;

use crate::walk::ignore::link_note;

/// The notes, in that order: a line per ignore file, and a line per kind for the others.
pub(super) fn left_out_notes(
    links: &[PathBuf],
    submodules: Vec<PathBuf>,
    pointers: Vec<PathBuf>,
) -> Vec<String> {
    let mut lines: Vec<String> = links.iter().map(|path| link_note(path)).collect();
    lines.extend(notes(submodules, "submodule", "not followed"));
    lines.extend(notes(pointers, "Git LFS pointer", "not counted"));
    lines
}

/// One line for a kind of entry reported apart: how many, and the first few paths in path order
/// (a listing gives them last directory first, and the first few would be any few).
fn notes(mut paths: Vec<PathBuf>, what: &str, done: &str) -> Option<String> {
    const SHOWN: usize = 5;
    if paths.is_empty() {
        return None;
    }
    paths.sort_unstable();
    let mut shown: Vec<String> = paths.iter().take(SHOWN).map(|p| p.display().to_string()).collect();
    if paths.len() > SHOWN {
        shown.push(format!("and {} more", paths.len() - SHOWN));
    }
    let s = if paths.len() == 1 { "" } else { "s" };
    Some(format!("{} {what}{s} {done}: {}", paths.len(), shown.join(", ")))
}
