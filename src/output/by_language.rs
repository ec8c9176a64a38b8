//! A `--by-file` report's files grouped by language, for the formats that list files under their
//! language (tokei's and scc's).

use crate::report::{FileReport, View};

/// The files of each of the view's languages, in the view's order of languages: found by the
/// language's index, not its name (a map keyed by name compared strings a dozen times a file).
/// Files of a language the view leaves out (`--top`) are left out.
pub fn files_by_language<'v>(view: &View<'v>) -> Vec<Vec<&'v FileReport>> {
    let slots = view.languages.iter().map(|(l, _)| usize::from(l.0) + 1).max().unwrap_or(0);
    let mut slot = vec![None; slots];
    for (i, (l, _)) in view.languages.iter().enumerate() {
        slot[usize::from(l.0)] = Some(i);
    }
    let mut by_language = vec![Vec::new(); view.languages.len()];
    for f in view.files.iter().flatten().copied() {
        if let Some(&Some(i)) = slot.get(usize::from(f.counted.language.0)) {
            by_language[i].push(f);
        }
    }
    by_language
}
